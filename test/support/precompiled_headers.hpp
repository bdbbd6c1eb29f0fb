// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.

// The standard headers that the tests include, themselves or through
// utf8view and Boost.Test, and the x86 intrinsics that the SIMD kernels
// include: what test/CMakeLists.txt precompiles once per set of compile
// options when UTF8VIEW_TEST_PRECOMPILED_HEADERS is on (CMake includes it
// before each test's first line). Nothing of utf8view or Boost: their
// headers depend on macros that a test may define before including them.

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <chrono>
#include <compare>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <exception>
#include <filesystem>
#include <forward_list>
#include <fstream>
#include <functional>
#include <initializer_list>
#include <iomanip>
#include <iostream>
#include <istream>
#include <iterator>
#include <limits>
#include <list>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <ostream>
#include <random>
#include <ranges>
#include <set>
#include <span>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <system_error>
#include <thread>
#include <type_traits>
#include <unordered_map>
#include <utility>
#include <vector>
#include <version>

#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#endif
