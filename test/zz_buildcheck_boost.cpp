// throwaway build check (Boost.Test)
#include <utf8view/decode_view.hpp>

#define BOOST_TEST_MODULE zz_buildcheck_boost
#include <boost/test/unit_test.hpp>

#include "support/print.hpp"
#include "support/testdata.hpp"

#include <string_view>
#include <vector>

#ifndef BOOST_TEST_DYN_LINK
#error "Boost.Test tests must be built with BOOST_TEST_DYN_LINK"
#endif

BOOST_AUTO_TEST_CASE(decodes_ae)
{
    std::vector<char32_t> out;
    for (char32_t c : std::string_view("\xC3\x86") | utf8view::views::decode) out.push_back(c);
    BOOST_TEST(out.size() == 1u);
    BOOST_TEST(out.at(0) == U'\u00C6');
}

BOOST_AUTO_TEST_CASE(finds_testdata)
{
    BOOST_TEST(!utf8view_test::read_testdata("decode_vectors.tsv").empty());
}
