// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at https://www.boost.org/LICENSE_1_0.txt)

/// \file
/// The definitions of the functions detail/kernel_calls.hpp declares:
/// inline, through detail/kernel_calls.hpp, in the default header-only mode;
/// compiled once, through <utf8view/src.hpp>, with
/// UTF8VIEW_SEPARATE_COMPILATION.

#ifndef UTF8VIEW_DETAIL_KERNEL_CALLS_IMPL_HPP
#define UTF8VIEW_DETAIL_KERNEL_CALLS_IMPL_HPP

#include <utf8view/config.hpp>
#include <utf8view/detail/dispatch.hpp>
#include <utf8view/detail/kernel_calls.hpp>
#include <utf8view/kernels.hpp>

#include <cstddef>
#include <string_view>

#include <utf8view/detail/prologue.hpp>

namespace utf8view::detail {

UTF8VIEW_KERNEL_CALL validation_result validate_with_active_kernel(const unsigned char* p, std::size_t n) noexcept
{
    return active_kernel().validate(p, n);
}

UTF8VIEW_KERNEL_CALL std::size_t accepted_prefix_bytes(const unsigned char* p, std::size_t n) noexcept
{
    if (n < simd_threshold_bytes) return validate_segments(p, p + n).offset;
    return active_kernel().accepted_prefix(p, n);
}

UTF8VIEW_KERNEL_CALL prefix_copy copy_accepted_prefix_bytes(const unsigned char* p, std::size_t n,
                                                            unsigned char* out) noexcept
{
    if (n < simd_threshold_bytes) return {validate_segments(p, p + n).offset, 0};
    return active_kernel().copy_accepted_prefix(p, n, out);
}

UTF8VIEW_KERNEL_CALL segment decode_segment_at(const unsigned char* first, const unsigned char* last) noexcept
{
    return decode_step_in_memory(first, last).decoded;
}

UTF8VIEW_KERNEL_CALL std::size_t valid_prefix_bytes(const unsigned char* p, std::size_t n) noexcept
{
    if (n < simd_threshold_bytes) return validate_segments(p, p + n).offset;
    return validate_with_active_kernel(p, n).offset;
}

UTF8VIEW_KERNEL_CALL decode_progress decode_valid_with_active_transcoder(const unsigned char* p,
                                                                         const unsigned char* stop, char32_t* out,
                                                                         std::size_t room) noexcept
{
    return active_transcoder().decode_valid(p, stop, out, room);
}

UTF8VIEW_KERNEL_CALL decode_progress decode_replacing_with_active_transcoder(
    const unsigned char* p, const unsigned char* stop, const unsigned char* end, char32_t* out, std::size_t room,
    simd::scalar::subpart_action action, std::size_t clean_after) noexcept
{
    return active_transcoder().decode_replacing(p, stop, end, out, room, action, clean_after);
}

UTF8VIEW_KERNEL_CALL simd::byte_class_masks classify_window_with_active_transcoder(const unsigned char* p) noexcept
{
    return active_transcoder().classify_window(p);
}

UTF8VIEW_KERNEL_CALL std::size_t count_code_points_valid_with_active_transcoder(const unsigned char* p,
                                                                                const unsigned char* stop) noexcept
{
    return active_transcoder().count_code_points_valid(p, stop);
}

UTF8VIEW_KERNEL_CALL std::size_t count_utf16_units_valid_with_active_transcoder(const unsigned char* p,
                                                                                const unsigned char* stop) noexcept
{
    return active_transcoder().count_utf16_units_valid(p, stop);
}

UTF8VIEW_KERNEL_CALL encode_progress encode_scalar_values_with_active_transcoder(const char32_t* p, const char32_t* end,
                                                                                 unsigned char* out,
                                                                                 std::size_t room) noexcept
{
    return active_transcoder().encode_scalar_values(p, end, out, room);
}

UTF8VIEW_KERNEL_CALL utf8_to_utf16_progress utf8_to_utf16_valid_with_active_transcoder(const unsigned char* p,
                                                                                       const unsigned char* stop,
                                                                                       char16_t* out,
                                                                                       std::size_t room) noexcept
{
    return active_transcoder().utf8_to_utf16_valid(p, stop, out, room);
}

UTF8VIEW_KERNEL_CALL utf16_to_utf8_progress utf16_to_utf8_with_active_transcoder(const char16_t* p, const char16_t* end,
                                                                                 unsigned char* out,
                                                                                 std::size_t room) noexcept
{
    return active_transcoder().utf16_to_utf8(p, end, out, room);
}

}  // namespace utf8view::detail

namespace utf8view {

UTF8VIEW_KERNEL_CALL std::string_view active_validation_kernel() noexcept
{
    return detail::active_kernel().name;
}

UTF8VIEW_KERNEL_CALL bool force_validation_kernel(std::string_view name) noexcept
{
    return detail::force_kernel(name);
}

UTF8VIEW_KERNEL_CALL std::string_view active_transcoding_kernel() noexcept
{
    return detail::active_transcoder().name;
}

UTF8VIEW_KERNEL_CALL bool force_transcoding_kernel(std::string_view name) noexcept
{
    return detail::force_transcoder(name);
}

}  // namespace utf8view

#include <utf8view/detail/epilogue.hpp>

#endif  // UTF8VIEW_DETAIL_KERNEL_CALLS_IMPL_HPP
