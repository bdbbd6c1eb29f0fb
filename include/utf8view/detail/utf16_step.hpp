// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at https://www.boost.org/LICENSE_1_0.txt)

/// \file
/// THE UTF-16 decoder and encoder: the only place in utf8view that knows
/// Unicode ch. 3, D91 and Table 3-5 (UTF-16 bit distribution). A code unit
/// that is not a surrogate is a code point of its own; a high surrogate
/// (D800..DBFF) followed by a low one (DC00..DFFF) is one supplementary
/// code point; any other surrogate is unpaired, an ill-formed code unit
/// sequence of one code unit (as the WHATWG "UTF-16 decoder" reads it: one
/// U+FFFD each, the code unit after a high surrogate left to start the next
/// segment).

#ifndef UTF8VIEW_DETAIL_UTF16_STEP_HPP
#define UTF8VIEW_DETAIL_UTF16_STEP_HPP

#include <utf8view/config.hpp>
#include <utf8view/code_unit.hpp>
#include <utf8view/detail/decode_step.hpp>
#include <utf8view/error.hpp>
#include <utf8view/unicode.hpp>

#include <cstdint>
#include <iterator>
#include <utility>

#include <utf8view/detail/prologue.hpp>

namespace utf8view::detail {

// The value of a UTF-16 code unit, whatever its type.
template <utf16_code_unit T>
[[nodiscard]] constexpr char16_t to_code_unit(T unit) noexcept
{
    return static_cast<char16_t>(unit);
}

// D800..DBFF and DC00..DFFF (Unicode 15.0 ch. 3, D71 and D73 for the code
// points; as UTF-16 code units, the leading and trailing surrogates of a
// pair).
[[nodiscard]] constexpr bool is_high_surrogate(char16_t unit) noexcept
{
    return (unit & 0xFC00u) == 0xD800u;
}
[[nodiscard]] constexpr bool is_low_surrogate(char16_t unit) noexcept
{
    return (unit & 0xFC00u) == 0xDC00u;
}

// Table 3-5, read backwards: the supplementary code point of a surrogate
// pair, 10000 + (high - D800) * 400 + (low - DC00).
[[nodiscard]] constexpr char32_t surrogate_pair_value(char16_t high, char16_t low) noexcept
{
    return 0x10000u + ((static_cast<char32_t>(high) - 0xD800u) << 10) + (static_cast<char32_t>(low) - 0xDC00u);
}

// Decodes the UTF-16 segment that starts at `it`: a code unit that is not a
// surrogate (length 1), a surrogate pair (length 2), or an unpaired
// surrogate (length 1, error_kind::unpaired_surrogate). The code unit after
// a high surrogate is read but not consumed unless it is a low surrogate,
// so single-pass iterators work. Precondition: it != last.
template <std::input_iterator I, std::sentinel_for<I> S>
[[nodiscard]] UTF8VIEW_ALWAYS_INLINE constexpr decode_result<I> decode_utf16_step(I it, S last)
{
    const char16_t first = to_code_unit(*it);
    ++it;
    if (!is_surrogate(first)) [[likely]]
        return {segment{first, 1, 0}, std::move(it)};
    if (is_high_surrogate(first) && it != last) {
        const char16_t second = to_code_unit(*it);
        if (is_low_surrogate(second)) {
            ++it;
            return {segment{surrogate_pair_value(first, second), 2, 0}, std::move(it)};
        }
    }
    return {ill_formed(error_kind::unpaired_surrogate, 1), std::move(it)};
}

// decode_utf16_step, advancing `it` in place.
template <std::input_iterator I, std::sentinel_for<I> S>
[[nodiscard]] constexpr segment decode_utf16_segment(I& it, const S& last)
{
    auto [decoded, next] = decode_utf16_step(std::move(it), last);
    it = std::move(next);
    return decoded;
}

// The UTF-16 form of a code point: 1 or 2 code units (Table 3-5). A value
// that is not a scalar value (a surrogate, or above U+10FFFF) has no UTF-16
// form and is given U+FFFD's, as the UTF-8 encoder does (encode_step.hpp):
// the callers ask the policy about such values before they get here.
struct utf16_sequence {
    char16_t units[2] = {};
    std::uint8_t length = 0;
};

[[nodiscard]] constexpr utf16_sequence encode_utf16(char32_t code_point) noexcept
{
    if (!is_scalar_value(code_point)) code_point = replacement_character;
    if (code_point < 0x10000u) return {{static_cast<char16_t>(code_point), 0}, 1};
    const char32_t offset = code_point - 0x10000u;  // 20 bits
    return {{static_cast<char16_t>(0xD800u + (offset >> 10)), static_cast<char16_t>(0xDC00u + (offset & 0x3FFu))}, 2};
}

// Code units of encode_utf16(code_point).
[[nodiscard]] constexpr std::size_t utf16_length(char32_t code_point) noexcept
{
    return code_point >= 0x10000u && code_point <= max_code_point ? 2 : 1;
}

}  // namespace utf8view::detail

#include <utf8view/detail/epilogue.hpp>

#endif  // UTF8VIEW_DETAIL_UTF16_STEP_HPP
