// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at https://www.boost.org/LICENSE_1_0.txt)

/// \file
/// The checked conversion loop, written once for every pair of encoding
/// forms: a *source* reads one element from UTF-8 bytes, UTF-16 code units
/// or code points (asking the policy about an ill-formed one), and a *form*
/// writes it as UTF-8, UTF-16 or UTF-32 code units, all of them or none.
/// The conversions of <utf8view/utf16.hpp> and <utf8view/convert.hpp> run
/// it over any input range; the contiguous fast paths of the bulk
/// functions hand it what their kernels leave (errors, the end).

#ifndef UTF8VIEW_DETAIL_CONVERT_LOOP_HPP
#define UTF8VIEW_DETAIL_CONVERT_LOOP_HPP

#include <utf8view/config.hpp>
#include <utf8view/code_unit.hpp>
#include <utf8view/detail/decode_step.hpp>
#include <utf8view/detail/encode_step.hpp>
#include <utf8view/detail/utf16_step.hpp>
#include <utf8view/error.hpp>
#include <utf8view/error_policy.hpp>
#include <utf8view/unicode.hpp>

// std::ranges::in_out_result, the return type of the bulk functions,
// without the rest of <algorithm> (about 10,000 lines; doc/build-cost.md).
// Only for the releases where it was checked that the internal header
// declares it completely once <ranges> is in: libstdc++ 12 and libc++ 16.
// Any other standard library, or a release without that file, gets
// <algorithm> (doc/build-cost.md weighs the two).
#include <ranges>
#if defined(_GLIBCXX_RELEASE) && _GLIBCXX_RELEASE == 12 && __has_include(<bits/ranges_algobase.h>)
#include <bits/ranges_algobase.h>
#elif defined(_LIBCPP_VERSION) && _LIBCPP_VERSION >= 160000 && _LIBCPP_VERSION < 170000 &&                             \
    __has_include(<__algorithm/in_out_result.h>)
#include <__algorithm/in_out_result.h>
#else
#include <algorithm>
#endif
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <optional>
#include <type_traits>
#include <utility>

#include <utf8view/detail/prologue.hpp>

namespace utf8view::detail {

// One element read by a source: the code point to write (nullopt: the
// policy dropped an ill-formed segment), the input it took (bytes, code
// units or 1 code point), whether it was well-formed, and where the next
// one starts.
template <class I>
struct source_step {
    std::optional<char32_t> element;
    std::uint8_t length;
    bool well_formed;
    I next;
};

// UTF-8 bytes: one segment (Table 3-7, §3.9 maximal subparts).
struct utf8_source {
    template <class I, class S, class Policy>
    [[nodiscard]] static constexpr source_step<I> read(I it, const S& last, Policy& policy, std::uint64_t offset)
    {
        auto [decoded, next] = decode_step(std::move(it), last);
        if (decoded.well_formed()) [[likely]]
            return {decoded.code_point, decoded.length, true, std::move(next)};
        return {ask_policy_about(policy, decoded, offset), decoded.length, false, std::move(next)};
    }
};

// UTF-16 code units: one code unit, a surrogate pair, or an unpaired
// surrogate (D91, Table 3-5).
struct utf16_source {
    template <class I, class S, class Policy>
    [[nodiscard]] static constexpr source_step<I> read(I it, const S& last, Policy& policy, std::uint64_t offset)
    {
        auto [decoded, next] = decode_utf16_step(std::move(it), last);
        if (decoded.well_formed()) [[likely]]
            return {decoded.code_point, decoded.length, true, std::move(next)};
        return {ask_policy_about(policy, decoded, offset), decoded.length, false, std::move(next)};
    }
};

// Code points (any code_point_type): a value that is not a scalar value
// (D76) goes to an encoding policy, as in encode_into.
struct code_point_source {
    template <class I, class S, class Policy>
    [[nodiscard]] static constexpr source_step<I> read(I it, const S&, Policy& policy, std::uint64_t offset)
    {
        const auto value = *it;
        ++it;
        const std::uint8_t error = scalar_value_error(value);
        if (error == 0) [[likely]]
            return {static_cast<char32_t>(value), 1, true, std::move(it)};
        return {encode_replacement(policy, error, value, static_cast<std::size_t>(offset)), 1, false, std::move(it)};
    }
};

// The code units a form writes for one scalar value (the sources hand the
// forms scalar values only: ask_policy makes every replacement one).
struct code_units {
    char32_t units[4] = {};
    std::uint8_t length = 0;
};

struct utf8_form {
    [[nodiscard]] static constexpr code_units encode(char32_t scalar) noexcept
    {
        const encoded_sequence bytes = encode_scalar(scalar);
        code_units result;
        for (std::uint8_t index = 0; index < bytes.length; ++index) result.units[index] = bytes.bytes[index];
        result.length = bytes.length;
        return result;
    }
};

struct utf16_form {
    [[nodiscard]] static constexpr code_units encode(char32_t scalar) noexcept
    {
        const utf16_sequence sequence = encode_utf16(scalar);
        return {{sequence.units[0], sequence.units[1], 0, 0}, sequence.length};
    }
};

struct utf32_form {
    [[nodiscard]] static constexpr code_units encode(char32_t scalar) noexcept { return {{scalar, 0, 0, 0}, 1}; }
};

// Room for at least `count` more elements between `out` and `out_last`.
template <class O, class OS>
[[nodiscard]] constexpr bool has_room(const O& out, const OS& out_last, std::ptrdiff_t count)
{
    if constexpr (std::same_as<OS, std::unreachable_sentinel_t>) { return true; }
    else if constexpr (std::sized_sentinel_for<OS, O>) {
        return out_last - out >= count;
    }
    else {
        O probe = out;
        for (std::ptrdiff_t index = 0; index < count; ++index, ++probe)
            if (probe == out_last) return false;
        return true;
    }
}

// Reads the next element at `first` from a source: from a copy over forward
// iterators (the caller may have to stay before it), else consuming it.
template <class Source, class I, class S, class Policy>
[[nodiscard]] constexpr source_step<I> read_next(I& first, const S& last, Policy& policy, std::uint64_t offset)
{
    if constexpr (std::forward_iterator<I>) return Source::read(first, last, policy, offset);
    else return Source::read(std::move(first), last, policy, offset);
}

// Bounded outputs: once the output is full, a call moves on past the
// ill-formed segments at `first` if the policy drops every error
// (policy_drops_every_error), asking it about each once, and stops at the
// first well-formed element or the end. Any other policy is not asked with
// no room left for its replacement. `offset` is the offset of `first` (in
// the source's units). Forward iterators only: over an input range,
// looking at an element consumes it.
template <class Source, class I, class S, class Policy>
constexpr I pass_over_dropped(I first, const S& last, Policy& policy, std::uint64_t offset)
{
    if constexpr (policy_drops_every_error<Policy> && std::forward_iterator<I>) {
        while (first != last) {
            source_step<I> step = Source::read(first, last, policy, offset);
            // A replacement from a policy that said it drops every error:
            // there is no room for it, so stop before its segment.
            if (step.well_formed || step.element) break;
            offset += step.length;
            first = std::move(step.next);
        }
    }
    else {
        static_cast<void>(last);
        static_cast<void>(policy);
        static_cast<void>(offset);
    }
    return first;
}

// Converts the element at `first` (first != last): reads it, asking the
// policy about an ill-formed one, and writes its code units if they all fit,
// moving `first`, `out` and `offset` on. Returns false if they do not fit
// (the policy was asked, if the element was ill-formed), having moved
// nothing. `Unit` is the code unit type written.
template <class Source, class Form, class Unit, class I, class S, class O, class OS, class Policy>
constexpr bool convert_one(I& first, const S& last, O& out, const OS& out_last, Policy& policy, std::uint64_t& offset)
{
    source_step<I> step = read_next<Source>(first, last, policy, offset);
    if (step.element) {
        const code_units units = Form::encode(*step.element);
        if (!has_room(out, out_last, units.length)) return false;
        for (std::uint8_t index = 0; index < units.length; ++index) {
            *out = static_cast<Unit>(units.units[index]);
            ++out;
        }
    }
    offset += step.length;
    first = std::move(step.next);
    return true;
}

// The checked conversion loop: each element of [first, last) as `Source`
// reads it, written to [out, out_last) in the form `Form` gives it, whole
// or not at all: the loop stops before an element whose code units do not
// all fit (the policy was asked about it, if it was ill-formed: a
// replacement may need more room than is left). `offset` is the offset of
// `first`; `Unit` the code unit type written. A full output ends the loop
// before the next element is read, then goes on past what a policy that
// drops every error drops.
template <class Source, class Form, class Unit, class I, class S, class O, class OS, class Policy>
constexpr std::ranges::in_out_result<I, O> convert_checked(I first, const S& last, O out, const OS& out_last,
                                                           Policy& policy, std::uint64_t offset = 0)
{
    // Over an input range an element is consumed as it is read: it must
    // then always fit (an unbounded output, or one code unit per element).
    static_assert(std::forward_iterator<I> || std::same_as<OS, std::unreachable_sentinel_t> ||
                      std::same_as<Form, utf32_form>,
                  "a bounded output that may not fit an element needs a forward range");
    while (first != last && out != out_last)
        if (!convert_one<Source, Form, Unit>(first, last, out, out_last, policy, offset)) break;
    if constexpr (std::forward_iterator<I>)
        if (out == out_last) first = pass_over_dropped<Source>(std::move(first), last, policy, offset);
    return {std::move(first), std::move(out)};
}

}  // namespace utf8view::detail

#include <utf8view/detail/epilogue.hpp>

#endif  // UTF8VIEW_DETAIL_CONVERT_LOOP_HPP
