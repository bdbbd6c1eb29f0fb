// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at https://www.boost.org/LICENSE_1_0.txt)

// utf8check: reports where files are not valid UTF-8, or repairs them.
//
//   utf8check [--repair | --skip] [--quiet] [--buffer BYTES] [FILE...]   (no FILE, or "-": standard input)
//
// Each ill-formed maximal subpart (Unicode 15.0 ch. 3 §3.9) is one error,
// printed as FILE:LINE:COLUMN: byte OFFSET: KIND (bytes XX YY). See --help
// and README.md for what LINE and COLUMN count.
//
// It streams: each file (or pipe) is read a buffer at a time (64 KiB by
// default: the bytes read are still in the core's cache when they are
// validated; with 1 MiB, on a CPU with 512 KiB of L2, checking a large file
// took 2 to 3 times as long). A larger buffer is handed to the library in
// slices of at most 64 KiB, and the diagnostics are written out whenever
// 64 KiB of them are pending, so memory is the buffer and a few hundred
// KiB, whatever the size of the input, its errors or the file's name. Each
// slice is validated by the SIMD kernels first; where
// it is valid, only its line feeds are counted (to give LINE for a later
// error), and columns are counted only after the last line feed. A buffer's end can cut a character:
// its first bytes (at most 3) are moved in front of the next buffer, into
// room kept there for them, so every piece handed to the library is whole;
// a slice ends the same way (utf8view::trim_incomplete_tail).

#include <utf8view/utf8view.hpp>

#include "read_file.hpp"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <bit>
#include <charconv>
#include <cerrno>
#include <csignal>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

namespace {

namespace u8v = utf8view;

// Exit codes, ordered by severity so that the worst file wins.
enum exit_code : int { all_valid = 0, some_invalid = 1, trouble = 2 };

enum class mode {
    report,  // diagnostics on stdout
    repair,  // text with U+FFFD for each maximal subpart on stdout, diagnostics on stderr
    skip,    // text without the maximal subparts on stdout, diagnostics on stderr
};

constexpr std::string_view help_footer = R"(Output:
  One line per ill-formed maximal subpart (Unicode 15.0 ch. 3 sec. 3.9):
    FILE:LINE:COLUMN: byte OFFSET: KIND (bytes XX YY)
  LINE counts LF bytes, from 1. COLUMN counts code points, from 1; each
  earlier maximal subpart on the line counts as one, as the U+FFFD that
  replaces it would. OFFSET is the byte offset in the file, from 0. KIND is
  one of truncated_sequence, unexpected_continuation_byte, overlong,
  surrogate, out_of_range, invalid_lead_byte. FILE is <stdin> for standard
  input. After each file, "FILE: N errors" or "FILE: valid UTF-8" goes to
  standard error.
  With --repair or --skip, standard output receives the text (every other
  byte unchanged: BOM, NUL, CR, a missing final newline) and the
  diagnostics go to standard error. With --repair the text is what a web
  browser's TextDecoder makes of the bytes when told to keep a BOM
  (ignoreBOM: true; by default it drops one at the start).
  With --quiet no diagnostic and no summary is printed: alone, it only
  sets the exit status, and reads each file only up to its first error;
  with --repair or --skip, standard output receives the text and nothing
  else is printed.
Input:
  Files, pipes and terminals are read a buffer at a time (--buffer), so
  memory use does not grow with the input: about the buffer's size and a
  few hundred KiB. Files are checked in the order given.
Exit status:
  0 all files are valid UTF-8, 1 some file is not, 2 some file could not be
  read, standard output (or standard error, with --repair or --skip) could
  not be written (a full disk, a closed pipe), or the command line is
  wrong. The other files are still checked after a file that cannot be
  read; nothing more is done after a write error.)";

// A write to standard output (or standard error) failed: the program
// reports it and stops.
struct write_failure {
    int error_number;
    const char* stream_name;
};

const char* name_of(std::FILE* stream)
{
    return stream == stderr ? "standard error" : "standard output";
}

// Writes `bytes` to `stream`, throwing write_failure if they cannot all be written.
void write_bytes(std::FILE* stream, const void* bytes, std::size_t size)
{
    if (size != 0 && std::fwrite(bytes, 1, size, stream) != size) throw write_failure{errno, name_of(stream)};
}

// Where the next byte is, as LINE and COLUMN count it.
struct text_position {
    std::uint64_t line = 1;
    std::uint64_t column = 1;
};

// Bit 7 of each byte of `word` set where that byte is a line feed, all
// other bits clear. Exact: x is zero exactly where a line feed is; its low
// 7 bits plus 0x7F set bit 7 unless they are all zero, and stay in their
// byte (at most 0xFE), and OR with x itself sets it where x has bit 7
// (0x8A).
constexpr std::uint64_t line_feed_bits(std::uint64_t word)
{
    constexpr std::uint64_t low_bits = 0x7F7F7F7F7F7F7F7F;
    const std::uint64_t x = word ^ 0x0A0A0A0A0A0A0A0A;  // zero where a line feed is
    return ~(((x & low_bits) + low_bits) | x | low_bits);
}

// Bit 7 of each byte of `word` set where that byte starts a code point
// (is not a continuation byte 10xxxxxx: bit 7 set, bit 6 clear).
constexpr std::uint64_t code_point_start_bits(std::uint64_t word)
{
    return ~(word & ~(word << 1)) & 0x8080808080808080;
}

// The `size` (at most 8) bytes at `p` as a number, byte i in bits 8i to
// 8i + 7, whatever the machine's byte order (GCC and Clang make it one
// load on a little-endian machine when size is 8).
constexpr std::uint64_t little_endian_word(const unsigned char* p, std::size_t size)
{
    std::uint64_t word = 0;
    for (std::size_t index = 0; index != size; ++index) word |= std::uint64_t{p[index]} << (8 * index);
    return word;
}

// How many bytes of `bits` (only bit 7 of each may be set) have it set: a
// multiply adds the eight 0-or-1 bytes into the top one (GCC makes
// std::popcount a library call on x86-64 without -mpopcnt, the default).
constexpr std::uint64_t count_bytes_set(std::uint64_t bits)
{
    return ((bits >> 7) * 0x0101010101010101) >> 56;
}

// The last line feed in first[0, size), or null if there is none.
const unsigned char* find_last_line_feed(const unsigned char* first, std::size_t size)
{
#if defined(__GLIBC__) && defined(_GNU_SOURCE)  // where <cstring> declares memrchr
    return static_cast<const unsigned char*>(memrchr(first, '\n', size));
#else
    for (std::size_t index = size; index != 0; --index)
        if (first[index - 1] == '\n') return first + index - 1;
    return nullptr;
#endif
}

// move_over_valid for a long stretch: line feeds are counted before the
// last one (found by memrchr where the C library has it), code points only
// after it, each count a loop the compiler vectorizes.
void move_over_long_valid(text_position& position, const unsigned char* first, const unsigned char* last)
{
    const auto size = static_cast<std::size_t>(last - first);
    if (const unsigned char* line_feed = find_last_line_feed(first, size)) {
        std::uint64_t line_feeds = 1;
        for (const unsigned char* p = first; p != line_feed; ++p) line_feeds += *p == '\n' ? 1u : 0u;
        position.line += line_feeds;
        position.column = 1;
        first = line_feed + 1;
    }
    std::uint64_t code_points = 0;
    for (const unsigned char* p = first; p != last; ++p) code_points += u8v::is_continuation_byte(*p) ? 0u : 1u;
    position.column += code_points;
}

// Moves `position` over [first, last), which holds only well-formed UTF-8:
// each line feed starts a new line, each code point after the last line
// feed takes a column. Between dense errors the stretches are a few dozen
// bytes, too short for the calls and vector loops of move_over_long_valid
// to pay: these go eight bytes at a time, with bit operations.
void move_over_valid(text_position& position, const unsigned char* first, const unsigned char* last)
{
    constexpr std::ptrdiff_t long_stretch_bytes = 256;
    if (last - first >= long_stretch_bytes) {
        move_over_long_valid(position, first, last);
        return;
    }
    // Counted in locals: through `position` each word waited for the last one's store.
    std::uint64_t line = position.line;
    std::uint64_t column = position.column;
    // Moves over the bytes of `word` that `present` keeps (bits 8i to 8i + 7
    // for byte i; the bytes kept are the low ones). The bytes above them
    // must be zero in `word`: never a line feed (their code point starts
    // `present` clears).
    const auto move_over_word = [&](std::uint64_t word, std::uint64_t present) {
        std::uint64_t starts = code_point_start_bits(word) & present;
        if (const std::uint64_t line_feeds = line_feed_bits(word)) {
            line += count_bytes_set(line_feeds);
            column = 1;
            // Only the code points after the last line feed (bit 8k+7; none
            // after it if it is the word's last byte).
            const int last_line_feed = 63 - std::countl_zero(line_feeds);
            starts = last_line_feed == 63 ? 0 : starts >> (last_line_feed + 1);
        }
        column += count_bytes_set(starts);
    };
    const auto low_bytes = [](std::size_t count) { return (std::uint64_t{1} << (8 * count)) - 1; };  // count < 8
    if (last - first >= 8) {
        for (; last - first >= 8; first += 8) move_over_word(little_endian_word(first, 8), ~std::uint64_t{0});
        // The rest: the 8 bytes that end the stretch, shifted down to the new ones.
        if (const auto rest = static_cast<std::size_t>(last - first); rest != 0)
            move_over_word(little_endian_word(last - 8, 8) >> (8 * (8 - rest)), low_bytes(rest));
    }
    else if (first != last) {
        const auto size = static_cast<std::size_t>(last - first);
        move_over_word(little_endian_word(first, size), low_bytes(size));
    }
    position = {line, column};
}

// Writes `number` in decimal at `out`, which has room for 20 characters;
// returns the end (dense errors make this a hot path: no allocation).
char* put_number(char* out, std::uint64_t number)
{
    return std::to_chars(out, out + 20, number).ptr;
}

// Writes `text` at `out`; returns the end.
char* put_text(char* out, std::string_view text)
{
    std::memcpy(out, text.data(), text.size());
    return out + text.size();
}

// Writes "C3 86" (bytes in upper-case hexadecimal, separated by spaces) at
// `out`, which has room for 3 * size characters; returns the end.
char* put_hex_bytes(char* out, const unsigned char* bytes, std::size_t size)
{
    constexpr std::string_view digits = "0123456789ABCDEF";
    for (std::size_t index = 0; index < size; ++index) {
        if (index != 0) *out++ = ' ';
        *out++ = digits[bytes[index] >> 4];
        *out++ = digits[bytes[index] & 0x0F];
    }
    return out;
}

// What a policy was told about one maximal subpart.
struct error_record {
    u8v::error_kind kind;
    std::size_t offset;  // in the piece
    std::size_t length;
};

// Replaces (or drops) each maximal subpart, and records it.
// (A flag rather than an optional<char32_t> member: GCC copied that member
// out in two stores and read it back in one, a stall on every error.)
struct recording_policy {
    std::vector<error_record>* errors;
    bool replace;  // U+FFFD for each, or nothing
    std::optional<char32_t> operator()(const u8v::decode_error_info& info) const
    {
        errors->push_back({info.kind, static_cast<std::size_t>(info.offset), info.length});
        if (replace) return U'\uFFFD';
        return std::nullopt;
    }
};

// One file (or standard input) being checked.
class checker {
public:
    checker(std::string file_name, mode how, bool quiet, std::size_t buffer_size)
        : file_name_(std::move(file_name)), how_(how), quiet_(quiet), buffer_(held_room + buffer_size)
    {
        if (!quiet_) diagnostics_.resize(pending_diagnostics_bytes + file_name_.size() + line_room);
        // At most 3 bytes out for each byte in (a replacement for each).
        if (how_ == mode::repair || how_ == mode::skip)
            output_.resize(3 * (held_room + std::min(buffer_size, slice_bytes)));
    }

    // Reads `file` to its end (or, with --quiet alone, to its first error).
    // Throws std::system_error if reading fails, write_failure if writing does.
    void run(std::FILE* file)
    {
        unsigned char* const data = buffer_.data() + held_room;
        const std::size_t capacity = buffer_.size() - held_room;
        std::size_t held = 0;  // bytes before `data`: a sequence the previous buffer cut short
        while (true) {
            const std::size_t count = std::fread(data, 1, capacity, file);
            if (count == 0) {
                if (std::ferror(file)) throw std::system_error(errno, std::generic_category());
                // The end: what is held is one error, a sequence cut short.
                if (held != 0) check_piece(std::span<const unsigned char>(data - held, held));
                break;
            }
            const std::span<const unsigned char> bytes(data - held, held + count);
            const std::span<const unsigned char> whole = u8v::trim_incomplete_tail(bytes);
            check_piece(whole);
            if (how_ == mode::report && quiet_ && error_count_ != 0) return;
            // The cut sequence moves in front of the next buffer's bytes.
            held = bytes.size() - whole.size();
            std::memmove(data - held, whole.data() + whole.size(), held);
        }
    }

    [[nodiscard]] std::uint64_t error_count() const noexcept { return error_count_; }

private:
    static constexpr std::size_t held_room = 3;
    // The most bytes handed to the library at once (and held_room more: a
    // piece of one default buffer is never cut): bounds the repaired text
    // and the errors recorded for one call, whatever --buffer is.
    static constexpr std::size_t slice_bytes = std::size_t{64} * 1024;
    // Diagnostics are written out once this many bytes of them are pending.
    static constexpr std::size_t pending_diagnostics_bytes = std::size_t{64} * 1024;

    // Checks (and repairs) `piece`, which ends on a segment boundary, in
    // slices of at most held_room + slice_bytes. Each slice but the last
    // ends where trim_incomplete_tail says (not inside a sequence that the
    // next bytes could complete), so the errors and their kinds are those
    // of the whole piece, as for the buffers (see run).
    void check_piece(std::span<const unsigned char> piece)
    {
        while (piece.size() > held_room + slice_bytes) {
            const std::size_t cut = u8v::trim_incomplete_tail(piece.first(slice_bytes)).size();
            check_slice(piece.first(cut));
            if (how_ == mode::report && quiet_ && error_count_ != 0) return;
            piece = piece.subspan(cut);
        }
        check_slice(piece);
    }

    // Checks (and repairs) `piece`, at most held_room + slice_bytes long,
    // which ends on a segment boundary.
    void check_slice(std::span<const unsigned char> piece)
    {
        switch (how_) {
        case mode::report:
            if (!quiet_) report(piece);
            else if (!u8v::validate(piece).valid()) ++error_count_;
            break;
        case mode::repair:
        case mode::skip: repair(piece); break;
        }
        offset_ += piece.size();
    }

    // Diagnostics on stdout: validate, count over the valid stretch, report
    // the maximal subpart at its end, and go on after it.
    void report(std::span<const unsigned char> piece)
    {
        std::size_t done = 0;
        while (done != piece.size()) {
            const std::span<const unsigned char> rest = piece.subspan(done);
            const u8v::validation_result result = u8v::validate(rest);
            move_over_valid(position_, rest.data(), rest.data() + result.offset);
            if (result.valid()) break;
            // The maximal subpart there ends at the first boundary after its first byte.
            const std::size_t length = u8v::ceil_code_point_boundary(rest.subspan(result.offset), 1);
            diagnostic(*result.kind, done + result.offset, rest.data() + result.offset, length);
            done += result.offset + length;
        }
        write_diagnostics();
    }

    // The text on stdout, repaired by the bulk repairer (well-formed
    // stretches copied whole); diagnostics on stderr.
    void repair(std::span<const unsigned char> piece)
    {
        if (quiet_) {
            // No diagnostics, and the exit status needs only whether there
            // was an error: a valid slice goes out as it is, and another is
            // repaired with the library's own policies, which it repairs in
            // bulk where errors are dense (a call per error would cost
            // several times as much over binary data). error_count_ then
            // says only whether it is 0.
            if (u8v::is_valid(piece)) {
                write_bytes(stdout, piece.data(), piece.size());
                return;
            }
            ++error_count_;
            const auto result = how_ == mode::repair ? u8v::repair_into(piece, output_.data(), u8v::on_error::replace)
                                                     : u8v::repair_into(piece, output_.data(), u8v::on_error::skip);
            write_bytes(stdout, output_.data(), static_cast<std::size_t>(result.out - output_.data()));
            return;
        }
        errors_.clear();
        const auto result = u8v::repair_into(piece, output_.data(), recording_policy{&errors_, how_ == mode::repair});
        std::size_t done = 0;
        for (const error_record& error : errors_) {
            move_over_valid(position_, piece.data() + done, piece.data() + error.offset);
            diagnostic(error.kind, error.offset, piece.data() + error.offset, error.length);
            done = error.offset + error.length;
        }
        move_over_valid(position_, piece.data() + done, piece.data() + piece.size());
        write_bytes(stdout, output_.data(), static_cast<std::size_t>(result.out - output_.data()));
        write_diagnostics();
    }

    // Writes the pending diagnostics: to standard output when reporting, to
    // standard error when the text goes to standard output.
    void write_diagnostics()
    {
        write_bytes(how_ == mode::report ? stdout : stderr, diagnostics_.data(), pending_);
        pending_ = 0;
    }

    // ":LINE:COLUMN: byte OFFSET: KIND (bytes XX XX XX)\n", after the file
    // name: three numbers of at most 20 digits, a kind name (cut to
    // kind_room), at most 3 bytes (a maximal subpart that is not a whole
    // character), and the fixed text.
    static constexpr std::size_t kind_room = 32;
    static constexpr std::size_t line_room = 3 * 20 + kind_room + 3 * 3 + 32;

    // One line for the maximal subpart at `offset` of the current piece,
    // which takes one column, formatted in place at the end of the pending
    // ones (text with an error every few bytes prints a line for each).
    // diagnostics_ has room for one more line while fewer than
    // pending_diagnostics_bytes are pending, and they are written out
    // once there are that many.
    void diagnostic(u8v::error_kind kind, std::size_t offset, const unsigned char* bytes, std::size_t length)
    {
        ++error_count_;
        char* out = put_text(diagnostics_.data() + pending_, file_name_);
        *out++ = ':';
        out = put_number(out, position_.line);
        *out++ = ':';
        out = put_number(out, position_.column);
        out = put_text(out, ": byte ");
        out = put_number(out, offset_ + offset);
        out = put_text(out, ": ");
        const std::string_view kind_name = u8v::to_string(kind);
        out = put_text(out, kind_name.substr(0, kind_room));
        out = put_text(out, " (bytes ");
        out = put_hex_bytes(out, bytes, std::min<std::size_t>(length, 3));
        out = put_text(out, ")\n");
        pending_ = static_cast<std::size_t>(out - diagnostics_.data());
        ++position_.column;
        if (pending_ >= pending_diagnostics_bytes) write_diagnostics();
    }

    std::string file_name_;
    mode how_;
    bool quiet_;
    std::vector<unsigned char> buffer_;  // held_room bytes, then what is read
    std::vector<unsigned char> output_;  // the repaired text of one slice
    std::vector<error_record> errors_;   // of one slice
    std::vector<char> diagnostics_;      // the pending lines, then room for one more (empty with --quiet)
    std::size_t pending_ = 0;            // bytes of diagnostics_ pending: fewer than pending_diagnostics_bytes
    std::uint64_t offset_ = 0;           // of the current piece in the file
    std::uint64_t error_count_ = 0;      // with --quiet and --repair or --skip: 0, or not
    text_position position_;
};

exit_code check_file(const std::string& path, mode how, bool quiet, std::size_t buffer_size)
{
    const std::string file_name = path == "-" ? "<stdin>" : path;
    checker check(file_name, how, quiet, buffer_size);
    try {
        const example::input_file file = example::open_input(path);
        check.run(file.get());
    }
    catch (const std::system_error& failure) {
        // What was made of the bytes read before the failure is written
        // first; a write failure there is reported too, and ends the run.
        const bool written = std::fflush(stdout) == 0;
        const int write_error = errno;
        std::fprintf(stderr, "utf8check: cannot read %s: %s\n", file_name.c_str(), failure.code().message().c_str());
        if (!written) throw write_failure{write_error, name_of(stdout)};
        return trouble;
    }
    // Reported as done only once written.
    if (std::fflush(stdout) != 0) throw write_failure{errno, name_of(stdout)};
    if (!quiet) {
        const std::uint64_t errors = check.error_count();
        const std::string summary =
            errors == 0 ? file_name + ": valid UTF-8\n"
                        : file_name + ": " + std::to_string(errors) + (errors == 1 ? " error\n" : " errors\n");
        // With --repair or --skip standard error is where the report goes,
        // so a summary that cannot be written there is a write failure like
        // a diagnostic; otherwise standard output holds the report.
        if (how == mode::report) std::fputs(summary.c_str(), stderr);
        else write_bytes(stderr, summary.data(), summary.size());
    }
    return check.error_count() == 0 ? all_valid : some_invalid;
}

}  // namespace

int main(int argc, char** argv)
{
#ifdef SIGPIPE
    // A closed pipe is a write error like any other (the help's too):
    // reported, exit 2.
    std::signal(SIGPIPE, SIG_IGN);
#endif
    CLI::App app{"Checks that files are valid UTF-8, reporting each ill-formed byte sequence, or repairs them.",
                 "utf8check"};
    app.footer(std::string(help_footer));

    std::vector<std::string> paths;
    bool repair = false;
    bool skip = false;
    bool quiet = false;
    std::size_t buffer_size = std::size_t{64} * 1024;
    app.add_option("FILE", paths, "Files to check; none, or \"-\", means standard input")->type_name("");
    auto* repair_flag = app.add_flag("--repair", repair, "Write the text, with U+FFFD for each ill-formed sequence");
    app.add_flag("--skip", skip, "Write the text without the ill-formed sequences")->excludes(repair_flag);
    app.add_flag("-q,--quiet", quiet,
                 "No diagnostics or summary: alone, only the exit status (each file read up to its first "
                 "error); with --repair or --skip, only the text");
    app.add_option("--buffer", buffer_size, "Bytes read at a time (default 65536; 1 to 16777216)")
        ->type_name("BYTES")
        ->check(CLI::TypeValidator<std::size_t>().description(""))  // "abc": not a number, not out of range
        ->check(CLI::Range(std::size_t{1}, std::size_t{1} << 24));
    try {
        app.parse(argc, argv);
    }
    catch (const CLI::ParseError& error) {
        // The help that cannot be written is not done (a full disk, a
        // closed pipe): reported, status 2, as for the text of a file.
        errno = 0;
        const int status = app.exit(error);  // --help: 0, after the help on standard output
        if (!std::cout.flush() || std::fflush(stdout) != 0) {
            const int write_error = errno;
            std::fprintf(stderr, "utf8check: cannot write standard output%s%s\n", write_error != 0 ? ": " : "",
                         write_error != 0 ? std::generic_category().message(write_error).c_str() : "");
            return trouble;
        }
        return status == 0 ? all_valid : trouble;
    }

    if (paths.empty()) paths.emplace_back("-");
    const mode how = repair ? mode::repair : skip ? mode::skip : mode::report;
    example::use_binary_stdio();

    exit_code worst = all_valid;
    try {
        for (const std::string& path : paths) worst = std::max(worst, check_file(path, how, quiet, buffer_size));
    }
    catch (const write_failure& failure) {
        std::fprintf(stderr, "utf8check: cannot write %s: %s\n", failure.stream_name,
                     std::generic_category().message(failure.error_number).c_str());
        return trouble;
    }
    return worst;
}
