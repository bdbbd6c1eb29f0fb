// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at https://www.boost.org/LICENSE_1_0.txt)

// utf16_to_utf8: converts a UTF-16 file to UTF-8, on standard output.
//
//   utf16_to_utf8 [--byte-order LE|BE] [--policy replace|skip|throw] [FILE]   (no FILE, or "-": standard input)
//
// The byte order comes from the byte order mark (FF FE: little-endian,
// FE FF: big-endian), which is not written out; a file without one needs
// --byte-order. As in the WHATWG encoding standard's decode, a BOM wins
// over --byte-order. Each unpaired surrogate is one error, reported on
// standard error with its position:
//
//   FILE: code unit 6 (byte 14): unpaired surrogate D83D
//
// and, with --policy replace (the default), written as U+FFFD (EF BF BD);
// with skip, left out; with throw, conversion stops there (what came before
// is written). An odd byte at the end (half a code unit) is one more error,
// handled the same way. Last, "FILE: N errors" or "FILE: valid UTF-16" on
// standard error. Exit status: 0 no error, 1 some error, 2 the file could
// not be read or the command line is wrong.
//
// The file is mapped (or read) whole; the code units are assembled a piece
// at a time into a buffer in the machine's order and converted by
// utf16_to_utf8_into. A piece never ends between the two halves of a
// surrogate pair.

#include <utf8view/utf8view.hpp>

#include "read_file.hpp"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <iostream>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

namespace {

namespace u8v = utf8view;

enum exit_code : int { no_error = 0, some_error = 1, trouble = 2 };

enum class byte_order { little, big };

// Code units converted per call: 64 KiB of input.
constexpr std::size_t piece_units = 32 * 1024;

// The UTF-16 code unit whose two bytes start at `bytes`.
char16_t load_unit(const char* bytes, byte_order order)
{
    const auto first = static_cast<unsigned char>(bytes[0]);
    const auto second = static_cast<unsigned char>(bytes[1]);
    return order == byte_order::little ? static_cast<char16_t>(first | second << 8)
                                       : static_cast<char16_t>(first << 8 | second);
}

// What the whole run has seen.
struct conversion_state {
    std::string name;                // FILE, or <stdin>
    std::uint64_t bom_bytes = 0;     // 2 if the file starts with a BOM
    std::uint64_t errors = 0;
};

// A user-defined error policy: prints each unpaired surrogate, counts it,
// and answers U+FFFD (replace) or nothing (skip). `base` is the offset, in
// code units, of the piece being converted; the library gives offsets from
// the start of the range it was handed.
struct reporting_policy {
    conversion_state* state;
    const std::vector<char16_t>* piece;
    std::uint64_t base;
    bool replace;

    std::optional<char32_t> operator()(const u8v::decode_error_info& error) const
    {
        const std::uint64_t unit = base + error.offset;
        std::fprintf(stderr, "%s: code unit %llu (byte %llu): unpaired surrogate %04X\n", state->name.c_str(),
                     static_cast<unsigned long long>(unit),
                     static_cast<unsigned long long>(state->bom_bytes + 2 * unit),
                     static_cast<unsigned>((*piece)[static_cast<std::size_t>(error.offset)]));
        ++state->errors;
        if (replace) return U'\uFFFD';
        return std::nullopt;
    }
};

// Writes to standard output; main() checks ferror once at the end.
void write_all(std::span<const char> bytes)
{
    static_cast<void>(std::fwrite(bytes.data(), 1, bytes.size(), stdout));
}

// Converts the code units in `bytes` (a whole number of them) piece by
// piece. Returns false if a throwing policy stopped it.
template <class MakePolicy>
bool convert(std::string_view bytes, byte_order order, conversion_state& state, MakePolicy make_policy)
{
    const std::size_t total_units = bytes.size() / 2;
    std::vector<char16_t> piece;
    std::vector<char> out;
    std::size_t unit = 0;
    while (unit < total_units) {
        std::size_t count = std::min(piece_units, total_units - unit);
        piece.resize(count);
        for (std::size_t index = 0; index < count; ++index)
            piece[index] = load_unit(bytes.data() + 2 * (unit + index), order);
        // A high surrogate last in the piece waits for the next one, which
        // starts with it: its low surrogate may be there.
        if (unit + count < total_units && count > 1 && piece.back() >= 0xD800 && piece.back() <= 0xDBFF) {
            piece.pop_back();
            --count;
        }
        out.resize(u8v::utf16_to_utf8_size(piece));  // enough with replace, more than enough with skip
        try {
            const auto result = u8v::utf16_to_utf8_into(piece, out.data(), make_policy(piece, unit));
            write_all({out.data(), static_cast<std::size_t>(result.out - out.data())});
        }
        catch (const u8v::decode_error& error) {
            // The library's offset counts from the start of this piece. The
            // code units before the error are converted again (the first
            // call's output end was lost with the exception) and written.
            const std::uint64_t at = unit + error.offset();
            const auto before = std::span<const char16_t>(piece).first(static_cast<std::size_t>(error.offset()));
            const char* const end = u8v::utf16_to_utf8_into(before, out.data()).out;
            write_all({out.data(), static_cast<std::size_t>(end - out.data())});
            std::fprintf(stderr, "%s: code unit %llu (byte %llu): unpaired surrogate %04X; stopped\n",
                         state.name.c_str(), static_cast<unsigned long long>(at),
                         static_cast<unsigned long long>(state.bom_bytes + 2 * at),
                         static_cast<unsigned>(piece[static_cast<std::size_t>(error.offset())]));
            ++state.errors;
            return false;
        }
        unit += count;
    }
    return true;
}

}  // namespace

int main(int argc, char** argv)
{
    CLI::App app{"Converts a UTF-16 file to UTF-8 on standard output.", "utf16_to_utf8"};
    app.footer("The byte order mark (FF FE or FE FF) gives the byte order and is not written out; without one,\n"
               "--byte-order is needed. Each unpaired surrogate, and an odd byte at the end, is an error,\n"
               "reported on standard error: replace writes U+FFFD for it, skip leaves it out, throw stops.\n"
               "Exit status: 0 no error, 1 some error, 2 unreadable file or wrong command line.");

    std::string path = "-";
    std::string order_name;
    std::string policy = "replace";
    app.add_option("FILE", path, "File to convert; none, or \"-\", means standard input")->type_name("");
    app.add_option("--byte-order", order_name, "LE or BE, for a file without a byte order mark")
        ->check(CLI::IsMember({"LE", "BE"}));
    app.add_option("--policy", policy, "What to do with unpaired surrogates (default: replace)")
        ->check(CLI::IsMember({"replace", "skip", "throw"}));
    try {
        app.parse(argc, argv);
    }
    catch (const CLI::ParseError& error) {
        return app.exit(error) == 0 ? no_error : trouble;
    }

    example::use_binary_stdio();
    conversion_state state;
    state.name = path == "-" ? "<stdin>" : path;
    example::mapped_file file;
    try {
        file = example::map_file(path);
    }
    catch (const std::system_error& failure) {
        std::cerr << "utf16_to_utf8: cannot read " << state.name << ": " << failure.code().message() << '\n';
        return trouble;
    }

    std::string_view bytes = file.bytes();
    std::optional<byte_order> order;
    if (bytes.starts_with("\xFF\xFE")) order = byte_order::little;
    else if (bytes.starts_with("\xFE\xFF")) order = byte_order::big;
    if (order) {
        bytes.remove_prefix(2);
        state.bom_bytes = 2;
    }
    else if (!order_name.empty()) {
        order = order_name == "LE" ? byte_order::little : byte_order::big;
    }
    else {
        std::cerr << "utf16_to_utf8: " << state.name << " has no byte order mark: say --byte-order LE or BE\n";
        return trouble;
    }

    bool finished = true;
    if (policy == "throw") {
        finished = convert(bytes, *order, state,
                           [](const std::vector<char16_t>&, std::size_t) { return u8v::on_error::throw_exception; });
    }
    else {
        const bool replace = policy == "replace";
        finished = convert(bytes, *order, state, [&](const std::vector<char16_t>& piece, std::size_t base) {
            return reporting_policy{&state, &piece, base, replace};
        });
    }
    if (finished && bytes.size() % 2 != 0) {
        std::fprintf(stderr, "%s: byte %llu: odd byte at the end (half a code unit)%s\n", state.name.c_str(),
                     static_cast<unsigned long long>(state.bom_bytes + bytes.size() - 1),
                     policy == "throw" ? "; stopped" : "");
        ++state.errors;
        if (policy == "replace") write_all(std::string_view("\xEF\xBF\xBD"));
    }
    if (std::fflush(stdout) != 0 || std::ferror(stdout)) {
        std::cerr << "utf16_to_utf8: cannot write the output\n";
        return trouble;
    }
    if (state.errors == 0) std::fprintf(stderr, "%s: valid UTF-16\n", state.name.c_str());
    else
        std::fprintf(stderr, "%s: %llu error%s\n", state.name.c_str(), static_cast<unsigned long long>(state.errors),
                     state.errors == 1 ? "" : "s");
    return state.errors == 0 ? no_error : some_error;
}
