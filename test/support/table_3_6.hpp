// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.

// Unicode 15.0 ch. 3, Table 3-6 ("UTF-8 Bit Distribution"): how many bytes
// the UTF-8 form of a scalar value has, transcribed here independently of
// the library, which the tests check against it. (random_utf8.hpp has the
// bytes themselves, encode_by_table_3_6; property/round_trip.cpp keeps its
// own transcription on purpose.)

#ifndef UTF8VIEW_TEST_SUPPORT_TABLE_3_6_HPP
#define UTF8VIEW_TEST_SUPPORT_TABLE_3_6_HPP

#include <concepts>
#include <cstddef>

namespace utf8view_test {

/** The number of bytes of the UTF-8 form of `scalar_value` (1 to 4):
      U+0000..U+007F    0xxxxxxx
      U+0080..U+07FF    110yyyyy 10xxxxxx
      U+0800..U+FFFF    1110zzzz 10yyyyyy 10xxxxxx
      U+10000..U+10FFFF 11110uuu 10uuzzzz 10yyyyyy 10xxxxxx
    `scalar_value` must be a scalar value (D76): a char32_t, or a wider
    integer holding one. */
template <std::integral T>
constexpr std::size_t table_3_6_length(T scalar_value)
{
    if (scalar_value <= 0x7F) return 1;
    if (scalar_value <= 0x7FF) return 2;
    if (scalar_value <= 0xFFFF) return 3;
    return 4;
}

}  // namespace utf8view_test

#endif  // UTF8VIEW_TEST_SUPPORT_TABLE_3_6_HPP
