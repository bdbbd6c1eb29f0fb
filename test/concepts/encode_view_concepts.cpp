// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.

// The range concepts encode_view models, as EQUALITIES with those of its
// base (doc/reference.md: "Models ... as V") over the archetype matrix of
// support/test_iterators.hpp (category x common x sized, plain and
// borrowed) and over standard code point ranges. See range_concepts.cpp for
// decode_view.

#include <utf8view/encode_view.hpp>
#define BOOST_TEST_MODULE concepts_encode_view_concepts
#include <boost/test/unit_test.hpp>

#include <utf8view/decode_view.hpp>

#include "support/print.hpp"
#include "support/test_iterators.hpp"

#include <cstddef>
#include <cstdint>
#include <forward_list>
#include <istream>
#include <iterator>
#include <list>
#include <ranges>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace u8v = utf8view;
namespace t = utf8view_test;

namespace {

// An encode_view over V keeps the concept equalities of mirrors_base
// (support/test_iterators.hpp), with CharT values.
template <class V, class Policy = u8v::on_error::replace_t, class CharT = char8_t>
constexpr bool encode_mirrors()
{
    static_assert(t::mirrors_base<V, u8v::encode_view<V, Policy, CharT>, CharT>());
    return true;
}
template <class V>
constexpr bool decode_mirrors()
{
    static_assert(t::mirrors_base<V, u8v::decode_view<V>, char32_t>());
    return true;
}

// ...over each archetype of the matrix, plain and borrowed
// (support/test_iterators.hpp).
static_assert(t::archetype_matrix<const char32_t>([]<class R>() { return encode_mirrors<R>(); }));

// Other policies and code unit types.
static_assert(encode_mirrors<std::u32string_view, u8v::on_error::skip_t>());
static_assert(encode_mirrors<std::u32string_view, u8v::on_error::throw_exception_t, char>());
static_assert(encode_mirrors<t::forward_test_range<const char32_t>, u8v::on_error::skip_t, std::byte>());
static_assert(encode_mirrors<t::input_test_range<const char32_t>, u8v::on_error::replace_t, unsigned char>());
static_assert(
    encode_mirrors<t::bidirectional_test_range<const std::int64_t, false>, u8v::on_error::replace_t, signed char>());
static_assert(encode_mirrors<t::random_access_test_range<const int, false>>());

// The adaptors give those types.
static_assert(
    std::same_as<decltype(std::u32string_view() | u8v::views::encode), u8v::encode_view<std::u32string_view>>);
static_assert(std::same_as<decltype(std::u32string_view() | u8v::views::encode(u8v::on_error::skip)),
                           u8v::encode_view<std::u32string_view, u8v::on_error::skip_t>>);
static_assert(std::same_as<decltype(std::u32string_view() | u8v::views::encode_as<char>),
                           u8v::encode_view<std::u32string_view, u8v::on_error::replace_t, char>>);
static_assert(std::same_as<decltype(u8v::views::encode_as<char>(std::u32string_view(), u8v::on_error::throw_exception)),
                           u8v::encode_view<std::u32string_view, u8v::on_error::throw_exception_t, char>>);

// Standard code point ranges, as views::all makes them.
static_assert(encode_mirrors<std::u32string_view>());
static_assert(encode_mirrors<std::span<const std::int64_t>>());
static_assert(encode_mirrors<std::span<const std::uint32_t>>());
static_assert(encode_mirrors<std::ranges::ref_view<std::list<char32_t>>>());
static_assert(encode_mirrors<std::ranges::ref_view<const std::forward_list<char32_t>>>());
static_assert(encode_mirrors<std::ranges::owning_view<std::vector<int>>>());  // not borrowed
static_assert(encode_mirrors<std::ranges::iota_view<char32_t, char32_t>>());  // random-access, common, borrowed
static_assert(encode_mirrors<std::ranges::iota_view<char32_t>>());            // unbounded: not common
static_assert(encode_mirrors<std::ranges::basic_istream_view<int, char>>());  // input, not const-iterable
// A decode_view is itself a code point range, and an encode_view a byte range.
static_assert(encode_mirrors<u8v::decode_view<std::string_view>>());
static_assert(encode_mirrors<u8v::decode_view<t::input_test_range<const char>>>());
static_assert(decode_mirrors<u8v::encode_view<std::u32string_view>>());
static_assert(decode_mirrors<u8v::encode_view<t::forward_test_range<const char32_t, false>>>());

// Iterators are cheap to copy: a few pointers and a char32_t. On 64-bit
// targets, over contiguous ranges, both hold their position, the end and
// the beginning (for the offset of an error); then the decode iterator the
// ends of the validated and checked stretches, the start of the stretch
// validated behind it and where to validate behind again, the cached
// element (value, length, error), and with on_error::replace (the default)
// the window of the steps through dense errors; the encode iterator the
// bytes of the current code point (doc/design.md, Iterators).
static_assert(sizeof(void*) != 8 || sizeof(std::ranges::iterator_t<u8v::decode_view<std::string_view>>) == 72);
static_assert(sizeof(void*) != 8 ||
              sizeof(std::ranges::iterator_t<u8v::decode_view<std::string_view, u8v::on_error::skip_t>>) == 64);
static_assert(sizeof(void*) != 8 || sizeof(std::ranges::iterator_t<u8v::encode_view<std::u32string_view>>) == 40);

// encode_view over the archetypes in constant evaluation (checked at
// compile time and at run time):
// U+00C6 U+0072 U+00F8 is C3 86 72 C3 B8 (Table 3-6).
constexpr bool encodes_in_constant_evaluation()
{
    const char32_t code_points[] = {0x00C6, 0x0072, 0x00F8};
    const auto matches = [](auto&& view) {
        const unsigned char expected[] = {0xC3, 0x86, 0x72, 0xC3, 0xB8};
        std::size_t n = 0;
        for (auto it = view.begin(); it != view.end(); ++it, ++n)
            if (n >= 5 || static_cast<unsigned char>(*it) != expected[n]) return false;
        return n == 5;
    };
    return matches(std::u32string_view(code_points, 3) | u8v::views::encode) &&
           matches(t::forward_test_range<const char32_t, false>(code_points, code_points + 3) | u8v::views::encode) &&
           matches(t::input_test_range<const char32_t, false>(code_points, code_points + 3) |
                   u8v::views::encode_as<char>) &&
           matches(t::bidirectional_test_range<const char32_t, false>(code_points, code_points + 3) |
                   u8v::views::encode | std::views::reverse | std::views::reverse);
}
static_assert(encodes_in_constant_evaluation());

}  // namespace

BOOST_AUTO_TEST_CASE(encodes_archetypes_in_constant_evaluation_and_at_run_time)
{
    BOOST_TEST(encodes_in_constant_evaluation());
}
