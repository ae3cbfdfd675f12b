//! Narrow frames of a wide interior: how the vector kernels keep 16-bit lanes for most of the
//! search of n = 19, and for the units of n = 20 and 21 whose border queens take edge
//! columns.
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
//! When a border queen (row 0 or n − 1) takes the edge column, the interior without it is
//! again one whose edges no attack reaches: the interior queens all stand right of the new
//! column 0 (the old column 0 is the border queen's, whose attacks are in `blocked`). So
//! the border's edge columns are dropped one by one, as long as the interior is wider than
//! 16 columns: an interior left with 16 is counted in its frame from the start
//! ([`Route::Frame`]), one left with 17 by the split search. For 17 columns,
//! [`super::batched::count_split`] searches in 32-bit lanes only while both edge columns are
//! open, and hands each child that takes one to the search of its frame (at n = 19 about 93%
//! of the nodes are searched in 16-bit lanes). Wider interiors are searched in 32-bit lanes:
//! an 18-column one would need two columns taken by interior queens, and splitting there
//! gained little when tried (see [`super::batched::count_split`]).

use super::Interior;

/// Interior columns a 16-bit lane holds.
const NARROW_BITS: u32 = 16;

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

/// One frame: an interior whose masks drop one or both edge columns and keep 16.
#[derive(Clone, Debug)]
pub(crate) struct Frame {
    /// The interior in the frame's columns: the same free rows, shifts and depth, its masks
    /// narrowed by [`Frame::narrow`].
    pub interior: Interior,
    /// Bits dropped at the bottom (1: column 0 is dropped, 0: it is kept).
    drop_low: u32,
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

    /// The frame of `it` that drops `drop_low` bits at the bottom and keeps 16 columns.
    fn new(it: &Interior, drop_low: u32) -> Frame {
        Frame {
            interior: without_edges(it, drop_low, NARROW_BITS),
            drop_low,
        }
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
    /// In 32-bit lanes while both edge columns of a 17-column interior are open, and each
    /// subtree that takes one in the 16-bit lanes of its frame
    /// ([`super::batched::count_split`]): n = 19, and n = 20 and 21 whose border queens take
    /// one or two edge columns (dropped: [`Frames::interior`]).
    Split(Frames),
    /// In 32-bit lanes throughout: interiors left wider than 17 columns.
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
            (17, false, false) => Route::Split(Frames::new(it.clone())),
            // Wider, with an edge column taken: the interior without it, routed as such
            // (again an interior whose edges no diagonal attack reaches: see the module's
            // doc).
            (_, true, _) => Route::of(&without_edges(it, 1, width - 1)),
            (_, false, true) => Route::of(&without_edges(it, 0, width - 1)),
            _ => Route::Wide,
        }
    }
}

/// A 17-column interior whose edge columns are both open, and its two frames: which nodes
/// may move to them, and how.
#[derive(Clone, Debug)]
pub(crate) struct Frames {
    /// The interior.
    interior: Interior,
    /// `[low, high]`: the frames without column 0 and without column 16.
    frames: [Frame; 2],
}

impl Frames {
    /// The two edge columns, as bits.
    const EDGES: u32 = 1 | 1 << NARROW_BITS;

    /// The frames of `interior` (17 columns).
    fn new(interior: Interior) -> Frames {
        assert_eq!(interior.inner, (1 << 17) - 1, "17 columns");
        let frames = [Frame::new(&interior, 1), Frame::new(&interior, 0)];
        Frames { interior, frames }
    }

    /// The 17-column interior to count: the one routed, or, for 18 columns whose border
    /// queens take one edge column, that interior without it.
    pub fn interior(&self) -> &Interior {
        &self.interior
    }

    /// The edge columns, as bits (for the vector test of [`Frames::fits`]).
    pub fn edges(&self) -> u32 {
        Self::EDGES
    }

    /// Whether a node whose queens take the columns `cols` fits a frame: either edge column
    /// taken.
    pub fn fits(&self, cols: u32) -> bool {
        cols & Self::EDGES != 0
    }

    /// The index (0 or 1) of the frame of a node with queens in `cols` (one that
    /// [`Frames::fits`]): the low frame whenever column 0 is taken. (The split search's
    /// hand-over decides so in lanes; here for the tests.)
    #[cfg(test)]
    pub fn index(&self, cols: u32) -> usize {
        usize::from(cols & 1 == 0)
    }

    /// Frame `i` (0 or 1).
    pub fn frame(&self, i: usize) -> &Frame {
        &self.frames[i]
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

    #[test]
    fn the_route_follows_the_width_and_the_edge_columns_taken() {
        assert!(matches!(route(16, 0), Route::Narrow));
        assert!(matches!(route(19, 1), Route::Wide));
        assert!(matches!(route(18, 0b10), Route::Wide));
        // 17 columns: a frame once either edge is taken, else the split search.
        let Route::Split(f17) = route(17, 0b100) else {
            panic!("17 columns, edges open: split")
        };
        assert_eq!(f17.interior().inner, 0x1_FFFF);
        assert_eq!(f17.interior().cols, 0b100);
        assert_eq!(f17.edges(), 1 | 1 << 16);
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
            (low.interior().inner, low.interior().cols),
            (0x1_FFFF, 0b100)
        );
        let Route::Split(high) = route(18, 1 << 17 | 0b1000) else {
            panic!("18 columns, column 17 taken: the split search without it")
        };
        assert_eq!(
            (high.interior().inner, high.interior().cols),
            (0x1_FFFF, 0b1000)
        );
        // Column 0 and the next one in taken: the 17 columns' edge too, so a frame.
        assert!(matches!(route(18, 0b11), Route::Frame(_)));
        assert!(matches!(route(18, 0b11 << 16), Route::Frame(_)));
        // 19 columns: the split search once two border edge columns are dropped, a frame
        // after three; each drop leaves the next column in as the new edge.
        let Route::Split(two) = route(19, 1 | 1 << 18 | 0b100) else {
            panic!("19 columns, both edges taken: the split search without them")
        };
        assert_eq!(
            (two.interior().inner, two.interior().cols),
            (0x1_FFFF, 0b10)
        );
        let Route::Split(low) = route(19, 0b11 | 0b1000) else {
            panic!("19 columns, columns 0 and 1 taken: the split search without them")
        };
        assert_eq!(
            (low.interior().inner, low.interior().cols),
            (0x1_FFFF, 0b10)
        );
        assert!(matches!(route(19, 0b101), Route::Wide));
        assert!(matches!(route(19, 0b111), Route::Frame(_)));
        assert!(matches!(route(20, 0b111), Route::Split(_)));
    }

    #[test]
    fn a_node_fits_once_an_edge_column_is_taken() {
        let Route::Split(f17) = route(17, 0) else {
            panic!("17 columns, edges open: split")
        };
        assert!(!f17.fits(0b1110));
        assert!(f17.fits(1));
        assert!(f17.fits(1 << 16));
        assert_eq!(f17.index(1 | 1 << 16), 0);
        assert_eq!(f17.index(1 << 16), 1);
    }

    #[test]
    fn frames_drop_the_edge_columns_and_keep_16() {
        let Route::Split(f17) = route(17, 0) else {
            panic!("17 columns, edges open: split")
        };
        let (low, high) = (f17.frame(0), f17.frame(1));
        assert_eq!(low.narrow(0x1_FFFF), 0xFFFF);
        assert_eq!(low.narrow(0b1_0000_0000_0000_0011), 0b1000_0000_0000_0001);
        assert_eq!(high.narrow(0x1_8001), 0x8001);
        assert_eq!(low.interior.inner, 0xFFFF);
        assert_eq!(high.interior.inner, 0xFFFF);
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
