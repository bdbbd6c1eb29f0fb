// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.

// utf8view-test: plain-main
// utf8view-test: no-exceptions
//
// The headers compile and work with -fno-exceptions (a plain main: Boost.Test
// needs exceptions). Expected values from Unicode 15.0 ch. 3, Table 3-7 and
// §3.9 (one U+FFFD per maximal subpart).

#include <utf8view/utf8view.hpp>

#include <algorithm>
#include <array>
#include <cstdio>
#include <string_view>

int main()
{
    namespace u8v = utf8view;
    const std::string_view bytes = "\xC2\x41\x42";  // C2 41 42 -> FFFD 41 42
    const std::array<char32_t, 3> replaced = {0xFFFD, 0x41, 0x42};
    const std::array<char32_t, 2> skipped = {0x41, 0x42};
    const std::array<char8_t, 5> encoded = {0xEF, 0xBF, 0xBD, 0x41, 0x42};
    int failures = 0;
    if (!std::ranges::equal(bytes | u8v::views::decode, replaced)) ++failures;
    if (!std::ranges::equal(bytes | u8v::views::decode(u8v::on_error::skip), skipped)) ++failures;
    if (!std::ranges::equal(bytes | u8v::views::decode | u8v::views::encode, encoded)) ++failures;
    std::printf("no_exceptions: %d failure(s)\n", failures);
    return failures == 0 ? 0 : 1;
}
