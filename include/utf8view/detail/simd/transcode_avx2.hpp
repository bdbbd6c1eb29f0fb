// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at https://www.boost.org/LICENSE_1_0.txt)

/// \file
/// The AVX2 transcoding kernels (x86-64): well-formed UTF-8 to UTF-32 and
/// to UTF-16, UTF-8 with errors to UTF-32, scalar values to UTF-8, and
/// UTF-16 to UTF-8, with the contracts of scalar::decode_valid,
/// scalar::utf8_to_utf16_valid, scalar::decode_replacing,
/// scalar::encode_scalar_values and scalar::utf16_to_utf8
/// (transcode_scalar.hpp, which also finishes what is shorter than a
/// step). Compiled for AVX2, BMI1 and POPCNT in a target region, so users
/// need no -m flag. (UTF-16: see decode_valid_as and utf16_to_utf8.)
///
/// Decoding a 64-byte block of valid UTF-8 that starts on a character:
///   - all ASCII: widen the 64 bytes to 64 code points;
///   - otherwise the block's lead bytes (those that are not 80..BF) are one
///     64-bit mask, and the block is taken in windows, each starting on a
///     character, whose next one starts at a position found in the mask
///     alone, so that the loop's carried state is a position, not a vector;
///   - 16 characters of 4 bytes, or 16 of 3 bytes then a lead byte (the
///     mask says so; CJK text without ASCII): each character is put in a
///     32-bit lane (as loaded, or by a fixed vpshufb) and decoded as below;
///   - no byte E0..FF (characters of 1 and 2 bytes only: Arabic, Cyrillic,
///     Greek, Hebrew): windows of 16 bytes, each byte decoded as if a
///     character started there into a 16-bit word, and the words at lead
///     bytes packed by a 256-row vpshufb table per 8 words, then widened;
///   - otherwise windows of 8 bytes: the characters that start in the
///     window (at most 8, each ending at most 3 bytes past it) are decoded
///     from the 16 bytes at its start. The window's 8 bits of the mask
///     select a row of a 256-row table of vpshufb indices that gathers each
///     character's first 4 bytes into a 32-bit lane; each lane is then
///     decoded by arithmetic on its lead byte (Table 3-7: the payload bits
///     of the lead and the three bytes after it, joined by two
///     multiply-adds, shifted right by 6 for each byte the character does
///     not have). The next window starts at the first lead byte at least 8
///     bytes on.
///
/// Decoding UTF-8 that may be ill-formed (decode_replacing, for the bulk
/// decoder's replace and skip policies): 64-byte windows split into their
/// segments by integer masks (segment_masks.hpp). Under replace, a window
/// of 1-byte segments only (Latin-1 read as UTF-8) is widened whole; a
/// window of segments of 1 or 2 bytes is decoded 16 bytes at a time as the
/// blocks below 800 above, one of characters of one length (4 bytes, or 3)
/// with no error as those blocks; any other has each segment gathered and
/// decoded as in the windows of 8 above. U+FFFD is put in the lanes of the
/// ill-formed segments.
///
/// Encoding scalar values (see encode_scalar_values for the details):
///   - 16 at a time while the 16 after them are scalar values too, so that
///     stores may run past the result: all ASCII, narrowed to 16 bytes
///     (and then 32 at a time while the values are ASCII); all
///     below 800, as 16-bit words holding their 1 or 2 bytes, packed by a
///     256-row vpshufb table keyed by which words are ASCII; all
///     800..FFFF (3 bytes each), narrowed to 16-bit words, each form built
///     in two of them and widened to a 32-bit lane, 4 lanes packed by one
///     fixed vpshufb; otherwise as two groups of 8 below;
///   - 8 at a time near the end or near a value that is not a scalar value
///     (a surrogate or above 10FFFF; the scalar kernel stops at it for the
///     caller's policy): each lane builds its 4-byte form (Table 3-6) with
///     the payload bytes in order, drops the bytes it does not use by a
///     right shift and fixes its lead byte's marker bits (as the AVX-512
///     kernel does); in each 128-bit half the 2-bit lengths of its 4 lanes
///     pick a row of a 256-row table of vpshufb indices that packs the
///     bytes in use. Near the end each half is written with two stores that
///     end exactly at its last byte, so nothing past the result is written.

#ifndef UTF8VIEW_DETAIL_SIMD_TRANSCODE_AVX2_HPP
#define UTF8VIEW_DETAIL_SIMD_TRANSCODE_AVX2_HPP

#include <utf8view/config.hpp>
#include <utf8view/detail/cpu.hpp>
#include <utf8view/detail/simd/segment_masks.hpp>
#include <utf8view/detail/simd/table_3_6_nibbles.hpp>
#include <utf8view/detail/simd/transcode_scalar.hpp>

#include <bit>
#include <cstddef>
#include <cstdint>
#include <type_traits>

#if defined(UTF8VIEW_SIMD_X86)

#include <immintrin.h>

#include <utf8view/detail/prologue.hpp>

UTF8VIEW_BEGIN_TARGET_REGION("avx2,bmi,popcnt")

namespace utf8view::detail::simd::avx2_transcode {

// The blocks decode_valid takes, and the windows inside them. (The shapes
// of a block whose characters all have one length: table_3_6_nibbles.hpp.)
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

// A 16-byte table of table_3_6_nibbles.hpp in both 128-bit halves
// (vpshufb looks up within a half).
inline __m256i nibble_table(const unsigned char (&table)[16]) noexcept
{
    return _mm256_broadcastsi128_si256(_mm_loadu_si128(reinterpret_cast<const __m128i*>(table)));
}

// Decodes 8 lanes, each holding a valid character's bytes in order from its
// lead byte (bytes past the character's end are ignored; a zero lane gives 0).
inline __m256i decode_lanes(__m256i raw) noexcept
{
    // Each byte's high nibble.
    const __m256i nibbles = _mm256_and_si256(_mm256_srli_epi32(raw, 4), _mm256_set1_epi8(0x0F));
    // Each byte's payload bits: byte 0 by its nibble (a lead byte), bytes
    // 1..3 at most 6 bits (the character's continuation bytes keep all 6;
    // bytes past its end are shifted out below, and are kept below 40 so
    // that they cannot carry into the bits above them).
    const __m256i payload_masks =
        _mm256_and_si256(_mm256_shuffle_epi8(nibble_table(table_3_6::payload_mask_by_high_nibble), nibbles),
                         _mm256_set1_epi32(0x3F3F3FFF));
    const __m256i payload = _mm256_and_si256(raw, payload_masks);
    // lead << 18 | second << 12 | third << 6 | fourth, as for a 4-byte
    // character: byte pairs joined by a multiply-add of 64 and 1, then the
    // two pairs by one of 4096 and 1.
    const __m256i pairs = _mm256_maddubs_epi16(payload, _mm256_set1_epi32(0x01400140));
    const __m256i joined = _mm256_madd_epi16(pairs, _mm256_set1_epi32(0x00011000));
    // Then 6 bits off for each byte the character lacks.
    const __m256i shift = _mm256_and_si256(
        _mm256_shuffle_epi8(nibble_table(table_3_6::lead_shift_by_high_nibble), nibbles), _mm256_set1_epi32(0xFF));
    return _mm256_srlv_epi32(joined, shift);
}

// Lead bytes of 32 bytes: bit i set if byte i is not 80..BF.
inline std::uint32_t lead_mask(__m256i bytes) noexcept
{
    // Signed, 80..BF are -128..-65: a byte is a lead byte if it is above -65.
    const __m256i leads = _mm256_cmpgt_epi8(bytes, _mm256_set1_epi8(static_cast<char>(0xBF)));
    return static_cast<std::uint32_t>(_mm256_movemask_epi8(leads));
}

// Row `keep` (bit i: keep 16-bit word i of a 16-byte half): the vpshufb
// indices that pack the kept words from word 0 (0x80 after them).
struct word_pack_indices {
    alignas(16) unsigned char rows[256][16];
};

constexpr word_pack_indices make_word_pack_indices() noexcept
{
    word_pack_indices table{};
    for (unsigned keep = 0; keep < 256; ++keep) {
        unsigned size = 0;
        for (unsigned word = 0; word < 8; ++word) {
            if ((keep >> word & 1u) == 0) continue;
            table.rows[keep][size++] = static_cast<unsigned char>(2 * word);
            table.rows[keep][size++] = static_cast<unsigned char>(2 * word + 1);
        }
        while (size < 16) table.rows[keep][size++] = 0x80;
    }
    return table;
}

inline constexpr word_pack_indices word_pack = make_word_pack_indices();

// Writes the first `count` of the 8 code points at `out`: all 8 unless
// `exact` (the caller then writes over the rest).
inline void store_code_points(char32_t* out, __m256i code_points, unsigned count, bool exact) noexcept
{
    if (exact) {
        const __m256i in_result =
            _mm256_cmpgt_epi32(_mm256_set1_epi32(static_cast<int>(count)), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
        _mm256_maskstore_epi32(reinterpret_cast<int*>(out), in_result, code_points);
    }
    else {
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(out), code_points);
    }
}

// Writes the first `count` of the 8 UTF-16 code units in `words` at `out`:
// all 8 unless `exact` (the caller then writes over the rest).
inline void store_words(char16_t* out, __m128i words, unsigned count, bool exact) noexcept
{
    if (!exact || count == 8) {
        _mm_storeu_si128(reinterpret_cast<__m128i*>(out), words);
        return;
    }
    alignas(16) char16_t buffer[8];
    _mm_store_si128(reinterpret_cast<__m128i*>(buffer), words);
    for (unsigned index = 0; index < count; ++index) out[index] = buffer[index];
}

// The UTF-16 form (Unicode 15.0 ch. 3, Table 3-5) of 8 code points, each
// in its 32-bit lane: a code point below 10000 as itself (one code unit;
// the lane's high half is zero), a supplementary one (its lane of
// `supplementary` all ones) as its high surrogate, then its low surrogate:
// code units 0 and 1 of the lane in memory order.
inline __m256i utf16_lanes(__m256i code_points, __m256i supplementary) noexcept
{
    // 10000..10FFFF less 10000 is 20 bits: the high surrogate holds the
    // top 10, the low one the bottom 10.
    const __m256i offset = _mm256_sub_epi32(code_points, _mm256_set1_epi32(0x10000));
    const __m256i high = _mm256_or_si256(_mm256_srli_epi32(offset, 10), _mm256_set1_epi32(0xD800));
    const __m256i low = _mm256_or_si256(_mm256_and_si256(offset, _mm256_set1_epi32(0x3FF)), _mm256_set1_epi32(0xDC00));
    return _mm256_blendv_epi8(code_points, _mm256_or_si256(high, _mm256_slli_epi32(low, 16)), supplementary);
}

// Bits 0..7 of `bits` moved to the even bits 0, 2, ..., 14.
constexpr unsigned spread_to_even_bits(unsigned bits) noexcept
{
    bits = (bits | bits << 4) & 0x0F0Fu;
    bits = (bits | bits << 2) & 0x3333u;
    return (bits | bits << 1) & 0x5555u;
}

// Writes the first `count` of the 8 code points in `code_points` at `out`
// in UTF-16 and returns the number of code units (count to 2 * count).
// Unless `exact`, it may write up to 8 code units past them (the caller
// then writes over them).
inline unsigned store_utf16(char16_t* out, __m256i code_points, unsigned count, bool exact) noexcept
{
    const __m256i supplementary = _mm256_cmpgt_epi32(code_points, _mm256_set1_epi32(0xFFFF));
    if (_mm256_testz_si256(supplementary, supplementary) != 0) {
        // One code unit each (code points are at most FFFF: packus keeps them).
        store_words(out,
                    _mm_packus_epi32(_mm256_castsi256_si128(code_points), _mm256_extracti128_si256(code_points, 1)),
                    count, exact);
        return count;
    }
    // Lane i holds code units 2i and 2i + 1 of its half's 8 words: keep
    // the first of each lane in the result, and the second of the
    // supplementary ones, packed by the word table.
    const unsigned in_result = (1u << count) - 1u;
    const unsigned second_units =
        static_cast<unsigned>(_mm256_movemask_ps(_mm256_castsi256_ps(supplementary))) & in_result;
    const unsigned keep = spread_to_even_bits(in_result) | spread_to_even_bits(second_units) << 1;
    const unsigned low_keep = keep & 0xFFu;
    const unsigned high_keep = keep >> 8;
    const __m256i indices = _mm256_inserti128_si256(
        _mm256_castsi128_si256(_mm_load_si128(reinterpret_cast<const __m128i*>(word_pack.rows[low_keep]))),
        _mm_load_si128(reinterpret_cast<const __m128i*>(word_pack.rows[high_keep])), 1);
    const __m256i packed = _mm256_shuffle_epi8(utf16_lanes(code_points, supplementary), indices);
    const auto low_count = static_cast<unsigned>(std::popcount(low_keep));
    const auto high_count = static_cast<unsigned>(std::popcount(high_keep));
    store_words(out, _mm256_castsi256_si128(packed), low_count, exact);
    store_words(out + low_count, _mm256_extracti128_si256(packed, 1), high_count, exact);
    return low_count + high_count;
}

// Bit i set if byte i of the 32 is at least `least` (unsigned).
inline std::uint32_t at_least(__m256i bytes, unsigned char least) noexcept
{
    const __m256i bound = _mm256_set1_epi8(static_cast<char>(least));
    return static_cast<std::uint32_t>(_mm256_movemask_epi8(_mm256_cmpeq_epi8(_mm256_max_epu8(bytes, bound), bytes)));
}

// Decodes the characters of a 64-byte block of valid UTF-8 that starts on a
// character and has none of 3 or 4 bytes (no byte E0..FF: Arabic, Cyrillic,
// Greek, Hebrew, accented Latin), in windows of 16 bytes. Each byte is
// decoded as if a character started there, from it and the byte after it,
// into a 16-bit word (Table 3-6, rows 1 and 2); the words at `starts` (the
// lead bytes) are kept, packed by a 256-row vpshufb table per 8 words,
// widened to 32 bits and stored (or stored as they are: UTF-16, whose code
// units they are). A character that does not end inside the window (a
// lead byte of 2 bytes at byte 15) starts the next one. `two_byte_leads` is
// the block's mask of the lead bytes of 2 (bytes C0..DF; C2..DF from
// decode_replacing, where C0 and C1 are ill-formed segments of one byte).
// Returns where the window after the last one decoded would start (49..64):
// the block's bytes before it are decoded.
//
// For decode_replacing (Replacing), the block holds segments of 1 or 2
// bytes, well-formed or not (no byte E0..F4): `starts` are the segments to
// write and `replaced` those written as U+FFFD.
//
// A store writes all 8 lanes (some past its characters, which the next
// store writes over) unless `exact` and they would end past the block's
// result: with `exact`, nothing past the result is written.
template <class Unit, bool Replacing = false>
inline unsigned decode_block_below_800(const unsigned char* p, Unit*& out, std::uint64_t starts,
                                       std::uint64_t two_byte_leads, bool exact,
                                       [[maybe_unused]] std::uint64_t replaced = 0) noexcept
{
    // The block's result ends after the starts before the next window
    // (found first, from the windows' starts: 15 on after a straddling lead
    // byte, else 16).
    const Unit* result_end = out;
    if (exact) {
        unsigned next_window = 0;
        while (next_window <= last_window_start)
            next_window += (two_byte_leads >> next_window & 0x8000u) != 0 ? 15u : 16u;
        const std::uint64_t before = next_window >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << next_window) - 1;
        result_end += std::popcount(starts & before);
    }
    const auto exact_at = [&](const Unit* at) { return exact && result_end - at < 8; };
    unsigned position = 0;
    for (;;) {
        const __m128i bytes = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + position));
        const __m256i first = _mm256_cvtepu8_epi16(bytes);
        const __m256i second_payload =
            _mm256_and_si256(_mm256_cvtepu8_epi16(_mm_srli_si128(bytes, 1)), _mm256_set1_epi16(0x3F));
        // 110xxxxx 10yyyyyy: xxxxxyyyyyy.
        const __m256i two_byte_value =
            _mm256_or_si256(_mm256_slli_epi16(_mm256_and_si256(first, _mm256_set1_epi16(0x1F)), 6), second_payload);
        __m256i value = _mm256_blendv_epi8(first, two_byte_value, _mm256_cmpgt_epi16(first, _mm256_set1_epi16(0xBF)));
        if constexpr (Replacing) {
            // Word i all ones if bit i of the window's replaced mask is set.
            const __m256i bit_of_word =
                _mm256_setr_epi16(1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192, 16384, -32768);
            const __m256i flags = _mm256_and_si256(
                _mm256_set1_epi16(static_cast<short>(static_cast<std::uint16_t>(replaced >> position))), bit_of_word);
            value = _mm256_blendv_epi8(value, _mm256_set1_epi16(static_cast<short>(0xFFFD)),
                                       _mm256_cmpeq_epi16(flags, bit_of_word));
        }
        const std::uint64_t straddling = two_byte_leads >> position & 0x8000u;
        const auto keep = static_cast<unsigned>((starts >> position & 0xFFFFu) & ~straddling);
        const unsigned low_keep = keep & 0xFFu;
        const unsigned high_keep = keep >> 8;
        const __m256i indices = _mm256_inserti128_si256(
            _mm256_castsi128_si256(_mm_load_si128(reinterpret_cast<const __m128i*>(word_pack.rows[low_keep]))),
            _mm_load_si128(reinterpret_cast<const __m128i*>(word_pack.rows[high_keep])), 1);
        const __m256i packed = _mm256_shuffle_epi8(value, indices);
        const auto low_count = static_cast<unsigned>(std::popcount(low_keep));
        const auto high_count = static_cast<unsigned>(std::popcount(high_keep));
        if constexpr (std::is_same_v<Unit, char16_t>) {
            store_words(out, _mm256_castsi256_si128(packed), low_count, exact_at(out));
            store_words(out + low_count, _mm256_extracti128_si256(packed, 1), high_count, exact_at(out + low_count));
        }
        else {
            store_code_points(out, _mm256_cvtepu16_epi32(_mm256_castsi256_si128(packed)), low_count, exact_at(out));
            store_code_points(out + low_count, _mm256_cvtepu16_epi32(_mm256_extracti128_si256(packed, 1)), high_count,
                              exact_at(out + low_count));
        }
        out += low_count + high_count;
        position += straddling != 0 ? 15u : 16u;
        if (position > last_window_start) return position;
    }
}

// Decodes the 16 characters of 4 bytes that make up the 64 bytes `low`
// (0..31) and `high` (32..63) of well-formed UTF-8, each 32-bit lane one
// (UTF-16: all supplementary, a surrogate pair per lane). Returns the bytes
// taken: 64. Writes 16 code points (UTF-16: 32 code units), no more.
template <class Unit>
inline unsigned decode_block_of_four_byte_characters(__m256i low, __m256i high, Unit*& out) noexcept
{
    if constexpr (std::is_same_v<Unit, char16_t>) {
        const __m256i all = _mm256_set1_epi32(-1);
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(out), utf16_lanes(decode_lanes(low), all));
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + 16), utf16_lanes(decode_lanes(high), all));
        out += 32;
    }
    else {
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(out), decode_lanes(low));
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + 8), decode_lanes(high));
        out += 16;
    }
    return 64;
}

// Decodes the 16 characters of 3 bytes that make up bytes 0..47 at `p` of
// well-formed UTF-8: 4 from each 12 bytes, one per 32-bit lane (UTF-16:
// 800..FFFF, one code unit each, narrowed in order). Reads p[0, 64).
// Returns the bytes taken: 48. Writes 16 code points (UTF-16: 16 code
// units), no more.
template <class Unit>
inline unsigned decode_block_of_three_byte_characters(const unsigned char* p, Unit*& out) noexcept
{
    const __m256i spread = _mm256_setr_epi8(0, 1, 2, -1, 3, 4, 5, -1, 6, 7, 8, -1, 9, 10, 11, -1,  //
                                            0, 1, 2, -1, 3, 4, 5, -1, 6, 7, 8, -1, 9, 10, 11, -1);
    __m256i code_points[2];
    for (unsigned part = 0; part < 2; ++part) {
        const unsigned char* const at = p + 24 * part;
        const __m256i bytes =
            _mm256_loadu2_m128i(reinterpret_cast<const __m128i*>(at + 12), reinterpret_cast<const __m128i*>(at));
        code_points[part] = decode_lanes(_mm256_shuffle_epi8(bytes, spread));
    }
    if constexpr (std::is_same_v<Unit, char16_t>) {
        const __m256i words = _mm256_packus_epi32(code_points[0], code_points[1]);
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(out), _mm256_permute4x64_epi64(words, 0xD8));
    }
    else {
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(out), code_points[0]);
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + 8), code_points[1]);
    }
    out += 16;
    return 48;
}

// decode_valid and utf8_to_utf16_valid: well-formed UTF-8 [p, stop) to
// UTF-32 (Unit char32_t) or UTF-16 (char16_t), at most `room` code units.
// A block of 64 bytes writes at most 64 code units in either form (a
// character of 4 bytes is 2 UTF-16 code units).
template <class Unit>
inline transcode_progress<const unsigned char*, Unit*>
decode_valid_as(const unsigned char* p, const unsigned char* stop, Unit* out, std::size_t room) noexcept
{
    constexpr bool utf16 = std::is_same_v<Unit, char16_t>;
    while (static_cast<std::size_t>(stop - p) >= block_bytes && room >= block_bytes) {
        // A window writes 8 lanes (UTF-16: up to 8 code units), some past
        // its characters; the next window, or the next block (at least 13
        // characters), writes over them. Where no block may follow, every
        // window writes only its characters, so that nothing past the
        // result is written.
        const bool exact = static_cast<std::size_t>(stop - p) < 2 * block_bytes || room < 2 * block_bytes;
        const __m256i low = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
        const __m256i high = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + 32));
        if (_mm256_movemask_epi8(_mm256_or_si256(low, high)) == 0) {
            // 64 ASCII bytes: 64 code points.
            if constexpr (utf16) {
                for (unsigned part = 0; part < 4; ++part) {
                    const __m128i sixteen = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 16 * part));
                    _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + 16 * part), _mm256_cvtepu8_epi16(sixteen));
                }
            }
            else {
                for (unsigned part = 0; part < 8; ++part) {
                    const __m128i eight = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(p + 8 * part));
                    _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + 8 * part), _mm256_cvtepu8_epi32(eight));
                }
            }
            p += block_bytes;
            out += block_bytes;
            room -= block_bytes;
            continue;
        }
        const std::uint64_t leads = std::uint64_t{lead_mask(low)} | std::uint64_t{lead_mask(high)} << 32;
        Unit* const block_out = out;
        unsigned position = 0;  // a character starts here (p[0] does: the block starts on one)
        const std::uint64_t two_or_more = std::uint64_t{at_least(low, 0xC0)} | std::uint64_t{at_least(high, 0xC0)}
                                                                                   << 32;
        const std::uint64_t three_or_more = std::uint64_t{at_least(low, 0xE0)} | std::uint64_t{at_least(high, 0xE0)}
                                                                                     << 32;
        if (leads == table_3_6::every_fourth_byte) { position = decode_block_of_four_byte_characters(low, high, out); }
        else if ((leads & table_3_6::first_49_bytes) == table_3_6::every_third_byte) {
            position = decode_block_of_three_byte_characters(p, out);
        }
        else if (three_or_more == 0) {
            position = decode_block_below_800(p, out, leads, two_or_more, exact);
        }
        else {
            for (;;) {
                const auto starts = static_cast<unsigned>(leads >> position & 0xFFu);
                const __m256i bytes =
                    _mm256_broadcastsi128_si256(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p + position)));
                const __m256i indices = _mm256_load_si256(reinterpret_cast<const __m256i*>(gather.rows[starts]));
                const __m256i code_points = decode_lanes(_mm256_shuffle_epi8(bytes, indices));
                const auto count = static_cast<unsigned>(std::popcount(starts));
                // The next character: the first lead byte 8 or more bytes
                // on. A character that starts at most 55 bytes in ends by
                // byte 58, so there is one in the mask.
                const unsigned next = position + window_bytes +
                                      static_cast<unsigned>(std::countr_zero(leads >> (position + window_bytes)));
                if constexpr (utf16) { out += store_utf16(out, code_points, count, exact); }
                else {
                    store_code_points(out, code_points, count, exact);
                    out += count;
                }
                position = next;
                if (position > last_window_start) break;
            }
        }
        p += position;
        room -= static_cast<std::size_t>(out - block_out);
    }
    if constexpr (utf16) return scalar::utf8_to_utf16_valid(p, stop, out, room);
    else return scalar::decode_valid(p, stop, out, room);
}

// As scalar::decode_valid (same contract, same result).
inline decode_progress decode_valid(const unsigned char* p, const unsigned char* stop, char32_t* out,
                                    std::size_t room) noexcept
{
    return decode_valid_as(p, stop, out, room);
}

// As scalar::utf8_to_utf16_valid (same contract, same result): the blocks
// of decode_valid, each code point written as 1 or 2 UTF-16 code units
// (a supplementary one as a surrogate pair, built in its 32-bit lane and
// packed with the others by the word table).
inline utf8_to_utf16_progress utf8_to_utf16_valid(const unsigned char* p, const unsigned char* stop, char16_t* out,
                                                  std::size_t room) noexcept
{
    return decode_valid_as(p, stop, out, room);
}

// Bit i set if byte i of the 32 lies in [low, low + span), unsigned.
inline std::uint32_t in_range(__m256i bytes, unsigned char low, unsigned char span) noexcept
{
    const __m256i offset = _mm256_sub_epi8(bytes, _mm256_set1_epi8(static_cast<char>(low)));
    const __m256i last = _mm256_set1_epi8(static_cast<char>(span - 1));
    return static_cast<std::uint32_t>(_mm256_movemask_epi8(_mm256_cmpeq_epi8(_mm256_min_epu8(offset, last), offset)));
}

// The 64 bytes `low` (0..31) and `high` (32..63): bit i set if byte i lies
// in [first, first + span), unsigned.
inline std::uint64_t in_range(__m256i low, __m256i high, unsigned char first, unsigned char span) noexcept
{
    return std::uint64_t{in_range(low, first, span)} | std::uint64_t{in_range(high, first, span)} << 32;
}

// Bit i set if byte i of `bytes` is E0, ED, F0 or F4 and byte i of `next`
// (the byte after it) lies outside the narrower second-byte range of its
// row of Table 3-7: A0..BF, 80..9F, 90..BF, 80..8F. (Whether `next` is a
// continuation byte at all is the continuation mask's business.)
inline std::uint32_t second_byte_outside(__m256i bytes, __m256i next) noexcept
{
    const __m256i below_a0 = _mm256_cmpeq_epi8(_mm256_min_epu8(next, _mm256_set1_epi8(static_cast<char>(0x9F))), next);
    const __m256i below_90 = _mm256_cmpeq_epi8(_mm256_min_epu8(next, _mm256_set1_epi8(static_cast<char>(0x8F))), next);
    const __m256i e0 = _mm256_cmpeq_epi8(bytes, _mm256_set1_epi8(static_cast<char>(0xE0)));
    const __m256i ed = _mm256_cmpeq_epi8(bytes, _mm256_set1_epi8(static_cast<char>(0xED)));
    const __m256i f0 = _mm256_cmpeq_epi8(bytes, _mm256_set1_epi8(static_cast<char>(0xF0)));
    const __m256i f4 = _mm256_cmpeq_epi8(bytes, _mm256_set1_epi8(static_cast<char>(0xF4)));
    const __m256i outside =
        _mm256_or_si256(_mm256_or_si256(_mm256_and_si256(e0, below_a0), _mm256_andnot_si256(below_a0, ed)),
                        _mm256_or_si256(_mm256_and_si256(f0, below_90), _mm256_andnot_si256(below_90, f4)));
    return static_cast<std::uint32_t>(_mm256_movemask_epi8(outside));
}

// Byte i (0..7) of each 128-bit half all ones if bit i of `bits` is set.
inline __m256i bytes_of_bits(unsigned bits) noexcept
{
    const __m256i each = _mm256_setr_epi8(1, 2, 4, 8, 16, 32, 64, -128, 0, 0, 0, 0, 0, 0, 0, 0,  //
                                          1, 2, 4, 8, 16, 32, 64, -128, 0, 0, 0, 0, 0, 0, 0, 0);
    return _mm256_cmpeq_epi8(_mm256_and_si256(_mm256_set1_epi8(static_cast<char>(bits)), each), each);
}

// The 64 bytes `low` (0..31) and `high` (32..63): bit i set if byte i is
// at least `least` (80..FF), from one signed comparison per half (80..FF
// are the negative bytes; ASCII, positive, is taken out with `ascii`).
inline std::uint64_t at_least_above_ascii(__m256i low, __m256i high, std::uint64_t ascii, unsigned char least) noexcept
{
    const __m256i below = _mm256_set1_epi8(static_cast<char>(least - 1));
    return ~ascii &
           (std::uint64_t{static_cast<std::uint32_t>(_mm256_movemask_epi8(_mm256_cmpgt_epi8(low, below)))} |
            std::uint64_t{static_cast<std::uint32_t>(_mm256_movemask_epi8(_mm256_cmpgt_epi8(high, below)))} << 32);
}

// The classes of the 64 bytes `low` and `high` but second_outside (left 0):
// ASCII, continuation bytes, and lead bytes of 2, 3 and 4 (Table 3-7), from
// five thresholds.
inline byte_class_masks lead_classes(__m256i low, __m256i high) noexcept
{
    const std::uint64_t ascii = ~(std::uint64_t{static_cast<std::uint32_t>(_mm256_movemask_epi8(low))} |
                                  std::uint64_t{static_cast<std::uint32_t>(_mm256_movemask_epi8(high))} << 32);
    const std::uint64_t from_c0 = at_least_above_ascii(low, high, ascii, 0xC0);
    const std::uint64_t from_c2 = at_least_above_ascii(low, high, ascii, 0xC2);
    const std::uint64_t from_e0 = at_least_above_ascii(low, high, ascii, 0xE0);
    const std::uint64_t from_f0 = at_least_above_ascii(low, high, ascii, 0xF0);
    const std::uint64_t from_f5 = at_least_above_ascii(low, high, ascii, 0xF5);
    return {ascii,
            ~ascii & ~from_c0,     // 80..BF: continuation bytes
            from_c2 & ~from_e0,    // C2..DF
            from_e0 & ~from_f0,    // E0..EF
            from_f0 & ~from_f5,    // F0..F4
            0};
}

// As scalar::classify_window (same contract, same result): the byte after
// the window is not read, so the second byte's narrower ranges (after E0,
// ED, F0 and F4) are tested on the masks of the next byte's ranges, shifted
// by one, as the AVX-512 transcoder does; bit 63 of second_outside says
// nothing.
inline byte_class_masks classify_window(const unsigned char* p) noexcept
{
    const __m256i low = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
    const __m256i high = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + 32));
    const auto outside = [&](unsigned char lead, unsigned char first, unsigned char span) {
        return in_range(low, high, lead, 1) & ~(in_range(low, high, first, span) >> 1);
    };
    byte_class_masks classes = lead_classes(low, high);
    classes.second_outside =
        outside(0xE0, 0xA0, 0x20) | outside(0xED, 0x80, 0x20) | outside(0xF0, 0x90, 0x30) | outside(0xF4, 0x80, 0x10);
    return classes;
}

// For decode_replacing: decodes the window of 64 bytes at `p` (`low`,
// `high`, whose segments start at `starts`) as decode_valid decodes a
// block of one length of character, if the window is one: 16 characters of
// 4 bytes, or of 3 bytes then a segment at byte 48. The caller has
// checked that every segment that starts at 0..60 is well-formed. Returns
// the bytes decoded, 0 for a window of another shape (nothing written).
inline unsigned decode_window_of_one_length(const unsigned char* p, __m256i low, __m256i high, std::uint64_t starts,
                                            char32_t*& out) noexcept
{
    if (starts == table_3_6::every_fourth_byte) return decode_block_of_four_byte_characters(low, high, out);
    if ((starts & table_3_6::first_49_bytes) == table_3_6::every_third_byte)
        return decode_block_of_three_byte_characters(p, out);
    return 0;
}

// As scalar::decode_replacing (same contract, same result). Each 64-byte
// window is split into its segments with 64-bit masks (split_segments,
// segment_masks.hpp); the segments that start at 0..60 are decoded 8
// bytes' worth at a time as in decode_valid's windows of 8 (the row of the
// vpshufb table for the bits of the segments written gathers each one's
// first 4 bytes into a lane, packed, and the lane is decoded by arithmetic);
// the lanes of ill-formed segments get U+FFFD (their bits of the error
// mask, as bytes, put on the same lanes by the same vpshufb). No branch
// inside the groups depends on the bytes: with one on whether 8 bytes are
// ASCII or hold an error, Latin-1 text read as UTF-8 and text with an error
// every 8 bytes mispredicted a branch every few dozen bytes. The next
// window starts at the first segment at 61..63, or 64. Two shapes of
// window take a faster way: segments of 1 or 2 bytes only (text below
// U+0800, with errors or not: decode_block_below_800, 16 bytes at a time,
// the ill-formed segments' words made U+FFFD; but a window of 1-byte
// segments only, replaced, is widened whole), and characters of one length
// with no error (decode_window_of_one_length). A store writes all 8 lanes (some past the
// window's result) wherever a later window of the same call is sure to
// write over them; in the last window, and with drop, it writes only its
// own lanes, so nothing past the result is ever written. (Masked stores in
// every window made text with an error every 8 or 97 bytes a quarter
// slower on Zen 3.)
inline decode_progress decode_replacing(const unsigned char* p, const unsigned char* stop, const unsigned char* end,
                                        char32_t* out, std::size_t room, scalar::subpart_action action,
                                        std::size_t clean_after) noexcept
{
    // A window reads 64 bytes and the byte after them, and its last group
    // 16 bytes from byte 56; it writes at most 64 code points (a window of
    // segments of 1 or 2 bytes decodes up to 64 bytes).
    constexpr std::size_t read_bytes = 72;
    constexpr std::size_t write_room = 64;
    const bool drop = action == scalar::subpart_action::drop;

    // The last ill-formed subpart decoded (`errors`: the window's, from p)
    // moves the stop, as in the scalar kernel.
    const auto move_stop = [&](std::uint64_t errors) {
        if (errors == 0) return;
        const auto last_error = static_cast<std::size_t>(63 - std::countl_zero(errors));
        const unsigned char* const moved =
            static_cast<std::size_t>(end - p) - last_error <= clean_after ? end : p + last_error + clean_after;
        if (moved > stop) stop = moved;
    };
    // Whether another window is sure to follow one that ends at most
    // `taken` bytes on with at most `written` code points (the loop's test
    // holds for it). With replace, a window writes a code point per
    // segment, at least 16 from where the one before ended, so its result
    // covers whatever stores of whole lanes (at most 8 lanes past) wrote
    // past the one before: only the last window of a call, and any with
    // drop (whose windows may write nothing), must store exactly.
    const auto whole_lanes = [&](std::size_t taken, std::size_t written) {
        return !drop && p + taken < stop && static_cast<std::size_t>(end - p) >= taken + read_bytes &&
               room >= written + write_room;
    };
    while (p < stop && static_cast<std::size_t>(end - p) >= read_bytes && room >= write_room) {
        const __m256i low = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
        const __m256i high = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + 32));
        // The bytes after them (p[1..64], readable: read_bytes).
        const __m256i next_low = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + 1));
        const __m256i next_high = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + 33));
        byte_class_masks classes = lead_classes(low, high);
        classes.second_outside = std::uint64_t{second_byte_outside(low, next_low)} |
                                 std::uint64_t{second_byte_outside(high, next_high)} << 32;
        const auto [starts, well_formed] = split_segments(classes);

        const std::uint64_t taken = starts & complete_starts;
        const std::uint64_t errors = taken & ~well_formed;
        const std::uint64_t written = drop ? taken & well_formed : taken;
        // The next window: at the first segment that starts at 61..63, or 64.
        const unsigned next_window =
            61u + static_cast<unsigned>(std::countr_zero(static_cast<unsigned>(starts >> 61) | 8u));
        char32_t* const window_out = out;
        if (!drop && (starts & single_byte_window) == single_byte_window) {
            // Bytes 0..60 are each a segment of one byte: ASCII, or an
            // ill-formed subpart of one byte (Latin-1 or another 8-bit
            // encoding read as UTF-8). Each byte below 80 is its own code
            // point, and each other one U+FFFD, with no gather (the last
            // store ends at byte 60).
            move_stop(errors);
            // Bytes `at`..`at` + 7 widened to 8 lanes.
            const auto widened = [&](unsigned at) {
                const __m256i bytes = _mm256_cvtepu8_epi32(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(p + at)));
                const __m256i ill_formed = _mm256_cmpgt_epi32(bytes, _mm256_set1_epi32(0x7F));
                return _mm256_blendv_epi8(bytes, _mm256_set1_epi32(0xFFFD), ill_formed);
            };
            for (unsigned group = 0; group < 7; ++group)
                _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + 8 * group), widened(8 * group));
            // Bytes 53..60, whose lanes end the result (53..55 again).
            _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + 53), widened(53));
            out += 61;
        }
        else if ((classes.three | classes.four) == 0) {
            // Segments of 1 or 2 bytes only (text below U+0800 with errors):
            // decoded as decode_valid decodes such a block, 16 bytes at a
            // time, the ill-formed ones' lanes made U+FFFD. A lead byte of 2
            // at byte 63 is left to the next window, which starts where
            // decode_block_below_800 says (49..64); every other bit of the
            // masks is exact (no segment here needs a byte past the window).
            // Where the window ends is not known before: whole_lanes is
            // asked about the most it may take and write.
            const std::uint64_t ill_formed = starts & ~well_formed;
            const unsigned decoded_bytes =
                decode_block_below_800<char32_t, true>(p, out, drop ? starts & well_formed : starts, classes.two,
                                                       !whole_lanes(block_bytes, block_bytes), drop ? 0 : ill_formed);
            room -= static_cast<std::size_t>(out - window_out);
            move_stop(decoded_bytes >= 64 ? ill_formed : ill_formed & ((std::uint64_t{1} << decoded_bytes) - 1));
            p += decoded_bytes;
            continue;
        }
        else if (const unsigned decoded_bytes =
                     errors == 0 ? decode_window_of_one_length(p, low, high, starts, out) : 0) {
            room -= static_cast<std::size_t>(out - window_out);
            p += decoded_bytes;
            continue;
        }
        else {
            move_stop(errors);
            const auto written_count = static_cast<std::size_t>(std::popcount(written));
            const bool exact = !whole_lanes(next_window, written_count);
            char32_t* const window_end = out + written_count;
            // (Nothing to write: ill-formed subparts only, dropped.)
            const unsigned groups = written == 0 ? 0u : static_cast<unsigned>(63 - std::countl_zero(written)) / 8 + 1;
            for (unsigned group = 0; group < groups; ++group) {
                const auto bits = static_cast<unsigned>(written >> (8 * group) & 0xFFu);
                const unsigned char* const at = p + 8 * group;
                const __m256i bytes =
                    _mm256_broadcastsi128_si256(_mm_loadu_si128(reinterpret_cast<const __m128i*>(at)));
                const __m256i indices = _mm256_load_si256(reinterpret_cast<const __m256i*>(gather.rows[bits]));
                __m256i code_points = decode_lanes(_mm256_shuffle_epi8(bytes, indices));
                const auto replaced = drop ? 0u : static_cast<unsigned>(errors >> (8 * group) & 0xFFu);
                const __m256i flags = _mm256_shuffle_epi8(bytes_of_bits(replaced), indices);
                code_points = _mm256_blendv_epi8(code_points, _mm256_set1_epi32(0xFFFD),
                                                 _mm256_srai_epi32(_mm256_slli_epi32(flags, 24), 31));
                const auto count = static_cast<unsigned>(std::popcount(bits));
                store_code_points(out, code_points, count, exact && window_end - out < 8);
                out += count;
            }
        }
        room -= static_cast<std::size_t>(out - window_out);
        p += next_window;
    }
    return scalar::decode_replacing(p, stop, end, out, room, action, clean_after);
}

// Row `lengths` (bits 2i and 2i + 1: the length in bytes, minus one, of
// the UTF-8 form in 32-bit lane i of a 16-byte half, 0 <= i < 4): the
// vpshufb indices that keep bytes 0 .. length - 1 of each lane, packed from
// byte 0 (0x80 after them), and how many bytes that is.
struct pack_indices {
    alignas(16) unsigned char rows[256][16];
    unsigned char sizes[256];
};

constexpr pack_indices make_pack_indices() noexcept
{
    pack_indices table{};
    for (unsigned lengths = 0; lengths < 256; ++lengths) {
        unsigned size = 0;
        for (unsigned lane = 0; lane < 4; ++lane)
            for (unsigned byte = 0; byte <= (lengths >> (2 * lane) & 3u); ++byte)
                table.rows[lengths][size++] = static_cast<unsigned char>(4 * lane + byte);
        table.sizes[lengths] = static_cast<unsigned char>(size);
        while (size < 16) table.rows[lengths][size++] = 0x80;
    }
    return table;
}

inline constexpr pack_indices pack = make_pack_indices();

// Writes bytes 0 .. size - 1 of `bytes` at `out` (4 <= size <= 16) with two
// stores that overlap, the second ending at out + size: nothing after it.
inline void store_exactly(unsigned char* out, __m128i bytes, unsigned size) noexcept
{
    const __m128i positions = _mm_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    if (size >= 8) {
        const __m128i last =
            _mm_shuffle_epi8(bytes, _mm_add_epi8(positions, _mm_set1_epi8(static_cast<char>(size - 8))));
        _mm_storel_epi64(reinterpret_cast<__m128i*>(out), bytes);
        _mm_storel_epi64(reinterpret_cast<__m128i*>(out + size - 8), last);
    }
    else {
        const __m128i last =
            _mm_shuffle_epi8(bytes, _mm_add_epi8(positions, _mm_set1_epi8(static_cast<char>(size - 4))));
        _mm_storeu_si32(out, bytes);
        _mm_storeu_si32(out + size - 4, last);
    }
}

// Row `ascii` (bit i: 16-bit word i of a 16-byte half holds an ASCII code
// point): the vpshufb indices that keep byte 0 of each ASCII word and both
// bytes of each other word, packed from byte 0 (0x80 after them), and how
// many bytes that is.
struct pack_pairs_indices {
    alignas(16) unsigned char rows[256][16];
    unsigned char sizes[256];
};

constexpr pack_pairs_indices make_pack_pairs_indices() noexcept
{
    pack_pairs_indices table{};
    for (unsigned ascii = 0; ascii < 256; ++ascii) {
        unsigned size = 0;
        for (unsigned word = 0; word < 8; ++word) {
            table.rows[ascii][size++] = static_cast<unsigned char>(2 * word);
            if ((ascii >> word & 1u) == 0) table.rows[ascii][size++] = static_cast<unsigned char>(2 * word + 1);
        }
        table.sizes[ascii] = static_cast<unsigned char>(size);
        while (size < 16) table.rows[ascii][size++] = 0x80;
    }
    return table;
}

inline constexpr pack_pairs_indices pack_pairs = make_pack_pairs_indices();

// 16 copies of one 16-bit word: a vector constant of the UTF-16 and
// 16-bit-word encoders, kept in memory.
struct repeated_word {
    alignas(32) std::uint16_t words[16];
};

constexpr repeated_word repeat_word(std::uint16_t word) noexcept
{
    repeated_word vector{};
    for (std::uint16_t& each : vector.words) each = word;
    return vector;
}

// The encoders' vectors of one repeated 16-bit word.
struct encoder_word_vectors {
    repeated_word not_ascii = repeat_word(0xFF80);             // the bits above 7F
    repeated_word not_below_800 = repeat_word(0xF800);         // the bits above 7FF
    repeated_word surrogate_bits = repeat_word(0xD800);        // those of D800..DFFF
    repeated_word low_six_bits = repeat_word(0x3F);            // a last byte's payload
    repeated_word middle_six_bits = repeat_word(0x3F00);       // bits 6..11, shifted left by 2
    repeated_word ascii_limit = repeat_word(0x80);             // also a continuation byte's marker
    repeated_word two_byte_markers = repeat_word(0x80C0);      // 110xxxxx, then 10xxxxxx
    repeated_word three_byte_markers = repeat_word(0x80E0);    // 1110xxxx, then 10xxxxxx
    repeated_word two_byte_lead_marker = repeat_word(0x4000);  // makes a high byte's 10 a 110
};

inline constexpr encoder_word_vectors encoder_words_table{};

// The encoders' vectors, through an empty asm statement so that the
// compiler cannot see their values: each use is then an operand loaded
// from memory at an address kept in a register. Seen as constants, GCC 12
// rebuilds each one in every step of a loop (movabs, vmovq, vpbroadcastq:
// three instructions where a folded load is none): UTF-16 to UTF-8 of
// CJK text measured 9 to 15% slower that way, other scripts the same.
UTF8VIEW_ALWAYS_INLINE inline const encoder_word_vectors& encoder_words() noexcept
{
    const encoder_word_vectors* table = &encoder_words_table;
#if defined(__GNUC__)
    __asm__("" : "+r"(table));
#endif
    return *table;
}

UTF8VIEW_ALWAYS_INLINE inline __m256i load_words(const repeated_word& vector) noexcept
{
    return _mm256_load_si256(reinterpret_cast<const __m256i*>(vector.words));
}

// The UTF-8 forms of 16 code points, packed from byte 0 in each 128-bit
// half, and the size in bytes of each half's.
struct encoded_halves {
    __m256i bytes;
    unsigned low_size;
    unsigned high_size;
};

// Encodes 16 code points below 800, given as 16-bit words in order, in 1
// or 2 bytes each (Table 3-6, rows 1 and 2): each word becomes its 2-byte
// form, and in each half of 8 words the ASCII ones select a row of the
// pack_pairs table that keeps only their first byte. Each half is 8 to 16
// bytes.
UTF8VIEW_ALWAYS_INLINE inline encoded_halves encode_sixteen_below_800(__m256i words) noexcept
{
    const encoder_word_vectors& vectors = encoder_words();
    // Two bytes: 110xxxxx (the top 5 bits) then 10xxxxxx (the low 6).
    const __m256i pairs = _mm256_or_si256(
        _mm256_or_si256(_mm256_srli_epi16(words, 6),
                        _mm256_slli_epi16(_mm256_and_si256(words, load_words(vectors.low_six_bits)), 8)),
        load_words(vectors.two_byte_markers));
    const __m256i ascii = _mm256_cmpgt_epi16(load_words(vectors.ascii_limit), words);
    const __m256i encoded = _mm256_blendv_epi8(pairs, words, ascii);
    // Bits 0..7: the low half's ASCII words; bits 16..23: the high half's.
    const auto ascii_bits = static_cast<unsigned>(_mm256_movemask_epi8(_mm256_packs_epi16(ascii, ascii)));
    const unsigned low_row = ascii_bits & 0xFFu;
    const unsigned high_row = ascii_bits >> 16 & 0xFFu;
    const __m256i indices = _mm256_inserti128_si256(
        _mm256_castsi128_si256(_mm_load_si128(reinterpret_cast<const __m128i*>(pack_pairs.rows[low_row]))),
        _mm_load_si128(reinterpret_cast<const __m128i*>(pack_pairs.rows[high_row])), 1);
    return {_mm256_shuffle_epi8(encoded, indices), pack_pairs.sizes[low_row], pack_pairs.sizes[high_row]};
}

// How encode_eight writes each 16-byte half: exactly (two stores ending at
// its last byte) or with one 16-byte store that may run up to 12 bytes past
// it, where the caller knows that more output will be written over them.
enum class store_kind { exact, overrunning };

template <store_kind Kind>
UTF8VIEW_ALWAYS_INLINE inline void store_half(unsigned char* out, __m128i bytes, unsigned size) noexcept
{
    if constexpr (Kind == store_kind::exact) store_exactly(out, bytes, size);
    else _mm_storeu_si128(reinterpret_cast<__m128i*>(out), bytes);
}

// Encodes 8 scalar values (Table 3-6) at
// `out`; returns the number of bytes (8..32). With store_kind::overrunning
// it may write up to 12 bytes past them.
template <store_kind Kind>
UTF8VIEW_ALWAYS_INLINE inline unsigned encode_eight(__m256i value, unsigned char* out) noexcept
{
    const __m256i six_bits = _mm256_set1_epi32(0x3F);
    // Every value is at most 10FFFF: signed compares are exact.
    const __m256i two_or_more = _mm256_cmpgt_epi32(value, _mm256_set1_epi32(0x7F));
    const __m256i three_or_more = _mm256_cmpgt_epi32(value, _mm256_set1_epi32(0x7FF));
    const __m256i four = _mm256_cmpgt_epi32(value, _mm256_set1_epi32(0xFFFF));
    // Bytes 0..3 of a lane: value >> 18, >> 12, >> 6, >> 0 (6 bits each),
    // each with the continuation marker 80.
    const __m256i first = _mm256_srli_epi32(value, 18);
    const __m256i second = _mm256_and_si256(_mm256_srli_epi32(value, 12), six_bits);
    const __m256i third = _mm256_and_si256(_mm256_srli_epi32(value, 6), six_bits);
    const __m256i fourth = _mm256_and_si256(value, six_bits);
    const __m256i joined =
        _mm256_or_si256(_mm256_or_si256(first, _mm256_slli_epi32(second, 8)),
                        _mm256_or_si256(_mm256_slli_epi32(third, 16), _mm256_slli_epi32(fourth, 24)));
    const __m256i marked = _mm256_or_si256(joined, _mm256_set1_epi32(static_cast<int>(0x80808080u)));
    // Continuation bytes: 0 to 3 (the compares give -1 each).
    const __m256i continuations =
        _mm256_sub_epi32(_mm256_setzero_si256(), _mm256_add_epi32(two_or_more, _mm256_add_epi32(three_or_more, four)));
    // Lengths 2, 3, 4: drop 2, 1, 0 leading bytes and turn the first kept
    // byte's marker 80 into C0, E0, F0 (xor 40, 60, 70).
    const __m256i shift = _mm256_sub_epi32(_mm256_set1_epi32(24), _mm256_slli_epi32(continuations, 3));
    const __m256i lead_marker =
        _mm256_permutevar8x32_epi32(_mm256_setr_epi32(0, 0x40, 0x60, 0x70, 0, 0, 0, 0), continuations);
    const __m256i encoded = _mm256_blendv_epi8(value, _mm256_xor_si256(_mm256_srlv_epi32(marked, shift), lead_marker),
                                               two_or_more);  // ASCII as is
    // Each half's row of the table: its lanes' continuations, 2 bits each.
    __m256i row = _mm256_sllv_epi32(continuations, _mm256_setr_epi32(0, 2, 4, 6, 0, 2, 4, 6));
    row = _mm256_add_epi32(row, _mm256_shuffle_epi32(row, 0xB1));  // lanes 0 + 1, 2 + 3
    row = _mm256_add_epi32(row, _mm256_shuffle_epi32(row, 0x4E));  // all four
    const auto low_row = static_cast<unsigned>(_mm256_extract_epi32(row, 0));
    const auto high_row = static_cast<unsigned>(_mm256_extract_epi32(row, 4));
    const __m256i indices = _mm256_inserti128_si256(
        _mm256_castsi128_si256(_mm_load_si128(reinterpret_cast<const __m128i*>(pack.rows[low_row]))),
        _mm_load_si128(reinterpret_cast<const __m128i*>(pack.rows[high_row])), 1);
    const __m256i packed = _mm256_shuffle_epi8(encoded, indices);
    const unsigned low_size = pack.sizes[low_row];
    store_half<Kind>(out, _mm256_castsi256_si128(packed), low_size);
    store_half<Kind>(out + low_size, _mm256_extracti128_si256(packed, 1), pack.sizes[high_row]);
    return low_size + pack.sizes[high_row];
}

// Row `lengths` (bit i: 32-bit lane i of a 16-byte half holds 2 or more
// bytes; bit 4 + i: 3 bytes; 0 <= i < 4), for lanes laid out by
// encode_eight_below_10000 and encode_sixteen_units (an ASCII byte in byte
// 0, a 2-byte form in bytes 1 and 2, a 3-byte form in bytes 0 to 2): the
// vpshufb indices that keep the bytes in use, packed from byte 0 (0x80
// after them), and how many bytes that is.
struct pack_triples_indices {
    alignas(16) unsigned char rows[256][16];
    unsigned char sizes[256];
};

constexpr pack_triples_indices make_pack_triples_indices() noexcept
{
    pack_triples_indices table{};
    for (unsigned lengths = 0; lengths < 256; ++lengths) {
        unsigned size = 0;
        for (unsigned lane = 0; lane < 4; ++lane) {
            const bool two_or_more = (lengths >> lane & 1u) != 0;
            const bool three = (lengths >> (4 + lane) & 1u) != 0;
            const unsigned first = two_or_more && !three ? 1 : 0;
            const unsigned last = !two_or_more ? 0 : 2;
            for (unsigned byte = first; byte <= last; ++byte)
                table.rows[lengths][size++] = static_cast<unsigned char>(4 * lane + byte);
        }
        table.sizes[lengths] = static_cast<unsigned char>(size);
        while (size < 16) table.rows[lengths][size++] = 0x80;
    }
    return table;
}

inline constexpr pack_triples_indices pack_triples = make_pack_triples_indices();

// The 3-byte form (Table 3-6, row 3) of each of 8 values below 10000, in
// bytes 0..2 of its lane: 1110xxxx (value >> 12), 10xxxxxx (bits 6..11),
// 10xxxxxx (bits 0..5).
inline __m256i three_byte_forms(__m256i value) noexcept
{
    const __m256i top = _mm256_srli_epi32(value, 12);
    const __m256i middle = _mm256_and_si256(_mm256_slli_epi32(value, 2), _mm256_set1_epi32(0x3F00));
    const __m256i low = _mm256_and_si256(_mm256_slli_epi32(value, 16), _mm256_set1_epi32(0x3F0000));
    return _mm256_or_si256(_mm256_or_si256(top, middle), _mm256_or_si256(low, _mm256_set1_epi32(0x8080E0)));
}

// The UTF-8 forms of 8 scalar values below 10000 (Table 3-6, rows 1 to 3),
// packed from byte 0 in each 128-bit half (its 4 values in lane order),
// and each half's size (4..12 bytes).
inline encoded_halves encode_halves_below_10000(__m256i value) noexcept
{
    // A 2-byte form is bytes 1 and 2 of the 3-byte form with byte 1's 10
    // made 110 (value >> 6 is bits 6..10); an ASCII lane is the value itself.
    const __m256i two_or_more = _mm256_cmpgt_epi32(value, _mm256_set1_epi32(0x7F));
    const __m256i three = _mm256_cmpgt_epi32(value, _mm256_set1_epi32(0x7FF));
    const __m256i two_byte_lead = _mm256_and_si256(_mm256_andnot_si256(three, two_or_more), _mm256_set1_epi32(0x4000));
    const __m256i encoded =
        _mm256_blendv_epi8(value, _mm256_xor_si256(three_byte_forms(value), two_byte_lead), two_or_more);
    // Bits 0..3 and 4..7: the low half's lanes of 2 or more and of 3 bytes;
    // bits 16..19 and 20..23: the high half's.
    const __m256i flags = _mm256_packs_epi32(two_or_more, three);
    const auto length_bits = static_cast<unsigned>(_mm256_movemask_epi8(_mm256_packs_epi16(flags, flags)));
    const unsigned low_row = length_bits & 0xFFu;
    const unsigned high_row = length_bits >> 16 & 0xFFu;
    const __m256i indices = _mm256_inserti128_si256(
        _mm256_castsi128_si256(_mm_load_si128(reinterpret_cast<const __m128i*>(pack_triples.rows[low_row]))),
        _mm_load_si128(reinterpret_cast<const __m128i*>(pack_triples.rows[high_row])), 1);
    return {_mm256_shuffle_epi8(encoded, indices), pack_triples.sizes[low_row], pack_triples.sizes[high_row]};
}

// Encodes 8 scalar values below 10000 (Table 3-6, rows 1 to 3) at `out`;
// returns the number of bytes (8..24).
// With store_kind::overrunning it may write up to 12 bytes past them.
template <store_kind Kind>
inline unsigned encode_eight_below_10000(__m256i value, unsigned char* out) noexcept
{
    const encoded_halves encoded = encode_halves_below_10000(value);
    store_half<Kind>(out, _mm256_castsi256_si128(encoded.bytes), encoded.low_size);
    store_half<Kind>(out + encoded.low_size, _mm256_extracti128_si256(encoded.bytes, 1), encoded.high_size);
    return encoded.low_size + encoded.high_size;
}

// Bytes 0 and 1 of the 3-byte form (Table 3-6, row 3) of each of 16
// code units below 10000, in its 16-bit word: 1110xxxx (bits 12..15), then
// 10xxxxxx (bits 6..11).
UTF8VIEW_ALWAYS_INLINE inline __m256i three_byte_fronts(__m256i units) noexcept
{
    const encoder_word_vectors& vectors = encoder_words();
    const __m256i middle = _mm256_and_si256(_mm256_slli_epi16(units, 2), load_words(vectors.middle_six_bits));
    return _mm256_or_si256(_mm256_or_si256(_mm256_srli_epi16(units, 12), middle),
                           load_words(vectors.three_byte_markers));
}

// The last byte of the 2- or 3-byte form of each of 16 code units, in its
// 16-bit word: 10xxxxxx (bits 0..5), then 0.
UTF8VIEW_ALWAYS_INLINE inline __m256i last_bytes(__m256i units) noexcept
{
    const encoder_word_vectors& vectors = encoder_words();
    return _mm256_or_si256(_mm256_and_si256(units, load_words(vectors.low_six_bits)), load_words(vectors.ascii_limit));
}

// Encodes 16 code units 800..FFFF that are not surrogates (UTF-16 code
// units, or scalar values narrowed to 16 bits: CJK, Indic and Hangul runs)
// in 3 bytes each (Table 3-6, row 3): 48 bytes. Each form is built in
// 16-bit words (its first two bytes in one, its last in another) and
// widened to a 32-bit lane by interleaving them, in two vectors of units
// 0..3 and 8..11 and of 4..7 and 12..15 (vpunpck works within 128-bit
// halves); one fixed vpshufb packs each group of 4 to 12 bytes. With
// store_kind::overrunning it may write up to 4 bytes past them.
template <store_kind Kind>
UTF8VIEW_ALWAYS_INLINE inline unsigned encode_sixteen_three_byte_units(__m256i units, unsigned char* out) noexcept
{
    const __m256i front = three_byte_fronts(units);
    const __m256i back = last_bytes(units);
    const __m256i keep_three = _mm256_setr_epi8(0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, -1, -1, -1, -1,  //
                                                0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, -1, -1, -1, -1);
    const __m256i a = _mm256_shuffle_epi8(_mm256_unpacklo_epi16(front, back), keep_three);
    const __m256i b = _mm256_shuffle_epi8(_mm256_unpackhi_epi16(front, back), keep_three);
    store_half<Kind>(out, _mm256_castsi256_si128(a), 12);
    store_half<Kind>(out + 12, _mm256_castsi256_si128(b), 12);
    store_half<Kind>(out + 24, _mm256_extracti128_si256(a, 1), 12);
    store_half<Kind>(out + 36, _mm256_extracti128_si256(b, 1), 12);
    return 48;
}

// Encodes 16 code units below 10000 that are not surrogates (UTF-16 code
// units, or scalar values narrowed to 16 bits), at least one of them 80 or
// above, in 1 to 3 bytes each (Table 3-6, rows 1 to 3); returns the number
// of bytes (16..48). With store_kind::overrunning it may write up to 12
// bytes past them.
//   - all below 800: encode_sixteen_below_800;
//   - all 800 or above: encode_sixteen_three_byte_units;
//   - otherwise each form is built in 16-bit words as there, all 16 at
//     once (a 2-byte form's lead is the second of the first two bytes with
//     its 10 made 110, an ASCII unit the first of them), and widened to
//     32-bit lanes in the layout of pack_triples; each group of 4 is
//     packed by its row of pack_triples, keyed by its lengths, and the
//     four groups are stored in the order of their units.
template <store_kind Kind>
UTF8VIEW_ALWAYS_INLINE inline unsigned encode_sixteen_units(__m256i units, unsigned char* out) noexcept
{
    const encoder_word_vectors& vectors = encoder_words();
    if (_mm256_testz_si256(units, load_words(vectors.not_below_800)) != 0) {
        const encoded_halves encoded = encode_sixteen_below_800(units);
        store_half<Kind>(out, _mm256_castsi256_si128(encoded.bytes), encoded.low_size);
        store_half<Kind>(out + encoded.low_size, _mm256_extracti128_si256(encoded.bytes, 1), encoded.high_size);
        return encoded.low_size + encoded.high_size;
    }
    const __m256i zero = _mm256_setzero_si256();
    const __m256i below_800 = _mm256_cmpeq_epi16(_mm256_and_si256(units, load_words(vectors.not_below_800)), zero);
    if (_mm256_testz_si256(below_800, below_800) != 0) return encode_sixteen_three_byte_units<Kind>(units, out);
    const __m256i ascii = _mm256_cmpeq_epi16(_mm256_and_si256(units, load_words(vectors.not_ascii)), zero);
    const __m256i two_byte_lead =
        _mm256_and_si256(_mm256_andnot_si256(ascii, below_800), load_words(vectors.two_byte_lead_marker));
    const __m256i front = _mm256_blendv_epi8(_mm256_xor_si256(three_byte_fronts(units), two_byte_lead), units, ascii);
    const __m256i back = last_bytes(units);
    const __m256i first = _mm256_unpacklo_epi16(front, back);
    const __m256i second = _mm256_unpackhi_epi16(front, back);
    // The rows: per half, the ASCII flags of its 8 units (bytes 0..7) and
    // their below-800 flags (8..15), regrouped by 4 units and inverted, so
    // that byte k of `rows` has a group's bits for 2 or more bytes (0..3)
    // and for 3 bytes (4..7): groups 0..3 are units 0..3, 4..7, 8..11, 12..15.
    const __m256i regroup = _mm256_setr_epi8(0, 1, 2, 3, 8, 9, 10, 11, 4, 5, 6, 7, 12, 13, 14, 15,  //
                                             0, 1, 2, 3, 8, 9, 10, 11, 4, 5, 6, 7, 12, 13, 14, 15);
    const auto rows = ~static_cast<std::uint32_t>(
        _mm256_movemask_epi8(_mm256_shuffle_epi8(_mm256_packs_epi16(ascii, below_800), regroup)));
    const unsigned row0 = rows & 0xFFu;
    const unsigned row1 = rows >> 8 & 0xFFu;
    const unsigned row2 = rows >> 16 & 0xFFu;
    const unsigned row3 = rows >> 24;
    const __m256i a = _mm256_shuffle_epi8(
        first, _mm256_inserti128_si256(
                   _mm256_castsi128_si256(_mm_load_si128(reinterpret_cast<const __m128i*>(pack_triples.rows[row0]))),
                   _mm_load_si128(reinterpret_cast<const __m128i*>(pack_triples.rows[row2])), 1));
    const __m256i b = _mm256_shuffle_epi8(
        second, _mm256_inserti128_si256(
                    _mm256_castsi128_si256(_mm_load_si128(reinterpret_cast<const __m128i*>(pack_triples.rows[row1]))),
                    _mm_load_si128(reinterpret_cast<const __m128i*>(pack_triples.rows[row3])), 1));
    unsigned size = 0;
    store_half<Kind>(out, _mm256_castsi256_si128(a), pack_triples.sizes[row0]);
    size += pack_triples.sizes[row0];
    store_half<Kind>(out + size, _mm256_castsi256_si128(b), pack_triples.sizes[row1]);
    size += pack_triples.sizes[row1];
    store_half<Kind>(out + size, _mm256_extracti128_si256(a, 1), pack_triples.sizes[row2]);
    size += pack_triples.sizes[row2];
    store_half<Kind>(out + size, _mm256_extracti128_si256(b, 1), pack_triples.sizes[row3]);
    return size + pack_triples.sizes[row3];
}

// Whether the 16 values in `first` and `second` are all scalar values:
// none is a surrogate (D800..DFFF) or above 10FFFF (Unicode 15.0, D76).
inline bool all_scalar_values(__m256i first, __m256i second) noexcept
{
    const __m256i surrogate_start = _mm256_set1_epi32(0xD800);
    const __m256i surrogate_span = _mm256_set1_epi32(0x7FF);
    const __m256i largest_scalar_value = _mm256_set1_epi32(0x10FFFF);
    // value - D800 is at most 7FF (unsigned) for a surrogate only.
    const __m256i nearest_surrogate =
        _mm256_min_epu32(_mm256_sub_epi32(first, surrogate_start), _mm256_sub_epi32(second, surrogate_start));
    const __m256i surrogate = _mm256_cmpeq_epi32(_mm256_max_epu32(nearest_surrogate, surrogate_span), surrogate_span);
    const __m256i largest = _mm256_max_epu32(first, second);
    const __m256i in_range = _mm256_cmpeq_epi32(_mm256_min_epu32(largest, largest_scalar_value), largest);
    return _mm256_testc_si256(_mm256_andnot_si256(surrogate, in_range), _mm256_set1_epi32(-1)) != 0;
}

// As scalar::encode_scalar_values (same contract, same result).
//
// The main loop takes 16 values at a time while the 16 after them are
// scalar values too: those write at least 16 more bytes, so it may store
// past its result (up to 12 bytes), and it looks at the 16 values' largest:
//   - all ASCII: narrow them to 16 bytes, then 32 at a time while the
//     values are ASCII (exact stores);
//   - all below 800 (Arabic, Cyrillic, Greek, Hebrew, accented Latin): each
//     as a 16-bit word holding its 1 or 2 bytes (Table 3-6, rows 1 and 2),
//     and in each half of 8 words the ASCII ones select a row of a 256-row
//     table that drops their second byte;
//   - all 800..FFFF (CJK, Indic and Hangul runs): narrowed to 16-bit
//     words, encode_sixteen_three_byte_units;
//   - all below 10000: 8 at a time in 32-bit lanes, each lane's 3-byte
//     form cut to its length, packed by a row of pack_triples;
//   - otherwise 8 at a time as below.
// Then, and where a non-scalar value is near, 8 values at a time with
// exact stores: each lane builds its 4-byte form (Table 3-6) with the
// payload bytes in order, drops the bytes it does not use by a right shift
// and fixes its lead byte's marker bits; in each 128-bit half the 2-bit
// lengths of its 4 lanes pick a row of a 256-row table that packs the
// bytes in use.
inline encode_progress encode_scalar_values(const char32_t* p, const char32_t* end, unsigned char* out,
                                            std::size_t room) noexcept
{
    constexpr std::size_t step = 8;
    // The main loop's condition: 32 values left, and room for them (at most
    // 4 bytes each), so that the 16 after a step are written over what it
    // stored past its result.
    bool checked = false;  // whether the 16 values at p are known to be scalar values
    while (static_cast<std::size_t>(end - p) >= 4 * step && room >= 16 * step) {
        const __m256i value0 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
        const __m256i value1 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + step));
        if (!checked && !all_scalar_values(value0, value1)) break;
        if (!all_scalar_values(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + 2 * step)),
                               _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + 3 * step))))
            break;
        checked = true;
        unsigned char* const step_out = out;
        const __m256i largest = _mm256_max_epu32(value0, value1);
        if (_mm256_testz_si256(largest, _mm256_set1_epi32(~0x7F)) != 0) {
            // 16 ASCII code points: byte 0 of each lane.
            const __m256i words = _mm256_permute4x64_epi64(_mm256_packus_epi32(value0, value1), 0xD8);
            const __m128i bytes = _mm_packus_epi16(_mm256_castsi256_si128(words), _mm256_extracti128_si256(words, 1));
            _mm_storeu_si128(reinterpret_cast<__m128i*>(out), bytes);
            out += 2 * step;
            p += 2 * step;
            // ASCII tends to come in runs (Latin text, markup): then 32
            // values at a time with exact stores, and no other test, since
            // every ASCII value is a scalar value.
            while (static_cast<std::size_t>(end - p) >= 4 * step &&
                   room - static_cast<std::size_t>(out - step_out) >= 4 * step) {
                const __m256i run0 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
                const __m256i run1 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + step));
                const __m256i run2 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + 2 * step));
                const __m256i run3 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + 3 * step));
                const __m256i any = _mm256_or_si256(_mm256_or_si256(run0, run1), _mm256_or_si256(run2, run3));
                if (_mm256_testz_si256(any, _mm256_set1_epi32(~0x7F)) == 0) break;
                // The packs work within 128-bit halves: 4-byte group k of
                // `mixed` holds values 0..3 (k < 4) or 4..7 (k >= 4) of
                // run k mod 4, and the permutation puts them in order.
                const __m256i mixed =
                    _mm256_packus_epi16(_mm256_packus_epi32(run0, run1), _mm256_packus_epi32(run2, run3));
                const __m256i bytes32 = _mm256_permutevar8x32_epi32(mixed, _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7));
                _mm256_storeu_si256(reinterpret_cast<__m256i*>(out), bytes32);
                out += 4 * step;
                p += 4 * step;
            }
            // The values at p are not known to be scalar values any more.
            checked = false;
            room -= static_cast<std::size_t>(out - step_out);
            continue;
        }
        else if (_mm256_testz_si256(largest, _mm256_set1_epi32(~0x7FF)) != 0) {
            // 16 values below 800, as 16-bit words in order.
            const encoded_halves encoded =
                encode_sixteen_below_800(_mm256_permute4x64_epi64(_mm256_packus_epi32(value0, value1), 0xD8));
            _mm_storeu_si128(reinterpret_cast<__m128i*>(out), _mm256_castsi256_si128(encoded.bytes));
            _mm_storeu_si128(reinterpret_cast<__m128i*>(out + encoded.low_size),
                             _mm256_extracti128_si256(encoded.bytes, 1));
            out += encoded.low_size + encoded.high_size;
        }
        else if (_mm256_testz_si256(largest, _mm256_set1_epi32(~0xFFFF)) != 0) {
            // All 800 or above: narrowed to 16-bit code units, which the
            // UTF-16 kernel's 3-byte step takes; mixed lengths go 8 at a
            // time in 32-bit lanes, which measured faster here than
            // narrowing them too.
            if (_mm256_testz_si256(_mm256_cmpgt_epi32(_mm256_set1_epi32(0x800), _mm256_min_epu32(value0, value1)),
                                   _mm256_set1_epi32(-1)) != 0) {
                out += encode_sixteen_three_byte_units<store_kind::overrunning>(
                    _mm256_permute4x64_epi64(_mm256_packus_epi32(value0, value1), 0xD8), out);
            }
            else {
                out += encode_eight_below_10000<store_kind::overrunning>(value0, out);
                out += encode_eight_below_10000<store_kind::overrunning>(value1, out);
            }
        }
        else {
            out += encode_eight<store_kind::overrunning>(value0, out);
            out += encode_eight<store_kind::overrunning>(value1, out);
        }
        p += 2 * step;
        room -= static_cast<std::size_t>(out - step_out);
    }
    while (static_cast<std::size_t>(end - p) >= step && room >= 4 * step) {
        const __m256i value = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
        // A surrogate or a value above 10FFFF stops the step: the scalar
        // kernel stops at it for the policy.
        if (!all_scalar_values(value, value)) break;
        unsigned size;
        if (_mm256_testz_si256(value, _mm256_set1_epi32(~0x7F)) != 0) {
            // 8 ASCII code points: byte 0 of each lane.
            const __m128i narrowed =
                _mm_packus_epi16(_mm_packus_epi32(_mm256_castsi256_si128(value), _mm256_extracti128_si256(value, 1)),
                                 _mm_setzero_si128());
            _mm_storel_epi64(reinterpret_cast<__m128i*>(out), narrowed);
            size = step;
        }
        else {
            size = encode_eight<store_kind::exact>(value, out);
        }
        p += step;
        out += size;
        room -= size;
    }
    return scalar::encode_scalar_values(p, end, out, room);
}

// Whether any of the 16 code units is a surrogate (D800..DFFF).
UTF8VIEW_ALWAYS_INLINE inline bool any_surrogate(__m256i units) noexcept
{
    const encoder_word_vectors& vectors = encoder_words();
    const __m256i surrogates = _mm256_cmpeq_epi16(_mm256_and_si256(units, load_words(vectors.not_below_800)),
                                                  load_words(vectors.surrogate_bits));
    return _mm256_testz_si256(surrogates, surrogates) == 0;
}

// As scalar::utf16_to_utf8 (same contract, same result). 16 code units at
// a time:
//   - all ASCII: narrowed to 16 bytes, then 32 at a time while they are;
//   - all below 800: 1 or 2 bytes each, as encode_scalar_values's 16
//     values below 800 (the code units are those values);
//   - no surrogate among them: encode_sixteen_units (each form built in
//     16-bit words, widened to 32-bit lanes within each half, packed 4 at
//     a time, or all 3 bytes by one fixed shuffle);
//   - a surrogate among them (text with supplementary characters, or an
//     error): the scalar loop takes the 16 and the code unit after them
//     (so that a pair across the step's end is read whole), and stops at
//     an unpaired surrogate. Such steps get no vector speed-up: UTF-16 to
//     UTF-8 of text full of supplementary characters (emoji) runs at the
//     scalar loop's speed.
// Steps that are not all ASCII and hold no surrogate run in an inner loop
// of their own, each testing the next 16 code units for surrogates (a
// block that passes is not tested again) and going back to the outer loop
// at an ASCII block, a surrogate, or near the end of the input or of the
// room: the outer loop's tests and
// its carried flag cost the 2-byte scripts 13 to 20% and Chinese 25%.
// The stores of a step may run up to 12 bytes past its result only where
// the next 16 code units hold no surrogate and fit: the next step then
// writes at least 16 bytes over them. Elsewhere they are exact, so
// nothing past the result is ever left written.
inline utf16_to_utf8_progress utf16_to_utf8(const char16_t* p, const char16_t* end, unsigned char* out,
                                            std::size_t room) noexcept
{
    constexpr std::size_t step = 16;
    bool clean = false;  // whether the 16 code units at p are known to hold no surrogate
    // A step writes at most 48 bytes (3 per code unit), or 49 with a
    // surrogate pair across its end.
    while (static_cast<std::size_t>(end - p) >= step && room >= 3 * step + 1) {
        __m256i units = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
        if (!clean && any_surrogate(units)) {
            const char16_t* const step_end = p + (static_cast<std::size_t>(end - p) > step ? step + 1 : step);
            const utf16_to_utf8_progress progress = scalar::utf16_to_utf8(p, step_end, out, room);
            if (progress.in < p + step) return progress;  // an unpaired surrogate (or no room)
            room -= static_cast<std::size_t>(progress.out - out);
            p = progress.in;
            out = progress.out;
            continue;
        }
        clean = false;
        if (_mm256_testz_si256(units, load_words(encoder_words().not_ascii)) != 0) {
            // 16 ASCII code units, then 32 at a time while they are ASCII
            // (exact stores, and no other test: ASCII is no surrogate).
            _mm_storeu_si128(reinterpret_cast<__m128i*>(out),
                             _mm_packus_epi16(_mm256_castsi256_si128(units), _mm256_extracti128_si256(units, 1)));
            std::size_t size = 16;  // bytes, one per code unit
            while (static_cast<std::size_t>(end - p) >= size + 2 * step && room - size >= 2 * step) {
                const __m256i first = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + size));
                const __m256i second = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + size + step));
                if (_mm256_testz_si256(_mm256_or_si256(first, second), load_words(encoder_words().not_ascii)) == 0)
                    break;
                // packus works within 128-bit halves: 8-byte group k holds
                // code units 0..7 (k even) or 8..15 (k odd) of `first`
                // (k < 2) or `second`; the permutation puts them in order.
                _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + size),
                                    _mm256_permute4x64_epi64(_mm256_packus_epi16(first, second), 0xD8));
                size += 2 * step;
            }
            p += size;
            out += size;
            room -= size;
            continue;
        }
        // A run of steps with a code unit 80 or above and no surrogate.
        // Each tests the next 16 code units, once: if they hold no
        // surrogate and there is room for both steps, its stores may run
        // past its result. The run goes back to the outer loop at 16 ASCII
        // code units, a surrogate, or near the end of the input or room.
        for (;;) {
            __m256i next = units;
            clean = static_cast<std::size_t>(end - p) >= 2 * step &&
                    !any_surrogate(next = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + step)));
            if (!clean || room < 6 * step + 1) {
                const unsigned size = encode_sixteen_units<store_kind::exact>(units, out);
                p += step;
                out += size;
                room -= size;
                break;
            }
            const unsigned size = encode_sixteen_units<store_kind::overrunning>(units, out);
            p += step;
            out += size;
            room -= size;
            units = next;
            if (_mm256_testz_si256(units, load_words(encoder_words().not_ascii)) != 0) break;
        }
    }
    return scalar::utf16_to_utf8(p, end, out, room);
}

// As scalar::count_code_points_valid (same contract, same result), 32
// bytes a step: the bytes above BF as signed bytes (-65) are those outside
// 80..BF. The last bytes, fewer than 32, through the scalar count.
inline std::size_t count_code_points_valid(const unsigned char* p, const unsigned char* stop) noexcept
{
    const __m256i last_continuation = _mm256_set1_epi8(static_cast<char>(0xBF));
    std::size_t count = 0;
    for (; stop - p >= 32; p += 32) {
        const __m256i bytes = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
        const auto starts =
            static_cast<std::uint32_t>(_mm256_movemask_epi8(_mm256_cmpgt_epi8(bytes, last_continuation)));
        count += static_cast<std::size_t>(std::popcount(starts));
    }
    return count + scalar::count_code_points_valid(p, stop);
}

// As scalar::count_utf16_units_valid (same contract, same result), 32 bytes
// a step, as count_code_points_valid, plus the bytes F0..FF (those whose
// high nibble is F).
inline std::size_t count_utf16_units_valid(const unsigned char* p, const unsigned char* stop) noexcept
{
    const __m256i last_continuation = _mm256_set1_epi8(static_cast<char>(0xBF));
    const __m256i high_nibble = _mm256_set1_epi8(static_cast<char>(0xF0));
    std::size_t count = 0;
    for (; stop - p >= 32; p += 32) {
        const __m256i bytes = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
        const auto starts =
            static_cast<std::uint32_t>(_mm256_movemask_epi8(_mm256_cmpgt_epi8(bytes, last_continuation)));
        const auto four_byte_leads = static_cast<std::uint32_t>(
            _mm256_movemask_epi8(_mm256_cmpeq_epi8(_mm256_and_si256(bytes, high_nibble), high_nibble)));
        count +=
            static_cast<std::size_t>(std::popcount(starts)) + static_cast<std::size_t>(std::popcount(four_byte_leads));
    }
    return count + scalar::count_utf16_units_valid(p, stop);
}

}  // namespace utf8view::detail::simd::avx2_transcode

UTF8VIEW_END_TARGET_REGION

#include <utf8view/detail/epilogue.hpp>

#endif  // defined(UTF8VIEW_SIMD_X86)

#endif  // UTF8VIEW_DETAIL_SIMD_TRANSCODE_AVX2_HPP
