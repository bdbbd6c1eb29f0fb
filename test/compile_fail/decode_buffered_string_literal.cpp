// A string literal would be decoded with its terminating NUL: refused with
// the message that names std::string_view, and not null_terminated (which is
// not sized, so not for this view).
// expected-error: utf8view::views::decode_buffered: a character array (such as a string literal) would decode its terminating NUL; use std::string_view
// unexpected-error: null_terminated
#include <utf8view/decode_buffered.hpp>

int main()
{
    char32_t sum = 0;
    for (char32_t c : "abc" | utf8view::views::decode_buffered) sum += c;
    return static_cast<int>(sum);
}
