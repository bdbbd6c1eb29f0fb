// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.

// Iterator and range archetypes for the tests, in the manner of MSVC STL's
// tests/std/include/range_algorithm_support.hpp and range-v3's
// test/test_iterators.hpp: each archetype offers exactly the operations of
// its category and nothing more, so that a view that needs more than it
// asks for fails to compile, and a view that misuses a single-pass iterator
// fails at run time.
//
//   test_iterator<Category, T>            over an array of T (T may be const)
//   test_sentinel<T>                      the matching sentinel
//   test_range<Category, T, Common, Sized>   a view of [first, last)
//   counting_iterator / counted(range, counts)   counts reads and steps
//   mirrors_base<V, View, Value>()        the concept equalities of a view over V
//   archetype_is_what_it_claims<...>()    static checks of test_range itself
//   archetype_matrix<T>(check)            check<R>() over every test_range of T
//
// Category is one of
//   move_only_input_iterator_tag  input, move-only, single pass, `it++` returns void
//   std::input_iterator_tag       input, copyable, single pass, `it++` returns void
//   std::forward_iterator_tag, std::bidirectional_iterator_tag,
//   std::random_access_iterator_tag, std::contiguous_iterator_tag
//
// Single pass is enforced: all copies of an input iterator share one
// counter of increments (kept in the range that made them), and a copy that
// is dereferenced, incremented or compared after another copy advanced
// aborts with a message. An input range's begin() may be called only once.
// These checks are always on (define UTF8VIEW_TEST_NO_ARCHETYPE_CHECKS to
// turn them off); in constant evaluation a failed check does not compile.

#ifndef UTF8VIEW_TEST_SUPPORT_TEST_ITERATORS_HPP
#define UTF8VIEW_TEST_SUPPORT_TEST_ITERATORS_HPP

#include <compare>
#include <concepts>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <iterator>
#include <memory>
#include <ranges>
#include <type_traits>
#include <utility>

namespace utf8view_test {

/// An input iterator that can be moved but not copied (C++20 allows them).
struct move_only_input_iterator_tag : std::input_iterator_tag {};

namespace detail {

[[noreturn]] inline void archetype_misused(const char* condition, const char* file, int line) noexcept
{
    std::fprintf(stderr, "%s:%d: test archetype misused: %s\n", file, line, condition);
    std::abort();
}

}  // namespace detail

#ifdef UTF8VIEW_TEST_NO_ARCHETYPE_CHECKS
#define UTF8VIEW_TEST_ARCHETYPE_CHECK(condition) static_cast<void>(0)
#else
#define UTF8VIEW_TEST_ARCHETYPE_CHECK(condition)                                                                       \
    ((condition) ? static_cast<void>(0) : ::utf8view_test::detail::archetype_misused(#condition, __FILE__, __LINE__))
#endif

namespace detail {

template <class Category>
inline constexpr bool is_valid_category_v =
    std::same_as<Category, move_only_input_iterator_tag> || std::same_as<Category, std::input_iterator_tag> ||
    std::same_as<Category, std::forward_iterator_tag> || std::same_as<Category, std::bidirectional_iterator_tag> ||
    std::same_as<Category, std::random_access_iterator_tag> || std::same_as<Category, std::contiguous_iterator_tag>;

// iterator_category (the C++17 tag) exists for copyable iterators only; a
// contiguous iterator says random_access there, as the standard's do.
template <class Category>
struct cpp17_category_base {
    using iterator_category = Category;
};
template <>
struct cpp17_category_base<move_only_input_iterator_tag> {};
template <>
struct cpp17_category_base<std::contiguous_iterator_tag> {
    using iterator_category = std::random_access_iterator_tag;
};

}  // namespace detail

/** An iterator over an array of `T` with exactly the operations of `Category`. */
template <class Category, class T>
class test_iterator : public detail::cpp17_category_base<Category> {
    static_assert(detail::is_valid_category_v<Category>, "test_iterator: unknown category tag");

public:
    static constexpr bool single_pass = !std::derived_from<Category, std::forward_iterator_tag>;
    static constexpr bool move_only = std::same_as<Category, move_only_input_iterator_tag>;
    static constexpr bool bidirectional = std::derived_from<Category, std::bidirectional_iterator_tag>;
    static constexpr bool random_access = std::derived_from<Category, std::random_access_iterator_tag>;
    static constexpr bool contiguous = std::derived_from<Category, std::contiguous_iterator_tag>;

    using iterator_concept = std::conditional_t<move_only, std::input_iterator_tag, Category>;
    using value_type = std::remove_cv_t<T>;
    using difference_type = std::ptrdiff_t;

private:
    T* ptr_ = nullptr;
    // Single-pass bookkeeping (input iterators made by a test_range): the
    // range's counter of increments made by all copies, and the value it had
    // when this copy last moved. A stale copy sees a different value.
    std::ptrdiff_t* pass_ = nullptr;
    std::ptrdiff_t seen_ = 0;

public:
    // Move-only input iterators are not default-constructible either: the
    // views must not need it. Copyable ones must be (semiregular) so that a
    // common input range can use them as its own sentinel.
    constexpr test_iterator()
        requires(!move_only)
    = default;

    constexpr explicit test_iterator(T* ptr, std::ptrdiff_t* pass = nullptr) noexcept
        : ptr_(ptr), pass_(pass), seen_(pass ? *pass : 0)
    {}

    constexpr test_iterator(test_iterator&&) = default;
    constexpr test_iterator& operator=(test_iterator&&) = default;
    constexpr test_iterator(const test_iterator&)
        requires(!move_only)
    = default;
    constexpr test_iterator& operator=(const test_iterator&)
        requires(!move_only)
    = default;

    /// The pointer this iterator stands at. Not a read: no single-pass check.
    [[nodiscard]] constexpr T* get() const noexcept { return ptr_; }

    /// Aborts if another copy of this single-pass iterator has advanced.
    constexpr void check_current() const
    {
        if constexpr (single_pass) {
            if (pass_ != nullptr)
                UTF8VIEW_TEST_ARCHETYPE_CHECK(seen_ == *pass_ && "single-pass iterator used after a copy advanced");
        }
    }

    [[nodiscard]] constexpr T& operator*() const
    {
        check_current();
        return *ptr_;
    }
    [[nodiscard]] constexpr T* operator->() const noexcept
        requires contiguous
    {
        return ptr_;
    }

    constexpr test_iterator& operator++()
    {
        check_current();
        ++ptr_;
        if constexpr (single_pass) {
            if (pass_ != nullptr) seen_ = ++*pass_;
        }
        return *this;
    }
    constexpr void operator++(int)
        requires single_pass
    {
        ++*this;
    }
    constexpr test_iterator operator++(int)
        requires(!single_pass)
    {
        test_iterator previous = *this;
        ++ptr_;
        return previous;
    }

    constexpr test_iterator& operator--()
        requires bidirectional
    {
        --ptr_;
        return *this;
    }
    constexpr test_iterator operator--(int)
        requires bidirectional
    {
        test_iterator previous = *this;
        --ptr_;
        return previous;
    }

    // Equality: forward and stronger; copyable input iterators too (a common
    // input range compares against an end iterator that never moves, so no
    // single-pass check here).
    [[nodiscard]] friend constexpr bool operator==(const test_iterator& left, const test_iterator& right) noexcept
        requires(!move_only)
    {
        return left.ptr_ == right.ptr_;
    }

    constexpr test_iterator& operator+=(difference_type n) noexcept
        requires random_access
    {
        ptr_ += n;
        return *this;
    }
    constexpr test_iterator& operator-=(difference_type n) noexcept
        requires random_access
    {
        ptr_ -= n;
        return *this;
    }
    [[nodiscard]] friend constexpr test_iterator operator+(test_iterator it, difference_type n) noexcept
        requires random_access
    {
        return it += n;
    }
    [[nodiscard]] friend constexpr test_iterator operator+(difference_type n, test_iterator it) noexcept
        requires random_access
    {
        return it += n;
    }
    [[nodiscard]] friend constexpr test_iterator operator-(test_iterator it, difference_type n) noexcept
        requires random_access
    {
        return it -= n;
    }
    [[nodiscard]] friend constexpr difference_type operator-(const test_iterator& left,
                                                             const test_iterator& right) noexcept
        requires random_access
    {
        return left.ptr_ - right.ptr_;
    }
    [[nodiscard]] constexpr T& operator[](difference_type n) const noexcept
        requires random_access
    {
        return ptr_[n];
    }
    [[nodiscard]] friend constexpr std::strong_ordering operator<=>(const test_iterator& left,
                                                                    const test_iterator& right) noexcept
        requires random_access
    {
        return left.ptr_ <=> right.ptr_;
    }
};

/** The sentinel of a non-common test_range: compares with any test_iterator
    over `T`. Never a sized sentinel (no `operator-`). */
template <class T>
class test_sentinel {
    T* end_ = nullptr;

public:
    test_sentinel() = default;
    constexpr explicit test_sentinel(T* end) noexcept : end_(end) {}

    [[nodiscard]] constexpr T* get() const noexcept { return end_; }

    template <class Category>
    [[nodiscard]] friend constexpr bool operator==(const test_iterator<Category, T>& it, const test_sentinel& last)
    {
        it.check_current();
        return it.get() == last.end_;
    }
};

/** A view of the array [first, last) through test_iterator<Category, T>.

    - `Common`: end() returns an iterator (else a test_sentinel). A
      move-only iterator cannot be its own sentinel, so move-only ranges are
      never common.
    - `Sized`: has a size() member. (A common random-access range is sized
      whatever `Sized` says, since its iterators can be subtracted.)

    Not a borrowed range; wrap in std::ranges::subrange for one. An input
    range hands out one begin() per object, and only when not const;
    copying the range gives a fresh one with its own pass. */
template <class Category, class T, bool Common = true, bool Sized = false>
class test_range : public std::ranges::view_base {
public:
    using iterator = test_iterator<Category, T>;
    using sentinel = std::conditional_t<Common, iterator, test_sentinel<T>>;

private:
    static constexpr bool single_pass = iterator::single_pass;
    static_assert(!(Common && iterator::move_only), "a move-only iterator cannot be its own sentinel");

    T* first_ = nullptr;
    T* last_ = nullptr;
    std::ptrdiff_t pass_ = 0;  // increments made by this range's iterators (input only)
    bool begun_ = false;

public:
    test_range() = default;
    constexpr test_range(T* first, T* last) noexcept : first_(first), last_(last) {}
    /// A test_range over the elements of a contiguous range (a string, a vector...).
    template <std::ranges::contiguous_range R>
        requires std::ranges::sized_range<R> && std::convertible_to<std::ranges::range_value_t<R>*, T*>
    constexpr explicit test_range(R& elements) noexcept
        : first_(std::ranges::data(elements)), last_(std::ranges::data(elements) + std::ranges::size(elements))
    {}

    constexpr test_range(const test_range& other) noexcept : first_(other.first_), last_(other.last_) {}
    constexpr test_range& operator=(const test_range& other) noexcept
    {
        first_ = other.first_;
        last_ = other.last_;
        pass_ = 0;
        begun_ = false;
        return *this;
    }

    // A single-pass range has only a non-const begin(), like
    // std::ranges::basic_istream_view: beginning it changes it.
    [[nodiscard]] constexpr iterator begin()
        requires single_pass
    {
        UTF8VIEW_TEST_ARCHETYPE_CHECK(!begun_ && "begin() called twice on a single-pass range");
        begun_ = true;
        return iterator(first_, &pass_);
    }
    [[nodiscard]] constexpr iterator begin() const
        requires(!single_pass)
    {
        return iterator(first_);
    }
    [[nodiscard]] constexpr sentinel end() const noexcept
    {
        if constexpr (Common) return iterator(last_);
        else return test_sentinel<T>(last_);
    }
    [[nodiscard]] constexpr std::size_t size() const noexcept
        requires Sized
    {
        return static_cast<std::size_t>(last_ - first_);
    }

    /// The first element's address, for computing offsets in tests.
    [[nodiscard]] constexpr T* first() const noexcept { return first_; }
};

// Short names for the common cases.
template <class T, bool Sized = false>
using move_only_input_test_range = test_range<move_only_input_iterator_tag, T, false, Sized>;
template <class T, bool Common = false, bool Sized = false>
using input_test_range = test_range<std::input_iterator_tag, T, Common, Sized>;
template <class T, bool Common = true, bool Sized = false>
using forward_test_range = test_range<std::forward_iterator_tag, T, Common, Sized>;
template <class T, bool Common = true, bool Sized = false>
using bidirectional_test_range = test_range<std::bidirectional_iterator_tag, T, Common, Sized>;
template <class T, bool Common = true, bool Sized = false>
using random_access_test_range = test_range<std::random_access_iterator_tag, T, Common, Sized>;
template <class T, bool Common = true, bool Sized = false>
using contiguous_test_range = test_range<std::contiguous_iterator_tag, T, Common, Sized>;

// ---------------------------------------------------------------------------
// Counting: how many times a view reads and moves its base iterator.

/** Counters shared by all copies of a counting_iterator. */
struct access_counts {
    std::size_t dereferences = 0;
    std::size_t increments = 0;
    std::size_t decrements = 0;
    std::size_t jumps = 0;  // +=, -=, +, - by n, and [] (counted here, not as dereferences)

    constexpr void reset() noexcept { *this = access_counts{}; }
};

namespace detail {
// A counting iterator is at most random-access: a contiguous one would let
// the view read through std::to_address, which nothing could count.
template <class I>
consteval auto counting_concept() noexcept
{
    if constexpr (std::random_access_iterator<I>) return std::random_access_iterator_tag{};
    else if constexpr (std::bidirectional_iterator<I>) return std::bidirectional_iterator_tag{};
    else if constexpr (std::forward_iterator<I>) return std::forward_iterator_tag{};
    else return std::input_iterator_tag{};
}
}  // namespace detail

/** Wraps `I` and counts, in an `access_counts` it points to, each
    dereference, increment and decrement. Same category as `I`, but at most
    random-access; copyable iff `I` is. */
template <std::input_iterator I>
class counting_iterator {
    I it_ = I();
    access_counts* counts_ = nullptr;

    static constexpr bool forward = std::forward_iterator<I>;

public:
    using iterator_concept = decltype(detail::counting_concept<I>());
    using value_type = std::iter_value_t<I>;
    using difference_type = std::iter_difference_t<I>;

    counting_iterator()
        requires std::default_initializable<I>
    = default;
    constexpr counting_iterator(I it, access_counts& counts) : it_(std::move(it)), counts_(&counts) {}

    [[nodiscard]] constexpr const I& base() const& noexcept { return it_; }
    [[nodiscard]] constexpr I base() && { return std::move(it_); }

    [[nodiscard]] constexpr std::iter_reference_t<I> operator*() const
    {
        ++counts_->dereferences;
        return *it_;
    }
    constexpr counting_iterator& operator++()
    {
        ++counts_->increments;
        ++it_;
        return *this;
    }
    constexpr void operator++(int)
        requires(!forward)
    {
        ++*this;
    }
    constexpr counting_iterator operator++(int)
        requires forward
    {
        counting_iterator previous = *this;
        ++*this;
        return previous;
    }
    constexpr counting_iterator& operator--()
        requires std::bidirectional_iterator<I>
    {
        ++counts_->decrements;
        --it_;
        return *this;
    }
    constexpr counting_iterator operator--(int)
        requires std::bidirectional_iterator<I>
    {
        counting_iterator previous = *this;
        --*this;
        return previous;
    }
    [[nodiscard]] friend constexpr bool operator==(const counting_iterator& left, const counting_iterator& right)
        requires std::equality_comparable<I>
    {
        return left.it_ == right.it_;
    }

    constexpr counting_iterator& operator+=(difference_type n)
        requires std::random_access_iterator<I>
    {
        ++counts_->jumps;
        it_ += n;
        return *this;
    }
    constexpr counting_iterator& operator-=(difference_type n)
        requires std::random_access_iterator<I>
    {
        ++counts_->jumps;
        it_ -= n;
        return *this;
    }
    [[nodiscard]] friend constexpr counting_iterator operator+(counting_iterator it, difference_type n)
        requires std::random_access_iterator<I>
    {
        return it += n;
    }
    [[nodiscard]] friend constexpr counting_iterator operator+(difference_type n, counting_iterator it)
        requires std::random_access_iterator<I>
    {
        return it += n;
    }
    [[nodiscard]] friend constexpr counting_iterator operator-(counting_iterator it, difference_type n)
        requires std::random_access_iterator<I>
    {
        return it -= n;
    }
    [[nodiscard]] friend constexpr difference_type operator-(const counting_iterator& left,
                                                             const counting_iterator& right)
        requires std::random_access_iterator<I>
    {
        return left.it_ - right.it_;
    }
    [[nodiscard]] constexpr std::iter_reference_t<I> operator[](difference_type n) const
        requires std::random_access_iterator<I>
    {
        ++counts_->jumps;
        ++counts_->dereferences;
        return it_[n];
    }
    [[nodiscard]] friend constexpr auto operator<=>(const counting_iterator& left, const counting_iterator& right)
        requires std::random_access_iterator<I>
    {
        return left.it_ <=> right.it_;
    }
};

/** The sentinel of a counted range whose base is not common. */
template <class S>
class counting_sentinel {
    S end_ = S();

public:
    counting_sentinel() = default;
    constexpr explicit counting_sentinel(S end) : end_(std::move(end)) {}
    [[nodiscard]] constexpr const S& base() const noexcept { return end_; }

    template <class I>
        requires std::sentinel_for<S, I>
    [[nodiscard]] friend constexpr bool operator==(const counting_iterator<I>& it, const counting_sentinel& last)
    {
        return it.base() == last.end_;
    }
};

/** A subrange over `range` whose iterators count into `counts`. Common if
    `range` is; borrowed (it is a subrange), so `range` must outlive it. */
template <std::ranges::input_range R>
[[nodiscard]] constexpr auto counted(R&& range, access_counts& counts)
{
    using I = std::ranges::iterator_t<R>;
    if constexpr (std::ranges::common_range<R> && std::forward_iterator<I>)
        return std::ranges::subrange<counting_iterator<I>>(counting_iterator<I>(std::ranges::begin(range), counts),
                                                           counting_iterator<I>(std::ranges::end(range), counts));
    else
        return std::ranges::subrange<counting_iterator<I>, counting_sentinel<std::ranges::sentinel_t<R>>>(
            counting_iterator<I>(std::ranges::begin(range), counts),
            counting_sentinel<std::ranges::sentinel_t<R>>(std::ranges::end(range)));
}

// ---------------------------------------------------------------------------
// The concept equalities every utf8view transcoding view keeps with its base
// (doc/reference.md: "Models ... as V"). Call as
// static_assert(mirrors_base<V, View, Value>()): each fact is its own
// static_assert, so a failure names it.

namespace detail {
template <class V, class View, class Value>
constexpr bool mirrors_base_one()
{
    static_assert(std::ranges::input_range<View> == std::ranges::input_range<V>);
    static_assert(std::ranges::forward_range<View> == std::ranges::forward_range<V>);
    static_assert(std::ranges::bidirectional_range<View> == std::ranges::bidirectional_range<V>);
    static_assert(!std::ranges::random_access_range<View>);  // variable width
    static_assert(!std::ranges::sized_range<View>);          // unknown without a pass
    // Over input ranges end() is always a sentinel (documented).
    static_assert(std::ranges::common_range<View> == (std::ranges::common_range<V> && std::ranges::forward_range<V>));
    static_assert(std::same_as<std::ranges::range_value_t<View>, Value>);
    static_assert(std::same_as<std::ranges::range_reference_t<View>, Value>);  // a prvalue
    using I = std::ranges::iterator_t<View>;
    // iterator_category only over forward ranges, and input there because
    // operator* returns a prvalue (doc/design.md, Iterators).
    if constexpr (std::ranges::forward_range<V>)
        static_assert(std::same_as<typename std::iterator_traits<I>::iterator_category, std::input_iterator_tag>);
    else static_assert(!requires { typename I::iterator_category; });
    return true;
}
}  // namespace detail

template <class V, class View, class Value>
constexpr bool mirrors_base()
{
    static_assert(std::ranges::view<View>);
    static_assert(std::ranges::borrowed_range<View> == std::ranges::borrowed_range<V>);
    static_assert(std::same_as<typename View::iterator, std::ranges::iterator_t<View>>);
    static_assert(detail::mirrors_base_one<V, View, Value>());
    static_assert(std::ranges::range<const View> == std::ranges::range<const V>);
    if constexpr (std::ranges::range<const V>) {
        static_assert(std::same_as<typename View::const_iterator, std::ranges::iterator_t<const View>>);
        static_assert(detail::mirrors_base_one<const V, const View, Value>());
    }
    return true;
}

/** Static checks of test_range itself: it is what its parameters say. */
template <class Category, class T, bool Common, bool Sized>
constexpr bool archetype_is_what_it_claims()
{
    using R = test_range<Category, T, Common, Sized>;
    using I = std::ranges::iterator_t<R>;
    constexpr bool forward = std::derived_from<Category, std::forward_iterator_tag>;
    constexpr bool random_access = std::derived_from<Category, std::random_access_iterator_tag>;
    static_assert(std::ranges::view<R>);
    static_assert(std::ranges::input_range<R>);
    static_assert(std::ranges::forward_range<R> == forward);
    static_assert(std::ranges::bidirectional_range<R> == std::derived_from<Category, std::bidirectional_iterator_tag>);
    static_assert(std::ranges::random_access_range<R> == random_access);
    static_assert(std::ranges::contiguous_range<R> == std::derived_from<Category, std::contiguous_iterator_tag>);
    static_assert(std::ranges::common_range<R> == Common);
    // A common random-access range is sized whatever Sized says.
    static_assert(std::ranges::sized_range<R> == (Sized || (Common && random_access)));
    static_assert(!std::ranges::borrowed_range<R>);
    // Single-pass ranges can be begun only when not const.
    static_assert(std::ranges::range<const R> == forward);
    static_assert(std::copyable<I> == !std::same_as<Category, move_only_input_iterator_tag>);
    if constexpr (!forward) {
        static_assert(std::same_as<decltype(std::declval<I&>()++), void>);
        static_assert(!std::forward_iterator<I>);
    }
    return true;
}

// ---------------------------------------------------------------------------
// The archetype matrix: test_range<Category, T, Common, Sized> for the six
// categories, common and not (the move-only one never common), sized and
// not, each first checked with archetype_is_what_it_claims; and, for the
// unsized copyable ones, the borrowed form, a subrange of the same iterator
// and sentinel (sizing changes nothing more there). Call as
//   static_assert(archetype_matrix<const char>([]<class R>() { return check<R>(); }));
// where check<R>() static_asserts what a view over R must be: a failure's
// instantiation stack names the cell (archetype_cell<Category, T, Common,
// Sized, ...>) and the fact.

namespace detail {
template <class Category, class T, bool Common, bool Sized, class Check>
constexpr bool archetype_cell(Check check)
{
    using R = test_range<Category, T, Common, Sized>;
    static_assert(archetype_is_what_it_claims<Category, T, Common, Sized>());
    bool ok = check.template operator()<R>();
    if constexpr (!std::same_as<Category, move_only_input_iterator_tag> && !Sized) {
        using borrowed = std::ranges::subrange<std::ranges::iterator_t<R>, std::ranges::sentinel_t<R>>;
        static_assert(std::ranges::borrowed_range<borrowed>);
        ok = ok && check.template operator()<borrowed>();
    }
    return ok;
}

template <class Category, class T, class Check>
constexpr bool archetype_row(Check check)
{
    bool ok = archetype_cell<Category, T, false, false>(check) && archetype_cell<Category, T, false, true>(check);
    if constexpr (!std::same_as<Category, move_only_input_iterator_tag>)  // never common
        ok = ok && archetype_cell<Category, T, true, false>(check) && archetype_cell<Category, T, true, true>(check);
    return ok;
}
}  // namespace detail

template <class T, class Check>
constexpr bool archetype_matrix(Check check)
{
    return detail::archetype_row<std::input_iterator_tag, T>(check) &&
           detail::archetype_row<std::forward_iterator_tag, T>(check) &&
           detail::archetype_row<std::bidirectional_iterator_tag, T>(check) &&
           detail::archetype_row<std::random_access_iterator_tag, T>(check) &&
           detail::archetype_row<std::contiguous_iterator_tag, T>(check) &&
           detail::archetype_row<move_only_input_iterator_tag, T>(check);
}

}  // namespace utf8view_test

#endif  // UTF8VIEW_TEST_SUPPORT_TEST_ITERATORS_HPP
