// The same rule for the view's constructor (class template argument deduction).
// expected-error: utf8view::decode_view: a character array (such as a string literal) would decode its terminating NUL
#include <utf8view/decode_view.hpp>

int main()
{
    utf8view::decode_view view("abc");
    return static_cast<int>(*view.begin());
}
