// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.

// The lazy UTF-16 views: views::decode_utf16 (decode_view over UTF-16 code
// units, <utf8view/decode_view.hpp>), views::encode_utf16 and
// views::encode_as<char16_t> (encode_view producing UTF-16,
// <utf8view/encode_view.hpp>), and views::utf8_to_utf16 / views::utf16_to_utf8
// (<utf8view/transcode_view.hpp>): values, every policy (replace, skip,
// throw, a recording user policy), forwards and backwards, the iterators'
// base(), error() and code_unit_count(), the range concepts, constant
// evaluation, and composition with the standard algorithms and adaptors.
//
// Expected values: the WHATWG "shared UTF-16 decoder"'s reading of unpaired
// surrogates (written out per case, and as the reference decoder
// support/reference_utf16.hpp, which also gives each element's offset and
// length); Table 3-5 (UTF-16 bit distribution) as the reference encoder
// reference16::encode, and written out at its boundaries; Table 3-6/3-7 as
// support/reference_utf8.hpp (UTF-8 encoder, and its segments for byte
// offsets); and test/data/decode_vectors.tsv (support/vector_files.hpp).
// Never the library's own codecs.

#include <utf8view/transcode_view.hpp>  // first: the header is self-contained

#include <utf8view/decode_view.hpp>
#include <utf8view/encode_view.hpp>
#define BOOST_TEST_MODULE utf16_views
#include <boost/test/unit_test.hpp>

// testdata.hpp before print.hpp (see conformance/decode_vectors.cpp: -Wshadow).
#include "support/testdata.hpp"
#include "support/vector_files.hpp"
#include "support/print.hpp"
#include "support/random_utf8.hpp"
#include "support/reference_utf16.hpp"
#include "support/reference_utf8.hpp"
#include "support/test_iterators.hpp"

#include <algorithm>
#include <array>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <forward_list>
#include <iterator>
#include <list>
#include <memory>
#include <optional>
#include <ranges>
#include <sstream>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace u8v = utf8view;
namespace t = utf8view_test;
namespace ref = utf8view_test::reference;
namespace ref16 = utf8view_test::reference16;

namespace {

using units_t = std::vector<std::uint32_t>;  // compared as integers: Boost.Test prints them

// The value of a code unit or code point of any character type.
template <class T>
std::uint32_t unit_value(T unit)
{
    return static_cast<std::uint32_t>(static_cast<std::make_unsigned_t<T>>(unit));
}

// The elements of a range, forwards, as integers.
template <class Range>
units_t as_units(Range&& range)
{
    units_t out;
    for (auto&& unit : range) out.push_back(unit_value<std::remove_cvref_t<decltype(unit)>>(unit));
    return out;
}

// The elements of a common bidirectional view, read by a `--` loop from
// end() to begin(), put back in forward order. begin() is taken before the
// loop (a recording policy hears about the first element then).
template <class View>
units_t backwards(View&& view)
{
    units_t out;
    const auto first = view.begin();
    for (auto it = view.end(); it != first;) {
        --it;
        out.push_back(unit_value(*it));
    }
    std::reverse(out.begin(), out.end());
    return out;
}

// Whether, at every element of the view, a step forward then a step back
// comes back to an iterator equal to it that reads the same code unit (a
// step forward must leave what a step back needs: the current code
// point's units, its position).
template <class View>
bool steps_back_to_where_it_was(View&& view)
{
    for (auto it = view.begin(); it != view.end(); ++it) {
        auto next = it;
        ++next;
        --next;
        if (!(next == it) || unit_value(*next) != unit_value(*it)) return false;
    }
    return true;
}

// The elements of the view as std::views::reverse yields them (last first).
template <class View>
units_t through_reverse(View&& view)
{
    return as_units(view | std::views::reverse);
}

units_t reversed(units_t units)
{
    std::reverse(units.begin(), units.end());
    return units;
}

std::u16string utf16_of(const std::vector<char32_t>& code_points)
{
    std::u16string out;
    for (const char32_t c : code_points) out += ref16::encode(c);
    return out;
}

std::string utf8_of(const std::vector<char32_t>& code_points)
{
    std::string out;
    for (const char32_t c : code_points) out += ref::encode(c);
    return out;
}

// The code points of the reference decoding of `text`: U+FFFD (or
// `replacement`) for each unpaired surrogate, or nothing (`skip`).
std::vector<char32_t> decoded16(const std::u16string& text, bool skip = false, char32_t replacement = U'\uFFFD')
{
    std::vector<char32_t> out;
    for (const ref16::element& e : ref16::decode(text))
        if (e.code_point) out.push_back(*e.code_point);
        else if (!skip) out.push_back(replacement);
    return out;
}

// The code unit offsets of the unpaired surrogates of `text`, by the reference.
std::vector<std::size_t> error_offsets16(const std::u16string& text)
{
    std::vector<std::size_t> out;
    for (const ref16::element& e : ref16::decode(text))
        if (!e.code_point) out.push_back(e.offset);
    return out;
}

// A user decode policy: records each call, answers `answer`.
struct recording_policy {
    std::vector<u8v::decode_error_info>* log;
    std::optional<char32_t> answer;
    std::optional<char32_t> operator()(const u8v::decode_error_info& info) const
    {
        log->push_back(info);
        return answer;
    }
};
static_assert(u8v::decode_error_policy<recording_policy>);

// A user encode policy: records each call, answers `answer`.
struct recording_encode_policy {
    std::vector<u8v::encode_error_info>* log;
    std::optional<char32_t> answer;
    std::optional<char32_t> operator()(const u8v::encode_error_info& info) const
    {
        log->push_back(info);
        return answer;
    }
};
static_assert(u8v::encode_error_policy<recording_encode_policy>);

// The offsets in a log of decode errors; and that each is an unpaired
// surrogate of one code unit.
std::vector<std::size_t> offsets_in(const std::vector<u8v::decode_error_info>& log)
{
    std::vector<std::size_t> out;
    for (const u8v::decode_error_info& info : log) {
        BOOST_TEST((info.kind == u8v::error_kind::unpaired_surrogate));
        BOOST_TEST(info.length == 1u);
        out.push_back(static_cast<std::size_t>(info.offset));
    }
    return out;
}

// What a decode_error (or encode_error) thrown by `f` said, if one was.
struct caught {
    bool thrown = false;
    u8v::error_kind kind{};
    std::uint64_t offset = 0;
    std::int64_t value = 0;  // encode_error only
};

template <class F>
caught catch_decode_error(F&& f)
{
    try {
        f();
    }
    catch (const u8v::decode_error& e) {
        return {true, e.kind(), e.offset(), 0};
    }
    return {};
}

template <class F>
caught catch_encode_error(F&& f)
{
    try {
        f();
    }
    catch (const u8v::encode_error& e) {
        return {true, e.kind(), e.offset(), e.value()};
    }
    return {};
}

// Each element of a decoding, as parallel columns (Boost.Test prints vectors).
struct element_columns {
    std::vector<std::size_t> offsets;  // code units before the element
    std::vector<std::size_t> lengths;  // code_unit_count()
    units_t values;
    std::vector<int> errors;  // 0, or the error_kind
    std::vector<units_t> code_units;

    void add(std::size_t offset, std::size_t length, std::uint32_t value, std::optional<u8v::error_kind> error,
             units_t units)
    {
        offsets.push_back(offset);
        lengths.push_back(length);
        values.push_back(value);
        errors.push_back(error ? static_cast<int>(*error) : 0);
        code_units.push_back(std::move(units));
    }
    void reverse()
    {
        std::reverse(offsets.begin(), offsets.end());
        std::reverse(lengths.begin(), lengths.end());
        std::reverse(values.begin(), values.end());
        std::reverse(errors.begin(), errors.end());
        std::reverse(code_units.begin(), code_units.end());
    }
};

// The reference's elements of `text`: offsets, lengths, U+FFFD and
// error_kind::unpaired_surrogate for each unpaired surrogate (dropped with
// `skip`), and the code units of each.
element_columns expected_elements(const std::u16string& text, bool skip = false)
{
    element_columns out;
    for (const ref16::element& e : ref16::decode(text)) {
        if (!e.code_point && skip) continue;
        out.add(e.offset, e.length, e.code_point.value_or(U'\uFFFD'),
                e.code_point ? std::nullopt : std::optional<u8v::error_kind>(u8v::error_kind::unpaired_surrogate),
                as_units(text.substr(e.offset, e.length)));
    }
    return out;
}

// The element at a decode iterator `it`, its offset counted from `first`
// (the start of the code units).
template <class Iterator, class BaseIterator>
void add_element(element_columns& out, const Iterator& it, const BaseIterator& first)
{
    out.add(static_cast<std::size_t>(std::ranges::distance(first, it.base())), it.code_unit_count(), unit_value(*it),
            it.error(), as_units(it.code_units()));
}

// The elements of a decode view over `source`, forwards; and by a `--` loop
// from the end, in forward order.
template <class View, class Source>
element_columns elements_forwards(View& view, const Source& source)
{
    element_columns out;
    for (auto it = view.begin(); it != view.end(); ++it) add_element(out, it, std::ranges::begin(source));
    return out;
}

template <class View, class Source>
element_columns elements_backwards(View& view, const Source& source)
{
    element_columns out;
    const auto first = view.begin();
    for (auto it = view.end(); it != first;) {
        --it;
        add_element(out, it, std::ranges::begin(source));
    }
    out.reverse();
    return out;
}

void check_same_elements(const element_columns& actual, const element_columns& expected)
{
    BOOST_TEST(actual.offsets == expected.offsets);
    BOOST_TEST(actual.lengths == expected.lengths);
    BOOST_TEST(actual.values == expected.values);
    BOOST_TEST(actual.errors == expected.errors);
    BOOST_TEST_REQUIRE(actual.code_units.size() == expected.code_units.size());
    for (std::size_t index = 0; index < actual.code_units.size(); ++index)
        BOOST_TEST(actual.code_units[index] == expected.code_units[index]);
}

// Unpaired surrogates, each case written out as the WHATWG UTF-16 decoder
// reads it: every unpaired surrogate is one error of one code unit, and the
// code unit after an unpaired high surrogate starts the next element.
struct surrogate_case {
    const char* name;
    std::u16string input;
    std::u32string replaced;                 // on_error::replace
    std::vector<std::size_t> error_offsets;  // code units
};

const std::vector<surrogate_case>& surrogate_cases()
{
    static const std::vector<surrogate_case> cases = {
        {"empty", {}, U"", {}},
        {"lone high", {0xD800}, U"\uFFFD", {0}},
        {"lone low", {0xDC00}, U"\uFFFD", {0}},
        {"high at the end", {0x0041, 0xDBFF}, U"A\uFFFD", {1}},
        {"high then ASCII", {0xD800, 0x0041}, U"\uFFFDA", {0}},
        {"high then high then low", {0xD800, 0xD800, 0xDC00}, U"\uFFFD\U00010000", {0}},
        {"high then high at the end", {0xDBFF, 0xDBFF}, U"\uFFFD\uFFFD", {0, 1}},
        {"low then high", {0xDC00, 0xD800}, U"\uFFFD\uFFFD", {0, 1}},
        {"low then low", {0xDFFF, 0xDC00}, U"\uFFFD\uFFFD", {0, 1}},
        {"high, BMP character, low", {0xD83D, 0x4E8C, 0xDE00}, U"\uFFFD\u4E8C\uFFFD", {0, 2}},
        {"pair, lone low", {0xD83D, 0xDE00, 0xDE00}, U"\U0001F600\uFFFD", {2}},
        {"lone low, pair", {0xDE00, 0xD83D, 0xDE00}, U"\uFFFD\U0001F600", {0}},
        {"lone low between pairs", {0xD800, 0xDC00, 0xDC00, 0xDBFF, 0xDFFF}, U"\U00010000\uFFFD\U0010FFFF", {2}},
        {"surrogates only", {0xDC00, 0xDBFF, 0xDC00, 0xD800}, U"\uFFFD\U0010FC00\uFFFD", {0, 3}},
        {"U+FFFD itself is no error", {0xFFFD, 0xD800}, U"\uFFFD\uFFFD", {1}},
        {"U+FFFD alone", {0xFFFD}, U"\uFFFD", {}},
        {"no surrogate", {0x0041, 0x00E9, 0xFFFF}, U"A\u00E9\uFFFF", {}},
    };
    return cases;
}

// Every policy, forwards and backwards, over `source` (the code units of
// `c.input` in a std::u16string_view or a std::list<char16_t>).
template <class Source>
void check_surrogate_case(const Source& source, const surrogate_case& c)
{
    const std::vector<ref16::element> elements = ref16::decode(c.input);
    const units_t replaced = as_units(c.replaced);
    const units_t skipped = as_units(decoded16(c.input, true));
    const units_t questioned = as_units(decoded16(c.input, false, U'?'));
    const std::vector<std::size_t>& errors = c.error_offsets;
    const std::vector<std::size_t> errors_backwards(errors.rbegin(), errors.rend());

    // Replace.
    {
        auto view = source | u8v::views::decode_utf16;
        BOOST_TEST(as_units(view) == replaced);
        BOOST_TEST(backwards(view) == replaced);
        BOOST_TEST(through_reverse(view) == reversed(replaced));
        auto spelled = source | u8v::views::decode_utf16(u8v::on_error::replace);
        BOOST_TEST(as_units(spelled) == replaced);
    }
    // Skip.
    {
        auto view = source | u8v::views::decode_utf16(u8v::on_error::skip);
        BOOST_TEST(as_units(view) == skipped);
        BOOST_TEST(backwards(view) == skipped);
        BOOST_TEST(through_reverse(view) == reversed(skipped));
        BOOST_TEST(view.empty() == skipped.empty());
    }
    // Throw, forwards: the first error, after the elements before it.
    std::size_t first_error_element = elements.size(), last_error_element = elements.size();
    for (std::size_t index = 0; index < elements.size(); ++index) {
        if (elements[index].code_point) continue;
        if (first_error_element == elements.size()) first_error_element = index;
        last_error_element = index;
    }
    {
        units_t before;
        const caught e = catch_decode_error([&] {
            for (const char32_t code_point : source | u8v::views::decode_utf16(u8v::on_error::throw_exception))
                before.push_back(code_point);
        });
        BOOST_TEST(e.thrown == !errors.empty());
        if (e.thrown) {
            BOOST_TEST((e.kind == u8v::error_kind::unpaired_surrogate));
            BOOST_TEST(e.offset == errors.front());
            BOOST_TEST(before == units_t(replaced.begin(), replaced.begin() + static_cast<long>(first_error_element)));
        }
        else {
            BOOST_TEST(before == replaced);
        }
    }
    // Throw, backwards: the last error, after the elements after it; by a
    // `--` loop (begin() is not taken: it would throw first) and through
    // std::views::reverse.
    {
        const units_t expected_after =
            errors.empty()
                ? reversed(replaced)
                : reversed(units_t(replaced.begin() + static_cast<long>(last_error_element) + 1, replaced.end()));
        units_t after;
        const caught e = catch_decode_error([&] {
            auto view = source | u8v::views::decode_utf16(u8v::on_error::throw_exception);
            auto it = view.end();
            for (std::size_t index = 0; index < elements.size(); ++index) {
                --it;
                after.push_back(unit_value(*it));
            }
        });
        BOOST_TEST(e.thrown == !errors.empty());
        if (e.thrown) {
            BOOST_TEST((e.kind == u8v::error_kind::unpaired_surrogate));
            BOOST_TEST(e.offset == errors.back());
        }
        BOOST_TEST(after == expected_after);

        // Not a range-for: the end of a std::views::reverse is the view's
        // begin(), which decodes (and throws about) the first element.
        units_t reversed_after;
        const caught r = catch_decode_error([&] {
            auto view = source | u8v::views::decode_utf16(u8v::on_error::throw_exception);
            auto reverse = view | std::views::reverse;
            auto it = reverse.begin();
            for (std::size_t index = 0; index < elements.size(); ++index, ++it) reversed_after.push_back(*it);
        });
        BOOST_TEST(r.thrown == !errors.empty());
        if (r.thrown) BOOST_TEST(r.offset == errors.back());
        BOOST_TEST(reversed_after == expected_after);
    }
    // A recording policy that replaces: forwards, each error told once, in
    // order; backwards, once per element visited, last first.
    {
        std::vector<u8v::decode_error_info> log;
        auto view = source | u8v::views::decode_utf16(recording_policy{&log, U'?'});
        BOOST_TEST(as_units(view) == questioned);
        BOOST_TEST(offsets_in(log) == errors);

        log.clear();
        units_t back;
        const auto first = view.begin();
        log.clear();  // begin() told about the first element, if it is an error
        for (auto it = view.end(); it != first;) {
            --it;
            back.push_back(unit_value(*it));
            BOOST_TEST(it.error().has_value() == (*it == U'?'));
        }
        BOOST_TEST(reversed(back) == questioned);
        BOOST_TEST(offsets_in(log) == errors_backwards);

        // Through std::views::reverse (not a range-for: its end() is the
        // view's begin()): a std::reverse_iterator steps its base back both
        // to read an element (`*--copy`) and to move past it (`--current`),
        // so each error is told twice, one element after the other.
        log.clear();
        auto reverse = view | std::views::reverse;
        units_t reversed_values;
        auto it = reverse.begin();
        for (std::size_t index = 0; index < elements.size(); ++index, ++it) reversed_values.push_back(*it);
        BOOST_TEST(reversed_values == reversed(questioned));
        std::vector<std::size_t> twice;
        for (const std::size_t offset : errors_backwards) twice.insert(twice.end(), 2, offset);
        BOOST_TEST(offsets_in(log) == twice);
    }
    // A recording policy that drops: forwards, each error once (begin()
    // passes over the leading ones); backwards from the end down to begin(),
    // each error after the first kept element, last first.
    {
        std::vector<u8v::decode_error_info> log;
        auto view = source | u8v::views::decode_utf16(recording_policy{&log, std::nullopt});
        BOOST_TEST(as_units(view) == skipped);
        BOOST_TEST(offsets_in(log) == errors);

        std::size_t first_kept = c.input.size();
        for (const ref16::element& e : elements)
            if (e.code_point) {
                first_kept = e.offset;
                break;
            }
        std::vector<std::size_t> expected_log;
        for (const std::size_t offset : errors_backwards)
            if (offset > first_kept) expected_log.push_back(offset);
        const auto first = view.begin();
        log.clear();
        units_t back;
        for (auto it = view.end(); it != first;) back.push_back(unit_value(*--it));
        BOOST_TEST(reversed(back) == skipped);
        BOOST_TEST(offsets_in(log) == expected_log);
    }
}

// UTF-16 text for the random tests: random scalar values by Table 3-5, with
// `plants` code units (surrogates one time in three) put at random places.
std::u16string random_utf16(t::random_source& random, std::uint32_t max_code_points, int plants)
{
    std::vector<char32_t> code_points;
    const auto count = random.below(max_code_points + 1);
    for (std::uint32_t index = 0; index < count; ++index) code_points.push_back(t::random_scalar_value(random));
    std::u16string text = utf16_of(code_points);
    for (int plant = 0; plant < plants; ++plant) {
        const auto at = text.empty() ? 0 : random.below(static_cast<std::uint32_t>(text.size() + 1));
        const char16_t unit =
            static_cast<char16_t>(random.below(3) != 0 ? random.between(0xD800, 0xDFFF) : random.below(0x10000));
        text.insert(text.begin() + at, unit);
    }
    return text;
}

// A test_range over the code units of `text`, single pass (input only).
t::input_test_range<const char16_t> input_range_of(const std::u16string& text)
{
    return t::input_test_range<const char16_t>(text.data(), text.data() + text.size());
}

// 0..10FFFF without the surrogates (Unicode 15.0 ch. 3, D76).
std::u32string every_scalar_value()
{
    std::u32string all;
    all.reserve(0x110000 - 0x800);
    for (char32_t c = 0; c < 0x110000; ++c)
        if (c < 0xD800 || c > 0xDFFF) all.push_back(c);
    return all;
}

// "D800 DC00": code units for messages.
std::string hex_of(const std::u16string& text)
{
    std::ostringstream out;
    for (std::size_t index = 0; index < text.size(); ++index) {
        if (index != 0) out << ' ';
        t::print_hex(out, text[index], 4);
    }
    return out.str();
}

// The index of the first difference of two sequences, or their common size.
template <class A, class B>
std::size_t first_difference(const A& a, const B& b)
{
    const auto [in_a, in_b] = std::mismatch(a.begin(), a.end(), b.begin(), b.end(),
                                            [](auto x, auto y) { return unit_value(x) == unit_value(y); });
    return static_cast<std::size_t>(in_a - a.begin());
}

}  // namespace

// ---------------------------------------------------------------------------
// 1. Unpaired surrogates under every policy, forwards and backwards.

BOOST_AUTO_TEST_CASE(unpaired_surrogates_under_every_policy_both_ways)
{
    for (const surrogate_case& c : surrogate_cases()) {
        BOOST_TEST_CONTEXT(c.name)
        {
            // The reference reads each case as written.
            BOOST_TEST(as_units(decoded16(c.input)) == as_units(c.replaced));
            BOOST_TEST(error_offsets16(c.input) == c.error_offsets);

            const std::u16string_view view_source(c.input);
            const std::list<char16_t> list_source(c.input.begin(), c.input.end());
            BOOST_TEST_CONTEXT("std::u16string_view")
            {
                check_surrogate_case(view_source, c);
            }
            BOOST_TEST_CONTEXT("std::list<char16_t>")
            {
                check_surrogate_case(list_source, c);
            }
        }
    }
}

// ---------------------------------------------------------------------------
// 2. base(), error(), code_unit_count() and code_units() of each element.

BOOST_AUTO_TEST_CASE(base_error_and_code_unit_count_of_each_element)
{
    std::vector<std::u16string> inputs;
    for (const surrogate_case& c : surrogate_cases()) inputs.push_back(c.input);
    // U+004D U+0430 U+4E8C U+10302: Unicode 15.0 ch. 3, D91's example.
    inputs.push_back({0x004D, 0x0430, 0x4E8C, 0xD800, 0xDF02});
    t::random_source random(20261207);
    for (int round = 0; round < 40; ++round) inputs.push_back(random_utf16(random, 12, 3));

    for (const std::u16string& input : inputs) {
        BOOST_TEST_CONTEXT("[" << hex_of(input) << "]")
        {
            const std::u16string_view text(input);
            const std::list<char16_t> list(input.begin(), input.end());
            for (const bool skip : {false, true}) {
                BOOST_TEST_CONTEXT((skip ? "skip" : "replace"))
                {
                    const element_columns expected = expected_elements(input, skip);
                    const auto check_with = [&](const auto policy) {
                        auto over_text = text | u8v::views::decode_utf16(policy);
                        auto over_list = list | u8v::views::decode_utf16(policy);
                        check_same_elements(elements_forwards(over_text, text), expected);
                        check_same_elements(elements_backwards(over_text, text), expected);
                        check_same_elements(elements_forwards(over_list, list), expected);
                        check_same_elements(elements_backwards(over_list, list), expected);
                    };
                    if (skip) check_with(u8v::on_error::skip);
                    else check_with(u8v::on_error::replace);
                }
            }
            // At the end: no element, base() is the end of the code units.
            auto view = text | u8v::views::decode_utf16;
            BOOST_TEST(view.end().code_unit_count() == 0u);
            BOOST_TEST((view.end().base() == text.end()));
            BOOST_TEST((std::ranges::next(view.begin(), view.end()).base() == text.end()));
        }
    }
}

// A real U+FFFD and a replacement are told apart by error(); a policy's
// supplementary replacement is one element of one code unit.
BOOST_AUTO_TEST_CASE(error_tells_a_replacement_from_a_real_replacement_character)
{
    const std::u16string text = {0xFFFD, 0xDC00, 0xD83D, 0xDE00};
    auto view = text | u8v::views::decode_utf16;
    auto it = view.begin();
    BOOST_TEST(unit_value(*it) == 0xFFFDu);
    BOOST_TEST(!it.error().has_value());
    BOOST_TEST(it.code_unit_count() == 1u);
    ++it;
    BOOST_TEST(unit_value(*it) == 0xFFFDu);
    BOOST_TEST((it.error() == std::optional<u8v::error_kind>(u8v::error_kind::unpaired_surrogate)));
    BOOST_TEST(it.code_unit_count() == 1u);
    ++it;
    BOOST_TEST(unit_value(*it) == 0x1F600u);
    BOOST_TEST(!it.error().has_value());
    BOOST_TEST(it.code_unit_count() == 2u);
    BOOST_TEST(as_units(it.code_units()) == (units_t{0xD83D, 0xDE00}));
    ++it;
    BOOST_TEST((it == view.end()));

    std::vector<u8v::decode_error_info> log;
    auto poo = text | u8v::views::decode_utf16(recording_policy{&log, U'\U0001F4A9'});
    BOOST_TEST(as_units(poo) == (units_t{0xFFFD, 0x1F4A9, 0x1F600}));
    BOOST_TEST(backwards(poo) == (units_t{0xFFFD, 0x1F4A9, 0x1F600}));
    auto second = std::ranges::next(poo.begin());
    BOOST_TEST(second.code_unit_count() == 1u);
    BOOST_TEST((second.base() - text.begin()) == 1);
    // A replacement that is not a scalar value is yielded as U+FFFD.
    auto broken = text | u8v::views::decode_utf16(recording_policy{&log, char32_t{0xD800}});
    BOOST_TEST(as_units(broken) == (units_t{0xFFFD, 0xFFFD, 0x1F600}));
}

// Replaces each maximal subpart with U+FFFD, except at its `throw_at`-th
// call (counting from 1), where it throws. The count is shared by all
// copies (views copy policies).
struct throw_at_call {
    int* calls;
    int throw_at;
    std::optional<char32_t> operator()(const u8v::decode_error_info& info) const
    {
        if (++*calls == throw_at) throw u8v::decode_error(info.kind, info.offset);
        return char32_t{0xFFFD};
    }
};

// A policy that throws about the next element leaves the iterator as it
// was, including what it knows of the bytes ahead. Over "ab FF FF" (cd or
// nothing after), exactly sized on the heap: from the end back to the FF
// at byte 2 (both FF replaced), ++ throws about the FF at 3, -- goes to
// b, and ++ must then decode the FF at 2 again, with every check: a
// validated stretch that the throwing step left covering byte 2 would
// decode FF FF as a 4-byte sequence, reading past the end. The decode
// view and views::utf8_to_utf16 over it (which steps the decode iterator
// in place).
BOOST_AUTO_TEST_CASE(a_policy_that_throws_ahead_leaves_nothing_validated_behind)
{
    for (const std::string_view text : {std::string_view("ab\xFF\xFF"
                                                         "cd"),
                                        std::string_view("ab\xFF\xFF")}) {
        BOOST_TEST_CONTEXT(text.size() << " bytes")
        {
            const auto heap = std::make_unique<char[]>(text.size());  // exactly sized: ASan sees any read past it
            std::copy(text.begin(), text.end(), heap.get());
            const std::string_view bytes(heap.get(), text.size());
            const std::size_t tail = text.size() - 4;  // the code points after the two FF

            int calls = 0;
            auto view = bytes | u8v::views::decode(throw_at_call{&calls, 3});
            auto it = view.end();
            for (std::size_t n = 0; n < tail + 2; ++n) --it;  // onto the FF at 2: calls 1 and 2
            BOOST_TEST((it.base() - bytes.begin()) == 2);
            BOOST_CHECK_THROW(++it, u8v::decode_error);  // the FF at 3: call 3
            BOOST_TEST((it.base() - bytes.begin()) == 2);
            --it;
            BOOST_TEST(static_cast<std::uint32_t>(*it) == 0x62u);
            ++it;  // the FF at 2 again: call 4, replaced
            BOOST_TEST((it.base() - bytes.begin()) == 2);
            BOOST_TEST(static_cast<std::uint32_t>(*it) == 0xFFFDu);
            BOOST_TEST(it.code_unit_count() == 1u);
            BOOST_TEST(it.error().has_value());
            ++it;
            BOOST_TEST((it.base() - bytes.begin()) == 3);
            BOOST_TEST(static_cast<std::uint32_t>(*it) == 0xFFFDu);

            calls = 0;
            auto units = bytes | u8v::views::utf8_to_utf16(throw_at_call{&calls, 3});
            auto unit = units.end();
            for (std::size_t n = 0; n < tail + 2; ++n) --unit;
            BOOST_TEST((unit.base().base() - bytes.begin()) == 2);
            BOOST_CHECK_THROW(++unit, u8v::decode_error);
            BOOST_TEST((unit.base().base() - bytes.begin()) == 2);
            --unit;
            BOOST_TEST(unit_value(*unit) == 0x62u);
            ++unit;
            BOOST_TEST((unit.base().base() - bytes.begin()) == 2);
            BOOST_TEST(unit_value(*unit) == 0xFFFDu);
            BOOST_TEST(unit.base().error().has_value());
        }
    }
}

// A throwing policy leaves the iterator where it was, both ways.
BOOST_AUTO_TEST_CASE(a_throwing_policy_leaves_the_iterator_where_it_was)
{
    const std::u16string text = {0x61, 0x62, 0xDC00, 0x63};
    auto view = text | u8v::views::decode_utf16(u8v::on_error::throw_exception);
    auto it = std::ranges::next(view.begin());
    BOOST_REQUIRE(unit_value(*it) == 0x62u);
    BOOST_CHECK_THROW(++it, u8v::decode_error);
    BOOST_TEST(unit_value(*it) == 0x62u);
    BOOST_TEST((it.base() - text.begin()) == 1);

    auto back = std::ranges::prev(view.end());
    BOOST_REQUIRE(unit_value(*back) == 0x63u);
    BOOST_CHECK_THROW(--back, u8v::decode_error);
    BOOST_TEST(unit_value(*back) == 0x63u);
    BOOST_TEST((back.base() - text.begin()) == 3);
}

// ---------------------------------------------------------------------------
// 3. Random UTF-16 against the reference decoder, over a contiguous string,
// a std::list (bidirectional, not random access) and an input range.

BOOST_AUTO_TEST_CASE(random_utf16_against_the_reference_decoder)
{
    t::random_source random(20261205);
    for (int round = 0; round < 200; ++round) {
        // Valid text one round in four, else with planted code units.
        const std::u16string text = random_utf16(random, 60, round % 4 == 0 ? 0 : 1 + round % 6);
        BOOST_TEST_CONTEXT("round " << round << ", " << text.size() << " code units")
        {
            const units_t replaced = as_units(decoded16(text));
            const units_t skipped = as_units(decoded16(text, true));
            const std::vector<std::size_t> errors = error_offsets16(text);
            const std::vector<std::size_t> errors_backwards(errors.rbegin(), errors.rend());
            if (round % 4 == 0) BOOST_TEST(errors.empty());

            // std::u16string (a std::ranges::ref_view of it).
            auto over_string = text | u8v::views::decode_utf16;
            BOOST_TEST(as_units(over_string) == replaced);
            BOOST_TEST(backwards(over_string) == replaced);
            BOOST_TEST(through_reverse(over_string) == reversed(replaced));
            auto skipping = text | u8v::views::decode_utf16(u8v::on_error::skip);
            BOOST_TEST(as_units(skipping) == skipped);
            BOOST_TEST(backwards(skipping) == skipped);
            check_same_elements(elements_forwards(over_string, text), expected_elements(text));

            // std::list<char16_t>: offsets are counted, also from end().
            const std::list<char16_t> list(text.begin(), text.end());
            auto over_list = list | u8v::views::decode_utf16;
            BOOST_TEST(as_units(over_list) == replaced);
            BOOST_TEST(backwards(over_list) == replaced);
            BOOST_TEST(through_reverse(over_list) == reversed(replaced));
            BOOST_TEST(as_units(list | u8v::views::decode_utf16(u8v::on_error::skip)) == skipped);
            std::vector<u8v::decode_error_info> log;
            auto recorded = list | u8v::views::decode_utf16(recording_policy{&log, U'?'});
            BOOST_TEST(as_units(recorded) == as_units(decoded16(text, false, U'?')));
            BOOST_TEST(offsets_in(log) == errors);
            const auto first = recorded.begin();
            log.clear();
            for (auto it = recorded.end(); it != first;) --it;
            BOOST_TEST(offsets_in(log) == errors_backwards);
            const caught thrown = catch_decode_error([&] {
                auto view = list | u8v::views::decode_utf16(u8v::on_error::throw_exception);
                auto it = view.end();
                for (std::size_t index = 0; index < replaced.size(); ++index) --it;
            });
            BOOST_TEST(thrown.thrown == !errors.empty());
            if (!errors.empty()) BOOST_TEST(thrown.offset == errors.back());

            // An input range: single pass, offsets counted as read.
            {
                auto input = input_range_of(text);
                BOOST_TEST(as_units(input | u8v::views::decode_utf16) == replaced);
            }
            {
                auto input = input_range_of(text);
                BOOST_TEST(as_units(input | u8v::views::decode_utf16(u8v::on_error::skip)) == skipped);
            }
            {
                auto input = input_range_of(text);
                log.clear();
                BOOST_TEST(as_units(u8v::views::decode_utf16(input, recording_policy{&log, std::nullopt})) == skipped);
                BOOST_TEST(offsets_in(log) == errors);
            }
            {
                auto input = input_range_of(text);
                const caught e = catch_decode_error([&] {
                    for (const char32_t c : input | u8v::views::decode_utf16(u8v::on_error::throw_exception))
                        static_cast<void>(c);
                });
                BOOST_TEST(e.thrown == !errors.empty());
                if (!errors.empty()) BOOST_TEST(e.offset == errors.front());
            }
            {
                // code_unit_count() and error() over the input range.
                auto input = input_range_of(text);
                auto view = input | u8v::views::decode_utf16;
                const element_columns expected = expected_elements(text);
                std::vector<std::size_t> lengths;
                std::vector<int> kinds;
                for (auto it = view.begin(); it != view.end(); ++it) {
                    lengths.push_back(it.code_unit_count());
                    kinds.push_back(it.error() ? static_cast<int>(*it.error()) : 0);
                }
                BOOST_TEST(lengths == expected.lengths);
                BOOST_TEST(kinds == expected.errors);
            }
        }
    }
}

// ---------------------------------------------------------------------------
// 4. views::encode_utf16 against Table 3-5.

BOOST_AUTO_TEST_CASE(encode_utf16_of_every_scalar_value_around_table_3_5s_boundaries)
{
    struct block {
        char32_t first;
        char32_t last;  // inclusive
    };
    // Around 0, 7F, D7FF / E000 (the surrogates), FFFF / 10000 (one code
    // unit to two), 103FF / 10400 (the first high surrogate's last pair),
    // and 10FFFF.
    const std::vector<block> blocks = {
        {0x0000, 0x0100}, {0xD700, 0xD7FF}, {0xE000, 0xE0FF}, {0xFF00, 0x10500}, {0x10FC00, 0x10FFFF},
    };
    for (const block& b : blocks) {
        BOOST_TEST_CONTEXT("U+" << std::hex << unit_value(b.first) << "..U+" << unit_value(b.last))
        {
            std::u32string code_points;
            for (char32_t c = b.first; c <= b.last; ++c) code_points.push_back(c);
            std::u16string expected_text;
            std::vector<std::size_t> expected_bases;  // the code point of each code unit
            for (std::size_t index = 0; index < code_points.size(); ++index) {
                const std::u16string units = ref16::encode(code_points[index]);
                expected_text += units;
                expected_bases.insert(expected_bases.end(), units.size(), index);
            }
            const units_t expected = as_units(expected_text);

            const std::u32string_view source(code_points);
            auto view = source | u8v::views::encode_utf16;
            BOOST_TEST(as_units(view) == expected);
            BOOST_TEST(backwards(view) == expected);
            BOOST_TEST(through_reverse(view) == reversed(expected));
            BOOST_TEST(as_units(source | u8v::views::encode_as<char16_t>) == expected);
            BOOST_TEST(as_units(source | u8v::views::encode_utf16(u8v::on_error::throw_exception)) == expected);

            std::vector<std::size_t> bases;
            bool any_error = false;
            for (auto it = view.begin(); it != view.end(); ++it) {
                bases.push_back(static_cast<std::size_t>(it.base() - source.begin()));
                any_error = any_error || it.error().has_value();
            }
            BOOST_TEST(bases == expected_bases);
            BOOST_TEST(!any_error);

            const std::list<char32_t> list(code_points.begin(), code_points.end());
            auto over_list = list | u8v::views::encode_utf16;
            BOOST_TEST(as_units(over_list) == expected);
            BOOST_TEST(backwards(over_list) == expected);
        }
    }
}

// Values that are not scalar values (Unicode 15.0 D76: surrogates, above
// 10FFFF, negative) under each policy, both ways.
BOOST_AUTO_TEST_CASE(encode_utf16_of_values_that_are_not_scalar_values)
{
    const std::u32string values = {0x41, 0xD800, 0x10000, 0xDBFF, 0xDC00, 0xDFFF, 0x110000, 0xFFFFFFFF, 0x10FFFF, 0x42};
    const std::u32string_view source(values);
    const std::vector<std::size_t> bad = {1, 3, 4, 5, 6, 7};
    const units_t replaced = {0x41,   0xFFFD, 0xD800, 0xDC00, 0xFFFD, 0xFFFD,
                              0xFFFD, 0xFFFD, 0xFFFD, 0xDBFF, 0xDFFF, 0x42};
    const units_t skipped = {0x41, 0xD800, 0xDC00, 0xDBFF, 0xDFFF, 0x42};

    auto view = source | u8v::views::encode_utf16;
    BOOST_TEST(as_units(view) == replaced);
    BOOST_TEST(backwards(view) == replaced);
    BOOST_TEST(through_reverse(view) == reversed(replaced));
    auto skipping = source | u8v::views::encode_utf16(u8v::on_error::skip);
    BOOST_TEST(as_units(skipping) == skipped);
    BOOST_TEST(backwards(skipping) == skipped);
    BOOST_TEST(through_reverse(skipping) == reversed(skipped));

    // error() marks the replacements: surrogate or out_of_range.
    std::vector<int> kinds;
    for (auto it = view.begin(); it != view.end(); ++it)
        kinds.push_back(it.error() ? static_cast<int>(*it.error()) : 0);
    const int s = static_cast<int>(u8v::error_kind::surrogate), o = static_cast<int>(u8v::error_kind::out_of_range);
    BOOST_TEST(kinds == (std::vector<int>{0, s, 0, 0, s, s, s, o, o, 0, 0, 0}));

    // Throw: the first bad value forwards, the last backwards.
    const caught forwards = catch_encode_error([&] {
        for (const char16_t unit : source | u8v::views::encode_utf16(u8v::on_error::throw_exception))
            static_cast<void>(unit);
    });
    BOOST_TEST(forwards.thrown);
    BOOST_TEST((forwards.kind == u8v::error_kind::surrogate));
    BOOST_TEST(forwards.offset == 1u);
    BOOST_TEST(forwards.value == 0xD800);
    const caught backwards_thrown = catch_encode_error([&] {
        auto throwing = source | u8v::views::encode_utf16(u8v::on_error::throw_exception);
        for (const char16_t unit : throwing | std::views::reverse) static_cast<void>(unit);
    });
    BOOST_TEST(backwards_thrown.thrown);
    BOOST_TEST((backwards_thrown.kind == u8v::error_kind::out_of_range));
    BOOST_TEST(backwards_thrown.offset == 7u);
    BOOST_TEST(backwards_thrown.value == 0xFFFFFFFF);

    // A recording policy: each bad value once, in order; backwards, last first.
    std::vector<u8v::encode_error_info> log;
    auto recorded = source | u8v::views::encode_utf16(recording_encode_policy{&log, std::nullopt});
    BOOST_TEST(as_units(recorded) == skipped);
    std::vector<std::size_t> offsets;
    for (const u8v::encode_error_info& info : log) offsets.push_back(info.offset);
    BOOST_TEST(offsets == bad);
    BOOST_TEST(log.at(5).value == 0xFFFFFFFF);
    BOOST_TEST((log.at(4).kind == u8v::error_kind::out_of_range));
    const auto first = recorded.begin();
    log.clear();
    for (auto it = recorded.end(); it != first;) --it;
    offsets.clear();
    for (const u8v::encode_error_info& info : log) offsets.push_back(info.offset);
    BOOST_TEST(offsets == std::vector<std::size_t>(bad.rbegin(), bad.rend()));

    // A supplementary replacement is a surrogate pair, both ways; one that is
    // not a scalar value is U+FFFD.
    const std::u32string_view two_bad = U"a\xD800"
                                        "b\x110000";
    auto pairs = two_bad | u8v::views::encode_utf16(recording_encode_policy{&log, U'\U0001F600'});
    const units_t pair_expected = {'a', 0xD83D, 0xDE00, 'b', 0xD83D, 0xDE00};
    BOOST_TEST(as_units(pairs) == pair_expected);
    BOOST_TEST(backwards(pairs) == pair_expected);
    BOOST_TEST(through_reverse(pairs) == reversed(pair_expected));
    auto broken = two_bad | u8v::views::encode_utf16(recording_encode_policy{&log, char32_t{0xDC00}});
    BOOST_TEST(as_units(broken) == (units_t{'a', 0xFFFD, 'b', 0xFFFD}));

    // Negative values of a signed type.
    const std::vector<int> negative = {-1, 0x41, -0x10000};
    BOOST_TEST(as_units(negative | u8v::views::encode_utf16) == (units_t{0xFFFD, 0x41, 0xFFFD}));
    BOOST_TEST(as_units(negative | u8v::views::encode_utf16(u8v::on_error::skip)) == (units_t{0x41}));
    const caught negative_thrown = catch_encode_error([&] {
        for (const char16_t unit : negative | u8v::views::encode_utf16(u8v::on_error::throw_exception))
            static_cast<void>(unit);
    });
    BOOST_TEST(negative_thrown.thrown);
    BOOST_TEST((negative_thrown.kind == u8v::error_kind::out_of_range));
    BOOST_TEST(negative_thrown.offset == 0u);
    BOOST_TEST(negative_thrown.value == -1);
}

// ---------------------------------------------------------------------------
// 5. views::utf8_to_utf16 and views::utf16_to_utf8 over the decode vectors.

BOOST_AUTO_TEST_CASE(every_decode_vector_through_the_transcoding_views)
{
    const std::vector<t::decode_vector> rows = t::read_decode_vectors();
    BOOST_TEST_REQUIRE(rows.size() >= 500u);
    for (const t::decode_vector& row : rows) {
        BOOST_TEST_CONTEXT(row.id << " [" << row.input_hex << "]")
        {
            const std::string_view bytes(row.input);
            const units_t replaced = as_units(utf16_of(row.replace));
            const units_t skipped = as_units(utf16_of(row.skip));

            auto view = bytes | u8v::views::utf8_to_utf16;
            BOOST_TEST(as_units(view) == replaced);
            BOOST_TEST(backwards(view) == replaced);
            BOOST_TEST(through_reverse(view) == reversed(replaced));
            BOOST_TEST(steps_back_to_where_it_was(view));
            auto skipping = bytes | u8v::views::utf8_to_utf16(u8v::on_error::skip);
            BOOST_TEST(as_units(skipping) == skipped);
            BOOST_TEST(backwards(skipping) == skipped);
            BOOST_TEST(steps_back_to_where_it_was(skipping));
            const std::list<char> list(row.input.begin(), row.input.end());
            auto over_list = list | u8v::views::utf8_to_utf16;
            BOOST_TEST(as_units(over_list) == replaced);
            BOOST_TEST(backwards(over_list) == replaced);

            // Throw: the first error at the row's offset.
            const caught thrown = catch_decode_error([&] {
                for (const char16_t unit : u8v::views::utf8_to_utf16(bytes, u8v::on_error::throw_exception))
                    static_cast<void>(unit);
            });
            BOOST_TEST(thrown.thrown == (row.first_invalid >= 0));
            if (thrown.thrown) BOOST_TEST(static_cast<long>(thrown.offset) == row.first_invalid);

            // it.base().base() and it.base().error(): the byte offset and
            // error of the segment (support/reference_utf8.hpp) each code
            // unit comes from; its value agrees with the file.
            const std::vector<ref::segment> segments =
                ref::segments(reinterpret_cast<const unsigned char*>(row.input.data()), row.input.size());
            std::vector<char32_t> reference_replaced;
            std::vector<std::size_t> expected_positions;
            std::vector<int> expected_errors;
            for (const ref::segment& segment : segments) {
                const char32_t value = segment.well_formed() ? segment.code_point : U'\uFFFD';
                reference_replaced.push_back(value);
                const std::size_t units = ref16::encode(value).size();
                expected_positions.insert(expected_positions.end(), units, segment.offset);
                expected_errors.insert(expected_errors.end(), units,
                                       segment.error ? static_cast<int>(*segment.error) : 0);
            }
            BOOST_TEST(as_units(reference_replaced) == as_units(row.replace));
            std::vector<std::size_t> positions;
            std::vector<int> errors;
            for (auto it = view.begin(); it != view.end(); ++it) {
                positions.push_back(static_cast<std::size_t>(it.base().base() - bytes.begin()));
                errors.push_back(it.base().error() ? static_cast<int>(*it.base().error()) : 0);
                BOOST_TEST(!it.error().has_value());  // the encoder never meets a bad value
            }
            BOOST_TEST(positions == expected_positions);
            BOOST_TEST(errors == expected_errors);
            positions.clear();
            const auto first = view.begin();
            for (auto it = view.end(); it != first;) {
                --it;
                positions.push_back(static_cast<std::size_t>(it.base().base() - bytes.begin()));
            }
            BOOST_TEST(positions == std::vector<std::size_t>(expected_positions.rbegin(), expected_positions.rend()));

            // Back to UTF-8: Table 3-6's form of the row's code points, with
            // it.base().base() at the code point's first code unit.
            const std::u16string utf16 = utf16_of(row.replace);
            const units_t utf8 = as_units(utf8_of(row.replace));
            auto back = utf16 | u8v::views::utf16_to_utf8;
            BOOST_TEST(as_units(back) == utf8);
            BOOST_TEST(backwards(back) == utf8);
            BOOST_TEST(steps_back_to_where_it_was(back));
            std::vector<std::size_t> unit_positions, expected_unit_positions;
            std::size_t at = 0;
            for (const char32_t c : row.replace) {
                expected_unit_positions.insert(expected_unit_positions.end(), ref::encode(c).size(), at);
                at += ref16::encode(c).size();
            }
            for (auto it = back.begin(); it != back.end(); ++it)
                unit_positions.push_back(static_cast<std::size_t>(it.base().base() - utf16.begin()));
            BOOST_TEST(unit_positions == expected_unit_positions);
            // The two views chained, lazily: UTF-8 to UTF-16 to UTF-8.
            BOOST_TEST(as_units(bytes | u8v::views::utf8_to_utf16 | u8v::views::utf16_to_utf8) == utf8);
            BOOST_TEST(as_units(bytes | u8v::views::utf8_to_utf16(u8v::on_error::skip) | u8v::views::utf16_to_utf8) ==
                       as_units(utf8_of(row.skip)));
        }
    }
}

// utf16_to_utf8 over unpaired surrogates: each is EF BF BD (or what the
// policy says), with it.base().error() and the offset in code units.
BOOST_AUTO_TEST_CASE(utf16_to_utf8_over_unpaired_surrogates)
{
    for (const surrogate_case& c : surrogate_cases()) {
        BOOST_TEST_CONTEXT(c.name)
        {
            const std::u16string_view text(c.input);
            const units_t utf8 = as_units(utf8_of(decoded16(c.input)));
            auto view = text | u8v::views::utf16_to_utf8;
            BOOST_TEST(as_units(view) == utf8);
            BOOST_TEST(backwards(view) == utf8);
            BOOST_TEST(through_reverse(view) == reversed(utf8));
            BOOST_TEST(as_units(text | u8v::views::utf16_to_utf8(u8v::on_error::skip)) ==
                       as_units(utf8_of(decoded16(c.input, true))));
            const std::list<char16_t> list(c.input.begin(), c.input.end());
            BOOST_TEST(backwards(list | u8v::views::utf16_to_utf8) == utf8);

            std::vector<std::size_t> error_positions;
            for (auto it = view.begin(); it != view.end(); ++it)
                if (it.base().error()) {
                    BOOST_TEST((*it.base().error() == u8v::error_kind::unpaired_surrogate));
                    error_positions.push_back(static_cast<std::size_t>(it.base().base() - text.begin()));
                }
            std::vector<std::size_t> expected_positions;  // 3 bytes each
            for (const std::size_t offset : c.error_offsets)
                expected_positions.insert(expected_positions.end(), 3, offset);
            BOOST_TEST(error_positions == expected_positions);

            // Each error told once, in order (end() asks the policy nothing:
            // see end_of_a_view_over_a_view_asks_no_policy).
            std::vector<u8v::decode_error_info> log;
            auto recorded = text | u8v::views::utf16_to_utf8(recording_policy{&log, U'\U0001F4A9'});
            units_t poo;
            for (auto it = recorded.begin(); it != recorded.end(); ++it) poo.push_back(unit_value(*it));
            const auto last = recorded.end();
            BOOST_TEST(poo == as_units(utf8_of(decoded16(c.input, false, U'\U0001F4A9'))));
            BOOST_TEST(offsets_in(log) == c.error_offsets);
            log.clear();
            const auto first = recorded.begin();
            log.clear();
            for (auto it = last; it != first;) --it;
            BOOST_TEST(offsets_in(log) == std::vector<std::size_t>(c.error_offsets.rbegin(), c.error_offsets.rend()));

            const caught thrown = catch_decode_error([&] {
                for (const char8_t byte : text | u8v::views::utf16_to_utf8(u8v::on_error::throw_exception))
                    static_cast<void>(byte);
            });
            BOOST_TEST(thrown.thrown == !c.error_offsets.empty());
            if (thrown.thrown) BOOST_TEST(thrown.offset == c.error_offsets.front());

            // And utf8_to_utf16 of that UTF-8 gives the repaired UTF-16.
            const std::string repaired8 = utf8_of(decoded16(c.input));
            BOOST_TEST(as_units(repaired8 | u8v::views::utf8_to_utf16) == as_units(utf16_of(decoded16(c.input))));
        }
    }
}

// The end() of a view over another of the library's views (an encode_view
// over a decode_view: views::utf8_to_utf16, views::utf16_to_utf8; a
// decode_view over an encode_view) neither decodes nor encodes the base's
// first element: the policy is told once for each maximal subpart met (the
// contract of error_policy.hpp), on_error::throw_exception does not throw
// from end(), and a loop that compares with end() at each step stays linear.
BOOST_AUTO_TEST_CASE(end_of_a_view_over_a_view_asks_no_policy)
{
    const std::string_view bytes = "\xFF"
                                   "abc";
    auto throwing = bytes | u8v::views::utf8_to_utf16(u8v::on_error::throw_exception);
    BOOST_CHECK_NO_THROW(static_cast<void>(throwing.end()));
    const std::u32string_view code_points = U"\xD800"
                                            "a";
    auto encoded = code_points | u8v::views::encode_utf16(u8v::on_error::throw_exception);
    auto decoded = encoded | u8v::views::decode_utf16;
    BOOST_CHECK_NO_THROW(static_cast<void>(decoded.end()));

    const std::u16string text = {0xDC00, 'a', 'b', 'c'};
    std::vector<u8v::decode_error_info> log;
    auto recorded = text | u8v::views::utf16_to_utf8(recording_policy{&log, U'?'});
    BOOST_TEST(as_units(recorded) == (units_t{'?', 'a', 'b', 'c'}));
    BOOST_TEST(offsets_in(log) == std::vector<std::size_t>{0});
    log.clear();
    for (auto it = recorded.begin(); it != recorded.end(); ++it) static_cast<void>(*it);
    BOOST_TEST(offsets_in(log) == std::vector<std::size_t>{0});
}

// ---------------------------------------------------------------------------
// 6. Every scalar value, round trip.

BOOST_AUTO_TEST_CASE(every_scalar_value_round_trips)
{
    const std::u32string all = every_scalar_value();
    BOOST_TEST_REQUIRE(all.size() == 0x110000u - 0x800u);

    // Table 3-5 and 3-6, by the references.
    std::u16string expected16;
    std::string expected8;
    expected16.reserve(2 * all.size());
    expected8.reserve(4 * all.size());
    for (const char32_t c : all) {
        expected16 += ref16::encode(c);
        expected8 += ref::encode(c);
    }

    std::u16string utf16;
    utf16.reserve(expected16.size());
    for (const char16_t unit : std::u32string_view(all) | u8v::views::encode_utf16) utf16.push_back(unit);
    BOOST_TEST(utf16.size() == expected16.size());
    BOOST_TEST(first_difference(utf16, expected16) == expected16.size());

    std::u32string decoded;
    decoded.reserve(all.size());
    for (const char32_t c : std::u16string_view(utf16) | u8v::views::decode_utf16) decoded.push_back(c);
    BOOST_TEST(decoded.size() == all.size());
    BOOST_TEST(first_difference(decoded, all) == all.size());

    std::u8string utf8;
    utf8.reserve(expected8.size());
    for (const char8_t byte : std::u16string_view(utf16) | u8v::views::utf16_to_utf8) utf8.push_back(byte);
    BOOST_TEST(utf8.size() == expected8.size());
    BOOST_TEST(first_difference(utf8, expected8) == expected8.size());

    decoded.clear();
    for (const char32_t c : std::u8string_view(utf8) | u8v::views::decode) decoded.push_back(c);
    BOOST_TEST(decoded.size() == all.size());
    BOOST_TEST(first_difference(decoded, all) == all.size());

    // And UTF-8 to UTF-16 lazily, back to the start.
    std::u16string again;
    again.reserve(expected16.size());
    for (const char16_t unit : std::u8string_view(utf8) | u8v::views::utf8_to_utf16) again.push_back(unit);
    BOOST_TEST(again.size() == expected16.size());
    BOOST_TEST(first_difference(again, expected16) == expected16.size());
}

// ---------------------------------------------------------------------------
// 7. Constant evaluation.

namespace {

constexpr bool decode_utf16_at_compile_time()
{
    // 41, U+1F600 (D83D DE00), a lone low, a high before 42, 42, a real
    // U+FFFD, a high at the end.
    constexpr std::array<char16_t, 8> units = {0x41, 0xD83D, 0xDE00, 0xDC00, 0xD800, 0x42, 0xFFFD, 0xDBFF};
    constexpr std::array<char32_t, 7> replaced = {0x41, 0x1F600, 0xFFFD, 0xFFFD, 0x42, 0xFFFD, 0xFFFD};
    constexpr std::array<std::ptrdiff_t, 7> offsets = {0, 1, 3, 4, 5, 6, 7};
    constexpr std::array<std::size_t, 7> lengths = {1, 2, 1, 1, 1, 1, 1};
    constexpr std::array<bool, 7> errors = {false, false, true, true, false, false, true};
    constexpr std::array<char32_t, 4> skipped = {0x41, 0x1F600, 0x42, 0xFFFD};
    const std::u16string_view text(units.data(), units.size());
    auto view = text | u8v::views::decode_utf16;
    std::size_t index = 0;
    for (auto it = view.begin(); it != view.end(); ++it, ++index) {
        if (index >= replaced.size() || *it != replaced[index]) return false;
        if (it.base() - text.begin() != offsets[index] || it.code_unit_count() != lengths[index]) return false;
        if (it.error().has_value() != errors[index]) return false;
    }
    if (index != replaced.size()) return false;
    for (auto it = view.end(); it != view.begin();) {
        --it;
        --index;
        if (*it != replaced[index] || it.base() - text.begin() != offsets[index]) return false;
    }
    int told = 0;
    const auto counting = [&told](const u8v::decode_error_info&) -> std::optional<char32_t> {
        ++told;
        return U'?';
    };
    std::size_t questioned = 0;
    for (const char32_t c : text | u8v::views::decode_utf16(counting)) questioned += c == U'?' ? 1 : 0;
    return std::ranges::equal(view | std::views::reverse, replaced | std::views::reverse) &&
           std::ranges::equal(text | u8v::views::decode_utf16(u8v::on_error::skip), skipped) && told == 3 &&
           questioned == 3;
}
static_assert(decode_utf16_at_compile_time());

constexpr bool encode_utf16_at_compile_time()
{
    constexpr std::array<char32_t, 6> code_points = {0x41, 0x10000, 0xD800, 0x10FFFF, 0xFFFF, 0x110000};
    constexpr std::array<char16_t, 8> replaced = {0x41, 0xD800, 0xDC00, 0xFFFD, 0xDBFF, 0xDFFF, 0xFFFF, 0xFFFD};
    constexpr std::array<char16_t, 6> skipped = {0x41, 0xD800, 0xDC00, 0xDBFF, 0xDFFF, 0xFFFF};
    auto view = code_points | u8v::views::encode_utf16;
    std::size_t index = 0;
    for (auto it = view.begin(); it != view.end(); ++it, ++index)
        if (index >= replaced.size() || *it != replaced[index]) return false;
    return index == replaced.size() && std::ranges::equal(view | std::views::reverse, replaced | std::views::reverse) &&
           std::ranges::equal(code_points | u8v::views::encode_utf16(u8v::on_error::skip), skipped);
}
static_assert(encode_utf16_at_compile_time());

constexpr bool transcode_at_compile_time()
{
    // 41, U+1F600, a lone low, U+00E9 -> 41, F0 9F 98 80, EF BF BD, C3 A9.
    constexpr std::array<char16_t, 5> units = {0x41, 0xD83D, 0xDE00, 0xDC00, 0xE9};
    constexpr std::array<char8_t, 10> bytes = {0x41, 0xF0, 0x9F, 0x98, 0x80, 0xEF, 0xBF, 0xBD, 0xC3, 0xA9};
    const std::u16string_view text(units.data(), units.size());
    auto view = text | u8v::views::utf16_to_utf8;
    std::size_t index = 0;
    for (auto it = view.begin(); it != view.end(); ++it, ++index)
        if (index >= bytes.size() || *it != bytes[index]) return false;
    if (index != bytes.size() || !std::ranges::equal(view | std::views::reverse, bytes | std::views::reverse))
        return false;
    // F0 9F 98 80 FF 61 -> D83D DE00 FFFD 61.
    constexpr std::array<char16_t, 4> back = {0xD83D, 0xDE00, 0xFFFD, 0x61};
    const std::u8string_view utf8(u8"\xF0\x9F\x98\x80\xFF\x61", 6);
    return std::ranges::equal(utf8 | u8v::views::utf8_to_utf16, back) &&
           std::ranges::equal(utf8 | u8v::views::utf8_to_utf16 | std::views::reverse, back | std::views::reverse);
}
static_assert(transcode_at_compile_time());

}  // namespace

BOOST_AUTO_TEST_CASE(constant_evaluation_and_run_time_agree)
{
    BOOST_TEST(decode_utf16_at_compile_time());
    BOOST_TEST(encode_utf16_at_compile_time());
    BOOST_TEST(transcode_at_compile_time());
}

// ---------------------------------------------------------------------------
// 8. Concepts.

namespace {

template <class Range>
using decode16_t = decltype(std::declval<Range>() | u8v::views::decode_utf16);
template <class Range>
using encode16_t = decltype(std::declval<Range>() | u8v::views::encode_utf16);

// Over std::u16string_view: bidirectional, common, borrowed, a view; never
// random access or sized (code points have variable width).
static_assert(std::same_as<decode16_t<std::u16string_view>, u8v::decode_view<std::u16string_view>>);
static_assert(std::same_as<decltype(u8v::decode_view(std::u16string_view())), u8v::decode_view<std::u16string_view>>);
static_assert(std::ranges::bidirectional_range<decode16_t<std::u16string_view>>);
static_assert(!std::ranges::random_access_range<decode16_t<std::u16string_view>>);
static_assert(std::ranges::view<decode16_t<std::u16string_view>>);
static_assert(std::ranges::borrowed_range<decode16_t<std::u16string_view>>);
static_assert(std::ranges::common_range<decode16_t<std::u16string_view>>);
static_assert(!std::ranges::sized_range<decode16_t<std::u16string_view>>);
static_assert(std::same_as<std::ranges::range_value_t<decode16_t<std::u16string_view>>, char32_t>);
static_assert(std::same_as<std::ranges::range_reference_t<decode16_t<std::u16string_view>>, char32_t>);
static_assert(std::same_as<std::ranges::iterator_t<decode16_t<std::u16string_view>>::iterator_concept,
                           std::bidirectional_iterator_tag>);
static_assert(std::ranges::bidirectional_range<const decode16_t<std::u16string_view>>);
// Over a std::list: bidirectional, not random access; over an rvalue
// std::u16string (owned): not borrowed; over a std::forward_list: forward.
static_assert(std::ranges::bidirectional_range<decode16_t<std::list<char16_t>&>>);
static_assert(std::ranges::common_range<decode16_t<std::list<char16_t>&>>);
static_assert(!std::ranges::random_access_range<decode16_t<std::list<char16_t>&>>);
static_assert(!std::ranges::borrowed_range<decode16_t<std::u16string>>);
static_assert(std::ranges::view<decode16_t<std::u16string>>);
static_assert(std::ranges::forward_range<decode16_t<std::forward_list<char16_t>&>>);
static_assert(!std::ranges::bidirectional_range<decode16_t<std::forward_list<char16_t>&>>);
// Over an input range: input only.
static_assert(std::ranges::input_range<decode16_t<t::input_test_range<const char16_t>>>);
static_assert(!std::ranges::forward_range<decode16_t<t::input_test_range<const char16_t>>>);
static_assert(std::ranges::input_range<decode16_t<t::move_only_input_test_range<const char16_t>>>);
// Every policy gives the same concepts.
static_assert(std::ranges::bidirectional_range<u8v::decode_view<std::u16string_view, u8v::on_error::skip_t>>);
static_assert(std::ranges::bidirectional_range<u8v::decode_view<std::u16string_view, recording_policy>>);

// encode_utf16 and encode_as<char16_t>: the same type, of char16_t.
static_assert(std::same_as<encode16_t<std::u32string_view>,
                           u8v::encode_view<std::u32string_view, u8v::on_error::replace_t, char16_t>>);
static_assert(std::same_as<decltype(std::declval<std::u32string_view>() | u8v::views::encode_as<char16_t>),
                           encode16_t<std::u32string_view>>);
static_assert(std::ranges::bidirectional_range<encode16_t<std::u32string_view>>);
static_assert(!std::ranges::random_access_range<encode16_t<std::u32string_view>>);
static_assert(std::ranges::view<encode16_t<std::u32string_view>>);
static_assert(std::ranges::borrowed_range<encode16_t<std::u32string_view>>);
static_assert(std::ranges::common_range<encode16_t<std::u32string_view>>);
static_assert(std::same_as<std::ranges::range_value_t<encode16_t<std::u32string_view>>, char16_t>);
static_assert(std::ranges::bidirectional_range<encode16_t<std::list<char32_t>&>>);
static_assert(!std::ranges::forward_range<encode16_t<t::input_test_range<const char32_t>>>);

// The transcoding views: an encode_view over a decode_view, the policy on
// the decoding.
static_assert(std::same_as<decltype(std::declval<std::string_view>() | u8v::views::utf8_to_utf16),
                           u8v::encode_view<u8v::decode_view<std::string_view>, u8v::on_error::replace_t, char16_t>>);
static_assert(std::same_as<decltype(std::declval<std::string_view>() | u8v::views::utf8_to_utf16(u8v::on_error::skip)),
                           u8v::encode_view<u8v::decode_view<std::string_view, u8v::on_error::skip_t>,
                                            u8v::on_error::replace_t, char16_t>>);
static_assert(std::same_as<decltype(std::declval<std::u16string_view>() | u8v::views::utf16_to_utf8),
                           u8v::encode_view<u8v::decode_view<std::u16string_view>, u8v::on_error::replace_t, char8_t>>);
static_assert(
    std::ranges::bidirectional_range<decltype(std::declval<std::u16string_view>() | u8v::views::utf16_to_utf8)>);
static_assert(std::ranges::borrowed_range<decltype(std::declval<std::u16string_view>() | u8v::views::utf16_to_utf8)>);
static_assert(std::ranges::common_range<decltype(std::declval<std::string_view>() | u8v::views::utf8_to_utf16)>);
static_assert(!std::ranges::forward_range<decltype(std::declval<t::input_test_range<const char16_t>>() |
                                                   u8v::views::utf16_to_utf8)>);

// A type decode_view can be instantiated with.
template <class V>
concept makes_decode_view = requires { typename u8v::decode_view<V>; };

// An adaptor rejects `Range`: it cannot be called with it, or (as now) only
// the overload that stops compilation with a message can: its declared
// result is `Misuse` (an empty_view of the element type), and its body, the
// static_assert, is never instantiated here, so the misuse is detected
// without being committed. (std::invocable alone is true for that overload.)
template <class Adaptor, class Range, class Misuse>
concept rejects =
    !std::invocable<const Adaptor&, Range> || std::same_as<std::invoke_result_t<const Adaptor&, Range>, Misuse>;

static_assert(makes_decode_view<std::u16string_view>);
static_assert(makes_decode_view<std::string_view>);
static_assert(!makes_decode_view<std::u32string_view>);
// views::decode_utf16 takes UTF-16 only, views::decode UTF-8 only.
static_assert(rejects<decltype(u8v::views::decode_utf16), std::string_view, std::ranges::empty_view<char32_t>>);
static_assert(rejects<decltype(u8v::views::decode_utf16), std::u32string_view, std::ranges::empty_view<char32_t>>);
static_assert(rejects<decltype(u8v::views::decode), std::u16string_view, std::ranges::empty_view<char32_t>>);
static_assert(rejects<decltype(u8v::views::utf16_to_utf8), std::string_view, std::ranges::empty_view<char8_t>>);
static_assert(rejects<decltype(u8v::views::utf8_to_utf16), std::u16string_view, std::ranges::empty_view<char16_t>>);
static_assert(!rejects<decltype(u8v::views::decode_utf16), std::u16string_view, std::ranges::empty_view<char32_t>>);
static_assert(!rejects<decltype(u8v::views::decode_utf16), std::list<char16_t>&, std::ranges::empty_view<char32_t>>);

// wchar_t is UTF-16 where it is 16 bits (Windows), and a code point where it
// is 32 (a std::wstring of code points: encode_utf16 takes it).
template <class Wide>
constexpr bool wide_ranges_follow_the_size_of_wchar_t()
{
    using wide_view = std::basic_string_view<Wide>;
    if constexpr (sizeof(Wide) == 2) {
        static_assert(u8v::utf16_range<wide_view>);
        static_assert(std::same_as<decode16_t<wide_view>, u8v::decode_view<wide_view>>);
        static_assert(std::ranges::bidirectional_range<decode16_t<wide_view>>);
        static_assert(!rejects<decltype(u8v::views::decode_utf16), wide_view, std::ranges::empty_view<char32_t>>);
        static_assert(
            std::same_as<
                std::ranges::range_value_t<decltype(std::declval<std::u32string_view>() | u8v::views::encode_as<Wide>)>,
                Wide>);
    }
    else {
        static_assert(!u8v::utf16_range<wide_view>);
        static_assert(u8v::code_point_range<wide_view>);
        static_assert(!makes_decode_view<wide_view>);
        static_assert(rejects<decltype(u8v::views::decode_utf16), wide_view, std::ranges::empty_view<char32_t>>);
        static_assert(
            rejects<decltype(u8v::views::decode_utf16), std::basic_string<Wide>&, std::ranges::empty_view<char32_t>>);
        static_assert(rejects<decltype(u8v::views::utf16_to_utf8), wide_view, std::ranges::empty_view<char8_t>>);
        static_assert(std::ranges::bidirectional_range<encode16_t<wide_view>>);
    }
    return true;
}
static_assert(wide_ranges_follow_the_size_of_wchar_t<wchar_t>());

template <class Wide>
void check_wide_text()
{
    if constexpr (sizeof(Wide) == 2) {
        const std::basic_string<Wide> wide = {Wide{0x77}, Wide{0xD83D}, Wide{0xDE00}, Wide{0xDC00}};
        BOOST_TEST(as_units(wide | u8v::views::decode_utf16) == (units_t{0x77, 0x1F600, 0xFFFD}));
        BOOST_TEST(as_units(wide | u8v::views::utf16_to_utf8) ==
                   (units_t{0x77, 0xF0, 0x9F, 0x98, 0x80, 0xEF, 0xBF, 0xBD}));
        const std::u32string_view code_points = U"w\U0001F600";
        BOOST_TEST(as_units(code_points | u8v::views::encode_as<Wide>) == (units_t{0x77, 0xD83D, 0xDE00}));
    }
    else {
        const std::basic_string<Wide> wide = {Wide{0x77}, static_cast<Wide>(0x1F600), static_cast<Wide>(0xD800)};
        BOOST_TEST(as_units(wide | u8v::views::encode_utf16) == (units_t{0x77, 0xD83D, 0xDE00, 0xFFFD}));
    }
}

}  // namespace

BOOST_AUTO_TEST_CASE(wchar_t_text)
{
    check_wide_text<wchar_t>();
}

// ---------------------------------------------------------------------------
// 9. Composition with the standard algorithms and adaptors.

BOOST_AUTO_TEST_CASE(composition_with_standard_algorithms_and_adaptors)
{
    // A, U+1F600, a lone low, U+4E8C, U+10302 (D800 DF02), a high at the end.
    const std::u16string text = {0x41, 0xD83D, 0xDE00, 0xDC00, 0x4E8C, 0xD800, 0xDF02, 0xDBFF};
    const units_t replaced = as_units(decoded16(text));
    const std::vector<ref16::element> elements = ref16::decode(text);
    const std::u16string_view source(text);

    // std::ranges::equal, distance.
    std::vector<char32_t> expected(replaced.begin(), replaced.end());
    BOOST_TEST(std::ranges::equal(source | u8v::views::decode_utf16, expected));
    BOOST_TEST(
        std::ranges::equal(source | u8v::views::decode_utf16 | std::views::reverse, expected | std::views::reverse));
    BOOST_TEST(static_cast<std::size_t>(std::ranges::distance(source | u8v::views::decode_utf16)) == elements.size());

    // std::ranges::find: the iterator's base() is the element's offset.
    auto view = source | u8v::views::decode_utf16;
    for (const ref16::element& e : elements) {
        if (!e.code_point) continue;
        const auto found = std::ranges::find(view, *e.code_point);
        BOOST_REQUIRE((found != view.end()));
        BOOST_TEST(static_cast<std::size_t>(found.base() - source.begin()) == e.offset);
        BOOST_TEST(found.code_unit_count() == e.length);
    }
    const auto replacement = std::ranges::find(view, U'\uFFFD');
    BOOST_TEST((replacement.base() - source.begin()) == 3);
    BOOST_TEST((replacement.error() == std::optional<u8v::error_kind>(u8v::error_kind::unpaired_surrogate)));
    BOOST_TEST((std::ranges::find(view, U'Z') == view.end()));
    const auto supplementary =
        std::ranges::find_if(view | std::views::reverse, [](char32_t c) { return c >= 0x10000; });
    BOOST_TEST(unit_value(*supplementary) == 0x10302u);

    // std::views::take after the view, and composed into one closure first.
    for (std::size_t count = 0; count <= elements.size() + 1; ++count) {
        BOOST_TEST_CONTEXT("take(" << count << ")")
        {
            const units_t first_ones(replaced.begin(),
                                     replaced.begin() + static_cast<long>(std::min(count, replaced.size())));
            const auto n = static_cast<std::ptrdiff_t>(count);
            BOOST_TEST(as_units(source | u8v::views::decode_utf16 | std::views::take(n)) == first_ones);
            BOOST_TEST(as_units(source | (u8v::views::decode_utf16 | std::views::take(n))) == first_ones);
            const units_t skipped = as_units(decoded16(text, true));
            BOOST_TEST(as_units(source | u8v::views::decode_utf16(u8v::on_error::skip) | std::views::take(n)) ==
                       units_t(skipped.begin(), skipped.begin() + static_cast<long>(std::min(count, skipped.size()))));
        }
    }

    // std::views::take before the view: cutting a pair leaves a high
    // surrogate at the end, read as the reference reads the shorter text.
    for (std::size_t cut = 0; cut <= text.size(); ++cut) {
        BOOST_TEST_CONTEXT("cut at " << cut)
        {
            const units_t expected_prefix = as_units(decoded16(text.substr(0, cut)));
            auto taken = source | std::views::take(static_cast<std::ptrdiff_t>(cut)) | u8v::views::decode_utf16;
            BOOST_TEST(as_units(taken) == expected_prefix);
            BOOST_TEST(backwards(taken) == expected_prefix);
            const std::list<char16_t> list(text.begin(), text.end());
            auto taken_list = list | std::views::take(static_cast<std::ptrdiff_t>(cut)) | u8v::views::decode_utf16;
            BOOST_TEST(as_units(taken_list) == expected_prefix);
        }
    }

    // Decoding then encoding repairs: the UTF-16 of the replaced code points.
    BOOST_TEST(as_units(source | u8v::views::decode_utf16 | u8v::views::encode_utf16) ==
               as_units(utf16_of(decoded16(text))));
    BOOST_TEST(std::ranges::equal(source | u8v::views::decode_utf16(u8v::on_error::skip) | u8v::views::encode_utf16,
                                  utf16_of(decoded16(text, true))));
    // Every spelling of the adaptor.
    BOOST_TEST(as_units(u8v::views::decode_utf16(source)) == replaced);
    BOOST_TEST(as_units(u8v::views::decode_utf16(source, u8v::on_error::skip)) == as_units(decoded16(text, true)));
    BOOST_TEST(as_units(u8v::decode_view(source, u8v::on_error::skip)) == as_units(decoded16(text, true)));
    BOOST_TEST(as_units(std::u16string(text) | u8v::views::decode_utf16) == replaced);  // owned
    BOOST_TEST(as_units(u8v::views::utf16_to_utf8(source, u8v::on_error::skip)) ==
               as_units(utf8_of(decoded16(text, true))));
}

// offset() of every element, and of the end, over each category of range:
// the reference's offsets, and the length of the input at the end (over a
// forward-only or bidirectional range from end(), computed then).
BOOST_AUTO_TEST_CASE(offset_of_every_element_and_of_the_end)
{
    const std::u16string units = {u'a', 0xD83D, 0xDE00, 0xDC00, u'b', 0xD800};
    std::vector<std::size_t> expected;
    for (const ref16::element& e : ref16::decode(units)) expected.push_back(e.offset);
    const auto offsets_forwards = [](auto&& view) {
        std::vector<std::size_t> out;
        for (auto it = view.begin(); it != view.end(); ++it) out.push_back(static_cast<std::size_t>(it.offset()));
        return out;
    };
    const std::u16string_view text = units;
    const std::forward_list<char16_t> forward(units.begin(), units.end());
    const std::list<char16_t> list(units.begin(), units.end());
    BOOST_TEST(offsets_forwards(text | u8v::views::decode_utf16) == expected);
    BOOST_TEST(offsets_forwards(forward | u8v::views::decode_utf16) == expected);
    BOOST_TEST(offsets_forwards(list | u8v::views::decode_utf16) == expected);
    BOOST_TEST(offsets_forwards(input_range_of(units) | u8v::views::decode_utf16) == expected);
    BOOST_TEST((text | u8v::views::decode_utf16).end().offset() == units.size());
    BOOST_TEST((forward | u8v::views::decode_utf16).end().offset() == units.size());
    const auto list_view = list | u8v::views::decode_utf16;
    const auto list_end = list_view.end();  // const: computed on each call
    BOOST_TEST(list_end.offset() == units.size());
    auto last = std::ranges::prev(list_view.end());
    BOOST_TEST(last.offset() == expected.back());  // from end(): computed once, then kept
    BOOST_TEST(std::ranges::prev(last).offset() == expected[expected.size() - 2]);
}

// A decode view over an encode view (whose code units are well-formed)
// keeps no begin: read backwards, its scan back stops at each element's
// first code unit by the code units alone, never before the start.
BOOST_AUTO_TEST_CASE(decoding_an_encode_view_backwards)
{
    std::u32string code_points;
    for (const char32_t c : {0x41u, 0x10000u, 0xE9u, 0x10FFFFu, 0x7FFu, 0xFFFFu, 0x800u}) code_points += c;
    for (int first = 0; first < 2; ++first) {
        // The first element in turn a one-unit and a two-unit character.
        const std::u32string_view input = std::u32string_view(code_points).substr(static_cast<std::size_t>(first));
        const auto utf16 = input | u8v::views::encode_utf16;
        std::u32string backwards;
        for (const char32_t c : utf16 | u8v::views::decode_utf16 | std::views::reverse) backwards.insert(0, 1, c);
        BOOST_TEST(as_units(backwards) == as_units(input));
        const auto utf8 = input | u8v::views::encode;
        backwards.clear();
        for (const char32_t c : utf8 | u8v::views::decode | std::views::reverse) backwards.insert(0, 1, c);
        BOOST_TEST(as_units(backwards) == as_units(input));
    }
}
