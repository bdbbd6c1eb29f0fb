// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.

// Every validation kernel this CPU can run (detail::available_kernels():
// on x86-64 avx512vbmi, avx512, avx2, sse when supported, and always
// scalar), each called directly, must return exactly what the scalar decoder
// (detail::decode_segment, which the conformance tests check against the
// Unicode Standard and WHATWG) says: the same kind AND offset, on
//   - every row of decode_vectors.tsv, alone and behind 0..130 ASCII bytes;
//   - every pair of bytes, followed by 0..2 continuation bytes, at and
//     around a 64-byte block boundary, in ASCII and in non-ASCII text;
//   - inputs of every length 1..200 with an error of every kind (and
//     sequences cut short, and too long) at every offset 0..130, and at
//     every offset 0..320 before a long run of ASCII;
//   - every file of ../shared/corpus, whole, cut, and with errors planted;
//   - inputs at every alignment 0..63 that end exactly at the end of a
//     readable page followed by an unreadable one, or start right after one
//     (a read outside the input crashes the test).
// Without the corpus folder, or without mmap, those tests are reported by
// Boost.Test as skipped, with the reason (support/corpus.hpp,
// support/guarded_pages.hpp).
// The vector part of each SIMD kernel (block_prefix) is also checked on its
// own: on valid input it must accept every whole block (no false alarm
// sends it to the scalar code), and it must never accept a block holding
// the byte that makes an input ill-formed. Each kernel's accepted_prefix
// (where the bulk loops hand over to the checked decoder) must never reach
// past the segment of the first error, and its copy_accepted_prefix (which
// repair copies through) must accept the same prefix, copy its start
// exactly, hold back at least its last 64 bytes and write nothing more.

#include <utf8view/detail/dispatch.hpp>
#define BOOST_TEST_MODULE detail_simd_kernels
#include <boost/test/unit_test.hpp>

// testdata.hpp before print.hpp (see conformance/decode_vectors.cpp: -Wshadow).
#include "support/testdata.hpp"
#include "support/vector_files.hpp"
#include "support/corpus.hpp"
#include "support/print.hpp"
#include "support/guarded_pages.hpp"
#include "support/random_utf8.hpp"
#include "support/simd_vector_parts.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <initializer_list>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace u8v = utf8view;
namespace d = utf8view::detail;
namespace t = utf8view_test;
using u8v::validation_result;

namespace {

// ---------------------------------------------------------------------------
// The kernels and the reference

// The reference (t::reference_validation) and the vector parts of the SIMD
// kernels (t::vector_part_of, t::check_block_prefix): support/simd_vector_parts.hpp.

const unsigned char* bytes_of(std::string_view s)
{
    return reinterpret_cast<const unsigned char*>(s.data());
}

std::string describe(const validation_result& r)
{
    std::ostringstream out;
    out << r;  // <utf8view/io.hpp>, through support/print.hpp
    return out.str();
}

// Failures are reported one by one, up to this many per test case; then
// the case stops (one broken table entry would otherwise print millions).
constexpr int max_failures_reported = 20;

class checker {
    int failures_ = 0;

public:
    // Checks every available kernel on p[0, n) against the reference;
    // `what` names the input in messages. Returns the reference result.
    template <class Describe>
    validation_result check(const unsigned char* p, std::size_t n, const Describe& what)
    {
        const validation_result expected = t::reference_validation(p, n);
        for (const d::kernel* k : d::available_kernels()) {
            const validation_result got = k->validate(p, n);
            if (got != expected)
                fail(k->name, "validate returned " + describe(got) + ", expected " + describe(expected), p, n, what);
            for (const std::string& problem : t::check_accepted_prefix(*k, p, n, expected))
                fail(k->name, problem, p, n, what);
            const t::vector_part* v = t::vector_part_of(k->name);
            if (v == nullptr) continue;
            for (const std::string& problem : t::check_block_prefix(*v, p, n, expected).problems)
                fail(k->name, problem, p, n, what);
        }
        return expected;
    }

    template <class Describe>
    void fail(std::string_view kernel, const std::string& message, const unsigned char* p, std::size_t n,
              const Describe& what)
    {
        ++failures_;
        const std::string_view input(reinterpret_cast<const char*>(p), n);
        BOOST_ERROR("kernel " << kernel << ": " << message << "; input " << what() << ", " << n << " bytes"
                              << (n <= 300 ? " [" + t::hex_of(input) + "]" : std::string()));
        BOOST_TEST_REQUIRE(failures_ < max_failures_reported);
    }

    [[nodiscard]] int failures() const { return failures_; }
};

// ---------------------------------------------------------------------------
// Inputs

// Valid text to put errors into: `ascii`, `mixed` (1- to 4-byte characters:
// every block is non-ASCII) or `sparse` (ASCII with a multi-byte character
// every few dozen bytes: blocks alternate between the two paths).
enum class background { ascii, mixed, sparse };

std::string make_background(background kind, std::size_t size, std::uint32_t seed)
{
    t::random_source random(seed);
    std::string text;
    while (text.size() < size) {
        switch (kind) {
        case background::ascii: text.push_back(static_cast<char>(random.between(0x20, 0x7E))); break;
        case background::mixed: text += t::encode_by_table_3_6(t::random_scalar_value(random)); break;
        case background::sparse:
            if (random.below(40) == 0)
                text += t::encode_by_table_3_6(random.between(0x80, 0x7FF) + (random.below(2) ? 0x10000 : 0));
            else text.push_back(static_cast<char>(random.between(0x20, 0x7E)));
            break;
        }
    }
    return text;
}

// Ill-formed pieces of every error kind (the table on `error_kind`,
// include/utf8view/error.hpp; and the edges of each Table 3-7 row),
// sequences cut short (by whatever follows, or by the end), and sequences
// with a continuation byte too many.
const std::vector<std::string>& error_patterns()
{
    const auto b = t::byte_string;  // b({0xC0, 0x80}): a string of those two bytes
    // clang-format off
    static const std::vector<std::string> patterns = {
        b({0x80}),                                                                    // unexpected continuation
        b({0xC0, 0x80}), b({0xC1, 0xBF}),                                             // overlong
        b({0xE0, 0x80, 0x80}), b({0xE0, 0x9F, 0xBF}), b({0xF0, 0x8F, 0xBF, 0xBF}),
        b({0xED, 0xA0, 0x80}), b({0xED, 0xBF, 0xBF}),                                 // surrogate
        b({0xF4, 0x90, 0x80, 0x80}), b({0xF5, 0x80, 0x80, 0x80}),                     // out of range
        b({0xF7}),
        b({0xF8}), b({0xFF}),                                                         // invalid lead
        b({0xC2}), b({0xE1}), b({0xE1, 0x80}),                                        // truncated
        b({0xE0, 0xA0}), b({0xED, 0x9F}),
        b({0xF1}), b({0xF1, 0x80}), b({0xF1, 0x80, 0x80}), b({0xF4, 0x8F, 0xBF}),
        b({0xC2, 0x80, 0x80}), b({0xE1, 0x80, 0x80, 0x80}),                           // one continuation too many
        b({0xF1, 0x80, 0x80, 0x80, 0x80}),
        b({0xE1, 0xC2, 0x80}), b({0xF1, 0x80, 0xE1, 0x80, 0x80}),                     // a lead cut by a lead
    };
    // clang-format on
    return patterns;
}

}  // namespace

// ---------------------------------------------------------------------------

BOOST_AUTO_TEST_CASE(every_supported_kernel_is_under_test)
{
    const auto available = d::available_kernels();
    BOOST_TEST_REQUIRE(!available.empty());
    BOOST_TEST(available.back()->name == "scalar");
    std::string names;
    for (const d::kernel* k : available) {
        names += std::string(names.empty() ? "" : ", ") + std::string(k->name);
        if (k->name != "scalar")
            BOOST_TEST(t::vector_part_of(k->name) != nullptr, k->name << " has no vector part listed here");
    }
    BOOST_TEST_MESSAGE("kernels under test on this CPU: " << names);
    // Every SIMD kernel compiled in is tested here when the CPU has it. On
    // the project's x86-64 machines that is three or four.
#if defined(UTF8VIEW_SIMD_X86)
    const d::cpu_features have = d::cpu_features_of_this_machine();
    if (d::has_all(have, d::cpu_features::avx512bw | d::cpu_features::avx2))
        BOOST_TEST(available.size() == (d::has_all(have, d::cpu_features::avx512vbmi) ? 5u : 4u));
#endif
}

BOOST_AUTO_TEST_CASE(decode_vectors_alone_and_behind_ascii)
{
    checker c;
    const std::vector<t::decode_vector> rows = t::read_decode_vectors();
    BOOST_TEST_REQUIRE(rows.size() >= 500u);
    for (const t::decode_vector& row : rows) {
        for (std::size_t prefix = 0; prefix <= 130; ++prefix) {
            for (const std::size_t suffix : {std::size_t{0}, std::size_t{3}, std::size_t{70}}) {
                const std::string bytes = std::string(prefix, 'a') + row.input + std::string(suffix, 'z');
                const validation_result r = c.check(bytes_of(bytes), bytes.size(), [&] {
                    return row.id + " behind " + std::to_string(prefix) + " ASCII bytes";
                });
                // The reference agrees with the vector file (as the conformance tests show).
                if (row.first_invalid >= 0 && r.offset != prefix + static_cast<std::size_t>(row.first_invalid))
                    BOOST_ERROR(row.id << ": the reference decoder disagrees with first_invalid");
            }
        }
    }
    BOOST_TEST(c.failures() == 0);
}

BOOST_AUTO_TEST_CASE(every_byte_pair_with_continuations_around_a_block_boundary)
{
    // Each ill-formed pair (previous byte, byte) is what one of the lookup
    // tables' entries rejects: followed by the continuation bytes its first
    // byte asks for as a lead (none, one, two), nothing else rejects it.
    // Placed across a 16-byte lane boundary inside a block (at 15, 16),
    // across the block boundary at 64 (at 63, 64), and, in non-ASCII text,
    // across two vector boundaries inside a wider step (at 319, 320, 447,
    // 448: see errors_deep_in_non_ascii_text_at_every_offset_up_to_1100).
    checker c;
    for (const background kind : {background::ascii, background::mixed}) {
        const std::string text = make_background(kind, 600, 20260101);
        const std::string more_text = make_background(kind, 300, 20260102);
        for (unsigned first = 0; first < 256; ++first) {
            const std::string_view continuations = first >= 0xF0 ? "\xBF\x80" : first >= 0xE0 ? "\x80" : "";
            for (unsigned second = 0; second < 256; ++second) {
                const std::string piece = t::byte_string({first, second}) + std::string(continuations);
                for (const std::size_t offset : {15u, 16u, 63u, 64u, 319u, 320u, 447u, 448u}) {
                    if (offset > 64 && kind == background::ascii) continue;
                    const std::string bytes =
                        offset <= 64 ? t::plant(text, offset, piece, "hello, world! hello, world! ...", 160)
                                     : t::plant(text, offset, piece, more_text, offset + 200);
                    c.check(bytes_of(bytes), bytes.size(),
                            [&] { return "pair " + t::hex_of(piece) + " at " + std::to_string(offset); });
                }
            }
        }
    }
    BOOST_TEST(c.failures() == 0);
}

BOOST_AUTO_TEST_CASE(errors_of_every_kind_at_every_offset_of_every_length)
{
    checker c;
    std::size_t inputs = 0;
    // (The sparse background, ASCII blocks next to others, is in
    // random_corruptions_of_long_text.)
    for (const background kind : {background::ascii, background::mixed}) {
        const std::string text = make_background(kind, 256, 7 + static_cast<std::uint32_t>(kind));
        const std::string rest = make_background(kind, 256, 99 + static_cast<std::uint32_t>(kind));
        for (std::size_t length = 1; length <= 200; ++length) {
            for (std::size_t offset = 0; offset <= 130 && offset < length; ++offset) {
                for (const std::string& piece : error_patterns()) {
                    const std::string bytes = t::plant(text, offset, piece, rest, length);
                    ++inputs;
                    c.check(bytes_of(bytes), bytes.size(), [&] {
                        return "[" + t::hex_of(piece) + "] at " + std::to_string(offset) + ", background " +
                               std::to_string(static_cast<int>(kind));
                    });
                }
            }
            // And the valid text itself, cut at every length (an unfinished
            // sequence at the end when the cut splits a character).
            const std::string cut = text.substr(0, length);
            c.check(bytes_of(cut), cut.size(), [&] { return "valid text cut to " + std::to_string(length); });
        }
    }
    BOOST_TEST_MESSAGE(inputs << " inputs with planted errors");
    BOOST_TEST(c.failures() == 0);
}

BOOST_AUTO_TEST_CASE(errors_before_a_long_ascii_run_at_every_offset_up_to_320)
{
    // An error (often a sequence cut short) at the end of a block, then
    // hundreds of ASCII bytes: the kernels skip ASCII runs several blocks
    // at a time, and must still see the sequence left unfinished before the
    // run. Non-ASCII text before the error, so that the blocks before it
    // take the full check.
    checker c;
    const std::string text = make_background(background::mixed, 400, 17);
    const std::string ascii_run(600, 'q');
    for (std::size_t offset = 0; offset <= 320; ++offset) {
        for (const std::string& piece : error_patterns()) {
            const std::string bytes = t::plant(text, offset, piece, ascii_run, offset + piece.size() + 520);
            c.check(bytes_of(bytes), bytes.size(),
                    [&] { return "[" + t::hex_of(piece) + "] at " + std::to_string(offset) + " before ASCII"; });
        }
    }
    BOOST_TEST(c.failures() == 0);
}

BOOST_AUTO_TEST_CASE(errors_deep_in_non_ascii_text_at_every_offset_up_to_1100)
{
    // Inside text with no ASCII run the kernels may take wider steps (the
    // AVX-512 ones: four vectors, 256 bytes, from the third step on, as long
    // as no step is all ASCII): an error of every kind at every offset of
    // several such steps, the vector boundaries inside them included.
    checker c;
    const std::string text = make_background(background::mixed, 1200, 31);
    const std::string rest = make_background(background::mixed, 400, 32);
    for (std::size_t offset = 120; offset <= 1100; ++offset) {
        for (const std::string& piece : error_patterns()) {
            const std::string bytes = t::plant(text, offset, piece, rest, offset + piece.size() + 300);
            c.check(bytes_of(bytes), bytes.size(),
                    [&] { return "[" + t::hex_of(piece) + "] at " + std::to_string(offset) + " in non-ASCII text"; });
        }
    }
    BOOST_TEST(c.failures() == 0);
}

BOOST_AUTO_TEST_CASE(random_corruptions_of_long_text)
{
    // Longer inputs with one to three corruptions anywhere (random_utf8.hpp's
    // corrupted_text kinds, scaled up): several blocks on either side.
    checker c;
    t::random_source random(424242);
    for (int round = 0; round < 3000; ++round) {
        const auto kind = static_cast<background>(random.below(3));
        std::string bytes = make_background(kind, 64 + random.below(600), random.between(1, 1000000));
        const std::uint32_t corruptions = random.between(1, 3);
        for (std::uint32_t i = 0; i < corruptions; ++i) {
            const std::string& piece =
                error_patterns()[random.below(static_cast<std::uint32_t>(error_patterns().size()))];
            bytes.insert(random.below(static_cast<std::uint32_t>(bytes.size() + 1)), piece);
        }
        c.check(bytes_of(bytes), bytes.size(), [&] { return "round " + std::to_string(round); });
    }
    BOOST_TEST(c.failures() == 0);
}

// ---------------------------------------------------------------------------
// The corpus

BOOST_AUTO_TEST_CASE(every_corpus_file_whole_cut_and_with_errors_planted,
                     *boost::unit_test::precondition(t::corpus_is_present))
{
    const std::vector<std::filesystem::path> files = t::require_corpus_files();

    checker c;
    t::random_source random(31337);
    for (const std::filesystem::path& file : files) {
        const std::string text = t::read_file(file.string());
        const std::string name = file.filename().string();
        const validation_result whole = c.check(bytes_of(text), text.size(), [&] { return name; });
        BOOST_TEST(whole.valid(), name << " is valid UTF-8 (every corpus file is)");

        // Cut at 40 places (often inside a character). Checked on the last
        // few KiB before the cut (starting anywhere, even inside a character):
        // what happens at the end does not depend on bytes further back.
        for (int i = 0; i < 40; ++i) {
            const std::size_t length = random.below(static_cast<std::uint32_t>(text.size() + 1));
            const std::size_t start = length - std::min<std::size_t>(length, 1000 + random.below(8000));
            c.check(bytes_of(text) + start, length - start,
                    [&] { return name + " [" + std::to_string(start) + ", " + std::to_string(length) + ")"; });
        }
        // Each error pattern planted at a random place, overwriting text (so
        // that characters around it are broken too), and near the end; checked
        // on a window of a few KiB around it, and twice on the whole file.
        std::string copy = text;
        for (std::size_t p = 0; p < error_patterns().size(); ++p) {
            const std::string& piece = error_patterns()[p];
            for (const bool near_end : {false, true}) {
                const std::size_t room = text.size() > piece.size() ? text.size() - piece.size() : 0;
                const std::size_t at = near_end ? room - std::min<std::size_t>(room, random.below(70))
                                                : random.below(static_cast<std::uint32_t>(room + 1));
                copy.replace(at, piece.size(), piece);
                const std::size_t start = at - std::min<std::size_t>(at, random.below(5000));
                const std::size_t stop = std::min(copy.size(), at + random.below(5000));
                const bool whole_file = p < 2;
                c.check(bytes_of(copy) + (whole_file ? 0 : start), whole_file ? copy.size() : stop - start, [&] {
                    return name + " with [" + t::hex_of(piece) + "] at " + std::to_string(at) +
                           (whole_file ? std::string()
                                       : ", bytes [" + std::to_string(start) + ", " + std::to_string(stop) + ")");
                });
                copy.replace(at, piece.size(), text, at, piece.size());
            }
        }
    }
    BOOST_TEST(c.failures() == 0);
}

// ---------------------------------------------------------------------------
// Alignment and page ends

BOOST_AUTO_TEST_CASE(inputs_at_every_alignment_ending_at_a_page_end_or_starting_at_a_page_start,
                     *boost::unit_test::precondition(t::mmap_is_available))
{
#if defined(UTF8VIEW_TEST_HAS_MMAP)
    const t::guarded_pages pages;
    checker c;
    const std::string mixed = make_background(background::mixed, 600, 5);
    const std::string ascii = make_background(background::ascii, 600, 6);
    std::vector<std::string> inputs;
    for (const std::string* text : {&mixed, &ascii}) {
        for (std::size_t length :
             {std::size_t{1}, std::size_t{31}, std::size_t{63}, std::size_t{64}, std::size_t{65}, std::size_t{127},
              std::size_t{128}, std::size_t{129}, std::size_t{200}, std::size_t{511}}) {
            inputs.push_back(text->substr(0, length));                           // valid, or cut inside a character
            inputs.push_back(text->substr(0, length - 1) + "\xE1");              // a lead byte last
            inputs.push_back(text->substr(0, length > 2 ? length - 2 : 0) + "\xF1\x80");
            inputs.push_back(text->substr(0, length > 3 ? length - 3 : 0) + "\xF1\x80\x80");
            inputs.push_back(text->substr(0, length > 3 ? length - 3 : 0) + "\xE1\x80\x80");
            inputs.push_back(text->substr(0, length - 1) + "\x80");              // a stray continuation last
        }
    }
    for (const std::string& input : inputs) {
        BOOST_TEST_REQUIRE(input.size() + 63 <= pages.readable());
        for (std::size_t alignment = 0; alignment < 64; ++alignment) {
            // Ends exactly where the readable memory ends (its start then
            // runs through every alignment as the lengths and shifts vary).
            unsigned char* const at_end = pages.last() - input.size() - alignment;
            std::copy(input.begin(), input.end(), at_end);
            std::fill(at_end + input.size(), pages.last(), static_cast<unsigned char>(0xFF));  // poison after
            c.check(at_end, input.size(),
                    [&] { return "ending " + std::to_string(alignment) + " bytes before a page end"; });
            // Ends at the page end for alignment 0; otherwise the bytes
            // after it are 0xFF, which a kernel must not look at.
            unsigned char* const start = pages.first() + alignment;
            std::copy(input.begin(), input.end(), start);
            c.check(start, input.size(),
                    [&] { return "starting " + std::to_string(alignment) + " bytes after a page start"; });
        }
        // Flush with the end, every alignment of the start.
        for (std::size_t shift = 0; shift < 64; ++shift) {
            if (shift > input.size()) break;
            const std::string_view tail = std::string_view(input).substr(shift);
            unsigned char* const at_end = pages.last() - tail.size();
            std::copy(tail.begin(), tail.end(), at_end);
            c.check(at_end, tail.size(),
                    [&] { return "flush with a page end, " + std::to_string(shift) + " bytes dropped"; });
        }
    }
    // A whole readable region of valid text, and the same with a lead byte
    // as its very last byte.
    const std::string big = make_background(background::mixed, pages.readable() + 8, 11);
    std::size_t boundary = pages.readable();
    while ((static_cast<unsigned char>(big[boundary]) & 0xC0) == 0x80) --boundary;
    std::fill(pages.first(), pages.last(), static_cast<unsigned char>('a'));
    std::copy(big.begin(), big.begin() + static_cast<std::ptrdiff_t>(boundary), pages.last() - boundary);
    c.check(pages.first(), pages.readable(), [] { return "two whole pages"; });
    pages.last()[-1] = 0xF0;
    c.check(pages.first(), pages.readable(), [] { return "two whole pages ending in F0"; });
    BOOST_TEST(c.failures() == 0);
#endif
}

BOOST_AUTO_TEST_CASE(large_inputs_with_an_error_near_the_end)
{
    checker c;
    std::string text = make_background(background::sparse, 1 << 20, 77);
    text.resize(1 << 20, 'a');
    std::size_t boundary = text.size() - 1;
    while ((static_cast<unsigned char>(text[boundary]) & 0xC0) == 0x80) --boundary;
    text.resize(boundary);
    c.check(bytes_of(text), text.size(), [] { return "1 MiB valid"; });
    for (std::size_t back : {std::size_t{1}, std::size_t{63}, std::size_t{64}, std::size_t{65}, std::size_t{1000}}) {
        std::string copy = text;
        copy[copy.size() - back] = '\xC0';
        c.check(bytes_of(copy), copy.size(),
                [&] { return "1 MiB with C0 " + std::to_string(back) + " bytes before the end"; });
    }
    BOOST_TEST(c.failures() == 0);
}
