// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at https://www.boost.org/LICENSE_1_0.txt)

/// \file
/// The scalar validation kernel: the reference the SIMD kernels are tested
/// against, the one they hand over to wherever a block is not known valid,
/// and the only one under UTF8VIEW_NO_SIMD. Every kernel returns a
/// `validation_result` (<utf8view/error.hpp>).

#ifndef UTF8VIEW_DETAIL_SIMD_SCALAR_HPP
#define UTF8VIEW_DETAIL_SIMD_SCALAR_HPP

#include <utf8view/config.hpp>
#include <utf8view/detail/decode_step.hpp>
#include <utf8view/error.hpp>

#include <cstddef>
#include <cstdint>
#include <optional>

namespace utf8view {

namespace detail {

// The scalar loop over any iterator pair: decode_segment until the first
// ill-formed segment. Constexpr; used in constant evaluation, for short
// inputs and for ranges that are not contiguous. `offset` counts the bytes
// consumed before `it`.
template <std::input_iterator I, std::sentinel_for<I> S>
[[nodiscard]] constexpr validation_result validate_segments(I it, const S& last, std::size_t offset = 0)
{
    while (it != last) {
        const segment decoded = decode_segment(it, last);
        if (!decoded.well_formed()) return {decoded.kind(), offset};
        offset += decoded.length;
    }
    return {std::nullopt, offset};
}

// What a kernel's copy_accepted_prefix did: the length of the prefix it
// accepted (as accepted_prefix), and how much of it, from the start, it
// copied to the output (0 if it copies nothing; never more than the
// accepted prefix less its last 64 bytes, so never into its last segment).
struct prefix_copy {
    std::size_t accepted = 0;
    std::size_t copied = 0;
};

}  // namespace detail

namespace detail::simd::scalar {

// Bytes in the word-at-a-time ASCII test.
inline constexpr std::size_t ascii_stride = 16;

// Validates p[start, n), where `start` is a segment boundary and p[0, start)
// is known valid, and reports offsets from `p`. The SIMD kernels call this
// for their tail and wherever a block is not known valid.
inline validation_result validate_from(const unsigned char* p, std::size_t n, std::size_t start) noexcept
{
    const unsigned char* const last = p + n;
    std::size_t i = start;
    while (n - i >= ascii_stride) {
        // 16 bytes at once.
        if (is_ascii_word(load_word(p + i) | load_word(p + i + 8))) {
            i += ascii_stride;
            continue;
        }
        // Not all ASCII: decode segments until past these 16 bytes (a
        // segment may end up to 3 bytes beyond them; decoding stops at `last`).
        const std::size_t stop = i + ascii_stride;
        while (i < stop) {
            if (p[i] < 0x80) {
                ++i;
                continue;
            }
            const unsigned char* next = p + i;
            const segment decoded = decode_segment(next, last);
            if (!decoded.well_formed()) return {decoded.kind(), i};
            i += decoded.length;
        }
    }
    return validate_segments(p + i, last, i);
}

// The scalar kernel (same signature as every detail::simd::<isa>::validate).
inline validation_result validate(const unsigned char* p, std::size_t n) noexcept
{
    return validate_from(p, n, 0);
}

// The scalar kernel's accepted prefix (as the vector kernels' block_prefix,
// for the bulk loops): everything before the first error.
inline std::size_t accepted_prefix(const unsigned char* p, std::size_t n) noexcept
{
    return validate_from(p, n, 0).offset;
}

// The start of the segment that holds the byte before `end`, when every
// check of the bytes before `end` passed: then p[0, end) is well-formed
// UTF-8 except perhaps for an unfinished sequence at its end, whose lead
// byte is at most 3 bytes back. A SIMD kernel restarts the scalar decoder
// there, so that an error that began in the bytes it accepted (a sequence
// cut by the first byte of the next block) is reported where it begins.
[[nodiscard]] inline std::size_t restart_offset(const unsigned char* p, std::size_t end) noexcept
{
    if (end == 0) return 0;
    return static_cast<std::size_t>(segment_start(p, p + (end - 1)) - p);
}

}  // namespace detail::simd::scalar

// ---------------------------------------------------------------------------
// Shared by the vector kernels (sse, avx2, avx512, neon): the three nibble
// tables of the "lookup" algorithm of J. Keiser and D. Lemire, "Validating
// UTF-8 In Less Than One Instruction Per Byte", Software: Practice and
// Experience 51(5), 2021. Here because every kernel includes this header and
// each ISA header must compile alone.
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

#endif  // UTF8VIEW_DETAIL_SIMD_SCALAR_HPP
