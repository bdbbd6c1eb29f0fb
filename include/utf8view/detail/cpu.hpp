// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at https://www.boost.org/LICENSE_1_0.txt)

/// \file
/// What the processor running this program can do, for the SIMD kernels of
/// detail/simd/: the instruction-set extensions from CPUID, and whether the
/// operating system saves the wider registers on a context switch (XGETBV).
/// Also the macros that say which kernels are compiled in at all.

#ifndef UTF8VIEW_DETAIL_CPU_HPP
#define UTF8VIEW_DETAIL_CPU_HPP

#include <utf8view/config.hpp>

#include <cstdint>

// Which kernels exist in this build. Each is compiled only for its
// architecture and with a compiler that can compile code for it without a
// -m flag (target regions, detail/prologue.hpp: GCC and Clang; MSVC emits
// any intrinsic without flags).
// UTF8VIEW_NO_SIMD leaves only the scalar kernel; it must be defined the
// same way in every translation unit of a program (it changes the kernel table).
#if !defined(UTF8VIEW_NO_SIMD)
#if defined(__x86_64__) || defined(_M_X64)
#if defined(__GNUC__) || defined(__clang__) || defined(_MSC_VER)
#define UTF8VIEW_SIMD_X86 1
#endif
#elif (defined(__aarch64__) && !defined(__AARCH64EB__)) || defined(_M_ARM64)
// Little-endian AArch64 only: the NEON kernel finds a flagged byte through
// vector reinterpretations that number bytes in little-endian order.
#define UTF8VIEW_SIMD_NEON 1
#endif
#endif

#if defined(UTF8VIEW_SIMD_X86)
#if defined(_MSC_VER) && !defined(__clang__)
#include <intrin.h>
#else
#include <cpuid.h>
#endif
#endif

#include <utf8view/detail/prologue.hpp>

namespace utf8view::detail {

// Instruction-set extensions a kernel may need, as bits. "Usable" means
// that the processor has the instructions AND the operating system saves
// the registers they use (for AVX and AVX-512).
enum class cpu_features : std::uint32_t {
    none = 0,
    ssse3 = 1u << 0,       // pshufb: the 16-entry table lookups
    sse41 = 1u << 1,       // ptest
    avx2 = 1u << 2,        // 32-byte integer vectors
    bmi2 = 1u << 3,
    avx512f = 1u << 4,     // 64-byte vectors, masked loads
    avx512bw = 1u << 5,    // byte and word operations on 64-byte vectors
    avx512vbmi = 1u << 6,  // byte permutes across the 64-byte vector
    neon = 1u << 7,        // AArch64 Advanced SIMD (always there on AArch64)
    avx512vbmi2 = 1u << 8, // byte compress on 64-byte vectors
    popcnt = 1u << 9,      // population count of a word
    bmi1 = 1u << 10,       // tzcnt and friends
};

[[nodiscard]] constexpr cpu_features operator|(cpu_features left, cpu_features right) noexcept
{
    return static_cast<cpu_features>(static_cast<std::uint32_t>(left) | static_cast<std::uint32_t>(right));
}
[[nodiscard]] constexpr cpu_features operator&(cpu_features left, cpu_features right) noexcept
{
    return static_cast<cpu_features>(static_cast<std::uint32_t>(left) & static_cast<std::uint32_t>(right));
}
// True if `have` holds every feature of `need` (none needs nothing).
[[nodiscard]] constexpr bool has_all(cpu_features have, cpu_features need) noexcept
{
    return (have & need) == need;
}

#if defined(UTF8VIEW_SIMD_X86)

struct cpuid_registers {
    std::uint32_t eax = 0, ebx = 0, ecx = 0, edx = 0;
};

// CPUID leaf `leaf`, subleaf `subleaf`; all zero if the leaf does not exist.
inline cpuid_registers cpuid(std::uint32_t leaf, std::uint32_t subleaf) noexcept
{
    cpuid_registers r;
#if defined(_MSC_VER) && !defined(__clang__)
    int out[4] = {};
    __cpuidex(out, 0, 0);
    if (static_cast<std::uint32_t>(out[0]) < leaf) return r;
    __cpuidex(out, static_cast<int>(leaf), static_cast<int>(subleaf));
    r.eax = static_cast<std::uint32_t>(out[0]);
    r.ebx = static_cast<std::uint32_t>(out[1]);
    r.ecx = static_cast<std::uint32_t>(out[2]);
    r.edx = static_cast<std::uint32_t>(out[3]);
#else
    unsigned a = 0, b = 0, c = 0, d = 0;
    if (__get_cpuid_max(0, nullptr) < leaf) return r;
    __cpuid_count(leaf, subleaf, a, b, c, d);
    r.eax = a;
    r.ebx = b;
    r.ecx = c;
    r.edx = d;
#endif
    return r;
}

// XCR0, the register-state components the OS saves (XGETBV with ECX = 0).
// Only call it when CPUID.1:ECX.OSXSAVE is set.
inline std::uint64_t read_xcr0() noexcept
{
#if defined(_MSC_VER) && !defined(__clang__)
    return _xgetbv(0);
#else
    std::uint32_t low = 0, high = 0;
    __asm__ volatile("xgetbv" : "=a"(low), "=d"(high) : "c"(0));
    return (static_cast<std::uint64_t>(high) << 32) | low;
#endif
}

// The usable features, from CPUID (Intel SDM vol. 2A, "CPUID"; AMD APM
// vol. 3, appendix E) and XCR0 (Intel SDM vol. 1, §13.3 and §15.2:
// software must check that the OS enabled a state component before it
// uses the registers).
inline cpu_features detect_cpu_features() noexcept
{
    cpu_features found = cpu_features::none;
    const cpuid_registers leaf1 = cpuid(1, 0);
    if (leaf1.ecx & (1u << 9)) found = found | cpu_features::ssse3;
    if (leaf1.ecx & (1u << 19)) found = found | cpu_features::sse41;
    if (leaf1.ecx & (1u << 23)) found = found | cpu_features::popcnt;

    const bool osxsave = (leaf1.ecx & (1u << 27)) != 0;
    const bool avx = (leaf1.ecx & (1u << 28)) != 0;
    const std::uint64_t xcr0 = osxsave ? read_xcr0() : 0;
    // XCR0 bit 1 SSE (XMM) and bit 2 AVX (upper halves of YMM) state.
    const bool os_saves_ymm = (xcr0 & 0x6u) == 0x6u;
    // Bits 5, 6, 7: opmask registers, upper halves of ZMM0-15, ZMM16-31.
    const bool os_saves_zmm = os_saves_ymm && (xcr0 & 0xE0u) == 0xE0u;

    const cpuid_registers leaf7 = cpuid(7, 0);
    if (leaf7.ebx & (1u << 3)) found = found | cpu_features::bmi1;
    if (leaf7.ebx & (1u << 8)) found = found | cpu_features::bmi2;
    if (avx && os_saves_ymm && (leaf7.ebx & (1u << 5))) found = found | cpu_features::avx2;
    if (os_saves_zmm) {
        if (leaf7.ebx & (1u << 16)) found = found | cpu_features::avx512f;
        if (leaf7.ebx & (1u << 30)) found = found | cpu_features::avx512bw;
        if (leaf7.ecx & (1u << 1)) found = found | cpu_features::avx512vbmi;
        if (leaf7.ecx & (1u << 6)) found = found | cpu_features::avx512vbmi2;
    }
    return found;
}

#else

inline cpu_features detect_cpu_features() noexcept
{
#if defined(UTF8VIEW_SIMD_NEON)
    return cpu_features::neon;  // Advanced SIMD is part of the AArch64 base architecture
#else
    return cpu_features::none;
#endif
}

#endif

// The usable features, detected once.
inline cpu_features cpu_features_of_this_machine() noexcept
{
    static const cpu_features features = detect_cpu_features();
    return features;
}

}  // namespace utf8view::detail

#include <utf8view/detail/epilogue.hpp>

#endif  // UTF8VIEW_DETAIL_CPU_HPP
