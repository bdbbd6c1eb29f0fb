# Copyright (c) 2026 the utf8view authors.
# Distributed under the Boost Software License, Version 1.0.

# Runs one compile_fail test (registered by test/CMakeLists.txt):
#   cmake -DBUILD_DIR=<build tree> -DTARGET=<object library> [-DCONFIG=<config>]
#         -DSOURCE=<test/compile_fail/x.cpp> -P utf8view-compile-fail.cmake
# Passes only if building TARGET fails AND the build output contains the text
# of every `// expected-error: <text>` line of SOURCE (compared literally),
# and none of the texts of the `// unexpected-error: <text>` lines (a second
# diagnostic that must not come with the first, such as other advice).
# Checking the text is what tells "rejected for the documented reason" apart
# from "rejected because of a typo in the test".

foreach(variable BUILD_DIR TARGET SOURCE)
    if(NOT DEFINED ${variable})
        message(FATAL_ERROR "utf8view-compile-fail.cmake: -D${variable}=... is missing")
    endif()
endforeach()

# The expected texts: everything after "expected-error:" on such a line,
# surrounding blanks removed.
file(STRINGS "${SOURCE}" expected_lines ENCODING UTF-8 REGEX "//[ \t]*expected-error:")
set(expected_texts "")
foreach(line IN LISTS expected_lines)
    string(REGEX REPLACE "^.*//[ \t]*expected-error:[ \t]*" "" text "${line}")
    string(STRIP "${text}" text)
    if(text STREQUAL "")
        message(FATAL_ERROR "${SOURCE}: an `// expected-error:` line has no text")
    endif()
    list(APPEND expected_texts "${text}")
endforeach()
file(STRINGS "${SOURCE}" unexpected_lines ENCODING UTF-8 REGEX "//[ \t]*unexpected-error:")
set(unexpected_texts "")
foreach(line IN LISTS unexpected_lines)
    string(REGEX REPLACE "^.*//[ \t]*unexpected-error:[ \t]*" "" text "${line}")
    string(STRIP "${text}" text)
    if(text STREQUAL "")
        message(FATAL_ERROR "${SOURCE}: an `// unexpected-error:` line has no text")
    endif()
    list(APPEND unexpected_texts "${text}")
endforeach()
if(NOT expected_texts)
    message(FATAL_ERROR "${SOURCE}: no `// expected-error: <text>` line; "
                        "a compile_fail test must say which diagnostic it expects")
endif()

set(config_arguments "")
if(CONFIG)
    set(config_arguments --config "${CONFIG}")
endif()
execute_process(
    COMMAND "${CMAKE_COMMAND}" --build "${BUILD_DIR}" --target "${TARGET}" ${config_arguments}
    RESULT_VARIABLE result
    OUTPUT_VARIABLE output
    ERROR_VARIABLE output)

if(result EQUAL 0)
    message("${output}")
    message(FATAL_ERROR "${SOURCE} compiled, but it must be rejected with: ${expected_texts}")
endif()

# A compiler may quote the source line holding the `expected-error:` comment
# in its diagnostics; drop such lines so that they cannot match by themselves
# (the filter drops quoted `unexpected-error:` lines too, on purpose).
string(REGEX REPLACE "[^\n]*expected-error:[^\n]*" "" diagnostics "${output}")
set(missing "")
foreach(text IN LISTS expected_texts)
    string(FIND "${diagnostics}" "${text}" position)
    if(position EQUAL -1)
        list(APPEND missing "${text}")
    endif()
endforeach()

if(missing)
    message("${output}")
    message(FATAL_ERROR "${SOURCE} failed to compile, but the output lacks: ${missing}")
endif()
set(present "")
foreach(text IN LISTS unexpected_texts)
    string(FIND "${diagnostics}" "${text}" position)
    if(NOT position EQUAL -1)
        list(APPEND present "${text}")
    endif()
endforeach()
if(present)
    message("${output}")
    message(FATAL_ERROR "${SOURCE} failed to compile, but the output also holds: ${present}")
endif()
message(STATUS "${SOURCE}: rejected as expected (${expected_texts})")
