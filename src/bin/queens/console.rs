//! The library's command-line machinery ([`queens::console`]) under the names the commands
//! use: `crate::note`, `crate::progress`, `crate::signals`.

pub use queens::console::stderr::note;
pub use queens::console::{progress, signals};
