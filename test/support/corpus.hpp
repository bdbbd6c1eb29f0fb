// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.

// Finding the corpus: ../shared/corpus beside the repository, real text in
// many scripts, every file valid UTF-8 (its README.md says so). Apart from
// testdata.hpp, so that only the tests that read it include <filesystem>.

#ifndef UTF8VIEW_TEST_SUPPORT_CORPUS_HPP
#define UTF8VIEW_TEST_SUPPORT_CORPUS_HPP

#include "support/testdata.hpp"  // testdata_dir

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <system_error>
#include <vector>

namespace utf8view_test {

// $UTF8VIEW_CORPUS_DIR if set, else found from the test data folder
// (<repo>/test/data -> <repo>/../shared/corpus); nullopt if there is no
// such folder (the corpus tests are then skipped).
inline std::optional<std::filesystem::path> corpus_dir()
{
    if (const char* from_environment = std::getenv("UTF8VIEW_CORPUS_DIR"); from_environment && *from_environment)
        return std::filesystem::path(from_environment);
    const std::filesystem::path guess = std::filesystem::path(testdata_dir()) / ".." / ".." / ".." / "shared" / "corpus";
    std::error_code error;
    if (std::filesystem::is_directory(guess, error)) return guess;
    return std::nullopt;
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

}  // namespace utf8view_test

#endif  // UTF8VIEW_TEST_SUPPORT_CORPUS_HPP
