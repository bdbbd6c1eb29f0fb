// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.

// A minimal consumer of utf8view, built three ways by scripts/test-all:
// against an installed tree (find_package), as a subdirectory
// (add_subdirectory), and with `pkg-config --cflags utf8view-header-only`,
// each time header-only (utf8view::header_only), and so told by
// UTF8VIEW_TEST_EXPECT_HEADER_ONLY. Exits non-zero unless decoding works.

#include <utf8view/utf8view.hpp>

#if defined(UTF8VIEW_TEST_EXPECT_HEADER_ONLY) &&                                                                       \
    (defined(UTF8VIEW_SEPARATE_COMPILATION) || !defined(UTF8VIEW_DETAIL_DISPATCH_HPP))
#error "utf8view::header_only must leave UTF8VIEW_SEPARATE_COMPILATION undefined and compile the kernels inline"
#endif

#include <cstdio>
#include <string_view>
#include <vector>

int main()
{
    // C3 86 is U+00C6 LATIN CAPITAL LETTER AE (Unicode code chart
    // "Latin-1 Supplement"; UTF-8 per Unicode ch. 3, Table 3-6).
    const std::string_view bytes = "\xC3\x86";
    std::vector<char32_t> code_points;
    for (char32_t c : bytes | utf8view::views::decode) code_points.push_back(c);

    if (code_points.size() != 1 || code_points[0] != char32_t{0x00C6}) {
        std::fprintf(stderr, "utf8view consumer: C3 86 did not decode to exactly U+00C6\n");
        return 1;
    }
    std::printf("utf8view consumer: ok (utf8view %s)\n", UTF8VIEW_VERSION_STRING);
    return 0;
}
