#!/bin/sh
# Copyright (c) 2026 the utf8view authors.
# Distributed under the Boost Software License, Version 1.0.
# (See accompanying file LICENSE_1_0.txt or copy at https://www.boost.org/LICENSE_1_0.txt)
#
# utf8check with a buffer larger than the slices it hands the library (64
# KiB): data/broken.txt repeated 371 times (65667 bytes: one slice end),
# after as many bytes of ASCII as put the slice's end on each byte from 3
# before to 3 after each byte of the sample that is not ASCII (those of its
# characters and of its errors), in turn, and on its first byte.
# The expected outputs are the sample's own (testdata/expected, from
# TextDecoder) repeated, with each copy's lines and byte offsets moved on.
#
#   sh check_slices.sh UTF8CHECK DATA_DIR EXPECTED_DIR WORK_DIR
set -eu
program=$1
data=$2
expected=$3
work=$4
mkdir -p "$work"
cd "$work"

copies=371
size=$(wc -c < "$data/broken.txt")
line_feeds=$(tr -cd '\n' < "$data/broken.txt" | wc -c)
errors=$(grep -c '' "$expected/broken.diagnostics")
: > sample.txt
: > sample.repaired
: > sample.skipped
copy=0
while [ "$copy" -lt "$copies" ]; do
    cat "$data/broken.txt" >> sample.txt
    cat "$expected/broken.repaired" >> sample.repaired
    cat "$expected/broken.skipped" >> sample.skipped
    copy=$((copy + 1))
done

fail() {
    echo "check_slices: with $prefix bytes before the copies: $1" >&2
    exit 1
}

# The prefixes: where byte 65536 falls in a copy, near a byte above 7F.
prefixes=$(od -An -v -tu1 "$data/broken.txt" | tr -s ' ' '\n' | awk -v size="$size" '
    NF { if ($1 >= 128) near[offset] = 1; ++offset }
    END {
        for (prefix = 0; prefix < size; ++prefix) {
            end = (65536 - prefix) % size
            keep = end == 0
            for (at in near) if (end >= at - 3 && end <= at + 3) keep = 1
            if (keep) print prefix
        }
    }')

for prefix in $prefixes; do
    head -c "$prefix" /dev/zero | tr '\0' x > ascii
    cat ascii sample.txt > broken.txt
    cat ascii sample.repaired > want.repaired
    cat ascii sample.skipped > want.skipped
    # The sample's errors are on its lines 2 to 4: the ASCII on line 1 moves
    # their offsets, not their columns.
    awk -F: -v copies="$copies" -v prefix="$prefix" -v size="$size" -v lines="$line_feeds" '
        { kept[NR] = $0 }
        END {
            for (copy = 0; copy < copies; ++copy)
                for (n = 1; n <= NR; ++n) {
                    split(kept[n], field, ":")
                    split(field[4], at, " ")
                    printf "%s:%d:%s: byte %d:%s\n", field[1], field[2] + copy * lines, field[3],
                           at[2] + prefix + copy * size, field[5]
                }
        }' "$expected/broken.diagnostics" > want.diagnostics

    status=0
    "$program" --buffer 16777216 broken.txt > got.diagnostics 2> got.summary || status=$?
    [ "$status" -eq 1 ] || fail "exit status $status, expected 1"
    cmp -s got.diagnostics want.diagnostics || fail "the diagnostics differ (got.diagnostics, want.diagnostics)"
    [ "$(cat got.summary)" = "broken.txt: $((errors * copies)) errors" ] || fail "summary: $(cat got.summary)"
    status=0
    "$program" --buffer 16777216 --repair broken.txt > got.repaired 2> got.stderr || status=$?
    [ "$status" -eq 1 ] || fail "--repair: exit status $status, expected 1"
    cmp -s got.repaired want.repaired || fail "--repair: the text differs (got.repaired, want.repaired)"
    status=0
    # (--quiet: the text only, through the library's own skip policy.)
    "$program" --buffer 16777216 --skip --quiet broken.txt > got.skipped 2> got.stderr || status=$?
    [ "$status" -eq 1 ] || fail "--skip --quiet: exit status $status, expected 1"
    [ ! -s got.stderr ] || fail "--skip --quiet: wrote to standard error (got.stderr)"
    cmp -s got.skipped want.skipped || fail "--skip --quiet: the text differs (got.skipped, want.skipped)"
done
echo "check_slices: $(echo "$prefixes" | wc -l) alignments, $copies copies each: as expected"
