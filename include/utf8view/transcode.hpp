// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at https://www.boost.org/LICENSE_1_0.txt)

/// \file
/// Bulk algorithms: count the code points of UTF-8 bytes, decode them into a
/// buffer of `char32_t`, encode code points into a buffer of bytes. Same
/// results as the views (`views::decode`, `views::encode`) with the same
/// policy, faster: contiguous input is validated by the SIMD kernel ahead of
/// an unchecked decoding loop.

#ifndef UTF8VIEW_TRANSCODE_HPP
#define UTF8VIEW_TRANSCODE_HPP

#include <utf8view/config.hpp>
#include <utf8view/code_unit.hpp>
#include <utf8view/detail/byte_pointer.hpp>
#include <utf8view/detail/convert_loop.hpp>
#include <utf8view/detail/decode_step.hpp>
#include <utf8view/detail/kernel_calls.hpp>
#include <utf8view/detail/encode_step.hpp>
#include <utf8view/detail/subrange_of.hpp>
#include <utf8view/error.hpp>
#include <utf8view/error_policy.hpp>
#include <utf8view/unicode.hpp>
#include <utf8view/validate.hpp>

#include <bit>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <optional>
#include <ranges>
#include <type_traits>
#include <utility>

#include <utf8view/detail/prologue.hpp>

namespace utf8view {

namespace detail {

// The fast path validates at most this many bytes ahead at a time, so that
// an output buffer that fills early does not cost a scan of all the input.
inline constexpr std::size_t bulk_block_bytes = 64 * 1024;
// ... and, into a bounded output, no more than the room left can take: at
// most `bytes_per_unit` bytes of well-formed input for each element or
// code unit of room (4 bytes for a code point, 3 for a UTF-16 code unit, 1
// for a byte of repaired UTF-8), but not less than
// bounded_block_floor_bytes, so that a room of a few units does not cost a
// call to the kernel for every few bytes (the floor was not tuned). So a
// caller that decodes a large input through a small buffer, call after
// call, validates each byte a bounded number of times (at most
// the larger of bytes_per_unit and floor / room), where a
// block of bulk_block_bytes each time validated up to 64 KiB per call for
// the few KiB it decoded; and an output sized for the whole input
// (to_u32string sizes its string by decoded_size) still takes the whole
// block, as before. (A dropped error, or a U+FFFD that repair writes for
// one byte, takes other amounts: a block may then hold fewer elements than
// the room, or more than fit, and the loop goes on or stops as for any
// block.) Measured over the lipsum files in doc/design.md, "The contiguous
// fast path".
inline constexpr std::size_t bounded_block_floor_bytes = 1024;

// The block of bytes to validate ahead from a place where `left` bytes are
// left, into an output with room for `room` elements or code units
// (SIZE_MAX: unbounded), each taking at most `bytes_per_unit` bytes of
// well-formed input.
[[nodiscard]] constexpr std::size_t bulk_block_for(std::size_t left, std::size_t room,
                                                   std::size_t bytes_per_unit) noexcept
{
    const std::size_t block = left < bulk_block_bytes ? left : bulk_block_bytes;
    if (room >= block / bytes_per_unit) return block;  // room for the whole block (no product to overflow)
    const std::size_t wanted = room * bytes_per_unit;
    if (wanted < bounded_block_floor_bytes)
        return block < bounded_block_floor_bytes ? block : bounded_block_floor_bytes;
    return wanted;
}

// The bulk loops over bytes in memory take from the kernel the prefix of
// the block ahead it accepted (accepted_prefix_bytes), transcode or copy it
// fast, and decode with every check from the start of its last segment to
// checked_window_bytes past it: the vector block where the kernel saw
// something wrong. Each error found there sets the end of the checked
// stretch to clean_bytes_after_error past it, so that where errors are
// dense (Latin-1 read as UTF-8, binary) the loop stays in the checked
// decoder, which reads each byte once, instead of asking the kernel again
// after every error.
inline constexpr std::size_t checked_window_bytes = 64;
inline constexpr std::size_t clean_bytes_after_error = 16;
// The same for repair with a policy asked about each error (no dense
// windows to find a second error for), measured best of 0, 4, 8 and 16:
// the kernel finds the next error at vector speed and copies the bytes up
// to it whole. With a recording policy, against 16: Latin-1 text read as
// UTF-8 +8%, lipsum with an error every 97 bytes +20%, an error every 8
// bytes and random bytes the same; 0 and 4 lost up to half and a third
// there (doc/design.md, "The contiguous fast path"). decode_into with
// such a policy measured the same with 8 and keeps 16.
inline constexpr std::size_t asked_repair_clean_bytes_after_error = 8;
// The same for a transcoder's decode_replacing, which works a 64-byte
// window at a time: two windows past the last error. With 16, a window
// whose last error came early ended the stretch, and the kernel was asked
// again every few dozen bytes of Latin-1 text read as UTF-8. Measured over
// lipsum with an error every N bytes against 16 (AVX2): N = 97 +19%,
// Latin-1 text +39%, N = 200 and 2000 the same, N = 500 -6%
// (doc/design.md, "The contiguous fast path").
inline constexpr std::size_t vector_clean_bytes_after_error = 128;

// The start of the region to decode with every check, in the block [p, p +
// block): where the kernel's accepted prefix ends, at the start of its last
// segment (which may be a sequence the block's end cut).
[[nodiscard]] inline const unsigned char* checked_region_start(const unsigned char* p, std::size_t accepted) noexcept
{
    return accepted == 0 ? p : segment_start(p, p + (accepted - 1));
}

// Where the checked region ends, before errors extend it.
[[nodiscard]] inline const unsigned char* checked_region_stop(const unsigned char* p, std::size_t block,
                                                              std::size_t accepted) noexcept
{
    const std::size_t rest = block - accepted;
    return p + accepted + (rest < checked_window_bytes ? rest : checked_window_bytes);
}

// After an error that ends at `p`: the end of the checked stretch,
// `clean_bytes` past p (or the end of the bytes). The checked loop goes on
// to the first segment boundary at or after it.
[[nodiscard]] inline const unsigned char*
checked_stop_after_error(const unsigned char* p, const unsigned char* end,
                         std::size_t clean_bytes = clean_bytes_after_error) noexcept
{
    return static_cast<std::size_t>(end - p) < clean_bytes ? end : p + clean_bytes;
}

// What the policy does with every ill-formed maximal subpart, if that is
// fixed (`fixed` true): U+FFFD (on_error::replace) or nothing
// (on_error::skip), whatever the subpart's kind and offset. Those two let
// the bulk decoder replace errors in bulk, without a call per error. (A
// struct rather than std::optional: every translation unit that includes
// the library would instantiate std::optional for it.)
struct policy_subpart_action {
    bool fixed = false;
    simd::scalar::subpart_action action = simd::scalar::subpart_action::replace;
};
template <class Policy>
inline constexpr policy_subpart_action fixed_subpart_action = {};
template <>
inline constexpr policy_subpart_action fixed_subpart_action<on_error::replace_t> = {
    true, simd::scalar::subpart_action::replace};
template <>
inline constexpr policy_subpart_action fixed_subpart_action<on_error::skip_t> = {true,
                                                                                 simd::scalar::subpart_action::drop};
template <class Policy>
inline constexpr policy_subpart_action fixed_subpart_action<const Policy> = fixed_subpart_action<Policy>;

// Below these sizes the bulk algorithms call the scalar transcoder directly
// (inlined), not the one the dispatch table chose: a SIMD kernel's step
// needs 64 bytes or 16 code points anyway.
inline constexpr std::ptrdiff_t transcoder_threshold_bytes = 64;
inline constexpr std::size_t transcoder_threshold_code_points = 16;

// An output the transcoding kernels write to through a pointer: a
// contiguous iterator whose elements are `T`'s size and kind, either
// unbounded or bounded by a sized sentinel.
template <class O, class OS, class T>
concept pointer_output = std::contiguous_iterator<O> && sizeof(std::iter_value_t<O>) == sizeof(T) &&
                         std::is_same_v<std::remove_reference_t<std::iter_reference_t<O>>, std::iter_value_t<O>> &&
                         (std::same_as<OS, std::unreachable_sentinel_t> || std::sized_sentinel_for<OS, O>);

template <class O, class OS>
concept code_point_pointer_output = pointer_output<O, OS, char32_t> && std::same_as<std::iter_value_t<O>, char32_t>;

// How many elements fit between `out` and `out_last` (SIZE_MAX if unbounded).
template <class O, class OS>
[[nodiscard]] constexpr std::size_t room_between(const O& out, const OS& out_last) noexcept
{
    if constexpr (std::same_as<OS, std::unreachable_sentinel_t>) return static_cast<std::size_t>(-1);
    else return static_cast<std::size_t>(out_last - out);
}

// room_between where the output's size is known without walking it, else
// SIZE_MAX (as unbounded).
template <class O, class OS>
[[nodiscard]] constexpr std::size_t known_room(const O& out, const OS& out_last) noexcept
{
    if constexpr (std::same_as<OS, std::unreachable_sentinel_t> || std::sized_sentinel_for<OS, O>)
        return room_between(out, out_last);
    else return static_cast<std::size_t>(-1);
}

// The result iterator of an algorithm over R: `it`, or std::ranges::dangling
// if R is an rvalue that is not a borrowed range.
template <class R, class I>
[[nodiscard]] constexpr std::ranges::borrowed_iterator_t<R> borrowed_result(I it)
{
    if constexpr (std::ranges::borrowed_range<R>) return it;
    else return std::ranges::dangling{};
}

// Decodes the well-formed bytes [p, stop) into `out` (stopping early if the
// output is full) and returns where it stopped. Unchecked: the caller has
// validated the bytes, so only the lead byte decides the length
// (Table 3-7).
template <class O, class OS>
[[nodiscard]] const unsigned char* decode_valid_into(const unsigned char* p, const unsigned char* stop, O& out,
                                                     const OS& out_last)
{
    while (p != stop && out != out_last) {
        if (stop - p >= 8 && has_room(out, out_last, 8) && is_ascii_word(load_word(p))) {
            for (int index = 0; index < 8; ++index) *out++ = static_cast<char32_t>(p[index]);
            p += 8;
            continue;
        }
        const segment decoded = decode_well_formed(p);
        p += decoded.length;
        const char32_t code_point = decoded.code_point;
        *out++ = code_point;
    }
    return p;
}

// The checked, generic decoding loop (any input range, constant
// evaluation): one segment at a time, the policy deciding each maximal
// subpart, as views::decode does. `offset` is the byte offset of `first`.
template <class I, class S, class O, class OS, class Policy>
constexpr std::ranges::in_out_result<I, O> decode_checked(I first, const S& last, O out, const OS& out_last,
                                                          Policy& policy, std::size_t offset)
{
    return convert_checked<utf8_source, utf32_form, char32_t>(std::move(first), last, std::move(out), out_last, policy,
                                                              offset);
}

// The bytes of input a bounded output's room of code points takes at most
// (4 a code point), or, for a caller that knows its text better (a
// decode_buffered_view, from its last batch), `sixteenths` sixteenths of a
// byte a code point: the room the block is sized for, in code points of 4
// bytes (the most a bounded block validates, bulk_block_for).
inline constexpr std::size_t most_sixteenths_per_code_point = 64;
[[nodiscard]] constexpr std::size_t room_in_longest_code_points(std::size_t room, std::size_t sixteenths) noexcept
{
    if (sixteenths >= most_sixteenths_per_code_point || room > static_cast<std::size_t>(-1) / 64) return room;
    return room * sixteenths / most_sixteenths_per_code_point;
}

// `sixteenths`: the bytes of input a code point of output is expected to
// take, in sixteenths of a byte; a block is validated for that many, so
// that a bounded output over text of short characters does not validate
// bytes it will not reach (the loop takes another block if they run out).
template <class I, class S, class O, class OS, class Policy>
constexpr std::ranges::in_out_result<I, O> decode_bulk(I first, const S& last, O out, const OS& out_last,
                                                       Policy& policy,
                                                       std::size_t sixteenths = most_sixteenths_per_code_point)
{
    if constexpr (byte_pointer_range<I, S>) {
        if (!UTF8VIEW_IS_CONSTANT_EVALUATED()) {
            const auto* start = byte_pointer(first);
            const auto* p = start;
            const auto* const end = start + (last - first);
            while (p != end && out != out_last) {
                const auto left = static_cast<std::size_t>(end - p);
                const std::size_t block =
                    bulk_block_for(left, room_in_longest_code_points(known_room(out, out_last), sixteenths), 4);
                const std::size_t accepted = accepted_prefix_bytes(p, block);
                const auto* const valid_end = checked_region_start(p, accepted);
                const auto* stop = checked_region_stop(p, block, accepted);
                if constexpr (code_point_pointer_output<O, OS>) {
                    char32_t* const target = detail::to_address(out);
                    const std::size_t room = room_between(out, out_last);
                    // Short stretches stay inline: no call through the dispatch table.
                    const decode_progress progress =
                        valid_end - p < transcoder_threshold_bytes
                            ? simd::scalar::decode_valid(p, valid_end, target, room)
                            : decode_valid_with_active_transcoder(p, valid_end, target, room);
                    out += progress.out - target;
                    p = progress.in;
                }
                else {
                    p = decode_valid_into(p, valid_end, out, out_last);
                }
                if (p != valid_end || p == end || out == out_last) continue;
                // From p, a segment boundary: the block the kernel flagged (or
                // a character cut by the end of the block), decoded with
                // every check against the real end.
                if constexpr (code_point_pointer_output<O, OS> && fixed_subpart_action<Policy>.fixed) {
                    // U+FFFD or nothing for each maximal subpart, whatever
                    // its kind and offset: a transcoder does it in bulk.
                    char32_t* const target = detail::to_address(out);
                    const decode_progress progress = decode_replacing_with_active_transcoder(
                        p, stop, end, target, room_between(out, out_last), fixed_subpart_action<Policy>.action,
                        vector_clean_bytes_after_error);
                    out += progress.out - target;
                    p = progress.in;
                    continue;
                }
                do {
                    const auto [decoded, next] = decode_step_in_memory(p, end);
                    if (const auto element =
                            element_for(policy, decoded, [&] { return static_cast<std::size_t>(p - start); }))
                        *out++ = *element;
                    if (!decoded.well_formed()) stop = checked_stop_after_error(next, end);
                    p = next;
                } while (p < stop && out != out_last);
            }
            if (out == out_last)
                p = pass_over_dropped<utf8_source>(p, end, policy, static_cast<std::size_t>(p - start));
            return {first + (p - start), std::move(out)};
        }
    }
    return decode_checked(std::move(first), last, std::move(out), out_last, policy, 0);
}

// The element type an output iterator takes (output_unit_t): its value
// type, or, where that is void, for the standard insert iterators their
// container's, and for std::ostreambuf_iterator its character type (what it
// hands to the stream buffer). An output argument of the bulk functions
// takes UTF-8 code units (utf8_output_iterator_argument) or UTF-16 ones
// (utf16_output_iterator_argument) by that type. (std::ostream_iterator<T>
// names no T, and writes with the stream's formatting: not taken.)
template <class O>
concept value_typed_output = requires { typename std::iter_value_t<O>; };
template <class O>
struct output_value {};
template <class O>
    requires value_typed_output<O>
struct output_value<O> {
    using type = std::iter_value_t<O>;
};
template <class O>
    requires(!value_typed_output<O>) && requires { typename O::container_type::value_type; }
struct output_value<O> {
    using type = typename O::container_type::value_type;
};
template <class O>
    requires(!value_typed_output<O>) && (!requires { typename O::container_type::value_type; }) && requires {
        typename O::char_type;
        typename O::streambuf_type;
    }
struct output_value<O> {
    using type = typename O::char_type;
};
template <class O>
using output_unit_t = typename output_value<O>::type;

template <class O>
concept unit_output_iterator_argument = output_iterator_argument<O> && requires {
    typename output_unit_t<std::decay_t<O>>;
} && std::output_iterator<std::decay_t<O>, const output_unit_t<std::decay_t<O>>&>;
template <class O>
concept utf8_output_iterator_argument =
    unit_output_iterator_argument<O> && utf8_code_unit<output_unit_t<std::decay_t<O>>>;
template <class O>
concept utf16_output_iterator_argument =
    unit_output_iterator_argument<O> && utf16_code_unit<output_unit_t<std::decay_t<O>>>;

template <class I, class S, class O, class OS, class Policy>
constexpr std::ranges::in_out_result<I, O> encode_bulk(I first, const S& last, O out, const OS& out_last,
                                                       Policy& policy)
{
    using code_unit = output_unit_t<O>;
    // Not over volatile code points (as byte_pointer_range for bytes): the
    // kernels read through plain pointers.
    if constexpr (std::contiguous_iterator<I> && std::sized_sentinel_for<S, I> &&
                  std::same_as<std::iter_value_t<I>, char32_t> &&
                  !std::is_volatile_v<std::remove_reference_t<std::iter_reference_t<I>>> &&
                  pointer_output<O, OS, unsigned char>) {
        if (!UTF8VIEW_IS_CONSTANT_EVALUATED()) {
            // Runs of scalar values go to the transcoding kernel; it stops
            // at a value that is not one (for the policy) or at a full output.
            std::size_t room = room_between(out, out_last);
            if (first == last) return {std::move(first), std::move(out)};
            const char32_t* const begin = detail::to_address(first);
            const char32_t* const end = begin + (last - first);
            const char32_t* p = begin;
            unsigned char* const target = reinterpret_cast<unsigned char*>(detail::to_address(out));
            unsigned char* written = target;
            // Short input stays inline: no call through the dispatch table.
            const bool short_input = end - begin < static_cast<std::ptrdiff_t>(transcoder_threshold_code_points);
            const auto encode = [&](const char32_t* from, unsigned char* to, std::size_t space) {
                return short_input ? simd::scalar::encode_scalar_values(from, end, to, space)
                                   : encode_scalar_values_with_active_transcoder(from, end, to, space);
            };
            for (;;) {
                if (room != 0) {
                    const encode_progress progress = encode(p, written, room);
                    room -= static_cast<std::size_t>(progress.out - written);
                    written = progress.out;
                    p = progress.in;
                }
                if (p == end) break;
                // A full output asks a policy nothing more, unless it drops
                // every error (policy_drops_every_error): then the values it
                // drops are passed over.
                if (room == 0 && !policy_drops_every_error<Policy>) break;
                const std::uint8_t error = scalar_value_error(*p);
                if (error == 0) break;  // a scalar value that does not fit
                const encoded_sequence encoded =
                    unpack(packed_replacement(policy, error, *p, static_cast<std::size_t>(p - begin)));
                if (encoded.length > room) break;  // never write part of a code point's bytes
                for (std::size_t index = 0; index < encoded.length; ++index) *written++ = encoded.bytes[index];
                room -= encoded.length;
                ++p;
            }
            return {first + (p - begin), out + (written - target)};
        }
    }
    std::size_t offset = 0;
    // A full output ends the loop before the next value is read, so that a
    // policy is never asked about a value when there is no room at all,
    // unless the policy drops every error (policy_drops_every_error): then
    // the values it drops are passed over, and the loop ends at the next
    // scalar value. With some room left, the policy is asked first and its
    // replacement may then not fit (U+FFFD needs 3 bytes): the loop stops
    // there without writing.
    while (first != last) {
        if (out == out_last) {
            if constexpr (policy_drops_every_error<Policy>) {
                const auto value = *first;
                const std::uint8_t error = scalar_value_error(value);
                if (error == 0) break;
                // A replacement after all: no room for it.
                if (packed_replacement(policy, error, value, offset).length != 0) break;
                ++first;
                ++offset;
                continue;
            }
            else {
                break;
            }
        }
        const auto value = *first;
        encoded_sequence encoded;
        if constexpr (std::same_as<std::remove_cv_t<decltype(value)>, char32_t>) {
            // The common case first: ASCII (Table 3-6, first row).
            if (value < 0x80) {
                *out++ = static_cast<code_unit>(static_cast<unsigned char>(value));
                ++first;
                ++offset;
                continue;
            }
        }
        const std::uint8_t error = scalar_value_error(value);
        if (error == 0) [[likely]] { encoded = encode_scalar(static_cast<char32_t>(value)); }
        else {
            encoded = unpack(packed_replacement(policy, error, value, offset));
        }
        // Never write part of a code point's bytes.
        if (!has_room(out, out_last, encoded.length)) break;
        for (std::size_t index = 0; index < encoded.length; ++index)
            *out++ = static_cast<code_unit>(encoded.bytes[index]);
        ++first;
        ++offset;
    }
    return {std::move(first), std::move(out)};
}

// The segments of the 64-byte window at `p` (a segment boundary, with 64
// readable bytes) that a loop going a window at a time takes: those that
// start in its first 61 bytes, which end inside it (a segment is at most 4
// bytes); the next window starts where the last of them ends. From the
// transcoder's byte classes (classify_window) and split_segments.
struct taken_window {
    std::uint64_t starts;  // every segment start in the window (a bit per byte)
    std::uint64_t errors;  // the starts of the ill-formed segments taken
    std::size_t end;       // where the segments taken end: 61 to 64
};
[[nodiscard]] inline taken_window take_window(const unsigned char* p) noexcept
{
    const simd::segment_masks masks = simd::split_segments(classify_window_with_active_transcoder(p));
    const std::uint64_t taken = masks.starts & simd::complete_starts;  // bit 0 among them
    const int last = 63 - std::countl_zero(taken);
    const std::uint64_t after = masks.starts & ~((std::uint64_t{2} << last) - 1);
    return {masks.starts, taken & ~masks.well_formed, static_cast<std::size_t>(std::countr_zero(after))};
}

// Where the ill-formed segment taken at `at` ends: a maximal subpart is at
// most 3 bytes, so the next start is in the window.
[[nodiscard]] inline std::size_t error_end(const taken_window& window, unsigned at) noexcept
{
    return static_cast<std::size_t>(std::countr_zero(window.starts & (~std::uint64_t{1} << at)));
}

// walk_segments takes windows (walk_windows) from an error that comes at
// most this many bytes after the previous one ends.
inline constexpr std::ptrdiff_t dense_error_distance = 16;

// The segment starts a window takes (take_window): those before its end.
[[nodiscard]] inline std::uint64_t taken_starts(const taken_window& window) noexcept
{
    return window.end >= 64 ? window.starts : window.starts & ((std::uint64_t{1} << window.end) - 1);
}

// The bytes of the ill-formed segments a window takes, a bit per byte: a
// maximal subpart is at most 3 bytes, and its bytes after the first are
// those that start no segment.
[[nodiscard]] inline std::uint64_t ill_formed_bytes(const taken_window& window) noexcept
{
    const std::uint64_t second = window.errors << 1 & ~window.starts;
    const std::uint64_t third = second << 1 & ~window.starts;
    return window.errors | second | third;
}

// walk_segments from `p`, a segment boundary where the kernel found an
// error, a window of 64 bytes at a time (take_window) while errors come,
// each window whole to `whole_window`, which counts it from its masks.
// Asking the kernel again after each error costs a call per error, and
// going through a window's stretches and segments one at a time costs
// short loops and a mispredicted branch or two per error, where errors are
// dense and random (binary data read as UTF-8). Stops after two windows
// without an error, or where fewer than 64 bytes are left; returns where it
// stopped, a segment boundary, at least one window on.
template <class Window>
const unsigned char* walk_windows(const unsigned char* p, const unsigned char* end, Window& whole_window)
{
    int clean_windows = 0;  // windows since the last error
    while (end - p >= 64) {
        const taken_window window = take_window(p);
        clean_windows = window.errors == 0 ? clean_windows + 1 : 0;
        whole_window(window);
        p += window.end;
        if (clean_windows == 2) break;
    }
    return p;
}

// The code points, and the UTF-16 code units, of the well-formed stretch
// [first, last), for the size functions: a stretch shorter than
// transcoder_threshold_bytes counted inline by the scalar count (no call
// through the dispatch table, no transcoder chosen), a longer one by the
// active transcoder (SIMD where the CPU has one).
[[nodiscard]] inline std::size_t count_code_points_of_well_formed(const unsigned char* first,
                                                                  const unsigned char* last) noexcept
{
    if (last - first < transcoder_threshold_bytes) return simd::scalar::count_code_points_valid(first, last);
    return count_code_points_valid_with_active_transcoder(first, last);
}
[[nodiscard]] inline std::size_t count_utf16_units_of_well_formed(const unsigned char* first,
                                                                  const unsigned char* last) noexcept
{
    if (last - first < transcoder_threshold_bytes) return simd::scalar::count_utf16_units_valid(first, last);
    return count_utf16_units_valid_with_active_transcoder(first, last);
}

// The segments of `bytes`, for the size functions: over bytes in memory,
// each well-formed stretch the validation kernel accepts goes whole to
// `stretch(first, last)` (pointers to unsigned char), each other segment,
// decoded with every check, to `each(segment)`, and where errors come
// close together, each window of 64 bytes whole to
// `whole_window(taken_window)` (walk_windows); over other ranges and in
// constant evaluation every segment goes to `each`.
template <std::ranges::input_range R, class Stretch, class Each, class Window>
constexpr void walk_segments(R&& bytes, Stretch&& stretch, Each&& each, Window&& whole_window)
{
    using I = std::ranges::iterator_t<R>;
    using S = std::ranges::sentinel_t<R>;
    if constexpr (byte_pointer_range<I, S>) {
        if (!UTF8VIEW_IS_CONSTANT_EVALUATED()) {
            const auto* p = reinterpret_cast<const unsigned char*>(std::ranges::data(bytes));
            const auto* const end = p + std::ranges::size(bytes);
            const unsigned char* previous_error_end = nullptr;
            while (p != end) {
                const auto left = static_cast<std::size_t>(end - p);
                const std::size_t block = left < bulk_block_bytes ? left : bulk_block_bytes;
                const auto* const valid_end = p + valid_prefix_bytes(p, block);
                stretch(p, valid_end);
                p = valid_end;
                if (p == end) break;
                // An error at most dense_error_distance bytes after the
                // last: windows from here. (Where errors are further apart,
                // a call to the kernel after each costs less than windows.)
                if (end - p >= 64 && previous_error_end != nullptr && p - previous_error_end <= dense_error_distance) {
                    p = walk_windows(p, end, whole_window);  // at least one window on
                    continue;
                }
                const auto [decoded, next] = decode_step_in_memory(p, end);
                each(decoded);
                if (!decoded.well_formed()) previous_error_end = next;
                p = next;
            }
            return;
        }
    }
    auto first = std::ranges::begin(bytes);
    const auto last = std::ranges::end(bytes);
    while (first != last) each(decode_segment(first, last));
}

// count_code_points(bytes) and decoded_size(bytes): the segments of `bytes`.
template <std::ranges::input_range R>
[[nodiscard]] constexpr std::size_t count_segments(R& bytes)
{
    std::size_t count = 0;
    walk_segments(
        bytes,
        [&count](const unsigned char* first, const unsigned char* last) {
            // In well-formed UTF-8 each code point has exactly one byte
            // that is not a continuation byte.
            count += count_code_points_of_well_formed(first, last);
        },
        [&count](const segment&) { ++count; },
        [&count](const taken_window& window) {
            count += static_cast<std::size_t>(std::popcount(taken_starts(window)));
        });
    return count;
}

}  // namespace detail

/** The number of elements `views::decode` yields for `bytes` with
    `on_error::replace`: the number of code points of well-formed UTF-8,
    plus one for each ill-formed maximal subpart. The size of the output
    `decode_into` needs (with `on_error::skip` it writes at most this many).

    @param bytes a byte range (any `utf8_range`). A `char` or `char8_t`
    array, such as a string literal, is rejected at compile time (one
    `static_assert`, as by every function that takes text): its terminating
    NUL would be counted; pass a `std::string_view`, or `null_terminated`.
    @return a count of code points (not bytes).
    @par Complexity O(n). Contiguous sized input is validated by the SIMD
    kernel, and well-formed stretches are counted by their bytes that are not
    continuation bytes (by the transcoding kernel: SIMD where the CPU has
    one, else 8 bytes a step); where errors come close together, 64 bytes at
    a time split into segments with SIMD.
    @par Bad input never reads outside `bytes`.
    @par Standard Unicode 15.0 ch. 3, Table 3-7 and §3.9. */
template <std::ranges::input_range R>
    requires utf8_range<R>
[[nodiscard]] constexpr std::size_t count_code_points(R&& bytes)
{
    UTF8VIEW_REJECT_STRING_LITERAL(R, "utf8view::count_code_points", "count");
    return detail::count_segments(bytes);
}

/** The size of the output `decode_into(bytes, ...)` needs: the same count as
    `count_code_points(bytes)`, under the name of its family
    (`encoded_size`, `repaired_size`, `stream_decoder::max_decoded_size`),
    for code that sizes buffers.

    @param bytes a byte range (any `utf8_range`; string literals are rejected).
    @return a count of code points (not bytes).
    @par Complexity O(n), as `count_code_points`.
    @par Bad input each ill-formed maximal subpart counts one (its U+FFFD).
    @par Standard Unicode 15.0 ch. 3, Table 3-7 and §3.9. */
template <std::ranges::input_range R>
    requires utf8_range<R>
[[nodiscard]] constexpr std::size_t decoded_size(R&& bytes)
{
    UTF8VIEW_REJECT_STRING_LITERAL(R, "utf8view::decoded_size", "count");
    return detail::count_segments(bytes);
}

/** Decodes `bytes` into the code points `views::decode(bytes, policy)`
    yields, written to the output iterator `out` (no bound: make room for
    `count_code_points(bytes)` elements, or use a back inserter).

    @param bytes  a byte range (string literals are rejected).
    @param out    an output iterator of `char32_t`.
    @param policy a `decode_error_policy` (`on_error::replace` by default):
                  its answer, `std::optional<char32_t>` or `char32_t`, is
                  written for each maximal subpart (a result of another
                  type stops the compilation with one message).
    @return `{in, out}`: the end of `bytes` (dangling for a non-borrowed
    rvalue range) and the end of what was written.
    @par Complexity O(n). Contiguous sized input is validated 64 KiB at a
    time by the SIMD kernel (into a smaller bounded output, at most 4 bytes
    per code point of room, at least 1024, so that a caller decoding a
    large input through a small buffer reads it a bounded number of times)
    and decoded without checks where it is well-formed; ill-formed bytes
    are decoded one segment at a time, checked.
    @par Bad input as `views::decode`: each ill-formed maximal subpart goes to
    the policy once, in order; if it throws, what was written stays written.
    @par Standard Unicode 15.0 ch. 3, Table 3-7 and §3.9; WHATWG Encoding,
    "UTF-8 decoder". */
template <std::ranges::input_range R, detail::output_iterator_argument O,
          detail::decode_policy_argument Policy = on_error::replace_t>
    requires utf8_range<R> && std::output_iterator<std::decay_t<O>, const char32_t&>
constexpr std::ranges::in_out_result<std::ranges::borrowed_iterator_t<R>, std::decay_t<O>>
decode_into(R&& bytes, O&& out, Policy policy = Policy())
{
    UTF8VIEW_REJECT_STRING_LITERAL(R, "utf8view::decode_into", "decode");
    auto [in, written] = detail::decode_bulk(std::ranges::begin(bytes), std::ranges::end(bytes),
                                             std::decay_t<O>(std::forward<O>(out)), std::unreachable_sentinel, policy);
    return {detail::borrowed_result<R>(std::move(in)), std::move(written)};
}

/** Decodes `bytes` into the output range `out`, stopping when it is full.

    @param bytes  a byte range (string literals are rejected).
    @param out    a range of `char32_t` to write to (a `std::span<char32_t>`,
                  a `std::vector<char32_t>&` of the right size...).
    @param policy a `decode_error_policy`.
    @return `{in, out}`: where decoding stopped in `bytes` (on a segment
    boundary: the first segment not decoded, or the end) and the end of what
    was written in `out`.
    @par When the output fills up Once `out` is full the policy is asked
    nothing more, so that a caller who resumes at `in` with more room has
    each maximal subpart reported exactly once. A policy that drops every
    error (`on_error::skip`, or any declaring it: see
    `policy_drops_every_error`) needs no room, though: then the maximal
    subparts that follow are passed over (the policy told of each), and
    `in` is the first well-formed sequence that did not fit, or the end. So
    `41 80` into room for one code point gives `in` at byte 2 with
    `on_error::skip`, at byte 1 with `on_error::replace`. Over input ranges,
    where looking at a segment consumes it, reading stops once `out` is full.
    @par Complexity, bad input, standard: as the unbounded overload. */
template <std::ranges::input_range R, std::ranges::forward_range Out,
          detail::decode_policy_argument Policy = on_error::replace_t>
    requires utf8_range<R> && std::output_iterator<std::ranges::iterator_t<Out>, const char32_t&>
constexpr std::ranges::in_out_result<std::ranges::borrowed_iterator_t<R>, std::ranges::borrowed_iterator_t<Out>>
decode_into(R&& bytes, Out&& out, Policy policy = Policy())
{
    UTF8VIEW_REJECT_STRING_LITERAL(R, "utf8view::decode_into", "decode");
    auto [in, written] = detail::decode_bulk(std::ranges::begin(bytes), std::ranges::end(bytes),
                                             std::ranges::begin(out), std::ranges::end(out), policy);
    return {detail::borrowed_result<R>(std::move(in)), detail::borrowed_result<Out>(std::move(written))};
}

/** The number of bytes `encode_into(code_points, ...)` writes with
    `on_error::replace`: each scalar value's UTF-8 length (1 to 4, Table
    3-6), and 3 for each value that is not a scalar value (its U+FFFD).

    @param code_points a code point range (integers of at least 32 bits). A
                       `char32_t` array such as `U"..."` is rejected at
                       compile time (one `static_assert`): its terminating
                       NUL would be counted; pass a `std::u32string_view`.
    @return a count of bytes.
    @par Complexity O(n), one pass; nothing is written.
    @par Bad input Any values are allowed: each that is not a scalar value
    (a surrogate, above U+10FFFF, negative) counts 3 bytes. With
    `on_error::skip`, or a policy whose replacements are shorter,
    `encode_into` writes at most this many.
    @par Standard Unicode 15.0, ch. 3, D76 and Table 3-6. */
template <std::ranges::input_range R>
    requires code_point_range<R>
[[nodiscard]] constexpr std::size_t encoded_size(R&& code_points)
{
    UTF8VIEW_REJECT_STRING_LITERAL(R, "utf8view::encoded_size", "count");
    std::size_t size = 0;
    for (const auto value : code_points) {
        if (detail::scalar_value_error(value) != 0) size += 3;  // U+FFFD is EF BF BD
        else size += static_cast<std::size_t>(encoded_length(static_cast<char32_t>(value)));
    }
    return size;
}

/** Encodes `code_points` as UTF-8 into the output iterator `out` (no
    bound: make room for `encoded_size(code_points)` bytes, or use a back
    inserter). Writes exactly what `views::encode_as<CharT>(code_points,
    policy)` yields, `CharT` being the output's value type.

    @param code_points a code point range (integers of at least 32 bits;
                       `U"..."` arrays are rejected, as for `encoded_size`).
    @param out         an output iterator of a code unit type (`char`,
                       `char8_t`, `unsigned char`, `signed char`,
                       `std::byte`), an insert iterator
                       (`std::back_inserter(string)`) into a
                       container of one, or a `std::ostreambuf_iterator` of
                       one.
    @param policy      an `encode_error_policy` for values that are not
                       scalar values (surrogates, above U+10FFFF, negative),
                       returning `std::optional<char32_t>` or `char32_t`.
    @return `{in, out}`: the end of `code_points` and the end of what was written.
    @par Complexity O(n), one pass.
    @par Bad input each value that is not a scalar value goes to the policy
    once; the output is always well-formed UTF-8.
    @par Standard Unicode 15.0 ch. 3, D76, Table 3-6. */
template <std::ranges::input_range R, detail::utf8_output_iterator_argument O,
          detail::encode_policy_argument Policy = on_error::replace_t>
    requires code_point_range<R>
constexpr std::ranges::in_out_result<std::ranges::borrowed_iterator_t<R>, std::decay_t<O>>
encode_into(R&& code_points, O&& out, Policy policy = Policy())
{
    UTF8VIEW_REJECT_STRING_LITERAL(R, "utf8view::encode_into", "encode");
    auto [in, written] = detail::encode_bulk(std::ranges::begin(code_points), std::ranges::end(code_points),
                                             std::decay_t<O>(std::forward<O>(out)), std::unreachable_sentinel, policy);
    return {detail::borrowed_result<R>(std::move(in)), std::move(written)};
}

/** Encodes `code_points` as UTF-8 into the output range `out`, stopping
    before the first code point whose bytes do not all fit: a code point is
    never cut.

    @param code_points a code point range (`U"..."` arrays are rejected).
    @param out         a range of code units to write to.
    @param policy      an `encode_error_policy`.
    @return `{in, out}`: the first code point not encoded (or the end) and
    the end of what was written.
    @par When the output fills up As for the bounded `decode_into`: with no
    room left the policy is asked nothing more, except one that drops every
    error (`on_error::skip`; `policy_drops_every_error`), for which the
    values that are not scalar values after the last one written are passed
    over, so that `in` is the first scalar value that did not fit, or the
    end. With some room left, a value that is not a scalar value goes to
    the policy, and if its replacement does not fit the call stops before
    that value (the next call asks again).
    @par Complexity, bad input, standard: as the unbounded overload. */
template <std::ranges::input_range R, std::ranges::forward_range Out,
          detail::encode_policy_argument Policy = on_error::replace_t>
    requires code_point_range<R> && utf8_code_unit<std::ranges::range_value_t<Out>> &&
             std::output_iterator<std::ranges::iterator_t<Out>, const std::ranges::range_value_t<Out>&>
constexpr std::ranges::in_out_result<std::ranges::borrowed_iterator_t<R>, std::ranges::borrowed_iterator_t<Out>>
encode_into(R&& code_points, Out&& out, Policy policy = Policy())
{
    UTF8VIEW_REJECT_STRING_LITERAL(R, "utf8view::encode_into", "encode");
    auto [in, written] = detail::encode_bulk(std::ranges::begin(code_points), std::ranges::end(code_points),
                                             std::ranges::begin(out), std::ranges::end(out), policy);
    return {detail::borrowed_result<R>(std::move(in)), detail::borrowed_result<Out>(std::move(written))};
}

}  // namespace utf8view

#include <utf8view/detail/epilogue.hpp>

#endif  // UTF8VIEW_TRANSCODE_HPP
