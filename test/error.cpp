// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.

#include <utf8view/error.hpp>  // first: the header is self-contained

#define BOOST_TEST_MODULE error
#include <boost/test/unit_test.hpp>

#include "support/print.hpp"

#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>

namespace u8v = utf8view;

static_assert(std::is_base_of_v<std::runtime_error, u8v::decode_error>);
static_assert(std::is_base_of_v<std::runtime_error, u8v::encode_error>);
static_assert(u8v::to_string(u8v::error_kind::overlong) == "overlong");

BOOST_AUTO_TEST_CASE(every_kind_has_its_documented_name)
{
    // The names of doc/reference.md (<utf8view/error.hpp>).
    BOOST_TEST(u8v::to_string(u8v::error_kind::truncated_sequence) == "truncated_sequence");
    BOOST_TEST(u8v::to_string(u8v::error_kind::unexpected_continuation_byte) == "unexpected_continuation_byte");
    BOOST_TEST(u8v::to_string(u8v::error_kind::overlong) == "overlong");
    BOOST_TEST(u8v::to_string(u8v::error_kind::surrogate) == "surrogate");
    BOOST_TEST(u8v::to_string(u8v::error_kind::out_of_range) == "out_of_range");
    BOOST_TEST(u8v::to_string(u8v::error_kind::invalid_lead_byte) == "invalid_lead_byte");
    BOOST_TEST(u8v::to_string(u8v::error_kind::unpaired_surrogate) == "unpaired_surrogate");
    BOOST_TEST(u8v::to_string(static_cast<u8v::error_kind>(0)) == "unknown");
}

BOOST_AUTO_TEST_CASE(decode_error_carries_kind_and_byte_offset)
{
    const u8v::decode_error error(u8v::error_kind::surrogate, 12);
    BOOST_TEST(error.kind() == u8v::error_kind::surrogate);
    BOOST_TEST(error.offset() == 12u);
    BOOST_TEST(std::string(error.what()) == "utf8view: ill-formed UTF-8 (surrogate) at byte offset 12");
}

BOOST_AUTO_TEST_CASE(decode_error_of_utf16_input_says_code_units)
{
    const u8v::decode_error error(u8v::error_kind::unpaired_surrogate, 7);
    BOOST_TEST(error.kind() == u8v::error_kind::unpaired_surrogate);
    BOOST_TEST(error.offset() == 7u);
    BOOST_TEST(std::string(error.what()) == "utf8view: ill-formed UTF-16 (unpaired_surrogate) at code unit offset 7");
}

BOOST_AUTO_TEST_CASE(encode_error_carries_kind_offset_and_value)
{
    const u8v::encode_error error(u8v::error_kind::out_of_range, 3, -1);
    BOOST_TEST(error.kind() == u8v::error_kind::out_of_range);
    BOOST_TEST(error.offset() == 3u);
    BOOST_TEST(error.value() == -1);
    BOOST_TEST(std::string(error.what()) ==
               "utf8view: not a Unicode scalar value (out_of_range) at code point offset 3");
}
