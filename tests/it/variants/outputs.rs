//! The variants named in every output (issue 40, point 4): a table of superqueens or of the
//! torus cannot be taken for one of queens (the human table's last line, the CSV's leading
//! columns, the JSON's `rules`, the Markdown caption and headings, verify's lines, the
//! profiles), and reading one back keeps its rules: `--known` and `plot` take them, a table
//! that mixes rule sets, or a `--known` table of other rules than the count's, is refused in
//! one line (exit 2). The queens' CSV is unchanged.

use crate::common::{
    Succeeds, csv_records, dir, fails_with, file_with, path_str, queens, stdout_of,
};

/// `count --piece superqueen` in every format names the rules and the group of the classes;
/// the values are A051223, A051224 and A352661–A352663 at n = 10 to 12.
#[test]
fn every_format_of_a_count_names_the_rules() {
    let sq = ["count", "10-12", "--piece", "superqueen"];
    let human = stdout_of(&sq);
    assert_eq!(
        human.lines().last(),
        Some("superqueens on the plane; classes under the 8 symmetries of the square"),
        "{human}"
    );
    let csv = stdout_of(&[&sq[..], &["--csv", "-"]].concat());
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(
        lines[0],
        "piece,board,group,n,total,classes,asymmetric,half_turn,quarter_turn,nodes,seconds,\
         engine,kernel,threads,verified"
    );
    let (_, rows) = csv_records(&csv);
    let counts: Vec<String> = rows.iter().map(|r| r[..9].join(",")).collect();
    assert_eq!(
        counts,
        [
            "superqueen,plane,square,10,4,1,0,1,0",
            "superqueen,plane,square,11,44,6,5,1,0",
            "superqueen,plane,square,12,156,22,18,2,2",
        ]
    );
    let json: serde_json::Value =
        serde_json::from_str(&stdout_of(&[&sq[..], &["--json", "-"]].concat())).unwrap();
    assert_eq!(
        json["rules"],
        serde_json::json!({"piece": "superqueen", "board": "plane", "group": "square"})
    );
    assert_eq!(json["rows"][2]["quarter_turn"], 2);
    assert_eq!(json["verified_against"], "OEIS");
    // Nothing is published of the superqueens on the torus: the JSON does not claim OEIS.
    let none = [
        "count",
        "11-13",
        "--piece",
        "superqueen",
        "--board",
        "torus",
        "--json",
        "-",
    ];
    let json: serde_json::Value = serde_json::from_str(&stdout_of(&none)).unwrap();
    assert_eq!(
        json["verified_against"],
        "nothing: no values of these rules are published"
    );
    assert_eq!(json["rows"][2]["verified"], "unknown");
    let md = stdout_of(&[&none[..6], &["--markdown", "-"]].concat());
    assert!(
        md.trim_end()
            .ends_with("`verified` compares with nothing: no values of these rules are published."),
        "{md}"
    );
    let md = stdout_of(&[&sq[..], &["--markdown", "-"]].concat());
    assert!(
        md.trim_end()
            .ends_with("`verified` compares with the published OEIS values."),
        "{md}"
    );
    let md = stdout_of(&[&sq[..], &["--markdown", "-"]].concat());
    let md: Vec<&str> = md.lines().collect();
    assert_eq!(
        md[0],
        "Superqueens on the plane; classes under the 8 symmetries of the square."
    );
    assert!(
        md[2].starts_with(
            "| n | total (A051223) | classes (A051224) | asymmetric (A352663) | half-turn \
             (A352662) | quarter-turn (A352661) | nodes |"
        ),
        "{}",
        md[2]
    );
    assert!(
        md[4].starts_with("| 10 | 4 | 1 | 0 | 1 | 0 | "),
        "{}",
        md[4]
    );
    // The torus: its total is A051906; its classes under the square's symmetries have no
    // A-number. Under the torus group (the default there) the classes by orbit size follow
    // the caption.
    let torus = ["count", "5-7", "--board", "torus", "--symmetries", "square"];
    assert_eq!(
        stdout_of(&torus).lines().last(),
        Some("queens on the torus; classes under the 8 symmetries of the square")
    );
    let under_torus = stdout_of(&["count", "5-7", "--board", "torus"]);
    let tail: Vec<&str> = under_torus.lines().rev().take(3).collect();
    assert_eq!(
        tail,
        [
            "n = 7: classes by orbit size (boards:classes) 28:1",
            "n = 5: classes by orbit size (boards:classes) 10:1",
            "queens on the torus; classes under the 8 symmetries of the square with the n² \
             shifts of the torus"
        ]
    );
    let md = stdout_of(&[&torus[..], &["--markdown", "-"]].concat());
    assert!(
        md.contains("\n| n | total (A051906) | classes | asymmetric | half-turn | quarter-turn |"),
        "{md}"
    );
    assert!(!md.contains("orbit size"), "{md}");
    // Under the torus group the Markdown ends each row with its classes by orbit size.
    let md = stdout_of(&["count", "5-7", "--board", "torus", "--markdown", "-"]);
    let lines: Vec<&str> = md.lines().filter(|l| l.starts_with("| ")).collect();
    assert!(
        lines[0].ends_with(" | verified | classes by orbit size (boards:classes) |"),
        "{md}"
    );
    let last = |l: &str| {
        l.trim_end_matches(" |")
            .rsplit(" | ")
            .next()
            .unwrap()
            .to_string()
    };
    let orbits: Vec<String> = lines[2..].iter().map(|l| last(l)).collect();
    assert_eq!(orbits, ["10:1", "-", "28:1"], "{md}");
    let (header, rows) = csv_records(&stdout_of(&[&torus[..], &["--csv", "-"]].concat()));
    assert_eq!(header[..5], ["piece", "board", "group", "n", "total"]);
    assert_eq!(rows[0][..6], ["queen", "torus", "square", "5", "10", "2"]);
}

/// The queens' outputs stay as they were: the CSV without the rules' columns, the human table
/// without the caption (the JSON names the queens' rules too).
#[test]
fn the_queens_tables_are_unchanged() {
    let csv = stdout_of(&["count", "8", "--csv", "-"]);
    assert!(
        csv.starts_with("n,total,classes,asymmetric,half_turn,quarter_turn,nodes,seconds,engine,")
    );
    assert!(csv.contains("\n8,92,12,11,1,0,"), "{csv}");
    let human = stdout_of(&["count", "8"]);
    assert!(!human.contains("queens on the"), "{human}");
    let json: serde_json::Value =
        serde_json::from_str(&stdout_of(&["count", "8", "--json", "-"])).unwrap();
    assert_eq!(json["rules"]["piece"], "queen");
    assert_eq!(json["rules"]["group"], "square");
}

/// `verify` names the rules in its PASS and FAIL lines.
#[test]
fn verify_lines_name_the_rules() {
    assert_eq!(
        stdout_of(&["verify", "11", "--piece", "superqueen"]),
        "PASS n=11 (superqueen-plane): total 44, classes 6 under D4 (5 asymmetric, 1 half_turn, \
         0 quarter_turn)\n"
    );
    assert_eq!(
        stdout_of(&["verify", "8"]),
        "PASS n=8: total 92, classes 12 (11 asymmetric, 1 half_turn, 0 quarter_turn)\n"
    );
}

/// `profile --piece`'s CSV has the rules in its leading columns and its JSON a `rules`
/// object; the last depth holds A051223(11) = 44 solutions.
#[test]
fn profiles_name_the_rules() {
    let args = ["profile", "11", "--piece", "superqueen"];
    let (header, rows) = csv_records(&stdout_of(&[&args[..], &["--csv", "-"]].concat()));
    assert_eq!(
        header,
        [
            "piece",
            "board",
            "n",
            "engine",
            "depth",
            "nodes",
            "solutions"
        ]
    );
    let last = rows.last().unwrap();
    assert_eq!(last[..5], ["superqueen", "plane", "11", "enumerate", "11"]);
    assert_eq!(last[6], "44");
    let json: serde_json::Value =
        serde_json::from_str(&stdout_of(&[&args[..], &["--json", "-"]].concat())).unwrap();
    assert_eq!(
        json["rules"],
        serde_json::json!({"piece": "superqueen", "board": "plane"})
    );
    let (header, _) = csv_records(&stdout_of(&["profile", "8", "--csv", "-"]));
    assert_eq!(header[0], "n");
}

/// A variant's table read back keeps its rules: `--known` verifies a count of the same rules
/// against it and refuses a count of other rules; `plot` compares it with the rules' own
/// published values (no warning); a table mixing two rule sets is refused.
#[test]
fn a_table_read_back_keeps_its_rules() {
    let d = dir();
    let t = d.path().join("sq.csv");
    let j = d.path().join("sq.json");
    queens()
        .args(["count", "10-12", "--piece", "superqueen", "--csv"])
        .arg(&t)
        .arg("--json")
        .arg(&j)
        .assert()
        .success();
    let known = ["--known", path_str(&t)];
    let out = stdout_of(&[&["verify", "10-12", "--piece", "superqueen"], &known[..]].concat());
    assert!(
        out.starts_with("PASS n=10 (superqueen-plane): total 4,"),
        "{out}"
    );
    fails_with(
        &[&["count", "10-12"], &known[..]].concat(),
        2,
        &format!(
            "queens: error: --known: '{}' holds the values of superqueen-plane, not of the rules \
             counted (queen-plane)",
            path_str(&t)
        ),
    );
    // The same rules with classes under another group: the groups are named.
    let square = d.path().join("square.csv");
    let args = [
        "count",
        "5,7",
        "--board",
        "torus",
        "--symmetries",
        "square",
        "--csv",
    ];
    queens().args(args).arg(&square).assert().success();
    fails_with(
        &[
            "count",
            "5,7",
            "--board",
            "torus",
            "--known",
            path_str(&square),
        ],
        2,
        &format!(
            "queens: error: --known: '{}' holds the values of queen-torus, classes under D4, not \
             of the rules counted (queen-torus, classes under the torus group)",
            path_str(&square)
        ),
    );
    for table in [&t, &j] {
        let o = queens()
            .args(["plot", path_str(table), "-o", "-"])
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(0));
        assert_eq!(
            String::from_utf8_lossy(&o.stderr),
            "",
            "{}",
            table.display()
        );
    }
    let text = std::fs::read_to_string(&t).unwrap();
    let mixed = text.replacen(
        "\nsuperqueen,plane,square,11,",
        "\nsuperqueen,torus,square,11,",
        1,
    );
    let m = file_with(d.path(), "mixed.csv", &mixed);
    fails_with(
        &["plot", path_str(&m), "-o", "-"],
        2,
        "line 3: superqueen-torus under D4, but the table's first row is superqueen-plane under \
         D4: one table holds the counts of one rule set",
    );
    let unknown = text.replacen(
        "\nsuperqueen,plane,square,11,",
        "\nknight,plane,square,11,",
        1,
    );
    let u = file_with(d.path(), "unknown.csv", &unknown);
    fails_with(
        &[
            "count",
            "11",
            "--piece",
            "superqueen",
            "--known",
            path_str(&u),
        ],
        2,
        "line 3: piece \"knight\" on board \"plane\"",
    );
}

/// The merge of a variant's parts is a table of its rules, in every format.
#[test]
fn a_merge_of_a_variant_s_parts_names_the_rules() {
    let d = dir();
    let parts: Vec<String> = (0..2)
        .map(|res| {
            let file = d.path().join(format!("p{res}.csv"));
            let spec = format!("{res}/2");
            queens()
                .args(["count", "11", "--board", "torus", "--part", &spec, "--csv"])
                .arg(&file)
                .assert()
                .success();
            path_str(&file).to_string()
        })
        .collect();
    let merged = stdout_of(&["merge", &parts[0], &parts[1], "--csv", "-"]);
    let (header, rows) = csv_records(&merged);
    assert_eq!(header[..4], ["piece", "board", "group", "n"]);
    // The parts carry the boards by stabilizer: the classes are the torus group's.
    assert_eq!(rows[0][..6], ["queen", "torus", "torus", "11", "88", "2"]);
    let human = stdout_of(&["merge", &parts[0], &parts[1]]);
    assert!(
        human.contains(
            "queens on the torus; classes under the 8 symmetries of the square with the n² \
             shifts of the torus\nn = 11: classes by orbit size (boards:classes) 44:2"
        ),
        "{human}"
    );
}

/// The published values of `data/variants.csv` (verification only): `column` of the rows of
/// `piece` on `board`, by n.
fn published(piece: &str, board: &str, column: &str) -> Vec<(usize, String)> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/data/variants.csv");
    let text = std::fs::read_to_string(path).unwrap();
    let body: String = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| format!("{l}\n"))
        .collect();
    let (header, rows) = csv_records(&body);
    let col = |name: &str| header.iter().position(|h| h == name).unwrap();
    rows.iter()
        .filter(|r| r[col("piece")] == piece && r[col("board")] == board)
        .map(|r| (r[col("n")].parse().unwrap(), r[col(column)].clone()))
        .collect()
}

/// `--bfile --sequence` of each variant's published sequences: the superqueens' A051223 and
/// A051224, the torus's A051906 (every n), A007705 (board 2k+1 as k), A071607 (total / n
/// on board 2k+1), A053994 (the torus group's classes, board 2k+1 as k) and A054500–A054502
/// (its classes by orbit size, an entry each), each term as data/variants.csv has it.
#[test]
fn the_b_files_of_the_variants_list_their_published_terms() {
    let bfile = |flags: &[&str], sizes: &str, sequence: &str| {
        stdout_of(
            &[
                &["count", sizes],
                flags,
                &["--bfile", "-", "--sequence", sequence],
            ]
            .concat(),
        )
    };
    let expected = |terms: Vec<(usize, String)>, to: usize| -> String {
        terms
            .iter()
            .filter(|(n, _)| *n <= to)
            .map(|(n, t)| format!("{n} {t}\n"))
            .collect()
    };
    let sq = ["--piece", "superqueen"];
    assert_eq!(
        bfile(&sq, "1-13", "A051223"),
        expected(published("superqueen", "plane", "total"), 13)
    );
    assert!(bfile(&sq, "1-13", "a051223").ends_with("10 4\n11 44\n12 156\n13 1876\n"));
    assert_eq!(
        bfile(&sq, "1-13", "A051224"),
        expected(published("superqueen", "plane", "classes"), 13)
    );
    let torus = ["--board", "torus"];
    assert_eq!(
        bfile(&torus, "1-13", "A051906"),
        expected(published("queen", "torus", "total"), 13)
    );
    // Board 2k+1 as k: the odd boards of the table, the even ones left out.
    let odd = |column| -> Vec<(usize, String)> {
        published("queen", "torus", column)
            .into_iter()
            .filter(|(n, _)| n % 2 == 1)
            .map(|(n, t)| (n / 2, t))
            .collect()
    };
    let a007705 = expected(odd("total"), 6);
    assert_eq!(a007705, "0 1\n1 0\n2 10\n3 28\n4 0\n5 88\n6 4524\n");
    assert_eq!(bfile(&torus, "1-13", "A007705"), a007705);
    assert_eq!(bfile(&torus, "1,3,5,7,9,11,13", "A007705"), a007705);
    let a071607 = expected(odd("corner"), 6);
    assert_eq!(a071607, "0 1\n1 0\n2 2\n3 4\n4 0\n5 8\n6 348\n");
    assert_eq!(bfile(&torus, "1-13", "A071607"), a071607);
    // The classes under the torus group, board 2k+1 as k (A053994).
    let a053994 = expected(odd("classes"), 8);
    assert_eq!(a053994, "0 1\n1 0\n2 1\n3 1\n4 0\n5 2\n6 11\n7 0\n8 97\n");
    assert_eq!(bfile(&torus, "1-17", "A053994"), a053994);
    assert_eq!(bfile(&torus, "1,3,5,7,9,11,13,15,17", "A053994"), a053994);
    // The classes by orbit size: an entry per board and size, numbered from 1 (A054500 the
    // board, A054501 the size, A054502 the classes), from the table's orbits column.
    let entries: Vec<(usize, u128, u128)> = published("queen", "torus", "orbits")
        .into_iter()
        .filter(|(n, orbits)| *n <= 17 && !orbits.is_empty())
        .flat_map(|(n, orbits)| {
            queens::torus_group::parse_orbits(&orbits)
                .unwrap()
                .into_iter()
                .map(move |(size, classes)| (n, size, classes))
        })
        .collect();
    let column = |pick: fn(&(usize, u128, u128)) -> u128| -> String {
        entries
            .iter()
            .enumerate()
            .map(|(i, e)| format!("{} {}\n", i + 1, pick(e)))
            .collect()
    };
    assert_eq!(entries.len(), 13);
    let a054501 = column(|e| e.1);
    assert!(
        a054501.starts_with("1 1\n2 10\n3 28\n4 44\n5 26\n6 52\n"),
        "{a054501}"
    );
    assert_eq!(bfile(&torus, "1-17", "A054500"), column(|e| e.0 as u128));
    assert_eq!(bfile(&torus, "1-17", "A054501"), a054501);
    assert_eq!(bfile(&torus, "1-17", "A054502"), column(|e| e.2));
    // The same from merged parts of the torus plan.
    let d = crate::common::dir();
    let parts: Vec<String> = (0..2)
        .map(|r| {
            let file = d.path().join(format!("p{r}.csv"));
            let spec = format!("{r}/2");
            let file_text = file.to_str().unwrap().to_string();
            stdout_of(&[
                "count", "1-17", "--board", "torus", "--part", &spec, "--csv", &file_text,
            ]);
            file_text
        })
        .collect();
    let merged = stdout_of(&[
        "merge",
        &parts[0],
        &parts[1],
        "--bfile",
        "-",
        "--sequence",
        "A054502",
    ]);
    assert_eq!(merged, column(|e| e.2));
}

/// A b-file of a sequence of other rules than the count's is refused in one line naming the
/// flags or the sequences that go together, and one of the torus group's tables that does not
/// start at board 1 in one line naming why; before any work, exit 2. The torus group's
/// sequences refuse the classes under the square's symmetries alone.
#[test]
fn a_b_file_of_the_wrong_rules_or_of_uncounted_classes_is_refused() {
    fails_with(
        &["count", "1-12", "--bfile", "-", "--sequence", "A051223"],
        2,
        "queens: error: --bfile: A051223 lists superqueens on the plane: add --piece superqueen \
         --board plane",
    );
    // Superqueens on the torus: a b-file of a sequence of other rules, or of none.
    let superqueens_on_the_torus = [
        "count",
        "1-7",
        "--piece",
        "superqueen",
        "--board",
        "torus",
        "--bfile",
        "-",
    ];
    fails_with(
        &[&superqueens_on_the_torus[..], &["--sequence", "A051906"]].concat(),
        2,
        "--bfile: A051906 lists queens on the torus: add --piece queen --board torus",
    );
    fails_with(
        &["count", "1-12", "--piece", "superqueen", "--bfile", "-"],
        2,
        "queens: error: --bfile: A000170 lists queens on the plane, not superqueens on the \
         plane: give --sequence A051223 or A051224 (or leave out --piece and --board)",
    );
    fails_with(
        &superqueens_on_the_torus,
        2,
        "--bfile: A000170 lists queens on the plane, and no sequence of superqueens on the \
         torus is published: leave out --bfile",
    );
    // The torus group's tables number their entries over the boards from 1 on.
    fails_with(
        &[
            "count",
            "5-13",
            "--board",
            "torus",
            "--bfile",
            "-",
            "--sequence",
            "A054501",
        ],
        2,
        "queens: error: --bfile: A054501 numbers its entries over the boards from 1 on: give \
         the sizes from 1 (they start at 5)",
    );
    // Their classes are the torus group's: not under the square's symmetries alone.
    for sequence in ["A053994", "A054500"] {
        fails_with(
            &[
                "count",
                "1-7",
                "--board",
                "torus",
                "--symmetries",
                "square",
                "--bfile",
                "-",
                "--sequence",
                sequence,
            ],
            2,
            &format!(
                "queens: error: --bfile: {sequence} counts the classes under the torus group: \
                 leave out --symmetries square"
            ),
        );
    }
    fails_with(
        &[
            "count",
            "1,5",
            "--board",
            "torus",
            "--bfile",
            "-",
            "--sequence",
            "A007705",
        ],
        2,
        "--bfile: a b-file lists consecutive terms in increasing order, but board 5 follows board 1",
    );
}

/// `classify` of `stdin` with `args`: its stdout.
fn classified(stdin: &str, args: &[&str]) -> String {
    let out = queens()
        .arg("classify")
        .args(args)
        .write_stdin(stdin)
        .succeeds();
    String::from_utf8(out.stdout).unwrap()
}

/// Lists and `classify` name the rules where they are not the queens', as the tables do: the
/// CSV leads with `piece,board,group` (`classify`'s with `piece,surface,group`, its `board`
/// being the board classified), the JSON objects open with the same keys, the Markdown opens
/// with the tables' caption, a plain list of classes says "under the torus group" and
/// `classify`'s table ends with the caption. The files read back; the queens' read as before.
#[test]
fn lists_and_classify_name_the_rules() {
    let torus = ["list", "7", "--board", "torus", "--classes"];
    let csv = stdout_of(&[&torus[..], &["--format", "csv"]].concat());
    assert_eq!(
        csv,
        "piece,board,group,index,canonical,symmetry,class_size\n\
         queen,torus,torus,1,0 2 4 6 1 3 5,half_turn,28\n"
    );
    let json: serde_json::Value =
        serde_json::from_str(&stdout_of(&[&torus[..], &["--format", "json"]].concat())).unwrap();
    assert_eq!(
        json[0],
        serde_json::json!({"piece": "queen", "board": "torus", "group": "torus", "class": 1,
            "canonical": "0 2 4 6 1 3 5", "symmetry": "half_turn", "class_size": 28})
    );
    let md = stdout_of(&[&torus[..], &["--format", "markdown"]].concat());
    assert!(
        md.starts_with(
            "Queens on the torus; classes under the 8 symmetries of the square with the n² \
             shifts of the torus.\n\n| class | canonical |"
        ),
        "{md}"
    );
    assert_eq!(
        stdout_of(&torus),
        "0 2 4 6 1 3 5  # class 1: half_turn, 28 boards under the torus group\n"
    );
    // Every kind of list: the solutions, a class's members, the completions.
    let header = |args: &[&str]| stdout_of(args).lines().next().unwrap_or("").to_string();
    let sq = ["list", "11", "--piece", "superqueen", "--format", "csv"];
    assert_eq!(header(&sq), "piece,board,group,index,solution");
    let orbit = [
        "list",
        "7",
        "--board",
        "torus",
        "--orbit",
        "0 2 4 6 1 3 5",
        "--format",
        "csv",
    ];
    assert_eq!(
        header(&orbit),
        "piece,board,group,index,solution,transforms"
    );
    let given = [&sq[..], &["--given", "a11"]].concat();
    let completions = stdout_of(&given);
    assert_eq!(completions.lines().count(), 1 + 4, "{completions}");
    assert!(
        completions
            .lines()
            .skip(1)
            .all(|l| l.starts_with("superqueen,plane,square,"))
    );
    // classify, in each format.
    let board = "0 2 4 6 1 3 5\n";
    let csv = classified(board, &["--surface", "torus", "--format", "csv"]);
    let (head, rows) = csv_records(&csv);
    assert_eq!(
        head[..6],
        ["piece", "surface", "group", "line", "n", "board"]
    );
    assert_eq!(
        rows[0][..9],
        [
            "queen",
            "torus",
            "torus",
            "1",
            "7",
            board.trim(),
            board.trim(),
            "half_turn",
            "28"
        ]
    );
    let json: serde_json::Value = serde_json::from_str(&classified(
        board,
        &["--surface", "torus", "--format", "json"],
    ))
    .unwrap();
    assert_eq!(
        (
            &json[0]["piece"],
            &json[0]["surface"],
            &json[0]["group"],
            &json[0]["board"]
        ),
        (
            &serde_json::json!("queen"),
            &serde_json::json!("torus"),
            &serde_json::json!("torus"),
            &serde_json::json!("0 2 4 6 1 3 5")
        )
    );
    let md = classified(board, &["--surface", "torus", "--format", "markdown"]);
    assert!(
        md.starts_with("Queens on the torus; classes under "),
        "{md}"
    );
    let human = classified(board, &["--surface", "torus"]);
    assert_eq!(
        human.lines().last(),
        Some(
            "queens on the torus; classes under the 8 symmetries of the square with the n² shifts of the torus"
        )
    );
    // The files read back: a list's CSV and classify's own.
    let listed = stdout_of(&[&torus[..], &["--format", "csv"]].concat());
    for text in [listed, csv] {
        let again = classified(&text, &["--surface", "torus", "--format", "csv"]);
        let (_, rows) = csv_records(&again);
        assert_eq!(rows.len(), 1, "{again}");
        assert_eq!(rows[0][8], "28", "{again}");
    }
    // A list of the tool's is classified under the rules it names, quietly; each flag given
    // takes its part of the rules, and the difference is said.
    let listed = stdout_of(&[&torus[..], &["--format", "csv"]].concat());
    let classify = |args: &[&str], input: &str, code: i32| {
        let out = (queens().arg("classify").args(args))
            .args(["--format", "csv"])
            .write_stdin(input.to_string())
            .exits(code);
        let (columns, rows) = csv_records(&String::from_utf8(out.stdout).unwrap());
        assert_eq!(rows.len(), 1, "{args:?}");
        // The rules' columns and the class size.
        let row = format!(
            "{} {} {}",
            columns[..3].join(","),
            rows[0][..3].join(","),
            rows[0][8]
        );
        (String::from_utf8(out.stderr).unwrap(), row)
    };
    let torus_torus = "piece,surface,group queen,torus,torus 28";
    assert_eq!(
        classify(&[], &listed, 0),
        (String::new(), torus_torus.into())
    );
    assert_eq!(
        classify(&["--symmetries", "torus"], &listed, 0),
        (String::new(), torus_torus.into())
    );
    // The torus's boards under the square's symmetries.
    assert_eq!(
        classify(&["--symmetries", "square"], &listed, 0),
        (
            "queens: note: the input lists queens on the torus, classes under the torus group; \
             its boards were classified as queens on the torus, classes under the square's \
             group: --piece, --surface and --symmetries choose the rules\n"
                .into(),
            "piece,surface,group queen,torus,square 8".into()
        )
    );
    // The rules are taken from the first record, whatever bad lines come before it.
    let (err, row) = classify(&["--from", "csv"], &format!("a title line\n{listed}"), 1);
    assert_eq!(row, torus_torus, "{err}");
    let out = queens()
        .args(["classify", "--surface", "torus"])
        .write_stdin(listed)
        .succeeds();
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // The queens' lists and classify read as they always have.
    assert_eq!(
        header(&["list", "8", "--classes", "--format", "csv"]),
        "index,canonical,symmetry,class_size"
    );
    assert!(
        classified("0 4 7 5 2 6 1 3\n", &["--format", "csv"])
            .starts_with("line,n,board,canonical,symmetry,class_size,to_canonical,class\n")
    );
    let json = stdout_of(&["list", "8", "--classes", "--format", "json"]);
    assert!(json.starts_with("[\n  {\"class\":1,"), "{json}");
}
