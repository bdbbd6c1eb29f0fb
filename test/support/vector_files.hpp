// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.

// The rows of decode_vectors.tsv and encode_vectors.tsv (test/data, format:
// test/data/README.md), read once here for every test that uses them. The
// cells are taken as written; nothing here decodes or encodes UTF-8.

#ifndef UTF8VIEW_TEST_SUPPORT_VECTOR_FILES_HPP
#define UTF8VIEW_TEST_SUPPORT_VECTOR_FILES_HPP

#include "support/testdata.hpp"

#include <cstddef>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace utf8view_test {

// "C3 86" -> {0xC3, 0x86}; "-" -> empty.
inline std::vector<unsigned char> parse_hex_unsigned_bytes(std::string_view hex)
{
    const std::string parsed = parse_hex_bytes(hex);
    return std::vector<unsigned char>(parsed.begin(), parsed.end());
}

// One row of decode_vectors.tsv: bytes, and what decoding them gives.
struct decode_vector {
    std::string id;
    std::size_t line = 0;            // 1-based line in the file, for messages
    std::string input_hex;           // the input column as written, for messages
    std::string input;               // the bytes
    std::vector<char32_t> replace;   // the code points under on_error::replace
    std::vector<char32_t> skip;      // ... and under on_error::skip
    long first_invalid = -1;         // byte offset of the first error; -1: valid
    std::string category;            // the category column (valid-1byte, overlong, cesu-8, ...)
};

inline std::vector<decode_vector> read_decode_vectors()
{
    const auto to_vector = [](std::string_view hex) {
        const std::u32string parsed = parse_hex_code_points(hex);
        return std::vector<char32_t>(parsed.begin(), parsed.end());
    };
    std::vector<decode_vector> rows;
    for (const tsv_row& row : read_tsv("decode_vectors.tsv")) {
        decode_vector v;
        v.id = row["id"];
        v.line = row.line;
        v.input_hex = row["input"];
        v.input = parse_hex_bytes(row["input"]);
        v.replace = to_vector(row["replace"]);
        v.skip = to_vector(row["skip"]);
        v.first_invalid = std::stol(row["first_invalid"]);
        v.category = row["category"];
        rows.push_back(std::move(v));
    }
    return rows;
}

// One row of encode_vectors.tsv: values (not all of them code points), and
// the bytes encoding them gives.
struct encode_vector {
    std::string id;
    std::size_t line = 0;                   // 1-based line in the file; 0: not from the file
    std::string values_text;                // the codepoints column as written, for messages
    std::vector<std::int64_t> values;
    std::vector<unsigned char> replace;     // the bytes under on_error::replace
    std::vector<unsigned char> skip;        // ... under on_error::skip
    bool throw_is_error = false;            // the throw column says "error"
    std::vector<unsigned char> throw_bytes; // ... else the bytes under on_error::throw_exception
};

inline std::vector<encode_vector> read_encode_vectors()
{
    std::vector<encode_vector> rows;
    for (const tsv_row& row : read_tsv("encode_vectors.tsv")) {
        encode_vector v;
        v.id = row["id"];
        v.line = row.line;
        v.values_text = row["codepoints"];
        for (std::uint64_t value : parse_hex_values(row["codepoints"])) {
            if (value > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()))
                throw std::runtime_error("encode_vectors.tsv: value too wide for std::int64_t");
            v.values.push_back(static_cast<std::int64_t>(value));
        }
        v.replace = parse_hex_unsigned_bytes(row["replace"]);
        v.skip = parse_hex_unsigned_bytes(row["skip"]);
        v.throw_is_error = row["throw"] == "error";
        if (!v.throw_is_error) v.throw_bytes = parse_hex_unsigned_bytes(row["throw"]);
        rows.push_back(std::move(v));
    }
    return rows;
}

}  // namespace utf8view_test

#endif  // UTF8VIEW_TEST_SUPPORT_VECTOR_FILES_HPP
