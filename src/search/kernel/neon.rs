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
    use super::super::lanes::{CAP, Lanes, Narrowing, PACK16, PACK32, PACK32_LOW16};
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

    /// 8 lanes of 16 bits, for boards whose interior masks fit 16 bits (n ≤ 18).
    ///
    /// A lane set ([`Lanes::Mask`]) is 8 bits, one per lane.
    #[derive(Clone, Copy)]
    pub(crate) struct Narrow {
        /// Private to this file: a value exists only where [`Narrow::detect`] found NEON.
        pub(super) _proof: (),
    }

    /// 4 lanes of 32 bits, which hold the masks of every n up to 32.
    ///
    /// A lane set is 4 bits, one per lane.
    #[derive(Clone, Copy)]
    pub(crate) struct Wide {
        /// Private to this file: a value exists only where [`Wide::detect`] found NEON.
        pub(super) _proof: (),
    }

    impl From<Narrow> for Wide {
        fn from(_: Narrow) -> Wide {
            Wide { _proof: () }
        }
    }

    // SAFETY (every `unsafe` block in this impl and the next): a `Narrow` or `Wide` exists
    // only where `Narrow::detect` found NEON; loads and stores go through bounds-checked
    // slices or arrays of exactly the lanes they touch (`vld1q`/`vst1q` need no alignment).
    // SAFETY (the impl): values of this type are made only by `detect` (from this type's
    // feature list in `vector_kernel!` above, the one its entry code is compiled for)
    // and by the `From` conversions between lane types of the same list; its stores
    // write only within the bounds-checked slices they are given.
    unsafe impl Lanes for Narrow {
        type Lane = u16;
        type Vector = uint16x8_t;
        type Mask = u32;
        type Packing = uint8x16_t;
        const LANES: usize = 8;
        const BLOCK: usize = BLOCK;
        const MAX_MASK: u32 = 0xFFFF;
        // One addition is at most 16 × 16 = 256 per lane: 255 of them stay below 2^16.
        const ADDS_BEFORE_FLUSH: u32 = 255;
        // Untimed on an ARM machine: the unpacked count, as AVX2 once measured faster.
        const PACK_LAST_ROWS: bool = false;

        #[inline(always)]
        fn splat(self, x: u32) -> uint16x8_t {
            unsafe { vdupq_n_u16(x as u16) }
        }
        #[inline(always)]
        fn zero(self) -> uint16x8_t {
            unsafe { vdupq_n_u16(0) }
        }
        #[inline(always)]
        fn load(self, src: &[u16; CAP], at: usize) -> uint16x8_t {
            let src: &[u16; 8] = src[at..at + 8].try_into().expect("lanes");
            unsafe { vld1q_u16(src.as_ptr()) }
        }
        #[inline(always)]
        fn and(self, a: uint16x8_t, b: uint16x8_t) -> uint16x8_t {
            unsafe { vandq_u16(a, b) }
        }
        #[inline(always)]
        fn or(self, a: uint16x8_t, b: uint16x8_t) -> uint16x8_t {
            unsafe { vorrq_u16(a, b) }
        }
        #[inline(always)]
        fn xor(self, a: uint16x8_t, b: uint16x8_t) -> uint16x8_t {
            unsafe { veorq_u16(a, b) }
        }
        #[inline(always)]
        fn andnot(self, a: uint16x8_t, b: uint16x8_t) -> uint16x8_t {
            // `bic x, y` is x & !y: the operands swap to give b & !a.
            unsafe { vbicq_u16(b, a) }
        }
        #[inline(always)]
        fn lowest_bit(self, v: uint16x8_t) -> uint16x8_t {
            // v & (0 − v): two's complement keeps only the lowest set bit.
            self.and(v, self.sub(self.zero(), v))
        }
        #[inline(always)]
        fn shl(self, v: uint16x8_t, s: u32) -> uint16x8_t {
            // `ushl` shifts each lane left by the signed low byte of the other operand's lane.
            unsafe { vshlq_u16(v, vdupq_n_s16(s as i16)) }
        }
        #[inline(always)]
        fn shr(self, v: uint16x8_t, s: u32) -> uint16x8_t {
            // `ushl` by a negative amount shifts right (logically, the lanes being unsigned).
            unsafe { vshlq_u16(v, vdupq_n_s16(-(s as i16))) }
        }
        #[inline(always)]
        fn add(self, a: uint16x8_t, b: uint16x8_t) -> uint16x8_t {
            unsafe { vaddq_u16(a, b) }
        }
        #[inline(always)]
        fn sub(self, a: uint16x8_t, b: uint16x8_t) -> uint16x8_t {
            unsafe { vsubq_u16(a, b) }
        }
        #[inline(always)]
        fn mul(self, a: uint16x8_t, b: uint16x8_t) -> uint16x8_t {
            unsafe { vmulq_u16(a, b) }
        }
        #[inline(always)]
        fn popcount(self, v: uint16x8_t) -> uint16x8_t {
            // Each byte's bits counted, then each lane's two byte counts added (a pairwise
            // widening add of adjacent bytes).
            unsafe { vpaddlq_u8(vcntq_u8(vreinterpretq_u8_u16(v))) }
        }
        #[inline(always)]
        fn add_first(self, acc: uint16x8_t, m: usize, v: uint16x8_t) -> uint16x8_t {
            // Lanes 0..m of the window FIRST16[8 − m..16 − m] are ones, the rest zeros.
            let window: &[u16; 8] = FIRST16[8 - m..16 - m].try_into().expect("8 lanes");
            unsafe { vaddq_u16(acc, vandq_u16(v, vld1q_u16(window.as_ptr()))) }
        }
        #[inline(always)]
        fn sum(self, v: uint16x8_t) -> u64 {
            // A widening sum across the lanes (`uaddlv`): no lane sum overflows 32 bits.
            u64::from(unsafe { vaddlvq_u16(v) })
        }
        #[inline(always)]
        fn first(self, m: usize) -> u32 {
            (1u32 << m) - 1
        }
        #[inline(always)]
        fn nonzero_pair(self, lanes: u32, a: uint16x8_t, b: uint16x8_t) -> (u32, u32) {
            // `cmtst` makes the nonzero lanes all ones; ANDed with one bit per lane (a's in
            // bits 0–7, b's in bits 8–15) and summed across the vector, which adds distinct
            // bits and so ORs them: a movemask of both comparisons at once.
            let both = unsafe {
                let low = vld1q_u16(BITS16[..8].as_ptr());
                let high = vld1q_u16(BITS16[8..].as_ptr());
                let bits = vorrq_u16(
                    vandq_u16(vtstq_u16(a, a), low),
                    vandq_u16(vtstq_u16(b, b), high),
                );
                vaddvq_u16(bits)
            } as u32;
            (both & lanes, (both >> 8) & lanes)
        }
        #[inline(always)]
        fn count(self, m: u32) -> usize {
            m.count_ones() as usize
        }
        #[inline(always)]
        fn packing(self, m: u32) -> uint8x16_t {
            pattern(&PACK16.0[m as usize & 0xFF])
        }
        #[inline(always)]
        fn compress_store(self, p: uint8x16_t, v: uint16x8_t, dst: &mut [u16; CAP], at: usize) {
            pack_store(p, unsafe { vreinterpretq_u8_u16(v) }, dst, at)
        }
    }

    // SAFETY (the impl): values of this type are made only by `detect` (from this type's
    // feature list in `vector_kernel!` above, the one its entry code is compiled for)
    // and by the `From` conversions between lane types of the same list; its stores
    // write only within the bounds-checked slices they are given.
    unsafe impl Lanes for Wide {
        type Lane = u32;
        type Vector = uint32x4_t;
        type Mask = u32;
        type Packing = uint8x16_t;
        const LANES: usize = 4;
        const BLOCK: usize = BLOCK;
        const MAX_MASK: u32 = u32::MAX;
        // One addition is at most 30 × 30 < 2^10 per lane: 2^20 of them stay below 2^30.
        const ADDS_BEFORE_FLUSH: u32 = 1 << 20;
        // Untimed on an ARM machine (see the 16-bit lanes).
        const PACK_LAST_ROWS: bool = false;

        #[inline(always)]
        fn splat(self, x: u32) -> uint32x4_t {
            unsafe { vdupq_n_u32(x) }
        }
        #[inline(always)]
        fn zero(self) -> uint32x4_t {
            unsafe { vdupq_n_u32(0) }
        }
        #[inline(always)]
        fn load(self, src: &[u32; CAP], at: usize) -> uint32x4_t {
            let src: &[u32; 4] = src[at..at + 4].try_into().expect("lanes");
            unsafe { vld1q_u32(src.as_ptr()) }
        }
        #[inline(always)]
        fn and(self, a: uint32x4_t, b: uint32x4_t) -> uint32x4_t {
            unsafe { vandq_u32(a, b) }
        }
        #[inline(always)]
        fn or(self, a: uint32x4_t, b: uint32x4_t) -> uint32x4_t {
            unsafe { vorrq_u32(a, b) }
        }
        #[inline(always)]
        fn xor(self, a: uint32x4_t, b: uint32x4_t) -> uint32x4_t {
            unsafe { veorq_u32(a, b) }
        }
        #[inline(always)]
        fn andnot(self, a: uint32x4_t, b: uint32x4_t) -> uint32x4_t {
            // `bic x, y` is x & !y: the operands swap to give b & !a.
            unsafe { vbicq_u32(b, a) }
        }
        #[inline(always)]
        fn lowest_bit(self, v: uint32x4_t) -> uint32x4_t {
            // v & (0 − v): two's complement keeps only the lowest set bit.
            self.and(v, self.sub(self.zero(), v))
        }
        #[inline(always)]
        fn shl(self, v: uint32x4_t, s: u32) -> uint32x4_t {
            // `ushl` shifts each lane left by the signed low byte of the other operand's lane.
            unsafe { vshlq_u32(v, vdupq_n_s32(s as i32)) }
        }
        #[inline(always)]
        fn shr(self, v: uint32x4_t, s: u32) -> uint32x4_t {
            // `ushl` by a negative amount shifts right (logically, the lanes being unsigned).
            unsafe { vshlq_u32(v, vdupq_n_s32(-(s as i32))) }
        }
        #[inline(always)]
        fn add(self, a: uint32x4_t, b: uint32x4_t) -> uint32x4_t {
            unsafe { vaddq_u32(a, b) }
        }
        #[inline(always)]
        fn sub(self, a: uint32x4_t, b: uint32x4_t) -> uint32x4_t {
            unsafe { vsubq_u32(a, b) }
        }
        #[inline(always)]
        fn mul(self, a: uint32x4_t, b: uint32x4_t) -> uint32x4_t {
            unsafe { vmulq_u32(a, b) }
        }
        #[inline(always)]
        fn popcount(self, v: uint32x4_t) -> uint32x4_t {
            // Each byte's bits counted, adjacent byte counts added into 16 bits, adjacent
            // 16-bit sums into 32 bits (pairwise widening adds).
            unsafe { vpaddlq_u16(vpaddlq_u8(vcntq_u8(vreinterpretq_u8_u32(v)))) }
        }
        #[inline(always)]
        fn add_first(self, acc: uint32x4_t, m: usize, v: uint32x4_t) -> uint32x4_t {
            // Lanes 0..m of the window FIRST32[4 − m..8 − m] are ones, the rest zeros.
            let window: &[u32; 4] = FIRST32[4 - m..8 - m].try_into().expect("4 lanes");
            unsafe { vaddq_u32(acc, vandq_u32(v, vld1q_u32(window.as_ptr()))) }
        }
        #[inline(always)]
        fn sum(self, v: uint32x4_t) -> u64 {
            // A widening sum across the lanes (`uaddlv`) into 64 bits.
            unsafe { vaddlvq_u32(v) }
        }
        #[inline(always)]
        fn first(self, m: usize) -> u32 {
            (1u32 << m) - 1
        }
        #[inline(always)]
        fn nonzero_pair(self, lanes: u32, a: uint32x4_t, b: uint32x4_t) -> (u32, u32) {
            // As for 16-bit lanes: `cmtst`, one bit per lane (a's in bits 0–3, b's in bits
            // 4–7), a sum across the vector of those distinct bits.
            let both = unsafe {
                let low = vld1q_u32(BITS32[..4].as_ptr());
                let high = vld1q_u32(BITS32[4..].as_ptr());
                let bits = vorrq_u32(
                    vandq_u32(vtstq_u32(a, a), low),
                    vandq_u32(vtstq_u32(b, b), high),
                );
                vaddvq_u32(bits)
            };
            (both & lanes, (both >> 4) & lanes)
        }
        #[inline(always)]
        fn count(self, m: u32) -> usize {
            m.count_ones() as usize
        }
        #[inline(always)]
        fn packing(self, m: u32) -> uint8x16_t {
            pattern(&PACK32.0[m as usize & 0xF])
        }
        #[inline(always)]
        fn compress_store(self, p: uint8x16_t, v: uint32x4_t, dst: &mut [u32; CAP], at: usize) {
            pack_store(p, unsafe { vreinterpretq_u8_u32(v) }, dst, at)
        }
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
