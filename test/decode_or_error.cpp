// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.

// Errors as values: decode_or_error_view, views::decode_or_error and
// views::decode_utf16_or_error (<utf8view/decode_or_error.hpp>), which need
// std::expected. The build compiles this file as C++23 with GCC 12 and
// later (test/CMakeLists.txt), where it must find the views; elsewhere its
// cases are skipped, saying why.
//
// Expected values: the decode vectors (test/data/decode_vectors.tsv: the
// replace column places a U+FFFD where each error is), the reference
// decoders (support/reference_utf8.hpp, Table 3-7 and §3.9, for each
// error's kind, offset and length; support/reference_utf16.hpp, the WHATWG
// UTF-16 decoder), never the library's own decoder.

#include <utf8view/decode_or_error.hpp>
#define BOOST_TEST_MODULE decode_or_error
#include <boost/test/unit_test.hpp>

// testdata.hpp before print.hpp (see conformance/decode_vectors.cpp: -Wshadow).
#include "support/testdata.hpp"
#include "support/vector_files.hpp"
#include "support/print.hpp"
#include "support/reference_utf16.hpp"
#include "support/reference_utf8.hpp"
#include "support/test_iterators.hpp"

#include <cstddef>
#include <cstdint>
#include <list>
#include <optional>
#include <ranges>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace ut = boost::unit_test;
namespace tt = boost::test_tools;

#if defined(UTF8VIEW_TEST_NEEDS_DECODE_OR_ERROR) && !UTF8VIEW_HAS_DECODE_OR_ERROR
#error "this build compiles the test as C++23 and must find std::expected and views::decode_or_error"
#endif

#if UTF8VIEW_HAS_DECODE_OR_ERROR

namespace u8v = utf8view;
namespace ref = utf8view_test::reference;
namespace ref16 = utf8view_test::reference16;

namespace {

// One element as the test compares it: a code point, or an error's kind,
// offset and length. Integers, so that Boost.Test prints them.
struct item {
    std::uint32_t code_point = 0;  // 0 for an error
    int kind = -1;                 // -1 for a code point
    std::uint64_t offset = 0;
    unsigned length = 0;
    friend bool operator==(const item&, const item&) = default;
    friend std::ostream& operator<<(std::ostream& out, const item& i)
    {
        if (i.kind < 0) return out << "U+" << std::hex << i.code_point << std::dec;
        return out << "error " << i.kind << " at " << i.offset << " (" << i.length << ")";
    }
};

item as_item(const std::expected<char32_t, u8v::decode_error_info>& element)
{
    if (element) return {static_cast<std::uint32_t>(*element), -1, 0, 0};
    return {0, static_cast<int>(element.error().kind), element.error().offset, element.error().length};
}

template <class View>
std::vector<item> forwards(View&& view)
{
    std::vector<item> out;
    for (const auto element : view) out.push_back(as_item(element));
    return out;
}

// Read backwards from the end, then put back in order.
template <class View>
std::vector<item> backwards(View&& view)
{
    std::vector<item> out;
    for (const auto element : view | std::views::reverse) out.insert(out.begin(), as_item(element));
    return out;
}

std::vector<item> expected_utf8(std::string_view bytes)
{
    std::vector<item> out;
    for (const ref::segment& s : ref::segments(reinterpret_cast<const unsigned char*>(bytes.data()), bytes.size())) {
        if (s.well_formed()) out.push_back({static_cast<std::uint32_t>(s.code_point), -1, 0, 0});
        else out.push_back({0, static_cast<int>(*s.error), s.offset, static_cast<unsigned>(s.length)});
    }
    return out;
}

}  // namespace

// Every decode vector: the elements are the reference decoder's, errors in
// place with their kind, offset and length, forwards and backwards, over
// contiguous bytes and a std::list; the code points where the replace
// column has them.
BOOST_AUTO_TEST_CASE(every_decode_vector)
{
    for (const utf8view_test::decode_vector& v : utf8view_test::read_decode_vectors()) {
        BOOST_TEST_CONTEXT(v.id << " (line " << v.line << "): " << v.input_hex)
        {
            const std::vector<item> expected = expected_utf8(v.input);
            // The vector file agrees: one element per replace code point,
            // U+FFFD where the reference has an error.
            BOOST_TEST_REQUIRE(expected.size() == v.replace.size());
            for (std::size_t index = 0; index < expected.size(); ++index)
                if (expected[index].kind < 0)
                    BOOST_TEST(expected[index].code_point == static_cast<std::uint32_t>(v.replace[index]));
                else BOOST_TEST(static_cast<std::uint32_t>(v.replace[index]) == 0xFFFDu);

            const std::string_view bytes = v.input;
            BOOST_TEST(forwards(bytes | u8v::views::decode_or_error) == expected, tt::per_element());
            BOOST_TEST(backwards(bytes | u8v::views::decode_or_error) == expected, tt::per_element());
            const std::list<char> list(bytes.begin(), bytes.end());
            BOOST_TEST(forwards(list | u8v::views::decode_or_error) == expected, tt::per_element());
            // From end() over a list, each error's offset is computed once.
            BOOST_TEST(backwards(list | u8v::views::decode_or_error) == expected, tt::per_element());
        }
    }
}

// Over an input range (an istream's bytes, read once), offsets are counted.
BOOST_AUTO_TEST_CASE(single_pass_input)
{
    const std::string bytes = "a\xC2\x41\xED\xA0\x80\xF0\x9F\x98\x80\xF4";
    std::istringstream stream(bytes);
    auto input = std::ranges::subrange(std::istreambuf_iterator<char>(stream), std::istreambuf_iterator<char>());
    auto view = input | u8v::views::decode_or_error;
    static_assert(std::ranges::input_range<decltype(view)> && !std::ranges::forward_range<decltype(view)>);
    BOOST_TEST(forwards(view) == expected_utf8(bytes), tt::per_element());
}

// UTF-16: each unpaired surrogate is one error of one code unit, at its
// offset in code units (the WHATWG decoder's reading).
BOOST_AUTO_TEST_CASE(utf16_unpaired_surrogates)
{
    const std::vector<std::u16string> inputs = {
        {0xD800},         {0xDC00},         {0x0041, 0xDBFF},         {0xD800, 0xD800, 0xDC00},
        {0xDC00, 0xD800}, {0xD83D, 0xDE00}, {0xD83D, 0x4E8C, 0xDE00}, {0xFFFD, 0xD800, 0x0042},
    };
    for (const std::u16string& units : inputs) {
        std::vector<item> expected;
        for (const ref16::element& e : ref16::decode(units)) {
            if (e.code_point) expected.push_back({static_cast<std::uint32_t>(*e.code_point), -1, 0, 0});
            else
                expected.push_back({0, static_cast<int>(u8v::error_kind::unpaired_surrogate), e.offset,
                                    static_cast<unsigned>(e.length)});
        }
        const std::u16string_view text = units;
        BOOST_TEST(forwards(text | u8v::views::decode_utf16_or_error) == expected, tt::per_element());
        BOOST_TEST(backwards(text | u8v::views::decode_utf16_or_error) == expected, tt::per_element());
        const std::list<char16_t> list(units.begin(), units.end());
        BOOST_TEST(backwards(list | u8v::views::decode_utf16_or_error) == expected, tt::per_element());
    }
}

// The view's properties, its iterators' extra members, and constant
// evaluation.
BOOST_AUTO_TEST_CASE(properties)
{
    using view_t = u8v::decode_or_error_view<std::string_view>;
    static_assert(std::ranges::bidirectional_range<view_t> && std::ranges::common_range<view_t>);
    static_assert(std::ranges::view<view_t> && std::ranges::borrowed_range<view_t>);
    static_assert(!std::ranges::random_access_range<view_t> && !std::ranges::sized_range<view_t>);
    static_assert(std::same_as<std::ranges::range_value_t<view_t>, std::expected<char32_t, u8v::decode_error_info>>);
    static_assert(std::ranges::bidirectional_range<const view_t>);

    // "a", then E0 80 (an overlong's first byte, then a lone continuation byte).
    constexpr auto errors_at = [] {
        std::uint64_t sum = 0;
        for (const auto element : std::string_view("a\xE0\x80z") | u8v::views::decode_or_error)
            if (!element) sum = sum * 10 + element.error().offset;
        return sum;
    }();
    static_assert(errors_at == 12);

    const std::string_view bytes = "\xF0\x9F\x98\x80x\xFF";
    auto view = bytes | u8v::views::decode_or_error;
    auto it = view.begin();
    BOOST_TEST(it.code_unit_count() == 4u);
    BOOST_TEST(it.offset() == 0u);
    ++it;
    BOOST_TEST(it.base() == bytes.begin() + 4);
    ++it;
    BOOST_TEST(!(*it).has_value());
    BOOST_TEST(it.offset() == 5u);
    ++it;
    BOOST_TEST((it == view.end()));
}

#else

namespace {
boost::test_tools::assertion_result has_std_expected(ut::test_unit_id)
{
    boost::test_tools::assertion_result result(false);
    result.message() << "no std::expected in this build (C++23 with GCC 12 or later is needed)";
    return result;
}
}  // namespace

BOOST_AUTO_TEST_CASE(decode_or_error_needs_std_expected, *ut::precondition(has_std_expected))
{
    BOOST_TEST(false);
}

#endif
