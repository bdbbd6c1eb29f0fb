// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.

#include <utf8view/error_policy.hpp>  // first: the header is self-contained

#define BOOST_TEST_MODULE error_policy
#include <boost/test/unit_test.hpp>

#include "support/print.hpp"

#include <utf8view/decode_view.hpp>
#include <utf8view/encode_view.hpp>
#include <utf8view/repair.hpp>
#include <utf8view/stream.hpp>
#include <utf8view/transcode.hpp>

#include <cstddef>
#include <iterator>
#include <list>
#include <optional>
#include <ranges>
#include <string>
#include <string_view>
#include <vector>

namespace u8v = utf8view;
using namespace std::string_view_literals;
using utf8view_test::code_points;
using utf8view_test::to_code_points;

namespace {

// A user-defined policy, as the documentation of decode_error_policy
// describes one: replaces each maximal subpart with '?' and records it. It
// holds a pointer, because views and iterators hold copies of their policy.
struct question_mark_and_log {
    std::vector<u8v::decode_error_info>* log;

    std::optional<char32_t> operator()(const u8v::decode_error_info& info) const
    {
        log->push_back(info);
        return U'?';
    }
    std::optional<char32_t> operator()(const u8v::encode_error_info&) const { return U'?'; }
};
static_assert(u8v::decode_error_policy<question_mark_and_log>);
static_assert(u8v::encode_error_policy<question_mark_and_log>);

// A policy that replaces with a value UTF-8 cannot encode.
struct broken_replacement {
    std::optional<char32_t> operator()(const u8v::decode_error_info&) const { return char32_t{0xD800}; }
    std::optional<char32_t> operator()(const u8v::encode_error_info&) const { return char32_t{0x110000}; }
};

template <class View>
code_points decoded(View&& view)
{
    code_points out;
    for (char32_t code_point : view) out.push_back(code_point);
    return out;
}

}  // namespace

static_assert(u8v::decode_error_policy<u8v::on_error::replace_t>);
static_assert(u8v::decode_error_policy<u8v::on_error::skip_t>);
static_assert(u8v::decode_error_policy<u8v::on_error::throw_exception_t>);
static_assert(u8v::encode_error_policy<u8v::on_error::replace_t>);
static_assert(!u8v::decode_error_policy<int>);
// Iteration is noexcept exactly when the policy is.
static_assert(noexcept(++std::declval<u8v::decode_view<std::string_view>::iterator&>()));
static_assert(
    !noexcept(++std::declval<u8v::decode_view<std::string_view, u8v::on_error::throw_exception_t>::iterator&>()));

BOOST_AUTO_TEST_CASE(user_policy_runs_once_per_maximal_subpart_with_kind_offset_and_length)
{
    // Maximal subparts by Unicode 15.0 §3.9: C0 | AE (overlong, then a lone
    // continuation byte), E2 82 (truncated by 'x'), F5 (above U+10FFFF).
    const std::string_view bytes = "a\xC0\xAE"
                                   "b\xE2\x82x\xF5";
    std::vector<u8v::decode_error_info> log;
    auto view = bytes | u8v::views::decode(question_mark_and_log{&log});
    auto it = view.begin();
    static_cast<void>(*it);
    static_cast<void>(*it);  // dereferencing does not decode again
    const code_points result = decoded(view);
    BOOST_TEST(result == to_code_points(U"a??b?x?"));
    BOOST_REQUIRE(log.size() == 4u + 0u);  // begin() above saw no error: 'a' is first
    const u8v::error_kind kinds[] = {u8v::error_kind::overlong, u8v::error_kind::unexpected_continuation_byte,
                                     u8v::error_kind::truncated_sequence, u8v::error_kind::out_of_range};
    const std::size_t offsets[] = {1, 2, 4, 7};
    const std::size_t lengths[] = {1, 1, 2, 1};
    for (std::size_t index = 0; index < log.size(); ++index) {
        BOOST_TEST_CONTEXT("error " << index)
        {
            BOOST_TEST(log[index].kind == kinds[index]);
            BOOST_TEST(log[index].offset == offsets[index]);
            BOOST_TEST(log[index].length == lengths[index]);
        }
    }
}

BOOST_AUTO_TEST_CASE(user_policy_replacement_is_reported_by_the_iterator)
{
    std::vector<u8v::decode_error_info> log;
    auto view = "\xFF"sv | u8v::views::decode(question_mark_and_log{&log});
    BOOST_TEST(*view.begin() == U'?');
    BOOST_TEST(view.begin().error() == std::optional<u8v::error_kind>(u8v::error_kind::invalid_lead_byte));
}

BOOST_AUTO_TEST_CASE(user_policy_encodes_its_replacement)
{
    const std::u32string_view code_points_in = U"A\xD800"
                                               "B";
    std::string out;
    std::vector<u8v::decode_error_info> unused;
    for (char byte : code_points_in | u8v::views::encode_as<char>(question_mark_and_log{&unused})) out.push_back(byte);
    BOOST_TEST(out == "A?B");
}

BOOST_AUTO_TEST_CASE(replacement_that_is_not_a_scalar_value_becomes_u_fffd)
{
    BOOST_TEST(decoded("\xFF"sv | u8v::views::decode(broken_replacement{})) == to_code_points(U"\uFFFD"));
    std::string out;
    for (char byte : U"\xDFFF"sv | u8v::views::encode_as<char>(broken_replacement{})) out.push_back(byte);
    BOOST_TEST(out == "\xEF\xBF\xBD");  // U+FFFD in UTF-8 (Unicode code charts)
}

BOOST_AUTO_TEST_CASE(the_decoder_not_the_policy_decides_progress)
{
    // Whatever the policy does, the byte that broke a sequence is decoded
    // next: C2 41 -> error, 'A' (Unicode 15.0 §3.9; WHATWG).
    std::vector<u8v::decode_error_info> log;
    BOOST_TEST(decoded("\xC2\x41"sv | u8v::views::decode(question_mark_and_log{&log})) == to_code_points(U"?A"));
    BOOST_TEST(decoded("\xFF\x41"sv | u8v::views::decode(u8v::on_error::skip)) == to_code_points(U"A"));
}

BOOST_AUTO_TEST_CASE(backwards_the_policy_sees_the_same_errors_in_reverse)
{
    const std::string_view bytes = "\xE0\x80x\xED\xA0";
    std::vector<u8v::decode_error_info> forwards;
    std::vector<u8v::decode_error_info> backwards;
    for (char32_t code_point : bytes | u8v::views::decode(question_mark_and_log{&forwards}))
        static_cast<void>(code_point);
    std::list<char> list(bytes.begin(), bytes.end());
    auto view = list | u8v::views::decode(question_mark_and_log{&backwards});
    // begin() decodes the first element (here an error), so it is called
    // once, outside the loop, as the documentation of begin() advises.
    const auto first = view.begin();
    backwards.clear();
    for (auto it = view.end(); it != first;) static_cast<void>(*--it);
    BOOST_REQUIRE(forwards.size() == backwards.size());
    for (std::size_t index = 0; index < forwards.size(); ++index) {
        const auto& later = backwards[backwards.size() - 1 - index];
        BOOST_TEST(forwards[index].kind == later.kind);
        BOOST_TEST(forwards[index].offset == later.offset);
        BOOST_TEST(forwards[index].length == later.length);
    }
    // E0 80 | 80 ... : E0 then 80 is overlong (Table 3-7 row 3: E0 takes A0..BF).
    BOOST_TEST(forwards.front().kind == u8v::error_kind::overlong);
}

BOOST_AUTO_TEST_CASE(policy_objects_are_usable_directly)
{
    const u8v::decode_error_info info{u8v::error_kind::surrogate, 7, 1};
    BOOST_TEST(u8v::on_error::replace(info) == std::optional<char32_t>(U'\uFFFD'));
    BOOST_TEST(!u8v::on_error::skip(info).has_value());
    try {
        static_cast<void>(u8v::on_error::throw_exception(info));
        BOOST_FAIL("no exception");
    }
    catch (const u8v::decode_error& error) {
        BOOST_TEST(error.kind() == u8v::error_kind::surrogate);
        BOOST_TEST(error.offset() == 7u);
    }
}

// Regressions found in review (2026-11-30): what a policy may be.
namespace {
// Takes a reference in its constructor: not default constructible.
struct counting_policy {
    explicit counting_policy(int& counter) : count(&counter) {}
    int* count;
    std::optional<char32_t> operator()(const u8v::decode_error_info&) const
    {
        ++*count;
        return U'\uFFFD';
    }
};
struct returns_bool {
    bool operator()(const u8v::decode_error_info&) const { return true; }
};
struct returns_char32 {
    char32_t operator()(const u8v::decode_error_info&) const { return U'?'; }
};
}  // namespace

static_assert(u8v::decode_error_policy<counting_policy>);
static_assert(!u8v::decode_error_policy<returns_bool>);  // would have yielded U+0001
static_assert(u8v::decode_error_policy<returns_char32>);  // a replacement, always
static_assert(u8v::policy_replaces_every_error<returns_char32>);
// A policy that is not default constructible keeps the view bidirectional.
static_assert(std::ranges::bidirectional_range<u8v::decode_view<std::string_view, counting_policy>>);
static_assert(std::ranges::common_range<u8v::decode_view<std::string_view, counting_policy>>);

BOOST_AUTO_TEST_CASE(policies_need_only_be_copy_constructible)
{
    int errors = 0;
    // C0 and AE are two maximal subparts (Unicode 15.0 §3.9).
    auto view = "x\xC0\xAE"sv | u8v::views::decode(counting_policy(errors));
    auto it = std::ranges::prev(view.end());
    BOOST_TEST(*it == U'\uFFFD');
    int lambda_errors = 0;
    auto by_lambda = "x\xC0\xAE"sv | u8v::views::decode([&lambda_errors](const u8v::decode_error_info&) {
                         ++lambda_errors;
                         return std::optional<char32_t>(U'?');
                     });
    static_assert(std::ranges::bidirectional_range<decltype(by_lambda)>);
    auto copy = by_lambda.begin();
    copy = std::ranges::next(by_lambda.begin());  // iterators holding a lambda are assignable
    BOOST_TEST(decoded(by_lambda) == to_code_points(U"x??"));
    BOOST_TEST(lambda_errors >= 2);
    BOOST_TEST(errors == 1);
}

// A policy may return a plain char32_t: the code point to put in place of
// each ill-formed maximal subpart (or value that is not a scalar value); it
// never drops one.
namespace {
struct question_mark_always {
    char32_t operator()(const u8v::decode_error_info&) const noexcept { return U'?'; }
    char32_t operator()(const u8v::encode_error_info&) const noexcept { return U'?'; }
};
// Returns a surrogate, which no output can hold.
struct surrogate_always {
    char32_t operator()(const u8v::decode_error_info&) const { return char32_t{0xDC00}; }
};
}  // namespace

static_assert(u8v::decode_error_policy<question_mark_always>);
static_assert(u8v::encode_error_policy<question_mark_always>);
static_assert(u8v::policy_replaces_every_error<question_mark_always>);
static_assert(!u8v::policy_drops_every_error<question_mark_always>);
static_assert(noexcept(++std::declval<u8v::decode_view<std::string_view, question_mark_always>::iterator&>()));
static_assert(!noexcept(++std::declval<u8v::decode_view<std::string_view, surrogate_always>::iterator&>()));

namespace {
// C2 41: C2 needs a continuation byte, so C2 alone is a maximal subpart and
// 41 is 'A'. E0 80 80: E0 takes A0..BF next (Table 3-7), so E0, 80 and 80
// are three maximal subparts. F0 9F 98 78: F0 9F 98 starts U+1F600 and 78
// cuts it, one maximal subpart, then 'x' (Unicode 15.0 §3.9).
constexpr std::string_view char32_policy_input = "\xC2\x41\xE0\x80\x80\xF0\x9F\x98\x78";
constexpr std::u32string_view char32_policy_decoded = U"?A????x";
constexpr std::string_view char32_policy_repaired = "?A????x";
}  // namespace

BOOST_AUTO_TEST_CASE(policy_returning_char32_t_replaces_in_the_view)
{
    BOOST_TEST(decoded(char32_policy_input | u8v::views::decode(question_mark_always{})) ==
               to_code_points(char32_policy_decoded));
    // The same with a lambda, backwards (the reverse iterator that keeps the
    // element before its position: the policy never drops), and over a
    // list (no fast path).
    const auto lambda = [](const u8v::decode_error_info&) { return U'?'; };
    BOOST_TEST(decoded(char32_policy_input | u8v::views::decode(lambda)) == to_code_points(char32_policy_decoded));
    code_points backwards;
    for (char32_t code_point : char32_policy_input | u8v::views::decode(lambda) | std::views::reverse)
        backwards.insert(backwards.begin(), code_point);
    BOOST_TEST(backwards == to_code_points(char32_policy_decoded));
    const std::list<char> list(char32_policy_input.begin(), char32_policy_input.end());
    BOOST_TEST(decoded(list | u8v::views::decode(question_mark_always{})) == to_code_points(char32_policy_decoded));
    // A replacement that is not a scalar value is U+FFFD, as for an optional.
    BOOST_TEST(decoded("\xC2\x41"sv | u8v::views::decode(surrogate_always{})) == to_code_points(U"\uFFFD"
                                                                                                "A"));
}

BOOST_AUTO_TEST_CASE(policy_returning_char32_t_replaces_in_decode_into)
{
    // Unbounded, into a pointer and through a back inserter.
    std::u32string out(16, U'\0');
    const auto result = u8v::decode_into(char32_policy_input, out.data(), question_mark_always{});
    out.resize(static_cast<std::size_t>(result.out - out.data()));
    BOOST_TEST(to_code_points(out) == to_code_points(char32_policy_decoded));
    std::u32string appended;
    u8v::decode_into(char32_policy_input, std::back_inserter(appended),
                     [](const u8v::decode_error_info&) { return U'?'; });
    BOOST_TEST(to_code_points(appended) == to_code_points(char32_policy_decoded));
    // Bounded, with room for 3 code points: '?', 'A', '?'; the next call
    // starts at the first 80 (byte 3).
    char32_t room[3] = {};
    const auto bounded = u8v::decode_into(char32_policy_input, room, question_mark_always{});
    BOOST_TEST((bounded.in - char32_policy_input.begin()) == 3);
    BOOST_TEST(to_code_points(std::u32string_view(room, 3)) == to_code_points(U"?A?"));
    // 16 times over (144 bytes): contiguous input of 64 bytes or more goes
    // through the validation kernel, and the errors it finds to the policy.
    std::string long_input;
    std::u32string long_expected;
    for (int copy = 0; copy < 16; ++copy) {
        long_input += char32_policy_input;
        long_expected += char32_policy_decoded;
    }
    std::u32string long_out(long_input.size(), U'\0');
    const auto long_result = u8v::decode_into(long_input, long_out.data(), question_mark_always{});
    long_out.resize(static_cast<std::size_t>(long_result.out - long_out.data()));
    BOOST_TEST(to_code_points(long_out) == to_code_points(long_expected));
}

BOOST_AUTO_TEST_CASE(policy_returning_char32_t_replaces_in_repair)
{
    BOOST_TEST(u8v::repair(char32_policy_input, question_mark_always{}) == char32_policy_repaired);
    std::string repaired;
    u8v::repair_into(char32_policy_input, std::back_inserter(repaired), question_mark_always{});
    BOOST_TEST(repaired == char32_policy_repaired);
    // A surrogate answer is written as U+FFFD, EF BF BD.
    BOOST_TEST(u8v::repair("\xC2\x41"sv, surrogate_always{}) == "\xEF\xBF\xBD"
                                                                "A");
}

BOOST_AUTO_TEST_CASE(policy_returning_char32_t_replaces_in_streams_and_encoders)
{
    // The input in chunks cut inside E0 80 and inside F0 9F 98.
    u8v::stream_decoder decoder(question_mark_always{});
    std::u32string streamed;
    decoder.decode(char32_policy_input.substr(0, 3), std::back_inserter(streamed));
    decoder.decode(char32_policy_input.substr(3, 4), std::back_inserter(streamed));
    decoder.decode(char32_policy_input.substr(7), std::back_inserter(streamed));
    decoder.finish(std::back_inserter(streamed));
    BOOST_TEST(to_code_points(streamed) == to_code_points(char32_policy_decoded));
    u8v::stream_repairer repairer(question_mark_always{});
    std::string repaired;
    repairer.repair(char32_policy_input.substr(0, 6), std::back_inserter(repaired));
    repairer.repair(char32_policy_input.substr(6), std::back_inserter(repaired));
    repairer.finish(std::back_inserter(repaired));
    BOOST_TEST(repaired == char32_policy_repaired);
    // Encoding: D800 is a surrogate, 110000 above U+10FFFF.
    const std::u32string values = {U'a', char32_t{0xD800}, U'b', char32_t{0x110000}};
    std::string encoded;
    for (char byte : values | u8v::views::encode_as<char>(question_mark_always{})) encoded.push_back(byte);
    BOOST_TEST(encoded == "a?b?");
    std::string bulk;
    u8v::encode_into(values, std::back_inserter(bulk), question_mark_always{});
    BOOST_TEST(bulk == "a?b?");
}
