// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.

// Fuzz target: arbitrary bytes through repair_into, repaired_size and
// repair, compared with the reference decoder (support/reference_utf8.hpp):
// each well-formed sequence copied as it is, each maximal subpart replaced
// (U+FFFD, or '?'), dropped, or reported by a throwing policy.
//
//   - under each validation kernel this CPU has, forced in turn (it finds
//     the well-formed stretches that are copied whole);
//   - unbounded into exactly the right number of bytes, and bounded into
//     that many, 1 to 8 fewer (all of them for one policy, one for the
//     others, by the input's hash) and a room anywhere below, with the rule
//     for a full output (support/bounded_output_rule.hpp), and the room
//     past what was written left as it was;
//   - policies on_error::replace, on_error::skip, on_error::throw_exception
//     and user policies ('?'; dropping and declaring it), with what each is
//     told (kind, offset, length);
//   - the generic path: the bytes in a std::list<char>;
//   - input flush with the end of readable memory, outputs ending at a page
//     boundary.

#include <utf8view/detail/dispatch.hpp>
#include <utf8view/repair.hpp>

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

enum class policy_under_test { replace, skip, throw_exception, question_mark, declared_drop };

const char* name_of(policy_under_test p)
{
    switch (p) {
    case policy_under_test::replace: return "on_error::replace";
    case policy_under_test::skip: return "on_error::skip";
    case policy_under_test::throw_exception: return "on_error::throw_exception";
    case policy_under_test::question_mark: return "user policy '?'";
    case policy_under_test::declared_drop: return "user policy dropping, declared";
    }
    return "?";
}

ref::policy_behaviour behaviour_of(policy_under_test p)
{
    switch (p) {
    case policy_under_test::skip:
    case policy_under_test::declared_drop: return ref::policy_behaviour::drops_declared;
    case policy_under_test::throw_exception: return ref::policy_behaviour::throws;
    default: return ref::policy_behaviour::replaces;
    }
}

struct recording_policy {
    std::vector<u8v::decode_error_info>* log;
    std::optional<char32_t> operator()(const u8v::decode_error_info& info) const
    {
        log->push_back(info);
        return U'?';
    }
};

struct declared_recording_drop {
    static constexpr bool drops_every_error = true;
    std::vector<u8v::decode_error_info>* log;
    std::optional<char32_t> operator()(const u8v::decode_error_info& info) const
    {
        log->push_back(info);
        return std::nullopt;
    }
};

// What a policy makes of all the bytes (up to the first error for the
// throwing one), and how long its replacement is.
std::string all_repaired(const std::vector<ref::segment>& segments, policy_under_test policy)
{
    std::string out;
    for (const ref::segment& s : segments) {
        if (s.well_formed()) out += ref::encode(s.code_point);
        else if (policy == policy_under_test::throw_exception) break;
        else if (policy == policy_under_test::replace) out += ref::encode(0xFFFD);
        else if (policy == policy_under_test::question_mark) out += '?';
    }
    return out;
}

std::size_t replacement_length(policy_under_test policy)
{
    return policy == policy_under_test::replace ? 3 : policy == policy_under_test::question_mark ? 1 : 0;
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

void check_told(const std::vector<u8v::decode_error_info>& log, const std::vector<ref::segment>& errors,
                std::size_t asked, const std::string& what)
{
    check(log.size() == asked, what, ": the policy was asked ", log.size(), " times, expected ", asked);
    for (std::size_t index = 0; index < log.size(); ++index)
        check(log[index].kind == *errors[index].error && log[index].offset == errors[index].offset &&
                  log[index].length == errors[index].length,
              what, ": call ", index, " was told ", u8v::to_string(log[index].kind), " at ", log[index].offset,
              ", expected ", u8v::to_string(*errors[index].error), " at ", errors[index].offset);
}

// One repair_into call of `bytes` (the input, or its bytes in a list) into
// room for `room` bytes (SIZE_MAX: unbounded, into exactly as many as are
// written), the output ending at a page boundary.
template <class Bytes>
void check_repair_into(const Bytes& bytes, std::size_t size, const std::vector<ref::segment>& segments,
                       const std::vector<ref::segment>& errors, policy_under_test policy, const std::string& expected,
                       std::size_t room, const char* base)
{
    const ref::bounded_result e =
        ref::repair_into_room(segments, size, behaviour_of(policy), replacement_length(policy), room);
    const bool bounded = room != ref::unbounded;
    const std::size_t slots = bounded ? room : e.written;
    unsigned char* const out = output_buffer().output_at_end<unsigned char>(slots, 0xAA);
    const auto what = [&] {
        return std::string("repair_into from ") + base + ", " + name_of(policy) +
               (bounded ? ", room " + std::to_string(room) : std::string(", unbounded"));
    };
    const auto finish = [&](const auto& result) {
        if (e.throws_at) check(false, what(), ": no exception, expected one at ", *e.throws_at);
        const std::string_view got(reinterpret_cast<const char*>(out),
                                   static_cast<std::size_t>(std::to_address(result.out) - out));
        if (got != std::string_view(expected).substr(0, e.written))
            check(false, what(), ": wrote [", f::hex(got), "], expected [", f::hex(expected.substr(0, e.written)), "]");
        if (std::any_of(out + got.size(), out + slots, [](unsigned char byte) { return byte != 0xAA; }))
            check(false, what(), ": changed the output past what it wrote");
        const auto in = static_cast<std::size_t>(std::distance(std::ranges::begin(bytes), result.in));
        if (in != e.in) check(false, what(), ": in at byte ", in, ", expected ", e.in);
    };
    const auto call = [&](auto policy_object) {
        if (bounded) finish(u8v::repair_into(bytes, std::span<unsigned char>(out, room), policy_object));
        else finish(u8v::repair_into(bytes, out, policy_object));
    };
    static std::vector<u8v::decode_error_info> log;  // kept: no allocation per call
    log.clear();
    switch (policy) {
    case policy_under_test::replace: call(u8v::on_error::replace); break;
    case policy_under_test::skip: call(u8v::on_error::skip); break;
    case policy_under_test::throw_exception: try { call(u8v::on_error::throw_exception);
        }
        catch (const u8v::decode_error& error) {
            if (!e.throws_at || error.offset() != *e.throws_at || error.kind() != *errors.front().error)
                check(false, what(), ": threw ", u8v::to_string(error.kind()), " at ", error.offset());
            // What came before the error stays written, and nothing after.
            if (std::string_view(reinterpret_cast<const char*>(out), e.written) !=
                std::string_view(expected).substr(0, e.written))
                check(false, what(), ": before the exception, wrote something else");
            if (e.written < slots && out[e.written] != 0xAA) check(false, what(), ": wrote past the error");
        }
        break;
    case policy_under_test::question_mark:
        call(recording_policy{&log});
        check_told(log, errors, e.asked, what());
        break;
    case policy_under_test::declared_drop:
        call(declared_recording_drop{&log});
        check_told(log, errors, e.asked, what());
        break;
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view input(reinterpret_cast<const char*>(data), size);
    f::current_input = input;
    const std::uint64_t hash = f::hash_of(input);
    const std::vector<ref::segment> segments = ref::segments(data, size);
    std::vector<ref::segment> errors;
    for (const ref::segment& s : segments)
        if (!s.well_formed()) errors.push_back(s);
    static constexpr policy_under_test policies[] = {
        policy_under_test::replace, policy_under_test::skip, policy_under_test::throw_exception,
        policy_under_test::question_mark, policy_under_test::declared_drop};
    std::string expected[std::size(policies)];
    for (std::size_t which = 0; which < std::size(policies); ++which)
        expected[which] = all_repaired(segments, policies[which]);

    f::page_end_buffer& inputs = input_buffer();
    bool first_configuration = true;
    f::for_each_configuration(
        [&](const f::configuration&) {
            const unsigned char* const p = inputs.at_end(input);
            const std::span<const unsigned char> bytes(p, size);
            if (u8v::repaired_size(bytes) != expected[0].size())
                check(false, "repaired_size: ", u8v::repaired_size(bytes), ", expected ", expected[0].size());
            if (first_configuration) {
                if (u8v::repair(bytes) != expected[0]) check(false, "repair: differs");
                if (u8v::repair(bytes, u8v::on_error::skip) != expected[1]) check(false, "repair, skip: differs");
            }
            for (std::size_t which = 0; which < std::size(policies); ++which) {
                // Under each kernel replace, skip and one more, by the hash.
                if (!first_configuration && which >= 2 && which != 2 + hash % (std::size(policies) - 2)) continue;
                const policy_under_test policy = policies[which];
                check_repair_into(bytes, size, segments, errors, policy, expected[which], ref::unbounded,
                                  "contiguous bytes");
                const std::size_t all = ref::repair_into_room(segments, size, behaviour_of(policy),
                                                              replacement_length(policy), ref::unbounded)
                                            .written;
                check_repair_into(bytes, size, segments, errors, policy, expected[which], all, "contiguous bytes");
                for (const std::size_t fewer : f::rooms_short_by(hash, which, std::size(policies)))
                    if (fewer <= all)
                        check_repair_into(bytes, size, segments, errors, policy, expected[which], all - fewer,
                                          "contiguous bytes");
                if (all > 9)
                    check_repair_into(bytes, size, segments, errors, policy, expected[which], (hash >> 40) % (all - 8),
                                      "contiguous bytes");
            }
            first_configuration = false;
        },
        size >= d::simd_threshold_bytes);

    // The generic path.
    f::current_configuration = "the generic path (std::list<char>)";
    const std::list<char> list(input.begin(), input.end());
    if (u8v::repaired_size(list) != expected[0].size()) check(false, "repaired_size of a std::list");
    for (const std::size_t which : {std::size_t{0}, std::size_t{4}}) {
        check_repair_into(list, size, segments, errors, policies[which], expected[which], ref::unbounded,
                          "a std::list");
        const std::size_t room = expected[which].empty() ? 0 : hash % (expected[which].size() + 1);
        check_repair_into(list, size, segments, errors, policies[which], expected[which], room, "a std::list");
    }
    return 0;
}
