// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at https://www.boost.org/LICENSE_1_0.txt)

/// \file
/// Bytes the fast paths read through a pointer: the concept of a contiguous,
/// sized byte range whose elements may be read as unsigned char, and the
/// pointer to its bytes. (The fast paths then ask the kernels about them
/// through detail/kernel_calls.hpp.)

#ifndef UTF8VIEW_DETAIL_BYTE_POINTER_HPP
#define UTF8VIEW_DETAIL_BYTE_POINTER_HPP

#include <utf8view/config.hpp>
#include <utf8view/detail/subrange_of.hpp>

#include <iterator>
#include <type_traits>

#include <utf8view/detail/prologue.hpp>

namespace utf8view::detail {

// Contiguous, sized input whose bytes the fast paths read through a pointer.
template <class I, class S>
concept byte_pointer_range = std::contiguous_iterator<I> && std::sized_sentinel_for<S, I> &&
                             !std::is_volatile_v<std::remove_reference_t<std::iter_reference_t<I>>>;

// The bytes of a contiguous iterator, as unsigned char (any code unit type
// may be read as unsigned char, [basic.lval]).
template <std::contiguous_iterator I>
[[nodiscard]] inline const unsigned char* byte_pointer(const I& it) noexcept
{
    return reinterpret_cast<const unsigned char*>(detail::to_address(it));
}

}  // namespace utf8view::detail

#include <utf8view/detail/epilogue.hpp>

#endif  // UTF8VIEW_DETAIL_BYTE_POINTER_HPP
