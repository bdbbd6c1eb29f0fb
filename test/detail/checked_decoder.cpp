// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.

// The checked decoders of detail/decode_step.hpp against the reference
// decoder (support/reference_utf8.hpp, written from Unicode 15.0 ch. 3,
// Table 3-7, sharing no code with include/), segment by segment: the length
// of the well-formed sequence or of the maximal subpart, the code point, and
// the error kind.
//   - decode_sequence_unbounded, which reads up to 4 bytes with no test
//     against an end, and decode_step_in_memory where 4 bytes are left (the
//     path that calls it): every lead byte 80..FF with every second byte,
//     and third and fourth bytes at the edges of the ranges Table 3-7 gives
//     them; then every third byte with each edge fourth byte;
//   - lead_byte_table, the table's rows as the decoders read them, row by
//     row: the length, the second byte's range, and for a byte that starts
//     no sequence the kind of the maximal subpart it is alone;
//   - second_byte_masks, the bit form of the table's second-byte ranges,
//     entry by entry.
// The exhaustive test (exhaustive/short_inputs.cpp) covers the paths that
// call these decoders through the public functions.

#include <utf8view/detail/decode_step.hpp>
#define BOOST_TEST_MODULE detail_checked_decoder
#include <boost/test/unit_test.hpp>

#include "support/reference_utf8.hpp"

#include <cstddef>
#include <cstdint>
#include <string>

namespace detail = utf8view::detail;
namespace ref = utf8view_test::reference;

namespace {

// The bytes next to each edge of Table 3-7's ranges, and the ends.
constexpr unsigned edges[] = {0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC2, 0xE0, 0xF4, 0xFF};

std::string hex(const unsigned char (&bytes)[4])
{
    static constexpr char digits[] = "0123456789ABCDEF";
    std::string text;
    for (const unsigned char byte : bytes) {
        if (!text.empty()) text += ' ';
        text += digits[byte >> 4];
        text += digits[byte & 0x0F];
    }
    return text;
}

// Counts the disagreements with the reference for the 4 bytes `bytes`,
// reporting the first few.
std::size_t mismatches = 0;

void check_bytes(const unsigned char (&bytes)[4])
{
    const ref::segment expected = ref::segment_at(bytes, 4, 0);
    const detail::segment unbounded = detail::decode_sequence_unbounded(bytes);
    const auto [in_memory, next] = detail::decode_step_in_memory(bytes, bytes + 4);
    for (const detail::segment& got : {unbounded, in_memory}) {
        const bool same =
            got.length == expected.length && got.well_formed() == expected.well_formed() &&
            (expected.well_formed() ? got.code_point == expected.code_point : got.kind() == *expected.error);
        if (!same && ++mismatches <= 10)
            BOOST_ERROR("bytes " << hex(bytes) << ": length " << int{got.length} << " (expected " << expected.length
                                 << "), error " << int{got.error} << " (expected "
                                 << (expected.error ? static_cast<int>(*expected.error) : 0) << ")");
    }
    if (next != bytes + in_memory.length) BOOST_ERROR("bytes " << hex(bytes) << ": next is not after the segment");
}

}  // namespace

BOOST_AUTO_TEST_CASE(every_lead_and_second_byte_with_edge_third_and_fourth_bytes)
{
    mismatches = 0;
    for (unsigned lead = 0x80; lead <= 0xFF; ++lead)
        for (unsigned second = 0; second <= 0xFF; ++second)
            for (const unsigned third : edges)
                for (const unsigned fourth : edges) {
                    const unsigned char bytes[4] = {
                        static_cast<unsigned char>(lead), static_cast<unsigned char>(second),
                        static_cast<unsigned char>(third), static_cast<unsigned char>(fourth)};
                    check_bytes(bytes);
                }
    BOOST_TEST(mismatches == 0u);
}

BOOST_AUTO_TEST_CASE(every_third_byte_after_each_lead_and_edge_second_byte)
{
    mismatches = 0;
    for (unsigned lead = 0x80; lead <= 0xFF; ++lead)
        for (const unsigned second : edges)
            for (unsigned third = 0; third <= 0xFF; ++third)
                for (const unsigned fourth : edges) {
                    const unsigned char bytes[4] = {
                        static_cast<unsigned char>(lead), static_cast<unsigned char>(second),
                        static_cast<unsigned char>(third), static_cast<unsigned char>(fourth)};
                    check_bytes(bytes);
                }
    BOOST_TEST(mismatches == 0u);
}

BOOST_AUTO_TEST_CASE(second_byte_masks_match_table_3_7)
{
    for (unsigned lead = 0xE0; lead <= 0xF4; ++lead)
        for (unsigned second = 0; second <= 0xFF; ++second) {
            const bool allowed = ref::allowed_byte(lead, 1).holds(second);
            const unsigned bit =
                lead < 0xF0 ? (detail::second_byte_masks.after_three_byte_lead[lead & 0x0F] >> (second >> 4)) & 1u
                            : (detail::second_byte_masks.after_four_byte_lead[second >> 4] >> (lead - 0xF0)) & 1u;
            BOOST_TEST((bit == 1) == allowed, "lead " << lead << ", second " << second);
        }
}

BOOST_AUTO_TEST_CASE(lead_byte_table_matches_table_3_7)
{
    for (unsigned lead = 0x80; lead <= 0xFF; ++lead) {
        const detail::lead_byte_row& row = detail::lead_byte_table[static_cast<unsigned char>(lead)];
        const std::size_t length = ref::row_length(lead);
        BOOST_TEST(std::size_t{row.length} == length, "lead " << lead);
        if (length != 0) {
            const ref::byte_range second = ref::allowed_byte(lead, 1);
            BOOST_TEST(unsigned{row.second_min} == second.low, "lead " << lead);
            BOOST_TEST(unsigned{row.second_min} + row.second_span == second.high, "lead " << lead);
            BOOST_TEST(row.error == 0, "lead " << lead);
        }
        else {
            BOOST_TEST(static_cast<int>(row.error) == static_cast<int>(ref::kind_of_subpart(lead, ref::no_byte)),
                       "lead " << lead);
        }
    }
}
