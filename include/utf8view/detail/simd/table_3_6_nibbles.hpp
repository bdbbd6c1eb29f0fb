// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at https://www.boost.org/LICENSE_1_0.txt)

/// \file
/// Unicode 15.0 ch. 3, Table 3-6 (UTF-8 bit distribution) by the high
/// nibble of a byte, for the vector transcoders (transcode_avx2.hpp,
/// transcode_avx512.hpp): they gather each character's bytes into a 32-bit
/// lane, join the payload bits of all four bytes as for a 4-byte character,
/// and shift off what a shorter character lacks. Each table is written out
/// and checked at compile time against the rule it comes from. Also the
/// shapes of 64-byte windows whose characters all have one length, which
/// both transcoders decode without gathering.

#ifndef UTF8VIEW_DETAIL_SIMD_TABLE_3_6_NIBBLES_HPP
#define UTF8VIEW_DETAIL_SIMD_TABLE_3_6_NIBBLES_HPP

#include <utf8view/config.hpp>

#include <cstdint>

#include <utf8view/detail/prologue.hpp>

namespace utf8view::detail::simd::table_3_6 {

// The length of the well-formed sequence a byte with this high nibble
// starts (Table 3-7: 0_..7_ one byte; C_, D_ two; E_ three; F_ four), or 0
// for a continuation byte (8_..B_). Which of C0, C1, F5..FF start nothing
// at all is for the validators; the transcoders see valid text only.
constexpr unsigned sequence_length(unsigned high_nibble) noexcept
{
    if (high_nibble < 0x8) return 1;
    if (high_nibble < 0xC) return 0;
    if (high_nibble < 0xE) return 2;
    return high_nibble == 0xE ? 3 : 4;
}

// Table 3-6: the payload bits of a byte: 7 of a single byte, 5, 4, 3 of
// the lead byte of 2, 3, 4 bytes, 6 of a continuation byte.
constexpr unsigned char payload_mask(unsigned high_nibble) noexcept
{
    const unsigned length = sequence_length(high_nibble);
    if (length == 0) return 0x3F;
    return static_cast<unsigned char>(0xFFu >> (length == 1 ? 1 : length + 1));
}

// How far right the bits of four bytes joined as for a 4-byte character
// (lead << 18 | second << 12 | third << 6 | fourth) go for a character
// whose lead byte has this high nibble: 6 for each continuation byte it
// lacks. 0 for a continuation byte (never a lead).
constexpr unsigned char lead_shift(unsigned high_nibble) noexcept
{
    const unsigned length = sequence_length(high_nibble);
    return static_cast<unsigned char>(length == 0 ? 0 : 6 * (4 - length));
}

// The two tables a byte shuffle looks up, indexed by the high nibble.
// clang-format off
alignas(16) inline constexpr unsigned char payload_mask_by_high_nibble[16] = {
    0x7F, 0x7F, 0x7F, 0x7F, 0x7F, 0x7F, 0x7F, 0x7F, 0x3F, 0x3F, 0x3F, 0x3F, 0x1F, 0x1F, 0x0F, 0x07};
alignas(16) inline constexpr unsigned char lead_shift_by_high_nibble[16] = {
    18, 18, 18, 18, 18, 18, 18, 18, 0, 0, 0, 0, 12, 12, 6, 0};
// clang-format on

constexpr bool tables_follow_table_3_6() noexcept
{
    for (unsigned nibble = 0; nibble < 16; ++nibble)
        if (payload_mask_by_high_nibble[nibble] != payload_mask(nibble) ||
            lead_shift_by_high_nibble[nibble] != lead_shift(nibble))
            return false;
    return true;
}
static_assert(tables_follow_table_3_6(), "the nibble tables say what Table 3-6 says");

// Lead bytes of a 64-byte window (bit i: byte i) whose characters all have
// one length: 16 of 4 bytes; 16 of 3 bytes, then the next one's lead byte
// at byte 48 (compare the first 49 bits only).
inline constexpr std::uint64_t every_fourth_byte = 0x1111111111111111u;
inline constexpr std::uint64_t every_third_byte = 0x1249249249249u;
inline constexpr std::uint64_t first_49_bytes = (std::uint64_t{1} << 49) - 1;

constexpr bool window_shapes_are_right() noexcept
{
    std::uint64_t fourth = 0;
    std::uint64_t third = 0;
    for (unsigned i = 0; i < 64; i += 4) fourth |= std::uint64_t{1} << i;
    for (unsigned i = 0; i <= 48; i += 3) third |= std::uint64_t{1} << i;
    return fourth == every_fourth_byte && third == every_third_byte;
}
static_assert(window_shapes_are_right(), "every fourth byte of 64, every third of the first 49");

}  // namespace utf8view::detail::simd::table_3_6

#include <utf8view/detail/epilogue.hpp>

#endif  // UTF8VIEW_DETAIL_SIMD_TABLE_3_6_NIBBLES_HPP
