// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at https://www.boost.org/LICENSE_1_0.txt)

// chunked_decode: decodes UTF-8 read in fixed-size chunks, as a reader of a
// pipe or socket gets it, without breaking a character cut by a chunk end.
// It prints what `codepoints` prints for the whole file, byte for byte:
//
//   $ printf '\xC3\x86r\xC3\xB8 \xC0\xAE' | chunked_decode --chunk 1
//   U+00C6 0
//   U+0072 2
//   U+00F8 3
//   U+0020 5
//   U+FFFD 6 (replaces overlong)
//   U+FFFD 7 (replaces unexpected_continuation_byte)
//
//   chunked_decode [--chunk N] [FILE]      (no FILE, or "-": standard input)

#include <utf8view/utf8view.hpp>

#include "code_point_line.hpp"
#include "read_file.hpp"

#include <CLI/CLI.hpp>

#include <cerrno>
#include <cstddef>
#include <cstdio>
#include <iostream>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

namespace {

namespace u8v = utf8view;

// Prints the code points of `bytes`, which start at byte `offset` of the
// stream, as codepoints does: one U+FFFD per ill-formed maximal subpart.
void print_code_points(std::string_view bytes, std::size_t offset)
{
    auto code_points = bytes | u8v::views::decode;
    for (auto it = code_points.begin(); it != code_points.end(); ++it)
        example::print_code_point_line(std::cout, *it, offset + static_cast<std::size_t>(it.base() - bytes.begin()),
                                       it.error());
}

// Reads `file` in chunks of `chunk_size` bytes and prints its code points.
// Holds at most chunk_size + 3 bytes at a time.
void decode_in_chunks(std::FILE* file, std::size_t chunk_size)
{
    std::vector<char> chunk(chunk_size);
    std::string pending;     // bytes carried from the previous chunk, then this chunk
    std::size_t offset = 0;  // of pending's first byte in the stream
    while (const std::size_t count = std::fread(chunk.data(), 1, chunk.size(), file)) {
        pending.append(chunk.data(), count);
        // A sequence cut by the chunk end (up to 3 bytes) is left out, to be
        // completed by the next chunk. Ill-formed bytes that no later byte
        // can complete are decoded now, exactly as in the whole file.
        const std::string_view complete = u8v::trim_incomplete_tail(std::string_view(pending));
        print_code_points(complete, offset);
        offset += complete.size();
        pending.erase(0, complete.size());
    }
    if (std::ferror(file)) throw std::system_error(errno, std::generic_category());
    // Still incomplete at the end of the stream: now it is an error (one
    // U+FFFD, kind truncated_sequence), as when decoding the file whole.
    print_code_points(pending, offset);
}

}  // namespace

int main(int argc, char** argv)
{
    CLI::App app{"Decodes a UTF-8 file read in chunks and lists its code points, as codepoints does.",
                 "chunked_decode"};
    app.footer("Prints each code point as U+XXXX with its byte offset, and U+FFFD \"(replaces KIND)\" once per\n"
               "ill-formed maximal subpart: the same output as codepoints, however the file is cut into chunks.\n"
               "Exit 2: unreadable file or wrong command line.");

    std::string path = "-";
    std::size_t chunk_size = 7;
    app.add_option("FILE", path, "File to decode; none, or \"-\", means standard input")->type_name("");
    app.add_option("--chunk", chunk_size, "Bytes read at a time (default: 7)")
        ->type_name("N")
        ->check(CLI::Range(std::size_t{1}, std::size_t{1} << 20));
    try {
        app.parse(argc, argv);
    }
    catch (const CLI::ParseError& error) {
        return app.exit(error) == 0 ? 0 : 2;
    }

    example::use_binary_stdio();
    const std::string file_name = path == "-" ? "<stdin>" : path;
    try {
        const example::input_file file = example::open_input(path);
        decode_in_chunks(file.get(), chunk_size);
    }
    catch (const std::system_error& failure) {
        std::cerr << "chunked_decode: cannot read " << file_name << ": " << failure.code().message() << '\n';
        return 2;
    }
}
