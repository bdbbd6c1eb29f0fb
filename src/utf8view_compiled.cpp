// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at https://www.boost.org/LICENSE_1_0.txt)

// The whole of utf8view::utf8view_compiled (CMake): the separately compiled
// part of utf8view, for programs built with UTF8VIEW_SEPARATE_COMPILATION
// (the target defines it for its users). See <utf8view/src.hpp>.

#if !defined(UTF8VIEW_SEPARATE_COMPILATION)
#error "utf8view_compiled.cpp is only for UTF8VIEW_SEPARATE_COMPILATION (link utf8view::utf8view_compiled)"
#endif

#include <utf8view/src.hpp>
