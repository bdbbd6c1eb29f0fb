// A range of bytes is encoded text, not code points: encoding it again would
// be a double-encoding bug.
// expected-error: code_point_range
#include <utf8view/encode_view.hpp>

#include <string>

int main()
{
    std::string text = "abc";
    utf8view::encode_view<std::ranges::ref_view<std::string>> view(text);
    return static_cast<int>(*view.begin());
}
