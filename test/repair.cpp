// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.

// repair_into, repaired_size and repair (<utf8view/repair.hpp>).
//
// Expected values: the replace column of test/data/decode_vectors.tsv (what
// a browser's TextDecoder gives) and Kuhn's expected decodings, encoded by
// the Table 3-6 encoder of support/reference_utf8.hpp; the skip column
// likewise; where a bounded call stops, by support/bounded_output_rule.hpp.
// Never the library's own decoder.

#include <utf8view/repair.hpp>
#include <utf8view/transcode.hpp>
#include <utf8view/utf16.hpp>
#define BOOST_TEST_MODULE repair
#include <boost/test/unit_test.hpp>

// testdata.hpp before print.hpp (see conformance/decode_vectors.cpp: -Wshadow).
#include "support/testdata.hpp"
#include "support/vector_files.hpp"
#include "support/bounded_output_rule.hpp"
#include "support/force_kernels.hpp"
#include "support/guarded_pages.hpp"
#include "support/print.hpp"
#include "support/random_utf8.hpp"
#include "support/reference_utf8.hpp"
#include "support/test_iterators.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <list>
#include <optional>
#include <span>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace u8v = utf8view;
namespace t = utf8view_test;
namespace ref = utf8view_test::reference;
namespace ut = boost::unit_test;

namespace {

// The code points of a vector column, as UTF-8 (Table 3-6).
std::string encoded(const std::vector<char32_t>& code_points)
{
    std::string bytes;
    for (const char32_t c : code_points) bytes += ref::encode(c);
    return bytes;
}

// A user policy: '?' for each maximal subpart, and a record of each call.
struct recording_policy {
    std::vector<u8v::decode_error_info>* log;
    std::optional<char32_t> operator()(const u8v::decode_error_info& info) const
    {
        log->push_back(info);
        return U'?';
    }
};

// Drops each maximal subpart, records it, and declares that it drops every error.
struct declared_recording_drop {
    static constexpr bool drops_every_error = true;
    std::vector<u8v::decode_error_info>* log;
    std::optional<char32_t> operator()(const u8v::decode_error_info& info) const
    {
        log->push_back(info);
        return std::nullopt;
    }
};

// The reference's errors of `bytes`.
std::vector<ref::segment> errors_of(const std::vector<ref::segment>& segments)
{
    std::vector<ref::segment> errors;
    for (const ref::segment& s : segments)
        if (!s.well_formed()) errors.push_back(s);
    return errors;
}

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

// The '?' repair of `bytes`, by the reference.
std::string questioned(const std::vector<ref::segment>& segments)
{
    std::string bytes;
    for (const ref::segment& s : segments) bytes += s.well_formed() ? ref::encode(s.code_point) : "?";
    return bytes;
}

}  // namespace

BOOST_AUTO_TEST_CASE(every_decode_vector_repaired_as_a_browser_decodes_it)
{
    const std::vector<t::decode_vector> rows = t::read_decode_vectors();
    BOOST_TEST_REQUIRE(rows.size() >= 500u);
    t::for_each_kernel_and_transcoder([&] {
        for (const t::decode_vector& row : rows) {
            BOOST_TEST_CONTEXT(row.id << " [" << row.input_hex << "]")
            {
                const std::string replaced = encoded(row.replace);
                const std::string skipped = encoded(row.skip);
                const std::string_view bytes(row.input);
                BOOST_TEST(u8v::repair(bytes) == replaced);
                BOOST_TEST(u8v::repair(bytes, u8v::on_error::skip) == skipped);
                BOOST_TEST(u8v::repaired_size(bytes) == replaced.size());
                // Into an output iterator of each code unit type, and a back inserter.
                std::vector<char8_t> out(replaced.size());
                const auto result = u8v::repair_into(bytes, out.begin());
                BOOST_TEST((result.out == out.end()));
                BOOST_TEST((result.in == bytes.end()));
                BOOST_TEST(std::string(out.begin(), out.end()) == replaced);
                std::vector<std::byte> as_bytes;
                u8v::repair_into(bytes, std::back_inserter(as_bytes), u8v::on_error::skip);
                BOOST_TEST(as_bytes.size() == skipped.size());
                // The generic path: a std::list and a single-pass range.
                const std::list<char> list(row.input.begin(), row.input.end());
                std::string from_list;
                u8v::repair_into(list, std::back_inserter(from_list));
                BOOST_TEST(from_list == replaced);
                BOOST_TEST(u8v::repaired_size(list) == replaced.size());
                t::input_test_range<const char, false> input(row.input.data(), row.input.data() + row.input.size());
                BOOST_TEST(u8v::repair(input) == replaced);
            }
        }
    });
}

BOOST_AUTO_TEST_CASE(kuhn_stress_test_repaired_line_by_line_and_whole)
{
    const std::vector<std::string> lines = t::lines_of(t::read_testdata("UTF-8-test.txt"));
    const std::vector<std::string> replaced = t::lines_of(t::read_testdata("UTF-8-test.expected-replace.txt"));
    BOOST_TEST_REQUIRE(lines.size() == replaced.size());
    std::string whole_input;
    std::string whole_expected;
    for (std::size_t index = 0; index < lines.size(); ++index) {
        std::vector<char32_t> code_points;
        for (const std::uint64_t value : t::parse_hex_values(replaced[index].empty() ? "-" : replaced[index]))
            code_points.push_back(static_cast<char32_t>(value));
        BOOST_TEST(u8v::repair(std::string_view(lines[index])) == encoded(code_points), "line " << index + 1);
        whole_input += lines[index] + '\n';
        whole_expected += encoded(code_points) + '\n';
    }
    // The whole file, repeated past two 64 KiB blocks, under every kernel.
    std::string input;
    std::string expected;
    while (input.size() < 3 * 64 * 1024) {
        input += whole_input;
        expected += whole_expected;
    }
    t::for_each_kernel([&] {
        BOOST_TEST(u8v::repair(std::string_view(input)) == expected);
        BOOST_TEST(u8v::repaired_size(std::string_view(input)) == expected.size());
    });
    // Straight into a stream buffer: a std::ostreambuf_iterator takes the
    // stream's character type.
    std::ostringstream stream;
    u8v::repair_into(std::string_view(input), std::ostreambuf_iterator<char>(stream));
    BOOST_TEST(stream.str() == expected);
}

BOOST_AUTO_TEST_CASE(valid_text_is_copied_unchanged)
{
    t::random_source random(20261202);
    std::string text;
    while (text.size() < 200 * 1024) text += t::encode_by_table_3_6(t::random_scalar_value(random));
    t::for_each_kernel([&] {
        BOOST_TEST(u8v::repair(std::string_view(text)) == text);
        std::string out(text.size(), '\0');
        const auto result = u8v::repair_into(std::string_view(text), std::span<char>(out));
        BOOST_TEST((result.out == std::span<char>(out).end()));
        BOOST_TEST(out == text);
    });
}

// Where errors are dense, replace and skip repair 64 bytes at a time (the
// transcoder's byte classes split into segments), and the size functions
// count that way: inputs that go in and out of that path, under every
// kernel and transcoder, into a pointer, a string, a back inserter, and
// bounded outputs that end in the last windows, against the reference
// (segments by Table 3-7 and §3.9).
BOOST_AUTO_TEST_CASE(dense_errors_repaired_under_every_kernel_and_transcoder)
{
    t::random_source random(20261205);
    std::vector<std::string> inputs;
    std::string noise;  // random bytes: about half of the segments are errors
    while (noise.size() < 8 * 1024) noise += t::random_bytes(random).bytes;
    inputs.push_back(noise);
    std::string mixed;  // junk between stretches of text
    while (mixed.size() < 12 * 1024) {
        const std::size_t junk = mixed.size() + random.between(1, 600);
        while (mixed.size() < junk) mixed += t::random_bytes(random).bytes;
        const std::size_t text = mixed.size() + random.between(1, 1500);
        while (mixed.size() < text) mixed += t::valid_text(random).bytes;
    }
    inputs.push_back(mixed);
    std::string strays;  // stray continuation bytes among characters of every length
    while (strays.size() < 6 * 1024) {
        strays += t::encode_by_table_3_6(t::random_scalar_value(random));
        if (random.below(3) != 0) strays += static_cast<char>(random.between(0x80, 0xBF));
        if (random.below(16) == 0) strays += t::corrupted_text(random).bytes;
    }
    inputs.push_back(strays);
    std::string latin1;  // ISO-8859-1 letters among ASCII words, read as UTF-8
    while (latin1.size() < 6 * 1024) {
        latin1 += static_cast<char>(random.below(4) == 0 ? random.between(0xA0, 0xFF) : random.between('a', 'z'));
        if (random.below(6) == 0) latin1 += ' ';
    }
    inputs.push_back(latin1);
    std::string sparse;  // corrupted pieces every hundred bytes or so
    while (sparse.size() < 20 * 1024)
        sparse += random.below(8) == 0 ? t::corrupted_text(random).bytes : t::valid_text(random).bytes;
    inputs.push_back(sparse);
    std::string all_errors;  // a maximal subpart at every byte: the longest output a window can give
    while (all_errors.size() < 700)
        all_errors += static_cast<char>(random.below(2) == 0 ? 0x80 + random.below(64) : 0xF8);
    inputs.push_back(all_errors);

    t::for_each_kernel_and_transcoder([&] {
        for (std::size_t which = 0; which < inputs.size(); ++which) {
            const std::string& input = inputs[which];
            BOOST_TEST_CONTEXT("input " << which << " (" << input.size() << " bytes)")
            {
                const auto* const p = reinterpret_cast<const unsigned char*>(input.data());
                const std::vector<ref::segment> segments = ref::segments(p, input.size());
                std::string replaced;
                std::string skipped;
                std::size_t utf16_units = 0;  // Unicode ch. 3, D91: two above U+FFFF, one for U+FFFD
                for (const ref::segment& s : segments) {
                    replaced += s.well_formed() ? ref::encode(s.code_point) : ref::encode(0xFFFD);
                    if (s.well_formed()) skipped += ref::encode(s.code_point);
                    utf16_units += s.well_formed() && s.code_point > 0xFFFF ? std::size_t{2} : std::size_t{1};
                }
                BOOST_TEST_REQUIRE(errors_of(segments).size() > input.size() / 100);
                const std::string_view bytes(input);
                BOOST_TEST(u8v::repair(bytes) == replaced);
                BOOST_TEST(u8v::repair(bytes, u8v::on_error::skip) == skipped);
                BOOST_TEST(u8v::repaired_size(bytes) == replaced.size());
                BOOST_TEST(u8v::count_code_points(bytes) == segments.size());
                BOOST_TEST(u8v::utf8_to_utf16_size(bytes) == utf16_units);
                // Exactly the room needed (AddressSanitizer sees a write past it).
                std::vector<char> out(replaced.size());
                const auto into = u8v::repair_into(bytes, out.data());
                BOOST_TEST(static_cast<std::size_t>(into.out - out.data()) == replaced.size());
                BOOST_TEST((std::string_view(out.data(), out.size()) == replaced));
                std::vector<char8_t> inserted;
                u8v::repair_into(bytes, std::back_inserter(inserted), u8v::on_error::skip);
                BOOST_TEST((std::string(inserted.begin(), inserted.end()) == skipped));
                // Bounded: rooms that end in the last windows, and one anywhere.
                for (const bool skip : {false, true}) {
                    const std::string& expected = skip ? skipped : replaced;
                    std::vector<std::size_t> rooms = {expected.size(), expected.size() + 5,
                                                      random.below(static_cast<std::uint32_t>(expected.size() + 1))};
                    for (std::size_t fewer = 1; fewer <= 200 && fewer <= expected.size(); fewer += 1 + fewer / 8)
                        rooms.push_back(expected.size() - fewer);
                    if (input.size() < 1024)  // every room
                        for (std::size_t room = 0; room < expected.size(); ++room) rooms.push_back(room);
                    for (const std::size_t room : rooms) {
                        const ref::bounded_result r = ref::repair_into_room(segments, input.size(),
                                                                            skip ? ref::policy_behaviour::drops_declared
                                                                                 : ref::policy_behaviour::replaces,
                                                                            skip ? 0 : 3, room);
                        std::string bounded(room, '\xAA');
                        const auto result = skip
                                                ? u8v::repair_into(bytes, std::span<char>(bounded), u8v::on_error::skip)
                                                : u8v::repair_into(bytes, std::span<char>(bounded));
                        const auto written = static_cast<std::size_t>(result.out - std::span<char>(bounded).begin());
                        BOOST_TEST(written == r.written, "room " << room << (skip ? ", skip" : ""));
                        BOOST_TEST(bounded.substr(0, written) == expected.substr(0, r.written),
                                   "room " << room << (skip ? ", skip" : ""));
                        BOOST_TEST(static_cast<std::size_t>(result.in - bytes.begin()) == r.in,
                                   "room " << room << (skip ? ", skip" : ""));
                        // Nothing left written past what the result says was.
                        BOOST_TEST(bounded.find_first_not_of('\xAA', written) == std::string::npos,
                                   "room " << room << (skip ? ", skip" : ""));
                    }
                }
                // A policy asked about each error (its own loop, which goes
                // back to the kernel sooner after an error): '?' for each,
                // every maximal subpart told once, in order, with its offset;
                // into exactly the room needed, and bounded rooms.
                const std::string asked = questioned(segments);
                const std::vector<ref::segment> errors = errors_of(segments);
                std::vector<u8v::decode_error_info> log;
                std::vector<char> exact(asked.size());
                const auto told = u8v::repair_into(bytes, exact.data(), recording_policy{&log});
                BOOST_TEST(static_cast<std::size_t>(told.out - exact.data()) == asked.size());
                BOOST_TEST((std::string_view(exact.data(), exact.size()) == asked));
                check_told(log, errors, errors.size());
                for (const std::size_t room : {asked.size() - 1, asked.size() / 2, asked.size() / 3 + 1}) {
                    const ref::bounded_result r =
                        ref::repair_into_room(segments, input.size(), ref::policy_behaviour::replaces, 1, room);
                    std::string bounded(room, '\xAA');
                    log.clear();
                    const auto result = u8v::repair_into(bytes, std::span<char>(bounded), recording_policy{&log});
                    const auto written = static_cast<std::size_t>(result.out - std::span<char>(bounded).begin());
                    BOOST_TEST(written == r.written, "room " << room << ", asked");
                    BOOST_TEST(bounded.substr(0, written) == asked.substr(0, r.written), "room " << room << ", asked");
                    BOOST_TEST(static_cast<std::size_t>(result.in - bytes.begin()) == r.in,
                               "room " << room << ", asked");
                    check_told(log, errors, r.asked);
                }
            }
        }
    });
}

BOOST_AUTO_TEST_CASE(user_policies_are_told_each_maximal_subpart_once)
{
    const std::string kuhn = t::read_testdata("UTF-8-test.txt");
    const std::vector<ref::segment> segments =
        ref::segments(reinterpret_cast<const unsigned char*>(kuhn.data()), kuhn.size());
    const std::vector<ref::segment> errors = errors_of(segments);
    BOOST_TEST_REQUIRE(errors.size() == 378u);  // test/data/README.md
    t::for_each_kernel([&] {
        std::vector<u8v::decode_error_info> log;
        BOOST_TEST(u8v::repair(std::string_view(kuhn), recording_policy{&log}) == questioned(segments));
        check_told(log, errors, errors.size());
    });
}

BOOST_AUTO_TEST_CASE(bounded_outputs_at_every_room_end_at_a_page_boundary, *ut::precondition(t::mmap_is_available))
{
#if defined(UTF8VIEW_TEST_HAS_MMAP)
    // Inputs: the decode vectors joined (every kind of error), and one row
    // in five after 64 ASCII bytes; rooms 0..80 and 1..8 short of all.
    std::vector<std::string> inputs;
    std::string all;
    std::size_t index = 0;
    for (const t::decode_vector& row : t::read_decode_vectors()) {
        all += row.input;
        if (index++ % 5 == 0) inputs.push_back(std::string(64, 'a') + row.input);
    }
    inputs.push_back(all.substr(0, 700));
    t::guarded_pages input_pages;
    t::guarded_pages output_pages;
    t::for_each_kernel([&] {
        for (const std::string& input : inputs) {
            const unsigned char* const p = input_pages.at_end(input);
            const std::span<const unsigned char> bytes(p, input.size());
            const std::vector<ref::segment> segments = ref::segments(p, input.size());
            const std::vector<ref::segment> errors = errors_of(segments);
            std::string replaced;
            std::string skipped;
            for (const ref::segment& s : segments) {
                replaced += s.well_formed() ? ref::encode(s.code_point) : ref::encode(0xFFFD);
                if (s.well_formed()) skipped += ref::encode(s.code_point);
            }
            std::vector<std::size_t> rooms;
            for (std::size_t room = 0; room <= 80; ++room) rooms.push_back(room);
            for (std::size_t fewer = 1; fewer <= 8 && fewer <= replaced.size(); ++fewer)
                rooms.push_back(replaced.size() - fewer);
            for (const std::size_t room : rooms) {
                BOOST_TEST_CONTEXT("input [" << t::hex_of(input) << "], room " << room)
                {
                    using ref::policy_behaviour;
                    const auto check = [&](auto policy, policy_behaviour behaviour, const std::string& expected,
                                           std::size_t replacement_bytes) {
                        const ref::bounded_result r =
                            ref::repair_into_room(segments, input.size(), behaviour, replacement_bytes, room);
                        unsigned char* const out = output_pages.output_at_end<unsigned char>(room, 0xAA);
                        const auto result = u8v::repair_into(bytes, std::span<unsigned char>(out, room), policy);
                        const auto written = static_cast<std::size_t>(std::to_address(result.out) - out);
                        BOOST_TEST(written == r.written);
                        BOOST_TEST(std::string(reinterpret_cast<const char*>(out), written) ==
                                   expected.substr(0, r.written));
                        // The rest of the room is as it was.
                        BOOST_TEST(std::count(out + written, out + room, 0xAA) ==
                                   static_cast<std::ptrdiff_t>(room - written));
                        BOOST_TEST(static_cast<std::size_t>(std::to_address(result.in) - p) == r.in);
                        return r;
                    };
                    check(u8v::on_error::replace, policy_behaviour::replaces, replaced, 3);
                    check(u8v::on_error::skip, policy_behaviour::drops_declared, skipped, 0);
                    std::vector<u8v::decode_error_info> log;
                    check_told(
                        log, errors,
                        check(recording_policy{&log}, policy_behaviour::replaces, questioned(segments), 1).asked);
                    log.clear();
                    check_told(
                        log, errors,
                        check(declared_recording_drop{&log}, policy_behaviour::drops_declared, skipped, 0).asked);
                }
            }
        }
    });
#endif
}

// A sequence cut by the end of a 64-byte block the SIMD kernel accepts (1
// to 3 bytes of U+1F600 at its end, then the input's end, an ASCII byte or
// a lone continuation byte; or all 4, ending the block, then those): the
// kernel copies that block into a bounded output as it reads it, and
// whatever the policy makes of the cut sequence, the room after what
// repair wrote is left as it was (Unicode 15.0, ch. 3, 3.9: the cut
// sequence is one maximal subpart).
BOOST_AUTO_TEST_CASE(a_sequence_cut_by_a_block_end_leaves_the_room_after_it_as_it_was)
{
    const std::string emoji = "\xF0\x9F\x98\x80";  // U+1F600, Table 3-6
    t::for_each_kernel([&] {
        for (std::size_t blocks = 1; blocks <= 3; ++blocks) {
            for (std::size_t cut = 1; cut <= 4; ++cut) {
                for (const std::string& after : {std::string(), std::string("A"), std::string("\x80")}) {
                    const std::string input = std::string(64 * blocks - cut, 'a') + emoji.substr(0, cut) + after;
                    const auto* const p = reinterpret_cast<const unsigned char*>(input.data());
                    const std::vector<ref::segment> segments = ref::segments(p, input.size());
                    std::string replaced;
                    std::string skipped;
                    for (const ref::segment& s : segments) {
                        replaced += s.well_formed() ? ref::encode(s.code_point) : ref::encode(0xFFFD);
                        if (s.well_formed()) skipped += ref::encode(s.code_point);
                    }
                    const auto check = [&](auto policy, const std::string& expected) {
                        BOOST_TEST_CONTEXT("input [" << t::hex_of(input) << "]")
                        {
                            const std::size_t room = input.size() + 8;
                            std::vector<unsigned char> out(room, 0xAA);
                            const auto result =
                                u8v::repair_into(std::span<const unsigned char>(p, input.size()), out, policy);
                            const auto written = static_cast<std::size_t>(result.out - out.begin());
                            BOOST_TEST(std::string(out.begin(), result.out) == expected);
                            BOOST_TEST(std::count(result.out, out.end(), 0xAA) ==
                                       static_cast<std::ptrdiff_t>(room - written));
                        }
                    };
                    check(u8v::on_error::skip, skipped);
                    check(u8v::on_error::replace, replaced);
                    std::vector<u8v::decode_error_info> log;
                    check(declared_recording_drop{&log}, skipped);
                    check(recording_policy{&log}, questioned(segments));
                }
            }
        }
    });
}

BOOST_AUTO_TEST_CASE(a_full_output_moves_past_what_skip_drops)
{
    // 41 80: 'A', then a lone continuation byte (one maximal subpart,
    // Table 3-7). Room for one byte: skip consumes both, replace stops at 1.
    const std::string_view bytes("\x41\x80", 2);
    char out[1];
    const auto skipped = u8v::repair_into(bytes, std::span<char>(out), u8v::on_error::skip);
    BOOST_TEST(skipped.in - bytes.begin() == 2);
    const auto replaced = u8v::repair_into(bytes, std::span<char>(out), u8v::on_error::replace);
    BOOST_TEST(replaced.in - bytes.begin() == 1);
    // The array itself is a bounded output range too (not the pointer it decays to).
    const auto into_array = u8v::repair_into(bytes, out, u8v::on_error::skip);
    BOOST_TEST(into_array.in - bytes.begin() == 2);
    BOOST_TEST((into_array.out - out) == 1);
    BOOST_TEST(out[0] == 'A');
}

BOOST_AUTO_TEST_CASE(repair_in_constant_evaluation)
{
    // C2 41: U+FFFD (EF BF BD), 'A' (Table 3-7, §3.9).
    static_assert([] {
        const char8_t input[] = {0xC2, 0x41};
        char8_t out[4] = {};
        const auto result = u8v::repair_into(std::u8string_view(input, 2), std::span<char8_t>(out));
        return result.out == std::span<char8_t>(out).end() && out[0] == 0xEF && out[1] == 0xBF && out[2] == 0xBD &&
               out[3] == 0x41 && u8v::repaired_size(std::u8string_view(input, 2)) == 4;
    }());
    BOOST_TEST(true);  // the checks are the static_assert above
}
