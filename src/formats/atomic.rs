//! Atomic file writes: a temporary file in the same directory, renamed over the target only
//! once it is complete, so a failed or interrupted run never leaves a half-written or
//! truncated file behind.

use std::fs;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

/// Writes `path` through `body`: into a temporary file beside it, renamed over `path` when
/// `body` succeeds (and deleted when it fails).
pub fn write_atomically<F>(path: &Path, body: F) -> io::Result<()>
where
    F: FnOnce(&mut dyn Write) -> io::Result<()>,
{
    let tmp = tempfile::Builder::new()
        .prefix(".queens-")
        .suffix(".tmp")
        .tempfile_in(parent_dir(path))?;
    let mut w = BufWriter::with_capacity(1 << 16, tmp);
    body(&mut w)?;
    let tmp = w.into_inner().map_err(|e| e.into_error())?;
    set_published_mode(tmp.as_file(), path)?;
    tmp.as_file().sync_all()?;
    tmp.persist(path).map_err(|e| e.error)?;
    Ok(())
}

/// Writes `contents` to `path` atomically.
pub fn write_file_atomically(path: &Path, contents: &[u8]) -> io::Result<()> {
    write_atomically(path, |w| w.write_all(contents))
}

/// Gives the temporary file the mode a plainly created file would have: the target's own mode
/// when it is replaced, `rw-r--r--` otherwise (temporary files start out `rw-------`).
#[cfg(unix)]
fn set_published_mode(file: &fs::File, target: &Path) -> io::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    let mode = fs::metadata(target).map_or(0o644, |m| m.permissions().mode() & 0o7777);
    file.set_permissions(fs::Permissions::from_mode(mode))
}

/// Elsewhere temporary files get the usual permissions already.
#[cfg(not(unix))]
fn set_published_mode(_file: &fs::File, _target: &Path) -> io::Result<()> {
    Ok(())
}

/// Syncs the directory `path` lives in, so that a file just created or renamed there survives
/// a power loss (the rename itself is in the directory, not in the file). Elsewhere than on
/// Unix, directories cannot be opened and this does nothing.
pub fn sync_parent_dir(path: &Path) -> io::Result<()> {
    #[cfg(unix)]
    {
        fs::File::open(parent_dir(path))?.sync_all()?;
    }
    #[cfg(not(unix))]
    let _ = path;
    Ok(())
}

/// The directory a file lives in (`.` for a bare file name).
pub fn parent_dir(path: &Path) -> PathBuf {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    #[test]
    fn written_files_are_readable_by_others_and_keep_a_replaced_files_mode() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("t.csv");
        write_file_atomically(&path, b"a\n").unwrap();
        let mode = |p: &Path| fs::metadata(p).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode(&path), 0o644);
        fs::set_permissions(&path, fs::Permissions::from_mode(0o640)).unwrap();
        write_file_atomically(&path, b"b\n").unwrap();
        assert_eq!(mode(&path), 0o640);
        assert_eq!(fs::read_to_string(&path).unwrap(), "b\n");
    }
}
