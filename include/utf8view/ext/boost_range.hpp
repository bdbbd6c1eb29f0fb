// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at https://www.boost.org/LICENSE_1_0.txt)

/// \file
/// Opt-in glue for Boost.Range and Boost.Iterator (tested with Boost 1.74):
/// include this header, after or instead of the utf8view headers, in code
/// that hands utf8view's views to Boost.Range algorithms and adaptors. It
/// needs Boost on the include path; no other utf8view header includes Boost.
///
/// Why it exists. Boost.Range finds our iterators without help (the views
/// have nested `iterator` and `const_iterator` types), but it
/// learns what an iterator can do from
/// `boost::iterators::iterator_traversal<I>`, which it computes from the
/// C++17 `std::iterator_traits<I>::iterator_category`. Ours is
/// `std::input_iterator_tag`, because `*it` returns a value (`char32_t`),
/// not a reference (C++17's forward iterators must return references; the
/// standard's `std::views::transform` does the same). Boost therefore took
/// every decode and encode iterator for a single-pass one:
/// `view | boost::adaptors::reversed` did not compile (it needs
/// bidirectional traversal), and neither did algorithms that need forward
/// traversal (`boost::max_element`) or `BOOST_CONCEPT_ASSERT` of
/// `boost::ForwardRangeConcept`. Boost's traversal tags, unlike C++17's
/// categories, allow values as elements, so the specialization below gives
/// Boost the iterators' real strength, their C++20 `iterator_concept`.
///
/// Include it in every translation unit that uses Boost.Range with
/// utf8view's views: Boost would otherwise see another traversal there.

#ifndef UTF8VIEW_EXT_BOOST_RANGE_HPP
#define UTF8VIEW_EXT_BOOST_RANGE_HPP

#include <utf8view/config.hpp>
#include <utf8view/decode_view.hpp>
#include <utf8view/encode_view.hpp>

#include <boost/iterator/iterator_categories.hpp>

#include <iterator>
#include <type_traits>

#include <utf8view/detail/prologue.hpp>

namespace utf8view::detail {

// The Boost traversal tag of a utf8view iterator: its C++20 strength (at
// most bidirectional).
template <class I>
using boost_traversal_t =
    std::conditional_t<std::bidirectional_iterator<I>, boost::iterators::bidirectional_traversal_tag,
                       std::conditional_t<std::forward_iterator<I>, boost::iterators::forward_traversal_tag,
                                          boost::iterators::single_pass_traversal_tag>>;

}  // namespace utf8view::detail

namespace boost::iterators {

/** The traversal of utf8view's iterators (those of `decode_view` and
    `encode_view`, which carry the marker type `utf8view_iterator`):
    `bidirectional_traversal_tag` over a bidirectional (or stronger) base,
    `forward_traversal_tag` over a forward base, `single_pass_traversal_tag`
    over an input base. Never random access: code points and code units
    have variable width. Boost.Range then accepts the views as bidirectional
    or forward ranges, and `boost::adaptors::reversed` works on them. A
    compile-time property only: nothing changes at run time, on any input. */
template <class I>
    requires requires { typename I::utf8view_iterator; }
struct iterator_traversal<I> {
    using type = utf8view::detail::boost_traversal_t<I>;
};

}  // namespace boost::iterators

#include <utf8view/detail/epilogue.hpp>

#endif  // UTF8VIEW_EXT_BOOST_RANGE_HPP
