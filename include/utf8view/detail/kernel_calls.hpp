// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at https://www.boost.org/LICENSE_1_0.txt)

/// \file
/// The only way the rest of the library calls the kernels that
/// detail/dispatch.hpp chooses: a few functions with plain signatures; and
/// the one the lazy decode view calls off its hot path (validate the block
/// ahead), which separate compilation compiles once too. The public functions of
/// <utf8view/kernels.hpp>, which name and force the kernels, are defined
/// with them (detail/kernel_calls_impl.hpp), in both modes.
///
/// Header-only (the default), they are inline and this header brings in
/// detail/dispatch.hpp, the SIMD kernels and <immintrin.h> with them.
/// With UTF8VIEW_SEPARATE_COMPILATION they are only declared here, and
/// defined once, with all of detail/dispatch.hpp, by <utf8view/src.hpp>:
/// a translation unit that includes the public headers then parses no
/// intrinsics, no kernels and none of the kernel choice (atomics, clocks,
/// getenv). Both modes run the same code: a kernel is always called through
/// a pointer, and separate compilation adds one direct call in front of
/// that. The scalar loops for short input are inline in the callers either
/// way (validate.hpp, transcode.hpp), except in the functions that take a
/// block at a time: valid_prefix_bytes, accepted_prefix_bytes and
/// copy_accepted_prefix_bytes (which still choose no kernel below
/// simd_threshold_bytes), and decode_segment_at, the lazy view's checked
/// decoder for the bytes near errors. Header-only, they are inline
/// functions like the rest; with separate compilation they are direct calls
/// into the compiled unit, and their callers' translation units do not
/// compile them.
///
/// Code outside detail/ must call the kernels through these functions, never
/// through active_kernel() or active_transcoder(): with separate compilation
/// those are not declared where it is included (test/separate_compilation.cpp
/// checks that <utf8view/utf8view.hpp> does not include detail/dispatch.hpp).

#ifndef UTF8VIEW_DETAIL_KERNEL_CALLS_HPP
#define UTF8VIEW_DETAIL_KERNEL_CALLS_HPP

#include <utf8view/config.hpp>
#include <utf8view/detail/simd/scalar.hpp>
#include <utf8view/detail/simd/segment_masks.hpp>
#include <utf8view/detail/simd/transcode_scalar.hpp>
#include <utf8view/kernels.hpp>  // declared there, defined with the others

#include <cstddef>

#include <utf8view/detail/prologue.hpp>

namespace utf8view::detail {

// Below this many bytes the validators run the scalar loop instead of a
// kernel: a call through the kernel table costs more than it saves.
inline constexpr std::size_t simd_threshold_bytes = 32;

// How many bytes at the start of [p, p + n) are well-formed UTF-8: a prefix
// that ends on a segment boundary. A sequence cut by the end of the block
// counts as ill-formed, so for a block that ends inside a character this is
// the prefix before it. Through the active kernel, or below
// simd_threshold_bytes the scalar loop. What the lazy decode view asks
// about the block ahead of it.
[[nodiscard]] UTF8VIEW_KERNEL_CALL std::size_t valid_prefix_bytes(const unsigned char* p, std::size_t n) noexcept;

// A prefix of [p, p + n) with no error except perhaps a sequence left
// unfinished by its end (lead byte at most 3 back): what the active kernel's
// vector code accepted (whole blocks, then up to the first byte its check
// flags), without the scalar pass that finds where an error is; below simd_threshold_bytes, the bytes before the first
// error. What the bulk decoder and repair ask about the block ahead: they
// decode from the start of the last segment in it with every check.
[[nodiscard]] UTF8VIEW_KERNEL_CALL std::size_t accepted_prefix_bytes(const unsigned char* p, std::size_t n) noexcept;

// accepted_prefix_bytes, copying to `out` the bytes it accepts as it reads
// them: all but at least the last 4, never past the accepted prefix
// (simd::scalar::copy_accepted_prefix is the contract). What repair asks,
// so that a well-formed stretch is read once.
[[nodiscard]] UTF8VIEW_KERNEL_CALL prefix_copy copy_accepted_prefix_bytes(const unsigned char* p, std::size_t n,
                                                                          unsigned char* out) noexcept;

// The segment (decode_step.hpp) that starts at `first`, decoded with every
// check, reading no byte at or after `last`. Precondition: first != last.
// With separate compilation, what the lazy decode view runs at an error
// that validation found and near the end, so that the units that step a
// decode iterator compile the checked decoder once (in the checked stretch
// after an error) rather than three times; header-only, the view inlines
// it there too. doc/build-cost.md has the trade.
[[nodiscard]] UTF8VIEW_KERNEL_CALL segment decode_segment_at(const unsigned char* first,
                                                             const unsigned char* last) noexcept;

// Whether the functions above are compiled once, in the unit that includes
// <utf8view/src.hpp> (UTF8VIEW_SEPARATE_COMPILATION), rather than inline.
#if defined(UTF8VIEW_SEPARATE_COMPILATION)
inline constexpr bool kernels_compiled_separately = true;
#else
inline constexpr bool kernels_compiled_separately = false;
#endif

// What active_kernel().validate(p, n) returns (simd::scalar::validate is the
// contract): the first error in [p, p + n), or that there is none.
[[nodiscard]] UTF8VIEW_KERNEL_CALL validation_result validate_with_active_kernel(const unsigned char* p,
                                                                                 std::size_t n) noexcept;

// active_transcoder().decode_valid: decodes well-formed UTF-8 [p, stop) into
// at most `room` code points (simd::scalar::decode_valid is the contract).
[[nodiscard]] UTF8VIEW_KERNEL_CALL decode_progress decode_valid_with_active_transcoder(const unsigned char* p,
                                                                                       const unsigned char* stop,
                                                                                       char32_t* out,
                                                                                       std::size_t room) noexcept;

// active_transcoder().decode_replacing: decodes [p, stop) into at most
// `room` code points, each ill-formed maximal subpart becoming U+FFFD or
// nothing as `action` says, checking against the real `end`
// (simd::scalar::decode_replacing is the contract).
[[nodiscard]] UTF8VIEW_KERNEL_CALL decode_progress decode_replacing_with_active_transcoder(
    const unsigned char* p, const unsigned char* stop, const unsigned char* end, char32_t* out, std::size_t room,
    simd::scalar::subpart_action action, std::size_t clean_after) noexcept;

// active_transcoder().encode_scalar_values: encodes [p, end) into at most
// `room` bytes, stopping at the first value that is not a scalar value
// (simd::scalar::encode_scalar_values is the contract).
[[nodiscard]] UTF8VIEW_KERNEL_CALL encode_progress encode_scalar_values_with_active_transcoder(
    const char32_t* p, const char32_t* end, unsigned char* out, std::size_t room) noexcept;

// active_transcoder().utf8_to_utf16_valid: converts well-formed UTF-8
// [p, stop) to at most `room` UTF-16 code units
// (simd::scalar::utf8_to_utf16_valid is the contract).
[[nodiscard]] UTF8VIEW_KERNEL_CALL utf8_to_utf16_progress utf8_to_utf16_valid_with_active_transcoder(
    const unsigned char* p, const unsigned char* stop, char16_t* out, std::size_t room) noexcept;

// active_transcoder().classify_window: the byte classes of the 64 bytes at
// `p`, which must all be readable; reads nothing else
// (simd::scalar::classify_window is the contract). What the lazy decode
// view, repair and the size functions ask where errors are dense
// (take_window, in transcode.hpp).
[[nodiscard]] UTF8VIEW_KERNEL_CALL simd::byte_class_masks
classify_window_with_active_transcoder(const unsigned char* p) noexcept;

// active_transcoder().count_code_points_valid and count_utf16_units_valid:
// the code points, and the UTF-16 code units, of well-formed UTF-8
// [p, stop) (simd::scalar::count_code_points_valid and
// count_utf16_units_valid are the contracts). The size functions count
// the well-formed stretches validation finds with these.
[[nodiscard]] UTF8VIEW_KERNEL_CALL std::size_t
count_code_points_valid_with_active_transcoder(const unsigned char* p, const unsigned char* stop) noexcept;
[[nodiscard]] UTF8VIEW_KERNEL_CALL std::size_t
count_utf16_units_valid_with_active_transcoder(const unsigned char* p, const unsigned char* stop) noexcept;

// active_transcoder().utf16_to_utf8: converts UTF-16 [p, end) to at most
// `room` bytes of UTF-8, stopping at the first unpaired surrogate
// (simd::scalar::utf16_to_utf8 is the contract).
[[nodiscard]] UTF8VIEW_KERNEL_CALL utf16_to_utf8_progress utf16_to_utf8_with_active_transcoder(
    const char16_t* p, const char16_t* end, unsigned char* out, std::size_t room) noexcept;

}  // namespace utf8view::detail

#include <utf8view/detail/epilogue.hpp>

#if !defined(UTF8VIEW_SEPARATE_COMPILATION)
#include <utf8view/detail/dispatch.hpp>
#include <utf8view/detail/kernel_calls_impl.hpp>
#endif

#endif  // UTF8VIEW_DETAIL_KERNEL_CALLS_HPP
