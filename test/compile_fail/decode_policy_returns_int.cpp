// A decoding error policy returns std::optional<char32_t> or char32_t. One
// that returns an int by mistake (0 meant as "drop") is rejected with one
// message naming what to return, not converted to U+0000.
// expected-error: a decoding error policy must return std::optional<char32_t>
// expected-error: (a replacement, or nullopt to drop the subpart) or char32_t
#include <utf8view/decode_view.hpp>

#include <string_view>

int main()
{
    const std::string_view bytes = "a\xC0";
    int sum = 0;
    for (char32_t code_point : bytes | utf8view::views::decode([](const utf8view::decode_error_info&) { return 0; }))
        sum += static_cast<int>(code_point);
    return sum;
}
