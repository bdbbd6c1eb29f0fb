// u"..." is UTF-16, not UTF-8: the adaptor says which one takes it, rather
// than advising a string view it would reject too.
// expected-error: utf8view::views::decode: the range's elements must be UTF-8 code units
// expected-error: use views::decode_utf16
#include <utf8view/decode_view.hpp>

int main()
{
    auto view = u"abc" | utf8view::views::decode;
    return static_cast<int>(view.begin() == view.end());
}
