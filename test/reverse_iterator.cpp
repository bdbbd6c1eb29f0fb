// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.

// std::reverse_iterator over decode_view's iterator (the specialization of
// detail/reverse_iterator.hpp), which std::views::reverse uses:
//
// - over every decode vector, under every validation kernel and over a
//   std::list (no kernel): the elements are the vector's replace column
//   reversed, and the policy runs exactly once per maximal subpart, at the
//   subpart's offset, in decreasing order (the counts from the vectors:
//   U+FFFD under replace minus U+FFFD under skip); under on_error::skip,
//   which may drop subparts and so gets the standard template, the skip
//   column reversed;
// - the same over the code points of UTF-8-test.txt, against the forward
//   iteration of the same view over a std::list;
// - base() is the position after the element, a throwing policy leaves
//   the reverse iterator where it was, and a mutable reverse iterator
//   converts to a const one without running the policy again;
// - an error at the very start goes to the policy once more when the loop
//   calls begin() (std::views::reverse does), and once without;
// - the same specialization over the transcoding view views::utf8_to_utf16
//   (an encode_view over a decode_view) and over views::encode: over every
//   decode vector, under every kernel and over a list, the code units are
//   the vector's replace column in UTF-16 (Table 3-5) reversed, the
//   decoder's policy runs once per maximal subpart, and the encoder's
//   policy once per value that is not a scalar value; two reverse
//   iterators at different code units of one code point differ;
// - over code points, the encoding call of the policy decides: one that
//   replaces decoding errors but drops encoding ones gets the standard
//   template (backwards is still forwards reversed, values dropped at the
//   start included), one whose encoding call returns char32_t the
//   specialization (asked once per value).

#include <utf8view/decode_view.hpp>
#include <utf8view/encode_view.hpp>
#include <utf8view/transcode_view.hpp>
#define BOOST_TEST_MODULE reverse_iterator
#include <boost/test/unit_test.hpp>

#include "support/force_kernels.hpp"
#include "support/print.hpp"
#include "support/reference_utf16.hpp"
#include "support/reference_utf8.hpp"
#include "support/testdata.hpp"
#include "support/vector_files.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <list>
#include <optional>
#include <ranges>
#include <string>
#include <string_view>
#include <vector>

namespace u8v = utf8view;
namespace t = utf8view_test;

namespace {

constexpr char32_t fffd = 0xFFFD;

// Records each call: the offset it was told. Replaces each subpart with
// U+FFFD, and says so (policy_replaces_every_error), as on_error::replace
// does: std::reverse_iterator of its view is the specialization.
struct recording_policy {
    static constexpr bool replaces_every_error = true;
    std::vector<std::uint64_t>* offsets = nullptr;
    std::optional<char32_t> operator()(const u8v::decode_error_info& info) const
    {
        offsets->push_back(info.offset);
        return fffd;
    }
};

struct reversed_run {
    std::vector<char32_t> values;
    std::vector<std::uint64_t> offsets;  // the policy's calls, in order
};

// Iterates `bytes` backwards with std::reverse_iterator, from the view's
// end to the first byte. (Not through std::views::reverse, whose end()
// calls the view's begin(), which decodes the first element: its policy
// call would add to the reverse iterator's.) Also checks that
// std::views::reverse yields the same elements.
template <class Bytes>
reversed_run run_reversed(const Bytes& bytes)
{
    reversed_run run;
    const auto view = bytes | u8v::views::decode(recording_policy{&run.offsets});
    for (auto it = std::make_reverse_iterator(view.end()); it.base().base() != std::ranges::begin(bytes); ++it)
        run.values.push_back(*it);
    std::vector<std::uint64_t> ignored;
    const auto same_view = bytes | u8v::views::decode(recording_policy{&ignored});
    std::vector<char32_t> through_views_reverse;
    for (char32_t c : same_view | std::views::reverse) through_views_reverse.push_back(c);
    BOOST_TEST((through_views_reverse == run.values));
    return run;
}

// The checks of one decode vector over one byte container.
template <class Bytes>
void check_vector(const t::decode_vector& v, const Bytes& bytes)
{
    const auto fffd_count = [](const std::vector<char32_t>& values) {
        return static_cast<std::size_t>(std::ranges::count(values, fffd));
    };
    const std::size_t errors = fffd_count(v.replace) - fffd_count(v.skip);
    const reversed_run run = run_reversed(bytes);
    std::vector<char32_t> expected = v.replace;
    std::ranges::reverse(expected);
    BOOST_TEST(run.values == expected, boost::test_tools::per_element());
    BOOST_TEST(run.offsets.size() == errors);
    // Once per subpart, from the last to the first.
    BOOST_TEST(std::ranges::is_sorted(run.offsets, std::ranges::greater()));
    BOOST_TEST((std::ranges::adjacent_find(run.offsets) == run.offsets.end()));
    if (!run.offsets.empty()) BOOST_TEST(run.offsets.back() == static_cast<std::uint64_t>(v.first_invalid));

    // A policy that may drop subparts gets the standard template, which
    // yields the same elements.
    std::vector<char32_t> skipped;
    for (char32_t c : bytes | u8v::views::decode(u8v::on_error::skip) | std::views::reverse) skipped.push_back(c);
    expected = v.skip;
    std::ranges::reverse(expected);
    BOOST_TEST(skipped == expected, boost::test_tools::per_element());
}

}  // namespace

// The standard std::reverse_iterator keeps one iterator in libstdc++ and two
// in libc++'s first ABI; the specialization keeps two everywhere (so with
// libc++ the sizes below cannot tell them apart, and the tests of the
// policy's calls do).
template <class I>
constexpr std::size_t standard_reverse_iterator_size =
    sizeof(std::reverse_iterator<std::list<int>::iterator>) / sizeof(std::list<int>::iterator) * sizeof(I);

// The reverse iterator is the specialization where the policy replaces
// every error: twice the view's iterator, and bidirectional.
using string_view_iterator = u8v::decode_view<std::string_view>::iterator;
static_assert(sizeof(std::reverse_iterator<string_view_iterator>) == 2 * sizeof(string_view_iterator));
static_assert(std::bidirectional_iterator<std::reverse_iterator<string_view_iterator>>);
static_assert(std::ranges::bidirectional_range<decltype(std::declval<u8v::decode_view<std::string_view>&>() |
                                                        std::views::reverse)>);
using list_iterator = u8v::decode_view<std::ranges::ref_view<const std::list<char>>, recording_policy>::iterator;
static_assert(sizeof(std::reverse_iterator<list_iterator>) == 2 * sizeof(list_iterator));
using throwing_iterator = u8v::decode_view<std::string_view, u8v::on_error::throw_exception_t>::iterator;
static_assert(sizeof(std::reverse_iterator<throwing_iterator>) == 2 * sizeof(throwing_iterator));
// ... and the standard template where it may drop one.
using skipping_iterator = u8v::decode_view<std::string_view, u8v::on_error::skip_t>::iterator;
static_assert(sizeof(std::reverse_iterator<skipping_iterator>) == standard_reverse_iterator_size<skipping_iterator>);

BOOST_AUTO_TEST_CASE(every_decode_vector_backwards_under_every_kernel_and_over_a_list)
{
    const std::vector<t::decode_vector> vectors = t::read_decode_vectors();
    BOOST_TEST_REQUIRE(vectors.size() > 100u);
    t::for_each_kernel([&] {
        for (const t::decode_vector& v : vectors) BOOST_TEST_CONTEXT(v.id << " [" << v.input_hex << "]")
            {
                check_vector(v, std::string_view(v.input));
            }
    });
    for (const t::decode_vector& v : vectors) BOOST_TEST_CONTEXT("list: " << v.id << " [" << v.input_hex << "]")
        {
            const std::list<char> list(v.input.begin(), v.input.end());
            check_vector(v, list);
        }
}

BOOST_AUTO_TEST_CASE(kuhn_test_file_backwards_is_forwards_over_a_list_reversed)
{
    const std::string text = t::read_testdata("UTF-8-test.txt");
    const std::list<char> list(text.begin(), text.end());
    // The reference: forwards over a list (no kernel, no lookahead).
    reversed_run forwards;
    for (char32_t c : list | u8v::views::decode(recording_policy{&forwards.offsets})) forwards.values.push_back(c);
    std::ranges::reverse(forwards.values);
    std::ranges::reverse(forwards.offsets);
    BOOST_TEST_REQUIRE(forwards.offsets.size() > 100u);  // the file is full of errors
    t::for_each_kernel([&] {
        const reversed_run got = run_reversed(std::string_view(text));
        BOOST_TEST((got.values == forwards.values));
        BOOST_TEST((got.offsets == forwards.offsets));
    });
    const reversed_run got = run_reversed(list);
    BOOST_TEST((got.values == forwards.values));
    BOOST_TEST((got.offsets == forwards.offsets));
}

BOOST_AUTO_TEST_CASE(base_is_the_position_after_the_element)
{
    // U+00C6 (C3 86), 'r', U+00F8 (C3 B8): Table 3-6.
    const std::string_view bytes = "\xC3\x86r\xC3\xB8";
    const auto view = bytes | u8v::views::decode;
    auto it = std::make_reverse_iterator(view.end());
    const std::ptrdiff_t bases[] = {5, 3, 2};
    const char32_t values[] = {0xF8, U'r', 0xC6};
    for (std::size_t index = 0; index < 3; ++index, ++it) {
        BOOST_TEST((it.base().base() - bytes.begin()) == bases[index]);
        BOOST_TEST(static_cast<std::uint32_t>(*it) == static_cast<std::uint32_t>(values[index]));
    }
    BOOST_TEST((it == std::make_reverse_iterator(view.begin())));
    BOOST_TEST((it.base() == view.begin()));
    // And forwards again.
    --it;
    BOOST_TEST(static_cast<std::uint32_t>(*it) == 0xC6u);
    --it;
    --it;
    BOOST_TEST(static_cast<std::uint32_t>(*it) == 0xF8u);
    BOOST_TEST((it == std::make_reverse_iterator(view.end())));
}

BOOST_AUTO_TEST_CASE(a_throwing_policy_leaves_the_reverse_iterator_where_it_was)
{
    // 'a', FF (never in UTF-8, Table 3-7), 'b', 'c'.
    const std::string_view bytes = "a\xFF"
                                   "bc";
    const auto view = bytes | u8v::views::decode(u8v::on_error::throw_exception);
    auto it = std::make_reverse_iterator(view.end());
    BOOST_REQUIRE(*it == U'c');
    ++it;
    BOOST_REQUIRE(*it == U'b');
    BOOST_CHECK_THROW(++it, u8v::decode_error);
    BOOST_TEST(*it == U'b');
    BOOST_TEST((it.base().base() - bytes.begin()) == 3);
    // Made at a position whose element before is the error: the
    // constructor throws.
    BOOST_CHECK_THROW(static_cast<void>(std::make_reverse_iterator(std::ranges::next(view.begin()))),
                      u8v::decode_error);
}

BOOST_AUTO_TEST_CASE(converts_to_const_without_asking_the_policy_again)
{
    // C0 AF: an overlong '/' (Table 3-7: C0 is never a lead byte), two errors.
    const std::string_view bytes = "x\xC0\xAF";
    std::vector<std::uint64_t> offsets;
    auto view = bytes | u8v::views::decode(recording_policy{&offsets});
    using view_type = decltype(view);
    std::reverse_iterator<view_type::iterator> it(view.end());
    BOOST_TEST(offsets.size() == 1u);
    const std::reverse_iterator<view_type::const_iterator> const_it = it;
    BOOST_TEST(offsets.size() == 1u);
    BOOST_TEST(static_cast<std::uint32_t>(*const_it) == 0xFFFDu);
    BOOST_TEST((const_it == it));
    BOOST_TEST((const_it.base() == it.base()));
}

BOOST_AUTO_TEST_CASE(an_error_at_the_start_goes_to_the_policy_once_more_through_begin)
{
    // C0 (never a lead byte, Table 3-7), 'A', 'B': one maximal subpart, at
    // offset 0. begin() decodes it, and std::views::reverse calls begin()
    // for its end: twice in that loop (the documented exception); once in
    // a loop of -- from end() that stops at the first byte.
    const std::string_view bytes = "\xC0"
                                   "AB";
    std::vector<std::uint64_t> offsets;
    const auto view = bytes | u8v::views::decode(recording_policy{&offsets});
    std::u32string backwards;
    for (auto it = view.end(); it.base() != bytes.begin();) {
        --it;
        backwards.push_back(*it);
    }
    BOOST_TEST((backwards == std::u32string{U'B', U'A', fffd}));
    BOOST_TEST((offsets == std::vector<std::uint64_t>{0}));

    offsets.clear();
    backwards.clear();
    for (char32_t c : view | std::views::reverse) backwards.push_back(c);
    BOOST_TEST((backwards == std::u32string{U'B', U'A', fffd}));
    BOOST_TEST((offsets == std::vector<std::uint64_t>{0, 0}));
}

namespace {

// Records each call of the encoder's policy: the offset (in code points)
// it was told. Replaces each value with U+FFFD and says so.
struct recording_encode_policy {
    static constexpr bool replaces_every_error = true;
    std::vector<std::uint64_t>* offsets = nullptr;
    std::optional<char32_t> operator()(const u8v::encode_error_info& info) const
    {
        offsets->push_back(info.offset);
        return fffd;
    }
};

// `count` elements of `view` through std::reverse_iterator from its end
// (not to its begin(), which would decode the first element again).
template <class View>
auto reversed_elements(const View& view, std::size_t count)
{
    std::vector<std::ranges::range_value_t<View>> values;
    auto it = std::make_reverse_iterator(view.end());
    for (std::size_t index = 0; index < count; ++index, ++it) values.push_back(*it);
    return values;
}

template <class Bytes>
void check_transcoded_vector(const t::decode_vector& v, const Bytes& bytes)
{
    std::u16string expected;  // the replace column in UTF-16, reversed
    for (const char32_t c : v.replace) expected += t::reference16::encode(c);
    std::ranges::reverse(expected);
    std::vector<std::uint64_t> offsets;
    const auto view = bytes | u8v::views::utf8_to_utf16(recording_policy{&offsets});
    const std::vector<char16_t> got = reversed_elements(view, expected.size());
    BOOST_TEST((std::u16string(got.begin(), got.end()) == expected));
    const auto fffd_count = [](const std::vector<char32_t>& values) {
        return static_cast<std::size_t>(std::ranges::count(values, fffd));
    };
    BOOST_TEST(offsets.size() == fffd_count(v.replace) - fffd_count(v.skip));
    BOOST_TEST(std::ranges::is_sorted(offsets, std::ranges::greater()));
    BOOST_TEST((std::ranges::adjacent_find(offsets) == offsets.end()));
    if (!offsets.empty()) BOOST_TEST(offsets.back() == static_cast<std::uint64_t>(v.first_invalid));
}

}  // namespace

// The transcoding view's and views::encode's reverse iterators are the
// specialization where every error is replaced, and the standard template
// where one may be dropped.
using transcode_iterator = decltype(std::declval<std::string_view>() | u8v::views::utf8_to_utf16)::iterator;
static_assert(sizeof(std::reverse_iterator<transcode_iterator>) == 2 * sizeof(transcode_iterator));
static_assert(std::bidirectional_iterator<std::reverse_iterator<transcode_iterator>>);
using encode_iterator = decltype(std::declval<std::u32string_view>() | u8v::views::encode)::iterator;
static_assert(sizeof(std::reverse_iterator<encode_iterator>) == 2 * sizeof(encode_iterator));
using skipping_transcode_iterator =
    decltype(std::declval<std::string_view>() | u8v::views::utf8_to_utf16(u8v::on_error::skip))::iterator;
static_assert(sizeof(std::reverse_iterator<skipping_transcode_iterator>) ==
              standard_reverse_iterator_size<skipping_transcode_iterator>);
using skipping_encode_iterator =
    decltype(std::declval<std::u32string_view>() | u8v::views::encode(u8v::on_error::skip))::iterator;
static_assert(sizeof(std::reverse_iterator<skipping_encode_iterator>) ==
              standard_reverse_iterator_size<skipping_encode_iterator>);

BOOST_AUTO_TEST_CASE(transcoded_backwards_asks_the_policy_once_per_error)
{
    const std::vector<t::decode_vector> vectors = t::read_decode_vectors();
    BOOST_TEST_REQUIRE(vectors.size() > 100u);
    t::for_each_kernel([&] {
        for (const t::decode_vector& v : vectors) BOOST_TEST_CONTEXT(v.id << " [" << v.input_hex << "]")
            {
                check_transcoded_vector(v, std::string_view(v.input));
            }
    });
    for (const t::decode_vector& v : vectors) BOOST_TEST_CONTEXT("list: " << v.id << " [" << v.input_hex << "]")
        {
            const std::list<char> list(v.input.begin(), v.input.end());
            check_transcoded_vector(v, list);
        }
}

BOOST_AUTO_TEST_CASE(encoded_backwards_asks_the_policy_once_per_value_that_is_not_a_scalar_value)
{
    // A surrogate and a value past U+10FFFF are not scalar values (ch. 3,
    // D76); the others take 1 to 4 bytes (Table 3-6).
    const std::u32string values = {U'a', 0xD800, 0x20AC, 0x110000, 0x1F600, 0xE9, 0xDFFF};
    std::string expected;  // U+FFFD for each value that is not a scalar value
    std::vector<std::uint64_t> expected_offsets;
    for (std::size_t index = 0; index < values.size(); ++index) {
        const char32_t c = values[index];
        const bool scalar = c < 0xD800 || (c > 0xDFFF && c <= 0x10FFFF);
        expected += t::reference::encode(scalar ? c : fffd);
        if (!scalar) expected_offsets.push_back(index);
    }
    std::ranges::reverse(expected);
    std::ranges::reverse(expected_offsets);
    std::vector<std::uint64_t> offsets;
    const auto view = std::u32string_view(values) | u8v::views::encode_as<char>(recording_encode_policy{&offsets});
    const std::vector<char> got = reversed_elements(view, expected.size());
    BOOST_TEST((std::string(got.begin(), got.end()) == expected));
    BOOST_TEST(offsets == expected_offsets, boost::test_tools::per_element());
}

namespace {

// Replaces each decoding error with '?' (its decoding call returns
// char32_t: it cannot drop) but drops each value that is not a scalar
// value when encoding: over code points only the second call runs.
struct replaces_decoding_drops_encoding {
    std::vector<std::uint64_t>* offsets = nullptr;
    char32_t operator()(const u8v::decode_error_info&) const { return U'?'; }
    std::optional<char32_t> operator()(const u8v::encode_error_info& info) const
    {
        offsets->push_back(info.offset);
        return std::nullopt;
    }
};

// Encodes only, and cannot drop: returns char32_t.
struct replaces_encoding_only {
    std::vector<std::uint64_t>* offsets = nullptr;
    char32_t operator()(const u8v::encode_error_info& info) const
    {
        offsets->push_back(info.offset);
        return U'?';
    }
};

// The code units of `view` through std::reverse_iterator, from its end to
// its begin().
template <class View>
std::string reversed_code_units(const View& view)
{
    std::string backwards;
    for (auto it = std::make_reverse_iterator(view.end()); it != std::make_reverse_iterator(view.begin()); ++it)
        backwards.push_back(static_cast<char>(*it));
    return backwards;
}

}  // namespace

// Whether an encode_view's reverse iterator may keep the element before
// its position is decided by the policy's encoding call, not its decoding
// one.
static_assert(u8v::policy_replaces_every_error<replaces_decoding_drops_encoding>);
static_assert(!u8v::policy_replaces_every_error<replaces_decoding_drops_encoding, u8v::encode_error_info>);
static_assert(u8v::policy_replaces_every_error<replaces_encoding_only, u8v::encode_error_info>);
// The standard template and the specialization (two iterators).
using dropping_encode_iterator = decltype(std::declval<std::u32string_view>() |
                                          u8v::views::encode_as<char>(replaces_decoding_drops_encoding{}))::iterator;
static_assert(sizeof(std::reverse_iterator<dropping_encode_iterator>) ==
              standard_reverse_iterator_size<dropping_encode_iterator>);
using replacing_encode_iterator =
    decltype(std::declval<std::u32string_view>() | u8v::views::encode_as<char>(replaces_encoding_only{}))::iterator;
static_assert(sizeof(std::reverse_iterator<replacing_encode_iterator>) == 2 * sizeof(replacing_encode_iterator));

BOOST_AUTO_TEST_CASE(an_encode_policy_that_drops_gets_the_standard_reverse_iterator)
{
    // Values that are not scalar values (ch. 3, D76) at the start, in the
    // middle and at the end, dropped by the encoding call: over {D800} the
    // view is empty, and a reverse iterator that took every position
    // after the first for one with an element before it stepped back
    // before the first value.
    const std::vector<std::u32string> inputs = {
        {0xD800}, {0xD800, U'A', U'B'}, {0x110000, 0xDFFF, 0xE9}, {U'A', 0xD800}, {0xD800, 0x20AC, 0xDC00, U'B'},
    };
    for (const std::u32string& values : inputs) {
        std::string expected;  // the scalar values, encoded (Table 3-6), reversed
        std::vector<std::uint64_t> expected_offsets;
        for (std::size_t index = 0; index < values.size(); ++index) {
            const char32_t c = values[index];
            if (c < 0xD800 || (c > 0xDFFF && c <= 0x10FFFF)) expected += t::reference::encode(c);
            else expected_offsets.push_back(index);
        }
        std::vector<std::uint64_t> offsets;
        const auto view =
            std::u32string_view(values) | u8v::views::encode_as<char>(replaces_decoding_drops_encoding{&offsets});
        std::string forwards;
        for (const char c : view) forwards.push_back(c);
        BOOST_TEST(forwards == expected);
        BOOST_TEST(offsets == expected_offsets, boost::test_tools::per_element());
        // The standard template may ask the policy more than once per
        // value (it steps back from base() at each `*`): only the code
        // units are compared.
        std::ranges::reverse(expected);
        BOOST_TEST(reversed_code_units(view) == expected);
        std::string through_views_reverse;
        for (const char c : view | std::views::reverse) through_views_reverse.push_back(c);
        BOOST_TEST(through_views_reverse == expected);
    }
}

BOOST_AUTO_TEST_CASE(an_encode_policy_that_returns_a_code_point_is_asked_once_per_value_backwards)
{
    // Each value that is not a scalar value becomes '?', asked once, in
    // decreasing order of offset, where the standard template would ask
    // twice or more.
    const std::u32string values = {U'a', 0xD800, 0x20AC, 0x110000, 0xDFFF};
    std::string expected;
    for (const char32_t c : values) {
        const bool scalar = c < 0xD800 || (c > 0xDFFF && c <= 0x10FFFF);
        expected += t::reference::encode(scalar ? c : U'?');
    }
    std::ranges::reverse(expected);
    std::vector<std::uint64_t> offsets;
    const auto view = std::u32string_view(values) | u8v::views::encode_as<char>(replaces_encoding_only{&offsets});
    const std::vector<char> got = reversed_elements(view, expected.size());
    BOOST_TEST((std::string(got.begin(), got.end()) == expected));
    BOOST_TEST(offsets == (std::vector<std::uint64_t>{4, 3, 1}), boost::test_tools::per_element());
    offsets.clear();
    BOOST_TEST(reversed_code_units(view) == expected);
    BOOST_TEST(offsets == (std::vector<std::uint64_t>{4, 3, 1}), boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(reverse_iterators_at_two_code_units_of_one_code_point_differ)
{
    // U+1F600: F0 9F 98 80 (Table 3-6), D83D DE00 (Table 3-5).
    const std::string_view bytes = "\xF0\x9F\x98\x80";
    const auto view = bytes | u8v::views::utf8_to_utf16;
    auto last = std::make_reverse_iterator(view.end());
    auto first = std::next(last);
    BOOST_TEST((last != first));
    BOOST_TEST((first != std::next(first)));  // base() at D83D and at DE00
    BOOST_TEST(static_cast<std::uint32_t>(*last) == 0xDE00u);
    BOOST_TEST(static_cast<std::uint32_t>(*first) == 0xD83Du);
    BOOST_TEST((std::next(first) == std::make_reverse_iterator(view.begin())));
    const std::u32string_view code_points = U"\U0001F600";
    const auto encoded = code_points | u8v::views::encode_as<char>;
    std::vector<unsigned> units;
    for (auto it = std::make_reverse_iterator(encoded.end()); it != std::make_reverse_iterator(encoded.begin()); ++it)
        units.push_back(static_cast<unsigned char>(*it));
    BOOST_TEST(units == (std::vector<unsigned>{0x80, 0x98, 0x9F, 0xF0}), boost::test_tools::per_element());
}
