//! The oracle reproduces the published values of `data/variants.csv` (OEIS) that it reaches in
//! a few seconds, and its nodes are the library's and `plain_variants.c`'s.

use super::oracle::{Board, Piece, Problem, Rules, Tally, backtrack, bitmask};
use super::orbits::{Kind, Symmetry, burnside, classes, kind, square_group, torus_group};
use std::collections::BTreeMap;

/// Superqueens are counted and classified up to this n (A051223 n = 16: 202,900 solutions).
const SUPER_MAX: usize = 16;
/// Torus solutions are counted with nothing given up to this n (A051906 n = 13: 4,524).
const TORUS_FULL_MAX: usize = 13;
/// Torus solutions with the corner given (A071607), and their classes under the torus group
/// (A053994, A054500–A054502), up to this board (17: 8,276 and 140,692 solutions, 97 classes).
const TORUS_CORNER_MAX: usize = 17;

/// One row of `data/variants.csv`: the published values of one rules and board size.
#[derive(Debug)]
struct Published {
    rules: Rules,
    group: String,
    n: usize,
    total: Option<u64>,
    classes: Option<u64>,
    asymmetric: Option<u64>,
    half_turn: Option<u64>,
    quarter_turn: Option<u64>,
    corner: Option<u64>,
    /// Classes by orbit size; `Some(empty)` where published and without a class (`-`).
    orbits: Option<BTreeMap<u64, u64>>,
}

/// `data/variants.csv`, read with nothing but `split` (no quoting in it).
fn published() -> Vec<Published> {
    let text =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/data/variants.csv")).unwrap();
    let mut lines = text.lines().filter(|l| !l.starts_with('#'));
    assert_eq!(
        lines.next(),
        Some("piece,board,group,n,total,classes,asymmetric,half_turn,quarter_turn,corner,orbits")
    );
    lines
        .map(|line| {
            let f: Vec<&str> = line.split(',').collect();
            assert_eq!(f.len(), 11, "{line}");
            let num = |s: &str| (!s.is_empty()).then(|| s.parse::<u64>().unwrap());
            let piece = match f[0] {
                "queen" => Piece::Queen,
                "superqueen" => Piece::Superqueen,
                other => panic!("piece {other}"),
            };
            let board = match f[1] {
                "plane" => Board::Plane,
                "torus" => Board::Torus,
                other => panic!("board {other}"),
            };
            let orbits = match f[10] {
                "" => None,
                "-" => Some(BTreeMap::new()),
                cell => Some(
                    cell.split(' ')
                        .map(|pair| {
                            let (size, count) = pair.split_once(':').unwrap();
                            (size.parse().unwrap(), count.parse().unwrap())
                        })
                        .collect(),
                ),
            };
            Published {
                rules: Rules { piece, board },
                group: f[2].to_string(),
                n: f[3].parse().unwrap(),
                total: num(f[4]),
                classes: num(f[5]),
                asymmetric: num(f[6]),
                half_turn: num(f[7]),
                quarter_turn: num(f[8]),
                corner: num(f[9]),
                orbits,
            }
        })
        .collect()
}

/// The published row of `rules` and `n`.
fn row(table: &[Published], rules: Rules, n: usize) -> &Published {
    table
        .iter()
        .find(|p| p.rules == rules && p.n == n)
        .unwrap_or_else(|| panic!("data/variants.csv has no row for {rules:?} n = {n}"))
}

/// Every solution, by the bitmask search, and its tally.
fn solutions(problem: &Problem) -> (Vec<Vec<u8>>, Tally) {
    let mut all = Vec::new();
    let t = bitmask(problem, |p| all.push(p.to_vec()));
    assert_eq!(t.solutions as usize, all.len());
    (all, t)
}

/// What `../shared/bench/plain_variants.c` prints (gcc -O3, run once, the values copied here):
/// `plain_variants super N` and `plain_variants torus N` as (rules, n, solutions, nodes).
const PLAIN_C: [(Rules, usize, u64, u64); 12] = [
    (Rules::SUPERQUEEN, 10, 4, 893),
    (Rules::SUPERQUEEN, 11, 44, 4268),
    (Rules::SUPERQUEEN, 12, 156, 22995),
    (Rules::SUPERQUEEN, 13, 1876, 134086),
    (Rules::SUPERQUEEN, 14, 5180, 815537),
    (Rules::SUPERQUEEN, 15, 32516, 5294070),
    (Rules::SUPERQUEEN, 16, 202900, 36117403),
    (Rules::TORUS, 5, 10, 46),
    (Rules::TORUS, 7, 28, 260),
    (Rules::TORUS, 11, 88, 27292),
    (Rules::TORUS, 13, 4524, 469652),
    // Beyond the whole search's reach here (3.7 s in C): the figure for the engines.
    (Rules::TORUS, 17, 140692, 226060612),
];

/// The table's own arithmetic: every relation between its columns that the definitions imply
/// (the superqueen kinds add up to the classes; on the torus n × corner = total, the orbit
/// breakdown adds up to the classes and the total, each orbit size divides 8n², the order of
/// the torus group); and it covers what issue 40 cites (A051223/A051224 to 26, the kinds to
/// 21, the torus totals to 34 and the classes to board 29).
#[test]
fn variants_csv_is_consistent() {
    let table = published();
    for p in &table {
        match (p.rules, p.group.as_str()) {
            (Rules::SUPERQUEEN, "square") => {
                if let (Some(c), Some(a), Some(h), Some(q)) =
                    (p.classes, p.asymmetric, p.half_turn, p.quarter_turn)
                {
                    // At n = 1 the one class is kept by all 8, of none of the three kinds.
                    let full = u64::from(p.n == 1);
                    assert_eq!(c, a + h + q + full, "n = {}", p.n);
                    // Classes of 8, 4 and 2 boards (and 1 at n = 1).
                    assert_eq!(p.total, Some(8 * a + 4 * h + 2 * q + full), "n = {}", p.n);
                }
            }
            (Rules::TORUS, "torus") => {
                if let Some(corner) = p.corner {
                    assert_eq!(p.total, Some(p.n as u64 * corner), "n = {}", p.n);
                }
                if let Some(orbits) = &p.orbits {
                    let order = 8 * (p.n * p.n) as u64;
                    assert!(
                        orbits.keys().all(|s| order.is_multiple_of(*s)),
                        "n = {}",
                        p.n
                    );
                    assert_eq!(p.classes, Some(orbits.values().sum()), "n = {}", p.n);
                    let boards: u64 = orbits.iter().map(|(s, c)| s * c).sum();
                    assert_eq!(p.total, Some(boards), "n = {}", p.n);
                }
                if p.n % 2 == 0 || p.n % 3 == 0 {
                    // Torus solutions exist only when gcd(n, 6) = 1 (and n = 1).
                    assert_eq!(p.total, Some(u64::from(p.n == 1)), "n = {}", p.n);
                }
            }
            other => panic!("unexpected rules and group {other:?}"),
        }
    }
    let last = |rules: Rules, f: fn(&Published) -> Option<u64>| {
        table
            .iter()
            .filter(|p| p.rules == rules && f(p).is_some())
            .map(|p| p.n)
            .max()
    };
    assert_eq!(last(Rules::SUPERQUEEN, |p| p.total), Some(26));
    assert_eq!(last(Rules::SUPERQUEEN, |p| p.classes), Some(26));
    assert_eq!(last(Rules::SUPERQUEEN, |p| p.quarter_turn), Some(21));
    assert_eq!(last(Rules::TORUS, |p| p.total), Some(34));
    assert_eq!(last(Rules::TORUS, |p| p.classes), Some(29));
    assert_eq!(last(Rules::TORUS, |p| p.corner), Some(33));
    let orbit_boards = table
        .iter()
        .filter(|p| p.orbits.is_some())
        .map(|p| p.n)
        .max();
    assert_eq!(orbit_boards, Some(29));
}

/// Superqueens n = 1 to 16: A051223 (solutions), A051224 (classes under the 8 symmetries of
/// the square) and A352661–A352663 (quarter turn, half turn only, asymmetric), the classes by
/// orbits and, to n = 13, by Burnside's count as well; from n = 10 the nodes are those
/// `plain_variants super N` prints ([`PLAIN_C`]).
#[test]
fn superqueens_reproduce_a051223_a051224_and_the_kinds() {
    let table = published();
    let group = square_group();
    for n in 1..=SUPER_MAX {
        let (sols, tally) = solutions(&Problem::new(n, Rules::SUPERQUEEN));
        if let Some(&(.., nodes)) = PLAIN_C
            .iter()
            .find(|p| (p.0, p.1) == (Rules::SUPERQUEEN, n))
        {
            assert_eq!(tally.nodes, nodes, "nodes of plain_variants super {n}");
        }
        let cls = classes(&sols, &group);
        let count = |k: Kind| {
            cls.iter()
                .filter(|c| c.stabilizer.len() < 8 && kind(c) == k)
                .count()
        };
        assert_eq!(count(Kind::Reflected), 0, "n = {n}");
        let p = row(&table, Rules::SUPERQUEEN, n);
        assert_eq!(Some(sols.len() as u64), p.total, "A051223 n = {n}");
        assert_eq!(Some(cls.len() as u64), p.classes, "A051224 n = {n}");
        let kinds = [
            (Kind::QuarterTurn, p.quarter_turn, "A352661"),
            (Kind::HalfTurn, p.half_turn, "A352662"),
            (Kind::Asymmetric, p.asymmetric, "A352663"),
        ];
        for (k, published, a) in kinds {
            assert_eq!(Some(count(k) as u64), published, "{a} n = {n}");
        }
        if n <= 13 {
            assert_eq!(burnside(&sols, &group), cls.len() as u64, "n = {n}");
        }
    }
}

/// The first superqueen boards, drawn: n = 10 has one class, kept by the half turn (A352662),
/// its 4 boards these (the columns of rows 0 to 9).
#[test]
fn superqueens_of_ten_are_one_half_turn_class() {
    let (sols, _) = solutions(&Problem::new(10, Rules::SUPERQUEEN));
    let strs: Vec<String> = sols
        .iter()
        .map(|p| p.iter().map(|c| char::from(b'0' + c)).collect())
        .collect();
    assert_eq!(
        strs,
        ["2580369147", "3704815926", "6295184073", "7419630852"]
    );
    let cls = classes(&sols, &square_group());
    assert_eq!(cls.len(), 1);
    assert_eq!(cls[0].least, sols[0]);
    assert_eq!(kind(&cls[0]), Kind::HalfTurn);
    assert_eq!(cls[0].size, 4);
}

/// Nodes follow the library's convention: the plain queens tree's nodes are A319283
/// (`data/known.csv`, the `nodes` of `queens count N --engine enumerate`), and the torus trees
/// have the nodes `../shared/bench/plain_variants.c` prints ([`PLAIN_C`]; the superqueens' are
/// checked where they are counted, in the test above). With a given queen the pairwise
/// backtracking, which checks each piece against every other, counts the same nodes as the
/// bitmask search: the corner tree of the torus (row 0's queen given in column 0) on boards 5
/// to 13 has 9, 37, 2,481 and 36,127 nodes (13,297,683 on board 17, 344,658,431 on 19).
#[test]
fn nodes_are_the_library_s_and_plain_variants_c_s() {
    let known =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/data/known.csv")).unwrap();
    let mut lines = known.lines().filter(|l| !l.starts_with('#'));
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    let col = header.iter().position(|h| *h == "nodes_A319283").unwrap();
    let mut checked = 0;
    for line in lines {
        let f: Vec<&str> = line.split(',').collect();
        let n: usize = f[0].parse().unwrap();
        if (1..=12).contains(&n) {
            let t = bitmask(&Problem::new(n, Rules::QUEEN), |_| {});
            assert_eq!(t.nodes.to_string(), f[col], "A319283 n = {n}");
            checked += 1;
        }
    }
    assert_eq!(checked, 12);
    for (rules, n, sols, nodes) in PLAIN_C {
        if rules == Rules::TORUS && n <= TORUS_FULL_MAX {
            let t = bitmask(&Problem::new(n, rules), |_| {});
            assert_eq!(
                (t.solutions, t.nodes),
                (sols, nodes),
                "plain_variants torus {n}"
            );
        }
    }
    for (n, nodes) in [(5, 9), (7, 37), (11, 2481), (13, 36127)] {
        let pb = Problem::new(n, Rules::TORUS).with_given(&[(0, 0)]);
        let t = bitmask(&pb, |_| {});
        assert_eq!(t.nodes, nodes, "board {n}");
        assert_eq!(backtrack(&pb, |_| {}), t, "board {n}");
    }
    // And superqueens with two givens: rows 0 and 11 of the first solution of n = 12.
    let (sols, _) = solutions(&Problem::new(12, Rules::SUPERQUEEN));
    let given = [(0, sols[0][0] as usize), (11, sols[0][11] as usize)];
    let pb = Problem::new(12, Rules::SUPERQUEEN).with_given(&given);
    let t = bitmask(&pb, |_| {});
    assert!(t.solutions >= 1 && t.nodes > 12, "{t:?}");
    assert_eq!(backtrack(&pb, |_| {}), t);
}

/// Torus totals: A051906 by the whole search for n = 1 to 13; A071607 (the queen of row 0
/// given in column 0) on the odd boards to 17; the whole count is n times the corner count to
/// 13 (the column shifts move each solution to exactly one with its row-0 queen in column 0),
/// and n × A071607 is A051906 on 15 and 17.
#[test]
fn torus_totals_reproduce_a051906_and_a071607() {
    let table = published();
    for n in 1..=TORUS_CORNER_MAX {
        let p = row(&table, Rules::TORUS, n);
        let corner = (n % 2 == 1 || n <= TORUS_FULL_MAX)
            .then(|| bitmask(&Problem::new(n, Rules::TORUS).with_given(&[(0, 0)]), |_| {}));
        if let Some(c) = corner {
            // A071607 is published for the odd boards only; the even ones have no solution.
            assert_eq!(c.solutions, p.corner.unwrap_or(0), "A071607 board {n}");
        }
        if n <= TORUS_FULL_MAX {
            let full = bitmask(&Problem::new(n, Rules::TORUS), |_| {});
            assert_eq!(Some(full.solutions), p.total, "A051906 n = {n}");
            assert_eq!(
                full.solutions,
                n as u64 * corner.unwrap().solutions,
                "n = {n}"
            );
        } else if let Some(c) = corner {
            assert_eq!(Some(n as u64 * c.solutions), p.total, "A051906 n = {n}");
        }
    }
}

/// Every torus solution of board n, from those with the corner given, shifted by each column.
fn torus_solutions(n: usize) -> Vec<Vec<u8>> {
    let (corner, _) = solutions(&Problem::new(n, Rules::TORUS).with_given(&[(0, 0)]));
    let mut all: Vec<Vec<u8>> = (0..n)
        .flat_map(|b| {
            let shift = Symmetry {
                d4: 0,
                shift: (0, b),
            };
            corner.iter().map(move |p| shift.image(p))
        })
        .collect();
    all.sort();
    all.dedup();
    assert_eq!(
        all.len(),
        n * corner.len(),
        "the column shifts of distinct corner boards"
    );
    all
}

/// Torus classes on the odd boards 1 to 17: A053994, classes under the torus group (the 8
/// symmetries of the square with the n² shifts, 8n² elements), and A054500–A054502, those
/// classes by the number of boards in each (the orbit's size, which divides 8n²; the class of
/// board 1 holds its one board). Burnside's count agrees to board 13.
#[test]
fn torus_classes_reproduce_a053994_and_a054500_to_a054502() {
    let table = published();
    for n in (1..=TORUS_CORNER_MAX).step_by(2) {
        let p = row(&table, Rules::TORUS, n);
        let sols = torus_solutions(n);
        let group = torus_group(n);
        let cls = classes(&sols, &group);
        assert_eq!(Some(cls.len() as u64), p.classes, "A053994 board {n}");
        let mut by_size = BTreeMap::new();
        for c in &cls {
            // The orbit-stabilizer theorem, with the group's 8n² elements distinct from n = 3.
            if n >= 3 {
                assert_eq!(c.size * c.stabilizer.len(), group.len(), "board {n}");
            }
            *by_size.entry(c.size as u64).or_insert(0u64) += 1;
        }
        assert_eq!(
            Some(&by_size),
            p.orbits.as_ref(),
            "A054500-A054502 board {n}"
        );
        if n <= 13 {
            assert_eq!(burnside(&sols, &group), cls.len() as u64, "board {n}");
        }
    }
}
