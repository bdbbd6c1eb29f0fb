// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.

// A reference UTF-8 decoder and encoder for the differential tests (the fuzz
// targets in test/fuzz/, the exhaustive test, the bounded-output tests).
//
// Written straight from the Unicode Standard, and on purpose sharing no code
// with include/: a bug in the library's decoder cannot hide by being copied
// into the yardstick. It is slow and plain: one table row at a time, no
// lookup tables, no tricks. Only the enumeration `utf8view::error_kind` is
// taken from the library, as the vocabulary both sides report in.
//
//   Unicode 15.0 ch. 3, Table 3-7 (well-formed byte sequences):
//     00..7F
//     C2..DF 80..BF
//     E0     A0..BF 80..BF
//     E1..EC 80..BF 80..BF
//     ED     80..9F 80..BF
//     EE..EF 80..BF 80..BF
//     F0     90..BF 80..BF 80..BF
//     F1..F3 80..BF 80..BF 80..BF
//     F4     80..8F 80..BF 80..BF
//   Unicode 15.0 ch. 3 §3.9 (U+FFFD Substitution of Maximal Subparts): an
//   ill-formed stretch is cut into maximal subparts, each the longest prefix
//   of a well-formed sequence found at its start, or else one byte.
//   Unicode 15.0 ch. 3, Table 3-6 (UTF-8 bit distribution) for the values.
//
// A *segment* is a well-formed sequence or one maximal subpart: what a
// decoder yields one element for under the replace policy.

#ifndef UTF8VIEW_TEST_SUPPORT_REFERENCE_UTF8_HPP
#define UTF8VIEW_TEST_SUPPORT_REFERENCE_UTF8_HPP

#include <utf8view/error.hpp>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace utf8view_test::reference {

using utf8view::error_kind;

/** One segment of a byte string. */
struct segment {
    std::size_t offset = 0;            ///< bytes before its first byte
    std::size_t length = 0;            ///< 1 to 4 bytes
    char32_t code_point = 0;           ///< the value, if well-formed
    std::optional<error_kind> error;   ///< the kind, if a maximal subpart

    [[nodiscard]] bool well_formed() const { return !error.has_value(); }
    [[nodiscard]] std::size_t end() const { return offset + length; }
};

/** The allowed range of byte number `index` (1, 2 or 3) of a sequence that
    starts with `lead`, by the row of Table 3-7 the lead byte picks. */
struct byte_range {
    unsigned low;
    unsigned high;
    [[nodiscard]] bool holds(unsigned byte) const { return low <= byte && byte <= high; }
};

/** How many bytes the row of Table 3-7 that starts with `lead` has, or 0 if
    no row starts with it (80..C1, F5..FF). */
inline std::size_t row_length(unsigned lead)
{
    if (lead <= 0x7F) return 1;
    if (lead >= 0xC2 && lead <= 0xDF) return 2;
    if (lead >= 0xE0 && lead <= 0xEF) return 3;
    if (lead >= 0xF0 && lead <= 0xF4) return 4;
    return 0;
}

inline byte_range allowed_byte(unsigned lead, std::size_t index)
{
    if (index == 1) {
        if (lead == 0xE0) return {0xA0, 0xBF};
        if (lead == 0xED) return {0x80, 0x9F};
        if (lead == 0xF0) return {0x90, 0xBF};
        if (lead == 0xF4) return {0x80, 0x8F};
    }
    return {0x80, 0xBF};
}

/** The kind of the maximal subpart whose first byte is `first` and whose
    next byte is `second` (`no_byte` if the input ends there): by the first
    byte, and where Table 3-7 narrows the second byte's range for this lead
    byte, by that byte. */
inline constexpr unsigned no_byte = 0x100;

inline error_kind kind_of_subpart(unsigned first, unsigned second)
{
    if (first >= 0x80 && first <= 0xBF) return error_kind::unexpected_continuation_byte;
    if (first == 0xC0 || first == 0xC1) return error_kind::overlong;  // would encode U+0000..U+007F
    if (first >= 0xF8) return error_kind::invalid_lead_byte;           // no UTF-8 sequence starts so
    if (first >= 0xF5) return error_kind::out_of_range;                // would encode above U+13FFFF
    if (second >= 0x80 && second <= 0xBF) {
        if (first == 0xE0 && second < 0xA0) return error_kind::overlong;      // below U+0800
        if (first == 0xF0 && second < 0x90) return error_kind::overlong;      // below U+10000
        if (first == 0xED && second >= 0xA0) return error_kind::surrogate;    // U+D800..U+DFFF
        if (first == 0xF4 && second >= 0x90) return error_kind::out_of_range;  // above U+10FFFF
    }
    return error_kind::truncated_sequence;
}

/** The segment that starts at `bytes[offset]` (offset < size). */
inline segment segment_at(const unsigned char* bytes, std::size_t size, std::size_t offset)
{
    const unsigned lead = bytes[offset];
    const std::size_t length = row_length(lead);
    segment s;
    s.offset = offset;
    // Take bytes while each lies in the range its row allows.
    std::size_t taken = 1;
    if (length != 0)
        while (taken < length && offset + taken < size && allowed_byte(lead, taken).holds(bytes[offset + taken]))
            ++taken;
    if (length != 0 && taken == length) {
        // Table 3-6: the lead byte keeps 7, 5, 4 or 3 bits; each
        // continuation byte 6.
        static constexpr unsigned lead_bits[] = {0, 0x7F, 0x1F, 0x0F, 0x07};
        char32_t value = lead & lead_bits[length];
        for (std::size_t index = 1; index < length; ++index)
            value = static_cast<char32_t>((value << 6) | (bytes[offset + index] & 0x3Fu));
        s.length = length;
        s.code_point = value;
        return s;
    }
    s.length = taken;
    s.error = kind_of_subpart(lead, offset + 1 < size ? bytes[offset + 1] : no_byte);
    return s;
}

/** All segments of `bytes`, in order. */
inline std::vector<segment> segments(const unsigned char* bytes, std::size_t size)
{
    std::vector<segment> result;
    for (std::size_t offset = 0; offset < size;) {
        result.push_back(segment_at(bytes, size, offset));
        offset = result.back().end();
    }
    return result;
}

/** The first maximal subpart, or nullptr if the bytes are well-formed. */
inline const segment* first_error(const std::vector<segment>& all)
{
    for (const segment& s : all)
        if (!s.well_formed()) return &s;
    return nullptr;
}

/** The start of the segment that holds byte `position` (< size). */
inline std::size_t segment_start(const std::vector<segment>& all, std::size_t position)
{
    for (const segment& s : all)
        if (position < s.end()) return s.offset;
    return position;
}

/** The greatest segment boundary at or below `limit` (clamped to `size`). */
inline std::size_t floor_boundary(const std::vector<segment>& all, std::size_t size, std::size_t limit)
{
    if (limit >= size) return size;
    return segment_start(all, limit);
}

/** The least segment boundary at or above `limit` (clamped to `size`). */
inline std::size_t ceil_boundary(const std::vector<segment>& all, std::size_t size, std::size_t limit)
{
    if (limit >= size) return size;
    for (const segment& s : all)
        if (limit <= s.offset) return s.offset;
        else if (limit < s.end()) return s.end();
    return size;
}

/** The length of the bytes without a sequence that the end cut short: if
    the last segment is a maximal subpart of kind truncated_sequence (a valid
    prefix that only the end stopped), the bytes before it; else all. */
inline std::size_t without_incomplete_tail(const std::vector<segment>& all, std::size_t size)
{
    if (!all.empty() && all.back().error == error_kind::truncated_sequence) return all.back().offset;
    return size;
}

// ---------------------------------------------------------------------------
// Encoding

/** True for a Unicode scalar value (Unicode 15.0 ch. 3, D76): 0..D7FF or
    E000..10FFFF. */
inline bool is_scalar_value(std::uint32_t value)
{
    return value <= 0xD7FF || (value >= 0xE000 && value <= 0x10FFFF);
}

/** The kind an encoder reports for a value that is not a scalar value. */
inline error_kind encode_error_kind(std::uint32_t value)
{
    return value >= 0xD800 && value <= 0xDFFF ? error_kind::surrogate : error_kind::out_of_range;
}

/** The UTF-8 form of the scalar value `value` (Table 3-6). */
inline std::string encode(std::uint32_t value)
{
    std::string bytes;
    const auto put = [&bytes](std::uint32_t byte) { bytes += static_cast<char>(static_cast<unsigned char>(byte)); };
    if (value <= 0x7F) {
        put(value);  // 0xxxxxxx
    }
    else if (value <= 0x7FF) {
        put(0xC0 | (value >> 6));  // 110yyyyy 10xxxxxx
        put(0x80 | (value & 0x3F));
    }
    else if (value <= 0xFFFF) {
        put(0xE0 | (value >> 12));  // 1110zzzz 10yyyyyy 10xxxxxx
        put(0x80 | ((value >> 6) & 0x3F));
        put(0x80 | (value & 0x3F));
    }
    else {
        put(0xF0 | (value >> 18));  // 11110uuu 10uuzzzz 10yyyyyy 10xxxxxx
        put(0x80 | ((value >> 12) & 0x3F));
        put(0x80 | ((value >> 6) & 0x3F));
        put(0x80 | (value & 0x3F));
    }
    return bytes;
}

}  // namespace utf8view_test::reference

#endif  // UTF8VIEW_TEST_SUPPORT_REFERENCE_UTF8_HPP
