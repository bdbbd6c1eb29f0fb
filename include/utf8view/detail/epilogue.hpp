// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at https://www.boost.org/LICENSE_1_0.txt)

/// \file
/// Undefines what detail/prologue.hpp defined and restores the warnings it
/// turned off, at the end of a header that included it. (Alone it undefines nothing, and compiles: the build checks
/// that every header does.)

// Deliberately no include guard: included once in each header that uses it.

#undef UTF8VIEW_ALWAYS_INLINE
#undef UTF8VIEW_UNREACHABLE
#undef UTF8VIEW_IS_CONSTANT_EVALUATED
#undef UTF8VIEW_MEMCPY
#undef UTF8VIEW_KERNEL_CALL
#undef UTF8VIEW_COLD
#undef UTF8VIEW_NOINLINE
#undef UTF8VIEW_PRAGMA
#undef UTF8VIEW_BEGIN_TARGET_REGION
#undef UTF8VIEW_END_TARGET_REGION
#undef UTF8VIEW_BEGIN_AVX512_REGION
#undef UTF8VIEW_END_AVX512_REGION
#undef UTF8VIEW_STRING_LITERAL_MESSAGE
#undef UTF8VIEW_REJECT_STRING_LITERAL

#if defined(__clang__) && defined(UTF8VIEW_PROLOGUE_OPEN)
#pragma clang diagnostic pop
#endif
#undef UTF8VIEW_PROLOGUE_OPEN
