// U"..." is a char32_t array that ends in NUL: encode_into would write a
// 00 byte for it.
// expected-error: utf8view::encode_into: a character array (such as a string literal) would encode its terminating NUL
// expected-error: use std::u32string_view
#include <utf8view/transcode.hpp>

#include <iterator>
#include <string>

int main()
{
    std::string bytes;
    utf8view::encode_into(U"abc", std::back_inserter(bytes));
    return static_cast<int>(bytes.size());
}
