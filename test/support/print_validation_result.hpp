// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.

// How the tests print a validation_result: "{overlong at 3}" or
// "{valid, 12 bytes}", in failed BOOST_TEST comparisons and in messages
// (`out << result`). Apart from print.hpp, so that only the tests of
// validate() and of the kernels include the validation code for it.

#ifndef UTF8VIEW_TEST_SUPPORT_PRINT_VALIDATION_RESULT_HPP
#define UTF8VIEW_TEST_SUPPORT_PRINT_VALIDATION_RESULT_HPP

#include "support/print.hpp"  // error_kind

// validation_result is defined here; its public header is <utf8view/validate.hpp>.
#include <utf8view/detail/simd/scalar.hpp>

#include <ostream>

namespace utf8view {
inline std::ostream& operator<<(std::ostream& out, const validation_result& r)
{
    if (r.kind) return out << "{" << *r.kind << " at " << r.offset << "}";
    return out << "{valid, " << r.offset << " bytes}";
}
}  // namespace utf8view

#endif  // UTF8VIEW_TEST_SUPPORT_PRINT_VALIDATION_RESULT_HPP
