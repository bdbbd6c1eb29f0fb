// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at https://www.boost.org/LICENSE_1_0.txt)

// utf8check: reports where files are not valid UTF-8, or repairs them.
//
//   utf8check [--repair | --skip | --quiet] [FILE...]      (no FILE, or "-": standard input)
//
// Each ill-formed maximal subpart (Unicode 15.0 ch. 3 §3.9) is one error,
// printed as FILE:LINE:COLUMN: byte OFFSET: KIND (bytes XX YY). See --help
// and README.md for what LINE and COLUMN count.

#include <utf8view/utf8view.hpp>

#include "read_file.hpp"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <cstddef>
#include <iostream>
#include <iterator>
#include <ostream>
#include <ranges>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

namespace {

namespace u8v = utf8view;

// Exit codes, ordered by severity so that the worst file wins.
enum exit_code : int { all_valid = 0, some_invalid = 1, trouble = 2 };

enum class mode {
    report,  // diagnostics on stdout
    repair,  // text with U+FFFD for each maximal subpart on stdout, diagnostics on stderr
    skip,    // text without the maximal subparts on stdout, diagnostics on stderr
    quiet,   // nothing but the exit code
};

constexpr std::string_view help_footer = R"(Output:
  One line per ill-formed maximal subpart (Unicode 15.0 ch. 3 sec. 3.9):
    FILE:LINE:COLUMN: byte OFFSET: KIND (bytes XX YY)
  LINE counts LF bytes, from 1. COLUMN counts code points, from 1; each
  earlier maximal subpart on the line counts as one, as the U+FFFD that
  replaces it would. OFFSET is the byte offset in the file, from 0. FILE is
  <stdin> for standard input. After each file, "FILE: N errors" or
  "FILE: valid UTF-8" goes to standard error.
  With --repair or --skip, standard output receives the text (every other
  byte unchanged: BOM, NUL, CR, a missing final newline) and the
  diagnostics go to standard error.
Exit status:
  0 all files are valid UTF-8, 1 some file is not, 2 some file could not be
  read or the command line is wrong (the other files are still checked).)";

// "C3 86": bytes in upper-case hexadecimal, separated by spaces.
std::string hex_bytes(std::ranges::input_range auto&& bytes)
{
    constexpr std::string_view digits = "0123456789ABCDEF";
    std::string text;
    for (const auto byte : bytes) {
        const std::size_t value = static_cast<unsigned char>(byte);
        if (!text.empty()) text += ' ';
        text += digits[value >> 4];
        text += digits[value & 0x0F];
    }
    return text;
}

// Writes one line to `out` (if not null) for each ill-formed maximal subpart
// of `bytes`, and returns how many there are.
std::size_t report_errors(std::string_view file_name, std::string_view bytes, std::ostream* out)
{
    std::size_t error_count = 0;
    std::size_t line = 1;
    std::size_t column = 1;
    // The replace policy yields one element per maximal subpart, so counting
    // elements counts each subpart as one column.
    auto code_points = bytes | u8v::views::decode;
    for (auto it = code_points.begin(); it != code_points.end(); ++it) {
        if (const auto kind = it.error()) {
            ++error_count;
            if (out) {
                *out << file_name << ':' << line << ':' << column << ": byte "
                     << std::ranges::distance(bytes.begin(), it.base()) << ": " << u8v::to_string(*kind)
                     << " (bytes " << hex_bytes(it.code_units()) << ")\n";
            }
        }
        // A replacement is U+FFFD, so this is only ever a real LF byte.
        if (*it == U'\n') {
            ++line;
            column = 1;
        }
        else {
            ++column;
        }
    }
    return error_count;
}

// Writes `bytes` to stdout with each maximal subpart replaced by U+FFFD
// (`on_error::replace`) or dropped (`on_error::skip`). Decoding then
// re-encoding gives back every well-formed sequence byte for byte.
void write_text(std::string_view bytes, u8v::decode_error_policy auto policy)
{
    std::ranges::copy(bytes | u8v::views::decode(policy) | u8v::views::encode_as<char>,
                      std::ostreambuf_iterator<char>(std::cout));
}

exit_code check_file(const std::string& path, mode how)
{
    const std::string file_name = path == "-" ? "<stdin>" : path;
    // The whole file is in memory: a regular file mapped (read-only, not
    // copied, so a file of several GiB costs no memory of its own), standard
    // input and pipes read whole. Over bytes in memory the decode view is a
    // bidirectional range: base() is the first byte of each element and
    // code_units() its bytes. Over a stream (an input range) the bytes would
    // be consumed as they are decoded, and a real tool would read blocks cut
    // at code point boundaries instead.
    example::mapped_file file;
    try {
        file = example::map_file(path);
    }
    catch (const std::system_error& failure) {
        std::cerr << "utf8check: cannot read " << file_name << ": " << failure.code().message() << '\n';
        return trouble;
    }
    const std::string_view bytes = file.bytes();

    std::ostream* diagnostics = how == mode::report ? &std::cout : how == mode::quiet ? nullptr : &std::cerr;
    const std::size_t error_count = report_errors(file_name, bytes, diagnostics);
    if (how == mode::repair) write_text(bytes, u8v::on_error::replace);
    if (how == mode::skip) write_text(bytes, u8v::on_error::skip);

    if (how != mode::quiet) {
        std::cerr << file_name << ": ";
        if (error_count == 0) std::cerr << "valid UTF-8\n";
        else std::cerr << error_count << (error_count == 1 ? " error\n" : " errors\n");
    }
    return error_count == 0 ? all_valid : some_invalid;
}

}  // namespace

int main(int argc, char** argv)
{
    CLI::App app{"Checks that files are valid UTF-8, reporting each ill-formed byte sequence.", "utf8check"};
    app.footer(std::string(help_footer));

    std::vector<std::string> paths;
    bool repair = false;
    bool skip = false;
    bool quiet = false;
    app.add_option("FILE", paths, "Files to check; none, or \"-\", means standard input")->type_name("");
    auto* repair_flag = app.add_flag("--repair", repair, "Write the text, with U+FFFD for each ill-formed sequence");
    auto* skip_flag = app.add_flag("--skip", skip, "Write the text without the ill-formed sequences")
                          ->excludes(repair_flag);
    app.add_flag("-q,--quiet", quiet, "Print nothing; only set the exit status")
        ->excludes(repair_flag)
        ->excludes(skip_flag);
    try {
        app.parse(argc, argv);
    }
    catch (const CLI::ParseError& error) {
        return app.exit(error) == 0 ? all_valid : trouble;  // --help exits with 0
    }

    if (paths.empty()) paths.emplace_back("-");
    const mode how = repair ? mode::repair : skip ? mode::skip : quiet ? mode::quiet : mode::report;
    example::use_binary_stdio();

    exit_code worst = all_valid;
    for (const std::string& path : paths) worst = std::max(worst, check_file(path, how));
    return worst;
}
