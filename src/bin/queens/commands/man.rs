//! `queens man`: the manual page in roff, from clap_mangen, describing the command line as
//! [`crate::app::command`] builds it, so that it cannot drift from it.

use super::CommandError;
use clap::Args;

/// The text under the options of `queens man --help`: the examples, the outputs, the exit codes.
pub const LONG_HELP: &str = "\
Examples:
  queens man > queens.1                 the main page; read it with `man ./queens.1`
  queens man -o man1                    every page: man1/queens.1, man1/queens-count.1, …

The pages hold the full --help texts: every option, example and exit code. To install them,
copy the folder's pages into a man1 folder of your MANPATH (e.g. ~/.local/share/man/man1).";

/// `queens man`.
#[derive(Debug, Args)]
pub struct ManArgs {
    /// Write one page per command into DIR (created if missing): queens.1, queens-count.1, …
    /// instead of the main page on stdout.
    #[arg(short, long, value_name = "DIR")]
    pub output: Option<std::path::PathBuf>,
}

/// Runs `queens man`: the main page on stdout, or every page into `-o DIR`.
pub fn run(args: &ManArgs, cmd: clap::Command) -> Result<(), CommandError> {
    match &args.output {
        None => {
            let mut page = Vec::new();
            clap_mangen::Man::new(cmd).render(&mut page)?;
            super::to_stdout(&page)
        }
        Some(dir) => {
            // A file (or a link to one) in the folder's place is a mistake on the command
            // line, found before anything is written.
            if dir.exists() && !dir.is_dir() {
                return Err(CommandError::Usage(format!(
                    "man -o '{}': it is a file; -o takes a folder for the pages (man1/queens.1, \
                     man1/queens-count.1, …), or leave it out for the main page on stdout",
                    dir.display()
                )));
            }
            let failed = |e: std::io::Error| {
                CommandError::Io(format!(
                    "cannot write the manual pages into '{}': {e}",
                    dir.display()
                ))
            };
            std::fs::create_dir_all(dir).map_err(failed)?;
            clap_mangen::generate_to(cmd, dir).map_err(failed)
        }
    }
}
