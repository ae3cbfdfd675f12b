//! What the `queens` command line shares beyond parsing (the `cli` feature; hidden from the
//! library's documentation, not meant for other users): lines on stderr above a progress bar
//! ([`stderr`]), progress reports in estimated work and their ETA ([`progress`], [`eta`]),
//! the clean stop on SIGINT/SIGTERM ([`signals`]), and output destinations written atomically
//! or straight through, with the inputs they must not overwrite ([`destination`]).

pub mod destination;
pub mod eta;
pub mod progress;
pub mod signals;
pub mod stderr;
