// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.

// Memory with unreadable pages on both sides, for the tests that a kernel
// reads (and writes) nothing outside its buffers (detail/simd_kernels.cpp,
// detail/transcode_kernels.cpp): put a buffer flush with first() or last(),
// and an access before or after it ends the process with SIGSEGV.
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

#include <boost/test/unit_test.hpp>

#if __has_include(<sys/mman.h>) && __has_include(<unistd.h>)
#include <sys/mman.h>
#include <unistd.h>
#define UTF8VIEW_TEST_HAS_MMAP 1
#endif

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

#if defined(UTF8VIEW_TEST_HAS_MMAP)

#include <cstddef>
#include <stdexcept>

namespace utf8view_test {

/** Two readable and writable pages between two unreadable ones (PROT_NONE). */
class guarded_pages {
    unsigned char* base_ = nullptr;
    std::size_t page_ = 0;

public:
    guarded_pages()
    {
        page_ = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
        void* p = mmap(nullptr, 4 * page_, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (p == MAP_FAILED) throw std::runtime_error("guarded_pages: mmap failed");
        base_ = static_cast<unsigned char*>(p);
        if (mprotect(base_ + page_, 2 * page_, PROT_READ | PROT_WRITE) != 0) {
            munmap(base_, 4 * page_);
            throw std::runtime_error("guarded_pages: mprotect failed");
        }
    }
    ~guarded_pages() { munmap(base_, 4 * page_); }
    guarded_pages(const guarded_pages&) = delete;
    guarded_pages& operator=(const guarded_pages&) = delete;

    /** The readable bytes start here (page-aligned)... */
    unsigned char* first() const { return base_ + page_; }
    /** ...and end here (page-aligned). */
    unsigned char* last() const { return base_ + 3 * page_; }
    /** last() - first(). */
    std::size_t readable() const { return 2 * page_; }
};

}  // namespace utf8view_test

#endif  // UTF8VIEW_TEST_HAS_MMAP

#endif  // UTF8VIEW_TEST_SUPPORT_GUARDED_PAGES_HPP
