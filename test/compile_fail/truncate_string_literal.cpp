// A string literal as the text to cut: its terminating NUL would count as
// one more byte, and truncate("abc", 100) would keep it (4 bytes). The
// boundary functions reject it, as the bulk functions do.
// expected-error: utf8view::truncate: a character array (such as a string literal) would count its terminating NUL
#include <utf8view/boundary.hpp>

int main()
{
    return static_cast<int>(utf8view::truncate("abc", 100).size());
}
