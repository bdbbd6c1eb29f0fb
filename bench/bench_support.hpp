// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at https://www.boost.org/LICENSE_1_0.txt)

/// \file
/// What utf8view_bench needs besides the measured code: the corpus, an
/// independent reference decoder (to check every implementation before it is
/// timed) and a forward-only byte iterator (the "generic path").

#ifndef UTF8VIEW_BENCH_SUPPORT_HPP
#define UTF8VIEW_BENCH_SUPPORT_HPP

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace bench {

/** Prints the message and ends the program: a benchmark that disagrees with
    the reference, or a missing corpus, makes the whole run worthless. */
[[noreturn]] inline void fail(const std::string& message)
{
    std::fprintf(stderr, "utf8view_bench: %s\n", message.c_str());
    std::exit(EXIT_FAILURE);
}

/** The reference decoder: Unicode 15.0 Table 3-7, written for clarity and
    shared with no implementation under test. Returns the byte offset of the
    first ill-formed sequence, or nullopt when `bytes` is well-formed; then
    appends the code points to `*out` (when given) and adds them to `*sum`. */
inline std::optional<std::size_t> reference_decode(std::string_view bytes, std::u32string* out, std::uint64_t* sum,
                                                   std::size_t* count)
{
    const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(bytes[i]); };
    std::size_t i = 0;
    while (i < bytes.size()) {
        const unsigned lead = byte(i);
        std::size_t length = 0;
        unsigned low = 0x80, high = 0xBF;  // the range of the second byte (Table 3-7)
        char32_t value = 0;
        if (lead < 0x80) {
            length = 1;
            value = lead;
        }
        else if (lead >= 0xC2 && lead <= 0xDF) {
            length = 2;
            value = lead & 0x1Fu;
        }
        else if (lead >= 0xE0 && lead <= 0xEF) {
            length = 3;
            value = lead & 0x0Fu;
            if (lead == 0xE0) low = 0xA0;
            if (lead == 0xED) high = 0x9F;
        }
        else if (lead >= 0xF0 && lead <= 0xF4) {
            length = 4;
            value = lead & 0x07u;
            if (lead == 0xF0) low = 0x90;
            if (lead == 0xF4) high = 0x8F;
        }
        else return i;
        if (bytes.size() - i < length) return i;
        for (std::size_t k = 1; k < length; ++k) {
            const unsigned b = byte(i + k);
            const bool ok = k == 1 ? (b >= low && b <= high) : (b >= 0x80 && b <= 0xBF);
            if (!ok) return i;
            value = static_cast<char32_t>((value << 6) | (b & 0x3Fu));
        }
        if (out) out->push_back(value);
        if (sum) *sum += value;
        if (count) ++*count;
        i += length;
    }
    return std::nullopt;
}

/** The reference decoding with U+FFFD for each maximal subpart (Unicode
    15.0 §3.9, as the WHATWG decoder): the code points, and the same as UTF-8
    (the repaired bytes). Written from Table 3-7 like reference_decode. */
inline void reference_replace(std::string_view bytes, std::u32string& code_points, std::string& repaired)
{
    const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(bytes[i]); };
    const auto encode = [&](char32_t c) {
        if (c < 0x80) repaired += static_cast<char>(c);
        else if (c < 0x800) {
            repaired += static_cast<char>(0xC0 | (c >> 6));
            repaired += static_cast<char>(0x80 | (c & 0x3F));
        }
        else if (c < 0x10000) {
            repaired += static_cast<char>(0xE0 | (c >> 12));
            repaired += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
            repaired += static_cast<char>(0x80 | (c & 0x3F));
        }
        else {
            repaired += static_cast<char>(0xF0 | (c >> 18));
            repaired += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
            repaired += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
            repaired += static_cast<char>(0x80 | (c & 0x3F));
        }
        code_points += c;
    };
    std::size_t i = 0;
    while (i < bytes.size()) {
        const unsigned lead = byte(i);
        std::size_t length = 0;
        unsigned low = 0x80, high = 0xBF;
        char32_t value = 0;
        if (lead < 0x80) {
            length = 1;
            value = lead;
        }
        else if (lead >= 0xC2 && lead <= 0xDF) {
            length = 2;
            value = lead & 0x1Fu;
        }
        else if (lead >= 0xE0 && lead <= 0xEF) {
            length = 3;
            value = lead & 0x0Fu;
            if (lead == 0xE0) low = 0xA0;
            if (lead == 0xED) high = 0x9F;
        }
        else if (lead >= 0xF0 && lead <= 0xF4) {
            length = 4;
            value = lead & 0x07u;
            if (lead == 0xF0) low = 0x90;
            if (lead == 0xF4) high = 0x8F;
        }
        if (length == 0) {  // not a lead byte: a maximal subpart of one byte
            encode(U'\uFFFD');
            ++i;
            continue;
        }
        // The maximal subpart: the bytes taken while they stay in range.
        std::size_t taken = 1;
        for (; taken < length && i + taken < bytes.size(); ++taken) {
            const unsigned b = byte(i + taken);
            const bool ok = taken == 1 ? (b >= low && b <= high) : (b >= 0x80 && b <= 0xBF);
            if (!ok) break;
            value = static_cast<char32_t>((value << 6) | (b & 0x3Fu));
        }
        encode(taken == length ? value : U'\uFFFD');
        i += taken;
    }
}

/** One benchmark input. */
struct input {
    enum class kind_t { lipsum, ascii, big, dirty };
    std::string name;              // e.g. "lipsum-Arabic": the middle part of benchmark names
    kind_t kind = kind_t::lipsum;
    std::string bytes;             // UTF-8, well-formed unless kind is dirty
    std::u32string code_points;    // its decoding, U+FFFD for each maximal subpart (empty for `big`)
    std::string repaired;          // dirty inputs: the bytes with each maximal subpart as EF BF BD
    std::uint64_t code_point_sum = 0;
    std::size_t code_point_count = 0;
    std::string origin;            // where the bytes came from, for the report
};

inline std::string read_file(const std::filesystem::path& path)
{
    std::ifstream file(path, std::ios::binary);
    if (!file) fail("cannot read " + path.string());
    std::ostringstream text;
    text << file.rdbuf();
    return std::move(text).str();
}

inline void compute_reference(input& in, bool keep_code_points)
{
    in.code_points.clear();
    in.code_point_sum = 0;
    in.code_point_count = 0;
    if (auto error = reference_decode(in.bytes, keep_code_points ? &in.code_points : nullptr, &in.code_point_sum,
                                      &in.code_point_count))
        fail(in.name + " (" + in.origin + ") is not valid UTF-8: byte " + std::to_string(*error));
}

/** The inputs: every lipsum-*.txt of `corpus_dir` (sorted by name); a pure
    ASCII text (from mars-english.utf8.txt, else generated); and, when `big_bytes` is not 0, the lipsum files
    concatenated over and over up to `big_bytes` (whole files only, so it
    stays well-formed). */
inline std::vector<input> load_corpus(const std::filesystem::path& corpus_dir, std::size_t big_bytes)
{
    namespace fs = std::filesystem;
    if (!fs::is_directory(corpus_dir))
        fail("no corpus folder " + corpus_dir.string() +
             " (use --corpus=DIR, $UTF8VIEW_BENCH_CORPUS_DIR or -DUTF8VIEW_BENCH_CORPUS_DIR=DIR)");
    std::vector<fs::path> lipsum_paths;
    for (const auto& entry : fs::directory_iterator(corpus_dir)) {
        const std::string file = entry.path().filename().string();
        if (file.starts_with("lipsum-") && file.ends_with(".txt")) lipsum_paths.push_back(entry.path());
    }
    std::sort(lipsum_paths.begin(), lipsum_paths.end());
    if (lipsum_paths.empty()) fail("no lipsum-*.txt in " + corpus_dir.string());

    std::vector<input> inputs;
    for (const auto& path : lipsum_paths) {
        input in;
        in.name = path.filename().string();
        in.name = in.name.substr(0, in.name.find('.'));  // lipsum-Arabic.utf8.txt -> lipsum-Arabic
        in.kind = input::kind_t::lipsum;
        in.bytes = read_file(path);
        in.origin = path.filename().string();
        compute_reference(in, true);
        inputs.push_back(std::move(in));
    }

    // Pure ASCII: the English Mars article without its few non-ASCII code
    // points (every byte of a multi-byte sequence is >= 0x80), or, without
    // it, 384 KiB of generated words.
    input ascii;
    ascii.name = "ascii";
    ascii.kind = input::kind_t::ascii;
    const fs::path english = corpus_dir / "mars-english.utf8.txt";
    if (fs::is_regular_file(english)) {
        const std::string text = read_file(english);
        std::copy_if(text.begin(), text.end(), std::back_inserter(ascii.bytes),
                     [](char c) { return static_cast<unsigned char>(c) < 0x80; });
        ascii.origin = english.filename().string() + " without its non-ASCII bytes";
    }
    else {
        std::uint32_t state = 12345;  // a fixed linear congruential generator
        while (ascii.bytes.size() < 384 * 1024) {
            state = state * 1664525u + 1013904223u;
            const auto letters = 1 + (state >> 28);
            for (std::uint32_t k = 0; k < letters; ++k)
                ascii.bytes.push_back(static_cast<char>('a' + (state >> (k + 8)) % 26));
            ascii.bytes.push_back(' ');
        }
        ascii.origin = "generated words";
    }
    compute_reference(ascii, true);
    inputs.push_back(std::move(ascii));

    if (big_bytes != 0) {
        input big;
        big.kind = input::kind_t::big;
        std::size_t lipsum_total = 0;
        for (const auto& in : inputs)
            if (in.kind == input::kind_t::lipsum) lipsum_total += in.bytes.size();
        big.bytes.reserve(big_bytes);
        for (bool room = true; room;) {
            for (const auto& in : inputs) {
                if (in.kind != input::kind_t::lipsum) continue;
                if (big.bytes.size() + in.bytes.size() > big_bytes) {
                    room = false;
                    break;
                }
                big.bytes += in.bytes;
            }
            if (lipsum_total > big_bytes) break;
        }
        if (big.bytes.empty()) big.bytes = inputs.front().bytes;
        big.name = "concat-" + std::to_string((big_bytes + (1u << 19)) >> 20) + "MiB";
        big.origin = "the lipsum-*.txt files concatenated over and over";
        compute_reference(big, false);
        inputs.push_back(std::move(big));
    }
    return inputs;
}

/** The inputs with errors: text as users meet it when it is not (all)
    UTF-8. Made from the corpus:
    - `dirty-every-97`, `dirty-every-8`: the lipsum-*.txt files one after
      another, with a byte FF (never in UTF-8) inserted at the first
      character boundary at or after every 97th (8th) byte;
    - `latin1-french`: mars-french.utf8.txt in ISO-8859-1 (code points above
      U+00FF as '?'), read as UTF-8: an error at each accented letter;
    - `random-bytes`: 256 KiB from a fixed linear congruential generator. */
inline std::vector<input> make_dirty_inputs(const std::filesystem::path& corpus_dir, const std::vector<input>& valid)
{
    std::string lipsum;
    for (const auto& in : valid)
        if (in.kind == input::kind_t::lipsum) lipsum += in.bytes;
    std::vector<input> inputs;
    for (const std::size_t every : {std::size_t{97}, std::size_t{8}}) {
        input in;
        in.name = "dirty-every-" + std::to_string(every);
        in.origin = "the lipsum-*.txt files with a byte FF inserted every " + std::to_string(every) + " bytes";
        std::size_t since = 0;
        for (const char c : lipsum) {
            const bool boundary = (static_cast<unsigned char>(c) & 0xC0u) != 0x80u;
            if (boundary && since >= every) {
                in.bytes += '\xFF';
                since = 0;
            }
            in.bytes += c;
            ++since;
        }
        inputs.push_back(std::move(in));
    }
    const std::filesystem::path french = corpus_dir / "mars-french.utf8.txt";
    if (std::filesystem::is_regular_file(french)) {
        input in;
        in.name = "latin1-french";
        in.origin = "mars-french.utf8.txt in ISO-8859-1, read as UTF-8";
        std::u32string code_points;
        if (reference_decode(read_file(french), &code_points, nullptr, nullptr))
            fail("mars-french.utf8.txt is not valid UTF-8");
        for (const char32_t c : code_points) in.bytes += c <= 0xFF ? static_cast<char>(c) : '?';
        inputs.push_back(std::move(in));
    }
    input random;
    random.name = "random-bytes";
    random.origin = "256 KiB of pseudo-random bytes";
    std::uint32_t state = 2026;
    while (random.bytes.size() < 256 * 1024) {
        state = state * 1664525u + 1013904223u;
        random.bytes += static_cast<char>(state >> 24);
    }
    inputs.push_back(std::move(random));
    for (input& in : inputs) {
        in.kind = input::kind_t::dirty;
        reference_replace(in.bytes, in.code_points, in.repaired);
        in.code_point_count = in.code_points.size();
        for (const char32_t c : in.code_points) in.code_point_sum += c;
    }
    return inputs;
}

/** A forward-only iterator over bytes, for the "generic path" target (the
    loop over it at least 0.5x the contiguous lazy loop). It wraps
    `const char*` but models std::forward_iterator only
    (no --, no +, no -, not contiguous), so that a view over it cannot take
    any shortcut meant for contiguous or sized input, while the bytes are the
    same and in cache as for the contiguous loop. */
class forward_bytes {
    const char* position_ = nullptr;

public:
    using value_type = char;
    using difference_type = std::ptrdiff_t;
    using reference = const char&;
    using pointer = const char*;
    using iterator_category = std::forward_iterator_tag;
    using iterator_concept = std::forward_iterator_tag;

    forward_bytes() = default;
    explicit forward_bytes(const char* position) noexcept : position_(position) {}

    [[nodiscard]] const char& operator*() const noexcept { return *position_; }
    forward_bytes& operator++() noexcept
    {
        ++position_;
        return *this;
    }
    forward_bytes operator++(int) noexcept
    {
        forward_bytes before = *this;
        ++position_;
        return before;
    }
    [[nodiscard]] friend bool operator==(forward_bytes, forward_bytes) noexcept = default;
};
static_assert(std::forward_iterator<forward_bytes>);
static_assert(!std::bidirectional_iterator<forward_bytes>);
static_assert(!std::sized_sentinel_for<forward_bytes, forward_bytes>);

}  // namespace bench

#endif  // UTF8VIEW_BENCH_SUPPORT_HPP
