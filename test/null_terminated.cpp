// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.

#include <utf8view/null_terminated.hpp>  // first: the header is self-contained

#define BOOST_TEST_MODULE null_terminated
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <cstddef>
#include <iterator>
#include <ranges>
#include <string_view>

namespace u8v = utf8view;

using c_string = decltype(u8v::null_terminated(static_cast<const char*>(nullptr)));
static_assert(std::ranges::contiguous_range<c_string>);
static_assert(std::ranges::borrowed_range<c_string>);
static_assert(std::ranges::view<c_string>);
static_assert(!std::ranges::sized_range<c_string>);
static_assert(!std::ranges::common_range<c_string>);

BOOST_AUTO_TEST_CASE(ends_at_the_first_nul_for_each_code_unit_type)
{
    const char text[] = "ab\0cd";
    BOOST_TEST(std::ranges::distance(u8v::null_terminated(text)) == 2);
    BOOST_TEST(std::ranges::distance(u8v::null_terminated(u8"\u00E6")) == 2);
    const unsigned char bytes[] = {0xC3, 0xA6, 0x00, 0x41};
    BOOST_TEST(std::ranges::distance(u8v::null_terminated(bytes)) == 2);
    const std::byte raw[] = {std::byte{0x41}, std::byte{0x00}};
    BOOST_TEST(std::ranges::distance(u8v::null_terminated(raw)) == 1);
    BOOST_TEST(std::ranges::empty(u8v::null_terminated("")));
}

BOOST_AUTO_TEST_CASE(works_in_constant_expressions)
{
    constexpr auto length = std::ranges::distance(u8v::null_terminated("xyz"));
    static_assert(length == 3);
    BOOST_TEST(length == 3);
}
