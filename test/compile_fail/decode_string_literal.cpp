// A string literal is a char array that ends in NUL: decoding it would
// yield a U+0000 the text does not hold. utf8view rejects it at compile time.
// expected-error: utf8view::views::decode: a character array (such as a string literal) would decode its terminating NUL
#include <utf8view/decode_view.hpp>

int main()
{
    auto view = "abc" | utf8view::views::decode;
    return static_cast<int>(*view.begin());
}
