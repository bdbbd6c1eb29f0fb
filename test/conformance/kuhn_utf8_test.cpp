// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.

// Markus Kuhn's "UTF-8 decoder capability and stress test" (test/data/
// UTF-8-test.txt, CC BY 4.0), decoded line by line and as a whole, against
// its expected decodings UTF-8-test.expected-replace.txt / -skip.txt (one
// line of space-separated hex code points per input line; an empty line is
// an empty input line). See test/data/README.md for how those were made.

#include <utf8view/decode_view.hpp>
#define BOOST_TEST_MODULE conformance_kuhn_utf8_test
#include <boost/test/unit_test.hpp>

// testdata.hpp before print.hpp (see decode_vectors.cpp: -Wshadow).
#include "support/testdata.hpp"
#include "support/error_kind_rule.hpp"
#include "support/print.hpp"
#include "support/random_utf8.hpp"  // hex_of
#include "support/test_iterators.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <list>
#include <optional>
#include <ranges>
#include <string>
#include <string_view>
#include <vector>

namespace u8v = utf8view;
namespace t = utf8view_test;
namespace tt = boost::test_tools;

namespace {

using code_points = std::vector<char32_t>;

// The file has 300 lines; fewer than this means it was not read properly.
constexpr std::size_t minimum_lines = 250;
constexpr char32_t line_feed = 0x0A;
constexpr char32_t fffd = 0xFFFD;

using t::hex_of;

struct kuhn_data {
    std::string text;                       // the whole file
    std::vector<std::string> lines;         // split on LF, LF excluded
    std::vector<code_points> replace;       // expected, per line
    std::vector<code_points> skip;
};

std::vector<code_points> read_expected(const std::string& name)
{
    std::vector<code_points> lines;
    for (const std::string& line : t::lines_of(t::read_testdata(name))) {
        const std::u32string parsed = t::parse_hex_code_points(line);  // "" -> no code points
        lines.emplace_back(parsed.begin(), parsed.end());
    }
    return lines;
}

const kuhn_data& data()
{
    static const kuhn_data d = [] {
        kuhn_data k;
        k.text = t::read_testdata("UTF-8-test.txt");
        k.lines = t::lines_of(k.text);
        k.replace = read_expected("UTF-8-test.expected-replace.txt");
        k.skip = read_expected("UTF-8-test.expected-skip.txt");
        return k;
    }();
    BOOST_TEST_REQUIRE(d.lines.size() >= minimum_lines);
    BOOST_TEST_REQUIRE(d.replace.size() == d.lines.size());
    BOOST_TEST_REQUIRE(d.skip.size() == d.lines.size());
    return d;
}

template <class View>
code_points decode_forward(View&& view)
{
    code_points out;
    for (auto it = view.begin(); it != view.end(); ++it) out.push_back(*it);
    return out;
}

template <class View>
code_points decode_backward(View&& view)
{
    code_points out;
    const auto first = view.begin();
    auto it = std::ranges::next(view.begin(), view.end());
    while (it != first) {
        --it;
        out.push_back(*it);
    }
    std::ranges::reverse(out);
    return out;
}

// The expected decoding of the whole file: the lines' decodings joined with
// U+000A, and a final U+000A if the file ends with LF.
code_points join_lines(const std::vector<code_points>& lines, bool final_line_feed)
{
    code_points out;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        if (i != 0) out.push_back(line_feed);
        out.insert(out.end(), lines[i].begin(), lines[i].end());
    }
    if (final_line_feed) out.push_back(line_feed);
    return out;
}

std::vector<code_points> split_on_line_feed(const code_points& decoded)
{
    // Like lines_of: a final U+000A does not start another line.
    std::vector<code_points> lines;
    code_points current;
    for (char32_t c : decoded) {
        if (c == line_feed) {
            lines.push_back(std::move(current));
            current.clear();
        }
        else {
            current.push_back(c);
        }
    }
    if (!current.empty()) lines.push_back(std::move(current));
    return lines;
}

bool ends_with_line_feed(const std::string& text)
{
    return !text.empty() && text.back() == '\n';
}

}  // namespace

BOOST_AUTO_TEST_CASE(replace_matches_every_line_forwards_and_backwards)
{
    const kuhn_data& d = data();
    for (std::size_t i = 0; i < d.lines.size(); ++i) {
        const std::string_view line = d.lines[i];
        BOOST_TEST_CONTEXT("UTF-8-test.txt line " << i + 1 << ": [" << hex_of(line) << "]")
        {
            BOOST_TEST(decode_forward(line | u8v::views::decode(u8v::on_error::replace)) == d.replace[i],
                       tt::per_element());
            BOOST_TEST(decode_backward(line | u8v::views::decode(u8v::on_error::replace)) == d.replace[i],
                       tt::per_element());
        }
    }
}

BOOST_AUTO_TEST_CASE(skip_matches_every_line_forwards_and_backwards)
{
    const kuhn_data& d = data();
    for (std::size_t i = 0; i < d.lines.size(); ++i) {
        const std::string_view line = d.lines[i];
        BOOST_TEST_CONTEXT("UTF-8-test.txt line " << i + 1 << ": [" << hex_of(line) << "]")
        {
            BOOST_TEST(decode_forward(line | u8v::views::decode(u8v::on_error::skip)) == d.skip[i], tt::per_element());
            BOOST_TEST(decode_backward(line | u8v::views::decode(u8v::on_error::skip)) == d.skip[i], tt::per_element());
        }
    }
}

BOOST_AUTO_TEST_CASE(replace_flags_exactly_the_replacements_on_every_line_both_ways)
{
    // Elements that are not flagged as errors are the skip decoding; the
    // flagged ones are U+FFFD, each with the kind the error-kind table
    // (support/error_kind_rule.hpp) gives the byte it starts at.
    const kuhn_data& d = data();
    for (std::size_t i = 0; i < d.lines.size(); ++i) {
        const std::string_view line = d.lines[i];
        BOOST_TEST_CONTEXT("UTF-8-test.txt line " << i + 1 << ": [" << hex_of(line) << "]")
        {
            code_points unflagged;
            std::size_t flagged = 0;
            auto view = line | u8v::views::decode;
            for (auto it = view.begin(); it != view.end(); ++it) {
                if (const std::optional<u8v::error_kind> kind = it.error()) {
                    ++flagged;
                    BOOST_TEST(*it == fffd);
                    const auto offset = static_cast<std::size_t>(it.base() - line.begin());
                    BOOST_TEST(*kind == t::expected_error_kind(line, offset));
                }
                else {
                    unflagged.push_back(*it);
                }
            }
            BOOST_TEST(unflagged == d.skip[i], tt::per_element());
            BOOST_TEST(flagged == static_cast<std::size_t>(std::ranges::count(d.replace[i], fffd) -
                                                           std::ranges::count(d.skip[i], fffd)));

            // The same backwards.
            code_points unflagged_backwards;
            std::size_t flagged_backwards = 0;
            const auto first = view.begin();
            for (auto it = std::ranges::next(view.begin(), view.end()); it != first;) {
                --it;
                if (const std::optional<u8v::error_kind> kind = it.error()) {
                    ++flagged_backwards;
                    BOOST_TEST(*it == fffd);
                    const auto offset = static_cast<std::size_t>(it.base() - line.begin());
                    BOOST_TEST(*kind == t::expected_error_kind(line, offset), "backwards, at byte " << offset);
                }
                else {
                    unflagged_backwards.push_back(*it);
                }
            }
            std::ranges::reverse(unflagged_backwards);
            BOOST_TEST(unflagged_backwards == d.skip[i], tt::per_element());
            BOOST_TEST(flagged_backwards == flagged);
        }
    }
}

BOOST_AUTO_TEST_CASE(whole_file_split_on_line_feed_matches_lines)
{
    const kuhn_data& d = data();
    const std::string_view text = d.text;
    for (const bool replace : {true, false}) {
        BOOST_TEST_CONTEXT((replace ? "replace" : "skip"))
        {
            const std::vector<code_points>& expected = replace ? d.replace : d.skip;
            const code_points decoded = replace ? decode_forward(text | u8v::views::decode(u8v::on_error::replace))
                                                : decode_forward(text | u8v::views::decode(u8v::on_error::skip));
            const std::vector<code_points> lines = split_on_line_feed(decoded);
            // An empty last line would be dropped by the split; the file's
            // last line is not empty.
            BOOST_TEST_REQUIRE(lines.size() == expected.size());
            for (std::size_t i = 0; i < lines.size(); ++i) BOOST_TEST_CONTEXT("line " << i + 1)
                {
                    BOOST_TEST(lines[i] == expected[i], tt::per_element());
                }
        }
    }
}

BOOST_AUTO_TEST_CASE(whole_file_decodes_alike_over_every_base_category)
{
    const kuhn_data& d = data();
    const bool final_lf = ends_with_line_feed(d.text);
    const code_points replace = join_lines(d.replace, final_lf);
    const code_points skip = join_lines(d.skip, final_lf);
    const char* const first = d.text.data();
    const char* const last = first + d.text.size();
    const std::list<char> list(d.text.begin(), d.text.end());

    BOOST_TEST_CONTEXT("std::string_view")
    {
        const std::string_view text = d.text;
        BOOST_TEST(decode_forward(text | u8v::views::decode) == replace, tt::per_element());
        BOOST_TEST(decode_backward(text | u8v::views::decode) == replace, tt::per_element());
        BOOST_TEST(decode_forward(text | u8v::views::decode(u8v::on_error::skip)) == skip, tt::per_element());
        BOOST_TEST(decode_backward(text | u8v::views::decode(u8v::on_error::skip)) == skip, tt::per_element());
    }
    BOOST_TEST_CONTEXT("std::list<char>")
    {
        BOOST_TEST(decode_forward(list | u8v::views::decode) == replace, tt::per_element());
        BOOST_TEST(decode_backward(list | u8v::views::decode) == replace, tt::per_element());
        BOOST_TEST(decode_forward(list | u8v::views::decode(u8v::on_error::skip)) == skip, tt::per_element());
        BOOST_TEST(decode_backward(list | u8v::views::decode(u8v::on_error::skip)) == skip, tt::per_element());
    }
    BOOST_TEST_CONTEXT("forward archetype with sentinel")
    {
        BOOST_TEST(decode_forward(t::forward_test_range<const char, false>(first, last) | u8v::views::decode) ==
                       replace,
                   tt::per_element());
        BOOST_TEST(decode_forward(t::forward_test_range<const char, false>(first, last) |
                                  u8v::views::decode(u8v::on_error::skip)) == skip,
                   tt::per_element());
    }
    BOOST_TEST_CONTEXT("input archetype with sentinel")
    {
        BOOST_TEST(decode_forward(t::input_test_range<const char, false>(first, last) | u8v::views::decode) == replace,
                   tt::per_element());
        BOOST_TEST(decode_forward(t::input_test_range<const char, false>(first, last) |
                                  u8v::views::decode(u8v::on_error::skip)) == skip,
                   tt::per_element());
    }
}

BOOST_AUTO_TEST_CASE(throw_reports_first_ill_formed_line)
{
    // The whole file with the throw policy stops at the first maximal
    // subpart: its line is the first whose replace and skip decodings
    // differ, and what was decoded before it are the lines above plus the
    // part of that line before it.
    const kuhn_data& d = data();
    std::size_t first_bad_line = 0;
    while (first_bad_line < d.lines.size() &&
           std::ranges::count(d.replace[first_bad_line], fffd) == std::ranges::count(d.skip[first_bad_line], fffd))
        ++first_bad_line;
    BOOST_TEST_REQUIRE(first_bad_line < d.lines.size());

    const std::string_view text = d.text;
    code_points before;
    std::optional<u8v::decode_error> error;
    try {
        auto view = text | u8v::views::decode(u8v::on_error::throw_exception);
        for (auto it = view.begin(); it != view.end(); ++it) before.push_back(*it);
    }
    catch (const u8v::decode_error& e) {
        error = e;
    }
    BOOST_TEST_REQUIRE(error.has_value());
    // The byte offset falls within that line (lines_of removed one LF per line).
    std::size_t line_start = 0;
    for (std::size_t i = 0; i < first_bad_line; ++i) line_start += d.lines[i].size() + 1;
    BOOST_TEST(error->offset() >= line_start);
    BOOST_TEST(error->offset() < line_start + d.lines[first_bad_line].size());
    BOOST_TEST(error->kind() == t::expected_error_kind(text, error->offset()));
    // Decoded before: a prefix of the replace decoding, containing every line
    // above the bad one.
    const code_points replace = join_lines(d.replace, ends_with_line_feed(d.text));
    BOOST_TEST_REQUIRE(before.size() <= replace.size());
    BOOST_TEST(before == code_points(replace.begin(), replace.begin() + static_cast<std::ptrdiff_t>(before.size())),
               tt::per_element());
    BOOST_TEST(static_cast<std::size_t>(std::ranges::count(before, line_feed)) == first_bad_line);
}

BOOST_AUTO_TEST_CASE(error_count_matches_expected_files)
{
    // README: the file decodes to 378 error U+FFFD plus one literal U+FFFD
    // (which skip keeps); computed here from the expected files, so that a
    // regenerated file is still checked.
    const kuhn_data& d = data();
    std::size_t expected_errors = 0;
    for (std::size_t i = 0; i < d.lines.size(); ++i)
        expected_errors +=
            static_cast<std::size_t>(std::ranges::count(d.replace[i], fffd) - std::ranges::count(d.skip[i], fffd));
    BOOST_TEST(expected_errors > 0u);

    const std::string_view text = d.text;
    std::size_t flagged = 0;
    auto view = text | u8v::views::decode;
    for (auto it = view.begin(); it != view.end(); ++it)
        if (it.error()) ++flagged;
    BOOST_TEST(flagged == expected_errors);
}
