// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.

// The fmt::formatter specializations of <utf8view/ext/fmt.hpp> (tested with
// fmt 9.1, linked with its library): each error type formats to the text
// that <utf8view/io.hpp> documents and test/io.cpp checks for operator<<,
// the same text as operator<<, and a format specification other than the
// empty one is rejected.
//
// Built with fmt only where the build found fmt's library and defined
// UTF8VIEW_TEST_HAVE_FMT (test/CMakeLists.txt, test/Jamfile). Without it
// the file still builds: it then defines one test case, which Boost.Test
// reports as skipped, with the reason "fmt not found"
// (--log_level=test_suite shows it).

#if defined(UTF8VIEW_TEST_HAVE_FMT)

#include <utf8view/ext/fmt.hpp>  // first: the header is self-contained
#define BOOST_TEST_MODULE interop_fmt
#include <boost/test/unit_test.hpp>

#include <utf8view/io.hpp>

#include "support/print.hpp"

#include <fmt/format.h>

#include <cstdint>
#include <iterator>
#include <limits>
#include <optional>
#include <sstream>
#include <string>

namespace u8v = utf8view;

namespace {

using kind = u8v::error_kind;

template <class T>
std::string streamed(const T& value)
{
    std::ostringstream out;
    out << value;
    return out.str();
}

// The format string is only known at run time, so fmt checks it then.
template <class T>
bool rejected(const char* format, const T& value)
{
    try {
        static_cast<void>(fmt::format(fmt::runtime(format), value));
    }
    catch (const fmt::format_error&) {
        return true;
    }
    return false;
}

}  // namespace

BOOST_AUTO_TEST_CASE(every_error_kind_formats_to_its_documented_name)
{
    BOOST_TEST(fmt::format("{}", kind::truncated_sequence) == "truncated_sequence");
    BOOST_TEST(fmt::format("{}", kind::unexpected_continuation_byte) == "unexpected_continuation_byte");
    BOOST_TEST(fmt::format("{}", kind::overlong) == "overlong");
    BOOST_TEST(fmt::format("{}", kind::surrogate) == "surrogate");
    BOOST_TEST(fmt::format("{}", kind::out_of_range) == "out_of_range");
    BOOST_TEST(fmt::format("{}", kind::invalid_lead_byte) == "invalid_lead_byte");
    BOOST_TEST(fmt::format("{}", kind::unpaired_surrogate) == "unpaired_surrogate");
    BOOST_TEST(fmt::format("{}", static_cast<kind>(0)) == "unknown(0)");
    BOOST_TEST(fmt::format("{}", static_cast<kind>(200)) == "unknown(200)");
}

BOOST_AUTO_TEST_CASE(the_structs_format_as_documented)
{
    BOOST_TEST(fmt::format("{}", u8v::decode_error_info{kind::overlong, 12, 2}) ==
               "overlong at byte offset 12, 2 bytes");
    BOOST_TEST(fmt::format("{}", u8v::decode_error_info{kind::truncated_sequence, 0, 1}) ==
               "truncated_sequence at byte offset 0, 1 byte");
    BOOST_TEST(fmt::format("{}", u8v::decode_error_info{kind::unpaired_surrogate, 7, 1}) ==
               "unpaired_surrogate at code unit offset 7, 1 code unit");
    BOOST_TEST(fmt::format("{}", u8v::encode_error_info{kind::surrogate, 3, 0xD800}) ==
               "surrogate U+D800 at code point offset 3");
    BOOST_TEST(fmt::format("{}", u8v::encode_error_info{kind::out_of_range, 0, 0x110000}) ==
               "out_of_range 0x110000 at code point offset 0");
    BOOST_TEST(
        fmt::format("{}", u8v::encode_error_info{kind::out_of_range, 2, std::numeric_limits<std::int64_t>::min()}) ==
        "out_of_range -0x8000000000000000 at code point offset 2");
    BOOST_TEST(fmt::format("{}", u8v::validation_result{std::nullopt, 12}) == "valid (12 code units)");
    BOOST_TEST(fmt::format("{}", u8v::validation_result{kind::overlong, 12}) == "overlong at byte offset 12");
    BOOST_TEST(fmt::format("{}", u8v::validation_result{kind::unpaired_surrogate, 7}) ==
               "unpaired_surrogate at code unit offset 7");
}

BOOST_AUTO_TEST_CASE(fmt_and_operator_shift_write_the_same_text)
{
    for (int value = 0; value <= 255; ++value) {
        const auto k = static_cast<kind>(value);
        BOOST_TEST(fmt::format("{}", k) == streamed(k));
        const u8v::decode_error_info info{k, 4294967313, 3};  // 2^32 + 17
        BOOST_TEST(fmt::format("{}", info) == streamed(info));
        const u8v::encode_error_info value_info{k, 9, -value};
        BOOST_TEST(fmt::format("{}", value_info) == streamed(value_info));
        const u8v::validation_result result{k, 5};
        BOOST_TEST(fmt::format("{}", result) == streamed(result));
    }
}

BOOST_AUTO_TEST_CASE(in_longer_format_strings_and_other_outputs)
{
    BOOST_TEST(fmt::format("[{0}] [{0}] {1}", kind::overlong, 7) == "[overlong] [overlong] 7");
    BOOST_TEST(fmt::format("{:}", kind::overlong) == "overlong");  // a colon and nothing: the empty specification
    std::string out;
    fmt::format_to(std::back_inserter(out), "{}", u8v::validation_result{std::nullopt, 1});
    BOOST_TEST(out == "valid (1 code unit)");
}

BOOST_AUTO_TEST_CASE(a_format_specification_is_rejected)
{
    BOOST_TEST(rejected("{:>20}", kind::overlong));
    BOOST_TEST(rejected("{:s}", u8v::decode_error_info{kind::overlong, 12, 2}));
    BOOST_TEST(rejected("{:x}", u8v::encode_error_info{kind::surrogate, 3, 0xD800}));
    BOOST_TEST(rejected("{:<}", u8v::validation_result{std::nullopt, 12}));
    BOOST_TEST(!rejected("{}", kind::overlong));
}

#else  // fmt not found

#define BOOST_TEST_MODULE interop_fmt
#include <boost/test/unit_test.hpp>

namespace {

boost::test_tools::assertion_result fmt_is_found(boost::unit_test::test_unit_id)
{
    boost::test_tools::assertion_result result(false);
    result.message() << "fmt not found (the build defines UTF8VIEW_TEST_HAVE_FMT when it links fmt's library)";
    return result;
}

}  // namespace

BOOST_AUTO_TEST_CASE(interoperability_with_fmt, *boost::unit_test::precondition(fmt_is_found)) {}

#endif
