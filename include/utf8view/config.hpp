// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at https://www.boost.org/LICENSE_1_0.txt)

/// \file
/// Version, assertion and feature macros. Every utf8view header includes this one first.

#ifndef UTF8VIEW_CONFIG_HPP
#define UTF8VIEW_CONFIG_HPP

#include <version>

#if __cplusplus < 202002L && !(defined(_MSVC_LANG) && _MSVC_LANG >= 202002L)
#error "utf8view needs C++20 (-std=c++20 or later)"
#endif

/// Library version: major * 10000 + minor * 100 + patch.
#define UTF8VIEW_VERSION 100
/// Library version as a string literal, "major.minor.patch".
#define UTF8VIEW_VERSION_STRING "0.1.0"

/// `UTF8VIEW_HAS_EXCEPTIONS` is 1 when the compiler accepts `throw`
/// (not -fno-exceptions). Without exceptions, `on_error::throw_exception`
/// calls `std::abort()` instead of throwing.
#ifndef UTF8VIEW_HAS_EXCEPTIONS
#if defined(__cpp_exceptions) || defined(__EXCEPTIONS) || defined(_CPPUNWIND)
#define UTF8VIEW_HAS_EXCEPTIONS 1
#else
#define UTF8VIEW_HAS_EXCEPTIONS 0
#endif
#endif

/// `UTF8VIEW_HAS_STD_FORMAT` is 1 when the standard library has a usable
/// `std::format` (`<format>`), and then <utf8view/io.hpp> gives
/// `std::formatter`s; 0 otherwise. That is when `__cpp_lib_format` is
/// defined, or with libc++ 16 or later when its `<format>` is enabled
/// (`-fexperimental-library`): libc++ 16 and 17 have the formatting
/// machinery but do not define the feature-test macro. GCC 12's libstdc++
/// has no `<format>`. Define it to 0 to leave the formatters out.
#ifndef UTF8VIEW_HAS_STD_FORMAT
#if defined(__cpp_lib_format) ||                                                                                       \
    (defined(_LIBCPP_VERSION) && _LIBCPP_VERSION >= 160000 && !defined(_LIBCPP_HAS_NO_INCOMPLETE_FORMAT))
#define UTF8VIEW_HAS_STD_FORMAT 1
#else
#define UTF8VIEW_HAS_STD_FORMAT 0
#endif
#endif

/// `UTF8VIEW_ASSERT(condition)` checks narrow-contract preconditions
/// (dereferencing an end iterator, decrementing a begin iterator). Ill-formed
/// *input* is never a precondition: it is reported to the error policy.
/// By default it is active unless `NDEBUG` is defined; define
/// `UTF8VIEW_ENABLE_ASSERT` to force it on or `UTF8VIEW_DISABLE_ASSERT` to
/// force it off, or define `UTF8VIEW_ASSERT` yourself.
#ifndef UTF8VIEW_ASSERT
#if defined(UTF8VIEW_ENABLE_ASSERT) || (!defined(NDEBUG) && !defined(UTF8VIEW_DISABLE_ASSERT))
#include <cstdio>
#include <cstdlib>
#include <utf8view/detail/prologue.hpp>
namespace utf8view::detail {
[[noreturn]] inline void assertion_failed(const char* expression, const char* file, int line) noexcept
{
    std::fprintf(stderr, "%s:%d: utf8view precondition failed: %s\n", file, line, expression);
    std::abort();
}
}  // namespace utf8view::detail
#include <utf8view/detail/epilogue.hpp>
#define UTF8VIEW_ASSERT(condition)                                                                                     \
    ((condition) ? static_cast<void>(0) : ::utf8view::detail::assertion_failed(#condition, __FILE__, __LINE__))
#else
#define UTF8VIEW_ASSERT(condition) static_cast<void>(0)
#endif
#endif

/** `UTF8VIEW_SEPARATE_COMPILATION` (not defined by the headers; the
    default library targets, CMake's `utf8view::utf8view`, pkg-config's
    `utf8view` and b2's `utf8view`, define it for their users, and a user
    of the bare headers may define it): separate compilation. The headers then only declare
    the functions of `detail/kernel_calls.hpp`, through which the library
    calls its SIMD kernels (and the lazy decode view its checks off the hot path),
    and one translation unit of the program includes `<utf8view/src.hpp>`,
    which defines them with the kernels and the run-time choice among them.
    @par What it changes Compile time only: a translation unit that includes
    `<utf8view/utf8view.hpp>` no longer parses `<immintrin.h>`, the kernels,
    the atomics and the clocks of the kernel choice (doc/build-cost.md has
    the figures). Every result is the same as header-only, on any input;
    at run time each call of a kernel costs one more direct call. The
    short-input loops of validate() and the transcoders stay inline; the
    lazy decode iterator's checks off its hot path, and the block checks
    of decode_into, count_code_points and repair, are direct calls into the
    compiled unit, which runs the scalar loop itself below 32 bytes.
    @par Rules As `UTF8VIEW_NO_SIMD`: define it the same way in every
    translation unit of a program. Without a translation unit that includes
    `<utf8view/src.hpp>`, linking fails (undefined
    `utf8view::detail::validate_with_active_kernel` and the other functions
    of `detail/kernel_calls.hpp` and `<utf8view/kernels.hpp>`). */

/** `UTF8VIEW_NO_SIMD` (not defined by the headers): compile only the
    scalar validation and transcoding kernels, none with SIMD instructions
    (detail/cpu.hpp reads it).
    @par What it changes Speed only: every result is the same, on any
    input; `active_validation_kernel()` and `active_transcoding_kernel()`
    name `"scalar"`.
    @par Rules Define it the same way in every translation unit of a
    program (it changes the table of kernels); with separate compilation
    it matters where `<utf8view/src.hpp>` is compiled (CMake:
    `-DUTF8VIEW_NO_SIMD=ON`). */

// The library's internal macros (UTF8VIEW_ALWAYS_INLINE, the target regions,
// ...) are not here: detail/prologue.hpp defines them for the code of each
// header that uses them, and detail/epilogue.hpp undefines them at its end.

#endif  // UTF8VIEW_CONFIG_HPP
