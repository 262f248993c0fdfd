//! What the split will solve next against a best game if it does not improve: the plan
//! that `--jobs N` hands to workers ahead of the split ([`Splitter::plan`]), built with the
//! split's own refinement so that it is what the split then solves (tested below).

use super::worker::PartJob;
use super::*;

impl Splitter<'_> {
    /// The parts the split will solve next against a best game worth `best` if it does
    /// not improve, in the order it will solve them (a part it will divide stands for its
    /// sub-parts), and the LPs it must know to say more (the sub-parts of a part it will
    /// divide whose LPs are not known yet).
    pub(super) fn plan(&self, best: i64) -> (Vec<(String, PartJob)>, Vec<Scope>) {
        let lp_of = |s: &Scope| self.solved_lps.iter().find(|(x, _)| x == s).map(|x| x.1);
        let mut walk: VecDeque<(Scope, Option<f64>)> = (self.queue.iter())
            .map(|&(j, lp, _)| (self.scopes[j].0, lp))
            .collect();
        let (mut parts, mut needed) = (Vec::new(), Vec::new());
        while let Some((scope, lp)) = walk.pop_front() {
            let open = lp.is_some_and(|b| whole(b) > best as f64);
            if !open || self.presolved.iter().any(|(s, _)| *s == scope) || parts.len() > 200 {
                continue;
            }
            let refinement = self.refinement_at(&scope, lp, Some(best));
            let Some(subs) = steps::divide(self.c, &scope, &refinement, true) else {
                let label = part_label(self.c, &scope);
                parts.push((label, self.part_job(&scope, lp, Some(best))));
                continue;
            };
            let lps: Vec<Option<Option<f64>>> = subs.iter().map(lp_of).collect();
            if lps.iter().any(Option::is_none) {
                needed.extend(
                    subs.iter()
                        .zip(&lps)
                        .filter(|x| x.1.is_none())
                        .map(|x| *x.0),
                );
                continue;
            }
            // As the split queues them: highest LP first, ties in their order.
            let mut order: Vec<Queued> = (lps.into_iter().enumerate())
                .map(|(k, lp)| (k, lp.flatten(), 0.0))
                .collect();
            order.sort_by(by_lp);
            for &(k, lp, _) in order.iter().rev() {
                walk.push_front((subs[k], lp));
            }
        }
        (parts, needed)
    }
}

#[cfg(test)]
impl Splitter<'_> {
    /// Note part `job` solved against the best game; the first against a new best game
    /// starts a new plan (its LPs solved first, as workers would).
    pub(super) fn check_plan(&mut self, job: PartJob) -> Result<()> {
        let Some(best) = job.scope.beating else {
            return Ok(());
        };
        let planned_for = |p: &PartJob| p.scope.beating;
        if let Some(last) = self.checked_plans.last_mut() {
            if last.1.first().map(planned_for) == Some(Some(best)) {
                last.1.push(job);
                return Ok(());
            }
        }
        loop {
            let (parts, needed) = self.plan(best);
            if needed.is_empty() {
                let plan = std::iter::once(job).chain(parts.into_iter().map(|p| p.1));
                self.checked_plans.push((plan.collect(), vec![job]));
                return Ok(());
            }
            for s in needed {
                self.lp_of(&s)?;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whenever the best game changes, the parts planned against it for workers to solve
    /// ahead begin with the parts the split then solves against it, in the same order (on
    /// a miniature whose best game improves part after part).
    #[test]
    fn the_plan_against_each_best_game_is_what_the_split_solves() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let p = root.join("models/modern-art/mini/m27-four-rounds.json");
        let c = Config::load(&p, None, 2).unwrap();
        let k = Knobs::default();
        let opts = SolveOptions::quiet();
        let (by, max) = (SplitBy::TokensLeads, Objective::MaxPlayer);
        let mut s = Splitter::new(&c, max, None, by, &opts, None, None, &k).unwrap();
        s.run().unwrap();
        assert!(s.checked_plans.len() > 3, "{} plans", s.checked_plans.len());
        let mut longest = 0;
        for (plan, solved) in &s.checked_plans {
            assert_eq!(plan[..solved.len().min(plan.len())], solved[..]);
            longest = longest.max(solved.len());
        }
        assert!(longest > 3, "at most {longest} parts against one game");
    }
}
