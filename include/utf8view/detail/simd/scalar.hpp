// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at https://www.boost.org/LICENSE_1_0.txt)

/// \file
/// The scalar validation kernel: the reference the SIMD kernels are tested
/// against, the one they hand over to wherever a block is not known valid,
/// and the only one under UTF8VIEW_NO_SIMD. Every kernel returns a
/// `validation_result` (<utf8view/error.hpp>).

#ifndef UTF8VIEW_DETAIL_SIMD_SCALAR_HPP
#define UTF8VIEW_DETAIL_SIMD_SCALAR_HPP

#include <utf8view/config.hpp>
#include <utf8view/detail/decode_step.hpp>
#include <utf8view/error.hpp>

#include <cstddef>
#include <cstdint>
#include <optional>

#include <utf8view/detail/prologue.hpp>

namespace utf8view {

namespace detail {

// The scalar loop over any iterator pair: decode_segment until the first
// ill-formed segment. Constexpr; used in constant evaluation, for short
// inputs and for ranges that are not contiguous. `offset` counts the bytes
// consumed before `it`.
template <class I, class S>  // an input iterator and its sentinel
[[nodiscard]] constexpr validation_result validate_segments(I it, const S& last, std::size_t offset = 0)
{
    while (it != last) {
        const segment decoded = decode_segment(it, last);
        if (!decoded.well_formed()) return {decoded.kind(), offset};
        offset += decoded.length;
    }
    return {std::nullopt, offset};
}

// What a kernel's copy_accepted_prefix did: the length of the prefix it
// accepted (as accepted_prefix), and how much of it, from the start, it
// copied to the output (0 if it copies nothing; never more than the
// accepted prefix less its last 4 bytes, so never into its last segment,
// which starts at most 3 bytes before its end).
struct prefix_copy {
    std::size_t accepted = 0;
    std::size_t copied = 0;
};

}  // namespace detail

namespace detail::simd::scalar {

// Bytes in the word-at-a-time ASCII test.
inline constexpr std::size_t ascii_stride = 16;

// Validates p[start, n), where `start` is a segment boundary and p[0, start)
// is known valid, and reports offsets from `p`. The SIMD kernels call this
// for their tail and wherever a block is not known valid.
inline validation_result validate_from(const unsigned char* p, std::size_t n, std::size_t start) noexcept
{
    const unsigned char* const last = p + n;
    std::size_t i = start;
    while (n - i >= ascii_stride) {
        // 16 bytes at once.
        if (is_ascii_word(load_word(p + i) | load_word(p + i + 8))) {
            i += ascii_stride;
            continue;
        }
        // Not all ASCII: decode segments until past these 16 bytes (a
        // segment may end up to 3 bytes beyond them; decoding stops at `last`).
        const std::size_t stop = i + ascii_stride;
        while (i < stop) {
            if (p[i] < 0x80) {
                ++i;
                continue;
            }
            const unsigned char* next = p + i;
            const segment decoded = decode_segment(next, last);
            if (!decoded.well_formed()) return {decoded.kind(), i};
            i += decoded.length;
        }
    }
    return validate_segments(p + i, last, i);
}

// The scalar kernel (same signature as every detail::simd::<isa>::validate).
inline validation_result validate(const unsigned char* p, std::size_t n) noexcept
{
    return validate_from(p, n, 0);
}

// The scalar kernel's accepted prefix (as the vector kernels' block_prefix,
// for the bulk loops): everything before the first error.
inline std::size_t accepted_prefix(const unsigned char* p, std::size_t n) noexcept
{
    return validate_from(p, n, 0).offset;
}

// The start of the segment that holds the byte before `end`, when every
// check of the bytes before `end` passed: then p[0, end) is well-formed
// UTF-8 except perhaps for an unfinished sequence at its end, whose lead
// byte is at most 3 bytes back. A SIMD kernel restarts the scalar decoder
// there, so that an error that began in the bytes it accepted (a sequence
// cut by the first byte of the next block) is reported where it begins.
[[nodiscard]] inline std::size_t restart_offset(const unsigned char* p, std::size_t end) noexcept
{
    if (end == 0) return 0;
    return static_cast<std::size_t>(segment_start(p, p + (end - 1)) - p);
}

}  // namespace detail::simd::scalar

}  // namespace utf8view

#include <utf8view/detail/epilogue.hpp>

#endif  // UTF8VIEW_DETAIL_SIMD_SCALAR_HPP
