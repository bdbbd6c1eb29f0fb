// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at https://www.boost.org/LICENSE_1_0.txt)

/// \file
/// Opening or reading a whole file, or standard input, as raw bytes. Shared
/// by the example programs; it has nothing to do with UTF-8.

#ifndef UTF8VIEW_EXAMPLE_READ_FILE_HPP
#define UTF8VIEW_EXAMPLE_READ_FILE_HPP

#include <cerrno>
#include <cstddef>
#include <cstdio>
#include <memory>
#include <string>
#include <system_error>

#ifdef _WIN32
#include <fcntl.h>
#include <io.h>
#endif

namespace example {

/** Puts standard input and output in binary mode, so that no CR byte is
    added or dropped on Windows. Does nothing elsewhere. */
inline void use_binary_stdio()
{
#ifdef _WIN32
    _setmode(_fileno(stdin), _O_BINARY);
    _setmode(_fileno(stdout), _O_BINARY);
#endif
}

/** Closes a file opened by open_input(), but leaves standard input open. */
struct close_input {
    void operator()(std::FILE* file) const
    {
        if (file != stdin) std::fclose(file);
    }
};

/** A file open for reading; closed when it goes out of scope, unless it is
    standard input. */
using input_file = std::unique_ptr<std::FILE, close_input>;

/** The file at `path` opened for reading bytes, or standard input if `path`
    is "-". For a program that reads its input a piece at a time; read_file()
    reads it whole.

    Uses C stdio rather than iostreams because only stdio reports the
    operating system's reason for a failure (through errno).
    @throws std::system_error with that reason ("No such file or directory",
    "Permission denied"...) if the file cannot be opened. */
inline input_file open_input(const std::string& path)
{
    if (path == "-") return input_file(stdin);
    input_file file(std::fopen(path.c_str(), "rb"));
    if (!file) throw std::system_error(errno, std::generic_category());
    return file;
}

/** All the bytes of the file at `path`, or of standard input if `path` is "-".
    @throws std::system_error with the operating system's reason ("No such
    file or directory", "Is a directory"...) if the file cannot be opened or
    read. */
inline std::string read_file(const std::string& path)
{
    const input_file file = open_input(path);
    std::string bytes;
    char buffer[64 * 1024];
    while (const std::size_t count = std::fread(buffer, 1, sizeof buffer, file.get())) bytes.append(buffer, count);
    if (std::ferror(file.get())) throw std::system_error(errno, std::generic_category());
    return bytes;
}

}  // namespace example

#endif  // UTF8VIEW_EXAMPLE_READ_FILE_HPP
