//! The machine-readable proof record of a bound that HiGHS proved: the parts the games
//! were divided into (each a restriction as data, in the game's own terms), how each part
//! was settled and the HiGHS options used. `verify` checks that the parts cover every
//! game exactly once; `audit` solves each part again and bounds it safely
//! (`docs/proofs.md`).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// A proof: the parts of a split (one part, every game, for a whole solve).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Proof<R> {
    /// What the parts divide the games by: `whole`, `first`, `tokens` or `tokens-leads`.
    pub split: String,
    /// The HiGHS options every part's solve was given (`threads`, `random_seed`,
    /// `mip_rel_gap`, `time_limit`, then any extra ones), as HiGHS reads them.
    pub highs: BTreeMap<String, String>,
    /// Where the record comes from when not from the solve itself: `table` for a record
    /// read back from an older episode's table (no LP bounds of solved parts, no options).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
    pub parts: Vec<ProofPart<R>>,
}

/// One part of a proof.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProofPart<R> {
    /// The games of the part, as data.
    pub restriction: R,
    /// The part's LP bound (the relaxation's optimum), when it was solved and kept.
    pub lp: Option<f64>,
    /// The part's upper bound (rounded down: scores are whole numbers); `None` for an
    /// empty part.
    pub bound: Option<f64>,
    /// The best game the part's solve found.
    pub value: Option<i64>,
    pub settled: Settled,
    pub seconds: f64,
}

/// How a part was settled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Settled {
    /// Its LP bound (rounded down) is at most the best game: no MIP was solved.
    LpBound,
    /// HiGHS proved the part's optimum.
    MipOptimal,
    /// HiGHS showed, under a cutoff at the best game, that no game of the part beats it.
    MipCutoff,
    /// No game lies in the part (its LP is infeasible).
    Empty,
    /// Not settled: the bound is above the best game (the proof does not hold).
    Open,
}

impl Settled {
    /// The status column of the human-readable table.
    pub fn status(self) -> &'static str {
        match self {
            Settled::LpBound => "skipped (LP bound)",
            Settled::MipOptimal => "proven",
            Settled::MipCutoff => "closed (bound ≤ best)",
            Settled::Empty => "empty",
            Settled::Open => "open",
        }
    }

    /// The inverse of [`Settled::status`].
    pub fn from_status(status: &str) -> Option<Settled> {
        [
            Settled::LpBound,
            Settled::MipOptimal,
            Settled::MipCutoff,
            Settled::Empty,
            Settled::Open,
        ]
        .into_iter()
        .find(|s| s.status() == status)
    }
}
