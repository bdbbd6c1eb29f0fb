// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at https://www.boost.org/LICENSE_1_0.txt)

/// \file
/// `range_adaptor_closure<D>`: the base that makes `bytes | views::decode`
/// and `views::decode | std::views::take(3)` work before C++23.

#ifndef UTF8VIEW_DETAIL_CLOSURE_HPP
#define UTF8VIEW_DETAIL_CLOSURE_HPP

#include <utf8view/config.hpp>

#include <concepts>
#include <ranges>
#include <type_traits>
#include <utility>

namespace utf8view::detail {

#if defined(__cpp_lib_ranges) && __cpp_lib_ranges >= 202202L
// C++23: the standard base (P2387).
template <class D>
using range_adaptor_closure = std::ranges::range_adaptor_closure<D>;

#elif defined(_GLIBCXX_RELEASE) && _GLIBCXX_RELEASE >= 14
// libstdc++ 14 and later in C++20 mode: the internal base became a template.
template <class D>
using range_adaptor_closure = std::views::__adaptor::_RangeAdaptorClosure<D>;

#elif defined(_GLIBCXX_RELEASE) && _GLIBCXX_RELEASE >= 11
// libstdc++ 11-13: deriving from the internal (non-template) base makes our
// closures compose with the standard ones in both directions.
template <class D>
struct range_adaptor_closure : std::views::__adaptor::_RangeAdaptorClosure {};

#else
// Elsewhere: `range | closure` only.
template <class D>
struct range_adaptor_closure {
    template <std::ranges::viewable_range R>
        requires std::invocable<const D&, R>
    [[nodiscard]] friend constexpr decltype(auto) operator|(R&& range, const D& closure)
    {
        return closure(std::forward<R>(range));
    }
};
#endif

}  // namespace utf8view::detail

#endif  // UTF8VIEW_DETAIL_CLOSURE_HPP
