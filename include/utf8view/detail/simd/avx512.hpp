// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at https://www.boost.org/LICENSE_1_0.txt)

/// \file
/// The AVX-512 validation kernels (x86-64): the algorithm of
/// detail/simd/vector_validation.ipp on 64-byte vectors, two per step and
/// four while the text stays non-ASCII, the vector type in
/// detail/simd/avx512_vector.ipp. Two kernels, compiled from the same code:
///   - `avx512`: needs AVX-512F and AVX-512BW (byte shuffles and byte masks
///     on 64-byte vectors; the shift across 128-bit lanes is an F
///     instruction, valignq);
///   - `avx512vbmi`: needs VBMI too, whose byte permute looks the nibbles
///     up without masking them (about 10% faster on AMD Zen 4).
/// Each is compiled for its set in a target region, so users need no -m
/// flag; the dispatcher calls one only where the CPU has its set and the OS
/// saves the ZMM and mask registers.

#ifndef UTF8VIEW_DETAIL_SIMD_AVX512_HPP
#define UTF8VIEW_DETAIL_SIMD_AVX512_HPP

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

UTF8VIEW_BEGIN_AVX512_REGION("avx512f,avx512bw")

namespace utf8view::detail::simd::avx512 {

// AVX-512F and AVX-512BW only (Skylake-SP and later): vpshufb lookups.
inline constexpr bool byte_permute = false;

#include <utf8view/detail/simd/avx512_vector.ipp>
#include <utf8view/detail/simd/vector_validation.ipp>

}  // namespace utf8view::detail::simd::avx512

UTF8VIEW_END_AVX512_REGION

UTF8VIEW_BEGIN_AVX512_REGION("avx512f,avx512bw,avx512vbmi")

namespace utf8view::detail::simd::avx512_vbmi {

// With VBMI too (Ice Lake, AMD Zen 4 and later): vpermb lookups.
inline constexpr bool byte_permute = true;

#include <utf8view/detail/simd/avx512_vector.ipp>
#include <utf8view/detail/simd/vector_validation.ipp>

}  // namespace utf8view::detail::simd::avx512_vbmi

UTF8VIEW_END_AVX512_REGION

#include <utf8view/detail/epilogue.hpp>

#endif  // UTF8VIEW_SIMD_X86

#endif  // UTF8VIEW_DETAIL_SIMD_AVX512_HPP
