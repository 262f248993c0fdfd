use super::*;

/// How the deep split treats a part whose LP it has: solved whole, replaced by sub-parts
/// over the rounds its artist leads (from these leads), or by a round's ranking.
pub(super) enum Refinement {
    Whole,
    Leads(Leads),
    Ranking(usize),
    /// The part "none above half of the tokens" by round 1's first artist (the tuning's
    /// `split_even`): every game has exactly one.
    FirstArtist,
}

/// Sets its flag when dropped.
struct StopOnDrop<'a>(&'a std::sync::atomic::AtomicBool);

impl Drop for StopOnDrop<'_> {
    fn drop(&mut self) {
        self.0.store(true, std::sync::atomic::Ordering::Relaxed);
    }
}

/// The sub-parts that replace `scope` under `refinement` (`None`: the part is solved
/// whole, or, for the leads with no game known (`known`), it leads to the first leaf).
pub(super) fn divide(
    c: &Config,
    scope: &Scope,
    refinement: &Refinement,
    known: bool,
) -> Option<Vec<Scope>> {
    match *refinement {
        Refinement::Whole => None,
        Refinement::Leads(_) if !known => None,
        Refinement::Leads(leads) => {
            let halves = leads.halves(c.variant.rounds).into_iter().flatten();
            Some(halves.map(|l| scope.with_leads(l)).collect())
        }
        Refinement::Ranking(r) => Some((0..=c.places()).map(|k| scope.ranking(r, k)).collect()),
        // Each sub-part names its artist, so the leads split goes on from there (with no
        // game known, its highest one reaches the first leaf's search).
        Refinement::FirstArtist => Some(
            lead_artists(c, scope)
                .into_iter()
                .map(|a| {
                    scope.with_leads(Leads {
                        artist: a,
                        led: 1,
                        decided: 1,
                    })
                })
                .collect(),
        ),
    }
}

impl Splitter<'_> {
    /// The deep split replaces a token part its LP does not settle by sub-parts over the
    /// rounds its artist leads (they come next). With a best game known, two (highest LP
    /// first): first in round 1, or not, each split again on the next round while its LP
    /// is not settled, unless its LP is within the tuning's `whole_within` of the best game
    /// (HiGHS then closes the part whole, faster than its sub-parts one by one). With none,
    /// the first leaf ([`Splitter::first_leaf`]). A leaf whose LP exceeds the best game by
    /// more than `ranked_beyond` is split once more by a round's ranking. Whether part `i`
    /// was replaced by sub-parts (and so is not solved itself).
    pub(super) fn refine(&mut self, i: usize, lp: Option<f64>, lp_seconds: f64) -> Result<bool> {
        let scope = self.scopes[i].0;
        let refinement = self.refinement(&scope, lp);
        if let Some(subs) = divide(self.c, &scope, &refinement, self.best.is_some()) {
            // The part's own LP time is counted in its first sub-part's.
            self.queue_ahead(subs, lp_seconds)?;
            return Ok(true);
        }
        match refinement {
            Refinement::Leads(leads) => {
                self.first_leaf((i, lp, lp_seconds), leads)?;
                Ok(true)
            }
            _ => Ok(false),
        }
    }

    /// How [`Splitter::refine`] divides a part with LP bound `lp` (read, not acted on, so
    /// that the parts run ahead on workers are the ones the split will solve).
    pub(super) fn refinement(&self, scope: &Scope, lp: Option<f64>) -> Refinement {
        self.refinement_at(scope, lp, self.best.as_ref().map(|o| o.value))
    }

    /// [`Splitter::refinement`] with a best game worth `best_value`.
    pub(super) fn refinement_at(
        &self,
        scope: &Scope,
        lp: Option<f64>,
        best_value: Option<i64>,
    ) -> Refinement {
        let (SplitBy::TokensLeads, Some(tokens), Some(b)) = (self.by, scope.tokens, lp) else {
            return Refinement::Whole;
        };
        let c = self.c;
        let beaten = best_value.is_some_and(|v| whole(b) <= v as f64);
        // Neither settled by the best game nor close enough to it to be solved whole.
        let open = !beaten && !near_best(c.players, b, best_value, self.k);
        let leads = match (scope.leads, tokens) {
            (Some(l), _) => l,
            (None, Tokens::Exactly(a, _)) => Leads {
                artist: a,
                led: 0,
                decided: 0,
            },
            (None, Tokens::AtMost(_)) => {
                return match open && self.k.tuning.split_even {
                    true => Refinement::FirstArtist,
                    false => Refinement::Whole,
                };
            }
        };
        if !leads.settled(c.variant.rounds) && open {
            return Refinement::Leads(leads);
        }
        // So is a part whose pieces the search already solved (its game may since have
        // come within that share; the pieces' solves are not thrown away), by the round
        // those pieces name.
        let searched_round = || {
            self.presolved.iter().find_map(|(s, _)| {
                s.ranked
                    .filter(|&(r, k)| scope.ranked.is_none() && *s == scope.ranking(r, k))
                    .map(|(r, _)| r)
            })
        };
        let round = best_value.and_then(|v| ranking_round(c, scope, b, v, self.k));
        match round.or_else(searched_round) {
            Some(r) => Refinement::Ranking(r),
            None => Refinement::Whole,
        }
    }

    /// No game yet: the sub-part of `scope` with every round decided and the highest LP
    /// (found best first, the one most likely to hold the best game) first, then the
    /// parts the halving meets on the way to it, which a game known by then may settle
    /// whole. A game for the leaf comes first, by a short neighbourhood search, so that the
    /// leaf is solved (and split) against it like every later part; if the search settled
    /// the leaf, that solve is its result.
    ///
    /// `popped`: the part, its LP and its LP's seconds. With parts whose LPs are pending
    /// ([`Splitter::settle_pending`]), the search's result is kept only if the part still
    /// has the highest LP once they are in.
    fn first_leaf(&mut self, popped: Queued, leads: Leads) -> Result<()> {
        let (scope, lp_seconds, own) = (self.scopes[popped.0].0, popped.2, self.scopes.len());
        let scope = &scope;
        let c = self.c;
        let rounds = c.variant.rounds;
        let within = |l: Leads| scope.with_leads(l);
        let (first_leaf, leaf_lp, secs) = highest_leaf(leads, rounds, |l| {
            self.lps_of(&l.iter().map(|&l| within(l)).collect::<Vec<_>>())
        })?;
        let scan = lp_seconds + secs;
        let rest = leads.around(first_leaf, rounds).into_iter().skip(1);
        self.queue_ahead(rest.map(within).collect(), 0.0)?;
        let leaf = within(first_leaf);
        let label = part_label(c, &leaf);
        let t = std::time::Instant::now();
        let limits = self.k.tuning.search_limits(c.players);
        let (objective, player, opts, k) = (self.objective, self.player, self.opts, self.k);
        let scoped = Scoped {
            scope: &leaf,
            lp: leaf_lp,
        };
        self.prefetch_lps(&self.pending_scopes());
        let searched = self.beside_workers(|better| {
            neighbourhood_search_telling(c, objective, player, scoped, opts, limits, k, better)
        });
        if !self.settle_pending(own, Some(&popped))? {
            self.set_search_aside(own, popped);
            return Ok(());
        }
        let scan = scan + t.elapsed().as_secs_f64();
        match searched {
            // A solve that proved the leaf: its result, as if the leaf were solved now
            // with no game known.
            Some(Searched {
                settled: Some(Ok(o)),
                ..
            }) => self.presolved.push((leaf, Ok(o))),
            // A game to solve every part against; the leaf perhaps already closed against
            // it.
            Some(Searched {
                outcome,
                settled,
                pieces,
                lps,
                ..
            }) => {
                // The search settled the part: whole, or piece by piece.
                let closed = settled.is_some() || !pieces.is_empty();
                self.presolved.extend(pieces);
                self.solved_lps.extend(lps);
                if let Some(keep) = self.keep {
                    keep(&interim(&outcome, None, &self.k.build.fixes)?)?;
                }
                self.searched_game = Some(SearchedGame {
                    value: outcome.value,
                    part: label.clone(),
                    seconds: t.elapsed().as_secs_f64(),
                    closed,
                });
                self.best = Some(outcome);
                if let Some(solved) = settled {
                    self.presolved.push((leaf, solved));
                }
            }
            None => {}
        }
        self.queue.push_front((self.scopes.len(), leaf_lp, scan));
        self.scopes.push((leaf, label));
        Ok(())
    }

    /// `search` run here while, with `--jobs N`, workers beside it solve the parts the
    /// split will solve against its best game so far (each better game it reports to
    /// `better` replans them: [`Splitter::ahead_of_search`]).
    fn beside_workers<R>(&mut self, search: impl FnOnce(&dyn Fn(i64)) -> R) -> R {
        if self.ahead.is_none() {
            return search(&|_| ());
        }
        let feed = std::sync::Mutex::new(self.ahead.take());
        let stop = std::sync::atomic::AtomicBool::new(false);
        let result = std::thread::scope(|threads| {
            threads.spawn(|| {
                while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                    if let Some(bg) = feed.lock().ok().as_deref_mut().and_then(Option::as_mut) {
                        if let Err(e) = bg.pump() {
                            eprintln!("jobs: {e:#}");
                        }
                    }
                    std::thread::sleep(std::time::Duration::from_millis(50));
                }
            });
            let split = std::cell::RefCell::new(&mut *self);
            let better = |best: i64| {
                let (Ok(mut s), Ok(mut bg)) = (split.try_borrow_mut(), feed.lock()) else {
                    return;
                };
                s.ahead = bg.take();
                s.ahead_of_search(best);
                *bg = s.ahead.take();
            };
            // (Also when the search panics: the feeding thread must end for the scope to.)
            let _stop = StopOnDrop(&stop);
            search(&better)
        });
        let mut bg = feed.into_inner().ok().flatten();
        if let Some(bg) = bg.as_mut() {
            bg.queue::<worker::PartJob>(&[]);
        }
        self.ahead = bg;
        result
    }

    /// Part `i` solved (or skipped by its LP, or empty), its row kept and said; a renamed
    /// part that excluded a plan is replaced by the parts under the artists' own names.
    pub(super) fn solve_part(&mut self, i: usize, lp: Option<f64>, lp_seconds: f64) -> Result<()> {
        let (scope, name) = self.scopes[i].clone();
        let best_value = self.best.as_ref().map(|o| o.value);
        let (part, improved) = match lp {
            None => {
                let mut row = PartRow::new(i, None, lp_seconds);
                row.proven = true;
                (row, false)
            }
            Some(b) if best_value.is_some_and(|v| whole(b) <= v as f64) => {
                let mut row = PartRow::new(i, Some(whole(b)), lp_seconds);
                row.skipped = true;
                (row, false)
            }
            Some(_) => self.solved_row(i, &scope, &name, lp, lp_seconds)?,
        };
        // A renamed part that excluded a plan the scheduler could not play (or failed)
        // stands for parts under the artists' own names; they come next (highest LP first)
        // and carry its seconds. (A renamed part left open by the time limit stays one
        // part: its bound holds for every artist it stands for, and each of those parts
        // alone is harder to close.)
        let expanded = scope.relabel.is_some() && part.excluded;
        if expanded {
            self.queue_ahead(scope.named_parts(), part.seconds)?;
        }
        if !self.opts.quiet {
            self.say_part(&name, lp, &part);
        }
        if expanded && self.opts.verbose {
            eprintln!(
                "split: {name}: not settled up to renaming; solved under each artist's own name"
            );
        }
        let mut part = part;
        part.seconds += self.earlier.get(&i).copied().unwrap_or(0.0);
        if !expanded {
            self.parts.push(part);
        }
        if let (true, Some(keep), Some(o)) = (improved, self.keep, self.best.as_ref()) {
            // Every game lies in a part already settled (its bound) or still queued (its
            // LP bound; a refined part's sub-parts are queued).
            let bound = self
                .queue
                .iter()
                .map(|q| q.1)
                .chain(self.parts.iter().map(|p| p.bound))
                .flatten()
                .fold(o.value as f64, f64::max);
            keep(&interim(o, Some(bound), &self.k.build.fixes)?)?;
        }
        Ok(())
    }

    /// Part `i` (LP bound `lp`) solved, against the best game when one is known (it is
    /// then settled the moment HiGHS shows there is none better): its row, and whether the
    /// best game improved.
    fn solved_row(
        &mut self,
        i: usize,
        scope: &Scope,
        name: &str,
        lp: Option<f64>,
        lp_seconds: f64,
    ) -> Result<(PartRow, bool)> {
        let t = std::time::Instant::now();
        let best_value = self.best.as_ref().map(|o| o.value);
        let job = self.part_job(scope, lp, best_value);
        let seed = self.seed.filter(|_| best_value.is_none());
        self.solved_against.insert(i, best_value);
        let presolved = match self.presolved.iter().position(|(s, _)| s == scope) {
            Some(k) => Some(self.presolved.swap_remove(k).1),
            None => None,
        };
        // With --jobs N, a worker's answer (the same as this solve's, see `ahead`).
        if let (None, Some(v)) = (&presolved, best_value) {
            if let Some((answer, elapsed, better)) = self.answer_ahead(name, &job, v)? {
                let row = answer.row(i, lp, best_value, elapsed + lp_seconds, elapsed);
                let improved = better.is_some();
                if let Some(o) = better {
                    self.best = Some(o);
                }
                return Ok((row, improved));
            }
        }
        #[cfg(test)]
        if presolved.is_none() {
            self.check_plan(job)?;
        }
        let solved = match presolved {
            Some(solved) => solved,
            None => {
                let k = self.k.with_hand(job.rows);
                let (c, objective, player) = (self.c, self.objective, self.player);
                solve_from(c, objective, player, &job.scope, self.opts, seed, &k)
            }
        };
        let elapsed = t.elapsed().as_secs_f64();
        let secs = elapsed + lp_seconds;
        if let Some(answer) = ahead::PartAnswer::of(&solved) {
            let row = answer.row(i, lp, best_value, secs, elapsed);
            if let Ok(o) = solved {
                if self.best.as_ref().is_none_or(|b| o.value > b.value) {
                    self.best = Some(o);
                    return Ok((row, true));
                }
            }
            return Ok((row, false));
        }
        let e = match solved {
            Ok(_) => bail!("split part {name}: a game without an answer"),
            Err(e) => e,
        };
        // A renamed part that failed (e.g. after excluding plans the scheduler could not
        // play): solved again under the artists' own names.
        if scope.relabel.is_some() {
            if !self.opts.quiet {
                eprintln!("split: {name}: {e:#}");
            }
            let mut row = PartRow::new(i, None, secs);
            row.excluded = true;
            return Ok((row, false));
        }
        Err(e.context(format!("split part: {name}")))
    }

    /// The part's progress line.
    fn say_part(&self, name: &str, lp: Option<f64>, part: &PartRow) {
        let show = |x: Option<String>| x.unwrap_or_else(|| "-".into());
        let (value, bound, secs) = (part.value, part.bound, part.seconds);
        eprintln!(
            "split: {name}: LP {}, value {}, bound {}, {}, {secs:.1} s",
            show(lp.map(|b| format!("{b:.1}"))),
            show(value.map(|v| v.to_string())),
            show(bound.map(|b| format!("{b:.0}"))),
            match (lp, part.proven, part.skipped) {
                (None, ..) => "empty",
                (_, true, _) => "proven",
                (_, _, true) => "skipped (LP bound)",
                _ if bound
                    .zip(self.best.as_ref())
                    .is_some_and(|(b, o)| b <= o.value as f64) =>
                {
                    "closed (bound ≤ best)"
                }
                _ => "not proven",
            }
        );
    }
}
