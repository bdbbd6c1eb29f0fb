// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at https://www.boost.org/LICENSE_1_0.txt)

/// \file
/// Lazy conversions between UTF-8 and UTF-16: the adaptor objects
/// `views::utf8_to_utf16` and `views::utf16_to_utf8`, each a `decode_view`
/// inside an `encode_view`, with no buffer between them.

#ifndef UTF8VIEW_TRANSCODE_VIEW_HPP
#define UTF8VIEW_TRANSCODE_VIEW_HPP

#include <utf8view/config.hpp>
#include <utf8view/code_unit.hpp>
#include <utf8view/decode_view.hpp>
#include <utf8view/detail/closure.hpp>
#include <utf8view/encode_view.hpp>
#include <utf8view/error_policy.hpp>

#include <ranges>
#include <utility>

#include <utf8view/detail/prologue.hpp>

namespace utf8view {
namespace detail {

// What views::utf8_to_utf16 (Source utf8, CharT char16_t) and
// views::utf16_to_utf8 (Source utf16, CharT char8_t) adapt: code units to
// encode_view<decode_view<V, Policy>, on_error::replace_t, CharT>. The
// policy handles the decoding errors; the decoder only ever hands scalar
// values to the encoder (a policy's answer is made one too, see
// ask_policy), so the encoder's own policy never runs.
template <decode_source Source, encoding_code_unit CharT>
struct transcode_adaptor_traits {
    template <class R>
    static constexpr bool accepts_range = decode_adaptor_traits<Source>::template accepts_range<R>;
    template <class Policy>
    static constexpr bool accepts_policy = decode_policy_argument<Policy>;
    using misuse_result = std::ranges::empty_view<CharT>;

    template <class V>
    static constexpr auto make(V code_units)
    {
        return encode_view<decode_view<V>, on_error::replace_t, CharT>(decode_view<V>(std::move(code_units)));
    }
    template <class V, class Policy>
    static constexpr auto make(V code_units, Policy policy)
    {
        return encode_view<decode_view<V, Policy>, on_error::replace_t, CharT>(
            decode_view<V, Policy>(std::move(code_units), std::move(policy)));
    }

    template <class R>
    static void reject_string_literal()
    {
        if constexpr (Source == decode_source::utf16) {
            UTF8VIEW_REJECT_STRING_LITERAL(R, "utf8view::views::utf16_to_utf8", "convert");
        }
        else {
            UTF8VIEW_REJECT_STRING_LITERAL(R, "utf8view::views::utf8_to_utf16", "convert");
        }
    }

    template <class R>
    static void reject_elements()
    {
        if constexpr (Source == decode_source::utf16)
            static_assert(always_false_v<R>,
                          "utf8view::views::utf16_to_utf8: the range's elements must be UTF-16 code units: "
                          "char16_t, or wchar_t where it is 16 bits; for UTF-8 bytes to UTF-16 use "
                          "views::utf8_to_utf16");
        else
            static_assert(always_false_v<R>,
                          "utf8view::views::utf8_to_utf16: the range's elements must be UTF-8 code units (bytes): "
                          "char, char8_t, unsigned char, signed char or std::byte; for UTF-16 to UTF-8 use "
                          "views::utf16_to_utf8");
    }
};

}  // namespace detail

namespace views {

/** UTF-8 to UTF-16, lazily: `bytes | views::utf8_to_utf16`,
    `bytes | views::utf8_to_utf16(policy)`, `views::utf8_to_utf16(bytes)`,
    `views::utf8_to_utf16(bytes, policy)`.

    Returns `encode_view<decode_view<V, Policy>, on_error::replace_t, char16_t>`:
    a range of `char16_t`, the UTF-16 form (Unicode 15.0 ch. 3, Table 3-5)
    of the code points `views::decode(policy)` reads from `bytes`. Each
    ill-formed maximal subpart goes to `policy` as `views::decode` says
    (U+FFFD by default, offsets in bytes). O(1) to make; each step O(1),
    plus the subparts the policy drops; no allocation. The category is that
    of `bytes`, at most bidirectional; backwards is the reverse of forwards.
    `it.base()` is the decode iterator, so `it.base().base()` is the byte
    position and `it.base().error()` the decoding error, if any, of the code
    point whose UTF-16 form holds the current code unit. */
inline constexpr detail::view_adaptor<detail::transcode_adaptor_traits<detail::decode_source::utf8, char16_t>>
    utf8_to_utf16{};

/** UTF-16 to UTF-8, lazily: `units | views::utf16_to_utf8`,
    `units | views::utf16_to_utf8(policy)`, `views::utf16_to_utf8(units)`,
    `views::utf16_to_utf8(units, policy)`.

    Returns `encode_view<decode_view<V, Policy>, on_error::replace_t, char8_t>`:
    a range of `char8_t`, the UTF-8 form (Table 3-6) of the code points
    `views::decode_utf16(policy)` reads from `units` (`char16_t`, or a
    16-bit `wchar_t`). Each unpaired surrogate goes to `policy` (U+FFFD,
    `EF BF BD`, by default; offsets in code units). A surrogate pair
    becomes one 4-byte sequence, never two 3-byte ones (no CESU-8, RFC 3629
    §3). Complexity and iterators as for `views::utf8_to_utf16`. */
inline constexpr detail::view_adaptor<detail::transcode_adaptor_traits<detail::decode_source::utf16, char8_t>>
    utf16_to_utf8{};

}  // namespace views
}  // namespace utf8view

#include <utf8view/detail/epilogue.hpp>

#endif  // UTF8VIEW_TRANSCODE_VIEW_HPP
