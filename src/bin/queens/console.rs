//! The library's command-line machinery ([`queens::console`]) under the names the commands
//! use: `crate::note`, `crate::progress`, `crate::signals`, `crate::style`, `crate::ns`.

pub use queens::console::sizes as ns;
pub use queens::console::stderr::note;
pub use queens::console::{progress, signals, style};
