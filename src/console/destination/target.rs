//! How a path is written: atomically, straight through, or appended to as a descriptor
//! ([`Target`]), found by following its links; and the checks made before any work.

use super::access;
use super::names::check_name_length;
use crate::storage::atomic::{self, parent_dir};
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

/// How a path is written.
#[derive(Debug)]
pub(super) enum Target {
    /// Atomically, replacing `path` (the symlinks followed); `mode` for a new file.
    Regular { path: PathBuf, mode: Option<u32> },
    /// Opened and written straight through.
    Through,
    /// An open descriptor (`/dev/fd/N`, `/proc/self/fd/N`, `/dev/stdout`, a process
    /// substitution `>(gzip > x.gz)`): written straight through, appended to, so that what the
    /// descriptor's file held before (`2>>log.txt`) is kept.
    Descriptor,
}

/// The most symlinks followed (as the kernel's own limit).
const MAX_LINKS: usize = 40;

/// Whether `path` lives in a folder of `/proc` (`/proc/self/fd`, reached through `/dev/fd` or
/// any other link to it): a process's descriptor, not a file to replace.
fn in_proc(path: &Path) -> bool {
    fs::canonicalize(parent_dir(path)).is_ok_and(|d| d.starts_with("/proc"))
}

/// `path` with its symlinks followed to the file they name (which may not exist yet), or
/// `None` when it is, or a link leads to, a descriptor in `/proc` or `/dev/fd` (`/dev/stdout`,
/// `/dev/fd/63`: not a file to replace).
pub(super) fn follow_links(path: &Path) -> io::Result<Option<PathBuf>> {
    let mut p = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        if in_proc(&p) {
            return Ok(None);
        }
        match fs::symlink_metadata(&p) {
            Ok(m) if m.file_type().is_symlink() => {
                let to = fs::read_link(&p)?;
                if to.starts_with("/proc") || to.starts_with("/dev/fd") {
                    return Ok(None);
                }
                p = if to.is_absolute() {
                    to
                } else {
                    parent_dir(&p).join(to)
                };
            }
            _ => return Ok(Some(p)),
        }
    }
    Err(io::Error::other("too many levels of symbolic links"))
}

/// The error's own words, without the temporary file's path some errors carry.
pub(super) fn plain(e: &io::Error) -> String {
    atomic::without_temp_path(e).to_string()
}

/// Whether another process holds a lock on the file at `path` (a checkpoint a run is using).
fn in_use(path: &Path) -> bool {
    fs::File::open(path)
        .is_ok_and(|f| matches!(f.try_lock_shared(), Err(fs::TryLockError::WouldBlock)))
}

/// `e` as an error naming `path`, of the same kind (a closed pipe stays one).
pub(super) fn naming(path: &Path, e: io::Error) -> io::Error {
    io::Error::new(
        e.kind(),
        format!("cannot write '{}': {}", path.display(), plain(&e)),
    )
}

/// How `path` is written; the checks of [`Destination::check`].
pub(super) fn of(path: &Path) -> Result<Target, String> {
    let shown = path.display();
    if path.as_os_str().is_empty() {
        return Err("the file name is empty; give a file name, or `-` for stdout".to_string());
    }
    // `out/` names a folder, which the OS says only when the file is opened, after the work.
    let folder_name = path.as_os_str().as_encoded_bytes().ends_with(b"/");
    if folder_name && !path.is_dir() {
        return Err(format!(
            "cannot write '{shown}': a name ending in '/' is a folder's; give a file name"
        ));
    }
    let Some(real) = follow_links(path).map_err(|e| format!("cannot write '{shown}': {e}"))? else {
        return Ok(Target::Descriptor);
    };
    match fs::metadata(&real) {
        Ok(m) if m.is_dir() => Err(format!("'{shown}' is a directory, not a file")),
        Ok(m) if !m.is_file() => Ok(Target::Through),
        Ok(m) if m.permissions().readonly() => Err(format!(
            "'{shown}' is read-only: it is not replaced (make it writable, or give another \
             file)"
        )),
        Ok(_) | Err(_) => {
            let dir = parent_dir(&real);
            if dir.exists() && !dir.is_dir() {
                return Err(format!(
                    "cannot write '{shown}': '{}' is a file, not a directory",
                    dir.display()
                ));
            }
            if !dir.is_dir() {
                return Err(format!(
                    "cannot write '{shown}': the directory '{}' does not exist",
                    dir.display()
                ));
            }
            let mode = atomic::new_file_mode(&dir).map_err(|e| {
                format!(
                    "cannot write '{shown}': cannot create files in '{}' ({})",
                    dir.display(),
                    plain(&e)
                )
            })?;
            check_name_length(&real, &dir)
                .map_err(|why| format!("cannot write '{shown}': {why}"))?;
            let exists = real.exists();
            if exists {
                access::may_replace(&real, &dir)
                    .map_err(|why| format!("cannot replace '{shown}': {why}"))?;
                if in_use(&real) {
                    return Err(format!(
                        "cannot replace '{shown}': it is locked by a running queens (a \
                         checkpoint in use); wait for that run to end, or give another file"
                    ));
                }
            }
            Ok(Target::Regular {
                path: real,
                mode: (!exists).then_some(mode),
            })
        }
    }
}
