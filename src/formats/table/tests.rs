//! Tests of the result tables: columns, rows, their writers and readers.

use super::*;
use crate::plan::Engine;
use crate::verify::Source;

#[test]
fn streamed_widths_hold_the_published_values_and_grow_with_the_sizes() {
    let small = streamed_widths(&[8], Engine::Symmetric, 1);
    // Headings are wider than every value of n = 8; names fit the longest engine, kernel
    // and verdict.
    assert_eq!(small[..6], CSV_HEADER.map(str::len)[..6]);
    assert_eq!(small[8], "enumerate".len());
    assert_eq!(small[11], "MISMATCH".len());
    let big = streamed_widths(&[8, 27], Engine::Symmetric, 1);
    // A000170(27) = 234,907,967,154,122,528: 18 digits.
    assert_eq!(big[1], 18);
    assert!(big.iter().zip(small).all(|(b, s)| *b >= s));
    // The plain tree visits more nodes per solution than the symmetric engine's.
    let plain = streamed_widths(&[27], Engine::Enumerate, 1);
    assert!(plain[6] > big[6], "{} {}", plain[6], big[6]);
    assert_eq!(
        streamed_widths(&[8], Engine::Symmetric, 1000)[10],
        "threads".len()
    );
    assert_eq!(streamed_widths(&[8], Engine::Symmetric, 10_000_000)[10], 8);
}

fn row(n: usize, engine: &str, threads: usize) -> Row {
    row_on(n, engine, threads, crate::KernelChoice::Scalar)
}

/// The row of size `n` counted by `engine` on `threads` threads with `kernel`.
fn row_on(n: usize, engine: &str, threads: usize, kernel: crate::KernelChoice) -> Row {
    let engine = if engine == "enumerate" {
        crate::Engine::Enumerate
    } else {
        crate::Engine::Symmetric
    };
    let mut counter = crate::Counter::new(n).engine(engine).threads(threads);
    if engine == crate::Engine::Symmetric {
        counter = counter.kernel(kernel);
    }
    Row::from_counts(&counter.count().unwrap())
}

#[test]
fn columns_parse_by_name_in_the_order_given() {
    assert_eq!(parse_columns("n,total,nodes").unwrap(), vec![0, 1, 6]);
    assert_eq!(parse_columns("verified, n").unwrap(), vec![11, 0]);
    assert_eq!(parse_columns("all").unwrap(), (0..12).collect::<Vec<_>>());
    assert_eq!(human_columns(), vec![0, 1, 2, 3, 4, 5, 11]);
    let e = parse_columns("n,speed").unwrap_err();
    assert!(e.starts_with("unknown column 'speed': the columns are all, or a list of n,total,"));
    let e = parse_columns("n,orbits").unwrap_err();
    assert!(
        e.starts_with("the column 'orbits' is not chosen: the classes by orbit size come with every table of classes under the torus group"),
        "{e}"
    );
    assert!(
        parse_columns("n,,total")
            .unwrap_err()
            .starts_with("empty name")
    );
    assert!(parse_columns("").is_err());
    assert!(parse_columns("n,n").unwrap_err().contains("twice"));
}

#[test]
fn fixed_boards_from_the_classes_equal_the_engines_own_counts() {
    for n in 0..=12 {
        for engine in ["symmetric", "enumerate"] {
            let c = crate::Counter::new(n)
                .engine(if engine == "enumerate" {
                    crate::Engine::Enumerate
                } else {
                    crate::Engine::Symmetric
                })
                .count()
                .unwrap();
            let r = Row::from_counts(&c);
            assert_eq!(r.fixed_half_turn(), Some(c.fixed_half_turn), "n = {n}");
            assert_eq!(
                r.fixed_quarter_turn(),
                Some(c.fixed_quarter_turn),
                "n = {n}"
            );
        }
    }
    let mut forged = row(8, "symmetric", 1);
    forged.classes.half_turn = u128::MAX;
    assert_eq!(forged.fixed_half_turn(), None);
}

/// The footer of rows counted on `kernel`: the kernel is that of the rows whose engine has
/// kernels, not the enumerate search's of n = 0.
fn footer_names_the_kernel_of_the_symmetric_rows(kernel: crate::search::kernel::Kernel) {
    assert!(
        kernel.is_available(),
        "build.rs found {kernel:?} on this CPU, the kernel does not"
    );
    let rows: Vec<Row> = (0..3)
        .map(|n| row_on(n, "symmetric", 2, kernel.into()))
        .collect();
    let f = footer(&rows, &human_columns()).unwrap();
    let start = format!(
        "engine symmetric (enumerate for n = 0), kernel {}, threads 2 (1 for n = 0), ",
        kernel.name()
    );
    assert!(f.starts_with(&start), "{f}");
    assert!(f.ends_with(" seconds in all") && !f.contains('\n'), "{f}");
}

/// The footer on each kernel of the registry, a test each (`the_footer_names_the_kernel::avx2`,
/// …), `ignored` (with the reason) where the CPU lacks the kernel (`build.rs` sets the cfgs
/// from the build machine's CPU).
macro_rules! footer_per_kernel {
    ($($variant:ident $name:literal $module:ident;)+) => {
        mod the_footer_names_the_kernel {$(
            #[test]
            #[cfg_attr(not(queens_host_kernel = $name), ignore = "this CPU lacks the kernel (`queens kernels` says what it needs), or the tests were cross-built")]
            fn $module() {
                super::footer_names_the_kernel_of_the_symmetric_rows(
                    crate::search::kernel::Kernel::$variant,
                );
            }
        )+}
    };
}

crate::search::kernel::for_each_kernel!(footer_per_kernel);

#[test]
fn the_footer_names_the_common_value_and_the_exceptions() {
    let rows = [row(0, "symmetric", 2), row(1, "symmetric", 2)];
    let on_every_row = footer(&[row(0, "enumerate", 1)], &human_columns()).unwrap();
    assert!(
        on_every_row.starts_with("engine enumerate, kernel scalar, threads 1, "),
        "{on_every_row}"
    );
    // Every column shown: only the note on whose nodes they are.
    assert_eq!(
        footer(&rows, &parse_columns("all").unwrap()).as_deref(),
        Some(SYMMETRIC_NODES_NOTE)
    );
    let enumerate = [row(0, "enumerate", 1)];
    assert_eq!(footer(&enumerate, &parse_columns("all").unwrap()), None);
    assert_eq!(footer(&[], &human_columns()), None);
    let f = footer(&rows, &parse_columns("n,engine,kernel,threads").unwrap()).unwrap();
    assert!(
        f.ends_with(" seconds in all") && !f.contains("engine"),
        "{f}"
    );
    assert_eq!(sizes_text(&[0, 1, 2, 5, 7, 8]), "0 to 2, 5, 7, 8");
}

#[test]
fn the_footer_says_whose_nodes_the_symmetric_engine_shows() {
    let nodes = parse_columns("n,total,nodes").unwrap();
    let symmetric = [row(11, "symmetric", 2), row(12, "symmetric", 2)];
    let f = footer(&symmetric, &nodes).unwrap();
    let lines: Vec<&str> = f.lines().collect();
    assert_eq!(lines.len(), 2, "{f}");
    assert!(lines[0].starts_with("engine symmetric, "), "{f}");
    assert_eq!(lines[1], SYMMETRIC_NODES_NOTE);
    assert!(SYMMETRIC_NODES_NOTE.chars().count() <= 100);
    // The enumerate engine's nodes are the plain tree's, and a table without nodes needs
    // no note.
    let enumerate = [row(12, "enumerate", 1)];
    assert!(!footer(&enumerate, &nodes).unwrap().contains("nodes:"));
    let f = footer(&symmetric, &human_columns()).unwrap();
    assert!(!f.contains("nodes:"), "{f}");
    // Other rules' plain tree is not A319283.
    let mut torus = row(11, "symmetric", 2);
    torus.rules = crate::rules::Rules::TORUS_QUEENS;
    let f = footer(&[torus], &nodes).unwrap();
    assert!(f.contains(SYMMETRIC_NODES_NOTE_OF_OTHER_RULES), "{f}");
    assert!(!f.contains("A319283"), "{f}");
}

#[test]
fn a_results_table_reads_back_as_a_known_table_with_its_engine() {
    let rows = [row(7, "enumerate", 1), row(8, "enumerate", 1)];
    let mut csv = Vec::new();
    write_csv(&rows, &mut csv).unwrap();
    let text = String::from_utf8(csv).unwrap();
    let known = read_known(&text, "r.csv").unwrap();
    assert_eq!(known.source(), &Source::File("r.csv".into()));
    let k8 = known.lookup(8).unwrap();
    assert_eq!((k8.total, k8.nodes), (Some(92), Some(2057)));
    assert_eq!(
        (k8.fixed_half_turn, k8.fixed_quarter_turn),
        (Some(4), Some(0))
    );
    assert_eq!(k8.nodes_engine.as_deref(), Some("enumerate"));
    let mut again = rows[1].clone();
    again.reverify(&known);
    assert_eq!(again.verdict, Verdict::Verified);
    again.nodes += 1;
    again.reverify(&known);
    assert_eq!(
        again.verdict.describe_against(known.source()),
        "nodes 2057 there, 2058 here"
    );
    // A symmetric run is not compared on nodes.
    let mut other = row(8, "symmetric", 1);
    other.reverify(&known);
    assert_eq!(other.verdict, Verdict::Verified);
    // (and so there is nothing to note: its nodes are never compared).
    assert_eq!(known.nodes_of_another_engine(8, "symmetric"), None);
    // A row marked MISMATCH is refused, naming its line.
    let marked = text.replace(",yes\n8,", ",MISMATCH\n8,");
    let e = read_known(&marked, "r.csv").unwrap_err();
    assert!(
        e.starts_with("line 2: n = 7 is marked MISMATCH there"),
        "{e}"
    );
    // The format of data/known.csv still reads, named by its file.
    let k = read_known("n,total_A000170\n8,93\n", "k.csv").unwrap();
    assert_eq!(k.source(), &Source::File("k.csv".into()));
    assert_eq!(k.lookup(8).unwrap().total, Some(93));
}

/// A table of other rules is written with their columns and read back with them, by the CSV
/// and the JSON readers; the verdict is against the rules' own published values (A051223,
/// A051224 at n = 11), in one step.
#[test]
fn a_variant_s_rows_keep_their_rules_through_csv_and_json() {
    use crate::rules::Rules;
    let counts = crate::Counter::new(11)
        .rules(Rules::SUPERQUEENS)
        .count()
        .unwrap();
    let mut row = Row::from_counts(&counts);
    assert_eq!(row.verdict, crate::Verdict::Verified);
    assert_eq!(
        (row.rules, row.group),
        (Rules::SUPERQUEENS, Rules::SUPERQUEENS.group())
    );
    row.seconds = 0.5;
    let mut csv = Vec::new();
    write_csv(std::slice::from_ref(&row), &mut csv).unwrap();
    let text = String::from_utf8(csv).unwrap();
    assert!(text.starts_with("piece,board,group,n,total,"), "{text}");
    assert_eq!(read_csv(text.as_bytes()).unwrap(), [row.clone()]);
    #[cfg(feature = "serde")]
    {
        use crate::formats::export::{Exporter, RunMeta, json::Json};
        let mut json = Vec::new();
        Json.write(std::slice::from_ref(&row), &RunMeta::now(None), &mut json)
            .unwrap();
        let back = crate::formats::export::json::read(&String::from_utf8(json).unwrap());
        assert_eq!(back.unwrap(), [row.clone()]);
    }
    // A queens' table read back is the queens'.
    let queens = Row::from_counts(&crate::Counter::new(8).count().unwrap());
    let mut csv = Vec::new();
    write_csv(std::slice::from_ref(&queens), &mut csv).unwrap();
    assert_eq!(read_csv(&csv[..]).unwrap()[0].rules, Rules::QUEENS);
}
