// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.

// Interoperability with Boost.Range (Boost 1.74), with the opt-in glue of
// <utf8view/ext/boost_range.hpp>: Boost.Range finds our views' iterators
// (nested `iterator` / `const_iterator`, doc/reference.md: decode_view),
// sees their real traversal (bidirectional over a bidirectional base), and
// so its algorithms and adaptors (transformed, reversed) work on our views;
// our adaptors work on boost::iterator_range and boost::string_view.
// Expected values come from the Unicode code charts and Table 3-6, or from
// test/data/decode_vectors.tsv (ids given):
//   "Ærø"   C3 86 | 72 | C3 B8     U+00C6 U+0072 U+00F8   (D0011)
//   "日本語" E6 97 A5 | E6 9C AC | E8 AA 9E  U+65E5 U+672C U+8A9E  (D0024)
//   C0 AE   two maximal subparts: U+FFFD U+FFFD under replace (C0 starts no
//           sequence of Table 3-7; Unicode 15.0 §3.9; D0041 holds it too)

#include <utf8view/ext/boost_range.hpp>  // first: the header is self-contained
#define BOOST_TEST_MODULE interop_boost_range
#include <boost/test/unit_test.hpp>

#include <utf8view/utf8view.hpp>

#include "support/print.hpp"
#include "support/test_iterators.hpp"

#include <boost/concept_check.hpp>
#include <boost/iterator/iterator_categories.hpp>
#include <boost/range/adaptor/filtered.hpp>
#include <boost/range/adaptor/reversed.hpp>
#include <boost/range/adaptor/transformed.hpp>
#include <boost/range/algorithm/copy.hpp>
#include <boost/range/algorithm/count.hpp>
#include <boost/range/algorithm/equal.hpp>
#include <boost/range/algorithm/find.hpp>
#include <boost/range/algorithm/max_element.hpp>
#include <boost/range/begin.hpp>
#include <boost/range/concepts.hpp>
#include <boost/range/distance.hpp>
#include <boost/range/end.hpp>
#include <boost/range/iterator.hpp>
#include <boost/range/iterator_range.hpp>
#include <boost/range/value_type.hpp>
#include <boost/utility/string_view.hpp>

#include <cstdint>
#include <forward_list>
#include <iterator>
#include <list>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace u8v = utf8view;
namespace t = utf8view_test;
namespace tt = boost::test_tools;

namespace {

using code_points = std::vector<char32_t>;
using decoded = u8v::decode_view<std::string_view>;
using decoded_list = u8v::decode_view<std::ranges::ref_view<const std::list<char>>>;
using decoded_forward_list = u8v::decode_view<std::ranges::ref_view<const std::forward_list<char>>>;
using encoded = u8v::encode_view<std::u32string_view>;

// Boost.Range's metafunctions find the nested iterator types.
static_assert(std::is_same_v<boost::range_iterator<decoded>::type, decoded::iterator>);
static_assert(std::is_same_v<boost::range_iterator<const decoded>::type, decoded::const_iterator>);
static_assert(std::is_same_v<boost::range_value<decoded>::type, char32_t>);
static_assert(std::is_same_v<boost::range_iterator<encoded>::type, encoded::iterator>);
static_assert(std::is_same_v<boost::range_value<encoded>::type, char8_t>);

// Traversal: what the iterator can do (its C++20 iterator_concept), not its
// C++17 iterator_category, which is input because elements are values.
template <class View, class Traversal>
constexpr bool traversal_is()
{
    static_assert(
        std::is_same_v<typename boost::iterators::iterator_traversal<typename View::iterator>::type, Traversal>);
    static_assert(
        std::is_same_v<typename boost::iterators::iterator_traversal<typename View::const_iterator>::type, Traversal>);
    return true;
}
static_assert(traversal_is<decoded, boost::iterators::bidirectional_traversal_tag>());
static_assert(traversal_is<decoded_list, boost::iterators::bidirectional_traversal_tag>());
static_assert(traversal_is<decoded_forward_list, boost::iterators::forward_traversal_tag>());
static_assert(traversal_is<u8v::decode_view<std::string_view, u8v::on_error::skip_t>,
                           boost::iterators::bidirectional_traversal_tag>());
static_assert(traversal_is<encoded, boost::iterators::bidirectional_traversal_tag>());
static_assert(traversal_is<u8v::encode_view<decoded_forward_list>, boost::iterators::forward_traversal_tag>());
// Never random access, even over contiguous bytes.
static_assert(!std::is_convertible_v<boost::iterators::iterator_traversal<decoded::iterator>::type,
                                     boost::iterators::random_access_traversal_tag>);
// The glue is about our iterators only.
static_assert(std::is_same_v<boost::iterators::iterator_traversal<std::list<char>::iterator>::type,
                             boost::iterators::bidirectional_traversal_tag>);

// Boost.Range's concept checks pass (they fail to compile otherwise).
BOOST_CONCEPT_ASSERT((boost::BidirectionalRangeConcept<decoded>));
BOOST_CONCEPT_ASSERT((boost::BidirectionalRangeConcept<const decoded>));
BOOST_CONCEPT_ASSERT((boost::BidirectionalRangeConcept<decoded_list>));
BOOST_CONCEPT_ASSERT((boost::ForwardRangeConcept<decoded_forward_list>));
BOOST_CONCEPT_ASSERT((boost::BidirectionalRangeConcept<encoded>));

const std::string aero_bytes = "\xC3\x86r\xC3\xB8";
const code_points aero = {0x00C6, 0x0072, 0x00F8};

template <class R>
code_points collect(const R& range)
{
    code_points out;
    boost::copy(range, std::back_inserter(out));
    return out;
}

}  // namespace

BOOST_AUTO_TEST_CASE(boost_begin_end_and_algorithms_on_decode_view)
{
    const std::string_view text = aero_bytes;
    const auto view = text | u8v::views::decode;
    boost::range_iterator<const decoded>::type first = boost::begin(view);
    const auto last = boost::end(view);
    BOOST_TEST(*first == char32_t{0x00C6});
    BOOST_TEST(std::ranges::distance(first, last) == 3);
    BOOST_TEST(boost::distance(view) == 3);

    BOOST_TEST(boost::count(view, char32_t{0x0072}) == 1);
    BOOST_TEST(boost::count(view, char32_t{0x00E6}) == 0);  // æ is not there
    BOOST_TEST(boost::equal(view, aero));
    BOOST_TEST(!boost::equal(view, code_points({0x00C6, 0x0072})));
    BOOST_TEST(collect(view) == aero, tt::per_element());

    const auto found = boost::find(view, char32_t{0x00F8});
    BOOST_TEST_REQUIRE((found != boost::end(view)));
    BOOST_TEST(found.base() - text.data() == 3);  // ø is C3 B8 at byte 3
    BOOST_TEST(*boost::max_element(view) == char32_t{0x00F8});
}

BOOST_AUTO_TEST_CASE(boost_adaptors_over_our_views)
{
    const std::string text = aero_bytes + " \xE6\x97\xA5\xE6\x9C\xAC\xE8\xAA\x9E";  // "Ærø 日本語"
    const code_points all = {0x00C6, 0x0072, 0x00F8, 0x20, 0x65E5, 0x672C, 0x8A9E};
    const auto view = std::string_view(text) | u8v::views::decode;

    BOOST_TEST(collect(view | boost::adaptors::reversed) == code_points(all.rbegin(), all.rend()), tt::per_element());
    const auto as_number = [](char32_t c) { return static_cast<std::uint32_t>(c); };
    std::vector<std::uint32_t> numbers;
    boost::copy(view | boost::adaptors::transformed(as_number), std::back_inserter(numbers));
    BOOST_TEST(numbers == std::vector<std::uint32_t>({0xC6, 0x72, 0xF8, 0x20, 0x65E5, 0x672C, 0x8A9E}),
               tt::per_element());
    BOOST_TEST(collect(view | boost::adaptors::filtered([](char32_t c) { return c > 0x7F; }) |
                       boost::adaptors::reversed) == code_points({0x8A9E, 0x672C, 0x65E5, 0x00F8, 0x00C6}),
               tt::per_element());

    // Over a bidirectional base, with the two maximal subparts of C0 AE.
    const std::string broken = aero_bytes + "\xC0\xAE";
    const std::list<char> list(broken.begin(), broken.end());
    const auto list_view = list | u8v::views::decode;
    BOOST_TEST(collect(list_view | boost::adaptors::reversed) == code_points({0xFFFD, 0xFFFD, 0x00F8, 0x0072, 0x00C6}),
               tt::per_element());
    BOOST_TEST(collect(list | u8v::views::decode(u8v::on_error::skip) | boost::adaptors::reversed) ==
                   code_points(aero.rbegin(), aero.rend()),
               tt::per_element());
    BOOST_TEST(boost::count(list_view | boost::adaptors::transformed(as_number), 0xFFFDu) == 2);

    // Over a forward base: forward traversal, so transformed is forward too.
    const std::forward_list<char> forward(text.begin(), text.end());
    const auto forward_view = forward | u8v::views::decode;
    const auto transformed = forward_view | boost::adaptors::transformed(as_number);
    BOOST_CONCEPT_ASSERT((boost::ForwardRangeConcept<const decltype(transformed)>));
    BOOST_TEST(*boost::max_element(transformed) == 0x8A9Eu);

    // encode_view: the bytes of "Ærø", backwards.
    const std::u32string cps(aero.begin(), aero.end());
    std::vector<unsigned> bytes;
    boost::copy(cps | u8v::views::encode | boost::adaptors::reversed |
                    boost::adaptors::transformed([](char8_t unit) { return static_cast<unsigned>(unit); }),
                std::back_inserter(bytes));
    BOOST_TEST(bytes == std::vector<unsigned>({0xB8, 0xC3, 0x72, 0x86, 0xC3}), tt::per_element());
}

BOOST_AUTO_TEST_CASE(our_adaptors_over_boost_ranges)
{
    const std::string text = aero_bytes + "\xC0\xAE";  // "Ærø" then an overlong '.'

    // boost::iterator_range of pointers (contiguous), of string iterators,
    // and of list iterators (bidirectional).
    const auto pointers = boost::make_iterator_range(text.data(), text.data() + text.size());
    BOOST_TEST(collect(pointers | u8v::views::decode) == code_points({0x00C6, 0x0072, 0x00F8, 0xFFFD, 0xFFFD}),
               tt::per_element());
    const auto string_iterators = boost::make_iterator_range(text.begin(), text.end());
    BOOST_TEST(collect(string_iterators | u8v::views::decode(u8v::on_error::skip)) == aero, tt::per_element());
    const std::list<char> list(text.begin(), text.end());
    const auto list_range = boost::make_iterator_range(list.begin(), list.end());
    BOOST_TEST(collect(list_range | u8v::views::decode) == code_points({0x00C6, 0x0072, 0x00F8, 0xFFFD, 0xFFFD}),
               tt::per_element());
    // ...and back into Boost: a decoded iterator_range, reversed by Boost.
    BOOST_TEST(collect(list_range | u8v::views::decode(u8v::on_error::skip) | boost::adaptors::reversed) ==
                   code_points(aero.rbegin(), aero.rend()),
               tt::per_element());

    // boost::string_view, as an lvalue and as an rvalue.
    const boost::string_view boost_text(text.data(), text.size());
    BOOST_TEST(collect(boost_text | u8v::views::decode) == code_points({0x00C6, 0x0072, 0x00F8, 0xFFFD, 0xFFFD}),
               tt::per_element());
    BOOST_TEST(collect(boost::string_view(aero_bytes.data(), 4) | u8v::views::decode) ==
                   code_points({0x00C6, 0x0072, 0xFFFD}),  // C3 cut off from its B8: truncated
               tt::per_element());
    const auto found = std::ranges::find(boost_text | u8v::views::decode, char32_t{0xFFFD});
    BOOST_TEST(found.base() - boost_text.data() == 5);  // C0 is byte 5
    BOOST_TEST((found.error() == u8v::error_kind::overlong));

    // A Boost adaptor's output as the byte range: upper-case ASCII bytes.
    const std::string ascii = "ab\xC3\x86";  // "abÆ"
    const auto upper = boost::adaptors::transform(
        ascii, [](char c) { return c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c; });
    // Boost's transform_iterator returns values, so its C++20 concept is
    // input, and the decode view's end is a sentinel: copied with
    // std::ranges (Boost.Range needs one iterator type for both ends).
    code_points upper_decoded;
    std::ranges::copy(upper | u8v::views::decode, std::back_inserter(upper_decoded));
    BOOST_TEST(upper_decoded == code_points({0x41, 0x42, 0x00C6}), tt::per_element());
}
