// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at https://www.boost.org/LICENSE_1_0.txt)

/// \file
/// The line `codepoints` prints for each code point. `chunked_decode` must
/// print the very same lines, so both programs take them from here.

#ifndef UTF8VIEW_EXAMPLE_CODE_POINT_LINE_HPP
#define UTF8VIEW_EXAMPLE_CODE_POINT_LINE_HPP

#include <utf8view/utf8view.hpp>

#include <cinttypes>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <ostream>
#include <string>

namespace example {

/** "U+00C6", "U+1F600": the Unicode Standard's notation, at least four hex digits. */
inline std::string u_plus(char32_t code_point)
{
    char text[16];
    std::snprintf(text, sizeof text, "U+%04" PRIX32, std::uint32_t{code_point});
    return text;
}

/** Writes the line for `code_point`, which starts at byte `offset`: "U+00C6 0";
    for a U+FFFD that replaces an ill-formed maximal subpart (`replaced` holds
    the decoding iterator's error()), "U+FFFD 6 (replaces overlong)". */
inline void print_code_point_line(std::ostream& out, char32_t code_point, std::size_t offset,
                                  std::optional<utf8view::error_kind> replaced)
{
    out << u_plus(code_point) << ' ' << offset;
    if (replaced) out << " (replaces " << utf8view::to_string(*replaced) << ')';
    out << '\n';
}

}  // namespace example

#endif  // UTF8VIEW_EXAMPLE_CODE_POINT_LINE_HPP
