//! Narrow frames of a wide interior: how the vector kernels keep 16-bit lanes for most of the
//! search of an interior of 17 or 18 columns (the ring plans' at n = 17, and at n = 19 to 22
//! once their outer columns are placed; the border plan's at n = 19 and 20).
//!
//! # Why an edge column can be dropped
//!
//! A node's `ld` mask holds the attacks of the interior queens moving one column up per row,
//! and its `rd` mask those moving one column down. No interior queen stands left of interior
//! column 0, so no `ld` attack ever reaches column 0: a child's `ld` is `(ld | bit) << s` with
//! `s ≥ 1`, whose bit 0 is always clear (the border queen in column 0 attacks through
//! [`Interior::blocked`], not through `ld`). In the same way no `rd` attack ever reaches the
//! top column `w − 1`.
//!
//! So once column 0 holds a queen (its bit is set in `cols`), nothing about column 0 matters
//! any more: no queen can go there, its `ld` bit is always clear, and its `rd` bit only
//! attacks column 0 itself and then leaves the board. Every mask of the node and of the rows
//! below can drop bit 0 (shift right by one) and still describe the same subtree exactly,
//! with the same placements. Likewise once column `w − 1` holds a queen, every mask can drop
//! bit `w − 1`. A 17-column interior with either edge column taken so fits 16 bits: a
//! *frame*, whose search is the same tree in lanes twice as many per vector.
//!
//! When a pre-placed queen takes the edge column (a border queen of row 0 or n − 1, or an
//! outer column's queen that a ring plan places), the interior without it is again one whose
//! edges no attack reaches: the interior queens all stand right of the new column 0 (the old
//! column 0 is the pre-placed queen's, whose attacks are in `blocked`). So held edge columns
//! are dropped one by one, as long as the interior is wider than
//! 16 columns: an interior left with 16 is counted in its frame from the start
//! ([`Route::Frame`]), one left with 17 or 18 by the split search. For 17 columns,
//! [`super::batched::split::count_split`] searches in 32-bit lanes only while both edge columns are
//! open, and hands each child that takes one to the search of its frame (in the border plan's
//! n = 19 about 93% of the nodes are searched in 16-bit lanes), and it keeps even the nodes that fit no frame
//! in 16-bit lanes, packed one column down, down to the last two levels: those are exactly the
//! nodes whose two edge columns are open (see [`super::batched`]'s `edges`).
//!
//! # Windows of 18 columns
//!
//! The argument holds for any window of 16 consecutive columns, not only at the edges: a
//! node holds exactly in the window when every column outside it is taken, no `ld` attack
//! lies below the window (it would move up into it) and no `rd` attack above it (it would
//! move down into it). Attacks inside the window that move out of it go to taken columns,
//! and attacks outside it never come back. So an 18-column interior has three frames, the
//! windows from columns 0, 1 and 2 ([`Frame::fits`]); in the border plan's n = 20 about 91%
//! of the nodes fit one. Interiors of 19 columns and more (the border plan's n = 21 with both
//! edges open) are searched in 32-bit lanes: four windows cost more than they saved when
//! tried (see [`super::batched::split::count_split`]).

use super::Interior;

/// Interior columns a 16-bit lane holds.
const NARROW_BITS: u32 = 16;

/// The most frames of a split search: the three 16-column windows of 18 columns (n = 20).
pub(crate) const MAX_FRAMES: usize = 3;

/// `mask` without the `drop_low` columns at the bottom (shifted right by them), `bits`
/// columns kept. (The split search narrows to 16 bits alike in lanes: see
/// [`super::lanes::Narrowing`].)
#[inline(always)]
fn narrow(mask: u32, drop_low: u32, bits: u32) -> u32 {
    (mask >> drop_low) & ((1 << bits) - 1)
}

/// The interior `it` without the `drop_low` columns at the bottom, `bits` columns kept: the
/// same free rows, shifts and depth, its masks narrowed. Exact (the same tree) where every
/// column dropped is an edge column already taken (see the module's doc).
fn without_edges(it: &Interior, drop_low: u32, bits: u32) -> Interior {
    let mut narrowed = it.clone();
    narrowed.inner = narrow(it.inner, drop_low, bits);
    narrowed.cols = narrow(it.cols, drop_low, bits);
    for b in &mut narrowed.blocked[..it.depth] {
        *b = narrow(*b, drop_low, bits);
    }
    narrowed
}

/// One frame: a window of 16 interior columns, the interior's masks within it, and which
/// nodes it holds exactly.
#[derive(Clone, Debug)]
pub(crate) struct Frame {
    /// The interior in the frame's columns: the same free rows, shifts and depth, its masks
    /// shifted right by [`Frame::drop_low`] and cut to 16 bits.
    pub interior: Interior,
    /// The window's lowest column: the columns below it are dropped.
    drop_low: u32,
    /// The columns outside the window: a node fits only with all of them taken.
    outside: u32,
    /// The columns below the window: a node fits only with no `ld` bit there.
    below: u32,
    /// The columns above the window: a node fits only with no `rd` bit there.
    above: u32,
}

impl Frame {
    /// A mask of the wide interior in the frame's columns (what the split search's
    /// hand-over does in lanes; here for the tests).
    #[cfg(test)]
    pub fn narrow(&self, mask: u32) -> u32 {
        narrow(mask, self.drop_low, NARROW_BITS)
    }

    /// Bits dropped at the bottom: a mask is narrowed to the frame by shifting it right by
    /// this much and keeping the low 16 bits.
    #[inline(always)]
    pub fn drop_low(&self) -> u32 {
        self.drop_low
    }

    /// The frame of `it` whose window starts at column `drop_low`.
    fn new(it: &Interior, drop_low: u32) -> Frame {
        let window = ((1 << NARROW_BITS) - 1) << drop_low;
        let below = (1 << drop_low) - 1;
        Frame {
            interior: without_edges(it, drop_low, NARROW_BITS),
            drop_low,
            outside: it.inner & !window,
            below,
            above: it.inner & !(window | below),
        }
    }

    /// `[outside, below, above]`: a node (`cols`, `ld`, `rd`, as stored for its row) fits
    /// the frame when `outside & !cols`, `ld & below` and `rd & above` are all zero (the
    /// vector test of the split search).
    pub fn test_masks(&self) -> [u32; 3] {
        [self.outside, self.below, self.above]
    }

    /// Whether a node with queens in `cols` and diagonal attacks `ld`, `rd` (as stored for
    /// its row) fits the frame: every column outside the window taken, no `ld` attack
    /// below the window (it would move into it) and no `rd` attack above it.
    pub fn fits(&self, cols: u32, ld: u32, rd: u32) -> bool {
        self.outside & !cols == 0 && ld & self.below == 0 && rd & self.above == 0
    }
}

/// How a vector kernel counts an interior of four free rows or more: the one decision of lane
/// widths, shared by every kernel.
#[derive(Clone, Debug)]
#[allow(
    clippy::large_enum_variant,
    reason = "made once per unit on the stack and matched at once: boxing would allocate"
)]
pub(crate) enum Route {
    /// In 16-bit lanes: the interior fits them (n ≤ 18).
    Narrow,
    /// In 16-bit lanes, in this frame: the border queens take edge columns enough to leave
    /// 16 (n = 19: either edge; n = 20: two; n = 21: three).
    Frame(Frame),
    /// In 32-bit lanes until a node fits a frame, and each subtree that does in the 16-bit
    /// lanes of its frame ([`super::batched::split::count_split`]): interiors left with 17 or 18
    /// columns and both edges open: n = 19 and 20, and n = 20 and 21 whose border queens
    /// take edge columns (dropped: [`Frames::interior`]).
    Split(Frames),
    /// In 32-bit lanes throughout: interiors left wider than 18 columns.
    Wide,
}

impl Route {
    /// The route of `it`.
    pub fn of(it: &Interior) -> Route {
        if it.inner < 1 << NARROW_BITS {
            return Route::Narrow;
        }
        let width = it.inner.count_ones();
        if it.inner != (1u32 << width).wrapping_sub(1) {
            return Route::Wide; // not a run of columns from bit 0 (no interior is)
        }
        // Which edge columns the border queens take.
        let low = it.cols & 1 != 0;
        let high = it.cols >> (width - 1) & 1 != 0;
        match (width, low, high) {
            (17, true, _) => Route::Frame(Frame::new(it, 1)),
            (17, false, true) => Route::Frame(Frame::new(it, 0)),
            (17 | 18, false, false) => Route::Split(Frames::new(it.clone())),
            // Wider, with an edge column taken: the interior without it, routed as such
            // (again an interior whose edges no diagonal attack reaches: see the module's
            // doc).
            (_, true, _) => Route::of(&without_edges(it, 1, width - 1)),
            (_, false, true) => Route::of(&without_edges(it, 0, width - 1)),
            _ => Route::Wide,
        }
    }
}

/// An interior of 17 or 18 columns whose edge columns are both open, and its frames: the
/// windows of 16 columns, from column 0 up.
#[derive(Clone, Debug)]
pub(crate) struct Frames {
    /// The interior.
    interior: Interior,
    /// The frames, the window from column `k` at `k` (`width − 15` of them).
    frames: [Frame; MAX_FRAMES],
    /// How many.
    len: usize,
}

impl Frames {
    /// The frames of `interior` (17 or 18 columns).
    fn new(interior: Interior) -> Frames {
        let width = interior.inner.count_ones();
        assert!(
            interior.inner == (1 << width) - 1 && (17..=18).contains(&width),
            "17 or 18 columns from bit 0"
        );
        // The windows start at columns 0 to width − 16.
        let len = (width - NARROW_BITS + 1) as usize;
        // Unused slots repeat the last frame (never read: `len` says how many there are).
        let frames = std::array::from_fn(|k| Frame::new(&interior, k.min(len - 1) as u32));
        Frames {
            interior,
            frames,
            len,
        }
    }

    /// The interior to count: the one routed, or that interior without the edge columns
    /// its border queens take.
    pub fn interior(&self) -> &Interior {
        &self.interior
    }

    /// The number of frames.
    pub fn count(&self) -> usize {
        self.len
    }

    /// The first frame a node (`cols`, `ld`, `rd`, as stored for its row) fits, if any. (The
    /// split search's hand-over decides so in lanes.)
    pub fn first_fit(&self, cols: u32, ld: u32, rd: u32) -> Option<usize> {
        self.frames[..self.len]
            .iter()
            .position(|f| f.fits(cols, ld, rd))
    }

    /// Frame `k` (`k <` [`Frames::count`]).
    pub fn frame(&self, k: usize) -> &Frame {
        &self.frames[..self.len][k]
    }

    /// Whether a node (`cols`, `ld`, `rd`, as stored for its row, with an open column left)
    /// fits some frame, the same as [`Frames::first_fit`]`.is_some()` in one test for all
    /// the windows (the split search's wide steps make it in lanes for every child).
    ///
    /// With `X` the open columns and the `rd` attacks and `Y` the open columns and the `ld`
    /// attacks, the node fits the window from column `k` exactly when `k ≤ lowest(Y)` (no
    /// open column and no `ld` attack below the window) and `highest(X) ≤ k + 15` (none of
    /// `X` above it). Some window `0 ≤ k ≤ w − 16` does so exactly when `highest(X) −
    /// lowest(Y) ≤ 15`: then `k = max(0, highest(X) − 15)` is one (`highest(X) ≤ w − 1`, as
    /// `rd` attacks never leave the interior upwards). In bits: `X < 2^(lowest(Y) + 16)`,
    /// that is `X >> 16 < Y & −Y`, or: `X >> 16` has no bit in `Y | −Y` (all ones from `Y`'s
    /// lowest bit up), the form the lanes compute ([`super::batched`]'s `Diverted::fits`),
    /// written here in the same operations.
    #[cfg(test)]
    pub fn fits_some(&self, cols: u32, ld: u32, rd: u32) -> bool {
        let open = self.interior.inner & !cols;
        debug_assert!(open != 0, "a node with an open column");
        let (x, y) = (open | rd, open | ld);
        x >> NARROW_BITS & (y | y.wrapping_neg()) == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::kernel::{Kernel, MAX_DEPTH};

    /// A 17-column interior with a few border attacks, free rows one apart.
    fn interior(width: u32, depth: usize) -> Interior {
        let mut it = Interior {
            depth,
            inner: (1 << width) - 1,
            cols: 0,
            blocked: [0; MAX_DEPTH],
            shift: [0; MAX_DEPTH],
            rules: crate::rules::Rules::QUEENS,
        };
        for i in 0..depth {
            it.blocked[i] = (0x9_1249 >> (i % 3)) & it.inner;
            it.shift[i] = u32::from(i + 1 < depth);
        }
        it
    }

    /// The route of `it` with `cols` taken from the start.
    fn route(width: u32, cols: u32) -> Route {
        let mut it = interior(width, 5);
        it.cols = cols;
        Route::of(&it)
    }

    /// The frames of an interior of `width` columns, both edges open.
    fn frames(width: u32) -> Frames {
        match route(width, 0b100) {
            Route::Split(frames) => frames,
            other => panic!("{width} columns, edges open: {other:?}"),
        }
    }

    #[test]
    fn the_route_follows_the_width_and_the_edge_columns_taken() {
        assert!(matches!(route(16, 0), Route::Narrow));
        assert!(matches!(route(19, 0b10), Route::Wide));
        assert!(matches!(route(20, 0b10 | 1 << 18), Route::Wide));
        // 17 and 18 columns, edges open: the split search over their windows.
        for width in [17, 18] {
            let Route::Split(f) = route(width, 0b100) else {
                panic!("{width} columns, edges open: split")
            };
            assert_eq!(f.count(), width as usize - 15);
            assert_eq!(f.interior().inner, (1 << width) - 1);
            assert_eq!(f.interior().cols, 0b100);
        }
        // 17 columns: a frame once either edge is taken.
        let Route::Frame(low) = route(17, 1 | 0b100) else {
            panic!("17 columns, column 0 taken: a frame")
        };
        assert_eq!(
            (low.drop_low(), low.interior.inner, low.interior.cols),
            (1, 0xFFFF, 0b10)
        );
        let Route::Frame(high) = route(17, 1 << 16) else {
            panic!("17 columns, column 16 taken: a frame")
        };
        assert_eq!((high.drop_low(), high.interior.inner), (0, 0xFFFF));
        // 18 columns: a frame with both edges taken; with one, the 17 columns without it.
        let Route::Frame(both) = route(18, 1 | 1 << 17) else {
            panic!("18 columns, both edges taken: a frame")
        };
        assert_eq!((both.interior.inner, both.interior.cols), (0xFFFF, 0));
        let Route::Split(low) = route(18, 1 | 0b1000) else {
            panic!("18 columns, column 0 taken: the split search without it")
        };
        assert_eq!(
            (low.count(), low.interior().inner, low.interior().cols),
            (2, 0x1_FFFF, 0b100)
        );
        let Route::Split(high) = route(18, 1 << 17 | 0b1000) else {
            panic!("18 columns, column 17 taken: the split search without it")
        };
        assert_eq!(
            (high.count(), high.interior().inner, high.interior().cols),
            (2, 0x1_FFFF, 0b1000)
        );
        // Column 0 and the next one in taken: the 17 columns' edge too, so a frame.
        assert!(matches!(route(18, 0b11), Route::Frame(_)));
        assert!(matches!(route(18, 0b11 << 16), Route::Frame(_)));
        // 19 columns: the three-window split once one border edge column is dropped, the
        // two-frame one after two, a frame after three; each drop leaves the next column
        // in as the new edge.
        let Route::Split(one) = route(19, 1 | 0b1000) else {
            panic!("19 columns, column 0 taken: the split search without it")
        };
        assert_eq!(
            (one.count(), one.interior().inner, one.interior().cols),
            (3, 0x3_FFFF, 0b100)
        );
        let Route::Split(two) = route(19, 1 | 1 << 18 | 0b100) else {
            panic!("19 columns, both edges taken: the split search without them")
        };
        assert_eq!(
            (two.count(), two.interior().inner, two.interior().cols),
            (2, 0x1_FFFF, 0b10)
        );
        assert!(matches!(route(19, 0b111), Route::Frame(_)));
        assert!(matches!(route(20, 0b111), Route::Split(_)));
        assert!(matches!(route(20, 0b11), Route::Split(_)));
    }

    #[test]
    fn a_node_fits_once_the_columns_outside_are_taken_and_no_diagonal_moves_in() {
        let f18 = frames(18);
        assert_eq!(f18.frame(2).test_masks(), [0b11, 0b11, 0]);
        assert_eq!(f18.frame(1).test_masks(), [1 | 1 << 17, 1, 1 << 17]);
        assert_eq!(f18.frame(0).test_masks(), [0b11 << 16, 0, 0b11 << 16]);
        assert_eq!(f18.first_fit(1, 0, 0), None);
        assert_eq!(f18.first_fit(1 << 17, 0, 0), None);
        assert_eq!(f18.first_fit(1 | 1 << 17, 0, 0), Some(1));
        assert_eq!(f18.first_fit(0b11, 0, 0), Some(2));
        // An `ld` attack in column 1 would move into the window: no frame holds it.
        assert_eq!(f18.first_fit(0b11, 0b10, 0), None);
        assert_eq!(f18.first_fit(0b11 << 16, 0, 1 << 16), None);
        // Attacks moving off the window's far side are dropped with it.
        assert_eq!(f18.first_fit(0b11 << 16, 1 << 17, 0b11), Some(0));
        let f17 = frames(17);
        assert_eq!(f17.first_fit(0b1110, 0, 0), None);
        assert_eq!(f17.first_fit(1, 0, 0), Some(1));
        assert_eq!(f17.first_fit(1 << 16, 0, 0), Some(0));
        assert_eq!(f17.first_fit(1 | 1 << 16, 0, 0), Some(0));
    }

    /// The one test for all windows says what testing each window says, on every node of
    /// 17 and 18 columns with an open column whose diagonal attacks lie in a few bands.
    #[test]
    fn the_span_test_agrees_with_the_windows_one_by_one() {
        let mut rng = super::super::tests::Rng(0x9E37_79B9_7F4A_7C15);
        let mut next = || rng.mask();
        for width in [17, 18] {
            let f = frames(width);
            let inner = (1u32 << width) - 1;
            let (mut fit, mut unfit) = (0, 0);
            for _ in 0..200_000 {
                // Mostly taken columns, so that many nodes fit; attacks sparse or dense.
                let cols = (next() | next() | next()) & inner;
                if cols == inner {
                    continue;
                }
                let sparse = next() % 2 == 0;
                let pick = |m: u32, other: u32| if sparse { m & other } else { m };
                let (ld, rd) = (pick(next(), next()), pick(next() & inner, next()));
                let some = f.first_fit(cols, ld, rd).is_some();
                assert_eq!(
                    f.fits_some(cols, ld, rd),
                    some,
                    "{width} {cols:#x} {ld:#x} {rd:#x}"
                );
                if some { fit += 1 } else { unfit += 1 }
            }
            assert!(
                fit > 1000 && unfit > 1000,
                "{width} columns: {fit} fit, {unfit} do not"
            );
        }
    }

    #[test]
    fn frames_keep_the_16_columns_of_their_window() {
        let f17 = frames(17);
        assert_eq!(f17.frame(1).narrow(0x1_FFFF), 0xFFFF);
        assert_eq!(
            f17.frame(1).narrow(0b1_0000_0000_0000_0011),
            0b1000_0000_0000_0001
        );
        assert_eq!(f17.frame(0).narrow(0x1_8001), 0x8001);
        let f18 = frames(18);
        assert_eq!(f18.frame(2).narrow(0x3_FFFF), 0xFFFF);
        assert_eq!(f18.frame(2).narrow(0b111), 0b1);
        assert_eq!(f18.frame(1).narrow(0x2_8003), 0x4001);
        for (f, k) in [(&f17, 0), (&f17, 1), (&f18, 0), (&f18, 1), (&f18, 2)] {
            assert_eq!(f.frame(k).interior.inner, 0xFFFF);
            assert_eq!(f.frame(k).drop_low(), k as u32);
        }
    }

    /// The argument of the module's doc, checked on whole trees: an interior whose edge
    /// columns are taken from the start counts the same completions and nodes in the
    /// narrower interior its route counts.
    #[test]
    fn an_interior_with_its_edges_taken_counts_the_same_in_its_route() {
        let (top17, top18) = (1 << 16, 1 << 17);
        for (width, cols) in [
            (17, 1),
            (17, top17),
            (18, 1 | top18),
            (18, 1),
            (18, top18),
            (18, 0b11),
            (19, 1 | 1 << 18),
            (19, 0b11),
            (19, 0b111),
        ] {
            let mut it = interior(width, 9);
            it.cols = cols | 1 << 5;
            let narrowed = match Route::of(&it) {
                Route::Frame(frame) => frame.interior,
                Route::Split(frames) => frames.interior().clone(),
                other => panic!("width {width}, {cols:#x}: {other:?}"),
            };
            assert!(narrowed.inner < it.inner, "width {width}, {cols:#x}");
            let wide = Kernel::Scalar.count(&it);
            assert!(
                wide.completions > 0,
                "width {width}, {cols:#x}: an empty tree proves little"
            );
            assert_eq!(
                Kernel::Scalar.count(&narrowed),
                wide,
                "width {width}, {cols:#x}"
            );
        }
    }
}
