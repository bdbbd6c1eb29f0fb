// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.

// Finding the corpus: ../shared/corpus beside the repository, real text in
// many scripts, every file valid UTF-8. Apart from testdata.hpp, so that
// only the tests that read it include <filesystem>.
//
// A corpus test is declared with the precondition below,
//   BOOST_AUTO_TEST_CASE(name, *boost::unit_test::precondition(utf8view_test::corpus_is_present))
// and starts with require_corpus_files(). A clone on its own has no
// ../shared/corpus: its corpus tests are reported as skipped, with the
// reason, never as passed. A folder named by UTF8VIEW_CORPUS_DIR must be
// there: if it is not, the tests fail. Include after
// <boost/test/unit_test.hpp>.

#ifndef UTF8VIEW_TEST_SUPPORT_CORPUS_HPP
#define UTF8VIEW_TEST_SUPPORT_CORPUS_HPP

#include "support/testdata.hpp"  // testdata_dir

#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <system_error>
#include <vector>

namespace utf8view_test {

// The value of UTF8VIEW_CORPUS_DIR, or nullptr if it is not set (or empty).
inline const char* corpus_dir_from_environment()
{
    const char* from_environment = std::getenv("UTF8VIEW_CORPUS_DIR");
    return from_environment && *from_environment ? from_environment : nullptr;
}

// $UTF8VIEW_CORPUS_DIR if set, else found from the test data folder
// (<repo>/test/data -> <repo>/../shared/corpus). It may not exist.
inline std::filesystem::path corpus_dir()
{
    if (const char* from_environment = corpus_dir_from_environment()) return std::filesystem::path(from_environment);
    return (std::filesystem::path(testdata_dir()) / ".." / ".." / ".." / "shared" / "corpus").lexically_normal();
}

// Precondition of the corpus tests: false, with the reason, when
// UTF8VIEW_CORPUS_DIR is not set and ../shared/corpus does not exist. A
// folder named by UTF8VIEW_CORPUS_DIR is never skipped: it was asked for,
// so require_corpus_files() fails if it is missing.
inline boost::test_tools::assertion_result corpus_is_present(boost::unit_test::test_unit_id)
{
    if (corpus_dir_from_environment()) return true;
    std::error_code error;
    if (std::filesystem::is_directory(corpus_dir(), error)) return true;
    boost::test_tools::assertion_result result(false);
    result.message() << "no corpus: " << corpus_dir().string() << " does not exist and UTF8VIEW_CORPUS_DIR is not set";
    return result;
}

// The files of the corpus folder `dir`, sorted, without its README.md.
inline std::vector<std::filesystem::path> corpus_files(const std::filesystem::path& dir)
{
    std::vector<std::filesystem::path> files;
    for (const auto& entry : std::filesystem::directory_iterator(dir))
        if (entry.is_regular_file() && entry.path().filename() != "README.md") files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    return files;
}

// The files of corpus_dir(), sorted, without its README.md; the test fails
// here if the folder does not exist or holds no file.
inline std::vector<std::filesystem::path> require_corpus_files()
{
    const std::filesystem::path dir = corpus_dir();
    std::error_code error;
    BOOST_TEST_REQUIRE(std::filesystem::is_directory(dir, error),
                       "the corpus folder " << dir.string() << " does not exist (named by UTF8VIEW_CORPUS_DIR)");
    std::vector<std::filesystem::path> files = corpus_files(dir);
    BOOST_TEST_REQUIRE(!files.empty(), "no file in the corpus folder " << dir.string());
    BOOST_TEST_MESSAGE(files.size() << " corpus files in " << dir.string());
    return files;
}

}  // namespace utf8view_test

#endif  // UTF8VIEW_TEST_SUPPORT_CORPUS_HPP
