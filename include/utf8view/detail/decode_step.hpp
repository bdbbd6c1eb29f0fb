// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at https://www.boost.org/LICENSE_1_0.txt)

/// \file
/// THE UTF-8 decoder: the only place in utf8view that knows Unicode ch. 3,
/// Table 3-7 and the maximal-subpart rule of §3.9. The views, the boundary
/// functions and the validators all call it.

#ifndef UTF8VIEW_DETAIL_DECODE_STEP_HPP
#define UTF8VIEW_DETAIL_DECODE_STEP_HPP

#include <utf8view/config.hpp>
#include <utf8view/code_unit.hpp>
#include <utf8view/error.hpp>
#include <utf8view/unicode.hpp>

#include <cstdint>
#include <iterator>
#include <utility>

#include <utf8view/detail/prologue.hpp>

// GCC's -Warray-bounds (part of -Wall at -O2) follows the inlined decoder
// into string literals of known size and warns about reads on paths that
// the lead byte rules out (a 4-byte read after a 2-byte lead): a known
// false positive of its value-range analysis. Every read here is bounded by
// `last` or by validation, as the sanitizer builds check.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Warray-bounds"
#endif

namespace utf8view::detail {

// One segment of the input: a well-formed sequence (error == 0) or one
// ill-formed maximal subpart (error == its error_kind). Every byte of the
// input belongs to exactly one segment, and every byte that is not a
// continuation byte starts one.
struct segment {
    char32_t code_point = 0;  // the decoded scalar value when error == 0
    std::uint8_t length = 0;  // bytes in the segment: 1..4 if well-formed, 1..3 if not
    std::uint8_t error = 0;   // 0, or static_cast<std::uint8_t>(error_kind)

    [[nodiscard]] constexpr bool well_formed() const noexcept { return error == 0; }
    [[nodiscard]] constexpr error_kind kind() const noexcept { return static_cast<error_kind>(error); }
};

[[nodiscard]] constexpr segment ill_formed(error_kind kind, int length) noexcept
{
    return segment{0, static_cast<std::uint8_t>(length), static_cast<std::uint8_t>(kind)};
}

// The kind of a maximal subpart of length 1 that starts with a lead byte of
// Table 3-7 and is broken by `second`, a byte outside that lead's range for
// the second byte. A continuation byte outside the range names what the
// sequence would have encoded; anything else truncates the sequence.
[[nodiscard]] constexpr error_kind second_byte_error(unsigned char lead, unsigned char second) noexcept
{
    if (!is_continuation_byte(second)) return error_kind::truncated_sequence;
    if (lead == 0xED) return error_kind::surrogate;     // ED A0..BF: U+D800..U+DFFF
    if (lead == 0xF4) return error_kind::out_of_range;  // F4 90..BF: above U+10FFFF
    return error_kind::overlong;                        // E0 80..9F, F0 80..8F
}

// A decoded segment and the position after it.
template <class I>
struct decode_result {
    segment decoded;
    I next;
};

// Unicode 15.0 ch. 3, Table 3-6 read backwards, the only place in the
// scalar code where utf8view gathers a scalar value from UTF-8 bytes (the
// vector transcoders carry the same rule in their own form): the payload
// bits of a lead byte that starts a sequence of `length` bytes (2..4:
// 110xxxxx, 1110xxxx, 11110xxx), the 6 bits of a continuation byte
// (10xxxxxx), and a value gathered so far followed by those of one more
// continuation byte.
[[nodiscard]] UTF8VIEW_ALWAYS_INLINE constexpr char32_t lead_payload(unsigned char lead, int length) noexcept
{
    return static_cast<char32_t>(lead & (0x7Fu >> length));
}
[[nodiscard]] UTF8VIEW_ALWAYS_INLINE constexpr char32_t continuation_payload(unsigned char continuation) noexcept
{
    return static_cast<char32_t>(continuation & 0x3Fu);
}
[[nodiscard]] UTF8VIEW_ALWAYS_INLINE constexpr char32_t append_payload(char32_t value,
                                                                       unsigned char continuation) noexcept
{
    return (value << 6) | continuation_payload(continuation);
}

// Table 3-7, row by row, for the bytes 80..FF in first position: the
// length of the well-formed sequences a lead byte starts and the range of
// their second byte (the third and fourth are any continuation byte), or,
// for a byte that starts none, the kind of the one-byte maximal subpart it
// is. The decoders below read the rule from here.
struct lead_byte_row {
    std::uint8_t length = 0;       // 2..4; 0: no well-formed sequence starts with this byte
    std::uint8_t second_min = 0;   // the second byte's range: second_min..second_min + second_span
    std::uint8_t second_span = 0;
    std::uint8_t error = 0;        // when length == 0: the error_kind of the byte alone
};

// The table's rows, written out rather than computed: every translation
// unit that includes the library reads them, and a literal costs the
// compiler far less than a constant-evaluated loop (doc/build-cost.md).
// test/detail/checked_decoder.cpp checks each row against Table 3-7.
namespace table_3_7 {
[[nodiscard]] constexpr lead_byte_row sequence(int length, unsigned second_min, unsigned second_max) noexcept
{
    return lead_byte_row{static_cast<std::uint8_t>(length), static_cast<std::uint8_t>(second_min),
                         static_cast<std::uint8_t>(second_max - second_min), 0};
}
[[nodiscard]] constexpr lead_byte_row none(error_kind kind) noexcept
{
    return lead_byte_row{0, 0, 0, static_cast<std::uint8_t>(kind)};
}
inline constexpr lead_byte_row continuation = none(error_kind::unexpected_continuation_byte);
inline constexpr lead_byte_row overlong = none(error_kind::overlong);
inline constexpr lead_byte_row two = sequence(2, 0x80, 0xBF);
inline constexpr lead_byte_row e0 = sequence(3, 0xA0, 0xBF);
inline constexpr lead_byte_row three = sequence(3, 0x80, 0xBF);
inline constexpr lead_byte_row ed = sequence(3, 0x80, 0x9F);
inline constexpr lead_byte_row f0 = sequence(4, 0x90, 0xBF);
inline constexpr lead_byte_row four = sequence(4, 0x80, 0xBF);
inline constexpr lead_byte_row f4 = sequence(4, 0x80, 0x8F);
inline constexpr lead_byte_row too_large = none(error_kind::out_of_range);
inline constexpr lead_byte_row invalid = none(error_kind::invalid_lead_byte);
}  // namespace table_3_7

struct lead_byte_table_type {
    lead_byte_row rows[128];
    [[nodiscard]] constexpr const lead_byte_row& operator[](unsigned char lead) const noexcept
    {
        return rows[lead - 0x80u];
    }
};
namespace table_3_7 {
// clang-format off
inline constexpr lead_byte_table_type rows = {{
    // 80..BF: continuation bytes, which start no sequence
    continuation, continuation, continuation, continuation, continuation, continuation, continuation, continuation,
    continuation, continuation, continuation, continuation, continuation, continuation, continuation, continuation,
    continuation, continuation, continuation, continuation, continuation, continuation, continuation, continuation,
    continuation, continuation, continuation, continuation, continuation, continuation, continuation, continuation,
    continuation, continuation, continuation, continuation, continuation, continuation, continuation, continuation,
    continuation, continuation, continuation, continuation, continuation, continuation, continuation, continuation,
    continuation, continuation, continuation, continuation, continuation, continuation, continuation, continuation,
    continuation, continuation, continuation, continuation, continuation, continuation, continuation, continuation,
    // C0, C1: would start only overlongs
    overlong, overlong,
    // C2..DF 80..BF
    two, two, two, two, two, two, two, two,
    two, two, two, two, two, two, two, two,
    two, two, two, two, two, two, two, two,
    two, two, two, two, two, two,
    // E0 A0..BF 80..BF; E1..EC 80..BF 80..BF; ED 80..9F 80..BF; EE..EF 80..BF 80..BF
    e0, three, three, three, three, three, three, three,
    three, three, three, three, three, ed, three, three,
    // F0 90..BF 80..BF 80..BF; F1..F3 80..BF 80..BF 80..BF; F4 80..8F 80..BF 80..BF
    f0, four, four, four, f4,
    // F5..F7: above U+10FFFF
    too_large, too_large, too_large,
    // F8..FF: no UTF-8 form at all
    invalid, invalid, invalid, invalid, invalid, invalid, invalid, invalid,
}};
// clang-format on
}  // namespace table_3_7
inline constexpr const lead_byte_table_type& lead_byte_table = table_3_7::rows;

// True if `second` is in the range Table 3-7 gives `row`'s lead byte for it.
[[nodiscard]] constexpr bool second_byte_fits(const lead_byte_row& row, unsigned char second) noexcept
{
    return static_cast<unsigned char>(second - row.second_min) <= row.second_span;
}

// The second bytes Table 3-7 allows after the lead bytes of 3- and 4-byte
// sequences, as bits indexed by the second byte's high 4 bits: every range
// in the table's second column starts and ends on a multiple of 16, so a
// bit stands for 16 bytes that all fit or none.
// One load and one bit test then replace the two comparisons of
// second_byte_fits and the load of the lead byte's row. Written out, as the
// rows above; test/detail/checked_decoder.cpp checks every bit against the
// table.
struct second_byte_masks_type {
    std::uint16_t after_three_byte_lead[16];  // [lead & 0x0F], lead E0..EF: bit (second >> 4)
    std::uint8_t after_four_byte_lead[16];    // [second >> 4]: bit (lead - 0xF0), lead F0..F4
};
inline constexpr second_byte_masks_type second_byte_masks = {
    // E0: A0..BF (blocks A, B); E1..EC, EE, EF: 80..BF (8..B); ED: 80..9F (8, 9)
    {0x0C00, 0x0F00, 0x0F00, 0x0F00, 0x0F00, 0x0F00, 0x0F00, 0x0F00, 0x0F00, 0x0F00, 0x0F00, 0x0F00, 0x0F00, 0x0300,
     0x0F00, 0x0F00},
    // block 8: F1..F4 (bits 1..4); 9: F0..F3; A, B: F0..F3
    {0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x1E, 0x0F, 0x0F, 0x0F, 0x00, 0x00, 0x00, 0x00},
};

// Decodes the segment at `p`, whose first byte is 80..FF, where at least 4
// bytes can be read from `p` (so no test against an end): the same segment
// decode_after_lead finds, with the same length and error kind. The tests
// follow Table 3-7 by the lead byte's range, and each failed test returns at
// once with the length of the maximal subpart read so far; the error kind
// of a lead byte that starts no sequence comes from its table row, off the
// path that tells where the next segment starts. Over text with errors
// (Latin-1 read as UTF-8, bytes of binary data) this path is as hot as the
// well-formed one: a loop of decode_step_in_memory over lipsum text with a
// bad byte every 8 or 97 bytes ran 1.1 to 1.2 times as fast with it as
// with decode_after_lead (which read the lead byte's row first, then
// compared the second byte with the row's range).
[[nodiscard]] UTF8VIEW_ALWAYS_INLINE constexpr segment decode_sequence_unbounded(const unsigned char* p) noexcept
{
    const unsigned lead = p[0];
    if (lead >= 0xE0) {
        if (lead < 0xF0) {  // E0..EF: 3 bytes
            const unsigned second = p[1];
            if (!((second_byte_masks.after_three_byte_lead[lead & 0x0Fu] >> (second >> 4)) & 1u)) [[unlikely]]
                return ill_formed(
                    second_byte_error(static_cast<unsigned char>(lead), static_cast<unsigned char>(second)), 1);
            const unsigned third = p[2] ^ 0x80u;  // a continuation byte's payload, or 0x40 and above
            if (third >= 0x40) [[unlikely]]
                return ill_formed(error_kind::truncated_sequence, 2);
            return segment{(lead & 0x0Fu) << 12 | (second & 0x3Fu) << 6 | third, 3, 0};
        }
        const unsigned offset = lead - 0xF0;  // F0..F4: 4 bytes
        if (offset <= 4) {
            const unsigned second = p[1];
            if (!((second_byte_masks.after_four_byte_lead[second >> 4] >> offset) & 1u)) [[unlikely]]
                return ill_formed(
                    second_byte_error(static_cast<unsigned char>(lead), static_cast<unsigned char>(second)), 1);
            const unsigned third = p[2] ^ 0x80u;
            if (third >= 0x40) [[unlikely]]
                return ill_formed(error_kind::truncated_sequence, 2);
            const unsigned fourth = p[3] ^ 0x80u;
            if (fourth >= 0x40) [[unlikely]]
                return ill_formed(error_kind::truncated_sequence, 3);
            return segment{offset << 18 | (second & 0x3Fu) << 12 | third << 6 | fourth, 4, 0};
        }
    }
    else if (lead >= 0xC2) {  // C2..DF: 2 bytes
        const unsigned second = p[1] ^ 0x80u;
        if (second >= 0x40) [[unlikely]]
            return ill_formed(error_kind::truncated_sequence, 1);
        return segment{(lead & 0x1Fu) << 6 | second, 2, 0};
    }
    // 80..C1, F5..FF: no well-formed sequence starts with this byte, and its
    // row names the error (never 0). Said to the optimizer, so that a loop
    // that never asks for the kind does not read the table to find that the
    // segment is ill-formed.
    const auto kind = lead_byte_table[static_cast<unsigned char>(lead)].error;
    if (kind == 0) UTF8VIEW_UNREACHABLE();
    return ill_formed(static_cast<error_kind>(kind), 1);
}

// Decodes the rest of a segment whose first byte, `lead` (80..FF), was
// read; `it` is at the byte after it. Returns the segment and the position
// after it, and no further: the byte that breaks a sequence is never
// consumed, so `C2 41` is an error of length 1 followed by 'A'.
// Always inlined into its callers (decode_step, decode_step_in_memory and
// the decode view's checked stretch), whose ASCII tests stay in front of it.
template <class I, class S>  // an input iterator and its sentinel
[[nodiscard]] UTF8VIEW_ALWAYS_INLINE constexpr decode_result<I> decode_after_lead(unsigned char lead, I it, S last)
{
    const lead_byte_row& row = lead_byte_table[lead];
    if (row.length == 0) return {ill_formed(static_cast<error_kind>(row.error), 1), std::move(it)};

    // Second byte: in the lead byte's range (Table 3-7, second column).
    if (it == last) return {ill_formed(error_kind::truncated_sequence, 1), std::move(it)};
    const unsigned char second = to_byte(*it);
    if (!second_byte_fits(row, second)) return {ill_formed(second_byte_error(lead, second), 1), std::move(it)};
    ++it;
    char32_t value = append_payload(lead_payload(lead, row.length), second);
    // The length is told by the lead byte itself (C2..DF: 2, E0..EF: 3,
    // F0..F4: 4), not by row.length: compared with the table's byte, GCC
    // reused the loaded byte as the length, and a loop that steps by the
    // length then waited for two loads (the lead, its row) at every element.
    if (lead < 0xE0) return {segment{value, 2, 0}, std::move(it)};

    // Third byte: any continuation byte (Table 3-7, third column).
    if (it == last) return {ill_formed(error_kind::truncated_sequence, 2), std::move(it)};
    const unsigned char third = to_byte(*it);
    if (!is_continuation_byte(third)) return {ill_formed(error_kind::truncated_sequence, 2), std::move(it)};
    ++it;
    value = append_payload(value, third);
    if (lead < 0xF0) return {segment{value, 3, 0}, std::move(it)};

    // Fourth byte: any continuation byte.
    if (it == last) return {ill_formed(error_kind::truncated_sequence, 3), std::move(it)};
    const unsigned char fourth = to_byte(*it);
    if (!is_continuation_byte(fourth)) return {ill_formed(error_kind::truncated_sequence, 3), std::move(it)};
    ++it;
    return {segment{append_payload(value, fourth), 4, 0}, std::move(it)};
}

// Decodes the segment that starts at `it`; returns it and the position after
// it, and no further (see decode_after_lead). Each byte of the segment is
// dereferenced once, plus the byte that breaks a sequence, which is not
// consumed and so is read again as the start of the next segment; no other
// byte is read, so single-pass iterators work. Precondition: it != last.
template <class I, class S>  // an input iterator and its sentinel
[[nodiscard]] UTF8VIEW_ALWAYS_INLINE constexpr decode_result<I> decode_step(I it, S last)
{
    const unsigned char lead = to_byte(*it);
    ++it;
    if (lead < 0x80) [[likely]]
        return {segment{lead, 1, 0}, std::move(it)};  // Table 3-7 row 1: 00..7F
    return decode_after_lead(lead, std::move(it), std::move(last));
}

// decode_step, advancing `it` in place.
template <class I, class S>  // an input iterator and its sentinel
[[nodiscard]] constexpr segment decode_segment(I& it, const S& last)
{
    auto [decoded, next] = decode_step(std::move(it), last);
    it = std::move(next);
    return decoded;
}

// decode_step over bytes in memory, [p, last), p != last. Where 4 bytes
// are left, a segment cannot reach `last`, and the decoder leaves out the
// tests against it. (Its branches stay: where the lengths of sequences are
// predictable, as in text in one script, a branch-free decoder is slower,
// since each step's start would wait for the previous step's length.)
[[nodiscard]] UTF8VIEW_ALWAYS_INLINE constexpr decode_result<const unsigned char*>
decode_step_in_memory(const unsigned char* p, const unsigned char* last) noexcept
{
    const unsigned char lead = *p;
    if (lead < 0x80) [[likely]]
        return {segment{lead, 1, 0}, p + 1};
    if (last - p >= 4) {
        const segment decoded = decode_sequence_unbounded(p);
        return {decoded, p + decoded.length};
    }
    return decode_after_lead(lead, p + 1, last);
}

// ASCII a word at a time: 8 bytes are all ASCII (Table 3-7, row 1: 00..7F)
// exactly when none of them has its high bit set.
[[nodiscard]] inline std::uint64_t load_word(const unsigned char* p) noexcept
{
    std::uint64_t word;
    UTF8VIEW_MEMCPY(&word, p, sizeof word);
    return word;
}
[[nodiscard]] constexpr bool is_ascii_word(std::uint64_t word) noexcept
{
    return (word & 0x8080808080808080u) == 0;
}

// The length of a segment, 1 to 4 bytes, from the distance to the start of
// the next one (& 7): read from a table rather than computed, so that it
// comes as a byte known to fit one. (Computed, GCC widened the decode
// view's cached length at every step of a loop, on every path, for the one
// path that computes it: a twentieth slower over text without errors.)
inline constexpr std::uint8_t segment_length_by_distance[8] = {1, 1, 2, 3, 4, 4, 4, 4};

// Decodes the segment of `length` bytes (1 to 4) at `p`, with no branch:
// the caller knows where the segment ends (from split_segments, on a
// window's byte classes) and that 4 bytes from `p` are readable; the bytes
// past the segment are read and ignored, except the second byte of a
// segment of one byte, which names its error. Where segments of every kind
// follow each other at random (binary data read as UTF-8), a decoder that
// branches on the lead byte mispredicts about once per segment; this one
// computes everything and selects.
//   - Well-formed exactly when the lead byte's row of Table 3-7 asks for
//     `length` bytes (ASCII: 1): a maximal subpart ends at the first byte
//     its row does not allow, so one as long as its row is the whole
//     sequence. The value: the payload bits of Table 3-6, gathered as if
//     the sequence were 4 bytes long and shifted down.
//   - Ill-formed: a subpart of 2 or 3 bytes is truncated_sequence; one of
//     a single byte is the lead byte's own kind (a continuation byte, C0,
//     C1, F5..FF), or, after a lead byte whose second byte broke it,
//     second_byte_error's kind; the element is U+FFFD.
[[nodiscard]] UTF8VIEW_ALWAYS_INLINE inline segment decode_segment_of_length(const unsigned char* p,
                                                                             unsigned length) noexcept
{
    std::uint32_t word;
    UTF8VIEW_MEMCPY(&word, p, sizeof word);
    const unsigned lead = word & 0xFFu;
    const unsigned second = (word >> 8) & 0xFFu;
    const unsigned high = lead >> 7;  // 1 unless ASCII
    const lead_byte_row row = lead_byte_table.rows[lead & 0x7Fu];  // the row of lead | 0x80
    const unsigned expected = (1u - high) + high * row.length;
    const unsigned whole = expected == length ? 1u : 0u;
    // 1 byte: 0xFF >> 1 = 0x7F; 2, 3, 4 bytes: 0x1F, 0x0F, 0x07.
    const std::uint32_t lead_bits = lead & (0xFFu >> (length + (length > 1 ? 1u : 0u)));
    const std::uint32_t gathered =
        lead_bits << 18 | (word >> 8 & 0x3Fu) << 12 | (word >> 16 & 0x3Fu) << 6 | (word >> 24 & 0x3Fu);
    const std::uint32_t value = gathered >> (6 * (4 - length));
    // second_byte_error without branches: a continuation byte outside the
    // row's range names the sequence's kind, anything else truncates it.
    constexpr unsigned truncated = static_cast<unsigned>(error_kind::truncated_sequence);
    constexpr unsigned overlong = static_cast<unsigned>(error_kind::overlong);
    constexpr unsigned surrogate = static_cast<unsigned>(error_kind::surrogate);
    constexpr unsigned out_of_range = static_cast<unsigned>(error_kind::out_of_range);
    const unsigned continues = (second & 0xC0u) == 0x80u ? 1u : 0u;
    const unsigned named = overlong + (lead == 0xEDu ? 1u : 0u) * (surrogate - overlong) +
                           (lead == 0xF4u ? 1u : 0u) * (out_of_range - overlong);
    const unsigned broken_lead = truncated + continues * (named - truncated);
    const unsigned one_byte = row.error + (row.length != 0 ? 1u : 0u) * broken_lead;
    const unsigned kind = ((length == 1 ? 1u : 0u) * one_byte + (length > 1 ? 1u : 0u) * truncated) * (1u - whole);
    const std::uint32_t element = 0xFFFDu ^ ((value ^ 0xFFFDu) & (0u - whole));
    return segment{element, static_cast<std::uint8_t>(length), static_cast<std::uint8_t>(kind)};
}

// Decodes the well-formed sequence at `p` without checking it: the caller
// knows (from a validation kernel) that the bytes from `p` on are
// well-formed UTF-8, so the lead byte alone gives the length (Table 3-7
// first column) and the bits are spread as in Table 3-6.
[[nodiscard]] UTF8VIEW_ALWAYS_INLINE constexpr segment decode_well_formed(const unsigned char* p) noexcept
{
    const unsigned char lead = p[0];
    if (lead < 0x80) return segment{lead, 1, 0};
    // The same bits as append_payload gathers them, shifted into place side
    // by side rather than one after the other: a shorter chain of operations.
    if (lead < 0xE0) return segment{lead_payload(lead, 2) << 6 | continuation_payload(p[1]), 2, 0};
    if (lead < 0xF0)
        return segment{lead_payload(lead, 3) << 12 | continuation_payload(p[1]) << 6 | continuation_payload(p[2]), 3,
                       0};
    return segment{lead_payload(lead, 4) << 18 | continuation_payload(p[1]) << 12 | continuation_payload(p[2]) << 6 |
                       continuation_payload(p[3]),
                   4, 0};
}

// The well-formed sequence that ends just before `p`, decoded without
// checks: the caller knows that the 1 to 4 bytes before `p` hold a whole
// well-formed sequence (a validation kernel said so) and that `p` is where
// it ends. Its lead byte is the last byte before `p` that is not a
// continuation byte (Table 3-7: continuation bytes never start a
// sequence); each test on the way back is a branch that text in one
// script predicts, so a loop of steps back does not wait for each length.
[[nodiscard]] UTF8VIEW_ALWAYS_INLINE constexpr segment decode_well_formed_before(const unsigned char* p) noexcept
{
    const unsigned char last = p[-1];
    if (last < 0x80) return segment{last, 1, 0};
    const unsigned char second_last = p[-2];
    if (second_last >= 0xC0) return segment{lead_payload(second_last, 2) << 6 | continuation_payload(last), 2, 0};
    const unsigned char third_last = p[-3];
    if (third_last >= 0xC0)
        return segment{lead_payload(third_last, 3) << 12 | continuation_payload(second_last) << 6 |
                           continuation_payload(last),
                       3, 0};
    return segment{lead_payload(p[-4], 4) << 18 | continuation_payload(third_last) << 12 |
                       continuation_payload(second_last) << 6 | continuation_payload(last),
                   4, 0};
}

template <class I>
struct located_segment {
    I start;          // first byte of the segment
    segment decoded;  // see scan_back
};

// The segment that contains the byte at `position`, found by looking back at
// most 3 bytes, never before `first`; each byte is dereferenced once and at
// most 4 bytes are read, all in [first, position].
//
// Why this agrees with forward decoding: a segment holds one byte that is not
// a continuation byte, its first. So the segment containing `position` starts
// at the nearest such byte at or before it, if the segment that byte starts
// reaches `position`, and otherwise `position` is a lone continuation byte.
// A segment is at most 4 bytes long, so looking back 3 bytes is enough.
// Whether it reaches `position` depends only on the bytes up to `position`.
//
// `decoded` is the segment decoded from the bytes [start, position] alone.
// If it is well-formed, it is exactly what forward decoding finds (a
// complete sequence does not depend on what follows). If it is not, its
// length and error kind may depend on the byte after `position` (E0 then 80
// is overlong, E0 at the end is truncated): callers that need them decode
// forwards from `start` with the real end as bound.
template <class I, class Bound>  // a bidirectional iterator and a sentinel for it
[[nodiscard]] constexpr located_segment<I> scan_back(const Bound& first, const I& position)
{
    unsigned char bytes[4] = {};  // bytes[4 - read .. 3] hold [candidate, position]
    bytes[3] = to_byte(*position);
    if (!is_continuation_byte(bytes[3])) {  // it starts its segment
        const unsigned char* cursor = bytes + 3;
        return {position, decode_segment(cursor, bytes + 4)};
    }
    I candidate = position;
    for (int read = 1; read < 4 && candidate != first;) {
        --candidate;
        ++read;
        bytes[4 - read] = to_byte(*candidate);
        if (is_continuation_byte(bytes[4 - read])) continue;
        const unsigned char* cursor = bytes + 4 - read;
        const segment decoded = decode_segment(cursor, bytes + 4);
        if (decoded.length == read) return {candidate, decoded};  // reaches `position`
        break;
    }
    return {position, ill_formed(error_kind::unexpected_continuation_byte, 1)};
}

// The first byte of the segment that contains the byte at `position` (see scan_back).
template <class I>  // a bidirectional iterator
[[nodiscard]] constexpr I segment_start(const I& first, const I& position)
{
    return scan_back(first, position).start;
}

}  // namespace utf8view::detail

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

#include <utf8view/detail/epilogue.hpp>

#endif  // UTF8VIEW_DETAIL_DECODE_STEP_HPP
