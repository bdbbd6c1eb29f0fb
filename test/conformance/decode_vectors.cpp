// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.

// Every row of test/data/decode_vectors.tsv, decoded with each error policy,
// forwards and backwards, over byte ranges of every category and code unit
// type. Expected values come from the file (see test/data/README.md) and
// from the Unicode Standard (Table 3-6 lengths; the error-kind table
// documented on `error_kind`, in support/error_kind_rule.hpp), never from
// utf8view.

#include <utf8view/decode_view.hpp>
#define BOOST_TEST_MODULE conformance_decode_vectors
#include <boost/test/unit_test.hpp>

// testdata.hpp before print.hpp: a local variable of testdata.hpp is named
// like print.hpp's utf8view_test::code_points, and -Wshadow objects the
// other way round.
#include "support/testdata.hpp"
#include "support/vector_files.hpp"
#include "support/error_kind_rule.hpp"
#include "support/print.hpp"
#include "support/table_3_6.hpp"
#include "support/test_iterators.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <list>
#include <optional>
#include <ranges>
#include <span>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace u8v = utf8view;
namespace t = utf8view_test;
namespace tt = boost::test_tools;

namespace {

using code_points = std::vector<char32_t>;

// At least this many rows must be read (the file has more; new rows are
// tested too). An empty or truncated file fails.
constexpr std::size_t minimum_rows = 500;

// A row of the file (support/vector_files.hpp).
using decode_case = t::decode_vector;

const std::vector<decode_case>& cases()
{
    static const std::vector<decode_case> all = t::read_decode_vectors();
    return all;
}

constexpr char32_t fffd = 0xFFFD;

std::size_t count_fffd(const code_points& values)
{
    return static_cast<std::size_t>(std::ranges::count(values, fffd));
}

code_points reversed(code_points values)
{
    std::ranges::reverse(values);
    return values;
}

// One element of a decode_view, as its iterator reports it.
struct element {
    char32_t value = 0;
    std::optional<u8v::error_kind> error;
    // Byte offset of the first byte of the element's segment. Over forward
    // ranges that is base(); over input ranges base() is documented to be
    // the position after the element, so the start is base() minus
    // code_unit_count().
    std::ptrdiff_t offset = 0;
    std::size_t length = 0;  // code_unit_count()
};
using observation = std::vector<element>;

code_points values_of(const observation& elements)
{
    code_points values;
    for (const element& e : elements) values.push_back(e.value);
    return values;
}

template <class It, class OffsetOf>
element element_at(const It& it, const OffsetOf& offset_of)
{
    element e;
    e.value = *it;
    e.error = it.error();
    e.length = it.code_unit_count();
    e.offset = offset_of(it.base());
    if constexpr (!std::forward_iterator<It>) e.offset -= static_cast<std::ptrdiff_t>(e.length);
    return e;
}

// Iterates `view` forwards. `limit` stops a runaway iteration (a decoder
// yields at most one element per byte).
template <class View, class OffsetOf>
observation observe_forward(View&& view, const OffsetOf& offset_of, std::size_t limit)
{
    observation out;
    auto it = view.begin();
    const auto last = view.end();
    for (; it != last && out.size() <= limit; ++it) out.push_back(element_at(it, offset_of));
    return out;
}

// Iterates `view` backwards from its end to its begin; the result is in
// backward order.
template <class View, class OffsetOf>
observation observe_backward(View&& view, const OffsetOf& offset_of, std::size_t limit)
{
    observation out;
    const auto first = view.begin();
    auto it = std::ranges::next(view.begin(), view.end());
    while (it != first && out.size() <= limit) {
        --it;
        out.push_back(element_at(it, offset_of));
    }
    return out;
}

struct throw_outcome {
    observation before;  // the elements yielded before the exception
    bool threw = false;
    u8v::error_kind kind{};
    std::size_t offset = 0;
};

template <class View, class OffsetOf>
throw_outcome observe_throw_forward(View&& view, const OffsetOf& offset_of, std::size_t limit)
{
    throw_outcome out;
    try {
        auto it = view.begin();
        const auto last = view.end();
        for (; it != last && out.before.size() <= limit; ++it) out.before.push_back(element_at(it, offset_of));
    }
    catch (const u8v::decode_error& e) {
        out.threw = true;
        out.kind = e.kind();
        out.offset = e.offset();
    }
    return out;
}

// Backwards over a common view, never calling begin() (which decodes the
// first element and would throw first): stops when base() is at byte 0.
template <class View, class OffsetOf>
throw_outcome observe_throw_backward(View&& view, const OffsetOf& offset_of, std::size_t limit)
{
    throw_outcome out;
    try {
        auto it = view.end();
        while (out.before.size() <= limit && offset_of(it.base()) != 0) {
            --it;
            out.before.push_back(element_at(it, offset_of));
        }
    }
    catch (const u8v::decode_error& e) {
        out.threw = true;
        out.kind = e.kind();
        out.offset = e.offset();
    }
    return out;
}

// Calls f(name, make, offset_of) for each byte range the vectors are
// decoded over: make() returns a fresh view of `bytes` (single-pass ranges
// can be begun once), offset_of(byte iterator) its offset from the start.
template <class F>
void for_each_base(const std::string& bytes, F&& f)
{
    const char* const data = bytes.data();
    const char* const data_end = data + bytes.size();
    const auto pointer_offset = [](const auto* first) {
        return [first](const auto& it) -> std::ptrdiff_t { return std::to_address(it) - first; };
    };
    const auto archetype_offset = [](const auto* first) {
        return [first](const auto& it) -> std::ptrdiff_t { return it.get() - first; };
    };

    // Contiguous ranges of each code unit type.
    f(
        "std::string_view", [&] { return std::string_view(bytes); }, pointer_offset(data));

    std::u8string u8(bytes.size(), u8'\0');
    std::ranges::transform(bytes, u8.begin(), [](char c) { return static_cast<char8_t>(c); });
    f(
        "std::u8string_view", [&] { return std::u8string_view(u8); }, pointer_offset(u8.data()));

    std::vector<std::byte> byte_vector(bytes.size());
    std::ranges::transform(bytes, byte_vector.begin(), [](char c) { return static_cast<std::byte>(c); });
    f(
        "std::vector<std::byte>", [&] { return std::views::all(byte_vector); }, pointer_offset(byte_vector.data()));

    std::vector<signed char> schar_vector(bytes.size());
    std::ranges::transform(bytes, schar_vector.begin(), [](char c) { return static_cast<signed char>(c); });
    f(
        "std::span<const signed char>", [&] { return std::span<const signed char>(schar_vector); },
        pointer_offset(schar_vector.data()));

    // Bidirectional, common and not.
    std::list<char> list(bytes.begin(), bytes.end());
    f(
        "std::list<char>", [&] { return std::views::all(list); },
        [&list](const std::list<char>::iterator& it) -> std::ptrdiff_t {
            return std::ranges::distance(list.begin(), it);
        });
    f(
        "bidirectional archetype with sentinel",
        [=] { return t::bidirectional_test_range<const char, false>(data, data_end); }, archetype_offset(data));

    // Random-access, not contiguous, with a sentinel, sized.
    f(
        "random-access archetype with sentinel, sized",
        [=] { return t::random_access_test_range<const char, false, true>(data, data_end); }, archetype_offset(data));

    // Forward, common and not (unsigned char: the code unit type not covered above).
    f(
        "forward archetype", [=] { return t::forward_test_range<const char>(data, data_end); }, archetype_offset(data));
    const auto* const udata = reinterpret_cast<const unsigned char*>(data);
    f(
        "forward archetype of unsigned char with sentinel",
        [=] { return t::forward_test_range<const unsigned char, false>(udata, udata + bytes.size()); },
        archetype_offset(udata));

    // Input (single pass): copyable with a sentinel, move-only. (Common
    // input ranges: std::istreambuf_iterator in concepts/range_concepts.cpp.)
    f(
        "input archetype with sentinel", [=] { return t::input_test_range<const char, false>(data, data_end); },
        archetype_offset(data));
    f(
        "move-only input archetype", [=] { return t::move_only_input_test_range<const char>(data, data_end); },
        archetype_offset(data));
}

std::string describe(const decode_case& row, std::string_view base)
{
    std::ostringstream out;
    out << "row " << row.id << " (line " << row.line << "), input [" << row.input_hex << "], first_invalid "
        << row.first_invalid << ", base " << base;
    return out.str();
}

// Checks that hold for every replace-policy observation, given in forward
// order (a backward observation is reversed first).
void check_replace_elements(const decode_case& row, const observation& got)
{
    BOOST_TEST(values_of(got) == row.replace, tt::per_element());

    // The elements flagged as errors are exactly the replacements: the others
    // are the skip column, and the flagged ones are U+FFFD (skip keeps only
    // literal U+FFFD, so the number of replacements is the difference).
    code_points unflagged;
    std::size_t flagged = 0;
    for (const element& e : got) {
        if (e.error) {
            ++flagged;
            BOOST_TEST(e.value == fffd);
        }
        else {
            unflagged.push_back(e.value);
        }
    }
    BOOST_TEST(unflagged == row.skip, tt::per_element());
    BOOST_TEST(flagged == count_fffd(row.replace) - count_fffd(row.skip));

    // Segments tile the input: the first starts at byte 0, each starts where
    // the previous ended, the last ends at the end.
    std::ptrdiff_t expected_offset = 0;
    for (std::size_t index = 0; index < got.size(); ++index) {
        const element& e = got[index];
        BOOST_TEST_CONTEXT("element " << index << " (U+" << std::hex << std::uppercase
                                      << static_cast<std::uint32_t>(e.value) << std::dec << ")")
        {
            BOOST_TEST(e.offset == expected_offset);
            if (e.error) {
                // A maximal subpart is a proper prefix of a well-formed
                // sequence: 1 to 3 bytes.
                BOOST_TEST(e.length >= 1u);
                BOOST_TEST(e.length <= 3u);
                if (e.offset >= 0 && static_cast<std::size_t>(e.offset) < row.input.size())
                    BOOST_TEST(*e.error == t::expected_error_kind(row.input, static_cast<std::size_t>(e.offset)));
            }
            else {
                BOOST_TEST(e.length == t::table_3_6_length(e.value));
            }
        }
        expected_offset = e.offset + static_cast<std::ptrdiff_t>(e.length);
    }
    BOOST_TEST(expected_offset == static_cast<std::ptrdiff_t>(row.input.size()));

    // The first flagged element is the first maximal subpart.
    const auto first_error = std::ranges::find_if(got, [](const element& e) { return e.error.has_value(); });
    if (row.first_invalid < 0) BOOST_TEST((first_error == got.end()));
    else if (first_error == got.end()) BOOST_ERROR("no element flagged as an error");
    else BOOST_TEST(first_error->offset == row.first_invalid);
}

// Checks for a skip-policy observation, in forward order.
void check_skip_elements(const decode_case& row, const observation& got)
{
    BOOST_TEST(values_of(got) == row.skip, tt::per_element());
    std::ptrdiff_t previous_end = 0;
    for (std::size_t index = 0; index < got.size(); ++index) {
        const element& e = got[index];
        BOOST_TEST_CONTEXT("element " << index << " (U+" << std::hex << std::uppercase
                                      << static_cast<std::uint32_t>(e.value) << std::dec << ")")
        {
            BOOST_TEST(!e.error.has_value());  // skip yields no replacement
            BOOST_TEST(e.length == t::table_3_6_length(e.value));
            BOOST_TEST(e.offset >= previous_end);  // in order, never overlapping
        }
        previous_end = e.offset + static_cast<std::ptrdiff_t>(e.length);
    }
    BOOST_TEST(previous_end <= static_cast<std::ptrdiff_t>(row.input.size()));
}

std::size_t table_3_6_bytes(const observation& elements)
{
    std::size_t bytes = 0;
    for (const element& e : elements) bytes += t::table_3_6_length(e.value);
    return bytes;
}

void check_throw_forward(const decode_case& row, const throw_outcome& got)
{
    const code_points before = values_of(got.before);
    if (row.first_invalid < 0) {
        BOOST_TEST(!got.threw);
        BOOST_TEST(before == row.replace, tt::per_element());
        return;
    }
    BOOST_TEST(got.threw);
    if (!got.threw) return;
    BOOST_TEST(got.offset == static_cast<std::size_t>(row.first_invalid));
    BOOST_TEST(got.kind == t::expected_error_kind(row.input, static_cast<std::size_t>(row.first_invalid)));
    // What was yielded is the decoding of input[0:first_invalid]: a prefix of
    // the replace column (which decodes the same well-formed bytes first)
    // whose UTF-8 form (Table 3-6) is exactly first_invalid bytes long.
    BOOST_TEST(before.size() <= row.replace.size());
    if (!(before.size() <= row.replace.size())) return;
    const code_points expected_prefix(row.replace.begin(),
                                      row.replace.begin() + static_cast<std::ptrdiff_t>(before.size()));
    BOOST_TEST(before == expected_prefix, tt::per_element());
    BOOST_TEST(table_3_6_bytes(got.before) == static_cast<std::size_t>(row.first_invalid));
    for (const element& e : got.before) BOOST_TEST(!e.error.has_value());
}

void check_throw_backward(const decode_case& row, const throw_outcome& got)
{
    const code_points before = values_of(got.before);  // in backward order
    if (row.first_invalid < 0) {
        BOOST_TEST(!got.threw);
        BOOST_TEST(before == reversed(row.replace), tt::per_element());
        return;
    }
    BOOST_TEST(got.threw);
    if (!got.threw) return;
    // Backwards, the first error met is the last maximal subpart: what was
    // yielded is the decoding of the well-formed bytes after it, a suffix of
    // the replace column, preceded there by the U+FFFD of that subpart.
    BOOST_TEST(got.offset >= static_cast<std::size_t>(row.first_invalid));
    BOOST_TEST(got.offset < row.input.size());
    if (!(got.offset < row.input.size())) return;
    BOOST_TEST(got.kind == t::expected_error_kind(row.input, got.offset));
    BOOST_TEST(before.size() < row.replace.size());
    if (!(before.size() < row.replace.size())) return;
    const code_points expected_suffix(row.replace.rbegin(),
                                      row.replace.rbegin() + static_cast<std::ptrdiff_t>(before.size()));
    BOOST_TEST(before == expected_suffix, tt::per_element());
    BOOST_TEST(row.replace[row.replace.size() - before.size() - 1] == fffd);
    // Between the offset and the well-formed suffix lies the maximal subpart
    // itself: 1 to 3 bytes.
    const std::size_t suffix_bytes = table_3_6_bytes(got.before);
    BOOST_TEST(suffix_bytes < row.input.size() - got.offset);
    if (!(suffix_bytes < row.input.size() - got.offset)) return;
    BOOST_TEST(row.input.size() - got.offset - suffix_bytes <= 3u);
    // With a single maximal subpart, last and first are the same.
    if (count_fffd(row.replace) - count_fffd(row.skip) == 1)
        BOOST_TEST(got.offset == static_cast<std::size_t>(row.first_invalid));
}

// Everything observed over one base, for each policy and direction.
// Collected in one pass per row (one instantiation per base type keeps the
// file quick to compile), then checked by the test cases below.
struct base_run {
    std::string base;
    observation replace_forward;
    observation default_forward;  // views::decode with no policy
    observation skip_forward;
    throw_outcome throw_forward;
    std::optional<observation> replace_backward;  // bidirectional bases
    std::optional<observation> skip_backward;
    std::optional<throw_outcome> throw_backward;  // common bidirectional bases
};

std::vector<base_run> run_all_bases(const decode_case& row)
{
    std::vector<base_run> runs;
    const std::size_t limit = row.input.size();
    for_each_base(row.input, [&](std::string_view base, auto make, const auto& offset_of) {
        base_run run;
        run.base = base;
        run.replace_forward = observe_forward(u8v::views::decode(make(), u8v::on_error::replace), offset_of, limit);
        run.default_forward = observe_forward(make() | u8v::views::decode, offset_of, limit);
        run.skip_forward = observe_forward(u8v::views::decode(make(), u8v::on_error::skip), offset_of, limit);
        run.throw_forward =
            observe_throw_forward(u8v::views::decode(make(), u8v::on_error::throw_exception), offset_of, limit);
        if constexpr (std::ranges::bidirectional_range<decltype(make())>) {
            run.replace_backward =
                observe_backward(u8v::views::decode(make(), u8v::on_error::replace), offset_of, limit);
            run.skip_backward = observe_backward(u8v::views::decode(make(), u8v::on_error::skip), offset_of, limit);
            using view = decltype(u8v::views::decode(make(), u8v::on_error::throw_exception));
            if constexpr (std::ranges::common_range<view>)
                run.throw_backward = observe_throw_backward(u8v::views::decode(make(), u8v::on_error::throw_exception),
                                                            offset_of, limit);
        }
        runs.push_back(std::move(run));
    });
    return runs;
}

struct row_runs {
    const decode_case* row;
    std::vector<base_run> runs;
};

const std::vector<row_runs>& all_runs()
{
    static const std::vector<row_runs> all = [] {
        std::vector<row_runs> result;
        for (const decode_case& row : cases()) result.push_back({&row, run_all_bases(row)});
        return result;
    }();
    BOOST_TEST_REQUIRE(all.size() >= minimum_rows);
    return all;
}

}  // namespace

BOOST_AUTO_TEST_CASE(vectors_are_read)
{
    const std::vector<decode_case>& all = cases();
    BOOST_TEST_REQUIRE(all.size() >= minimum_rows);
    // Both kinds of rows are present (README: rows with and without errors).
    BOOST_TEST(std::ranges::count_if(all, [](const decode_case& c) { return c.first_invalid < 0; }) > 0);
    BOOST_TEST(std::ranges::count_if(all, [](const decode_case& c) { return c.first_invalid >= 0; }) > 0);
}

BOOST_AUTO_TEST_CASE(replace_matches_every_vector_forwards)
{
    for (const row_runs& r : all_runs())
        for (const base_run& run : r.runs) BOOST_TEST_CONTEXT(describe(*r.row, run.base))
            {
                check_replace_elements(*r.row, run.replace_forward);
            }
}

BOOST_AUTO_TEST_CASE(default_policy_is_replace_on_every_vector)
{
    for (const row_runs& r : all_runs())
        for (const base_run& run : r.runs) BOOST_TEST_CONTEXT(describe(*r.row, run.base) << ", no policy given")
            {
                check_replace_elements(*r.row, run.default_forward);
            }
}

BOOST_AUTO_TEST_CASE(replace_matches_every_vector_backwards)
{
    std::size_t checked = 0;
    for (const row_runs& r : all_runs())
        for (const base_run& run : r.runs)
            if (run.replace_backward) BOOST_TEST_CONTEXT(describe(*r.row, run.base) << ", backwards")
                {
                    ++checked;
                    const observation& backwards = *run.replace_backward;
                    BOOST_TEST(values_of(backwards) == reversed(r.row->replace), tt::per_element());
                    check_replace_elements(*r.row, observation(backwards.rbegin(), backwards.rend()));
                }
    BOOST_TEST(checked >= minimum_rows);
}

BOOST_AUTO_TEST_CASE(skip_matches_every_vector_forwards)
{
    for (const row_runs& r : all_runs())
        for (const base_run& run : r.runs) BOOST_TEST_CONTEXT(describe(*r.row, run.base))
            {
                check_skip_elements(*r.row, run.skip_forward);
            }
}

BOOST_AUTO_TEST_CASE(skip_matches_every_vector_backwards)
{
    std::size_t checked = 0;
    for (const row_runs& r : all_runs())
        for (const base_run& run : r.runs)
            if (run.skip_backward) BOOST_TEST_CONTEXT(describe(*r.row, run.base) << ", backwards")
                {
                    ++checked;
                    const observation& backwards = *run.skip_backward;
                    BOOST_TEST(values_of(backwards) == reversed(r.row->skip), tt::per_element());
                    check_skip_elements(*r.row, observation(backwards.rbegin(), backwards.rend()));
                }
    BOOST_TEST(checked >= minimum_rows);
}

BOOST_AUTO_TEST_CASE(throw_stops_at_first_invalid_forwards)
{
    for (const row_runs& r : all_runs())
        for (const base_run& run : r.runs) BOOST_TEST_CONTEXT(describe(*r.row, run.base))
            {
                check_throw_forward(*r.row, run.throw_forward);
            }
}

BOOST_AUTO_TEST_CASE(throw_stops_at_last_invalid_backwards)
{
    std::size_t checked = 0;
    for (const row_runs& r : all_runs())
        for (const base_run& run : r.runs)
            if (run.throw_backward) BOOST_TEST_CONTEXT(describe(*r.row, run.base) << ", backwards")
                {
                    ++checked;
                    check_throw_backward(*r.row, *run.throw_backward);
                }
    BOOST_TEST(checked >= minimum_rows);
}
