// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.

// Interoperability with range-v3 0.12, with the opt-in glue of
// <utf8view/ext/range_v3.hpp>: range-v3's concepts see our views as what
// doc/reference.md says they model (decode_view, "Models"), rvalue
// pipelines into ranges::views::* work, ranges::to collects decoded text
// (and the decode-encode round trip gives the bytes back), range-v3
// algorithms run on our views, chunk and sliding group code points, and
// range-v3 views can be decoded.
// Expected values come from the Unicode code charts and Table 3-6, or from
// test/data/decode_vectors.tsv (ids given):
//   "Ærø"   C3 86 | 72 | C3 B8     U+00C6 U+0072 U+00F8   (D0011)
//   "日本語" E6 97 A5 | E6 9C AC | E8 AA 9E  U+65E5 U+672C U+8A9E  (D0024)
//   "😀"    F0 9F 98 80            U+1F600                (D0018)
//   C0 AE   two maximal subparts: U+FFFD U+FFFD under replace (C0 starts no
//           sequence of Table 3-7; Unicode 15.0 §3.9; D0041 holds it too)
//
// Without range-v3 on the include path the file still builds: it then
// defines one test case, which Boost.Test reports as skipped, with the
// reason "range-v3 not found" (--log_level=test_suite shows it).

#if __has_include(<range/v3/version.hpp>)

#include <utf8view/ext/range_v3.hpp>  // first: the header is self-contained
#define BOOST_TEST_MODULE interop_range_v3
#include <boost/test/unit_test.hpp>

#include <utf8view/utf8view.hpp>

#include "support/print.hpp"
#include "support/test_iterators.hpp"

#include <range/v3/algorithm/copy.hpp>
#include <range/v3/algorithm/count.hpp>
#include <range/v3/algorithm/equal.hpp>
#include <range/v3/algorithm/find.hpp>
#include <range/v3/algorithm/max_element.hpp>
#include <range/v3/iterator/insert_iterators.hpp>
#include <range/v3/numeric/accumulate.hpp>
#include <range/v3/range/concepts.hpp>
#include <range/v3/range/conversion.hpp>
#include <range/v3/range/operations.hpp>
#include <range/v3/range/primitives.hpp>
#include <range/v3/view/c_str.hpp>
#include <range/v3/view/chunk.hpp>
#include <range/v3/view/drop.hpp>
#include <range/v3/view/filter.hpp>
#include <range/v3/view/reverse.hpp>
#include <range/v3/view/sliding.hpp>
#include <range/v3/view/split.hpp>
#include <range/v3/view/take.hpp>
#include <range/v3/view/transform.hpp>

#include <cstddef>
#include <cstdint>
#include <forward_list>
#include <list>
#include <string>
#include <string_view>
#include <vector>

namespace u8v = utf8view;
namespace t = utf8view_test;
namespace tt = boost::test_tools;

namespace {

using code_points = std::vector<char32_t>;

// range-v3's concepts agree with the standard ones on our views: the view
// concept (the glue), the category (never random-access), sized (never),
// common and borrowed. range-v3 0.12 asks more of a view than C++20 does:
// it must be semiregular (default-constructible and copyable), which a
// decode_view over a std::ranges::ref_view (no default constructor) or an
// owning_view (move-only) is not. Such a view still pipes as an rvalue into
// range-v3 when it is borrowed (ref_view), and always as an lvalue.
template <class View>
constexpr bool range_v3_agrees()
{
    static_assert(ranges::view_<View> == std::semiregular<View>);
    static_assert(ranges::viewable_range<View> == (std::semiregular<View> || std::ranges::borrowed_range<View>));
    static_assert(ranges::input_range<View> == std::ranges::input_range<View>);
    static_assert(ranges::forward_range<View> == std::ranges::forward_range<View>);
    static_assert(ranges::bidirectional_range<View> == std::ranges::bidirectional_range<View>);
    static_assert(!ranges::random_access_range<View>);
    static_assert(!ranges::sized_range<View>);
    static_assert(ranges::common_range<View> == std::ranges::common_range<View>);
    static_assert(ranges::borrowed_range<View> == std::ranges::borrowed_range<View>);
    return true;
}
static_assert(range_v3_agrees<u8v::decode_view<std::string_view>>());  // bidirectional, common, borrowed
static_assert(range_v3_agrees<u8v::decode_view<std::string_view, u8v::on_error::skip_t>>());
static_assert(range_v3_agrees<u8v::decode_view<std::string_view, u8v::on_error::throw_exception_t>>());
static_assert(range_v3_agrees<u8v::decode_view<std::ranges::owning_view<std::string>>>());  // not borrowed
static_assert(range_v3_agrees<u8v::decode_view<std::ranges::ref_view<const std::list<char>>>>());
static_assert(range_v3_agrees<u8v::decode_view<t::forward_test_range<const char, false>>>());
static_assert(range_v3_agrees<u8v::decode_view<t::input_test_range<const char, false>>>());
static_assert(range_v3_agrees<u8v::decode_view<decltype(u8v::null_terminated(""))>>());  // not common
static_assert(range_v3_agrees<u8v::encode_view<std::u32string_view>>());
static_assert(range_v3_agrees<u8v::encode_view<std::u32string_view, u8v::on_error::skip_t, char>>());
static_assert(range_v3_agrees<u8v::encode_view<u8v::decode_view<std::string_view>>>());
static_assert(range_v3_agrees<u8v::encode_view<t::input_test_range<const char32_t, true>>>());
static_assert(ranges::bidirectional_range<u8v::decode_view<std::string_view>>);
static_assert(ranges::forward_range<u8v::decode_view<t::forward_test_range<const char, true>>>);
static_assert(!ranges::forward_range<u8v::decode_view<t::input_test_range<const char, true>>>);
static_assert(ranges::input_range<u8v::decode_view<t::input_test_range<const char, true>>>);
// ranges::views::take over a range that is not sized counts with
// ranges::counted_iterator, which gets its category from
// std::iterator_traits (see the glue header): it keeps the view's category.
using decoded_text = u8v::decode_view<std::string_view>;
static_assert(ranges::bidirectional_range<decltype(decoded_text() | ranges::views::take(3))>);
static_assert(!ranges::random_access_range<decltype(decoded_text() | ranges::views::take(3))>);
static_assert(ranges::forward_range<decltype(u8v::decode_view<t::forward_test_range<const char, true>>() |
                                             ranges::views::take(3))>);
static_assert(
    ranges::input_range<decltype(u8v::decode_view<t::input_test_range<const char, true>>() | ranges::views::take(3))>);
static_assert(ranges::bidirectional_range<decltype(u8v::encode_view<std::u32string_view>() | ranges::views::take(3))>);
// The glue is about our views only.
static_assert(!ranges::enable_view<std::string>);

// "Ærø 日本語 😀" (see the top of the file).
const std::string words_bytes = "\xC3\x86r\xC3\xB8 \xE6\x97\xA5\xE6\x9C\xAC\xE8\xAA\x9E \xF0\x9F\x98\x80";
const code_points aero = {0x00C6, 0x0072, 0x00F8};
const code_points nihongo = {0x65E5, 0x672C, 0x8A9E};
const code_points grinning = {0x1F600};

template <class R>
code_points to_code_points(R&& range)
{
    return std::forward<R>(range) | ranges::to<code_points>();
}

// Each inner range of `groups`, collected (Boost.Test cannot print a vector
// of vectors, so they are compared one by one).
template <class R>
void check_groups(R&& groups, const std::vector<code_points>& expected)
{
    std::vector<code_points> actual;
    for (auto&& group : groups) actual.push_back(to_code_points(group));
    BOOST_TEST_REQUIRE(actual.size() == expected.size());
    for (std::size_t i = 0; i < actual.size(); ++i) {
        BOOST_TEST_CONTEXT("group " << i)
        {
            BOOST_TEST(actual[i] == expected[i], tt::per_element());
        }
    }
}

}  // namespace

BOOST_AUTO_TEST_CASE(rvalue_pipelines_into_range_v3_views)
{
    const std::string_view text = words_bytes;
    // Each view is an rvalue when piped: range-v3 takes it only as a view.
    BOOST_TEST(to_code_points(text | u8v::views::decode | ranges::views::take(3)) == aero, tt::per_element());
    BOOST_TEST(to_code_points(text | u8v::views::decode | ranges::views::drop(4) | ranges::views::take(3)) == nihongo,
               tt::per_element());
    BOOST_TEST(to_code_points(text | u8v::views::decode | ranges::views::reverse | ranges::views::take(3)) ==
                   code_points({0x1F600, 0x20, 0x8A9E}),
               tt::per_element());
    const auto above_bmp = [](char32_t c) { return c > 0xFFFF; };
    BOOST_TEST(to_code_points(text | u8v::views::decode | ranges::views::filter(above_bmp)) == grinning,
               tt::per_element());
    const auto as_number = [](char32_t c) { return static_cast<std::uint32_t>(c); };
    BOOST_TEST((text | u8v::views::decode | ranges::views::take(3) | ranges::views::transform(as_number) |
                ranges::to<std::vector<std::uint32_t>>()) == std::vector<std::uint32_t>({0xC6, 0x72, 0xF8}),
               tt::per_element());
    // And an lvalue view.
    const auto decoded = text | u8v::views::decode;
    BOOST_TEST(to_code_points(decoded | ranges::views::reverse | ranges::views::reverse) ==
                   to_code_points(text | u8v::views::decode),
               tt::per_element());
}

BOOST_AUTO_TEST_CASE(split_chunk_and_sliding_over_decoded_text)
{
    const std::string_view text = words_bytes;
    check_groups(text | u8v::views::decode | ranges::views::split(U' '), {aero, nihongo, grinning});
    check_groups(text | u8v::views::decode | ranges::views::chunk(2),
                 {{0x00C6, 0x0072}, {0x00F8, 0x20}, {0x65E5, 0x672C}, {0x8A9E, 0x20}, {0x1F600}});
    check_groups(text | u8v::views::decode | ranges::views::take(3) | ranges::views::sliding(2),
                 {{0x00C6, 0x0072}, {0x0072, 0x00F8}});
    // Over a bidirectional base, with the two maximal subparts of C0 AE.
    const std::string with_errors = words_bytes + " \xC0\xAE";
    const std::list<char> list(with_errors.begin(), with_errors.end());
    check_groups(list | u8v::views::decode | ranges::views::split(U' '), {aero, nihongo, grinning, {0xFFFD, 0xFFFD}});
    check_groups(list | u8v::views::decode(u8v::on_error::skip) | ranges::views::reverse | ranges::views::chunk(4),
                 {{0x20, 0x1F600, 0x20, 0x8A9E}, {0x672C, 0x65E5, 0x20, 0x00F8}, {0x0072, 0x00C6}});
    // Over a forward base.
    const std::forward_list<char> forward(words_bytes.begin(), words_bytes.end());
    check_groups(forward | u8v::views::decode | ranges::views::sliding(8),
                 {{0x00C6, 0x0072, 0x00F8, 0x20, 0x65E5, 0x672C, 0x8A9E, 0x20},
                  {0x0072, 0x00F8, 0x20, 0x65E5, 0x672C, 0x8A9E, 0x20, 0x1F600}});
}

BOOST_AUTO_TEST_CASE(to_collects_and_the_decode_encode_round_trip_gives_the_bytes_back)
{
    const std::string_view text = words_bytes;
    const auto as_u32 = text | u8v::views::decode | ranges::to<std::u32string>();
    BOOST_TEST(t::to_code_points(as_u32) ==
                   code_points({0x00C6, 0x0072, 0x00F8, 0x20, 0x65E5, 0x672C, 0x8A9E, 0x20, 0x1F600}),
               tt::per_element());
    const auto round_trip = text | u8v::views::decode | u8v::views::encode_as<char> | ranges::to<std::string>();
    BOOST_TEST(round_trip.size() == 20u);
    BOOST_TEST((round_trip == words_bytes));
    // From the u32string back: the same bytes; and char8_t into a u8string.
    BOOST_TEST(((as_u32 | u8v::views::encode_as<char> | ranges::to<std::string>()) == words_bytes));
    const auto as_u8 = as_u32 | u8v::views::encode | ranges::to<std::u8string>();
    BOOST_TEST(as_u8.size() == 20u);
    BOOST_TEST((as_u8.front() == char8_t{0xC3} && as_u8.back() == char8_t{0x80}));

    // Ill-formed input: replaced, then encoded as EF BF BD (U+FFFD), twice.
    const std::string broken = "\x2F\xC0\xAE\x2E\x2F";
    BOOST_TEST(((std::string_view(broken) | u8v::views::decode | u8v::views::encode_as<char> |
                 ranges::to<std::string>()) == "\x2F\xEF\xBF\xBD\xEF\xBF\xBD\x2E\x2F"));
    BOOST_TEST(((std::string_view(broken) | u8v::views::decode(u8v::on_error::skip) | u8v::views::encode_as<char> |
                 ranges::to<std::string>()) == "\x2F\x2E\x2F"));
}

BOOST_AUTO_TEST_CASE(range_v3_algorithms_on_our_views)
{
    const std::string_view text = words_bytes;
    const auto decoded = text | u8v::views::decode;
    BOOST_TEST(ranges::distance(decoded) == 9);
    BOOST_TEST(ranges::count(decoded, U' ') == 2);
    BOOST_TEST(ranges::equal(decoded | ranges::views::take(3), aero));
    BOOST_TEST(!ranges::equal(decoded | ranges::views::take(3), nihongo));
    BOOST_TEST(*ranges::max_element(decoded) == char32_t{0x1F600});
    BOOST_TEST(ranges::accumulate(decoded | ranges::views::take(3), std::uint32_t{0},
                                  [](std::uint32_t sum, char32_t c) { return sum + static_cast<std::uint32_t>(c); }) ==
               0xC6u + 0x72u + 0xF8u);
    code_points out;
    ranges::copy(decoded, ranges::back_inserter(out));
    BOOST_TEST(out.size() == 9u);
    BOOST_TEST(ranges::equal(out, decoded));

    // find on an rvalue view over borrowed bytes returns a usable iterator
    // (not ranges::dangling): 本 is E6 9C AC at byte 9.
    const auto found = ranges::find(text | u8v::views::decode, char32_t{0x672C});
    BOOST_TEST(found.base() - text.data() == 9);
    BOOST_TEST(*found == char32_t{0x672C});

    // On encode_view: C3 is the lead byte of Æ and ø.
    const std::u32string cps = {0x00C6, 0x0072, 0x00F8};
    BOOST_TEST(ranges::count(cps | u8v::views::encode, char8_t{0xC3}) == 2);
    BOOST_TEST(ranges::distance(cps | u8v::views::encode | ranges::views::reverse) == 5);
}

BOOST_AUTO_TEST_CASE(input_bases_work_with_range_v3)
{
    const char* const first = words_bytes.data();
    const char* const last = first + words_bytes.size();
    BOOST_TEST(to_code_points(t::input_test_range<const char, false>(first, last) | u8v::views::decode) ==
                   code_points({0x00C6, 0x0072, 0x00F8, 0x20, 0x65E5, 0x672C, 0x8A9E, 0x20, 0x1F600}),
               tt::per_element());
    BOOST_TEST(to_code_points(t::input_test_range<const char, true>(first, last) | u8v::views::decode |
                              ranges::views::take(3)) == aero,
               tt::per_element());
    BOOST_TEST(ranges::count(t::input_test_range<const char, false>(first, last) | u8v::views::decode, U' ') == 2);
}

BOOST_AUTO_TEST_CASE(range_v3_views_can_be_decoded)
{
    // A range-v3 view is not a std::ranges::view, so views::decode holds an
    // rvalue one in a std::ranges::owning_view, which range-v3 0.12 cannot
    // take as an rvalue (see range_v3_agrees): the byte views are lvalues
    // here, and the decode views over them are borrowed.
    // ranges::views::c_str: a NUL-terminated string as a range-v3 view.
    const auto c_string = ranges::views::c_str(words_bytes.c_str());
    BOOST_TEST(to_code_points(c_string | u8v::views::decode | ranges::views::take(3)) == aero, tt::per_element());
    // A range-v3 pipeline of bytes, decoded, then fed to range-v3 again.
    const auto nihongo_bytes = std::string_view(words_bytes) | ranges::views::drop(6) | ranges::views::take(9);
    BOOST_TEST(to_code_points(nihongo_bytes | u8v::views::decode | ranges::views::reverse) ==
                   code_points({0x8A9E, 0x672C, 0x65E5}),
               tt::per_element());
    // An rvalue range-v3 view decodes too; only the first byte of 日 (E6):
    // a truncated sequence, one U+FFFD.
    BOOST_TEST(to_code_points(std::string_view(words_bytes) | ranges::views::drop(6) | ranges::views::take(1) |
                              u8v::views::decode) == code_points({0xFFFD}),
               tt::per_element());
}

#else  // range-v3 not found

#define BOOST_TEST_MODULE interop_range_v3
#include <boost/test/unit_test.hpp>

namespace {

boost::test_tools::assertion_result range_v3_is_found(boost::unit_test::test_unit_id)
{
    boost::test_tools::assertion_result result(false);
    result.message() << "range-v3 not found (no <range/v3/version.hpp> on the include path)";
    return result;
}

}  // namespace

BOOST_AUTO_TEST_CASE(interoperability_with_range_v3, *boost::unit_test::precondition(range_v3_is_found)) {}

#endif
