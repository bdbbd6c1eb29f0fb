// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.

// The core headers include neither Boost nor range-v3 nor fmt
// (doc/reference.md): only the opt-in headers in include/utf8view/ext/ do.
// Checked twice:
//   - at compile time: after every public core header (the umbrella, which
//     includes all of them and, through them, detail/, and <utf8view/io.hpp>,
//     the one it leaves out), no include guard or version macro of Boost,
//     range-v3 or fmt is defined. This must come before any other include,
//     Boost.Test's too.
//   - at run time: no preprocessor line of any header under
//     include/utf8view/ outside ext/ names a Boost, range-v3 or fmt header
//     (which also catches an include in a branch the compiler here skips,
//     such as a NEON-only one), while the ext/ headers do (so the scan can
//     fail).

#include <utf8view/utf8view.hpp>
#include <utf8view/io.hpp>

#if defined(BOOST_VERSION) || defined(BOOST_CONFIG_HPP) || defined(BOOST_CONFIG_SUFFIX_HPP)
#error "a core utf8view header includes Boost: only include/utf8view/ext/ may"
#endif
#if defined(RANGES_V3_RANGE_FWD_HPP) || defined(RANGES_V3_VERSION_HPP) || defined(META_HPP) || defined(CPP_CONCEPTS_HPP)
#error "a core utf8view header includes range-v3: only include/utf8view/ext/ may"
#endif
#if defined(FMT_VERSION) || defined(FMT_CORE_H_) || defined(FMT_FORMAT_H_)
#error "a core utf8view header includes fmt: only include/utf8view/ext/ may"
#endif

#define BOOST_TEST_MODULE interop_no_third_party_includes
#include <boost/test/unit_test.hpp>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {

// include/, found from the compiled-in test/data folder (not from the
// environment: $UTF8VIEW_TESTDATA_DIR may name a copy of the data elsewhere).
fs::path include_dir()
{
    return fs::path(UTF8VIEW_TESTDATA_DIR) / ".." / ".." / "include";
}

// True if `line` is a preprocessor line that names a Boost, range-v3 or fmt
// header (range-v3 installs range/v3/, meta/ and concepts/), whatever the
// spacing: `#include <boost/...>`, `# include "range/v3/..."`,
// `#if __has_include(<meta/...>)`.
bool names_third_party_header(const std::string& line)
{
    const auto first = line.find_first_not_of(" \t");
    if (first == std::string::npos || line[first] != '#') return false;
    for (const char* prefix : {"boost/", "range/v3/", "meta/", "concepts/", "fmt/"})
        for (const char* quote : {"<", "\""})
            if (line.find(std::string(quote) + prefix) != std::string::npos) return true;
    return false;
}

// The lines of `header` that name a Boost, range-v3 or fmt header.
std::vector<std::string> third_party_lines(const fs::path& header)
{
    std::vector<std::string> found;
    std::ifstream in(header);
    BOOST_TEST_REQUIRE(in.is_open(), "cannot read " << header);
    for (std::string line; std::getline(in, line);)
        if (names_third_party_header(line)) found.push_back(line);
    return found;
}

}  // namespace

BOOST_AUTO_TEST_CASE(core_headers_name_no_boost_or_range_v3_header)
{
    const fs::path root = include_dir() / "utf8view";
    BOOST_TEST_REQUIRE(fs::is_directory(root), root << " is not a folder");
    int core_headers = 0;
    for (const auto& entry : fs::recursive_directory_iterator(root)) {
        if (!entry.is_regular_file() || entry.path().extension() != ".hpp") continue;
        const fs::path relative = entry.path().lexically_relative(root);
        if (*relative.begin() == "ext") continue;
        ++core_headers;
        for (const std::string& line : third_party_lines(entry.path()))
            BOOST_ERROR("include/utf8view/" << relative.generic_string() << " names a third-party header: " << line);
    }
    // The umbrella, the headers per concept, detail/ and detail/simd/.
    BOOST_TEST(core_headers >= 20);
}

BOOST_AUTO_TEST_CASE(the_scan_finds_the_ext_headers_includes)
{
    BOOST_TEST(names_third_party_header("#include <boost/config.hpp>"));
    BOOST_TEST(names_third_party_header("  #  include \"range/v3/view/take.hpp\""));
    BOOST_TEST(names_third_party_header("#if __has_include(<meta/meta.hpp>)"));
    BOOST_TEST(names_third_party_header("#include <fmt/format.h>"));
    BOOST_TEST(!names_third_party_header("#include <concepts>"));
    BOOST_TEST(!names_third_party_header("// #include <boost/config.hpp> in a comment"));
    BOOST_TEST(!names_third_party_header("#include <utf8view/ranges.hpp>"));
    const fs::path ext = include_dir() / "utf8view" / "ext";
    BOOST_TEST(!third_party_lines(ext / "boost_range.hpp").empty());
    BOOST_TEST(!third_party_lines(ext / "range_v3.hpp").empty());
    BOOST_TEST(!third_party_lines(ext / "fmt.hpp").empty());
}
