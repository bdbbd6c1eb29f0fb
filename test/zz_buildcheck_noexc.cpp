// throwaway build check
// utf8view-test: no-exceptions
#include <utf8view/decode_view.hpp>
#include <string_view>
#if defined(__cpp_exceptions) || defined(__EXCEPTIONS)
#error "no-exceptions tests must be compiled with -fno-exceptions"
#endif
#if defined(BOOST_TEST_DYN_LINK)
#error "no-exceptions tests are plain programs"
#endif
int main()
{
    int n = 0;
    for (char32_t c : std::string_view("\xC3\x86") | utf8view::views::decode) {
        if (c != U'\u00C6') return 1;
        ++n;
    }
    return n == 1 ? 0 : 1;
}
