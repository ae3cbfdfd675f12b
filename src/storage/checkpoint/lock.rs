//! The lock that keeps a second run off a checkpoint in use.

use super::identity::CheckpointError;
use std::fs::{self, File, OpenOptions};
use std::io;
use std::path::Path;

/// Opens `path` for reading and appending (creating it), and locks it. A run that opened the
/// file just before another run renamed a rewritten checkpoint over it would lock the
/// orphan: the path is checked to still name the locked file, and opened again if not.
pub(super) fn open_locked(path: &Path) -> Result<File, CheckpointError> {
    let io_err = |source: io::Error| CheckpointError::Io {
        path: path.to_path_buf(),
        source,
    };
    for _ in 0..64 {
        let file = OpenOptions::new()
            .read(true)
            .append(true)
            .create(true)
            .open(path)
            .map_err(io_err)?;
        lock(&file, path)?;
        if still_named(&file, path) {
            return Ok(file);
        }
    }
    Err(CheckpointError::Locked {
        path: path.to_path_buf(),
    })
}

/// Whether `path` names the open `file` (same device and inode).
#[cfg(unix)]
pub(super) fn still_named(file: &File, path: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (file.metadata(), fs::metadata(path)) {
        (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
        _ => false,
    }
}

/// Elsewhere a rename over an open file is refused by the system.
#[cfg(not(unix))]
pub(super) fn still_named(_file: &File, _path: &Path) -> bool {
    true
}

/// Locks `file` for this run, or says that another run holds it.
pub(super) fn lock(file: &File, path: &Path) -> Result<(), CheckpointError> {
    match file.try_lock() {
        Ok(()) => Ok(()),
        Err(fs::TryLockError::WouldBlock) => Err(CheckpointError::Locked {
            path: path.to_path_buf(),
        }),
        // A file system without locks (some network ones): the run goes on unlocked.
        Err(fs::TryLockError::Error(e)) if e.kind() == io::ErrorKind::Unsupported => Ok(()),
        Err(fs::TryLockError::Error(source)) => Err(CheckpointError::Io {
            path: path.to_path_buf(),
            source,
        }),
    }
}

/// Whether another run holds `file` (opened for reading only): a shared lock is refused
/// where a run holds its exclusive one. The shared lock is let go when `file` is closed.
pub(super) fn check_free(file: &File, path: &Path) -> Result<(), CheckpointError> {
    match file.try_lock_shared() {
        Ok(()) => Ok(()),
        Err(fs::TryLockError::WouldBlock) => Err(CheckpointError::Locked {
            path: path.to_path_buf(),
        }),
        // A file system without locks, or one that refuses to lock for another reason: left
        // to [`open_locked`] when the size's turn comes.
        Err(fs::TryLockError::Error(_)) => Ok(()),
    }
}
