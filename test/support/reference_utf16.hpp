// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.

// A reference UTF-16 encoder and decoder for the tests, written from the
// Unicode Standard and the WHATWG Encoding Standard, sharing no code with
// include/ (as support/reference_utf8.hpp for UTF-8).
//
//   Unicode 15.0 ch. 3, Table 3-5 (UTF-16 bit distribution):
//     xxxxxxxxxxxxxxxx           -> xxxxxxxxxxxxxxxx            (not D800..DFFF)
//     000uuuuuxxxxxxxxxxxxxxxx   -> 110110wwwwxxxxxx 110111xxxxxxxxxx,
//                                   wwww = uuuuu - 1
//   WHATWG Encoding Standard, "shared UTF-16 decoder": a lead surrogate is
//   kept until the next code unit; a trail surrogate after it makes a code
//   point; anything else after it (or the end) makes U+FFFD for the lead,
//   and that code unit is then read afresh. A trail surrogate with no lead
//   is U+FFFD.

#ifndef UTF8VIEW_TEST_SUPPORT_REFERENCE_UTF16_HPP
#define UTF8VIEW_TEST_SUPPORT_REFERENCE_UTF16_HPP

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace utf8view_test::reference16 {

/** Table 3-5: the code units of scalar value `c` (the caller's precondition). */
inline std::u16string encode(char32_t c)
{
    if (c < 0x10000) return std::u16string(1, static_cast<char16_t>(c));
    const std::uint32_t uuuuu = (c >> 16) & 0x1F;
    const std::uint32_t wwww = uuuuu - 1;
    const std::uint32_t high_bits = (c >> 10) & 0x3F;  // the 6 x bits of the first unit
    const std::uint32_t low_bits = c & 0x3FF;          // the 10 x bits of the second
    std::u16string units;
    units += static_cast<char16_t>(0xD800 | (wwww << 6) | high_bits);
    units += static_cast<char16_t>(0xDC00 | low_bits);
    return units;
}

/** One element of a decoding: a code point, or an unpaired surrogate (which
    the replace policy makes U+FFFD), with its offset in code units. */
struct element {
    std::size_t offset = 0;
    std::size_t length = 0;  ///< 1 or 2 code units
    std::optional<char32_t> code_point;  ///< empty: an unpaired surrogate
};

/** The WHATWG decoder, run over `units`. */
inline std::vector<element> decode(const std::u16string& units)
{
    std::vector<element> out;
    std::optional<char16_t> lead;
    std::size_t lead_offset = 0;
    for (std::size_t index = 0; index <= units.size(); ++index) {
        const bool at_end = index == units.size();
        const char16_t unit = at_end ? 0 : units[index];
        if (lead) {
            if (!at_end && unit >= 0xDC00 && unit <= 0xDFFF) {
                const char32_t value = 0x10000 + ((static_cast<char32_t>(*lead) - 0xD800) << 10) + (unit - 0xDC00);
                out.push_back({lead_offset, 2, value});
                lead.reset();
                continue;
            }
            out.push_back({lead_offset, 1, std::nullopt});
            lead.reset();
        }
        if (at_end) break;
        if (unit >= 0xD800 && unit <= 0xDBFF) {
            lead = unit;
            lead_offset = index;
        }
        else if (unit >= 0xDC00 && unit <= 0xDFFF) {
            out.push_back({index, 1, std::nullopt});
        }
        else {
            out.push_back({index, 1, static_cast<char32_t>(unit)});
        }
    }
    return out;
}

}  // namespace utf8view_test::reference16

#endif  // UTF8VIEW_TEST_SUPPORT_REFERENCE_UTF16_HPP
