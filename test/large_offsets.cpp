// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.

// Byte offsets past 4 GiB. A sparse file of 5 GiB, mapped with mmap (never
// read into memory, never written out: its holes read as zero bytes,
// U+0000, which is valid), holds U+20AC (E2 82 AC) and then C0 AE at byte
// offset 2^32 + 17. C0 can only begin an overlong form (Table 3-7 has no
// row for it), so it is a maximal subpart of one byte, kind overlong, and
// AE after it is a continuation byte with no lead. validate under every
// kernel this CPU has, the decode view's base() offset, the throw policy's
// decode_error::offset() and the example program utf8check must all say
// 4294967313: an offset kept in 32 bits anywhere would say 17.
//
// Each case is skipped, with the reason, where the file cannot be made
// (no mmap, a temporary directory whose file system does not keep sparse
// files or fills holes when they are read, as tmpfs does); the walks over
// the file where they would take minutes (unoptimized builds) or make the
// test take over a minute (all but one with sanitizers); and the utf8check
// case where the build does not say where the program is (b2; CMake without
// the examples): CMake passes its path in the environment variable
// UTF8VIEW_UTF8CHECK.

#include <utf8view/utf8view.hpp>
#define BOOST_TEST_MODULE large_offsets
#include <boost/test/unit_test.hpp>

#include "support/force_kernels.hpp"
#include "support/print.hpp"

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <ranges>
#include <sstream>
#include <string>
#include <string_view>
#include <system_error>

#if __has_include(<sys/mman.h>) && __has_include(<sys/stat.h>) && __has_include(<sys/wait.h>) && \
    __has_include(<sys/resource.h>) && __has_include(<fcntl.h>) && __has_include(<unistd.h>)
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#define UTF8VIEW_TEST_HAS_POSIX_FILES 1
#endif

namespace u8v = utf8view;
namespace t = utf8view_test;
using boost::test_tools::assertion_result;
using boost::unit_test::precondition;
using boost::unit_test::test_unit_id;

namespace {

// ---------------------------------------------------------------------------
// The file

constexpr std::size_t file_size = std::size_t{5} << 30;                 // 5 GiB
constexpr std::size_t error_offset = (std::size_t{1} << 32) + 17;       // the byte offset every check expects
static_assert(error_offset == 4294967313u);
// U+20AC EURO SIGN (Table 3-6: E2 82 AC), then the overlong C0 and the stray AE.
constexpr unsigned char planted[] = {0xE2, 0x82, 0xAC, 0xC0, 0xAE};
constexpr std::size_t euro_offset = error_offset - 3;
// Code points before the first error: a U+0000 for each byte of the hole
// before the euro sign, then the euro sign.
constexpr std::size_t code_points_before_error = euro_offset + 1;

assertion_result skip(const std::string& reason)
{
    assertion_result result(false);
    result.message() << reason;
    return result;
}

// The text of errno's error `code`, for the reasons given.
std::string error_text(int code)
{
    return std::error_code(code, std::generic_category()).message();
}

#if defined(UTF8VIEW_TEST_HAS_POSIX_FILES)

// A new directory in the system's temporary directory (TMPDIR), removed
// with all it holds when this goes out of scope.
class temporary_directory {
    std::filesystem::path path_;

public:
    // Throws std::system_error if the directory cannot be made.
    temporary_directory()
    {
        std::string name = (std::filesystem::temp_directory_path() / "utf8view-large_offsets-XXXXXX").string();
        if (::mkdtemp(name.data()) == nullptr) throw std::system_error(errno, std::generic_category(), name);
        path_ = name;
    }
    ~temporary_directory()
    {
        std::error_code ignored;
        std::filesystem::remove_all(path_, ignored);
    }
    temporary_directory(const temporary_directory&) = delete;
    temporary_directory& operator=(const temporary_directory&) = delete;

    const std::filesystem::path& path() const noexcept { return path_; }
};

// A file descriptor, closed when this goes out of scope.
class descriptor {
    int value_;

public:
    explicit descriptor(int value) noexcept : value_(value) {}
    ~descriptor()
    {
        if (value_ >= 0) ::close(value_);
    }
    descriptor(const descriptor&) = delete;
    descriptor& operator=(const descriptor&) = delete;
    int get() const noexcept { return value_; }
};

// Bytes of storage the file holds (st_blocks counts 512-byte units), or
// nullopt if fstat fails.
std::optional<std::uintmax_t> allocated_bytes(int file)
{
    struct stat status {};
    if (::fstat(file, &status) != 0) return std::nullopt;
    return static_cast<std::uintmax_t>(status.st_blocks) * 512u;
}

// The sparse file, made and mapped on first use, with the directory that
// holds it; both are removed at exit, whatever the tests did. If it cannot
// be made, `unavailable` says why.
class sparse_file {
    std::optional<temporary_directory> directory_;
    std::filesystem::path path_;
    const unsigned char* bytes_ = nullptr;
    std::string unavailable_;

    // Makes the file; returns why it could not, or an empty string.
    std::string make()
    {
        try {
            directory_.emplace();
        }
        catch (const std::exception& failure) {
            return std::string("cannot make a temporary directory: ") + failure.what();
        }
        path_ = directory_->path() / "sparse-5GiB.bin";
        const descriptor file(::open(path_.c_str(), O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0600));
        if (file.get() < 0) return "cannot create " + path_.string() + ": " + error_text(errno);

        // First a small hole, so that a file system that writes the zeros
        // out, or fills a hole when it is read (tmpfs keeps every page it
        // reads in memory), writes or fills 16 MiB and not 5 GiB.
        constexpr std::size_t probe_size = std::size_t{16} << 20;
        const std::string where = " in " + directory_->path().parent_path().string();
        if (::ftruncate(file.get(), static_cast<off_t>(probe_size)) != 0)
            return "cannot extend a file" + where + ": " + error_text(errno);
        const std::optional<std::uintmax_t> before = allocated_bytes(file.get());
        if (!before || *before >= probe_size / 2)
            return "the file system" + where + " does not keep sparse files (a hole of 16 MiB holds " +
                   (before ? std::to_string(*before) : std::string("?")) + " bytes of storage)";
        void* probe = ::mmap(nullptr, probe_size, PROT_READ, MAP_PRIVATE, file.get(), 0);
        if (probe == MAP_FAILED) return "mmap is not available" + where + ": " + error_text(errno);
        const volatile unsigned char* probe_bytes = static_cast<const unsigned char*>(probe);
        for (std::size_t i = 0; i < probe_size; i += 4096) static_cast<void>(probe_bytes[i]);
        ::munmap(probe, probe_size);
        const std::optional<std::uintmax_t> after = allocated_bytes(file.get());
        if (!after || *after > *before)
            return "the file system" + where +
                   " allocates storage for the holes of a file that is read "
                   "(as tmpfs does): 5 GiB would be filled";

        if (::ftruncate(file.get(), static_cast<off_t>(file_size)) != 0)
            return "cannot make a file of 5 GiB" + where + ": " + error_text(errno);
        if (::pwrite(file.get(), planted, sizeof planted, static_cast<off_t>(euro_offset)) !=
            static_cast<ssize_t>(sizeof planted))
            return "cannot write at byte offset " + std::to_string(euro_offset) + where + ": " + error_text(errno);
        const std::optional<std::uintmax_t> allocated = allocated_bytes(file.get());
        if (!allocated || *allocated > (std::uintmax_t{1} << 20))
            return "the file of 5 GiB" + where + " is not sparse (" +
                   (allocated ? std::to_string(*allocated) : std::string("?")) + " bytes of storage)";

        void* mapped = ::mmap(nullptr, file_size, PROT_READ, MAP_PRIVATE, file.get(), 0);
        if (mapped == MAP_FAILED) return "cannot map 5 GiB with mmap: " + error_text(errno);
        bytes_ = static_cast<const unsigned char*>(mapped);
        return {};
    }

public:
    sparse_file() : unavailable_(make()) {}
    ~sparse_file()
    {
        if (bytes_ != nullptr) ::munmap(const_cast<unsigned char*>(bytes_), file_size);
    }
    sparse_file(const sparse_file&) = delete;
    sparse_file& operator=(const sparse_file&) = delete;

    // Why the file is not there, or an empty string.
    const std::string& unavailable() const noexcept { return unavailable_; }
    const std::filesystem::path& path() const noexcept { return path_; }
    const std::filesystem::path& directory() const noexcept { return directory_->path(); }
    // The mapped bytes, as chars (utf8check reads them so too).
    std::string_view bytes() const noexcept { return {reinterpret_cast<const char*>(bytes_), file_size}; }
};

// What a program run by run_program() did.
struct program_result {
    int exit_status = -1;  // -1 if it did not exit (a signal ended it)
    int signal = 0;        // the signal that ended it, or 0
    std::string standard_output;
    std::string standard_error;
};

std::string file_contents(const std::filesystem::path& path)
{
    std::ifstream in(path, std::ios::binary);
    std::ostringstream contents;
    contents << in.rdbuf();
    return contents.str();
}

// Runs `program` with the one argument `argument` and waits for it; its
// standard output and error go to files in `directory`, and are returned.
// With `data_limit` not 0, the program may use at most that many bytes of
// data memory (RLIMIT_DATA: on Linux 4.7 and later, the heap and every
// private writable mapping, but not a read-only mapping of a file).
// Throws std::system_error if the program cannot be started.
program_result run_program(const std::string& program, const std::string& argument,
                           const std::filesystem::path& directory, rlim_t data_limit)
{
    const std::string output_path = (directory / "standard_output").string();
    const std::string error_path = (directory / "standard_error").string();
    std::string program_copy = program;
    std::string argument_copy = argument;
    char* const arguments[] = {program_copy.data(), argument_copy.data(), nullptr};
    const pid_t child = ::fork();
    if (child < 0) throw std::system_error(errno, std::generic_category(), "fork");
    if (child == 0) {
        // Only async-signal-safe calls between fork and exec.
        const int output = ::open(output_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
        const int error = ::open(error_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
        if (output < 0 || error < 0 || ::dup2(output, STDOUT_FILENO) < 0 || ::dup2(error, STDERR_FILENO) < 0)
            ::_exit(126);
        if (data_limit != 0) {
            const rlimit limit{data_limit, data_limit};
            if (::setrlimit(RLIMIT_DATA, &limit) != 0) ::_exit(126);
        }
        ::execv(arguments[0], arguments);
        ::_exit(127);
    }
    int status = 0;
    while (::waitpid(child, &status, 0) < 0)
        if (errno != EINTR) throw std::system_error(errno, std::generic_category(), "waitpid");
    program_result result;
    if (WIFEXITED(status)) result.exit_status = WEXITSTATUS(status);
    if (WIFSIGNALED(status)) result.signal = WTERMSIG(status);
    result.standard_output = file_contents(output_path);
    result.standard_error = file_contents(error_path);
    return result;
}

#else

class sparse_file {
    std::string unavailable_ = "no POSIX mmap on this system";

public:
    const std::string& unavailable() const noexcept { return unavailable_; }
    std::string_view bytes() const noexcept { return {}; }
};

#endif  // UTF8VIEW_TEST_HAS_POSIX_FILES

const sparse_file& the_file()
{
    static const sparse_file file;
    return file;
}

// ---------------------------------------------------------------------------
// Preconditions (each failing one skips the case, with its reason)

assertion_result file_is_available(test_unit_id)
{
    if (!the_file().unavailable().empty()) return skip(the_file().unavailable());
    return true;
}

// A walk of the decode view over the file (4 G code points) takes 2 to 5 s
// at -O2; at -O0 about 3.5 minutes (measured on a 256 MiB part, with GCC 12
// and Clang 16).
assertion_result optimized_build(test_unit_id)
{
#if defined(__OPTIMIZE__)
    return true;
#else
    return skip("unoptimized build: a decode walk over the file takes about 3.5 minutes, validation under every "
                "kernel about 1");
#endif
}

// With AddressSanitizer (with UBSan, at -O1) a walk takes
// 20 to 35 s: decode_view_base_offset walks the file once there, and the
// other walks are left to builds without it, so that the test stays under a
// minute. ThreadSanitizer and MemorySanitizer slow down memory accesses as
// much.
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define UTF8VIEW_TEST_SANITIZED_MEMORY 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || __has_feature(memory_sanitizer)
#define UTF8VIEW_TEST_SANITIZED_MEMORY 1
#endif
#endif
assertion_result without_memory_sanitizer(test_unit_id)
{
#if defined(UTF8VIEW_TEST_SANITIZED_MEMORY)
    return skip("sanitizer build: a walk over the file takes 20 to 35 s; decode_view_base_offset walks it once, "
                "and the other walks are left to builds without a sanitizer");
#else
    return true;
#endif
}

// Where the build put utf8check: CMake passes it in UTF8VIEW_UTF8CHECK
// (test/CMakeLists.txt) when it builds the examples.
const char* utf8check_path()
{
    return std::getenv("UTF8VIEW_UTF8CHECK");
}

assertion_result utf8check_is_available(test_unit_id)
{
    const char* path = utf8check_path();
    if (path == nullptr || *path == '\0')
        return skip("UTF8VIEW_UTF8CHECK does not name utf8check (CMake sets it when it builds the examples; "
                    "b2 does not)");
#if defined(UTF8VIEW_TEST_HAS_POSIX_FILES)
    return true;
#else
    return skip("running a program needs POSIX fork and exec");
#endif
}

std::chrono::steady_clock::time_point now()
{
    return std::chrono::steady_clock::now();
}
double seconds_since(std::chrono::steady_clock::time_point start)
{
    return std::chrono::duration<double>(now() - start).count();
}

}  // namespace

// validate() hands the whole 5 GiB to the kernel: each one, forced in turn.
// Unoptimized, the kernels take about a minute over the file (twice 5 GiB
// each); the optimized and sanitizer (-O1) builds run it.
BOOST_AUTO_TEST_CASE(validate_under_every_kernel, *precondition(file_is_available) * precondition(optimized_build))
{
    const std::string_view bytes = the_file().bytes();
    t::for_each_kernel([&] {
        const auto start = now();
        const u8v::validation_result first_error{u8v::error_kind::overlong, error_offset};
        BOOST_TEST(u8v::validate(bytes) == first_error);
        // Well-formed input longer than 4 GiB: the offset is its size.
        const u8v::validation_result all_valid{std::nullopt, error_offset};
        BOOST_TEST(u8v::validate(bytes.substr(0, error_offset)) == all_valid);
        BOOST_TEST_MESSAGE("kernel " << u8v::detail::active_kernel().name << ": " << seconds_since(start) << " s");
    });
}

// on_error::replace: the element whose error() is set, and its base().
BOOST_AUTO_TEST_CASE(decode_view_base_offset, *precondition(file_is_available) * precondition(optimized_build))
{
    const auto start = now();
    const std::string_view bytes = the_file().bytes();
    auto code_points = bytes | u8v::views::decode;
    auto it = code_points.begin();
    const auto end = code_points.end();
    std::size_t count = 0;
    for (; it != end && !it.error(); ++it) ++count;
    BOOST_TEST_MESSAGE("walk: " << seconds_since(start) << " s");
    BOOST_TEST_REQUIRE(count == code_points_before_error);
    BOOST_TEST(*it == U'\uFFFD');
    BOOST_TEST(it.error() == std::optional(u8v::error_kind::overlong));
    BOOST_TEST(static_cast<std::size_t>(std::ranges::distance(bytes.begin(), it.base())) == error_offset);
    BOOST_TEST(it.code_unit_count() == 1u);
    // The stray AE is the next element, then the hole goes on (U+0000).
    ++it;
    BOOST_TEST(it.error() == std::optional(u8v::error_kind::unexpected_continuation_byte));
    BOOST_TEST(static_cast<std::size_t>(std::ranges::distance(bytes.begin(), it.base())) == error_offset + 1);
    ++it;
    BOOST_TEST(!it.error());
    BOOST_TEST(*it == U'\0');
    BOOST_TEST(static_cast<std::size_t>(std::ranges::distance(bytes.begin(), it.base())) == error_offset + 2);
    // Back over both errors to the euro sign.
    std::ranges::advance(it, -3);
    BOOST_TEST(!it.error());
    BOOST_TEST(*it == U'\u20AC');
    BOOST_TEST(static_cast<std::size_t>(std::ranges::distance(bytes.begin(), it.base())) == euro_offset);
}

// on_error::throw_exception: decode_error::offset().
BOOST_AUTO_TEST_CASE(throw_policy_offset, *precondition(file_is_available) * precondition(optimized_build) *
                                              precondition(without_memory_sanitizer))
{
    const auto start = now();
    const std::string_view bytes = the_file().bytes();
    std::size_t count = 0;
    try {
        for (const char32_t code_point : bytes | u8v::views::decode(u8v::on_error::throw_exception)) {
            static_cast<void>(code_point);
            ++count;
        }
        BOOST_ERROR("no decode_error was thrown");
    }
    catch (const u8v::decode_error& error) {
        BOOST_TEST_MESSAGE("walk: " << seconds_since(start) << " s");
        BOOST_TEST(error.offset() == error_offset);
        BOOST_TEST(error.kind() == u8v::error_kind::overlong);
        BOOST_TEST(std::string_view(error.what()).ends_with("at byte offset 4294967313"));
        BOOST_TEST(count == code_points_before_error);
    }
}

// The example program, on the file: its first line must name the overlong
// C0 at byte 4294967313. It counts LF bytes for the line (the file has
// none) and code points for the column, so the error is at line 1, column
// (code points before it) + 1.
BOOST_AUTO_TEST_CASE(utf8check_report, *precondition(file_is_available) * precondition(optimized_build) *
                                           precondition(without_memory_sanitizer) *
                                           precondition(utf8check_is_available))
{
#if defined(UTF8VIEW_TEST_HAS_POSIX_FILES)  // else the preconditions skip this case
    const std::string program = utf8check_path();
    BOOST_TEST_REQUIRE(std::filesystem::is_regular_file(program),
                       "UTF8VIEW_UTF8CHECK names " << program << ", which is not a file");
    // utf8check maps the file: with at most 1 GiB of data memory, a
    // utf8check that read 5 GiB into a string would fail.
    constexpr rlim_t data_limit = rlim_t{1} << 30;
    const std::string path = the_file().path().string();
    const auto start = now();
    const program_result result = run_program(program, path, the_file().directory(), data_limit);
    BOOST_TEST_MESSAGE("utf8check: " << seconds_since(start) << " s");
    BOOST_TEST(result.signal == 0);
    BOOST_TEST(result.exit_status == 1);  // some file is not valid UTF-8
    const std::string first_column = std::to_string(code_points_before_error + 1);
    const std::string second_column = std::to_string(code_points_before_error + 2);
    BOOST_TEST(result.standard_output == path + ":1:" + first_column + ": byte 4294967313: overlong (bytes C0)\n" +
                                             path + ":1:" + second_column +
                                             ": byte 4294967314: unexpected_continuation_byte (bytes AE)\n");
    BOOST_TEST(result.standard_error == path + ": 2 errors\n");
#endif
}
