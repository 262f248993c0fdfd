//! `gamebounds audit FILE`: what `verify` checks, then every part of the episode's proof
//! record solved again independently and bounded safely (`docs/proofs.md`). Each game
//! audits its own records ([`crate::games::Game::audit`]); a whole solve's one part is
//! audited here ([`whole`]).

use anyhow::{bail, Result};
use good_lp::{Expression, IntoAffineExpression};
use serde::{de::DeserializeOwned, Deserialize, Serialize};

use crate::episode::Envelope;
use crate::error::Rejected;
use crate::lp::{Model, Sense, SolveOptions};
use crate::proof::{DataProof, Settled};
use crate::safe_bound::{self, SafeLp};

pub mod summary;

/// How `audit` solves each part again.
#[derive(Debug, Clone)]
pub struct AuditOptions {
    /// HiGHS `random_seed` of the fresh solves (the proof's own solves use 0).
    pub seed: i32,
    /// Seconds per part's MIP (`None`: to the end).
    pub time_limit: Option<f64>,
    /// Solve each MIP part to its own optimum rather than only showing that nothing beats
    /// the claimed maximum (slower; the re-solved bound is then the part's maximum).
    pub exact: bool,
}

impl Default for AuditOptions {
    fn default() -> Self {
        AuditOptions {
            seed: 1,
            time_limit: None,
            exact: false,
        }
    }
}

impl AuditOptions {
    /// The options of a fresh MIP solve: quiet, the audit's seed, presolve off.
    pub fn solve_options(&self) -> SolveOptions {
        SolveOptions {
            quiet: true,
            seed: self.seed,
            time_limit: self.time_limit,
            highs: vec![("presolve".into(), "off".into())],
            ..SolveOptions::default()
        }
    }
}

/// One part audited.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AuditRow {
    /// The part in words.
    pub part: String,
    /// How the proof settled it.
    pub settled: Settled,
    /// The record's bound.
    pub claimed: Option<f64>,
    /// The fresh solve's bound (rounded down): the LP's for a part settled by its LP,
    /// else the claimed maximum when nothing beats it (or, `exact`, the part's maximum);
    /// `None` for an empty part found empty again.
    pub resolved: Option<f64>,
    /// The safe bound from the fresh LP's duals (every part but an empty one).
    pub safe: Option<f64>,
    pub holds: bool,
    /// Why the part does not hold, or what holds it.
    pub verdict: String,
    pub seconds: f64,
}

/// What `audit --json` prints: the rows, the audit's time and the proof's own.
#[derive(Debug, Clone, Serialize)]
pub struct AuditReport {
    pub file: String,
    pub game: String,
    pub value: f64,
    pub holds: bool,
    pub parts: Vec<AuditRow>,
    pub audit_seconds: f64,
    pub proof_seconds: f64,
}

/// How many parts an episode's proof record has (0 without one).
pub fn proof_parts(env: &Envelope) -> usize {
    env.payload
        .pointer("/proof/parts")
        .and_then(serde_json::Value::as_array)
        .map_or(0, Vec::len)
}

/// One part of an audit as a worker is asked for it (`--jobs N`), with what the parent
/// shares with every part.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct AuditPart<C> {
    audit_part: usize,
    with: C,
}

/// In a worker started by [`part_rows`]: what its parent shares with every part (`None`
/// when this process is no such worker).
pub fn shared_with_part<C: DeserializeOwned>() -> Option<Result<C>> {
    crate::jobs::background::part_request::<AuditPart<C>>().map(|job| job.map(|j| j.with))
}

/// Whether [`part_rows`] of `parts` parts will run them on workers.
pub fn on_workers(parts: usize) -> bool {
    parts > 1 && crate::jobs::background::Background::wanted()
}

/// The rows of a record's `parts` parts, `row(n)` each, in part order: in this process, or
/// with `--jobs N` on N worker processes (the parts of an audit are independent), a part
/// whose worker failed audited here; every worker is handed `with` ([`shared_with_part`]).
/// In a worker started for one part: that part's row, handed back (the returned error is
/// [`crate::jobs::Handled`]).
pub fn part_rows<C: Serialize + DeserializeOwned + Clone>(
    parts: usize,
    with: C,
    mut row: impl FnMut(usize) -> Result<AuditRow>,
) -> Result<Vec<AuditRow>> {
    use crate::jobs::background::{part_answer, part_request, Background};
    if let Some(job) = part_request::<AuditPart<C>>() {
        let n = job?.audit_part;
        if n >= parts {
            bail!(
                "the job's part {} is not one of this record's {parts}",
                n + 1
            );
        }
        let t = std::time::Instant::now();
        return Err(match row(n) {
            Ok(r) => part_answer(&r, t.elapsed().as_secs_f64()),
            Err(e) => e,
        });
    }
    let mut bg = match on_workers(parts) {
        true => Background::new()?,
        false => None,
    };
    let Some(bg) = bg.as_mut() else {
        return (0..parts).map(row).collect();
    };
    let jobs: Vec<(String, AuditPart<C>)> = (0..parts)
        .map(|n| {
            let job = AuditPart {
                audit_part: n,
                with: with.clone(),
            };
            (format!("part {}", n + 1), job)
        })
        .collect();
    let mut rows = Vec::new();
    for n in 0..parts {
        bg.wait_starting(&jobs[n].1, &jobs[n..])?;
        rows.push(match bg.answer::<_, AuditRow>(&jobs[n].1) {
            Some((r, _)) => r,
            None => row(n)?,
        });
    }
    Ok(rows)
}

/// Audit an episode through its game ([`crate::games::Game::audit`]): `verify`'s
/// certificate line and the report.
pub fn report(env: &Envelope, file: &str, o: &AuditOptions) -> Result<(String, AuditReport)> {
    let verified = crate::games::verify(env)?;
    let Some(value) = env.value else {
        bail!("audit: the episode has no value");
    };
    let game = crate::games::find(&env.game)?;
    let began = std::time::Instant::now();
    let (rows, parts_seconds) = game.audit(env, o)?;
    // The whole proof's time (a search's set-up included) when the episode says it.
    let proof_seconds = env.solver.as_ref().map_or(parts_seconds, |s| s.seconds);
    let r = AuditReport {
        file: file.to_string(),
        game: env.game.clone(),
        value,
        holds: rows.iter().all(|r| r.holds),
        parts: rows,
        audit_seconds: began.elapsed().as_secs_f64(),
        proof_seconds,
    };
    Ok((verified, r))
}

/// Audit an episode: the verdict line and the per-part table (or JSON with `json`) on
/// stdout; `Err(Rejected)` (exit 1) when `verify` or any part fails.
pub fn run(env: &Envelope, file: &str, o: &AuditOptions, json: bool) -> Result<()> {
    let (verified, r) = report(env, file, o)?;
    let rows = &r.parts;
    let failed: Vec<usize> = (0..rows.len()).filter(|&i| !rows[i].holds).collect();
    let text = if json {
        serde_json::to_string_pretty(&r)?
    } else {
        format!(
            "{verified}\naudit of the {} {}: {} part{}, audited in {:.2} s (the proof took \
             {:.2} s)\n\n{}",
            if env.objective.contains("min") {
                "minimum"
            } else {
                "maximum"
            },
            crate::render::num(r.value),
            rows.len(),
            if rows.len() == 1 { "" } else { "s" },
            r.audit_seconds,
            r.proof_seconds,
            table(rows)
        )
    };
    println!("{text}");
    if let Some(&i) = failed.first() {
        bail!(Rejected(format!(
            "audit: rejected: {} of {} parts do not hold, first part {} (\"{}\"): {}",
            failed.len(),
            rows.len(),
            i + 1,
            rows[i].part,
            rows[i].verdict
        )));
    }
    if !json {
        println!("\naudit: every part holds");
    }
    Ok(())
}

/// The per-part table.
pub fn table(rows: &[AuditRow]) -> String {
    let show = |x: Option<f64>| x.map_or("-".to_string(), crate::render::num);
    crate::render::table(
        [
            "part",
            "settled by",
            "claimed bound",
            "re-solved bound",
            "safe bound",
            "verdict",
        ],
        rows.iter().map(|r| {
            vec![
                r.part.clone(),
                r.settled.status().to_string(),
                show(r.claimed),
                show(r.resolved),
                r.safe.map_or("-".into(), |s| format!("{s:.6}")),
                r.verdict.clone(),
            ]
        }),
    )
}

/// A game's model built afresh: the model, its sense and its objective.
pub type Built = (Model, Sense, Expression);

/// Audit a whole solve's one part: `build(relax)` makes the game's model afresh (called
/// twice: its LP relaxation (`relax`: integers built continuous), bounded safely from the duals as a reported figure, then the MIP
/// solved again with the audit's seed and presolve off). The part holds when the
/// re-solved bound is no better than `value` (the claimed maximum, or minimum).
/// `integral`: scores are whole numbers (a bound is rounded towards the value).
pub fn whole(
    proof: &DataProof,
    value: f64,
    integral: bool,
    o: &AuditOptions,
    build: &dyn Fn(bool) -> Result<Built>,
) -> Result<Vec<AuditRow>> {
    let Some(part) = proof.parts.first() else {
        bail!("audit: the proof record has no part");
    };
    let t = std::time::Instant::now();
    let safe = safe_whole(build(true)?, o.seed)?;
    let (m, sense, objective) = build(false)?;
    let constant = objective.constant();
    let mut report = m.solve(sense, objective, &o.solve_options())?.report;
    report.bound = report.bound.map(|b| b + constant);
    report.objective = report.objective.map(|b| b + constant);
    let maximise = sense == Sense::Maximise;
    let mut row = resolved(part, value, maximise, integral, &report);
    row.safe = safe;
    row.seconds = t.elapsed().as_secs_f64();
    Ok(vec![row])
}

/// The row of a whole solve's part solved again (its bound and game in `report`): it
/// holds when HiGHS proved a bound no better than `value`. No safe bound, no time.
pub fn resolved(
    part: &crate::proof::ProofPart<serde_json::Value>,
    value: f64,
    maximise: bool,
    integral: bool,
    report: &crate::lp::SolveReport,
) -> AuditRow {
    let round = |b: f64| match (integral, maximise) {
        (false, _) => b,
        (true, true) => (b + 1e-6).floor(),
        (true, false) => (b - 1e-6).ceil(),
    };
    let resolved = report.bound.map(round);
    let tol = 1e-6 * value.abs().max(1.0);
    let proven = report.proven();
    let holds = proven
        && resolved.is_some_and(|b| match maximise {
            true => b <= value + tol,
            false => b >= value - tol,
        });
    let verdict = match (holds, proven) {
        (true, _) => format!(
            "holds (MIP optimum {})",
            crate::render::num(report.objective.unwrap_or(f64::NAN))
        ),
        (false, false) => "MIP not finished".into(),
        (false, true) => format!(
            "re-solved bound {} beats {}",
            resolved.map_or("-".into(), crate::render::num),
            crate::render::num(value)
        ),
    };
    AuditRow {
        part: "every game".into(),
        settled: part.settled,
        claimed: part.bound,
        resolved,
        safe: None,
        holds,
        verdict,
        seconds: 0.0,
    }
}

/// The safe bound of a model built as its LP relaxation ([`Model::relax_integers`]; a
/// lower bound for a minimisation), or `None` when the LP is infeasible.
pub fn safe_whole(built: Built, seed: i32) -> Result<Option<f64>> {
    let (m, sense, objective) = built;
    let (objective, sign) = match sense {
        Sense::Maximise => (objective, 1.0),
        Sense::Minimise => (-objective, -1.0),
    };
    // HiGHS is given no objective constant (good_lp drops it): added back here.
    let constant = objective.constant();
    let highs = m.into_highs(Sense::Maximise, objective)?;
    Ok(match safe_bound::solve(highs, seed)? {
        SafeLp::Bounded { safe, .. } => Some(sign * (safe + constant)),
        SafeLp::Infeasible => None,
    })
}
