// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at https://www.boost.org/LICENSE_1_0.txt)

// The whole of the static library utf8view::utf8view (CMake; libutf8view.a,
// also b2's utf8view target), the default mode: the separately compiled part
// of utf8view, for programs built with UTF8VIEW_SEPARATE_COMPILATION (the
// targets define it for their users, and utf8view.pc for pkg-config's). See
// <utf8view/src.hpp>.

#if !defined(UTF8VIEW_SEPARATE_COMPILATION)
#error "utf8view_compiled.cpp is only for UTF8VIEW_SEPARATE_COMPILATION (link utf8view::utf8view)"
#endif

#include <utf8view/src.hpp>
