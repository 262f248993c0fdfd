//! `--jobs N` for one proof: the search for the first game starts before every one of
//! the split's parts has its LP. With workers, the split waits for the LPs of its first
//! two parts only (one solved here, one on a worker) and goes down to the first leaf
//! within the higher one; the other parts' LPs are solved as workers free, at the latest
//! beside that search. Before the split keeps anything the search found, those LPs are
//! in: if one of those parts has the highest LP after all, the search is set aside (its
//! sub-parts forgotten) and the split goes on as `--jobs 1` would have from the start,
//! so the answer and the episode do not depend on `--jobs`. Measured: it takes one round
//! of two LPs (about 0.5 s) off the way to the search for 3 and 5 players.

use super::worker::LpJob;
use super::*;

/// A part's LP bound (`None`: no game in it) and the seconds it took.
type LpAndSeconds = (Option<f64>, f64);

impl Splitter<'_> {
    /// The LP bounds of the split's own parts `scopes` (as [`Splitter::lps_of`]), except
    /// that with workers worth their start, when the higher of the first two goes to the
    /// search for the first leaf, only those two are waited for: the others are `None` and
    /// pending ([`Splitter::settle_pending`]).
    pub(super) fn leading_lps(&mut self, scopes: &[Scope]) -> Result<Vec<Option<LpAndSeconds>>> {
        if self.ahead.is_none() || self.best.is_some() || scopes.len() <= 2 {
            return Ok(self.lps_of(scopes)?.into_iter().map(Some).collect());
        }
        let first = self.lps_of(&scopes[..2])?;
        let (a, b) = ((0, first[0].0, 0.0), (1, first[1].0, 0.0));
        let higher = if by_lp(&a, &b).is_lt() { a } else { b };
        let mut lps: Vec<_> = first.into_iter().map(Some).collect();
        if self.workers_worth_it() && self.searches_first(higher.0, higher.1) {
            self.pending = (2..scopes.len()).collect();
            lps.extend(scopes[2..].iter().map(|_| None));
        } else {
            lps.extend(self.lps_of(&scopes[2..])?.into_iter().map(Some));
        }
        Ok(lps)
    }

    /// Whether part `i` (LP `lp`), taken now, goes to the search for the first leaf.
    pub(super) fn searches_first(&self, i: usize, lp: Option<f64>) -> bool {
        let refinement = self.refinement(&self.scopes[i].0, lp);
        self.best.is_none() && matches!(refinement, steps::Refinement::Leads(_))
    }

    /// The scopes of the pending parts.
    pub(super) fn pending_scopes(&self) -> Vec<Scope> {
        self.pending.iter().map(|&i| self.scopes[i].0).collect()
    }

    /// Each pending part's LP not started yet on a worker of its own, while a worker is
    /// free (after the LPs the split waits for have theirs).
    pub(super) fn start_pending_lps(&mut self) {
        let pending = self.unasked_lps(&self.pending_scopes());
        let Some(bg) = self.ahead.as_mut() else {
            return;
        };
        for scope in pending {
            if !bg.has_room() {
                return;
            }
            let job = LpJob { lps: vec![scope] };
            if bg.start(&part_label(self.c, &scope), &job).is_ok() {
                self.lp_jobs.push(job);
            }
        }
    }

    /// The pending parts with their LPs (waiting for the workers solving them) into the
    /// queue, which is sorted again from its first part below `own` on (the parts queued
    /// before it are a part's sub-parts, queued ahead of the rest). Whether `first` (the
    /// part popped for the search of the first leaf) still comes before all of them.
    pub(super) fn settle_pending(&mut self, own: usize, first: Option<&Queued>) -> Result<bool> {
        if self.pending.is_empty() {
            return Ok(true);
        }
        let scopes = self.pending_scopes();
        while self
            .lp_jobs
            .iter()
            .any(|j| j.lps.iter().any(|s| scopes.contains(s)))
        {
            self.gather_lps(false);
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        let mut known = Vec::new();
        for i in std::mem::take(&mut self.pending) {
            let scope = self.scopes[i].0;
            let (lp, secs) = self.lp_of(&scope)?;
            known.push((i, lp, secs));
        }
        let first_still = first.is_none_or(|f| known.iter().all(|q| by_lp(f, q).is_lt()));
        let (front, mut rest): (Vec<Queued>, Vec<Queued>) =
            self.queue.drain(..).partition(|q| q.0 >= own);
        rest.extend(known);
        rest.sort_by(by_lp);
        self.queue = front.into_iter().chain(rest).collect();
        Ok(first_still)
    }

    /// The split as it was before part `popped` was taken for the search of the first leaf
    /// (`own`: the number of parts then): the parts queued since forgotten, `popped`
    /// queued again in its place.
    pub(super) fn set_search_aside(&mut self, own: usize, popped: Queued) {
        if self.opts.verbose {
            let higher = (self.queue.iter())
                .find(|q| q.0 < own)
                .map_or(String::new(), |q| self.scopes[q.0].1.clone());
            eprintln!(
                "split: \"{higher}\" has a higher LP than \"{}\", where the first game was \
                 searched for while its LP was solved: that search is set aside",
                self.scopes[popped.0].1
            );
        }
        self.scopes.truncate(own);
        self.queue.retain(|q| q.0 < own);
        self.queue.push_back(popped);
        self.queue.make_contiguous().sort_by(by_lp);
    }
}
