// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.

#include <utf8view/decode_view.hpp>  // first: the header is self-contained

#define BOOST_TEST_MODULE decode_view
#include <boost/test/unit_test.hpp>

#include "support/print.hpp"
#include "support/test_iterators.hpp"

#include <utf8view/null_terminated.hpp>

#include <algorithm>
#include <array>
#include <cstddef>
#include <forward_list>
#include <list>
#include <optional>
#include <ranges>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace u8v = utf8view;
using namespace std::string_view_literals;

namespace {

using utf8view_test::code_points;
using utf8view_test::to_code_points;

// The code points a view yields, forwards.
template <class View>
code_points decoded(View&& view)
{
    code_points out;
    for (char32_t code_point : view) out.push_back(code_point);
    return out;
}

// The code points a common bidirectional view yields, backwards, put back in
// forward order.
template <class View>
code_points decoded_backwards(View&& view)
{
    code_points out;
    for (auto it = view.end(); it != view.begin();) out.insert(out.begin(), *--it);
    return out;
}

// Byte offsets (base() - begin) of each element.
std::vector<std::ptrdiff_t> offsets(std::string_view bytes)
{
    std::vector<std::ptrdiff_t> out;
    auto view = bytes | u8v::views::decode;
    for (auto it = view.begin(); it != view.end(); ++it) out.push_back(it.base() - bytes.begin());
    return out;
}

}  // namespace

// Unicode 15.0 ch. 3 §3.9 (Table 3-8 and the examples that follow it) and
// WHATWG's decoder: one maximal subpart of each error kind, and valid
// sequences that look suspicious (a BOM, a noncharacter).
BOOST_AUTO_TEST_SUITE(replace_policy)

BOOST_AUTO_TEST_CASE(bad_lead_byte_does_not_swallow_following_ascii)
{
    BOOST_TEST(decoded("\xC2\x41\x42"sv | u8v::views::decode) == to_code_points(U"\uFFFD\x41\x42"));
    BOOST_TEST(offsets("\xC2\x41\x42"sv) == (std::vector<std::ptrdiff_t>{0, 1, 2}));
}

BOOST_AUTO_TEST_CASE(one_replacement_per_maximal_subpart_table_3_8)
{
    // Unicode 15.0 §3.9, Table 3-8: 61 F1 80 80 E1 80 C2 62 80 63 80 BF 64
    // -> 0061 FFFD FFFD FFFD 0062 FFFD 0063 FFFD FFFD 0064.
    const std::string_view bytes = "\x61\xF1\x80\x80\xE1\x80\xC2\x62\x80\x63\x80\xBF\x64";
    const code_points expected = to_code_points(U"\x61\uFFFD\uFFFD\uFFFD\x62\uFFFD\x63\uFFFD\uFFFD\x64");
    BOOST_TEST(decoded(bytes | u8v::views::decode) == expected);
    BOOST_TEST(decoded_backwards(bytes | u8v::views::decode) == expected);
    BOOST_TEST(offsets(bytes) == (std::vector<std::ptrdiff_t>{0, 1, 4, 6, 7, 8, 9, 10, 11, 12}));
}

BOOST_AUTO_TEST_CASE(one_subpart_of_each_error_kind_and_valid_edge_cases)
{
    struct row {
        std::string_view bytes;
        std::u32string_view expected;
    };
    const row rows[] = {
        {"\x2F\xC0\xAE\x2E\x2F", U"\x2F\uFFFD\uFFFD\x2E\x2F"},
        {"\xE0\x80\x80", U"\uFFFD\uFFFD\uFFFD"},
        {"\xED\xA0\x80", U"\uFFFD\uFFFD\uFFFD"},
        {"\xF4\x90\x80\x80", U"\uFFFD\uFFFD\uFFFD\uFFFD"},
        {"\xF0\x90\x80", U"\uFFFD"},
        {"\x80", U"\uFFFD"},
        {"\xFF", U"\uFFFD"},
        {"\xEF\xBB\xBF", U"\uFEFF"},  // a BOM is a character
        {"\xEF\xBF\xBF", U"\uFFFF"},  // noncharacters are valid
    };
    for (const row& r : rows) {
        BOOST_TEST_CONTEXT("bytes of length " << r.bytes.size())
        {
            BOOST_TEST(decoded(r.bytes | u8v::views::decode) == to_code_points(r.expected));
            BOOST_TEST(decoded_backwards(r.bytes | u8v::views::decode) == to_code_points(r.expected));
        }
    }
}

BOOST_AUTO_TEST_CASE(error_tells_a_replacement_from_a_real_replacement_character)
{
    // EF BF BD is a well-formed U+FFFD; FF is not UTF-8 at all.
    const std::string_view bytes = "\xEF\xBF\xBD\xFF";
    auto view = bytes | u8v::views::decode;
    auto it = view.begin();
    BOOST_TEST(*it == U'\uFFFD');
    BOOST_TEST(!it.error().has_value());
    BOOST_TEST(it.code_unit_count() == 3u);
    ++it;
    BOOST_TEST(*it == U'\uFFFD');
    BOOST_REQUIRE(it.error().has_value());
    BOOST_TEST(*it.error() == u8v::error_kind::invalid_lead_byte);
    BOOST_TEST(it.code_unit_count() == 1u);
    ++it;
    BOOST_TEST((it == view.end()));
}

BOOST_AUTO_TEST_CASE(code_units_are_the_bytes_of_the_element)
{
    // U+00C6 is C3 86 and U+0072 is 72 (Unicode code charts); F0 9F 98 is a
    // truncated 4-byte sequence: one maximal subpart of 3 bytes.
    const std::string_view bytes = "\xC3\x86\x72\xF0\x9F\x98";
    auto view = bytes | u8v::views::decode;
    std::vector<std::string_view> pieces;
    for (auto it = view.begin(); it != view.end(); ++it) {
        auto units = it.code_units();
        pieces.emplace_back(std::to_address(units.begin()), units.size());
    }
    BOOST_TEST(pieces == (std::vector<std::string_view>{"\xC3\x86", "\x72", "\xF0\x9F\x98"}));
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(skip_policy)

BOOST_AUTO_TEST_CASE(drops_each_maximal_subpart_and_keeps_a_real_replacement_character)
{
    const std::string_view bytes = "\xC0\xAE\x41\xEF\xBF\xBD\xED\xA0\x80\x42\xF0\x9F\x98";
    auto view = bytes | u8v::views::decode(u8v::on_error::skip);
    BOOST_TEST(decoded(view) == to_code_points(U"\x41\uFFFD\x42"));
    BOOST_TEST(decoded_backwards(view) == to_code_points(U"\x41\uFFFD\x42"));
    for (auto it = view.begin(); it != view.end(); ++it) BOOST_TEST(!it.error().has_value());
}

BOOST_AUTO_TEST_CASE(all_errors_make_an_empty_view)
{
    auto view = "\x80\xFF\xC0"sv | u8v::views::decode(u8v::on_error::skip);
    BOOST_TEST(view.empty());
    BOOST_TEST((view.begin() == view.end()));
}

BOOST_AUTO_TEST_CASE(leading_errors_are_skipped_by_begin)
{
    const std::string_view bytes = "\x80\x80\x41";
    auto view = bytes | u8v::views::decode(u8v::on_error::skip);
    BOOST_TEST(*view.begin() == U'A');
    BOOST_TEST((view.begin().base() - bytes.begin()) == 2);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(throw_policy)

BOOST_AUTO_TEST_CASE(throws_kind_and_byte_offset_of_the_first_maximal_subpart)
{
    // The README's example: "Ærø \xC0\xAE" -> overlong at byte 6 (C0 starts
    // no sequence of Table 3-7).
    const std::string_view bytes = "\xC3\x86r\xC3\xB8 \xC0\xAE";
    code_points before;
    try {
        for (char32_t code_point : bytes | u8v::views::decode(u8v::on_error::throw_exception))
            before.push_back(code_point);
        BOOST_FAIL("no exception");
    }
    catch (const u8v::decode_error& error) {
        BOOST_TEST(error.kind() == u8v::error_kind::overlong);
        BOOST_TEST(error.offset() == 6u);
        BOOST_TEST(std::string_view(error.what()).find("overlong") != std::string_view::npos);
    }
    BOOST_TEST(before == to_code_points(U"\u00C6r\u00F8 "));
}

BOOST_AUTO_TEST_CASE(is_a_runtime_error)
{
    BOOST_CHECK_THROW((void)("\xFF"sv | u8v::views::decode(u8v::on_error::throw_exception)).begin(),
                      std::runtime_error);
}

BOOST_AUTO_TEST_CASE(offsets_are_counted_over_every_base_category)
{
    // ED A0 80 is a surrogate (Table 3-7 row 5: ED takes 80..9F second).
    const std::string_view bytes = "\x61\xC3\xA9\xED\xA0\x80";
    const auto offset_over = [](auto&& range) -> std::optional<std::size_t> {
        try {
            for (char32_t code_point : range | u8v::views::decode(u8v::on_error::throw_exception))
                static_cast<void>(code_point);
        }
        catch (const u8v::decode_error& error) {
            BOOST_TEST(error.kind() == u8v::error_kind::surrogate);
            return error.offset();
        }
        return std::nullopt;
    };
    std::list<char> list(bytes.begin(), bytes.end());
    std::forward_list<char> forward_list(bytes.begin(), bytes.end());
    std::istringstream stream{std::string(bytes)};
    auto input = std::ranges::subrange(std::istreambuf_iterator<char>(stream), std::istreambuf_iterator<char>());
    BOOST_TEST(offset_over(bytes) == std::optional<std::size_t>(3));
    BOOST_TEST(offset_over(list) == std::optional<std::size_t>(3));
    BOOST_TEST(offset_over(forward_list) == std::optional<std::size_t>(3));
    BOOST_TEST(offset_over(input) == std::optional<std::size_t>(3));
}

BOOST_AUTO_TEST_CASE(offsets_are_right_backwards_from_the_end)
{
    // Backwards, the last error is met first: the lone C3 at byte 4.
    const std::string_view bytes = "\xFF\x61\x62\x63\xC3";
    std::list<char> list(bytes.begin(), bytes.end());
    for (const bool use_list : {false, true}) {
        BOOST_TEST_CONTEXT((use_list ? "std::list" : "std::string_view"))
        try {
            if (use_list) {
                auto view = list | u8v::views::decode(u8v::on_error::throw_exception);
                static_cast<void>(*--view.end());
            }
            else {
                auto view = bytes | u8v::views::decode(u8v::on_error::throw_exception);
                static_cast<void>(*--view.end());
            }
            BOOST_FAIL("no exception");
        }
        catch (const u8v::decode_error& error) {
            BOOST_TEST(error.kind() == u8v::error_kind::truncated_sequence);
            BOOST_TEST(error.offset() == 4u);
        }
    }
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(iteration)

BOOST_AUTO_TEST_CASE(every_byte_type_decodes_the_same)
{
    // U+00C6 = C3 86, U+1F600 = F0 9F 98 80 (Unicode code charts).
    const code_points expected = to_code_points(U"\u00C6\U0001F600");
    const std::array<unsigned char, 6> raw = {0xC3, 0x86, 0xF0, 0x9F, 0x98, 0x80};
    std::vector<std::byte> bytes;
    std::vector<signed char> signed_chars;
    std::u8string u8;
    for (unsigned char value : raw) {
        bytes.push_back(std::byte{value});
        signed_chars.push_back(static_cast<signed char>(value));
        u8.push_back(static_cast<char8_t>(value));
    }
    BOOST_TEST(decoded(raw | u8v::views::decode) == expected);
    BOOST_TEST(decoded(bytes | u8v::views::decode) == expected);
    BOOST_TEST(decoded(signed_chars | u8v::views::decode) == expected);
    BOOST_TEST(decoded(u8 | u8v::views::decode) == expected);
}

BOOST_AUTO_TEST_CASE(every_adaptor_spelling_gives_the_same_view)
{
    const std::string_view bytes = "\x41\xFF\x42";
    BOOST_TEST(decoded(bytes | u8v::views::decode) == to_code_points(U"\x41\uFFFD\x42"));
    BOOST_TEST(decoded(u8v::views::decode(bytes)) == to_code_points(U"\x41\uFFFD\x42"));
    BOOST_TEST(decoded(u8v::views::decode(bytes, u8v::on_error::skip)) == to_code_points(U"\x41\x42"));
    BOOST_TEST(decoded(bytes | u8v::views::decode(u8v::on_error::skip)) == to_code_points(U"\x41\x42"));
    BOOST_TEST(decoded(u8v::decode_view(bytes, u8v::on_error::skip)) == to_code_points(U"\x41\x42"));
    // Composed with a standard adaptor before it is applied.
    BOOST_TEST(decoded(bytes | (u8v::views::decode | std::views::take(2))) == to_code_points(U"\x41\uFFFD"));
    BOOST_TEST(decoded(bytes | std::views::take(2) | u8v::views::decode) == to_code_points(U"\x41\uFFFD"));
}

BOOST_AUTO_TEST_CASE(an_rvalue_string_is_owned_by_the_view)
{
    auto view = std::string("\xC3\xB8") | u8v::views::decode;
    static_assert(!std::ranges::borrowed_range<decltype(view)>);
    BOOST_TEST(decoded(view) == to_code_points(U"\u00F8"));
}

BOOST_AUTO_TEST_CASE(const_view_and_const_iterator)
{
    const auto view = "\xC3\xB8!"sv | u8v::views::decode;
    decltype(view)::const_iterator it = view.begin();
    BOOST_TEST(*it == U'\u00F8');
    auto mutable_view = "\xC3\xB8!"sv | u8v::views::decode;
    decltype(mutable_view)::const_iterator converted = mutable_view.begin();
    BOOST_TEST(*++converted == U'!');
}

BOOST_AUTO_TEST_CASE(post_increment_and_decrement_return_the_old_position)
{
    auto view = "\x61\xC3\xB8"sv | u8v::views::decode;
    auto it = view.begin();
    BOOST_TEST(*it++ == U'a');
    BOOST_TEST(*it == U'\u00F8');
    BOOST_TEST(*it-- == U'\u00F8');
    BOOST_TEST(*it == U'a');
}

BOOST_AUTO_TEST_CASE(null_terminated_stops_at_the_first_nul)
{
    const char text[] = "\xC3\xA9t\xC3\xA9\0ignored";
    auto view = u8v::null_terminated(text) | u8v::views::decode;
    static_assert(!std::ranges::common_range<decltype(view)>);
    BOOST_TEST(decoded(view) == to_code_points(U"\u00E9t\u00E9"));
    // A sequence cut by the NUL is truncated: the NUL is never part of it.
    BOOST_TEST(decoded(u8v::null_terminated("\xE2\x82") | u8v::views::decode) == to_code_points(U"\uFFFD"));
}

BOOST_AUTO_TEST_CASE(view_and_sentinel_base)
{
    const std::string_view bytes = "\x41\x42";
    auto view = bytes | u8v::views::decode;
    BOOST_TEST(view.base().data() == bytes.data());
    auto terminated = u8v::null_terminated("xy") | u8v::views::decode;
    auto it = terminated.begin();
    ++it;
    ++it;
    BOOST_TEST((it == terminated.end()));
    BOOST_TEST((it.base() == terminated.end().base()));
}

BOOST_AUTO_TEST_SUITE_END()

// Decoding works in constant expressions (doc/reference.md: everything is
// constexpr unless it throws or allocates).
namespace {
constexpr bool decodes_at_compile_time()
{
    // Table 3-8 of Unicode 15.0 §3.9 again, as a constant expression.
    constexpr std::array<unsigned char, 13> bytes = {0x61, 0xF1, 0x80, 0x80, 0xE1, 0x80, 0xC2,
                                                     0x62, 0x80, 0x63, 0x80, 0xBF, 0x64};
    constexpr std::array<char32_t, 10> expected = {0x61,   0xFFFD, 0xFFFD, 0xFFFD, 0x62,
                                                   0xFFFD, 0x63,   0xFFFD, 0xFFFD, 0x64};
    auto view = bytes | u8v::views::decode;
    if (!std::ranges::equal(view, expected)) return false;
    if (!std::ranges::equal(view | std::views::reverse, expected | std::views::reverse)) return false;
    constexpr std::array<char32_t, 4> skipped = {0x61, 0x62, 0x63, 0x64};
    return std::ranges::equal(bytes | u8v::views::decode(u8v::on_error::skip), skipped);
}
static_assert(decodes_at_compile_time());

// The contiguous path decodes a copy of the bytes in constant evaluation:
// a 4-byte sequence that ends the input (F0 9F 98 80 is U+1F600, Table
// 3-6), and a sequence cut by the end (E1 80: one maximal subpart, one
// U+FFFD), over char8_t and std::byte.
constexpr bool decodes_sequences_at_the_end_at_compile_time()
{
    constexpr std::array<char32_t, 3> expected = {0x1F600, 0x61, 0xFFFD};
    constexpr std::array<char8_t, 7> bytes = {0xF0, 0x9F, 0x98, 0x80, 0x61, 0xE1, 0x80};
    std::array<std::byte, 7> as_bytes{};
    for (std::size_t i = 0; i < bytes.size(); ++i) as_bytes[i] = static_cast<std::byte>(bytes[i]);
    return std::ranges::equal(std::u8string_view(bytes.data(), 4) | u8v::views::decode,
                              std::array<char32_t, 1>{0x1F600}) &&
           std::ranges::equal(std::u8string_view(bytes.data(), bytes.size()) | u8v::views::decode, expected) &&
           std::ranges::equal(as_bytes | u8v::views::decode, expected) &&
           std::ranges::equal(std::u8string_view(bytes.data() + 5, 2) | u8v::views::decode | std::views::reverse,
                              std::array<char32_t, 1>{0xFFFD});
}
static_assert(decodes_sequences_at_the_end_at_compile_time());
}  // namespace

BOOST_AUTO_TEST_CASE(decodes_in_constant_expressions_and_at_run_time)
{
    BOOST_TEST(decodes_at_compile_time());
}

// Regressions found in review (2026-11-30).
BOOST_AUTO_TEST_SUITE(review_regressions)

BOOST_AUTO_TEST_CASE(stepping_forward_from_an_end_iterator_over_a_list_is_constant_time)
{
    // The byte offset is needed only for errors; computing it eagerly made
    // ++ walk the whole list for an iterator that came from end().
    const std::list<char> list(100000, 'a');
    utf8view_test::access_counts counts;
    auto view = utf8view_test::counted(list, counts) | u8v::views::decode;
    auto it = std::ranges::prev(view.end(), 2);
    counts.reset();
    ++it;
    BOOST_TEST(*it == U'a');
    // One byte stepped over and one read: a handful of operations, not 10^5.
    BOOST_TEST(counts.increments <= 4u);
    BOOST_TEST(counts.dereferences <= 4u);
    BOOST_TEST(counts.decrements == 0u);
}

BOOST_AUTO_TEST_CASE(a_throwing_policy_leaves_the_iterator_where_it_was)
{
    // b then FF (invalid lead byte, Table 3-7) then c.
    const std::string_view bytes = "ab\xFF"
                                   "c";
    auto view = bytes | u8v::views::decode(u8v::on_error::throw_exception);
    auto it = std::ranges::next(view.begin());
    BOOST_REQUIRE(*it == U'b');
    BOOST_CHECK_THROW(++it, u8v::decode_error);
    BOOST_TEST(*it == U'b');
    BOOST_TEST((it.base() - bytes.begin()) == 1);
    BOOST_TEST(it.code_unit_count() == 1u);

    auto back = std::ranges::prev(view.end());
    BOOST_REQUIRE(*back == U'c');
    BOOST_CHECK_THROW(--back, u8v::decode_error);
    BOOST_TEST(*back == U'c');
    BOOST_TEST((back.base() - bytes.begin()) == 3);
}

BOOST_AUTO_TEST_SUITE_END()
