// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at https://www.boost.org/LICENSE_1_0.txt)

/// \file
/// The library's internal macros, and Clang's warnings that its code meets by
/// design turned off, for the code of one header, undone by
/// detail/epilogue.hpp at its end, so that none of them is left for the code
/// that includes utf8view. Every header with code includes this one after
/// all its own includes (no other header may open between the two) and
/// detail/epilogue.hpp before its closing `#endif`.
/// The macros a user may read or set stay in <utf8view/config.hpp>.

// Deliberately no include guard: included once in each header that uses it.

#if defined(UTF8VIEW_PROLOGUE_OPEN)
#error "utf8view: detail/prologue.hpp included twice without detail/epilogue.hpp in between"
#endif
#define UTF8VIEW_PROLOGUE_OPEN

// Clang's warnings that utf8view's code meets by design are off from here to
// detail/epilogue.hpp, which pops them: a user who includes utf8view with -I
// (not -isystem) and compiles with -Weverything gets no warning from it, and
// the code after the include keeps every warning the user asked for
// (test/cmake_strict_consumer_test checks both). GCC needs none of them.
#if defined(__clang__)
#pragma clang diagnostic push
// An older Clang does not know some of the groups below: no warning for that.
#pragma clang diagnostic ignored "-Wunknown-warning-option"
// utf8view requires C++20: that a construct would not compile as C++98, 11,
// 14 or 17 (auto, constexpr, char8_t, consteval, ...) is no finding.
#pragma clang diagnostic ignored "-Wc++98-compat-pedantic"
#pragma clang diagnostic ignored "-Wpre-c++14-compat-pedantic"
#pragma clang diagnostic ignored "-Wpre-c++17-compat-pedantic"
#pragma clang diagnostic ignored "-Wpre-c++20-compat-pedantic"
#pragma clang diagnostic ignored "-Wc++20-compat-pedantic"
// The decoders and kernels read and write through pointers into the
// caller's contiguous buffers, between bounds that each loop checks itself
// (the warning flags every pointer arithmetic, checked or not). Those bounds
// are tested under AddressSanitizer and UBSan and by the fuzz targets.
#pragma clang diagnostic ignored "-Wunsafe-buffer-usage"
// Padding: no order of the members would make a reported type smaller
// (alignment of a vector, a tail, a hole smaller than the next member, or a
// public aggregate whose member order is its interface), and the layout of
// a view or iterator depends on its template arguments (the user's range and
// policy).
#pragma clang diagnostic ignored "-Wpadded"
// decode_error and encode_error override what(): a header-only library has
// no translation unit of its own to hold their vtables.
#pragma clang diagnostic ignored "-Wweak-vtables"
#endif

// They are the library's own: a definition from outside would be replaced
// here and undefined at the end of the header, so it is refused.
#if defined(UTF8VIEW_ALWAYS_INLINE) || defined(UTF8VIEW_UNREACHABLE) || defined(UTF8VIEW_IS_CONSTANT_EVALUATED) ||     \
    defined(UTF8VIEW_MEMCPY) || defined(UTF8VIEW_KERNEL_CALL) || defined(UTF8VIEW_COLD) || defined(UTF8VIEW_PRAGMA) || \
    defined(UTF8VIEW_NOINLINE) || defined(UTF8VIEW_BEGIN_TARGET_REGION) || defined(UTF8VIEW_END_TARGET_REGION) ||      \
    defined(UTF8VIEW_BEGIN_AVX512_REGION) || defined(UTF8VIEW_END_AVX512_REGION) ||                                    \
    defined(UTF8VIEW_REJECT_STRING_LITERAL) || defined(UTF8VIEW_STRING_LITERAL_MESSAGE)
#error "utf8view: its internal macros (UTF8VIEW_ALWAYS_INLINE, UTF8VIEW_MEMCPY, ...) are defined outside the library"
#endif

// UTF8VIEW_ALWAYS_INLINE asks the compiler to inline a function on a hot
// path (the multi-byte part of the decoder, the SIMD kernels' vector
// operations), so that iterators and loops keep their state in registers.
#if defined(__GNUC__) || defined(__clang__)
#define UTF8VIEW_ALWAYS_INLINE [[gnu::always_inline]]
#elif defined(_MSC_VER)
#define UTF8VIEW_ALWAYS_INLINE [[msvc::forceinline]]
#else
#define UTF8VIEW_ALWAYS_INLINE
#endif

// UTF8VIEW_UNREACHABLE() tells the optimizer that a point cannot be
// reached (used only for facts the code guarantees).
#if defined(__GNUC__) || defined(__clang__)
#define UTF8VIEW_UNREACHABLE() __builtin_unreachable()
#elif defined(_MSC_VER)
#define UTF8VIEW_UNREACHABLE() __assume(false)
#else
#define UTF8VIEW_UNREACHABLE() static_cast<void>(0)
#endif

// For the branches that only constant evaluation takes: GCC keeps
// std::is_constant_evaluated() as a call at -O0, and with it the code of the
// branch it guards; the built-in folds to false outside constant
// evaluation, so unoptimized builds do not compile that branch's callees.
#if defined(__has_builtin)
#if __has_builtin(__builtin_is_constant_evaluated)
#define UTF8VIEW_IS_CONSTANT_EVALUATED() __builtin_is_constant_evaluated()
#endif
#endif
#if !defined(UTF8VIEW_IS_CONSTANT_EVALUATED)
#include <type_traits>
#define UTF8VIEW_IS_CONSTANT_EVALUATED() std::is_constant_evaluated()
#endif

// Unaligned loads go through memcpy. GCC and Clang have it built in, which
// spares the translation units that include utf8view <cstring>.
#if defined(__GNUC__) || defined(__clang__)
#define UTF8VIEW_MEMCPY __builtin_memcpy
#else
#include <cstring>
#define UTF8VIEW_MEMCPY std::memcpy
#endif

// The functions that run the SIMD kernels or choose among them
// (detail/kernel_calls.hpp, <utf8view/kernels.hpp>): inline header-only;
// with UTF8VIEW_SEPARATE_COMPILATION declared only, and defined once by
// <utf8view/src.hpp>.
#if defined(UTF8VIEW_SEPARATE_COMPILATION)
#define UTF8VIEW_KERNEL_CALL
#else
#define UTF8VIEW_KERNEL_CALL inline
#endif

// UTF8VIEW_NOINLINE keeps a function out of line: a slow path whose
// inlined body would make its caller spill its state to memory.
#if defined(__GNUC__) || defined(__clang__)
#define UTF8VIEW_NOINLINE [[gnu::noinline]]
#elif defined(_MSC_VER)
#define UTF8VIEW_NOINLINE __declspec(noinline)
#else
#define UTF8VIEW_NOINLINE
#endif

// A first-use path kept out of line, away from the callers' hot code.
#if defined(__GNUC__) || defined(__clang__)
#define UTF8VIEW_COLD [[gnu::cold, gnu::noinline]]
#elif defined(_MSC_VER)
#define UTF8VIEW_COLD __declspec(noinline)
#else
#define UTF8VIEW_COLD
#endif

// UTF8VIEW_BEGIN_TARGET_REGION("avx2") ... UTF8VIEW_END_TARGET_REGION:
// compile every function defined in between, templates included, for an
// instruction set that the rest of the program may not assume, so that users
// need no -m flag (GCC's
// `#pragma GCC target`, Clang's `#pragma clang attribute`). A kernel written
// once for all instruction sets (detail/simd/vector_validation.ipp) is
// compiled in one region per set. Only utf8view's own code goes in a
// region: every standard or system header is included before it.
// (MSVC emits any intrinsic without such flags: both are empty there.)
#define UTF8VIEW_PRAGMA(...) _Pragma(#__VA_ARGS__)
#if defined(__clang__)
#define UTF8VIEW_BEGIN_TARGET_REGION(isa)                                                                              \
    UTF8VIEW_PRAGMA(clang attribute push(__attribute__((target(isa))), apply_to = function))
#define UTF8VIEW_END_TARGET_REGION UTF8VIEW_PRAGMA(clang attribute pop)
#elif defined(__GNUC__)
#define UTF8VIEW_BEGIN_TARGET_REGION(isa) UTF8VIEW_PRAGMA(GCC push_options) UTF8VIEW_PRAGMA(GCC target(isa))
#define UTF8VIEW_END_TARGET_REGION UTF8VIEW_PRAGMA(GCC pop_options)
#else
#define UTF8VIEW_BEGIN_TARGET_REGION(isa)
#define UTF8VIEW_END_TARGET_REGION
#endif

// UTF8VIEW_BEGIN_AVX512_REGION(isa) ... UTF8VIEW_END_AVX512_REGION: a target
// region for AVX-512 code. GCC 12 warns that the "undefined" vector its own
// AVX-512 intrinsics start from (_mm512_undefined_epi32) is used
// uninitialized once they are inlined (GCC bug 105593, fixed in GCC 13), so
// those two warnings are off inside.
#if defined(__GNUC__) && !defined(__clang__)
#define UTF8VIEW_BEGIN_AVX512_REGION(isa)                                                                              \
    UTF8VIEW_PRAGMA(GCC diagnostic push)                                                                               \
    UTF8VIEW_PRAGMA(GCC diagnostic ignored "-Wuninitialized")                                                          \
    UTF8VIEW_PRAGMA(GCC diagnostic ignored "-Wmaybe-uninitialized")                                                    \
    UTF8VIEW_BEGIN_TARGET_REGION(isa)
#define UTF8VIEW_END_AVX512_REGION UTF8VIEW_END_TARGET_REGION UTF8VIEW_PRAGMA(GCC diagnostic pop)
#else
#define UTF8VIEW_BEGIN_AVX512_REGION(isa) UTF8VIEW_BEGIN_TARGET_REGION(isa)
#define UTF8VIEW_END_AVX512_REGION UTF8VIEW_END_TARGET_REGION
#endif

// UTF8VIEW_REJECT_STRING_LITERAL(R, who, verb): in a function that takes
// text as a range of type R (a forwarding reference's type), stops the
// compilation with one message if R is an array of characters, such as a
// string literal, whose terminating NUL the function would take for a
// character of the text:
//   "utf8view::count_code_points: a character array (such as a string
//    literal) would count its terminating NUL; use std::string_view /
//    std::u8string_view, or utf8view::null_terminated(pointer)"
// `who` names the function (a string literal), `verb` says what it would
// do with the NUL, and the end names the string views of the array's kind
// of text: bytes, UTF-16 code units or code points (std::wstring_view for
// a wchar_t array, whichever it holds). Every function and view
// that rejects arrays says it in these words (a static_assert message must
// be a literal, hence a macro). The array is a valid range, so the body
// after it compiles and no second error follows the message.
// UTF8VIEW_STRING_LITERAL_MESSAGE(who, verb, instead) is the message alone,
// for the views, which test their own condition.
#define UTF8VIEW_STRING_LITERAL_MESSAGE(who, verb, instead)                                                            \
    who ": a character array (such as a string literal) would " verb " its terminating NUL; use " instead
#define UTF8VIEW_REJECT_STRING_LITERAL(R, who, verb)                                                                   \
    static_assert(!::utf8view::detail::string_literal_array<R> || !::utf8view::utf8_range<R>,                          \
                  UTF8VIEW_STRING_LITERAL_MESSAGE(                                                                     \
                      who, verb, "std::string_view / std::u8string_view, or utf8view::null_terminated(pointer)"));     \
    static_assert(!::utf8view::detail::string_literal_array<R> || !::utf8view::utf16_range<R> ||                       \
                      ::utf8view::detail::wide_character_array<R>,                                                     \
                  UTF8VIEW_STRING_LITERAL_MESSAGE(who, verb, "std::u16string_view"));                                  \
    static_assert(!::utf8view::detail::string_literal_array<R> || !::utf8view::code_point_range<R> ||                  \
                      ::utf8view::detail::wide_character_array<R>,                                                     \
                  UTF8VIEW_STRING_LITERAL_MESSAGE(who, verb, "std::u32string_view"));                                  \
    static_assert(!::utf8view::detail::wide_character_array<R> ||                                                      \
                      !(::utf8view::utf16_range<R> || ::utf8view::code_point_range<R>),                                \
                  UTF8VIEW_STRING_LITERAL_MESSAGE(who, verb, "std::wstring_view"))
