// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.

// Pseudo-random UTF-8 test inputs for the property tests
// (property/reverse_iteration.cpp, property/boundaries.cpp), how they are
// named in failure messages (describe_input), and the two small helpers
// that those and the conformance tests share to show and to measure byte
// strings (hex_of, size_of).
//
// Every generator draws from a random_source and returns a `generated`: the
// bytes (at most max_input_length), for valid text the code points they
// encode, and the name of its kind for messages. The kinds:
//
//   valid_text       well-formed UTF-8 (Unicode 15.0 ch. 3, Table 3-7), made
//                    by encoding scalar values (D76) by Table 3-6
//   random_bytes     uniform bytes 00..FF
//   edge_bytes       bytes from the edges of Table 3-7's ranges
//   corrupted_text   valid text with 1 to 3 corruptions of every error
//                    kind (truncation, stray continuation
//                    byte, never-valid byte, surrogate, overlong, > U+10FFFF)
//   cut_text         valid text ending inside a multi-byte sequence
//
// Reproducible everywhere: std::mt19937's raw output is specified by the
// standard ([rand.predef]), and random_source reduces it with `%` only;
// the standard distributions are not specified, so none is used. The same
// seed gives the same byte strings with every compiler and standard
// library, and a failure message that names the seed and the input index
// names the input. Changing the order or the number of draws in any
// function below changes every test input after the change: do it only on
// purpose.

#ifndef UTF8VIEW_TEST_SUPPORT_RANDOM_UTF8_HPP
#define UTF8VIEW_TEST_SUPPORT_RANDOM_UTF8_HPP

#include "support/table_3_6.hpp"  // table_3_6_length, for the users of this header

#include <array>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <iomanip>
#include <iterator>
#include <optional>
#include <random>
#include <ranges>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace utf8view_test {

// ---------------------------------------------------------------------------
// Randomness

/** A scalar value whose UTF-8 form is `length` bytes (1 to 4; printable
    ASCII for 1, never a surrogate, D76), drawn with std::mt19937 and
    uniform_int_distribution: for tests that build long texts of one length
    of character, or of mixed lengths, from a fixed seed. */
inline char32_t random_scalar_of_length(std::mt19937& random, unsigned length)
{
    const auto pick = [&](std::uint32_t low, std::uint32_t high) {
        return static_cast<char32_t>(std::uniform_int_distribution<std::uint32_t>(low, high)(random));
    };
    switch (length) {
    case 1: return pick(0x20, 0x7E);
    case 2: return pick(0x80, 0x7FF);
    case 3: {
        const char32_t c = pick(0x800, 0xFFFF);
        return c >= 0xD800 && c <= 0xDFFF ? c - 0x800 : c;
    }
    default: return pick(0x10000, 0x10FFFF);
    }
}

/** Integers drawn from std::mt19937's raw output, the same on every
    platform (see above). */
class random_source {
    std::mt19937 engine_;

public:
    explicit random_source(std::uint32_t s) : engine_(s) {}
    /** In [0, n), n > 0. Uniform enough for tests; the modulo keeps it
        identical everywhere. One draw. */
    std::uint32_t below(std::uint32_t n) { return static_cast<std::uint32_t>(engine_()) % n; }
    /** In [low, high]. One draw. */
    std::uint32_t between(std::uint32_t low, std::uint32_t high) { return low + below(high - low + 1); }
    /** A byte in [low, high] (both <= 0xFF). One draw. */
    unsigned char byte_between(unsigned low, unsigned high) { return static_cast<unsigned char>(between(low, high)); }
};

// ---------------------------------------------------------------------------
// Unicode 15.0 ch. 3, Table 3-6 (UTF-8 bit distribution), transcribed here
// independently of the library, which the tests check against it.

/** The UTF-8 form of the scalar value `c` by Table 3-6:
      U+0000..U+007F    0xxxxxxx
      U+0080..U+07FF    110yyyyy 10xxxxxx
      U+0800..U+FFFF    1110zzzz 10yyyyyy 10xxxxxx
      U+10000..U+10FFFF 11110uuu 10uuzzzz 10yyyyyy 10xxxxxx
    `c` must be a scalar value (no surrogate, at most U+10FFFF). */
inline std::string encode_by_table_3_6(char32_t c)
{
    std::string out;
    const auto put = [&](std::uint32_t byte) { out.push_back(static_cast<char>(static_cast<unsigned char>(byte))); };
    if (c <= 0x7F) { put(c); }
    else if (c <= 0x7FF) {
        put(0xC0 | (c >> 6));
        put(0x80 | (c & 0x3F));
    }
    else if (c <= 0xFFFF) {
        put(0xE0 | (c >> 12));
        put(0x80 | ((c >> 6) & 0x3F));
        put(0x80 | (c & 0x3F));
    }
    else {
        put(0xF0 | (c >> 18));
        put(0x80 | ((c >> 12) & 0x3F));
        put(0x80 | ((c >> 6) & 0x3F));
        put(0x80 | (c & 0x3F));
    }
    return out;
}

// table_3_6_length: support/table_3_6.hpp (included above).

/** A scalar value (D76) whose UTF-8 form has a random length. One time in
    six it is a boundary: the ends of Table 3-6's length ranges, the ends of
    Table 3-7's rows that border on something (U+0FFF/U+1000 where the lead
    byte goes from E0 to E1, U+D7FF/U+E000 around the surrogates), U+FFFD,
    U+FFFF, U+10FFFF and U+FEFF (the byte order mark). Otherwise a 2-, 3-
    (surrogates skipped) or 4-byte value, or, two times in six, printable
    ASCII. */
inline char32_t random_scalar_value(random_source& random)
{
    static constexpr std::array<char32_t, 14> boundaries = {0x00,   0x7F,   0x80,   0x7FF,  0x800,   0xFFF,    0x1000,
                                                            0xD7FF, 0xE000, 0xFFFD, 0xFFFF, 0x10000, 0x10FFFF, 0xFEFF};
    switch (random.below(6)) {
    case 0: return boundaries[random.below(boundaries.size())];
    case 1: return random.between(0x80, 0x7FF);
    case 2: {
        const char32_t c = random.between(0x800, 0xFFFF - 0x800);
        return c < 0xD800 ? c : c + 0x800;  // skip the surrogates D800..DFFF
    }
    case 3: return random.between(0x10000, 0x10FFFF);
    default: return random.between(0x20, 0x7E);
    }
}

// ---------------------------------------------------------------------------
// Generated inputs

/** No generator returns more bytes than this. */
inline constexpr std::size_t max_input_length = 64;

/** One test input. */
struct generated {
    std::string bytes;
    std::optional<std::u32string> code_points;  // set for valid text: what `bytes` encodes
    std::string kind;                           // the generator's name, for messages
};

/** A generator: draws one input from `random`. */
using generator = generated (*)(random_source&);

/** Well-formed UTF-8 (Table 3-7) of a random length up to
    max_input_length: random_scalar_value()s encoded by Table 3-6, as many
    as fit. `code_points` holds them, as the expected decoding. */
inline generated valid_text(random_source& random)
{
    generated g;
    g.kind = "valid text";
    g.code_points.emplace();
    const std::size_t target = random.below(max_input_length + 1);
    for (;;) {
        const char32_t c = random_scalar_value(random);
        const std::string encoded = encode_by_table_3_6(c);
        if (g.bytes.size() + encoded.size() > target) break;
        g.bytes += encoded;
        g.code_points->push_back(c);
    }
    return g;
}

/** Uniform bytes 00..FF, 0 to max_input_length of them: mostly ill-formed,
    with whatever the decoder makes of arbitrary data. */
inline generated random_bytes(random_source& random)
{
    generated g;
    g.kind = "random bytes";
    const std::size_t length = random.below(max_input_length + 1);
    for (std::size_t i = 0; i < length; ++i) g.bytes.push_back(static_cast<char>(random.byte_between(0, 0xFF)));
    return g;
}

/** Bytes drawn only from the edges of Table 3-7's ranges, so that
    near-valid sequences of every kind appear often (uniform bytes rarely
    put the right second byte after E0, ED, F0 or F4):
      00 41 7F        ASCII
      80 8F 90 9F A0 BF   the edges of the second-byte ranges 80..8F (F4),
                      90..BF (F0), 80..9F (ED), A0..BF (E0), 80..BF
      C0 C1           never valid (overlong 2-byte leads)
      C2 DF           2-byte leads
      E0 E1 EC ED EE EF   3-byte leads, each row of the table
      F0 F1 F3 F4     4-byte leads, each row of the table
      F5 F7 F8 FE FF  never valid (beyond U+10FFFF, or no UTF-8 lead) */
inline generated edge_bytes(random_source& random)
{
    static constexpr std::array<unsigned char, 28> edges = {0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0,
                                                            0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0,
                                                            0xF1, 0xF3, 0xF4, 0xF5, 0xF7, 0xF8, 0xFE, 0xFF};
    generated g;
    g.kind = "edge bytes";
    const std::size_t length = random.below(max_input_length + 1);
    for (std::size_t i = 0; i < length; ++i) g.bytes.push_back(static_cast<char>(edges[random.below(edges.size())]));
    return g;
}

/** valid_text() with 1 to 3 corruptions, each one of (equally often): a
    deleted byte (a truncated sequence, or a lost lead byte), the text cut
    at a random place, a stray continuation byte 80..BF, a byte that is
    never in well-formed UTF-8 (C0, C1, F5..FF; Table 3-7), an encoded
    surrogate (ED A0..BF 80..BF), an overlong form (C0..C1 80..BF,
    E0 80..9F 80..BF, F0 80..8F 80..BF 80..BF) or a value above U+10FFFF
    (F4 90..BF 80..BF 80..BF): the ill-formed sequences of every error
    kind, inside otherwise valid text. Cut to max_input_length; no
    code_points (the text is no longer valid, or not known to be). */
inline generated corrupted_text(random_source& random)
{
    generated g = valid_text(random);
    g.kind = "corrupted text";
    g.code_points.reset();
    std::string& b = g.bytes;
    const auto at = [&] { return static_cast<std::ptrdiff_t>(random.below(static_cast<std::uint32_t>(b.size() + 1))); };
    const auto insert = [&](std::initializer_list<unsigned> bytes) {
        std::string piece;
        for (unsigned byte : bytes) piece.push_back(static_cast<char>(static_cast<unsigned char>(byte)));
        b.insert(static_cast<std::size_t>(at()), piece);
    };
    const std::uint32_t corruptions = random.between(1, 3);
    for (std::uint32_t n = 0; n < corruptions; ++n) {
        switch (random.below(7)) {
        case 0:  // truncate a sequence: delete one byte
            if (!b.empty()) b.erase(random.below(static_cast<std::uint32_t>(b.size())), 1);
            break;
        case 1:  // cut the text anywhere
            b.resize(random.below(static_cast<std::uint32_t>(b.size() + 1)));
            break;
        case 2:  // a stray continuation byte
            insert({random.between(0x80, 0xBF)});
            break;
        case 3: {  // a byte that is never valid: C0, C1, F5..FF
            static constexpr std::array<unsigned, 13> never = {0xC0, 0xC1, 0xF5, 0xF6, 0xF7, 0xF8, 0xF9,
                                                               0xFA, 0xFB, 0xFC, 0xFD, 0xFE, 0xFF};
            insert({never[random.below(never.size())]});
            break;
        }
        case 4:  // an encoded surrogate, ED A0..BF 80..BF
            insert({0xED, random.between(0xA0, 0xBF), random.between(0x80, 0xBF)});
            break;
        case 5:  // an overlong form
            switch (random.below(3)) {
            case 0: insert({random.between(0xC0, 0xC1), random.between(0x80, 0xBF)}); break;
            case 1: insert({0xE0, random.between(0x80, 0x9F), random.between(0x80, 0xBF)}); break;
            default:
                insert({0xF0, random.between(0x80, 0x8F), random.between(0x80, 0xBF), random.between(0x80, 0xBF)});
                break;
            }
            break;
        default:  // above U+10FFFF: F4 90..BF
            insert({0xF4, random.between(0x90, 0xBF), random.between(0x80, 0xBF), random.between(0x80, 0xBF)});
            break;
        }
    }
    if (b.size() > max_input_length) b.resize(max_input_length);
    return g;
}

/** valid_text() that ends 1, 2 or 3 bytes (each equally often) into the
    Table 3-6 form of one more scalar value whose form is longer than that:
    a truncated tail of every length, which is what
    trim_incomplete_tail must drop. One time in four one more random byte
    follows the cut sequence. If too long, bytes are dropped from the front,
    so that the cut stays at the end. No code_points. */
inline generated cut_text(random_source& random)
{
    generated g = valid_text(random);
    g.kind = "text cut inside a sequence";
    g.code_points.reset();
    const std::uint32_t keep = random.between(1, 3);
    char32_t c = 0;
    switch (random.between(keep + 1, 4)) {  // the Table 3-6 length of c
    case 2: c = random.between(0x80, 0x7FF); break;
    case 3:
        c = random.between(0x800, 0xFFFF - 0x800);
        c = c < 0xD800 ? c : c + 0x800;
        break;
    default: c = random.between(0x10000, 0x10FFFF); break;
    }
    const std::string encoded = encode_by_table_3_6(c);
    g.bytes += encoded.substr(0, keep);
    if (random.below(4) == 0) g.bytes.push_back(static_cast<char>(random.byte_between(0, 0xFF)));
    if (g.bytes.size() > max_input_length) g.bytes.erase(0, g.bytes.size() - max_input_length);
    return g;
}

/** The inputs of a property test: first the empty input (kind "empty",
    empty code_points: it is valid text), then `rounds` rounds of one input
    of each of `kinds`, in that order, all drawn from one random_source
    seeded with `seed`. */
inline std::vector<generated> generate_inputs(std::uint32_t seed, std::size_t rounds,
                                              std::initializer_list<generator> kinds)
{
    random_source random(seed);
    std::vector<generated> out;
    out.push_back({"", std::u32string(), "empty"});
    for (std::size_t i = 0; i < rounds; ++i)
        for (const generator kind : kinds) out.push_back(kind(random));
    return out;
}

// ---------------------------------------------------------------------------
// Building byte strings by hand

/** The bytes with these values (each 0..FF): byte_string({0xC0, 0x80}). */
inline std::string byte_string(std::initializer_list<unsigned> values)
{
    std::string out;
    for (unsigned value : values) out.push_back(static_cast<char>(static_cast<unsigned char>(value)));
    return out;
}

/** `text` with `piece` at byte `offset`: the text before `offset` is cut at a
    character boundary and padded with ASCII up to `offset`, and the text
    after the piece is `rest` (valid, starting at a boundary); cut to (or
    padded with 'z' up to) `length` bytes. */
inline std::string plant(std::string_view text, std::size_t offset, std::string_view piece, std::string_view rest,
                         std::size_t length)
{
    std::size_t boundary = offset;
    while (boundary > 0 && (static_cast<unsigned char>(text[boundary]) & 0xC0) == 0x80) --boundary;
    std::string out(text.substr(0, boundary));
    out.append(offset - boundary, 'a');
    out += piece;
    out += rest;
    out.resize(length < out.size() ? length : out.size(), 'z');
    return out;
}

// ---------------------------------------------------------------------------
// Showing and measuring byte strings

/** The bytes as upper-case hex pairs separated by spaces ("C3 86 72"), the
    notation of test/data, for failure messages. */
inline std::string hex_of(std::string_view bytes)
{
    std::ostringstream out;
    out << std::hex << std::uppercase << std::setfill('0');
    for (std::size_t i = 0; i < bytes.size(); ++i)
        out << (i ? " " : "") << std::setw(2) << static_cast<unsigned>(static_cast<unsigned char>(bytes[i]));
    return out.str();
}

/** Names a generated input in a failure message, with the base (the type
    of range) it was viewed through:
      input 12 (random bytes, seed 20260530): [C3 28 A0], base std::list<char>
    The seed and the index are enough to generate the input again, and
    the hex shows it. */
inline std::string describe_input(std::size_t index, const generated& g, std::uint32_t seed, std::string_view base)
{
    std::ostringstream out;
    out << "input " << index << " (" << g.kind << ", seed " << seed << "): [" << hex_of(g.bytes) << "], base " << base;
    return out.str();
}

/** The number of elements of any range, sized or not (the archetypes with
    a sentinel are not), by stepping if it must. */
template <class R>
std::size_t size_of(const R& range)
{
    return static_cast<std::size_t>(std::ranges::distance(range));
}

}  // namespace utf8view_test

#endif  // UTF8VIEW_TEST_SUPPORT_RANDOM_UTF8_HPP
