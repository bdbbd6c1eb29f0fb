// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.

// Not a test: test/Jamfile builds this program to learn whether fmt's
// headers and library are there (b2 cannot look for a package the way
// CMake's find_package does). Where it builds and links, interop/fmt.cpp
// is built with fmt; elsewhere without, and its case is skipped.

#include <fmt/format.h>

#include <string>

int main()
{
    return fmt::format("{}", 1) == std::string("1") ? 0 : 1;
}
