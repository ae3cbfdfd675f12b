//! The file machinery that the front door's checkpoints and the result formats share: writes
//! that land whole or not at all ([`atomic`]), reads that refuse an overlong line or file
//! ([`bounded`]), line checksums ([`checksum`]), reads that a stop ends while they wait
//! ([`stoppable`]), the seven fields of a tally as text
//! (`tally_fields`), and the checkpoint journal of a resumable count ([`checkpoint`]).

pub mod atomic;
pub mod bounded;
pub mod checkpoint;
pub mod checksum;
pub mod stoppable;
pub(crate) mod tally_fields;
