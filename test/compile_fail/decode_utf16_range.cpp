// A char16_t range is UTF-16, not UTF-8: the adaptor says what it accepts.
// expected-error: the range's elements must be UTF-8 code units
#include <utf8view/decode_view.hpp>

#include <string>

int main()
{
    const std::u16string text = u"abc";
    auto view = text | utf8view::views::decode;
    return static_cast<int>(*view.begin());
}
