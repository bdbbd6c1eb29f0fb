// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at https://www.boost.org/LICENSE_1_0.txt)

/// \file
/// Errors as values: `decode_or_error_view`, whose elements are
/// `std::expected<char32_t, decode_error_info>`, and the adaptor
/// `views::decode_or_error`. Needs `std::expected` (C++23: with libstdc++,
/// g++ 12 and later with `-std=c++23`; with libc++ 16 and later); elsewhere
/// the header defines nothing else and `UTF8VIEW_HAS_DECODE_OR_ERROR` is 0.

#ifndef UTF8VIEW_DECODE_OR_ERROR_HPP
#define UTF8VIEW_DECODE_OR_ERROR_HPP

#include <utf8view/config.hpp>
#include <utf8view/code_unit.hpp>
#include <utf8view/decode_view.hpp>
#include <utf8view/detail/closure.hpp>
#include <utf8view/detail/iterator_support.hpp>
#include <utf8view/error.hpp>
#include <utf8view/error_policy.hpp>

#include <version>

#if defined(__cpp_lib_expected) && __cpp_lib_expected >= 202202L
/// 1 where `decode_or_error_view` and `views::decode_or_error` exist (where
/// the standard library has `std::expected`), else 0.
#define UTF8VIEW_HAS_DECODE_OR_ERROR 1

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <expected>
#include <iterator>
#include <ranges>
#include <type_traits>
#include <utility>

#include <utf8view/detail/prologue.hpp>

namespace utf8view {

namespace detail {
template <decode_source Source>
struct decode_or_error_adaptor_traits;  // below
}  // namespace detail

/** A lazy view of the code points of the UTF-8 or UTF-16 range `V`, each
    error in place as a value: every element is a
    `std::expected<char32_t, decode_error_info>`, the scalar value of a
    well-formed sequence, or, for each ill-formed maximal subpart (UTF-16:
    each unpaired surrogate), `std::unexpected` of its kind, its offset in
    code units from the start of `V` and its length in code units. No policy
    object: the loop sees each error where it is and decides there.

    @tparam V a view of bytes (UTF-8) or of UTF-16 code units, as for
              `decode_view`, which this view wraps (with `on_error::replace`:
              the same elements, one per maximal subpart, at the same places).

    Models what `decode_view<V>` models (input, forward or bidirectional;
    common, borrowed as it is). Backwards is the reverse of forwards.
    Iterators have `base()`, `code_unit_count()` and `offset()` as
    `decode_view`'s do (`offset()` where `decode_view`'s has it).

    @par Complexity As `decode_view`: O(1) per step; an error's offset is
    O(1) (once O(n) from `end()` over a bidirectional range that is not
    random-access, see `decode_view::iterator::offset()`).
    @par Bad input Never reads outside `V`; errors are values, never
    exceptions (the view never throws unless the range's own iterators do).
    @par Standard Unicode 15.0 ch. 3, Table 3-7 and §3.9 (UTF-8), D91 and
    Table 3-5 (UTF-16); the error values follow P2728's `utf_view` over
    `std::expected`, with the offset and length added. */
template <std::ranges::view V>
    requires utf8_range<V> || utf16_range<V>
class decode_or_error_view : public std::ranges::view_interface<decode_or_error_view<V>> {
    decode_view<V> decoded_ = decode_view<V>();

    template <bool Const>
    class iterator_;
    template <bool Const>
    class sentinel_;

    static constexpr bool const_range =
        detail::decode_adaptor_traits<detail::decode_source::either>::template accepts_range<const V>;

public:
    /// The iterator types, for Boost.Range and other code that looks for nested names.
    using iterator = iterator_<false>;
    using const_iterator = iterator_<true>;

    /** A view of a default-constructed `V`. */
    decode_or_error_view()
        requires std::default_initializable<V>
    = default;

    /** Views `base` as code points and errors. O(1). */
    constexpr explicit decode_or_error_view(V base) noexcept(std::is_nothrow_move_constructible_v<V>)
        : decoded_(std::move(base))
    {}

    /** The underlying view of code units: a copy (O(1) when copying `V`
        is). */
    [[nodiscard]] constexpr V base() const&
        requires std::copy_constructible<V>
    {
        return decoded_.base();
    }
    /** The underlying view, moved out of this one. O(1). */
    [[nodiscard]] constexpr V base() && { return std::move(decoded_).base(); }

    /** An iterator at the first element (decoded here, as by
        `decode_view::begin()`: O(1)). */
    [[nodiscard]] constexpr iterator begin() { return iterator(decoded_.begin()); }
    [[nodiscard]] constexpr const_iterator begin() const
        requires const_range
    {
        return const_iterator(decoded_.begin());
    }

    /** The end: an iterator when `decode_view<V>`'s end is one, else a sentinel. O(1). */
    [[nodiscard]] constexpr auto end()
    {
        if constexpr (std::ranges::common_range<decode_view<V>>) return iterator(decoded_.end());
        else return sentinel_<false>(decoded_.end());
    }
    [[nodiscard]] constexpr auto end() const
        requires const_range
    {
        if constexpr (std::ranges::common_range<const decode_view<V>>) return const_iterator(decoded_.end());
        else return sentinel_<true>(decoded_.end());
    }
};

/// Deduction guide: `decode_or_error_view(range)` views `std::views::all(range)`.
template <class R>
decode_or_error_view(R&&) -> decode_or_error_view<std::views::all_t<R>>;

/** The iterator of `decode_or_error_view`: a `decode_view` iterator (with
    `on_error::replace`), whose elements it reads as values or errors. */
template <std::ranges::view V>
    requires utf8_range<V> || utf16_range<V>
template <bool Const>
class decode_or_error_view<V>::iterator_ : public detail::iterator_category_base<detail::maybe_const<Const, V>> {
    using decode_iterator = std::ranges::iterator_t<detail::maybe_const<Const, decode_view<V>>>;
    static constexpr bool forward = std::forward_iterator<decode_iterator>;
    static constexpr bool bidirectional = std::bidirectional_iterator<decode_iterator>;

    friend decode_or_error_view;
    template <bool>
    friend class iterator_;
    template <bool>
    friend class sentinel_;

    decode_iterator current_ = decode_iterator();
    // The current element's offset if it is an error (see note_error), else 0.
    std::uint64_t error_offset_ = 0;

    constexpr explicit iterator_(decode_iterator current) : current_(std::move(current)) { note_error(); }

    // Keeps the offset of an error when the iterator arrives at it: the
    // decode iterator knows it in O(1), or computes it once and keeps it
    // (see decode_view's offset()), which a const operator* could not.
    constexpr void note_error()
    {
        // (A decode iterator over well-formed code units, an encode_view,
        // has no offset() to give, and meets no error.)
        if constexpr (requires { current_.offset(); }) {
            if (current_.error()) [[unlikely]]
                error_offset_ = current_.offset();
        }
    }

public:
    using iterator_concept = typename decode_iterator::iterator_concept;
    using value_type = std::expected<char32_t, decode_error_info>;
    using difference_type = std::iter_difference_t<decode_iterator>;
    /// Marks utf8view iterators (for interoperability headers).
    using utf8view_iterator = void;

    /** A singular iterator. */
    iterator_()
        requires std::default_initializable<decode_iterator>
    = default;

    /** Converts a mutable iterator to a const one. */
    constexpr iterator_(iterator_<!Const> other)
        requires Const && std::convertible_to<std::ranges::iterator_t<decode_view<V>>, decode_iterator>
        : current_(std::move(other.current_)), error_offset_(other.error_offset_)
    {}

    /** The current code point, or the error that stands in its place: its
        kind, its offset in code units (`offset()`) and its length in code
        units. Precondition: not at the end. O(1) (see `offset()`). */
    [[nodiscard]] constexpr value_type operator*() const
    {
        if (const auto kind = current_.error()) [[unlikely]]
            return std::unexpected(
                decode_error_info{*kind, error_offset_, static_cast<std::uint8_t>(current_.code_unit_count())});
        return *current_;
    }

    /** The position of the current element in `V` (see `decode_view`'s `base()`). */
    [[nodiscard]] constexpr decltype(auto) base() const& noexcept { return current_.base(); }
    /** Code units of the current element: 1 to 4 bytes, or 1 or 2 UTF-16 code units; 0 at the end. */
    [[nodiscard]] constexpr std::size_t code_unit_count() const noexcept { return current_.code_unit_count(); }
    /** Offset of the current element in code units (see `decode_view`'s `offset()`). */
    [[nodiscard]] constexpr std::uint64_t offset() const
        requires requires(const decode_iterator& it) { it.offset(); }
    {
        return current_.offset();
    }

    /** Moves to the next element (code point or error), decoding it once,
        exactly as `decode_view`'s `++` with `on_error::replace`.
        Precondition: not at the end. O(1) (see `decode_view`'s steps). */
    constexpr iterator_& operator++()
    {
        ++current_;
        note_error();
        return *this;
    }
    /** Post-increment over input ranges; returns nothing. */
    constexpr void operator++(int)
        requires(!forward)
    {
        ++*this;
    }
    /** Post-increment: returns the iterator as it was. */
    constexpr iterator_ operator++(int)
        requires forward
    {
        iterator_ previous = *this;
        ++*this;
        return previous;
    }
    /** Moves to the previous element, as `decode_view`'s `--` (it reads at
        most the 4 bytes before the position, or 2 UTF-16 code units).
        Precondition: not at the beginning. O(1); an error's offset, from an
        iterator that came from `end()` over a bidirectional range that is
        not random-access, once O(n). */
    constexpr iterator_& operator--()
        requires bidirectional
    {
        --current_;
        note_error();
        return *this;
    }
    /** Post-decrement: returns the iterator as it was. */
    constexpr iterator_ operator--(int)
        requires bidirectional
    {
        iterator_ previous = *this;
        --*this;
        return previous;
    }

    /** True if both stand at the same element (the same position in `V`).
        O(1). */
    [[nodiscard]] friend constexpr bool operator==(const iterator_& left, const iterator_& right)
        requires std::equality_comparable<decode_iterator>
    {
        return left.current_ == right.current_;
    }
};

/** The end of a `decode_or_error_view` whose `decode_view` has a sentinel. */
template <std::ranges::view V>
    requires utf8_range<V> || utf16_range<V>
template <bool Const>
class decode_or_error_view<V>::sentinel_ {
    using decode_sentinel = std::ranges::sentinel_t<detail::maybe_const<Const, decode_view<V>>>;
    decode_sentinel end_ = decode_sentinel();

    friend decode_or_error_view;
    constexpr explicit sentinel_(decode_sentinel end) : end_(std::move(end)) {}

public:
    sentinel_() = default;

    template <bool IteratorConst>
        requires std::sentinel_for<decode_sentinel,
                                   std::ranges::iterator_t<detail::maybe_const<IteratorConst, decode_view<V>>>>
    [[nodiscard]] friend constexpr bool operator==(const iterator_<IteratorConst>& it, const sentinel_& end)
    {
        return reached(it, end);
    }

private:
    // A member, so that it may read the iterator's position (a friend
    // function of a friend class may not).
    template <bool IteratorConst>
    [[nodiscard]] static constexpr bool reached(const iterator_<IteratorConst>& it, const sentinel_& end)
    {
        return it.current_ == end.end_;
    }
};

namespace detail {

// What views::decode_or_error adapts: UTF-8 or UTF-16 code units to a
// decode_or_error_view (no policy: errors are the elements).
template <decode_source Source>
struct decode_or_error_adaptor_traits : decode_adaptor_traits<Source> {
    template <class Policy>
    static constexpr bool accepts_policy = false;
    using misuse_result = std::ranges::empty_view<std::expected<char32_t, decode_error_info>>;

    template <class View>
    static constexpr auto make(View code_units)
    {
        return decode_or_error_view<View>(std::move(code_units));
    }

    // A string literal would be decoded with its terminating NUL.
    template <class R>
    static void reject_string_literal()
    {
        if constexpr (Source == decode_source::utf16) {
            UTF8VIEW_REJECT_STRING_LITERAL(R, "utf8view::views::decode_utf16_or_error", "decode");
        }
        else {
            UTF8VIEW_REJECT_STRING_LITERAL(R, "utf8view::views::decode_or_error", "decode");
        }
    }

    // A range whose elements are not code units of the adaptor's encoding form.
    template <class R>
    static void reject_elements()
    {
        if constexpr (Source == decode_source::utf16)
            static_assert(always_false_v<R>,
                          "utf8view::views::decode_utf16_or_error: the range's elements must be UTF-16 code units: "
                          "char16_t, or wchar_t where it is 16 bits; for UTF-8 bytes use views::decode_or_error");
        else
            static_assert(always_false_v<R>,
                          "utf8view::views::decode_or_error: the range's elements must be UTF-8 code units (bytes): "
                          "char, char8_t, unsigned char, signed char or std::byte; for UTF-16 (char16_t) use "
                          "views::decode_utf16_or_error");
    }
};

}  // namespace detail

namespace views {

/** `bytes | views::decode_or_error`, `views::decode_or_error(bytes)`: a
    `decode_or_error_view` of a UTF-8 byte range, whose elements are
    `std::expected<char32_t, decode_error_info>`: each code point, or, for
    each ill-formed maximal subpart, the error (kind, byte offset, length in
    bytes) where `on_error::replace` would put U+FFFD. Never throws (unless
    the range's iterators do). O(1) to make (nothing is decoded until
    `begin()`), O(1) per step. Rejects string literals and ranges of other
    elements at compile time, as `views::decode` does.
    @par Standard Unicode 15.0 ch. 3, Table 3-7 and §3.9 (maximal
    subparts). */
inline constexpr detail::view_adaptor<detail::decode_or_error_adaptor_traits<detail::decode_source::utf8>>
    decode_or_error{};

/** `units | views::decode_utf16_or_error`, `views::decode_utf16_or_error(units)`:
    the same over a UTF-16 range (`char16_t`, or a 16-bit `wchar_t`): each
    code point (from one code unit or a surrogate pair), or, for each
    unpaired surrogate, the error `unpaired_surrogate` with its offset in
    code units and length 1. Never throws; O(1) per step.
    @par Standard Unicode 15.0 ch. 3, D91 and Table 3-5 (UTF-16). */
inline constexpr detail::view_adaptor<detail::decode_or_error_adaptor_traits<detail::decode_source::utf16>>
    decode_utf16_or_error{};

}  // namespace views
}  // namespace utf8view

template <class V>
inline constexpr bool std::ranges::enable_borrowed_range<utf8view::decode_or_error_view<V>> =
    std::ranges::enable_borrowed_range<V>;

#include <utf8view/detail/epilogue.hpp>

#else
#define UTF8VIEW_HAS_DECODE_OR_ERROR 0
#endif  // std::expected

#endif  // UTF8VIEW_DECODE_OR_ERROR_HPP
