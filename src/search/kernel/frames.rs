//! Narrow frames of a wide interior: how the vector kernels keep 16-bit lanes for most of the
//! search of n = 19 and 20, whose interiors have 17 and 18 columns.
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
//! bit `w − 1`. A 17-column interior with either edge column taken, or an 18-column interior
//! with both taken, so fits 16 bits: a *frame*, whose search is the same tree in lanes twice
//! as many per vector.
//!
//! An interior that starts with the edge columns it needs taken (a border queen in row 0 or
//! n − 1 next to a corner) is counted in its frame from the start. For 17 columns,
//! [`super::batched::count_split`] searches in 32-bit lanes only while both edge columns are
//! open, and hands each child that takes one to the search of its frame (at n = 19 about 93%
//! of the nodes are searched in 16-bit lanes); 18-column interiors that need the split are
//! searched in 32-bit lanes (why: [`super::batched::count_split`]).

use super::Interior;

/// Interior columns a 16-bit lane holds.
const NARROW_BITS: u32 = 16;

/// `mask` in a frame's columns: shifted right by the `drop_low` bits the frame drops at the
/// bottom, 16 bits kept. (The split search does the same in lanes: see
/// [`super::lanes::Narrowing`].)
#[inline(always)]
fn narrow(mask: u32, drop_low: u32) -> u32 {
    (mask >> drop_low) & ((1 << NARROW_BITS) - 1)
}

/// One frame: an interior whose masks drop the low edge column, the high one, or both.
#[derive(Clone, Debug)]
pub(crate) struct Frame {
    /// The interior in the frame's columns: the same free rows, shifts and depth, its masks
    /// narrowed by [`Frame::narrow`].
    pub interior: Interior,
    /// Bits dropped at the bottom (1: column 0 is dropped, 0: it is kept).
    drop_low: u32,
}

impl Frame {
    /// A mask of the wide interior in the frame's columns.
    #[inline(always)]
    pub fn narrow(&self, mask: u32) -> u32 {
        narrow(mask, self.drop_low)
    }

    /// Bits dropped at the bottom: a mask is narrowed to the frame by shifting it right by
    /// this much and keeping the low 16 bits.
    #[inline(always)]
    pub fn drop_low(&self) -> u32 {
        self.drop_low
    }

    /// The frame of `it` that drops `drop_low` bits at the bottom and keeps 16 columns.
    fn new(it: &Interior, drop_low: u32) -> Frame {
        let mut frame = Frame {
            interior: it.clone(),
            drop_low,
        };
        frame.interior.inner = frame.narrow(it.inner);
        frame.interior.cols = frame.narrow(it.cols);
        for b in &mut frame.interior.blocked[..it.depth] {
            *b = narrow(*b, drop_low);
        }
        frame
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
    /// In 16-bit lanes, in this frame: the border queens already take the edge columns the
    /// interior needs taken (n = 19 or 20).
    Frame(Frame),
    /// In 32-bit lanes while both edge columns are open, and each subtree that takes one in
    /// the 16-bit lanes of its frame ([`super::batched::count_split`]; 17 columns, n = 19).
    Split(Frames),
    /// In 32-bit lanes throughout: n ≥ 21, and n = 20 unless it starts in a frame (there
    /// the split search costs more than it saves: see [`super::batched::count_split`]).
    Wide,
}

impl Route {
    /// The route of `it`.
    pub fn of(it: &Interior) -> Route {
        if it.inner < 1 << NARROW_BITS {
            return Route::Narrow;
        }
        match Frames::of(it) {
            Some(frames) if frames.fits(it.cols) => {
                let i = frames.index(it.cols);
                let [low, high] = frames.frames;
                Route::Frame(if i == 0 { low } else { high })
            }
            Some(frames) if !frames.needs_both() => Route::Split(frames),
            _ => Route::Wide,
        }
    }
}

/// The frames of a 17- or 18-column interior, and which nodes may move to them.
#[derive(Clone, Debug)]
pub(crate) struct Frames {
    /// The two edge columns, as bits.
    edges: u32,
    /// 18 columns: a node needs both edge columns taken; 17: either.
    both: bool,
    /// 17 columns: `[low, high]`, the frames without column 0 and without column 16; 18
    /// columns: the one frame without both (twice).
    frames: [Frame; 2],
}

impl Frames {
    /// The frames of `it`, if its masks are 17 or 18 bits wide (n = 19 or 20).
    pub fn of(it: &Interior) -> Option<Frames> {
        let width = it.inner.count_ones();
        if it.inner != (1u32 << width).wrapping_sub(1) {
            return None; // not a run of columns from bit 0 (no interior is)
        }
        let edges = 1 | 1 << (width - 1);
        match width {
            17 => Some(Frames {
                edges,
                both: false,
                frames: [Frame::new(it, 1), Frame::new(it, 0)],
            }),
            18 => {
                let frame = Frame::new(it, 1);
                Some(Frames {
                    edges,
                    both: true,
                    frames: [frame.clone(), frame],
                })
            }
            _ => None,
        }
    }

    /// The edge columns, as bits (for the vector test of [`Frames::fits`]).
    pub fn edges(&self) -> u32 {
        self.edges
    }

    /// Whether a node needs both edge columns taken (else either).
    pub fn needs_both(&self) -> bool {
        self.both
    }

    /// Whether a node whose queens take the columns `cols` fits a frame.
    pub fn fits(&self, cols: u32) -> bool {
        let taken = cols & self.edges;
        if self.both {
            taken == self.edges
        } else {
            taken != 0
        }
    }

    /// The index (0 or 1) of the frame of a node with queens in `cols` (one that
    /// [`Frames::fits`]): the low frame whenever column 0 is taken.
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

    #[test]
    fn only_17_and_18_columns_have_frames() {
        assert!(Frames::of(&interior(16, 5)).is_none());
        assert!(Frames::of(&interior(19, 5)).is_none());
        let f17 = Frames::of(&interior(17, 5)).unwrap();
        assert!(!f17.needs_both());
        assert_eq!(f17.edges(), 1 | 1 << 16);
        let f18 = Frames::of(&interior(18, 5)).unwrap();
        assert!(f18.needs_both());
        assert_eq!(f18.edges(), 1 | 1 << 17);
    }

    #[test]
    fn a_node_fits_once_its_edge_columns_are_taken() {
        let f17 = Frames::of(&interior(17, 5)).unwrap();
        assert!(!f17.fits(0b1110));
        assert!(f17.fits(1));
        assert!(f17.fits(1 << 16));
        assert_eq!(f17.index(1 | 1 << 16), 0);
        assert_eq!(f17.index(1 << 16), 1);
        let f18 = Frames::of(&interior(18, 5)).unwrap();
        assert!(!f18.fits(1));
        assert!(!f18.fits(1 << 17));
        assert!(f18.fits(1 | 1 << 17 | 0b100));
    }

    #[test]
    fn frames_drop_the_edge_columns_and_keep_16() {
        let f17 = Frames::of(&interior(17, 5)).unwrap();
        let (low, high) = (f17.frame(0), f17.frame(1));
        assert_eq!(low.narrow(0x1_FFFF), 0xFFFF);
        assert_eq!(low.narrow(0b1_0000_0000_0000_0011), 0b1000_0000_0000_0001);
        assert_eq!(high.narrow(0x1_8001), 0x8001);
        assert_eq!(low.interior.inner, 0xFFFF);
        assert_eq!(high.interior.inner, 0xFFFF);
        let f18 = Frames::of(&interior(18, 5)).unwrap();
        assert_eq!(f18.frame(0).narrow(0x3_FFFF), 0xFFFF);
        assert_eq!(f18.frame(0).narrow(0x2_0001), 0);
    }

    /// The argument of the module's doc, checked on whole trees: an interior whose edge
    /// column is taken from the start counts the same completions and nodes in its frame.
    #[test]
    fn an_interior_with_its_edge_taken_counts_the_same_in_its_frame() {
        for (width, cols) in [(17, 1), (17, 1 << 16), (18, 1 | 1 << 17)] {
            let mut it = interior(width, 9);
            it.cols = cols | 1 << 5;
            let frames = Frames::of(&it).unwrap();
            assert!(frames.fits(it.cols));
            let frame = frames.frame(frames.index(it.cols));
            let wide = Kernel::Scalar.count(&it);
            assert!(
                wide.completions > 0,
                "width {width}: an empty tree proves little"
            );
            assert_eq!(Kernel::Scalar.count(&frame.interior), wide, "width {width}");
        }
    }
}
