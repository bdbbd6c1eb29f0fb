// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at https://www.boost.org/LICENSE_1_0.txt)

/// \file
/// The separately compiled part of utf8view: include this header in exactly
/// one source file of a program built with `UTF8VIEW_SEPARATE_COMPILATION`
/// (or link the default library, CMake's `utf8view::utf8view`, which is
/// such a file compiled once and does both for you).

#ifndef UTF8VIEW_SRC_HPP
#define UTF8VIEW_SRC_HPP

/** `<utf8view/src.hpp>`: defines, in the one translation unit that includes
    it, what `UTF8VIEW_SEPARATE_COMPILATION` keeps out of every other one:
    the SIMD validation and transcoding kernels (and `<immintrin.h>` or
    `<arm_neon.h>`), the run-time choice among them, and the few
    non-inline functions through which the headers call the chosen kernel.

    @par Use
    @code
    // utf8view_src.cpp, compiled once and linked into the program; every
    // translation unit of the program, this one too, is compiled with
    // -DUTF8VIEW_SEPARATE_COMPILATION
    #include <utf8view/src.hpp>
    @endcode
    With CMake, link `utf8view::utf8view` (the default target) instead: a
    static library made of such a file, which also puts the macro on its
    users' command line (pkg-config `utf8view`, b2 `utf8view` likewise).
    @par What it costs
    Nothing at run time beyond one direct function call in front of each
    call of a kernel (which goes through a pointer in both modes); results
    are the same as header-only, on any input. Short input (fewer than 32
    bytes to validate, 64 bytes or 16 code points to transcode) still runs
    the scalar loop inline, and chooses no kernel; one exception: what a
    lazy decode iterator does out of line in both modes (validate the block
    ahead of it) is compiled here, so it costs a direct call.
    @par Rules
    The macro must be defined the same way in every translation unit of the
    program, as `UTF8VIEW_NO_SIMD` must: a program with
    `UTF8VIEW_SEPARATE_COMPILATION` and no translation unit that includes
    this header fails to link (undefined `validate_with_active_kernel` and
    the others), and two that include it fail to link too (multiple
    definitions). Without the macro this header defines nothing: everything
    is inline in the headers already. Needs the `include/` tree: the
    generated single header `utf8view_single.hpp` is header-only. */
#include <utf8view/config.hpp>
#include <utf8view/detail/dispatch.hpp>
#include <utf8view/detail/kernel_calls.hpp>
#include <utf8view/detail/kernel_calls_impl.hpp>
#include <utf8view/utf8view.hpp>

#endif  // UTF8VIEW_SRC_HPP
