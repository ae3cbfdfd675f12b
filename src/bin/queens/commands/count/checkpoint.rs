//! Where `--checkpoint` puts the checkpoint of each size, and its checks before any work.

use super::job::Job;
use crate::commands::resumable::Journal;
use crate::commands::{CommandError, build_plan};
use queens::plan::Part;
use queens::storage::checkpoint::{self, RunIdentity};
use std::path::{Path, PathBuf};

/// Checks `--checkpoint` before any work, for the `part` counted (`None`: a `--part` that
/// cannot be resolved, reported later). With several board sizes, a folder that exists or a
/// name ending in `/` ([`names_folder`]) it names a folder holding one checkpoint per size
/// ([`for_size`]), created here if it does not exist (its parent must); an existing file
/// there is a usage error.
pub fn check(job: &Job, part: Option<Part>) -> Result<(), CommandError> {
    let Some(path) = &job.checkpoint else {
        return Ok(());
    };
    let folder = job.sizes.len() > 1 || names_folder(path);
    if !folder {
        check_folder_of(path)?;
    }
    if let Some(part) = part {
        check_existing(job, part)?;
    }
    if !folder || path.is_dir() {
        return Ok(());
    }
    if path.exists() {
        return Err(CommandError::Usage(format!(
            "--checkpoint '{}': with several board sizes it names a folder (one checkpoint per \
             size in it), but this is a file",
            path.display()
        )));
    }
    std::fs::create_dir(path).map_err(|e| {
        CommandError::Usage(format!(
            "--checkpoint: cannot create the folder '{}': {e}",
            path.display()
        ))
    })
}

/// Whether `path` names a folder of checkpoints even for one size: one that exists, or a
/// name ending in `/` (which no file can have).
fn names_folder(path: &Path) -> bool {
    path.is_dir() || path.as_os_str().as_encoded_bytes().ends_with(b"/")
}

/// Refuses a checkpoint file whose folder does not exist or is a file (a usage error, as
/// for `--csv` and `-o`), before any work rather than when the first unit is journaled.
fn check_folder_of(path: &Path) -> Result<(), CommandError> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let cannot = |why: String| {
        let shown = path.display();
        Err(CommandError::Usage(format!(
            "--checkpoint: cannot write '{shown}': {why}"
        )))
    };
    match (dir.exists(), dir.is_dir()) {
        (_, true) => Ok(()),
        (true, false) => cannot(format!("'{}' is a file, not a directory", dir.display())),
        (false, _) => cannot(format!("the directory '{}' does not exist", dir.display())),
    }
}

/// The checkpoint file of every board size of the run (see [`for_size`]); none for a part
/// that cannot be resolved (`None`).
pub fn all(job: &Job, part: Option<Part>) -> Vec<PathBuf> {
    let Some(part) = part else {
        return Vec::new();
    };
    job.sizes
        .iter()
        .filter_map(|&n| for_size(job, n, part))
        .collect()
}

/// Refuses, before any size is counted, a checkpoint already there that another running
/// count holds (locked) or that belongs to another run (another engine, split or part: a
/// folder of checkpoints used with other options), rather than on reaching its size after the
/// earlier sizes were counted.
fn check_existing(job: &Job, part: Part) -> Result<(), CommandError> {
    for &n in &job.sizes {
        let Some(path) = for_size(job, n, part) else {
            continue;
        };
        if !path.is_file() {
            continue;
        }
        let plan = build_plan(n, &job.search)?;
        checkpoint::check(&path, &RunIdentity::of(plan.as_ref(), part)).map_err(|e| {
            if e.is_io() {
                CommandError::Io(e.to_string())
            } else {
                CommandError::Usage(format!("{e} (nothing was counted)"))
            }
        })?;
    }
    Ok(())
}

/// The checkpoint of board size `n` and `part` under `--checkpoint PATH`: PATH itself for a
/// single size, else (several sizes, or PATH a folder: [`names_folder`]) `PATH/n17.ckpt`, or
/// `PATH/n17.part3of64.ckpt` for a part other than the whole.
pub fn for_size(job: &Job, n: usize, part: Part) -> Option<PathBuf> {
    let path = job.checkpoint.as_deref()?;
    if job.sizes.len() == 1 && !names_folder(path) {
        return Some(path.to_path_buf());
    }
    let name = if part == Part::WHOLE {
        format!("n{n}.ckpt")
    } else {
        format!("n{n}.part{}of{}.ckpt", part.res(), part.modulus())
    };
    Some(path.join(name))
}

/// The journal of a size's checkpoint file `path` (see [`for_size`]), with the job's
/// `--checkpoint-every`.
pub fn journal<'a>(job: &Job, path: Option<&'a Path>) -> Option<Journal<'a>> {
    path.map(|path| Journal {
        path,
        every: job.checkpoint_every,
    })
}
