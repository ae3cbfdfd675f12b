//! The files other runs read back: result tables ([`table`]), part rows ([`part_row`]) and
//! their [`merge`], the checkpoint journal ([`checkpoint`]), the checksums that guard them
//! ([`checksum`]), and the atomic writes that publish them ([`atomic`]).

pub mod atomic;
pub mod checkpoint;
pub mod checksum;
pub mod merge;
pub mod part_row;
pub mod table;
