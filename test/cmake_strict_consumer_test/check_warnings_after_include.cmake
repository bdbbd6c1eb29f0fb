# Copyright (c) 2026 the utf8view authors.
# Distributed under the Boost Software License, Version 1.0.

# cmake -DCOMPILER=<clang++> -DSOURCE=<file> -DFLAGS=<list> -P check_warnings_after_include.cmake
# Compiles SOURCE (warnings_after_include.cpp) with -Weverything and FLAGS
# (the include path, definitions) and checks Clang's output: each line of
# SOURCE marked `// expect -W<group>` has a warning of that group, and there
# is no other warning, in SOURCE or in any header. Fails otherwise, with
# the compiler's output.

foreach(variable COMPILER SOURCE)
    if(NOT DEFINED ${variable})
        message(FATAL_ERROR "${variable} is not set")
    endif()
endforeach()

execute_process(
    COMMAND "${COMPILER}" -std=c++20 -fsyntax-only -fno-color-diagnostics -fno-caret-diagnostics -Weverything
            ${FLAGS} "${SOURCE}"
    RESULT_VARIABLE result
    ERROR_VARIABLE output
    OUTPUT_VARIABLE output_stdout)
if(NOT result EQUAL 0)
    message(FATAL_ERROR "compiling ${SOURCE} failed:\n${output}")
endif()

get_filename_component(source_name "${SOURCE}" NAME)
file(STRINGS "${SOURCE}" lines)
set(line_number 0)
set(expected_count 0)
set(failures "")
set(expected_locations "")
foreach(line IN LISTS lines)
    math(EXPR line_number "${line_number} + 1")
    if(line MATCHES "// expect (-W[^ ]+)$")
        set(group "${CMAKE_MATCH_1}")
        math(EXPR expected_count "${expected_count} + 1")
        list(APPEND expected_locations "${source_name}:${line_number}:")
        string(REPLACE "+" "\\+" escaped_group "${group}")
        string(REGEX MATCH "${source_name}:${line_number}:[0-9]+: warning: [^\n]*\\[${escaped_group}[],]" found
                     "${output}")
        if(NOT found)
            string(APPEND failures "  line ${line_number}: no ${group} warning\n")
        endif()
    endif()
endforeach()
if(expected_count EQUAL 0)
    message(FATAL_ERROR "no `// expect -W...` line in ${SOURCE}")
endif()

# Every warning must be one of the expected: none from a header, none on
# another line.
string(REPLACE ";" "," output_without_semicolons "${output}")  # a CMake list splits at ';'
string(REGEX MATCHALL "[^\n]*: warning: [^\n]*" warnings "${output_without_semicolons}")
foreach(warning IN LISTS warnings)
    set(expected FALSE)
    foreach(location IN LISTS expected_locations)
        string(FIND "${warning}" "${location}" position)
        if(NOT position EQUAL -1)
            set(expected TRUE)
        endif()
    endforeach()
    if(NOT expected)
        string(APPEND failures "  unexpected: ${warning}\n")
    endif()
endforeach()

if(failures)
    message(FATAL_ERROR "the warnings after the include of utf8view are not the expected ones:\n"
                        "${failures}compiler output:\n${output}")
endif()
message(STATUS "${expected_count} expected warnings after the include of utf8view, and no other")
