// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at https://www.boost.org/LICENSE_1_0.txt)

/// \file
/// Error policies: what decoding does with each ill-formed maximal subpart,
/// and what encoding does with each value that is not a scalar value.

#ifndef UTF8VIEW_ERROR_POLICY_HPP
#define UTF8VIEW_ERROR_POLICY_HPP

#include <utf8view/config.hpp>
#include <utf8view/error.hpp>
#include <utf8view/unicode.hpp>

#include <concepts>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <type_traits>
#include <utility>

#include <utf8view/detail/prologue.hpp>

namespace utf8view {

namespace detail {

// A policy of type `P` can be called as the library calls it: a non-const
// lvalue, with a `const Info&`.
template <class P, class Info>
concept callable_with = requires(P& policy, const Info& info) { policy(info); };

// What that call returns, without cv or reference.
template <class P, class Info>
using policy_result_t = std::remove_cvref_t<decltype(std::declval<P&>()(std::declval<const Info&>()))>;

// The results a policy may have: a replacement or std::nullopt, or always
// a replacement.
template <class T>
concept policy_result = std::same_as<T, std::optional<char32_t>> || std::same_as<T, char32_t>;

// What the library's views and functions take as a policy: an object that
// can be called with an `Info`, whatever it returns. What it returns is
// checked where the policy is asked (checked_policy, below), so that a
// policy of the wrong result type is told what to return in one message,
// rather than rejected by a page of failed overloads.
template <class P, class Info>
concept policy_argument = std::is_object_v<P> && std::copy_constructible<P> && callable_with<P, Info>;
// A policy whose call with an `Info` returns a code point: it never drops.
template <class P, class Info>
concept always_replaces = callable_with<P, Info> && std::same_as<policy_result_t<P, Info>, char32_t>;

template <class P>
concept decode_policy_argument = policy_argument<P, decode_error_info>;
template <class P>
concept encode_policy_argument = policy_argument<P, encode_error_info>;

}  // namespace detail

/** The concept a decoding error policy meets.

    A policy is a small copy-constructible object: a class, or a lambda
    (captures allowed). The views call it once for each ill-formed maximal
    subpart they meet, as a non-const lvalue, with a
    `const decode_error_info&` (kind, byte offset, length; for UTF-16
    input, an unpaired surrogate at a code unit offset). It returns
    `std::optional<char32_t>` or `char32_t` (cv-qualified or a reference to
    one allowed):
    - a code point, which the view yields in place of the maximal subpart
      (`on_error::replace` returns U+FFFD); it must be a Unicode scalar
      value, and anything else is yielded as U+FFFD;
    - `std::nullopt`, and the view drops the maximal subpart
      (`on_error::skip`); a policy that returns `char32_t` never drops one
      (see `policy_replaces_every_error`);
    - or it throws (`on_error::throw_exception`) and the view's operation
      exits with that exception; the iterator stays where it was.

    Any other result (`bool`, `int`, `void`...) is refused, so that a
    function returning `bool` or an integer by mistake does not yield
    U+0001 or a number: the views and functions that take a policy accept
    one that can be called with a `const decode_error_info&`, and a result
    of another type stops the compilation with one message, "a decoding
    error policy must return std::optional<char32_t> (a replacement, or
    nullopt to drop the subpart) or char32_t".

    The decoder itself, not the policy, decides where a maximal subpart
    begins and ends, so no policy can make the view skip valid bytes or stall.

    Views and their iterators hold *copies* of the policy: a policy that
    counts or logs should refer to state it does not own (a pointer or a
    reference wrapper), as `test/error_policy.cpp` shows.

    If the call is `noexcept`, iteration is `noexcept` as far as the
    underlying byte iterator allows.

    @par Standard Unicode 15.0, ch. 3 §3.9; WHATWG Encoding Standard, "UTF-8 decoder". */
template <class P>
concept decode_error_policy =
    detail::decode_policy_argument<P> && detail::policy_result<detail::policy_result_t<P, decode_error_info>>;

/** The concept an encoding error policy meets: like `decode_error_policy`,
    called with a `const encode_error_info&` for each value that is not a
    Unicode scalar value, and returning `std::optional<char32_t>` (a
    replacement, or `std::nullopt` to drop the value) or `char32_t` (a
    replacement). A returned replacement must be a scalar value; the
    encoder writes U+FFFD for anything else, so the output is always
    well-formed UTF-8. A result of another type stops the compilation with
    one message, as for decoding policies.
    @par Standard Unicode 15.0, ch. 3, D76 (scalar value) and Table 3-6: a
    value that is not a scalar value has no UTF-8 form. */
template <class P>
concept encode_error_policy =
    detail::encode_policy_argument<P> && detail::policy_result<detail::policy_result_t<P, encode_error_info>>;

namespace on_error {

/** One U+FFFD for each ill-formed maximal subpart, and for each value that
    is not a scalar value when encoding (the default policy; the WHATWG
    decoder's behaviour). Never throws.
    @par Standard Unicode 15.0, ch. 3 §3.9, "U+FFFD Substitution of Maximal Subparts". */
struct replace_t {
    /// Every call returns a replacement (see `policy_replaces_every_error`).
    static constexpr bool replaces_every_error = true;

    /** U+FFFD, for any ill-formed maximal subpart. O(1), never throws. */
    [[nodiscard]] constexpr std::optional<char32_t> operator()(const decode_error_info&) const noexcept
    {
        return replacement_character;
    }
    /** U+FFFD, for any value that is not a scalar value. O(1), never throws. */
    [[nodiscard]] constexpr std::optional<char32_t> operator()(const encode_error_info&) const noexcept
    {
        return replacement_character;
    }
};

/** Drops each ill-formed maximal subpart (and each value that is not a
    scalar value when encoding). A well-formed `EF BF BD` in the input is a
    real U+FFFD and is kept. Never throws. It declares
    `drops_every_error`: a bounded bulk function (`decode_into`,
    `encode_into`, `repair_into`, `utf8_to_utf16_into`, `utf16_to_utf8_into`)
    whose output is full still moves past the errors that follow (see
    `policy_drops_every_error`).
    @par Standard Unicode 15.0, ch. 3, C10 and §3.9: ill-formed input is an
    error condition, and what a process does with an ill-formed
    subsequence is open as long as no well-formed byte goes with it.
    Deleting can join what was around it into something a later check
    misreads (Unicode Technical Report #36, Unicode Security
    Considerations, §3.1.1, Ill-Formed Subsequences):
    prefer `replace` for text that is checked afterwards. */
struct skip_t {
    /// Every call returns `std::nullopt` (see `policy_drops_every_error`).
    static constexpr bool drops_every_error = true;

    /** `std::nullopt`: drop the maximal subpart. O(1), never throws. */
    [[nodiscard]] constexpr std::optional<char32_t> operator()(const decode_error_info&) const noexcept
    {
        return std::nullopt;
    }
    /** `std::nullopt`: drop the value. O(1), never throws. */
    [[nodiscard]] constexpr std::optional<char32_t> operator()(const encode_error_info&) const noexcept
    {
        return std::nullopt;
    }
};

/** Throws `decode_error` (kind, offset: in bytes for UTF-8, in code units
    for UTF-16) at the first ill-formed maximal subpart (or unpaired
    surrogate), or `encode_error` (kind, code point offset) at the first
    value that is not a scalar value. Without exceptions (-fno-exceptions)
    it calls `std::abort()`.
    @par Standard Unicode 15.0, ch. 3, C10: a process may treat ill-formed
    input as an error and stop, rather than replace it. */
struct throw_exception_t {
    /// No call returns `std::nullopt` (see `policy_replaces_every_error`).
    static constexpr bool replaces_every_error = true;

    /** Throws `decode_error(info.kind, info.offset)` (O(1); its message
        allocates). Never returns. */
    [[noreturn]] std::optional<char32_t> operator()(const decode_error_info& info) const
    {
#if UTF8VIEW_HAS_EXCEPTIONS
        throw decode_error(info.kind, info.offset);
#else
        static_cast<void>(info);
        std::abort();
#endif
    }
    /** Throws `encode_error(info.kind, info.offset, info.value)` (O(1);
        its message allocates). Never returns. */
    [[noreturn]] std::optional<char32_t> operator()(const encode_error_info& info) const
    {
#if UTF8VIEW_HAS_EXCEPTIONS
        throw encode_error(info.kind, info.offset, info.value);
#else
        static_cast<void>(info);
        std::abort();
#endif
    }
};

/// The replace policy object: `bytes | views::decode(on_error::replace)`.
inline constexpr replace_t replace{};
/// The skip policy object: `bytes | views::decode(on_error::skip)`.
inline constexpr skip_t skip{};
/// The throwing policy object: `bytes | views::decode(on_error::throw_exception)`.
inline constexpr throw_exception_t throw_exception{};

}  // namespace on_error

/** True if the policy type `P` declares that it drops every error: that
    each of its calls returns `std::nullopt` (or throws), never a
    replacement. A policy declares it with a member
    `static constexpr bool drops_every_error = true;`, as `on_error::skip_t`
    does.

    What it changes: a bounded bulk function (`decode_into`,
    `encode_into`, `repair_into`, `utf8_to_utf16_into` or
    `utf16_to_utf8_into` with an output range) stops at the first element that
    does not fit, and once its output is full it asks the policy about
    nothing more, so that the next call, with more room, asks about each
    error exactly once. A policy that drops every error needs no room,
    though: for it the call goes on past the ill-formed maximal subparts
    (or the values that are not scalar values) that follow, asking it
    about each once, and stops at the next element that would need room.
    So with `on_error::skip`, `in == end` means that all input was
    consumed even when the output filled up exactly (`41 80` into room for
    one code point gives `in` = 2). A policy that declares this and then
    returns a replacement anyway makes the call stop before that error,
    with nothing written for it.
    @par Complexity compile time only. */
template <class P>
inline constexpr bool policy_drops_every_error = requires {
    requires std::same_as<std::remove_cv_t<decltype(P::drops_every_error)>, bool>;
    requires P::drops_every_error;
};

/** True if the policy type `P` never drops an error when called with an
    `Info` (`decode_error_info`, the default, for decoding;
    `encode_error_info` for encoding): each such call returns a
    replacement (or throws), never `std::nullopt`. A policy declares it for
    all its calls with a member `static constexpr bool replaces_every_error
    = true;`, as `on_error::replace_t` and `on_error::throw_exception_t`
    do; one whose call with a `const Info&` returns `char32_t` needs no
    declaration, since that call cannot drop anything. (A policy may
    replace decoding errors and drop encoding errors: it is then true for
    `decode_error_info` only.)

    What it changes: every ill-formed maximal subpart is then an element of
    a `decode_view` (and, with `encode_error_info`, every value that is not
    a scalar value gives code units of an `encode_view`), so an iterator
    that is not at the first code unit of its range has an element before
    it. `std::reverse_iterator` of such a view's iterator (what
    `std::views::reverse` uses) relies on it to keep the element before its
    position decoded, once, rather than decode it at every `*` and `++`
    (see `decode_view`). A policy that declares this and then drops a
    subpart or a value at the start of a range breaks that reverse
    iterator's precondition (checked by `UTF8VIEW_ASSERT`).
    @par Complexity compile time only. */
template <class P, class Info = decode_error_info>
inline constexpr bool policy_replaces_every_error = requires {
    requires std::same_as<std::remove_cv_t<decltype(P::replaces_every_error)>, bool>;
    requires P::replaces_every_error;
} || detail::always_replaces<P, Info>;

namespace detail {

// What a policy of type `Policy` returns when it is called with an `Info`:
// `std::optional<char32_t>` or `char32_t` (policy_result), or else the one
// message that says what to return. A class, so that the message comes
// once for each policy type however many places ask it; the views also
// name it in their class, so that it comes when the view is made.
template <class Policy, class Info>
struct checked_policy {
    using result = policy_result_t<Policy, Info>;
    static constexpr bool valid = policy_result<result>;
    static_assert(valid || !std::same_as<Info, decode_error_info>,
                  "utf8view: a decoding error policy must return std::optional<char32_t> (a replacement, or nullopt "
                  "to drop the subpart) or char32_t");
    static_assert(valid || !std::same_as<Info, encode_error_info>,
                  "utf8view: an encoding error policy must return std::optional<char32_t> (a replacement, or nullopt "
                  "to drop the value) or char32_t");
};

// Calls the policy and turns what it returns into the code point to yield,
// or nullopt to drop the subpart: the one place every decoder, encoder
// and repairer asks a policy. A `char32_t` result is a replacement. A
// replacement that is not a scalar value becomes U+FFFD, so that no policy
// can make the views yield or write something UTF-8 cannot encode.
template <class Policy, class Info>
[[nodiscard]] constexpr std::optional<char32_t> ask_policy(Policy& policy,
                                                           const Info& info) noexcept(noexcept(policy(info)))
{
    using check = checked_policy<Policy, Info>;
    // The library's own replacing policy answers without being asked (it
    // would say the same): this instantiates less in every translation
    // unit that decodes with it (doc/build-cost.md).
    if constexpr (std::same_as<std::remove_cv_t<Policy>, on_error::replace_t>) {
        static_cast<void>(policy);
        static_cast<void>(info);
        return replacement_character;
    }
    else if constexpr (std::same_as<typename check::result, char32_t>) {
        const char32_t replacement = policy(info);
        return is_scalar_value(replacement) ? replacement : replacement_character;
    }
    else if constexpr (check::valid) {
        std::optional<char32_t> replacement = policy(info);
        if (replacement && !is_scalar_value(*replacement)) replacement = replacement_character;
        return replacement;
    }
    else {
        return std::nullopt;  // not called: checked_policy has stopped the compilation
    }
}

// Asks `policy` about the ill-formed maximal subpart `decoded` (a
// detail::segment with error != 0) that starts at byte `offset` (64 bits:
// a stream's offsets pass through here): what every decoder and repairer
// tells a policy, built in one place.
template <class Policy, class Segment>
[[nodiscard]] UTF8VIEW_ALWAYS_INLINE constexpr std::optional<char32_t>
ask_policy_about(Policy& policy, const Segment& decoded, std::uint64_t offset)
{
    return ask_policy(policy, decode_error_info{decoded.kind(), offset, decoded.length});
}

// The element a decoder yields for the segment `decoded`: its scalar value
// if it is well-formed, else what the policy answers about the maximal
// subpart (ask_policy_about), std::nullopt if it drops it. `offset()` gives
// the subpart's byte offset, and is called only for an ill-formed one (an
// iterator may have to count to find it). The decoders then write the
// element, or commit it with the segment's length and error.
// The optional is filled in place and returned as one object: written as
// `return decoded.code_point;` on one branch and the policy's answer on the
// other, Clang 16 at -O1 and above lost the code point where the policy
// always throws (on_error::throw_exception): decode_into and the stream
// decoder wrote 0 for the well-formed elements they decoded one at a time
// (a miscompile, gone under UBSan; reproduced without sanitizers).
template <class Policy, class Segment, class Offset>
[[nodiscard]] UTF8VIEW_ALWAYS_INLINE constexpr std::optional<char32_t>
element_for(Policy& policy, const Segment& decoded, Offset&& offset)
{
    std::optional<char32_t> element;
    if (decoded.well_formed()) [[likely]] { element = decoded.code_point; }
    else {
        element = ask_policy_about(policy, decoded, offset());
    }
    return element;
}

// True if asking the policy (ask_policy) cannot throw: if its call cannot.
// Not asked of ask_policy itself, so that a policy of the wrong result type
// gets checked_policy's message alone.
template <class Policy, class Info>
inline constexpr bool nothrow_policy_v = noexcept(std::declval<Policy&>()(std::declval<const Info&>()));

}  // namespace detail
}  // namespace utf8view

#include <utf8view/detail/epilogue.hpp>

#endif  // UTF8VIEW_ERROR_POLICY_HPP
