// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at https://www.boost.org/LICENSE_1_0.txt)

/// \file
/// Unicode 15.0 ch. 3, Table 3-7 and the maximal-subpart rule of §3.9 on
/// 64-bit masks, one bit per byte of a 64-byte window: where the window's
/// segments (well-formed sequences and ill-formed maximal subparts) start,
/// and which of them are well-formed. The vector transcoders' replacing
/// decoders (transcode_avx2.hpp, transcode_avx512.hpp) compute the masks of
/// byte classes their own way and share this step, which is plain integer
/// code; test/detail/segment_masks.cpp holds it to the reference decoder.

#ifndef UTF8VIEW_DETAIL_SIMD_SEGMENT_MASKS_HPP
#define UTF8VIEW_DETAIL_SIMD_SEGMENT_MASKS_HPP

#include <utf8view/config.hpp>

#include <bit>
#include <cstdint>
#include <utility>

#include <utf8view/detail/prologue.hpp>

namespace utf8view::detail::simd {

// Bit i describes byte i of the window (byte 0 starts a segment).
struct byte_class_masks {
    std::uint64_t ascii;         // 00..7F
    std::uint64_t continuation;  // 80..BF
    std::uint64_t two;           // C2..DF: lead byte of 2 bytes
    std::uint64_t three;         // E0..EF: lead byte of 3 bytes
    std::uint64_t four;          // F0..F4: lead byte of 4 bytes
    // E0, ED, F0 or F4 whose next byte is outside the narrower second-byte
    // range of its Table 3-7 row (A0..BF, 80..9F, 90..BF, 80..8F).
    std::uint64_t second_outside;
};

struct segment_masks {
    std::uint64_t starts;       // a segment starts at the byte
    std::uint64_t well_formed;  // the segment that starts at the byte is well-formed
};

// Segments that start at 0..60 end inside the window (a segment is at most
// 4 bytes); one that starts at 61..63 may need bytes past it.
inline constexpr std::uint64_t complete_starts = (std::uint64_t{1} << 61) - 1;

// Bytes 0..61 all start segments exactly when bytes 0..60 are each a
// segment of one byte (and the next window starts at 61).
inline constexpr std::uint64_t single_byte_window = (std::uint64_t{1} << 62) - 1;

// The segments of a window, from the classes of its bytes:
//   - a lead byte takes the next byte if it is a continuation byte in its
//     row's second-byte range, the byte after that too if it is a
//     continuation byte and the row has 3 or 4 bytes, and the fourth if so
//     and the row has 4 (Table 3-7, read left to right: the maximal
//     subpart ends at the first byte the row does not allow);
//   - every byte no lead byte before it takes starts a segment (a
//     continuation byte so left alone is a maximal subpart of one byte);
//   - a segment is well-formed if it is ASCII or its lead byte took all its
//     row asks for.
// The starts bits are exact for the whole window (whether a byte is taken
// depends only on it and the bytes before it); the well_formed bits of
// segments that start at 61..63 may be wrong (they depend on bytes past
// the window): those segments are left to the next window, which starts at
// the first of them.
[[nodiscard]] UTF8VIEW_ALWAYS_INLINE constexpr segment_masks split_segments(const byte_class_masks& m) noexcept
{
    const std::uint64_t takes_second = (m.two | m.three | m.four) & (m.continuation >> 1) & ~m.second_outside;
    const std::uint64_t takes_third = takes_second & (m.three | m.four) & (m.continuation >> 2);
    const std::uint64_t takes_fourth = takes_third & m.four & (m.continuation >> 3);
    const std::uint64_t starts = ~((takes_second << 1) | (takes_third << 2) | (takes_fourth << 3));
    const std::uint64_t well_formed = m.ascii | (takes_second & m.two) | (takes_third & m.three) | takes_fourth;
    return {starts, well_formed};
}

// Bit k of each of the 8 bytes of `word` (byte i in bits 8i..8i+7) as
// bits 0..7 of the result, byte i's at bit i: the bits, one per byte, are
// masked down to bit 0 of their byte, and the multiply moves byte i's to
// bit 56 + i, each product term to a bit of its own (no carries).
[[nodiscard]] constexpr std::uint64_t bit_of_each_byte(std::uint64_t word, unsigned k) noexcept
{
    return ((word >> k) & 0x0101010101010101u) * 0x0102040810204080u >> 56;
}

// Bit k of each byte of the 8 words (byte i of words[w] at bit 8w + i of
// the result). Written out word by word (a fold), so that the shifts are
// constants and the bits gather in a register: as a loop over the words,
// GCC at -O2 neither unrolled it nor kept the result out of memory, at
// about 1.5 times the time.
template <unsigned... Word>
[[nodiscard]] constexpr std::uint64_t bit_plane(const std::uint64_t (&words)[8], unsigned k,
                                                std::integer_sequence<unsigned, Word...>) noexcept
{
    return ((bit_of_each_byte(words[Word], k) << (8 * Word)) | ...);
}

// The byte classes of the 64 bytes at `p` (reads p[0, 64) and nothing
// else), with no branch: what the scalar transcoder gives for
// classify_window. The window is first turned into its 8 bit planes
// (plane k: bit k of each byte, byte i's at bit i); each class is then a
// few operations on whole planes, its bit pattern in Table 3-7's ranges
// (C2..DF is 110x xxxx but C0 and C1, and so on). Bit 63 of
// second_outside says nothing (the byte after the window is not read):
// split_segments never asks it, since the lead byte last in the window
// takes no byte inside it.
[[nodiscard]] inline byte_class_masks classify_bytes(const unsigned char* p) noexcept
{
    std::uint64_t words[8];  // byte i of words[w] is p[8w + i], in bits 8i..8i+7, whatever the byte order
    for (unsigned w = 0; w < 8; ++w) {
        if constexpr (std::endian::native == std::endian::little) {
            UTF8VIEW_MEMCPY(&words[w], p + 8 * w, sizeof words[w]);
        }
        else {
            words[w] = 0;
            for (unsigned i = 0; i < 8; ++i) words[w] |= std::uint64_t{p[8 * w + i]} << (8 * i);
        }
    }
    std::uint64_t plane[8];
    for (unsigned k = 0; k < 8; ++k) plane[k] = bit_plane(words, k, std::make_integer_sequence<unsigned, 8>{});
    byte_class_masks m{0, 0, 0, 0, 0, 0};
    const std::uint64_t low_nibble_zero = ~(plane[3] | plane[2] | plane[1] | plane[0]);  // xxxx 0000
    m.ascii = ~plane[7];                                                               // 0xxx xxxx
    m.continuation = plane[7] & ~plane[6];                                             // 10xx xxxx
    const std::uint64_t top_two_set = plane[7] & plane[6];                            // 11xx xxxx
    m.two = top_two_set & ~plane[5] & (plane[4] | plane[3] | plane[2] | plane[1]);    // C2..DF
    m.three = top_two_set & plane[5] & ~plane[4];                                     // E0..EF
    m.four = top_two_set & plane[5] & plane[4] & ~plane[3] & (~plane[2] | ~(plane[1] | plane[0]));  // F0..F4
    // The lead bytes with narrower second-byte ranges, and the continuation
    // bytes by range.
    const std::uint64_t e0 = m.three & low_nibble_zero;
    const std::uint64_t ed = m.three & plane[3] & plane[2] & ~plane[1] & plane[0];
    const std::uint64_t f0 = m.four & low_nibble_zero;
    const std::uint64_t f4 = m.four & plane[2];
    const std::uint64_t from_a0 = m.continuation & plane[5];               // A0..BF
    const std::uint64_t below_a0 = m.continuation & ~plane[5];             // 80..9F
    const std::uint64_t from_90 = m.continuation & (plane[5] | plane[4]);  // 90..BF
    const std::uint64_t below_90 = m.continuation & ~(plane[5] | plane[4]);  // 80..8F
    // E0 A0..BF, ED 80..9F, F0 90..BF, F4 80..8F (Table 3-7, second column).
    m.second_outside =
        (e0 & ~(from_a0 >> 1)) | (ed & ~(below_a0 >> 1)) | (f0 & ~(from_90 >> 1)) | (f4 & ~(below_90 >> 1));
    return m;
}

}  // namespace utf8view::detail::simd

#include <utf8view/detail/epilogue.hpp>

#endif  // UTF8VIEW_DETAIL_SIMD_SEGMENT_MASKS_HPP
