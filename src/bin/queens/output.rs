//! Output destinations of the commands, and the inputs they read (a file, or stdin for `-`).
//!
//! A destination is stdout (`-`) or a path:
//!
//! - a **regular file**, new or existing, is written atomically ([`queens::storage::atomic`]):
//!   a temporary file in the same directory, renamed over it once complete. A **symlink** is
//!   followed: its target is replaced, in the target's directory, and the link stays.
//! - anything else that can be opened for writing (a **character device** such as
//!   `/dev/null`, a **FIFO**, a socket) is written **straight through**: opened and written,
//!   never replaced by a file. A **descriptor** (`/dev/stdout`, `/dev/fd/N`, a process
//!   substitution `>(gzip > x.gz)`, any path in a `/proc/…/fd` folder, also through a link) is
//!   written straight through too, appended to: `--csv /dev/fd/2 2>>log.txt` keeps the log's
//!   earlier lines. A destination written again as results come in ([`Stream`]) is opened
//!   once and given only what was added, since it cannot take back what it was given. A
//!   **FIFO** without a reader is waited for, saying so once on stderr, and a SIGINT or SIGTERM
//!   ends the wait ([`open_fifo`]).
//!
//! [`Destination::check`] runs before any work: the directory must exist and be writable (a
//! probe file is created there, which also gives the umask a new file is created under), the
//! name must fit the file system (`f_namemax`, `PATH_MAX`), an existing file must not be
//! read-only (`chmod 444` means "keep") and must be one this user
//! may write and replace, as the kernel will check it ([`crate::access`]: another user's file,
//! or one in a sticky folder), and
//! [`refuse_outputs_that_are_inputs`] refuses an output that is also one of the command's
//! inputs. Messages name the user's path, never the temporary file. The check also removes
//! the temporary files that runs killed outright left in a regular file's folder
//! ([`atomic::remove_stale_temp_files`]).
//!
//! **Signals.** While a temporary file is being written it is listed here; the first time one
//! is, a thread starts that waits for SIGINT and SIGTERM, removes every listed temporary file
//! and exits with 128 + the signal (as the signal itself would), so `list 16 -o big.txt`
//! interrupted leaves no `.queens-*.tmp`. It coexists with the count's own stop flag
//! (`signals.rs`): signal-hook runs every handler registered for a signal, and outputs are
//! written after the counting (the flag then has nothing left to stop), so at worst a signal
//! during a write ends the process at once, which is safe: a checkpoint is consistent at any
//! moment (it survives SIGKILL), and the output, not yet renamed into place, is simply not
//! written.

use queens::storage::atomic::{self, AtomicFile, parent_dir};
use queens::storage::bounded;
use std::fs::{self, OpenOptions};
use std::io::{self, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, Once};

/// The formats `rsvg-convert` (librsvg) turns an SVG into, by the output file's extension.
const CONVERTIBLE: [&str; 4] = ["png", "pdf", "ps", "eps"];

/// Checks that `path`, the `option` (`-o`) of a command that writes SVG, names an SVG file:
/// `-` (stdout), a name ending in `.svg` (any case), or a name without an extension (a FIFO,
/// `/dev/stdout`, a file the user names freely). Any other extension is refused with a
/// one-line message: the file would hold SVG under a name that says otherwise.
pub fn check_svg_name(option: &str, path: &str) -> Result<(), String> {
    let p = Path::new(path);
    let Some(ext) = p.extension().and_then(|e| e.to_str()) else {
        return Ok(());
    };
    if ext.eq_ignore_ascii_case("svg") {
        return Ok(());
    }
    let svg = p.with_extension("svg");
    let svg = svg.display().to_string();
    let lower = ext.to_ascii_lowercase();
    Err(if CONVERTIBLE.contains(&lower.as_str()) {
        format!(
            "{option} {path}: queens writes SVG, not {}; write {svg} and convert it with \
             rsvg-convert -f {lower} -o {} {}",
            ext.to_ascii_uppercase(),
            shell_word(path),
            shell_word(&svg)
        )
    } else {
        format!("{option} {path}: queens writes SVG; name the file {svg}")
    })
}

/// The hint for an option that names a file and was given none (`count 1-12 --csv`): `--csv
/// needs a file name; use `--csv -` for stdout` (`--known -` reads stdin). `None` for any
/// other parse error.
pub fn missing_file_hint(e: &clap::Error) -> Option<String> {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    if e.kind() != ErrorKind::InvalidValue {
        return None;
    }
    let Some(ContextValue::String(value)) = e.get(ContextKind::InvalidValue) else {
        return None;
    };
    let Some(ContextValue::String(arg)) = e.get(ContextKind::InvalidArg) else {
        return None;
    };
    // `--csv <FILE>`, `--output <FILE>`, `--output <FILE.svg>`: the flag and its value's name.
    let (flag, value_name) = arg.split_once(' ')?;
    if !value.is_empty() || !value_name.starts_with("<FILE") {
        return None;
    }
    let flag = flag.trim_end_matches(',');
    let std = if flag == "--known" { "stdin" } else { "stdout" };
    Some(format!(
        "{flag} needs a file name; use `{flag} -` for {std}"
    ))
}

/// `word` as one word of a POSIX shell command line: as it is when it is made of safe
/// characters only, else in single quotes (a quote inside written `'\''`).
fn shell_word(word: &str) -> String {
    let safe = |c: char| c.is_ascii_alphanumeric() || "-_./+,:@%".contains(c);
    if !word.is_empty() && word.chars().all(safe) {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', "'\\''"))
    }
}

/// Where a result goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Destination {
    /// Standard output.
    Stdout,
    /// A file, replaced atomically, or a device, FIFO or the like, written straight through.
    File(PathBuf),
}

/// How a path is written.
#[derive(Debug)]
enum Target {
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
fn follow_links(path: &Path) -> io::Result<Option<PathBuf>> {
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
fn plain(e: &io::Error) -> String {
    atomic::without_temp_path(e).to_string()
}

/// Whether another process holds a lock on the file at `path` (a checkpoint a run is using).
fn in_use(path: &Path) -> bool {
    fs::File::open(path)
        .is_ok_and(|f| matches!(f.try_lock_shared(), Err(fs::TryLockError::WouldBlock)))
}

/// `e` as an error naming `path`, of the same kind (a closed pipe stays one).
fn naming(path: &Path, e: io::Error) -> io::Error {
    io::Error::new(
        e.kind(),
        format!("cannot write '{}': {}", path.display(), plain(&e)),
    )
}

impl Destination {
    /// `-` means stdout; anything else is a file path.
    pub fn parse(text: &str) -> Destination {
        if text == "-" {
            Destination::Stdout
        } else {
            Destination::File(PathBuf::from(text))
        }
    }

    /// How `path` is written; the checks of [`Destination::check`].
    fn target(path: &Path) -> Result<Target, String> {
        let shown = path.display();
        let Some(real) = follow_links(path).map_err(|e| format!("cannot write '{shown}': {e}"))?
        else {
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
                    crate::access::may_replace(&real, &dir)
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

    /// Checks, before any work is done, that the destination can be written: its directory
    /// exists and takes new files, the path is no directory, an existing file is not
    /// read-only. Returns a one-line message otherwise.
    ///
    /// Temporary files that runs killed outright left in a regular file's folder are removed
    /// here ([`atomic::remove_stale_temp_files`]).
    pub fn check(&self) -> Result<(), String> {
        match self {
            Destination::Stdout => Ok(()),
            Destination::File(path) => {
                if let Target::Regular { path, .. } = Destination::target(path)? {
                    atomic::remove_stale_temp_files(&parent_dir(&path));
                }
                Ok(())
            }
        }
    }

    /// Whether writing here replaces a file that exists (a regular file, through its links):
    /// what a run that finished nothing leaves as it was.
    pub fn replaces_a_file(&self) -> bool {
        match self {
            Destination::Stdout => false,
            Destination::File(path) => matches!(
                Destination::target(path),
                Ok(Target::Regular { ref path, .. }) if path.is_file()
            ),
        }
    }

    /// Writes through `body`: to stdout directly, straight into a device or FIFO, or into a
    /// temporary file renamed over the target when `body` succeeds (and deleted when it fails
    /// or the process is stopped by SIGINT/SIGTERM).
    pub fn write_with<F>(&self, body: F) -> io::Result<()>
    where
        F: FnOnce(&mut dyn Write) -> io::Result<()>,
    {
        let path = match self {
            Destination::Stdout => {
                let stdout = io::stdout();
                let mut w = BufWriter::with_capacity(1 << 16, stdout.lock());
                body(&mut w)?;
                return w.flush();
            }
            Destination::File(path) => path,
        };
        let target = Destination::target(path).map_err(io::Error::other)?;
        match target {
            Target::Through | Target::Descriptor => {
                let file = open_through(path, &target).map_err(|e| naming(path, e))?;
                let mut w = BufWriter::with_capacity(1 << 16, file);
                body(&mut w).map_err(|e| naming(path, e))?;
                w.flush().map_err(|e| naming(path, e))
            }
            Target::Regular { path: real, mode } => {
                let (mut file, temp) =
                    create_registered(&real, mode).map_err(|e| naming(path, e))?;
                let written = body(file.writer()).and_then(|()| file.commit());
                unregister(&temp);
                written.map_err(|e| naming(path, e))
            }
        }
    }
}

/// A destination written again as results come in (`count`'s `--csv` file after each size):
/// each [`Stream::update`] gives the whole content so far. A regular file is replaced by it,
/// atomically, each time; a destination written straight through (a device, a FIFO, a pipe or
/// descriptor, stdout), which cannot take back what it was given, is opened once and gets only
/// what was added since the last update: the header once, each row once.
pub struct Stream<'a> {
    dest: &'a Destination,
    /// The open destination written straight through, once opened.
    through: Option<Box<dyn Write>>,
    /// What was written straight through so far.
    sent: Vec<u8>,
}

impl<'a> Stream<'a> {
    /// A stream into `dest`; nothing is opened before the first update.
    pub fn new(dest: &'a Destination) -> Self {
        Stream {
            dest,
            through: None,
            sent: Vec::new(),
        }
    }

    /// Writes the whole content so far, given by `body`, of which what was written before
    /// must be the start.
    pub fn update<F>(&mut self, body: F) -> io::Result<()>
    where
        F: FnOnce(&mut dyn Write) -> io::Result<()>,
    {
        let path = match self.dest {
            Destination::Stdout => None,
            Destination::File(path) => {
                let target = Destination::target(path).map_err(io::Error::other)?;
                if matches!(target, Target::Regular { .. }) && self.through.is_none() {
                    return self.dest.write_with(body);
                }
                Some((path, target))
            }
        };
        let mut all = Vec::new();
        body(&mut all)?;
        let Some(added) = all.strip_prefix(self.sent.as_slice()) else {
            return Err(io::Error::other(
                "a streamed output changed what it had written (a bug)",
            ));
        };
        let named = |e: io::Error| match path {
            Some((p, _)) => naming(p, e),
            None => e,
        };
        if self.through.is_none() {
            self.through = Some(match &path {
                Some((p, target)) => Box::new(open_through(p, target).map_err(named)?),
                None => Box::new(io::stdout()),
            });
        }
        let w = self.through.as_mut().expect("opened above");
        w.write_all(added).and_then(|()| w.flush()).map_err(named)?;
        self.sent = all;
        Ok(())
    }
}

/// Opens a destination written straight through: a descriptor to append to, anything else
/// (a device, a FIFO) as it is; a FIFO waits for its reader ([`open_fifo`]).
fn open_through(path: &Path, target: &Target) -> io::Result<fs::File> {
    #[cfg(unix)]
    if !matches!(target, Target::Descriptor) && fifo(path) {
        return open_fifo(path);
    }
    let mut options = OpenOptions::new();
    match target {
        Target::Descriptor => options.append(true),
        _ => options.write(true).truncate(true),
    };
    options.open(path)
}

/// Whether `path` is (or a link leads to) a FIFO.
#[cfg(unix)]
fn fifo(path: &Path) -> bool {
    use std::os::unix::fs::FileTypeExt;
    fs::metadata(path).is_ok_and(|m| m.file_type().is_fifo())
}

/// The FIFO being waited for, if one is: a SIGINT or SIGTERM then ends the process at once
/// (the signal thread of [`watch_signals`]).
static FIFO_WAIT: Mutex<Option<PathBuf>> = Mutex::new(None);

/// How often a FIFO without a reader is tried again.
#[cfg(unix)]
const FIFO_RETRY: std::time::Duration = std::time::Duration::from_millis(50);

/// Opens the FIFO `path` for writing. Opening one blocks until a reader opens it, and a
/// blocked `open` neither says anything nor lets a stop in: so it is opened without blocking,
/// which fails (ENXIO) while there is no reader, and tried again every [`FIFO_RETRY`] after
/// saying once on stderr what the run waits for; a SIGINT or SIGTERM meanwhile ends the
/// process (128 + the signal, nothing written to the FIFO). Once open, it is written blocking,
/// as a reader that reads slowly expects.
#[cfg(unix)]
fn open_fifo(path: &Path) -> io::Result<fs::File> {
    use rustix::fs::OFlags;
    use std::os::unix::fs::OpenOptionsExt;
    let open = || {
        OpenOptions::new()
            .write(true)
            .custom_flags(OFlags::NONBLOCK.bits() as i32)
            .open(path)
    };
    let no_reader =
        |e: &io::Error| e.raw_os_error() == Some(rustix::io::Errno::NXIO.raw_os_error());
    let file = match open() {
        Err(e) if no_reader(&e) => {
            watch_signals();
            *FIFO_WAIT.lock().unwrap_or_else(|p| p.into_inner()) = Some(path.to_path_buf());
            crate::note(&format!(
                "queens: waiting for a reader on FIFO '{}' (open it for reading, or stop with \
                 Ctrl-C)",
                path.display()
            ));
            let opened = loop {
                std::thread::sleep(FIFO_RETRY);
                match open() {
                    Err(e) if no_reader(&e) => continue,
                    other => break other,
                }
            };
            *FIFO_WAIT.lock().unwrap_or_else(|p| p.into_inner()) = None;
            opened?
        }
        other => other?,
    };
    let flags = rustix::fs::fcntl_getfl(&file)?;
    rustix::fs::fcntl_setfl(&file, flags - OFlags::NONBLOCK)?;
    Ok(file)
}

/// The longest path the kernel takes (Linux's `PATH_MAX` less its terminating zero).
#[cfg(unix)]
const PATH_MAX: usize = 4095;

/// Checks that the file system of `dir` takes the name of `real` (a file in it), and its
/// temporary file's (ENAMETOOLONG found before the work, not after it): its last component
/// within the file system's name limit (`statvfs`' `f_namemax`, 255 on most), the whole path
/// within [`PATH_MAX`].
#[cfg(unix)]
fn check_name_length(real: &Path, dir: &Path) -> Result<(), String> {
    use std::os::unix::ffi::OsStrExt;
    let Some(name) = real.file_name() else {
        return Ok(());
    };
    let len = name.as_bytes().len();
    if let Ok(fs) = rustix::fs::statvfs(dir)
        && len as u64 > fs.f_namemax
    {
        return Err(format!(
            "its name is {len} bytes long, longer than the {} the file system takes; give a \
             shorter name",
            fs.f_namemax
        ));
    }
    // The temporary file beside it has a name of up to about 40 bytes.
    let temp = dir.as_os_str().as_bytes().len() + 1 + 40;
    let whole = real.as_os_str().as_bytes().len().max(temp);
    if whole > PATH_MAX {
        return Err(format!(
            "the path is {whole} bytes long, longer than the {PATH_MAX} the system takes; give \
             a shorter path"
        ));
    }
    Ok(())
}

/// Elsewhere the write itself finds a name too long.
#[cfg(not(unix))]
fn check_name_length(_real: &Path, _dir: &Path) -> Result<(), String> {
    Ok(())
}

/// The temporary files being written, removed on SIGINT/SIGTERM.
static IN_FLIGHT: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// Set once the process stops cleanly on signals (a count): then the signal thread here leaves
/// SIGINT/SIGTERM to it.
static GRACEFUL: AtomicBool = AtomicBool::new(false);

/// Leaves SIGINT and SIGTERM to the caller's clean stop: writes in flight finish instead of
/// being cut short (the caller calls [`remove_temp_files`] if it exits at once).
pub fn stop_gracefully_on_signals() {
    GRACEFUL.store(true, Ordering::SeqCst);
}

/// Removes the temporary files being written (before an exit that cuts them short).
pub fn remove_temp_files() {
    let list = IN_FLIGHT.lock().unwrap_or_else(|p| p.into_inner());
    for temp in list.iter() {
        let _ = fs::remove_file(temp);
    }
}

/// Creates the temporary file of `real` and lists it, under the list's lock: the signal
/// thread, which takes the same lock to remove the listed files, never runs between the two
/// (a signal there would leave an empty `.queens-*.tmp`).
fn create_registered(real: &Path, mode: Option<u32>) -> io::Result<(AtomicFile, PathBuf)> {
    watch_signals();
    let mut list = IN_FLIGHT.lock().unwrap_or_else(|p| p.into_inner());
    let file = AtomicFile::create(real, mode)?;
    let temp = file.temp_path().to_path_buf();
    list.push(temp.clone());
    Ok((file, temp))
}

/// Starts, the first time, the thread that removes the listed temporary files on SIGINT and
/// SIGTERM.
fn watch_signals() {
    static WATCH: Once = Once::new();
    WATCH.call_once(|| {
        use signal_hook::consts::signal::{SIGINT, SIGTERM};
        // Without the thread, an interrupted write leaves its temporary file: not worse.
        let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM]) else {
            return;
        };
        let _ = std::thread::Builder::new()
            .name("queens-output-signals".to_string())
            .spawn(move || {
                for sig in signals.forever() {
                    // A wait for a FIFO's reader ends at once, whoever stops cleanly: nothing
                    // was written to it, and nothing else is written after it.
                    let waiting = FIFO_WAIT.lock().unwrap_or_else(|p| p.into_inner()).clone();
                    if let Some(fifo) = waiting {
                        let name = if sig == SIGINT { "SIGINT" } else { "SIGTERM" };
                        crate::signals::say(&format!(
                            "queens: stopped by {name} while waiting for a reader on FIFO \
                             '{}': nothing was written to it",
                            fifo.display()
                        ));
                        remove_temp_files();
                        std::process::exit(128 + sig);
                    }
                    // A command that stops cleanly on signals ([`crate::signals::install`])
                    // finishes its writes itself and removes what is left on its way out.
                    if GRACEFUL.load(Ordering::SeqCst) {
                        continue;
                    }
                    remove_temp_files();
                    std::process::exit(128 + sig);
                }
            });
    });
}

/// Takes a temporary file off the list (it was renamed or deleted).
fn unregister(temp: &Path) {
    IN_FLIGHT
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .retain(|t| t != temp);
}

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

/// Refuses an output that is also an input of the command (`merge p?.csv --csv p0.csv`,
/// `count --checkpoint x.csv --csv x.csv`): writing it would destroy the input; and two
/// outputs on one file (`--csv x --markdown x`), of which only the last would be kept. `outputs` and
/// `inputs` are (flag, path) pairs; stdout and stdin (`-`) are never compared, nor are
/// devices and FIFOs (`/dev/null` may be both).
pub fn refuse_outputs_that_are_inputs(
    outputs: &[(&str, &str)],
    inputs: &[(&str, &Path)],
) -> Result<(), String> {
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
        for &(in_flag, input) in inputs {
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

/// Opens an input for streaming: a file, or stdin for `-`.
pub fn open_input(path: &str) -> io::Result<Box<dyn Read>> {
    if path == "-" {
        Ok(Box::new(io::stdin()))
    } else {
        Ok(Box::new(fs::File::open(path)?))
    }
}

/// Reads a whole file, or stdin for `-`: lines of at most 1 MiB, at most 64 MiB in all
/// ([`bounded`]), so an endless input (`/dev/zero`) fails at once with a message that names
/// it.
pub fn read_input(path: &str) -> io::Result<String> {
    let name = if path == "-" { "stdin" } else { path };
    bounded::read_to_string(open_input(path)?).map_err(|e| match bounded::Overlong::find(&e) {
        Some(o) => io::Error::new(io::ErrorKind::InvalidData, o.describe(name)),
        None => e,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_temporary_file_is_created_only_under_the_signal_threads_lock() {
        // While the signal thread's lock is held (as when it is removing the listed files), no
        // temporary file appears: creating one and listing it happen together, after it.
        let dir = tempfile::tempdir().unwrap();
        let real = dir.path().join("out.csv");
        let temps = || {
            fs::read_dir(dir.path())
                .unwrap()
                .filter(|e| {
                    let name = e.as_ref().unwrap().file_name();
                    name.to_string_lossy().starts_with(".queens-")
                })
                .count()
        };
        let held = IN_FLIGHT.lock().unwrap_or_else(|p| p.into_inner());
        let writer = {
            let real = real.clone();
            std::thread::spawn(move || create_registered(&real, None).unwrap())
        };
        std::thread::sleep(std::time::Duration::from_millis(200));
        assert_eq!(temps(), 0, "a temporary file was created outside the lock");
        drop(held);
        let (file, temp) = writer.join().unwrap();
        assert_eq!(temps(), 1);
        assert!(IN_FLIGHT.lock().unwrap().contains(&temp));
        unregister(&temp);
        drop(file);
    }

    #[test]
    fn conversion_hints_quote_names_a_shell_would_split() {
        assert_eq!(shell_word("a.png"), "a.png");
        assert_eq!(shell_word("x y.pdf"), "'x y.pdf'");
        assert_eq!(shell_word("it's.svg"), r"'it'\''s.svg'");
        assert_eq!(shell_word(""), "''");
        let e = check_svg_name("-o", "x y.pdf").unwrap_err();
        assert!(
            e.ends_with("rsvg-convert -f pdf -o 'x y.pdf' 'x y.svg'"),
            "{e}"
        );
    }
}
