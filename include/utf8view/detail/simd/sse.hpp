// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at https://www.boost.org/LICENSE_1_0.txt)

/// \file
/// The SSSE3/SSE4.1 validation kernel (x86-64): the lookup algorithm (Table 3-7
/// in nibble-class form: detail/simd/table_3_7_nibbles.hpp) on 16-byte vectors,
/// four per 64-byte block. Compiled for SSSE3 + SSE4.1 per function, so users
/// need no -m flag; the dispatcher calls it only where the CPU has both.

#ifndef UTF8VIEW_DETAIL_SIMD_SSE_HPP
#define UTF8VIEW_DETAIL_SIMD_SSE_HPP

#include <utf8view/config.hpp>
#include <utf8view/detail/cpu.hpp>
#include <utf8view/detail/simd/scalar.hpp>
#include <utf8view/detail/simd/table_3_7_nibbles.hpp>

#include <bit>
#include <cstdint>
#include <cstddef>

#if defined(UTF8VIEW_SIMD_X86)

#include <immintrin.h>

#define UTF8VIEW_TARGET_SSE UTF8VIEW_TARGET("ssse3,sse4.1")

namespace utf8view::detail::simd::sse {

// Bytes checked per step; the error test and the early exit happen once
// per block. The last n % block_bytes bytes go to the scalar kernel.
inline constexpr std::size_t block_bytes = 64;

struct tables {
    __m128i previous_high;
    __m128i previous_low;
    __m128i current_high;
    __m128i unfinished_at_end;
};

UTF8VIEW_TARGET_SSE inline __m128i load(const unsigned char* p) noexcept
{
    return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
}

UTF8VIEW_TARGET_SSE inline tables load_tables() noexcept
{
    return {load(lookup::previous_high), load(lookup::previous_low), load(lookup::current_high),
            load(lookup::unfinished_at_end)};
}

UTF8VIEW_TARGET_SSE inline __m128i splat(unsigned char byte) noexcept
{
    return _mm_set1_epi8(static_cast<char>(byte));
}

UTF8VIEW_TARGET_SSE inline __m128i high_nibbles(__m128i v) noexcept
{
    return _mm_and_si128(_mm_srli_epi16(v, 4), splat(0x0F));
}

// The error bytes of `current`, whose 16 bytes follow those of `previous`:
// non-zero where a byte is not allowed after the bytes before it.
UTF8VIEW_TARGET_SSE inline __m128i check(__m128i current, __m128i previous, const tables& t) noexcept
{
    // previous_1[i] is the byte before current[i], across the vector edge.
    const __m128i previous_1 = _mm_alignr_epi8(current, previous, 15);
    const __m128i by_previous_high = _mm_shuffle_epi8(t.previous_high, high_nibbles(previous_1));
    const __m128i by_previous_low = _mm_shuffle_epi8(t.previous_low, _mm_and_si128(previous_1, splat(0x0F)));
    const __m128i by_current_high = _mm_shuffle_epi8(t.current_high, high_nibbles(current));
    const __m128i pair_errors = _mm_and_si128(_mm_and_si128(by_previous_high, by_previous_low), by_current_high);

    // Where byte i-2 is >= E0 or byte i-3 >= F0, byte i must be a
    // continuation byte after a continuation byte (two_continuations), and
    // nowhere else: XOR leaves bit 7 set where the two disagree.
    const __m128i previous_2 = _mm_alignr_epi8(current, previous, 14);
    const __m128i previous_3 = _mm_alignr_epi8(current, previous, 13);
    const __m128i third = _mm_subs_epu8(previous_2, splat(lookup::third_byte_threshold));
    const __m128i fourth = _mm_subs_epu8(previous_3, splat(lookup::fourth_byte_threshold));
    const __m128i must_continue = _mm_and_si128(_mm_or_si128(third, fourth), splat(0x80));
    return _mm_xor_si128(pair_errors, must_continue);
}

// The length of the longest prefix of p[0, n) made of whole blocks in which
// the vector code found nothing wrong. Bytes before it are well-formed except
// perhaps for a sequence unfinished at its end; the block that starts there
// (if any) holds an error or continues such a sequence wrongly. Reads only
// whole blocks inside p[0, n).
UTF8VIEW_TARGET_SSE inline std::size_t block_prefix(const unsigned char* p, std::size_t n) noexcept
{
    const tables t = load_tables();
    __m128i previous = _mm_setzero_si128();     // bytes before p: as if ASCII
    __m128i unfinished = _mm_setzero_si128();   // previous block ends inside a sequence
    std::size_t i = 0;
    for (; n - i >= block_bytes; i += block_bytes) {
        const __m128i v0 = load(p + i);
        const __m128i v1 = load(p + i + 16);
        const __m128i v2 = load(p + i + 32);
        const __m128i v3 = load(p + i + 48);
        const __m128i any = _mm_or_si128(_mm_or_si128(v0, v1), _mm_or_si128(v2, v3));
        __m128i errors;
        if (_mm_movemask_epi8(any) == 0) {
            // All ASCII: fine unless the previous block left a sequence unfinished.
            errors = unfinished;
            unfinished = _mm_setzero_si128();
        }
        else {
            errors = _mm_or_si128(_mm_or_si128(check(v0, previous, t), check(v1, v0, t)),
                                  _mm_or_si128(check(v2, v1, t), check(v3, v2, t)));
            unfinished = _mm_subs_epu8(v3, t.unfinished_at_end);
        }
        if (!_mm_testz_si128(errors, errors)) break;
        previous = v3;
    }
    return i;
}

// block_prefix, then, in the block where it stopped, the first byte that
// check() finds not allowed after the bytes before it (with the real bytes
// before the block): p[0, result) holds no error except perhaps the start
// of a sequence that this byte breaks (whose lead byte is at most 3 back),
// since a byte of a well-formed prefix is never flagged. What the kernel
// table's accepted_prefix is, and where validate() starts the scalar
// decoder: a few bytes before the error instead of up to a block.
UTF8VIEW_TARGET_SSE inline std::size_t accepted_prefix(const unsigned char* p, std::size_t n) noexcept
{
    const std::size_t i = block_prefix(p, n);
    if (n - i < block_bytes) return i;
    const tables t = load_tables();
    __m128i previous = i == 0 ? _mm_setzero_si128() : load(p + i - 16);
    for (std::size_t lane = 0; lane != block_bytes; lane += 16) {
        const __m128i current = load(p + i + lane);
        const __m128i clean = _mm_cmpeq_epi8(check(current, previous, t), _mm_setzero_si128());
        const auto flagged = static_cast<std::uint32_t>(~_mm_movemask_epi8(clean)) & 0xFFFFu;
        if (flagged != 0) return i + lane + static_cast<std::size_t>(std::countr_zero(flagged));
        previous = current;
    }
    return i;
}

// The SSE kernel: exactly the scalar kernel's result (see scalar.hpp).
inline validation_result validate(const unsigned char* p, std::size_t n) noexcept
{
    const std::size_t accepted = accepted_prefix(p, n);
    return scalar::validate_from(p, n, scalar::restart_offset(p, accepted));
}

}  // namespace utf8view::detail::simd::sse

#endif  // UTF8VIEW_SIMD_X86

#endif  // UTF8VIEW_DETAIL_SIMD_SSE_HPP
