// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.

// Reading the conformance vectors (test/data, a copy of shared/testdata).
// Format: test/data/README.md. Nothing here decodes UTF-8: hex is parsed
// into bytes and code points, and expected values are taken as written.

#ifndef UTF8VIEW_TEST_SUPPORT_TESTDATA_HPP
#define UTF8VIEW_TEST_SUPPORT_TESTDATA_HPP

#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <map>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#ifndef UTF8VIEW_TESTDATA_DIR
#error "UTF8VIEW_TESTDATA_DIR must name the folder of the conformance vectors (CMake and b2 define it)"
#endif

namespace utf8view_test {

// The folder of the vectors: $UTF8VIEW_TESTDATA_DIR if set, else the one
// the build compiled in.
inline std::string testdata_dir()
{
    if (const char* from_environment = std::getenv("UTF8VIEW_TESTDATA_DIR"); from_environment && *from_environment)
        return from_environment;
    return UTF8VIEW_TESTDATA_DIR;
}

// The bytes of a file, exactly; throws if it cannot be read.
inline std::string read_file(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error("cannot open " + path);
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

inline std::string read_testdata(const std::string& name)
{
    return read_file(testdata_dir() + "/" + name);
}

// Splits on `separator`; a trailing separator does not add an empty field.
inline std::vector<std::string> split(std::string_view text, char separator)
{
    std::vector<std::string> fields;
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t end = text.find(separator, start);
        if (end == std::string_view::npos) end = text.size();
        fields.emplace_back(text.substr(start, end - start));
        start = end + 1;
    }
    return fields;
}

// Lines of a file split on LF, the LF removed; a final LF ends the last line.
// Empty lines are kept (they are empty inputs).
inline std::vector<std::string> lines_of(const std::string& text)
{
    std::vector<std::string> lines;
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string::npos) end = text.size();
        lines.push_back(text.substr(start, end - start));
        start = end + 1;
    }
    return lines;
}

// "C3 86 72" -> the three bytes; "-" -> empty.
inline std::string parse_hex_bytes(std::string_view text)
{
    std::string bytes;
    if (text == "-") return bytes;
    for (const std::string& field : split(text, ' '))
        if (!field.empty()) bytes.push_back(static_cast<char>(std::stoul(field, nullptr, 16)));
    return bytes;
}

// "0041 1F600" -> the code point values (as 64-bit, to hold FFFFFFFF and
// any wider test value); "-" -> empty.
inline std::vector<std::uint64_t> parse_hex_values(std::string_view text)
{
    std::vector<std::uint64_t> values;
    if (text == "-") return values;
    for (const std::string& field : split(text, ' '))
        if (!field.empty()) values.push_back(std::stoull(field, nullptr, 16));
    return values;
}

// The same as char32_t code points; every value must fit in 32 bits.
inline std::u32string parse_hex_code_points(std::string_view text)
{
    std::u32string result;
    for (std::uint64_t value : parse_hex_values(text)) {
        if (value > 0xFFFFFFFFu) throw std::runtime_error("code point value wider than 32 bits");
        result.push_back(static_cast<char32_t>(value));
    }
    return result;
}

// One row of a TSV file: column name -> cell text.
struct tsv_row {
    std::map<std::string, std::string> cells;
    std::size_t line = 0;  // 1-based line number in the file, for messages
    const std::string& operator[](const std::string& column) const
    {
        const auto found = cells.find(column);
        if (found == cells.end()) throw std::runtime_error("no column " + column);
        return found->second;
    }
};

// The rows of a TSV file of test/data (first line: the column names).
inline std::vector<tsv_row> read_tsv(const std::string& name)
{
    const std::vector<std::string> lines = lines_of(read_testdata(name));
    if (lines.empty()) throw std::runtime_error(name + " is empty");
    const std::vector<std::string> columns = split(lines[0], '\t');
    std::vector<tsv_row> rows;
    for (std::size_t index = 1; index < lines.size(); ++index) {
        if (lines[index].empty()) continue;
        const std::vector<std::string> cells = split(lines[index], '\t');
        tsv_row row;
        row.line = index + 1;
        for (std::size_t column = 0; column < columns.size() && column < cells.size(); ++column)
            row.cells[columns[column]] = cells[column];
        rows.push_back(std::move(row));
    }
    return rows;
}

}  // namespace utf8view_test

#endif  // UTF8VIEW_TEST_SUPPORT_TESTDATA_HPP
