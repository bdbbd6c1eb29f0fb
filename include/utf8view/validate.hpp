// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at https://www.boost.org/LICENSE_1_0.txt)

/// \file
/// Validation: is a byte range well-formed UTF-8, and if not, where is its
/// first error and what kind is it. Contiguous input of 32 bytes or more
/// goes to a SIMD kernel chosen once at run time (AVX-512, AVX2, SSE4 or
/// NEON, else scalar; `active_validation_kernel()` in <utf8view/kernels.hpp>
/// names it, and `UTF8VIEW_KERNEL=<name>` pins it), with exactly the
/// result of the scalar decoder.

#ifndef UTF8VIEW_VALIDATE_HPP
#define UTF8VIEW_VALIDATE_HPP

#include <utf8view/config.hpp>
#include <utf8view/code_unit.hpp>
#include <utf8view/detail/kernel_calls.hpp>
#include <utf8view/detail/simd/scalar.hpp>
#include <utf8view/error.hpp>

#include <cstddef>
#include <iterator>
#include <ranges>
#include <type_traits>
#include <utility>

#include <utf8view/detail/prologue.hpp>

namespace utf8view {

// validation_result, what validate() returns, is in <utf8view/error.hpp>.

namespace detail {

// simd_threshold_bytes (detail/kernel_calls.hpp): below it, validate() runs
// the scalar loop inline.

// Ranges whose bytes the kernels can read through a pointer.
template <class R>
concept kernel_readable_range = std::ranges::contiguous_range<R> && std::ranges::sized_range<R> &&
                                !std::is_volatile_v<std::remove_reference_t<std::ranges::range_reference_t<R>>>;

// validate(bytes), once the range is known not to be a string literal
// (is_valid calls it too, so that a literal gets one message).
template <std::ranges::input_range R>
[[nodiscard]] constexpr validation_result validate_bytes(R& bytes)
{
    if constexpr (kernel_readable_range<R>) {
        if (!UTF8VIEW_IS_CONSTANT_EVALUATED()) {
            const auto size = static_cast<std::size_t>(std::ranges::size(bytes));
            // Any code unit type may be read as unsigned char ([basic.lval]).
            const auto* first = reinterpret_cast<const unsigned char*>(std::ranges::data(bytes));
            if (size < simd_threshold_bytes) return validate_segments(first, first + size);
            return validate_with_active_kernel(first, size);
        }
    }
    return validate_segments(std::ranges::begin(bytes), std::ranges::end(bytes));
}

}  // namespace detail

/** The first ill-formed maximal subpart of `bytes`, or that there is none.

    @param bytes UTF-8 code units: any `utf8_range` (`std::string_view`,
    `std::u8string`, `std::span<const std::byte>`, a `std::vector` or array
    of `unsigned char`, a `std::list<char>`, an input range...). A `char` or
    `char8_t` array, such as a string literal, is rejected at compile time
    (one `static_assert`), because its terminating NUL would be validated
    too: pass a `std::string_view`, or `null_terminated(pointer)`.
    @return a `validation_result`: for ill-formed input, `kind` is the
    `error_kind` of the first ill-formed maximal subpart and `offset` the
    number of bytes before it; for well-formed input, `kind` is
    `std::nullopt` and `offset` the size of `bytes` in bytes. These are
    exactly the `kind()` and `offset()` that `views::decode` with
    `on_error::throw_exception` reports.
    @par Complexity O(n) in the bytes up to the first error, each read once
    (an input range is read once, up to the byte after the first error's
    maximal subpart). Contiguous sized input of 32 bytes or more runs the
    SIMD kernel named by `active_validation_kernel()` (chosen once per process, on
    first use, by timing each kernel this CPU supports on 32 KiB of
    synthetic text: 0.75 to 2 ms); shorter input, other
    ranges and constant evaluation use the scalar loop.
    @par Bad input Any bytes are allowed; nothing is read outside `bytes`.
    Errors are reported, never undefined behaviour.
    @par Standard Unicode 15.0 ch. 3, Table 3-7 (well-formed byte sequences)
    and §3.9 (maximal subparts); WHATWG Encoding, "UTF-8 decoder".
    @par Example
    @code
    std::string_view bytes = "\xC3\x86r\xC3\xB8 \xC0\xAE";   // "Ærø " then an overlong '.'
    auto r = utf8view::validate(bytes);                      // r.kind == error_kind::overlong, r.offset == 6
    @endcode */
template <std::ranges::input_range R>
    requires utf8_range<R>
[[nodiscard]] constexpr validation_result validate(R&& bytes)
{
    UTF8VIEW_REJECT_STRING_LITERAL(R, "utf8view::validate", "validate");
    return detail::validate_bytes(bytes);
}

/** True if `bytes` is well-formed UTF-8: `validate(bytes).valid()`.

    @param bytes as for `validate` (string literals are rejected).
    @return true if no ill-formed maximal subpart was found.
    @par Complexity as `validate`: O(n), contiguous input through the SIMD kernel.
    @par Bad input never reads outside `bytes`; any bytes are allowed.
    @par Standard Unicode 15.0 ch. 3, Table 3-7. */
template <std::ranges::input_range R>
    requires utf8_range<R>
[[nodiscard]] constexpr bool is_valid(R&& bytes)
{
    UTF8VIEW_REJECT_STRING_LITERAL(R, "utf8view::is_valid", "validate");
    return detail::validate_bytes(bytes).valid();
}

}  // namespace utf8view

#include <utf8view/detail/epilogue.hpp>

#endif  // UTF8VIEW_VALIDATE_HPP
