// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at https://www.boost.org/LICENSE_1_0.txt)

/// \file
/// THE UTF-8 encoder of one scalar value (Unicode ch. 3, Table 3-6), and the
/// check that a value of any integer type is a scalar value.

#ifndef UTF8VIEW_DETAIL_ENCODE_STEP_HPP
#define UTF8VIEW_DETAIL_ENCODE_STEP_HPP

#include <utf8view/config.hpp>
#include <utf8view/code_unit.hpp>
#include <utf8view/error.hpp>
#include <utf8view/error_policy.hpp>
#include <utf8view/unicode.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <type_traits>

#include <utf8view/detail/prologue.hpp>

namespace utf8view::detail {

// The UTF-8 form of one scalar value: `length` bytes (1..4) in `bytes`.
struct encoded_sequence {
    std::array<unsigned char, 4> bytes = {};
    std::uint8_t length = 0;
};

// The same in one word: byte i of the sequence in bits 8i..8i+7, so that an
// iterator keeps it in a register.
struct packed_sequence {
    std::uint32_t units = 0;
    std::uint8_t length = 0;
};

// Unicode 15.0 ch. 3, Table 3-6: the bits of a scalar value `c` spread over
// 2, 3 or 4 bytes (the lead byte's marker bits, then 6 bits per continuation
// byte), packed: byte i of the sequence in bits 8i..8i+7. The only place in
// the scalar code where utf8view assembles UTF-8 bytes from a value (the
// vector transcoders carry the same rule in their own form).
// Precondition: `c` needs that many bytes (0x80..0x7FF, 0x800..0xFFFF
// without the surrogates, 0x10000..0x10FFFF).
[[nodiscard]] UTF8VIEW_ALWAYS_INLINE constexpr std::uint32_t continuation_bits(std::uint32_t c, int shift) noexcept
{
    return 0x80u | ((c >> shift) & 0x3Fu);
}
[[nodiscard]] UTF8VIEW_ALWAYS_INLINE constexpr std::uint32_t pack_two_bytes(std::uint32_t c) noexcept
{
    return (0xC0u | (c >> 6)) | continuation_bits(c, 0) << 8;
}
[[nodiscard]] UTF8VIEW_ALWAYS_INLINE constexpr std::uint32_t pack_three_bytes(std::uint32_t c) noexcept
{
    return (0xE0u | (c >> 12)) | continuation_bits(c, 6) << 8 | continuation_bits(c, 0) << 16;
}
[[nodiscard]] UTF8VIEW_ALWAYS_INLINE constexpr std::uint32_t pack_four_bytes(std::uint32_t c) noexcept
{
    return (0xF0u | (c >> 18)) | continuation_bits(c, 12) << 8 | continuation_bits(c, 6) << 16 |
           continuation_bits(c, 0) << 24;
}

// Writes the first `Length` bytes of a packed sequence at `to`.
template <int Length>
UTF8VIEW_ALWAYS_INLINE constexpr void store_packed(unsigned char* to, std::uint32_t units) noexcept
{
    for (int index = 0; index < Length; ++index) to[index] = static_cast<unsigned char>(units >> (8 * index));
}

// Table 3-6: the scalar value as 1 to 4 bytes, packed.
// Precondition: is_scalar_value(code_point).
[[nodiscard]] UTF8VIEW_ALWAYS_INLINE constexpr packed_sequence encode_scalar_packed(char32_t code_point) noexcept
{
    UTF8VIEW_ASSERT(is_scalar_value(code_point));
    const std::uint32_t c = code_point;
    if (c < 0x80) return {c, 1};
    if (c < 0x800) return {pack_two_bytes(c), 2};
    if (c < 0x10000) return {pack_three_bytes(c), 3};
    return {pack_four_bytes(c), 4};
}

// A sequence in one word with an end marker: byte i of the sequence in
// bits 8i..8i+7 and a 1 bit just above the last byte (bit 8 * length), so
// the word alone tells the length, and is never 0. An iterator shifts it
// right by 8 per byte: the byte in the low 8 bits is the last one exactly
// when the word is below 0x200.
[[nodiscard]] constexpr std::uint64_t with_end_marker(const packed_sequence& sequence) noexcept
{
    return sequence.units | std::uint64_t{1} << (8 * sequence.length);
}

// How many bytes a word with an end marker holds (0 for the word 0).
[[nodiscard]] constexpr int marked_length(std::uint64_t word) noexcept
{
    return word >= 0x1'0000'0000u ? 4 : word >= 0x100'0000u ? 3 : word >= 0x1'0000u ? 2 : word != 0 ? 1 : 0;
}

// Checks and encodes any code point value in one pass: `units` is the
// Table 3-6 form of a scalar value with its end marker and `error` is 0, or
// `units` is 0 and `error` the error kind of a value that is not a scalar
// value (a surrogate, a value above U+10FFFF, a negative value). The tests
// are ordered by how often text needs them: ASCII, then 2 bytes, then 3,
// and only then the rare errors, so that a 2-byte character takes two
// comparisons (Unicode 15.0, ch. 3, D76, Table 3-6).
struct marked_sequence {
    std::uint64_t units = 0;
    std::uint8_t error = 0;
};

template <code_point_type T>
[[nodiscard]] UTF8VIEW_ALWAYS_INLINE constexpr marked_sequence encode_value_marked(T value) noexcept
{
    // A negative value becomes a magnitude above 0x10FFFF: out of range.
    const auto magnitude = static_cast<std::make_unsigned_t<std::remove_cv_t<T>>>(value);
    const auto c = static_cast<std::uint32_t>(magnitude);  // exact wherever it is used: below 0x110000
    if (magnitude < 0x80u) return {c | 0x100u, 0};
    if (magnitude < 0x800u) return {pack_two_bytes(c) | 0x1'0000u, 0};
    if (magnitude < 0x10000u) {
        if (is_surrogate(static_cast<char32_t>(c))) return {0, static_cast<std::uint8_t>(error_kind::surrogate)};
        return {pack_three_bytes(c) | 0x100'0000u, 0};
    }
    if (magnitude > max_code_point) return {0, static_cast<std::uint8_t>(error_kind::out_of_range)};
    return {std::uint64_t{pack_four_bytes(c)} | 0x1'0000'0000u, 0};
}

// A packed sequence as bytes.
[[nodiscard]] constexpr encoded_sequence unpack(const packed_sequence& packed) noexcept
{
    encoded_sequence out;
    for (std::uint8_t index = 0; index < packed.length; ++index)
        out.bytes[index] = static_cast<unsigned char>(packed.units >> (8 * index));
    out.length = packed.length;
    return out;
}

// Table 3-6 as bytes. Precondition: is_scalar_value(code_point).
[[nodiscard]] constexpr encoded_sequence encode_scalar(char32_t code_point) noexcept
{
    return unpack(encode_scalar_packed(code_point));
}

// 0 if `value` is a Unicode scalar value (D76), else the error kind:
// surrogate for U+D800..U+DFFF, out_of_range for negative values and values
// above U+10FFFF. Compares in the value's own type, so that no wide value is
// truncated into range.
template <code_point_type T>
[[nodiscard]] constexpr std::uint8_t scalar_value_error(T value) noexcept
{
    if constexpr (std::is_signed_v<T>) {
        if (value < 0) return static_cast<std::uint8_t>(error_kind::out_of_range);
    }
    using unsigned_type = std::make_unsigned_t<std::remove_cv_t<T>>;
    const auto magnitude = static_cast<unsigned_type>(value);
    if (magnitude > max_code_point) return static_cast<std::uint8_t>(error_kind::out_of_range);
    if (is_surrogate(static_cast<char32_t>(magnitude))) return static_cast<std::uint8_t>(error_kind::surrogate);
    return 0;
}

// `value` as a signed 64-bit integer, for encode_error_info::value.
template <code_point_type T>
[[nodiscard]] constexpr std::int64_t to_int64(T value) noexcept
{
    if constexpr (std::is_signed_v<T>) return static_cast<std::int64_t>(value);
    else return static_cast<std::int64_t>(static_cast<std::uint64_t>(value));
}

// Asks `policy` about `value`, which is not a scalar value (`error`: its
// error kind, from scalar_value_error), at code point offset `offset`: the
// one place an encoder tells a policy about a value. Returns the scalar
// value to write instead (ask_policy turns any answer into one), or
// nullopt to drop it.
template <class Policy, code_point_type T>
[[nodiscard]] constexpr std::optional<char32_t> encode_replacement(Policy& policy, std::uint8_t error, T value,
                                                                   std::size_t offset)
{
    return ask_policy(policy, encode_error_info{static_cast<error_kind>(error), offset, to_int64(value)});
}

// encode_replacement's answer as UTF-8, packed (length 0: dropped).
template <class Policy, code_point_type T>
[[nodiscard]] constexpr packed_sequence packed_replacement(Policy& policy, std::uint8_t error, T value,
                                                           std::size_t offset)
{
    if (const auto replacement = encode_replacement(policy, error, value, offset))
        return encode_scalar_packed(*replacement);
    return {};
}

}  // namespace utf8view::detail

#include <utf8view/detail/epilogue.hpp>

#endif  // UTF8VIEW_DETAIL_ENCODE_STEP_HPP
