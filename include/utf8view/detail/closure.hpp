// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at https://www.boost.org/LICENSE_1_0.txt)

/// \file
/// `range_adaptor_closure<D>`: the base that makes `bytes | views::decode`
/// and `views::decode | std::views::take(3)` work before C++23; and
/// `view_adaptor<Traits>`, the adaptor object every view of the library is
/// made through (views::decode, views::encode_as).

#ifndef UTF8VIEW_DETAIL_CLOSURE_HPP
#define UTF8VIEW_DETAIL_CLOSURE_HPP

#include <utf8view/code_unit.hpp>
#include <utf8view/config.hpp>

#include <concepts>
#include <ranges>
#include <type_traits>
#include <utility>

#include <utf8view/detail/prologue.hpp>

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

// What the adaptor objects of the views (views::decode, views::encode_as)
// share: `adaptor(range)`, `adaptor(range, policy)`, and `adaptor(policy)`
// for `range | adaptor(policy)`, with a message naming the rule for the two
// common mistakes (a string literal, a range of the wrong elements) instead
// of a page of failed overloads. `Traits` says what differs:
//   - `accepts_range<R>`, `accepts_policy<P>`: the range and policy concepts;
//   - `make(view)`, `make(view, policy)`: the view over `std::views::all(range)`;
//   - `reject_string_literal<R>()`, `reject_elements<R>()`: the messages
//     (a static_assert each; static_assert wants a literal, so they live there);
//   - `misuse_result`: the range those two return, so that no second error
//     follows the message.
template <class Traits>
struct view_adaptor;

// What an adaptor makes of its first argument, decided once per argument
// type. Each overload of view_adaptor::operator() below is constrained by
// one test of this value rather than by the concepts it is computed from:
// GCC checks a requires-clause made of concepts by normalizing it into
// its atomic constraints and comparing the overloads' constraints with one
// another, which cost a translation unit that runs one decode loop about 3%
// of its compile time (callgrind instructions, GCC 12, doc/build-cost.md);
// a constant is one atomic constraint. Nothing relies on one of these
// overloads being more constrained than another: at most one accepts.
enum class adaptor_argument { view, policy, string_literal, wrong_range, none };

template <class Traits, class R>
inline constexpr adaptor_argument adaptor_argument_v = [] {
    // Elements first: a string literal of the wrong kind of text
    // (`u"abc" | views::decode`) gets the message that names the adaptor
    // for its kind, not advice on a string view the adaptor rejects too.
    if constexpr (std::ranges::range<R>) {
        if constexpr (!Traits::template accepts_range<R>) return adaptor_argument::wrong_range;
        else if constexpr (string_literal_array<R>) return adaptor_argument::string_literal;
        else if constexpr (std::ranges::viewable_range<R>) return adaptor_argument::view;
        else return adaptor_argument::none;
    }
    else if constexpr (Traits::template accepts_policy<R>) return adaptor_argument::policy;
    else return adaptor_argument::none;
}();

// An adaptor with its policy bound: `adaptor(policy)`, a closure for
// `range | adaptor(policy)` (range-v3's bind_back, in small).
template <class Traits, class Policy>
struct view_adaptor_with_policy : range_adaptor_closure<view_adaptor_with_policy<Traits, Policy>> {
    [[no_unique_address]] Policy policy;

    // Ranges of every kind: view_adaptor gives the messages for a string
    // literal and for a range of the wrong elements.
    template <class R>
        requires(adaptor_argument_v<Traits, R> == adaptor_argument::view ||
                 adaptor_argument_v<Traits, R> == adaptor_argument::string_literal ||
                 adaptor_argument_v<Traits, R> == adaptor_argument::wrong_range)
    [[nodiscard]] constexpr auto operator()(R&& range) const
    {
        return view_adaptor<Traits>{}(std::forward<R>(range), policy);
    }
};

template <class Traits>
struct view_adaptor : range_adaptor_closure<view_adaptor<Traits>> {
    template <class R>
        requires(adaptor_argument_v<Traits, R> == adaptor_argument::view)
    [[nodiscard]] constexpr auto operator()(R&& range) const
    {
        return Traits::make(std::views::all(std::forward<R>(range)));
    }

    template <class R, class Policy>
        requires(adaptor_argument_v<Traits, R> == adaptor_argument::view &&
                 adaptor_argument_v<Traits, Policy> == adaptor_argument::policy)
    [[nodiscard]] constexpr auto operator()(R&& range, Policy policy) const
    {
        return Traits::make(std::views::all(std::forward<R>(range)), std::move(policy));
    }

    template <class Policy>
        requires(adaptor_argument_v<Traits, Policy> == adaptor_argument::policy)
    [[nodiscard]] constexpr auto operator()(Policy policy) const
    {
        return view_adaptor_with_policy<Traits, Policy>{{}, std::move(policy)};
    }

    template <class R, class... Policy>
        requires(adaptor_argument_v<Traits, R> == adaptor_argument::string_literal)
    typename Traits::misuse_result operator()(R&&, Policy...) const
    {
        Traits::template reject_string_literal<R>();
        return {};
    }

    template <class R, class... Policy>
        requires(adaptor_argument_v<Traits, R> == adaptor_argument::wrong_range)
    typename Traits::misuse_result operator()(R&&, Policy...) const
    {
        Traits::template reject_elements<R>();
        return {};
    }
};

}  // namespace utf8view::detail

#include <utf8view/detail/epilogue.hpp>

#endif  // UTF8VIEW_DETAIL_CLOSURE_HPP
