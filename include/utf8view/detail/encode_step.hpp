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
#include <utf8view/unicode.hpp>

#include <array>
#include <cstdint>
#include <type_traits>

namespace utf8view::detail {

// The UTF-8 form of one scalar value: `length` bytes (1..4) in `bytes`.
struct encoded_sequence {
    std::array<unsigned char, 4> bytes = {};
    std::uint8_t length = 0;
};

// Table 3-6: the bits of the scalar value spread over 1 to 4 bytes.
// Precondition: is_scalar_value(code_point).
[[nodiscard]] constexpr encoded_sequence encode_scalar(char32_t code_point) noexcept
{
    UTF8VIEW_ASSERT(is_scalar_value(code_point));
    encoded_sequence out;
    if (code_point < 0x80) {
        out.bytes[0] = static_cast<unsigned char>(code_point);
        out.length = 1;
    }
    else if (code_point < 0x800) {
        out.bytes[0] = static_cast<unsigned char>(0xC0u | (code_point >> 6));
        out.bytes[1] = static_cast<unsigned char>(0x80u | (code_point & 0x3Fu));
        out.length = 2;
    }
    else if (code_point < 0x10000) {
        out.bytes[0] = static_cast<unsigned char>(0xE0u | (code_point >> 12));
        out.bytes[1] = static_cast<unsigned char>(0x80u | ((code_point >> 6) & 0x3Fu));
        out.bytes[2] = static_cast<unsigned char>(0x80u | (code_point & 0x3Fu));
        out.length = 3;
    }
    else {
        out.bytes[0] = static_cast<unsigned char>(0xF0u | (code_point >> 18));
        out.bytes[1] = static_cast<unsigned char>(0x80u | ((code_point >> 12) & 0x3Fu));
        out.bytes[2] = static_cast<unsigned char>(0x80u | ((code_point >> 6) & 0x3Fu));
        out.bytes[3] = static_cast<unsigned char>(0x80u | (code_point & 0x3Fu));
        out.length = 4;
    }
    return out;
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
    if (magnitude > 0x10FFFFu) return static_cast<std::uint8_t>(error_kind::out_of_range);
    if (magnitude >= 0xD800u && magnitude <= 0xDFFFu) return static_cast<std::uint8_t>(error_kind::surrogate);
    return 0;
}

// `value` as a signed 64-bit integer, for encode_error_info::value.
template <code_point_type T>
[[nodiscard]] constexpr std::int64_t to_int64(T value) noexcept
{
    if constexpr (std::is_signed_v<T>) return static_cast<std::int64_t>(value);
    else return static_cast<std::int64_t>(static_cast<std::uint64_t>(value));
}

}  // namespace utf8view::detail

#endif  // UTF8VIEW_DETAIL_ENCODE_STEP_HPP
