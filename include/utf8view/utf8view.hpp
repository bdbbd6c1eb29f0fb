// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at https://www.boost.org/LICENSE_1_0.txt)

/// \file
/// All of utf8view but <utf8view/io.hpp> (printing, which needs <ostream>;
/// include it where you print). It includes neither Boost nor range-v3 nor
/// fmt: the opt-in glue for them is in <utf8view/ext/> (boost_range.hpp,
/// range_v3.hpp, fmt.hpp).

#ifndef UTF8VIEW_UTF8VIEW_HPP
#define UTF8VIEW_UTF8VIEW_HPP

#include <utf8view/config.hpp>
#include <utf8view/bom.hpp>
#include <utf8view/boundary.hpp>
#include <utf8view/code_unit.hpp>
#include <utf8view/convert.hpp>
#include <utf8view/decode_buffered.hpp>
#include <utf8view/decode_or_error.hpp>
#include <utf8view/decode_view.hpp>
#include <utf8view/encode_view.hpp>
#include <utf8view/error.hpp>
#include <utf8view/error_policy.hpp>
#include <utf8view/kernels.hpp>
#include <utf8view/null_terminated.hpp>
#include <utf8view/repair.hpp>
#include <utf8view/stream.hpp>
#include <utf8view/transcode.hpp>
#include <utf8view/transcode_view.hpp>
#include <utf8view/unicode.hpp>
#include <utf8view/utf16.hpp>
#include <utf8view/validate.hpp>

#endif  // UTF8VIEW_UTF8VIEW_HPP
