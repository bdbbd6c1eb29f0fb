// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.

// Fuzz target: arbitrary bytes through views::decode, compared element by
// element with the reference decoder (support/reference_utf8.hpp).
//
//   - contiguous bytes (the fast path: blocks validated ahead by the SIMD
//     kernel, and with on_error::replace, where errors are dense and
//     random, windows of 64 bytes classified by the transcoder; forced in
//     turn to each kernel and transcoder this CPU has), placed flush with
//     the end of readable memory and, for the walks backwards, flush with
//     its start;
//   - a std::list<char> (bidirectional, the checked generic path), and a
//     single-pass input range;
//   - null_terminated(pointer) over the bytes before the first NUL;
//   - policies on_error::replace, on_error::skip, on_error::throw_exception
//     (kind and exact byte offset; what was yielded before the throw), and a
//     user policy that replaces with '?' and records what it is told;
//   - per element: the value, base() as a byte offset, code_unit_count(),
//     error(); walks forwards, backwards (exactly the reverse), and
//     forwards with steps back.
//
// The walks compare as they go, allocating nothing: a vector per walk made
// the target several times slower (page faults of fresh memory).

#include <utf8view/decode_view.hpp>
#include <utf8view/null_terminated.hpp>

#include "fuzz/fuzz_support.hpp"
#include "support/test_iterators.hpp"

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <list>
#include <optional>
#include <ranges>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace u8v = utf8view;
namespace f = utf8view_fuzz;
namespace ref = utf8view_test::reference;
using f::check;
using f::element;
using f::policy_kind;

namespace {

// A user's policy: '?' for each maximal subpart (or nothing: `drop`), and a
// record of each call.
struct recording_policy {
    std::vector<u8v::decode_error_info>* log;
    bool drop = false;
    std::optional<char32_t> operator()(const u8v::decode_error_info& info) const
    {
        log->push_back(info);
        if (drop) return std::nullopt;
        return U'?';
    }
};

// The positions of the std::list under test, by byte offset (one more for
// the end), so that checking an iterator's base() is O(1).
std::vector<std::list<char>::const_iterator> list_positions;

void index_list(const std::list<char>& list)
{
    list_positions.clear();
    for (auto it = list.begin(); it != list.end(); ++it) list_positions.push_back(it);
    list_positions.push_back(list.end());
}

// The position at byte `offset` of `bytes`.
template <class Bytes>
auto position_at(const Bytes& bytes, std::size_t offset)
{
    if constexpr (std::ranges::random_access_range<const Bytes>)
        return std::ranges::begin(bytes) + static_cast<std::ptrdiff_t>(offset);
    else return list_positions.at(offset);
}

// The element an iterator stands at (its offset by a walk: for messages).
template <class It, class Bytes>
element element_at(const It& it, const Bytes& bytes)
{
    return {*it, static_cast<std::size_t>(std::ranges::distance(std::ranges::begin(bytes), it.base())),
            it.code_unit_count(), it.error()};
}

// True if the iterator stands at `e`: value, position, length, error.
template <class It, class Bytes>
bool stands_at(const It& it, const Bytes& bytes, const element& e)
{
    return *it == e.value && it.code_unit_count() == e.length && it.error() == e.error &&
           it.base() == position_at(bytes, e.offset);
}

// What a walk is, for messages.
struct walk {
    const char* base;
    const char* policy;
    const char* how;
};

// The iterator's element must be expected[index].
template <class It, class Bytes>
void expect_at(const It& it, const Bytes& bytes, const std::vector<element>& expected, std::size_t index, const walk& w)
{
    if (index < expected.size() && stands_at(it, bytes, expected[index])) [[likely]]
        return;
    check(false, w.base, ", ", w.policy, ", ", w.how, ": element ", index, " is ", f::describe(element_at(it, bytes)),
          ", expected ", index < expected.size() ? f::describe(expected[index]) : std::string("none"), " (of ",
          expected.size(), ")");
}

// Forwards: every element, then the end.
template <class View, class Bytes>
void walk_forwards(const View& view, const Bytes& bytes, const std::vector<element>& expected, const walk& w)
{
    std::size_t index = 0;
    for (auto it = view.begin(); it != view.end(); ++it) expect_at(it, bytes, expected, index++, w);
    check(index == expected.size(), w.base, ", ", w.policy, ", ", w.how, ": ", index, " elements, expected ",
          expected.size());
}

// Backwards from end(). Under a policy that yields an element for every
// segment the walk stops at the first byte, without calling begin() (which
// would run the policy on an error at the start); under one that drops, at
// begin().
template <class View, class Bytes>
void walk_backwards(const View& view, const Bytes& bytes, const std::vector<element>& expected, bool drops,
                    const walk& w)
{
    std::size_t index = expected.size();
    auto it = view.end();
    std::optional<decltype(view.begin())> start;
    if (drops) start = view.begin();
    const auto at_start = [&] {
        if (drops) return it == *start;
        return it.base() == std::ranges::begin(bytes);
    };
    while (!at_start()) {
        check(index != 0, w.base, ", ", w.policy, ", ", w.how, ": more than ", expected.size(), " elements");
        --it;
        expect_at(it, bytes, expected, --index, w);
    }
    check(index == 0, w.base, ", ", w.policy, ", ", w.how, ": ", expected.size() - index, " elements, expected ",
          expected.size());
}

// Forwards with detours: after every third element, two steps back and two
// forwards again. The steps back cross what the kernel validated ahead, and
// the steps forward after them validate again.
template <class View, class Bytes>
void walk_zigzag(const View& view, const Bytes& bytes, const std::vector<element>& expected, const walk& w)
{
    auto it = view.begin();
    std::size_t index = 0;
    while (it != view.end()) {
        expect_at(it, bytes, expected, index, w);
        if (index % 3 == 2) {
            --it;
            expect_at(it, bytes, expected, index - 1, w);
            --it;
            expect_at(it, bytes, expected, index - 2, w);
            ++it;
            ++it;
            expect_at(it, bytes, expected, index, w);
        }
        ++it;
        ++index;
    }
    check(index == expected.size(), w.base, ", ", w.policy, ", ", w.how, ": ", index, " elements, expected ",
          expected.size());
}

// The reference's answers for one input.
struct expected_decoding {
    std::vector<element> replaced;
    std::vector<element> skipped;
    std::vector<element> questioned;
    std::vector<ref::segment> errors;
};

void check_log(const std::vector<u8v::decode_error_info>& log, const std::vector<ref::segment>& errors, bool reversed,
               const char* base, const char* how)
{
    check(log.size() == errors.size(), base, ", user policy, ", how, ": told of ", log.size(), " errors, expected ",
          errors.size());
    for (std::size_t index = 0; index < log.size(); ++index) {
        const ref::segment& e = errors[reversed ? errors.size() - 1 - index : index];
        check(log[index].kind == *e.error && log[index].offset == e.offset && log[index].length == e.length, base,
              ", user policy, ", how, ": call ", index, " told kind ", u8v::to_string(log[index].kind), " at ",
              log[index].offset, " (", static_cast<int>(log[index].length), " bytes), expected ",
              u8v::to_string(*e.error), " at ", e.offset, " (", e.length, " bytes)");
    }
}

// Which walks check_bidirectional makes. Every walk is worth making on
// every range, but each costs a pass over the input, so each range gets
// those that can find something there: under each kernel the walks that go
// forwards (the kernel validates ahead of them); once, the walks backwards;
// at a page start, what reads backwards.
struct walks {
    bool forwards_replace = false;
    bool forwards_skip = false;
    bool zigzag_replace = false;
    bool zigzag_skip = false;
    bool backwards = false;  // replace, skip, the user policies and throw
    bool user_policy = false;  // forwards, '?' and dropping (what each is told)
    bool throw_forwards = false;
};

template <class Bytes>
void check_bidirectional(const Bytes& bytes, const expected_decoding& expected, const char* base, const walks& w)
{
    const auto replace_view = u8v::views::decode(bytes, u8v::on_error::replace);
    const auto skip_view = u8v::views::decode(bytes, u8v::on_error::skip);
    if (w.forwards_replace) walk_forwards(replace_view, bytes, expected.replaced, {base, "replace", "forwards"});
    if (w.forwards_skip) walk_forwards(skip_view, bytes, expected.skipped, {base, "skip", "forwards"});
    if (w.zigzag_replace)
        walk_zigzag(replace_view, bytes, expected.replaced, {base, "replace", "forwards with steps back"});
    if (w.zigzag_skip) walk_zigzag(skip_view, bytes, expected.skipped, {base, "skip", "forwards with steps back"});
    if (w.backwards) {
        walk_backwards(replace_view, bytes, expected.replaced, false, {base, "replace", "backwards"});
        walk_backwards(skip_view, bytes, expected.skipped, true, {base, "skip", "backwards"});
    }

    // The user policy is told of each maximal subpart once, in order (in
    // reverse order walking backwards): kind, byte offset, length.
    std::vector<u8v::decode_error_info> log;
    if (w.user_policy) {
        const auto view = u8v::views::decode(bytes, recording_policy{&log});
        walk_forwards(view, bytes, expected.questioned, {base, "user policy", "forwards"});
        check_log(log, expected.errors, false, base, "forwards");
        log.clear();
        const auto dropping = u8v::views::decode(bytes, recording_policy{&log, true});
        walk_forwards(dropping, bytes, expected.skipped, {base, "user policy dropping", "forwards"});
        check_log(log, expected.errors, false, base, "dropping, forwards");
    }
    if (w.backwards) {
        log.clear();
        const auto view = u8v::views::decode(bytes, recording_policy{&log});
        walk_backwards(view, bytes, expected.questioned, false, {base, "user policy", "backwards"});
        check_log(log, expected.errors, true, base, "backwards");
        // Dropping, from the end back to the first element: the policy is
        // told of the errors between the elements, last first (begin()
        // itself passes over those before the first element; not counted).
        const auto dropping = u8v::views::decode(bytes, recording_policy{&log, true});
        const auto start = dropping.begin();
        log.clear();
        auto it = dropping.end();
        std::size_t index = expected.skipped.size();
        const walk back{base, "user policy dropping", "backwards"};
        while (it != start) {
            check(index != 0, base, ", user policy dropping, backwards: too many elements");
            --it;
            expect_at(it, bytes, expected.skipped, --index, back);
        }
        check(index == 0, base, ", user policy dropping, backwards: ", expected.skipped.size() - index,
              " elements, expected ", expected.skipped.size());
        std::vector<ref::segment> crossed;
        for (const ref::segment& e : expected.errors)
            if (!expected.skipped.empty() && e.offset > expected.skipped.front().offset) crossed.push_back(e);
        check_log(log, crossed, true, base, "dropping, backwards");
    }

    // throw: forwards, at the first maximal subpart; backwards, at the last;
    // every element before it yielded as under replace.
    const ref::segment* first_error = expected.errors.empty() ? nullptr : &expected.errors.front();
    const ref::segment* last_error = expected.errors.empty() ? nullptr : &expected.errors.back();
    const auto throw_view = u8v::views::decode(bytes, u8v::on_error::throw_exception);
    if (w.throw_forwards) {
        const walk forwards{base, "throw", "forwards"};
        std::size_t index = 0;
        try {
            for (auto it = throw_view.begin(); it != throw_view.end(); ++it)
                expect_at(it, bytes, expected.replaced, index++, forwards);
            check(first_error == nullptr, base, ", throw, forwards: no exception, expected one at ",
                  first_error ? first_error->offset : 0);
        }
        catch (const u8v::decode_error& e) {
            check(first_error != nullptr, base, ", throw, forwards: threw at ", e.offset(), " on valid input");
            check(e.offset() == first_error->offset && e.kind() == *first_error->error, base,
                  ", throw, forwards: threw ", u8v::to_string(e.kind()), " at ", e.offset(), ", expected ",
                  u8v::to_string(*first_error->error), " at ", first_error->offset);
            check(index == expected.replaced.size() || expected.replaced[index].offset == first_error->offset, base,
                  ", throw, forwards: threw after ", index, " elements, not at the error");
        }
    }
    if (w.backwards) {
        const walk backwards{base, "throw", "backwards"};
        std::size_t index = expected.replaced.size();
        try {
            auto it = throw_view.end();
            while (it.base() != std::ranges::begin(bytes)) {
                --it;
                expect_at(it, bytes, expected.replaced, --index, backwards);
            }
            check(last_error == nullptr, base, ", throw, backwards: no exception");
        }
        catch (const u8v::decode_error& e) {
            check(last_error != nullptr, base, ", throw, backwards: threw on valid input");
            check(e.offset() == last_error->offset && e.kind() == *last_error->error, base,
                  ", throw, backwards: threw ", u8v::to_string(e.kind()), " at ", e.offset(), ", expected ",
                  u8v::to_string(*last_error->error), " at ", last_error->offset);
            check(index != 0 && expected.replaced[index - 1].offset == last_error->offset, base,
                  ", throw, backwards: threw with ", expected.replaced.size() - index, " elements after it, not at it");
        }
    }
}

// A single-pass range: values, errors, lengths; base() is the position after
// the element (the bytes are consumed).
template <class Policy>
void walk_single_pass(const unsigned char* p, std::size_t size, Policy policy, const std::vector<element>& expected,
                      const char* name)
{
    utf8view_test::input_test_range<const unsigned char, false> input(p, p + size);
    std::size_t index = 0;
    auto view = u8v::views::decode(input, policy);
    for (auto it = view.begin(); it != view.end(); ++it) {
        const auto after = static_cast<std::size_t>(it.base().get() - p);
        const std::size_t length = it.code_unit_count();
        const element found{*it, after - length, length, it.error()};
        if (!(index < expected.size() && found == expected[index]))
            check(false, "single pass, ", name, ": element ", index, " is ", f::describe(found));
        ++index;
    }
    check(index == expected.size(), "single pass, ", name, ": ", index, " elements, expected ", expected.size());
}

void check_single_pass(const unsigned char* p, std::size_t size, const expected_decoding& expected)
{
    walk_single_pass(p, size, u8v::on_error::replace, expected.replaced, "replace");
    walk_single_pass(p, size, u8v::on_error::skip, expected.skipped, "skip");
    utf8view_test::input_test_range<const unsigned char, false> input(p, p + size);
    const ref::segment* first_error = expected.errors.empty() ? nullptr : &expected.errors.front();
    std::size_t yielded = 0;
    try {
        for (const char32_t c : u8v::views::decode(input, u8v::on_error::throw_exception)) {
            static_cast<void>(c);
            ++yielded;
        }
        check(first_error == nullptr, "single pass, throw: no exception");
    }
    catch (const u8v::decode_error& e) {
        check(first_error && e.offset() == first_error->offset && e.kind() == *first_error->error,
              "single pass, throw: threw at ", e.offset(), ", expected ", first_error ? first_error->offset : 0);
        check(yielded < expected.replaced.size() && expected.replaced[yielded].offset == first_error->offset,
              "single pass, throw: yielded ", yielded, " elements before it");
    }
}

f::page_end_buffer& input_buffer()
{
    static f::page_end_buffer buffer;
    return buffer;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view input(reinterpret_cast<const char*>(data), size);
    f::current_input = input;
    const std::vector<ref::segment> segments = ref::segments(data, size);
    expected_decoding expected;
    expected.replaced = f::expected_elements(segments, policy_kind::replace);
    expected.skipped = f::expected_elements(segments, policy_kind::skip);
    expected.questioned = f::expected_elements(segments, policy_kind::question_mark);
    for (const ref::segment& s : segments)
        if (!s.well_formed()) expected.errors.push_back(s);

    f::page_end_buffer& buffer = input_buffer();
    // Flush with the end of readable memory, under each kernel (the view
    // validates blocks ahead with it from 32 bytes on; shorter input, the
    // scalar loop alone, once): under each, the walks forwards that meet
    // the validated stretches (replace; skip with steps back; throw). The
    // rest under the first only: the walks backwards decode with the scalar
    // decoder whatever the kernel, and the user policies and the other byte
    // types take the same path as those.
    bool first_configuration = true;
    f::for_each_configuration(
        [&](const f::configuration&) {
            const unsigned char* at_end = buffer.at_end(input);
            walks w;
            w.forwards_replace = w.zigzag_skip = w.throw_forwards = true;
            w.zigzag_replace = w.forwards_skip = w.backwards = w.user_policy = first_configuration;
            check_bidirectional(std::span<const unsigned char>(at_end, size), expected, "contiguous at a page end", w);
            if (first_configuration) {
                const std::string_view chars(reinterpret_cast<const char*>(at_end), size);
                walk_forwards(u8v::views::decode(chars), chars, expected.replaced,
                              {"std::string_view", "replace", "forwards"});
            }
            first_configuration = false;
        },
        size >= utf8view::detail::simd_threshold_bytes);
    // Flush with its start: walking backwards reads nothing before it.
    const unsigned char* at_start = buffer.at_start(input);
    walks backwards_only;
    backwards_only.backwards = true;
    check_bidirectional(std::span<const unsigned char>(at_start, size), expected, "contiguous at a page start",
                        backwards_only);

    // The generic path: no kernel, no validated stretch.
    const std::list<char> list(input.begin(), input.end());
    index_list(list);
    walks generic;
    generic.forwards_replace = generic.zigzag_skip = generic.backwards = generic.throw_forwards = true;
    generic.user_policy = true;
    check_bidirectional(list, expected, "std::list<char>", generic);
    check_single_pass(buffer.at_end(input), size, expected);

    // null_terminated: the bytes before the first NUL, the NUL last in memory.
    const std::string_view before_nul = input.substr(0, input.find('\0'));
    const std::string terminated = std::string(before_nul) + '\0';
    const unsigned char* c_string = buffer.at_end(terminated);
    const std::vector<element> c_expected =
        f::expected_elements(ref::segments(c_string, before_nul.size()), policy_kind::replace);
    std::size_t index = 0;
    const auto view = u8v::views::decode(u8v::null_terminated(c_string));
    for (auto it = view.begin(); it != view.end(); ++it, ++index) {
        const element found{*it, static_cast<std::size_t>(it.base() - c_string), it.code_unit_count(), it.error()};
        if (!(index < c_expected.size() && found == c_expected[index]))
            check(false, "null_terminated: element ", index, " is ", f::describe(found));
    }
    check(index == c_expected.size(), "null_terminated: ", index, " elements, expected ", c_expected.size());
    return 0;
}
