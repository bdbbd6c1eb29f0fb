// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.

// utf8view-test: plain-main
//
// The std::formatter specializations of <utf8view/io.hpp> write the texts
// that its header comment documents (and test/io.cpp checks for
// operator<<), and reject any format specification but the empty one. A
// plain main so that scripts/test-all can also build it against libc++.
// The formatters exist only where the standard library has std::format
// (UTF8VIEW_HAS_STD_FORMAT): not with libstdc++ 12 (no <format>), and with
// libc++ 16 only with -fexperimental-library, as scripts/test-all's libcxx
// stage builds this file (marker below); elsewhere the program only says
// that it skipped its checks.
// utf8view-test: libcxx-flags -fexperimental-library -DUTF8VIEW_TEST_REQUIRE_STD_FORMAT

#include <utf8view/io.hpp>  // first: the header is self-contained

#include <cstdio>

#if UTF8VIEW_HAS_STD_FORMAT

#include <cstdint>
#include <format>
#include <limits>
#include <optional>
#include <string>
#include <string_view>

namespace {

int failures = 0;

void check(const std::string& got, std::string_view expected)
{
    if (got != expected) {
        std::printf("FAILED: got \"%s\", expected \"%.*s\"\n", got.c_str(), static_cast<int>(expected.size()),
                    expected.data());
        ++failures;
    }
}

// std::vformat with a format specification that is only known at run time
// must throw std::format_error.
template <class T>
void check_rejects(std::string_view format, const T& value)
{
    try {
        const std::string text = std::vformat(format, std::make_format_args(value));
        std::printf("FAILED: \"%.*s\" was accepted, gave \"%s\"\n", static_cast<int>(format.size()), format.data(),
                    text.c_str());
        ++failures;
    }
    catch (const std::format_error&) {
    }
}

}  // namespace

int main()
{
    namespace u8v = utf8view;
    using kind = u8v::error_kind;

    check(std::format("{}", kind::truncated_sequence), "truncated_sequence");
    check(std::format("{}", kind::unexpected_continuation_byte), "unexpected_continuation_byte");
    check(std::format("{}", kind::overlong), "overlong");
    check(std::format("{}", kind::surrogate), "surrogate");
    check(std::format("{}", kind::out_of_range), "out_of_range");
    check(std::format("{}", kind::invalid_lead_byte), "invalid_lead_byte");
    check(std::format("{}", kind::unpaired_surrogate), "unpaired_surrogate");
    check(std::format("{}", static_cast<kind>(0)), "unknown(0)");
    check(std::format("{}", static_cast<kind>(200)), "unknown(200)");

    check(std::format("{}", u8v::decode_error_info{kind::overlong, 12, 2}), "overlong at byte offset 12, 2 bytes");
    check(std::format("{}", u8v::decode_error_info{kind::truncated_sequence, 0, 1}),
          "truncated_sequence at byte offset 0, 1 byte");
    check(std::format("{}", u8v::decode_error_info{kind::unpaired_surrogate, 7, 1}),
          "unpaired_surrogate at code unit offset 7, 1 code unit");

    check(std::format("{}", u8v::encode_error_info{kind::surrogate, 3, 0xD800}),
          "surrogate U+D800 at code point offset 3");
    check(std::format("{}", u8v::encode_error_info{kind::out_of_range, 0, 0x110000}),
          "out_of_range 0x110000 at code point offset 0");
    check(std::format("{}", u8v::encode_error_info{kind::out_of_range, 5, -1}),
          "out_of_range -0x1 at code point offset 5");
    check(std::format("{}", u8v::encode_error_info{kind::out_of_range, 2, std::numeric_limits<std::int64_t>::min()}),
          "out_of_range -0x8000000000000000 at code point offset 2");

    check(std::format("{}", u8v::validation_result{std::nullopt, 12}), "valid (12 code units)");
    check(std::format("{}", u8v::validation_result{std::nullopt, 1}), "valid (1 code unit)");
    check(std::format("{}", u8v::validation_result{kind::overlong, 12}), "overlong at byte offset 12");
    check(std::format("{}", u8v::validation_result{kind::unpaired_surrogate, 7}),
          "unpaired_surrogate at code unit offset 7");

    // In a longer format string, with an argument index; a colon with nothing
    // after it is the empty specification.
    check(std::format("[{0}] [{0}]", kind::overlong), "[overlong] [overlong]");
    check(std::format("{:}", kind::overlong), "overlong");

    const auto info = u8v::decode_error_info{kind::overlong, 12, 2};
    check_rejects("{:>20}", kind::overlong);
    check_rejects("{:s}", info);
    check_rejects("{:x}", u8v::encode_error_info{kind::surrogate, 3, 0xD800});
    check_rejects("{:<}", u8v::validation_result{std::nullopt, 12});

    std::printf("std_format: %d failure(s)\n", failures);
    return failures == 0 ? 0 : 1;
}

#else

// Where the build says std::format must be there (the libcxx stage defines
// UTF8VIEW_TEST_REQUIRE_STD_FORMAT), a skip is a failure: the checks above
// must have run somewhere.
int main()
{
#if defined(UTF8VIEW_TEST_REQUIRE_STD_FORMAT)
    std::printf("std_format: FAILED: UTF8VIEW_HAS_STD_FORMAT is 0 where std::format was expected\n");
    return 1;
#else
    std::printf("std_format: skipped: the standard library has no std::format (UTF8VIEW_HAS_STD_FORMAT is 0), "
                "so <utf8view/io.hpp> defines no std::formatter\n");
    return 0;
#endif
}

#endif
