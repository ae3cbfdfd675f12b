//! The search engines. Each turns one work unit of a [`crate::plan::Plan`] into a
//! [`crate::plan::tally::Tally`].

pub(crate) mod burnside;
pub(crate) mod constellation;
pub(crate) mod coronal;
pub(crate) mod enumerate;
pub(crate) mod family;
pub mod kernel;
pub mod profile;
pub(crate) mod symmetric;
pub(crate) mod symmetric_profile;
pub(crate) mod work;
