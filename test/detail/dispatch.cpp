// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.

// The run-time choice of the validation kernel (detail/dispatch.hpp):
// force_kernel() for every kernel, validate() through each, the
// UTF8VIEW_KERNEL environment variable (its parsing, and a first use with it
// set), the calibration, no dispatch below the threshold, one choice for
// all threads, and the CPU features against the compiler's own detection.

#include <utf8view/detail/dispatch.hpp>
#define BOOST_TEST_MODULE detail_dispatch
#include <boost/test/unit_test.hpp>

#include "support/print.hpp"
#include "support/random_utf8.hpp"

#include <utf8view/transcode.hpp>
#include <utf8view/utf16.hpp>
#include <utf8view/validate.hpp>

#include <chrono>
#include <cstdlib>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

namespace u8v = utf8view;
namespace d = utf8view::detail;
namespace t = utf8view_test;
using u8v::validation_result;

namespace {

void set_environment(const char* value)
{
    if (value) BOOST_TEST_REQUIRE(::setenv("UTF8VIEW_KERNEL", value, 1) == 0);
    else BOOST_TEST_REQUIRE(::unsetenv("UTF8VIEW_KERNEL") == 0);
}

// Valid text, and the same with errors, all long enough for the kernel.
std::vector<std::string> sample_inputs()
{
    t::random_source random(8);
    std::vector<std::string> inputs;
    for (int i = 0; i < 200; ++i) {
        std::string text;
        const std::size_t size = 32 + random.below(400);
        while (text.size() < size) text += t::encode_by_table_3_6(t::random_scalar_value(random));
        inputs.push_back(text);
        text.insert(random.below(static_cast<std::uint32_t>(text.size())), i % 2 ? "\xED\xA0\x80" : "\xC2");
        inputs.push_back(text);
    }
    return inputs;
}

validation_result scalar_result(std::string_view s)
{
    return d::simd::scalar::validate(reinterpret_cast<const unsigned char*>(s.data()), s.size());
}

// Leaves the process as a fresh one would be: no choice, no variable.
struct fresh_choice {
    fresh_choice()
    {
        set_environment(nullptr);
        d::reset_kernel_choice();
    }
    ~fresh_choice()
    {
        ::unsetenv("UTF8VIEW_KERNEL");
        d::reset_kernel_choice();
    }
};

}  // namespace

BOOST_AUTO_TEST_CASE(available_kernels_are_the_supported_table_entries_in_order_scalar_last)
{
    const auto available = d::available_kernels();
    BOOST_TEST_REQUIRE(!available.empty());
    BOOST_TEST(available.back()->name == "scalar");
    std::size_t next = 0;
    for (const d::kernel& k : d::kernels) {
        if (!d::is_supported(k)) continue;
        BOOST_TEST_REQUIRE(next < available.size());
        BOOST_TEST(available[next] == &k);
        ++next;
    }
    BOOST_TEST(next == available.size());
}

#if defined(UTF8VIEW_SIMD_X86) && (defined(__GNUC__) || defined(__clang__))
BOOST_AUTO_TEST_CASE(cpu_features_agree_with_the_compilers_detection)
{
    // __builtin_cpu_supports is the compiler runtime's own CPUID reading
    // (which also checks the OS's XCR0 for AVX and AVX-512).
    const d::cpu_features have = d::cpu_features_of_this_machine();
    BOOST_TEST(d::has_all(have, d::cpu_features::ssse3) == (__builtin_cpu_supports("ssse3") != 0));
    BOOST_TEST(d::has_all(have, d::cpu_features::sse41) == (__builtin_cpu_supports("sse4.1") != 0));
    BOOST_TEST(d::has_all(have, d::cpu_features::avx2) == (__builtin_cpu_supports("avx2") != 0));
    BOOST_TEST(d::has_all(have, d::cpu_features::avx512f) == (__builtin_cpu_supports("avx512f") != 0));
    BOOST_TEST(d::has_all(have, d::cpu_features::avx512bw) == (__builtin_cpu_supports("avx512bw") != 0));
    BOOST_TEST(d::has_all(have, d::cpu_features::avx512vbmi) == (__builtin_cpu_supports("avx512vbmi") != 0));
    BOOST_TEST_MESSAGE("cpu features bits: " << static_cast<unsigned>(have));
}
#endif

BOOST_AUTO_TEST_CASE(force_kernel_selects_each_available_kernel_and_validate_agrees_with_scalar)
{
    const fresh_choice fresh;
    const std::vector<std::string> inputs = sample_inputs();
    for (const d::kernel* k : d::available_kernels()) {
        BOOST_TEST_CONTEXT("kernel " << k->name)
        {
            BOOST_TEST_REQUIRE(d::force_kernel(k->name));
            BOOST_TEST(&d::active_kernel() == k);
            BOOST_TEST(d::active_kernel().name == k->name);
            const d::kernel_choice_info info = d::kernel_choice();
            BOOST_TEST(info.chosen == k);
            BOOST_TEST((info.reason == d::choice_reason::forced));
            for (const std::string& input : inputs) {
                BOOST_TEST(u8v::validate(std::string_view(input)) == scalar_result(input));
                BOOST_TEST(u8v::is_valid(input) == scalar_result(input).valid());
            }
        }
    }
}

BOOST_AUTO_TEST_CASE(force_kernel_refuses_unknown_and_unsupported_names_and_changes_nothing)
{
    const fresh_choice fresh;
    BOOST_TEST_REQUIRE(d::force_kernel("scalar"));
    for (const std::string_view name : {"", "AVX2", "avx", "sse2", "auto", " scalar", "neon?"})
        BOOST_TEST(!d::force_kernel(name), '"' << name << '"');
    BOOST_TEST(d::active_kernel().name == "scalar");
    // Every entry of the table is accepted exactly when the CPU can run it.
    for (const d::kernel& k : d::kernels) BOOST_TEST(d::force_kernel(k.name) == d::is_supported(k), k.name);
#if !defined(UTF8VIEW_SIMD_NEON)
    BOOST_TEST(!d::force_kernel("neon"));  // not compiled in on this architecture
#endif
}

BOOST_AUTO_TEST_CASE(environment_variable_is_parsed_exactly)
{
    BOOST_TEST(d::kernel_from_environment(nullptr) == nullptr);
    BOOST_TEST(d::kernel_from_environment("") == nullptr);
    BOOST_TEST(d::kernel_from_environment("   ") == nullptr);
    BOOST_TEST(d::kernel_from_environment("bogus") == nullptr);
    BOOST_TEST(d::kernel_from_environment("Scalar") == nullptr);
    BOOST_TEST(d::kernel_from_environment("scalar") == d::find_kernel("scalar"));
    BOOST_TEST(d::kernel_from_environment(" scalar\n") == d::find_kernel("scalar"));
    for (const d::kernel* k : d::available_kernels())
        BOOST_TEST(d::kernel_from_environment(std::string(k->name).c_str()) == k);
}

BOOST_AUTO_TEST_CASE(environment_variable_chooses_the_kernel_on_first_use)
{
    // Each available kernel in turn, as if a process started with
    // UTF8VIEW_KERNEL=<name>: the first validate() of a long input picks it.
    const std::string text(100, 'x');
    for (const d::kernel* k : d::available_kernels()) {
        const fresh_choice fresh;
        set_environment(std::string(k->name).c_str());
        BOOST_TEST(u8v::validate(text).valid());
        const d::kernel_choice_info info = d::kernel_choice();
        BOOST_TEST(info.chosen == k, k->name);
        BOOST_TEST((info.reason == d::choice_reason::environment));
    }
    // An unknown name, or a kernel this CPU lacks, is ignored: calibrated.
    for (const char* value : {"bogus", "neon", "avx512 "}) {
        if (d::kernel_from_environment(value) != nullptr) continue;  // e.g. "avx512 " where supported
        const fresh_choice fresh;
        set_environment(value);
        BOOST_TEST(&d::active_kernel() != nullptr);
        BOOST_TEST((d::kernel_choice().reason == d::choice_reason::calibrated), value);
    }
}

BOOST_AUTO_TEST_CASE(force_kernel_overrides_the_environment)
{
    const fresh_choice fresh;
    set_environment("scalar");
    BOOST_TEST(d::active_kernel().name == "scalar");
    const d::kernel* first = d::available_kernels().front();
    BOOST_TEST_REQUIRE(d::force_kernel(first->name));
    BOOST_TEST(&d::active_kernel() == first);
}

BOOST_AUTO_TEST_CASE(calibration_picks_a_fastest_kernel_it_timed_quickly)
{
    const fresh_choice fresh;
    const auto start = std::chrono::steady_clock::now();
    const d::kernel& chosen = d::active_kernel();
    const auto elapsed = std::chrono::steady_clock::now() - start;
    const d::kernel_choice_info info = d::kernel_choice();
    BOOST_TEST((info.reason == d::choice_reason::calibrated));
    BOOST_TEST(info.chosen == &chosen);
    const auto available = d::available_kernels();
    std::string report;
    std::int64_t fastest = -1;
    for (std::size_t k = 0; k < available.size(); ++k) {
        const std::int64_t ns = info.timings.best_nanoseconds[k];
        report += " " + std::string(available[k]->name) + "=" + std::to_string(ns) + "ns";
        if (available.size() > 1) BOOST_TEST(ns > 0, available[k]->name << " was timed");
        if (available[k] == &chosen) fastest = ns;
    }
    // No kernel was more than 5% faster than the chosen one (a narrower
    // kernel must win by 5% to be chosen over a wider one).
    for (std::size_t k = 0; k < available.size() && available.size() > 1; ++k)
        BOOST_TEST(info.timings.best_nanoseconds[k] >= fastest - fastest / 20, available[k]->name);
    const auto microseconds = std::chrono::duration_cast<std::chrono::microseconds>(elapsed).count();
    BOOST_TEST_MESSAGE("calibration chose " << chosen.name << " in " << microseconds << " us, " << info.timings.rounds
                                            << " rounds over " << info.timings.text_bytes << " bytes:" << report);
    // Well under a millisecond or two on an idle machine; generous here, as
    // tests may run under sanitizers, unoptimized, on a loaded machine.
    BOOST_TEST(microseconds < 200000);
    BOOST_TEST(info.timings.text_bytes == d::calibration_text_bytes);
    // At least the minimum rounds, unless the time limit ended it first
    // (unoptimized or sanitized builds).
    if (available.size() > 1) {
        BOOST_TEST(info.timings.rounds >= 1);
        BOOST_TEST((info.timings.rounds >= d::calibration_min_rounds ||
                    elapsed >= std::chrono::duration_cast<std::chrono::nanoseconds>(d::calibration_max_time)));
    }
}

BOOST_AUTO_TEST_CASE(calibration_text_is_valid_utf8)
{
    static unsigned char text[d::calibration_text_bytes];
    d::make_calibration_text(text, sizeof text);
    const validation_result r = d::validate_segments(text + 0, text + sizeof text);
    BOOST_TEST(r.valid());
    BOOST_TEST(r.offset == sizeof text);
    // The scalar kernel is timed on the first quarter: valid on its own.
    BOOST_TEST(d::validate_segments(text + 0, text + sizeof text / 4).valid());
    std::size_t multi_byte_leads = 0;
    for (unsigned char b : text) multi_byte_leads += b >= 0xC0;
    BOOST_TEST(multi_byte_leads > sizeof text / 20);  // not just ASCII
}

BOOST_AUTO_TEST_CASE(short_contiguous_input_does_not_dispatch)
{
    const fresh_choice fresh;
    const std::string short_text(d::simd_threshold_bytes - 1, 'a');
    BOOST_TEST(u8v::validate(short_text).valid());
    BOOST_TEST(u8v::validate(std::string_view("\xC0\xAE")).offset == 0u);
    BOOST_TEST((d::kernel_choice().reason == d::choice_reason::not_yet_chosen));  // nothing chosen yet
    const std::string long_text(d::simd_threshold_bytes, 'a');
    BOOST_TEST(u8v::validate(long_text).valid());
    BOOST_TEST((d::kernel_choice().reason == d::choice_reason::calibrated));
}

BOOST_AUTO_TEST_CASE(short_contiguous_input_to_the_size_functions_chooses_no_transcoder)
{
    // Well-formed stretches shorter than transcoder_threshold_bytes are
    // counted inline by the scalar count: no transcoder is chosen for them
    // (and none called through the table); a longer one chooses one.
    const d::transcoder* const before = d::active_transcoder_pointer.load();
    d::active_transcoder_pointer.store(nullptr);
    const std::string short_text(static_cast<std::size_t>(d::transcoder_threshold_bytes) - 1, 'a');
    std::string with_errors = short_text;
    with_errors[10] = '\xC0';  // a stretch either side of an error
    BOOST_TEST(u8v::count_code_points(short_text) == short_text.size());
    BOOST_TEST(u8v::decoded_size(with_errors) == with_errors.size());
    BOOST_TEST(u8v::utf8_to_utf16_size(short_text) == short_text.size());
    BOOST_TEST(u8v::utf8_to_utf16_size(with_errors) == with_errors.size());
    BOOST_TEST((d::active_transcoder_pointer.load() == nullptr));  // nothing chosen yet
    const std::string long_text(static_cast<std::size_t>(d::transcoder_threshold_bytes), 'a');
    BOOST_TEST(u8v::count_code_points(long_text) == long_text.size());
    BOOST_TEST((d::active_transcoder_pointer.load() != nullptr));
    d::active_transcoder_pointer.store(before);
}

BOOST_AUTO_TEST_CASE(threads_racing_for_the_first_use_all_get_the_same_kernel)
{
    const fresh_choice fresh;
    constexpr int thread_count = 8;
    std::vector<const d::kernel*> seen(thread_count, nullptr);
    std::vector<std::thread> threads;
    const std::string text(1000, 'a');
    for (int i = 0; i < thread_count; ++i)
        threads.emplace_back([&seen, &text, i] {
            seen[static_cast<std::size_t>(i)] = &d::active_kernel();
            static_cast<void>(u8v::validate(text));
        });
    for (std::thread& th : threads) th.join();
    for (const d::kernel* k : seen) BOOST_TEST(k == seen.front());
    BOOST_TEST(d::kernel_choice().chosen == seen.front());
}
