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
#include <utf8view/detail/encode_step.hpp>
#include <utf8view/error.hpp>
#include <utf8view/unicode.hpp>

#include <cstdint>
#include <type_traits>
#include <iterator>
#include <ranges>
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
template <class I, class S>  // an input iterator and its sentinel
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
template <class I, class S>  // an input iterator and its sentinel
[[nodiscard]] constexpr segment decode_utf16_segment(I& it, const S& last)
{
    auto [decoded, next] = decode_utf16_step(std::move(it), last);
    it = std::move(next);
    return decoded;
}

// The UTF-16 segment whose last code unit is the one before `position`,
// looking back at most one more code unit, never before `first`; as
// scan_back (decode_step.hpp) does for UTF-8, but always exact: a low
// surrogate after a high one ends a pair, and any other code unit is a
// segment of its own (an unpaired surrogate if it is one). This agrees with
// decoding forwards because pairs cannot overlap: a high surrogate pairs
// only with the code unit after it, a low one only with the code unit
// before it. `position` is a segment boundary, so a high surrogate just
// before it is unpaired. Precondition: position != first.
template <class I, class Bound>  // a bidirectional iterator and a sentinel for it
[[nodiscard]] constexpr located_segment<I> scan_back_utf16(const Bound& first, const I& position)
{
    I start = std::ranges::prev(position);
    const char16_t last = to_code_unit(*start);
    if (!is_surrogate(last)) [[likely]]
        return {std::move(start), segment{last, 1, 0}};
    if (is_low_surrogate(last) && start != first) {
        I before = std::ranges::prev(start);
        const char16_t high = to_code_unit(*before);
        if (is_high_surrogate(high)) return {std::move(before), segment{surrogate_pair_value(high, last), 2, 0}};
    }
    return {std::move(start), ill_formed(error_kind::unpaired_surrogate, 1)};
}

// The decoders a view picks by the code unit type of its range `R`: UTF-16
// for char16_t (and a 16-bit wchar_t), UTF-8 for the byte types.
template <class R>
inline constexpr bool decodes_utf16_v = utf16_code_unit<std::ranges::range_value_t<R>>;

// The segment at `it` (not the end) and the position after it.
template <class R, std::input_iterator I, std::sentinel_for<I> S>
[[nodiscard]] UTF8VIEW_ALWAYS_INLINE constexpr decode_result<I> decode_step_of(I it, const S& last)
{
    if constexpr (decodes_utf16_v<R>) return decode_utf16_step(std::move(it), last);
    else return decode_step(std::move(it), last);
}

// The segment that ends just before `position` (not `first`) and its start.
// For UTF-8, an ill-formed segment's kind and length may depend on what
// follows (see scan_back); for UTF-16 the answer is exact. `first` is the
// begin, or std::unreachable_sentinel over code units known to be
// well-formed, where a scan back never reaches the begin.
template <class R, std::bidirectional_iterator I, std::sentinel_for<I> Bound>
[[nodiscard]] constexpr located_segment<I> segment_before(const Bound& first, const I& position)
{
    if constexpr (decodes_utf16_v<R>) return scan_back_utf16(first, position);
    else return scan_back(first, std::ranges::prev(position));
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

// encode_value_marked (encode_step.hpp) for UTF-16: checks and encodes
// any code point value in one word, code unit i in bits 16i..16i+15 and an
// end marker at bit 16 * length (so the word is below 0x2'0000 exactly when
// its low unit is the last one); or units 0 and the error kind of a value
// that is not a scalar value.
template <code_point_type T>
[[nodiscard]] constexpr marked_sequence encode_value_marked_utf16(T value) noexcept
{
    if (const std::uint8_t error = scalar_value_error(value); error != 0) [[unlikely]]
        return {0, error};
    const utf16_sequence encoded = encode_utf16(static_cast<char32_t>(value));
    if (encoded.length == 1) return {std::uint64_t{encoded.units[0]} | 0x1'0000u, 0};
    return {std::uint64_t{encoded.units[0]} | std::uint64_t{encoded.units[1]} << 16 | std::uint64_t{1} << 32, 0};
}

// How many code units a UTF-16 word with an end marker holds (0 for 0).
[[nodiscard]] constexpr int marked_length_utf16(std::uint64_t word) noexcept
{
    return word >= 0x1'0000'0000u ? 2 : word != 0 ? 1 : 0;
}

}  // namespace utf8view::detail

#include <utf8view/detail/epilogue.hpp>

#endif  // UTF8VIEW_DETAIL_UTF16_STEP_HPP
