//! Where `queens profile` writes: the human tables (stdout or `-o`), `--csv`, `--json` and
//! `--markdown`, each checked before any work ([`Destinations`]) and written once the last
//! size is profiled.

use crate::output::Destination;
use queens::console::outputs::Destinations;
use queens::formats::export::{RunMeta, profile};
use queens::search::profile::Profile;
use std::io::Write;

/// Writes the `profiles` (with their `verdicts`) to every output of `out` but stdout's human
/// tables, which were streamed (`human_text`: those tables, for `-o`): the CSV first, then
/// the human tables' file, then the others; each tried whatever became of the others, and
/// the human tables on stdout where a file failed and none of the outputs is stdout
/// ([`Destinations::deliver`]).
pub fn write(
    out: &Destinations,
    profiles: &[Profile],
    verdicts: &[String],
    human_text: &str,
    meta: &RunMeta,
) -> std::io::Result<()> {
    let human = |w: &mut dyn Write| w.write_all(human_text.as_bytes());
    let file =
        |format| move |w: &mut dyn Write| profile::write(format, profiles, verdicts, meta, w);
    let ns: Vec<usize> = profiles.iter().map(|p| p.n).collect();
    let what = format!(
        "profiles of n = {}",
        queens::formats::table::sizes_text(&ns)
    );
    out.deliver((&human, true), file, &what)
}

/// What is written when a run stops: the finished sizes and where they went.
pub fn written_text(profiles: &[Profile], files: &[&Destination]) -> String {
    if profiles.is_empty() {
        return "no size was finished".to_string();
    }
    let ns: Vec<String> = profiles.iter().map(|p| p.n.to_string()).collect();
    let file = queens::console::stopped::files_text(files)
        .map_or(String::new(), |f| format!(" (also to {f})"));
    if let [n] = ns.as_slice() {
        format!("the profile of n = {n} is written{file}")
    } else {
        format!("the profiles of n = {} are written{file}", ns.join(", "))
    }
}
