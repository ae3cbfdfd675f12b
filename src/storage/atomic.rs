//! Atomic file writes: a temporary file in the same directory, renamed over the target only
//! once it is complete (and synced, with its directory), so a failed or interrupted run never
//! leaves a half-written or truncated file behind.
//!
//! The published file gets the mode a plainly created file would have: the replaced file's own
//! mode, or for a new file `0o666` less the umask ([`new_file_mode`]: read from a probe file
//! created with the default mode, since the umask cannot be read without changing it). When
//! the process is root and replaces another user's file, the file keeps its owner and group.
//!
//! **Temporary names.** A temporary file is named `.queens-<host>-<pid>-<random>.tmp`
//! ([`temp_prefix`]: `<host>` a hash of this machine's name and PID namespace), so that a later
//! run can tell one left by a process killed outright (SIGKILL, a power loss) from one a live run
//! is writing: [`remove_stale_temp_files`] removes those whose process, on this machine, is gone.

use std::fs;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// A file being written atomically: the temporary file beside its target.
#[derive(Debug)]
pub struct AtomicFile {
    target: PathBuf,
    mode: Option<u32>,
    writer: BufWriter<Temp>,
}

/// The temporary file, written through its `File`: the errors are the system's own (`No
/// space left on device`), without the temporary file's path that `NamedTempFile`'s writes
/// add to them (a message names the user's file, never ours).
#[derive(Debug)]
struct Temp(tempfile::NamedTempFile);

impl Write for Temp {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.as_file_mut().write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.0.as_file_mut().flush()
    }
}

impl AtomicFile {
    /// Starts writing `target`: creates the temporary file in its directory. `mode` is the
    /// published file's mode (`None`: the replaced file's, or a new file's under the umask).
    pub fn create(target: &Path, mode: Option<u32>) -> io::Result<AtomicFile> {
        let tmp = tempfile::Builder::new()
            .prefix(&temp_prefix())
            .suffix(".tmp")
            .tempfile_in(parent_dir(target))?;
        Ok(AtomicFile {
            target: target.to_path_buf(),
            mode,
            writer: BufWriter::with_capacity(1 << 16, Temp(tmp)),
        })
    }

    /// The temporary file's path (to remove it if the process is stopped).
    pub fn temp_path(&self) -> &Path {
        self.writer.get_ref().0.path()
    }

    /// Where the content goes.
    pub fn writer(&mut self) -> &mut dyn Write {
        &mut self.writer
    }

    /// Publishes the file: sets its mode, syncs it, renames it over the target and syncs the
    /// directory. Dropping an [`AtomicFile`] without committing deletes the temporary file.
    pub fn commit(self) -> io::Result<()> {
        let Temp(tmp) = self.writer.into_inner().map_err(|e| e.into_error())?;
        // The owner first: changing it clears the set-user-ID and set-group-ID bits.
        keep_owner(tmp.as_file(), &self.target)?;
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
        "{}probe{}.tmp",
        temp_prefix(),
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
        "{}probe{}.tmp",
        temp_prefix(),
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

/// When the process is root and replaces an existing file, gives the temporary file the
/// replaced file's owner and group (root replacing `nobody`'s file leaves it `nobody`'s, as
/// writing into it would). Anyone else can only create files of their own: nothing to do.
#[cfg(unix)]
fn keep_owner(file: &fs::File, target: &Path) -> io::Result<()> {
    use std::os::unix::fs::MetadataExt;
    if !rustix::process::geteuid().is_root() {
        return Ok(());
    }
    let Ok(old) = fs::metadata(target) else {
        return Ok(());
    };
    let new = file.metadata()?;
    if (old.uid(), old.gid()) == (new.uid(), new.gid()) {
        return Ok(());
    }
    std::os::unix::fs::fchown(file, Some(old.uid()), Some(old.gid()))
}

/// Elsewhere files have no owner to keep.
#[cfg(not(unix))]
fn keep_owner(_file: &fs::File, _target: &Path) -> io::Result<()> {
    Ok(())
}

/// The start of this process's temporary file names: `.queens-<host>-<pid>-`, where `<host>`
/// is 8 hex digits of a hash (FNV-1a) of the machine's name and the PID namespace, so that a
/// process number is only ever compared with the processes of the machine that wrote it (a
/// folder shared over NFS by the nodes of a cluster, containers sharing a volume).
pub fn temp_prefix() -> String {
    format!(".queens-{}-{}-", host_tag(), std::process::id())
}

/// This machine's and PID namespace's tag in [`temp_prefix`].
fn host_tag() -> &'static str {
    static TAG: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    TAG.get_or_init(|| {
        let host = fs::read_to_string("/proc/sys/kernel/hostname")
            .or_else(|_| std::env::var("HOSTNAME"))
            .unwrap_or_default();
        let ns = fs::read_link("/proc/self/ns/pid").unwrap_or_default();
        let mut hash: u32 = 0x811c_9dc5;
        for b in host
            .trim()
            .bytes()
            .chain([0])
            .chain(ns.to_string_lossy().bytes())
        {
            hash = (hash ^ u32::from(b)).wrapping_mul(0x0100_0193);
        }
        format!("{hash:08x}")
    })
}

/// Removes the temporary files that runs of this tool on this machine left in `dir` when they
/// were killed outright: those named by [`temp_prefix`] with this machine's tag and the number
/// of a process that no longer exists. A file of a live process (or of one this process cannot
/// tell is gone), of another machine, or of another name is left alone. Returns how many were
/// removed; failures (an unreadable folder, a file removed meanwhile) are ignored: this is
/// housekeeping.
pub fn remove_stale_temp_files(dir: &Path) -> usize {
    let Ok(entries) = fs::read_dir(dir) else {
        return 0;
    };
    let ours = format!(".queens-{}-", host_tag());
    let mut removed = 0;
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(pid) = name
            .to_str()
            .and_then(|n| n.strip_prefix(&ours))
            .filter(|rest| rest.ends_with(".tmp"))
            .and_then(|rest| rest.split_once('-'))
            .and_then(|(pid, _)| pid.parse::<u32>().ok())
        else {
            continue;
        };
        if !process_is_gone(pid) || !entry.file_type().is_ok_and(|t| t.is_file()) {
            continue;
        }
        if fs::remove_file(entry.path()).is_ok() {
            removed += 1;
        }
    }
    removed
}

/// Whether no process numbered `pid` exists (on this machine, in this PID namespace): the
/// kernel says so (`kill(pid, 0)` fails with ESRCH). This process, and one that exists but
/// belongs to another user, are not gone.
#[cfg(unix)]
fn process_is_gone(pid: u32) -> bool {
    if pid == std::process::id() {
        return false;
    }
    let Some(pid) = i32::try_from(pid)
        .ok()
        .and_then(rustix::process::Pid::from_raw)
    else {
        return false;
    };
    matches!(
        rustix::process::test_kill_process(pid),
        Err(rustix::io::Errno::SRCH)
    )
}

/// Elsewhere a process cannot be asked after: no file is taken for stale.
#[cfg(not(unix))]
fn process_is_gone(_pid: u32) -> bool {
    false
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
    fn only_temporary_files_of_gone_processes_of_this_machine_are_stale() {
        let dir = tempfile::tempdir().unwrap();
        // A process that has ended: its number names no process (until it is reused, which
        // takes the kernel's whole range of numbers).
        let mut child = std::process::Command::new("true").spawn().unwrap();
        let gone = child.id();
        child.wait().unwrap();
        let tag = host_tag();
        let me = std::process::id();
        let names = [
            format!(".queens-{tag}-{gone}-aB3dE9.tmp"),
            format!(".queens-{tag}-{gone}-probe7.tmp"),
            format!(".queens-{tag}-{me}-aB3dE9.tmp"),
            format!(".queens-{tag}-1-aB3dE9.tmp"),
            format!(".queens-0000abcd-{gone}-aB3dE9.tmp"),
            ".queens-aB3dE9.tmp".to_string(),
            format!(".queens-{tag}-{gone}-aB3dE9.csv"),
        ];
        for n in &names {
            fs::write(dir.path().join(n), "x").unwrap();
        }
        fs::create_dir(dir.path().join(format!(".queens-{tag}-{gone}-dir.tmp"))).unwrap();
        assert_eq!(remove_stale_temp_files(dir.path()), 2);
        let mut left: Vec<String> = fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        left.sort();
        let mut kept: Vec<String> = names[2..].to_vec();
        kept.push(format!(".queens-{tag}-{gone}-dir.tmp"));
        kept.sort();
        assert_eq!(left, kept);
        // This process's own temporary files carry its prefix.
        let f = AtomicFile::create(&dir.path().join("t.csv"), None).unwrap();
        let name = f
            .temp_path()
            .file_name()
            .unwrap()
            .to_str()
            .unwrap()
            .to_string();
        assert!(name.starts_with(&temp_prefix()), "{name}");
        assert!(name.starts_with(&format!(".queens-{tag}-{me}-")), "{name}");
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
