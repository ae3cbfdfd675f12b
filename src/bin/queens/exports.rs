//! The library's exports ([`queens::formats::export`]), under the path the commands name.
pub use queens::formats::export::*;
