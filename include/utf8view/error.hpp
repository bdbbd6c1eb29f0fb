// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at https://www.boost.org/LICENSE_1_0.txt)

/// \file
/// What can be wrong with UTF-8 input or with a code point to encode, where
/// `validate` found the first error (`validation_result`), the information
/// an error policy receives, and the exceptions `on_error::throw_exception`
/// throws.

#ifndef UTF8VIEW_ERROR_HPP
#define UTF8VIEW_ERROR_HPP

#include <utf8view/config.hpp>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include <utf8view/detail/prologue.hpp>

namespace utf8view {

/** The kind of an ill-formed UTF-8 maximal subpart, or of a value that is
    not a Unicode scalar value, judged from the first byte of the subpart
    (and, where Table 3-7 narrows the second byte, from that byte).

    Each kind, the first byte(s) of the maximal subpart when decoding, and
    the names P2728 (beman.utf_view) and simdutf give to it:

    - `truncated_sequence`: a valid prefix (`C2`, `E1 80`, `F0 9F 98`...)
      cut by a byte that is not a continuation byte, or by the end.
      P2728 `truncated_utf8_sequence`, simdutf `TOO_SHORT`.
    - `unexpected_continuation_byte`: 80..BF where a sequence must start.
      P2728 `unexpected_utf8_continuation_byte`, simdutf `TOO_LONG`.
    - `overlong`: C0, C1; E0 then 80..9F; F0 then 80..8F.
      P2728 `overlong` (see below), simdutf `OVERLONG`.
    - `surrogate`: ED then A0..BF (U+D800..U+DFFF).
      P2728 `encoded_surrogate`, simdutf `SURROGATE`.
    - `out_of_range`: F4 then 90..BF; F5..F7 (above U+10FFFF).
      P2728 `out_of_range` (see below), simdutf `TOO_LARGE`.
    - `invalid_lead_byte`: F8..FF.
      P2728 `invalid_utf8_leading_byte`, simdutf `HEADER_BITS`.

    - `unpaired_surrogate` (UTF-16 only): a high surrogate (D800..DBFF)
      not followed by a low one (DC00..DFFF), or a low surrogate not
      preceded by a high one: one code unit, whose offset counts code units.
      P2728 `unpaired_high_surrogate` and `unpaired_low_surrogate`, simdutf
      `SURROGATE`.

    The P2728 names do not map one to one: there the bytes C0, C1 and
    F5..F7 alone are `invalid_utf8_leading_byte`, where utf8view says what
    they would encode (`overlong`, `out_of_range`).

    Encoding uses `surrogate` (U+D800..U+DFFF) and `out_of_range` (above
    U+10FFFF, or negative).

    The enumerators are non-zero so that zero can mean "no error" in storage.

    @par Standard Unicode 15.0, ch. 3, Table 3-7 and §3.9 (maximal subparts);
    for UTF-16, D91 and Table 3-5. */
enum class error_kind : std::uint8_t {
    truncated_sequence = 1,
    unexpected_continuation_byte,
    overlong,
    surrogate,
    out_of_range,
    invalid_lead_byte,
    unpaired_surrogate,
};

/** The enumerator's name, e.g. `"overlong"`, or `"unknown"` for a value
    outside the enumeration. @par Complexity O(1). */
[[nodiscard]] constexpr std::string_view to_string(error_kind kind) noexcept
{
    switch (kind) {
    case error_kind::truncated_sequence: return "truncated_sequence";
    case error_kind::unexpected_continuation_byte: return "unexpected_continuation_byte";
    case error_kind::overlong: return "overlong";
    case error_kind::surrogate: return "surrogate";
    case error_kind::out_of_range: return "out_of_range";
    case error_kind::invalid_lead_byte: return "invalid_lead_byte";
    case error_kind::unpaired_surrogate: return "unpaired_surrogate";
    }
    return "unknown";
}

/** What `validate` found: the first ill-formed maximal subpart of a byte
    range, or that there is none.

    - `kind`: the `error_kind` of the first ill-formed maximal subpart, or
      `std::nullopt` if the range is well-formed UTF-8.
    - `offset`: in bytes from the start of the range: the first byte of that
      maximal subpart, or the size of the range if it is well-formed (the
      number of bytes that were found valid, either way).

    Both are exactly what `views::decode` with `on_error::throw_exception`
    reports in its `decode_error` (`kind()`, `offset()`).

    @par Header <utf8view/error.hpp>, also included by <utf8view/validate.hpp>
    @par Standard Unicode 15.0 ch. 3, Table 3-7 and §3.9 (maximal subparts). */
struct validation_result {
    std::optional<error_kind> kind;  ///< the first error, or nullopt if the input is valid
    std::size_t offset =
        0;  ///< code units (bytes; for validate_utf16, 16-bit code units) before the first error (all if valid)

    /** True if no error was found: the input is well-formed UTF-8 (for
        `validate_utf16`, well-formed UTF-16). O(1). */
    [[nodiscard]] constexpr bool valid() const noexcept { return !kind.has_value(); }

    /** True if both hold the same kind and offset. O(1). */
    [[nodiscard]] friend constexpr bool operator==(const validation_result&, const validation_result&) = default;
};

/** What a decoding error policy is told about one ill-formed maximal subpart.

    - `kind`: see `error_kind`.
    - `offset`: bytes from the start of the viewed byte range (of the
      stream, for `stream_decoder` and `stream_repairer`) to the first byte
      of the maximal subpart; 64 bits everywhere, as a stream can outgrow
      the address space. For UTF-16 input (`unpaired_surrogate`), code
      units from the start of the range to the surrogate.
    - `length`: bytes in the maximal subpart, 1 to 3 (for UTF-16 input, 1:
      the unpaired surrogate).

    @par Standard Unicode 15.0, ch. 3 §3.9, "U+FFFD Substitution of Maximal Subparts". */
struct decode_error_info {
    error_kind kind;
    std::uint64_t offset;
    std::uint8_t length;
};

/** What an encoding error policy is told about one value that is not a
    Unicode scalar value.

    - `kind`: `error_kind::surrogate` or `error_kind::out_of_range`.
    - `offset`: elements (code points) from the start of the viewed range to the bad value.
    - `value`: the bad value as a signed 64-bit integer (negative values keep
      their sign; an unsigned value above 2^63 - 1 wraps modulo 2^64).

    @par Standard Unicode 15.0, ch. 3 D76 (scalar value), C10. */
struct encode_error_info {
    error_kind kind;
    std::size_t offset;
    std::int64_t value;
};

/** Thrown by `on_error::throw_exception` when decoding meets ill-formed
    UTF-8, or an unpaired surrogate in UTF-16.

    `kind()` is the kind of the first ill-formed maximal subpart met, and
    `offset()` the number of bytes (for UTF-16, code units) from the start
    of the viewed range to its first byte (code unit). `what()` says both
    in English. */
class decode_error : public std::runtime_error {
public:
    /** The exception for the ill-formed maximal subpart (or unpaired
        surrogate) of kind `kind` at `offset`.
        @param kind   what is wrong.
        @param offset bytes from the start of the viewed range (or stream);
                      code units for UTF-16 input
                      (`error_kind::unpaired_surrogate`).
        @par Complexity O(1): builds the `what()` text (a few dozen
        characters), which allocates and may throw `std::bad_alloc`. */
    decode_error(error_kind kind, std::uint64_t offset)
        : std::runtime_error(
              std::string(kind == error_kind::unpaired_surrogate ? "utf8view: ill-formed UTF-16 ("
                                                                 : "utf8view: ill-formed UTF-8 (")
                  .append(to_string(kind))
                  .append(kind == error_kind::unpaired_surrogate ? ") at code unit offset " : ") at byte offset ")
                  .append(std::to_string(offset))),
          kind_(kind), offset_(offset)
    {}
    /** What is wrong with the maximal subpart (Table 3-7 of Unicode 15.0,
        ch. 3; `error_kind`). O(1). */
    [[nodiscard]] error_kind kind() const noexcept { return kind_; }
    /** Bytes from the start of the viewed range (or stream) to the first
        byte of the maximal subpart; for UTF-16 input, code units to the
        unpaired surrogate. O(1). */
    [[nodiscard]] std::uint64_t offset() const noexcept { return offset_; }

private:
    error_kind kind_;
    std::uint64_t offset_;
};

/** Thrown by `on_error::throw_exception` when encoding meets a value that is
    not a Unicode scalar value. `offset()` counts elements (code points) from
    the start of the viewed range; `value()` is the bad value. `what()` says
    the kind and the offset in English.

    @par Standard Unicode 15.0, ch. 3, D76 (scalar value). */
class encode_error : public std::runtime_error {
public:
    /** The exception for the value `value`, of kind `kind`
        (`error_kind::surrogate` or `error_kind::out_of_range`), at `offset`.
        @param kind   what is wrong with the value.
        @param offset elements (code points) from the start of the viewed
                      range to the value.
        @param value  the value as a signed 64-bit integer (as
                      `encode_error_info::value`).
        @par Complexity O(1): builds the `what()` text, which allocates and
        may throw `std::bad_alloc`. */
    encode_error(error_kind kind, std::size_t offset, std::int64_t value)
        : std::runtime_error(std::string("utf8view: not a Unicode scalar value (")
                                 .append(to_string(kind))
                                 .append(") at code point offset ")
                                 .append(std::to_string(offset))),
          kind_(kind), offset_(offset), value_(value)
    {}
    /** `error_kind::surrogate` (U+D800..U+DFFF) or `error_kind::out_of_range`
        (above U+10FFFF, or negative). O(1). */
    [[nodiscard]] error_kind kind() const noexcept { return kind_; }
    /** Elements (code points) from the start of the viewed range to the bad
        value. O(1). */
    [[nodiscard]] std::size_t offset() const noexcept { return offset_; }
    /** The bad value, as a signed 64-bit integer (negative values keep their
        sign; an unsigned value above 2^63 - 1 wraps modulo 2^64). O(1). */
    [[nodiscard]] std::int64_t value() const noexcept { return value_; }

private:
    error_kind kind_;
    std::size_t offset_;
    std::int64_t value_;
};

}  // namespace utf8view

#include <utf8view/detail/epilogue.hpp>

#endif  // UTF8VIEW_ERROR_HPP
