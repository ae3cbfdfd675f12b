//! Destinations written again as results come in: [`Stream`].

use super::Destination;
use super::fifo::open_through;
use super::target::{self, Target, naming};
use std::io::{self, Write};

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
                let target = target::of(path).map_err(io::Error::other)?;
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
