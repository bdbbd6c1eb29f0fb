// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at https://www.boost.org/LICENSE_1_0.txt)

// A long input decoded, repaired or converted to UTF-16 into a small
// bounded output, call after call, each resuming at the `in` the last one
// returned: the outputs joined, and the policy's calls, are what the
// reference decoder (Unicode 15.0 ch. 3, Table 3-7 for the well-formed
// sequences, §3.9 for one replacement per maximal subpart) gives for the
// whole input, under every validation kernel and transcoder.
//
// Into a bounded output the bulk functions validate ahead only as many
// bytes as the room left can take (detail::bulk_block_for, at least 1024):
// the inputs here are several such blocks long, and the rooms from 1 code
// unit to more than a block, so that the blocks' edges, which follow where
// each call starts and how much room it has, fall inside characters and
// next to errors.

#include <utf8view/detail/dispatch.hpp>
#include <utf8view/repair.hpp>
#include <utf8view/transcode.hpp>
#include <utf8view/utf16.hpp>

#define BOOST_TEST_MODULE chunked_outputs

#include <boost/test/unit_test.hpp>

#include "support/force_kernels.hpp"
#include "support/print.hpp"
#include "support/random_utf8.hpp"
#include "support/reference_utf16.hpp"
#include "support/reference_utf8.hpp"

#include <cstddef>
#include <cstdint>
#include <deque>
#include <initializer_list>
#include <memory>
#include <optional>
#include <random>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace u8v = utf8view;
namespace ref = utf8view_test::reference;
namespace ref16 = utf8view_test::reference16;
namespace t = utf8view_test;

namespace {

// What a policy does with each maximal subpart.
enum class action { replace, skip, question_mark };

// A user policy: '?' for each maximal subpart, recording where it was (the
// offset the call is told, plus the offset of the call's first byte).
struct question_mark_policy {
    std::vector<std::uint64_t>* offsets;
    std::uint64_t* call_start;
    std::optional<char32_t> operator()(const u8v::decode_error_info& info) const
    {
        offsets->push_back(*call_start + info.offset);
        return U'?';
    }
};

// Inputs of 3 to 9 KiB: text of one length and of mixed lengths, with no
// error, with an error byte every 97 bytes, Latin-1 text read as UTF-8
// (four lone bytes E9 or EA in every 31), errors and cut characters at
// the 1024-byte marks of the input, and a sequence cut by the end.
std::vector<std::string> chunk_inputs()
{
    std::mt19937 random(20261206);
    std::vector<std::string> inputs;
    for (unsigned length = 1; length <= 4; ++length) {
        std::string text;
        while (text.size() < 4000) text += ref::encode(t::random_scalar_of_length(random, length));
        inputs.push_back(text);
    }
    std::string mixed;
    while (mixed.size() < 9000)
        mixed += ref::encode(t::random_scalar_of_length(random, std::uniform_int_distribution<unsigned>(1, 4)(random)));
    inputs.push_back(mixed);
    std::string every_97;
    for (std::size_t index = 0; index < mixed.size(); ++index) {
        if (index % 97 == 96) every_97 += '\xFF';
        every_97 += mixed[index];
    }
    inputs.push_back(every_97);
    std::string latin_1;
    while (latin_1.size() < 5000) latin_1 += "Le caf\xE9 est pr\xEAt, l'\xE9t\xE9 aussi. ";
    inputs.push_back(latin_1);
    std::string at_marks;
    const char* const cuts[] = {"\xE2\x82",     "\xF0\x9F\x98",    "\xC0", "\xED\xA0\x80", "\x80",
                                "\xE2\x82\xAC", "\xF0\x9F\x98\x80"};
    std::size_t cut = 0;
    while (at_marks.size() < 6000) {
        const std::string piece = cuts[cut++ % std::size(cuts)];
        at_marks += std::string(1024 - at_marks.size() % 1024 - 1, 'x');
        at_marks += piece;  // its first byte at 1023 mod 1024
    }
    inputs.push_back(at_marks);
    inputs.push_back(mixed.substr(0, 3000) + "\xF0\x9F\x98");
    return inputs;
}

std::u32string expected_code_points(const std::vector<ref::segment>& segments, action what)
{
    std::u32string out;
    for (const ref::segment& s : segments) {
        if (s.well_formed()) out += s.code_point;
        else if (what == action::replace) out += U'\uFFFD';
        else if (what == action::question_mark) out += U'?';
    }
    return out;
}

std::string expected_repair(const std::string& input, const std::vector<ref::segment>& segments, action what)
{
    std::string out;
    for (const ref::segment& s : segments) {
        if (s.well_formed()) out += input.substr(s.offset, s.length);
        else if (what == action::replace) out += "\xEF\xBF\xBD";
        else if (what == action::question_mark) out += '?';
    }
    return out;
}

std::vector<std::uint64_t> error_offsets(const std::vector<ref::segment>& segments)
{
    std::vector<std::uint64_t> offsets;
    for (const ref::segment& s : segments)
        if (!s.well_formed()) offsets.push_back(s.offset);
    return offsets;
}

// Runs `call(rest, room, policy)` from the start of `input` until it is all
// consumed, each time on the bytes after the last call's `in`, and appends
// what each call wrote; fails if a call makes no progress.
template <class Unit, class Call>
std::basic_string<Unit> in_chunks(const std::string& input, std::size_t room, action what,
                                  std::vector<std::uint64_t>& offsets, Call call)
{
    std::uint64_t call_start = 0;
    const question_mark_policy user{&offsets, &call_start};
    const std::unique_ptr<Unit[]> buffer(new Unit[room]);
    std::basic_string<Unit> out;
    std::string_view rest = input;
    while (!rest.empty()) {
        const std::span<Unit> target(buffer.get(), room);
        const auto result = what == action::replace ? call(rest, target, u8v::on_error::replace)
                            : what == action::skip  ? call(rest, target, u8v::on_error::skip)
                                                    : call(rest, target, user);
        const auto consumed = static_cast<std::size_t>(result.in - rest.begin());
        const auto written = static_cast<std::size_t>(result.out - target.begin());
        out.append(buffer.get(), written);
        if (consumed == 0 && written == 0) {
            BOOST_TEST_REQUIRE(false, "no progress at byte " << input.size() - rest.size());
        }
        rest.remove_prefix(consumed);
        call_start += consumed;
    }
    return out;
}

constexpr action every_action[] = {action::replace, action::skip, action::question_mark};

// The block rule: the whole block (64 KiB, or what is left) where the room
// can take it, else the bytes the room can take at most, but at least 1024.
constexpr std::size_t unbounded = static_cast<std::size_t>(-1);
static_assert(u8v::detail::bulk_block_for(100000, unbounded, 4) == 65536);
static_assert(u8v::detail::bulk_block_for(500, unbounded, 4) == 500);
static_assert(u8v::detail::bulk_block_for(100000, 16384, 4) == 65536);
static_assert(u8v::detail::bulk_block_for(100000, 1000, 4) == 4000);
static_assert(u8v::detail::bulk_block_for(100000, 1000, 3) == 3000);
static_assert(u8v::detail::bulk_block_for(100000, 1000, 1) == 1024);
static_assert(u8v::detail::bulk_block_for(100000, 0, 1) == 1024);
static_assert(u8v::detail::bulk_block_for(500, 10, 3) == 500);
static_assert(u8v::detail::bulk_block_for(3000, 1000, 3) == 3000);
static_assert(u8v::detail::bulk_block_for(3000, 999, 3) == 2997);

}  // namespace

BOOST_AUTO_TEST_CASE(decode_into_small_outputs_call_after_call)
{
    const std::vector<std::string> inputs = chunk_inputs();
    utf8view_test::for_each_kernel_and_transcoder([&] {
        for (const std::string& input : inputs) {
            const auto* bytes = reinterpret_cast<const unsigned char*>(input.data());
            const std::vector<ref::segment> segments = ref::segments(bytes, input.size());
            for (const action what : every_action) {
                const std::u32string expected = expected_code_points(segments, what);
                for (const std::size_t room :
                     std::initializer_list<std::size_t>{1, 2, 7, 100, 341, 1000, 1023, 1024, 1025, 2500, 9000}) {
                    BOOST_TEST_CONTEXT(input.size() << " bytes, action " << static_cast<int>(what) << ", room " << room)
                    {
                        std::vector<std::uint64_t> offsets;
                        const std::u32string got = in_chunks<char32_t>(
                            input, room, what, offsets,
                            [](std::string_view rest, std::span<char32_t> target, const auto& policy) {
                                return u8v::decode_into(rest, target, policy);
                            });
                        BOOST_TEST((got == expected));
                        if (what == action::question_mark) BOOST_TEST((offsets == error_offsets(segments)));
                    }
                }
            }
        }
    });
}

BOOST_AUTO_TEST_CASE(repair_into_small_outputs_call_after_call)
{
    const std::vector<std::string> inputs = chunk_inputs();
    utf8view_test::for_each_kernel_and_transcoder([&] {
        for (const std::string& input : inputs) {
            const auto* bytes = reinterpret_cast<const unsigned char*>(input.data());
            const std::vector<ref::segment> segments = ref::segments(bytes, input.size());
            for (const action what : every_action) {
                const std::string expected = expected_repair(input, segments, what);
                // At least 4 bytes: a character is never cut, so a smaller
                // room may never take the next one.
                for (const std::size_t room :
                     std::initializer_list<std::size_t>{4, 5, 11, 100, 1000, 1023, 1024, 1025, 3000, 9000, 30000}) {
                    BOOST_TEST_CONTEXT(input.size() << " bytes, action " << static_cast<int>(what) << ", room " << room)
                    {
                        std::vector<std::uint64_t> offsets;
                        const std::string got =
                            in_chunks<char>(input, room, what, offsets,
                                            [](std::string_view rest, std::span<char> target, const auto& policy) {
                                                return u8v::repair_into(rest, target, policy);
                                            });
                        BOOST_TEST((got == expected));
                        if (what == action::question_mark) BOOST_TEST((offsets == error_offsets(segments)));
                    }
                }
            }
        }
    });
}

// decode_into and repair_into into a bounded output that is not
// contiguous (a std::deque), whose room they know from its size.
BOOST_AUTO_TEST_CASE(decode_into_a_small_deque_call_after_call)
{
    const std::vector<std::string> inputs = chunk_inputs();
    utf8view_test::for_each_kernel_and_transcoder([&] {
        for (const std::string& input : inputs) {
            const auto* bytes = reinterpret_cast<const unsigned char*>(input.data());
            const std::u32string expected = expected_code_points(ref::segments(bytes, input.size()), action::replace);
            for (const std::size_t room : std::initializer_list<std::size_t>{1, 300, 1024, 5000}) {
                BOOST_TEST_CONTEXT(input.size() << " bytes, room " << room)
                {
                    std::deque<char32_t> buffer(room);
                    std::u32string got;
                    std::string_view rest = input;
                    while (!rest.empty()) {
                        const auto result = u8v::decode_into(rest, buffer);
                        const auto consumed = static_cast<std::size_t>(result.in - rest.begin());
                        got.append(buffer.begin(), result.out);
                        BOOST_TEST_REQUIRE(consumed != 0u);
                        rest.remove_prefix(consumed);
                    }
                    BOOST_TEST((got == expected));
                }
            }
        }
    });
}

BOOST_AUTO_TEST_CASE(repair_into_a_small_deque_call_after_call)
{
    const std::vector<std::string> inputs = chunk_inputs();
    for (const std::string& input : inputs) {
        const auto* bytes = reinterpret_cast<const unsigned char*>(input.data());
        const std::string expected = expected_repair(input, ref::segments(bytes, input.size()), action::replace);
        for (const std::size_t room : std::initializer_list<std::size_t>{4, 300, 1024, 5000}) {
            BOOST_TEST_CONTEXT(input.size() << " bytes, room " << room)
            {
                std::deque<char> buffer(room);
                std::string got;
                std::string_view rest = input;
                while (!rest.empty()) {
                    const auto result = u8v::repair_into(rest, buffer);
                    const auto consumed = static_cast<std::size_t>(result.in - rest.begin());
                    got.append(buffer.begin(), result.out);
                    BOOST_TEST_REQUIRE(consumed != 0u);
                    rest.remove_prefix(consumed);
                }
                BOOST_TEST((got == expected));
            }
        }
    }
}

BOOST_AUTO_TEST_CASE(utf8_to_utf16_into_small_outputs_call_after_call)
{
    const std::vector<std::string> inputs = chunk_inputs();
    utf8view_test::for_each_kernel_and_transcoder([&] {
        for (const std::string& input : inputs) {
            const auto* bytes = reinterpret_cast<const unsigned char*>(input.data());
            const std::vector<ref::segment> segments = ref::segments(bytes, input.size());
            for (const action what : every_action) {
                std::u16string expected;
                for (const char32_t c : expected_code_points(segments, what)) expected += ref16::encode(c);
                // At least 2 code units: a surrogate pair is never cut.
                for (const std::size_t room :
                     std::initializer_list<std::size_t>{2, 3, 7, 100, 1000, 1023, 1024, 1025, 2500, 9000}) {
                    BOOST_TEST_CONTEXT(input.size() << " bytes, action " << static_cast<int>(what) << ", room " << room)
                    {
                        std::vector<std::uint64_t> offsets;
                        const std::u16string got = in_chunks<char16_t>(
                            input, room, what, offsets,
                            [](std::string_view rest, std::span<char16_t> target, const auto& policy) {
                                return u8v::utf8_to_utf16_into(rest, target, policy);
                            });
                        BOOST_TEST((got == expected));
                        if (what == action::question_mark) BOOST_TEST((offsets == error_offsets(segments)));
                    }
                }
            }
        }
    });
}
