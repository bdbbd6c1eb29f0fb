// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at https://www.boost.org/LICENSE_1_0.txt)

/// \file
/// Streams: bytes that arrive in chunks (reads from a file, a pipe, a
/// socket), decoded or repaired chunk by chunk with the same results as the
/// whole input at once. A chunk can end inside a character: its first bytes
/// (at most 3) are held until the next chunk completes or breaks it, and
/// `finish()` reports a character still incomplete at the end of the stream
/// as one error. Error offsets count from the start of the stream, in 64
/// bits.

#ifndef UTF8VIEW_STREAM_HPP
#define UTF8VIEW_STREAM_HPP

#include <utf8view/config.hpp>
#include <utf8view/code_unit.hpp>
#include <utf8view/detail/decode_step.hpp>
#include <utf8view/detail/encode_step.hpp>
#include <utf8view/error.hpp>
#include <utf8view/error_policy.hpp>
#include <utf8view/repair.hpp>
#include <utf8view/transcode.hpp>
#include <utf8view/unicode.hpp>

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <optional>
#include <ranges>
#include <utility>

#include <utf8view/detail/prologue.hpp>

namespace utf8view {

namespace detail {

// A policy seen through a chunk: offsets the bulk functions count from the
// start of the chunk become offsets in the stream. Whether the policy drops
// every error is passed on, so that bounded outputs behave alike. A
// `char32_t` answer becomes an engaged optional. A policy of another result
// type is not called here: asked by the stream class itself (for the bytes
// held between chunks), through ask_policy, it gets checked_policy's
// message, and one message is enough.
template <class Policy>
struct stream_offset_policy {
    Policy* policy;
    std::uint64_t chunk_offset;

    static constexpr bool drops_every_error = policy_drops_every_error<Policy>;

    constexpr std::optional<char32_t> operator()(const decode_error_info& info) const
        noexcept(nothrow_policy_v<Policy, decode_error_info>)
    {
        if constexpr (policy_result<policy_result_t<Policy, decode_error_info>>) {
            decode_error_info in_stream = info;
            in_stream.offset += chunk_offset;
            return (*policy)(in_stream);
        }
        else {
            return std::nullopt;
        }
    }
};

// A policy whose answer depends on neither kind nor offset answers the same
// through a chunk: the bulk decoder may then replace or drop maximal
// subparts in bulk (fixed_subpart_action), as it does for the whole input.
template <class Policy>
inline constexpr policy_subpart_action fixed_subpart_action<stream_offset_policy<Policy>> =
    fixed_subpart_action<Policy>;

// What the stream decoder and the stream repairer share: the position in
// the stream and the bytes held back at a chunk's end. A chunk is cut into
// (1) the segment that the held bytes start, if this chunk decides it (it
// completes it or breaks it), (2) a body that ends on a segment boundary,
// handed to the bulk functions, and (3) the start of an incomplete
// sequence at its end, held back in turn.
class stream_carry {
public:
    // Feeds one chunk. `on_segment(bytes, decoded, offset)` receives the
    // segment started by the held bytes (`bytes` points to its bytes);
    // `on_body(first, last, offset)` the body. Offsets are stream offsets.
    template <class I, class S, class OnSegment, class OnBody>
    constexpr void feed(I first, const S& last_sentinel, OnSegment&& on_segment, OnBody&& on_body)
    {
        if (held_ != 0) {
            // The held bytes are the start of a well-formed sequence (a lead
            // byte and 0 to 2 continuation bytes): at most 3 more bytes decide
            // the segment they start, which is then at least as long as they.
            unsigned char joined[6] = {};
            std::size_t length = 0;
            for (; length != held_; ++length) joined[length] = bytes_[length];
            for (I it = first; length != std::size_t{held_} + 3 && it != last_sentinel; ++it)
                joined[length++] = to_byte(*it);
            const auto [decoded, next] = decode_step(joined + 0, joined + length);
            static_cast<void>(next);
            if (!decoded.well_formed() && decoded.kind() == error_kind::truncated_sequence &&
                decoded.length == length) {
                // The chunk ended first: hold all of it too.
                for (std::size_t index = held_; index != length; ++index) bytes_[index] = joined[index];
                read_ += length - held_;
                held_ = static_cast<std::uint8_t>(length);
                return;
            }
            on_segment(static_cast<const unsigned char*>(joined), decoded, read_ - held_);
            const std::size_t taken = std::size_t{decoded.length} - held_;
            std::ranges::advance(first, static_cast<std::iter_difference_t<I>>(taken));
            read_ += taken;
            held_ = 0;
        }
        // The body ends before a sequence the chunk's end cut short.
        const I last = std::ranges::next(first, last_sentinel);
        I cut = last;
        if (first != last) {
            auto [start, decoded] = scan_back(first, std::ranges::prev(last));
            if (!decoded.well_formed() && decoded.kind() == error_kind::truncated_sequence) cut = std::move(start);
        }
        on_body(first, cut, read_);
        read_ += static_cast<std::uint64_t>(std::ranges::distance(first, cut));
        for (; cut != last; ++cut) bytes_[held_++] = to_byte(*cut);
        read_ += held_;
    }

    // Ends the stream: the held bytes, if any, are one maximal subpart
    // (truncated_sequence), given to `on_segment` as by feed().
    template <class OnSegment>
    constexpr void finish(OnSegment&& on_segment)
    {
        if (held_ == 0) return;
        const auto [decoded, next] = decode_step(bytes_ + 0, bytes_ + held_);
        static_cast<void>(next);
        on_segment(static_cast<const unsigned char*>(bytes_), decoded, read_ - held_);
        held_ = 0;
    }

    [[nodiscard]] constexpr std::uint64_t bytes_read() const noexcept { return read_; }
    [[nodiscard]] constexpr std::size_t pending() const noexcept { return held_; }
    constexpr void reset() noexcept
    {
        read_ = 0;
        held_ = 0;
    }

private:
    std::uint64_t read_ = 0;       // bytes fed so far, held ones included
    unsigned char bytes_[3] = {};  // the held bytes
    std::uint8_t held_ = 0;        // how many, 0..3
};

// A chunk the stream classes take: a bidirectional range of bytes (its end
// is looked at for a cut sequence). A string literal is one too, and then
// rejected by a message in the member function.
template <class R>
concept stream_chunk = std::ranges::bidirectional_range<R> && utf8_range<R>;

}  // namespace detail

/** Decodes a stream of UTF-8 bytes that arrives in chunks into code points,
    chunk by chunk, exactly as `decode_into` decodes the whole stream at once:
    the same code points, and the policy called for the same maximal
    subparts, with the same kinds, lengths and offsets (counted from the
    start of the stream, in 64 bits).

    A chunk may end anywhere, inside a character too: the 1 to 3 bytes that
    start a sequence the chunk cuts short are held (`pending()`) until the
    following chunks complete it or break it; `finish()` ends the stream and
    reports a sequence still incomplete as one error. Bytes that no later
    byte could complete (`C0`, `ED A0`, a stray `80`) are reported in the
    chunk where they are.

    @code
    utf8view::stream_decoder decoder;                      // on_error::replace
    std::u32string text;
    while (read a chunk into `buffer`)
        decoder.decode(buffer, std::back_inserter(text));
    decoder.finish(std::back_inserter(text));
    @endcode

    @tparam Policy a `decode_error_policy` (the decoder holds a copy).
    @par Complexity O(n) over the stream: each chunk goes to the bulk
    decoder (the SIMD kernels when it is contiguous), after at most 6 bytes
    decoded one at a time where the previous chunk ended.
    @par Bad input as `decode_into`: each ill-formed maximal subpart goes to
    the policy once, in stream order. If the policy throws, the exception
    leaves `decode()` or `finish()`; what was written stays written, and the
    decoder must be `reset()` before it decodes again.
    @par Standard Unicode 15.0 ch. 3, Table 3-7 and §3.9 ("U+FFFD
    Substitution of Maximal Subparts"); WHATWG Encoding, "UTF-8 decoder" in
    streaming mode (a decoder fed byte by byte, then at the end of the
    stream). */
template <detail::decode_policy_argument Policy = on_error::replace_t>
class stream_decoder {
public:
    /** A decoder at the start of a stream (offset 0, no bytes held), with a
        default-constructed policy. O(1). */
    constexpr stream_decoder()
        requires std::default_initializable<Policy>
    = default;
    /** A decoder at the start of a stream, with a copy of `policy`, which it
        asks about every ill-formed maximal subpart. O(1). */
    constexpr explicit stream_decoder(Policy policy) : policy_(std::move(policy)) {}

    /** Decodes the next chunk of the stream.

        @param chunk a bidirectional range of bytes (`char`, `char8_t`,
                     `unsigned char`, `signed char`, `std::byte`; string
                     literals are rejected); any size, empty too.
        @param out   an output iterator of `char32_t`, with room for
                     `max_decoded_size(size of chunk)` code points.
        @return the end of what was written: the code points of the
        segments that end in this chunk (of the held bytes, then of the
        chunk), one for each error the policy replaces.
        @par Complexity O(size of the chunk). */
    template <detail::stream_chunk R, std::weakly_incrementable O>
        requires std::output_iterator<O, const char32_t&> && (!std::ranges::range<O>)
    constexpr O decode(R&& chunk, O out)
    {
        UTF8VIEW_REJECT_STRING_LITERAL(R, "utf8view::stream_decoder::decode", "decode");
        carry_.feed(
            std::ranges::begin(chunk), std::ranges::end(chunk),
            [&](const unsigned char* bytes, const detail::segment& decoded, std::uint64_t offset) {
                static_cast<void>(bytes);
                out = put(decoded, offset, std::move(out));
            },
            [&](auto first, auto last, std::uint64_t offset) {
                detail::stream_offset_policy<Policy> shifted{&policy_, offset};
                out =
                    detail::decode_bulk(std::move(first), last, std::move(out), std::unreachable_sentinel, shifted).out;
            });
        return out;
    }

    /** Ends the stream: the held bytes, if any (a sequence the last chunk
        cut short), are one ill-formed maximal subpart of kind
        `truncated_sequence`, given to the policy at its offset. The decoder
        is then at the end of the stream (`pending() == 0`; `bytes_read()`
        unchanged): `reset()` starts a new one at offset 0. Bytes decoded
        after `finish()` without `reset()` continue the old stream's
        offsets.
        @param out an output iterator of `char32_t`, with room for 1 code point.
        @return the end of what was written (nothing, or the replacement).
        @par Complexity O(1). */
    template <std::weakly_incrementable O>
        requires std::output_iterator<O, const char32_t&> && (!std::ranges::range<O>)
    constexpr O finish(O out)
    {
        carry_.finish([&](const unsigned char* bytes, const detail::segment& decoded, std::uint64_t offset) {
            static_cast<void>(bytes);
            out = put(decoded, offset, std::move(out));
        });
        return out;
    }

    /** The most code points `decode()` writes for a chunk of `chunk_bytes`
        bytes: one per byte, and one for the held bytes. O(1). */
    [[nodiscard]] constexpr std::size_t max_decoded_size(std::size_t chunk_bytes) const noexcept
    {
        return chunk_bytes + (carry_.pending() != 0 ? 1 : 0);
    }

    /** Bytes fed so far, held ones included: the stream offset of the next
        chunk's first byte. O(1). */
    [[nodiscard]] constexpr std::uint64_t bytes_read() const noexcept { return carry_.bytes_read(); }

    /** Bytes held from the last chunk (0 to 3): the start of a sequence it
        cut short. O(1). */
    [[nodiscard]] constexpr std::size_t pending() const noexcept { return carry_.pending(); }

    /** Forgets the stream: no held bytes, the next byte fed is at offset 0.
        The policy is kept. O(1). */
    constexpr void reset() noexcept { carry_.reset(); }

    /** The decoder's copy of the policy. */
    [[nodiscard]] constexpr Policy& policy() noexcept { return policy_; }
    [[nodiscard]] constexpr const Policy& policy() const noexcept { return policy_; }

private:
    template <class O>
    constexpr O put(const detail::segment& decoded, std::uint64_t offset, O out)
    {
        if (const auto element = detail::element_for(policy_, decoded, [offset] { return offset; })) *out++ = *element;
        return out;
    }

    [[no_unique_address]] Policy policy_{};
    detail::stream_carry carry_{};
};

/// Deduction guide: `stream_decoder(policy)` holds a copy of `policy`, of its type.
template <class Policy>
stream_decoder(Policy) -> stream_decoder<Policy>;

/** Repairs a stream of UTF-8 bytes that arrives in chunks, chunk by chunk,
    into well-formed UTF-8, exactly as `repair_into` repairs the whole stream
    at once: each well-formed sequence copied as it is (whole well-formed
    stretches of a contiguous chunk are found by the SIMD kernel and copied
    a block at a time), each ill-formed maximal subpart replaced by what the
    policy returns (U+FFFD, `EF BF BD`, by default) or dropped. The policy
    is told stream offsets (64 bits). Chunks may end anywhere, as for
    `stream_decoder`, whose machinery this shares.

    @tparam Policy a `decode_error_policy` (the repairer holds a copy).
    @par Complexity O(n) over the stream.
    @par Bad input, exceptions as `stream_decoder`; the output is always
    well-formed UTF-8.
    @par Standard Unicode 15.0 ch. 3, Table 3-7 and §3.9; WHATWG Encoding,
    "UTF-8 decoder", then UTF-8 encoded again. */
template <detail::decode_policy_argument Policy = on_error::replace_t>
class stream_repairer {
public:
    /** A repairer at the start of a stream (offset 0, no bytes held), with a
        default-constructed policy. O(1). */
    constexpr stream_repairer()
        requires std::default_initializable<Policy>
    = default;
    /** A repairer at the start of a stream, with a copy of `policy`, which it
        asks about every ill-formed maximal subpart. O(1). */
    constexpr explicit stream_repairer(Policy policy) : policy_(std::move(policy)) {}

    /** Repairs the next chunk of the stream.

        @param chunk a bidirectional range of bytes (string literals are
                     rejected); any size, empty too.
        @param out   an output iterator of a code unit type (`char`,
                     `char8_t`, `unsigned char`, `signed char`,
                     `std::byte`), an insert iterator into a container of
                     one or a
                     `std::ostreambuf_iterator` of one, with room for
                     `max_repaired_size(size of chunk)` bytes.
        @return the end of what was written: the bytes of the segments that
        end in this chunk, repaired.
        @par Complexity O(size of the chunk). */
    template <detail::stream_chunk R, detail::utf8_output_iterator_argument O>
    constexpr O repair(R&& chunk, O out)
    {
        UTF8VIEW_REJECT_STRING_LITERAL(R, "utf8view::stream_repairer::repair", "repair");
        carry_.feed(
            std::ranges::begin(chunk), std::ranges::end(chunk),
            [&](const unsigned char* bytes, const detail::segment& decoded, std::uint64_t offset) {
                out = put(bytes, decoded, offset, std::move(out));
            },
            [&](auto first, auto last, std::uint64_t offset) {
                detail::stream_offset_policy<Policy> shifted{&policy_, offset};
                out = detail::repair_to(std::move(first), last, std::move(out), std::unreachable_sentinel, shifted).out;
            });
        return out;
    }

    /** Ends the stream: the held bytes, if any, are one ill-formed maximal
        subpart of kind `truncated_sequence`, repaired as the policy says.
        @param out as for `repair()`, with room for 4 bytes.
        @return the end of what was written.
        @par Complexity O(1). */
    template <detail::utf8_output_iterator_argument O>
    constexpr O finish(O out)
    {
        carry_.finish([&](const unsigned char* bytes, const detail::segment& decoded, std::uint64_t offset) {
            out = put(bytes, decoded, offset, std::move(out));
        });
        return out;
    }

    /** The most bytes `repair()` writes for a chunk of `chunk_bytes` bytes:
        3 per byte (each byte can be a maximal subpart replaced by `EF BF BD`)
        plus 4, whether or not bytes are held (up to 3 held bytes complete a
        sequence of at most 4 bytes, or are replaced); with a policy other
        than `on_error::replace` and `on_error::skip` (its replacement may
        take 4 bytes), 4 per byte plus 4. Where that does not fit a
        `std::size_t` (on a 32-bit system, chunks above about 1 GiB with a
        user policy, 1.3 GiB with `replace` or `skip`), the largest
        `std::size_t`: no buffer is that large, and the caller must split
        the chunk. O(1). */
    [[nodiscard]] constexpr std::size_t max_repaired_size(std::size_t chunk_bytes) const noexcept
    {
        constexpr std::size_t per_byte =
            std::same_as<Policy, on_error::replace_t> || std::same_as<Policy, on_error::skip_t> ? 3 : 4;
        constexpr std::size_t largest = static_cast<std::size_t>(-1);
        if (chunk_bytes > (largest - 4) / per_byte) return largest;
        return per_byte * chunk_bytes + 4;
    }

    /** As for `stream_decoder`. */
    [[nodiscard]] constexpr std::uint64_t bytes_read() const noexcept { return carry_.bytes_read(); }
    /** As for `stream_decoder`. */
    [[nodiscard]] constexpr std::size_t pending() const noexcept { return carry_.pending(); }
    /** As for `stream_decoder`. */
    constexpr void reset() noexcept { carry_.reset(); }

    /** The repairer's copy of the policy. */
    [[nodiscard]] constexpr Policy& policy() noexcept { return policy_; }
    [[nodiscard]] constexpr const Policy& policy() const noexcept { return policy_; }

private:
    template <class O>
    constexpr O put(const unsigned char* bytes, const detail::segment& decoded, std::uint64_t offset, O out)
    {
        detail::iterator_sink<O, std::unreachable_sentinel_t> sink(std::move(out), std::unreachable_sentinel);
        if (decoded.well_formed()) { sink.write(bytes, decoded.length); }
        else if (const auto replacement = detail::ask_policy_about(policy_, decoded, offset)) {
            const detail::encoded_sequence encoded = detail::encode_scalar(*replacement);
            sink.write(encoded.bytes.data(), encoded.length);
        }
        return std::move(sink.out);
    }

    [[no_unique_address]] Policy policy_{};
    detail::stream_carry carry_{};
};

/// Deduction guide: `stream_repairer(policy)` holds a copy of `policy`, of its type.
template <class Policy>
stream_repairer(Policy) -> stream_repairer<Policy>;

}  // namespace utf8view

#include <utf8view/detail/epilogue.hpp>

#endif  // UTF8VIEW_STREAM_HPP
