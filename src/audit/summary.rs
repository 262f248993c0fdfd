//! `gamebounds audit FILE… [--report FILE]`: every proven episode audited, one row each
//! (`results/audit.md`, written by `make audit`).

use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};
use serde::{Deserialize, Serialize};

use super::AuditOptions;
use crate::cli::Common;
use crate::episode::Envelope;
use crate::error::Rejected;
use crate::lp::Status;

/// One episode audited.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Row {
    pub episode: String,
    pub game: String,
    pub objective: String,
    pub value: Option<f64>,
    /// Parts in the record, and how many hold (`None`: no record).
    pub parts: Option<usize>,
    pub holding: Option<usize>,
    /// Parts with a safe bound.
    pub safe: usize,
    pub holds: bool,
    pub verdict: String,
    pub audit_seconds: Option<f64>,
    pub proof_seconds: Option<f64>,
}

/// Whether an episode's bound rests on HiGHS: it carries a proof record, or it claims a
/// proven bound that `verify` does not re-establish itself.
fn proven_by_highs(env: &Envelope) -> bool {
    let record = env.payload.get("proof").is_some_and(|p| !p.is_null());
    record
        || (env.status == Status::Optimal
            && env.solver.is_some()
            && env.bound.is_some()
            && !crate::games::bound_rechecked(env))
}

/// Audit one episode into its row.
fn audit_one(env: &Envelope, name: &str, o: &AuditOptions) -> Row {
    let mut row = Row {
        episode: name.to_string(),
        game: env.game.clone(),
        objective: env.objective.clone(),
        value: env.value,
        parts: None,
        holding: None,
        safe: 0,
        holds: false,
        verdict: String::new(),
        audit_seconds: None,
        proof_seconds: env.solver.as_ref().map(|s| s.seconds),
    };
    if env.payload.get("proof").is_none_or(|p| p.is_null()) {
        row.verdict = "no proof record (written before records)".into();
        return row;
    }
    match super::report(env, name, o) {
        Ok((_, r)) => {
            let holding = r.parts.iter().filter(|p| p.holds).count();
            row.parts = Some(r.parts.len());
            row.holding = Some(holding);
            row.safe = r.parts.iter().filter(|p| p.safe.is_some()).count();
            row.holds = r.holds;
            row.verdict = match r.parts.iter().find(|p| !p.holds) {
                None => "holds".into(),
                Some(p) => format!("fails: {} ({})", p.part, p.verdict),
            };
            row.audit_seconds = Some(r.audit_seconds);
            row.proof_seconds = Some(r.proof_seconds);
        }
        Err(e) => {
            row.verdict = format!("rejected: {}", crate::claims::clip(&format!("{e:#}"), 160))
        }
    }
    row
}

/// Audit every file (episodes whose bound does not rest on HiGHS are skipped), print one
/// row each, and write the markdown report to `report` after every episode (a stopped run
/// keeps the rows it has). Exit 1 when an episode does not hold.
pub fn run(
    files: &[PathBuf],
    report: Option<&Path>,
    o: &AuditOptions,
    common: &Common,
) -> Result<()> {
    let mut rows = Vec::new();
    let mut kept = match report {
        Some(path) => kept_rows(path, files)?,
        None => Vec::new(),
    };
    for f in files {
        let env = crate::games::load(f)?;
        let name = f.display().to_string();
        if !proven_by_highs(&env) {
            continue;
        }
        common.note(format!("audit: {name} …"));
        let row = audit_one(&env, &name, o);
        common.note(format!("  {}", row.verdict));
        rows.push(row);
        if let Some(path) = report {
            kept.retain(|r| r.episode != name);
            kept.push(rows[rows.len() - 1].clone());
            kept.sort_by(|a, b| a.episode.cmp(&b.episode));
            crate::cli::write_file(&rows_path(path), &serde_json::to_string_pretty(&kept)?)?;
            crate::cli::write_file(path, &markdown(&kept))?;
        }
    }
    if common.json {
        println!("{}", serde_json::to_string_pretty(&rows)?);
    } else {
        println!("{}", table(&rows));
        if let Some(path) = report {
            println!("\nwrote {}", path.display());
        }
    }
    // An episode without a record is listed, not failed: there is nothing to audit.
    let failed: Vec<&Row> = rows
        .iter()
        .filter(|r| !r.holds && (r.parts.is_some() || r.verdict.starts_with("rejected")))
        .collect();
    if let Some(r) = failed.first() {
        bail!(Rejected(format!(
            "audit: rejected: {} of {} episodes do not hold, first {}: {}",
            failed.len(),
            rows.len(),
            r.episode,
            r.verdict
        )));
    }
    Ok(())
}

/// Where a report keeps its rows: beside the markdown, as JSON
/// (`results/audit.rows.json`; not `audit.json`, which would be read as an episode).
fn rows_path(report: &Path) -> PathBuf {
    report.with_extension("rows.json")
}

/// The rows of an earlier report that this run does not redo: an audit of some episodes
/// updates their rows and keeps the others, as long as their episode files still exist.
fn kept_rows(report: &Path, files: &[PathBuf]) -> Result<Vec<Row>> {
    let path = rows_path(report);
    if !path.exists() {
        return Ok(Vec::new());
    }
    let text = std::fs::read_to_string(&path)
        .with_context(|| format!("cannot read the audit's rows {}", path.display()))?;
    let rows: Vec<Row> = serde_json::from_str(&text).map_err(|e| {
        anyhow::anyhow!(
            "audit: {} is not an audit's rows ({e}); delete it to start the report afresh",
            path.display()
        )
    })?;
    let redone: Vec<String> = files.iter().map(|f| f.display().to_string()).collect();
    Ok(rows
        .into_iter()
        .filter(|r| !redone.contains(&r.episode) && Path::new(&r.episode).exists())
        .collect())
}

fn secs(x: Option<f64>) -> String {
    x.map_or("-".into(), |s| format!("{s:.2}"))
}

/// The audit's time over the proof's.
fn ratio(r: &Row) -> Option<f64> {
    match (r.audit_seconds, r.proof_seconds) {
        (Some(a), Some(p)) if p > 0.0 => Some(a / p),
        _ => None,
    }
}

/// The summary table.
pub fn table(rows: &[Row]) -> String {
    crate::render::table(
        [
            "episode",
            "game",
            "claimed",
            "parts (holding)",
            "safe bounds",
            "verdict",
            "audit (s)",
            "proof (s)",
            "audit / proof",
        ],
        rows.iter().map(|r| {
            vec![
                format!("`{}`", r.episode),
                r.game.clone(),
                format!(
                    "{} {}",
                    r.objective,
                    r.value.map_or("-".into(), crate::render::num)
                ),
                match (r.parts, r.holding) {
                    (Some(p), Some(h)) => format!("{p} ({h})"),
                    _ => "-".into(),
                },
                r.safe.to_string(),
                r.verdict.clone(),
                secs(r.audit_seconds),
                secs(r.proof_seconds),
                ratio(r).map_or("-".into(), |x| format!("{x:.2}")),
            ]
        }),
    )
}

/// `results/audit.md`.
pub fn markdown(rows: &[Row]) -> String {
    let holding = rows.iter().filter(|r| r.holds).count();
    let bare = rows.iter().filter(|r| r.parts.is_none()).count();
    let ratios: Vec<f64> = rows.iter().filter_map(ratio).collect();
    let over = ratios.iter().filter(|&&x| x > 2.0).count();
    format!(
        "# Audit of the committed proofs\n\n\
         Every episode in `games/` whose bound HiGHS proved, audited: `gamebounds audit` \
         replays the game (what `verify` does), checks the proof record's shape, then \
         solves every part of the record again — a fresh model, HiGHS seed 1, presolve \
         off — and checks that no part beats the claimed value; LP-settled parts (and the \
         LP relaxation of a whole solve, where cheap) get a safe bound from the LP's duals \
         in outward-rounded arithmetic (`docs/proofs.md`). *parts (holding)*: the record's \
         parts and how many the audit upheld; *safe bounds*: parts with a safe bound; \
         *proof (s)*: the proof's own time as the episode records it. Target: an audit \
         takes at most twice its proof's time.\n\n\
         {holding} of {} audited episodes hold ({bare} proven without a record: nothing to \
         audit); {} of {} audits within twice the proof's time. \
         Each row's seconds are the wall time of the run that made it (`make audit \
         AUDIT=…` keeps the other rows), on a machine that may have been shared with \
         other work: expect noise, especially on runs under a second.\n\n\
         Regenerate: `make audit` (`gamebounds audit games/*.json --report \
         results/audit.md`); `make audit AUDIT=\"games/a.json games/b.json\"` audits only \
         those episodes and updates their rows (the rows are kept in `results/audit.rows.json`).\n\n{}\n",
        rows.len() - bare,
        ratios.len() - over,
        ratios.len(),
        table(rows)
    )
}
