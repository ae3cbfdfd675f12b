//! The variants on the command line: `--piece` and `--board` on `count`, `verify` and `merge`
//! (through `--part`), `list`, against the published values and the oracle; the engine and the
//! plans they need.

use super::oracle::{self, Board, Piece, Problem, Rules};
use super::orbits::{self, Kind};
use crate::common::{
    CsvTable, Succeeds, csv_records, dir, fails_with, path_str, queens, queens_plain, stderr_of,
    stdout_of,
};

/// The group of the classes of `rules` by default: the torus group on the torus.
fn group_of(rules: Rules, n: usize) -> Vec<orbits::Symmetry> {
    match rules.board {
        Board::Torus => orbits::torus_group(n),
        Board::Plane => orbits::square_group(),
    }
}

/// `count --piece superqueen` (or `amazon`) and `--board torus` count the variants, verified
/// against data/variants.csv; `verify` passes them; without the flags the queens are counted.
#[test]
fn count_and_verify_take_the_piece_and_the_board() {
    for piece in ["superqueen", "amazon"] {
        let out = stdout_of(&["count", "10-13", "--piece", piece, "--csv", "-"]);
        let (header, rows) = csv_records(&out);
        let col = |name: &str| header.iter().position(|h| h == name).unwrap();
        let got: Vec<(&str, &str, &str, &str)> = rows
            .iter()
            .map(|r| {
                let f = |name| r[col(name)].as_str();
                (f("total"), f("classes"), f("engine"), f("verified"))
            })
            .collect();
        let expected = [
            ("4", "1", "symmetric", "yes"),
            ("44", "6", "symmetric", "yes"),
            ("156", "22", "symmetric", "yes"),
            ("1876", "239", "symmetric", "yes"),
        ];
        assert_eq!(got, expected, "--piece {piece}");
    }
    let torus = stdout_of(&["count", "5-7", "--board", "torus", "--csv", "-"]);
    let (header, rows) = csv_records(&torus);
    let total = header.iter().position(|h| h == "total").unwrap();
    let totals: Vec<&str> = rows.iter().map(|r| r[total].as_str()).collect();
    assert_eq!(totals, ["10", "0", "28"]);
    let verified = stdout_of(&["verify", "10-12", "--piece", "superqueen"]);
    assert!(
        verified.contains("PASS n=10 (superqueen-plane): total 4, classes 1 under D4"),
        "{verified}"
    );
    stdout_of(&["verify", "11", "--board", "torus", "--engine", "enumerate"]);
    let queens_8 = stdout_of(&["count", "8", "--csv", "-"]);
    assert!(queens_8.contains("\n8,92,12,"), "{queens_8}");
}

/// A split asked for that does not count the rules is a usage error in one line naming the
/// rules it counts; the superqueens on the torus are counted by the symmetric engine's torus
/// plan, and `verify --two-ways` checks it against the enumerate engine.
#[test]
fn a_split_that_does_not_count_the_rules_is_refused() {
    let torus = ["--piece", "superqueen", "--board", "torus"];
    let with = |head: &[&'static str], tail: &[&'static str]| -> Vec<&'static str> {
        head.iter().chain(&torus).chain(tail).copied().collect()
    };
    fails_with(
        &with(&["count", "7"], &["--split", "outer-ring"]),
        2,
        "queens: error: the outer-ring split does not count the rules superqueen-torus; it \
         counts only queen-plane and superqueen-plane",
    );
    fails_with(
        &with(&["verify", "7"], &["--split", "border"]),
        2,
        "the border split does not count the rules superqueen-torus; it counts only queen-plane",
    );
    let out = queens()
        .args(with(&["verify", "13"], &["--two-ways"]))
        .assert()
        .success();
    let line = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(
        line.starts_with("PASS n=13 (superqueen-torus): total 1092, classes 4 under torus")
            && line.contains("(symmetric and enumerate engines; nothing published)"),
        "{line}"
    );
    fails_with(
        &["count", "8", "--piece", "rook"],
        2,
        "invalid value 'rook'",
    );
}

/// `verify 0-N` passes from the empty board on for every rules, with `--two-ways` or
/// without: at n = 0, where both ways are one plan and nothing is published (the variants'
/// sequences start at n = 1), the empty board is checked against its definition, and the
/// line says so.
#[test]
fn two_ways_from_the_empty_board_pass_for_every_rules() {
    for extra in [
        &["--piece", "superqueen"][..],
        &["--board", "torus"],
        &["--piece", "superqueen", "--board", "torus"],
        &[],
    ] {
        // Counted once, the superqueens on the torus have nothing published from n = 1 on.
        for (ways, sizes) in [(&["--two-ways"][..], "0-5"), (&[], "0")] {
            let mut args = vec!["verify", sizes, "--quiet"];
            args.extend_from_slice(ways);
            args.extend_from_slice(extra);
            let out = queens().args(&args).assert().success();
            let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
            let first = text.lines().next().unwrap();
            assert!(first.starts_with("PASS n=0"), "{args:?}: {text}");
            let lines = if sizes == "0" { 1 } else { 6 };
            assert_eq!(text.lines().count(), lines, "{args:?}: {text}");
            assert!(
                text.lines().all(|l| l.starts_with("PASS")),
                "{args:?}: {text}"
            );
            match extra.is_empty() {
                // The queens' n = 0 is published (A000170 starts at n = 0).
                true => assert!(!first.contains("by definition"), "{first}"),
                false => assert!(
                    first.ends_with(
                        ": the empty board, by definition (one arrangement of no pieces, a class \
                     of its own; nothing published)"
                    ),
                    "{first}"
                ),
            }
        }
    }
}

/// Before a torus board whose size shares a factor with 6, from board 24 on (hours of search
/// for a 0), `count` says on stderr why its count will be 0 and that it searches anyway;
/// `--quiet` silences it, and a board coprime to 6 gets none. (An empty part, RES beyond the
/// units, runs the same check in milliseconds.)
#[test]
fn a_torus_board_of_no_solutions_gets_a_note_before_its_search() {
    let d = dir();
    let run = |n: &str, quiet: bool| {
        let csv = d.path().join(format!("p{n}{quiet}.csv"));
        let mut cmd = crate::common::queens_plain();
        cmd.args(["count", n, "--board", "torus", "--threads", "1"]);
        cmd.args(["--part", "999999/1000000", "--csv"]).arg(&csv);
        if quiet {
            cmd.arg("--quiet");
        }
        let out = cmd.assert().success();
        String::from_utf8(out.get_output().stderr.clone()).unwrap()
    };
    let err = run("26", false);
    assert!(
        err.contains(
            "queens: note: n = 26: no torus board whose size shares a factor with 6 holds a \
             solution (Pólya, 1918); the search proves this one's 0 by finding none"
        ),
        "{err}"
    );
    assert!(!run("26", true).contains("Pólya"));
    assert!(!run("25", false).contains("Pólya"));
}

/// The parts of a variant carry its rules in their plan's identity: merged together they give
/// the variant's row, verified against its published values; one of them is refused in the
/// merge of the queens' parts of the same size and engine, and the parts of two rules'
/// sizes are refused together.
#[test]
fn a_part_of_one_variant_is_refused_in_another_s_merge() {
    let d = dir();
    let part = |extra: &[&str], name: &str, res: usize| {
        let file = d.path().join(format!("{name}{res}.csv"));
        let spec = format!("{res}/2");
        let mut args = vec!["count", "12", "--engine", "enumerate", "--part", &spec];
        args.extend_from_slice(extra);
        args.extend_from_slice(&["--csv", path_str(&file)]);
        queens().args(&args).assert().success();
        file
    };
    let sq: Vec<_> = (0..2)
        .map(|r| part(&["--piece", "superqueen"], "sq", r))
        .collect();
    let q: Vec<_> = (0..2).map(|r| part(&[], "q", r)).collect();
    let text = std::fs::read_to_string(&sq[0]).unwrap();
    assert!(
        text.contains(",enumerate-prefix3-v1+superqueen-plane,"),
        "{text}"
    );
    let merged = stdout_of(&["merge", path_str(&sq[0]), path_str(&sq[1]), "--csv", "-"]);
    let table = CsvTable::parse(&merged);
    assert_eq!(table.cells(0, &["total", "verified"]), ["156", "yes"]);
    fails_with(
        &["merge", path_str(&q[0]), path_str(&sq[1])],
        1,
        "plan enumerate-prefix3-v1+superqueen-plane (the others: enumerate-prefix3-v1)",
    );
    // Complete sets of parts of two sizes under two rules: one table cannot hold both (its
    // caption, columns and published values are one rules'), so nothing is written.
    let torus = torus_13_in_two_parts(d.path(), "t");
    let out = d.path().join("mixed.csv");
    fails_with(
        &[
            "merge",
            path_str(&q[0]),
            path_str(&q[1]),
            path_str(&torus[0]),
            path_str(&torus[1]),
            "--csv",
            path_str(&out),
        ],
        1,
        "the parts are of different rules: queen-plane (n = 12), queen-torus (n = 13); one \
         table holds one rules' rows: merge each rules' parts apart",
    );
    assert!(!out.exists(), "nothing written");
    let merged = stdout_of(&[
        "merge",
        path_str(&torus[0]),
        path_str(&torus[1]),
        "--csv",
        "-",
    ]);
    let table = CsvTable::parse(&merged);
    assert_eq!(
        table.cells(0, &["board", "total", "verified"]),
        ["torus", "4524", "yes"]
    );
}

/// The two parts of `count 13 --board torus --part RES/2`, written in `dir` as
/// `{stem}0.csv` and `{stem}1.csv`.
fn torus_13_in_two_parts(dir: &std::path::Path, stem: &str) -> Vec<std::path::PathBuf> {
    (0..2)
        .map(|res| {
            let file = dir.join(format!("{stem}{res}.csv"));
            let spec = format!("{res}/2");
            let args = ["count", "13", "--board", "torus", "--part", &spec, "--csv"];
            queens().args(args).arg(&file).assert().success();
            file
        })
        .collect()
}

/// The oracle's rules as the command line names them.
fn flags(rules: Rules) -> [&'static str; 4] {
    let piece = match rules.piece {
        Piece::Queen => "queen",
        Piece::Superqueen => "superqueen",
    };
    let board = match rules.board {
        Board::Plane => "plane",
        Board::Torus => "torus",
    };
    ["--piece", piece, "--board", board]
}

/// The boards of a `cols` list, one per line.
fn boards(text: &str) -> Vec<Vec<u8>> {
    text.lines()
        .map(|l| l.split(' ').map(|c| c.parse().unwrap()).collect())
        .collect()
}

/// `list N --piece/--board` lists the solutions of the rules, in the oracle's (increasing)
/// order; `--classes` their classes under the square's 8 symmetries, as the oracle's orbits
/// give them (least board, size, kind), in every rule set; `--orbit` refuses a queens' board
/// that the rules do not allow.
#[test]
fn list_takes_the_piece_and_the_board() {
    for (rules, n) in [
        (Rules::SUPERQUEEN, 10),
        (Rules::SUPERQUEEN, 11),
        (Rules::TORUS, 7),
        (Rules::TORUS, 11),
        (Rules::SUPER_TORUS, 11),
        (Rules::QUEEN, 8),
    ] {
        let mut solutions = Vec::new();
        oracle::bitmask(&Problem::new(n, rules), |p| solutions.push(p.to_vec()));
        let size = n.to_string();
        let mut args = vec!["list", size.as_str()];
        args.extend(flags(rules));
        assert_eq!(boards(&stdout_of(&args)), solutions, "{args:?}");
        args.extend(["--classes", "--format", "csv"]);
        let (header, rows) = csv_records(&stdout_of(&args));
        let at = |name: &str| header.iter().position(|h| h == name).unwrap();
        let (board, size, symmetry) = (at("canonical"), at("class_size"), at("symmetry"));
        let got: Vec<(Vec<u8>, usize, String)> = rows
            .iter()
            .map(|r| {
                let b = boards(&r[board]).remove(0);
                (b, r[size].parse().unwrap(), r[symmetry].clone())
            })
            .collect();
        let mut expected: Vec<(Vec<u8>, usize, String)> =
            orbits::classes(&solutions, &group_of(rules, n))
                .iter()
                .map(|c| {
                    let kind = match orbits::kind(c) {
                        Kind::Asymmetric => "asymmetric",
                        Kind::HalfTurn => "half_turn",
                        Kind::QuarterTurn => "quarter_turn",
                        Kind::Reflected => "reflected",
                    };
                    (c.least.clone(), c.size, kind.to_string())
                })
                .collect();
        expected.sort();
        assert_eq!(got, expected, "{args:?}");
    }
    assert_eq!(
        stdout_of(&["list", "10", "--piece", "amazon", "--classes"]),
        "2 5 8 0 3 6 9 1 4 7  # class 1: half_turn, 4 boards\n"
    );
    fails_with(
        &[
            "list",
            "8",
            "--orbit",
            "0 4 7 5 2 6 1 3",
            "--piece",
            "superqueen",
        ],
        2,
        "queens: error: --orbit: not a solution for --piece superqueen --board plane: the \
         pieces at row 1 column 4 and row 3 column 5 attack each other under the rules \
         superqueen-plane",
    );
}

/// `profile N --piece/--board` profiles the rules' plain tree: its nodes per depth are the
/// oracle's partial boards (the plain backtracking search's nodes), its last depth the
/// solutions, verified against the rules' published total; the symmetric engine's profile of
/// a variant is refused in one line.
#[test]
fn profile_takes_the_piece_and_the_board() {
    for (rules, n) in [
        (Rules::SUPERQUEEN, 11),
        (Rules::TORUS, 7),
        (Rules::SUPER_TORUS, 9),
    ] {
        let size = n.to_string();
        let mut args = vec!["profile", size.as_str()];
        args.extend(flags(rules));
        let tally = oracle::backtrack(&Problem::new(n, rules), |_| {});
        args.extend(["--csv", "-"]);
        let (header, rows) = csv_records(&stdout_of(&args));
        let col = |name: &str| header.iter().position(|h| h == name).unwrap();
        let sum: u128 = rows
            .iter()
            .map(|r| r[col("nodes")].parse::<u128>().unwrap())
            .sum();
        assert_eq!(sum, u128::from(tally.nodes), "{args:?}");
        let last = &rows.last().unwrap()[col("solutions")];
        assert_eq!(*last, tally.solutions.to_string(), "{args:?}");
    }
    let human = stdout_of(&["profile", "11", "--piece", "superqueen"]);
    assert!(human.contains("\n   11     44         44\n"), "{human}");
    assert!(
        human.contains("verified: yes (last depth = the published total of superqueen-plane)"),
        "{human}"
    );
    fails_with(
        &[
            "profile",
            "8",
            "--piece",
            "superqueen",
            "--engine",
            "symmetric",
        ],
        2,
        "queens: error: the symmetric engine's profile does not count the rules \
         superqueen-plane; it counts only queen-plane",
    );
}

/// `classify --piece/--surface` classifies boards under the rules: numbered as `list N
/// --piece … --classes` numbers their classes (the oracle's orbits, least boards in order), a
/// queens' board the rules do not allow is bad (exit 1, one line naming the pair).
#[test]
fn classify_takes_the_piece_and_the_surface() {
    for (rules, n) in [(Rules::SUPERQUEEN, 11), (Rules::TORUS, 7)] {
        let mut solutions = Vec::new();
        oracle::bitmask(&Problem::new(n, rules), |p| solutions.push(p.to_vec()));
        let mut least: Vec<Vec<u8>> = orbits::classes(&solutions, &group_of(rules, n))
            .into_iter()
            .map(|c| c.least)
            .collect();
        least.sort();
        let [_, piece, _, board] = flags(rules);
        let text: Vec<String> = solutions
            .iter()
            .map(|p| p.iter().map(u8::to_string).collect::<Vec<_>>().join(" "))
            .collect();
        let mut args = vec![
            "classify",
            "--piece",
            piece,
            "--surface",
            board,
            "--csv",
            "-",
        ];
        args.extend(text.iter().map(String::as_str));
        let (header, rows) = csv_records(&stdout_of(&args));
        let col = |name: &str| header.iter().position(|h| h == name).unwrap();
        for (row, p) in rows.iter().zip(&solutions) {
            let canonical = boards(&row[col("canonical")]).remove(0);
            let class: usize = row[col("class")].parse().unwrap();
            assert_eq!(least[class - 1], canonical, "{p:?} under {rules:?}");
            assert!(
                group_of(rules, n).iter().any(|g| g.image(p) == canonical),
                "{p:?}"
            );
        }
        assert_eq!(rows.len(), solutions.len());
    }
    // One line per board that is not a solution, then the error; no summary of no boards.
    let err = stderr_of(&["classify", "--piece", "superqueen", "0 4 7 5 2 6 1 3"], 1);
    assert_eq!(
        err,
        "queens: board 1: the pieces at row 1 column 4 and row 3 column 5 attack each other \
         under the rules superqueen-plane\n\
         queens: error: 1 of 1 boards given are not valid solutions (reported above)\n"
    );
}

/// `render --piece/--board` draws under the rules: `--allow-attacks` marks the pairs the
/// rules' piece attacks (as many as the oracle finds), a board they do not allow is refused
/// without `--allow-attacks`, and the queens' classes are not drawn for other rules.
#[test]
fn render_takes_the_piece_and_the_board() {
    let board = [0u8, 4, 7, 5, 2, 6, 1, 3];
    for rules in [
        Rules::QUEEN,
        Rules::SUPERQUEEN,
        Rules::TORUS,
        Rules::SUPER_TORUS,
    ] {
        let pairs = (0..8)
            .flat_map(|a| (a + 1..8).map(move |b| (a, b)))
            .filter(|&(a, b)| {
                oracle::attacks(
                    rules,
                    8,
                    (a, usize::from(board[a])),
                    (b, usize::from(board[b])),
                )
            })
            .count();
        let mut args = vec![
            "render",
            "8",
            "--solution",
            "0 4 7 5 2 6 1 3",
            "--allow-attacks",
        ];
        args.extend(flags(rules));
        args.extend(["-o", "-"]);
        let svg = stdout_of(&args);
        let (piece, on) = match rules {
            Rules::QUEEN => ("queens", ""),
            Rules::SUPERQUEEN => ("superqueens", ""),
            Rules::TORUS => ("queens", " on the torus"),
            Rules::SUPER_TORUS => ("superqueens", " on the torus"),
        };
        let title = format!("8-{piece} board 0 4 7 5 2 6 1 3{on} with {pairs} attacking pairs");
        assert!(svg.contains(&title), "{rules:?}: {title}");
        assert_eq!(svg.matches("class=\"attack\"").count(), pairs, "{rules:?}");
    }
    fails_with(
        &[
            "render",
            "8",
            "--solution",
            "0 4 7 5 2 6 1 3",
            "--board",
            "torus",
            "-o",
            "-",
        ],
        2,
        "queens: error: --solution: not a solution for --piece queen --board torus:",
    );
    fails_with(
        &[
            "render",
            "10",
            "--class",
            "1",
            "--piece",
            "superqueen",
            "-o",
            "-",
        ],
        2,
        "--class and --all-classes draw the queens' classes",
    );
    // On the torus --orbit draws the square's 8 images, and says that its class is another.
    let orbit = [
        "render",
        "7",
        "--board",
        "torus",
        "--orbit",
        "0 2 4 6 1 3 5",
        "-o",
        "-",
    ];
    let o = queens().args(orbit).arg("-q").succeeds();
    let err = String::from_utf8(o.stderr).unwrap();
    assert!(
        err.starts_with("queens: note: render --orbit draws the board's images under the square's 8 symmetries; its class under the torus group: `queens list 7 --board torus --orbit"),
        "{err}"
    );
    assert!(String::from_utf8(o.stdout).unwrap().contains("</svg>"));
}

/// A solution of other rules is captioned with its rules and its class under their group:
/// the superqueens' under the square's 8 symmetries, the torus's under the torus group (the
/// class `count --board torus` counts), never the queens' words or the square's class.
#[test]
fn render_captions_a_solution_under_its_rules() {
    let texts = |args: &[&str]| -> Vec<String> {
        let svg = stdout_of(args);
        svg.split("</text>")
            .filter_map(|t| t.rsplit_once('>').map(|(_, text)| text.to_string()))
            .filter(|t| t.chars().any(char::is_alphabetic))
            .collect()
    };
    let title = |args: &[&str]| {
        let svg = stdout_of(args);
        let start = svg.find("<title>").unwrap() + "<title>".len();
        svg[start..start + svg[start..].find("</title>").unwrap()].to_string()
    };
    let sq = [
        "render",
        "10",
        "--piece",
        "superqueen",
        "--solution",
        "2 5 8 0 3 6 9 1 4 7",
        "-o",
        "-",
    ];
    assert_eq!(title(&sq), "10-superqueens solution 2 5 8 0 3 6 9 1 4 7");
    assert_eq!(
        texts(&sq),
        [
            "superqueens on the plane",
            "n = 10: 2 5 8 0 3 6 9 1 4 7",
            "symmetric under a half turn: a class of 4 boards"
        ]
    );
    // The 4 superqueen boards of 10 are that one class (A051223(10) = 4, A051224(10) = 1).
    assert_eq!(
        stdout_of(&["count", "10", "--piece", "superqueen", "--csv", "-"])
            .lines()
            .nth(1)
            .map(|l| l.split(',').skip(4).take(5).collect::<Vec<_>>().join(",")),
        Some("4,1,0,1,0".to_string())
    );
    let torus = [
        "render",
        "7",
        "--board",
        "torus",
        "--solution",
        "0 2 4 6 1 3 5",
        "-o",
        "-",
    ];
    assert_eq!(
        title(&torus),
        "7-queens solution 0 2 4 6 1 3 5 on the torus"
    );
    let class = "symmetric under a half turn: a class of 28 boards under the torus group";
    assert_eq!(
        texts(&torus),
        ["queens on the torus", "n = 7: 0 2 4 6 1 3 5", class]
    );
    // The count agrees: board 7's one class under the torus group has 28 boards.
    let count = stdout_of(&["count", "7", "--board", "torus"]);
    assert!(
        count.contains("n = 7: classes by orbit size (boards:classes) 28:1"),
        "{count}"
    );
    // --allow-attacks captions a solution the same way, in the piece's words.
    let attacks = [
        "render",
        "7",
        "--board",
        "torus",
        "--piece",
        "superqueen",
        "--solution",
        "0 2 4 6 1 3 5",
        "--allow-attacks",
        "-o",
        "-",
    ];
    let lines = texts(&attacks);
    assert_eq!(lines[0], "superqueens on the torus");
    assert!(
        lines.iter().any(|l| l.starts_with("not a solution: ")),
        "{lines:?}"
    );
    // --orbit names the rules too; on the torus it says that it draws the square's 8 images
    // and gives the class under the torus group.
    let orbit = [
        "render",
        "10",
        "--piece",
        "superqueen",
        "--orbit",
        "2 5 8 0 3 6 9 1 4 7",
        "-o",
        "-",
    ];
    assert_eq!(
        title(&orbit),
        "the class of the 10-superqueens solution 2 5 8 0 3 6 9 1 4 7: 4 boards"
    );
    assert_eq!(texts(&orbit)[0], "superqueens on the plane");
    let orbit = [
        "render",
        "7",
        "--board",
        "torus",
        "--orbit",
        "0 2 4 6 1 3 5",
        "-o",
        "-",
    ];
    assert_eq!(
        title(&orbit),
        "the images under the square&apos;s 8 symmetries of the 7-queens solution 0 2 4 6 1 3 \
         5 on the torus: 8 boards"
    );
    let lines = texts(&orbit);
    assert!(
        lines.contains(
            &"8 boards; symmetric under a half turn: its class has 28 boards under the torus group"
                .to_string()
        ),
        "{lines:?}"
    );
    let queens = [
        "render",
        "8",
        "--solution",
        "0 4 7 5 2 6 1 3",
        "--allow-attacks",
        "-o",
        "-",
    ];
    let lines = texts(&queens);
    assert_eq!(
        lines[lines.len() - 2..],
        [
            "a solution: no two queens attack each other",
            "asymmetric: a class of 8 boards"
        ]
    );
}

/// `--bfile` of a variant is refused in one line (exit 2, nothing written) by `count` and by
/// `merge` of a variant's parts: its sequences are the queens', and a variant's values under
/// A000170 would be wrong figures (before, `count 1-12 --piece superqueen --bfile -` wrote
/// the superqueens' totals as A000170's b-file).
#[test]
fn a_b_file_of_a_variant_is_refused() {
    let refusal = "queens: error: --bfile: A000170 lists queens on the plane, not superqueens on \
                   the plane: give --sequence A051223 or A051224";
    fails_with(
        &["count", "1-12", "--piece", "superqueen", "--bfile", "-"],
        2,
        refusal,
    );
    let d = dir();
    let parts: Vec<_> = (0..2)
        .map(|r| {
            let file = d.path().join(format!("sq{r}.csv"));
            let spec = format!("{r}/2");
            queens()
                .args(["count", "12", "--piece", "superqueen", "--part", &spec])
                .args(["--engine", "enumerate", "--csv", path_str(&file)])
                .assert()
                .success();
            file
        })
        .collect();
    let out = d.path().join("b.txt");
    fails_with(
        &[
            "merge",
            path_str(&parts[0]),
            path_str(&parts[1]),
            "--bfile",
            path_str(&out),
        ],
        2,
        "queens: error: --bfile: A000170 lists queens on the plane, and the parts hold \
         superqueens on the plane: give --sequence A051223 or A051224, or merge parts counted \
         without --piece and --board",
    );
    assert!(!out.exists());
    let queens_b = stdout_of(&["count", "0-8", "--bfile", "-"]);
    assert!(queens_b.ends_with("7 40\n8 92\n"), "{queens_b}");
}

/// The torus engine and the torus group together: `count` on the torus (the symmetric
/// engine's torus plan by default) writes the classes by orbit size (A054500–A054502) in the
/// CSV's last column and under the human table, and reads them back as a `--known` table (a
/// changed breakdown is a MISMATCH); `verify --two-ways` counts the torus plan and the
/// enumerate engine; parts of the torus plan merge into the whole (their nodes stand for many
/// boards each); a checkpoint of it resumes.
#[test]
fn the_torus_plan_counts_classes_by_orbit_size_two_ways_in_parts_and_resumed() {
    let d = dir();
    let csv = d.path().join("t.csv");
    let human = stdout_of(&[
        "count",
        "11,13",
        "--board",
        "torus",
        "--csv",
        path_str(&csv),
    ]);
    assert!(
        human.contains("n = 13: classes by orbit size (boards:classes) 26:1 52:2 338:3 676:5"),
        "{human}"
    );
    let text = std::fs::read_to_string(&csv).unwrap();
    let table = CsvTable::parse(&text);
    assert_eq!(table.header.last().map(String::as_str), Some("orbits"));
    let columns = ["group", "engine", "total", "classes", "orbits", "verified"];
    assert_eq!(
        table.cells(1, &columns),
        [
            "torus",
            "symmetric",
            "4524",
            "11",
            "26:1 52:2 338:3 676:5",
            "yes"
        ]
    );
    stdout_of(&["count", "13", "--board", "torus", "--known", path_str(&csv)]);
    std::fs::write(&csv, text.replace("52:2 338:3", "52:3 338:3")).unwrap();
    let out = queens()
        .args(["count", "13", "--board", "torus", "--known", path_str(&csv)])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("MISMATCH"));

    // Nothing published for the superqueens on the torus: the reason is said where the PASS
    // and FAIL lines are not on stdout (another format).
    fails_with(
        &[
            "verify",
            "11",
            "--board",
            "torus",
            "--piece",
            "superqueen",
            "--format",
            "csv",
        ],
        1,
        "1 of 1 board size failed verification: FAIL n=11 (superqueen-torus): total 44, \
         classes 1 under torus (0 asymmetric, 1 half_turn, 0 quarter_turn): no published value \
         to compare with (--two-ways verifies it with two independent plans)",
    );
    let two = stdout_of(&["verify", "13,17", "--board", "torus", "--two-ways"]);
    assert_eq!(
        two.lines().filter(|l| l.starts_with("PASS")).count(),
        2,
        "{two}"
    );
    assert!(two.contains("classes 97 under torus (40 asymmetric, 33 half_turn, 24 quarter_turn)"));
    // The superqueens on the torus: the torus plan and the enumerate engine agree.
    let two = stdout_of(&[
        "verify",
        "11,17",
        "--piece",
        "superqueen",
        "--board",
        "torus",
        "--two-ways",
    ]);
    assert_eq!(
        two.lines().filter(|l| l.starts_with("PASS")).count(),
        2,
        "{two}"
    );
    assert!(two.contains(
        "total 16932, classes 19 under torus (3 asymmetric, 6 half_turn, 10 quarter_turn)"
    ));

    let parts = torus_13_in_two_parts(d.path(), "p");
    let merged = stdout_of(&[
        "merge",
        path_str(&parts[0]),
        path_str(&parts[1]),
        "--csv",
        "-",
    ]);
    // Parts carry the boards by stabilizer: the merge gives the torus group's classes.
    assert_eq!(
        CsvTable::parse(&merged).cells(0, &["group", "total", "classes", "orbits"]),
        ["torus", "4524", "11", "26:1 52:2 338:3 676:5"]
    );

    let journal = d.path().join("ck");
    for _ in 0..2 {
        let out = stdout_of(&[
            "count",
            "17",
            "--board",
            "torus",
            "--checkpoint",
            path_str(&journal),
            "--format",
            "csv",
        ]);
        assert_eq!(
            CsvTable::parse(&out).cells(0, &["total", "classes", "verified"]),
            ["140692", "97", "yes"]
        );
    }
}

/// The classes under the torus group and by orbit size of one board, from a `--csv` output:
/// (total, classes, asymmetric, half_turn, quarter_turn, orbits).
fn torus_row(out: &str) -> [String; 6] {
    let table = CsvTable::parse(out);
    assert_eq!(table.rows.len(), 1, "{out}");
    assert_eq!(table.cell(0, "group"), "torus", "{out}");
    [
        "total",
        "classes",
        "asymmetric",
        "half_turn",
        "quarter_turn",
        "orbits",
    ]
    .map(|name| table.cell(0, name).to_string())
}

/// The torus plan's units carry the classes under the torus group (the boards by stabilizer):
/// a whole count, its parts merged (of the torus plan, and of the enumerate engine, which
/// counts the classes one by one too), and a count resumed from a checkpoint whose every unit
/// was counted before give the same classes and orbit sizes as the torus engine's Burnside
/// count (`torus_classes`) for boards 13, 17 and 19. Before, the merged parts gave the classes
/// under the square's 8 symmetries only.
#[test]
fn whole_merged_and_resumed_torus_counts_give_the_burnside_classes() {
    let d = dir();
    for n in [13usize, 17, 19] {
        let size = n.to_string();
        let burnside = queens::search::torus_classes(n, 2).unwrap();
        let classes = burnside.group_classes().unwrap();
        let c = &classes.classes;
        let expected = [
            burnside.total.to_string(),
            burnside.classes.to_string(),
            c.asymmetric.to_string(),
            c.half_turn.to_string(),
            c.quarter_turn.to_string(),
            queens::torus_group::orbits_text(&classes.orbits),
        ];
        let whole = stdout_of(&["count", &size, "--board", "torus", "--csv", "-"]);
        assert_eq!(torus_row(&whole), expected, "whole, n = {n}");

        let engines: &[&[&str]] = if n <= 13 {
            &[&[], &["--engine", "enumerate"]]
        } else {
            &[&[]]
        };
        for engine in engines {
            let parts: Vec<_> = (0..3)
                .map(|r| {
                    let file = d.path().join(format!("p{n}-{r}-{}.csv", engine.len()));
                    let spec = format!("{r}/3");
                    queens()
                        .args(["count", &size, "--board", "torus", "--part", &spec])
                        .args(*engine)
                        .arg("--csv")
                        .arg(&file)
                        .assert()
                        .success();
                    file
                })
                .collect();
            let mut args = vec!["merge"];
            args.extend(parts.iter().map(|p| path_str(p)));
            args.extend(["--csv", "-"]);
            assert_eq!(
                torus_row(&stdout_of(&args)),
                expected,
                "merged, n = {n} {engine:?}"
            );
        }

        let journal = d.path().join(format!("ck{n}"));
        for run in ["first", "resumed"] {
            let out = stdout_of(&[
                "count",
                &size,
                "--board",
                "torus",
                "--checkpoint",
                path_str(&journal),
                "--csv",
                "-",
            ]);
            assert_eq!(torus_row(&out), expected, "{run}, n = {n}");
        }
    }
}

/// The long-run warning's forecast is the queens' on the plane (their growth, their calibration
/// count): for a torus part it said "part 0/526 of n = 25 would take about 9.1 CPU-hours" before
/// a part that takes under a CPU-second. Plans of other rules get no forecast, and the count runs.
#[test]
fn a_torus_part_gets_no_forecast_made_for_the_queens_on_the_plane() {
    let out = queens_plain()
        .args([
            "count",
            "25",
            "--board",
            "torus",
            "--part",
            "0/526",
            "--threads",
            "1",
        ])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(!err.contains("would take"), "{err}");
    assert!(String::from_utf8_lossy(&out.stdout).contains("4987744"));
}

/// Boards beyond 32 are counted on the torus alone (its rows are 64-bit masks), in parts
/// that `merge` takes; every other count, `--fixed-only`, `verify` and `list` refuse them in
/// one line, before any work.
#[test]
fn the_torus_counts_boards_beyond_32_in_parts_that_merge_takes() {
    let d = dir();
    let part = d.path().join("p.csv");
    // The last unit of board 35's 8,057,600 (a slope that leaves no completion).
    let args = [
        "count",
        "35",
        "--board",
        "torus",
        "--part",
        "8057599/8057600",
    ];
    let out = queens()
        .args(args)
        .args(["--csv", path_str(&part)])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let table = CsvTable::parse(&std::fs::read_to_string(&part).unwrap());
    assert_eq!(
        table.cells(0, &["n", "plan", "plan_units", "boards"]),
        [
            "35",
            "symmetric-torus-slopes2-cut3-v2+queen-torus",
            "8057600",
            "0"
        ]
    );
    // merge knows the plan (its identity and units), and says what is missing.
    fails_with(
        &["merge", path_str(&part)],
        1,
        "n = 35: 8057599 of the 8057600 parts missing",
    );
    for (args, needle) in [
        (
            &["count", "33"][..],
            "board size 33 is outside 0 to 32 here",
        ),
        (
            &["count", "35", "--board", "torus", "--engine", "enumerate"],
            "outside 0 to 32",
        ),
        (
            &["count", "35", "--board", "torus", "--fixed-only"],
            "outside 0 to 32",
        ),
        (&["verify", "35", "--board", "torus"], "outside 0 to 32"),
        // What keeps the torus's 64 from a command that has --board torus already.
        (
            &["count", "35", "--board", "torus", "--given", "a1"],
            "board size 35 is outside 0 to 32 here (only `queens count N --board torus` counts \
             to 64: the queens, the symmetric engine, without --piece superqueen, --given, \
             --blocked or --fixed-only)",
        ),
        (
            &["count", "65", "--board", "torus"],
            "board size 65 is outside 0 to 64",
        ),
    ] {
        fails_with(args, 2, needle);
    }
    fails_with(&["list", "35", "--board", "torus"], 2, "outside 1 to 32");
}
