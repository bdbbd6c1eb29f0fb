// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.

// A consumer that uses every public algorithm and instantiates the views
// with each policy and each iterator category, built by
// test/cmake_strict_consumer_test/CMakeLists.txt (scripts/test-all, stage
// strict-consumer) twice, with the strict warning flags and -Werror:
//   - against <utf8view/utf8view.hpp> from include/, as a plain -I (not
//     -isystem), so that any warning from the headers fails the build;
//   - with UTF8VIEW_CONSUMER_SINGLE_HEADER, against the generated
//     utf8view_single.hpp alone (include/ is not on the include path).
// With Clang it is also built with -Weverything -Werror, against both: the
// headers turn off, for their own code only, the warnings they meet by
// design (detail/prologue.hpp); the compatibility warnings that any C++20
// code meets are turned off below for this file's own code, after the
// includes, so that they stay on for the headers.
// Exits non-zero unless every result is the expected one. The expected
// values come from the Unicode Standard 15.0: the UTF-8 example of ch. 3 §3.9
// (D92: <004D 0430 4E8C 10302> is <4D D0 B0 E4 BA 8C F0 90 8C 82>), Table 3-7
// (well-formed sequences), §3.9 "U+FFFD Substitution of Maximal Subparts",
// and the code charts (U+00C6 Æ is C3 86, U+00F8 ø is C3 B8).

#if defined(UTF8VIEW_CONSUMER_SINGLE_HEADER)
#include "utf8view_single.hpp"
#else
#include <utf8view/io.hpp>  // not in the single header
#include <utf8view/utf8view.hpp>
#endif

#include <array>
#include <cstddef>
#include <cstdio>
#include <iterator>
#include <list>
#include <optional>
#include <ranges>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

// This file is C++20: that its own code would not compile as C++98 to C++17
// is no finding (a -Weverything user of C++20 turns these off too). From
// here on only, so that the headers above are checked with them.
#if defined(__clang__)
#pragma clang diagnostic ignored "-Wc++98-compat-pedantic"
#pragma clang diagnostic ignored "-Wpre-c++14-compat-pedantic"
#pragma clang diagnostic ignored "-Wpre-c++17-compat-pedantic"
#pragma clang diagnostic ignored "-Wpre-c++20-compat-pedantic"
#endif

namespace u8v = utf8view;

namespace {

int failures = 0;

void check(bool ok, const char* what)
{
    if (!ok) {
        std::fprintf(stderr, "utf8view strict consumer: FAILED: %s\n", what);
        ++failures;
    }
}

// D92's example, as bytes and as code points.
const std::string_view d92_bytes = "\x4D\xD0\xB0\xE4\xBA\x8C\xF0\x90\x8C\x82";
const std::u32string_view d92_code_points = U"\u004D\u0430\u4E8C\U00010302";

// "Ærø": U+00C6 U+0072 U+00F8.
const std::string_view aero = "\xC3\x86\x72\xC3\xB8";

// 2F C0 AE 2E 2F: C0 is never valid (Table 3-7), AE is then a lone
// continuation byte: two maximal subparts, two U+FFFD (§3.9, Table 3-8's rule).
const std::string_view overlong_slash = "\x2F\xC0\xAE\x2E\x2F";

template <class R>
std::u32string collect(R&& range)
{
    std::u32string out;
    for (char32_t c : range) out.push_back(c);
    return out;
}

// A policy of the user's own: '?' for each maximal subpart, counted.
struct question_mark {
    int* count;
    std::optional<char32_t> operator()(const u8v::decode_error_info&) const
    {
        ++*count;
        return U'?';
    }
    std::optional<char32_t> operator()(const u8v::encode_error_info&) const
    {
        ++*count;
        return U'?';
    }
};

constexpr bool decodes_in_constant_evaluation()
{
    std::u8string_view bytes = u8"\u00C6r\u00F8";
    std::size_t count = 0;
    char32_t last = 0;
    for (char32_t c : bytes | u8v::views::decode) {
        ++count;
        last = c;
    }
    return count == 3 && last == 0x00F8 && u8v::truncate(bytes, 4).size() == 3;
}
static_assert(decodes_in_constant_evaluation());

void decoding()
{
    // The decode loop, over a contiguous range (the fast path).
    check(collect(aero | u8v::views::decode) == U"\u00C6r\u00F8", "decode Ærø");
    check(collect(d92_bytes | u8v::views::decode) == d92_code_points, "decode D92 example");
    check(collect(u8v::views::decode(std::u8string_view(u8"\U00010302"))) == U"\U00010302", "decode char8_t");

    // Policies.
    check(collect(overlong_slash | u8v::views::decode) == U"/\uFFFD\uFFFD./", "replace: 2F C0 AE 2E 2F");
    check(collect(overlong_slash | u8v::views::decode(u8v::on_error::skip)) == U"/./", "skip: 2F C0 AE 2E 2F");
    check(collect(std::string_view("\xC2\x41\x42") | u8v::views::decode) == U"\uFFFD"
                                                                            U"AB",
          "C2 41 42: the broken sequence does not swallow 41");
    int errors = 0;
    check(collect(overlong_slash | u8v::views::decode(question_mark{&errors})) == U"/??./" && errors == 2,
          "user-defined policy");
    bool thrown = false;
    try {
        for (char32_t c : overlong_slash | u8v::views::decode(u8v::on_error::throw_exception)) static_cast<void>(c);
    }
    catch (const u8v::decode_error& error) {
        thrown = error.kind() == u8v::error_kind::overlong && error.offset() == 1;
    }
    check(thrown, "throw_exception: decode_error overlong at byte 1");

    // Iterator observers.
    auto decoded = overlong_slash | u8v::views::decode;
    auto it = std::ranges::next(decoded.begin());
    check(*it == 0xFFFD && it.error() == std::optional<u8v::error_kind>(u8v::error_kind::overlong) &&
              it.base() - overlong_slash.begin() == 1 && it.code_unit_count() == 1,
          "iterator: error(), base(), code_unit_count()");

    // Bidirectional, not contiguous: backwards is the reverse of forwards.
    const std::list<char> list(d92_bytes.begin(), d92_bytes.end());
    std::u32string reversed = collect(list | u8v::views::decode | std::views::reverse);
    check(std::u32string(reversed.rbegin(), reversed.rend()) == d92_code_points, "reverse over std::list");

    // Input range: a stream, read once.
    std::istringstream stream{std::string(d92_bytes)};
    auto input = std::ranges::subrange(std::istreambuf_iterator<char>(stream), std::istreambuf_iterator<char>());
    check(collect(input | u8v::views::decode) == d92_code_points, "decode an input range");

    // Other code unit types, a C string, composition with std::views.
    const std::vector<std::byte> buffer = {std::byte{0xC3}, std::byte{0x86}};
    check(collect(buffer | u8v::views::decode) == U"\u00C6", "decode std::byte");
    check(collect(u8v::null_terminated("\xC3\xB8!") | u8v::views::decode) == U"\u00F8!", "null_terminated");
    check(collect(d92_bytes | u8v::views::decode | std::views::take(2)) == U"M\u0430", "views::take");
}

void encoding()
{
    auto encoded = d92_code_points | u8v::views::encode_as<char>;
    check(std::string(encoded.begin(), encoded.end()) == d92_bytes, "encode D92 example");
    auto u8 = std::u32string_view(U"\u00C6r\u00F8") | u8v::views::encode;
    check(std::u8string(u8.begin(), u8.end()) == u8"\u00C6r\u00F8", "encode Ærø to char8_t");

    // D800 is a surrogate, 110000 is above U+10FFFF: not scalar values.
    const std::vector<char32_t> bad = {U'a', char32_t{0xD800}, char32_t{0x110000}, U'b'};
    auto replaced = bad | u8v::views::encode_as<char>;
    check(std::string(replaced.begin(), replaced.end()) == "a\xEF\xBF\xBD\xEF\xBF\xBD"
                                                           "b",
          "encode: replace");
    int errors = 0;
    auto marked = bad | u8v::views::encode_as<char>(question_mark{&errors});
    check(std::string(marked.begin(), marked.end()) == "a??b" && errors == 2, "encode: user-defined policy");
    auto skipped = bad | u8v::views::encode_as<char>(u8v::on_error::skip);
    check(std::string(skipped.begin(), skipped.end()) == "ab", "encode: skip");
    bool thrown = false;
    try {
        for (char c : bad | u8v::views::encode_as<char>(u8v::on_error::throw_exception)) static_cast<void>(c);
    }
    catch (const u8v::encode_error& error) {
        thrown = error.kind() == u8v::error_kind::surrogate && error.offset() == 1;
    }
    check(thrown, "encode: throw_exception");

    // Round trip through both views.
    auto round_trip = aero | u8v::views::decode | u8v::views::encode_as<char>;
    check(std::string(round_trip.begin(), round_trip.end()) == aero, "decode then encode");
}

void boundaries()
{
    check(u8v::truncate(aero, 4) == "\xC3\x86r", "truncate(Ærø, 4) is Ær");
    check(u8v::truncate(aero, 5) == aero, "truncate(Ærø, 5) is all of it");
    check(u8v::truncate(aero, 1).empty(), "truncate(Ærø, 1) is empty");
    auto with_suffix = u8v::truncate(std::string_view("abcdef"), 5, std::string_view("\xE2\x80\xA6"));
    check(with_suffix.prefix == "ab" && with_suffix.append_suffix, "truncate with a suffix");
    check(u8v::floor_code_point_boundary(aero, 1) == 0 && u8v::ceil_code_point_boundary(aero, 1) == 2,
          "floor/ceil_code_point_boundary");
    check(u8v::is_code_point_boundary(aero, 3) && !u8v::is_code_point_boundary(aero, 4), "is_code_point_boundary");
    check(u8v::find_code_point_start(aero.begin(), std::ranges::next(aero.begin(), 4)) ==
              std::ranges::next(aero.begin(), 3),
          "find_code_point_start");
    check(u8v::truncate_code_points(d92_bytes, 3).size() == 6, "truncate_code_points");
    check(u8v::trim_incomplete_tail(std::string_view("a\xE4\xBA")) == "a", "trim_incomplete_tail");
    const std::list<char> list(aero.begin(), aero.end());
    auto cut = u8v::truncate(list, 4);
    check(std::ranges::distance(cut) == 3, "truncate over std::list");
    check(u8v::starts_with_bom(std::string_view("\xEF\xBB\xBFx")) &&
              u8v::strip_bom(std::string_view("\xEF\xBB\xBFx")) == "x",
          "starts_with_bom, strip_bom");
}

void validation()
{
    check(u8v::is_valid(d92_bytes) && u8v::validate(d92_bytes).offset == d92_bytes.size(), "validate D92");
    auto overlong = u8v::validate(overlong_slash);
    check(overlong.kind == u8v::error_kind::overlong && overlong.offset == 1, "validate 2F C0 AE: overlong at 1");
    check(u8v::validate(std::string_view("\xED\xA0\x80")).kind == u8v::error_kind::surrogate, "ED A0 80: surrogate");
    check(u8v::validate(std::string_view("\xF4\x90\x80\x80")).kind == u8v::error_kind::out_of_range,
          "F4 90 80 80: out_of_range");
    check(u8v::to_string(u8v::error_kind::truncated_sequence) == "truncated_sequence", "to_string(error_kind)");

    // 32 bytes or more go to the SIMD kernel: one error after 70 valid bytes.
    std::string long_text(70, 'a');
    long_text += "\xFF";
    long_text += std::string(40, 'b');
    auto result = u8v::validate(long_text);
    check(!result.valid() && result.kind == u8v::error_kind::invalid_lead_byte && result.offset == 70,
          "validate a long buffer (kernel)");
    check(u8v::is_valid(std::string(100, 'x') + std::string(aero)), "is_valid on a long buffer");
}

void transcoding()
{
    check(u8v::count_code_points(d92_bytes) == 4, "count_code_points D92");
    check(u8v::count_code_points(overlong_slash) == 5, "count_code_points with errors");

    std::u32string decoded;
    u8v::decode_into(d92_bytes, std::back_inserter(decoded));
    check(decoded == d92_code_points, "decode_into an output iterator");
    std::array<char32_t, 2> small{};
    auto [in, out] = u8v::decode_into(d92_bytes, small, u8v::on_error::replace);
    check(small[0] == 0x004D && small[1] == 0x0430 && in - d92_bytes.begin() == 3 && out == small.end(),
          "decode_into a full range stops on a boundary");

    check(u8v::encoded_size(d92_code_points) == d92_bytes.size(), "encoded_size D92");
    std::string encoded;
    u8v::encode_into(d92_code_points, std::back_inserter(encoded));
    check(encoded == d92_bytes, "encode_into an output iterator");
    std::array<char, 4> room{};
    auto written = u8v::encode_into(d92_code_points, room, u8v::on_error::replace);
    check(written.out - room.begin() == 3 && written.in - d92_code_points.begin() == 2,
          "encode_into a full range stops before a code point that does not fit");
}

void unicode_predicates()
{
    check(u8v::is_lead_byte(static_cast<unsigned char>(0xC2)) && !u8v::is_lead_byte(static_cast<unsigned char>(0xC1)),
          "is_lead_byte C2, not C1");
    check(u8v::is_continuation_byte(static_cast<unsigned char>(0xBF)), "is_continuation_byte BF");
    check(u8v::sequence_length(static_cast<unsigned char>(0xF0)) == 4 && u8v::encoded_length(char32_t{0x10302}) == 4,
          "sequence_length, encoded_length");
    check(u8v::is_scalar_value(char32_t{0x10FFFF}) && !u8v::is_scalar_value(char32_t{0xDFFF}), "is_scalar_value");
}

// U+1F600 is the surrogate pair D83D DE00 (Unicode 15.0 ch. 3 D91, Table
// 3-5); DC00 alone is an unpaired (low) surrogate.
void utf16()
{
    const std::u16string units = {u'o', 0xD83D, 0xDE00, u'k', 0xDC00};
    check(collect(units | u8v::views::decode_utf16) == U"o\U0001F600k\uFFFD", "decode_utf16");
    check(collect(units | u8v::views::decode_utf16(u8v::on_error::skip)) == U"o\U0001F600k", "decode_utf16: skip");
    auto reversed = collect(units | u8v::views::decode_utf16 | std::views::reverse);
    check(reversed == U"\uFFFDk\U0001F600o", "decode_utf16 backwards");
    auto encoded = std::u32string_view(U"o\U0001F600") | u8v::views::encode_utf16;
    check(std::u16string(encoded.begin(), encoded.end()) == u"o\U0001F600", "encode_utf16");

    auto to_utf16 = aero | u8v::views::utf8_to_utf16;
    check(std::u16string(to_utf16.begin(), to_utf16.end()) == u"\u00C6r\u00F8", "views::utf8_to_utf16");
    auto to_utf8 = units | u8v::views::utf16_to_utf8;
    check(std::u8string(to_utf8.begin(), to_utf8.end()) == u8"o\U0001F600k\uFFFD", "views::utf16_to_utf8");

    auto result = u8v::validate_utf16(units);
    check(result.kind == u8v::error_kind::unpaired_surrogate && result.offset == 4, "validate_utf16");
    check(u8v::utf16_to_utf8_size(units) == 1 + 4 + 1 + 3, "utf16_to_utf8_size");
    std::string bytes;
    u8v::utf16_to_utf8_into(units, std::back_inserter(bytes));
    check(bytes == "o\xF0\x9F\x98\x80k\xEF\xBF\xBD", "utf16_to_utf8_into");
    std::array<char, 3> room{};
    auto cut = u8v::utf16_to_utf8_into(units, room, u8v::on_error::replace);
    check(cut.in - units.begin() == 1 && cut.out - room.begin() == 1, "utf16_to_utf8_into a full range");
    check(u8v::utf8_to_utf16_size(d92_bytes) == 5, "utf8_to_utf16_size");
    std::u16string wide;
    u8v::utf8_to_utf16_into(overlong_slash, std::back_inserter(wide), u8v::on_error::skip);
    check(wide == u"/./", "utf8_to_utf16_into: skip");
    std::array<char16_t, 4> wide_room{};
    auto wide_cut = u8v::utf8_to_utf16_into(d92_bytes, wide_room, u8v::on_error::replace);
    check(wide_cut.out - wide_room.begin() == 3, "utf8_to_utf16_into a full range: no half pair");
    std::u16string appended;
    u8v::append_utf16(appended, U'\U0001F600');
    check(appended == u"\U0001F600", "append_utf16");
}

void conversions()
{
    check(u8v::to_u32string(d92_bytes) == d92_code_points, "to_u32string from UTF-8");
    check(u8v::to_u16string(std::string_view(aero)) == u"\u00C6r\u00F8", "to_u16string from UTF-8");
    check(u8v::to_utf8_string(std::u16string_view(u"\u00C6r\u00F8")) == aero, "to_utf8_string from UTF-16");
    check(u8v::to_u8string(d92_code_points) == u8"\u004D\u0430\u4E8C\U00010302", "to_u8string from code points");
    int errors = 0;
    check(u8v::to_u32string(overlong_slash, question_mark{&errors}) == U"/??./" && errors == 2,
          "to_u32string: user-defined policy");
    std::string line = "x";
    u8v::append_utf8(line, U'\u00F8');
    check(line == "x\xC3\xB8", "append_utf8");
}

void repairing()
{
    check(u8v::repaired_size(overlong_slash) == 3 + 3 + 3, "repaired_size");
    check(u8v::repair(overlong_slash) == "/\xEF\xBF\xBD\xEF\xBF\xBD./", "repair: replace");
    check(u8v::repair(overlong_slash, u8v::on_error::skip) == "/./", "repair: skip");
    std::string out;
    u8v::repair_into(overlong_slash, std::back_inserter(out));
    check(out == u8v::repair(overlong_slash), "repair_into an output iterator");
    std::array<char, 4> room{};
    auto cut = u8v::repair_into(aero, room, u8v::on_error::replace);
    check(cut.in - aero.begin() == 3 && cut.out - room.begin() == 3, "repair_into a full range");
    int errors = 0;
    check(u8v::repair(overlong_slash, question_mark{&errors}) == "/??./" && errors == 2, "repair: user policy");
}

void streams()
{
    // D92's bytes in chunks cut inside sequences.
    u8v::stream_decoder<> decoder;
    std::u32string decoded;
    for (std::size_t cut : {std::size_t{0}, std::size_t{2}, std::size_t{5}, std::size_t{8}}) {
        const std::size_t next = cut == 8 ? d92_bytes.size() : cut + (cut == 0 ? 2 : 3);
        decoder.decode(d92_bytes.substr(cut, next - cut), std::back_inserter(decoded));
    }
    decoder.finish(std::back_inserter(decoded));
    check(decoded == d92_code_points && decoder.bytes_read() == d92_bytes.size(), "stream_decoder");

    // A truncated sequence at the end is one error, reported by finish().
    int errors = 0;
    u8v::stream_decoder<question_mark> marking(question_mark{&errors});
    std::u32string marked;
    marking.decode(std::string_view("a\xE4\xBA"), std::back_inserter(marked));
    check(marking.pending() == 2, "stream_decoder holds an incomplete sequence");
    marking.finish(std::back_inserter(marked));
    check(marked == U"a?" && errors == 1, "stream_decoder: finish");

    u8v::stream_repairer<> repairer;
    std::string repaired;
    repairer.repair(overlong_slash.substr(0, 2), std::back_inserter(repaired));
    repairer.repair(overlong_slash.substr(2), std::back_inserter(repaired));
    repairer.finish(std::back_inserter(repaired));
    check(repaired == u8v::repair(overlong_slash), "stream_repairer");
}

void kernels()
{
    const std::string before(u8v::active_validation_kernel());
    check(u8v::force_validation_kernel("scalar") && u8v::active_validation_kernel() == "scalar", "force scalar");
    check(u8v::validate(std::string(100, 'a') + "\xC0\xAF").offset == 100, "validate with the scalar kernel");
    check(u8v::force_validation_kernel(before), "force the kernel back");
    check(!u8v::active_transcoding_kernel().empty(), "active_transcoding_kernel");
}

#if !defined(UTF8VIEW_CONSUMER_SINGLE_HEADER)
void printing()
{
    std::ostringstream out;
    out << u8v::decode_error_info{u8v::error_kind::overlong, 12, 2} << '|'
        << u8v::encode_error_info{u8v::error_kind::surrogate, 3, 0xD800} << '|' << u8v::validate(overlong_slash) << '|'
        << u8v::error_kind::truncated_sequence;
    check(out.str() == "overlong at byte offset 12, 2 bytes|surrogate U+D800 at code point offset 3|"
                       "overlong at byte offset 1|truncated_sequence",
          "io.hpp: operator<<");
}
#endif

}  // namespace

int main()
{
    decoding();
    encoding();
    boundaries();
    validation();
    transcoding();
    unicode_predicates();
    utf16();
    conversions();
    repairing();
    streams();
    kernels();
#if !defined(UTF8VIEW_CONSUMER_SINGLE_HEADER)
    printing();
#endif
    if (failures != 0) return 1;
#if defined(UTF8VIEW_CONSUMER_SINGLE_HEADER)
    std::printf("utf8view strict consumer: ok (utf8view_single.hpp, utf8view %s)\n", UTF8VIEW_VERSION_STRING);
#else
    std::printf("utf8view strict consumer: ok (<utf8view/utf8view.hpp>, utf8view %s)\n", UTF8VIEW_VERSION_STRING);
#endif
    return 0;
}
