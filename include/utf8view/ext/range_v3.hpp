// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at https://www.boost.org/LICENSE_1_0.txt)

/// \file
/// Opt-in glue for range-v3 (tested with 0.12): include this header, after
/// or instead of the utf8view headers, in code that pipes utf8view's views
/// into `ranges::views::*` or passes them to range-v3 algorithms. It needs
/// range-v3 on the include path; no other utf8view header includes range-v3.
///
/// Why it exists. range-v3 has its own concepts and its own customization
/// points, separate from the standard's, and does not read the standard
/// ones for types it does not know:
///
/// - `ranges::enable_view<T>` is `std::is_base_of<ranges::view_base, T>`
///   (plus `std::basic_string_view` and `std::span`). Our views derive from
///   `std::ranges::view_interface`, not `ranges::view_base`, so range-v3
///   takes them for containers: `ranges::view_<decode_view<...>>` is false,
///   and an rvalue view cannot be piped (`bytes | views::decode |
///   ranges::views::reverse` picks a deleted `operator|`). Lvalue views
///   worked only by being referenced, as containers are.
/// - `ranges::enable_borrowed_range<T>` is false for every type range-v3
///   does not know, so `ranges::find(bytes | views::decode, c)` returned
///   `ranges::dangling` where `std::ranges::find` returns an iterator, even
///   over borrowed bytes such as a `std::string_view`.
///
/// - `ranges::counted_iterator<I>` (what `ranges::views::take` uses over a
///   range that is not sized, as ours never are) takes its category from
///   `std::iterator_traits<I>`, which never holds C++20's
///   `iterator_concept`. Our iterators' `iterator_category` is
///   `std::input_iterator_tag` (elements are values, as for
///   `std::views::transform`), so `decoded | ranges::views::take(3)` was an
///   input range only (no `reverse`, `sliding`, `chunk` after it), and over
///   an input base, where C++20 iterators have no `iterator_category`, it
///   did not compile at all.
///
/// The specializations below give range-v3 the answers the standard
/// concepts already give. Nothing else is needed: range-v3
/// reads our iterators' own `iterator_concept`, so the views' categories
/// (at most bidirectional) and sentinels agree with the standard ones
/// without help, as test/interop/range_v3.cpp checks.
///
/// Include it in every translation unit that uses range-v3 with utf8view's
/// views: range-v3 would otherwise see other answers there.
///
/// Known limit (range-v3 0.12's rule, not changed here): a range-v3 view
/// must be semiregular, so a `decode_view` over a `std::ranges::ref_view`
/// (no default constructor) or `owning_view` (move-only) is not a
/// `ranges::view_`. A borrowed one (over `ref_view`) still pipes as an
/// rvalue; an `owning_view` one pipes as an lvalue.

#ifndef UTF8VIEW_EXT_RANGE_V3_HPP
#define UTF8VIEW_EXT_RANGE_V3_HPP

#include <utf8view/config.hpp>
#include <utf8view/decode_or_error.hpp>
#include <utf8view/decode_view.hpp>
#include <utf8view/encode_view.hpp>

#include <range/v3/iterator/counted_iterator.hpp>
#include <range/v3/range/concepts.hpp>

#include <iterator>
#include <ranges>

#include <utf8view/detail/prologue.hpp>

/** `decode_view` is a view for range-v3 too (`ranges::view_`), as it is for
    the standard (`std::ranges::view`): O(1) to move and copy when `V` is,
    never owning more than `V` does. Without it range-v3 rejects rvalue
    decode views in pipelines. A compile-time constant; no run-time cost. */
template <class V, class Policy>
inline constexpr bool ranges::enable_view<utf8view::decode_view<V, Policy>> = true;

/** `encode_view` is a view for range-v3 too, for the same reason as
    `decode_view`. */
template <class V, class Policy, class CharT>
inline constexpr bool ranges::enable_view<utf8view::encode_view<V, Policy, CharT>> = true;

/** A `decode_view` is a borrowed range for range-v3 exactly when it is one
    for the standard, that is when its byte view `V` is
    (`std::ranges::enable_borrowed_range<V>`: iterators hold positions, never
    a pointer to the view). Then range-v3 algorithms given an rvalue view
    return iterators, not `ranges::dangling`. */
template <class V, class Policy>
inline constexpr bool ranges::enable_borrowed_range<utf8view::decode_view<V, Policy>> =
    std::ranges::enable_borrowed_range<utf8view::decode_view<V, Policy>>;

/** An `encode_view` is a borrowed range for range-v3 exactly when it is one
    for the standard (when its code point view `V` is). */
template <class V, class Policy, class CharT>
inline constexpr bool ranges::enable_borrowed_range<utf8view::encode_view<V, Policy, CharT>> =
    std::ranges::enable_borrowed_range<utf8view::encode_view<V, Policy, CharT>>;

#if UTF8VIEW_HAS_DECODE_OR_ERROR
/** `decode_or_error_view` is a view for range-v3 too, and a borrowed range
    exactly when it is one for the standard, as `decode_view`. */
template <class V>
inline constexpr bool ranges::enable_view<utf8view::decode_or_error_view<V>> = true;
template <class V>
inline constexpr bool ranges::enable_borrowed_range<utf8view::decode_or_error_view<V>> =
    std::ranges::enable_borrowed_range<utf8view::decode_or_error_view<V>>;
#endif

namespace utf8view::detail {

// `iterator_category` of a counted_iterator over I: I's C++17 category,
// which exists over forward bases only (as for I itself).
template <class I>
struct range_v3_counted_iterator_category {};
template <class I>
    requires requires { typename std::iterator_traits<I>::iterator_category; }
struct range_v3_counted_iterator_category<I> {
    using iterator_category = typename std::iterator_traits<I>::iterator_category;
};

}  // namespace utf8view::detail

/** The iterator traits of `ranges::counted_iterator` over a utf8view
    iterator `I`: those of `I`, plus `iterator_concept` (`I`'s, at most
    bidirectional), which range-v3 reads from here. With it,
    `decoded | ranges::views::take(n)` keeps the category of `decoded`
    (input, forward or bidirectional), as `std::views::take` does.
    `value_type`, `difference_type` and `reference` are `I`'s; `pointer` is
    `void`; `iterator_category` is `I`'s, and exists when `I`'s does (over
    forward bases). Types only: no run-time cost, no effect on input. */
template <class I>
    requires requires { typename I::utf8view_iterator; }  // the marker of decode_view's and encode_view's iterators
struct std::iterator_traits<ranges::counted_iterator<I>> : utf8view::detail::range_v3_counted_iterator_category<I> {
    using iterator_concept = typename I::iterator_concept;
    using value_type = std::iter_value_t<I>;
    using difference_type = std::iter_difference_t<I>;
    using reference = std::iter_reference_t<I>;
    using pointer = void;
};

#include <utf8view/detail/epilogue.hpp>

#endif  // UTF8VIEW_EXT_RANGE_V3_HPP
