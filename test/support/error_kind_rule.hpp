// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.

// The error-kind table documented on `error_kind` (include/utf8view/error.hpp,
// doc/reference.md), transcribed literally
// as a flat list of byte-range checks, independent of the library's
// decoder: the tests compare the kinds the library reports with this.
//
//   80..BF                              unexpected_continuation_byte
//   C0, C1, E0 80..9F, F0 80..8F        overlong
//   ED A0..BF                           surrogate
//   F4 90..BF, F5..F7                   out_of_range
//   F8..FF                              invalid_lead_byte
//   otherwise                           truncated_sequence
//
// (Unicode 15.0 ch. 3, Table 3-7: E0 needs A0..BF next, F0 needs 90..BF,
// ED allows only 80..9F, F4 only 80..8F.)

#ifndef UTF8VIEW_TEST_SUPPORT_ERROR_KIND_RULE_HPP
#define UTF8VIEW_TEST_SUPPORT_ERROR_KIND_RULE_HPP

#include <utf8view/error.hpp>

#include <cstddef>
#include <stdexcept>
#include <string_view>

namespace utf8view_test {

/** The kind of the ill-formed maximal subpart that starts at
    `bytes[offset]`, by the table above. The caller must
    know that a maximal subpart starts there (e.g. `first_invalid` of a
    decode vector); the table does not check that. */
constexpr utf8view::error_kind expected_error_kind(std::string_view bytes, std::size_t offset)
{
    using utf8view::error_kind;
    if (offset >= bytes.size()) throw std::out_of_range("expected_error_kind: offset past the end");
    const unsigned b0 = static_cast<unsigned char>(bytes[offset]);
    const bool has_b1 = offset + 1 < bytes.size();
    const unsigned b1 = has_b1 ? static_cast<unsigned char>(bytes[offset + 1]) : 0x100u;  // 0x100: no byte

    if (b0 >= 0x80 && b0 <= 0xBF) return error_kind::unexpected_continuation_byte;
    if (b0 == 0xC0) return error_kind::overlong;
    if (b0 == 0xC1) return error_kind::overlong;
    if (b0 == 0xE0 && b1 >= 0x80 && b1 <= 0x9F) return error_kind::overlong;
    if (b0 == 0xF0 && b1 >= 0x80 && b1 <= 0x8F) return error_kind::overlong;
    if (b0 == 0xED && b1 >= 0xA0 && b1 <= 0xBF) return error_kind::surrogate;
    if (b0 == 0xF4 && b1 >= 0x90 && b1 <= 0xBF) return error_kind::out_of_range;
    if (b0 >= 0xF5 && b0 <= 0xF7) return error_kind::out_of_range;
    if (b0 >= 0xF8 && b0 <= 0xFF) return error_kind::invalid_lead_byte;
    return error_kind::truncated_sequence;
}

}  // namespace utf8view_test

#endif  // UTF8VIEW_TEST_SUPPORT_ERROR_KIND_RULE_HPP
