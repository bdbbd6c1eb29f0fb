// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.

// Fuzz target: arbitrary 32-bit values (surrogates, values above U+10FFFF,
// anything) through the encoders, compared with the reference encoder of
// Table 3-6 (support/reference_utf8.hpp):
//
//   - views::encode and views::encode_as<char>, forwards and backwards, over
//     contiguous values (flush with the end of readable memory), a
//     std::list<char32_t> and a single-pass range; per byte its value,
//     error() and base() (which value it encodes);
//   - encode_into, unbounded into exactly the right number of bytes, and
//     bounded into that many and 1 to 8 bytes fewer (all eight for one
//     policy, one for the others, by the input's hash), every transcoder
//     forced in turn; each transcoder's encode_scalar_values called
//     directly; encoded_size;
//   - policies on_error::replace, on_error::skip, on_error::throw_exception
//     (the offset of the first bad value, in code points) and three user
//     policies ('?'; dropping without declaring it; dropping and declaring
//     it), with the rule for a full output, and what each was told;
//   - the generic path: the values in a std::list<char32_t>, and as
//     std::int64_t (negative values too);
//   - round trip: what was encoded decodes back to the values, each bad
//     one as U+FFFD.
//
// How bytes become values: each 4 bytes (little-endian) are one value. Its
// low 3 bits pick a kind, so that runs of scalar values of each length are
// as likely as bad values: 0..2 ASCII, 3 below U+0800, 4 below U+10000
// (surrogates included), 5 U+10000..U+10FFFF, 6 an edge value (the
// table below), 7 the 32-bit word itself. scripts/fuzz-seeds writes its
// seeds the same way.

#include <utf8view/decode_view.hpp>
#include <utf8view/detail/dispatch.hpp>
#include <utf8view/encode_view.hpp>
#include <utf8view/transcode.hpp>

#include "fuzz/fuzz_support.hpp"
#include "support/bounded_output_rule.hpp"
#include "support/test_iterators.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
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

constexpr std::array<std::uint32_t, 16> edge_values = {
    0x0000, 0x007F, 0x0080, 0x07FF, 0x0800,   0xD7FF,   0xD800,     0xDBFF,
    0xDC00, 0xDFFF, 0xE000, 0xFFFD, 0x10FFFF, 0x110000, 0x7FFFFFFF, 0xFFFFFFFF,
};

std::vector<char32_t> values_of(const std::uint8_t* data, std::size_t size)
{
    std::vector<char32_t> values;
    for (std::size_t at = 0; at + 4 <= size; at += 4) {
        const std::uint32_t word =
            static_cast<std::uint32_t>(data[at]) | static_cast<std::uint32_t>(data[at + 1]) << 8 |
            static_cast<std::uint32_t>(data[at + 2]) << 16 | static_cast<std::uint32_t>(data[at + 3]) << 24;
        const std::uint32_t payload = word >> 3;
        std::uint32_t value = word;
        switch (word & 7) {
        case 0:
        case 1:
        case 2: value = payload % 0x80; break;
        case 3: value = payload % 0x800; break;
        case 4: value = payload % 0x10000; break;
        case 5: value = 0x10000 + payload % 0x100000; break;
        case 6: value = edge_values[payload % edge_values.size()]; break;
        default: break;
        }
        values.push_back(static_cast<char32_t>(value));
    }
    return values;
}

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

struct recording_policy {
    std::vector<u8v::encode_error_info>* log;
    bool drop;
    std::optional<char32_t> operator()(const u8v::encode_error_info& info) const
    {
        log->push_back(info);
        if (drop) return std::nullopt;
        return U'?';
    }
};

// The same, dropping, and declaring it (policy_drops_every_error).
struct declared_recording_drop {
    static constexpr bool drops_every_error = true;
    std::vector<u8v::encode_error_info>* log;
    std::optional<char32_t> operator()(const u8v::encode_error_info& info) const
    {
        log->push_back(info);
        return std::nullopt;
    }
};

// The bytes a policy writes for a value that is not a scalar value.
std::string replacement_bytes(policy_under_test policy)
{
    if (policy == policy_under_test::replace) return ref::encode(0xFFFD);
    if (policy == policy_under_test::question_mark) return "?";
    return "";
}

// What a call must do (support/bounded_output_rule.hpp): write the first
// `written` bytes of what the policy gives for all the values (the same for
// every room), and stop at value `in`.
ref::bounded_result expect(const std::vector<char32_t>& values, policy_under_test policy, std::size_t room)
{
    static std::vector<std::uint32_t> as_words;  // kept: no allocation per call
    as_words.assign(values.begin(), values.end());
    ref::policy_behaviour behaviour = ref::policy_behaviour::replaces;
    if (policy == policy_under_test::skip || policy == policy_under_test::declared_drop)
        behaviour = ref::policy_behaviour::drops_declared;
    if (policy == policy_under_test::throw_exception) behaviour = ref::policy_behaviour::throws;
    if (policy == policy_under_test::undeclared_drop) behaviour = ref::policy_behaviour::drops_undeclared;
    return ref::encode_into_room(as_words, behaviour, replacement_bytes(policy).size(), room);
}

std::string as_string(const unsigned char* first, const unsigned char* last)
{
    return std::string(reinterpret_cast<const char*>(first), static_cast<std::size_t>(last - first));
}

void check_bytes(const std::string& got, const std::string& expected, const std::string& what)
{
    if (got != expected) check(false, what, ": wrote [", f::hex(got), "], expected [", f::hex(expected), "]");
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

// `all_bytes`: what the policy gives for all the values (up to the first
// bad one for the throwing policy); `bad`: the indexes of the bad values.
void check_encode_into(std::span<const char32_t> values, const std::vector<char32_t>& all_values,
                       policy_under_test policy, const std::string& all_bytes, const std::vector<std::size_t>& bad,
                       std::size_t room)
{
    const ref::bounded_result e = expect(all_values, policy, room);
    const bool bounded = room != static_cast<std::size_t>(-1);
    const std::size_t slots = bounded ? room : e.written;
    unsigned char* const out = output_buffer().output_at_end<unsigned char>(slots, 0xAA);
    const auto what_text = [&] {
        return std::string("encode_into, ") + name_of(policy) +
               (bounded ? ", room " + std::to_string(room) : std::string(", unbounded"));
    };
    const auto finish = [&](const auto& result) {
        if (e.throws_at) check(false, what_text(), ": no exception, expected one at value ", *e.throws_at);
        const std::string_view got(reinterpret_cast<const char*>(out),
                                   static_cast<std::size_t>(std::to_address(result.out) - out));
        if (got != std::string_view(all_bytes).substr(0, e.written))
            check_bytes(std::string(got), all_bytes.substr(0, e.written), what_text());
        const auto in = static_cast<std::size_t>(std::to_address(result.in) - values.data());
        if (in != e.in) check(false, what_text(), ": in at value ", in, ", expected ", e.in);
    };
    const auto call = [&](auto policy_object) {
        if (bounded) finish(u8v::encode_into(values, std::span<unsigned char>(out, room), policy_object));
        else finish(u8v::encode_into(values, out, policy_object));
    };
    switch (policy) {
    case policy_under_test::replace: call(u8v::on_error::replace); break;
    case policy_under_test::skip: call(u8v::on_error::skip); break;
    case policy_under_test::throw_exception: try { call(u8v::on_error::throw_exception);
        }
        catch (const u8v::encode_error& error) {
            check(e.throws_at.has_value(), what_text(), ": threw at ", error.offset(), ", expected no exception");
            const std::uint32_t value = all_values[*e.throws_at];
            // char32_t is unsigned: the value as it is, not negative.
            check(error.offset() == *e.throws_at && error.kind() == ref::encode_error_kind(value) &&
                      error.value() == static_cast<std::int64_t>(value),
                  what_text(), ": threw ", u8v::to_string(error.kind()), " at ", error.offset(), " (value ",
                  error.value(), "), expected ", u8v::to_string(ref::encode_error_kind(value)), " at ", *e.throws_at);
        }
        break;
    case policy_under_test::question_mark:
    case policy_under_test::undeclared_drop:
    case policy_under_test::declared_drop: {
        static std::vector<u8v::encode_error_info> log;  // kept: no allocation per call
        log.clear();
        if (policy == policy_under_test::declared_drop) call(declared_recording_drop{&log});
        else call(recording_policy{&log, policy == policy_under_test::undeclared_drop});
        check(log.size() == e.asked, what_text(), ": the policy was asked ", log.size(), " times, expected ", e.asked);
        for (std::size_t index = 0; index < log.size(); ++index)
            check(log[index].offset == bad[index] && log[index].kind == ref::encode_error_kind(all_values[bad[index]]),
                  what_text(), ": call ", index, " was told of the value at ", log[index].offset, ", expected ",
                  bad[index]);
        break;
    }
    }
}

// The bytes of an encode view walked forwards, and the error of each.
template <class View>
std::pair<std::string, std::string> encode_forwards(View&& view)
{
    std::string bytes;
    std::string errors;  // one char per byte: '-' or the error kind's digit
    for (auto it = view.begin(); it != view.end(); ++it) {
        bytes += static_cast<char>(*it);
        errors += it.error() ? static_cast<char>('0' + static_cast<int>(*it.error())) : '-';
    }
    return {bytes, errors};
}

template <class View>
std::pair<std::string, std::string> encode_backwards(const View& view)
{
    std::string bytes;
    std::string errors;
    auto it = view.end();
    const auto first = view.begin();
    while (it != first) {
        --it;
        bytes.insert(bytes.begin(), static_cast<char>(*it));
        errors.insert(errors.begin(), it.error() ? static_cast<char>('0' + static_cast<int>(*it.error())) : '-');
    }
    return {bytes, errors};
}

// The expected bytes and per-byte error marks of the whole encoding.
std::pair<std::string, std::string> expected_encoding(const std::vector<char32_t>& values, policy_under_test policy)
{
    std::string bytes;
    std::string errors;
    for (const char32_t value : values) {
        if (ref::is_scalar_value(value)) {
            const std::string b = ref::encode(value);
            bytes += b;
            errors += std::string(b.size(), '-');
        }
        else {
            const std::string b = replacement_bytes(policy);
            bytes += b;
            errors += std::string(b.size(), static_cast<char>('0' + static_cast<int>(ref::encode_error_kind(value))));
        }
    }
    return {bytes, errors};
}

// `make()` gives the code point range (a fresh one each time: a single-pass
// range can be walked once).
template <class Make>
void check_views(const Make& make, const std::vector<char32_t>& all_values, const char* base)
{
    using Values = std::remove_cvref_t<decltype(make())>;
    const auto replaced = expected_encoding(all_values, policy_under_test::replace);
    const auto skipped = expected_encoding(all_values, policy_under_test::skip);
    const std::string where(base);
    const auto compare = [&](const std::pair<std::string, std::string>& got,
                             const std::pair<std::string, std::string>& expected, const std::string& what) {
        check_bytes(got.first, expected.first, where + ", " + what);
        check(got.second == expected.second, where, ", ", what, ": error marks ", got.second, ", expected ",
              expected.second);
    };
    compare(encode_forwards(u8v::views::encode(make())), replaced, "views::encode, replace, forwards");
    compare(encode_forwards(u8v::views::encode_as<char>(make(), u8v::on_error::skip)), skipped,
            "views::encode_as<char>, skip, forwards");
    if constexpr (std::ranges::bidirectional_range<Values>) {
        compare(encode_backwards(u8v::views::encode(make())), replaced, "views::encode, replace, backwards");
        compare(encode_backwards(u8v::views::encode_as<char>(make(), u8v::on_error::skip)), skipped,
                "views::encode_as<char>, skip, backwards");
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    f::current_input = std::string_view(reinterpret_cast<const char*>(data), size);
    const std::uint64_t hash = f::hash_of(f::current_input);
    const std::vector<char32_t> values = values_of(data, size);
    const std::size_t count = values.size();
    std::string input_bytes(reinterpret_cast<const char*>(values.data()), count * sizeof(char32_t));
    f::page_end_buffer& inputs = input_buffer();
    const auto* at_end = reinterpret_cast<const char32_t*>(inputs.at_end(input_bytes));
    const std::span<const char32_t> contiguous(at_end, count);

    const auto replaced = expected_encoding(values, policy_under_test::replace);
    check(u8v::encoded_size(contiguous) == replaced.first.size(), "encoded_size: ", u8v::encoded_size(contiguous),
          ", expected ", replaced.first.size());

    // Views: contiguous, a list, a single-pass range; throw at the first bad value.
    check_views([&] { return contiguous; }, values, "contiguous at a page end");
    const std::list<char32_t> list(values.begin(), values.end());
    check_views([&]() -> const std::list<char32_t>& { return list; }, values, "std::list<char32_t>");
    check_views([&] { return utf8view_test::input_test_range<const char32_t, false>(at_end, at_end + count); }, values,
                "single pass");
    {
        std::size_t first_bad = count;
        for (std::size_t index = 0; index < count; ++index)
            if (!ref::is_scalar_value(values[index])) {
                first_bad = index;
                break;
            }
        std::string got;
        try {
            for (const char8_t unit : u8v::views::encode(contiguous, u8v::on_error::throw_exception))
                got += static_cast<char>(unit);
            check(first_bad == count, "views::encode, throw: no exception, expected one at value ", first_bad);
        }
        catch (const u8v::encode_error& e) {
            check(e.offset() == first_bad, "views::encode, throw: at value ", e.offset(), ", expected ", first_bad);
        }
        std::string before;
        for (std::size_t index = 0; index < first_bad; ++index) before += ref::encode(values[index]);
        check_bytes(got, before, "views::encode, throw, before the bad value");
    }

    // Each transcoder directly: the run of scalar values at the start, into
    // exactly its size and 1..8 bytes fewer, and with an unbounded room.
    std::size_t run = 0;
    while (run < count && ref::is_scalar_value(values[run])) ++run;
    std::string run_bytes;
    std::vector<std::size_t> ends{0};  // bytes after each value of the run
    for (std::size_t index = 0; index < run; ++index) {
        run_bytes += ref::encode(values[index]);
        ends.push_back(run_bytes.size());
    }
    // Rooms: unbounded (SIZE_MAX, into exactly the size needed), exactly
    // the size needed and 1..8 bytes fewer, and one room anywhere.
    std::vector<std::size_t> rooms{static_cast<std::size_t>(-1)};
    for (std::size_t fewer = 0; fewer <= 8 && fewer <= run_bytes.size(); ++fewer)
        rooms.push_back(run_bytes.size() - fewer);
    if (run_bytes.size() > 9) rooms.push_back((hash >> 24) % (run_bytes.size() - 8));
    for (const d::transcoder* t : d::available_transcoders()) {
        f::current_configuration = std::string("transcoder ") + std::string(t->name) + " called directly";
        for (const std::size_t room : rooms) {
            const bool unbounded = room == static_cast<std::size_t>(-1);
            const std::size_t slots = unbounded ? run_bytes.size() : room;
            unsigned char* const out = output_buffer().output_at_end<unsigned char>(slots, 0xAA);
            const d::encode_progress progress = t->encode_scalar_values(at_end, at_end + count, out, room);
            // The values that fit whole, and a stop at the first bad value.
            std::size_t fit = 0;
            while (fit < run && ends[fit + 1] <= slots) ++fit;
            const std::string what =
                "encode_scalar_values, room " + (unbounded ? std::string("unbounded") : std::to_string(room));
            check_bytes(as_string(out, progress.out), run_bytes.substr(0, ends[fit]), what);
            check(progress.in == at_end + fit, what, ": stopped at value ", progress.in - at_end, ", expected ", fit);
        }
    }

    // encode_into under each transcoder forced.
    static constexpr policy_under_test policies[] = {
        policy_under_test::replace,         policy_under_test::skip,
        policy_under_test::throw_exception, policy_under_test::question_mark,
        policy_under_test::undeclared_drop, policy_under_test::declared_drop};
    std::string all_bytes[std::size(policies)];
    for (std::size_t which = 0; which < std::size(policies); ++which)
        for (const char32_t value : values) {
            if (ref::is_scalar_value(value)) all_bytes[which] += ref::encode(value);
            else if (policies[which] == policy_under_test::throw_exception) break;
            else all_bytes[which] += replacement_bytes(policies[which]);
        }
    std::vector<std::size_t> bad;
    for (std::size_t index = 0; index < count; ++index)
        if (!ref::is_scalar_value(values[index])) bad.push_back(index);
    bool first_configuration = true;
    f::for_each_configuration(
        [&](const f::configuration&) {
            for (std::size_t which = 0; which < std::size(policies); ++which) {
                const policy_under_test policy = policies[which];
                // Under each kernel, replace and skip (the two sides of the
                // rule for a full output) and one more policy, by the hash;
                // all of them under the first configuration. Every policy
                // takes the same path through the kernels.
                if (!first_configuration && which >= 2 && which != 2 + hash % (std::size(policies) - 2)) continue;
                check_encode_into(contiguous, values, policy, all_bytes[which], bad, static_cast<std::size_t>(-1));
                // Bounded: room for all, and 1 to 8 bytes fewer (all eight
                // for one policy, one for the others, by the input's hash).
                const std::size_t all = expect(values, policy, static_cast<std::size_t>(-1)).written;
                check_encode_into(contiguous, values, policy, all_bytes[which], bad, all);
                for (const std::size_t fewer : f::rooms_short_by(hash, which, std::size(policies)))
                    if (fewer <= all) check_encode_into(contiguous, values, policy, all_bytes[which], bad, all - fewer);
                // And a room anywhere below (the kernels' long steps need
                // rooms of 128 bytes and more).
                if (all > 9)
                    check_encode_into(contiguous, values, policy, all_bytes[which], bad, (hash >> 40) % (all - 8));
            }
            first_configuration = false;
        },
        count >= d::transcoder_threshold_code_points);

    // The generic path: the values in a std::list<char32_t>, and as
    // std::int64_t (each word read as a signed 32-bit value: negative
    // values, which keep their sign in encode_error_info::value), into a
    // back inserter and into a bounded output ending at the guard page.
    {
        f::current_configuration = "the generic path";
        std::vector<std::int64_t> wide;
        for (const char32_t value : values)
            wide.push_back(static_cast<std::int32_t>(static_cast<std::uint32_t>(value)));
        std::vector<std::uint32_t> words(values.begin(), values.end());
        const std::string& replaced_bytes = all_bytes[0];  // on_error::replace
        std::string skipped_bytes;
        for (const std::uint32_t word : words)
            if (ref::is_scalar_value(word)) skipped_bytes += ref::encode(word);
        // Through a back inserter: everything.
        std::string got;
        u8v::encode_into(list, std::back_inserter(got), u8v::on_error::replace);
        check_bytes(got, replaced_bytes, "encode_into from a std::list, replace, into a back inserter");
        got.clear();
        std::vector<u8v::encode_error_info> log;
        u8v::encode_into(wide, std::back_inserter(got), declared_recording_drop{&log});
        check_bytes(got, skipped_bytes, "encode_into from std::int64_t values, dropping");
        check(log.size() == bad.size(), "encode_into from std::int64_t values: told of ", log.size(), " values");
        for (std::size_t index = 0; index < log.size() && index < bad.size(); ++index)
            check(log[index].offset == bad[index] && log[index].value == wide[bad[index]] &&
                      log[index].kind == (wide[bad[index]] >= 0xD800 && wide[bad[index]] <= 0xDFFF
                                              ? u8v::error_kind::surrogate
                                              : u8v::error_kind::out_of_range),
                  "encode_into from std::int64_t values: call ", index, " told of value ", log[index].value, " at ",
                  log[index].offset);
        // Bounded: exactly the size, and one room below, by the hash.
        for (const bool declared : {true, false}) {
            const ref::policy_behaviour behaviour =
                declared ? ref::policy_behaviour::drops_declared : ref::policy_behaviour::replaces;
            const std::string& all = declared ? skipped_bytes : replaced_bytes;
            for (const std::size_t room : {all.size(), all.empty() ? std::size_t{0} : hash % all.size()}) {
                const ref::bounded_result e = ref::encode_into_room(words, behaviour, 3, room);
                unsigned char* const out = output_buffer().output_at_end<unsigned char>(room, 0xAA);
                log.clear();
                const auto result =
                    declared
                        ? u8v::encode_into(list, std::span<unsigned char>(out, room), declared_recording_drop{&log})
                        : u8v::encode_into(list, std::span<unsigned char>(out, room), u8v::on_error::replace);
                const std::string what = std::string("encode_into from a std::list, ") +
                                         (declared ? "dropping, declared" : "replace") + ", room " +
                                         std::to_string(room);
                check_bytes(as_string(out, std::to_address(result.out)), all.substr(0, e.written), what);
                const auto in = static_cast<std::size_t>(std::distance(list.begin(), result.in));
                check(in == e.in, what, ": in at value ", in, ", expected ", e.in);
                if (declared)
                    check(log.size() == e.asked, what, ": told of ", log.size(), " values, expected ", e.asked);
            }
        }
        f::current_configuration = "(none)";
    }

    // Round trip: the encoding decodes back to the values, bad ones as U+FFFD.
    std::vector<char32_t> decoded;
    for (const char32_t c : u8v::views::decode(std::string_view(replaced.first))) decoded.push_back(c);
    check(decoded.size() == count, "round trip: ", decoded.size(), " code points back, expected ", count);
    for (std::size_t index = 0; index < count; ++index) {
        const char32_t expected = ref::is_scalar_value(values[index]) ? values[index] : U'\uFFFD';
        check(decoded[index] == expected, "round trip: value ", index, " came back as ",
              static_cast<std::uint32_t>(decoded[index]), ", expected ", static_cast<std::uint32_t>(expected));
    }
    return 0;
}
