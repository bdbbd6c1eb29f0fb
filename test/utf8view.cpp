// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.

#include <utf8view/utf8view.hpp>  // first: the umbrella header is self-contained

// The library's internal macros stay inside its headers (detail/prologue.hpp
// defines them after each header's includes, detail/epilogue.hpp undefines
// them at its end): none reaches the code that includes utf8view.
#if defined(UTF8VIEW_ALWAYS_INLINE) || defined(UTF8VIEW_UNREACHABLE) || defined(UTF8VIEW_IS_CONSTANT_EVALUATED) ||     \
    defined(UTF8VIEW_MEMCPY) || defined(UTF8VIEW_KERNEL_CALL) || defined(UTF8VIEW_COLD) || defined(UTF8VIEW_PRAGMA) || \
    defined(UTF8VIEW_NOINLINE) || defined(UTF8VIEW_BEGIN_TARGET_REGION) || defined(UTF8VIEW_END_TARGET_REGION) ||      \
    defined(UTF8VIEW_BEGIN_AVX512_REGION) || defined(UTF8VIEW_END_AVX512_REGION) ||                                    \
    defined(UTF8VIEW_STRING_LITERAL_MESSAGE) || defined(UTF8VIEW_REJECT_STRING_LITERAL) ||                             \
    defined(UTF8VIEW_PROLOGUE_OPEN)
#error "an internal utf8view macro is left defined after <utf8view/utf8view.hpp>"
#endif

#define BOOST_TEST_MODULE utf8view
#include <boost/test/unit_test.hpp>

#include "support/print.hpp"

#include <cstdio>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

// The example of README.md, verbatim between the markers, then checked.
// Expected values restate Unicode 15.0 ch. 3, Table 3-7 and §3.9 (C0 is
// never valid; AE is then a lone continuation byte) and the code charts
// (Æ U+00C6, ø U+00F8).
BOOST_AUTO_TEST_CASE(readme_example)
{
    // [readme]
    namespace u8v = utf8view;

    std::string_view bytes = "\xC3\x86r\xC3\xB8 \xC0\xAE";   // "Ærø " then an overlong '.'
    for (char32_t c : bytes | u8v::views::decode)              // Æ r ø ' ' U+FFFD U+FFFD
        std::printf("U+%04X\n", unsigned(c));

    auto text = bytes | u8v::views::decode(u8v::on_error::skip);   // Æ r ø ' '
    auto back = text | u8v::views::encode;                          // char8_t code units
    auto it = (bytes | u8v::views::decode).begin();                 // it.base(): byte position,
                                                                    // it.error(): why it is U+FFFD
    std::string_view field = u8v::truncate(bytes, 4);               // "Ær": never cuts 'ø'
    // [readme]

    std::vector<char32_t> code_points;
    for (char32_t c : bytes | u8v::views::decode) code_points.push_back(c);
    BOOST_TEST(code_points == (std::vector<char32_t>{0xC6, 'r', 0xF8, ' ', 0xFFFD, 0xFFFD}));
    std::u8string encoded(back.begin(), back.end());
    BOOST_TEST((encoded == u8"\u00C6r\u00F8 "));
    std::ranges::advance(it, 4);
    BOOST_TEST((it.base() - bytes.begin()) == 6);
    BOOST_TEST(it.error() == std::optional<u8v::error_kind>(u8v::error_kind::overlong));
    BOOST_TEST(field == "\xC3\x86r");  // Æ (2 bytes) r (1 byte); ø would need bytes 4 and 5
}
