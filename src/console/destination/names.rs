//! Names the file system takes: checked before the work, not found after it.

use std::path::Path;

/// The longest path the kernel takes (Linux's `PATH_MAX` less its terminating zero).
#[cfg(unix)]
const PATH_MAX: usize = 4095;

/// Checks that the file system of `dir` takes the name of `real` (a file in it), and its
/// temporary file's (ENAMETOOLONG found before the work, not after it): its last component
/// within the file system's name limit (`statvfs`' `f_namemax`, 255 on most), the whole path
/// within [`PATH_MAX`].
#[cfg(unix)]
pub(super) fn check_name_length(real: &Path, dir: &Path) -> Result<(), String> {
    use std::os::unix::ffi::OsStrExt;
    let Some(name) = real.file_name() else {
        return Ok(());
    };
    let len = name.as_bytes().len();
    if let Ok(fs) = rustix::fs::statvfs(dir)
        && len as u64 > fs.f_namemax
    {
        return Err(format!(
            "its name is {len} bytes long, longer than the {} the file system takes; give a \
             shorter name",
            fs.f_namemax
        ));
    }
    // The temporary file beside it has a name of up to about 40 bytes.
    let temp = dir.as_os_str().as_bytes().len() + 1 + 40;
    let whole = real.as_os_str().as_bytes().len().max(temp);
    if whole > PATH_MAX {
        return Err(format!(
            "the path is {whole} bytes long, longer than the {PATH_MAX} the system takes; give \
             a shorter path"
        ));
    }
    Ok(())
}

/// Elsewhere the write itself finds a name too long.
#[cfg(not(unix))]
pub(super) fn check_name_length(_real: &Path, _dir: &Path) -> Result<(), String> {
    Ok(())
}
