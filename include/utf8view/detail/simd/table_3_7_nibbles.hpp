// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at https://www.boost.org/LICENSE_1_0.txt)

/// \file
/// Unicode 15.0 ch. 3, Table 3-7 (well-formed UTF-8 byte sequences) in
/// nibble-class form, for the vector validation kernels (sse, avx2, avx512,
/// neon): which pairs of adjacent bytes are ill-formed, as three 16-entry
/// tables indexed by a nibble, plus the thresholds for the third and fourth
/// bytes. The same table as detail/decode_step.hpp's lead_byte_table, in
/// the shape a byte shuffle can look up 16 or 64 bytes at a time;
/// test/detail/table_3_7_nibbles.cpp derives every entry's meaning from
/// Table 3-7 (all 65,536 pairs of bytes) with the reference decoder.

#ifndef UTF8VIEW_DETAIL_SIMD_TABLE_3_7_NIBBLES_HPP
#define UTF8VIEW_DETAIL_SIMD_TABLE_3_7_NIBBLES_HPP

#include <utf8view/detail/prologue.hpp>

namespace utf8view {

// The three nibble tables of the "lookup" algorithm of J. Keiser and D.
// Lemire, "Validating UTF-8 In Less Than One Instruction Per Byte",
// Software: Practice and Experience 51(5), 2021.
//
// Every ill-formed pair (previous byte, current byte) of Table 3-7 falls in
// one of the classes below, and each class is decided by three nibbles: the
// high and low nibble of the previous byte and the high nibble of the
// current one. Each table maps one nibble to the set of classes it allows;
// the AND of the three lookups is the set of classes the pair is in, so a
// non-zero byte means an ill-formed pair. What pairs cannot see (a third or
// fourth byte that is not a continuation byte, or one continuation byte too
// many) is settled by `two_continuations` against the lead byte 2 or 3 back.
namespace detail::simd::lookup {

// clang-format off
inline constexpr unsigned char too_short  = 1u << 0;  // C0..FF then 00..7F or C0..FF: a lead without continuation
inline constexpr unsigned char too_long   = 1u << 1;  // 00..7F then 80..BF: a continuation with no lead
inline constexpr unsigned char overlong_3 = 1u << 2;  // E0 then 80..9F
inline constexpr unsigned char too_large  = 1u << 3;  // F4..FF then 90..BF
inline constexpr unsigned char surrogate  = 1u << 4;  // ED then A0..BF
inline constexpr unsigned char overlong_2 = 1u << 5;  // C0, C1 then 80..BF
inline constexpr unsigned char f_then_8x  = 1u << 6;  // F0 then 80..8F (overlong), F5..FF then 80..8F (too large)
inline constexpr unsigned char two_continuations = 1u << 7;  // 80..BF then 80..BF: fine only as 3rd/4th byte

// The classes that do not depend on the previous byte's low nibble.
inline constexpr unsigned char any_low_nibble = too_short | too_long | two_continuations;

// Indexed by the high nibble of the previous byte.
inline constexpr unsigned char previous_high[16] = {
    too_long, too_long, too_long, too_long,                      // 0_..7_: ASCII
    too_long, too_long, too_long, too_long,
    two_continuations, two_continuations,                        // 8_..B_: continuation bytes
    two_continuations, two_continuations,
    too_short | overlong_2,                                      // C_: C0, C1 are overlong leads
    too_short,                                                   // D_
    too_short | overlong_3 | surrogate,                          // E_: E0, ED narrow the second byte
    too_short | too_large | f_then_8x,                           // F_: F0, F4 narrow it, F5..FF have none
};

// Indexed by the low nibble of the previous byte.
inline constexpr unsigned char previous_low[16] = {
    any_low_nibble | overlong_3 | overlong_2 | f_then_8x,       // _0: E0, C0, F0
    any_low_nibble | overlong_2,                                 // _1: C1
    any_low_nibble,                                              // _2
    any_low_nibble,                                              // _3
    any_low_nibble | too_large,                                  // _4: F4
    any_low_nibble | too_large | f_then_8x,                      // _5..._7: F5..F7
    any_low_nibble | too_large | f_then_8x,
    any_low_nibble | too_large | f_then_8x,
    any_low_nibble | too_large | f_then_8x,                      // _8..._C: F8..FC
    any_low_nibble | too_large | f_then_8x,
    any_low_nibble | too_large | f_then_8x,
    any_low_nibble | too_large | f_then_8x,
    any_low_nibble | too_large | f_then_8x,
    any_low_nibble | too_large | f_then_8x | surrogate,          // _D: ED, FD
    any_low_nibble | too_large | f_then_8x,                      // _E, _F: FE, FF
    any_low_nibble | too_large | f_then_8x,
};

// Indexed by the high nibble of the current byte.
inline constexpr unsigned char current_high[16] = {
    too_short, too_short, too_short, too_short,                  // 0_..7_: not a continuation byte
    too_short, too_short, too_short, too_short,
    too_long | overlong_2 | two_continuations | overlong_3 | f_then_8x,   // 8_
    too_long | overlong_2 | two_continuations | overlong_3 | too_large,   // 9_
    too_long | overlong_2 | two_continuations | surrogate | too_large,    // A_
    too_long | overlong_2 | two_continuations | surrogate | too_large,    // B_
    too_short, too_short, too_short, too_short,                  // C_..F_: not a continuation byte
};

// Byte i must be a continuation byte because of the lead 2 or 3 bytes back
// when byte i-2 >= E0 (3- and 4-byte leads) or byte i-3 >= F0 (4-byte
// leads). Kernels test this with saturating subtraction: x - (E0 - 80)
// saturates to >= 80 exactly when x >= E0.
inline constexpr unsigned char third_byte_threshold = 0xE0 - 0x80;
inline constexpr unsigned char fourth_byte_threshold = 0xF0 - 0x80;

// Saturating-subtracted from the last 16 bytes of a block, non-zero where
// a sequence is unfinished at the block's end (byte 13 >= F0, byte 14 >= E0,
// byte 15 >= C0).
inline constexpr unsigned char unfinished_at_end[16] = {
    0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xEF, 0xDF, 0xBF};
// clang-format on

}  // namespace detail::simd::lookup

}  // namespace utf8view

#include <utf8view/detail/epilogue.hpp>

#endif  // UTF8VIEW_DETAIL_SIMD_TABLE_3_7_NIBBLES_HPP
