// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.

#include <utf8view/code_unit.hpp>  // first: the header is self-contained

#define BOOST_TEST_MODULE code_unit
#include <boost/test/unit_test.hpp>

#include <cstddef>
#include <cstdint>
#include <list>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace u8v = utf8view;

// The five byte types of doc/reference.md (decode_view, "Takes"), with or
// without const.
static_assert(u8v::utf8_code_unit<char> && u8v::utf8_code_unit<signed char> && u8v::utf8_code_unit<unsigned char> &&
              u8v::utf8_code_unit<char8_t> && u8v::utf8_code_unit<std::byte> && u8v::utf8_code_unit<const char>);
static_assert(!u8v::utf8_code_unit<char16_t> && !u8v::utf8_code_unit<char32_t> && !u8v::utf8_code_unit<int> &&
              !u8v::utf8_code_unit<bool> && !u8v::utf8_code_unit<wchar_t>);

static_assert(u8v::utf8_range<std::string> && u8v::utf8_range<std::u8string_view> &&
              u8v::utf8_range<std::vector<std::byte>> && u8v::utf8_range<std::list<unsigned char>> &&
              u8v::utf8_range<std::span<const char>>);
static_assert(!u8v::utf8_range<std::u32string> && !u8v::utf8_range<std::vector<int>>);

// Code point types hold any code point value: at least 32 bits.
static_assert(u8v::code_point_type<char32_t> && u8v::code_point_type<std::uint32_t> && u8v::code_point_type<int> &&
              u8v::code_point_type<std::int64_t>);
static_assert(!u8v::code_point_type<char16_t> && !u8v::code_point_type<char> && !u8v::code_point_type<char8_t> &&
              !u8v::code_point_type<bool> && !u8v::code_point_type<std::uint16_t>);
static_assert(u8v::code_point_range<std::u32string_view> && u8v::code_point_range<std::vector<int>>);
static_assert(!u8v::code_point_range<std::u16string> && !u8v::code_point_range<std::string>);

BOOST_AUTO_TEST_CASE(negative_char_is_read_as_its_byte)
{
    // 0xC3 in a signed char is -61; it is still the byte C3.
    const char signed_value = static_cast<char>(0xC3);
    BOOST_TEST(u8v::detail::to_byte(signed_value) == 0xC3);
    BOOST_TEST(u8v::detail::to_byte(std::byte{0xFF}) == 0xFF);
    BOOST_TEST(u8v::detail::to_byte(static_cast<signed char>(-128)) == 0x80);
}
