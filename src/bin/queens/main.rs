//! The `queens` binary: parses the command line, dispatches, maps errors to exit codes.
//!
//! Everything command-line lives here, beside the library: the clap arguments ([`cli`]) mapped
//! onto library types, the thin commands ([`commands`]), the output arguments
//! ([`output_args`]), output destinations ([`output`]), progress on stderr ([`progress`]) and
//! signals ([`signals`]).
//!
//! Writing to stderr never fails a command: every line goes through [`note`] or
//! [`signals::say`], which ignore a closed or full stderr (`eprintln!` would panic, and the
//! lint below, as the library's, refuses it).

#![forbid(unsafe_code)]
#![deny(clippy::print_stderr)]

mod app;
mod clap_errors;
mod cli;
mod commands;
mod console;
mod error;
mod examples;
mod help;
mod output;
mod output_args;
mod rules_args;

use app::Cli;
use clap::FromArgMatches;
use clap::error::ErrorKind;
use commands::CommandError;
use std::process::ExitCode;
// `crate::note`, `crate::progress` and `crate::signals` for every module: the library's.
use console::{note, ns, progress, signals, style};

/// The first argument that is not valid UTF-8, as a usage message. Parts of the program record
/// the command line as text (the run metadata of the exports, the hint on how to resume), so a
/// file name that is not UTF-8 is refused here, once, rather than crashing there.
fn non_utf8_argument() -> Option<String> {
    std::env::args_os()
        .enumerate()
        .skip(1)
        .find(|(_, a)| a.to_str().is_none())
        .map(|(i, a)| {
            format!(
                "queens: error: argument {i} ({}) is not valid UTF-8: give file names in UTF-8",
                a.to_string_lossy()
            )
        })
}

/// The command line with `--help` and `-h` left out after `help` (`queens help --help`,
/// `queens help count -h`): the help subcommand then prints the help asked for, exit 0,
/// instead of clap's "unrecognized subcommand '--help'".
fn without_help_flags_after_help(args: Vec<String>) -> Vec<String> {
    let first_word = args.iter().skip(1).position(|a| !a.starts_with('-'));
    match first_word {
        Some(i) if args[i + 1] == "help" => args
            .into_iter()
            .enumerate()
            .filter(|(j, a)| *j <= i + 1 || (a != "--help" && a != "-h"))
            .map(|(_, a)| a)
            .collect(),
        _ => args,
    }
}

/// Prints the help or version text of `e` where clap would (stdout, or stderr for the help
/// shown for a missing subcommand), coloured as clap would; a failed write to stdout (a
/// full disk) is an I/O error, exit 3, as for every command's output (clap's own print
/// dropped it and exited 0), and a closed pipe (`queens --help | head`) a normal end.
fn print_help(e: &clap::Error) -> ExitCode {
    use std::io::Write;
    let rendered = e.render();
    let coloured = match e.use_stderr() {
        true => style::on_stderr(),
        false => style::on_stdout(),
    };
    let text = match coloured {
        true => rendered.ansi().to_string(),
        false => rendered.to_string(),
    };
    if e.use_stderr() {
        note(text.trim_end());
        return ExitCode::from(e.exit_code() as u8);
    }
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
            let line = format!("queens: error: cannot write to stdout: {e}");
            note(&style::error_line(&line));
            ExitCode::from(3)
        }
        _ => ExitCode::from(e.exit_code() as u8),
    }
}

fn main() -> ExitCode {
    if let Some(message) = non_utf8_argument() {
        note(&message);
        return ExitCode::from(2);
    }
    // Every argument is UTF-8 (checked above).
    let args = without_help_flags_after_help(std::env::args().collect());
    style::set(style::from_args(&args));
    let parsed = app::command()
        .try_get_matches_from(&args)
        .and_then(|m| Cli::from_arg_matches(&m));
    let cli = match parsed {
        Ok(cli) => cli,
        Err(e) => match e.kind() {
            ErrorKind::DisplayHelp
            | ErrorKind::DisplayVersion
            | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
                return print_help(&e);
            }
            _ => {
                note(&style::error_line(&clap_errors::report(&e, &args)));
                return ExitCode::from(2);
            }
        },
    };
    match app::run(cli) {
        // A closed stdout pipe (`queens … | head -1`) is a normal end, for every command.
        Ok(()) | Err(CommandError::BrokenPipe) => ExitCode::SUCCESS,
        Err(e) => {
            note(&style::error_line(&format!("queens: error: {e}")));
            ExitCode::from(e.exit_code() as u8)
        }
    }
}
