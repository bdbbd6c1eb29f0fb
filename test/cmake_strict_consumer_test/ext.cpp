// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.

// The opt-in headers of include/utf8view/ext/ under the strict warnings and
// -Werror, as main.cpp (built by test/cmake_strict_consumer_test/CMakeLists.txt
// where Boost, range-v3 and fmt are found; only against the headers, since
// the single header leaves ext/ out). Boost, range-v3 and fmt are system
// headers here: their own warnings do not count, utf8view's do. Exits
// non-zero unless every result is the expected one ("Ærø" is U+00C6 U+0072
// U+00F8, C3 86 72 C3 B8 in UTF-8; the texts are those of <utf8view/io.hpp>).

#include <utf8view/ext/boost_range.hpp>
#include <utf8view/ext/fmt.hpp>
#include <utf8view/ext/range_v3.hpp>
#include <utf8view/utf8view.hpp>

#include <boost/range/adaptor/reversed.hpp>
#include <boost/range/algorithm/copy.hpp>
#include <fmt/format.h>
#include <range/v3/range/conversion.hpp>
#include <range/v3/view/reverse.hpp>
#include <range/v3/view/take.hpp>

#include <cstdio>
#include <iterator>
#include <string>
#include <string_view>

// As in main.cpp: C++20 code, from here on only.
#if defined(__clang__)
#pragma clang diagnostic ignored "-Wc++98-compat-pedantic"
#pragma clang diagnostic ignored "-Wpre-c++14-compat-pedantic"
#pragma clang diagnostic ignored "-Wpre-c++17-compat-pedantic"
#pragma clang diagnostic ignored "-Wpre-c++20-compat-pedantic"
#endif

namespace u8v = utf8view;

namespace {

int failures = 0;

void check(bool ok, const char* what)
{
    if (!ok) {
        std::fprintf(stderr, "utf8view strict consumer (ext): FAILED: %s\n", what);
        ++failures;
    }
}

}  // namespace

int main()
{
    const std::string_view aero = "\xC3\x86\x72\xC3\xB8";

    // range-v3: an rvalue view piped into its views, and back to UTF-8.
    const std::string reversed =
        aero | u8v::views::decode | ranges::views::reverse | u8v::views::encode_as<char> | ranges::to<std::string>();
    check(reversed == "\xC3\xB8r\xC3\x86", "range-v3: reverse");
    const std::u32string first_two = aero | u8v::views::decode | ranges::views::take(2) | ranges::to<std::u32string>();
    check(first_two == U"\u00C6r", "range-v3: take");

    // Boost.Range: reversed needs bidirectional traversal.
    std::u32string code_points;
    boost::copy(aero | u8v::views::decode | boost::adaptors::reversed, std::back_inserter(code_points));
    check(code_points == U"\u00F8r\u00C6", "Boost.Range: reversed");
    std::string bytes;
    boost::copy(std::u32string_view(U"\u00C6") | u8v::views::encode_as<char>, std::back_inserter(bytes));
    check(bytes == "\xC3\x86", "Boost.Range: encode_as");

    // fmt.
    check(fmt::format("{}", u8v::error_kind::overlong) == "overlong", "fmt: error_kind");
    check(fmt::format("{}", u8v::decode_error_info{u8v::error_kind::overlong, 12, 2}) ==
              "overlong at byte offset 12, 2 bytes",
          "fmt: decode_error_info");
    check(fmt::format("{}", u8v::encode_error_info{u8v::error_kind::surrogate, 3, 0xD800}) ==
              "surrogate U+D800 at code point offset 3",
          "fmt: encode_error_info");
    check(fmt::format("{}", u8v::validate(std::string_view("\x2F\xC0\xAE"))) == "overlong at byte offset 1",
          "fmt: validation_result");

    if (failures != 0) return 1;
    std::printf("utf8view strict consumer: ok (<utf8view/ext/*.hpp>)\n");
    return 0;
}
