//! What the `queens` command line shares beyond parsing (the `cli` feature; hidden from the
//! library's documentation, not meant for other users): lines on stderr above a progress bar
//! ([`stderr`]), progress reports in estimated work and their ETA ([`progress`], [`eta`]),
//! the clean stop on SIGINT/SIGTERM ([`signals`]) and how a stopped run is told
//! ([`stopped`]), output destinations written atomically or straight through, with the
//! inputs they must not overwrite ([`destination`]), the outputs a command line asks for,
//! checked under one stdout rule ([`outputs`]), the table it verifies against and what its
//! rows say against it ([`known`]), the rules it asks for and the engine that counts them
//! ([`mod@rules`]), the threads it asks for ([`threads`]), the rows a count streams to them
//! ([`row_stream`]), colour on a terminal ([`style`]), lists of board sizes ([`sizes`]), the
//! warning before a size that would take over an hour ([`long_size`]), `count --given`'s and
//! `verify --given`'s lines ([`given`]) and `count --fixed-only`'s run ([`fixed`]).

pub mod destination;
pub mod eta;
pub mod fixed;
pub mod given;
pub mod known;
pub mod long_size;
pub mod outputs;
pub mod progress;
pub mod row_stream;
pub mod rules;
pub mod signals;
pub mod sizes;
pub mod stderr;
pub mod stopped;
pub mod style;
pub mod threads;
