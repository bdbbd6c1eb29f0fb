// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at https://www.boost.org/LICENSE_1_0.txt)

// The lazy loop of sum/*/utf8view.views_decode (and that of
// sum/*/utf8view.views_decode_buffered), compiled on its own with
// -O2 -march=x86-64 -mtune=generic (bench/CMakeLists.txt adds these flags
// after the build's, so they win): what a user gets at -O2 without -march.
// Linked into the same binary as the -O3 -march=native loop, the two are
// timed side by side in one run (the target: at g++ -O2 without -march the
// loop keeps at least 0.8x of its -O3 -march=native speed; the same for
// the buffered loop).
//
// The namespace is renamed so that this translation unit shares no inline
// function with the rest of the program: otherwise the linker would keep
// one copy of each, compiled with either set of flags.

#define utf8view utf8view_o2_build
#include "utf8view_all_headers.hpp"

#include <cstdint>
#include <string_view>

namespace bench {

[[gnu::noinline]] std::uint64_t sum_utf8view_o2_build(std::string_view s)
{
    std::uint64_t sum = 0;
    for (char32_t c : s | utf8view::views::decode) sum += c;
    return sum;
}

#ifdef UTF8VIEW_BENCH_HAS_DECODE_BUFFERED
[[gnu::noinline]] std::uint64_t sum_utf8view_buffered_o2_build(std::string_view s)
{
    std::uint64_t sum = 0;
    for (char32_t c : s | utf8view::views::decode_buffered) sum += c;
    return sum;
}
#endif

}  // namespace bench
