// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at https://www.boost.org/LICENSE_1_0.txt)

/// \file
/// Printing the error types of <utf8view/error.hpp>: `operator<<` on a
/// `std::ostream` and, where the standard library has `std::format`,
/// `std::formatter` specializations, for `error_kind`, `decode_error_info`,
/// `encode_error_info` and `validation_result`. Both write the same text
/// (and so does `fmt::formatter` in <utf8view/ext/fmt.hpp>):
///
/// | value | text |
/// |---|---|
/// | `error_kind::overlong` | `overlong` (the name `to_string` gives) |
/// | `static_cast<error_kind>(200)` | `unknown(200)` (the value in decimal) |
/// | `decode_error_info{overlong, 12, 2}` | `overlong at byte offset 12, 2 bytes` |
/// | `decode_error_info{truncated_sequence, 0, 1}` | `truncated_sequence at byte offset 0, 1 byte` |
/// | `decode_error_info{unpaired_surrogate, 7, 1}` | `unpaired_surrogate at code unit offset 7, 1 code unit` |
/// | `encode_error_info{surrogate, 3, 0xD800}` | `surrogate U+D800 at code point offset 3` |
/// | `encode_error_info{out_of_range, 0, 0x110000}` | `out_of_range 0x110000 at code point offset 0` |
/// | `encode_error_info{out_of_range, 5, -1}` | `out_of_range -0x1 at code point offset 5` |
/// | `validation_result{std::nullopt, 12}` | `valid (12 code units)` |
/// | `validation_result{overlong, 12}` | `overlong at byte offset 12` |
/// | `validation_result{unpaired_surrogate, 7}` | `unpaired_surrogate at code unit offset 7` |
///
/// Offsets and lengths are in decimal, the way `decode_error::what()` and
/// `encode_error::what()` say them. Their unit comes from the kind:
/// `unpaired_surrogate` is the one error of UTF-16 input, whose offsets and
/// lengths count 16-bit code units; every other kind counts bytes. A valid
/// `validation_result` says "code units", because it cannot tell
/// `validate` (bytes, UTF-8's code units) from `validate_utf16`. A value to
/// encode is written `U+` and 4 to 6 upper-case hexadecimal digits when it
/// is a code point (0..10FFFF, which includes the surrogates), and `0x` and
/// hexadecimal digits, after a `-` if negative, when it is not. The texts
/// are part of the interface: a new `error_kind` enumerator would add a
/// name, and nothing else is meant to change.
///
/// Not included by <utf8view/utf8view.hpp>: no other utf8view header
/// includes <ostream> or <format>, which are costly to compile, so only the
/// code that prints pays for them. Works with the separate headers only:
/// the generated single header `utf8view_single.hpp` does not contain it.
///
/// @par Standard Unicode 15.0 ch. 3 D9-D10 (code points), §3.9 (maximal
/// subparts); the U+ notation of Appendix A.

#ifndef UTF8VIEW_IO_HPP
#define UTF8VIEW_IO_HPP

#include <utf8view/config.hpp>
#include <utf8view/detail/error_text.hpp>
#include <utf8view/error.hpp>

#include <ostream>

// The standard formatters only where the standard library has std::format
// (UTF8VIEW_HAS_STD_FORMAT, config.hpp): GCC 12's libstdc++ has no <format>,
// and libc++ 16 has one, without the feature-test macro, only with
// -fexperimental-library.
#if UTF8VIEW_HAS_STD_FORMAT
#include <format>
#if !UTF8VIEW_HAS_EXCEPTIONS
#include <cstdlib>
#endif
#endif

#include <utf8view/detail/prologue.hpp>

namespace utf8view {

/** Writes the name of `kind` as `to_string(kind)` gives it, e.g.
    `overlong`; a value outside the enumeration as `unknown(<value>)`, the
    value of its underlying `std::uint8_t` in decimal (`unknown(0)`).
    The text goes out as one string: the stream's width, fill and
    adjustment apply to all of it, as for a `std::string_view`.
    @return `out`.  @par Complexity O(1).
    @par Header <utf8view/io.hpp> */
inline std::ostream& operator<<(std::ostream& out, error_kind kind)
{
    return out << detail::describe_error(kind).view();
}

/** Writes `<kind> at byte offset <offset>, <length> bytes`, e.g.
    `overlong at byte offset 12, 2 bytes` (`1 byte` when the length is 1).
    For UTF-16 input (`error_kind::unpaired_surrogate`), whose offset and
    length count code units: `unpaired_surrogate at code unit offset 7,
    1 code unit`. The kind as for `operator<<(std::ostream&, error_kind)`,
    numbers in decimal; any field value is printed as it is (an unknown
    kind, a length of 0), none is checked. One string, as for `error_kind`.
    @return `out`.  @par Complexity O(1).
    @par Header <utf8view/io.hpp> */
inline std::ostream& operator<<(std::ostream& out, const decode_error_info& info)
{
    return out << detail::describe_error(info).view();
}

/** Writes `<kind> <value> at code point offset <offset>`, e.g. `surrogate
    U+D800 at code point offset 3`. The value is written `U+` and at least 4
    upper-case hexadecimal digits when it is a code point (0..10FFFF);
    otherwise `0x` and hexadecimal digits (`0x110000`), after a `-` for a
    negative value (`-0x1`). The offset counts elements (code points) of the
    viewed range, in decimal. Any field value is printed as it is. One
    string, as for `error_kind`.
    @return `out`.  @par Complexity O(1).
    @par Header <utf8view/io.hpp> */
inline std::ostream& operator<<(std::ostream& out, const encode_error_info& info)
{
    return out << detail::describe_error(info).view();
}

/** Writes `valid (<offset> code units)` for well-formed input, e.g. `valid
    (12 code units)` (`1 code unit`; UTF-8's code units are bytes; a valid
    result does not say whether `validate` or `validate_utf16` made it).
    Otherwise `<kind> at byte offset <offset>`, e.g. `overlong at byte offset
    12`, or for UTF-16 input (`error_kind::unpaired_surrogate`)
    `unpaired_surrogate at code unit offset 7`. Numbers in decimal; one
    string, as for `error_kind`.
    @return `out`.  @par Complexity O(1).
    @par Header <utf8view/io.hpp> */
inline std::ostream& operator<<(std::ostream& out, const validation_result& result)
{
    return out << detail::describe_error(result).view();
}

}  // namespace utf8view

#if UTF8VIEW_HAS_STD_FORMAT

namespace utf8view::detail {

// What the four std::formatter specializations below share: the empty
// format specification and the copy of the text to the output.
struct std_error_formatter {
    // Accepts `{}` only: anything between the colon and the closing brace
    // (`{:>20}`, `{:s}`) is a std::format_error (or, without exceptions, a
    // call of std::abort), which std::format's compile-time check of its
    // format string turns into a compile error.
    constexpr std::format_parse_context::iterator parse(std::format_parse_context& context)
    {
        const auto it = context.begin();
        if (it != context.end() && *it != '}') {
#if UTF8VIEW_HAS_EXCEPTIONS
            throw std::format_error("utf8view: the error types take no format specification, only {}");
#else
            std::abort();
#endif
        }
        return it;
    }

    template <class FormatContext>
    static typename FormatContext::iterator write(const error_text& text, FormatContext& context)
    {
        auto out = context.out();
        for (const char c : text.view()) *out++ = c;
        return out;
    }
};

}  // namespace utf8view::detail

namespace std {

/** `std::format("{}", kind)`: the text of `operator<<(std::ostream&,
    error_kind)`, e.g. `overlong`, or `unknown(200)` outside the
    enumeration. The only format specification is the empty one (`{}`);
    any other is a `std::format_error`, at compile time for a format string
    checked by `std::format`. `char` formatting only. Defined only where
    the standard library has `std::format` (`UTF8VIEW_HAS_STD_FORMAT`).
    @par Complexity O(1).  @par Header <utf8view/io.hpp> */
template <>
struct formatter<utf8view::error_kind, char> : utf8view::detail::std_error_formatter {
    template <class FormatContext>
    typename FormatContext::iterator format(utf8view::error_kind kind, FormatContext& context) const
    {
        return write(utf8view::detail::describe_error(kind), context);
    }
};

/** `std::format("{}", info)`: the text of `operator<<(std::ostream&, const
    decode_error_info&)`, e.g. `overlong at byte offset 12, 2 bytes`. Format
    specification `{}` only, `char` only, defined only with
    `UTF8VIEW_HAS_STD_FORMAT`, as for `error_kind`.
    @par Complexity O(1).  @par Header <utf8view/io.hpp> */
template <>
struct formatter<utf8view::decode_error_info, char> : utf8view::detail::std_error_formatter {
    template <class FormatContext>
    typename FormatContext::iterator format(const utf8view::decode_error_info& info, FormatContext& context) const
    {
        return write(utf8view::detail::describe_error(info), context);
    }
};

/** `std::format("{}", info)`: the text of `operator<<(std::ostream&, const
    encode_error_info&)`, e.g. `surrogate U+D800 at code point offset 3`.
    Format specification `{}` only, `char` only, defined only with
    `UTF8VIEW_HAS_STD_FORMAT`, as for `error_kind`.
    @par Complexity O(1).  @par Header <utf8view/io.hpp> */
template <>
struct formatter<utf8view::encode_error_info, char> : utf8view::detail::std_error_formatter {
    template <class FormatContext>
    typename FormatContext::iterator format(const utf8view::encode_error_info& info, FormatContext& context) const
    {
        return write(utf8view::detail::describe_error(info), context);
    }
};

/** `std::format("{}", result)`: the text of `operator<<(std::ostream&, const
    validation_result&)`, e.g. `valid (12 code units)` or `overlong at byte
    offset 12`. Format specification `{}` only, `char` only, defined only
    with `UTF8VIEW_HAS_STD_FORMAT`, as for `error_kind`.
    @par Complexity O(1).  @par Header <utf8view/io.hpp> */
template <>
struct formatter<utf8view::validation_result, char> : utf8view::detail::std_error_formatter {
    template <class FormatContext>
    typename FormatContext::iterator format(const utf8view::validation_result& result, FormatContext& context) const
    {
        return write(utf8view::detail::describe_error(result), context);
    }
};

}  // namespace std

#endif  // UTF8VIEW_HAS_STD_FORMAT

#include <utf8view/detail/epilogue.hpp>

#endif  // UTF8VIEW_IO_HPP
