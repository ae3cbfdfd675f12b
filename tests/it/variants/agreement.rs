//! The oracle's three searches against one another: brute force over permutations, the bitmask
//! search and the pairwise backtracking find the same solutions (and the two searches the same
//! nodes) on every rules to n = 9 and on random givens and blocked squares; classes by orbits
//! agree with Burnside's count under every group, the subgroups that keep givens and blocked
//! squares included.

use super::oracle::{Board, Problem, Rules, Square, Tally, backtrack, bitmask, brute_force};
use super::orbits::{Symmetry, burnside, classes, keeping, square_group, torus_group};
use std::collections::HashMap;

/// The solutions and the tally of the bitmask search, and of the pairwise backtracking.
fn both_searches(pb: &Problem) -> [(Vec<Vec<u8>>, Tally); 2] {
    let mut a = Vec::new();
    let ta = bitmask(pb, |p| a.push(p.to_vec()));
    let mut b = Vec::new();
    let tb = backtrack(pb, |p| b.push(p.to_vec()));
    [(a, ta), (b, tb)]
}

/// The groups a problem's classes are taken under: the subgroup of the square's 8 symmetries
/// that keeps its givens and blocked squares, and on the torus that of the torus group too.
fn groups(pb: &Problem) -> Vec<Vec<Symmetry>> {
    let mut g = vec![keeping(&square_group(), pb.n, &pb.given, &pb.blocked)];
    if pb.rules.board == Board::Torus {
        g.push(keeping(&torus_group(pb.n), pb.n, &pb.given, &pb.blocked));
    }
    g
}

/// Every rules, n = 1 to 9, nothing given: brute force, bitmask and backtracking find the same
/// solutions in the same (increasing) order, the two searches the same nodes; the classes by
/// orbits are Burnside's count under the square's symmetries and (torus) the torus group; and
/// plain queens give A000170 (1, 0, 0, 2, 10, 4, 40, 92, 352).
#[test]
fn brute_force_bitmask_and_backtracking_agree_to_nine() {
    let a000170 = [1, 0, 0, 2, 10, 4, 40, 92, 352];
    for rules in Rules::ALL {
        let mut totals = Vec::new();
        for n in 1..=9 {
            let pb = Problem::new(n, rules);
            let brute = brute_force(&pb);
            let [(a, ta), (b, tb)] = both_searches(&pb);
            assert_eq!(a, brute, "{rules:?} n = {n}");
            assert_eq!(b, brute, "{rules:?} n = {n}");
            assert_eq!(ta, tb, "{rules:?} n = {n}");
            assert_eq!(ta.solutions as usize, brute.len());
            for g in groups(&pb) {
                assert_eq!(classes(&brute, &g).len() as u64, burnside(&brute, &g));
            }
            totals.push(brute.len());
        }
        match rules {
            Rules::QUEEN => assert_eq!(totals, a000170),
            // No superqueen solution before n = 10 (A051223).
            Rules::SUPERQUEEN => assert_eq!(totals, [1, 0, 0, 0, 0, 0, 0, 0, 0]),
            // A051906: only n = 1, 5 and 7.
            Rules::TORUS => assert_eq!(totals, [1, 0, 0, 0, 10, 0, 28, 0, 0]),
            // Nothing published: the torus queens boards of 5 and 7 are the linear ones,
            // c = k·r + b, and a knight's move spoils each k (k or 2k is ±1 or ±2 mod n).
            _ => assert_eq!(totals, [1, 0, 0, 0, 0, 0, 0, 0, 0], "{rules:?}"),
        }
    }
}

/// A tiny seeded generator (splitmix64), so that a failure names a reproducible case.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, k: usize) -> usize {
        (self.next() % k as u64) as usize
    }

    fn square(&mut self, n: usize) -> Square {
        (self.below(n), self.below(n))
    }
}

/// `set` with the images under `g` added until `g` keeps it.
fn close(set: &mut Vec<Square>, g: Symmetry, n: usize) {
    loop {
        let images: Vec<Square> = set.iter().map(|&s| g.map(n, s)).collect();
        let before = set.len();
        for s in images {
            if !set.contains(&s) {
                set.push(s);
            }
        }
        if set.len() == before {
            return;
        }
    }
}

/// The board sizes a random problem of `rules` takes: the first where the rules have
/// solutions (superqueens from 10, on the torus from 11), so that completions are there to find.
fn sizes(rules: Rules) -> std::ops::RangeInclusive<usize> {
    match rules {
        Rules::QUEEN | Rules::TORUS => 4..=8,
        Rules::SUPERQUEEN => 10..=11,
        _ => 11..=11,
    }
}

/// A random well-formed problem: any rules, a size of [`sizes`], givens (at least enough to
/// leave 8 rows free, for the brute force's sake; for half the problems taken from a solution,
/// so that there are completions) and up to 2n blocked squares; half of them made symmetric
/// under a random symmetry (of the torus group on the torus), so that the subgroups keeping
/// them are often more than the identity.
fn random_problem(rng: &mut Rng, solutions: &mut HashMap<(Rules, usize), Vec<Vec<u8>>>) -> Problem {
    loop {
        let rules = Rules::ALL[rng.below(4)];
        let range = sizes(rules);
        let n = range.start() + rng.below(range.end() - range.start() + 1);
        let least = n.saturating_sub(8);
        let count = least + rng.below(3);
        let all = solutions.entry((rules, n)).or_insert_with(|| {
            let mut all = Vec::new();
            bitmask(&Problem::new(n, rules), |p| all.push(p.to_vec()));
            all
        });
        let mut given: Vec<Square> = if rng.below(2) == 0 && !all.is_empty() {
            let p = &all[rng.below(all.len())];
            let mut rows: Vec<usize> = (0..n).collect();
            (0..count)
                .map(|_| {
                    let r = rows.swap_remove(rng.below(rows.len()));
                    (r, p[r] as usize)
                })
                .collect()
        } else {
            (0..count).map(|_| rng.square(n)).collect()
        };
        let mut blocked: Vec<Square> = (0..rng.below(2 * n + 1)).map(|_| rng.square(n)).collect();
        blocked.sort();
        blocked.dedup();
        if rng.below(2) == 0 {
            let shift = match rules.board {
                Board::Plane => (0, 0),
                Board::Torus => rng.square(n),
            };
            let g = Symmetry {
                d4: rng.below(8) as u8,
                shift,
            };
            close(&mut given, g, n);
            close(&mut blocked, g, n);
        }
        let pb = Problem::new(n, rules)
            .with_given(&given)
            .with_blocked(&blocked);
        if pb.check().is_ok() {
            return pb;
        }
    }
}

/// 300 random problems with givens and blocked squares (seeded, [`random_problem`]): brute force, bitmask and
/// backtracking find the same completions, the two searches the same nodes; the completions'
/// classes under the subgroup of the square's symmetries keeping the givens and the blocked
/// squares (and on the torus the subgroup of the torus group) are Burnside's count, and that
/// subgroup keeps the set of completions (`classes` checks it). The sample is checked to
/// reach what it is for: completions under each rules, and classes under subgroups larger
/// than the identity.
#[test]
fn random_givens_and_blocked_squares_agree() {
    let mut rng = Rng(40);
    let mut solutions = HashMap::new();
    let mut with_completions = [0; 4];
    let mut symmetric_classes = 0;
    for case in 0..300 {
        let pb = random_problem(&mut rng, &mut solutions);
        let brute = brute_force(&pb);
        let [(a, ta), (b, tb)] = both_searches(&pb);
        assert_eq!(a, brute, "case {case}: {pb:?}");
        assert_eq!(b, brute, "case {case}: {pb:?}");
        assert_eq!(ta, tb, "case {case}: {pb:?}");
        for g in groups(&pb) {
            assert!(g.contains(&Symmetry {
                d4: 0,
                shift: (0, 0)
            }));
            let cls = classes(&brute, &g);
            assert_eq!(
                cls.len() as u64,
                burnside(&brute, &g),
                "case {case}: {pb:?}"
            );
            if g.len() > 1 && !cls.is_empty() {
                symmetric_classes += 1;
            }
        }
        if !brute.is_empty() {
            let i = Rules::ALL.iter().position(|&r| r == pb.rules).unwrap();
            with_completions[i] += 1;
        }
    }
    assert!(
        with_completions.iter().all(|&c| c >= 15),
        "completions per rules: {with_completions:?}"
    );
    assert!(symmetric_classes >= 20, "{symmetric_classes} cases");
}

/// The corner trick of the torus: with the queen of row 0 given in column 0 the completions are
/// the torus solutions with that queen, one n-th of them (n = 5, 7: 2 of 10, 4 of 28).
#[test]
fn a_given_corner_keeps_one_nth_of_the_torus_solutions() {
    for (n, corner) in [(5, 2), (7, 4)] {
        let all = brute_force(&Problem::new(n, Rules::TORUS));
        let given = brute_force(&Problem::new(n, Rules::TORUS).with_given(&[(0, 0)]));
        let expected: Vec<Vec<u8>> = all.into_iter().filter(|p| p[0] == 0).collect();
        assert_eq!(given, expected);
        assert_eq!(given.len(), corner);
        // Its classes: under the square's symmetries that keep the corner (the identity and
        // the transpose on the plane; on the torus also those with a shift back to the corner).
        let plane = keeping(&square_group(), n, &[(0, 0)], &[]);
        let d4: Vec<u8> = plane.iter().map(|g| g.d4).collect();
        assert_eq!(d4, [0, 6]);
        let torus = keeping(&torus_group(n), n, &[(0, 0)], &[]);
        assert_eq!(
            torus.len(),
            8,
            "each symmetry of the square, shifted back to (0, 0)"
        );
    }
}

/// The oracle refuses what issue 40 calls usage errors, naming the squares.
#[test]
fn malformed_givens_are_refused() {
    let q = Problem::new(8, Rules::QUEEN);
    let err = |pb: Problem| pb.check().unwrap_err();
    assert_eq!(
        err(q.clone().with_given(&[(0, 0), (3, 3)])),
        "the givens (0, 0) and (3, 3) attack each other"
    );
    assert_eq!(
        err(q.clone().with_given(&[(0, 0), (0, 5)])),
        "the givens (0, 0) and (0, 5) attack each other"
    );
    assert_eq!(
        err(q.clone().with_given(&[(2, 2)]).with_blocked(&[(2, 2)])),
        "the given (2, 2) is blocked"
    );
    assert_eq!(
        err(q.clone().with_blocked(&[(8, 0)])),
        "(8, 0) is off the 8 x 8 board"
    );
    // A knight's move apart: fine for queens, an attack for superqueens.
    let knight = [(0, 0), (1, 2)];
    assert!(q.clone().with_given(&knight).check().is_ok());
    let sq = Problem::new(8, Rules::SUPERQUEEN).with_given(&knight);
    assert_eq!(err(sq), "the givens (0, 0) and (1, 2) attack each other");
    // Across the torus's edge: (0, 0) and (7, 1) share a wrapped diagonal.
    let wrapped = [(0, 0), (7, 1)];
    assert!(q.with_given(&wrapped).check().is_ok());
    let t = Problem::new(8, Rules::TORUS).with_given(&wrapped);
    assert_eq!(err(t), "the givens (0, 0) and (7, 1) attack each other");
}

/// Superqueens on the torus, where nothing is published: the bitmask search and the pairwise
/// backtracking find the same solutions and nodes on n = 10 to 14. The solutions of 11 are the
/// 44 linear ones, c = k·r + b with k, k ± 1, k ± 2 and 2k ± 1 all units mod 11 (the queen's
/// lines and the knight's moves): k = 3, 4, 7, 8, each with 11 shifts b. (A knight's move that
/// wraps from the last two rows to the first two first prunes a tree at n = 17:
/// [`a_knight_s_move_wraps_round_the_torus`].)
#[test]
fn superqueens_on_the_torus_agree_to_fourteen() {
    let mut totals = Vec::new();
    for n in 10..=14 {
        let pb = Problem::new(n, Rules::SUPER_TORUS);
        let [(a, ta), (b, tb)] = both_searches(&pb);
        assert_eq!(a, b, "n = {n}");
        assert_eq!(ta, tb, "n = {n}");
        totals.push(ta.solutions);
    }
    assert_eq!(totals, [0, 44, 0, 1092, 0]);
}

/// A knight's move wraps round the torus between the last two rows and the first two. No tree
/// to n = 16 shows it (every board that only such a move spoils is cut earlier by something
/// else; a search that ignores it counts the same nodes there, whatever is given or blocked);
/// on 17 it prunes: 16,932 solutions and 10,159,150 nodes, as the pairwise backtracking counts
/// (run once, 20 s; ignoring the wrapping moves gives 17,136 and 10,159,422). The solutions are
/// 17 times those with the corner given (the shifts); their classes under the torus group, by
/// size, are the oracle's figure for the engines (nothing is published).
#[test]
fn a_knight_s_move_wraps_round_the_torus() {
    let n = 17;
    let mut sols = Vec::new();
    let t = bitmask(&Problem::new(n, Rules::SUPER_TORUS), |p| {
        sols.push(p.to_vec())
    });
    assert_eq!((t.solutions, t.nodes), (16932, 10159150));
    let corner = bitmask(
        &Problem::new(n, Rules::SUPER_TORUS).with_given(&[(0, 0)]),
        |_| {},
    );
    assert_eq!(corner.solutions * n as u64, t.solutions);
    let group = torus_group(n);
    let cls = classes(&sols, &group);
    let mut by_size = std::collections::BTreeMap::new();
    for c in &cls {
        *by_size.entry(c.size).or_insert(0) += 1;
    }
    // 19 classes: 34 + 2·68 + 9·578 + 4·1156 + 3·2312 = 16,932 boards.
    let expected = [(34, 1), (68, 2), (578, 9), (1156, 4), (2312, 3)];
    assert_eq!(by_size.into_iter().collect::<Vec<_>>(), expected);
}

/// The symmetric engine counts superqueens on the plane (its ring plans with the knight's
/// squares in their placements, interiors and kernel): both ring splits, on every kernel the
/// CPU runs (each its own superqueen search, with the scalar kernel's nodes, and named in
/// the counts), find the enumerate engine's total and classes by symmetry type for n = 1 to
/// 13, verified against A051223, A051224 and the kinds; and through n = 16, on every kernel,
/// the published values (202,900 boards in 25,411 classes at 16: 25,320 asymmetric, 79
/// half-turn, 12 quarter-turn).
#[test]
fn the_symmetric_engine_counts_superqueens_as_the_enumerate_engine() {
    use super::enumerate_count;
    use queens::rules::Rules as Lib;
    use queens::runner::Split;
    use queens::search::kernel::Kernel;
    use queens::{Counter, Engine, Verdict};
    let kinds = |c: &queens::Counts| {
        let k = &c.classes;
        (c.total, k.asymmetric, k.half_turn, k.quarter_turn)
    };
    for n in 1..=13 {
        let plain = enumerate_count(Lib::SUPERQUEENS, n);
        for split in [Split::Ring, Split::OuterRing] {
            let mut scalar_nodes = None;
            for kernel in Kernel::available() {
                let c = Counter::new(n)
                    .rules(Lib::SUPERQUEENS)
                    .split(split)
                    .kernel(kernel.into())
                    .threads(1)
                    .count()
                    .unwrap();
                let what = format!("n = {n} {split} {}", kernel.name());
                assert_eq!(c.engine, Engine::Symmetric, "{what}");
                assert_eq!(c.kernel, kernel.name(), "{what}");
                assert_eq!(kinds(&c), kinds(&plain), "{what}");
                assert_eq!(c.verified(), Verdict::Verified, "{what}");
                assert_eq!(*scalar_nodes.get_or_insert(c.nodes), c.nodes, "{what}");
            }
        }
    }
    let published = [
        (14, (5_180, 642, 11, 0)),
        (15, (32_516, 4_040, 49, 0)),
        (16, (202_900, 25_320, 79, 12)),
    ];
    for (n, expected) in published {
        for kernel in Kernel::available() {
            let c = Counter::new(n)
                .rules(Lib::SUPERQUEENS)
                .kernel(kernel.into())
                .count()
                .unwrap();
            let what = format!("n = {n} {}", kernel.name());
            assert_eq!(c.engine, Engine::Symmetric, "{what}");
            assert_eq!((c.kernel, kinds(&c)), (kernel.name(), expected), "{what}");
            assert_eq!(c.verified(), Verdict::Verified, "{what}");
        }
    }
}

/// `verify N --piece superqueen --two-ways` counts with both ring plans of the symmetric
/// engine (n < 4, where the ring plans count by plain backtracking, twice with the
/// outer-ring plan's), and `count --piece superqueen` runs the symmetric engine.
#[test]
fn superqueens_verify_two_ways() {
    use crate::common::stdout_of;
    let out = stdout_of(&["verify", "1-12", "--piece", "superqueen", "--two-ways"]);
    assert_eq!(out.matches("PASS").count(), 12, "{out}");
    assert!(!out.contains("FAIL"), "{out}");
    assert!(
        out.contains("PASS n=12 (superqueen-plane): total 156, classes 22"),
        "{out}"
    );
    let count = stdout_of(&["count", "12", "--piece", "superqueen", "--csv", "-"]);
    assert!(count.contains(",symmetric,"), "{count}");
}

/// Parts of the symmetric engine's superqueen count (`--part`, plan
/// `symmetric-ring-v9+superqueen-plane`) merge into the published total: `merge` finds the
/// plan among those of the ring splits that count superqueens (the border split, which does
/// not, is passed over rather than refused).
#[test]
fn superqueen_parts_of_the_symmetric_engine_merge() {
    use crate::common::{dir, path_str, queens, stdout_of};
    let dir = dir();
    let parts: Vec<_> = (0..2)
        .map(|r| {
            let file = dir.path().join(format!("sq{r}.csv"));
            let spec = format!("{r}/2");
            let args = ["count", "13", "--piece", "superqueen", "--part", &spec];
            queens()
                .args(args)
                .args(["--csv", path_str(&file)])
                .assert()
                .success();
            file
        })
        .collect();
    let text = std::fs::read_to_string(&parts[0]).unwrap();
    assert!(
        text.contains(",symmetric-ring-v9+superqueen-plane,"),
        "{text}"
    );
    let merged = stdout_of(&["merge", path_str(&parts[0]), path_str(&parts[1])]);
    assert!(merged.contains("1876"), "{merged}");
    assert!(merged.contains("yes"), "{merged}");
}
