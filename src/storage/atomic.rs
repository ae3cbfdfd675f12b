//! Atomic file writes: a temporary file in the same directory, renamed over the target only
//! once it is complete (and synced, with its directory), so a failed or interrupted run never
//! leaves a half-written or truncated file behind.
//!
//! The published file gets the mode a plainly created file would have: the replaced file's own
//! mode, or for a new file `0o666` less the umask ([`new_file_mode`]: read from a probe file
//! created with the default mode, since the umask cannot be read without changing it).

use std::fs;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// A file being written atomically: the temporary file beside its target.
#[derive(Debug)]
pub struct AtomicFile {
    target: PathBuf,
    mode: Option<u32>,
    writer: BufWriter<tempfile::NamedTempFile>,
}

impl AtomicFile {
    /// Starts writing `target`: creates the temporary file in its directory. `mode` is the
    /// published file's mode (`None`: the replaced file's, or a new file's under the umask).
    pub fn create(target: &Path, mode: Option<u32>) -> io::Result<AtomicFile> {
        let tmp = tempfile::Builder::new()
            .prefix(".queens-")
            .suffix(".tmp")
            .tempfile_in(parent_dir(target))?;
        Ok(AtomicFile {
            target: target.to_path_buf(),
            mode,
            writer: BufWriter::with_capacity(1 << 16, tmp),
        })
    }

    /// The temporary file's path (to remove it if the process is stopped).
    pub fn temp_path(&self) -> &Path {
        self.writer.get_ref().path()
    }

    /// Where the content goes.
    pub fn writer(&mut self) -> &mut dyn Write {
        &mut self.writer
    }

    /// Publishes the file: sets its mode, syncs it, renames it over the target and syncs the
    /// directory. Dropping an [`AtomicFile`] without committing deletes the temporary file.
    pub fn commit(self) -> io::Result<()> {
        let tmp = self.writer.into_inner().map_err(|e| e.into_error())?;
        set_published_mode(tmp.as_file(), &self.target, self.mode)?;
        tmp.as_file().sync_all()?;
        tmp.persist(&self.target).map_err(|e| e.error)?;
        sync_parent_dir(&self.target)
    }
}

/// Writes `path` through `body`: into a temporary file beside it, renamed over `path` when
/// `body` succeeds (and deleted when it fails).
#[cfg(test)]
fn write_atomically<F>(path: &Path, body: F) -> io::Result<()>
where
    F: FnOnce(&mut dyn Write) -> io::Result<()>,
{
    let mut file = AtomicFile::create(path, None)?;
    body(file.writer())?;
    file.commit()
}

/// Writes `contents` to `path` atomically.
#[cfg(test)]
fn write_file_atomically(path: &Path, contents: &[u8]) -> io::Result<()> {
    write_atomically(path, |w| w.write_all(contents))
}

/// Numbers the probe files of [`new_file_mode`].
static PROBES: AtomicU64 = AtomicU64::new(0);

/// The mode a new file created in `dir` gets (`0o666` less the umask), found by creating a
/// probe file there with the default mode and deleting it. Fails as creating a file there
/// would (a missing or unwritable directory), so it also checks that `dir` is writable.
#[cfg(unix)]
pub fn new_file_mode(dir: &Path) -> io::Result<u32> {
    use std::os::unix::fs::PermissionsExt;
    let probe = dir.join(format!(
        ".queens-probe-{}-{}.tmp",
        std::process::id(),
        PROBES.fetch_add(1, Ordering::Relaxed)
    ));
    let file = fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&probe)?;
    let mode = file.metadata().map(|m| m.permissions().mode() & 0o7777);
    drop(file);
    let removed = fs::remove_file(&probe);
    let mode = mode?;
    removed?;
    Ok(mode)
}

/// Elsewhere: checks that a file can be created in `dir`; the mode is not used.
#[cfg(not(unix))]
pub fn new_file_mode(dir: &Path) -> io::Result<u32> {
    let probe = dir.join(format!(
        ".queens-probe-{}-{}.tmp",
        std::process::id(),
        PROBES.fetch_add(1, Ordering::Relaxed)
    ));
    drop(
        fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&probe)?,
    );
    fs::remove_file(&probe)?;
    Ok(0o666)
}

/// Gives the temporary file its published mode: `mode` if given, else the target's own mode
/// when it is replaced, else a new file's under the umask (temporary files start out
/// `rw-------`).
#[cfg(unix)]
fn set_published_mode(file: &fs::File, target: &Path, mode: Option<u32>) -> io::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    let mode = match mode {
        Some(m) => m,
        None => match fs::metadata(target) {
            Ok(m) => m.permissions().mode() & 0o7777,
            Err(_) => new_file_mode(&parent_dir(target))?,
        },
    };
    file.set_permissions(fs::Permissions::from_mode(mode))
}

/// Elsewhere temporary files get the usual permissions already.
#[cfg(not(unix))]
fn set_published_mode(_file: &fs::File, _target: &Path, _mode: Option<u32>) -> io::Result<()> {
    Ok(())
}

/// Syncs the directory `path` lives in, so that a file just created or renamed there survives
/// a power loss (the rename itself is in the directory, not in the file). Elsewhere than on
/// Unix, directories cannot be opened and this does nothing.
pub(crate) fn sync_parent_dir(path: &Path) -> io::Result<()> {
    #[cfg(unix)]
    {
        fs::File::open(parent_dir(path))?.sync_all()?;
    }
    #[cfg(not(unix))]
    let _ = path;
    Ok(())
}

/// `e` in its own words, without the temporary file's path that the errors of `tempfile`
/// carry (`… at path "/x/.queens-a1B2.tmp"`): a message names the user's file, never ours.
pub fn without_temp_path(e: &io::Error) -> io::Error {
    if let Some(code) = e.raw_os_error() {
        return io::Error::from_raw_os_error(code);
    }
    let inner = e
        .get_ref()
        .and_then(|i| i.source())
        .and_then(|s| s.downcast_ref::<io::Error>());
    match inner {
        Some(inner) => without_temp_path(inner),
        None => io::Error::new(e.kind(), e.to_string()),
    }
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
    fn written_files_get_a_new_files_mode_and_keep_a_replaced_files_mode() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("t.csv");
        write_file_atomically(&path, b"a\n").unwrap();
        let mode = |p: &Path| fs::metadata(p).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode(&path), new_file_mode(dir.path()).unwrap());
        fs::set_permissions(&path, fs::Permissions::from_mode(0o640)).unwrap();
        write_file_atomically(&path, b"b\n").unwrap();
        assert_eq!(mode(&path), 0o640);
        assert_eq!(fs::read_to_string(&path).unwrap(), "b\n");
        // Neither the temporary file nor the probes are left behind.
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[test]
    fn a_file_not_committed_leaves_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("t.csv");
        let mut f = AtomicFile::create(&path, None).unwrap();
        f.writer().write_all(b"half").unwrap();
        assert!(f.temp_path().exists());
        drop(f);
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 0);
    }
}
