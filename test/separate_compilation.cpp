// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.
// utf8view-test: plain-main
//
// The public headers with UTF8VIEW_SEPARATE_COMPILATION (test/CMakeLists.txt
// builds this file a second time in that mode, linked with utf8view::utf8view,
// the default, as test separate.separate_compilation; as a plain test it runs
// header-only):
//   - <utf8view/utf8view.hpp> then includes none of the kernel choice and
//     none of the SIMD kernels (so no <immintrin.h>), only their three call
//     points (detail/kernel_calls.hpp);
//   - the functions that call the kernels give what the generic, scalar path
//     gives (views::decode over a std::list, which never reaches a kernel):
//     validate, count_code_points, decode_into, encode_into, on valid and
//     corrupted text long enough (up to 200 KiB) to take every kernel path.

#include <utf8view/utf8view.hpp>

#if defined(UTF8VIEW_SEPARATE_COMPILATION)
#if defined(UTF8VIEW_DETAIL_DISPATCH_HPP) || defined(UTF8VIEW_DETAIL_CPU_HPP) ||                                       \
    defined(UTF8VIEW_DETAIL_SIMD_AVX2_HPP) || defined(UTF8VIEW_DETAIL_SIMD_AVX512_HPP) ||                              \
    defined(UTF8VIEW_DETAIL_SIMD_SSE_HPP) || defined(UTF8VIEW_DETAIL_SIMD_NEON_HPP) ||                                 \
    defined(UTF8VIEW_DETAIL_SIMD_TRANSCODE_AVX512_HPP)
#error "with UTF8VIEW_SEPARATE_COMPILATION, <utf8view/utf8view.hpp> must not include the kernels or their choice"
#endif
#endif

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <iterator>
#include <list>
#include <string>
#include <vector>

namespace {

int failures = 0;

void check(bool condition, const char* what, std::size_t size)
{
    if (!condition) {
        std::fprintf(stderr, "separate_compilation: %s (input of %zu bytes)\n", what, size);
        ++failures;
    }
}

struct lcg {
    std::uint32_t state;
    std::uint32_t next() { return (state = state * 1664525u + 1013904223u) >> 8; }
};

// Valid UTF-8 of 1- to 4-byte characters, then (when `corrupt`) a few bytes
// replaced by random ones.
std::string make_text(lcg& random, std::size_t size, bool corrupt)
{
    std::string text;
    while (text.size() < size) {
        char32_t c = 0;
        switch (random.next() % 4) {
        case 0: c = 0x20 + random.next() % 0x5F; break;
        case 1: c = 0x80 + random.next() % 0x780; break;
        case 2: c = 0x4E00 + random.next() % 0x4000; break;
        default: c = 0x1F300 + random.next() % 0x400; break;
        }
        utf8view::encode_into(std::u32string_view(&c, 1), std::back_inserter(text));
    }
    if (corrupt && !text.empty())
        for (int i = 0; i < 5; ++i) text[random.next() % text.size()] = static_cast<char>(random.next());
    return text;
}

void check_one(const std::string& text)
{
    const std::list<char> slow(text.begin(), text.end());  // the generic path: no kernel
    std::vector<char32_t> expected;
    for (char32_t c : slow | utf8view::views::decode) expected.push_back(c);

    const utf8view::validation_result fast_result = utf8view::validate(text);
    const utf8view::validation_result slow_result = utf8view::validate(slow);
    check(fast_result.kind == slow_result.kind && fast_result.offset == slow_result.offset, "validate", text.size());
    check(utf8view::count_code_points(text) == expected.size(), "count_code_points", text.size());

    std::vector<char32_t> decoded(expected.size());
    const auto decode_result = utf8view::decode_into(text, decoded);
    check(decoded == expected && decode_result.out == decoded.end(), "decode_into", text.size());

    std::vector<char32_t> fast_view(utf8view::views::decode(text).begin(), utf8view::views::decode(text).end());
    check(fast_view == expected, "views::decode", text.size());

    std::vector<unsigned char> encoded(utf8view::encoded_size(expected));
    const auto encode_result = utf8view::encode_into(expected, encoded);
    std::vector<unsigned char> expected_bytes;
    for (unsigned char byte : expected | utf8view::views::encode_as<unsigned char>) expected_bytes.push_back(byte);
    check(encoded == expected_bytes && encode_result.out == encoded.end(), "encode_into", text.size());
}

}  // namespace

int main()
{
    lcg random{12345};
    for (std::size_t size : {0u, 1u, 31u, 32u, 63u, 64u, 65u, 200u, 4096u, 70000u, 200000u})
        for (bool corrupt : {false, true}) check_one(make_text(random, size, corrupt));
    if (failures != 0) return 1;
    std::printf("separate_compilation: ok (%s)\n",
#if defined(UTF8VIEW_SEPARATE_COMPILATION)
                "UTF8VIEW_SEPARATE_COMPILATION"
#else
                "header-only"
#endif
    );
    return 0;
}
