//! `--emit-jobs DIR` for the event search: one job per branch (first event), each searched
//! alone against the search's starting plan, the best cash known when the jobs are
//! written. `join DIR` takes the branches' answers in branch order and keeps the richest
//! plan (the first of equal ones), so its value and plan are the search's. A branch
//! searched against the starting plan rather than the best so far prunes less: its counts,
//! and the plan it reports, may differ from that branch's under `--jobs 1`.

use anyhow::{bail, Result};

use super::branches::{self, Branch};
use super::engine;
use super::parallel::{take, BranchAnswer, BranchJob};
use super::Search;

/// Instead of searching here: with `--emit-jobs`, the branches written as jobs (the error
/// is [`crate::jobs::Handled`]); in `join`, the branches' answers with the seconds the jobs
/// took. `None`: the search runs here.
pub(super) fn instead(s: &mut Search) -> Result<Option<(Vec<Branch>, f64)>> {
    let sites = branches::firsts(&s.tab, s.rules, s.steps);
    let labels: Vec<String> = sites
        .iter()
        .map(|&i| branches::label(s.board, &s.tab, Some(i)))
        .collect();
    let best = s.best.to_bits();
    if crate::jobs::parts::emitting() {
        if sites.is_empty() {
            bail!(
                "--emit-jobs: no plan starts with an event within {} steps, so the search has \
                 no branch to write; run it without --emit-jobs",
                s.steps
            );
        }
        // The worker computes the relaxed future itself and keeps its own --time-limit.
        let job = |site| BranchJob {
            site,
            best,
            until: None,
            future: None,
        };
        let parts: Vec<(String, BranchJob)> = labels
            .into_iter()
            .zip(sites.iter().map(|&i| job(i)))
            .collect();
        if !s.quiet {
            eprintln!(
                "traveller: each of the {} branches is a job against the starting plan (£{})",
                parts.len(),
                engine::money(s.best)
            );
        }
        return Err(crate::jobs::parts::emit(&parts)?);
    }
    let Some(jobs) = crate::jobs::parts::joined::<BranchJob, BranchAnswer>(&labels) else {
        return Ok(None);
    };
    let mut out = vec![Branch::default()];
    let mut seconds = 0.0;
    for (j, &i) in jobs?.into_iter().zip(&sites) {
        if j.part.site != i || j.part.best != best {
            bail!(
                "join: {} ({}) is not that branch against the starting plan (£{})",
                j.job,
                j.label,
                engine::money(s.best)
            );
        }
        seconds += j.seconds;
        out.push(take(s, i, j.answer, j.seconds));
    }
    s.first = None;
    if !s.quiet {
        eprintln!(
            "traveller: joined {} branches, best £{}",
            sites.len(),
            engine::money(s.best)
        );
    }
    Ok(Some((out, seconds)))
}
