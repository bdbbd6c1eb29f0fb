// repair would copy the terminating NUL of a string literal into the
// repaired text.
// expected-error: utf8view::repair: a character array (such as a string literal) would repair its terminating NUL
#include <utf8view/repair.hpp>

int main()
{
    return static_cast<int>(utf8view::repair("caf\xC3").size());
}
