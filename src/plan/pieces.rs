//! A long unit counted in pieces, so that a journal keeps what a run stopped in the middle of
//! the unit had counted: a plan whose units can run for hours (the torus's) numbers each
//! unit's pieces (subproblems whose tallies, with the work above them, sum to the unit's),
//! counts them in order, and reports runs of consecutive pieces as it goes
//! ([`Plan::count_unit_in_pieces`](super::Plan::count_unit_in_pieces)); a resumed run is
//! given the runs counted earlier and counts only the pieces they miss.
//!
//! A run of pieces is reported once [`PieceOptions::every`] has passed since the unit's last
//! report (and where a stretch of pieces not counted before ends at pieces counted before),
//! so that a journal gets a line a minute, not a line a piece, and a stop loses at most that
//! much work; the pieces counted last are not reported, as the unit's own tally follows.

use super::stop;
use super::tally::Tally;
use std::io;
use std::ops::Range;
use std::time::{Duration, Instant};

/// The longest name of a piece scheme ([`super::Plan::piece_scheme`]) a journal keeps.
pub const MAX_SCHEME: usize = 32;

/// Whether `scheme` can name a plan's pieces ([`super::Plan::piece_scheme`]) in a journal: 1
/// to [`MAX_SCHEME`] letters and digits (a field of a journal line, never quoted).
pub fn is_scheme(scheme: &str) -> bool {
    !scheme.is_empty()
        && scheme.len() <= MAX_SCHEME
        && scheme.bytes().all(|b| b.is_ascii_alphanumeric())
}

/// Consecutive pieces of one unit counted together: their numbers and the sum of their
/// tallies.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceRun {
    /// The pieces' numbers (not empty).
    pub range: Range<usize>,
    /// The sum of their tallies.
    pub tally: Tally,
}

/// Where a unit counted in pieces reports each run of pieces it counted, with the seconds
/// the run took; an error ends the unit's count.
pub type OnPieces<'a> = &'a mut dyn FnMut(&PieceRun, Duration) -> io::Result<()>;

/// How a unit is counted in pieces: the runs counted earlier and how often to report.
#[derive(Clone, Copy, Debug)]
pub struct PieceOptions<'a> {
    /// The runs of this unit's pieces counted by earlier runs: skipped, and their tallies
    /// summed in. Runs that overlap, or name pieces the unit does not have, are all ignored
    /// (every piece is then counted again).
    pub done: &'a [PieceRun],
    /// The time between two reports of newly counted pieces.
    pub every: Duration,
}

/// Counts the pieces `0..pieces` of a unit with `count_piece`, skipping those in
/// `options.done` (summed in as they are), and reports the newly counted ones to `on_pieces`
/// in runs ([module documentation](self)). Returns the sum of every piece's tally. When a
/// search gives up on a stop ([`stop::gave_up`]) the piece it was in is neither reported nor
/// summed, and the partial sum is returned at once (the stop's watch throws it away); a
/// stop asked for between two pieces ends the count the same way before the next.
pub(crate) fn count_pieces(
    pieces: usize,
    options: PieceOptions<'_>,
    on_pieces: OnPieces<'_>,
    mut count_piece: impl FnMut(usize) -> Tally,
) -> io::Result<Tally> {
    let done = usable(options.done, pieces);
    let mut total = Tally::default();
    for run in &done {
        total = add(&total, &run.tally)?;
    }
    let mut next = 0;
    let mut done_runs = done.iter().peekable();
    while next < pieces {
        // Skip the runs counted before.
        if let Some(run) = done_runs.peek()
            && run.range.start == next
        {
            next = run.range.end;
            done_runs.next();
            continue;
        }
        let stretch_end = done_runs.peek().map_or(pieces, |r| r.range.start);
        // Count the stretch up to the next run counted before, reporting every `every`.
        let mut run = PieceRun {
            range: next..next,
            tally: Tally::default(),
        };
        let mut since = Instant::now();
        while next < stretch_end {
            // A stop asked for between two pieces ends the unit there, as one in a piece.
            if stop::should_give_up() {
                return Ok(total);
            }
            let t = count_piece(next);
            if stop::gave_up() {
                return Ok(total);
            }
            run.tally = add(&run.tally, &t)?;
            next += 1;
            run.range.end = next;
            // A stretch that ends at the unit's end is not reported: the unit's own tally,
            // journaled next, holds it.
            let gap = next == stretch_end && stretch_end < pieces;
            if gap || since.elapsed() >= options.every {
                on_pieces(&run, since.elapsed())?;
                total = add(&total, &run.tally)?;
                run = PieceRun {
                    range: next..next,
                    tally: Tally::default(),
                };
                since = Instant::now();
            }
        }
        total = add(&total, &run.tally)?;
    }
    Ok(total)
}

/// `done` sorted, if its runs are disjoint, not empty and within `0..pieces`; else none.
fn usable(done: &[PieceRun], pieces: usize) -> Vec<PieceRun> {
    let mut runs = done.to_vec();
    runs.sort_by_key(|r| r.range.start);
    let fits = runs
        .iter()
        .all(|r| r.range.start < r.range.end && r.range.end <= pieces)
        && runs.windows(2).all(|w| w[0].range.end <= w[1].range.start);
    if fits { runs } else { Vec::new() }
}

/// `a + b`, an overflow an error (never a wrong count).
fn add(a: &Tally, b: &Tally) -> io::Result<Tally> {
    a.checked_add(b).map_err(io::Error::other)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Piece `k`'s tally: `k + 1` nodes, `k % 3` boards by the half turn.
    fn piece(k: usize) -> Tally {
        Tally {
            nodes: k as u128 + 1,
            fixed_half_turn: (k % 3) as u128,
            ..Tally::default()
        }
    }

    fn sum(range: Range<usize>) -> Tally {
        Tally::sum(range.map(piece).collect::<Vec<_>>().iter()).unwrap()
    }

    #[test]
    fn pieces_are_counted_once_each_around_the_runs_counted_before() {
        let done = [
            PieceRun {
                range: 7..9,
                tally: sum(7..9),
            },
            PieceRun {
                range: 2..4,
                tally: sum(2..4),
            },
        ];
        let mut counted = Vec::new();
        let mut reported = Vec::new();
        let options = PieceOptions {
            done: &done,
            every: Duration::ZERO,
        };
        let mut on = |run: &PieceRun, _: Duration| {
            reported.push(run.clone());
            Ok(())
        };
        let total = count_pieces(10, options, &mut on, |k| {
            counted.push(k);
            piece(k)
        })
        .unwrap();
        assert_eq!(total, sum(0..10));
        assert_eq!(counted, [0, 1, 4, 5, 6, 9]);
        // Reported at every piece (`every` 0), none of those counted before.
        let ranges: Vec<_> = reported.iter().map(|r| r.range.clone()).collect();
        assert_eq!(ranges, [0..1, 1..2, 4..5, 5..6, 6..7, 9..10]);
        // With a long `every`, one run per stretch.
        let mut reported = Vec::new();
        let mut on = |run: &PieceRun, _: Duration| {
            reported.push(run.clone());
            Ok(())
        };
        let options = PieceOptions {
            done: &done,
            every: Duration::from_secs(3600),
        };
        assert_eq!(
            count_pieces(10, options, &mut on, piece).unwrap(),
            sum(0..10)
        );
        let runs: Vec<_> = reported
            .iter()
            .map(|r| (r.range.clone(), r.tally.clone()))
            .collect();
        assert_eq!(runs, [(0..2, sum(0..2)), (4..7, sum(4..7))]);
    }

    #[test]
    fn runs_that_overlap_or_name_missing_pieces_are_ignored() {
        for bad in [
            vec![
                PieceRun {
                    range: 0..3,
                    tally: sum(0..3),
                },
                PieceRun {
                    range: 2..4,
                    tally: sum(2..4),
                },
            ],
            vec![PieceRun {
                range: 4..6,
                tally: sum(4..6),
            }],
            vec![PieceRun {
                range: 3..3,
                tally: Tally::default(),
            }],
        ] {
            let mut counted = 0;
            let options = PieceOptions {
                done: &bad,
                every: Duration::ZERO,
            };
            let total = count_pieces(5, options, &mut |_, _| Ok(()), |k| {
                counted += 1;
                piece(k)
            })
            .unwrap();
            assert_eq!((total, counted), (sum(0..5), 5), "{bad:?}");
        }
    }

    #[test]
    fn a_failed_report_ends_the_count() {
        let options = PieceOptions {
            done: &[],
            every: Duration::ZERO,
        };
        let mut counted = 0;
        let e = count_pieces(
            5,
            options,
            &mut |_, _| Err(io::Error::other("disk full")),
            |k| {
                counted += 1;
                piece(k)
            },
        )
        .unwrap_err();
        assert_eq!((e.to_string().as_str(), counted), ("disk full", 1));
    }

    #[test]
    fn a_stop_in_a_piece_reports_only_the_pieces_before_it() {
        let flag = stop::StopFlag::new();
        let mut reported = Vec::new();
        let options = PieceOptions {
            done: &[],
            every: Duration::ZERO,
        };
        let out = flag.watch(|| {
            count_pieces(
                6,
                options,
                &mut |run, _| {
                    reported.push(run.range.clone());
                    Ok(())
                },
                |k| {
                    if k == 3 {
                        // A search that sees the flag gives up.
                        flag.request();
                        assert!(stop::should_give_up());
                    }
                    piece(k)
                },
            )
        });
        assert!(out.is_none(), "the watch throws the partial sum away");
        assert_eq!(reported, [0..1, 1..2, 2..3]);
    }
}
