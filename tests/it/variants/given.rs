//! Given queens and blocked squares (issue 40 point 3) through the library and the command
//! line, against the oracle written apart from it ([`oracle`]: brute force over permutations
//! to n = 8, the bitmask search with its node counts to n = 12) and the orbit computation
//! ([`orbits`]) under the subgroup that keeps the givens and the blocked squares; every kernel
//! this CPU runs (the others named on stderr as skipped), and every refusal.

use super::library_rules;
use super::oracle::{self, Board, Problem};
use super::orbits::{Symmetry, classes, keeping, square_group, torus_group};
use crate::common::{
    Succeeds, csv_records, dir, fails_with, file_with, path_str, queens, queens_plain, stderr_of,
    stdout_of, usage_errors,
};
use queens::given::{Partial, Search};
use queens::search::kernel::Kernel;
use queens::{Counter, Engine};

/// The group of `rules`' classes by default: the torus group on the torus, else the square's 8
/// symmetries.
fn group_of(rules: oracle::Rules, n: usize) -> Vec<Symmetry> {
    match rules.board {
        Board::Torus => torus_group(n),
        Board::Plane => square_group(),
    }
}

/// A small deterministic generator (xorshift), so that the random problems are the same on
/// every run.
struct Random(u64);

impl Random {
    fn below(&mut self, k: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % k as u64) as usize
    }
}

/// Random problems on every rules for n = 4 to `max`: up to 3 givens and 6 blocked squares,
/// kept where the oracle admits them (its own check), `per` of them per size and rules.
fn problems(seed: u64, sizes: std::ops::RangeInclusive<usize>, per: usize) -> Vec<Problem> {
    let mut rng = Random(seed);
    let mut out = Vec::new();
    for n in sizes {
        for rules in oracle::Rules::ALL {
            let mut kept = 0;
            while kept < per {
                let sq = |rng: &mut Random| (rng.below(n), rng.below(n));
                let given: Vec<_> = (0..rng.below(4)).map(|_| sq(&mut rng)).collect();
                let mut blocked: Vec<_> = (0..rng.below(7)).map(|_| sq(&mut rng)).collect();
                // A square blocked twice is refused (tested apart): each once.
                blocked.sort_unstable();
                blocked.dedup();
                let pb = Problem::new(n, rules)
                    .with_given(&given)
                    .with_blocked(&blocked);
                if pb.check().is_ok() {
                    out.push(pb);
                    kept += 1;
                }
            }
        }
    }
    out
}

/// The library's partial board of an oracle problem.
fn partial(pb: &Problem) -> Partial {
    Partial::new(pb.n, library_rules(pb.rules), &pb.given, &pb.blocked)
        .unwrap_or_else(|e| panic!("{pb:?}: {e}"))
}

/// Whether the kernels count `pb` (queens on the plane, free rows at most 3 apart), so that a
/// kernel count must say it ran on the kernel.
fn fits_a_kernel(pb: &Problem) -> bool {
    let free: Vec<usize> = (0..pb.n)
        .filter(|r| pb.given.iter().all(|g| g.0 != *r))
        .collect();
    library_rules(pb.rules).is_queens() && free.windows(2).all(|w| w[1] - w[0] <= 3)
}

/// Checks `pb` against the oracle's `solutions` and `nodes` (the bitmask tree's): the plain
/// search's completions, list (in increasing order) and nodes; every kernel's completions; the
/// classes against the orbits under the subgroup of the rules' group (D4, or the torus group)
/// that keeps the givens and blocked squares.
fn check(pb: &Problem, solutions: &[Vec<u8>], nodes: u64, kernels: &[Kernel]) {
    let p = partial(pb);
    let mut listed = Vec::new();
    p.for_each_completion(|c| listed.push(c.to_vec()));
    assert_eq!(listed, solutions, "{pb:?}");
    let plain = Counter::new(pb.n)
        .rules(p.rules())
        .given(&p)
        .engine(Engine::Enumerate)
        .threads(1)
        .completions()
        .unwrap();
    assert_eq!(
        (plain.total, plain.nodes, plain.search),
        (solutions.len() as u128, u128::from(nodes), "plain"),
        "{pb:?}"
    );
    let h = keeping(&group_of(pb.rules, pb.n), pb.n, &pb.given, &pb.blocked);
    assert_eq!(p.group().order(), h.len(), "{pb:?}");
    assert_eq!(
        plain.classes,
        classes(solutions, &h).len() as u128,
        "{pb:?}"
    );
    for &k in kernels {
        let counter = Counter::new(pb.n).rules(p.rules()).given(&p).threads(2);
        // Where the plain search counts every completion of the rules, a kernel asked for
        // is refused, not ignored; `auto` counts them.
        let c = if p.rules().is_queens() {
            counter.kernel(k.into()).completions().unwrap()
        } else {
            let refused = counter.kernel(k.into()).completions().unwrap_err();
            assert!(
                refused.to_string().contains("counted by the plain search"),
                "{refused}"
            );
            counter.completions().unwrap()
        };
        let search = if fits_a_kernel(pb) { k.name() } else { "plain" };
        assert_eq!(
            (c.total, c.classes, c.search),
            (plain.total, plain.classes, search),
            "{pb:?}"
        );
    }
}

/// The kernels this CPU runs; each one it lacks named on stderr as skipped.
fn kernels() -> Vec<Kernel> {
    for k in Kernel::ALL.iter().filter(|k| !k.is_available()) {
        eprintln!("given: the {} kernel skipped: this CPU lacks it", k.name());
    }
    Kernel::available()
}

/// Random givens and blocked squares on every rules, n = 4 to 8: the completions are brute
/// force's, on the plain search and on every kernel, with the bitmask search's nodes, and
/// the classes are the orbits under the subgroup.
#[test]
fn random_givens_and_blocked_squares_match_brute_force_on_every_kernel() {
    let kernels = kernels();
    for pb in problems(0x9e37_79b9, 4..=8, 6) {
        let solutions = oracle::brute_force(&pb);
        let nodes = oracle::bitmask(&pb, |_| {}).nodes;
        check(&pb, &solutions, nodes, &kernels);
    }
}

/// Random givens and blocked squares on every rules, n = 9 to 12: the completions and nodes
/// of the oracle's bitmask search, on the plain search and on every kernel.
#[test]
fn random_givens_and_blocked_squares_match_the_bitmask_search_to_twelve() {
    let kernels = kernels();
    for pb in problems(0x5151_2024, 9..=12, 2) {
        let mut solutions = Vec::new();
        let t = oracle::bitmask(&pb, |s| solutions.push(s.to_vec()));
        check(&pb, &solutions, t.nodes, &kernels);
    }
}

/// Symmetric partial boards, where the subgroup has turns: a centre queen (D4), two givens
/// a half turn apart, and four a quarter turn apart, on the plane and on the torus: the classes
/// by Burnside over the subgroup are the orbits'.
#[test]
fn classes_under_subgroups_with_turns_are_the_orbits() {
    type Case<'a> = (usize, &'a [(usize, usize)], &'a [(usize, usize)]);
    let cases: [Case; 5] = [
        (9, &[(4, 4)], &[]),
        (11, &[(5, 5)], &[(0, 1), (1, 10), (10, 9), (9, 0)]),
        (10, &[(2, 3), (7, 6)], &[]),
        (12, &[(1, 3), (3, 10), (10, 8), (8, 1)], &[]),
        (13, &[], &[(0, 0), (0, 12), (12, 0), (12, 12)]),
    ];
    for (n, given, blocked) in cases {
        for rules in [oracle::Rules::QUEEN, oracle::Rules::TORUS] {
            let pb = Problem::new(n, rules)
                .with_given(given)
                .with_blocked(blocked);
            if pb.check().is_err() {
                continue;
            }
            let mut solutions = Vec::new();
            let t = oracle::bitmask(&pb, |s| solutions.push(s.to_vec()));
            let h = keeping(&group_of(rules, n), n, given, blocked);
            assert!(h.len() >= 2, "{pb:?}");
            let c = partial(&pb).count(Search::Plain, 1);
            assert_eq!(c.total, u128::from(t.solutions));
            assert_eq!(c.classes, classes(&solutions, &h).len() as u128, "{pb:?}");
        }
    }
}

/// `count --given` and `--blocked`: the table of completions, classes and the group, the same
/// from every form of the squares (chess squares, cols with `-`, a board picture in a file);
/// `--engine enumerate` counts the same on the plain search; `list --given` lists them.
#[test]
fn count_and_list_take_given_and_blocked_squares() {
    let out = stdout_of(&["count", "8", "--given", "a8"]);
    let row: Vec<&str> = out.lines().nth(1).unwrap().split_whitespace().collect();
    assert_eq!(row[..6], ["8", "a8", "-", "4", "2", "{id,"]);
    assert_eq!(row[6], "transpose}");
    let d = dir();
    let picture =
        "Q.......\n........\n........\n........\n........\n........\n........\n..x.....\n";
    let file = file_with(d.path(), "partial.txt", picture);
    let at = format!("@{}", path_str(&file));
    let forms: [&[&str]; 4] = [
        &["--given", "a8", "--blocked", "c1"],
        &["--given", "0 - - - - - - -", "--blocked", "- - - - - - - 2"],
        &["--given", "1-------", "--blocked", "-------3"],
        &["--given", &at],
    ];
    let mut rows = Vec::new();
    for form in forms {
        for engine in ["symmetric", "enumerate"] {
            let mut args = vec!["count", "8", "--engine", engine];
            args.extend_from_slice(form);
            let out = stdout_of(&args);
            let cells: Vec<String> = out
                .lines()
                .nth(1)
                .unwrap()
                .split_whitespace()
                .map(String::from)
                .collect();
            rows.push(cells[..5].to_vec());
        }
    }
    assert!(
        rows.iter().all(|r| *r == ["8", "a8", "c1", "2", "2"]),
        "{rows:?}"
    );
    let listed = stdout_of(&[
        "list",
        "8",
        "--given",
        "a8",
        "--blocked",
        "c1",
        "--format",
        "algebraic",
    ]);
    // Of the 4 boards holding a8, two have their queen of file c on c1.
    let listed: Vec<&str> = listed.lines().collect();
    assert_eq!(
        listed,
        ["a8 b2 c4 d1 e7 f5 g3 h6", "a8 b2 c5 d3 e1 f7 g4 h6"]
    );
    let torus = stdout_of(&["count", "13", "--board", "torus", "--given", "a13"]);
    let row: Vec<&str> = torus.lines().nth(1).unwrap().split_whitespace().collect();
    assert_eq!(row[3], "348"); // A071607(13): a queen in the corner of the 13×13 torus
}

/// Every refusal: one line naming the squares, exit 2 (a `@FILE` that cannot be read: exit 3),
/// before any output.
#[test]
fn given_and_blocked_squares_are_refused_in_one_line_naming_them() {
    usage_errors(&[
        (
            &["count", "8", "--given", "a8 c6"],
            "--given: n = 8: the given queens a8 and c6 attack each other (queen-plane)",
        ),
        (
            &["count", "8", "--given", "a8 b6", "--piece", "superqueen"],
            "the given queens a8 and b6 attack each other (superqueen-plane)",
        ),
        (
            &["count", "7", "--given", "a7 b1", "--board", "torus"],
            "the given queens a7 and b1 attack each other (queen-torus)",
        ),
        (
            &["count", "8", "--given", "a8 h8"],
            "the given queens a8 and h8 share a row",
        ),
        (
            &["count", "8", "--given", "b8", "--blocked", "b8"],
            "the given queen b8 is on a blocked square",
        ),
        (&["count", "8", "--given", "i1"], "i1 is off the 8×8 board"),
        (
            &["count", "8", "--blocked", "a9"],
            "a9 is off the 8×8 board",
        ),
        // An error in --blocked's text is --blocked's, whatever --given says.
        (
            &[
                "count",
                "4",
                "--given",
                "a4",
                "--blocked",
                "Q...\n....\n....\n....",
            ],
            "--blocked: n = 4: a board of blocked squares marks them x, not Q (a4)",
        ),
        (
            &["count", "8", "--given", "a8", "--blocked", "zz"],
            "--blocked: n = 8: 'zz' is not a square",
        ),
        (&["count", "8", "--given", "a8 a8"], "a8 is given twice"),
        (
            &["count", "8", "--given", "0 1 2"],
            "3 entries, not a square nor a column",
        ),
        (&["count", "8", "--given", "zz"], "'zz' is not a square"),
        (
            &["list", "4", "--given", "Q...\n....\n..Q.\n...."],
            "the given queens a4 and c2 attack each other",
        ),
        (
            &["count", "8", "--given", "a8", "--bfile", "-"],
            "--bfile is not taken with --given",
        ),
        (
            &["verify", "8", "--given", "a8", "--csv", "-"],
            "--csv is not taken with --given",
        ),
        (
            &["verify", "8", "--given", "a8", "--format", "csv"],
            "--format csv is not taken with --given",
        ),
        (
            &["count", "8", "--given", "a8", "--blocked", "c1 d4 c1"],
            "--blocked: n = 8: c1 is blocked twice",
        ),
        (
            &["count", "8", "--given", "a8", "--part", "1/2"],
            "--part is not taken with --given",
        ),
        (
            &["list", "8", "--given", "a8", "--classes"],
            "--classes is not taken with --given",
        ),
        // What their search does not have is refused, not ignored.
        (
            &["count", "8", "--given", "a8", "--split", "border"],
            "--split is not taken with --given or --blocked",
        ),
        (
            &[
                "verify",
                "9",
                "--given",
                "a9",
                "--piece",
                "superqueen",
                "--kernel",
                "scalar",
            ],
            "--kernel is not taken with --given or --blocked for superqueen-plane",
        ),
        (
            &[
                "count", "7", "--given", "a7", "--board", "torus", "--kernel", "scalar",
            ],
            "--kernel is not taken with --given or --blocked for queen-torus",
        ),
    ]);
    // An input file that cannot be read is a usage error, as for classify, plot, merge and
    // --known: missing, not UTF-8, a folder, no name; and so is a file or text of no square.
    let d = dir();
    let missing = d.path().join("none.txt");
    let binary = file_with(d.path(), "bin.dat", [0xff, 0xfe, 0x00, 0x80]);
    let empty = file_with(d.path(), "empty.txt", "  \n");
    let at = |p: &std::path::Path| format!("@{}", path_str(p));
    for (given, needle) in [
        (at(&missing), "cannot read"),
        (at(&binary), "cannot read"),
        (at(d.path()), "cannot read"),
        ("@".to_string(), "--given @: cannot read ''"),
        (at(&empty), "--given: no squares given"),
        (String::new(), "--given: no squares given"),
    ] {
        fails_with(&["count", "8", "--given", &given, "-q"], 2, needle);
    }
    fails_with(
        &["list", "8", "--blocked", " "],
        2,
        "--blocked: no squares given",
    );
    // A file of megabytes (an endless one alike) is read to a bound, and a word of it too long
    // to be a square is quoted in part: the message stays one short line (it repeated the
    // whole file, and read any file whole).
    let huge = file_with(d.path(), "huge.txt", "a".repeat(3 << 20));
    assert_eq!(
        stderr_of(&["count", "8", "--given", &at(&huge), "-q"], 2),
        format!(
            "queens: error: --given {}: cannot read '{}': its line 1 is longer than 1 MiB: not \
             a partial board\n",
            at(&huge),
            path_str(&huge)
        )
    );
    let word = file_with(d.path(), "word.txt", "b".repeat(500_000));
    assert_eq!(
        stderr_of(&["count", "8", "--blocked", &at(&word), "-q"], 2),
        format!(
            "queens: error: --blocked: n = 8: '{}… (500000 characters)' is not a square: \
             write a file letter and a rank, such as a8, or a row and a column from 0, such \
             as r0c0\n",
            "b".repeat(40)
        )
    );
}

/// Where the kernels do not count a partial board, the plain search does and says so: free
/// rows 4 apart (givens in three consecutive rows), and rules other than the queens on the
/// plane; the counts are the oracle's.
#[test]
fn the_plain_search_counts_what_no_kernel_fits() {
    let cases = [
        (oracle::Rules::QUEEN, vec![(3, 0), (4, 2), (5, 4)]),
        (oracle::Rules::SUPERQUEEN, vec![(0, 0)]),
        (oracle::Rules::TORUS, vec![(0, 0)]),
    ];
    for (rules, given) in cases {
        let pb = Problem::new(11, rules).with_given(&given);
        let t = oracle::bitmask(&pb, |_| {});
        for k in Kernel::available() {
            let p = partial(&pb);
            let counter = Counter::new(11)
                .rules(p.rules())
                .given(&p)
                .engine(Engine::Symmetric);
            // A kernel is refused for the rules the plain search counts; `auto` counts them.
            let c = match p.rules().is_queens() {
                true => counter.kernel(k.into()).completions().unwrap(),
                false => {
                    assert!(counter.kernel(k.into()).completions().is_err(), "{pb:?}");
                    counter.completions().unwrap()
                }
            };
            assert_eq!(
                (c.total, c.nodes, c.search),
                (u128::from(t.solutions), u128::from(t.nodes), "plain"),
                "{pb:?}"
            );
        }
    }
}

/// Classes on the torus are under the subgroup of the torus group (the square's 8 symmetries
/// with the n² shifts) that keeps the givens and the blocked squares, with `--symmetries
/// square` under the subgroup of D4: against the orbits computed by brute force over every
/// element, for a corner queen (a subgroup of 8 elements, each a symmetry about the corner),
/// blocked squares that a shift keeps (a subgroup with shifts and no fixed point), and none
/// at all (the whole group, A053994's classes).
#[test]
fn torus_classes_are_the_orbits_under_the_subgroup_of_the_torus_group() {
    type Case<'a> = (
        usize,
        oracle::Rules,
        &'a [(usize, usize)],
        &'a [(usize, usize)],
    );
    let shifted: Vec<(usize, usize)> = (0..7).map(|k| (k, 3 * k % 7)).collect();
    let cases: [Case; 7] = [
        (7, oracle::Rules::TORUS, &[(0, 0)], &[]),
        (11, oracle::Rules::TORUS, &[(0, 0)], &[(5, 5)]),
        (13, oracle::Rules::TORUS, &[(0, 0)], &[]),
        (7, oracle::Rules::TORUS, &[], &shifted),
        (11, oracle::Rules::TORUS, &[(2, 3), (8, 7)], &[]),
        (7, oracle::Rules::TORUS, &[], &[]),
        (13, oracle::Rules::SUPER_TORUS, &[(0, 0)], &[]),
    ];
    let mut with_shifts = 0;
    for (n, rules, given, blocked) in cases {
        let pb = Problem::new(n, rules)
            .with_given(given)
            .with_blocked(blocked);
        pb.check().unwrap();
        let mut solutions = Vec::new();
        oracle::bitmask(&pb, |s| solutions.push(s.to_vec()));
        let p = partial(&pb);
        for (group, ours) in [
            (torus_group(n), p.clone()),
            (
                square_group(),
                Partial::new(
                    n,
                    p.rules().under(queens::rules::Group::Square).unwrap(),
                    given,
                    blocked,
                )
                .unwrap(),
            ),
        ] {
            let h = keeping(&group, n, given, blocked);
            let c = ours.count(Search::Plain, 2);
            assert_eq!(c.total, solutions.len() as u128, "{pb:?}");
            assert_eq!(c.group.order(), h.len(), "{pb:?}");
            assert_eq!(c.classes, classes(&solutions, &h).len() as u128, "{pb:?}");
            with_shifts += usize::from(c.group.elements().iter().any(|g| g.shift != (0, 0)));
        }
    }
    assert!(with_shifts >= 5, "{with_shifts}");
    let whole = partial(&Problem::new(7, oracle::Rules::TORUS)).count(Search::Plain, 1);
    assert_eq!(
        (whole.total, whole.classes, whole.group.name().as_str()),
        (28, 1, "torus")
    );
    let out = stdout_of(&["count", "13", "--board", "torus", "--given", "a13"]);
    let row: Vec<&str> = out.lines().nth(1).unwrap().split_whitespace().collect();
    assert_eq!(row[3..7], ["348", "50", "{8", "elements}"]);
    // An element with a shift is named as `classify` and `list --orbit` name them: the half
    // turn about the corner, (r, c) → (6 − r, 6 − c), then 2 rows down and 3 columns right,
    // swaps a7 (0, 0) and c6 (1, 2).
    let csv = stdout_of(&[
        "count", "7", "--board", "torus", "--given", "a7 c6", "--csv", "-",
    ]);
    assert!(csv.contains(",\"{id, rot180+shift(2,3)}\",2,"), "{csv}");
}

/// `count --given` writes every output `count` has: `--csv`, `--json`, `--markdown`, and the
/// same by `--format` with `-o`, each naming the givens, the blocked squares, the rules and
/// the group; `-o FILE` takes the human table off stdout.
#[test]
fn count_given_writes_every_output_format() {
    fn with<'a>(more: &[&'a str]) -> Vec<&'a str> {
        let args = ["count", "8,10", "--given", "a8", "--blocked", "c1"];
        [&args[..], more].concat()
    }
    let lead = |text: &str| -> Vec<Vec<String>> {
        let (header, records) = csv_records(text);
        assert_eq!(
            header.join(","),
            "piece,board,group,n,given,blocked,completions,classes,subgroup,\
             subgroup_order,nodes,search,threads,seconds"
        );
        records.into_iter().map(|r| r[..8].to_vec()).collect()
    };
    let expected = [
        ["queen", "plane", "square", "8", "a8", "c1", "2", "2"],
        ["queen", "plane", "square", "10", "a8", "c1", "58", "58"],
    ];
    assert_eq!(lead(&stdout_of(&with(&["--csv", "-"]))), expected);
    let d = dir();
    let file = d.path().join("t.csv");
    let o = queens()
        .args(with(&["--format", "csv", "-o", path_str(&file)]))
        .succeeds();
    assert!(o.stdout.is_empty());
    assert_eq!(lead(&std::fs::read_to_string(&file).unwrap()), expected);
    let json: serde_json::Value =
        serde_json::from_str(&stdout_of(&with(&["--format", "json"]))).unwrap();
    assert_eq!(
        json["rules"],
        serde_json::json!({"piece": "queen", "board": "plane", "group": "square"})
    );
    assert_eq!(json["rows"][1]["completions"], 58);
    assert_eq!(json["rows"][1]["given"], serde_json::json!(["a8"]));
    assert_eq!(json["rows"][1]["blocked"], serde_json::json!(["c1"]));
    assert_eq!(json["rows"][0]["subgroup"]["name"], "{id}");
    let md = stdout_of(&with(&["--markdown", "-"]));
    let md: Vec<&str> = md.lines().collect();
    assert_eq!(
        md[0],
        "queens on the plane; classes under the symmetries of D4 that keep the givens and the \
         blocked squares."
    );
    assert!(
        md[5].starts_with("| 10 | a8 | c1 | 58 | 58 | {id} | 1 | "),
        "{md:?}"
    );
    let human = d.path().join("t.txt");
    let o = queens()
        .args(with(&["-o", path_str(&human), "--json", "-"]))
        .succeeds();
    let json: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(json["rows"][0]["completions"], 2);
    let table = std::fs::read_to_string(&human).unwrap();
    assert!(
        table.starts_with(" n  given  blocked  completions  classes  group  nodes"),
        "{table}"
    );
    let torus = stdout_of(&[
        "count", "7", "--board", "torus", "--given", "a7", "--csv", "-",
    ]);
    assert_eq!(
        lead(&torus),
        [["queen", "torus", "torus", "7", "a7", "-", "4", "1"]]
    );
    assert!(torus.contains(",{8 elements},8,"), "{torus}");
}

/// `verify --given` counts the completions two ways and names the givens, the rules, the
/// group and both counts; `--two-ways` asks for what it does anyway (nothing is published
/// about completions). On the torus, which the kernels do not take, the second way is the
/// enumerate engine's solutions filtered.
#[test]
fn verify_given_counts_the_completions_two_ways() {
    let out = stdout_of(&[
        "verify",
        "8,10",
        "--given",
        "a8",
        "--blocked",
        "c1",
        "--kernel",
        "scalar",
    ]);
    assert_eq!(
        out.lines().collect::<Vec<_>>(),
        [
            "PASS n=8, given a8, blocked c1 (queen-plane): 2 completions, 2 classes under {id}, \
             a subgroup of D4: the scalar kernel and the plain backtracking agree",
            "PASS n=10, given a8, blocked c1 (queen-plane): 58 completions, 58 classes under \
             {id}, a subgroup of D4: the scalar kernel and the plain backtracking agree",
        ]
    );
    let args = [
        "verify",
        "7",
        "--board",
        "torus",
        "--given",
        "a7",
        "--two-ways",
    ];
    assert_eq!(
        stdout_of(&args),
        "PASS n=7, given a7, blocked - (queen-torus): 4 completions, 1 class under {8 elements}, \
         a subgroup of the torus group: the plain search and the enumerate-and-filter agree\n"
    );
}

/// `list --given --limit K` stops the search at the K-th completion (the 24×24 board with a
/// corner queen has far too many to list before the test ends), and a partial board with
/// none gets a note on stderr, as a size with no solution does, and exits 0.
#[test]
fn list_given_stops_at_the_limit_and_notes_a_board_with_none() {
    let out = stdout_of(&["list", "24", "--given", "a24", "--limit", "2"]);
    assert_eq!(
        out,
        "0 2 4 1 3 8 10 13 17 21 18 22 19 23 9 20 5 7 11 15 12 6 16 14\n\
         0 2 4 1 3 8 10 13 19 21 18 20 17 23 7 22 6 9 14 5 15 12 16 11\n"
    );
    let o = queens_plain()
        .args(["list", "6", "--given", "a6", "--blocked", "c1"])
        .succeeds();
    assert!(o.stdout.is_empty());
    assert_eq!(
        String::from_utf8(o.stderr).unwrap(),
        "queens: no solutions for n = 6 hold the given a6 and avoid the blocked c1\n"
    );
    let o = queens().args(["list", "6", "--given", "a6"]).succeeds();
    assert!(o.stderr.is_empty() && o.stdout.is_empty());
}

/// The completions of rules other than the queens' are counted by the plain search, which
/// resolves no kernel: a `QUEENS_KERNEL` this CPU lacks does not stop `count` or `verify`
/// there (it stopped both before), and still refuses the queens' completions, which a kernel
/// counts.
#[test]
fn a_kernel_the_cpu_lacks_stops_only_the_completions_a_kernel_counts() {
    let Some(&lacking) = Kernel::ALL.iter().find(|k| !k.is_available()) else {
        eprintln!("skipped: this CPU runs every kernel, so none is lacking to name");
        return;
    };
    let env = (queens::search::kernel::KERNEL_ENV, lacking.name());
    let superqueens = ["11", "--piece", "superqueen", "--given", "a11"];
    let out = queens()
        .env(env.0, env.1)
        .arg("count")
        .args(superqueens)
        .args(["--csv", "-"])
        .succeeds();
    let csv = String::from_utf8(out.stdout).unwrap();
    assert!(csv.contains(",a11,-,4,2,"), "{csv}");
    let out = queens()
        .env(env.0, env.1)
        .arg("verify")
        .args(superqueens)
        .succeeds();
    assert!(
        String::from_utf8(out.stdout)
            .unwrap()
            .starts_with("PASS n=11, given a11")
    );
    let refused = queens()
        .env(env.0, env.1)
        .args(["count", "8", "--given", "a8"])
        .exits(2);
    let err = String::from_utf8(refused.stderr).unwrap();
    assert!(err.contains(lacking.name()), "{err}");
}
