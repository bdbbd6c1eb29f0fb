// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.

// Random walks over views::encode: from the beginning and from the end,
// with ++ and -- in random order, every position gives the byte, the
// error kind and the base() that the tests' own transcription of Unicode
// 15.0 ch. 3, Table 3-6 (support/random_utf8.hpp) says, and iterators that reach one
// position by different paths compare equal. The inputs mix scalar values
// of every length (D76) with surrogates (D71) and values above U+10FFFF,
// which the replace policy turns into U+FFFD (EF BF BD) and the skip policy
// drops; over std::vector (contiguous) and std::list (bidirectional only).

#include <utf8view/encode_view.hpp>
#define BOOST_TEST_MODULE property_encode_walks
#include <boost/test/unit_test.hpp>

#include "support/random_utf8.hpp"

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <list>
#include <optional>
#include <ranges>
#include <sstream>
#include <string>
#include <vector>

namespace u8v = utf8view;
namespace t = utf8view_test;

namespace {

constexpr std::uint32_t seed = 20261201;
constexpr int input_count = 400;
constexpr int walks_per_input = 6;

// One code unit of the expected encoding: its value, the error kind of the
// value it encodes (nullopt for a scalar value), and the index of that
// value in the input (what base() designates).
struct expected_unit {
    unsigned char byte;
    std::optional<u8v::error_kind> error;
    std::size_t owner;
};

// D71 (surrogates) and D76 (scalar values: 0..D7FF, E000..10FFFF).
std::optional<u8v::error_kind> error_of(char32_t c)
{
    if (c >= 0xD800 && c <= 0xDFFF) return u8v::error_kind::surrogate;
    if (c > 0x10FFFF) return u8v::error_kind::out_of_range;
    return std::nullopt;
}

// The expected code units under replace (skip = false) or skip.
std::vector<expected_unit> expected_units(const std::vector<char32_t>& values, bool skip)
{
    std::vector<expected_unit> out;
    for (std::size_t i = 0; i < values.size(); ++i) {
        const std::optional<u8v::error_kind> error = error_of(values[i]);
        if (error && skip) continue;
        for (char byte : t::encode_by_table_3_6(error ? U'\uFFFD' : values[i]))
            out.push_back({static_cast<unsigned char>(byte), error, i});
    }
    return out;
}

// Values of every UTF-8 length and the two kinds of non-scalar values.
std::vector<char32_t> random_values(t::random_source& random)
{
    std::vector<char32_t> values(random.below(24));
    for (char32_t& value : values) {
        switch (random.below(7)) {
        case 0: value = static_cast<char32_t>(random.below(0x80)); break;
        case 1: value = static_cast<char32_t>(0x80 + random.below(0x800 - 0x80)); break;
        case 2: value = static_cast<char32_t>(0x800 + random.below(0xD800 - 0x800)); break;
        case 3: value = static_cast<char32_t>(0xE000 + random.below(0x10000 - 0xE000)); break;
        case 4: value = static_cast<char32_t>(0x10000 + random.below(0x110000 - 0x10000)); break;
        case 5: value = static_cast<char32_t>(0xD800 + random.below(0x800)); break;
        default: value = static_cast<char32_t>(0x110000 + random.below(0x1000000)); break;
        }
    }
    return values;
}

std::string describe(const std::vector<char32_t>& values)
{
    std::ostringstream out;
    out << std::hex << std::uppercase;
    for (char32_t value : values) out << " " << static_cast<std::uint32_t>(value);
    return out.str();
}

// Walks `view` at random and checks every position against `expected`.
// `input` is the range the view encodes (for base()).
template <class View, class Input>
void check_walks(View&& view, const Input& input, const std::vector<expected_unit>& expected, t::random_source& random)
{
    const auto first = view.begin();
    const auto last = view.end();
    BOOST_TEST(static_cast<std::size_t>(std::ranges::distance(first, last)) == expected.size());
    const auto check_at = [&](const auto& it, std::size_t position) {
        BOOST_TEST_CONTEXT("position " << position)
        {
            BOOST_TEST((it == std::ranges::next(first, static_cast<std::ptrdiff_t>(position))));
            if (position == expected.size()) {
                BOOST_TEST((it == last));
                return;
            }
            BOOST_TEST((it != last));
            BOOST_TEST(static_cast<unsigned>(static_cast<unsigned char>(*it)) == expected[position].byte);
            BOOST_TEST((it.error() == expected[position].error));
            BOOST_TEST(static_cast<std::size_t>(std::ranges::distance(input.begin(), it.base())) ==
                       expected[position].owner);
        }
    };
    for (int walk = 0; walk < walks_per_input; ++walk) {
        // Half the walks start at the end.
        const bool from_end = walk % 2 == 1;
        auto it = from_end ? last : first;
        std::size_t position = from_end ? expected.size() : 0;
        check_at(it, position);
        for (int step = 0; step < 60; ++step) {
            const bool forward = position == 0 || (position < expected.size() && random.below(2) == 0);
            if (position == 0 && expected.empty()) break;
            if (forward) {
                ++it;
                ++position;
            }
            else {
                --it;
                --position;
            }
            check_at(it, position);
        }
    }
}

template <class Input>
void check_input(const std::vector<char32_t>& values, t::random_source& random)
{
    const Input input(values.begin(), values.end());
    BOOST_TEST_CONTEXT("replace policy")
    {
        check_walks(input | u8v::views::encode, input, expected_units(values, false), random);
    }
    BOOST_TEST_CONTEXT("skip policy")
    {
        check_walks(input | u8v::views::encode(u8v::on_error::skip), input, expected_units(values, true), random);
    }
}

}  // namespace

BOOST_AUTO_TEST_CASE(random_walks_over_a_vector_match_table_3_6)
{
    t::random_source random(seed);
    for (int index = 0; index < input_count; ++index) {
        const std::vector<char32_t> values = random_values(random);
        BOOST_TEST_CONTEXT("input " << index << ":" << describe(values))
        {
            check_input<std::vector<char32_t>>(values, random);
        }
    }
}

BOOST_AUTO_TEST_CASE(random_walks_over_a_list_match_table_3_6)
{
    t::random_source random(seed + 1);
    for (int index = 0; index < input_count; ++index) {
        const std::vector<char32_t> values = random_values(random);
        BOOST_TEST_CONTEXT("input " << index << ":" << describe(values))
        {
            check_input<std::list<char32_t>>(values, random);
        }
    }
}
