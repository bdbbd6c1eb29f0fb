// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at https://www.boost.org/LICENSE_1_0.txt)

/// \file
/// The scalar transcoding kernels, between contiguous buffers: well-formed
/// UTF-8 to UTF-32 and to UTF-16, UTF-8 that may be ill-formed to UTF-32,
/// scalar values to UTF-8, and well-formed UTF-16 to UTF-8; the byte
/// classes of a window, and the code points and UTF-16 code units of
/// well-formed UTF-8 counted. The reference the SIMD transcoding kernels are
/// tested against and the code they finish with; the only ones where the CPU
/// has no SIMD transcoding kernel.
///
/// All take and return plain pointers and a room count, so that a bounded
/// and an unbounded output (room = SIZE_MAX) are one code path, and no
/// pointer is ever formed past the end of the caller's buffer.

#ifndef UTF8VIEW_DETAIL_SIMD_TRANSCODE_SCALAR_HPP
#define UTF8VIEW_DETAIL_SIMD_TRANSCODE_SCALAR_HPP

#include <utf8view/config.hpp>
#include <utf8view/detail/decode_step.hpp>
#include <utf8view/detail/encode_step.hpp>
#include <utf8view/detail/simd/segment_masks.hpp>
#include <utf8view/detail/utf16_step.hpp>

#include <cstddef>
#include <cstdint>
#include <cstring>

#include <utf8view/detail/prologue.hpp>

namespace utf8view::detail {

// Where a transcoding kernel stopped: the first input element it did not
// consume and the end of what it wrote.
template <class In, class Out>
struct transcode_progress {
    In in;
    Out out;
};

using decode_progress = transcode_progress<const unsigned char*, char32_t*>;
using encode_progress = transcode_progress<const char32_t*, unsigned char*>;
using utf8_to_utf16_progress = transcode_progress<const unsigned char*, char16_t*>;
using utf16_to_utf8_progress = transcode_progress<const char16_t*, unsigned char*>;

// UTF-16 code units to UTF-8 while they are well-formed and their bytes fit
// in `room`: each code unit or surrogate pair by Table 3-5 (Unicode 15.0
// ch. 3), its bytes by Table 3-6. Stops at an unpaired surrogate (a high
// one not followed by a low one, the end included, or a low one), before an
// element whose bytes do not all fit, or at `end`. For any 16-bit code unit
// type (char16_t, a 16-bit wchar_t).
template <class CodeUnit>
[[nodiscard]] inline transcode_progress<const CodeUnit*, unsigned char*>
utf16_to_utf8_well_formed(const CodeUnit* p, const CodeUnit* end, unsigned char* out, std::size_t room) noexcept
{
    while (p != end) {
        const char16_t unit = to_code_unit(*p);
        if (unit < 0x80) {
            if (room == 0) break;
            *out++ = static_cast<unsigned char>(unit);
            --room;
            ++p;
            continue;
        }
        char32_t value = unit;
        std::ptrdiff_t taken = 1;
        if (is_surrogate(unit)) {
            if (!is_high_surrogate(unit) || end - p < 2 || !is_low_surrogate(to_code_unit(p[1]))) break;
            value = surrogate_pair_value(unit, to_code_unit(p[1]));
            taken = 2;
        }
        const packed_sequence bytes = encode_scalar_packed(value);
        if (bytes.length > room) break;
        if (bytes.length == 2) store_packed<2>(out, bytes.units);
        else if (bytes.length == 3) store_packed<3>(out, bytes.units);
        else store_packed<4>(out, bytes.units);
        out += bytes.length;
        room -= bytes.length;
        p += taken;
    }
    return {p, out};
}

// Well-formed UTF-8 [p, stop) (validated by the caller) to UTF-16 while the
// code units fit in `room`: 8 ASCII bytes at a time, else the lead byte
// gives the length (decode_well_formed) and Table 3-5 the code units; a
// surrogate pair is never cut. For any 16-bit code unit type.
template <class OutUnit>
[[nodiscard]] inline transcode_progress<const unsigned char*, OutUnit*>
utf8_to_utf16_well_formed(const unsigned char* p, const unsigned char* stop, OutUnit* out, std::size_t room) noexcept
{
    while (p != stop) {
        if (stop - p >= 8 && room >= 8 && is_ascii_word(load_word(p))) {
            for (int index = 0; index < 8; ++index) out[index] = static_cast<OutUnit>(p[index]);
            p += 8;
            out += 8;
            room -= 8;
            continue;
        }
        const segment decoded = decode_well_formed(p);
        const utf16_sequence units = encode_utf16(decoded.code_point);
        if (units.length > room) break;
        out[0] = static_cast<OutUnit>(units.units[0]);
        if (units.length == 2) out[1] = static_cast<OutUnit>(units.units[1]);
        out += units.length;
        room -= units.length;
        p += decoded.length;
    }
    return {p, out};
}

}  // namespace utf8view::detail

namespace utf8view::detail::simd::scalar {

// Decodes the well-formed UTF-8 in [p, stop) to UTF-32 at `out`, at most
// `room` code points, and stops at `stop` or when the room is used up
// (always at a code point boundary). Precondition: [p, stop) is well-formed
// UTF-8 (a validation kernel said so), so only the lead byte decides the
// length (Unicode 15.0 ch. 3, Table 3-7, first column) and the bits are
// those of Table 3-6. Runs of 8 ASCII bytes are copied a word at a time.
inline decode_progress decode_valid(const unsigned char* p, const unsigned char* stop, char32_t* out,
                                    std::size_t room) noexcept
{
    if (room >= static_cast<std::size_t>(stop - p)) {
        // Every code point fits (a byte gives at most one): the loop tests
        // no room, and takes ASCII a word at a time only inside a run of
        // ASCII.
        while (p != stop) {
            if (*p < 0x80) {
                *out++ = *p++;
                while (stop - p >= 8) {
                    if (!is_ascii_word(load_word(p))) break;
                    for (int index = 0; index < 8; ++index) out[index] = p[index];
                    p += 8;
                    out += 8;
                }
                continue;
            }
            const segment decoded = decode_well_formed(p);
            p += decoded.length;
            *out++ = decoded.code_point;
        }
        return {p, out};
    }
    while (p != stop && room != 0) {
        if (stop - p >= 8 && room >= 8) {
            if (is_ascii_word(load_word(p))) {
                for (int index = 0; index < 8; ++index) out[index] = p[index];
                p += 8;
                out += 8;
                room -= 8;
                continue;
            }
        }
        const segment decoded = decode_well_formed(p);
        p += decoded.length;
        *out++ = decoded.code_point;
        --room;
    }
    return {p, out};
}

// Encodes the code points of [p, end) as UTF-8 at `out`, at most `room`
// bytes, and stops at `end`, at the first value that is not a scalar value
// (a surrogate D800..DFFF or a value above 10FFFF, Unicode 15.0 ch. 3, D76:
// the caller asks its policy about it), or before the first code point
// whose bytes do not all fit (a code point is never cut). Bytes as in
// Table 3-6.
inline encode_progress encode_scalar_values(const char32_t* p, const char32_t* end, unsigned char* out,
                                            std::size_t room) noexcept
{
    // Table 3-6 (detail/encode_step.hpp): the 2, 3 and 4-byte forms of a
    // scalar value, written at `to`.
    const auto put_two = [](unsigned char* to, char32_t value) { store_packed<2>(to, pack_two_bytes(value)); };
    const auto put_three = [](unsigned char* to, char32_t value) { store_packed<3>(to, pack_three_bytes(value)); };
    const auto put_four = [](unsigned char* to, char32_t value) { store_packed<4>(to, pack_four_bytes(value)); };
    const auto put_ascii_four = [](unsigned char* to, const char32_t* from) {
        for (int index = 0; index < 4; ++index) to[index] = static_cast<unsigned char>(from[index]);
    };

    if (room / 4 >= static_cast<std::size_t>(end - p)) {
        // Every code point fits (4 bytes at most each): the loop tests no
        // room, and takes ASCII four at a time only inside a run of ASCII.
        while (p != end) {
            const char32_t value = *p;
            if (value < 0x80) {
                *out++ = static_cast<unsigned char>(value);
                ++p;
                while (end - p >= 4 && (p[0] | p[1] | p[2] | p[3]) < 0x80) {
                    put_ascii_four(out, p);
                    p += 4;
                    out += 4;
                }
                continue;
            }
            if (value < 0x800) {
                put_two(out, value);
                out += 2;
            }
            else if (value < 0x10000) {
                if (is_surrogate(value)) break;
                put_three(out, value);
                out += 3;
            }
            else {
                if (value > max_code_point) break;  // not a code point
                put_four(out, value);
                out += 4;
            }
            ++p;
        }
        return {p, out};
    }
    while (p != end) {
        // Four ASCII code points at once.
        if (end - p >= 4 && room >= 4 && (p[0] | p[1] | p[2] | p[3]) < 0x80) {
            put_ascii_four(out, p);
            p += 4;
            out += 4;
            room -= 4;
            continue;
        }
        const char32_t value = *p;
        if (value < 0x80) {
            if (room < 1) break;
            *out++ = static_cast<unsigned char>(value);
            room -= 1;
        }
        else if (value < 0x800) {
            if (room < 2) break;
            put_two(out, value);
            out += 2;
            room -= 2;
        }
        else if (value < 0x10000) {
            if (is_surrogate(value) || room < 3) break;  // or no room
            put_three(out, value);
            out += 3;
            room -= 3;
        }
        else {
            if (value > max_code_point || room < 4) break;  // not a code point, or no room
            put_four(out, value);
            out += 4;
            room -= 4;
        }
        ++p;
    }
    return {p, out};
}

// What decode_replacing does with an ill-formed maximal subpart: write
// U+FFFD for it (on_error::replace) or nothing (on_error::skip).
enum class subpart_action : unsigned char { replace, drop };

// Decodes the UTF-8 in [p, end), well-formed or not, to UTF-32 at `out`, at
// most `room` code points: the scalar value of each well-formed sequence,
// and U+FFFD (or nothing, as `action` says) for each ill-formed maximal
// subpart (Unicode 15.0 ch. 3 §3.9). It goes on while segments start
// before `stop`, each ill-formed subpart moving `stop` to `clean_after`
// bytes past its first byte (never past `end`), and returns at a segment
// boundary: `stop` or a little after it (a SIMD kernel finishes its
// window), the end, or where the room ran out. Reads no byte at or past
// `end`.
inline decode_progress decode_replacing(const unsigned char* p, const unsigned char* stop, const unsigned char* end,
                                        char32_t* out, std::size_t room, subpart_action action,
                                        std::size_t clean_after) noexcept
{
    while (p < stop && room != 0) {
        const auto [decoded, next] = decode_step_in_memory(p, end);
        if (decoded.well_formed()) [[likely]] {
            *out++ = decoded.code_point;
            --room;
        }
        else {
            if (action == subpart_action::replace) {
                *out++ = U'\uFFFD';
                --room;
            }
            if (static_cast<std::size_t>(end - p) <= clean_after) stop = end;
            else if (p + clean_after > stop) stop = p + clean_after;
        }
        p = next;
    }
    return {p, out};
}

// Converts the well-formed UTF-8 in [p, stop) (a validation kernel said
// so) to UTF-16 at `out`, at most `room` code units, and stops at `stop` or
// before the first code point whose code units do not all fit (a surrogate
// pair is never cut). Code units as in Table 3-5, bits as in Table 3-6.
inline utf8_to_utf16_progress utf8_to_utf16_valid(const unsigned char* p, const unsigned char* stop, char16_t* out,
                                                  std::size_t room) noexcept
{
    return utf8_to_utf16_well_formed(p, stop, out, room);
}

// Converts UTF-16 [p, end) to UTF-8 at `out`, at most `room` bytes, while
// it is well-formed: stops at `end`, at the first unpaired surrogate (the
// caller asks its policy about it), or before the first code point whose
// bytes do not all fit. Reads no code unit at or past `end`.
inline utf16_to_utf8_progress utf16_to_utf8(const char16_t* p, const char16_t* end, unsigned char* out,
                                            std::size_t room) noexcept
{
    return utf16_to_utf8_well_formed(p, end, out, room);
}

// The byte classes of the window of 64 bytes at `p` (segment_masks.hpp):
// reads p[0, 64) only. Bit 63 of second_outside says nothing. What the lazy
// decode view asks where errors are dense (its dense_step), which then
// splits the window into its segments with split_segments.
[[nodiscard]] inline byte_class_masks classify_window(const unsigned char* p) noexcept
{
    return classify_bytes(p);
}

// The sum of the byte lanes of per_word(word) over `steps` 8-byte words at
// `p` (steps <= 127), per_word giving 0, 1 or 2 in each lane (SWAR: one
// lane per byte of the word): what the counts below add up.
template <class PerWord>
[[nodiscard]] inline std::size_t sum_word_lanes(const unsigned char* p, std::size_t steps, PerWord per_word) noexcept
{
    // Each lane gains at most 2 a word: 127 words fit in a byte.
    std::uint64_t lanes = 0;
    for (std::size_t i = 0; i < steps; ++i, p += 8) {
        std::uint64_t word;
        std::memcpy(&word, p, 8);
        lanes += per_word(word);
    }
    // The 8 lanes summed: in pairs into 16-bit lanes (at most 508 each),
    // then those 4 by a multiply into the top 16 bits.
    constexpr std::uint64_t low_bytes = 0x00FF00FF00FF00FFu;
    const std::uint64_t pairs = (lanes & low_bytes) + (lanes >> 8 & low_bytes);
    return static_cast<std::size_t>(pairs * 0x0001000100010001u >> 48);
}

inline constexpr std::uint64_t lane_ones = 0x0101010101010101u;

// 1 in each byte lane of `word` that holds no continuation byte (80..BF:
// bit 7 set and bit 6 clear).
[[nodiscard]] constexpr std::uint64_t code_point_starts(std::uint64_t word) noexcept
{
    return (~word >> 7 | word >> 6) & lane_ones;
}

// 1 in each byte lane of `word` that holds a byte F0..FF (bits 7 to 4 set).
[[nodiscard]] constexpr std::uint64_t four_byte_leads(std::uint64_t word) noexcept
{
    return (word & word << 1 & word << 2 & word << 3) >> 7 & lane_ones;
}

// The number of code points of well-formed UTF-8 [p, stop): its bytes that
// are not continuation bytes, one per code point (Unicode 15.0 ch. 3,
// Table 3-7). On any bytes, the number of bytes outside 80..BF. Reads
// [p, stop) only, 8 bytes at a time, so that it does not depend on the
// compiler's vectorizer.
[[nodiscard]] inline std::size_t count_code_points_valid(const unsigned char* p, const unsigned char* stop) noexcept
{
    std::size_t count = 0;
    while (stop - p >= 8) {
        const std::size_t words = static_cast<std::size_t>(stop - p) / 8;
        const std::size_t steps = words < 127 ? words : 127;
        count += sum_word_lanes(p, steps, code_point_starts);
        p += steps * 8;
    }
    for (; p != stop; ++p) count += static_cast<std::size_t>(!is_continuation_byte(*p));
    return count;
}

// The number of UTF-16 code units of well-formed UTF-8 [p, stop): one per
// code point, and one more per supplementary code point (U+10000 and
// above, a surrogate pair: Table 3-5), whose lead byte is F0..F4 (Table
// 3-7). On any bytes, the number of bytes outside 80..BF plus the number
// of bytes F0..FF. Reads [p, stop) only, 8 bytes at a time.
[[nodiscard]] inline std::size_t count_utf16_units_valid(const unsigned char* p, const unsigned char* stop) noexcept
{
    std::size_t count = 0;
    while (stop - p >= 8) {
        const std::size_t words = static_cast<std::size_t>(stop - p) / 8;
        const std::size_t steps = words < 127 ? words : 127;
        count += sum_word_lanes(p, steps,
                                [](std::uint64_t word) { return code_point_starts(word) + four_byte_leads(word); });
        p += steps * 8;
    }
    for (; p != stop; ++p)
        count += static_cast<std::size_t>(!is_continuation_byte(*p)) + static_cast<std::size_t>(*p >= 0xF0u);
    return count;
}

}  // namespace utf8view::detail::simd::scalar

#include <utf8view/detail/epilogue.hpp>

#endif  // UTF8VIEW_DETAIL_SIMD_TRANSCODE_SCALAR_HPP
