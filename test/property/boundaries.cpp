// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.

// Properties of the boundary functions (doc/reference.md) on many
// pseudo-random byte strings (fixed seed): valid text, random bytes, bytes
// from the edges of Table 3-7's ranges, valid text with corruptions, and
// valid text cut inside a sequence; 0 to 64 bytes long.
//
// The oracle is the forward segmentation of views::decode with the replace
// policy: each element covers [base(), base() + code_unit_count()). The
// boundary functions are documented to cut "exactly as views::decode steps
// over" the bytes, and decode_view is checked on its own against the
// conformance vectors (conformance/decode_vectors.cpp) and by
// property/reverse_iteration.cpp. At every byte index of every input:
//
// - find_code_point_start(first, first + i) is the base() of the element
//   whose segment holds byte i;
// - floor_code_point_boundary(b, n) is the greatest element base() <= n
//   (the size for n >= size), ceil_code_point_boundary(b, n) the least
//   element base() >= n (or the size), is_code_point_boundary(b, n) holds
//   iff n is an element's base() or n >= size, truncate(b, n) is floor(b, n)
//   bytes long, and the suffix overload follows its documented three cases;
// - truncate_code_points(b, k) ends at the base() of element k (or the end);
// - trim_incomplete_tail(b) drops nothing, unless the last element is an
//   error of kind truncated_sequence: then exactly that element's bytes;
// - streaming: cut into chunks of 1 to 8 bytes, each chunk decoded after
//   the carried tail of the previous one, without its own incomplete tail,
//   and the last carry decoded at the end, gives exactly the elements
//   (values, error kinds, stream offsets) of decoding the whole input.
//
// The position checks run over std::string_view (random access) and
// std::list<char> (every index is reached by stepping). The archetypes
// (sentinels, no size) are covered by conformance/truncate_vectors.cpp and
// boundary.cpp.
//
// The inputs come from support/random_utf8.hpp, which says what each kind
// is; they are the same with every standard library (std::mt19937's raw
// output is specified by the standard, distributions are not).

#include <utf8view/boundary.hpp>
#define BOOST_TEST_MODULE property_boundaries
#include <boost/test/unit_test.hpp>

#include "support/print.hpp"
#include "support/random_utf8.hpp"

#include <utf8view/decode_view.hpp>

#include <algorithm>
#include <array>
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

constexpr std::size_t strings_per_kind = 400;
constexpr std::size_t splittings_per_input = 3;
constexpr std::uint32_t seed = 20260531;

using t::generated;
using t::size_of;

// ---------------------------------------------------------------------------
// Generating inputs.

// The inputs (support/random_utf8.hpp): the empty input, then
// strings_per_kind of each kind.
const std::vector<generated>& inputs()
{
    static const std::vector<generated> all = t::generate_inputs(
        seed, strings_per_kind, {t::valid_text, t::random_bytes, t::edge_bytes, t::corrupted_text, t::cut_text});
    return all;
}

// ---------------------------------------------------------------------------
// The oracle: the forward segmentation of views::decode (replace).

struct element {
    char32_t value = 0;
    int error = 0;  // 0, or the error_kind's value
    std::size_t offset = 0;  // base() - begin
    std::size_t length = 0;  // code_unit_count()

    friend bool operator==(const element&, const element&) = default;
};

std::ostream& operator<<(std::ostream& out, const element& e)
{
    out << "{U+" << std::hex << std::uppercase << static_cast<std::uint32_t>(e.value) << std::dec;
    if (e.error != 0) out << " " << static_cast<u8v::error_kind>(e.error);
    return out << " at " << e.offset << ", " << e.length << " bytes}";
}

std::vector<element> decode_elements(std::string_view bytes, std::size_t stream_offset = 0)
{
    std::vector<element> out;
    auto view = bytes | u8v::views::decode(u8v::on_error::replace);
    for (auto it = view.begin(); it != view.end(); ++it) {
        const std::optional<u8v::error_kind> error = it.error();
        out.push_back({*it, error ? static_cast<int>(*error) : 0,
                       stream_offset + static_cast<std::size_t>(it.base() - bytes.begin()), it.code_unit_count()});
    }
    return out;
}

// What the oracle says about one input, indexed by byte index.
struct expectations {
    std::vector<element> elements;
    std::vector<std::size_t> start_of;   // [i], i < size: the base() of the element holding byte i
    std::vector<bool> is_boundary;       // [n], n <= size
    std::vector<std::size_t> floor_of;   // [n], n <= size
    std::vector<std::size_t> ceil_of;    // [n], n <= size
    std::size_t trimmed_size = 0;        // what trim_incomplete_tail keeps
};

expectations expect(const std::string& bytes)
{
    expectations e;
    e.elements = decode_elements(bytes);
    const std::size_t size = bytes.size();
    e.start_of.assign(size, size);
    e.is_boundary.assign(size + 1, false);
    e.is_boundary[size] = true;
    for (const element& el : e.elements) {
        e.is_boundary[el.offset] = true;
        for (std::size_t k = 0; k < el.length; ++k) e.start_of[el.offset + k] = el.offset;
    }
    e.floor_of.assign(size + 1, 0);
    e.ceil_of.assign(size + 1, size);
    for (std::size_t n = 0; n <= size; ++n) e.floor_of[n] = e.is_boundary[n] ? n : e.floor_of[n - 1];
    for (std::size_t n = size + 1; n-- > 0;) e.ceil_of[n] = e.is_boundary[n] ? n : e.ceil_of[n + 1];
    e.trimmed_size = size;
    if (!e.elements.empty() && e.elements.back().error == static_cast<int>(u8v::error_kind::truncated_sequence))
        e.trimmed_size = e.elements.back().offset;
    return e;
}

struct checked_input {
    const generated* input;
    expectations expected;
};

const std::vector<checked_input>& checked_inputs()
{
    static const std::vector<checked_input> all = [] {
        std::vector<checked_input> out;
        for (const generated& g : inputs()) out.push_back({&g, expect(g.bytes)});
        return out;
    }();
    BOOST_TEST_REQUIRE(all.size() >= 5 * strings_per_kind);
    return all;
}

std::string describe(std::size_t index, const generated& g, std::string_view base)
{
    return t::describe_input(index, g, seed, base);
}

// Calls f(name, bytes, at) for each base: `bytes` an lvalue range over the
// input, `at` the iterators at byte indexes 0..size (at[size] the end, as
// an iterator).
template <class F>
void for_each_base(const std::string& input, F&& f)
{
    const auto iterators_of = [](auto& range) {
        std::vector<std::ranges::iterator_t<decltype(range)>> at;
        auto it = std::ranges::begin(range);
        for (; it != std::ranges::end(range); ++it) at.push_back(it);
        at.push_back(it);
        return at;
    };
    std::string_view view(input);
    f("std::string_view", view, iterators_of(view));
    std::list<char> list(input.begin(), input.end());
    f("std::list<char>", list, iterators_of(list));
}

// Runs check(bytes, at, expected, problem) over every input and base, one
// BOOST_TEST per run (Boost.Test is slow per assertion): `problem` gets the
// first mismatch, if any.
template <class Check>
void for_every_input_and_base(const Check& check)
{
    const auto& all = checked_inputs();
    for (std::size_t i = 0; i < all.size(); ++i)
        for_each_base(all[i].input->bytes, [&](std::string_view base, auto& bytes, const auto& at) {
            std::ostringstream problem;
            check(bytes, at, all[i].expected, problem);
            const std::string found = problem.str();
            // The message is built only on failure (describe() is not free).
            BOOST_TEST(found.empty(), (found.empty() ? std::string() : describe(i, *all[i].input, base))
                                          << ": " << found);
        });
}

}  // namespace

BOOST_AUTO_TEST_CASE(find_code_point_start_is_the_start_of_the_element_holding_the_byte)
{
    for_every_input_and_base([](auto&, const auto& at, const expectations& e, std::ostringstream& problem) {
        for (std::size_t i = 0; i < e.start_of.size() && problem.str().empty(); ++i) {
            const auto start = u8v::find_code_point_start(at.front(), at[i]);
            if (start != at[e.start_of[i]])
                problem << "find_code_point_start at byte " << i << ": expected byte " << e.start_of[i];
        }
    });
}

BOOST_AUTO_TEST_CASE(floor_is_the_greatest_boundary_at_or_below)
{
    for_every_input_and_base([](auto& bytes, const auto&, const expectations& e, std::ostringstream& problem) {
        const std::size_t size = e.floor_of.size() - 1;
        for (std::size_t n = 0; n <= size + 2 && problem.str().empty(); ++n) {
            const std::size_t expected = e.floor_of[std::min(n, size)];
            const std::size_t got = u8v::floor_code_point_boundary(bytes, n);
            if (got != expected) problem << "floor(" << n << ") = " << got << ", expected " << expected;
            // floor(n) <= n < the next boundary
            else if (n < size && !(got <= n && n < e.ceil_of[got + 1]))
                problem << "floor(" << n << ") = " << got << " is not the greatest boundary <= n";
        }
    });
}

BOOST_AUTO_TEST_CASE(ceil_is_the_least_boundary_at_or_above)
{
    for_every_input_and_base([](auto& bytes, const auto&, const expectations& e, std::ostringstream& problem) {
        const std::size_t size = e.ceil_of.size() - 1;
        for (std::size_t n = 0; n <= size + 2 && problem.str().empty(); ++n) {
            const std::size_t expected = e.ceil_of[std::min(n, size)];
            const std::size_t got = u8v::ceil_code_point_boundary(bytes, n);
            if (got != expected) problem << "ceil(" << n << ") = " << got << ", expected " << expected;
        }
    });
}

BOOST_AUTO_TEST_CASE(is_code_point_boundary_iff_an_element_starts_there_or_at_the_end)
{
    for_every_input_and_base([](auto& bytes, const auto&, const expectations& e, std::ostringstream& problem) {
        const std::size_t size = e.is_boundary.size() - 1;
        for (std::size_t n = 0; n <= size + 2 && problem.str().empty(); ++n) {
            const bool expected = n >= size || e.is_boundary[n];
            const bool got = u8v::is_code_point_boundary(bytes, n);
            if (got != expected) problem << "is_code_point_boundary(" << n << ") = " << got;
        }
    });
}

BOOST_AUTO_TEST_CASE(truncate_is_floor_bytes_long)
{
    for_every_input_and_base([](auto& bytes, const auto& at, const expectations& e, std::ostringstream& problem) {
        const std::size_t size = e.floor_of.size() - 1;
        for (std::size_t n = 0; n <= size + 2 && problem.str().empty(); ++n) {
            const auto prefix = u8v::truncate(bytes, n);
            const std::size_t expected = e.floor_of[std::min(n, size)];
            if (size_of(prefix) != expected)
                problem << "truncate(" << n << ") has " << size_of(prefix) << " bytes, expected " << expected;
            else if (std::ranges::begin(prefix) != at.front()) problem << "truncate(" << n << ") is not a prefix";
        }
    });
}

BOOST_AUTO_TEST_CASE(truncate_with_a_suffix_follows_its_three_cases)
{
    // From the doc comment: fits -> {all, false}; cut and the suffix fits ->
    // {floor(n - suffix size) bytes, true}; the suffix alone is longer than
    // n -> {floor(n) bytes, false}.
    for_every_input_and_base([](auto& bytes, const auto&, const expectations& e, std::ostringstream& problem) {
        const std::size_t size = e.floor_of.size() - 1;
        for (const std::string_view suffix : {std::string_view("\xE2\x80\xA6"), std::string_view("[...]")})
            for (std::size_t n = 0; n <= size + 1 && problem.str().empty(); ++n) {
                const auto result = u8v::truncate(bytes, n, suffix);
                std::size_t expected_size = size;
                bool expected_append = false;
                if (n < size && suffix.size() <= n) {
                    expected_size = e.floor_of[n - suffix.size()];
                    expected_append = true;
                }
                else if (n < size) {
                    expected_size = e.floor_of[n];
                }
                if (size_of(result.prefix) != expected_size || result.append_suffix != expected_append)
                    problem << "truncate(" << n << ", suffix of " << suffix.size() << " bytes) = {"
                            << size_of(result.prefix) << " bytes, " << result.append_suffix << "}, expected {"
                            << expected_size << " bytes, " << expected_append << "}";
            }
    });
}

BOOST_AUTO_TEST_CASE(truncate_code_points_ends_at_the_base_of_element_k)
{
    for_every_input_and_base([](auto& bytes, const auto&, const expectations& e, std::ostringstream& problem) {
        const std::size_t size = e.floor_of.size() - 1;
        for (std::size_t k = 0; k <= e.elements.size() + 1 && problem.str().empty(); ++k) {
            const std::size_t expected = k < e.elements.size() ? e.elements[k].offset : size;
            const std::size_t got = size_of(u8v::truncate_code_points(bytes, k));
            if (got != expected) problem << "truncate_code_points(" << k << ") = " << got << ", expected " << expected;
        }
    });
}

BOOST_AUTO_TEST_CASE(trim_incomplete_tail_drops_exactly_a_final_truncated_sequence)
{
    for_every_input_and_base([](auto& bytes, const auto& at, const expectations& e, std::ostringstream& problem) {
        const auto kept = u8v::trim_incomplete_tail(bytes);
        if (size_of(kept) != e.trimmed_size)
            problem << "trim_incomplete_tail kept " << size_of(kept) << " bytes, expected " << e.trimmed_size;
        else if (std::ranges::begin(kept) != at.front()) problem << "trim_incomplete_tail is not a prefix";
    });
}

BOOST_AUTO_TEST_CASE(inputs_cover_every_tail)
{
    // Guards the generator: trim must have dropped 1, 2 and 3 bytes, and
    // kept ill-formed tails of every other kind, often enough.
    std::array<std::size_t, 4> dropped{};
    std::set<int> kept_error_tails;
    for (const checked_input& c : checked_inputs()) {
        const std::size_t drop = c.input->bytes.size() - c.expected.trimmed_size;
        BOOST_TEST_REQUIRE(drop <= 3u);
        ++dropped[drop];
        if (drop == 0 && !c.expected.elements.empty() && c.expected.elements.back().error != 0)
            kept_error_tails.insert(c.expected.elements.back().error);
    }
    for (std::size_t drop = 1; drop <= 3; ++drop)
        BOOST_TEST(dropped[drop] >= 50u, "dropped " << drop << " bytes from only " << dropped[drop] << " inputs");
    for (const u8v::error_kind kind : {u8v::error_kind::unexpected_continuation_byte, u8v::error_kind::overlong,
                                       u8v::error_kind::out_of_range, u8v::error_kind::invalid_lead_byte})
        BOOST_TEST(kept_error_tails.contains(static_cast<int>(kind)), "no input ends with " << kind);
}

BOOST_AUTO_TEST_CASE(streaming_in_chunks_decodes_like_the_whole_input)
{
    t::random_source random(seed + 1);
    const auto& all = checked_inputs();
    std::size_t carried = 0;
    std::size_t checked = 0;
    for (std::size_t i = 0; i < all.size(); ++i) {
        const std::string& whole = all[i].input->bytes;
        for (std::size_t splitting = 0; splitting < splittings_per_input; ++splitting) {
            std::vector<element> streamed;
            std::string carry;
            std::size_t consumed = 0;  // stream offset of carry's first byte
            std::ostringstream problem;
            for (std::size_t pos = 0; pos < whole.size();) {
                const std::size_t chunk = std::min<std::size_t>(random.between(1, 8), whole.size() - pos);
                std::string buffer = carry + whole.substr(pos, chunk);
                pos += chunk;
                const std::string_view kept = u8v::trim_incomplete_tail(buffer);
                if (kept.data() != buffer.data() || kept.size() + 3 < buffer.size())
                    problem << "trim_incomplete_tail dropped more than 3 bytes, or is no prefix; ";
                const std::vector<element> part = decode_elements(kept, consumed);
                streamed.insert(streamed.end(), part.begin(), part.end());
                consumed += kept.size();
                carry = buffer.substr(kept.size());
                if (!carry.empty()) ++carried;
            }
            // The end of the stream: what is still carried is decoded as it is.
            const std::vector<element> rest = decode_elements(carry, consumed);
            streamed.insert(streamed.end(), rest.begin(), rest.end());
            if (!problem.str().empty() || streamed != all[i].expected.elements)
                BOOST_TEST_CONTEXT(describe(i, *all[i].input, "std::string, chunked") << ", splitting " << splitting)
                {
                    BOOST_TEST(problem.str().empty(), problem.str());
                    BOOST_TEST(streamed == all[i].expected.elements, tt::per_element());
                }
            ++checked;
        }
    }
    BOOST_TEST(checked == all.size() * splittings_per_input);
    BOOST_TEST(carried >= 1000u);  // tails were carried, so the property is not vacuous
}
