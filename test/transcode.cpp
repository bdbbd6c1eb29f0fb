// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.

// The bulk algorithms of transcode.hpp on long inputs, where the fast path
// matters: past the 32-byte kernel threshold and across the 64 KiB blocks
// that decode_into and count_code_points validate at a time, under every
// validation kernel this CPU has (detail::available_kernels(), each forced
// in turn with detail::force_kernel; the original kernel is restored).
// Also: constant evaluation, output iterator and range variants, and
// std::ranges::dangling for rvalue ranges.
//
// Oracles (never the code under test):
// - decoding: views::decode over a std::list<char> of the same bytes, the
//   checked generic path with no fast path and no kernel, which
//   conformance/decode_vectors.cpp verifies against every decode vector.
//   Its elements give the expected output of each policy (a user policy is
//   run through it too), the error list, and the segment boundaries where a
//   bounded output stops (a running sum of code_unit_count());
// - encoding: Unicode 15.0 Table 3-6 as transcribed in support/random_utf8.hpp
//   (encode_by_table_3_6) and D76, U+FFFD being EF BF BD;
// - constant evaluation: values written out from Table 3-6 / Table 3-7.

#include <utf8view/transcode.hpp>
#define BOOST_TEST_MODULE transcode
#include <boost/test/unit_test.hpp>

// testdata.hpp before print.hpp (see conformance/decode_vectors.cpp: -Wshadow).
#include "support/testdata.hpp"
#include "support/print.hpp"
#include "support/force_kernels.hpp"
#include "support/random_utf8.hpp"

#include <utf8view/decode_view.hpp>
#include <utf8view/detail/dispatch.hpp>

#include <algorithm>
#include <array>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <list>
#include <optional>
#include <ranges>
#include <span>
#include <sstream>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace u8v = utf8view;
namespace t = utf8view_test;
namespace tt = boost::test_tools;

namespace {

using code_points = std::vector<char32_t>;

constexpr std::size_t block = 64 * 1024;  // transcode.hpp's bulk_block_bytes
constexpr std::uint32_t seed = 20260601;

// ---------------------------------------------------------------------------
// The oracle: the checked view over std::list<char>

struct recorded_error {
    u8v::error_kind kind{};
    std::size_t offset = 0;
    std::size_t length = 0;
    friend bool operator==(const recorded_error&, const recorded_error&) = default;
};

// A user's policy: records each error and replaces it with '?'.
struct recording_policy {
    std::vector<recorded_error>* log;
    std::optional<char32_t> operator()(const u8v::decode_error_info& info) const
    {
        log->push_back({info.kind, info.offset, info.length});
        return U'?';
    }
};

struct oracle {
    code_points replace;
    code_points skip;
    code_points user;                      // recording_policy's output
    std::vector<recorded_error> errors;    // what recording_policy was told, in order
    std::vector<std::size_t> boundaries;   // boundaries[k]: byte offset after k replace elements
    std::optional<std::size_t> first_error_element;  // index in `replace`
};

template <class Policy>
code_points decode_list(const std::list<char>& list, Policy policy)
{
    code_points out;
    for (char32_t c : u8v::views::decode(list, policy)) out.push_back(c);
    return out;
}

// The oracle of `bytes`, whose first `ascii_prefix` bytes are ASCII. Those
// decode to themselves, one segment each (Table 3-7, first row; an ASCII
// byte is never part of a longer segment, so the rest decodes as if alone,
// its offsets shifted), which spares the slow list decoding of long ASCII
// fillers. The rest goes through the list view.
oracle make_oracle(const std::string& bytes, std::size_t ascii_prefix = 0)
{
    oracle o;
    o.boundaries.push_back(0);
    for (std::size_t index = 0; index < ascii_prefix; ++index) {
        const auto byte = static_cast<unsigned char>(bytes.at(index));
        if (byte >= 0x80) throw std::logic_error("make_oracle: the prefix is not ASCII");
        o.replace.push_back(byte);
        o.boundaries.push_back(index + 1);
    }
    o.skip = o.user = o.replace;

    const std::list<char> list(bytes.begin() + static_cast<std::ptrdiff_t>(ascii_prefix), bytes.end());
    const auto view = u8v::views::decode(list, u8v::on_error::replace);
    std::size_t at = ascii_prefix;
    for (auto it = view.begin(); it != view.end(); ++it) {
        if (it.error() && !o.first_error_element) o.first_error_element = o.replace.size();
        o.replace.push_back(*it);
        at += it.code_unit_count();
        o.boundaries.push_back(at);
    }
    const code_points skipped = decode_list(list, u8v::on_error::skip);
    o.skip.insert(o.skip.end(), skipped.begin(), skipped.end());
    std::vector<recorded_error> errors;
    const code_points user = decode_list(list, recording_policy{&errors});
    o.user.insert(o.user.end(), user.begin(), user.end());
    for (recorded_error e : errors) {
        e.offset += ascii_prefix;
        o.errors.push_back(e);
    }
    return o;
}

// ---------------------------------------------------------------------------
// Inputs, 100 to 300 KiB

struct long_input {
    std::string name;
    std::string bytes;
    std::size_t ascii_prefix = 0;  // leading ASCII filler (see make_oracle)
};

// Valid text of random scalar values (Table 3-6), at least `size` bytes.
std::string valid_text_of(t::random_source& random, std::size_t size)
{
    std::string text;
    while (text.size() < size) text += t::encode_by_table_3_6(t::random_scalar_value(random));
    return text;
}

// Valid text of exactly `size` bytes: ASCII filler up to `size` - 2 KiB (so
// that it is quick to decode in a debug build), then random scalar values,
// then ASCII to fill.
std::string valid_text_exactly(t::random_source& random, std::size_t size)
{
    constexpr std::size_t multilingual = 2048;
    std::string text(size > multilingual ? size - multilingual : 0, 'x');
    for (;;) {
        const std::string next = t::encode_by_table_3_6(t::random_scalar_value(random));
        if (text.size() + next.size() > size) break;
        text += next;
    }
    text.append(size - text.size(), 'x');
    return text;
}
constexpr std::size_t ascii_filler(std::size_t size)
{
    return size > 2048 ? size - 2048 : 0;
}

std::string concatenated(t::random_source& random, t::generator generate, std::size_t size)
{
    std::string text;
    while (text.size() < size) text += generate(random).bytes;
    return text;
}

// Text in an 8-bit encoding (Latin-1, Windows-1252) read as UTF-8: ASCII
// letters with bytes 80..FF among them, mostly alone (each then an
// ill-formed subpart of one byte), now and then two in a row (which may
// form a character, as C3 A9 does, or an error of two bytes, as E2 82 does).
std::string eight_bit_text(t::random_source& random, std::size_t size)
{
    std::string text;
    while (text.size() < size) {
        for (auto letters = random.below(40); letters != 0; --letters)
            text += static_cast<char>('a' + random.below(26));
        text += static_cast<char>(0x80 + random.below(0x80));
        if (random.below(8) == 0) text += static_cast<char>(0x80 + random.below(0x80));
    }
    return text;
}

const std::vector<long_input>& long_inputs()
{
    static const std::vector<long_input> all = [] {
        std::vector<long_input> inputs;
        t::random_source random(seed);
        const std::string kuhn = t::read_testdata("UTF-8-test.txt");

        // Markus Kuhn's stress test (every kind of error), repeated past two
        // blocks; and shifted by 3 bytes, past one block.
        for (const std::size_t shift : {std::size_t{0}, std::size_t{3}}) {
            std::string text(shift, 'a');
            const std::size_t size = shift == 0 ? 2 * block + 4096 : block + 4096;
            while (text.size() < size) text += kuhn;
            inputs.push_back({"UTF-8-test.txt repeated, shifted by " + std::to_string(shift), text, shift});
        }
        inputs.push_back({"valid text", valid_text_of(random, 2 * block + 1000)});
        inputs.push_back({"all ASCII", std::string(100 * 1024, 'q')});
        inputs.push_back({"corrupted text", concatenated(random, t::corrupted_text, 100 * 1024)});
        inputs.push_back({"edge bytes", concatenated(random, t::edge_bytes, block + 2048)});
        inputs.push_back({"8-bit text read as UTF-8", eight_bit_text(random, block + 4096)});

        // A 2-, 3- or 4-byte character at 65536 - shift, so that it
        // straddles the end of the first 64 KiB block, or starts on it, or
        // ends before it.
        const std::array<char32_t, 3> wide = {0x00E9, 0x20AC, 0x1F600};
        for (const char32_t c : wide)
            for (std::size_t shift = 0; shift < 4; ++shift) {
                std::string text = valid_text_exactly(random, block - shift);
                text += t::encode_by_table_3_6(c);
                text += valid_text_of(random, 2048);
                std::ostringstream name;
                name << "U+" << std::hex << std::uppercase << static_cast<std::uint32_t>(c) << std::dec
                     << " at offset 65536 - " << shift;
                inputs.push_back({name.str(), text, ascii_filler(block - shift)});
            }

        // An ill-formed sequence starting at 65536 + delta, -4 <= delta <= 4:
        // a stray continuation byte, sequences cut by ASCII (3- and 4-byte:
        // cut by the block's end too), an encoded surrogate (three maximal
        // subparts; its ED is a valid lead byte, so the block's end may cut it).
        const std::array<std::string, 4> errors = {t::byte_string({0x80}), t::byte_string({0xE2, 0x82}),
                                                   t::byte_string({0xF0, 0x9F, 0x98}),
                                                   t::byte_string({0xED, 0xA0, 0x80})};
        const std::string tail = valid_text_of(random, 2048);
        for (int delta = -4; delta <= 4; ++delta) {
            const auto head_size = static_cast<std::size_t>(static_cast<int>(block) + delta);
            const std::string head = valid_text_exactly(random, head_size);
            for (const std::string& error : errors)
                // A one-byte error cannot be cut: one position on each side
                // is enough. ED A0 80 is cut after ED or A0 at deltas -1, -2.
                if (error.size() == 1 ? (delta >= -1 && delta <= 1) : error[0] != '\xED' || (delta >= -3 && delta <= 1))
                    inputs.push_back({"[" + t::hex_of(error) + "] at offset 65536 + " + std::to_string(delta),
                                      head + error + "A" + tail, ascii_filler(head_size)});
        }

        // A sequence cut by the end of the input, at the end of two blocks.
        inputs.push_back({"cut 4-byte sequence at the end",
                          valid_text_exactly(random, 2 * block - 2) + t::byte_string({0xF0, 0x9F}),
                          ascii_filler(2 * block - 2)});
        return inputs;
    }();
    return all;
}

const oracle& oracle_of(std::size_t index)
{
    static std::vector<std::optional<oracle>> cache(long_inputs().size());
    if (!cache[index]) cache[index] = make_oracle(long_inputs()[index].bytes, long_inputs()[index].ascii_prefix);
    return *cache[index];
}

// The first index where two sequences differ (or the shorter's size), for messages.
template <class A, class B>
std::size_t first_difference(const A& a, const B& b)
{
    std::size_t index = 0;
    while (index < a.size() && index < b.size() && a[index] == b[index]) ++index;
    return index;
}

// Compares without printing a million elements: equal, or where they differ
// (worked out only on failure).
#define CHECK_SAME_SEQUENCE(got, expected)                                                                             \
    do {                                                                                                               \
        if ((got) == (expected)) BOOST_TEST(true);                                                                     \
        else                                                                                                           \
            BOOST_ERROR(#got " != " #expected " (sizes " << (got).size() << ", " << (expected).size()                  \
                                                         << "; first difference at index "                             \
                                                         << first_difference(got, expected) << ")");                   \
    } while (false)

// The bytes as each contiguous code unit type: the fast path takes them all.
template <class F>
void with_contiguous_type(std::size_t which, const std::string& bytes, F&& f)
{
    switch (which % 3) {
    case 0: f(std::string_view(bytes)); break;
    case 1: f(std::u8string_view(reinterpret_cast<const char8_t*>(bytes.data()), bytes.size())); break;
    default: f(std::span<const std::byte>(reinterpret_cast<const std::byte*>(bytes.data()), bytes.size())); break;
    }
}

// Every comparison of the bulk algorithms with the oracle, on one input.
template <class Bytes>
void check_long_input(const Bytes& bytes, const oracle& o, std::size_t variant)
{
    const auto offset_of = [&bytes](const auto& it) {
        return static_cast<std::size_t>(std::to_address(it) - std::ranges::data(bytes));
    };
    BOOST_TEST(u8v::count_code_points(bytes) == o.replace.size());

    // replace (the default policy): through a back inserter, a raw pointer
    // or a std::span, by turns (each input gets one, to keep the test quick).
    if (variant % 3 == 0) {
        code_points out;
        const auto result = u8v::decode_into(bytes, std::back_inserter(out));
        CHECK_SAME_SEQUENCE(out, o.replace);
        BOOST_TEST(offset_of(result.in) == bytes.size());
    }
    else if (variant % 3 == 1) {
        code_points out(bytes.size() + 1, char32_t{0x5A5A5A});
        const auto result = u8v::decode_into(bytes, out.data());
        out.resize(static_cast<std::size_t>(result.out - out.data()));
        CHECK_SAME_SEQUENCE(out, o.replace);
        BOOST_TEST(offset_of(result.in) == bytes.size());
    }
    else {
        code_points out(o.replace.size());
        const auto result = u8v::decode_into(bytes, std::span<char32_t>(out), u8v::on_error::replace);
        BOOST_TEST((result.out == std::span<char32_t>(out).end()));
        CHECK_SAME_SEQUENCE(out, o.replace);
        BOOST_TEST(offset_of(result.in) == bytes.size());
    }
    // Preallocated buffers hold one element per byte, more than any decoding
    // yields: a wrong count then fails a check rather than corrupting memory.
    {  // skip, into a preallocated buffer
        code_points out(bytes.size());
        const auto result = u8v::decode_into(bytes, out.data(), u8v::on_error::skip);
        out.resize(static_cast<std::size_t>(result.out - out.data()));
        CHECK_SAME_SEQUENCE(out, o.skip);
        BOOST_TEST(offset_of(result.in) == bytes.size());
    }
    {  // a user's policy, into a std::span of exactly the size
        code_points out(o.replace.size());
        std::vector<recorded_error> errors;
        const auto result = u8v::decode_into(bytes, std::span<char32_t>(out), recording_policy{&errors});
        BOOST_TEST((result.out == std::span<char32_t>(out).end()));
        CHECK_SAME_SEQUENCE(out, o.user);
        CHECK_SAME_SEQUENCE(errors, o.errors);
        BOOST_TEST(offset_of(result.in) == bytes.size());
    }
    {  // throw: the first error the oracle's policy was told of; what came before stays written
        code_points out(bytes.size());
        bool threw = false;
        try {
            const auto result = u8v::decode_into(bytes, out.data(), u8v::on_error::throw_exception);
            out.resize(static_cast<std::size_t>(result.out - out.data()));
            CHECK_SAME_SEQUENCE(out, o.replace);
        }
        catch (const u8v::decode_error& e) {
            threw = true;
            BOOST_TEST(!o.errors.empty(), "threw " << e.what() << " on input the oracle finds valid");
            if (!o.errors.empty() && o.first_error_element) {
                BOOST_TEST(e.kind() == o.errors.front().kind);
                BOOST_TEST(e.offset() == o.errors.front().offset);
                const auto before = static_cast<std::ptrdiff_t>(*o.first_error_element);
                CHECK_SAME_SEQUENCE(code_points(out.begin(), out.begin() + before),
                                    code_points(o.replace.begin(), o.replace.begin() + before));
            }
        }
        BOOST_TEST(threw == !o.errors.empty());
    }

    // Bounded outputs that fill around the first block boundary, at the
    // ends, and elsewhere: the prefix of the replace output, and `in` after
    // exactly that many segments.
    const std::size_t total = o.replace.size();
    const auto at_block = static_cast<std::size_t>(std::ranges::upper_bound(o.boundaries, block) -
                                                   o.boundaries.begin() - 1);  // segments ending <= 65536
    const std::vector<std::size_t> sizes = {
        0, 9, at_block - 1, at_block, at_block + 1, variant % 2 == 0 ? total - 1 : total + 1};
    for (const std::size_t n : sizes) {
        if (n > total + 1) continue;
        const std::size_t written = std::min(n, total);
        BOOST_TEST_CONTEXT("bounded output of " << n << " elements")
        {
            code_points out(n);
            const auto result = u8v::decode_into(bytes, out, u8v::on_error::replace);
            BOOST_TEST(static_cast<std::size_t>(result.out - out.begin()) == written);
            out.resize(written);
            CHECK_SAME_SEQUENCE(
                out, code_points(o.replace.begin(), o.replace.begin() + static_cast<std::ptrdiff_t>(written)));
            BOOST_TEST(offset_of(result.in) == o.boundaries[written]);
        }
    }
    // An output that is not sized (std::list): room is found by stepping.
    // Every fourth input (a long list is slow to build in a debug build).
    for (const std::size_t n : {std::size_t{5}, at_block + 3}) {
        if (n > total || variant % 4 != 0) continue;
        BOOST_TEST_CONTEXT("bounded std::list<char32_t> output of " << n << " elements")
        {
            std::list<char32_t> out(n, char32_t{0});
            const auto result = u8v::decode_into(bytes, out, u8v::on_error::replace);
            BOOST_TEST((result.out == out.end()));
            const code_points got(out.begin(), out.end());
            CHECK_SAME_SEQUENCE(got,
                                code_points(o.replace.begin(), o.replace.begin() + static_cast<std::ptrdiff_t>(n)));
            BOOST_TEST(offset_of(result.in) == o.boundaries[n]);
        }
    }
}

}  // namespace

BOOST_AUTO_TEST_CASE(inputs_are_long_and_varied)
{
    const std::vector<long_input>& inputs = long_inputs();
    std::size_t total_bytes = 0;
    for (const long_input& input : inputs) total_bytes += input.bytes.size();
    BOOST_TEST_MESSAGE(inputs.size() << " inputs, " << total_bytes << " bytes");
    BOOST_TEST(inputs.size() >= 40u);
    for (const long_input& input : inputs) {
        BOOST_TEST_CONTEXT(input.name)
        {
            BOOST_TEST(input.bytes.size() > block + 16);
            BOOST_TEST(input.bytes.size() <= 300u * 1024);
        }
    }
    // Both valid and ill-formed inputs.
    std::size_t valid = 0;
    for (std::size_t index = 0; index < inputs.size(); ++index) valid += oracle_of(index).errors.empty();
    BOOST_TEST(valid >= 10u);
    BOOST_TEST(inputs.size() - valid >= 25u);
}

BOOST_AUTO_TEST_CASE(the_oracle_agrees_with_the_expected_decoding_of_utf8_test_txt)
{
    // A sanity check of the oracle on the inputs built from it: on
    // UTF-8-test.txt it yields the file's expected decodings
    // (UTF-8-test.expected-replace.txt and -skip.txt: the code points of
    // each line, from WHATWG TextDecoder; lines end in LF, U+000A, which is
    // never part of a maximal subpart).
    const std::string kuhn = t::read_testdata("UTF-8-test.txt");
    const std::size_t input_lines = t::lines_of(kuhn).size();
    const bool final_lf = !kuhn.empty() && kuhn.back() == '\n';
    const auto expected_from = [&](const std::string& name) {
        const std::vector<std::string> lines = t::lines_of(t::read_testdata(name));
        BOOST_TEST_REQUIRE(lines.size() == input_lines);
        code_points expected;
        for (std::size_t line = 0; line < lines.size(); ++line) {
            for (const char32_t c : t::parse_hex_code_points(lines[line])) expected.push_back(c);
            if (line + 1 < lines.size() || final_lf) expected.push_back(U'\n');
        }
        return expected;
    };
    const oracle o = make_oracle(kuhn);
    BOOST_TEST_REQUIRE(input_lines >= 200u);
    CHECK_SAME_SEQUENCE(o.replace, expected_from("UTF-8-test.expected-replace.txt"));
    CHECK_SAME_SEQUENCE(o.skip, expected_from("UTF-8-test.expected-skip.txt"));
}

BOOST_AUTO_TEST_CASE(long_inputs_under_every_kernel_equal_the_checked_list_decoding)
{
    const std::vector<long_input>& inputs = long_inputs();
    for (std::size_t index = 0; index < inputs.size(); ++index) static_cast<void>(oracle_of(index));
    std::size_t kernels = 0;
    t::for_each_kernel_and_transcoder([&] {
        ++kernels;
        for (std::size_t index = 0; index < inputs.size(); ++index)
            BOOST_TEST_CONTEXT("input " << index << ": " << inputs[index].name << " (" << inputs[index].bytes.size()
                                        << " bytes)")
            {
                with_contiguous_type(index, inputs[index].bytes,
                                     [&](const auto& bytes) { check_long_input(bytes, oracle_of(index), index); });
            }
    });
    BOOST_TEST(kernels == u8v::detail::available_kernels().size() * u8v::detail::available_transcoders().size());
}

BOOST_AUTO_TEST_CASE(the_original_kernel_is_restored)
{
    const std::string before(u8v::detail::active_kernel().name);
    const std::string transcoder_before(u8v::detail::active_transcoder().name);
    t::for_each_kernel_and_transcoder([] {});
    BOOST_TEST(u8v::detail::active_kernel().name == before);
    BOOST_TEST(u8v::detail::active_transcoder().name == transcoder_before);
}

// encode_into and encoded_size on long input: random scalar values and
// values that are not scalar values (D76), against Table 3-6 (U+FFFD for
// each bad value under replace, nothing under skip).
BOOST_AUTO_TEST_CASE(long_encode_equals_table_3_6)
{
    t::random_source random(seed + 1);
    std::u32string values;
    std::string expected_replace;
    std::string expected_skip;
    std::vector<std::size_t> ends;  // byte offset after each value, under replace
    std::optional<std::size_t> first_bad;
    for (std::size_t index = 0; index < 60000; ++index) {
        // Runs of each UTF-8 length (Table 3-6), so that the 16-value
        // steps of a SIMD transcoder see all-ASCII, mixed and long runs.
        char32_t c = t::random_scalar_value(random);
        switch ((index / 40) % 5) {
        case 0: c = random.below(0x80); break;
        case 1: c = random.below(3) == 0 ? char32_t{0x80} + random.below(0x780) : random.below(0x80); break;
        case 2:  // 3 bytes: 0800..D7FF, or E000..FFFF (leads EE, EF)
            c = random.below(4) == 0 ? char32_t{0xE000} + random.below(0x2000) : char32_t{0x800} + random.below(0xD000);
            break;
        default: break;
        }
        if (random.below(500) == 0)  // a surrogate, or a value above U+10FFFF
            c = random.below(2) ? char32_t{0xD800} + random.below(0x800) : char32_t{0x110000} + random.below(1000);
        values.push_back(c);
        const bool bad = (c >= 0xD800 && c <= 0xDFFF) || c > 0x10FFFF;
        if (bad && !first_bad) first_bad = index;
        const std::string encoded = bad ? t::byte_string({0xEF, 0xBF, 0xBD}) : t::encode_by_table_3_6(c);
        expected_replace += encoded;
        if (!bad) expected_skip += encoded;
        ends.push_back(expected_replace.size());
    }
    BOOST_TEST_REQUIRE(first_bad.has_value());

    t::for_each_kernel_and_transcoder([&] {
        BOOST_TEST(u8v::encoded_size(values) == expected_replace.size());
        {
            std::string out;
            const auto result = u8v::encode_into(values, std::back_inserter(out));
            BOOST_TEST((result.in == values.end()));
            CHECK_SAME_SEQUENCE(out, expected_replace);
        }
        {
            std::ostringstream stream;
            u8v::encode_into(values, std::ostreambuf_iterator<char>(stream));
            CHECK_SAME_SEQUENCE(stream.str(), expected_replace);
        }
        {
            std::u8string out(expected_replace.size(), u8'\0');
            const auto result = u8v::encode_into(values, out.data(), u8v::on_error::skip);
            out.resize(static_cast<std::size_t>(result.out - out.data()));
            const std::string got(out.begin(), out.end());
            CHECK_SAME_SEQUENCE(got, expected_skip);
        }
        {
            std::string out;
            bool threw = false;
            try {
                u8v::encode_into(values, std::back_inserter(out), u8v::on_error::throw_exception);
            }
            catch (const u8v::encode_error& e) {
                threw = true;
                BOOST_TEST(e.offset() == *first_bad);
                BOOST_TEST(e.value() == static_cast<std::int64_t>(values[*first_bad]));
            }
            BOOST_TEST(threw);
            BOOST_TEST(out.size() == (*first_bad == 0 ? 0 : ends[*first_bad - 1]));
        }
        // Bounded: never a partial sequence; the longest prefix that fits.
        for (const std::size_t n : {std::size_t{0}, std::size_t{1}, std::size_t{2}, std::size_t{3}, std::size_t{4097},
                                    expected_replace.size() / 2 + 1, expected_replace.size() - 1}) {
            BOOST_TEST_CONTEXT("bounded output of " << n << " bytes")
            {
                std::vector<std::byte> out(n);
                const auto result = u8v::encode_into(values, out);
                const auto fitting = static_cast<std::size_t>(std::ranges::upper_bound(ends, n) - ends.begin());
                const std::size_t bytes = fitting == 0 ? 0 : ends[fitting - 1];
                BOOST_TEST(static_cast<std::size_t>(result.in - values.begin()) == fitting);
                BOOST_TEST(static_cast<std::size_t>(result.out - out.begin()) == bytes);
                std::string got;
                for (std::size_t i = 0; i < bytes; ++i)
                    got.push_back(static_cast<char>(std::to_integer<unsigned char>(out[i])));
                CHECK_SAME_SEQUENCE(got, expected_replace.substr(0, bytes));
            }
        }
    });
}

// ---------------------------------------------------------------------------
// Constant evaluation (the scalar path). Expected values from Table 3-6 and
// Table 3-7: C3 86 = U+00C6, 72 = 'r', C3 B8 = U+00F8, C0 is never
// well-formed (one U+FFFD), E2 82 AC = U+20AC.

namespace {

constexpr std::string_view sample_bytes = "\xC3\x86r\xC3\xB8\xC0\xE2\x82\xAC";

constexpr bool decode_into_in_constant_evaluation()
{
    bool ok = true;
    {
        std::array<char32_t, 5> out{};
        const auto result = u8v::decode_into(sample_bytes, out);
        ok = ok && out == std::array<char32_t, 5>{0x00C6, 0x72, 0x00F8, 0xFFFD, 0x20AC};
        ok = ok && result.in == sample_bytes.end() && result.out == out.end();
    }
    {  // bounded: two elements, stopping after C3 86 72
        std::array<char32_t, 2> out{};
        const auto result = u8v::decode_into(sample_bytes, out);
        ok = ok && out == std::array<char32_t, 2>{0x00C6, 0x72} && result.in == sample_bytes.begin() + 3;
    }
    {  // skip, through an output iterator
        std::array<char32_t, 5> out{};
        const auto result = u8v::decode_into(sample_bytes, out.begin(), u8v::on_error::skip);
        ok = ok && result.out == out.begin() + 4 && out[3] == 0x20AC && result.in == sample_bytes.end();
    }
    return ok;
}
static_assert(decode_into_in_constant_evaluation());
static_assert(u8v::count_code_points(sample_bytes) == 5);
static_assert(u8v::count_code_points(std::u8string_view(u8"\U0001F600\u00E9")) == 2);
static_assert(u8v::count_code_points(std::string_view()) == 0);
static_assert(u8v::decoded_size(sample_bytes) == 5);
static_assert(u8v::decoded_size(std::u8string_view(u8"\U0001F600\u00E9")) == 2);

constexpr bool encode_into_in_constant_evaluation()
{
    bool ok = true;
    constexpr std::u32string_view text = U"\u00C6r\U0001F600";  // C3 86 | 72 | F0 9F 98 80
    {
        std::array<char8_t, 7> out{};
        const auto result = u8v::encode_into(text, out);
        ok = ok && out == std::array<char8_t, 7>{0xC3, 0x86, 0x72, 0xF0, 0x9F, 0x98, 0x80};
        ok = ok && result.in == text.end() && result.out == out.end();
    }
    {  // 6 bytes: the 4-byte sequence does not fit and is not cut
        std::array<char, 6> out{};
        const auto result = u8v::encode_into(text, out);
        ok = ok && result.in == text.begin() + 2 && result.out == out.begin() + 3;
    }
    {  // a surrogate (not a scalar value, D76) between ASCII: 41 EF BF BD 42
        const std::array<char32_t, 3> values = {0x41, 0xD800, 0x42};
        std::array<unsigned char, 5> out{};
        u8v::encode_into(values, out.begin());
        ok = ok && out == std::array<unsigned char, 5>{0x41, 0xEF, 0xBF, 0xBD, 0x42};
    }
    return ok;
}
static_assert(encode_into_in_constant_evaluation());
static_assert(u8v::encoded_size(std::u32string_view(U"\u00C6r\U0001F600")) == 7);
static_assert(u8v::encoded_size(std::array<char32_t, 2>{0xD800, 0x41}) == 4);

// Borrowed and dangling results.
using byte_string_in = decltype(u8v::decode_into(std::declval<std::string>(), std::declval<char32_t*>()).in);
static_assert(std::same_as<byte_string_in, std::ranges::dangling>);
using string_view_in = decltype(u8v::decode_into(std::declval<std::string_view>(), std::declval<char32_t*>()).in);
static_assert(std::same_as<string_view_in, std::string_view::const_iterator>);
using vector_out =
    decltype(u8v::decode_into(std::declval<std::string_view>(), std::declval<std::vector<char32_t>>()).out);
static_assert(std::same_as<vector_out, std::ranges::dangling>);
using span_out = decltype(u8v::decode_into(std::declval<std::string_view>(), std::declval<std::span<char32_t>>()).out);
static_assert(std::same_as<span_out, std::span<char32_t>::iterator>);
using string_inserter = std::back_insert_iterator<std::string>;
using u32string_in = decltype(u8v::encode_into(std::declval<std::u32string>(), std::declval<string_inserter>()).in);
static_assert(std::same_as<u32string_in, std::ranges::dangling>);

}  // namespace

BOOST_AUTO_TEST_CASE(output_iterator_and_range_variants)
{
    // Five copies of sample_bytes (U+00C6 'r' U+00F8 U+FFFD U+20AC each):
    // 45 bytes, past the 32-byte kernel threshold.
    std::string text;
    code_points expected;
    for (int i = 0; i < 5; ++i) {
        text += sample_bytes;
        expected.insert(expected.end(), {0x00C6, 0x72, 0x00F8, 0xFFFD, 0x20AC});
    }
    BOOST_TEST_REQUIRE(text.size() >= u8v::detail::simd_threshold_bytes);

    {  // an rvalue std::string: `in` is dangling, the output is written
        code_points out(expected.size());
        const auto result = u8v::decode_into(std::string(text), out.data());
        static_assert(std::same_as<std::remove_cvref_t<decltype(result.in)>, std::ranges::dangling>);
        BOOST_TEST(static_cast<std::size_t>(result.out - out.data()) == expected.size());
        BOOST_TEST(out == expected, tt::per_element());
    }
    {  // back inserters into a vector and a std::u32string
        code_points out;
        u8v::decode_into(text, std::back_inserter(out));
        BOOST_TEST(out == expected, tt::per_element());
        std::u32string u32;
        u8v::decode_into(text, std::back_inserter(u32));
        BOOST_TEST(code_points(u32.begin(), u32.end()) == expected, tt::per_element());
    }
    {  // ranges: std::array&, a std::ranges::subrange, an rvalue std::vector (dangling out)
        std::array<char32_t, 25> array{};
        const auto into_array = u8v::decode_into(text, array);
        BOOST_TEST((into_array.out == array.end()));
        BOOST_TEST(code_points(array.begin(), array.end()) == expected, tt::per_element());

        code_points storage(7);
        const auto into_subrange = u8v::decode_into(text, std::ranges::subrange(storage.begin(), storage.end()));
        BOOST_TEST((into_subrange.out == storage.end()));
        BOOST_TEST(storage == code_points(expected.begin(), expected.begin() + 7), tt::per_element());
        BOOST_TEST((into_subrange.in - text.begin()) == 9 + 3);  // one sample (9 bytes), then C3 86 72

        // A C array is an output range, bounded by its size, not the
        // pointer it would decay to (that made the call ambiguous).
        char32_t c_array[7] = {};
        const auto into_c_array = u8v::decode_into(text, c_array);
        BOOST_TEST((into_c_array.out == std::ranges::end(c_array)));
        BOOST_TEST(code_points(std::ranges::begin(c_array), std::ranges::end(c_array)) ==
                       code_points(expected.begin(), expected.begin() + 7),
                   tt::per_element());
        BOOST_TEST((into_c_array.in - text.begin()) == 9 + 3);
        // An array of unknown bound has no size: it goes in as a pointer.
        using unknown_bound_array = char32_t(&)[];
        static_assert(
            std::same_as<
                decltype(u8v::decode_into(std::declval<std::string_view>(), std::declval<unknown_bound_array>()).out),
                char32_t*>);
        // ... and a pointer to it an unbounded output iterator.
        char32_t* const pointer = c_array;
        const auto into_pointer = u8v::decode_into(std::string_view(text).substr(0, 9), pointer);
        BOOST_TEST((into_pointer.out - pointer) == 5);
        BOOST_TEST(code_points(pointer, pointer + 5) == code_points(expected.begin(), expected.begin() + 5),
                   tt::per_element());

        const auto into_rvalue = u8v::decode_into(std::string_view(text), code_points(3));
        static_assert(std::same_as<std::remove_cvref_t<decltype(into_rvalue.out)>, std::ranges::dangling>);
        BOOST_TEST((into_rvalue.in - std::string_view(text).begin()) == 5);  // C3 86 72 C3 B8
    }
    {  // encode: an rvalue std::u32string (dangling in), outputs of char, char8_t, std::byte
        const std::u32string values(expected.begin(), expected.end());
        std::string as_char;
        const auto result = u8v::encode_into(std::u32string(values), std::back_inserter(as_char));
        static_assert(std::same_as<std::remove_cvref_t<decltype(result.in)>, std::ranges::dangling>);
        std::string expected_bytes;
        for (char32_t c : expected) expected_bytes += t::encode_by_table_3_6(c);
        BOOST_TEST(as_char == expected_bytes);
        std::u8string as_char8(expected_bytes.size(), u8'\0');
        u8v::encode_into(values, std::span<char8_t>(as_char8));
        BOOST_TEST(std::string(as_char8.begin(), as_char8.end()) == expected_bytes);
        std::vector<std::byte> as_bytes(expected_bytes.size());
        const auto into_bytes = u8v::encode_into(values, as_bytes.begin());
        BOOST_TEST((into_bytes.out == as_bytes.end()));
        // A C array: bounded, a character never cut (U+00C6 'r' U+00F8 take 5 bytes, U+FFFD 3 more).
        char c_array[7] = {};
        const auto into_c_array = u8v::encode_into(values, c_array);
        BOOST_TEST((into_c_array.out - c_array) == 5);
        BOOST_TEST(std::string(c_array, 5) == expected_bytes.substr(0, 5));
    }
}

BOOST_AUTO_TEST_CASE(volatile_contiguous_code_points_take_the_generic_path)
{
    // A contiguous range of volatile char32_t is a code point range; the
    // transcoding kernels read through plain pointers, so encode_into must
    // not take its fast path for it (it failed to compile when it did).
    // Expected bytes: Table 3-6 (61; C3 A9; F0 9F 98 80) and U+FFFD for the
    // surrogate (EF BF BD).
    volatile char32_t values[4] = {U'a', U'\u00E9', 0xD800, U'\U0001F600'};
    const std::vector<unsigned char> expected = {0x61, 0xC3, 0xA9, 0xEF, 0xBF, 0xBD, 0xF0, 0x9F, 0x98, 0x80};
    std::array<unsigned char, 10> out{};
    const auto result = u8v::encode_into(std::span<volatile char32_t>(values), std::span<unsigned char>(out));
    BOOST_TEST((result.out - std::span<unsigned char>(out).begin()) == 10);
    BOOST_TEST(std::vector<unsigned char>(out.begin(), out.end()) == expected, tt::per_element());
    std::array<char8_t, 5> short_out{};  // 61 C3 A9, then no room for EF BF BD
    const auto bounded = u8v::encode_into(std::span<volatile char32_t>(values), std::span<char8_t>(short_out));
    BOOST_TEST((bounded.in - std::span<volatile char32_t>(values).begin()) == 2);
    BOOST_TEST((bounded.out - std::span<char8_t>(short_out).begin()) == 3);
}

// ---------------------------------------------------------------------------
// What `in` means when a bounded output fills up
//
// A full output asks a policy nothing more, so that a caller who resumes at
// `in` with more room has each error reported once; but a policy that
// declares it drops every error (on_error::skip) needs no room, so the
// maximal subparts or bad values after the last element written are passed
// over, and `in == end` tells the caller that all input was consumed.
// Inputs and expected values from Table 3-7 and D76: 41 is 'A', a lone 80
// is one maximal subpart, D800 is a surrogate.

namespace {

// Drops each error and counts the calls, declaring that it drops every error.
struct counting_skip {
    static constexpr bool drops_every_error = true;
    std::size_t* asked;
    template <class Info>
    std::optional<char32_t> operator()(const Info&) const
    {
        ++*asked;
        return std::nullopt;
    }
};

// The same, without the declaration.
struct undeclared_counting_skip {
    std::size_t* asked;
    template <class Info>
    std::optional<char32_t> operator()(const Info&) const
    {
        ++*asked;
        return std::nullopt;
    }
};

// Replaces each error with '?' and counts the calls.
struct counting_replace {
    std::size_t* asked;
    template <class Info>
    std::optional<char32_t> operator()(const Info&) const
    {
        ++*asked;
        return U'?';
    }
};

static_assert(u8v::policy_drops_every_error<u8v::on_error::skip_t>);
static_assert(u8v::policy_drops_every_error<counting_skip>);
static_assert(!u8v::policy_drops_every_error<undeclared_counting_skip>);
static_assert(!u8v::policy_drops_every_error<u8v::on_error::replace_t>);
static_assert(!u8v::policy_drops_every_error<u8v::on_error::throw_exception_t>);

// Calls f(bytes, description) with "41 80 80 ED A0 80" in a contiguous
// buffer and in a std::list (the generic path), and after 64 ASCII bytes,
// so that the SIMD kernels take the well-formed stretch.
template <class F>
void with_trailing_errors(F&& f)
{
    const std::string tail = "\x41\x80\x80\xED\xA0\x80";
    for (const std::size_t ascii : {std::size_t{0}, std::size_t{64}}) {
        const std::string bytes = std::string(ascii, 'a') + tail;
        f(std::string_view(bytes), ascii, "contiguous");
        const std::list<char> list(bytes.begin(), bytes.end());
        f(list, ascii, "std::list<char>");
    }
}

template <class R>
std::size_t offset_in(const R& range, const std::ranges::iterator_t<const R>& it)
{
    return static_cast<std::size_t>(std::ranges::distance(std::ranges::begin(range), it));
}

}  // namespace

BOOST_AUTO_TEST_CASE(a_full_output_moves_past_what_the_policy_drops)
{
    t::for_each_kernel_and_transcoder([] {
        with_trailing_errors([](const auto& bytes, std::size_t ascii, const char* base) {
            BOOST_TEST_CONTEXT(base << ", after " << ascii << " ASCII bytes")
            {
                const std::size_t size = ascii + 6;  // 41, 80, 80, ED A0 80: five maximal subparts after 'A'
                code_points out(ascii + 1);           // room for the ASCII and 'A' alone
                const auto skipped = u8v::decode_into(bytes, out, u8v::on_error::skip);
                BOOST_TEST(offset_in(bytes, skipped.in) == size);
                BOOST_TEST((skipped.out == out.end()));
                BOOST_TEST(out.back() == U'A');

                std::size_t asked = 0;
                const auto counted = u8v::decode_into(bytes, out, counting_skip{&asked});
                BOOST_TEST(offset_in(bytes, counted.in) == size);
                BOOST_TEST(asked == 5u);

                // Not declared: no policy is asked once the output is full.
                asked = 0;
                const auto undeclared = u8v::decode_into(bytes, out, undeclared_counting_skip{&asked});
                BOOST_TEST(offset_in(bytes, undeclared.in) == ascii + 1);
                BOOST_TEST(asked == 0u);
                const auto replaced = u8v::decode_into(bytes, out, counting_replace{&asked});
                BOOST_TEST(offset_in(bytes, replaced.in) == ascii + 1);
                BOOST_TEST(asked == 0u);
                BOOST_CHECK_NO_THROW(u8v::decode_into(bytes, out, u8v::on_error::throw_exception));
            }
        });
    });
}

BOOST_AUTO_TEST_CASE(a_full_output_moves_past_the_values_the_policy_drops)
{
    t::for_each_kernel_and_transcoder([] {
        for (const std::size_t ascii : {std::size_t{0}, std::size_t{32}}) {
            std::u32string values(ascii, U'a');
            values += U"A";
            values += {char32_t{0xD800}, char32_t{0x110000}, char32_t{0xDFFF}};
            std::vector<char> out(ascii + 1);
            BOOST_TEST_CONTEXT("after " << ascii << " ASCII values")
            {
                const auto skipped = u8v::encode_into(values, out, u8v::on_error::skip);
                BOOST_TEST(static_cast<std::size_t>(skipped.in - values.begin()) == values.size());
                BOOST_TEST(out.back() == 'A');
                std::size_t asked = 0;
                const auto counted = u8v::encode_into(values, out, counting_skip{&asked});
                BOOST_TEST(static_cast<std::size_t>(counted.in - values.begin()) == values.size());
                BOOST_TEST(asked == 3u);
                asked = 0;
                const auto undeclared = u8v::encode_into(values, out, undeclared_counting_skip{&asked});
                BOOST_TEST(static_cast<std::size_t>(undeclared.in - values.begin()) == ascii + 1);
                BOOST_TEST(asked == 0u);
                const std::list<char32_t> list(values.begin(), values.end());
                const auto from_list = u8v::encode_into(list, out, u8v::on_error::skip);
                BOOST_TEST((from_list.in == list.end()));
            }
        }
    });
}

BOOST_AUTO_TEST_CASE(a_chunked_loop_asks_the_policy_once_per_error)
{
    // Decoding into one element at a time, resuming at `in`: every maximal
    // subpart of Kuhn's stress test reaches the policy exactly once (the
    // test file's expected decoding has 378 replacements), and the output
    // is what one unbounded call writes.
    const std::string kuhn = t::read_testdata("UTF-8-test.txt");
    t::for_each_kernel_and_transcoder([&kuhn] {
        for (const std::size_t room : {std::size_t{1}, std::size_t{3}, std::size_t{64}}) {
            std::size_t asked = 0;
            code_points chunked;
            std::string_view rest(kuhn);
            code_points out(room);
            while (!rest.empty()) {
                const auto result = u8v::decode_into(rest, out, counting_replace{&asked});
                chunked.insert(chunked.end(), out.begin(), result.out);
                rest.remove_prefix(static_cast<std::size_t>(result.in - rest.begin()));
            }
            code_points whole;
            std::size_t asked_once = 0;
            u8v::decode_into(kuhn, std::back_inserter(whole), counting_replace{&asked_once});
            BOOST_TEST_CONTEXT("room " << room)
            {
                BOOST_TEST(asked_once == 378u);
                BOOST_TEST(asked == asked_once);
                CHECK_SAME_SEQUENCE(chunked, whole);
            }
        }
    });
}
