// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.

// The public choice of kernels (<utf8view/kernels.hpp>): the active kernels
// are named, forcing a kernel this CPU runs makes it the active one and the
// results stay those of the Unicode Standard, and an unknown name changes
// nothing. Built header-only and, as separate.kernels, with
// UTF8VIEW_SEPARATE_COMPILATION (the functions then live in the compiled
// unit).

#include <utf8view/kernels.hpp>
#define BOOST_TEST_MODULE kernels
#include <boost/test/unit_test.hpp>

#include <utf8view/transcode.hpp>
#include <utf8view/validate.hpp>

#include <algorithm>
#include <array>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace u8v = utf8view;

namespace {

constexpr std::array<std::string_view, 6> validation_kernel_names = {"avx512vbmi", "avx512", "avx2",
                                                                     "sse",        "neon",   "scalar"};
constexpr std::array<std::string_view, 3> transcoding_kernel_names = {"avx512", "avx2", "scalar"};

// Unicode 15.0, ch. 3, Table 3-8: these bytes, and the code points
// (U+FFFD for each maximal subpart) the replacement practice gives.
const std::string table_3_8_bytes = "\x61\xF1\x80\x80\xE1\x80\xC2\x62\x80\x63\x80\xBF\x64";
const std::u32string table_3_8_decoded = U"\x61\uFFFD\uFFFD\uFFFD\x62\uFFFD\x63\uFFFD\uFFFD\x64";

// Well-formed text of every length of Table 3-6: U+00E9, U+4E2D, U+1F600
// and 'a' take 2, 3, 4 and 1 bytes (10 in all).
const std::string valid_piece = "\xC3\xA9\xE4\xB8\xAD\xF0\x9F\x98\x80\x61";
const std::u32string valid_piece_decoded = U"\u00E9\u4E2D\U0001F600\x61";
constexpr std::size_t valid_repeats = 15;  // 150 bytes: the errors lie in the kernels' second and later blocks

// `shift` ASCII bytes (to move the errors across the 64-byte blocks of the
// kernels), the well-formed text 15 times, Table 3-8 ten times, the
// well-formed text 15 times again: long enough that each kernel's vector
// code, not its scalar tail, meets the errors and the multi-byte characters.
struct sample {
    std::string bytes;
    std::u32string decoded;
    std::size_t first_error;  // the offset of Table 3-8's first maximal subpart, F1 80 80
};

sample make_sample(std::size_t shift)
{
    sample s;
    s.bytes.assign(shift, 'a');
    s.decoded.assign(shift, U'a');
    for (std::size_t copy = 0; copy < valid_repeats; ++copy) {
        s.bytes += valid_piece;
        s.decoded += valid_piece_decoded;
    }
    s.first_error = s.bytes.size() + 1;
    for (int copy = 0; copy < 10; ++copy) {
        s.bytes += table_3_8_bytes;
        s.decoded += table_3_8_decoded;
    }
    for (std::size_t copy = 0; copy < valid_repeats; ++copy) {
        s.bytes += valid_piece;
        s.decoded += valid_piece_decoded;
    }
    return s;
}

// The well-formed text alone, long enough for every kernel: 60 pieces.
std::string long_valid_text()
{
    std::string bytes;
    for (int copy = 0; copy < 60; ++copy) bytes += valid_piece;
    return bytes;
}

std::u32string long_valid_text_decoded()
{
    std::u32string code_points;
    for (int copy = 0; copy < 60; ++copy) code_points += valid_piece_decoded;
    return code_points;
}

// Forces back the kernels that were active when it was made.
class restore_kernels {
    std::string validation_{u8v::active_validation_kernel()};
    std::string transcoding_{u8v::active_transcoding_kernel()};

public:
    restore_kernels() = default;
    restore_kernels(const restore_kernels&) = delete;
    restore_kernels& operator=(const restore_kernels&) = delete;
    ~restore_kernels()
    {
        (void)u8v::force_validation_kernel(validation_);
        (void)u8v::force_transcoding_kernel(transcoding_);
    }
};

#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__)) &&                         \
    !defined(UTF8VIEW_NO_SIMD)
#define TEST_HAS_X86_CPU_DETECTION 1
#endif

// True if the validation kernel called `name` needs only what this CPU has,
// by the compiler's own CPU detection (not utf8view's). Unknown (false)
// for the kernels this test does not ask about.
bool cpu_runs_validation_kernel(std::string_view name)
{
    if (name == "scalar") return true;
#if defined(TEST_HAS_X86_CPU_DETECTION)
    if (name == "avx2") return __builtin_cpu_supports("avx2");
    if (name == "sse") return __builtin_cpu_supports("ssse3") && __builtin_cpu_supports("sse4.1");
#endif
    return false;
}

// The same for the transcoding kernels (AVX2 also needs BMI1 and POPCNT).
bool cpu_runs_transcoding_kernel(std::string_view name)
{
    if (name == "scalar") return true;
#if defined(TEST_HAS_X86_CPU_DETECTION)
    if (name == "avx2")
        return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi") && __builtin_cpu_supports("popcnt");
#endif
    return false;
}

}  // namespace

BOOST_AUTO_TEST_CASE(the_active_kernels_have_known_names)
{
    const std::string_view validation = u8v::active_validation_kernel();
    const std::string_view transcoding = u8v::active_transcoding_kernel();
    BOOST_TEST((std::find(validation_kernel_names.begin(), validation_kernel_names.end(), validation) !=
                validation_kernel_names.end()),
               "validation kernel " << validation);
    BOOST_TEST((std::find(transcoding_kernel_names.begin(), transcoding_kernel_names.end(), transcoding) !=
                transcoding_kernel_names.end()),
               "transcoding kernel " << transcoding);
}

BOOST_AUTO_TEST_CASE(forcing_a_validation_kernel_keeps_the_results)
{
    const restore_kernels restore;
    const std::string valid = long_valid_text();
    std::size_t forced = 0;
    for (const std::string_view name : validation_kernel_names) {
        BOOST_TEST_CONTEXT("kernel " << name)
        {
            const std::string before(u8v::active_validation_kernel());
            if (!u8v::force_validation_kernel(name)) {
                BOOST_TEST(!cpu_runs_validation_kernel(name), "this CPU runs it, yet it was refused");
                BOOST_TEST(u8v::active_validation_kernel() == before);
                continue;
            }
            ++forced;
            BOOST_TEST(u8v::active_validation_kernel() == name);
            BOOST_TEST(u8v::is_valid(valid));
            for (std::size_t shift = 0; shift < 64; ++shift) {
                const sample s = make_sample(shift);
                // Table 3-8's first maximal subpart is F1 80 80, cut by E1.
                const u8v::validation_result result = u8v::validate(s.bytes);
                BOOST_TEST_REQUIRE(!result.valid(), "shift " << shift);
                BOOST_TEST(result.offset == s.first_error, "shift " << shift);
                BOOST_TEST((result.kind == u8v::error_kind::truncated_sequence), "shift " << shift);
                BOOST_TEST(u8v::count_code_points(s.bytes) == s.decoded.size(), "shift " << shift);
            }
        }
    }
    BOOST_TEST(forced >= 1u);
}

BOOST_AUTO_TEST_CASE(forcing_a_transcoding_kernel_keeps_the_results)
{
    const restore_kernels restore;
    const std::string valid = long_valid_text();
    const std::u32string valid_decoded = long_valid_text_decoded();
    for (const std::string_view name : transcoding_kernel_names) {
        BOOST_TEST_CONTEXT("transcoder " << name)
        {
            const std::string before(u8v::active_transcoding_kernel());
            if (!u8v::force_transcoding_kernel(name)) {
                BOOST_TEST(!cpu_runs_transcoding_kernel(name), "this CPU runs it, yet it was refused");
                BOOST_TEST(u8v::active_transcoding_kernel() == before);
                continue;
            }
            BOOST_TEST(u8v::active_transcoding_kernel() == name);
            for (std::size_t shift = 0; shift < 64; ++shift) {
                const sample s = make_sample(shift);
                std::vector<char32_t> out(s.bytes.size());
                const auto result = u8v::decode_into(s.bytes, out.data());
                BOOST_TEST((std::u32string(out.data(), result.out) == s.decoded), "shift " << shift);
            }
            // Encoding: the well-formed text's code points give its bytes back.
            std::string encoded(valid.size(), '\0');
            const auto written = u8v::encode_into(valid_decoded, encoded.data());
            BOOST_TEST(static_cast<std::size_t>(written.out - encoded.data()) == valid.size());
            BOOST_TEST((encoded == valid));
        }
    }
}

BOOST_AUTO_TEST_CASE(an_unknown_name_changes_nothing)
{
    const restore_kernels restore;
    const std::string validation(u8v::active_validation_kernel());
    const std::string transcoding(u8v::active_transcoding_kernel());
    for (const std::string_view name : {"", "AVX2", "avx", "scalar ", "fastest"}) {
        BOOST_TEST(!u8v::force_validation_kernel(name), "name '" << name << "'");
        BOOST_TEST(!u8v::force_transcoding_kernel(name), "name '" << name << "'");
    }
    BOOST_TEST(u8v::active_validation_kernel() == validation);
    BOOST_TEST(u8v::active_transcoding_kernel() == transcoding);
}
