//! Destinations written straight through: devices, descriptors, and FIFOs, whose reader is waited for.

use super::target::Target;
use super::temp::{FIFO_STOPPED, FIFO_WAIT, begun, watch_signals};
use std::fs::{self, OpenOptions};
use std::io;
use std::path::Path;

/// Opens a destination written straight through: a descriptor to append to, anything else
/// (a device, a FIFO) as it is; a FIFO waits for its reader ([`open_fifo`]).
pub(super) fn open_through(path: &Path, target: &Target) -> io::Result<fs::File> {
    begun(path);
    #[cfg(unix)]
    if !matches!(target, Target::Descriptor) && fifo(path) {
        return open_fifo(path);
    }
    #[cfg(unix)]
    if matches!(target, Target::Descriptor)
        && let Some(stream) = standard_stream(path)
    {
        return stream;
    }
    let mut options = OpenOptions::new();
    match target {
        Target::Descriptor => options.append(true),
        _ => options.write(true).truncate(true),
    };
    options.open(path)
}

/// The process's own stdout or stderr, when the descriptor `path` names (`/dev/stdout`,
/// `/dev/fd/2`, a link to `/proc/self/fd/1`) is the same file as one of them: a copy of that
/// descriptor, sharing its file offset. Opening the path anew would not share it (on Linux a
/// regular file behind `/proc/self/fd/N` is opened as a new file), so the shell's next write
/// on that stream (`{ queens count 8 -o /dev/stdout; echo done; } > log`) would overwrite
/// the output from its start; written through the shared offset, it follows the output.
#[cfg(unix)]
fn standard_stream(path: &Path) -> Option<io::Result<fs::File>> {
    use std::os::fd::AsFd;
    use std::os::unix::fs::MetadataExt;
    let file = fs::metadata(path).ok()?;
    let (stdout, stderr) = (io::stdout(), io::stderr());
    // Stderr first where the path names it (`/dev/stderr`, `/dev/fd/2`): of two streams on
    // one file (`>log 2>log`), the one named.
    let mut streams = [stdout.as_fd(), stderr.as_fd()];
    let name = path.as_os_str().as_encoded_bytes();
    if name.ends_with(b"/2") || name.ends_with(b"stderr") {
        streams.reverse();
    }
    // Each stream's descriptor copied, and kept if it is the path's file.
    let stream = streams.into_iter().find_map(|fd| {
        let copy = fs::File::from(fd.try_clone_to_owned().ok()?);
        let m = copy.metadata().ok()?;
        (m.dev() == file.dev() && m.ino() == file.ino()).then_some(copy)
    })?;
    // What went to stdout through its buffer comes first.
    Some(io::Write::flush(&mut stdout.lock()).map(|()| stream))
}

/// Whether `path` is (or a link leads to) a FIFO.
#[cfg(unix)]
fn fifo(path: &Path) -> bool {
    use std::os::unix::fs::FileTypeExt;
    fs::metadata(path).is_ok_and(|m| m.file_type().is_fifo())
}

/// How often a FIFO without a reader is tried again.
#[cfg(unix)]
const FIFO_RETRY: std::time::Duration = std::time::Duration::from_millis(50);

/// Opens the FIFO `path` for writing. Opening one blocks until a reader opens it, and a
/// blocked `open` neither says anything nor lets a stop in: so it is opened without blocking,
/// which fails (ENXIO) while there is no reader, and tried again every [`FIFO_RETRY`] after
/// saying once on stderr what the run waits for; a SIGINT or SIGTERM meanwhile ends the
/// process (128 + the signal, nothing written to the FIFO), or, in a command that stops
/// cleanly, ends the wait with an error (its result then goes to stdout). Once open, it is written blocking,
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
            crate::console::stderr::note(&format!(
                "queens: waiting for a reader on FIFO '{}' (open it for reading, or stop with \
                 Ctrl-C)",
                path.display()
            ));
            let opened = loop {
                std::thread::sleep(FIFO_RETRY);
                let stopped = FIFO_STOPPED.load(std::sync::atomic::Ordering::SeqCst);
                if stopped != 0 {
                    let name = match stopped {
                        2 => "SIGINT",
                        _ => "SIGTERM",
                    };
                    break Err(io::Error::other(format!(
                        "stopped by {name} while waiting for its reader"
                    )));
                }
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
