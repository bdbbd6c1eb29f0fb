// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.

// stream_decoder and stream_repairer (<utf8view/stream.hpp>): a stream cut
// into chunks of every size 1..64 and some large ones gives the code points,
// the repaired bytes and the policy calls (kind, stream offset, length) of
// the whole input decoded at once.
//
// Expected values: the segments of support/reference_utf8.hpp (written from
// Table 3-7 and §3.9, sharing no code with the library) over
// test/data/UTF-8-test.txt, the inputs of test/data/decode_vectors.tsv and
// the corpus; the replace column of the vectors for the finish() cases.

#include <utf8view/stream.hpp>
#define BOOST_TEST_MODULE stream
#include <boost/test/unit_test.hpp>

// testdata.hpp before print.hpp (see conformance/decode_vectors.cpp: -Wshadow).
#include "support/testdata.hpp"
#include "support/vector_files.hpp"
#include "support/corpus.hpp"
#include "support/force_kernels.hpp"
#include "support/print.hpp"
#include "support/random_utf8.hpp"
#include "support/reference_utf8.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <fstream>
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

// What a policy was told, with a 64-bit offset.
struct told {
    u8v::error_kind kind;
    std::uint64_t offset;
    unsigned length;
    friend bool operator==(const told&, const told&) = default;
};

std::ostream& operator<<(std::ostream& out, const told& call)
{
    return out << u8v::to_string(call.kind) << " at " << call.offset << " (" << call.length << " bytes)";
}

// Replaces each maximal subpart by `replacement` (U+FFFD, or nothing) and
// records the call.
struct recording_policy {
    std::vector<told>* log;
    std::optional<char32_t> replacement;
    std::optional<char32_t> operator()(const u8v::decode_error_info& info) const
    {
        log->push_back({info.kind, info.offset, info.length});
        return replacement;
    }
};

// What the reference says of `bytes`: code points (U+FFFD per maximal
// subpart), repaired bytes, and the errors.
struct expected_result {
    std::u32string code_points;
    std::u32string code_points_skipped;
    std::string repaired;
    std::string repaired_skipped;
    std::vector<told> errors;
};

expected_result reference_of(std::string_view bytes)
{
    expected_result result;
    for (const ref::segment& s : ref::segments(reinterpret_cast<const unsigned char*>(bytes.data()), bytes.size())) {
        if (s.well_formed()) {
            result.code_points += s.code_point;
            result.code_points_skipped += s.code_point;
            result.repaired += ref::encode(s.code_point);
            result.repaired_skipped += ref::encode(s.code_point);
        }
        else {
            result.code_points += U'\uFFFD';
            result.repaired += ref::encode(0xFFFD);
            result.errors.push_back({*s.error, s.offset, static_cast<unsigned>(s.length)});
        }
    }
    return result;
}

// Chunk sizes: `size` each, or, if `size` is 0, pseudo-random ones from 0
// (empty chunks too) to 80.
class chunk_sizes {
public:
    explicit chunk_sizes(std::size_t size) : size_(size), random_(static_cast<std::uint32_t>(size) + 12345u) {}
    std::size_t next()
    {
        if (size_ != 0) return size_;
        return random_.below(81);
    }

private:
    std::size_t size_;
    t::random_source random_;
};

// Streams `bytes` through a decoder and a repairer in chunks of the given
// sizes, with U+FFFD and with nothing for each error, and checks all of it
// against `expected`. `Chunk` is the container each chunk is copied into
// (std::string_view: no copy, a contiguous chunk of the input itself).
template <class Chunk = std::string_view>
void check_stream(std::string_view bytes, const expected_result& expected, std::size_t chunk_size)
{
    BOOST_TEST_CONTEXT("chunks of " << (chunk_size == 0 ? std::string("random sizes") : std::to_string(chunk_size))
                                    << " bytes")
    {
        std::vector<told> decode_log;
        std::vector<told> skip_log;
        std::vector<told> repair_log;
        u8v::stream_decoder decoder(recording_policy{&decode_log, U'\uFFFD'});
        u8v::stream_decoder skipper(recording_policy{&skip_log, std::nullopt});
        u8v::stream_repairer repairer(recording_policy{&repair_log, U'\uFFFD'});
        u8v::stream_repairer skipping_repairer{u8v::on_error::skip};
        u8v::stream_repairer streaming_repairer;  // into a std::ostreambuf_iterator
        std::ostringstream repaired_stream;
        std::u32string code_points;
        std::u32string code_points_skipped;
        std::string repaired;
        std::string repaired_skipped;
        chunk_sizes sizes(chunk_size);
        std::size_t position = 0;
        bool bounds_held = true;  // no call wrote more than max_decoded_size / max_repaired_size
        bool counts_held = true;  // bytes_read() and pending() after each call
        while (position < bytes.size()) {
            const std::size_t size = std::min(sizes.next(), bytes.size() - position);
            const std::string_view piece = bytes.substr(position, size);
            const Chunk chunk(piece.begin(), piece.end());
            // Into a buffer of exactly the advertised room, and through back inserters.
            std::vector<char32_t> room(decoder.max_decoded_size(size));
            const auto written = decoder.decode(chunk, room.data());
            bounds_held = bounds_held && written <= room.data() + room.size();
            code_points.append(room.data(), written);
            skipper.decode(chunk, std::back_inserter(code_points_skipped));
            std::string repair_room(repairer.max_repaired_size(size), '\0');
            char* const repaired_end = repairer.repair(chunk, repair_room.data());
            bounds_held = bounds_held && repaired_end <= repair_room.data() + repair_room.size();
            repaired.append(repair_room.data(), repaired_end);
            skipping_repairer.repair(chunk, std::back_inserter(repaired_skipped));
            streaming_repairer.repair(chunk, std::ostreambuf_iterator<char>(repaired_stream));
            position += size;
            counts_held = counts_held && decoder.bytes_read() == position && repairer.bytes_read() == position &&
                          decoder.pending() <= 3u;
        }
        decoder.finish(std::back_inserter(code_points));
        skipper.finish(std::back_inserter(code_points_skipped));
        repairer.finish(std::back_inserter(repaired));
        skipping_repairer.finish(std::back_inserter(repaired_skipped));
        streaming_repairer.finish(std::ostreambuf_iterator<char>(repaired_stream));
        BOOST_TEST(bounds_held);
        BOOST_TEST(counts_held);
        BOOST_TEST(decoder.pending() == 0u);
        BOOST_TEST(decoder.bytes_read() == bytes.size());
        BOOST_TEST((code_points == expected.code_points));
        BOOST_TEST((code_points_skipped == expected.code_points_skipped));
        BOOST_TEST(repaired == expected.repaired);
        BOOST_TEST(repaired_skipped == expected.repaired_skipped);
        BOOST_TEST(repaired_stream.str() == expected.repaired);
        BOOST_TEST(decode_log == expected.errors, boost::test_tools::per_element());
        BOOST_TEST(skip_log == expected.errors, boost::test_tools::per_element());
        BOOST_TEST(repair_log == expected.errors, boost::test_tools::per_element());
    }
}

void check_every_chunk_size(std::string_view bytes, std::size_t largest_small = 64)
{
    const expected_result expected = reference_of(bytes);
    for (std::size_t size = 1; size <= largest_small; ++size) check_stream(bytes, expected, size);
    check_stream(bytes, expected, 0);
    for (const std::size_t size : {std::size_t{1000}, std::size_t{4093}, std::size_t{65536 + 3}, bytes.size()})
        check_stream(bytes, expected, size);
}

// The decode vectors' inputs, one after another: every kind of error, and
// sequences that chunks cut at every place.
std::string joined_vector_inputs()
{
    std::string joined;
    for (const t::decode_vector& row : t::read_decode_vectors()) joined += row.input;
    return joined;
}

}  // namespace

BOOST_AUTO_TEST_CASE(kuhn_stress_test_at_every_chunk_size)
{
    const std::string kuhn = t::read_testdata("UTF-8-test.txt");
    BOOST_TEST_REQUIRE(reference_of(kuhn).errors.size() == 378u);  // test/data/README.md
    check_every_chunk_size(kuhn);
}

BOOST_AUTO_TEST_CASE(decode_vectors_at_every_chunk_size_under_every_kernel)
{
    const std::string joined = joined_vector_inputs();
    BOOST_TEST_REQUIRE(joined.size() > 1000u);
    t::for_each_kernel_and_transcoder([&] { check_every_chunk_size(joined); });
}

BOOST_AUTO_TEST_CASE(each_decode_vector_alone_at_every_chunk_size)
{
    // Alone, a vector's incomplete sequence at the end is reported by
    // finish(): its replace column says so.
    for (const t::decode_vector& row : t::read_decode_vectors()) {
        BOOST_TEST_CONTEXT(row.id << " [" << row.input_hex << "]")
        {
            const expected_result expected = reference_of(row.input);
            BOOST_TEST_REQUIRE((expected.code_points == std::u32string(row.replace.begin(), row.replace.end())));
            for (std::size_t size = 1; size <= std::max<std::size_t>(row.input.size(), 1); ++size)
                check_stream(row.input, expected, size);
        }
    }
}

BOOST_AUTO_TEST_CASE(chunks_of_other_range_types)
{
    // The generic paths: a std::list (bidirectional, not contiguous), a
    // std::deque (random access, not contiguous), std::byte elements.
    const std::string joined = joined_vector_inputs();
    const expected_result expected = reference_of(joined);
    for (const std::size_t size :
         {std::size_t{1}, std::size_t{2}, std::size_t{3}, std::size_t{5}, std::size_t{0}, std::size_t{4096}}) {
        check_stream<std::list<char>>(joined, expected, size);
        check_stream<std::deque<unsigned char>>(joined, expected, size);
        check_stream<std::vector<char8_t>>(joined, expected, size);
    }
    std::vector<std::byte> bytes;
    for (const char c : joined) bytes.push_back(static_cast<std::byte>(c));
    u8v::stream_decoder decoder;
    std::u32string code_points;
    for (std::size_t position = 0; position < bytes.size(); position += 7)
        decoder.decode(std::span(bytes).subspan(position, std::min<std::size_t>(7, bytes.size() - position)),
                       std::back_inserter(code_points));
    decoder.finish(std::back_inserter(code_points));
    BOOST_TEST((code_points == expected.code_points));
}

BOOST_AUTO_TEST_CASE(corpus_at_every_chunk_size, *ut::precondition(t::corpus_is_present))
{
    for (const auto& path : t::require_corpus_files()) {
        BOOST_TEST_CONTEXT(path.filename().string())
        {
            const std::string text = t::read_file(path.string());
            // The text as it is, and with one byte in 97 made Latin-1's é
            // (E9): errors of every kind where E9 meets the text after it.
            std::string dirty = text;
            for (std::size_t index = 50; index < dirty.size(); index += 97) dirty[index] = '\xE9';
            // Every small chunk size over the first 2 KiB (each file is a different script).
            check_every_chunk_size(std::string_view(text).substr(0, 2048));
            check_every_chunk_size(std::string_view(dirty).substr(0, 2048));
            // The whole file, its 64 KiB blocks cut by the chunks' ends.
            const expected_result with_errors = reference_of(dirty);
            BOOST_TEST_REQUIRE(with_errors.errors.size() > text.size() / 200);
            check_stream(dirty, with_errors, 65536 + 3);
            // Under each kernel: 200 KiB, past three 64 KiB blocks.
            const std::string_view dirty_part = std::string_view(dirty).substr(0, 200 * 1024);
            const expected_result dirty_part_expected = reference_of(dirty_part);
            t::for_each_kernel_and_transcoder([&] {
                check_stream(dirty_part, dirty_part_expected, 65536 + 3);
                check_stream(dirty_part, dirty_part_expected, dirty_part.size());
            });
        }
    }
}

BOOST_AUTO_TEST_CASE(finish_reports_an_incomplete_sequence_once_where_it_starts)
{
    // "A", then F0 9F 98 (a 4-byte sequence missing its last byte), fed a byte at a time.
    const std::string_view bytes = "A\xF0\x9F\x98";
    std::vector<told> log;
    u8v::stream_decoder decoder(recording_policy{&log, U'\uFFFD'});
    std::u32string code_points;
    const std::size_t pending_after[] = {0, 1, 2, 3};
    for (std::size_t index = 0; index < bytes.size(); ++index) {
        decoder.decode(bytes.substr(index, 1), std::back_inserter(code_points));
        BOOST_TEST(decoder.pending() == pending_after[index]);
    }
    BOOST_TEST(log.empty());  // nothing is decided before the end
    BOOST_TEST((code_points == U"A"));
    decoder.finish(std::back_inserter(code_points));
    BOOST_TEST((code_points == U"A\uFFFD"));
    BOOST_TEST_REQUIRE(log.size() == 1u);
    BOOST_TEST((log[0] == told{u8v::error_kind::truncated_sequence, 1, 3}));
    BOOST_TEST(decoder.pending() == 0u);
    // Finishing again adds nothing; reset() starts a new stream at offset 0.
    decoder.finish(std::back_inserter(code_points));
    BOOST_TEST(log.size() == 1u);
    decoder.reset();
    decoder.decode(std::string_view("\x80"), std::back_inserter(code_points));
    BOOST_TEST_REQUIRE(log.size() == 2u);
    BOOST_TEST((log[1] == told{u8v::error_kind::unexpected_continuation_byte, 0, 1}));
}

BOOST_AUTO_TEST_CASE(a_throwing_policy_reports_the_stream_offset)
{
    // An error in the held bytes, and one inside a later chunk.
    u8v::stream_decoder decoder(u8v::on_error::throw_exception);
    std::u32string code_points;
    decoder.decode(std::string_view("abc\xE2\x82"), std::back_inserter(code_points));
    try {
        decoder.decode(std::string_view("x"), std::back_inserter(code_points));
        BOOST_FAIL("no exception");
    }
    catch (const u8v::decode_error& error) {
        BOOST_TEST(error.offset() == 3u);
        BOOST_TEST((error.kind() == u8v::error_kind::truncated_sequence));
    }
    decoder.reset();
    code_points.clear();
    decoder.decode(std::string_view("0123456789"), std::back_inserter(code_points));
    try {
        decoder.decode(std::string_view("ab\xFF"), std::back_inserter(code_points));
        BOOST_FAIL("no exception");
    }
    catch (const u8v::decode_error& error) {
        BOOST_TEST(error.offset() == 12u);
        BOOST_TEST((error.kind() == u8v::error_kind::invalid_lead_byte));
    }
}

namespace {

// 4 GiB through the repairer: a second or two when optimized, minutes without.
boost::test_tools::assertion_result optimized_build(ut::test_unit_id)
{
#if defined(__OPTIMIZE__)
    return true;
#else
    boost::test_tools::assertion_result result(false);
    result.message() << "4 GiB through an unoptimized build would take minutes; CI runs this in its optimized builds";
    return result;
#endif
}

}  // namespace

// The repairer's bound: 3 bytes per byte (U+FFFD is EF BF BD, Unicode
// 15.0 Table 3-6) plus 4 for a sequence the held bytes complete, 4 per byte
// for a user policy (a replacement may take 4 bytes); where that does not
// fit a std::size_t, the largest one, never a wrapped small number.
BOOST_AUTO_TEST_CASE(max_repaired_size_never_wraps)
{
    constexpr std::size_t largest = static_cast<std::size_t>(-1);
    const u8v::stream_repairer<> replacing;
    const u8v::stream_repairer<u8v::on_error::skip_t> skipping;
    const u8v::stream_repairer user([](const u8v::decode_error_info&) { return U'\U0001F600'; });
    BOOST_TEST(replacing.max_repaired_size(0) == 4u);
    BOOST_TEST(replacing.max_repaired_size(10) == 34u);
    BOOST_TEST(skipping.max_repaired_size(10) == 34u);
    BOOST_TEST(user.max_repaired_size(10) == 44u);
    BOOST_TEST(replacing.max_repaired_size((largest - 4) / 3) == (largest - 4) / 3 * 3 + 4);
    BOOST_TEST(replacing.max_repaired_size((largest - 4) / 3 + 1) == largest);
    BOOST_TEST(user.max_repaired_size((largest - 4) / 4 + 1) == largest);
    BOOST_TEST(replacing.max_repaired_size(largest) == largest);
}

BOOST_AUTO_TEST_CASE(offsets_past_four_gibibytes, *ut::precondition(optimized_build))
{
    // 4 GiB + 6 bytes of ASCII, then an error: its offset needs 33 bits
    // (and a 32-bit size_t would have wrapped). Repair copies with memcpy
    // into one reused buffer; a held sequence straddles the last chunks.
    const std::size_t chunk_size = std::size_t{1} << 22;
    const std::string ascii(chunk_size, 'a');
    std::string out(3 * chunk_size + 4, '\0');
    std::vector<told> log;
    u8v::stream_repairer repairer(recording_policy{&log, U'\uFFFD'});
    const std::uint64_t gibibytes_4 = std::uint64_t{1} << 32;
    for (std::uint64_t fed = 0; fed < gibibytes_4; fed += chunk_size) repairer.repair(ascii, out.data());
    repairer.repair(std::string_view("abcdef\xE2\x82"), out.data());
    char* const end = repairer.repair(std::string_view("Z"), out.data());
    BOOST_TEST(std::string_view(out.data(), static_cast<std::size_t>(end - out.data())) == "\xEF\xBF\xBDZ");
    BOOST_TEST_REQUIRE(log.size() == 1u);
    BOOST_TEST((log[0] == told{u8v::error_kind::truncated_sequence, gibibytes_4 + 6, 2}));
    BOOST_TEST(repairer.bytes_read() == gibibytes_4 + 9);
}

namespace {

// In constant evaluation: "€" cut after its first byte, then a stray
// continuation byte in a later chunk, then "€" cut short at the end.
constexpr bool decodes_in_constant_evaluation()
{
    u8v::stream_decoder decoder;
    char32_t out[8] = {};
    char32_t* p = out;
    const unsigned char first[] = {0x41, 0xE2};
    const unsigned char second[] = {0x82, 0xAC, 0x80};
    const unsigned char third[] = {0xE2, 0x82};
    p = decoder.decode(first, p);
    p = decoder.decode(second, p);
    p = decoder.decode(third, p);
    p = decoder.finish(p);
    return p - out == 4 && out[0] == U'A' && out[1] == U'\u20AC' && out[2] == U'\uFFFD' && out[3] == U'\uFFFD' &&
           decoder.bytes_read() == 7;
}
static_assert(decodes_in_constant_evaluation());

}  // namespace
