// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.

// Every bounded bulk function, under every validation kernel and
// transcoder this CPU has (forced in turn), at every output room from 0 to
// 80 elements, with the output ending exactly at a page boundary followed
// by an unreadable page: nothing may be written past the end of the output
// (it would fault), and the result must say exactly how far the call got
// (`out`: what was written; `in`: where it stopped), by the rule of
// doc/reference.md ("When a bounded output fills up"), which
// support/bounded_output_rule.hpp computes from the reference decoder.
//
//   decode_into(bytes, std::span<char32_t>, policy)
//   encode_into(code points, std::span<unsigned char>, policy)
//
// with on_error::replace, on_error::skip, on_error::throw_exception and two
// user policies (one replaces with '?' and records what it is told; one
// drops without declaring it). Inputs: the conformance vectors of
// test/data, joined, and alone after 64 ASCII bytes (so that the kernels
// take part), each input flush with the end of readable memory.

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
// error, in every context the file has), the valid ones joined, and some
// rows each after 64 ASCII bytes. Each is at least as long as the largest
// room, or ends within it.
std::vector<std::string> decode_inputs()
{
    std::vector<std::string> inputs;
    std::string all;
    std::string valid;
    std::vector<std::string> rows;
    for (const t::decode_vector& row : t::read_decode_vectors()) {
        all += row.input;
        if (row.first_invalid < 0) valid += row.input;
        if (row.input.size() >= 3 && rows.size() < 40) rows.push_back(std::string(64, 'a') + row.input);
    }
    inputs.push_back(all.substr(0, 600));
    inputs.push_back(all.substr(all.size() - 400));
    inputs.push_back(valid.substr(0, 500));
    inputs.insert(inputs.end(), rows.begin(), rows.end());
    return inputs;
}

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
    char32_t* const out = pages.output_at_end<char32_t>(room, char32_t{0x5A5A5A});
    try {
        const auto result = u8v::decode_into(bytes, std::span<char32_t>(out, room), policy);
        BOOST_TEST(!expected.throws_at.has_value());
        const auto written = static_cast<std::size_t>(std::to_address(result.out) - out);
        BOOST_TEST(written == expected.written);
        BOOST_TEST(static_cast<std::size_t>(std::to_address(result.in) - bytes.data()) == expected.in);
        if (written == expected.written)
            BOOST_TEST(std::vector<char32_t>(out, out + written) ==
                           std::vector<char32_t>(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(written)),
                       boost::test_tools::per_element());
    }
    catch (const u8v::decode_error& error) {
        BOOST_TEST_REQUIRE(expected.throws_at.has_value());
        BOOST_TEST(error.offset() == *expected.throws_at);
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
    }
}

#endif  // UTF8VIEW_TEST_HAS_MMAP

}  // namespace

BOOST_AUTO_TEST_CASE(decode_into_every_room_from_0_to_80_ends_at_a_page_boundary,
                     *ut::precondition(t::mmap_is_available))
{
#if defined(UTF8VIEW_TEST_HAS_MMAP)
    const std::vector<std::string> inputs = decode_inputs();
    BOOST_TEST_REQUIRE(inputs.size() >= 20u);
    t::guarded_pages input_pages;
    t::guarded_pages output_pages;
    std::size_t calls = 0;
    t::for_each_kernel_and_transcoder([&] {
        for (const std::string& input : inputs) {
            const unsigned char* const p = input_pages.at_end(input);
            const std::span<const unsigned char> bytes(p, input.size());
            const std::vector<ref::segment> segments = ref::segments(p, input.size());
            for (std::size_t room = 0; room <= largest_room; ++room) {
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
                    // The recording policy is told of exactly the errors before `in`.
                    std::vector<u8v::decode_error_info> log;
                    check_decode(bytes, segments, recording_policy{&log}, policy_behaviour::replaces, U'?', room,
                                 output_pages);
                    const ref::bounded_result r =
                        ref::decode_into_room(segments, input.size(), policy_behaviour::replaces, room);
                    BOOST_TEST(log.size() == r.asked);
                    calls += 5;
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
    // place (and last).
    std::vector<std::uint32_t> bad;
    for (const t::encode_vector& row : t::read_encode_vectors())
        for (const std::int64_t value : row.values)
            if (value >= 0 && value <= 0xFFFFFFFF && !ref::is_scalar_value(static_cast<std::uint32_t>(value)))
                bad.push_back(static_cast<std::uint32_t>(value));
    BOOST_TEST_REQUIRE(bad.size() >= 5u);
    std::vector<std::u32string> inputs;
    std::size_t next_bad = 0;
    for (const std::string& input : decode_inputs()) {
        std::u32string values;
        for (const ref::segment& s :
             ref::segments(reinterpret_cast<const unsigned char*>(input.data()), input.size())) {
            values += s.well_formed() ? s.code_point : U'\uFFFD';
            if (values.size() % 9 == 0) values += static_cast<char32_t>(bad[next_bad++ % bad.size()]);
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
            for (std::size_t room = 0; room <= largest_room; ++room) {
                BOOST_TEST_CONTEXT(values.size() << " code points, room " << room)
                {
                    using ref::policy_behaviour;
                    check_encode(span, u8v::on_error::replace, policy_behaviour::replaces, "\xEF\xBF\xBD", room,
                                 output_pages);
                    check_encode(span, u8v::on_error::skip, policy_behaviour::drops_declared, "", room,
                                 output_pages);
                    check_encode(span, u8v::on_error::throw_exception, policy_behaviour::throws, "", room,
                                 output_pages);
                    check_encode(span, undeclared_drop{}, policy_behaviour::drops_undeclared, "", room,
                                 output_pages);
                    std::vector<u8v::decode_error_info> log;
                    check_encode(span, recording_policy{&log}, policy_behaviour::replaces, "?", room, output_pages);
                    const ref::bounded_result r = ref::encode_into_room(
                        std::vector<std::uint32_t>(values.begin(), values.end()), policy_behaviour::replaces, 1, room);
                    BOOST_TEST(log.size() == r.asked);
                    calls += 5;
                }
            }
        }
    });
    BOOST_TEST_MESSAGE(calls << " bounded encode_into calls");
#endif
}
