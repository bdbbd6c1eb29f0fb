// A range of bytes is UTF-8, not UTF-16: views::decode_utf16 says what it accepts.
// expected-error: the range's elements must be UTF-16 code units
#include <utf8view/decode_view.hpp>

#include <string>

int main()
{
    const std::string text = "abc";
    auto view = text | utf8view::views::decode_utf16;
    return static_cast<int>(*view.begin());
}
