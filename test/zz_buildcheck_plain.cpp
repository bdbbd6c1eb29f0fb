// throwaway build check
// utf8view-test: plain-main
#include <utf8view/decode_view.hpp>
#include <cstdio>
#include <string_view>
#if defined(BOOST_TEST_DYN_LINK)
#error "plain-main tests must not get BOOST_TEST_DYN_LINK"
#endif
#if !defined(__cpp_exceptions)
#error "plain-main tests keep exceptions"
#endif
int main()
{
    int n = 0;
    for (char32_t c : std::string_view("\xC3\x86") | utf8view::views::decode) {
        if (c != U'\u00C6') return 1;
        ++n;
    }
    std::puts(UTF8VIEW_TESTDATA_DIR);
    return n == 1 ? 0 : 1;
}
