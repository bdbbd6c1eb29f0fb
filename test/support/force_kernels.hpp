// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.

// Running a test body once under each kernel this CPU has, forced with
// detail::force_kernel / detail::force_transcoder (detail/dispatch.hpp), so
// that every code path is tested in one run: a kernel the run-time choice
// does not pick on this machine would otherwise go untested. Failures
// inside say which kernel was active (BOOST_TEST_CONTEXT). Include after
// <boost/test/unit_test.hpp>.

#ifndef UTF8VIEW_TEST_SUPPORT_FORCE_KERNELS_HPP
#define UTF8VIEW_TEST_SUPPORT_FORCE_KERNELS_HPP

#include <utf8view/detail/dispatch.hpp>

#include <boost/test/unit_test.hpp>

#include <string>

namespace utf8view_test {

// Forces back, when it goes out of scope, the validation kernel and the
// transcoder that were active when it was made (also if a test throws).
class restore_kernels {
    std::string kernel_{utf8view::detail::active_kernel().name};
    std::string transcoder_{utf8view::detail::active_transcoder().name};

public:
    restore_kernels() = default;
    restore_kernels(const restore_kernels&) = delete;
    restore_kernels& operator=(const restore_kernels&) = delete;
    ~restore_kernels()
    {
        utf8view::detail::force_kernel(kernel_);
        utf8view::detail::force_transcoder(transcoder_);
    }
};

// Runs f() once under each available validation kernel (the views'
// validation of contiguous input), forced; then restores the kernels.
template <class F>
void for_each_kernel(F&& f)
{
    const restore_kernels restore;
    const auto kernels = utf8view::detail::available_kernels();
    BOOST_TEST_REQUIRE(!kernels.empty());
    BOOST_TEST_REQUIRE(kernels.back()->name == "scalar");
    for (const utf8view::detail::kernel* k : kernels) {
        BOOST_TEST_REQUIRE(utf8view::detail::force_kernel(k->name));
        BOOST_TEST_CONTEXT("kernel " << k->name)
        {
            f();
        }
    }
    BOOST_TEST_MESSAGE("ran under " << kernels.size() << " kernels");
}

// Runs f() once under each pair of an available validation kernel and an
// available transcoder (the decode_into and encode_into kernels between
// contiguous buffers), forced; then restores the kernels.
template <class F>
void for_each_kernel_and_transcoder(F&& f)
{
    const restore_kernels restore;
    const auto kernels = utf8view::detail::available_kernels();
    BOOST_TEST_REQUIRE(!kernels.empty());
    BOOST_TEST_REQUIRE(kernels.back()->name == "scalar");
    const auto transcoders = utf8view::detail::available_transcoders();
    BOOST_TEST_REQUIRE(!transcoders.empty());
    BOOST_TEST_REQUIRE(transcoders.back()->name == "scalar");
    for (const utf8view::detail::kernel* k : kernels) {
        for (const utf8view::detail::transcoder* c : transcoders) {
            BOOST_TEST_REQUIRE(utf8view::detail::force_kernel(k->name));
            BOOST_TEST_REQUIRE(utf8view::detail::active_kernel().name == k->name);
            BOOST_TEST_REQUIRE(utf8view::detail::force_transcoder(c->name));
            BOOST_TEST_REQUIRE(utf8view::detail::active_transcoder().name == c->name);
            BOOST_TEST_CONTEXT("kernel " << k->name << ", transcoder " << c->name)
            {
                f();
            }
        }
    }
}

}  // namespace utf8view_test

#endif  // UTF8VIEW_TEST_SUPPORT_FORCE_KERNELS_HPP
