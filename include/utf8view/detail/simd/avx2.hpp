// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at https://www.boost.org/LICENSE_1_0.txt)

/// \file
/// The AVX2 validation kernel (x86-64): the lookup algorithm (Table 3-7 in
/// nibble-class form: detail/simd/table_3_7_nibbles.hpp) on 32-byte vectors,
/// two per 64-byte block. Compiled for AVX2 per function, so users need no -m
/// flag; the dispatcher calls it only where the CPU has AVX2 and the OS saves
/// the YMM registers.

#ifndef UTF8VIEW_DETAIL_SIMD_AVX2_HPP
#define UTF8VIEW_DETAIL_SIMD_AVX2_HPP

#include <utf8view/config.hpp>
#include <utf8view/detail/cpu.hpp>
#include <utf8view/detail/simd/scalar.hpp>
#include <utf8view/detail/simd/table_3_7_nibbles.hpp>

#include <bit>
#include <cstdint>
#include <cstddef>

#if defined(UTF8VIEW_SIMD_X86)

#include <immintrin.h>

#define UTF8VIEW_TARGET_AVX2 UTF8VIEW_TARGET("avx2")

namespace utf8view::detail::simd::avx2 {

// Bytes checked per step; the error test and the early exit happen once
// per block. The last n % block_bytes bytes go to the scalar kernel.
inline constexpr std::size_t block_bytes = 64;

struct tables {
    __m256i previous_high;
    __m256i previous_low;
    __m256i current_high;
    __m256i unfinished_at_end;
};

UTF8VIEW_TARGET_AVX2 inline __m256i load(const unsigned char* p) noexcept
{
    return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
}

// A 16-byte table in both 128-bit lanes (vpshufb looks up within a lane).
UTF8VIEW_TARGET_AVX2 inline __m256i load_table(const unsigned char (&table)[16]) noexcept
{
    return _mm256_broadcastsi128_si256(_mm_loadu_si128(reinterpret_cast<const __m128i*>(table)));
}

UTF8VIEW_TARGET_AVX2 inline tables load_tables() noexcept
{
    // unfinished_at_end applies to the last 16 bytes only: the low lane is
    // all FF there, and a saturating subtraction of FF gives 0 in every byte.
    const __m128i last16 = _mm_loadu_si128(reinterpret_cast<const __m128i*>(lookup::unfinished_at_end));
    const __m128i none = _mm_set1_epi8(static_cast<char>(0xFF));
    return {load_table(lookup::previous_high), load_table(lookup::previous_low), load_table(lookup::current_high),
            _mm256_inserti128_si256(_mm256_castsi128_si256(none), last16, 1)};
}

UTF8VIEW_TARGET_AVX2 inline __m256i splat(unsigned char byte) noexcept
{
    return _mm256_set1_epi8(static_cast<char>(byte));
}

UTF8VIEW_TARGET_AVX2 inline __m256i high_nibbles(__m256i v) noexcept
{
    return _mm256_and_si256(_mm256_srli_epi16(v, 4), splat(0x0F));
}

// The error bytes of `current`, whose 32 bytes follow those of `previous`:
// non-zero where a byte is not allowed after the bytes before it.
UTF8VIEW_TARGET_AVX2 inline __m256i check(__m256i current, __m256i previous, const tables& t) noexcept
{
    // vpalignr shifts within 128-bit lanes: pair each lane of `current`
    // with the lane before it (for the low lane, the high lane of `previous`).
    const __m256i lane_before = _mm256_permute2x128_si256(previous, current, 0x21);
    const __m256i previous_1 = _mm256_alignr_epi8(current, lane_before, 15);
    const __m256i by_previous_high = _mm256_shuffle_epi8(t.previous_high, high_nibbles(previous_1));
    const __m256i by_previous_low = _mm256_shuffle_epi8(t.previous_low, _mm256_and_si256(previous_1, splat(0x0F)));
    const __m256i by_current_high = _mm256_shuffle_epi8(t.current_high, high_nibbles(current));
    const __m256i pair_errors = _mm256_and_si256(_mm256_and_si256(by_previous_high, by_previous_low), by_current_high);

    // Third and fourth bytes of 3- and 4-byte sequences (see sse.hpp).
    const __m256i previous_2 = _mm256_alignr_epi8(current, lane_before, 14);
    const __m256i previous_3 = _mm256_alignr_epi8(current, lane_before, 13);
    const __m256i third = _mm256_subs_epu8(previous_2, splat(lookup::third_byte_threshold));
    const __m256i fourth = _mm256_subs_epu8(previous_3, splat(lookup::fourth_byte_threshold));
    const __m256i must_continue = _mm256_and_si256(_mm256_or_si256(third, fourth), splat(0x80));
    return _mm256_xor_si256(pair_errors, must_continue);
}

// Where block_prefix copies what it accepts (copy_accepted_prefix), as
// avx512::block_copy does: the clean blocks go to `out` as they are found,
// the last one held back, so that the copy always stops at least a block
// short of the accepted prefix, and so before its last segment. Validation
// passes a no_copy instead.
struct block_copy {
    unsigned char* out = nullptr;
    std::size_t copied = 0;  // p[0, copied) is at out[0, copied)
    __m256i held[2] = {};    // the block at [copied, copied + 64), if the prefix reaches past copied

    // The clean blocks `halves[0..Count)` (two vectors per block) at
    // p[at, at + 32 * Count), right after what is accepted so far.
    template <std::size_t Count>
    UTF8VIEW_TARGET_AVX2 void accept(std::size_t at, const __m256i (&halves)[Count]) noexcept
    {
        static_assert(Count % 2 == 0, "whole blocks of two vectors");
        if (out == nullptr) return;
        if (copied + block_bytes == at) {
            _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + copied), held[0]);
            _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + copied + 32), held[1]);
        }
        for (std::size_t index = 0; index + 2 < Count; ++index)
            _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + at + 32 * index), halves[index]);
        held[0] = halves[Count - 2];
        held[1] = halves[Count - 1];
        copied = at + 32 * (Count - 2);
    }
};

// Validation: nothing is kept. A type of its own, not a block_copy without
// `out`, so that the validating loop carries no test of `out` per block
// (block_prefix is too large to be inlined where that would fold away).
struct no_copy {
    template <std::size_t Count>
    void accept(std::size_t, const __m256i (&)[Count]) noexcept
    {}
};

// As sse::block_prefix: the whole blocks at the start of p[0, n) in which
// the vector code found nothing wrong. Reads only whole blocks inside p[0, n).
// A run of ASCII is skipped two blocks per step with nothing but the ASCII test.
template <class Copy>
UTF8VIEW_TARGET_AVX2 inline std::size_t block_prefix(const unsigned char* p, std::size_t n, Copy& copy) noexcept
{
    const tables t = load_tables();
    __m256i previous = _mm256_setzero_si256();    // bytes before p: as if ASCII
    __m256i unfinished = _mm256_setzero_si256();  // previous block ends inside a sequence
    std::size_t i = 0;
    while (n - i >= block_bytes) {
        const __m256i v0 = load(p + i);
        const __m256i v1 = load(p + i + 32);
        if (_mm256_movemask_epi8(_mm256_or_si256(v0, v1)) == 0) {
            // All ASCII: fine unless the previous block left a sequence unfinished.
            if (!_mm256_testz_si256(unfinished, unfinished)) return i;
            copy.accept(i, {v0, v1});
            i += block_bytes;
            while (n - i >= 2 * block_bytes) {
                const __m256i run[4] = {load(p + i), load(p + i + 32), load(p + i + 64), load(p + i + 96)};
                const __m256i any = _mm256_or_si256(_mm256_or_si256(run[0], run[1]), _mm256_or_si256(run[2], run[3]));
                if (_mm256_movemask_epi8(any) != 0) break;
                copy.accept(i, run);
                i += 2 * block_bytes;
            }
            // The checks of the next block see ASCII before it; which ASCII
            // bytes does not matter to them (no table entry tells them apart).
            previous = _mm256_setzero_si256();
            unfinished = _mm256_setzero_si256();
            continue;
        }
        const __m256i errors = _mm256_or_si256(check(v0, previous, t), check(v1, v0, t));
        if (!_mm256_testz_si256(errors, errors)) return i;
        copy.accept(i, {v0, v1});
        unfinished = _mm256_subs_epu8(v1, t.unfinished_at_end);
        previous = v1;
        i += block_bytes;
    }
    return i;
}

UTF8VIEW_TARGET_AVX2 inline std::size_t block_prefix(const unsigned char* p, std::size_t n) noexcept
{
    no_copy none;
    return block_prefix(p, n, none);
}

// A bit for each byte of `errors` that is not zero.
UTF8VIEW_TARGET_AVX2 inline std::uint32_t flagged_lanes(__m256i errors) noexcept
{
    const __m256i clean = _mm256_cmpeq_epi8(errors, _mm256_setzero_si256());
    return ~static_cast<std::uint32_t>(_mm256_movemask_epi8(clean));
}

// As avx512::accepted_prefix: block_prefix, then the first byte in the
// block where it stopped that check() flags (with the real bytes before it).
template <class Copy>
UTF8VIEW_TARGET_AVX2 inline std::size_t accepted_prefix(const unsigned char* p, std::size_t n, Copy& copy) noexcept
{
    const std::size_t i = block_prefix(p, n, copy);
    if (n - i < block_bytes) return i;
    const tables t = load_tables();
    const __m256i previous = i == 0 ? _mm256_setzero_si256() : load(p + i - 32);
    const __m256i first = load(p + i);
    const __m256i second = load(p + i + 32);
    if (const std::uint32_t flagged = flagged_lanes(check(first, previous, t)); flagged != 0)
        return i + static_cast<std::size_t>(std::countr_zero(flagged));
    if (const std::uint32_t flagged = flagged_lanes(check(second, first, t)); flagged != 0)
        return i + 32 + static_cast<std::size_t>(std::countr_zero(flagged));
    return i;
}

UTF8VIEW_TARGET_AVX2 inline std::size_t accepted_prefix(const unsigned char* p, std::size_t n) noexcept
{
    no_copy none;
    return accepted_prefix(p, n, none);
}

// accepted_prefix, copying to `out` the bytes it accepts as it reads them,
// all but at least the last 64 (see block_copy; the kernel table's
// copy_accepted_prefix).
UTF8VIEW_TARGET_AVX2 inline prefix_copy copy_accepted_prefix(const unsigned char* p, std::size_t n,
                                                             unsigned char* out) noexcept
{
    block_copy copy;
    copy.out = out;
    const std::size_t accepted = accepted_prefix(p, n, copy);
    return {accepted, copy.copied};
}

// The AVX2 kernel: exactly the scalar kernel's result (see scalar.hpp).
inline validation_result validate(const unsigned char* p, std::size_t n) noexcept
{
    const std::size_t accepted = accepted_prefix(p, n);
    return scalar::validate_from(p, n, scalar::restart_offset(p, accepted));
}

}  // namespace utf8view::detail::simd::avx2

#endif  // UTF8VIEW_SIMD_X86

#endif  // UTF8VIEW_DETAIL_SIMD_AVX2_HPP
