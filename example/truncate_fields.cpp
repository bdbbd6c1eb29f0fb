// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at https://www.boost.org/LICENSE_1_0.txt)

// truncate_fields: cuts every field of a CSV file to at most N bytes, never
// splitting a character, and marks each cut with a suffix:
//
//   $ printf 'name,city\nSøren Kierkegaard,København\n' | truncate_fields --bytes 9
//   name,city
//   Søren…,Køben…
//   truncate_fields: 2 of 4 fields cut to 9 bytes          (on standard error)
//
//   truncate_fields --bytes N [--suffix TEXT] [FILE]       (no FILE, or "-": standard input)
//
// The CSV is read and written with libcsv (RFC 4180 quoting); the cut is
// utf8view::truncate. See --help and README.md.

#include <utf8view/utf8view.hpp>

#include "read_file.hpp"

#include <CLI/CLI.hpp>
#include <csv.h>

#include <algorithm>
#include <cstddef>
#include <exception>
#include <iostream>
#include <memory>
#include <new>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>

namespace {

namespace u8v = utf8view;

enum exit_code : int { success = 0, trouble = 2 };

constexpr std::string_view help_footer = R"(Fields:
  A field longer than N bytes is cut to the longest prefix that fits in
  N bytes together with the suffix and ends on a character boundary, then
  the suffix is added. If the suffix alone is longer than N, the field is
  cut to N bytes with no suffix. Ill-formed UTF-8 is left as it is, and
  never split inside one maximal subpart (Unicode 15.0 ch. 3 sec. 3.9).
  Every field counts, the header row's too.
CSV:
  RFC 4180: fields may be quoted, with "" for a quote and with commas and
  line breaks inside; spaces are part of a field. A quote anywhere else is
  an error. Fields are written quoted only when they need it; a row ends
  with CR LF if it did in the input, else with LF. Empty lines are dropped.
Exit status:
  0 done; 2 unreadable input, a CSV syntax error (nothing is written to
  standard output then), or a wrong command line.)";

// Whether `field` must be quoted: RFC 4180 requires it for a comma, a quote
// or a line break. Leading or trailing blanks are quoted too, because many
// readers (libcsv by default) strip them from unquoted fields.
bool needs_quotes(std::string_view field)
{
    constexpr auto blank = [](char c) { return c == ' ' || c == '\t'; };
    return field.find_first_of(",\"\r\n") != field.npos ||
           (!field.empty() && (blank(field.front()) || blank(field.back())));
}

// Appends `field` to `out` as one CSV field. libcsv's writer does the quoting;
// csv_write with no buffer returns the size it needs.
void append_csv_field(std::string& out, std::string_view field)
{
    if (!needs_quotes(field)) {
        out += field;
        return;
    }
    const std::size_t start = out.size();
    out.resize(start + csv_write(nullptr, 0, field.data(), field.size()));
    csv_write(out.data() + start, out.size() - start, field.data(), field.size());
}

// What the libcsv callbacks build: the output, and what was cut.
struct truncator {
    std::size_t max_bytes;
    std::string_view suffix;

    std::string output{};          // the whole output, written once all input is parsed
    std::size_t row_start = 0;     // where the current row starts in `output`
    std::size_t fields_in_row = 0;
    std::size_t field_count = 0;
    std::size_t cut_count = 0;
    std::string field{};           // the field being written (reused, to allocate once)
    std::exception_ptr exception{};  // thrown in a callback, rethrown once libcsv has returned

    void add_field(std::string_view bytes)
    {
        // `prefix` is a string_view into `bytes`: truncate never copies.
        const auto [prefix, append_suffix] = u8v::truncate(bytes, max_bytes, suffix);
        ++field_count;
        if (prefix.size() < bytes.size()) ++cut_count;
        field = prefix;
        if (append_suffix) field += suffix;
        if (fields_in_row++ != 0) output += ',';
        append_csv_field(output, field);
    }

    // `terminator` is the byte that ended the row (CR or LF), or -1 at the end of the input.
    void end_row(int terminator)
    {
        // A row holding one empty field would be an empty line, which
        // readers skip (libcsv does): write it as "".
        if (fields_in_row == 1 && output.size() == row_start) output += "\"\"";
        output += terminator == CSV_CR ? "\r\n" : "\n";
        row_start = output.size();
        fields_in_row = 0;
    }
};

// libcsv calls these through C function pointers, with the truncator as
// `data`. An exception must not unwind through libcsv's C frames, so it is
// kept and rethrown after the call returns; later callbacks do nothing.
void on_field(void* bytes, std::size_t size, void* data)
{
    auto& self = *static_cast<truncator*>(data);
    if (self.exception) return;
    try {
        // `bytes` may be null for an empty field.
        self.add_field(size == 0 ? std::string_view() : std::string_view(static_cast<const char*>(bytes), size));
    }
    catch (...) {
        self.exception = std::current_exception();
    }
}

void on_row(int terminator, void* data)
{
    auto& self = *static_cast<truncator*>(data);
    if (self.exception) return;
    try {
        self.end_row(terminator);
    }
    catch (...) {
        self.exception = std::current_exception();
    }
}

// Parses `bytes` as CSV, feeding each field and row end to `out`. Returns
// what is wrong with the CSV, or nothing if it is well-formed.
std::optional<std::string> truncate_csv(std::string_view bytes, truncator& out)
{
    csv_parser parser;
    // Strict: a stray quote is an error rather than a guess; STRICT_FINI:
    // so is a quoted field still open at the end of the input.
    if (csv_init(&parser, CSV_STRICT | CSV_STRICT_FINI) != 0) throw std::bad_alloc();
    const std::unique_ptr<csv_parser, decltype([](csv_parser* p) { csv_free(p); })> free_parser(&parser);
    // RFC 4180: spaces are part of a field. libcsv strips spaces and tabs
    // around unquoted fields unless no byte counts as a space.
    csv_set_space_func(&parser, [](unsigned char) { return 0; });

    const std::size_t parsed = csv_parse(&parser, bytes.data(), bytes.size(), on_field, on_row, &out);
    if (out.exception) std::rethrow_exception(out.exception);
    if (parsed != bytes.size()) {
        const int error = csv_error(&parser);
        if (error != CSV_EPARSE) return std::string(csv_strerror(error));
        // libcsv stops at the offending byte.
        const auto line = 1 + std::ranges::count(bytes.substr(0, parsed), '\n');
        return "CSV syntax error at line " + std::to_string(line) + " (byte " + std::to_string(parsed) +
               "): a quote inside an unquoted field, or something other than a comma or a line break "
               "after a closing quote";
    }
    if (csv_fini(&parser, on_field, on_row, &out) != 0) {
        return std::string("CSV syntax error: a quoted field is not closed at the end of the input");
    }
    if (out.exception) std::rethrow_exception(out.exception);
    return std::nullopt;
}

}  // namespace

int main(int argc, char** argv)
{
    CLI::App app{"Cuts every field of a CSV file to at most N bytes without splitting a character.", "truncate_fields"};
    app.footer(std::string(help_footer));

    std::string path = "-";
    std::size_t max_bytes = 0;
    std::string suffix = "\xE2\x80\xA6";  // U+2026 HORIZONTAL ELLIPSIS, 3 bytes
    app.add_option("FILE", path, "CSV file; none, or \"-\", means standard input")->type_name("");
    app.add_option("-b,--bytes", max_bytes, "Maximum bytes per field, suffix included")
        ->required()
        ->type_name("N")
        // CLI11 would read "-1" as SIZE_MAX.
        ->check([](const std::string& text) {
            return text.find_first_not_of("0123456789") == text.npos ? "" : "not a number of bytes: " + text;
        });
    app.add_option("--suffix", suffix, "Appended to each cut field (default: \"\xE2\x80\xA6\", 3 bytes; \"\" for none)")
        ->type_name("TEXT");
    try {
        app.parse(argc, argv);
    }
    catch (const CLI::ParseError& error) {
        return app.exit(error) == 0 ? success : trouble;  // --help exits with 0
    }

    example::use_binary_stdio();
    const std::string file_name = path == "-" ? "<stdin>" : path;
    try {
        // All of the input is read first, so that a syntax error found
        // anywhere leaves standard output empty rather than half written.
        const std::string bytes = example::read_file(path);
        truncator out{.max_bytes = max_bytes, .suffix = suffix};
        if (const auto error = truncate_csv(bytes, out)) {
            std::cerr << "truncate_fields: " << file_name << ": " << *error << '\n';
            return trouble;
        }
        std::cout.write(out.output.data(), static_cast<std::streamsize>(out.output.size())).flush();
        if (!std::cout) {
            std::cerr << "truncate_fields: cannot write to standard output\n";
            return trouble;
        }
        std::cerr << "truncate_fields: " << out.cut_count << " of " << out.field_count
                  << (out.field_count == 1 ? " field" : " fields") << " cut to " << max_bytes
                  << (max_bytes == 1 ? " byte\n" : " bytes\n");
    }
    catch (const std::system_error& failure) {
        std::cerr << "truncate_fields: cannot read " << file_name << ": " << failure.code().message() << '\n';
        return trouble;
    }
    catch (const std::exception& failure) {  // std::bad_alloc
        std::cerr << "truncate_fields: " << failure.what() << '\n';
        return trouble;
    }
    return success;
}
