// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.

// Every row of test/data/truncate_vectors.tsv, cut with truncate,
// floor/ceil/is_code_point_boundary, truncate_code_points and the suffix
// overload of truncate, over byte ranges of several categories and code
// unit types. utf8view documents the segment rule (doc/reference.md,
// <utf8view/boundary.hpp>: neither a well-formed sequence nor a maximal
// subpart is ever cut), so the
// expected value is the column `expected_len_segment` (test/data/README.md).
// Every expected value is read from the file, or derived from the file
// alone (which limits are boundaries, the least boundary at or above a
// limit), never from utf8view.

#include <utf8view/boundary.hpp>
#define BOOST_TEST_MODULE conformance_truncate_vectors
#include <boost/test/unit_test.hpp>

#include "support/testdata.hpp"
#include "support/print.hpp"
#include "support/random_utf8.hpp"  // size_of
#include "support/test_iterators.hpp"

#include <algorithm>
#include <cstddef>
#include <iterator>
#include <list>
#include <map>
#include <ranges>
#include <set>
#include <span>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace u8v = utf8view;
namespace t = utf8view_test;
using namespace std::string_view_literals;

namespace {

// The file has 266 rows over 32 inputs (test/data/README.md); at least this
// many must be read, so an empty or truncated file fails. New rows are
// tested too.
constexpr std::size_t minimum_rows = 250;
constexpr std::size_t minimum_inputs = 30;
constexpr std::size_t minimum_invalid_rows = 90;

// U+2026 HORIZONTAL ELLIPSIS, E2 80 A6: the suffix of the README's example.
constexpr std::string_view ellipsis = "\xE2\x80\xA6"sv;

using t::size_of;

struct truncate_case {
    std::string id;
    std::size_t line = 0;
    std::string input_hex;  // as written, for messages
    std::string input;      // the bytes
    std::size_t limit = 0;
    std::size_t expected_len = 0;          // byte rule (not utf8view's rule)
    std::size_t expected_len_segment = 0;  // segment rule: what utf8view documents
    std::string category;
};

const std::vector<truncate_case>& cases()
{
    static const std::vector<truncate_case> all = [] {
        std::vector<truncate_case> rows;
        for (const t::tsv_row& row : t::read_tsv("truncate_vectors.tsv")) {
            truncate_case c;
            c.id = row["id"];
            c.line = row.line;
            c.input_hex = row["input"];
            c.input = t::parse_hex_bytes(row["input"]);
            c.limit = std::stoul(row["limit"]);
            c.expected_len = std::stoul(row["expected_len"]);
            c.expected_len_segment = std::stoul(row["expected_len_segment"]);
            c.category = row["category"];
            rows.push_back(std::move(c));
        }
        return rows;
    }();
    return all;
}

// expected_len_segment of every (input, limit) in the file. The README
// promises that each input is listed with every limit from 0 to length+1;
// the test `every_input_has_every_limit` checks that this holds.
const std::map<std::pair<std::string, std::size_t>, std::size_t>& segment_table()
{
    static const auto table = [] {
        std::map<std::pair<std::string, std::size_t>, std::size_t> out;
        for (const truncate_case& c : cases()) out[{c.input, c.limit}] = c.expected_len_segment;
        return out;
    }();
    return table;
}

std::size_t segment_len(const std::string& input, std::size_t limit)
{
    const auto found = segment_table().find({input, limit});
    if (found == segment_table().end())
        throw std::runtime_error("no row for this input at limit " + std::to_string(limit));
    return found->second;
}

// The segment boundaries of an input, from the file alone: byte index b
// (0 <= b <= length) is a boundary exactly when the longest prefix of at
// most b bytes ending on a boundary is b bytes long.
std::set<std::size_t> boundaries_from_file(const std::string& input)
{
    std::set<std::size_t> out;
    for (std::size_t b = 0; b <= input.size(); ++b)
        if (segment_len(input, b) == b) out.insert(b);
    return out;
}

// The least boundary at or above `limit` (the length if `limit` is above it).
std::size_t ceil_from_file(const std::string& input, std::size_t limit)
{
    if (limit >= input.size()) return input.size();
    const std::set<std::size_t> boundaries = boundaries_from_file(input);
    return *boundaries.lower_bound(limit);
}

std::string describe(const truncate_case& c)
{
    std::ostringstream out;
    out << "row " << c.id << " (line " << c.line << "), input [" << c.input_hex << "], limit " << c.limit
        << ", category " << c.category;
    return out.str();
}

// Calls f(name, bytes, prefix_starts_at_begin) for each byte range the
// vectors are cut over. `bytes` is an lvalue (or a borrowed view), so the
// result is a part of it, never std::ranges::dangling;
// prefix_starts_at_begin(result) tells whether a result starts where the
// input starts (it must: it is a prefix).
template <class F>
void for_each_base(const std::string& input, F&& f)
{
    const char* const data = input.data();
    const char* const data_end = data + input.size();

    // Contiguous: string_view -> string_view.
    const std::string_view sv(input);
    f("std::string_view", sv, [&](const std::string_view& r) { return r.data() == data; });

    // span<const unsigned char> -> span.
    std::vector<unsigned char> uchars(input.begin(), input.end());
    const std::span<const unsigned char> span(uchars);
    f("std::span<const unsigned char>", span,
      [&](const std::span<const unsigned char>& r) { return r.data() == uchars.data(); });

    // std::u8string_view -> u8string_view.
    std::u8string u8(input.size(), u8'\0');
    std::ranges::transform(input, u8.begin(), [](char c) { return static_cast<char8_t>(c); });
    const std::u8string_view u8v(u8);
    f("std::u8string_view", u8v, [&](const std::u8string_view& r) { return r.data() == u8.data(); });

    // vector<std::byte> (an lvalue) -> subrange of its iterators.
    std::vector<std::byte> byte_vector(input.size());
    std::ranges::transform(input, byte_vector.begin(), [](char c) { return static_cast<std::byte>(c); });
    f("std::vector<std::byte>", byte_vector, [&](const auto& r) { return r.begin() == byte_vector.begin(); });

    // Bidirectional, not random-access: every index is reached by stepping.
    std::list<char> list(input.begin(), input.end());
    f("std::list<char>", list, [&](const auto& r) { return r.begin() == list.begin(); });

    // Bidirectional archetype with a sentinel (neither common nor sized).
    t::bidirectional_test_range<const char, false> bidirectional(data, data_end);
    f("bidirectional archetype with sentinel", bidirectional, [&](const auto& r) { return r.begin().get() == data; });

    // Random-access archetype, common (hence sized), not contiguous.
    t::random_access_test_range<const char> random_access(data, data_end);
    f("random-access archetype", random_access, [&](const auto& r) { return r.begin().get() == data; });
}

// The result types the doc comment of truncate promises.
static_assert(std::same_as<decltype(u8v::truncate(std::declval<const std::string_view&>(), 1)), std::string_view>);
static_assert(std::same_as<decltype(u8v::truncate(std::declval<const std::u8string_view&>(), 1)), std::u8string_view>);
static_assert(std::same_as<decltype(u8v::truncate(std::declval<const std::span<const unsigned char>&>(), 1)),
                           std::span<const unsigned char>>);
static_assert(std::same_as<decltype(u8v::truncate(std::declval<std::vector<std::byte>&>(), 1)),
                           std::ranges::subrange<std::vector<std::byte>::iterator>>);
static_assert(std::same_as<decltype(u8v::truncate(std::declval<std::list<char>&>(), 1)),
                           std::ranges::subrange<std::list<char>::iterator>>);
static_assert(std::same_as<decltype(u8v::truncate(std::declval<t::bidirectional_test_range<const char, false>&>(), 1)),
                           std::ranges::subrange<t::test_iterator<std::bidirectional_iterator_tag, const char>>>);
static_assert(std::same_as<decltype(u8v::truncate(std::declval<t::random_access_test_range<const char>&>(), 1)),
                           std::ranges::subrange<t::test_iterator<std::random_access_iterator_tag, const char>>>);

}  // namespace

BOOST_AUTO_TEST_CASE(vectors_are_read)
{
    const std::vector<truncate_case>& all = cases();
    BOOST_TEST_REQUIRE(all.size() >= minimum_rows);
    std::set<std::string> inputs;
    for (const truncate_case& c : all) inputs.insert(c.input);
    BOOST_TEST(inputs.size() >= minimum_inputs);
    // Both kinds of input are present, and the rows where the two rules
    // differ (README: 9 of them), so the segment rule is really tested.
    BOOST_TEST(std::ranges::count(all, std::string("invalid"), &truncate_case::category) >=
               static_cast<std::ptrdiff_t>(minimum_invalid_rows));
    BOOST_TEST(std::ranges::count_if(all, [](const truncate_case& c) { return c.category != "invalid"; }) > 0);
    BOOST_TEST(std::ranges::count_if(
                   all, [](const truncate_case& c) { return c.expected_len != c.expected_len_segment; }) >= 9);
}

BOOST_AUTO_TEST_CASE(every_input_has_every_limit)
{
    // The suffix and ceil checks below look rows up by (input, limit); the
    // README promises limits 0..length+1 for each input.
    std::map<std::string, std::set<std::size_t>> limits;
    for (const truncate_case& c : cases()) limits[c.input].insert(c.limit);
    for (const auto& [input, seen] : limits) BOOST_TEST_CONTEXT("input of " << input.size() << " bytes")
        {
            std::set<std::size_t> wanted;
            for (std::size_t limit = 0; limit <= input.size() + 1; ++limit) wanted.insert(limit);
            BOOST_TEST((seen == wanted));
        }
}

BOOST_AUTO_TEST_CASE(valid_rows_agree_with_text_encoder_encode_into)
{
    // For valid text both rules are TextEncoder.encodeInto's `written`
    // (README): this checks the file, and that utf8view's rule is the WHATWG
    // one on valid text (doc/reference.md, <utf8view/boundary.hpp>).
    std::size_t checked = 0;
    for (const truncate_case& c : cases())
        if (c.category != "invalid") BOOST_TEST_CONTEXT(describe(c))
            {
                ++checked;
                BOOST_TEST(c.expected_len == c.expected_len_segment);
            }
    BOOST_TEST(checked >= minimum_rows - minimum_invalid_rows - 10);
}

BOOST_AUTO_TEST_CASE(truncate_matches_every_vector_over_every_base)
{
    std::size_t checked = 0;
    for (const truncate_case& c : cases())
        for_each_base(c.input, [&](std::string_view base, auto& bytes, const auto& starts_at_begin) {
            BOOST_TEST_CONTEXT(describe(c) << ", base " << base)
            {
                ++checked;
                const auto prefix = u8v::truncate(bytes, c.limit);
                static_assert(!std::same_as<std::remove_cvref_t<decltype(prefix)>, std::ranges::dangling>);
                BOOST_TEST(size_of(prefix) == c.expected_len_segment);
                BOOST_TEST(starts_at_begin(prefix));
            }
        });
    BOOST_TEST(checked >= 7 * minimum_rows);
}

BOOST_AUTO_TEST_CASE(floor_ceil_and_is_boundary_match_every_vector)
{
    for (const truncate_case& c : cases())
        for_each_base(c.input, [&](std::string_view base, auto& bytes, const auto&) {
            BOOST_TEST_CONTEXT(describe(c) << ", base " << base)
            {
                BOOST_TEST(u8v::floor_code_point_boundary(bytes, c.limit) == c.expected_len_segment);
                BOOST_TEST(u8v::is_code_point_boundary(bytes, c.expected_len_segment));
                // The limit itself is a boundary exactly when nothing is cut
                // off below it (or when it is at or above the length).
                BOOST_TEST(u8v::is_code_point_boundary(bytes, c.limit) ==
                           (c.expected_len_segment == c.limit || c.limit >= c.input.size()));
                BOOST_TEST(u8v::ceil_code_point_boundary(bytes, c.limit) == ceil_from_file(c.input, c.limit));
            }
        });
}

BOOST_AUTO_TEST_CASE(truncate_code_points_ends_on_the_kth_boundary)
{
    // The boundaries of the file, in order, are where the first k segments
    // end: truncate_code_points(bytes, k) is the prefix up to the k-th
    // boundary after 0, or all of the input.
    std::set<std::string> inputs;
    for (const truncate_case& c : cases()) inputs.insert(c.input);
    for (const std::string& input : inputs) {
        const std::set<std::size_t> boundary_set = boundaries_from_file(input);
        const std::vector<std::size_t> boundaries(boundary_set.begin(), boundary_set.end());  // 0, ..., size
        for_each_base(input, [&](std::string_view base, auto& bytes, const auto& starts_at_begin) {
            for (std::size_t k = 0; k <= boundaries.size(); ++k)
                BOOST_TEST_CONTEXT("input of " << input.size() << " bytes, " << k << " code points, base " << base)
                {
                    const std::size_t expected = k < boundaries.size() ? boundaries[k] : input.size();
                    const auto prefix = u8v::truncate_code_points(bytes, k);
                    BOOST_TEST(size_of(prefix) == expected);
                    BOOST_TEST(starts_at_begin(prefix));
                }
        });
    }
}

BOOST_AUTO_TEST_CASE(suffix_overload_matches_every_vector)
{
    // With the 3-byte suffix "...": a cut input keeps the prefix of the SAME
    // input at limit - 3 (a row of the file) and shows the suffix; an input
    // that fits is kept whole and shows none; below 3 bytes the suffix
    // cannot fit, so the plain cut is made and no suffix is shown.
    std::size_t cut_with_suffix = 0;
    for (const truncate_case& c : cases())
        for_each_base(c.input, [&](std::string_view base, auto& bytes, const auto& starts_at_begin) {
            BOOST_TEST_CONTEXT(describe(c) << ", base " << base)
            {
                const auto result = u8v::truncate(bytes, c.limit, ellipsis);
                static_assert(std::same_as<decltype(result.prefix), decltype(u8v::truncate(bytes, c.limit))>);
                BOOST_TEST(starts_at_begin(result.prefix));
                if (c.limit >= c.input.size()) {
                    BOOST_TEST(size_of(result.prefix) == c.input.size());
                    BOOST_TEST(!result.append_suffix);
                }
                else if (c.limit >= ellipsis.size()) {
                    ++cut_with_suffix;
                    BOOST_TEST(size_of(result.prefix) == segment_len(c.input, c.limit - ellipsis.size()));
                    BOOST_TEST(result.append_suffix);
                }
                else {
                    BOOST_TEST(size_of(result.prefix) == c.expected_len_segment);
                    BOOST_TEST(!result.append_suffix);
                }
            }
        });
    BOOST_TEST(cut_with_suffix >= 100u);
}
