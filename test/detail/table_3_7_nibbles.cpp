// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.

// detail/simd/table_3_7_nibbles.hpp is Unicode 15.0 ch. 3, Table 3-7 in
// the form the vector validation kernels look up: three tables indexed by a
// nibble (the previous byte's high and low nibble, the current byte's high
// nibble), whose AND flags an ill-formed pair of adjacent bytes, and two
// thresholds that mark the bytes 2 and 3 after a lead byte as bound to be
// continuation bytes. Each entry is checked here against what Table 3-7
// says, as the reference decoder (support/reference_utf8.hpp, written from
// the table and sharing no code with include/) transcribes it:
//   - for every pair of bytes (b1, b2), the classes the three lookups give
//     are empty exactly when b2 may follow b1 in well-formed UTF-8, except
//     for two continuation bytes, which get exactly the class
//     two_continuations (well-formed only as the third or fourth byte of a
//     sequence, which the thresholds decide);
//   - each class bit is set only for the pairs its comment names;
//   - the thresholds mark exactly the lead bytes of 3- and 4-byte rows, and
//     unfinished_at_end flags exactly a lead byte too close to the end of a
//     block for its row, and, in the last byte, the bytes that start no row.

#include <utf8view/detail/simd/table_3_7_nibbles.hpp>
#define BOOST_TEST_MODULE detail_table_3_7_nibbles
#include <boost/test/unit_test.hpp>

#include "support/reference_utf8.hpp"

#include <cstddef>

namespace lookup = utf8view::detail::simd::lookup;
namespace ref = utf8view_test::reference;

namespace {

bool is_continuation(unsigned byte)
{
    return byte >= 0x80 && byte <= 0xBF;
}

// The classes the kernels compute for the pair (previous, current).
unsigned classes_of(unsigned previous, unsigned current)
{
    return lookup::previous_high[previous >> 4] & lookup::previous_low[previous & 0xF] &
           lookup::current_high[current >> 4];
}

// Table 3-7: may `second` follow `first` in well-formed UTF-8, as the
// second byte of the row `first` starts, or as the first byte of the next
// sequence after a complete one? Two continuation bytes are left out: they
// depend on the bytes before `first`.
bool pair_allowed(unsigned first, unsigned second)
{
    const std::size_t length = ref::row_length(first);
    if (length == 0 && !is_continuation(first)) return false;  // C0, C1, F5..FF start nothing
    if (length >= 2) return ref::allowed_byte(first, 1).holds(second);
    // ASCII or a continuation byte (that ends a sequence here): the next
    // byte must start one.
    return !is_continuation(second);
}

unsigned saturating_subtract(unsigned byte, unsigned amount)
{
    return byte > amount ? byte - amount : 0;
}

}  // namespace

BOOST_AUTO_TEST_CASE(every_pair_of_bytes_is_flagged_as_table_3_7_says)
{
    std::size_t flagged = 0;
    for (unsigned first = 0; first < 256; ++first) {
        for (unsigned second = 0; second < 256; ++second) {
            const unsigned classes = classes_of(first, second);
            BOOST_TEST_CONTEXT("bytes " << std::hex << first << ' ' << second)
            {
                if (is_continuation(first) && is_continuation(second)) {
                    BOOST_TEST(classes == lookup::two_continuations);
                }
                else {
                    BOOST_TEST((classes == 0) == pair_allowed(first, second));
                    if (classes != 0) ++flagged;
                }
            }
        }
    }
    // Both answers occur (the loop cannot pass on tables that say one thing
    // everywhere): of the 65,536 pairs, 4,096 are two continuation bytes,
    // and the others split between flagged and allowed.
    BOOST_TEST(flagged > 0u);
    BOOST_TEST(flagged < 256u * 256u - 64u * 64u);
}

BOOST_AUTO_TEST_CASE(each_class_is_set_only_for_its_own_pairs)
{
    for (unsigned first = 0; first < 256; ++first) {
        for (unsigned second = 0; second < 256; ++second) {
            const unsigned classes = classes_of(first, second);
            const bool lead = first >= 0xC0;
            BOOST_TEST_CONTEXT("bytes " << std::hex << first << ' ' << second)
            {
                BOOST_TEST(((classes & lookup::too_short) != 0) == (lead && !is_continuation(second)));
                BOOST_TEST(((classes & lookup::too_long) != 0) == (first < 0x80 && is_continuation(second)));
                BOOST_TEST(((classes & lookup::overlong_2) != 0) ==
                           ((first == 0xC0 || first == 0xC1) && is_continuation(second)));
                BOOST_TEST(((classes & lookup::overlong_3) != 0) ==
                           (first == 0xE0 && second >= 0x80 && second <= 0x9F));
                BOOST_TEST(((classes & lookup::surrogate) != 0) == (first == 0xED && second >= 0xA0 && second <= 0xBF));
                BOOST_TEST(((classes & lookup::too_large) != 0) == (first >= 0xF4 && second >= 0x90 && second <= 0xBF));
                BOOST_TEST(((classes & lookup::f_then_8x) != 0) ==
                           ((first == 0xF0 || first >= 0xF5) && second >= 0x80 && second <= 0x8F));
            }
        }
    }
}

BOOST_AUTO_TEST_CASE(the_thresholds_mark_the_bytes_a_lead_binds)
{
    for (unsigned byte = 0; byte < 256; ++byte) {
        const std::size_t length = ref::row_length(byte);
        const bool starts_no_row = length == 0 && byte >= 0xC0;  // C0, C1, F5..FF
        BOOST_TEST_CONTEXT("byte " << std::hex << byte)
        {
            // The last byte of a block: a lead byte there needs bytes the
            // block does not have. When the next block is all ASCII the
            // kernels check nothing but this, so it must also flag the
            // bytes that start no row (ill-formed whatever follows).
            BOOST_TEST((saturating_subtract(byte, lookup::unfinished_at_end[15]) != 0) ==
                       (length > 1 || starts_no_row));
            // Further back, what follows such a byte is inside the block,
            // where the pair tables reject it: the rest may say anything
            // about them.
            if (starts_no_row) continue;
            // The byte two on must continue the sequence of a 3- or 4-byte
            // row, the byte three on that of a 4-byte row.
            BOOST_TEST((saturating_subtract(byte, lookup::third_byte_threshold) >= 0x80) == (length >= 3));
            BOOST_TEST((saturating_subtract(byte, lookup::fourth_byte_threshold) >= 0x80) == (length == 4));
            // A block that ends 2 or 3 bytes after this byte cuts the
            // sequence it starts if its row is longer.
            for (unsigned from_end = 2; from_end <= 3; ++from_end)
                BOOST_TEST((saturating_subtract(byte, lookup::unfinished_at_end[16 - from_end]) != 0) ==
                           (length > from_end));
        }
    }
    // Bytes further from the end never count as unfinished.
    for (unsigned position = 0; position < 13; ++position) BOOST_TEST(lookup::unfinished_at_end[position] == 0xFF);
}
