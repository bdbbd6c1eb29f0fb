// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at https://www.boost.org/LICENSE_1_0.txt)

/// \file
/// `policy_view`: what the library's views (decode_view, encode_view) share:
/// the base view and the error policy they hold, `base()`, `policy()`,
/// `begin()` and `end()`. Each view adds its iterator and its constructor.

#ifndef UTF8VIEW_DETAIL_POLICY_VIEW_HPP
#define UTF8VIEW_DETAIL_POLICY_VIEW_HPP

#include <utf8view/config.hpp>
#include <utf8view/detail/iterator_support.hpp>

#include <concepts>
#include <ranges>
#include <type_traits>
#include <utility>

#include <utf8view/detail/prologue.hpp>

namespace utf8view::detail {

// The base of `Derived`, a view of the elements of `V` handled by `Policy`.
// `Derived` has a nested `iterator_<Const>` (Const: over `const V`), made by
//   - iterator_<Const>(begin, end, policy): at the first element, which it
//     reads (so the policy may run);
//   - iterator_<Const>(at_end_t, begin, end, policy) where the iterator
//     keeps its begin (`iterator_<Const>::keeps_begin`: over bidirectional
//     ranges, for stepping back or for offsets) and
//     iterator_<Const>(at_end_t, end, policy) elsewhere: at the end;
// and it makes this class a friend of both. `Traits` (the view's adaptor
// traits, detail/closure.hpp) says through `accepts_range<const V>` whether
// a `const Derived` is a range too; asked only where begin() const or
// end() const is used.
// The end is an iterator when V is a common forward range, else a
// view_sentinel (over input ranges always: iterators that consume their
// input cannot be compared with each other).
template <class Derived, class V, class Policy, class Traits>
class policy_view : public std::ranges::view_interface<Derived> {
protected:
    V base_ = V();
    [[no_unique_address]] copyable_box<Policy> policy_ = copyable_box<Policy>();

    policy_view()
        requires std::default_initializable<V> && std::default_initializable<Policy>
    = default;

    constexpr policy_view(V base, const Policy& policy) noexcept(
        std::conjunction_v<std::is_nothrow_move_constructible<V>, std::is_nothrow_copy_constructible<Policy>>)
        : base_(std::move(base)), policy_(policy)
    {}

public:
    /** The underlying view: a copy (O(1) when copying `V` is). */
    [[nodiscard]] constexpr V base() const&
        requires std::copy_constructible<V>
    {
        return base_;
    }
    /** The underlying view, moved out of this one. O(1). */
    [[nodiscard]] constexpr V base() && { return std::move(base_); }

    /** The error policy (the view's copy). O(1). */
    [[nodiscard]] constexpr const Policy& policy() const noexcept { return *policy_; }

    /** An iterator at the first element. The first element is read here
        (O(1), plus the ill-formed bytes at the start that the policy
        drops), so for ill-formed input at the start the policy runs (and
        `on_error::throw_exception` throws) on each call: a loop that
        compares with `begin()` on every step should call it once, before
        the loop. */
    [[nodiscard]] UTF8VIEW_ALWAYS_INLINE constexpr auto begin()
    {
        using iterator = typename Derived::template iterator_<false>;
        return iterator(std::ranges::begin(base_), std::ranges::end(base_), iterator_policy());
    }
    [[nodiscard]] UTF8VIEW_ALWAYS_INLINE constexpr auto begin() const
        requires(Traits::template accepts_range<const V>)
    {
        using iterator = typename Derived::template iterator_<true>;
        return iterator(std::ranges::begin(base_), std::ranges::end(base_), iterator_policy());
    }

    /** The end: an iterator if `V` is a common forward range, else a
        sentinel. O(1). */
    [[nodiscard]] constexpr auto end()
    {
        if constexpr (std::ranges::common_range<V> && std::ranges::forward_range<V>)
            return make_end<false>(base_, iterator_policy());
        else return view_sentinel<V, false, Derived>(std::ranges::end(base_));
    }
    [[nodiscard]] constexpr auto end() const
        requires(Traits::template accepts_range<const V>)
    {
        if constexpr (std::ranges::common_range<const V> && std::ranges::forward_range<const V>)
            return make_end<true>(base_, iterator_policy());
        else return view_sentinel<V, true, Derived>(std::ranges::end(base_));
    }

private:
    // The policy an iterator copies. An empty one that can be default
    // constructed is made afresh (all such are alike): GCC 12 at -O2 warns
    // that the view's empty member "may be used uninitialized" when one of
    // these views holds another (views::utf16_to_utf8), a false alarm.
    [[nodiscard]] constexpr decltype(auto) iterator_policy() const
    {
        if constexpr (std::is_empty_v<Policy> && std::default_initializable<Policy>) return Policy();
        else return static_cast<const Policy&>(*policy_);
    }

    template <bool Const>
    static constexpr auto make_end(maybe_const<Const, V>& base, const Policy& policy)
    {
        using iterator = typename Derived::template iterator_<Const>;
        using at_end_t = typename iterator::at_end_t;
        if constexpr (iterator::keeps_begin)
            return iterator(at_end_t{}, std::ranges::begin(base), std::ranges::end(base), policy);
        else return iterator(at_end_t{}, std::ranges::end(base), policy);
    }
};

}  // namespace utf8view::detail

#include <utf8view/detail/epilogue.hpp>

#endif  // UTF8VIEW_DETAIL_POLICY_VIEW_HPP
