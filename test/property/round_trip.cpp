// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.

// Every Unicode scalar value (U+0000..U+D7FF, U+E000..U+10FFFF, Unicode 15.0
// D76) is encoded by views::encode and decoded back by views::decode. Each
// encoding is checked against this file's own transcription of Unicode 15.0
// ch. 3, Table 3-6 (length and bit distribution) and Table 3-7 (well-formed
// byte sequences, row by row).

#include <utf8view/encode_view.hpp>
#include <utf8view/decode_view.hpp>
#define BOOST_TEST_MODULE property_round_trip
#include <boost/test/unit_test.hpp>

#include "support/print.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace u8v = utf8view;

namespace {

// Unicode 15.0 D76: the scalar values, in order.
std::u32string all_scalar_values()
{
    std::u32string values;
    values.reserve(0x110000 - 0x800);
    for (char32_t c = 0; c <= 0x10FFFF; ++c)
        if (c < 0xD800 || c > 0xDFFF) values.push_back(c);
    return values;
}

// Table 3-6, "UTF-8 Bit Distribution": the number of bytes...
std::size_t table_3_6_length(char32_t scalar_value)
{
    if (scalar_value <= 0x007F) return 1;  // 00000000 0xxxxxxx
    if (scalar_value <= 0x07FF) return 2;  // 00000yyy yyxxxxxx
    if (scalar_value <= 0xFFFF) return 3;  // zzzzyyyy yyxxxxxx
    return 4;                              // 000uuuuu zzzzyyyy yyxxxxxx
}

// ...and the scalar value the bytes carry, read back by that table:
//   0xxxxxxx
//   110yyyyy 10xxxxxx
//   1110zzzz 10yyyyyy 10xxxxxx
//   11110uuu 10uuzzzz 10yyyyyy 10xxxxxx
// nullopt if the marker bits are not those of the table.
std::optional<char32_t> table_3_6_value(const unsigned char* bytes, std::size_t length)
{
    for (std::size_t i = 1; i < length; ++i)
        if ((bytes[i] & 0xC0) != 0x80) return std::nullopt;
    char32_t value = 0;
    switch (length) {
    case 1:
        if ((bytes[0] & 0x80) != 0x00) return std::nullopt;
        value = bytes[0];
        break;
    case 2:
        if ((bytes[0] & 0xE0) != 0xC0) return std::nullopt;
        value = bytes[0] & 0x1Fu;
        break;
    case 3:
        if ((bytes[0] & 0xF0) != 0xE0) return std::nullopt;
        value = bytes[0] & 0x0Fu;
        break;
    case 4:
        if ((bytes[0] & 0xF8) != 0xF0) return std::nullopt;
        value = bytes[0] & 0x07u;
        break;
    default: return std::nullopt;
    }
    for (std::size_t i = 1; i < length; ++i) value = (value << 6) | (bytes[i] & 0x3Fu);
    return value;
}

// Table 3-7, "Well-Formed UTF-8 Byte Sequences", one entry per row: the code
// points of the row and the allowed range of each byte.
struct table_3_7_row {
    char32_t first_code_point;
    char32_t last_code_point;
    std::size_t length;
    std::array<unsigned char, 4> low;
    std::array<unsigned char, 4> high;
};
constexpr std::array<table_3_7_row, 9> table_3_7 = {{
    {0x0000, 0x007F, 1, {0x00}, {0x7F}},
    {0x0080, 0x07FF, 2, {0xC2, 0x80}, {0xDF, 0xBF}},
    {0x0800, 0x0FFF, 3, {0xE0, 0xA0, 0x80}, {0xE0, 0xBF, 0xBF}},
    {0x1000, 0xCFFF, 3, {0xE1, 0x80, 0x80}, {0xEC, 0xBF, 0xBF}},
    {0xD000, 0xD7FF, 3, {0xED, 0x80, 0x80}, {0xED, 0x9F, 0xBF}},
    {0xE000, 0xFFFF, 3, {0xEE, 0x80, 0x80}, {0xEF, 0xBF, 0xBF}},
    {0x10000, 0x3FFFF, 4, {0xF0, 0x90, 0x80, 0x80}, {0xF0, 0xBF, 0xBF, 0xBF}},
    {0x40000, 0xFFFFF, 4, {0xF1, 0x80, 0x80, 0x80}, {0xF3, 0xBF, 0xBF, 0xBF}},
    {0x100000, 0x10FFFF, 4, {0xF4, 0x80, 0x80, 0x80}, {0xF4, 0x8F, 0xBF, 0xBF}},
}};

// The row of Table 3-7 whose code points hold `scalar_value`, or nullptr.
const table_3_7_row* row_of(char32_t scalar_value)
{
    for (const table_3_7_row& row : table_3_7)
        if (scalar_value >= row.first_code_point && scalar_value <= row.last_code_point) return &row;
    return nullptr;
}

bool matches(const table_3_7_row& row, const unsigned char* bytes, std::size_t length)
{
    if (length != row.length) return false;
    for (std::size_t i = 0; i < length; ++i)
        if (bytes[i] < row.low[i] || bytes[i] > row.high[i]) return false;
    return true;
}

// Collects the first few failures (Boost.Test is too slow for one check per
// code point) and reports them with the code point.
struct failures {
    std::size_t count = 0;
    std::vector<std::string> first;
    void add(char32_t code_point, const std::string& what)
    {
        ++count;
        if (first.size() < 20) {
            char buffer[16];
            std::snprintf(buffer, sizeof buffer, "U+%04X", static_cast<unsigned>(code_point));
            first.push_back(std::string(buffer) + ": " + what);
        }
    }
    void report() const
    {
        BOOST_TEST(count == 0u);
        for (const std::string& message : first) BOOST_ERROR(message);
    }
};

// Encodes all scalar values in one view, recording for each code point the
// bytes its encoding took (from base(), which points at the code point).
struct encoded_all {
    std::vector<unsigned char> bytes;
    std::vector<std::size_t> length_of;  // per code point
};

template <class Encode>
encoded_all encode_all(const std::u32string& values, const Encode& encode)
{
    encoded_all out;
    out.bytes.reserve(4 * values.size());
    out.length_of.assign(values.size(), 0);
    const std::u32string_view view_of_values = values;
    auto encoded = view_of_values | encode;
    for (auto it = encoded.begin(); it != encoded.end(); ++it) {
        out.bytes.push_back(static_cast<unsigned char>(*it));
        const auto index = static_cast<std::size_t>(it.base() - view_of_values.begin());
        if (index < out.length_of.size()) ++out.length_of[index];
    }
    return out;
}

void check_encoding(const std::u32string& values, const encoded_all& encoded)
{
    failures failed;
    std::size_t position = 0;
    for (std::size_t index = 0; index < values.size(); ++index) {
        const char32_t c = values[index];
        const std::size_t length = table_3_6_length(c);
        if (encoded.length_of[index] != length) {
            failed.add(c, "encoded in " + std::to_string(encoded.length_of[index]) + " bytes, Table 3-6 says " +
                              std::to_string(length));
        }
        if (position + length > encoded.bytes.size()) {
            failed.add(c, "output ends early");
            break;
        }
        const unsigned char* bytes = encoded.bytes.data() + position;
        const table_3_7_row* row = row_of(c);
        if (row == nullptr || !matches(*row, bytes, length)) failed.add(c, "bytes not in its row of Table 3-7");
        if (table_3_6_value(bytes, length) != std::optional<char32_t>(c)) failed.add(c, "bits not as in Table 3-6");
        position += length;
    }
    BOOST_TEST(position == encoded.bytes.size());
    failed.report();
}

template <class CharT>
void check_decoding(const std::u32string& values, const std::vector<unsigned char>& bytes)
{
    std::basic_string<CharT> text(bytes.size(), CharT{});
    for (std::size_t i = 0; i < bytes.size(); ++i) text[i] = static_cast<CharT>(bytes[i]);
    const std::basic_string_view<CharT> view_of_text = text;

    failures failed;
    std::size_t index = 0;
    auto decoded = view_of_text | u8v::views::decode(u8v::on_error::throw_exception);
    for (auto it = decoded.begin(); it != decoded.end(); ++it, ++index) {
        if (index >= values.size()) {
            failed.add(*it, "decoded after the last scalar value");
            break;
        }
        if (*it != values[index]) failed.add(values[index], "decoded back as another value");
        if (it.error()) failed.add(values[index], "decoded back flagged as an error");
    }
    BOOST_TEST(index == values.size());
    failed.report();
}

}  // namespace

BOOST_AUTO_TEST_CASE(every_scalar_value_round_trips_as_char8_t)
{
    const std::u32string values = all_scalar_values();
    BOOST_TEST_REQUIRE(values.size() == 0x110000u - 0x800u);  // D76: all code points but 2048 surrogates
    const encoded_all encoded = encode_all(values, u8v::views::encode);
    check_encoding(values, encoded);
    check_decoding<char8_t>(values, encoded.bytes);
}

BOOST_AUTO_TEST_CASE(every_scalar_value_round_trips_as_char)
{
    // Signed char: bytes 80..FF are negative values, which must encode and
    // decode as the same bytes.
    const std::u32string values = all_scalar_values();
    const encoded_all encoded = encode_all(values, u8v::views::encode_as<char>);
    check_encoding(values, encoded);
    check_decoding<char>(values, encoded.bytes);
}
