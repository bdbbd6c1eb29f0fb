// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.

// The yardstick of the differential tests, support/reference_utf8.hpp, held
// to the conformance data: every row of test/data/decode_vectors.tsv and
// encode_vectors.tsv, every line of Markus Kuhn's stress test, and the
// error-kind table of support/error_kind_rule.hpp. The fuzz targets and the
// exhaustive test compare the library with this decoder, so it must be
// right on its own, without the library's help.

#include "support/reference_utf8.hpp"
#define BOOST_TEST_MODULE conformance_reference_utf8
#include <boost/test/unit_test.hpp>

#include "support/testdata.hpp"
#include "support/vector_files.hpp"
#include "support/error_kind_rule.hpp"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace t = utf8view_test;
namespace ref = utf8view_test::reference;
namespace tt = boost::test_tools;

namespace {

const unsigned char* data_of(const std::string& bytes)
{
    return reinterpret_cast<const unsigned char*>(bytes.data());
}

// The code points the replace and skip policies give, by the reference.
std::vector<std::uint32_t> decoded(const std::vector<ref::segment>& all, bool skip)
{
    std::vector<std::uint32_t> values;
    for (const ref::segment& s : all) {
        if (s.well_formed()) values.push_back(s.code_point);
        else if (!skip) values.push_back(0xFFFD);
    }
    return values;
}

std::vector<std::uint32_t> widened(const std::vector<char32_t>& values)
{
    return std::vector<std::uint32_t>(values.begin(), values.end());
}

}  // namespace

BOOST_AUTO_TEST_CASE(reference_decoder_agrees_with_every_decode_vector)
{
    const std::vector<t::decode_vector> rows = t::read_decode_vectors();
    BOOST_TEST_REQUIRE(rows.size() >= 500u);
    for (const t::decode_vector& row : rows) {
        BOOST_TEST_CONTEXT(row.id << " (" << row.input_hex << ")")
        {
            const std::vector<ref::segment> all = ref::segments(data_of(row.input), row.input.size());
            BOOST_TEST(decoded(all, false) == widened(row.replace), tt::per_element());
            BOOST_TEST(decoded(all, true) == widened(row.skip), tt::per_element());
            const ref::segment* error = ref::first_error(all);
            BOOST_TEST((error ? static_cast<long>(error->offset) : -1L) == row.first_invalid);
            if (error) {
                BOOST_TEST(static_cast<int>(*error->error) ==
                           static_cast<int>(t::expected_error_kind(row.input, error->offset)));
            }
            // Every segment is 1 to 4 bytes, and they tile the input.
            std::size_t next = 0;
            for (const ref::segment& s : all) {
                BOOST_TEST(s.offset == next);
                BOOST_TEST((s.length >= 1 && s.length <= 4));
                next = s.end();
            }
            BOOST_TEST(next == row.input.size());
        }
    }
}

BOOST_AUTO_TEST_CASE(reference_decoder_agrees_with_kuhn_stress_test)
{
    const std::vector<std::string> lines = t::lines_of(t::read_testdata("UTF-8-test.txt"));
    const std::vector<std::string> replaced = t::lines_of(t::read_testdata("UTF-8-test.expected-replace.txt"));
    const std::vector<std::string> skipped = t::lines_of(t::read_testdata("UTF-8-test.expected-skip.txt"));
    BOOST_TEST_REQUIRE(lines.size() == 300u);
    BOOST_TEST_REQUIRE(replaced.size() == lines.size());
    BOOST_TEST_REQUIRE(skipped.size() == lines.size());
    for (std::size_t index = 0; index < lines.size(); ++index) {
        BOOST_TEST_CONTEXT("line " << index + 1)
        {
            const std::vector<ref::segment> all = ref::segments(data_of(lines[index]), lines[index].size());
            const auto expect = [](const std::string& text) {
                std::vector<std::uint32_t> values;
                for (const std::uint64_t value : t::parse_hex_values(text.empty() ? "-" : text))
                    values.push_back(static_cast<std::uint32_t>(value));
                return values;
            };
            BOOST_TEST(decoded(all, false) == expect(replaced[index]), tt::per_element());
            BOOST_TEST(decoded(all, true) == expect(skipped[index]), tt::per_element());
        }
    }
}

BOOST_AUTO_TEST_CASE(reference_encoder_agrees_with_every_encode_vector)
{
    const std::vector<t::encode_vector> rows = t::read_encode_vectors();
    BOOST_TEST_REQUIRE(rows.size() >= 40u);
    for (const t::encode_vector& row : rows) {
        BOOST_TEST_CONTEXT(row.id << " (" << row.values_text << ")")
        {
            std::string replace;
            std::string skip;
            bool any_error = false;
            for (const std::int64_t value : row.values) {
                const auto as_32 = static_cast<std::uint32_t>(value);
                const bool scalar = value >= 0 && value <= 0xFFFFFFFF && ref::is_scalar_value(as_32);
                if (scalar) {
                    replace += ref::encode(as_32);
                    skip += ref::encode(as_32);
                }
                else {
                    replace += ref::encode(0xFFFD);
                    any_error = true;
                }
            }
            BOOST_TEST(replace == std::string(row.replace.begin(), row.replace.end()));
            BOOST_TEST(skip == std::string(row.skip.begin(), row.skip.end()));
            BOOST_TEST(any_error == row.throw_is_error);
        }
    }
}

BOOST_AUTO_TEST_CASE(reference_boundaries_on_the_standard_examples)
{
    // Unicode 15.0 ch. 3 §3.9, Table 3-8: 61 F1 80 80 E1 80 C2 62 80 63 80 BF 64
    // is a, FFFD (F1 80 80), FFFD (E1 80), FFFD (C2), b, FFFD (80), c, FFFD
    // (80), FFFD (BF), d.
    const std::string bytes = "\x61\xF1\x80\x80\xE1\x80\xC2\x62\x80\x63\x80\xBF\x64";
    const std::vector<ref::segment> all = ref::segments(data_of(bytes), bytes.size());
    const std::vector<std::size_t> starts{0, 1, 4, 6, 7, 8, 9, 10, 11, 12};
    BOOST_TEST_REQUIRE(all.size() == starts.size());
    for (std::size_t index = 0; index < all.size(); ++index) BOOST_TEST(all[index].offset == starts[index]);
    // Byte 3 (the second 80 of F1 80 80) belongs to the subpart at 1; a cut
    // at 3 falls back to 1 and rises to 4.
    BOOST_TEST(ref::segment_start(all, 3) == 1u);
    BOOST_TEST(ref::floor_boundary(all, bytes.size(), 3) == 1u);
    BOOST_TEST(ref::ceil_boundary(all, bytes.size(), 3) == 4u);
    BOOST_TEST(ref::floor_boundary(all, bytes.size(), 99) == bytes.size());
    // A sequence cut by the end is dropped by the tail rule; a byte no later
    // byte could complete is kept.
    const std::string cut = "\x41\xF0\x9F\x98";
    BOOST_TEST(ref::without_incomplete_tail(ref::segments(data_of(cut), cut.size()), cut.size()) == 1u);
    const std::string stray = "\x41\xF4\x90";
    BOOST_TEST(ref::without_incomplete_tail(ref::segments(data_of(stray), stray.size()), stray.size()) == 3u);
}

BOOST_AUTO_TEST_CASE(reference_kinds_agree_with_the_error_kind_table_for_every_byte_pair)
{
    // Every first byte, alone and followed by every second byte: where the
    // reference finds a maximal subpart at the start, its kind is the one
    // support/error_kind_rule.hpp transcribes from the table documented on
    // utf8view::error_kind.
    std::size_t subparts = 0;
    for (unsigned first = 0; first <= 0xFF; ++first) {
        for (unsigned second = 0; second <= 0x100; ++second) {  // 0x100: the input ends after the first byte
            std::string bytes(1, static_cast<char>(first));
            if (second <= 0xFF) bytes += static_cast<char>(second);
            const ref::segment s = ref::segment_at(data_of(bytes), bytes.size(), 0);
            if (s.well_formed()) continue;
            ++subparts;
            if (static_cast<int>(*s.error) != static_cast<int>(t::expected_error_kind(bytes, 0)))
                BOOST_ERROR("[" << std::hex << first << " " << second << "]: the reference says "
                                << utf8view::to_string(*s.error));
        }
    }
    BOOST_TEST(subparts > 30000u);
}
