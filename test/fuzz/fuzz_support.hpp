// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.

// What the fuzz targets (test/fuzz/*.cpp) share:
//
//   - page_end_buffer (support/guarded_memory.hpp): memory between two
//     PROT_NONE pages, so that an input placed flush with the end of
//     readable memory (or with its start), or an output that ends exactly
//     at a page boundary, faults on the first byte read or written outside;
//   - check(condition, ...): on failure prints what was compared and the
//     input, then aborts, which libFuzzer records as a crash with the input;
//   - for_each_configuration(f): runs f under each validation kernel and
//     each transcoding kernel this CPU has, forced in turn (every kernel
//     runs with some transcoder and every transcoder with some kernel: the
//     two are independent parts of the bulk decoder, so their cross product
//     would only repeat work); UTF8VIEW_FUZZ_KERNEL=<name> restricts it to
//     the configurations that use that kernel or transcoder;
//   - a main() for builds without libFuzzer (UTF8VIEW_FUZZ_REPLAY): it runs
//     the target once on each file named on the command line (or each file
//     of each folder named), which is how the regression inputs of
//     test/fuzz/regressions/ run in every build of the tests.
//
// The reference every target compares with is support/reference_utf8.hpp,
// which shares no code with the library.

#ifndef UTF8VIEW_TEST_FUZZ_FUZZ_SUPPORT_HPP
#define UTF8VIEW_TEST_FUZZ_FUZZ_SUPPORT_HPP

#include <utf8view/detail/dispatch.hpp>

#include "support/guarded_memory.hpp"
#include "support/reference_utf8.hpp"

#if !defined(UTF8VIEW_TEST_HAS_MMAP)
#error "the fuzz targets need POSIX mmap (support/guarded_memory.hpp)"
#endif

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace utf8view_fuzz {

namespace ref = utf8view_test::reference;

// ---------------------------------------------------------------------------
// Reporting

// The input of the current run, for failure messages.
inline std::string_view current_input;

/** A number made from every byte of `input` (FNV-1a, 64 bits). The targets
    use it to choose, among checks that test the same thing, which ones an
    input gets (say, which outputs 1 to 8 elements too small), so that the
    work per input stays small while all of them run over many inputs; and
    the same input always gets the same ones, so that a failure replays. */
inline std::uint64_t hash_of(std::string_view input)
{
    std::uint64_t hash = 14695981039346656037u;
    for (const char c : input) {
        hash ^= static_cast<unsigned char>(c);
        hash *= 1099511628211u;
    }
    return hash;
}

/** The sizes, below the exact one, of the bounded outputs an input tries
    for the `which`-th of several calls: all of 1..8 for one call in
    `calls` (chosen by the hash), one of them (chosen too) for the others. */
inline std::vector<std::size_t> rooms_short_by(std::uint64_t hash, std::size_t which, std::size_t calls)
{
    if (hash % calls == which) return {1, 2, 3, 4, 5, 6, 7, 8};
    return {1 + (hash >> (8 + 3 * (which % 16))) % 8};
}
// Which kernels are forced, for failure messages.
inline std::string current_configuration = "(none)";

inline std::string hex(const unsigned char* bytes, std::size_t size, std::size_t limit = 96)
{
    static constexpr char digits[] = "0123456789ABCDEF";
    std::string text;
    for (std::size_t index = 0; index < size && index < limit; ++index) {
        if (index != 0) text += ' ';
        text += digits[bytes[index] >> 4];
        text += digits[bytes[index] & 0x0F];
    }
    if (size > limit) text += " ... (" + std::to_string(size) + " bytes)";
    return text;
}

inline std::string hex(std::string_view bytes)
{
    return hex(reinterpret_cast<const unsigned char*>(bytes.data()), bytes.size());
}

[[noreturn]] inline void fail(const std::string& what)
{
    std::fprintf(stderr, "\n==== utf8view fuzz check failed\n%s\n  configuration: %s\n  input (%zu bytes): %s\n",
                 what.c_str(), current_configuration.c_str(), current_input.size(), hex(current_input).c_str());
    std::fflush(stderr);
    std::abort();
}

// check(condition, parts...): the parts, streamed, say what was compared.
template <class... Parts>
inline void check(bool condition, const Parts&... parts)
{
    if (condition) [[likely]]
        return;
    std::ostringstream out;
    out << "  ";
    (out << ... << parts);
    fail(out.str());
}

// ---------------------------------------------------------------------------
// Memory with a PROT_NONE page on each side: support/guarded_memory.hpp

using page_end_buffer = utf8view_test::guarded_pages;

// ---------------------------------------------------------------------------
// Kernels

struct configuration {
    const utf8view::detail::kernel* kernel;
    const utf8view::detail::transcoder* transcoder;
};

/** The configurations to run: validation kernel i with transcoder i (the
    last one where one list is shorter), so that each kernel and each
    transcoder runs; narrowed by UTF8VIEW_FUZZ_KERNEL. */
inline const std::vector<configuration>& configurations()
{
    static const std::vector<configuration> all = [] {
        namespace d = utf8view::detail;
        const auto kernels = d::available_kernels();
        const auto transcoders = d::available_transcoders();
        const std::size_t count = std::max(kernels.size(), transcoders.size());
        const char* only = std::getenv("UTF8VIEW_FUZZ_KERNEL");
        std::vector<configuration> list;
        for (std::size_t index = 0; index < count; ++index) {
            const configuration c{kernels[std::min(index, kernels.size() - 1)],
                                  transcoders[std::min(index, transcoders.size() - 1)]};
            if (only && *only && c.kernel->name != only && c.transcoder->name != only) continue;
            list.push_back(c);
        }
        if (list.empty()) {
            std::fprintf(stderr, "UTF8VIEW_FUZZ_KERNEL=%s names no kernel or transcoder of this CPU\n", only);
            std::exit(2);
        }
        return list;
    }();
    return all;
}

/** Runs f() under each configuration, forced; only under the first if
    `all` is false (input too short for any kernel to be called). */
template <class F>
void for_each_configuration(F&& f, bool all = true)
{
    namespace d = utf8view::detail;
    for (const configuration& c : configurations()) {
        if (!all && &c != &configurations().front()) break;
        d::force_kernel(c.kernel->name);
        d::force_transcoder(c.transcoder->name);
        current_configuration = std::string("validation kernel ") + std::string(c.kernel->name) + ", transcoder " +
                                std::string(c.transcoder->name);
        f(c);
    }
    current_configuration = "(none)";
}

// ---------------------------------------------------------------------------
// The reference's answers, in the forms the targets compare with

/** What a decoder yields for one segment under some policy. */
struct element {
    char32_t value = 0;
    std::size_t offset = 0;  // byte offset of the segment
    std::size_t length = 0;  // its bytes
    std::optional<utf8view::error_kind> error;
    friend bool operator==(const element&, const element&) = default;
};

enum class policy_kind { replace, skip, question_mark };

/** The elements under replace (U+FFFD), skip (dropped) or a policy that
    replaces with '?'. */
inline std::vector<element> expected_elements(const std::vector<ref::segment>& all, policy_kind policy)
{
    std::vector<element> out;
    for (const ref::segment& s : all) {
        if (s.well_formed()) out.push_back({s.code_point, s.offset, s.length, std::nullopt});
        else if (policy == policy_kind::replace) out.push_back({U'\uFFFD', s.offset, s.length, s.error});
        else if (policy == policy_kind::question_mark) out.push_back({U'?', s.offset, s.length, s.error});
    }
    return out;
}

inline std::string describe(const element& e)
{
    std::ostringstream out;
    out << "{U+" << std::hex << static_cast<std::uint32_t>(e.value) << std::dec << " at " << e.offset << " ("
        << e.length << " bytes)";
    if (e.error) out << " error " << utf8view::to_string(*e.error);
    out << "}";
    return out.str();
}

/** Compares two element lists; on a difference says where. */
inline void check_elements(const std::vector<element>& got, const std::vector<element>& expected, std::string_view what)
{
    if (got == expected) return;
    std::size_t index = 0;
    while (index < got.size() && index < expected.size() && got[index] == expected[index]) ++index;
    std::ostringstream out;
    out << what << ": " << got.size() << " elements, expected " << expected.size() << "; first difference at " << index
        << ": got " << (index < got.size() ? describe(got[index]) : "(none)") << ", expected "
        << (index < expected.size() ? describe(expected[index]) : "(none)");
    fail("  " + out.str());
}

/** Runs a target on every file named (folders: every file inside, sorted). */
int replay_main(int argc, char** argv);

}  // namespace utf8view_fuzz

#if defined(UTF8VIEW_FUZZ_REPLAY)

#include <filesystem>
#include <fstream>
#include <iterator>

int utf8view_fuzz::replay_main(int argc, char** argv)
{
    namespace fs = std::filesystem;
    std::vector<fs::path> files;
    for (int index = 1; index < argc; ++index) {
        const fs::path path(argv[index]);
        if (fs::is_directory(path)) {
            for (const fs::directory_entry& entry : fs::recursive_directory_iterator(path))
                if (entry.is_regular_file()) files.push_back(entry.path());
        }
        else {
            files.push_back(path);
        }
    }
    std::sort(files.begin(), files.end());
    if (files.empty()) {
        std::fprintf(stderr, "usage: %s FILE-OR-FOLDER...: runs the fuzz target once on each file\n", argv[0]);
        return 2;
    }
    for (const fs::path& file : files) {
        std::ifstream in(file, std::ios::binary);
        if (!in) {
            std::fprintf(stderr, "cannot read %s\n", file.string().c_str());
            return 2;
        }
        const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
    }
    std::printf("%zu inputs passed\n", files.size());
    return 0;
}

int main(int argc, char** argv)
{
    return utf8view_fuzz::replay_main(argc, argv);
}

#endif  // UTF8VIEW_FUZZ_REPLAY

#endif  // UTF8VIEW_TEST_FUZZ_FUZZ_SUPPORT_HPP
