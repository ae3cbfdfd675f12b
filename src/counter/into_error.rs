//! `?` from a journaled count into the library's [`Error`]: the count's own errors are
//! unwrapped, the checkpoint's are boxed in [`Error::Checkpoint`] (the error type sits below
//! the counter, so it cannot name [`ResumeError`]).

use super::resume::ResumeError;
use crate::error::Error;

impl From<ResumeError> for Error {
    fn from(e: ResumeError) -> Error {
        match e {
            ResumeError::Count(e) => e,
            other => Error::Checkpoint(Box::new(other)),
        }
    }
}
