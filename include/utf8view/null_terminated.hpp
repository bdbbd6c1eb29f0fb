// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at https://www.boost.org/LICENSE_1_0.txt)

/// \file
/// `null_terminated(pointer)`: a byte range that ends at the first NUL, for C strings.

#ifndef UTF8VIEW_NULL_TERMINATED_HPP
#define UTF8VIEW_NULL_TERMINATED_HPP

#include <utf8view/config.hpp>
#include <utf8view/code_unit.hpp>

#include <iterator>
#include <ranges>

#include <utf8view/detail/prologue.hpp>

namespace utf8view {

/** A sentinel that matches an iterator whose element is zero (NUL).

    Compares equal to any input iterator `it` with `*it == value_type{}`.
    Each comparison reads the element `it` points to: O(1) (the decoder
    compares before each byte it reads, so bytes are read about twice);
    nothing past the terminating NUL is ever read. Precondition: `it` points
    into a NUL-terminated array (a range with no NUL has no end here). */
struct null_sentinel_t {
    template <std::input_iterator I>
        requires std::default_initializable<std::iter_value_t<I>> &&
                 std::equality_comparable_with<std::iter_reference_t<I>, std::iter_value_t<I>>
    [[nodiscard]] friend constexpr bool
    operator==(const I& it, null_sentinel_t) noexcept(noexcept(static_cast<bool>(*it == std::iter_value_t<I>{})))
    {
        return *it == std::iter_value_t<I>{};
    }
};

/// The `null_sentinel_t` object.
inline constexpr null_sentinel_t null_sentinel{};

/** The bytes of the C string `pointer`, up to and excluding its first NUL:
    `null_terminated(argv[1]) | views::decode`.

    @param pointer a non-null pointer to a NUL-terminated array of code units.
    @return `std::ranges::subrange<const T*, null_sentinel_t>`: a contiguous,
    borrowed, non-common range whose size is not known in advance.
    @par Complexity O(1); the end is found as iteration goes, by comparing
    each byte with NUL.
    @par Bad input The bytes may be ill-formed UTF-8; only the NUL ends the range. */
template <utf8_code_unit T>
[[nodiscard]] constexpr std::ranges::subrange<const T*, null_sentinel_t> null_terminated(const T* pointer) noexcept
{
    UTF8VIEW_ASSERT(pointer != nullptr);
    return {pointer, null_sentinel};
}

}  // namespace utf8view

#include <utf8view/detail/epilogue.hpp>

#endif  // UTF8VIEW_NULL_TERMINATED_HPP
