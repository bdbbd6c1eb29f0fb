# Copyright (c) 2026 the utf8view authors.
# Distributed under the Boost Software License, Version 1.0.
# (See accompanying file LICENSE_1_0.txt or copy at https://www.boost.org/LICENSE_1_0.txt)

# Checks that a man page documents every option a program's --help lists,
# so that the two cannot drift apart (CMakeLists.txt: example.utf8check.man_page).
#
#   cmake -DPROGRAM=<program> -DMAN_PAGE=<page> [-DLEAVE_OUT=<option>] -P check_man_page.cmake
#
# The options are the words --help prints that start with "--" (long
# options) and the "-x," of its option column (short options, which CLI11
# prints as "-x,--long"). A roff page writes a hyphen as \-, so --buffer
# must appear as \-\-buffer, as a whole word: -q inside --quiet, or
# --buffer inside --buffer-size, does not count. Fails, naming the first
# option missing, if --help fails, lists no option at all, or the page
# lacks one.
# LEAVE_OUT=<option> first deletes from the page every line that names the
# option: for the test that proves the check fails on such a page.

cmake_minimum_required(VERSION 3.24)

foreach(variable IN ITEMS PROGRAM MAN_PAGE)
    if(NOT DEFINED ${variable})
        message(FATAL_ERROR "check_man_page.cmake: -D${variable}=... is required")
    endif()
endforeach()

execute_process(COMMAND "${PROGRAM}" --help
                OUTPUT_VARIABLE help
                ERROR_VARIABLE help_errors
                RESULT_VARIABLE status)
if(NOT status EQUAL 0)
    message(FATAL_ERROR "${PROGRAM} --help failed (${status}): ${help_errors}")
endif()

string(REGEX MATCHALL "--[A-Za-z0-9][A-Za-z0-9-]*" long_options "${help}")
string(REGEX MATCHALL "\n +-[A-Za-z0-9]," short_options "${help}")
list(TRANSFORM short_options REPLACE "^\n +(-[A-Za-z0-9]),$" "\\1")
set(options ${long_options} ${short_options})
list(REMOVE_DUPLICATES options)
if(NOT "--help" IN_LIST options)
    message(FATAL_ERROR "no option found in the output of ${PROGRAM} --help:\n${help}")
endif()

file(READ "${MAN_PAGE}" page)
get_filename_component(page_name "${MAN_PAGE}" NAME)

# roff form of an option: each hyphen escaped.
function(roff_form option result)
    string(REPLACE "-" "\\-" roff "${option}")
    set(${result} "${roff}" PARENT_SCOPE)
endfunction()

if(DEFINED LEAVE_OUT)
    roff_form("${LEAVE_OUT}" left_out)
    string(REPLACE ";" "\\;" page "${page}")  # keep the text whole across list operations
    string(REPLACE "\n" ";" lines "${page}")
    set(kept)
    foreach(line IN LISTS lines)
        string(FIND "${line}" "${left_out}" at)
        if(at EQUAL -1)
            list(APPEND kept "${line}")
        endif()
    endforeach()
    list(JOIN kept "\n" page)
endif()

list(JOIN options " " listed)
foreach(option IN LISTS options)
    # Options hold only letters, digits and hyphens: the regex of the roff
    # form escapes the backslashes. Before it, no hyphen; after it, no
    # letter, digit or escaped hyphen (a font escape such as \fR is fine).
    string(REPLACE "-" "\\\\-" roff_regex "${option}")
    if(NOT page MATCHES "(^|[^-])${roff_regex}($|[^A-Za-z0-9\\\\]|\\\\[^-])")
        message(FATAL_ERROR "${page_name} does not document the option ${option}. "
                            "The options of ${PROGRAM} --help: ${listed}")
    endif()
endforeach()
message(STATUS "${page_name} documents every option of --help: ${listed}")
