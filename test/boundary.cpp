// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.

#include <utf8view/boundary.hpp>  // first: the header is self-contained

#define BOOST_TEST_MODULE boundary
#include <boost/test/unit_test.hpp>

#include "support/print.hpp"
#include "support/test_iterators.hpp"

#include <utf8view/null_terminated.hpp>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <limits>
#include <list>
#include <ranges>
#include <set>
#include <span>
#include <sstream>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

// Expected values here are derived by hand from Unicode 15.0 ch. 3,
// Table 3-7 (well-formed byte sequences), Table 3-6 (the UTF-8 form of a
// scalar value) and the maximal-subpart rule of §3.9, as doc/reference.md
// applies them to boundaries: a *segment* is a well-formed sequence or one
// maximal subpart, a *boundary* is where a segment starts, or the end. Each
// case says how its segments were derived.

namespace u8v = utf8view;
namespace t = utf8view_test;
using namespace std::string_view_literals;

namespace {

template <class R>
std::size_t size_of(const R& range)
{
    return static_cast<std::size_t>(std::ranges::distance(range));
}

// "Ærø": U+00C6 = C3 86, U+0072 = 72, U+00F8 = C3 B8 (Table 3-6, 2-byte
// form 110xxxxx 10xxxxxx for 0080..07FF). Segments [0,2) [2,3) [3,5);
// boundaries 0, 2, 3, 5. This is the README's seed example (4 -> 3).
constexpr std::string_view aero = "\xC3\x86\x72\xC3\xB8"sv;

// "日本語": U+65E5 = E6 97 A5, U+672C = E6 9C AC, U+8A9E = E8 AA 9E (Table 3-6,
// 3-byte form for 0800..FFFF); boundaries 0, 3, 6, 9.
constexpr std::string_view nihongo = "\xE6\x97\xA5\xE6\x9C\xAC\xE8\xAA\x9E"sv;

// U+2026 HORIZONTAL ELLIPSIS = E2 80 A6.
constexpr std::string_view ellipsis = "\xE2\x80\xA6"sv;

// A hand-derived case: the bytes, and for each limit 0..size+1 the
// expected floor (= truncate's size), ceil, is_boundary, and for each byte
// the start of its segment.
struct hand_case {
    std::string_view name;
    std::string_view bytes;
    std::vector<std::size_t> floor;  // [limit], 0..size+1
    std::vector<std::size_t> ceil;   // [limit], 0..size+1
    std::vector<std::size_t> start;  // [byte], 0..size-1
};

std::vector<hand_case> hand_cases()
{
    return {
        // Ærø (see above). Boundaries {0, 2, 3, 5}.
        {"Aero C3 86 72 C3 B8", aero, {0, 0, 2, 3, 3, 5, 5}, {0, 2, 2, 3, 5, 5, 5}, {0, 0, 2, 3, 3}},
        // E2 82 41: E2 (Table 3-7 row E1..EC) needs 80..BF 80..BF; 82 fits,
        // 41 does not, so E2 82 is one maximal subpart (truncated), then 41.
        // Boundaries {0, 2, 3}: cut to 1 byte it is empty (doc/reference.md).
        {"E2 82 41", "\xE2\x82\x41"sv, {0, 0, 2, 3, 3}, {0, 2, 2, 3, 3}, {0, 0, 2}},
        // F0 9F 98 80 80: F0 (row F0 90..BF 80..BF 80..BF) 9F 98 80 is
        // U+1F600, then a stray 80 (a segment of its own). Boundaries {0, 4, 5}.
        // The 80 at 4 is 4 bytes after the lead: a back-scanner that just
        // looks for a lead byte would put it in the emoji.
        {"F0 9F 98 80 80", "\xF0\x9F\x98\x80\x80"sv, {0, 0, 0, 0, 4, 5, 5}, {0, 4, 4, 4, 4, 5, 5}, {0, 0, 0, 0, 4}},
        // 80 41: a continuation byte where a sequence must start is a
        // segment alone. Boundaries {0, 1, 2}.
        {"lone continuation at 0: 80 41", "\x80\x41"sv, {0, 1, 2, 2}, {0, 1, 2, 2}, {0, 1}},
        // 80 80 80 80 C3: four stray continuation bytes, each its own
        // segment, then C3 truncated by the end. Boundaries {0,1,2,3,4,5}.
        {"80 80 80 80 C3", "\x80\x80\x80\x80\xC3"sv, {0, 1, 2, 3, 4, 5, 5}, {0, 1, 2, 3, 4, 5, 5}, {0, 1, 2, 3, 4}},
        // C3 86 80: U+00C6 then a stray 80 (C3 takes one continuation byte).
        // Boundaries {0, 2, 3}.
        {"C3 86 80", "\xC3\x86\x80"sv, {0, 0, 2, 3, 3}, {0, 2, 2, 3, 3}, {0, 0, 2}},
        // E0 80 80: E0 needs A0..BF next, so E0 alone is a maximal subpart
        // (overlong), and each 80 is one. Boundaries {0, 1, 2, 3}.
        {"E0 80 80", "\xE0\x80\x80"sv, {0, 1, 2, 3, 3}, {0, 1, 2, 3, 3}, {0, 1, 2}},
        // ED A0 80: ED allows only 80..9F next (surrogates): three segments.
        {"ED A0 80", "\xED\xA0\x80"sv, {0, 1, 2, 3, 3}, {0, 1, 2, 3, 3}, {0, 1, 2}},
        // 41 F4 8F BF 42: F4 8F BF is a prefix of F4 80..8F 80..BF 80..BF cut
        // by 42: one 3-byte maximal subpart. Boundaries {0, 1, 4, 5}.
        {"41 F4 8F BF 42", "\x41\xF4\x8F\xBF\x42"sv, {0, 1, 1, 1, 4, 5, 5}, {0, 1, 4, 4, 4, 5, 5}, {0, 1, 1, 1, 4}},
        // F4 90 80 80: F4 allows only 80..8F next: four segments.
        {"F4 90 80 80", "\xF4\x90\x80\x80"sv, {0, 1, 2, 3, 4, 4}, {0, 1, 2, 3, 4, 4}, {0, 1, 2, 3}},
        // C0 AF: C0 never starts a well-formed sequence: two segments.
        {"C0 AF", "\xC0\xAF"sv, {0, 1, 2, 2}, {0, 1, 2, 2}, {0, 1}},
        // Empty input: 0 is the only boundary.
        {"empty", ""sv, {0, 0}, {0, 0}, {}},
    };
}

// Checks every boundary function on one hand case over `bytes` (a range
// over c.bytes) whose iterators at each byte index are `at`.
template <class R, class Its>
void check_hand_case(const hand_case& c, R& bytes, const Its& at)
{
    const std::size_t size = c.bytes.size();
    BOOST_TEST_REQUIRE(c.floor.size() == size + 2);
    BOOST_TEST_REQUIRE(c.ceil.size() == size + 2);
    BOOST_TEST_REQUIRE(c.start.size() == size);
    for (std::size_t n = 0; n <= size + 1; ++n) BOOST_TEST_CONTEXT("limit " << n)
        {
            BOOST_TEST(size_of(u8v::truncate(bytes, n)) == c.floor[n]);
            BOOST_TEST(u8v::floor_code_point_boundary(bytes, n) == c.floor[n]);
            BOOST_TEST(u8v::ceil_code_point_boundary(bytes, n) == c.ceil[n]);
            BOOST_TEST(u8v::is_code_point_boundary(bytes, n) == (c.floor[n] == std::min(n, size)));
        }
    for (std::size_t i = 0; i < size; ++i) BOOST_TEST_CONTEXT("byte " << i)
        {
            BOOST_TEST((u8v::find_code_point_start(at[0], at[i]) == at[c.start[i]]));
        }
}

template <class R>
auto iterators_of(R& range)
{
    std::vector<std::ranges::iterator_t<R>> at;
    auto it = std::ranges::begin(range);
    for (; it != std::ranges::end(range); ++it) at.push_back(it);
    at.push_back(it);
    return at;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(hand_derived_cases)

BOOST_AUTO_TEST_CASE(every_function_on_every_case_over_three_bases)
{
    for (const hand_case& c : hand_cases()) BOOST_TEST_CONTEXT(c.name)
        {
            std::string_view view = c.bytes;
            BOOST_TEST_CONTEXT("std::string_view")
            {
                check_hand_case(c, view, iterators_of(view));
            }
            std::list<char> list(c.bytes.begin(), c.bytes.end());
            BOOST_TEST_CONTEXT("std::list<char>")
            {
                check_hand_case(c, list, iterators_of(list));
            }
            t::bidirectional_test_range<const char, false> archetype(c.bytes.data(), c.bytes.data() + c.bytes.size());
            BOOST_TEST_CONTEXT("bidirectional archetype with sentinel")
            {
                check_hand_case(c, archetype, iterators_of(archetype));
            }
        }
}

BOOST_AUTO_TEST_CASE(aero_cut_to_4_bytes_is_ae_r)
{
    // The README's seed example, spelled out: "Ærø" cut to 4 bytes is "Ær".
    BOOST_TEST(u8v::truncate(aero, 4) == "\xC3\x86\x72"sv);
    BOOST_TEST(u8v::truncate(aero, 4).data() == aero.data());  // a view, not a copy
}

BOOST_AUTO_TEST_CASE(truncate_code_points_counts_segments)
{
    // Segments as derived above; each maximal subpart counts as one.
    BOOST_TEST(u8v::truncate_code_points(aero, 0) == ""sv);
    BOOST_TEST(u8v::truncate_code_points(aero, 1) == "\xC3\x86"sv);
    BOOST_TEST(u8v::truncate_code_points(aero, 2) == "\xC3\x86\x72"sv);
    BOOST_TEST(u8v::truncate_code_points(aero, 3) == aero);
    BOOST_TEST(u8v::truncate_code_points(aero, 4) == aero);
    BOOST_TEST(u8v::truncate_code_points(aero, std::numeric_limits<std::size_t>::max()) == aero);
    // E2 82 | 41
    BOOST_TEST(u8v::truncate_code_points("\xE2\x82\x41"sv, 1) == "\xE2\x82"sv);
    // 41 | F4 8F BF | 42
    BOOST_TEST(u8v::truncate_code_points("\x41\xF4\x8F\xBF\x42"sv, 2) == "\x41\xF4\x8F\xBF"sv);
    // E0 | 80 | 80
    BOOST_TEST(u8v::truncate_code_points("\xE0\x80\x80"sv, 2) == "\xE0\x80"sv);
    // Over a list: the same cut.
    const std::list<char> list(aero.begin(), aero.end());
    BOOST_TEST(size_of(u8v::truncate_code_points(list, 2)) == 3u);
}

BOOST_AUTO_TEST_CASE(trim_incomplete_tail_drops_only_a_sequence_the_end_cut)
{
    struct row {
        std::string_view bytes;
        std::size_t kept;
        std::string_view why;
    };
    const row rows[] = {
        {""sv, 0, "empty"},
        {"ab"sv, 2, "ASCII"},
        {aero, 5, "complete"},
        {"\xF0\x9F\x98\x80"sv, 4, "complete 4-byte U+1F600"},
        {"ab\xC3"sv, 2, "C3 needs one of 80..BF: the next chunk may bring it"},
        {"ab\xE2\x82"sv, 2, "E2 82 is a prefix of E2 80..BF 80..BF"},
        {"ab\xF0\x9F\x98"sv, 2, "F0 9F 98 is a prefix of F0 90..BF 80..BF 80..BF"},
        {"ab\xE0"sv, 2, "E0 is a prefix of E0 A0..BF 80..BF"},
        {"ab\xF4\x8F"sv, 2, "F4 8F is a prefix of F4 80..8F 80..BF 80..BF"},
        {"\xE2\x82"sv, 0, "the whole input is an incomplete sequence"},
        {"\xC3\x41\xE2"sv, 2, "C3 41: an error already broken by 41 stays; E2 goes"},
        {"ab\xE0\x80"sv, 4, "E0 80: E0 needs A0..BF, nothing can complete it (overlong)"},
        {"ab\xED\xA0"sv, 4, "ED A0: a surrogate, nothing can complete it"},
        {"ab\xF4\x90"sv, 4, "F4 90: above U+10FFFF"},
        {"ab\xC0"sv, 3, "C0 never starts a well-formed sequence"},
        {"ab\xF5"sv, 3, "F5: above U+10FFFF"},
        {"ab\xFF"sv, 3, "FF: never UTF-8"},
        {"ab\x80"sv, 3, "a stray 80"},
        {"\xF0\x9F\x98\x80\x80"sv, 5, "U+1F600 then a stray 80: the 80 is no part of the emoji"},
        {"\xE2\x82\xAC\x82\xAC"sv, 5, "euro sign then stray 82 AC"},
    };
    for (const row& r : rows) BOOST_TEST_CONTEXT(r.why)
        {
            const std::string_view kept = u8v::trim_incomplete_tail(r.bytes);
            BOOST_TEST(kept.size() == r.kept);
            BOOST_TEST(kept.data() == r.bytes.data());
            std::list<char> list(r.bytes.begin(), r.bytes.end());
            BOOST_TEST(size_of(u8v::trim_incomplete_tail(list)) == r.kept);
            t::bidirectional_test_range<const char, false> archetype(r.bytes.data(), r.bytes.data() + r.bytes.size());
            BOOST_TEST(size_of(u8v::trim_incomplete_tail(archetype)) == r.kept);
        }
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(never_before_begin)

BOOST_AUTO_TEST_CASE(a_range_that_starts_with_continuation_bytes)
{
    // The buffer holds U+1F600 (F0 9F 98 80), but the range starts after F0:
    // 9F 98 80 are three stray continuation bytes (three segments,
    // boundaries 0, 1, 2, 3). Reading the F0 before the range would give
    // other answers (0 for every byte), and the counts show no step back
    // past the first byte.
    const std::string buffer = "\xF0\x9F\x98\x80";
    const std::string_view range = std::string_view(buffer).substr(1);
    t::access_counts counts;
    const auto bytes = t::counted(range, counts);
    for (std::size_t i = 0; i < range.size(); ++i) BOOST_TEST_CONTEXT("byte " << i)
        {
            const auto position = std::ranges::next(bytes.begin(), static_cast<std::ptrdiff_t>(i));
            counts.reset();
            BOOST_TEST((u8v::find_code_point_start(bytes.begin(), position) == position));
            BOOST_TEST(counts.decrements <= i);  // never stepped before begin
            BOOST_TEST(counts.dereferences <= i + 1);
            BOOST_TEST(u8v::floor_code_point_boundary(bytes, i) == i);
            BOOST_TEST(u8v::ceil_code_point_boundary(bytes, i) == i);
            BOOST_TEST(u8v::is_code_point_boundary(bytes, i));
            BOOST_TEST(size_of(u8v::truncate(bytes, i)) == i);
        }
    counts.reset();
    BOOST_TEST(size_of(u8v::trim_incomplete_tail(bytes)) == 3u);  // the last segment, 80, is complete
    BOOST_TEST(counts.decrements <= 3u);  // from the end (3) back to 0 at most

    // Position 0 itself: one read, no step.
    counts.reset();
    BOOST_TEST((u8v::find_code_point_start(bytes.begin(), bytes.begin()) == bytes.begin()));
    BOOST_TEST(counts.decrements == 0u);
    BOOST_TEST(counts.dereferences == 1u);
}

BOOST_AUTO_TEST_CASE(lone_continuation_at_position_0_of_a_whole_buffer)
{
    // A heap buffer whose first byte is a continuation byte (under
    // AddressSanitizer a read before it is reported).
    const std::vector<char> buffer = {'\x80', '\x80', '\x80', '\x41'};
    t::access_counts counts;
    const auto bytes = t::counted(buffer, counts);
    for (std::size_t i = 0; i < 3; ++i) {
        const auto position = std::ranges::next(bytes.begin(), static_cast<std::ptrdiff_t>(i));
        counts.reset();
        BOOST_TEST((u8v::find_code_point_start(bytes.begin(), position) == position));
        BOOST_TEST(counts.decrements <= i);
    }
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(result_types)

// The doc comment of truncate: a string_view for a string or string view,
// a span for a span, a subrange of the iterators otherwise, dangling for an
// rvalue that is not a borrowed range. truncate_code_points and
// trim_incomplete_tail return "a part of bytes, as for truncate".
template <class R, class Expected>
constexpr bool returns()
{
    static_assert(std::same_as<decltype(u8v::truncate(std::declval<R>(), 1)), Expected>);
    static_assert(std::same_as<decltype(u8v::truncate_code_points(std::declval<R>(), 1)), Expected>);
    static_assert(std::same_as<decltype(u8v::trim_incomplete_tail(std::declval<R>())), Expected>);
    static_assert(std::same_as<decltype(u8v::truncate(std::declval<R>(), 1, ellipsis)), u8v::truncation<Expected>>);
    static_assert(std::same_as<decltype(u8v::floor_code_point_boundary(std::declval<R>(), 1)), std::size_t>);
    static_assert(std::same_as<decltype(u8v::ceil_code_point_boundary(std::declval<R>(), 1)), std::size_t>);
    static_assert(std::same_as<decltype(u8v::is_code_point_boundary(std::declval<R>(), 1)), bool>);
    return true;
}

static_assert(returns<std::string_view&, std::string_view>());
static_assert(returns<std::string_view, std::string_view>());  // borrowed: an rvalue view is fine
static_assert(returns<const std::u8string_view&, std::u8string_view>());
static_assert(returns<std::string&, std::string_view>());
static_assert(returns<const std::string&, std::string_view>());
static_assert(returns<std::string, std::ranges::dangling>());  // an rvalue string
static_assert(returns<std::u8string&, std::u8string_view>());
static_assert(returns<std::span<const unsigned char>, std::span<const unsigned char>>());
static_assert(returns<std::span<unsigned char, 5>&, std::span<unsigned char>>());
static_assert(returns<std::span<const std::byte>, std::span<const std::byte>>());
static_assert(returns<std::list<char>&, std::ranges::subrange<std::list<char>::iterator>>());
static_assert(returns<const std::list<char>&, std::ranges::subrange<std::list<char>::const_iterator>>());
static_assert(returns<std::list<char>, std::ranges::dangling>());
static_assert(returns<std::vector<std::byte>&, std::ranges::subrange<std::vector<std::byte>::iterator>>());
static_assert(returns<std::vector<std::byte>, std::ranges::dangling>());

BOOST_AUTO_TEST_CASE(results_are_parts_of_the_input)
{
    std::string owned(aero);
    const std::string_view from_string = u8v::truncate(owned, 4);
    BOOST_TEST(static_cast<const void*>(from_string.data()) == static_cast<const void*>(owned.data()));
    BOOST_TEST(from_string.size() == 3u);

    const std::array<unsigned char, 5> raw = {0xC3, 0x86, 0x72, 0xC3, 0xB8};
    const std::span<const unsigned char> span(raw);
    const std::span<const unsigned char> from_span = u8v::truncate(span, 4);
    BOOST_TEST(from_span.data() == raw.data());
    BOOST_TEST(from_span.size() == 3u);

    std::list<char> list(aero.begin(), aero.end());
    const auto from_list = u8v::truncate(list, 4);
    BOOST_TEST((from_list.begin() == list.begin()));
    BOOST_TEST((from_list.end() == std::next(list.begin(), 3)));
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(clamping)

BOOST_AUTO_TEST_CASE(limits_above_the_size_are_the_size)
{
    // "values above the size are clamped to it": 5 is the size of "Ærø".
    constexpr std::size_t max = std::numeric_limits<std::size_t>::max();
    constexpr auto ptrdiff_max = static_cast<std::size_t>(std::numeric_limits<std::ptrdiff_t>::max());
    std::list<char> list(aero.begin(), aero.end());
    for (const std::size_t n : {std::size_t{5}, std::size_t{6}, std::size_t{1000}, ptrdiff_max - 1, ptrdiff_max})
        BOOST_TEST_CONTEXT("limit " << n)
        {
            BOOST_TEST(u8v::truncate(aero, n) == aero);
            BOOST_TEST(u8v::floor_code_point_boundary(aero, n) == 5u);
            BOOST_TEST(u8v::ceil_code_point_boundary(aero, n) == 5u);
            BOOST_TEST(u8v::is_code_point_boundary(aero, n));
            BOOST_TEST(size_of(u8v::truncate(list, n)) == 5u);
            BOOST_TEST(u8v::floor_code_point_boundary(list, n) == 5u);
            BOOST_TEST(u8v::ceil_code_point_boundary(list, n) == 5u);
            BOOST_TEST(u8v::is_code_point_boundary(list, n));
            const auto cut = u8v::truncate(aero, n, ellipsis);
            BOOST_TEST(cut.prefix == aero);
            BOOST_TEST(!cut.append_suffix);
        }
    BOOST_TEST(u8v::truncate_code_points(aero, max) == aero);
}

BOOST_AUTO_TEST_CASE(indexes_above_ptrdiff_max_are_clamped_too)
{
    // The same promise for the largest std::size_t values (a caller may pass
    // SIZE_MAX for "no limit"). They are above the difference type's range.
    constexpr std::size_t max = std::numeric_limits<std::size_t>::max();
    constexpr auto ptrdiff_max = static_cast<std::size_t>(std::numeric_limits<std::ptrdiff_t>::max());
    std::list<char> list(aero.begin(), aero.end());
    for (const std::size_t n : {ptrdiff_max + 1, max - 1, max}) BOOST_TEST_CONTEXT("limit " << n)
        {
            BOOST_TEST(u8v::truncate(aero, n) == aero);
            BOOST_TEST(u8v::floor_code_point_boundary(aero, n) == 5u);
            BOOST_TEST(u8v::ceil_code_point_boundary(aero, n) == 5u);
            BOOST_TEST(u8v::is_code_point_boundary(aero, n));
            BOOST_TEST(size_of(u8v::truncate(list, n)) == 5u);
            BOOST_TEST(u8v::floor_code_point_boundary(list, n) == 5u);
            BOOST_TEST(u8v::ceil_code_point_boundary(list, n) == 5u);
            const auto cut = u8v::truncate(aero, n, ellipsis);
            BOOST_TEST(cut.prefix == aero);
            BOOST_TEST(!cut.append_suffix);
        }
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(suffix)

BOOST_AUTO_TEST_CASE(fits_cut_with_suffix_and_suffix_too_long)
{
    // 日本語 (boundaries 0, 3, 6, 9) with "…" (3 bytes).
    struct row {
        std::size_t max_bytes;
        std::string_view prefix;
        bool append_suffix;
        std::string_view why;
    };
    const row rows[] = {
        {9, nihongo, false, "fits exactly"},
        {100, nihongo, false, "fits"},
        {8, "\xE6\x97\xA5"sv, true, "cut: 8 - 3 = 5 bytes, floor 3"},
        {6, "\xE6\x97\xA5"sv, true, "cut: 6 - 3 = 3 bytes"},
        {5, ""sv, true, "cut: 5 - 3 = 2 bytes, floor 0: the suffix alone"},
        {3, ""sv, true, "the suffix fills max_bytes"},
        {2, ""sv, false, "the suffix is longer than max_bytes: plain cut to 2, floor 0"},
        {0, ""sv, false, "nothing fits"},
    };
    for (const row& r : rows) BOOST_TEST_CONTEXT(r.why << " (max_bytes " << r.max_bytes << ")")
        {
            const u8v::truncation<std::string_view> cut = u8v::truncate(nihongo, r.max_bytes, ellipsis);
            BOOST_TEST(cut.prefix == r.prefix);
            BOOST_TEST(cut.prefix.data() == nihongo.data());
            BOOST_TEST(cut.append_suffix == r.append_suffix);
            if (cut.append_suffix) BOOST_TEST(cut.prefix.size() + ellipsis.size() <= r.max_bytes);
        }
}

BOOST_AUTO_TEST_CASE(suffix_longer_than_max_bytes_still_cuts)
{
    // "Ærø" to 2 bytes with a 3-byte suffix: no room for it, so the plain
    // cut "Æ" (2 bytes), and no suffix.
    const auto cut = u8v::truncate(aero, 2, ellipsis);
    BOOST_TEST(cut.prefix == "\xC3\x86"sv);
    BOOST_TEST(!cut.append_suffix);
    // 4 bytes, 3-byte suffix: 1 byte left, inside Æ: an empty prefix, and the suffix.
    const auto cut4 = u8v::truncate(aero, 4, ellipsis);
    BOOST_TEST(cut4.prefix == ""sv);
    BOOST_TEST(cut4.append_suffix);
}

BOOST_AUTO_TEST_CASE(only_the_suffix_size_matters)
{
    // Any sized range; its bytes are not read (they need not be UTF-8).
    const std::array<char, 3> three = {'\xFF', '\xFF', '\xFF'};
    const std::vector<int> five = {1, 2, 3, 4, 5};
    BOOST_TEST(u8v::truncate(nihongo, 8, three).prefix == "\xE6\x97\xA5"sv);
    BOOST_TEST(u8v::truncate(nihongo, 8, five).prefix == "\xE6\x97\xA5"sv);  // 8 - 5 = 3
    BOOST_TEST(u8v::truncate(nihongo, 7, five).prefix == ""sv);              // 7 - 5 = 2
    BOOST_TEST(u8v::truncate(nihongo, 7, five).append_suffix);
    // An empty suffix: the plain cut.
    const auto empty = u8v::truncate(nihongo, 7, ""sv);
    BOOST_TEST(empty.prefix == "\xE6\x97\xA5\xE6\x9C\xAC"sv);
    // Over a list.
    std::list<char> list(nihongo.begin(), nihongo.end());
    const auto from_list = u8v::truncate(list, 8, ellipsis);
    BOOST_TEST(size_of(from_list.prefix) == 3u);
    BOOST_TEST(from_list.append_suffix);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(null_terminated_input)

BOOST_AUTO_TEST_CASE(cuts_a_c_string_without_reading_past_its_nul)
{
    // "Ærø" then the NUL; and "ab E2 82": a sequence cut by the NUL.
    const char aero_c[] = "\xC3\x86\x72\xC3\xB8";
    const auto bytes = u8v::null_terminated(aero_c);
    static_assert(std::same_as<decltype(u8v::truncate(bytes, 4)), std::ranges::subrange<const char*>>);
    BOOST_TEST(size_of(u8v::truncate(bytes, 4)) == 3u);
    BOOST_TEST(size_of(u8v::truncate(bytes, 100)) == 5u);
    BOOST_TEST(u8v::floor_code_point_boundary(bytes, 1) == 0u);
    BOOST_TEST(u8v::floor_code_point_boundary(bytes, 100) == 5u);
    BOOST_TEST(u8v::ceil_code_point_boundary(bytes, 4) == 5u);
    BOOST_TEST(u8v::ceil_code_point_boundary(bytes, 100) == 5u);
    BOOST_TEST(u8v::is_code_point_boundary(bytes, 3));
    BOOST_TEST(!u8v::is_code_point_boundary(bytes, 4));
    BOOST_TEST(size_of(u8v::truncate_code_points(bytes, 2)) == 3u);
    BOOST_TEST(size_of(u8v::truncate_code_points(bytes, 10)) == 5u);
    BOOST_TEST(size_of(u8v::trim_incomplete_tail(bytes)) == 5u);
    const auto cut = u8v::truncate(bytes, 4, ellipsis);
    BOOST_TEST(size_of(cut.prefix) == 0u);
    BOOST_TEST(cut.append_suffix);

    const char cut_c[] = "ab\xE2\x82";
    BOOST_TEST(size_of(u8v::trim_incomplete_tail(u8v::null_terminated(cut_c))) == 2u);
    BOOST_TEST(size_of(u8v::truncate(u8v::null_terminated(cut_c), 3)) == 2u);
    BOOST_TEST(u8v::ceil_code_point_boundary(u8v::null_terminated(cut_c), 3) == 4u);
    BOOST_TEST(size_of(u8v::trim_incomplete_tail(u8v::null_terminated(""))) == 0u);
}

BOOST_AUTO_TEST_SUITE_END()

// ---------------------------------------------------------------------------
// Constant evaluation: each function in a constant expression.

namespace {
constexpr bool cuts_at_compile_time()
{
    // Expected values as derived above.
    if (u8v::truncate(aero, 4) != "\xC3\x86\x72"sv) return false;
    if (u8v::truncate("\xE2\x82\x41"sv, 1) != ""sv) return false;
    if (u8v::truncate("\xF0\x9F\x98\x80\x80"sv, 3) != ""sv) return false;
    if (u8v::truncate("\xF0\x9F\x98\x80\x80"sv, 5).size() != 5) return false;
    if (u8v::floor_code_point_boundary(aero, 1) != 0) return false;
    if (u8v::ceil_code_point_boundary(aero, 4) != 5) return false;
    if (!u8v::is_code_point_boundary(aero, 3) || u8v::is_code_point_boundary(aero, 4)) return false;
    if (u8v::find_code_point_start(aero.begin(), aero.begin() + 4) != aero.begin() + 3) return false;
    if (u8v::truncate_code_points(aero, 2) != "\xC3\x86\x72"sv) return false;
    if (u8v::trim_incomplete_tail("ab\xE2\x82"sv) != "ab"sv) return false;
    if (u8v::trim_incomplete_tail("ab\xE0\x80"sv).size() != 4) return false;
    const auto cut = u8v::truncate(nihongo, 8, ellipsis);
    if (cut.prefix != "\xE6\x97\xA5"sv || !cut.append_suffix) return false;
    // Over a non-contiguous byte type and a bidirectional archetype.
    constexpr std::array<std::byte, 5> raw = {std::byte{0xC3}, std::byte{0x86}, std::byte{0x72}, std::byte{0xC3},
                                              std::byte{0xB8}};
    if (std::ranges::distance(u8v::truncate(raw, 4)) != 3) return false;
    t::bidirectional_test_range<const std::byte, false> archetype(raw.data(), raw.data() + raw.size());
    if (std::ranges::distance(u8v::truncate(archetype, 4)) != 3) return false;
    if (u8v::ceil_code_point_boundary(archetype, 1) != 2) return false;
    return true;
}
static_assert(cuts_at_compile_time());
}  // namespace

BOOST_AUTO_TEST_CASE(cuts_in_constant_expressions_and_at_run_time)
{
    BOOST_TEST(cuts_at_compile_time());
}

// ---------------------------------------------------------------------------
// O(1): on a random-access range with a sized sentinel, the cost does not
// depend on where the cut is nor on the size of the input. Measured with
// counting iterators over 1 MiB of text; a recorder also notes which byte
// indexes are read, to check that they lie within the few bytes around the
// cut that the doc comments name.

BOOST_AUTO_TEST_SUITE(constant_time)

namespace {

// "Ærø 日本 😀 ", 18 bytes: C3 86 | 72 | C3 B8 | 20 | E6 97 A5 | E6 9C AC | 20 |
// F0 9F 98 80 | 20 (Table 3-6: U+00C6, U+00F8 2 bytes; U+65E5, U+672C 3
// bytes; U+1F600 4 bytes). Boundaries at these offsets in each repeat:
constexpr std::string_view period = "\xC3\x86\x72\xC3\xB8\x20\xE6\x97\xA5\xE6\x9C\xAC\x20\xF0\x9F\x98\x80\x20"sv;
constexpr std::array<std::size_t, 9> period_boundaries = {0, 2, 3, 5, 6, 9, 12, 13, 17};

// 58255 repeats (it ends on a boundary). Built at run time, in a local:
// GCC would try, and fail, to constant-initialize a static std::string
// with it, slowly.
std::string mebibyte_of_text()
{
    std::string out;
    while (out.size() < (std::size_t{1} << 20)) out += period;
    return out;
}

bool is_boundary_at(std::size_t n, std::size_t size)
{
    return n >= size || std::ranges::find(period_boundaries, n % period.size()) != period_boundaries.end();
}
std::size_t expected_floor(std::size_t n, std::size_t size)
{
    n = std::min(n, size);
    while (!is_boundary_at(n, size)) --n;
    return n;
}
std::size_t expected_ceil(std::size_t n, std::size_t size)
{
    n = std::min(n, size);
    while (!is_boundary_at(n, size)) ++n;
    return n;
}

// Records the index of each byte read; returns it unchanged.
struct recorder {
    std::vector<std::size_t>* reads;
    const char* origin;
    char operator()(const char& byte) const
    {
        reads->push_back(static_cast<std::size_t>(&byte - origin));
        return byte;
    }
};

// The limits tried: the start, the end, and a spread through the middle
// that meets every offset of the period.
std::vector<std::size_t> limits(std::size_t size)
{
    std::vector<std::size_t> out;
    for (std::size_t n = 0; n < 40; ++n) out.push_back(n);
    for (std::size_t n = 0; n < 1000; ++n) out.push_back(size / 3 + n * 577);
    for (std::size_t n = size - 40; n <= size + 2; ++n) out.push_back(n);
    return out;
}

struct measured {
    t::access_counts counts;
    std::vector<std::size_t> reads;  // byte indexes, in order
    std::size_t distinct() const { return std::set<std::size_t>(reads.begin(), reads.end()).size(); }
    bool reads_within(std::size_t low, std::size_t high) const  // [low, high]
    {
        return std::ranges::all_of(reads, [&](std::size_t i) { return i >= low && i <= high; });
    }
};

std::string describe(const measured& m)
{
    std::ostringstream out;
    out << m.counts.dereferences << " dereferences, " << m.counts.increments << " increments, " << m.counts.decrements
        << " decrements, " << m.counts.jumps << " jumps; bytes read:";
    for (std::size_t i : m.reads) out << " " << i;
    return out.str();
}

// The largest counts seen, for the message of each test.
struct maxima {
    std::size_t dereferences = 0, increments = 0, decrements = 0, jumps = 0, distinct = 0;
    void add(const measured& m)
    {
        dereferences = std::max(dereferences, m.counts.dereferences);
        increments = std::max(increments, m.counts.increments);
        decrements = std::max(decrements, m.counts.decrements);
        jumps = std::max(jumps, m.counts.jumps);
        distinct = std::max(distinct, m.distinct());
    }
};
std::ostream& operator<<(std::ostream& out, const maxima& m)
{
    return out << "at most " << m.dereferences << " dereferences (" << m.distinct << " distinct bytes), "
               << m.increments << " increments, " << m.decrements << " decrements, " << m.jumps << " jumps";
}

// Runs f(bytes, m) over a counted, recorded view of the mebibyte, with the
// counts and the reads cleared just before the call.
template <class F>
void over_mebibyte(F&& f)
{
    const std::string text = mebibyte_of_text();
    measured m;
    const auto recorded = std::string_view(text) | std::views::transform(recorder{&m.reads, text.data()});
    const auto bytes = t::counted(recorded, m.counts);
    static_assert(std::ranges::random_access_range<decltype(bytes)>);
    using bytes_type = decltype(bytes);
    static_assert(std::sized_sentinel_for<std::ranges::sentinel_t<bytes_type>, std::ranges::iterator_t<bytes_type>>);
    static_assert(!std::ranges::contiguous_range<decltype(bytes)>);  // no read escapes the count
    f(bytes, m);
}

}  // namespace

BOOST_AUTO_TEST_CASE(truncate_reads_at_most_the_4_bytes_at_and_before_the_cut)
{
    // Doc: "reads at most 4 bytes, the one at max_bytes and up to 3 before
    // it; none if bytes already fits". Asserted per call: at most 4
    // dereferences, all in [n - 3, n]; no increment (nothing is walked
    // forwards: the cut is reached by one jump); at most 3 decrements (the
    // 3 steps back); at most 2 jumps (a constant: reaching n is one).
    over_mebibyte([](const auto& bytes, measured& m) {
        const std::size_t size = size_of(bytes);
        maxima most;
        std::ostringstream problem;
        for (const std::size_t n : limits(size)) {
            m.counts.reset();
            m.reads.clear();
            const auto prefix = u8v::truncate(bytes, n);
            const measured seen = m;
            most.add(seen);
            const std::size_t got = static_cast<std::size_t>(prefix.end() - bytes.begin());
            if (got != expected_floor(n, size)) problem << "truncate(" << n << ") = " << got << "; ";
            const bool ok = n >= size ? seen.counts.dereferences == 0 && seen.counts.decrements == 0
                                      : seen.counts.dereferences <= 4 && seen.reads_within(n < 3 ? 0 : n - 3, n) &&
                                            seen.counts.decrements <= 3;
            if (!ok || seen.counts.increments != 0 || seen.counts.jumps > 2)
                problem << "truncate(" << n << "): " << describe(seen) << "; ";
            if (problem.str().size() > 2000) break;
        }
        BOOST_TEST(problem.str().empty(), problem.str());
        BOOST_TEST_MESSAGE("truncate: " << most);
    });
}

BOOST_AUTO_TEST_CASE(truncate_with_a_suffix_is_as_cheap)
{
    // Doc: "Complexity as truncate": at most 4 dereferences, within
    // [n - 3 - 3, n] (the cut is at n - 3 for the 3-byte suffix), no increment.
    over_mebibyte([](const auto& bytes, measured& m) {
        const std::size_t size = size_of(bytes);
        maxima most;
        std::ostringstream problem;
        for (const std::size_t n : limits(size)) {
            m.counts.reset();
            m.reads.clear();
            const auto cut = u8v::truncate(bytes, n, ellipsis);
            const measured seen = m;
            most.add(seen);
            const std::size_t got = static_cast<std::size_t>(cut.prefix.end() - bytes.begin());
            const std::size_t expected =
                n >= size ? size : (n >= 3 ? expected_floor(n - 3, size) : expected_floor(n, size));
            if (got != expected || cut.append_suffix != (n < size && n >= 3))
                problem << "truncate(" << n << ", ...) = " << got << "; ";
            if (seen.counts.dereferences > 4 || seen.counts.increments != 0 || seen.counts.decrements > 3 ||
                seen.counts.jumps > 4 || !seen.reads_within(n < 6 ? 0 : n - 6, n))
                problem << "truncate(" << n << ", ...): " << describe(seen) << "; ";
            if (problem.str().size() > 2000) break;
        }
        BOOST_TEST(problem.str().empty(), problem.str());
        BOOST_TEST_MESSAGE("truncate with a suffix: " << most);
    });
}

BOOST_AUTO_TEST_CASE(find_code_point_start_reads_each_of_at_most_4_bytes_once)
{
    // Doc: "reads at most 4 bytes (position and up to 3 before it), each
    // once, never before first". Asserted: at most 4 dereferences, as many as
    // distinct bytes read, all in [p - 3, p]; no increment, no jump; at most
    // 3 decrements.
    over_mebibyte([](const auto& bytes, measured& m) {
        const std::size_t size = size_of(bytes);
        maxima most;
        std::ostringstream problem;
        for (const std::size_t p : limits(size)) {
            if (p >= size) continue;
            const auto position = bytes.begin() + static_cast<std::ptrdiff_t>(p);
            m.counts.reset();
            m.reads.clear();
            const auto start = u8v::find_code_point_start(bytes.begin(), position);
            const measured seen = m;
            most.add(seen);
            const std::size_t got = static_cast<std::size_t>(start - bytes.begin());
            if (got != expected_floor(p, size)) problem << "find_code_point_start(" << p << ") = " << got << "; ";
            if (seen.counts.dereferences > 4 || seen.distinct() != seen.counts.dereferences ||
                !seen.reads_within(p < 3 ? 0 : p - 3, p) || seen.counts.increments != 0 || seen.counts.decrements > 3 ||
                seen.counts.jumps != 0)
                problem << "find_code_point_start(" << p << "): " << describe(seen) << "; ";
            if (problem.str().size() > 2000) break;
        }
        BOOST_TEST(problem.str().empty(), problem.str());
        BOOST_TEST_MESSAGE("find_code_point_start: " << most);
    });
}

BOOST_AUTO_TEST_CASE(floor_and_is_boundary_read_at_most_4_bytes)
{
    // Doc: floor "reads at most 4 bytes"; is_code_point_boundary "as floor".
    // Asserted as for truncate (jumps: at most 4, a constant).
    over_mebibyte([](const auto& bytes, measured& m) {
        const std::size_t size = size_of(bytes);
        maxima floor_most;
        maxima is_most;
        std::ostringstream problem;
        for (const std::size_t n : limits(size)) {
            m.counts.reset();
            m.reads.clear();
            const std::size_t floor = u8v::floor_code_point_boundary(bytes, n);
            const measured floor_seen = m;
            floor_most.add(floor_seen);
            m.counts.reset();
            m.reads.clear();
            const bool is = u8v::is_code_point_boundary(bytes, n);
            const measured is_seen = m;
            is_most.add(is_seen);
            if (floor != expected_floor(n, size)) problem << "floor(" << n << ") = " << floor << "; ";
            if (is != is_boundary_at(n, size)) problem << "is_code_point_boundary(" << n << ") = " << is << "; ";
            for (const measured* seen : {&floor_seen, &is_seen})
                if (seen->counts.dereferences > 4 || seen->counts.increments != 0 || seen->counts.decrements > 3 ||
                    seen->counts.jumps > 4 || !seen->reads_within(n < 3 ? 0 : n - 3, n))
                    problem << (seen == &floor_seen ? "floor(" : "is_code_point_boundary(") << n
                            << "): " << describe(*seen) << "; ";
            if (problem.str().size() > 2000) break;
        }
        BOOST_TEST(problem.str().empty(), problem.str());
        BOOST_TEST_MESSAGE("floor_code_point_boundary: " << floor_most);
        BOOST_TEST_MESSAGE("is_code_point_boundary: " << is_most);
    });
}

BOOST_AUTO_TEST_CASE(ceil_reads_at_most_8_bytes)
{
    // Doc: "reads at most 4 bytes up to index, and for an ill-formed segment
    // at most 4 more, forwards". Asserted: at most 8 dereferences, all in
    // [n - 3, n + 3] (back to the segment's start, forwards over a segment
    // of at most 4 bytes, or a maximal subpart of at most 3 and the byte
    // that breaks it); at most 4 increments and 3 decrements; at most 4 jumps.
    over_mebibyte([](const auto& bytes, measured& m) {
        const std::size_t size = size_of(bytes);
        maxima most;
        std::ostringstream problem;
        for (const std::size_t n : limits(size)) {
            m.counts.reset();
            m.reads.clear();
            const std::size_t ceil = u8v::ceil_code_point_boundary(bytes, n);
            const measured seen = m;
            most.add(seen);
            if (ceil != expected_ceil(n, size)) problem << "ceil(" << n << ") = " << ceil << "; ";
            if (seen.counts.dereferences > 8 || seen.counts.increments > 4 || seen.counts.decrements > 3 ||
                seen.counts.jumps > 4 || !seen.reads_within(n < 3 ? 0 : n - 3, n + 3))
                problem << "ceil(" << n << "): " << describe(seen) << "; ";
            if (problem.str().size() > 2000) break;
        }
        BOOST_TEST(problem.str().empty(), problem.str());
        BOOST_TEST_MESSAGE("ceil_code_point_boundary: " << most);
    });
}

BOOST_AUTO_TEST_CASE(trim_incomplete_tail_reads_at_most_the_last_4_bytes)
{
    // Doc: "reads at most the last 4 bytes, each once". Cut the mebibyte at
    // many ends e (the subrange [0, e), a random-access range with a sized
    // sentinel): trim keeps the greatest boundary <= e, since every cut
    // inside valid text leaves a truncated sequence. Asserted: at most 4
    // dereferences, each of a distinct byte, all in [e - 4, e - 1]; at most
    // 4 decrements (to the last byte, then 3 back) and 4 increments; at
    // most 4 jumps.
    over_mebibyte([](const auto& whole, measured& m) {
        const std::size_t size = size_of(whole);
        maxima most;
        std::ostringstream problem;
        for (const std::size_t e : limits(size)) {
            if (e > size) continue;
            const std::ranges::subrange bytes(whole.begin(), whole.begin() + static_cast<std::ptrdiff_t>(e));
            m.counts.reset();
            m.reads.clear();
            const auto kept = u8v::trim_incomplete_tail(bytes);
            const measured seen = m;
            most.add(seen);
            const std::size_t got = static_cast<std::size_t>(kept.end() - whole.begin());
            if (got != expected_floor(e, size)) problem << "trim_incomplete_tail([0, " << e << ")) = " << got << "; ";
            if (seen.counts.dereferences > 4 || seen.distinct() != seen.counts.dereferences ||
                !seen.reads_within(e < 4 ? 0 : e - 4, e == 0 ? 0 : e - 1) || seen.counts.decrements > 4 ||
                seen.counts.increments > 4 || seen.counts.jumps > 4)
                problem << "trim_incomplete_tail([0, " << e << ")): " << describe(seen) << "; ";
            if (problem.str().size() > 2000) break;
        }
        BOOST_TEST(problem.str().empty(), problem.str());
        BOOST_TEST_MESSAGE("trim_incomplete_tail: " << most);
    });
}

BOOST_AUTO_TEST_CASE(truncate_code_points_reads_only_what_it_keeps)
{
    // Doc: "O(code_point_count): reads each kept byte once, plus at most one
    // more per segment". Asserted: dereferences <= kept bytes + k, all in
    // [0, kept]; increments == kept bytes; no decrement.
    over_mebibyte([](const auto& bytes, measured& m) {
        std::ostringstream problem;
        for (std::size_t k = 0; k <= 200; ++k) {
            m.counts.reset();
            m.reads.clear();
            const auto prefix = u8v::truncate_code_points(bytes, k);
            const measured seen = m;
            const std::size_t kept = static_cast<std::size_t>(prefix.end() - bytes.begin());
            // The k-th boundary of the periodic text: 9 segments per period.
            const std::size_t expected = (k / 9) * period.size() + period_boundaries[k % 9];
            if (kept != expected) problem << "truncate_code_points(" << k << ") = " << kept << "; ";
            if (seen.counts.dereferences > kept + k || !seen.reads_within(0, kept) || seen.counts.increments != kept ||
                seen.counts.decrements != 0)
                problem << "truncate_code_points(" << k << "): " << describe(seen) << "; ";
            if (problem.str().size() > 2000) break;
        }
        BOOST_TEST(problem.str().empty(), problem.str());
    });
}

BOOST_AUTO_TEST_SUITE_END()
