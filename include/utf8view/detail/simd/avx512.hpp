// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at https://www.boost.org/LICENSE_1_0.txt)

/// \file
/// The AVX-512 validation kernel (x86-64): the lookup algorithm (Table 3-7 in
/// nibble-class form: detail/simd/table_3_7_nibbles.hpp) on 64-byte vectors,
/// one per block. Needs AVX-512F and AVX-512BW (byte shuffles and byte masks on
/// 64-byte vectors; no VBMI: the shift across 128-bit lanes is an F
/// instruction, valignq). Compiled for them per function, so users need no -m
/// flag; the dispatcher calls it only where the CPU has both and the OS saves
/// the ZMM and mask registers.

#ifndef UTF8VIEW_DETAIL_SIMD_AVX512_HPP
#define UTF8VIEW_DETAIL_SIMD_AVX512_HPP

#include <utf8view/config.hpp>
#include <utf8view/detail/cpu.hpp>
#include <utf8view/detail/simd/scalar.hpp>
#include <utf8view/detail/simd/table_3_7_nibbles.hpp>

#include <bit>
#include <cstdint>
#include <cstddef>

#if defined(UTF8VIEW_SIMD_X86)

#include <immintrin.h>

#define UTF8VIEW_TARGET_AVX512 UTF8VIEW_TARGET("avx512f,avx512bw")

// GCC 12 warns that the "undefined" vector its own AVX-512 intrinsics start
// from (_mm512_undefined_epi32) is used uninitialized once they are inlined
// here (GCC bug 105593, fixed in GCC 13).
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif

namespace utf8view::detail::simd::avx512 {

// Bytes checked per step; the error test and the early exit happen once
// per block. The last n % block_bytes bytes go to the scalar kernel.
inline constexpr std::size_t block_bytes = 64;

struct tables {
    __m512i previous_high;
    __m512i previous_low;
    __m512i current_high;
    __m512i unfinished_at_end;
};

UTF8VIEW_TARGET_AVX512 inline __m512i load(const unsigned char* p) noexcept
{
    return _mm512_loadu_si512(p);
}

UTF8VIEW_TARGET_AVX512 inline __m128i load16(const unsigned char (&table)[16]) noexcept
{
    return _mm_loadu_si128(reinterpret_cast<const __m128i*>(table));
}

UTF8VIEW_TARGET_AVX512 inline tables load_tables() noexcept
{
    // vpshufb looks up within each 128-bit lane: a table in all four.
    // unfinished_at_end applies to the last 16 bytes only (0xFF elsewhere).
    return {_mm512_broadcast_i32x4(load16(lookup::previous_high)), _mm512_broadcast_i32x4(load16(lookup::previous_low)),
            _mm512_broadcast_i32x4(load16(lookup::current_high)),
            _mm512_inserti32x4(_mm512_set1_epi8(static_cast<char>(0xFF)), load16(lookup::unfinished_at_end), 3)};
}

UTF8VIEW_TARGET_AVX512 inline __m512i splat(unsigned char byte) noexcept
{
    return _mm512_set1_epi8(static_cast<char>(byte));
}

UTF8VIEW_TARGET_AVX512 inline __m512i high_nibbles(__m512i v) noexcept
{
    return _mm512_and_si512(_mm512_srli_epi16(v, 4), splat(0x0F));
}

// The error bytes of `current`, whose 64 bytes follow those of `previous`:
// non-zero where a byte is not allowed after the bytes before it.
UTF8VIEW_TARGET_AVX512 inline __m512i check(__m512i current, __m512i previous, const tables& t) noexcept
{
    // vpalignr shifts within 128-bit lanes: pair each lane of `current`
    // with the lane before it. valignq by 6 quadwords gives (last lane of
    // `previous`, lanes 0..2 of `current`).
    const __m512i lane_before = _mm512_alignr_epi64(current, previous, 6);
    const __m512i previous_1 = _mm512_alignr_epi8(current, lane_before, 15);
    const __m512i by_previous_high = _mm512_shuffle_epi8(t.previous_high, high_nibbles(previous_1));
    const __m512i by_previous_low = _mm512_shuffle_epi8(t.previous_low, _mm512_and_si512(previous_1, splat(0x0F)));
    const __m512i by_current_high = _mm512_shuffle_epi8(t.current_high, high_nibbles(current));
    // a & b & c in one instruction (vpternlog truth table 0x80).
    const __m512i pair_errors = _mm512_ternarylogic_epi32(by_previous_high, by_previous_low, by_current_high, 0x80);

    // Third and fourth bytes of 3- and 4-byte sequences (see sse.hpp).
    const __m512i previous_2 = _mm512_alignr_epi8(current, lane_before, 14);
    const __m512i previous_3 = _mm512_alignr_epi8(current, lane_before, 13);
    const __m512i third = _mm512_subs_epu8(previous_2, splat(lookup::third_byte_threshold));
    const __m512i fourth = _mm512_subs_epu8(previous_3, splat(lookup::fourth_byte_threshold));
    // (a | b) & c with c = 80 in every byte (truth table 0xA8).
    const __m512i must_continue = _mm512_ternarylogic_epi32(third, fourth, splat(0x80), 0xA8);
    return _mm512_xor_si512(pair_errors, must_continue);
}

// Where block_prefix copies what it accepts (copy_accepted_prefix): the
// clean blocks go to `out` as they are found, the last one held back, so
// that the copy always stops at least a block short of the accepted prefix,
// and so before its last segment: the caller writes that one itself, after
// deciding what becomes of it. Validation passes a
// no_copy instead.
struct block_copy {
    unsigned char* out = nullptr;
    std::size_t copied = 0;  // p[0, copied) is at out[0, copied)
    __m512i held = {};       // the block at [copied, copied + 64), if the prefix reaches past copied

    // The clean blocks `blocks[0..count)` at p[at, at + 64 * count), right
    // after what is accepted so far.
    template <std::size_t Count>
    UTF8VIEW_TARGET_AVX512 void accept(std::size_t at, const __m512i (&blocks)[Count]) noexcept
    {
        if (out == nullptr) return;
        if (copied + block_bytes == at) _mm512_storeu_si512(out + copied, held);
        for (std::size_t index = 0; index + 1 < Count; ++index)
            _mm512_storeu_si512(out + at + block_bytes * index, blocks[index]);
        held = blocks[Count - 1];
        copied = at + block_bytes * (Count - 1);
    }
};

// Validation: nothing is kept. A type of its own, not a block_copy without
// `out`, so that the validating loop carries no test of `out` per block
// (block_prefix is too large to be inlined where that would fold away).
struct no_copy {
    template <std::size_t Count>
    void accept(std::size_t, const __m512i (&)[Count]) noexcept
    {}
};

// As sse::block_prefix: the whole blocks at the start of p[0, n) in which
// the vector code found nothing wrong. Reads only whole blocks inside p[0, n).
// Two blocks per step while they last (one error test and one ASCII test for
// both: about 15% faster than one block per step), then one. A run of ASCII
// is skipped four blocks per step with nothing but the ASCII test.
template <class Copy>
UTF8VIEW_TARGET_AVX512 inline std::size_t block_prefix(const unsigned char* p, std::size_t n, Copy& copy) noexcept
{
    const tables t = load_tables();
    __m512i previous = _mm512_setzero_si512();    // bytes before p: as if ASCII
    __m512i unfinished = _mm512_setzero_si512();  // previous block ends inside a sequence
    std::size_t i = 0;
    while (n - i >= 2 * block_bytes) {
        const __m512i v0 = load(p + i);
        const __m512i v1 = load(p + i + 64);
        if (_mm512_movepi8_mask(_mm512_or_si512(v0, v1)) == 0) {
            // All ASCII: fine unless the previous block left a sequence unfinished.
            if (_mm512_test_epi8_mask(unfinished, unfinished) != 0) return i;
            copy.accept(i, {v0, v1});
            i += 2 * block_bytes;
            while (n - i >= 4 * block_bytes) {
                const __m512i run[4] = {load(p + i), load(p + i + 64), load(p + i + 128), load(p + i + 192)};
                const __m512i any = _mm512_or_si512(_mm512_or_si512(run[0], run[1]), _mm512_or_si512(run[2], run[3]));
                if (_mm512_movepi8_mask(any) != 0) break;
                copy.accept(i, run);
                i += 4 * block_bytes;
            }
            // The checks of the next block see ASCII before it; which ASCII
            // bytes does not matter to them (no table entry tells them apart).
            previous = _mm512_setzero_si512();
            unfinished = _mm512_setzero_si512();
            continue;
        }
        const __m512i errors = _mm512_or_si512(check(v0, previous, t), check(v1, v0, t));
        if (_mm512_test_epi8_mask(errors, errors) != 0) return i;
        copy.accept(i, {v0, v1});
        unfinished = _mm512_subs_epu8(v1, t.unfinished_at_end);
        previous = v1;
        i += 2 * block_bytes;
    }
    if (n - i >= block_bytes) {
        const __m512i v = load(p + i);
        const __m512i errors = _mm512_movepi8_mask(v) == 0 ? unfinished : check(v, previous, t);
        if (_mm512_test_epi8_mask(errors, errors) == 0) {
            copy.accept(i, {v});
            i += block_bytes;
        }
    }
    return i;
}

UTF8VIEW_TARGET_AVX512 inline std::size_t block_prefix(const unsigned char* p, std::size_t n) noexcept
{
    no_copy none;
    return block_prefix(p, n, none);
}

// block_prefix, then, in the block where it stopped, the first byte that
// check() finds not allowed after the bytes before it (with the real bytes
// before the block): p[0, result) holds no error except perhaps the start
// of a sequence that this byte breaks (whose lead byte is at most 3 back),
// since a byte of a well-formed prefix is never flagged. What the kernel
// table's accepted_prefix is, and where validate() starts the scalar
// decoder: a few bytes before the error instead of up to 128.
template <class Copy>
UTF8VIEW_TARGET_AVX512 inline std::size_t accepted_prefix(const unsigned char* p, std::size_t n, Copy& copy) noexcept
{
    const std::size_t i = block_prefix(p, n, copy);
    if (n - i < block_bytes) return i;
    const tables t = load_tables();
    const __m512i previous = i == 0 ? _mm512_setzero_si512() : load(p + i - block_bytes);
    const __m512i current = load(p + i);
    const __m512i errors = check(current, previous, t);
    const std::uint64_t flagged = _mm512_test_epi8_mask(errors, errors);
    if (flagged != 0) return i + static_cast<std::size_t>(std::countr_zero(flagged));
    if (n - i < 2 * block_bytes) return i;
    const __m512i next_errors = check(load(p + i + block_bytes), current, t);
    const std::uint64_t next_flagged = _mm512_test_epi8_mask(next_errors, next_errors);
    if (next_flagged != 0) return i + block_bytes + static_cast<std::size_t>(std::countr_zero(next_flagged));
    return i;
}

UTF8VIEW_TARGET_AVX512 inline std::size_t accepted_prefix(const unsigned char* p, std::size_t n) noexcept
{
    no_copy none;
    return accepted_prefix(p, n, none);
}

// accepted_prefix, copying to `out` the bytes it accepts as it reads them,
// all but at least the last 64 (see block_copy; the kernel table's
// copy_accepted_prefix).
UTF8VIEW_TARGET_AVX512 inline prefix_copy copy_accepted_prefix(const unsigned char* p, std::size_t n,
                                                               unsigned char* out) noexcept
{
    block_copy copy;
    copy.out = out;
    const std::size_t accepted = accepted_prefix(p, n, copy);
    return {accepted, copy.copied};
}

// The AVX-512 kernel: exactly the scalar kernel's result (see scalar.hpp).
inline validation_result validate(const unsigned char* p, std::size_t n) noexcept
{
    const std::size_t accepted = accepted_prefix(p, n);
    return scalar::validate_from(p, n, scalar::restart_offset(p, accepted));
}

}  // namespace utf8view::detail::simd::avx512

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

#endif  // UTF8VIEW_SIMD_X86

#endif  // UTF8VIEW_DETAIL_SIMD_AVX512_HPP
