//! Several destinations written at once: [`write_all`].

use super::Destination;
use super::target::naming;
use std::io::{self, Write};

/// Writes into every destination of `targets` at once through `body`, which gets each one's
/// tag (a format, say) with its writer: each written as [`Destination::write_with`] writes
/// it (a regular file atomically), and none kept when `body` fails. An error writing one
/// names that one's path (none for stdout), as `write_with` names it.
pub fn write_all<T: Copy, F>(targets: &[(T, Destination)], body: F) -> io::Result<()>
where
    F: FnOnce(&mut [(T, &mut dyn Write)]) -> io::Result<()>,
{
    let mut failed = None;
    let result = nest(targets, Vec::new(), body, &mut failed);
    // The body's own error, as it was: each level around it made one of its own.
    failed.map_or(result, Err)
}

/// Opens the first of `rest` around the writers already open, then the others inside it; the
/// body's error goes to `failed`.
fn nest<T: Copy, F>(
    rest: &[(T, Destination)],
    mut open: Vec<(T, &mut dyn Write)>,
    body: F,
    failed: &mut Option<io::Error>,
) -> io::Result<()>
where
    F: FnOnce(&mut [(T, &mut dyn Write)]) -> io::Result<()>,
{
    let Some(((tag, dest), rest)) = rest.split_first() else {
        return body(&mut open).map_err(|e| {
            let kind = e.kind();
            *failed = Some(e);
            io::Error::from(kind)
        });
    };
    dest.write_with(|w| {
        let mut named = Named { dest, inner: w };
        let mut open: Vec<(T, &mut dyn Write)> = (open.iter_mut())
            .map(|(t, o)| (*t, &mut **o as &mut dyn Write))
            .collect();
        open.push((*tag, &mut named));
        // An inner destination's own failure is kept as it is (it names its file): this
        // one's error must not wrap it under this file's name.
        nest(rest, open, body, failed).map_err(|e| {
            let kind = e.kind();
            failed.get_or_insert(e);
            io::Error::from(kind)
        })
    })
}

/// A destination's writer whose errors name its path.
struct Named<'a, 'w> {
    dest: &'a Destination,
    inner: &'w mut dyn Write,
}

impl Named<'_, '_> {
    fn name(&self, e: io::Error) -> io::Error {
        match self.dest {
            Destination::Stdout => e,
            Destination::File(path) => naming(path, e),
        }
    }
}

impl Write for Named<'_, '_> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.inner.write(buf).map_err(|e| self.name(e))
    }
    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush().map_err(|e| self.name(e))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_file_is_written_or_none_is() {
        let dir = tempfile::tempdir().unwrap();
        let targets = [
            ('a', Destination::File(dir.path().join("a.txt"))),
            ('b', Destination::File(dir.path().join("b.txt"))),
        ];
        write_all(&targets, |outs| {
            outs.iter_mut().try_for_each(|(t, w)| write!(w, "{t}"))
        })
        .unwrap();
        let read = |name| std::fs::read_to_string(dir.path().join(name)).unwrap();
        assert_eq!((read("a.txt"), read("b.txt")), ("a".into(), "b".into()));
        let failed = write_all(&targets, |outs| {
            write!(outs[0].1, "again")?;
            Err(io::Error::other("stopped"))
        });
        assert_eq!(failed.unwrap_err().to_string(), "stopped");
        assert_eq!((read("a.txt"), read("b.txt")), ("a".into(), "b".into()));
        // A file that cannot be written is named alone, not under the other's name.
        let missing = dir.path().join("missing").join("c.txt");
        let targets = [
            ('a', Destination::File(dir.path().join("a.txt"))),
            ('c', Destination::File(missing)),
        ];
        let e = write_all(&targets, |_| Ok(())).unwrap_err().to_string();
        assert!(
            e.starts_with("cannot write '") && e.contains("c.txt"),
            "{e}"
        );
        assert!(!e.contains("a.txt"), "{e}");
    }
}
