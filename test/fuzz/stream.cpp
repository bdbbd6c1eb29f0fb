// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.

// Fuzz target: arbitrary bytes cut into chunks of random sizes (empty ones,
// 1 to 5 bytes, up to 2 KiB), through stream_decoder and stream_repairer,
// compared with the reference decoder (support/reference_utf8.hpp) over
// the whole input:
//
//   - under each validation kernel and transcoder this CPU has, forced in
//     turn, each with its own chunking (from the input's hash);
//   - the decoder with on_error::replace, a user policy ('?', recording what
//     it is told: kind, stream offset, length), on_error::skip and
//     on_error::throw_exception (the first error's offset and kind);
//   - the repairer with on_error::replace and on_error::skip;
//   - bytes_read() and pending() after each chunk, and that no call writes
//     more than max_decoded_size / max_repaired_size: each chunk ends at a
//     page boundary, and each output is exactly that bound, ending at one.

#include <utf8view/detail/dispatch.hpp>
#include <utf8view/stream.hpp>

#include "fuzz/fuzz_support.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace u8v = utf8view;
namespace d = utf8view::detail;
namespace f = utf8view_fuzz;
namespace ref = utf8view_test::reference;
using f::check;

namespace {

struct recording_policy {
    std::vector<u8v::decode_error_info>* log;
    std::optional<char32_t> operator()(const u8v::decode_error_info& info) const
    {
        log->push_back(info);
        return U'?';
    }
};

f::page_end_buffer& chunk_buffer()
{
    static f::page_end_buffer buffer;
    return buffer;
}
f::page_end_buffer& output_buffer()
{
    static f::page_end_buffer buffer;
    return buffer;
}

// Chunk sizes drawn from `state` (xorshift64): mostly small, where chunk
// ends fall inside sequences, sometimes past the kernels' thresholds.
std::size_t next_chunk_size(std::uint64_t& state)
{
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    switch (state % 8) {
    case 0: return 0;
    case 1:
    case 2:
    case 3: return 1 + (state >> 8) % 5;
    case 4:
    case 5: return (state >> 8) % 100;
    default: return (state >> 8) % 2048;
    }
}

struct expectations {
    std::u32string replaced;
    std::u32string questioned;
    std::u32string skipped;
    std::string repaired;
    std::string repaired_skipped;
    std::vector<ref::segment> errors;
    std::vector<ref::segment> all;
};

// Runs every stream object over `input` in the chunks `state` gives.
void check_chunked(std::string_view input, const expectations& e, std::uint64_t state)
{
    std::vector<u8v::decode_error_info> log;
    u8v::stream_decoder replacer;
    u8v::stream_decoder questioner(recording_policy{&log});
    u8v::stream_decoder skipper(u8v::on_error::skip);
    u8v::stream_decoder thrower(u8v::on_error::throw_exception);
    u8v::stream_repairer repairer;
    u8v::stream_repairer skipping_repairer(u8v::on_error::skip);
    std::u32string replaced;
    std::u32string questioned;
    std::u32string skipped;
    std::string repaired;
    std::string repaired_skipped;
    bool thrown = false;
    std::size_t position = 0;
    std::string chunks;  // the sizes, for the failure message
    const auto what = [&] { return "chunks of " + chunks + " bytes"; };

    // Each object's output for one call, at a page end, exactly its bound.
    const auto decode = [&](auto& decoder, std::span<const unsigned char> chunk, std::u32string& into) {
        const std::size_t bound = decoder.max_decoded_size(chunk.size());
        char32_t* const out = output_buffer().output_at_end<char32_t>(bound, U'\0');
        char32_t* const end = decoder.decode(chunk, out);
        into.append(out, end);
    };
    const auto repair = [&](auto& repairer_object, std::span<const unsigned char> chunk, std::string& into) {
        const std::size_t bound = repairer_object.max_repaired_size(chunk.size());
        char* const out = output_buffer().output_at_end<char>(bound, '\0');
        char* const end = repairer_object.repair(chunk, out);
        into.append(out, end);
    };

    while (true) {
        const bool last = position == input.size();
        const std::size_t size = last ? 0 : std::min(next_chunk_size(state), input.size() - position);
        if (!last) {
            chunks += std::to_string(size) + " ";
            const std::string_view piece = input.substr(position, size);
            const std::span<const unsigned char> chunk(chunk_buffer().at_end(piece), size);
            decode(replacer, chunk, replaced);
            decode(questioner, chunk, questioned);
            decode(skipper, chunk, skipped);
            repair(repairer, chunk, repaired);
            repair(skipping_repairer, chunk, repaired_skipped);
            if (!thrown) {
                try {
                    std::u32string ignored;
                    decode(thrower, chunk, ignored);
                }
                catch (const u8v::decode_error& error) {
                    thrown = true;
                    if (e.errors.empty() || error.offset() != e.errors.front().offset ||
                        error.kind() != *e.errors.front().error)
                        check(false, what(), ": on_error::throw_exception threw ", u8v::to_string(error.kind()), " at ",
                              error.offset());
                }
            }
            position += size;
            if (replacer.bytes_read() != position || repairer.bytes_read() != position)
                check(false, what(), ": bytes_read() ", replacer.bytes_read(), ", expected ", position);
            // The held bytes are the start of the segment that the next chunks decide.
            const std::size_t held = replacer.pending();
            if (held > 3 || repairer.pending() != held) check(false, what(), ": pending() ", held);
            // held == 0: `position` is a segment boundary of the whole input;
            // otherwise a segment starts at position - held that ends after
            // `position`, or ends there cut short: an ill-formed one that
            // starts a longer row of Table 3-7 (the next byte breaks it).
            const std::size_t start = position == input.size() ? position : ref::segment_start(e.all, position);
            if (held == 0 && start != position)
                check(false, what(), ": nothing held at ", position, ", inside the segment from ", start);
            if (held != 0) {
                const std::size_t held_start = position - held;
                const auto s = std::find_if(e.all.begin(), e.all.end(),
                                            [&](const ref::segment& c) { return c.offset == held_start; });
                const auto lead = static_cast<unsigned char>(input[held_start]);
                const bool decided_later =
                    s != e.all.end() && (s->end() > position ||
                                         (s->end() == position && !s->well_formed() && ref::row_length(lead) > held));
                if (!decided_later) check(false, what(), ": ", held, " bytes held at ", position);
            }
            continue;
        }
        break;
    }
    {
        char32_t* const out = output_buffer().output_at_end<char32_t>(1, U'\0');
        replaced.append(out, replacer.finish(out));
    }
    questioner.finish(std::back_inserter(questioned));
    skipper.finish(std::back_inserter(skipped));
    {
        char* const out = output_buffer().output_at_end<char>(4, '\0');
        repaired.append(out, repairer.finish(out));
    }
    skipping_repairer.finish(std::back_inserter(repaired_skipped));
    if (!thrown) {
        try {
            std::u32string ignored;
            thrower.finish(std::back_inserter(ignored));
        }
        catch (const u8v::decode_error& error) {
            thrown = true;
            if (e.errors.empty() || error.offset() != e.errors.front().offset)
                check(false, what(), ": finish() threw at ", error.offset());
        }
    }
    if (thrown != !e.errors.empty()) check(false, what(), ": on_error::throw_exception threw: ", thrown);
    if (replaced != e.replaced) check(false, what(), ": on_error::replace decoded something else");
    if (questioned != e.questioned) check(false, what(), ": the '?' policy decoded something else");
    if (skipped != e.skipped) check(false, what(), ": on_error::skip decoded something else");
    if (repaired != e.repaired)
        check(false, what(), ": repaired [", f::hex(repaired), "], expected [", f::hex(e.repaired), "]");
    if (repaired_skipped != e.repaired_skipped) check(false, what(), ": repaired with skip: differs");
    check(log.size() == e.errors.size(), what(), ": the policy was asked ", log.size(), " times, expected ",
          e.errors.size());
    for (std::size_t index = 0; index < log.size(); ++index)
        check(log[index].kind == *e.errors[index].error && log[index].offset == e.errors[index].offset &&
                  log[index].length == e.errors[index].length,
              what(), ": call ", index, " was told ", u8v::to_string(log[index].kind), " at ", log[index].offset,
              ", expected ", u8v::to_string(*e.errors[index].error), " at ", e.errors[index].offset);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view input(reinterpret_cast<const char*>(data), size);
    f::current_input = input;
    const std::uint64_t hash = f::hash_of(input);
    expectations e;
    e.all = ref::segments(data, size);
    for (const ref::segment& s : e.all) {
        if (s.well_formed()) {
            e.replaced += s.code_point;
            e.questioned += s.code_point;
            e.skipped += s.code_point;
            e.repaired += ref::encode(s.code_point);
            e.repaired_skipped += ref::encode(s.code_point);
        }
        else {
            e.replaced += U'\uFFFD';
            e.questioned += U'?';
            e.repaired += ref::encode(0xFFFD);
            e.errors.push_back(s);
        }
    }
    std::uint64_t configuration_index = 0;
    f::for_each_configuration(
        [&](const f::configuration&) {
            check_chunked(input, e, (hash | 1) + 0x9E3779B97F4A7C15u * ++configuration_index);
        },
        size >= d::simd_threshold_bytes);
    return 0;
}
