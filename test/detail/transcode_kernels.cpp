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
//     the AVX-512 decoder's 64-byte windows (the next window starts at a
//     lead at 61..63, or after a character that ends at 64 or 65), after
//     ASCII, 2-, 3-, 4-byte and mixed text;
//   - text decoded from every character boundary 0..130 of a longer text;
//   - a value that is not a scalar value (each kind: surrogates, above
//     10FFFF, up to FFFFFFFF) at every offset 0..130 of inputs of every
//     length up to 200, and scalar values whose bits look like those;
//   - every file of ../shared/corpus, whole, in slices and with rooms cut
//     anywhere, decoded and encoded back;
//   - utf8_to_utf16_valid and utf16_to_utf8 (UTF-16, Table 3-5) against the
//     separately written UTF-16 reference (support/reference_utf16.hpp:
//     Table 3-5 and the WHATWG UTF-16 decoder) and Table 3-6: text of every
//     shape and length both ways with rooms, an unpaired surrogate of each
//     kind at every offset, the corpus, and page ends;
//   - count_code_points_valid and count_utf16_units_valid (the size
//     functions' counts) against the code points text of every shape and
//     of lengths 0..300, 1000..1100 and 5000 was built from, at every
//     alignment 0..7, and on any bytes (random, runs of one byte) against
//     Table 3-7's byte classes counted byte by byte;
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
#include "support/reference_utf16.hpp"
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
    // starts at 61..63 (or, in the windows of characters in the BMP, right
    // after the one that ends at 64 or 65). Offsets up to 140: the second and third windows
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
    for (const shape s : {shape::ascii, shape::two, shape::three, shape::four, shape::mixed, shape::runs,
                          shape::one_or_two, shape::up_to_three})
        for (const std::size_t size :
             std::initializer_list<std::size_t>{0, 1, 2, 3, 4, 60, 61, 62, 63, 64, 65, 66, 127, 128, 129, 200})
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

// Text in a single-byte encoding read as UTF-8 (Latin-1, Windows-1252):
// letters and spaces with bytes 80..FF among them, sometimes two in a row,
// so that most 64-byte windows are all segments of one byte (the AVX-512
// kernel widens those whole) and some hold a lead byte followed by a
// continuation byte (a well-formed pair such as C3 A9, or the start of an
// ill-formed sequence), anywhere in the window, the last byte included.
BOOST_AUTO_TEST_CASE(decode_replacing_single_byte_text_read_as_utf8)
{
    checker c;
    t::random_source random(1252);
    for (unsigned round = 0; round < 400; ++round) {
        const std::size_t size = random.between(60, 400);
        const unsigned high_every = random.between(2, 40);  // about one byte 80..FF in this many
        const unsigned pairs_every = random.between(1, 4) == 1 ? random.between(1, 300) : 0;
        std::vector<unsigned char> bytes;
        while (bytes.size() < size) {
            if (pairs_every != 0 && random.below(pairs_every) == 0) {
                bytes.push_back(random.byte_between(0xC0, 0xFF));  // a lead byte (or C0, C1, F5..FF)
                bytes.push_back(random.byte_between(0x80, 0xBF));  // then a continuation byte
            }
            else if (random.below(high_every) == 0) {
                bytes.push_back(random.byte_between(0x80, 0xFF));
            }
            else {
                bytes.push_back(random.below(6) == 0 ? ' ' : random.byte_between('a', 'z'));
            }
        }
        const std::vector<unsigned char> exact(bytes.begin(), bytes.end());  // exactly sized: ASan sees overreads
        for (const action_t action : {action_t::replace, action_t::drop}) {
            const replacing_expectation e = expected_replacing(exact, action);
            for (const d::transcoder* k : d::available_transcoders())
                for (const std::size_t clean_after : std::initializer_list<std::size_t>{0, 16, 128})
                    for (const std::size_t room : {unbounded, std::size_t{63}, std::size_t{64}, std::size_t{100}})
                        for (const std::size_t stop_after : {unbounded, std::size_t{1}, std::size_t{64}})
                            check_replacing(
                                c, *k, exact.data(), exact.size(), e, action, room, stop_after, clean_after, [&] {
                                    return "single-byte text (" +
                                           t::hex_of(std::string(bytes.begin(), bytes.end()).substr(0, 80)) + "...), " +
                                           std::to_string(bytes.size()) + " bytes, room " + room_name(room) +
                                           ", stop after " + room_name(stop_after) + ", clean after " +
                                           std::to_string(clean_after) +
                                           (action == action_t::drop ? ", drop" : ", replace");
                                });
        }
    }
    BOOST_TEST(c.failures() == 0);
}

// The edges of the AVX-512 kernel's window of one-byte segments, built on
// purpose: a sequence of 2 to 4 bytes (well-formed, or an ill-formed
// subpart of 2 bytes) whose lead byte is the window's last byte; a window
// of 64 bytes A0 (64 U+FFFD); windows holding a lead byte followed by a
// continuation byte that Table 3-7 does not allow after it (E0 80, ED A0,
// F0 8F, F4 90, C0 80, C1 BF, F5 80); and a lone continuation byte first
// in the window after a window of one-byte segments.
BOOST_AUTO_TEST_CASE(decode_replacing_edges_of_the_window_of_one_byte_segments)
{
    checker c;
    std::vector<std::vector<unsigned char>> inputs;
    const auto latin1 = [](std::size_t size) {
        std::vector<unsigned char> bytes;
        for (std::size_t index = 0; index < size; ++index)
            bytes.push_back(index % 7 == 3 ? 0xE9 : static_cast<unsigned char>('a' + index % 26));
        return bytes;
    };
    const std::vector<std::vector<unsigned char>> sequences = {
        {0xC3, 0xA9},     {0xE0, 0xA0, 0x80}, {0xED, 0x9F, 0xBF}, {0xF0, 0x90, 0x80, 0x80}, {0xF4, 0x8F, 0xBF, 0xBF},
        {0xE1, 0x80, 'a'}};
    for (const std::vector<unsigned char>& sequence : sequences)
        for (const std::size_t before : {63u, 127u}) {
            std::vector<unsigned char> bytes = latin1(before);
            bytes.insert(bytes.end(), sequence.begin(), sequence.end());
            const std::vector<unsigned char> after = latin1(70);
            bytes.insert(bytes.end(), after.begin(), after.end());
            inputs.push_back(bytes);
        }
    inputs.push_back(std::vector<unsigned char>(64, 0xA0));
    inputs.push_back(std::vector<unsigned char>(130, 0xA0));
    const std::vector<std::vector<unsigned char>> disallowed = {{0xE0, 0x80}, {0xED, 0xA0}, {0xF0, 0x8F}, {0xF4, 0x90},
                                                                {0xC0, 0x80}, {0xC1, 0xBF}, {0xF5, 0x80}};
    for (const std::vector<unsigned char>& pair : disallowed) {
        std::vector<unsigned char> bytes = latin1(20);
        bytes.insert(bytes.end(), pair.begin(), pair.end());
        const std::vector<unsigned char> after = latin1(100);
        bytes.insert(bytes.end(), after.begin(), after.end());
        inputs.push_back(bytes);
    }
    std::vector<unsigned char> lone = latin1(64);
    lone.push_back(0x80);
    const std::vector<unsigned char> after = latin1(70);
    lone.insert(lone.end(), after.begin(), after.end());
    inputs.push_back(lone);
    for (const std::vector<unsigned char>& bytes : inputs)
        for (const action_t action : {action_t::replace, action_t::drop}) {
            const replacing_expectation e = expected_replacing(bytes, action);
            for (const d::transcoder* k : d::available_transcoders())
                for (const std::size_t room : {unbounded, std::size_t{64}, std::size_t{65}})
                    for (const std::size_t stop_after : {unbounded, std::size_t{1}, std::size_t{30}})
                        check_replacing(c, *k, bytes.data(), bytes.size(), e, action, room, stop_after, 16, [&] {
                            return t::hex_of(std::string(bytes.begin(), bytes.end()).substr(0, 80)) + "..., " +
                                   std::to_string(bytes.size()) + " bytes, room " + room_name(room) + ", stop after " +
                                   room_name(stop_after) + (action == action_t::drop ? ", drop" : ", replace");
                        });
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

// Text of one length of character (all of 4 bytes, all of 3) and text of
// characters of 1 and 2 bytes, which a vector kernel may decode a window
// at a time as it decodes valid text, with a sequence put at each
// character boundary of its first 140 bytes: an ill-formed subpart of 1, 2
// or 3 bytes (C0, C1, F5..FF and lone continuation bytes among them), or a
// well-formed character of 2 bytes (so that one straddles every byte of a
// window, its last included), and with a second ill-formed byte 61 bytes
// on. Such a shape must be taken only where every segment is well-formed
// (F0 90 80 is a segment of 3 bytes among characters of 3, ill-formed), an
// error or a lead byte of 2 at any byte of a window, its last three
// included, must end up where the reference decoder puts it, and a stop
// and a room near a window's end must hold wherever the kernel stores
// whole lanes.
BOOST_AUTO_TEST_CASE(decode_replacing_text_of_one_shape_with_an_error_at_every_boundary)
{
    checker c;
    const std::vector<std::vector<unsigned char>> sequences = {
        {0xFF}, {0x80}, {0xC3}, {0xC0, 0x80}, {0xF5, 0x80}, {0xE4, 0xB8}, {0xF0, 0x90, 0x80}, {0xC3, 0xA9}};
    struct stopping {
        std::size_t stop_after;
        std::size_t clean_after;
    };
    const stopping stops[] = {{unbounded, 128}, {1, 0}, {64, 16}};
    for (const shape s : {shape::four, shape::three, shape::two, shape::one_or_two}) {
        const text body = text_of(random_code_points_of_size(s, 260, 31 + static_cast<std::uint32_t>(s)));
        for (std::size_t offset = 0; offset <= 140; ++offset) {
            // (A character starts at a byte that is not 10xxxxxx: Table 3-7.)
            if ((static_cast<unsigned char>(body.bytes[offset]) & 0xC0u) == 0x80u) continue;
            for (const std::vector<unsigned char>& sequence : sequences)
                for (const bool second_error : {false, true}) {
                    std::vector<unsigned char> bytes(body.bytes.begin(),
                                                     body.bytes.begin() + static_cast<std::ptrdiff_t>(offset));
                    bytes.insert(bytes.end(), sequence.begin(), sequence.end());
                    bytes.insert(bytes.end(), body.bytes.begin() + static_cast<std::ptrdiff_t>(offset),
                                 body.bytes.end());
                    if (second_error) bytes.insert(bytes.begin() + static_cast<std::ptrdiff_t>(offset + 61), 0xFF);
                    for (const action_t action : {action_t::replace, action_t::drop}) {
                        const replacing_expectation e = expected_replacing(bytes, action);
                        for (const d::transcoder* k : d::available_transcoders())
                            for (const std::size_t room : {unbounded, oversized, std::size_t{64}, std::size_t{70},
                                                           std::size_t{127}, std::size_t{128}})
                                for (const stopping& stop : stops)
                                    check_replacing(c, *k, bytes.data(), bytes.size(), e, action, room, stop.stop_after,
                                                    stop.clean_after, [&] {
                                                        return std::string(name_of(s)) + " text with " +
                                                               hex_of(sequence.data(), sequence.size()) + " at byte " +
                                                               std::to_string(offset) +
                                                               (second_error ? " and FF 61 bytes on" : "") + ", room " +
                                                               room_name(room) + ", stop after " +
                                                               room_name(stop.stop_after) + ", clean after " +
                                                               std::to_string(stop.clean_after) +
                                                               (action == action_t::drop ? ", drop" : ", replace");
                                                    });
                    }
                }
        }
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

// ---------------------------------------------------------------------------
// UTF-16: utf8_to_utf16_valid and utf16_to_utf8

namespace {

namespace ref16 = utf8view_test::reference16;

// Fills UTF-16 output buffers first. A noncharacter; a kernel writing it
// just past its result would go unseen, but an overrun writes the next
// code units, and the texts here hold U+FFFE only by chance.
constexpr char16_t sentinel_unit = 0xFFFE;

// Code units [0, ends[i]) are the UTF-16 form of the first i code points
// of a text, each by Table 3-5 (reference16::encode).
struct utf16_form {
    std::u16string units;
    std::vector<std::size_t> ends{0};
    // How many code points fit in `room` code units (a pair is never cut).
    [[nodiscard]] std::size_t within(std::size_t room) const
    {
        return static_cast<std::size_t>(std::upper_bound(ends.begin(), ends.end(), room) - ends.begin()) - 1;
    }
};

utf16_form utf16_form_of(const std::vector<char32_t>& code_points)
{
    utf16_form out;
    for (const char32_t c : code_points) {
        out.units += ref16::encode(c);
        out.ends.push_back(out.units.size());
    }
    return out;
}

// What utf16_to_utf8 must do with UTF-16 `units`: convert the elements
// before the first unpaired surrogate (the WHATWG decoder of
// reference16::decode), each by Table 3-6; after i of them, unit_ends[i]
// code units are read and byte_ends[i] bytes written.
struct utf8_form {
    std::string bytes;
    std::vector<std::size_t> unit_ends{0};
    std::vector<std::size_t> byte_ends{0};
    [[nodiscard]] std::size_t within(std::size_t room) const
    {
        return static_cast<std::size_t>(std::upper_bound(byte_ends.begin(), byte_ends.end(), room) -
                                        byte_ends.begin()) -
               1;
    }
};

utf8_form utf8_form_of(const std::u16string& units)
{
    utf8_form out;
    for (const ref16::element& e : ref16::decode(units)) {
        if (!e.code_point) break;
        out.bytes += t::encode_by_table_3_6(*e.code_point);
        out.unit_ends.push_back(e.offset + e.length);
        out.byte_ends.push_back(out.bytes.size());
    }
    return out;
}

std::string hex_of(const char16_t* p, std::size_t n)
{
    std::ostringstream out;
    for (std::size_t i = 0; i < n; ++i) {
        out << (i ? " " : "");
        t::print_hex(out, p[i], 4);
    }
    return out.str();
}

class utf16_checker {
    int failures_ = 0;

public:
    // utf8_to_utf16_valid(p, p + input.bytes.size(), out, room), with the
    // output at `out`, `capacity` code units (at least what must be written).
    template <class Describe>
    void to_utf16(const d::transcoder& k, const unsigned char* p, const text& input, const utf16_form& expected,
                  std::size_t room, char16_t* out, std::size_t capacity, const Describe& what)
    {
        const std::size_t n = input.bytes.size();
        const std::size_t count = expected.within(room);
        const std::size_t units = expected.ends[count];
        std::fill(out, out + capacity, sentinel_unit);
        const d::utf8_to_utf16_progress got = k.utf8_to_utf16_valid(p, p + n, out, room);
        const auto context = [&] {
            return "room " + room_name(room) + ", " + what() + ", " + std::to_string(n) + " bytes" +
                   (n <= 300 ? " [" + hex_of(p, n) + "]" : std::string());
        };
        if (got.in != p + input.starts[count])
            fail(k.name,
                 "utf8_to_utf16_valid stopped reading at byte " + std::to_string(got.in - p) + ", expected " +
                     std::to_string(input.starts[count]),
                 context);
        if (got.out != out + units)
            fail(k.name,
                 "utf8_to_utf16_valid wrote " + std::to_string(got.out - out) + " code units, expected " +
                     std::to_string(units),
                 context);
        const auto mismatch = std::mismatch(out, out + units, expected.units.begin()).first;
        if (mismatch != out + units) {
            const auto at = static_cast<std::size_t>(mismatch - out);
            fail(k.name,
                 "utf8_to_utf16_valid wrote [" + hex_of(mismatch, std::min<std::size_t>(4, units - at)) +
                     "] at code unit " + std::to_string(at) + ", expected [" +
                     hex_of(expected.units.data() + at, std::min<std::size_t>(4, units - at)) + "]",
                 context);
        }
        const auto written = std::find_if(out + units, out + capacity, [](char16_t u) { return u != sentinel_unit; });
        if (written != out + capacity)
            fail(k.name,
                 "utf8_to_utf16_valid wrote " + hex_of(written, 1) + " at code unit " + std::to_string(written - out) +
                     ", after the " + std::to_string(units) + " code units it had to write",
                 context);
    }

    // utf16_to_utf8(p, p + n, out, room), with the output at `out`,
    // `capacity` bytes (at least what must be written).
    template <class Describe>
    void to_utf8(const d::transcoder& k, const char16_t* p, std::size_t n, const utf8_form& expected, std::size_t room,
                 unsigned char* out, std::size_t capacity, const Describe& what)
    {
        const std::size_t count = expected.within(room);
        const std::size_t bytes = expected.byte_ends[count];
        std::fill(out, out + capacity, sentinel_byte);
        const d::utf16_to_utf8_progress got = k.utf16_to_utf8(p, p + n, out, room);
        const auto context = [&] {
            return "room " + room_name(room) + ", " + what() + ", " + std::to_string(n) + " code units" +
                   (n <= 120 ? " [" + hex_of(p, n) + "]" : std::string());
        };
        if (got.in != p + expected.unit_ends[count])
            fail(k.name,
                 "utf16_to_utf8 stopped reading at code unit " + std::to_string(got.in - p) + ", expected " +
                     std::to_string(expected.unit_ends[count]),
                 context);
        if (got.out != out + bytes)
            fail(k.name,
                 "utf16_to_utf8 wrote " + std::to_string(got.out - out) + " bytes, expected " + std::to_string(bytes),
                 context);
        const auto* const want = reinterpret_cast<const unsigned char*>(expected.bytes.data());
        const auto mismatch = std::mismatch(out, out + bytes, want).first;
        if (mismatch != out + bytes) {
            const auto at = static_cast<std::size_t>(mismatch - out);
            fail(k.name,
                 "utf16_to_utf8 wrote [" + hex_of(mismatch, std::min<std::size_t>(8, bytes - at)) + "] at byte " +
                     std::to_string(at) + ", expected [" + hex_of(want + at, std::min<std::size_t>(8, bytes - at)) +
                     "]",
                 context);
        }
        const auto written =
            std::find_if(out + bytes, out + capacity, [](unsigned char b) { return b != sentinel_byte; });
        if (written != out + capacity)
            fail(k.name,
                 "utf16_to_utf8 wrote " + hex_of(written, 1) + " at byte " + std::to_string(written - out) +
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

// Rooms to try for an output of `needed` elements: all of them up to
// needed + 3 with `all_rooms`, else those near 0, 16, 48, 64, 128 and
// needed; and unbounded.
std::vector<std::size_t> rooms_for(std::size_t needed, bool all_rooms)
{
    std::vector<std::size_t> rooms;
    for (std::size_t room = 0; room <= needed + 3; ++room)
        if (all_rooms || room < 3 || room + 3 > needed || (room >= 14 && room <= 18) || (room >= 46 && room <= 52) ||
            (room >= 60 && room <= 68) || (room >= 124 && room <= 132))
            rooms.push_back(room);
    rooms.push_back(unbounded);
    return rooms;
}

// `code_points` both ways with every transcoder: their UTF-8 to UTF-16,
// and their UTF-16 back to UTF-8, with the rooms of rooms_for.
template <class Describe>
void utf16_both_ways(utf16_checker& c, const std::vector<char32_t>& code_points, bool all_rooms, const Describe& what)
{
    const text input = text_of(code_points);
    const utf16_form units = utf16_form_of(code_points);
    const utf8_form back = utf8_form_of(units.units);
    BOOST_TEST_REQUIRE(back.bytes == input.bytes);  // the references agree
    const std::vector<unsigned char> bytes = bytes_of(input.bytes);  // exactly sized: ASan sees reads past them
    std::vector<char16_t> unit_out;
    std::vector<unsigned char> byte_out;
    for (const d::transcoder* k : d::available_transcoders()) {
        for (const std::size_t room : rooms_for(units.units.size(), all_rooms)) {
            unit_out.assign(units.ends[units.within(room)] + slack, 0);
            c.to_utf16(*k, bytes.data(), input, units, room, unit_out.data(), unit_out.size(), what);
        }
        for (const std::size_t room : rooms_for(input.bytes.size(), all_rooms)) {
            byte_out.assign(back.byte_ends[back.within(room)] + slack, 0);
            c.to_utf8(*k, units.units.data(), units.units.size(), back, room, byte_out.data(), byte_out.size(), what);
        }
    }
}

}  // namespace

BOOST_AUTO_TEST_CASE(utf16_references_agree)
{
    // Table 3-5 at its edges, as the Standard's D91 / Table 3-5 give them.
    BOOST_TEST(hex_of(utf16_form_of({0x41, 0xFFFF, 0x10000, 0x1F600, 0x10FFFF}).units.data(), 8) ==
               "0041 FFFF D800 DC00 D83D DE00 DBFF DFFF");
    // utf8_form_of stops at the first unpaired surrogate.
    const utf8_form stopped = utf8_form_of(u"a\xD83D\xDE00\xDC00z");
    BOOST_TEST(t::hex_of(stopped.bytes) == "61 F0 9F 98 80");
    BOOST_TEST((stopped.unit_ends == std::vector<std::size_t>{0, 1, 3}));
}

BOOST_AUTO_TEST_CASE(utf16_text_of_every_shape_and_length_both_ways)
{
    utf16_checker c;
    for (std::size_t length = 0; length <= 200; ++length) {
        for (const shape s : shapes) {
            const std::vector<char32_t> code_points = random_code_points_of_size(s, length, 4000 + as_u32(length));
            utf16_both_ways(c, code_points, length < 40 || length % 32 == 0, [&] {
                return std::string(name_of(s)) + " text of " + std::to_string(length) + " UTF-8 bytes";
            });
        }
    }
    BOOST_TEST(c.failures() == 0);
}

BOOST_AUTO_TEST_CASE(utf16_a_character_of_each_length_at_every_offset)
{
    // As for decode_valid: a character of 1 to 4 UTF-8 bytes (1 or 2 code
    // units) at every byte offset up to 140 after text of each shape, then
    // more text: 64-byte blocks, 8- and 16-byte windows and 16- and 32-unit
    // steps end at every place in it.
    utf16_checker c;
    for (const shape before : shapes) {
        const text head = text_of(random_code_points_of_size(before, 200, 31 + static_cast<std::uint32_t>(before)));
        const std::vector<char32_t> tail = random_code_points_of_size(shape::mixed, 100, 37);
        for (std::size_t offset = 0; offset <= 140; ++offset) {
            for (std::size_t length = 1; length <= 4; ++length) {
                std::vector<char32_t> values;
                std::size_t i = 0;
                for (; head.starts[i + 1] <= offset; ++i) values.push_back(head.code_points[i]);
                values.insert(values.end(), offset - head.starts[i], U'a');
                t::random_source random(static_cast<std::uint32_t>(offset * 4 + length));
                values.push_back(random_of_length(random, length));
                values.insert(values.end(), tail.begin(), tail.end());
                utf16_both_ways(c, values, false, [&] {
                    return std::to_string(length) + "-byte character at " + std::to_string(offset) + " after " +
                           name_of(before);
                });
            }
        }
    }
    BOOST_TEST(c.failures() == 0);
}

BOOST_AUTO_TEST_CASE(utf16_to_utf8_stops_at_an_unpaired_surrogate_at_every_offset)
{
    // A high or low surrogate, at the edges of their ranges, put at every
    // code unit offset 0..130 of UTF-16 text of each shape (before a code
    // unit that is not a low surrogate, between the two of a pair, or
    // last): the kernel converts what comes before the first unpaired one,
    // as the WHATWG decoder reads it, and stops there.
    utf16_checker c;
    std::vector<unsigned char> out;
    for (const shape s : shapes) {
        const utf16_form base = utf16_form_of(random_code_points(s, 150, 51 + static_cast<std::uint32_t>(s)));
        for (std::size_t offset = 0; offset <= 130 && offset <= base.units.size(); ++offset) {
            for (const char16_t planted : {u'\xD800', u'\xDBFF', u'\xDC00', u'\xDFFF'}) {
                for (const bool last : {false, true}) {
                    std::u16string units = base.units;
                    units.insert(units.begin() + static_cast<std::ptrdiff_t>(offset), planted);
                    if (last) units.resize(offset + 1);  // the surrogate ends the text
                    const utf8_form expected = utf8_form_of(units);
                    for (const d::transcoder* k : d::available_transcoders()) {
                        // At and near the vector loops' least rooms: AVX2 49 (16
                        // code units, 3 bytes each, and one); AVX-512 100 (32
                        // units and a pair), 64 and 52 inside a run of pairs.
                        for (const std::size_t room :
                             {unbounded, expected.bytes.size(), std::size_t{49}, std::size_t{50}, std::size_t{99},
                              std::size_t{100}, std::size_t{101}, std::size_t{116}, std::size_t{128}}) {
                            out.assign(expected.byte_ends[expected.within(room)] + slack, 0);
                            c.to_utf8(*k, units.data(), units.size(), expected, room, out.data(), out.size(), [&] {
                                return std::string(name_of(s)) + " text with " + hex_of(&planted, 1) + " at " +
                                       std::to_string(offset) + (last ? ", last" : "");
                            });
                        }
                    }
                }
            }
        }
    }
    BOOST_TEST(c.failures() == 0);
}

BOOST_AUTO_TEST_CASE(utf16_to_utf8_runs_of_pairs_at_every_alignment_then_an_unpaired_surrogate)
{
    // Runs of surrogate pairs (the AVX-512 kernel takes 32 code units at a
    // time while they are 16 pairs) after 0..33 code units of BMP text, so
    // that the run starts at every alignment against the kernel's steps,
    // then an unpaired surrogate of each kind (or none), then more text:
    // the kernel converts what comes before the first unpaired one, as the
    // WHATWG decoder reads it, and stops there.
    utf16_checker c;
    std::vector<unsigned char> out;
    for (const char32_t before : {U'a', U'\u4E00'}) {
        for (std::size_t prefix = 0; prefix <= 33; ++prefix) {
            for (const std::size_t pairs : {15u, 16u, 17u, 31u, 32u, 33u, 48u, 49u}) {
                std::vector<char32_t> values(prefix, before);
                const std::vector<char32_t> run =
                    random_code_points(shape::four, pairs, 71 + static_cast<std::uint32_t>(pairs + prefix));
                values.insert(values.end(), run.begin(), run.end());
                values.push_back(0x10000);
                values.push_back(0x10FFFF);
                const std::u16string head = utf16_form_of(values).units;
                const std::u16string tail = utf16_form_of(random_code_points(shape::mixed, 40, 73)).units;
                // None; a lone high before a letter; a high last; a lone
                // low; a high then a high (then a pair).
                for (const std::u16string& planted :
                     {std::u16string(), std::u16string(u"\xD800z"), std::u16string(u"\xDBFF"),
                      std::u16string(u"\xDC00"), std::u16string(u"\xDFFF"), std::u16string(u"\xD800\xDBFF\xDC00")}) {
                    std::u16string units = head + planted;
                    if (planted != u"\xDBFF") units += tail;
                    const utf8_form expected = utf8_form_of(units);
                    for (const d::transcoder* k : d::available_transcoders()) {
                        for (const std::size_t room :
                             {unbounded, expected.bytes.size(), std::size_t{63}, std::size_t{64}, std::size_t{99},
                              std::size_t{100}, std::size_t{127}, std::size_t{128}}) {
                            out.assign(expected.byte_ends[expected.within(room)] + slack, 0);
                            c.to_utf8(*k, units.data(), units.size(), expected, room, out.data(), out.size(), [&] {
                                return std::to_string(prefix) + " x U+" + hex_of(&before, 1) + ", " +
                                       std::to_string(pairs) + " pairs, then " + hex_of(planted.data(), planted.size());
                            });
                        }
                    }
                }
            }
        }
    }
    BOOST_TEST(c.failures() == 0);
}

BOOST_AUTO_TEST_CASE(utf16_every_corpus_file_both_ways, *boost::unit_test::precondition(t::corpus_is_present))
{
    utf16_checker c;
    t::random_source random(1618);
    std::vector<char16_t> unit_out;
    std::vector<unsigned char> byte_out;
    for (const std::filesystem::path& file : t::require_corpus_files()) {
        const std::string name = file.filename().string();
        const std::optional<text> whole = decode_by_segments(t::read_file(file.string()));
        BOOST_TEST_REQUIRE(whole.has_value(), name << " is valid UTF-8 (every corpus file is)");
        const utf16_form units = utf16_form_of(whole->code_points);
        const utf8_form back = utf8_form_of(units.units);
        BOOST_TEST_REQUIRE((back.bytes == whole->bytes), name << " comes back to itself");
        const std::vector<unsigned char> bytes = bytes_of(whole->bytes);
        const auto what = [&] { return name; };
        for (const d::transcoder* k : d::available_transcoders()) {
            for (const std::size_t room : {unbounded, std::size_t{random.below(as_u32(units.units.size() + 1))}}) {
                unit_out.assign(units.ends[units.within(room)] + slack, 0);
                c.to_utf16(*k, bytes.data(), *whole, units, room, unit_out.data(), unit_out.size(), what);
            }
            for (const std::size_t room : {unbounded, std::size_t{random.below(as_u32(bytes.size() + 1))}}) {
                byte_out.assign(back.byte_ends[back.within(room)] + slack, 0);
                c.to_utf8(*k, units.units.data(), units.units.size(), back, room, byte_out.data(), byte_out.size(),
                          what);
            }
        }
    }
    BOOST_TEST(c.failures() == 0);
}

BOOST_AUTO_TEST_CASE(utf16_inputs_and_outputs_flush_with_a_page_end_at_every_alignment,
                     *boost::unit_test::precondition(t::mmap_is_available))
{
#if defined(UTF8VIEW_TEST_HAS_MMAP)
    // Both ways, the input ending exactly where readable memory ends (after
    // 0..31 ASCII characters, so that it starts at every alignment) and the
    // output ending exactly at a page end, holding exactly what must be
    // written; a pair or a surrogate last.
    const t::guarded_pages input_pages;
    const t::guarded_pages output_pages;
    utf16_checker c;
    std::vector<std::vector<char32_t>> bodies;
    for (const shape s : {shape::ascii, shape::two, shape::three, shape::four, shape::mixed, shape::runs,
                          shape::one_or_two, shape::up_to_three})
        for (const std::size_t size : std::initializer_list<std::size_t>{0, 1, 3, 15, 16, 17, 63, 64, 65, 66, 67, 129})
            bodies.push_back(random_code_points_of_size(s, size, 61 + static_cast<std::uint32_t>(size)));
    bodies.push_back(random_code_points(shape::three, 40, 2));
    bodies.back().push_back(0x10FFFF);  // a pair last
    for (const std::vector<char32_t>& body : bodies) {
        for (std::size_t alignment = 0; alignment < 32; ++alignment) {
            std::vector<char32_t> values(alignment, U'a');
            values.insert(values.end(), body.begin(), body.end());
            const text input = text_of(values);
            const utf16_form units = utf16_form_of(values);
            const auto what = [&] {
                return std::to_string(alignment) + " ASCII characters + " + std::to_string(body.size()) +
                       " code points, flush with a page end";
            };
            unsigned char* const bytes_at_end = input_pages.last() - input.bytes.size();
            std::copy(input.bytes.begin(), input.bytes.end(), bytes_at_end);
            for (const d::transcoder* k : d::available_transcoders())
                for (const std::size_t room : {unbounded, units.units.size() / 2}) {
                    const std::size_t written = units.ends[units.within(room)];
                    c.to_utf16(*k, bytes_at_end, input, units, room,
                               reinterpret_cast<char16_t*>(output_pages.last()) - written, written, what);
                }
            for (const bool unpaired_last : {false, true}) {
                std::u16string text16 = units.units;
                if (unpaired_last) text16 += u'\xD800';
                const utf8_form expected = utf8_form_of(text16);
                char16_t* const units_at_end = reinterpret_cast<char16_t*>(input_pages.last()) - text16.size();
                std::copy(text16.begin(), text16.end(), units_at_end);
                for (const d::transcoder* k : d::available_transcoders())
                    for (const std::size_t room : {unbounded, expected.bytes.size() / 2}) {
                        const std::size_t written = expected.byte_ends[expected.within(room)];
                        c.to_utf8(*k, units_at_end, text16.size(), expected, room, output_pages.last() - written,
                                  written, what);
                    }
            }
        }
    }
    BOOST_TEST(c.failures() == 0);
#endif
}

// ---------------------------------------------------------------------------
// count_code_points_valid and count_utf16_units_valid: what the size
// functions count well-formed stretches with

namespace {

// The two counts of p[0, n) by Table 3-7, byte by byte: the bytes that are
// not continuation bytes (80..BF), and those plus the bytes F0..FF (the
// lead bytes of the supplementary code points, two UTF-16 code units each).
struct byte_counts {
    std::size_t code_points = 0;
    std::size_t utf16_units = 0;
};
byte_counts counts_by_table_3_7(const unsigned char* p, std::size_t n)
{
    byte_counts counts;
    for (std::size_t i = 0; i < n; ++i) {
        const bool continuation = p[i] >= 0x80 && p[i] <= 0xBF;
        counts.code_points += continuation ? 0u : 1u;
        counts.utf16_units += (continuation ? 0u : 1u) + (p[i] >= 0xF0 ? 1u : 0u);
    }
    return counts;
}

// The two counts of text built from code points: one per code point, and
// one more per supplementary code point (Table 3-5).
byte_counts counts_of(const std::vector<char32_t>& code_points)
{
    byte_counts counts;
    for (const char32_t c : code_points) {
        ++counts.code_points;
        counts.utf16_units += c >= 0x10000 ? 2 : 1;
    }
    return counts;
}

class count_checker {
    int failures_ = 0;

public:
    // Both counts of [p, p + n) by every transcoder, against `expected`.
    template <class Describe>
    void check(const unsigned char* p, std::size_t n, const byte_counts& expected, const Describe& what)
    {
        for (const d::transcoder* k : d::available_transcoders()) {
            const std::size_t code_points = k->count_code_points_valid(p, p + n);
            const std::size_t units = k->count_utf16_units_valid(p, p + n);
            if (code_points != expected.code_points)
                fail(k->name, "count_code_points_valid " + std::to_string(code_points), expected.code_points, what, n);
            if (units != expected.utf16_units)
                fail(k->name, "count_utf16_units_valid " + std::to_string(units), expected.utf16_units, what, n);
        }
    }

    template <class Describe>
    void fail(std::string_view kernel, const std::string& got, std::size_t expected, const Describe& what,
              std::size_t n)
    {
        ++failures_;
        BOOST_ERROR("transcoder " << kernel << ": " << got << ", expected " << expected << "; " << what() << ", " << n
                                  << " bytes");
        BOOST_TEST_REQUIRE(failures_ < max_failures_reported);
    }

    [[nodiscard]] int failures() const { return failures_; }
};

}  // namespace

BOOST_AUTO_TEST_CASE(count_text_of_every_shape_and_length_at_every_alignment)
{
    // Lengths 0..300 cover every tail of the 8-byte words and of the 32 and
    // 64-byte vectors; 1000..1100 and 5000 cross the 127 words after which
    // the scalar count empties its byte lanes (a lane of 4-byte text gains
    // 2 a word: 128 words would overflow it).
    count_checker c;
    std::vector<std::size_t> lengths;
    for (std::size_t n = 0; n <= 300; ++n) lengths.push_back(n);
    for (std::size_t n = 1000; n <= 1100; ++n) lengths.push_back(n);
    lengths.push_back(5000);
    std::vector<unsigned char> buffer(5000 + 8);
    for (const shape s : shapes)
        for (const std::size_t n : lengths) {
            const std::vector<char32_t> values = random_code_points_of_size(s, n, 71 + as_u32(n));
            const text input = text_of(values);
            BOOST_TEST_REQUIRE(input.bytes.size() == n);
            for (std::size_t alignment = 0; alignment < 8; ++alignment) {
                std::copy(input.bytes.begin(), input.bytes.end(),
                          buffer.begin() + static_cast<std::ptrdiff_t>(alignment));
                c.check(buffer.data() + alignment, n, counts_of(values),
                        [&] { return std::string(name_of(s)) + " text at alignment " + std::to_string(alignment); });
            }
        }
    BOOST_TEST(c.failures() == 0);
}

BOOST_AUTO_TEST_CASE(count_any_bytes_by_their_classes)
{
    // On bytes that are not UTF-8 the counts are still those of the byte
    // classes: random bytes, and runs of one byte (FF: each byte lane of the
    // scalar count at its fastest growth) of every length.
    count_checker c;
    t::random_source random(2027);
    std::vector<unsigned char> bytes(5000);
    for (std::size_t n = 0; n <= 300; ++n) {
        for (unsigned char& b : bytes) b = static_cast<unsigned char>(random.below(256));
        c.check(bytes.data(), n, counts_by_table_3_7(bytes.data(), n), [] { return std::string("random bytes"); });
    }
    for (const unsigned char value :
         std::array<unsigned char, 9>{0x00, 0x41, 0x7F, 0x80, 0xBF, 0xC0, 0xEF, 0xF0, 0xFF}) {
        std::fill(bytes.begin(), bytes.end(), value);
        for (const std::size_t n : {std::size_t{1}, std::size_t{63}, std::size_t{1016}, std::size_t{1024},
                                    std::size_t{2040}, std::size_t{5000}})
            c.check(bytes.data(), n, counts_by_table_3_7(bytes.data(), n),
                    [&] { return "bytes " + hex_of(&value, 1) + " only"; });
    }
    // The classes' edges, as Table 3-7 draws them.
    const std::array<unsigned char, 8> edges = {0x7F, 0x80, 0xBF, 0xC0, 0xC2, 0xEF, 0xF0, 0xF4};
    const byte_counts edge_counts = counts_by_table_3_7(edges.data(), edges.size());
    BOOST_TEST(edge_counts.code_points == 6u);
    BOOST_TEST(edge_counts.utf16_units == 8u);
    BOOST_TEST(c.failures() == 0);
}

BOOST_AUTO_TEST_CASE(count_inputs_flush_with_a_page_end_at_every_alignment,
                     *boost::unit_test::precondition(t::mmap_is_available))
{
#if defined(UTF8VIEW_TEST_HAS_MMAP)
    // Text ending exactly where readable memory ends, or starting where it
    // starts, at every alignment: a read outside it crashes the test.
    const t::guarded_pages pages;
    count_checker c;
    for (const shape s : {shape::ascii, shape::four, shape::mixed})
        for (const std::size_t n : std::initializer_list<std::size_t>{0, 1, 7, 8, 9, 31, 32, 33, 63, 64, 65, 200})
            for (std::size_t alignment = 0; alignment < 64; ++alignment) {
                std::vector<char32_t> values(alignment, U'a');
                const std::vector<char32_t> body = random_code_points_of_size(s, n, 91 + as_u32(n));
                values.insert(values.end(), body.begin(), body.end());
                const text input = text_of(values);
                const auto what = [&] {
                    return std::to_string(alignment) + " ASCII bytes + " + name_of(s) + " text, at a page edge";
                };
                unsigned char* const at_end = pages.last() - input.bytes.size();
                std::copy(input.bytes.begin(), input.bytes.end(), at_end);
                c.check(at_end, input.bytes.size(), counts_of(values), what);
                std::copy(input.bytes.begin(), input.bytes.end(), pages.first());
                c.check(pages.first(), input.bytes.size(), counts_of(values), what);
            }
    BOOST_TEST(c.failures() == 0);
#endif
}
