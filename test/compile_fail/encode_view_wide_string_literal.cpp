// A wide string literal is a wchar_t array that ends in NUL: encode_view's
// deduction from it would encode the NUL too. Its advice names the view of
// wchar_t text, and no other. (Where wchar_t is 32 bits, as here, it holds
// code points; where it is 16 bits, encode_view does not take it at all.)
// expected-error: utf8view::encode_view: a character array (such as a string literal) would encode its terminating NUL
// expected-error: use std::wstring_view
// unexpected-error: std::u32string_view
#include <utf8view/encode_view.hpp>

int main()
{
    const utf8view::encode_view view(L"abc");
    return static_cast<int>(std::ranges::distance(view));
}
