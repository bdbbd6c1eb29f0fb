// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at https://www.boost.org/LICENSE_1_0.txt)

/// \file
/// Which SIMD kernels the bulk functions and the contiguous fast paths use,
/// and how to choose them by hand: for tests that run every kernel in turn,
/// for benchmarks, and to compare a result across kernels.

#ifndef UTF8VIEW_KERNELS_HPP
#define UTF8VIEW_KERNELS_HPP

#include <utf8view/config.hpp>

#include <string_view>

#include <utf8view/detail/prologue.hpp>

namespace utf8view {

/** The name of the validation kernel in use: `"avx512vbmi"`, `"avx512"`,
    `"avx2"`, `"sse"`, `"neon"` or `"scalar"`. Over contiguous input of 32 bytes or
    more it finds the well-formed stretches for `validate`, `is_valid`,
    `count_code_points` and `decoded_size`, `decode_into` (which then
    decodes them with the transcoding kernel), `repair_into` and
    `repaired_size`, the streaming decoder and repairer, and the decode
    view. Chosen once per program on first use (or on this call, if it is
    the first): `UTF8VIEW_KERNEL=<name>` in the environment if this CPU can
    run that kernel, otherwise the one that validates a 32 KiB sample
    fastest here (0.75 to 2 ms of timing, once). Every kernel gives the same
    results on every input; only the speed differs. Thread-safe. O(1) after
    that first choice. Never fails: a CPU without SIMD gets `"scalar"`. */
[[nodiscard]] UTF8VIEW_KERNEL_CALL std::string_view active_validation_kernel() noexcept;

/** Makes the validation kernel called `name` (see
    `active_validation_kernel`) the one in use from now on, for the whole
    program (for each copy of the library in it: a shared library built
    with hidden symbols has its own). Returns false, and changes nothing, if no kernel has that name
    or this CPU cannot run it. Thread-safe, but a validation already running
    finishes with the kernel it started with. O(1). */
UTF8VIEW_KERNEL_CALL bool force_validation_kernel(std::string_view name) noexcept;

/** The name of the transcoding kernel in use: `"avx512"`, `"avx2"` or
    `"scalar"`. Between contiguous buffers it decodes the well-formed
    stretches the validation kernel found for `decode_into` and the
    streaming decoder (with `on_error::replace` or `on_error::skip`, the
    stretches around errors too), and encodes for `encode_into`; it also
    classifies the bytes of the windows in which the lazy view with
    `on_error::replace` steps through dense, random errors, and counts the
    well-formed stretches of 64 bytes or more for `count_code_points`,
    `decoded_size` and `utf8_to_utf16_size`. Chosen once
    per program on first use by the CPU's features alone (the widest it can
    run), or `UTF8VIEW_TRANSCODER=<name>` in the environment. Every kernel
    gives the same results on every input. Thread-safe. O(1) (after
    reading the CPU's features once). Never fails: a CPU without SIMD gets
    `"scalar"`. */
[[nodiscard]] UTF8VIEW_KERNEL_CALL std::string_view active_transcoding_kernel() noexcept;

/** Makes the transcoding kernel called `name` (see
    `active_transcoding_kernel`) the one in use from now on, as
    `force_validation_kernel` does. Returns false, and changes nothing, if no kernel has that name
    or this CPU cannot run it. Thread-safe, with the same caveat as
    `force_validation_kernel`. O(1). */
UTF8VIEW_KERNEL_CALL bool force_transcoding_kernel(std::string_view name) noexcept;

}  // namespace utf8view

#include <utf8view/detail/epilogue.hpp>

// Header-only, the definitions (detail/kernel_calls_impl.hpp) come with the
// other kernel calls; with separate compilation, from <utf8view/src.hpp>.
#include <utf8view/detail/kernel_calls.hpp>

#endif  // UTF8VIEW_KERNELS_HPP
