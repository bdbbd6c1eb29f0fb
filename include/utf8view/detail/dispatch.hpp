// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at https://www.boost.org/LICENSE_1_0.txt)

/// \file
/// Run-time choice of the validation kernel: the table of kernels, and the
/// one `validate` calls, picked once per process.
///
/// The choice, on first use:
///   1. UTF8VIEW_KERNEL=<name> in the environment, if it names a kernel this
///      CPU can run (unknown or unsupported names are ignored);
///   2. otherwise the kernel that validates a synthetic 32 KiB text fastest
///      here, timed with std::chrono::steady_clock, round-robin, best of
///      each, for at least 7 rounds and 0.75 ms, at most 2 ms (see
///      calibrate: wide vector units can take that long to reach full
///      speed); a narrower kernel must win by 5%. The
///      fastest, not the widest: on AMD Zen 4, for one, 32-byte vectors can
///      beat 64-byte ones.
/// `force_kernel(name)` overrides it at any time (tests, benchmarks), and
/// `active_kernel().name` says which kernel is in use; `kernel_choice()`
/// also says why, with the calibration's timings.

#ifndef UTF8VIEW_DETAIL_DISPATCH_HPP
#define UTF8VIEW_DETAIL_DISPATCH_HPP

#include <utf8view/config.hpp>
#include <utf8view/detail/cpu.hpp>
#include <utf8view/detail/simd/avx2.hpp>
#include <utf8view/detail/simd/avx512.hpp>
#include <utf8view/detail/simd/neon.hpp>
#include <utf8view/detail/simd/scalar.hpp>
#include <utf8view/detail/simd/sse.hpp>
#include <utf8view/detail/simd/transcode_avx2.hpp>
#include <utf8view/detail/simd/transcode_avx512.hpp>
#include <utf8view/detail/simd/transcode_scalar.hpp>

#include <array>
#include <atomic>
// The clocks only (steady_clock for the calibration). libstdc++'s <chrono>
// also brings, in C++20, the calendar, time zones and <sstream>: about 5% of
// the compile time of a user's translation unit (doc/build-cost.md). Its
// <bits/chrono.h> holds exactly the clocks and durations <chrono> starts with.
#if defined(_GLIBCXX_RELEASE) && _GLIBCXX_RELEASE >= 11 && __has_include(<bits/chrono.h>)
#include <bits/chrono.h>
#else
#include <chrono>
#endif
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <span>
#include <string_view>

#include <utf8view/detail/prologue.hpp>

namespace utf8view::detail {

// A validation kernel: `validate(p, n)` must return exactly what
// simd::scalar::validate returns, on any bytes.
using validate_function = validation_result (*)(const unsigned char*, std::size_t) noexcept;

// `accepted_prefix(p, n)` returns a length r <= n such that p[0, r) holds no
// error except perhaps a sequence left unfinished by its end (whose lead
// byte is at most 3 bytes back): the whole blocks the vector code found
// nothing wrong in, then up to the first byte its check flags in the bytes
// after them (a SIMD kernel; the scalar one: up to the first error). The
// bulk loops transcode or copy p[0, r) without the
// scalar pass that validate() adds to find where the error is, and decode
// what follows with every check.
using prefix_function = std::size_t (*)(const unsigned char*, std::size_t) noexcept;

// `copy_accepted_prefix(p, n, out)` returns what accepted_prefix(p, n)
// returns, and copies the start of that prefix to `out` as it reads it,
// stopping at least 4 bytes short of its end (prefix_copy): repair then
// costs about one pass of validation, where validating and then copying
// read the bytes twice. `out` has room for n bytes; nothing is left written
// past out + copied (bytes past it may be written and put back as they
// were). A kernel with no such loop copies nothing.
using copy_prefix_function = prefix_copy (*)(const unsigned char*, std::size_t, unsigned char*) noexcept;

template <prefix_function Accepted>
prefix_copy accepted_prefix_without_copy(const unsigned char* p, std::size_t n, unsigned char*) noexcept
{
    return {Accepted(p, n), 0};
}

struct kernel {
    std::string_view name;    // what UTF8VIEW_KERNEL and force_kernel take
    cpu_features required;    // all of them must be usable
    validate_function validate;
    prefix_function accepted_prefix;
    copy_prefix_function copy_accepted_prefix;
};

// Every kernel compiled in, widest first; scalar, which runs anywhere, last.
// On equal timings the calibration keeps the earlier one.
inline constexpr kernel kernels[] = {
#if defined(UTF8VIEW_SIMD_X86)
    {"avx512vbmi", cpu_features::avx512f | cpu_features::avx512bw | cpu_features::avx512vbmi,
     &simd::avx512_vbmi::validate, &simd::avx512_vbmi::accepted_prefix, &simd::avx512_vbmi::copy_accepted_prefix},
    {"avx512", cpu_features::avx512f | cpu_features::avx512bw, &simd::avx512::validate, &simd::avx512::accepted_prefix,
     &simd::avx512::copy_accepted_prefix},
    {"avx2", cpu_features::avx2, &simd::avx2::validate, &simd::avx2::accepted_prefix,
     &simd::avx2::copy_accepted_prefix},
    {"sse", cpu_features::ssse3 | cpu_features::sse41, &simd::sse::validate, &simd::sse::accepted_prefix,
     &simd::sse::copy_accepted_prefix},
#endif
#if defined(UTF8VIEW_SIMD_NEON)
    {"neon", cpu_features::neon, &simd::neon::validate, &simd::neon::accepted_prefix,
     &simd::neon::copy_accepted_prefix},
#endif
    {"scalar", cpu_features::none, &simd::scalar::validate, &simd::scalar::accepted_prefix,
     &accepted_prefix_without_copy<&simd::scalar::accepted_prefix>},
};

inline constexpr std::size_t kernel_count = std::size(kernels);

// True if this CPU (and OS) can run `k`.
[[nodiscard]] inline bool is_supported(const kernel& k) noexcept
{
    return has_all(cpu_features_of_this_machine(), k.required);
}

// The kernels this CPU can run, in table order (scalar last).
[[nodiscard]] inline std::span<const kernel* const> available_kernels() noexcept
{
    struct list {
        std::array<const kernel*, kernel_count> items{};
        std::size_t count = 0;
    };
    static const list supported = [] {
        list l;
        for (const kernel& k : kernels)
            if (is_supported(k)) l.items[l.count++] = &k;
        return l;
    }();
    return {supported.items.data(), supported.count};
}

// The kernel called `name`, if this CPU can run it; else nullptr.
[[nodiscard]] inline const kernel* find_kernel(std::string_view name) noexcept
{
    for (const kernel* k : available_kernels())
        if (k->name == name) return k;
    return nullptr;
}

// A kernel or transcoder name read from the environment (`value`: nullptr
// when unset), without surrounding blanks: empty when unset or blank. Names
// are then compared exactly ("avx2", not "AVX2").
[[nodiscard]] inline std::string_view name_from_environment(const char* value) noexcept
{
    if (value == nullptr) return {};
    std::string_view name(value);
    constexpr std::string_view blanks = " \t\r\n";
    const std::size_t first = name.find_first_not_of(blanks);
    if (first == std::string_view::npos) return {};
    return name.substr(first, name.find_last_not_of(blanks) - first + 1);
}

// The value of UTF8VIEW_KERNEL (`value`: nullptr when unset) as a kernel:
// nullptr when unset, empty, unknown, or not supported here.
[[nodiscard]] inline const kernel* kernel_from_environment(const char* value) noexcept
{
    const std::string_view name = name_from_environment(value);
    return name.empty() ? nullptr : find_kernel(name);
}

// ---------------------------------------------------------------------------
// Calibration

enum class choice_reason : std::uint8_t {
    not_yet_chosen,  // no kernel has been used yet
    calibrated,      // fastest on the synthetic text
    environment,     // UTF8VIEW_KERNEL
    forced,          // force_kernel()
};

// What the calibration measured: for each entry of available_kernels(), the
// best time of a validate() over the synthetic text, in nanoseconds (0 if
// that kernel was not timed).
struct calibration_timings {
    std::array<std::int64_t, kernel_count> best_nanoseconds{};
    std::size_t text_bytes = 0;
    int rounds = 0;
};

struct kernel_choice_info {
    const kernel* chosen = nullptr;
    choice_reason reason = choice_reason::not_yet_chosen;
    calibration_timings timings;  // filled when reason == calibrated
};

inline constexpr std::size_t calibration_text_bytes = 32 * 1024;
// Rounds go on until both limits are reached (or calibration_max_time).
inline constexpr int calibration_min_rounds = 7;
inline constexpr std::chrono::microseconds calibration_min_time{750};
inline constexpr std::chrono::microseconds calibration_max_time{2000};

// The synthetic text: valid UTF-8 of about the mix of the lipsum corpus
// texts of many scripts, from a fixed linear congruential sequence: runs of
// ASCII letters and spaces, and of 2-, 3- and 4-byte characters. Each
// quarter of it is valid on its own (calibrate times scalar on the first).
inline void make_calibration_text(unsigned char* text, std::size_t size) noexcept
{
    std::uint32_t state = 2463534242u;
    const auto next = [&state] {
        state = state * 1664525u + 1013904223u;  // Numerical Recipes' LCG
        return state >> 8;
    };
    std::size_t i = 0;
    for (int quarter = 1; quarter <= 4; ++quarter) {
        const std::size_t end = quarter == 4 ? size : size / 4 * static_cast<std::size_t>(quarter);
        while (i < end) {
            const std::uint32_t kind = next() % 8;
            const std::size_t run = 1 + next() % 12;
            for (std::size_t r = 0; r < run && i < end; ++r) {
                const std::uint32_t x = next();
                std::size_t length = kind < 3 ? 1 : kind < 5 ? 2 : kind < 7 ? 3 : 4;
                if (end - i < length) length = 1;
                switch (length) {
                case 1: text[i] = static_cast<unsigned char>(r % 6 == 5 ? ' ' : 'a' + x % 26); break;
                case 2:  // U+0400..U+05FF (Cyrillic, Hebrew): D0..D7 80..BF
                    text[i] = static_cast<unsigned char>(0xD0 + x % 8);
                    text[i + 1] = static_cast<unsigned char>(0x80 + (x >> 3) % 64);
                    break;
                case 3:  // U+4E00..U+8FFF (CJK): E4..E8 80..BF 80..BF
                    text[i] = static_cast<unsigned char>(0xE4 + x % 5);
                    text[i + 1] = static_cast<unsigned char>(0x80 + (x >> 3) % 64);
                    text[i + 2] = static_cast<unsigned char>(0x80 + (x >> 9) % 64);
                    break;
                default:  // U+1F300..U+1F6FF (emoji): F0 9F 8C..9B 80..BF
                    text[i] = 0xF0;
                    text[i + 1] = 0x9F;
                    text[i + 2] = static_cast<unsigned char>(0x8C + x % 16);
                    text[i + 3] = static_cast<unsigned char>(0x80 + (x >> 4) % 64);
                    break;
                }
                i += length;
            }
        }
    }
}

// Guards the choice, its record and the calibration text. An atomic flag
// (waiters block in std::atomic::wait) rather than std::mutex, so that
// nothing here can throw: it is only ever contended while the first use
// calibrates (0.75 to 2 ms).
inline std::atomic<bool> kernel_choice_busy{false};

class kernel_choice_lock {
public:
    kernel_choice_lock() noexcept
    {
        while (kernel_choice_busy.exchange(true, std::memory_order_acquire))
            kernel_choice_busy.wait(true, std::memory_order_relaxed);
    }
    ~kernel_choice_lock()
    {
        kernel_choice_busy.store(false, std::memory_order_release);
        kernel_choice_busy.notify_all();
    }
    kernel_choice_lock(const kernel_choice_lock&) = delete;
    kernel_choice_lock& operator=(const kernel_choice_lock&) = delete;
};

inline kernel_choice_info kernel_choice_state;  // guarded by kernel_choice_lock
inline std::atomic<const kernel*> active_kernel_pointer{nullptr};

// Times every available kernel on the synthetic text, round-robin so that a
// burst of noise (another thread on the same core, an interrupt) hits all
// alike, and keeps each one's best round. Rounds go on for at least 0.75 ms:
// the first 64-byte-vector instructions after a while without them can run
// at half speed for several hundred microseconds while the core changes its
// power state (measured on Xeon virtual machines: 3.2 us per 32 KiB, then
// 1.65 us from 0.1-0.75 ms on), and a shorter calibration then picks a
// narrower kernel for the whole process. From the third round on, a kernel
// more than 3 times as slow as the best is not timed again (the scalar one,
// timed on a quarter of the text). A kernel later (narrower) in the table
// must beat an earlier one by 5% to be chosen: noise falls back on the
// table's order. Called under kernel_choice_lock.
inline const kernel* calibrate(calibration_timings& timings) noexcept
{
    static unsigned char text[calibration_text_bytes];  // guarded by kernel_choice_lock
    make_calibration_text(text, sizeof text);
    const std::span<const kernel* const> candidates = available_kernels();
    timings = calibration_timings{};
    timings.text_bytes = sizeof text;
    if (candidates.size() == 1) return candidates[0];
    constexpr std::int64_t never = std::numeric_limits<std::int64_t>::max();
    std::int64_t best_of_all = never;
    const auto begin = std::chrono::steady_clock::now();
    for (int round = 0;; ++round) {
        const auto elapsed = std::chrono::steady_clock::now() - begin;
        if (round >= calibration_min_rounds && elapsed >= calibration_min_time) break;
        if (elapsed >= calibration_max_time) break;
        for (std::size_t k = 0; k < candidates.size(); ++k) {
            std::int64_t& best = timings.best_nanoseconds[k];
            if (round >= 2 && best / 3 > best_of_all) continue;
            // The scalar kernel is timed on a quarter of the text (it is
            // an order of magnitude slower), scaled up.
            const bool scalar = candidates[k]->required == cpu_features::none;
            const std::size_t bytes = scalar ? sizeof text / 4 : sizeof text;
            const auto start = std::chrono::steady_clock::now();
            const validation_result result = candidates[k]->validate(text, bytes);
            const auto stop = std::chrono::steady_clock::now();
            std::int64_t nanoseconds = std::chrono::duration_cast<std::chrono::nanoseconds>(stop - start).count();
            if (scalar) nanoseconds *= 4;
            if (nanoseconds < 1) nanoseconds = 1;
            // The text is valid (each quarter too): a kernel that says
            // otherwise is broken; never pick it.
            if (!result.valid() || result.offset != bytes) nanoseconds = never;
            if (best == 0 || nanoseconds < best) best = nanoseconds;
            if (best < best_of_all) best_of_all = best;
        }
        ++timings.rounds;
    }
    std::size_t chosen = 0;
    for (std::size_t k = 1; k < candidates.size(); ++k)
        if (timings.best_nanoseconds[k] < timings.best_nanoseconds[chosen] - timings.best_nanoseconds[chosen] / 20)
            chosen = k;
    return candidates[chosen];
}

// Sets and publishes the choice. Called under kernel_choice_lock.
inline void set_choice(const kernel* chosen, choice_reason reason) noexcept
{
    kernel_choice_state.chosen = chosen;
    kernel_choice_state.reason = reason;
    active_kernel_pointer.store(chosen, std::memory_order_release);
}

UTF8VIEW_COLD inline const kernel& choose_kernel() noexcept
{
    const kernel_choice_lock lock;
    if (const kernel* chosen = active_kernel_pointer.load(std::memory_order_acquire)) return *chosen;
    // std::getenv is not thread-safe against setenv; nothing here calls that.
    if (const kernel* named = kernel_from_environment(std::getenv("UTF8VIEW_KERNEL"))) {
        set_choice(named, choice_reason::environment);
        return *named;
    }
    const kernel* fastest = calibrate(kernel_choice_state.timings);
    set_choice(fastest, choice_reason::calibrated);
    return *fastest;
}

// The kernel `validate` uses for contiguous input of 32 bytes or more. The
// first call chooses it (see the top of this file); later calls are one
// atomic load.
[[nodiscard]] inline const kernel& active_kernel() noexcept
{
    if (const kernel* chosen = active_kernel_pointer.load(std::memory_order_acquire)) [[likely]]
        return *chosen;
    return choose_kernel();
}

// Makes `name` the active kernel, for tests and benchmarks. Returns false,
// and changes nothing, if no kernel has that name or this CPU cannot run it.
inline bool force_kernel(std::string_view name) noexcept
{
    const kernel* k = find_kernel(name);
    if (k == nullptr) return false;
    const kernel_choice_lock lock;
    set_choice(k, choice_reason::forced);
    return true;
}

// Forgets the choice: the next use chooses again, reading UTF8VIEW_KERNEL
// and calibrating anew. For tests; not meant to race with validate().
inline void reset_kernel_choice() noexcept
{
    const kernel_choice_lock lock;
    kernel_choice_state = kernel_choice_info{};
    active_kernel_pointer.store(nullptr, std::memory_order_release);
}

// Which kernel is active, why, and (if calibrated) the timings.
[[nodiscard]] inline kernel_choice_info kernel_choice() noexcept
{
    const kernel_choice_lock lock;
    return kernel_choice_state;
}

// ---------------------------------------------------------------------------
// Transcoding kernels
//
// decode_into, encode_into and the UTF-16 conversions between contiguous
// buffers go through one of these. They are chosen apart from the
// validation kernel, by the CPU's features alone (the first this CPU can
// run, widest first), since a SIMD transcoder is a different algorithm and
// not a wider copy of the scalar one: UTF8VIEW_TRANSCODER=<name> in the
// environment or force_transcoder() picks another (tests, benchmarks).

// Decodes well-formed UTF-8 [p, stop) into at most `room` code points
// (simd::scalar::decode_valid is the contract).
using decode_valid_function = decode_progress (*)(const unsigned char*, const unsigned char*, char32_t*,
                                                  std::size_t) noexcept;
// Encodes scalar values, stopping at the first value that is not one
// (simd::scalar::encode_scalar_values is the contract).
using encode_function = encode_progress (*)(const char32_t*, const char32_t*, unsigned char*, std::size_t) noexcept;

// Decodes UTF-8 that may be ill-formed, U+FFFD or nothing for each maximal
// subpart (simd::scalar::decode_replacing is the contract).
using decode_replacing_function = decode_progress (*)(const unsigned char*, const unsigned char*, const unsigned char*,
                                                      char32_t*, std::size_t, simd::scalar::subpart_action,
                                                      std::size_t) noexcept;

// Converts well-formed UTF-8 to UTF-16 (simd::scalar::utf8_to_utf16_valid
// is the contract).
using utf8_to_utf16_function = utf8_to_utf16_progress (*)(const unsigned char*, const unsigned char*, char16_t*,
                                                          std::size_t) noexcept;
// Converts UTF-16 to UTF-8, stopping at an unpaired surrogate
// (simd::scalar::utf16_to_utf8 is the contract).
using utf16_to_utf8_function = utf16_to_utf8_progress (*)(const char16_t*, const char16_t*, unsigned char*,
                                                          std::size_t) noexcept;

// The byte classes of a 64-byte window (simd::scalar::classify_window is
// the contract), for the lazy decode view where errors are dense.
using classify_window_function = simd::byte_class_masks (*)(const unsigned char*) noexcept;

// Counts the code points, or the UTF-16 code units, of well-formed UTF-8
// [p, stop) (simd::scalar::count_code_points_valid and
// count_utf16_units_valid are the contracts), for the size functions.
using count_function = std::size_t (*)(const unsigned char*, const unsigned char*) noexcept;

struct transcoder {
    std::string_view name;  // what UTF8VIEW_TRANSCODER and force_transcoder take
    cpu_features required;  // all of them must be usable
    decode_valid_function decode_valid;
    encode_function encode_scalar_values;
    decode_replacing_function decode_replacing;
    utf8_to_utf16_function utf8_to_utf16_valid;
    utf16_to_utf8_function utf16_to_utf8;
    classify_window_function classify_window;
    count_function count_code_points_valid;
    count_function count_utf16_units_valid;
};

inline constexpr transcoder transcoders[] = {
#if defined(UTF8VIEW_SIMD_X86)
    {"avx512",
     cpu_features::avx512f | cpu_features::avx512bw | cpu_features::avx512vbmi | cpu_features::avx512vbmi2 |
         cpu_features::bmi1 | cpu_features::bmi2 | cpu_features::popcnt,
     &simd::avx512_transcode::decode_valid, &simd::avx512_transcode::encode_scalar_values,
     &simd::avx512_transcode::decode_replacing, &simd::avx512_transcode::utf8_to_utf16_valid,
     &simd::avx512_transcode::utf16_to_utf8, &simd::avx512_transcode::classify_window,
     &simd::avx512_transcode::count_code_points_valid, &simd::avx512_transcode::count_utf16_units_valid},
    {"avx2", cpu_features::avx2 | cpu_features::bmi1 | cpu_features::popcnt, &simd::avx2_transcode::decode_valid,
     &simd::avx2_transcode::encode_scalar_values, &simd::avx2_transcode::decode_replacing,
     &simd::avx2_transcode::utf8_to_utf16_valid, &simd::avx2_transcode::utf16_to_utf8,
     &simd::avx2_transcode::classify_window, &simd::avx2_transcode::count_code_points_valid,
     &simd::avx2_transcode::count_utf16_units_valid},
#endif
    {"scalar", cpu_features::none, &simd::scalar::decode_valid, &simd::scalar::encode_scalar_values,
     &simd::scalar::decode_replacing, &simd::scalar::utf8_to_utf16_valid, &simd::scalar::utf16_to_utf8,
     &simd::scalar::classify_window, &simd::scalar::count_code_points_valid, &simd::scalar::count_utf16_units_valid},
};

inline constexpr std::size_t transcoder_count = std::size(transcoders);

// The transcoders this CPU can run, in table order (scalar last).
[[nodiscard]] inline std::span<const transcoder* const> available_transcoders() noexcept
{
    struct list {
        std::array<const transcoder*, transcoder_count> items{};
        std::size_t count = 0;
    };
    static const list supported = [] {
        list l;
        for (const transcoder& t : transcoders)
            if (has_all(cpu_features_of_this_machine(), t.required)) l.items[l.count++] = &t;
        return l;
    }();
    return {supported.items.data(), supported.count};
}

// The transcoder called `name`, if this CPU can run it; else nullptr.
[[nodiscard]] inline const transcoder* find_transcoder(std::string_view name) noexcept
{
    for (const transcoder* t : available_transcoders())
        if (t->name == name) return t;
    return nullptr;
}

inline std::atomic<const transcoder*> active_transcoder_pointer{nullptr};

UTF8VIEW_COLD inline const transcoder& choose_transcoder() noexcept
{
    // As UTF8VIEW_KERNEL: surrounding blanks ignored, unknown names too.
    const std::string_view name = name_from_environment(std::getenv("UTF8VIEW_TRANSCODER"));
    const transcoder* chosen = name.empty() ? nullptr : find_transcoder(name);
    if (chosen == nullptr) chosen = available_transcoders().front();
    // Concurrent first calls choose the same; the first store wins.
    const transcoder* expected = nullptr;
    active_transcoder_pointer.compare_exchange_strong(expected, chosen, std::memory_order_acq_rel);
    return *active_transcoder_pointer.load(std::memory_order_acquire);
}

// The transcoder decode_into and encode_into use between contiguous buffers.
[[nodiscard]] inline const transcoder& active_transcoder() noexcept
{
    if (const transcoder* chosen = active_transcoder_pointer.load(std::memory_order_acquire)) [[likely]]
        return *chosen;
    return choose_transcoder();
}

// Makes `name` the active transcoder, for tests and benchmarks. Returns
// false, and changes nothing, if no transcoder has that name or this CPU
// cannot run it.
inline bool force_transcoder(std::string_view name) noexcept
{
    const transcoder* t = find_transcoder(name);
    if (t == nullptr) return false;
    active_transcoder_pointer.store(t, std::memory_order_release);
    return true;
}

}  // namespace utf8view::detail

#include <utf8view/detail/epilogue.hpp>

#endif  // UTF8VIEW_DETAIL_DISPATCH_HPP
