use super::*;

impl Search<'_> {
    /// With the restriction to games without an empty hand, a leaf part that the split may
    /// divide by a round's ranking (the first round its artist does not lead) is solved
    /// piece by piece, each piece to its end: the pieces whose LP lies within the tuning's
    /// `pieces_within` of the highest first, fewest ranked artists first (the fewest
    /// ranking patterns: the smallest model), then the others by LP, each against the best
    /// game so far (as the split solves a part: a cutoff, HiGHS's heuristics off) and
    /// skipped when its LP cannot beat it. `None`: the part is not such a leaf, or no piece
    /// has such a game (the part is then solved whole, which says why). The pieces' LPs go
    /// to `piece_lps`, for the split.
    pub(super) fn first_by_pieces(
        &self,
        piece_lps: &mut Vec<(Scope, Option<f64>)>,
    ) -> Option<Outcome> {
        if !(self.no_skip.get() && self.limits.no_skip_pieces) {
            return None;
        }
        let c = self.c;
        let r = leaf_ranking_round(c, self.scope)?;
        let mut pieces = Vec::new();
        for k in 0..=c.places() {
            let piece = self.scope.ranking(r, k);
            let lp = self.part_lp(&piece).ok()?;
            piece_lps.push((piece, lp));
            if let Some(lp) = lp {
                pieces.push((k, lp, piece));
            }
        }
        let within = self.k.tuning.pieces_within;
        let top = pieces.iter().map(|x| x.1).fold(f64::NEG_INFINITY, f64::max);
        let near_top = |lp: f64| lp >= top - within * top.abs();
        pieces.sort_by(|x, y| match (near_top(x.1), near_top(y.1)) {
            (true, true) => x.0.cmp(&y.0),
            (false, false) => y.1.total_cmp(&x.1),
            (near_x, near_y) => near_y.cmp(&near_x),
        });
        let mut best: Option<Outcome> = None;
        // Whether every piece was solved to its end (or closed against the best game).
        let mut ended = true;
        for (k, lp, piece) in pieces {
            if best.as_ref().is_some_and(|o| whole(lp) <= o.value as f64) {
                continue;
            }
            let part = match &best {
                Some(o) => piece.beating(o.value),
                None => piece,
            };
            let near = model::Near {
                plan: None,
                free: self.all,
                beat: None,
                nodes: self.limits.no_skip,
                strong: true,
                first: false,
                no_skip: true,
            };
            let knobs = self.knobs(SearchSolve::First);
            let (objective, player, quiet) = (self.objective, self.player, &self.quiet);
            let found = solve_near(c, objective, player, &part, quiet, None, Some(near), &knobs);
            if !self.opts.quiet {
                let what = match &found {
                    Ok(o) if o.proven => format!("{}, to the end", o.value),
                    Ok(o) => format!("{}, stopped by the node or time limit", o.value),
                    Err(e) if is_infeasible(e) => "none better".to_string(),
                    Err(e) => format!("{e:#}"),
                };
                let secs = self.started.elapsed().as_secs_f64();
                eprintln!(
                    "search: without empty hands, {k} ranked in round {}: {what} ({secs:.1} s)",
                    r + 1
                );
            }
            match found {
                Ok(o) => {
                    ended &= o.proven;
                    if best.as_ref().is_none_or(|b| o.value > b.value) {
                        best = Some(o);
                    }
                }
                Err(e) if is_infeasible(&e) => {}
                Err(_) => ended = false,
            }
        }
        best.map(|o| Outcome { proven: ended, ..o })
    }

    /// The first solve (or `by_pieces`'s game); when the part has no game without an
    /// empty hand, the same over every game; when it finds no game within its nodes, the
    /// same solve with the tuning's `retry_seeds` next seeds, then once more with
    /// `retry_nodes` and no strong branching (it only has to find a game).
    pub(super) fn first_game(&self, by_pieces: Option<Outcome>) -> Result<Outcome> {
        let scope = self.scope;
        let first = match by_pieces.map_or_else(|| self.unplanned(scope, self.probe(), true), Ok) {
            // No game without an empty hand (2-player miniature m27): the search looks at
            // every game.
            Err(e) if is_infeasible(&e) && self.no_skip.get() => {
                if self.opts.verbose {
                    eprintln!(
                        "search: no game without an empty hand; the search looks at every game"
                    );
                }
                self.no_skip.set(false);
                self.unplanned(scope, self.probe(), true)
            }
            first => first,
        };
        match first {
            Err(e) if !is_infeasible(&e) => {
                let seeds = self.k.tuning.retry_seeds.max(0);
                let retry_nodes = self.k.tuning.retry_nodes;
                if self.opts.verbose {
                    let first = match self.probe() {
                        1 => "at the first solve's root".to_string(),
                        n => format!("in the first solve's {n} nodes"),
                    };
                    eprintln!(
                        "search: no game {first}; again with HiGHS's next {seeds} seed(s), then {retry_nodes} nodes"
                    );
                }
                let again = (1..=seeds).find_map(|k| {
                    let seed = self.opts.seed.saturating_add(k);
                    let o = self.seeded(scope, self.probe(), true, seed).ok()?;
                    if self.opts.verbose {
                        eprintln!("search: a game with seed {seed}");
                    }
                    Some(o)
                });
                match again {
                    Some(o) => Ok(o),
                    None => self.unplanned(scope, retry_nodes, false),
                }
            }
            first => first,
        }
    }

    /// Before any neighbourhood: whether the search already ends (the part's LP bound
    /// reached, or the best game without an empty hand found), or a first game within
    /// `first_gap` of the first solve's bound, attempted at once as the part's maximum (or
    /// its pieces, where the split divides the part by a round's ranking), settles it.
    pub(super) fn first_attempt(&self, p: &mut Progress, exhausted: bool) -> bool {
        let best = &p.best;
        let near_bound = best.report.bound.is_some_and(|b| {
            b - best.value as f64 <= self.limits.first_gap * (best.value as f64).abs()
        });
        let mut done = self.ends_at_bound(&p.best);
        if exhausted && !done {
            self.say(
                "the best game without an empty hand, search ends with",
                &p.best,
            );
            done = true;
        }
        if !done && near_bound && self.limits.first_nodes > 0 {
            match self.divides(p.best.value) {
                // Out of nodes or not, the pieces are attempted again after a fruitless
                // neighbourhood, with more nodes (not marked as attempted).
                Some(r) => {
                    let nodes = self.limits.first_nodes;
                    if let Some(closed) = self.attempt_pieces(&mut p.best, r, nodes, &mut p.lps) {
                        p.pieces = closed;
                        done = true;
                    }
                }
                None => {
                    p.settled = self.closes(&mut p.best, self.limits.first_nodes);
                    done = p.settled.is_some();
                }
            }
        }
        done
    }

    /// Once for each round in turn (or until `patience` neighbourhoods in a row find
    /// nothing better), the part with that round kept as in the best game and the others
    /// free; after each better game a proof attempt of the part, after a fruitless one of
    /// its pieces (once per game) where the split divides it.
    pub(super) fn neighbourhoods(&self, p: &mut Progress) {
        let mut fruitless = 0;
        for kept in 0..self.c.variant.rounds {
            // (A piece's proof attempt may have found a better game.)
            if kept > 0 && self.ends_at_bound(&p.best) {
                break;
            }
            if self.limits.patience > 0 && fruitless >= self.limits.patience {
                if !self.opts.quiet {
                    eprintln!(
                        "search: stopped before round {} ({fruitless} neighbourhood(s) in a row found nothing better)",
                        kept + 1
                    );
                }
                break;
            }
            let near = model::Near {
                plan: Some(&p.best.assignment),
                free: self.all & !(1 << kept),
                beat: Some(p.best.value),
                nodes: self.limits.near,
                strong: true,
                first: kept as u32 >= self.limits.first_from,
                no_skip: self.no_skip.get(),
            };
            p.neighbourhoods += 1;
            let knobs = self.knobs(SearchSolve::Near);
            let (c, objective, player) = (self.c, self.objective, self.player);
            let best = Some(&p.best);
            let found = solve_near(
                c,
                objective,
                player,
                self.scope,
                &self.quiet,
                best,
                Some(near),
                &knobs,
            );
            match found {
                Ok(o) if o.value > p.best.value => {
                    p.best = o;
                    fruitless = 0;
                    let what = format!("round {} kept, the others changed", kept + 1);
                    self.say(&what, &p.best);
                }
                // None better there (or none found within the nodes). The part against the
                // same game would fail the same way: no proof attempt; but where the split
                // divides the part, its pieces are attempted against the game once.
                _ => {
                    fruitless += 1;
                    let divided = self
                        .divides(p.best.value)
                        .filter(|_| p.attempted != Some(p.best.value));
                    if let Some(r) = divided.filter(|_| self.limits.pieces > 0) {
                        p.attempted = Some(p.best.value);
                        let before = p.best.value;
                        let nodes = self.limits.pieces;
                        if let Some(closed) = self.attempt_pieces(&mut p.best, r, nodes, &mut p.lps)
                        {
                            p.pieces = closed;
                            break;
                        }
                        if p.best.value > before {
                            fruitless = 0;
                        }
                    }
                    continue;
                }
            }
            // A better game, perhaps the part's maximum: can the part be closed against it?
            if self.ends_at_bound(&p.best) {
                break;
            }
            if let Some(solved) = self.closes(&mut p.best, self.limits.proof) {
                p.settled = Some(solved);
                break;
            }
        }
    }

    /// The round by whose ranking the split divides the part against a game of `value`.
    fn divides(&self, value: i64) -> Option<usize> {
        self.lp
            .and_then(|b| ranking_round(self.c, self.scope, b, value, self.k))
    }

    /// A part (or piece) against a game, as the split will solve it, for at most `nodes`.
    fn attempt(&self, part: &Scope, beat: i64, nodes: u64) -> Result<Outcome> {
        self.unplanned(&part.beating(beat), nodes, true)
    }

    /// The part against `best`, briefly, as the split will solve it. Only a part the split
    /// solves whole: where it divides the part again by a round's ranking, the piece
    /// holding the game needs more nodes than a short attempt has, and failed attempts
    /// cost their time twice; such a part's pieces are attempted instead
    /// ([`Search::attempt_pieces`]).
    fn settle(&self, best: &Outcome, nodes: u64) -> Settle {
        if self.divides(best.value).is_some() {
            return Settle::Divided;
        }
        match self.attempt(self.scope, best.value, nodes) {
            Err(e) if is_infeasible(&e) => Settle::Closed(Box::new((best.clone(), Err(e)))),
            // Proven at a better game: that solve is the part's result.
            Ok(o) if o.value > best.value && o.proven => {
                Settle::Closed(Box::new((o.clone(), Ok(o))))
            }
            Ok(o) if o.value > best.value => Settle::Better(Box::new(o)),
            // Out of nodes (or a game that does not beat the cutoff).
            _ => Settle::Open,
        }
    }

    /// The pieces of the part, divided by round `r`'s ranking, against its best game: each
    /// whose LP can beat it, by a piece attempt of `nodes`: the pieces' solves when every
    /// one closed against the game or was proven at a better one, `None` when a piece ran
    /// out of nodes (or an LP or solve failed) or found a better game unproven. `best`
    /// moves to any better game a piece finds. The pieces' LPs go to `lps`, for the split.
    fn attempt_pieces(
        &self,
        best: &mut Outcome,
        r: usize,
        nodes: u64,
        lps: &mut Vec<(Scope, Option<f64>)>,
    ) -> Option<Vec<(Scope, Result<Outcome>)>> {
        let mut closed = Vec::new();
        // A piece proven at a better game makes it `best`: the pieces after it are
        // attempted against it (those before closed against a lower game, so none of
        // them beats it either).
        let start = best.value;
        let ended = 'pieces: {
            for k in 0..=self.c.places() {
                let piece = self.scope.ranking(r, k);
                let Ok(b) = self.part_lp(&piece) else {
                    break 'pieces None;
                };
                lps.push((piece, b));
                if b.is_none_or(|b| whole(b) <= best.value as f64) {
                    continue;
                }
                match self.attempt(&piece, best.value, nodes) {
                    Err(e) if is_infeasible(&e) => closed.push((piece, Err(e))),
                    // Proven at a better game: that solve is the piece's result.
                    Ok(o) if o.value > best.value && o.proven => {
                        closed.push((piece, Ok(o.clone())));
                        *best = o;
                    }
                    Ok(o) if o.value > best.value => {
                        *best = o;
                        break 'pieces None;
                    }
                    _ => break 'pieces None,
                }
            }
            Some(closed)
        };
        match (&ended, best.value > start) {
            (Some(_), _) => self.say(
                "the part's pieces closed against it, search ends with",
                best,
            ),
            (_, true) => self.say("a piece's proof attempt found a better game", best),
            (_, false) => self.say("the part's pieces not closed against it", best),
        }
        ended
    }

    /// A game that reaches the part's LP bound is its maximum: the search ends, and the
    /// split skips the part by that bound.
    pub(super) fn reached(&self, best: &Outcome) -> bool {
        self.lp.is_some_and(|b| whole(b) <= best.value as f64)
    }

    /// [`Search::reached`], said when it ends the search.
    fn ends_at_bound(&self, best: &Outcome) -> bool {
        let at = self.reached(best);
        if at {
            self.say("the part's LP bound reached, search ends with", best);
        }
        at
    }

    /// Proof attempts of the part against `best` (and against each better game one finds,
    /// unproven): the solve that closed the part, if one did.
    fn closes(&self, best: &mut Outcome, nodes: u64) -> Option<Result<Outcome>> {
        if nodes == 0 {
            return None;
        }
        loop {
            match self.settle(best, nodes) {
                Settle::Closed(closed) => {
                    let (o, solved) = *closed;
                    *best = o;
                    self.say("the part closed against it, search ends with", best);
                    return Some(solved);
                }
                Settle::Better(o) => {
                    *best = *o;
                    self.say("the proof attempt found a better game", best);
                    if self.reached(best) {
                        return None;
                    }
                }
                Settle::Open => {
                    self.say("the part not closed against it", best);
                    return None;
                }
                Settle::Divided => return None,
            }
        }
    }
}
