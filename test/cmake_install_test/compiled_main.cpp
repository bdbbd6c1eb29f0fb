// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.

// A consumer of utf8view::utf8view, the default, separately compiled mode
// (also by its old name utf8view::utf8view_compiled), from an installed
// tree, as a subdirectory and with `pkg-config --cflags --libs utf8view`
// (scripts/test-all, stages cmake-install, cmake-subdir and pkg-config).
// Validates
// and decodes input long enough to call the SIMD kernels, which only the
// library defines. Exits non-zero unless that works.

#include <utf8view/utf8view.hpp>

#if !defined(UTF8VIEW_SEPARATE_COMPILATION) || defined(UTF8VIEW_DETAIL_DISPATCH_HPP)
#error "utf8view::utf8view must define UTF8VIEW_SEPARATE_COMPILATION, which keeps the kernels out"
#endif

#include <cstdio>
#include <string>
#include <vector>

int main()
{
    std::string bytes;
    for (int i = 0; i < 100; ++i) bytes += "\xC3\x86";  // U+00C6 (Unicode ch. 3, Table 3-6)
    bytes += "\xC0\xAE";                                 // an overlong '.': two maximal subparts
    const utf8view::validation_result result = utf8view::validate(bytes);
    std::vector<char32_t> code_points(utf8view::count_code_points(bytes));
    utf8view::decode_into(bytes, code_points);
    if (result.kind != utf8view::error_kind::overlong || result.offset != 200 || code_points.size() != 102 ||
        code_points[99] != char32_t{0x00C6} || code_points[100] != char32_t{0xFFFD}) {
        std::fprintf(stderr, "utf8view compiled consumer: wrong result\n");
        return 1;
    }
    std::printf("utf8view compiled consumer: ok\n");
    return 0;
}
