// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at https://www.boost.org/LICENSE_1_0.txt)

/// \file
/// The AVX2 validation kernel (x86-64): the algorithm of
/// detail/simd/vector_validation.ipp on 32-byte vectors, two per step.
/// Compiled for AVX2 in a target region, so users need no -m flag; the
/// dispatcher calls it only where the CPU has AVX2 and the OS saves the YMM
/// registers.

#ifndef UTF8VIEW_DETAIL_SIMD_AVX2_HPP
#define UTF8VIEW_DETAIL_SIMD_AVX2_HPP

#include <utf8view/config.hpp>
#include <utf8view/detail/cpu.hpp>
#include <utf8view/detail/simd/scalar.hpp>
#include <utf8view/detail/simd/table_3_7_nibbles.hpp>

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <utility>

#if defined(UTF8VIEW_SIMD_X86)

#include <immintrin.h>

#include <utf8view/detail/prologue.hpp>

UTF8VIEW_BEGIN_TARGET_REGION("avx2")

namespace utf8view::detail::simd::avx2 {

// One 32-byte vector, for the algorithm of vector_validation.ipp.
struct vector {
    static constexpr std::size_t bytes = 32;
    __m256i native;
};

UTF8VIEW_ALWAYS_INLINE inline vector operator&(vector a, vector b) noexcept
{
    return {_mm256_and_si256(a.native, b.native)};
}

UTF8VIEW_ALWAYS_INLINE inline vector operator|(vector a, vector b) noexcept
{
    return {_mm256_or_si256(a.native, b.native)};
}

UTF8VIEW_ALWAYS_INLINE inline vector operator^(vector a, vector b) noexcept
{
    return {_mm256_xor_si256(a.native, b.native)};
}

UTF8VIEW_ALWAYS_INLINE inline vector load(const unsigned char* p) noexcept
{
    return {_mm256_loadu_si256(reinterpret_cast<const __m256i*>(p))};
}

UTF8VIEW_ALWAYS_INLINE inline void store(unsigned char* p, vector v) noexcept
{
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(p), v.native);
}

UTF8VIEW_ALWAYS_INLINE inline vector splat(unsigned char byte) noexcept
{
    return {_mm256_set1_epi8(static_cast<char>(byte))};
}

UTF8VIEW_ALWAYS_INLINE inline __m128i load_16(const unsigned char (&table)[16]) noexcept
{
    return _mm_loadu_si128(reinterpret_cast<const __m128i*>(table));
}

UTF8VIEW_ALWAYS_INLINE inline vector table_in_each_lane(const unsigned char (&table)[16]) noexcept
{
    return {_mm256_broadcastsi128_si256(load_16(table))};
}

UTF8VIEW_ALWAYS_INLINE inline vector table_in_last_lane(const unsigned char (&table)[16]) noexcept
{
    return {_mm256_inserti128_si256(_mm256_set1_epi8(static_cast<char>(0xFF)), load_16(table), 1)};
}

// vpshufb: table[nibble] within each 128-bit lane.
UTF8VIEW_ALWAYS_INLINE inline vector look_up(vector table, vector nibbles) noexcept
{
    return {_mm256_shuffle_epi8(table.native, nibbles.native)};
}

UTF8VIEW_ALWAYS_INLINE inline vector high_nibbles(vector v) noexcept
{
    return {_mm256_and_si256(_mm256_srli_epi16(v.native, 4), splat(0x0F).native)};
}

UTF8VIEW_ALWAYS_INLINE inline vector low_nibbles(vector v) noexcept
{
    return v & splat(0x0F);
}

// Each byte's N-th predecessor. vpalignr shifts within 128-bit lanes: pair
// each lane of `current` with the lane before it (for the low lane, the
// high lane of `previous`).
template <int N>
UTF8VIEW_ALWAYS_INLINE inline vector earlier_bytes(vector current, vector previous) noexcept
{
    const __m256i lane_before = _mm256_permute2x128_si256(previous.native, current.native, 0x21);
    return {_mm256_alignr_epi8(current.native, lane_before, 16 - N)};
}

UTF8VIEW_ALWAYS_INLINE inline vector saturating_subtract(vector a, vector b) noexcept
{
    return {_mm256_subs_epu8(a.native, b.native)};
}

UTF8VIEW_ALWAYS_INLINE inline bool is_ascii(vector v) noexcept
{
    return _mm256_movemask_epi8(v.native) == 0;
}

UTF8VIEW_ALWAYS_INLINE inline bool is_zero(vector v) noexcept
{
    return _mm256_testz_si256(v.native, v.native) != 0;
}

UTF8VIEW_ALWAYS_INLINE inline std::size_t first_nonzero_byte(vector v) noexcept
{
    const __m256i zero = _mm256_cmpeq_epi8(v.native, _mm256_setzero_si256());
    const auto nonzero = ~static_cast<std::uint32_t>(_mm256_movemask_epi8(zero));
    return static_cast<std::size_t>(std::countr_zero(nonzero));
}

// Two vectors, one block, per step.
inline constexpr std::size_t step_vectors = 2;
inline constexpr std::size_t dense_step_vectors = step_vectors;

// The validating loop loads each vector's 1st to 3rd predecessors 1 to 3
// bytes back: a shift across the 128-bit lanes takes two shuffles, the
// unit the check is limited by, and half of the 32-byte loads stay within
// a cache line (no slower over text read from memory than from the caches).
inline constexpr bool validation_loads_predecessors = true;

#include <utf8view/detail/simd/vector_validation.ipp>

}  // namespace utf8view::detail::simd::avx2

UTF8VIEW_END_TARGET_REGION

#include <utf8view/detail/epilogue.hpp>

#endif  // UTF8VIEW_SIMD_X86

#endif  // UTF8VIEW_DETAIL_SIMD_AVX2_HPP
