//! The boards fixed by a half turn (P) and by a quarter turn (R), counted alone: what the
//! classes by symmetry type need once the total T is known. With T published (for the
//! superqueens A051223, known to n = 26, while their types A352661–A352663 are published to
//! n = 21 only), the types follow from P and R (n > 1; no reflection fixes a solution):
//! quarter-turn classes R/2, half-turn-only classes (P − R)/4, asymmetric classes (T − P)/8.
//!
//! Two independent ways count P and R ([`Way`]): the symmetric engine's Burnside searches
//! (queens placed in pairs for the half turn, in quadruples for the quarter turn), and a plain
//! search written separately ([`plain`]) that shares nothing with them but the rules' attack
//! test ([`Rules::attacks`]): it builds every half-turn symmetric board and tests each for the
//! quarter turn.
//!
//! ```
//! use queens::fixed::{Way, count_fixed};
//! use queens::rules::Rules;
//! let f = count_fixed(Rules::SUPERQUEENS, 12, Way::Burnside, Some(1), &|_| ())?;
//! assert_eq!((f.half_turn.boards, f.quarter_turn.boards), (12, 4));
//! let plain = count_fixed(Rules::SUPERQUEENS, 12, Way::Plain, Some(1), &|_| ())?;
//! assert_eq!((plain.half_turn.boards, plain.quarter_turn.boards), (12, 4));
//! // With A051223(12) = 156 (published): 2 quarter-turn, 2 half-turn, 18 asymmetric classes.
//! let (total, types) = f.published_types().unwrap()?;
//! assert_eq!(total, 156);
//! assert_eq!((types.quarter_turn, types.half_turn, types.asymmetric), (2, 2, 18));
//! # Ok::<(), queens::Error>(())
//! ```

pub mod plain;
mod shifts;
mod torus;

use crate::error::Error;
use crate::plan::stop::StopFlag;
use crate::plan::{ClassCounts, Tally};
use crate::rules::{Group, Piece, Rules, Surface};
use crate::search::engines::burnside;
use crate::torus_group::TorusGroup;
use crate::verify::KnownTable;
use rayon::prelude::*;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

/// How P and R are counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Way {
    /// The symmetric engine's Burnside units: pairs of queens for the half turn, quadruples for
    /// the quarter turn, one unit per column of the queen in row 0.
    Burnside,
    /// The plain search of [`plain`]: every half-turn symmetric board built from the rules'
    /// attack test alone, each tested for the quarter turn (so R costs no search of its own).
    Plain,
}

/// `count --fixed-only`'s choice of ways: one, or both compared.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Ways {
    /// The symmetric engine's Burnside units (pairs, quadruples)
    Burnside,
    /// A search written apart: every half-turn symmetric board, each tested for the quarter turn
    Plain,
    /// Both, compared: a disagreement exits 1
    Both,
}

impl Ways {
    /// The ways this choice runs, in order.
    pub fn ways(self) -> &'static [Way] {
        match self {
            Ways::Burnside => &[Way::Burnside],
            Ways::Plain => &[Way::Plain],
            Ways::Both => &Way::ALL,
        }
    }
}

impl Way {
    /// Both ways, Burnside first.
    pub const ALL: [Way; 2] = [Way::Burnside, Way::Plain];

    /// The way's name: `burnside` or `plain`.
    pub fn name(self) -> &'static str {
        match self {
            Way::Burnside => "burnside",
            Way::Plain => "plain",
        }
    }
}

/// Which symmetry a search looks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Turn {
    /// The half turn `(r, c) → (n−1−r, n−1−c)`.
    Half,
    /// The quarter turn `(r, c) → (c, n−1−r)`.
    Quarter,
}

/// One search's result: boards found, partial boards built, wall-clock seconds.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Search {
    /// Boards found (fixed by the turn).
    pub boards: u64,
    /// Partial boards built: one per pair (half turn) or quadruple (quarter turn) placed. The
    /// plain way counts its quarter-turn boards inside its half-turn search: 0 nodes of its own.
    pub nodes: u64,
    /// Wall-clock seconds of the search (0 where it had no search of its own).
    pub seconds: f64,
}

/// P and R of one size, counted one way (on the torus with S and the symmetric classes).
#[derive(Clone, Debug, PartialEq)]
pub struct FixedCounts {
    /// Board size.
    pub n: usize,
    /// The rules counted.
    pub rules: Rules,
    /// The way they were counted.
    pub way: Way,
    /// P: the boards a half turn leaves unchanged.
    pub half_turn: Search,
    /// R: the boards a quarter turn leaves unchanged.
    pub quarter_turn: Search,
    /// On the torus, S: the boards kept by the shifts other than none, summed over the n² − 1
    /// shifts. The Burnside way searches each shift; the plain way derives it from its list
    /// of the symmetric classes (each class's boards times its shifts other than none).
    /// Nothing on the plane.
    pub shifts: Search,
    /// On the torus, the plain way: the classes that an element of the torus group other than
    /// the identity keeps, by their number of boards (orbit size, classes), ascending. `None`
    /// for the Burnside way and on the plane.
    pub symmetric_orbits: Option<Vec<(u128, u128)>>,
    /// The threads the searches ran on.
    pub threads: usize,
}

impl FixedCounts {
    /// The classes by symmetry type given the total `total` (Burnside's lemma, as
    /// [`Tally::classes_by_burnside`]); fails where they do not divide into whole classes.
    ///
    /// On the torus the types are of the classes under the torus group
    /// ([`FixedCounts::classes`]): R/2, (P − R)/4 and the rest.
    pub fn types(&self, total: u128) -> Result<ClassCounts, Error> {
        if self.rules.surface == Surface::Torus {
            return torus::types(self.torus_fixed(), self.classes(total)?);
        }
        let tally = Tally {
            boards: total,
            fixed_half_turn: self.half_turn.boards.into(),
            fixed_quarter_turn: self.quarter_turn.boards.into(),
            ..Tally::default()
        };
        Ok(tally.classes_by_burnside(self.n)?)
    }

    /// All classes given the total `total`: on the plane the sum of [`FixedCounts::types`]; on
    /// the torus the classes under the torus group (A053994) by Burnside's lemma,
    /// `(T + S + n²(P + 2R)) / 8n²`. Fails where they are not whole.
    pub fn classes(&self, total: u128) -> Result<u128, Error> {
        match self.rules.surface {
            Surface::Torus => torus::classes(self.torus_fixed(), total),
            Surface::Plane => Ok(self.types(total)?.total()),
        }
    }

    /// On the torus, the plain way: the classes by orbit size (A054500–A054502) given the
    /// total `total`, its listed symmetric classes with the rest in classes of 8n² boards;
    /// `None` elsewhere. Fails where the rest is not whole classes or the classes disagree
    /// with [`FixedCounts::classes`].
    pub fn orbits(&self, total: u128) -> Option<Result<Vec<(u128, u128)>, Error>> {
        let listed = self.symmetric_orbits.as_ref()?;
        Some(torus::orbits(self.torus_fixed(), listed, total))
    }

    /// P, R and S as the torus's derivations take them.
    fn torus_fixed(&self) -> torus::Fixed {
        torus::Fixed {
            n: self.n,
            p: self.half_turn.boards.into(),
            r: self.quarter_turn.boards.into(),
            s: self.shifts.boards.into(),
        }
    }

    /// The published total of the rules at this size ([`KnownTable::published`]: A051223 for
    /// the superqueens, A000170 for the queens) with the types [`FixedCounts::types`] derives
    /// from it; `None` where no total is published. The total is the published one, never
    /// counted here.
    pub fn published_types(&self) -> Option<Result<(u128, ClassCounts), Error>> {
        let total = KnownTable::published(&self.rules).lookup(self.n)?.total?;
        Some(self.types(total).map(|t| (total, t)))
    }

    /// Whether the classes by type of this size are published (A352661–A352663 for the
    /// superqueens, to n = 21): then [`FixedCounts::verify`] compares them; otherwise the types
    /// derived here are new.
    pub fn types_published(&self) -> bool {
        // On the torus the classes by orbit size give the types (a class's turns are the power
        // of 2 in 8n² over its size), and a board of no solution has no class to publish.
        KnownTable::published(&self.rules)
            .lookup(self.n)
            .is_some_and(|k| {
                (k.asymmetric.is_some() && k.half_turn.is_some())
                    || k.orbits.is_some()
                    || (self.rules.surface == Surface::Torus && k.total == Some(0))
            })
    }

    /// Checks the counts against the published values: the classes derived from the
    /// published total must sum to the published number of classes (A051224 for the
    /// superqueens: Burnside's `(T + P + 2R) / 8`, which checks `P + 2R`; A053994 on the
    /// torus), equal the published classes by type where those are (A352661–A352663, to
    /// n = 21), and on the torus the classes by orbit size where the plain way listed them
    /// (A054500–A054502). `None` where
    /// nothing but a total, or not even that, is published; `Some(Err(why))` on a mismatch.
    pub fn verify(&self) -> Option<Result<(), String>> {
        let known = KnownTable::published(&self.rules).lookup(self.n)?;
        let total = known.total?;
        let types = match self.types(total) {
            Ok(t) => t,
            Err(e) => return Some(Err(e.to_string())),
        };
        let checks = [
            ("classes", known.classes, self.classes(total).ok()),
            (
                "quarter-turn classes",
                known.quarter_turn,
                Some(types.quarter_turn),
            ),
            ("half-turn classes", known.half_turn, Some(types.half_turn)),
            (
                "asymmetric classes",
                known.asymmetric,
                Some(types.asymmetric),
            ),
        ];
        let mut any = false;
        if let (Some(published), Some(derived)) = (&known.orbits, self.orbits(total)) {
            any = true;
            let derived = match derived {
                Ok(d) => d,
                Err(e) => return Some(Err(e.to_string())),
            };
            if *published != derived {
                use crate::torus_group::orbits_text;
                return Some(Err(format!(
                    "n = {}: classes by orbit size {} published, {} derived from the fixed \
                     boards counted here and the published total {total}",
                    self.n,
                    orbits_text(published),
                    orbits_text(&derived)
                )));
            }
        }
        for (what, published, derived) in checks {
            if let Some(p) = published {
                any = true;
                if Some(p) != derived {
                    let d = derived.map_or("overflow".to_string(), |d| d.to_string());
                    return Some(Err(format!(
                        "n = {}: {what} {p} published, {d} derived from the fixed boards \
                         counted here ({} way: P = {}, R = {}) and the published total {total}",
                        self.n,
                        self.way.name(),
                        self.half_turn.boards,
                        self.quarter_turn.boards
                    )));
                }
            }
        }
        any.then_some(Ok(()))
    }
}

/// A unit finished, for progress: `done` of `of` units of the `turn` search.
#[derive(Clone, Copy, Debug)]
pub struct UnitDone {
    /// The search the unit belongs to.
    pub turn: Turn,
    /// The column of the unit's queen in row 0.
    pub first: usize,
    /// The unit's boards.
    pub boards: u64,
    /// The unit's nodes.
    pub nodes: u64,
    /// Units of this search finished so far, this one included.
    pub done: usize,
    /// Units of this search in all.
    pub of: usize,
}

/// The rules [`count_fixed`] counts: the plane's queens and superqueens (D4 keeps their
/// attacks), and the torus's queens under the torus group (with the boards the shifts keep).
/// Refused: superqueens on the torus (nothing is published to derive classes from, and the
/// Burnside way's row step does not carry a knight's move that wraps from the last rows to the
/// first), and the torus under the square's symmetries alone (`--symmetries square`).
pub fn check_rules(rules: Rules) -> Result<(), Error> {
    rules.check().map_err(Error::Options)?;
    if rules.surface == Surface::Plane {
        return Ok(());
    }
    if rules.piece != Piece::Queen {
        return Err(Error::Options(format!(
            "the fixed boards alone are counted on the torus for queens only: nothing is \
             published for {} on the torus to derive classes from (count them whole: queens \
             count N --board torus --piece {})",
            rules.piece.plural(),
            rules.piece.name()
        )));
    }
    if rules.group != Group::Torus {
        return Err(Error::Options(
            "the fixed boards alone are counted on the torus under the torus group only (the \
             default): drop --symmetries square, or count the classes under the square's \
             symmetries whole (queens count N --board torus --symmetries square)"
                .to_string(),
        ));
    }
    Ok(())
}

/// Counts P and R of size `n` (1 to 32) under `rules` ([`check_rules`]), and on the torus
/// S and (the plain way) the symmetric classes, the given `way`, on `threads` threads (`None`: all cores), calling `on_unit` after each unit
/// (column of the queen in row 0) finishes, from the worker threads.
pub fn count_fixed(
    rules: Rules,
    n: usize,
    way: Way,
    threads: Option<usize>,
    on_unit: &(dyn Fn(&UnitDone) + Sync),
) -> Result<FixedCounts, Error> {
    let counted = count_fixed_stoppable(rules, n, way, threads, on_unit, None)?;
    Ok(counted.expect("a count without a stop flag is not stopped"))
}

/// [`count_fixed`] that `stop` can stop: once it is set no unit starts, the units running
/// give up where their searches look at it (the Burnside way's, within milliseconds; the
/// plain way's at their end), and `Ok(None)` says so.
pub(crate) fn count_fixed_stoppable(
    rules: Rules,
    n: usize,
    way: Way,
    threads: Option<usize>,
    on_unit: &(dyn Fn(&UnitDone) + Sync),
    stop: Option<&StopFlag>,
) -> Result<Option<FixedCounts>, Error> {
    check_rules(rules)?;
    if !(1..=crate::board::MAX_N).contains(&n) {
        return Err(Error::SizeOutOfRange {
            n,
            min: 1,
            max: crate::board::MAX_N,
        });
    }
    let threads = crate::runner::thread_count(threads);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| Error::Threads(e.to_string()))?;
    // One search over the columns of row 0, the middle ones (the largest) first.
    let run = |turn: Turn, unit: &(dyn Fn(usize) -> (u64, u64, u64) + Sync)| {
        let start = Instant::now();
        let mut firsts: Vec<usize> = (0..n).collect();
        firsts.sort_by_key(|&c| c.abs_diff(n / 2));
        let done = AtomicUsize::new(0);
        let results: Vec<Option<(u64, u64, u64)>> = pool.install(|| {
            firsts
                .par_iter()
                .with_max_len(1)
                .map(|&first| {
                    let (boards, quarter, nodes) = match stop {
                        Some(stop) if stop.is_set() => None,
                        Some(stop) => stop.watch(|| unit(first)),
                        None => Some(unit(first)),
                    }?;
                    let done = done.fetch_add(1, Ordering::Relaxed) + 1;
                    let of = n;
                    on_unit(&UnitDone {
                        turn,
                        first,
                        boards,
                        nodes,
                        done,
                        of,
                    });
                    Some((boards, quarter, nodes))
                })
                .collect()
        });
        // A unit stopped: the search is not complete.
        let results: Vec<(u64, u64, u64)> = results.into_iter().collect::<Option<_>>()?;
        let sum = |f: fn(&(u64, u64, u64)) -> u64| results.iter().map(f).sum::<u64>();
        let search = Search {
            boards: sum(|r| r.0),
            nodes: sum(|r| r.2),
            seconds: start.elapsed().as_secs_f64(),
        };
        Some((search, sum(|r| r.1)))
    };
    let on_torus = rules.surface == Surface::Torus;
    let (half_turn, quarter_turn, shifts, symmetric_orbits) = match way {
        Way::Burnside => {
            let half = |first| {
                let f = burnside::half_turn_count(rules, n, first);
                (f.boards, 0, f.nodes)
            };
            let quarter = |first| {
                let f = burnside::quarter_turn_count(rules, n, first);
                (f.boards, 0, f.nodes)
            };
            let turns = match (run(Turn::Half, &half), run(Turn::Quarter, &quarter)) {
                (Some(h), Some(q)) => (h.0, q.0),
                _ => return Ok(None),
            };
            let shifts = on_torus.then(|| {
                let start = Instant::now();
                let (boards, nodes) = shifts::count_by_shift(rules, n);
                Search {
                    boards,
                    nodes,
                    seconds: start.elapsed().as_secs_f64(),
                }
            });
            (turns.0, turns.1, shifts.unwrap_or_default(), None)
        }
        Way::Plain => {
            let search = plain::Pairs::new(rules, n);
            // On the torus every half-turn board's class is listed, per unit then merged.
            let group = TorusGroup::new(n);
            let listing = Mutex::new(torus::Listing::default());
            let unit = |first| {
                let mut mine = torus::Listing::default();
                let c = match on_torus {
                    true => search.count_listing(first, &mut |b| mine.add(group, b)),
                    false => search.count(first),
                };
                listing
                    .lock()
                    .unwrap_or_else(|p| p.into_inner())
                    .merge(mine);
                (c.half_turn, c.quarter_turn, c.nodes)
            };
            let Some((half, quarter)) = run(Turn::Half, &unit) else {
                return Ok(None);
            };
            let quarter = Search {
                boards: quarter,
                ..Search::default()
            };
            let mut listing = listing.into_inner().unwrap_or_else(|p| p.into_inner());
            let (shifts, orbits) = match on_torus {
                true => {
                    let start = Instant::now();
                    let nodes = shifts::list_by_subgroup(rules, n, &mut |b| listing.add(group, b));
                    let seconds = start.elapsed().as_secs_f64();
                    let (orbits, shifted) = listing.orbits(group);
                    let boards = u64::try_from(shifted)
                        .expect("S is at most n² times the total: below 2^64 on every board to 32");
                    let search = Search {
                        boards,
                        nodes,
                        seconds,
                    };
                    (search, Some(orbits))
                }
                false => (Search::default(), None),
            };
            (half, quarter, shifts, orbits)
        }
    };
    Ok(Some(FixedCounts {
        n,
        rules,
        way,
        half_turn,
        quarter_turn,
        shifts,
        symmetric_orbits,
        threads,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Rules whose public fields name the torus group on the plane board are refused.
    #[test]
    fn the_torus_group_on_the_plane_is_refused() {
        let odd = Rules {
            piece: Piece::Queen,
            surface: Surface::Plane,
            group: Group::Torus,
        };
        let e = check_rules(odd).unwrap_err();
        assert!(
            e.to_string()
                .contains("the torus group keeps the solutions of the torus board only"),
            "{e}"
        );
    }

    fn both(rules: Rules, n: usize) -> (FixedCounts, FixedCounts) {
        let count = |way| count_fixed(rules, n, way, Some(2), &|_| ()).unwrap();
        (count(Way::Burnside), count(Way::Plain))
    }

    #[test]
    fn the_two_ways_agree_with_brute_force_up_to_9() {
        // Every permutation tested with the one attack predicate, each board turned directly.
        for rules in [Rules::QUEENS, Rules::SUPERQUEENS] {
            for n in 1..=9 {
                let all = crate::rules::brute_force_solutions(rules, n);
                let m = n - 1;
                let half = |p: &Vec<u8>| (0..n).all(|r| p[m - r] as usize == m - p[r] as usize);
                let quarter = |p: &Vec<u8>| (0..n).all(|r| p[p[r] as usize] as usize == m - r);
                let expected = (
                    all.iter().filter(|p| half(p)).count() as u64,
                    all.iter().filter(|p| quarter(p)).count() as u64,
                );
                for f in <[_; 2]>::from(both(rules, n)) {
                    let got = (f.half_turn.boards, f.quarter_turn.boards);
                    assert_eq!(got, expected, "{rules:?} n = {n}, {:?}", f.way);
                }
            }
        }
    }

    #[test]
    fn the_two_ways_agree_up_to_21_and_match_the_published_types() {
        // Superqueens to n = 21 (A352661–A352663 published), queens to n = 18.
        for (rules, last) in [(Rules::SUPERQUEENS, 21), (Rules::QUEENS, 18)] {
            for n in 1..=last {
                let (b, p) = both(rules, n);
                assert_eq!(
                    (b.half_turn.boards, b.quarter_turn.boards),
                    (p.half_turn.boards, p.quarter_turn.boards),
                    "{rules:?} n = {n}"
                );
                // The plain search places the same pairs as the half-turn units: one tree.
                assert_eq!(b.half_turn.nodes, p.half_turn.nodes, "{rules:?} n = {n}");
                assert_eq!(p.quarter_turn.nodes, 0);
                for f in [b, p] {
                    assert_eq!(f.verify(), Some(Ok(())), "{rules:?} n = {n} {:?}", f.way);
                }
            }
        }
        // A few published terms spelled out: superqueens n = 20 and 21 (A352661, A352662,
        // A352663 = 60, 3798, 61981118 and 82, 11594, 497224414).
        for (n, types) in [(20, (60, 3798, 61_981_118)), (21, (82, 11594, 497_224_414))] {
            let (f, _) = both(Rules::SUPERQUEENS, n);
            let (_, t) = f.published_types().unwrap().unwrap();
            assert_eq!(
                (t.quarter_turn, t.half_turn, t.asymmetric),
                types,
                "n = {n}"
            );
        }
    }

    #[test]
    fn where_no_quarter_turn_fixes_a_board_p_follows_from_the_published_classes() {
        // n ≡ 2, 3 (mod 4): R = 0 and P = 8·A051224 − A051223.
        let table = KnownTable::published(&Rules::SUPERQUEENS);
        for n in (2..=21).filter(|n| n % 4 >= 2) {
            let known = table.lookup(n).unwrap();
            let p = 8 * known.classes.unwrap() - known.total.unwrap();
            let (b, plain) = both(Rules::SUPERQUEENS, n);
            for f in [b, plain] {
                assert_eq!((f.half_turn.boards as u128, f.quarter_turn.boards), (p, 0));
            }
        }
    }

    #[test]
    fn a_mismatch_with_the_published_values_is_reported() {
        let (mut f, _) = both(Rules::SUPERQUEENS, 12);
        f.half_turn.boards += 8; // 20 instead of 12: the classes no longer sum to A051224(12)
        let e = f.verify().unwrap().unwrap_err();
        assert!(
            e.contains("n = 12: classes 22 published, 23 derived"),
            "{e}"
        );
        // Untouched, it checks.
        let (f, _) = both(Rules::SUPERQUEENS, 12);
        assert_eq!(f.verify(), Some(Ok(())));
    }

    #[test]
    fn on_the_torus_both_ways_agree_with_the_whole_search_of_the_torus_engine() {
        // The torus engine's full count (its own search, its own Burnside and its own list of
        // the symmetric classes) against the fixed boards alone with its total, boards 1..=19
        // (the even ones empty).
        for n in 1..=19 {
            let whole = crate::search::torus_classes(n, 2).unwrap();
            let orbits: Vec<(u128, u128)> = whole.by_orbit_size.clone().into_iter().collect();
            for way in Way::ALL {
                let f = count_fixed(Rules::TORUS_QUEENS, n, way, Some(2), &|_| ()).unwrap();
                let got = (
                    f.half_turn.boards.into(),
                    f.quarter_turn.boards.into(),
                    f.shifts.boards.into(),
                );
                let expected = (
                    whole.fixed_half_turn,
                    whole.fixed_quarter_turn,
                    whole.fixed_by_shifts,
                );
                assert_eq!(got, expected, "n = {n} {way:?}: P, R, S");
                assert_eq!(f.classes(whole.total).unwrap(), whole.classes, "n = {n}");
                let types = f.types(whole.total).unwrap();
                let by_type = whole.group_classes().unwrap().classes;
                assert_eq!(types, by_type, "n = {n} {way:?}");
                match way {
                    Way::Plain if whole.total > 0 => {
                        assert_eq!(f.orbits(whole.total).unwrap().unwrap(), orbits, "n = {n}")
                    }
                    Way::Plain => assert_eq!(f.orbits(0).unwrap().unwrap(), vec![], "n = {n}"),
                    Way::Burnside => assert!(f.orbits(whole.total).is_none()),
                }
                // Every odd board published to 19 (A053994, A054500–A054502); the even ones
                // have nothing published beyond their total of 0.
                let verified = (n % 2 == 1).then_some(Ok(()));
                assert_eq!(f.verify(), verified, "n = {n} {way:?}");
            }
        }
    }

    #[test]
    fn a_torus_total_that_is_not_whole_classes_is_refused() {
        let f = count_fixed(Rules::TORUS_QUEENS, 13, Way::Plain, Some(1), &|_| ()).unwrap();
        assert_eq!(f.classes(4524).unwrap(), 11);
        let e = f.classes(4525).unwrap_err().to_string();
        assert!(e.contains("are not a multiple of 8n² = 1352"), "{e}");
        let e = f
            .orbits(4524 + 1352 * 2 + 26)
            .unwrap()
            .unwrap_err()
            .to_string();
        assert!(e.contains("are not whole classes of 1352"), "{e}");
        // Two more classes of 1352 boards: Burnside and the listing agree, and the published
        // A053994(13) = 11 does not.
        assert_eq!(
            f.orbits(4524 + 2704).unwrap().unwrap().last(),
            Some(&(1352, 2))
        );
        let mut wrong = f.clone();
        wrong.shifts.boards += 1352;
        let e = wrong.verify().unwrap().unwrap_err();
        assert!(
            e.contains("11 classes by orbit size, 12 by Burnside's lemma"),
            "{e}"
        );
        let mut wrong = count_fixed(Rules::TORUS_QUEENS, 13, Way::Burnside, None, &|_| ()).unwrap();
        wrong.shifts.boards += 1352;
        let e = wrong.verify().unwrap().unwrap_err();
        assert!(
            e.contains("n = 13: classes 11 published, 12 derived"),
            "{e}"
        );
    }

    #[test]
    fn the_torus_superqueens_the_torus_under_the_square_and_sizes_out_of_range_are_refused() {
        let e = count_fixed(Rules::TORUS_SUPERQUEENS, 7, Way::Burnside, None, &|_| ()).unwrap_err();
        assert!(e.to_string().contains("for queens only"), "{e}");
        let square = Rules::TORUS_QUEENS.under(Group::Square).unwrap();
        let e = count_fixed(square, 7, Way::Plain, None, &|_| ()).unwrap_err();
        assert!(e.to_string().contains("under the torus group only"), "{e}");
        for n in [0, 33] {
            let e = count_fixed(Rules::QUEENS, n, Way::Plain, None, &|_| ()).unwrap_err();
            assert!(matches!(e, Error::SizeOutOfRange { .. }), "{e}");
        }
    }

    #[test]
    fn the_units_report_their_progress() {
        let seen = std::sync::Mutex::new(Vec::new());
        let f = count_fixed(Rules::SUPERQUEENS, 12, Way::Burnside, Some(1), &|u| {
            seen.lock().unwrap().push((u.turn, u.done, u.of, u.boards));
        })
        .unwrap();
        let seen = seen.into_inner().unwrap();
        assert_eq!(seen.len(), 24);
        let sum = |t| seen.iter().filter(|s| s.0 == t).map(|s| s.3).sum::<u64>();
        assert_eq!((sum(Turn::Half), sum(Turn::Quarter)), (12, 4));
        assert_eq!(f.half_turn.boards, 12);
        assert!(
            seen.iter()
                .any(|s| (s.0, s.1, s.2) == (Turn::Quarter, 12, 12))
        );
    }
}
