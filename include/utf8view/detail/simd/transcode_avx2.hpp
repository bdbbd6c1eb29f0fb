// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at https://www.boost.org/LICENSE_1_0.txt)

/// \file
/// The AVX2 transcoding kernel (x86-64): well-formed UTF-8 to UTF-32, with
/// the contract of scalar::decode_valid (transcode_scalar.hpp, which also
/// finishes what is shorter than a block). Encoding on AVX2 CPUs is the
/// scalar kernel's. Compiled for AVX2, BMI1 and POPCNT per function, so
/// users need no -m flag.
///
/// Decoding a 64-byte block of valid UTF-8 that starts on a character:
///   - all ASCII: widen the 64 bytes to 64 code points;
///   - otherwise the block's lead bytes (those that are not 80..BF) are one
///     64-bit mask, and the block is taken in windows of 8 bytes, each
///     starting on a character: the characters that start in the window
///     (at most 8, each ending at most 3 bytes past it) are decoded from
///     the 16 bytes at its start. The window's 8 bits of the mask select a
///     row of a 256-row table of vpshufb indices that gathers each
///     character's first 4 bytes into a 32-bit lane; each lane is then
///     decoded by arithmetic on its lead byte (Table 3-7: the lead's payload
///     bits and the three bytes after it, joined, shifted right by 6 for
///     each byte the character does not have). The next window starts at
///     the first lead byte at least 8 bytes on, so the loop's carried state
///     is a position in the mask, not a vector.

#ifndef UTF8VIEW_DETAIL_SIMD_TRANSCODE_AVX2_HPP
#define UTF8VIEW_DETAIL_SIMD_TRANSCODE_AVX2_HPP

#include <utf8view/config.hpp>
#include <utf8view/detail/cpu.hpp>
#include <utf8view/detail/simd/transcode_scalar.hpp>

#include <bit>
#include <cstddef>
#include <cstdint>

#if defined(UTF8VIEW_SIMD_X86)

#include <immintrin.h>

#define UTF8VIEW_TARGET_AVX2_TRANSCODE UTF8VIEW_TARGET("avx2,bmi,popcnt")

namespace utf8view::detail::simd::avx2_transcode {

// The blocks decode_valid takes, and the windows inside them.
inline constexpr std::size_t block_bytes = 64;
inline constexpr unsigned window_bytes = 8;
// Windows start at 0..48 of a block, so that their 16 bytes stay inside it.
inline constexpr unsigned last_window_start = block_bytes - 16;

// Row `starts` (bit i: a character starts at byte i of the window) holds the
// vpshufb indices that put the bytes i, i + 1, i + 2, i + 3 of each such
// character, in order, into 32-bit lane 0, 1, 2...; unused lanes get 0x80
// (vpshufb writes zero). Both 128-bit halves hold the window's 16 bytes, so
// an index means the same byte in either half.
struct gather_indices {
    alignas(32) unsigned char rows[256][32];
};

constexpr gather_indices make_gather_indices() noexcept
{
    gather_indices table{};
    for (unsigned starts = 0; starts < 256; ++starts) {
        unsigned lane = 0;
        for (unsigned position = 0; position < window_bytes; ++position) {
            if ((starts >> position & 1u) == 0) continue;
            for (unsigned byte = 0; byte < 4; ++byte)
                table.rows[starts][4 * lane + byte] = static_cast<unsigned char>(position + byte);
            ++lane;
        }
        for (; lane < 8; ++lane)
            for (unsigned byte = 0; byte < 4; ++byte) table.rows[starts][4 * lane + byte] = 0x80;
    }
    return table;
}

inline constexpr gather_indices gather = make_gather_indices();

// By the high nibble of a lead byte (Table 3-7), in byte 0 of each 32-bit
// lane after vpshufb: the mask of its payload bits, and how far to shift the
// joined 24 + payload bits right (6 for each continuation byte the
// character lacks). Nibbles 8..B are never lead bytes of valid text; their
// entries are not used. Both 128-bit halves hold the same 16 entries.
alignas(32) inline constexpr unsigned char lead_payload_mask[32] = {
    0x7F, 0x7F, 0x7F, 0x7F, 0x7F, 0x7F, 0x7F, 0x7F, 0, 0, 0, 0, 0x1F, 0x1F, 0x0F, 0x07,
    0x7F, 0x7F, 0x7F, 0x7F, 0x7F, 0x7F, 0x7F, 0x7F, 0, 0, 0, 0, 0x1F, 0x1F, 0x0F, 0x07};
alignas(32) inline constexpr unsigned char lead_shift[32] = {
    18, 18, 18, 18, 18, 18, 18, 18, 0, 0, 0, 0, 12, 12, 6, 0,
    18, 18, 18, 18, 18, 18, 18, 18, 0, 0, 0, 0, 12, 12, 6, 0};

// Decodes 8 lanes, each holding a valid character's bytes in order from its
// lead byte (bytes past the character's end are ignored; a zero lane gives 0).
UTF8VIEW_TARGET_AVX2_TRANSCODE inline __m256i decode_lanes(__m256i raw) noexcept
{
    const __m256i low_byte = _mm256_set1_epi32(0xFF);
    const __m256i six_bits = _mm256_set1_epi32(0x3F);
    // The lead's high nibble, in byte 0 of each lane (the other bytes'
    // nibbles look up entries that the masks below drop).
    const __m256i nibbles = _mm256_and_si256(_mm256_srli_epi32(raw, 4), _mm256_set1_epi8(0x0F));
    const __m256i payload_mask = _mm256_and_si256(
        _mm256_shuffle_epi8(_mm256_load_si256(reinterpret_cast<const __m256i*>(lead_payload_mask)), nibbles), low_byte);
    const __m256i shift = _mm256_and_si256(
        _mm256_shuffle_epi8(_mm256_load_si256(reinterpret_cast<const __m256i*>(lead_shift)), nibbles), low_byte);
    const __m256i lead_bits = _mm256_and_si256(raw, payload_mask);
    const __m256i second = _mm256_and_si256(_mm256_srli_epi32(raw, 8), six_bits);
    const __m256i third = _mm256_and_si256(_mm256_srli_epi32(raw, 16), six_bits);
    const __m256i fourth = _mm256_and_si256(_mm256_srli_epi32(raw, 24), six_bits);
    // lead << 18 | second << 12 | third << 6 | fourth, as for a 4-byte
    // character, then 6 bits off for each byte the character lacks.
    const __m256i joined = _mm256_or_si256(
        _mm256_or_si256(_mm256_slli_epi32(lead_bits, 18), _mm256_slli_epi32(second, 12)),
        _mm256_or_si256(_mm256_slli_epi32(third, 6), fourth));
    return _mm256_srlv_epi32(joined, shift);
}

// Lead bytes of 32 bytes: bit i set if byte i is not 80..BF.
UTF8VIEW_TARGET_AVX2_TRANSCODE inline std::uint32_t lead_mask(__m256i bytes) noexcept
{
    // Signed, 80..BF are -128..-65: a byte is a lead byte if it is above -65.
    const __m256i leads = _mm256_cmpgt_epi8(bytes, _mm256_set1_epi8(static_cast<char>(0xBF)));
    return static_cast<std::uint32_t>(_mm256_movemask_epi8(leads));
}

// As scalar::decode_valid (same contract, same result).
UTF8VIEW_TARGET_AVX2_TRANSCODE inline decode_progress decode_valid(const unsigned char* p, const unsigned char* stop,
                                                                  char32_t* out, std::size_t room) noexcept
{
    while (static_cast<std::size_t>(stop - p) >= block_bytes && room >= block_bytes) {
        // A window writes 8 lanes, some past its characters; the next
        // window, or the next block (at least 13 characters), writes over
        // them. Where no block may follow, every window writes only its
        // characters, so that nothing past the result is written.
        const bool exact = static_cast<std::size_t>(stop - p) < 2 * block_bytes || room < 2 * block_bytes;
        const __m256i low = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
        const __m256i high = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + 32));
        if (_mm256_movemask_epi8(_mm256_or_si256(low, high)) == 0) {
            // 64 ASCII bytes: 64 code points.
            for (unsigned part = 0; part < 8; ++part) {
                const __m128i eight = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(p + 8 * part));
                _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + 8 * part), _mm256_cvtepu8_epi32(eight));
            }
            p += block_bytes;
            out += block_bytes;
            room -= block_bytes;
            continue;
        }
        const std::uint64_t leads = std::uint64_t{lead_mask(low)} | std::uint64_t{lead_mask(high)} << 32;
        char32_t* const block_out = out;
        unsigned position = 0;  // a character starts here (p[0] does: the block starts on one)
        for (;;) {
            const auto starts = static_cast<unsigned>(leads >> position & 0xFFu);
            const __m256i bytes = _mm256_broadcastsi128_si256(
                _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + position)));
            const __m256i indices = _mm256_load_si256(reinterpret_cast<const __m256i*>(gather.rows[starts]));
            const __m256i code_points = decode_lanes(_mm256_shuffle_epi8(bytes, indices));
            const auto count = std::popcount(starts);
            // The next character: the first lead byte 8 or more bytes on. A
            // character that starts at most 55 bytes in ends by byte 58, so
            // there is one in the mask.
            const unsigned next =
                position + window_bytes + static_cast<unsigned>(std::countr_zero(leads >> (position + window_bytes)));
            if (exact) {
                const __m256i in_result =
                    _mm256_cmpgt_epi32(_mm256_set1_epi32(count), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
                _mm256_maskstore_epi32(reinterpret_cast<int*>(out), in_result, code_points);
            }
            else {
                _mm256_storeu_si256(reinterpret_cast<__m256i*>(out), code_points);
            }
            out += count;
            position = next;
            if (position > last_window_start) break;
        }
        p += position;
        room -= static_cast<std::size_t>(out - block_out);
    }
    return scalar::decode_valid(p, stop, out, room);
}

}  // namespace utf8view::detail::simd::avx2_transcode

#endif  // defined(UTF8VIEW_SIMD_X86)

#endif  // UTF8VIEW_DETAIL_SIMD_TRANSCODE_AVX2_HPP
