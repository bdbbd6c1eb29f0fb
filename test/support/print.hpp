// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.

// Teaches Boost.Test to print the types it cannot print itself (char32_t,
// char8_t, std::byte, std::optional), so that failed BOOST_TEST
// comparisons show values; the library's error types print with the
// operator<< of <utf8view/io.hpp>. Include after <boost/test/unit_test.hpp>.

#ifndef UTF8VIEW_TEST_SUPPORT_PRINT_HPP
#define UTF8VIEW_TEST_SUPPORT_PRINT_HPP

#include <utf8view/io.hpp>

#include <boost/test/tools/detail/print_helper.hpp>

#include <cstddef>
#include <iomanip>
#include <optional>
#include <ostream>
#include <string_view>
#include <vector>

namespace utf8view_test {

// Boost.Test 1.74 takes std::u32string for a C string and fails to compile
// comparisons of them: tests compare code point sequences as vectors, which
// it compares element by element and prints with the index of a mismatch.
using code_points = std::vector<char32_t>;
inline code_points to_code_points(std::u32string_view text)
{
    return code_points(text.begin(), text.end());
}

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

// print_log_value is Boost.Test's customization point for types whose
// namespace we cannot add a boost_test_print_type overload to.
namespace boost::test_tools::tt_detail {
template <>
struct print_log_value<char32_t> {
    void operator()(std::ostream& out, char32_t value) const
    {
        out << "U+";
        utf8view_test::print_hex(out, value, 4);
    }
};
template <>
struct print_log_value<char8_t> {
    void operator()(std::ostream& out, char8_t value) const
    {
        out << "0x";
        utf8view_test::print_hex(out, value, 2);
    }
};
template <>
struct print_log_value<std::byte> {
    void operator()(std::ostream& out, std::byte value) const
    {
        out << "0x";
        utf8view_test::print_hex(out, std::to_integer<unsigned>(value), 2);
    }
};
template <class T>
struct print_log_value<std::optional<T>> {
    void operator()(std::ostream& out, const std::optional<T>& value) const
    {
        if (!value) {
            out << "nullopt";
            return;
        }
        out << "optional(";
        print_log_value<T>()(out, *value);
        out << ")";
    }
};
}  // namespace boost::test_tools::tt_detail

#endif  // UTF8VIEW_TEST_SUPPORT_PRINT_HPP
