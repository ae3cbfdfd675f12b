//! The NEON kernel (aarch64: Apple silicon, Graviton, Ampere, …): the batched search of
//! [`super::batched`] on 128-bit registers.
//!
//! Where the interior fits 16 bits (n ≤ 18), 8 lanes of 16 bits and 4 vectors a step (32
//! nodes); beyond, 4 lanes of 32 bits and 4 vectors a step (16 nodes). Two searches run
//! interleaved, as in the AVX2 kernel. Interiors of three free rows or fewer go to the scalar
//! kernel.
//!
//! NEON has no compress instruction and no movemask; they are built from what it has:
//!
//! - **Compress**: a lane set is a bit mask (one bit per lane); the vector is packed by one
//!   `tbl` (`vqtbl1q_u8`) whose byte pattern comes from a table indexed by the mask (256
//!   entries for 8 lanes of 16 bits, 16 for 4 lanes of 32 bits: the same tables as the AVX2
//!   kernel's `pshufb`), and stored whole. The pattern is loaded once per mask and serves the
//!   node's four words.
//! - **Movemask**: `cmtst` (`vtstq`) makes each nonzero lane all ones; ANDed with one distinct
//!   bit per lane and summed across the vector (`addv`), that is the lane set. The children
//!   and the parents of a step are tested in one sum (the parents' bits 8 or 4 places higher).
//! - **Popcount**: `cnt` (`vcntq_u8`) counts each byte's bits; pairwise widening adds
//!   (`uaddlp`) sum the bytes into each 16-bit lane, and again into each 32-bit lane.
//! - **Shifts** by a run-time amount: `ushl` (`vshlq`) by a splat, negative to shift right.
//!
//! NEON is part of every aarch64 CPU that runs a usual operating system; the kernel still
//! checks for it at run time, as every kernel does. Its speed could only be measured under
//! qemu here, which says nothing about real hardware; its counts are tested under qemu in CI.
//!
//! With [`super::avx2`] and [`super::avx512`], one of the files that hold `unsafe` code.

#![allow(unsafe_code)] // The intrinsics: see the SAFETY notes.

super::batched::vector_kernel! {
    kernel: Neon,
    arch: "aarch64",
    detected: is_aarch64_feature_detected,
    instruction_set: "NEON",
    summary: "NEON (aarch64): 32 nodes a step in 16-bit lanes for n ≤ 18, most of n = 19 and \
              20, 16 in 32-bit lanes beyond",
    // Every aarch64 Linux or macOS machine has NEON; it is checked all the same.
    wide: Wide ["neon"],
    narrow: Narrow ["neon"],
}

#[cfg(target_arch = "aarch64")]
mod imp {
    use super::super::lanes::{CAP, Narrowing, PACK16, PACK32, PACK32_LOW16, lanes_impl};
    #[cfg(doc)] // For the links of the docs only.
    use super::super::lanes::Lanes;
    use std::arch::aarch64::*;

    /// How many independent searches are interleaved: two, as in the AVX2 kernel, so that
    /// one search's compress, store and reload overlap the other's.
    pub(super) const SEARCHES: usize = 2;

    /// Vectors per step: 4 × 8 = 32 nodes a step in 16-bit lanes, 4 × 4 = 16 in 32-bit ones.
    const BLOCK: usize = 4;

    /// One bit per 16-bit lane: lane `i` holds `1 << i` (the children's or the free squares'
    /// lane set of [`Lanes::nonzero_pair`]) and, in the second half, `1 << (8 + i)` (the
    /// parents').
    static BITS16: [u16; 16] = [
        1,
        2,
        4,
        8,
        16,
        32,
        64,
        128,
        1 << 8,
        1 << 9,
        1 << 10,
        1 << 11,
        1 << 12,
        1 << 13,
        1 << 14,
        1 << 15,
    ];

    /// One bit per 32-bit lane, as [`BITS16`]: `1 << i`, then `1 << (4 + i)`.
    static BITS32: [u32; 8] = [1, 2, 4, 8, 16, 32, 64, 128];

    /// A window of lane masks: the 8 lanes from lane `8 − m` hold `m` lanes of ones followed
    /// by zeros, for [`Lanes::add_first`] in 16-bit lanes.
    static FIRST16: [u16; 16] = [
        0xFFFF, 0xFFFF, 0xFFFF, 0xFFFF, 0xFFFF, 0xFFFF, 0xFFFF, 0xFFFF, 0, 0, 0, 0, 0, 0, 0, 0,
    ];

    /// The same window for 32-bit lanes: the 4 lanes from lane `4 − m`.
    static FIRST32: [u32; 8] = [u32::MAX, u32::MAX, u32::MAX, u32::MAX, 0, 0, 0, 0];

    /// Packs the lanes of `v` (16 bytes) that `pattern` picks and stores the whole vector at
    /// `dst[at..at + 16 / size_of::<T>()]` (the lanes past the packed ones are scratch).
    #[inline(always)]
    fn pack_store<T>(pattern: uint8x16_t, v: uint8x16_t, dst: &mut [T; CAP], at: usize) {
        // Bounds: one vector of lanes from `at`, checked here.
        let dst = &mut dst[at..at + 16 / size_of::<T>()];
        // SAFETY: NEON is proven by the caller's lane-operation value; the 16-byte store
        // falls inside the bounds-checked `dst`, which holds exactly 16 bytes; `vst1q_u8`
        // needs no alignment.
        unsafe { vst1q_u8(dst.as_mut_ptr().cast(), vqtbl1q_u8(v, pattern)) }
    }

    /// A table entry as a `tbl` pattern.
    #[inline(always)]
    fn pattern(entry: &[u8; 16]) -> uint8x16_t {
        // SAFETY: NEON is proven by the caller's lane-operation value; the load reads the
        // 16 bytes of `entry`.
        unsafe { vld1q_u8(entry.as_ptr()) }
    }

    /// Defines one lane width: its type and its [`Lanes`] (through [`lanes_impl`]), with
    /// that width's intrinsics and tables.
    macro_rules! neon_lanes {
        (
            $(#[$doc:meta])*
            $name:ident: $lanes:literal lanes of $lane:ident in $vector:ty, shifts $signed:ty;
            adds before flush $adds:expr;
            dup $dup:ident, dup_signed $dups:ident, load $ld1:ident, and $and:ident, or $orr:ident,
            xor $eor:ident, bic $bic:ident, add $add:ident, sub $sub:ident, mul $mul:ident,
            shift $ushl:ident, test $tst:ident, add_across $addv:ident, add_long $addlv:ident,
            as_bytes $bytes:ident;
            popcount |$counts:ident| $popcount:expr;
            tables $bits:ident, $first:ident, $pack:ident $(;)?
        ) => {
            // SAFETY (the impl, and every `unsafe` block in it): values of this type are made
            // only by `detect` (from this type's feature list in `vector_kernel!` above, the
            // one its entry code is compiled for), so every intrinsic runs where NEON was
            // detected; loads and stores go through bounds-checked slices or arrays of exactly
            // the lanes they touch (`vld1q`/`vst1q` need no alignment).
            lanes_impl! {
                $(#[$doc])*
                $name: $lanes lanes of $lane in $vector, mask u32, packing uint8x16_t;
                // Untimed on an ARM machine: the unpacked count, as AVX2 once measured faster.
                block BLOCK, adds before flush $adds, pack last rows false;
                load $ld1, and $and, or $orr, xor $eor, add $add, sub $sub, mul $mul;
                splat |x| $dup(x as $lane);
                // `ushl` shifts each lane left by the signed low byte of the other operand's
                // lane, and right (logically, the lanes being unsigned) where it is negative.
                shl |v, s| $ushl(v, $dups(s as $signed));
                shr |v, s| $ushl(v, $dups(-(s as $signed)));

                #[inline(always)]
                fn andnot(self, a: $vector, b: $vector) -> $vector {
                    // `bic x, y` is x & !y: the operands swap to give b & !a.
                    unsafe { $bic(b, a) }
                }
                #[inline(always)]
                fn popcount(self, v: $vector) -> $vector {
                    // Each byte's bits counted (`cnt`), then adjacent counts added into each
                    // lane by pairwise widening adds (`uaddlp`): bytes into 16 bits, and for
                    // 32-bit lanes those into 32.
                    unsafe {
                        let $counts = vcntq_u8($bytes(v));
                        $popcount
                    }
                }
                #[inline(always)]
                fn add_first(self, acc: $vector, m: usize, v: $vector) -> $vector {
                    // Lanes 0..m of the window FIRST[LANES − m..2 · LANES − m] are ones, the
                    // rest zeros.
                    let window: &[$lane; $lanes] =
                        $first[$lanes - m..2 * $lanes - m].try_into().expect("lanes");
                    unsafe { $add(acc, $and(v, $ld1(window.as_ptr()))) }
                }
                #[inline(always)]
                fn sum(self, v: $vector) -> u64 {
                    // A widening sum across the lanes (`uaddlv`): no lane sum overflows it.
                    u64::from(unsafe { $addlv(v) })
                }
                #[inline(always)]
                fn first(self, m: usize) -> u32 {
                    // The low m bits, one per lane.
                    (1u32 << m) - 1
                }
                #[inline(always)]
                fn nonzero_pair(self, lanes: u32, a: $vector, b: $vector) -> (u32, u32) {
                    // `cmtst` makes the nonzero lanes all ones; ANDed with one bit per lane
                    // (a's in the low LANES bits, b's in the next LANES) and summed across the
                    // vector, which adds distinct bits and so ORs them: a movemask of both
                    // comparisons at once.
                    let both = u32::from(unsafe {
                        let low = $ld1($bits[..$lanes].as_ptr());
                        let high = $ld1($bits[$lanes..].as_ptr());
                        $addv($orr($and($tst(a, a), low), $and($tst(b, b), high)))
                    });
                    (both & lanes, (both >> $lanes) & lanes)
                }
                #[inline(always)]
                fn packing(self, m: u32) -> uint8x16_t {
                    // The table has one pattern per set of the LANES lanes.
                    pattern(&$pack.0[m as usize & ((1 << $lanes) - 1)])
                }
                #[inline(always)]
                fn compress_store(
                    self,
                    p: uint8x16_t,
                    v: $vector,
                    dst: &mut [$lane; CAP],
                    at: usize,
                ) {
                    pack_store(p, unsafe { $bytes(v) }, dst, at)
                }
            }
        };
    }

    neon_lanes! {
        /// 8 lanes of 16 bits, for boards whose interior masks fit 16 bits (n ≤ 18).
        ///
        /// A lane set ([`Lanes::Mask`]) is 8 bits, one per lane.
        Narrow: 8 lanes of u16 in uint16x8_t, shifts i16;
        // One addition is at most 16 × 16 = 256 per lane: 255 of them stay below 2^16.
        adds before flush 255;
        dup vdupq_n_u16, dup_signed vdupq_n_s16, load vld1q_u16, and vandq_u16, or vorrq_u16,
        xor veorq_u16, bic vbicq_u16, add vaddq_u16, sub vsubq_u16, mul vmulq_u16,
        shift vshlq_u16, test vtstq_u16, add_across vaddvq_u16, add_long vaddlvq_u16,
        as_bytes vreinterpretq_u8_u16;
        popcount |counts| vpaddlq_u8(counts);
        tables BITS16, FIRST16, PACK16;
    }

    neon_lanes! {
        /// 4 lanes of 32 bits, which hold the masks of every n up to 32.
        ///
        /// A lane set is 4 bits, one per lane.
        Wide: 4 lanes of u32 in uint32x4_t, shifts i32;
        // One addition is at most 30 × 30 < 2^10 per lane: 2^20 of them stay below 2^30.
        adds before flush 1 << 20;
        dup vdupq_n_u32, dup_signed vdupq_n_s32, load vld1q_u32, and vandq_u32, or vorrq_u32,
        xor veorq_u32, bic vbicq_u32, add vaddq_u32, sub vsubq_u32, mul vmulq_u32,
        shift vshlq_u32, test vtstq_u32, add_across vaddvq_u32, add_long vaddlvq_u32,
        as_bytes vreinterpretq_u8_u32;
        popcount |counts| vpaddlq_u16(vpaddlq_u8(counts));
        tables BITS32, FIRST32, PACK32;
    }

    impl Narrowing for Wide {
        type Packing16 = uint8x16_t;
        #[inline(always)]
        fn packing16(self, m: u32) -> uint8x16_t {
            // The pattern that moves the kept lanes' two low bytes to the front.
            pattern(&PACK32_LOW16.0[m as usize & 0xF])
        }
        #[inline(always)]
        fn compress_store_low16(self, p: uint8x16_t, v: uint32x4_t, dst: &mut [u16; CAP], at: usize) {
            // Stores 8 lanes of 16 bits: the kept lanes' low halves, then zeros.
            pack_store(p, unsafe { vreinterpretq_u8_u32(v) }, dst, at)
        }
    }
}
