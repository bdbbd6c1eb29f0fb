// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.

// validate() and is_valid(): every row of test/data/decode_vectors.tsv and
// every line of Markus Kuhn's UTF-8-test.txt, over byte ranges of every
// kind (contiguous ones reach the SIMD kernel when 32 bytes or longer), in
// constant evaluation, and against views::decode(on_error::throw_exception).
// Expected values come from the data files and from the Unicode Standard
// (Table 3-6 lengths; the error-kind table documented on `error_kind`,
// transcribed in support/error_kind_rule.hpp), never from utf8view.

#include <utf8view/validate.hpp>
#define BOOST_TEST_MODULE validate
#include <boost/test/unit_test.hpp>

// testdata.hpp before print.hpp (see conformance/decode_vectors.cpp: -Wshadow).
#include "support/testdata.hpp"
#include "support/vector_files.hpp"
#include "support/error_kind_rule.hpp"
#include "support/print.hpp"
#include "support/random_utf8.hpp"  // hex_of, encode_by_table_3_6
#include "support/test_iterators.hpp"

#include <utf8view/decode_view.hpp>
#include <utf8view/null_terminated.hpp>

#include <array>
#include <cstddef>
#include <list>
#include <optional>
#include <ranges>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace u8v = utf8view;
namespace t = utf8view_test;
using u8v::error_kind;
using u8v::validation_result;

namespace {

// Rows: at least this many (the file has more; new rows are tested too).
constexpr std::size_t minimum_rows = 500;
// UTF-8-test.txt has 300 lines.
constexpr std::size_t minimum_kuhn_lines = 250;

validation_result valid_result(std::size_t size)
{
    return {std::nullopt, size};
}

// What validate must say for `bytes` whose first ill-formed maximal subpart
// starts at `first_invalid` (-1: none), by the documented error-kind table.
validation_result expected_for(std::string_view bytes, long first_invalid)
{
    if (first_invalid < 0) return valid_result(bytes.size());
    const auto offset = static_cast<std::size_t>(first_invalid);
    return {t::expected_error_kind(bytes, offset), offset};
}

std::span<const std::byte> as_bytes(std::string_view s)
{
    return std::as_bytes(std::span(s.data(), s.size()));
}
std::u8string as_u8string(std::string_view s)
{
    return std::u8string(s.begin(), s.end());
}

// validate over each kind of range holding `bytes`. The contiguous ones go
// to the kernel when `bytes` has 32 bytes or more; the others never do.
void check_every_range(std::string_view bytes, const validation_result& expected)
{
    const std::string copy(bytes);
    BOOST_TEST(u8v::validate(bytes) == expected);                           // contiguous: string_view
    BOOST_TEST(u8v::validate(copy) == expected);                            // std::string lvalue
    BOOST_TEST(u8v::validate(std::string(bytes)) == expected);              // rvalue, not borrowed
    BOOST_TEST(u8v::validate(as_bytes(bytes)) == expected);                 // span<const std::byte>
    BOOST_TEST(u8v::validate(as_u8string(bytes)) == expected);              // u8string
    const std::vector<unsigned char> unsigned_bytes(bytes.begin(), bytes.end());
    BOOST_TEST(u8v::validate(unsigned_bytes) == expected);                  // vector<unsigned char>
    BOOST_TEST(u8v::validate(t::contiguous_test_range<const char, true, true>(copy)) == expected);
    BOOST_TEST(u8v::validate(std::list<char>(bytes.begin(), bytes.end())) == expected);  // bidirectional
    BOOST_TEST(u8v::validate(t::forward_test_range<const char>(copy)) == expected);
    BOOST_TEST(u8v::validate(t::input_test_range<const char>(copy)) == expected);       // single pass
    BOOST_TEST(u8v::validate(t::move_only_input_test_range<const char>(copy)) == expected);
    BOOST_TEST(u8v::is_valid(bytes) == expected.valid());
    BOOST_TEST(u8v::is_valid(std::list<char>(bytes.begin(), bytes.end())) == expected.valid());
}

// What views::decode(on_error::throw_exception) reports, as a validation_result.
validation_result by_throwing_decoder(std::string_view bytes)
{
    try {
        for (char32_t c : bytes | u8v::views::decode(u8v::on_error::throw_exception)) static_cast<void>(c);
    }
    catch (const u8v::decode_error& error) {
        return {error.kind(), error.offset()};
    }
    return valid_result(bytes.size());
}

// A row of the file (support/vector_files.hpp).
using decode_row = t::decode_vector;

const std::vector<decode_row>& decode_rows()
{
    static const std::vector<decode_row> rows = t::read_decode_vectors();
    BOOST_TEST_REQUIRE(rows.size() >= minimum_rows);
    return rows;
}

}  // namespace

// ---------------------------------------------------------------------------
// Constant evaluation: each check runs at compile time and at run time

namespace {

constexpr validation_result validate_sv(std::string_view bytes)
{
    return u8v::validate(bytes);
}

// The README's example, one maximal subpart of each error kind and valid
// sequences that look suspicious (Unicode 15.0 ch. 3, Table 3-7 and §3.9;
// kinds by the table on `error_kind`), with their results.
constexpr bool examples_hold()
{
    bool ok = true;
    const auto is = [&ok](validation_result r, std::optional<error_kind> kind, std::size_t offset) {
        ok = ok && r.kind == kind && r.offset == offset && r.valid() == !kind.has_value();
    };
    is(validate_sv("\xC3\x86r\xC3\xB8 \xC0\xAE"), error_kind::overlong, 6);  // the README's example
    is(validate_sv("\xC2\x41\x42"), error_kind::truncated_sequence, 0);
    is(validate_sv("\x2F\xC0\xAE\x2E\x2F"), error_kind::overlong, 1);
    is(validate_sv("\xE0\x80\x80"), error_kind::overlong, 0);
    is(validate_sv("\xED\xA0\x80"), error_kind::surrogate, 0);
    is(validate_sv("\xF4\x90\x80\x80"), error_kind::out_of_range, 0);
    is(validate_sv("\xF0\x90\x80"), error_kind::truncated_sequence, 0);
    is(validate_sv("\x80"), error_kind::unexpected_continuation_byte, 0);
    is(validate_sv("\xFF"), error_kind::invalid_lead_byte, 0);
    is(validate_sv("\xEF\xBB\xBF"), std::nullopt, 3);  // a BOM is a character
    is(validate_sv("\xEF\xBF\xBF"), std::nullopt, 3);  // noncharacters are valid
    is(validate_sv(""), std::nullopt, 0);
    // Longer than the run-time SIMD threshold: still the scalar loop here.
    is(validate_sv("0123456789abcdef0123456789abcdef0123456789\xE2\x82"), error_kind::truncated_sequence, 42);
    // Other code unit types and ranges.
    constexpr std::array<unsigned char, 4> emoji = {0xF0, 0x9F, 0x98, 0x80};
    is(u8v::validate(emoji), std::nullopt, 4);
    is(u8v::validate(std::u8string_view(u8"\u00C6r\u00F8")), std::nullopt, 5);
    const std::array<std::byte, 2> lone = {std::byte{0x41}, std::byte{0xBF}};
    is(u8v::validate(lone), error_kind::unexpected_continuation_byte, 1);
    is(u8v::validate(u8v::null_terminated("ab\xC1")), error_kind::overlong, 2);
    // Arrays of unsigned char and std::byte are byte ranges, not string literals.
    constexpr unsigned char euro[] = {0xE2, 0x82, 0xAC};
    is(u8v::validate(euro), std::nullopt, 3);
    constexpr std::byte cut[] = {std::byte{0xE2}, std::byte{0x82}};
    is(u8v::validate(cut), error_kind::truncated_sequence, 0);
    ok = ok && u8v::is_valid(std::string_view("\xE2\x82\xAC")) && !u8v::is_valid(std::string_view("\xE2\x82"));
    return ok;
}

static_assert(examples_hold());
static_assert(u8v::validate(std::string_view("\xC0\xAE")).kind == error_kind::overlong);
static_assert(u8v::validate(std::string_view("abc")).valid());
static_assert(u8v::validate(std::string_view("abc")).offset == 3);
static_assert(noexcept(std::declval<const validation_result&>().valid()));
static_assert(std::same_as<decltype(u8v::validate(std::string_view())), validation_result>);

}  // namespace

BOOST_AUTO_TEST_CASE(examples_at_compile_time_and_run_time)
{
    BOOST_TEST(examples_hold());
}

// ---------------------------------------------------------------------------
// decode_vectors.tsv

BOOST_AUTO_TEST_CASE(every_decode_vector_over_every_range_kind)
{
    for (const decode_row& row : decode_rows()) {
        BOOST_TEST_CONTEXT(row.id << " [" << row.input_hex << "]")
        {
            const validation_result expected = expected_for(row.input, row.first_invalid);
            BOOST_TEST(expected.valid() == (row.first_invalid == -1));
            check_every_range(row.input, expected);
        }
    }
}

BOOST_AUTO_TEST_CASE(every_decode_vector_after_ascii_reaches_the_kernel_at_every_block_position)
{
    // The rows are short: behind an ASCII prefix they cross the SIMD
    // threshold and land at every position of a 64-byte block, and a suffix
    // puts them before, at and after a block end. ASCII before the input
    // shifts the offset; ASCII after it changes nothing about the first error.
    for (const decode_row& row : decode_rows()) {
        for (std::size_t prefix = 0; prefix <= 130; ++prefix) {
            for (const std::size_t suffix : {std::size_t{0}, std::size_t{1}, std::size_t{40}}) {
                const std::string bytes = std::string(prefix, 'a') + row.input + std::string(suffix, 'z');
                const long first_invalid = row.first_invalid < 0 ? -1 : row.first_invalid + static_cast<long>(prefix);
                const validation_result expected = expected_for(bytes, first_invalid);
                const validation_result got = u8v::validate(std::string_view(bytes));
                if (got != expected)  // one message per failure, not 400000 passes
                    BOOST_TEST(got == expected, row.id << " [" << row.input_hex << "] after " << prefix
                                                       << " ASCII bytes, before " << suffix);
            }
        }
    }
}

BOOST_AUTO_TEST_CASE(agrees_with_views_decode_throw_exception_on_every_vector)
{
    for (const decode_row& row : decode_rows())
        BOOST_TEST(u8v::validate(std::string_view(row.input)) == by_throwing_decoder(row.input), row.id);
}

// ---------------------------------------------------------------------------
// UTF-8-test.txt

namespace {

// A line's expected result, from its expected decodings: it is valid iff
// the replace and skip decodings agree (replace adds one U+FFFD per maximal
// subpart, skip drops it). Otherwise the first code point where they differ
// is the first U+FFFD of an error, and the bytes before it are the Table 3-6
// forms of the code points before it.
validation_result expected_for_kuhn_line(std::string_view line, const std::u32string& replace,
                                         const std::u32string& skip)
{
    if (replace == skip) return valid_result(line.size());
    std::size_t index = 0;
    while (index < skip.size() && replace[index] == skip[index]) ++index;
    BOOST_TEST_REQUIRE(replace[index] == char32_t{0xFFFD});
    std::string before;
    for (std::size_t i = 0; i < index; ++i) before += t::encode_by_table_3_6(replace[i]);
    BOOST_TEST_REQUIRE(line.substr(0, before.size()) == before);  // the decodings match the line
    return {t::expected_error_kind(line, before.size()), before.size()};
}

}  // namespace

BOOST_AUTO_TEST_CASE(every_line_of_kuhn_utf8_test)
{
    const std::string text = t::read_testdata("UTF-8-test.txt");
    const std::vector<std::string> lines = t::lines_of(text);
    const std::vector<std::string> replace = t::lines_of(t::read_testdata("UTF-8-test.expected-replace.txt"));
    const std::vector<std::string> skip = t::lines_of(t::read_testdata("UTF-8-test.expected-skip.txt"));
    BOOST_TEST_REQUIRE(lines.size() >= minimum_kuhn_lines);
    BOOST_TEST_REQUIRE(replace.size() == lines.size());
    BOOST_TEST_REQUIRE(skip.size() == lines.size());

    std::size_t invalid_lines = 0;
    std::optional<validation_result> first_error_in_file;
    std::size_t line_start = 0;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const std::string& line = lines[i];
        BOOST_TEST_CONTEXT("UTF-8-test.txt line " << i + 1 << ": [" << t::hex_of(line) << "]")
        {
            const validation_result expected =
                expected_for_kuhn_line(line, t::parse_hex_code_points(replace[i]), t::parse_hex_code_points(skip[i]));
            check_every_range(line, expected);
            if (!expected.valid()) {
                ++invalid_lines;
                if (!first_error_in_file)
                    first_error_in_file = validation_result{expected.kind, line_start + expected.offset};
            }
        }
        line_start += line.size() + 1;  // and its LF
    }
    // The file is a stress test: most of its section 3-5 lines are ill-formed.
    BOOST_TEST(invalid_lines >= 60u);
    // The whole file (long: the kernel) stops at the first ill-formed line.
    BOOST_TEST_REQUIRE(first_error_in_file.has_value());
    BOOST_TEST(u8v::validate(std::string_view(text)) == *first_error_in_file);
    BOOST_TEST(u8v::validate(std::list<char>(text.begin(), text.end())) == *first_error_in_file);
}

// ---------------------------------------------------------------------------
// Ranges and lengths

BOOST_AUTO_TEST_CASE(valid_text_of_every_length_around_the_threshold_and_blocks)
{
    // "Ærø€😀" repeated: every length 0..300 cut at code point boundaries is
    // valid, and every other cut is a truncated sequence at the cut's lead.
    std::string text;
    while (text.size() < 300) text += "\xC3\x86r\xC3\xB8\xE2\x82\xAC\xF0\x9F\x98\x80";
    for (std::size_t length = 0; length <= 300; ++length) {
        const std::string_view cut = std::string_view(text).substr(0, length);
        std::size_t boundary = length;
        while (boundary > 0 && boundary < text.size() && (static_cast<unsigned char>(text[boundary]) & 0xC0) == 0x80)
            --boundary;
        const validation_result expected =
            boundary == length ? valid_result(length) : validation_result{error_kind::truncated_sequence, boundary};
        BOOST_TEST(u8v::validate(cut) == expected, "length " << length);
        BOOST_TEST(u8v::validate(std::list<char>(cut.begin(), cut.end())) == expected, "length " << length);
    }
}

BOOST_AUTO_TEST_CASE(arrays_of_unsigned_char_and_std_byte_reach_the_kernel)
{
    unsigned char raw[100];
    std::byte as_bytes_array[100];
    for (std::size_t i = 0; i < 100; ++i) {
        raw[i] = static_cast<unsigned char>('a' + i % 26);
        as_bytes_array[i] = std::byte{0x30};
    }
    raw[70] = 0xF5;
    as_bytes_array[99] = std::byte{0xC3};
    BOOST_TEST(u8v::validate(raw) == (validation_result{error_kind::out_of_range, 70}));
    BOOST_TEST(u8v::validate(as_bytes_array) == (validation_result{error_kind::truncated_sequence, 99}));
    BOOST_TEST(!u8v::is_valid(raw));
}

BOOST_AUTO_TEST_CASE(null_terminated_and_sentinel_ranges_take_the_scalar_loop)
{
    const std::string text = std::string(100, 'x') + "\xED\xA0\x80" + std::string(10, 'y');
    BOOST_TEST(u8v::validate(u8v::null_terminated(text.c_str())) == (validation_result{error_kind::surrogate, 100}));
    BOOST_TEST(u8v::validate(t::input_test_range<const char, false, true>(text)) ==
               (validation_result{error_kind::surrogate, 100}));
}
