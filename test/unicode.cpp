// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.

#include <utf8view/unicode.hpp>  // first: the header is self-contained

#define BOOST_TEST_MODULE unicode
#include <boost/test/unit_test.hpp>

#include <cstddef>

namespace u8v = utf8view;

// Every expectation below restates Unicode 15.0 ch. 3: D71-D76 (surrogates,
// scalar values), Table 3-6 (bytes per code point) and Table 3-7 (which byte
// may start or continue a sequence).

static_assert(u8v::replacement_character == 0xFFFD);
static_assert(u8v::byte_order_mark == 0xFEFF);
static_assert(u8v::max_code_point == 0x10FFFF);

BOOST_AUTO_TEST_CASE(scalar_values_are_the_codespace_without_surrogates_d76)
{
    BOOST_TEST(u8v::is_scalar_value(0x0000));
    BOOST_TEST(u8v::is_scalar_value(0xD7FF));
    BOOST_TEST(!u8v::is_scalar_value(0xD800));
    BOOST_TEST(!u8v::is_scalar_value(0xDFFF));
    BOOST_TEST(u8v::is_scalar_value(0xE000));
    BOOST_TEST(u8v::is_scalar_value(0xFFFE));  // noncharacters are scalar values
    BOOST_TEST(u8v::is_scalar_value(0x10FFFF));
    BOOST_TEST(!u8v::is_scalar_value(0x110000));
    BOOST_TEST(!u8v::is_scalar_value(0xFFFFFFFF));
    BOOST_TEST(u8v::is_surrogate(0xDB80));
    BOOST_TEST(!u8v::is_surrogate(0xD7FF));
    BOOST_TEST(!u8v::is_surrogate(0xE000));
}

BOOST_AUTO_TEST_CASE(byte_classes_for_every_byte_table_3_7)
{
    for (unsigned value = 0; value <= 0xFF; ++value) {
        const auto byte = static_cast<unsigned char>(value);
        BOOST_TEST_CONTEXT("byte " << value)
        {
            const bool continuation = value >= 0x80 && value <= 0xBF;
            const bool lead = value >= 0xC2 && value <= 0xF4;
            BOOST_TEST(u8v::is_continuation_byte(byte) == continuation);
            BOOST_TEST(u8v::is_lead_byte(byte) == lead);
            int length = 0;
            if (value <= 0x7F) length = 1;
            else if (value >= 0xC2 && value <= 0xDF) length = 2;
            else if (value >= 0xE0 && value <= 0xEF) length = 3;
            else if (value >= 0xF0 && value <= 0xF4) length = 4;
            BOOST_TEST(u8v::sequence_length(byte) == length);
            // The same answers whatever the code unit type.
            BOOST_TEST(u8v::sequence_length(static_cast<char>(byte)) == length);
            BOOST_TEST(u8v::sequence_length(static_cast<char8_t>(byte)) == length);
            BOOST_TEST(u8v::sequence_length(std::byte{byte}) == length);
            BOOST_TEST(u8v::is_continuation_byte(static_cast<signed char>(byte)) == continuation);
        }
    }
}

BOOST_AUTO_TEST_CASE(encoded_length_at_each_boundary_of_table_3_6)
{
    BOOST_TEST(u8v::encoded_length(0x0000) == 1);
    BOOST_TEST(u8v::encoded_length(0x007F) == 1);
    BOOST_TEST(u8v::encoded_length(0x0080) == 2);
    BOOST_TEST(u8v::encoded_length(0x07FF) == 2);
    BOOST_TEST(u8v::encoded_length(0x0800) == 3);
    BOOST_TEST(u8v::encoded_length(0xD7FF) == 3);
    BOOST_TEST(u8v::encoded_length(0xD800) == 0);
    BOOST_TEST(u8v::encoded_length(0xDFFF) == 0);
    BOOST_TEST(u8v::encoded_length(0xE000) == 3);
    BOOST_TEST(u8v::encoded_length(0xFFFF) == 3);
    BOOST_TEST(u8v::encoded_length(0x10000) == 4);
    BOOST_TEST(u8v::encoded_length(0x10FFFF) == 4);
    BOOST_TEST(u8v::encoded_length(0x110000) == 0);
}

static_assert(u8v::is_lead_byte(static_cast<unsigned char>(0xC2)) &&
              !u8v::is_lead_byte(static_cast<unsigned char>(0xC1)));
static_assert(u8v::sequence_length(u8'\xF4') == 4 && u8v::sequence_length(u8'\xF5') == 0);
