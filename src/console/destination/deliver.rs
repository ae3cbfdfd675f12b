//! A finished result written to all its outputs at once, none lost to another's failure:
//! [`deliver`].

use super::Destination;
use std::io::{self, ErrorKind, Write};

/// What writes one output: the result in that output's format.
pub type Body<'a> = &'a dyn Fn(&mut dyn Write) -> io::Result<()>;

/// Writes every output of `outputs` (each as [`Destination::write_with`] writes it), each
/// tried whatever became of the others. Where one that failed was not stdout and no output
/// writes to stdout, `fallback` (the result as stdout would show it; `None`: stdout has it
/// already, streamed) is written there, so that a full disk never costs the result. Returns
/// the failures as one error, of the first one's kind, naming each file and saying that the
/// `what` (`rows for n = 8, 9`) are on stdout where they are (the fallback there, or an
/// output on stdout that is the fallback itself); a closed stdout alone is a
/// [`ErrorKind::BrokenPipe`] error (a normal end).
pub fn deliver(
    outputs: &[(&Destination, Body)],
    fallback: Option<Body>,
    what: &str,
) -> io::Result<()> {
    let mut failed: Vec<io::Error> = Vec::new();
    let mut pipe_closed = None;
    for (dest, body) in outputs {
        match dest.write_with(|w| body(w)) {
            Ok(()) => {}
            Err(e) if e.kind() == ErrorKind::BrokenPipe => pipe_closed = Some(e),
            Err(e) => failed.push(e),
        }
    }
    let Some(first) = failed.first() else {
        return pipe_closed.map_or(Ok(()), Err);
    };
    let kind = first.kind();
    let said: Vec<String> = (failed.iter())
        .map(|e| format!("{e}: the file was not written"))
        .collect();
    let mut text = said.join("; ");
    let stdout = outputs.iter().find(|(d, _)| **d == Destination::Stdout);
    let on_stdout = match (stdout, fallback) {
        // Stdout has the result if its output is the fallback itself (the human table), not
        // another format (a b-file holds one column), and was not closed.
        (Some((_, body)), fallback) => {
            fallback.is_some_and(|f| std::ptr::addr_eq(*body, f)) && pipe_closed.is_none()
        }
        (None, None) => true,
        (None, Some(fallback)) => Destination::Stdout.write_with(|w| fallback(w)).is_ok(),
    };
    if on_stdout {
        text += &format!("; the {what} are on stdout");
    }
    Err(io::Error::new(kind, text))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failed_output_costs_no_other_and_is_named() {
        let dir = tempfile::tempdir().unwrap();
        let good = Destination::File(dir.path().join("good.txt"));
        let bad = Destination::File(dir.path().join("missing").join("bad.txt"));
        let body = |w: &mut dyn Write| w.write_all(b"rows\n");
        let none = |_: &mut dyn Write| Ok(());
        let e = deliver(
            &[(&bad, &body), (&good, &body)],
            Some(&none),
            "rows for n = 8",
        )
        .unwrap_err();
        let text = e.to_string();
        assert!(text.starts_with("cannot write '"), "{text}");
        assert!(text.contains("bad.txt") && text.contains("the file was not written"));
        assert!(
            text.ends_with("; the rows for n = 8 are on stdout"),
            "{text}"
        );
        let written = std::fs::read_to_string(dir.path().join("good.txt")).unwrap();
        assert_eq!(written, "rows\n");
        deliver(&[(&good, &body)], None, "rows").unwrap();
        deliver(&[], None, "rows").unwrap();
    }
}
