// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.

// The source of the object libraries that make the tests' precompiled
// headers (test/CMakeLists.txt, UTF8VIEW_TEST_PRECOMPILED_HEADERS): CMake
// precompiles support/precompiled_headers.hpp for a target, and the tests
// reuse it; the target itself needs a source, and this one holds nothing.
