// A string literal piped into the adaptor with its policy bound gets the
// same message as without a policy (not a failed operator| overload).
// expected-error: utf8view::views::decode: a character array (such as a string literal) would decode its terminating NUL
#include <utf8view/decode_view.hpp>

int main()
{
    auto view = "abc" | utf8view::views::decode(utf8view::on_error::skip);
    return static_cast<int>(*view.begin());
}
