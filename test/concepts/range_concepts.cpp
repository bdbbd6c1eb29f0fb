// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.

// The range concepts decode_view models, as EQUALITIES with those of its
// base (doc/reference.md: "Models ... as V") over the archetype matrix of
// support/test_iterators.hpp (category x common x sized, plain and
// borrowed) and over standard byte ranges. The same for encode_view:
// encode_view_concepts.cpp; algorithms and adaptors: range_algorithms.cpp.
// (Three files, so that each compiles in a few seconds.)

#include <utf8view/decode_view.hpp>
#define BOOST_TEST_MODULE concepts_range_concepts
#include <boost/test/unit_test.hpp>

#include <utf8view/null_terminated.hpp>

#include "support/print.hpp"
#include "support/test_iterators.hpp"

#include <cstddef>
#include <forward_list>
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

// A decode_view over V keeps the concept equalities of
// support/test_iterators.hpp (mirrors_base): input/forward/bidirectional as
// V, never random-access or sized, common iff V is common and forward,
// borrowed iff V is, always a view, value and reference char32_t.
template <class V, class Policy = u8v::on_error::replace_t>
constexpr bool decode_mirrors()
{
    static_assert(t::mirrors_base<V, u8v::decode_view<V, Policy>, char32_t>());
    return true;
}

// ...over each archetype of the matrix, plain and borrowed
// (support/test_iterators.hpp).
static_assert(t::archetype_matrix<const char>([]<class R>() { return decode_mirrors<R>(); }));
// The move-only archetype itself, whatever the view does with it.
static_assert(t::archetype_is_what_it_claims<t::move_only_input_iterator_tag, const char, false, false>());
static_assert(t::archetype_is_what_it_claims<t::move_only_input_iterator_tag, const char, false, true>());

// Other policies and code unit types.
static_assert(decode_mirrors<std::string_view, u8v::on_error::skip_t>());
static_assert(decode_mirrors<std::string_view, u8v::on_error::throw_exception_t>());
static_assert(decode_mirrors<t::input_test_range<const char>, u8v::on_error::throw_exception_t>());
static_assert(decode_mirrors<t::bidirectional_test_range<const char, false>, u8v::on_error::skip_t>());
static_assert(decode_mirrors<t::forward_test_range<const std::byte, false>>());
static_assert(decode_mirrors<t::random_access_test_range<const unsigned char, false>>());
static_assert(decode_mirrors<t::contiguous_test_range<const char8_t>>());

// The adaptor gives those types.
static_assert(std::same_as<decltype(std::string_view() | u8v::views::decode), u8v::decode_view<std::string_view>>);
static_assert(std::same_as<decltype(std::string_view() | u8v::views::decode(u8v::on_error::skip)),
                           u8v::decode_view<std::string_view, u8v::on_error::skip_t>>);
static_assert(std::same_as<decltype(u8v::views::decode(std::string_view(), u8v::on_error::throw_exception)),
                           u8v::decode_view<std::string_view, u8v::on_error::throw_exception_t>>);

// Standard byte ranges, as views::all makes them.
using istream_bytes = std::ranges::subrange<std::istreambuf_iterator<char>>;
static_assert(decode_mirrors<std::string_view>());
static_assert(decode_mirrors<std::u8string_view>());
static_assert(decode_mirrors<std::span<const unsigned char>>());
static_assert(decode_mirrors<std::span<const std::byte>>());
static_assert(decode_mirrors<std::ranges::ref_view<std::string>>());
static_assert(decode_mirrors<std::ranges::owning_view<std::string>>());  // not borrowed
static_assert(decode_mirrors<std::ranges::ref_view<std::list<char>>>());
static_assert(decode_mirrors<std::ranges::owning_view<std::list<char>>>());
static_assert(decode_mirrors<std::ranges::ref_view<const std::forward_list<signed char>>>());
static_assert(decode_mirrors<std::ranges::ref_view<const std::vector<std::byte>>>());
static_assert(decode_mirrors<decltype(u8v::null_terminated("x"))>());   // contiguous, not common
static_assert(decode_mirrors<istream_bytes>());                          // input, common
static_assert(decode_mirrors<std::ranges::take_view<istream_bytes>>());  // input, not common
static_assert(decode_mirrors<std::ranges::take_view<std::string_view>>());  // contiguous, sized, common
static_assert(decode_mirrors<std::ranges::take_while_view<std::string_view, bool (*)(char)>>());  // not common
// The end of a view that is not common belongs to that view: it bounds the
// view's own iterators, mutable and const, and not those of a view with
// another policy over the same bytes.
using null_terminated_bytes = decltype(u8v::null_terminated("x"));
using replacing = u8v::decode_view<null_terminated_bytes>;
using skipping = u8v::decode_view<null_terminated_bytes, u8v::on_error::skip_t>;
static_assert(std::sentinel_for<std::ranges::sentinel_t<replacing>, std::ranges::iterator_t<replacing>>);
static_assert(std::sentinel_for<std::ranges::sentinel_t<const replacing>, std::ranges::iterator_t<replacing>>);
static_assert(std::sentinel_for<std::ranges::sentinel_t<replacing>, std::ranges::iterator_t<const replacing>>);
static_assert(!std::sentinel_for<std::ranges::sentinel_t<replacing>, std::ranges::iterator_t<skipping>>);
// What views::all makes of an lvalue and of an rvalue std::string.
static_assert(std::same_as<decltype(std::declval<std::string&>() | u8v::views::decode),
                           u8v::decode_view<std::ranges::ref_view<std::string>>>);
static_assert(std::same_as<decltype(std::declval<std::string>() | u8v::views::decode),
                           u8v::decode_view<std::ranges::owning_view<std::string>>>);

// decode_view over the archetypes in constant evaluation (checked at
// compile time and at run time):
// "\xC3\x86r\xC3\xB8" is U+00C6 U+0072 U+00F8 ("\u00C6r\u00F8", code charts:
// Latin-1 Supplement; Table 3-6 gives C3 86 and C3 B8).
constexpr bool decodes_in_constant_evaluation()
{
    const char8_t bytes[] = {0xC3, 0x86, 0x72, 0xC3, 0xB8};
    const auto matches = [](auto&& view) {
        const char32_t expected[] = {0x00C6, 0x0072, 0x00F8};
        std::size_t n = 0;
        for (auto it = view.begin(); it != view.end(); ++it, ++n)
            if (n >= 3 || *it != expected[n]) return false;
        return n == 3;
    };
    return matches(std::u8string_view(bytes, 5) | u8v::views::decode) &&
           matches(t::forward_test_range<const char8_t, false>(bytes, bytes + 5) | u8v::views::decode) &&
           matches(t::input_test_range<const char8_t, false>(bytes, bytes + 5) | u8v::views::decode) &&
           matches(t::bidirectional_test_range<const char8_t, false>(bytes, bytes + 5) | u8v::views::decode |
                   std::views::reverse | std::views::reverse);
}
static_assert(decodes_in_constant_evaluation());

}  // namespace

BOOST_AUTO_TEST_CASE(decodes_archetypes_in_constant_evaluation_and_at_run_time)
{
    BOOST_TEST(decodes_in_constant_evaluation());
}
