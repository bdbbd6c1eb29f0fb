// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at https://www.boost.org/LICENSE_1_0.txt)

/// \file
/// The NEON validation kernel (AArch64 only): the algorithm of
/// detail/simd/vector_validation.ipp on 16-byte vectors, four per step.
/// Advanced SIMD is part of the AArch64 base architecture, so no target
/// region and no run-time check are needed. Elsewhere this header declares
/// nothing.

#ifndef UTF8VIEW_DETAIL_SIMD_NEON_HPP
#define UTF8VIEW_DETAIL_SIMD_NEON_HPP

#include <utf8view/config.hpp>
#include <utf8view/detail/cpu.hpp>
#include <utf8view/detail/simd/scalar.hpp>
#include <utf8view/detail/simd/table_3_7_nibbles.hpp>

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <utility>

#if defined(UTF8VIEW_SIMD_NEON)

#include <arm_neon.h>

#include <utf8view/detail/prologue.hpp>

namespace utf8view::detail::simd::neon {

// One 16-byte vector, for the algorithm of vector_validation.ipp.
struct vector {
    static constexpr std::size_t bytes = 16;
    uint8x16_t native;
};

UTF8VIEW_ALWAYS_INLINE inline vector operator&(vector a, vector b) noexcept
{
    return {vandq_u8(a.native, b.native)};
}

UTF8VIEW_ALWAYS_INLINE inline vector operator|(vector a, vector b) noexcept
{
    return {vorrq_u8(a.native, b.native)};
}

UTF8VIEW_ALWAYS_INLINE inline vector operator^(vector a, vector b) noexcept
{
    return {veorq_u8(a.native, b.native)};
}

UTF8VIEW_ALWAYS_INLINE inline vector load(const unsigned char* p) noexcept
{
    return {vld1q_u8(p)};
}

UTF8VIEW_ALWAYS_INLINE inline void store(unsigned char* p, vector v) noexcept
{
    vst1q_u8(p, v.native);
}

UTF8VIEW_ALWAYS_INLINE inline vector splat(unsigned char byte) noexcept
{
    return {vdupq_n_u8(byte)};
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

// tbl: table[nibble].
UTF8VIEW_ALWAYS_INLINE inline vector look_up(vector table, vector nibbles) noexcept
{
    return {vqtbl1q_u8(table.native, nibbles.native)};
}

UTF8VIEW_ALWAYS_INLINE inline vector high_nibbles(vector v) noexcept
{
    return {vshrq_n_u8(v.native, 4)};
}

UTF8VIEW_ALWAYS_INLINE inline vector low_nibbles(vector v) noexcept
{
    return v & splat(0x0F);
}

// Each byte's N-th predecessor, across the vector edge (ext).
template <int N>
UTF8VIEW_ALWAYS_INLINE inline vector earlier_bytes(vector current, vector previous) noexcept
{
    return {vextq_u8(previous.native, current.native, 16 - N)};
}

UTF8VIEW_ALWAYS_INLINE inline vector saturating_subtract(vector a, vector b) noexcept
{
    return {vqsubq_u8(a.native, b.native)};
}

UTF8VIEW_ALWAYS_INLINE inline bool is_ascii(vector v) noexcept
{
    return vmaxvq_u8(v.native) < 0x80;
}

UTF8VIEW_ALWAYS_INLINE inline bool is_zero(vector v) noexcept
{
    return vmaxvq_u8(v.native) == 0;
}

UTF8VIEW_ALWAYS_INLINE inline std::size_t first_nonzero_byte(vector v) noexcept
{
    // FF for each non-zero byte, narrowed to 4 bits per byte in a 64-bit word.
    const uint8x16_t nonzero = vtstq_u8(v.native, v.native);
    const uint8x8_t nibbles = vshrn_n_u16(vreinterpretq_u16_u8(nonzero), 4);
    const std::uint64_t bits = vget_lane_u64(vreinterpret_u64_u8(nibbles), 0);
    return static_cast<std::size_t>(std::countr_zero(bits)) / 4;  // 16 if none
}

// Four vectors, one block, per step.
inline constexpr std::size_t step_vectors = 4;
inline constexpr std::size_t dense_step_vectors = step_vectors;

// The validating loop loads each vector's 1st to 3rd predecessors 1 to 3
// bytes back, where a shift would take one vext each.
inline constexpr bool validation_loads_predecessors = true;

#include <utf8view/detail/simd/vector_validation.ipp>

}  // namespace utf8view::detail::simd::neon

#include <utf8view/detail/epilogue.hpp>

#endif  // UTF8VIEW_SIMD_NEON

#endif  // UTF8VIEW_DETAIL_SIMD_NEON_HPP
