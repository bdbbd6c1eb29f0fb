// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.

// detail/simd/segment_masks.hpp splits a 64-byte window into its segments
// (well-formed sequences and ill-formed maximal subparts, Unicode 15.0
// ch. 3 §3.9) on 64-bit masks, from the classes of its bytes. Here the
// classes are computed byte by byte from Table 3-7 as the reference decoder
// (support/reference_utf8.hpp) transcribes it, and split_segments must give,
// exactly the reference decoder's segment starts, and the well-formedness
// of every segment that starts at 0..60 (the ones that end inside it): on random bytes, on corrupted text, on text
// of every UTF-8 length, and on every lead byte with every second byte.
// The vector kernels compute the classes with their own instructions; the
// transcoder tests (transcode_kernels.cpp) hold each of them, forced in
// turn, to the reference decoder. Each transcoder's classify_window (what
// the lazy decode view asks where errors are dense), and classify_bytes,
// the scalar one, must give exactly these classes on every window here
// (bit 63 of second_outside aside, which looks past the window).

#include <utf8view/detail/dispatch.hpp>
#include <utf8view/detail/simd/segment_masks.hpp>
#define BOOST_TEST_MODULE detail_segment_masks
#include <boost/test/unit_test.hpp>

#include "support/random_utf8.hpp"
#include "support/reference_utf8.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>

namespace simd = utf8view::detail::simd;
namespace ref = utf8view_test::reference;
namespace t = utf8view_test;

namespace {

constexpr std::size_t window = 64;
constexpr std::size_t complete = 61;  // segments that start at 0..60

std::uint64_t bit(std::size_t i)
{
    return std::uint64_t{1} << i;
}

// The classes of the window's bytes at p[0, 64).
simd::byte_class_masks classes_of(const unsigned char* p)
{
    simd::byte_class_masks m{};
    for (std::size_t i = 0; i < window; ++i) {
        const unsigned b = p[i];
        const std::size_t length = ref::row_length(b);
        if (length == 1) m.ascii |= bit(i);
        if (b >= 0x80 && b <= 0xBF) m.continuation |= bit(i);
        if (length == 2) m.two |= bit(i);
        if (length == 3) m.three |= bit(i);
        if (length == 4) m.four |= bit(i);
        // A lead byte whose row narrows the second byte's range, followed
        // by a byte outside it (only inside the window: the mask's top bit
        // has no next byte to look at, and no complete segment needs it).
        if (length >= 3 && i + 1 < window) {
            const ref::byte_range second = ref::allowed_byte(b, 1);
            const bool narrowed = second.low != 0x80 || second.high != 0xBF;
            if (narrowed && !second.holds(p[i + 1])) m.second_outside |= bit(i);
        }
    }
    return m;
}

std::string describe(const simd::byte_class_masks& m)
{
    std::string out;
    for (const std::uint64_t mask : {m.ascii, m.continuation, m.two, m.three, m.four, m.second_outside})
        out += " " + std::to_string(mask);
    return out;
}

// The classes each classifier gives for the window at p[0, 64) equal
// classes_of's; returns false (and says which differs, in the words `what`
// and `number`) if not.
bool classifiers_agree(const unsigned char* p, const char* what, std::size_t number)
{
    simd::byte_class_masks expected = classes_of(p);
    const std::uint64_t inside = ~bit(window - 1);  // second_outside of byte 63 says nothing
    expected.second_outside &= inside;
    const auto same = [&](simd::byte_class_masks got) {
        got.second_outside &= inside;
        return got.ascii == expected.ascii && got.continuation == expected.continuation && got.two == expected.two &&
               got.three == expected.three && got.four == expected.four &&
               got.second_outside == expected.second_outside;
    };
    bool all = true;
    if (!same(simd::classify_bytes(p))) {
        BOOST_ERROR(what << " " << number << ": classify_bytes gives" << describe(simd::classify_bytes(p))
                         << ", expected" << describe(expected));
        all = false;
    }
    for (const utf8view::detail::transcoder* c : utf8view::detail::available_transcoders())
        if (!same(c->classify_window(p))) {
            BOOST_ERROR(what << " " << number << ": transcoder " << c->name << " classifies as"
                             << describe(c->classify_window(p)) << ", expected" << describe(expected));
            all = false;
        }
    return all;
}

// Checks the window at p[0, 64) (a segment starts at p[0]) against the
// reference decoder's segments of p[0, 64), and the classifiers on it.
void check_window(const unsigned char* p, const std::string& what)
{
    BOOST_TEST_CONTEXT(what)
    {
        BOOST_TEST(classifiers_agree(p, "window", 0));
    }
    const simd::segment_masks got = simd::split_segments(classes_of(p));
    std::uint64_t starts = 0;
    std::uint64_t well_formed = 0;
    for (const ref::segment& s : ref::segments(p, window)) {
        starts |= bit(s.offset);  // every start: the kernels find the next window by them
        if (s.well_formed() && s.offset < complete) well_formed |= bit(s.offset);
    }
    BOOST_TEST(got.starts == starts, what << ": starts");
    BOOST_TEST((got.well_formed & starts & simd::complete_starts) == well_formed, what << ": well-formed");
}

// Checks every window that starts on a segment boundary of `text`.
void check_text(const std::string& text, const std::string& what)
{
    const auto* bytes = reinterpret_cast<const unsigned char*>(text.data());
    std::size_t checked = 0;
    for (const ref::segment& s : ref::segments(bytes, text.size())) {
        if (s.offset + window > text.size()) break;
        check_window(bytes + s.offset, what + " at " + std::to_string(s.offset));
        ++checked;
    }
    BOOST_TEST(checked > 0u, what << ": no window");
}

}  // namespace

BOOST_AUTO_TEST_CASE(random_bytes_and_corrupted_text)
{
    t::random_source random(20261203);
    for (int round = 0; round < 40; ++round) {
        std::string noise;
        while (noise.size() < 600) noise += t::random_bytes(random).bytes;
        check_text(noise, "random bytes, round " + std::to_string(round));
        std::string corrupted;
        while (corrupted.size() < 600)
            corrupted += random.below(2) == 0 ? t::corrupted_text(random).bytes : t::valid_text(random).bytes;
        check_text(corrupted, "corrupted text, round " + std::to_string(round));
        std::string edges;
        while (edges.size() < 600) edges += t::edge_bytes(random).bytes;
        check_text(edges, "edge bytes, round " + std::to_string(round));
    }
}

BOOST_AUTO_TEST_CASE(text_of_each_length)
{
    t::random_source random(20261204);
    const std::array<std::array<char32_t, 2>, 4> rows = {
        {{0x00, 0x7F}, {0x80, 0x7FF}, {0x800, 0xFFFF}, {0x10000, 0x10FFFF}}};
    for (const auto& row : rows) {
        std::string text;
        while (text.size() < 400) {
            char32_t c = static_cast<char32_t>(random.between(row[0], row[1]));
            if (c >= 0xD800 && c <= 0xDFFF) c = 0xFFFD;
            text += t::encode_by_table_3_6(c);
        }
        check_text(text, "characters of " + std::to_string(t::encode_by_table_3_6(row[1]).size()) + " bytes");
    }
}

// Each lead byte 00..FF, then each byte 00..FF, then a third and a fourth
// byte from the boundaries of Table 3-7's ranges, at offsets spread over
// 0..60 of a window of ASCII: every pair and cut a segment's bytes can make.
BOOST_AUTO_TEST_CASE(every_lead_byte_and_next_bytes)
{
    BOOST_TEST(simd::complete_starts == bit(complete) - 1);
    std::array<unsigned char, window> bytes{};
    std::size_t mismatches = 0;
    std::size_t cases = 0;
    for (unsigned lead = 0; lead < 0x100; ++lead)
        for (unsigned second = 0; second < 0x100; ++second)
            for (const unsigned third : {0x00u, 0x80u, 0x8Fu, 0x90u, 0xA0u, 0xBFu, 0xC2u, 0xFFu})
                for (const unsigned fourth : {0x41u, 0x80u, 0xBFu, 0xC0u}) {
                    const std::size_t offset = (lead * 7 + second * 13 + third + fourth) % complete;
                    bytes.fill(0x41);
                    bytes[offset] = static_cast<unsigned char>(lead);
                    if (offset + 1 < window) bytes[offset + 1] = static_cast<unsigned char>(second);
                    if (offset + 2 < window) bytes[offset + 2] = static_cast<unsigned char>(third);
                    if (offset + 3 < window) bytes[offset + 3] = static_cast<unsigned char>(fourth);
                    const simd::segment_masks got = simd::split_segments(classes_of(bytes.data()));
                    std::uint64_t starts = 0;
                    std::uint64_t well_formed = 0;
                    for (const ref::segment& s : ref::segments(bytes.data(), window)) {
                        starts |= bit(s.offset);
                        if (s.well_formed() && s.offset < complete) well_formed |= bit(s.offset);
                    }
                    ++cases;
                    const bool classified = classifiers_agree(bytes.data(), "lead byte at", offset);
                    if (got.starts != starts || (got.well_formed & starts & simd::complete_starts) != well_formed ||
                        !classified) {
                        if (mismatches++ < 10)
                            BOOST_ERROR("lead " << lead << ", then " << second << ", " << third << ", " << fourth
                                                << " at offset " << offset);
                    }
                }
    BOOST_TEST(cases == 256u * 256u * 8u * 4u);
    BOOST_TEST(mismatches == 0u);
}

// Every pair of bytes last in the window (62, 63), and every byte last
// after each lead byte with a narrowed second-byte range: the classifiers
// read nothing past the window, and their bit 63 of second_outside is the
// one bit left unsaid.
BOOST_AUTO_TEST_CASE(every_pair_of_bytes_at_the_end_of_the_window)
{
    std::array<unsigned char, window> bytes{};
    std::size_t disagreements = 0;
    for (unsigned first = 0; first < 0x100; ++first)
        for (unsigned second = 0; second < 0x100; ++second) {
            bytes.fill(0x41);
            bytes[window - 2] = static_cast<unsigned char>(first);
            bytes[window - 1] = static_cast<unsigned char>(second);
            if (!classifiers_agree(bytes.data(), "last two bytes", first << 8 | second) && ++disagreements > 10)
                BOOST_FAIL("too many disagreements");
        }
    BOOST_TEST(disagreements == 0u);
}
