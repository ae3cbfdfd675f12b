//! The commands around the tool rather than the problem: `queens completions SHELL` (a shell's
//! completion script, from clap_complete) and `queens man` (the manual page in roff, from
//! clap_mangen). Both describe the command line as [`crate::help::command`] builds it, so they
//! cannot drift from it.

use crate::cli::{CompletionsArgs, ManArgs};
use crate::commands::CommandError;
use std::io::Write;

/// Writes `bytes` to stdout (a closed pipe is a normal end).
fn to_stdout(bytes: &[u8]) -> Result<(), CommandError> {
    let mut out = std::io::stdout().lock();
    out.write_all(bytes)?;
    out.flush()?;
    Ok(())
}

/// Runs `queens completions SHELL`: the script on stdout.
pub fn completions(args: &CompletionsArgs) -> Result<(), CommandError> {
    let mut cmd = crate::help::command();
    // Generated into memory first: clap_complete panics on a failed write.
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut cmd, "queens", &mut script);
    to_stdout(&script)
}

/// Runs `queens man`: the main page on stdout, or every page into `-o DIR`.
pub fn man(args: &ManArgs) -> Result<(), CommandError> {
    let cmd = crate::help::command();
    match &args.output {
        None => {
            let mut page = Vec::new();
            clap_mangen::Man::new(cmd).render(&mut page)?;
            to_stdout(&page)
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
