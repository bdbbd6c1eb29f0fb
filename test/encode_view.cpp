// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.

#include <utf8view/encode_view.hpp>  // first: the header is self-contained

#define BOOST_TEST_MODULE encode_view
#include <boost/test/unit_test.hpp>

#include "support/print.hpp"

#include <utf8view/decode_view.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <forward_list>
#include <list>
#include <ranges>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace u8v = utf8view;
using namespace std::string_view_literals;

namespace {

template <class View>
std::string encoded(View&& view)
{
    std::string out;
    for (auto code_unit : view) out.push_back(static_cast<char>(code_unit));
    return out;
}

template <class View>
std::string encoded_backwards(View&& view)
{
    std::string out;
    const auto first = view.begin();
    for (auto it = view.end(); it != first;) out.insert(out.begin(), static_cast<char>(*--it));
    return out;
}

}  // namespace

// Expected bytes are from the Unicode code charts and Table 3-6:
// U+0041 = 41, U+00C6 = C3 86, U+20AC = E2 82 AC, U+1F600 = F0 9F 98 80,
// U+FFFD = EF BF BD.

BOOST_AUTO_TEST_CASE(each_length_of_table_3_6_forwards_and_backwards)
{
    const std::u32string_view code_points = U"A\u00C6\u20AC\U0001F600";
    const std::string expected = "\x41\xC3\x86\xE2\x82\xAC\xF0\x9F\x98\x80";
    BOOST_TEST(encoded(code_points | u8v::views::encode) == expected);
    BOOST_TEST(encoded_backwards(code_points | u8v::views::encode) == expected);
    std::list<char32_t> list(code_points.begin(), code_points.end());
    BOOST_TEST(encoded_backwards(list | u8v::views::encode) == expected);
}

BOOST_AUTO_TEST_CASE(element_type_is_the_requested_code_unit)
{
    const std::u32string_view code_points = U"\u00C6";
    static_assert(std::same_as<std::ranges::range_value_t<decltype(code_points | u8v::views::encode)>, char8_t>);
    static_assert(std::same_as<std::ranges::range_value_t<decltype(code_points | u8v::views::encode_as<char>)>, char>);
    static_assert(
        std::same_as<std::ranges::range_value_t<decltype(code_points | u8v::views::encode_as<std::byte>)>, std::byte>);
    std::vector<std::byte> bytes;
    for (std::byte byte : code_points | u8v::views::encode_as<std::byte>) bytes.push_back(byte);
    BOOST_TEST(bytes == (std::vector<std::byte>{std::byte{0xC3}, std::byte{0x86}}));
}

BOOST_AUTO_TEST_CASE(values_that_are_not_scalar_values_follow_the_policy)
{
    // D800 is a surrogate, 110000 is above U+10FFFF (Unicode 15.0 D76).
    const std::u32string_view code_points = U"A\xD800"
                                            "B\x110000";
    BOOST_TEST(encoded(code_points | u8v::views::encode) == "A\xEF\xBF\xBD"
                                                            "B\xEF\xBF\xBD");
    BOOST_TEST(encoded(code_points | u8v::views::encode(u8v::on_error::skip)) == "AB");
    BOOST_TEST(encoded_backwards(code_points | u8v::views::encode(u8v::on_error::skip)) == "AB");
    try {
        static_cast<void>(encoded(code_points | u8v::views::encode(u8v::on_error::throw_exception)));
        BOOST_FAIL("no exception");
    }
    catch (const u8v::encode_error& error) {
        BOOST_TEST(error.kind() == u8v::error_kind::surrogate);
        BOOST_TEST(error.offset() == 1u);
        BOOST_TEST(error.value() == 0xD800);
    }
}

BOOST_AUTO_TEST_CASE(wide_and_signed_values_are_never_truncated_into_range)
{
    // 0x1'0000'0041 would be 'A' if cut to 32 bits; -1 would be FFFFFFFF.
    const std::vector<std::int64_t> values = {0x100000041, -1, 0x41};
    BOOST_TEST(encoded(values | u8v::views::encode(u8v::on_error::skip)) == "A");
    try {
        static_cast<void>(encoded(values | u8v::views::encode(u8v::on_error::throw_exception)));
        BOOST_FAIL("no exception");
    }
    catch (const u8v::encode_error& error) {
        BOOST_TEST(error.kind() == u8v::error_kind::out_of_range);
        BOOST_TEST(error.offset() == 0u);
        BOOST_TEST(error.value() == 0x100000041);
    }
    const std::vector<int> negative = {-5};
    BOOST_TEST(encoded(negative | u8v::views::encode) == "\xEF\xBF\xBD");
}

BOOST_AUTO_TEST_CASE(error_marks_the_bytes_of_a_replacement)
{
    auto view = U"\xDFFF"
                "A"sv |
                u8v::views::encode;
    auto it = view.begin();
    for (int index = 0; index < 3; ++index, ++it)
        BOOST_TEST(it.error() == std::optional<u8v::error_kind>(u8v::error_kind::surrogate));
    BOOST_TEST(*it == u8'A');
    BOOST_TEST(!it.error().has_value());
}

BOOST_AUTO_TEST_CASE(base_is_the_code_point_being_encoded)
{
    const std::u32string_view code_points = U"\u00C6Z";
    auto view = code_points | u8v::views::encode;
    auto it = view.begin();
    BOOST_TEST((it.base() - code_points.begin()) == 0);
    ++it;
    BOOST_TEST((it.base() - code_points.begin()) == 0);  // second byte of C3 86
    ++it;
    BOOST_TEST((it.base() - code_points.begin()) == 1);
}

BOOST_AUTO_TEST_CASE(forward_and_input_bases)
{
    std::forward_list<char32_t> forward = {U'\u20AC', U'x'};
    BOOST_TEST(encoded(forward | u8v::views::encode) == "\xE2\x82\xAC"
                                                        "x");
    // An input range of code points: decoded bytes read from a stream.
    std::istringstream stream("\xE2\x82\xAC"
                              "x\xFF");
    auto bytes = std::ranges::subrange(std::istreambuf_iterator<char>(stream), std::istreambuf_iterator<char>());
    auto round_trip = bytes | u8v::views::decode | u8v::views::encode_as<char>;
    static_assert(!std::ranges::forward_range<decltype(round_trip)>);
    BOOST_TEST(encoded(round_trip) == "\xE2\x82\xAC"
                                      "x\xEF\xBF\xBD");
}

BOOST_AUTO_TEST_CASE(decode_then_encode_is_the_identity_on_valid_text)
{
    const std::string_view text = "\xC3\x86r\xC3\xB8 \xF0\x9F\x98\x80 \xEF\xBB\xBF";
    BOOST_TEST(encoded(text | u8v::views::decode | u8v::views::encode_as<char>) == text);
}

namespace {
constexpr bool encodes_at_compile_time()
{
    constexpr std::array<char32_t, 5> code_points = {0x41, 0xC6, 0x20AC, 0x1F600, 0xD800};
    constexpr std::array<unsigned char, 13> expected = {0x41, 0xC3, 0x86, 0xE2, 0x82, 0xAC, 0xF0,
                                                        0x9F, 0x98, 0x80, 0xEF, 0xBF, 0xBD};
    auto view = code_points | u8v::views::encode_as<unsigned char>;
    return std::ranges::equal(view, expected) &&
           std::ranges::equal(view | std::views::reverse, expected | std::views::reverse);
}
static_assert(encodes_at_compile_time());
}  // namespace

BOOST_AUTO_TEST_CASE(encodes_in_constant_expressions_and_at_run_time)
{
    BOOST_TEST(encodes_at_compile_time());
}

BOOST_AUTO_TEST_CASE(a_throwing_policy_leaves_the_iterator_where_it_was)
{
    // 'a', then D800 (a surrogate, Unicode 15.0 D71), then 'c'.
    const std::u32string_view code_points = U"a\xD800"
                                            "c";
    auto view = code_points | u8v::views::encode(u8v::on_error::throw_exception);
    auto it = view.begin();
    BOOST_REQUIRE(*it == u8'a');
    BOOST_CHECK_THROW(++it, u8v::encode_error);
    BOOST_TEST(*it == u8'a');
    BOOST_TEST((it.base() - code_points.begin()) == 0);

    auto back = std::ranges::prev(view.end());
    BOOST_REQUIRE(*back == u8'c');
    BOOST_CHECK_THROW(--back, u8v::encode_error);
    BOOST_TEST(*back == u8'c');
    BOOST_TEST((back.base() - code_points.begin()) == 2);
}
