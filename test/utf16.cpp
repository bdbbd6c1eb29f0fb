// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.

// UTF-16: validate_utf16, utf8_to_utf16_into / _size, utf16_to_utf8_into /
// _size, append_utf16 (<utf8view/utf16.hpp>); and the one-line conversions
// to_u32string, to_u16string, to_utf8_string, to_u8string, append_utf8
// (<utf8view/convert.hpp>).
//
// Expected values: the Unicode Standard's own examples (ch. 3, D90 to D92),
// values written out from Table 3-5 at the boundaries of its rows, the
// WHATWG UTF-16 decoder's reading of unpaired surrogates (written out per
// case, and as the reference decoder of support/reference_utf16.hpp for
// random input), and test/data/decode_vectors.tsv's code points encoded by
// the reference encoders (support/reference_utf16.hpp, Table 3-5, and
// support/reference_utf8.hpp, Table 3-6). Never the library's own codecs.

#include <utf8view/convert.hpp>
#include <utf8view/utf16.hpp>
#define BOOST_TEST_MODULE utf16
#include <boost/test/unit_test.hpp>

// testdata.hpp before print.hpp (see conformance/decode_vectors.cpp: -Wshadow).
#include "support/testdata.hpp"
#include "support/vector_files.hpp"
#include "support/print.hpp"
#include "support/random_utf8.hpp"
#include "support/reference_utf16.hpp"
#include "support/reference_utf8.hpp"
#include "support/test_iterators.hpp"
#include "support/force_kernels.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <list>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace u8v = utf8view;
namespace t = utf8view_test;
namespace ref = utf8view_test::reference;
namespace ref16 = utf8view_test::reference16;

namespace {

using units_t = std::vector<std::uint32_t>;  // compared as integers: Boost.Test prints them

template <class String>
units_t as_units(const String& text)
{
    units_t out;
    for (const auto unit : text)
        out.push_back(static_cast<std::uint32_t>(static_cast<std::make_unsigned_t<decltype(unit)>>(unit)));
    return out;
}

std::u16string utf16_of(const std::vector<char32_t>& code_points)
{
    std::u16string out;
    for (const char32_t c : code_points) out += ref16::encode(c);
    return out;
}

std::string utf8_of(const std::vector<char32_t>& code_points)
{
    std::string out;
    for (const char32_t c : code_points) out += ref::encode(c);
    return out;
}

// The code points of the reference decoding of `text`, U+FFFD for each
// unpaired surrogate (or nothing, `skip`).
std::vector<char32_t> decoded16(const std::u16string& text, bool skip = false)
{
    std::vector<char32_t> out;
    for (const ref16::element& e : ref16::decode(text))
        if (e.code_point) out.push_back(*e.code_point);
        else if (!skip) out.push_back(U'\uFFFD');
    return out;
}

// A user policy: records each call, answers `answer`.
struct recording_policy {
    std::vector<u8v::decode_error_info>* log;
    std::optional<char32_t> answer;
    std::optional<char32_t> operator()(const u8v::decode_error_info& info) const
    {
        log->push_back(info);
        return answer;
    }
};

}  // namespace

// Unicode 15.0 ch. 3, D90 to D92: the same four characters in UTF-32,
// UTF-16 and UTF-8, as the Standard writes them.
BOOST_AUTO_TEST_CASE(the_standards_example_in_every_encoding_form)
{
    const std::u32string utf32 = U"\u004D\u0430\u4E8C\U00010302";
    const std::u16string utf16 = {0x004D, 0x0430, 0x4E8C, 0xD800, 0xDF02};
    const std::string utf8 = "\x4D\xD0\xB0\xE4\xBA\x8C\xF0\x90\x8C\x82";

    BOOST_TEST(as_units(u8v::to_u16string(utf8)) == as_units(utf16));
    BOOST_TEST(as_units(u8v::to_u16string(utf32)) == as_units(utf16));
    BOOST_TEST(as_units(u8v::to_utf8_string(utf16)) == as_units(utf8));
    BOOST_TEST(as_units(u8v::to_u32string(utf16)) == as_units(utf32));
    BOOST_TEST(as_units(u8v::to_u32string(utf8)) == as_units(utf32));
    BOOST_TEST(as_units(u8v::to_utf8_string(utf32)) == as_units(utf8));
    BOOST_TEST(as_units(u8v::to_u8string(utf16)) == as_units(utf8));
    BOOST_TEST(u8v::utf8_to_utf16_size(utf8) == 5u);
    BOOST_TEST(u8v::utf16_to_utf8_size(utf16) == 10u);
    BOOST_TEST(u8v::validate_utf16(utf16).valid());
    BOOST_TEST(u8v::validate_utf16(utf16).offset == 5u);
}

// Table 3-5 at the ends of its rows, and around the surrogates.
BOOST_AUTO_TEST_CASE(table_3_5_at_its_boundaries)
{
    struct row {
        char32_t code_point;
        std::u16string utf16;
        std::string utf8;
    };
    const std::vector<row> rows = {
        {0x0000, {0x0000}, std::string(1, '\0')},
        {0x007F, {0x007F}, "\x7F"},
        {0x0080, {0x0080}, "\xC2\x80"},
        {0xD7FF, {0xD7FF}, "\xED\x9F\xBF"},
        {0xE000, {0xE000}, "\xEE\x80\x80"},
        {0xFEFF, {0xFEFF}, "\xEF\xBB\xBF"},  // a BOM is a character like any other
        {0xFFFD, {0xFFFD}, "\xEF\xBF\xBD"},
        {0xFFFF, {0xFFFF}, "\xEF\xBF\xBF"},
        {0x10000, {0xD800, 0xDC00}, "\xF0\x90\x80\x80"},
        {0x103FF, {0xD800, 0xDFFF}, "\xF0\x90\x8F\xBF"},
        {0x10400, {0xD801, 0xDC00}, "\xF0\x90\x90\x80"},
        {0x1F600, {0xD83D, 0xDE00}, "\xF0\x9F\x98\x80"},
        {0x10FFFF, {0xDBFF, 0xDFFF}, "\xF4\x8F\xBF\xBF"},
    };
    for (const row& r : rows) {
        BOOST_TEST_CONTEXT("U+" << std::hex << static_cast<std::uint32_t>(r.code_point))
        {
            BOOST_TEST(as_units(ref16::encode(r.code_point)) == as_units(r.utf16));  // the reference agrees
            std::u16string appended = u"x";
            u8v::append_utf16(appended, r.code_point);
            BOOST_TEST(as_units(appended) == as_units(u"x" + r.utf16));
            std::string appended8 = "x";
            u8v::append_utf8(appended8, r.code_point);
            BOOST_TEST(as_units(appended8) == as_units("x" + r.utf8));
            BOOST_TEST(as_units(u8v::to_u16string(r.utf8)) == as_units(r.utf16));
            BOOST_TEST(as_units(u8v::to_utf8_string(r.utf16)) == as_units(r.utf8));
            BOOST_TEST(as_units(u8v::to_u32string(r.utf16)) == units_t{r.code_point});
            BOOST_TEST(u8v::utf8_to_utf16_size(r.utf8) == r.utf16.size());
            BOOST_TEST(u8v::utf16_to_utf8_size(r.utf16) == r.utf8.size());
        }
    }
    // Values that are not scalar values are appended as U+FFFD.
    for (const char32_t bad : {char32_t{0xD800}, char32_t{0xDFFF}, char32_t{0x110000}, char32_t{0xFFFFFFFF}}) {
        std::u16string appended;
        u8v::append_utf16(appended, bad);
        BOOST_TEST(as_units(appended) == units_t{0xFFFD});
        std::u8string appended8;
        u8v::append_utf8(appended8, bad);
        BOOST_TEST(as_units(appended8) == (units_t{0xEF, 0xBF, 0xBD}));
    }
}

// Unpaired surrogates, each case as the WHATWG UTF-16 decoder reads it:
// every unpaired surrogate is one error of one code unit, and the code unit
// after an unpaired high surrogate starts the next element.
BOOST_AUTO_TEST_CASE(unpaired_surrogates_one_error_each)
{
    struct row {
        const char* name;
        std::u16string input;
        std::u32string replaced;              // on_error::replace
        std::vector<std::size_t> error_offsets;  // code units
    };
    const std::vector<row> rows = {
        {"lone high", {0xD800}, U"\uFFFD", {0}},
        {"lone low", {0xDC00}, U"\uFFFD", {0}},
        {"high at the end", {0x0041, 0xDBFF}, U"A\uFFFD", {1}},
        {"high then ASCII", {0xD800, 0x0041}, U"\uFFFDA", {0}},
        {"high then high then low", {0xD800, 0xD800, 0xDC00}, U"\uFFFD\U00010000", {0}},
        {"low then high", {0xDC00, 0xD800}, U"\uFFFD\uFFFD", {0, 1}},
        {"low then low", {0xDFFF, 0xDC00}, U"\uFFFD\uFFFD", {0, 1}},
        {"high, BMP character, low", {0xD83D, 0x4E8C, 0xDE00}, U"\uFFFD\u4E8C\uFFFD", {0, 2}},
        {"pair, lone low", {0xD83D, 0xDE00, 0xDE00}, U"\U0001F600\uFFFD", {2}},
        {"U+FFFD itself is no error", {0xFFFD, 0xD800}, U"\uFFFD\uFFFD", {1}},
    };
    for (const row& r : rows) {
        BOOST_TEST_CONTEXT(r.name)
        {
            // The reference reads it so too.
            BOOST_TEST(as_units(decoded16(r.input)) == as_units(r.replaced));

            const u8v::validation_result v = u8v::validate_utf16(r.input);
            BOOST_TEST(!v.valid());
            BOOST_TEST((v.kind == u8v::error_kind::unpaired_surrogate));
            BOOST_TEST(v.offset == r.error_offsets.front());

            BOOST_TEST(as_units(u8v::to_u32string(r.input)) == as_units(r.replaced));
            const std::string utf8 = utf8_of({r.replaced.begin(), r.replaced.end()});
            BOOST_TEST(as_units(u8v::to_utf8_string(r.input)) == as_units(utf8));
            BOOST_TEST(u8v::utf16_to_utf8_size(r.input) == utf8.size());
            BOOST_TEST(as_units(u8v::to_u16string(r.input)) ==
                       as_units(utf16_of({r.replaced.begin(), r.replaced.end()})));

            // Each error told once, in order, with its offset in code units.
            std::vector<u8v::decode_error_info> log;
            const std::string questioned = u8v::to_utf8_string(r.input, recording_policy{&log, U'?'});
            BOOST_TEST_REQUIRE(log.size() == r.error_offsets.size());
            for (std::size_t index = 0; index < log.size(); ++index) {
                BOOST_TEST((log[index].kind == u8v::error_kind::unpaired_surrogate));
                BOOST_TEST(log[index].offset == r.error_offsets[index]);
                BOOST_TEST(log[index].length == 1u);
            }
            std::vector<char32_t> expected_questioned;
            for (const ref16::element& e : ref16::decode(r.input))
                expected_questioned.push_back(e.code_point.value_or(U'?'));
            BOOST_TEST(as_units(questioned) == as_units(utf8_of(expected_questioned)));

            // Skip drops them; throw reports the first.
            BOOST_TEST(as_units(u8v::to_u32string(r.input, u8v::on_error::skip)) == as_units(decoded16(r.input, true)));
            bool threw = false;
            try {
                static_cast<void>(u8v::to_utf8_string(r.input, u8v::on_error::throw_exception));
            }
            catch (const u8v::decode_error& e) {
                threw = true;
                BOOST_TEST((e.kind() == u8v::error_kind::unpaired_surrogate));
                BOOST_TEST(e.offset() == r.error_offsets.front());
                BOOST_TEST(std::string_view(e.what()).find("UTF-16") != std::string_view::npos);
            }
            BOOST_TEST(threw);
        }
    }
}

// Every row of decode_vectors.tsv: UTF-8 to UTF-16 gives the row's code
// points (replace and skip columns) in Table 3-5's form, and the first error
// at the row's offset; back to UTF-8 gives them in Table 3-6's.
BOOST_AUTO_TEST_CASE(every_decode_vector_converted_to_utf16_and_back)
{
    const std::vector<t::decode_vector> rows = t::read_decode_vectors();
    BOOST_TEST_REQUIRE(rows.size() >= 500u);
    for (const t::decode_vector& row : rows) {
        BOOST_TEST_CONTEXT(row.id << " [" << row.input_hex << "]")
        {
            const std::string_view bytes(row.input);
            const std::u16string replaced = utf16_of(row.replace);
            const std::u16string skipped = utf16_of(row.skip);
            BOOST_TEST(as_units(u8v::to_u16string(bytes)) == as_units(replaced));
            BOOST_TEST(as_units(u8v::to_u16string(bytes, u8v::on_error::skip)) == as_units(skipped));
            BOOST_TEST(u8v::utf8_to_utf16_size(bytes) == replaced.size());

            // The output-iterator form into an exactly sized buffer, and a back inserter.
            std::vector<char16_t> out(replaced.size());
            const auto result = u8v::utf8_to_utf16_into(bytes, out.begin());
            BOOST_TEST((result.in == bytes.end()));
            BOOST_TEST((result.out == out.end()));
            BOOST_TEST(as_units(out) == as_units(replaced));
            std::u16string inserted;
            u8v::utf8_to_utf16_into(bytes, std::back_inserter(inserted), u8v::on_error::skip);
            BOOST_TEST(as_units(inserted) == as_units(skipped));

            // The generic paths: a std::list and a single-pass range.
            const std::list<char> list(row.input.begin(), row.input.end());
            BOOST_TEST(as_units(u8v::to_u16string(list)) == as_units(replaced));
            BOOST_TEST(u8v::utf8_to_utf16_size(list) == replaced.size());
            t::input_test_range<const char, false> input(row.input.data(), row.input.data() + row.input.size());
            BOOST_TEST(as_units(u8v::to_u16string(input)) == as_units(replaced));

            // Throw: the first error at the row's offset.
            bool threw = false;
            try {
                static_cast<void>(u8v::to_u16string(bytes, u8v::on_error::throw_exception));
            }
            catch (const u8v::decode_error& e) {
                threw = true;
                BOOST_TEST(static_cast<long>(e.offset()) == row.first_invalid);
            }
            BOOST_TEST(threw == (row.first_invalid >= 0));

            // Back: the replaced UTF-16 is well-formed, and its UTF-8 is the
            // replace column in Table 3-6's form (what repair gives).
            BOOST_TEST(u8v::validate_utf16(replaced).valid());
            const std::string utf8 = utf8_of(row.replace);
            BOOST_TEST(as_units(u8v::to_utf8_string(replaced)) == as_units(utf8));
            BOOST_TEST(as_units(u8v::to_utf8_string(bytes)) == as_units(utf8));
            BOOST_TEST(u8v::utf16_to_utf8_size(replaced) == utf8.size());
            BOOST_TEST(as_units(u8v::to_u32string(bytes)) == as_units(row.replace));
        }
    }
}

// No CESU-8 (RFC 3629 §3; Unicode 15.0 ch. 3, D92 and Table 3-7): a
// surrogate pair is decoded to its code point and encoded in 4 bytes, never
// as two 3-byte surrogates; and UTF-8 holding such surrogates (the category
// cesu-8 of test/data) is six ill-formed maximal subparts, six U+FFFD.
BOOST_AUTO_TEST_CASE(no_cesu_8)
{
    const std::u16string pair = {0xD83D, 0xDE00};  // U+1F600
    const units_t four_bytes = {0xF0, 0x9F, 0x98, 0x80};
    const units_t cesu_8 = {0xED, 0xA0, 0xBD, 0xED, 0xB8, 0x80};
    BOOST_TEST(as_units(u8v::to_utf8_string(pair)) == four_bytes);
    BOOST_TEST(as_units(u8v::to_u8string(pair)) == four_bytes);
    BOOST_TEST(u8v::utf16_to_utf8_size(pair) == 4u);
    std::string written;
    u8v::utf16_to_utf8_into(pair, std::back_inserter(written));
    BOOST_TEST(as_units(written) == four_bytes);
    BOOST_TEST(as_units(written) != cesu_8);
    // Through code points too, and in a longer text on the contiguous path.
    BOOST_TEST(as_units(u8v::to_utf8_string(u8v::to_u32string(pair))) == four_bytes);
    std::u16string text;
    for (int index = 0; index < 100; ++index) text += u"ab" + pair;
    const std::string long_utf8 = u8v::to_utf8_string(text);
    BOOST_TEST(long_utf8.size() == 600u);
    BOOST_TEST(long_utf8.find('\xED') == std::string::npos);

    std::size_t rows_seen = 0;
    for (const t::decode_vector& row : t::read_decode_vectors()) {
        if (row.category != "cesu-8") continue;
        ++rows_seen;
        BOOST_TEST_CONTEXT(row.id << " [" << row.input_hex << "]")
        {
            std::size_t surrogate_bytes = 0;
            for (const char byte : row.input) surrogate_bytes += static_cast<unsigned char>(byte) >= 0x80 ? 1 : 0;
            BOOST_TEST(surrogate_bytes == 6u);  // one pair, six bytes
            std::size_t replacements = 0;
            for (const char32_t c : row.replace) replacements += c == U'\uFFFD' ? 1 : 0;
            BOOST_TEST(replacements == 6u);  // the file says six U+FFFD...
            const std::u32string decoded = u8v::to_u32string(std::string_view(row.input));
            BOOST_TEST(as_units(decoded) == as_units(row.replace));  // ...and the decoder agrees
            BOOST_TEST(as_units(u8v::to_u16string(std::string_view(row.input))) == as_units(utf16_of(row.replace)));
        }
    }
    BOOST_TEST(rows_seen >= 3u);
}

// Random text both ways: scalar values of every length, and UTF-16 with
// surrogates anywhere, against the reference decoders.
BOOST_AUTO_TEST_CASE(random_text_both_ways)
{
    t::random_source random(20261203);
    for (int round = 0; round < 300; ++round) {
        std::vector<char32_t> code_points;
        const auto count = random.below(200);
        for (std::uint32_t index = 0; index < count; ++index) code_points.push_back(t::random_scalar_value(random));
        const std::u16string utf16 = utf16_of(code_points);
        const std::string utf8 = utf8_of(code_points);
        BOOST_TEST(as_units(u8v::to_u16string(utf8)) == as_units(utf16));
        BOOST_TEST(as_units(u8v::to_utf8_string(utf16)) == as_units(utf8));
        BOOST_TEST(as_units(u8v::to_u32string(utf16)) == as_units(code_points));
        BOOST_TEST(as_units(u8v::to_u16string(code_points)) == as_units(utf16));

        // Now with surrogates and other code units at random places.
        std::u16string mixed = utf16;
        for (int cut = 0; cut < 4; ++cut) {
            const auto at = mixed.empty() ? 0 : random.below(static_cast<std::uint32_t>(mixed.size()));
            const char16_t unit =
                static_cast<char16_t>(random.below(3) == 0 ? random.between(0xD800, 0xDFFF) : random.below(0x10000));
            mixed.insert(mixed.begin() + at, unit);
        }
        const std::vector<char32_t> expected = decoded16(mixed);
        BOOST_TEST(as_units(u8v::to_u32string(mixed)) == as_units(expected));
        BOOST_TEST(as_units(u8v::to_utf8_string(mixed)) == as_units(utf8_of(expected)));
        BOOST_TEST(u8v::utf16_to_utf8_size(mixed) == utf8_of(expected).size());
        const std::list<char16_t> list(mixed.begin(), mixed.end());
        BOOST_TEST(as_units(u8v::to_utf8_string(list)) == as_units(utf8_of(expected)));
        BOOST_TEST(as_units(u8v::to_u16string(mixed, u8v::on_error::skip)) ==
                   as_units(utf16_of(decoded16(mixed, true))));
    }
}

// Long UTF-16 in runs of 40 code points of one shape each (ASCII; ASCII
// with 2-byte characters; 3-byte characters only; 3-byte characters between
// ASCII spaces; 2-byte characters only; any scalar value), so that a
// transcoder's 16-unit steps meet every case and every boundary between
// them, with an unpaired surrogate now and then: to UTF-8 under every
// transcoder, against the reference decoder and Table 3-6, unbounded and
// into bounded outputs that end anywhere (nothing written past the result).
BOOST_AUTO_TEST_CASE(long_utf16_in_runs_under_every_transcoder)
{
    t::random_source random(20261206);
    std::u16string text;
    for (std::size_t index = 0; index < 20000; ++index) {
        char32_t c = t::random_scalar_value(random);
        switch ((index / 40) % 6) {
        case 0: c = random.below(0x80); break;
        case 1: c = random.below(3) == 0 ? char32_t{0x80} + random.below(0x780) : random.below(0x80); break;
        case 2:  // 3 bytes: 0800..D7FF, or E000..FFFF (leads EE, EF)
            c = random.below(4) == 0 ? char32_t{0xE000} + random.below(0x2000) : char32_t{0x800} + random.below(0xD000);
            break;
        case 3: c = random.below(5) == 0 ? char32_t{0x20} : char32_t{0xAC00} + random.below(0x2BA4); break;
        case 4: c = char32_t{0x80} + random.below(0x780); break;
        default: break;
        }
        if (random.below(400) == 0) text += static_cast<char16_t>(random.between(0xD800, 0xDFFF));  // maybe unpaired
        text += ref16::encode(c);
    }
    // The elements of the reference decoding: where each ends in the input
    // and in the UTF-8 output.
    std::string expected;
    std::vector<std::size_t> unit_ends, byte_ends;
    for (const ref16::element& e : ref16::decode(text)) {
        expected += ref::encode(e.code_point.value_or(U'\uFFFD'));
        unit_ends.push_back(e.offset + e.length);
        byte_ends.push_back(expected.size());
    }
    const std::string expected_skip = utf8_of(decoded16(text, true));
    BOOST_TEST_REQUIRE(expected.size() > expected_skip.size());  // it has errors

    t::for_each_kernel_and_transcoder([&] {
        BOOST_TEST(u8v::utf16_to_utf8_size(text) == expected.size());
        BOOST_TEST(as_units(u8v::to_utf8_string(text)) == as_units(expected));
        BOOST_TEST(as_units(u8v::to_utf8_string(text, u8v::on_error::skip)) == as_units(expected_skip));
        t::random_source rooms(7);
        for (int round = 0; round < 40; ++round) {
            const std::size_t room = rooms.below(static_cast<std::uint32_t>(expected.size() + 1));
            BOOST_TEST_CONTEXT("room for " << room << " bytes")
            {
                // The longest run of whole elements that fits.
                const auto fits = static_cast<std::size_t>(std::upper_bound(byte_ends.begin(), byte_ends.end(), room) -
                                                           byte_ends.begin());
                const std::size_t used = fits == 0 ? 0 : byte_ends[fits - 1];
                std::vector<char> out(room + 64, '#');
                const std::span<char> target(out.data(), room);
                const auto result = u8v::utf16_to_utf8_into(std::u16string_view(text), target);
                BOOST_TEST_REQUIRE(static_cast<std::size_t>(result.out - target.begin()) == used);
                BOOST_TEST(static_cast<std::size_t>(result.in - text.data()) == (fits == 0 ? 0 : unit_ends[fits - 1]));
                BOOST_TEST((std::string_view(out.data(), used) == std::string_view(expected).substr(0, used)));
                BOOST_TEST(std::count(out.begin() + static_cast<std::ptrdiff_t>(used), out.end(), '#') ==
                           static_cast<std::ptrdiff_t>(out.size() - used));
            }
        }
    });
}

// A bounded output never cuts a character: with room for k code units,
// the output is the longest run of whole elements that fits, and `in` the
// start of the first one left; a policy that drops every error goes on past
// the errors after a full output.
BOOST_AUTO_TEST_CASE(bounded_outputs_never_cut_a_character)
{
    // A, U+1F600 (2 units / 4 bytes), an error, U+00E9, U+10000.
    const std::string utf8 = "A\xF0\x9F\x98\x80\xFF\xC3\xA9\xF0\x90\x80\x80";
    const std::vector<std::size_t> utf8_ends = {1, 5, 6, 8, 12};     // after each element
    const std::vector<std::size_t> utf16_sizes = {1, 2, 1, 1, 2};    // code units of each
    const std::u16string all = utf16_of({0x41, 0x1F600, 0xFFFD, 0xE9, 0x10000});
    for (std::size_t room = 0; room <= all.size() + 1; ++room) {
        BOOST_TEST_CONTEXT("room for " << room << " code units")
        {
            std::size_t fits = 0, used = 0;
            while (fits < utf16_sizes.size() && used + utf16_sizes[fits] <= room) used += utf16_sizes[fits++];
            std::vector<char16_t> out(room, u'#');
            const auto result = u8v::utf8_to_utf16_into(std::string_view(utf8), out);
            BOOST_TEST(static_cast<std::size_t>(result.out - out.begin()) == used);
            BOOST_TEST(static_cast<std::size_t>(result.in - utf8.data()) == (fits == 0 ? 0 : utf8_ends[fits - 1]));
            BOOST_TEST(as_units(std::u16string(out.begin(), result.out)) == as_units(all.substr(0, used)));
            for (auto it = result.out; it != out.end(); ++it) BOOST_TEST(static_cast<int>(*it) == '#');
        }
    }
    // UTF-16 to UTF-8: A, U+1F600 (4 bytes), a lone low surrogate, U+00E9.
    const std::u16string utf16 = {0x41, 0xD83D, 0xDE00, 0xDC00, 0xE9};
    const std::vector<std::size_t> utf16_ends = {1, 3, 4, 5};
    const std::vector<std::size_t> utf8_sizes = {1, 4, 3, 2};
    const std::string all8 = "A\xF0\x9F\x98\x80\xEF\xBF\xBD\xC3\xA9";
    for (std::size_t room = 0; room <= all8.size() + 1; ++room) {
        BOOST_TEST_CONTEXT("room for " << room << " bytes")
        {
            std::size_t fits = 0, used = 0;
            while (fits < utf8_sizes.size() && used + utf8_sizes[fits] <= room) used += utf8_sizes[fits++];
            std::vector<char> out(room, '#');
            const auto result = u8v::utf16_to_utf8_into(std::u16string_view(utf16), out);
            BOOST_TEST(static_cast<std::size_t>(result.out - out.begin()) == used);
            BOOST_TEST(static_cast<std::size_t>(result.in - utf16.data()) == (fits == 0 ? 0 : utf16_ends[fits - 1]));
            BOOST_TEST(std::string(out.begin(), result.out) == all8.substr(0, used));
        }
    }
    // Skip, with the output full after U+1F600: the lone low surrogate after
    // it is passed over, so `in` is the U+00E9.
    std::vector<char> four(4);
    const auto skipped = u8v::utf16_to_utf8_into(std::u16string_view(utf16).substr(1), four, u8v::on_error::skip);
    BOOST_TEST(static_cast<std::size_t>(skipped.in - utf16.data()) == 4u);
    // Replace does not: its U+FFFD needs room.
    const auto replaced = u8v::utf16_to_utf8_into(std::u16string_view(utf16).substr(1), four);
    BOOST_TEST(static_cast<std::size_t>(replaced.in - utf16.data()) == 3u);
}

// A policy may answer with a supplementary character: it is written whole,
// as a surrogate pair or 4 bytes (and a replacement that is not a scalar
// value becomes U+FFFD).
BOOST_AUTO_TEST_CASE(replacements_of_any_length)
{
    std::vector<u8v::decode_error_info> log;
    const std::u16string converted = u8v::to_u16string(std::string_view("a\xFF"
                                                                        "b"),
                                                       recording_policy{&log, U'\U0001F4A9'});
    BOOST_TEST(as_units(converted) == (units_t{'a', 0xD83D, 0xDCA9, 'b'}));
    BOOST_TEST_REQUIRE(log.size() == 1u);
    BOOST_TEST(log[0].offset == 1u);
    BOOST_TEST((log[0].kind == u8v::error_kind::invalid_lead_byte));
    const std::string back = u8v::to_utf8_string(std::u16string(u"a\xDC00"
                                                                u"b"),
                                                 recording_policy{&log, char32_t{0xD800}});
    BOOST_TEST(as_units(back) == (units_t{'a', 0xEF, 0xBF, 0xBD, 'b'}));
}

// The source encoding follows from the element type: code points from
// char32_t, int and (where it is 32 bits) wchar_t, with an encoding policy
// for values that are not scalar values.
BOOST_AUTO_TEST_CASE(code_point_sources)
{
    const std::vector<std::int32_t> values = {0x41, -1, 0xD800, 0x1F600, 0x110000};
    BOOST_TEST(as_units(u8v::to_u16string(values)) == (units_t{0x41, 0xFFFD, 0xFFFD, 0xD83D, 0xDE00, 0xFFFD}));
    BOOST_TEST(as_units(u8v::to_u16string(values, u8v::on_error::skip)) == (units_t{0x41, 0xD83D, 0xDE00}));
    BOOST_TEST(as_units(u8v::to_u32string(values, u8v::on_error::skip)) == (units_t{0x41, 0x1F600}));
    BOOST_TEST(as_units(u8v::to_utf8_string(values)) ==
               as_units(std::string("A\xEF\xBF\xBD\xEF\xBF\xBD\xF0\x9F\x98\x80\xEF\xBF\xBD")));
    bool threw = false;
    try {
        static_cast<void>(u8v::to_u16string(values, u8v::on_error::throw_exception));
    }
    catch (const u8v::encode_error& e) {
        threw = true;
        BOOST_TEST(e.offset() == 1u);
        BOOST_TEST(e.value() == -1);
    }
    BOOST_TEST(threw);
    if constexpr (sizeof(wchar_t) == 4) {
        const std::wstring wide = L"w\U0001F600";
        BOOST_TEST(as_units(u8v::to_u16string(wide)) == (units_t{'w', 0xD83D, 0xDE00}));
        BOOST_TEST(as_units(u8v::to_utf8_string(wide)) == as_units(std::string("w\xF0\x9F\x98\x80")));
    }
}

// Compile-time use: the conversions are constexpr (each check runs at
// compile time, and again at run time). Strings are built at run time only:
// Clang 16 cannot evaluate libstdc++ 12's std::basic_string at compile time.
BOOST_AUTO_TEST_CASE(constant_evaluation)
{
    constexpr auto unbounded_pair = [] {
        char16_t out[3] = {};
        const auto result = u8v::utf8_to_utf16_into(std::string_view("\xF0\x9F\x98\x80!"), out + 0);
        return result.out == out + 3 && out[0] == 0xD83D && out[1] == 0xDE00 && out[2] == u'!';
    };
    constexpr auto bounded_pair = [] {
        char16_t out[3] = {};  // room for "a" and U+1F600, not for the "!"
        const std::string_view bytes = "a\xF0\x9F\x98\x80!";
        const auto result = u8v::utf8_to_utf16_into(bytes, std::span<char16_t>(out));
        return result.in == bytes.begin() + 5 && out[0] == u'a' && out[1] == 0xD83D && out[2] == 0xDE00;
    };
    constexpr auto bounded_back = [] {
        char out[4] = {};  // room for U+00E9, not for U+FFFD (3 bytes)
        const std::u16string_view units = u"\u00E9\xDC00";
        const auto result = u8v::utf16_to_utf8_into(units, std::span<char>(out));
        return result.in == units.begin() + 1 && out[0] == '\xC3' && out[1] == '\xA9';
    };
    static_assert(u8v::validate_utf16(std::u16string_view(u"a\U0001F600")).valid());
    static_assert(u8v::validate_utf16(std::u16string_view(u"ab\xD800")).offset == 2);
    static_assert(u8v::utf16_to_utf8_size(std::u16string_view(u"\u00E9\U0001F600")) == 6);
    static_assert(u8v::utf8_to_utf16_size(std::string_view("\xC3\xA9\xF0\x9F\x98\x80\xFF")) == 4);
    static_assert(unbounded_pair());
    static_assert(bounded_pair());
    static_assert(bounded_back());
    BOOST_TEST(u8v::validate_utf16(std::u16string_view(u"ab\xD800")).offset == 2u);
    BOOST_TEST(unbounded_pair());
    BOOST_TEST(bounded_pair());
    BOOST_TEST(bounded_back());
}

// Single-pass UTF-16 input: the code unit after a high surrogate is looked
// at without being consumed.
BOOST_AUTO_TEST_CASE(single_pass_utf16_input)
{
    const std::u16string units = {0x41, 0xD83D, 0xDE00, 0xD800, 0x42, 0xDC00, 0xD801};
    const std::vector<char32_t> expected = decoded16(units);
    const auto input = [&] {
        return t::input_test_range<const char16_t, false>(units.data(), units.data() + units.size());
    };
    {
        auto range = input();
        BOOST_TEST(as_units(u8v::to_u32string(range)) == as_units(expected));
    }
    {
        auto range = input();
        BOOST_TEST(as_units(u8v::to_utf8_string(range)) == as_units(utf8_of(expected)));
    }
    {
        auto range = input();
        std::vector<u8v::decode_error_info> log;
        std::string out;
        u8v::utf16_to_utf8_into(range, std::back_inserter(out), recording_policy{&log, U'?'});
        BOOST_TEST_REQUIRE(log.size() == 3u);
        BOOST_TEST(log[0].offset == 3u);
        BOOST_TEST(log[1].offset == 5u);
        BOOST_TEST(log[2].offset == 6u);
    }
    {
        auto range = input();
        const u8v::validation_result v = u8v::validate_utf16(range);
        BOOST_TEST(v.offset == 3u);
    }
}

// Outputs of every UTF-8 code unit type, std::byte included, and bounded
// outputs that are not sized (a std::list: room is found by stepping), with
// a user policy whose replacement does not always fit.
BOOST_AUTO_TEST_CASE(output_types_and_unsized_bounded_outputs)
{
    const std::u16string units = {0x41, 0xDC00, 0x42};
    std::vector<std::byte> bytes;
    u8v::utf16_to_utf8_into(units, std::back_inserter(bytes));
    BOOST_TEST(bytes.size() == 5u);
    BOOST_TEST(static_cast<int>(bytes[1]) == 0xEF);
    std::u8string text8;
    u8v::utf16_to_utf8_into(units, std::back_inserter(text8), u8v::on_error::skip);
    BOOST_TEST(as_units(text8) == (units_t{'A', 'B'}));

    // U+1F4A9 for the error needs 4 bytes: with room for 3 after the 'A'
    // the policy is asked, and the call stops before the error.
    std::vector<u8v::decode_error_info> log;
    std::list<char> room(4, '#');
    const auto result = u8v::utf16_to_utf8_into(units, room, recording_policy{&log, U'\U0001F4A9'});
    BOOST_TEST(static_cast<std::size_t>(result.in - units.begin()) == 1u);
    BOOST_TEST(std::distance(room.begin(), result.out) == 1);
    BOOST_TEST(log.size() == 1u);
    std::list<char16_t> room16(2, u'#');
    const std::string_view utf8 = "a\xFF\xF0\x9F\x98\x80";
    const auto result16 = u8v::utf8_to_utf16_into(utf8, room16, recording_policy{&log, U'?'});
    BOOST_TEST(static_cast<std::size_t>(result16.in - utf8.begin()) == 2u);  // U+1F600 needs 2 units, none left
    BOOST_TEST((result16.out == room16.end()));
    BOOST_TEST(as_units(std::u16string(room16.begin(), room16.end())) == (units_t{'a', '?'}));
}
