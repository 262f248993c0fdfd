//! `--jobs N` for one proof: the parts' LP bounds on worker processes. A part's LP bound
//! depends on its scope alone, so a worker's is the one the split would compute itself;
//! the split asks for the LPs it needs next together (the parts of the split, the two
//! halves the search for the first leaf opens, a part's sub-parts) and the workers solve
//! them at once. While the split's own search runs, one worker fewer solves LPs the
//! split may need later ([`Splitter::prefetch_lps`]); a part whose LP is still being
//! solved there when the split needs it is solved here.

use super::worker::LpJob;
use super::*;
use serde::{Deserialize, Serialize};

/// A worker's answer: each LP bound as bits (`None`: no game in the part).
#[derive(Debug, Clone, Serialize, Deserialize)]
struct LpAnswer {
    bounds: Vec<Option<u64>>,
}

/// In a worker started for LP bounds ([`super::worker`]): solve them and hand back the
/// answer.
pub(super) fn solve_job(
    c: &Config,
    objective: Objective,
    player: Option<usize>,
    opts: &SolveOptions,
    k: &Knobs,
    job: LpJob,
) -> anyhow::Error {
    let t = std::time::Instant::now();
    let mut bounds = Vec::new();
    for scope in &job.lps {
        match part_lp(c, objective, player, scope, opts, k) {
            Ok(lp) => bounds.push(lp.map(f64::to_bits)),
            Err(e) => return e,
        }
    }
    let answer = LpAnswer { bounds };
    crate::jobs::background::part_answer(&answer, t.elapsed().as_secs_f64())
}

impl Splitter<'_> {
    /// The LP bounds of `scopes` (as [`Splitter::lp_of`]), with workers solving the ones
    /// not known yet at once (once the first LP here shows them worth it).
    pub(super) fn lps_of(&mut self, scopes: &[Scope]) -> Result<Vec<(Option<f64>, f64)>> {
        let mut solved = Vec::new();
        if self.ahead.is_some() {
            self.gather_lps(false);
            let wanted = |s: &Self| -> Vec<Scope> {
                scopes.iter().copied().filter(|x| !s.lp_known(x)).collect()
            };
            let first = wanted(self);
            if self.lp_clock.0 == 0 && first.len() > 1 {
                // The first LP is timed here, one worker solving the next meanwhile.
                self.solve_lps_on_workers(&first[1..2]);
                solved.push((first[0], self.lp_of(&first[0])?));
            }
            if self.workers_worth_it() {
                let rest = wanted(self);
                self.solve_lps_on_workers(&rest);
                // Only while this process waits: a core it needs stays free.
                if !rest.is_empty() {
                    self.start_pending_lps();
                }
            }
        }
        let mut lps = Vec::new();
        for s in scopes {
            match solved.iter().find(|x| x.0 == *s) {
                Some(&(_, lp)) => lps.push(lp),
                None => lps.push(self.lp_of(s)?),
            }
        }
        Ok(lps)
    }

    /// Whether the LPs so far took long enough on average for workers to pay
    /// (the tuning's `worker_lp_seconds`).
    pub(super) fn workers_worth_it(&self) -> bool {
        let (n, secs) = self.lp_clock;
        n > 0 && secs / n as f64 >= self.k.tuning.worker_lp_seconds
    }

    /// Whether the LP of `scope` is known or being solved in a job of its own.
    fn lp_known(&self, scope: &Scope) -> bool {
        self.solved_lps.iter().any(|(s, _)| s == scope)
            || self.lp_jobs.iter().any(|j| j.lps == [*scope])
    }

    /// Each of `wanted` as a job of its own, started as workers free, until every one has
    /// been started (the last ones are then waited for by [`Splitter::lp_of`]).
    fn solve_lps_on_workers(&mut self, wanted: &[Scope]) {
        let Some(bg) = self.ahead.as_mut() else {
            return;
        };
        for scope in wanted {
            let job = LpJob { lps: vec![*scope] };
            while !bg.has_room() {
                std::thread::sleep(std::time::Duration::from_millis(5));
            }
            if bg.start(&part_label(self.c, scope), &job).is_ok() {
                self.lp_jobs.push(job);
            }
        }
    }

    /// Start one worker, if one more may run beside the split's own search, on the LPs of
    /// `scopes` not known yet (in this order): LPs the split may need later.
    pub(super) fn prefetch_lps(&mut self, scopes: &[Scope]) {
        let lps = self.unasked_lps(scopes);
        let worth = self.workers_worth_it();
        let Some(bg) = self.ahead.as_mut() else {
            return;
        };
        if lps.is_empty() || !worth || !bg.has_room_beside_one() {
            return;
        }
        let job = LpJob { lps };
        if bg.start("LP bounds", &job).is_ok() {
            self.lp_jobs.push(job);
        }
    }

    /// The LPs of `scopes` neither known nor started on a worker, once each, in order.
    pub(super) fn unasked_lps(&self, scopes: &[Scope]) -> Vec<Scope> {
        let mut lps: Vec<Scope> = Vec::new();
        for s in scopes {
            let started = self.lp_jobs.iter().any(|j| j.lps.contains(s));
            if !started && !lps.contains(s) && !self.solved_lps.iter().any(|(x, _)| x == s) {
                lps.push(*s);
            }
        }
        lps
    }

    /// The answers of the LP jobs that ended (or, with `wait`, of every one) into the
    /// known LPs; a job whose worker failed is dropped (its LPs are solved here).
    pub(super) fn gather_lps(&mut self, wait: bool) {
        for job in std::mem::take(&mut self.lp_jobs) {
            let runs = self.ahead.as_mut().is_some_and(|bg| bg.runs(&job));
            if !wait && runs {
                self.lp_jobs.push(job);
                continue;
            }
            self.take_lp_answer(&job);
        }
    }

    /// The answer of LP job `job` (waiting for its worker if it still runs) into the known
    /// LPs and the clocks; nothing when its worker failed (said on stderr).
    fn take_lp_answer(&mut self, job: &LpJob) {
        let answer = self.ahead.as_mut().and_then(|bg| bg.answer(job));
        let Some((LpAnswer { bounds }, secs)) = answer else {
            return;
        };
        self.lp_clock.0 += job.lps.len();
        self.lp_clock.1 += secs;
        self.on_workers.0 += job.lps.len();
        for (s, b) in job.lps.iter().zip(bounds) {
            if !self.solved_lps.iter().any(|(x, _)| x == s) {
                self.solved_lps.push((*s, b.map(f64::from_bits)));
            }
        }
    }

    /// A part's LP bound (None when no game lies in it) and its seconds (0 when it was
    /// solved before). A part whose LP a worker solves alone is waited for; one in a
    /// worker's list of later LPs is solved here unless that worker has ended.
    pub(super) fn lp_of(&mut self, scope: &Scope) -> Result<(Option<f64>, f64)> {
        let t = std::time::Instant::now();
        if let Some(&(_, lp)) = self.solved_lps.iter().find(|(s, _)| s == scope) {
            return Ok((lp, 0.0));
        }
        if let Some(k) = self.lp_jobs.iter().position(|j| j.lps == [*scope]) {
            let job = self.lp_jobs.swap_remove(k);
            self.take_lp_answer(&job);
        }
        self.gather_lps(false);
        if let Some(&(_, lp)) = self.solved_lps.iter().find(|(s, _)| s == scope) {
            return Ok((lp, t.elapsed().as_secs_f64()));
        }
        let (c, objective, player) = (self.c, self.objective, self.player);
        let lp = part_lp(c, objective, player, scope, self.opts, self.k)?;
        self.solved_lps.push((*scope, lp));
        let secs = t.elapsed().as_secs_f64();
        self.lp_clock = (self.lp_clock.0 + 1, self.lp_clock.1 + secs);
        Ok((lp, secs))
    }
}
