// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at https://www.boost.org/LICENSE_1_0.txt)

/// \file
/// `starts_with_bom` and `strip_bom`: the explicit way to handle a UTF-8
/// byte order mark. The views never strip one on their own.

#ifndef UTF8VIEW_BOM_HPP
#define UTF8VIEW_BOM_HPP

#include <utf8view/config.hpp>
#include <utf8view/code_unit.hpp>
#include <utf8view/detail/subrange_of.hpp>

#include <iterator>
#include <ranges>

#include <utf8view/detail/prologue.hpp>

namespace utf8view {

namespace detail {

// starts_with_bom(bytes), for strip_bom too.
template <std::ranges::forward_range R>
[[nodiscard]] constexpr bool has_bom(R& bytes)
{
    constexpr unsigned char bom[3] = {0xEF, 0xBB, 0xBF};
    auto it = std::ranges::begin(bytes);
    const auto last = std::ranges::end(bytes);
    for (const unsigned char expected : bom) {
        if (it == last || to_byte(*it) != expected) return false;
        ++it;
    }
    return true;
}

}  // namespace detail

/** True if `bytes` starts with `EF BB BF`, the UTF-8 form of U+FEFF
    (a byte order mark, BOM).

    @param bytes a forward byte range. A `char` or `char8_t` array, such as
    a string literal, is rejected at compile time (one `static_assert`), as
    by every function that takes text: its terminating NUL is not text.
    @par Complexity O(1): reads at most 3 bytes, never past the end.
    @par Bad input Any bytes are allowed; only the first three are compared
    (`EF BB` alone, or `EF BB` then another byte, is not a BOM: false).
    @par Standard Unicode 15.0, ch. 2 §2.6 ("Use of a BOM is neither required
    nor recommended for UTF-8"), ch. 3 D94; ch. 23 §23.8. */
template <std::ranges::forward_range R>
    requires utf8_range<R>
[[nodiscard]] constexpr bool starts_with_bom(R&& bytes)
{
    UTF8VIEW_REJECT_STRING_LITERAL(R, "utf8view::starts_with_bom", "read");
    return detail::has_bom(bytes);
}

/** `bytes` without its leading BOM (`EF BB BF`) if it has one, else all of
    `bytes`. Only one BOM is removed.

    @param bytes a forward byte range (string literals are rejected: the
    result would keep their terminating NUL).
    @return a view of the same bytes: a `std::basic_string_view` for a
    string or string view, a `std::span` for a span, else a
    `std::ranges::subrange` of `bytes`' iterators; `std::ranges::dangling`
    for an rvalue that is not a borrowed range.
    @par Complexity O(1): reads at most 3 bytes.
    @par Bad input Other bytes are not looked at: `EF BB` alone is not a BOM
    and is kept.
    @par Standard Unicode 15.0, ch. 2 §2.6 (a BOM in UTF-8), ch. 3 D94,
    ch. 23 §23.8 (U+FEFF at the start of a text is a signature, not
    content). */
template <std::ranges::forward_range R>
    requires utf8_range<R>
[[nodiscard]] constexpr auto strip_bom(R&& bytes)
{
    UTF8VIEW_REJECT_STRING_LITERAL(R, "utf8view::strip_bom", "keep");
    auto first = std::ranges::begin(bytes);
    if (detail::has_bom(bytes)) std::ranges::advance(first, 3);
    return detail::subrange_of(std::forward<R>(bytes), first, std::ranges::end(bytes));
}

}  // namespace utf8view

#include <utf8view/detail/epilogue.hpp>

#endif  // UTF8VIEW_BOM_HPP
