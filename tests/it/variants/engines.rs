//! The library's engines on the variants, against the oracle written apart from them: the
//! enumerate engine (chosen by `Counter` for every rule set the symmetric engine does not
//! count) finds the oracle's solutions and nodes, and the classes under the square's 8
//! symmetries that the orbits give; and the published values of `data/variants.csv` come
//! out of the library for the small boards, verified by `Counts::verified`.

use super::oracle::{self, Problem, bitmask};
use super::orbits::{assert_kinds, classes, square_group};
use super::{enumerate_count, library_rules};
use queens::rules::{Group, Rules};
use queens::search::{TorusClasses, torus_classes};
use queens::{Counter, Counts, Engine, Outcome, Part, Tally, Verdict};
use std::collections::BTreeMap;

/// The library's count of `rules` for `n`, on one thread, with the engine `Counter` chooses.
fn count(rules: Rules, n: usize) -> Counts {
    Counter::new(n).rules(rules).threads(1).count().unwrap()
}

/// Every rules, n = 1 to 11 (superqueens on the torus to 13): the library's total, nodes and
/// classes by symmetry type are the oracle's bitmask search's and its orbits under the
/// square's 8 symmetries. No class of n ≥ 2 is kept by a reflection, under any rules (what
/// the classes of the enumerate engine's tally assume: every rule set is at least as strict
/// as the plane's queen). The plain profile's depths sum to the same nodes.
#[test]
fn the_enumerate_engine_counts_every_rules_as_the_oracle() {
    for rules in oracle::Rules::ALL {
        let last = if rules == oracle::Rules::SUPER_TORUS {
            13
        } else {
            11
        };
        for n in 1..=last {
            let mut sols = Vec::new();
            let t = bitmask(&Problem::new(n, rules), |p| sols.push(p.to_vec()));
            let what = format!("{rules:?} n = {n}");
            // The classes under the square's 8 symmetries (the torus's own group is checked
            // in `orbits`); the default engine of the plane and of the torus queens is the
            // symmetric one, whose nodes are its own.
            let square = library_rules(rules).under(Group::Square).unwrap();
            let c = enumerate_count(square, n);
            assert_eq!(c.engine, Engine::Enumerate, "{what}");
            assert_eq!(c.rules, square, "{what}");
            assert_eq!(
                (c.total, c.nodes),
                (t.solutions.into(), t.nodes.into()),
                "{what}"
            );
            let cls = classes(&sols, &square_group());
            if n >= 2 {
                assert_kinds(&c.classes, &cls, &what);
            } else {
                // The one board of n = 1, kept by all 8, is counted as quarter-turn.
                assert_eq!(c.classes.quarter_turn, 1, "{what}");
            }
            assert_eq!(c.classes.total(), cls.len() as u128, "{what}");
        }
    }
}

/// The published values through the library: superqueens n = 1 to 14 (A051223, A051224 and
/// the kinds A352661–A352663: 10 has 4 boards in 1 half-turn class, 14 has 5,180 in 653
/// classes) and queens on the torus n = 1 to 15 (A051906: 10 on board 5, 28 on 7, 88 on 11,
/// 4,524 on 13, 0 on every board with a factor 2 or 3) are verified; superqueens on the torus,
/// where nothing is published, are not.
#[test]
fn the_library_reproduces_the_published_variants() {
    for n in 1..=14 {
        let c = count(Rules::SUPERQUEENS, n);
        assert_eq!(c.verified(), Verdict::Verified, "superqueens n = {n}: {c}");
    }
    let sq14 = count(Rules::SUPERQUEENS, 14);
    assert_eq!((sq14.total, sq14.classes.total()), (5180, 653));
    let mut torus = Vec::new();
    for n in 1..=15 {
        let c = count(Rules::TORUS_QUEENS, n);
        assert_eq!(c.verified(), Verdict::Verified, "torus n = {n}: {c}");
        torus.push(c.total);
    }
    assert_eq!(torus, [1, 0, 0, 0, 10, 0, 28, 0, 0, 0, 88, 0, 4524, 0, 0]);
    assert_eq!(
        count(Rules::TORUS_SUPERQUEENS, 11).verified(),
        Verdict::Unknown
    );
    // A wrong figure is caught: the queens' total of 10 is not the superqueens'.
    let mut wrong = count(Rules::SUPERQUEENS, 10);
    wrong.total = 724;
    assert_eq!(
        wrong.verified().describe(),
        "total computed 724 but published 4"
    );
}

/// Orbit size → classes of that size.
type BySize = BTreeMap<u128, u128>;

/// The torus's published row of `data/variants.csv` for board `n`: total, classes (A053994),
/// corner (A071607) and the classes by orbit size (A054500–A054502), each `None` where the
/// table leaves it empty (`-` is published: no class).
fn published_torus(n: usize) -> (u128, Option<u128>, Option<u128>, Option<BySize>) {
    let table = include_str!("../../../data/variants.csv");
    let row: Vec<&str> = table
        .lines()
        .map(|l| l.split(',').collect::<Vec<_>>())
        .find(|f| f.len() == 11 && f[..3] == ["queen", "torus", "torus"] && f[3] == n.to_string())
        .expect("a published row");
    let number = |f: &str| (!f.is_empty()).then(|| f.parse::<u128>().unwrap());
    let orbits = match row[10] {
        "" => None,
        "-" => Some(BTreeMap::new()),
        pairs => Some(
            pairs
                .split(' ')
                .map(|p| {
                    let (size, classes) = p.split_once(':').unwrap();
                    (size.parse().unwrap(), classes.parse().unwrap())
                })
                .collect(),
        ),
    };
    (
        number(row[4]).unwrap(),
        number(row[5]),
        number(row[9]),
        orbits,
    )
}

/// The torus engine (the symmetric engine's plan for queens on the torus) against the
/// oracle's bitmask search and its orbits under the torus group (the 8 symmetries of the square
/// with the n² shifts), n = 1 to 11, and against the enumerate engine's classes under the
/// square's 8 symmetries to 13: the same boards, the same classes, by another search.
#[test]
fn the_torus_engine_counts_the_torus_as_the_oracle_and_the_enumerate_engine() {
    for n in 1..=13 {
        let c = count(Rules::TORUS_QUEENS, n);
        assert_eq!(c.engine, Engine::Symmetric, "n = {n}");
        assert!(c.plan.starts_with("symmetric-torus-"), "{}", c.plan);
        assert!(c.plan.ends_with("+queen-torus"), "{}", c.plan);
        let plain = enumerate_count(Rules::TORUS_QUEENS, n);
        assert_eq!(
            (c.total, c.classes),
            (plain.total, plain.classes),
            "n = {n}"
        );
        let t = torus_classes(n, 1).unwrap();
        assert_eq!((t.total, t.nodes), (c.total, c.nodes), "n = {n}");
        if n > 11 {
            continue;
        }
        is_the_oracles(&t, oracle::Rules::TORUS, n);
    }
}

/// The torus engine's count `t` of board `n` is the oracle's under `rules`: its bitmask
/// search's solutions, those with a queen on the origin, and their classes under the torus
/// group by orbit size.
fn is_the_oracles(t: &TorusClasses, rules: oracle::Rules, n: usize) {
    let mut sols = Vec::new();
    bitmask(&Problem::new(n, rules), |p| sols.push(p.to_vec()));
    assert_eq!(t.total, sols.len() as u128, "n = {n}");
    assert_eq!(t.corner, sols.iter().filter(|p| p[0] == 0).count() as u128);
    let cls = classes(&sols, &super::orbits::torus_group(n));
    let mut by_size: BTreeMap<u128, u128> = BTreeMap::new();
    for class in &cls {
        *by_size.entry(class.size as u128).or_default() += 1;
    }
    assert_eq!(
        (t.classes, &t.by_orbit_size),
        (cls.len() as u128, &by_size),
        "n = {n}"
    );
}

/// The superqueens on the torus, counted by the torus engine (its group the square's 8
/// about the origin, its search leaving out the knight's squares): boards 1 to 13 against
/// the oracle's bitmask search and its orbits under the torus group, and to 17 against the
/// enumerate engine, under the torus group and under the square's 8 (the boards a half and a
/// quarter turn keep); Burnside's way (`torus_classes_under`) gives the same classes and
/// orbit sizes as the units' stabilizer tallies.
#[test]
fn the_torus_engine_counts_the_superqueens_as_the_oracle_and_the_enumerate_engine() {
    let rules = Rules::TORUS_SUPERQUEENS;
    let mut totals = Vec::new();
    for n in 1..=17 {
        let c = count(rules, n);
        assert_eq!(c.engine, Engine::Symmetric, "n = {n}");
        assert_eq!(c.plan, "symmetric-torus-slopes2-v2+superqueen-torus");
        totals.push(c.total);
        for group in [Group::Torus, Group::Square] {
            let under = rules.under(group).unwrap();
            let fast = count(under, n);
            let plain = enumerate_count(under, n);
            assert_eq!(
                (fast.total, &fast.classes, &fast.orbits),
                (plain.total, &plain.classes, &plain.orbits),
                "n = {n} under {group:?}"
            );
        }
        let t = queens::search::torus_classes_under(rules, n, 2).unwrap();
        assert_eq!((t.total, t.nodes), (c.total, c.nodes), "n = {n}");
        assert_eq!(t.classes, c.classes.total(), "n = {n}");
        let orbits: Vec<(u128, u128)> = t.by_orbit_size.clone().into_iter().collect();
        assert_eq!(orbits, c.orbits, "n = {n}");
        // The second way: the queens' search, its boards sifted for the knight.
        let sifted = queens::search::torus_superqueens_among_queens(n, 2).unwrap();
        assert_eq!(
            sifted,
            TorusClasses {
                nodes: sifted.nodes,
                ..t.clone()
            },
            "n = {n}"
        );
        if n > 13 {
            continue;
        }
        is_the_oracles(&t, oracle::Rules::SUPER_TORUS, n);
    }
    let nonzero: Vec<(usize, u128)> = (1..).zip(totals).filter(|&(_, t)| t > 0).collect();
    assert_eq!(nonzero, [(1, 1), (11, 44), (13, 1092), (17, 16932)]);
    let (t19, s19) = (
        queens::search::torus_classes_under(rules, 19, 2).unwrap(),
        queens::search::torus_superqueens_among_queens(19, 2).unwrap(),
    );
    assert_eq!((t19.total, t19.classes), (24776, 18));
    assert_eq!(
        s19,
        TorusClasses {
            nodes: s19.nodes,
            ..t19
        }
    );
    // Rules of the plane are not the torus engine's.
    let e = queens::search::torus_classes_under(Rules::SUPERQUEENS, 11, 1).unwrap_err();
    assert!(e.contains("superqueen-plane"), "{e}");
}

/// Every published board to 19 from the torus engine: the totals (A051906), the solutions
/// with a queen in the corner (A071607), the classes under the torus group (A053994) and by
/// the size of their orbit (A054500–A054502: board 19 has 4 classes of 76 boards, 132 of
/// 1,444 and 218 of 2,888), and `Counts::verified` through `Counter` on the symmetric engine.
#[test]
fn the_torus_engine_reproduces_every_published_board_to_19() {
    for n in 1..=19 {
        let t = torus_classes(n, 2).unwrap();
        let (total, classes, corner, orbits) = published_torus(n);
        assert_eq!(t.total, total, "n = {n}");
        if let Some(corner) = corner {
            assert_eq!(t.corner, corner, "n = {n}");
        }
        if let Some(classes) = classes {
            assert_eq!(t.classes, classes, "n = {n}");
        }
        if let Some(orbits) = orbits {
            assert_eq!(t.by_orbit_size, orbits, "n = {n}");
        }
        let c = count(Rules::TORUS_QUEENS, n);
        assert_eq!(c.engine, Engine::Symmetric);
        assert_eq!(c.verified(), Verdict::Verified, "n = {n}: {c}");
    }
    let t19 = torus_classes(19, 2).unwrap();
    assert_eq!((t19.total, t19.corner, t19.classes), (820_496, 43_184, 354));
}

/// The torus plan's units in three parts, on two threads, sum to the whole count on one
/// (board 17: 140,692 boards), field by field, nodes included.
#[test]
fn the_torus_parts_sum_to_the_whole() {
    let whole = Counter::new(17)
        .rules(Rules::TORUS_QUEENS)
        .threads(1)
        .run()
        .unwrap();
    let Outcome::Complete(whole) = whole else {
        panic!("stopped")
    };
    assert_eq!(whole.tally.boards, 140_692);
    let mut parts = Vec::new();
    for res in 0..3 {
        let part = Counter::new(17)
            .rules(Rules::TORUS_QUEENS)
            .threads(2)
            .part(Part::new(res, 3).unwrap())
            .run()
            .unwrap();
        let Outcome::Complete(part) = part else {
            panic!("stopped")
        };
        assert!(part.units < whole.units, "part {res}/3");
        parts.push(part.tally);
    }
    assert_eq!(Tally::sum(&parts).unwrap(), whole.tally);
}
