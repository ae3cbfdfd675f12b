//! The search engines. Each turns one work unit of a [`crate::plan::Plan`] into a
//! [`crate::tally::Tally`].

pub mod enumerate;
