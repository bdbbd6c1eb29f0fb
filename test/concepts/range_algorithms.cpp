// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.

// decode_view and encode_view used with std::ranges algorithms and std::views
// adaptors, over contiguous, bidirectional, forward and input bases
// (including std::istreambuf_iterator). Expected code points come from the
// Unicode code charts: "Ærø" is U+00C6 LATIN CAPITAL LETTER AE, U+0072 LATIN
// SMALL LETTER R, U+00F8 LATIN SMALL LETTER O WITH STROKE, whose UTF-8 forms
// (Table 3-6) are C3 86, 72, C3 B8. The concepts themselves:
// range_concepts.cpp and encode_view_concepts.cpp.

#include <utf8view/utf8view.hpp>
#define BOOST_TEST_MODULE concepts_range_algorithms
#include <boost/test/unit_test.hpp>

#include "support/print.hpp"
#include "support/test_iterators.hpp"

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <forward_list>
#include <iterator>
#include <list>
#include <memory>
#include <ranges>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace u8v = utf8view;
namespace t = utf8view_test;
namespace tt = boost::test_tools;

namespace {

using code_points = std::vector<char32_t>;

// "Ærø" (see the top of the file).
constexpr std::array<unsigned char, 5> aero_bytes = {0xC3, 0x86, 0x72, 0xC3, 0xB8};
constexpr char32_t ae = 0x00C6;
constexpr char32_t r = 0x0072;
constexpr char32_t o_stroke = 0x00F8;
const code_points aero = {ae, r, o_stroke};

std::string aero_string()
{
    return std::string(aero_bytes.begin(), aero_bytes.end());
}

template <class R>
code_points to_code_points(R&& range)
{
    code_points out;
    std::ranges::copy(std::forward<R>(range), std::back_inserter(out));
    return out;
}

}  // namespace

BOOST_AUTO_TEST_CASE(algorithms_work_on_a_contiguous_decode_view)
{
    const std::string bytes = aero_string();
    const auto view = std::string_view(bytes) | u8v::views::decode;

    BOOST_TEST(std::ranges::distance(view) == 3);
    BOOST_TEST(std::ranges::count(view, r) == 1);
    BOOST_TEST(std::ranges::count_if(view, [](char32_t c) { return c > 0x7F; }) == 2);
    BOOST_TEST(std::ranges::equal(view, aero));
    BOOST_TEST(to_code_points(view) == aero, tt::per_element());

    const auto found = std::ranges::find(view, o_stroke);
    BOOST_TEST_REQUIRE((found != view.end()));
    BOOST_TEST(found.base() - bytes.data() == 3);  // ø is C3 B8 at byte 3
    BOOST_TEST((std::ranges::find(view, char32_t{0x00E6}) == view.end()));  // æ is not there
    BOOST_TEST(*std::ranges::max_element(view) == o_stroke);
}

BOOST_AUTO_TEST_CASE(std_adaptors_compose_with_decode_view)
{
    const std::string bytes = aero_string();
    const std::string_view text = bytes;

    BOOST_TEST(to_code_points(text | u8v::views::decode | std::views::reverse) == code_points({o_stroke, r, ae}),
               tt::per_element());
    BOOST_TEST(to_code_points(text | u8v::views::decode | std::views::take(2)) == code_points({ae, r}),
               tt::per_element());
    BOOST_TEST(to_code_points(text | u8v::views::decode | std::views::drop(1)) == code_points({r, o_stroke}),
               tt::per_element());
    BOOST_TEST(to_code_points(text | u8v::views::decode | std::views::filter([](char32_t c) { return c > 0x7F; })) ==
                   code_points({ae, o_stroke}),
               tt::per_element());
    const auto as_number = [](char32_t c) { return static_cast<std::uint32_t>(c); };
    std::vector<std::uint32_t> numbers;
    std::ranges::copy(text | u8v::views::decode | std::views::transform(as_number), std::back_inserter(numbers));
    BOOST_TEST(numbers == std::vector<std::uint32_t>({0xC6, 0x72, 0xF8}), tt::per_element());

    // An adaptor closure composed before it is applied.
    const auto last_two_reversed = u8v::views::decode | std::views::reverse | std::views::take(2);
    BOOST_TEST(to_code_points(text | last_two_reversed) == code_points({o_stroke, r}), tt::per_element());
    const auto strict = u8v::views::decode(u8v::on_error::throw_exception) | std::views::take(3);
    BOOST_TEST(to_code_points(text | strict) == aero, tt::per_element());
}

BOOST_AUTO_TEST_CASE(decode_then_encode_gives_the_bytes_back)
{
    const std::string bytes = aero_string();
    std::vector<unsigned char> out;
    for (char8_t unit : std::string_view(bytes) | u8v::views::decode | u8v::views::encode)
        out.push_back(static_cast<unsigned char>(unit));
    BOOST_TEST(out == std::vector<unsigned char>(aero_bytes.begin(), aero_bytes.end()), tt::per_element());
}

BOOST_AUTO_TEST_CASE(readme_example_yields_two_replacements)
{
    // The README's example: "Ærø " then C0 AE (an overlong '.'): C0 can never
    // start a sequence (Table 3-7), so C0 and AE are two maximal subparts
    // (Unicode 15.0 §3.9).
    const std::string bytes = aero_string() + " \xC0\xAE";
    const auto view = std::string_view(bytes) | u8v::views::decode;
    BOOST_TEST(to_code_points(view) == code_points({ae, r, o_stroke, 0x20, 0xFFFD, 0xFFFD}), tt::per_element());
    BOOST_TEST(to_code_points(std::string_view(bytes) | u8v::views::decode(u8v::on_error::skip)) ==
                   code_points({ae, r, o_stroke, 0x20}),
               tt::per_element());
    BOOST_TEST(std::ranges::count_if(view, [](char32_t c) { return c == 0xFFFD; }) == 2);
}

BOOST_AUTO_TEST_CASE(algorithms_work_on_bidirectional_and_forward_bases)
{
    const std::string bytes = aero_string();
    std::list<char> list(bytes.begin(), bytes.end());
    BOOST_TEST(to_code_points(list | u8v::views::decode) == aero, tt::per_element());
    BOOST_TEST(to_code_points(list | u8v::views::decode | std::views::reverse) == code_points({o_stroke, r, ae}),
               tt::per_element());
    BOOST_TEST(std::ranges::distance(list | u8v::views::decode) == 3);

    const std::forward_list<signed char> forward_list(bytes.begin(), bytes.end());
    const auto forward_view = forward_list | u8v::views::decode;
    BOOST_TEST(std::ranges::count(forward_view, r) == 1);
    BOOST_TEST(std::ranges::equal(forward_view, aero));

    const char* const first = bytes.data();
    const char* const last = first + bytes.size();
    BOOST_TEST(to_code_points(t::bidirectional_test_range<const char, false>(first, last) | u8v::views::decode |
                              std::views::reverse) == code_points({o_stroke, r, ae}),
               tt::per_element());
    BOOST_TEST(std::ranges::distance(t::forward_test_range<const char, false>(first, last) | u8v::views::decode) == 3);
}

BOOST_AUTO_TEST_CASE(algorithms_work_on_input_bases)
{
    const std::string bytes = aero_string();
    const char* const first = bytes.data();
    const char* const last = first + bytes.size();

    // Each algorithm gets a fresh single-pass range.
    BOOST_TEST(to_code_points(t::input_test_range<const char, false>(first, last) | u8v::views::decode) == aero,
               tt::per_element());
    BOOST_TEST(std::ranges::count(t::input_test_range<const char, true>(first, last) | u8v::views::decode, r) == 1);
    BOOST_TEST(to_code_points(t::input_test_range<const char, false>(first, last) | u8v::views::decode |
                              std::views::take(2)) == code_points({ae, r}),
               tt::per_element());
    {
        auto view = t::input_test_range<const char, false>(first, last) | u8v::views::decode;
        const auto found = std::ranges::find(view, r);
        BOOST_TEST_REQUIRE((found != view.end()));
        BOOST_TEST(*found == r);
    }
    {
        auto view = t::input_test_range<const char, false>(first, last) | u8v::views::decode;
        BOOST_TEST(std::ranges::distance(view) == 3);
    }
}

BOOST_AUTO_TEST_CASE(istreambuf_iterator_input_decodes)
{
    const auto from_stream = [](const std::string& bytes) {
        auto stream = std::make_shared<std::istringstream>(bytes);
        return std::pair(
            stream, std::ranges::subrange(std::istreambuf_iterator<char>(*stream), std::istreambuf_iterator<char>()));
    };
    {
        auto [stream, bytes] = from_stream(aero_string());
        BOOST_TEST(to_code_points(bytes | u8v::views::decode) == aero, tt::per_element());
    }
    {
        auto [stream, bytes] = from_stream(aero_string() + " \xC0\xAE");
        BOOST_TEST(to_code_points(bytes | u8v::views::decode(u8v::on_error::skip)) ==
                       code_points({ae, r, o_stroke, 0x20}),
                   tt::per_element());
    }
    {
        // C2 41 42: a broken sequence never swallows the byte that broke it
        // (Unicode 15.0 §3.9), also when bytes cannot be read twice.
        auto [stream, bytes] = from_stream("\xC2\x41\x42");
        BOOST_TEST(to_code_points(bytes | u8v::views::decode) == code_points({0xFFFD, 0x41, 0x42}), tt::per_element());
    }
    {
        auto [stream, bytes] = from_stream(aero_string());
        BOOST_TEST(std::ranges::count(bytes | u8v::views::decode, o_stroke) == 1);
    }
    {
        auto [stream, bytes] = from_stream(aero_string() + "\x80");
        std::size_t offset = 0;
        try {
            for (char32_t c : bytes | u8v::views::decode(u8v::on_error::throw_exception)) static_cast<void>(c);
        }
        catch (const u8v::decode_error& e) {
            offset = e.offset();
            BOOST_TEST(e.kind() == u8v::error_kind::unexpected_continuation_byte);
        }
        BOOST_TEST(offset == 5u);
    }
}

BOOST_AUTO_TEST_CASE(nested_iterator_aliases_name_the_iterators)
{
    using view = u8v::decode_view<std::string_view>;
    const std::string bytes = aero_string();
    view v(bytes);
    const view& const_v = v;
    view::iterator it = v.begin();
    view::const_iterator const_it = const_v.begin();
    view::const_iterator converted = it;  // mutable -> const
    BOOST_TEST(*it == ae);
    BOOST_TEST(*const_it == ae);
    BOOST_TEST(*converted == ae);
    BOOST_TEST((converted == const_it));

    using encoded = u8v::encode_view<std::u32string_view>;
    const std::u32string values(aero.begin(), aero.end());
    encoded e(values);
    encoded::iterator e_it = e.begin();
    encoded::const_iterator e_const_it = std::as_const(e).begin();
    BOOST_TEST(static_cast<unsigned>(*e_it) == 0xC3u);
    BOOST_TEST(static_cast<unsigned>(*e_const_it) == 0xC3u);
}

BOOST_AUTO_TEST_CASE(steps_read_a_bounded_number_of_bytes)
{
    // O(1) steps (decode_view's documentation): operator* reads nothing (the
    // element is cached), ++ reads at most 4 bytes (a segment is at most 4
    // bytes, a maximal subpart at most 3 plus the byte that breaks it), and
    // -- looks back at most 3 bytes (doc/design.md, One decoder). -- reads
    // its at most 4 bytes twice (once to find the segment start, once to
    // decode it), so 8 dereferences is its bound. Inputs: one maximal
    // subpart of each error kind, the valid cases of test/decode_view.cpp,
    // and the longest well-formed and ill-formed segments.
    const std::vector<std::string> inputs = {"\xC2\x41\x42",
                                             "\x2F\xC0\xAE\x2E\x2F",
                                             "\xE0\x80\x80",
                                             "\xED\xA0\x80",
                                             "\xF4\x90\x80\x80",
                                             "\xF0\x90\x80",
                                             "\x80",
                                             "\xFF",
                                             "\xEF\xBB\xBF",
                                             "\xEF\xBF\xBF",
                                             "\xF0\x9F\x98\x80\xF0\x9F\x98\x41",
                                             "\x8F\xF0\xBF\x80\x8F\x80\x80\x80\x80"};
    for (const std::string& bytes : inputs) {
        std::list<char> list(bytes.begin(), bytes.end());
        t::access_counts counts;
        auto view = t::counted(list, counts) | u8v::views::decode;
        BOOST_TEST_CONTEXT("input of " << bytes.size() << " bytes starting with "
                                       << static_cast<unsigned>(static_cast<unsigned char>(bytes[0])))
        {
            std::size_t elements = 0;
            auto it = view.begin();
            for (; it != view.end(); ++elements) {
                counts.reset();
                static_cast<void>(*it);
                BOOST_TEST(counts.dereferences == 0u);
                ++it;
                BOOST_TEST(counts.dereferences <= 4u);
            }
            const auto first = view.begin();
            for (; it != first; --elements) {
                counts.reset();
                --it;
                BOOST_TEST(counts.dereferences <= 8u);
                BOOST_TEST(counts.decrements <= 4u);  // to the last byte of the segment, then at most 3 back
            }
            BOOST_TEST(elements == 0u);
        }
    }
}
