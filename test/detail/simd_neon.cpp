// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.
// utf8view-test: plain-main
//
// Every validation kernel compiled in and supported here, against the
// scalar decoder (detail::decode_segment), without Boost.Test, so that it
// can be cross-compiled for AArch64 and run under qemu-user (scripts/test-all,
// stage neon), where it tests the NEON kernel and the scalar one. Elsewhere it
// tests the scalar kernel only (test/detail/simd_kernels.cpp tests the x86
// ones); built with -DUTF8VIEW_NO_SIMD it checks that only scalar exists.
//
// Inputs: random text with an error of every kind at every offset 0..130 of
// lengths 1..200, every byte pair around a block boundary, every alignment
// 0..63 of a buffer, and the rows of decode_vectors.tsv when
// UTF8VIEW_TESTDATA_DIR names their folder. Each kernel's accepted_prefix
// and copy_accepted_prefix must keep their contract (support/
// simd_vector_parts.hpp), and for each SIMD kernel, the vector part alone
// (block_prefix) must accept every whole block of valid input and no block
// holding the byte that makes an input ill-formed.

#include <utf8view/detail/dispatch.hpp>

#include "support/random_utf8.hpp"
#include "support/simd_vector_parts.hpp"
// The libcxx stage of scripts/test-all builds this test without the data
// folder (and so without testdata.hpp, which needs it).
#if defined(UTF8VIEW_TESTDATA_DIR)
#include "support/vector_files.hpp"
#endif

#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <initializer_list>
#include <iterator>
#include <string>
#include <string_view>
#include <vector>

namespace d = utf8view::detail;
namespace t = utf8view_test;
using utf8view::validation_result;

namespace {

// The reference (t::reference_validation) and the vector parts of the SIMD
// kernels (t::vector_part_of, t::check_block_prefix): support/simd_vector_parts.hpp,
// shared with simd_kernels.cpp.

// Without the NEON kernel only the scalar one is tested here, which
// simd_kernels.cpp and the conformance tests cover at length: a third of
// the inputs then (this test also runs under sanitizers, unoptimized).
#if defined(UTF8VIEW_SIMD_NEON)
constexpr bool full_run = true;
#else
constexpr bool full_run = false;
#endif

std::size_t inputs_checked = 0;
std::size_t failures = 0;

const char* name_of(const validation_result& r)
{
    return r.kind ? utf8view::to_string(*r.kind).data() : "valid";
}

void fail(std::string_view kernel, const char* what, const validation_result& got, const validation_result& expected,
          std::string_view input, const std::string& where)
{
    ++failures;
    if (failures > 20) return;
    std::printf("FAIL kernel %.*s: %s: got %s at %zu, expected %s at %zu; %s; %zu bytes [%s]\n",
                static_cast<int>(kernel.size()), kernel.data(), what, name_of(got), got.offset, name_of(expected),
                expected.offset, where.c_str(), input.size(), input.size() <= 300 ? t::hex_of(input).c_str() : "...");
}

void check(const unsigned char* p, std::size_t n, const std::string& where)
{
    ++inputs_checked;
    const std::string_view input(reinterpret_cast<const char*>(p), n);
    const validation_result expected = t::reference_validation(p, n);
    for (const d::kernel* k : d::available_kernels()) {
        if (k->name != "neon" && k->name != "scalar") continue;  // the x86 ones: simd_kernels.cpp
        const validation_result got = k->validate(p, n);
        if (got != expected) fail(k->name, "validate", got, expected, input, where);
        const validation_result accepted{std::nullopt, k->accepted_prefix(p, n)};
        for (const std::string& problem : t::check_accepted_prefix(*k, p, n, expected))
            fail(k->name, problem.c_str(), accepted, expected, input, where);
        const t::vector_part* v = t::vector_part_of(k->name);
        if (v == nullptr) continue;
        const t::block_prefix_outcome outcome = t::check_block_prefix(*v, p, n, expected);
        const validation_result as_result{std::nullopt, outcome.accepted};
        for (const std::string& problem : outcome.problems)
            fail(k->name, problem.c_str(), as_result, expected, input, where);
    }
}

void check(std::string_view s, const std::string& where)
{
    check(reinterpret_cast<const unsigned char*>(s.data()), s.size(), where);
}

std::string valid_text(std::size_t size, std::uint32_t seed, bool ascii)
{
    t::random_source random(seed);
    std::string text;
    while (text.size() < size) {
        if (ascii) text.push_back(static_cast<char>(random.between(0x20, 0x7E)));
        else text += t::encode_by_table_3_6(t::random_scalar_value(random));
    }
    return text;
}

void errors_at_every_offset()
{
    const auto b = t::byte_string;  // b({0xC0, 0x80}): a string of those two bytes
    // clang-format off
    const std::vector<std::string> pieces = {
        b({0x80}),             b({0xC0, 0x80}),             b({0xE0, 0x9F, 0xBF}), b({0xF0, 0x8F, 0xBF, 0xBF}),
        b({0xED, 0xA0, 0x80}), b({0xF4, 0x90, 0x80, 0x80}), b({0xF5}),             b({0xFF}),
        b({0xC2}),             b({0xE1, 0x80}),             b({0xF1, 0x80, 0x80}), b({0xE1, 0x80, 0x80, 0x80}),
    };
    // clang-format on
    for (const bool ascii : {true, false}) {
        if (!ascii && !full_run) break;
        const std::string text = valid_text(256, ascii ? 1 : 2, ascii);
        const std::string rest = valid_text(256, ascii ? 3 : 4, ascii);
        for (std::size_t length = 1; length <= 200; ++length) {
            for (std::size_t offset = 0; offset <= 130 && offset < length; ++offset)
                for (const std::string& piece : pieces)
                    check(t::plant(text, offset, piece, rest, length),
                          "[" + t::hex_of(piece) + "] at " + std::to_string(offset));
            check(std::string_view(text).substr(0, length), "valid text cut to " + std::to_string(length));
        }
    }
}

void byte_pairs_around_a_block_boundary()
{
    const std::string text = valid_text(200, 5, false);
    for (unsigned first = 0; first < 256; ++first)
        for (unsigned second = 0; second < 256; ++second)
            for (const std::string_view continuations : {"", "\x80\xBF"})
                for (const std::size_t offset : {std::size_t{62}, std::size_t{63}}) {
                    if (offset == 62 && !full_run) continue;
                    const std::string piece = t::byte_string({first, second}) + std::string(continuations);
                    check(t::plant(text, offset, piece, "and some ASCII text after it....", 140),
                          "pair [" + t::hex_of(piece) + "] at " + std::to_string(offset));
                }
}

void every_alignment()
{
    std::vector<unsigned char> buffer(64 + 700);
    const std::string text = valid_text(700, 6, false);
    for (std::size_t alignment = 0; alignment < 64; ++alignment) {
        for (const std::size_t length : {std::size_t{64}, std::size_t{200}, std::size_t{699}}) {
            std::string input = text.substr(0, length);
            for (int variant = 0; variant < 3; ++variant) {
                if (variant == 1) input.back() = '\xE1';      // a lead byte last
                if (variant == 2) input[length / 2] = '\xBF';  // a stray continuation byte
                std::copy(input.begin(), input.end(), buffer.begin() + static_cast<std::ptrdiff_t>(alignment));
                check(buffer.data() + alignment, input.size(),
                      "alignment " + std::to_string(alignment) + " variant " + std::to_string(variant));
            }
        }
    }
}

void decode_vectors()
{
#if defined(UTF8VIEW_TESTDATA_DIR)
    std::vector<t::decode_vector> rows;
    try {
        rows = t::read_decode_vectors();
    }
    catch (const std::exception& e) {
        std::printf("simd_neon: cannot read decode_vectors.tsv: %s\n", e.what());
        ++failures;
        return;
    }
    for (const t::decode_vector& row : rows)
        for (std::size_t prefix = 0; prefix <= 70; ++prefix)
            check(std::string(prefix, 'a') + row.input + std::string(40, 'z'),
                  row.id + " behind " + std::to_string(prefix));
    if (rows.size() < 500) {
        std::printf("simd_neon: only %zu rows in decode_vectors.tsv\n", rows.size());
        ++failures;
    }
#else
    std::printf("simd_neon: UTF8VIEW_TESTDATA_DIR not defined: decode_vectors.tsv skipped\n");
#endif
}

bool kernel_set_is_as_expected()
{
    std::string names;
    for (const d::kernel* k : d::available_kernels()) names += (names.empty() ? "" : ",") + std::string(k->name);
    std::printf("simd_neon: kernels available: %s (tested here: neon and scalar)\n", names.c_str());
    if (d::available_kernels().back()->name != "scalar") return false;
#if defined(UTF8VIEW_NO_SIMD)
    return names == "scalar";
#elif defined(__aarch64__)
    return names == "neon,scalar";
#else
    return true;
#endif
}

}  // namespace

int main()
{
    if (!kernel_set_is_as_expected()) {
        std::printf("simd_neon: FAIL: unexpected set of kernels\n");
        return EXIT_FAILURE;
    }
    errors_at_every_offset();
    byte_pairs_around_a_block_boundary();
    every_alignment();
    decode_vectors();
    std::printf("simd_neon: %zu inputs checked, %zu failures\n", inputs_checked, failures);
    return failures == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
