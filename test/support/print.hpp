// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.

// Teaches Boost.Test to print the character types it cannot print itself,
// and error_kind, so that failed BOOST_TEST comparisons show values.

#ifndef UTF8VIEW_TEST_SUPPORT_PRINT_HPP
#define UTF8VIEW_TEST_SUPPORT_PRINT_HPP

#include <utf8view/error.hpp>

#include <cstddef>
#include <iomanip>
#include <ostream>
#include <string>

namespace utf8view_test {
inline std::ostream& print_hex(std::ostream& out, unsigned long value, int width)
{
    const auto flags = out.flags();
    const auto fill = out.fill();
    out << std::uppercase << std::hex << std::setfill('0') << std::setw(width) << value;
    out.flags(flags);
    out.fill(fill);
    return out;
}
}  // namespace utf8view_test

namespace std {
// Boost.Test finds boost_test_print_type by argument-dependent lookup, so
// the overloads for fundamental types live in namespace std (the only
// namespace associated with std::byte, and one Boost.Test also searches).
inline std::ostream& boost_test_print_type(std::ostream& out, char32_t value)
{
    out << "U+";
    return utf8view_test::print_hex(out, value, 4);
}
inline std::ostream& boost_test_print_type(std::ostream& out, char8_t value)
{
    out << "0x";
    return utf8view_test::print_hex(out, value, 2);
}
inline std::ostream& boost_test_print_type(std::ostream& out, std::byte value)
{
    out << "0x";
    return utf8view_test::print_hex(out, std::to_integer<unsigned>(value), 2);
}
}  // namespace std

namespace utf8view {
inline std::ostream& operator<<(std::ostream& out, error_kind kind) { return out << to_string(kind); }
}  // namespace utf8view

#endif  // UTF8VIEW_TEST_SUPPORT_PRINT_HPP
