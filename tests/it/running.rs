//! A `queens` process the tests talk to while it runs: its stdout and stderr lines arrive on
//! channels as they are written, and it can be signalled and waited for. Shared by the
//! streaming, interrupt and progress tests.

use std::io::{BufRead, BufReader, Read};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::thread;
use std::time::Duration;

/// Generous: the machine may be shared; nothing here measures time.
pub const PATIENCE: Duration = Duration::from_secs(300);

/// A running `queens` (no `--quiet` added).
pub struct Running {
    /// The process; its stdin is what [`Running::spawn`] was given.
    pub child: Child,
    out: mpsc::Receiver<String>,
    err: mpsc::Receiver<String>,
    /// Every stderr line received so far.
    err_seen: Vec<String>,
}

/// The lines of `pipe`, on a channel fed by a thread of its own.
fn lines_of(pipe: impl Read + Send + 'static) -> mpsc::Receiver<String> {
    let (tx, rx) = mpsc::channel();
    thread::spawn(move || {
        for line in BufReader::new(pipe).lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    rx
}

impl Running {
    /// Starts `queens args…` with the extra environment `env` and the given stdin.
    pub fn spawn(args: &[&str], env: &[(&str, &str)], stdin: Stdio) -> Running {
        let mut child = Command::new(env!("CARGO_BIN_EXE_queens"))
            .args(args)
            .envs(env.iter().copied())
            .stdin(stdin)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the binary runs");
        let out = lines_of(child.stdout.take().unwrap());
        let err = lines_of(child.stderr.take().unwrap());
        Running {
            child,
            out,
            err,
            err_seen: Vec::new(),
        }
    }

    /// The next stdout line.
    pub fn next_out(&mut self) -> String {
        self.out
            .recv_timeout(PATIENCE)
            .expect("a line on stdout (the run ended or hung)")
    }

    /// Waits for a stderr line containing `needle` and returns it.
    pub fn wait_err(&mut self, needle: &str) -> String {
        loop {
            let line = self.err.recv_timeout(PATIENCE).unwrap_or_else(|_| {
                panic!("no stderr line with {needle:?}; seen: {:?}", self.err_seen)
            });
            self.err_seen.push(line.clone());
            if line.contains(needle) {
                return line;
            }
        }
    }

    /// Sends `signal` (a name such as `INT` or `TERM`) to the process.
    pub fn signal(&self, signal: &str) {
        let sent = Command::new("kill")
            .args([&format!("-{signal}"), &self.child.id().to_string()])
            .status()
            .unwrap();
        assert!(sent.success());
    }

    /// Waits for the exit; returns the exit code and every stdout and stderr line left.
    pub fn finish(mut self) -> (Option<i32>, Vec<String>, Vec<String>) {
        let status = self.child.wait().unwrap();
        let out: Vec<String> = self.out.iter().collect();
        let mut err = self.err_seen;
        err.extend(self.err.iter());
        (status.code(), out, err)
    }
}
