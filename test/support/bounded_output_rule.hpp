// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.

// What a bounded decode_into, encode_into, repair_into or utf8_to_utf16_into must do, by the documented
// rule (doc/reference.md, "When a bounded output fills up"), computed from
// the reference decoder's segments (reference_utf8.hpp), not by the
// library:
//
//   - whole elements only (a code point, or all the bytes of one); the call
//     stops at the first that does not fit;
//   - once the output is full, no policy is asked anything more, except one
//     that declares it drops every error: the errors that follow are then
//     passed over (the policy told of each), up to the next element that
//     needs room, or the end;
//   - encoding with some room left asks the policy about a value that is not
//     a scalar value, and stops before it if the replacement does not fit.
//
// Shared by test/bounded_outputs.cpp, the fuzz targets and the exhaustive test.

#ifndef UTF8VIEW_TEST_SUPPORT_BOUNDED_OUTPUT_RULE_HPP
#define UTF8VIEW_TEST_SUPPORT_BOUNDED_OUTPUT_RULE_HPP

#include "support/reference_utf8.hpp"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace utf8view_test::reference {

/** How a policy behaves, as far as the rule is concerned. */
enum class policy_behaviour {
    replaces,          ///< returns a replacement (on_error::replace, a policy returning '?')
    drops_declared,    ///< returns nullopt and declares drops_every_error (on_error::skip)
    drops_undeclared,  ///< returns nullopt without declaring it (a lambda)
    throws,            ///< throws (on_error::throw_exception)
};

/** What a bounded call does. */
struct bounded_result {
    std::size_t written = 0;                 ///< elements (code points, or bytes) written
    std::size_t in = 0;                      ///< where it stops: a byte offset, or a value index
    std::size_t asked = 0;                   ///< errors the policy is told of
    std::optional<std::size_t> throws_at;    ///< the offset or index it throws at
};

inline constexpr std::size_t unbounded = static_cast<std::size_t>(-1);

/** decode_into `size` bytes whose segments are `segments` into room for
    `room` code points (`unbounded`: no bound). */
inline bounded_result decode_into_room(const std::vector<segment>& segments, std::size_t size, policy_behaviour policy,
                                       std::size_t room)
{
    bounded_result r;
    for (const segment& s : segments) {
        const bool full = r.written == room;
        if (s.well_formed()) {
            if (full) {
                r.in = s.offset;
                return r;
            }
            ++r.written;
            continue;
        }
        if (full && policy != policy_behaviour::drops_declared) {
            r.in = s.offset;
            return r;
        }
        ++r.asked;
        if (policy == policy_behaviour::throws) {
            r.throws_at = s.offset;
            return r;
        }
        if (policy == policy_behaviour::replaces) ++r.written;
    }
    r.in = size;
    return r;
}

/** encode_into `values` into room for `room` bytes (`unbounded`: no
    bound); a replacing policy's replacement takes `replacement_bytes`
    bytes (3 for U+FFFD). */
inline bounded_result encode_into_room(const std::vector<std::uint32_t>& values, policy_behaviour policy,
                                       std::size_t replacement_bytes, std::size_t room)
{
    bounded_result r;
    for (std::size_t index = 0; index < values.size(); ++index) {
        const std::uint32_t value = values[index];
        const std::size_t left = room - r.written;
        if (is_scalar_value(value)) {
            const std::size_t length = encode(value).size();
            if (length > left) {
                r.in = index;
                return r;
            }
            r.written += length;
            continue;
        }
        if (left == 0 && policy != policy_behaviour::drops_declared) {
            r.in = index;
            return r;
        }
        ++r.asked;
        if (policy == policy_behaviour::throws) {
            r.throws_at = index;
            return r;
        }
        const std::size_t length = policy == policy_behaviour::replaces ? replacement_bytes : 0;
        if (length > left) {  // asked, and its replacement does not fit
            r.in = index;
            return r;
        }
        r.written += length;
    }
    r.in = values.size();
    return r;
}

/** A conversion of `size` bytes whose segments are `segments` into room
    for `room` code units (`unbounded`: no bound), where a well-formed
    segment takes `units_of(segment)` code units and a replacing policy's
    replacement `replacement_units`: repair_into (bytes), utf8_to_utf16_into
    (UTF-16 code units). `written` counts code units. */
template <class UnitsOf>
bounded_result convert_into_room(const std::vector<segment>& segments, std::size_t size, policy_behaviour policy,
                                 UnitsOf units_of, std::size_t replacement_units, std::size_t room)
{
    bounded_result r;
    for (const segment& s : segments) {
        const std::size_t left = room - r.written;
        if (s.well_formed()) {
            const std::size_t length = units_of(s);
            if (length > left) {
                r.in = s.offset;
                return r;
            }
            r.written += length;
            continue;
        }
        if (left == 0 && policy != policy_behaviour::drops_declared) {
            r.in = s.offset;
            return r;
        }
        ++r.asked;
        if (policy == policy_behaviour::throws) {
            r.throws_at = s.offset;
            return r;
        }
        const std::size_t length = policy == policy_behaviour::replaces ? replacement_units : 0;
        if (length > left) {  // asked, and its replacement does not fit
            r.in = s.offset;
            return r;
        }
        r.written += length;
    }
    r.in = size;
    return r;
}

/** repair_into `size` bytes whose segments are `segments` into room for
    `room` bytes (`unbounded`: no bound); a replacing policy's replacement
    takes `replacement_bytes` bytes (3 for U+FFFD). `written` counts bytes. */
inline bounded_result repair_into_room(const std::vector<segment>& segments, std::size_t size, policy_behaviour policy,
                                       std::size_t replacement_bytes, std::size_t room)
{
    return convert_into_room(
        segments, size, policy, [](const segment& s) { return s.length; }, replacement_bytes, room);
}

/** utf8_to_utf16_into `size` bytes whose segments are `segments` into room
    for `room` UTF-16 code units: 2 for a supplementary code point (Table
    3-5), else 1, and 1 for U+FFFD. */
inline bounded_result utf16_into_room(const std::vector<segment>& segments, std::size_t size, policy_behaviour policy,
                                      std::size_t room)
{
    return convert_into_room(
        segments, size, policy, [](const segment& s) -> std::size_t { return s.code_point >= 0x10000 ? 2 : 1; }, 1,
        room);
}

}  // namespace utf8view_test::reference

#endif  // UTF8VIEW_TEST_SUPPORT_BOUNDED_OUTPUT_RULE_HPP
