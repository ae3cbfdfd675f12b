//! Reads that a stop request ends at once, even while they wait for input that does not come
//! (a pipe whose writer is silent, a terminal): [`Stoppable`].

use crate::plan::stop::StopFlag;
use std::io::{self, Read};
use std::sync::mpsc::{Receiver, RecvTimeoutError, sync_channel};
use std::time::Duration;

/// How often a read waiting for input looks at the stop flag.
const LOOK_EVERY: Duration = Duration::from_millis(50);

/// The size of the chunks the reading thread hands over.
const CHUNK: usize = 1 << 16;

/// The words of the error a read returns once a stop was asked for ([`Stoppable::is_stop`]).
const STOPPED: &str = "the input was not read further: a stop was asked for";

/// A reader whose input is read by a thread of its own, chunk by chunk, while
/// [`Read::read`] waits for the next chunk a few milliseconds at a time and returns an error
/// ([`Stoppable::is_stop`]) as soon as its [`StopFlag`] is set: a command that reads stdin can
/// stop on a signal and keep what it made of the input so far, instead of waiting in a
/// blocked `read` until the next line comes. A thread blocked on input that never comes is
/// left to end with the process.
pub struct Stoppable {
    chunks: Receiver<io::Result<Vec<u8>>>,
    chunk: Vec<u8>,
    at: usize,
    ended: bool,
    stop: StopFlag,
}

impl Stoppable {
    /// `inner` read on a thread of its own, its reads ended by `stop`.
    pub fn new<R: Read + Send + 'static>(mut inner: R, stop: StopFlag) -> io::Result<Stoppable> {
        // Two chunks ahead at most: the input is read as fast as it is used, not faster.
        let (send, chunks) = sync_channel(2);
        std::thread::Builder::new()
            .name("queens-input".to_string())
            .spawn(move || {
                loop {
                    let mut chunk = vec![0; CHUNK];
                    let got = match inner.read(&mut chunk) {
                        Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                        Ok(k) => {
                            chunk.truncate(k);
                            Ok(chunk)
                        }
                        Err(e) => Err(e),
                    };
                    let last = !matches!(&got, Ok(c) if !c.is_empty());
                    // The reader gone (it stopped, or ended early): nothing more to read.
                    if send.send(got).is_err() || last {
                        return;
                    }
                }
            })?;
        Ok(Stoppable {
            chunks,
            chunk: Vec::new(),
            at: 0,
            ended: false,
            stop,
        })
    }

    /// Whether `e` is the error of a read that a stop ended.
    pub fn is_stop(e: &io::Error) -> bool {
        e.kind() == io::ErrorKind::Other && e.to_string() == STOPPED
    }
}

impl Read for Stoppable {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        loop {
            // Looked at before each read, so that a stop ends a fast input too.
            if self.stop.is_set() {
                return Err(io::Error::other(STOPPED));
            }
            if self.at < self.chunk.len() {
                let k = out.len().min(self.chunk.len() - self.at);
                out[..k].copy_from_slice(&self.chunk[self.at..self.at + k]);
                self.at += k;
                return Ok(k);
            }
            if self.ended || out.is_empty() {
                return Ok(0);
            }
            match self.chunks.recv_timeout(LOOK_EVERY) {
                Ok(Ok(chunk)) if chunk.is_empty() => self.ended = true,
                Ok(Ok(chunk)) => (self.chunk, self.at) = (chunk, 0),
                Ok(Err(e)) => {
                    self.ended = true;
                    return Err(e);
                }
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => self.ended = true,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::BufRead;

    /// A reader that gives its lines, then waits (as a silent pipe does) until told to end.
    struct Silent(Vec<u8>, std::sync::mpsc::Receiver<()>);

    impl Read for Silent {
        fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
            if self.0.is_empty() {
                let _ = self.1.recv();
                return Ok(0);
            }
            let k = out.len().min(self.0.len());
            out[..k].copy_from_slice(&self.0[..k]);
            self.0.drain(..k);
            Ok(k)
        }
    }

    #[test]
    fn the_whole_input_is_read_as_it_is_without_a_stop() {
        let text: Vec<u8> = (0..200_000u32)
            .flat_map(|i| format!("{i}\n").into_bytes())
            .collect();
        let mut got = Vec::new();
        let mut r = Stoppable::new(io::Cursor::new(text.clone()), StopFlag::new()).unwrap();
        r.read_to_end(&mut got).unwrap();
        assert_eq!(got, text);
        // Read to its end, it stays there.
        assert_eq!(r.read(&mut [0; 8]).unwrap(), 0);
    }

    #[test]
    fn a_stop_ends_a_read_that_waits_for_input() {
        let (_hold, wait) = std::sync::mpsc::channel();
        let stop = StopFlag::new();
        let r = Stoppable::new(Silent(b"1 3 0 2\n".to_vec(), wait), stop.clone()).unwrap();
        let mut lines = io::BufReader::new(r).lines();
        assert_eq!(lines.next().unwrap().unwrap(), "1 3 0 2");
        let asker = stop.clone();
        let t = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(100));
            asker.request();
        });
        let started = std::time::Instant::now();
        let e = lines.next().unwrap().unwrap_err();
        assert!(Stoppable::is_stop(&e), "{e}");
        assert!(started.elapsed() < Duration::from_secs(2));
        t.join().unwrap();
    }

    #[test]
    fn an_input_error_is_passed_on() {
        struct Failing;
        impl Read for Failing {
            fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
                Err(io::Error::new(io::ErrorKind::InvalidData, "bad disk"))
            }
        }
        let mut r = Stoppable::new(Failing, StopFlag::new()).unwrap();
        let e = r.read(&mut [0; 8]).unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::InvalidData);
        assert!(!Stoppable::is_stop(&e));
    }
}
