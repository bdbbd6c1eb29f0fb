// views::decode_buffered reads its bytes through a pointer: a std::list<char>
// is refused with one message that names views::decode, the view for it.
// expected-error: for other ranges use views::decode
#include <utf8view/decode_buffered.hpp>

#include <list>

int main()
{
    const std::list<char> bytes = {'a', 'b'};
    char32_t sum = 0;
    for (char32_t c : bytes | utf8view::views::decode_buffered) sum += c;
    return static_cast<int>(sum);
}
