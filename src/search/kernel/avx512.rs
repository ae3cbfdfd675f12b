//! The AVX-512 kernel: the batched search of [`super::batched`] on 512-bit registers, 32 lanes
//! of 16 bits where the interior's masks fit 16 bits (or a node fits a frame of 16 columns:
//! [`super::frames`]) and the CPU has AVX-512 BW, VBMI2 and BITALG, else 16 lanes of 32 bits
//! (every n ≤ 32).
//!
//! The lane operations map one to one onto instructions: mask registers hold the lane sets,
//! `vpcompressw`/`vpcompressd` pack the surviving nodes, `vpopcntw`/`vpopcntd` count the last
//! two rows. Interiors of three free rows or fewer have no search worth vectorizing and go to
//! the scalar kernel.
//!
//! With [`super::avx2`] and [`super::neon`], one of the files that hold `unsafe` code: the
//! intrinsic calls, each behind a type whose values exist only on a CPU that has the
//! instructions.

#![allow(unsafe_code)] // The intrinsics: see the SAFETY notes.

super::batched::vector_kernel! {
    kernel: Avx512,
    arch: "x86_64",
    detected: is_x86_feature_detected,
    instruction_set: "AVX-512",
    summary: "AVX-512: 384 nodes a step in 16-bit lanes for n ≤ 18, most of n = 19 and 20 \
              (with avx512bw, vbmi2, bitalg), else 384 in 32-bit lanes",
    // AVX-512 Foundation and the vector popcount of 32-bit lanes decide whether the kernel
    // runs; the 16-bit lanes need byte and word instructions (avx512bw), the word compress
    // (avx512vbmi2) and the word popcount (avx512bitalg) besides, without which the 32-bit
    // lanes count every interior.
    wide: Wide ["avx512f", "avx512vpopcntdq", "popcnt", "bmi1", "lzcnt"],
    narrow: Narrow ["avx512f", "avx512bw", "avx512vbmi2", "avx512bitalg", "popcnt", "bmi1", "lzcnt"],
}

#[cfg(target_arch = "x86_64")]
mod imp {
    use super::super::lanes::{CAP, Narrowing, lanes_impl};
    #[cfg(doc)] // For the links of the docs only.
    use super::super::lanes::Lanes;
    use std::arch::x86_64::*;

    /// How many independent searches are interleaved: one, since with the large steps below
    /// a step's vectors are independent work enough (the sweep that chose it is in
    /// `docs/performance.md`).
    pub(super) const SEARCHES: usize = 1;

    /// Vectors per step in 16-bit lanes: 12 × 32 = 384 nodes a step, the best or level with
    /// the best of a sweep from 6 to 24 (in `docs/performance.md`).
    const NARROW_BLOCK: usize = 12;

    /// Vectors per step in 32-bit lanes: as many nodes as a narrow step (a wide step may
    /// divert all its children to a frame's narrow search, which must take them in one step:
    /// the assertion of `batched::hand_over`).
    const WIDE_BLOCK: usize = 2 * NARROW_BLOCK;

    /// Defines one lane width: its type and its [`Lanes`] (through [`lanes_impl`]), with
    /// that width's intrinsics.
    macro_rules! avx512_lanes {
        (
            $(#[$doc:meta])*
            $name:ident {
                lane: $lane:ident as $signed:ty,
                mask: $mask:ty,
                lanes: $lanes:literal,
                block: $block:expr,
                adds_before_flush: $adds:expr,
                set1: $set1:ident, sub: $sub:ident, add: $add:ident, mask_add: $mask_add:ident,
                mullo: $mullo:ident, popcnt: $popcnt:ident, sllv: $sllv:ident,
                srlv: $srlv:ident, test_mask: $test:ident, compress: $compress:ident $(,)?
            }
        ) => {
            // SAFETY (the impl, and every `unsafe` block in it): values of this type are made
            // only by `detect` (from this type's feature list in `vector_kernel!` above, the
            // one its entry code is compiled for), so every intrinsic runs where the features
            // it needs were detected; loads and stores go through bounds-checked slices of
            // exactly the lanes they touch (unaligned access is allowed by these intrinsics).
            lanes_impl! {
                $(#[$doc])*
                $name: $lanes lanes of $lane in __m512i, mask $mask, packing $mask;
                block $block, adds before flush $adds, pack last rows true;
                load _mm512_loadu_si512, and _mm512_and_si512, or _mm512_or_si512,
                xor _mm512_xor_si512, andnot _mm512_andnot_si512, add $add, sub $sub,
                mul $mullo;
                splat |x| $set1(x as $lane as $signed);
                shl |v, s| $sllv(v, $set1(s as $signed));
                shr |v, s| $srlv(v, $set1(s as $signed));

                #[inline(always)]
                fn popcount(self, v: __m512i) -> __m512i {
                    unsafe { $popcnt(v) }
                }
                #[inline(always)]
                fn add_first(self, acc: __m512i, m: usize, v: __m512i) -> __m512i {
                    unsafe { $mask_add(acc, self.first(m), acc, v) }
                }
                #[inline(always)]
                fn sum(self, v: __m512i) -> u64 {
                    let mut out = [0 as $lane; $lanes];
                    unsafe { _mm512_storeu_si512(out.as_mut_ptr().cast(), v) };
                    out.iter().map(|&x| u64::from(x)).sum()
                }
                #[inline(always)]
                fn first(self, m: usize) -> $mask {
                    // The low m bits (m ≤ 32, so the shift stays inside a u64).
                    ((1u64 << m) - 1) as $mask
                }
                #[inline(always)]
                fn nonzero_pair(self, lanes: $mask, a: __m512i, b: __m512i) -> ($mask, $mask) {
                    unsafe { ($test(lanes, a, a), $test(lanes, b, b)) }
                }
                #[inline(always)]
                fn packing(self, m: $mask) -> $mask {
                    m
                }
                #[inline(always)]
                fn compress_store(self, p: $mask, v: __m512i, dst: &mut [$lane; CAP], at: usize) {
                    let dst: &mut [$lane; $lanes] =
                        (&mut dst[at..at + $lanes]).try_into().expect("lanes");
                    unsafe { _mm512_storeu_si512(dst.as_mut_ptr().cast(), $compress(p, v)) }
                }
            }
        };
    }

    avx512_lanes! {
        /// 16 lanes of 32 bits, which hold the masks of every n up to 32.
        Wide {
            lane: u32 as i32,
            mask: __mmask16,
            lanes: 16,
            block: WIDE_BLOCK,
            // One addition is at most 30 × 30 < 2^10 per lane: 2^20 of them stay below 2^30.
            adds_before_flush: 1 << 20,
            set1: _mm512_set1_epi32, sub: _mm512_sub_epi32, add: _mm512_add_epi32,
            mask_add: _mm512_mask_add_epi32, mullo: _mm512_mullo_epi32,
            popcnt: _mm512_popcnt_epi32, sllv: _mm512_sllv_epi32, srlv: _mm512_srlv_epi32,
            test_mask: _mm512_mask_test_epi32_mask, compress: _mm512_maskz_compress_epi32,
        }
    }

    avx512_lanes! {
        /// 32 lanes of 16 bits, for boards whose interior masks fit 16 bits (n ≤ 18): twice
        /// the nodes per instruction.
        Narrow {
            lane: u16 as i16,
            mask: __mmask32,
            lanes: 32,
            block: NARROW_BLOCK,
            // One addition is at most 16 × 16 = 256 per lane: 255 of them stay below 2^16.
            adds_before_flush: 255,
            set1: _mm512_set1_epi16, sub: _mm512_sub_epi16, add: _mm512_add_epi16,
            mask_add: _mm512_mask_add_epi16, mullo: _mm512_mullo_epi16,
            popcnt: _mm512_popcnt_epi16, sllv: _mm512_sllv_epi16, srlv: _mm512_srlv_epi16,
            test_mask: _mm512_mask_test_epi16_mask, compress: _mm512_maskz_compress_epi16,
        }
    }

    impl Narrowing for Wide {
        type Packing16 = __mmask16;
        #[inline(always)]
        fn packing16(self, m: __mmask16) -> __mmask16 {
            m
        }
        #[inline(always)]
        fn compress_store_low16(self, p: __mmask16, v: __m512i, dst: &mut [u16; CAP], at: usize) {
            // Bounds: 16 lanes of 16 bits from `at`, checked here.
            let dst = &mut dst[at..at + 16];
            // SAFETY: a `Wide` exists only where AVX-512F was detected; `vpcompressd` packs
            // the kept lanes to the front (zeros after), `vpmovdw` keeps each lane's low 16
            // bits, and the unaligned 32-byte store falls inside the bounds-checked `dst`.
            unsafe {
                let packed = _mm512_cvtepi32_epi16(_mm512_maskz_compress_epi32(p, v));
                _mm256_storeu_si256(dst.as_mut_ptr().cast(), packed)
            }
        }
    }
}
