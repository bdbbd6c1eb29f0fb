// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.

// Properties of decode_view on many pseudo-random byte strings (fixed seed):
// valid text, random bytes, and valid text with corruptions (truncated
// sequences, stray continuation bytes, C0/C1/F5..FF, encoded surrogates,
// overlongs), 0 to 64 bytes long.
//
// - Backward iteration yields exactly the reverse of forward iteration:
//   values, error(), base() and code_unit_count() (README, doc/design.md:
//   One decoder).
// - Under replace, segments tile the input, and every byte that is not a
//   continuation byte (80..BF) starts one (doc/design.md: One decoder).
// - Replace and skip agree: skip is replace without the flagged elements, and
//   the number of U+FFFD from replace minus skip's is the number of errors.
// - Error kinds follow the table on `error_kind`; well-formed
//   segments have their Table 3-6 length; valid text decodes to the code
//   points it was made from.
//
// The inputs come from support/random_utf8.hpp, which says what each kind
// is; they are the same with every standard library (std::mt19937's raw
// output is specified by the standard, distributions are not).

#include <utf8view/decode_view.hpp>
#define BOOST_TEST_MODULE property_reverse_iteration
#include <boost/test/unit_test.hpp>

#include "support/error_kind_rule.hpp"
#include "support/print.hpp"
#include "support/random_utf8.hpp"
#include "support/test_iterators.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <list>
#include <optional>
#include <ranges>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace u8v = utf8view;
namespace t = utf8view_test;
namespace tt = boost::test_tools;

namespace {

constexpr std::size_t strings_per_kind = 1000;
constexpr std::uint32_t seed = 20260530;
constexpr char32_t fffd = 0xFFFD;

using t::generated;

// ---------------------------------------------------------------------------
// Generating inputs.

// The inputs (support/random_utf8.hpp): the empty input, then
// strings_per_kind of each kind.
const std::vector<generated>& inputs()
{
    static const std::vector<generated> all =
        t::generate_inputs(seed, strings_per_kind, {t::valid_text, t::random_bytes, t::edge_bytes, t::corrupted_text});
    return all;
}

// ---------------------------------------------------------------------------
// Observing the view.

struct observation {
    std::vector<char32_t> values;
    std::vector<int> errors;  // 0, or the error_kind's value
    std::vector<std::ptrdiff_t> offsets;
    std::vector<std::size_t> lengths;

    template <class It, class OffsetOf>
    void add(const It& it, const OffsetOf& offset_of)
    {
        values.push_back(*it);
        const std::optional<u8v::error_kind> error = it.error();
        errors.push_back(error ? static_cast<int>(*error) : 0);
        offsets.push_back(offset_of(it.base()));
        lengths.push_back(it.code_unit_count());
    }
    void reverse()
    {
        std::ranges::reverse(values);
        std::ranges::reverse(errors);
        std::ranges::reverse(offsets);
        std::ranges::reverse(lengths);
    }
};

struct both_ways {
    std::string base;
    observation forward;
    observation backward;  // reversed back into forward order
};

template <class View, class OffsetOf>
both_ways observe(std::string base, View view, const OffsetOf& offset_of, std::size_t limit)
{
    both_ways out;
    out.base = std::move(base);
    const auto first = view.begin();
    auto it = view.begin();
    for (; it != view.end() && out.forward.values.size() <= limit; ++it) out.forward.add(it, offset_of);
    auto back = std::ranges::next(view.begin(), view.end());
    while (back != first && out.backward.values.size() <= limit) {
        --back;
        out.backward.add(back, offset_of);
    }
    out.backward.reverse();
    return out;
}

// Observes `bytes` over each base with `policy`.
template <class Policy>
std::vector<both_ways> observe_all(const std::string& bytes, Policy policy)
{
    std::vector<both_ways> out;
    const char* const data = bytes.data();
    const char* const data_end = data + bytes.size();
    const std::size_t limit = bytes.size();

    out.push_back(observe(
        "std::string_view", std::string_view(bytes) | u8v::views::decode(policy),
        [data](const char* p) { return p - data; }, limit));
    std::list<char> list(bytes.begin(), bytes.end());
    out.push_back(observe(
        "std::list<char>", list | u8v::views::decode(policy),
        [&list](const std::list<char>::iterator& it) { return std::ranges::distance(list.begin(), it); }, limit));
    out.push_back(observe(
        "bidirectional archetype with sentinel",
        t::bidirectional_test_range<const char, false>(data, data_end) | u8v::views::decode(policy),
        [data](const auto& it) { return it.get() - data; }, limit));
    return out;
}

struct observed_input {
    const generated* input;
    std::vector<both_ways> replace;
    std::vector<both_ways> skip;
};

const std::vector<observed_input>& observed()
{
    static const std::vector<observed_input> all = [] {
        std::vector<observed_input> out;
        for (const generated& g : inputs())
            out.push_back(
                {&g, observe_all(g.bytes, u8v::on_error::replace), observe_all(g.bytes, u8v::on_error::skip)});
        return out;
    }();
    BOOST_TEST_REQUIRE(all.size() >= 4 * strings_per_kind);
    return all;
}

std::string describe(std::size_t index, const generated& g, std::string_view base)
{
    return t::describe_input(index, g, seed, base);
}

bool is_continuation(unsigned char byte)
{
    return byte >= 0x80 && byte <= 0xBF;
}

void check_backward_equals_forward(const both_ways& run)
{
    BOOST_TEST(run.backward.values == run.forward.values, tt::per_element());
    BOOST_TEST(run.backward.errors == run.forward.errors, tt::per_element());
    BOOST_TEST(run.backward.offsets == run.forward.offsets, tt::per_element());
    BOOST_TEST(run.backward.lengths == run.forward.lengths, tt::per_element());
}

}  // namespace

BOOST_AUTO_TEST_CASE(backward_equals_reversed_forward_under_replace)
{
    const auto& all = observed();
    for (std::size_t i = 0; i < all.size(); ++i)
        for (const both_ways& run : all[i].replace)
            BOOST_TEST_CONTEXT(describe(i, *all[i].input, run.base) << ", replace")
            {
                check_backward_equals_forward(run);
            }
}

BOOST_AUTO_TEST_CASE(backward_equals_reversed_forward_under_skip)
{
    const auto& all = observed();
    for (std::size_t i = 0; i < all.size(); ++i)
        for (const both_ways& run : all[i].skip) BOOST_TEST_CONTEXT(describe(i, *all[i].input, run.base) << ", skip")
            {
                check_backward_equals_forward(run);
            }
}

BOOST_AUTO_TEST_CASE(segments_tile_the_input_under_replace)
{
    const auto& all = observed();
    for (std::size_t i = 0; i < all.size(); ++i) {
        const std::string& bytes = all[i].input->bytes;
        for (const both_ways& run : all[i].replace) BOOST_TEST_CONTEXT(describe(i, *all[i].input, run.base))
            {
                const observation& o = run.forward;
                std::ptrdiff_t end = 0;
                bool tiles = true;
                for (std::size_t k = 0; k < o.offsets.size(); ++k) {
                    tiles = tiles && o.offsets[k] == end && o.lengths[k] >= 1 && o.lengths[k] <= 4;
                    end = o.offsets[k] + static_cast<std::ptrdiff_t>(o.lengths[k]);
                }
                BOOST_TEST(tiles);
                BOOST_TEST(end == static_cast<std::ptrdiff_t>(bytes.size()));
                BOOST_TEST(o.offsets.empty() == bytes.empty());
            }
    }
}

BOOST_AUTO_TEST_CASE(every_non_continuation_byte_starts_a_segment)
{
    const auto& all = observed();
    for (std::size_t i = 0; i < all.size(); ++i) {
        const std::string& bytes = all[i].input->bytes;
        for (const both_ways& run : all[i].replace) BOOST_TEST_CONTEXT(describe(i, *all[i].input, run.base))
            {
                // One check per input (Boost.Test is slow per assertion):
                // the first offending byte, if any, is in the message.
                std::ostringstream problem;
                const std::set<std::ptrdiff_t> starts(run.forward.offsets.begin(), run.forward.offsets.end());
                for (std::size_t k = 0; k < bytes.size() && problem.str().empty(); ++k)
                    if (!is_continuation(static_cast<unsigned char>(bytes[k])) &&
                        !starts.contains(static_cast<std::ptrdiff_t>(k)))
                        problem << "byte " << k << " is not a continuation byte but starts no segment";
                // Within a segment, every byte after the first is a
                // continuation byte.
                for (std::size_t k = 0; k < run.forward.offsets.size() && problem.str().empty(); ++k)
                    for (std::size_t j = 1; j < run.forward.lengths[k]; ++j) {
                        const auto at = static_cast<std::size_t>(run.forward.offsets[k]) + j;
                        if (at < bytes.size() && !is_continuation(static_cast<unsigned char>(bytes[at]))) {
                            problem << "segment " << k << " holds byte " << at << ", not a continuation byte";
                            break;
                        }
                    }
                BOOST_TEST(problem.str().empty(), problem.str());
            }
    }
}

BOOST_AUTO_TEST_CASE(segments_have_table_lengths_and_kinds)
{
    const auto& all = observed();
    for (std::size_t i = 0; i < all.size(); ++i) {
        const std::string& bytes = all[i].input->bytes;
        for (const both_ways& run : all[i].replace) BOOST_TEST_CONTEXT(describe(i, *all[i].input, run.base))
            {
                const observation& o = run.forward;
                std::ostringstream problem;
                for (std::size_t k = 0; k < o.values.size() && problem.str().empty(); ++k) {
                    const auto value = static_cast<std::uint32_t>(o.values[k]);
                    if (o.errors[k] == 0) {
                        if (o.lengths[k] != t::table_3_6_length(o.values[k]))
                            problem << "element " << k << ": " << o.lengths[k] << " bytes, Table 3-6 says "
                                    << t::table_3_6_length(o.values[k]);
                        else if ((value >= 0xD800 && value <= 0xDFFF) || value > 0x10FFFF)
                            problem << "element " << k << ": " << value << " is not a scalar value";
                        continue;
                    }
                    const auto offset = static_cast<std::size_t>(o.offsets[k]);
                    if (o.values[k] != fffd) problem << "error element " << k << " is not U+FFFD";
                    else if (o.lengths[k] < 1 || o.lengths[k] > 3)
                        problem << "error element " << k << " has " << o.lengths[k] << " bytes";
                    else if (offset >= bytes.size()) problem << "error element " << k << " starts past the end";
                    else if (o.errors[k] != static_cast<int>(t::expected_error_kind(bytes, offset)))
                        problem << "error element " << k << " at byte " << offset << ": kind "
                                << static_cast<u8v::error_kind>(o.errors[k]) << ", the error-kind table says "
                                << t::expected_error_kind(bytes, offset);
                }
                BOOST_TEST(problem.str().empty(), problem.str());
            }
    }
}

BOOST_AUTO_TEST_CASE(replace_and_skip_agree)
{
    const auto& all = observed();
    for (std::size_t i = 0; i < all.size(); ++i)
        for (std::size_t b = 0; b < all[i].replace.size(); ++b) {
            const observation& replace = all[i].replace[b].forward;
            const observation& skip = all[i].skip[b].forward;
            BOOST_TEST_CONTEXT(describe(i, *all[i].input, all[i].replace[b].base))
            {
                std::vector<char32_t> kept;
                std::vector<std::ptrdiff_t> kept_offsets;
                std::size_t errors = 0;
                for (std::size_t k = 0; k < replace.values.size(); ++k) {
                    if (replace.errors[k] != 0) {
                        ++errors;
                        continue;
                    }
                    kept.push_back(replace.values[k]);
                    kept_offsets.push_back(replace.offsets[k]);
                }
                BOOST_TEST(skip.values == kept, tt::per_element());
                BOOST_TEST(skip.offsets == kept_offsets, tt::per_element());
                // The vectors' rule (test/data/README.md): replace's U+FFFD
                // minus skip's is the number of maximal subparts.
                BOOST_TEST(static_cast<std::size_t>(std::ranges::count(replace.values, fffd) -
                                                    std::ranges::count(skip.values, fffd)) == errors);
                BOOST_TEST(std::ranges::count(skip.errors, 0) == static_cast<std::ptrdiff_t>(skip.errors.size()));
            }
        }
}

BOOST_AUTO_TEST_CASE(valid_text_decodes_to_its_code_points)
{
    const auto& all = observed();
    std::size_t checked = 0;
    for (std::size_t i = 0; i < all.size(); ++i) {
        const generated& g = *all[i].input;
        if (!g.code_points) continue;
        ++checked;
        const std::vector<char32_t> expected(g.code_points->begin(), g.code_points->end());
        for (const auto* runs : {&all[i].replace, &all[i].skip})
            for (const both_ways& run : *runs) BOOST_TEST_CONTEXT(describe(i, g, run.base))
                {
                    BOOST_TEST(run.forward.values == expected, tt::per_element());
                    BOOST_TEST(std::ranges::count(run.forward.errors, 0) ==
                               static_cast<std::ptrdiff_t>(run.forward.errors.size()));
                }
    }
    BOOST_TEST(checked >= strings_per_kind);
}

BOOST_AUTO_TEST_CASE(inputs_cover_every_error_kind)
{
    // Guards the generator: if it stopped producing some kind of error, the
    // properties above would be checked on less than they claim.
    std::set<int> kinds;
    for (const observed_input& o : observed())
        for (int error : o.replace.front().forward.errors) kinds.insert(error);
    for (const u8v::error_kind kind :
         {u8v::error_kind::truncated_sequence, u8v::error_kind::unexpected_continuation_byte, u8v::error_kind::overlong,
          u8v::error_kind::surrogate, u8v::error_kind::out_of_range, u8v::error_kind::invalid_lead_byte})
        BOOST_TEST(kinds.contains(static_cast<int>(kind)), "no input produced " << kind);
}
