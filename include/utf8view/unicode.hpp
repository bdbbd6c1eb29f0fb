// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at https://www.boost.org/LICENSE_1_0.txt)

/// \file
/// Constants and constexpr predicates on code points and on single UTF-8 bytes.

#ifndef UTF8VIEW_UNICODE_HPP
#define UTF8VIEW_UNICODE_HPP

#include <utf8view/config.hpp>
#include <utf8view/code_unit.hpp>

#include <utf8view/detail/prologue.hpp>

namespace utf8view {

/** U+FFFD REPLACEMENT CHARACTER, what `on_error::replace` yields for each
    maximal subpart. @par Standard Unicode 15.0, ch. 3 §3.9 (U+FFFD Substitution of Maximal Subparts). */
inline constexpr char32_t replacement_character = U'\uFFFD';

/** U+FEFF, which encoded in UTF-8 (`EF BB BF`) at the start of a text is a
    byte order mark (BOM). @par Standard Unicode 15.0, ch. 2 §2.6, ch. 3 D94. */
inline constexpr char32_t byte_order_mark = U'\uFEFF';

/** The largest code point, U+10FFFF. @par Standard Unicode 15.0, ch. 3 D9, D10 (codespace 0..10FFFF). */
inline constexpr char32_t max_code_point = U'\U0010FFFF';

/** True if `code_point` is a surrogate code point, U+D800..U+DFFF.
    @param code_point any 32-bit value.  @par Complexity O(1).
    @par Standard Unicode 15.0, ch. 3 D71, D73. */
[[nodiscard]] constexpr bool is_surrogate(char32_t code_point) noexcept
{
    return code_point >= 0xD800 && code_point <= 0xDFFF;
}

/** True if `code_point` is a Unicode scalar value: 0..D7FF or E000..10FFFF,
    exactly the values UTF-8 can encode. Noncharacters (U+FFFE, U+FFFF,
    U+FDD0..U+FDEF...) are scalar values.
    @param code_point any 32-bit value.  @par Complexity O(1).
    @par Standard Unicode 15.0, ch. 3 D76. */
[[nodiscard]] constexpr bool is_scalar_value(char32_t code_point) noexcept
{
    return code_point <= max_code_point && !is_surrogate(code_point);
}

/** True if `byte` is a continuation byte (trailing byte), 80..BF: a byte
    that never starts a well-formed UTF-8 sequence.
    @param byte one UTF-8 code unit of any `utf8_code_unit` type.  @par Complexity O(1).
    @par Standard Unicode 15.0, ch. 3, Table 3-7 (second to fourth byte columns). */
template <utf8_code_unit T>
[[nodiscard]] constexpr bool is_continuation_byte(T byte) noexcept
{
    return (detail::to_byte(byte) & 0xC0u) == 0x80u;
}

/** True if `byte` is a lead byte: the first byte of a well-formed two-, three-
    or four-byte sequence, C2..F4. ASCII bytes (00..7F) are complete
    one-byte sequences and are not lead bytes; C0, C1 and F5..FF start no
    well-formed sequence at all.
    @param byte one UTF-8 code unit.  @par Complexity O(1).
    @par Standard Unicode 15.0, ch. 3, Table 3-7 (first byte column); Unicode glossary, "lead byte". */
template <utf8_code_unit T>
[[nodiscard]] constexpr bool is_lead_byte(T byte) noexcept
{
    const unsigned char value = detail::to_byte(byte);
    return value >= 0xC2 && value <= 0xF4;
}

/** The length in bytes (1 to 4) of the well-formed sequences that start
    with `first_byte`, or 0 if no well-formed sequence starts with it
    (80..BF, C0, C1, F5..FF). The bytes that follow still have to be checked:
    `E0 80 80` starts with a byte of length 3 but is ill-formed.
    @param first_byte one UTF-8 code unit.  @return 0, 1, 2, 3 or 4 (bytes).
    @par Complexity O(1).  @par Standard Unicode 15.0, ch. 3, Table 3-7. */
template <utf8_code_unit T>
[[nodiscard]] constexpr int sequence_length(T first_byte) noexcept
{
    const unsigned char value = detail::to_byte(first_byte);
    if (value < 0x80) return 1;
    if (value < 0xC2) return 0;
    if (value < 0xE0) return 2;
    if (value < 0xF0) return 3;
    if (value < 0xF5) return 4;
    return 0;
}

/** The number of bytes (1 to 4) UTF-8 uses for `code_point`, or 0 if it is
    not a scalar value (a surrogate or above U+10FFFF), which UTF-8 cannot encode.
    @param code_point any 32-bit value.  @par Complexity O(1).
    @par Standard Unicode 15.0, ch. 3, Table 3-6 (UTF-8 bit distribution). */
[[nodiscard]] constexpr int encoded_length(char32_t code_point) noexcept
{
    if (code_point < 0x80) return 1;
    if (code_point < 0x800) return 2;
    if (code_point < 0x10000) return is_surrogate(code_point) ? 0 : 3;
    if (code_point <= max_code_point) return 4;
    return 0;
}

}  // namespace utf8view

#include <utf8view/detail/epilogue.hpp>

#endif  // UTF8VIEW_UNICODE_HPP
