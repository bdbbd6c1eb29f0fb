// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.

// What the kernel tests (detail/simd_kernels.cpp with Boost.Test,
// detail/simd_neon.cpp with a plain main() for qemu-user) share: the
// reference they compare every kernel with, and the vector part of each SIMD
// kernel compiled in (block_prefix) with the contract it is checked against.
// No Boost here.

#ifndef UTF8VIEW_TEST_SUPPORT_SIMD_VECTOR_PARTS_HPP
#define UTF8VIEW_TEST_SUPPORT_SIMD_VECTOR_PARTS_HPP

#include <utf8view/detail/dispatch.hpp>

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace utf8view_test {

// The reference: the plain decode_segment loop, no kernel involved (the
// conformance tests check decode_segment against the Unicode Standard).
inline utf8view::validation_result reference_validation(const unsigned char* p, std::size_t n)
{
    return utf8view::detail::validate_segments(p, p + n);
}

// The vector part of a SIMD kernel.
struct vector_part {
    std::string_view name;  // the kernel's name
    std::size_t (*block_prefix)(const unsigned char*, std::size_t) noexcept;
    std::size_t block_bytes;
};

// Those compiled in. The last entry, with no function, keeps the array
// non-empty under UTF8VIEW_NO_SIMD and on other architectures.
inline constexpr vector_part vector_parts[] = {
#if defined(UTF8VIEW_SIMD_X86)
    {"avx512", &utf8view::detail::simd::avx512::block_prefix, utf8view::detail::simd::avx512::block_bytes},
    {"avx2", &utf8view::detail::simd::avx2::block_prefix, utf8view::detail::simd::avx2::block_bytes},
    {"sse", &utf8view::detail::simd::sse::block_prefix, utf8view::detail::simd::sse::block_bytes},
#endif
#if defined(UTF8VIEW_SIMD_NEON)
    {"neon", &utf8view::detail::simd::neon::block_prefix, utf8view::detail::simd::neon::block_bytes},
#endif
    {"", nullptr, 1},
};

// The vector part of the kernel called `name`; nullptr if it has none.
inline const vector_part* vector_part_of(std::string_view name)
{
    for (const vector_part& v : vector_parts)
        if (v.block_prefix != nullptr && v.name == name) return &v;
    return nullptr;
}

// block_prefix(p, n) and how it breaks its contract, given the reference
// result on p[0, n): it must accept whole blocks only, every whole block of
// valid input (no false alarm sends valid text to the scalar code), and no
// block holding the byte that makes the input ill-formed (at most 3 bytes
// after the maximal subpart's start, unless the input ends first).
struct block_prefix_outcome {
    std::size_t accepted = 0;
    std::vector<std::string> problems;  // empty if it kept the contract
};

inline block_prefix_outcome check_block_prefix(const vector_part& v, const unsigned char* p, std::size_t n,
                                               const utf8view::validation_result& expected)
{
    block_prefix_outcome out;
    out.accepted = v.block_prefix(p, n);
    const std::size_t accepted = out.accepted;
    if (accepted % v.block_bytes != 0 || accepted > n)
        out.problems.push_back("block_prefix " + std::to_string(accepted) + " is not a whole number of blocks");
    if (expected.valid() && accepted != n - n % v.block_bytes)
        out.problems.push_back("block_prefix rejected valid input from byte " + std::to_string(accepted));
    if (!expected.valid() && expected.offset + 3 < n && accepted > expected.offset + 3)
        out.problems.push_back("block_prefix accepted " + std::to_string(accepted) + " bytes past the error");
    return out;
}

}  // namespace utf8view_test

#endif  // UTF8VIEW_TEST_SUPPORT_SIMD_VECTOR_PARTS_HPP
