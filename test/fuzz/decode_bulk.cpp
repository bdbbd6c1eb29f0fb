// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.

// Fuzz target: arbitrary bytes through the bulk decoding functions, compared
// with the reference decoder (support/reference_utf8.hpp):
//
//   - every validation kernel and every transcoding kernel this CPU has,
//     called directly (any length, also below the sizes where the public
//     functions start using them; the transcoders' counts of code points
//     and of UTF-16 code units too), and forced in turn under the public
//     functions;
//   - validate (kind and offset), is_valid, count_code_points;
//   - decode_into, unbounded into an output of exactly the right size, and
//     bounded into outputs of that size and 1 to 8 elements fewer (all of
//     them for one policy, one of them for the others, chosen by the
//     input's hash: fuzz_support.hpp, rooms_short_by), with
//     on_error::replace, on_error::skip, on_error::throw_exception and two
//     user policies ('?' for each error; one that drops each error without
//     declaring it): what is written, `in` (the rule for a full output: a
//     policy that drops every error is passed over the errors that follow,
//     no other policy is asked once the output is full), and what each
//     policy was told;
//   - views::decode_buffered with the same policies (the values; each user
//     policy asked of every error, and only when the loop reaches it);
//   - the generic path too: the bytes in a std::list<char>, into a back
//     inserter and bounded outputs;
//   - every input flush with the end of readable memory (and the kernels
//     also flush with its start), every output ending exactly at a page
//     boundary: a read or write outside faults at once.

#include <utf8view/decode_buffered.hpp>
#include <utf8view/detail/dispatch.hpp>
#include <utf8view/transcode.hpp>
#include <utf8view/validate.hpp>

#include "fuzz/fuzz_support.hpp"
#include "support/bounded_output_rule.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <list>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace u8v = utf8view;
namespace d = utf8view::detail;
namespace f = utf8view_fuzz;
namespace ref = utf8view_test::reference;
using f::check;

namespace {

constexpr char32_t untouched = 0x5A5A5A5A;  // what an output holds where nothing was written

// The policies under test, and what the rule for a full output makes of each.
enum class policy_under_test { replace, skip, throw_exception, question_mark, undeclared_drop, declared_drop };

const char* name_of(policy_under_test p)
{
    switch (p) {
    case policy_under_test::replace: return "on_error::replace";
    case policy_under_test::skip: return "on_error::skip";
    case policy_under_test::throw_exception: return "on_error::throw_exception";
    case policy_under_test::question_mark: return "user policy '?'";
    case policy_under_test::undeclared_drop: return "user policy dropping, undeclared";
    case policy_under_test::declared_drop: return "user policy dropping, declared";
    }
    return "?";
}

// A user's policy: records each call; replaces with '?' or drops.
struct recording_policy {
    std::vector<u8v::decode_error_info>* log;
    bool drop;
    std::optional<char32_t> operator()(const u8v::decode_error_info& info) const
    {
        log->push_back(info);
        if (drop) return std::nullopt;
        return U'?';
    }
};

// The same, dropping, and declaring it (policy_drops_every_error): a full
// output then still passes over the errors that follow, telling it of each.
struct declared_recording_drop {
    static constexpr bool drops_every_error = true;
    std::vector<u8v::decode_error_info>* log;
    std::optional<char32_t> operator()(const u8v::decode_error_info& info) const
    {
        log->push_back(info);
        return std::nullopt;
    }
};
static_assert(u8v::policy_drops_every_error<declared_recording_drop>);

ref::policy_behaviour behaviour_of(policy_under_test p)
{
    switch (p) {
    case policy_under_test::skip:
    case policy_under_test::declared_drop: return ref::policy_behaviour::drops_declared;
    case policy_under_test::throw_exception: return ref::policy_behaviour::throws;
    case policy_under_test::undeclared_drop: return ref::policy_behaviour::drops_undeclared;
    default: return ref::policy_behaviour::replaces;
    }
}

// What a call must do (support/bounded_output_rule.hpp): write the first
// `written` of all_written() (the same for every room) and stop at `in`.
ref::bounded_result expect(const std::vector<ref::segment>& segments, std::size_t size, policy_under_test policy,
                           std::size_t room)
{
    return ref::decode_into_room(segments, size, behaviour_of(policy), room);
}

// The code points a policy yields for the whole input (up to its first
// error, for the throwing one).
std::vector<char32_t> all_written(const std::vector<ref::segment>& segments, policy_under_test policy)
{
    std::vector<char32_t> out;
    for (const ref::segment& s : segments) {
        if (s.well_formed()) out.push_back(s.code_point);
        else if (policy == policy_under_test::throw_exception) break;
        else if (policy == policy_under_test::replace) out.push_back(U'\uFFFD');
        else if (policy == policy_under_test::question_mark) out.push_back(U'?');
    }
    return out;
}

std::vector<ref::segment> errors_of(const std::vector<ref::segment>& segments)
{
    std::vector<ref::segment> out;
    for (const ref::segment& s : segments)
        if (!s.well_formed()) out.push_back(s);
    return out;
}

// [first, last) must be the first `expected_count` of `expected`.
void check_written(const char32_t* first, const char32_t* last, const std::vector<char32_t>& expected,
                   std::size_t expected_count, const std::string& what)
{
    const auto count = static_cast<std::size_t>(last - first);
    check(count == expected_count, what, ": wrote ", count, " code points, expected ", expected_count);
    for (std::size_t index = 0; index < count; ++index)
        check(first[index] == expected[index], what, ": code point ", index, " is U+", std::hex,
              static_cast<std::uint32_t>(first[index]), ", expected U+", static_cast<std::uint32_t>(expected[index]));
}

void check_log(const std::vector<u8v::decode_error_info>& log, const std::vector<ref::segment>& errors,
               std::size_t asked, const std::string& what)
{
    check(log.size() == asked, what, ": the policy was asked ", log.size(), " times, expected ", asked);
    for (std::size_t index = 0; index < log.size(); ++index)
        check(log[index].kind == *errors[index].error && log[index].offset == errors[index].offset &&
                  log[index].length == errors[index].length,
              what, ": call ", index, " was told ", u8v::to_string(log[index].kind), " at ", log[index].offset,
              ", expected ", u8v::to_string(*errors[index].error), " at ", errors[index].offset);
}

f::page_end_buffer& input_buffer()
{
    static f::page_end_buffer buffer;
    return buffer;
}
f::page_end_buffer& output_buffer()
{
    static f::page_end_buffer buffer;
    return buffer;
}

// One decode_into call under `policy`, bounded (room < SIZE_MAX: a
// std::span of `room` elements) or not (a pointer to exactly as many
// elements as must be written), the output ending at a page boundary.
void check_decode_into(std::span<const unsigned char> bytes, const std::vector<ref::segment>& segments,
                       const std::vector<ref::segment>& errors, policy_under_test policy,
                       const std::vector<char32_t>& yielded, std::size_t room)
{
    const ref::bounded_result e = expect(segments, bytes.size(), policy, room);
    const bool bounded = room != static_cast<std::size_t>(-1);
    const std::size_t slots = bounded ? room : e.written;
    char32_t* const out = output_buffer().output_at_end<char32_t>(slots, untouched);
    const auto what = [&] {
        return std::string("decode_into, ") + name_of(policy) +
               (bounded ? ", room " + std::to_string(room) : std::string(", unbounded"));
    };
    const unsigned char* const start = bytes.data();

    const auto finish = [&](const auto& result) {
        if (e.throws_at) check(false, what(), ": no exception, expected one at ", *e.throws_at);
        const char32_t* written_end = nullptr;
        if constexpr (std::is_pointer_v<std::remove_cvref_t<decltype(result.out)>>) written_end = result.out;
        else written_end = std::to_address(result.out);
        const auto count = static_cast<std::size_t>(written_end - out);
        if (count != e.written || !std::equal(static_cast<const char32_t*>(out), written_end, yielded.begin()))
            check_written(out, written_end, yielded, e.written, what());
        const auto in = static_cast<std::size_t>(std::to_address(result.in) - start);
        if (in != e.in) check(false, what(), ": in at byte ", in, ", expected ", e.in);
    };
    const auto call = [&](auto policy_object) {
        if (bounded) finish(u8v::decode_into(bytes, std::span<char32_t>(out, room), policy_object));
        else finish(u8v::decode_into(bytes, out, policy_object));
    };
    switch (policy) {
    case policy_under_test::replace: call(u8v::on_error::replace); break;
    case policy_under_test::skip: call(u8v::on_error::skip); break;
    case policy_under_test::throw_exception: try { call(u8v::on_error::throw_exception);
        }
        catch (const u8v::decode_error& error) {
            if (!e.throws_at) check(false, what(), ": threw at ", error.offset(), ", expected no exception");
            if (error.offset() != *e.throws_at || error.kind() != *errors.front().error)
                check(false, what(), ": threw ", u8v::to_string(error.kind()), " at ", error.offset(), ", expected ",
                      u8v::to_string(*errors.front().error), " at ", *e.throws_at);
            // What came before the error stays written.
            std::size_t count = 0;
            while (count < slots && out[count] != untouched) ++count;
            if (count != e.written || !std::equal(out, out + count, yielded.begin()))
                check_written(out, out + count, yielded, e.written, what() + " (before the exception)");
        }
        break;
    case policy_under_test::question_mark:
    case policy_under_test::undeclared_drop:
    case policy_under_test::declared_drop: {
        static std::vector<u8v::decode_error_info> log;  // kept: no allocation per call
        log.clear();
        if (policy == policy_under_test::declared_drop) call(declared_recording_drop{&log});
        else call(recording_policy{&log, policy == policy_under_test::undeclared_drop});
        check_log(log, errors, e.asked, what());
        break;
    }
    }
}

// The generic path (no kernel, one segment at a time, checked): the bytes
// in a std::list<char>, into a back inserter and into bounded outputs (a
// std::span ending at the guard page) of exactly the size needed and of
// one size below, chosen by the hash.
void check_generic(std::string_view input, const std::vector<ref::segment>& segments,
                   const std::vector<ref::segment>& errors, std::uint64_t hash)
{
    const std::list<char> list(input.begin(), input.end());
    f::current_configuration = "the generic path (std::list<char>)";
    for (const policy_under_test policy :
         {policy_under_test::replace, policy_under_test::declared_drop, policy_under_test::undeclared_drop}) {
        const std::vector<char32_t> yielded = all_written(segments, policy);
        std::vector<std::size_t> rooms{static_cast<std::size_t>(-1), yielded.size()};
        if (!yielded.empty()) rooms.push_back(hash % yielded.size());
        for (const std::size_t room : rooms) {
            const ref::bounded_result e = expect(segments, input.size(), policy, room);
            const bool bounded = room != static_cast<std::size_t>(-1);
            std::vector<u8v::decode_error_info> log;
            std::vector<char32_t> written;
            std::size_t in = 0;
            const auto run = [&](auto policy_object) {
                if (bounded) {
                    char32_t* const out = output_buffer().output_at_end<char32_t>(room, untouched);
                    const auto result = u8v::decode_into(list, std::span<char32_t>(out, room), policy_object);
                    written.assign(out, std::to_address(result.out));
                    in = static_cast<std::size_t>(std::distance(list.begin(), result.in));
                }
                else {
                    const auto result = u8v::decode_into(list, std::back_inserter(written), policy_object);
                    in = static_cast<std::size_t>(std::distance(list.begin(), result.in));
                }
            };
            if (policy == policy_under_test::replace) run(u8v::on_error::replace);
            else if (policy == policy_under_test::declared_drop) run(declared_recording_drop{&log});
            else run(recording_policy{&log, true});
            const auto what = [&] {
                return std::string("decode_into from a std::list, ") + name_of(policy) +
                       (bounded ? ", room " + std::to_string(room) : std::string(", into a back inserter"));
            };
            check_written(written.data(), written.data() + written.size(), yielded, e.written, what());
            if (in != e.in) check(false, what(), ": in at byte ", in, ", expected ", e.in);
            if (policy != policy_under_test::replace) check_log(log, errors, e.asked, what());
        }
    }
}

// views::decode_buffered over `bytes` with `policy`: the values, what a
// throwing policy throws, every call of a user policy, and the calls made
// when each element is reached: those of the errors up to its segment, as a
// decode_view's iterator asks them (a user policy is never asked ahead).
void check_buffered(std::span<const unsigned char> bytes, const std::vector<ref::segment>& segments,
                    const std::vector<ref::segment>& errors, policy_under_test policy,
                    const std::vector<char32_t>& yielded)
{
    const std::string what = std::string("decode_buffered, ") + name_of(policy);
    std::vector<u8v::decode_error_info> log;
    std::vector<char32_t> got;
    std::vector<std::size_t> calls_when_reached;
    const auto walk = [&](auto&& view) {
        for (const char32_t c : view) {
            got.push_back(c);
            calls_when_reached.push_back(log.size());
        }
    };
    try {
        switch (policy) {
        case policy_under_test::replace: walk(bytes | u8v::views::decode_buffered); break;
        case policy_under_test::skip: walk(bytes | u8v::views::decode_buffered(u8v::on_error::skip)); break;
        case policy_under_test::throw_exception:
            walk(bytes | u8v::views::decode_buffered(u8v::on_error::throw_exception));
            check(errors.empty(), what, ": no exception");
            break;
        case policy_under_test::question_mark:
            walk(bytes | u8v::views::decode_buffered(recording_policy{&log, false}));
            break;
        case policy_under_test::undeclared_drop:
            walk(bytes | u8v::views::decode_buffered(recording_policy{&log, true}));
            break;
        case policy_under_test::declared_drop:
            walk(bytes | u8v::views::decode_buffered(declared_recording_drop{&log}));
            break;
        }
    }
    catch (const u8v::decode_error& error) {
        check(policy == policy_under_test::throw_exception && !errors.empty() &&
                  error.offset() == errors.front().offset && error.kind() == *errors.front().error,
              what, ": threw ", u8v::to_string(error.kind()), " at ", error.offset());
    }
    check_written(got.data(), got.data() + got.size(), yielded, yielded.size(), what);
    if (policy == policy_under_test::question_mark || policy == policy_under_test::undeclared_drop ||
        policy == policy_under_test::declared_drop) {
        check_log(log, errors, errors.size(), what);
        std::size_t element = 0;
        std::size_t errors_so_far = 0;
        for (const ref::segment& s : segments) {
            if (!s.well_formed()) ++errors_so_far;
            if (!s.well_formed() && policy != policy_under_test::question_mark) continue;  // dropped
            if (element < calls_when_reached.size())
                check(calls_when_reached[element] == errors_so_far, what, ": at element ", element,
                      " the policy had been asked ", calls_when_reached[element], " times, expected ", errors_so_far);
            ++element;
        }
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view input(reinterpret_cast<const char*>(data), size);
    f::current_input = input;
    const std::uint64_t hash = f::hash_of(input);
    const std::vector<ref::segment> segments = ref::segments(data, size);
    const std::vector<ref::segment> errors = errors_of(segments);
    const ref::segment* first_error = errors.empty() ? nullptr : &errors.front();
    const u8v::validation_result validation = first_error
                                                  ? u8v::validation_result{first_error->error, first_error->offset}
                                                  : u8v::validation_result{std::nullopt, size};
    const auto describe = [](const u8v::validation_result& r) {
        return (r.kind ? std::string(u8v::to_string(*r.kind)) : std::string("valid")) + " at " +
               std::to_string(r.offset);
    };
    f::page_end_buffer& inputs = input_buffer();

    // Every kernel directly, at both ends of readable memory, any length.
    for (const d::kernel* k : d::available_kernels()) {
        f::current_configuration = std::string("validation kernel ") + std::string(k->name) + " called directly";
        // One placement at a time: for a long input the two overlap.
        for (const bool at_end : {true, false}) {
            const unsigned char* const p = at_end ? inputs.at_end(input) : inputs.at_start(input);
            const u8v::validation_result got = k->validate(p, size);
            if (!(got == validation))
                check(false, "validate (input flush with the ", at_end ? "end" : "start",
                      " of readable memory): ", describe(got), ", expected ", describe(validation));
        }
    }
    // Every transcoder directly, over the well-formed prefix, into an output
    // of exactly the size needed, or bounded to 1..8 code points fewer.
    const std::size_t valid_bytes = first_error ? first_error->offset : size;
    std::vector<char32_t> valid_code_points;
    std::vector<std::size_t> boundaries{0};
    for (const ref::segment& s : segments) {
        if (s.offset >= valid_bytes) break;
        valid_code_points.push_back(s.code_point);
        boundaries.push_back(s.end());
    }
    // The well-formed prefix alone ends at the page end: a transcoder that
    // read past its `stop` would fault.
    const std::string_view valid_prefix = input.substr(0, valid_bytes);
    for (const d::transcoder* t : d::available_transcoders()) {
        f::current_configuration = std::string("transcoder ") + std::string(t->name) + " called directly";
        const unsigned char* const p = inputs.at_end(valid_prefix);
        const std::size_t needed = valid_code_points.size();
        // Rooms: unbounded (SIZE_MAX, into exactly the size needed), then
        // exactly the size needed and 1..8 fewer, then one room anywhere.
        std::vector<std::size_t> rooms{static_cast<std::size_t>(-1)};
        for (std::size_t fewer = 0; fewer <= 8 && fewer <= needed; ++fewer) rooms.push_back(needed - fewer);
        if (needed > 9) rooms.push_back((hash >> 24) % (needed - 8));
        for (const std::size_t room : rooms) {
            const bool unbounded = room == static_cast<std::size_t>(-1);
            const std::size_t slots = unbounded ? needed : room;
            char32_t* const out = output_buffer().output_at_end<char32_t>(slots, untouched);
            const d::decode_progress progress = t->decode_valid(p, p + valid_bytes, out, room);
            const std::string what =
                "decode_valid, room " + (unbounded ? std::string("unbounded") : std::to_string(room));
            check_written(out, progress.out, valid_code_points, slots, what);
            check(progress.in == p + boundaries[slots], what, ": stopped at byte ", progress.in - p, ", expected ",
                  boundaries[slots]);
        }
        // The size functions' counts over the same prefix: code points, and
        // UTF-16 code units (two for a code point above U+FFFF, Table 3-5).
        const std::size_t counted = t->count_code_points_valid(p, p + valid_bytes);
        check(counted == needed, "count_code_points_valid: ", counted, ", expected ", needed);
        std::size_t units = 0;
        for (const char32_t c : valid_code_points) units += c > 0xFFFF ? 2 : 1;
        const std::size_t counted_units = t->count_utf16_units_valid(p, p + valid_bytes);
        check(counted_units == units, "count_utf16_units_valid: ", counted_units, ", expected ", units);
    }

    // The public functions, under each kernel and transcoder forced.
    const std::size_t count = segments.size();
    static constexpr policy_under_test policies[] = {
        policy_under_test::replace,         policy_under_test::skip,
        policy_under_test::throw_exception, policy_under_test::question_mark,
        policy_under_test::undeclared_drop, policy_under_test::declared_drop};
    std::vector<char32_t> yields[std::size(policies)];
    for (std::size_t which = 0; which < std::size(policies); ++which)
        yields[which] = all_written(segments, policies[which]);
    bool first_configuration = true;
    f::for_each_configuration(
        [&](const f::configuration&) {
            const unsigned char* const p = inputs.at_end(input);
            const std::span<const unsigned char> bytes(p, size);
            const u8v::validation_result got = u8v::validate(bytes);
            if (!(got == validation)) check(false, "validate: ", describe(got), ", expected ", describe(validation));
            check(u8v::is_valid(bytes) == !first_error, "is_valid");
            check(u8v::count_code_points(bytes) == count, "count_code_points: ", u8v::count_code_points(bytes),
                  ", expected ", count);
            for (std::size_t which = 0; which < std::size(policies); ++which) {
                const policy_under_test policy = policies[which];
                // Under each kernel, replace and skip (the two sides of the
                // rule for a full output) and one more policy, by the hash;
                // all of them under the first configuration. Every policy
                // takes the same path through the kernels.
                if (!first_configuration && which >= 2 && which != 2 + hash % (std::size(policies) - 2)) continue;
                const std::vector<char32_t>& yielded = yields[which];
                check_decode_into(bytes, segments, errors, policy, yielded, static_cast<std::size_t>(-1));
                // Bounded: room for all, and 1 to 8 elements fewer (all
                // eight for one policy, one of them for the others, by the
                // input's hash).
                const std::size_t all = expect(segments, size, policy, static_cast<std::size_t>(-1)).written;
                check_decode_into(bytes, segments, errors, policy, yielded, all);
                for (const std::size_t fewer : f::rooms_short_by(hash, which, std::size(policies)))
                    if (fewer <= all) check_decode_into(bytes, segments, errors, policy, yielded, all - fewer);
                // And a room anywhere below (the kernels' long steps need
                // rooms of 64 code points and more).
                if (all > 9) check_decode_into(bytes, segments, errors, policy, yielded, (hash >> 40) % (all - 8));
                check_buffered(bytes, segments, errors, policy, yielded);
            }
            first_configuration = false;
        },
        size >= d::simd_threshold_bytes);

    check_generic(input, segments, errors, hash);
    return 0;
}
