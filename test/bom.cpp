// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.

#include <utf8view/bom.hpp>  // first: the header is self-contained

#define BOOST_TEST_MODULE bom
#include <boost/test/unit_test.hpp>

#include <cstddef>
#include <list>
#include <ranges>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace u8v = utf8view;
using namespace std::string_view_literals;

// U+FEFF encoded in UTF-8 is EF BB BF (Unicode 15.0 ch. 3 D94, ch. 23 §23.8).

BOOST_AUTO_TEST_CASE(recognises_exactly_ef_bb_bf_at_the_start)
{
    BOOST_TEST(u8v::starts_with_bom("\xEF\xBB\xBF"sv));
    BOOST_TEST(u8v::starts_with_bom("\xEF\xBB\xBFtext"sv));
    BOOST_TEST(!u8v::starts_with_bom("\xEF\xBB"sv));
    BOOST_TEST(!u8v::starts_with_bom("\xEF\xBB\xBE"sv));
    BOOST_TEST(!u8v::starts_with_bom("x\xEF\xBB\xBF"sv));
    BOOST_TEST(!u8v::starts_with_bom(""sv));
    const std::list<unsigned char> list = {0xEF, 0xBB, 0xBF, 0x41};
    BOOST_TEST(u8v::starts_with_bom(list));
}

BOOST_AUTO_TEST_CASE(strip_bom_removes_one_bom_and_keeps_the_type)
{
    const std::string_view with = "\xEF\xBB\xBF\xEF\xBB\xBF"
                                  "A";
    const std::string_view stripped = u8v::strip_bom(with);
    BOOST_TEST(stripped == "\xEF\xBB\xBF"
                           "A");  // only one BOM is removed
    BOOST_TEST(u8v::strip_bom("AB"sv) == "AB");
    const std::string owned = "\xEF\xBB\xBFz";
    static_assert(std::is_same_v<decltype(u8v::strip_bom(owned)), std::string_view>);
    BOOST_TEST(u8v::strip_bom(owned) == "z");
    static_assert(std::is_same_v<decltype(u8v::strip_bom(std::string("x"))), std::ranges::dangling>);

    std::vector<std::byte> bytes = {std::byte{0xEF}, std::byte{0xBB}, std::byte{0xBF}, std::byte{0x41}};
    const std::span<std::byte, 4> fixed(bytes);
    const auto part = u8v::strip_bom(fixed);
    static_assert(std::is_same_v<decltype(part), const std::span<std::byte>>);
    BOOST_TEST(part.size() == 1u);
    BOOST_TEST(part.data() == bytes.data() + 3);

    const std::list<char> list = {'\xEF', '\xBB', '\xBF', 'q'};
    const auto rest = u8v::strip_bom(list);
    BOOST_TEST(std::ranges::distance(rest) == 1);
    BOOST_TEST(*rest.begin() == 'q');
}

static_assert(u8v::starts_with_bom(u8"\uFEFFx"sv));
