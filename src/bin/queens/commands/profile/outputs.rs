//! Where `queens profile` writes: the human tables (stdout or `-o`), `--csv`, `--json` and
//! `--markdown`, each checked before any work and written once the last size is profiled.

use super::args::ProfileArgs;
use crate::commands::{self as common, CommandError};
use crate::output::Destination;
use queens::formats::export::{Format, RunMeta, profile};
use queens::search::profile::Profile;

/// The destinations of a profile, checked.
pub struct Outputs {
    /// `--csv`.
    pub csv: Option<Destination>,
    json: Option<Destination>,
    markdown: Option<Destination>,
    /// `-o FILE` with `--format human`.
    human_file: Option<Destination>,
    /// Whether the human tables go to stdout.
    pub human_on_stdout: bool,
}

/// A destination given as `flag`, checked before any work.
fn checked(flag: &str, path: Option<&str>) -> Result<Option<Destination>, CommandError> {
    path.map(|p| {
        let dest = Destination::parse(p);
        dest.check()
            .map_err(|e| CommandError::Usage(format!("{flag}: {e}")))?;
        Ok(dest)
    })
    .transpose()
}

impl Outputs {
    /// Checks every destination of `args` before any work.
    pub fn plan(args: &ProfileArgs) -> Result<Outputs, CommandError> {
        common::refuse_outputs_that_are_inputs(
            &[
                ("--csv", args.outputs.file(Format::Csv)),
                ("--json", args.outputs.file(Format::Json)),
                ("--markdown", args.outputs.file(Format::Markdown)),
                ("-o", args.outputs.human_to.as_deref()),
            ],
            &[],
        )?;
        let csv = common::optional_destination(args.outputs.file(Format::Csv))?;
        let json = checked("--json", args.outputs.file(Format::Json))?;
        let markdown = checked("--markdown", args.outputs.file(Format::Markdown))?;
        let human_file = common::optional_destination(args.outputs.human_to.as_deref())?;
        let on_stdout = [csv.as_ref(), json.as_ref(), markdown.as_ref()]
            .iter()
            .filter(|d| **d == Some(&Destination::Stdout))
            .count();
        if on_stdout > 1 {
            return Err(CommandError::Usage(format!(
                "only one of {} can write to stdout (-)",
                Format::flags_text(&[Format::Csv, Format::Json, Format::Markdown])
            )));
        }
        Ok(Outputs {
            human_on_stdout: on_stdout == 0 && !args.outputs.redirected(),
            csv,
            json,
            markdown,
            human_file,
        })
    }

    /// Writes the `profiles` (with their `verdicts`) to every output but stdout's human
    /// tables, which were streamed (`human_text`: those tables, for `-o`).
    pub fn write(
        &self,
        profiles: &[Profile],
        verdicts: &[String],
        human_text: &str,
        meta: &RunMeta,
    ) -> Result<(), CommandError> {
        let write = |dest: &Option<Destination>, format| -> std::io::Result<()> {
            match dest {
                Some(d) => d.write_with(|w| profile::write(format, profiles, verdicts, meta, w)),
                None => Ok(()),
            }
        };
        write(&self.csv, Format::Csv)?;
        if let Some(dest) = &self.human_file {
            dest.write_with(|w| w.write_all(human_text.as_bytes()))?;
        }
        write(&self.json, Format::Json)?;
        write(&self.markdown, Format::Markdown)?;
        Ok(())
    }
}

/// What is written when a run stops: the finished sizes and where they went.
pub fn written_text(profiles: &[Profile], csv: Option<&Destination>) -> String {
    if profiles.is_empty() {
        return "no size was finished".to_string();
    }
    let ns: Vec<String> = profiles.iter().map(|p| p.n.to_string()).collect();
    let file = match csv {
        Some(Destination::File(p)) => format!(" (also to '{}')", p.display()),
        _ => String::new(),
    };
    if let [n] = ns.as_slice() {
        format!("the profile of n = {n} is written{file}")
    } else {
        format!("the profiles of n = {} are written{file}", ns.join(", "))
    }
}
