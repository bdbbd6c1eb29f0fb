// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at https://www.boost.org/LICENSE_1_0.txt)

/// \file
/// The SSSE3/SSE4.1 validation kernel (x86-64): the algorithm of
/// detail/simd/vector_validation.ipp on 16-byte vectors, four per step.
/// Compiled for SSSE3 + SSE4.1 in a target region, so users need no -m flag;
/// the dispatcher calls it only where the CPU has both.

#ifndef UTF8VIEW_DETAIL_SIMD_SSE_HPP
#define UTF8VIEW_DETAIL_SIMD_SSE_HPP

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

UTF8VIEW_BEGIN_TARGET_REGION("ssse3,sse4.1")

namespace utf8view::detail::simd::sse {

// One 16-byte vector, for the algorithm of vector_validation.ipp.
struct vector {
    static constexpr std::size_t bytes = 16;
    __m128i native;
};

UTF8VIEW_ALWAYS_INLINE inline vector operator&(vector a, vector b) noexcept
{
    return {_mm_and_si128(a.native, b.native)};
}

UTF8VIEW_ALWAYS_INLINE inline vector operator|(vector a, vector b) noexcept
{
    return {_mm_or_si128(a.native, b.native)};
}

UTF8VIEW_ALWAYS_INLINE inline vector operator^(vector a, vector b) noexcept
{
    return {_mm_xor_si128(a.native, b.native)};
}

UTF8VIEW_ALWAYS_INLINE inline vector load(const unsigned char* p) noexcept
{
    return {_mm_loadu_si128(reinterpret_cast<const __m128i*>(p))};
}

UTF8VIEW_ALWAYS_INLINE inline void store(unsigned char* p, vector v) noexcept
{
    _mm_storeu_si128(reinterpret_cast<__m128i*>(p), v.native);
}

UTF8VIEW_ALWAYS_INLINE inline vector splat(unsigned char byte) noexcept
{
    return {_mm_set1_epi8(static_cast<char>(byte))};
}

// One lane: the table itself, in both cases.
UTF8VIEW_ALWAYS_INLINE inline vector table_in_each_lane(const unsigned char (&table)[16]) noexcept
{
    return load(table);
}

UTF8VIEW_ALWAYS_INLINE inline vector table_in_last_lane(const unsigned char (&table)[16]) noexcept
{
    return load(table);
}

// pshufb: table[nibble].
UTF8VIEW_ALWAYS_INLINE inline vector look_up(vector table, vector nibbles) noexcept
{
    return {_mm_shuffle_epi8(table.native, nibbles.native)};
}

UTF8VIEW_ALWAYS_INLINE inline vector high_nibbles(vector v) noexcept
{
    return {_mm_and_si128(_mm_srli_epi16(v.native, 4), splat(0x0F).native)};
}

UTF8VIEW_ALWAYS_INLINE inline vector low_nibbles(vector v) noexcept
{
    return v & splat(0x0F);
}

// Each byte's N-th predecessor, across the vector edge (palignr).
template <int N>
UTF8VIEW_ALWAYS_INLINE inline vector earlier_bytes(vector current, vector previous) noexcept
{
    return {_mm_alignr_epi8(current.native, previous.native, 16 - N)};
}

UTF8VIEW_ALWAYS_INLINE inline vector saturating_subtract(vector a, vector b) noexcept
{
    return {_mm_subs_epu8(a.native, b.native)};
}

UTF8VIEW_ALWAYS_INLINE inline bool is_ascii(vector v) noexcept
{
    return _mm_movemask_epi8(v.native) == 0;
}

UTF8VIEW_ALWAYS_INLINE inline bool is_zero(vector v) noexcept
{
    return _mm_testz_si128(v.native, v.native) != 0;  // SSE4.1 ptest
}

UTF8VIEW_ALWAYS_INLINE inline std::size_t first_nonzero_byte(vector v) noexcept
{
    const __m128i zero = _mm_cmpeq_epi8(v.native, _mm_setzero_si128());
    const auto nonzero = static_cast<std::uint32_t>(~_mm_movemask_epi8(zero));  // bit 16 and up set: at most 16
    return static_cast<std::size_t>(std::countr_zero(nonzero));
}

// Four vectors, one block, per step.
inline constexpr std::size_t step_vectors = 4;
inline constexpr std::size_t dense_step_vectors = step_vectors;

// The validating loop loads each vector's 1st to 3rd predecessors 1 to 3
// bytes back, where a shift would take one palignr each.
inline constexpr bool validation_loads_predecessors = true;

#include <utf8view/detail/simd/vector_validation.ipp>

}  // namespace utf8view::detail::simd::sse

UTF8VIEW_END_TARGET_REGION

#include <utf8view/detail/epilogue.hpp>

#endif  // UTF8VIEW_SIMD_X86

#endif  // UTF8VIEW_DETAIL_SIMD_SSE_HPP
