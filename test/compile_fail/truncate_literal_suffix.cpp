// A string literal as suffix would count its terminating NUL, leaving one
// byte less than fits; utf8view rejects it at compile time.
// expected-error: utf8view::truncate: a character array (such as a string literal) as suffix would count its terminating NUL
#include <utf8view/boundary.hpp>

#include <string_view>

int main()
{
    std::string_view field = "Skriver om angst";
    return static_cast<int>(utf8view::truncate(field, 12, "\xE2\x80\xA6").prefix.size());
}
