// U"..." is a char32_t array that ends in NUL: encoding it would write a 00 byte.
// expected-error: utf8view::views::encode: a character array (such as a string literal) would encode its terminating NUL
#include <utf8view/encode_view.hpp>

int main()
{
    auto view = U"abc" | utf8view::views::encode;
    return static_cast<int>(*view.begin());
}
