// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at https://www.boost.org/LICENSE_1_0.txt)

/// \file
/// Concepts naming what utf8view accepts: UTF-8 code units (bytes), byte
/// ranges and code point ranges.

#ifndef UTF8VIEW_CODE_UNIT_HPP
#define UTF8VIEW_CODE_UNIT_HPP

#include <utf8view/config.hpp>

#include <concepts>
#include <cstddef>
#include <ranges>
#include <type_traits>

#include <utf8view/detail/prologue.hpp>

namespace utf8view {

/** A type that can hold one UTF-8 code unit (one byte).

    Satisfied by `char`, `signed char`, `unsigned char`, `char8_t` and
    `std::byte`, with or without `const`/`volatile`. A `char` holding a
    negative value is read as the byte with the same bit pattern (two's
    complement), so 0xC3 stored in a signed `char` is the byte C3.

    @par Standard Unicode 15.0, ch. 3, D77 (code unit) and D92 (UTF-8). */
template <class T>
concept utf8_code_unit = std::same_as<std::remove_cv_t<T>, char> || std::same_as<std::remove_cv_t<T>, signed char> ||
                         std::same_as<std::remove_cv_t<T>, unsigned char> ||
                         std::same_as<std::remove_cv_t<T>, char8_t> || std::same_as<std::remove_cv_t<T>, std::byte>;

/** A *byte range*: an input range whose value type is a `utf8_code_unit`.

    Sentinels are allowed (see `null_terminated`). The bytes may hold any
    values: ill-formed UTF-8 is handled by the error policy of whatever
    consumes the range, never undefined behaviour. */
template <class R>
concept utf8_range = std::ranges::input_range<R> && utf8_code_unit<std::ranges::range_value_t<R>>;

/** A type that can hold any code point value (at least 32 bits, not `bool`).

    `char32_t`, `int`, `std::uint32_t`, `long` qualify; `char16_t` (a UTF-16
    code unit) and the UTF-8 code unit types do not, because ranges of them
    are almost always encoded text, not code points. Values that are not
    Unicode scalar values (negative, surrogates, above U+10FFFF) are accepted
    by the type and reported as errors by the encoder. */
template <class T>
concept code_point_type =
    std::integral<std::remove_cv_t<T>> && !std::same_as<std::remove_cv_t<T>, bool> && sizeof(T) >= 4;

/** A *code point range*: an input range whose value type is a
    `code_point_type`. The values may be anything the type holds: a value
    that is not a scalar value (a surrogate, above U+10FFFF, negative) is
    handled by the error policy of whatever encodes the range.

    @par Standard Unicode 15.0, ch. 3, D10 (code point), D76 (scalar value). */
template <class R>
concept code_point_range = std::ranges::input_range<R> && code_point_type<std::ranges::range_value_t<R>>;

/** A type that holds one UTF-16 code unit: `char16_t`, or `wchar_t` where
    it is 16 bits wide (Windows), with or without `const`/`volatile`. Where
    `wchar_t` is 32 bits (Linux, macOS), it is a `code_point_type` instead:
    a `std::wstring` there holds code points.

    @par Standard Unicode 15.0, ch. 3, D77 (code unit) and D91 (UTF-16). */
template <class T>
concept utf16_code_unit =
    std::same_as<std::remove_cv_t<T>, char16_t> || (std::same_as<std::remove_cv_t<T>, wchar_t> && sizeof(wchar_t) == 2);

/** A *UTF-16 range*: an input range whose value type is a `utf16_code_unit`.
    The code units may hold any values: an unpaired surrogate is handled by
    the error policy of whatever consumes the range. */
template <class R>
concept utf16_range = std::ranges::input_range<R> && utf16_code_unit<std::ranges::range_value_t<R>>;

namespace detail {

// The byte value 0x00..0xFF of a code unit, whatever its type and signedness.
template <utf8_code_unit T>
[[nodiscard]] constexpr unsigned char to_byte(T code_unit) noexcept
{
    return static_cast<unsigned char>(code_unit);
}

// A code unit of type T holding `byte`.
template <utf8_code_unit T>
[[nodiscard]] constexpr T from_byte(unsigned char byte) noexcept
{
    return static_cast<T>(byte);
}

// True for arrays of the element types of string literals (char, char8_t,
// char32_t...): decoding such an array would decode its terminating NUL.
template <class R>
inline constexpr bool is_string_literal_array_v = false;
template <class T, std::size_t N>
inline constexpr bool is_string_literal_array_v<T[N]> =
    std::same_as<std::remove_cv_t<T>, char> || std::same_as<std::remove_cv_t<T>, char8_t> ||
    std::same_as<std::remove_cv_t<T>, char16_t> || std::same_as<std::remove_cv_t<T>, char32_t> ||
    std::same_as<std::remove_cv_t<T>, wchar_t>;

template <class R>
concept string_literal_array = is_string_literal_array_v<std::remove_cvref_t<R>>;

// An array of wchar_t (L"..."): UTF-16 code units or code points, by the
// size of wchar_t; the advice for it is std::wstring_view.
template <class R>
concept wide_character_array =
    string_literal_array<R> && std::same_as<std::remove_cv_t<std::remove_extent_t<std::remove_cvref_t<R>>>, wchar_t>;

// The view std::views::all makes of such an array (an lvalue: a ref_view),
// for the views' deduction guides, which meet the array only so.
template <class V>
inline constexpr bool is_ref_view_of_string_literal_array_v = false;
template <class R>
inline constexpr bool is_ref_view_of_string_literal_array_v<std::ranges::ref_view<R>> =
    is_string_literal_array_v<std::remove_cv_t<R>>;

// An output-iterator argument, as the caller wrote it (deduced through a
// forwarding reference): not a range. Taking it by value would decay an
// array, which the output-range overloads take, to a pointer, and make the
// two overloads ambiguous. An array of unknown bound is not a range: it
// still goes in as the pointer it decays to (std::decay_t).
template <class O>
concept output_iterator_argument = !std::ranges::range<O> && std::weakly_incrementable<std::decay_t<O>>;

template <class>
inline constexpr bool always_false_v = false;

}  // namespace detail
}  // namespace utf8view

#include <utf8view/detail/epilogue.hpp>

#endif  // UTF8VIEW_CODE_UNIT_HPP
