// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at https://www.boost.org/LICENSE_1_0.txt)

/// \file
/// Opening, reading or mapping a whole file, or standard input, as raw
/// bytes. Shared by the example programs; it has nothing to do with UTF-8.

#ifndef UTF8VIEW_EXAMPLE_READ_FILE_HPP
#define UTF8VIEW_EXAMPLE_READ_FILE_HPP

#include <cerrno>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <memory>
#include <string>
#include <string_view>
#include <system_error>
#include <utility>

#ifdef _WIN32
#include <fcntl.h>
#include <io.h>
#elif __has_include(<sys/mman.h>) && __has_include(<sys/stat.h>) && __has_include(<fcntl.h>) && \
    __has_include(<unistd.h>)
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
// map_file() maps regular files (POSIX mmap); elsewhere it reads them.
#define UTF8VIEW_EXAMPLE_HAS_MMAP 1
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

/** All the bytes left in `file`, an open file, read up to its end.
    @throws std::system_error with the operating system's reason ("Is a
    directory"...) if reading fails. */
inline std::string read_all(std::FILE* file)
{
    std::string bytes;
    char buffer[64 * 1024];
    while (const std::size_t count = std::fread(buffer, 1, sizeof buffer, file)) bytes.append(buffer, count);
    if (std::ferror(file)) throw std::system_error(errno, std::generic_category());
    return bytes;
}

/** All the bytes of the file at `path`, or of standard input if `path` is
    "-", read into a string: as much memory as the file is long. map_file()
    does without the copy for regular files.
    @throws std::system_error with the operating system's reason ("No such
    file or directory", "Is a directory"...) if the file cannot be opened or
    read. */
inline std::string read_file(const std::string& path)
{
    const input_file file = open_input(path);
    return read_all(file.get());
}

/** The bytes of a whole file, in memory and read-only: either mapped from
    the file (POSIX mmap) or read into a string. Made by map_file(); the
    bytes stay valid, and the mapping in place, as long as it lives. Movable,
    not copyable. */
class mapped_file {
public:
    /** No bytes. */
    mapped_file() noexcept = default;

    /** Holds `bytes`, read from a file that could not be mapped. */
    explicit mapped_file(std::string bytes) noexcept : read_(std::move(bytes)) {}

    /** Takes over the bytes (and the mapping) of `other`, which is left with none. */
    mapped_file(mapped_file&& other) noexcept
        : read_(std::move(other.read_)), mapping_(std::exchange(other.mapping_, nullptr)),
          mapping_size_(std::exchange(other.mapping_size_, 0))
    {}
    /** Unmaps this one's file, if mapped, and takes over the bytes of
        `other`, which is left with none. */
    mapped_file& operator=(mapped_file&& other) noexcept
    {
        if (this != &other) {
            unmap();
            read_ = std::move(other.read_);
            mapping_ = std::exchange(other.mapping_, nullptr);
            mapping_size_ = std::exchange(other.mapping_size_, 0);
        }
        return *this;
    }
    mapped_file(const mapped_file&) = delete;
    mapped_file& operator=(const mapped_file&) = delete;

    /** Unmaps the file, if it was mapped. */
    ~mapped_file() { unmap(); }

    /** All the bytes of the file. */
    [[nodiscard]] std::string_view bytes() const noexcept
    {
        if (mapping_ != nullptr) return {mapping_, mapping_size_};
        return read_;
    }

private:
    friend mapped_file map_file(const std::string& path);

    // Takes over `size` bytes mapped with mmap at `mapping`.
    mapped_file(const char* mapping, std::size_t size) noexcept : mapping_(mapping), mapping_size_(size) {}

    void unmap() noexcept
    {
#if defined(UTF8VIEW_EXAMPLE_HAS_MMAP)
        if (mapping_ != nullptr) ::munmap(const_cast<char*>(mapping_), mapping_size_);
#endif
        mapping_ = nullptr;
        mapping_size_ = 0;
    }

    std::string read_;                // the bytes, when read
    const char* mapping_ = nullptr;   // the bytes, when mapped
    std::size_t mapping_size_ = 0;
};

/** All the bytes of the file at `path`, or of standard input if `path` is
    "-". A regular file is mapped into memory, read-only (POSIX mmap), not
    copied: a file of several GiB then takes no memory of its own, only
    pages of the system's file cache as they are read. What cannot be
    mapped is read whole, as by read_file(): standard input, pipes, devices
    and other files that are not regular; empty files (mmap cannot map 0
    bytes, and the files of /proc say they are empty); a file the system
    refuses to map; and everything on systems without mmap.

    While a file is mapped, another program that shortens it makes reading
    the bytes it cut off end this process with SIGBUS, as with any mapping.
    @throws std::system_error with the operating system's reason ("No such
    file or directory", "Is a directory"...) if the file cannot be opened or
    read, and "File too large" for a regular file larger than the address
    space. */
inline mapped_file map_file(const std::string& path)
{
#if defined(UTF8VIEW_EXAMPLE_HAS_MMAP)
    if (path != "-") {
        const int descriptor = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
        if (descriptor < 0) throw std::system_error(errno, std::generic_category());
        // From here on `file` owns the descriptor, and closes it: a mapping
        // outlives the descriptor it was made from.
        const input_file file(::fdopen(descriptor, "rb"));
        if (!file) {
            const int error = errno;
            ::close(descriptor);
            throw std::system_error(error, std::generic_category());
        }
        struct stat status {};
        if (::fstat(descriptor, &status) != 0) throw std::system_error(errno, std::generic_category());
        if (S_ISREG(status.st_mode) && status.st_size > 0) {
            if (static_cast<std::uintmax_t>(status.st_size) > std::numeric_limits<std::size_t>::max())
                throw std::system_error(std::make_error_code(std::errc::file_too_large));
            const auto size = static_cast<std::size_t>(status.st_size);
            void* const mapping = ::mmap(nullptr, size, PROT_READ, MAP_PRIVATE, descriptor, 0);
            if (mapping != MAP_FAILED) return mapped_file(static_cast<const char*>(mapping), size);
            // Some file systems cannot be mapped: read the file instead.
        }
        return mapped_file(read_all(file.get()));
    }
#endif
    return mapped_file(read_file(path));
}

}  // namespace example

#endif  // UTF8VIEW_EXAMPLE_READ_FILE_HPP
