use super::*;

use super::super::proof::MaProof;
use crate::proof::Settled;
use crate::safe_bound::{self, SafeLp};

pub use crate::audit::{AuditOptions, AuditRow};

/// `audit`: every part of the episode's proof record solved again, independently of the
/// proof (a fresh model under the default tuning, HiGHS seed `o.seed`, presolve off), and
/// bounded safely from its LP's duals. `maximum`: the episode's value, which every part
/// must be shown not to beat. A part whose LP and safe bound settle it needs no MIP,
/// whatever settled it in the proof (`--exact` solves every MIP part to its optimum).
/// `verify` is the caller's first step.
pub fn audit(
    c: &Config,
    player: Option<usize>,
    proof: &MaProof,
    maximum: i64,
    o: &AuditOptions,
) -> Result<Vec<AuditRow>> {
    let k = Knobs::default();
    crate::audit::part_rows(proof.parts.len(), (), |n| {
        audit_part(c, player, &proof.parts[n], maximum, o, &k)
    })
}

/// One part of [`audit()`]: its fresh LP (and safe bound), and its MIP where the LP does
/// not settle it.
fn audit_part(
    c: &Config,
    player: Option<usize>,
    p: &crate::proof::ProofPart<super::super::proof::Restriction>,
    maximum: i64,
    o: &AuditOptions,
    k: &Knobs,
) -> Result<AuditRow> {
    let scope = p.restriction.scope(c).map_err(anyhow::Error::msg)?;
    let t = std::time::Instant::now();
    let lp = fresh_lp(c, player, &scope, o.seed, k)?;
    let safe = match lp {
        SafeLp::Bounded { safe, .. } => Some(safe),
        SafeLp::Infeasible => None,
    };
    let safe_holds = safe.is_some_and(|s| s < (maximum + 1) as f64);
    let (resolved, holds, verdict) = match (p.settled, lp) {
        (_, SafeLp::Infeasible) => (None, true, "empty (LP infeasible)".to_string()),
        (Settled::Empty, _) => (None, false, "claimed empty, the LP has points".into()),
        (Settled::LpBound, SafeLp::Bounded { value, .. }) => {
            let b = whole(value);
            match (b <= maximum as f64, safe_holds) {
                (true, true) => (Some(b), true, "holds (LP and safe bound)".into()),
                (false, _) => (Some(b), false, format!("LP bound {b} above {maximum}")),
                (true, false) => (
                    Some(b),
                    false,
                    format!("safe bound not below {}", maximum + 1),
                ),
            }
        }
        (Settled::Open, _) => (None, false, "open in the proof".into()),
        // A MIP-settled part whose fresh LP already cannot beat the maximum, safely,
        // holds without its MIP: the LP bounds every game of the part.
        (_, SafeLp::Bounded { value, .. })
            if !o.exact && whole(value) <= maximum as f64 && safe_holds =>
        {
            let b = whole(value);
            (
                Some(b),
                true,
                "holds (its LP and safe bound, no MIP needed)".into(),
            )
        }
        (_, SafeLp::Bounded { .. }) => fresh_mip(c, player, &scope, maximum, o, k)?,
    };
    Ok(AuditRow {
        part: part_label(c, &scope),
        settled: p.settled,
        claimed: p.bound,
        resolved,
        safe,
        holds,
        verdict,
        seconds: t.elapsed().as_secs_f64(),
    })
}

/// The part's LP relaxation, built afresh and solved without presolve, with
/// its safe bound.
fn fresh_lp(
    c: &Config,
    player: Option<usize>,
    scope: &Scope,
    seed: i32,
    k: &Knobs,
) -> Result<SafeLp> {
    let relaxed = model::Build {
        relax: true,
        ..k.build.clone()
    };
    let built = model::build(c, Objective::MaxPlayer, player, scope, &relaxed)?;
    let highs = built.model.into_highs(built.sense, built.objective)?;
    safe_bound::solve(highs, seed)
}

/// The part's MIP solved afresh (seed, presolve off): under a cutoff at `maximum` (no
/// game may beat it), or with `exact` to its own optimum. (re-solved bound, holds,
/// verdict).
fn fresh_mip(
    c: &Config,
    player: Option<usize>,
    scope: &Scope,
    maximum: i64,
    o: &AuditOptions,
    k: &Knobs,
) -> Result<(Option<f64>, bool, String)> {
    let part = match o.exact {
        true => *scope,
        false => scope.beating(maximum),
    };
    let built = model::build(c, Objective::MaxPlayer, player, &part, &k.build)?;
    let opts = SolveOptions {
        quiet: true,
        seed: o.seed,
        time_limit: o.time_limit,
        highs: vec![("presolve".into(), "off".into())],
        ..SolveOptions::default()
    };
    let max = maximum as f64;
    Ok(
        match built.model.solve(built.sense, built.objective, &opts) {
            Ok(s) if s.report.proven() || !o.exact => {
                let b = s.report.bound.or(s.report.objective).map(whole);
                let holds = b.is_some_and(|b| b <= max);
                let v = s.report.objective.unwrap_or(f64::NAN);
                let verdict = match (holds, o.exact) {
                    (true, _) => format!("holds (MIP optimum {v})"),
                    (false, true) => format!("MIP optimum {v} above {maximum}"),
                    (false, false) => format!("a game of {v} beats {maximum}"),
                };
                (b, holds, verdict)
            }
            Ok(s) => {
                let b = s.report.bound.map(whole);
                (b, false, "MIP not finished".into())
            }
            Err(e) if is_infeasible(&e) => match o.exact {
                true => (None, true, "empty (MIP infeasible)".into()),
                false => (Some(max), true, format!("holds (no game beats {maximum})")),
            },
            Err(e) if crate::lp::no_solution(&e).is_some() => {
                let b = crate::lp::no_solution(&e).and_then(|x| x.bound).map(whole);
                (
                    b,
                    b.is_some_and(|b| b <= max),
                    "MIP stopped by its limit".into(),
                )
            }
            Err(e) => return Err(e),
        },
    )
}
