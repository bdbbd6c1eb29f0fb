// A range of int is not a range of UTF-8 code units (bytes).
// expected-error: utf8_range
#include <utf8view/decode_view.hpp>

#include <vector>

int main()
{
    std::vector<int> values = {0x41};
    utf8view::decode_view<std::ranges::ref_view<std::vector<int>>> view(values);
    return static_cast<int>(*view.begin());
}
