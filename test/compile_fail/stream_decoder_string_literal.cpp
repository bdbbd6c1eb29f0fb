// A chunk given to a stream decoder as a string literal would add a NUL to
// the stream after every chunk.
// expected-error: utf8view::stream_decoder::decode: a character array (such as a string literal) would decode its terminating NUL
#include <utf8view/stream.hpp>

#include <iterator>
#include <string>

int main()
{
    utf8view::stream_decoder decoder;
    std::u32string text;
    decoder.decode("abc", std::back_inserter(text));
    return static_cast<int>(text.size());
}
