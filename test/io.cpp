// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.

// operator<< of <utf8view/io.hpp>: each error type prints the text its
// header comment documents. Expected texts are written out here: the kind
// names are those of the header comment of <utf8view/error.hpp> and of
// doc/reference.md (not taken from to_string), the rest the formats of
// <utf8view/io.hpp>. The values the library itself reports come from Unicode
// 15.0 Table 3-7 and §3.9 (C0 starts no well-formed sequence; after ED
// only 80..9F may follow, A0..BF would encode a surrogate) and D91 (a lone
// D800 in UTF-16).
// std::formatter: test/portability/std_format.cpp; fmt::formatter:
// test/interop/fmt.cpp.

#include <utf8view/io.hpp>  // first: the header is self-contained

#define BOOST_TEST_MODULE io
#include <boost/test/unit_test.hpp>

#include "support/print.hpp"

#include <utf8view/decode_view.hpp>
#include <utf8view/encode_view.hpp>
#include <utf8view/utf16.hpp>
#include <utf8view/validate.hpp>

#include <array>
#include <cstdint>
#include <iomanip>
#include <limits>
#include <optional>
#include <ostream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace u8v = utf8view;

namespace {

using kind = u8v::error_kind;

template <class T>
std::string printed(const T& value)
{
    std::ostringstream out;
    out << value;
    return out.str();
}

// What the operators must not catch: types of the namespace that have no
// operator<< of their own (the exceptions, the policies) stay unprintable,
// and so does std::optional<error_kind>.
template <class T>
constexpr bool printable = requires(std::ostream& out, const T& value) { out << value; };

static_assert(printable<u8v::error_kind>);
static_assert(printable<u8v::decode_error_info>);
static_assert(printable<u8v::encode_error_info>);
static_assert(printable<u8v::validation_result>);
static_assert(!printable<u8v::decode_error>);
static_assert(!printable<u8v::on_error::replace_t>);
static_assert(!printable<std::optional<u8v::error_kind>>);

}  // namespace

// Found by argument-dependent lookup alone, even from a namespace whose own
// operator<< hides every other one from ordinary lookup.
namespace io_test_elsewhere {
struct local {};
[[maybe_unused]] std::ostream& operator<<(std::ostream& out, local)
{
    return out;
}
std::string print_from_here(u8v::error_kind k)
{
    std::ostringstream out;
    out << k;
    return out.str();
}
}  // namespace io_test_elsewhere

BOOST_AUTO_TEST_CASE(every_error_kind_prints_its_documented_name)
{
    BOOST_TEST(printed(kind::truncated_sequence) == "truncated_sequence");
    BOOST_TEST(printed(kind::unexpected_continuation_byte) == "unexpected_continuation_byte");
    BOOST_TEST(printed(kind::overlong) == "overlong");
    BOOST_TEST(printed(kind::surrogate) == "surrogate");
    BOOST_TEST(printed(kind::out_of_range) == "out_of_range");
    BOOST_TEST(printed(kind::invalid_lead_byte) == "invalid_lead_byte");
    BOOST_TEST(printed(kind::unpaired_surrogate) == "unpaired_surrogate");
    BOOST_TEST(io_test_elsewhere::print_from_here(kind::surrogate) == "surrogate");
}

BOOST_AUTO_TEST_CASE(a_value_outside_the_enumeration_prints_its_number)
{
    BOOST_TEST(printed(static_cast<kind>(0)) == "unknown(0)");  // zero: "no error" in storage
    BOOST_TEST(printed(static_cast<kind>(8)) == "unknown(8)");  // one past unpaired_surrogate
    BOOST_TEST(printed(static_cast<kind>(200)) == "unknown(200)");
    BOOST_TEST(printed(static_cast<kind>(255)) == "unknown(255)");
}

BOOST_AUTO_TEST_CASE(the_text_is_one_string_for_width_and_fill)
{
    std::ostringstream out;
    out << std::setw(12) << std::left << std::setfill('.') << kind::overlong << '|';
    out << std::setw(36) << std::right << u8v::decode_error_info{kind::overlong, 3, 2} << '|';
    out << kind::surrogate << '|';  // the width applied once, to the one insertion after it
    BOOST_TEST(out.str() == "overlong....|..overlong at byte offset 3, 2 bytes|surrogate|");
}

BOOST_AUTO_TEST_CASE(decode_error_info_prints_kind_byte_offset_and_length)
{
    BOOST_TEST(printed(u8v::decode_error_info{kind::overlong, 12, 2}) == "overlong at byte offset 12, 2 bytes");
    BOOST_TEST(printed(u8v::decode_error_info{kind::truncated_sequence, 0, 1}) ==
               "truncated_sequence at byte offset 0, 1 byte");
    BOOST_TEST(printed(u8v::decode_error_info{kind::truncated_sequence, 5, 3}) ==
               "truncated_sequence at byte offset 5, 3 bytes");
    BOOST_TEST(printed(u8v::decode_error_info{kind::unexpected_continuation_byte, 1, 1}) ==
               "unexpected_continuation_byte at byte offset 1, 1 byte");
    BOOST_TEST(printed(u8v::decode_error_info{kind::surrogate, 4294967313, 1}) ==  // 2^32 + 17
               "surrogate at byte offset 4294967313, 1 byte");
    BOOST_TEST(printed(u8v::decode_error_info{kind::invalid_lead_byte, std::numeric_limits<std::uint64_t>::max(), 1}) ==
               "invalid_lead_byte at byte offset 18446744073709551615, 1 byte");
}

BOOST_AUTO_TEST_CASE(decode_error_info_of_utf16_input_counts_code_units)
{
    BOOST_TEST(printed(u8v::decode_error_info{kind::unpaired_surrogate, 7, 1}) ==
               "unpaired_surrogate at code unit offset 7, 1 code unit");
    BOOST_TEST(printed(u8v::decode_error_info{kind::unpaired_surrogate, 0, 2}) ==
               "unpaired_surrogate at code unit offset 0, 2 code units");
}

BOOST_AUTO_TEST_CASE(decode_error_info_prints_fields_as_they_are)
{
    BOOST_TEST(printed(u8v::decode_error_info{static_cast<kind>(0), 3, 0}) == "unknown(0) at byte offset 3, 0 bytes");
    BOOST_TEST(printed(u8v::decode_error_info{kind::out_of_range, 9, 255}) ==
               "out_of_range at byte offset 9, 255 bytes");
}

BOOST_AUTO_TEST_CASE(encode_error_info_prints_kind_value_and_code_point_offset)
{
    BOOST_TEST(printed(u8v::encode_error_info{kind::surrogate, 3, 0xD800}) ==
               "surrogate U+D800 at code point offset 3");
    BOOST_TEST(printed(u8v::encode_error_info{kind::surrogate, 0, 0xDFFF}) ==
               "surrogate U+DFFF at code point offset 0");
    BOOST_TEST(printed(u8v::encode_error_info{kind::out_of_range, 0, 0x110000}) ==
               "out_of_range 0x110000 at code point offset 0");
    BOOST_TEST(printed(u8v::encode_error_info{kind::out_of_range, 5, -1}) ==
               "out_of_range -0x1 at code point offset 5");
    BOOST_TEST(printed(u8v::encode_error_info{kind::out_of_range, 1, std::numeric_limits<std::int64_t>::max()}) ==
               "out_of_range 0x7FFFFFFFFFFFFFFF at code point offset 1");
    BOOST_TEST(printed(u8v::encode_error_info{kind::out_of_range, 2, std::numeric_limits<std::int64_t>::min()}) ==
               "out_of_range -0x8000000000000000 at code point offset 2");
}

BOOST_AUTO_TEST_CASE(encode_error_info_writes_code_points_with_four_to_six_digits)
{
    // Fields as they are: these kinds do not go with these values.
    BOOST_TEST(printed(u8v::encode_error_info{kind::out_of_range, 0, 0}) ==
               "out_of_range U+0000 at code point offset 0");
    BOOST_TEST(printed(u8v::encode_error_info{kind::out_of_range, 0, 0x41}) ==
               "out_of_range U+0041 at code point offset 0");
    BOOST_TEST(printed(u8v::encode_error_info{kind::out_of_range, 0, 0x1F600}) ==
               "out_of_range U+1F600 at code point offset 0");
    BOOST_TEST(printed(u8v::encode_error_info{kind::out_of_range, 0, 0x10FFFF}) ==
               "out_of_range U+10FFFF at code point offset 0");
    BOOST_TEST(printed(u8v::encode_error_info{static_cast<kind>(9), 4, 0xD800}) ==
               "unknown(9) U+D800 at code point offset 4");
}

BOOST_AUTO_TEST_CASE(validation_result_prints_valid_or_the_first_error)
{
    BOOST_TEST(printed(u8v::validation_result{std::nullopt, 12}) == "valid (12 code units)");
    BOOST_TEST(printed(u8v::validation_result{std::nullopt, 1}) == "valid (1 code unit)");
    BOOST_TEST(printed(u8v::validation_result{std::nullopt, 0}) == "valid (0 code units)");
    BOOST_TEST(printed(u8v::validation_result{kind::overlong, 12}) == "overlong at byte offset 12");
    BOOST_TEST(printed(u8v::validation_result{kind::truncated_sequence, 0}) == "truncated_sequence at byte offset 0");
    BOOST_TEST(printed(u8v::validation_result{kind::unpaired_surrogate, 7}) ==
               "unpaired_surrogate at code unit offset 7");
    BOOST_TEST(printed(u8v::validation_result{static_cast<kind>(0), 1}) == "unknown(0) at byte offset 1");
}

BOOST_AUTO_TEST_CASE(what_the_library_reports_prints_as_documented)
{
    // validate: "ab" then C0 AE.
    BOOST_TEST(printed(u8v::validate(std::string_view("ab\xC0\xAE"))) == "overlong at byte offset 2");
    BOOST_TEST(printed(u8v::validate(std::string_view("\xC3\x86r"))) == "valid (3 code units)");
    const std::array<char16_t, 3> lone_high = {u'a', char16_t{0xD800}, u'b'};
    BOOST_TEST(printed(u8v::validate_utf16(lone_high)) == "unpaired_surrogate at code unit offset 1");

    // A decoding policy: "x", E1 80 cut short by "y" (one maximal subpart
    // of 2 bytes), then ED A0 (ED would start a surrogate: ED alone, then A0
    // alone).
    std::vector<std::string> told;
    const auto record = [&told](const u8v::decode_error_info& info) -> std::optional<char32_t> {
        told.push_back(printed(info));
        return std::nullopt;
    };
    for ([[maybe_unused]] char32_t c : std::string_view("x\xE1\x80y\xED\xA0") | u8v::views::decode(record)) {}
    BOOST_TEST_REQUIRE(told.size() == 3u);
    BOOST_TEST(told[0] == "truncated_sequence at byte offset 1, 2 bytes");
    BOOST_TEST(told[1] == "surrogate at byte offset 4, 1 byte");
    BOOST_TEST(told[2] == "unexpected_continuation_byte at byte offset 5, 1 byte");

    // An encoding policy: U+0041, then U+DC00 and 0x110000.
    std::vector<std::string> encode_told;
    const auto record_value = [&encode_told](const u8v::encode_error_info& info) -> std::optional<char32_t> {
        encode_told.push_back(printed(info));
        return std::nullopt;
    };
    const std::array<char32_t, 3> values = {U'A', char32_t{0xDC00}, char32_t{0x110000}};
    for ([[maybe_unused]] char8_t b : values | u8v::views::encode(record_value)) {}
    BOOST_TEST_REQUIRE(encode_told.size() == 2u);
    BOOST_TEST(encode_told[0] == "surrogate U+DC00 at code point offset 1");
    BOOST_TEST(encode_told[1] == "out_of_range 0x110000 at code point offset 2");
}
