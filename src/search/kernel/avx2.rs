//! The AVX2 kernel: the batched search of [`super::batched`] on 256-bit registers, for the
//! x86-64 CPUs without AVX-512 (most laptops and desktops, EPYC Rome and Milan, older Xeons).
//!
//! Where the interior's masks fit 16 bits (or a node fits a frame of 16 columns:
//! [`super::frames`]), 16 lanes of 16 bits and 12 vectors a step (192 nodes); beyond, 8
//! lanes of 32 bits and 24 vectors a step (192 nodes). Interiors of three free
//! rows or fewer go to the scalar kernel.
//!
//! AVX2 has no compress instruction and no vector popcount; they are built as in our C
//! experiment (`shared/research/avx2`):
//!
//! - **Compress**: a lane set is a bit mask taken from `vpmovmskb`; each 128-bit half of a
//!   vector is packed by one `vpshufb` whose pattern comes from a table indexed by that
//!   half's 8 (or 4) mask bits, and the two halves are stored one after the other (the high
//!   half at the low half's popcount). The pattern is made once per mask and serves the
//!   node's four words.
//! - **Two masks at once**: the children and the parents of a 16-bit step are tested with
//!   one `vpacksswb` of both comparisons and one `vpmovmskb`.
//! - **Popcount**: the bits of each nibble from a 16-entry `vpshufb` table, the nibbles'
//!   counts summed into each byte, the bytes into each lane (`vpmaddubsw`, then `vpmaddwd`
//!   for 32-bit lanes).
//!
//! With [`super::avx512`] and [`super::neon`], one of the files that hold `unsafe` code.

#![allow(unsafe_code)] // The intrinsics: see the SAFETY notes.

super::batched::vector_kernel! {
    kernel: Avx2,
    arch: "x86_64",
    detected: is_x86_feature_detected,
    instruction_set: "AVX2",
    summary: "AVX2: 192 nodes a step in 16-bit lanes for n ≤ 18, most of n = 19 and 20, \
              192 in 32-bit lanes beyond",
    // AVX2 and the bit instructions that come with it on every CPU that has it.
    wide: Wide ["avx2", "bmi1", "bmi2", "popcnt", "lzcnt"],
    narrow: Narrow ["avx2", "bmi1", "bmi2", "popcnt", "lzcnt"],
}

#[cfg(target_arch = "x86_64")]
mod imp {
    use super::super::lanes::{
        CAP, Narrowing, PACK16, PACK32, PACK32_LOW16, PackPatterns, lanes_impl,
    };
    #[cfg(doc)] // For the links of the docs only.
    use super::super::lanes::Lanes;
    use std::arch::x86_64::*;

    /// How many independent searches are interleaved (as in the C experiment: two).
    pub(super) const SEARCHES: usize = 2;

    /// Vectors per step in 16-bit lanes: 12 × 16 = 192 nodes a step. Larger steps mean fewer
    /// partial batches and more independent work per step; 8 to 32 vectors did about as well
    /// (the sweep is in `docs/performance.md`), and 12 keeps a level's buffers at 3.5 KiB.
    const NARROW_BLOCK: usize = 12;

    /// Vectors per step in 32-bit lanes: 24 × 8 = 192 nodes, as many as a narrow step (a
    /// wide step may divert all its children to a frame's narrow search, which must take
    /// them in one step: the assertion of `batched::hand_over`).
    const WIDE_BLOCK: usize = 24;

    /// A window of lane masks: the 16 lanes from lane `16 − m` are `m` lanes of ones (16
    /// bits) followed by zeros, for [`Lanes::add_first`].
    static FIRST: [u16; 32] = {
        let mut w = [0u16; 32];
        let mut i = 0;
        while i < 16 {
            w[i] = 0xFFFF;
            i += 1;
        }
        w
    };

    /// The bits of each nibble 0..15, twice (one copy per 128-bit half, as `vpshufb` looks
    /// up within halves).
    #[inline(always)]
    fn nibble_bits(_proof: Narrow) -> __m256i {
        // SAFETY: `_proof` exists only where AVX2 was detected.
        unsafe {
            _mm256_setr_epi8(
                0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4, 0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3,
                2, 3, 3, 4,
            )
        }
    }

    /// The number of set bits of every byte of `v`: the low and high nibbles looked up in
    /// [`nibble_bits`] and added.
    #[inline(always)]
    fn byte_popcount(proof: Narrow, v: __m256i) -> __m256i {
        // SAFETY: `proof` exists only where AVX2 was detected.
        unsafe {
            let low = _mm256_set1_epi8(0x0F);
            let lo = _mm256_shuffle_epi8(nibble_bits(proof), _mm256_and_si256(v, low));
            let hi = _mm256_shuffle_epi8(
                nibble_bits(proof),
                _mm256_and_si256(_mm256_srli_epi16(v, 4), low),
            );
            _mm256_add_epi8(lo, hi)
        }
    }

    /// Packs the lanes of `v` chosen by the two 128-bit halves' patterns `pattern` and stores
    /// them at `dst[at..]`: the low half's lanes, then the high half's right after them (at
    /// `at + low`, `low` lanes of the low half kept). Writes a vector's lanes at most.
    #[inline(always)]
    fn store_halves<T>(
        _proof: Narrow,
        pattern: __m256i,
        low: usize,
        v: __m256i,
        dst: &mut [T; CAP],
        at: usize,
    ) {
        let half = 16 / size_of::<T>();
        // Bounds: the low half writes `half` lanes from `at`, the high half `half` lanes from
        // `at + low` with `low ≤ half` (made sure of here, at no cost: a packing's `low` is
        // never more): all within these `2 · half` lanes.
        let low = low.min(half);
        let dst = &mut dst[at..at + 2 * half];
        // SAFETY: `_proof` exists only where AVX2 was detected; both 16-byte stores fall
        // inside the bounds-checked `dst` (see above); unaligned stores are allowed.
        unsafe {
            let packed = _mm256_shuffle_epi8(v, pattern);
            let p = dst.as_mut_ptr();
            _mm_storeu_si128(p.cast(), _mm256_castsi256_si128(packed));
            _mm_storeu_si128(p.add(low).cast(), _mm256_extracti128_si256(packed, 1));
        }
    }

    /// The packing of the lane set `m` with `table` (`K` entries, one per set of a half's
    /// lanes): the two 128-bit halves' patterns, the low half's indexed by the low bits of `m`
    /// and the high half's by as many bits from bit `high`, and how many lanes the low half
    /// keeps.
    #[inline(always)]
    fn packing_of<const K: usize>(
        _proof: Narrow,
        table: &PackPatterns<K>,
        m: u32,
        high: u32,
    ) -> (__m256i, usize) {
        // `K` is a power of two: `K − 1` keeps a half's bits.
        let (lo, hi) = (m as usize & (K - 1), (m >> high) as usize & (K - 1));
        let (lo_pattern, hi_pattern) = (&table.0[lo], &table.0[hi]);
        // SAFETY: `_proof` exists only where AVX2 was detected; the loads read the two 16-byte
        // table entries.
        let pattern = unsafe {
            _mm256_inserti128_si256(
                _mm256_castsi128_si256(_mm_loadu_si128(lo_pattern.as_ptr().cast())),
                _mm_loadu_si128(hi_pattern.as_ptr().cast()),
                1,
            )
        };
        (pattern, lo.count_ones() as usize)
    }

    /// The two widths have one list of features: a proof of one is a proof of the other (the
    /// helpers above take the narrow one).
    impl From<Wide> for Narrow {
        fn from(_: Wide) -> Narrow {
            Narrow { _proof: () }
        }
    }

    /// What both widths write alike beyond [`lanes_impl`]'s table: the comparisons, one
    /// `vpcmpeq` each (instead of the trait's four operations), and the sum of the lanes,
    /// through memory.
    macro_rules! compare_and_sum {
        ($lane:ty, $lanes:literal, $cmpeq:ident) => {
            #[inline(always)]
            fn zeros(self, v: __m256i) -> __m256i {
                unsafe { $cmpeq(v, _mm256_setzero_si256()) }
            }
            #[inline(always)]
            fn eq(self, a: __m256i, b: __m256i) -> __m256i {
                unsafe { $cmpeq(a, b) }
            }
            #[inline(always)]
            fn sum(self, v: __m256i) -> u64 {
                let mut out = [0 as $lane; $lanes];
                unsafe { _mm256_storeu_si256(out.as_mut_ptr().cast(), v) };
                out.iter().map(|&x| u64::from(x)).sum()
            }
        };
    }

    // SAFETY (the impl, and every `unsafe` block in it and the next): values of this type are
    // made only by `detect` (from this type's feature list in `vector_kernel!` above, the one
    // its entry code is compiled for) and by the `From` conversions between the lane types of
    // the same list, so every intrinsic runs where AVX2 was detected; loads and stores go
    // through bounds-checked slices of exactly the lanes they touch (unaligned access is
    // allowed by these intrinsics).
    lanes_impl! {
        /// 16 lanes of 16 bits, for boards whose interior masks fit 16 bits (n ≤ 18).
        ///
        /// A lane set ([`Lanes::Mask`]) is laid out as `vpmovmskb` leaves it after a pack:
        /// lanes 0–7 in bits 0–7, lanes 8–15 in bits 16–23.
        Narrow: 16 lanes of u16 in __m256i, mask u32, packing (__m256i, usize);
        // One addition is at most 16 × 16 = 256 per lane: 255 of them stay below 2^16.
        block NARROW_BLOCK, adds before flush 255, pack last rows true;
        load _mm256_loadu_si256, and _mm256_and_si256, or _mm256_or_si256,
        xor _mm256_xor_si256, andnot _mm256_andnot_si256, add _mm256_add_epi16,
        sub _mm256_sub_epi16, mul _mm256_mullo_epi16;
        splat |x| _mm256_set1_epi16(x as u16 as i16);
        shl |v, s| _mm256_sll_epi16(v, _mm_cvtsi32_si128(s as i32));
        shr |v, s| _mm256_srl_epi16(v, _mm_cvtsi32_si128(s as i32));

        compare_and_sum!(u16, 16, _mm256_cmpeq_epi16);

        #[inline(always)]
        fn popcount(self, v: __m256i) -> __m256i {
            // Each lane's two byte counts summed: bytes times 1, adjacent pairs added.
            unsafe { _mm256_maddubs_epi16(byte_popcount(self, v), _mm256_set1_epi8(1)) }
        }
        #[inline(always)]
        fn add_first(self, acc: __m256i, m: usize, v: __m256i) -> __m256i {
            // Lanes 0..m of the window FIRST[16 − m..32 − m] are ones, the rest zeros.
            let window: &[u16; 16] = FIRST[16 - m..32 - m].try_into().expect("16 lanes");
            unsafe {
                let keep = _mm256_loadu_si256(window.as_ptr().cast());
                _mm256_add_epi16(acc, _mm256_and_si256(v, keep))
            }
        }
        #[inline(always)]
        fn first(self, m: usize) -> u32 {
            // Lanes 0..m: the low half's bits 0..min(m, 8), the high half's from bit 16.
            let lo = m.min(8);
            ((1u32 << lo) - 1) | (((1u32 << (m - lo)) - 1) << 16)
        }
        #[inline(always)]
        fn nonzero_pair(self, lanes: u32, a: __m256i, b: __m256i) -> (u32, u32) {
            // Both comparisons packed to bytes in one vector: per 128-bit half, a's 8 lanes
            // then b's; one movemask gives a's lanes in bits 0–7 and 16–23, b's in 8–15 and
            // 24–31. A set bit is a zero lane, so the complement is the nonzero lanes.
            let zero_lanes = unsafe {
                let z = _mm256_setzero_si256();
                _mm256_movemask_epi8(_mm256_packs_epi16(
                    _mm256_cmpeq_epi16(a, z),
                    _mm256_cmpeq_epi16(b, z),
                ))
            } as u32;
            let nonzero = !zero_lanes;
            (nonzero & lanes, (nonzero >> 8) & lanes)
        }
        #[inline(always)]
        fn packing(self, m: u32) -> (__m256i, usize) {
            // The high half's 8 lanes are bits 16–23 (see the lane set's layout above).
            packing_of(self, &PACK16, m, 16)
        }
        #[inline(always)]
        fn compress_store(self, p: (__m256i, usize), v: __m256i, dst: &mut [u16; CAP], at: usize) {
            store_halves(self, p.0, p.1, v, dst, at)
        }
    }

    lanes_impl! {
        /// 8 lanes of 32 bits, which hold the masks of every n up to 32.
        ///
        /// A lane set is 8 bits (`vmovmskps`), one per lane.
        Wide: 8 lanes of u32 in __m256i, mask u32, packing (__m256i, usize);
        // One addition is at most 30 × 30 < 2^10 per lane: 2^20 of them stay below 2^30.
        block WIDE_BLOCK, adds before flush 1 << 20, pack last rows true;
        load _mm256_loadu_si256, and _mm256_and_si256, or _mm256_or_si256,
        xor _mm256_xor_si256, andnot _mm256_andnot_si256, add _mm256_add_epi32,
        sub _mm256_sub_epi32, mul _mm256_mullo_epi32;
        splat |x| _mm256_set1_epi32(x as i32);
        shl |v, s| _mm256_sll_epi32(v, _mm_cvtsi32_si128(s as i32));
        shr |v, s| _mm256_srl_epi32(v, _mm_cvtsi32_si128(s as i32));

        compare_and_sum!(u32, 8, _mm256_cmpeq_epi32);

        #[inline(always)]
        fn popcount(self, v: __m256i) -> __m256i {
            // Byte counts summed in pairs into 16 bits, then the pairs into 32 bits.
            unsafe {
                _mm256_madd_epi16(
                    _mm256_maddubs_epi16(byte_popcount(self.into(), v), _mm256_set1_epi8(1)),
                    _mm256_set1_epi16(1),
                )
            }
        }
        #[inline(always)]
        fn add_first(self, acc: __m256i, m: usize, v: __m256i) -> __m256i {
            // Lanes 0..m are those whose index is below m.
            unsafe {
                let keep = _mm256_cmpgt_epi32(
                    _mm256_set1_epi32(m as i32),
                    _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7),
                );
                _mm256_add_epi32(acc, _mm256_and_si256(v, keep))
            }
        }
        #[inline(always)]
        fn first(self, m: usize) -> u32 {
            // The low m bits, one per lane.
            (1u32 << m) - 1
        }
        #[inline(always)]
        fn nonzero_pair(self, lanes: u32, a: __m256i, b: __m256i) -> (u32, u32) {
            // One bit per 32-bit lane: the sign bits of the comparisons (set: a zero lane).
            let (za, zb) = unsafe {
                let z = _mm256_setzero_si256();
                (
                    _mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(a, z))),
                    _mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(b, z))),
                )
            };
            (!(za as u32) & lanes, !(zb as u32) & lanes)
        }
        #[inline(always)]
        fn packing(self, m: u32) -> (__m256i, usize) {
            packing_of(self.into(), &PACK32, m, 4)
        }
        #[inline(always)]
        fn compress_store(self, p: (__m256i, usize), v: __m256i, dst: &mut [u32; CAP], at: usize) {
            store_halves(self.into(), p.0, p.1, v, dst, at)
        }
    }

    impl Narrowing for Wide {
        type Packing16 = (__m256i, usize);
        #[inline(always)]
        fn packing16(self, m: u32) -> (__m256i, usize) {
            // Per 128-bit half, the pattern that moves the kept lanes' two low bytes to the
            // front, and how many lanes the low half keeps.
            packing_of(self.into(), &PACK32_LOW16, m, 4)
        }
        #[inline(always)]
        fn compress_store_low16(
            self,
            p: (__m256i, usize),
            v: __m256i,
            dst: &mut [u16; CAP],
            at: usize,
        ) {
            // Each half stores 8 lanes of 16 bits: its kept lanes' low halves, then zeros.
            store_halves(self.into(), p.0, p.1, v, dst, at)
        }
    }
}
