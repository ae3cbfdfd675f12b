//! The published tables in data/tables/ and pictures in data/pictures/: each parses with the
//! current readers and agrees with the published sequences (data/known.csv) and, for the sizes
//! cheap enough to recompute here, with a fresh computation.

use crate::common::{csv_records, stdout_of};
use queens::classify;
use queens::formats::table;
use queens::search::profile::plain_profile;
use queens::symmetry::SymmetryType;
use queens::verify::{self, Verdict};
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
