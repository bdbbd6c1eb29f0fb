// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at https://www.boost.org/LICENSE_1_0.txt)

/// \file
/// `decode_view`: a lazy view of the code points (char32_t) of a UTF-8 byte
/// range or a UTF-16 code unit range, and the adaptor objects `views::decode`
/// and `views::decode_utf16`.

#ifndef UTF8VIEW_DECODE_VIEW_HPP
#define UTF8VIEW_DECODE_VIEW_HPP

#include <utf8view/config.hpp>
#include <utf8view/code_unit.hpp>
#include <utf8view/detail/byte_pointer.hpp>
#include <utf8view/detail/closure.hpp>
#include <utf8view/detail/decode_step.hpp>
#include <utf8view/detail/iterator_support.hpp>
#include <utf8view/detail/kernel_calls.hpp>
#include <utf8view/detail/policy_view.hpp>
#include <utf8view/detail/reverse_iterator.hpp>
#include <utf8view/detail/utf16_step.hpp>
#include <utf8view/error.hpp>
#include <utf8view/error_policy.hpp>

#include <bit>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <optional>
#include <ranges>
#include <type_traits>
#include <utility>

#include <utf8view/detail/prologue.hpp>

namespace utf8view {

namespace detail {

// The ranges a decode adaptor takes: views::decode takes UTF-8,
// views::decode_utf16 UTF-16, and decode_view itself either.
enum class decode_source { utf8, utf16, either };
template <decode_source Source>
struct decode_adaptor_traits;  // below
}  // namespace detail

/** A lazy view of the code points of the UTF-8 byte range, or UTF-16 code
    unit range, `V`; the element type of `V` says which.

    Each element is a `char32_t`: the scalar value of a well-formed sequence
    (UTF-8: Unicode 15.0 ch. 3, Table 3-7; UTF-16: a code unit that is not a
    surrogate, or a surrogate pair, Table 3-5), or, for each ill-formed
    *maximal subpart* (UTF-16: each unpaired surrogate), whatever `Policy`
    says: U+FFFD (`on_error::replace`, the default, exactly as the WHATWG
    decoders), nothing (`on_error::skip`), or a `decode_error` exception
    (`on_error::throw_exception`). Offsets given to the policy count code
    units: bytes for UTF-8, 16-bit units for UTF-16.

    @tparam V      a view whose elements are bytes (`char`, `signed char`,
                   `unsigned char`, `char8_t`, `std::byte`: UTF-8) or UTF-16
                   code units (`char16_t`, and `wchar_t` where it is 16
                   bits); any category from input to contiguous, with or
                   without a sentinel.
    @tparam Policy a `decode_error_policy`: its call returns the replacement
                   as `std::optional<char32_t>` (`std::nullopt`: drop the
                   subpart) or as `char32_t`; a result of another type stops
                   the compilation with one message naming these two.

    The view models `input_range`, `forward_range` or `bidirectional_range`
    as `V` does (never more: code points have variable width, so it is
    neither random-access nor sized), `common_range` when `V` is a common
    forward range, `borrowed_range` when `V` is, and `std::ranges::view`.
    Iterating backwards yields exactly the reverse of iterating forwards,
    errors included.

    @par Complexity `begin()` decodes the first element: O(1), except that
    `on_error::skip` first passes over any ill-formed bytes at the start.
    Incrementing and decrementing are O(1) plus the maximal subparts the
    policy drops: `++` reads the bytes of the next element and the byte that
    ends it; `--` reads at most 4 bytes back for a well-formed sequence, and
    reads a maximal subpart again, forwards, to classify it. The one
    exception: over a bidirectional range that is not random-access, an
    iterator that came from `end()` computes its byte offset (O(n), once)
    the first time the policy is told about an error. Over contiguous sized
    bytes a step may first validate a block of at most 1024 bytes ahead
    (`++`) or 1372 behind (`--`) with the SIMD kernel, then decodes inside it
    without checks: O(1) per byte passed. With `on_error::replace`, where
    errors are dense and random (binary data read as UTF-8), a step may
    instead classify the 64 bytes ahead with the SIMD transcoder and take
    the segments there from bit masks, with no branch per segment: again
    O(1) per byte passed, the same elements. Iterators hold
    positions, never a pointer to the view, and cost a few pointers and a
    `char32_t` (and, with `on_error::replace` over contiguous sized bytes,
    a 64-bit mask).

    @par Iterators `iterator_category` is `std::input_iterator_tag`, because
    elements are values, not references (as for `std::views::transform`);
    `iterator_concept` tells the real strength. Use `std::ranges::next`,
    `prev` and `distance`, not their `std::` namesakes, which read only the
    former. Over bidirectional code units, with a policy that never drops
    an error (`policy_replaces_every_error`: the default,
    `on_error::throw_exception`, and any policy returning `char32_t`),
    `std::reverse_iterator` of the iterator
    (`std::views::reverse`) is specialized to keep the element before its
    position: each element is decoded once, and the policy runs once per
    maximal subpart, backwards as forwards, with one exception: `begin()`
    decodes the first element, and `std::views::reverse` calls it for its
    end, so a maximal subpart at the very start goes to the policy twice in
    such a loop (a throwing policy throws before anything is yielded); a
    loop of `--` from `end()` that stops when `base()` is the first code
    unit asks once.

    @par Bad input Never reads outside `V`, on any code unit sequence. Overlongs
    (`C0 AE`), surrogates (`ED A0 80`), values above U+10FFFF (`F4 90 80 80`),
    the bytes C0, C1, F5..FF, and truncated sequences are never decoded as
    characters; a broken sequence never swallows the valid bytes after it
    (`C2 41 42` yields U+FFFD 'A' 'B'). A BOM (`EF BB BF`) is the character
    U+FEFF: the view never strips it (see `strip_bom`). In UTF-16, an
    unpaired surrogate (a low one alone, a high one not followed by a low
    one) is one error of kind `unpaired_surrogate`, one code unit long; the
    code unit after a lone high surrogate starts the next element.

    @par Standard Unicode 15.0, ch. 3, D92 and Table 3-7 (well-formed
    UTF-8), D91 and Table 3-5 (UTF-16), §3.9 "U+FFFD Substitution of Maximal
    Subparts"; WHATWG Encoding Standard, "UTF-8 decoder" and "shared UTF-16
    decoder".

    @par Example
    @code
    std::string_view bytes = "\xC3\x86r\xC3\xB8 \xC0\xAE";   // "Ærø " then an overlong '.'
    for (char32_t c : bytes | utf8view::views::decode) ...   // Æ r ø ' ' FFFD FFFD
    @endcode */
template <std::ranges::view V, detail::decode_policy_argument Policy = on_error::replace_t>
    requires utf8_range<V> || utf16_range<V>
class decode_view : public detail::policy_view<decode_view<V, Policy>, V, Policy,
                                               detail::decode_adaptor_traits<detail::decode_source::either>> {
    static_assert(!detail::is_ref_view_of_string_literal_array_v<V> ||
                      std::same_as<std::ranges::range_value_t<V>, wchar_t>,
                  UTF8VIEW_STRING_LITERAL_MESSAGE("utf8view::decode_view", "decode",
                                                  "std::string_view / std::u8string_view / std::u16string_view, or "
                                                  "utf8view::null_terminated(pointer)"));
    static_assert(!detail::is_ref_view_of_string_literal_array_v<V> ||
                      !std::same_as<std::ranges::range_value_t<V>, wchar_t>,
                  UTF8VIEW_STRING_LITERAL_MESSAGE("utf8view::decode_view", "decode", "std::wstring_view"));

    // base(), policy(), begin() and end() (an iterator_, or a
    // detail::view_sentinel when V is not a common forward range).
    using view_base =
        detail::policy_view<decode_view, V, Policy, detail::decode_adaptor_traits<detail::decode_source::either>>;
    friend view_base;

    template <bool Const>
    class iterator_;

public:
    /// The iterator type, for Boost.Range and other code that looks for a nested name.
    using iterator = iterator_<false>;
    /// The iterator type of a `const decode_view` (valid when `const V` is a range).
    using const_iterator = iterator_<true>;

    /** A view of a default-constructed `V` (usually empty), with a
        default-constructed policy. */
    decode_view()
        requires std::default_initializable<V> && std::default_initializable<Policy>
    = default;

    /** Views `base` as code points, handling errors with `policy`. O(1). */
    constexpr explicit decode_view(V base, Policy policy = Policy()) noexcept(
        std::conjunction_v<std::is_nothrow_move_constructible<V>, std::is_nothrow_copy_constructible<Policy>>)
        : view_base(std::move(base), policy)
    {}

    // No size(): the number of code points is unknown without an O(n) pass.
};

/// Deduction guides: `decode_view(bytes)` and `decode_view(bytes, policy)`
/// view `std::views::all(bytes)`.
template <class R>
decode_view(R&&) -> decode_view<std::views::all_t<R>>;
template <class R, class Policy>
decode_view(R&&, Policy) -> decode_view<std::views::all_t<R>, Policy>;

/** The iterator of `decode_view`.

    `*it` returns the cached code point (O(1), no decoding). `++it` and
    `--it` decode the next or previous element once; the policy runs once per
    maximal subpart met. If the policy throws, the iterator is left as it
    was before the step (over input ranges the bytes read are consumed, and
    the iterator may only be destroyed or assigned to). */
template <std::ranges::view V, detail::decode_policy_argument Policy>
    requires utf8_range<V> || utf16_range<V>
template <bool Const>
class decode_view<V, Policy>::iterator_ : public detail::iterator_category_base<detail::maybe_const<Const, V>> {
    using Base = detail::maybe_const<Const, V>;
    using base_iterator = std::ranges::iterator_t<Base>;
    using base_sentinel = std::ranges::sentinel_t<Base>;
    // Over forward ranges `current_` is the first byte of the current
    // element; over input ranges the bytes are consumed, so `current_` is the
    // byte after it.
    static constexpr bool forward = std::ranges::forward_range<Base>;
    static constexpr bool bidirectional = std::ranges::bidirectional_range<Base>;
    // Over forward ranges the iterator keeps its begin, which bounds
    // scanning back and gives the offset of an iterator from end(); not over
    // a view whose code units are always well-formed (an encode_view): there
    // a scan back from an element boundary always finds the element's first
    // code unit inside the range, no policy is ever asked, and that view's
    // begin() would encode, and perhaps ask its own policy, each time end()
    // is called.
    static constexpr bool keeps_begin = forward && !detail::yields_well_formed_v<V>;
    // offset() exists wherever it can be known: not over such a view.
    static constexpr bool knows_offsets = keeps_begin || !forward || std::random_access_iterator<base_iterator>;
    // Over contiguous sized bytes the iterator validates a block ahead with
    // the SIMD kernel and decodes inside it without checks (doc/design.md,
    // "The contiguous fast path").
    static constexpr bool validates_ahead =
        !detail::decodes_utf16_v<Base> && detail::byte_pointer_range<base_iterator, base_sentinel>;
    static constexpr std::size_t lookahead_block_bytes = 1024;
    // And steps back inside a stretch validated behind it (validated_behind).
    static constexpr bool validates_behind = validates_ahead && keeps_begin;
    static constexpr std::size_t error_look_bytes = 16;         // see validated_until
    static constexpr std::size_t clean_bytes_after_error = 1024; // see note_error
    static constexpr std::size_t retry_behind_bytes = 32;        // see validate_behind
    // Where errors are dense, with the replacing policy: see dense_step.
    static constexpr bool steps_dense = validates_behind && std::same_as<std::remove_cv_t<Policy>, on_error::replace_t>;
    static constexpr std::ptrdiff_t dense_window_bytes = 64;
    static constexpr std::ptrdiff_t dense_reach_bytes = dense_window_bytes + 4;  // the last segment's 4-byte read
    static constexpr int dense_stray_continuations = 8;
    static constexpr std::uint64_t dense_short_wait_errors = 4;  // after a window that came close
    static constexpr std::uint64_t dense_long_wait_errors = 64;
    // Stepping cannot throw if the policy cannot and the byte iterator's
    // operations cannot.
    static constexpr bool nothrow_step = detail::nothrow_policy_v<Policy, decode_error_info> &&
                                         detail::nothrow_iteration_v<base_iterator, base_sentinel>;

    friend decode_view;
    friend typename decode_view::view_base;
    template <bool>
    friend class iterator_;
    friend detail::iterator_access;

    struct at_end_t {};

    base_iterator current_ = base_iterator();
    [[no_unique_address]] base_sentinel end_ = base_sentinel();
    [[no_unique_address]] detail::range_origin<base_iterator, keeps_begin> origin_ = {};
    [[no_unique_address]] detail::copyable_box<Policy> policy_ = {};
    // With validates_ahead: what is known of the bytes ahead (and behind).
    [[no_unique_address]] std::conditional_t<validates_ahead, detail::lookahead_window<base_iterator>,
                                             detail::empty_slot>
        window_ = {};
    char32_t value_ = 0;      // the current code point (or replacement)
    std::uint8_t length_ = 0; // bytes of the current element's segment; 0 at the end
    std::uint8_t error_ = 0;  // error_kind if the element replaces a maximal subpart, else 0
    // With steps_dense, where errors are dense (see dense_step). Odd: the
    // starts of the segments after the current element in the window of
    // 64 bytes at window_.checked_end (where the checked stretch is then
    // parked), a bit per byte, with bit 0 set as the mark. Even: twice the
    // number of errors to pass before one tries a window again. Last, so
    // that the fields every step uses keep their places (doc/design.md, The
    // contiguous fast path).
    [[no_unique_address]] std::conditional_t<steps_dense, std::uint64_t, detail::empty_slot> dense_state_ = {};

public:
    using iterator_concept = decltype(detail::iterator_concept_for<Base>());
    using value_type = char32_t;
    using difference_type = std::ranges::range_difference_t<Base>;
    /// Marks utf8view iterators (for interoperability headers).
    using utf8view_iterator = void;
    /// True where `std::reverse_iterator` of this iterator keeps the element
    /// before its position decoded (utf8view's specialization of it): over
    /// bidirectional ranges whose begin the iterator knows, with a policy
    /// that never drops an error (`policy_replaces_every_error`), so that
    /// every position after the first code unit has an element before it.
    static constexpr bool utf8view_reverse_caches_element =
        bidirectional && keeps_begin && policy_replaces_every_error<Policy>;

    /** A singular iterator, as for any forward iterator: it may only be
        assigned to, compared with another singular one, or destroyed. */
    iterator_()
        requires std::default_initializable<base_iterator> && std::default_initializable<base_sentinel>
    = default;

    /** Converts a mutable iterator to a const one. */
    constexpr iterator_(iterator_<!Const> other)
        requires Const && std::convertible_to<std::ranges::iterator_t<V>, base_iterator> &&
                     std::convertible_to<std::ranges::sentinel_t<V>, base_sentinel>
        : current_(std::move(other.current_)), end_(std::move(other.end_)), origin_(other.origin_),
          policy_(std::move(other.policy_)), window_(std::move(other.window_)), value_(other.value_),
          length_(other.length_), error_(other.error_), dense_state_(other.dense_state_)
    {}

    /** The current code point, or the policy's replacement for a maximal
        subpart. Precondition: not at the end. O(1): no decoding. */
    [[nodiscard]] constexpr char32_t operator*() const noexcept
    {
        UTF8VIEW_ASSERT(length_ != 0);
        return value_;
    }

    /** Over forward ranges: the position of the first code unit (for UTF-8,
        the lead byte) of the current code point, or of the maximal subpart
        it replaces; the end of the range at the end.
        `std::ranges::distance(bytes.begin(), it.base())` is the offset of the
        current element in code units (bytes for UTF-8). Over input ranges,
        whose code units are consumed as they are read: the position after
        the current element. */
    [[nodiscard]] constexpr const base_iterator& base() const& noexcept { return current_; }
    [[nodiscard]] constexpr base_iterator base() && { return std::move(current_); }

    /** The error kind if the current element is the policy's replacement for
        an ill-formed maximal subpart, or `std::nullopt` if it was decoded
        from a well-formed sequence. This tells a replacement U+FFFD from a
        real U+FFFD (`EF BF BD`) in the input. */
    [[nodiscard]] constexpr std::optional<error_kind> error() const noexcept
    {
        if (error_ == 0) return std::nullopt;
        return static_cast<error_kind>(error_);
    }

    /** Code units taken by the current element in the input: its
        well-formed sequence, or the maximal subpart it replaces; 1 to 4
        bytes for UTF-8, 1 or 2 code units for UTF-16. 0 at the end. */
    [[nodiscard]] constexpr std::size_t code_unit_count() const noexcept { return length_; }

    /** The offset of the current element from the start of the range, in
        code units (bytes for UTF-8, 16-bit units for UTF-16): what the
        policy is told for an error there, and, over forward ranges, what
        `std::ranges::distance(begin, base())` gives. The length of the
        range at the end. O(1): computed from the start over random-access
        ranges, counted as the iterator moves over others; the one
        exception is an iterator that came from `end()` over a forward range
        that is not random-access: it computes the offset in O(n) the first
        time it needs it (for the policy, or through this function) and
        keeps it; through a const iterator, on each call. Not available
        over an `encode_view` that is not random-access (its code units are
        well-formed: no error there has an offset to give, and the iterator
        does not keep that view's begin, whose call would encode). */
    [[nodiscard]] constexpr std::uint64_t offset()
        requires knows_offsets
    {
        if constexpr (forward) return origin_.offset_of(current_, 0);
        else return origin_.offset_of(current_, 0) - length_;  // current_ is past the element
    }
    [[nodiscard]] constexpr std::uint64_t offset() const
        requires knows_offsets
    {
        if constexpr (forward) return origin_.offset_of(current_, 0);
        else return origin_.offset_of(current_, 0) - length_;
    }

    /** The code units of the current element: [base(), base() + code_unit_count()).
        Over forward ranges only. */
    [[nodiscard]] constexpr auto code_units() const
        requires forward
    {
        // `auto`: naming subrange<base_iterator> in the declaration would
        // need a copyable iterator even over move-only input ranges.
        return std::ranges::subrange<base_iterator>(current_,
                                                    std::ranges::next(current_, static_cast<difference_type>(length_)));
    }

    /** Moves to the next element, decoding it. Precondition: not at the end.
        O(1): reads the next element's bytes, plus any maximal subparts the
        policy drops. */
    UTF8VIEW_ALWAYS_INLINE constexpr iterator_& operator++() noexcept(nothrow_step)  // conditionally noexcept
    {
        UTF8VIEW_ASSERT(length_ != 0);
        if constexpr (forward) step_to(std::ranges::next(current_, static_cast<difference_type>(length_)), length_);
        else read_input();
        return *this;
    }
    /** Post-increment; returns nothing over input ranges (as for any input iterator). */
    constexpr void operator++(int) noexcept(nothrow_step)
        requires(!forward)
    {
        ++*this;
    }
    /** Post-increment: returns the iterator as it was. */
    constexpr iterator_ operator++(int) noexcept(nothrow_step)
        requires forward
    {
        iterator_ previous = *this;
        ++*this;
        return previous;
    }

    /** Moves to the previous element, found by reading at most the 4 bytes
        before the position (its lead byte is at most 3 bytes before its
        last; Unicode 15.0 ch. 3 §3.9: every byte that is not a continuation
        byte starts a segment), or, over UTF-16, at most 2 code units (a low
        surrogate after a high one ends a pair; any other code unit is an
        element of its own). Precondition: not at the beginning. */
    UTF8VIEW_ALWAYS_INLINE constexpr iterator_& operator--() noexcept(nothrow_step)  // conditionally noexcept
        requires bidirectional
    {
        if constexpr (validates_behind) {
            if (!UTF8VIEW_IS_CONSTANT_EVALUATED()) {
                if (window_.validated_begin < current_) [[likely]] {
                    step_back_validated();
                    return *this;
                }
                if (!(window_.validate_behind_at < current_)) {
                    validate_behind();
                    if (window_.validated_begin < current_) {
                        step_back_validated();
                        return *this;
                    }
                }
            }
        }
        base_iterator position = current_;
        std::ptrdiff_t moved = 0;  // from current_ to position, in bytes
        bool crossed_error = false;  // a maximal subpart lies between here and current_
        for (;;) {
            if constexpr (keeps_begin) UTF8VIEW_ASSERT(position != origin_.begin());
            auto [start, decoded] = detail::segment_before<Base>(scan_bound(), position);
            if constexpr (!detail::decodes_utf16_v<Base>) {
                if (!decoded.well_formed()) {
                    // An error's kind and length can depend on the byte
                    // after its maximal subpart (E0 80 is overlong, E0 at
                    // the end is truncated): decode forwards, bounded by the
                    // real end. (A UTF-16 error is one code unit, whatever follows.)
                    base_iterator next = start;
                    decoded = detail::decode_segment(next, end_);
                    UTF8VIEW_ASSERT(next == position);
                }
            }
            moved -= decoded.length;
            if (decoded.well_formed()) [[likely]] {
                // Bytes after an error met on the way back are not known to
                // be well-formed: the validated stretch starts again later.
                // A checked stretch that ends less than 4 bytes before the
                // end (where its error did, see note_error) holds no position
                // a step forwards reaches from here on.
                if constexpr (validates_ahead) {
                    if (crossed_error) window_.validated_end = start;
                    if (end_ - window_.checked_end < 4) {
                        window_.checked_end = start;
                        leave_dense();
                    }
                    window_.validated_begin = start;  // nothing behind is known
                }
                commit(std::move(start), moved, decoded.code_point, decoded.length, 0);
                return *this;
            }
            if (const auto replacement = detail::ask_policy_about(*policy_, decoded, origin_.offset_of(start, moved))) {
                if constexpr (validates_ahead) {
                    window_.validated_end = start;
                    window_.checked_end = start;
                    leave_dense();
                    // Past the subpart, which a step forwards from here passes.
                    window_.validated_begin = start + static_cast<difference_type>(decoded.length);
                }
                commit(std::move(start), moved, *replacement, decoded.length, decoded.error);
                return *this;
            }
            crossed_error = true;  // the policy dropped the subpart
            position = std::move(start);
        }
    }
    /** Post-decrement: returns the iterator as it was. */
    constexpr iterator_ operator--(int) noexcept(nothrow_step)
        requires bidirectional
    {
        iterator_ previous = *this;
        --*this;
        return previous;
    }

    // Whether operator== tests positions and lengths without branches: over
    // contiguous bytes, with GCC. (With GCC the form with `&&` cost a loop
    // backwards a branch per element on the lengths, mispredicted where the
    // text mixes lengths, and led GCC to join the paths of a step forwards
    // before the end test, the length in a register; Clang compiled the
    // form without branches into slower loops. doc/design.md, Iterators.)
    static constexpr bool compares_without_branches =
#if defined(__GNUC__) && !defined(__clang__)
        std::contiguous_iterator<base_iterator> && requires(const base_iterator& position) {
            {
                position - position
            } noexcept;
        };
#else
        false;
#endif

    /** True if both stand at the same code unit position. Comparing iterators of
        different views is undefined, as for the standard views. */
    [[nodiscard]] friend constexpr bool
    operator==(const iterator_& left, const iterator_& right) noexcept(noexcept(left.current_ == right.current_))
        requires forward && std::equality_comparable<base_iterator>
    {
        // Equal positions hold equal segments, and only the end has length
        // 0: the lengths let the optimizer decide a loop's end test from the
        // step that just decoded an element (every path of a step leaves a
        // length of 1 to 4), without comparing positions.
        if constexpr (compares_without_branches) {
            // The positions' distance, or'ed with each length where the
            // other iterator is the end: against the end, the distance
            // or'ed with a length known not to be 0 after a step forwards;
            // against any other iterator (begin(), in a loop backwards),
            // the distance alone once the stepping iterator's length is
            // known not to be 0. See doc/design.md, Iterators.
            const auto distance = static_cast<std::size_t>(left.current_ - right.current_);
            const std::size_t left_length = left.length_;
            const std::size_t right_length = right.length_;
            const std::size_t lengths = (left_length & (std::size_t{0} - std::size_t{right_length == 0})) |
                                        (right_length & (std::size_t{0} - std::size_t{left_length == 0}));
            return (distance | lengths) == 0;
        }
        else {
            return same_length_and_position(left, right);
        }
    }

    /** True if `it` is past the last element (against the end of a view
        that is not common). */
    template <bool SentinelConst>
        requires std::sentinel_for<std::ranges::sentinel_t<detail::maybe_const<SentinelConst, V>>, base_iterator>
    [[nodiscard]] friend constexpr bool operator==(const iterator_& it,
                                                   const detail::view_sentinel<V, SentinelConst, decode_view>&)
    {
        return it.at_end();
    }

private:
    // An iterator at the first element.
    UTF8VIEW_ALWAYS_INLINE constexpr iterator_(base_iterator begin, base_sentinel end, const Policy& policy)
        : iterator_(at_first_element(std::move(begin), std::move(end), policy))
    {}
    // An iterator at `begin` that has read nothing yet (for at_first_element).
    struct before_first_t {};
    constexpr iterator_(before_first_t, base_iterator begin, base_sentinel end, const Policy& policy)
        : current_(std::move(begin)), end_(std::move(end)), policy_(policy)
    {
        if constexpr (keeps_begin) origin_ = detail::range_origin<base_iterator, keeps_begin>(current_);
        if constexpr (validates_ahead) window_ = {current_, current_, current_, current_};
    }

    // The iterator at the first element: out of line, taking and returning
    // values (the caller's iterator does not escape, so that a loop still
    // keeps it in registers). Over forward ranges by a shorter path than
    // ++'s: the first block is validated, then the element is decoded by
    // `arrive`, with every check. Inlined, ++'s whole step made GCC compile
    // and optimize the step twice in every unit with a decode loop, and even
    // the shorter step changed how GCC laid out the loop after it: a tenth
    // slower over text with errors (doc/build-cost.md, "The fourth change").
    UTF8VIEW_NOINLINE static constexpr iterator_ at_first_element(base_iterator begin, base_sentinel end,
                                                                  const Policy& policy)
    {
        iterator_ it(before_first_t{}, std::move(begin), std::move(end), policy);
        if constexpr (forward) {
            if constexpr (validates_ahead) {
                if (!UTF8VIEW_IS_CONSTANT_EVALUATED() && it.current_ != it.end_) {
                    const base_iterator validated = validated_until(it.current_, it.end_);
                    if (it.current_ < validated) it.window_.validated_end = validated;
                }
            }
            it.arrive(it.current_, 0);
        }
        else {
            it.read_input();
        }
        return it;
    }
    // An iterator at the end of a common forward range, knowing its begin.
    constexpr iterator_(at_end_t, const base_iterator& begin, base_iterator end, const Policy& policy)
        requires keeps_begin
        : current_(end), end_(std::move(end)),
          origin_(begin, typename detail::range_origin<base_iterator, keeps_begin>::at_end_t{}), policy_(policy)
    {
        if constexpr (validates_ahead) window_ = {current_, current_, current_, current_};
    }
    // An iterator at the end of a common forward range, without its begin.
    constexpr iterator_(at_end_t, base_iterator end, const Policy& policy)
        requires forward
        : current_(end), end_(std::move(end)), policy_(policy)
    {}

    // What a scan back may not pass: the begin, or, over well-formed code
    // units (see keeps_begin), nothing it can reach.
    [[nodiscard]] constexpr decltype(auto) scan_bound() const noexcept
    {
        if constexpr (keeps_begin) return (origin_.begin());
        else return std::unreachable_sentinel;
    }

    // No element before this one (for std::reverse_iterator, through
    // detail::iterator_access).
    [[nodiscard]] UTF8VIEW_ALWAYS_INLINE constexpr bool at_begin() const
        requires keeps_begin
    {
        return current_ == origin_.begin();
    }

    // The same element, by lengths then positions, with branches (for the
    // encode view's step over a decode view, through
    // detail::iterator_access): there the form without branches made the
    // loop of views::utf8_to_utf16 slower with GCC (emoji 0.70 times as
    // fast, Chinese 0.89), where GCC kept the decode step's paths apart.
    [[nodiscard]] UTF8VIEW_ALWAYS_INLINE static constexpr bool same_length_and_position(const iterator_& left,
                                                                                        const iterator_& right)
    {
        return left.length_ == right.length_ && left.current_ == right.current_;
    }

    // The same position (for std::reverse_iterator): the positions alone,
    // not the lengths operator== compares first.
    [[nodiscard]] UTF8VIEW_ALWAYS_INLINE static constexpr bool same_position(const iterator_& left,
                                                                             const iterator_& right)
    {
        return left.current_ == right.current_;
    }

    // --*this unless at_begin() (for std::reverse_iterator, which reaches
    // the first element and then stops). Inside the stretch validated
    // behind, which lies inside the range, the one test of the step back
    // also tells that this is not the beginning: one test less per step.
    UTF8VIEW_ALWAYS_INLINE constexpr void step_back_unless_at_begin() noexcept(nothrow_step)
        requires keeps_begin && bidirectional
    {
        if constexpr (validates_behind) {
            if (!UTF8VIEW_IS_CONSTANT_EVALUATED() && window_.validated_begin < current_) [[likely]] {
                step_back_validated();
                return;
            }
        }
        if (!at_begin()) --*this;
    }

    [[nodiscard]] constexpr bool at_end() const
    {
        if constexpr (forward) return current_ == end_;
        else return length_ == 0;
    }

    // Makes `position`, `moved` bytes from current_, the current position,
    // holding `value`. The only place a step changes the iterator, so a
    // policy that throws leaves it as it was.
    constexpr void commit(base_iterator position, std::ptrdiff_t moved, char32_t value, std::uint8_t length,
                          std::uint8_t error) noexcept(std::is_nothrow_move_assignable_v<base_iterator>)
    {
        current_ = std::move(position);
        origin_.moved(moved);
        value_ = value;
        length_ = length;
        error_ = error;
    }

    // Forward ranges: makes the element at `position` (`moved` bytes after
    // current_) current. Inside the validated stretch it is decoded without
    // checks; inside the checked stretch after an error (see note_error),
    // with every check, inline; past both, the next block is validated
    // first. Where the kernel finds an error (or in constant evaluation, or
    // over other ranges) the checked decoder takes over.
    // The tests come in that order so that a step costs one comparison of
    // positions in the validated stretch and two in the checked one before
    // the byte is read. (One comparison for both stretches, then the byte,
    // then which stretch, was measured too: no faster over text with
    // errors, and slower over Latin text without them, by a fifth.)
    UTF8VIEW_ALWAYS_INLINE constexpr void step_to(base_iterator position, std::ptrdiff_t moved)
    {
        if constexpr (validates_ahead) {
            if (!UTF8VIEW_IS_CONSTANT_EVALUATED()) {
                if (!(position < window_.validated_end)) {
                    if (position < window_.checked_end) [[likely]] {
                        // At least 4 bytes from here on (see note_error):
                        // no test against the end inside the sequence. An
                        // error goes to arrive_at_error, which asks the policy.
                        const unsigned char* const first = detail::byte_pointer(position);
                        const unsigned char lead = *first;
                        // (Without the hint GCC placed the ASCII case out of
                        // the loop's path: three jumps taken per element.)
                        if (lead < 0x80) [[likely]] {
                            commit(std::move(position), moved, lead, 1, 0);
                            return;
                        }
                        const detail::segment decoded = detail::decode_sequence_unbounded(first);
                        if (decoded.well_formed()) [[likely]] {
                            commit(std::move(position), moved, decoded.code_point, decoded.length, 0);
                            return;
                        }
                        base_iterator next = position + static_cast<difference_type>(decoded.length);
                        arrive_at_error(std::move(position), moved, decoded, std::move(next));
                        return;
                    }
                    if constexpr (steps_dense) {
                        // Parked checked stretch: the dense window's steps.
                        if ((dense_state_ & 1) != 0 && dense_step(position, moved)) return;
                    }
                    if (position != end_) {
                        // Kept only if it holds the element at `position`:
                        // otherwise that element is an error, for which
                        // arrive asks the policy, and a policy that throws
                        // must leave the window as it was (a stretch ending
                        // past a maximal subpart the iterator never passed
                        // would let a later step decode it unchecked).
                        const base_iterator validated = validated_until(position, end_);
                        if (position < validated) window_.validated_end = validated;
                    }
                }
                if (position < window_.validated_end) [[likely]] {
                    // Tell the optimizer that the validated stretch ends at
                    // or before the end, so that the loop's end test after
                    // this step folds into the test above.
                    if (end_ - window_.validated_end < 0) UTF8VIEW_UNREACHABLE();
                    const detail::segment decoded = detail::decode_well_formed(detail::byte_pointer(position));
                    commit(std::move(position), moved, decoded.code_point, decoded.length, 0);
                    return;
                }
            }
        }
        arrive(std::move(position), moved);
    }

    // After an ill-formed maximal subpart that ends at `next`: the bytes up
    // to clean_bytes_after_error past it are decoded with every check,
    // without asking the kernel about them. Where errors are dense (Latin-1
    // read as UTF-8, binary data) the next one is often that close, and the
    // checked decoder reads each byte once, where a call to the validator
    // after every error would read the bytes up to the next error twice.
    // With 1024 bytes, errors up to about a thousand bytes apart keep the
    // steps in the checked stretch; where they are further apart, the
    // kernel takes over after each. A shorter stretch costs most where the
    // next error lies just past its end: a call to the kernel and two
    // changes of path for a few hundred bytes. 1024 was measured best of
    // 128, 256, 512 and 1024 (doc/design.md, "The contiguous fast path").
    // The checked stretch stops 3 bytes short of the end, so that a
    // sequence that starts in it is decoded without tests against the end.
    // (Inlined, as is every member a step calls, or static and given values:
    // a member call left out of line takes the iterator's address, and GCC
    // then keeps the whole iterator in memory in the loop, a store for each
    // field at every step: the forward loop over Arabic or Latin text ran
    // at 0.55 to 0.75 of its speed while this function was left out of line.)
    UTF8VIEW_ALWAYS_INLINE constexpr void note_error(const base_iterator& next) noexcept
    {
        if constexpr (validates_ahead) {
            constexpr auto wanted = static_cast<difference_type>(clean_bytes_after_error);
            const difference_type room = (end_ - next) - 3;
            const base_iterator previous_reach = window_.checked_end;
            window_.checked_end = next + (room < 0 ? 0 : room < wanted ? room : wanted);
            passed_error(next);
            if constexpr (steps_dense) {
                if (!UTF8VIEW_IS_CONSTANT_EVALUATED()) {
                    const std::uint64_t state = dense_state_;
                    if ((state & 1) != 0) [[unlikely]] {
                        dense_state_ = 0;  // the checked stretch moved: the window is gone
                    }
                    else if (state != 0) {
                        dense_state_ = state - 2;  // one error fewer to wait for
                    }
                    // Two errors at most 8 bytes apart (their checked
                    // stretches end that near, or both at the end of the
                    // bytes): perhaps binary data.
                    else if (window_.checked_end - previous_reach <= 8 && end_ - next >= dense_reach_bytes) {
                        enter_dense(next);
                    }
                }
            }
        }
        else {
            static_cast<void>(next);
        }
    }

    // Where errors are dense and random (binary data, or random bytes, read
    // as UTF-8), the checked decoder's branches on each lead byte
    // mispredict about once per segment, and a loop over the view ran at
    // about the speed of ICU's U8_NEXT loop there (0.15 GB/s on AMD Zen 4).
    // With the replacing policy, which answers every error the same and has
    // no effect to run at its element, such bytes go a window of 64 at a
    // time instead: the transcoder classifies the window's bytes (SIMD where
    // the CPU has it), split_segments finds where its segments start, as
    // bits, and each step takes the next start from the bits and decodes the
    // segment between with no branch (decode_segment_of_length): 1.7 to 1.9
    // times as fast over random bytes (doc/design.md, The contiguous fast
    // path).
    // Branches that the text makes predictable cost less than that decoder,
    // though, even where errors are as dense (an error after every
    // character): a window is taken only where at least
    // dense_stray_continuations of its segments are lone continuation bytes,
    // which text in any 8-bit encoding seldom has and random bytes have
    // about 13 of. A window is tried where two errors come at most 8 bytes
    // apart; after one that is not taken, not again before 64 more errors
    // (4 if it came close).
    // The window lives at checked_end, which stops the checked stretch there
    // ("parked"), so that the steps in it come here, past the two tests of
    // the checked decoder, and the loop over other text keeps its shape. A
    // step that finds its position is not the next start the window knows
    // (a step back came between) takes a new window there.
    UTF8VIEW_ALWAYS_INLINE constexpr bool dense_step(const base_iterator& position, std::ptrdiff_t moved) noexcept
        requires steps_dense
    {
        std::uint64_t starts = dense_state_ & ~std::uint64_t{1};  // after the current element
        const int at = std::countr_zero(starts);
        std::uint64_t following = starts & (starts - 1);
        int from = at;
        if (following == 0 || window_.checked_end + static_cast<difference_type>(at) != position) [[unlikely]] {
            if (!enter_dense(position)) return false;
            following = dense_state_ & ~std::uint64_t{1};
            from = 0;
        }
        const unsigned length =
            detail::segment_length_by_distance[static_cast<unsigned>(std::countr_zero(following) - from) & 7u];
        dense_state_ = following | 1;
        const detail::segment decoded = detail::decode_segment_of_length(detail::byte_pointer(position), length);
        // As after an error (passed_error), whatever the element is: no
        // step back is taken as validated, up to the next one.
        window_.validated_begin = position + static_cast<difference_type>(length);
        commit(position, moved, decoded.code_point, decoded.length, decoded.error);
        return true;
    }

    // Takes the window of 64 bytes at `position` (a segment boundary with
    // dense_reach_bytes after it) if it holds enough lone continuation
    // bytes: parks the checked stretch there and returns true. Otherwise
    // returns false and the steps go back to the checked stretch, from here.
    UTF8VIEW_ALWAYS_INLINE constexpr bool enter_dense(const base_iterator& position) noexcept
        requires steps_dense
    {
        const std::uint64_t state = end_ - position < dense_reach_bytes
                                        ? 2 * dense_long_wait_errors
                                        : dense_window_state(detail::byte_pointer(position));
        if ((state & 1) != 0) {
            dense_state_ = state;
            window_.checked_end = position;
            return true;
        }
        dense_state_ = state;
        constexpr auto wanted = static_cast<difference_type>(clean_bytes_after_error);
        const difference_type room = (end_ - position) - 3;
        window_.checked_end = position + (room < 0 ? 0 : room < wanted ? room : wanted);
        return false;
    }

    // The state of a window of 64 bytes at `p` (dense_state_): the starts of
    // its segments after the first, marked, if it is taken; if not, twice
    // the errors to pass before the next try (4 if the window came close,
    // else 64). Out of line and static, so that the caller keeps its state
    // in registers.
    UTF8VIEW_NOINLINE static std::uint64_t dense_window_state(const unsigned char* p) noexcept
        requires steps_dense
    {
        const detail::simd::byte_class_masks classes = detail::classify_window_with_active_transcoder(p);
        const std::uint64_t starts = detail::simd::split_segments(classes).starts;
        const int strays = std::popcount(starts & classes.continuation);
        if (strays >= dense_stray_continuations) return starts | 1;
        return 2 * (strays >= dense_stray_continuations / 2 ? dense_short_wait_errors : dense_long_wait_errors);
    }

    // Leaves the dense window, whose base (checked_end) a step back moved.
    UTF8VIEW_ALWAYS_INLINE constexpr void leave_dense() noexcept
    {
        if constexpr (steps_dense) {
            if ((dense_state_ & 1) != 0) dense_state_ = 0;
        }
    }

    // After an ill-formed maximal subpart that ends at `next`, going
    // forwards: a step back from `next` meets the subpart, so nothing behind
    // it is known.
    UTF8VIEW_ALWAYS_INLINE constexpr void passed_error(const base_iterator& next) noexcept
    {
        if constexpr (validates_behind) {
            window_.validated_begin = next;
            window_.validate_behind_at = next;
        }
        else {
            static_cast<void>(next);
        }
    }

    // The end of the well-formed prefix of the block of bytes at `position`.
    // Out of line and by value, so that the caller keeps its state in registers.
    UTF8VIEW_NOINLINE static base_iterator validated_until(base_iterator position, base_sentinel end) noexcept
        requires validates_ahead
    {
        const auto remaining = static_cast<std::size_t>(end - position);
        const unsigned char* const first = detail::byte_pointer(position);
        // Where errors are dense (Latin-1 read as UTF-8, binary data), the
        // next one is often a few bytes on: a look at the next bytes with
        // the scalar validator finds it without a call to the kernel. A
        // prefix shorter than the look by 4 or more ends at an error (a
        // sequence cut by the look's end is at most 3 bytes).
        const std::size_t look = remaining < error_look_bytes ? remaining : error_look_bytes;
        const std::size_t looked = detail::valid_prefix_bytes(first, look);
        if (looked + 4 <= look) return position + static_cast<difference_type>(looked);
        const std::size_t block = remaining < lookahead_block_bytes ? remaining : lookahead_block_bytes;
        return position + static_cast<difference_type>(detail::valid_prefix_bytes(first, block));
    }

    // A step back to the element before current_, which lies in the
    // stretch validated behind it: well-formed, decoded without checks.
    UTF8VIEW_ALWAYS_INLINE constexpr void step_back_validated() noexcept
        requires validates_behind
    {
        const detail::segment decoded = detail::decode_well_formed_before(detail::byte_pointer(current_));
        base_iterator start = current_ - static_cast<difference_type>(decoded.length);
        // A checked stretch that ends less than 4 bytes before the end
        // holds no position a step forwards reaches from here on (see operator--).
        if (end_ - window_.checked_end < 4) {
            window_.checked_end = start;
            leave_dense();
        }
        commit(std::move(start), -static_cast<std::ptrdiff_t>(decoded.length), decoded.code_point, decoded.length, 0);
    }

    // For a step back that finds no validated stretch behind the iterator:
    // validates the bytes before current_ in blocks of 16, then 1024 (or,
    // if that holds an error, 64 and 256) bytes, each from a segment
    // boundary (validated_behind), and makes the longest well-formed one
    // the stretch. If even the 16 bytes before current_ hold an error, the
    // steps back take the checked path until 32 bytes further back, where
    // they try again, and validated_begin stays where it is, at or after
    // current_: set to current_, it would say that the bytes from there on
    // are well-formed, which an iterator standing on an error must not (its
    // validated_begin lies past the error), and a policy that then throws
    // would leave it so, for a step forwards and a step back to decode the
    // error unchecked.
    UTF8VIEW_ALWAYS_INLINE constexpr void validate_behind() noexcept
        requires validates_behind
    {
        const base_iterator from = validated_behind(origin_.begin(), current_);
        if (from != current_) {
            window_.validated_begin = from;
            window_.validate_behind_at = from;
        }
        else {
            constexpr auto retry = static_cast<difference_type>(retry_behind_bytes);
            const difference_type available = current_ - origin_.begin();
            window_.validate_behind_at = current_ - (available < retry ? available : retry);
        }
    }

    // The start of the longest well-formed stretch of the blocks behind
    // `position` (see validate_behind), or `position` if none is. After a
    // well-formed first block of 16 bytes it tries 1024 at once (text that
    // is well-formed for 16 bytes mostly is for 1024), and only when that
    // one holds an error, 64, then 256: a walk back over well-formed text
    // validates 1040 bytes per 1024 walked, not 1360 (16, 64, 256 and 1024
    // in turn), 5 to 13% faster over lipsum text. Over text with errors the
    // block of 1024 mostly fails, a kernel call more per stretch (10 to 15%
    // slower). Deciding by whether the last call met an error got both, but
    // the flag kept for it (a member, or returned with the stretch) changed
    // GCC's layout of loops of steps back: 15% slower over text in 2-byte
    // scripts.
    UTF8VIEW_NOINLINE static base_iterator validated_behind(base_iterator begin, base_iterator position) noexcept
        requires validates_behind
    {
        const difference_type available = position - begin;
        base_iterator from = position;
        if (!well_formed_block_behind(begin, position, 16, from) || from == begin) return from;
        if (well_formed_block_behind(begin, position, 1024, from) || !(available > 64)) return from;
        if (well_formed_block_behind(begin, position, 64, from) && available > 256)
            well_formed_block_behind(begin, position, 256, from);
        return from;
    }

    // Validates the `block` bytes before `position` (fewer when fewer lie
    // after `begin`), first extended back to the nearest byte at or before
    // the block's first that is not a continuation byte (at most 3 bytes;
    // a block that still starts with one is ill-formed): every such byte
    // starts a segment (Unicode 15.0 ch. 3 §3.9), so the stretch decodes
    // backwards exactly as forwards, and from 64 bytes on the kernel gets
    // whole blocks, none of them through its scalar tail. If the bytes are
    // well-formed, sets `from` to their start and returns true.
    UTF8VIEW_ALWAYS_INLINE static bool well_formed_block_behind(base_iterator begin, base_iterator position,
                                                                difference_type block, base_iterator& from) noexcept
        requires validates_behind
    {
        const difference_type available = position - begin;
        base_iterator start = position - (available < block ? available : block);
        for (int stepped = 0; stepped < 3 && start != begin && is_continuation_byte(*start); ++stepped) --start;
        const auto bytes = static_cast<std::size_t>(position - start);
        if (bytes == 0 || detail::valid_prefix_bytes(detail::byte_pointer(start), bytes) != bytes) return false;
        from = start;
        return true;
    }

    // Forward ranges: decodes the element at `position` (`moved` bytes after
    // current_) and makes it current, first passing over the maximal
    // subparts the policy drops. Inlined into ++, so that a loop over the
    // view keeps the iterator in registers. (Its errors are not handed to
    // arrive_at_error, the same steps: measured, that made GCC lay out the
    // loop over text without errors worse, 20 to 40% slower over Latin and
    // Hindi text.)
    UTF8VIEW_ALWAYS_INLINE constexpr void arrive(base_iterator position, std::ptrdiff_t moved)
    {
        // The checked stretch moves only with a commit: a policy that
        // throws about a later subpart leaves the iterator as it was.
        bool dropped = false;  // the last segment passed over was dropped; it ends at `position`
        for (;;) {
            if (position == end_) {
                if (dropped) passed_error(position);
                commit(std::move(position), moved, 0, 0, 0);
                return;
            }
            auto [decoded, next] = decode_at(position);
            if (decoded.well_formed()) [[likely]] {
                if (dropped) note_error(position);
                commit(std::move(position), moved, decoded.code_point, decoded.length, 0);
                return;
            }
            // The well-formed case first, outside element_for: this loop is
            // inlined into every ++, where the shorter test keeps it small.
            if (const auto replacement =
                    detail::ask_policy_about(*policy_, decoded, origin_.offset_of(position, moved))) {
                note_error(next);
                commit(std::move(position), moved, *replacement, decoded.length, decoded.error);
                return;
            }
            moved += decoded.length;  // the policy dropped the subpart
            position = std::move(next);
            dropped = true;
        }
    }

    // Forward ranges: `decoded`, the segment at `position` (`moved` bytes
    // after current_), is an ill-formed maximal subpart that ends at
    // `next`. Asks the policy about it and makes its replacement current,
    // or passes over it and the subparts after it that the policy drops.
    // The step that decoded the segment passes it on, so that it is not
    // decoded twice.
    UTF8VIEW_ALWAYS_INLINE constexpr void arrive_at_error(base_iterator position, std::ptrdiff_t moved,
                                                          detail::segment decoded, base_iterator next)
    {
        // The checked stretch moves only with a commit: a policy that
        // throws about a later subpart leaves the iterator as it was.
        for (;;) {
            if (const auto replacement =
                    detail::ask_policy_about(*policy_, decoded, origin_.offset_of(position, moved))) {
                note_error(next);
                commit(std::move(position), moved, *replacement, decoded.length, decoded.error);
                return;
            }
            moved += decoded.length;  // the policy dropped the subpart, which ends at `next`
            position = std::move(next);
            if (position == end_) {
                passed_error(position);
                commit(std::move(position), moved, 0, 0, 0);
                return;
            }
            auto [following, after] = decode_at(position);
            if (following.well_formed()) [[likely]] {
                note_error(position);
                commit(std::move(position), moved, following.code_point, following.length, 0);
                return;
            }
            decoded = following;
            next = std::move(after);
        }
    }

    // The segment at `position` (not the end) and the position after it.
    // Over bytes in memory: detail::decode_step_in_memory, one decoder for
    // every element type (char, char8_t, std::byte), inline: over text with
    // errors this is the hot path, and a call per segment cost a third of
    // the loop's speed there (with separate compilation, that call, see
    // detail::decode_segment_at). In constant evaluation, where a pointer
    // cannot be reinterpreted, the same decoder on a copy of the (at most
    // 4) bytes.
    UTF8VIEW_ALWAYS_INLINE constexpr detail::decode_result<base_iterator> decode_at(const base_iterator& position) const
    {
        if constexpr (validates_ahead) {
            difference_type available = end_ - position;
            detail::segment decoded;
            if (UTF8VIEW_IS_CONSTANT_EVALUATED()) {
                unsigned char copy[4] = {};
                if (available > 4) available = 4;
                for (difference_type index = 0; index < available; ++index)
                    copy[index] = detail::to_byte(position[index]);
                decoded = detail::decode_step_in_memory(copy, copy + available).decoded;
            }
            else {
                const unsigned char* const first = detail::byte_pointer(position);
                if constexpr (detail::kernels_compiled_separately) {
                    decoded = detail::decode_segment_at(first, first + available);
                }
                else {
                    decoded = detail::decode_step_in_memory(first, first + available).decoded;
                }
            }
            return {decoded, position + decoded.length};
        }
        else {
            return detail::decode_step_of<Base>(position, end_);
        }
    }

    // Input ranges: reads the next element from the bytes, consuming them,
    // and passes over the maximal subparts the policy drops.
    constexpr void read_input()
    {
        for (;;) {
            if (current_ == end_) {
                value_ = 0;
                length_ = 0;
                error_ = 0;
                return;
            }
            const std::size_t offset = origin_.offset_of(current_, 0);  // O(1): counted
            auto [decoded, next] = detail::decode_step_of<Base>(std::move(current_), end_);
            current_ = std::move(next);
            origin_.moved(decoded.length);
            // The optional is filled in place, not taken from element_for:
            // Clang 16 at -O1 and above lost its engaged flag there when
            // the policy always throws (a miscompile, seen over
            // istreambuf_iterator input).
            std::optional<char32_t> element;
            if (decoded.well_formed()) element = decoded.code_point;
            else element = detail::ask_policy_about(*policy_, decoded, offset);
            if (element) {
                value_ = *element;
                length_ = decoded.length;
                error_ = decoded.error;
                return;
            }
        }
    }
};

namespace detail {

// What views::decode (Source utf8) and views::decode_utf16 (Source utf16)
// adapt: code units to a decode_view (the adaptor object itself, with its
// policy binding and its misuse messages, is detail/closure.hpp's
// view_adaptor, shared with views::encode_as). decode_view's own base asks
// Source either whether a const view is a range.
template <decode_source Source>
struct decode_adaptor_traits {
    template <class R>
    static constexpr bool accepts_range = Source == decode_source::utf8    ? utf8_range<R>
                                          : Source == decode_source::utf16 ? utf16_range<R>
                                                                           : utf8_range<R> || utf16_range<R>;
    template <class Policy>
    static constexpr bool accepts_policy = decode_policy_argument<Policy>;
    using misuse_result = std::ranges::empty_view<char32_t>;

    template <class V>
    static constexpr auto make(V code_units)
    {
        return decode_view<V>(std::move(code_units));
    }
    template <class V, class Policy>
    static constexpr auto make(V code_units, Policy policy)
    {
        return decode_view<V, Policy>(std::move(code_units), std::move(policy));
    }

    // A string literal would be decoded with its terminating NUL. (R is
    // always one here: exactly one of the macro's assertions fails.)
    template <class R>
    static void reject_string_literal()
    {
        if constexpr (Source == decode_source::utf16) {
            UTF8VIEW_REJECT_STRING_LITERAL(R, "utf8view::views::decode_utf16", "decode");
        }
        else {
            UTF8VIEW_REJECT_STRING_LITERAL(R, "utf8view::views::decode", "decode");
        }
    }

    // A range whose elements are not code units of the adaptor's encoding form.
    template <class R>
    static void reject_elements()
    {
        if constexpr (Source == decode_source::utf16)
            static_assert(always_false_v<R>,
                          "utf8view::views::decode_utf16: the range's elements must be UTF-16 code units: char16_t, "
                          "or wchar_t where it is 16 bits; for UTF-8 bytes use views::decode");
        else
            static_assert(always_false_v<R>,
                          "utf8view::views::decode: the range's elements must be UTF-8 code units (bytes): char, "
                          "char8_t, unsigned char, signed char or std::byte; for UTF-16 (char16_t) use "
                          "views::decode_utf16");
    }
};

template <decode_source Source>
using decode_fn = view_adaptor<decode_adaptor_traits<Source>>;

}  // namespace detail

namespace views {

/** The decode adaptor: `bytes | views::decode`, `bytes | views::decode(policy)`,
    `views::decode(bytes)`, `views::decode(bytes, policy)`; each returns a
    `decode_view` (see it for the contract). `bytes` is any viewable byte
    range (an lvalue range is referenced, an rvalue `std::string` is moved
    into the view). A char array such as a string literal is rejected at
    compile time because its terminating NUL would be decoded: use
    `std::string_view` or `null_terminated` (`decode_view`'s deduction
    guides reject it too). A range of `char16_t` is
    rejected with a message naming `views::decode_utf16`.
    @par Complexity O(1) to make (nothing is decoded until `begin()`); O(1)
    per step (see `decode_view`).
    @par Bad input Each ill-formed maximal subpart goes to the policy:
    U+FFFD by default, nothing with `on_error::skip`, `decode_error` with
    `on_error::throw_exception`.
    @par Standard Unicode 15.0 ch. 3, D92, Table 3-7 and §3.9; WHATWG
    Encoding, "UTF-8 decoder" (the same code points under `replace`). */
inline constexpr detail::decode_fn<detail::decode_source::utf8> decode{};

/** The UTF-16 decode adaptor: `units | views::decode_utf16`,
    `units | views::decode_utf16(policy)`, `views::decode_utf16(units)`,
    `views::decode_utf16(units, policy)`;
    each returns a `decode_view` of the UTF-16 code unit range `units`
    (`char16_t`, or `wchar_t` where it is 16 bits): its code points, each
    unpaired surrogate handled by the policy (U+FFFD by default) with its
    offset in code units. O(1); the view is lazy, as for `views::decode`.
    A `u"..."` array is rejected (its terminating NUL): use `std::u16string_view`.
    Standard: Unicode 15.0 ch. 3, D91, Table 3-5; WHATWG "shared UTF-16 decoder". */
inline constexpr detail::decode_fn<detail::decode_source::utf16> decode_utf16{};

}  // namespace views
}  // namespace utf8view

template <class V, class Policy>
inline constexpr bool utf8view::detail::yields_scalar_values_v<utf8view::decode_view<V, Policy>> = true;

template <class V, class Policy>
inline constexpr bool std::ranges::enable_borrowed_range<utf8view::decode_view<V, Policy>> =
    std::ranges::enable_borrowed_range<V>;

#include <utf8view/detail/epilogue.hpp>

#endif  // UTF8VIEW_DECODE_VIEW_HPP
