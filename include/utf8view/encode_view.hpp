// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at https://www.boost.org/LICENSE_1_0.txt)

/// \file
/// `encode_view`: a lazy view of the UTF-8 or UTF-16 code units of a range
/// of code points, and the adaptor objects `views::encode`,
/// `views::encode_as<CharT>` and `views::encode_utf16`.

#ifndef UTF8VIEW_ENCODE_VIEW_HPP
#define UTF8VIEW_ENCODE_VIEW_HPP

#include <utf8view/config.hpp>
#include <utf8view/code_unit.hpp>
#include <utf8view/detail/closure.hpp>
#include <utf8view/detail/encode_step.hpp>
#include <utf8view/detail/iterator_support.hpp>
#include <utf8view/detail/policy_view.hpp>
#include <utf8view/detail/reverse_iterator.hpp>
#include <utf8view/detail/utf16_step.hpp>
#include <utf8view/error.hpp>
#include <utf8view/error_policy.hpp>

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

/** A type an `encode_view` can produce: a UTF-8 code unit (`char8_t`,
    `char`, `unsigned char`, `signed char`, `std::byte`) or a UTF-16 code
    unit (`char16_t`, or `wchar_t` where it is 16 bits). */
template <class T>
concept encoding_code_unit = utf8_code_unit<T> || utf16_code_unit<T>;

namespace detail {
template <encoding_code_unit CharT>
struct encode_adaptor_traits;  // views::encode_as's, below
}  // namespace detail

/** A lazy view of the UTF-8 (or, for a 16-bit `CharT`, UTF-16) encoding of
    the code point range `V`.

    Each element is one code unit of type `CharT`: `char8_t` by default, or
    `char`, `unsigned char`, `signed char`, `std::byte` for UTF-8, where each
    scalar value becomes its 1 to 4 bytes (Unicode 15.0 ch. 3, Table 3-6);
    `char16_t` (or a 16-bit `wchar_t`) for UTF-16, where it becomes 1 code
    unit or a surrogate pair (Table 3-5). A value that is not a scalar value
    (a surrogate U+D800..U+DFFF, a value above U+10FFFF, a negative value)
    is an error: `on_error::replace` (default) writes U+FFFD (`EF BF BD`, or
    the code unit FFFD), `on_error::skip` writes nothing,
    `on_error::throw_exception` throws `encode_error` (kind, code point offset).
    The output is always well-formed: a supplementary character is always 4
    UTF-8 bytes, never 6 (no CESU-8), or one surrogate pair, and no
    surrogate appears otherwise.

    @tparam V      a view of code points: any integer type of at least 32
                   bits (`char32_t`, `int`, `std::uint32_t`...). A view of
                   a `char32_t` array such as `U"..."` (what the deduction
                   guides make of one) is rejected at compile time: its
                   terminating NUL would be encoded.
    @tparam Policy an `encode_error_policy`, returning `std::optional<char32_t>`
                   or `char32_t` (a result of another type stops the
                   compilation with one message).
    @tparam CharT  the code unit type of the elements.

    Models `input_range`, `forward_range` or `bidirectional_range` as `V`
    does (never random-access or sized), `common_range` when `V` is a common
    forward range, `borrowed_range` when `V` is, and `std::ranges::view`.
    Iterating backwards yields exactly the reverse of iterating forwards.

    @par Complexity Each step is O(1), plus the values the policy drops.
    @par Iterators As for `decode_view`: `iterator_category` is input (the
    elements are values); use the `std::ranges::` iterator functions. Over
    bidirectional code points with a policy that never drops a value
    (`policy_replaces_every_error<Policy, encode_error_info>`: the
    default), and over a `decode_view` whose own reverse iterator is
    specialized (`views::utf8_to_utf16` and
    `views::utf16_to_utf8` with such a policy), `std::reverse_iterator` of
    the iterator (`std::views::reverse`) is specialized the same way: each
    code point is encoded once, and each policy runs once per error,
    backwards as forwards (with the exception `decode_view` states for an
    error at the very start).
    @par Standard Unicode 15.0, ch. 3, D76 (scalar value), D91 and Table 3-5
    (UTF-16), D92 and Table 3-6 (UTF-8). */
template <std::ranges::view V, detail::encode_policy_argument Policy = on_error::replace_t,
          encoding_code_unit CharT = char8_t>
    requires code_point_range<V>
class encode_view
    : public detail::policy_view<encode_view<V, Policy, CharT>, V, Policy, detail::encode_adaptor_traits<CharT>> {
    static_assert(!detail::is_ref_view_of_string_literal_array_v<V> ||
                      std::same_as<std::ranges::range_value_t<V>, wchar_t>,
                  UTF8VIEW_STRING_LITERAL_MESSAGE("utf8view::encode_view", "encode", "std::u32string_view"));
    static_assert(!detail::is_ref_view_of_string_literal_array_v<V> ||
                      !std::same_as<std::ranges::range_value_t<V>, wchar_t>,
                  UTF8VIEW_STRING_LITERAL_MESSAGE("utf8view::encode_view", "encode", "std::wstring_view"));

    // base(), policy(), begin() and end() (an iterator_, or a
    // detail::view_sentinel when V is not a common forward range).
    using view_base = detail::policy_view<encode_view, V, Policy, detail::encode_adaptor_traits<CharT>>;
    friend view_base;

    template <bool Const>
    class iterator_;

public:
    /// The iterator type, for Boost.Range and other code that looks for a nested name.
    using iterator = iterator_<false>;
    /// The iterator type of a `const encode_view` (valid when `const V` is a range).
    using const_iterator = iterator_<true>;

    /** A view of a default-constructed `V` (usually empty), with a
        default-constructed policy. */
    encode_view()
        requires std::default_initializable<V> && std::default_initializable<Policy>
    = default;

    /** Views the code points of `base` as UTF-8 or UTF-16 (as `CharT` says),
        handling errors with `policy`. O(1). */
    constexpr explicit encode_view(V base, Policy policy = Policy()) noexcept(
        std::conjunction_v<std::is_nothrow_move_constructible<V>, std::is_nothrow_copy_constructible<Policy>>)
        : view_base(std::move(base), policy)
    {}
};

/// Deduction guides: `encode_view(code_points)` and `encode_view(code_points,
/// policy)` view `std::views::all(code_points)` and produce `char8_t`.
template <class R>
encode_view(R&&) -> encode_view<std::views::all_t<R>>;
template <class R, class Policy>
encode_view(R&&, Policy) -> encode_view<std::views::all_t<R>, Policy>;

/** The iterator of `encode_view`: holds the code units of the current code
    point, and those from the current one on in one word that also marks
    where they end, so that a step is a shift and one comparison. If the policy
    throws, the iterator is left as it was before the step (over input
    ranges the values read are consumed, and the iterator may only be
    destroyed or assigned to). */
template <std::ranges::view V, detail::encode_policy_argument Policy, encoding_code_unit CharT>
    requires code_point_range<V>
template <bool Const>
class encode_view<V, Policy, CharT>::iterator_ : public detail::iterator_category_base<detail::maybe_const<Const, V>> {
    using Base = detail::maybe_const<Const, V>;
    using base_iterator = std::ranges::iterator_t<Base>;
    using base_sentinel = std::ranges::sentinel_t<Base>;
    // Over forward ranges `current_` is the code point being encoded; over
    // input ranges it is consumed, so `current_` is the element after it.
    static constexpr bool forward = std::ranges::forward_range<Base>;
    static constexpr bool bidirectional = std::ranges::bidirectional_range<Base>;
    // Over a bidirectional range, the iterator keeps its begin, for the
    // offset an error policy is told; not over a view whose values are all
    // scalar values (views::utf8_to_utf16: a decode_view), where no policy
    // is asked, and whose begin() would decode, and perhaps ask its own
    // policy, each time end() is called.
    static constexpr bool keeps_begin = bidirectional && !detail::yields_scalar_values_v<V>;
    static constexpr bool nothrow_step = detail::nothrow_policy_v<Policy, encode_error_info> &&
                                         detail::nothrow_iteration_v<base_iterator, base_sentinel>;
    // The encoding form: units_ holds 8 bits per UTF-8 code unit, 16 per
    // UTF-16 code unit.
    static constexpr bool utf16 = utf16_code_unit<CharT>;
    static constexpr int unit_bits = utf16 ? 16 : 8;
    // units_ holds more than its low code unit exactly when it is at least this.
    static constexpr std::uint64_t two_units = std::uint64_t{1} << (2 * unit_bits);

    friend encode_view;
    friend typename encode_view::view_base;
    friend detail::iterator_access;
    template <bool>
    friend class iterator_;

    struct at_end_t {};

    base_iterator current_ = base_iterator();
    [[no_unique_address]] base_sentinel end_ = base_sentinel();
    [[no_unique_address]] detail::range_origin<base_iterator, keeps_begin> origin_ = {};
    [[no_unique_address]] detail::copyable_box<Policy> policy_ = {};
    // The current code unit and those after it, with the end marker
    // (detail::with_end_marker, detail::encode_value_marked_utf16): the
    // current code point's code units shifted right by unit_bits per unit
    // passed; 0 at the end. The current unit is the last one exactly when
    // the word is below two_units, and a live iterator's word is never 0, so
    // the steps and the test for the end look at it alone.
    std::uint64_t units_ = 0;
    // The low 32 bits of units_ at the code point's first code unit; 0 at
    // the end. Only a 4-byte UTF-8 sequence or a surrogate pair loses its
    // marker (bit 32) here, and only their last unit (a continuation byte,
    // a low surrogate) sets bit 31: marked_sequence() puts the marker back.
    // 32 bits keep the iterator at 40 bytes over a std::u32string_view.
    std::uint32_t sequence_ = 0;
    std::uint8_t error_ = 0;  // error_kind if the sequence is a replacement, else 0

public:
    using iterator_concept = decltype(detail::iterator_concept_for<Base>());
    using value_type = CharT;
    using difference_type = std::ranges::range_difference_t<Base>;
    /// Marks utf8view iterators (for interoperability headers).
    using utf8view_iterator = void;
    /// True where `std::reverse_iterator` of this iterator keeps the code
    /// unit before its position encoded (utf8view's specialization of it):
    /// over bidirectional code points whose begin the iterator knows, with a
    /// policy that never drops a value (`policy_replaces_every_error` for
    /// `encode_error_info`: what its decoding call does is beside the
    /// point), or
    /// over a `decode_view` whose own iterator does so (no policy of the
    /// encoder runs there): every position after the first code unit then
    /// has a code unit before it.
    static constexpr bool utf8view_reverse_caches_element =
        bidirectional &&
        ((keeps_begin && policy_replaces_every_error<Policy, encode_error_info>) ||
         (detail::yields_scalar_values_v<V> && requires { requires base_iterator::utf8view_reverse_caches_element; }));

    /** A singular iterator: it may only be assigned to, compared with
        another singular one, or destroyed. */
    iterator_()
        requires std::default_initializable<base_iterator> && std::default_initializable<base_sentinel>
    = default;

    /** Converts a mutable iterator to a const one. */
    constexpr iterator_(iterator_<!Const> other)
        requires Const && std::convertible_to<std::ranges::iterator_t<V>, base_iterator> &&
                     std::convertible_to<std::ranges::sentinel_t<V>, base_sentinel>
        : current_(std::move(other.current_)), end_(std::move(other.end_)), origin_(other.origin_),
          policy_(std::move(other.policy_)), units_(other.units_), sequence_(other.sequence_), error_(other.error_)
    {}

    /** The current code unit. Precondition: not at the end. O(1). */
    [[nodiscard]] constexpr CharT operator*() const noexcept
    {
        UTF8VIEW_ASSERT(units_ != 0);
        if constexpr (utf16) return static_cast<CharT>(static_cast<char16_t>(units_));
        else return detail::from_byte<CharT>(static_cast<unsigned char>(units_));
    }

    /** Over forward ranges: the position of the code point whose encoding
        holds the current code unit. Over input ranges: the position after it. */
    [[nodiscard]] constexpr const base_iterator& base() const& noexcept { return current_; }
    [[nodiscard]] constexpr base_iterator base() && { return std::move(current_); }

    /** The error kind if the current code unit belongs to the policy's
        replacement for a value that is not a scalar value, else `std::nullopt`. */
    [[nodiscard]] constexpr std::optional<error_kind> error() const noexcept
    {
        if (error_ == 0) return std::nullopt;
        return static_cast<error_kind>(error_);
    }

    /** Moves to the next code unit, encoding the next code point when the
        current one is used up. Precondition: not at the end. O(1), plus the
        values the policy drops. */
    UTF8VIEW_ALWAYS_INLINE constexpr iterator_& operator++() noexcept(nothrow_step)  // conditionally noexcept
    {
        UTF8VIEW_ASSERT(units_ != 0);
        if (units_ >= two_units) {  // another code unit of this code point follows
            units_ >>= unit_bits;
            return *this;
        }
        if constexpr (forward && detail::yields_scalar_values_v<V>) step_in_place();
        else if constexpr (forward) arrive(std::ranges::next(current_), 1);
        else read_input();
        return *this;
    }
    /** Post-increment; returns nothing over input ranges. */
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

    /** Moves to the previous code unit. Precondition: not at the beginning.
        O(1), plus the values the policy drops. */
    constexpr iterator_& operator--() noexcept(nothrow_step)  // conditionally noexcept
        requires bidirectional
    {
        const std::uint64_t sequence = marked_sequence();
        if (units_ != sequence) {  // not the first code unit (and not the end, where both are 0)
            units_ = sequence >> (unit_bits * (marked_length(sequence) - marked_length(units_) - 1));
            return *this;
        }
        base_iterator position = current_;
        std::ptrdiff_t moved = 0;  // from current_ to position, in elements
        for (;;) {
            if constexpr (keeps_begin) UTF8VIEW_ASSERT(position != origin_.begin());
            --position;
            --moved;
            if (const detail::marked_sequence encoded = encode_at(position, moved); encoded.units != 0) {
                commit(std::move(position), moved, encoded);
                units_ >>= unit_bits * (marked_length(units_) - 1);  // at the last code unit
                return *this;
            }
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

    /** True if both stand at the same code unit. */
    [[nodiscard]] friend constexpr bool
    operator==(const iterator_& left, const iterator_& right) noexcept(noexcept(left.current_ == right.current_))
        requires forward && std::equality_comparable<base_iterator>
    {
        // units_ first: against the end (units_ 0) it decides every step.
        return left.units_ == right.units_ && left.current_ == right.current_;
    }

    /** True if `it` is past the last element (against the end of a view
        that is not common). */
    template <bool SentinelConst>
        requires std::sentinel_for<std::ranges::sentinel_t<detail::maybe_const<SentinelConst, V>>, base_iterator>
    [[nodiscard]] friend constexpr bool operator==(const iterator_& it,
                                                   const detail::view_sentinel<V, SentinelConst, encode_view>&)
    {
        return it.at_end();
    }

private:
    constexpr iterator_(base_iterator begin, base_sentinel end, const Policy& policy)
        : current_(std::move(begin)), end_(std::move(end)), policy_(policy)
    {
        if constexpr (keeps_begin) origin_ = detail::range_origin<base_iterator, keeps_begin>(current_);
        if constexpr (forward) arrive(current_, 0);
        else read_input();
    }
    constexpr iterator_(at_end_t, const base_iterator& begin, base_iterator end, const Policy& policy)
        requires keeps_begin
        : current_(end), end_(std::move(end)),
          origin_(begin, typename detail::range_origin<base_iterator, keeps_begin>::at_end_t{}), policy_(policy)
    {}
    constexpr iterator_(at_end_t, base_iterator end, const Policy& policy)
        requires forward
        : current_(end), end_(std::move(end)), policy_(policy)
    {}

    // No code unit before this one (for std::reverse_iterator, through
    // detail::iterator_access): at the first code unit of a code point
    // (or at the end), and the code point first in its range.
    [[nodiscard]] UTF8VIEW_ALWAYS_INLINE constexpr bool at_begin() const
        requires utf8view_reverse_caches_element
    {
        if (units_ != marked_sequence()) return false;
        if constexpr (keeps_begin) return current_ == origin_.begin();
        else return detail::iterator_access::at_begin(current_);
    }

    // --*this unless at_begin() (for std::reverse_iterator, which reaches
    // the first code unit and then stops).
    UTF8VIEW_ALWAYS_INLINE constexpr void step_back_unless_at_begin() noexcept(nothrow_step)
        requires utf8view_reverse_caches_element
    {
        if (!at_begin()) --*this;
    }

    // The same position (for std::reverse_iterator): the same code unit of
    // the same code point.
    [[nodiscard]] UTF8VIEW_ALWAYS_INLINE static constexpr bool same_position(const iterator_& left,
                                                                             const iterator_& right)
    {
        return left.units_ == right.units_ && left.current_ == right.current_;
    }

    [[nodiscard]] constexpr bool at_end() const
    {
        if constexpr (forward) return current_ == end_;
        else return units_ == 0;
    }

    // The code units of `value` with their end marker, or units 0 and the
    // error kind if it is not a scalar value.
    template <class Value>
    [[nodiscard]] UTF8VIEW_ALWAYS_INLINE static constexpr detail::marked_sequence encode_marked(Value value) noexcept
    {
        if constexpr (utf16) return detail::encode_value_marked_utf16(value);
        else return detail::encode_value_marked(value);
    }

    // How many code units a word with an end marker holds.
    [[nodiscard]] static constexpr int marked_length(std::uint64_t word) noexcept
    {
        if constexpr (utf16) return detail::marked_length_utf16(word);
        else return detail::marked_length(word);
    }

    // The encoded form of the value at `position` (`moved` elements from
    // current_) with its end marker and its error kind (0 if it is a scalar
    // value), or units 0 if the policy drops it.
    UTF8VIEW_ALWAYS_INLINE constexpr detail::marked_sequence encode_at(const base_iterator& position,
                                                                       std::ptrdiff_t moved)
    {
        const auto value = *position;
        const detail::marked_sequence encoded = encode_marked(value);
        if (encoded.units != 0) [[likely]]
            return encoded;
        return replace(encoded.error, value, origin_.offset_of(position, moved));
    }

    // Asks the policy about `value`, at code point offset `offset`, which is
    // not a scalar value (error kind `error`): its replacement encoded with
    // the end marker, or units 0 if it drops the value.
    template <class Value>
    constexpr detail::marked_sequence replace(std::uint8_t error, Value value, std::size_t offset)
    {
        const auto replacement = detail::encode_replacement(*policy_, error, value, offset);
        if (!replacement) return {0, error};
        return {encode_marked(*replacement).units, error};
    }

    // The only place a step to another code point changes the iterator, so a
    // policy that throws leaves it as it was.
    UTF8VIEW_ALWAYS_INLINE constexpr void
    commit(base_iterator position, std::ptrdiff_t moved,
           const detail::marked_sequence& encoded) noexcept(std::is_nothrow_move_assignable_v<base_iterator>)
    {
        current_ = std::move(position);
        origin_.moved(moved);
        units_ = encoded.units;
        sequence_ = static_cast<std::uint32_t>(encoded.units);
        error_ = encoded.error;
    }

    // The current code point's code units with their end marker: units_ at its first one.
    [[nodiscard]] constexpr std::uint64_t marked_sequence() const noexcept
    {
        return sequence_ >= 0x8000'0000u ? sequence_ | std::uint64_t{1} << 32 : sequence_;
    }

    // Forward ranges: encodes the code point at `position` (`moved` elements
    // after current_) and makes it current, passing over the values the
    // policy drops.
    UTF8VIEW_ALWAYS_INLINE constexpr void arrive(base_iterator position, std::ptrdiff_t moved)
    {
        for (;;) {
            if (position == end_) {
                commit(std::move(position), moved, detail::marked_sequence{});
                return;
            }
            if (const detail::marked_sequence encoded = encode_at(position, moved); encoded.units != 0) {
                commit(std::move(position), moved, encoded);
                return;
            }
            ++position;
            ++moved;
        }
    }

    // Over a view whose values are all scalar values (a decode_view: the
    // transcoding views): steps current_ itself and encodes the value there,
    // which no policy is asked about. arrive's copy of current_ (a whole
    // decode iterator) went through memory at every code point, and its
    // partly overlapping stores and loads defeated store forwarding: the
    // loop ran at a few percent of the decode view's speed. A step of
    // current_ that throws leaves it as it was (the decode iterator's
    // guarantee), and nothing else has changed by then.
    UTF8VIEW_ALWAYS_INLINE constexpr void step_in_place()
    {
        ++current_;
        origin_.moved(1);
        if (reached_end()) {
            units_ = sequence_ = 0;
            error_ = 0;
            return;
        }
        const detail::marked_sequence encoded = encode_marked(*current_);
        UTF8VIEW_ASSERT(encoded.units != 0);
        units_ = encoded.units;
        sequence_ = static_cast<std::uint32_t>(encoded.units);
        error_ = encoded.error;
    }

    // Whether current_, a decode view's iterator that has just stepped, is
    // at the end: against an end iterator, compared as the decode view's
    // iterator does with branches (see same_length_and_position there).
    [[nodiscard]] UTF8VIEW_ALWAYS_INLINE constexpr bool reached_end() const
    {
        if constexpr (std::same_as<base_iterator, base_sentinel>) {
            return detail::iterator_access::same_length_and_position(current_, end_);
        }
        else {
            return current_ == end_;
        }
    }

    // Input ranges: reads code points, consuming them, until one is encoded
    // or the range ends.
    constexpr void read_input()
    {
        for (;;) {
            if (current_ == end_) {
                units_ = sequence_ = 0;
                error_ = 0;
                return;
            }
            const auto value = *current_;
            const std::size_t offset = origin_.offset_of(current_, 0);  // O(1): counted
            ++current_;
            origin_.moved(1);
            detail::marked_sequence encoded = encode_marked(value);
            if (encoded.units == 0) [[unlikely]]
                encoded = replace(encoded.error, value, offset);
            if (encoded.units != 0) {
                units_ = encoded.units;
                sequence_ = static_cast<std::uint32_t>(encoded.units);
                error_ = encoded.error;
                return;
            }
        }
    }
};

namespace detail {

// What views::encode_as<CharT> adapts: code points to an encode_view (the
// adaptor object itself is detail/closure.hpp's view_adaptor, shared with
// views::decode).
template <encoding_code_unit CharT>
struct encode_adaptor_traits {
    template <class R>
    static constexpr bool accepts_range = code_point_range<R>;
    template <class Policy>
    static constexpr bool accepts_policy = encode_policy_argument<Policy>;
    using misuse_result = std::ranges::empty_view<CharT>;

    template <class V>
    static constexpr auto make(V code_points)
    {
        return encode_view<V, on_error::replace_t, CharT>(std::move(code_points));
    }
    template <class V, class Policy>
    static constexpr auto make(V code_points, Policy policy)
    {
        return encode_view<V, Policy, CharT>(std::move(code_points), std::move(policy));
    }

    // A string literal would be encoded with its terminating NUL. (R is
    // always one here: exactly one of the macro's assertions fails.)
    template <class R>
    static void reject_string_literal()
    {
        if constexpr (std::same_as<CharT, char8_t>) {
            UTF8VIEW_REJECT_STRING_LITERAL(R, "utf8view::views::encode", "encode");
        }
        else if constexpr (std::same_as<CharT, char16_t>) {
            UTF8VIEW_REJECT_STRING_LITERAL(R, "utf8view::views::encode_utf16", "encode");
        }
        else {
            UTF8VIEW_REJECT_STRING_LITERAL(R, "utf8view::views::encode_as", "encode");
        }
    }

    // A range whose elements are not code points. (The names, here and in
    // reject_string_literal: views::encode is encode_as<char8_t>,
    // views::encode_utf16 is encode_as<char16_t>.)
    template <class R>
    static void reject_elements()
    {
        // Text that is encoded already is UTF-8 or UTF-16: the message says
        // which adaptors take it.
#define UTF8VIEW_ENCODED_TEXT_ADVICE                                                                                   \
    "; UTF-8 bytes are encoded already (views::decode them, or views::utf8_to_utf16), and so are UTF-16 code units "   \
    "(views::decode_utf16, views::utf16_to_utf8)"
        if constexpr (std::same_as<CharT, char8_t>)
            static_assert(
                always_false_v<R>,
                "utf8view::views::encode: the range's elements must be code points, of an "
                "integer type of at least 32 bits (char32_t, int, std::uint32_t...)" UTF8VIEW_ENCODED_TEXT_ADVICE);
        else if constexpr (std::same_as<CharT, char16_t>)
            static_assert(always_false_v<R>, "utf8view::views::encode_utf16: the range's elements must be code "
                                             "points, of an integer type of at least 32 bits (char32_t, int, "
                                             "std::uint32_t...)" UTF8VIEW_ENCODED_TEXT_ADVICE);
        else
            static_assert(always_false_v<R>, "utf8view::views::encode_as: the range's elements must be code points, "
                                             "of an integer type of at least 32 bits (char32_t, int, "
                                             "std::uint32_t...)" UTF8VIEW_ENCODED_TEXT_ADVICE);
#undef UTF8VIEW_ENCODED_TEXT_ADVICE
    }
};

template <encoding_code_unit CharT>
using encode_fn = view_adaptor<encode_adaptor_traits<CharT>>;

}  // namespace detail

namespace views {

/** The encode adaptor producing code units of type `CharT`:
    `code_points | views::encode_as<char>`, `... | views::encode_as<char>(policy)`,
    `views::encode_as<char>(code_points)`, `views::encode_as<char>(code_points, policy)`.
    Returns an `encode_view` (see it for the contract): UTF-8 for the byte
    types, UTF-16 for `char16_t` (and a 16-bit `wchar_t`). `code_points` is
    any viewable range of integers of at least 32 bits; a `U"..."` array is
    rejected at compile time (its terminating NUL), and so is a range of
    bytes or `char16_t` (text that is encoded already).
    @par Complexity O(1) to make (nothing is encoded until `begin()`); O(1)
    per code unit, plus the values the policy drops.
    @par Bad input A value that is not a scalar value (a surrogate, above
    U+10FFFF, negative) goes to the policy: U+FFFD by default (`EF BF BD`,
    or the unit FFFD), nothing with `on_error::skip`, `encode_error` with
    `on_error::throw_exception`.
    @par Standard Unicode 15.0, ch. 3, D76, D92 and Table 3-6 (UTF-8), D91
    and Table 3-5 (UTF-16). */
template <encoding_code_unit CharT>
inline constexpr detail::encode_fn<CharT> encode_as{};

/** The encode adaptor producing `char8_t` code units:
    `code_points | views::encode`, `code_points | views::encode(policy)`,
    `views::encode(code_points)`, `views::encode(code_points, policy)`: as
    `encode_as<char8_t>`, whose type it has (complexity, bad input and
    standard as there; UTF-8, Unicode 15.0 ch. 3, Table 3-6). */
inline constexpr detail::encode_fn<char8_t> encode{};

/** The UTF-16 encode adaptor: `code_points | views::encode_utf16`,
    `code_points | views::encode_utf16(policy)`, `views::encode_utf16(code_points)`,
    `views::encode_utf16(code_points, policy)`; an `encode_view` producing
    `char16_t`: 1 code unit per code point below U+10000, a surrogate pair
    (Table 3-5) above. O(1) to make and per code unit, lazy; values that
    are not scalar values go to the policy (U+FFFD by default). As
    `encode_as<char16_t>`, whose type it has. Standard: Unicode 15.0 ch. 3,
    D91, Table 3-5. */
inline constexpr detail::encode_fn<char16_t> encode_utf16{};

}  // namespace views
}  // namespace utf8view

template <class V, class Policy, class CharT>
inline constexpr bool utf8view::detail::yields_well_formed_v<utf8view::encode_view<V, Policy, CharT>> = true;

template <class V, class Policy, class CharT>
inline constexpr bool std::ranges::enable_borrowed_range<utf8view::encode_view<V, Policy, CharT>> =
    std::ranges::enable_borrowed_range<V>;

#include <utf8view/detail/epilogue.hpp>

#endif  // UTF8VIEW_ENCODE_VIEW_HPP
