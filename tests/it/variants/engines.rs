//! The library's engines on the variants, against the oracle written apart from them: the
//! enumerate engine (chosen by `Counter` for every rule set the symmetric engine does not
//! count) finds the oracle's solutions and nodes, and the classes under the square's 8
//! symmetries that the orbits give; and the published values of `data/variants.csv` come
//! out of the library for the small boards, verified by `Counts::verified`.

use super::oracle::{self, Board, Piece, Problem, bitmask};
use super::orbits::{Kind, classes, kind, square_group};
use queens::rules::{Group, Rules};
use queens::{Counter, Counts, Engine, Verdict};

/// The library's rules of the oracle's.
fn library(rules: oracle::Rules) -> Rules {
    match (rules.piece, rules.board) {
        (Piece::Queen, Board::Plane) => Rules::QUEENS,
        (Piece::Superqueen, Board::Plane) => Rules::SUPERQUEENS,
        (Piece::Queen, Board::Torus) => Rules::TORUS_QUEENS,
        (Piece::Superqueen, Board::Torus) => Rules::TORUS_SUPERQUEENS,
    }
}

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
            // in `orbits`); the plane's default engine is the symmetric one, whose nodes are
            // its own.
            let square = library(rules).under(Group::Square).unwrap();
            let c = Counter::new(n)
                .rules(square)
                .engine(Engine::Enumerate)
                .threads(1)
                .count()
                .unwrap();
            assert_eq!(c.engine, Engine::Enumerate, "{what}");
            assert_eq!(c.rules, square, "{what}");
            assert_eq!(
                (c.total, c.nodes),
                (t.solutions.into(), t.nodes.into()),
                "{what}"
            );
            let cls = classes(&sols, &square_group());
            let of = |k: Kind| cls.iter().filter(|c| kind(c) == k).count() as u128;
            if n >= 2 {
                assert_eq!(of(Kind::Reflected), 0, "{what}");
                let kinds = (
                    of(Kind::Asymmetric),
                    of(Kind::HalfTurn),
                    of(Kind::QuarterTurn),
                );
                let got = (
                    c.classes.asymmetric,
                    c.classes.half_turn,
                    c.classes.quarter_turn,
                );
                assert_eq!(got, kinds, "{what}");
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
