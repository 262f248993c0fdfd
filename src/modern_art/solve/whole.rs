use super::*;

use super::super::proof::{highs_options, split_name, Restriction};
use crate::proof::{Proof, ProofPart, Settled};

/// A proven whole max-player solve (of every game, or of a dive's games) with its proof
/// record: one part, the solve's scope, settled by HiGHS's optimum. Other outcomes (not
/// proven, another objective, a split) are returned as they are.
pub fn with_whole_proof(
    c: &Config,
    objective: Objective,
    scope: &Scope,
    mut o: Outcome,
    opts: &SolveOptions,
) -> Result<Outcome> {
    let mut payload: episode::Payload = o.envelope.payload_as()?;
    if objective != Objective::MaxPlayer || !o.proven || payload.split.is_some() {
        return Ok(o);
    }
    let part = ProofPart {
        restriction: Restriction::of(c, scope),
        lp: None,
        bound: o.report.bound.map(whole),
        value: Some(o.value),
        settled: Settled::MipOptimal,
        seconds: (o.report.seconds * 10.0).round() / 10.0,
    };
    payload.proof = Some(Proof {
        split: split_name(SplitBy::Whole).into(),
        highs: highs_options(opts),
        source: None,
        parts: vec![part],
    });
    o.envelope.payload = serde_json::to_value(&payload)?;
    Ok(o)
}
