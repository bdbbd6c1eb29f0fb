// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at https://www.boost.org/LICENSE_1_0.txt)

// codepoints: lists the code points of a UTF-8 text, one per line, with the
// byte offset where each starts:
//
//   $ printf '\xC3\x86r\xC3\xB8 \xC0\xAE' | codepoints
//   U+00C6 0
//   U+0072 2
//   U+00F8 3
//   U+0020 5
//   U+FFFD 6 (replaces overlong)
//   U+FFFD 7 (replaces unexpected_continuation_byte)
//
//   codepoints [--policy replace|skip|throw] [FILE]      (no FILE, or "-": standard input)

#include <utf8view/utf8view.hpp>

#include "code_point_line.hpp"
#include "read_file.hpp"

#include <CLI/CLI.hpp>

#include <cstddef>
#include <iostream>
#include <string>
#include <string_view>
#include <system_error>

namespace {

namespace u8v = utf8view;

// The for-loop over code points, written with the iterator rather than a
// range-for because base() gives the byte offset and error() tells a
// replacement U+FFFD from a real one.
void print_code_points(std::string_view bytes, u8v::decode_error_policy auto policy)
{
    auto code_points = bytes | u8v::views::decode(policy);
    for (auto it = code_points.begin(); it != code_points.end(); ++it)
        example::print_code_point_line(std::cout, *it, static_cast<std::size_t>(it.base() - bytes.begin()), it.error());
}

}  // namespace

int main(int argc, char** argv)
{
    CLI::App app{"Lists the code points of a UTF-8 text with the byte offset of each.", "codepoints"};
    app.footer("Ill-formed bytes are handled by --policy: replace prints U+FFFD, marked \"(replaces KIND)\",\n"
               "once per maximal subpart (Unicode 15.0 ch. 3 sec. 3.9); skip drops them; throw stops at the\n"
               "first, prints the error on standard error and exits with 1. Exit 2: unreadable file.");

    std::string path = "-";
    std::string policy = "replace";
    app.add_option("FILE", path, "File to list; none, or \"-\", means standard input")->type_name("");
    app.add_option("--policy", policy, "What to do with ill-formed bytes (default: replace)")
        ->check(CLI::IsMember({"replace", "skip", "throw"}));
    try {
        app.parse(argc, argv);
    }
    catch (const CLI::ParseError& error) {
        return app.exit(error) == 0 ? 0 : 2;
    }

    example::use_binary_stdio();
    std::string bytes;
    try {
        bytes = example::read_file(path);
    }
    catch (const std::system_error& failure) {
        std::cerr << "codepoints: cannot read " << (path == "-" ? "<stdin>" : path) << ": " << failure.code().message()
                  << '\n';
        return 2;
    }

    try {
        // Each policy is its own type, so each call is its own view type.
        if (policy == "replace") print_code_points(bytes, u8v::on_error::replace);
        else if (policy == "skip") print_code_points(bytes, u8v::on_error::skip);
        else print_code_points(bytes, u8v::on_error::throw_exception);
    }
    catch (const u8v::decode_error& error) {
        std::cerr << "codepoints: " << error.what() << '\n';
        return 1;
    }
}
