// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.

// Fuzz target: arbitrary bytes through the character boundary functions,
// compared with the segments of the reference decoder
// (support/reference_utf8.hpp), over contiguous bytes placed flush with the
// start and with the end of readable memory, and over a std::list<char>:
//
//   - find_code_point_start at every position;
//   - floor_code_point_boundary, ceil_code_point_boundary and
//     is_code_point_boundary at every index 0 .. size + 1;
//   - truncate at every limit 0 .. size + 1, and with a suffix of 0 to 4
//     bytes; truncate_code_points at every count;
//   (on inputs longer than 256 bytes, past the first 256 and before the
//   last 64 positions, one in 7, where the input's hash says);
//   - trim_incomplete_tail;
//   - starts_with_bom and strip_bom.
//
// The boundaries do not depend on a kernel: nothing here is forced.

#include <utf8view/bom.hpp>
#include <utf8view/boundary.hpp>

#include "fuzz/fuzz_support.hpp"

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <list>
#include <string>
#include <string_view>
#include <vector>

namespace u8v = utf8view;
namespace f = utf8view_fuzz;
namespace ref = utf8view_test::reference;
using f::check;

namespace {

template <class Bytes>
std::size_t offset_of(const Bytes& bytes, const std::ranges::iterator_t<const Bytes>& it)
{
    return static_cast<std::size_t>(std::ranges::distance(std::ranges::begin(bytes), it));
}

// Every check on one bidirectional byte range. Random-access ranges get
// every position; others (std::list) a few, to stay fast (each of their
// calls is O(index)).
// The reference's boundaries, laid out per byte so that each look-up is O(1)
// (ref::floor_boundary and ref::ceil_boundary search the segments).
struct boundary_table {
    std::vector<std::size_t> start;  // start[i]: the start of the segment holding byte i
    std::vector<std::size_t> end;    // end[i]: its end
    std::size_t size = 0;

    explicit boundary_table(const std::vector<ref::segment>& segments, std::size_t bytes) : size(bytes)
    {
        for (const ref::segment& s : segments)
            for (std::size_t i = s.offset; i < s.end(); ++i) {
                start.push_back(s.offset);
                end.push_back(s.end());
            }
    }
    std::size_t floor(std::size_t index) const { return index >= size ? size : start[index]; }
    std::size_t ceil(std::size_t index) const
    {
        if (index >= size) return size;
        return start[index] == index ? index : end[index];
    }
};

template <class Bytes>
void check_boundaries(const Bytes& bytes, const std::vector<ref::segment>& segments, const boundary_table& table,
                      const char* base)
{
    const std::size_t size = table.size;
    // Random-access ranges: every index up to 256 and the last 64, one in
    // 7 between (starting where the input's hash says); a std::list, whose
    // calls cost O(index), a few.
    constexpr bool random_access = std::ranges::random_access_range<Bytes>;
    const std::size_t phase = static_cast<std::size_t>(f::hash_of(f::current_input) % 7);
    const auto every = [&](std::size_t index) {
        if (index < 6 || index + 6 > size) return true;
        if (!random_access) return index % 61 == 0;
        return index < 256 || index + 64 > size || index % 7 == phase;
    };

    auto position = std::ranges::begin(bytes);
    for (std::size_t index = 0; index < size; ++index, ++position) {
        if (!every(index)) continue;
        const std::size_t expected = table.start[index];
        const std::size_t got = offset_of(bytes, u8v::find_code_point_start(std::ranges::begin(bytes), position));
        check(got == expected, base, ": find_code_point_start at ", index, " gave ", got, ", expected ", expected);
    }
    for (std::size_t index = 0; index <= size + 1; ++index) {
        if (!every(index)) continue;
        const std::size_t floor = table.floor(index);
        const std::size_t ceil = table.ceil(index);
        const std::size_t clamped = index < size ? index : size;
        check(u8v::floor_code_point_boundary(bytes, index) == floor, base, ": floor_code_point_boundary(", index,
              ") gave ", u8v::floor_code_point_boundary(bytes, index), ", expected ", floor);
        check(u8v::ceil_code_point_boundary(bytes, index) == ceil, base, ": ceil_code_point_boundary(", index,
              ") gave ", u8v::ceil_code_point_boundary(bytes, index), ", expected ", ceil);
        check(u8v::is_code_point_boundary(bytes, index) == (floor == clamped), base, ": is_code_point_boundary(", index,
              ")");
        const auto cut = u8v::truncate(bytes, index);
        const auto cut_size = static_cast<std::size_t>(std::ranges::distance(cut));
        check(cut_size == floor, base, ": truncate(", index, ") kept ", cut_size, " bytes, expected ", floor);
        check(std::ranges::begin(cut) == std::ranges::begin(bytes), base, ": truncate(", index,
              ") does not start at the start");
        // With a suffix: if the bytes fit, all of them and no suffix; else
        // cut to leave room for the suffix if it fits at all.
        for (std::size_t suffix_size = 0; suffix_size <= 4; ++suffix_size) {
            const std::string suffix(suffix_size, '.');
            const auto [prefix, append] = u8v::truncate(bytes, index, std::string_view(suffix));
            const bool fits = size <= index;
            const bool expect_append = !fits && suffix_size <= index;
            const std::size_t limit = expect_append ? index - suffix_size : index;
            const std::size_t expected = fits ? size : table.floor(limit);
            const auto got = static_cast<std::size_t>(std::ranges::distance(prefix));
            check(got == expected && append == expect_append, base, ": truncate(", index, ", suffix of ", suffix_size,
                  ") kept ", got, " bytes (append ", append, "), expected ", expected, " (append ", expect_append, ")");
        }
    }
    // truncate_code_points: the first `count` segments. It is O(count), so
    // beyond the first 64 and the last 8 counts, one in 97.
    for (std::size_t count = 0; count <= segments.size() + 1; ++count) {
        if (!every(count) || !(count < 64 || count + 8 > segments.size() || count % 97 == 0)) continue;
        const std::size_t expected = count < segments.size() ? segments[count].offset : size;
        const auto got = static_cast<std::size_t>(std::ranges::distance(u8v::truncate_code_points(bytes, count)));
        check(got == expected, base, ": truncate_code_points(", count, ") kept ", got, " bytes, expected ", expected);
    }
    const std::size_t tail_kept = ref::without_incomplete_tail(segments, size);
    const auto trimmed = static_cast<std::size_t>(std::ranges::distance(u8v::trim_incomplete_tail(bytes)));
    check(trimmed == tail_kept, base, ": trim_incomplete_tail kept ", trimmed, " bytes, expected ", tail_kept);

    // A BOM is EF BB BF at the start (U+FEFF, Table 3-6).
    const std::vector<ref::segment>& s = segments;
    const bool bom = !s.empty() && s.front().well_formed() && s.front().code_point == 0xFEFF;
    check(u8v::starts_with_bom(bytes) == bom, base, ": starts_with_bom");
    check(static_cast<std::size_t>(std::ranges::distance(u8v::strip_bom(bytes))) == size - (bom ? 3 : 0), base,
          ": strip_bom");
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
    const boundary_table table(segments, size);
    f::page_end_buffer& buffer = input_buffer();

    // Flush with the start (look-backs never read before it) and with the
    // end (look-aheads never read past it).
    const auto* at_start = reinterpret_cast<const char*>(buffer.at_start(input));
    check_boundaries(std::string_view(at_start, size), segments, table, "std::string_view at a page start");
    const auto* at_end = reinterpret_cast<const char*>(buffer.at_end(input));
    check_boundaries(std::string_view(at_end, size), segments, table, "std::string_view at a page end");
    const std::list<char> list(input.begin(), input.end());
    check_boundaries(list, segments, table, "std::list<char>");
    return 0;
}
