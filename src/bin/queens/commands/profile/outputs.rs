//! Where `queens profile` writes: the human tables (stdout or `-o`), `--csv`, `--json` and
//! `--markdown`, each checked before any work and written once the last size is profiled.

use super::args::ProfileArgs;
use crate::commands::{self as common, CommandError};
use crate::output::Destination;
use queens::formats::export::{Format, RunMeta, profile};
use queens::search::profile::Profile;

/// The destinations of a profile, checked.
pub struct Outputs {
    /// `--csv`, `--json` and `--markdown`, those given, in that order.
    files: Vec<(Format, Destination)>,
    /// `-o FILE` with `--format human`.
    human_file: Option<Destination>,
    /// Whether the human tables go to stdout.
    pub human_on_stdout: bool,
}

impl Outputs {
    /// Checks every destination of `args` before any work.
    pub fn plan(args: &ProfileArgs) -> Result<Outputs, CommandError> {
        let outputs = &args.outputs;
        common::refuse_outputs_that_are_inputs(&outputs.named(), &[])?;
        let mut files = Vec::new();
        for format in [Format::Csv, Format::Json, Format::Markdown] {
            if let Some(path) = outputs.file(format) {
                // A file that cannot be written is named by its flag, but --csv's.
                let dest = common::destination(path).map_err(|e| match e {
                    CommandError::Usage(m) if format != Format::Csv => {
                        CommandError::Usage(format!("{}: {m}", format.info().flag))
                    }
                    e => e,
                })?;
                files.push((format, dest));
            }
        }
        let human_file = common::optional_destination(outputs.human_to.as_deref())?;
        let on_stdout = files.iter().filter(|(_, d)| *d == Destination::Stdout);
        let on_stdout = on_stdout.count();
        if on_stdout > 1 {
            return Err(CommandError::Usage(outputs.stdout_rule()));
        }
        Ok(Outputs {
            human_on_stdout: on_stdout == 0 && !outputs.redirected(),
            files,
            human_file,
        })
    }

    /// The `--csv` destination, if given.
    pub fn csv(&self) -> Option<&Destination> {
        self.files
            .iter()
            .find_map(|(f, d)| (*f == Format::Csv).then_some(d))
    }

    /// Writes the `profiles` (with their `verdicts`) to every output but stdout's human
    /// tables, which were streamed (`human_text`: those tables, for `-o`): the CSV first,
    /// then the human tables' file, then the others.
    pub fn write(
        &self,
        profiles: &[Profile],
        verdicts: &[String],
        human_text: &str,
        meta: &RunMeta,
    ) -> Result<(), CommandError> {
        let write = |(format, dest): &(Format, Destination)| {
            dest.write_with(|w| profile::write(*format, profiles, verdicts, meta, w))
        };
        let (csv, others): (Vec<_>, Vec<_>) =
            self.files.iter().partition(|(f, _)| *f == Format::Csv);
        csv.into_iter().try_for_each(write)?;
        if let Some(dest) = &self.human_file {
            dest.write_with(|w| w.write_all(human_text.as_bytes()))?;
        }
        others.into_iter().try_for_each(write)?;
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
