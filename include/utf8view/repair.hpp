// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at https://www.boost.org/LICENSE_1_0.txt)

/// \file
/// Repair: UTF-8 bytes in, well-formed UTF-8 bytes out, each ill-formed
/// maximal subpart replaced by U+FFFD (`EF BF BD`), dropped, or what an
/// error policy says. Well-formed stretches are copied as they are, never
/// decoded and encoded again: over contiguous input the SIMD kernel finds
/// them and they are copied a block at a time.

#ifndef UTF8VIEW_REPAIR_HPP
#define UTF8VIEW_REPAIR_HPP

#include <utf8view/config.hpp>
#include <utf8view/code_unit.hpp>
#include <utf8view/detail/byte_pointer.hpp>
#include <utf8view/detail/decode_step.hpp>
#include <utf8view/detail/encode_step.hpp>
#include <utf8view/detail/kernel_calls.hpp>
#include <utf8view/error.hpp>
#include <utf8view/error_policy.hpp>
#include <utf8view/transcode.hpp>
#include <utf8view/unicode.hpp>

#include <bit>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <ranges>
#include <string>
#include <type_traits>
#include <utility>

#include <utf8view/detail/prologue.hpp>

namespace utf8view {

namespace detail {

// Where repair writes. A sink takes runs of bytes and says how much room
// it has left (SIZE_MAX: no bound); the repair loop is written once for all
// of them.
//
// Output through a pointer (a contiguous output of bytes): runs are copied
// with memcpy.
struct pointer_sink {
    static constexpr std::size_t unbounded = static_cast<std::size_t>(-1);
    unsigned char* out;
    std::size_t room;

    [[nodiscard]] std::size_t space() const noexcept { return room; }
    void write(const unsigned char* bytes, std::size_t count) noexcept
    {
        if (count != 0) UTF8VIEW_MEMCPY(out, bytes, count);
        advance(count);
    }
    // `count` bytes were written at `out` by other means.
    void advance(std::size_t count) noexcept
    {
        out += count;
        if (room != unbounded) room -= count;
    }
};

// Any other output iterator, with a sentinel (std::unreachable_sentinel_t
// when unbounded): a byte at a time, as the output's code unit type. The
// room is counted once (by stepping, if the sentinel is not sized) and then
// kept.
template <class O, class OS>
struct iterator_sink {
    O out;
    std::size_t room;

    constexpr iterator_sink(O first, const OS& last) : out(std::move(first)), room(room_of(out, last)) {}

    [[nodiscard]] static constexpr std::size_t room_of(const O& first, const OS& last)
    {
        if constexpr (std::same_as<OS, std::unreachable_sentinel_t>) { return static_cast<std::size_t>(-1); }
        else if constexpr (std::sized_sentinel_for<OS, O>) {
            return static_cast<std::size_t>(last - first);
        }
        else {
            O probe = first;
            std::size_t count = 0;
            for (; probe != last; ++probe) ++count;
            return count;
        }
    }
    [[nodiscard]] constexpr std::size_t space() const noexcept { return room; }
    constexpr void write(const unsigned char* bytes, std::size_t count)
    {
        using code_unit = output_unit_t<O>;
        for (std::size_t index = 0; index < count; ++index) *out++ = static_cast<code_unit>(bytes[index]);
        if (room != static_cast<std::size_t>(-1)) room -= count;
    }
};

// A string that grows: runs are appended.
template <class String>
struct string_sink {
    String* text;

    [[nodiscard]] constexpr std::size_t space() const noexcept { return static_cast<std::size_t>(-1); }
    constexpr void write(const unsigned char* bytes, std::size_t count)
    {
        using code_unit = typename String::value_type;
        if constexpr (sizeof(code_unit) == 1 && std::is_trivially_copyable_v<code_unit>) {
            if (!UTF8VIEW_IS_CONSTANT_EVALUATED()) {
                text->append(reinterpret_cast<const code_unit*>(bytes), count);
                return;
            }
        }
        for (std::size_t index = 0; index < count; ++index) text->push_back(static_cast<code_unit>(bytes[index]));
    }
};

// Once a bounded output is full (no room for one more byte) or the next
// segment does not fit, the repair of a maximal subpart that a policy
// drops every error of (policy_drops_every_error) needs no room: those are
// passed over, as pass_over_dropped does for decode_into.

// Repair a window of 64 bytes at a time, for the policies that answer every
// maximal subpart the same way (fixed_subpart_action: U+FFFD, or nothing),
// from `p`, a segment boundary after two errors close together, while
// errors come: the transcoder classifies the window's bytes, split_segments
// finds its segments and which are well-formed (take_window, in
// transcode.hpp), and the stretches between the ill-formed ones are copied
// whole, each ill-formed maximal subpart giving `EF BF BD` or nothing:
// into a pointer in place where that is safe (see below), else into a
// buffer on the stack and then to the sink in one piece. A window
// takes the segments that start in its first 61 bytes (they end inside
// it); the next starts where the last of them ends. Stops after two windows
// without an error (the kernel then takes over again), where fewer than 128
// bytes are left (the copies read 64 bytes from any segment start in the
// window), or where the sink has no room for a window's most (3 bytes per
// byte). Where errors are dense and random (binary data read as UTF-8), the
// segment-at-a-time loop branched on each lead byte and wrote each error
// apart: repair ran at about 0.1 GB/s over random bytes, and about 1 GB/s
// this way (doc/design.md, "The contiguous fast path"). Returns where it
// stopped, a segment boundary.
inline constexpr std::ptrdiff_t repair_window_reach = 128;

template <class Sink>
const unsigned char* repair_windows(const unsigned char* p, const unsigned char* end, Sink& sink,
                                    simd::scalar::subpart_action action)
{
    constexpr unsigned char replacement_bytes[4] = {0xEF, 0xBF, 0xBD, 0x00};  // U+FFFD, Table 3-6
    const bool replace = action == simd::scalar::subpart_action::replace;
    const std::size_t most = replace ? 3 * 64 : 64;  // a window's longest output
    const std::size_t replacement_length = replace ? 3 : 0;
    unsigned char staged[3 * 64 + 64];  // the longest output and one copy's overshoot
    int clean_windows = 0;  // windows since the last error
    while (end - p >= repair_window_reach && sink.space() >= most) {
        const taken_window window = take_window(p);
        clean_windows = window.errors == 0 ? clean_windows + 1 : 0;
        // Into a pointer, the window is written in place where the bytes
        // its copies write past its output (at most 64) are sure to be
        // written again, so that nothing is left written past what the
        // caller is told was written: with U+FFFD for each error, the rest
        // of the input (64 bytes at least) gives at least as many bytes as
        // it has, and a room with 67 bytes to spare after the window takes
        // at least 64 of them (it stops at most 3 bytes short).
        bool in_place = false;
        unsigned char* first = staged;
        if constexpr (std::same_as<Sink, pointer_sink>) {
            in_place = replace && sink.room - most >= 64 + 3;
            if (in_place) first = sink.out;
        }
        unsigned char* out = first;
        std::size_t run = 0;  // where the well-formed stretch being copied starts
        for (std::uint64_t errors = window.errors; errors != 0; errors &= errors - 1) {
            const auto error = static_cast<unsigned>(std::countr_zero(errors));
            UTF8VIEW_MEMCPY(out, p + run, 64);
            out += error - run;
            UTF8VIEW_MEMCPY(out, replacement_bytes, 4);
            out += replacement_length;
            run = error_end(window, error);
        }
        UTF8VIEW_MEMCPY(out, p + run, 64);
        out += window.end - run;
        const auto written = static_cast<std::size_t>(out - first);
        if constexpr (std::same_as<Sink, pointer_sink>) {
            if (in_place) sink.advance(written);
            else sink.write(staged, written);
        }
        else {
            sink.write(staged, written);
        }
        p += window.end;
        if (clean_windows == 2) break;
    }
    return p;
}

// How far past an error the repair loop decodes with every check before it
// asks the kernel again: clean_bytes_after_error for a policy with a fixed
// answer, whose dense windows need a second error found close by;
// asked_repair_clean_bytes_after_error for a policy asked about each error.
template <class Policy>
inline constexpr std::size_t repair_clean_bytes_after_error =
    fixed_subpart_action<Policy>.fixed ? clean_bytes_after_error : asked_repair_clean_bytes_after_error;

// The repair loop over bytes in memory: the prefix of the block ahead that
// the kernel accepted is copied whole (or, if it does not all fit, up to the
// last sequence that does); from the start of its last segment, the block
// the kernel flagged is repaired one segment at a time, checked, each
// maximal subpart going to the policy (checked_region_start and the
// constants next to it, in transcode.hpp). Returns where it stopped.
template <class Sink, class Policy>
const unsigned char* repair_memory(const unsigned char* start, const unsigned char* end, Sink& sink, Policy& policy,
                                   std::size_t base_offset)
{
    const unsigned char* p = start;
    bool full = false;  // the next segment (or replacement) does not fit
    // With a fixed answer to every error: whether two errors came in one
    // checked stretch (the flagged block, and clean_bytes_after_error bytes
    // past each error), so close together that windows (repair_windows)
    // take over from the segment after the second.
    bool dense = false;
    while (p != end && !full) {
        if constexpr (fixed_subpart_action<Policy>.fixed) {
            if (dense) {
                dense = false;
                if (end - p >= repair_window_reach) {
                    const unsigned char* const windows_end =
                        repair_windows(p, end, sink, fixed_subpart_action<Policy>.action);
                    if (windows_end != p) {
                        p = windows_end;
                        continue;  // the kernel again, from a segment boundary
                    }
                }
            }
        }
        const auto left = static_cast<std::size_t>(end - p);
        const std::size_t room = sink.space();
        const std::size_t block = bulk_block_for(left, room, 1);
        // Into a pointer with room for the whole block, the kernel copies
        // most of what it accepts as it reads it (copy_accepted_prefix),
        // storing up to the block's end. The room must be there: a bounded
        // output's, or an unbounded one's under replace, whose output is
        // never shorter than its input (U+FFFD is as long as the longest
        // maximal subpart), so that a buffer made for repaired_size(bytes)
        // holds the block. Under other policies an exactly sized unbounded
        // buffer may end before the block does.
        prefix_copy scan;
        if constexpr (std::same_as<Sink, pointer_sink>) {
            constexpr bool output_outgrows_input =
                fixed_subpart_action<Policy>.fixed &&
                fixed_subpart_action<Policy>.action == simd::scalar::subpart_action::replace;
            if (room >= block && (output_outgrows_input || room != pointer_sink::unbounded))
                scan = copy_accepted_prefix_bytes(p, block, sink.out);
            else scan.accepted = accepted_prefix_bytes(p, block);
        }
        else {
            scan.accepted = accepted_prefix_bytes(p, block);
        }
        const std::size_t accepted = scan.accepted;
        const unsigned char* const valid_end = checked_region_start(p, accepted);
        const unsigned char* stop = checked_region_stop(p, block, accepted);
        const auto valid = static_cast<std::size_t>(valid_end - p);
        if (scan.copied != 0) {
            // copied <= accepted - 4 <= valid: the rest of the stretch follows.
            if constexpr (std::same_as<Sink, pointer_sink>) sink.advance(scan.copied);
            sink.write(p + scan.copied, valid - scan.copied);
        }
        else if (valid > room) {
            // Up to the last whole sequence that fits: the stretch is
            // well-formed, so the nearest byte at or before p + room that is
            // not a continuation byte starts a sequence (at most 3 back).
            const unsigned char* cut = p + room;
            while (cut != p && is_continuation_byte(*cut)) --cut;
            sink.write(p, static_cast<std::size_t>(cut - p));
            p = cut;
            break;
        }
        else {
            sink.write(p, valid);
        }
        p = valid_end;
        // From p, a segment boundary: the flagged block, or a sequence cut
        // by the block's end, checked against the real end. The well-formed
        // sequences from `run` to p are written together, before an error's
        // replacement and at the end: one copy per run, not per sequence.
        const unsigned char* run = p;
        unsigned errors_here = 0;  // in this checked stretch
        while (p != end) {
            const auto [decoded, next] = decode_step_in_memory(p, end);
            if (decoded.well_formed()) {
                if (static_cast<std::size_t>(next - run) > sink.space()) {
                    full = true;
                    break;
                }
            }
            else {
                sink.write(run, static_cast<std::size_t>(p - run));
                run = p;
                if (sink.space() == 0) {  // full: see after the loop
                    full = true;
                    break;
                }
                if (const auto replacement =
                        ask_policy_about(policy, decoded, base_offset + static_cast<std::size_t>(p - start))) {
                    const encoded_sequence encoded = encode_scalar(*replacement);
                    if (encoded.length > sink.space()) {  // never part of a sequence
                        full = true;
                        break;
                    }
                    sink.write(encoded.bytes.data(), encoded.length);
                }
                stop = checked_stop_after_error(next, end, repair_clean_bytes_after_error<Policy>);
                run = next;
                if constexpr (fixed_subpart_action<Policy>.fixed) {
                    if (errors_here++ != 0) {
                        dense = true;
                        p = next;
                        break;
                    }
                }
            }
            p = next;
            if (p >= stop) break;
        }
        sink.write(run, static_cast<std::size_t>(p - run));
    }
    if (p != end && policy_drops_every_error<Policy>)
        p = pass_over_dropped<utf8_source>(p, end, policy, base_offset + static_cast<std::size_t>(p - start));
    return p;
}

// The repair loop over any byte range (and in constant evaluation): one
// segment at a time, checked. Over an input range the bytes are consumed as
// they are read, so a sink must have room for the longest result (4 bytes):
// bounded outputs take forward ranges only.
template <class I, class S, class Sink, class Policy>
constexpr I repair_checked(I first, const S& last, Sink& sink, Policy& policy, std::size_t offset)
{
    while (first != last) {
        if constexpr (std::forward_iterator<I>) {
            auto [decoded, next] = decode_step(first, last);
            if (decoded.well_formed()) [[likely]] {
                if (decoded.length > sink.space()) break;
                const encoded_sequence encoded = encode_scalar(decoded.code_point);  // the same bytes
                sink.write(encoded.bytes.data(), encoded.length);
            }
            else {
                if (sink.space() == 0) {
                    if constexpr (policy_drops_every_error<Policy>)
                        first = pass_over_dropped<utf8_source>(std::move(first), last, policy, offset);
                    break;
                }
                if (const auto replacement = ask_policy_about(policy, decoded, offset)) {
                    const encoded_sequence encoded = encode_scalar(*replacement);
                    if (encoded.length > sink.space()) break;
                    sink.write(encoded.bytes.data(), encoded.length);
                }
            }
            offset += decoded.length;
            first = std::move(next);
        }
        else {
            const segment decoded = decode_segment(first, last);
            if (decoded.well_formed()) [[likely]] {
                const encoded_sequence encoded = encode_scalar(decoded.code_point);
                sink.write(encoded.bytes.data(), encoded.length);
            }
            else if (const auto replacement = ask_policy_about(policy, decoded, offset)) {
                const encoded_sequence encoded = encode_scalar(*replacement);
                sink.write(encoded.bytes.data(), encoded.length);
            }
            offset += decoded.length;
        }
    }
    return first;
}

// Repairs [first, last) into `sink`; returns where it stopped.
template <class I, class S, class Sink, class Policy>
constexpr I repair_bulk(I first, const S& last, Sink& sink, Policy& policy, std::size_t base_offset = 0)
{
    if constexpr (byte_pointer_range<I, S>) {
        if (!UTF8VIEW_IS_CONSTANT_EVALUATED()) {
            const unsigned char* const start = byte_pointer(first);
            const unsigned char* const stop = repair_memory(start, start + (last - first), sink, policy, base_offset);
            return first + (stop - start);
        }
    }
    return repair_checked(std::move(first), last, sink, policy, base_offset);
}

// Repairs into the output iterator `out` bounded by `out_last`, through a
// pointer where the output allows it.
template <class I, class S, class O, class OS, class Policy>
constexpr std::ranges::in_out_result<I, O> repair_to(I first, const S& last, O out, const OS& out_last, Policy& policy)
{
    if constexpr (pointer_output<O, OS, unsigned char>) {
        if (!UTF8VIEW_IS_CONSTANT_EVALUATED()) {
            unsigned char* const target = reinterpret_cast<unsigned char*>(detail::to_address(out));
            pointer_sink sink{target, room_between(out, out_last)};
            I stop = repair_bulk(std::move(first), last, sink, policy);
            return {std::move(stop), out + (sink.out - target)};
        }
    }
    iterator_sink<O, OS> sink(std::move(out), out_last);
    I stop = repair_bulk(std::move(first), last, sink, policy);
    return {std::move(stop), std::move(sink.out)};
}

}  // namespace detail

/** The number of bytes `repair_into(bytes, out)` writes with
    `on_error::replace`: the bytes of the well-formed sequences, and 3 (the
    bytes of U+FFFD, `EF BF BD`) for each ill-formed maximal subpart. With
    `on_error::skip` the repair is never longer.

    @param bytes a byte range (string literals are rejected).
    @return a count of bytes.
    @par Complexity O(n). Contiguous sized input is validated by the SIMD
    kernel; only the bytes around errors are decoded, and where errors come
    close together 64 bytes at a time split into segments with SIMD.
    @par Bad input never reads outside `bytes`.
    @par Standard Unicode 15.0 ch. 3, Table 3-7 and §3.9; WHATWG Encoding,
    "UTF-8 decoder". */
template <std::ranges::input_range R>
    requires utf8_range<R>
[[nodiscard]] constexpr std::size_t repaired_size(R&& bytes)
{
    UTF8VIEW_REJECT_STRING_LITERAL(R, "utf8view::repaired_size", "count");
    std::size_t size = 0;
    detail::walk_segments(
        bytes,
        [&size](const unsigned char* first, const unsigned char* last) {
            size += static_cast<std::size_t>(last - first);
        },
        [&size](const detail::segment& decoded) {
            size += decoded.well_formed() ? std::size_t{decoded.length} : std::size_t{3};  // U+FFFD: EF BF BD
        },
        [&size](const detail::taken_window& window) {
            // The window's bytes, less those of its errors, and 3 for each.
            size += window.end - static_cast<std::size_t>(std::popcount(detail::ill_formed_bytes(window))) +
                    3 * static_cast<std::size_t>(std::popcount(window.errors));
        });
    return size;
}

/** Copies `bytes` to the output iterator `out` as well-formed UTF-8: each
    well-formed sequence as it is, each ill-formed maximal subpart replaced
    by what `policy` returns (U+FFFD, `EF BF BD`, by default), or dropped.
    No bound: make room for `repaired_size(bytes)` bytes (with
    `on_error::replace` or `on_error::skip`), or use a back inserter, or
    `repair`, which returns a `std::string`.

    With `on_error::replace` the output is, byte for byte, what a browser's
    `new TextDecoder('utf-8', {ignoreBOM: true}).decode(bytes)` gives,
    encoded again as UTF-8: a BOM (`EF BB BF`) is copied as any character
    (a default `TextDecoder` drops one at the start; `strip_bom` does that).

    @param bytes  a byte range (string literals are rejected).
    @param out    an output iterator of a code unit type (`char`, `char8_t`,
                  `unsigned char`, `signed char`, `std::byte`), an insert
                  iterator into a container of one, or a
                  `std::ostreambuf_iterator` of one.
    @param policy a `decode_error_policy`: called once for each maximal
                  subpart, in order, with its kind, byte offset and length;
                  it returns `std::optional<char32_t>` or `char32_t`.
    @return `{in, out}`: the end of `bytes` (dangling for a non-borrowed
    rvalue range) and the end of what was written.
    @par Complexity O(n). Contiguous sized input is validated 64 KiB at a
    time by the SIMD kernel (into a smaller bounded output, as many bytes
    as it has room for, at least 1024, so that a caller repairing a large
    input through a small buffer reads it a bounded number of times) and
    each well-formed
    stretch copied whole
    (memcpy into a contiguous output); only the maximal subparts are
    decoded. Where errors come close together, `replace` and `skip` go 64
    bytes at a time, split into segments with SIMD, and copy the stretches
    between errors whole. Other ranges: one segment at a time.
    @par Bad input every ill-formed maximal subpart goes to the policy; the
    output is always well-formed UTF-8 (a replacement that is not a scalar
    value is written as U+FFFD). If the policy throws, what was written
    stays written.
    @par Standard Unicode 15.0 ch. 3, Table 3-7 and §3.9 ("U+FFFD
    Substitution of Maximal Subparts"); WHATWG Encoding, "UTF-8 decoder". */
template <std::ranges::input_range R, detail::utf8_output_iterator_argument O,
          detail::decode_policy_argument Policy = on_error::replace_t>
    requires utf8_range<R>
constexpr std::ranges::in_out_result<std::ranges::borrowed_iterator_t<R>, std::decay_t<O>>
repair_into(R&& bytes, O&& out, Policy policy = Policy())
{
    UTF8VIEW_REJECT_STRING_LITERAL(R, "utf8view::repair_into", "repair");
    auto [in, written] = detail::repair_to(std::ranges::begin(bytes), std::ranges::end(bytes),
                                           std::decay_t<O>(std::forward<O>(out)), std::unreachable_sentinel, policy);
    return {detail::borrowed_result<R>(std::move(in)), std::move(written)};
}

/** Repairs `bytes` into the output range `out`, stopping before the first
    sequence (or replacement) whose bytes do not all fit: a character is
    never cut.

    @param bytes  a forward byte range (the bytes of a sequence that does
                  not fit must stay readable for the next call; string
                  literals are rejected).
    @param out    a range of code units to write to.
    @param policy a `decode_error_policy`.
    @return `{in, out}`: where repair stopped in `bytes` (on a segment
    boundary) and the end of what was written.
    @par When the output fills up as for the bounded `decode_into`: once
    `out` is full the policy is asked nothing more, except a policy that
    drops every error (`on_error::skip`; `policy_drops_every_error`), for
    which the maximal subparts that follow are passed over. With room for
    part of a replacement, the policy is asked and the call stops before
    the subpart if its replacement does not fit. The code units of `out`
    past the returned end are left as they were (into a contiguous
    output, the SIMD copy may write the 4 bytes after a block it copied
    and put them back).
    @par Complexity, bad input, standard: as the unbounded overload. */
template <std::ranges::forward_range R, std::ranges::forward_range Out,
          detail::decode_policy_argument Policy = on_error::replace_t>
    requires utf8_range<R> && utf8_code_unit<std::ranges::range_value_t<Out>> &&
             std::output_iterator<std::ranges::iterator_t<Out>, const std::ranges::range_value_t<Out>&>
constexpr std::ranges::in_out_result<std::ranges::borrowed_iterator_t<R>, std::ranges::borrowed_iterator_t<Out>>
repair_into(R&& bytes, Out&& out, Policy policy = Policy())
{
    UTF8VIEW_REJECT_STRING_LITERAL(R, "utf8view::repair_into", "repair");
    auto [in, written] = detail::repair_to(std::ranges::begin(bytes), std::ranges::end(bytes), std::ranges::begin(out),
                                           std::ranges::end(out), policy);
    return {detail::borrowed_result<R>(std::move(in)), detail::borrowed_result<Out>(std::move(written))};
}

/** `bytes` repaired, as a `std::string`: each well-formed sequence as it
    is, each ill-formed maximal subpart replaced by U+FFFD (`EF BF BD`), or
    as `policy` says.

    @param bytes  a byte range (string literals are rejected).
    @param policy a `decode_error_policy`.
    @return a `std::string` of well-formed UTF-8.
    @par Complexity O(n): one pass (the string grows by whole well-formed
    stretches).
    @par Bad input, standard: as `repair_into`. */
template <std::ranges::input_range R, detail::decode_policy_argument Policy = on_error::replace_t>
    requires utf8_range<R>
[[nodiscard]] constexpr std::string repair(R&& bytes, Policy policy = Policy())
{
    UTF8VIEW_REJECT_STRING_LITERAL(R, "utf8view::repair", "repair");
    std::string text;
    if constexpr (std::ranges::sized_range<R>) text.reserve(static_cast<std::size_t>(std::ranges::size(bytes)));
    detail::string_sink<std::string> sink{&text};
    detail::repair_bulk(std::ranges::begin(bytes), std::ranges::end(bytes), sink, policy);
    return text;
}

}  // namespace utf8view

#include <utf8view/detail/epilogue.hpp>

#endif  // UTF8VIEW_REPAIR_HPP
