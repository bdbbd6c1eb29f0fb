// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.

// Every input of 1, 2 and 3 bytes (16,843,008 inputs), and every 4-byte
// input whose first byte is F0..F7 and whose second is one of 7F 80 8F 90
// 9F A0 BF C0 (the edges of Table 3-7's second-byte ranges for 4-byte
// sequences; all third and fourth bytes: 4,194,304 inputs), through every
// decoding path, compared with the reference decoder
// (support/reference_utf8.hpp), which shares no code with the library:
//
//   - views::decode over contiguous bytes, a std::list<char> and a
//     single-pass range; forwards and backwards; on_error::replace and
//     skip, per element the value, base() as a byte offset,
//     code_unit_count() and error(); and throw_exception (kind and byte
//     offset: see throwing_checks for the inputs it runs on);
//   - views::decode_buffered over contiguous bytes, on_error::replace and
//     skip;
//   - validate, is_valid, count_code_points, decode_into unbounded into
//     exactly the right size and bounded into every smaller size (replace,
//     skip with the rule for a full output; throw as the views do);
//     repair_into into every room, repaired_size and repair;
//   - each validation kernel and transcoder this CPU has, called directly
//     on the input (for inputs this short, their scalar parts); and, each
//     forced in turn, where their vector code runs: validate on the input
//     put after 64 ASCII bytes, before more than 64, and across the end of
//     a 64-byte block; and batches of 64 inputs, each after 1 to 61 ASCII
//     bytes, through decode_into (a recording policy checks the kind,
//     offset and length of every error; on_error::replace and skip, which
//     the transcoders decode in bulk), utf8_to_utf16_into, repair_into
//     (the recording policy, replace and skip), count_code_points, the
//     view and the buffered view (the recording policy and replace); and
//     batches of 64 inputs each after 'a' and 2 to 8 stray continuation
//     bytes, where errors are so dense that the view with on_error::replace
//     steps through windows of 64 bytes split by the transcoder's byte
//     classes (forwards and backwards), the buffered view decodes them in
//     bulk with the transcoder, and repair with
//     replace and skip and the size functions go a window at a time;
//   - utf8_to_utf16_into unbounded and into every room (replace, and skip
//     with the rule for a full output), utf8_to_utf16_size, to_u16string,
//     and views::utf8_to_utf16 forwards and backwards;
//   - find_code_point_start at every position, floor, ceil and
//     is_code_point_boundary and truncate at every index, and
//     trim_incomplete_tail.
//
// Inputs end flush with a PROT_NONE page, and outputs too. The work is
// split over threads (the kernel forced is the same for all of them; it is
// changed between passes). In an unoptimized or a sanitizer build the 3-
// and 4-byte sets take too long (half an hour or more): they are skipped
// there, with the reason; CI runs them in its optimized GCC build.
//
// UTF-16 input: every code unit alone, every triple of units at an edge of
// Table 3-5 or of the surrogate ranges, and (optimized build only, 1.8
// million inputs) every pair with one such edge unit, through
// validate_utf16, utf16_to_utf8_size, utf16_to_utf8_into into every room,
// to_utf8_string, to_u32string, and views::decode_utf16 and
// views::utf16_to_utf8 forwards and backwards; and the single units and triples again
// in batches of 8192 code units (each input after 1 to 23 'a'), through
// utf16_to_utf8_into under each transcoder, forced, where the UTF-16
// kernels' vector code runs.

#include <utf8view/boundary.hpp>
#include <utf8view/convert.hpp>
#include <utf8view/decode_buffered.hpp>
#include <utf8view/decode_view.hpp>
#include <utf8view/detail/dispatch.hpp>
#include <utf8view/repair.hpp>
#include <utf8view/transcode.hpp>
#include <utf8view/transcode_view.hpp>
#include <utf8view/utf16.hpp>
#include <utf8view/validate.hpp>
#define BOOST_TEST_MODULE exhaustive_short_inputs
#include <boost/test/unit_test.hpp>

#include "support/force_kernels.hpp"
#include "support/bounded_output_rule.hpp"
#include "support/guarded_pages.hpp"
#include "support/reference_utf16.hpp"
#include "support/reference_utf8.hpp"
#include "support/test_iterators.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <list>
#include <mutex>
#include <optional>
#include <span>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace u8v = utf8view;
namespace d = utf8view::detail;
namespace ref = utf8view_test::reference;
namespace ut = boost::unit_test;

#if defined(UTF8VIEW_TEST_HAS_MMAP)

namespace {

// ---------------------------------------------------------------------------
// Failures, collected by the worker threads (Boost.Test is not thread-safe)

class failure_log {
    std::mutex mutex_;
    std::size_t count_ = 0;
    std::vector<std::string> first_;

public:
    void add(std::string message)
    {
        const std::lock_guard<std::mutex> lock(mutex_);
        if (++count_ <= 20) first_.push_back(std::move(message));
    }
    std::size_t count() const { return count_; }
    const std::vector<std::string>& first() const { return first_; }
};

std::string hex(const unsigned char* bytes, std::size_t size)
{
    static constexpr char digits[] = "0123456789ABCDEF";
    std::string text;
    for (std::size_t index = 0; index < size; ++index) {
        if (index != 0) text += ' ';
        text += digits[bytes[index] >> 4];
        text += digits[bytes[index] & 0x0F];
    }
    return text;
}

// What one worker checks: the input, where failures go.
struct checker {
    failure_log* log;
    const unsigned char* input = nullptr;  // the input, as generated
    std::size_t size = 0;
    std::string_view context;

    template <class... Parts>
    void fail(const Parts&... parts) const
    {
        std::ostringstream out;
        out << "[" << hex(input, size) << "] " << context << ": ";
        (out << ... << parts);
        log->add(out.str());
    }
};

// Bytes at the edges of Table 3-7's ranges: 00 7F (one byte), 80 8F 90 9F
// A0 BF (the second-byte ranges), C0 C1 (never used), C2 DF E0 E1 EC ED EE
// EF F0 F1 F3 F4 (the lead byte ranges), F5 FF (never used).
constexpr std::array<unsigned char, 24> edge_bytes = {0x00, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF,
                                                      0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xEC, 0xED,
                                                      0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF};

// Whether the on_error::throw_exception walks and decode_into run on this
// input: on every input of 1 and 2 bytes, and on the longer ones whose last
// byte is an edge byte (the bytes before it take every value the set gives
// them). A thrown
// exception costs a microsecond or two, three per ill-formed input: on
// every input, they were two thirds of the time of the paths that do not
// depend on the kernel. Where a throwing policy stops (the first error
// forwards, the last backwards) is where the replace walks, run on every
// input, find the same error's U+FFFD, with its kind, offset and length.
bool throwing_checks(const checker& c)
{
    return c.size <= 2 || std::find(edge_bytes.begin(), edge_bytes.end(), c.input[c.size - 1]) != edge_bytes.end();
}

// ---------------------------------------------------------------------------
// What the reference says about an input (at most 4 segments)

struct element {
    char32_t value;
    std::size_t offset;
    std::size_t length;
    std::uint8_t error;  // error_kind, 0 if well-formed
    friend bool operator==(const element&, const element&) = default;
};

// The bytes and code units the output functions give for an input (or a
// batch of them), by the reference's encoders (Tables 3-5 and 3-6): U+FFFD
// or '?' (the recording policy's answer) for each error, or nothing.
struct encoded_forms {
    std::string replaced;       // UTF-8, U+FFFD (EF BF BD) for each error
    std::string skipped;        // UTF-8, errors dropped
    std::string marked;         // UTF-8, '?' for each error
    std::u16string replaced16;  // UTF-16, U+FFFD for each error
    std::u16string skipped16;   // UTF-16, errors dropped
    std::u16string marked16;    // UTF-16, '?' for each error

    void clear()
    {
        for (std::string* form : {&replaced, &skipped, &marked}) form->clear();
        for (std::u16string* form : {&replaced16, &skipped16, &marked16}) form->clear();
    }
    void add(const ref::segment& s)
    {
        namespace ref16 = utf8view_test::reference16;
        if (s.well_formed()) {
            const std::string bytes = ref::encode(s.code_point);
            for (std::string* form : {&replaced, &skipped, &marked}) *form += bytes;
            const std::u16string units = ref16::encode(s.code_point);
            for (std::u16string* form : {&replaced16, &skipped16, &marked16}) *form += units;
        }
        else {
            replaced += ref::encode(0xFFFD);
            marked += '?';
            replaced16 += ref16::encode(0xFFFD);
            marked16 += u'?';
        }
    }
    // `count` bytes 'a', which every form keeps as they are.
    void add_ascii(std::size_t count)
    {
        for (std::string* form : {&replaced, &skipped, &marked}) form->append(count, 'a');
        for (std::u16string* form : {&replaced16, &skipped16, &marked16}) form->append(count, u'a');
    }
    void add(const encoded_forms& other)
    {
        replaced += other.replaced;
        skipped += other.skipped;
        marked += other.marked;
        replaced16 += other.replaced16;
        skipped16 += other.skipped16;
        marked16 += other.marked16;
    }
};

struct expected_decoding {
    std::vector<ref::segment> segments;
    std::vector<element> replaced;
    std::vector<element> skipped;
    std::optional<ref::segment> first_error;
    std::optional<ref::segment> last_error;
    encoded_forms encoded;

    void compute(const unsigned char* bytes, std::size_t size)
    {
        segments = ref::segments(bytes, size);
        replaced.clear();
        skipped.clear();
        first_error.reset();
        last_error.reset();
        encoded.clear();
        for (const ref::segment& s : segments) {
            const auto kind = static_cast<std::uint8_t>(s.error ? static_cast<int>(*s.error) : 0);
            if (s.well_formed()) {
                replaced.push_back({s.code_point, s.offset, s.length, 0});
                skipped.push_back(replaced.back());
            }
            else {
                replaced.push_back({U'\uFFFD', s.offset, s.length, kind});
                if (!first_error) first_error = s;
                last_error = s;
            }
            encoded.add(s);
        }
    }
};

// ---------------------------------------------------------------------------
// The views

template <class It, class First>
element element_at(const It& it, const First& first)
{
    const auto kind = it.error();
    return {*it, static_cast<std::size_t>(std::ranges::distance(first, it.base())), it.code_unit_count(),
            static_cast<std::uint8_t>(kind ? static_cast<int>(*kind) : 0)};
}

// The walks of the views over `bytes`; with `throwing`, also forwards and
// backwards with on_error::throw_exception (an exception costs a microsecond
// or two: only over one kind of range, and see throwing_checks).
template <class Bytes>
void check_view_walks(const checker& c, const Bytes& bytes, const expected_decoding& e, const char* base, bool throwing)
{
    const auto first = std::ranges::begin(bytes);
    const auto walk_forwards = [&](const auto& view, const std::vector<element>& expected, const char* policy) {
        std::size_t index = 0;
        for (auto it = view.begin(); it != view.end(); ++it, ++index)
            if (index >= expected.size() || !(element_at(it, first) == expected[index]))
                return c.fail(base, ", ", policy, ", forwards: element ", index, " differs");
        if (index != expected.size()) c.fail(base, ", ", policy, ", forwards: ", index, " elements");
    };
    const auto walk_backwards = [&](const auto& view, const std::vector<element>& expected, const char* policy) {
        std::size_t index = expected.size();
        auto it = view.end();
        const auto start = view.begin();
        while (it != start) {
            --it;
            if (index == 0 || !(element_at(it, first) == expected[--index]))
                return c.fail(base, ", ", policy, ", backwards: element ", index, " differs");
        }
        if (index != 0) c.fail(base, ", ", policy, ", backwards: ", expected.size() - index, " elements");
    };
    const auto replace_view = u8v::views::decode(bytes, u8v::on_error::replace);
    const auto skip_view = u8v::views::decode(bytes, u8v::on_error::skip);
    walk_forwards(replace_view, e.replaced, "replace");
    walk_forwards(skip_view, e.skipped, "skip");
    walk_backwards(replace_view, e.replaced, "replace");
    walk_backwards(skip_view, e.skipped, "skip");

    if (!throwing) return;
    const auto throw_view = u8v::views::decode(bytes, u8v::on_error::throw_exception);
    try {
        for (auto it = throw_view.begin(); it != throw_view.end(); ++it) {}
        if (e.first_error) c.fail(base, ", throw, forwards: no exception");
    }
    catch (const u8v::decode_error& error) {
        if (!e.first_error || error.offset() != e.first_error->offset || error.kind() != *e.first_error->error)
            c.fail(base, ", throw, forwards: threw ", u8v::to_string(error.kind()), " at ", error.offset());
    }
    try {
        auto it = throw_view.end();
        while (it.base() != first) --it;
        if (e.last_error) c.fail(base, ", throw, backwards: no exception");
    }
    catch (const u8v::decode_error& error) {
        if (!e.last_error || error.offset() != e.last_error->offset || error.kind() != *e.last_error->error)
            c.fail(base, ", throw, backwards: threw ", u8v::to_string(error.kind()), " at ", error.offset());
    }
}

// A single-pass range: base() is the position after the element.
template <class Policy>
void check_single_pass(const checker& c, const unsigned char* p, std::size_t size, Policy policy,
                       const std::vector<element>& expected, const char* name)
{
    utf8view_test::input_test_range<const unsigned char, false> input(p, p + size);
    auto view = u8v::views::decode(input, policy);
    std::size_t index = 0;
    for (auto it = view.begin(); it != view.end(); ++it, ++index) {
        const std::size_t length = it.code_unit_count();
        const auto kind = it.error();
        const element found{*it, static_cast<std::size_t>(it.base().get() - p) - length, length,
                            static_cast<std::uint8_t>(kind ? static_cast<int>(*kind) : 0)};
        if (index >= expected.size() || !(found == expected[index]))
            return c.fail("single pass, ", name, ": element ", index, " differs");
    }
    if (index != expected.size()) c.fail("single pass, ", name, ": ", index, " elements");
}

// views::decode_buffered over contiguous bytes: the values, in order.
template <class Policy>
void check_buffered(const checker& c, std::span<const unsigned char> bytes, Policy policy,
                    const std::vector<element>& expected, const char* name)
{
    std::size_t index = 0;
    for (const char32_t value : u8v::views::decode_buffered(bytes, policy)) {
        if (index >= expected.size() || value != expected[index].value)
            return c.fail("decode_buffered, ", name, ": element ", index, " differs");
        ++index;
    }
    if (index != expected.size()) c.fail("decode_buffered, ", name, ": ", index, " elements");
}

// ---------------------------------------------------------------------------
// The bulk functions

enum class bulk_policy { replace, skip, throw_exception };

// decode_into of `bytes` (whose reference is `e`, shifted by nothing), into
// room for `room` code points (SIZE_MAX: unbounded, into exactly as many
// as it writes), the output ending at a page end.
void check_decode_into(const checker& c, std::span<const unsigned char> bytes, const expected_decoding& e,
                       bulk_policy policy, std::size_t room, utf8view_test::guarded_pages& output)
{
    // The reference's answer: what fits, and where the call stops.
    const ref::bounded_result r =
        ref::decode_into_room(e.segments, bytes.size(),
                              policy == bulk_policy::skip              ? ref::policy_behaviour::drops_declared
                              : policy == bulk_policy::throw_exception ? ref::policy_behaviour::throws
                                                                       : ref::policy_behaviour::replaces,
                              room);
    const std::size_t written = r.written;
    const std::size_t in = r.in;
    const std::optional<std::size_t> throws_at = r.throws_at;
    const std::vector<element>& values = policy == bulk_policy::skip ? e.skipped : e.replaced;
    const bool bounded = room != static_cast<std::size_t>(-1);
    const std::size_t slots = bounded ? room : written;
    char32_t* const out = reinterpret_cast<char32_t*>(output.last()) - slots;
    std::fill(out, out + slots, char32_t{0x5A5A5A});
    const auto check_result = [&](const auto& result) {
        const char32_t* end = std::to_address(result.out);
        if (throws_at) return c.fail("decode_into, room ", room, ": no exception");
        if (static_cast<std::size_t>(end - out) != written)
            return c.fail("decode_into, room ", room, ": wrote ", end - out, ", expected ", written);
        for (std::size_t index = 0; index < written; ++index)
            if (out[index] != values[index].value) return c.fail("decode_into, room ", room, ": value ", index);
        if (static_cast<std::size_t>(std::to_address(result.in) - bytes.data()) != in)
            c.fail("decode_into, room ", room, ": in at ", std::to_address(result.in) - bytes.data(), ", expected ",
                   in);
    };
    const auto call = [&](auto p) {
        if (bounded) check_result(u8v::decode_into(bytes, std::span<char32_t>(out, room), p));
        else check_result(u8v::decode_into(bytes, out, p));
    };
    switch (policy) {
    case bulk_policy::replace: call(u8v::on_error::replace); break;
    case bulk_policy::skip: call(u8v::on_error::skip); break;
    case bulk_policy::throw_exception: try { call(u8v::on_error::throw_exception);
        }
        catch (const u8v::decode_error& error) {
            if (!throws_at || error.offset() != *throws_at)
                c.fail("decode_into, throw, room ", room, ": threw at ", error.offset());
        }
        break;
    }
}

// repair_into of `bytes` into room for every size from nothing to all of
// it, replace and skip (the rule for a full output), and repair().
void check_repair(const checker& c, std::span<const unsigned char> bytes, const expected_decoding& e,
                  utf8view_test::guarded_pages& output)
{
    const std::string& replaced = e.encoded.replaced;
    const std::string& skipped = e.encoded.skipped;
    if (u8v::repair(bytes) != replaced) c.fail("repair");
    if (u8v::repaired_size(bytes) != replaced.size()) c.fail("repaired_size");
    for (const bool skip : {false, true}) {
        const std::string& all = skip ? skipped : replaced;
        for (std::size_t room = 0; room <= all.size(); ++room) {
            const ref::bounded_result r = ref::repair_into_room(
                e.segments, bytes.size(),
                skip ? ref::policy_behaviour::drops_declared : ref::policy_behaviour::replaces, 3, room);
            unsigned char* const out = output.last() - room;
            const auto result = skip ? u8v::repair_into(bytes, std::span<unsigned char>(out, room), u8v::on_error::skip)
                                     : u8v::repair_into(bytes, std::span<unsigned char>(out, room));
            const auto written = static_cast<std::size_t>(std::to_address(result.out) - out);
            if (written != r.written ||
                std::string_view(reinterpret_cast<const char*>(out), written) !=
                    std::string_view(all).substr(0, written) ||
                static_cast<std::size_t>(std::to_address(result.in) - bytes.data()) != r.in)
                c.fail("repair_into", skip ? ", skip" : "", ", room ", room);
        }
    }
}

// True if `view` read forwards, and backwards from its end (then reversed),
// gives `expected`.
template <class View, class String>
bool same_both_ways(View view, const String& expected)
{
    using unit = typename String::value_type;
    String forwards;
    for (const auto element : view) forwards.push_back(static_cast<unit>(element));
    String backwards;
    for (auto it = std::ranges::end(view); it != std::ranges::begin(view);) {
        --it;
        backwards.push_back(static_cast<unit>(*it));
    }
    std::reverse(backwards.begin(), backwards.end());
    return forwards == expected && backwards == expected;
}

// UTF-8 to UTF-16: utf8_to_utf16_into into every room up to exactly the
// right one (flush with an unreadable page; the longest run of whole
// elements that fits) under replace, and into none and all under skip (the
// rule for a full output), utf8_to_utf16_size and to_u16string, against
// the reference decoder's segments encoded by Table 3-5; and
// views::utf8_to_utf16, forwards and backwards.
void check_utf16(const checker& c, std::span<const unsigned char> bytes, const expected_decoding& e,
                 utf8view_test::guarded_pages& output)
{
    for (const bool skip : {false, true}) {
        const std::u16string& all = skip ? e.encoded.skipped16 : e.encoded.replaced16;
        const std::u16string converted =
            skip ? u8v::to_u16string(bytes, u8v::on_error::skip) : u8v::to_u16string(bytes);
        if (converted != all) c.fail("to_u16string", skip ? ", skip" : "");
        if (!skip && u8v::utf8_to_utf16_size(bytes) != all.size()) c.fail("utf8_to_utf16_size");
        if (!skip && !same_both_ways(bytes | u8v::views::utf8_to_utf16, all)) c.fail("views::utf8_to_utf16");
        // Every room under replace; under skip none and all (the fuzz
        // target tries the rooms between, to keep this test's time down).
        for (std::size_t room = 0; room <= all.size(); ++room) {
            if (skip && room != 0 && room != all.size()) continue;
            const ref::bounded_result r = ref::utf16_into_room(
                e.segments, bytes.size(),
                skip ? ref::policy_behaviour::drops_declared : ref::policy_behaviour::replaces, room);
            char16_t* const out = reinterpret_cast<char16_t*>(output.last()) - room;
            const std::span<char16_t> target(out, room);
            const auto result = skip ? u8v::utf8_to_utf16_into(bytes, target, u8v::on_error::skip)
                                     : u8v::utf8_to_utf16_into(bytes, target);
            const auto written = static_cast<std::size_t>(std::to_address(result.out) - out);
            if (written != r.written ||
                std::u16string_view(out, written) != std::u16string_view(all).substr(0, written) ||
                static_cast<std::size_t>(std::to_address(result.in) - bytes.data()) != r.in)
                c.fail("utf8_to_utf16_into", skip ? ", skip" : "", ", room ", room);
        }
    }
}

void check_bulk(const checker& c, std::span<const unsigned char> bytes, const expected_decoding& e,
                utf8view_test::guarded_pages& output)
{
    const u8v::validation_result expected = e.first_error
                                                ? u8v::validation_result{e.first_error->error, e.first_error->offset}
                                                : u8v::validation_result{std::nullopt, bytes.size()};
    if (!(u8v::validate(bytes) == expected)) c.fail("validate");
    if (u8v::is_valid(bytes) != !e.first_error) c.fail("is_valid");
    if (u8v::count_code_points(bytes) != e.replaced.size()) c.fail("count_code_points");
    if (throwing_checks(c))
        check_decode_into(c, bytes, e, bulk_policy::throw_exception, static_cast<std::size_t>(-1), output);
    for (const bulk_policy policy : {bulk_policy::replace, bulk_policy::skip}) {
        check_decode_into(c, bytes, e, policy, static_cast<std::size_t>(-1), output);
        const std::size_t all = (policy == bulk_policy::skip ? e.skipped : e.replaced).size();
        for (std::size_t fewer = 0; fewer <= 8 && fewer <= all; ++fewer)
            check_decode_into(c, bytes, e, policy, all - fewer, output);
    }
}

// ---------------------------------------------------------------------------
// One worker's memory: its own guarded pages and lists

struct workspace {
    utf8view_test::guarded_pages input;
    utf8view_test::guarded_pages output;
    std::array<std::list<char>, 5> lists{std::list<char>(0), std::list<char>(1), std::list<char>(2), std::list<char>(3),
                                         std::list<char>(4)};
    expected_decoding expected;
    expected_decoding padded_expected;
    std::array<unsigned char, 256> padded{};
};

// What does not depend on the kernel forced: the views, the bulk functions
// on the input alone (shorter than any kernel's threshold), the
// boundaries, and each kernel and transcoder called directly.
void check_alone(const checker& c, workspace& w)
{
    const std::size_t n = c.size;
    unsigned char* const at_end = w.input.last() - n;
    std::copy(c.input, c.input + n, at_end);
    const expected_decoding& e = w.expected;
    const std::span<const unsigned char> bytes(at_end, n);

    check_view_walks(c, bytes, e, "contiguous", throwing_checks(c));
    std::list<char>& list = w.lists[n];
    std::copy(c.input, c.input + n, list.begin());
    check_view_walks(c, list, e, "std::list<char>", false);
    check_single_pass(c, at_end, n, u8v::on_error::replace, e.replaced, "replace");
    check_single_pass(c, at_end, n, u8v::on_error::skip, e.skipped, "skip");
    check_buffered(c, bytes, u8v::on_error::replace, e.replaced, "replace");
    check_buffered(c, bytes, u8v::on_error::skip, e.skipped, "skip");
    check_bulk(c, bytes, e, w.output);
    check_repair(c, bytes, e, w.output);
    check_utf16(c, bytes, e, w.output);

    // Kernels and transcoders, directly.
    const u8v::validation_result expected = e.first_error
                                                ? u8v::validation_result{e.first_error->error, e.first_error->offset}
                                                : u8v::validation_result{std::nullopt, n};
    for (const d::kernel* k : d::available_kernels())
        if (!(k->validate(at_end, n) == expected)) c.fail("kernel ", k->name, " called directly: validate");
    const std::size_t valid = e.first_error ? e.first_error->offset : n;
    std::size_t valid_count = 0;
    while (valid_count < e.replaced.size() && e.replaced[valid_count].offset < valid) ++valid_count;
    std::size_t valid_units = 0;
    for (std::size_t index = 0; index < valid_count; ++index)
        valid_units += e.replaced[index].value >= 0x10000 ? 2u : 1u;
    for (const d::transcoder* t : d::available_transcoders()) {
        if (t->count_code_points_valid(at_end, at_end + valid) != valid_count)
            c.fail("transcoder ", t->name, " called directly: count_code_points_valid");
        if (t->count_utf16_units_valid(at_end, at_end + valid) != valid_units)
            c.fail("transcoder ", t->name, " called directly: count_utf16_units_valid");
    }
    for (const d::transcoder* t : d::available_transcoders())
        for (std::size_t room = 0; room <= valid_count; ++room) {
            char32_t* const out = reinterpret_cast<char32_t*>(w.output.last()) - room;
            const d::decode_progress progress = t->decode_valid(at_end, at_end + valid, out, room);
            const std::size_t stop = room < valid_count ? e.replaced[room].offset : valid;
            if (progress.out != out + room || progress.in != at_end + stop)
                c.fail("transcoder ", t->name, " called directly: decode_valid, room ", room);
            for (std::size_t index = 0; index < room; ++index)
                if (out[index] != e.replaced[index].value)
                    c.fail("transcoder ", t->name, " called directly: code point ", index);
        }

    // Boundaries.
    const auto* chars = reinterpret_cast<const char*>(at_end);
    const std::string_view text(chars, n);
    for (std::size_t position = 0; position < n; ++position) {
        const std::size_t start = ref::segment_start(e.segments, position);
        if (static_cast<std::size_t>(
                u8v::find_code_point_start(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(position)) -
                text.begin()) != start)
            c.fail("find_code_point_start at ", position);
    }
    for (std::size_t index = 0; index <= n + 1; ++index) {
        const std::size_t floor = ref::floor_boundary(e.segments, n, index);
        if (u8v::floor_code_point_boundary(text, index) != floor) c.fail("floor_code_point_boundary ", index);
        if (u8v::ceil_code_point_boundary(text, index) != ref::ceil_boundary(e.segments, n, index))
            c.fail("ceil_code_point_boundary ", index);
        if (u8v::is_code_point_boundary(text, index) != (floor == std::min(index, n)))
            c.fail("is_code_point_boundary ", index);
        if (u8v::truncate(text, index).size() != floor) c.fail("truncate ", index);
        if (static_cast<std::size_t>(std::ranges::distance(u8v::truncate(list, index))) != floor)
            c.fail("truncate over std::list ", index);
    }
    if (u8v::trim_incomplete_tail(text).size() != ref::without_incomplete_tail(e.segments, n))
        c.fail("trim_incomplete_tail");
}

// Where the input goes among 64 ASCII bytes: after them (ending the buffer,
// which ends at a page end), before them, or across byte 64 (the end of
// the first 64-byte block).
constexpr std::size_t placements = 3;

std::size_t input_offset(std::size_t placement, std::size_t n)
{
    switch (placement) {
    case 0: return 64;
    case 1: return 0;
    default: return 64 - (n + 1) / 2;
    }
}

// validate under the kernel forced, on the input among ASCII bytes, long
// enough for the kernel: ASCII bytes are segments of their own and never
// join the input's (they are not continuation bytes), and no kind of the
// input's maximal subparts changes when ASCII follows instead of the end,
// so the first error is the input's, shifted.
void check_validate_among_ascii(const checker& c, workspace& w)
{
    const std::size_t n = c.size;
    const expected_decoding& e = w.expected;
    for (std::size_t placement = 0; placement < placements; ++placement) {
        const std::size_t offset = input_offset(placement, n);
        // The input and then 64 ASCII bytes or more: a block after an
        // unfinished sequence is all ASCII (the kernels must still report
        // what the previous block left unfinished).
        const std::size_t total = placement == 0 ? 64 + n : 64 + n + 72;
        unsigned char* const at_end = w.input.last() - total;
        std::fill(at_end, at_end + total, 'a');
        std::copy(c.input, c.input + n, at_end + offset);
        const u8v::validation_result expected =
            e.first_error ? u8v::validation_result{e.first_error->error, e.first_error->offset + offset}
                          : u8v::validation_result{std::nullopt, total};
        if (!(u8v::validate(std::span<const unsigned char>(at_end, total)) == expected))
            c.fail("validate among ASCII, placement ", placement);
    }
}

// A batch: consecutive inputs of a set, each after 1 to 61 ASCII bytes (a
// different number each, so that the inputs fall at every position of the
// kernels' 64-byte blocks), decoded at once by the bulk functions and the
// view under the kernel forced, and compared with the reference, which is
// each input's, shifted, among single ASCII bytes (see above). A user
// policy records every error it is told of: kind, offset and length of
// each maximal subpart of every input.
struct batch {
    std::vector<unsigned char> bytes;
    std::vector<ref::segment> segments;
    std::vector<char32_t> replaced;  // with '?' for each error (the recording policy)
    std::vector<char32_t> skipped;
    std::vector<ref::segment> errors;
    std::vector<std::pair<std::size_t, std::size_t>> inputs;  // first byte of each input, its length
    encoded_forms encoded;

    void clear()
    {
        bytes.clear();
        segments.clear();
        replaced.clear();
        skipped.clear();
        errors.clear();
        inputs.clear();
        encoded.clear();
    }
    // The input after `pad` bytes 'a', and, with `strays`, after 'a' and
    // then that many stray continuation bytes (80, each an ill-formed
    // maximal subpart of its own: the 'a' ends whatever the input before
    // left unfinished).
    void add(const unsigned char* input, std::size_t n, const expected_decoding& e, std::size_t pad,
             std::size_t strays = 0)
    {
        // Member by member: assigning whole segments went through a
        // temporary whose copy stalled on store forwarding (a tenth of the
        // time of each kernel's pass).
        const std::size_t first_pad = segments.size();
        segments.resize(first_pad + pad);
        for (std::size_t at = 0; at < pad; ++at) {
            ref::segment& s = segments[first_pad + at];
            s.offset = bytes.size() + at;
            s.length = 1;
            s.code_point = U'a';
            s.error.reset();
        }
        bytes.insert(bytes.end(), pad, 'a');
        replaced.insert(replaced.end(), pad, U'a');
        skipped.insert(skipped.end(), pad, U'a');
        encoded.add_ascii(pad);
        for (std::size_t at = 0; at < strays; ++at) {
            const ref::segment stray{bytes.size(), 1, 0, u8v::error_kind::unexpected_continuation_byte};
            segments.push_back(stray);
            errors.push_back(stray);
            bytes.push_back(0x80);
            replaced.push_back(U'?');
            encoded.add(stray);
        }
        const std::size_t offset = bytes.size();
        inputs.emplace_back(offset, n);
        bytes.insert(bytes.end(), input, input + n);
        encoded.add(e.encoded);
        for (ref::segment s : e.segments) {
            s.offset += offset;
            segments.push_back(s);
            if (s.well_formed()) {
                replaced.push_back(s.code_point);
                skipped.push_back(s.code_point);
            }
            else {
                replaced.push_back(U'?');
                errors.push_back(s);
            }
        }
    }
};

struct recording_policy {
    std::vector<u8v::decode_error_info>* log;
    std::optional<char32_t> operator()(const u8v::decode_error_info& info) const
    {
        log->push_back(info);
        return U'?';
    }
};

// The paths that go a window of 64 bytes at a time where errors come close
// together: repair_into with on_error::replace (EF BF BD for each error),
// repair with on_error::skip, and the size functions (repaired_size,
// count_code_points, utf8_to_utf16_size: 2 code units for a supplementary
// code point, Table 3-5).
template <class Fail>
void check_batch_windows(const batch& b, std::span<const unsigned char> bytes, workspace& w, const Fail& fail)
{
    const std::string& replaced = b.encoded.replaced;
    const std::string& skipped = b.encoded.skipped;
    if (u8v::repaired_size(bytes) != replaced.size()) fail("repaired_size of the batch");
    if (u8v::count_code_points(bytes) != b.segments.size()) fail("count_code_points of the batch");
    if (u8v::utf8_to_utf16_size(bytes) != b.encoded.replaced16.size()) fail("utf8_to_utf16_size of the batch");
    w.output.reserve(replaced.size());
    unsigned char* const repaired = w.output.last() - replaced.size();
    const auto result = u8v::repair_into(bytes, repaired);
    if (result.out != repaired + replaced.size() ||
        std::string_view(reinterpret_cast<const char*>(repaired), replaced.size()) != replaced)
        fail("repair_into of the batch, replace");
    if (u8v::repair(bytes, u8v::on_error::skip) != skipped) fail("repair of the batch, skip");
}

void check_batch(failure_log& log, const batch& b, workspace& w)
{
    const auto fail_at = [&](std::size_t byte_offset, const auto&... parts) {
        // Name the input that holds the offset.
        std::size_t which = 0;
        while (which + 1 < b.inputs.size() && b.inputs[which + 1].first <= byte_offset) ++which;
        const checker c{&log, b.bytes.data() + b.inputs[which].first, b.inputs[which].second,
                        "in a batch of inputs among ASCII"};
        c.fail(parts...);
    };
    const std::size_t total = b.bytes.size();
    w.input.reserve(total);
    unsigned char* const at_end = w.input.last() - total;
    std::copy(b.bytes.begin(), b.bytes.end(), at_end);
    const std::span<const unsigned char> bytes(at_end, total);

    if (u8v::count_code_points(bytes) != b.replaced.size()) fail_at(0, "count_code_points of the batch");
    // decode_into, the recording policy: every error, told once, in order.
    static thread_local std::vector<u8v::decode_error_info> told;
    told.clear();
    w.output.reserve(b.replaced.size() * sizeof(char32_t));
    char32_t* const out = reinterpret_cast<char32_t*>(w.output.last()) - b.replaced.size();
    const auto result = u8v::decode_into(bytes, out, recording_policy{&told});
    if (result.out != out + b.replaced.size()) fail_at(0, "decode_into of the batch: wrote ", result.out - out);
    for (std::size_t index = 0; index < b.replaced.size(); ++index)
        if (out[index] != b.replaced[index]) {
            fail_at(b.segments[index].offset, "decode_into of the batch: code point ", index);
            break;
        }
    if (told.size() != b.errors.size()) fail_at(0, "decode_into of the batch: told of ", told.size(), " errors");
    for (std::size_t index = 0; index < std::min(told.size(), b.errors.size()); ++index)
        if (told[index].offset != b.errors[index].offset || told[index].kind != *b.errors[index].error ||
            told[index].length != b.errors[index].length) {
            fail_at(b.errors[index].offset, "decode_into of the batch: error ", index, " told as ",
                    u8v::to_string(told[index].kind), " at ", told[index].offset);
            break;
        }
    // decode_into, on_error::replace: U+FFFD where the recording policy put '?'.
    const auto replace_result = u8v::decode_into(bytes, out, u8v::on_error::replace);
    if (replace_result.out != out + b.replaced.size())
        fail_at(0, "decode_into of the batch, replace: wrote ", replace_result.out - out);
    for (std::size_t index = 0; index < b.replaced.size(); ++index)
        if (out[index] != (b.segments[index].well_formed() ? b.replaced[index] : U'\uFFFD')) {
            fail_at(b.segments[index].offset, "decode_into of the batch, replace: code point ", index);
            break;
        }
    // decode_into, skip.
    char32_t* const skip_out = reinterpret_cast<char32_t*>(w.output.last()) - b.skipped.size();
    const auto skipped = u8v::decode_into(bytes, skip_out, u8v::on_error::skip);
    if (skipped.out != skip_out + b.skipped.size() || !std::equal(b.skipped.begin(), b.skipped.end(), skip_out))
        fail_at(0, "decode_into of the batch, skip");
    // utf8_to_utf16_into, '?' for each error: each code point's UTF-16
    // form by Table 3-5 (support/reference_utf16.hpp).
    const std::u16string& expected_utf16 = b.encoded.marked16;
    w.output.reserve(expected_utf16.size() * sizeof(char16_t));
    char16_t* const units = reinterpret_cast<char16_t*>(w.output.last()) - expected_utf16.size();
    told.clear();
    const auto utf16_result = u8v::utf8_to_utf16_into(bytes, units, recording_policy{&told});
    if (utf16_result.out != units + expected_utf16.size() ||
        !std::equal(expected_utf16.begin(), expected_utf16.end(), units))
        fail_at(0, "utf8_to_utf16_into of the batch");
    if (told.size() != b.errors.size()) fail_at(0, "utf8_to_utf16_into of the batch: told of ", told.size(), " errors");
    // repair_into, '?' for each error (the bytes of each segment, or '?').
    const std::string& expected_repair = b.encoded.marked;
    told.clear();
    unsigned char* const repaired = w.output.last() - expected_repair.size();
    const auto repair_result = u8v::repair_into(bytes, repaired, recording_policy{&told});
    if (repair_result.out != repaired + expected_repair.size() ||
        std::string_view(reinterpret_cast<const char*>(repaired), expected_repair.size()) != expected_repair)
        fail_at(0, "repair_into of the batch");
    if (told.size() != b.errors.size()) fail_at(0, "repair_into of the batch: told of ", told.size(), " errors");
    check_batch_windows(b, bytes, w, [&](const char* what) { fail_at(0, what); });
    // The view, which validates blocks ahead with the kernel.
    told.clear();
    std::size_t index = 0;
    const auto view = u8v::views::decode(bytes, recording_policy{&told});
    for (auto it = view.begin(); it != view.end(); ++it, ++index) {
        if (index >= b.segments.size()) {
            fail_at(0, "the view over the batch: more than ", b.segments.size(), " elements");
            break;
        }
        const ref::segment& s = b.segments[index];
        if (*it != b.replaced[index] || static_cast<std::size_t>(it.base() - bytes.begin()) != s.offset ||
            it.code_unit_count() != s.length || it.error() != s.error) {
            fail_at(s.offset, "the view over the batch: element ", index);
            break;
        }
    }
    if (index != b.segments.size()) fail_at(0, "the view over the batch: ", index, " elements");
    // The buffered view: the recording policy, asked one error at a time,
    // and on_error::replace, decoded in bulk by the transcoder.
    told.clear();
    index = 0;
    for (const char32_t value : bytes | u8v::views::decode_buffered(recording_policy{&told})) {
        if (index >= b.replaced.size() || value != b.replaced[index]) {
            fail_at(index < b.segments.size() ? b.segments[index].offset : 0,
                    "decode_buffered over the batch: element ", index);
            break;
        }
        ++index;
    }
    if (index != b.replaced.size() || told.size() != b.errors.size())
        fail_at(0, "decode_buffered over the batch: ", index, " elements, told of ", told.size(), " errors");
    for (std::size_t error = 0; error < std::min(told.size(), b.errors.size()); ++error)
        if (told[error].offset != b.errors[error].offset || told[error].kind != *b.errors[error].error ||
            told[error].length != b.errors[error].length) {
            fail_at(b.errors[error].offset, "decode_buffered over the batch: error ", error, " told as ",
                    u8v::to_string(told[error].kind), " at ", told[error].offset);
            break;
        }
    index = 0;
    for (const char32_t value : bytes | u8v::views::decode_buffered) {
        if (index >= b.segments.size() || value != (b.segments[index].well_formed() ? b.replaced[index] : U'\uFFFD')) {
            fail_at(index < b.segments.size() ? b.segments[index].offset : 0,
                    "decode_buffered over the batch, replace: element ", index);
            break;
        }
        ++index;
    }
    if (index != b.segments.size()) fail_at(0, "decode_buffered over the batch, replace: ", index, " elements");
}

// A batch whose inputs lie among stray continuation bytes: where errors are
// so dense and random, the view with on_error::replace steps through
// windows of 64 bytes split by the transcoder's byte classes, and decodes
// each segment with no branch. Forwards and backwards, per element: the
// value (U+FFFD for each error), the byte offset of base(),
// code_unit_count() and error().
void check_dense_batch(failure_log& log, const batch& b, workspace& w)
{
    const std::size_t total = b.bytes.size();
    w.input.reserve(total);
    unsigned char* const at_end = w.input.last() - total;
    std::copy(b.bytes.begin(), b.bytes.end(), at_end);
    const std::span<const unsigned char> bytes(at_end, total);
    const auto fail_at = [&](std::size_t byte_offset, const char* what, std::size_t index) {
        std::size_t which = 0;
        while (which + 1 < b.inputs.size() && b.inputs[which + 1].first <= byte_offset) ++which;
        const checker c{&log, b.bytes.data() + b.inputs[which].first, b.inputs[which].second,
                        "in a batch of inputs among stray continuation bytes"};
        c.fail(what, index);
    };
    const auto same = [&](const auto& it, std::size_t index) {
        const ref::segment& s = b.segments[index];
        return *it == (s.well_formed() ? s.code_point : U'\uFFFD') &&
               static_cast<std::size_t>(it.base() - bytes.begin()) == s.offset && it.code_unit_count() == s.length &&
               it.error() == s.error;
    };
    const auto view = u8v::views::decode(bytes, u8v::on_error::replace);
    std::size_t index = 0;
    for (auto it = view.begin(); it != view.end(); ++it, ++index) {
        if (index >= b.segments.size() || !same(it, index)) {
            fail_at(index < b.segments.size() ? b.segments[index].offset : 0, "the replacing view, element ", index);
            return;
        }
    }
    if (index != b.segments.size()) fail_at(0, "the replacing view: elements ", index);
    std::size_t buffered = 0;
    for (const char32_t value : bytes | u8v::views::decode_buffered) {
        const ref::segment& s = b.segments[std::min(buffered, b.segments.size() - 1)];
        if (buffered >= b.segments.size() || value != (s.well_formed() ? s.code_point : U'\uFFFD')) {
            fail_at(s.offset, "decode_buffered over the batch, element ", buffered);
            return;
        }
        ++buffered;
    }
    if (buffered != b.segments.size()) fail_at(0, "decode_buffered over the batch: elements ", buffered);
    check_batch_windows(b, bytes, w, [&](const char* what) { fail_at(0, what, 0); });
    for (auto it = view.end(); it != view.begin();) {
        --it;
        if (index == 0 || !same(it, --index)) {
            fail_at(b.segments[index].offset, "the replacing view backwards, element ", index);
            return;
        }
    }
}

// ---------------------------------------------------------------------------
// The input sets, and the threads that walk them

// Calls check(input, n) for inputs number [first, last) of a set: inputs
// of `n` bytes whose value (big-endian) is `index`, or for the 4-byte set,
// F0..F7, then one of the 8 edge bytes, then any two bytes.
using input_check = std::function<void(const unsigned char*, std::size_t, workspace&, failure_log&)>;

constexpr std::array<unsigned char, 8> second_bytes = {0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0};

struct input_set {
    std::size_t length;      // bytes per input
    std::size_t count;       // inputs in the set
    bool four_byte_edges;    // the 4-byte set

    void input(std::size_t index, unsigned char* bytes) const
    {
        if (four_byte_edges) {
            bytes[0] = static_cast<unsigned char>(0xF0 + index / (8 * 65536));
            bytes[1] = second_bytes[(index / 65536) % 8];
            bytes[2] = static_cast<unsigned char>(index >> 8);
            bytes[3] = static_cast<unsigned char>(index);
            return;
        }
        for (std::size_t at = length; at-- > 0; index >>= 8) bytes[at] = static_cast<unsigned char>(index);
    }
};

// Runs `body` on every input of `set`, on all hardware threads (at most 8),
// each with its own workspace. With `batches`, every 64 inputs also make a
// batch for check_batch.
std::size_t run_set(const input_set& set, failure_log& log, void (*body)(const checker&, workspace&),
                    const char* context, bool batches = false)
{
    const unsigned threads = std::max(1u, std::min(8u, std::thread::hardware_concurrency()));
    std::atomic<std::size_t> next{0};
    constexpr std::size_t chunk = 4096;
    constexpr std::size_t batch_size = 64;
    const auto worker = [&] {
        workspace w;
        batch b;
        batch among_strays;
        unsigned char bytes[4];
        checker c{&log, bytes, set.length, context};
        for (;;) {
            const std::size_t first = next.fetch_add(chunk);
            if (first >= set.count) return;
            const std::size_t last = std::min(set.count, first + chunk);
            for (std::size_t index = first; index < last; ++index) {
                set.input(index, bytes);
                w.expected.compute(bytes, set.length);
                body(c, w);
                if (batches) {
                    b.add(bytes, set.length, w.expected, 1 + index * 7 % 61);
                    among_strays.add(bytes, set.length, w.expected, 1, 2 + index * 5 % 7);
                    if (b.inputs.size() == batch_size || index + 1 == last) {
                        check_batch(log, b, w);
                        b.clear();
                        check_dense_batch(log, among_strays, w);
                        among_strays.clear();
                    }
                }
            }
        }
    };
    std::vector<std::thread> pool;
    for (unsigned t = 1; t < threads; ++t) pool.emplace_back(worker);
    worker();
    for (std::thread& t : pool) t.join();
    return set.count;
}

// Every path on every input of the set: the kernel-independent paths once,
// then validate and the batches under each validation kernel and each
// transcoder (kernel i with transcoder i: each of both runs).
void run_everything(const input_set& set)
{
    failure_log log;
    std::size_t inputs = run_set(set, log, check_alone, "alone");
    const utf8view_test::restore_kernels restore;
    const auto kernels = d::available_kernels();
    const auto transcoders = d::available_transcoders();
    const std::size_t configurations = std::max(kernels.size(), transcoders.size());
    std::string names;
    for (std::size_t index = 0; index < configurations; ++index) {
        const d::kernel* k = kernels[std::min(index, kernels.size() - 1)];
        const d::transcoder* t = transcoders[std::min(index, transcoders.size() - 1)];
        BOOST_TEST_REQUIRE(d::force_kernel(k->name));
        BOOST_TEST_REQUIRE(d::force_transcoder(t->name));
        names += " " + std::string(k->name) + "/" + std::string(t->name);
        run_set(set, log, check_validate_among_ascii, "among ASCII", true);
    }
    BOOST_TEST_MESSAGE(inputs << " inputs of " << set.length << " bytes, under the kernel/transcoder pairs" << names);
    for (const std::string& message : log.first()) BOOST_ERROR(message);
    BOOST_TEST(log.count() == 0u, log.count() << " failures");
}

// ---------------------------------------------------------------------------
// UTF-16 input

// Every UTF-16 path on `units`, placed flush with an unreadable page, against
// the reference decoder (support/reference_utf16.hpp): validate_utf16,
// utf16_to_utf8_size, to_utf8_string and to_u32string (replace and skip),
// views::decode_utf16 and views::utf16_to_utf8 (forwards and backwards),
// and utf16_to_utf8_into into every room up to all of it (the bounded rule,
// each element's bytes by Table 3-6: support/reference_utf8.hpp).
void check_utf16_input(failure_log& log, const std::u16string& units, workspace& w)
{
    namespace ref16 = utf8view_test::reference16;
    char16_t* const input = reinterpret_cast<char16_t*>(w.input.last()) - units.size();
    std::copy(units.begin(), units.end(), input);
    const std::u16string_view text(input, units.size());
    const std::vector<ref16::element> elements = ref16::decode(units);
    const auto fail = [&](const auto&... parts) {
        std::ostringstream out;
        out << "UTF-16 [";
        for (const char16_t unit : units) out << ' ' << std::hex << static_cast<unsigned>(unit);
        out << " ]: ";
        (out << ... << parts);
        log.add(out.str());
    };
    std::vector<ref::segment> segments;  // the elements, as the bounded rule takes them
    std::string replaced;
    std::string skipped;
    std::u32string code_points;
    std::optional<std::size_t> first_error;
    for (const ref16::element& e : elements) {
        segments.push_back({e.offset, e.length, e.code_point.value_or(0),
                            e.code_point ? std::nullopt : std::optional(u8v::error_kind::unpaired_surrogate)});
        replaced += ref::encode(e.code_point.value_or(0xFFFD));
        if (e.code_point) skipped += ref::encode(*e.code_point);
        code_points += e.code_point.value_or(0xFFFD);
        if (!e.code_point && !first_error) first_error = e.offset;
    }
    const u8v::validation_result v = u8v::validate_utf16(text);
    if (v.valid() != !first_error || v.offset != first_error.value_or(units.size()) ||
        (first_error && v.kind != u8v::error_kind::unpaired_surrogate))
        fail("validate_utf16");
    if (u8v::utf16_to_utf8_size(text) != replaced.size()) fail("utf16_to_utf8_size");
    if (u8v::to_utf8_string(text) != replaced) fail("to_utf8_string");
    if (u8v::to_utf8_string(text, u8v::on_error::skip) != skipped) fail("to_utf8_string, skip");
    if (u8v::to_u32string(text) != code_points) fail("to_u32string");
    if (!same_both_ways(text | u8v::views::decode_utf16, code_points)) fail("views::decode_utf16");
    if (!same_both_ways(text | u8v::views::utf16_to_utf8, replaced)) fail("views::utf16_to_utf8");
    for (const bool skip : {false, true}) {
        const std::string& all = skip ? skipped : replaced;
        for (std::size_t room = 0; room <= all.size(); ++room) {
            const ref::bounded_result r = ref::convert_into_room(
                segments, units.size(), skip ? ref::policy_behaviour::drops_declared : ref::policy_behaviour::replaces,
                [](const ref::segment& s) { return ref::encode(s.code_point).size(); }, 3, room);
            char* const out = reinterpret_cast<char*>(w.output.last()) - room;
            const std::span<char> target(out, room);
            const auto result = skip ? u8v::utf16_to_utf8_into(text, target, u8v::on_error::skip)
                                     : u8v::utf16_to_utf8_into(text, target);
            const auto written = static_cast<std::size_t>(std::to_address(result.out) - out);
            if (written != r.written || std::string_view(out, written) != std::string_view(all).substr(0, written) ||
                static_cast<std::size_t>(std::to_address(result.in) - input) != r.in)
                fail("utf16_to_utf8_into", skip ? ", skip" : "", ", room ", room);
        }
    }
}

// Code units at the edges of Table 3-5's rows and of the surrogate ranges.
constexpr std::array<char16_t, 14> edge_units = {0x0000, 0x0041, 0x007F, 0x0080, 0x07FF, 0x0800, 0xD7FF,
                                                 0xD800, 0xDBFF, 0xDC00, 0xDFFF, 0xE000, 0xFFFD, 0xFFFF};

// A batch of UTF-16 inputs, each after 1 to 23 code units 'a' (a different
// number each, so that the inputs fall at every place of the kernels'
// 16-unit steps; 'a' pairs with no surrogate, so each input reads as it
// does alone), converted at once by utf16_to_utf8_into under each
// transcoder, forced, and compared with the reference decoder's reading of
// the whole batch; a recording policy answers '?' and must be told of
// every unpaired surrogate, in order.
class utf16_batch {
    std::u16string units_;
    std::size_t inputs_ = 0;

public:
    void add(const std::u16string& input)
    {
        units_.append(1 + inputs_ % 23, u'a');
        units_ += input;
        ++inputs_;
    }
    [[nodiscard]] bool full() const { return units_.size() >= 8192; }

    void check(failure_log& log, workspace& w)
    {
        namespace ref16 = utf8view_test::reference16;
        std::string expected;
        std::vector<std::size_t> errors;
        for (const ref16::element& e : ref16::decode(units_)) {
            expected += e.code_point ? ref::encode(*e.code_point) : "?";
            if (!e.code_point) errors.push_back(e.offset);
        }
        w.input.reserve(units_.size() * sizeof(char16_t));
        char16_t* const input = reinterpret_cast<char16_t*>(w.input.last()) - units_.size();
        std::copy(units_.begin(), units_.end(), input);
        w.output.reserve(expected.size());
        char* const out = reinterpret_cast<char*>(w.output.last()) - expected.size();
        const utf8view_test::restore_kernels restore;
        for (const d::transcoder* t : d::available_transcoders()) {
            d::force_transcoder(t->name);
            std::vector<u8v::decode_error_info> told;
            const auto result = u8v::utf16_to_utf8_into(std::u16string_view(input, units_.size()), out,
                                                        [&told](const u8v::decode_error_info& info) {
                                                            told.push_back(info);
                                                            return std::optional<char32_t>(U'?');
                                                        });
            bool same = result.out == out + expected.size() && std::string_view(out, expected.size()) == expected &&
                        told.size() == errors.size();
            for (std::size_t index = 0; same && index < told.size(); ++index)
                same = told[index].offset == errors[index] && told[index].length == 1 &&
                       told[index].kind == u8v::error_kind::unpaired_surrogate;
            if (!same)
                log.add("utf16_to_utf8_into of a batch of " + std::to_string(inputs_) + " UTF-16 inputs, transcoder " +
                        std::string(t->name));
        }
        units_.clear();
        inputs_ = 0;
    }
};

}  // namespace

#endif  // UTF8VIEW_TEST_HAS_MMAP

namespace {

#if defined(__SANITIZE_ADDRESS__)
#define UTF8VIEW_TEST_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define UTF8VIEW_TEST_SANITIZED 1
#endif
#endif

// The 3- and 4-byte sets take most of this test's 140 s on two cores in an
// optimized build, 20 times as long with AddressSanitizer and longer still
// without optimization. There, they are skipped, saying so; CI runs them in
// its optimized GCC build, and its sanitizer builds run the fuzz targets.
boost::test_tools::assertion_result optimized_build(ut::test_unit_id)
{
#if !defined(__OPTIMIZE__)
    boost::test_tools::assertion_result result(false);
    result.message() << "an unoptimized build would take an hour or so; CI runs this in its optimized GCC build";
    return result;
#elif defined(UTF8VIEW_TEST_SANITIZED)
    boost::test_tools::assertion_result result(false);
    result.message() << "with AddressSanitizer this takes about half an hour; CI runs it in its optimized GCC "
                        "build, and the fuzz targets under the sanitizers";
    return result;
#else
    return true;
#endif
}

}  // namespace

BOOST_AUTO_TEST_CASE(every_input_of_one_byte, *ut::precondition(utf8view_test::mmap_is_available))
{
#if defined(UTF8VIEW_TEST_HAS_MMAP)
    run_everything({1, 256, false});
#endif
}

BOOST_AUTO_TEST_CASE(every_input_of_two_bytes, *ut::precondition(utf8view_test::mmap_is_available))
{
#if defined(UTF8VIEW_TEST_HAS_MMAP)
    run_everything({2, 65536, false});
#endif
}

BOOST_AUTO_TEST_CASE(every_input_of_three_bytes,
                     *ut::precondition(utf8view_test::mmap_is_available) * ut::precondition(optimized_build))
{
#if defined(UTF8VIEW_TEST_HAS_MMAP)
    run_everything({3, 1u << 24, false});
#endif
}

BOOST_AUTO_TEST_CASE(every_four_byte_input_at_the_edges_of_the_second_byte,
                     *ut::precondition(utf8view_test::mmap_is_available) * ut::precondition(optimized_build))
{
#if defined(UTF8VIEW_TEST_HAS_MMAP)
    run_everything({4, 8 * 8 * 65536, true});
#endif
}

// Every UTF-16 input of one code unit, and every triple of edge units.
BOOST_AUTO_TEST_CASE(every_utf16_code_unit_and_the_triples_of_edge_units,
                     *ut::precondition(utf8view_test::mmap_is_available))
{
#if defined(UTF8VIEW_TEST_HAS_MMAP)
    failure_log log;
    workspace w;
    std::size_t inputs = 0;
    utf16_batch batch;
    const auto check = [&](const std::u16string& units) {
        check_utf16_input(log, units, w);
        batch.add(units);
        if (batch.full()) batch.check(log, w);
        ++inputs;
    };
    for (std::uint32_t unit = 0; unit < 0x10000; ++unit) check(std::u16string(1, static_cast<char16_t>(unit)));
    for (const char16_t first : edge_units)
        for (const char16_t second : edge_units)
            for (const char16_t third : edge_units) check(std::u16string{first, second, third});
    batch.check(log, w);
    BOOST_TEST_MESSAGE(inputs << " UTF-16 inputs, alone and in batches under every transcoder");
    for (const std::string& message : log.first()) BOOST_ERROR(message);
    BOOST_TEST(log.count() == 0u, log.count() << " failures");
#endif
}

// Every pair of code units with one of them at an edge (edge_units) and the
// other anything: 1.8 million inputs, in the optimized build only (as the
// 3- and 4-byte sets).
BOOST_AUTO_TEST_CASE(every_utf16_pair_with_an_edge_unit,
                     *ut::precondition(utf8view_test::mmap_is_available) * ut::precondition(optimized_build))
{
#if defined(UTF8VIEW_TEST_HAS_MMAP)
    failure_log log;
    workspace w;
    std::size_t inputs = 0;
    for (std::uint32_t unit = 0; unit < 0x10000; ++unit) {
        const auto any = static_cast<char16_t>(unit);
        for (const char16_t edge : edge_units) {
            check_utf16_input(log, std::u16string{edge, any}, w);
            check_utf16_input(log, std::u16string{any, edge}, w);
        }
        inputs += 2 * edge_units.size();
    }
    BOOST_TEST_MESSAGE(inputs << " UTF-16 inputs");
    for (const std::string& message : log.first()) BOOST_ERROR(message);
    BOOST_TEST(log.count() == 0u, log.count() << " failures");
#endif
}
