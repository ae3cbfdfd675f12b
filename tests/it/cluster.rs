//! The cluster workflow through the real binary: parts written by `count --part`, merged by
//! `queens merge` into the unsharded result (also from concatenated files and across kernels);
//! merge refusing incomplete, duplicated, mismatched, corrupted, forged and oversized sets in
//! bounded memory; and `--part slurm` read from a job array's environment.

use crate::common::assert_has;
use crate::common::assert_line_starts_with;
use crate::common::file_with;
use crate::common::process::queens_plain;
use crate::common::process::run_ok;
use crate::common::process::run_refused;
use crate::common::process::{err, peak_kib, refused};
use crate::common::{
    Succeeds, build, csv_records, dir, json_u64s, results, whole, whole_with, with_fresh_checksum,
};
use queens::formats::part_row::{self, PART_HEADER, PartRow};
use queens::plan::Engine;
use queens::storage::checksum;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::process::Output;
use std::time::{Duration, Instant};

// --- merge -------------------------------------------------------------------------------

/// A part file of `count 8 --part 0/2`, with `change` applied to its row and the checksum
/// written again (a forged but well-formed row).
fn forged_part(d: &Path, name: &str, change: impl Fn(&mut Vec<String>)) -> PathBuf {
    let o = run_ok(&["count", "8", "--part", "0/2", "--csv", "-"], d);
    let text = String::from_utf8(o.stdout).unwrap();
    let (_, rows) = crate::common::csv_records(&text);
    let mut row = rows[0].clone();
    row.pop();
    change(&mut row);
    let sum = checksum::checksum(&row.join(","));
    row.push(sum);
    let path = d.join(name);
    fs::write(
        &path,
        format!("{}\n{}\n", PART_HEADER.join(","), row.join(",")),
    )
    .unwrap();
    path
}

#[test]
fn merge_refuses_sizes_outside_1_to_32_and_unit_counts_of_another_plan() {
    let d = dir();
    // A row of the plane beyond 32 is a part row (the torus's go to 64), of no plan.
    forged_part(d.path(), "p.csv", |r| r[1] = "33".to_string());
    run_refused(
        &["merge", "p.csv"],
        d.path(),
        1,
        "no plan of engine symmetric counts n = 33 (boards beyond 32 are counted on the torus alone)",
    );
    for n in ["0", "65", "1000000"] {
        forged_part(d.path(), "p.csv", |r| r[1] = n.to_string());
        run_refused(
            &["merge", "p.csv"],
            d.path(),
            1,
            &format!("column n: \"{n}\" is not valid"),
        );
    }
    // Two parts that agree with each other on 95 plan units; n = 8 has 94 (or another count:
    // the message names the real one).
    let units = queens::runner::build(8, queens::Engine::Symmetric)
        .unwrap()
        .unit_count();
    for (res, name) in [("0", "a.csv"), ("1", "b.csv")] {
        forged_part(d.path(), name, |r| {
            r[4] = res.to_string();
            let part = queens::plan::Part::new(res.parse().unwrap(), 2).unwrap();
            r[6] = part.unit_count(units + 1).to_string();
            r[7] = (units + 1).to_string();
        });
    }
    run_refused(
        &["merge", "a.csv", "b.csv"],
        d.path(),
        1,
        &format!("has {} units but it has {units}", units + 1),
    );
}

#[test]
fn merge_of_one_part_of_a_billion_is_bounded() {
    let d = dir();
    run_ok(
        &["count", "8", "--part", "0/1000000000", "--csv", "p.csv"],
        d.path(),
    );
    let started = Instant::now();
    run_refused(
        &["merge", "p.csv"],
        d.path(),
        1,
        "999999999 of the 1000000000 parts missing (RES 1-999999999)",
    );
    // Measured: 0.07 s on a loaded 2-core machine; the limit is over a hundred times that.
    assert!(started.elapsed() < Duration::from_secs(10));
}

#[test]
fn merge_of_a_junk_file_names_a_few_problems_and_counts_the_rest() {
    let d = dir();
    let mut text = PART_HEADER.join(",") + "\n";
    for i in 0..200_000 {
        text.push_str(&format!("junk,{i},x\n"));
    }
    fs::write(d.path().join("junk.csv"), text).unwrap();
    let o = run_refused(
        &["merge", "junk.csv"],
        d.path(),
        1,
        "… and 199992 more; nothing was merged",
    );
    assert!(err(&o).len() < 2000, "{} bytes of message", err(&o).len());
    // An endless line after the header.
    let mut long = PART_HEADER.join(",").into_bytes();
    long.push(b'\n');
    long.extend(std::iter::repeat_n(b'7', 3 << 20));
    fs::write(d.path().join("long.csv"), long).unwrap();
    run_refused(
        &["merge", "long.csv"],
        d.path(),
        1,
        "line 2 of 'long.csv' is longer than 1 MiB: not a queens file",
    );
}

#[test]
#[cfg_attr(
    not(queens_host_gnu_time),
    ignore = "measures peak memory with GNU time, which this machine lacks at /usr/bin/time (apt-get install time; .ci/run does)"
)]
fn a_file_of_copies_of_one_part_is_refused_in_bounded_memory_and_one_short_line() {
    let d = dir();
    run_ok(&["count", "8", "--part", "0/1", "--csv", "p.csv"], d.path());
    let text = fs::read_to_string(d.path().join("p.csv")).unwrap();
    let (header, row) = text.split_once('\n').unwrap();
    // 200,000 copies: 23 MB, which took 185 MB to refuse, with every copy named.
    let big = format!("{header}\n{}", row.repeat(200_000));
    fs::write(d.path().join("big.csv"), big).unwrap();
    let (kib, o) = peak_kib(&["merge", "big.csv"], d.path());
    refused(
        &o,
        1,
        "n = 8: part 0/1 appears again in big.csv line 3 (first at line 2)",
    );
    assert_has(&err(&o), "… and 199991 more");
    assert!(o.stderr.len() < 2000, "{} bytes of message", o.stderr.len());
    assert!(kib < 40_000, "{kib} KiB");
}

#[test]
fn concatenated_part_files_merge() {
    let d = dir();
    for r in 0..3 {
        let part = format!("{r}/3");
        let file = format!("p{r}.csv");
        run_ok(&["count", "9", "--part", &part, "--csv", &file], d.path());
    }
    let all: String = (0..3)
        .map(|r| fs::read_to_string(d.path().join(format!("p{r}.csv"))).unwrap())
        .collect();
    fs::write(d.path().join("all.csv"), all).unwrap();
    let o = run_ok(&["merge", "all.csv", "--csv", "-"], d.path());
    let out = String::from_utf8(o.stdout).unwrap();
    assert_line_starts_with(&out, 1, "9,352,46,");
}

#[test]
fn part_rows_with_impossible_values_are_refused_whatever_their_checksum() {
    let d = dir();
    run_ok(&["count", "9", "--part", "0/1", "--csv", "p.csv"], d.path());
    let text = fs::read_to_string(d.path().join("p.csv")).unwrap();
    let (header, row) = text.trim_end().split_once('\n').unwrap();
    let fields: Vec<String> = row.split(',').map(String::from).collect();
    // (column, forged value, what the message names)
    let cases = [
        (15, "NaN", "seconds"),
        (15, "inf", "seconds"),
        (15, "-1", "seconds"),
        (16, "0", "threads"),
        (14, "1", "nodes"),
    ];
    for (column, value, name) in cases {
        let mut forged = fields.clone();
        forged[column] = value.to_string();
        fs::write(
            d.path().join("f.csv"),
            format!("{header}\n{}\n", with_fresh_checksum(forged)),
        )
        .unwrap();
        let o = run_refused(&["merge", "f.csv"], d.path(), 1, "f.csv line 2");
        assert!(
            err(&o).contains(&format!("{name}: \"{value}\"")),
            "{value}: {}",
            err(&o)
        );
    }
}

/// Runs `cmd` and returns its output.
fn output(cmd: &mut Command) -> Output {
    cmd.output().expect("the binary runs")
}

/// Writes part `r` of `m` for `sizes` to `dir/part-r.csv` (with extra `args`) and returns the
/// path.
fn write_part_with(dir: &Path, sizes: &str, r: usize, m: usize, args: &[&str]) -> PathBuf {
    let path = dir.join(format!("part-{r}.csv"));
    queens_plain()
        .args(["count", sizes, "--part", &format!("{r}/{m}"), "-q", "--csv"])
        .arg(&path)
        .args(args)
        .succeeds();
    path
}

fn write_part(dir: &Path, sizes: &str, r: usize, m: usize) -> PathBuf {
    write_part_with(dir, sizes, r, m, &[])
}

/// Every part of `m` for `sizes`, written by [`write_part`]: their paths, part 0 first.
fn write_parts(dir: &Path, sizes: &str, m: usize) -> Vec<PathBuf> {
    (0..m).map(|r| write_part(dir, sizes, r, m)).collect()
}

/// `merge --csv - files…`, to be run.
fn merge(files: &[PathBuf]) -> Command {
    let mut cmd = queens_plain();
    cmd.args(["merge", "--csv", "-"]).args(files);
    cmd
}

#[test]
fn merged_parts_equal_the_unsharded_count_for_every_engine() {
    for engine in &Engine::ALL {
        let engine = ["--engine", engine.name()];
        let expected = whole_with("9-11", &engine);
        assert_eq!(expected.len(), 3);
        for m in [1, 4, 7] {
            let d = dir();
            let files: Vec<PathBuf> = (0..m)
                .map(|r| write_part_with(d.path(), "9-11", r, m, &engine))
                .collect();
            let o = output(&mut merge(&files));
            assert!(o.status.success(), "{engine:?} MOD={m}: {}", err(&o));
            assert_eq!(results(&o.stdout), expected, "{engine:?} MOD={m}");
            assert!(
                results(&o.stdout)
                    .iter()
                    .all(|r| r.last().unwrap() == "yes")
            );
        }
    }
}

#[test]
fn merge_writes_the_exports_of_count_for_the_merged_rows() {
    let d = dir();
    let files = write_parts(d.path(), "8-10", 3);
    let md = d.path().join("t.md");
    let json = d.path().join("t.json");
    let o = queens_plain()
        .args([
            "merge",
            "--quiet",
            "--bfile",
            "-",
            "--sequence",
            "classes",
            "--markdown",
        ])
        .arg(&md)
        .arg("--json")
        .arg(&json)
        .args(&files)
        .succeeds();
    // The b-file alone on stdout: the human table is left out.
    assert_eq!(String::from_utf8(o.stdout).unwrap(), "8 12\n9 46\n10 92\n");
    let md = std::fs::read_to_string(&md).unwrap();
    assert!(
        md.lines().any(|l| l.starts_with("| 9 | 352 | 46 |")),
        "{md}"
    );
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    // The metadata is that of the merge run itself.
    assert_eq!(json["command_line"][1], "merge", "{json}");
    let totals = json_u64s(&json, "rows", "total");
    assert_eq!(totals, [92, 352, 724], "{json}");
}

#[test]
fn merge_refuses_a_bfile_of_sizes_with_a_gap_and_writes_nothing() {
    let d = dir();
    let files = write_parts(d.path(), "8,10", 2);
    let b = d.path().join("b.txt");
    let o = queens_plain()
        .args(["merge", "--bfile"])
        .arg(&b)
        .args(&files)
        .exits(2);
    let e = err(&o);
    assert!(e.contains("--bfile") && e.contains("10 follows 8"), "{e}");
    assert_has(&e, "every n in between");
    assert_eq!(e.lines().count(), 1, "{e}");
    assert!(o.stdout.is_empty());
    assert!(!b.exists());
}

#[test]
fn count_refuses_exports_of_a_part() {
    for flag in ["--json", "--markdown", "--bfile"] {
        let o = output(queens_plain().args(["count", "10", "--part", "0/2", flag, "-"]));
        assert_eq!(o.status.code(), Some(2), "{flag}");
        let e = err(&o);
        assert!(
            e.contains("not parts") && e.contains("queens merge"),
            "{flag}: {e}"
        );
        assert_eq!(e.lines().count(), 1, "{e}");
        assert!(o.stdout.is_empty(), "{flag}");
    }
}

#[test]
fn merge_checks_export_destinations_before_reading_the_parts() {
    let d = dir();
    // A part file that is not a part: reading it would fail with exit 1.
    let bad_part = file_with(d.path(), "not-a-part.csv", "garbage\n");
    for flag in ["--json", "--markdown", "--bfile"] {
        let o = output(
            queens_plain()
                .args(["merge", flag])
                .arg(d.path().join("no-such-dir").join("out"))
                .arg(&bad_part),
        );
        assert_eq!(o.status.code(), Some(2), "{flag}: {}", err(&o));
        let e = err(&o);
        assert!(
            e.contains(flag) && e.contains("cannot write"),
            "{flag}: {e}"
        );
        assert!(o.stdout.is_empty(), "{flag}");
    }
}

#[test]
fn a_part_says_it_is_a_part_and_its_csv_is_not_a_result_table() {
    let o = output(queens_plain().args(["count", "10", "--part", "2/5"]));
    assert!(o.status.success());
    let text = String::from_utf8(o.stdout).unwrap();
    assert!(text.starts_with("n = 10: PART 2/5 of plan "), "{text}");
    assert_has(&text, "not a result");
    for engine in &Engine::ALL {
        let o = output(
            queens_plain()
                .args(["count", "10", "--part", "2/5", "--csv", "-", "--engine"])
                .arg(engine.name()),
        );
        let csv = String::from_utf8(o.stdout).unwrap();
        assert!(csv.starts_with(&PART_HEADER.join(",")), "{csv}");
        let plan = build(10, *engine);
        let expected = format!(",10,{engine},{},2,5,", plan.identity());
        assert_has(&csv, &expected);
    }
}

#[test]
fn merge_refuses_a_missing_part_and_names_it() {
    let d = dir();
    let files: Vec<PathBuf> = [0, 1, 3, 5]
        .iter()
        .map(|&r| write_part(d.path(), "10", r, 6))
        .collect();
    let o = merge(&files).exits(1);
    assert!(o.stdout.is_empty(), "nothing is printed as a result");
    assert_has(&err(&o), "n = 10: 2 of the 6 parts missing (RES 2, 4)");
}

#[test]
fn merge_refuses_a_duplicated_part_and_names_both_files() {
    let d = dir();
    let mut files = write_parts(d.path(), "10", 3);
    let copy = d.path().join("again.csv");
    fs::copy(&files[1], &copy).unwrap();
    files.push(copy);
    let o = merge(&files).exits(1);
    let e = err(&o);
    assert_has(&e, "part 1/3 appears 2 times");
    assert!(e.contains("part-1.csv") && e.contains("again.csv"), "{e}");
}

/// Rewrites the part file at `path` through `change` (with a fresh, valid checksum), as a
/// different version of the program or another engine would have written it.
fn rewrite(path: &Path, change: impl Fn(&mut PartRow)) {
    let text = fs::read_to_string(path).unwrap();
    let mut r = csv::Reader::from_reader(text.as_bytes());
    let mut rows: Vec<PartRow> = r
        .records()
        .map(|rec| {
            let rec = rec.unwrap();
            PartRow::from_fields(&rec.iter().collect::<Vec<_>>()).unwrap()
        })
        .collect();
    rows.iter_mut().for_each(change);
    let mut out = Vec::new();
    part_row::write_csv(&rows, &mut out).unwrap();
    fs::write(path, out).unwrap();
}

#[test]
fn merge_refuses_parts_of_another_plan_version_engine_or_split() {
    let d = dir();
    let files = write_parts(d.path(), "10", 4);
    rewrite(&files[1], |row| {
        row.plan = "enumerate-prefix3-v2".to_string()
    });
    rewrite(&files[2], |row| row.engine = "other".to_string());
    let o = merge(&files).exits(1);
    let e = err(&o);
    assert_has(
        &e,
        "part-1.csv (part 1/4) does not belong with the others: plan enumerate-prefix3-v2",
    );
    assert_has(
        &e,
        "part-2.csv (part 2/4) does not belong with the others: engine other",
    );
    // A part of another split (MOD 5) cannot stand in for part 3 of 4.
    let other = tempfile::tempdir().unwrap();
    let odd = write_part(other.path(), "10", 3, 5);
    let files = vec![files[0].clone(), odd, files[3].clone()];
    let e = err(&output(&mut merge(&files)));
    assert_has(
        &e,
        "(part 3/5) does not belong with the others: MOD 5 (the others: 4)",
    );
}

#[test]
fn merge_refuses_a_corrupted_part_and_names_it() {
    let d = dir();
    let files = write_parts(d.path(), "10", 2);
    let text = fs::read_to_string(&files[1]).unwrap();
    let (header, row) = text.split_once('\n').unwrap();
    // Change the boards column by one, keeping the old checksum.
    let mut fields: Vec<String> = row.trim_end().split(',').map(String::from).collect();
    fields[8] = (fields[8].parse::<u64>().unwrap() + 1).to_string();
    fs::write(&files[1], format!("{header}\n{}\n", fields.join(","))).unwrap();
    let o = merge(&files).exits(1);
    let e = err(&o);
    assert_has(
        &e,
        "part-1.csv line 2 (claims n = 10, part 1/2) is corrupted",
    );
}

#[test]
fn merge_refuses_a_whole_result_and_unreadable_files() {
    let d = dir();
    run_ok(&["count", "8", "--csv", "result.csv"], d.path());
    let o = merge(&[d.path().join("result.csv")]).exits(1);
    assert_has(&err(&o), "holds whole results");
    let o = merge(&[d.path().join("nope.csv")]).exits(2);
    assert_has(&err(&o), "nope.csv");
}

/// Runs `count 10 --part slurm` as the array task `id` with the given array variables and
/// returns its part file.
fn slurm_task(dir: &Path, id: usize, count: usize, min: usize, max: usize, step: usize) -> PathBuf {
    let path = dir.join(format!("task-{id}.csv"));
    queens_plain()
        .args(["count", "10", "--part", "slurm", "-q", "--csv"])
        .arg(&path)
        .env("SLURM_ARRAY_TASK_ID", id.to_string())
        .env("SLURM_ARRAY_TASK_COUNT", count.to_string())
        .env("SLURM_ARRAY_TASK_MIN", min.to_string())
        .env("SLURM_ARRAY_TASK_MAX", max.to_string())
        .env("SLURM_ARRAY_TASK_STEP", step.to_string())
        .succeeds();
    path
}

fn res_mod(path: &Path) -> (String, String) {
    let (_, rows) = csv_records(&fs::read_to_string(path).unwrap());
    (rows[0][4].clone(), rows[0][5].clone())
}

#[test]
fn slurm_one_based_and_stepped_arrays_map_to_all_parts() {
    let expected = whole("10");
    // --array=1-4 (one-based) and --array=0-6:2 (stepped): four tasks each.
    for (ids, min, max, step) in [(vec![1, 2, 3, 4], 1, 4, 1), (vec![0, 2, 4, 6], 0, 6, 2)] {
        let d = dir();
        let files: Vec<PathBuf> = ids
            .iter()
            .map(|&id| slurm_task(d.path(), id, 4, min, max, step))
            .collect();
        let parts: Vec<(String, String)> = files.iter().map(|f| res_mod(f)).collect();
        let want: Vec<(String, String)> =
            (0..4).map(|r| (r.to_string(), "4".to_string())).collect();
        assert_eq!(parts, want, "array from {min} step {step}");
        let o = merge(&files).succeeds();
        assert_eq!(results(&o.stdout), expected);
    }
}

#[test]
fn slurm_part_outside_a_job_array_is_a_usage_error() {
    let o = queens_plain()
        .args(["count", "10", "--part", "slurm"])
        .exits(2);
    assert_has(&err(&o), "SLURM_ARRAY_TASK_ID is not set");
    assert_eq!(err(&o).lines().count(), 1, "one line: {}", err(&o));
    // --array=1,4,9 is not evenly spaced.
    let o = queens_plain()
        .args(["count", "10", "--part", "slurm"])
        .env("SLURM_ARRAY_TASK_ID", "4")
        .env("SLURM_ARRAY_TASK_COUNT", "3")
        .env("SLURM_ARRAY_TASK_MIN", "1")
        .env("SLURM_ARRAY_TASK_MAX", "9")
        .env("SLURM_ARRAY_TASK_STEP", "1")
        .exits(2);
    assert_has(&err(&o), "cannot map this job array");
}

#[test]
fn a_checkpointed_part_merges_like_any_part() {
    let d = dir();
    let mut files = Vec::new();
    for r in 0..3 {
        let f = d.path().join(format!("p{r}.csv"));
        queens_plain()
            .args(["count", "11", "--part", &format!("{r}/3"), "-q", "--csv"])
            .arg(&f)
            .arg("--checkpoint")
            .arg(d.path().join(format!("p{r}.ckpt")))
            .succeeds();
        files.push(f);
    }
    let o = merge(&files).succeeds();
    assert_eq!(results(&o.stdout), whole("11"));
}

#[test]
fn parts_counted_on_different_kernels_merge_and_name_both() {
    let d = dir();
    let engine = ["--engine", "symmetric"];
    let scalar = write_part_with(
        d.path(),
        "12",
        0,
        2,
        &["--engine", "symmetric", "--kernel", "scalar"],
    );
    let best = write_part_with(d.path(), "12", 1, 2, &engine);
    let o = merge(&[scalar, best]).succeeds();
    assert_eq!(results(&o.stdout), {
        let mut w = whole_with("12", &engine);
        // The merged kernel column names every kernel the parts ran on.
        let mut kernels = vec![
            "scalar",
            queens::KernelChoice::Auto.resolve().unwrap().name(),
        ];
        kernels.sort_unstable();
        kernels.dedup();
        let column = w[0].len() - 2; // … engine, kernel, verified (threads dropped)
        w[0][column] = kernels.join("+");
        w
    });
}
