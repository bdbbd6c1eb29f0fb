// A string literal is a char array that ends in NUL: validating it would
// validate a byte the text does not hold. utf8view rejects it at compile
// time, as views::decode does.
// expected-error: would validate its terminating NUL
#include <utf8view/validate.hpp>

int main()
{
    return utf8view::validate("abc").valid() ? 0 : 1;
}
