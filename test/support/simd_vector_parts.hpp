// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.

// What the kernel tests (detail/simd_kernels.cpp with Boost.Test,
// detail/simd_neon.cpp with a plain main() for qemu-user) share: the
// reference they compare every kernel with, the contract of each kernel's
// accepted_prefix and copy_accepted_prefix, and the vector part of each SIMD
// kernel compiled in (block_prefix) with the contract it is checked against.
// No Boost here.

#ifndef UTF8VIEW_TEST_SUPPORT_SIMD_VECTOR_PARTS_HPP
#define UTF8VIEW_TEST_SUPPORT_SIMD_VECTOR_PARTS_HPP

#include <utf8view/detail/dispatch.hpp>

#include <algorithm>
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

// How a kernel's accepted_prefix and copy_accepted_prefix break their
// contract on p[0, n), given the reference result: the accepted prefix
// (what the bulk loops copy or transcode without a check) holds no more
// than an unfinished sequence at its end, so the segment its last byte
// belongs to starts at or before the first error; copy_accepted_prefix
// accepts the same prefix and copies its start exactly, stopping at least
// 4 bytes short of its end, with nothing left written after that (0xFF, never
// in a block a kernel accepts, fills the rest of the output). And it stops
// no more than a few bytes before the error (where the bulk loops hand
// over to the checked decoder): where the error's maximal subpart and the 3
// bytes after it lie in whole 64-byte blocks, the byte that shows it (at
// most 3 past the subpart's start) is in the vector code's reach, and the
// accepted prefix reaches the subpart. Empty if it kept the contract.
inline std::vector<std::string> check_accepted_prefix(const utf8view::detail::kernel& k, const unsigned char* p,
                                                      std::size_t n, const utf8view::validation_result& expected)
{
    std::vector<std::string> problems;
    const std::size_t accepted = k.accepted_prefix(p, n);
    if (accepted > n) problems.push_back("accepted_prefix " + std::to_string(accepted) + " > size");
    else if (accepted != 0) {
        std::size_t start = accepted - 1;  // back over continuation bytes, at most 3
        while (start != 0 && accepted - start < 4 && (p[start] & 0xC0) == 0x80) --start;
        if (!expected.valid() && start > expected.offset)
            problems.push_back("accepted_prefix " + std::to_string(accepted) + " goes past the error");
    }
    if (!expected.valid() && accepted < expected.offset && expected.offset + 4 <= n - n % 64)
        problems.push_back("accepted_prefix " + std::to_string(accepted) + " stops short of the error at " +
                           std::to_string(expected.offset));
    static thread_local std::vector<unsigned char> copy;  // reused: called for every input of the tests
    copy.assign(n + 64, 0xFF);
    const utf8view::detail::prefix_copy copied = k.copy_accepted_prefix(p, n, copy.data());
    if (copied.accepted != accepted)
        problems.push_back("copy_accepted_prefix accepted " + std::to_string(copied.accepted) + ", accepted_prefix " +
                           std::to_string(accepted));
    if (copied.copied != 0 && copied.copied + 4 > copied.accepted)
        problems.push_back("copy_accepted_prefix copied " + std::to_string(copied.copied) + " of " +
                           std::to_string(copied.accepted) + " accepted bytes: less than 4 held back");
    else if (!std::equal(p, p + copied.copied, copy.begin()))
        problems.push_back("copy_accepted_prefix: the copy differs from the input");
    else if (std::any_of(copy.begin() + static_cast<std::ptrdiff_t>(copied.copied), copy.end(),
                         [](unsigned char byte) { return byte != 0xFF; }))
        problems.push_back("copy_accepted_prefix wrote past the " + std::to_string(copied.copied) + " bytes it copied");
    return problems;
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
    {"avx512vbmi", &utf8view::detail::simd::avx512_vbmi::block_prefix,
     utf8view::detail::simd::avx512_vbmi::block_bytes},
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
