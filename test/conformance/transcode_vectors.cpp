// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.

// The bulk algorithms of transcode.hpp (count_code_points, decode_into,
// encoded_size, encode_into) on every row of test/data/decode_vectors.tsv
// and test/data/encode_vectors.tsv, with each error policy, unbounded and
// into bounded outputs of every size, over byte ranges that take the
// contiguous fast path (std::string_view, std::vector<std::byte>) and ranges
// that do not (std::list<char>, an input archetype).
//
// Oracles (never the code under test):
// - the columns of the vector files (test/data/README.md: WHATWG
//   TextDecoder/TextEncoder and CPython), read at run time, all rows, at
//   least minimum_*_rows of them;
// - the Unicode Standard: D76 (scalar values), Table 3-6 (UTF-8 lengths),
//   the documented error-kind table (support/error_kind_rule.hpp);
// - for where a bounded decode_into stops (`in`), the segment boundaries of
//   the row: the byte offsets of the elements of views::decode over a
//   std::list<char> of the row's bytes, the checked generic path with no
//   fast path, which conformance/decode_vectors.cpp verifies against the
//   same rows (values, offsets, lengths that tile the input).

#include <utf8view/transcode.hpp>
#define BOOST_TEST_MODULE conformance_transcode_vectors
#include <boost/test/unit_test.hpp>

// testdata.hpp before print.hpp (see decode_vectors.cpp: -Wshadow).
#include "support/testdata.hpp"
#include "support/vector_files.hpp"
#include "support/error_kind_rule.hpp"
#include "support/print.hpp"
#include "support/table_3_6.hpp"
#include "support/test_iterators.hpp"

#include <utf8view/decode_view.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <iterator>
#include <limits>
#include <list>
#include <optional>
#include <ranges>
#include <span>
#include <sstream>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace u8v = utf8view;
namespace t = utf8view_test;
namespace tt = boost::test_tools;

namespace {

using code_points = std::vector<char32_t>;

// The files have more rows; new rows are tested too. A missing or truncated
// file fails.
constexpr std::size_t minimum_decode_rows = 500;
constexpr std::size_t minimum_encode_rows = 40;

constexpr char32_t fffd = 0xFFFD;
constexpr char32_t guard_value = 0x5A5A5A;  // not a code point: marks output past what may be written

// ---------------------------------------------------------------------------
// Decode vectors

// A row of the file (support/vector_files.hpp), with what the oracle of
// segment boundaries (see the top of the file) says about it.
struct decode_case : t::decode_vector {
    explicit decode_case(t::decode_vector row) : t::decode_vector(std::move(row)) {}
    // Segment boundaries: boundaries[k] is the byte offset after the first k
    // segments; boundaries.size() == replace.size() + 1.
    std::vector<std::size_t> boundaries;
    // For each element of the skip column, the byte offsets of its segment.
    std::vector<std::size_t> skip_starts;
    std::vector<std::size_t> skip_ends;
    // Index (in the replace column) of the first replacement, if any.
    std::optional<std::size_t> first_error_element;
};

// The elements of views::decode(list, policy) over a std::list<char>: the
// checked generic path (the oracle for segment boundaries).
struct list_element {
    char32_t value = 0;
    bool error = false;
    std::size_t offset = 0;
    std::size_t length = 0;
};

template <class Policy>
std::vector<list_element> decode_list(const std::string& bytes, Policy policy)
{
    std::list<char> list(bytes.begin(), bytes.end());
    std::vector<list_element> out;
    const auto view = u8v::views::decode(list, policy);
    for (auto it = view.begin(); it != view.end() && out.size() <= bytes.size(); ++it)
        out.push_back({*it, it.error().has_value(),
                       static_cast<std::size_t>(std::ranges::distance(list.begin(), it.base())), it.code_unit_count()});
    return out;
}

const std::vector<decode_case>& decode_cases()
{
    static const std::vector<decode_case> all = [] {
        std::vector<decode_case> rows;
        for (t::decode_vector& row : t::read_decode_vectors()) {
            decode_case c(std::move(row));

            const std::vector<list_element> replaced = decode_list(c.input, u8v::on_error::replace);
            std::size_t at = 0;
            c.boundaries.push_back(0);
            for (std::size_t index = 0; index < replaced.size(); ++index) {
                at += replaced[index].length;
                c.boundaries.push_back(at);
                if (replaced[index].error && !c.first_error_element) c.first_error_element = index;
            }
            for (const list_element& e : decode_list(c.input, u8v::on_error::skip)) {
                c.skip_starts.push_back(e.offset);
                c.skip_ends.push_back(e.offset + e.length);
            }
            rows.push_back(std::move(c));
        }
        return rows;
    }();
    return all;
}

std::string describe(const decode_case& row, std::string_view base)
{
    std::ostringstream out;
    out << "row " << row.id << " (line " << row.line << "), input [" << row.input_hex << "], base " << base;
    return out.str();
}

code_points prefix(const code_points& values, std::size_t size)
{
    return code_points(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(std::min(size, values.size())));
}

// Calls f(name, make, offset_of) for each byte range: `auto&& range = make()`
// is an lvalue range of the row's bytes (fresh for single-pass ranges), and
// offset_of(iterator) the byte offset of an iterator into it.
template <class F>
void for_each_byte_base(const std::string& bytes, F&& f)
{
    const char* const data = bytes.data();
    const char* const data_end = data + bytes.size();

    // Contiguous and sized: the fast path.
    f(
        "std::string_view", [&] { return std::string_view(bytes); },
        [data](const auto& it) { return static_cast<std::size_t>(std::to_address(it) - data); });

    std::vector<std::byte> byte_vector(bytes.size());
    std::ranges::transform(bytes, byte_vector.begin(), [](char c) { return static_cast<std::byte>(c); });
    const std::byte* const byte_data = byte_vector.data();
    f(
        "std::vector<std::byte>", [&]() -> std::vector<std::byte>& { return byte_vector; },
        [byte_data](const auto& it) { return static_cast<std::size_t>(std::to_address(it) - byte_data); });

    // Bidirectional, not contiguous: the checked generic path.
    std::list<char> list(bytes.begin(), bytes.end());
    f(
        "std::list<char>", [&]() -> std::list<char>& { return list; },
        [&list](const auto& it) { return static_cast<std::size_t>(std::ranges::distance(list.begin(), it)); });

    // Single pass: the bytes are consumed.
    f(
        "input archetype with sentinel", [=] { return t::input_test_range<const char, false>(data, data_end); },
        [data](const auto& it) { return static_cast<std::size_t>(it.get() - data); });
}

// A policy of the user's: counts the errors, replaces each with '?'.
struct counting_policy {
    std::size_t* count;
    std::optional<char32_t> operator()(const u8v::decode_error_info&) const
    {
        ++*count;
        return U'?';
    }
};

template <class Make, class OffsetOf>
void check_decode_base(const decode_case& row, const Make& make, const OffsetOf& offset_of)
{
    const std::size_t size = row.input.size();

    // count_code_points and decoded_size: the number of elements under replace.
    {
        auto&& range = make();
        BOOST_TEST(u8v::count_code_points(range) == row.replace.size());
    }
    {
        auto&& range = make();
        BOOST_TEST(u8v::decoded_size(range) == row.replace.size());
    }

    // Unbounded, into a back inserter: each policy, and no policy (replace).
    {
        auto&& range = make();
        code_points out;
        const auto result = u8v::decode_into(range, std::back_inserter(out));
        BOOST_TEST(out == row.replace, tt::per_element());
        BOOST_TEST(offset_of(result.in) == size);
    }
    {
        auto&& range = make();
        code_points out;
        const auto result = u8v::decode_into(range, std::back_inserter(out), u8v::on_error::replace);
        BOOST_TEST(out == row.replace, tt::per_element());
        BOOST_TEST(offset_of(result.in) == size);
    }
    {
        auto&& range = make();
        code_points out;
        const auto result = u8v::decode_into(range, std::back_inserter(out), u8v::on_error::skip);
        BOOST_TEST(out == row.skip, tt::per_element());
        BOOST_TEST(offset_of(result.in) == size);
    }
    // A user's policy: the replace column with '?' for each replacement
    // (the replacements are where replace and skip differ in count).
    {
        auto&& range = make();
        code_points out;
        std::size_t errors = 0;
        u8v::decode_into(range, std::back_inserter(out), counting_policy{&errors});
        BOOST_TEST(out.size() == row.replace.size());
        BOOST_TEST(errors == static_cast<std::size_t>(std::ranges::count(row.replace, fffd) -
                                                      std::ranges::count(row.skip, fffd)));
        std::size_t question_marks = 0;
        for (std::size_t index = 0; index < out.size() && index < row.replace.size(); ++index) {
            if (out[index] != row.replace[index]) {
                BOOST_TEST(row.replace[index] == fffd);
                BOOST_TEST(out[index] == U'?');
            }
            question_marks += out[index] == U'?' && row.replace[index] == fffd;
        }
        BOOST_TEST(question_marks == errors);
    }

    // Unbounded, into a preallocated buffer (a raw output iterator): exactly
    // the column's elements, nothing after them.
    for (const bool skip : {false, true}) {
        const code_points& expected = skip ? row.skip : row.replace;
        code_points buffer(row.replace.size() + 1, guard_value);
        auto&& range = make();
        const auto result = skip ? u8v::decode_into(range, buffer.data(), u8v::on_error::skip)
                                 : u8v::decode_into(range, buffer.data(), u8v::on_error::replace);
        BOOST_TEST_CONTEXT((skip ? "skip" : "replace") << " into a preallocated buffer")
        {
            BOOST_TEST(static_cast<std::size_t>(std::to_address(result.out) - buffer.data()) == expected.size());
            BOOST_TEST(prefix(buffer, expected.size()) == expected, tt::per_element());
            BOOST_TEST(buffer[expected.size()] == guard_value);
            BOOST_TEST(offset_of(result.in) == size);
        }
    }

    // Throw: decode_error at the first maximal subpart (offset from the
    // file, kind from the table); what was written before stays written.
    {
        auto&& range = make();
        code_points out;
        bool threw = false;
        try {
            u8v::decode_into(range, std::back_inserter(out), u8v::on_error::throw_exception);
        }
        catch (const u8v::decode_error& e) {
            threw = true;
            BOOST_TEST(row.first_invalid >= 0);
            if (row.first_invalid >= 0) {
                BOOST_TEST(e.offset() == static_cast<std::size_t>(row.first_invalid));
                BOOST_TEST(e.kind() == t::expected_error_kind(row.input, static_cast<std::size_t>(row.first_invalid)));
            }
            if (row.first_error_element)
                BOOST_TEST(out == prefix(row.replace, *row.first_error_element), tt::per_element());
        }
        BOOST_TEST(threw == (row.first_invalid >= 0));
        if (!threw) BOOST_TEST(out == row.replace, tt::per_element());
    }

    // Bounded outputs of every size 0 .. len(replace) + 1.
    for (std::size_t n = 0; n <= row.replace.size() + 1; ++n) {
        BOOST_TEST_CONTEXT("bounded output of " << n << " elements")
        {
            const std::size_t written = std::min(n, row.replace.size());
            // replace, into a std::span: the prefix of that size; `in` after
            // exactly that many segments; nothing written past the span.
            {
                code_points buffer(n + 1, guard_value);
                auto&& range = make();
                const auto result =
                    u8v::decode_into(range, std::span<char32_t>(buffer.data(), n), u8v::on_error::replace);
                BOOST_TEST(static_cast<std::size_t>(std::to_address(result.out) - buffer.data()) == written);
                BOOST_TEST(prefix(buffer, written) == prefix(row.replace, written), tt::per_element());
                BOOST_TEST(buffer[n] == guard_value);
                BOOST_TEST(offset_of(result.in) == row.boundaries[written]);
            }
            // replace, into a std::vector<char32_t>& of that size, no policy given.
            {
                code_points buffer(n, guard_value);
                auto&& range = make();
                const auto result = u8v::decode_into(range, buffer);
                BOOST_TEST(static_cast<std::size_t>(result.out - buffer.begin()) == written);
                BOOST_TEST(prefix(buffer, written) == prefix(row.replace, written), tt::per_element());
                BOOST_TEST(offset_of(result.in) == row.boundaries[written]);
            }
            // skip: the prefix of the skip column. `in`: on_error::skip drops
            // every error, so a full output still moves past the maximal
            // subparts that follow, to the first segment it would have to
            // write (or the end); over a single-pass range, where looking at
            // a segment consumes it, a full output stops right after the
            // last element written.
            {
                const std::size_t skip_written = std::min(n, row.skip.size());
                code_points buffer(n + 1, guard_value);
                auto&& range = make();
                const auto result = u8v::decode_into(range, std::span<char32_t>(buffer.data(), n), u8v::on_error::skip);
                BOOST_TEST(static_cast<std::size_t>(std::to_address(result.out) - buffer.data()) == skip_written);
                BOOST_TEST(prefix(buffer, skip_written) == prefix(row.skip, skip_written), tt::per_element());
                BOOST_TEST(buffer[n] == guard_value);
                const std::size_t in = offset_of(result.in);
                const std::size_t lowest = skip_written == 0 ? 0 : row.skip_ends[skip_written - 1];
                const std::size_t highest = skip_written < row.skip.size() ? row.skip_starts[skip_written] : size;
                if constexpr (std::ranges::forward_range<decltype(range)>) BOOST_TEST(in == highest);
                else BOOST_TEST(in == (skip_written == n ? lowest : highest));
            }
            // throw: only if the output has room left when the first maximal
            // subpart is reached (decoding stops when the output is full).
            {
                code_points buffer(n, guard_value);
                auto&& range = make();
                const bool must_throw = row.first_error_element && n > *row.first_error_element;
                bool threw = false;
                try {
                    const auto result = u8v::decode_into(range, buffer, u8v::on_error::throw_exception);
                    BOOST_TEST(offset_of(result.in) == row.boundaries[written]);
                    BOOST_TEST(prefix(buffer, written) == prefix(row.replace, written), tt::per_element());
                }
                catch (const u8v::decode_error& e) {
                    threw = true;
                    BOOST_TEST(static_cast<long>(e.offset()) == row.first_invalid);
                }
                BOOST_TEST(threw == must_throw);
            }
        }
    }
}

// ---------------------------------------------------------------------------
// Encode vectors

using bytes_t = std::vector<unsigned char>;

// A row of the file (support/vector_files.hpp); its values fit in 32 bits
// (checked when read).
using encode_case = t::encode_vector;

const std::vector<encode_case>& encode_cases()
{
    static const std::vector<encode_case> all = [] {
        std::vector<encode_case> rows = t::read_encode_vectors();
        for (const encode_case& row : rows)
            for (std::int64_t value : row.values)
                if (value > 0xFFFFFFFF) throw std::runtime_error("encode_vectors.tsv: value wider than 32 bits");
        return rows;
    }();
    return all;
}

// Unicode 15.0 D76: 0..D7FF and E000..10FFFF are scalar values; the rest is
// a surrogate (D800..DFFF) or out of range (negative, above 10FFFF).
std::optional<u8v::error_kind> d76_error(std::int64_t value)
{
    if (value < 0 || value > 0x10FFFF) return u8v::error_kind::out_of_range;
    if (value >= 0xD800 && value <= 0xDFFF) return u8v::error_kind::surrogate;
    return std::nullopt;
}

// Bytes each value encodes to: Table 3-6 for a scalar value; for any other
// value 3 under replace (U+FFFD, EF BF BD) and 0 under skip.
std::vector<std::size_t> lengths(const encode_case& row, bool skip)
{
    std::vector<std::size_t> out;
    for (std::int64_t value : row.values) out.push_back(d76_error(value) ? (skip ? 0 : 3) : t::table_3_6_length(value));
    return out;
}

std::optional<std::size_t> first_non_scalar(const encode_case& row)
{
    for (std::size_t index = 0; index < row.values.size(); ++index)
        if (d76_error(row.values[index])) return index;
    return std::nullopt;
}

std::string describe(const encode_case& row, std::string_view base)
{
    std::ostringstream out;
    out << "row " << row.id << " (line " << row.line << "), code points [" << row.values_text << "], base " << base;
    return out.str();
}

unsigned char byte_value(std::byte unit)
{
    return std::to_integer<unsigned char>(unit);
}
template <class Unit>
unsigned char byte_value(Unit unit)
{
    return static_cast<unsigned char>(unit);
}

// The first `count` code units of `units`, as byte values.
template <class Units>
bytes_t as_bytes(const Units& units, std::size_t count)
{
    bytes_t out;
    for (std::size_t index = 0; index < count && index < std::ranges::size(units); ++index)
        out.push_back(byte_value(units[index]));
    return out;
}

bytes_t byte_prefix(const bytes_t& bytes, std::size_t size)
{
    return bytes_t(bytes.begin(), bytes.begin() + static_cast<std::ptrdiff_t>(std::min(size, bytes.size())));
}

// Calls f(name, make, offset_of) for each code point range of the row's values.
template <class F>
void for_each_code_point_base(const std::vector<std::int64_t>& values, F&& f)
{
    std::u32string text;
    for (std::int64_t value : values) text.push_back(static_cast<char32_t>(value));
    const char32_t* const data = text.data();
    const char32_t* const data_end = data + text.size();
    f(
        "std::u32string", [&]() -> std::u32string& { return text; },
        [data](const auto& it) { return static_cast<std::size_t>(std::to_address(it) - data); });

    std::list<char32_t> list(text.begin(), text.end());
    f(
        "std::list<char32_t>", [&]() -> std::list<char32_t>& { return list; },
        [&list](const auto& it) { return static_cast<std::size_t>(std::ranges::distance(list.begin(), it)); });

    f(
        "input archetype of char32_t", [=] { return t::input_test_range<const char32_t, false>(data, data_end); },
        [data](const auto& it) { return static_cast<std::size_t>(it.get() - data); });

    std::vector<std::int64_t> wide(values);
    const std::int64_t* const wide_data = wide.data();
    f(
        "std::vector<std::int64_t>", [&]() -> std::vector<std::int64_t>& { return wide; },
        [wide_data](const auto& it) { return static_cast<std::size_t>(std::to_address(it) - wide_data); });
}

// Runs encode_into(range, out, policy) into a bounded output of `n` code
// units of three kinds (std::span<char8_t>, std::vector<std::byte>&,
// std::span<char>), and checks each against `check(written bytes, in)`.
template <class Make, class OffsetOf, class Policy, class Check>
void encode_bounded_all_outputs(const Make& make, const OffsetOf& offset_of, std::size_t n, Policy policy,
                                const Check& check)
{
    {
        std::vector<char8_t> buffer(n + 1, u8'\xAA');
        auto&& range = make();
        const auto result = u8v::encode_into(range, std::span<char8_t>(buffer.data(), n), policy);
        BOOST_TEST_CONTEXT("into std::span<char8_t>")
        {
            const auto written = static_cast<std::size_t>(std::to_address(result.out) - buffer.data());
            check(as_bytes(buffer, written), offset_of(result.in));
            BOOST_TEST(buffer[n] == u8'\xAA');
        }
    }
    {
        std::vector<std::byte> buffer(n, std::byte{0xAA});
        auto&& range = make();
        const auto result = u8v::encode_into(range, buffer, policy);
        BOOST_TEST_CONTEXT("into std::vector<std::byte>&")
        {
            check(as_bytes(buffer, static_cast<std::size_t>(result.out - buffer.begin())), offset_of(result.in));
        }
    }
    {
        std::string buffer(n + 1, '\xAA');
        auto&& range = make();
        const auto result = u8v::encode_into(range, std::span<char>(buffer.data(), n), policy);
        BOOST_TEST_CONTEXT("into std::span<char>")
        {
            const auto written = static_cast<std::size_t>(std::to_address(result.out) - buffer.data());
            check(as_bytes(buffer, written), offset_of(result.in));
            BOOST_TEST(buffer[n] == '\xAA');
        }
    }
}

template <class Make, class OffsetOf>
void check_encode_base(const encode_case& row, const Make& make, const OffsetOf& offset_of)
{
    const std::size_t count = row.values.size();

    {
        auto&& range = make();
        BOOST_TEST(u8v::encoded_size(range) == row.replace.size());
    }

    // Unbounded: std::string through a back inserter (char), std::u8string
    // through a back inserter (char8_t), a raw std::byte pointer.
    for (const bool skip : {false, true}) {
        const bytes_t& expected = skip ? row.skip : row.replace;
        BOOST_TEST_CONTEXT((skip ? "skip" : "replace"))
        {
            {
                std::string out;
                auto&& range = make();
                const auto result = skip ? u8v::encode_into(range, std::back_inserter(out), u8v::on_error::skip)
                                         : u8v::encode_into(range, std::back_inserter(out), u8v::on_error::replace);
                BOOST_TEST(as_bytes(out, out.size()) == expected, tt::per_element());
                BOOST_TEST(offset_of(result.in) == count);
            }
            {
                std::u8string out;
                auto&& range = make();
                const auto result = skip ? u8v::encode_into(range, std::back_inserter(out), u8v::on_error::skip)
                                         : u8v::encode_into(range, std::back_inserter(out));
                BOOST_TEST(as_bytes(out, out.size()) == expected, tt::per_element());
                BOOST_TEST(offset_of(result.in) == count);
            }
            {
                std::vector<std::byte> out(row.replace.size() + 1, std::byte{0xAA});
                auto&& range = make();
                const auto result = skip ? u8v::encode_into(range, out.data(), u8v::on_error::skip)
                                         : u8v::encode_into(range, out.data(), u8v::on_error::replace);
                BOOST_TEST(as_bytes(out, static_cast<std::size_t>(result.out - out.data())) == expected,
                           tt::per_element());
                BOOST_TEST(out[expected.size()] == std::byte{0xAA});
                BOOST_TEST(offset_of(result.in) == count);
            }
        }
    }

    // Throw: encode_error at the first value that is not a scalar value
    // (D76), its kind and value; the bytes before it stay written.
    const std::optional<std::size_t> bad = first_non_scalar(row);
    const std::vector<std::size_t> replace_lengths = lengths(row, false);
    const std::vector<std::size_t> skip_lengths = lengths(row, true);
    std::size_t bytes_before_bad = 0;
    for (std::size_t index = 0; index < (bad ? *bad : count); ++index) bytes_before_bad += replace_lengths[index];
    {
        std::string out;
        auto&& range = make();
        bool threw = false;
        try {
            u8v::encode_into(range, std::back_inserter(out), u8v::on_error::throw_exception);
        }
        catch (const u8v::encode_error& e) {
            threw = true;
            BOOST_TEST(bad.has_value());
            if (bad) {
                BOOST_TEST(e.offset() == *bad);
                BOOST_TEST(e.kind() == *d76_error(row.values[*bad]));
                BOOST_TEST(e.value() == row.values[*bad]);
            }
            BOOST_TEST(as_bytes(out, out.size()) == byte_prefix(row.replace, bytes_before_bad), tt::per_element());
        }
        BOOST_TEST(threw == bad.has_value());
        if (!threw) BOOST_TEST(as_bytes(out, out.size()) == row.replace, tt::per_element());
    }

    // Bounded outputs of every size: never a partial code point; the longest
    // prefix of the column that ends on a sequence boundary and fits.
    for (std::size_t n = 0; n <= row.replace.size() + 1; ++n) {
        BOOST_TEST_CONTEXT("bounded output of " << n << " bytes")
        {
            // replace: k values fit, where k is the largest with
            // sum(lengths[0..k)) <= n; `in` stands at value k.
            std::size_t fitting = 0;
            std::size_t fitting_bytes = 0;
            while (fitting < count && fitting_bytes + replace_lengths[fitting] <= n)
                fitting_bytes += replace_lengths[fitting++];
            encode_bounded_all_outputs(
                make, offset_of, n, u8v::on_error::replace, [&](const bytes_t& written, std::size_t in) {
                    BOOST_TEST(written == byte_prefix(row.replace, fitting_bytes), tt::per_element());
                    BOOST_TEST(in == fitting);
                });

            // skip: the same over the skip lengths (0 for a dropped value).
            // on_error::skip drops every error, so the dropped values after
            // the last value written are passed over even when the output
            // is full: `in` is the first value that does not fit (or the end).
            std::size_t skip_bytes = 0;
            std::size_t after_last_written = 0;
            std::size_t next_unwritten = count;
            for (std::size_t index = 0; index < count; ++index) {
                if (skip_lengths[index] == 0) continue;
                if (skip_bytes + skip_lengths[index] > n) {
                    next_unwritten = index;
                    break;
                }
                skip_bytes += skip_lengths[index];
                after_last_written = index + 1;
            }
            encode_bounded_all_outputs(make, offset_of, n, u8v::on_error::skip,
                                       [&](const bytes_t& written, std::size_t in) {
                                           BOOST_TEST(written == byte_prefix(row.skip, skip_bytes), tt::per_element());
                                           BOOST_TEST(in == next_unwritten);
                                           BOOST_TEST(in >= after_last_written);
                                       });

            // throw: only if the first bad value is reached with room left,
            // n > bytes_before_bad (the policy must then be asked what to
            // write). Otherwise the output is full, or a valid value before
            // it does not fit, first: no throw (see also the test case
            // encode_into_stops_at_a_full_output_without_asking_the_policy).
            {
                const bool must_throw = bad && n > bytes_before_bad;
                std::vector<char8_t> buffer(n);
                auto&& range = make();
                bool threw = false;
                try {
                    const auto result = u8v::encode_into(range, buffer, u8v::on_error::throw_exception);
                    BOOST_TEST(as_bytes(buffer, static_cast<std::size_t>(result.out - buffer.begin())) ==
                                   byte_prefix(row.replace, fitting_bytes),
                               tt::per_element());
                    BOOST_TEST(offset_of(result.in) == fitting);
                }
                catch (const u8v::encode_error& e) {
                    threw = true;
                    if (bad) BOOST_TEST(e.offset() == *bad);
                }
                BOOST_TEST(threw == must_throw);
            }
        }
    }
}

}  // namespace

BOOST_AUTO_TEST_CASE(vectors_are_read)
{
    BOOST_TEST_REQUIRE(decode_cases().size() >= minimum_decode_rows);
    BOOST_TEST_REQUIRE(encode_cases().size() >= minimum_encode_rows);
    // Rows with and without errors in both files.
    BOOST_TEST(std::ranges::count_if(decode_cases(), [](const decode_case& c) { return c.first_invalid < 0; }) > 0);
    BOOST_TEST(std::ranges::count_if(decode_cases(), [](const decode_case& c) { return c.first_invalid >= 0; }) > 0);
    const auto has_bad_value = [](const encode_case& c) { return first_non_scalar(c).has_value(); };
    BOOST_TEST(std::ranges::count_if(encode_cases(), has_bad_value) > 0);
    BOOST_TEST(std::ranges::count_if(encode_cases(), std::not_fn(has_bad_value)) > 0);
}

// The oracle of `in` is consistent with the file: the list view's segments
// tile the input and are as many as the replace column's elements.
BOOST_AUTO_TEST_CASE(segment_oracle_agrees_with_the_vectors)
{
    for (const decode_case& row : decode_cases()) BOOST_TEST_CONTEXT(describe(row, "std::list<char> oracle"))
        {
            BOOST_TEST(row.boundaries.size() == row.replace.size() + 1);
            BOOST_TEST(row.boundaries.back() == row.input.size());
            BOOST_TEST(row.skip_starts.size() == row.skip.size());
            if (row.first_invalid >= 0 && row.first_error_element)
                BOOST_TEST(row.boundaries[*row.first_error_element] == static_cast<std::size_t>(row.first_invalid));
        }
}

BOOST_AUTO_TEST_CASE(decode_vectors_count_decode_into_and_bounded_outputs)
{
    std::size_t rows = 0;
    for (const decode_case& row : decode_cases()) {
        ++rows;
        for_each_byte_base(row.input, [&](std::string_view base, const auto& make, const auto& offset_of) {
            BOOST_TEST_CONTEXT(describe(row, base))
            {
                check_decode_base(row, make, offset_of);
            }
        });
    }
    BOOST_TEST(rows >= minimum_decode_rows);
}

BOOST_AUTO_TEST_CASE(encode_vectors_encoded_size_encode_into_and_bounded_outputs)
{
    std::size_t rows = 0;
    for (const encode_case& row : encode_cases()) {
        ++rows;
        for_each_code_point_base(row.values, [&](std::string_view base, const auto& make, const auto& offset_of) {
            BOOST_TEST_CONTEXT(describe(row, base))
            {
                check_encode_base(row, make, offset_of);
            }
        });
    }
    BOOST_TEST(rows >= minimum_encode_rows);
}

// A bounded encode_into whose output is exactly full when it reaches a value
// that is not a scalar value stops there, as decode_into stops at a full
// output before the next maximal subpart: nothing more can be written, so
// the policy is not asked (a chunked encoder resuming at `in` would
// otherwise report the value twice, and throw_exception throws for a value
// whose bytes were never going to be written). Every row with a bad value,
// the output sized to the bytes before the first one (0 bytes when it comes
// first).
BOOST_AUTO_TEST_CASE(encode_into_stops_at_a_full_output_without_asking_the_policy)
{
    std::size_t checked = 0;
    for (const encode_case& row : encode_cases()) {
        const std::optional<std::size_t> bad = first_non_scalar(row);
        if (!bad) continue;
        std::size_t bytes_before_bad = 0;
        for (std::size_t index = 0; index < *bad; ++index) bytes_before_bad += t::table_3_6_length(row.values[index]);
        ++checked;
        BOOST_TEST_CONTEXT(describe(row, "std::u32string") << ", output of " << bytes_before_bad << " bytes")
        {
            std::u32string text;
            for (std::int64_t value : row.values) text.push_back(static_cast<char32_t>(value));
            std::vector<char8_t> buffer(bytes_before_bad);
            std::size_t asked = 0;
            const auto counting = [&asked](const u8v::encode_error_info&) -> std::optional<char32_t> {
                ++asked;
                return U'?';
            };
            const auto result = u8v::encode_into(text, buffer, counting);
            BOOST_TEST(static_cast<std::size_t>(result.in - text.begin()) == *bad);
            BOOST_TEST(asked == 0u);
            BOOST_CHECK_NO_THROW(u8v::encode_into(text, buffer, u8v::on_error::throw_exception));
        }
    }
    BOOST_TEST(checked >= 10u);
}
