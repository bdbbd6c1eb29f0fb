// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at https://www.boost.org/LICENSE_1_0.txt)

/// \file
/// The NEON validation kernel (AArch64 only): the lookup algorithm (Table 3-7
/// in nibble-class form: detail/simd/table_3_7_nibbles.hpp) on 16-byte vectors,
/// four per 64-byte block. Advanced SIMD is part of the AArch64 base
/// architecture, so no target attribute and no run-time check are needed.
/// Elsewhere this header declares nothing.

#ifndef UTF8VIEW_DETAIL_SIMD_NEON_HPP
#define UTF8VIEW_DETAIL_SIMD_NEON_HPP

#include <utf8view/config.hpp>
#include <utf8view/detail/cpu.hpp>
#include <utf8view/detail/simd/scalar.hpp>
#include <utf8view/detail/simd/table_3_7_nibbles.hpp>

#include <cstddef>

#if defined(UTF8VIEW_SIMD_NEON)

#include <arm_neon.h>

namespace utf8view::detail::simd::neon {

// Bytes checked per step; the error test and the early exit happen once
// per block. The last n % block_bytes bytes go to the scalar kernel.
inline constexpr std::size_t block_bytes = 64;

struct tables {
    uint8x16_t previous_high;
    uint8x16_t previous_low;
    uint8x16_t current_high;
    uint8x16_t unfinished_at_end;
};

inline tables load_tables() noexcept
{
    return {vld1q_u8(lookup::previous_high), vld1q_u8(lookup::previous_low), vld1q_u8(lookup::current_high),
            vld1q_u8(lookup::unfinished_at_end)};
}

// The error bytes of `current`, whose 16 bytes follow those of `previous`:
// non-zero where a byte is not allowed after the bytes before it.
inline uint8x16_t check(uint8x16_t current, uint8x16_t previous, const tables& t) noexcept
{
    // previous_1[i] is the byte before current[i], across the vector edge.
    const uint8x16_t previous_1 = vextq_u8(previous, current, 15);
    const uint8x16_t by_previous_high = vqtbl1q_u8(t.previous_high, vshrq_n_u8(previous_1, 4));
    const uint8x16_t by_previous_low = vqtbl1q_u8(t.previous_low, vandq_u8(previous_1, vdupq_n_u8(0x0F)));
    const uint8x16_t by_current_high = vqtbl1q_u8(t.current_high, vshrq_n_u8(current, 4));
    const uint8x16_t pair_errors = vandq_u8(vandq_u8(by_previous_high, by_previous_low), by_current_high);

    // Third and fourth bytes of 3- and 4-byte sequences (see sse.hpp).
    const uint8x16_t previous_2 = vextq_u8(previous, current, 14);
    const uint8x16_t previous_3 = vextq_u8(previous, current, 13);
    const uint8x16_t third = vqsubq_u8(previous_2, vdupq_n_u8(lookup::third_byte_threshold));
    const uint8x16_t fourth = vqsubq_u8(previous_3, vdupq_n_u8(lookup::fourth_byte_threshold));
    const uint8x16_t must_continue = vandq_u8(vorrq_u8(third, fourth), vdupq_n_u8(0x80));
    return veorq_u8(pair_errors, must_continue);
}

// As sse::block_prefix: the whole blocks at the start of p[0, n) in which
// the vector code found nothing wrong. Reads only whole blocks inside p[0, n).
inline std::size_t block_prefix(const unsigned char* p, std::size_t n) noexcept
{
    const tables t = load_tables();
    uint8x16_t previous = vdupq_n_u8(0);    // bytes before p: as if ASCII
    uint8x16_t unfinished = vdupq_n_u8(0);  // previous block ends inside a sequence
    std::size_t i = 0;
    for (; n - i >= block_bytes; i += block_bytes) {
        const uint8x16_t v0 = vld1q_u8(p + i);
        const uint8x16_t v1 = vld1q_u8(p + i + 16);
        const uint8x16_t v2 = vld1q_u8(p + i + 32);
        const uint8x16_t v3 = vld1q_u8(p + i + 48);
        const uint8x16_t any = vorrq_u8(vorrq_u8(v0, v1), vorrq_u8(v2, v3));
        uint8x16_t errors;
        if (vmaxvq_u8(any) < 0x80) {
            // All ASCII: fine unless the previous block left a sequence unfinished.
            errors = unfinished;
            unfinished = vdupq_n_u8(0);
        }
        else {
            errors = vorrq_u8(vorrq_u8(check(v0, previous, t), check(v1, v0, t)),
                              vorrq_u8(check(v2, v1, t), check(v3, v2, t)));
            unfinished = vqsubq_u8(v3, t.unfinished_at_end);
        }
        if (vmaxvq_u8(errors) != 0) break;
        previous = v3;
    }
    return i;
}

// The NEON kernel: exactly the scalar kernel's result (see scalar.hpp).
inline validation_result validate(const unsigned char* p, std::size_t n) noexcept
{
    const std::size_t accepted = block_prefix(p, n);
    return scalar::validate_from(p, n, scalar::restart_offset(p, accepted));
}

}  // namespace utf8view::detail::simd::neon

#endif  // UTF8VIEW_SIMD_NEON

#endif  // UTF8VIEW_DETAIL_SIMD_NEON_HPP
