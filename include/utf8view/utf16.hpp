// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at https://www.boost.org/LICENSE_1_0.txt)

/// \file
/// UTF-16 in bulk: validation, conversion from UTF-8 and to UTF-8 (with
/// the same error policies, output forms and size functions as
/// `decode_into`), and appending one code point to a UTF-16 string.

#ifndef UTF8VIEW_UTF16_HPP
#define UTF8VIEW_UTF16_HPP

#include <utf8view/config.hpp>
#include <utf8view/code_unit.hpp>
#include <utf8view/detail/byte_pointer.hpp>
#include <utf8view/detail/convert_loop.hpp>
#include <utf8view/detail/decode_step.hpp>
#include <utf8view/detail/encode_step.hpp>
#include <utf8view/detail/kernel_calls.hpp>
#include <utf8view/detail/subrange_of.hpp>
#include <utf8view/detail/utf16_step.hpp>
#include <utf8view/error.hpp>
#include <utf8view/error_policy.hpp>
#include <utf8view/transcode.hpp>
#include <utf8view/unicode.hpp>

#include <bit>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <optional>
#include <ranges>
#include <string>
#include <type_traits>
#include <utility>

#include <utf8view/detail/prologue.hpp>

namespace utf8view {

namespace detail {

template <class Out>
concept utf16_output_range = std::ranges::forward_range<Out> && utf16_code_unit<std::ranges::range_value_t<Out>> &&
                             std::output_iterator<std::ranges::iterator_t<Out>, const std::ranges::range_value_t<Out>&>;

template <class Out>
concept utf8_output_range = std::ranges::forward_range<Out> && utf8_code_unit<std::ranges::range_value_t<Out>> &&
                            std::output_iterator<std::ranges::iterator_t<Out>, const std::ranges::range_value_t<Out>&>;

// The contiguous fast paths. Each converts the well-formed stretches with
// no check against errors (only against the room left), through the active
// transcoder for char16_t (the kernels of simd/transcode_*.hpp) or the
// scalar loops of simd/transcode_scalar.hpp for another 16-bit type, and
// hands each element it stops at (an error, or one that does not fit) to
// the checked convert_one, which asks the policy. Results are the checked
// loop's.

// The end of a pointer output: a pointer, or no end.
template <class OS, class O, class P>
[[nodiscard]] constexpr auto pointer_output_end(const O& out, const OS& out_last, P* target) noexcept
{
    if constexpr (std::same_as<OS, std::unreachable_sentinel_t>) {
        static_cast<void>(out);
        static_cast<void>(out_last);
        static_cast<void>(target);
        return std::unreachable_sentinel;
    }
    else {
        return target + (out_last - out);
    }
}

// utf16_to_utf8_into's loop.
template <class Unit, class I, class S, class O, class OS, class Policy>
constexpr std::ranges::in_out_result<I, O> utf16_to_utf8_bulk(I first, const S& last, O out, const OS& out_last,
                                                              Policy& policy)
{
    if constexpr (std::contiguous_iterator<I> && std::sized_sentinel_for<S, I> &&
                  !std::is_volatile_v<std::remove_reference_t<std::iter_reference_t<I>>> &&
                  pointer_output<O, OS, unsigned char>) {
        if (!UTF8VIEW_IS_CONSTANT_EVALUATED()) {
            using code_unit = std::remove_cv_t<std::iter_value_t<I>>;
            const code_unit* const start = detail::to_address(first);
            const code_unit* const end = start + (last - first);
            const code_unit* p = start;
            unsigned char* const target = reinterpret_cast<unsigned char*>(detail::to_address(out));
            const auto target_end = pointer_output_end(out, out_last, target);
            unsigned char* o = target;
            while (p != end) {
                const auto progress = [&] {
                    if constexpr (std::same_as<code_unit, char16_t>)
                        return utf16_to_utf8_with_active_transcoder(p, end, o, room_between(o, target_end));
                    else return utf16_to_utf8_well_formed(p, end, o, room_between(o, target_end));
                }();
                p = progress.in;
                o = progress.out;
                if (p == end) break;
                auto offset = static_cast<std::uint64_t>(p - start);
                if (o == target_end) {
                    p = pass_over_dropped<utf16_source>(p, end, policy, offset);
                    break;
                }
                if (!convert_one<utf16_source, utf8_form, unsigned char>(p, end, o, target_end, policy, offset)) break;
            }
            return {first + (p - start), out + (o - target)};
        }
    }
    return convert_checked<utf16_source, utf8_form, Unit>(std::move(first), last, std::move(out), out_last, policy);
}

// utf8_to_utf16_into's loop: the kernel validates 64 KiB at a time (into a
// smaller bounded output, at most 3 bytes per code unit of room, at least
// 1024: bulk_block_for).
template <class Unit, class I, class S, class O, class OS, class Policy>
constexpr std::ranges::in_out_result<I, O> utf8_to_utf16_bulk(I first, const S& last, O out, const OS& out_last,
                                                              Policy& policy)
{
    if constexpr (byte_pointer_range<I, S> && pointer_output<O, OS, char16_t>) {
        if (!UTF8VIEW_IS_CONSTANT_EVALUATED()) {
            using out_unit = std::iter_value_t<O>;
            const unsigned char* const start = byte_pointer(first);
            const unsigned char* const end = start + (last - first);
            const unsigned char* p = start;
            out_unit* const target = detail::to_address(out);
            const auto target_end = pointer_output_end(out, out_last, target);
            out_unit* o = target;
            while (p != end) {
                const auto left = static_cast<std::size_t>(end - p);
                const unsigned char* const valid_end =
                    p + valid_prefix_bytes(p, bulk_block_for(left, room_between(o, target_end), 3));
                const auto progress = [&] {
                    if constexpr (std::same_as<out_unit, char16_t>)
                        return utf8_to_utf16_valid_with_active_transcoder(p, valid_end, o, room_between(o, target_end));
                    else return utf8_to_utf16_well_formed(p, valid_end, o, room_between(o, target_end));
                }();
                p = progress.in;
                o = progress.out;
                if (p != valid_end || p == end) break;  // the next character does not fit, or done
                // The segment the kernel stopped at: an error, or a
                // character cut by the end of the block.
                auto offset = static_cast<std::uint64_t>(p - start);
                if (o == target_end) {
                    p = pass_over_dropped<utf8_source>(p, end, policy, offset);
                    break;
                }
                if (!convert_one<utf8_source, utf16_form, out_unit>(p, end, o, target_end, policy, offset)) break;
            }
            return {first + (p - start), out + (o - target)};
        }
    }
    return convert_checked<utf8_source, utf16_form, Unit>(std::move(first), last, std::move(out), out_last, policy);
}

}  // namespace detail

/** Checks that `units` is well-formed UTF-16: no unpaired surrogate.

    @param units a range of UTF-16 code units (`char16_t`, or a 16-bit
                 `wchar_t`; string literals are rejected).
    @return a `validation_result`: `kind` is `error_kind::unpaired_surrogate`
    and `offset` the code units before the first unpaired surrogate, or
    `kind` is empty and `offset` the number of code units.
    @par Complexity O(n), one pass.
    @par Bad input never reads outside `units`.
    @par Standard Unicode 15.0 ch. 3, D91 (UTF-16) and Table 3-5. */
template <std::ranges::input_range R>
    requires utf16_range<R>
[[nodiscard]] constexpr validation_result validate_utf16(R&& units)
{
    UTF8VIEW_REJECT_STRING_LITERAL(R, "utf8view::validate_utf16", "validate");
    auto first = std::ranges::begin(units);
    const auto last = std::ranges::end(units);
    std::size_t offset = 0;
    while (first != last) {
        auto [decoded, next] = detail::decode_utf16_step(std::move(first), last);
        if (!decoded.well_formed()) return {decoded.kind(), offset};
        offset += decoded.length;
        first = std::move(next);
    }
    return {std::nullopt, offset};
}

/** The number of bytes `utf16_to_utf8_into` writes for `units` with
    `on_error::replace`: 1 to 4 per code point (Table 3-6), and 3 (U+FFFD,
    `EF BF BD`) per unpaired surrogate. With `on_error::skip` it writes at
    most this many.

    @param units a range of UTF-16 code units (string literals are rejected).
    @return a count of bytes.
    @par Complexity O(n), one pass.
    @par Bad input Any code units are allowed: each unpaired surrogate (a
    low one alone, a high one not followed by a low one) counts 3 bytes.
    @par Standard Unicode 15.0 ch. 3, D91, Table 3-5, Table 3-6. */
template <std::ranges::input_range R>
    requires utf16_range<R>
[[nodiscard]] constexpr std::size_t utf16_to_utf8_size(R&& units)
{
    UTF8VIEW_REJECT_STRING_LITERAL(R, "utf8view::utf16_to_utf8_size", "count");
    auto first = std::ranges::begin(units);
    const auto last = std::ranges::end(units);
    std::size_t size = 0;
    while (first != last) {
        auto [decoded, next] = detail::decode_utf16_step(std::move(first), last);
        size += decoded.well_formed() ? static_cast<std::size_t>(encoded_length(decoded.code_point)) : 3;
        first = std::move(next);
    }
    return size;
}

/** Converts UTF-16 `units` to UTF-8, written to the output iterator `out`
    (no bound: `utf16_to_utf8_size(units)` bytes are enough with
    `on_error::replace`). Each code point is decoded from its code unit or
    surrogate pair and encoded in 1 to 4 bytes, so a supplementary character
    is always 4 bytes, never CESU-8's 6 (RFC 3629 §3).

    @param units  a range of UTF-16 code units (string literals are rejected).
    @param out    an output iterator of a UTF-8 code unit type (`char`,
                  `char8_t`, `unsigned char`, `signed char`, `std::byte`),
                  an insert iterator into a container of one, or a
                  `std::ostreambuf_iterator` of one.
    @param policy a `decode_error_policy`: called once for each unpaired
                  surrogate, in order, with `error_kind::unpaired_surrogate`,
                  its offset in code units and length 1; its replacement
                  (U+FFFD with `on_error::replace`) is written in UTF-8.
    @return `{in, out}`: the end of `units` (dangling for a non-borrowed
    rvalue) and the end of what was written.
    @par Complexity O(n), one pass. Contiguous `char16_t` input into a
    pointer or a contiguous range is converted by the SIMD transcoder
    chosen at run time (16 code units per step), up to each unpaired
    surrogate.
    @par Bad input an unpaired surrogate (a high one not followed by a low
    one, a low one not after a high one, a high one at the end) goes to the
    policy; the code unit after an unpaired high surrogate starts the next
    element, as in the WHATWG UTF-16 decoder. If the policy throws, what
    was written stays written.
    @par Standard Unicode 15.0 ch. 3, D91, Table 3-5, Table 3-6. */
template <std::ranges::input_range R, detail::utf8_output_iterator_argument O,
          detail::decode_policy_argument Policy = on_error::replace_t>
    requires utf16_range<R>
constexpr std::ranges::in_out_result<std::ranges::borrowed_iterator_t<R>, std::decay_t<O>>
utf16_to_utf8_into(R&& units, O&& out, Policy policy = Policy())
{
    UTF8VIEW_REJECT_STRING_LITERAL(R, "utf8view::utf16_to_utf8_into", "convert");
    using unit = detail::output_unit_t<std::decay_t<O>>;
    auto [in, written] =
        detail::utf16_to_utf8_bulk<unit>(std::ranges::begin(units), std::ranges::end(units),
                                         std::decay_t<O>(std::forward<O>(out)), std::unreachable_sentinel, policy);
    return {detail::borrowed_result<R>(std::move(in)), std::move(written)};
}

/** Converts UTF-16 `units` to UTF-8 into the output range `out`, stopping
    before the first code point whose bytes do not all fit: a character is
    never cut.

    @param units  a forward range of UTF-16 code units (string literals are
                  rejected; the code units of a
                  character that does not fit stay readable for the next call).
    @param out    a range of UTF-8 code units to write to.
    @param policy a `decode_error_policy`, as for the unbounded overload.
    @return `{in, out}`: where conversion stopped in `units` (never between
    the two code units of a surrogate pair) and the end of what was written.
    @par When the output fills up as for the bounded `decode_into`: once
    `out` is full the policy is asked nothing more, except a policy that
    drops every error (`on_error::skip`; `policy_drops_every_error`), for
    which the unpaired surrogates that follow are passed over. With room
    for part of a replacement, the policy is asked and the call stops
    before the surrogate if its replacement does not fit: a call that
    resumes at `in` asks about it again.
    @par Complexity, bad input, standard: as the unbounded overload. */
template <std::ranges::forward_range R, detail::utf8_output_range Out,
          detail::decode_policy_argument Policy = on_error::replace_t>
    requires utf16_range<R>
constexpr std::ranges::in_out_result<std::ranges::borrowed_iterator_t<R>, std::ranges::borrowed_iterator_t<Out>>
utf16_to_utf8_into(R&& units, Out&& out, Policy policy = Policy())
{
    UTF8VIEW_REJECT_STRING_LITERAL(R, "utf8view::utf16_to_utf8_into", "convert");
    auto [in, written] = detail::utf16_to_utf8_bulk<std::ranges::range_value_t<Out>>(
        std::ranges::begin(units), std::ranges::end(units), std::ranges::begin(out), std::ranges::end(out), policy);
    return {detail::borrowed_result<R>(std::move(in)), detail::borrowed_result<Out>(std::move(written))};
}

/** The number of UTF-16 code units `utf8_to_utf16_into` writes for `bytes`
    with `on_error::replace`: 1 per code point below U+10000, 2 per
    supplementary code point (a surrogate pair), and 1 (U+FFFD) per
    ill-formed maximal subpart. With `on_error::skip` it writes at most
    this many.

    @param bytes a byte range (string literals are rejected).
    @return a count of code units (not bytes).
    @par Complexity O(n). Contiguous sized input is validated by the SIMD
    kernel, and well-formed stretches are counted by their bytes (by the
    transcoding kernel: SIMD where the CPU has one, else 8 bytes a step):
    one code unit per byte that is not a continuation byte, one more per
    lead byte F0..F4; where errors come close together, 64 bytes at a time
    split into segments with SIMD.
    @par Bad input never reads outside `bytes`.
    @par Standard Unicode 15.0 ch. 3, Table 3-7 and §3.9, Table 3-5. */
template <std::ranges::input_range R>
    requires utf8_range<R>
[[nodiscard]] constexpr std::size_t utf8_to_utf16_size(R&& bytes)
{
    UTF8VIEW_REJECT_STRING_LITERAL(R, "utf8view::utf8_to_utf16_size", "count");
    std::size_t size = 0;
    detail::walk_segments(
        bytes,
        [&size](const unsigned char* first, const unsigned char* last) {
            // In well-formed UTF-8 each code point has one byte that is not
            // a continuation byte, and those of 4 bytes (lead F0..F4) are
            // the supplementary ones.
            size += detail::count_utf16_units_of_well_formed(first, last);
        },
        [&size](const detail::segment& decoded) {
            size += decoded.well_formed() ? detail::utf16_length(decoded.code_point) : 1;
        },
        [&size](const detail::taken_window& window) {
            // A code unit per segment, and one more per well-formed segment
            // of 4 bytes: one whose next 3 bytes start no segment.
            const std::uint64_t well_formed = detail::taken_starts(window) & ~window.errors;
            const std::uint64_t four_bytes =
                well_formed & ~(window.starts >> 1) & ~(window.starts >> 2) & ~(window.starts >> 3);
            size += static_cast<std::size_t>(std::popcount(detail::taken_starts(window))) +
                    static_cast<std::size_t>(std::popcount(four_bytes));
        });
    return size;
}

/** Converts UTF-8 `bytes` to UTF-16, written to the output iterator `out`
    (no bound: `utf8_to_utf16_size(bytes)` code units are enough with
    `on_error::replace`): each code point as 1 code unit, or 2 (a surrogate
    pair) from U+10000 on.

    @param bytes  a byte range (string literals are rejected).
    @param out    an output iterator of `char16_t` (or a 16-bit `wchar_t`),
                  an insert iterator into a container of one, or a
                  `std::ostreambuf_iterator<char16_t>`.
    @param policy a `decode_error_policy`: called once for each ill-formed
                  maximal subpart, in order, with its kind, byte offset and
                  length; its replacement (U+FFFD with `on_error::replace`)
                  is written in UTF-16.
    @return `{in, out}`: the end of `bytes` (dangling for a non-borrowed
    rvalue) and the end of what was written.
    @par Complexity O(n), one pass. Contiguous sized input into `char16_t`
    pointers or a contiguous range: the SIMD validation kernel checks
    64 KiB ahead (into a smaller bounded output, at most 3 bytes per code
    unit of room, at least 1024) and the SIMD transcoder converts what it
    accepted (64 bytes per block).
    @par Bad input as `decode_into`: each ill-formed maximal subpart goes to
    the policy once, and no byte after it is swallowed. If the policy
    throws, what was written stays written.
    @par Standard Unicode 15.0 ch. 3, Table 3-7 and §3.9, D91, Table 3-5. */
template <std::ranges::input_range R, detail::utf16_output_iterator_argument O,
          detail::decode_policy_argument Policy = on_error::replace_t>
    requires utf8_range<R>
constexpr std::ranges::in_out_result<std::ranges::borrowed_iterator_t<R>, std::decay_t<O>>
utf8_to_utf16_into(R&& bytes, O&& out, Policy policy = Policy())
{
    UTF8VIEW_REJECT_STRING_LITERAL(R, "utf8view::utf8_to_utf16_into", "convert");
    using unit = detail::output_unit_t<std::decay_t<O>>;
    auto [in, written] =
        detail::utf8_to_utf16_bulk<unit>(std::ranges::begin(bytes), std::ranges::end(bytes),
                                         std::decay_t<O>(std::forward<O>(out)), std::unreachable_sentinel, policy);
    return {detail::borrowed_result<R>(std::move(in)), std::move(written)};
}

/** Converts UTF-8 `bytes` to UTF-16 into the output range `out`, stopping
    before the first code point whose code units do not all fit: a
    surrogate pair is never cut.

    @param bytes  a forward byte range (string literals are rejected).
    @param out    a range of `char16_t` (or 16-bit `wchar_t`) to write to.
    @param policy a `decode_error_policy`, as for the unbounded overload.
    @return `{in, out}`: where conversion stopped in `bytes` (on a segment
    boundary) and the end of what was written.
    @par When the output fills up as for the bounded `repair_into`: once
    `out` is full the policy is asked nothing more, except a policy that
    drops every error (`on_error::skip`; `policy_drops_every_error`), for
    which the maximal subparts that follow are passed over. With room for
    part of a replacement (a policy's supplementary character), the policy
    is asked and the call stops before the subpart if its replacement does
    not fit: a call that resumes at `in` asks about it again.
    @par Complexity, bad input, standard: as the unbounded overload. */
template <std::ranges::forward_range R, detail::utf16_output_range Out,
          detail::decode_policy_argument Policy = on_error::replace_t>
    requires utf8_range<R>
constexpr std::ranges::in_out_result<std::ranges::borrowed_iterator_t<R>, std::ranges::borrowed_iterator_t<Out>>
utf8_to_utf16_into(R&& bytes, Out&& out, Policy policy = Policy())
{
    UTF8VIEW_REJECT_STRING_LITERAL(R, "utf8view::utf8_to_utf16_into", "convert");
    auto [in, written] = detail::utf8_to_utf16_bulk<std::ranges::range_value_t<Out>>(
        std::ranges::begin(bytes), std::ranges::end(bytes), std::ranges::begin(out), std::ranges::end(out), policy);
    return {detail::borrowed_result<R>(std::move(in)), detail::borrowed_result<Out>(std::move(written))};
}

/** Appends the UTF-16 form of `code_point` to `text`: 1 code unit, or a
    surrogate pair from U+10000 on.

    @param text       a string of `char16_t` (or of a 16-bit `wchar_t`).
    @param code_point the code point to append.
    @par Complexity amortized O(1).
    @par Bad input a value that is not a scalar value (a surrogate, or above
    U+10FFFF) is appended as U+FFFD, as `on_error::replace` does.
    @par Standard Unicode 15.0 ch. 3, D91, Table 3-5. */
template <utf16_code_unit CodeUnit, class Traits, class Allocator>
constexpr void append_utf16(std::basic_string<CodeUnit, Traits, Allocator>& text, char32_t code_point)
{
    const detail::utf16_sequence sequence = detail::encode_utf16(code_point);
    for (std::uint8_t index = 0; index < sequence.length; ++index)
        text.push_back(static_cast<CodeUnit>(sequence.units[index]));
}

}  // namespace utf8view

#include <utf8view/detail/epilogue.hpp>

#endif  // UTF8VIEW_UTF16_HPP
