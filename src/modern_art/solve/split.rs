use super::*;

/// One part of [`split`]: (part index, best game's value, bound rounded down, proven,
/// some plan excluded, seconds, skipped by its LP bound).
pub(super) type PartRow = (usize, Option<i64>, Option<f64>, bool, bool, f64, bool);

/// Whether a part's row calls for one more solve now that the best game is worth
/// `value`: the part was solved (`against`: the best game's value then, `Some(None)` when
/// none was known), is neither proven nor skipped, its bound is above `value`, and the
/// best game has improved since.
pub(super) fn solve_again(p: &PartRow, against: Option<Option<i64>>, value: i64) -> bool {
    let open = !p.3 && !p.6 && p.2.is_some_and(|b| b > value as f64);
    open && against.is_some_and(|v| v.is_none_or(|v| v < value))
}

/// `solve --split` (max-player only): the maximum as the largest of the parts' restricted
/// optima. Split by round 1's first artist, every game has exactly one; split by the
/// tokens, every game has at most one artist that ends with more than half of the award
/// tokens, so it lies in exactly one part ("artist a ends with t tokens" for t above half,
/// or "nobody above half").
/// Each part is smaller than the whole and HiGHS closes most of them where the whole
/// model stalls. The parts run in the order of their LP bounds (highest first); a part
/// whose LP bound cannot beat the best certified game so far is skipped, so the hopeless
/// parts cost one LP each. Each part gets the time limit of a whole solve.
///
/// Proven only when every part is proven or bounded (rounded down) by the best
/// certified game, and no part excluded a plan; the combined bound is the largest part
/// bound.
///
/// `seed`: a known game (e.g. the best restricted solve's) that every part starts from
/// instead of diving; it lies in one part, and the others keep it as the game to beat.
pub fn split(
    c: &Config,
    objective: Objective,
    player: Option<usize>,
    by: SplitBy,
    opts: &SolveOptions,
    seed: Option<&Outcome>,
) -> Result<Outcome> {
    split_keeping(c, objective, player, by, opts, seed, None)
}

/// A split's best game so far, as an episode that claims no proof: "best found", with
/// `bound` (the largest bound of the parts so far, LP bounds for those not yet solved)
/// when known, and no parts. What [`split_keeping`] hands to `keep`.
pub fn interim(o: &Outcome, bound: Option<f64>) -> Result<Outcome> {
    let mut o = o.clone();
    o.proven = false;
    o.report.status = crate::lp::Status::Feasible;
    o.report.bound = bound
        .filter(|b| b.is_finite())
        .map(|b| b.max(o.value as f64));
    o.report.gap = o
        .report
        .bound
        .map(|b| (b - o.value as f64).abs() / (o.value as f64).abs().max(1.0));
    let mut payload: episode::Payload = o.envelope.payload_as()?;
    payload.restricted = with_diagnostic_fixings(None);
    payload.split = None;
    payload.split_by = None;
    o.envelope.payload = serde_json::to_value(&payload)?;
    o.envelope.status = o.report.status;
    o.envelope.bound = o.report.bound;
    o.envelope.gap = o.report.gap;
    o.envelope.solver = Some(o.report.clone());
    Ok(o)
}

/// What receives a split's better games as they are found.
pub type Keep<'a> = dyn Fn(&Outcome) -> Result<()> + 'a;

/// [`split`], handing every better game a part finds to `keep` as soon as it is found (as
/// an [`interim`] episode), so a long split that is stopped loses no game.
pub fn split_keeping(
    c: &Config,
    objective: Objective,
    player: Option<usize>,
    by: SplitBy,
    opts: &SolveOptions,
    seed: Option<&Outcome>,
    keep: Option<&Keep>,
) -> Result<Outcome> {
    if objective != Objective::MaxPlayer {
        bail!(
            "--split: only --objective max-player can be split over {} (got {})",
            by.describe(),
            objective.name()
        );
    }
    let started = std::time::Instant::now();
    let mut scopes = by.parts(c);
    // The parts whose LP is solved: the search for the first leaf solves the LPs of the
    // pieces the halving meets on its way to it, which are queued next.
    let solved_lps = std::cell::RefCell::new(Vec::<(Scope, Option<f64>)>::new());
    // A part's LP bound (None when no game lies in the part) and its seconds (0 when it
    // was solved before).
    let lp_of = |scope: &Scope| -> Result<(Option<f64>, f64)> {
        if let Some(&(_, lp)) = solved_lps.borrow().iter().find(|(s, _)| s == scope) {
            return Ok((lp, 0.0));
        }
        let t = std::time::Instant::now();
        let lp = part_lp(c, objective, player, scope, opts)?;
        solved_lps.borrow_mut().push((*scope, lp));
        Ok((lp, t.elapsed().as_secs_f64()))
    };
    // Highest LP bound first (parts with no game last).
    let by_lp = |x: &(usize, Option<f64>, f64), y: &(usize, Option<f64>, f64)| {
        let key = |b: Option<f64>| b.unwrap_or(f64::NEG_INFINITY);
        key(y.1).total_cmp(&key(x.1)).then(x.0.cmp(&y.0))
    };
    // Parts that replace one part (its sub-parts): their labels and LPs, then queued next,
    // highest LP first, the first one carrying `carried` seconds of the part they replace.
    let queue_ahead = |subs: Vec<Scope>,
                       carried: f64,
                       scopes: &mut Vec<(Scope, String)>,
                       queue: &mut std::collections::VecDeque<(usize, Option<f64>, f64)>|
     -> Result<()> {
        let mut order = Vec::new();
        for sub in subs {
            let (lp, secs) = lp_of(&sub)?;
            order.push((scopes.len(), lp, secs));
            scopes.push((sub, part_label(c, &sub)));
        }
        order.sort_by(by_lp);
        if let Some(first) = order.first_mut() {
            first.2 += carried;
        }
        for sub in order.into_iter().rev() {
            queue.push_front(sub);
        }
        Ok(())
    };
    // (part, LP bound, seconds)
    let mut order: Vec<(usize, Option<f64>, f64)> = Vec::new();
    for (i, (scope, _)) in scopes.iter().enumerate() {
        let (lp, secs) = lp_of(scope)?;
        order.push((i, lp, secs));
    }
    order.sort_by(by_lp);
    let mut queue: std::collections::VecDeque<_> = order.into();
    let mut best: Option<Outcome> = seed.cloned();
    let mut parts: Vec<PartRow> = Vec::new();
    // The best game's value each part was solved against, and the seconds of a part's
    // earlier solves (a part is solved again when a later part beats that game).
    let mut solved_against: std::collections::HashMap<usize, Option<i64>> = Default::default();
    let mut earlier: std::collections::HashMap<usize, f64> = Default::default();
    // Parts the neighbourhood search already solved to the end (its leaf), with the result
    // the split's own solve of the part would return.
    let mut presolved: Vec<(Scope, Result<Outcome>)> = Vec::new();
    // The game of a neighbourhood search that did not prove its part (for `found_by`).
    let mut searched_game: Option<SearchedGame> = None;
    loop {
        while let Some((i, lp, lp_seconds)) = queue.pop_front() {
            let mut improved = false;
            let (scope, name) = scopes[i].clone();
            let scope = &scope;
            let best_value = best.as_ref().map(|o| o.value);
            let beaten = |b: f64| best_value.is_some_and(|v| whole(b) <= v as f64);
            // The deep split replaces a token part its LP does not settle by sub-parts over
            // the rounds its artist leads (they come next). With a best game known, two
            // (highest LP first): first in round 1, or not, each split again on the next
            // round while its LP is not settled, unless its LP is within `WHOLE_WITHIN` of the
            // best game (HiGHS then closes the part whole, faster than its sub-parts one by
            // one). With none, see below.
            if let (SplitBy::TokensLeads, Some(Tokens::Exactly(a, _)), Some(b)) =
                (by, scope.tokens, lp)
            {
                let leads = scope.leads.unwrap_or(Leads {
                    artist: a,
                    led: 0,
                    decided: 0,
                });
                let rounds = c.variant.rounds;
                let split =
                    !leads.settled(rounds) && !beaten(b) && !near_best(c.players, b, best_value);
                let within = |l: Leads| scope.with_leads(l);
                if split && best_value.is_some() {
                    let halves = leads.halves(rounds).into_iter().flatten();
                    // The part's own LP time is counted in its first sub-part's.
                    queue_ahead(
                        halves.map(within).collect(),
                        lp_seconds,
                        &mut scopes,
                        &mut queue,
                    )?;
                    continue;
                }
                if split {
                    // No game yet: the sub-part with every round decided and the highest LP
                    // (found best first, the one most likely to hold the best game) first,
                    // then the parts the halving meets on the way to it, which a game known
                    // by then may settle whole.
                    let (first_leaf, leaf_lp, secs) =
                        highest_leaf(leads, rounds, |l| lp_of(&within(l)))?;
                    let scan = lp_seconds + secs;
                    let rest = leads.around(first_leaf, rounds).into_iter().skip(1);
                    queue_ahead(rest.map(within).collect(), 0.0, &mut scopes, &mut queue)?;
                    let leaf = within(first_leaf);
                    let label = part_label(c, &leaf);
                    // A game for it first, by a short search, so that the leaf is
                    // solved (and split) against it like every later part; if the
                    // search's first solve settled the leaf, that solve is its result.
                    let t = std::time::Instant::now();
                    let searched = neighbourhood_search(
                        c,
                        objective,
                        player,
                        &leaf,
                        leaf_lp,
                        opts,
                        search_limits(c.players),
                    );
                    let scan = scan + t.elapsed().as_secs_f64();
                    match searched {
                        // A solve that proved the leaf: its result, as if the leaf
                        // were solved now with no game known.
                        Some(Searched {
                            settled: Some(Ok(o)),
                            ..
                        }) => presolved.push((leaf, Ok(o))),
                        // A game to solve every part against; the leaf perhaps
                        // already closed against it.
                        Some(Searched {
                            outcome,
                            settled,
                            pieces,
                            lps,
                            ..
                        }) => {
                            // The search settled the part: whole, or piece by piece.
                            let closed = settled.is_some() || !pieces.is_empty();
                            presolved.extend(pieces);
                            solved_lps.borrow_mut().extend(lps);
                            if let Some(keep) = keep {
                                keep(&interim(&outcome, None)?)?;
                            }
                            searched_game = Some(SearchedGame {
                                value: outcome.value,
                                part: label.clone(),
                                seconds: t.elapsed().as_secs_f64(),
                                closed,
                            });
                            best = Some(outcome);
                            if let Some(solved) = settled {
                                presolved.push((leaf, solved));
                            }
                        }
                        None => {}
                    }
                    queue.push_front((scopes.len(), leaf_lp, scan));
                    scopes.push((leaf, label));
                    continue;
                }
                // A part with every round decided whose LP exceeds the best game by more than
                // `RANKED_BEYOND` is split once more, by how many artists the first round its
                // artist does not lead ranks.
                // So is a part whose pieces the search already solved (its game may since
                // have come within that 5%; the pieces' solves are not thrown away), by
                // the round those pieces name.
                let searched_round = || {
                    presolved.iter().find_map(|(s, _)| {
                        s.ranked
                            .filter(|&(r, k)| scope.ranked.is_none() && *s == scope.ranking(r, k))
                            .map(|(r, _)| r)
                    })
                };
                let round = best_value.and_then(|v| ranking_round(c, scope, b, v));
                if let Some(r) = round.or_else(searched_round) {
                    let subs = (0..=c.places()).map(|k| scope.ranking(r, k));
                    queue_ahead(subs.collect(), lp_seconds, &mut scopes, &mut queue)?;
                    continue;
                }
            }
            let part = match lp {
                None => (i, None, None, true, false, lp_seconds, false),
                Some(b) if beaten(b) => (i, None, Some(whole(b)), false, false, lp_seconds, true),
                Some(_) => {
                    let t = std::time::Instant::now();
                    // With a best game known, the part only looks for a better one: it is
                    // settled the moment HiGHS shows there is none.
                    let part = match best_value {
                        Some(v) => scope.beating(v),
                        None => *scope,
                    };
                    let seed = seed.filter(|_| best_value.is_none());
                    solved_against.insert(i, best_value);
                    let solved = match presolved.iter().position(|(s, _)| s == scope) {
                        Some(k) => presolved.swap_remove(k).1,
                        None => {
                            let near = lp
                                .zip(best_value)
                                .is_some_and(|(l, v)| within_share(l, v, hand_within()));
                            let rows = match near {
                                true => model::vars::HandRows::TokenArtist,
                                false => model::vars::HandRows::None,
                            };
                            model::vars::with_hand_rows(rows, || {
                                solve_from(c, objective, player, &part, opts, seed)
                            })
                        }
                    };
                    match solved {
                        Ok(o) => {
                            let secs = t.elapsed().as_secs_f64() + lp_seconds;
                            let bound = o.report.bound.map_or(f64::INFINITY, whole);
                            // Under a cutoff HiGHS may keep a game that does not beat it
                            // (found before the cutoff pruned its branch); its "optimal"
                            // then only says that no game beats the best: the part is
                            // closed at the best's value, not proven at this game's. Every
                            // bound under a cutoff is a bound on the games that beat it,
                            // so the part's bound is at least the best's value.
                            let beats = best_value.is_none_or(|v| o.value > v);
                            let bound = best_value.map_or(bound, |v| bound.max(v as f64));
                            let row = (
                                i,
                                Some(o.value),
                                Some(bound),
                                o.proven && beats,
                                tainted(o.excluded, o.excluded_bound, bound),
                                secs,
                                false,
                            );
                            if best.as_ref().is_none_or(|b| o.value > b.value) {
                                best = Some(o);
                                improved = true;
                            }
                            row
                        }
                        // No game in the part beats the best: settled at the best's value
                        // (unless a plan that claimed to beat it was excluded on the way).
                        Err(e) if is_infeasible(&e) && best_value.is_some() => {
                            let secs = t.elapsed().as_secs_f64() + lp_seconds;
                            let b = best_value.map(|v| v as f64);
                            let tainted = e
                                .downcast_ref::<AfterExclusions>()
                                .is_some_and(|x| b.is_none_or(|b| tainted(x.plans, x.best, b)));
                            (i, None, b, false, tainted, secs, false)
                        }
                        Err(e) if is_infeasible(&e) => {
                            let secs = t.elapsed().as_secs_f64();
                            match e.downcast_ref::<AfterExclusions>() {
                                // Empty only once its plans were excluded: not proven.
                                Some(x) => (i, None, Some(whole(x.best)), false, true, secs, false),
                                None => (i, None, None, true, false, secs, false),
                            }
                        }
                        // No better game found in the time: the part stays open, bounded by
                        // HiGHS's dual bound (or its LP).
                        Err(e) if crate::lp::no_solution(&e).is_some() => {
                            let secs = t.elapsed().as_secs_f64() + lp_seconds;
                            let dual = crate::lp::no_solution(&e).and_then(|x| x.bound);
                            let b = match (dual, lp) {
                                (Some(d), Some(l)) => Some(whole(d.min(l))),
                                (d, l) => d.or(l).map(whole),
                            };
                            // The cutoff's bound covers only the games that beat the best.
                            let b = match best_value {
                                Some(v) => b.map(|b| b.max(v as f64)),
                                None => b,
                            };
                            (i, None, b, false, false, secs, false)
                        }
                        // A renamed part that failed (e.g. after excluding plans the
                        // scheduler could not play): solved again under the artists' own
                        // names (below).
                        Err(e) if scope.relabel.is_some() => {
                            if !opts.quiet {
                                eprintln!("split: {name}: {e:#}");
                            }
                            let secs = t.elapsed().as_secs_f64() + lp_seconds;
                            (i, None, None, false, true, secs, false)
                        }
                        Err(e) => return Err(e.context(format!("split part: {name}"))),
                    }
                }
            };
            // A renamed part that excluded a plan the scheduler could not play (or failed)
            // stands for parts under the artists' own names; they come next (highest LP
            // first) and carry its seconds. (A renamed part left open by the time limit
            // stays one part: its bound holds for every artist it stands for, and each of
            // those parts alone is harder to close.)
            let expanded = scope.relabel.is_some() && part.4;
            if expanded {
                queue_ahead(scope.named_parts(), part.5, &mut scopes, &mut queue)?;
            }
            if !opts.quiet {
                let (_, value, bound, proven, _, secs, skipped) = part;
                let show = |x: Option<String>| x.unwrap_or_else(|| "-".into());
                eprintln!(
                    "split: {name}: LP {}, value {}, bound {}, {}, {secs:.1} s",
                    show(lp.map(|b| format!("{b:.1}"))),
                    show(value.map(|v| v.to_string())),
                    show(bound.map(|b| format!("{b:.0}"))),
                    match (lp, proven, skipped) {
                        (None, ..) => "empty",
                        (_, true, _) => "proven",
                        (_, _, true) => "skipped (LP bound)",
                        _ if bound
                            .zip(best.as_ref())
                            .is_some_and(|(b, o)| b <= o.value as f64) =>
                        {
                            "closed (bound ≤ best)"
                        }
                        _ => "not proven",
                    }
                );
            }
            if expanded && !opts.quiet {
                eprintln!("split: {name}: not settled up to renaming; solved under each artist's own name");
            }
            let mut part = part;
            part.5 += earlier.get(&i).copied().unwrap_or(0.0);
            if !expanded {
                parts.push(part);
            }
            if let (true, Some(keep), Some(o)) = (improved, keep, best.as_ref()) {
                // Every game lies in a part already settled (its bound) or still queued (its
                // LP bound; a refined part's sub-parts are queued).
                let bound = queue
                    .iter()
                    .map(|q| q.1)
                    .chain(parts.iter().map(|p| p.2))
                    .flatten()
                    .fold(o.value as f64, f64::max);
                keep(&interim(o, Some(bound))?)?;
            }
        }
        // A part left open (its bound above the best game) while a later part found a better
        // game is solved once more, now only looking for a game better than that one: the
        // cutoff is higher, so HiGHS prunes more of the part than on its first solve.
        let Some(value) = best.as_ref().map(|o| o.value) else {
            break;
        };
        let (again, settled): (Vec<PartRow>, Vec<PartRow>) = parts
            .into_iter()
            .partition(|p| solve_again(p, solved_against.get(&p.0).copied(), value));
        parts = settled;
        if again.is_empty() {
            break;
        }
        for p in again {
            earlier.insert(p.0, p.5);
            solved_against.remove(&p.0);
            let lp = p.2;
            if !opts.quiet {
                eprintln!(
                    "split: {}: open at bound {:.0}, solved again against the best game {value}",
                    scopes[p.0].1,
                    lp.unwrap_or(f64::INFINITY)
                );
            }
            queue.push_back((p.0, lp, 0.0));
        }
    }
    let Some(mut o) = best else {
        bail!(
            "--split: no part found a game (variant {}, {} players)",
            c.variant.name,
            c.players
        );
    };
    let value = o.value;
    let mut records = Vec::new();
    let mut proven = true;
    let mut bound: Option<f64> = None;
    parts.sort_by_key(|p| p.0);
    for (i, v, b, part_proven, excluded, secs, skipped) in parts {
        let closed = !excluded && b.is_none_or(|b| b <= value as f64);
        let status = if v.is_none() && b.is_none() {
            "empty"
        } else if part_proven {
            "proven"
        } else if skipped {
            "skipped (LP bound)"
        } else if closed {
            "closed (bound ≤ best)"
        } else {
            "open"
        };
        proven &= part_proven || closed;
        if let Some(b) = b {
            bound = Some(bound.map_or(b, |x: f64| x.max(b)));
        }
        records.push(episode::SplitPart {
            part: scopes[i].1.clone(),
            value: v,
            bound: b,
            status: status.into(),
            seconds: (secs * 10.0).round() / 10.0,
        });
    }
    let mut report = o.report.clone();
    report.bound = bound.map(|b| b.max(value as f64));
    report.objective = Some(value as f64);
    report.gap = report
        .bound
        .map(|b| (b - value as f64).abs() / (value as f64).abs().max(1.0));
    report.seconds = started.elapsed().as_secs_f64();
    report.status = if proven {
        crate::lp::Status::Optimal
    } else {
        crate::lp::Status::Feasible
    };
    let mut payload: episode::Payload = o.envelope.payload_as()?;
    payload.split = Some(records);
    // The best game may be the seed's, found by a restricted solve: the split's result is
    // about every game (every game the diagnostic fixings allow, when any is set).
    payload.restricted = with_diagnostic_fixings(None);
    payload.split_by = Some(by.describe().to_string());
    payload.found_by = searched_game
        .filter(|g| g.value == value)
        .map(|g| g.describe());
    o.envelope.payload = serde_json::to_value(&payload)?;
    o.envelope.status = report.status;
    o.envelope.bound = report.bound;
    o.envelope.gap = report.gap;
    o.envelope.solver = Some(report.clone());
    o.report = report;
    o.proven = proven;
    Ok(o)
}

/// The game a neighbourhood search found without proving its part: what the episode's
/// `found_by` says when that game is the split's result.
pub(super) struct SearchedGame {
    pub(super) value: i64,
    /// The label of the part the search ran in.
    pub(super) part: String,
    pub(super) seconds: f64,
    /// Whether the search's proof attempt then closed that part against the game.
    pub(super) closed: bool,
}

impl SearchedGame {
    pub(super) fn describe(&self) -> String {
        let how = if self.closed {
            ", whose proof attempt then closed that part against it"
        } else {
            ""
        };
        format!(
            "a neighbourhood search of the part \"{}\" ({:.1} s){how}",
            self.part, self.seconds
        )
    }
}
