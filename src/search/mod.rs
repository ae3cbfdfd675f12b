//! The search engines. Each turns one work unit of a [`crate::plan::Plan`] into a
//! [`crate::plan::tally::Tally`].

pub mod burnside;
pub mod constellation;
pub mod coronal;
pub mod enumerate;
pub mod family;
pub mod kernel;
pub mod profile;
pub mod symmetric;
pub mod symmetric_profile;
pub mod work;
