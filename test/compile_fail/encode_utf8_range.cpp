// Bytes are UTF-8 already: encoding them again would double-encode. The
// adaptor says what it accepts.
// expected-error: the range's elements must be code points
#include <utf8view/encode_view.hpp>

#include <string>

int main()
{
    const std::string text = "abc";
    auto view = text | utf8view::views::encode;
    return static_cast<int>(*view.begin());
}
