// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at https://www.boost.org/LICENSE_1_0.txt)

/// \file
/// `std::reverse_iterator` for the iterators of utf8view's views that know
/// where their range begins and have an element before every position
/// after it (a policy that never drops an error): it keeps the element
/// before its position decoded, so that `std::views::reverse` (and `std::make_reverse_iterator`,
/// `std::ranges::reverse_view`, `rbegin()` of a user's container) decode
/// each element once, where the standard template decodes it at every `*`
/// and again at every `++`.

#ifndef UTF8VIEW_DETAIL_REVERSE_ITERATOR_HPP
#define UTF8VIEW_DETAIL_REVERSE_ITERATOR_HPP

#include <utf8view/config.hpp>

#include <concepts>
#include <iterator>
#include <type_traits>
#include <utility>

#include <utf8view/detail/prologue.hpp>

namespace utf8view::detail {

// What the reverse iterator below may ask of the iterators it reverses,
// which befriend this class rather than make the test public.
struct iterator_access {
    // True if `it` stands at the first element of its range (no element is
    // before it). O(1).
    template <class I>
    [[nodiscard]] UTF8VIEW_ALWAYS_INLINE static constexpr bool at_begin(const I& it)
    {
        return it.at_begin();
    }
    // Steps `it` back once, unless it is at the beginning. O(1), plus the
    // maximal subparts the policy drops.
    template <class I>
    UTF8VIEW_ALWAYS_INLINE static constexpr void step_back_unless_at_begin(I& it)
    {
        it.step_back_unless_at_begin();
    }
    // True if `left` and `right` stand at the same element, tested as a
    // decode view's iterator tests it with branches (the encode view's step
    // over a decode view compares with its end this way). O(1).
    template <class I>
    [[nodiscard]] UTF8VIEW_ALWAYS_INLINE static constexpr bool same_length_and_position(const I& left, const I& right)
    {
        return I::same_length_and_position(left, right);
    }
    // True if `left` and `right` stand at the same element (at the same
    // code unit, for an iterator of code units). O(1).
    template <class I>
    [[nodiscard]] UTF8VIEW_ALWAYS_INLINE static constexpr bool same_position(const I& left, const I& right)
    {
        return I::same_position(left, right);
    }
};

// An iterator of utf8view that steps back and knows its range's begin (see
// `utf8view_reverse_caches_element` in the iterators of decode_view and
// encode_view).
template <class I>
concept reverse_caching_iterator = std::bidirectional_iterator<I> && !std::random_access_iterator<I> &&
                                   requires { requires I::utf8view_reverse_caches_element; };

}  // namespace utf8view::detail

/** `std::reverse_iterator` over an iterator of a utf8view view that steps
    back and knows where its range begins, where every position after the
    first has an element before it: a `decode_view` over bidirectional code
    units, with a policy for which `policy_replaces_every_error` holds; an
    `encode_view` over such a `decode_view` (`views::utf8_to_utf16`,
    `views::utf16_to_utf8`) or over bidirectional code points, with a
    policy for which `policy_replaces_every_error<Policy,
    encode_error_info>` holds (its encoding call never drops a value).

    The standard template dereferences `*std::prev(base())`: over a view
    that decodes or encodes, each element would be decoded (or encoded) at
    every `*` and once more at every `++`, and an error policy would run
    each time. This
    specialization keeps a second iterator, at the element before `base()`,
    decoded once when it is reached: `*` is O(1), `++` steps that iterator
    back once (the view's `--`: O(1), plus the maximal subparts its policy
    drops), `--` steps `base()` forwards once. A policy therefore runs once
    per maximal subpart passed, when the reverse iterator reaches the
    element, as for the view's own iterators; constructing it from a
    position decodes the element before that position (none at the
    beginning of the range). If a step throws, the iterator is left as it
    was.

    It has the members the standard gives `reverse_iterator` over a
    bidirectional iterator (`base()`, `*`, `++`, `--`, conversion from a
    `reverse_iterator` of a convertible iterator, `iter_move`), with their
    meaning. Two are equal when their `base()`s stand at the same position
    (its own `operator==`, which compares positions only); the standard's
    other comparisons, which compare `base()`, apply unchanged. Its size is
    that of two iterators.

    Allowed by [namespace.std]: the specialization depends on the view's
    iterator type, a program-defined type, and meets the requirements of
    `std::reverse_iterator`. */
template <class I>
    requires utf8view::detail::reverse_caching_iterator<I>
class std::reverse_iterator<I> {
    I current_ = I();  // base()
    I element_ = I();  // the element before current_; current_ itself at the beginning

    template <class>
    friend class std::reverse_iterator;

public:
    using iterator_type = I;
    using iterator_concept = std::bidirectional_iterator_tag;
    using iterator_category = typename std::iterator_traits<I>::iterator_category;
    using value_type = std::iter_value_t<I>;
    using difference_type = std::iter_difference_t<I>;
    using pointer = typename std::iterator_traits<I>::pointer;
    using reference = std::iter_reference_t<I>;

    /** A value-initialized iterator (singular, as `I()` is). */
    constexpr reverse_iterator() = default;

    /** The reverse iterator whose `base()` is `position`: it yields the
        element before `position`, which it decodes now (unless `position` is
        at the beginning). O(1), plus the maximal subparts the policy drops. */
    UTF8VIEW_ALWAYS_INLINE constexpr explicit reverse_iterator(I position)
        : current_(std::move(position)), element_(current_)
    {
        utf8view::detail::iterator_access::step_back_unless_at_begin(element_);
    }

    /** Converts from the reverse iterator of a convertible iterator (a
        mutable iterator to a const one), without decoding again. */
    template <class U>
        requires(!std::is_same_v<U, I>) && std::convertible_to<const U&, I>
    constexpr reverse_iterator(const reverse_iterator<U>& other) : current_(other.current_), element_(other.element_)
    {}

    /** Assigns from the reverse iterator of a convertible iterator, without
        decoding again. */
    template <class U>
        requires(!std::is_same_v<U, I>) && std::convertible_to<const U&, I> && std::assignable_from<I&, const U&>
    constexpr reverse_iterator& operator=(const reverse_iterator<U>& other)
    {
        current_ = other.current_;
        element_ = other.element_;
        return *this;
    }

    /** The underlying iterator: the position after the element this one
        yields. */
    [[nodiscard]] UTF8VIEW_ALWAYS_INLINE constexpr I base() const { return current_; }

    /** The element before `base()`, decoded when it was reached: O(1).
        Precondition: `base()` is not at the beginning. */
    [[nodiscard]] UTF8VIEW_ALWAYS_INLINE constexpr reference operator*() const { return *element_; }

    /** Moves to the element before (towards the beginning of the range).
        Precondition: `base()` is not at the beginning. */
    UTF8VIEW_ALWAYS_INLINE constexpr reverse_iterator& operator++()
    {
        I before = element_;
        utf8view::detail::iterator_access::step_back_unless_at_begin(before);  // may throw: nothing changed yet
        current_ = std::move(element_);
        element_ = std::move(before);
        return *this;
    }
    /** Post-increment: returns the iterator as it was. O(1), as `++`. */
    constexpr reverse_iterator operator++(int)
    {
        reverse_iterator previous = *this;
        ++*this;
        return previous;
    }

    /** Moves to the element after (towards the end of the range).
        Precondition: `base()` is not at the end. */
    UTF8VIEW_ALWAYS_INLINE constexpr reverse_iterator& operator--()
    {
        I after = current_;
        ++after;  // may throw: nothing changed yet
        element_ = std::move(current_);
        current_ = std::move(after);
        return *this;
    }
    /** Post-decrement: returns the iterator as it was. O(1), as `--`. */
    constexpr reverse_iterator operator--(int)
    {
        reverse_iterator previous = *this;
        --*this;
        return previous;
    }

    /** True if both have the same `base()`. Compares positions only: the
        standard template would compare `base()` copies, whose equality test
        over a `decode_view` also compares the current elements' lengths. */
    [[nodiscard]] UTF8VIEW_ALWAYS_INLINE friend constexpr bool operator==(const reverse_iterator& left,
                                                                          const reverse_iterator& right)
    {
        return utf8view::detail::iterator_access::same_position(left.current_, right.current_);
    }

    /** `std::ranges::iter_move` of the element: a copy of the value. */
    [[nodiscard]] friend constexpr std::iter_rvalue_reference_t<I>
    iter_move(const reverse_iterator& it) noexcept(noexcept(std::ranges::iter_move(std::declval<const I&>())))
    {
        return std::ranges::iter_move(it.element_);
    }
};

#include <utf8view/detail/epilogue.hpp>

#endif  // UTF8VIEW_DETAIL_REVERSE_ITERATOR_HPP
