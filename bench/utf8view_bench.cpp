// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at https://www.boost.org/LICENSE_1_0.txt)

// utf8view against its peers, in one binary, so that every ratio is measured
// side by side in one run.
//
// Task families, each registered per input, with GB/s of UTF-8 as the
// measure (state.SetBytesProcessed: the UTF-8 input, or for encode the UTF-8
// output, so that every family is in bytes of UTF-8):
//   validate   is the input well-formed?
//   decode     UTF-8 -> a preallocated char32_t buffer
//   sum        a lazy loop that adds up the code points
//   encode     char32_t -> a preallocated UTF-8 buffer
//   repair     UTF-8 -> well-formed UTF-8, U+FFFD per maximal subpart (valid text)
//   to_utf16   UTF-8 -> a preallocated char16_t buffer (lipsum and ASCII)
//   from_utf16 UTF-16 -> a preallocated UTF-8 buffer (the same texts in UTF-16)
//   dirty_sum, dirty_decode, dirty_repair, dirty_size
//              sum, decode, repair and the size functions (the UTF-16 length,
//              code points, repaired bytes) over text with errors
//              (bench_support.hpp's make_dirty_inputs), U+FFFD per maximal subpart
// Benchmark names are family/input/implementation (bench/report.py reads them).
//
// Every implementation is run once on every input before anything is timed,
// and its result compared with bench/bench_support.hpp's reference decoder;
// a disagreement ends the program. Each measured body is a separate noinline
// function called through a pointer.
//
// Options (besides Google Benchmark's own):
//   --corpus=DIR     the corpus folder (else $UTF8VIEW_BENCH_CORPUS_DIR, else the CMake default)
//   --big-mib=N      size of the concatenated input (else $UTF8VIEW_BENCH_BIG_MIB, else 64; 0: none)
//   --kernel=NAME    force utf8view's SIMD kernel (when the library can; the library itself
//                    also reads $UTF8VIEW_KERNEL); the validate family also has one row per kernel,
//                    and the sum family one with the AVX2 kernel forced (where the CPU has it)

#include "bench_config.hpp"
#include "bench_support.hpp"

#include "utf8view_all_headers.hpp"  // generated: every public header, the new ones included

#include <benchmark/benchmark.h>
#include <boost/regex/pending/unicode_iterator.hpp>
#include <iconv.h>
#include <unicode/ucnv.h>
#include <unicode/ustring.h>
#include <unicode/utf8.h>
#include <utf8cpp/utf8.h>
#ifdef UTF8VIEW_BENCH_HAS_SIMDUTF
#include <simdutf.h>
#endif

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <optional>
#include <ranges>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#define BENCH_NOINLINE [[gnu::noinline]]

namespace bench {

#ifdef UTF8VIEW_BENCH_HAS_O2_BUILD
// lazy_loop_o2.cpp: the loop of sum_utf8view, compiled as with -O2 and no -march.
std::uint64_t sum_utf8view_o2_build(std::string_view s);
#ifdef UTF8VIEW_BENCH_HAS_DECODE_BUFFERED
std::uint64_t sum_utf8view_buffered_o2_build(std::string_view s);
#endif
#endif

namespace {

using validate_fn = bool (*)(std::string_view);
using decode_fn = std::size_t (*)(std::string_view, char32_t* out);  // out: room for size() code points
using sum_fn = std::uint64_t (*)(std::string_view);
using encode_fn = std::size_t (*)(std::u32string_view, char* out);  // out: room for 4 * size() bytes
using repair_fn = std::size_t (*)(std::string_view, char* out);      // out: room for 3 * size() bytes
using to_utf16_fn = std::size_t (*)(std::string_view, char16_t* out);   // out: room for size() code units
using from_utf16_fn = std::size_t (*)(std::u16string_view, char* out);  // out: room for 3 * size() bytes

constexpr std::size_t decode_failed = static_cast<std::size_t>(-1);

// ---------------------------------------------------------------------------
// validate

#ifdef UTF8VIEW_BENCH_HAS_VALIDATE
BENCH_NOINLINE bool validate_utf8view(std::string_view s)
{
    return !utf8view::validate(s).kind;
}
#endif
#ifdef UTF8VIEW_BENCH_HAS_IS_VALID
BENCH_NOINLINE bool is_valid_utf8view(std::string_view s)
{
    return utf8view::is_valid(s);
}
#endif
BENCH_NOINLINE bool validate_utfcpp(std::string_view s)
{
    return utf8::is_valid(s.begin(), s.end());
}
BENCH_NOINLINE bool validate_icu(std::string_view s)
{
    const auto* p = reinterpret_cast<const std::uint8_t*>(s.data());
    const auto n = static_cast<std::int32_t>(s.size());
    std::int32_t i = 0;
    while (i < n) {
        UChar32 c;
        U8_NEXT(p, i, n, c);
        if (c < 0) return false;
    }
    return true;
}
// The ceiling: one pass over the bytes looking for a byte that valid UTF-8
// never holds (so on valid input it agrees with the validators).
BENCH_NOINLINE bool validate_memchr(std::string_view s)
{
    return std::memchr(s.data(), 0xFF, s.size()) == nullptr;
}
#ifdef UTF8VIEW_BENCH_HAS_SIMDUTF
BENCH_NOINLINE bool validate_simdutf(std::string_view s)
{
    return simdutf::validate_utf8(s.data(), s.size());
}
#endif

// ---------------------------------------------------------------------------
// decode to a UTF-32 buffer

// decode_into to an output iterator (unbounded, as the peers write), and to
// an output range (bounded: it stops when the range is full).
#ifdef UTF8VIEW_BENCH_HAS_DECODE_INTO_PTR
BENCH_NOINLINE std::size_t decode_utf8view_into(std::string_view s, char32_t* out)
{
    auto r = utf8view::decode_into(s, out);
    return static_cast<std::size_t>(std::to_address(r.out) - out);
}
#endif
#ifdef UTF8VIEW_BENCH_HAS_DECODE_INTO_SPAN
BENCH_NOINLINE std::size_t decode_utf8view_into_span(std::string_view s, char32_t* out)
{
    auto r = utf8view::decode_into(s, std::span<char32_t>(out, s.size()));
    return static_cast<std::size_t>(std::to_address(r.out) - out);
}
#endif
BENCH_NOINLINE std::size_t decode_utf8view_loop(std::string_view s, char32_t* out)
{
    char32_t* o = out;
    for (char32_t c : s | utf8view::views::decode) *o++ = c;
    return static_cast<std::size_t>(o - out);
}
BENCH_NOINLINE std::size_t decode_utfcpp(std::string_view s, char32_t* out)
{
    return static_cast<std::size_t>(utf8::utf8to32(s.begin(), s.end(), out) - out);
}
BENCH_NOINLINE std::size_t decode_utfcpp_unchecked(std::string_view s, char32_t* out)
{
    return static_cast<std::size_t>(utf8::unchecked::utf8to32(s.begin(), s.end(), out) - out);
}
BENCH_NOINLINE std::size_t decode_icu(std::string_view s, char32_t* out)
{
    const auto* p = reinterpret_cast<const std::uint8_t*>(s.data());
    const auto n = static_cast<std::int32_t>(s.size());
    std::int32_t i = 0;
    char32_t* o = out;
    while (i < n) {
        UChar32 c;
        U8_NEXT(p, i, n, c);
        *o++ = c < 0 ? U'\uFFFD' : static_cast<char32_t>(c);
    }
    return static_cast<std::size_t>(o - out);
}
iconv_t utf8_to_utf32le = reinterpret_cast<iconv_t>(-1);  // opened in main
BENCH_NOINLINE std::size_t decode_iconv(std::string_view s, char32_t* out)
{
    iconv(utf8_to_utf32le, nullptr, nullptr, nullptr, nullptr);  // reset the state
    char* in = const_cast<char*>(s.data());                      // iconv's signature; it does not write
    std::size_t in_left = s.size();
    char* o = reinterpret_cast<char*>(out);
    std::size_t out_left = s.size() * sizeof(char32_t);
    if (iconv(utf8_to_utf32le, &in, &in_left, &o, &out_left) == static_cast<std::size_t>(-1)) return decode_failed;
    return static_cast<std::size_t>(o - reinterpret_cast<char*>(out)) / sizeof(char32_t);
}
#ifdef UTF8VIEW_BENCH_HAS_SIMDUTF
BENCH_NOINLINE std::size_t decode_simdutf(std::string_view s, char32_t* out)
{
    const std::size_t n = simdutf::convert_utf8_to_utf32(s.data(), s.size(), out);
    return n == 0 && !s.empty() ? decode_failed : n;
}
#endif

// ---------------------------------------------------------------------------
// lazy loop summing code points

BENCH_NOINLINE std::uint64_t sum_utf8view(std::string_view s)
{
    std::uint64_t sum = 0;
    for (char32_t c : s | utf8view::views::decode) sum += c;
    return sum;
}
// The same loop backwards: `--` from the end, and through std::views::reverse
// (whose iterator steps a copy back to read each element).
BENCH_NOINLINE std::uint64_t sum_utf8view_backward(std::string_view s)
{
    const auto view = s | utf8view::views::decode;
    const auto first = view.begin();
    std::uint64_t sum = 0;
    for (auto it = view.end(); it != first;) {
        --it;
        sum += *it;
    }
    return sum;
}
BENCH_NOINLINE std::uint64_t sum_utf8view_reverse(std::string_view s)
{
    std::uint64_t sum = 0;
    for (char32_t c : s | utf8view::views::decode | std::views::reverse) sum += c;
    return sum;
}
BENCH_NOINLINE std::uint64_t sum_utf8view_forward(std::string_view s)
{
    const std::ranges::subrange bytes(forward_bytes(s.data()), forward_bytes(s.data() + s.size()));
    std::uint64_t sum = 0;
    for (char32_t c : bytes | utf8view::views::decode) sum += c;
    return sum;
}
BENCH_NOINLINE std::uint64_t sum_utfcpp_unchecked(std::string_view s)
{
    std::uint64_t sum = 0;
    for (utf8::unchecked::iterator<const char*> it(s.data()), end(s.data() + s.size()); it != end; ++it) sum += *it;
    return sum;
}
BENCH_NOINLINE std::uint64_t sum_utfcpp(std::string_view s)
{
    const char* b = s.data();
    const char* e = b + s.size();
    std::uint64_t sum = 0;
    for (utf8::iterator<const char*> it(b, b, e), end(e, b, e); it != end; ++it) sum += *it;
    return sum;
}
BENCH_NOINLINE std::uint64_t sum_icu(std::string_view s)
{
    const auto* p = reinterpret_cast<const std::uint8_t*>(s.data());
    const auto n = static_cast<std::int32_t>(s.size());
    std::int32_t i = 0;
    std::uint64_t sum = 0;
    while (i < n) {
        UChar32 c;
        U8_NEXT(p, i, n, c);
        sum += c < 0 ? 0xFFFDu : static_cast<std::uint32_t>(c);
    }
    return sum;
}
BENCH_NOINLINE std::uint64_t sum_boost(std::string_view s)
{
    const char* b = s.data();
    const char* e = b + s.size();
    std::uint64_t sum = 0;
    for (boost::u8_to_u32_iterator<const char*> it(b, b, e), end(e, b, e); it != end; ++it) sum += *it;
    return sum;
}
// Bounded memory: decode_into 1024 code points at a time into a buffer on
// the stack, resuming where the last call stopped, and sum each buffer.
BENCH_NOINLINE std::uint64_t sum_utf8view_chunks(std::string_view s)
{
    std::array<char32_t, 1024> buffer;
    std::uint64_t sum = 0;
    while (!s.empty()) {
        const auto result = utf8view::decode_into(s, std::span<char32_t>(buffer));
        for (const char32_t* p = buffer.data(); p != std::to_address(result.out); ++p) sum += *p;
        s.remove_prefix(static_cast<std::size_t>(result.in - s.begin()));
    }
    return sum;
}
#ifdef UTF8VIEW_BENCH_HAS_DECODE_BUFFERED
// The loop over views::decode_buffered: the same bulk decoding, 2048 code
// points at a time into the view's own buffer, written as a range-for.
BENCH_NOINLINE std::uint64_t sum_utf8view_buffered(std::string_view s)
{
    std::uint64_t sum = 0;
    for (char32_t c : s | utf8view::views::decode_buffered) sum += c;
    return sum;
}
#endif
#ifdef UTF8VIEW_BENCH_HAS_SIMDUTF
std::vector<char32_t> simdutf_scratch;  // sized in main for the largest input
BENCH_NOINLINE std::uint64_t sum_simdutf_bulk(std::string_view s)
{
    const std::size_t n = simdutf::convert_utf8_to_utf32(s.data(), s.size(), simdutf_scratch.data());
    std::uint64_t sum = 0;
    for (std::size_t i = 0; i < n; ++i) sum += simdutf_scratch[i];
    return sum;
}
#endif

// ---------------------------------------------------------------------------
// encode UTF-32 -> UTF-8

#ifdef UTF8VIEW_BENCH_HAS_ENCODE_INTO_PTR
BENCH_NOINLINE std::size_t encode_utf8view_into(std::u32string_view cps, char* out)
{
    auto r = utf8view::encode_into(cps, out);
    return static_cast<std::size_t>(std::to_address(r.out) - out);
}
#endif
#ifdef UTF8VIEW_BENCH_HAS_ENCODE_INTO_SPAN
BENCH_NOINLINE std::size_t encode_utf8view_into_span(std::u32string_view cps, char* out)
{
    auto r = utf8view::encode_into(cps, std::span<char>(out, cps.size() * 4));
    return static_cast<std::size_t>(std::to_address(r.out) - out);
}
#endif
BENCH_NOINLINE std::size_t encode_utf8view_lazy(std::u32string_view cps, char* out)
{
    char* o = out;
    for (char byte : cps | utf8view::views::encode_as<char>) *o++ = byte;
    return static_cast<std::size_t>(o - out);
}
BENCH_NOINLINE std::size_t encode_utfcpp_unchecked(std::u32string_view cps, char* out)
{
    return static_cast<std::size_t>(utf8::unchecked::utf32to8(cps.begin(), cps.end(), out) - out);
}
BENCH_NOINLINE std::size_t encode_utfcpp(std::u32string_view cps, char* out)
{
    return static_cast<std::size_t>(utf8::utf32to8(cps.begin(), cps.end(), out) - out);
}
#ifdef UTF8VIEW_BENCH_HAS_SIMDUTF
BENCH_NOINLINE std::size_t encode_simdutf(std::u32string_view cps, char* out)
{
    return simdutf::convert_utf32_to_utf8(cps.data(), cps.size(), out);
}
#endif

// ---------------------------------------------------------------------------
// repair: UTF-8 in, well-formed UTF-8 out, U+FFFD for each maximal subpart

BENCH_NOINLINE std::size_t repair_utf8view(std::string_view s, char* out)
{
    return static_cast<std::size_t>(utf8view::repair_into(s, out).out - out);
}
// Bounded memory: repair_into a 4 KiB buffer at a time, each copied on.
BENCH_NOINLINE std::size_t repair_utf8view_chunks(std::string_view s, char* out)
{
    std::array<char, 4096> buffer;
    char* o = out;
    while (!s.empty()) {
        const auto result = utf8view::repair_into(s, std::span<char>(buffer));
        const auto written = static_cast<std::size_t>(std::to_address(result.out) - buffer.data());
        std::memcpy(o, buffer.data(), written);
        o += written;
        s.remove_prefix(static_cast<std::size_t>(result.in - s.begin()));
    }
    return static_cast<std::size_t>(o - out);
}
// The ceiling on valid input: copying the bytes.
BENCH_NOINLINE std::size_t repair_memcpy(std::string_view s, char* out)
{
    std::memcpy(out, s.data(), s.size());
    return s.size();
}
// What `uconv -f utf-8 -t utf-8 --from-callback substitute` does, in
// process: ICU's UTF-8 converter to UTF-16 (its default callback puts
// U+FFFD for each maximal subpart) and back, through ucnv_convertEx's pivot.
UConverter* icu_utf8_in = nullptr;   // opened in main
UConverter* icu_utf8_out = nullptr;
BENCH_NOINLINE std::size_t repair_icu(std::string_view s, char* out)
{
    UErrorCode status = U_ZERO_ERROR;
    char* target = out;
    const char* source = s.data();
    UChar pivot[4096];
    UChar* pivot_source = pivot;
    UChar* pivot_target = pivot;
    ucnv_convertEx(icu_utf8_out, icu_utf8_in, &target, out + 3 * s.size() + 16, &source, s.data() + s.size(), pivot,
                   &pivot_source, &pivot_target, pivot + 4096, true, true, &status);
    return U_FAILURE(status) ? decode_failed : static_cast<std::size_t>(target - out);
}
// utfcpp's replace_invalid: U+FFFD for what it considers an invalid
// sequence, by its own rules (not the maximal subparts of the Standard), so
// its output differs from the others on ill-formed input.
BENCH_NOINLINE std::size_t repair_utfcpp(std::string_view s, char* out)
{
    return static_cast<std::size_t>(utf8::replace_invalid(s.begin(), s.end(), out, 0xFFFD) - out);
}

// The size functions over text with errors (what a caller sizes a buffer
// by): the UTF-16 length of the conversion with U+FFFD for each maximal
// subpart, against ICU's preflight of the same conversion (no output
// buffer); and the code points and repaired bytes.
BENCH_NOINLINE std::size_t size_utf8view_utf16(std::string_view s)
{
    return utf8view::utf8_to_utf16_size(s);
}
BENCH_NOINLINE std::size_t size_icu_utf16(std::string_view s)
{
    UErrorCode status = U_ZERO_ERROR;
    std::int32_t length = 0;
    u_strFromUTF8WithSub(nullptr, 0, &length, s.data(), static_cast<std::int32_t>(s.size()), 0xFFFD, nullptr, &status);
    return status == U_BUFFER_OVERFLOW_ERROR || U_SUCCESS(status) ? static_cast<std::size_t>(length) : decode_failed;
}
BENCH_NOINLINE std::size_t size_utf8view_code_points(std::string_view s)
{
    return utf8view::count_code_points(s);
}
BENCH_NOINLINE std::size_t size_utf8view_repaired(std::string_view s)
{
    return utf8view::repaired_size(s);
}

// ---------------------------------------------------------------------------
// UTF-8 <-> UTF-16

#ifdef UTF8VIEW_BENCH_HAS_UTF16
BENCH_NOINLINE std::size_t to_utf16_utf8view(std::string_view s, char16_t* out)
{
    return static_cast<std::size_t>(utf8view::utf8_to_utf16_into(s, out).out - out);
}
BENCH_NOINLINE std::size_t from_utf16_utf8view(std::u16string_view s, char* out)
{
    return static_cast<std::size_t>(utf8view::utf16_to_utf8_into(s, out).out - out);
}
// The lazy views, copied element by element into the same buffers.
BENCH_NOINLINE std::size_t to_utf16_utf8view_lazy(std::string_view s, char16_t* out)
{
    char16_t* to = out;
    for (const char16_t unit : s | utf8view::views::utf8_to_utf16) *to++ = unit;
    return static_cast<std::size_t>(to - out);
}
BENCH_NOINLINE std::size_t from_utf16_utf8view_lazy(std::u16string_view s, char* out)
{
    char* to = out;
    for (const char8_t unit : s | utf8view::views::utf16_to_utf8) *to++ = static_cast<char>(unit);
    return static_cast<std::size_t>(to - out);
}
#endif
BENCH_NOINLINE std::size_t to_utf16_utfcpp(std::string_view s, char16_t* out)
{
    return static_cast<std::size_t>(utf8::utf8to16(s.begin(), s.end(), out) - out);
}
BENCH_NOINLINE std::size_t from_utf16_utfcpp(std::u16string_view s, char* out)
{
    return static_cast<std::size_t>(utf8::utf16to8(s.begin(), s.end(), out) - out);
}
BENCH_NOINLINE std::size_t to_utf16_icu(std::string_view s, char16_t* out)
{
    UErrorCode status = U_ZERO_ERROR;
    std::int32_t length = 0;
    u_strFromUTF8(reinterpret_cast<UChar*>(out), static_cast<std::int32_t>(s.size()), &length, s.data(),
                  static_cast<std::int32_t>(s.size()), &status);
    return U_FAILURE(status) ? decode_failed : static_cast<std::size_t>(length);
}
BENCH_NOINLINE std::size_t from_utf16_icu(std::u16string_view s, char* out)
{
    UErrorCode status = U_ZERO_ERROR;
    std::int32_t length = 0;
    u_strToUTF8(out, static_cast<std::int32_t>(3 * s.size()), &length, reinterpret_cast<const UChar*>(s.data()),
                static_cast<std::int32_t>(s.size()), &status);
    return U_FAILURE(status) ? decode_failed : static_cast<std::size_t>(length);
}
#ifdef UTF8VIEW_BENCH_HAS_SIMDUTF
BENCH_NOINLINE std::size_t to_utf16_simdutf(std::string_view s, char16_t* out)
{
    const std::size_t n = simdutf::convert_utf8_to_utf16le(s.data(), s.size(), out);
    return n == 0 && !s.empty() ? decode_failed : n;
}
BENCH_NOINLINE std::size_t from_utf16_simdutf(std::u16string_view s, char* out)
{
    const std::size_t n = simdutf::convert_utf16le_to_utf8(s.data(), s.size(), out);
    return n == 0 && !s.empty() ? decode_failed : n;
}
#endif

// The UTF-16 form of each input (Table 3-5), made once in main.
std::vector<std::u16string> utf16_texts;

std::u16string utf16_of(const std::u32string& code_points)
{
    std::u16string out;
    for (const char32_t c : code_points) {
        if (c < 0x10000) { out += static_cast<char16_t>(c); }
        else {
            out += static_cast<char16_t>(0xD800 + ((c - 0x10000) >> 10));
            out += static_cast<char16_t>(0xDC00 + ((c - 0x10000) & 0x3FF));
        }
    }
    return out;
}

// ---------------------------------------------------------------------------
// The tables. The first utf8view entry of each family is the one the report
// compares with the peers.

template <class Fn>
struct implementation {
    std::string id;      // the last part of the benchmark name
    Fn fn;
    // utf8view's validation kernel to force while it runs, or
    // "transcoder:<name>" for a transcoding kernel; empty: what dispatch chose.
    std::string kernel;

    implementation(std::string id_, Fn fn_, std::string kernel_ = {})
        : id(std::move(id_)), fn(fn_), kernel(std::move(kernel_))
    {}
};

std::vector<implementation<validate_fn>> validate_impls = {
#ifdef UTF8VIEW_BENCH_HAS_VALIDATE
    {"utf8view.validate", validate_utf8view},
#endif
#ifdef UTF8VIEW_BENCH_HAS_IS_VALID
    {"utf8view.is_valid", is_valid_utf8view},
#endif
    {"utfcpp.is_valid", validate_utfcpp},        {"icu.U8_NEXT", validate_icu}, {"memchr", validate_memchr},
#ifdef UTF8VIEW_BENCH_HAS_SIMDUTF
    {"simdutf.validate_utf8", validate_simdutf},
#endif
};

std::vector<implementation<decode_fn>> decode_impls = {
#ifdef UTF8VIEW_BENCH_HAS_DECODE_INTO_PTR
    {"utf8view.decode_into", decode_utf8view_into},
#endif
#ifdef UTF8VIEW_BENCH_HAS_DECODE_INTO_SPAN
    {"utf8view.decode_into.span", decode_utf8view_into_span},
#endif
    {"utf8view.views_decode_loop", decode_utf8view_loop},
    {"utfcpp.utf8to32", decode_utfcpp},
    {"utfcpp.unchecked.utf8to32", decode_utfcpp_unchecked},
    {"icu.U8_NEXT", decode_icu},
    {"iconv", decode_iconv},
#ifdef UTF8VIEW_BENCH_HAS_SIMDUTF
    {"simdutf.convert_utf8_to_utf32", decode_simdutf},
#endif
};

std::vector<implementation<sum_fn>> sum_impls = {
    {"utf8view.views_decode", sum_utf8view},
#ifdef UTF8VIEW_BENCH_HAS_DECODE_BUFFERED
    {"utf8view.views_decode_buffered", sum_utf8view_buffered},
#endif
#ifdef UTF8VIEW_BENCH_HAS_O2_BUILD
    {"utf8view.views_decode.O2_no_march", sum_utf8view_o2_build},
#ifdef UTF8VIEW_BENCH_HAS_DECODE_BUFFERED
    {"utf8view.views_decode_buffered.O2_no_march", sum_utf8view_buffered_o2_build},
#endif
#endif
    {"utf8view.views_decode_forward_only", sum_utf8view_forward},
    {"utf8view.views_decode_backward", sum_utf8view_backward},
    {"utf8view.views_decode_reverse", sum_utf8view_reverse},
    {"utfcpp.unchecked.iterator", sum_utfcpp_unchecked},
    {"utfcpp.iterator", sum_utfcpp},
    {"icu.U8_NEXT", sum_icu},
    {"boost.u8_to_u32_iterator", sum_boost},
    {"utf8view.decode_into_chunks_then_sum", sum_utf8view_chunks},
#ifdef UTF8VIEW_BENCH_HAS_SIMDUTF
    {"simdutf.bulk_then_sum", sum_simdutf_bulk},
#endif
};

std::vector<implementation<encode_fn>> encode_impls = {
#ifdef UTF8VIEW_BENCH_HAS_ENCODE_INTO_PTR
    {"utf8view.encode_into", encode_utf8view_into},
#endif
#ifdef UTF8VIEW_BENCH_HAS_ENCODE_INTO_SPAN
    {"utf8view.encode_into.span", encode_utf8view_into_span},
#endif
    {"utf8view.views_encode", encode_utf8view_lazy},
    {"utfcpp.unchecked.utf32to8", encode_utfcpp_unchecked},
    {"utfcpp.utf32to8", encode_utfcpp},
#ifdef UTF8VIEW_BENCH_HAS_SIMDUTF
    {"simdutf.convert_utf32_to_utf8", encode_simdutf},
#endif
};

std::vector<implementation<to_utf16_fn>> to_utf16_impls = {
#ifdef UTF8VIEW_BENCH_HAS_UTF16
    {"utf8view.utf8_to_utf16_into", to_utf16_utf8view},
    {"utf8view.views_utf8_to_utf16", to_utf16_utf8view_lazy},
#endif
    {"utfcpp.utf8to16", to_utf16_utfcpp},
    {"icu.u_strFromUTF8", to_utf16_icu},
#ifdef UTF8VIEW_BENCH_HAS_SIMDUTF
    {"simdutf.convert_utf8_to_utf16le", to_utf16_simdutf},
#endif
};

std::vector<implementation<from_utf16_fn>> from_utf16_impls = {
#ifdef UTF8VIEW_BENCH_HAS_UTF16
    {"utf8view.utf16_to_utf8_into", from_utf16_utf8view},
    {"utf8view.views_utf16_to_utf8", from_utf16_utf8view_lazy},
#endif
    {"utfcpp.utf16to8", from_utf16_utfcpp},
    {"icu.u_strToUTF8", from_utf16_icu},
#ifdef UTF8VIEW_BENCH_HAS_SIMDUTF
    {"simdutf.convert_utf16le_to_utf8", from_utf16_simdutf},
#endif
};

std::vector<implementation<repair_fn>> repair_impls = {
    {"utf8view.repair_into", repair_utf8view},
    {"utf8view.repair_into_chunks", repair_utf8view_chunks},
    {"memcpy", repair_memcpy},
    {"icu.ucnv_convertEx", repair_icu},
    {"utfcpp.replace_invalid", repair_utfcpp},
};

// Dirty text: the lazy loop and decode_into with U+FFFD for each maximal
// subpart, and repair, against the peers that decode ill-formed input.
std::vector<implementation<sum_fn>> dirty_sum_impls = {
    {"utf8view.views_decode", sum_utf8view},
#ifdef UTF8VIEW_BENCH_HAS_DECODE_BUFFERED
    {"utf8view.views_decode_buffered", sum_utf8view_buffered},
#endif
    {"utf8view.decode_into_chunks_then_sum", sum_utf8view_chunks},
    {"icu.U8_NEXT", sum_icu},
};
std::vector<implementation<decode_fn>> dirty_decode_impls = {
    {"utf8view.decode_into", decode_utf8view_into},
    {"utf8view.views_decode_loop", decode_utf8view_loop},
    {"icu.U8_NEXT", decode_icu},
};
std::vector<implementation<repair_fn>> dirty_repair_impls = {
    {"utf8view.repair_into", repair_utf8view},
    {"utf8view.repair_into_chunks", repair_utf8view_chunks},
    {"icu.ucnv_convertEx", repair_icu},
    {"utfcpp.replace_invalid", repair_utfcpp},
};

// What each size function counts, from the reference decoding.
enum class counted { utf16_units, code_points, repaired_bytes };
struct size_implementation {
    std::string id;
    std::size_t (*fn)(std::string_view);
    counted what;
};
const std::vector<size_implementation> dirty_size_impls = {
    {"utf8view.utf8_to_utf16_size", size_utf8view_utf16, counted::utf16_units},
    {"icu.u_strFromUTF8WithSub", size_icu_utf16, counted::utf16_units},
    {"utf8view.count_code_points", size_utf8view_code_points, counted::code_points},
    {"utf8view.repaired_size", size_utf8view_repaired, counted::repaired_bytes},
};

// ---------------------------------------------------------------------------
// Checks: each implementation against the reference, before timing.

std::string where(const char* family, const input& in, const std::string& id)
{
    return std::string(family) + "/" + in.name + "/" + id;
}

// Forces utf8view's SIMD kernel `kernel` (if not empty; "transcoder:<name>"
// for a transcoding kernel) for its lifetime, then gives back the one that
// was active.
class kernel_scope {
    std::string previous_;
    bool transcoder_ = false;

public:
    explicit kernel_scope(const std::string& kernel)
    {
        if (kernel.empty()) return;
        constexpr std::string_view transcoder_prefix = "transcoder:";
        if (kernel.starts_with(transcoder_prefix)) {
#ifdef UTF8VIEW_BENCH_HAS_TRANSCODERS
            transcoder_ = true;
            previous_ = std::string(utf8view::detail::active_transcoder().name);
            if (!utf8view::detail::force_transcoder(std::string_view(kernel).substr(transcoder_prefix.size())))
                fail("utf8view cannot use the " + kernel + " here");
            return;
#else
            fail("this utf8view cannot force a transcoder (" + kernel + ")");
#endif
        }
#if defined(UTF8VIEW_BENCH_HAS_FORCE_KERNEL) && defined(UTF8VIEW_BENCH_HAS_ACTIVE_KERNEL)
        previous_ = std::string(utf8view::detail::active_kernel().name);
        if (!utf8view::detail::force_kernel(kernel)) fail("utf8view cannot use the kernel " + kernel + " here");
#else
        fail("this utf8view cannot force a kernel (" + kernel + ")");
#endif
    }
    kernel_scope(const kernel_scope&) = delete;
    kernel_scope& operator=(const kernel_scope&) = delete;
    ~kernel_scope()
    {
#ifdef UTF8VIEW_BENCH_HAS_TRANSCODERS
        if (transcoder_) {
            (void)utf8view::detail::force_transcoder(previous_);
            return;
        }
#endif
#if defined(UTF8VIEW_BENCH_HAS_FORCE_KERNEL)
        if (!previous_.empty()) (void)utf8view::detail::force_kernel(previous_);
#endif
    }
};

// Well-formed input must be reported valid; a copy with an encoded
// surrogate planted in the middle (ED A0 80) must be reported invalid by
// every real validator (memchr is a ceiling, not a validator), and
// utf8view::validate must give the reference's offset.
void check_validate(const input& in, const implementation<validate_fn>& impl)
{
    const kernel_scope scope(impl.kernel);
    if (!impl.fn(in.bytes)) fail(where("validate", in, impl.id) + ": says the well-formed input is invalid");
    if (impl.id == "memchr") return;
    std::string broken = in.bytes;
    std::size_t middle = broken.size() / 2;
    while (middle > 0 && (static_cast<unsigned char>(broken[middle]) & 0xC0u) == 0x80u) --middle;
    broken.insert(middle, "\xED\xA0\x80");
    if (impl.fn(broken)) fail(where("validate", in, impl.id) + ": says input with a surrogate is valid");
#ifdef UTF8VIEW_BENCH_HAS_VALIDATE
    if (impl.fn == validate_utf8view) {
        const auto expected = reference_decode(broken, nullptr, nullptr, nullptr);
        const auto result = utf8view::validate(broken);
        if (!expected || result.offset != *expected)
            fail(where("validate", in, impl.id) + ": error offset " + std::to_string(result.offset) +
                 ", the reference says " + (expected ? std::to_string(*expected) : std::string("none")));
    }
#endif
}

void check_decode(const input& in, const implementation<decode_fn>& impl)
{
    const kernel_scope scope(impl.kernel);
    std::vector<char32_t> out(in.bytes.size() + 16, U'\0');
    const std::size_t n = impl.fn(in.bytes, out.data());
    if (n != in.code_points.size() || !std::equal(in.code_points.begin(), in.code_points.end(), out.begin()))
        fail(where("decode", in, impl.id) + ": output differs from the reference (" + std::to_string(n) +
             " code points, expected " + std::to_string(in.code_points.size()) + ")");
}

void check_sum(const input& in, const implementation<sum_fn>& impl)
{
    const kernel_scope scope(impl.kernel);
    const std::uint64_t sum = impl.fn(in.bytes);
    if (sum != in.code_point_sum)
        fail(where("sum", in, impl.id) + ": sum " + std::to_string(sum) + ", the reference says " +
             std::to_string(in.code_point_sum));
}

void check_encode(const input& in, const implementation<encode_fn>& impl)
{
    const kernel_scope scope(impl.kernel);
    std::vector<char> out(in.code_points.size() * 4 + 16, '\0');
    const std::size_t n = impl.fn(in.code_points, out.data());
    if (std::string_view(out.data(), n) != in.bytes)
        fail(where("encode", in, impl.id) + ": output differs from the original bytes (" + std::to_string(n) +
             " bytes, expected " + std::to_string(in.bytes.size()) + ")");
}

// The repaired bytes must be the reference's (the input itself when it is
// valid); memcpy is a ceiling, checked on valid input only, and utfcpp,
// which substitutes by its own rules, must give valid UTF-8.
void check_repair(const char* family, const input& in, const implementation<repair_fn>& impl)
{
    const kernel_scope scope(impl.kernel);
    std::vector<char> out(3 * in.bytes.size() + 16, '\0');
    const std::size_t n = impl.fn(in.bytes, out.data());
    if (n == decode_failed) fail(where(family, in, impl.id) + ": failed");
    const std::string_view got(out.data(), n);
    const std::string_view expected = in.kind == input::kind_t::dirty ? std::string_view(in.repaired) : in.bytes;
    if (impl.id == "utfcpp.replace_invalid" && in.kind == input::kind_t::dirty) {
        if (reference_decode(got, nullptr, nullptr, nullptr))
            fail(where(family, in, impl.id) + ": output is not valid UTF-8");
        return;
    }
    if (got != expected)
        fail(where(family, in, impl.id) + ": output differs from the reference (" + std::to_string(n) +
             " bytes, expected " + std::to_string(expected.size()) + ")");
}

void check_size(const input& in, const size_implementation& impl)
{
    std::size_t expected = 0;
    switch (impl.what) {
    case counted::utf16_units:  // Unicode 15.0 ch. 3, D91: two code units above U+FFFF
        for (const char32_t c : in.code_points) expected += c > 0xFFFF ? 2 : 1;
        break;
    case counted::code_points: expected = in.code_point_count; break;
    case counted::repaired_bytes: expected = in.repaired.size(); break;
    }
    const std::size_t got = impl.fn(in.bytes);
    if (got != expected)
        fail(where("dirty_size", in, impl.id) + ": " + std::to_string(got) + ", the reference says " +
             std::to_string(expected));
}

void check_to_utf16(const input& in, const std::u16string& expected, const implementation<to_utf16_fn>& impl)
{
    const kernel_scope scope(impl.kernel);
    std::vector<char16_t> out(in.bytes.size() + 16, u'\0');
    const std::size_t n = impl.fn(in.bytes, out.data());
    if (n == decode_failed || std::u16string_view(out.data(), n) != expected)
        fail(where("to_utf16", in, impl.id) + ": output differs from the reference");
}

void check_from_utf16(const input& in, const std::u16string& units, const implementation<from_utf16_fn>& impl)
{
    const kernel_scope scope(impl.kernel);
    std::vector<char> out(3 * units.size() + 16, '\0');
    const std::size_t n = impl.fn(units, out.data());
    if (n == decode_failed || std::string_view(out.data(), n) != in.bytes)
        fail(where("from_utf16", in, impl.id) + ": output differs from the input's UTF-8");
}

// ---------------------------------------------------------------------------
// Registration: family-major, then input, then implementation, so that the
// implementations compared with each other run next to each other in time.

void register_all(const std::vector<input>& inputs)
{
    using benchmark::State;
    for (const input& in : inputs)
        for (const auto& impl : validate_impls) {
            if (in.kind == input::kind_t::dirty) continue;
            check_validate(in, impl);
            benchmark::RegisterBenchmark(
                where("validate", in, impl.id).c_str(), [&in, fn = impl.fn, kernel = impl.kernel](State& state) {
                    const kernel_scope scope(kernel);
                    for (auto _ : state) {
                        bool valid = fn(in.bytes);
                        benchmark::DoNotOptimize(valid);
                        benchmark::ClobberMemory();
                    }
                    state.SetBytesProcessed(state.iterations() * static_cast<std::int64_t>(in.bytes.size()));
                });
        }
    for (const input& in : inputs) {
        if (in.kind == input::kind_t::big) continue;  // 4 bytes of output per byte of input: 256 MiB
        if (in.kind == input::kind_t::dirty) continue;
        for (const auto& impl : decode_impls) {
            check_decode(in, impl);
            benchmark::RegisterBenchmark(
                where("decode", in, impl.id).c_str(), [&in, fn = impl.fn, kernel = impl.kernel](State& state) {
                    const kernel_scope scope(kernel);
                    std::vector<char32_t> out(in.bytes.size() + 16);
                    for (auto _ : state) {
                        std::size_t n = fn(in.bytes, out.data());
                        benchmark::DoNotOptimize(n);
                        benchmark::ClobberMemory();
                    }
                    state.SetBytesProcessed(state.iterations() * static_cast<std::int64_t>(in.bytes.size()));
                });
        }
    }
    for (const input& in : inputs)
        for (const auto& impl : sum_impls) {
            if (in.kind == input::kind_t::dirty) continue;
            check_sum(in, impl);
            benchmark::RegisterBenchmark(
                where("sum", in, impl.id).c_str(), [&in, fn = impl.fn, kernel = impl.kernel](State& state) {
                    const kernel_scope scope(kernel);
                    for (auto _ : state) {
                        std::uint64_t sum = fn(in.bytes);
                        benchmark::DoNotOptimize(sum);
                        benchmark::ClobberMemory();
                    }
                    state.SetBytesProcessed(state.iterations() * static_cast<std::int64_t>(in.bytes.size()));
                });
        }
    for (const input& in : inputs) {
        if (in.kind == input::kind_t::big || in.kind == input::kind_t::dirty) continue;
        for (const auto& impl : encode_impls) {
            check_encode(in, impl);
            benchmark::RegisterBenchmark(
                where("encode", in, impl.id).c_str(), [&in, fn = impl.fn, kernel = impl.kernel](State& state) {
                    const kernel_scope scope(kernel);
                    std::vector<char> out(in.code_points.size() * 4 + 16);
                    for (auto _ : state) {
                        std::size_t n = fn(in.code_points, out.data());
                        benchmark::DoNotOptimize(n);
                        benchmark::ClobberMemory();
                    }
                // Bytes of UTF-8 (here the output), like the other families.
                    state.SetBytesProcessed(state.iterations() * static_cast<std::int64_t>(in.bytes.size()));
                });
        }
    }
    // UTF-16 both ways, on the texts with a UTF-16 form (lipsum and ASCII).
    for (std::size_t index = 0; index < inputs.size(); ++index) {
        const input& in = inputs[index];
        if (in.kind != input::kind_t::lipsum && in.kind != input::kind_t::ascii) continue;
        const std::u16string& units = utf16_texts[index];
        for (const auto& impl : to_utf16_impls) {
            check_to_utf16(in, units, impl);
            benchmark::RegisterBenchmark(
                where("to_utf16", in, impl.id).c_str(), [&in, fn = impl.fn, kernel = impl.kernel](State& state) {
                    const kernel_scope scope(kernel);
                    std::vector<char16_t> out(in.bytes.size() + 16);
                    for (auto _ : state) {
                        std::size_t n = fn(in.bytes, out.data());
                        benchmark::DoNotOptimize(n);
                        benchmark::ClobberMemory();
                    }
                    state.SetBytesProcessed(state.iterations() * static_cast<std::int64_t>(in.bytes.size()));
                });
        }
        for (const auto& impl : from_utf16_impls) {
            check_from_utf16(in, units, impl);
            benchmark::RegisterBenchmark(where("from_utf16", in, impl.id).c_str(),
                                         [&in, &units, fn = impl.fn, kernel = impl.kernel](State& state) {
                                             const kernel_scope scope(kernel);
                                             std::vector<char> out(3 * units.size() + 16);
                                             for (auto _ : state) {
                                                 std::size_t n = fn(units, out.data());
                                                 benchmark::DoNotOptimize(n);
                                                 benchmark::ClobberMemory();
                                             }
                                             // Bytes of UTF-8 (the output), like the other families.
                                             state.SetBytesProcessed(state.iterations() *
                                                                     static_cast<std::int64_t>(in.bytes.size()));
                                         });
        }
    }
    // Repair of valid text (lipsum), then the dirty families.
    const auto add_repair = [](const char* family, const input& in, const implementation<repair_fn>& impl) {
        check_repair(family, in, impl);
        benchmark::RegisterBenchmark(
            where(family, in, impl.id).c_str(), [&in, fn = impl.fn, kernel = impl.kernel](State& state) {
                const kernel_scope scope(kernel);
                std::vector<char> out(3 * in.bytes.size() + 16);
                for (auto _ : state) {
                    std::size_t n = fn(in.bytes, out.data());
                    benchmark::DoNotOptimize(n);
                    benchmark::ClobberMemory();
                }
                state.SetBytesProcessed(state.iterations() * static_cast<std::int64_t>(in.bytes.size()));
            });
    };
    for (const input& in : inputs)
        if (in.kind == input::kind_t::lipsum)
            for (const auto& impl : repair_impls) add_repair("repair", in, impl);
    for (const input& in : inputs) {
        if (in.kind != input::kind_t::dirty) continue;
        for (const auto& impl : dirty_sum_impls) {
            check_sum(in, impl);
            benchmark::RegisterBenchmark(where("dirty_sum", in, impl.id).c_str(), [&in, fn = impl.fn](State& state) {
                for (auto _ : state) {
                    std::uint64_t sum = fn(in.bytes);
                    benchmark::DoNotOptimize(sum);
                    benchmark::ClobberMemory();
                }
                state.SetBytesProcessed(state.iterations() * static_cast<std::int64_t>(in.bytes.size()));
            });
        }
        for (const auto& impl : dirty_decode_impls) {
            check_decode(in, impl);
            benchmark::RegisterBenchmark(where("dirty_decode", in, impl.id).c_str(), [&in, fn = impl.fn](State& state) {
                std::vector<char32_t> out(in.bytes.size() + 16);
                for (auto _ : state) {
                    std::size_t n = fn(in.bytes, out.data());
                    benchmark::DoNotOptimize(n);
                    benchmark::ClobberMemory();
                }
                state.SetBytesProcessed(state.iterations() * static_cast<std::int64_t>(in.bytes.size()));
            });
        }
        for (const auto& impl : dirty_repair_impls) add_repair("dirty_repair", in, impl);
        for (const auto& impl : dirty_size_impls) {
            check_size(in, impl);
            benchmark::RegisterBenchmark(where("dirty_size", in, impl.id).c_str(), [&in, fn = impl.fn](State& state) {
                for (auto _ : state) {
                    std::size_t n = fn(in.bytes);
                    benchmark::DoNotOptimize(n);
                    benchmark::ClobberMemory();
                }
                state.SetBytesProcessed(state.iterations() * static_cast<std::int64_t>(in.bytes.size()));
            });
        }
    }
}

// The kernel utf8view's dispatch uses (the first call chooses it).
std::string utf8view_kernel()
{
#ifdef UTF8VIEW_BENCH_HAS_ACTIVE_KERNEL
    return std::string(utf8view::detail::active_kernel().name);
#else
    return "n/a (no SIMD dispatch in this utf8view yet)";
#endif
}

// Why the dispatch chose it, with the library's calibration timings.
std::string utf8view_kernel_choice()
{
    std::string text;
#ifdef UTF8VIEW_BENCH_HAS_KERNEL_CHOICE
    const auto choice = utf8view::detail::kernel_choice();
    using reason = utf8view::detail::choice_reason;
    if (choice.reason == reason::calibrated) {
        text = "fastest in utf8view's start-up calibration (best time on " + std::to_string(choice.timings.text_bytes) +
               " bytes:";
#ifdef UTF8VIEW_BENCH_HAS_AVAILABLE_KERNELS
        std::size_t i = 0;
        for (const auto* k : utf8view::detail::available_kernels()) {
            if (i < choice.timings.best_nanoseconds.size() && choice.timings.best_nanoseconds[i] > 0)
                text += " " + std::string(k->name) + " " + std::to_string(choice.timings.best_nanoseconds[i]) + " ns";
            ++i;
        }
#endif
        text += ")";
    }
    else if (choice.reason == reason::environment) text = "named by UTF8VIEW_KERNEL";
    else if (choice.reason == reason::forced) text = "forced with --kernel";
#endif
    return text;
}

// One more validate row per kernel this CPU can run, forced in turn, after
// the dispatched utf8view rows; and the lazy loop with the AVX2 kernel
// forced, if the CPU has it (a target for CPUs without AVX-512: the loop
// validates ahead with the kernel).
void add_kernel_rows()
{
#if defined(UTF8VIEW_BENCH_HAS_VALIDATE) && defined(UTF8VIEW_BENCH_HAS_AVAILABLE_KERNELS) &&                           \
    defined(UTF8VIEW_BENCH_HAS_FORCE_KERNEL) && defined(UTF8VIEW_BENCH_HAS_ACTIVE_KERNEL)
    auto position = validate_impls.begin();
    while (position != validate_impls.end() && position->id.starts_with("utf8view.")) ++position;
    std::vector<implementation<validate_fn>> rows;
    for (const auto* k : utf8view::detail::available_kernels()) {
        const std::string name(k->name);
        rows.push_back({"utf8view.validate.kernel-" + name, validate_utf8view, name});
        if (name == "avx2") {
            auto loops = sum_impls.begin();
            while (loops != sum_impls.end() && loops->id.starts_with("utf8view.")) ++loops;
            loops = sum_impls.insert(loops, {"utf8view.views_decode.kernel-avx2", sum_utf8view, name});
#ifdef UTF8VIEW_BENCH_HAS_DECODE_BUFFERED
            sum_impls.insert(loops + 1, {"utf8view.views_decode_buffered.kernel-avx2", sum_utf8view_buffered, name});
#endif
        }
    }
    validate_impls.insert(position, rows.begin(), rows.end());
#endif
}

// One more decode_into, encode_into and UTF-16 row (to a pointer) per transcoding
// kernel this CPU can run, forced in turn, after the dispatched utf8view rows.
void add_transcoder_rows()
{
#ifdef UTF8VIEW_BENCH_HAS_TRANSCODERS
    const auto insert = [](auto& impls, const std::string& family, auto fn) {
        auto position = impls.begin();
        while (position != impls.end() && position->id.starts_with("utf8view.")) ++position;
        std::vector<typename std::decay_t<decltype(impls)>::value_type> rows;
        for (const auto* k : utf8view::detail::available_transcoders()) {
            const std::string name(k->name);
            rows.push_back({"utf8view." + family + ".transcoder-" + name, fn, "transcoder:" + name});
        }
        impls.insert(position, rows.begin(), rows.end());
    };
#ifdef UTF8VIEW_BENCH_HAS_DECODE_INTO_PTR
    insert(decode_impls, "decode_into", decode_utf8view_into);
#endif
#ifdef UTF8VIEW_BENCH_HAS_ENCODE_INTO_PTR
    insert(encode_impls, "encode_into", encode_utf8view_into);
#endif
#ifdef UTF8VIEW_BENCH_HAS_UTF16
    insert(to_utf16_impls, "utf8_to_utf16_into", to_utf16_utf8view);
    insert(from_utf16_impls, "utf16_to_utf8_into", from_utf16_utf8view);
#endif
#endif
}

// Removes `--name=value` from argv (Google Benchmark rejects flags it does
// not know) and returns the value.
std::optional<std::string> take_option(int& argc, char** argv, std::string_view name)
{
    std::optional<std::string> value;
    int kept = 1;
    for (int i = 1; i < argc; ++i) {
        const std::string_view arg = argv[i];
        if (arg.starts_with("--") && arg.substr(2).starts_with(name) && arg.substr(2 + name.size()).starts_with("="))
            value = std::string(arg.substr(3 + name.size()));
        else argv[kept++] = argv[i];
    }
    argc = kept;
    return value;
}

std::optional<std::string> env(const char* name)
{
    const char* value = std::getenv(name);
    return value && *value ? std::optional<std::string>(value) : std::nullopt;
}

}  // namespace
}  // namespace bench

int main(int argc, char** argv)
{
    using namespace bench;
    const auto corpus_option = take_option(argc, argv, "corpus");
    const auto big_option = take_option(argc, argv, "big-mib");
    const auto kernel_option = take_option(argc, argv, "kernel");
    const std::string corpus_dir =
        corpus_option.value_or(env("UTF8VIEW_BENCH_CORPUS_DIR").value_or(UTF8VIEW_BENCH_DEFAULT_CORPUS_DIR));
    const std::string big_mib = big_option.value_or(env("UTF8VIEW_BENCH_BIG_MIB").value_or("64"));
    const std::size_t big_bytes = std::stoul(big_mib) << 20;

    if (kernel_option) {
#if defined(UTF8VIEW_BENCH_HAS_FORCE_KERNEL)
        if (!utf8view::detail::force_kernel(*kernel_option))
            fail("--kernel=" + *kernel_option + ": no such kernel here");
#else
        fail("--kernel=" + *kernel_option + ": this utf8view cannot force a kernel yet");
#endif
    }

    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return EXIT_FAILURE;

    utf8_to_utf32le = iconv_open("UTF-32LE", "UTF-8");
    if (utf8_to_utf32le == reinterpret_cast<iconv_t>(-1)) fail("iconv_open(\"UTF-32LE\", \"UTF-8\") failed");

    std::vector<input> inputs = load_corpus(corpus_dir, big_bytes);
    for (input& in : make_dirty_inputs(corpus_dir, inputs)) inputs.push_back(std::move(in));
    UErrorCode icu_status = U_ZERO_ERROR;
    icu_utf8_in = ucnv_open("UTF-8", &icu_status);
    icu_utf8_out = ucnv_open("UTF-8", &icu_status);
    if (U_FAILURE(icu_status)) fail("ucnv_open(\"UTF-8\") failed");
#ifdef UTF8VIEW_BENCH_HAS_SIMDUTF
    std::size_t largest = 0;
    for (const auto& in : inputs) largest = std::max(largest, in.bytes.size());
    simdutf_scratch.assign(largest + 16, U'\0');
#endif

    benchmark::AddCustomContext("utf8view.version", UTF8VIEW_VERSION_STRING);
    benchmark::AddCustomContext("utf8view.kernel", utf8view_kernel());
    if (const std::string why = utf8view_kernel_choice(); !why.empty())
        benchmark::AddCustomContext("utf8view.kernel_choice", why);
    benchmark::AddCustomContext("utf8view.api", UTF8VIEW_BENCH_UTF8VIEW_API);
#if defined(__clang__)
    benchmark::AddCustomContext("compiler", "clang " __clang_version__);
#elif defined(__GNUC__)
    benchmark::AddCustomContext("compiler", "g++ " __VERSION__);
#endif
    benchmark::AddCustomContext("cxx_flags", UTF8VIEW_BENCH_CXX_FLAGS);
    benchmark::AddCustomContext("build_type", UTF8VIEW_BENCH_BUILD_TYPE);
    benchmark::AddCustomContext("corpus", corpus_dir);
#ifdef UTF8VIEW_BENCH_HAS_SIMDUTF
    benchmark::AddCustomContext("simdutf.version", SIMDUTF_VERSION);
    benchmark::AddCustomContext("simdutf.kernel", std::string(simdutf::get_active_implementation()->name()));
#endif
    for (const auto& in : inputs)
        benchmark::AddCustomContext("input." + in.name, in.origin + ": " + std::to_string(in.bytes.size()) +
                                                            " bytes, " + std::to_string(in.code_point_count) +
                                                            " code points");

    for (const input& in : inputs)
        utf16_texts.push_back(in.kind == input::kind_t::big ? std::u16string() : utf16_of(in.code_points));

    add_kernel_rows();
    add_transcoder_rows();
    register_all(inputs);  // checks every implementation first
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    iconv_close(utf8_to_utf32le);
    ucnv_close(icu_utf8_in);
    ucnv_close(icu_utf8_out);
    return EXIT_SUCCESS;
}
