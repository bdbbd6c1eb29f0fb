// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.

// Every bounded bulk function, under every validation kernel and
// transcoder this CPU has (forced in turn), at every output room from 0 to
// 80 elements (and, for long runs of one UTF-8 length, every room up to 140
// and one in five up to 300: the kernels' longest steps need 128 bytes or
// 64 code points), with the output ending exactly at a page boundary followed
// by an unreadable page: nothing may be written past the end of the output
// (it would fault), and the result must say exactly how far the call got
// (`out`: what was written; `in`: where it stopped), by the rule of
// doc/reference.md ("When a bounded output fills up"), which
// support/bounded_output_rule.hpp computes from the reference decoder.
//
//   decode_into(bytes, std::span<char32_t>, policy)
//   encode_into(code points, std::span<unsigned char>, policy)
//
// with on_error::replace, on_error::skip, on_error::throw_exception (kind,
// offset, what was written before) and three user policies (one replaces
// with '?', one drops and declares it, both recording the kind, offset and
// length they are told; one drops without declaring it). Inputs: the
// conformance vectors of test/data, joined, and alone after 64 ASCII bytes
// (so that the kernels take part), and long runs of one UTF-8 length, each
// input flush with the end of readable memory.

#include <utf8view/detail/dispatch.hpp>
#include <utf8view/transcode.hpp>
#define BOOST_TEST_MODULE bounded_outputs
#include <boost/test/unit_test.hpp>

#include "support/testdata.hpp"
#include "support/vector_files.hpp"
#include "support/bounded_output_rule.hpp"
#include "support/force_kernels.hpp"
#include "support/guarded_pages.hpp"
#include "support/print.hpp"
#include "support/random_utf8.hpp"
#include "support/reference_utf8.hpp"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace u8v = utf8view;
namespace t = utf8view_test;
namespace ref = utf8view_test::reference;
namespace ut = boost::unit_test;

namespace {

constexpr std::size_t largest_room = 80;

// The byte strings under test: all decode vectors joined (every kind of
// error, in every context the file has), the valid ones joined, one row in
// six each after 64 ASCII bytes, and long runs of one UTF-8 length (the
// kernels' long steps, 32 code points or 128 bytes, need that much room).
std::vector<std::string> decode_inputs()
{
    std::vector<std::string> inputs;
    std::string all;
    std::string valid;
    std::vector<std::string> rows;
    std::size_t index = 0;
    for (const t::decode_vector& row : t::read_decode_vectors()) {
        all += row.input;
        if (row.first_invalid < 0) valid += row.input;
        if (index++ % 6 == 0) rows.push_back(std::string(64, 'a') + row.input);
    }
    inputs.push_back(all.substr(0, 600));
    inputs.push_back(all.substr(all.size() - 400));
    inputs.push_back(valid.substr(0, 500));
    inputs.insert(inputs.end(), rows.begin(), rows.end());
    for (const std::uint32_t value : {0x41u, 0xE9u, 0x4E2Du, 0x1F600u}) {
        std::string run;
        for (int count = 0; count < 150; ++count) run += ref::encode(value);
        inputs.push_back(run);
        inputs.push_back(run + "\xED\xA0\x80" + run.substr(0, 40));  // a surrogate in the middle
    }
    return inputs;
}

// The longest rooms: up to 80 for all inputs, and for the long runs every
// room up to this.
constexpr std::size_t largest_room_of_long_runs = 300;

struct recording_policy {
    std::vector<u8v::decode_error_info>* log;
    std::optional<char32_t> operator()(const u8v::decode_error_info& info) const
    {
        log->push_back(info);
        return U'?';
    }
    std::optional<char32_t> operator()(const u8v::encode_error_info& info) const
    {
        log->push_back({info.kind, info.offset, 0});
        return U'?';
    }
};

struct undeclared_drop {
    template <class Info>
    std::optional<char32_t> operator()(const Info&) const
    {
        return std::nullopt;
    }
};

// Drops each error, records it, and declares that it drops every error.
struct declared_recording_drop {
    static constexpr bool drops_every_error = true;
    std::vector<u8v::decode_error_info>* log;
    std::optional<char32_t> operator()(const u8v::decode_error_info& info) const
    {
        log->push_back(info);
        return std::nullopt;
    }
    std::optional<char32_t> operator()(const u8v::encode_error_info& info) const
    {
        log->push_back({info.kind, info.offset, 0});
        return std::nullopt;
    }
};

#if defined(UTF8VIEW_TEST_HAS_MMAP)

// One bounded decode_into, its output ending at the guard page.
template <class Policy>
void check_decode(std::span<const unsigned char> bytes, const std::vector<ref::segment>& segments, Policy policy,
                  ref::policy_behaviour behaviour, char32_t replacement, std::size_t room, t::guarded_pages& pages)
{
    const ref::bounded_result expected = ref::decode_into_room(segments, bytes.size(), behaviour, room);
    std::vector<char32_t> values;  // what the policy gives, for the whole input
    for (const ref::segment& s : segments) {
        if (s.well_formed()) values.push_back(s.code_point);
        else if (behaviour == ref::policy_behaviour::replaces) values.push_back(replacement);
    }
    constexpr char32_t untouched = 0x5A5A5A;  // not a code point: never written
    char32_t* const out = pages.output_at_end<char32_t>(room, untouched);
    const auto check_written = [&](std::size_t written) {
        BOOST_TEST(written == expected.written);
        if (written == expected.written)
            BOOST_TEST(std::vector<char32_t>(out, out + written) ==
                           std::vector<char32_t>(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(written)),
                       boost::test_tools::per_element());
    };
    try {
        const auto result = u8v::decode_into(bytes, std::span<char32_t>(out, room), policy);
        BOOST_TEST(!expected.throws_at.has_value());
        check_written(static_cast<std::size_t>(std::to_address(result.out) - out));
        BOOST_TEST(static_cast<std::size_t>(std::to_address(result.in) - bytes.data()) == expected.in);
    }
    catch (const u8v::decode_error& error) {
        BOOST_TEST_REQUIRE(expected.throws_at.has_value());
        BOOST_TEST(error.offset() == *expected.throws_at);
        const ref::segment& bad =
            *std::find_if(segments.begin(), segments.end(), [](const ref::segment& s) { return !s.well_formed(); });
        BOOST_TEST(static_cast<int>(error.kind()) == static_cast<int>(*bad.error));
        std::size_t written = 0;  // what came before the error stays written
        while (written < room && out[written] != untouched) ++written;
        check_written(written);
    }
}

// What a recording policy was told: the first `asked` errors, in order,
// with their kind, offset and length (bytes; 0 when encoding).
void check_told(const std::vector<u8v::decode_error_info>& log, const std::vector<ref::segment>& errors,
                std::size_t asked)
{
    BOOST_TEST_REQUIRE(log.size() == asked);
    for (std::size_t index = 0; index < asked; ++index) {
        BOOST_TEST(static_cast<int>(log[index].kind) == static_cast<int>(*errors[index].error));
        BOOST_TEST(log[index].offset == errors[index].offset);
        BOOST_TEST(log[index].length == errors[index].length);
    }
}

template <class Policy>
void check_encode(std::span<const char32_t> values, Policy policy, ref::policy_behaviour behaviour,
                  const std::string& replacement, std::size_t room, t::guarded_pages& pages)
{
    const std::vector<std::uint32_t> words(values.begin(), values.end());
    const ref::bounded_result expected = ref::encode_into_room(words, behaviour, replacement.size(), room);
    std::string bytes;  // what the policy gives, for all the values
    for (const std::uint32_t value : words) {
        if (ref::is_scalar_value(value)) bytes += ref::encode(value);
        else if (behaviour == ref::policy_behaviour::replaces) bytes += replacement;
    }
    unsigned char* const out = pages.output_at_end<unsigned char>(room, 0xAA);
    try {
        const auto result = u8v::encode_into(values, std::span<unsigned char>(out, room), policy);
        BOOST_TEST(!expected.throws_at.has_value());
        const auto written = static_cast<std::size_t>(std::to_address(result.out) - out);
        BOOST_TEST(written == expected.written);
        BOOST_TEST(static_cast<std::size_t>(std::to_address(result.in) - values.data()) == expected.in);
        if (written == expected.written)
            BOOST_TEST(std::string(reinterpret_cast<const char*>(out), written) == bytes.substr(0, written));
    }
    catch (const u8v::encode_error& error) {
        BOOST_TEST_REQUIRE(expected.throws_at.has_value());
        BOOST_TEST(error.offset() == *expected.throws_at);
        BOOST_TEST(static_cast<int>(error.kind()) ==
                   static_cast<int>(ref::encode_error_kind(words[*expected.throws_at])));
        // What came before the bad value stays written, and nothing after it.
        BOOST_TEST(std::string(reinterpret_cast<const char*>(out), expected.written) ==
                   bytes.substr(0, expected.written));
        if (expected.written < room) BOOST_TEST(out[expected.written] == 0xAA);
    }
}

// What a recording policy was told when encoding: the first `asked` values
// that are not scalar values, with their kind and index.
void check_told_values(const std::vector<u8v::decode_error_info>& log, const std::u32string& values, std::size_t asked)
{
    BOOST_TEST_REQUIRE(log.size() == asked);
    std::size_t next = 0;
    for (std::size_t index = 0; index < values.size() && next < asked; ++index) {
        if (ref::is_scalar_value(values[index])) continue;
        BOOST_TEST(log[next].offset == index);
        BOOST_TEST(static_cast<int>(log[next].kind) == static_cast<int>(ref::encode_error_kind(values[index])));
        ++next;
    }
}

#endif  // UTF8VIEW_TEST_HAS_MMAP

}  // namespace

// The rooms an input gets: 0..80 for every input; for the long runs also
// every room up to 140 (past the 128 bytes the encoders' longest steps
// need) and one in five up to 300.
std::vector<std::size_t> rooms_for(std::size_t elements)
{
    std::vector<std::size_t> rooms;
    for (std::size_t room = 0; room <= largest_room; ++room) rooms.push_back(room);
    if (elements >= 150)
        for (std::size_t room = largest_room + 1; room <= largest_room_of_long_runs; ++room)
            if (room <= 140 || room % 5 == 0) rooms.push_back(room);
    return rooms;
}

BOOST_AUTO_TEST_CASE(decode_into_every_room_from_0_to_80_ends_at_a_page_boundary,
                     *ut::precondition(t::mmap_is_available))
{
#if defined(UTF8VIEW_TEST_HAS_MMAP)
    const std::vector<std::string> inputs = decode_inputs();
    BOOST_TEST_REQUIRE(inputs.size() >= 50u);
    t::guarded_pages input_pages;
    t::guarded_pages output_pages;
    std::size_t calls = 0;
    t::for_each_kernel_and_transcoder([&] {
        for (const std::string& input : inputs) {
            const unsigned char* const p = input_pages.at_end(input);
            const std::span<const unsigned char> bytes(p, input.size());
            const std::vector<ref::segment> segments = ref::segments(p, input.size());
            std::vector<ref::segment> errors;
            for (const ref::segment& s : segments)
                if (!s.well_formed()) errors.push_back(s);
            for (const std::size_t room : rooms_for(segments.size())) {
                BOOST_TEST_CONTEXT("input [" << t::hex_of(input) << "], room " << room)
                {
                    using ref::policy_behaviour;
                    check_decode(bytes, segments, u8v::on_error::replace, policy_behaviour::replaces, U'\uFFFD', room,
                                 output_pages);
                    check_decode(bytes, segments, u8v::on_error::skip, policy_behaviour::drops_declared, 0, room,
                                 output_pages);
                    check_decode(bytes, segments, u8v::on_error::throw_exception, policy_behaviour::throws, 0, room,
                                 output_pages);
                    check_decode(bytes, segments, undeclared_drop{}, policy_behaviour::drops_undeclared, 0, room,
                                 output_pages);
                    // The recording policies are told of exactly the errors
                    // before `in`, with their kind, offset and length.
                    std::vector<u8v::decode_error_info> log;
                    check_decode(bytes, segments, recording_policy{&log}, policy_behaviour::replaces, U'?', room,
                                 output_pages);
                    check_told(log, errors,
                               ref::decode_into_room(segments, input.size(), policy_behaviour::replaces, room).asked);
                    log.clear();
                    check_decode(bytes, segments, declared_recording_drop{&log}, policy_behaviour::drops_declared, 0,
                                 room, output_pages);
                    check_told(
                        log, errors,
                        ref::decode_into_room(segments, input.size(), policy_behaviour::drops_declared, room).asked);
                    calls += 6;
                }
            }
        }
    });
    BOOST_TEST_MESSAGE(calls << " bounded decode_into calls");
#endif
}

BOOST_AUTO_TEST_CASE(encode_into_every_room_from_0_to_80_ends_at_a_page_boundary,
                     *ut::precondition(t::mmap_is_available))
{
#if defined(UTF8VIEW_TEST_HAS_MMAP)
    // Code points: each decode input's replace decoding, with the values
    // that are not scalar values of the encode vectors put in every ninth
    // place and last (the long runs: last only, so that the encoders take
    // their long steps).
    std::vector<std::uint32_t> bad;
    for (const t::encode_vector& row : t::read_encode_vectors())
        for (const std::int64_t value : row.values)
            if (value >= 0 && value <= 0xFFFFFFFF && !ref::is_scalar_value(static_cast<std::uint32_t>(value)))
                bad.push_back(static_cast<std::uint32_t>(value));
    BOOST_TEST_REQUIRE(bad.size() >= 5u);
    std::vector<std::u32string> inputs;
    std::size_t next_bad = 0;
    for (const std::string& input : decode_inputs()) {
        const std::vector<ref::segment> segments =
            ref::segments(reinterpret_cast<const unsigned char*>(input.data()), input.size());
        const bool long_run = segments.size() >= 150;
        std::u32string values;
        for (const ref::segment& s : segments) {
            values += s.well_formed() ? s.code_point : U'\uFFFD';
            if (!long_run && values.size() % 9 == 0) values += static_cast<char32_t>(bad[next_bad++ % bad.size()]);
        }
        values += static_cast<char32_t>(bad[next_bad++ % bad.size()]);
        inputs.push_back(values);
    }
    t::guarded_pages input_pages;
    t::guarded_pages output_pages;
    std::size_t calls = 0;
    t::for_each_kernel_and_transcoder([&] {
        for (const std::u32string& values : inputs) {
            const std::string_view as_bytes(reinterpret_cast<const char*>(values.data()),
                                            values.size() * sizeof(char32_t));
            const auto* p = reinterpret_cast<const char32_t*>(input_pages.at_end(as_bytes));
            const std::span<const char32_t> span(p, values.size());
            const std::vector<std::uint32_t> words(values.begin(), values.end());
            for (const std::size_t room : rooms_for(values.size())) {
                BOOST_TEST_CONTEXT(values.size() << " code points, room " << room)
                {
                    using ref::policy_behaviour;
                    check_encode(span, u8v::on_error::replace, policy_behaviour::replaces, "\xEF\xBF\xBD", room,
                                 output_pages);
                    check_encode(span, u8v::on_error::skip, policy_behaviour::drops_declared, "", room, output_pages);
                    check_encode(span, u8v::on_error::throw_exception, policy_behaviour::throws, "", room,
                                 output_pages);
                    check_encode(span, undeclared_drop{}, policy_behaviour::drops_undeclared, "", room, output_pages);
                    std::vector<u8v::decode_error_info> log;
                    check_encode(span, recording_policy{&log}, policy_behaviour::replaces, "?", room, output_pages);
                    check_told_values(log, values,
                                      ref::encode_into_room(words, policy_behaviour::replaces, 1, room).asked);
                    log.clear();
                    check_encode(span, declared_recording_drop{&log}, policy_behaviour::drops_declared, "", room,
                                 output_pages);
                    check_told_values(log, values,
                                      ref::encode_into_room(words, policy_behaviour::drops_declared, 0, room).asked);
                    calls += 6;
                }
            }
        }
    });
    BOOST_TEST_MESSAGE(calls << " bounded encode_into calls");
#endif
}
