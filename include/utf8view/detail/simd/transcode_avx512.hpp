// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at https://www.boost.org/LICENSE_1_0.txt)

/// \file
/// The AVX-512 transcoding kernels (x86-64): well-formed UTF-8 to UTF-32
/// or UTF-16, scalar values to UTF-8 and UTF-16 to UTF-8, 64 bytes, 16 or
/// 32 code points, or 32 code units per step, with the same contracts as
/// those of transcode_scalar.hpp (which finishes what is shorter than a
/// step). Needs AVX-512 F, BW, VBMI (vpermb: any byte of
/// a 64-byte vector to any position) and VBMI2 (vpcompressb: pack selected
/// bytes), and BMI2; compiled for them in a target region, so users need
/// no -m flag.
///
/// Decoding a 64-byte window of valid UTF-8 that starts on a character:
///   - all ASCII: widen the 64 bytes to 64 code points (or the first 32);
///   - no byte E0..FF, or else none F0..FF (characters of 1 to 2, or 1 to
///     3 bytes): at each position, the 16-bit word a character starting
///     there would have; vpcompressw keeps those at lead bytes, 32
///     positions at a time. Needs the 1 or 2 bytes after the window (a
///     character at 62 or 63 may end there); the next window starts after
///     that character, at 64..66;
///   - 16 characters of 4 bytes, or 16 of 3 bytes and then a lead byte (the
///     lead byte mask equals a fixed pattern): the lanes are the window's
///     bytes as loaded, or spread by one fixed vpermb, with no vpcompressb;
///     (these tests come before the one for no byte F0..FF)
///   - otherwise the lead bytes (those that are not 80..BF) at positions
///     0..60 start characters that end inside the window (at most 4 bytes
///     long). vpcompressb lists their positions; for 16 of them at a time,
///     vpermb gathers the 4 bytes from each position into a 32-bit lane,
///     and each lane is decoded by arithmetic on its lead byte's length
///     (Table 3-7): payload bits of the lead (mask by length) and of the
///     three bytes after it, joined, then shifted right by 6 bits for each
///     byte the character does not have. The next window starts at the
///     first lead byte at 61..63, or 64.
/// Encoding 32 code points at a time:
///   - all ASCII: narrow to 32 bytes;
///   - all below U+0800: each as a 16-bit word holding its 1 or 2 bytes,
///     the bytes in use packed by one vpcompressb;
///   - any surrogate or value above 10FFFF: 16 at a time up to it, then the
///     scalar kernel, which stops at it for the caller's policy;
///   - otherwise 16 at a time: each lane builds its 4-byte form (Table 3-6)
///     with the payload bytes in big-endian order, drops the bytes it does
///     not use by a right shift, fixes its lead byte's marker bits, and
///     vpcompressb keeps the first `length` bytes of each lane.
/// UTF-8 to UTF-16 is the decoder with 16-bit stores (store_code_points: a
/// supplementary code point becomes its surrogate pair in its own lane).
/// UTF-16 to UTF-8 (see utf16_to_utf8) is the encoder's paths over 32 code
/// units: narrowed, as 16-bit words below 800, widened to 32-bit lanes, or,
/// for surrogate pairs, joined in their lanes.

#ifndef UTF8VIEW_DETAIL_SIMD_TRANSCODE_AVX512_HPP
#define UTF8VIEW_DETAIL_SIMD_TRANSCODE_AVX512_HPP

#include <utf8view/config.hpp>
#include <utf8view/detail/cpu.hpp>
#include <utf8view/detail/simd/segment_masks.hpp>
#include <utf8view/detail/simd/table_3_6_nibbles.hpp>
#include <utf8view/detail/simd/transcode_scalar.hpp>
#include <utf8view/unicode.hpp>

#include <bit>
#include <cstddef>
#include <cstdint>

#if defined(UTF8VIEW_SIMD_X86)

#include <immintrin.h>

#include <utf8view/detail/prologue.hpp>

UTF8VIEW_BEGIN_AVX512_REGION("avx512f,avx512bw,avx512vbmi,avx512vbmi2,bmi,bmi2,popcnt")

namespace utf8view::detail::simd::avx512_transcode {

// 0, 1, ..., 63: byte positions, for vpcompressb to pick from.
// clang-format off
alignas(64) inline constexpr unsigned char byte_positions[64] = {
    0,  1,  2,  3,  4,  5,  6,  7,  8,  9,  10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21,
    22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43,
    44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63};
// clang-format on

// A 16-byte table of table_3_6_nibbles.hpp widened to 16 32-bit lanes,
// for vpermd to look up by the high nibble of each lane's lead byte.
inline __m512i nibble_table(const unsigned char (&table)[16]) noexcept
{
    return _mm512_cvtepu8_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(table)));
}

// The windows decode_valid and the steps encode_scalar_values take.
inline constexpr std::size_t decode_window_bytes = 64;
inline constexpr std::size_t encode_step_code_points = 16;

// vpermb indices that put bytes 3i .. 3i + 3 of a window into 32-bit lane i
// (the fourth byte belongs to the next character; decode_lanes drops it).
struct three_byte_spread_indices {
    alignas(64) unsigned char bytes[64];
};

constexpr three_byte_spread_indices make_three_byte_spread() noexcept
{
    three_byte_spread_indices table{};
    for (unsigned lane = 0; lane < 16; ++lane)
        for (unsigned byte = 0; byte < 4; ++byte)
            table.bytes[4 * lane + byte] = static_cast<unsigned char>(3 * lane + byte);
    return table;
}

inline constexpr three_byte_spread_indices three_byte_spread = make_three_byte_spread();

// Lane j: the bytes j, j + 1, j + 2, j + 3 (vpermb reads the low 6 bits of
// an index, so adding 16 * g gives the lanes of bytes 16 * g + j).
constexpr three_byte_spread_indices make_spread_by_one() noexcept
{
    three_byte_spread_indices table{};
    for (unsigned lane = 0; lane < 16; ++lane)
        for (unsigned byte = 0; byte < 4; ++byte)
            table.bytes[4 * lane + byte] = static_cast<unsigned char>(lane + byte);
    return table;
}
inline constexpr three_byte_spread_indices spread_by_one = make_spread_by_one();

// Byte k < 48: byte k % 3 of lane k / 3, so that 16 lanes of 3-byte
// sequences (bytes 0..2 of each lane) pack to 48 bytes in order.
constexpr three_byte_spread_indices make_three_byte_pack() noexcept
{
    three_byte_spread_indices table{};
    for (unsigned k = 0; k < 48; ++k) table.bytes[k] = static_cast<unsigned char>(4 * (k / 3) + k % 3);
    return table;
}
inline constexpr three_byte_spread_indices three_byte_pack = make_three_byte_pack();

// Decodes 16 lanes, each holding a valid character's bytes in order from
// its lead byte (bytes past the character's end are ignored).
inline __m512i decode_lanes(__m512i raw, __m512i payload_masks, __m512i shifts) noexcept
{
    const __m512i six_bits = _mm512_set1_epi32(0x3F);
    const __m512i lead = _mm512_and_si512(raw, _mm512_set1_epi32(0xFF));
    const __m512i nibble = _mm512_srli_epi32(lead, 4);
    const __m512i lead_bits = _mm512_and_si512(lead, _mm512_permutexvar_epi32(nibble, payload_masks));
    const __m512i second = _mm512_and_si512(_mm512_srli_epi32(raw, 8), six_bits);
    const __m512i third = _mm512_and_si512(_mm512_srli_epi32(raw, 16), six_bits);
    const __m512i fourth = _mm512_and_si512(_mm512_srli_epi32(raw, 24), six_bits);
    // lead << 18 | second << 12 | third << 6 | fourth, as for a 4-byte character.
    const __m512i joined =
        _mm512_or_si512(_mm512_or_si512(_mm512_slli_epi32(lead_bits, 18), _mm512_slli_epi32(second, 12)),
                        _mm512_or_si512(_mm512_slli_epi32(third, 6), fourth));
    return _mm512_srlv_epi32(joined, _mm512_permutexvar_epi32(nibble, shifts));
}

// Stores the first `lanes` of 16 code points at `out` as Unit: char32_t
// as they are; char16_t as UTF-16 (Table 3-5): narrowed where all are in
// the BMP, else each supplementary one as its surrogate pair (high in the
// low half of its 32-bit lane, low in the high half: their order in
// memory) and the 16-bit halves not used packed away (vpcompressw).
// Returns the code units written.
template <class Unit>
inline unsigned store_code_points(__m512i code_points, unsigned lanes, Unit* out) noexcept
{
    const auto live = static_cast<__mmask16>(_bzhi_u32(0xFFFFu, lanes));
    if constexpr (sizeof(Unit) == 4) {
        _mm512_mask_storeu_epi32(out, live, code_points);
        return lanes;
    }
    else {
        const __mmask16 supplementary = _mm512_mask_cmpge_epu32_mask(live, code_points, _mm512_set1_epi32(0x10000));
        if (supplementary == 0) {
            _mm512_mask_storeu_epi16(out, live, _mm512_castsi256_si512(_mm512_cvtepi32_epi16(code_points)));
            return lanes;
        }
        const __m512i offset = _mm512_sub_epi32(code_points, _mm512_set1_epi32(0x10000));
        const __m512i high = _mm512_add_epi32(_mm512_srli_epi32(offset, 10), _mm512_set1_epi32(0xD800));
        const __m512i low =
            _mm512_add_epi32(_mm512_and_si512(offset, _mm512_set1_epi32(0x3FF)), _mm512_set1_epi32(0xDC00));
        const __m512i words =
            _mm512_mask_mov_epi32(code_points, supplementary, _mm512_or_si512(high, _mm512_slli_epi32(low, 16)));
        // Word 2i holds lane i's first code unit, word 2i + 1 its second.
        const auto keep = static_cast<__mmask32>(_pdep_u32(live, 0x55555555u) | _pdep_u32(supplementary, 0xAAAAAAAAu));
        const auto written = static_cast<unsigned>(std::popcount(static_cast<unsigned>(keep)));
        _mm512_mask_storeu_epi16(out, static_cast<__mmask32>(_bzhi_u32(0xFFFFFFFFu, written)),
                                 _mm512_maskz_compress_epi16(keep, words));
        return written;
    }
}

// Decodes group `Group` (0..3) of 16 of the characters (or fewer, as many of
// them as there are: `count` in all) whose start positions `positions`
// lists, and writes them at `out` as Unit; returns the code units written.
template <unsigned Group, class Unit>
inline unsigned decode_group(__m512i bytes, __m512i positions, unsigned count, Unit* out, __m512i payload_masks,
                             __m512i shifts) noexcept
{
    // Within each 32-bit lane: byte 0 repeated (for vpshufb), plus 0, 1, 2, 3.
    const __m512i repeat_byte_0 = _mm512_set4_epi32(0x0C0C0C0C, 0x08080808, 0x04040404, 0x00000000);
    const __m512i byte_in_lane = _mm512_set1_epi32(0x03020100);
    const __m512i position = _mm512_cvtepu8_epi32(_mm512_extracti32x4_epi32(positions, Group));
    const __m512i gather = _mm512_add_epi32(_mm512_shuffle_epi8(position, repeat_byte_0), byte_in_lane);
    const __m512i code_points = decode_lanes(_mm512_permutexvar_epi8(gather, bytes), payload_masks, shifts);
    const unsigned before = 16 * Group;
    const unsigned lanes = count <= before ? 0 : (count - before < 16 ? count - before : 16);
    return store_code_points(code_points, lanes, out);
}

// Widens 8 * Parts ASCII bytes at `p` to code units at `out`.
template <unsigned Parts, class Unit>
inline void widen_ascii(const unsigned char* p, Unit* out) noexcept
{
    if constexpr (sizeof(Unit) == 4) {
        // 32 bytes a store: 64-byte stores to an output that is not 64-byte
        // aligned split across cache lines every time, and ran 15-20%
        // slower (Sapphire Rapids).
        for (unsigned part = 0; part < Parts; ++part)
            _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + 8 * part),
                                _mm256_cvtepu8_epi32(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(p + 8 * part))));
    }
    else {
        for (unsigned part = 0; part < Parts; part += 2)
            _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + 8 * part),
                                _mm256_cvtepu8_epi16(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 8 * part))));
    }
}

// Decodes the characters of 1 to `Longest` bytes (2 or 3: Table 3-7, rows
// 1 to 3, all in the BMP) that start at positions 0..31 of the 31 +
// `Longest` bytes at `p` (valid UTF-8 with no lead byte E0..FF, or F0..FF,
// at positions 0..31; a character may end past byte 31; the bytes after
// it are read, not used) whose starts are `starts`, and writes
// them at `out` as Unit. Each position's 16-bit word is computed as if a
// character started there (its byte, or its payload joined with the next
// byte's, or the next two's), and the words at `starts` are packed by one
// vpcompressw. Returns the code units written.
template <unsigned Longest, class Unit>
inline unsigned decode_thirty_two_in_bmp(const unsigned char* p, __mmask32 starts, Unit* out) noexcept
{
    static_assert(Longest == 2 || Longest == 3);
    const __m512i six_bits = _mm512_set1_epi16(0x3F);
    const __m512i here = _mm512_cvtepu8_epi16(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(p)));
    const __m512i next = _mm512_cvtepu8_epi16(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + 1)));
    // 110xxxxx 10yyyyyy: xxxxxyyyyyy.
    const __m512i joined = _mm512_or_si512(_mm512_slli_epi16(_mm512_and_si512(here, _mm512_set1_epi16(0x1F)), 6),
                                           _mm512_and_si512(next, six_bits));
    __m512i words = _mm512_mask_mov_epi16(here, _mm512_cmpge_epu16_mask(here, _mm512_set1_epi16(0xC0)), joined);
    if constexpr (Longest == 3) {
        // 1110xxxx 10yyyyyy 10zzzzzz: xxxxyyyyyyzzzzzz (the lead's marker
        // bits shift out of the 16-bit word).
        const __m512i after = _mm512_cvtepu8_epi16(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + 2)));
        const __m512i three = _mm512_or_si512(
            _mm512_or_si512(_mm512_slli_epi16(here, 12), _mm512_slli_epi16(_mm512_and_si512(next, six_bits), 6)),
            _mm512_and_si512(after, six_bits));
        words = _mm512_mask_mov_epi16(words, _mm512_cmpge_epu16_mask(here, _mm512_set1_epi16(0xE0)), three);
    }
    words = _mm512_maskz_compress_epi16(starts, words);
    const auto written = static_cast<unsigned>(std::popcount(static_cast<unsigned>(starts)));
    if constexpr (sizeof(Unit) == 2) {
        _mm512_mask_storeu_epi16(out, static_cast<__mmask32>(_bzhi_u32(0xFFFFFFFFu, written)), words);
    }
    else {
        const auto first = static_cast<__mmask16>(_bzhi_u32(0xFFFFu, written));
        _mm512_mask_storeu_epi32(out, first, _mm512_cvtepu16_epi32(_mm512_castsi512_si256(words)));
        if (written > 16)
            _mm512_mask_storeu_epi32(out + 16, static_cast<__mmask16>(_bzhi_u32(0xFFFFu, written - 16)),
                                     _mm512_cvtepu16_epi32(_mm512_extracti64x4_epi64(words, 1)));
    }
    return written;
}

// As scalar::decode_valid (Unit char32_t) or scalar::utf8_to_utf16_valid
// (Unit char16_t): same contract, same result. The windows are decoded the
// same way for both; only the stores differ (store_code_points, or 16-bit
// words widened or not). A window writes at most 64 code units either way.
template <class Unit>
inline transcode_progress<const unsigned char*, Unit*>
decode_valid_as(const unsigned char* p, const unsigned char* stop, Unit* out, std::size_t room) noexcept
{
    const __m512i positions_all = _mm512_load_si512(byte_positions);
    const __m512i payload_masks = nibble_table(table_3_6::payload_mask_by_high_nibble);
    const __m512i shifts = nibble_table(table_3_6::lead_shift_by_high_nibble);
    const __m512i continuation_limit = _mm512_set1_epi8(static_cast<char>(0xBF));  // -65 as a signed byte

    while (static_cast<std::size_t>(stop - p) >= decode_window_bytes && room >= decode_window_bytes) {
        const __m512i bytes = _mm512_loadu_si512(p);
        const __mmask64 non_ascii = _mm512_movepi8_mask(bytes);
        if (non_ascii == 0) {
            // 64 ASCII bytes: 64 code units.
            widen_ascii<8>(p, out);
            p += 64;
            out += 64;
            room -= 64;
            continue;
        }
        if ((non_ascii & 0xFFFFFFFFu) == 0) {
            // 32 ASCII bytes first (text in Latin script): widen them.
            widen_ascii<4>(p, out);
            p += 32;
            out += 32;
            room -= 32;
            continue;
        }
        // Lead bytes: signed, greater than BF (-65): 00..7F and C0..FF.
        const __mmask64 leads = _mm512_cmpgt_epi8_mask(bytes, continuation_limit);
        if (_mm512_cmpge_epu8_mask(bytes, _mm512_set1_epi8(static_cast<char>(0xE0))) == 0 &&
            static_cast<std::size_t>(stop - p) > decode_window_bytes) {
            // Characters of 1 and 2 bytes only (Arabic, Cyrillic, Greek,
            // Hebrew): 32 positions at a time, the byte after the window
            // read for a character at position 63.
            const unsigned first = decode_thirty_two_in_bmp<2>(p, static_cast<__mmask32>(leads), out);
            const unsigned written =
                first + decode_thirty_two_in_bmp<2>(p + 32, static_cast<__mmask32>(leads >> 32), out + first);
            p += 64 + (p[63] >= 0xC0 ? 1 : 0);  // past a character at 63, which ends at 64
            out += written;
            room -= written;
            continue;
        }
        if (leads == table_3_6::every_fourth_byte) {
            // 16 characters of 4 bytes (emoji, historic scripts): the lanes
            // as loaded (for UTF-16, 16 surrogate pairs).
            const unsigned written = store_code_points(decode_lanes(bytes, payload_masks, shifts), 16, out);
            p += 64;
            out += written;
            room -= written;
            continue;
        }
        if ((leads & table_3_6::first_49_bytes) == table_3_6::every_third_byte) {
            // 16 characters of 3 bytes (CJK text is mostly these), spread
            // by one fixed permutation, without compressing positions.
            const __m512i spread = _mm512_load_si512(three_byte_spread.bytes);
            const __m512i code_points = decode_lanes(_mm512_permutexvar_epi8(spread, bytes), payload_masks, shifts);
            if constexpr (sizeof(Unit) == 4) _mm512_storeu_si512(out, code_points);
            else _mm256_storeu_si256(reinterpret_cast<__m256i*>(out), _mm512_cvtepi32_epi16(code_points));
            p += 48;
            out += 16;
            room -= 16;
            continue;
        }
        if (_mm512_cmpge_epu8_mask(bytes, _mm512_set1_epi8(static_cast<char>(0xF0))) == 0 &&
            static_cast<std::size_t>(stop - p) > decode_window_bytes + 1) {
            // Characters of 1 to 3 bytes, mixed (Hindi, Korean, CJK with
            // punctuation): as above, the two bytes after the window read
            // for characters at positions 62 and 63.
            const unsigned first = decode_thirty_two_in_bmp<3>(p, static_cast<__mmask32>(leads), out);
            const unsigned written =
                first + decode_thirty_two_in_bmp<3>(p + 32, static_cast<__mmask32>(leads >> 32), out + first);
            // Past the character that holds byte 63: it ends at 63, 64 or 65.
            p += 64 + (is_continuation_byte(p[64]) ? (is_continuation_byte(p[65]) ? 2 : 1) : 0);
            out += written;
            room -= written;
            continue;
        }
        const __mmask64 starts = leads & complete_starts;
        const auto count = static_cast<unsigned>(std::popcount(starts));  // >= 1: p[0] is a lead byte
        const __m512i positions = _mm512_maskz_compress_epi8(starts, positions_all);
        // Two groups of 16, always: at most 32 characters per window, the
        // next window starting at the 33rd. A test per group would be
        // mispredicted about once per window where the count of characters
        // hovers around a multiple of 16 (2-byte scripts with spaces:
        // 32..40); two more groups for windows of 33..61 characters cost as
        // much as taking those characters in the next window.
        const unsigned first = decode_group<0>(bytes, positions, count, out, payload_masks, shifts);
        const unsigned written = first + decode_group<1>(bytes, positions, count, out + first, payload_masks, shifts);
        out += written;
        room -= written;
        // The next character: the 33rd start, or the first lead byte at
        // 61..63, or 64.
        const unsigned next =
            count > 32 ? static_cast<unsigned>(std::countr_zero(_pdep_u64(std::uint64_t{1} << 32, starts)))
                       : 61u + static_cast<unsigned>(std::countr_zero(static_cast<unsigned>(leads >> 61) | 8u));
        p += next;
    }
    if constexpr (sizeof(Unit) == 4) return scalar::decode_valid(p, stop, out, room);
    else return scalar::utf8_to_utf16_valid(p, stop, out, room);
}

// As scalar::decode_valid (same contract, same result).
inline decode_progress decode_valid(const unsigned char* p, const unsigned char* stop, char32_t* out,
                                    std::size_t room) noexcept
{
    return decode_valid_as(p, stop, out, room);
}

// As scalar::utf8_to_utf16_valid (same contract, same result).
inline utf8_to_utf16_progress utf8_to_utf16_valid(const unsigned char* p, const unsigned char* stop, char16_t* out,
                                                  std::size_t room) noexcept
{
    return decode_valid_as(p, stop, out, room);
}

// Bytes of a 64-byte vector in [low, low + span), unsigned.
inline std::uint64_t bytes_in_range(__m512i bytes, unsigned char low, unsigned char span) noexcept
{
    return _mm512_cmplt_epu8_mask(_mm512_sub_epi8(bytes, _mm512_set1_epi8(static_cast<char>(low))),
                                  _mm512_set1_epi8(static_cast<char>(span)));
}

// For decode_replacing: the window's bytes 16 * Group .. 16 * Group + 15,
// each decoded as if a segment started there (its lane holds it and the 3
// bytes after it), U+FFFD where `replaced` has a bit, and the lanes of
// `written` packed and stored at `out`. Returns how many were stored.
template <unsigned Group>
inline unsigned decode_positions_replacing(__m512i bytes, std::uint64_t ascii, std::uint64_t written,
                                           std::uint64_t replaced, char32_t* out, __m512i payload_masks,
                                           __m512i shifts) noexcept
{
    const auto keep = static_cast<__mmask16>(written >> (16 * Group));
    if (keep == 0) return 0;
    __m512i code_points;
    if (static_cast<std::uint16_t>(ascii >> (16 * Group)) == 0xFFFFu) {
        // 16 ASCII bytes: each its own code point.
        code_points = _mm512_cvtepu8_epi32(_mm512_extracti32x4_epi32(bytes, Group));
    }
    else {
        const __m512i spread =
            _mm512_add_epi8(_mm512_load_si512(spread_by_one.bytes), _mm512_set1_epi8(static_cast<char>(16 * Group)));
        code_points = decode_lanes(_mm512_permutexvar_epi8(spread, bytes), payload_masks, shifts);
        code_points = _mm512_mask_mov_epi32(code_points, static_cast<__mmask16>(replaced >> (16 * Group)),
                                            _mm512_set1_epi32(0xFFFD));
    }
    const auto count = static_cast<unsigned>(std::popcount(static_cast<unsigned>(keep)));
    _mm512_mask_storeu_epi32(out, static_cast<__mmask16>(_bzhi_u32(0xFFFFu, count)),
                             _mm512_maskz_compress_epi32(keep, code_points));
    return count;
}

// Bytes 16 * Group .. 16 * Group + 15 of a window, each a segment of one
// byte: ASCII bytes as their code points, the others (ill-formed subparts)
// as U+FFFD; 16 code points at `out`.
template <unsigned Group>
inline void widen_sixteen_replacing(__m512i bytes, std::uint64_t ascii, char32_t* out) noexcept
{
    const __m512i code_points = _mm512_cvtepu8_epi32(_mm512_extracti32x4_epi32(bytes, Group));
    _mm512_storeu_si512(out, _mm512_mask_mov_epi32(_mm512_set1_epi32(0xFFFD),
                                                   static_cast<__mmask16>(ascii >> (16 * Group)), code_points));
}

// The bytes equal to `lead` whose next byte is outside [low, low + span).
inline std::uint64_t second_byte_outside(__m512i bytes, unsigned char lead, unsigned char low,
                                         unsigned char span) noexcept
{
    const std::uint64_t is_lead = _mm512_cmpeq_epi8_mask(bytes, _mm512_set1_epi8(static_cast<char>(lead)));
    return is_lead & ~(bytes_in_range(bytes, low, span) >> 1);
}

// The byte classes of the 64 bytes `bytes` (segment_masks.hpp), whose
// ASCII bytes are `ascii`. The second byte's narrower ranges: after E0
// (A0..BF), ED (80..9F), F0 (90..BF) and F4 (80..8F); bit 63 of
// second_outside says nothing (the byte after the window is not known).
inline byte_class_masks byte_classes(__m512i bytes, std::uint64_t ascii) noexcept
{
    return {ascii,
            bytes_in_range(bytes, 0x80, 0x40),  // continuation bytes
            bytes_in_range(bytes, 0xC2, 0x1E),  // C2..DF
            bytes_in_range(bytes, 0xE0, 0x10),  // E0..EF
            bytes_in_range(bytes, 0xF0, 0x05),  // F0..F4
            second_byte_outside(bytes, 0xE0, 0xA0, 0x20) | second_byte_outside(bytes, 0xED, 0x80, 0x20) |
                second_byte_outside(bytes, 0xF0, 0x90, 0x30) | second_byte_outside(bytes, 0xF4, 0x80, 0x10)};
}

// As scalar::classify_window (same contract, same result).
inline byte_class_masks classify_window(const unsigned char* p) noexcept
{
    const __m512i bytes = _mm512_loadu_si512(p);
    return byte_classes(bytes, ~static_cast<std::uint64_t>(_mm512_movepi8_mask(bytes)));
}

// As scalar::decode_replacing (same contract, same result). Each 64-byte
// window is split into its segments (Unicode 15.0 ch. 3 §3.9) with 64-bit
// masks, one bit per byte (split_segments, segment_masks.hpp). The
// segments starting at 0..60 are decoded as in decode_valid, 16 at a time,
// the ill-formed ones replaced by U+FFFD or left out; the next window
// starts at the first segment at 61..63, or 64. Under replace, a window
// with no lead byte C2..F4 before a continuation byte and none last, whose
// bytes are then each a segment of their own (Latin-1 text read as UTF-8),
// is widened whole instead.
inline decode_progress decode_replacing(const unsigned char* p, const unsigned char* stop, const unsigned char* end,
                                        char32_t* out, std::size_t room, scalar::subpart_action action,
                                        std::size_t clean_after) noexcept
{
    const __m512i payload_masks = nibble_table(table_3_6::payload_mask_by_high_nibble);
    const __m512i shifts = nibble_table(table_3_6::lead_shift_by_high_nibble);
    const bool drop = action == scalar::subpart_action::drop;

    while (p < stop && static_cast<std::size_t>(end - p) >= decode_window_bytes && room >= decode_window_bytes) {
        const __m512i bytes = _mm512_loadu_si512(p);
        const std::uint64_t ascii = ~static_cast<std::uint64_t>(_mm512_movepi8_mask(bytes));
        if (!drop) {
            // No lead byte C2..F4 followed by a continuation byte, and none
            // last: every byte is a segment of its own, ASCII or an
            // ill-formed subpart of one byte (Table 3-7: a segment longer
            // than a byte starts with such a lead and continuation byte, and
            // a lead byte last may start one that ends past the window). Latin-1 or Windows-1252 text
            // read as UTF-8 is made of such windows: each byte is widened,
            // and U+FFFD put in the lanes of bytes 80..FF, with no split.
            const std::uint64_t leads = bytes_in_range(bytes, 0xC2, 0x33);
            const std::uint64_t continuations = bytes_in_range(bytes, 0x80, 0x40);
            if ((leads & ((continuations >> 1) | (std::uint64_t{1} << 63))) == 0) {
                widen_sixteen_replacing<0>(bytes, ascii, out);
                widen_sixteen_replacing<1>(bytes, ascii, out + 16);
                widen_sixteen_replacing<2>(bytes, ascii, out + 32);
                widen_sixteen_replacing<3>(bytes, ascii, out + 48);
                if (ascii != ~std::uint64_t{0}) {
                    // The last ill-formed subpart moves the stop (as below).
                    const auto last_error = static_cast<std::size_t>(63 - std::countl_zero(~ascii));
                    const unsigned char* const moved = static_cast<std::size_t>(end - p) - last_error <= clean_after
                                                           ? end
                                                           : p + last_error + clean_after;
                    if (moved > stop) stop = moved;
                }
                p += 64;
                out += 64;
                room -= 64;
                continue;
            }
        }
        const auto [starts, well_formed] = split_segments(byte_classes(bytes, ascii));

        // Segments that start at 0..60 end inside the window.
        const std::uint64_t taken = starts & complete_starts;
        const std::uint64_t errors = taken & ~well_formed;
        const std::uint64_t written = drop ? taken & well_formed : taken;
        const std::uint64_t replaced = drop ? 0 : errors;
        unsigned write_count = 0;
        write_count +=
            decode_positions_replacing<0>(bytes, ascii, written, replaced, out + write_count, payload_masks, shifts);
        write_count +=
            decode_positions_replacing<1>(bytes, ascii, written, replaced, out + write_count, payload_masks, shifts);
        write_count +=
            decode_positions_replacing<2>(bytes, ascii, written, replaced, out + write_count, payload_masks, shifts);
        write_count +=
            decode_positions_replacing<3>(bytes, ascii, written, replaced, out + write_count, payload_masks, shifts);
        out += write_count;
        room -= write_count;
        if (errors != 0) {
            // The last ill-formed subpart moves the stop (as in the scalar kernel).
            const auto last_error = static_cast<std::size_t>(63 - std::countl_zero(errors));
            const unsigned char* const moved =
                static_cast<std::size_t>(end - p) - last_error <= clean_after ? end : p + last_error + clean_after;
            if (moved > stop) stop = moved;
        }
        // The next segment: the first start at 61..63, or 64.
        p += 61u + static_cast<unsigned>(std::countr_zero(static_cast<unsigned>(starts >> 61) | 8u));
    }
    return scalar::decode_replacing(p, stop, end, out, room, action, clean_after);
}

// Lanes of `value` that hold a surrogate or a value above 10FFFF.
inline __mmask16 not_scalar_values(__m512i value) noexcept
{
    const __mmask16 surrogate = _mm512_cmpeq_epi32_mask(
        _mm512_and_si512(value, _mm512_set1_epi32(static_cast<int>(0xFFFFF800u))), _mm512_set1_epi32(0xD800));
    return surrogate | _mm512_cmpgt_epu32_mask(value, _mm512_set1_epi32(0x10FFFF));
}

// Encodes 16 scalar values (Table 3-6) at `out` and returns the bytes
// written (16..64); with `lanes`, only the values of those lanes (the first
// few: UTF-16 pairs joined and packed). No shortcut for all ASCII: the
// callers take that case first, and a test here cost 10-15% on CJK and
// Hindi text.
template <bool SomeLanes = false>
inline unsigned encode_sixteen(__m512i value, unsigned char* out, __mmask16 lanes = 0xFFFF) noexcept
{
    const __mmask16 non_ascii = _mm512_cmpge_epu32_mask(value, _mm512_set1_epi32(0x80));
    const __m512i six_bits = _mm512_set1_epi32(0x3F);
    const __mmask16 three_or_more = _mm512_cmpge_epu32_mask(value, _mm512_set1_epi32(0x800));
    const __mmask16 four = _mm512_cmpge_epu32_mask(value, _mm512_set1_epi32(0x10000));
    // Bytes 0..3 of a lane: value >> 18, >> 12, >> 6, >> 0 (6 bits each),
    // each with the continuation marker 80.
    const __m512i first = _mm512_srli_epi32(value, 18);
    const __m512i second = _mm512_and_si512(_mm512_srli_epi32(value, 12), six_bits);
    const __m512i third = _mm512_and_si512(_mm512_srli_epi32(value, 6), six_bits);
    const __m512i fourth = _mm512_and_si512(value, six_bits);
    const __m512i joined =
        _mm512_or_si512(_mm512_or_si512(first, _mm512_slli_epi32(second, 8)),
                        _mm512_or_si512(_mm512_slli_epi32(third, 16), _mm512_slli_epi32(fourth, 24)));
    const __m512i marked = _mm512_or_si512(joined, _mm512_set1_epi32(static_cast<int>(0x80808080u)));
    // Lengths 2, 3, 4: drop 2, 1, 0 leading bytes and turn the first kept
    // byte's marker 80 into C0, E0, F0 (xor 40, 60, 70).
    __m512i shift = _mm512_set1_epi32(16);
    shift = _mm512_mask_sub_epi32(shift, three_or_more, shift, _mm512_set1_epi32(8));
    shift = _mm512_mask_sub_epi32(shift, four, shift, _mm512_set1_epi32(8));
    __m512i lead_marker = _mm512_set1_epi32(0x40);
    lead_marker = _mm512_mask_mov_epi32(lead_marker, three_or_more, _mm512_set1_epi32(0x60));
    lead_marker = _mm512_mask_mov_epi32(lead_marker, four, _mm512_set1_epi32(0x70));
    __m512i encoded = _mm512_xor_si512(_mm512_srlv_epi32(marked, shift), lead_marker);
    encoded = _mm512_mask_mov_epi32(encoded, static_cast<__mmask16>(~non_ascii), value);  // ASCII as is
    // Length of each lane, in each of its bytes; keep bytes 0..length-1.
    __m512i length = _mm512_set1_epi32(1);
    length = _mm512_mask_add_epi32(length, non_ascii, length, _mm512_set1_epi32(1));
    length = _mm512_mask_add_epi32(length, three_or_more, length, _mm512_set1_epi32(1));
    length = _mm512_mask_add_epi32(length, four, length, _mm512_set1_epi32(1));
    if constexpr (SomeLanes) length = _mm512_maskz_mov_epi32(lanes, length);
    else static_cast<void>(lanes);
    const __m512i repeat_byte_0 = _mm512_set4_epi32(0x0C0C0C0C, 0x08080808, 0x04040404, 0x00000000);
    const __m512i byte_in_lane = _mm512_set1_epi32(0x03020100);
    const __mmask64 keep = _mm512_cmplt_epu8_mask(byte_in_lane, _mm512_shuffle_epi8(length, repeat_byte_0));
    const auto written = static_cast<unsigned>(std::popcount(keep));
    _mm512_mask_storeu_epi8(out, _bzhi_u64(~std::uint64_t{0}, written), _mm512_maskz_compress_epi8(keep, encoded));
    return written;
}

// Encodes 32 values below 800 held as 16-bit words (Table 3-6, rows 1 and
// 2: 1 or 2 bytes each) at `out`; returns the bytes written (32..64), and
// writes nothing past them.
inline unsigned encode_words_below_800(__m512i words, unsigned char* out) noexcept
{
    // Two bytes: 110xxxxx (the top 5 bits) then 10xxxxxx (the low 6).
    const __m512i pairs =
        _mm512_or_si512(_mm512_or_si512(_mm512_srli_epi16(words, 6),
                                        _mm512_slli_epi16(_mm512_and_si512(words, _mm512_set1_epi16(0x3F)), 8)),
                        _mm512_set1_epi16(static_cast<short>(0x80C0)));
    const __mmask32 ascii = _mm512_cmplt_epu16_mask(words, _mm512_set1_epi16(0x80));
    const __m512i encoded = _mm512_mask_mov_epi16(pairs, ascii, words);
    // Keep byte 0 of every word, and byte 1 of the others: the sign bits of
    // FFFF (2 bytes) or 00FF (ASCII) in each word.
    const __mmask64 keep =
        _mm512_movepi8_mask(_mm512_mask_mov_epi16(_mm512_set1_epi16(-1), ascii, _mm512_set1_epi16(0x00FF)));
    const auto written = static_cast<unsigned>(std::popcount(keep));
    _mm512_mask_storeu_epi8(out, _bzhi_u64(~std::uint64_t{0}, written), _mm512_maskz_compress_epi8(keep, encoded));
    return written;
}

// As scalar::encode_scalar_values (same contract, same result).
//
// 32 values at a time: all ASCII, narrowed; all below 800 (every such value
// is a scalar value; text in Arabic, Cyrillic, Greek, Hebrew, accented
// Latin), each as a 16-bit word holding its 1 or 2 bytes (Table 3-6, rows 1
// and 2), the bytes in use packed by one vpcompressb; otherwise two groups
// of 16 by encode_sixteen. Then 16 at a time, then the scalar kernel.
inline encode_progress encode_scalar_values(const char32_t* p, const char32_t* end, unsigned char* out,
                                            std::size_t room) noexcept
{
    constexpr std::size_t step = encode_step_code_points;
    while (static_cast<std::size_t>(end - p) >= 2 * step && room >= 4 * 2 * step) {
        const __m512i value0 = _mm512_loadu_si512(p);
        const __m512i value1 = _mm512_loadu_si512(p + step);
        const __m512i largest = _mm512_max_epu32(value0, value1);
        unsigned written;
        if (_mm512_test_epi32_mask(largest, _mm512_set1_epi32(~0x7F)) == 0) {
            _mm_storeu_si128(reinterpret_cast<__m128i*>(out), _mm512_cvtepi32_epi8(value0));
            _mm_storeu_si128(reinterpret_cast<__m128i*>(out + step), _mm512_cvtepi32_epi8(value1));
            written = 2 * step;
        }
        else if (_mm512_test_epi32_mask(largest, _mm512_set1_epi32(~0x7FF)) == 0) {
            written = encode_words_below_800(_mm512_inserti64x4(_mm512_castsi256_si512(_mm512_cvtepi32_epi16(value0)),
                                                                _mm512_cvtepi32_epi16(value1), 1),
                                             out);
        }
        else {
            // A surrogate or a value above 10FFFF: the 16 at a time below
            // take what comes before it, and the scalar kernel stops at it.
            if ((not_scalar_values(value0) | not_scalar_values(value1)) != 0) break;
            written = encode_sixteen(value0, out);
            written += encode_sixteen(value1, out + written);
        }
        p += 2 * step;
        out += written;
        room -= written;
    }
    while (static_cast<std::size_t>(end - p) >= step && room >= 4 * step) {
        const __m512i value = _mm512_loadu_si512(p);
        if (not_scalar_values(value) != 0) break;
        const unsigned written = encode_sixteen(value, out);
        p += step;
        out += written;
        room -= written;
    }
    return scalar::encode_scalar_values(p, end, out, room);
}

// 16 code units, each U+0800..U+FFFF and not a surrogate, as their 3-byte
// sequences (Table 3-6, row 3): 48 bytes at `out`, nothing past them.
inline void encode_sixteen_three_byte_units(__m256i units, unsigned char* out) noexcept
{
    const __m512i value = _mm512_cvtepu16_epi32(units);
    const __m512i six_bits = _mm512_set1_epi32(0x3F);
    const __m512i lead = _mm512_or_si512(_mm512_srli_epi32(value, 12), _mm512_set1_epi32(0xE0));
    const __m512i second = _mm512_and_si512(_mm512_srli_epi32(value, 6), six_bits);
    const __m512i third = _mm512_and_si512(value, six_bits);
    const __m512i lanes = _mm512_or_si512(_mm512_or_si512(lead, _mm512_slli_epi32(second, 8)),
                                          _mm512_or_si512(_mm512_slli_epi32(third, 16), _mm512_set1_epi32(0x808000)));
    const __m512i packed =
        _mm512_permutexvar_epi8(_mm512_load_si512(static_cast<const void*>(three_byte_pack.bytes)), lanes);
    _mm512_mask_storeu_epi8(out, (std::uint64_t{1} << 48) - 1, packed);
}

// 16 values below 10000 that are not surrogates (UTF-16 code units) as
// their 1, 2 or 3 bytes (Table 3-6, rows 1 to 3) at `out`; returns the
// bytes written, and writes nothing past them. encode_sixteen without the
// fourth row: each lane's three forms built directly, then chosen.
inline unsigned encode_sixteen_below_10000(__m256i units, unsigned char* out) noexcept
{
    const __m512i value = _mm512_cvtepu16_epi32(units);
    const __m512i six_bits = _mm512_set1_epi32(0x3F);
    const __mmask16 non_ascii = _mm512_cmpge_epu32_mask(value, _mm512_set1_epi32(0x80));
    const __mmask16 three = _mm512_cmpge_epu32_mask(value, _mm512_set1_epi32(0x800));
    const __m512i low = _mm512_and_si512(value, six_bits);
    const __m512i middle = _mm512_and_si512(_mm512_srli_epi32(value, 6), six_bits);
    // 110xxxxx 10xxxxxx, and 1110xxxx 10xxxxxx 10xxxxxx, byte 0 lowest.
    const __m512i two_bytes = _mm512_or_si512(_mm512_or_si512(_mm512_srli_epi32(value, 6), _mm512_slli_epi32(low, 8)),
                                              _mm512_set1_epi32(0x80C0));
    const __m512i three_bytes =
        _mm512_or_si512(_mm512_or_si512(_mm512_srli_epi32(value, 12), _mm512_slli_epi32(middle, 8)),
                        _mm512_or_si512(_mm512_slli_epi32(low, 16), _mm512_set1_epi32(0x8080E0)));
    const __m512i encoded =
        _mm512_mask_mov_epi32(_mm512_mask_mov_epi32(value, non_ascii, two_bytes), three, three_bytes);
    __m512i length = _mm512_set1_epi32(1);
    length = _mm512_mask_add_epi32(length, non_ascii, length, _mm512_set1_epi32(1));
    length = _mm512_mask_add_epi32(length, three, length, _mm512_set1_epi32(1));
    const __m512i repeat_byte_0 = _mm512_set4_epi32(0x0C0C0C0C, 0x08080808, 0x04040404, 0x00000000);
    const __mmask64 keep =
        _mm512_cmplt_epu8_mask(_mm512_set1_epi32(0x03020100), _mm512_shuffle_epi8(length, repeat_byte_0));
    const auto written = static_cast<unsigned>(std::popcount(keep));
    _mm512_mask_storeu_epi8(out, _bzhi_u64(~std::uint64_t{0}, written), _mm512_maskz_compress_epi8(keep, encoded));
    return written;
}

// 32 code units, none a surrogate, as UTF-8 at `out`: all 800..FFFF (CJK)
// by encode_sixteen_three_byte_units, else by encode_sixteen_below_10000.
// Returns the bytes written, and writes nothing past them.
inline unsigned encode_thirty_two_without_surrogates(__m512i units, unsigned char* out) noexcept
{
    if (_mm512_cmplt_epu16_mask(units, _mm512_set1_epi16(0x800)) == 0) {
        encode_sixteen_three_byte_units(_mm512_castsi512_si256(units), out);
        encode_sixteen_three_byte_units(_mm512_extracti64x4_epi64(units, 1), out + 48);
        return 96;
    }
    const unsigned written = encode_sixteen_below_10000(_mm512_castsi512_si256(units), out);
    return written + encode_sixteen_below_10000(_mm512_extracti64x4_epi64(units, 1), out + written);
}

// True if the 16 code units at `p` hold a surrogate.
inline bool surrogates_in_sixteen(const char16_t* p) noexcept
{
    const __m256i units = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
    return _mm256_movemask_epi8(
               _mm256_cmpeq_epi16(_mm256_and_si256(units, _mm256_set1_epi16(static_cast<short>(0xF800))),
                                  _mm256_set1_epi16(static_cast<short>(0xD800)))) != 0;
}

// The 16 code units at `p`, and the code unit after them, read: if every
// high surrogate among the 16 is followed by a low one and every low one
// follows a high one among them, each pair is joined into its code point
// (Table 3-5) in the high surrogate's lane, the low surrogates' lanes are
// packed away (vpcompressd), and encode_sixteen writes the lanes left at
// `out`; `taken` grows by 16, or 17 when the last of the 16 is a high
// surrogate. Returns the bytes written (at most 49), or 0, writing nothing,
// if a surrogate is unpaired.
inline unsigned encode_sixteen_with_pairs(const char16_t* p, unsigned char* out, std::size_t& taken) noexcept
{
    const __m512i value = _mm512_cvtepu16_epi32(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(p)));
    const __m512i next = _mm512_cvtepu16_epi32(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + 1)));
    const __m512i kind_bits = _mm512_set1_epi32(0xFC00);
    const __mmask16 high = _mm512_cmpeq_epi32_mask(_mm512_and_si512(value, kind_bits), _mm512_set1_epi32(0xD800));
    const __mmask16 low = _mm512_cmpeq_epi32_mask(_mm512_and_si512(value, kind_bits), _mm512_set1_epi32(0xDC00));
    const __mmask16 low_next = _mm512_cmpeq_epi32_mask(_mm512_and_si512(next, kind_bits), _mm512_set1_epi32(0xDC00));
    const auto high_bits = static_cast<unsigned>(high);
    const auto low_bits = static_cast<unsigned>(low);
    if ((high_bits & ~static_cast<unsigned>(low_next)) != 0 || low_bits != ((high_bits << 1) & 0xFFFFu)) return 0;
    // 10000 + (high - D800) * 400 + (low - DC00), in the high lanes.
    const __m512i joined = _mm512_add_epi32(
        _mm512_slli_epi32(value, 10), _mm512_add_epi32(next, _mm512_set1_epi32(0x10000 - (0xD800 << 10) - 0xDC00)));
    const __m512i code_points = _mm512_mask_mov_epi32(value, high, joined);
    const auto kept = static_cast<__mmask16>(~low);
    const auto count = static_cast<unsigned>(std::popcount(static_cast<unsigned>(kept)));
    taken += 16 + (high_bits >> 15);  // a pair across the end of the 16: its low surrogate too
    return encode_sixteen<true>(_mm512_maskz_compress_epi32(kept, code_points), out,
                                static_cast<__mmask16>(_bzhi_u32(0xFFFFu, count)));
}

// The 32 code units at `p`, if they are 16 surrogate pairs (a high
// surrogate, then a low one: Table 3-5), as the 16 4-byte sequences of
// their code points (Table 3-6, row 4): 64 bytes at `out`. Each pair fills
// one 32-bit lane as loaded, so no code unit moves between lanes. Returns
// false, writing nothing, if the 32 are anything else.
inline bool encode_sixteen_surrogate_pairs(const char16_t* p, unsigned char* out) noexcept
{
    const __m512i units = _mm512_loadu_si512(p);
    // D800 in each lane's low half (high surrogate), DC00 in its high half.
    const __m512i kinds = _mm512_and_si512(units, _mm512_set1_epi16(static_cast<short>(0xFC00)));
    if (_mm512_cmpneq_epi32_mask(kinds, _mm512_set1_epi32(static_cast<int>(0xDC00D800u))) != 0) return false;
    const __m512i ten_bits = _mm512_set1_epi32(0x3FF);
    const __m512i six_bits = _mm512_set1_epi32(0x3F);
    const __m512i high = _mm512_and_si512(units, ten_bits);
    const __m512i low = _mm512_and_si512(_mm512_srli_epi32(units, 16), ten_bits);
    const __m512i value =
        _mm512_add_epi32(_mm512_or_si512(_mm512_slli_epi32(high, 10), low), _mm512_set1_epi32(0x10000));
    // 11110xxx 10xxxxxx 10xxxxxx 10xxxxxx, byte 0 lowest.
    const __m512i first = _mm512_srli_epi32(value, 18);
    const __m512i second = _mm512_slli_epi32(_mm512_and_si512(_mm512_srli_epi32(value, 12), six_bits), 8);
    const __m512i third = _mm512_slli_epi32(_mm512_and_si512(_mm512_srli_epi32(value, 6), six_bits), 16);
    const __m512i fourth = _mm512_slli_epi32(_mm512_and_si512(value, six_bits), 24);
    const __m512i encoded =
        _mm512_or_si512(_mm512_or_si512(_mm512_or_si512(first, second), _mm512_or_si512(third, fourth)),
                        _mm512_set1_epi32(static_cast<int>(0x808080F0u)));
    _mm512_storeu_si512(out, encoded);
    return true;
}

// As scalar::utf16_to_utf8 (same contract, same result). 32 code units at a
// time, each step's stores exact (masked):
//   - all ASCII: narrowed to 32 bytes, then 64 at a time while they are;
//   - all below 800: encode_words_below_800 (the code units are those
//     values already), then 32 at a time while they are;
//   - otherwise, no surrogate among them, then 32 at a time while there is
//     none (encode_thirty_two_without_surrogates): all 800..FFFF (CJK), 3 bytes
//     each, packed by one fixed vpermb per 16; else widened to 32-bit
//     lanes, 16 at a time, and encoded by encode_sixteen_below_10000;
//   - surrogates: while the code units hold surrogates, all paired, 32 at
//     a time while they are 16 pairs (encode_sixteen_surrogate_pairs), else
//     16 at a time (encode_sixteen_with_pairs);
//   - an unpaired surrogate among them, or too little input or room for
//     the above: the scalar loop, which stops at it.
inline utf16_to_utf8_progress utf16_to_utf8(const char16_t* p, const char16_t* end, unsigned char* out,
                                            std::size_t room) noexcept
{
    constexpr std::size_t step = 32;
    const __m512i surrogate_bits = _mm512_set1_epi16(static_cast<short>(0xF800));
    // A step writes at most 96 bytes (3 per code unit), or 100 with a
    // surrogate pair across its end.
    while (static_cast<std::size_t>(end - p) >= step + 1 && room >= 3 * step + 4) {
        const __m512i units = _mm512_loadu_si512(p);
        const __mmask32 surrogates = _mm512_cmpeq_epi16_mask(_mm512_and_si512(units, surrogate_bits),
                                                             _mm512_set1_epi16(static_cast<short>(0xD800)));
        std::size_t taken = step;
        std::size_t written;  // inner loops run while the runs last: may pass 4 GiB
        if (surrogates != 0) {
            // While they hold surrogates, all paired: 32 code units at a
            // time while they are 16 pairs (emoji, historic scripts), else
            // 16 at a time.
            written = 0;
            taken = 0;
            bool paired = true;
            do {
                if (static_cast<std::size_t>(end - p) >= taken + step && room - written >= 64 &&
                    encode_sixteen_surrogate_pairs(p + taken, out + written)) {
                    taken += step;
                    written += 64;
                    continue;
                }
                const unsigned step_written = encode_sixteen_with_pairs(p + taken, out + written, taken);
                if (step_written == 0) {
                    paired = false;
                    break;
                }
                written += step_written;
            } while (static_cast<std::size_t>(end - p) >= taken + 17 && room - written >= 52 &&
                     surrogates_in_sixteen(p + taken));
            if (!paired && taken == 0) {
                // An unpaired surrogate in the first 16: the scalar loop
                // takes the 32 and the code unit after them, and stops at it.
                const utf16_to_utf8_progress progress = scalar::utf16_to_utf8(p, p + step + 1, out, room);
                if (progress.in < p + step) return progress;  // an unpaired surrogate (or no room)
                room -= static_cast<std::size_t>(progress.out - out);
                p = progress.in;
                out = progress.out;
                continue;
            }
        }
        else if (_mm512_test_epi16_mask(units, _mm512_set1_epi16(static_cast<short>(0xFF80))) == 0) {
            _mm256_storeu_si256(reinterpret_cast<__m256i*>(out), _mm512_cvtepi16_epi8(units));
            written = step;
            // Then 64 at a time while they are ASCII.
            while (static_cast<std::size_t>(end - p) >= taken + 2 * step && room - written >= 2 * step) {
                const __m512i first = _mm512_loadu_si512(p + taken);
                const __m512i second = _mm512_loadu_si512(p + taken + step);
                if (_mm512_test_epi16_mask(_mm512_or_si512(first, second),
                                           _mm512_set1_epi16(static_cast<short>(0xFF80))) != 0)
                    break;
                _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + written), _mm512_cvtepi16_epi8(first));
                _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + written + step), _mm512_cvtepi16_epi8(second));
                taken += 2 * step;
                written += 2 * step;
            }
        }
        else if (_mm512_test_epi16_mask(units, surrogate_bits) == 0) {
            written = encode_words_below_800(units, out);
            // Then on while they are below 800 (Arabic, Cyrillic, Greek,
            // Hebrew: the words are checked by the one test).
            while (static_cast<std::size_t>(end - p) >= taken + step && room - written >= 2 * step) {
                const __m512i more = _mm512_loadu_si512(p + taken);
                if (_mm512_test_epi16_mask(more, surrogate_bits) != 0) break;
                written += encode_words_below_800(more, out + written);
                taken += step;
            }
        }
        else {
            // No surrogate, some code unit 800 or above (CJK, Hindi, Korean):
            // then on while there is no surrogate.
            written = encode_thirty_two_without_surrogates(units, out);
            while (static_cast<std::size_t>(end - p) >= taken + step && room - written >= 3 * step) {
                const __m512i more = _mm512_loadu_si512(p + taken);
                if (_mm512_cmpeq_epi16_mask(_mm512_and_si512(more, surrogate_bits),
                                            _mm512_set1_epi16(static_cast<short>(0xD800))) != 0)
                    break;
                written += encode_thirty_two_without_surrogates(more, out + written);
                taken += step;
            }
        }
        p += taken;
        out += written;
        room -= written;
    }
    return scalar::utf16_to_utf8(p, end, out, room);
}

// As scalar::count_code_points_valid (same contract, same result), 64
// bytes a step: the bytes above BF as signed bytes (-65) are those outside
// 80..BF. The last bytes, fewer than 64, through the scalar count.
inline std::size_t count_code_points_valid(const unsigned char* p, const unsigned char* stop) noexcept
{
    const __m512i last_continuation = _mm512_set1_epi8(static_cast<char>(0xBF));
    std::size_t count = 0;
    for (; stop - p >= 64; p += 64) {
        const __m512i bytes = _mm512_loadu_si512(p);
        count += static_cast<std::size_t>(std::popcount(_mm512_cmpgt_epi8_mask(bytes, last_continuation)));
    }
    return count + scalar::count_code_points_valid(p, stop);
}

// As scalar::count_utf16_units_valid (same contract, same result), 64 bytes
// a step, as count_code_points_valid, plus the bytes F0..FF.
inline std::size_t count_utf16_units_valid(const unsigned char* p, const unsigned char* stop) noexcept
{
    const __m512i last_continuation = _mm512_set1_epi8(static_cast<char>(0xBF));
    const __m512i first_four_byte_lead = _mm512_set1_epi8(static_cast<char>(0xF0));
    std::size_t count = 0;
    for (; stop - p >= 64; p += 64) {
        const __m512i bytes = _mm512_loadu_si512(p);
        count += static_cast<std::size_t>(std::popcount(_mm512_cmpgt_epi8_mask(bytes, last_continuation))) +
                 static_cast<std::size_t>(std::popcount(_mm512_cmpge_epu8_mask(bytes, first_four_byte_lead)));
    }
    return count + scalar::count_utf16_units_valid(p, stop);
}

}  // namespace utf8view::detail::simd::avx512_transcode

UTF8VIEW_END_AVX512_REGION

#include <utf8view/detail/epilogue.hpp>

#endif  // UTF8VIEW_SIMD_X86

#endif  // UTF8VIEW_DETAIL_SIMD_TRANSCODE_AVX512_HPP
