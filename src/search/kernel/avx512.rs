//! The AVX-512 kernel: sixteen nodes at a time, a level-synchronous batched depth-first search.
//!
//! The only module of the crate with `unsafe` code: the CPU feature check at the entry, and
//! the loads and stores of 16 lanes, each behind a helper that takes a bounds-checked array.
//!
//! # Method
//!
//! A node is four 32-bit words: the free squares of its row and the `cols`, `ld`, `rd` masks
//! of the interior queens (masks of n − 2 bits, so every n up to 32 fits a lane). Each level
//! (free row) has a small buffer of pending nodes, structure of arrays. One *step* takes up to
//! 16 nodes of one level into the 16 lanes and, in every lane at once:
//!
//! - takes the lowest free square (`f & −f`) and clears it from the parent;
//! - builds the child's masks and its row's free squares; keeps the child only if that row
//!   still has a free square (look-ahead) and compress-stores the survivors into the next
//!   level's buffer;
//! - compress-stores the parents that still have free squares back into their own buffer.
//!
//! At the level whose placements leave two free rows, the children are not stored: the two
//! rows are counted in closed form ([`super::scalar::last_two_rows`], with vector popcounts)
//! and added into per-lane counters under the batch's lane mask.
//!
//! The schedule always steps the deepest level holding at least 16 nodes; when none does, it
//! takes a partial batch from the shallowest non-empty level. A level then receives children
//! only while it holds fewer than 16 nodes, so no buffer ever holds more than 31 nodes and all
//! buffers stay in L1. Every node is processed exactly once and every placement is a lane of
//! exactly one step, so the count and the node count equal the scalar kernel's.

use super::{Interior, InteriorCount, MAX_DEPTH, scalar};
use std::arch::x86_64::{
    __m512i, __mmask16, _mm512_add_epi32, _mm512_and_si512, _mm512_andnot_si512,
    _mm512_mask_add_epi32, _mm512_mask_test_epi32_mask, _mm512_maskz_compress_epi32,
    _mm512_maskz_loadu_epi32, _mm512_mullo_epi32, _mm512_or_si512, _mm512_popcnt_epi32,
    _mm512_set1_epi32, _mm512_setzero_si512, _mm512_sllv_epi32, _mm512_srlv_epi32,
    _mm512_storeu_si512, _mm512_sub_epi32, _mm512_xor_si512,
};

/// Lanes per vector.
const LANES: usize = 16;

/// Nodes a level's buffer can hold: at most 31 pending (see the module doc) plus room for a
/// full 16-lane store starting at the 32nd slot.
const CAP: usize = 48;

/// Steps between flushes of the 32-bit per-lane counters into a `u64`: one step adds at most
/// 30 × 30 < 2^10 per lane, so 2^20 steps stay below 2^30.
const FLUSH_STEPS: u32 = 1 << 20;

/// Whether this CPU runs this kernel (AVX-512 Foundation and the vector popcount).
pub fn available() -> bool {
    is_x86_feature_detected!("avx512f") && is_x86_feature_detected!("avx512vpopcntdq")
}

/// Counts the ways to fill the free rows of `it`, exactly as [`scalar::count`] does (same
/// completions, same nodes). Interiors of three free rows or fewer have no search worth
/// vectorizing and go to the scalar kernel.
///
/// # Panics
///
/// If the CPU lacks the features ([`available`]); callers choose this kernel only when it
/// does.
pub fn count(it: &Interior) -> InteriorCount {
    assert!(
        available(),
        "the avx512 kernel needs avx512f and avx512vpopcntdq"
    );
    if it.depth <= 3 {
        return scalar::count(it);
    }
    // SAFETY: `count_avx512` only needs the target features checked just above.
    unsafe { count_avx512(it) }
}

/// One level's pending nodes, structure of arrays.
#[derive(Clone, Copy)]
struct Level {
    free: [u32; CAP],
    cols: [u32; CAP],
    ld: [u32; CAP],
    rd: [u32; CAP],
}

/// Loads 16 lanes from `src[at..at + 16]`, lanes outside `lanes` zeroed.
#[inline]
#[target_feature(enable = "avx512f")]
fn load(lanes: __mmask16, src: &[u32; CAP], at: usize) -> __m512i {
    let src: &[u32; LANES] = src[at..at + LANES].try_into().expect("16 lanes");
    // SAFETY: `src` is 16 readable, initialized u32s (the slice above is bounds-checked);
    // unaligned access is allowed by this intrinsic.
    unsafe { _mm512_maskz_loadu_epi32(lanes, src.as_ptr().cast()) }
}

/// Stores all 16 lanes of `v` to `dst[at..at + 16]` (the slots past the ones that count are
/// scratch, overwritten later).
#[inline]
#[target_feature(enable = "avx512f")]
fn store(dst: &mut [u32; CAP], at: usize, v: __m512i) {
    let dst: &mut [u32; LANES] = (&mut dst[at..at + LANES]).try_into().expect("16 lanes");
    // SAFETY: `dst` is 16 writable u32s, exclusively borrowed (the slice above is
    // bounds-checked); unaligned access is allowed by this intrinsic.
    unsafe { _mm512_storeu_si512(dst.as_mut_ptr().cast(), v) }
}

/// The 16 lanes of `v` as unsigned integers, summed.
#[inline]
#[target_feature(enable = "avx512f")]
fn sum_lanes(v: __m512i) -> u64 {
    let mut out = [0u32; CAP];
    store(&mut out, 0, v);
    out[..LANES].iter().map(|&x| u64::from(x)).sum()
}

#[target_feature(enable = "avx512f,avx512vpopcntdq")]
fn count_avx512(it: &Interior) -> InteriorCount {
    let k = it.depth;
    // Placements at level `last` leave two free rows, counted in closed form.
    let last = k - 3;
    let inner = _mm512_set1_epi32(it.inner as i32);
    let zero = _mm512_setzero_si512();
    let empty = Level {
        free: [0; CAP],
        cols: [0; CAP],
        ld: [0; CAP],
        rd: [0; CAP],
    };
    let mut levels = [empty; MAX_DEPTH - 2];
    let mut count = [0usize; MAX_DEPTH - 2];
    let first = it.inner & !(it.cols | it.blocked[0]);
    levels[0].free[0] = first;
    levels[0].cols[0] = it.cols;
    count[0] = usize::from(first != 0);
    // Bit i set: level i holds at least 16 nodes / at least one node.
    let mut full: u32 = 0;
    let mut busy: u32 = count[0] as u32;

    let mut acc = zero;
    let mut acc_steps = 0u32;
    let mut completions = 0u64;
    let mut nodes = 0u64;
    loop {
        let i = if full != 0 {
            31 - full.leading_zeros() as usize // the deepest level with a full batch
        } else if busy != 0 {
            busy.trailing_zeros() as usize // else the shallowest level with any node
        } else {
            break;
        };
        let m = count[i].min(LANES);
        let lanes = ((1u32 << m) - 1) as __mmask16; // the low m lanes
        let start = count[i] - m;
        nodes += m as u64;
        let lv = &levels[i];
        let f = load(lanes, &lv.free, start);
        let c = load(lanes, &lv.cols, start);
        let l = load(lanes, &lv.ld, start);
        let r = load(lanes, &lv.rd, start);
        // Lowest free square per lane: f & (0 − f), the two's complement trick.
        let bit = _mm512_and_si512(f, _mm512_sub_epi32(zero, f));
        let rest = _mm512_xor_si512(f, bit); // the parent without it
        // The child's masks, diagonals moved `s` columns for the `s` rows to the next free row.
        let s = _mm512_set1_epi32(it.shift[i] as i32);
        let nc = _mm512_or_si512(c, bit);
        let nl = _mm512_sllv_epi32(_mm512_or_si512(l, bit), s);
        let nr = _mm512_srlv_epi32(_mm512_or_si512(r, bit), s);
        let blocked = _mm512_set1_epi32(it.blocked[i + 1] as i32);
        // Free squares of the child's row: inner & !(cols | ld | rd | blocked).
        let nf = _mm512_andnot_si512(
            _mm512_or_si512(_mm512_or_si512(nc, nl), _mm512_or_si512(nr, blocked)),
            inner,
        );
        if i == last {
            // The two last free rows in closed form (see `scalar::last_two_rows`):
            // |F|·|G| − |F∩G| − |(F<<s2)∩G| − |(F>>s2)∩G|, per lane.
            let s2 = _mm512_set1_epi32(it.shift[i + 1] as i32);
            let blocked2 = _mm512_set1_epi32(it.blocked[i + 2] as i32);
            let g = _mm512_andnot_si512(
                _mm512_or_si512(
                    _mm512_or_si512(nc, _mm512_sllv_epi32(nl, s2)),
                    _mm512_or_si512(_mm512_srlv_epi32(nr, s2), blocked2),
                ),
                inner,
            );
            let pairs = _mm512_mullo_epi32(_mm512_popcnt_epi32(nf), _mm512_popcnt_epi32(g));
            let clashes = _mm512_add_epi32(
                _mm512_popcnt_epi32(_mm512_and_si512(nf, g)),
                _mm512_add_epi32(
                    _mm512_popcnt_epi32(_mm512_and_si512(_mm512_sllv_epi32(nf, s2), g)),
                    _mm512_popcnt_epi32(_mm512_and_si512(_mm512_srlv_epi32(nf, s2), g)),
                ),
            );
            // Only the batch's lanes count.
            acc = _mm512_mask_add_epi32(acc, lanes, acc, _mm512_sub_epi32(pairs, clashes));
            acc_steps += 1;
            if acc_steps == FLUSH_STEPS {
                completions += sum_lanes(acc);
                acc = zero;
                acc_steps = 0;
            }
        } else {
            // Look-ahead: keep the children whose row has a free square.
            let keep = _mm512_mask_test_epi32_mask(lanes, nf, nf);
            let at = count[i + 1];
            let next = &mut levels[i + 1];
            store(&mut next.free, at, _mm512_maskz_compress_epi32(keep, nf));
            store(&mut next.cols, at, _mm512_maskz_compress_epi32(keep, nc));
            store(&mut next.ld, at, _mm512_maskz_compress_epi32(keep, nl));
            store(&mut next.rd, at, _mm512_maskz_compress_epi32(keep, nr));
            count[i + 1] = at + keep.count_ones() as usize;
            let j = i + 1;
            full = (full & !(1 << j)) | (u32::from(count[j] >= LANES) << j);
            busy = (busy & !(1 << j)) | (u32::from(count[j] > 0) << j);
        }
        // The parents with squares left go back where they came from.
        let back = _mm512_mask_test_epi32_mask(lanes, rest, rest);
        let lv = &mut levels[i];
        store(&mut lv.free, start, _mm512_maskz_compress_epi32(back, rest));
        store(&mut lv.cols, start, _mm512_maskz_compress_epi32(back, c));
        store(&mut lv.ld, start, _mm512_maskz_compress_epi32(back, l));
        store(&mut lv.rd, start, _mm512_maskz_compress_epi32(back, r));
        count[i] = start + back.count_ones() as usize;
        full = (full & !(1 << i)) | (u32::from(count[i] >= LANES) << i);
        busy = (busy & !(1 << i)) | (u32::from(count[i] > 0) << i);
    }
    completions += sum_lanes(acc);
    InteriorCount { completions, nodes }
}
