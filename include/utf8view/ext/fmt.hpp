// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at https://www.boost.org/LICENSE_1_0.txt)

/// \file
/// Opt-in glue for the {fmt} library (tested with fmt 9.1): include this
/// header, after or instead of the utf8view headers, in code that formats
/// utf8view's error types with `fmt::format`, `fmt::print` and the like. It
/// needs fmt on the include path (and, unless fmt is used header-only with
/// `FMT_HEADER_ONLY`, fmt's library at link time); no other utf8view header
/// includes fmt.
///
/// Why it exists. fmt knows nothing of `error_kind`, `decode_error_info`,
/// `encode_error_info` and `validation_result`: a scoped enumeration and
/// structs are not formattable without a `fmt::formatter` specialization,
/// and since fmt 9 an `operator<<` (<utf8view/io.hpp>) is not used by fmt
/// unless a formatter says so. The specializations below write the same
/// text as `operator<<` and `std::formatter` of <utf8view/io.hpp>, whose
/// comment gives the formats (`overlong at byte offset 12, 2 bytes`); this
/// header does not include <ostream> or <format>.
///
/// The only format specification is the empty one, `{}`: any other
/// (`{:>20}`) is rejected when it is parsed, with `fmt::format_error` (a
/// compile error where fmt checks the format string at compile time, as
/// `fmt::format("...", ...)` does in C++20; `std::abort()` in a program
/// built without exceptions).

#ifndef UTF8VIEW_EXT_FMT_HPP
#define UTF8VIEW_EXT_FMT_HPP

#include <utf8view/config.hpp>
#include <utf8view/detail/error_text.hpp>
#include <utf8view/error.hpp>

#include <fmt/format.h>

#if !UTF8VIEW_HAS_EXCEPTIONS
#include <cstdlib>
#endif

#include <utf8view/detail/prologue.hpp>

namespace utf8view::detail {

// What the four fmt::formatter specializations below share: the empty
// format specification and the copy of the text to the output.
struct fmt_error_formatter {
    // Accepts `{}` only: anything between the colon and the closing brace
    // is a fmt::format_error (or, without exceptions, a call of std::abort),
    // which fmt's compile-time check of a format string turns into a
    // compile error. (Not FMT_THROW: with some compilers it names fmt's
    // internals as seen from inside namespace fmt.)
    constexpr fmt::format_parse_context::iterator parse(fmt::format_parse_context& context)
    {
        const auto it = context.begin();
        if (it != context.end() && *it != '}') {
#if UTF8VIEW_HAS_EXCEPTIONS
            throw fmt::format_error("utf8view: the error types take no format specification, only {}");
#else
            std::abort();
#endif
        }
        return it;
    }

    template <class FormatContext>
    static auto write(const error_text& text, FormatContext& context) -> decltype(context.out())
    {
        auto out = context.out();
        for (const char c : text.view()) *out++ = c;
        return out;
    }
};

}  // namespace utf8view::detail

namespace fmt {

/** `fmt::format("{}", kind)`: the name of `kind` as `to_string` gives it,
    e.g. `overlong`, or `unknown(200)` for a value outside the enumeration;
    the text of `operator<<` in <utf8view/io.hpp>. Format specification
    `{}` only: any other is a `fmt::format_error` (at compile time for a
    checked format string).
    @par Complexity O(1).  @par Header <utf8view/ext/fmt.hpp> */
template <>
struct formatter<utf8view::error_kind> : utf8view::detail::fmt_error_formatter {
    template <class FormatContext>
    auto format(utf8view::error_kind kind, FormatContext& context) const -> decltype(context.out())
    {
        return write(utf8view::detail::describe_error(kind), context);
    }
};

/** `fmt::format("{}", info)`: e.g. `overlong at byte offset 12, 2 bytes`,
    or for UTF-16 input `unpaired_surrogate at code unit offset 7, 1 code
    unit`; the text of `operator<<` in <utf8view/io.hpp>. Format
    specification `{}` only, as for `error_kind`.
    @par Complexity O(1).  @par Header <utf8view/ext/fmt.hpp> */
template <>
struct formatter<utf8view::decode_error_info> : utf8view::detail::fmt_error_formatter {
    template <class FormatContext>
    auto format(const utf8view::decode_error_info& info, FormatContext& context) const -> decltype(context.out())
    {
        return write(utf8view::detail::describe_error(info), context);
    }
};

/** `fmt::format("{}", info)`: e.g. `surrogate U+D800 at code point offset
    3`, `out_of_range 0x110000 at code point offset 0`; the text of
    `operator<<` in <utf8view/io.hpp>. Format specification `{}` only, as
    for `error_kind`.
    @par Complexity O(1).  @par Header <utf8view/ext/fmt.hpp> */
template <>
struct formatter<utf8view::encode_error_info> : utf8view::detail::fmt_error_formatter {
    template <class FormatContext>
    auto format(const utf8view::encode_error_info& info, FormatContext& context) const -> decltype(context.out())
    {
        return write(utf8view::detail::describe_error(info), context);
    }
};

/** `fmt::format("{}", result)`: e.g. `valid (12 code units)`, `overlong at
    byte offset 12`; the text of `operator<<` in <utf8view/io.hpp>. Format
    specification `{}` only, as for `error_kind`.
    @par Complexity O(1).  @par Header <utf8view/ext/fmt.hpp> */
template <>
struct formatter<utf8view::validation_result> : utf8view::detail::fmt_error_formatter {
    template <class FormatContext>
    auto format(const utf8view::validation_result& result, FormatContext& context) const -> decltype(context.out())
    {
        return write(utf8view::detail::describe_error(result), context);
    }
};

}  // namespace fmt

#include <utf8view/detail/epilogue.hpp>

#endif  // UTF8VIEW_EXT_FMT_HPP
