// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at https://www.boost.org/LICENSE_1_0.txt)

/// \file
/// The text that <utf8view/io.hpp> (`operator<<`, `std::formatter`) and
/// <utf8view/ext/fmt.hpp> (`fmt::formatter`) print for the error types of
/// <utf8view/error.hpp>, built once here so that the three always agree.
/// The text is built in a fixed buffer, without allocating; the formats are
/// documented in <utf8view/io.hpp>.

#ifndef UTF8VIEW_DETAIL_ERROR_TEXT_HPP
#define UTF8VIEW_DETAIL_ERROR_TEXT_HPP

#include <utf8view/config.hpp>
#include <utf8view/error.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include <utf8view/detail/prologue.hpp>

namespace utf8view::detail {

// A short ASCII text in a buffer of its own. `capacity` holds the longest
// text of any of the four types with room to spare (the longest kind name,
// 28 characters, two 64-bit numbers of at most 20 characters each and the
// words between them: under 100); appending past it would drop characters,
// which no input can cause.
class error_text {
public:
    static constexpr std::size_t capacity = 128;

    [[nodiscard]] constexpr std::string_view view() const noexcept { return {chars_.data(), size_}; }

    constexpr error_text& append(std::string_view text) noexcept
    {
        for (const char c : text) push(c);
        return *this;
    }

    // `value` in decimal, without separators.
    constexpr error_text& append_decimal(std::uint64_t value) noexcept
    {
        std::array<char, 20> reversed{};  // 2^64 - 1 has 20 digits
        std::size_t digits = 0;
        do {
            reversed[digits++] = static_cast<char>('0' + value % 10);
            value /= 10;
        } while (value != 0);
        while (digits != 0) push(reversed[--digits]);
        return *this;
    }

    // `value` in hexadecimal, upper-case digits, zero-padded to at least
    // `min_digits` (at most 16) digits; no prefix.
    constexpr error_text& append_hex(std::uint64_t value, std::size_t min_digits) noexcept
    {
        std::array<char, 16> reversed{};  // 2^64 - 1 has 16 hexadecimal digits
        std::size_t digits = 0;
        do {
            const auto digit = static_cast<unsigned>(value % 16);
            reversed[digits++] = static_cast<char>(digit < 10 ? '0' + digit : 'A' + (digit - 10));
            value /= 16;
        } while (value != 0);
        while (digits < min_digits && digits < reversed.size()) reversed[digits++] = '0';
        while (digits != 0) push(reversed[--digits]);
        return *this;
    }

private:
    constexpr void push(char c) noexcept
    {
        if (size_ < capacity) chars_[size_++] = c;
    }

    std::array<char, capacity> chars_{};
    std::size_t size_ = 0;
};

// "overlong", or "unknown(<value in decimal>)" outside the enumeration.
[[nodiscard]] constexpr error_text describe_error(error_kind kind) noexcept
{
    error_text text;
    const std::string_view name = to_string(kind);  // "unknown" outside the enumeration
    if (name != "unknown") text.append(name);
    else text.append("unknown(").append_decimal(static_cast<std::uint8_t>(kind)).append(")");
    return text;
}

// The unit an offset or a length of UTF-8 (bytes) or UTF-16 (code units)
// input counts in, told by the kind: `unpaired_surrogate` is UTF-16's only
// error, and UTF-8 never reports it.
[[nodiscard]] constexpr bool counts_code_units(error_kind kind) noexcept
{
    return kind == error_kind::unpaired_surrogate;
}

// "overlong at byte offset 12, 2 bytes";
// "unpaired_surrogate at code unit offset 7, 1 code unit".
[[nodiscard]] constexpr error_text describe_error(const decode_error_info& info) noexcept
{
    const bool code_units = counts_code_units(info.kind);
    error_text text = describe_error(info.kind);
    text.append(code_units ? " at code unit offset " : " at byte offset ")
        .append_decimal(info.offset)
        .append(", ")
        .append_decimal(info.length);
    if (code_units) text.append(info.length == 1 ? " code unit" : " code units");
    else text.append(info.length == 1 ? " byte" : " bytes");
    return text;
}

// "surrogate U+D800 at code point offset 3"; the value as U+XXXX (4 to 6
// digits) when it is a code point (0..10FFFF), else as 0x110000 or -0x1.
[[nodiscard]] constexpr error_text describe_error(const encode_error_info& info) noexcept
{
    error_text text = describe_error(info.kind);
    text.append(" ");
    if (info.value >= 0 && info.value <= 0x10FFFF) {
        text.append("U+").append_hex(static_cast<std::uint64_t>(info.value), 4);
    }
    else if (info.value > 0) {
        text.append("0x").append_hex(static_cast<std::uint64_t>(info.value), 1);
    }
    else {
        // The magnitude in unsigned arithmetic, exact for INT64_MIN too.
        text.append("-0x").append_hex(std::uint64_t{0} - static_cast<std::uint64_t>(info.value), 1);
    }
    text.append(" at code point offset ").append_decimal(info.offset);
    return text;
}

// "valid (12 code units)"; "overlong at byte offset 12";
// "unpaired_surrogate at code unit offset 7".
[[nodiscard]] constexpr error_text describe_error(const validation_result& result) noexcept
{
    if (!result.kind) {
        error_text text;
        text.append("valid (")
            .append_decimal(result.offset)
            .append(result.offset == 1 ? " code unit)" : " code units)");
        return text;
    }
    error_text text = describe_error(*result.kind);
    text.append(counts_code_units(*result.kind) ? " at code unit offset " : " at byte offset ")
        .append_decimal(result.offset);
    return text;
}

}  // namespace utf8view::detail

#include <utf8view/detail/epilogue.hpp>

#endif  // UTF8VIEW_DETAIL_ERROR_TEXT_HPP
