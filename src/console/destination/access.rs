//! May this user replace a file? Checked as the kernel will check it, before any work: the
//! file must be writable by the effective user (`faccessat` with `AT_EACCESS`, as `>` and
//! `cp` need), and in a sticky folder (`/tmp`, mode 1777) only the file's owner, the folder's
//! owner or root may replace it by a rename.

use std::path::Path;

/// Checks that the effective user may write and replace the existing regular file `path`
/// (symlinks already followed) in its folder `dir`; a one-line reason otherwise.
#[cfg(unix)]
pub fn may_replace(path: &Path, dir: &Path) -> Result<(), String> {
    use rustix::fs::{Access, AtFlags, CWD, accessat};
    use std::os::unix::fs::MetadataExt;
    if let Err(e) = accessat(CWD, path, Access::WRITE_OK, AtFlags::EACCESS) {
        return Err(format!(
            "you may not write it ({})",
            std::io::Error::from(e)
        ));
    }
    let (Ok(file), Ok(folder)) = (std::fs::metadata(path), std::fs::metadata(dir)) else {
        return Ok(());
    };
    let me = rustix::process::geteuid().as_raw();
    let sticky = folder.mode() & 0o1000 != 0;
    if sticky && me != 0 && file.uid() != me && folder.uid() != me {
        return Err(format!(
            "it belongs to another user (uid {}) in the sticky folder '{}', where only its \
             owner may replace it",
            file.uid(),
            dir.display()
        ));
    }
    Ok(())
}

/// Elsewhere the mode bits checked by the caller are all there is.
#[cfg(not(unix))]
pub fn may_replace(_path: &Path, _dir: &Path) -> Result<(), String> {
    Ok(())
}
