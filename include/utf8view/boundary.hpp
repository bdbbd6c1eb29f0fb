// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at https://www.boost.org/LICENSE_1_0.txt)

/// \file
/// Character boundaries: finding the start of the code point that holds a
/// byte, and cutting byte ranges to a byte limit without splitting one.
///
/// A *segment* is what `views::decode` yields one element for: a well-formed
/// sequence (one code point) or one ill-formed maximal subpart (Unicode 15.0
/// ch. 3 §3.9). A *boundary* is a byte index where a segment starts, or the
/// end. Every byte that is not a continuation byte (80..BF) starts a segment,
/// and a segment is at most 4 bytes long, so each function here looks at most
/// 3 bytes back. For valid UTF-8, segment boundaries are exactly the code
/// point boundaries, and `truncate` agrees with WHATWG `TextEncoder.encodeInto`.
///
/// Every function here that takes a byte range rejects a `char` or `char8_t`
/// array, such as a string literal, at compile time (one `static_assert`),
/// as the views and the bulk functions do: its terminating NUL would count
/// as one more byte of the text (`truncate("abc", 100)` would keep 4
/// bytes). Pass a `std::string_view`, or `null_terminated(pointer)`.

#ifndef UTF8VIEW_BOUNDARY_HPP
#define UTF8VIEW_BOUNDARY_HPP

#include <utf8view/config.hpp>
#include <utf8view/code_unit.hpp>
#include <utf8view/detail/decode_step.hpp>
#include <utf8view/detail/subrange_of.hpp>
#include <utf8view/error.hpp>

#include <cstddef>
#include <iterator>
#include <ranges>
#include <type_traits>
#include <utility>

#include <utf8view/detail/prologue.hpp>

namespace utf8view {

/** The start of the segment (code point, or maximal subpart) that contains
    the byte at `position`.

    @param first    the start of the byte range; nothing before it is read.
    @param position an iterator to a byte of the range. Precondition: not
                    the range's end (there is no byte there to read;
                    `floor_code_point_boundary` takes the size).
    @return an iterator in [first, position]: `position` itself if a segment
    starts there.
    @par Complexity O(1): reads at most 4 bytes (`position` and up to 3
    before it), each once, never before `first`.
    @par Bad input Ill-formed bytes are segments too: a lone continuation
    byte starts its own segment, and a maximal subpart such as `E2 82` is one
    segment, exactly as `views::decode` steps over them.
    @par Standard Unicode 15.0 ch. 3, Table 3-7 and §3.9 (maximal subparts). */
template <std::bidirectional_iterator I>
    requires utf8_code_unit<std::iter_value_t<I>>
[[nodiscard]] constexpr I find_code_point_start(I first, I position)
{
    return detail::segment_start(first, position);
}

namespace detail {

// The iterator at byte index `index` of `bytes`, clamped to the end, and the
// clamped index.
template <class R>
struct byte_position {
    std::ranges::iterator_t<R> it;
    std::size_t index;
};
template <std::ranges::forward_range R>
[[nodiscard]] constexpr byte_position<R> position_at(R& bytes, std::size_t index)
{
    auto first = std::ranges::begin(bytes);
    const auto last = std::ranges::end(bytes);
    if constexpr (std::sized_sentinel_for<std::ranges::sentinel_t<R>, std::ranges::iterator_t<R>>) {
        // Clamped to the size first, so that the step fits the difference
        // type whatever the index (npos, say).
        const auto size = static_cast<std::size_t>(last - first);
        const std::size_t clamped = index < size ? index : size;
        std::ranges::advance(first, static_cast<std::ranges::range_difference_t<R>>(clamped));
        return {first, clamped};
    }
    else {
        std::size_t moved = 0;
        for (; moved < index && first != last; ++moved) ++first;
        return {first, moved};
    }
}

// floor_code_point_boundary, returning the iterator too.
template <std::ranges::bidirectional_range R>
[[nodiscard]] constexpr byte_position<R> floor_boundary(R& bytes, std::size_t index)
{
    auto [it, clamped] = position_at(bytes, index);
    if (it == std::ranges::end(bytes)) return {it, clamped};
    const auto first = std::ranges::begin(bytes);
    auto start = segment_start(first, it);
    const auto back = static_cast<std::size_t>(std::ranges::distance(start, it));  // 0..3
    return {start, clamped - back};
}

}  // namespace detail

/** The greatest segment boundary at or below byte index `index`.

    @param bytes a bidirectional byte range (string literals are rejected).
    @param index a byte index; values above the size are clamped to it.
    @return a byte index in [0, size]: `index` itself if it is a boundary,
    else the start of the code point (or maximal subpart) that holds byte
    `index`. 0 and the size are always boundaries.
    @par Complexity O(1) on random-access ranges with a sized sentinel
    (reads at most 4 bytes); otherwise O(index) to reach `index`.
    @par Bad input Never reads outside `bytes`; ill-formed bytes are cut into
    segments exactly as `views::decode` does.
    @par Standard Unicode 15.0 ch. 3, Table 3-7 and §3.9. */
template <std::ranges::bidirectional_range R>
    requires utf8_range<R>
[[nodiscard]] constexpr std::size_t floor_code_point_boundary(R&& bytes, std::size_t index)
{
    UTF8VIEW_REJECT_STRING_LITERAL(R, "utf8view::floor_code_point_boundary", "count");
    return detail::floor_boundary(bytes, index).index;
}

/** The least segment boundary at or above byte index `index`.

    @param bytes a bidirectional byte range (string literals are rejected).
    @param index a byte index; values above the size are clamped to it.
    @return a byte index in [min(index, size), size]: `index` itself if it
    is a boundary, else the end of the code point (or maximal subpart) that
    holds byte `index`.
    @par Complexity O(1) on random-access ranges with a sized sentinel
    (reads at most 4 bytes up to `index`, and for an ill-formed segment at
    most 4 more, forwards); otherwise O(index).
    @par Bad input as `floor_code_point_boundary`.
    @par Standard Unicode 15.0 ch. 3, Table 3-7 and §3.9. */
template <std::ranges::bidirectional_range R>
    requires utf8_range<R>
[[nodiscard]] constexpr std::size_t ceil_code_point_boundary(R&& bytes, std::size_t index)
{
    UTF8VIEW_REJECT_STRING_LITERAL(R, "utf8view::ceil_code_point_boundary", "count");
    auto [it, clamped] = detail::position_at(bytes, index);
    const auto last = std::ranges::end(bytes);
    if (it == last) return clamped;
    auto [start, decoded] = detail::scan_back(std::ranges::begin(bytes), it);
    if (start == it) return clamped;  // a boundary already
    if (!decoded.well_formed()) {
        // An ill-formed segment's length can depend on the bytes after
        // `index`: decode it forwards with the real end as bound.
        auto next = start;
        decoded = detail::decode_segment(next, last);
    }
    const auto back = static_cast<std::size_t>(std::ranges::distance(start, it));  // 1..3
    return clamped - back + decoded.length;
}

/** True if byte index `index` is a segment boundary: 0, the size (or
    above: `index` is clamped), or the index of a byte that starts a code
    point or maximal subpart.

    @param bytes a bidirectional byte range (string literals are rejected).
    @param index a byte index.
    @return true if `views::decode` would step to or from that index.
    @par Complexity as `floor_code_point_boundary`.
    @par Bad input Ill-formed bytes are segments too: a lone continuation
    byte is a boundary, the middle of a maximal subpart such as `E2 82` is
    not.
    @par Standard Unicode 15.0 ch. 3, Table 3-7 and §3.9. */
template <std::ranges::bidirectional_range R>
    requires utf8_range<R>
[[nodiscard]] constexpr bool is_code_point_boundary(R&& bytes, std::size_t index)
{
    UTF8VIEW_REJECT_STRING_LITERAL(R, "utf8view::is_code_point_boundary", "count");
    const auto clamped = detail::position_at(bytes, index).index;
    return detail::floor_boundary(bytes, index).index == clamped;
}

/** The longest prefix of `bytes` that is at most `max_bytes` long and ends
    on a segment boundary: text cut to a byte limit without splitting a
    character. "Ærø" (`C3 86 72 C3 B8`) cut to 4 bytes is "Ær" (3 bytes).

    @param bytes     a bidirectional byte range (string literals are rejected).
    @param max_bytes the limit, in bytes.
    @return a part of `bytes`, not a copy: a `std::basic_string_view` for a
    string or string view, a `std::span` for a span, else a
    `std::ranges::subrange` of its iterators (`std::ranges::dangling` for an
    rvalue that is not a borrowed range). Its size is in bytes, not code points.
    @par Complexity O(1) on random-access ranges with a sized sentinel: reads
    at most 4 bytes, the one at `max_bytes` and up to 3 before it; none if
    `bytes` already fits. Otherwise O(max_bytes).
    @par Bad input Never reads outside `bytes`. A maximal subpart is never
    cut either (the segment rule): `E2 82 41` cut to 1 byte is empty.
    @par Standard Unicode 15.0 ch. 3, Table 3-7 and §3.9; for valid text the
    result has the length WHATWG `TextEncoder.encodeInto` writes into a
    buffer of `max_bytes` bytes. */
template <std::ranges::bidirectional_range R>
    requires utf8_range<R>
[[nodiscard]] constexpr auto truncate(R&& bytes, std::size_t max_bytes)
{
    UTF8VIEW_REJECT_STRING_LITERAL(R, "utf8view::truncate", "count");
    auto cut = detail::floor_boundary(bytes, max_bytes).it;
    return detail::subrange_of(std::forward<R>(bytes), std::ranges::begin(bytes), std::move(cut));
}

/** What `truncate(bytes, max_bytes, suffix)` returns: the part of the input
    to keep, and whether to append the suffix after it. */
template <class Prefix>
struct truncation {
    Prefix prefix;        ///< the bytes to keep (a view into the input)
    bool append_suffix;   ///< true if the input was cut and the suffix fits after `prefix`
};

/** Cuts `bytes` to `max_bytes` like `truncate`, but leaves room for
    `suffix` (e.g. "…", 3 bytes) when a cut is needed, so that `prefix +
    suffix` fits in `max_bytes`. Nothing is allocated or copied.

    - `bytes` fits: `{all of bytes, false}`.
    - it does not, and the suffix fits in `max_bytes`:
      `{truncate(bytes, max_bytes - size(suffix)), true}`.
    - the suffix alone is longer than `max_bytes`:
      `{truncate(bytes, max_bytes), false}`: the cut is made, and no suffix
      can be shown.

    @param bytes     a bidirectional byte range (string literals are rejected).
    @param max_bytes the limit, in bytes, for prefix and suffix together.
    @param suffix    a sized range; only its size in bytes is used. A char
                     array such as a string literal is rejected at compile
                     time (its NUL would count): pass a `std::string_view`.
    @return `truncation<P>` where `P` is what `truncate(bytes, n)` returns.
    @par Complexity as `truncate`.  @par Bad input as `truncate`. */
template <std::ranges::bidirectional_range R, std::ranges::sized_range Suffix>
    requires utf8_range<R>
[[nodiscard]] constexpr auto truncate(R&& bytes, std::size_t max_bytes, const Suffix& suffix)
{
    UTF8VIEW_REJECT_STRING_LITERAL(R, "utf8view::truncate", "count");
    static_assert(!detail::string_literal_array<Suffix>,
                  "utf8view::truncate: a character array (such as a string literal) as suffix would count its "
                  "terminating NUL; "
                  "pass a std::string_view, e.g. \"\\xE2\\x80\\xA6\"sv");
    const auto suffix_bytes = static_cast<std::size_t>(std::ranges::size(suffix));
    const bool fits = detail::position_at(bytes, max_bytes).it == std::ranges::end(bytes);
    std::size_t limit = max_bytes;
    bool append_suffix = false;
    if (!fits && suffix_bytes <= max_bytes) {
        limit = max_bytes - suffix_bytes;
        append_suffix = true;
    }
    auto cut = detail::floor_boundary(bytes, limit).it;
    using prefix_type = decltype(detail::subrange_of(std::forward<R>(bytes), std::ranges::begin(bytes), cut));
    return truncation<prefix_type>{
        detail::subrange_of(std::forward<R>(bytes), std::ranges::begin(bytes), std::move(cut)), append_suffix};
}

/** The prefix of `bytes` that holds its first `code_point_count` elements
    as `views::decode` yields them (each maximal subpart counts as one, as
    its U+FFFD would), or all of `bytes` if it holds fewer.

    @param bytes            a forward byte range (string literals are rejected).
    @param code_point_count the number of code points to keep.
    @return a part of `bytes`, as for `truncate`.
    @par Complexity O(code_point_count): reads each kept byte once, plus at
    most one more per segment.
    @par Bad input Each ill-formed maximal subpart counts as one element
    and is kept whole or not at all; nothing is read past the end.
    @par Standard Unicode 15.0 ch. 3, Table 3-7 and §3.9. */
template <std::ranges::forward_range R>
    requires utf8_range<R>
[[nodiscard]] constexpr auto truncate_code_points(R&& bytes, std::size_t code_point_count)
{
    UTF8VIEW_REJECT_STRING_LITERAL(R, "utf8view::truncate_code_points", "count");
    auto cut = std::ranges::begin(bytes);
    const auto last = std::ranges::end(bytes);
    for (std::size_t kept = 0; kept < code_point_count && cut != last; ++kept)
        static_cast<void>(detail::decode_segment(cut, last));
    return detail::subrange_of(std::forward<R>(bytes), std::ranges::begin(bytes), std::move(cut));
}

/** `bytes` without a trailing incomplete sequence: if the bytes end with
    1 to 3 bytes that are the start of a well-formed sequence (a lead byte
    and some of its continuation bytes, e.g. `E2 82`), they are dropped;
    otherwise all of `bytes` is returned.

    This is how to decode a stream read in chunks: decode the returned
    part, and put the dropped bytes (`bytes` after the returned part) in front
    of the next chunk, so no character is broken at a chunk end; decode what
    is left after the last chunk as it is (a sequence still incomplete at the
    end of the stream is then an error). Ill-formed bytes at the end that no
    later byte could complete (`C0`, `F4 90`, a stray `80`) are kept, to be
    reported where they are.

    @param bytes a bidirectional byte range (string literals are rejected).
    @return a part of `bytes`, as for `truncate`; at most 3 bytes shorter.
    @par Complexity O(1) on random-access ranges with a sized sentinel (reads
    at most the last 4 bytes, each once); otherwise O(size).
    @par Standard Unicode 15.0 ch. 3, Table 3-7 and §3.9: the dropped bytes
    are a maximal subpart of kind `truncated_sequence` cut by the end. */
template <std::ranges::bidirectional_range R>
    requires utf8_range<R>
[[nodiscard]] constexpr auto trim_incomplete_tail(R&& bytes)
{
    UTF8VIEW_REJECT_STRING_LITERAL(R, "utf8view::trim_incomplete_tail", "keep");
    const auto first = std::ranges::begin(bytes);
    auto last = std::ranges::next(first, std::ranges::end(bytes));
    auto cut = last;
    if (first != last) {
        // The last segment ends at the end, so decoding the bytes up to the
        // end alone gives it exactly; if it is truncated, the end truncated
        // it, and the next chunk may complete it.
        auto [start, decoded] = detail::scan_back(first, std::ranges::prev(last));
        if (!decoded.well_formed() && decoded.kind() == error_kind::truncated_sequence) cut = std::move(start);
    }
    return detail::subrange_of(std::forward<R>(bytes), first, std::move(cut));
}

}  // namespace utf8view

#include <utf8view/detail/epilogue.hpp>

#endif  // UTF8VIEW_BOUNDARY_HPP
