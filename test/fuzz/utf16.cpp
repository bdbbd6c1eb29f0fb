// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.

// Fuzz target: arbitrary bytes through the UTF-16 conversions, compared
// with the reference decoders (support/reference_utf8.hpp for UTF-8,
// support/reference_utf16.hpp for UTF-16) and the bounded-output rule
// (support/bounded_output_rule.hpp):
//
//   - the bytes as UTF-8: utf8_to_utf16_into unbounded into exactly the
//     room it needs and bounded into that room, 1 to 8 code units fewer (by
//     the input's hash) and a room anywhere below (on_error::replace, skip;
//     throw_exception with its offset), utf8_to_utf16_size, to_u16string;
//   - the bytes as UTF-16 code units (each two bytes, little-endian; an odd
//     last byte is left out): validate_utf16, utf16_to_utf8_size,
//     utf16_to_utf8_into likewise, to_utf8_string and to_u32string;
//   - the lazy views (views::utf8_to_utf16, views::decode_utf16 with each
//     element's position, length and error, views::utf16_to_utf8), read
//     forwards and backwards;
//   - contiguous input flush with the end of readable memory, outputs ending
//     at a page boundary; and the generic path (a std::list);
//   - all of it under each validation kernel and transcoder this CPU has,
//     forced in turn (the UTF-16 kernels of the transcoders).

#include <utf8view/convert.hpp>
#include <utf8view/decode_view.hpp>
#include <utf8view/transcode_view.hpp>
#include <utf8view/utf16.hpp>

#include "fuzz/fuzz_support.hpp"
#include "support/bounded_output_rule.hpp"
#include "support/reference_utf16.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <list>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace u8v = utf8view;
namespace f = utf8view_fuzz;
namespace ref = utf8view_test::reference;
namespace ref16 = utf8view_test::reference16;
using f::check;

namespace {

f::page_end_buffer& input_buffer()
{
    static f::page_end_buffer buffer;
    return buffer;
}
f::page_end_buffer& output_buffer()
{
    static f::page_end_buffer buffer;
    return buffer;
}

// The rooms to try for an output of `all` code units.
std::vector<std::size_t> rooms_for(std::size_t all, std::uint64_t hash)
{
    std::vector<std::size_t> rooms = {ref::unbounded, all};
    for (const std::size_t fewer : f::rooms_short_by(hash, 0, 1))
        if (fewer <= all) rooms.push_back(all - fewer);
    if (all > 9) rooms.push_back((hash >> 40) % (all - 8));
    return rooms;
}

// A lazy view read forwards, and backwards from its end: both must give
// `expected` (backwards, reversed).
template <class View, class String>
void check_both_ways(View view, const String& expected, const char* what)
{
    using unit = typename String::value_type;
    String forwards;
    for (const auto element : view) forwards.push_back(static_cast<unit>(element));
    String backwards;
    for (auto it = std::ranges::end(view); it != std::ranges::begin(view);) {
        --it;
        backwards.push_back(static_cast<unit>(*it));
    }
    std::reverse(backwards.begin(), backwards.end());
    check(forwards == expected, what, ", forwards");
    check(backwards == expected, what, ", backwards");
}

// UTF-8 `bytes` (contiguous, or a std::list) to UTF-16 into `room` code units.
template <class Bytes>
void check_to_utf16(const Bytes& bytes, std::size_t size, const std::vector<ref::segment>& segments, bool skip,
                    const std::u16string& all, std::size_t room, const char* base)
{
    const ref::bounded_result e = ref::utf16_into_room(
        segments, size, skip ? ref::policy_behaviour::drops_declared : ref::policy_behaviour::replaces, room);
    const bool bounded = room != ref::unbounded;
    char16_t* const out = output_buffer().output_at_end<char16_t>(bounded ? room : e.written, u'\xAAAA');
    const auto finish = [&](const auto& result) {
        const auto written = static_cast<std::size_t>(std::to_address(result.out) - out);
        const auto in = static_cast<std::size_t>(std::distance(std::ranges::begin(bytes), result.in));
        check(written == e.written &&
                  std::u16string_view(out, written) == std::u16string_view(all).substr(0, written) && in == e.in,
              "utf8_to_utf16_into from ", base, skip ? ", skip" : ", replace", ", room ",
              bounded ? std::to_string(room) : std::string("unbounded"), ": wrote ", written, " code units (expected ",
              e.written, "), in at ", in, " (expected ", e.in, ")");
    };
    if (bounded) {
        const std::span<char16_t> target(out, room);
        if (skip) finish(u8v::utf8_to_utf16_into(bytes, target, u8v::on_error::skip));
        else finish(u8v::utf8_to_utf16_into(bytes, target));
    }
    else {
        if (skip) finish(u8v::utf8_to_utf16_into(bytes, out, u8v::on_error::skip));
        else finish(u8v::utf8_to_utf16_into(bytes, out));
    }
}

// UTF-16 `units` (contiguous, or a std::list) to UTF-8 into `room` bytes.
template <class Units>
void check_to_utf8(const Units& units, std::size_t size, const std::vector<ref::segment>& segments, bool skip,
                   const std::string& all, std::size_t room, const char* base)
{
    const ref::bounded_result e = ref::convert_into_room(
        segments, size, skip ? ref::policy_behaviour::drops_declared : ref::policy_behaviour::replaces,
        [](const ref::segment& s) { return ref::encode(s.code_point).size(); }, 3, room);
    const bool bounded = room != ref::unbounded;
    char* const out = output_buffer().output_at_end<char>(bounded ? room : e.written, '\xAA');
    const auto finish = [&](const auto& result) {
        const auto written = static_cast<std::size_t>(std::to_address(result.out) - out);
        const auto in = static_cast<std::size_t>(std::distance(std::ranges::begin(units), result.in));
        check(written == e.written && std::string_view(out, written) == std::string_view(all).substr(0, written) &&
                  in == e.in,
              "utf16_to_utf8_into from ", base, skip ? ", skip" : ", replace", ", room ",
              bounded ? std::to_string(room) : std::string("unbounded"), ": wrote ", written, " bytes (expected ",
              e.written, "), in at ", in, " (expected ", e.in, ")");
    };
    if (bounded) {
        const std::span<char> target(out, room);
        if (skip) finish(u8v::utf16_to_utf8_into(units, target, u8v::on_error::skip));
        else finish(u8v::utf16_to_utf8_into(units, target));
    }
    else {
        if (skip) finish(u8v::utf16_to_utf8_into(units, out, u8v::on_error::skip));
        else finish(u8v::utf16_to_utf8_into(units, out));
    }
}

void bytes_as_utf8(std::string_view input, std::uint64_t hash)
{
    f::current_configuration = "the bytes as UTF-8";
    const std::vector<ref::segment> segments =
        ref::segments(reinterpret_cast<const unsigned char*>(input.data()), input.size());
    std::u16string replaced;
    std::u16string skipped;
    std::optional<std::size_t> first_error;
    for (const ref::segment& s : segments) {
        replaced += ref16::encode(s.well_formed() ? s.code_point : 0xFFFD);
        if (s.well_formed()) skipped += ref16::encode(s.code_point);
        else if (!first_error) first_error = s.offset;
    }
    const unsigned char* const p = input_buffer().at_end(input);
    const std::span<const unsigned char> bytes(p, input.size());
    check(u8v::utf8_to_utf16_size(bytes) == replaced.size(), "utf8_to_utf16_size");
    check(u8v::to_u16string(bytes) == replaced, "to_u16string");
    check(u8v::to_u16string(bytes, u8v::on_error::skip) == skipped, "to_u16string, skip");
    std::optional<std::size_t> thrown;
    try {
        static_cast<void>(u8v::to_u16string(bytes, u8v::on_error::throw_exception));
    }
    catch (const u8v::decode_error& error) {
        thrown = static_cast<std::size_t>(error.offset());
    }
    check(thrown == first_error, "to_u16string, throw_exception: the offset");
    check_both_ways(bytes | u8v::views::utf8_to_utf16, replaced, "views::utf8_to_utf16");
    check_both_ways(bytes | u8v::views::utf8_to_utf16(u8v::on_error::skip), skipped, "views::utf8_to_utf16, skip");
    for (const bool skip : {false, true})
        for (const std::size_t room : rooms_for((skip ? skipped : replaced).size(), hash))
            check_to_utf16(bytes, input.size(), segments, skip, skip ? skipped : replaced, room, "contiguous bytes");
    const std::list<char> list(input.begin(), input.end());
    check(u8v::to_u16string(list) == replaced, "to_u16string of a std::list");
    check_to_utf16(list, input.size(), segments, false, replaced, hash % (replaced.size() + 1), "a std::list");
}

void bytes_as_utf16(std::string_view input, std::uint64_t hash)
{
    f::current_configuration = "the bytes as UTF-16LE";
    std::u16string units;
    for (std::size_t index = 0; index + 1 < input.size(); index += 2)
        units += static_cast<char16_t>(static_cast<unsigned char>(input[index]) |
                                       static_cast<unsigned char>(input[index + 1]) << 8);
    std::vector<ref::segment> segments;
    std::string replaced;
    std::string skipped;
    std::u32string code_points;
    std::u32string skipped_code_points;
    std::optional<std::size_t> first_error;
    const std::vector<ref16::element> elements = ref16::decode(units);
    for (const ref16::element& e : elements) {
        segments.push_back({e.offset, e.length, e.code_point.value_or(0),
                            e.code_point ? std::nullopt : std::optional(u8v::error_kind::unpaired_surrogate)});
        replaced += ref::encode(e.code_point.value_or(0xFFFD));
        if (e.code_point) skipped += ref::encode(*e.code_point);
        else if (!first_error) first_error = e.offset;
        code_points += e.code_point.value_or(0xFFFD);
        if (e.code_point) skipped_code_points += *e.code_point;
    }
    char16_t* const p = input_buffer().output_at_end<char16_t>(units.size(), 0);
    std::copy(units.begin(), units.end(), p);
    const std::u16string_view text(p, units.size());
    const u8v::validation_result v = u8v::validate_utf16(text);
    check(v.offset == first_error.value_or(units.size()) && v.valid() == !first_error, "validate_utf16");
    check(u8v::utf16_to_utf8_size(text) == replaced.size(), "utf16_to_utf8_size");
    check(u8v::to_utf8_string(text) == replaced, "to_utf8_string");
    check(u8v::to_utf8_string(text, u8v::on_error::skip) == skipped, "to_utf8_string, skip");
    check(u8v::to_u32string(text) == code_points, "to_u32string");
    std::optional<std::size_t> thrown;
    try {
        static_cast<void>(u8v::to_utf8_string(text, u8v::on_error::throw_exception));
    }
    catch (const u8v::decode_error& error) {
        thrown = static_cast<std::size_t>(error.offset());
    }
    check(thrown == first_error, "to_utf8_string, throw_exception: the offset");
    check_both_ways(text | u8v::views::decode_utf16, code_points, "views::decode_utf16");
    check_both_ways(text | u8v::views::utf16_to_utf8, replaced, "views::utf16_to_utf8");
    check_both_ways(text | u8v::views::utf16_to_utf8(u8v::on_error::skip), skipped, "views::utf16_to_utf8, skip");
    // Each element where the reference puts it, as long, and an error
    // exactly where the reference has an unpaired surrogate.
    {
        const auto view = text | u8v::views::decode_utf16;
        auto it = view.begin();
        for (const ref16::element& e : elements) {
            check(it != view.end() && static_cast<std::size_t>(it.base() - text.begin()) == e.offset &&
                      it.code_unit_count() == e.length && it.error().has_value() == !e.code_point,
                  "views::decode_utf16: the element at code unit ", e.offset);
            ++it;
        }
        check(it == view.end(), "views::decode_utf16: the end");
    }
    for (const bool skip : {false, true})
        for (const std::size_t room : rooms_for((skip ? skipped : replaced).size(), hash))
            check_to_utf8(text, units.size(), segments, skip, skip ? skipped : replaced, room, "contiguous code units");
    const std::list<char16_t> list(units.begin(), units.end());
    check(u8v::to_utf8_string(list) == replaced, "to_utf8_string of a std::list");
    check_both_ways(list | u8v::views::utf16_to_utf8, replaced, "views::utf16_to_utf8 of a std::list");
    check_both_ways(list | u8v::views::decode_utf16(u8v::on_error::skip), skipped_code_points,
                    "views::decode_utf16 of a std::list, skip");
    check_to_utf8(list, units.size(), segments, true, skipped, hash % (skipped.size() + 1), "a std::list");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view input(reinterpret_cast<const char*>(data), size);
    f::current_input = input;
    const std::uint64_t hash = f::hash_of(input);
    // Under each validation kernel and transcoder (their vector code needs
    // 16 code units or 32 bytes and more; shorter input runs once).
    f::for_each_configuration(
        [&](const f::configuration&) {
            bytes_as_utf8(input, hash);
            bytes_as_utf16(input, hash);
        },
        size >= 32);
    return 0;
}
