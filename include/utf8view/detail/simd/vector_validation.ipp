// Copyright (c) 2026 the utf8view authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at https://www.boost.org/LICENSE_1_0.txt)

/// \file
/// The vector validation algorithm, written once for every instruction set:
/// Table 3-7 of Unicode 15.0 ch. 3 in nibble-class form
/// (detail/simd/table_3_7_nibbles.hpp) checked a vector at a time, as in
/// J. Keiser and D. Lemire, "Validating UTF-8 In Less Than One Instruction
/// Per Byte", Software: Practice and Experience 51(5), 2021.
///
/// Not a header of its own: each kernel header (sse.hpp, avx2.hpp,
/// avx512.hpp, neon.hpp) includes it inside its namespace and inside its
/// target region (detail/prologue.hpp), after defining
///   - `vector`, a wrapper of one native vector of `vector::bytes` bytes,
///     with `&`, `|`, `^` and these functions of the namespace: `load`,
///     `store`, `splat`, `table_in_each_lane` (a 16-byte table in every
///     128-bit lane, as the byte shuffle looks up within a lane),
///     `table_in_last_lane` (the table in the last 16 bytes, FF elsewhere),
///     `look_up(table, nibbles)`, `high_nibbles`, `low_nibbles`,
///     `earlier_bytes<N>(current, previous)` (each byte's N-th predecessor,
///     across the vector edge), `saturating_subtract`, `is_ascii` (no byte
///     >= 80), `is_zero`, and `first_nonzero_byte` (its index, or
///     vector::bytes);
///   - `step_vectors`: how many vectors the checking loop takes per step
///     (one error test and one ASCII test per step), and
///     `dense_step_vectors`, how many while the text stays non-ASCII;
///   - `validation_loads_predecessors`: whether the validating loop loads
///     each vector's 1st to 3rd predecessors from memory (check_in_place)
///     rather than shifting them in from the vector before (check).
/// So the code below is compiled once per instruction set, each time with
/// that set enabled: a template could not do it, since a function that uses
/// one set's intrinsics must itself be compiled for that set, and one
/// template definition has one target.
///
/// What it defines: `validate`, `accepted_prefix` and `copy_accepted_prefix`,
/// the kernel's entries in the kernel table (detail/dispatch.hpp);
/// `block_prefix` and `block_bytes`, the vector part the tests check alone;
/// and `ends_well_formed`, validate's vector check of the input's last
/// partial block.

// Deliberately no include guard: included once in each kernel's namespace.

// Bytes the contract of block_prefix counts in (a whole number of vectors,
// and of steps below): what it accepts is a whole number of blocks. The last
// n % block_bytes bytes are checked by ends_well_formed, or left to the
// scalar kernel.
inline constexpr std::size_t block_bytes = 64;
inline constexpr std::size_t block_vectors = block_bytes / vector::bytes;
inline constexpr std::size_t step_bytes = step_vectors * vector::bytes;
inline constexpr std::size_t dense_step_bytes = dense_step_vectors * vector::bytes;
static_assert(block_bytes % vector::bytes == 0 && step_bytes % block_bytes == 0,
              "a step is a whole number of blocks, a block a whole number of vectors");
static_assert(dense_step_vectors >= step_vectors, "a step inside non-ASCII text is at least as wide");

// `Count` vectors, one after another in memory.
template <std::size_t Count>
using vectors = std::array<vector, Count>;

template <std::size_t... Index>
UTF8VIEW_ALWAYS_INLINE inline vectors<sizeof...(Index)> load_vectors(const unsigned char* p,
                                                                     std::index_sequence<Index...>) noexcept
{
    return {load(p + Index * vector::bytes)...};
}

template <std::size_t Count>
UTF8VIEW_ALWAYS_INLINE inline vectors<Count> load_vectors(const unsigned char* p) noexcept
{
    return load_vectors(p, std::make_index_sequence<Count>{});
}

template <std::size_t... Index>
UTF8VIEW_ALWAYS_INLINE inline bool is_ascii(const vectors<sizeof...(Index)>& v, std::index_sequence<Index...>) noexcept
{
    return is_ascii((v[Index] | ...));
}

template <std::size_t Count>
UTF8VIEW_ALWAYS_INLINE inline bool is_ascii(const vectors<Count>& v) noexcept
{
    return is_ascii(v, std::make_index_sequence<Count>{});
}

// The nibble tables, in the shape the checks use.
struct tables {
    vector previous_high;
    vector previous_low;
    vector current_high;
    vector unfinished_at_end;  // applies to the last 16 bytes of a vector only
};

UTF8VIEW_ALWAYS_INLINE inline tables load_tables() noexcept
{
    return {table_in_each_lane(lookup::previous_high), table_in_each_lane(lookup::previous_low),
            table_in_each_lane(lookup::current_high), table_in_last_lane(lookup::unfinished_at_end)};
}

// The error bytes of `current`, given each byte's first, second and third
// predecessors (`previous_1`, `previous_2`, `previous_3`, byte for byte):
// non-zero where a byte is not allowed after the bytes before it.
UTF8VIEW_ALWAYS_INLINE inline vector check(vector current, vector previous_1, vector previous_2, vector previous_3,
                                           const tables& t) noexcept
{
    // The pair (byte before, byte): the AND of three nibble lookups is the
    // set of ill-formed classes the pair is in.
    const vector pair_errors = look_up(t.previous_high, high_nibbles(previous_1)) &
                               look_up(t.previous_low, low_nibbles(previous_1)) &
                               look_up(t.current_high, high_nibbles(current));

    // Where byte i-2 is >= E0 or byte i-3 >= F0, byte i must be a
    // continuation byte after a continuation byte (two_continuations), and
    // nowhere else: XOR leaves bit 7 set where the two disagree.
    const vector third = saturating_subtract(previous_2, splat(lookup::third_byte_threshold));
    const vector fourth = saturating_subtract(previous_3, splat(lookup::fourth_byte_threshold));
    const vector must_continue = (third | fourth) & splat(0x80);
    return pair_errors ^ must_continue;
}

// The error bytes of `current`, whose bytes follow those of `previous`: the
// predecessors shifted in across the two vectors.
UTF8VIEW_ALWAYS_INLINE inline vector check(vector current, vector previous, const tables& t) noexcept
{
    return check(current, earlier_bytes<1>(current, previous), earlier_bytes<2>(current, previous),
                 earlier_bytes<3>(current, previous), t);
}

// The error bytes of `current`, the vector loaded from `at`, whose 3 bytes
// before are readable: the predecessors loaded from memory, 1, 2 and 3
// bytes back. Loads where the shifts across the vector edge are shuffles
// (two instructions each on AVX2 and AVX-512), the unit the check is
// limited by.
UTF8VIEW_ALWAYS_INLINE inline vector check_in_place(vector current, const unsigned char* at, const tables& t) noexcept
{
    return check(current, load(at - 1), load(at - 2), load(at - 3), t);
}

template <std::size_t Count, std::size_t... Index>
UTF8VIEW_ALWAYS_INLINE inline vector check(const vectors<Count>& v, vector previous, const tables& t,
                                           std::index_sequence<0, Index...>) noexcept
{
    return (check(v[0], previous, t) | ... | check(v[Index], v[Index - 1], t));
}

// The errors of `Count` vectors that follow `previous`.
template <std::size_t Count>
UTF8VIEW_ALWAYS_INLINE inline vector check(const vectors<Count>& v, vector previous, const tables& t) noexcept
{
    return check(v, previous, t, std::make_index_sequence<Count>{});
}

template <std::size_t Count, std::size_t... Index>
UTF8VIEW_ALWAYS_INLINE inline vector check_in_place(const vectors<Count>& v, const unsigned char* at, const tables& t,
                                                    std::index_sequence<Index...>) noexcept
{
    return (check_in_place(v[Index], at + Index * vector::bytes, t) | ...);
}

// The errors of `Count` vectors loaded from `at`, whose 3 bytes before are
// readable.
template <std::size_t Count>
UTF8VIEW_ALWAYS_INLINE inline vector check_in_place(const vectors<Count>& v, const unsigned char* at,
                                                    const tables& t) noexcept
{
    return check_in_place(v, at, t, std::make_index_sequence<Count>{});
}

// Where block_prefix copies what it accepts (copy_accepted_prefix): each
// clean step goes to `out` whole, from the registers it was loaded into,
// as it is found; the last 4 bytes written are counted as not copied, and
// what they held before is kept so that copy_accepted_prefix puts it back
// at the end. So nothing is left written past `copied`, which stops at
// least 4 bytes short of the accepted prefix, and so before its last
// segment (at most 3 bytes of an unfinished sequence): the caller writes
// that one itself, after deciding what becomes of it. Holding the last
// block back in registers instead, to store it with the next step, cost a
// tenth of repair's speed over lipsum with AVX2 (registers the checks
// need), and loading it again from the input cost half as much.
struct block_copy {
    // The checks shift each vector's predecessors in from the vector before
    // (check), rather than loading them 1 to 3 bytes back (check_in_place):
    // here the loads gained nothing, and with the stores to `out` close
    // behind them the loop sometimes ran at two thirds of its speed.
    static constexpr bool loads_predecessors = false;
    static constexpr std::size_t kept_bytes = sizeof(std::uint32_t);
    unsigned char* out = nullptr;
    std::size_t copied = 0;                 // p[0, copied) is at out[0, copied)
    std::uint32_t kept = 0;                 // what out[copied, copied + 4) held before, once a step is stored

    // The clean vectors `v`, a whole number of blocks at p[at, ...), right
    // after what is accepted so far.
    template <std::size_t Count>
    UTF8VIEW_ALWAYS_INLINE void accept(std::size_t at, const vectors<Count>& v) noexcept
    {
        static_assert(Count % block_vectors == 0, "whole blocks");
        const std::size_t end = at + Count * vector::bytes;
        UTF8VIEW_MEMCPY(&kept, out + end - kept_bytes, kept_bytes);
        for (std::size_t index = 0; index != Count; ++index) store(out + at + index * vector::bytes, v[index]);
        copied = end - kept_bytes;
    }

    // Puts back what the last step's last 4 bytes overwrote.
    void finish() noexcept
    {
        if (copied != 0) UTF8VIEW_MEMCPY(out + copied, &kept, kept_bytes);
    }
};

// Validation: nothing is kept. A type of its own, not a block_copy without
// `out`, so that the validating loop carries no test of `out` per block
// (block_prefix is too large to be inlined where that would fold away).
struct no_copy {
    static constexpr bool loads_predecessors = validation_loads_predecessors;
    template <std::size_t Count>
    UTF8VIEW_ALWAYS_INLINE void accept(std::size_t, const vectors<Count>&) noexcept
    {}
};

// The length of the longest prefix of p[0, n) made of whole blocks in which
// the vector code found nothing wrong. Bytes before it are well-formed except
// perhaps for a sequence unfinished at its end; the block that starts there
// (if any) holds an error or continues such a sequence wrongly. Reads only
// whole blocks inside p[0, n). `copy` is given each clean step as it is
// accepted. A run of ASCII is skipped two steps at a time with nothing but
// the ASCII test. Always inlined, as accepted_prefix is: left out of line,
// GCC kept block_copy (`copied`) in memory through the loop.
template <class Copy>
UTF8VIEW_ALWAYS_INLINE inline std::size_t block_prefix(const unsigned char* p, std::size_t n, Copy& copy) noexcept
{
    const tables t = load_tables();
    vector unfinished = splat(0);  // non-zero if the bytes so far end inside a sequence
    vector previous = splat(0);    // the vector before p + i (as if ASCII before p)
    std::size_t i = 0;
    // The first step, whose bytes have none before them to load: their
    // predecessors are shifted in from a vector of ASCII (the bytes before p
    // count as ASCII). The steps after it load theirs (check_in_place).
    if (n >= step_bytes) {
        const vectors<step_vectors> step = load_vectors<step_vectors>(p);
        if (!is_ascii(step)) {
            if (!is_zero(check(step, splat(0), t))) return 0;
            previous = step[step_vectors - 1];
            unfinished = saturating_subtract(previous, t.unfinished_at_end);
        }
        copy.accept(0, step);
        i = step_bytes;
    }
    while (n - i >= step_bytes) {
        const vectors<step_vectors> step = load_vectors<step_vectors>(p + i);
        if (is_ascii(step)) {
            // All ASCII: fine unless the bytes before left a sequence unfinished.
            if (!is_zero(unfinished)) return i;
            copy.accept(i, step);
            i += step_bytes;
            while (n - i >= 2 * step_bytes) {
                const vectors<2 * step_vectors> run = load_vectors<2 * step_vectors>(p + i);
                if (!is_ascii(run)) break;
                copy.accept(i, run);
                i += 2 * step_bytes;
            }
            // The checks of the next step see ASCII before it; which ASCII
            // bytes does not matter to them (no table entry tells them apart).
            previous = splat(0);
            unfinished = splat(0);
            continue;
        }
        if constexpr (Copy::loads_predecessors) {
            if (!is_zero(check_in_place(step, p + i, t))) return i;
        }
        else {
            if (!is_zero(check(step, previous, t))) return i;
        }
        copy.accept(i, step);
        previous = step[step_vectors - 1];
        unfinished = saturating_subtract(previous, t.unfinished_at_end);
        i += step_bytes;
        if constexpr (dense_step_vectors > step_vectors) {
            // Wider steps while the text stays non-ASCII; the first step
            // that is all ASCII goes back to the loop above, which takes it.
            while (n - i >= dense_step_bytes) {
                const vectors<dense_step_vectors> dense = load_vectors<dense_step_vectors>(p + i);
                if (is_ascii(dense)) break;
                if constexpr (Copy::loads_predecessors) {
                    if (!is_zero(check_in_place(dense, p + i, t))) return i;
                }
                else {
                    if (!is_zero(check(dense, previous, t))) return i;
                }
                copy.accept(i, dense);
                previous = dense[dense_step_vectors - 1];
                unfinished = saturating_subtract(previous, t.unfinished_at_end);
                i += dense_step_bytes;
            }
        }
    }
    if constexpr (step_bytes > block_bytes) {
        // What is left may still hold whole blocks: one at a time (the first
        // of them at p itself if p[0, n) is shorter than a step).
        while (n - i >= block_bytes) {
            const vectors<block_vectors> block = load_vectors<block_vectors>(p + i);
            const vector errors = is_ascii(block)                      ? unfinished
                                  : Copy::loads_predecessors && i != 0 ? check_in_place(block, p + i, t)
                                                                       : check(block, previous, t);
            if (!is_zero(errors)) return i;
            copy.accept(i, block);
            previous = block[block_vectors - 1];
            unfinished = saturating_subtract(previous, t.unfinished_at_end);
            i += block_bytes;
        }
    }
    return i;
}

inline std::size_t block_prefix(const unsigned char* p, std::size_t n) noexcept
{
    no_copy none;
    return block_prefix(p, n, none);
}

// block_prefix, then, in the whole vectors of the next step (as wide as a
// step inside non-ASCII text, where block_prefix may have stopped at one;
// or of what is left, if shorter), the first byte that check() finds not
// allowed after the bytes before it (with the real bytes before them);
// block_prefix alone if none is flagged. p[0, result) holds no error
// except perhaps the start of a sequence that this byte breaks (whose lead
// byte is at most 3 back), since a byte of a well-formed prefix is never
// flagged. What the kernel table's accepted_prefix is, and where validate()
// starts the scalar decoder: a few bytes before the error instead of up to
// a step.
template <class Copy>
UTF8VIEW_ALWAYS_INLINE inline std::size_t accepted_prefix(const unsigned char* p, std::size_t n, Copy& copy) noexcept
{
    const std::size_t i = block_prefix(p, n, copy);
    const tables t = load_tables();
    vector previous = i == 0 ? splat(0) : load(p + i - vector::bytes);
    for (std::size_t at = i; at - i < dense_step_bytes && n - at >= vector::bytes; at += vector::bytes) {
        const vector current = load(p + at);
        const std::size_t flagged = first_nonzero_byte(check(current, previous, t));
        if (flagged != vector::bytes) return at + flagged;
        previous = current;
    }
    return i;
}

inline std::size_t accepted_prefix(const unsigned char* p, std::size_t n) noexcept
{
    no_copy none;
    return accepted_prefix(p, n, none);
}

// accepted_prefix, copying to `out` the bytes it accepts as it reads them,
// all but at least the last 4 (see block_copy; the kernel table's
// copy_accepted_prefix).
inline prefix_copy copy_accepted_prefix(const unsigned char* p, std::size_t n, unsigned char* out) noexcept
{
    block_copy copy;
    copy.out = out;
    const std::size_t accepted = accepted_prefix(p, n, copy);
    copy.finish();
    return {accepted, copy.copied};
}

// Whether p[0, n) is well-formed, given `accepted`, what accepted_prefix
// returned for it, when what follows the accepted prefix fits in the last
// block_bytes bytes of the input (the n % block_bytes bytes that no whole
// block reaches, or a block with an error): those bytes are checked with
// the real bytes before them, and the last vector for a sequence cut by
// the end. A check flags every error at one of its bytes, and the prefix
// holds no error but perhaps a sequence that the first byte after it
// breaks: so if no byte of the last block_bytes is flagged, none of p[0, n)
// is. False (the scalar decoder then takes the tail) when something is
// flagged, when the input is shorter than a block, or when it is 1 or 2
// bytes longer and a vector is a whole block (AVX-512: its last vector's
// 3 bytes before would lie before p). A tail of valid text then costs one
// block's check, where the scalar decoder takes up to 63 bytes one
// segment at a time.
inline bool ends_well_formed(const unsigned char* p, std::size_t n, std::size_t accepted) noexcept
{
    if (n < block_bytes || n - accepted > block_bytes) return false;
    const std::size_t start = n - block_bytes;
    const tables t = load_tables();
    const vector last = load(p + n - vector::bytes);
    vector errors = saturating_subtract(last, t.unfinished_at_end);
    if (start == 0 || start >= 3) {
        // The block at `start`, with its 3 bytes before loaded from memory
        // (none before the input's first byte).
        const vectors<block_vectors> block = load_vectors<block_vectors>(p + start);
        errors = errors | (start == 0 ? check(block, splat(0), t) : check_in_place(block, p + start, t));
    }
    else if (n - vector::bytes >= 3) {
        // 1 or 2 bytes past a whole block: that block, then the last vector.
        errors = errors | check(load_vectors<block_vectors>(p), splat(0), t) |
                 check_in_place(last, p + n - vector::bytes, t);
    }
    else {
        return false;
    }
    return is_zero(errors);
}

// The kernel: exactly the scalar kernel's result (see scalar.hpp), the
// scalar decoder taking over a few bytes before the first error, unless
// ends_well_formed finds none.
inline validation_result validate(const unsigned char* p, std::size_t n) noexcept
{
    const std::size_t accepted = accepted_prefix(p, n);
    if (accepted != n && ends_well_formed(p, n, accepted)) return {std::nullopt, n};
    return scalar::validate_from(p, n, scalar::restart_offset(p, accepted));
}
