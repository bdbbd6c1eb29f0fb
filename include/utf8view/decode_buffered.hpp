// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at https://www.boost.org/LICENSE_1_0.txt)

/// \file
/// `decode_buffered_view`: the code points (char32_t) of contiguous UTF-8
/// bytes, read once from start to end, decoded 2048 at a time into a buffer
/// the view owns by the bulk decoder (the SIMD kernels); and its adaptor
/// object `views::decode_buffered`. The loop over code points at the speed of
/// decoding into a buffer, in a fixed 8 KiB of memory.

#ifndef UTF8VIEW_DECODE_BUFFERED_HPP
#define UTF8VIEW_DECODE_BUFFERED_HPP

#include <utf8view/config.hpp>
#include <utf8view/code_unit.hpp>
#include <utf8view/detail/byte_pointer.hpp>
#include <utf8view/detail/closure.hpp>
#include <utf8view/detail/decode_step.hpp>
#include <utf8view/detail/iterator_support.hpp>
#include <utf8view/detail/kernel_calls.hpp>
#include <utf8view/error.hpp>
#include <utf8view/error_policy.hpp>
#include <utf8view/transcode.hpp>

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

// Code points a decode_buffered_view decodes ahead: 8 KiB of char32_t (as a
// stream's buffer), little enough to live on the stack. Each call to the
// bulk decoder ends in a short stretch decoded one code point at a time (a
// transcoding kernel takes 64 bytes at a time, and only while 64 code
// points of room are left), and that and the call cost a batch about as
// much as 100 code points of text: the loop ran 7% faster with batches of
// 2048 than of 1024, and 2% faster again with 4096 (doc/design.md).
inline constexpr std::size_t decode_buffer_code_points = 2048;

// The bytes a code point is expected to take in the next batch, in
// sixteenths of a byte (decode_bulk's `sixteenths`): those of the last
// batch, rounded up, and an eighth of a byte more per code point, at most
// 4 bytes. The first batch assumes 4 bytes.
[[nodiscard]] constexpr std::uint8_t expected_sixteenths(std::size_t bytes, std::size_t code_points) noexcept
{
    if (code_points == 0 || bytes / 4 >= code_points) return most_sixteenths_per_code_point;
    // Here bytes < 4 * code_points: bytes * 16 cannot overflow.
    const std::size_t sixteenths = (bytes * 16 + code_points - 1) / code_points + 2;
    return static_cast<std::uint8_t>(sixteenths < most_sixteenths_per_code_point ? sixteenths
                                                                                 : most_sixteenths_per_code_point);
}

// The buffer of a decode_buffered_view. A view cannot be copied: a copy
// made while a loop runs would start after the batch the loop's iterator
// holds, and lose its code points without a word (`std::views::all` of an
// lvalue copies). Moving a view starts the new one with an empty buffer
// (its begin() decodes from where the old one's decoding stopped), so the
// buffer is neither moved nor initialized.
struct code_point_buffer {
    char32_t values[decode_buffer_code_points];

    code_point_buffer() = default;
    code_point_buffer(const code_point_buffer&) = delete;
    code_point_buffer& operator=(const code_point_buffer&) = delete;
    constexpr code_point_buffer(code_point_buffer&&) noexcept {}
    constexpr code_point_buffer& operator=(code_point_buffer&&) noexcept { return *this; }
    ~code_point_buffer() = default;
};

// A decoded stretch of the buffer, [first, last).
struct buffered_code_points {
    const char32_t* first;
    const char32_t* last;
};

// Contiguous, sized bytes: what decode_buffered_view takes.
template <class R>
concept contiguous_utf8_range =
    utf8_range<R> && byte_pointer_range<std::ranges::iterator_t<R>, std::ranges::sentinel_t<R>>;

}  // namespace detail

/** A view of the code points (`char32_t`) of contiguous UTF-8 bytes, decoded
    2048 code points at a time by the bulk decoder into a buffer the view
    owns: an **input** view, for the loop that reads text once from start
    to end and needs only the values (`for (char32_t c : bytes |
    views::decode_buffered)`).

    `V` is a view of contiguous, sized bytes (`char`, `char8_t`, `unsigned
    char`, `signed char`, `std::byte`): a string, string view, vector, span
    or array. The elements are exactly those `views::decode(policy)` yields
    over the same bytes, in the same order.

    What it gives up for its speed, beside `decode_view`: its iterators
    read the view's buffer, so the view is an input range (single pass,
    `begin()` called once; iterators compare only with `end()`, a
    `std::default_sentinel_t`), is not a borrowed range, cannot be iterated
    as `const`, and its iterators have no `base()`, `error()` or steps back.
    Use `decode_view` where those are needed. The view holds its buffer
    (8 KiB), so it is best made where it is iterated (a range-`for` over a
    prvalue). It can be moved, not copied (a copy made during a loop would
    start after the batch the loop holds): compose an rvalue (`bytes |
    views::decode_buffered | std::views::take(3)`, or `std::move(view) |
    ...`). Moving a view does not move the buffer: the new view's `begin()`
    decodes from where the old one's decoding had reached.
    Algorithms over input ranges (`std::ranges::find`, `for_each`...) take
    it as an lvalue; range adaptors (`std::views::take`, `std::views::common`
    for an algorithm that wants a common range) take it as an rvalue, or an
    lvalue through `std::ranges::ref_view{view}`. It is not a range for
    Boost.Range (no common end, no C++17 iterator traits) nor a range-v3
    view (not copyable).

    @par Complexity `begin()` decodes the first batch of 2048 code points
    (or up to the end); `++` is O(1), amortized: a step is a pointer
    increment, and every 2048th decodes the next batch, at the speed of
    `decode_into` (SIMD validation of the batch's bytes, then a transcoding
    kernel). With a policy other than `on_error::replace` and
    `on_error::skip`, a batch also ends before each ill-formed subpart that
    is not its first element: over text with errors such a loop calls the
    decoder once per error. Over valid text the first batch reads at most 4
    bytes per code point of it and 1 KiB (9 KiB, and 3 bytes more for a
    character cut there: the bytes a validation block takes at least);
    later batches validate first as many bytes as the last batch's code
    points took, and an eighth of a byte more per code point (more blocks
    follow if those run out). Where errors are, a replacing or skipping
    batch goes on until it holds 2048 code points (with `on_error::skip`,
    past every subpart it drops).
    @par Bad input Each ill-formed maximal subpart goes to the policy once,
    with its kind, length and byte offset from the start of the bytes: U+FFFD
    by default, nothing with `on_error::skip`, `decode_error` thrown with
    `on_error::throw_exception`. `on_error::replace` and `on_error::skip`,
    whose answer depends on nothing, are applied in bulk as the batch is
    decoded. Any other policy is asked when the loop reaches the subpart
    (a batch stops before an ill-formed subpart that is not its first
    element), in the step that a `decode_view`'s iterator would ask it in,
    and never for a subpart the loop does not reach; if it throws from
    `++`, the iterator compares equal to `end()`, and the view must not be
    iterated again.
    @par Standard Unicode 15.0 ch. 3, D92, Table 3-7 and §3.9 (U+FFFD
    Substitution of Maximal Subparts); WHATWG Encoding, "UTF-8 decoder" (the
    same code points under `on_error::replace`). */
template <std::ranges::view V, detail::decode_policy_argument Policy = on_error::replace_t>
    requires detail::contiguous_utf8_range<V>
class decode_buffered_view : public std::ranges::view_interface<decode_buffered_view<V, Policy>> {
    static_assert(!detail::is_ref_view_of_string_literal_array_v<V>,
                  UTF8VIEW_STRING_LITERAL_MESSAGE("utf8view::decode_buffered_view", "decode",
                                                  "std::string_view / std::u8string_view"));

    V base_ = V();
    // Held as decode_view holds it: a lambda with captures (not assignable)
    // keeps the view assignable, so still a view.
    [[no_unique_address]] detail::copyable_box<Policy> policy_ = detail::copyable_box<Policy>();
    // Bytes of base_ decoded into batches so far.
    std::size_t decoded_bytes_ = 0;
    // Input bytes a code point took in the last batch (expected_sixteenths).
    std::uint8_t sixteenths_ = detail::most_sixteenths_per_code_point;
    detail::code_point_buffer buffer_;

public:
    /// Code points decoded per batch (the buffer holds this many `char32_t`).
    static constexpr std::size_t batch_code_points = detail::decode_buffer_code_points;

    /** The iterator: an input iterator of `char32_t` values (`reference` is
        `char32_t`), compared with `std::default_sentinel` (`end()`). `*it`
        and `++it` are O(1) (`++` amortized: one step in 2048 decodes the
        next batch); `it++` returns nothing. Dereferencing or incrementing an
        iterator equal to `end()` is undefined, as for any iterator. */
    class iterator {
        decode_buffered_view* parent_ = nullptr;
        const char32_t* current_ = nullptr;
        const char32_t* last_ = nullptr;

        constexpr iterator(decode_buffered_view* parent, detail::buffered_code_points batch) noexcept
            : parent_(parent), current_(batch.first), last_(batch.last)
        {}
        friend decode_buffered_view;

    public:
        using iterator_concept = std::input_iterator_tag;
        using value_type = char32_t;
        using difference_type = std::ptrdiff_t;

        /// An iterator of no view: compares equal to `std::default_sentinel`,
        /// and may be assigned; nothing else.
        iterator() = default;

        /// The code point at this position. Precondition: not at the end.
        [[nodiscard]] constexpr char32_t operator*() const noexcept { return *current_; }

        /// Moves to the next code point; past the batch's last, decodes the
        /// next batch (the policy may throw there). Precondition: not at the end.
        UTF8VIEW_ALWAYS_INLINE constexpr iterator& operator++()
        {
            if (++current_ == last_) [[unlikely]] {
                const detail::buffered_code_points batch = parent_->decode_batch();
                current_ = batch.first;
                last_ = batch.last;
            }
            return *this;
        }
        constexpr void operator++(int) { ++*this; }

        /// True at the end of the code points.
        [[nodiscard]] friend constexpr bool operator==(const iterator& it, std::default_sentinel_t) noexcept
        {
            return it.current_ == it.last_;
        }
    };
    /// The same type (a `const` view cannot be iterated).
    using const_iterator = iterator;

    /// An empty view of default-constructed bytes.
    decode_buffered_view()
        requires std::default_initializable<V> && std::default_initializable<Policy>
    = default;

    /** Decodes `bytes` (a view of contiguous, sized bytes) with `policy`
        (`on_error::replace` by default). O(1): nothing is decoded until
        `begin()`. */
    constexpr explicit decode_buffered_view(V bytes, Policy policy = Policy())
        : base_(std::move(bytes)), policy_(policy)
    {}

    /** The iterator at the first code point: decodes the first batch (up to
        2048 code points), so the policy runs here for the errors it holds
        (and `on_error::throw_exception` may throw). Call it once: a second
        call goes on from where the decoding stopped, after the batch the
        first iterator holds, and overwrites that batch (the first iterator
        must not be used again). A view that was moved from is valid; what it
        yields is unspecified (nothing, if its bytes went with the move). */
    [[nodiscard]] constexpr iterator begin() { return iterator(this, decode_batch()); }
    /// The end: `std::default_sentinel`.
    [[nodiscard]] constexpr std::default_sentinel_t end() const noexcept { return std::default_sentinel; }

    /// The bytes (a copy of the underlying view), and by move.
    [[nodiscard]] constexpr V base() const&
        requires std::copy_constructible<V>
    {
        return base_;
    }
    [[nodiscard]] constexpr V base() && { return std::move(base_); }

    /// The policy.
    [[nodiscard]] constexpr const Policy& policy() const noexcept { return *policy_; }

private:
    // Decodes the next batch into the buffer, from decoded_bytes_; an
    // empty batch at the end of the bytes.
    constexpr detail::buffered_code_points decode_batch()
    {
        char32_t* const first = buffer_.values;
        char32_t* const last = decode_batch_into(first, first + batch_code_points);
        return {first, last};
    }

    UTF8VIEW_NOINLINE constexpr char32_t* decode_batch_into(char32_t* out, char32_t* const out_last)
    {
        auto input = std::ranges::begin(base_);
        const auto input_end = std::ranges::end(base_);
        const auto size = static_cast<std::size_t>(input_end - input);
        // A view moved from keeps its count while its bytes may be gone (an
        // owning view's string): it is then at its end, not past it.
        if (decoded_bytes_ > size) decoded_bytes_ = size;
        if constexpr (detail::fixed_subpart_action<Policy>.fixed) {
            // Replaced or dropped in bulk: when is unseen.
            const auto result = detail::decode_bulk(input + static_cast<std::ptrdiff_t>(decoded_bytes_), input_end, out,
                                                    out_last, *policy_, sixteenths_);
            const auto decoded_bytes = static_cast<std::size_t>(result.in - input);
            sixteenths_ =
                detail::expected_sixteenths(decoded_bytes - decoded_bytes_, static_cast<std::size_t>(result.out - out));
            decoded_bytes_ = decoded_bytes;
            return result.out;
        }
        else {
            if (!UTF8VIEW_IS_CONSTANT_EVALUATED()) {
                const unsigned char* const start = detail::byte_pointer(input);
                char32_t* const batch_first = out;
                const unsigned char* const p = decode_until_error(start, start + size, out, out_last);
                const auto decoded_bytes = static_cast<std::size_t>(p - start);
                sixteenths_ = detail::expected_sixteenths(decoded_bytes - decoded_bytes_,
                                                          static_cast<std::size_t>(out - batch_first));
                decoded_bytes_ = decoded_bytes;
                return out;
            }
            return decode_until_error_checked(input, input_end, out, out_last);
        }
    }

    // The batch for a policy asked one subpart at a time: the well-formed
    // stretches through the SIMD kernels, each ill-formed maximal subpart
    // asked of the policy only as the batch's first element, so that the
    // policy runs when the loop reaches it. Returns where it stopped; `out`
    // is past what it wrote.
    const unsigned char* decode_until_error(const unsigned char* const start, const unsigned char* const end,
                                            char32_t*& out, char32_t* const out_last)
    {
        char32_t* const batch_first = out;
        const unsigned char* p = start + decoded_bytes_;
        while (p != end && out != out_last) {
            const auto left = static_cast<std::size_t>(end - p);
            const auto room = static_cast<std::size_t>(out_last - out);
            const std::size_t block =
                detail::bulk_block_for(left, detail::room_in_longest_code_points(room, sixteenths_), 4);
            const std::size_t accepted = detail::accepted_prefix_bytes(p, block);
            const unsigned char* const valid_end = detail::checked_region_start(p, accepted);
            const unsigned char* stop = detail::checked_region_stop(p, block, accepted);
            if (valid_end != p) {
                const detail::decode_progress progress =
                    valid_end - p < detail::transcoder_threshold_bytes
                        ? detail::simd::scalar::decode_valid(p, valid_end, out, room)
                        : detail::decode_valid_with_active_transcoder(p, valid_end, out, room);
                out = progress.out;
                p = progress.in;
                if (p != valid_end || p == end || out == out_last) continue;
            }
            // From p, a segment boundary: a block the kernel flagged, or a
            // sequence cut by the block's end, decoded with every check.
            do {
                const auto [decoded, next] = detail::decode_step_in_memory(p, end);
                if (decoded.well_formed()) [[likely]] { *out++ = decoded.code_point; }
                else {
                    if (out != batch_first) return p;  // asked when the loop gets here
                    const std::optional<char32_t> element =
                        detail::ask_policy_about(*policy_, decoded, static_cast<std::uint64_t>(p - start));
                    if (element) *out++ = *element;
                    stop = detail::checked_stop_after_error(next, end);
                }
                p = next;
            } while (p < stop && out != out_last);
        }
        return p;
    }

    // The same, one segment at a time over the view's own iterators
    // (constant evaluation, where the kernels do not run).
    template <class I, class S>
    constexpr char32_t* decode_until_error_checked(I input, const S& input_end, char32_t* out, char32_t* const out_last)
    {
        char32_t* const batch_first = out;
        I it = input + static_cast<std::ptrdiff_t>(decoded_bytes_);
        while (it != input_end && out != out_last) {
            auto [decoded, next] = detail::decode_step(it, input_end);
            if (decoded.well_formed()) { *out++ = decoded.code_point; }
            else {
                if (out != batch_first) break;
                const std::optional<char32_t> element =
                    detail::ask_policy_about(*policy_, decoded, static_cast<std::uint64_t>(it - input));
                if (element) *out++ = *element;
            }
            it = next;
        }
        decoded_bytes_ = static_cast<std::size_t>(it - input);
        return out;
    }
};

/// Deduction: `decode_buffered_view(bytes)`, `decode_buffered_view(bytes, policy)`
/// over `std::views::all(bytes)`.
template <class R>
decode_buffered_view(R&&) -> decode_buffered_view<std::views::all_t<R>>;
template <class R, class Policy>
decode_buffered_view(R&&, Policy) -> decode_buffered_view<std::views::all_t<R>, Policy>;

namespace detail {

// What views::decode_buffered adapts (the adaptor object is
// detail/closure.hpp's view_adaptor).
struct decode_buffered_adaptor_traits {
    template <class R>
    static constexpr bool accepts_range = contiguous_utf8_range<R>;
    template <class Policy>
    static constexpr bool accepts_policy = decode_policy_argument<Policy>;
    using misuse_result = std::ranges::empty_view<char32_t>;

    template <class V, class Policy = on_error::replace_t>
    static constexpr auto make(V bytes, Policy policy = Policy())
    {
        return decode_buffered_view<V, Policy>(std::move(bytes), std::move(policy));
    }

    // (Not UTF8VIEW_REJECT_STRING_LITERAL: its advice names null_terminated,
    // which is not sized, so not for this view.)
    template <class R>
    static void reject_string_literal()
    {
        static_assert(always_false_v<R>, UTF8VIEW_STRING_LITERAL_MESSAGE("utf8view::views::decode_buffered", "decode",
                                                                         "std::string_view / std::u8string_view"));
    }

    // A range that is not contiguous, sized bytes.
    template <class R>
    static void reject_elements()
    {
        if constexpr (utf8_range<R>)
            static_assert(always_false_v<R>,
                          "utf8view::views::decode_buffered: the bytes must be contiguous and sized (a string, "
                          "string view, vector, span or array); for other ranges use views::decode");
        else
            static_assert(always_false_v<R>,
                          "utf8view::views::decode_buffered: the range's elements must be UTF-8 code units (bytes): "
                          "char, char8_t, unsigned char, signed char or std::byte; for UTF-16 (char16_t) use "
                          "views::decode_utf16");
    }
};

}  // namespace detail

namespace views {

/** The buffered decode adaptor: `bytes | views::decode_buffered`,
    `bytes | views::decode_buffered(policy)`, `views::decode_buffered(bytes)`,
    `views::decode_buffered(bytes, policy)`; each returns a
    `decode_buffered_view` (see it for the contract: an input view that
    decodes 2048 code points at a time with the bulk decoder). `bytes` is a
    viewable range of contiguous, sized bytes (an lvalue is referenced, an
    rvalue `std::string` is moved into the view); other byte ranges are
    rejected at compile time with a message naming `views::decode`, and a
    character array such as a string literal with a message naming
    `std::string_view` (its terminating NUL would be decoded).
    @par Complexity O(1) to make; O(1) amortized per step.
    @par Bad input As `views::decode` with the same policy: U+FFFD per
    ill-formed maximal subpart by default.
    @par Standard Unicode 15.0 ch. 3, D92, Table 3-7 and §3.9; WHATWG
    Encoding, "UTF-8 decoder". */
inline constexpr detail::view_adaptor<detail::decode_buffered_adaptor_traits> decode_buffered{};

}  // namespace views
}  // namespace utf8view

#include <utf8view/detail/epilogue.hpp>

#endif  // UTF8VIEW_DECODE_BUFFERED_HPP
