// u"..." is a char16_t array that ends in NUL: converting it would write a
// 00 byte the text does not hold. The transcoding view names itself.
// expected-error: utf8view::views::utf16_to_utf8: a character array (such as a string literal) would convert its terminating NUL
// expected-error: use std::u16string_view
#include <utf8view/transcode_view.hpp>

int main()
{
    auto view = u"abc" | utf8view::views::utf16_to_utf8;
    return static_cast<int>(*view.begin());
}
