//! A board given on the command line (`list --orbit`, `render --solution`, `render --orbit`).

use crate::cli::FromArg;
use crate::commands::CommandError;
use queens::board::Solution;
use queens::board::notation::Notation;
use queens::board::reader;

/// Reads a board given on the command line in `from`, or in the notation it looks like, and
/// checks it is a solution of size `n` (`what` names the option in messages): the board and
/// the notation it was read in.
pub fn board_arg_read(
    text: &str,
    from: FromArg,
    n: usize,
    what: &str,
) -> Result<(Solution, Notation), CommandError> {
    reader::parse_solution(text, from.notation(), n)
        .map_err(|e| CommandError::Usage(format!("{what}: {e}")))
}
