//! The AVX-512 kernel: 16 or 32 nodes at a time, a level-synchronous batched depth-first
//! search.
//!
//! The only module of the crate with `unsafe` code: the CPU feature check at the entry, and
//! the loads and stores of a vector's lanes, each behind a helper that takes a bounds-checked
//! array.
//!
//! # Method
//!
//! A node is four lane-wide words (32 bits, or 16 where the board allows): the free squares
//! of its row and the `cols`, `ld`, `rd` masks of the interior queens (masks of n − 2 bits, so
//! every n up to 32 fits a 32-bit lane). Each level (free row) has a small buffer of pending
//! nodes, structure of arrays. One *step* takes up to `LANES` nodes of one level into the
//! `LANES` lanes of a vector (16 of 32 bits, or 32 of 16 bits) and, in every lane at once:
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
//! The schedule always steps the deepest level holding at least `LANES` nodes; when none
//! does, it takes a partial batch from the shallowest non-empty level. A level then receives
//! children only while it holds fewer than `LANES` nodes, so no buffer ever holds more than
//! `2 × LANES − 1` nodes and all buffers stay in L1. Every node is processed exactly once and every placement is a lane of
//! exactly one step, so the count and the node count equal the scalar kernel's.
//!
//! Three independent searches run interleaved (the root's free squares are dealt among them):
//! a step's results are stored, counted and reloaded by the next step of the same search, and
//! interleaving lets the CPU overlap those latencies (measured: 2 searches 23% faster than 1,
//! 3 another 5 to 10%, 4 no better).
//!
//! Two lane widths: where the interior masks fit 16 bits (n ≤ 18) and the CPU has AVX-512 BW,
//! VBMI2 and BITALG, 32 lanes of 16 bits (`narrow`), about twice as fast; else 16 lanes of
//! 32 bits (`wide`), which hold the masks of every n up to 32. One macro,
//! `batched_search!`, writes both searches from the same code with each width's intrinsics,
//! so the two cannot drift apart.

use super::{Interior, InteriorCount, scalar};

/// Whether this CPU runs this kernel (AVX-512 Foundation and the vector popcount).
pub fn available() -> bool {
    is_x86_feature_detected!("avx512f") && is_x86_feature_detected!("avx512vpopcntdq")
}

/// Counts the ways to fill the free rows of `it`, exactly as [`scalar::count`] does (same
/// completions, same nodes): with 32 lanes of 16 bits where the interior fits 16 bits
/// (n ≤ 18) and the CPU has the 16-bit instructions, else with 16 lanes of 32 bits (every
/// n ≤ 32). Interiors of three free rows or fewer have no search worth vectorizing and go to
/// the scalar kernel.
///
/// # Panics
///
/// If the CPU lacks the features ([`available`]); callers choose this kernel only when it
/// does.
pub fn count(it: &Interior) -> InteriorCount {
    if it.inner <= 0xFFFF && narrow_available() && it.depth > 3 {
        // SAFETY: `narrow::count` needs the target features `narrow_available` checked.
        return unsafe { narrow::count(it) };
    }
    count_wide(it)
}

/// Whether this CPU runs the 16-bit search (AVX-512 BW, VBMI2 for 16-bit compress, BITALG
/// for 16-bit popcount).
fn narrow_available() -> bool {
    is_x86_feature_detected!("avx512f")
        && is_x86_feature_detected!("avx512bw")
        && is_x86_feature_detected!("avx512vbmi2")
        && is_x86_feature_detected!("avx512bitalg")
}

/// [`count`] with 16 lanes of 32 bits whatever the board size (for tests of that search on
/// sizes where [`count`] would take the 16-bit one).
///
/// # Panics
///
/// If the CPU lacks the features ([`available`]).
pub fn count_wide(it: &Interior) -> InteriorCount {
    assert!(
        available(),
        "the avx512 kernel needs avx512f and avx512vpopcntdq"
    );
    if it.depth <= 3 {
        return scalar::count(it);
    }
    // SAFETY: `wide::count` only needs the target features checked just above.
    unsafe { wide::count(it) }
}

/// Defines a module holding the batched search for one lane width: the node type (`$lane`),
/// the lane mask (`$mask`), the buffer sizes, the target features and the intrinsics of that
/// width. Both widths run exactly the same method (see the module doc); only the names of
/// the intrinsics and the sizes differ.
macro_rules! batched_search {
    (
        $(#[$doc:meta])*
        mod $name:ident {
            lane: $lane:ty as $signed:ty,
            mask: $mask:ty,
            lanes: $lanes:expr,
            flush_steps: $flush:expr,
            features: $features:literal,
            intrinsics: {
                set1: $set1:ident, sub: $sub:ident, add: $add:ident, mask_add: $mask_add:ident,
                mullo: $mullo:ident, popcnt: $popcnt:ident, sllv: $sllv:ident,
                srlv: $srlv:ident, test_mask: $test:ident, compress: $compress:ident,
                load: $loadu:ident $(,)?
            } $(,)?
        }
    ) => {
        $(#[$doc])*
        mod $name {
            use super::super::{Interior, InteriorCount, MAX_DEPTH};
            use std::arch::x86_64::{
                __m512i, _mm512_and_si512, _mm512_andnot_si512, _mm512_or_si512,
                _mm512_setzero_si512, _mm512_storeu_si512, _mm512_xor_si512, $add, $compress,
                $loadu, $mask_add, $mullo, $popcnt, $set1, $sllv, $srlv, $sub, $test,
            };

            /// Lanes per vector.
            const LANES: usize = $lanes;

            /// Nodes a level's buffer can hold: at most `2 × LANES − 1` pending (a level
            /// receives children only while it holds fewer than `LANES`) plus room for a full
            /// store starting at the last of them.
            const CAP: usize = 3 * LANES;

            /// Steps between flushes of the per-lane counters into a `u64`, few enough that a
            /// lane cannot overflow (see the instantiation).
            const FLUSH_STEPS: u32 = $flush;

            /// How many independent searches are interleaved (measured: 2 searches 23% faster
            /// than 1, 3 another 5 to 10%, 4 no better).
            const ENGINES: usize = 3;

            /// One level's pending nodes, structure of arrays.
            #[derive(Clone, Copy)]
            struct Level {
                free: [$lane; CAP],
                cols: [$lane; CAP],
                ld: [$lane; CAP],
                rd: [$lane; CAP],
            }

            /// Loads `LANES` lanes from `src[at..at + LANES]`, lanes outside `lanes` zeroed.
            #[inline]
            #[target_feature(enable = $features)]
            fn load(lanes: $mask, src: &[$lane; CAP], at: usize) -> __m512i {
                let src: &[$lane; LANES] = src[at..at + LANES].try_into().expect("a full vector");
                // SAFETY: `src` is `LANES` readable, initialized lanes (the slice above is
                // bounds-checked); unaligned access is allowed by this intrinsic.
                unsafe { $loadu(lanes, src.as_ptr().cast()) }
            }

            /// Stores all lanes of `v` to `dst[at..at + LANES]` (the slots past the ones that
            /// count are scratch, overwritten later).
            #[inline]
            #[target_feature(enable = $features)]
            fn store(dst: &mut [$lane; CAP], at: usize, v: __m512i) {
                let dst: &mut [$lane; LANES] =
                    (&mut dst[at..at + LANES]).try_into().expect("a full vector");
                // SAFETY: `dst` is `LANES` writable lanes, exclusively borrowed (the slice
                // above is bounds-checked); unaligned access is allowed by this intrinsic.
                unsafe { _mm512_storeu_si512(dst.as_mut_ptr().cast(), v) }
            }

            /// The lanes of `v` as unsigned integers, summed.
            #[inline]
            #[target_feature(enable = $features)]
            fn sum_lanes(v: __m512i) -> u64 {
                let mut out: [$lane; CAP] = [0; CAP];
                store(&mut out, 0, v);
                out[..LANES].iter().map(|&x| u64::from(x)).sum()
            }

            thread_local! {
                /// Each thread's searches, reused from unit to unit (allocating and clearing
                /// them per unit showed in profiles).
                static SEARCHES: std::cell::RefCell<Option<Box<[Search; ENGINES]>>> =
                    const { std::cell::RefCell::new(None) };
            }

            /// Counts `it`, whose masks fit a lane and whose depth is at least 4.
            #[target_feature(enable = $features)]
            pub fn count(it: &Interior) -> InteriorCount {
                debug_assert!(it.inner <= u32::from(<$lane>::MAX) && it.depth >= 4);
                SEARCHES.with_borrow_mut(|searches| {
                    let searches = searches
                        .get_or_insert_with(|| Box::new(std::array::from_fn(|_| Search::new())));
                    for s in searches.iter_mut() {
                        s.reset();
                    }
                    // The root's free squares are dealt round-robin to the searches, one
                    // level-0 node per square (at most 30 squares: at most 10 nodes per
                    // search, within a buffer).
                    let mut rest = it.inner & !(it.cols | it.blocked[0]);
                    let mut e = 0;
                    while rest != 0 {
                        let bit = rest & rest.wrapping_neg(); // lowest free square
                        rest ^= bit;
                        searches[e].push_root(bit as $lane, it.cols as $lane);
                        e = (e + 1) % ENGINES;
                    }
                    // Step the searches in turn: their dependency chains (compress, store,
                    // count, load) are independent, so the CPU overlaps them.
                    loop {
                        let mut more = false;
                        for s in searches.iter_mut() {
                            more |= s.step(it);
                        }
                        if !more {
                            break;
                        }
                    }
                    let mut total = InteriorCount::default();
                    for s in searches.iter() {
                        total.completions += s.completions + sum_lanes(s.acc);
                        total.nodes += s.nodes;
                    }
                    total
                })
            }

            /// One batched search: the pending nodes of each level and the counts so far.
            struct Search {
                levels: [Level; MAX_DEPTH - 2],
                count: [usize; MAX_DEPTH - 2],
                /// Bit i set: level i holds at least `LANES` nodes.
                full: u32,
                /// Bit i set: level i holds at least one node.
                busy: u32,
                /// Per-lane completions not yet flushed into `completions`.
                acc: __m512i,
                acc_steps: u32,
                completions: u64,
                nodes: u64,
            }

            impl Search {
                #[target_feature(enable = $features)]
                fn new() -> Search {
                    let empty = Level {
                        free: [0; CAP],
                        cols: [0; CAP],
                        ld: [0; CAP],
                        rd: [0; CAP],
                    };
                    Search {
                        levels: [empty; MAX_DEPTH - 2],
                        count: [0; MAX_DEPTH - 2],
                        full: 0,
                        busy: 0,
                        acc: _mm512_setzero_si512(),
                        acc_steps: 0,
                        completions: 0,
                        nodes: 0,
                    }
                }

                /// Empties the search (buffer contents are left: only slots below a count
                /// are read).
                #[target_feature(enable = $features)]
                fn reset(&mut self) {
                    self.count = [0; MAX_DEPTH - 2];
                    self.full = 0;
                    self.busy = 0;
                    self.acc = _mm512_setzero_si512();
                    self.acc_steps = 0;
                    self.completions = 0;
                    self.nodes = 0;
                }

                /// Adds a node of level 0 whose only free square is `bit`.
                fn push_root(&mut self, bit: $lane, cols: $lane) {
                    let at = self.count[0];
                    self.levels[0].free[at] = bit;
                    self.levels[0].cols[at] = cols;
                    self.levels[0].ld[at] = 0;
                    self.levels[0].rd[at] = 0;
                    self.count[0] = at + 1;
                    self.mark(0);
                }

                /// Updates the `full` and `busy` bits of level `j` from its count.
                #[inline]
                fn mark(&mut self, j: usize) {
                    self.full =
                        (self.full & !(1 << j)) | (u32::from(self.count[j] >= LANES) << j);
                    self.busy = (self.busy & !(1 << j)) | (u32::from(self.count[j] > 0) << j);
                }

                /// One step of up to `LANES` nodes; `false` when there was nothing left to do.
                #[inline]
                #[target_feature(enable = $features)]
                fn step(&mut self, it: &Interior) -> bool {
                    // Placements at level `last` leave two free rows, counted in closed form.
                    let last = it.depth - 3;
                    let i = if self.full != 0 {
                        31 - self.full.leading_zeros() as usize // the deepest full level
                    } else if self.busy != 0 {
                        self.busy.trailing_zeros() as usize // else the shallowest with a node
                    } else {
                        return false;
                    };
                    let inner = $set1(it.inner as $signed);
                    let zero = _mm512_setzero_si512();
                    let m = self.count[i].min(LANES);
                    let lanes = (u64::MAX >> (64 - m)) as $mask; // the low m lanes (m ≥ 1)
                    let start = self.count[i] - m;
                    self.nodes += m as u64;
                    let lv = &self.levels[i];
                    let f = load(lanes, &lv.free, start);
                    let c = load(lanes, &lv.cols, start);
                    let l = load(lanes, &lv.ld, start);
                    let r = load(lanes, &lv.rd, start);
                    // Lowest free square per lane: f & (0 − f), the two's complement trick.
                    let bit = _mm512_and_si512(f, $sub(zero, f));
                    let rest = _mm512_xor_si512(f, bit); // the parent without it
                    // The child's masks, diagonals moved `s` columns for the `s` rows to the
                    // next free row (bits shifted past the lane are off the board and lost).
                    let s = $set1(it.shift[i] as $signed);
                    let nc = _mm512_or_si512(c, bit);
                    let nl = $sllv(_mm512_or_si512(l, bit), s);
                    let nr = $srlv(_mm512_or_si512(r, bit), s);
                    let blocked = $set1(it.blocked[i + 1] as $signed);
                    // Free squares of the child's row: inner & !(cols | ld | rd | blocked).
                    let nf = _mm512_andnot_si512(
                        _mm512_or_si512(_mm512_or_si512(nc, nl), _mm512_or_si512(nr, blocked)),
                        inner,
                    );
                    if i == last {
                        // The two last free rows in closed form (see
                        // `scalar::last_two_rows`): |F|·|G| − |F∩G| − |(F<<s2)∩G| −
                        // |(F>>s2)∩G|, per lane.
                        let s2 = $set1(it.shift[i + 1] as $signed);
                        let blocked2 = $set1(it.blocked[i + 2] as $signed);
                        let g = _mm512_andnot_si512(
                            _mm512_or_si512(
                                _mm512_or_si512(nc, $sllv(nl, s2)),
                                _mm512_or_si512($srlv(nr, s2), blocked2),
                            ),
                            inner,
                        );
                        let pairs = $mullo($popcnt(nf), $popcnt(g));
                        let clashes = $add(
                            $popcnt(_mm512_and_si512(nf, g)),
                            $add(
                                $popcnt(_mm512_and_si512($sllv(nf, s2), g)),
                                $popcnt(_mm512_and_si512($srlv(nf, s2), g)),
                            ),
                        );
                        // Only the batch's lanes count.
                        let ways = $sub(pairs, clashes);
                        self.acc = $mask_add(self.acc, lanes, self.acc, ways);
                        self.acc_steps += 1;
                        if self.acc_steps == FLUSH_STEPS {
                            self.completions += sum_lanes(self.acc);
                            self.acc = zero;
                            self.acc_steps = 0;
                        }
                    } else {
                        // Look-ahead: keep the children whose row has a free square.
                        let keep = $test(lanes, nf, nf);
                        let at = self.count[i + 1];
                        let next = &mut self.levels[i + 1];
                        store(&mut next.free, at, $compress(keep, nf));
                        store(&mut next.cols, at, $compress(keep, nc));
                        store(&mut next.ld, at, $compress(keep, nl));
                        store(&mut next.rd, at, $compress(keep, nr));
                        self.count[i + 1] = at + keep.count_ones() as usize;
                        self.mark(i + 1);
                    }
                    // The parents with squares left go back where they came from.
                    let back = $test(lanes, rest, rest);
                    let lv = &mut self.levels[i];
                    store(&mut lv.free, start, $compress(back, rest));
                    store(&mut lv.cols, start, $compress(back, c));
                    store(&mut lv.ld, start, $compress(back, l));
                    store(&mut lv.rd, start, $compress(back, r));
                    self.count[i] = start + back.count_ones() as usize;
                    self.mark(i);
                    true
                }
            }
        }
    };
}

batched_search! {
    /// The 32-bit variant: 16 lanes of 32 bits, which hold the masks of every n up to 32.
    mod wide {
        lane: u32 as i32,
        mask: std::arch::x86_64::__mmask16,
        lanes: 16,
        // One step adds at most 30 × 30 < 2^10 per lane, so 2^20 steps stay below 2^30.
        flush_steps: 1 << 20,
        features: "avx512f,avx512vpopcntdq",
        intrinsics: {
            set1: _mm512_set1_epi32, sub: _mm512_sub_epi32, add: _mm512_add_epi32,
            mask_add: _mm512_mask_add_epi32, mullo: _mm512_mullo_epi32,
            popcnt: _mm512_popcnt_epi32, sllv: _mm512_sllv_epi32, srlv: _mm512_srlv_epi32,
            test_mask: _mm512_mask_test_epi32_mask, compress: _mm512_maskz_compress_epi32,
            load: _mm512_maskz_loadu_epi32,
        },
    }
}

batched_search! {
    /// The 16-bit variant: 32 lanes of 16 bits, for boards whose interior masks fit 16 bits
    /// (n ≤ 18). The same method as the 32-bit search, twice the nodes per instruction.
    mod narrow {
        lane: u16 as i16,
        mask: std::arch::x86_64::__mmask32,
        lanes: 32,
        // One step adds at most 16 × 16 = 256 per lane, so 128 steps stay below 2^16.
        flush_steps: 128,
        features: "avx512f,avx512bw,avx512vbmi2,avx512bitalg",
        intrinsics: {
            set1: _mm512_set1_epi16, sub: _mm512_sub_epi16, add: _mm512_add_epi16,
            mask_add: _mm512_mask_add_epi16, mullo: _mm512_mullo_epi16,
            popcnt: _mm512_popcnt_epi16, sllv: _mm512_sllv_epi16, srlv: _mm512_srlv_epi16,
            test_mask: _mm512_mask_test_epi16_mask, compress: _mm512_maskz_compress_epi16,
            load: _mm512_maskz_loadu_epi16,
        },
    }
}
