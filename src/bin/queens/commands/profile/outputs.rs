//! Where `queens profile` writes: the human tables (stdout or `-o`), `--csv`, `--json` and
//! `--markdown`, each checked before any work ([`Destinations`]) and written once the last
//! size is profiled.

use crate::commands::CommandError;
use crate::output::Destination;
use queens::console::outputs::Destinations;
use queens::formats::export::{Format, RunMeta, profile};
use queens::search::profile::Profile;

/// Writes the `profiles` (with their `verdicts`) to every output of `out` but stdout's human
/// tables, which were streamed (`human_text`: those tables, for `-o`): the CSV first, then
/// the human tables' file, then the others.
pub fn write(
    out: &Destinations,
    profiles: &[Profile],
    verdicts: &[String],
    human_text: &str,
    meta: &RunMeta,
) -> Result<(), CommandError> {
    let write = |(format, dest): &(Format, Destination)| {
        dest.write_with(|w| profile::write(*format, profiles, verdicts, meta, w))
    };
    let (csv, others): (Vec<_>, Vec<_>) = out.files.iter().partition(|(f, _)| *f == Format::Csv);
    csv.into_iter().try_for_each(write)?;
    if let Some(dest) = &out.human_file {
        dest.write_with(|w| w.write_all(human_text.as_bytes()))?;
    }
    others.into_iter().try_for_each(write)?;
    Ok(())
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
