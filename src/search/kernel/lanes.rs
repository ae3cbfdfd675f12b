//! The lane operations of the batched search ([`super::batched`]): one trait, [`Lanes`], and
//! one implementation per instruction set and lane width, each in its instruction set's file
//! (`avx2.rs`, `avx512.rs`, `neon.rs`), as memchr's `Vector` trait is.
//!
//! A value of a type that implements [`Lanes`] is a *proof* that this CPU has the instruction
//! set: each implementation makes one only after a run-time check of the CPU's features. So
//! the methods are safe to call, and the search written over them has no `unsafe` at all; the
//! implementations hold the `unsafe` intrinsic calls, each with its SAFETY note.
//!
//! Every method is `#[inline(always)]` in the implementations: the search is compiled into the
//! instruction set's `#[target_feature]` entry function, where the intrinsics inline.

/// Slots of one level's buffer, in lanes: enough for every implementation's step
/// ([`Lanes::BLOCK`] × [`Lanes::LANES`] = `W` nodes at most): a level holds at most `2W − 1`
/// pending nodes, and a store may write a whole vector past the last of them. AVX-512's steps
/// of 384 nodes need `2 · 384 − 1 + 32 = 799` (AVX2's of 192, 399); a multiple of 64 keeps
/// every array of a level starting on a cache line.
pub(crate) const CAP: usize = 13 * 64;

/// The lane operations of one instruction set at one lane width.
///
/// A *vector* holds [`Lanes::LANES`] lanes of type [`Lanes::Lane`] (16 or 32 bits, as wide as
/// the masks of the interior's columns); a *mask* is a set of lanes.
///
/// # Safety
///
/// The entry functions of the batched search (`batched_entry!` and `split_entry!`, expanded
/// by `vector_kernel!`) call code compiled with `#[target_feature]` as soon as they hold a
/// value of the lane type, with no check of their own: the value is the check. So an
/// implementor promises that
///
/// - a value of the type exists only where this CPU has every feature of the type's list in
///   its kernel's `vector_kernel!` (the list its `detect` checks and its entry code is
///   compiled for): no public constructor, no `Default`, only `detect` (and conversions from
///   another lane type of the same file whose list holds every one of those features);
/// - the methods touch memory only through the references they are given, within the bounds
///   their documentation states (a store at `at` writes the lanes from `at` on, inside `CAP`).
///
/// Every implementation is in one of the SIMD files (`avx2.rs`, `avx512.rs`, `neon.rs`), with
/// a SAFETY note on its `unsafe impl`.
#[allow(unsafe_code)] // Declares the promise only; no unsafe operation here.
pub(crate) unsafe trait Lanes: Copy {
    /// One lane: `u16` or `u32`.
    type Lane: Copy + Default + Into<u64> + TryFrom<u32>;
    /// A vector of lanes.
    type Vector: Copy;
    /// A set of lanes (a mask register, or bits in a word).
    type Mask: Copy + Into<u32>;
    /// A mask prepared for [`Lanes::compress_store`] (for example its shuffle pattern), made
    /// once and used for the four words of a node.
    type Packing: Copy;
    /// Lanes per vector.
    const LANES: usize;
    /// Vectors per step of the search: a step takes up to `BLOCK × LANES` nodes.
    const BLOCK: usize;
    /// The largest interior mask a lane holds (`0xFFFF` or `u32::MAX`).
    const MAX_MASK: u32;
    /// How many [`Lanes::add_first`] of last-row counts (each at most `|f| · |g| ≤ bits²` per
    /// lane) a lane holds before [`Lanes::sum`] must empty it.
    const ADDS_BEFORE_FLUSH: u32;
    /// Whether the last level of a tight interior packs the children that may have a
    /// filling into full vectors before counting their three rows (see
    /// [`super::batched`]'s `Search::last_three`): AVX-512 and AVX2 do, which is faster
    /// even with AVX2's compress made of a table lookup and a shuffle (measured in
    /// `docs/performance.md`); NEON, untimed, does not.
    const PACK_LAST_ROWS: bool;

    /// Every lane `x` (truncated to the lane width; callers pass masks that fit).
    fn splat(self, x: u32) -> Self::Vector;
    /// Every lane zero.
    #[inline(always)]
    fn zero(self) -> Self::Vector {
        self.splat(0)
    }
    /// Lanes `src[at..at + LANES]`.
    fn load(self, src: &[Self::Lane; CAP], at: usize) -> Self::Vector;
    /// `a & b` in every lane.
    fn and(self, a: Self::Vector, b: Self::Vector) -> Self::Vector;
    /// `a | b` in every lane.
    fn or(self, a: Self::Vector, b: Self::Vector) -> Self::Vector;
    /// `a ^ b` in every lane.
    fn xor(self, a: Self::Vector, b: Self::Vector) -> Self::Vector;
    /// `b & !a` in every lane (the operand order of x86's `andnot`).
    fn andnot(self, a: Self::Vector, b: Self::Vector) -> Self::Vector;
    /// The lowest set bit of every lane (0 where `v` is 0).
    #[inline(always)]
    fn lowest_bit(self, v: Self::Vector) -> Self::Vector {
        // v & (0 − v): the two's complement −v = !v + 1 flips every bit above the lowest
        // set one and keeps that one (the bits below are 0 in both), so the AND keeps it
        // alone.
        self.and(v, self.sub(self.zero(), v))
    }
    /// Every lane shifted left by `s` bits (bits past the lane are lost).
    fn shl(self, v: Self::Vector, s: u32) -> Self::Vector;
    /// Every lane shifted right by `s` bits.
    fn shr(self, v: Self::Vector, s: u32) -> Self::Vector;
    /// `a + b` in every lane (wrapping).
    fn add(self, a: Self::Vector, b: Self::Vector) -> Self::Vector;
    /// `a − b` in every lane (wrapping).
    fn sub(self, a: Self::Vector, b: Self::Vector) -> Self::Vector;
    /// `a · b` in every lane (the low half of the product).
    fn mul(self, a: Self::Vector, b: Self::Vector) -> Self::Vector;
    /// The number of set bits of every lane.
    fn popcount(self, v: Self::Vector) -> Self::Vector;
    /// `acc + v` in the first `m` lanes, `acc` in the others.
    fn add_first(self, acc: Self::Vector, m: usize, v: Self::Vector) -> Self::Vector;
    /// The sum of the lanes.
    fn sum(self, v: Self::Vector) -> u64;

    /// The first `m` lanes (`m ≤ LANES`).
    fn first(self, m: usize) -> Self::Mask;
    /// The lanes of `lanes` where `a` is not zero, and those where `b` is not zero.
    fn nonzero_pair(
        self,
        lanes: Self::Mask,
        a: Self::Vector,
        b: Self::Vector,
    ) -> (Self::Mask, Self::Mask);
    /// The number of lanes in `m`.
    #[inline(always)]
    fn count(self, m: Self::Mask) -> usize {
        m.into().count_ones() as usize
    }
    /// `m` prepared for [`Lanes::compress_store`].
    fn packing(self, m: Self::Mask) -> Self::Packing;
    /// Writes the lanes of `v` that `p` holds, in order, to `dst[at..]`; it may write up to
    /// `LANES` lanes from `at` (the ones past the packed lanes are scratch).
    fn compress_store(
        self,
        p: Self::Packing,
        v: Self::Vector,
        dst: &mut [Self::Lane; CAP],
        at: usize,
    );

    /// The ways to fill the last two free rows, per lane: `f` the free squares of the first,
    /// `g` those of the second ignoring the first's queen, `s` rows apart:
    /// `|f|·|g| − |f∩g| − |(f<<s)∩g| − |(f>>s)∩g|` (see
    /// [`super::scalar::search::last_two_rows`]). An implementation may compute it otherwise.
    #[inline(always)]
    fn two_rows(self, f: Self::Vector, g: Self::Vector, s: u32) -> Self::Vector {
        let pairs = self.mul(self.popcount(f), self.popcount(g));
        let clashes = self.add(
            self.popcount(self.and(f, g)),
            self.add(
                self.popcount(self.and(self.shl(f, s), g)),
                self.popcount(self.and(self.shr(f, s), g)),
            ),
        );
        self.sub(pairs, clashes)
    }

    /// All ones in every lane where `v` is zero, zero elsewhere. An implementation may have a
    /// cheaper comparison; this one needs no other operation than the trait's: `v | −v` has
    /// its top bit set exactly when `v ≠ 0` (the two's complement of a nonzero lane, or the
    /// lane itself, reaches the top bit), so shifting it down to bit 0 gives 1 for a nonzero
    /// lane and 0 for a zero one, and subtracting 1 turns those into 0 and all ones.
    #[inline(always)]
    fn zeros(self, v: Self::Vector) -> Self::Vector {
        let top = Self::MAX_MASK.count_ones() - 1;
        let nonzero = self.shr(self.or(v, self.sub(self.zero(), v)), top);
        self.sub(nonzero, self.splat(1))
    }

    /// All ones in every lane where `a` equals `b`, zero elsewhere (by default
    /// [`Lanes::zeros`] of `a ^ b`).
    #[inline(always)]
    fn eq(self, a: Self::Vector, b: Self::Vector) -> Self::Vector {
        self.zeros(self.xor(a, b))
    }

    /// The ways to fill the last three free rows when exactly three columns are left open,
    /// per lane: `open` those columns (three bits), `a`, `b`, `c` the free squares of the
    /// three rows ignoring each other's queens (each a subset of `open`), the rows `s1` and
    /// `s2` apart. See [`super::scalar::search::last_three_rows`], which computes the same in plain
    /// words.
    ///
    /// Each of the three rows takes one of the three open columns, so a filling is one of the
    /// six orders `(x, y, z)` of the columns, and it is valid when `x ∈ a`, `y ∈ b`, `z ∈ c`
    /// and no two of the three queens share a diagonal. With the columns `c1 < c2 < c3` as
    /// single bits, the queens of columns `ci < cj` in rows `d` apart share a diagonal exactly
    /// when `ci << d == cj`. No branch and no popcount: every test is an all-ones lane mask
    /// ([`Lanes::zeros`], [`Lanes::eq`]), the six orders are tested in every lane, and the
    /// count is 6 plus the sum of the invalid orders' all-ones (−1) lanes.
    ///
    /// `P` is the rules' test of two pieces ([`PairTest`]): for the queens, a common
    /// diagonal.
    #[inline(always)]
    fn three_rows<P: PairTest>(
        self,
        open: Self::Vector,
        a: Self::Vector,
        b: Self::Vector,
        c: Self::Vector,
        s1: u32,
        s2: u32,
    ) -> Self::Vector {
        // The open columns, low to high, one bit each (v & −v is the lowest bit of v).
        let c1 = self.lowest_bit(open);
        let rest = self.xor(open, c1);
        let c2 = self.lowest_bit(rest);
        let c3 = self.xor(rest, c2);
        // Written out in straight lines (arrays and loops here were not unrolled and went
        // through memory), with helper functions rather than closures: a closure does not
        // inherit the kernel's target features, and where the inliner left one out of line
        // (in a large entry function) every lane operation in it became a call. `ak`, `bk`,
        // `xk`: all ones where column k is NOT free in row 1, 2 or 3.
        #[inline(always)]
        fn missing<L: Lanes>(l: L, row: L::Vector, ck: L::Vector) -> L::Vector {
            l.zeros(l.and(row, ck))
        }
        let (a1, a2, a3) = (
            missing(self, a, c1),
            missing(self, a, c2),
            missing(self, a, c3),
        );
        let (b1, b2, b3) = (
            missing(self, b, c1),
            missing(self, b, c2),
            missing(self, b, c3),
        );
        let (x1, x2, x3) = (
            missing(self, c, c1),
            missing(self, c, c2),
            missing(self, c, c3),
        );
        // `qjk_r`: all ones where the pieces of columns j < k attack each other in rows
        // `δ` apart (for queens, where cj shifted up by δ lands on ck: [`PairTest`]); r
        // names the rows and so the distance: `_12` rows 1 and 2 (δ = s1), `_23` rows 2 and
        // 3 (s2), `_13` rows 1 and 3 (s1 + s2).
        let clash = P::clash::<Self>;
        let t = s1 + s2;
        let (q12_12, q13_12, q23_12) = (
            clash(self, c1, c2, s1),
            clash(self, c1, c3, s1),
            clash(self, c2, c3, s1),
        );
        let (q12_23, q13_23, q23_23) = (
            clash(self, c1, c2, s2),
            clash(self, c1, c3, s2),
            clash(self, c2, c3, s2),
        );
        let (q12_13, q13_13, q23_13) = (
            clash(self, c1, c2, t),
            clash(self, c1, c3, t),
            clash(self, c2, c3, t),
        );
        // The order (x, y, z) is invalid where a square is missing or a pair clashes:
        // (x, y) in rows 1 and 2, (y, z) in rows 2 and 3, (x, z) in rows 1 and 3. Each
        // invalid order is −1 (all ones) in its lane, so the count is 6 plus their sum.
        #[inline(always)]
        fn invalid<L: Lanes>(l: L, v: [L::Vector; 6]) -> L::Vector {
            let [ax, by, cz, xy, yz, xz] = v;
            l.or(l.or(l.or(ax, by), cz), l.or(l.or(xy, yz), xz))
        }
        let mut count = self.splat(6);
        count = self.add(count, invalid(self, [a1, b2, x3, q12_12, q23_23, q13_13])); // (1, 2, 3)
        count = self.add(count, invalid(self, [a1, b3, x2, q13_12, q23_23, q12_13])); // (1, 3, 2)
        count = self.add(count, invalid(self, [a2, b1, x3, q12_12, q13_23, q23_13])); // (2, 1, 3)
        count = self.add(count, invalid(self, [a2, b3, x1, q23_12, q13_23, q12_13])); // (2, 3, 1)
        count = self.add(count, invalid(self, [a3, b1, x2, q13_12, q12_23, q23_13])); // (3, 1, 2)
        count = self.add(count, invalid(self, [a3, b2, x1, q23_12, q12_23, q13_13])); // (3, 2, 1)
        count
    }
}

/// A rule's test of two pieces for [`Lanes::three_rows`]: all ones in the lanes where the
/// pieces of columns `cj < ck` (one bit each), `delta` rows apart, attack each other, zero
/// elsewhere. (A type rather than a closure: a closure does not inherit the kernel's target
/// features.)
pub(crate) trait PairTest {
    /// The test, in every lane.
    fn clash<L: Lanes>(l: L, cj: L::Vector, ck: L::Vector, delta: u32) -> L::Vector;
}

/// Lanes of 32 bits that can also store the low 16 bits of their lanes into a buffer of
/// 16-bit lanes: how the split search ([`super::batched::split::count_split`]) hands the nodes that
/// fit a frame to that frame's 16-bit search, narrowed in the lanes, with no scalar pass.
pub(crate) trait Narrowing: Lanes {
    /// A mask prepared for [`Narrowing::compress_store_low16`].
    type Packing16: Copy;

    /// `m` prepared for [`Narrowing::compress_store_low16`].
    fn packing16(self, m: Self::Mask) -> Self::Packing16;

    /// Writes the low 16 bits of the lanes of `v` that `p` holds, in order, to `dst[at..]`;
    /// it may write up to `2 · LANES` lanes from `at` (the ones past the packed lanes are
    /// scratch).
    fn compress_store_low16(
        self,
        p: Self::Packing16,
        v: Self::Vector,
        dst: &mut [u16; CAP],
        at: usize,
    );
}

/// Writes a lane type of a SIMD file and its `unsafe impl` of [`Lanes`], from one table: the
/// type's docs and name, the types and constants, `load`, and the operations that are one
/// intrinsic call each (the binary ones by the intrinsic's name, `splat` and the shifts as
/// the expression of their call); the methods whose code differs between instruction sets
/// follow the table, written out. The type is a `Copy` proof with a private field `_proof`,
/// which the file's `detect` (from `vector_kernel!`) alone fills.
///
/// ```text
/// /// DOCS
/// NAME: LANES lanes of LANE in VECTOR, mask MASK, packing PACKING;
/// block BLOCK, adds before flush ADDS, pack last rows BOOL;
/// load LOAD, and AND, or OR, …;            (any of and, or, xor, andnot, add, sub, mul)
/// splat |x| EXPR; shl |v, s| EXPR; shr |v, s| EXPR;
/// METHODS…
/// ```
///
/// What it writes is `unsafe` code (the impl of the `unsafe trait`, the intrinsic calls),
/// which compiles only where it is expanded in a file that allows `unsafe_code`: the SIMD
/// files, as `batched_entry!` is. SAFETY of that code: the impl's promise is the one the
/// invoking file's SAFETY note states (values of the type made only by `detect`, from the
/// feature list its entry code is compiled for); every intrinsic call runs in a method of
/// that type, so on a CPU with those features; `load` reads through a bounds-checked slice of
/// exactly its lanes (the load intrinsics need no alignment).
macro_rules! lanes_impl {
    (
        $(#[$doc:meta])*
        $name:ident: $lanes:literal lanes of $lane:ident in $vector:ty, mask $mask:ty, packing $packing:ty;
        block $block:expr, adds before flush $adds:expr, pack last rows $pack:literal;
        load $load:path, $($op:ident $intrinsic:path),+;
        splat |$x:ident| $splat:expr; shl |$v:ident, $s:ident| $shl:expr;
        shr |$rv:ident, $rs:ident| $shr:expr;
        $($methods:tt)*
    ) => {
        $(#[$doc])*
        #[derive(Clone, Copy)]
        pub(crate) struct $name {
            /// Private to the SIMD file: a value exists only where [`Self::detect`] found the
            /// features of this type's list in the file's `vector_kernel!`.
            pub(super) _proof: (),
        }

        unsafe impl $crate::search::kernel::lanes::Lanes for $name {
            type Lane = $lane;
            type Vector = $vector;
            type Mask = $mask;
            type Packing = $packing;
            const LANES: usize = $lanes;
            const BLOCK: usize = $block;
            const MAX_MASK: u32 = <$lane>::MAX as u32;
            const ADDS_BEFORE_FLUSH: u32 = $adds;
            const PACK_LAST_ROWS: bool = $pack;

            #[inline(always)]
            fn load(self, src: &[$lane; $crate::search::kernel::lanes::CAP], at: usize) -> $vector {
                let src = &src[at..at + $lanes];
                unsafe { $load(src.as_ptr().cast()) }
            }
            $(
                #[inline(always)]
                fn $op(self, a: $vector, b: $vector) -> $vector {
                    unsafe { $intrinsic(a, b) }
                }
            )+
            #[inline(always)]
            fn splat(self, $x: u32) -> $vector {
                unsafe { $splat }
            }
            #[inline(always)]
            fn shl(self, $v: $vector, $s: u32) -> $vector {
                unsafe { $shl }
            }
            #[inline(always)]
            fn shr(self, $rv: $vector, $rs: u32) -> $vector {
                unsafe { $shr }
            }

            $($methods)*
        }
    };
}
pub(crate) use lanes_impl;

/// Byte patterns that pack the lanes of one 128-bit vector with a byte shuffle (x86's
/// `pshufb`, ARM's `tbl`), for the instruction sets without a compress instruction: entry `m`
/// moves the lanes whose bit is set in `m` (one bit per lane) to the front, in order; the
/// other bytes get index 0x80, which both shuffles turn into zero.
#[repr(align(16))]
pub(crate) struct PackPatterns<const K: usize>(pub [[u8; 16]; K]);

/// The patterns for 8 lanes of 16 bits (one per 8-bit mask).
pub(crate) static PACK16: PackPatterns<256> = PackPatterns(pack_patterns::<256>(2, 2));

/// The patterns for 4 lanes of 32 bits (one per 4-bit mask).
pub(crate) static PACK32: PackPatterns<16> = PackPatterns(pack_patterns::<16>(4, 4));

/// The patterns that pack the low 16 bits of 4 lanes of 32 bits (one per 4-bit mask): the
/// kept lanes' two low bytes (little-endian), in order, for [`Narrowing`].
pub(crate) static PACK32_LOW16: PackPatterns<16> = PackPatterns(pack_patterns::<16>(4, 2));

/// The `K` packing patterns for lanes of `bytes` bytes (`K = 2^(16 / bytes)`), each kept
/// lane giving its `keep` low bytes.
const fn pack_patterns<const K: usize>(bytes: usize, keep: usize) -> [[u8; 16]; K] {
    let mut table = [[0x80u8; 16]; K];
    let mut m = 0;
    while m < K {
        // The kept lanes' bytes, in order, from byte 0 of the pattern.
        let mut out = 0;
        let mut lane = 0;
        while lane < 16 / bytes {
            if m >> lane & 1 == 1 {
                let mut b = 0;
                while b < keep {
                    table[m][out] = (lane * bytes + b) as u8;
                    out += 1;
                    b += 1;
                }
            }
            lane += 1;
        }
        m += 1;
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pack_pattern_moves_the_masked_lanes_to_the_front_in_order() {
        // Lanes 1 and 3 of 8 (16-bit): bytes 2, 3, 6, 7, then zeros.
        let p = &PACK16.0[0b1010];
        assert_eq!(&p[..4], &[2, 3, 6, 7]);
        assert!(p[4..].iter().all(|&b| b == 0x80));
        // Every lane of 4 (32-bit): the identity.
        assert_eq!(PACK32.0[0xF], std::array::from_fn::<u8, 16, _>(|i| i as u8));
        // The low halves of lanes 0 and 2 of 4 (32-bit): bytes 0, 1, 8, 9, then zeros.
        let p = &PACK32_LOW16.0[0b0101];
        assert_eq!(&p[..4], &[0, 1, 8, 9]);
        assert!(p[4..].iter().all(|&b| b == 0x80));
        assert!(PACK16.0[0].iter().all(|&b| b == 0x80));
    }
}
