//! Pictures a teacher would print: every text inside its picture, plurals right, labels,
//! the whole class of one board, invalid boards with their attacks marked, and `render`'s
//! boards, classes and refusals.

use crate::common::assert_has;
use crate::common::queens_plain;
use crate::common::{dir, fails_with, stdout_of, svg_text};

/// Every `<text>` of `svg` with the box it takes (x from, x to, font size), and the
/// picture's width and height.
fn texts(svg: &str) -> (Vec<(String, f64, f64)>, f64, f64) {
    let doc = roxmltree::Document::parse(svg).expect("well-formed SVG");
    let root = doc.root_element();
    let size = |a: &str| root.attribute(a).unwrap().parse::<f64>().unwrap();
    let (w, h) = (size("width"), size("height"));
    let out = doc
        .descendants()
        .filter(|e| e.has_tag_name("text"))
        .map(|e| {
            let t = e.text().unwrap_or("").to_string();
            let x: f64 = e.attribute("x").unwrap().parse().unwrap();
            let y: f64 = e.attribute("y").unwrap().parse().unwrap();
            let fs: f64 = e.attribute("font-size").unwrap().parse().unwrap();
            // As wide as the library assumes (0.6 em a character, wider than common fonts).
            let width = t.chars().count() as f64 * fs * 0.6;
            let (from, to) = match e.attribute("text-anchor") {
                Some("middle") => (x - width / 2.0, x + width / 2.0),
                Some("end") => (x - width, x),
                _ => (x, x + width),
            };
            assert!(y - fs >= 0.0 && y <= h, "{t:?} at y = {y} outside 0..{h}");
            (t, from, to)
        })
        .collect();
    (out, w, h)
}

/// Asserts every text lies inside the picture, with a margin from its edges.
fn fits(svg: &str, what: &str) -> Vec<String> {
    let (texts, w, _) = texts(svg);
    for (t, from, to) in &texts {
        assert!(
            *from >= 4.0 && *to <= w - 4.0,
            "{what}: {t:?} spans {from}..{to} of 0..{w}"
        );
    }
    texts.into_iter().map(|t| t.0).collect()
}

/// The texts of `svg`, checked to fit as [`fits`] does, one per line.
fn fits_text(svg: &str, what: &str) -> String {
    fits(svg, what).join("\n")
}

fn count(svg: &str, class: &str) -> usize {
    let doc = roxmltree::Document::parse(svg).unwrap();
    doc.descendants()
        .filter(|e| e.attribute("class") == Some(class))
        .count()
}

/// Eight queens on one diagonal, drawn with `--allow-attacks`.
const DIAGONAL: &[&str] = &[
    "render",
    "8",
    "--solution",
    "0 1 2 3 4 5 6 7",
    "--allow-attacks",
    "-o",
    "-",
];

#[test]
fn every_picture_is_sized_to_its_text() {
    for n in ["1", "4", "5", "6", "8", "10"] {
        let svg = stdout_of(&["render", n, "--all-classes", "-o", "-"]);
        fits(&svg, &format!("--all-classes {n}"));
    }
    for args in [
        &["render", "1", "--solution", "0", "-o", "-"][..],
        &["render", "1", "--class", "1", "-o", "-"],
        &["render", "8", "--class", "10", "-o", "-"],
        &["render", "20", "--class", "1", "-o", "-"],
        &[
            "render", "32", "--class", "1", "--labels", "index", "-o", "-",
        ],
        &["render", "8", "--orbit", "0 4 7 5 2 6 1 3", "-o", "-"],
        &["render", "1", "--orbit", "0", "-o", "-"],
        DIAGONAL,
        &[
            "render",
            "8",
            "--solution",
            "a8 b2 c4 d1 e7 f5 g3 h6",
            "--labels",
            "chess",
            "-o",
            "-",
        ],
    ] {
        fits(&stdout_of(args), &format!("{args:?}"));
    }
}

#[test]
fn plurals_are_right() {
    let svg = stdout_of(&["render", "4", "--all-classes", "-o", "-"]);
    let text = fits_text(&svg, "n = 4");
    assert_has(
        &text,
        "n = 4: 1 class (0 asymmetric, 0 half-turn, 1 quarter-turn)",
    );
    assert!(!text.contains("1 classes"));
    let svg = stdout_of(&["render", "1", "--solution", "0", "-o", "-"]);
    assert!(fits_text(&svg, "n = 1").contains("a class of 1 board"));
    fails_with(
        &["render", "4", "--class", "2", "-o", "-"],
        2,
        "n = 4 has 1 class: --class must be 1",
    );
}

/// A class number beyond the published class count, or 0, is refused before any work (it
/// started a walk of all 2.9 × 10¹⁶ classes of n = 27, 7 × 10¹² progress units, to find that
/// there was no such class); where the count is not published (n > 27), one beyond what the
/// walk can reach is.
#[test]
fn render_refuses_a_class_beyond_the_class_count_before_any_work() {
    let d = dir();
    let svg = d.path().join("c.svg");
    let out = svg.to_str().unwrap();
    let n27 = "n = 27 has 29363495934315694 classes: --class must be 1 to 29363495934315694";
    for (n, class, needle) in [
        ("27", "18446744073709551615", n27),
        ("27", "29363495934315695", n27),
        ("27", "0", "--class must be 1 to 29363495934315694"),
        ("8", "13", "n = 8 has 12 classes: --class must be 1 to 12"),
        ("3", "1", "n = 3 has no solutions, so no class 1"),
        (
            "28",
            "1000000000001",
            "--class must be 1 to 1000000000000 for n = 28: its class count is not published",
        ),
        ("32", "0", "--class must be 1 to 1000000000000 for n = 32"),
    ] {
        let args = ["render", n, "--class", class, "-o", out];
        fails_with(&args, 2, needle);
        assert!(!svg.exists(), "{args:?}");
    }
    // The last class of n = 8, and a first one beyond the table, are still drawn.
    let text = svg_text(&stdout_of(&["render", "8", "--class", "12", "-o", "-"]));
    assert_has(&text, "class 12 of 12");
    let text = svg_text(&stdout_of(&["render", "28", "--class", "1", "-o", "-"]));
    assert_has(&text, "class 1");
}

#[test]
fn labels_say_how_a_board_reads() {
    let labels = |kind: &str| {
        let svg = stdout_of(&[
            "render",
            "8",
            "--solution",
            "0 4 7 5 2 6 1 3",
            "--labels",
            kind,
            "-o",
            "-",
        ]);
        fits(&svg, kind)
    };
    let index = labels("index");
    for i in 0..8 {
        assert_eq!(
            index.iter().filter(|t| **t == i.to_string()).count(),
            2,
            "row and column {i}"
        );
    }
    let chess = labels("chess");
    for f in ["a", "b", "c", "d", "e", "f", "g", "h", "1", "8"] {
        assert!(chess.iter().any(|t| t == f), "{f}: {chess:?}");
    }
    assert!(
        chess.iter().any(|t| t == "a8 b2 c4 d1 e7 f5 g3 h6"),
        "{chess:?}"
    );
    let none = labels("none");
    assert!(none.iter().all(|t| t.len() > 2), "{none:?}");
    // The default is index.
    let plain = stdout_of(&["render", "8", "--solution", "0 4 7 5 2 6 1 3", "-o", "-"]);
    assert_eq!(fits(&plain, "default"), index);
    fails_with(
        &[
            "render", "27", "--class", "1", "--labels", "chess", "-o", "-",
        ],
        2,
        "n ≤ 26",
    );
}

#[test]
fn orbit_draws_the_whole_class_with_its_transforms() {
    let svg = stdout_of(&["render", "8", "--orbit", "2 4 1 7 0 6 3 5", "-o", "-"]);
    assert_eq!(count(&svg, "member"), 4);
    assert_eq!(count(&svg, "queen"), 32);
    let text = fits_text(&svg, "orbit");
    for caption in [
        "id = rot180",
        "rot90 = rot270",
        "transpose = antitranspose",
        "flipcols = fliprows",
    ] {
        assert!(text.contains(caption), "{caption}: {text}");
    }
    assert_has(&text, "symmetric under a half turn: a class of 4 boards");
    assert_has(&text, "rot90: a quarter turn clockwise");
    let svg = stdout_of(&["render", "8", "--orbit", "15863724", "-o", "-"]);
    assert_eq!(count(&svg, "member"), 8);
    fails_with(
        &["render", "8", "--orbit", "0 1 2 3 4 5 6 7", "-o", "-"],
        2,
        "not a solution",
    );
}

#[test]
fn invalid_boards_are_drawn_with_their_attacks() {
    let svg = stdout_of(DIAGONAL);
    // Eight queens on one diagonal: every pair attacks, 8·7/2 = 28 lines.
    assert_eq!(count(&svg, "attack"), 28);
    assert_eq!(count(&svg, "attacked"), 8);
    assert_eq!(count(&svg, "queen"), 8);
    assert!(fits_text(&svg, "attacks").contains("not a solution: 28 attacking pairs"));
    // A repeated column and two diagonals, in chess terms with chess labels.
    let svg = stdout_of(&[
        "render",
        "4",
        "--solution",
        "1 3 0 1",
        "--allow-attacks",
        "--labels",
        "chess",
        "-o",
        "-",
    ]);
    // Rows 0 and 3 share column 1; rows 1 and 3, 2 and 3 share diagonals.
    assert_eq!(count(&svg, "attack"), 3);
    let text = fits_text(&svg, "three pairs");
    assert_has(&text, "not a solution: 3 attacking pairs");
    assert_has(&text, "b4–b1");
    // A solution with --allow-attacks is drawn with no attack.
    let svg = stdout_of(&[
        "render",
        "4",
        "--solution",
        "1 3 0 2",
        "--allow-attacks",
        "-o",
        "-",
    ]);
    assert_eq!(count(&svg, "attack"), 0);
    assert!(fits_text(&svg, "solution").contains("a solution: no two queens attack"));
    // Without it the board is refused, with a pointer to the option.
    fails_with(
        &["render", "8", "--solution", "0 1 2 3 4 5 6 7", "-o", "-"],
        2,
        "--allow-attacks",
    );
    fails_with(
        &[
            "render",
            "4",
            "--solution",
            "0 1 2 4",
            "--allow-attacks",
            "-o",
            "-",
        ],
        2,
        "outside",
    );
}

// ---------------------------------------------------------------- render

/// The queens of an SVG picture: (row, col) of every `<path class="queen">`.
fn queens_in(svg: &str) -> Vec<(usize, usize)> {
    let doc = roxmltree::Document::parse(svg).expect("well-formed SVG");
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    doc.descendants()
        .filter(|e| e.attribute("class") == Some("queen"))
        .map(|e| {
            let get = |a: &str| e.attribute(a).unwrap().parse().unwrap();
            (get("data-row"), get("data-col"))
        })
        .collect()
}

#[test]
fn render_draws_one_solution_with_its_symmetry() {
    let d = dir();
    let file = d.path().join("b.svg");
    queens_plain()
        .args(["render", "8", "--solution", "0 4 7 5 2 6 1 3", "-o"])
        .arg(&file)
        .assert()
        .success();
    let svg = std::fs::read_to_string(&file).unwrap();
    let qs = queens_in(&svg);
    assert_eq!(qs, (0..8).zip([0, 4, 7, 5, 2, 6, 1, 3]).collect::<Vec<_>>());
    assert!(svg_text(&svg).contains("asymmetric: a class of 8 boards"));
}

#[test]
fn render_class_draws_the_canonical_solution() {
    let svg = stdout_of(&["render", "8", "--class", "10", "-o", "-"]);
    let canonical: Vec<usize> = "2 4 1 7 0 6 3 5"
        .split(' ')
        .map(|c| c.parse().unwrap())
        .collect();
    assert_eq!(
        queens_in(&svg),
        canonical.into_iter().enumerate().collect::<Vec<_>>()
    );
    let text = svg_text(&svg);
    assert_has(&text, "class 10 of 12");
    assert!(text.contains("symmetric under a half turn: a class of 4 boards"));
    let svg = stdout_of(&["render", "4", "--class", "1", "-o", "-"]);
    assert!(svg_text(&svg).contains("quarter turn: a class of 2 boards"));
    // Beyond n = 14 the caption does not count the classes (that would list every solution).
    let svg = stdout_of(&["render", "20", "--class", "1", "-o", "-"]);
    assert_eq!(queens_in(&svg).len(), 20);
    let text = svg_text(&svg);
    assert!(
        text.contains("class 1\n") && !text.contains("class 1 of"),
        "{text}"
    );
}

#[test]
fn render_all_classes_lays_out_the_12_classes_of_n8() {
    let svg = stdout_of(&["render", "8", "--all-classes", "-o", "-"]);
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let groups: Vec<_> = doc
        .descendants()
        .filter(|e| e.attribute("class") == Some("class"))
        .collect();
    assert_eq!(groups.len(), 12);
    for g in &groups {
        let qs = g
            .descendants()
            .filter(|e| e.attribute("class") == Some("queen"))
            .count();
        assert_eq!(qs, 8);
    }
    assert_eq!(queens_in(&svg).len(), 96);
    let text = svg_text(&svg);
    assert!(text.contains("12 classes (11 asymmetric, 1 half-turn, 0 quarter-turn)"));
    assert_eq!(text.matches("half-turn (4)").count(), 1);
}

#[test]
fn render_rejects_bad_requests() {
    for (args, needle) in [
        (
            &["8", "--solution", "1 3 0 2", "-o", "-"][..],
            "4 columns but N is 8",
        ),
        (
            &["8", "--solution", "0 1", "-o", "-"],
            "the board has 2 columns but N is 8",
        ),
        (
            &["8", "--solution", "0 1 2 3 4 5 6 7", "-o", "-"],
            "not a solution",
        ),
        (
            &["8", "--class", "13", "-o", "-"],
            "--class must be 1 to 12",
        ),
        (&["8", "--class", "0", "-o", "-"], "1 to 12"),
        (&["3", "--class", "1", "-o", "-"], "no solutions"),
        (&["3", "--all-classes", "-o", "-"], "no solutions"),
        (&["12", "--all-classes", "-o", "-"], "up to 11"),
        (&["8", "-o", "-"], "required"),
        (
            &["8", "--class", "1", "--all-classes", "-o", "-"],
            "cannot be used with",
        ),
        (&["8", "--class", "1"], "--output"),
        (
            &["8", "--class", "1", "-o", "/no/such/dir/x.svg"],
            "does not exist",
        ),
    ] {
        let mut all = vec!["render"];
        all.extend(args);
        fails_with(&all, 2, needle);
    }
}
