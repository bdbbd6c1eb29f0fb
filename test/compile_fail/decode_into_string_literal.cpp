// decode_into would write a U+0000 for the terminating NUL of a string
// literal, which the text does not hold.
// expected-error: utf8view::decode_into: a character array (such as a string literal) would decode its terminating NUL
#include <utf8view/transcode.hpp>

int main()
{
    char32_t code_points[8] = {};
    const auto result = utf8view::decode_into(u8"abc", code_points);
    return static_cast<int>(result.out - code_points);
}
