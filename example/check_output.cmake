# Copyright (c) 2026 the utf8view authors.
# Distributed under the Boost Software License, Version 1.0.
# (See accompanying file LICENSE_1_0.txt or copy at https://www.boost.org/LICENSE_1_0.txt)

# Runs a command and checks its exit status and output; fails (FATAL_ERROR)
# on the first mismatch. Portable: needs nothing but CMake.
#
#   cmake -DCOMMAND=<program;arg;...> -DEXIT=<status> -DOUTPUT=<file>
#         [-DSTDIN=<file>] [-DEXPECTED_STDOUT=<file>] [-DEXPECTED_STDERR=<file>]
#         [-DSTDOUT_REGEX=<regex>] [-DSTDERR_REGEX=<regex>]
#         -P check_output.cmake
#
# OUTPUT receives standard output as raw bytes; EXPECTED_STDOUT is compared
# with it byte for byte, EXPECTED_STDERR (text) with standard error. The
# command runs in the current directory.

cmake_minimum_required(VERSION 3.20)

foreach(required COMMAND EXIT OUTPUT)
    if(NOT DEFINED ${required})
        message(FATAL_ERROR "check_output.cmake: -D${required}=... is required")
    endif()
endforeach()

set(stdin_option)
if(DEFINED STDIN)
    set(stdin_option INPUT_FILE "${STDIN}")
endif()
execute_process(COMMAND ${COMMAND} ${stdin_option}
                OUTPUT_FILE "${OUTPUT}" ERROR_VARIABLE stderr RESULT_VARIABLE status)

string(REPLACE ";" " " command_line "${COMMAND}")
if(NOT status STREQUAL "${EXIT}")
    message(FATAL_ERROR "${command_line}\nexited with ${status}, expected ${EXIT}; stderr:\n${stderr}")
endif()

if(DEFINED EXPECTED_STDOUT)
    execute_process(COMMAND "${CMAKE_COMMAND}" -E compare_files "${OUTPUT}" "${EXPECTED_STDOUT}"
                    RESULT_VARIABLE different)
    if(different)
        message(FATAL_ERROR "${command_line}\nwrote ${OUTPUT}, which differs from ${EXPECTED_STDOUT}")
    endif()
endif()

if(DEFINED EXPECTED_STDERR)
    file(READ "${EXPECTED_STDERR}" expected_stderr)
    if(NOT stderr STREQUAL expected_stderr)
        message(FATAL_ERROR "${command_line}\nstderr differs from ${EXPECTED_STDERR}:\n${stderr}")
    endif()
endif()

if(DEFINED STDOUT_REGEX)
    file(READ "${OUTPUT}" stdout)
    if(NOT stdout MATCHES "${STDOUT_REGEX}")
        message(FATAL_ERROR "${command_line}\nstdout does not match '${STDOUT_REGEX}':\n${stdout}")
    endif()
endif()

if(DEFINED STDERR_REGEX AND NOT stderr MATCHES "${STDERR_REGEX}")
    message(FATAL_ERROR "${command_line}\nstderr does not match '${STDERR_REGEX}':\n${stderr}")
endif()
