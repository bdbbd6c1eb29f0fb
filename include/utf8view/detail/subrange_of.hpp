// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at https://www.boost.org/LICENSE_1_0.txt)

/// \file
/// `subrange_of(range, first, last)`: a part of a range, as the most natural
/// type for that range (string_view for strings, span for spans).

#ifndef UTF8VIEW_DETAIL_SUBRANGE_OF_HPP
#define UTF8VIEW_DETAIL_SUBRANGE_OF_HPP

#include <utf8view/config.hpp>

#include <cstddef>
#include <iterator>
#include <ranges>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>

#include <utf8view/detail/prologue.hpp>

namespace utf8view::detail {

// std::to_address(it) for a contiguous iterator, without <memory> (about
// 11,000 lines a translation unit would parse for this one function; see
// doc/build-cost.md): view_interface::data() of an empty subrange is
// specified as std::to_address(begin()), so this is valid at the end of a
// range too, and in constant evaluation. Call it qualified: an unqualified
// call could also find std::to_address by argument-dependent lookup. A
// pointer is its own address (and costs no subrange instantiation).
template <std::contiguous_iterator I>
[[nodiscard]] constexpr auto to_address(const I& it) noexcept(std::is_nothrow_copy_constructible_v<I>)
{
    if constexpr (std::is_pointer_v<I>) return it;
    else return std::ranges::subrange<I>(it, it).data();
}

template <class R>
struct string_view_for {};
template <class C, class T>
struct string_view_for<std::basic_string_view<C, T>> {
    using type = std::basic_string_view<C, T>;
};
template <class C, class T, class A>
struct string_view_for<std::basic_string<C, T, A>> {
    using type = std::basic_string_view<C, T>;
};

template <class R>
struct is_span : std::false_type {};
template <class T, std::size_t E>
struct is_span<std::span<T, E>> : std::true_type {};

// [first, last) within `range`, as:
// - basic_string_view for a basic_string (lvalue) or basic_string_view;
// - span<T> (dynamic extent) for a span<T, E>;
// - std::ranges::dangling for an rvalue that is not a borrowed range;
// - std::ranges::subrange<I, S> otherwise (S is I when the part ends at an
//   iterator, the range's sentinel type when it ends at the range's end).
template <class R, class I, class S>
[[nodiscard]] constexpr auto subrange_of(R&&, I first, S last)
{
    using Range = std::remove_cvref_t<R>;
    if constexpr (!std::ranges::borrowed_range<R>) { return std::ranges::dangling{}; }
    else if constexpr (requires { typename string_view_for<Range>::type; }) {
        using view = typename string_view_for<Range>::type;
        return view(detail::to_address(first), static_cast<std::size_t>(last - first));
    }
    else if constexpr (is_span<Range>::value) {
        return std::span<typename Range::element_type>(first, last);
    }
    else {
        return std::ranges::subrange<I, S>(std::move(first), std::move(last));
    }
}

}  // namespace utf8view::detail

#include <utf8view/detail/epilogue.hpp>

#endif  // UTF8VIEW_DETAIL_SUBRANGE_OF_HPP
