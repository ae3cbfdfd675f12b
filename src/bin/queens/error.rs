//! How a command failed, and so which exit code it gets: [`CommandError`].

/// How a command failed, and so which exit code it gets.
#[derive(Debug, thiserror::Error)]
pub enum CommandError {
    /// The command line asks for something impossible: exit code 2, nothing done.
    #[error("{0}")]
    Usage(String),
    /// The work failed or a check did not pass: exit code 1.
    #[error("{0}")]
    Failed(String),
    /// Reading or writing failed (a full disk, an unwritable file found late): exit code 3,
    /// so that a script tells an I/O failure from a check that did not pass.
    #[error("{0}")]
    Io(String),
    /// Standard output was closed by its reader (`queens … | head -1`): a normal end, exit
    /// code 0 (see `main`).
    #[error("standard output was closed")]
    BrokenPipe,
}

impl CommandError {
    /// The process exit code for this error.
    pub fn exit_code(&self) -> i32 {
        match self {
            CommandError::Usage(_) => 2,
            CommandError::Failed(_) => 1,
            CommandError::Io(_) => 3,
            CommandError::BrokenPipe => 0,
        }
    }
}

impl From<std::io::Error> for CommandError {
    fn from(e: std::io::Error) -> Self {
        if is_broken_pipe(&e) {
            return CommandError::BrokenPipe;
        }
        CommandError::Io(format!("I/O error: {e}"))
    }
}

/// Whether `e` is, or wraps (as the CSV writer's errors do), a write to a closed pipe.
fn is_broken_pipe(e: &std::io::Error) -> bool {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        return true;
    }
    let inner = e.get_ref();
    if let Some(csv_err) = inner.and_then(|i| i.downcast_ref::<csv::Error>())
        && let csv::ErrorKind::Io(io) = csv_err.kind()
    {
        return is_broken_pipe(io);
    }
    inner
        .and_then(|i| i.downcast_ref::<std::io::Error>())
        .is_some_and(is_broken_pipe)
}
