//! Exit codes: 0 success, 1 a claim that does not hold (an episode that fails its
//! referee), 2 bad input or a failed solve. `main` turns every error into one line.

use std::fmt;

/// An episode or plan that the referee rejects: exit code 1, not 2.
#[derive(Debug)]
pub struct Rejected(pub String);

impl fmt::Display for Rejected {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Rejected {}

/// The process exit code for an error.
pub fn exit_code(err: &anyhow::Error) -> i32 {
    if err.downcast_ref::<Rejected>().is_some() {
        1
    } else {
        2
    }
}
