// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.

// Every row of test/data/encode_vectors.tsv, encoded with each error policy,
// forwards and backwards, as char8_t (views::encode) and as char
// (views::encode_as<char>), over code point ranges of several element types
// and categories. Expected values come from the file and from the Unicode
// Standard: D76 (a scalar value is 0..D7FF or E000..10FFFF; negative numbers
// are not code points at all) and Table 3-6 (the length of each UTF-8 form),
// never from utf8view.

#include <utf8view/encode_view.hpp>
#define BOOST_TEST_MODULE conformance_encode_vectors
#include <boost/test/unit_test.hpp>

// testdata.hpp before print.hpp (see decode_vectors.cpp: -Wshadow).
#include "support/testdata.hpp"
#include "support/vector_files.hpp"
#include "support/print.hpp"
#include "support/table_3_6.hpp"
#include "support/test_iterators.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <limits>
#include <list>
#include <optional>
#include <ranges>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace u8v = utf8view;
namespace t = utf8view_test;
namespace tt = boost::test_tools;

namespace {

// At least this many rows must be read from the file (it has more).
constexpr std::size_t minimum_rows = 40;

using bytes_t = std::vector<unsigned char>;

// A row of the file (support/vector_files.hpp), or one of extra_cases().
using encode_case = t::encode_vector;

const std::vector<encode_case>& file_cases()
{
    static const std::vector<encode_case> rows = t::read_encode_vectors();
    return rows;
}

// Values no row of the file can hold: negative numbers and values wider than
// 32 bits. Unicode 15.0 D9/D10: code points are the integers 0..10FFFF, so
// none of these is a code point, let alone a scalar value (D76); each is
// out_of_range (error_kind's documentation: "or negative"). A wide value must
// not be truncated into range (2^32 + 0x41 is not 'A'; -(2^32) + 0xD800 is
// not a surrogate). The expected bytes: 'A' = 41, 'B' = 42 (Table 3-6, one
// byte), U+FFFD = EF BF BD (the replacement the README specifies).
std::vector<encode_case> extra_cases()
{
    const auto make = [](std::string id, std::vector<std::int64_t> values, std::string replace, std::string skip) {
        encode_case c;
        c.id = std::move(id);
        std::ostringstream text;
        for (std::int64_t v : values) text << v << ' ';
        c.values_text = text.str();
        c.values = std::move(values);
        c.replace = t::parse_hex_unsigned_bytes(replace);
        c.skip = t::parse_hex_unsigned_bytes(skip);
        c.throw_is_error = true;
        return c;
    };
    constexpr std::int64_t two_to_32 = std::int64_t{1} << 32;
    return {
        make("negative -1", {-1}, "EF BF BD", "-"),
        make("negative -1 between letters", {0x41, -1, 0x42}, "41 EF BF BD 42", "41 42"),
        make("INT32_MIN", {std::numeric_limits<std::int32_t>::min()}, "EF BF BD", "-"),
        make("INT64_MIN", {std::numeric_limits<std::int64_t>::min()}, "EF BF BD", "-"),
        make("negative that truncates to D800", {0xD800 - two_to_32}, "EF BF BD", "-"),
        make("2^32 + 0x41", {0x41, two_to_32 + 0x41}, "41 EF BF BD", "41"),
        make("2^32 + 0x10000", {two_to_32 + 0x10000}, "EF BF BD", "-"),
    };
}

// Unicode 15.0 D76 and D9/D10, with the documented error kinds.
enum class validity { scalar_value, surrogate, out_of_range };
validity classify(std::int64_t value)
{
    if (value < 0) return validity::out_of_range;       // not an integer of the codespace
    if (value > 0x10FFFF) return validity::out_of_range;  // above the codespace
    if (value >= 0xD800 && value <= 0xDFFF) return validity::surrogate;
    return validity::scalar_value;
}
u8v::error_kind kind_of(validity v)
{
    return v == validity::surrogate ? u8v::error_kind::surrogate : u8v::error_kind::out_of_range;
}

constexpr std::size_t replacement_length = 3;  // EF BF BD

// One code unit of an encode_view, as its iterator reports it.
struct unit {
    unsigned char byte = 0;
    std::optional<u8v::error_kind> error;
    // Index of the code point whose encoding holds the unit: base() over
    // forward ranges; over input ranges base() is documented to be the
    // position after that code point, so one less.
    std::ptrdiff_t offset = 0;
};
using observation = std::vector<unit>;

bytes_t bytes_of(const observation& units)
{
    bytes_t out;
    for (const unit& u : units) out.push_back(u.byte);
    return out;
}

template <class It, class OffsetOf>
unit unit_at(const It& it, const OffsetOf& offset_of)
{
    unit u;
    u.byte = static_cast<unsigned char>(*it);
    u.error = it.error();
    u.offset = offset_of(it.base());
    if constexpr (!std::forward_iterator<It>) u.offset -= 1;
    return u;
}

template <class View, class OffsetOf>
observation observe_forward(View&& view, const OffsetOf& offset_of, std::size_t limit)
{
    observation out;
    auto it = view.begin();
    const auto last = view.end();
    for (; it != last && out.size() <= limit; ++it) out.push_back(unit_at(it, offset_of));
    return out;
}

// Backwards from end to begin; the result is in backward order.
template <class View, class OffsetOf>
observation observe_backward(View&& view, const OffsetOf& offset_of, std::size_t limit)
{
    observation out;
    const auto first = view.begin();
    auto it = std::ranges::next(view.begin(), view.end());
    while (it != first && out.size() <= limit) {
        --it;
        out.push_back(unit_at(it, offset_of));
    }
    return out;
}

struct throw_outcome {
    observation before;
    bool threw = false;
    u8v::error_kind kind{};
    std::size_t offset = 0;
    std::int64_t value = 0;
};

template <class View, class OffsetOf>
throw_outcome observe_throw_forward(View&& view, const OffsetOf& offset_of, std::size_t limit)
{
    throw_outcome out;
    try {
        auto it = view.begin();
        const auto last = view.end();
        for (; it != last && out.before.size() <= limit; ++it) out.before.push_back(unit_at(it, offset_of));
    }
    catch (const u8v::encode_error& e) {
        out.threw = true;
        out.kind = e.kind();
        out.offset = e.offset();
        out.value = e.value();
    }
    return out;
}

// Backwards over a common view, at most `steps` decrements, never calling
// begin() (it encodes the first code point and would throw first). The
// caller knows from the data how many decrements stay within the range.
template <class View, class OffsetOf>
throw_outcome observe_throw_backward(View&& view, const OffsetOf& offset_of, std::size_t steps)
{
    throw_outcome out;
    try {
        auto it = view.end();
        for (std::size_t step = 0; step < steps; ++step) {
            --it;
            out.before.push_back(unit_at(it, offset_of));
        }
    }
    catch (const u8v::encode_error& e) {
        out.threw = true;
        out.kind = e.kind();
        out.offset = e.offset();
        out.value = e.value();
    }
    return out;
}

// First and last value that is not a scalar value (D76).
std::optional<std::size_t> first_invalid(const encode_case& row)
{
    for (std::size_t i = 0; i < row.values.size(); ++i)
        if (classify(row.values[i]) != validity::scalar_value) return i;
    return std::nullopt;
}
std::optional<std::size_t> last_invalid(const encode_case& row)
{
    for (std::size_t i = row.values.size(); i-- > 0;)
        if (classify(row.values[i]) != validity::scalar_value) return i;
    return std::nullopt;
}

std::size_t encoded_length(const encode_case& row, std::size_t from, std::size_t to)
{
    std::size_t length = 0;
    for (std::size_t i = from; i < to; ++i) length += t::table_3_6_length(row.values[i]);
    return length;
}

template <class T>
bool fits(std::int64_t value)
{
    if constexpr (std::is_signed_v<T>)
        return value >= static_cast<std::int64_t>(std::numeric_limits<T>::min()) &&
               value <= static_cast<std::int64_t>(std::numeric_limits<T>::max());
    else
        return value >= 0 &&
               static_cast<std::uint64_t>(value) <= static_cast<std::uint64_t>(std::numeric_limits<T>::max());
}

template <class T>
std::optional<std::vector<T>> converted(const std::vector<std::int64_t>& values)
{
    std::vector<T> out;
    for (std::int64_t v : values) {
        if (!fits<T>(v)) return std::nullopt;
        out.push_back(static_cast<T>(v));
    }
    return out;
}

// Calls f(name, make, offset_of) for each code point range the values can be
// held in exactly (a base whose element type cannot hold a value is left out
// for that row).
template <class F>
void for_each_base(const std::vector<std::int64_t>& values, F&& f)
{
    const auto pointer_offset = [](const auto* first) {
        return [first](const auto& it) -> std::ptrdiff_t { return std::to_address(it) - first; };
    };
    const auto archetype_offset = [](const auto* first) {
        return [first](const auto& it) -> std::ptrdiff_t { return it.get() - first; };
    };

    if (const auto u32 = converted<char32_t>(values)) {
        const std::u32string text(u32->begin(), u32->end());
        f(
            "std::u32string_view", [&] { return std::u32string_view(text); }, pointer_offset(text.data()));

        const std::list<char32_t> list(u32->begin(), u32->end());
        f(
            "std::list<char32_t>", [&] { return std::views::all(list); },
            [&list](const std::list<char32_t>::const_iterator& it) -> std::ptrdiff_t {
                return std::ranges::distance(list.begin(), it);
            });

        const char32_t* const data = u32->data();
        const char32_t* const data_end = data + u32->size();
        f(
            "input archetype of char32_t with sentinel",
            [=] { return t::input_test_range<const char32_t, false>(data, data_end); }, archetype_offset(data));
        f(
            "move-only input archetype of char32_t",
            [=] { return t::move_only_input_test_range<const char32_t>(data, data_end); }, archetype_offset(data));
    }
    if (const auto uint32 = converted<std::uint32_t>(values)) {
        f(
            "std::vector<std::uint32_t>", [&] { return std::views::all(*uint32); }, pointer_offset(uint32->data()));
        const std::uint32_t* const data = uint32->data();
        const std::uint32_t* const data_end = data + uint32->size();
        f(
            "forward archetype of std::uint32_t with sentinel",
            [=] { return t::forward_test_range<const std::uint32_t, false>(data, data_end); }, archetype_offset(data));
    }
    if (const auto int32 = converted<std::int32_t>(values))
        f(
            "std::vector<std::int32_t>", [&] { return std::views::all(*int32); }, pointer_offset(int32->data()));
    if (const auto int64 = converted<std::int64_t>(values))
        f(
            "std::vector<std::int64_t>", [&] { return std::views::all(*int64); }, pointer_offset(int64->data()));
}

// Everything observed over one base with one code unit type.
struct base_run {
    std::string base;
    observation replace_forward;
    observation default_forward;  // no policy given
    observation skip_forward;
    throw_outcome throw_forward;
    std::optional<observation> replace_backward;
    std::optional<observation> skip_backward;
    std::optional<throw_outcome> throw_backward;
};

template <class Encode, class Make, class OffsetOf>
base_run run_base(std::string name, const Encode& encode, const Make& make, const OffsetOf& offset_of,
                  std::size_t limit, std::size_t backward_throw_steps)
{
    base_run run;
    run.base = std::move(name);
    run.replace_forward = observe_forward(encode(make(), u8v::on_error::replace), offset_of, limit);
    run.default_forward = observe_forward(make() | encode, offset_of, limit);
    run.skip_forward = observe_forward(encode(make(), u8v::on_error::skip), offset_of, limit);
    run.throw_forward = observe_throw_forward(encode(make(), u8v::on_error::throw_exception), offset_of, limit);
    if constexpr (std::ranges::bidirectional_range<decltype(make())>) {
        run.replace_backward = observe_backward(encode(make(), u8v::on_error::replace), offset_of, limit);
        run.skip_backward = observe_backward(encode(make(), u8v::on_error::skip), offset_of, limit);
        using view = decltype(encode(make(), u8v::on_error::throw_exception));
        if constexpr (std::ranges::common_range<view>)
            run.throw_backward =
                observe_throw_backward(encode(make(), u8v::on_error::throw_exception), offset_of, backward_throw_steps);
    }
    return run;
}

std::vector<base_run> run_all_bases(const encode_case& row)
{
    std::vector<base_run> runs;
    const std::size_t limit = 4 * row.values.size() + 4;
    // Backwards with the throw policy: all the bytes if every value is a
    // scalar value, else the bytes after the last bad value and one more
    // step, which must throw.
    const std::optional<std::size_t> bad = last_invalid(row);
    const std::size_t steps =
        bad ? encoded_length(row, *bad + 1, row.values.size()) + 1 : encoded_length(row, 0, row.values.size());
    for_each_base(row.values, [&](std::string_view base, auto make, const auto& offset_of) {
        runs.push_back(run_base(std::string(base) + ", views::encode (char8_t)", u8v::views::encode, make, offset_of,
                                limit, steps));
        runs.push_back(run_base(std::string(base) + ", views::encode_as<char>", u8v::views::encode_as<char>, make,
                                offset_of, limit, steps));
    });
    return runs;
}

struct row_runs {
    const encode_case* row;
    std::vector<base_run> runs;
};

const std::vector<row_runs>& all_runs()
{
    static const std::vector<encode_case> extras = extra_cases();
    static const std::vector<row_runs> all = [] {
        std::vector<row_runs> result;
        for (const encode_case& row : file_cases()) result.push_back({&row, run_all_bases(row)});
        for (const encode_case& row : extras) result.push_back({&row, run_all_bases(row)});
        return result;
    }();
    BOOST_TEST_REQUIRE(file_cases().size() >= minimum_rows);
    return all;
}

std::string describe(const encode_case& row, std::string_view base)
{
    std::ostringstream out;
    out << "row " << row.id;
    if (row.line != 0) out << " (line " << row.line << ")";
    out << ", code points [" << row.values_text << "], base " << base;
    return out.str();
}

bytes_t reversed(bytes_t bytes)
{
    std::ranges::reverse(bytes);
    return bytes;
}

// The index of the code point each byte comes from, when the values are
// encoded with `keep_invalid` (replace: 3 bytes each) or not (skip).
std::vector<std::ptrdiff_t> expected_offsets(const encode_case& row, bool keep_invalid)
{
    std::vector<std::ptrdiff_t> offsets;
    for (std::size_t index = 0; index < row.values.size(); ++index) {
        const std::int64_t value = row.values[index];
        std::size_t length = 0;
        if (classify(value) == validity::scalar_value) length = t::table_3_6_length(value);
        else if (keep_invalid) length = replacement_length;
        offsets.insert(offsets.end(), length, static_cast<std::ptrdiff_t>(index));
    }
    return offsets;
}

std::vector<std::ptrdiff_t> offsets_of(const observation& units)
{
    std::vector<std::ptrdiff_t> offsets;
    for (const unit& u : units) offsets.push_back(u.offset);
    return offsets;
}

void check_replace_units(const encode_case& row, const observation& got)
{
    BOOST_TEST(bytes_of(got) == row.replace, tt::per_element());
    // The flagged units are exactly the replacements: the rest is the skip
    // column, and the flagged ones are EF BF BD once per invalid value, each
    // with the kind D76 gives that value.
    bytes_t unflagged;
    bytes_t flagged;
    for (const unit& u : got) {
        if (!u.error) {
            unflagged.push_back(u.byte);
            continue;
        }
        flagged.push_back(u.byte);
        if (u.offset >= 0 && static_cast<std::size_t>(u.offset) < row.values.size()) {
            const validity v = classify(row.values[static_cast<std::size_t>(u.offset)]);
            BOOST_TEST((v != validity::scalar_value));
            if (v != validity::scalar_value) BOOST_TEST(*u.error == kind_of(v));
        }
        else {
            BOOST_ERROR("flagged unit with offset " << u.offset << " outside the code points");
        }
    }
    BOOST_TEST(unflagged == row.skip, tt::per_element());
    bytes_t replacements;
    for (std::int64_t value : row.values)
        if (classify(value) != validity::scalar_value) replacements.insert(replacements.end(), {0xEF, 0xBF, 0xBD});
    BOOST_TEST(flagged == replacements, tt::per_element());
    BOOST_TEST(offsets_of(got) == expected_offsets(row, true), tt::per_element());
}

void check_skip_units(const encode_case& row, const observation& got)
{
    BOOST_TEST(bytes_of(got) == row.skip, tt::per_element());
    for (const unit& u : got) BOOST_TEST(!u.error.has_value());
    BOOST_TEST(offsets_of(got) == expected_offsets(row, false), tt::per_element());
}

void check_throw_forward(const encode_case& row, const throw_outcome& got)
{
    const std::optional<std::size_t> bad = first_invalid(row);
    // The file's throw column and D76 agree on which rows fail.
    BOOST_TEST(row.throw_is_error == bad.has_value());
    if (!bad) {
        BOOST_TEST(!got.threw);
        BOOST_TEST(bytes_of(got.before) == row.throw_bytes, tt::per_element());
        return;
    }
    BOOST_TEST(got.threw);
    if (!got.threw) return;
    BOOST_TEST(got.offset == *bad);
    BOOST_TEST(got.kind == kind_of(classify(row.values[*bad])));
    BOOST_TEST(got.value == row.values[*bad]);
    // Before the throw: the encoding of the valid values before the bad one,
    // which is how the replace column starts.
    const std::size_t length = encoded_length(row, 0, *bad);
    BOOST_TEST(length <= row.replace.size());
    if (!(length <= row.replace.size())) return;
    const bytes_t expected_prefix(row.replace.begin(), row.replace.begin() + static_cast<std::ptrdiff_t>(length));
    BOOST_TEST(bytes_of(got.before) == expected_prefix, tt::per_element());
}

void check_throw_backward(const encode_case& row, const throw_outcome& got)
{
    const std::optional<std::size_t> bad = last_invalid(row);
    if (!bad) {
        BOOST_TEST(!got.threw);
        BOOST_TEST(bytes_of(got.before) == reversed(row.throw_bytes), tt::per_element());
        return;
    }
    BOOST_TEST(got.threw);
    if (!got.threw) return;
    BOOST_TEST(got.offset == *bad);
    BOOST_TEST(got.kind == kind_of(classify(row.values[*bad])));
    BOOST_TEST(got.value == row.values[*bad]);
    const std::size_t length = encoded_length(row, *bad + 1, row.values.size());
    BOOST_TEST(length <= row.replace.size());
    if (!(length <= row.replace.size())) return;
    const bytes_t expected_suffix(row.replace.rbegin(), row.replace.rbegin() + static_cast<std::ptrdiff_t>(length));
    BOOST_TEST(bytes_of(got.before) == expected_suffix, tt::per_element());
}

}  // namespace

BOOST_AUTO_TEST_CASE(vectors_are_read)
{
    BOOST_TEST_REQUIRE(file_cases().size() >= minimum_rows);
    const auto errors = std::ranges::count_if(file_cases(), [](const encode_case& c) { return c.throw_is_error; });
    BOOST_TEST(errors > 0);
    BOOST_TEST(errors < static_cast<std::ptrdiff_t>(file_cases().size()));
}

BOOST_AUTO_TEST_CASE(every_row_runs_on_several_bases)
{
    for (const row_runs& r : all_runs()) BOOST_TEST_CONTEXT(describe(*r.row, "(all)"))
        {
            // Rows of the file fit char32_t, uint32, int64 (and more); the
            // negative and wide extras fit the signed 64-bit base at least.
            BOOST_TEST(r.runs.size() >= 2u);
        }
}

BOOST_AUTO_TEST_CASE(replace_matches_every_vector_forwards)
{
    for (const row_runs& r : all_runs())
        for (const base_run& run : r.runs) BOOST_TEST_CONTEXT(describe(*r.row, run.base))
            {
                check_replace_units(*r.row, run.replace_forward);
            }
}

BOOST_AUTO_TEST_CASE(default_policy_is_replace_on_every_vector)
{
    for (const row_runs& r : all_runs())
        for (const base_run& run : r.runs) BOOST_TEST_CONTEXT(describe(*r.row, run.base) << ", no policy given")
            {
                check_replace_units(*r.row, run.default_forward);
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
                    BOOST_TEST(bytes_of(backwards) == reversed(r.row->replace), tt::per_element());
                    check_replace_units(*r.row, observation(backwards.rbegin(), backwards.rend()));
                }
    BOOST_TEST(checked >= minimum_rows);
}

BOOST_AUTO_TEST_CASE(skip_matches_every_vector_forwards)
{
    for (const row_runs& r : all_runs())
        for (const base_run& run : r.runs) BOOST_TEST_CONTEXT(describe(*r.row, run.base))
            {
                check_skip_units(*r.row, run.skip_forward);
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
                    BOOST_TEST(bytes_of(backwards) == reversed(r.row->skip), tt::per_element());
                    check_skip_units(*r.row, observation(backwards.rbegin(), backwards.rend()));
                }
    BOOST_TEST(checked >= minimum_rows);
}

BOOST_AUTO_TEST_CASE(throw_reports_first_non_scalar_value_forwards)
{
    for (const row_runs& r : all_runs())
        for (const base_run& run : r.runs) BOOST_TEST_CONTEXT(describe(*r.row, run.base))
            {
                check_throw_forward(*r.row, run.throw_forward);
            }
}

BOOST_AUTO_TEST_CASE(throw_reports_last_non_scalar_value_backwards)
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
