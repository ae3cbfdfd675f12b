//! A long unit counted in pieces, so that a journal keeps what a run stopped in the middle of
//! the unit had counted: a plan whose units can run for hours (the torus's) numbers each
//! unit's pieces (subproblems whose tallies, with the work above them, sum to the unit's),
//! counts them in order, and reports runs of consecutive pieces as it goes
//! ([`Plan::count_unit_in_pieces`](super::Plan::count_unit_in_pieces)); a resumed run is
//! given the runs counted earlier and counts only the pieces they miss.
//!
//! A run of pieces is reported once [`PieceOptions::every`] has passed since the last report
//! (and where a stretch of pieces not counted before ends at pieces counted before), so that
//! a journal gets a line a minute, not a line a piece, and a stop loses at most that much
//! work; the pieces counted last are not reported, as the unit's own tally follows.
//!
//! **Pieces of pieces.** One piece can run far longer than a minute (at board 35 one ran for
//! over half an hour), and a piece is the least a journal keeps. So a plan may cut each piece
//! again, and those pieces again, down to a fixed number of levels ([`Nesting`]): a search
//! that walks a piece hands each of its own pieces to the same [`PieceCounter`] as it
//! reaches it, so the cut costs no second walk. Their runs are journaled as any run, with
//! [`PieceRun::within`] naming the piece they lie in (a suffix of the plan's scheme,
//! `at{k}{cut}` for each level: `below3at2611below2` holds pieces of the unit's piece 2,611,
//! cut two branchings below it). Every counted piece is reported at most once: a piece some
//! of whose own pieces are in the journal is never part of a run of its level; once it is
//! counted, the rest of its own pieces are reported as a run of theirs, and the level above
//! counts it as in the journal too.

use super::stop;
use super::tally::Tally;
use std::io;
use std::ops::Range;
use std::time::{Duration, Instant};

/// The longest name of a piece scheme a journal keeps: a plan's own
/// ([`super::Plan::piece_scheme`], at most 32) with the suffixes of [`Nesting::levels`]
/// levels of pieces of pieces ([`PieceRun::within`]).
pub const MAX_SCHEME: usize = 160;

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
    /// The piece these pieces were cut from (see the [module documentation](self)): empty
    /// for the unit's own pieces, else the suffix that names their scheme after the plan's,
    /// `at{k}{cut}` for each level down (letters and digits).
    pub within: String,
}

/// Where a unit counted in pieces reports each run of pieces it counted, with the seconds
/// the run took; an error ends the unit's count.
pub type OnPieces<'a> = &'a mut dyn FnMut(&PieceRun, Duration) -> io::Result<()>;

/// How a unit is counted in pieces: the runs counted earlier and how often to report.
#[derive(Clone, Copy, Debug)]
pub struct PieceOptions<'a> {
    /// The runs of this unit's pieces (and pieces of pieces, [`PieceRun::within`]) counted
    /// by earlier runs: skipped, and their tallies summed in. Where the runs of one level
    /// overlap, or name pieces it does not have, they are all ignored (every piece of that
    /// level is then counted again).
    pub done: &'a [PieceRun],
    /// The time between two reports of newly counted pieces.
    pub every: Duration,
}

/// How far a plan cuts its pieces again ([module documentation](self)).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Nesting<'a> {
    /// The levels of pieces below the unit's own: 0, the unit's pieces are counted whole.
    pub(crate) levels: usize,
    /// The name of the cut of a piece into its own pieces, after `at{k}` in
    /// [`PieceRun::within`] (letters and digits, a few of them).
    pub(crate) cut: &'a str,
}

/// What a search does with the piece it has reached ([`PieceCounter::begin`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Step {
    /// Count it whole, then [`PieceCounter::end`].
    Whole,
    /// Count it in pieces of its own: [`PieceCounter::open`], then [`PieceCounter::begin`]
    /// for each of them as the search reaches it, then [`PieceCounter::close`].
    Cut,
    /// Counted by an earlier run: go on to the next piece.
    Skip,
    /// Give up the unit: a stop was asked for, or a report failed.
    Stop,
}

/// How a piece counted in pieces ended ([`PieceCounter::close`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Closed<S> {
    /// Counted.
    Counted,
    /// The runs an earlier run counted of its pieces do not fit the pieces the search met
    /// (they name pieces it does not have): put the search's sum back to this (what it was
    /// when the piece was opened) and count the piece again with
    /// [`PieceCounter::open`]`(…, true)`, taking none of them.
    Again(S),
    /// Give up the unit, as [`Step::Stop`].
    Stop,
}

/// How many pieces counted whole go at most between two looks at the clock (a piece can
/// take well under a microsecond)...
const PIECES_BETWEEN_LOOKS: u32 = 64;

/// ... and how many nodes the search counts at most between two (a piece can also take
/// seconds, and 64 of them must not make a report late): 2¹⁶ nodes, about 10 ms of the
/// torus search.
const NODES_BETWEEN_LOOKS: u128 = 1 << 16;

/// A search's running sum, as a [`PieceCounter`] reads it (besides what it gains,
/// [`Since`]).
pub(crate) trait RunningSum: Clone {
    /// The nodes it has counted.
    fn nodes(&self) -> u128;
}

impl RunningSum for Tally {
    fn nodes(&self) -> u128 {
        self.nodes
    }
}

/// One level of pieces being counted: the unit's own, or those of the piece being counted
/// one level up.
struct Level<S> {
    /// The number of the piece it cuts, in the level above (0 for the unit's level).
    piece: usize,
    /// The runs counted earlier, sorted and disjoint.
    done: Vec<PieceRun>,
    /// The first of `done` not yet passed whole.
    next_run: usize,
    /// The next piece's number.
    next: usize,
    /// The first piece counted since the level's last report (`pending..next`, all counted
    /// this run and none reported; empty when `pending == next`).
    pending: usize,
    /// The search's sum when the `pending` piece began, where that was not when the level
    /// was opened (`opened`).
    pending_from: Option<S>,
    /// The search's sum when the level was opened (its piece began).
    opened: S,
    /// When the last pending piece was counted.
    pending_at: Instant,
    /// The tallies of the runs counted earlier that were skipped, at this level or below.
    skipped: Tally,
    /// Whether some of the level's pieces are in the journal (reported, or counted earlier):
    /// the piece they were cut from is then never part of a run of its own level.
    in_journal: bool,
}

impl<S: Clone> Level<S> {
    fn new(piece: usize, done: Vec<PieceRun>, sum: &S, now: Instant) -> Level<S> {
        Level {
            piece,
            in_journal: !done.is_empty(),
            done,
            next_run: 0,
            next: 0,
            pending: 0,
            pending_from: None,
            opened: sum.clone(),
            pending_at: now,
            skipped: Tally::default(),
        }
    }

    /// The search's sum when the `pending` piece began.
    fn pending_from(&self) -> &S {
        self.pending_from.as_ref().unwrap_or(&self.opened)
    }
}

/// What a search's running sum gained from a copy of it taken before (the second) to now
/// (the first), as a tally.
pub(crate) type Since<'a, S> = &'a dyn Fn(&S, &S) -> Tally;

/// Counts a unit's pieces, and their pieces, as a search reaches them, and reports runs of
/// them (see the [module documentation](self)): the search asks [`PieceCounter::begin`] at
/// each piece, in order, and does what it says.
///
/// The search keeps one running sum of type `S` for the whole unit (no sum of its own for
/// each piece, whose pieces of pieces can be many and tiny) and shows it at each step; a run's
/// tally is what the sum gained over its pieces, `since(later, earlier)`.
pub(crate) struct PieceCounter<'a, S> {
    done: &'a [PieceRun],
    every: Duration,
    on_pieces: OnPieces<'a>,
    nesting: Nesting<'a>,
    since: Since<'a, S>,
    /// The levels being counted: the unit's pieces first, then those of the piece being
    /// counted in each.
    levels: Vec<Level<S>>,
    /// Whether `done` holds runs of pieces of pieces at all.
    nested_done: bool,
    last_report: Instant,
    /// Pieces counted until the next look at the clock.
    until_look: u32,
    /// The most pieces between two looks at the clock.
    pieces_between_looks: u32,
    /// The search's nodes at the last look at the clock.
    nodes_at_look: u128,
    failed: Option<io::Error>,
}

impl<'a, S: RunningSum> PieceCounter<'a, S> {
    /// A counter of a unit's pieces, whose search's sum is `sum` now: `pieces` of them where
    /// known in advance (the runs counted earlier are then checked against it at once, as
    /// those of deeper levels are when their piece is counted).
    pub(crate) fn new(
        options: PieceOptions<'a>,
        on_pieces: OnPieces<'a>,
        nesting: Nesting<'a>,
        pieces: Option<usize>,
        (sum, since): (&S, Since<'a, S>),
    ) -> PieceCounter<'a, S> {
        let done = usable(options.done, "", pieces.unwrap_or(usize::MAX));
        PieceCounter {
            done: options.done,
            every: options.every,
            on_pieces,
            nesting,
            since,
            levels: vec![Level::new(0, done, sum, Instant::now())],
            nested_done: options.done.iter().any(|r| !r.within.is_empty()),
            last_report: Instant::now(),
            until_look: PIECES_BETWEEN_LOOKS,
            pieces_between_looks: PIECES_BETWEEN_LOOKS,
            nodes_at_look: sum.nodes(),
            failed: None,
        }
    }

    /// The level being counted (a function of the levels alone, so that the other fields
    /// can be borrowed beside it).
    fn top(levels: &mut [Level<S>]) -> &mut Level<S> {
        levels.last_mut().expect("the unit's level is never closed")
    }

    /// The [`PieceRun::within`] of the pieces of level `depth` (0: the unit's).
    fn within(&self, depth: usize) -> String {
        let cut = self.nesting.cut;
        (self.levels[1..=depth].iter())
            .map(|l| format!("at{}{cut}", l.piece))
            .collect()
    }

    /// The next piece of the level being counted, the search's sum being `sum`: what to do
    /// with it.
    pub(crate) fn begin(&mut self, sum: &S) -> Step {
        if self.failed.is_some() || stop::should_give_up() {
            return Step::Stop;
        }
        let depth = self.levels.len();
        let level = Self::top(&mut self.levels);
        let k = level.next;
        if let Some(run) = level.done.get(level.next_run) {
            let (range, tally) = (run.range.clone(), run.tally.clone());
            if range.start == k {
                // A run counted earlier starts here: what was counted before it is reported
                // now, so that no run of this one's spans it.
                self.report(sum);
                if self.failed.is_some() {
                    return Step::Stop;
                }
                let level = Self::top(&mut self.levels);
                level.skipped = add(&level.skipped, &tally, &mut self.failed);
            }
            if range.contains(&k) {
                let level = Self::top(&mut self.levels);
                level.next = k + 1;
                if level.next == range.end {
                    level.next_run += 1;
                    level.pending = range.end;
                    level.pending_from = Some(sum.clone());
                }
                return Step::Skip;
            }
        }
        if depth <= self.nesting.levels {
            Step::Cut
        } else {
            Step::Whole
        }
    }

    /// The piece [`PieceCounter::begin`] said to count whole, counted: the search's sum is
    /// now `sum`.
    pub(crate) fn end(&mut self, sum: &S) {
        Self::top(&mut self.levels).next += 1;
        self.look(sum);
    }

    /// A piece counted at the level being counted: a look at the clock once
    /// [`PIECES_BETWEEN_LOOKS`] pieces (1 for [`count_pieces`]) or [`NODES_BETWEEN_LOOKS`]
    /// nodes have been counted
    /// since the last (at every piece if reports are asked for that often), and a report once
    /// [`PieceOptions::every`] has passed since the last.
    fn look(&mut self, sum: &S) {
        self.until_look -= 1;
        let nodes = sum.nodes();
        if self.until_look == 0
            || self.every.is_zero()
            || nodes.saturating_sub(self.nodes_at_look) >= NODES_BETWEEN_LOOKS
        {
            self.until_look = self.pieces_between_looks;
            self.nodes_at_look = nodes;
            let now = Instant::now();
            Self::top(&mut self.levels).pending_at = now;
            if now.duration_since(self.last_report) >= self.every {
                self.report(sum);
            }
        }
    }

    /// Starts counting the piece [`PieceCounter::begin`] said to cut in pieces of its own,
    /// the search's sum being `sum`, with the runs an earlier run counted of them (none if
    /// `afresh`).
    pub(crate) fn open(&mut self, sum: &S, afresh: bool) {
        let k = Self::top(&mut self.levels).next;
        let now = self.last_report;
        self.levels.push(Level::new(k, Vec::new(), sum, now));
        if self.nested_done && !afresh {
            let within = self.within(self.levels.len() - 1);
            let done = usable(self.done, &within, usize::MAX);
            let level = Self::top(&mut self.levels);
            level.in_journal = !done.is_empty();
            level.done = done;
        }
    }

    /// Whether some pieces of the piece being cut ([`PieceCounter::open`]) are in the
    /// journal: if not, once counted it joins its level's run, and so must the nodes the
    /// search placed on the way to its pieces (in the running sum before
    /// [`PieceCounter::close`]); if so, those nodes are in no run (a resumed run walks to
    /// its pieces again).
    pub(crate) fn cut_in_journal(&self) -> bool {
        self.levels.last().is_some_and(|l| l.in_journal)
    }

    /// Ends the piece [`PieceCounter::open`] started, its own pieces all reached, the
    /// search's sum being `sum`.
    pub(crate) fn close(&mut self, sum: &S) -> Closed<S> {
        if self.failed.is_some() {
            return Closed::Stop;
        }
        debug_assert!(self.levels.len() >= 2, "close without open");
        let level = self.levels.last().expect("a level");
        if level.next_run < level.done.len() {
            // A run counted earlier names pieces this one does not have.
            let opened = level.opened.clone();
            self.levels.pop();
            return Closed::Again(opened);
        }
        if level.in_journal {
            // Some of its pieces are in the journal: the rest join them there (with what the
            // levels above have pending), and the piece itself is in no run of its level.
            self.report(sum);
            if self.failed.is_some() {
                return Closed::Stop;
            }
        }
        let level = self.levels.pop().expect("a level");
        let parent = Self::top(&mut self.levels);
        parent.next += 1;
        if level.in_journal {
            // (Its pending pieces were just reported.)
            parent.skipped = add(&parent.skipped, &level.skipped, &mut self.failed);
            parent.pending = parent.next;
            parent.pending_from = Some(sum.clone());
            parent.in_journal = true;
        } else {
            // Its sum's gain joins the level's pending run.
            self.look(sum);
        }
        Closed::Counted
    }

    /// The unit's tally, its pieces all reached, the search's sum being `sum` (what it
    /// gained since the counter was made, and the runs counted earlier); the pieces counted
    /// last are not reported (the unit's own line holds them). A failed report's error;
    /// after a stop, a partial tally (the stop's watch throws it away).
    pub(crate) fn finish(mut self, sum: &S) -> io::Result<Tally> {
        if let Some(e) = self.failed.take() {
            return Err(e);
        }
        let level = &self.levels[0];
        let gained = (self.since)(sum, &level.opened);
        let tally = add(&gained, &level.skipped, &mut self.failed);
        match self.failed {
            Some(e) => Err(e),
            None => Ok(tally),
        }
    }

    /// Reports what every level has pending, the unit's level first (an enclosing level's
    /// pieces were counted before those of the piece it is in), the search's sum being
    /// `sum`: each run's tally is what the sum gained from its first piece to its last (the
    /// start of the piece open below it, or now), its time that from the run before (or the
    /// last report) to its last piece.
    fn report(&mut self, sum: &S) {
        // The pieces of the level being counted were counted up to now (a look at the clock
        // may not have come since the last of them).
        Self::top(&mut self.levels).pending_at = Instant::now();
        let mut from = self.last_report;
        let mut reported = false;
        for depth in 0..self.levels.len() {
            let level = &self.levels[depth];
            if level.pending == level.next {
                continue;
            }
            let to = match self.levels.get(depth + 1) {
                Some(below) => &below.opened,
                None => sum,
            };
            let run = PieceRun {
                range: level.pending..level.next,
                tally: (self.since)(to, level.pending_from()),
                within: self.within(depth),
            };
            let took = level.pending_at.saturating_duration_since(from);
            from = from.max(level.pending_at);
            if let Err(e) = (self.on_pieces)(&run, took) {
                self.failed = Some(e);
                return;
            }
            let to = to.clone();
            let level = &mut self.levels[depth];
            level.pending = level.next;
            level.pending_from = Some(to);
            level.in_journal = true;
            reported = true;
        }
        if reported {
            self.last_report = Instant::now();
        }
    }
}

/// Counts the pieces `0..pieces` of a unit with `count_piece`, skipping those in
/// `options.done` (summed in as they are), and reports the newly counted ones to `on_pieces`
/// in runs ([module documentation](self)); the pieces are not cut again. Returns the sum of
/// every piece's tally. When a search gives up on a stop ([`stop::gave_up`]) the piece it
/// was in is neither reported nor summed, and the partial sum is returned at once (the
/// stop's watch throws it away); a stop asked for between two pieces ends the count the same
/// way before the next.
pub(crate) fn count_pieces(
    pieces: usize,
    options: PieceOptions<'_>,
    on_pieces: OnPieces<'_>,
    mut count_piece: impl FnMut(usize) -> Tally,
) -> io::Result<Tally> {
    let whole = Nesting { levels: 0, cut: "" };
    // The running sum: the tallies of the pieces counted so far, and how far it had got.
    let since = |now: &Tally, then: &Tally| tally_since(now, then);
    let mut sum = Tally::default();
    let mut counter = PieceCounter::new(options, on_pieces, whole, Some(pieces), (&sum, &since));
    // Pieces handed out one by one take long enough for a look at the clock after each.
    (counter.until_look, counter.pieces_between_looks) = (1, 1);
    for k in 0..pieces {
        match counter.begin(&sum) {
            Step::Skip => {}
            Step::Stop => break,
            Step::Whole | Step::Cut => {
                let t = count_piece(k);
                if stop::gave_up() {
                    break;
                }
                sum = add(&sum, &t, &mut counter.failed);
                counter.end(&sum);
            }
        }
    }
    counter.finish(&sum)
}

/// What a running [`Tally`] gained from `then` to `now` (a copy of it taken before: every
/// field of `now` is at least `then`'s).
fn tally_since(now: &Tally, then: &Tally) -> Tally {
    let less = |a: u128, b: u128| a.checked_sub(b).expect("a running sum only grows");
    Tally {
        boards: less(now.boards, then.boards),
        fixed_half_turn: less(now.fixed_half_turn, then.fixed_half_turn),
        fixed_quarter_turn: less(now.fixed_quarter_turn, then.fixed_quarter_turn),
        canonical: crate::plan::tally::ClassCounts {
            asymmetric: less(now.canonical.asymmetric, then.canonical.asymmetric),
            half_turn: less(now.canonical.half_turn, then.canonical.half_turn),
            quarter_turn: less(now.canonical.quarter_turn, then.canonical.quarter_turn),
        },
        nodes: less(now.nodes, then.nodes),
        torus: now.torus.since(&then.torus),
    }
}

/// The runs of `done` of the pieces `within` names, sorted, if they are disjoint, not empty
/// and within `0..pieces`; else none.
fn usable(done: &[PieceRun], within: &str, pieces: usize) -> Vec<PieceRun> {
    let mut runs: Vec<PieceRun> = (done.iter())
        .filter(|r| r.within == within)
        .cloned()
        .collect();
    runs.sort_by_key(|r| r.range.start);
    let fits = runs
        .iter()
        .all(|r| r.range.start < r.range.end && r.range.end <= pieces)
        && runs.windows(2).all(|w| w[0].range.end <= w[1].range.start);
    if fits { runs } else { Vec::new() }
}

/// `a + b`; an overflow is kept in `failed` as an error (never a wrong count), and `a`
/// returned.
fn add(a: &Tally, b: &Tally, failed: &mut Option<io::Error>) -> Tally {
    match a.checked_add(b) {
        Ok(t) => t,
        Err(e) => {
            failed.get_or_insert(io::Error::other(e));
            a.clone()
        }
    }
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
                within: String::new(),
                tally: sum(7..9),
            },
            PieceRun {
                range: 2..4,
                within: String::new(),
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
                    within: String::new(),
                    tally: sum(0..3),
                },
                PieceRun {
                    range: 2..4,
                    within: String::new(),
                    tally: sum(2..4),
                },
            ],
            vec![PieceRun {
                range: 4..6,
                within: String::new(),
                tally: sum(4..6),
            }],
            vec![PieceRun {
                range: 3..3,
                tally: Tally::default(),
                within: String::new(),
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

    /// A made-up search tree for the pieces of pieces: a node's children (none below depth
    /// 4), each node's own tally (a leaf's boards and nodes, an inner node's one node).
    fn children(path: &[usize]) -> usize {
        match path.len() {
            0 => return 6,
            4.. => return 0,
            _ => {}
        }
        let h = path
            .iter()
            .fold(7usize, |h, &c| h.wrapping_mul(31).wrapping_add(c + 1));
        [0, 1, 2, 3, 5][h % 5]
    }

    fn own(path: &[usize]) -> Tally {
        let h = path
            .iter()
            .fold(3usize, |h, &c| h.wrapping_mul(17).wrapping_add(c + 2));
        match children(path) {
            0 if dead(path) => Tally {
                nodes: 1,
                ..Tally::default()
            },
            0 => Tally {
                boards: (h % 4) as u128,
                nodes: 1 + (h % 6) as u128,
                ..Tally::default()
            },
            _ => Tally {
                nodes: 1,
                ..Tally::default()
            },
        }
    }

    /// A leaf that is a dead end: cut again, it has no pieces (one node, no boards).
    fn dead(path: &[usize]) -> bool {
        let h = path
            .iter()
            .fold(5usize, |h, &c| h.wrapping_mul(13).wrapping_add(c + 3));
        children(path) == 0 && h % 3 == 0
    }

    /// The node's tally counted whole.
    fn whole(path: &mut Vec<usize>) -> Tally {
        let mut t = own(path);
        for c in 0..children(path) {
            path.push(c);
            t = t.checked_add(&whole(path)).unwrap();
            path.pop();
        }
        t
    }

    /// The walk of a search that counts the node `path` as the counter's next piece into
    /// its running sum `sum` (the nodes above the pieces into `above`); `false` on a stop.
    /// A leaf cut again is its own one piece.
    fn walk(
        counter: &mut PieceCounter<'_, Tally>,
        path: &mut Vec<usize>,
        sum: &mut Tally,
        above: &mut u128,
    ) -> bool {
        match counter.begin(sum) {
            Step::Skip => true,
            Step::Stop => false,
            Step::Whole => {
                *sum = sum.checked_add(&whole(path)).unwrap();
                counter.end(sum);
                true
            }
            Step::Cut => {
                let mut afresh = false;
                let above_before = *above;
                loop {
                    counter.open(sum, afresh);
                    let kids = children(path);
                    if dead(path) {
                        // Cut, it has no pieces at all.
                        *above += own(path).nodes;
                    } else if kids == 0 {
                        if !walk(counter, path, sum, above) {
                            return false;
                        }
                    } else {
                        *above += own(path).nodes;
                        for c in 0..kids {
                            path.push(c);
                            let going = walk(counter, path, sum, above);
                            path.pop();
                            if !going {
                                return false;
                            }
                        }
                    }
                    if !counter.cut_in_journal() {
                        sum.nodes += *above - above_before;
                        *above = above_before;
                    }
                    match counter.close(sum) {
                        Closed::Counted => return true,
                        Closed::Stop => return false,
                        Closed::Again(before) => {
                            (*sum, *above) = (before, above_before);
                            afresh = true;
                        }
                    }
                }
            }
        }
    }

    /// Counts the unit (the root's children are its pieces) with the runs `done`, reporting
    /// at most `reports` runs (the next report fails, as a killed run's would): the tally,
    /// or `None` if stopped, and the runs reported.
    fn count_unit(
        done: &[PieceRun],
        (levels, every): (usize, Duration),
        reports: usize,
    ) -> (Option<Tally>, Vec<PieceRun>) {
        let root = children(&[]);
        let mut runs = Vec::new();
        let mut on = |run: &PieceRun, _: Duration| {
            if runs.len() == reports {
                return Err(io::Error::other("killed"));
            }
            assert!(is_scheme(&format!("below3{}", run.within)), "{run:?}");
            runs.push(run.clone());
            Ok(())
        };
        let options = PieceOptions { done, every };
        let nesting = Nesting {
            levels,
            cut: "below2",
        };
        let since = |now: &Tally, then: &Tally| tally_since(now, then);
        let mut sum = Tally::default();
        let mut counter = PieceCounter::new(options, &mut on, nesting, Some(root), (&sum, &since));
        let mut above = own(&[]).nodes;
        let mut path = Vec::new();
        for c in 0..root {
            path.push(c);
            let going = walk(&mut counter, &mut path, &mut sum, &mut above);
            path.pop();
            if !going {
                break;
            }
        }
        let tally = counter.finish(&sum).ok().map(|t| {
            let above = Tally {
                nodes: above,
                ..Tally::default()
            };
            t.checked_add(&above).unwrap()
        });
        (tally, runs)
    }

    #[test]
    fn pieces_of_pieces_resume_where_a_killed_run_stopped_and_are_journaled_once() {
        let full = whole(&mut Vec::new());
        assert!(full.boards > 20 && children(&[]) >= 3, "{full:?}");
        for levels in 0..=3 {
            // Reported after every piece, or at every look at the clock (runs of pieces);
            // killed after every 1, 2, 3, ... reports, resumed from what was journaled.
            for every in [Duration::ZERO, Duration::from_nanos(1)] {
                for kill in 1..6 {
                    let mut journal: Vec<PieceRun> = Vec::new();
                    let mut rounds = 0;
                    let tally = loop {
                        rounds += 1;
                        let (tally, runs) = count_unit(&journal, (levels, every), kill);
                        journal.extend(runs);
                        if let Some(t) = tally {
                            break t;
                        }
                        assert!(rounds < 10_000, "no progress");
                    };
                    let case = format!("levels {levels}, every {every:?}, killed every {kill}");
                    assert_eq!(tally, full, "{case}");
                    // No board is in two journaled runs (every one is, where reported after
                    // every piece), and no two runs of one scheme overlap.
                    let boards: u128 = journal.iter().map(|r| r.tally.boards).sum();
                    match every.is_zero() {
                        true => assert_eq!(boards, full.boards, "{case}"),
                        false => assert!(boards <= full.boards, "{case}"),
                    }
                    for a in &journal {
                        for b in &journal {
                            if !std::ptr::eq(a, b) && a.within == b.within {
                                assert!(
                                    a.range.end <= b.range.start || b.range.end <= a.range.start,
                                    "{a:?} {b:?}"
                                );
                            }
                        }
                    }
                    if levels > 0 && kill == 1 && every.is_zero() {
                        let deepest = journal.iter().map(|r| r.within.matches("at").count());
                        assert_eq!(deepest.max(), Some(levels), "{case}");
                    }
                }
            }
        }
    }

    #[test]
    fn runs_of_pieces_of_pieces_that_do_not_fit_are_counted_again() {
        let full = whole(&mut Vec::new());
        // A run of pieces the first piece has not got: that piece is counted again.
        let bad = PieceRun {
            range: 0..50,
            tally: Tally {
                boards: 1_000,
                ..Tally::default()
            },
            within: "at0below2".to_string(),
        };
        let (tally, _) = count_unit(&[bad], (2, Duration::ZERO), usize::MAX);
        assert_eq!(tally, Some(full));
    }

    #[test]
    fn pieces_of_many_nodes_are_reported_without_waiting_for_64_of_them() {
        // A search's pieces (the counter looks at the clock every 64 of them) of 2^17 nodes
        // each (some milliseconds of a search), a report asked for every nanosecond: each
        // piece is its own run (the clock is looked at once 2^16 nodes have been counted);
        // tiny pieces go 64 to a look.
        for (nodes, runs) in [(1u128 << 17, 10), (1, 0)] {
            let mut reported = Vec::new();
            let options = PieceOptions {
                done: &[],
                every: Duration::from_nanos(1),
            };
            let mut on = |run: &PieceRun, _: Duration| {
                reported.push(run.range.clone());
                Ok(())
            };
            let nesting = Nesting { levels: 0, cut: "" };
            let since = |now: &Tally, then: &Tally| tally_since(now, then);
            let mut sum = Tally::default();
            let mut counter =
                PieceCounter::new(options, &mut on, nesting, Some(10), (&sum, &since));
            for _ in 0..10 {
                assert_eq!(counter.begin(&sum), Step::Whole);
                sum.nodes += nodes;
                counter.end(&sum);
            }
            assert_eq!(counter.finish(&sum).unwrap().nodes, 10 * nodes);
            assert_eq!(reported.len(), runs, "{nodes} nodes a piece: {reported:?}");
        }
    }

    #[test]
    fn slow_pieces_are_reported_as_often_as_asked_and_with_their_time() {
        // Pieces of 10 ms (no nodes), a report asked for every 30 ms: several reports
        // (not one after 64 pieces), each with the time it took; and a run reported before a
        // run counted earlier takes its time too.
        let slow = |_| {
            std::thread::sleep(Duration::from_millis(10));
            Tally::default()
        };
        let mut reported = Vec::new();
        let options = PieceOptions {
            done: &[],
            every: Duration::from_millis(30),
        };
        let mut on = |run: &PieceRun, took: Duration| {
            reported.push((run.range.clone(), took));
            Ok(())
        };
        count_pieces(12, options, &mut on, slow).unwrap();
        assert!(reported.len() >= 2, "{reported:?}");
        assert!(
            reported
                .iter()
                .all(|(r, t)| *t >= Duration::from_millis(9) * r.len() as u32),
            "{reported:?}"
        );
        let done = [PieceRun {
            range: 5..7,
            tally: Tally::default(),
            within: String::new(),
        }];
        let options = PieceOptions {
            done: &done,
            every: Duration::from_secs(3600),
        };
        let mut reported = Vec::new();
        let mut on = |run: &PieceRun, took: Duration| {
            reported.push((run.range.clone(), took));
            Ok(())
        };
        count_pieces(8, options, &mut on, slow).unwrap();
        assert_eq!(reported.len(), 1, "{reported:?}");
        assert_eq!(reported[0].0, 0..5);
        assert!(reported[0].1 >= Duration::from_millis(45), "{reported:?}");
    }
}
