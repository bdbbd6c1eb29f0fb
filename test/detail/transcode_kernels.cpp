// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.

// Every transcoding kernel this CPU can run (detail::available_transcoders():
// avx512 where the CPU has AVX-512 F, BW, VBMI, VBMI2 and BMI2, avx2 where it
// has AVX2, BMI1 and POPCNT, and always scalar), each called directly through its function pointers, against
// references that share no code with any kernel:
//   - decode_valid against the code points the input was built from (by
//     Table 3-6, test/support/random_utf8.hpp), or, for the corpus, against
//     the plain detail::decode_segment loop (which the conformance tests
//     check against the Unicode Standard);
//   - encode_scalar_values against Table 3-6 (encode_by_table_3_6) and the
//     definition of a scalar value (D76), transcribed here.
//   - decode_replacing (UTF-8 that may be ill-formed: U+FFFD or nothing for
//     each maximal subpart) against the reference decoder
//     (support/reference_utf8.hpp), on generated ill-formed input and on
//     text of every shape with bad bytes every 1 to 97 bytes, called again
//     and again from where it stopped, with small rooms and stops, and
//     flush with an unreadable page.
// Each call must stop exactly where the contract says (`in` and `out`),
// write exactly the expected values there, and nothing after `out`: the
// output buffer is filled with a sentinel first, and every element after
// the expected end must still hold it. Inputs:
//   - text of every length 0..200 (bytes to decode, code points to encode)
//     in runs of one UTF-8 length (ASCII runs of 64+ bytes among them), all
//     of one length, mixed, sparse and made of boundary values, with every
//     room from 0 to past the end;
//   - a character of each length starting at every offset 0..140, across
//     the AVX-512 decoder's 64-byte windows (leads at 61..63 start the next
//     window), after ASCII, 2-, 3-, 4-byte and mixed text;
//   - text decoded from every character boundary 0..130 of a longer text;
//   - a value that is not a scalar value (each kind: surrogates, above
//     10FFFF, up to FFFFFFFF) at every offset 0..130 of inputs of every
//     length up to 200, and scalar values whose bits look like those;
//   - every file of ../shared/corpus, whole, in slices and with rooms cut
//     anywhere, decoded and encoded back;
//   - inputs at every alignment that end exactly at the end of a readable
//     page followed by an unreadable one (or start right after one), with
//     the output buffer also flush with a page end: any access outside the
//     buffers crashes the test.
// Without the corpus folder, or without mmap, those tests are reported by
// Boost.Test as skipped, with the reason (support/corpus.hpp,
// support/guarded_pages.hpp).

#include <utf8view/detail/dispatch.hpp>
#define BOOST_TEST_MODULE detail_transcode_kernels
#include <boost/test/unit_test.hpp>

// testdata.hpp before print.hpp (see conformance/decode_vectors.cpp: -Wshadow).
#include "support/testdata.hpp"
#include "support/corpus.hpp"
#include "support/print.hpp"
#include "support/guarded_pages.hpp"
#include "support/random_utf8.hpp"
#include "support/reference_utf8.hpp"

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <initializer_list>
#include <limits>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace d = utf8view::detail;
namespace t = utf8view_test;

namespace {

// ---------------------------------------------------------------------------
// References

constexpr std::size_t unbounded = std::numeric_limits<std::size_t>::max();
// A room for check_replacing: the whole output, `slack` code points more
// than the input needs, so that a kernel has room for whole vector stores.
constexpr std::size_t oversized = unbounded - 1;

// Unicode 15.0 ch. 3, D76: a scalar value is a code point that is not a
// surrogate, 0..D7FF or E000..10FFFF.
bool is_scalar_value_by_d76(char32_t value)
{
    return value <= 0xD7FF || (value >= 0xE000 && value <= 0x10FFFF);
}

// Valid UTF-8 with what it decodes to: the code points, and the byte at
// which each starts (starts[i] for code point i, starts[size] = bytes.size()).
struct text {
    std::string bytes;
    std::vector<char32_t> code_points;
    std::vector<std::size_t> starts{0};
};

// Built from code points, by Table 3-6.
text text_of(const std::vector<char32_t>& code_points)
{
    text out;
    for (const char32_t c : code_points) {
        out.bytes += t::encode_by_table_3_6(c);
        out.code_points.push_back(c);
        out.starts.push_back(out.bytes.size());
    }
    return out;
}

// Built from bytes, by the plain decode_segment loop (no kernel); nullopt
// if the bytes are not well-formed.
std::optional<text> decode_by_segments(std::string bytes)
{
    text out;
    const auto* const first = reinterpret_cast<const unsigned char*>(bytes.data());
    const unsigned char* cursor = first;
    const unsigned char* const last = first + bytes.size();
    while (cursor != last) {
        const d::segment s = d::decode_segment(cursor, last);
        if (!s.well_formed()) return std::nullopt;
        out.code_points.push_back(s.code_point);
        out.starts.push_back(static_cast<std::size_t>(cursor - first));
    }
    out.bytes = std::move(bytes);
    return out;
}

// Code points [first, last) of `whole`.
text slice(const text& whole, std::size_t first, std::size_t last)
{
    text out;
    const std::size_t from = whole.starts[first];
    out.bytes = whole.bytes.substr(from, whole.starts[last] - from);
    out.code_points.assign(whole.code_points.begin() + static_cast<std::ptrdiff_t>(first),
                           whole.code_points.begin() + static_cast<std::ptrdiff_t>(last));
    for (std::size_t i = first + 1; i <= last; ++i) out.starts.push_back(whole.starts[i] - from);
    return out;
}

// What encode_scalar_values must do with `values`: encode the scalar
// values before the first value that is not one (D76), by Table 3-6;
// ends[i] is the number of bytes of the first i of them.
struct encoding {
    std::string bytes;
    std::vector<std::size_t> ends{0};
    [[nodiscard]] std::size_t encodable() const { return ends.size() - 1; }
    // How many values fit in `room` bytes (a code point is never cut).
    [[nodiscard]] std::size_t values_within(std::size_t room) const
    {
        return static_cast<std::size_t>(std::upper_bound(ends.begin(), ends.end(), room) - ends.begin()) - 1;
    }
};

encoding encoding_of(const std::vector<char32_t>& values)
{
    encoding out;
    for (const char32_t value : values) {
        if (!is_scalar_value_by_d76(value)) break;
        out.bytes += t::encode_by_table_3_6(value);
        out.ends.push_back(out.bytes.size());
    }
    return out;
}

// ---------------------------------------------------------------------------
// Inputs

// Code points of one UTF-8 length, chosen at random; the edges of the
// length's range (and of Table 3-7's rows) one time in four.
char32_t random_of_length(t::random_source& random, std::size_t length)
{
    static constexpr std::array<char32_t, 4> low = {0x00, 0x80, 0x800, 0x10000};
    static constexpr std::array<char32_t, 4> high = {0x7F, 0x7FF, 0xFFFF, 0x10FFFF};
    static constexpr std::array<char32_t, 18> edges = {0x00,    0x7F,    0x80,    0x7FF,    0x800,    0xFFF,
                                                       0x1000,  0xD7FF,  0xE000,  0xFFFD,   0xFFFF,   0x10000,
                                                       0x3FFFF, 0x40000, 0xFFFFF, 0x100000, 0x10FFFF, 0x1D800};
    if (random.below(4) == 0) {
        for (;;) {
            const char32_t c = edges[random.below(edges.size())];
            if (t::table_3_6_length(c) == length) return c;
        }
    }
    if (length == 1) return random.below(3) == 0 ? random.between(0, 0x7F) : random.between(0x20, 0x7E);
    const std::size_t index = length - 1;
    char32_t c = random.between(low[index], high[index] - (length == 3 ? 0x800 : 0));
    if (length == 3 && c >= 0xD800) c += 0x800;  // skip the surrogates
    return c;
}

// How the UTF-8 lengths of the code points follow each other.
// one_or_two is text in an alphabet below U+0800 with ASCII spaces and
// punctuation (Arabic, Cyrillic, Greek, Hebrew), up_to_three the same for
// the rest of the BMP (CJK, Indic); kernels may have a path for each.
enum class shape { ascii, two, three, four, mixed, runs, sparse, one_or_two, up_to_three };
constexpr std::array<shape, 9> shapes = {shape::ascii,  shape::two,        shape::three,
                                         shape::four,   shape::mixed,      shape::runs,
                                         shape::sparse, shape::one_or_two, shape::up_to_three};
const char* name_of(shape s)
{
    constexpr std::array<const char*, 9> names = {"ascii", "2-byte", "3-byte",      "4-byte",     "mixed",
                                                  "runs",  "sparse", "1 or 2-byte", "1 to 3-byte"};
    return names[static_cast<std::size_t>(s)];
}

// Draws the UTF-8 length of each next code point.
class length_source {
    shape shape_;
    std::size_t run_length_ = 1;
    std::size_t run_left_ = 0;

public:
    explicit length_source(shape s) : shape_(s) {}
    std::size_t next(t::random_source& random)
    {
        switch (shape_) {
        case shape::ascii: return 1;
        case shape::two: return 2;
        case shape::three: return 3;
        case shape::four: return 4;
        case shape::mixed: return random.between(1, 4);
        case shape::sparse: return random.below(30) == 0 ? random.between(2, 4) : 1;
        case shape::one_or_two: return random.between(1, 2);
        case shape::up_to_three: return random.between(1, 3);
        case shape::runs:
            if (run_left_ == 0) {
                run_length_ = random.between(1, 4);
                // ASCII runs of 64 to 100 bytes half the time (a whole window).
                run_left_ = run_length_ == 1 && random.below(2) == 0 ? random.between(64, 100) : random.between(1, 24);
            }
            --run_left_;
            return run_length_;
        }
        return 1;
    }
};

// `count` code points of the given shape.
std::vector<char32_t> random_code_points(shape s, std::size_t count, std::uint32_t seed)
{
    t::random_source random(seed);
    length_source lengths(s);
    std::vector<char32_t> out;
    for (std::size_t i = 0; i < count; ++i) out.push_back(random_of_length(random, lengths.next(random)));
    return out;
}

// Code points of the given shape whose UTF-8 form is exactly `bytes` long
// (the last one shorter if need be).
std::vector<char32_t> random_code_points_of_size(shape s, std::size_t bytes, std::uint32_t seed)
{
    t::random_source random(seed);
    length_source lengths(s);
    std::vector<char32_t> out;
    while (bytes > 0) {
        const std::size_t length = std::min(bytes, lengths.next(random));
        out.push_back(random_of_length(random, length));
        bytes -= length;
    }
    return out;
}

std::uint32_t as_u32(std::size_t n)
{
    return static_cast<std::uint32_t>(n);
}

std::vector<unsigned char> bytes_of(std::string_view s)
{
    return {s.begin(), s.end()};
}

std::string hex_of(const unsigned char* p, std::size_t n)
{
    return t::hex_of(std::string_view(reinterpret_cast<const char*>(p), n));
}

std::string hex_of(const char32_t* p, std::size_t n)
{
    std::ostringstream out;
    for (std::size_t i = 0; i < n; ++i) {
        out << (i ? " " : "");
        t::print_hex(out, p[i], 4);
    }
    return out.str();
}

std::string room_name(std::size_t room)
{
    if (room == unbounded) return "unbounded";
    if (room == oversized) return "the whole output";
    return std::to_string(room);
}

// ---------------------------------------------------------------------------
// The checks

// Fills output buffers first; no kernel writes it. Not a code point.
constexpr char32_t sentinel_code_point = 0xDEADBEEF;
// Never in UTF-8 (Table 3-7).
constexpr unsigned char sentinel_byte = 0xFF;
// Room past the expected end of the output, where nothing may be written.
constexpr std::size_t slack = 80;

// Failures are reported one by one, up to this many per test case.
constexpr int max_failures_reported = 20;

class checker {
    int failures_ = 0;
    std::vector<char32_t> code_points_;
    std::vector<unsigned char> bytes_;

public:
    // decode_valid(p, p + expected.bytes.size(), out, room) with the output
    // in code_points_, `slack` code points longer than needed.
    template <class Describe>
    void decode(const d::transcoder& k, const unsigned char* p, const text& expected, std::size_t room,
                const Describe& what)
    {
        code_points_.resize(std::min(room, expected.code_points.size()) + slack);
        decode_into(k, p, expected, room, code_points_.data(), code_points_.size(), what);
    }

    // The same with the output at `out`, `capacity` code points (at least
    // the number of code points it must write).
    template <class Describe>
    void decode_into(const d::transcoder& k, const unsigned char* p, const text& expected, std::size_t room,
                     char32_t* out, std::size_t capacity, const Describe& what)
    {
        const std::size_t n = expected.bytes.size();
        const std::size_t count = std::min(room, expected.code_points.size());
        std::fill(out, out + capacity, sentinel_code_point);
        const d::decode_progress got = k.decode_valid(p, p + n, out, room);
        const auto context = [&] {
            return "room " + room_name(room) + ", " + what() + ", " + std::to_string(n) + " bytes" +
                   (n <= 300 ? " [" + hex_of(p, n) + "]" : std::string());
        };
        if (got.in != p + expected.starts[count])
            fail(k.name,
                 "decode_valid stopped reading at byte " + std::to_string(got.in - p) + ", expected " +
                     std::to_string(expected.starts[count]),
                 context);
        if (got.out != out + count)
            fail(k.name,
                 "decode_valid wrote " + std::to_string(got.out - out) + " code points, expected " +
                     std::to_string(count),
                 context);
        const auto mismatch = std::mismatch(out, out + count, expected.code_points.begin()).first;
        if (mismatch != out + count) {
            const auto at = static_cast<std::size_t>(mismatch - out);
            fail(k.name,
                 "decode_valid wrote [" + hex_of(mismatch, std::min<std::size_t>(4, count - at)) + "] at code point " +
                     std::to_string(at) + ", expected [" +
                     hex_of(expected.code_points.data() + at, std::min<std::size_t>(4, count - at)) + "]",
                 context);
        }
        const auto written =
            std::find_if(out + count, out + capacity, [](char32_t c) { return c != sentinel_code_point; });
        if (written != out + capacity)
            fail(k.name,
                 "decode_valid wrote " + hex_of(written, 1) + " at " + std::to_string(written - out) + ", after the " +
                     std::to_string(count) + " code points it had to write",
                 context);
    }

    // encode_scalar_values(p, p + values.size(), out, room) with the output
    // in bytes_, `slack` bytes longer than needed.
    template <class Describe>
    void encode(const d::transcoder& k, const std::vector<char32_t>& values, const encoding& expected, std::size_t room,
                const Describe& what)
    {
        bytes_.resize(expected.ends[expected.values_within(room)] + slack);
        encode_into(k, values.data(), values.size(), expected, room, bytes_.data(), bytes_.size(), what);
    }

    // The same with the input at p[0, n) and the output at `out`,
    // `capacity` bytes (at least the number of bytes it must write).
    template <class Describe>
    void encode_into(const d::transcoder& k, const char32_t* p, std::size_t n, const encoding& expected,
                     std::size_t room, unsigned char* out, std::size_t capacity, const Describe& what)
    {
        const std::size_t count = expected.values_within(room);
        const std::size_t bytes = expected.ends[count];
        std::fill(out, out + capacity, sentinel_byte);
        const d::encode_progress got = k.encode_scalar_values(p, p + n, out, room);
        const auto context = [&] {
            return "room " + room_name(room) + ", " + what() + ", " + std::to_string(n) + " values" +
                   (n <= 100 ? " [" + hex_of(p, n) + "]" : std::string());
        };
        if (got.in != p + count)
            fail(k.name,
                 "encode_scalar_values stopped at value " + std::to_string(got.in - p) + ", expected " +
                     std::to_string(count),
                 context);
        if (got.out != out + bytes)
            fail(k.name,
                 "encode_scalar_values wrote " + std::to_string(got.out - out) + " bytes, expected " +
                     std::to_string(bytes),
                 context);
        const auto* const want = reinterpret_cast<const unsigned char*>(expected.bytes.data());
        const auto mismatch = std::mismatch(out, out + bytes, want).first;
        if (mismatch != out + bytes) {
            const auto at = static_cast<std::size_t>(mismatch - out);
            fail(k.name,
                 "encode_scalar_values wrote [" + hex_of(mismatch, std::min<std::size_t>(8, bytes - at)) +
                     "] at byte " + std::to_string(at) + ", expected [" +
                     hex_of(want + at, std::min<std::size_t>(8, bytes - at)) + "]",
                 context);
        }
        const auto written =
            std::find_if(out + bytes, out + capacity, [](unsigned char b) { return b != sentinel_byte; });
        if (written != out + capacity)
            fail(k.name,
                 "encode_scalar_values wrote " + hex_of(written, 1) + " at byte " + std::to_string(written - out) +
                     ", after the " + std::to_string(bytes) + " bytes it had to write",
                 context);
    }

    template <class Describe>
    void fail(std::string_view kernel, const std::string& message, const Describe& context)
    {
        ++failures_;
        BOOST_ERROR("transcoder " << kernel << ": " << message << "; " << context());
        BOOST_TEST_REQUIRE(failures_ < max_failures_reported);
    }

    [[nodiscard]] int failures() const { return failures_; }
};

// Decodes `input` with every transcoder, with every room 0..count + 3 and
// unbounded (or, with `all_rooms` false, those near 0, 64, 128 and count).
template <class Describe>
void decode_with_rooms(checker& c, const text& input, bool all_rooms, const Describe& what)
{
    const std::vector<unsigned char> bytes = bytes_of(input.bytes);  // exactly sized: ASan sees reads past it
    const std::size_t count = input.code_points.size();
    std::vector<std::size_t> rooms;
    for (std::size_t room = 0; room <= count + 3; ++room)
        if (all_rooms || room < 3 || room + 3 > count || (room >= 60 && room <= 68) || (room >= 124 && room <= 132))
            rooms.push_back(room);
    rooms.push_back(unbounded);
    for (const d::transcoder* k : d::available_transcoders())
        for (const std::size_t room : rooms) c.decode(*k, bytes.data(), input, room, what);
}

// Encodes `values` with every transcoder, with every room 0..needed + 4
// and unbounded (or, with `all_rooms` false, 0..4, 60..68 (one step of 16
// values needs 64), the multiples of 13 and the last 9).
template <class Describe>
void encode_with_rooms(checker& c, const std::vector<char32_t>& values, bool all_rooms, const Describe& what)
{
    const encoding expected = encoding_of(values);
    const std::size_t needed = expected.bytes.size();
    std::vector<std::size_t> rooms;
    for (std::size_t room = 0; room <= needed + 4; ++room)
        if (all_rooms || room < 5 || room + 5 > needed || (room >= 60 && room <= 68) || room % 13 == 0)
            rooms.push_back(room);
    rooms.push_back(unbounded);
    for (const d::transcoder* k : d::available_transcoders())
        for (const std::size_t room : rooms) c.encode(*k, values, expected, room, what);
}

}  // namespace

// ---------------------------------------------------------------------------

BOOST_AUTO_TEST_CASE(every_supported_transcoder_is_under_test)
{
    const auto available = d::available_transcoders();
    BOOST_TEST_REQUIRE(!available.empty());
    BOOST_TEST(available.back()->name == "scalar");
    std::string names;
    for (const d::transcoder* k : available) names += std::string(names.empty() ? "" : ", ") + std::string(k->name);
    BOOST_TEST_MESSAGE("transcoders under test on this CPU: " << names);
    // Every transcoder of the table whose features this CPU has is listed.
    const d::cpu_features have = d::cpu_features_of_this_machine();
    for (const d::transcoder& k : d::transcoders) {
        const bool listed = std::find(available.begin(), available.end(), &k) != available.end();
        BOOST_TEST(listed == d::has_all(have, k.required), k.name);
    }
#if defined(UTF8VIEW_SIMD_X86) && (defined(__GNUC__) || defined(__clang__))
    // And by the compiler runtime's own reading of CPUID (and of XCR0): with
    // AVX-512 F, BW, VBMI, VBMI2, BMI1, BMI2 and POPCNT the avx512 transcoder is tested.
    __builtin_cpu_init();
    const bool avx512_transcoding = __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
                                    __builtin_cpu_supports("avx512vbmi") && __builtin_cpu_supports("avx512vbmi2") &&
                                    __builtin_cpu_supports("bmi") && __builtin_cpu_supports("bmi2") &&
                                    __builtin_cpu_supports("popcnt");
    const auto listed = [&](std::string_view name) {
        return std::any_of(available.begin(), available.end(), [&](const d::transcoder* k) { return k->name == name; });
    };
    BOOST_TEST(listed("avx512") == avx512_transcoding);
    // With AVX2, BMI1 and POPCNT the avx2 one is.
    const bool avx2_transcoding =
        __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi") && __builtin_cpu_supports("popcnt");
    BOOST_TEST(listed("avx2") == avx2_transcoding);
#endif
}

BOOST_AUTO_TEST_CASE(references_agree)
{
    // The two references of the decoder agree on generated text: Table 3-6
    // (random_utf8.hpp) and the decode_segment loop.
    for (const shape s : shapes) {
        const text built = text_of(random_code_points(s, 500, 1));
        const std::optional<text> decoded = decode_by_segments(built.bytes);
        BOOST_TEST_REQUIRE(decoded.has_value());
        BOOST_TEST(decoded->code_points == built.code_points);
        BOOST_TEST(decoded->starts == built.starts);
    }
    // D76, and what Table 3-6 makes of the boundaries.
    BOOST_TEST(is_scalar_value_by_d76(0xD7FF));
    BOOST_TEST(!is_scalar_value_by_d76(0xD800));
    BOOST_TEST(!is_scalar_value_by_d76(0xDFFF));
    BOOST_TEST(is_scalar_value_by_d76(0xE000));
    BOOST_TEST(is_scalar_value_by_d76(0x10FFFF));
    BOOST_TEST(!is_scalar_value_by_d76(0x110000));
    BOOST_TEST(t::hex_of(encoding_of({0x7F, 0x80, 0x7FF, 0x800, 0xFFFF, 0x10000, 0x10FFFF, 0xD800, 0x41}).bytes) ==
               "7F C2 80 DF BF E0 A0 80 EF BF BF F0 90 80 80 F4 8F BF BF");
}

// ---------------------------------------------------------------------------
// decode_valid

BOOST_AUTO_TEST_CASE(decode_text_of_every_length_with_every_room)
{
    checker c;
    for (std::size_t length = 0; length <= 200; ++length) {
        for (const shape s : shapes) {
            for (std::uint32_t seed = 1; seed <= 2; ++seed) {
                const text input = text_of(random_code_points_of_size(s, length, seed * 1000 + as_u32(length)));
                decode_with_rooms(c, input, true, [&] {
                    return std::string(name_of(s)) + " text of " + std::to_string(length) + " bytes, seed " +
                           std::to_string(seed);
                });
            }
        }
    }
    BOOST_TEST(c.failures() == 0);
}

BOOST_AUTO_TEST_CASE(decode_a_character_of_each_length_at_every_offset_across_windows)
{
    // A character of 1 to 4 bytes at byte `offset`, after text of one shape
    // (cut at a character boundary and padded with ASCII to `offset`), then
    // text of another: characters that start at 58..63 of a window end in
    // the next one, and the next window starts at the first of them that
    // starts at 61..63. Offsets up to 140: the second and third windows
    // start wherever the first one's last character makes them start.
    checker c;
    for (const shape before : shapes) {
        const text head = text_of(random_code_points_of_size(before, 200, 11 + static_cast<std::uint32_t>(before)));
        for (const shape after : {shape::ascii, shape::mixed, shape::four}) {
            const std::vector<char32_t> tail =
                random_code_points_of_size(after, 150, 23 + static_cast<std::uint32_t>(after));
            for (std::size_t offset = 0; offset <= 140; ++offset) {
                for (std::size_t length = 1; length <= 4; ++length) {
                    // The code points of `head` that fit before `offset`.
                    std::vector<char32_t> values;
                    std::size_t i = 0;
                    for (; head.starts[i + 1] <= offset; ++i) values.push_back(head.code_points[i]);
                    values.insert(values.end(), offset - head.starts[i], U'a');
                    t::random_source random(static_cast<std::uint32_t>(offset * 4 + length));
                    values.push_back(random_of_length(random, length));
                    values.insert(values.end(), tail.begin(), tail.end());
                    const text input = text_of(values);
                    decode_with_rooms(c, input, offset % 16 == 0, [&] {
                        return std::to_string(length) + "-byte character at " + std::to_string(offset) + " after " +
                               name_of(before) + ", before " + name_of(after);
                    });
                }
            }
        }
    }
    BOOST_TEST(c.failures() == 0);
}

BOOST_AUTO_TEST_CASE(decode_from_every_boundary_up_to_130_bytes_into_longer_text)
{
    checker c;
    for (const shape s : shapes) {
        const text whole = text_of(random_code_points_of_size(s, 1000, 77 + static_cast<std::uint32_t>(s)));
        for (std::size_t first = 0; whole.starts[first] <= 130; ++first) {
            // To the end, and to the boundaries nearest 64 and 128 bytes on.
            for (const std::size_t span : {std::size_t{0}, std::size_t{64}, std::size_t{128}}) {
                std::size_t last = whole.code_points.size();
                if (span != 0)
                    while (last > first && whole.starts[last] > whole.starts[first] + span) --last;
                const text input = slice(whole, first, last);
                decode_with_rooms(c, input, false, [&] {
                    return std::string(name_of(s)) + " text from byte " + std::to_string(whole.starts[first]) + " to " +
                           std::to_string(whole.starts[last]);
                });
            }
        }
    }
    BOOST_TEST(c.failures() == 0);
}

// ---------------------------------------------------------------------------
// The corpus

BOOST_AUTO_TEST_CASE(every_corpus_file_decoded_and_encoded_back, *boost::unit_test::precondition(t::corpus_is_present))
{
    const std::vector<std::filesystem::path> files = t::require_corpus_files();

    checker c;
    t::random_source random(2718);
    for (const std::filesystem::path& file : files) {
        const std::string name = file.filename().string();
        const std::optional<text> whole = decode_by_segments(t::read_file(file.string()));
        BOOST_TEST_REQUIRE(whole.has_value(), name << " is valid UTF-8 (every corpus file is)");
        const std::size_t count = whole->code_points.size();
        const std::vector<unsigned char> bytes = bytes_of(whole->bytes);
        const encoding encoded = encoding_of(whole->code_points);
        BOOST_TEST_REQUIRE((encoded.bytes == whole->bytes), name << " encodes back to itself by Table 3-6");

        // Whole, unbounded and with the room running out anywhere.
        std::vector<std::size_t> rooms = {unbounded, count > 0 ? count - 1 : 0};
        for (int i = 0; i < 2; ++i) rooms.push_back(random.below(as_u32(count + 1)));
        std::vector<std::size_t> byte_rooms = {unbounded, encoded.bytes.size() - 1};
        for (int i = 0; i < 2; ++i) byte_rooms.push_back(random.below(as_u32(encoded.bytes.size() + 1)));
        for (const d::transcoder* k : d::available_transcoders()) {
            for (const std::size_t room : rooms) c.decode(*k, bytes.data(), *whole, room, [&] { return name; });
            for (const std::size_t room : byte_rooms)
                c.encode(*k, whole->code_points, encoded, room, [&] { return name + " decoded"; });
        }
        // 30 slices of up to 2000 code points, each with 4 rooms.
        for (int i = 0; i < 30; ++i) {
            const std::size_t first = random.below(static_cast<std::uint32_t>(count + 1));
            const std::size_t last = std::min(count, first + random.below(2000));
            const text part = slice(*whole, first, last);
            const std::vector<unsigned char> part_bytes = bytes_of(part.bytes);
            const encoding part_encoded = encoding_of(part.code_points);
            const auto what = [&] {
                return name + " code points [" + std::to_string(first) + ", " + std::to_string(last) + ")";
            };
            for (const d::transcoder* k : d::available_transcoders()) {
                for (int r = 0; r < 4; ++r) {
                    const std::size_t room = r == 0 ? unbounded : random.below(as_u32(last - first + 1));
                    c.decode(*k, part_bytes.data(), part, room, what);
                    const std::size_t byte_room = r == 0 ? unbounded : random.below(as_u32(part.bytes.size() + 1));
                    c.encode(*k, part.code_points, part_encoded, byte_room, what);
                }
            }
        }
    }
    BOOST_TEST(c.failures() == 0);
}

// ---------------------------------------------------------------------------
// encode_scalar_values

BOOST_AUTO_TEST_CASE(encode_values_of_every_count_with_every_room)
{
    checker c;
    for (std::size_t count = 0; count <= 200; ++count) {
        for (const shape s : shapes) {
            for (std::uint32_t seed = 1; seed <= 2; ++seed) {
                const std::vector<char32_t> values = random_code_points(s, count, seed * 1000 + as_u32(count));
                encode_with_rooms(c, values, count <= 48 || count % 16 == 0, [&] {
                    return std::to_string(count) + " " + name_of(s) + " values, seed " + std::to_string(seed);
                });
            }
        }
    }
    BOOST_TEST(c.failures() == 0);
}

namespace {

// Not scalar values (D76): each surrogate kind and edge, and values above
// 10FFFF up to the largest char32_t, some of them surrogates plus a
// multiple of 10000 or 200000 (only the low bits look like a surrogate).
constexpr std::array<char32_t, 14> non_scalar_values = {0xD800,     0xDBFF,     0xDC00,     0xDFFF,    0xDABC,
                                                        0x110000,   0x11D800,   0x1FFFFF,   0x200000,  0x7FFFFFFF,
                                                        0x80000000, 0xFFFFD800, 0xFFFF0041, 0xFFFFFFFF};

// Scalar values whose low 16 bits are a surrogate's, or near one.
constexpr std::array<char32_t, 8> scalar_values_like_surrogates = {0x1D800, 0x1DFFF, 0x10D800, 0x10DFFF,
                                                                   0xD7FF,  0xE000,  0xFD800,  0x1D7FF};

}  // namespace

BOOST_AUTO_TEST_CASE(encode_stops_at_a_non_scalar_value_at_every_offset)
{
    checker c;
    std::size_t inputs = 0;
    for (std::size_t length = 1; length <= 200; ++length) {
        const shape s = shapes[length % shapes.size()];
        const std::vector<char32_t> background = random_code_points(s, length, 31 + static_cast<std::uint32_t>(length));
        for (std::size_t offset = 0; offset <= 130 && offset < length; ++offset) {
            // What must be encoded: the values before `offset`.
            const encoding expected =
                encoding_of({background.begin(), background.begin() + static_cast<std::ptrdiff_t>(offset)});
            const std::size_t needed = expected.bytes.size();
            // Every kind at every offset of the short inputs; two kinds (in
            // turn: all of them at each offset, over the lengths) beyond.
            const bool every_kind = length <= 64 || length % 16 == 0 || length > 196;
            for (std::size_t bad = 0; bad < non_scalar_values.size(); ++bad) {
                if (!every_kind && bad != (length + offset) % non_scalar_values.size() &&
                    bad != (length + offset + 7) % non_scalar_values.size())
                    continue;
                std::vector<char32_t> values = background;
                values[offset] = non_scalar_values[bad];
                // A second one later on must not matter.
                if (offset + 20 < length) values[offset + 20] = non_scalar_values[(bad + 5) % non_scalar_values.size()];
                ++inputs;
                const auto what = [&] {
                    return std::string(name_of(s)) + " values with " + hex_of(&non_scalar_values[bad], 1) + " at " +
                           std::to_string(offset);
                };
                for (const d::transcoder* k : d::available_transcoders())
                    for (const std::size_t room : {unbounded, needed, needed > 0 ? needed - 1 : 0})
                        c.encode(*k, values, expected, room, what);
            }
        }
    }
    BOOST_TEST_MESSAGE(inputs << " inputs with a non-scalar value");
    BOOST_TEST(c.failures() == 0);
}

BOOST_AUTO_TEST_CASE(encode_scalar_values_whose_bits_look_like_surrogates)
{
    checker c;
    for (std::size_t length = 1; length <= 64; ++length) {
        const std::vector<char32_t> background = random_code_points(shape::mixed, length, 57 + as_u32(length));
        for (std::size_t offset = 0; offset < length; ++offset) {
            for (const char32_t value : scalar_values_like_surrogates) {
                std::vector<char32_t> values = background;
                values[offset] = value;
                const encoding expected = encoding_of(values);
                BOOST_TEST_REQUIRE(expected.encodable() == length);
                const std::size_t needed = expected.bytes.size();
                for (const d::transcoder* k : d::available_transcoders())
                    for (const std::size_t room : {unbounded, needed, needed - 1, std::size_t{64}})
                        c.encode(*k, values, expected, room, [&] {
                            return "mixed values with " + hex_of(&value, 1) + " at " + std::to_string(offset);
                        });
            }
        }
    }
    BOOST_TEST(c.failures() == 0);
}

// ---------------------------------------------------------------------------
// Alignment and page ends

BOOST_AUTO_TEST_CASE(decode_inputs_and_outputs_flush_with_a_page_end_at_every_alignment,
                     *boost::unit_test::precondition(t::mmap_is_available))
{
#if defined(UTF8VIEW_TEST_HAS_MMAP)
    // The input ends exactly where readable memory ends (after 0..63 ASCII
    // bytes put before it, so that its start takes every alignment), or
    // starts exactly where it starts; the output ends exactly at a page
    // end (or starts at a page start), holding exactly what must be written.
    const t::guarded_pages input_pages;
    const t::guarded_pages output_pages;
    checker c;
    std::vector<std::vector<char32_t>> bodies;
    for (const shape s : {shape::ascii, shape::two, shape::three, shape::four, shape::mixed, shape::runs})
        for (const std::size_t size :
             std::initializer_list<std::size_t>{0, 1, 2, 3, 4, 60, 61, 62, 63, 64, 65, 127, 128, 129, 200})
            bodies.push_back(random_code_points_of_size(s, size, 5 + static_cast<std::uint32_t>(size)));
    bodies.push_back(random_code_points_of_size(shape::mixed, 125, 3));
    bodies.back().push_back(0x10FFFF);  // a 4-byte character last, at the page end
    for (const std::vector<char32_t>& body : bodies) {
        for (std::size_t alignment = 0; alignment < 64; ++alignment) {
            std::vector<char32_t> values(alignment, U'a');
            values.insert(values.end(), body.begin(), body.end());
            const text input = text_of(values);
            const std::size_t n = input.bytes.size();
            const std::size_t count = input.code_points.size();
            BOOST_TEST_REQUIRE(n <= input_pages.readable());
            unsigned char* const at_end = input_pages.last() - n;
            unsigned char* const at_start = input_pages.first();
            for (const std::size_t room : {unbounded, count, count / 2, count > 0 ? count - 1 : 0}) {
                const std::size_t written = std::min(room, count);
                const auto what = [&] {
                    return std::to_string(alignment) + " ASCII bytes + " + std::to_string(body.size()) +
                           " code points, flush with a page end";
                };
                std::copy(input.bytes.begin(), input.bytes.end(), at_end);
                for (const d::transcoder* k : d::available_transcoders()) {
                    c.decode_into(*k, at_end, input, room, reinterpret_cast<char32_t*>(output_pages.last()) - written,
                                  written, what);
                    c.decode_into(*k, at_end, input, room, reinterpret_cast<char32_t*>(output_pages.first()), written,
                                  what);
                }
                std::copy(input.bytes.begin(), input.bytes.end(), at_start);
                std::fill(at_start + n, input_pages.last(), static_cast<unsigned char>(0xFF));
                for (const d::transcoder* k : d::available_transcoders())
                    c.decode_into(*k, at_start, input, room, reinterpret_cast<char32_t*>(output_pages.last()) - written,
                                  written, [&] { return what() + " (the input: starting at a page start)"; });
            }
        }
    }
    BOOST_TEST(c.failures() == 0);
#endif
}

BOOST_AUTO_TEST_CASE(encode_inputs_and_outputs_flush_with_a_page_end_at_every_alignment,
                     *boost::unit_test::precondition(t::mmap_is_available))
{
#if defined(UTF8VIEW_TEST_HAS_MMAP)
    // The same for encoding: the values end exactly at a page end (after
    // 0..63 ASCII values put before them) or start at a page start; the
    // output ends exactly at a page end, or starts at a page start.
    const t::guarded_pages input_pages;
    const t::guarded_pages output_pages;
    checker c;
    std::vector<std::vector<char32_t>> bodies;
    for (const shape s : {shape::ascii, shape::two, shape::three, shape::four, shape::mixed, shape::runs})
        for (const std::size_t count : std::initializer_list<std::size_t>{0, 1, 2, 3, 15, 16, 17, 31, 32, 33, 64, 100})
            bodies.push_back(random_code_points(s, count, 9 + static_cast<std::uint32_t>(count)));
    for (const char32_t bad : {char32_t{0xDFFF}, char32_t{0x110000}}) {  // a non-scalar value last
        bodies.push_back(random_code_points(shape::mixed, 40, 4));
        bodies.back().push_back(bad);
    }
    for (const std::vector<char32_t>& body : bodies) {
        for (std::size_t alignment = 0; alignment < 64; ++alignment) {
            std::vector<char32_t> values(alignment, U'a');
            values.insert(values.end(), body.begin(), body.end());
            const encoding expected = encoding_of(values);
            const std::size_t n = values.size();
            const std::size_t needed = expected.bytes.size();
            BOOST_TEST_REQUIRE(n * sizeof(char32_t) <= input_pages.readable());
            char32_t* const at_end = reinterpret_cast<char32_t*>(input_pages.last()) - n;
            char32_t* const at_start = reinterpret_cast<char32_t*>(input_pages.first());
            for (const std::size_t room : {unbounded, needed, needed / 2, needed > 0 ? needed - 1 : 0}) {
                const std::size_t written = std::min(room, needed);  // the buffer the caller would have
                const auto what = [&] {
                    return std::to_string(alignment) + " ASCII values + " + std::to_string(body.size()) +
                           " values, flush with a page end";
                };
                std::copy(values.begin(), values.end(), at_end);
                for (const d::transcoder* k : d::available_transcoders()) {
                    c.encode_into(*k, at_end, n, expected, room, output_pages.last() - written, written, what);
                    c.encode_into(*k, at_end, n, expected, room, output_pages.first(), written, what);
                }
                std::copy(values.begin(), values.end(), at_start);
                std::fill(reinterpret_cast<unsigned char*>(at_start + n), input_pages.last(),
                          static_cast<unsigned char>(0xFF));
                for (const d::transcoder* k : d::available_transcoders())
                    c.encode_into(*k, at_start, n, expected, room, output_pages.last() - written, written,
                                  [&] { return what() + " (the input: starting at a page start)"; });
            }
        }
    }
    BOOST_TEST(c.failures() == 0);
#endif
}

// ---------------------------------------------------------------------------
// decode_replacing: UTF-8 with errors

namespace {

namespace ref = utf8view_test::reference;
using action_t = d::simd::scalar::subpart_action;

// What decode_replacing writes for `bytes`, by the reference decoder: each
// segment's code point, or U+FFFD (replace) or nothing (drop) for each
// ill-formed maximal subpart; and where segments start.
struct replacing_expectation {
    std::vector<char32_t> code_points;
    std::vector<bool> starts;  // by byte offset, and one past the end
};

replacing_expectation expected_replacing(const std::vector<unsigned char>& bytes, action_t action)
{
    replacing_expectation e;
    e.starts.assign(bytes.size() + 1, false);
    e.starts.back() = true;
    for (const ref::segment& segment : ref::segments(bytes.data(), bytes.size())) {
        e.starts[segment.offset] = true;
        if (segment.well_formed()) e.code_points.push_back(segment.code_point);
        else if (action == action_t::replace) e.code_points.push_back(U'\uFFFD');
    }
    return e;
}

// Decodes `bytes` (at `p`, readable exactly as far as its end) with
// transcoder `k`, calling decode_replacing again from where it stopped
// until the end, `room` code points (capped by what is left) and a stop
// `stop_after` bytes on (SIZE_MAX: the end) per call; checks every call
// and the whole output.
template <class Describe>
void check_replacing(checker& c, const d::transcoder& k, const unsigned char* p, std::size_t n,
                     const replacing_expectation& e, action_t action, std::size_t room, std::size_t stop_after,
                     std::size_t clean_after, const Describe& what)
{
    std::vector<char32_t> out(e.code_points.size() + slack, sentinel_code_point);
    const unsigned char* const end = p + n;
    const unsigned char* at = p;
    std::size_t written = 0;
    while (at != end) {
        const unsigned char* const stop = stop_after >= static_cast<std::size_t>(end - at) ? end : at + stop_after;
        const std::size_t left = e.code_points.size() - written;
        // `oversized`: the output's whole length, past what the input needs.
        const std::size_t call_room = room == oversized ? left + slack : std::min(room, left);
        const auto progress = k.decode_replacing(at, stop, end, out.data() + written, call_room, action, clean_after);
        const auto wrote = static_cast<std::size_t>(progress.out - (out.data() + written));
        if (progress.in < at || progress.in > end || !e.starts[static_cast<std::size_t>(progress.in - p)] ||
            wrote > call_room) {
            c.fail(k.name,
                   "decode_replacing returned in at byte " + std::to_string(progress.in - p) +
                       " (not a segment boundary, or outside), having written " + std::to_string(wrote),
                   what);
            return;
        }
        // It stops only at the stop or past it, the end, or a full output.
        if (progress.in < stop && wrote != call_room) {
            c.fail(k.name,
                   "decode_replacing stopped at byte " + std::to_string(progress.in - p) + ", before its stop " +
                       std::to_string(stop - p) + ", with room left",
                   what);
            return;
        }
        if (progress.in == at && call_room != 0) {
            c.fail(k.name, "decode_replacing made no progress at byte " + std::to_string(at - p), what);
            return;
        }
        if (progress.in == at && call_room == 0) break;  // the output is full: nothing more can be written
        written += wrote;
        at = progress.in;
        // Nothing past what the call says it wrote, even where a later
        // call would write over it (a window's vector stores reach at most
        // 64 code points on).
        for (std::size_t index = written; index < out.size() && index < written + 80; ++index)
            if (out[index] != sentinel_code_point) {
                c.fail(k.name,
                       "decode_replacing wrote past the end of what it returned (" + std::to_string(written) +
                           " code points so far), at code point " + std::to_string(index),
                       what);
                return;
            }
    }
    if (written != e.code_points.size() || !std::equal(e.code_points.begin(), e.code_points.end(), out.begin())) {
        std::size_t first = 0;
        while (first < written && first < e.code_points.size() && out[first] == e.code_points[first]) ++first;
        c.fail(k.name,
               "decode_replacing wrote " + std::to_string(written) + " code points, " +
                   std::to_string(e.code_points.size()) + " expected; first difference at code point " +
                   std::to_string(first),
               what);
        return;
    }
    for (std::size_t index = written; index < out.size(); ++index)
        if (out[index] != sentinel_code_point) {
            c.fail(k.name, "decode_replacing wrote past its output, at code point " + std::to_string(index), what);
            return;
        }
}

// Text of every shape with a bad byte put in every `every` bytes (at
// character boundaries, or anywhere), cycling through bytes that are
// never, or not there, part of well-formed UTF-8.
std::vector<unsigned char> with_errors(shape s, std::size_t size, std::size_t every, bool anywhere, std::uint32_t seed)
{
    static constexpr unsigned char bad[] = {0xFF, 0x80, 0xC0, 0xE0, 0xED, 0xF0, 0xF4, 0xF5, 0xBF, 0xC2, 0xE1, 0xF1};
    const text body = text_of(random_code_points_of_size(s, size, seed));
    std::vector<unsigned char> bytes;
    std::size_t since = 0;
    std::size_t which = seed;
    for (std::size_t index = 0; index < body.bytes.size(); ++index) {
        const auto byte = static_cast<unsigned char>(body.bytes[index]);
        if (since >= every && (anywhere || (byte & 0xC0u) != 0x80u)) {
            bytes.push_back(bad[which++ % std::size(bad)]);
            since = 0;
        }
        bytes.push_back(byte);
        ++since;
    }
    return bytes;
}

}  // namespace

BOOST_AUTO_TEST_CASE(decode_replacing_generated_ill_formed_input)
{
    checker c;
    const auto inputs =
        t::generate_inputs(2026, 300, {t::random_bytes, t::edge_bytes, t::corrupted_text, t::cut_text, t::valid_text});
    for (const t::generated& g : inputs) {
        const std::vector<unsigned char> bytes(g.bytes.begin(), g.bytes.end());  // exactly sized
        for (const action_t action : {action_t::replace, action_t::drop}) {
            const replacing_expectation e = expected_replacing(bytes, action);
            for (const d::transcoder* k : d::available_transcoders())
                for (const std::size_t room : {unbounded, std::size_t{1}, std::size_t{31}, std::size_t{33}})
                    for (const std::size_t stop_after : {unbounded, std::size_t{1}, std::size_t{70}})
                        check_replacing(c, *k, bytes.data(), bytes.size(), e, action, room, stop_after, 16, [&] {
                            return g.kind + " (" + t::hex_of(g.bytes.substr(0, 80)) + "), room " + room_name(room) +
                                   ", stop after " + room_name(stop_after);
                        });
        }
    }
    BOOST_TEST(c.failures() == 0);
}

BOOST_AUTO_TEST_CASE(decode_replacing_text_with_errors_of_every_density)
{
    checker c;
    for (const shape s : shapes)
        for (const std::size_t every : std::initializer_list<std::size_t>{1, 2, 3, 4, 5, 7, 8, 11, 16, 30, 61, 97})
            for (const bool anywhere : {false, true}) {
                const std::vector<unsigned char> bytes =
                    with_errors(s, 700, every, anywhere, 7 + static_cast<std::uint32_t>(every));
                for (const action_t action : {action_t::replace, action_t::drop}) {
                    const replacing_expectation e = expected_replacing(bytes, action);
                    for (const d::transcoder* k : d::available_transcoders())
                        for (const std::size_t clean_after : std::initializer_list<std::size_t>{0, 16, 100})
                            for (const std::size_t room : {unbounded, oversized, std::size_t{32}, std::size_t{45}})
                                check_replacing(
                                    c, *k, bytes.data(), bytes.size(), e, action, room, unbounded, clean_after, [&] {
                                        return std::string(name_of(s)) + " text with a bad byte every " +
                                               std::to_string(every) + (anywhere ? " bytes (anywhere)" : " bytes") +
                                               ", room " + room_name(room) + ", clean after " +
                                               std::to_string(clean_after) +
                                               (action == action_t::drop ? ", drop" : ", replace");
                                    });
                }
            }
    BOOST_TEST(c.failures() == 0);
}

// Windows whose last groups hold few code points, followed by a short
// tail: a vector kernel's stores of whole lanes must stay inside what it
// returns (found in review: 4-byte characters after a stray continuation
// byte, and dense errors dropped).
BOOST_AUTO_TEST_CASE(decode_replacing_writes_nothing_past_its_result)
{
    checker c;
    std::vector<std::vector<unsigned char>> inputs;
    for (std::size_t count = 15; count <= 22; ++count) {
        std::vector<unsigned char> bytes = {0x80};
        for (std::size_t index = 0; index < count; ++index) bytes.insert(bytes.end(), {0xF0, 0x9F, 0x98, 0x80});
        inputs.push_back(bytes);
    }
    for (std::size_t tail = 60; tail <= 80; ++tail) {
        std::vector<unsigned char> bytes = {'A'};
        bytes.insert(bytes.end(), 7, 0x80);
        bytes.push_back('B');
        bytes.insert(bytes.end(), tail, 0x80);
        inputs.push_back(bytes);
    }
    for (const std::vector<unsigned char>& bytes : inputs)
        for (const action_t action : {action_t::replace, action_t::drop}) {
            const replacing_expectation e = expected_replacing(bytes, action);
            for (const d::transcoder* k : d::available_transcoders())
                check_replacing(c, *k, bytes.data(), bytes.size(), e, action, oversized, unbounded, 16, [&] {
                    return t::hex_of(std::string(bytes.begin(), bytes.end()).substr(0, 40)) + "..., " +
                           std::to_string(bytes.size()) + " bytes" +
                           (action == action_t::drop ? ", drop" : ", replace");
                });
        }
    BOOST_TEST(c.failures() == 0);
}

BOOST_AUTO_TEST_CASE(decode_replacing_flush_with_a_page_end_at_every_alignment,
                     *boost::unit_test::precondition(t::mmap_is_available))
{
#if defined(UTF8VIEW_TEST_HAS_MMAP)
    // Ill-formed input that ends exactly where readable memory ends, after
    // 0..63 ASCII bytes: a sequence cut by the end must be read no further.
    const t::guarded_pages input_pages;
    checker c;
    for (const std::size_t every : std::initializer_list<std::size_t>{2, 5, 13})
        for (const std::size_t size : std::initializer_list<std::size_t>{63, 64, 65, 130}) {
            const std::vector<unsigned char> body = with_errors(shape::mixed, size, every, true, 3);
            for (const unsigned char last :
                 std::initializer_list<unsigned char>{0xE1, 0xF1, 0xF0}) {  // a sequence the end cuts
                for (std::size_t alignment = 0; alignment < 64; ++alignment) {
                    std::vector<unsigned char> bytes(alignment, 'a');
                    bytes.insert(bytes.end(), body.begin(), body.end());
                    bytes.push_back(last);
                    bytes.push_back(0x80);
                    BOOST_TEST_REQUIRE(bytes.size() <= input_pages.readable());
                    unsigned char* const at_end = input_pages.last() - bytes.size();
                    std::copy(bytes.begin(), bytes.end(), at_end);
                    const replacing_expectation e = expected_replacing(bytes, action_t::replace);
                    for (const d::transcoder* k : d::available_transcoders())
                        check_replacing(
                            c, *k, at_end, bytes.size(), e, action_t::replace, unbounded, unbounded, 16, [&] {
                                return std::to_string(alignment) + " ASCII bytes, then " + std::to_string(body.size()) +
                                       " bytes with errors every " + std::to_string(every) + ", flush with a page end";
                            });
                }
            }
        }
    BOOST_TEST(c.failures() == 0);
#endif
}
