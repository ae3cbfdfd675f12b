//! The published tables in data/tables/ and pictures in data/pictures/: each parses with the
//! current readers and agrees with the published sequences (data/known.csv) and, for the sizes
//! cheap enough to recompute here, with a fresh computation.

use crate::common::{csv_records, stdout_of};
use queens::ClassCounts;
use queens::classify;
use queens::formats::table;
use queens::given::Partial;
use queens::rules::{Group, Rules};
use queens::search::profile::plain_profile;
use queens::symmetry::SymmetryType;
use queens::verify::KnownTable;
use queens::verify::{self, Verdict};
use std::ops::ControlFlow;
use std::path::PathBuf;

fn data(path: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("data")
        .join(path)
}

fn read(path: &str) -> String {
    std::fs::read_to_string(data(path)).unwrap_or_else(|e| panic!("data/{path}: {e}"))
}

fn records(path: &str) -> (Vec<String>, Vec<Vec<String>>) {
    csv_records(&read(path))
}

#[test]
fn counts_csv_covers_1_to_18_and_matches_the_published_sequences() {
    let rows = table::read_csv(read("tables/counts.csv").as_bytes()).expect("current reader");
    assert_eq!(
        rows.iter().map(|r| r.n).collect::<Vec<_>>(),
        (1..=18).collect::<Vec<_>>()
    );
    for r in &rows {
        // Checked again here, not taken from the table's own label.
        assert_eq!(
            verify::verify(r.n, r.total, &r.classes),
            Verdict::Verified,
            "n={}",
            r.n
        );
        assert_eq!(r.verdict, Verdict::Verified);
        let k = verify::lookup(r.n).unwrap();
        if r.engine == "enumerate" {
            assert_eq!(
                Some(r.nodes),
                k.nodes,
                "plain tree nodes (A319283), n={}",
                r.n
            );
        }
        assert!(r.threads >= 1 && r.seconds >= 0.0);
        assert!(!r.engine.is_empty());
    }
    // The sidecar records the same run, with the machine it ran on.
    let json: serde_json::Value = serde_json::from_str(&read("tables/counts.json")).unwrap();
    assert_eq!(json["tool"], "queens");
    for key in ["os", "cpu", "arch", "kernel"] {
        assert!(json["machine"][key].as_str().is_some_and(|s| !s.is_empty()));
    }
    let jrows = json["rows"].as_array().unwrap();
    assert_eq!(jrows.len(), rows.len());
    for (j, r) in jrows.iter().zip(&rows) {
        assert_eq!(j["n"].as_u64(), Some(r.n as u64));
        assert_eq!(j["total"].as_u64().map(u128::from), Some(r.total));
        assert_eq!(j["engine"].as_str(), Some(r.engine.as_str()));
        assert_eq!(j["threads"].as_u64(), Some(r.threads as u64));
    }
    let md = read("tables/counts.md");
    assert_eq!(md.lines().filter(|l| l.starts_with("| ")).count(), 18 + 2);
}

/// The backticked value after `key` in the sentence of data/tables/README.md that describes the
/// committed run ("The committed run: engine `symmetric`, split `ring` (plan `…`), …").
fn committed(key: &str) -> String {
    let readme = read("tables/README.md").replace('\n', " ");
    let run = readme
        .split_once("The committed run:")
        .expect("data/tables/README.md describes the committed run")
        .1;
    let run = &run[..run.find(". ").unwrap_or(run.len())];
    let after = run
        .split_once(&format!("{key} `"))
        .unwrap_or_else(|| panic!("the committed run names no {key}: {run}"))
        .1;
    after.split('`').next().unwrap().to_string()
}

/// counts.csv is what the current binary prints for the engine and split that
/// data/tables/README.md names, nodes included (the engine's own notion of a node, which
/// depends on its plan): for every n cheap enough to recount here. The README names the plan
/// the binary runs for that split, so a new plan (new nodes) cannot leave the table stale.
#[test]
fn counts_csv_is_what_the_current_binary_prints_with_the_plan_the_readme_names() {
    let (engine, split, plan) = (committed("engine"), committed("split"), committed("plan"));
    let part = stdout_of(&[
        "count", "8", "--engine", &engine, "--split", &split, "--part", "0/1", "--csv", "-",
    ]);
    let (header, rows) = csv_records(&part);
    let col = header.iter().position(|h| h == "plan").unwrap();
    assert_eq!(rows[0][col], plan, "the plan of --split {split}");
    let fresh = table::read_csv(
        stdout_of(&[
            "count", "1-16", "--engine", &engine, "--split", &split, "--csv", "-",
        ])
        .as_bytes(),
    )
    .unwrap();
    let committed = table::read_csv(read("tables/counts.csv").as_bytes()).unwrap();
    assert_eq!(fresh.len(), 16);
    let key = |r: &table::Row| {
        (
            r.n,
            r.total,
            r.classes,
            r.nodes,
            r.engine.clone(),
            r.verdict.clone(),
        )
    };
    for (f, c) in fresh.iter().zip(&committed) {
        assert_eq!(key(c), key(f), "data/tables/counts.csv against the binary");
    }
    // The sidecars hold the same run, nodes included.
    let json: serde_json::Value = serde_json::from_str(&read("tables/counts.json")).unwrap();
    for (j, c) in json["rows"].as_array().unwrap().iter().zip(&committed) {
        assert_eq!(
            j["nodes"].as_u64().map(u128::from),
            Some(c.nodes),
            "n={}",
            c.n
        );
    }
    let md = read("tables/counts.md");
    for c in &committed {
        let line = md
            .lines()
            .find(|l| l.starts_with(&format!("| {} | ", c.n)))
            .unwrap();
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        assert_eq!(cells[7], c.nodes.to_string(), "counts.md, n={}", c.n);
    }
}

#[test]
fn profile_csv_covers_1_to_14_and_sums_to_the_published_node_counts() {
    let (header, rows) = records("tables/profile.csv");
    assert_eq!(header, ["n", "engine", "depth", "nodes", "solutions"]);
    for n in 1..=14usize {
        let mine: Vec<&Vec<String>> = rows.iter().filter(|r| r[0] == n.to_string()).collect();
        let depths: Vec<usize> = mine.iter().map(|r| r[2].parse().unwrap()).collect();
        assert_eq!(depths, (0..=n).collect::<Vec<_>>(), "n={n}");
        let nodes: Vec<u128> = mine.iter().map(|r| r[3].parse().unwrap()).collect();
        let k = verify::lookup(n).unwrap();
        assert_eq!(Some(nodes.iter().sum()), k.nodes, "A319283, n={n}");
        assert_eq!(Some(nodes[n]), k.total, "A000170, n={n}");
        let solutions: u128 = mine.iter().map(|r| r[4].parse::<u128>().unwrap()).sum();
        assert_eq!(Some(solutions), k.total);
        assert!(mine.iter().all(|r| r[1] == "enumerate"));
        if n <= 10 {
            let fresh: Vec<u128> = plain_profile(n).depths.iter().map(|d| d.nodes).collect();
            assert_eq!(nodes, fresh, "n={n}");
        }
        if n == 8 {
            assert_eq!(nodes, [1, 8, 42, 140, 344, 568, 550, 312, 92]); // A319284
        }
    }
    assert_eq!(rows.len(), (1..=14).map(|n| n + 1).sum::<usize>());
}

#[test]
fn classes_8_csv_lists_the_12_classes() {
    let (header, rows) = records("tables/classes-8.csv");
    assert_eq!(header, ["index", "canonical", "symmetry", "class_size"]);
    let fresh = classify::classes(8);
    assert_eq!(rows.len(), fresh.len());
    assert_eq!(rows.len(), 12);
    for (r, c) in rows.iter().zip(&fresh) {
        assert_eq!(r[0], c.index.to_string());
        assert_eq!(r[1], c.canonical.to_string());
        assert_eq!(r[2], c.symmetry.name());
        assert_eq!(r[3], c.class_size.to_string());
    }
    assert_eq!(
        fresh
            .iter()
            .filter(|c| c.symmetry == SymmetryType::HalfTurn)
            .count(),
        1
    );
}

#[test]
fn published_pictures_are_well_formed_and_complete() {
    let count = |path: &str, class: &str| {
        let text = read(path);
        let doc = roxmltree::Document::parse(&text).unwrap_or_else(|e| panic!("{path}: {e}"));
        doc.descendants()
            .filter(|e| e.attribute("class") == Some(class))
            .count()
    };
    // n = 1..18 without n = 2, 3 (no solutions): 16 points per series.
    assert_eq!(count("pictures/growth.svg", "point total"), 16);
    assert_eq!(count("pictures/growth.svg", "point classes"), 16);
    assert_eq!(count("pictures/growth.svg", "known total"), 16);
    assert_eq!(count("pictures/n8-half-turn-class.svg", "queen"), 8);
    assert_eq!(count("pictures/n8-classes.svg", "queen"), 96);
    assert_eq!(count("pictures/n8-classes.svg", "class"), 12);
}

/// data/tables/README.md points only at what exists: every relative link names a file of the
/// repository, and every `"Section" in the main README` a heading of README.md.
#[test]
fn the_tables_readme_points_at_files_and_sections_that_exist() {
    let readme = read("tables/README.md");
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut links = 0;
    for link in readme.split("](").skip(1) {
        let target = link.split(')').next().unwrap();
        let target = target.split('#').next().unwrap();
        if target.is_empty() || target.contains("://") {
            continue;
        }
        links += 1;
        assert!(
            data("tables").join(target).exists(),
            "data/tables/README.md links to {target}, which does not exist"
        );
    }
    let main = std::fs::read_to_string(root.join("README.md")).unwrap();
    let headings: Vec<&str> = main
        .lines()
        .filter_map(|l| l.strip_prefix('#'))
        .map(|h| h.trim_start_matches('#').trim())
        .collect();
    let text = readme.replace('\n', " ");
    for (i, _) in text.match_indices("\" in the main README") {
        let section = text[..i].rsplit('"').next().unwrap();
        assert!(
            headings.contains(&section),
            "data/tables/README.md names the section \"{section}\" of README.md, which has \
             none: {headings:?}"
        );
    }
    assert!(links >= 1, "no relative link found");
}

/// The rows of a variant's table, each with the rules and group the table names in its lead
/// columns (`want`), sizes 1..=`max_n`.
fn variant_rows(path: &str, want: Rules, group: Group, max_n: usize) -> Vec<table::Row> {
    let rows = table::read_csv(read(path).as_bytes()).unwrap_or_else(|e| panic!("{path}: {e}"));
    assert_eq!(
        rows.iter().map(|r| r.n).collect::<Vec<_>>(),
        (1..=max_n).collect::<Vec<_>>(),
        "{path}"
    );
    for r in &rows {
        assert_eq!((r.rules.piece, r.rules.surface), (want.piece, want.surface));
        assert_eq!(r.group, group, "{path}, n={}", r.n);
        assert_eq!(r.verdict, Verdict::Verified, "{path}, n={}", r.n);
    }
    rows
}

/// The count columns of a row: n, total, classes, nodes, engine and orbit sizes.
type CountKey = (
    usize,
    u128,
    ClassCounts,
    u128,
    String,
    Option<Vec<(u128, u128)>>,
);

/// The count columns of a row (not its time, threads or kernel).
fn count_key(r: &table::Row) -> CountKey {
    (
        r.n,
        r.total,
        r.classes,
        r.nodes,
        r.engine.clone(),
        r.orbits.clone(),
    )
}

/// `path`'s rows of sizes 1..=`upto` are what the current binary prints for `args` (with
/// `--csv -` and the sizes added), nodes and orbit sizes included.
fn matches_a_fresh_count(path: &str, rows: &[table::Row], upto: usize, args: &[&str]) {
    let sizes = format!("1-{upto}");
    let mut all = vec!["count", sizes.as_str(), "--csv", "-"];
    all.extend(args);
    let fresh = table::read_csv(stdout_of(&all).as_bytes()).unwrap();
    assert_eq!(fresh.len(), upto);
    for (f, c) in fresh.iter().zip(rows) {
        assert_eq!(count_key(c), count_key(f), "{path} against queens {all:?}");
        assert_eq!((c.rules, c.group), (f.rules, f.group));
    }
}

/// superqueens.csv (and its JSON and Markdown): n = 1..19, every row the published A051223,
/// A051224 and A352661-A352663 (data/variants.csv, checked again here), and to n = 14 what the
/// current binary prints.
#[test]
fn superqueens_table_matches_the_published_sequences_and_a_fresh_count() {
    let path = "tables/superqueens.csv";
    let rows = variant_rows(path, Rules::SUPERQUEENS, Group::Square, 19);
    let published = KnownTable::published(&Rules::SUPERQUEENS);
    for r in &rows {
        assert_eq!(
            published.verify(r.n, r.total, &r.classes),
            Verdict::Verified,
            "{path}, n={}",
            r.n
        );
        assert!(published.lookup(r.n).unwrap().asymmetric.is_some());
    }
    // A051223(19), A051224(19): the largest row, against the numbers themselves.
    assert_eq!(
        (rows[18].total, rows[18].classes.total()),
        (64_492_432, 8_062_150)
    );
    matches_a_fresh_count(path, &rows, 14, &["--piece", "superqueen"]);
    let json: serde_json::Value = serde_json::from_str(&read("tables/superqueens.json")).unwrap();
    assert_eq!(json["rules"]["piece"], "superqueen");
    let jrows = json["rows"].as_array().unwrap();
    assert_eq!(jrows.len(), rows.len());
    for (j, r) in jrows.iter().zip(&rows) {
        assert_eq!(j["total"].as_u64().map(u128::from), Some(r.total));
        assert_eq!(j["nodes"].as_u64().map(u128::from), Some(r.nodes));
    }
    let md = read("tables/superqueens.md");
    assert_eq!(md.lines().filter(|l| l.starts_with("| ")).count(), 19 + 2);
}

/// torus.csv: boards 1..23 under the torus group, every row the published A051906, A053994
/// and orbit sizes A054500-A054502 where published (data/variants.csv), the orbit sizes adding
/// up to the classes and the boards, and to board 17 what the current binary prints.
#[test]
fn torus_table_matches_the_published_classes_and_orbits_and_a_fresh_count() {
    let path = "tables/torus.csv";
    let rows = variant_rows(path, Rules::TORUS_QUEENS, Group::Torus, 23);
    let published = KnownTable::published(&Rules::TORUS_QUEENS);
    for r in &rows {
        let orbits = r.orbits.as_deref().unwrap_or(&[]);
        assert_eq!(
            published.verify_with_orbits(r.n, r.total, &r.classes, Some(orbits), None),
            Verdict::Verified,
            "{path}, n={}",
            r.n
        );
        // Each (boards, classes) pair: the classes of that size, together every class and
        // every board.
        assert_eq!(orbits.iter().map(|o| o.1).sum::<u128>(), r.classes.total());
        assert_eq!(orbits.iter().map(|o| o.0 * o.1).sum::<u128>(), r.total);
        // Solutions exactly where gcd(n, 6) = 1.
        assert_eq!(r.total > 0, r.n % 2 != 0 && r.n % 3 != 0, "n={}", r.n);
    }
    // A053994 and its orbit sizes are published for board 23: 31,381 classes.
    let k = published.lookup(23).unwrap();
    assert_eq!((k.total, k.classes), (Some(128_850_048), Some(31_381)));
    assert_eq!(rows[22].orbits, k.orbits);
    matches_a_fresh_count(path, &rows, 17, &["--board", "torus"]);
    let json: serde_json::Value = serde_json::from_str(&read("tables/torus.json")).unwrap();
    assert_eq!(json["rules"]["group"], "torus");
    for (j, r) in json["rows"].as_array().unwrap().iter().zip(&rows) {
        assert_eq!(
            j["classes"].as_u64().map(u128::from),
            Some(r.classes.total())
        );
        // The JSON's classes by orbit size are the CSV's.
        let orbits: Vec<(u128, u128)> = j["orbits"]
            .as_array()
            .unwrap_or_else(|| panic!("torus.json, n={}: no orbits", r.n))
            .iter()
            .map(|o| {
                let at = |k: &str| u128::from(o[k].as_u64().unwrap());
                (at("boards"), at("classes"))
            })
            .collect();
        assert_eq!(Some(orbits), r.orbits, "torus.json, n={}", r.n);
    }
    let md = read("tables/torus.md");
    assert_eq!(md.lines().filter(|l| l.starts_with("| ")).count(), 23 + 2);
}

/// torus-square.csv: the same boards as torus.csv, their classes under the square's 8
/// symmetries adding up to the boards by type, and to board 17 what the binary prints.
#[test]
fn torus_square_table_has_the_torus_boards_in_the_squares_classes() {
    let path = "tables/torus-square.csv";
    let rows = variant_rows(path, Rules::TORUS_QUEENS, Group::Square, 23);
    let torus = variant_rows("tables/torus.csv", Rules::TORUS_QUEENS, Group::Torus, 23);
    for (r, t) in rows.iter().zip(&torus) {
        assert_eq!(r.total, t.total, "n={}", r.n);
        let c = r.classes;
        if r.n > 1 {
            assert_eq!(
                8 * c.asymmetric + 4 * c.half_turn + 2 * c.quarter_turn,
                r.total
            );
        }
        // A class of the torus group is a union of classes of its subgroup.
        assert!(c.total() >= t.classes.total(), "n={}", r.n);
        assert_eq!(r.orbits, None);
    }
    assert_eq!(rows[12].classes.total(), 572);
    matches_a_fresh_count(
        path,
        &rows,
        17,
        &["--board", "torus", "--symmetries", "square"],
    );
}

/// superqueen-torus.csv (and its JSON and Markdown): boards 1..25 of the superqueens on the
/// torus under the torus group, nothing published (every row says `unknown`, never
/// verified), each a subset of the queens' boards of torus.csv, the orbit sizes adding up to
/// the classes and the boards, to board 19 what the current binary prints, and boards 23 and
/// 25 against their numbers (counted two ways: docs/new-terms.md).
#[test]
fn superqueen_torus_table_holds_the_orbits_and_a_fresh_count() {
    let path = "tables/superqueen-torus.csv";
    let rows = table::read_csv(read(path).as_bytes()).unwrap_or_else(|e| panic!("{path}: {e}"));
    assert_eq!(
        rows.iter().map(|r| r.n).collect::<Vec<_>>(),
        (1..=25).collect::<Vec<_>>()
    );
    let queens = variant_rows("tables/torus.csv", Rules::TORUS_QUEENS, Group::Torus, 23);
    for r in &rows {
        assert_eq!((r.rules, r.group), (Rules::TORUS_SUPERQUEENS, Group::Torus));
        assert_eq!(r.verdict, Verdict::Unknown, "{path}, n={}", r.n);
        let orbits = r.orbits.as_deref().unwrap_or(&[]);
        assert_eq!(orbits.iter().map(|o| o.1).sum::<u128>(), r.classes.total());
        assert_eq!(orbits.iter().map(|o| o.0 * o.1).sum::<u128>(), r.total);
        if let Some(q) = queens.get(r.n - 1) {
            assert!(r.total <= q.total && r.classes.total() <= q.classes.total());
        }
    }
    let at = |n: usize| (rows[n - 1].total, rows[n - 1].classes.total());
    assert_eq!(at(23), (1_881_492, 546));
    assert_eq!(at(25), (30_207_900, 6_564));
    matches_a_fresh_count(
        path,
        &rows,
        19,
        &["--board", "torus", "--piece", "superqueen"],
    );
    let json: serde_json::Value =
        serde_json::from_str(&read("tables/superqueen-torus.json")).unwrap();
    assert_eq!(json["rules"]["piece"], "superqueen");
    assert_eq!(json["rows"].as_array().map(Vec::len), Some(rows.len()));
    let md = read("tables/superqueen-torus.md");
    assert_eq!(md.lines().filter(|l| l.starts_with("| ")).count(), 25 + 2);
}

/// given.csv: n = 4..18, a queen on the corner and on a central square; each row what the
/// library counts now (completions, classes, the group, nodes) to n = 14, and to n = 10 the
/// number of the plain list's solutions that hold the queen.
#[test]
fn given_table_matches_a_fresh_count_and_the_plain_list() {
    let (header, rows) = records("tables/given.csv");
    assert_eq!(
        header,
        [
            "n",
            "place",
            "given",
            "completions",
            "classes",
            "group",
            "nodes"
        ]
    );
    assert_eq!(rows.len(), 2 * 15);
    for (i, r) in rows.iter().enumerate() {
        let n: usize = r[0].parse().unwrap();
        assert_eq!(n, 4 + i / 2);
        // The corner is row 0, column 0; the centre row and column (n - 1) / 2.
        let (place, at) = if i % 2 == 0 {
            ("corner", 0)
        } else {
            ("center", (n - 1) / 2)
        };
        assert_eq!(r[1], place);
        let square = format!("{}{}", (b'a' + at as u8) as char, n - at);
        assert_eq!(r[2], square, "n={n}");
        let (total, classes): (u128, u128) = (r[3].parse().unwrap(), r[4].parse().unwrap());
        if n <= 14 {
            let p = Partial::parse(n, Rules::QUEENS, &square, "").unwrap();
            let fresh = queens::Counter::new(n)
                .threads(2)
                .given(&p)
                .completions()
                .unwrap();
            assert_eq!(
                (fresh.total, fresh.classes, fresh.group.name(), fresh.nodes),
                (total, classes, r[5].clone(), r[6].parse().unwrap()),
                "given.csv, n={n} {square}"
            );
        }
        if n <= 10 {
            let mut holding = 0u128;
            queens::for_each_solution(n, |s| {
                holding += u128::from(s[at] as usize == at);
                ControlFlow::Continue(())
            })
            .unwrap();
            assert_eq!(total, holding, "the solutions holding {square}, n={n}");
        }
        // The corner keeps the transpose only; the centre all 8 on an odd board.
        let group = if place == "center" && n % 2 == 1 {
            "D4"
        } else {
            "{id, transpose}"
        };
        assert_eq!(r[5], group, "n={n} {square}");
    }
    // n = 8: 4 of the 92 boards have a queen on a8, in 2 classes of 2.
    assert_eq!(rows[8][3..5], ["4", "2"]);
}
