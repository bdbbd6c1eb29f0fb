// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.

// Memory with an unreadable page (PROT_NONE) on each side, for the tests
// that a function reads and writes nothing outside its buffers: a buffer
// put flush with last() (or with first()) makes an access past its end
// (or before its start) end the process with SIGSEGV at once. Used by the
// Boost.Test tests through guarded_pages.hpp, and by the fuzz targets,
// which have no Boost.Test. UTF8VIEW_TEST_HAS_MMAP is defined where this
// works (POSIX mmap); elsewhere the class does not exist.

#ifndef UTF8VIEW_TEST_SUPPORT_GUARDED_MEMORY_HPP
#define UTF8VIEW_TEST_SUPPORT_GUARDED_MEMORY_HPP

#if __has_include(<sys/mman.h>) && __has_include(<unistd.h>)
#include <sys/mman.h>
#include <unistd.h>
#define UTF8VIEW_TEST_HAS_MMAP 1
#endif

#if defined(UTF8VIEW_TEST_HAS_MMAP)

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <stdexcept>
#include <string_view>

namespace utf8view_test {

/** Readable and writable pages (two, or as many as asked for) between two
    unreadable ones. */
class guarded_pages {
    unsigned char* base_ = nullptr;
    std::size_t page_ = 0;
    std::size_t readable_ = 0;

    void map(std::size_t bytes)
    {
        page_ = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
        readable_ = std::max<std::size_t>(1, (bytes + page_ - 1) / page_) * page_;
        void* p = mmap(nullptr, readable_ + 2 * page_, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (p == MAP_FAILED) throw std::runtime_error("guarded_pages: mmap failed");
        base_ = static_cast<unsigned char*>(p);
        if (mprotect(base_ + page_, readable_, PROT_READ | PROT_WRITE) != 0) {
            munmap(base_, readable_ + 2 * page_);
            throw std::runtime_error("guarded_pages: mprotect failed");
        }
    }

public:
    /** At least `bytes` readable bytes (by default two pages). */
    explicit guarded_pages(std::size_t bytes = 2 * static_cast<std::size_t>(sysconf(_SC_PAGESIZE))) { map(bytes); }
    ~guarded_pages() { munmap(base_, readable_ + 2 * page_); }
    guarded_pages(const guarded_pages&) = delete;
    guarded_pages& operator=(const guarded_pages&) = delete;

    /** Makes room for at least `bytes` readable bytes. If it has to grow,
        the memory moves: pointers into it are no longer valid. */
    void reserve(std::size_t bytes)
    {
        if (bytes <= readable_) return;
        munmap(base_, readable_ + 2 * page_);
        map(bytes);
    }

    /** The readable bytes start here (page-aligned)... */
    unsigned char* first() const { return base_ + page_; }
    /** ...and end here (page-aligned). */
    unsigned char* last() const { return base_ + page_ + readable_; }
    /** last() - first(). */
    std::size_t readable() const { return readable_; }

    /** Copies `bytes` so that they end where readable memory ends (growing
        it if needed). One placement at a time: they share the memory. */
    const unsigned char* at_end(std::string_view bytes)
    {
        reserve(bytes.size());
        unsigned char* p = last() - bytes.size();
        if (!bytes.empty()) std::memcpy(p, bytes.data(), bytes.size());
        return p;
    }
    /** Copies `bytes` so that they start where readable memory starts. */
    const unsigned char* at_start(std::string_view bytes)
    {
        reserve(bytes.size());
        if (!bytes.empty()) std::memcpy(first(), bytes.data(), bytes.size());
        return first();
    }
    /** Room for `count` elements of T that ends where readable memory
        ends, each set to `fill`. */
    template <class T>
    T* output_at_end(std::size_t count, T fill)
    {
        reserve(count * sizeof(T));
        T* p = reinterpret_cast<T*>(last()) - count;
        std::fill(p, p + count, fill);
        return p;
    }
};

/** 1 GiB of address space, PROT_NONE, no memory behind it (MAP_NORESERVE),
    its first `readable_pages` pages (one by default) readable and writable.
    Reading anywhere past them raises SIGSEGV: a view over the whole
    gigabyte shows how far a function reads ahead. ok() is false if the
    mapping failed. */
class guarded_gigabyte {
public:
    static constexpr std::size_t size = std::size_t{1} << 30;

    explicit guarded_gigabyte(std::size_t readable_pages = 1)
    {
        void* p = ::mmap(nullptr, size, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
        if (p == MAP_FAILED) return;
        base_ = static_cast<char*>(p);
        page_ = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
        readable_ = readable_pages * page_;
        if (::mprotect(base_, readable_, PROT_READ | PROT_WRITE) != 0) {
            ::munmap(base_, size);
            base_ = nullptr;
        }
    }
    ~guarded_gigabyte()
    {
        if (base_) ::munmap(base_, size);
    }
    guarded_gigabyte(const guarded_gigabyte&) = delete;
    guarded_gigabyte& operator=(const guarded_gigabyte&) = delete;

    [[nodiscard]] bool ok() const { return base_ != nullptr; }
    [[nodiscard]] char* data() const { return base_; }
    [[nodiscard]] std::size_t page() const { return page_; }
    /// Readable bytes from data().
    [[nodiscard]] std::size_t readable() const { return readable_; }

private:
    char* base_ = nullptr;
    std::size_t page_ = 0;
    std::size_t readable_ = 0;
};

}  // namespace utf8view_test

#endif  // UTF8VIEW_TEST_HAS_MMAP

#endif  // UTF8VIEW_TEST_SUPPORT_GUARDED_MEMORY_HPP
