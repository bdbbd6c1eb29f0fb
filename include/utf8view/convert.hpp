// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at https://www.boost.org/LICENSE_1_0.txt)

/// \file
/// One-line conversions between UTF-8, UTF-16 and code points, into a new
/// string: `to_u32string`, `to_u16string`, `to_utf8_string`, `to_u8string`;
/// and `append_utf8`, one code point onto a UTF-8 string. The source
/// encoding follows from the element type of the range: bytes (`char`,
/// `char8_t`, `signed char`, `unsigned char`, `std::byte`) are UTF-8,
/// `char16_t` (and a 16-bit `wchar_t`) is UTF-16, `char32_t` (and a 32-bit
/// `wchar_t`, and other integers of 32 bits or more) are code points.

#ifndef UTF8VIEW_CONVERT_HPP
#define UTF8VIEW_CONVERT_HPP

#include <utf8view/config.hpp>
#include <utf8view/code_unit.hpp>
#include <utf8view/detail/convert_loop.hpp>
#include <utf8view/detail/encode_step.hpp>
#include <utf8view/detail/subrange_of.hpp>
#include <utf8view/error_policy.hpp>
#include <utf8view/repair.hpp>
#include <utf8view/transcode.hpp>
#include <utf8view/unicode.hpp>
#include <utf8view/utf16.hpp>

#include <concepts>
#include <cstddef>
#include <iterator>
#include <ranges>
#include <span>
#include <string>
#include <type_traits>

#include <utf8view/detail/prologue.hpp>

namespace utf8view {

namespace detail {

// How a conversion reads a range, from its element type.
template <class R>
struct source_of {};
template <class R>
    requires utf8_range<R>
struct source_of<R> {
    using type = utf8_source;
};
template <class R>
    requires utf16_range<R>
struct source_of<R> {
    using type = utf16_source;
};
template <class R>
    requires code_point_range<R>
struct source_of<R> {
    using type = code_point_source;
};
template <class R>
using source_of_t = typename source_of<R>::type;

// How a conversion writes a code unit type.
template <class Unit>
using form_of_t = std::conditional_t<utf8_code_unit<Unit>, utf8_form,
                                     std::conditional_t<utf16_code_unit<Unit>, utf16_form, utf32_form>>;

// A range a conversion takes, with a policy of the right family: UTF-8 and
// UTF-16 are decoded (decode_error_policy), code points are encoded
// (encode_error_policy).
template <class R, class Policy>
concept convertible_with = std::ranges::input_range<R> && !string_literal_array<R> &&
                           (((utf8_range<R> || utf16_range<R>)&&decode_policy_argument<Policy>) ||
                            (code_point_range<R> && encode_policy_argument<Policy>));

// Policies whose answer depends on nothing, so that a pass that sizes the
// output and the pass that fills it agree: the output is then allocated
// once, exactly (on_error::replace), or at most that (on_error::skip).
template <class Policy>
concept answer_fixed_policy = std::same_as<std::remove_cv_t<Policy>, on_error::replace_t> ||
                              std::same_as<std::remove_cv_t<Policy>, on_error::skip_t>;

// The code units the conversion of `range` to `Unit` writes with
// on_error::replace, by the pair's size function, or counted.
template <class Unit, class R>
[[nodiscard]] constexpr std::size_t converted_size(R& range)
{
    if constexpr (utf8_range<R> && std::same_as<Unit, char32_t>) return decoded_size(range);
    else if constexpr (utf8_range<R> && utf8_code_unit<Unit>) return repaired_size(range);
    else if constexpr (utf8_range<R> && utf16_code_unit<Unit>) return utf8_to_utf16_size(range);
    else if constexpr (utf16_range<R> && utf8_code_unit<Unit>) return utf16_to_utf8_size(range);
    else if constexpr (code_point_range<R> && utf8_code_unit<Unit>) return encoded_size(range);
    else {
        on_error::replace_t replace;
        std::size_t size = 0;
        auto first = std::ranges::begin(range);
        const auto last = std::ranges::end(range);
        std::uint64_t offset = 0;
        while (first != last) {
            source_step step = source_of_t<R>::read(first, last, replace, offset);
            size += form_of_t<Unit>::encode(*step.element).length;
            offset += step.length;
            first = std::move(step.next);
        }
        return size;
    }
}

// Writes the conversion of `range` to `Unit` to `out` (an output iterator,
// or a std::span that bounds it), through the pair's bulk function (its
// SIMD path, where it has one), and returns the end of what was written.
template <class Unit, class R, class O, class Policy>
constexpr auto convert_to(R& range, O out, Policy& policy)
{
    if constexpr (utf8_range<R> && std::same_as<Unit, char32_t>) return decode_into(range, out, policy).out;
    else if constexpr (utf8_range<R> && utf8_code_unit<Unit>) return repair_into(range, out, policy).out;
    else if constexpr (utf8_range<R> && utf16_code_unit<Unit>) return utf8_to_utf16_into(range, out, policy).out;
    else if constexpr (utf16_range<R> && utf8_code_unit<Unit>) return utf16_to_utf8_into(range, out, policy).out;
    else if constexpr (code_point_range<R> && utf8_code_unit<Unit>) return encode_into(range, out, policy).out;
    else if constexpr (std::ranges::range<O>)
        return convert_checked<source_of_t<R>, form_of_t<Unit>, Unit>(std::ranges::begin(range),
                                                                      std::ranges::end(range), std::ranges::begin(out),
                                                                      std::ranges::end(out), policy)
            .out;
    else
        return convert_checked<source_of_t<R>, form_of_t<Unit>, Unit>(
                   std::ranges::begin(range), std::ranges::end(range), out, std::unreachable_sentinel, policy)
            .out;
}

template <class String, class R, class Policy>
[[nodiscard]] constexpr String converted_string(R& range, Policy& policy)
{
    using Unit = typename String::value_type;
    String text;
    if constexpr (std::ranges::forward_range<R> && answer_fixed_policy<Policy>) {
        // Bounded by the size, for safety's sake: the pair's size function
        // and its bulk function agree, so the output never fills early.
        text.resize(converted_size<Unit>(range));
        const auto end = convert_to<Unit>(range, std::span<Unit>(text), policy);
        text.resize(static_cast<std::size_t>(detail::to_address(end) - text.data()));
    }
    else {
        if constexpr (std::ranges::sized_range<R>) text.reserve(static_cast<std::size_t>(std::ranges::size(range)));
        convert_to<Unit>(range, std::back_inserter(text), policy);
    }
    return text;
}

}  // namespace detail

/** The code points of `text`, in a new `std::u32string`.

    @param text   UTF-8 bytes, UTF-16 code units or code points (see the
                  file comment; string literals are rejected).
    @param policy for UTF-8 and UTF-16, a `decode_error_policy` (each
                  ill-formed maximal subpart, or unpaired surrogate, goes to
                  it once); for code points, an `encode_error_policy` (each
                  value that is not a scalar value goes to it once).
    @return the scalar values and replacements, one `char32_t` each.
    @par Complexity O(n). With `on_error::replace` or `on_error::skip` over
    a forward range, the string is sized once by the size function
    (`decoded_size` for UTF-8) and filled by the bulk function
    (`decode_into`, SIMD over contiguous input); otherwise it grows as it
    is filled.
    @par Bad input as the policy says (U+FFFD with `on_error::replace`).
    @par Standard Unicode 15.0 ch. 3, Table 3-7 and §3.9 (UTF-8), D91 and
    Table 3-5 (UTF-16), D76 (scalar values). */
template <std::ranges::input_range R, class Policy = on_error::replace_t>
    requires detail::convertible_with<R, Policy>
[[nodiscard]] constexpr std::u32string to_u32string(R&& text, Policy policy = Policy())
{
    return detail::converted_string<std::u32string>(text, policy);
}

/** `text` in UTF-16, in a new `std::u16string`: each code point as one
    code unit, or a surrogate pair from U+10000 on.

    @param text   as for `to_u32string`.
    @param policy as for `to_u32string`.
    @return UTF-16 code units; always well-formed UTF-16.
    @par Complexity O(n), as `to_u32string` (`utf8_to_utf16_size` and
    `utf8_to_utf16_into` for UTF-8).
    @par Bad input, standard: as `to_u32string`. */
template <std::ranges::input_range R, class Policy = on_error::replace_t>
    requires detail::convertible_with<R, Policy>
[[nodiscard]] constexpr std::u16string to_u16string(R&& text, Policy policy = Policy())
{
    return detail::converted_string<std::u16string>(text, policy);
}

/** `text` in UTF-8, in a new `std::string`. From UTF-8 this is `repair`:
    well-formed sequences are copied, ill-formed maximal subparts replaced;
    from UTF-16 a supplementary character is 4 bytes, never CESU-8's 6.

    @param text   as for `to_u32string`.
    @param policy as for `to_u32string`.
    @return UTF-8 bytes; always well-formed UTF-8.
    @par Complexity O(n), as `to_u32string` (`repaired_size`/`repair_into`,
    `utf16_to_utf8_size`/`utf16_to_utf8_into`, `encoded_size`/`encode_into`).
    @par Bad input, standard: as `to_u32string`, and Table 3-6. */
template <std::ranges::input_range R, class Policy = on_error::replace_t>
    requires detail::convertible_with<R, Policy>
[[nodiscard]] constexpr std::string to_utf8_string(R&& text, Policy policy = Policy())
{
    return detail::converted_string<std::string>(text, policy);
}

/** `text` in UTF-8, in a new `std::u8string`: exactly the bytes
    `to_utf8_string` gives, as `char8_t`.

    @param text   as for `to_u32string`.
    @param policy as for `to_u32string`.
    @return UTF-8 code units; always well-formed UTF-8.
    @par Complexity O(n), as `to_utf8_string`.
    @par Bad input as the policy says (`EF BF BD` for each ill-formed
    maximal subpart, unpaired surrogate or value that is not a scalar value,
    with `on_error::replace`).
    @par Standard as `to_u32string`, and Unicode 15.0 ch. 3, Table 3-6. */
template <std::ranges::input_range R, class Policy = on_error::replace_t>
    requires detail::convertible_with<R, Policy>
[[nodiscard]] constexpr std::u8string to_u8string(R&& text, Policy policy = Policy())
{
    return detail::converted_string<std::u8string>(text, policy);
}

/** Appends the UTF-8 form of `code_point` to `text`: 1 to 4 bytes.

    @param text       a string of a UTF-8 code unit type (`std::string`,
                      `std::u8string`...).
    @param code_point the code point to append.
    @par Complexity amortized O(1).
    @par Bad input a value that is not a scalar value (a surrogate, or above
    U+10FFFF) is appended as U+FFFD (`EF BF BD`), as `on_error::replace` does.
    @par Standard Unicode 15.0 ch. 3, Table 3-6. */
template <utf8_code_unit CodeUnit, class Traits, class Allocator>
constexpr void append_utf8(std::basic_string<CodeUnit, Traits, Allocator>& text, char32_t code_point)
{
    const detail::encoded_sequence bytes =
        detail::encode_scalar(is_scalar_value(code_point) ? code_point : replacement_character);
    for (std::uint8_t index = 0; index < bytes.length; ++index)
        text.push_back(detail::from_byte<CodeUnit>(bytes.bytes[index]));
}

/// A character array, such as a string literal, is rejected at compile time
/// (one `static_assert`): its terminating NUL would be converted too.
template <class R, class... Policy>
    requires detail::string_literal_array<R>
std::u32string to_u32string(R&&, Policy&&...)
{
    UTF8VIEW_REJECT_STRING_LITERAL(R, "utf8view::to_u32string", "convert");
    return {};
}
/// A character array, such as a string literal, is rejected at compile time
/// (one `static_assert`): its terminating NUL would be converted too.
template <class R, class... Policy>
    requires detail::string_literal_array<R>
std::u16string to_u16string(R&&, Policy&&...)
{
    UTF8VIEW_REJECT_STRING_LITERAL(R, "utf8view::to_u16string", "convert");
    return {};
}
/// A character array, such as a string literal, is rejected at compile time
/// (one `static_assert`): its terminating NUL would be converted too.
template <class R, class... Policy>
    requires detail::string_literal_array<R>
std::string to_utf8_string(R&&, Policy&&...)
{
    UTF8VIEW_REJECT_STRING_LITERAL(R, "utf8view::to_utf8_string", "convert");
    return {};
}
/// A character array, such as a string literal, is rejected at compile time
/// (one `static_assert`): its terminating NUL would be converted too.
template <class R, class... Policy>
    requires detail::string_literal_array<R>
std::u8string to_u8string(R&&, Policy&&...)
{
    UTF8VIEW_REJECT_STRING_LITERAL(R, "utf8view::to_u8string", "convert");
    return {};
}

}  // namespace utf8view

#include <utf8view/detail/epilogue.hpp>

#endif  // UTF8VIEW_CONVERT_HPP
