// A string literal is a char array that ends in NUL: counting its code
// points would count the NUL too (4 for "abc"). utf8view rejects it at
// compile time, in the words the views use.
// expected-error: utf8view::count_code_points: a character array (such as a string literal) would count its terminating NUL
// expected-error: use std::string_view
#include <utf8view/transcode.hpp>

int main()
{
    return static_cast<int>(utf8view::count_code_points("abc"));
}
