// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at https://www.boost.org/LICENSE_1_0.txt)

/// \file
/// The 64-byte vector of the AVX-512 validation kernels (avx512.hpp), in
/// the shape detail/simd/vector_validation.ipp asks for. Not a header of its
/// own: avx512.hpp includes it in each of its two kernels' namespaces and
/// target regions, after defining `byte_permute`: true where the region
/// enables VBMI, whose byte permute (vpermb) looks nibbles up without
/// masking them first.

// Deliberately no include guard: included once in each kernel's namespace.

// One 64-byte vector, for the algorithm of vector_validation.ipp.
struct vector {
    static constexpr std::size_t bytes = 64;
    __m512i native;
};

UTF8VIEW_ALWAYS_INLINE inline vector operator&(vector a, vector b) noexcept
{
    return {_mm512_and_si512(a.native, b.native)};
}

UTF8VIEW_ALWAYS_INLINE inline vector operator|(vector a, vector b) noexcept
{
    return {_mm512_or_si512(a.native, b.native)};
}

UTF8VIEW_ALWAYS_INLINE inline vector operator^(vector a, vector b) noexcept
{
    return {_mm512_xor_si512(a.native, b.native)};
}

UTF8VIEW_ALWAYS_INLINE inline vector load(const unsigned char* p) noexcept
{
    return {_mm512_loadu_si512(p)};
}

UTF8VIEW_ALWAYS_INLINE inline void store(unsigned char* p, vector v) noexcept
{
    _mm512_storeu_si512(p, v.native);
}

UTF8VIEW_ALWAYS_INLINE inline vector splat(unsigned char byte) noexcept
{
    return {_mm512_set1_epi8(static_cast<char>(byte))};
}

UTF8VIEW_ALWAYS_INLINE inline __m128i load_16(const unsigned char (&table)[16]) noexcept
{
    return _mm_loadu_si128(reinterpret_cast<const __m128i*>(table));
}

UTF8VIEW_ALWAYS_INLINE inline vector table_in_each_lane(const unsigned char (&table)[16]) noexcept
{
    return {_mm512_broadcast_i32x4(load_16(table))};
}

UTF8VIEW_ALWAYS_INLINE inline vector table_in_last_lane(const unsigned char (&table)[16]) noexcept
{
    return {_mm512_inserti32x4(_mm512_set1_epi8(static_cast<char>(0xFF)), load_16(table), 3)};
}

// table[nibble]. vpshufb looks up within each 128-bit lane, by the low 4
// bits of an index whose bit 7 is clear (else it gives 0): the nibbles are
// masked to 4 bits. vpermb (VBMI) looks up across the vector by the low 6
// bits of the index and ignores the others; the 64-byte table is the
// 16-byte one in each lane, so bits 4 and 5 do not matter either, and the
// nibbles need no masking: three ANDs fewer per vector, of the check's 19
// instructions.
UTF8VIEW_ALWAYS_INLINE inline vector look_up(vector table, vector nibbles) noexcept
{
    if constexpr (byte_permute) return {_mm512_permutexvar_epi8(nibbles.native, table.native)};
    return {_mm512_shuffle_epi8(table.native, nibbles.native)};
}

// Each byte's high nibble in its low 4 bits; with vpermb, bits 4 to 7 hold
// whatever the 16-bit shift brought in from the next byte.
UTF8VIEW_ALWAYS_INLINE inline vector high_nibbles(vector v) noexcept
{
    const vector shifted{_mm512_srli_epi16(v.native, 4)};
    if constexpr (byte_permute) return shifted;
    return shifted & splat(0x0F);
}

// Each byte's low nibble in its low 4 bits; with vpermb, the byte as it is.
UTF8VIEW_ALWAYS_INLINE inline vector low_nibbles(vector v) noexcept
{
    if constexpr (byte_permute) return v;
    return v & splat(0x0F);
}

// Each byte's N-th predecessor. vpalignr shifts within 128-bit lanes: pair
// each lane of `current` with the lane before it. valignq by 6 quadwords
// gives (last lane of `previous`, lanes 0..2 of `current`).
template <int N>
UTF8VIEW_ALWAYS_INLINE inline vector earlier_bytes(vector current, vector previous) noexcept
{
    const __m512i lane_before = _mm512_alignr_epi64(current.native, previous.native, 6);
    return {_mm512_alignr_epi8(current.native, lane_before, 16 - N)};
}

UTF8VIEW_ALWAYS_INLINE inline vector saturating_subtract(vector a, vector b) noexcept
{
    return {_mm512_subs_epu8(a.native, b.native)};
}

UTF8VIEW_ALWAYS_INLINE inline bool is_ascii(vector v) noexcept
{
    return _mm512_movepi8_mask(v.native) == 0;
}

UTF8VIEW_ALWAYS_INLINE inline bool is_zero(vector v) noexcept
{
    return _mm512_test_epi8_mask(v.native, v.native) == 0;
}

UTF8VIEW_ALWAYS_INLINE inline std::size_t first_nonzero_byte(vector v) noexcept
{
    const std::uint64_t nonzero = _mm512_test_epi8_mask(v.native, v.native);
    return static_cast<std::size_t>(std::countr_zero(nonzero));  // 64 if none
}

// Two vectors, two blocks, per step; four per step inside non-ASCII text
// (one error test and one ASCII test for the four). On AMD Zen 4, with the
// shifts below, the validating loop over non-ASCII text in the L2 cache ran
// 1.1 times as fast with four per step as with two (1.4 times as fast as
// with one; with eight, 0.95 times); but four per step throughout made it
// 0.65 times as fast over Latin text, mostly ASCII, whose steps then held a
// non-ASCII byte twice as often.
inline constexpr std::size_t step_vectors = 2;
inline constexpr std::size_t dense_step_vectors = 4;

// The validating loop shifts each vector's 1st to 3rd predecessors in from
// the vector before (earlier_bytes), rather than loading them 1 to 3 bytes
// back: each of those loads splits across two cache lines, and over text
// read from memory rather than from the caches (a 64 MiB buffer) they
// halved the loop's speed (12 GB/s against 25 shifting, on AMD Zen 4); in
// the L2 cache they were 7% faster.
inline constexpr bool validation_loads_predecessors = false;
