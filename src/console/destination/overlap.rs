//! Outputs that are also inputs, or name one file twice: refused before any work.

use super::target::follow_links;
use crate::storage::atomic::parent_dir;
use std::fs;
use std::path::{Path, PathBuf};

/// Whether `a` and `b` are the same file (same device and inode), both existing.
#[cfg(unix)]
fn same_file(a: &Path, b: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (fs::metadata(a), fs::metadata(b)) {
        (Ok(x), Ok(y)) => x.dev() == y.dev() && x.ino() == y.ino(),
        _ => false,
    }
}

/// Whether `a` and `b` are the same file, both existing.
#[cfg(not(unix))]
fn same_file(a: &Path, b: &Path) -> bool {
    match (fs::canonicalize(a), fs::canonicalize(b)) {
        (Ok(x), Ok(y)) => x == y,
        _ => false,
    }
}

/// `path` made absolute with its symlinks resolved, also for a file that does not exist yet
/// (its directory resolved, its name kept).
fn normalized(path: &Path) -> Option<PathBuf> {
    if let Ok(p) = fs::canonicalize(path) {
        return Some(p);
    }
    let name = path.file_name()?;
    Some(fs::canonicalize(parent_dir(path)).ok()?.join(name))
}

/// Whether `a` and `b` name the same file: the same inode, or the same normalized path (for
/// a file not created yet, such as a new checkpoint).
fn same_destination(a: &Path, b: &Path) -> bool {
    same_file(a, b) || matches!((normalized(a), normalized(b)), (Some(x), Some(y)) if x == y)
}

/// The pairs of `options` that have a path.
fn given<'a, T: ?Sized>(options: &[(&'a str, Option<&'a T>)]) -> Vec<(&'a str, &'a T)> {
    let given = options
        .iter()
        .filter_map(|&(flag, path)| Some((flag, path?)));
    given.collect()
}

/// Refuses an output that is also an input of the command (`merge p?.csv --csv p0.csv`,
/// `count --checkpoint x.csv --csv x.csv`): writing it would destroy the input; and two
/// outputs on one file (`--csv x --markdown x`), of which only the last would be kept. `outputs` and
/// `inputs` are (flag, path) pairs, those without a path (the option not given) left out;
/// stdout and stdin (`-`) are never compared, nor are devices and FIFOs (`/dev/null` may be
/// both).
pub fn refuse_outputs_that_are_inputs(
    outputs: &[(&str, Option<&str>)],
    inputs: &[(&str, Option<&Path>)],
) -> Result<(), String> {
    let (outputs, inputs) = (given(outputs), given(inputs));
    for (i, &(out_flag, out)) in outputs.iter().enumerate() {
        let path = Path::new(out);
        // Devices, FIFOs and descriptors are written straight through, and may well be inputs
        // too (or several outputs: `--csv /dev/stdout --json /dev/stdout`).
        if out == "-" || path.exists() && !path.is_file() || matches!(follow_links(path), Ok(None))
        {
            continue;
        }
        // Two outputs on one file: the last written would silently win.
        for &(other_flag, other) in &outputs[..i] {
            if other != "-" && same_destination(path, Path::new(other)) {
                return Err(format!(
                    "{other_flag} '{other}' and {out_flag} '{out}' name the same file: one \
                     would overwrite the other; give each its own file"
                ));
            }
        }
        for &(in_flag, input) in &inputs {
            if input.as_os_str() != "-" && same_destination(path, input) {
                return Err(format!(
                    "{out_flag} '{out}' is also an input of this command ({in_flag} '{}'): \
                     writing it would destroy that input; give another file",
                    input.display()
                ));
            }
        }
    }
    Ok(())
}
