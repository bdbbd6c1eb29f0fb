// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.

// The user's own code after the include of utf8view must still get every
// warning the user asked for: utf8view turns some of Clang's warnings off
// for its own code only (detail/prologue.hpp, popped by detail/epilogue.hpp).
// check_warnings_after_include.cmake compiles this file with -Weverything
// and requires, on each line marked `expect` below, a warning of the group
// named there, and no other warning anywhere (in particular none from the
// headers). If a header left a warning off, its line here would be silent
// and the check would fail.

#if defined(UTF8VIEW_CONSUMER_SINGLE_HEADER)
#include "utf8view_single.hpp"
#else
#include <utf8view/io.hpp>
#include <utf8view/utf8view.hpp>
#endif

// clang-format off
// The groups utf8view turns off for its own code, one line each:
inline int cxx98(int x) { auto y = x; return y; }               // expect -Wc++98-compat
inline long long cxx98_pedantic() { return 0; }                 // expect -Wc++98-compat-pedantic
inline int pre_cxx14() { return 1'000; }                        // expect -Wpre-c++14-compat
namespace user::nested {}                                       // expect -Wpre-c++17-compat
inline int pre_cxx20(char8_t c) { return c; }                   // expect -Wpre-c++20-compat
consteval int cxx20() { return 1; }                             // expect -Wc++20-compat
inline int unsafe(const int* p) { return p[1]; }                // expect -Wunsafe-buffer-usage
struct padded { char c; int i; };                               // expect -Wpadded
extern padded padded_value;                                     // (Clang lays a type out, and warns,
padded padded_value = padded();                                 // where an object needs it)
struct polymorphic { virtual ~polymorphic() {} };               // expect -Wweak-vtables
// And one the headers never touch.
inline int old_style(long x) { return static_cast<int>((short)x); }  // expect -Wold-style-cast
// clang-format on
