#!/usr/bin/env python3
# Copyright (c) 2026 the utf8view authors.
# Distributed under the Boost Software License, Version 1.0.
# (See accompanying file LICENSE_1_0.txt or copy at https://www.boost.org/LICENSE_1_0.txt)

"""Turns utf8view_bench's JSON output into doc/benchmarks.md and its bar charts.

    report.py --run o3-native A.json --run o2 B.json [--mode full] [--elapsed S] > doc/benchmarks.md
    report.py --run o3-native A.json --run o2 B.json --output doc/benchmarks.md --plots doc/benchmarks \
              --save-runs doc/benchmarks
    report.py --run o3-native doc/benchmarks/o3-native.json --run o2 doc/benchmarks/o2.json \
              --output doc/benchmarks.md --plots doc/benchmarks      # redraw from a saved run

Each --run is one build of utf8view_bench (KEY is o3-native or o2: the
cross-build target compares the two). Benchmark names are
family/input/implementation. The value of a benchmark is its fastest
repetition's bytes_per_second (the median where the JSON holds only the
aggregates; its only run without repetitions), in GB/s (1e9 bytes per
second).

--plots DIR draws one SVG bar chart per table (family and build),
DIR/<family>-<KEY>.svg, with matplotlib, and puts it above its table in the
Markdown (linked relative to the folder of --output, or to doc/ when the
report goes to standard output). With --output and without --plots, the
charts go to the folder named as the report without .md when matplotlib is
there; without matplotlib the report has its tables only and says so on
standard error (with --plots, that is an error). Everything else is the
Python 3 standard library.

--save-runs DIR writes DIR/<KEY>.json: each run reduced to what this script
reads (the context and one value per benchmark), in Google Benchmark's JSON
format, plus what the report takes from outside the JSON (commit, CPU, OS
kernel, command, the bench-tools section). Given back with --run, it gives
the same report and the same charts without running anything.
"""

import argparse
import datetime
import glob
import io
import json
import math
import os
import platform
import re
import subprocess
import sys

FAMILIES = [
    # (family, title, what the bytes are, the utf8view implementations in order of preference)
    ("validate", "Validate", "UTF-8 input", ["utf8view.validate", "utf8view.is_valid"]),
    ("decode", "Decode to a UTF-32 buffer", "UTF-8 input",
     ["utf8view.decode_into", "utf8view.decode_into.span", "utf8view.views_decode_loop"]),
    ("sum", "Lazy loop summing code points", "UTF-8 input", ["utf8view.views_decode"]),
    ("encode", "Encode UTF-32 to UTF-8", "UTF-8 output", ["utf8view.encode_into", "utf8view.encode_into.span", "utf8view.views_encode"]),
    ("to_utf16", "UTF-8 to a UTF-16 buffer", "UTF-8 input", ["utf8view.utf8_to_utf16_into", "utf8view.views_utf8_to_utf16"]),
    ("from_utf16", "UTF-16 to a UTF-8 buffer", "UTF-8 output", ["utf8view.utf16_to_utf8_into", "utf8view.views_utf16_to_utf8"]),
    ("repair", "Repair valid text (a copy, checked)", "UTF-8 input", ["utf8view.repair_into"]),
    ("dirty_sum", "Lazy loop over text with errors (U+FFFD per maximal subpart)", "input", ["utf8view.views_decode"]),
    ("dirty_decode", "Decode text with errors to a UTF-32 buffer (U+FFFD per maximal subpart)", "input",
     ["utf8view.decode_into"]),
    ("dirty_repair", "Repair text with errors (U+FFFD per maximal subpart)", "input", ["utf8view.repair_into"]),
    ("dirty_size", "Size functions over text with errors (U+FFFD per maximal subpart)", "input",
     ["utf8view.utf8_to_utf16_size"]),
]

DIRTY_INPUTS = ["dirty-every-97", "latin1-french", "dirty-every-8", "random-bytes"]

# What each implementation is, for the tables.
DESCRIPTIONS = {
    "utf8view.validate": "`utf8view::validate`",
    "utf8view.is_valid": "`utf8view::is_valid`",
    "utf8view.decode_into": "`utf8view::decode_into` to a `char32_t*`",
    "utf8view.decode_into.span": "`utf8view::decode_into` to a `std::span<char32_t>` (bounded)",
    "utf8view.views_decode_loop": "utf8view `views::decode` loop storing each `char32_t`",
    "utf8view.views_decode": "utf8view `for (char32_t c : sv \\| views::decode)` (replace policy)",
    "utf8view.views_decode.O2_no_march": "the `views::decode` loop, in a translation unit built with "
                                         "`-O2 -march=x86-64` (as without `-march`), same binary",
    "utf8view.views_decode_buffered.O2_no_march": "the `views::decode_buffered` loop, in a translation unit built "
                                                  "with `-O2 -march=x86-64` (as without `-march`), same binary",
    "utf8view.views_decode_forward_only": "the same loop over a forward-only iterator (generic path)",
    "utf8view.views_decode_backward": "the same loop backwards: `--it` from `end()`",
    "utf8view.views_decode_reverse": "the same loop through `std::views::reverse`",
    "utf8view.encode_into": "`utf8view::encode_into` to a `char*`",
    "utf8view.encode_into.span": "`utf8view::encode_into` to a `std::span<char>` (bounded)",
    "utf8view.views_encode": "utf8view `views::encode_as<char>` loop storing each byte",
    "utfcpp.is_valid": "utfcpp `utf8::is_valid`",
    "utfcpp.utf8to32": "utfcpp `utf8::utf8to32` (checked)",
    "utfcpp.unchecked.utf8to32": "utfcpp `utf8::unchecked::utf8to32`",
    "utfcpp.unchecked.iterator": "utfcpp `utf8::unchecked::iterator`",
    "utfcpp.iterator": "utfcpp `utf8::iterator` (checked)",
    "utfcpp.unchecked.utf32to8": "utfcpp `utf8::unchecked::utf32to8`",
    "utfcpp.utf32to8": "utfcpp `utf8::utf32to8` (checked)",
    "icu.U8_NEXT": "ICU `U8_NEXT` loop",
    "boost.u8_to_u32_iterator": "Boost.Regex `u8_to_u32_iterator`",
    "iconv": "glibc `iconv` UTF-8 → UTF-32LE",
    "memchr": "`memchr` of an absent byte (ceiling)",
    "simdutf.validate_utf8": "simdutf `validate_utf8`",
    "simdutf.convert_utf8_to_utf32": "simdutf `convert_utf8_to_utf32`",
    "simdutf.bulk_then_sum": "simdutf `convert_utf8_to_utf32` into a buffer, then sum",
    "utf8view.views_decode_buffered": "`views::decode_buffered` loop (2048 code points decoded at a time into "
                                      "the view's buffer)",
    "utf8view.decode_into_chunks_then_sum": "`utf8view::decode_into` 1024 code points at a time into a buffer "
                                            "on the stack, each then summed (bounded memory)",
    "utf8view.repair_into_chunks": "`utf8view::repair_into` 4 KiB at a time into a buffer on the stack, each "
                                   "then copied on (bounded memory)",
    "simdutf.convert_utf32_to_utf8": "simdutf `convert_utf32_to_utf8`",
    "utf8view.utf8_to_utf16_into": "`utf8view::utf8_to_utf16_into` to a `char16_t*`",
    "utf8view.utf16_to_utf8_into": "`utf8view::utf16_to_utf8_into` to a `char*`",
    "utf8view.views_utf8_to_utf16": "lazy `views::utf8_to_utf16`, copied unit by unit to a `char16_t*`",
    "utf8view.views_utf16_to_utf8": "lazy `views::utf16_to_utf8`, copied unit by unit to a `char*`",
    "utfcpp.utf8to16": "utfcpp `utf8::utf8to16` (checked)",
    "utfcpp.utf16to8": "utfcpp `utf8::utf16to8` (checked)",
    "icu.u_strFromUTF8": "ICU `u_strFromUTF8`",
    "icu.u_strToUTF8": "ICU `u_strToUTF8`",
    "simdutf.convert_utf8_to_utf16le": "simdutf `convert_utf8_to_utf16le`",
    "simdutf.convert_utf16le_to_utf8": "simdutf `convert_utf16le_to_utf8`",
    "utf8view.repair_into": "`utf8view::repair_into` to a `char*` (replace policy)",
    "memcpy": "`memcpy` (ceiling)",
    "icu.ucnv_convertEx": "ICU `ucnv_convertEx` UTF-8 → UTF-8, substitute callback (what `uconv` does)",
    "utfcpp.replace_invalid": "utfcpp `utf8::replace_invalid` (its own substitution rules: different "
                              "output on ill-formed input)",
    "utf8view.utf8_to_utf16_size": "`utf8view::utf8_to_utf16_size`: the UTF-16 length of the conversion",
    "icu.u_strFromUTF8WithSub": "ICU `u_strFromUTF8WithSub` preflight (no buffer), U+FFFD: the same length",
    "utf8view.count_code_points": "`utf8view::count_code_points` (another count: code points)",
    "utf8view.repaired_size": "`utf8view::repaired_size` (another count: bytes of `repair`)",
}

# The performance targets: (text, family, utf8view implementation, peer,
# input set: "lipsum" for the geometric mean or an input name, threshold).
TARGETS = [
    ("`validate` ≥ 10× utfcpp `is_valid`", "validate", "utf8view.validate", "utfcpp.is_valid", "lipsum", 10.0),
    ("`validate` ≥ 1.0× simdutf `validate_utf8`", "validate", "utf8view.validate", "simdutf.validate_utf8",
     "lipsum", 1.0),
    ("`validate` on pure ASCII ≥ 0.8× `memchr`", "validate", "utf8view.validate", "memchr", "ascii", 0.8),
    ("`decode_into` ≥ 3× utfcpp `utf8to32` (checked)", "decode", "utf8view.decode_into", "utfcpp.utf8to32",
     "lipsum", 3.0),
    ("`decode_into` ≥ 1.0× simdutf `convert_utf8_to_utf32`", "decode", "utf8view.decode_into",
     "simdutf.convert_utf8_to_utf32", "lipsum", 1.0),
    ("lazy `views::decode` loop ≥ 1.5× utfcpp `unchecked::iterator`", "sum", "utf8view.views_decode",
     "utfcpp.unchecked.iterator", "lipsum", 1.5),
    ("lazy `views::decode` loop ≥ 1.0× utfcpp `unchecked::iterator` on every lipsum file", "sum",
     "utf8view.views_decode", "utfcpp.unchecked.iterator", "every lipsum", 1.0),
    ("lazy `views::decode` loop ≥ 0.8× simdutf's bulk decode then a loop over the buffer", "sum",
     "utf8view.views_decode", "simdutf.bulk_then_sum", "lipsum", 0.8),
    ("lazy `views::decode` loop with the AVX2 kernel forced ≥ 1.2× utfcpp `unchecked::iterator`", "sum",
     "utf8view.views_decode.kernel-avx2", "utfcpp.unchecked.iterator", "lipsum", 1.2),
    ("lazy `views::decode` loop ≥ 3× utfcpp checked `utf8::iterator`", "sum", "utf8view.views_decode",
     "utfcpp.iterator", "lipsum", 3.0),
    ("`views::decode_buffered` loop ≥ 1.5× utfcpp `unchecked::iterator`", "sum", "utf8view.views_decode_buffered",
     "utfcpp.unchecked.iterator", "lipsum", 1.5),
    ("`views::decode_buffered` loop ≥ 1.0× utfcpp `unchecked::iterator` on every lipsum file", "sum",
     "utf8view.views_decode_buffered", "utfcpp.unchecked.iterator", "every lipsum", 1.0),
    ("`views::decode_buffered` loop ≥ 0.8× simdutf's bulk decode then a loop over the buffer", "sum",
     "utf8view.views_decode_buffered", "simdutf.bulk_then_sum", "lipsum", 0.8),
    ("`views::decode_buffered` loop with the AVX2 kernel forced ≥ 1.2× utfcpp `unchecked::iterator`", "sum",
     "utf8view.views_decode_buffered.kernel-avx2", "utfcpp.unchecked.iterator", "lipsum", 1.2),
    ("`encode_into` ≥ 2.5× utfcpp `unchecked::utf32to8`", "encode", "utf8view.encode_into",
     "utfcpp.unchecked.utf32to8", "lipsum", 2.5),
    ("lazy `views::encode` ≥ 1.0× utfcpp `unchecked::utf32to8`", "encode", "utf8view.views_encode",
     "utfcpp.unchecked.utf32to8", "lipsum", 1.0),
    ("generic path: the loop over a forward-only iterator ≥ 0.5× the contiguous lazy loop", "sum",
     "utf8view.views_decode_forward_only", "utf8view.views_decode", "lipsum", 0.5),
    ("lazy loop backwards (`--it`) ≥ 0.8× forwards on every lipsum file", "sum",
     "utf8view.views_decode_backward", "utf8view.views_decode", "every lipsum", 0.8),
    ("lazy loop through `std::views::reverse` ≥ 0.8× forwards on every lipsum file", "sum",
     "utf8view.views_decode_reverse", "utf8view.views_decode", "every lipsum", 0.8),
    ("`utf8_to_utf16_into` ≥ 1.0× simdutf `convert_utf8_to_utf16le`", "to_utf16", "utf8view.utf8_to_utf16_into",
     "simdutf.convert_utf8_to_utf16le", "lipsum", 1.0),
    ("`utf8_to_utf16_into` ≥ 4× utfcpp `utf8to16`", "to_utf16", "utf8view.utf8_to_utf16_into", "utfcpp.utf8to16",
     "lipsum", 4.0),
    ("`utf16_to_utf8_into` ≥ 1.0× simdutf `convert_utf16le_to_utf8`", "from_utf16", "utf8view.utf16_to_utf8_into",
     "simdutf.convert_utf16le_to_utf8", "lipsum", 1.0),
    ("`utf16_to_utf8_into` ≥ 4× utfcpp `utf16to8`", "from_utf16", "utf8view.utf16_to_utf8_into", "utfcpp.utf16to8",
     "lipsum", 4.0),
    ("`repair_into` of valid text ≥ 0.4× `memcpy`", "repair", "utf8view.repair_into", "memcpy", "lipsum", 0.4),
    ("`repair_into` ≥ 1.5× ICU's converter (`uconv`) on `latin1-french`", "dirty_repair", "utf8view.repair_into",
     "icu.ucnv_convertEx", "latin1-french", 1.5),
] + [
    ("lazy `views::decode` loop ≥ 1.0× ICU `U8_NEXT` loop on `%s`" % name, "dirty_sum", "utf8view.views_decode",
     "icu.U8_NEXT", name, 1.0) for name in DIRTY_INPUTS
] + [
    ("`views::decode_buffered` loop ≥ 1.0× ICU `U8_NEXT` loop on `%s`" % name, "dirty_sum",
     "utf8view.views_decode_buffered", "icu.U8_NEXT", name, 1.0) for name in DIRTY_INPUTS
] + [
    ("`decode_into` (replace) ≥ 2× the ICU `U8_NEXT` loop (storing) on `%s`" % name, "dirty_decode",
     "utf8view.decode_into", "icu.U8_NEXT", name, 2.0) for name in DIRTY_INPUTS
]
# At -O2 without -march against -O3 -march=native: the same loop built both
# ways into one binary (lazy_loop_o2.cpp), read from the o3-native run; the
# two separate runs are compared too, for information.
CROSS_TARGETS = [
    ("lazy `views::decode` loop at -O2 without -march ≥ 0.8× its -O3 -march=native speed",
     "sum", "utf8view.views_decode.O2_no_march", "utf8view.views_decode", 0.8),
    ("`views::decode_buffered` loop at -O2 without -march ≥ 0.8× its -O3 -march=native speed",
     "sum", "utf8view.views_decode_buffered.O2_no_march", "utf8view.views_decode_buffered", 0.8),
]


class Run:
    """One JSON file: context and {(family, input, impl): GB/s}."""

    def __init__(self, key, path):
        self.key = key
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
        self.context = data.get("context", {})
        self.repetitions = 1
        medians, singles = {}, {}
        for b in data.get("benchmarks", []):
            if b.get("error_occurred") or "bytes_per_second" not in b:
                continue
            parts = b.get("run_name", b["name"]).split("/")
            if len(parts) != 3:
                continue
            name = tuple(parts)
            if b.get("run_type") == "aggregate":
                self.repetitions = max(self.repetitions, int(b.get("repetitions", 1) or 1))
                if b.get("aggregate_name") == "median":
                    medians[name] = b["bytes_per_second"]
            else:
                singles.setdefault(name, []).append(b["bytes_per_second"])
                self.repetitions = max(self.repetitions, int(b.get("repetitions", 1) or 1))
        # Bytes per second as Google Benchmark wrote them (what save() writes back): the fastest
        # repetition where the JSON holds every repetition (noise on a shared machine only ever
        # slows a run down, so the fastest of several is the steadiest measure of the code, and
        # every implementation gets the same), the median where it holds only the aggregates (an
        # older scripts/bench), and a saved run's one value per benchmark as it says it was taken.
        self.bytes_per_second = {}
        repeated = any(len(values) > 1 for values in singles.values())
        for name, values in singles.items():
            self.bytes_per_second[name] = max(values)
        for name, value in medians.items():
            self.bytes_per_second.setdefault(name, value)
        if self.repetitions <= 1:
            self.statistic = None
        elif repeated:
            self.statistic = "fastest"
        elif singles:
            self.statistic = self.context.get("utf8view.statistic", "median")
        else:
            self.statistic = "median"
        self.values = {name: v / 1e9 for name, v in self.bytes_per_second.items()}
        self.label = "%s %s" % (self.context.get("compiler", "?").split(" (")[0],
                                self.context.get("cxx_flags", "?"))

    def save(self, path, facts):
        """Writes this run in the subset of Google Benchmark's JSON format that Run reads, so that
        reading it back gives the same values: the context (with facts under "utf8view.report") and,
        one a line, each benchmark's bytes per second (see __init__) as its one result."""
        # Without the host name and the executable's path, which the report does not use.
        context = {k: v for k, v in self.context.items() if k not in ("host_name", "executable")}
        context["utf8view.report"] = facts
        if self.statistic:
            context["utf8view.statistic"] = self.statistic
        lines = [json.dumps({"name": "/".join(name), "repetitions": self.repetitions, "bytes_per_second": value},
                            ensure_ascii=False, separators=(",", ":"))
                 for name, value in self.bytes_per_second.items()]
        with open(path + ".tmp", "w", encoding="utf-8") as f:
            f.write('{"context": %s,\n"benchmarks": [\n%s\n]}\n' % (
                json.dumps(context, ensure_ascii=False, indent=1, sort_keys=True), ",\n".join(lines)))
        os.replace(path + ".tmp", path)

    def how(self, single):
        """How each value was taken from the repetitions, for the report; `single` without them."""
        if not self.statistic:
            return single
        if self.statistic == "fastest":
            return "the fastest of %d repetitions, interleaved at random" % self.repetitions
        return "%s of %d repetitions" % (self.statistic, self.repetitions)

    def inputs(self, family):
        names = sorted({i for (f, i, _) in self.values if f == family})
        lipsum = [n for n in names if n.startswith("lipsum-")]
        return lipsum, [n for n in names if not n.startswith("lipsum-")]

    def impls(self, family):
        """In the order the benchmark registered them (utf8view first)."""
        seen = []
        for (f, _, impl) in self.values:
            if f == family and impl not in seen:
                seen.append(impl)
        return seen

    def get(self, family, impl, input_name):
        return self.values.get((family, input_name, impl))

    def geomean(self, family, impl):
        lipsum, _ = self.inputs(family)
        values = [self.get(family, impl, i) for i in lipsum]
        if not values or any(v is None or v <= 0 for v in values):
            return None
        return math.exp(sum(math.log(v) for v in values) / len(values))

    def value(self, family, impl, input_set):
        """input_set: 'lipsum' or 'every lipsum' (geometric mean) or an input name."""
        if input_set in ("lipsum", "every lipsum"):
            return self.geomean(family, impl)
        return self.get(family, impl, input_set)

    def primary(self, family):
        for fam, _, _, candidates in FAMILIES:
            if fam == family:
                present = self.impls(family)
                for c in candidates:
                    if c in present:
                        return c
        return None


def describe(impl):
    kernel = "utf8view.validate.kernel-"
    if impl.startswith(kernel):
        return "`utf8view::validate`, kernel `%s` forced" % impl[len(kernel):]
    loop = "utf8view.views_decode.kernel-"
    if impl.startswith(loop):
        return "the `views::decode` loop, validation kernel `%s` forced" % impl[len(loop):]
    loop = "utf8view.views_decode_buffered.kernel-"
    if impl.startswith(loop):
        return "the `views::decode_buffered` loop, validation kernel `%s` forced" % impl[len(loop):]
    for function in ("decode_into", "encode_into", "utf8_to_utf16_into", "utf16_to_utf8_into"):
        transcoder = "utf8view.%s.transcoder-" % function
        if impl.startswith(transcoder):
            return "`utf8view::%s` to a pointer, transcoding kernel `%s` forced" % (function, impl[len(transcoder):])
    return DESCRIPTIONS.get(impl, impl)


def gbps(v):
    if v is None:
        return "–"
    return "%.2f" % v if v < 100 else "%.0f" % v


def ratio(v):
    if v is None:
        return "–"
    return "%.2f×" % v if v < 100 else "%.0f×" % v


def short_input(name):
    return name[len("lipsum-"):] if name.startswith("lipsum-") else name


# --- bar charts ----------------------------------------------------------------

# The colours of each library, by the first part of the implementation's
# name: a matplotlib colormap (the library's implementations in one family get
# shades of it, darkest first: utf8view in blue, each peer in its own hue) or
# one colour. Libraries not listed are grey.
LIBRARY_COLOURS = {"utf8view": "Blues", "utfcpp": "Oranges", "icu": "Greens", "boost": "Purples",
                   "simdutf": "Reds", "iconv": "#8c564b", "memchr": "#555555", "memcpy": "#555555"}


def load_pyplot():
    """matplotlib.pyplot set up for reproducible SVG (no date, fixed ids, text as text), or None."""
    try:
        import matplotlib
        matplotlib.use("svg")
        import matplotlib.pyplot as pyplot
    except ImportError:
        return None
    matplotlib.rcParams.update({
        "svg.hashsalt": "utf8view-benchmarks",  # ids from this, not from random numbers
        "svg.fonttype": "none",                 # text stays text: small files
        "font.family": "DejaVu Sans",
        "font.size": 7,
    })
    return pyplot


def bar_colours(impls):
    """{implementation: colour}: shades of the library's colour family, in order."""
    import matplotlib
    by_library = {}
    for impl in impls:
        by_library.setdefault(impl.split(".")[0], []).append(impl)
    colours = {}
    for library, members in by_library.items():
        name = LIBRARY_COLOURS.get(library, "#999999")
        if name.startswith("#"):
            colours.update((impl, name) for impl in members)
            continue
        colormap = matplotlib.colormaps[name]
        # utf8view's from 0.9 (dark) to 0.4 (light) of its colormap, the peers' from 0.75 to 0.45.
        darkest, lightest = (0.9, 0.4) if library == "utf8view" else (0.75, 0.45)
        for k, impl in enumerate(members):
            colours[impl] = colormap(darkest - (darkest - lightest) * k / (len(members) - 1)
                                     if len(members) > 1 else 0.75)
    return colours


def plot_table(pyplot, run, family, title, unit, facts, path):
    """Draws the table of one family and run as a grouped horizontal bar chart:
    one group per input (as the table's columns: lipsum files, their geometric
    mean, the others), one bar per implementation (as the table's rows), GB/s
    on a logarithmic axis (the values span two or three orders of magnitude), each
    bar labelled with its value; written to path as SVG."""
    from matplotlib.ticker import FuncFormatter, LogLocator, NullFormatter

    impls = run.impls(family)
    primary = run.primary(family)
    lipsum, others = run.inputs(family)
    groups = [(short_input(i), [run.get(family, impl, i) for impl in impls]) for i in lipsum]
    if any(run.geomean(family, impl) is not None for impl in impls):
        groups.append(("geomean", [run.geomean(family, impl) for impl in impls]))
    groups += [(i, [run.get(family, impl, i) for impl in impls]) for i in others]
    values = [v for _, vs in groups for v in vs if v is not None and v > 0]
    colours = bar_colours(impls)

    # Sizes in inches: one bar is 0.085 in high; groups are a bar and a half apart.
    gap = 1.5
    slots = len(groups) * (len(impls) + gap) - gap
    legend_rows = (len(impls) + 1) // 2
    top, legend, axes_height, bottom = 0.45, 0.14 * legend_rows + 0.1, 0.085 * slots + 0.1, 0.45
    width, left, right = 8.0, 1.1, 0.25
    height = top + legend + axes_height + bottom
    figure = pyplot.figure(figsize=(width, height))
    axes = figure.add_axes([left / width, bottom / height, 1 - (left + right) / width, axes_height / height])

    # Bars start at the left edge of the axis (a logarithmic axis has no zero).
    low, high = (min(values) / 2, max(values) * 1.8) if values else (0.1, 10)
    labelled = set()
    for g, (name, group_values) in enumerate(groups):
        start = g * (len(impls) + gap)
        for k, (impl, v) in enumerate(zip(impls, group_values)):
            if v is None or v <= 0:
                continue
            axes.barh(start + k, v - low, left=low, height=0.85, color=colours[impl],
                      edgecolor="black" if impl == primary else "none", linewidth=0.4, clip_on=False,
                      label=None if impl in labelled else impl)
            labelled.add(impl)
            axes.text(v * 1.04, start + k, gbps(v), va="center", ha="left", fontsize=5, clip_on=False)
    centres = [g * (len(impls) + gap) + (len(impls) - 1) / 2 for g in range(len(groups))]
    axes.set_yticks(centres, [name for name, _ in groups])
    for label in axes.get_yticklabels():
        if label.get_text() == "geomean":
            label.set_fontweight("bold")
    axes.tick_params(axis="y", length=0)
    axes.set_ylim(slots - 0.5 + 0.3, -0.8)
    axes.set_xscale("log")
    axes.set_xlim(low, high)
    axes.xaxis.set_major_locator(LogLocator(subs=(1, 2, 5)))  # 1, 2, 5, 10, 20...: readable on short ranges
    axes.xaxis.set_major_formatter(FuncFormatter(lambda x, _: "%g" % x))
    axes.xaxis.set_minor_formatter(NullFormatter())
    axes.grid(axis="x", which="major", color="#cccccc", linewidth=0.5)
    axes.set_axisbelow(True)
    for side in ("top", "right"):
        axes.spines[side].set_visible(False)
    axes.set_xlabel("GB/s of %s (10⁹ bytes per second, logarithmic scale; longer is faster)" % unit)

    # The legend, in the table's order, above the chart; utf8view's main implementation in bold.
    handles, labels = axes.get_legend_handles_labels()
    order = [labels.index(impl) for impl in impls if impl in labels]
    legend_box = figure.legend([handles[i] for i in order], [labels[i] for i in order], ncol=2,
                               loc="upper left", bbox_to_anchor=(left / width, 1 - top / height),
                               frameon=False, fontsize=6.5, handlelength=1.5, columnspacing=2.0)
    for text in legend_box.get_texts():
        if text.get_text() == primary:
            text.set_fontweight("bold")

    figure.text(0.5 / width, 1 - 0.12 / height, title, fontsize=9, fontweight="bold", va="top")
    how = run.how("one run each")
    figure.text(0.5 / width, 1 - 0.3 / height, "%s; %s; %s; %s, commit %s" % (
        run.label, facts["cpu"], how, run.context.get("date", "")[:10], facts["commit"]), fontsize=6.5,
        va="top", color="#333333")
    svg = io.StringIO()
    figure.savefig(svg, format="svg", metadata={"Date": None})
    pyplot.close(figure)
    # Smaller files, same picture: coordinates to 0.01 pt (in attributes only, not in the text shown),
    # no rotation by 0, no group around a single element.
    text = re.sub(r'(\s[\w:-]+=")([^"]*)"', lambda m: m.group(1) + re.sub(
        r"\d+\.\d{3,}", lambda n: "%.2f" % float(n.group()), m.group(2)) + '"', svg.getvalue())
    text = re.sub(r' transform="rotate\(-0 [^"]*\)"', "", text)
    text = re.sub(r'<g id="(?:patch|text)_\d+">\s*(<path [^<]*/>|<text [^<]*</text>)\s*</g>', r"\1", text)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def cpu_model():
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def cpu_flags():
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("flags"):
                    flags = line.split(":", 1)[1].split()
                    keep = ["sse4_2", "avx2", "avx512bw", "avx512vbmi", "avx512vbmi2"]
                    return " ".join(fl for fl in keep if fl in flags)
    except OSError:
        pass
    return ""


def git_commit(root):
    try:
        commit = subprocess.run(["git", "-C", root, "rev-parse", "--short", "HEAD"], capture_output=True,
                                text=True, check=True).stdout.strip()
        dirty = subprocess.run(["git", "-C", root, "status", "--porcelain", "--untracked-files=no", "--",
                                "include"], capture_output=True, text=True, check=True).stdout.strip()
        return commit + (" (include/ modified)" if dirty else "")
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def target_rows(runs):
    """[(text, [(ratio, verdict) per run])] and the list of unmet target texts."""
    rows, unmet = [], []
    for text, family, ours, peer, input_set, threshold in TARGETS:
        cells = []
        for run in runs:
            a = run.value(family, ours, input_set)
            b = run.value(family, peer, input_set)
            if a is None and ".kernel-" in ours and run.impls(family):
                # A row with a kernel forced exists only where the CPU has that kernel.
                cells.append((None, "n/a: no `%s` kernel on this CPU" % ours.rsplit("-", 1)[1]))
            elif a is None and not any(i == ours for i in run.impls(family)):
                cells.append((None, "NOT MEASURABLE: `%s` is not in the library yet" % ours.split(".", 1)[1]))
            elif b is None and peer.startswith("simdutf"):
                cells.append((None, "n/a: simdutf not in this run"))
            elif a is None or b is None:
                cells.append((None, "n/a: missing result"))
            elif input_set == "every lipsum":
                # The file with the lowest ratio decides.
                lipsum, _ = run.inputs(family)
                ratios = [(run.get(family, ours, i) / run.get(family, peer, i), i) for i in lipsum]
                r, worst = min(ratios)
                verdict = "MET" if r >= threshold else "NOT MET"
                cells.append((r, "%s (lowest: %s)" % (verdict, worst[len("lipsum-"):].split(".")[0])))
            else:
                r = a / b
                cells.append((r, "MET" if r >= threshold else "NOT MET"))
        rows.append((text, cells))
        if cells and not cells[0][1].startswith("MET") and not cells[0][1].startswith("n/a"):
            unmet.append(text)
    return rows, unmet


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--run", nargs=2, action="append", metavar=("KEY", "JSON"), required=True,
                        help="a build's results; KEY o3-native or o2 (first one is the reference build)")
    parser.add_argument("--mode", help="full or quick (recorded in the report; default: the saved run's, or full)")
    parser.add_argument("--elapsed", type=float, help="seconds the whole command took")
    parser.add_argument("--command", help="the command that made the report (default: the saved run's, "
                                          "or scripts/bench)")
    parser.add_argument("--tools", help="the report of scripts/bench-tools (Markdown), added as a section")
    parser.add_argument("--output", help="write the report to this file (default: standard output)")
    parser.add_argument("--plots", metavar="DIR", help="draw the bar charts into DIR (needs matplotlib)")
    parser.add_argument("--no-plots", action="store_true", help="tables only, even with --output")
    parser.add_argument("--save-runs", metavar="DIR", help="write each run, reduced, to DIR/KEY.json")
    args = parser.parse_args()
    runs = [Run(key, path) for key, path in args.run]
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    ref = runs[0]
    ctx = ref.context

    # What the report takes from outside the JSON: from a saved run when it
    # has it (--save-runs), otherwise from this machine and the arguments.
    saved = ctx.get("utf8view.report", {})
    facts = {
        "command": args.command or saved.get("command") or "scripts/bench",
        "mode": args.mode or saved.get("mode") or "full",
        "elapsed": args.elapsed if args.elapsed is not None else saved.get("elapsed"),
        "commit": saved["commit"] if "commit" in saved else git_commit(root),
        "cpu": saved["cpu"] if "cpu" in saved else cpu_model(),
        "cpu_flags": saved["cpu_flags"] if "cpu_flags" in saved else cpu_flags(),
        "os": saved["os"] if "os" in saved else "%s %s" % (platform.system(), platform.release()),
        "tools": saved.get("tools"),
    }
    if args.tools:
        with open(args.tools, encoding="utf-8") as f:
            facts["tools"] = f.read().rstrip("\n")

    # The charts: where they go, how the report links them, and matplotlib.
    output_dir = os.path.dirname(os.path.abspath(args.output)) if args.output else os.path.join(root, "doc")
    plots_dir = args.plots
    if plots_dir is None and args.output and not args.no_plots:
        plots_dir = os.path.splitext(args.output)[0]
    pyplot = None
    if plots_dir and not args.no_plots:
        pyplot = load_pyplot()
        if pyplot is None:
            if args.plots:
                sys.exit("report.py: --plots needs matplotlib, which Python %s here cannot import "
                         "(Debian: apt-get install python3-matplotlib)" % platform.python_version())
            sys.stderr.write("report.py: plots skipped: matplotlib is not installed "
                             "(Debian: apt-get install python3-matplotlib); the report has its tables only\n")
            plots_dir = None
        else:
            os.makedirs(plots_dir, exist_ok=True)
            # Charts of families or builds that are gone would stay behind.
            for family, _, _, _ in FAMILIES:
                for old in glob.glob(os.path.join(glob.escape(plots_dir), family + "-*.svg")):
                    os.remove(old)
    else:
        plots_dir = None
    out = []
    w = out.append

    w("# Benchmarks")
    w("")
    w("Generated by `%s`%s from Google Benchmark's JSON output (`bench/report.py`); do not edit by hand."
      % (facts["command"], " (quick mode)" if facts["mode"] == "quick" else ""))
    w("The code is in `bench/`; see `bench/README.md` for what each benchmark does and how to run one.")
    w("")

    # --- machine -----------------------------------------------------------
    w("## Machine and run")
    w("")
    w("| | |")
    w("|---|---|")
    w("| date | %s |" % ctx.get("date", datetime.datetime.now().isoformat(timespec="seconds")))
    w("| CPU | %s, %s logical CPUs at %s MHz; %s |" % (
        facts["cpu"], ctx.get("num_cpus", "?"), ctx.get("mhz_per_cpu", "?"), facts["cpu_flags"]))
    caches = ", ".join("L%s%s %s KiB" % (c.get("level"), "d" if c.get("type") == "Data" else
                                         "i" if c.get("type") == "Instruction" else "",
                                         c.get("size", 0) // 1024)
                       for c in ctx.get("caches", []))
    if caches:
        w("| caches (per instance) | %s |" % caches)
    w("| OS kernel | %s |" % facts["os"])
    for run in runs:
        load = run.context.get("load_avg")
        w("| build `%s` | %s, flags `%s`; load average at start %s |" % (
            run.key, run.context.get("compiler", "?"), run.context.get("cxx_flags", "?"),
            " ".join("%.2f" % x for x in load) if load else "?"))
    w("| utf8view | %s, commit %s |" % (ctx.get("utf8view.version", "?"), facts["commit"]))
    w("| utf8view SIMD kernel | %s%s |" % (
        "`%s`" % ctx["utf8view.kernel"] if not ctx.get("utf8view.kernel", "n/a").startswith("n/a")
        else ctx.get("utf8view.kernel", "?"),
        ", " + ctx["utf8view.kernel_choice"] if ctx.get("utf8view.kernel_choice") else ""))
    api = ctx.get("utf8view.api", "").split()
    wanted = {"VALIDATE": "`validate`", "IS_VALID": "`is_valid`", "DECODE_INTO": "`decode_into`",
              "ENCODE_INTO": "`encode_into`", "DECODE_BUFFERED": "`views::decode_buffered`",
              "ACTIVE_KERNEL": "kernel dispatch (`detail::active_kernel`)"}
    present = [v for k, v in wanted.items() if any(x == k or x.startswith(k + "_") for x in api)]
    missing = [v for k, v in wanted.items() if not any(x == k or x.startswith(k + "_") for x in api)]
    w("| utf8view API benchmarked | %s |" % (", ".join(present) or "only the views"))
    if missing:
        w("| utf8view API not there yet | %s |" % ", ".join(missing))
    if "simdutf.version" in ctx:
        w("| simdutf | %s, kernel `%s` (built from source by `bench/CMakeLists.txt`; not in this repository) |"
          % (ctx["simdutf.version"], ctx.get("simdutf.kernel", "?")))
    else:
        w("| simdutf | not in this run (set `UTF8VIEW_BENCH_SIMDUTF_DIR`) |")
    w("| peers | utfcpp, ICU, Boost.Regex (Debian 12 packages), glibc iconv, `memchr` |")
    w("| measure | GB/s = 10⁹ bytes of UTF-8 per second of CPU time (decode, sum, validate: the input; "
      "encode: the output); %s |" % (
          ref.how("one run each (quick mode)")))
    if facts["elapsed"] is not None:
        w("| the whole command took | %.1f min |" % (facts["elapsed"] / 60))
    w("")
    inputs = [(k[len("input."):], v) for k, v in sorted(ctx.items()) if k.startswith("input.")]
    if inputs:
        w("Inputs:")
        w("")
        for name, desc in inputs:
            w("- `%s`: %s" % (name, desc))
        w("")
    w("The machine is shared and has 2 cores: other jobs may have run at the same time, so absolute "
      "numbers vary from run to run and only ratios within one run mean much. The peers of each input run "
      "one after the other, so that they see the same conditions.")
    w("")

    # --- status and targets --------------------------------------------------
    rows, unmet = target_rows(runs)
    by_key = {r.key: r for r in runs}
    cross_rows = []
    for text, family, slow, fast, threshold in CROSS_TARGETS:
        cells = []
        for run in runs:
            a, b = run.geomean(family, slow), run.geomean(family, fast)
            side = a / b if a is not None and b is not None else None
            if run.key == "o3-native":
                two = None
                if "o2" in by_key:
                    a2, b2 = by_key["o2"].geomean(family, fast), run.geomean(family, fast)
                    two = a2 / b2 if a2 is not None and b2 is not None else None
                verdict = "n/a: not built (x86-64 only)" if side is None else \
                    "%s %s side by side" % (ratio(side), "MET" if side >= threshold else "NOT MET")
                if side is None or side < threshold:
                    unmet.append(text)
                if two is not None:
                    verdict += " (two separate runs: %s)" % ratio(two)
                cells.append(verdict)
            else:
                cells.append("control, both -O2: %s" % ratio(side) if side is not None else "–")
        if "o3-native" in by_key:
            cross_rows.append("| %s | %s |" % (text, " | ".join(cells)))
    w("## Status")
    w("")
    kernel = ctx.get("utf8view.kernel", "")
    if not kernel or kernel.startswith("n/a"):
        w("- **utf8view's SIMD paths are in progress**: this utf8view has no SIMD kernel yet, so every "
          "utf8view number here is scalar code.")
    else:
        w("- utf8view's validation dispatched to its `%s` kernel (the Validate tables also time each "
          "kernel forced in turn)." % kernel)
    lazy_unmet = [t for t in unmet if t.startswith("lazy")]
    if lazy_unmet:
        w("- What limits the lazy views (`sum` and `views::encode` rows): an iterator step yields one "
          "element, and where the next one starts depends on the length of this one, so the loop runs at the "
          "speed of that dependency and of the branch predictor on text that mixes lengths. The decode view "
          "validates ahead with the SIMD kernel but decodes one code point per step. A window of 32 code "
          "points decoded ahead by an AVX-512 kernel was tried: about 20% faster with that kernel, still about "
          "1.1x utfcpp's unchecked iterator, 10-40% slower on CPUs without such a kernel, and 170 bytes more "
          "per iterator (doc/design.md); windows refilled by the dispatched transcoder paid only at about "
          "1024 code points (4 KiB per iterator), and one refilled inline by AVX-512 code (16 code points) "
          "was slower than the one-element step on every file. On pure ASCII utfcpp's loop runs 8 "
          "instructions and one taken branch per element and utf8view's (g++ 12 -O3) 7 and one, since its "
          "iterators compare without branches (doc/design.md, Iterators); where scripts mix lengths both "
          "are bound by the branch on each character's length. A "
          "prototype stepping by a 64-bit mask of lead bytes (one instruction per element on the position "
          "chain) with branch-free decoding ran at half the speed: about 20 instructions per element. "
          "`views::encode` yields one byte per step (a shift, a compare, the store: 6 instructions and a taken "
          "branch per byte, plus the code point's classification and packing), where utfcpp writes all bytes "
          "of a code point in straight-line code. The loops move by up to 25% between two builds "
          "of the same source (code layout: utfcpp's unchecked iterator ran at 1.30 and 1.75 GB/s on the Latin "
          "file in two builds of this binary that differed only in utf8view's code; utf8view's loop, moved by "
          "16 bytes at a time in a standalone program, by up to 2x), so a ratio near a "
          "threshold can change from one build to the next.")
    if any(t.startswith("`views::decode_buffered`") for t in unmet):
        w("- What limits `views::decode_buffered` (the `views_decode_buffered` rows): it decodes 2048 code points "
          "at a time with `decode_into`'s kernels, and a step of its loop takes one from the buffer (a load, "
          "an increment, a compare: about one code point per cycle). simdutf's rows, and `decode_into` in "
          "chunks, loop over a plain array, which the compiler vectorizes for a sum (several code points per "
          "instruction on ASCII); a loop body that does work per code point does not vectorize, and the "
          "difference goes. The kernel's time and the loop's step add up: where the transcoding kernel is "
          "slowest (Korean on AVX2, 3-byte Hangul between ASCII spaces: about 2.5 GB/s) the two together fall "
          "below utfcpp's branchy loop, whose branches are predicted there.")
    if any("backwards" in t or "std::views::reverse" in t for t in unmet):
        w("- What limits the loops backwards (`views_decode_backward`, `views_decode_reverse`): each step "
          "back decodes the sequence that ends at the iterator without checks, inside a stretch validated "
          "behind it, and `std::reverse_iterator` is specialized to decode each element once (doc/design.md, "
          "Iterators). A step back finds the lead byte by testing up to three bytes back, and a loop of "
          "`--it` tests against `begin()` without branches (GCC); over ASCII a step back is 15 instructions "
          "where a step forwards is 7, so the ratio is lowest on the Latin file. GCC's block layout adds or removes a taken "
          "branch per element from one build to the next: the `--` loop over the Latin file ran at 1.1 GB/s in "
          "one standalone program and at 1.9 GB/s in another, built from the same headers with the same "
          "flags. The file that decides the target changes from run to run.")
    if any(t.startswith("`repair_into` of valid text") for t in unmet):
        copy = ref.geomean("repair", "memcpy")
        check = ref.geomean("validate", "utf8view.validate")
        repair = ref.geomean("repair", "utf8view.repair_into")
        if copy and check and repair:
            w("- What limits `repair_into` of valid text: it runs the validation kernel and copies each block "
              "the kernel accepts as it goes (no decoding, no encoding). Here `memcpy` of the lipsum files, "
              "which fit in the L2 cache, runs at %s GB/s (geometric mean), validation alone (`utf8view.validate`"
              " in the Validate table) at %s GB/s, %s of `memcpy`, and repair at %s GB/s, %s of validation "
              "alone: the copy costs the difference, and the target needs repair at %s of validation alone. "
              "(The copying loop shifts each vector's 1st to 3rd bytes before it in from the previous vector; "
              "loading them from memory, as the SSE, NEON and AVX2 validators do, made it no faster with "
              "its output at any distance from its input, from 0 to 4 KiB, and up to 30%% slower at some: "
              "doc/design.md, \"The contiguous fast path\".)%s"
              % (gbps(copy), gbps(check), ratio(check / copy), gbps(repair), ratio(repair / check),
                 ratio(0.4 * copy / check),
                 " Validation alone runs below 0.4x `memcpy` here, so no copy made while validating can meet "
                 "the target on this machine: only faster validation could." if check < 0.4 * copy else ""))
    if any(t.startswith("`utf8_to_utf16_into` ≥ 1.0× simdutf") for t in unmet):
        lipsum, _ = ref.inputs("to_utf16")
        pairs = []
        for name in lipsum:
            ours = ref.get("to_utf16", "utf8view.utf8_to_utf16_into", name)
            theirs = ref.get("to_utf16", "simdutf.convert_utf8_to_utf16le", name)
            if ours and theirs:
                pairs.append((short_input(name).split(".")[0], ours / theirs))
        behind = sorted((p for p in pairs if p[1] < 1.0), key=lambda p: p[1])
        ahead = sorted((p for p in pairs if p[1] >= 1.0), key=lambda p: -p[1])
        if behind:
            w("- What limits `utf8_to_utf16_into` against simdutf (its `%s` kernel here): per file, utf8view is "
              "behind on %s and ahead on %s. utf8view's AVX-512 kernel widens ASCII 32 or 64 bytes at a time "
              "and takes a window of 1- and 2-byte characters as two groups of 32 16-bit words, each packed "
              "by one compress (CJK and emoji go other paths); what bounds those two paths on this CPU has "
              "not been measured yet."
              % (ctx.get("simdutf.kernel", "?"),
                 ", ".join("%s (%s)" % (n, ratio(r)) for n, r in behind),
                 ", ".join("%s (%s)" % (n, ratio(r)) for n, r in ahead) or "none"))
    if any("ICU `U8_NEXT` loop on" in t and t.startswith("lazy") for t in unmet):
        w("- What limits the lazy loop over text with errors: after an error the view decodes the next 1024 "
          "bytes with every check, one element per step, as ICU's `U8_NEXT` loop does throughout, and asks "
          "the kernel again only after that stretch (doc/design.md, \"The contiguous fast path\"). A step "
          "there tests two positions (the ends of the validated and of the checked stretch) where ICU's loop "
          "tests one index, and an error also costs the start of a new checked stretch. Where errors are dense "
          "but regular (one in 8) both loops are bound by branch mispredictions, about one per error; where "
          "they are dense and random (random bytes) the view steps through 64-byte windows whose segment "
          "starts the transcoder's byte classes give, with no branch per segment. GCC's block layout decides "
          "the rest: the same steps run 5-30% faster or slower as their blocks fall across 64-byte lines "
          "(doc/design.md, \"The contiguous fast path\").")
    if missing:
        w("- Not in the library yet (their benchmarks and targets wait for them): %s." % ", ".join(missing))
    if unmet:
        w("- Targets not met in the `%s` build (%d of %d): %s." % (
            ref.key, len(unmet), len(TARGETS) + len(CROSS_TARGETS), "; ".join(unmet)))
    w("")
    w("## Targets")
    w("")
    w("Ratio of the geometric means over the lipsum-*.txt files (the ASCII target: over the ASCII input), "
      "measured side by side in one run.")
    w("")
    w("| target | " + " | ".join("`%s`: %s" % (r.key, r.label) for r in runs) + " |")
    w("|---|" + "---|" * len(runs))
    for text, cells in rows:
        w("| %s | %s |" % (text, " | ".join(
            "%s %s" % (ratio(r), v) if r is not None else v for r, v in cells)))
    for cross_row in cross_rows:
        w(cross_row)
    w("")

    # --- families ------------------------------------------------------------
    for family, title, unit, _ in FAMILIES:
        w("## %s" % title)
        w("")
        for run in runs:
            impls = run.impls(family)
            if not impls:
                continue
            lipsum, others = run.inputs(family)
            primary = run.primary(family)
            w("### %s, `%s` (GB/s of %s)" % (title, run.label, unit))
            w("")
            if plots_dir:
                name = "%s-%s.svg" % (family, run.key)
                plot_table(pyplot, run, family, title, unit, facts, os.path.join(plots_dir, name))
                link = os.path.relpath(os.path.join(os.path.abspath(plots_dir), name), output_dir)
                w("![%s, %s: GB/s per implementation and input](%s)" % (
                    title, run.label, link.replace(os.sep, "/")))
                w("")
            cols = [short_input(i) for i in lipsum] + ["**geomean**"] + others
            w("| implementation | " + " | ".join(cols) + " | %s ÷ this (geomean) |"
              % ("`%s`" % primary if primary else "utf8view"))
            w("|---|" + "---:|" * (len(cols) + 1))
            ours = run.geomean(family, primary) if primary else None
            for impl in impls:
                g = run.geomean(family, impl)
                cells = [gbps(run.get(family, impl, i)) for i in lipsum] + ["**%s**" % gbps(g)] + \
                        [gbps(run.get(family, impl, i)) for i in others]
                rel = "" if impl == primary else ratio(ours / g if ours and g else None)
                name = describe(impl)
                if impl == primary:
                    name = "**%s**" % name
                w("| %s | %s | %s |" % (name, " | ".join(cells), rel))
            w("")

    # --- command-line tools ----------------------------------------------------
    if facts["tools"]:
        w("## utf8check against isutf8, uconv and iconv")
        w("")
        w("Whole commands on files of a few hundred MB, by `scripts/bench-tools` in the same run of `scripts/bench`; "
          "each pair's outputs are checked to agree.")
        w("")
        w(facts["tools"])
        w("")
    text = "\n".join(out) + "\n"
    if args.output:
        os.makedirs(output_dir, exist_ok=True)
        with open(args.output + ".tmp", "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(args.output + ".tmp", args.output)
    else:
        sys.stdout.write(text)

    if args.save_runs:
        os.makedirs(args.save_runs, exist_ok=True)
        for run in runs:
            run.save(os.path.join(args.save_runs, run.key + ".json"), facts)


if __name__ == "__main__":
    main()
