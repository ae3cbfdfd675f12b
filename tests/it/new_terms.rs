//! New terms (issue 41): `queens count N --fixed-only[=WAY]`, the boards fixed by a half turn
//! (P) and by a quarter turn (R) counted alone, two ways, with the classes by symmetry type that
//! follow from the published total; and `data/tables/superqueen-types.csv`, whose values for
//! n = 22..26 (A352661–A352663, published to n = 21) were computed here. On the torus the
//! same with the boards the shifts keep, the classes under the torus group and their orbits:
//! `data/tables/torus-classes.csv`, whose board 31 (A053994, A054500–A054502, published to
//! board 29) was computed here.

use crate::common::Succeeds;
use crate::common::{csv_records, dir, fails_with, path_str, queens, queens_plain, stdout_of};
use queens::fixed::{Way, count_fixed};
use queens::rules::Rules;
use queens::verify::KnownTable;
use std::path::PathBuf;

/// The cells of `header`'s column `name` in `rows`.
fn column<'a>(header: &[String], rows: &'a [Vec<String>], name: &str) -> Vec<&'a str> {
    let i = header
        .iter()
        .position(|h| h == name)
        .unwrap_or_else(|| panic!("{name}"));
    rows.iter().map(|r| r[i].as_str()).collect()
}

/// `row`'s cell of `header`'s column `name`.
fn cell_of<'a>(header: &[String], row: &'a [String], name: &str) -> &'a str {
    let i = header.iter().position(|h| h == name);
    &row[i.unwrap_or_else(|| panic!("{name}"))]
}

/// The number in `row`'s cell of `header`'s column `name`.
fn number(header: &[String], row: &[String], name: &str) -> u64 {
    let i = header.iter().position(|h| h == name);
    row[i.unwrap_or_else(|| panic!("{name}"))].parse().unwrap()
}

#[test]
fn fixed_only_counts_p_and_r_both_ways_with_the_types_from_the_published_total() {
    let text = stdout_of(&[
        "count",
        "20-22",
        "--piece",
        "superqueen",
        "--fixed-only=both",
        "--csv",
        "-",
    ]);
    let (header, rows) = csv_records(&text);
    assert_eq!(header, queens::formats::fixed::COLUMNS);
    let col = |name| column(&header, &rows, name);
    assert_eq!(col("n"), ["20", "20", "21", "21", "22", "22"]);
    assert_eq!(col("way"), ["burnside", "plain"].repeat(3));
    let p = ["15312", "15312", "46540", "46540", "126236", "126236"];
    assert_eq!(col("fixed_half_turn"), p);
    assert_eq!(
        col("fixed_quarter_turn"),
        ["120", "120", "164", "164", "0", "0"]
    );
    // The published totals (A051223), and the types derived from them: n = 20 and 21 as
    // published (A352661–A352663), n = 22 new.
    let t = ["495864256", "3977841852", "34092182276"];
    assert_eq!(col("published_total"), t.map(|t| [t, t]).concat());
    assert_eq!(col("quarter_turn"), ["60", "60", "82", "82", "0", "0"]);
    assert_eq!(
        col("half_turn"),
        ["3798", "3798", "11594", "11594", "31559", "31559"]
    );
    let a = ["61981118", "497224414", "4261507005"];
    assert_eq!(col("asymmetric"), a.map(|a| [a, a]).concat());
    let types = ["published", "published", "computed here"];
    assert_eq!(col("types"), types.map(|t| [t, t]).concat());
    assert_eq!(col("verified"), ["yes"; 6]);
}

#[test]
fn fixed_only_says_that_the_total_is_the_published_one() {
    let out = queens_plain()
        .args(["count", "12", "--piece", "superqueen", "--fixed-only"])
        .succeeds();
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let head: Vec<&str> = lines[0].split_whitespace().collect();
    assert_eq!(head[..3], ["n", "way", "P"]);
    assert!(head.contains(&"T_published"), "{text}");
    let row: Vec<&str> = lines[1].split_whitespace().collect();
    assert_eq!(
        (row[0], row[1], row[2], row[5]),
        ("12", "burnside", "12", "4")
    );
    assert_eq!(row[8..], ["156", "2", "2", "18", "published", "yes"]);
    let words = text.replace('\n', " ");
    assert!(
        words.contains("published total (A051223), NOT counted here"),
        "{text}"
    );
    // Progress: one line per way and size, on stderr.
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.starts_with("n = 12, burnside: P = 12 (324 nodes, "),
        "{err}"
    );
    assert!(err.contains("R = 4 (38 nodes, "), "{err}");
    // -q: none.
    let quiet = queens().args(["count", "12", "--fixed-only"]).succeeds();
    assert!(quiet.stderr.is_empty());
}

#[test]
fn fixed_only_writes_csv_and_json_files() {
    let d = dir();
    let (csv, json) = (d.path().join("f.csv"), d.path().join("f.json"));
    let out = queens()
        .args([
            "count",
            "10-11",
            "--fixed-only=plain",
            "--csv",
            path_str(&csv),
        ])
        .args(["--json", path_str(&json)])
        .succeeds();
    // The human table still on stdout, beside the files.
    assert!(
        String::from_utf8(out.stdout)
            .unwrap()
            .contains("T_published")
    );
    let (header, rows) = csv_records(&std::fs::read_to_string(&csv).unwrap());
    assert_eq!(column(&header, &rows, "fixed_half_turn"), ["12", "48"]); // A032522
    assert_eq!(column(&header, &rows, "piece"), ["queen", "queen"]);
    let doc: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!(doc["rows"][1]["n"], 11);
    assert_eq!(doc["rows"][1]["way"], "plain");
    assert_eq!(doc["rows"][1]["half_turn"], 12); // A260319(11)
    assert_eq!(doc["rows"][1]["published_total"], 2680);
}

#[test]
fn fixed_only_refuses_what_it_cannot_do() {
    let sq = ["--piece", "superqueen", "--fixed-only"];
    let cases: &[(&[&str], &str)] = &[
        (&["--board", "torus"], "on the torus for queens only"),
        (
            &["--given", "a8"],
            "--given (or --blocked) is not taken with --fixed-only",
        ),
        (&["--part", "1/4"], "--part is not taken with --fixed-only"),
        (&["--checkpoint", "x.ckpt"], "--checkpoint is not taken"),
        (&["--bfile", "-"], "--bfile is not taken"),
        (&["--known", "x.csv"], "--known is not taken"),
        (&["--engine", "enumerate"], "--engine is not taken"),
    ];
    for (extra, needle) in cases {
        let args: Vec<&str> = ["count", "8"]
            .iter()
            .chain(&sq)
            .chain(*extra)
            .copied()
            .collect();
        fails_with(&args, 2, needle);
    }
    fails_with(&["count", "0-3", "--fixed-only"], 2, "counts sizes from 1");
    fails_with(
        &[
            "count",
            "7",
            "--board",
            "torus",
            "--symmetries",
            "square",
            "--fixed-only",
        ],
        2,
        "under the torus group only",
    );
    fails_with(
        &["count", "8", "--fixed-only=fast"],
        2,
        "invalid value 'fast'",
    );
}

#[test]
fn count_help_shows_fixed_only_with_an_example() {
    let help = stdout_of(&["count", "--help"]);
    assert!(help.contains("--fixed-only[=<WAY>]"), "{help}");
    assert!(
        help.contains(
            "queens count 20-22 --piece superqueen --fixed-only=both   fixed boards alone"
        )
    );
}

/// The committed table, its rows by n (the burnside row and the plain row of each size).
fn table() -> (Vec<String>, Vec<Vec<String>>) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("data/tables/superqueen-types.csv");
    csv_records(&std::fs::read_to_string(path).unwrap())
}

#[test]
fn the_superqueen_types_table_holds_both_ways_and_marks_the_new_terms() {
    let (header, rows) = table();
    assert_eq!(header, queens::formats::fixed::COLUMNS);
    let col = |name| column(&header, &rows, name);
    let ns: Vec<usize> = col("n").iter().map(|n| n.parse().unwrap()).collect();
    assert_eq!(ns, (1..=26).flat_map(|n| [n, n]).collect::<Vec<_>>());
    let published = KnownTable::published(&Rules::SUPERQUEENS);
    for (k, pair) in rows.chunks(2).enumerate() {
        let n = k + 1;
        let cell =
            |r: &Vec<String>, name: &str| r[header.iter().position(|h| h == name).unwrap()].clone();
        // The two ways agree, and each row's classes follow from its P, R and the published T.
        for name in [
            "fixed_half_turn",
            "fixed_quarter_turn",
            "quarter_turn",
            "half_turn",
            "asymmetric",
        ] {
            assert_eq!(
                cell(&pair[0], name),
                cell(&pair[1], name),
                "n = {n}: {name}"
            );
        }
        let num = |r: &Vec<String>, name: &str| cell(r, name).parse::<u128>().unwrap();
        let (p, r, t) = (
            num(&pair[0], "fixed_half_turn"),
            num(&pair[0], "fixed_quarter_turn"),
            num(&pair[0], "published_total"),
        );
        let known = published.lookup(n).unwrap();
        assert_eq!(
            Some(t),
            known.total,
            "n = {n}: the total is the published one"
        );
        let types = (
            num(&pair[0], "quarter_turn"),
            num(&pair[0], "half_turn"),
            num(&pair[0], "asymmetric"),
        );
        if n > 1 {
            assert_eq!(types, (r / 2, (p - r) / 4, (t - p) / 8), "n = {n}");
        }
        // Burnside with the published classes (A051224): (T + P + 2R) / 8, for every n.
        assert_eq!(Some(types.0 + types.1 + types.2), known.classes, "n = {n}");
        if n % 4 >= 2 {
            assert_eq!((r, p), (0, 8 * known.classes.unwrap() - t), "n = {n}");
        }
        let mark = cell(&pair[0], "types");
        if n <= 21 {
            assert_eq!(mark, "published", "n = {n}");
            assert_eq!(
                (Some(types.0), Some(types.1), Some(types.2)),
                (known.quarter_turn, known.half_turn, known.asymmetric),
                "n = {n}"
            );
        } else {
            // The new terms: marked, and never in the tool's table of published values.
            assert_eq!(mark, "computed here", "n = {n}");
            assert_eq!(
                (known.asymmetric, known.half_turn, known.quarter_turn),
                (None, None, None),
                "n = {n}"
            );
        }
    }
    // The new terms themselves (A352661, A352662, A352663 at n = 22..26).
    let new: Vec<(&str, &str, &str)> = (col("quarter_turn")
        .into_iter()
        .zip(col("half_turn"))
        .zip(col("asymmetric")))
    .skip(42)
    .step_by(2)
    .map(|((q, h), a)| (q, h, a))
    .collect();
    assert_eq!(
        new,
        [
            ("0", "31559", "4261507005"),
            ("0", "104421", "38352428066"),
            ("460", "304776", "360400199598"),
            ("454", "975920", "3518013234028"),
            ("0", "3010125", "35752761275663"),
        ]
    );
}

#[test]
fn the_new_terms_of_22_and_23_count_again_the_same() {
    // Seconds each: the Burnside way against the committed table.
    let (header, rows) = table();
    for n in [22usize, 23] {
        let f = count_fixed(Rules::SUPERQUEENS, n, Way::Burnside, Some(2), &|_| ()).unwrap();
        let cell = |name| number(&header, &rows[2 * (n - 1)], name);
        assert_eq!(
            (f.half_turn.boards, f.quarter_turn.boards),
            (cell("fixed_half_turn"), cell("fixed_quarter_turn"))
        );
        assert_eq!(f.half_turn.nodes, cell("half_turn_nodes"));
    }
}

/// n = 24..26 both ways (about 1.5 minutes on two cores): `cargo test --release --test it --
/// --ignored new_terms::`.
#[test]
#[ignore = "slow: n = 24..26 both ways, about 1.5 minutes on two cores"]
fn the_new_terms_of_24_to_26_count_again_the_same_both_ways() {
    let (header, rows) = table();
    for n in 24usize..=26 {
        for (k, way) in Way::ALL.into_iter().enumerate() {
            let f = count_fixed(Rules::SUPERQUEENS, n, way, None, &|_| ()).unwrap();
            let cell = |name| number(&header, &rows[2 * (n - 1) + k], name);
            assert_eq!(
                (f.half_turn.boards, f.quarter_turn.boards),
                (cell("fixed_half_turn"), cell("fixed_quarter_turn")),
                "n = {n} {way:?}"
            );
            assert_eq!(f.verify(), Some(Ok(())));
        }
    }
}

#[test]
fn fixed_only_on_the_torus_gives_the_classes_and_their_orbits_both_ways() {
    let text = stdout_of(&[
        "count",
        "23-25",
        "--board",
        "torus",
        "--fixed-only=both",
        "--csv",
        "-",
    ]);
    let (header, rows) = csv_records(&text);
    assert_eq!(
        header,
        queens::formats::fixed::columns(&Rules::TORUS_QUEENS)
    );
    let col = |name| column(&header, &rows, name);
    assert_eq!(col("n"), ["23", "23", "24", "24", "25", "25"]);
    assert_eq!(col("way"), ["burnside", "plain"].repeat(3));
    // Board 24 has no solution, and nothing published beyond its total of 0.
    assert_eq!(
        col("verified"),
        ["yes", "yes", "unknown", "unknown", "yes", "yes"],
        "{text}"
    );
    // A053994 at boards 23 and 25, and board 25's orbits (A054500–A054502), published.
    assert_eq!(
        col("classes"),
        ["31381", "31381", "0", "0", "395551", "395551"]
    );
    assert_eq!(
        col("orbits")[5],
        "50:1 100:2 250:9 500:18 1000:51 1250:470 2500:7170 5000:387830"
    );
    assert_eq!(
        col("fixed_by_shifts"),
        ["10120", "10120", "0", "0", "255000", "255000"]
    );
}

/// The committed torus table, its rows by board (the burnside row and the plain row of each).
fn torus_table() -> (Vec<String>, Vec<Vec<String>>) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("data/tables/torus-classes.csv");
    csv_records(&std::fs::read_to_string(path).unwrap())
}

#[test]
fn the_torus_classes_table_holds_both_ways_and_marks_the_new_terms() {
    let (header, rows) = torus_table();
    assert_eq!(
        header,
        queens::formats::fixed::columns(&Rules::TORUS_QUEENS)
    );
    let ns: Vec<usize> = column(&header, &rows, "n")
        .iter()
        .map(|n| n.parse().unwrap())
        .collect();
    assert_eq!(ns, (1..=31).flat_map(|n| [n, n]).collect::<Vec<_>>());
    let published = KnownTable::published(&Rules::TORUS_QUEENS);
    for (k, pair) in rows.chunks(2).enumerate() {
        let n = k + 1;
        let cell = |r: &Vec<String>, name: &str| cell_of(&header, r, name).to_string();
        for name in [
            "fixed_half_turn",
            "fixed_quarter_turn",
            "fixed_by_shifts",
            "classes",
        ] {
            assert_eq!(
                cell(&pair[0], name),
                cell(&pair[1], name),
                "n = {n}: {name}"
            );
        }
        let num = |name: &str| cell(&pair[0], name).parse::<u128>().unwrap();
        let (p, r, s, t, classes) = (
            num("fixed_half_turn"),
            num("fixed_quarter_turn"),
            num("fixed_by_shifts"),
            num("published_total"),
            num("classes"),
        );
        let known = published.lookup(n).unwrap();
        assert_eq!(
            Some(t),
            known.total,
            "n = {n}: the total is the published one"
        );
        let (n2, group) = ((n * n) as u128, 8 * (n * n) as u128);
        if n > 1 {
            // Burnside's lemma over the torus group, and the types.
            assert_eq!(classes * group, t + s + n2 * (p + 2 * r), "n = {n}");
            let types = (num("quarter_turn"), num("half_turn"), num("asymmetric"));
            assert_eq!(
                types,
                (r / 2, (p - r) / 4, classes - r / 2 - (p - r) / 4),
                "n = {n}"
            );
        }
        // The plain way's orbits hold every board of the total, in classes summing to the
        // Burnside way's.
        let orbits = queens::torus_group::parse_orbits(&cell(&pair[1], "orbits")).unwrap();
        let boards: u128 = orbits.iter().map(|(size, c)| size * c).sum();
        assert_eq!(boards, t, "n = {n}");
        assert_eq!(orbits.iter().map(|o| o.1).sum::<u128>(), classes, "n = {n}");
        if n < 31 {
            assert_eq!(cell(&pair[0], "types"), "published", "n = {n}");
            // The even boards have no solution and nothing published beyond the total.
            let verified = if n % 2 == 1 { "yes" } else { "" };
            assert_eq!(cell(&pair[1], "verified"), verified, "n = {n}");
            if n % 2 == 1 {
                assert_eq!(known.classes, Some(classes), "n = {n}");
                assert_eq!(known.orbits.as_deref(), Some(&orbits[..]), "n = {n}");
            }
        } else {
            // Board 31: new, marked, and never in the tool's table of published values.
            assert_eq!(cell(&pair[0], "types"), "computed here", "n = {n}");
            assert_eq!(cell(&pair[1], "verified"), "", "n = {n}");
            assert_eq!(
                (known.classes, known.orbits.clone()),
                (None, None),
                "n = {n}"
            );
        }
    }
    // The new terms themselves: A053994 of board 31, and its classes by orbit size.
    let last = &rows[61];
    let cell = |name| cell_of(&header, last, name);
    assert_eq!(cell("classes"), "1743899563");
    assert_eq!(cell("orbits"), "124:7 3844:559861 7688:1743339695");
}

/// Boards 29 and 31 both ways (about 4 minutes on two cores): `cargo test --release --test
/// it -- --ignored new_terms::`.
#[test]
#[ignore = "slow: boards 29 and 31 both ways, about 4 minutes on two cores"]
fn the_torus_classes_of_29_and_31_count_again_the_same_both_ways() {
    let (header, rows) = torus_table();
    for n in [29usize, 31] {
        for (k, way) in Way::ALL.into_iter().enumerate() {
            let f = count_fixed(Rules::TORUS_QUEENS, n, way, None, &|_| ()).unwrap();
            let row = &rows[2 * (n - 1) + k];
            let cell = |name| number(&header, row, name);
            let got = (f.half_turn.boards, f.quarter_turn.boards, f.shifts.boards);
            let table = (
                cell("fixed_half_turn"),
                cell("fixed_quarter_turn"),
                cell("fixed_by_shifts"),
            );
            assert_eq!(got, table, "n = {n} {way:?}");
            let (total, _) = f.published_types().unwrap().unwrap();
            assert_eq!(f.classes(total).unwrap(), u128::from(cell("classes")));
            if n == 29 {
                assert_eq!(f.verify(), Some(Ok(())));
            }
        }
    }
}

/// The superqueens on the torus, boards 23 and 25 (nothing published): the torus plan's own
/// search (the square's 8 about the origin, the knight in the search) and the queens' search
/// with every board of each orbit sifted for the knight (the queens' group, no knight in the
/// search) give the same boards, boards fixed by the turns and the shifts, classes and orbit
/// sizes, which are the table's (`data/tables/superqueen-torus.csv`). About 12 CPU-minutes:
/// `cargo test --release --test it -- --ignored new_terms::the_superqueens`.
#[test]
#[ignore = "slow: boards 23 and 25 of the superqueens on the torus two ways, about 6 minutes on two cores"]
fn the_superqueens_on_the_torus_of_23_and_25_count_the_same_both_ways() {
    use queens::search::{TorusClasses, torus_classes_under, torus_superqueens_among_queens};
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("data/tables/superqueen-torus.csv");
    let rows = queens::formats::table::read_csv(std::fs::read(path).unwrap().as_slice()).unwrap();
    for (n, total, classes) in [(23, 1_881_492, 546), (25, 30_207_900, 6_564)] {
        let own = torus_classes_under(Rules::TORUS_SUPERQUEENS, n, 2).unwrap();
        let sifted = torus_superqueens_among_queens(n, 2).unwrap();
        assert_eq!(
            sifted,
            TorusClasses {
                nodes: sifted.nodes,
                ..own.clone()
            },
            "n = {n}"
        );
        assert_eq!((own.total, own.classes), (total, classes), "n = {n}");
        let row = &rows[n - 1];
        let orbits: Vec<(u128, u128)> = own.by_orbit_size.into_iter().collect();
        assert_eq!((row.total, row.nodes), (own.total, own.nodes), "n = {n}");
        assert_eq!(row.orbits.as_deref(), Some(orbits.as_slice()), "n = {n}");
    }
}

/// A `--fixed-only` run killed during a long size keeps the rows of every size before it in
/// its files: each size's rows are written (the file replaced whole) as soon as it is done.
/// The kill comes on the progress line of n = 21, so n = 20's rows were written before it,
/// whatever the machine's speed (n = 27 alone would take minutes).
/// The sizes of the `--fixed-only` CSV file at `csv` of a run of `count 10-…` stopped or
/// killed: every size from 10 on, in order, up to the last finished.
fn finished_sizes(csv: &std::path::Path) -> Vec<usize> {
    let text = std::fs::read_to_string(csv).expect("the finished sizes' rows");
    let (header, rows) = csv_records(&text);
    let sizes: Vec<usize> = column(&header, &rows, "n")
        .iter()
        .map(|n| n.parse().unwrap())
        .collect();
    assert_eq!(sizes, (10..10 + sizes.len()).collect::<Vec<_>>());
    sizes
}

#[test]
fn fixed_only_stops_cleanly_on_a_signal_writing_the_finished_sizes() {
    let d = dir();
    let csv = d.path().join("fixed.csv");
    let args = ["count", "10-32", "--fixed-only", "--csv", path_str(&csv)];
    let mut run = crate::running::Running::spawn(&args, &[], std::process::Stdio::null());
    // SIGTERM once n = 21 is done (n = 32 takes minutes: the run is still going).
    run.wait_err("n = 21, burnside: P = ");
    run.signal("TERM");
    let (code, out, err) = run.finish();
    assert_eq!(code, Some(1), "{err:?}");
    let last = err.last().expect("a last line");
    // The finished sizes, on stdout and in the CSV file, and nothing of the size stopped.
    let sizes = finished_sizes(&csv);
    assert!(sizes.len() >= 12 && sizes.len() < 23, "{sizes:?}");
    let stopped_at = 10 + sizes.len();
    let said = format!(
        "queens: error: stopped by SIGTERM during n = {stopped_at}: rows for n = 10 to {} are \
         written",
        stopped_at - 1
    );
    assert_eq!(last, &said, "{err:?}");
    let table: Vec<Vec<&str>> = (out.iter())
        .map(|l| l.split_whitespace().collect::<Vec<_>>())
        .filter(|f| f.get(1) == Some(&"burnside"))
        .collect();
    assert_eq!(table.len(), sizes.len(), "{out:?}");
    assert_eq!((table[10][0], table[10][2]), ("20", "144620"), "{out:?}");
}

#[test]
fn fixed_only_keeps_the_finished_sizes_of_a_killed_run() {
    use std::io::{BufRead, BufReader};
    let d = dir();
    let csv = d.path().join("fixed.csv");
    let mut child = crate::common::process::queens_plain()
        .args(["count", "10-27", "--fixed-only", "--csv", path_str(&csv)])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let lines = BufReader::new(child.stderr.take().unwrap()).lines();
    let mut seen = false;
    for line in lines {
        if line.unwrap().starts_with("n = 21, burnside: P = ") {
            seen = true;
            break;
        }
    }
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(seen, "no progress line for n = 21");
    let sizes = finished_sizes(&csv);
    assert!(sizes.len() >= 11, "{sizes:?}");
    let (header, rows) = csv_records(&std::fs::read_to_string(&csv).unwrap());
    assert_eq!(column(&header, &rows, "fixed_half_turn")[10], "144620"); // n = 20
}

#[test]
fn the_kept_parts_of_board_35_verify_against_their_plan() {
    use queens::storage::checkpoint::{Checkpoint, RunIdentity};
    // Every journal kept in data/parts/torus-35 (a copy: opening may write): every line
    // verifies against the run its name and header say, and holds finished units or pieces.
    let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("data/parts/torus-35");
    let plan = queens::Counter::new(35)
        .rules(Rules::TORUS_QUEENS)
        .plan()
        .unwrap();
    let d = dir();
    let mut journals = 0;
    for entry in std::fs::read_dir(&folder).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_str().unwrap().to_string();
        let Some(res) =
            (name.strip_prefix("n35.part")).and_then(|r| r.strip_suffix("of1048576.ckpt"))
        else {
            continue;
        };
        let part = queens::Part::new(res.parse().unwrap(), 1 << 20).unwrap();
        let copy = d.path().join(&name);
        std::fs::copy(&path, &copy).unwrap();
        let c = Checkpoint::open(&copy, &RunIdentity::of(plan.as_ref(), part)).unwrap();
        assert_eq!(
            (c.dropped().total(), c.dropped_last_line()),
            (0, false),
            "{name}"
        );
        let scheme = plan.piece_scheme().unwrap();
        assert!(
            !c.done().is_empty() || !c.pieces(&scheme).is_empty(),
            "{name}"
        );
        journals += 1;
    }
    assert!(journals >= 1, "no journal in {}", folder.display());
    // The finished parts' rows: read and verified by merge (checksums, the plan, the
    // counts' identities), which then finds only the parts not run yet missing.
    let rows: Vec<String> = (std::fs::read_dir(&folder).unwrap())
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "csv"))
        .map(|p| path_str(&p).to_string())
        .collect();
    assert!(!rows.is_empty(), "no finished part in {}", folder.display());
    let missing = format!(
        "n = 35: {} of the 1048576 parts missing",
        (1 << 20) - rows.len()
    );
    let args: Vec<&str> = ["merge", "-q"]
        .into_iter()
        .chain(rows.iter().map(String::as_str))
        .collect();
    fails_with(&args, 1, &missing);
}
