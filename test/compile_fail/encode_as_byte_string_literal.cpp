// A char array holds bytes, not code points: encode_as names itself.
// expected-error: utf8view::views::encode_as: the range's elements must be code points
// expected-error: UTF-8 bytes are encoded already (views::decode them, or views::utf8_to_utf16)
#include <utf8view/encode_view.hpp>

int main()
{
    auto view = "abc" | utf8view::views::encode_as<char>;
    return static_cast<int>(view.begin() == view.end());
}
