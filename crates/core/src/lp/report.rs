//! What a solve reports: its status, the numbers an episode's `solver` field carries, and
//! the error of a solve that found no feasible point.

use serde::{Deserialize, Serialize};

/// How a solve ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// HiGHS proved optimality with zero gap. Read also from `exact`, which a plain
    /// computation that optimises nothing (`cribbage score --json`) says instead.
    #[serde(alias = "exact")]
    Optimal,
    /// A limit stopped the solve with an incumbent: value and bound differ (or are unproven).
    Feasible,
    Infeasible,
    Unbounded,
    Error,
}

impl std::fmt::Display for Status {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let s = match self {
            Status::Optimal => "optimal",
            Status::Feasible => "feasible",
            Status::Infeasible => "infeasible",
            Status::Unbounded => "unbounded",
            Status::Error => "error",
        };
        f.write_str(s)
    }
}

/// A solve that ended (time limit) before finding any feasible point. `bound` is HiGHS's
/// dual bound at that moment (MIP only), still a valid bound on the model.
#[derive(Debug)]
pub struct NoSolution {
    pub model: String,
    pub seconds: f64,
    pub bound: Option<f64>,
}

impl std::fmt::Display for NoSolution {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "model `{}`: no feasible solution found within the limits ({:.1} s); raise \
             --time-limit",
            self.model, self.seconds
        )
    }
}

impl std::error::Error for NoSolution {}

/// A solve that proved the model has no game: none satisfies its constraints, or none
/// beats its cutoff. A type, so callers that treat "no game here" as an answer (a closed
/// case, a part with nothing in it) recognise it without reading the message.
#[derive(Debug)]
pub struct Infeasible {
    pub model: String,
    pub why: Why,
}

/// Why a model has no game (see [`Infeasible`]).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Why {
    /// No game satisfies all its constraints.
    Constraints,
    /// No game beats the cutoff (see [`crate::lp::Model::cutoff`]).
    Cutoff(f64),
    /// Every case the model was split into has no game (the message names no reason).
    EveryCase,
}

impl std::fmt::Display for Infeasible {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "model `{}` is infeasible", self.model)?;
        match self.why {
            Why::Constraints => f.write_str(": no game satisfies all its constraints"),
            Why::Cutoff(v) => write!(f, ": no solution beats the cutoff {v}"),
            Why::EveryCase => Ok(()),
        }
    }
}

impl std::error::Error for Infeasible {}

/// The [`Infeasible`] in an error's chain, if any.
pub fn infeasible(e: &anyhow::Error) -> Option<&Infeasible> {
    e.chain().find_map(|c| c.downcast_ref::<Infeasible>())
}

/// HiGHS stopped with an error instead of a status (e.g. its interior point method
/// diverging on an infeasible LP): a caller that chose the method may try another.
#[derive(Debug)]
pub struct SolverFailed {
    pub model: String,
}

impl std::fmt::Display for SolverFailed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "model `{}`: HiGHS stopped with an error", self.model)
    }
}

impl std::error::Error for SolverFailed {}

/// The [`SolverFailed`] in an error's chain, if any.
pub fn solver_failed(e: &anyhow::Error) -> Option<&SolverFailed> {
    e.chain().find_map(|c| c.downcast_ref::<SolverFailed>())
}

/// The [`NoSolution`] in an error's chain, if any.
pub fn no_solution(e: &anyhow::Error) -> Option<&NoSolution> {
    e.chain().find_map(|c| c.downcast_ref::<NoSolution>())
}

/// What a solve reports: the numbers an episode's `solver` field carries.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SolveReport {
    pub status: Status,
    /// Objective of the incumbent.
    pub objective: Option<f64>,
    /// Best bound proven by HiGHS (the dual bound; equals the objective when optimal).
    pub bound: Option<f64>,
    /// Relative gap |bound − objective| / max(1, |objective|).
    pub gap: Option<f64>,
    /// Wall time of the solve in seconds (building the model excluded).
    pub seconds: f64,
    /// Branch-and-bound nodes, where HiGHS reports them.
    pub nodes: Option<i64>,
    pub rows: usize,
    pub columns: usize,
    pub integers: usize,
    pub threads: u32,
    /// HiGHS's `random_seed` (`--highs-seed`): another seed may take another search path
    /// to another game of the same value, so an episode names the one it was solved with.
    /// Left out of the JSON when 0 (the default), so files written before it still read.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub seed: i32,
    pub time_limit: Option<f64>,
}

fn is_zero(x: &i32) -> bool {
    *x == 0
}

impl SolveReport {
    /// True only for a proof: optimal status and zero gap (within the rounding that
    /// `solve` also allows: 1e-9 relative or 1e-6 absolute).
    pub fn proven(&self) -> bool {
        let close = match (self.bound, self.objective) {
            (Some(b), Some(o)) => (b - o).abs() <= 1e-6,
            _ => false,
        };
        self.status == Status::Optimal && (close || self.gap.is_none_or(|g| g <= 1e-9))
    }
}
