// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.

// Interoperability with the standard library's ranges:
// what test/concepts/ does not already cover.
//   - The concepts of decode_view with every error policy (the archetype
//     matrix of range_concepts.cpp runs with on_error::replace only), of
//     encode_view likewise, of the null_terminated form, and of what the
//     std::views adaptors make of our views (never random-access or sized).
//   - std::views::split on U' ' over decoded text, std::views::lazy_split
//     over input bases, collection with a hand-written `to` (libstdc++ 12
//     has no std::ranges::to), encode_view and null_terminated inside
//     std::views pipelines, and the policies inside pipelines over
//     bidirectional, forward and input bases.
// Expected values come from the Unicode code charts and Table 3-6, or from
// test/data/decode_vectors.tsv (ids given):
//   "Ærø"   C3 86 | 72 | C3 B8     U+00C6 U+0072 U+00F8   (D0011)
//   "日本語" E6 97 A5 | E6 9C AC | E8 AA 9E  U+65E5 U+672C U+8A9E  (D0024)
//   "😀"    F0 9F 98 80            U+1F600                (D0018)
//   C0 AE   two maximal subparts: U+FFFD U+FFFD under replace (C0 starts no
//           sequence of Table 3-7; Unicode 15.0 §3.9; D0041 holds it too)

#include <utf8view/utf8view.hpp>
#define BOOST_TEST_MODULE interop_std_ranges
#include <boost/test/unit_test.hpp>

#include "support/print.hpp"
#include "support/test_iterators.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <forward_list>
#include <iterator>
#include <list>
#include <optional>
#include <ranges>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace u8v = utf8view;
namespace t = utf8view_test;
namespace tt = boost::test_tools;

namespace {

using code_points = std::vector<char32_t>;

// A user-defined policy: '?' for each maximal subpart (doc/reference.md,
// <utf8view/error_policy.hpp>: the concept a policy meets).
struct question_mark_policy {
    constexpr std::optional<char32_t> operator()(const u8v::decode_error_info&) const noexcept { return U'?'; }
    constexpr std::optional<char32_t> operator()(const u8v::encode_error_info&) const noexcept { return U'?'; }
};

// ---------------------------------------------------------------------------
// Concepts: exactly what doc/reference.md says the views model, with every
// policy.

template <class V, class Policy>
constexpr bool decode_mirrors()
{
    static_assert(t::mirrors_base<V, u8v::decode_view<V, Policy>, char32_t>());
    return true;
}
template <class V, class Policy>
constexpr bool encode_mirrors()
{
    static_assert(t::mirrors_base<V, u8v::encode_view<V, Policy>, char8_t>());
    return true;
}

// Input, forward, bidirectional and contiguous bases, common and not.
template <class Policy>
constexpr bool every_base_with()
{
    static_assert(decode_mirrors<t::input_test_range<const char, false>, Policy>());
    static_assert(decode_mirrors<t::input_test_range<const char, true>, Policy>());
    static_assert(decode_mirrors<t::forward_test_range<const char, false>, Policy>());
    static_assert(decode_mirrors<t::forward_test_range<const char, true>, Policy>());
    static_assert(decode_mirrors<t::bidirectional_test_range<const char8_t, false>, Policy>());
    static_assert(decode_mirrors<t::bidirectional_test_range<const char8_t, true>, Policy>());
    static_assert(decode_mirrors<t::contiguous_test_range<const unsigned char, false>, Policy>());
    static_assert(decode_mirrors<t::contiguous_test_range<const unsigned char, true>, Policy>());
    static_assert(decode_mirrors<std::string_view, Policy>());
    static_assert(decode_mirrors<decltype(u8v::null_terminated("")), Policy>());  // contiguous, not common

    static_assert(encode_mirrors<t::input_test_range<const char32_t, false>, Policy>());
    static_assert(encode_mirrors<t::input_test_range<const char32_t, true>, Policy>());
    static_assert(encode_mirrors<t::forward_test_range<const char32_t, false>, Policy>());
    static_assert(encode_mirrors<t::forward_test_range<const char32_t, true>, Policy>());
    static_assert(encode_mirrors<t::bidirectional_test_range<const char32_t, false>, Policy>());
    static_assert(encode_mirrors<t::bidirectional_test_range<const char32_t, true>, Policy>());
    static_assert(encode_mirrors<t::contiguous_test_range<const char32_t, false>, Policy>());
    static_assert(encode_mirrors<std::u32string_view, Policy>());
    return true;
}
static_assert(every_base_with<u8v::on_error::replace_t>());
static_assert(every_base_with<u8v::on_error::skip_t>());
static_assert(every_base_with<u8v::on_error::throw_exception_t>());
static_assert(every_base_with<question_mark_policy>());

// What std::views makes of our views follows the standard's rules for a
// bidirectional, common, unsized view; none of them becomes random-access
// or sized.
using decoded = u8v::decode_view<std::string_view>;
using encoded = u8v::encode_view<decoded>;
template <class R, class Category>
constexpr bool is_exactly()
{
    static_assert(std::ranges::input_range<R>);
    static_assert(std::ranges::forward_range<R> == std::derived_from<Category, std::forward_iterator_tag>);
    static_assert(std::ranges::bidirectional_range<R> == std::derived_from<Category, std::bidirectional_iterator_tag>);
    static_assert(!std::ranges::random_access_range<R>);
    static_assert(!std::ranges::sized_range<R>);
    static_assert(std::ranges::view<R>);
    return true;
}
static_assert(is_exactly<decoded, std::bidirectional_iterator_tag>());
static_assert(is_exactly<encoded, std::bidirectional_iterator_tag>());
static_assert(is_exactly<decltype(decoded() | std::views::take(2)), std::bidirectional_iterator_tag>());
static_assert(!std::ranges::common_range<decltype(decoded() | std::views::take(2))>);  // counted_iterator
static_assert(is_exactly<decltype(decoded() | std::views::drop(1)), std::bidirectional_iterator_tag>());
static_assert(is_exactly<decltype(decoded() | std::views::reverse), std::bidirectional_iterator_tag>());
static_assert(std::ranges::common_range<decltype(decoded() | std::views::reverse)>);
static_assert(is_exactly<decltype(encoded() | std::views::reverse), std::bidirectional_iterator_tag>());
static_assert(is_exactly<decltype(decoded() | std::views::filter(std::declval<bool (*)(char32_t)>())),
                         std::bidirectional_iterator_tag>());
static_assert(is_exactly<decltype(decoded() | std::views::transform(std::declval<int (*)(char32_t)>())),
                         std::bidirectional_iterator_tag>());
static_assert(is_exactly<decltype(decoded() | std::views::split(U' ')), std::forward_iterator_tag>());
// Over a null-terminated string, reverse needs the end found first (a
// sentinel base): it still works, as a common range.
static_assert(is_exactly<decltype(u8v::null_terminated("") | u8v::views::decode | std::views::reverse),
                         std::bidirectional_iterator_tag>());
// Over an input base only lazy_split can split, and its inner ranges are input.
using input_decoded = u8v::decode_view<t::input_test_range<const char, false>>;
static_assert(is_exactly<std::ranges::lazy_split_view<input_decoded, std::ranges::single_view<char32_t>>,
                         std::input_iterator_tag>());

// ---------------------------------------------------------------------------
// A `to`-style collector: `range | to<Container>()` builds a Container from
// the elements (libstdc++ 12 lacks std::ranges::to).

template <class Container>
struct to_fn {
    template <std::ranges::input_range R>
    friend Container operator|(R&& range, to_fn)
    {
        Container out;
        if constexpr (std::ranges::sized_range<R>) out.reserve(std::ranges::size(range));
        for (auto&& element : range) out.push_back(static_cast<typename Container::value_type>(element));
        return out;
    }
};
template <class Container>
to_fn<Container> to()
{
    return {};
}

// "Ærø 日本語 😀" (see the top of the file).
const std::string words_bytes = "\xC3\x86r\xC3\xB8 \xE6\x97\xA5\xE6\x9C\xAC\xE8\xAA\x9E \xF0\x9F\x98\x80";
const code_points aero = {0x00C6, 0x0072, 0x00F8};
const code_points nihongo = {0x65E5, 0x672C, 0x8A9E};
const code_points grinning = {0x1F600};

// Each subrange of a split, collected.
template <class R>
std::vector<code_points> collect_words(R&& words)
{
    std::vector<code_points> out;
    for (auto&& word : words) out.push_back(word | to<code_points>());
    return out;
}

// Boost.Test cannot print a vector of vectors: compares word by word.
void check_words(const std::vector<code_points>& actual, const std::vector<code_points>& expected)
{
    BOOST_TEST_REQUIRE(actual.size() == expected.size());
    for (std::size_t i = 0; i < actual.size(); ++i) {
        BOOST_TEST_CONTEXT("word " << i)
        {
            BOOST_TEST(actual[i] == expected[i], tt::per_element());
        }
    }
}

}  // namespace

BOOST_AUTO_TEST_CASE(to_collects_decoded_text_into_containers)
{
    const std::string_view text = words_bytes;
    const code_points all = text | u8v::views::decode | to<code_points>();
    BOOST_TEST(all.size() == 9u);
    BOOST_TEST(all == code_points({0x00C6, 0x0072, 0x00F8, 0x20, 0x65E5, 0x672C, 0x8A9E, 0x20, 0x1F600}),
               tt::per_element());
    const std::u32string as_string = text | u8v::views::decode | to<std::u32string>();
    BOOST_TEST(t::to_code_points(as_string) == all, tt::per_element());
    // Back to bytes: the same 20 bytes.
    const std::string bytes = text | u8v::views::decode | u8v::views::encode_as<char> | to<std::string>();
    BOOST_TEST(bytes.size() == 20u);
    BOOST_TEST((bytes == words_bytes));
}

BOOST_AUTO_TEST_CASE(split_on_space_gives_the_words)
{
    const std::string_view text = words_bytes;
    check_words(collect_words(text | u8v::views::decode | std::views::split(U' ')), {aero, nihongo, grinning});
    // Each word's iterators still know their bytes: the second word starts
    // at byte 6 (after C3 86 72 C3 B8 20).
    auto words = text | u8v::views::decode | std::views::split(U' ');
    auto second = *std::ranges::next(words.begin());
    BOOST_TEST(second.begin().base() - text.data() == 6);
    BOOST_TEST(std::ranges::distance(second) == 3);

    // Over a bidirectional base, and with the errors of C0 AE: under replace
    // they make a fourth word, under skip an empty one.
    const std::string with_errors = words_bytes + " \xC0\xAE";
    const std::list<char> list(with_errors.begin(), with_errors.end());
    check_words(collect_words(list | u8v::views::decode | std::views::split(U' ')),
                {aero, nihongo, grinning, {0xFFFD, 0xFFFD}});
    check_words(collect_words(list | u8v::views::decode(u8v::on_error::skip) | std::views::split(U' ')),
                {aero, nihongo, grinning, {}});
    check_words(collect_words(list | u8v::views::decode(question_mark_policy{}) | std::views::split(U' ')),
                {aero, nihongo, grinning, {U'?', U'?'}});
}

BOOST_AUTO_TEST_CASE(lazy_split_works_over_forward_and_input_bases)
{
    const std::forward_list<char> forward(words_bytes.begin(), words_bytes.end());
    check_words(collect_words(forward | u8v::views::decode | std::views::lazy_split(U' ')), {aero, nihongo, grinning});

    const char* const first = words_bytes.data();
    const char* const last = first + words_bytes.size();
    check_words(collect_words(t::input_test_range<const char, false>(first, last) | u8v::views::decode |
                              std::views::lazy_split(U' ')),
                {aero, nihongo, grinning});
}

BOOST_AUTO_TEST_CASE(null_terminated_text_composes_with_std_views)
{
    const char* const c_string = words_bytes.c_str();
    const auto decoded_text = u8v::null_terminated(c_string) | u8v::views::decode;
    BOOST_TEST(std::ranges::distance(decoded_text) == 9);
    BOOST_TEST(std::ranges::count(decoded_text, U' ') == 2);
    BOOST_TEST((decoded_text | std::views::reverse | std::views::take(3) | to<code_points>()) ==
                   code_points({0x1F600, 0x20, 0x8A9E}),
               tt::per_element());
    BOOST_TEST((decoded_text | std::views::drop(4) | std::views::take(3) | to<code_points>()) == nihongo,
               tt::per_element());
    check_words(collect_words(decoded_text | std::views::split(U' ')), {aero, nihongo, grinning});
    const auto found = std::ranges::find(decoded_text, char32_t{0x672C});
    BOOST_TEST_REQUIRE((found != decoded_text.end()));
    BOOST_TEST(found.base() - c_string == 9);  // 本 is E6 9C AC at byte 9
    // Nothing after the NUL is read: the text stops at it.
    const char with_nul[] = "\xC3\x86\0\xC3\xB8";
    BOOST_TEST((u8v::null_terminated(with_nul) | u8v::views::decode | to<code_points>()) == code_points({0x00C6}),
               tt::per_element());
}

BOOST_AUTO_TEST_CASE(encode_view_composes_with_std_views_and_algorithms)
{
    const std::u32string code_point_string = {0x00C6, 0x0072, 0x00F8};
    const std::vector<unsigned char> aero_bytes = {0xC3, 0x86, 0x72, 0xC3, 0xB8};
    const auto as_byte = [](char8_t unit) { return static_cast<unsigned char>(unit); };
    const auto bytes = code_point_string | u8v::views::encode;

    BOOST_TEST(std::ranges::distance(bytes) == 5);
    BOOST_TEST(std::ranges::count(bytes, char8_t{0xC3}) == 2);
    BOOST_TEST(std::ranges::equal(bytes, aero_bytes, {}, as_byte));
    const auto found = std::ranges::find(bytes, char8_t{0x72});
    BOOST_TEST_REQUIRE((found != bytes.end()));
    BOOST_TEST(std::ranges::distance(bytes.begin(), found) == 2);

    std::vector<unsigned char> out;
    std::ranges::copy(bytes | std::views::transform(as_byte), std::back_inserter(out));
    BOOST_TEST(out == aero_bytes, tt::per_element());
    BOOST_TEST((bytes | std::views::reverse | std::views::transform(as_byte) | to<std::vector<unsigned char>>()) ==
                   std::vector<unsigned char>({0xB8, 0xC3, 0x72, 0x86, 0xC3}),
               tt::per_element());
    BOOST_TEST((bytes | std::views::drop(1) | std::views::take(3) | std::views::transform(as_byte) |
                to<std::vector<unsigned char>>()) == std::vector<unsigned char>({0x86, 0x72, 0xC3}),
               tt::per_element());
    // Lead bytes only (not 80..BF): one per code point.
    BOOST_TEST(std::ranges::distance(bytes | std::views::filter([](char8_t unit) { return (unit & 0xC0) != 0x80; })) ==
               3);

    // Encoding a surrogate (not a scalar value): U+FFFD (EF BF BD) under
    // replace, nothing under skip.
    const std::u32string with_surrogate = {0x0072, 0xD800, 0x0072};
    BOOST_TEST((with_surrogate | u8v::views::encode | std::views::transform(as_byte) |
                to<std::vector<unsigned char>>()) == std::vector<unsigned char>({0x72, 0xEF, 0xBF, 0xBD, 0x72}),
               tt::per_element());
    BOOST_TEST((with_surrogate | u8v::views::encode(u8v::on_error::skip) | std::views::reverse |
                std::views::transform(as_byte) | to<std::vector<unsigned char>>()) ==
                   std::vector<unsigned char>({0x72, 0x72}),
               tt::per_element());
}

BOOST_AUTO_TEST_CASE(policies_hold_inside_pipelines_over_every_base_category)
{
    // Unicode 15.0 §3.9 (C0 starts no sequence of Table 3-7), as row D0041:
    // 2F C0 AE 2E 2F yields 2F FFFD FFFD 2E 2F under replace.
    const std::string bytes = "\x2F\xC0\xAE\x2E\x2F";
    const code_points replaced = {0x2F, 0xFFFD, 0xFFFD, 0x2E, 0x2F};
    const code_points skipped = {0x2F, 0x2E, 0x2F};
    const code_points questioned = {0x2F, U'?', U'?', 0x2E, 0x2F};

    const std::list<unsigned char> list(bytes.begin(), bytes.end());
    BOOST_TEST((list | u8v::views::decode | std::views::reverse | to<code_points>()) ==
                   code_points(replaced.rbegin(), replaced.rend()),
               tt::per_element());
    BOOST_TEST((list | u8v::views::decode(u8v::on_error::skip) | std::views::reverse | to<code_points>()) ==
                   code_points(skipped.rbegin(), skipped.rend()),
               tt::per_element());
    BOOST_TEST((list | u8v::views::decode(question_mark_policy{}) | std::views::drop(1) | std::views::take(3) |
                to<code_points>()) == code_points({U'?', U'?', 0x2E}),
               tt::per_element());

    const std::forward_list<std::byte> forward = [&] {
        std::forward_list<std::byte> out;
        for (auto it = bytes.rbegin(); it != bytes.rend(); ++it) out.push_front(static_cast<std::byte>(*it));
        return out;
    }();
    BOOST_TEST(std::ranges::count(forward | u8v::views::decode, char32_t{0xFFFD}) == 2);
    BOOST_TEST(std::ranges::equal(forward | u8v::views::decode(u8v::on_error::skip), skipped));
    BOOST_TEST((forward | u8v::views::decode(question_mark_policy{}) |
                std::views::filter([](char32_t c) { return c != U'?'; }) | to<code_points>()) == skipped,
               tt::per_element());

    const char* const first = bytes.data();
    const char* const last = first + bytes.size();
    BOOST_TEST((t::input_test_range<const char, false>(first, last) | u8v::views::decode(u8v::on_error::skip) |
                to<code_points>()) == skipped,
               tt::per_element());
    BOOST_TEST((t::input_test_range<const char, true>(first, last) | u8v::views::decode(question_mark_policy{}) |
                std::views::transform([](char32_t c) { return c == U'?' ? char32_t{0xFFFD} : c; }) |
                to<code_points>()) == replaced,
               tt::per_element());

    // throw_exception: the error surfaces through the adaptors, with the
    // offset of C0 (byte 1).
    BOOST_CHECK_THROW(static_cast<void>(list | u8v::views::decode(u8v::on_error::throw_exception) |
                                        std::views::reverse | to<code_points>()),
                      u8v::decode_error);
    std::optional<std::size_t> offset;
    try {
        static_cast<void>(forward | u8v::views::decode(u8v::on_error::throw_exception) |
                          std::views::transform([](char32_t c) { return c; }) | to<code_points>());
    }
    catch (const u8v::decode_error& error) {
        offset = error.offset();
    }
    BOOST_TEST(offset == std::optional<std::size_t>(1));
}
