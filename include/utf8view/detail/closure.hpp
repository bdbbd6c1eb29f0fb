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

// Each standard library has its own base class that makes user closures
// compose with the standard ones (`views::decode | std::views::take(3)`);
// C++23 names it std::ranges::range_adaptor_closure (P2387), but some
// libraries announce the C++23 feature macro before they provide it, so
// the library version decides, not __cpp_lib_ranges alone.
#if defined(_LIBCPP_VERSION) && _LIBCPP_VERSION >= 150000
// libc++ 15 and later (C++20 and C++23 modes).
template <class D>
using range_adaptor_closure = std::__range_adaptor_closure<D>;

#elif defined(_GLIBCXX_RELEASE) && _GLIBCXX_RELEASE >= 14
// libstdc++ 14 and later: the internal base became a template (and is the
// base of std::ranges::range_adaptor_closure in C++23 mode).
template <class D>
using range_adaptor_closure = std::views::__adaptor::_RangeAdaptorClosure<D>;

#elif defined(_GLIBCXX_RELEASE) && _GLIBCXX_RELEASE >= 11
// libstdc++ 11-13: a non-template internal base.
template <class D>
struct range_adaptor_closure : std::views::__adaptor::_RangeAdaptorClosure {};

#elif defined(_MSVC_STL_VERSION) && defined(__cpp_lib_ranges) && __cpp_lib_ranges >= 202202L
// Microsoft's standard library in C++23 mode. (Not tested here.)
template <class D>
using range_adaptor_closure = std::ranges::range_adaptor_closure<D>;

#elif defined(_MSVC_STL_VERSION)
// Microsoft's standard library in C++20 mode. (Not tested here.)
template <class D>
using range_adaptor_closure = std::ranges::_Pipe::_Base<D>;

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
