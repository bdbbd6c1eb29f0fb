// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.

// A consumer of the opt-in headers of an installed utf8view
// (<utf8view/ext/...>, installed by their own install(DIRECTORY) rule: they
// are not in the header set). Built by test/cmake_install_test when Boost and
// range-v3 are found. Exits non-zero unless both glue headers work.

#include <utf8view/ext/boost_range.hpp>
#include <utf8view/ext/range_v3.hpp>

#include <boost/range/adaptor/reversed.hpp>
#include <range/v3/view/reverse.hpp>

#include <cstdio>
#include <string_view>
#include <vector>

int main()
{
    // "Ærø" is C3 86 72 C3 B8: U+00C6 U+0072 U+00F8 (code charts; Table 3-6).
    const std::string_view bytes = "\xC3\x86r\xC3\xB8";
    const std::vector<char32_t> expected = {0x00F8, 0x0072, 0x00C6};
    std::vector<char32_t> from_range_v3;
    for (char32_t c : bytes | utf8view::views::decode | ranges::views::reverse) from_range_v3.push_back(c);
    std::vector<char32_t> from_boost;
    for (char32_t c : bytes | utf8view::views::decode | boost::adaptors::reversed) from_boost.push_back(c);
    if (from_range_v3 != expected || from_boost != expected) {
        std::fprintf(stderr, "utf8view ext consumer: \"Ærø\" reversed is not U+00F8 U+0072 U+00C6\n");
        return 1;
    }
    std::printf("utf8view ext consumer: ok\n");
    return 0;
}
