// u"..." is a char16_t array that ends in NUL: converting it would write a
// 00 byte. The UTF-16 functions name the string view to pass instead.
// expected-error: utf8view::utf16_to_utf8_into: a character array (such as a string literal) would convert its terminating NUL
// expected-error: use std::u16string_view
#include <utf8view/utf16.hpp>

#include <iterator>
#include <string>

int main()
{
    std::string bytes;
    utf8view::utf16_to_utf8_into(u"abc", std::back_inserter(bytes));
    return static_cast<int>(bytes.size());
}
