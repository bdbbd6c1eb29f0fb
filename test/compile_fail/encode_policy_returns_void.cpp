// An encoding error policy returns std::optional<char32_t> or char32_t, as
// a decoding one does; one that returns nothing is rejected with one message.
// expected-error: an encoding error policy must return std::optional<char32_t>
// expected-error: (a replacement, or nullopt to drop the value) or char32_t
#include <utf8view/transcode.hpp>

#include <iterator>
#include <string>

int main()
{
    const std::u32string code_points = {U'a', char32_t{0xD800}};
    std::string bytes;
    utf8view::encode_into(code_points, std::back_inserter(bytes), [](const utf8view::encode_error_info&) {});
    return static_cast<int>(bytes.size());
}
