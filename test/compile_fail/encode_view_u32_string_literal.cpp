// The rule of views::encode for the view's constructor (class template
// argument deduction): U"..." would be encoded with its terminating NUL.
// expected-error: utf8view::encode_view: a character array (such as a string literal) would encode its terminating NUL
#include <utf8view/encode_view.hpp>

int main()
{
    utf8view::encode_view view(U"abc");
    return static_cast<int>(*view.begin());
}
