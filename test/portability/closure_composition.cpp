// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.

// utf8view-test: plain-main
//
// The adaptor objects compose with the standard library's in both
// directions, whatever the standard library: detail/closure.hpp picks a
// different base for libstdc++, libc++ and MSVC's library. And
// std::views::reverse works through the library's own std::reverse_iterator
// (detail/reverse_iterator.hpp specializes it), with either library. A plain main so
// that scripts/test-all can also build it against libc++ (the Boost.Test
// library here is built for libstdc++). Expected values: Unicode 15.0 §3.9
// (FF is one maximal subpart) and the code charts (U+00C6 is C3 86).

#include <utf8view/utf8view.hpp>

#include <algorithm>
#include <array>
#include <cstdio>
#include <ranges>
#include <string_view>

int main()
{
    namespace u8v = utf8view;
    const std::string_view bytes = "\xC3\x86\xFF"
                                   "b";
    const std::array<char32_t, 2> first_two = {0xC6, 0xFFFD};
    const std::array<char32_t, 2> skipped = {0xC6, 'b'};
    const std::array<char8_t, 2> first_bytes = {0xC3, 0x86};
    int failures = 0;
    const auto check = [&failures](bool ok, const char* what) {
        if (!ok) {
            std::printf("FAILED: %s\n", what);
            ++failures;
        }
    };
    check(std::ranges::equal(bytes | u8v::views::decode | std::views::take(2), first_two), "range | decode | take");
    check(std::ranges::equal(bytes | (u8v::views::decode | std::views::take(2)), first_two), "decode | take composed");
    check(std::ranges::equal(bytes | (std::views::take(4) | u8v::views::decode(u8v::on_error::skip)), skipped),
          "take | decode(policy) composed");
    check(std::ranges::equal(bytes | u8v::views::decode | u8v::views::encode | std::views::take(2), first_bytes),
          "decode | encode | take");
    check(std::ranges::equal(bytes | (u8v::views::decode | u8v::views::encode) | std::views::take(2), first_bytes),
          "decode | encode composed");
    const std::array<char32_t, 3> reversed = {'b', 0xFFFD, 0xC6};
    check(std::ranges::equal(bytes | u8v::views::decode | std::views::reverse, reversed), "decode | reverse");
    const auto view = bytes | u8v::views::decode;
    using reverse = std::reverse_iterator<decltype(view.begin())>;
    static_assert(sizeof(reverse) == 2 * sizeof(decltype(view.begin())), "the specialization");
    static_assert(std::bidirectional_iterator<reverse>);
    reverse it(view.end());
    ++it;
    check(*it == 0xFFFD && it.base().base() == bytes.begin() + 3 && *--it == 'b', "reverse_iterator steps");
    std::printf("closure_composition: %d failure(s)\n", failures);
    return failures == 0 ? 0 : 1;
}
