//! The one rule on a command's outputs, checked before any work: no empty file name, no two
//! outputs on one file, no output that is also an input. Files are compared by what they are,
//! not by how they are named: links followed (dangling ones, chains of them, relative
//! targets), `./` and `..` resolved, a file not created yet by its folder's real path.

use super::target::follow_links;
use crate::storage::atomic::parent_dir;
use std::fs;
use std::path::{Path, PathBuf};

/// The file a path leads to, for comparing paths.
#[derive(Debug, PartialEq, Eq)]
enum Identity {
    /// An existing file (a FIFO too): its device and inode.
    Inode(u64, u64),
    /// A file not created yet: its absolute path, its folder's links resolved.
    New(PathBuf),
}

/// The file `path` leads to, its links followed; `None` for stdout or stdin (`-`), a
/// descriptor (`/dev/stdout`, `/dev/fd/N`) or a device, written straight through and fine to
/// name twice (`/dev/null`), and for a path whose folder does not exist (refused on its own).
fn identity(path: &Path) -> Option<Identity> {
    if path.as_os_str() == "-" {
        return None;
    }
    let real = follow_links(path).ok()??;
    match fs::metadata(&real) {
        Ok(m) => existing(&m, &real),
        Err(_) => {
            let name = real.file_name()?;
            let dir = fs::canonicalize(parent_dir(&real)).ok()?;
            Some(Identity::New(dir.join(name)))
        }
    }
}

/// The identity of the existing file `real`, `None` for a device.
#[cfg(unix)]
fn existing(m: &fs::Metadata, _real: &Path) -> Option<Identity> {
    use std::os::unix::fs::{FileTypeExt, MetadataExt};
    let t = m.file_type();
    let device = t.is_char_device() || t.is_block_device();
    (!device).then(|| Identity::Inode(m.dev(), m.ino()))
}

/// The identity of the existing file `real`: its canonical path.
#[cfg(not(unix))]
fn existing(_m: &fs::Metadata, real: &Path) -> Option<Identity> {
    fs::canonicalize(real).ok().map(Identity::New)
}

/// The pairs of `options` that have a path.
fn given<'a, T: ?Sized>(options: &[(&'a str, Option<&'a T>)]) -> Vec<(&'a str, &'a T)> {
    let given = options
        .iter()
        .filter_map(|&(flag, path)| Some((flag, path?)));
    given.collect()
}

/// The rule on a command's outputs, before any work: refuses an empty file name, two outputs
/// on one file (`--csv x --markdown ./x`, `-o l` with `l` a link to the `--json` file), of
/// which only the last would be kept (or, on a FIFO, both run together), and an output that
/// is also an input of the command (`merge p?.csv --csv p0.csv`, `classify b.txt -o b.txt`,
/// `count --checkpoint x --csv x`): writing it would destroy the input. `outputs` and
/// `inputs` are (flag, path) pairs, those without a path (the option not given) left out;
/// stdout and stdin (`-`), descriptors and devices are never compared (`/dev/null` may be
/// several).
pub fn refuse_outputs_that_are_inputs(
    outputs: &[(&str, Option<&str>)],
    inputs: &[(&str, Option<&Path>)],
) -> Result<(), String> {
    let (outputs, inputs) = (given(outputs), given(inputs));
    if let Some((flag, _)) = outputs.iter().find(|(_, out)| out.is_empty()) {
        return Err(format!(
            "{flag} '': the file name is empty; give a file name, or `-` for stdout"
        ));
    }
    let inputs: Vec<_> = (inputs.iter())
        .map(|&(flag, input)| (flag, input, identity(input)))
        .collect();
    let mut seen: Vec<(&str, &str, Identity)> = Vec::new();
    for &(out_flag, out) in &outputs {
        let Some(id) = identity(Path::new(out)) else {
            continue;
        };
        // Two outputs on one file: the last written would silently win.
        if let Some((other_flag, other, _)) = seen.iter().find(|(_, _, o)| *o == id) {
            return Err(format!(
                "{other_flag} '{other}' and {out_flag} '{out}' name the same file: one \
                 would overwrite the other; give each its own file"
            ));
        }
        if let Some((in_flag, input, _)) = inputs.iter().find(|(_, _, i)| i.as_ref() == Some(&id)) {
            return Err(format!(
                "{out_flag} '{out}' is also an input of this command ({in_flag} '{}'): \
                 writing it would destroy that input; give another file",
                input.display()
            ));
        }
        seen.push((out_flag, out, id));
    }
    Ok(())
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::os::unix::fs::symlink;

    #[test]
    fn a_file_not_created_yet_is_known_through_dangling_links_and_dots() {
        let d = tempfile::tempdir().unwrap();
        let p = |name: &str| d.path().join(name);
        fs::create_dir(p("sub")).unwrap();
        // A chain of dangling links with relative targets, one through `..`.
        symlink("sub/../b", p("a")).unwrap();
        symlink("new.txt", p("b")).unwrap();
        symlink("../a", p("sub/c")).unwrap();
        let new = identity(&p("new.txt")).unwrap();
        assert_eq!(
            new,
            Identity::New(fs::canonicalize(d.path()).unwrap().join("new.txt"))
        );
        for alias in ["a", "b", "sub/c", "sub/../new.txt", "./sub/./../new.txt"] {
            assert_eq!(identity(&p(alias)).as_ref(), Some(&new), "{alias}");
        }
        assert_ne!(identity(&p("sub/new.txt")).unwrap(), new);
        assert_eq!(identity(Path::new("-")), None);
        assert_eq!(identity(&p("missing/x")), None);
    }

    #[test]
    fn outputs_are_compared_pairwise_and_against_the_inputs() {
        let d = tempfile::tempdir().unwrap();
        let p = |name: &str| d.path().join(name).display().to_string();
        symlink("t.csv", d.path().join("l")).unwrap();
        let (t, l, j) = (p("t.csv"), p("l"), p("j.json"));
        let e = refuse_outputs_that_are_inputs(&[("--csv", Some(&l)), ("--json", Some(&t))], &[]);
        assert!(e.unwrap_err().contains("name the same file"));
        let e =
            refuse_outputs_that_are_inputs(&[("-o", Some(&j))], &[("FILE", Some(Path::new(&j)))]);
        assert!(
            e.unwrap_err()
                .starts_with(&format!("-o '{j}' is also an input"))
        );
        let e = refuse_outputs_that_are_inputs(&[("-o", Some(""))], &[]);
        assert_eq!(
            e.unwrap_err(),
            "-o '': the file name is empty; give a file name, or `-` for stdout"
        );
        let fine = [
            ("--csv", Some("-")),
            ("--json", Some("-")),
            ("--markdown", Some(&*t)),
        ];
        assert_eq!(
            refuse_outputs_that_are_inputs(&fine, &[("FILE", Some(Path::new("-")))]),
            Ok(())
        );
    }
}
