//! The background thread that syncs a checkpoint to disk every [`SYNC_INTERVAL`].

use std::fs::File;
use std::io;
use std::sync::mpsc;
use std::thread;
use std::time::Duration;

/// How often the journal is synced to disk while a run lasts.
pub const SYNC_INTERVAL: Duration = Duration::from_secs(1);

/// The background thread that syncs the journal to disk every [`SYNC_INTERVAL`], so that no
/// worker ever waits for the disk.
#[derive(Debug)]
pub(super) struct Syncer {
    pub(super) stop: mpsc::Sender<()>,
    pub(super) handle: thread::JoinHandle<io::Result<()>>,
}

impl Syncer {
    pub(super) fn start(file: File) -> io::Result<Syncer> {
        let (stop, stopped) = mpsc::channel::<()>();
        let handle = thread::Builder::new()
            .name("queens-checkpoint-sync".to_string())
            .spawn(move || {
                // Wakes every SYNC_INTERVAL until the checkpoint drops the sender.
                while let Err(mpsc::RecvTimeoutError::Timeout) = stopped.recv_timeout(SYNC_INTERVAL)
                {
                    file.sync_data()?;
                }
                Ok(())
            })?;
        Ok(Syncer { stop, handle })
    }

    /// Stops the thread; returns the first error it met.
    pub(super) fn stop(self) -> io::Result<()> {
        drop(self.stop);
        self.handle
            .join()
            .unwrap_or_else(|_| Err(io::Error::other("the checkpoint sync thread panicked")))
    }
}
