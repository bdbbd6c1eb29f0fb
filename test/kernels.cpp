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

constexpr std::array<std::string_view, 5> validation_kernel_names = {"avx512", "avx2", "sse", "neon", "scalar"};
constexpr std::array<std::string_view, 3> transcoding_kernel_names = {"avx512", "avx2", "scalar"};

// Unicode 15.0, ch. 3, Table 3-8: these bytes, and the code points
// (U+FFFD for each maximal subpart) the replacement practice gives.
const std::string table_3_8_bytes = "\x61\xF1\x80\x80\xE1\x80\xC2\x62\x80\x63\x80\xBF\x64";
const std::u32string table_3_8_decoded = U"\x61\uFFFD\uFFFD\uFFFD\x62\uFFFD\x63\uFFFD\uFFFD\x64";

// 64 ASCII bytes (enough for any kernel to run), then Table 3-8 three times.
std::string long_input()
{
    std::string bytes(64, 'a');
    for (int copy = 0; copy < 3; ++copy) bytes += table_3_8_bytes;
    return bytes;
}

std::u32string long_input_decoded()
{
    std::u32string code_points(64, U'a');
    for (int copy = 0; copy < 3; ++copy) code_points += table_3_8_decoded;
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

// True if the kernel called `name` needs only what this CPU has, by the
// compiler's own CPU detection (not utf8view's).
bool cpu_runs(std::string_view name)
{
    if (name == "scalar") return true;
#if defined(UTF8VIEW_NO_SIMD)
    return false;
#elif (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__))
    if (name == "avx2") return __builtin_cpu_supports("avx2");
    if (name == "sse") return __builtin_cpu_supports("ssse3") && __builtin_cpu_supports("sse4.1");
    return false;  // avx512 needs more features than this test asks about
#else
    return false;
#endif
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
    const std::string bytes = long_input();
    std::size_t forced = 0;
    for (const std::string_view name : validation_kernel_names) {
        BOOST_TEST_CONTEXT("kernel " << name)
        {
            const std::string before(u8v::active_validation_kernel());
            if (!u8v::force_validation_kernel(name)) {
                BOOST_TEST(!cpu_runs(name), "this CPU runs it, yet it was refused");
                BOOST_TEST(u8v::active_validation_kernel() == before);
                continue;
            }
            ++forced;
            BOOST_TEST(u8v::active_validation_kernel() == name);
            // Table 3-8's first maximal subpart is F1 80 80, cut by E1.
            const u8v::validation_result result = u8v::validate(bytes);
            BOOST_TEST(!result.valid());
            BOOST_TEST(result.offset == 65u);
            BOOST_TEST((result.kind == u8v::error_kind::truncated_sequence));
            BOOST_TEST(u8v::is_valid(std::string(200, 'a') + "\u00E9\u4E2D\U0001F600"));
        }
    }
    BOOST_TEST(forced >= 1u);
}

BOOST_AUTO_TEST_CASE(forcing_a_transcoding_kernel_keeps_the_results)
{
    const restore_kernels restore;
    const std::string bytes = long_input();
    const std::u32string expected = long_input_decoded();
    for (const std::string_view name : transcoding_kernel_names) {
        BOOST_TEST_CONTEXT("transcoder " << name)
        {
            const std::string before(u8v::active_transcoding_kernel());
            if (!u8v::force_transcoding_kernel(name)) {
                BOOST_TEST(!(name == "scalar" || (name == "avx2" && cpu_runs("avx2"))),
                           "this CPU runs it, yet it was refused");
                BOOST_TEST(u8v::active_transcoding_kernel() == before);
                continue;
            }
            BOOST_TEST(u8v::active_transcoding_kernel() == name);
            std::vector<char32_t> out(bytes.size());
            const auto result = u8v::decode_into(bytes, out.data());
            const std::u32string decoded(out.data(), result.out);
            BOOST_TEST((decoded == expected));
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
