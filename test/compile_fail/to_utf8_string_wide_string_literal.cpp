// A wide string literal is a wchar_t array that ends in NUL: converting it
// would convert the NUL too. wchar_t holds UTF-16 code units or code
// points, by its size, so the advice names the view of its own type.
// expected-error: utf8view::to_utf8_string: a character array (such as a string literal) would convert its terminating NUL
// expected-error: use std::wstring_view
// unexpected-error: std::u32string_view
// unexpected-error: std::u16string_view
#include <utf8view/convert.hpp>

int main()
{
    return static_cast<int>(utf8view::to_utf8_string(L"abc").size());
}
