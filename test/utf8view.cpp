// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.

#include <utf8view/utf8view.hpp>  // first: the umbrella header is self-contained

#define BOOST_TEST_MODULE utf8view
#include <boost/test/unit_test.hpp>

#include "support/print.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace u8v = utf8view;

// The example at the top of DESIGN.md §1 and README.md, as a test. Its
// expected values restate DESIGN.md §3 (C0 is never valid; AE then is a
// lone continuation byte) and the code charts (Æ U+00C6, ø U+00F8).
BOOST_AUTO_TEST_CASE(readme_example)
{
    std::string_view bytes = "\xC3\x86r\xC3\xB8 \xC0\xAE";  // "Ærø " then an overlong '.'
    std::vector<char32_t> code_points;
    for (char32_t c : bytes | u8v::views::decode) code_points.push_back(c);
    BOOST_TEST(code_points == (std::vector<char32_t>{0xC6, 'r', 0xF8, ' ', 0xFFFD, 0xFFFD}));

    auto cps = bytes | u8v::views::decode(u8v::on_error::skip);
    std::u8string back;
    for (char8_t unit : cps | u8v::views::encode) back.push_back(unit);
    BOOST_TEST((back == u8"\u00C6r\u00F8 "));
}
