// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at https://www.boost.org/LICENSE_1_0.txt)

// views::decode_buffered: the code points of contiguous bytes, decoded a
// batch at a time into the view's buffer.
//
//   - Its elements are the reference decoder's (Unicode 15.0 ch. 3, Table
//     3-7 for the well-formed sequences, §3.9 for one replacement per
//     maximal subpart) over the conformance vectors and over inputs of
//     several batches with errors of every density, under every validation
//     kernel and transcoder.
//   - A policy other than replace and skip is asked exactly where a
//     decode_view's iterator asks it: the calls and the elements, in the
//     order the loop sees them, are the same as over views::decode, also
//     when the loop stops early; a throwing policy throws at the same
//     element, with the same kind and offset.
//   - It is lazy: over valid text the first batch reads at most 4 bytes per
//     code point of room and 1 KiB (and the 3 bytes after, for a character
//     cut there), shown on a gigabyte of address space of which only the
//     first pages are readable.

#include <utf8view/decode_buffered.hpp>
#include <utf8view/decode_view.hpp>

#define BOOST_TEST_MODULE decode_buffered

#include <boost/test/unit_test.hpp>

#include "support/force_kernels.hpp"
#include "support/guarded_pages.hpp"  // UTF8VIEW_TEST_HAS_MMAP
#include "support/print.hpp"
#include "support/random_utf8.hpp"
#include "support/reference_utf8.hpp"
#include "support/vector_files.hpp"

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <list>
#include <optional>
#include <random>
#include <ranges>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace u8v = utf8view;
namespace ref = utf8view_test::reference;
namespace t = utf8view_test;

namespace {

constexpr std::size_t batch = u8v::decode_buffered_view<std::string_view>::batch_code_points;
static_assert(batch == 2048);

// The view's kind: an input view of char32_t values, not forward, not
// borrowed, not iterable as const.
using buffered = u8v::decode_buffered_view<std::string_view>;
static_assert(std::ranges::view<buffered>);
static_assert(std::ranges::input_range<buffered>);
static_assert(!std::ranges::forward_range<buffered>);
static_assert(!std::ranges::borrowed_range<buffered>);
static_assert(!std::ranges::range<const buffered>);
static_assert(std::same_as<std::ranges::range_value_t<buffered>, char32_t>);
static_assert(std::same_as<std::ranges::range_reference_t<buffered>, char32_t>);
static_assert(std::same_as<std::ranges::sentinel_t<buffered>, std::default_sentinel_t>);
// Moved, never copied: a copy made during a loop would lose the batch the
// loop's iterator holds.
static_assert(std::movable<buffered> && !std::copy_constructible<buffered>);
static_assert(!std::ranges::viewable_range<buffered&>);
static_assert(std::same_as<decltype(std::string() | u8v::views::decode_buffered),
                           u8v::decode_buffered_view<std::ranges::owning_view<std::string>>>);
static_assert(std::same_as<decltype(std::declval<std::vector<std::byte>&>() | u8v::views::decode_buffered),
                           u8v::decode_buffered_view<std::ranges::ref_view<std::vector<std::byte>>>>);
// Only contiguous, sized bytes (a std::list<char> is refused, with a
// message naming views::decode: test/compile_fail).
template <class V>
concept buffered_view_of = requires { typename u8v::decode_buffered_view<V>; };
static_assert(buffered_view_of<std::string_view>);
static_assert(!buffered_view_of<std::ranges::ref_view<std::list<char>>>);

// Constant evaluation decodes one segment at a time, with the same results.
constexpr bool decodes_at_compile_time()
{
    constexpr std::string_view bytes = "a\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80\xC2\x41\xED\xA0\x80";
    constexpr char32_t expected[] = {U'a', 0xE9, 0x20AC, 0x1F600, 0xFFFD, U'A', 0xFFFD, 0xFFFD, 0xFFFD};
    std::size_t index = 0;
    for (char32_t c : bytes | u8v::views::decode_buffered) {
        if (index == std::size(expected) || c != expected[index]) return false;
        ++index;
    }
    std::size_t kept = 0;
    for (char32_t c :
         bytes | u8v::views::decode_buffered([](const u8v::decode_error_info&) { return std::optional<char32_t>(); })) {
        if (c == 0xFFFD) return false;
        ++kept;
    }
    return index == std::size(expected) && kept == 5;
}
static_assert(decodes_at_compile_time());

// What a policy does with each maximal subpart.
enum class action { replace, skip, question_mark, drop_by_user };

std::u32string expected_code_points(const std::string& input, action what)
{
    std::u32string out;
    for (const ref::segment& s : ref::segments(reinterpret_cast<const unsigned char*>(input.data()), input.size())) {
        if (s.well_formed()) out += s.code_point;
        else if (what == action::replace) out += U'\uFFFD';
        else if (what == action::question_mark) out += U'?';
    }
    return out;
}

// A user policy: '?' (or nothing, `drop`) for each maximal subpart, and a
// record of each call in the log, in turn with the elements the loop takes.
// The record of a call is its offset (bits 0-39), length (40-47) and kind
// (48-55), with the top bit set.
struct logging_policy {
    std::vector<std::uint64_t>* log;
    bool drop = false;
    std::optional<char32_t> operator()(const u8v::decode_error_info& info) const
    {
        log->push_back(info.offset | (std::uint64_t{info.length} << 40) |
                       (std::uint64_t{static_cast<std::uint8_t>(info.kind)} << 48) | (std::uint64_t{1} << 63));
        if (drop) return std::nullopt;
        return U'?';
    }
};

template <class View>
std::u32string collect(View&& view)
{
    std::u32string out;
    for (char32_t c : view) out += c;
    return out;
}

std::u32string decode_buffered_with(const std::string& input, action what)
{
    std::vector<std::uint64_t> log;
    switch (what) {
    case action::replace: return collect(input | u8v::views::decode_buffered);
    case action::skip: return collect(input | u8v::views::decode_buffered(u8v::on_error::skip));
    case action::question_mark: return collect(input | u8v::views::decode_buffered(logging_policy{&log}));
    default: return collect(input | u8v::views::decode_buffered(logging_policy{&log, true}));
    }
}

// Inputs of one to ten batches: text of each length and of mixed lengths;
// the mixed text with an ill-formed piece every `gap` bytes (2 to 500:
// lone bytes, truncated sequences, surrogates, overlongs) and with random
// bytes; errors at the batches' edges (a batch of ASCII code points, then a
// piece); a sequence cut by the end; and sizes around one batch.
std::vector<std::string> batch_inputs()
{
    std::mt19937 random(20261207);
    const auto text_of = [&](std::size_t size, unsigned length) {
        std::string text;
        while (text.size() < size)
            text += ref::encode(t::random_scalar_of_length(
                random, length != 0 ? length : std::uniform_int_distribution<unsigned>(1, 4)(random)));
        return text;
    };
    std::vector<std::string> inputs;
    for (unsigned length = 1; length <= 4; ++length) inputs.push_back(text_of(20000, length));
    const std::string mixed = text_of(24000, 0);
    inputs.push_back(mixed);
    const std::string pieces[] = {"\xFF", "\x80", "\xE2\x82", "\xF0\x9F\x98", "\xED\xA0\x80", "\xC0\xAF", "\xC2"};
    for (const std::size_t gap : {2u, 7u, 31u, 97u, 500u}) {
        std::string dirty;
        std::size_t piece = 0;
        for (std::size_t index = 0; index < mixed.size(); ++index) {
            if (index % gap == gap - 1) dirty += pieces[piece++ % std::size(pieces)];
            dirty += mixed[index];
        }
        inputs.push_back(dirty);
    }
    inputs.push_back(std::string(5000, '\x80'));  // nothing but errors: skip yields nothing
    inputs.push_back(std::string(3000, '\xC0'));
    std::string junk(5000, '\0');
    for (char& c : junk) c = static_cast<char>(std::uniform_int_distribution<int>(0, 255)(random));
    inputs.push_back(junk);
    std::string at_edges;
    for (std::size_t round = 0; round < 6; ++round) {
        at_edges += std::string(batch - round % 3, 'x');
        at_edges += pieces[round % std::size(pieces)];
    }
    inputs.push_back(at_edges);
    inputs.push_back(mixed.substr(0, 3000) + "\xF0\x9F\x98");
    for (const std::size_t size : {batch - 1, batch, batch + 1}) inputs.push_back(std::string(size, 'a'));
    inputs.push_back(std::string());
    return inputs;
}

constexpr action every_action[] = {action::replace, action::skip, action::question_mark, action::drop_by_user};

}  // namespace

BOOST_AUTO_TEST_CASE(conformance_vectors_decode_as_the_standard_says)
{
    const auto vectors = t::read_decode_vectors();
    BOOST_TEST_REQUIRE(vectors.size() > 100u);
    t::for_each_kernel_and_transcoder([&] {
        for (const auto& v : vectors) {
            BOOST_TEST_CONTEXT("vector " << v.id << " (line " << v.line << "): " << v.input_hex)
            {
                const std::u32string replaced = collect(v.input | u8v::views::decode_buffered);
                const std::u32string skipped = collect(v.input | u8v::views::decode_buffered(u8v::on_error::skip));
                BOOST_TEST((replaced == std::u32string(v.replace.begin(), v.replace.end())));
                BOOST_TEST((skipped == std::u32string(v.skip.begin(), v.skip.end())));
                std::vector<std::uint64_t> log;
                const std::u32string user = collect(v.input | u8v::views::decode_buffered(logging_policy{&log}));
                if (v.first_invalid < 0) {
                    BOOST_TEST(log.empty());
                    BOOST_TEST((user == replaced));
                }
                else {
                    BOOST_TEST(!log.empty());
                    BOOST_TEST((user == expected_code_points(v.input, action::question_mark)));
                }
            }
        }
    });
}

BOOST_AUTO_TEST_CASE(inputs_of_several_batches_decode_as_the_reference_does)
{
    const std::vector<std::string> inputs = batch_inputs();
    t::for_each_kernel_and_transcoder([&] {
        for (std::size_t index = 0; index < inputs.size(); ++index) {
            for (const action what : every_action) {
                BOOST_TEST_CONTEXT("input " << index << " (" << inputs[index].size() << " bytes), action "
                                            << static_cast<int>(what))
                {
                    BOOST_TEST(
                        (decode_buffered_with(inputs[index], what) == expected_code_points(inputs[index], what)));
                }
            }
        }
    });
}

// The loop over the buffered view and over views::decode, stopped after
// `limit` elements: what the loop saw (elements, and the policy's calls
// among them) must be the same.
template <class View>
std::vector<std::uint64_t> loop_log(View&& view, std::vector<std::uint64_t>& log, std::size_t limit)
{
    std::size_t taken = 0;
    for (auto it = view.begin(); it != view.end(); ++it) {
        log.push_back(*it);
        if (++taken == limit) break;
    }
    return log;
}

BOOST_AUTO_TEST_CASE(a_user_policy_is_asked_where_the_loop_reaches_each_error)
{
    const std::vector<std::string> inputs = batch_inputs();
    t::for_each_kernel_and_transcoder([&] {
        for (std::size_t index = 0; index < inputs.size(); ++index) {
            const std::string& input = inputs[index];
            const std::size_t count = expected_code_points(input, action::replace).size();
            for (const bool drop : {false, true}) {
                for (const std::size_t limit : {std::size_t{1}, std::size_t{5}, batch - 1, batch, batch + 3, count / 2,
                                                static_cast<std::size_t>(-1)}) {
                    BOOST_TEST_CONTEXT("input " << index << ", drop " << drop << ", stop after " << limit)
                    {
                        std::vector<std::uint64_t> buffered_log;
                        std::vector<std::uint64_t> view_log;
                        loop_log(input | u8v::views::decode_buffered(logging_policy{&buffered_log, drop}), buffered_log,
                                 limit);
                        loop_log(input | u8v::views::decode(logging_policy{&view_log, drop}), view_log, limit);
                        BOOST_TEST((buffered_log == view_log));
                    }
                }
            }
        }
    });
}

BOOST_AUTO_TEST_CASE(a_throwing_policy_throws_at_the_same_element)
{
    const std::vector<std::string> inputs = batch_inputs();
    t::for_each_kernel_and_transcoder([&] {
        for (std::size_t index = 0; index < inputs.size(); ++index) {
            const std::string& input = inputs[index];
            const auto segments = ref::segments(reinterpret_cast<const unsigned char*>(input.data()), input.size());
            const ref::segment* error = ref::first_error(segments);
            BOOST_TEST_CONTEXT("input " << index)
            {
                std::u32string before;
                auto view = input | u8v::views::decode_buffered(u8v::on_error::throw_exception);
                std::ranges::iterator_t<decltype(view)> it;  // at the end if begin() throws
                bool thrown = false;
                try {
                    it = view.begin();
                    for (; it != view.end(); ++it) before += *it;
                }
                catch (const u8v::decode_error& e) {
                    thrown = true;
                    BOOST_TEST_REQUIRE(error != nullptr);
                    BOOST_TEST(e.offset() == error->offset);
                    BOOST_TEST((e.kind() == *error->error));
                    BOOST_TEST((it == view.end()));
                }
                BOOST_TEST(thrown == (error != nullptr));
                std::u32string expected;
                for (const ref::segment& s : segments) {
                    if (!s.well_formed()) break;
                    expected += s.code_point;
                }
                BOOST_TEST((before == expected));
            }
        }
    });
}

BOOST_AUTO_TEST_CASE(composes_with_standard_views_and_algorithms)
{
    const std::string text = "caf\xC3\xA9 \xE2\x82\xAC 10 \xFF ok";
    auto first_three = text | u8v::views::decode_buffered | std::views::take(3);
    BOOST_TEST((collect(first_three) == U"caf"));
    auto view = text | u8v::views::decode_buffered;
    const auto euro = std::ranges::find(view, U'\u20AC');
    BOOST_TEST_REQUIRE((euro != view.end()));
    auto after = euro;
    ++after;
    BOOST_TEST((*after == U' '));
    // A policy with captures (a lambda that cannot be assigned) keeps the
    // view a view: it composes.
    int errors = 0;
    const auto count = [&errors](const u8v::decode_error_info&) -> std::optional<char32_t> {
        ++errors;
        return U'?';
    };
    static_assert(std::ranges::view<decltype(text | u8v::views::decode_buffered(count))>);
    BOOST_TEST((collect(text | u8v::views::decode_buffered(count) | std::views::take(20)) ==
                expected_code_points(text, action::question_mark)));
    BOOST_TEST(errors == 1);
    auto common = text | u8v::views::decode_buffered | std::views::common;
    std::u32string copied(common.begin(), common.end());
    BOOST_TEST((copied == expected_code_points(text, action::replace)));
    // A view moved while a loop runs starts with nothing decoded: its
    // begin() goes on from where the old one's decoding had reached, after
    // the batch the loop's iterator holds.
    std::string long_text;
    for (int index = 0; index < 3000; ++index) long_text += "\xC3\xA9\xE2\x82\xAC" + std::to_string(index);
    const std::u32string all = expected_code_points(long_text, action::replace);
    BOOST_TEST_REQUIRE(all.size() > 3 * batch);
    auto original = long_text | u8v::views::decode_buffered;
    auto it = original.begin();
    BOOST_TEST((*it == U'\u00E9'));
    auto moved = std::move(original);
    BOOST_TEST((collect(moved) == all.substr(batch)));
    // A view moved from is still valid: one that owned its string, which
    // went with the move (or not: unspecified), yields at most what is left
    // and reads nothing past its bytes.
    auto owner = std::string(long_text) | u8v::views::decode_buffered;
    BOOST_TEST((*owner.begin() == U'\u00E9'));
    auto taken = std::move(owner);
    std::size_t left = 0;
    for (auto rest = owner.begin(); rest != owner.end(); ++rest) ++left;
    BOOST_TEST(left <= all.size() - batch);
    BOOST_TEST((collect(taken) == all.substr(batch)));
}

BOOST_AUTO_TEST_CASE(byte_types_give_the_same_code_points)
{
    const std::string text = "\xE4\xB8\xAD\xE6\x96\x87 \xC3\xA9\xF0\x9F\x98\x80\xE0\x80\x80";
    const std::u32string expected = expected_code_points(text, action::replace);
    const std::u8string u8(text.begin(), text.end());
    const std::vector<unsigned char> bytes(text.begin(), text.end());
    std::vector<std::byte> raw(text.size());
    std::ranges::transform(text, raw.begin(), [](char c) { return static_cast<std::byte>(c); });
    BOOST_TEST((collect(u8 | u8v::views::decode_buffered) == expected));
    BOOST_TEST((collect(bytes | u8v::views::decode_buffered) == expected));
    BOOST_TEST((collect(raw | u8v::views::decode_buffered) == expected));
    BOOST_TEST((collect(u8v::decode_buffered_view(std::span<const unsigned char>(bytes))) == expected));
    BOOST_TEST((collect(u8v::views::decode_buffered(std::string(text), u8v::on_error::skip)) ==
                expected_code_points(text, action::skip)));
}

BOOST_AUTO_TEST_CASE(the_first_batch_reads_a_bounded_stretch, *boost::unit_test::precondition(t::mmap_is_available))
{
#if defined(UTF8VIEW_TEST_HAS_MMAP)
    const t::guarded_gigabyte region(6);
    BOOST_TEST_REQUIRE(region.ok(), "mmap of 1 GiB PROT_NONE failed");
    BOOST_TEST_REQUIRE(region.readable() >= 16384u + 8u);
    std::mt19937 random(7);
    for (const unsigned length : {1u, 2u, 3u, 4u, 0u}) {
        // Valid text: the batch's blocks (4 bytes per code point of room,
        // at least 1 KiB each) and a character cut at their end. With an error every 13 or 200 bytes
        // the batch goes on until it holds its 2048 code points: 16 KiB
        // bound it.
        for (const std::size_t gap : {std::size_t{0}, std::size_t{13}, std::size_t{200}}) {
            const std::size_t reach = gap == 0 ? 4 * batch + 1024 + 3 : 16384;
            std::string text;
            while (text.size() < region.readable()) {
                text += ref::encode(t::random_scalar_of_length(
                    random, length != 0 ? length : std::uniform_int_distribution<unsigned>(1, 4)(random)));
                if (gap != 0 && text.size() % gap < 4) text += "\xE2\x82";  // a truncated sequence
            }
            std::copy(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(region.readable()), region.data());
            // The view starts `reach` bytes before the end of the readable
            // memory and goes on to the end of the gigabyte: begin() and the
            // elements of the first batch read nothing past `reach`, or the
            // test dies of SIGSEGV.
            const std::size_t from = region.readable() - reach;
            const std::string_view gigabyte(region.data() + from, t::guarded_gigabyte::size - from);
            const std::string readable(region.data() + from, reach);
            t::for_each_kernel_and_transcoder([&] {
                // A user policy's batch stops before an error: valid text only.
                for (const action what : {action::replace, action::question_mark}) {
                    if (what == action::question_mark && gap != 0) continue;
                    BOOST_TEST_CONTEXT("length " << length << ", gap " << gap << ", action " << static_cast<int>(what))
                    {
                        const std::u32string expected = expected_code_points(readable, what);
                        BOOST_TEST_REQUIRE(expected.size() > batch);
                        std::vector<std::uint64_t> log;
                        std::u32string got;
                        const auto take_first_batch = [&](auto&& view) {
                            auto it = view.begin();
                            for (;;) {
                                got += *it;
                                if (got.size() == batch) break;  // the next step would decode the next batch
                                ++it;
                            }
                        };
                        if (what == action::replace) take_first_batch(gigabyte | u8v::views::decode_buffered);
                        else take_first_batch(gigabyte | u8v::views::decode_buffered(logging_policy{&log}));
                        BOOST_TEST((got == expected.substr(0, batch)));
                    }
                }
            });
        }
    }
#endif
}
