// A string literal would be decoded with its terminating NUL: refused with
// the message that names std::string_view.
// expected-error: std::string_view
#include <utf8view/decode_buffered.hpp>

int main()
{
    char32_t sum = 0;
    for (char32_t c : "abc" | utf8view::views::decode_buffered) sum += c;
    return static_cast<int>(sum);
}
