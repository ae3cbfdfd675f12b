//! The split search ([`count_split`]): an interior of 17 or 18 columns searched in 32-bit
//! lanes while its nodes fit no window of 16 columns, and in the 16-bit lanes of a window
//! ([`super::super::frames`]) from the first node that fits one; for 17 columns with levels
//! enough, the edge search of [`super::edges`] instead.
//!
//! A child of [`super`] beside [`super::edges`], which it dispatches to: both use the batched
//! search's own items, and the parent names neither's, so the three are no circle.

#[cfg(test)]
use super::super::Interior;
use super::super::InteriorCount;
use super::super::frames::Frames;
use super::super::lanes::{Lanes, Narrowing};
use super::super::rule::Queen;
use super::{MAX_DEPTH, Search, SplitSearches, edges, hand_over, total};

/// Whether the vector kernels count `it` with the edge search ([`edges`]): the split search
/// of 17 columns, with levels enough; and whether `it` ends with three rows (is tight).
#[cfg(test)]
pub(crate) fn edge_search_of(it: &Interior) -> Option<bool> {
    match super::super::frames::Route::of(it) {
        super::super::frames::Route::Split(frames) => {
            let three = super::super::scalar::ends_with_three_rows(frames.interior());
            edges::takes(&frames, three).then_some(three)
        }
        _ => None,
    }
}

/// Counts the interior of `frames` ([`Frames::interior`]: 17 or 18 columns, n = 19 and 20, or
/// n = 20 and 21 without the edge columns their border queens take) exactly as [`super::count`] does
/// in 32-bit lanes, but searching each subtree that fits a frame in the 16-bit lanes of that
/// frame ([`super::super::frames`]): the wide searches step while a node fits none, and after each
/// wide step the children that fit one are narrowed and added to the search of the first
/// they fit, which steps whenever a level it receives into is full and is emptied at the end.
/// The same placements are made, each once, so the completions and the node count are those
/// of [`super::count`].
///
/// The interior must have at least four free rows, and fit no frame from the start (else the
/// caller counts it in that frame).
///
/// For 17 columns (two windows) with levels enough, the wide nodes are searched in 16-bit
/// lanes too, packed one column down, down to the last two levels ([`edges`]).
///
/// For 18 columns (three windows) the gain is smaller than for 17: 91% of n = 20's nodes fit
/// a window (19 nodes a hand-over), and the wide steps' tests and stores into the frames eat
/// part of the narrow lanes' gain. Nineteen columns (four windows) gained nothing, so they
/// stay in 32-bit lanes (the measurements are in `docs/performance.md`).
#[inline(always)]
pub(crate) fn count_split<WL: Narrowing<Lane = u32>, NL: Lanes<Lane = u16>, const E: usize>(
    wl: WL,
    nl: NL,
    frames: &Frames,
    s: &mut SplitSearches<WL, NL, E>,
) -> InteriorCount {
    let it = frames.interior();
    assert!(it.inner <= WL::MAX_MASK && it.depth >= 4 && it.depth <= MAX_DEPTH);
    assert!(
        frames.first_fit(it.cols, 0, 0).is_none(),
        "the caller counts this interior in its frame"
    );
    let k = frames.count();
    for f in 0..k {
        assert!(frames.frame(f).interior.inner <= NL::MAX_MASK);
    }
    let three = super::super::scalar::ends_with_three_rows(it);
    if edges::takes(frames, three) {
        return edges::count_edges(wl, nl, frames, three, s);
    }
    Search::start::<Queen, E>(wl, &mut s.wide, it);
    for n in &mut s.narrow[..k] {
        n.reset(nl);
    }
    s.diverted.reset(wl, frames);
    loop {
        let mut more = false;
        for w in 0..E {
            more |= s.wide[w].step::<Queen>(wl, it, three, Some(&mut s.diverted));
            if s.diverted.count > 0 {
                hand_over(wl, nl, frames, three, &s.diverted, &mut s.narrow[..k]);
                s.diverted.count = 0;
            }
        }
        if !more {
            break;
        }
    }
    // Empty the frames' searches.
    for (f, n) in s.narrow[..k].iter_mut().enumerate() {
        let frame = &frames.frame(f).interior;
        while n.step::<Queen>(nl, frame, three, None) {}
    }
    let wide = s.wide.iter().map(|w| w.found(wl));
    total(wide.chain(s.narrow[..k].iter().map(|n| n.found(nl))))
}
