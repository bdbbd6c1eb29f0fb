// The same rule for the bulk functions: a policy returning bool would have
// written U+0001 for each error.
// expected-error: a decoding error policy must return std::optional<char32_t>
// expected-error: (a replacement, or nullopt to drop the subpart) or char32_t
#include <utf8view/transcode.hpp>

#include <string_view>

int main()
{
    const std::string_view bytes = "a\xC0";
    char32_t code_points[4] = {};
    const auto result =
        utf8view::decode_into(bytes, code_points, [](const utf8view::decode_error_info&) { return true; });
    return static_cast<int>(result.out - code_points);
}
