// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.

// The contiguous fast path of decode_view's iterator (doc/design.md):
// over contiguous sized bytes it validates 1024-byte blocks ahead with the
// SIMD kernel and decodes inside them without checks, and it must stay
// indistinguishable from the checked path, and lazy.
//
// (a) Differential: long inputs (1 to 20 KiB, fixed seed: valid text,
//     corrupted text, all ASCII, all 2-, 3-, 4-byte characters, ill-formed
//     sequences and characters cut at the ends of the 1024-byte blocks)
//     iterated forwards, backwards and along walks that mix ++ and --
//     (going back over errors and forward again), with replace and skip,
//     under every validation kernel and every transcoder of this CPU (with
//     replace, where errors are dense and random, the iterator takes the
//     bytes a window of 64 at a time, split by the transcoder's classes:
//     the inputs of random bytes, alone, between text and among
//     characters, go in and out of that mode, and the walks step back into
//     windows and out of them).
//     Oracle: views::decode over a std::list<char> of the same bytes (no
//     fast path, no kernel), checked against every decode vector by
//     conformance/decode_vectors.cpp. Compared: the value, error(), the byte
//     offset of base() and code_unit_count() after every step.
// (b) Laziness: the first code point of a 1 GiB buffer reads at most one
//     block. The buffer is a 1 GiB PROT_NONE mapping whose first page alone
//     is readable: any read past that page faults and kills the test, which
//     is the proof. Oracle for the values: the list view over the page.
//     Where there is no mmap, Boost.Test reports this test as skipped.
// (c) A policy that throws during a fast-path step leaves the iterator as
//     it was (as test/decode_view.cpp checks for the checked path), and the
//     iterator goes on correctly afterwards. Oracle: the list view.

#include <utf8view/decode_view.hpp>
#define BOOST_TEST_MODULE decode_view_fast_path
#include <boost/test/unit_test.hpp>

#include "support/print.hpp"
#include "support/force_kernels.hpp"
#include "support/guarded_pages.hpp"  // UTF8VIEW_TEST_HAS_MMAP, <sys/mman.h>
#include "support/random_utf8.hpp"

#include <utf8view/detail/dispatch.hpp>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <list>
#include <optional>
#include <ranges>
#include <sstream>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace u8v = utf8view;
namespace t = utf8view_test;

namespace {

constexpr std::uint32_t seed = 20260602;
// decode_view's iterator validates this many bytes ahead at a time
// (lookahead_block_bytes in decode_view.hpp). The inputs place events at
// the ends of these blocks, and the strict laziness test relies on it.
constexpr std::size_t view_block = 1024;
// After an error the iterator decodes this many bytes with every check
// before it validates a block again (clean_bytes_after_error there; the
// stretch ends 3 bytes before the end of the bytes if that is nearer).
constexpr std::size_t checked_after_error = 1024;

// ---------------------------------------------------------------------------
// What an iterator shows

struct state {
    char32_t value = 0;
    std::optional<u8v::error_kind> error;
    std::size_t offset = 0;  // of base()
    std::size_t length = 0;  // code_unit_count(); 0 at the end
    friend bool operator==(const state&, const state&) = default;
};

std::ostream& operator<<(std::ostream& out, const state& s)
{
    out << "{U+" << std::hex << std::uppercase << static_cast<std::uint32_t>(s.value) << std::dec;
    if (s.error) out << " " << *s.error;
    return out << " at " << s.offset << " +" << s.length << "}";
}

// The fast path's view: over std::string_view (contiguous, sized).
template <class Policy>
auto fast_view(std::string_view bytes, Policy policy)
{
    return u8v::views::decode(bytes, policy);
}

template <class It>
state state_of_fast(const It& it, const It& end, std::string_view bytes)
{
    state s;
    s.offset = static_cast<std::size_t>(it.base() - bytes.begin());
    if (it == end) return s;
    s.value = *it;
    s.error = it.error();
    s.length = it.code_unit_count();
    return s;
}

// The oracle's bytes: a std::list<char>, and the offset of each node.
struct list_bytes {
    std::list<char> list;
    std::unordered_map<const char*, std::size_t> offsets;

    explicit list_bytes(const std::string& bytes) : list(bytes.begin(), bytes.end())
    {
        offsets.reserve(bytes.size());
        std::size_t index = 0;
        for (const char& c : list) offsets.emplace(&c, index++);
    }
    list_bytes(const list_bytes&) = delete;
    list_bytes& operator=(const list_bytes&) = delete;

    template <class It>
    state state_of(const It& it, const It& end) const
    {
        state s;
        s.offset = it.base() == list.end() ? list.size() : offsets.at(&*it.base());
        if (it == end) return s;
        s.value = *it;
        s.error = it.error();
        s.length = it.code_unit_count();
        return s;
    }
};

// ---------------------------------------------------------------------------
// Walks: a start (begin or end) and a sequence of ++ and --, with the state
// after each step as the oracle saw it.

enum class step : char { forward = '+', backward = '-' };

struct walk {
    std::string name;
    bool from_end = false;
    std::vector<step> steps;
    std::vector<state> states;  // states[0]: at the start; states[i + 1]: after steps[i]
};

// Builds walks on the oracle's iterator: the choice of each step may depend
// on where the oracle stands (at an error, at either end), never on the
// code under test.
template <class View>
class walker {
    const list_bytes& bytes_;
    View view_;
    decltype(view_.begin()) first_ = view_.begin();
    decltype(view_.end()) last_ = view_.end();

public:
    walker(const list_bytes& bytes, View view) : bytes_(bytes), view_(std::move(view)) {}

    [[nodiscard]] state state_at(const decltype(view_.begin())& it) const { return bytes_.state_of(it, last_); }

    // A walk of `kind`: "runs" (alternate runs forward and back),
    // "coin" (each step a coin toss, biased forward), "excursions" (forward;
    // at each error or dropped subpart, a few steps on, then back over it and
    // beyond, then on again), "excursions from the end" (the same backwards).
    walk make(const std::string& kind, std::uint32_t walk_seed, std::size_t max_steps)
    {
        t::random_source random(walk_seed);
        walk w;
        w.name = kind;
        w.from_end = kind == "excursions from the end";
        auto it = w.from_end ? last_ : first_;
        w.states.push_back(state_at(it));
        const auto at_begin = [&] { return it == first_; };
        const auto at_end = [&] { return it == last_; };
        const auto go = [&](step s) {
            if (s == step::forward) {
                if (at_end()) return false;
                ++it;
            }
            else {
                if (at_begin()) return false;
                --it;
            }
            w.steps.push_back(s);
            w.states.push_back(state_at(it));
            return true;
        };
        // An error next to the current element: it replaces one, or the
        // last step passed over bytes the policy dropped.
        const auto near_error = [&] {
            const state& now = w.states.back();
            if (now.error) return true;
            if (w.states.size() < 2) return false;
            const state& before = w.states[w.states.size() - 2];
            const state& low = before.offset < now.offset ? before : now;
            const state& high = before.offset < now.offset ? now : before;
            return low.offset + low.length != high.offset;
        };

        if (kind == "runs") {
            while (w.steps.size() < max_steps && !at_end()) {
                for (std::uint32_t n = random.between(1, 300); n > 0 && go(step::forward); --n) {}
                for (std::uint32_t n = random.between(1, 120); n > 0 && go(step::backward); --n) {}
            }
        }
        else if (kind == "coin") {
            while (w.steps.size() < max_steps && !at_end()) go(random.below(10) < 6 ? step::forward : step::backward);
        }
        else {
            const step on = w.from_end ? step::backward : step::forward;
            const step back = w.from_end ? step::forward : step::backward;
            while (w.steps.size() < max_steps && go(on)) {
                if (!near_error()) continue;
                const std::uint32_t ahead = random.between(0, 3);
                for (std::uint32_t n = 0; n < ahead && go(on); ++n) {}
                const std::uint32_t behind = ahead + random.between(1, 4);
                for (std::uint32_t n = 0; n < behind && go(back); ++n) {}
            }
        }
        return w;
    }

    std::vector<state> forwards() const
    {
        std::vector<state> out;
        for (auto it = first_; it != last_; ++it) out.push_back(state_at(it));
        return out;
    }
    std::vector<state> backwards() const
    {
        std::vector<state> out;
        for (auto it = last_; it != first_;) {
            --it;
            out.push_back(state_at(it));
        }
        return out;
    }
};

// ---------------------------------------------------------------------------
// Inputs

struct input {
    std::string name;
    std::string bytes;
};

// Appends valid text (Table 3-6 forms of random scalar values) until `text`
// is exactly `target` bytes long, its last 8 or so bytes ASCII, so that no
// character straddles `target`.
void fill_to(std::string& text, t::random_source& random, std::size_t target)
{
    while (text.size() + 12 < target) {
        const std::string next = t::encode_by_table_3_6(t::random_scalar_value(random));
        if (text.size() + next.size() + 8 > target) break;
        text += next;
    }
    if (text.size() < target) text.append(target - text.size(), 'a');
}

std::string text_of_length(std::uint32_t length_bytes, std::uint32_t first, std::uint32_t last, std::size_t size)
{
    // Code points first..last, all of one UTF-8 length (Table 3-6), cycling.
    std::string text;
    std::uint32_t c = first;
    while (text.size() + length_bytes <= size) {
        text += t::encode_by_table_3_6(static_cast<char32_t>(c));
        c = c == last ? first : c + 1;
    }
    return text;
}

const std::vector<input>& inputs()
{
    static const std::vector<input> all = [] {
        std::vector<input> out;
        t::random_source random(seed);
        const auto size_between = [&](std::uint32_t low, std::uint32_t high) {
            return static_cast<std::size_t>(random.between(low, high));
        };

        for (int n = 0; n < 6; ++n) {
            std::string text;
            fill_to(text, random, size_between(1024, 20 * 1024));
            out.push_back({"valid text", text});
        }
        // Long valid stretches (longer than a block, sometimes) with
        // corrupted pieces (support/random_utf8.hpp: truncations, stray
        // continuation bytes, C0/C1/F5..FF, surrogates, overlongs, > U+10FFFF).
        for (int n = 0; n < 6; ++n) {
            std::string text;
            const std::size_t size = size_between(1024, 20 * 1024);
            while (text.size() < size)
                text += random.below(8) == 0 ? t::corrupted_text(random).bytes : t::valid_text(random).bytes;
            out.push_back({"corrupted text", text});
        }
        {
            std::string dense;
            while (dense.size() < 3000) dense += t::corrupted_text(random).bytes;
            out.push_back({"corrupted text, dense", dense});
            std::string edges;
            while (edges.size() < 2000) edges += t::edge_bytes(random).bytes;
            out.push_back({"edge bytes", edges});
            std::string noise;
            while (noise.size() < 2000) noise += t::random_bytes(random).bytes;
            out.push_back({"random bytes", noise});
        }
        // Where the iterator steps through windows of 64 bytes (dense,
        // random errors): long, so that windows follow each other; between
        // stretches of text, so that it goes in and out; stray
        // continuation bytes among characters of every length; and mostly
        // ASCII, near the point where a window is taken or not.
        {
            std::string noise;
            while (noise.size() < 8 * 1024) noise += t::random_bytes(random).bytes;
            out.push_back({"random bytes, long", noise});
            std::string mixed;
            while (mixed.size() < 12 * 1024) {
                const std::size_t junk = mixed.size() + size_between(70, 600);
                while (mixed.size() < junk) mixed += t::random_bytes(random).bytes;
                fill_to(mixed, random, mixed.size() + size_between(1, 1500));
            }
            out.push_back({"random bytes between text", mixed});
            std::string strays;
            while (strays.size() < 6 * 1024) {
                strays += t::encode_by_table_3_6(t::random_scalar_value(random));
                if (random.below(3) != 0) strays += static_cast<char>(random.between(0x80, 0xBF));
                if (random.below(16) == 0) strays += t::corrupted_text(random).bytes;
            }
            out.push_back({"stray continuation bytes among characters", strays});
            std::string mostly_ascii;
            while (mostly_ascii.size() < 6 * 1024)
                mostly_ascii +=
                    static_cast<char>(random.below(5) == 0 ? random.between(0x80, 0xFF) : random.below(0x80));
            out.push_back({"random bytes, mostly ASCII", mostly_ascii});
        }
        out.push_back({"all ASCII", std::string(8 * 1024, 'k')});
        out.push_back({"all 2-byte", text_of_length(2, 0x80, 0x7FF, 6 * 1024)});
        out.push_back({"all 3-byte", text_of_length(3, 0x800, 0xD7FF, 6 * 1024 + 1)});
        out.push_back({"all 4-byte", text_of_length(4, 0x10000, 0x10FFFF, 8 * 1024)});

        // Ill-formed sequences 1024 + delta bytes after where the iterator
        // starts a validation block, -4 <= delta <= 4: from the view's
        // beginning, and then after each error (validation starts again
        // checked_after_error bytes after it), eight times, the kinds by turns.
        const std::array<std::string, 6> errors = {
            t::byte_string({0x80}),              // stray continuation byte
            t::byte_string({0xE2, 0x82}),        // 3-byte sequence cut (by 'A' or by the block's end)
            t::byte_string({0xF0, 0x9F, 0x98}),  // 4-byte sequence cut
            t::byte_string({0xED, 0xA0, 0x80}),  // surrogate: three maximal subparts
            t::byte_string({0xC0, 0xAF}),        // overlong
            t::byte_string({0xFF}),              // never a UTF-8 byte
        };
        for (int delta = -4; delta <= 4; ++delta) {
            std::string text;
            std::size_t block_start = 0;
            for (std::size_t k = 0; k < 8; ++k) {
                fill_to(text, random, static_cast<std::size_t>(static_cast<int>(block_start + view_block) + delta));
                text += errors[k % errors.size()];
                // ASCII over the checked stretch, so that validation starts
                // again exactly at its end (a character boundary).
                text.append(checked_after_error, 'c');
                block_start = text.size();
            }
            fill_to(text, random, text.size() + 200);
            out.push_back({"errors at block ends " + std::to_string(delta), text});
        }
        // Errors 1 to 40 bytes after the previous one, and around the end
        // of the checked stretch: that end falls before the next error, on
        // it, after it and inside characters.
        {
            std::vector<std::size_t> gaps;
            for (std::size_t gap = 1; gap <= 40; ++gap) gaps.push_back(gap);
            for (std::size_t gap = checked_after_error - 6; gap <= checked_after_error + 6; ++gap) gaps.push_back(gap);
            std::string text;
            for (const std::size_t gap : gaps) {
                fill_to(text, random, text.size() + gap);
                text += errors[gap % errors.size()];
            }
            fill_to(text, random, text.size() + 200);
            out.push_back({"errors at every distance", text});
        }

        // One ill-formed sequence, then `distance` bytes of text: walking
        // back from the end, the iterator validates blocks of 16 to 1024
        // bytes behind it (validated_behind in decode_view.hpp), and the
        // error falls in the first of them, in the 1024 but not the 16,
        // in the 256 but not the 64, in the 1024 but not the 256, at each
        // block's first bytes (which are extended back to a character's
        // start), and past them all, in the next blocks behind.
        for (const std::size_t distance :
             {14u, 17u, 19u, 62u, 66u, 70u, 254u, 258u, 263u, 1021u, 1022u, 1026u, 1031u, 1043u, 1100u, 1375u}) {
            const std::string& error = errors[distance % errors.size()];
            std::string text;
            fill_to(text, random, 1500 - distance);
            text += error;
            fill_to(text, random, 1500 + error.size());
            out.push_back({"an error " + std::to_string(distance) + " bytes before the end", text});
        }

        // Well-formed characters at the end of a block: starting on it, or
        // straddling it at each alignment (the kernel sees a cut sequence;
        // validation starts again after the character).
        {
            std::string text;
            std::size_t block_start = 0;
            const std::array<char32_t, 3> wide = {0x00E9, 0x20AC, 0x1F600};
            for (std::size_t length = 2; length <= 4; ++length)
                for (std::size_t shift = 0; shift < length; ++shift) {
                    const std::string c = t::encode_by_table_3_6(wide[length - 2]);
                    fill_to(text, random, block_start + view_block - shift);
                    text += c;
                    block_start = shift == 0 ? block_start + view_block : text.size();
                }
            fill_to(text, random, text.size() + 200);
            out.push_back({"characters straddling block ends", text});
        }
        return out;
    }();
    return all;
}

// ---------------------------------------------------------------------------
// The oracle's record of one input under one policy

struct expected_run {
    std::vector<state> forwards;
    std::vector<state> backwards;
    std::vector<walk> walks;
};

template <class Policy>
expected_run make_expected(const std::string& bytes, Policy policy, std::uint32_t walk_seed)
{
    const list_bytes list(bytes);
    walker w(list, u8v::views::decode(list.list, policy));
    expected_run run;
    run.forwards = w.forwards();
    run.backwards = w.backwards();
    const std::size_t elements = run.forwards.size();
    run.walks.push_back(w.make("runs", walk_seed, 3 * elements + 100));
    run.walks.push_back(w.make("coin", walk_seed + 1, std::min<std::size_t>(4000, 3 * elements + 100)));
    run.walks.push_back(w.make("excursions", walk_seed + 2, 2 * elements + 100));
    run.walks.push_back(w.make("excursions from the end", walk_seed + 3, 2 * elements + 100));
    return run;
}

std::string describe_steps(const walk& w, std::size_t at)
{
    std::ostringstream out;
    const std::size_t from = at > 12 ? at - 12 : 0;
    out << "walk \"" << w.name << "\" from the " << (w.from_end ? "end" : "beginning") << ", step " << at
        << ", last steps ";
    for (std::size_t i = from; i <= at && i < w.steps.size(); ++i) out << static_cast<char>(w.steps[i]);
    return out.str();
}

// Replays everything on the fast path's view and compares.
template <class Policy>
void check_fast_path(const std::string& bytes, Policy policy, const expected_run& expected)
{
    const std::string_view sv(bytes);
    const auto view = fast_view(sv, policy);
    const auto first = view.begin();
    const auto last = view.end();

    {
        std::vector<state> got;
        for (auto it = first; it != last && got.size() <= bytes.size(); ++it)
            got.push_back(state_of_fast(it, last, sv));
        const auto [mismatch, _] = std::ranges::mismatch(got, expected.forwards);
        BOOST_TEST((got == expected.forwards),
                   "forwards: " << got.size() << " elements, expected " << expected.forwards.size()
                                << "; first difference at element " << (mismatch - got.begin()));
    }
    {
        std::vector<state> got;
        for (auto it = last; it != first && got.size() <= bytes.size();) {
            --it;
            got.push_back(state_of_fast(it, last, sv));
        }
        const auto [mismatch, _] = std::ranges::mismatch(got, expected.backwards);
        BOOST_TEST((got == expected.backwards),
                   "backwards: " << got.size() << " elements, expected " << expected.backwards.size()
                                 << "; first difference at element " << (mismatch - got.begin()));
    }
    {
        // Through std::views::reverse, whose iterator steps a copy back to
        // read each element.
        std::vector<state> got;
        const auto reversed = view | std::views::reverse;
        for (auto it = reversed.begin(); it != reversed.end() && got.size() <= bytes.size(); ++it) {
            const auto element = std::ranges::prev(it.base());
            BOOST_TEST_REQUIRE(static_cast<std::uint32_t>(*it) == static_cast<std::uint32_t>(*element));
            got.push_back(state_of_fast(element, last, sv));
        }
        BOOST_TEST((got == expected.backwards),
                   "std::views::reverse: " << got.size() << " elements, expected " << expected.backwards.size());
    }
    for (const walk& w : expected.walks) {
        auto it = w.from_end ? last : first;
        bool same = state_of_fast(it, last, sv) == w.states[0];
        std::size_t index = 0;
        for (; same && index < w.steps.size(); ++index) {
            if (w.steps[index] == step::forward) ++it;
            else --it;
            same = state_of_fast(it, last, sv) == w.states[index + 1];
        }
        if (same) BOOST_TEST(true);
        else
            BOOST_ERROR(describe_steps(w, index == 0 ? 0 : index - 1)
                        << ": got " << state_of_fast(it, last, sv) << ", expected " << w.states[index]);
    }
}

}  // namespace

BOOST_AUTO_TEST_CASE(inputs_are_as_described)
{
    const std::vector<input>& all = inputs();
    BOOST_TEST(all.size() >= 25u);
    for (const input& in : all) BOOST_TEST_CONTEXT(in.name)
        {
            BOOST_TEST(in.bytes.size() >= 1000u);
            BOOST_TEST(in.bytes.size() <= 20u * 1024 + 64);
        }
}

BOOST_AUTO_TEST_CASE(fast_path_equals_the_list_view_under_every_kernel_and_transcoder)
{
    const std::vector<input>& all = inputs();
    std::vector<expected_run> replace;
    std::vector<expected_run> skip;
    std::size_t walk_steps = 0;
    for (std::size_t index = 0; index < all.size(); ++index) {
        const std::uint32_t walk_seed = seed + 10 * static_cast<std::uint32_t>(index);
        replace.push_back(make_expected(all[index].bytes, u8v::on_error::replace, walk_seed));
        skip.push_back(make_expected(all[index].bytes, u8v::on_error::skip, walk_seed + 5));
        for (const walk& w : replace.back().walks) walk_steps += w.steps.size();
        for (const walk& w : skip.back().walks) walk_steps += w.steps.size();
    }
    BOOST_TEST_MESSAGE(all.size() << " inputs, " << walk_steps << " walk steps per kernel and transcoder");
    t::for_each_kernel_and_transcoder([&] {
        for (std::size_t index = 0; index < all.size(); ++index) {
            BOOST_TEST_CONTEXT("input " << index << " (" << all[index].name << ", " << all[index].bytes.size()
                                        << " bytes), replace")
            {
                check_fast_path(all[index].bytes, u8v::on_error::replace, replace[index]);
            }
            BOOST_TEST_CONTEXT("input " << index << " (" << all[index].name << ", " << all[index].bytes.size()
                                        << " bytes), skip")
            {
                check_fast_path(all[index].bytes, u8v::on_error::skip, skip[index]);
            }
        }
    });
}

// The smallest case of going back over a dropped subpart and forward again
// (found by the walks above): "ab" FF "c" with skip, from the end.
BOOST_AUTO_TEST_CASE(skip_back_over_an_error_then_forward)
{
    const std::string bytes = "ab\xFF"
                              "c";
    const list_bytes list(bytes);
    const auto oracle = u8v::views::decode(list.list, u8v::on_error::skip);
    auto expected = oracle.end();
    --expected;  // 'c'
    --expected;  // FF dropped: 'b'
    ++expected;  // 'c' again
    const std::string_view sv(bytes);
    const auto view = u8v::views::decode(sv, u8v::on_error::skip);
    auto it = view.end();
    --it;
    --it;
    BOOST_TEST(*it == U'b');
    ++it;
    BOOST_TEST(state_of_fast(it, view.end(), sv) == list.state_of(expected, oracle.end()));
}

// After an error the iterator decodes the next bytes with every check,
// reading a sequence that starts there without tests against the end, so
// that stretch stops 3 bytes before the end. Steps back from the end or
// over an error near it, then forwards again, must keep to that (the fuzz
// replay's zigzag walk found a step that did not): every input of up to 4
// pieces that make errors and sequences near the end, flush with an
// unreadable page, walked to each element, one step on and back and on, and
// from the end back to each element and forwards to the end again.
BOOST_AUTO_TEST_CASE(steps_back_and_forth_near_the_end_read_nothing_past_it,
                     *boost::unit_test::precondition(t::mmap_is_available))
{
#if defined(UTF8VIEW_TEST_HAS_MMAP)
    const std::array<std::string_view, 6> pieces = {"a", "\xFF", "\xE2\x82\xAC", "\xE2\x82", "\xC3", "\xF0\x9F\x98"};
    std::vector<std::string> inputs = {""};
    for (std::size_t begin = 0, round = 0; round < 4; ++round) {
        const std::size_t end = inputs.size();
        for (std::size_t index = begin; index < end; ++index)
            for (const std::string_view piece : pieces) inputs.push_back(inputs[index] + std::string(piece));
        begin = end;
    }
    t::guarded_pages pages;
    std::size_t steps = 0;
    const auto walk = [&](const std::string& bytes, auto policy) {
        const list_bytes list(bytes);
        const auto oracle = u8v::views::decode(list.list, policy);
        std::vector<state> expected;
        for (auto it = oracle.begin(); it != oracle.end(); ++it) expected.push_back(list.state_of(it, oracle.end()));
        expected.push_back(list.state_of(oracle.end(), oracle.end()));

        const std::string_view sv(reinterpret_cast<const char*>(pages.at_end(bytes)), bytes.size());
        const auto view = u8v::views::decode(sv, policy);
        const auto last = view.end();
        const std::size_t count = expected.size() - 1;
        for (std::size_t k = 0; k < count; ++k) {
            auto it = view.begin();
            for (std::size_t n = 0; n < k; ++n) ++it;
            ++it;
            --it;
            BOOST_TEST(state_of_fast(it, last, sv) == expected[k]);
            ++it;
            BOOST_TEST(state_of_fast(it, last, sv) == expected[k + 1]);
            auto back = last;
            for (std::size_t n = count; n > k; --n) --back;
            BOOST_TEST(state_of_fast(back, last, sv) == expected[k]);
            for (std::size_t n = k; n < count; ++n, ++steps) ++back;
            BOOST_TEST((back == last));
        }
    };
    const auto hex = [](const std::string& bytes) {
        std::ostringstream out;
        for (const char c : bytes) t::print_hex(out << ' ', static_cast<unsigned char>(c), 2);
        return out.str();
    };
    for (const std::string& bytes : inputs) BOOST_TEST_CONTEXT("bytes" << hex(bytes))
        {
            walk(bytes, u8v::on_error::replace);
            walk(bytes, u8v::on_error::skip);
        }
    BOOST_TEST(steps > 10000u);
#endif
}

// ---------------------------------------------------------------------------
// (c) A throwing policy

namespace {

// Throws decode_error the first `throws` times it is called, then replaces
// with U+FFFD. The count is shared by all copies (views copy policies).
struct throw_first {
    int* remaining;
    std::optional<char32_t> operator()(const u8v::decode_error_info& info) const
    {
        if (*remaining > 0) {
            --*remaining;
            throw u8v::decode_error(info.kind, info.offset);
        }
        return char32_t{0xFFFD};
    }
};

// Valid text with one ill-formed sequence at `at`, then more valid text.
std::string text_with_error_at(std::size_t at, const std::string& error, std::size_t size)
{
    t::random_source random(seed + static_cast<std::uint32_t>(at));
    std::string text;
    fill_to(text, random, at);
    text += error;
    fill_to(text, random, size);
    return text;
}

std::vector<state> tail_of(const std::vector<state>& states, std::size_t from)
{
    return std::vector<state>(states.begin() + static_cast<std::ptrdiff_t>(from), states.end());
}

// The throwing policy on `bytes`, forwards and backwards, against the
// oracle's replace decoding.
void check_throwing_policy(const std::string& bytes)
{
    const std::string_view sv(bytes);
    const list_bytes list(bytes);
    const auto oracle = u8v::views::decode(list.list, u8v::on_error::replace);
    std::vector<state> expected;
    for (auto it = oracle.begin(); it != oracle.end(); ++it) expected.push_back(list.state_of(it, oracle.end()));
    const auto is_error = [](const state& s) { return s.error.has_value(); };
    const auto first_error = static_cast<std::size_t>(std::ranges::find_if(expected, is_error) - expected.begin());
    const auto last_error =
        static_cast<std::size_t>(std::find_if(expected.rbegin(), expected.rend(), is_error).base() - expected.begin()) -
        1;
    BOOST_TEST_REQUIRE(first_error < expected.size());
    BOOST_TEST_REQUIRE(first_error > 0u);
    BOOST_TEST_REQUIRE(last_error + 1 < expected.size());

    // Forwards: ++ onto the error throws, and nothing changes.
    int remaining = 1;
    const auto view = u8v::views::decode(sv, throw_first{&remaining});
    const auto last = view.end();
    auto it = view.begin();
    for (std::size_t n = 0; n + 1 < first_error; ++n) ++it;
    const state before = state_of_fast(it, last, sv);
    BOOST_TEST(before == expected[first_error - 1]);
    const auto copy = it;
    BOOST_CHECK_THROW(++it, u8v::decode_error);
    BOOST_TEST(state_of_fast(it, last, sv) == before);
    BOOST_TEST((it == copy));
    // It goes on as if nothing had happened (the policy now replaces): the
    // rest equals the oracle's replace decoding.
    std::vector<state> rest;
    for (++it; it != last; ++it) rest.push_back(state_of_fast(it, last, sv));
    BOOST_TEST((rest == tail_of(expected, first_error)),
               "after the throw, " << rest.size() << " elements, expected " << expected.size() - first_error);
    // The copy taken before the throw steps back as the oracle does.
    if (first_error >= 2) {
        auto back = copy;
        --back;
        BOOST_TEST(state_of_fast(back, last, sv) == expected[first_error - 2]);
    }

    // Backwards: -- onto the last maximal subpart throws, and nothing changes.
    remaining = 1;
    auto from_end = last;
    for (std::size_t n = expected.size(); n > last_error + 1; --n) --from_end;
    const state after = state_of_fast(from_end, last, sv);
    BOOST_TEST(after == expected[last_error + 1]);
    BOOST_CHECK_THROW(--from_end, u8v::decode_error);
    BOOST_TEST(state_of_fast(from_end, last, sv) == after);
    --from_end;  // now replaced
    BOOST_TEST(state_of_fast(from_end, last, sv) == expected[last_error]);
    // And forwards again from there, over the bytes validated before.
    std::vector<state> again;
    for (; from_end != last; ++from_end) again.push_back(state_of_fast(from_end, last, sv));
    BOOST_TEST((again == tail_of(expected, last_error)));
}

}  // namespace

BOOST_AUTO_TEST_CASE(a_throwing_policy_leaves_a_fast_path_iterator_where_it_was)
{
    std::size_t cases = 0;
    const std::array<std::string, 3> errors = {t::byte_string({0xFF}), t::byte_string({0xF0, 0x9F, 0x98}),
                                               t::byte_string({0xED, 0xA0, 0x80})};
    // In the first block, at its end, just after it, in a later block.
    const std::array<std::size_t, 5> places = {40, view_block - 1, view_block, view_block + 1, 3 * view_block + 17};
    t::for_each_kernel([&] {
        for (const std::size_t at : places)
            for (const std::string& error : errors) BOOST_TEST_CONTEXT("error [" << t::hex_of(error) << "] at " << at)
                {
                    ++cases;
                    check_throwing_policy(text_with_error_at(at, error, at + 3000));
                }
    });
    BOOST_TEST(cases >= 15u);
}

namespace {

// Replaces each error, or throws decode_error while *throwing is set.
struct throw_while {
    const bool* throwing;
    std::optional<char32_t> operator()(const u8v::decode_error_info& info) const
    {
        if (*throwing) throw u8v::decode_error(info.kind, info.offset);
        return char32_t{0xFFFD};
    }
};

}  // namespace

// A step back from an element, replaced or not, onto a maximal subpart whose
// policy throws leaves the iterator as it was, the bytes it knows to be
// well-formed included: the steps after it, forwards and back, decode as
// the oracle does, never an ill-formed subpart as a character, and read
// nothing before the first byte (the bytes start a readable page).
BOOST_AUTO_TEST_CASE(a_step_back_that_throws_leaves_what_the_iterator_knows_as_it_was,
                     *boost::unit_test::precondition(t::mmap_is_available))
{
#if defined(UTF8VIEW_TEST_HAS_MMAP)
    const std::array<std::string_view, 7> pieces = {"A",    "\x80",         "\xC0",    "\xE2\x82",
                                                    "\xFF", "\xF0\x9F\x98", "\xC3\xA9"};
    std::vector<std::string> inputs;
    std::vector<std::string> partial = {""};
    for (int round = 0; round < 3; ++round) {
        std::vector<std::string> longer;
        for (const std::string& start : partial)
            for (const std::string_view piece : pieces) longer.push_back(start + std::string(piece));
        inputs.insert(inputs.end(), longer.begin(), longer.end());
        partial = std::move(longer);
    }
    t::guarded_pages pages;
    std::size_t throws = 0;
    for (const std::string& body : inputs)
        for (const std::string& bytes : {body + "AB", std::string(40, 'x') + body + "AB"}) {
            const list_bytes list(bytes);
            const auto oracle = u8v::views::decode(list.list, u8v::on_error::replace);
            std::vector<state> expected;
            for (auto it = oracle.begin(); it != oracle.end(); ++it)
                expected.push_back(list.state_of(it, oracle.end()));
            const std::string_view sv(reinterpret_cast<const char*>(pages.at_start(bytes)), bytes.size());
            t::for_each_kernel([&] {
                for (std::size_t at = 1; at + 1 < expected.size(); ++at) {
                    if (!expected[at - 1].error) continue;  // only an error's policy can throw
                    BOOST_TEST_CONTEXT("[" << t::hex_of(bytes) << "], step back from element " << at)
                    {
                        bool throwing = false;
                        const auto view = u8v::views::decode(sv, throw_while{&throwing});
                        const auto last = view.end();
                        auto it = view.begin();
                        for (std::size_t n = 0; n < at; ++n) ++it;
                        throwing = true;
                        BOOST_CHECK_THROW(--it, u8v::decode_error);
                        throwing = false;
                        ++throws;
                        BOOST_TEST(state_of_fast(it, last, sv) == expected[at]);
                        // On, then back to the first element, then on to the end.
                        ++it;
                        BOOST_TEST(state_of_fast(it, last, sv) == expected[at + 1]);
                        for (std::size_t n = at + 1; n-- > 0;) {
                            --it;
                            BOOST_TEST(state_of_fast(it, last, sv) == expected[n]);
                        }
                        for (std::size_t n = 1; n < expected.size(); ++n) {
                            ++it;
                            BOOST_TEST(state_of_fast(it, last, sv) == expected[n]);
                        }
                    }
                }
            });
        }
    BOOST_TEST(throws > 1000u);
#endif
}

// ---------------------------------------------------------------------------
// (b) Laziness

#if defined(UTF8VIEW_TEST_HAS_MMAP)

namespace {

// Fills the first page with valid multilingual text in which the ill-formed
// sequences `errors` (offset, bytes; in order) are placed on character
// boundaries, and whose byte page - 1024 also starts a character (a view
// may start there).
void fill_page(const t::guarded_gigabyte& region, std::vector<std::pair<std::size_t, std::string>> errors)
{
    t::random_source random(seed + 99);
    errors.emplace_back(region.page() - view_block, std::string());
    std::ranges::sort(errors);
    std::string text;
    for (const auto& [at, bytes] : errors) {
        fill_to(text, random, at);
        BOOST_TEST_REQUIRE(text.size() == at);
        text += bytes;
    }
    fill_to(text, random, region.page());
    BOOST_TEST_REQUIRE(text.size() == region.page());
    std::copy(text.begin(), text.end(), region.data());
}

// The oracle's states of the page's bytes from `from`, up to `limit` bytes.
std::vector<state> expected_states(const t::guarded_gigabyte& region, std::size_t from, std::size_t limit)
{
    const std::string bytes(region.data() + from, region.page() - from);
    const list_bytes list(bytes);
    const auto view = u8v::views::decode(list.list);
    std::vector<state> out;
    for (auto it = view.begin(); it != view.end(); ++it) {
        const state s = list.state_of(it, view.end());
        if (s.offset + s.length > limit) break;
        out.push_back(s);
    }
    return out;
}

// Decodes the view of `region` from byte `from` to the end of the 1 GiB,
// only as far as elements end at or before `limit` bytes, and compares with
// the oracle.
void check_lazy(const t::guarded_gigabyte& region, std::size_t from, std::size_t limit)
{
    const std::vector<state> expected = expected_states(region, from, limit);
    BOOST_TEST_REQUIRE(expected.size() >= 2u);
    const std::string_view gigabyte(region.data() + from, t::guarded_gigabyte::size - from);
    const auto view = u8v::views::decode(gigabyte);
    auto it = view.begin();  // validates one block: would fault if it read past the page
    const auto last = view.end();
    BOOST_TEST(*it == expected[0].value);
    std::vector<state> got;
    for (;;) {
        got.push_back(state_of_fast(it, last, gigabyte));
        if (got.size() == expected.size()) break;
        ++it;
    }
    BOOST_TEST((got == expected));
}

}  // namespace

#endif

BOOST_AUTO_TEST_CASE(the_first_code_point_of_a_gigabyte_reads_at_most_one_block,
                     *boost::unit_test::precondition(t::mmap_is_available))
{
#if defined(UTF8VIEW_TEST_HAS_MMAP)
    const t::guarded_gigabyte region;
    BOOST_TEST_REQUIRE(region.ok(), "mmap of 1 GiB PROT_NONE failed");
    BOOST_TEST_REQUIRE(region.page() >= 2 * view_block);
    t::for_each_kernel([&] {
        // Valid text. From the start of the page: the first code point, and
        // about 2000 bytes of code points (the validation of at most three
        // blocks, all inside the page).
        fill_page(region, {});
        check_lazy(region, 0, 2000);
        // From 1024 bytes before the end of the readable page: the first
        // code point, and every code point of that block. Any read past the
        // block (by the kernel, or by validating a second block) faults.
        check_lazy(region, region.page() - view_block, view_block);

        // With errors in the first block: decoded by the checked path; the
        // elements after them are validated from there, within the page.
        fill_page(region, {{100, t::byte_string({0xED, 0xA0, 0x80})},
                           {700, t::byte_string({0xFF})},
                           {1500, t::byte_string({0xE2, 0x82})}});
        check_lazy(region, 0, 2000);
        // From 1024 bytes before the end of the page, an error 100 bytes in:
        // the first code point and those before the error (past it, the next
        // validation starts at the error and would read beyond the page).
        fill_page(region, {{region.page() - view_block + 100, t::byte_string({0xC0, 0xAF})}});
        check_lazy(region, region.page() - view_block, 100);
    });
#endif
}
