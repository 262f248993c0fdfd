//! `--jobs N` for the event search and its audit: branches searched ahead on worker
//! processes ([`crate::jobs::background`]), taken in branch order.
//!
//! A branch's search depends only on its first event and the best cash it must beat, so
//! a worker's answer for a branch started against the best cash the search holds when it
//! reaches that branch is the answer the search would compute itself: the counts, the
//! better plan if any, hence the same episode as `--jobs 1`. When a branch improves the
//! best, the branches started against the old best are stopped and started again against
//! the new one. An audit's branches are independent (each against the claimed maximum):
//! [`crate::audit::part_rows`] spreads them, with the relaxed future's file ([`Shared`]).

use std::path::PathBuf;
use std::time::{Instant, SystemTime, UNIX_EPOCH};

use anyhow::{bail, Result};
use serde::{Deserialize, Serialize};

use super::branches::{self, Branch};
use super::engine::{self, Action};
use super::{Future, Search};
use crate::jobs::background::{part_answer, part_request, Background};

/// One branch searched alone, as a worker is asked for it (floats as bits: exact).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub(super) struct BranchJob {
    /// The first event (a site).
    pub(super) site: usize,
    /// The best cash to beat.
    pub(super) best: u64,
    /// The search's deadline, seconds since the Unix epoch (fixed for the whole search);
    /// none: the worker's own `--time-limit`, from its start.
    pub(super) until: Option<u64>,
    /// The relaxed future as the parent wrote it ([`Future::save`]), if it has one.
    pub(super) future: Option<PathBuf>,
}

/// What a branch's search tells the whole search.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub(super) struct BranchAnswer {
    sequences: u64,
    lps: u64,
    mips: u64,
    cut: u64,
    longest: usize,
    rows: usize,
    /// The better plan it found and its cash (bits).
    found: Option<(u64, Vec<Action>)>,
    /// Stopped by the time limit.
    stopped: bool,
}

fn epoch() -> f64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0.0, |d| d.as_secs_f64())
}

/// The branches `sites` searched in turn as [`branches::run`] does, each taken from a
/// worker started against the same best cash, or searched here when its worker failed.
pub(super) fn run(s: &mut Search, sites: &[usize], bg: &mut Background) -> Result<Vec<Branch>> {
    let until = s
        .deadline
        .map(|d| (epoch() + d - s.began.elapsed().as_secs_f64()).to_bits());
    let shared = Shared::write(s.future.as_ref());
    let future = shared.path();
    let mut out = vec![Branch::default()];
    let started = Instant::now();
    for (k, &i) in sites.iter().enumerate() {
        if s.stopped {
            break;
        }
        let best = s.best.to_bits();
        let job = |site| BranchJob {
            site,
            best,
            until,
            future: future.clone(),
        };
        // Branches started against a worse best: their answers would not be the search's.
        bg.retain(|key| serde_json::from_str::<BranchJob>(key).is_ok_and(|j| j.best == best));
        let ahead: Vec<(String, BranchJob)> = sites[k..]
            .iter()
            .map(|&j| (branches::label(s.board, &s.tab, Some(j)), job(j)))
            .collect();
        bg.wait_starting(&job(i), &ahead)?;
        let branch = match bg.answer::<_, BranchAnswer>(&job(i)) {
            Some((a, seconds)) => take(s, i, a, seconds),
            None => branches::branch(s, i)?,
        };
        if !s.quiet {
            eprintln!(
                "[{}/{}] {:.1} s  {}: {} sequences ({:.1} s), best so far £{}",
                k + 1,
                sites.len(),
                started.elapsed().as_secs_f64(),
                branches::label(s.board, &s.tab, Some(i)),
                branch.sequences,
                branch.seconds,
                engine::money(s.best)
            );
        }
        out.push(branch);
    }
    s.first = None;
    Ok(out)
}

/// The relaxed future's file, written once for every worker (they would each take as
/// long to compute it), removed when the search ends.
pub(super) struct Shared(Option<PathBuf>);

impl Shared {
    pub(super) fn write(future: Option<&Future>) -> Shared {
        let path =
            std::env::temp_dir().join(format!("gamebounds-future-{}.bin", std::process::id()));
        crate::jobs::scratch::keep_file(&path, true);
        Shared(future.and_then(|f| f.save(&path).is_ok().then_some(path)))
    }

    pub(super) fn path(&self) -> Option<PathBuf> {
        self.0.clone()
    }
}

/// The relaxed future a worker searches with: its parent's file when it is there, else
/// computed again (the same table).
pub(super) fn future_of(s: &Search, file: Option<&std::path::Path>) -> Option<Future> {
    file.and_then(Future::load)
        .or_else(|| Future::new(s.board, s.rules, &s.tab, s.steps))
}

impl Drop for Shared {
    fn drop(&mut self) {
        if let Some(path) = &self.0 {
            let _ = std::fs::remove_file(path);
            crate::jobs::scratch::keep_file(path, false);
        }
    }
}

/// A worker's answer for branch `i`, added to the search as its own search would be. Its
/// plan replaces the best only when richer (a branch joined from `--emit-jobs` was
/// searched against the starting plan, and an earlier branch may have found as much:
/// the first of equal plans stays, as in the search).
pub(super) fn take(s: &mut Search, i: usize, a: BranchAnswer, seconds: f64) -> Branch {
    s.sequences += a.sequences;
    s.lps += a.lps;
    s.mips += a.mips;
    s.cut += a.cut;
    s.longest = s.longest.max(a.longest);
    s.rows = s.rows.max(a.rows);
    s.stopped |= a.stopped;
    let found = a.found.map(|(cash, plan)| {
        let cash = f64::from_bits(cash);
        if super::search::beats(cash, s.best) {
            (s.best, s.plan) = (cash, plan);
            if let Some(keep) = s.keep {
                keep(&s.plan, s.best);
            }
        }
        cash
    });
    Branch {
        site: Some(i),
        sequences: a.sequences,
        lps: a.lps,
        mips: a.mips,
        cut: a.cut,
        found,
        seconds,
    }
}

/// In a worker started for one branch: search it and hand back its answer (`None` when
/// this process is no such worker). `prune`: with the relaxed future, read from the
/// parent's file when it is there (computed again otherwise: the same table).
pub(super) fn worker(s: &mut Search, prune: bool) -> Option<anyhow::Error> {
    let job: BranchJob = match part_request()? {
        Ok(job) => job,
        Err(e) => return Some(e),
    };
    let answer = (|| -> Result<(BranchAnswer, f64)> {
        if !branches::firsts(&s.tab, s.rules, s.steps).contains(&job.site) {
            bail!("the job's branch {} is not one of this search", job.site);
        }
        if prune {
            s.future = future_of(s, job.future.as_deref());
        }
        (s.best, s.plan) = (f64::from_bits(job.best), Vec::new());
        s.began = Instant::now();
        if let Some(u) = job.until {
            s.deadline = Some((f64::from_bits(u) - epoch()).max(0.0));
        }
        let b = branches::branch(s, job.site)?;
        let found = b.found.map(|cash| (cash.to_bits(), s.plan.clone()));
        let a = BranchAnswer {
            sequences: b.sequences,
            lps: b.lps,
            mips: b.mips,
            cut: b.cut,
            longest: s.longest,
            rows: s.rows,
            found,
            stopped: s.stopped,
        };
        Ok((a, b.seconds))
    })();
    Some(match answer {
        Ok((a, seconds)) => part_answer(&a, seconds),
        Err(e) => e,
    })
}
