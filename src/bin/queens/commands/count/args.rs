//! `queens count`'s arguments, each with its help, and the text under them in `--help`.

use crate::cli::{KnownArgs, SearchArgs, Sizes, parse_count_sizes_arg};
use crate::output_args::{CountLayout, Outputs};
use clap::Args;
use queens::plan::part::PartSpec;
use std::time::Duration;

/// The text under the options of `queens count --help`: the examples, the outputs, the exit codes.
pub const LONG_HELP: &str = "\
Examples:
  queens count 8                        one row, printed as a table
  queens count 4-12 --csv table.csv     a table on stdout, and the same as CSV in table.csv
  queens count 8,10,12-14 --csv -       CSV alone on stdout
  queens count 1-12 --format json -o t.json   the table as JSON in t.json, nothing on stdout
  queens count 16 --threads 1           one thread
  queens count 18 --part 3/64 --csv p3.csv    part 3 of 64, for `queens merge`
  queens count 18 --part slurm --csv p.csv    the part of this Slurm array task
  queens count 17 --checkpoint n17.ckpt       resumable: rerun the same command after a kill
  queens count 15-19 --checkpoint run/        one checkpoint per size: run/n15.ckpt, …
  queens count 0-14 --bfile b000170.txt       an OEIS b-file of A000170, from its offset 0
  queens count 1-14 --bfile - --sequence A002562    the b-file of the classes alone on stdout
  queens count 0-12 --engine enumerate --bfile - --sequence A319283   nodes of the plain tree
  queens count 1-16 --columns n,total,nodes,seconds  other columns (`all`: every one)
  queens count 1-14 --known r.csv             verify against an earlier run's --csv file
  queens count 10-14 --piece superqueen       superqueens (amazons), OEIS A051223
  queens count 5-13 --board torus             queens on the torus (A051906), classes under its group
  queens count 7 --board torus --symmetries square    … classes under the square's 8 only
  queens count 16 --given \"e14 i11\"          the boards holding two given queens, in classes
  queens count 8 --given a8 --blocked \"c1 d4\"    … and no queen on c1 or d4 (forms: --given below)
  queens count 20-22 --piece superqueen --fixed-only=both   fixed boards alone, two ways

The table on stdout shows n, total, the classes by type and verified, and one line under it
the engine, kernel, threads and time (every n up to 27 fits 100 columns); --columns chooses
the columns of the table and of --markdown. CSV always has every column. The nodes column
counts the partial boards of the engine's own search: the symmetric engine's (the default;
a line under the table says so) are far fewer than the plain backtracking tree's, A319283
(856,189 at n = 12), which --engine enumerate or `queens profile` counts.

--sequence takes the A-number (any case): A000170 (alias total) and A319283 start at n = 0
(the empty board), the others at n = 1; a b-file starting later is written with a note on
stderr (--quiet leaves notes about the output in), one starting earlier is refused.
A319283 needs --engine enumerate (the symmetric engine's nodes are its own tree). n = 0 is
counted by the enumerate engine whatever --engine says (the engine column says so).

Rows stream: each is printed as its size finishes (the table's column widths are fixed in
advance from the published counts of the sizes asked for), and the --csv file is rewritten
atomically with the finished rows after each size. SIGINT or SIGTERM (Ctrl-C) stops within
a second (the units in flight are cut short and not kept, but for the pieces of long units a
--checkpoint journals every minute, or as --checkpoint-every says), writes the finished rows
to every output, names the unfinished size and exits 1; a second one exits at once (status
128 + the signal) saying how far the run got.

Before a size that would take over an hour, a line on stderr says how long (for example
`n = 24 would take about 45 CPU-days on this machine (about 23 days on 2 threads);
continuing`): the CPU time of the largest size already counted in this run (or of a short
calibration count of n = 15 on one thread) times the growth of the published totals
(A000170), extrapolated beyond n = 27. --yes (or --quiet) leaves the warning out.

--fixed-only[=WAY] counts only the boards fixed by a half turn (P) and by a quarter turn (R),
about the square root of a full count (superqueens n = 26: seconds), WAY burnside (the
engine's units; the default), plain (a search sharing only the attack test) or both
(compared: a disagreement exits 1). With the total T published (A051223, A000170), the classes
by type follow: quarter_turn = R/2, half_turn = (P - R)/4, asymmetric = (T - P)/8; T is never
counted here (the column says T_published), and `types` says computed here for new values.
On the torus (queens, torus group) also S, the boards the shifts keep, and the classes
(T + S + n^2 (P + 2R)) / 8n^2 (A053994), by orbit size with the plain way (A054500-A054502):
`queens count 31 --board torus --fixed-only=both` (board 31: about 4 minutes on 2 cores).
--given, --part, --checkpoint, --bfile, --markdown, --columns, --known refused.

A computed value that disagrees with the published one is reported on stderr after the table
is written, and the exit code is 1. With --known FILE (a CSV that count --csv or merge --csv
wrote, or the format of data/known.csv) the values of FILE are checked instead, and the
message names it: `MISMATCH against 'r.csv': n = 8: total 93 there, 92 here`.";

/// `queens count`.
#[derive(Debug, Args)]
pub struct CountArgs {
    /// Board sizes (0 to 32, to 64 for --board torus; 0 is the empty board): 8, a range 4-12,
    /// or a list 8,10,12-14
    #[arg(value_name = "NS", value_parser = parse_count_sizes_arg, help = "Board sizes: 8, a range 4-12, or a list 8,10,12-14 (0 to 32; 64 on the torus)", long_help)]
    pub sizes: Sizes,
    /// Search options.
    #[command(flatten)]
    pub search: SearchArgs,
    /// Verification options.
    #[command(flatten)]
    pub known: KnownArgs,
    /// Count only part RES of MOD (the units whose id % MOD == RES) and print a part, not a
    /// result; `slurm` takes RES and MOD from the job array (SLURM_ARRAY_TASK_*). Merge all
    /// MOD parts with `queens merge`
    #[arg(long, value_name = "RES/MOD|slurm", value_parser = PartSpec::parse, help = "Count only part RES of MOD, for `queens merge` (`slurm`: see --help)", long_help)]
    pub part: Option<PartSpec>,
    /// Journal each finished unit to PATH; run the same command again to resume after a kill
    /// or a time limit. For one size PATH is the checkpoint file; for several sizes (or when
    /// PATH is an existing folder or ends in `/`) it is a folder, created if missing, holding one checkpoint
    /// per size: PATH/n17.ckpt (PATH/n17.part3of64.ckpt for --part 3/64)
    #[arg(
        long,
        value_name = "PATH",
        help = "Journal finished units to PATH: rerun the same command to resume",
        long_help
    )]
    pub checkpoint: Option<std::path::PathBuf>,
    /// How often the checkpoint gets what a long unit has counted so far (its pieces), so that
    /// a stop loses at most about this much of each unit in flight: 30s, 5m, 1h, 500ms, or
    /// plain seconds (units estimated to take less are journaled as they finish). Default 1m
    #[arg(
        long,
        value_name = "DURATION",
        requires = "checkpoint",
        value_parser = parse_every,
        hide_short_help = true,
        help = "How often --checkpoint journals a long unit's pieces (default 1m): see --help",
        long_help
    )]
    pub checkpoint_every: Option<Duration>,
    /// The outputs: the table's destination and format, and the exports.
    #[command(flatten)]
    pub outputs: Outputs<CountLayout>,
    /// Leave out the warning before a size that would take over an hour.
    #[arg(long, short = 'y')]
    pub yes: bool,
    /// Count only the boards fixed by a half turn and by a quarter turn, WAY `burnside` (the
    /// default), `plain` or `both`; the classes by type follow from the published total
    #[arg(
        long,
        value_name = "WAY",
        value_enum,
        num_args = 0..=1,
        require_equals = true,
        default_missing_value = "burnside",
        hide_short_help = true,
        help = "Count only the boards fixed by a turn (P, R), WAY burnside, plain or both: see --help",
        long_help
    )]
    pub fixed_only: Option<queens::fixed::Ways>,
    /// `--given`, `--blocked`: count the completions of a partial board.
    #[command(flatten)]
    pub given: crate::rules_args::GivenArgs,
}

/// `--checkpoint-every`: a duration (`30s`, `5m`, `1h 30m`, `500ms`) or plain seconds
/// (`1.5`), at least [`MIN_EVERY`].
fn parse_every(s: &str) -> Result<Duration, String> {
    let every = match s.trim().parse::<f64>() {
        Ok(seconds) if (0.0..1e12).contains(&seconds) => Duration::from_secs_f64(seconds),
        _ => humantime::parse_duration(s.trim())
            .map_err(|e| format!("{e}: give a duration such as 30s, 5m, 1h or plain seconds"))?,
    };
    // A journal written more often than this would spend the run writing it.
    match every < MIN_EVERY {
        true => Err(
            "give at least 100ms, such as 30s, 5m or 1h: a journal written more \
                     often would cost more time than a stop can lose"
                .to_string(),
        ),
        false => Ok(every),
    }
}

/// The shortest `--checkpoint-every`.
const MIN_EVERY: Duration = Duration::from_millis(100);
