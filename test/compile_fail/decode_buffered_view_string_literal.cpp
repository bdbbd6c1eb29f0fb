// The view's own deduction from a string literal (not through the adaptor)
// would decode its terminating NUL: the class refuses it too.
// expected-error: utf8view::decode_buffered_view: a character array (such as a string literal) would decode its terminating NUL
#include <utf8view/decode_buffered.hpp>

int main()
{
    char32_t sum = 0;
    for (char32_t c : utf8view::decode_buffered_view("abc")) sum += c;
    return static_cast<int>(sum);
}
