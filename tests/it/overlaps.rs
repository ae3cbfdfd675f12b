//! The one rule on every command's outputs, before any work: an output that is also an input
//! (whatever names it: a link, `./`), two outputs on one file (also one not created yet, a
//! dangling link or a FIFO), and an empty file name are usage errors (exit 2) naming both,
//! and nothing is written. Links and FIFOs are made in temporary folders only.

use crate::common::dir;
use crate::common::process::{mkfifo, run_refused};
use std::fs;
use std::os::unix::fs::symlink;
use std::path::Path;

/// A file of the four boards of n = 6, one a line, named `name` in `d`: its text.
fn boards(d: &Path, name: &str) -> String {
    let text = "1 3 5 0 2 4\n2 5 1 4 0 3\n3 0 4 1 5 2\n4 2 0 5 3 1\n";
    fs::write(d.join(name), text).unwrap();
    text.to_string()
}

#[test]
fn an_input_of_classify_or_given_that_is_also_an_output_is_refused_and_kept() {
    let d = dir();
    let text = boards(d.path(), "in6.txt");
    symlink("in6.txt", d.path().join("l6")).unwrap();
    fs::write(d.path().join("g1.txt"), "a8\n").unwrap();
    fs::write(d.path().join("g2.txt"), "c1\n").unwrap();
    let cases: [(&[&str], &str); 5] = [
        (
            &["classify", "in6.txt", "-o", "in6.txt"],
            "-o 'in6.txt' is also an input of this command (FILE 'in6.txt')",
        ),
        (
            &["classify", "in6.txt", "--json", "in6.txt"],
            "--json 'in6.txt' is also an input of this command (FILE 'in6.txt')",
        ),
        (
            &["classify", "in6.txt", "-o", "l6"],
            "-o 'l6' is also an input of this command (FILE 'in6.txt')",
        ),
        (
            &["list", "8", "--given", "@g1.txt", "-o", "g1.txt"],
            "-o 'g1.txt' is also an input of this command (--given 'g1.txt')",
        ),
        (
            &["count", "8", "--blocked", "@g2.txt", "--csv", "./g2.txt"],
            "--csv './g2.txt' is also an input of this command (--blocked 'g2.txt')",
        ),
    ];
    for (args, needle) in cases {
        run_refused(args, d.path(), 2, needle);
    }
    assert_eq!(fs::read_to_string(d.path().join("in6.txt")).unwrap(), text);
    assert_eq!(fs::read_to_string(d.path().join("g1.txt")).unwrap(), "a8\n");
    assert_eq!(fs::read_to_string(d.path().join("g2.txt")).unwrap(), "c1\n");
}

#[test]
fn two_outputs_on_a_file_not_created_yet_are_refused() {
    let d = dir();
    let same = "name the same file: one would overwrite the other";
    symlink("out.json", d.path().join("l2")).unwrap();
    // A chain of links, one through a folder and `..`.
    fs::create_dir(d.path().join("sub")).unwrap();
    symlink("../l2", d.path().join("sub/l3")).unwrap();
    mkfifo(d.path(), "ff");
    let cases: [(&[&str], &str); 7] = [
        (
            &["count", "8", "--csv", "l2", "--json", "out.json"],
            "--csv 'l2' and --json 'out.json'",
        ),
        (
            &[
                "count",
                "8",
                "--csv",
                "sub/l3",
                "--markdown",
                "sub/../out.json",
            ],
            same,
        ),
        (
            &["list", "8", "--classes", "--json", "L7", "--markdown", "L7"],
            same,
        ),
        (
            &["list", "8", "--classes", "--json", "x7", "-o", "x7"],
            "--json 'x7' and -o 'x7'",
        ),
        (
            &["classify", "15863724", "--csv", "z7", "--json", "z7"],
            same,
        ),
        (
            &["classify", "15863724", "--csv", "z8", "-o", "./z8"],
            "--csv 'z8' and -o './z8'",
        ),
        // A FIFO would carry both outputs run together.
        (
            &["count", "8", "--csv", "ff", "--json", "ff"],
            "--csv 'ff' and --json 'ff'",
        ),
    ];
    for (args, needle) in cases {
        run_refused(args, d.path(), 2, needle);
    }
    let mut left: Vec<String> = fs::read_dir(d.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    left.sort();
    assert_eq!(left, ["ff", "l2", "sub"]);
}

#[test]
fn an_output_on_a_checkpoint_not_created_yet_is_refused() {
    let d = dir();
    symlink("same3.x", d.path().join("alias.x")).unwrap();
    run_refused(
        &["count", "16", "--checkpoint", "same3.x", "--csv", "alias.x"],
        d.path(),
        2,
        "--csv 'alias.x' is also an input of this command (--checkpoint 'same3.x')",
    );
    assert!(!d.path().join("same3.x").exists());
    // A link to the checkpoint of one size in a --checkpoint folder.
    fs::create_dir(d.path().join("d")).unwrap();
    symlink("d/n16.ckpt", d.path().join("t.csv")).unwrap();
    run_refused(
        &["count", "15-17", "--checkpoint", "d", "--csv", "t.csv"],
        d.path(),
        2,
        "--csv 't.csv' is also an input of this command (--checkpoint 'd/n16.ckpt')",
    );
    assert_eq!(fs::read_dir(d.path().join("d")).unwrap().count(), 0);
}

#[test]
fn an_empty_output_name_is_refused_before_the_work() {
    let d = dir();
    boards(d.path(), "b.txt");
    fs::write(d.path().join("p.csv"), "").unwrap();
    let cases: [&[&str]; 11] = [
        &["count", "18", "-o", ""],
        &["count", "18", "--csv", ""],
        &["count", "18", "--json", ""],
        &["count", "18", "--bfile", ""],
        &["list", "16", "-o", ""],
        &["classify", "b.txt", "-o", ""],
        &["profile", "16", "-o", ""],
        &["verify", "18", "-o", ""],
        &["merge", "p.csv", "-o", ""],
        &["render", "8", "--class", "1", "-o", ""],
        &["count", "18", "--part", "0/2", "--csv", ""],
    ];
    for args in cases {
        let flag = args[args.len() - 2];
        let started = std::time::Instant::now();
        run_refused(
            args,
            d.path(),
            2,
            &format!("{flag} '': the file name is empty; give a file name, or `-` for stdout"),
        );
        // The work would take minutes; a refusal a fraction of a second.
        assert!(
            started.elapsed() < std::time::Duration::from_secs(5),
            "{args:?} worked first"
        );
    }
}
