// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.

// Memory with unreadable pages on both sides (the class guarded_pages, in
// guarded_memory.hpp), for the tests that a kernel reads (and writes)
// nothing outside its buffers (detail/simd_kernels.cpp,
// detail/transcode_kernels.cpp...): put a buffer flush with first() or
// last(), and an access before or after it ends the process with SIGSEGV.
// (decode_view_fast_path.cpp maps its own memory, and uses only the macro
// and the precondition below.)
// UTF8VIEW_TEST_HAS_MMAP is defined where this works (POSIX mmap). A test
// that needs it is declared on every system, with the precondition below,
//   BOOST_AUTO_TEST_CASE(name, *boost::unit_test::precondition(utf8view_test::mmap_is_available))
// and its body inside #if defined(UTF8VIEW_TEST_HAS_MMAP): where there is no
// mmap, Boost.Test reports it as skipped, with the reason, never as passed.
// Include after <boost/test/unit_test.hpp>.

#ifndef UTF8VIEW_TEST_SUPPORT_GUARDED_PAGES_HPP
#define UTF8VIEW_TEST_SUPPORT_GUARDED_PAGES_HPP

#include "support/guarded_memory.hpp"

#include <boost/test/unit_test.hpp>

namespace utf8view_test {

// Precondition of the tests that need memory with unreadable pages around
// it: false, with the reason, where there is no mmap.
inline boost::test_tools::assertion_result mmap_is_available(boost::unit_test::test_unit_id)
{
#if defined(UTF8VIEW_TEST_HAS_MMAP)
    return true;
#else
    boost::test_tools::assertion_result result(false);
    result.message() << "no mmap on this system: memory with unreadable pages around it cannot be made";
    return result;
#endif
}

}  // namespace utf8view_test

#endif  // UTF8VIEW_TEST_SUPPORT_GUARDED_PAGES_HPP
