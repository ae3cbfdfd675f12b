//! Output destinations of the commands, and the inputs they read (a file, or stdin for `-`).
//!
//! A destination is stdout (`-`) or a path:
//!
//! - a **regular file**, new or existing, is written atomically ([`crate::storage::atomic`]):
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
//!   ends the wait ((`fifo`)).
//!
//! A finished result goes to all its outputs through [`deliver`]: each is tried, and where a
//! file fails, the result goes to stdout if no output has it there.
//!
//! [`Destination::check`] runs before any work: the directory must exist and be writable (a
//! probe file is created there, which also gives the umask a new file is created under), the
//! name must fit the file system (`f_namemax`, `PATH_MAX`), an existing file must not be
//! read-only (`chmod 444` means "keep") and must be one this user
//! may write and replace, as the kernel will check it (`access`: another user's file,
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
//! ([`crate::console::signals`]): signal-hook runs every handler registered for a signal, and outputs are
//! written after the counting (the flag then has nothing left to stop), so at worst a signal
//! during a write ends the process at once, which is safe: a checkpoint is consistent at any
//! moment (it survives SIGKILL), and the output, not yet renamed into place, is simply not
//! written.

mod access;
mod deliver;
mod fifo;
mod input;
mod names;
mod overlap;
mod several;
mod stream;
mod target;
mod temp;

use crate::storage::atomic::{self, parent_dir};
pub use deliver::{Body, deliver};
use fifo::open_through;
pub use input::{open_input, read_input};
pub use overlap::refuse_outputs_that_are_inputs;
pub use several::write_all;
use std::io::{self, BufWriter, Write};
use std::path::PathBuf;
pub use stream::Stream;
use target::{Target, naming};
use temp::{create_registered, pending, unregister};
pub use temp::{fifo_waited_for, remove_temp_files, stop_gracefully_on_signals};

/// Where a result goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Destination {
    /// Standard output.
    Stdout,
    /// A file, replaced atomically, or a device, FIFO or the like, written straight through.
    File(PathBuf),
}

impl Destination {
    /// Whether every write replaces the destination whole, atomically (a regular file, new
    /// or existing): one written again as results come never holds a half-written table, and
    /// a reader never sees two. Stdout, devices, FIFOs and descriptors are written once.
    pub fn is_replaced_whole(&self) -> bool {
        match self {
            Destination::Stdout => false,
            Destination::File(path) => matches!(target::of(path), Ok(Target::Regular { .. })),
        }
    }

    /// `-` means stdout; anything else is a file path.
    pub fn parse(text: &str) -> Destination {
        if text == "-" {
            Destination::Stdout
        } else {
            Destination::File(PathBuf::from(text))
        }
    }

    /// The destination `text` names, checked before any work ([`Destination::check`]).
    pub fn checked(text: &str) -> Result<Destination, String> {
        let dest = Destination::parse(text);
        dest.check().map(|()| dest)
    }

    /// Checks, before any work is done, that the destination can be written: its directory
    /// exists and takes new files, the path is no directory, an existing file is not
    /// read-only. Returns a one-line message otherwise.
    ///
    /// Temporary files that runs killed outright left in a regular file's folder are removed
    /// here ([`atomic::remove_stale_temp_files`]). From here on a SIGINT or SIGTERM that ends
    /// the command before the file is begun says that it was not written.
    pub fn check(&self) -> Result<(), String> {
        match self {
            Destination::Stdout => Ok(()),
            Destination::File(path) => {
                if let Target::Regular { path, .. } = target::of(path)? {
                    atomic::remove_stale_temp_files(&parent_dir(&path));
                }
                pending(path);
                Ok(())
            }
        }
    }

    /// Whether writing here goes straight through (a FIFO, a device, a descriptor): what a
    /// run that finished nothing still writes (its reader waits for the stream's end).
    pub fn writes_through(&self) -> bool {
        match self {
            Destination::Stdout => true,
            Destination::File(path) => !matches!(target::of(path), Ok(Target::Regular { .. })),
        }
    }

    /// Whether writing here replaces a file that exists (a regular file, through its links):
    /// what a run that finished nothing leaves as it was.
    pub fn replaces_a_file(&self) -> bool {
        match self {
            Destination::Stdout => false,
            Destination::File(path) => matches!(
                target::of(path),
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
        let target = target::of(path).map_err(io::Error::other)?;
        match target {
            Target::Through | Target::Descriptor => {
                let file = open_through(path, &target).map_err(|e| naming(path, e))?;
                let mut w = BufWriter::with_capacity(1 << 16, file);
                body(&mut w).map_err(|e| naming(path, e))?;
                w.flush().map_err(|e| naming(path, e))
            }
            Target::Regular { path: real, mode } => {
                let (mut file, temp) =
                    create_registered(&real, path, mode).map_err(|e| naming(path, e))?;
                let written = body(file.writer()).and_then(|()| file.commit());
                unregister(&temp);
                written.map_err(|e| naming(path, e))
            }
        }
    }
}
