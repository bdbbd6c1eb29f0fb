// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at https://www.boost.org/LICENSE_1_0.txt)

/// \file
/// Pieces shared by the iterators of the views: iterator tags, where an
/// iterator keeps the start of its range, and how it holds its policy.

#ifndef UTF8VIEW_DETAIL_ITERATOR_SUPPORT_HPP
#define UTF8VIEW_DETAIL_ITERATOR_SUPPORT_HPP

#include <utf8view/config.hpp>

#include <concepts>
#include <cstddef>
#include <iterator>
#include <optional>
#include <ranges>
#include <type_traits>
#include <utility>

#include <utf8view/detail/prologue.hpp>

namespace utf8view::detail {

template <bool Const, class T>
using maybe_const = std::conditional_t<Const, const T, T>;

// Views of variable-width elements are at most bidirectional: finding the
// n-th element needs a pass over the bytes before it.
template <class Base>
consteval auto iterator_concept_for() noexcept
{
    if constexpr (std::ranges::bidirectional_range<Base>) return std::bidirectional_iterator_tag{};
    else if constexpr (std::ranges::forward_range<Base>) return std::forward_iterator_tag{};
    else return std::input_iterator_tag{};
}

// `iterator_category` exists only over forward ranges, and is input because
// `operator*` returns a prvalue (as for std::views::transform).
template <class Base>
struct iterator_category_base {};
template <std::ranges::forward_range Base>
struct iterator_category_base<Base> {
    using iterator_category = std::input_iterator_tag;
};

struct empty_slot {
    friend constexpr bool operator==(empty_slot, empty_slot) noexcept = default;
};

// What a decode iterator over bytes in memory knows of the bytes ahead of
// it and behind it (doc/design.md, "The contiguous fast path"). None is a
// mere hint: the bytes before validated_end, and those from
// validated_begin up to the iterator, are decoded without checks, and a
// sequence that starts before checked_end is read without tests against
// the end.
template <class I>
struct lookahead_window {
    // The bytes from any segment boundary at or after the end of the
    // current element up to here are well-formed: decoded without checks.
    I validated_end = I();
    // Past validated_end and before here, after an error: decoded with
    // every check, without asking the validation kernel again. At least 4
    // bytes lie between any position before it that the iterator can step
    // forwards to and the end of the bytes (stepping back resets it).
    I checked_end = I();
    // Stepping back: the bytes from here up to the current position are
    // well-formed and this is a segment boundary, so a step back that stays
    // at or after it decodes without checks. Past an ill-formed maximal
    // subpart met going forwards it is the position after that subpart
    // (ahead of an iterator standing on it): nothing behind is known.
    I validated_begin = I();
    // A step back from a position at or before here validates the bytes
    // behind it again (the iterator's validated_behind); after a block
    // that held an error, some bytes further back, so that text with errors
    // is not validated again at every step.
    I validate_behind_at = I();
};

// What an iterator keeps of the start of its base range:
// - the begin iterator over bidirectional ranges, which bounds scanning back
//   (unless KeepsBegin is false: see encode_view's iterator, over a view
//   whose begin() would run a policy);
// - the offset of the iterator's position from the start, in elements of
//   the base, for the error policies: computed from begin over random-access
//   ranges, counted as the iterator moves otherwise. An iterator made at the
//   end of a bidirectional range that is not random-access does not know its
//   offset; the first error that needs it computes it once, in O(n).
template <class I, bool KeepsBegin = std::bidirectional_iterator<I>>
class range_origin {
    static constexpr bool keeps_begin = KeepsBegin;
    static constexpr bool counts = !std::random_access_iterator<I>;
    static constexpr std::size_t unknown = static_cast<std::size_t>(-1);

    [[no_unique_address]] std::conditional_t<keeps_begin, I, empty_slot> begin_ = {};
    [[no_unique_address]] std::conditional_t<counts, std::size_t, empty_slot> offset_ = {};

public:
    // For an iterator at the start of a range that is not bidirectional.
    range_origin() = default;

    // For an iterator at the start of the range.
    constexpr explicit range_origin(const I& begin) noexcept(std::is_nothrow_copy_constructible_v<I>)
        requires keeps_begin
        : begin_(begin)
    {}

    // For an iterator at the end of the range.
    struct at_end_t {};
    constexpr range_origin(const I& begin, at_end_t) noexcept(std::is_nothrow_copy_constructible_v<I>)
        requires keeps_begin
        : begin_(begin)
    {
        if constexpr (counts) offset_ = unknown;
    }

    template <class J>
        requires std::convertible_to<const J&, I>
    constexpr explicit range_origin(const range_origin<J, KeepsBegin>& other)
        : begin_(other.begin_), offset_(other.offset_)
    {}

    [[nodiscard]] constexpr const I& begin() const noexcept
        requires keeps_begin
    {
        return begin_;
    }

    // Offset, in elements from the start of the range, of `position`, which
    // is `delta` elements after (or, if negative, before) the position of
    // the iterator that owns this origin.
    [[nodiscard]] constexpr std::size_t offset_of(const I& position, std::ptrdiff_t delta)
    {
        if constexpr (!counts) {
            static_cast<void>(delta);
            return static_cast<std::size_t>(position - begin_);
        }
        else {
            if constexpr (keeps_begin) {
                if (offset_ == unknown)
                    offset_ = static_cast<std::size_t>(std::ranges::distance(begin_, position)) -
                              static_cast<std::size_t>(delta);
            }
            // Unsigned arithmetic wraps, so adding a negative delta is exact.
            return offset_ + static_cast<std::size_t>(delta);
        }
    }

    // The same without keeping what it computes: O(n) on each call where
    // the non-const form computes once.
    [[nodiscard]] constexpr std::size_t offset_of(const I& position, std::ptrdiff_t delta) const
    {
        if constexpr (!counts) {
            static_cast<void>(delta);
            return static_cast<std::size_t>(position - begin_);
        }
        else {
            if constexpr (keeps_begin) {
                if (offset_ == unknown) return static_cast<std::size_t>(std::ranges::distance(begin_, position));
            }
            return offset_ + static_cast<std::size_t>(delta);
        }
    }

    // The owning iterator moved by `delta` elements.
    constexpr void moved(std::ptrdiff_t delta) noexcept
    {
        if constexpr (counts) {
            if (offset_ != unknown) offset_ += static_cast<std::size_t>(delta);
        }
    }

private:
    template <class J, bool>
    friend class range_origin;
};

// Holds an error policy inside iterators. Iterators must be default
// constructible and assignable (forward_iterator needs semiregular), but a
// policy need only be copy constructible: a lambda with captures, or a class
// that takes a reference in its constructor. A semiregular policy is held
// as is (taking no room if empty); another one in an optional, assigned by
// destroying and copy constructing, as the standard's copyable-box does.
template <class T>
class copyable_box {
    std::optional<T> value_;

public:
    constexpr copyable_box() noexcept(std::is_nothrow_default_constructible_v<T>)
        requires std::default_initializable<T>
        : value_(std::in_place)
    {}
    // Empty: only a default-constructed iterator, which must not be used, has one.
    constexpr copyable_box() noexcept
        requires(!std::default_initializable<T>)
    = default;
    constexpr explicit copyable_box(const T& value) noexcept(std::is_nothrow_copy_constructible_v<T>) : value_(value) {}
    copyable_box(const copyable_box&) = default;
    copyable_box(copyable_box&&) = default;
    constexpr copyable_box& operator=(const copyable_box& other) noexcept(std::is_nothrow_copy_constructible_v<T>)
    {
        if (this != &other) {
            if (other.value_) value_.emplace(*other.value_);
            else value_.reset();
        }
        return *this;
    }
    constexpr copyable_box& operator=(copyable_box&& other) noexcept(std::is_nothrow_move_constructible_v<T>)
    {
        if (this != &other) {
            if (other.value_) value_.emplace(std::move(*other.value_));
            else value_.reset();
        }
        return *this;
    }
    [[nodiscard]] constexpr T& operator*() noexcept { return *value_; }
    [[nodiscard]] constexpr const T& operator*() const noexcept { return *value_; }
};

template <class T>
    requires std::semiregular<T>
class copyable_box<T> {
    [[no_unique_address]] T value_ = T();

public:
    copyable_box() = default;
    constexpr explicit copyable_box(const T& value) noexcept(std::is_nothrow_copy_constructible_v<T>) : value_(value) {}
    [[nodiscard]] constexpr T& operator*() noexcept { return value_; }
    [[nodiscard]] constexpr const T& operator*() const noexcept { return value_; }
};

// True if moving, reading and comparing iterators of type I (with
// sentinel S) cannot throw: the condition, with the policy's, for the
// views' iterator steps to be noexcept.
template <class I, class S>
consteval bool nothrow_iteration() noexcept
{
    bool nothrow = std::is_nothrow_move_assignable_v<I>;
    nothrow = nothrow&& noexcept(*std::declval<const I&>());
    nothrow = nothrow&& noexcept(++std::declval<I&>());
    nothrow = nothrow&& noexcept(static_cast<bool>(std::declval<const I&>() == std::declval<const S&>()));
    if constexpr (std::forward_iterator<I>) nothrow = nothrow && std::is_nothrow_copy_constructible_v<I>;
    if constexpr (std::bidirectional_iterator<I>) nothrow = nothrow&& noexcept(--std::declval<I&>());
    if constexpr (std::random_access_iterator<I>)
        nothrow = nothrow&& noexcept(std::declval<I&>() += std::declval<std::iter_difference_t<I>>());
    return nothrow;
}
template <class I, class S>
inline constexpr bool nothrow_iteration_v = nothrow_iteration<I, S>();

// True for a view whose elements are always Unicode scalar values
// (decode_view: a policy's answer is made one too), so that an encoder
// over it never asks its policy, and needs neither offsets nor the start
// of the range.
template <class V>
inline constexpr bool yields_scalar_values_v = false;

// True for a view whose code units are always well-formed UTF-8 or UTF-16
// (encode_view), so that a decoder over it never meets an error, and a
// scan back from an element boundary never passes the start.
template <class V>
inline constexpr bool yields_well_formed_v = false;

// The end of a view whose iterators know where their base range ends
// (decode_view, and encode_view, over a range that is not a common forward
// range): it holds the base's sentinel, for base(), and each view's iterator
// compares with it by its own end test (an `operator==` taking any
// view_sentinel<V, C, View> whose base sentinel bounds the iterator's base).
// `View`, the view's type, keeps the ends of different views apart.
template <class V, bool Const, class View>
class view_sentinel {
    using Base = maybe_const<Const, V>;
    std::ranges::sentinel_t<Base> end_ = std::ranges::sentinel_t<Base>();

public:
    /** A sentinel holding a default-constructed base sentinel. */
    view_sentinel() = default;
    /** The end of the view over a range whose sentinel is `end`. O(1). */
    constexpr explicit view_sentinel(std::ranges::sentinel_t<Base> end) : end_(std::move(end)) {}

    /** Converts a mutable sentinel to a const one. */
    constexpr view_sentinel(view_sentinel<V, !Const, View> other)
        requires Const && std::convertible_to<std::ranges::sentinel_t<V>, std::ranges::sentinel_t<Base>>
        : end_(other.base())
    {}

    /** The underlying sentinel (a copy). O(1). */
    [[nodiscard]] constexpr std::ranges::sentinel_t<Base> base() const { return end_; }
};

}  // namespace utf8view::detail

#include <utf8view/detail/epilogue.hpp>

#endif  // UTF8VIEW_DETAIL_ITERATOR_SUPPORT_HPP
