use super::*;

/// A solved and certified (or not) result.
#[derive(Clone)]
pub struct Outcome {
    pub report: SolveReport,
    pub plan: Plan,
    pub envelope: Envelope,
    /// Final scores of the replayed game, by table seat.
    pub scores: Vec<i64>,
    /// The objective's value in the replayed game.
    pub value: i64,
    /// Proven by HiGHS and reached by the replayed game (and no plan excluded on the way
    /// could have beaten it: `excluded_bound`).
    pub proven: bool,
    /// Optimal plans the scheduler could not turn into a game, excluded by a cut (the
    /// most of the certified game's solve and the bounding solve).
    pub excluded: usize,
    /// What every game of the excluded plans' skeletons can reach at most (a maximised
    /// objective): the highest dual bound of the solves that returned those plans
    /// (−∞ when none was excluded, +∞ when a solve had none). The bound of the final
    /// solve does not cover those skeletons; this does (see [`Attempt::excluded_bound`]).
    pub excluded_bound: f64,
    /// Every model variable's value in the chosen game's solve: a MIP start for a solve of
    /// a wider scope ([`solve_from`]).
    pub assignment: Vec<(good_lp::Variable, f64)>,
    /// The chosen game's record (what the envelope's payload replays).
    pub record: super::record::Record,
}

impl Outcome {
    /// This game as an attempt of a solve of a wider scope: a certified game to keep and
    /// its values as the MIP start.
    pub(super) fn as_seed(&self) -> Attempt {
        Attempt {
            report: self.report.clone(),
            plan: self.plan.clone(),
            record: self.record.clone(),
            excluded: self.excluded,
            excluded_bound: self.excluded_bound,
            assignment: self.assignment.clone(),
        }
    }
}

impl Outcome {
    /// The game of an episode file as a known game to beat (`solve --split --start`): the
    /// referee replays its record under `c` and the objective is evaluated afresh; it
    /// claims no bound. The file must be a Modern Art episode of the same variant, deck
    /// and player count (anything else is a different game: an error says which).
    pub fn from_episode(
        c: &Config,
        objective: Objective,
        player: Option<usize>,
        path: &std::path::Path,
    ) -> Result<Outcome> {
        let env = crate::games::load(path)?;
        let what = || format!("--start {}", path.display());
        if env.game != episode::GAME {
            bail!("{}: a {} episode, not a Modern Art one", what(), env.game);
        }
        if env.variant != c.to_value() {
            let players = env.variant.get("players").and_then(|p| p.as_u64());
            bail!(
                "{}: played under other rules ({} players, or another variant or deck) than \
                 this solve ({} players, variant {}); start from an episode of the same \
                 --variant, --deck and --players",
                what(),
                players.map_or("?".into(), |p| p.to_string()),
                c.players,
                c.variant.name
            );
        }
        let payload: episode::Payload = env.payload_as().with_context(what)?;
        Outcome::from_record(
            c,
            objective,
            player,
            payload.record,
            env.solver.as_ref(),
            &what(),
        )
    }

    /// A game record as an unproven outcome, replayed by the referee (`size`: the model
    /// size to report, `what`: the game's source, for messages).
    pub fn from_record(
        c: &Config,
        objective: Objective,
        player: Option<usize>,
        record: record::Record,
        size: Option<&SolveReport>,
        what: &str,
    ) -> Result<Outcome> {
        let what = || what.to_string();
        // The model's size is the file's (the split reports its own solves' times).
        let report = SolveReport {
            status: crate::lp::Status::Feasible,
            objective: None,
            bound: None,
            gap: None,
            seconds: 0.0,
            nodes: None,
            rows: size.map_or(0, |r| r.rows),
            columns: size.map_or(0, |r| r.columns),
            integers: size.map_or(0, |r| r.integers),
            threads: size.map_or(1, |r| r.threads),
            seed: size.map_or(0, |r| r.seed),
            time_limit: None,
        };
        let scores = super::engine::replay(c, &record)
            .map_err(|v| anyhow!("{}: the referee rejects its game: {v}", what()))?
            .scores;
        let value = objective.evaluate(&scores, player);
        // Like a solve's episodes, the episode names the seat it is about (the best one).
        let seat = player.unwrap_or_else(|| best_seat(&scores));
        let about = match objective {
            Objective::MaxPlayer => Some(seat),
            _ => player,
        };
        let envelope = episode::envelope(c, objective.name(), about, Some(&report), record.clone())
            .with_context(what)?;
        Ok(Outcome {
            report: SolveReport {
                objective: Some(value as f64),
                ..report
            },
            plan: Plan {
                players: c.players,
                seat,
                rounds: Vec::new(),
            },
            envelope,
            scores,
            value,
            proven: false,
            excluded: 0,
            excluded_bound: f64::NEG_INFINITY,
            assignment: Vec::new(),
            record,
        })
    }
}

/// Context of a solve that failed after excluding plans the scheduler could not turn
/// into games: how many, and what the games of their skeletons can reach at most (the
/// highest dual bound of the solves that returned them; see [`Attempt::excluded_bound`]).
#[derive(Debug)]
pub struct AfterExclusions {
    pub plans: usize,
    pub best: f64,
}

impl AfterExclusions {
    /// `e` with the exclusions as its context, if there were any.
    pub(super) fn wrap(e: anyhow::Error, plans: usize, best: f64) -> anyhow::Error {
        match plans {
            0 => e,
            plans => e.context(AfterExclusions { plans, best }),
        }
    }
}

impl std::fmt::Display for AfterExclusions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "after excluding {} unschedulable plan(s) (their solves' bound {})",
            self.plans, self.best
        )
    }
}

/// The seat with the highest score (the first of tied seats).
pub(super) fn best_seat(scores: &[i64]) -> usize {
    (0..scores.len())
        .max_by_key(|&s| (scores[s], std::cmp::Reverse(s)))
        .unwrap_or(0)
}

/// One solve of the full or the restricted model, scheduled into a game.
pub(super) struct Attempt {
    pub(super) report: SolveReport,
    pub(super) plan: Plan,
    pub(super) record: super::record::Record,
    pub(super) excluded: usize,
    /// The highest dual bound of the solves whose plans were excluded (−∞ when none;
    /// +∞ when such a solve had no bound). A no-good cut removes a plan's whole skeleton,
    /// legal games with it included, so the bound of the solves after it covers only
    /// the other skeletons; the excluded skeletons lay inside the model the excluding
    /// solve bounded, so its dual bound covers every game in them (a maximised
    /// objective). A part whose exclusions' bound does not exceed its best game is as
    /// settled as one that excluded nothing (treated as unsettled, a renamed part would be
    /// solved again under each artist's name; see `docs/notebook/modern-art.md`).
    pub(super) excluded_bound: f64,
    /// Every model variable's value (a MIP start for a wider scope).
    pub(super) assignment: Vec<(good_lp::Variable, f64)>,
}

#[allow(clippy::too_many_arguments)]
pub(super) fn attempt(
    c: &Config,
    objective: Objective,
    player: Option<usize>,
    scope: &Scope,
    opts: &SolveOptions,
    feasibility: bool,
    start: Option<&[(good_lp::Variable, f64)]>,
    near: Option<model::Near>,
    k: &Knobs,
) -> Result<Attempt> {
    let mut excluded: Vec<Vec<bool>> = Vec::new();
    // The highest dual bound of the solves whose plans were excluded.
    let mut excluded_best = f64::NEG_INFINITY;
    loop {
        let solved = model::solve(
            c,
            objective,
            player,
            scope,
            opts,
            &excluded,
            feasibility,
            start.filter(|_| excluded.is_empty()),
            near,
            &k.build,
        );
        let model::ModelSolution {
            report,
            plan,
            skeleton,
            assignment,
        } = match solved {
            Ok(s) => s,
            // The plans excluded so far go with the error: a split may not call a part
            // empty of better games if an excluded plan claimed to beat the best.
            Err(e) => return Err(AfterExclusions::wrap(e, excluded.len(), excluded_best)),
        };
        // Under a cutoff (`scope.beating`) `lp` returns only plans that beat it: a plan HiGHS
        // kept below it is "no solution beats the cutoff" (settled) or no solution (a limit).
        match schedule::schedule(c, &plan) {
            Ok(record) => {
                return Ok(Attempt {
                    report,
                    plan,
                    record,
                    excluded: excluded.len(),
                    excluded_bound: excluded_best,
                    assignment,
                })
            }
            Err(e) if excluded.len() < k.tuning.max_excluded => {
                let claimed = report.objective.unwrap_or(f64::INFINITY);
                if opts.verbose {
                    eprintln!(
                        "{e:#}: excluding this plan (model objective {claimed}) and solving again"
                    );
                }
                excluded.push(skeleton);
                // The solve's dual bound covers every game of the skeleton cut off (with a
                // proven optimum it is the claimed objective).
                let covers = report.bound.unwrap_or(f64::INFINITY).max(claimed);
                excluded_best = excluded_best.max(covers);
            }
            Err(e) => bail!(
                "{e:#} (variant {}, {} players; {} plans excluded already)",
                c.variant.name,
                c.players,
                excluded.len()
            ),
        }
    }
}

/// Solve, schedule and replay. An unschedulable optimum or a replay the referee rejects
/// is an error (a model bug), never a result.
///
/// With a time limit and the max-player objective, the tuning's `dive_share` of it first goes to
/// *dives*: one restricted solve per artist in which that artist is first in every
/// round and carries every award token ([`Dive::Star`]). Their best optimum is a
/// certified game and the MIP start of the whole model, whose search then prunes from
/// it (for 3+ players HiGHS alone often finds no feasible point within minutes). If no
/// dive finds a game, its `feasibility_share` goes to finding *any* legal game (the model
/// with no objective). The rest goes to the real objective, whose bound is the only
/// upper bound reported. The best certified game is kept. Without a time limit only the
/// real objective runs (to a proof).
///
/// `scope`: every game, or one part of [`split()`].
pub fn solve(
    c: &Config,
    objective: Objective,
    player: Option<usize>,
    scope: &Scope,
    opts: &SolveOptions,
    k: &Knobs,
) -> Result<Outcome> {
    solve_from(c, objective, player, scope, opts, None, k)
}

/// [`solve`], started from a known game: `seed` is the outcome of a solve of a narrower
/// scope (e.g. a proven star). Its game is kept (the result is never worse) and its values
/// are HiGHS's first incumbent; there are no dives, so the whole time limit goes to the
/// real objective and its bound.
pub fn solve_from(
    c: &Config,
    objective: Objective,
    player: Option<usize>,
    scope: &Scope,
    opts: &SolveOptions,
    seed: Option<&Outcome>,
    k: &Knobs,
) -> Result<Outcome> {
    solve_near(c, objective, player, scope, opts, seed, None, k)
}

/// [`solve_from`] within a neighbourhood of a known plan (or, with no plan, a short first
/// solve): see [`model::Near`]. Finding no game there is an error, as under a cutoff.
#[allow(clippy::too_many_arguments)]
pub(super) fn solve_near(
    c: &Config,
    objective: Objective,
    player: Option<usize>,
    scope: &Scope,
    opts: &SolveOptions,
    seed: Option<&Outcome>,
    near: Option<model::Near>,
    k: &Knobs,
) -> Result<Outcome> {
    let started = std::time::Instant::now();
    let mut games: Vec<Attempt> = seed.map(Outcome::as_seed).into_iter().collect();
    let mut full_opts = opts.clone();
    let mut start = seed.map(|o| o.assignment.clone());
    // A scope that must beat a known game goes straight to the objective: no dives, no
    // first legal game (any game it finds beats the known one). So does a part with
    // renamed artists: HiGHS finds its games faster than the dives.
    // `--fix relax=1` asks for the LP relaxation alone: its fractional plans cannot be
    // scheduled, so it has no dives and no solve loop either.
    let relaxed = k.build.fixes.relax();
    let straight = seed.is_some()
        || scope.beating.is_some()
        || scope.relabel.is_some()
        || near.is_some()
        || relaxed;
    if let Some(t) = opts.time_limit.filter(|_| !straight) {
        let first = first_games(c, objective, player, scope, opts, t, k);
        start = first.start.or(start);
        games.extend(first.games);
        // What the dives and the first legal game did not use goes to the objective (a
        // restricted solve has no dives at all), but never less than its nominal share.
        let left = t - started.elapsed().as_secs_f64();
        let nominal = 1.0 - k.tuning.dive_share - k.tuning.feasibility_share;
        full_opts.time_limit = Some(left.max(t * nominal));
    }
    // `None`: relax=1, whose LP is the bound below.
    let solved = (!relaxed).then(|| {
        attempt(
            c,
            objective,
            player,
            scope,
            &full_opts,
            false,
            start.as_deref(),
            near,
            k,
        )
    });
    let (full, full_excluded, full_excluded_bound) = match solved {
        Some(Ok(a)) => {
            let r = a.report.clone();
            let (x, xb) = (a.excluded, a.excluded_bound);
            games.push(a);
            (Some(r), x, xb)
        }
        // A scope that must beat a known game: "nothing found" is the answer, for the caller.
        Some(Err(e)) if scope.beating.is_some() || near.is_some() => return Err(e),
        Some(Err(e)) if opts.time_limit.is_none() => return Err(e),
        unsolved => {
            if let (Some(Err(e)), true) = (&unsolved, opts.verbose) {
                eprintln!("objective: {e:#}; bounding with the LP relaxation");
            }
            let r = lp_fallback(c, objective, player, scope, opts, &mut games, k)?;
            (Some(r), 0, f64::NEG_INFINITY)
        }
    };
    let (value, chosen, envelope, scores) = best_replayed(c, objective, player, games)?;
    let excluded = chosen.excluded.max(full_excluded);
    let excluded_bound = chosen.excluded_bound.max(full_excluded_bound);
    let mut report = match full {
        Some(r) => r,
        None => SolveReport {
            bound: None,
            ..chosen.report.clone()
        },
    };
    if let Some(b) = report.bound {
        let beaten = match objective {
            Objective::MinWinner => (value as f64) < b - 1e-6,
            _ => (value as f64) > b + 1e-6,
        };
        // A part of a split solve may keep a random playout (any first artist) that
        // beats the part's bound legitimately.
        if beaten && full_excluded == 0 && *scope == Scope::all() {
            bail!(
                "a certified game reaches {value} beyond the model's bound {b} (variant {}, \
                 {} players): the model is not a relaxation of the rules — a model bug",
                c.variant.name,
                c.players
            );
        }
    }
    report.objective = Some(value as f64);
    // The whole solve's time (dives, fallbacks and the objective), not one HiGHS run's.
    report.seconds = started.elapsed().as_secs_f64();
    report.gap = report
        .bound
        .map(|b| (b - value as f64).abs() / (value as f64).abs().max(1.0));
    // Proven: the bound of the real objective is reached by a certified game, and no
    // plan was excluded on the way (an excluded plan is not proven unplayable) unless
    // the excluding solves' bound shows its skeleton cannot beat the game (a maximised
    // objective; see `Attempt::excluded_bound`).
    let settles = match objective {
        Objective::MinWinner => excluded == 0,
        _ => whole(excluded_bound) <= value as f64,
    };
    let proven = report
        .bound
        .is_some_and(|b| (b - value as f64).abs() <= 1e-4 * (value as f64).abs().max(1.0))
        && settles;
    report.status = if proven {
        crate::lp::Status::Optimal
    } else {
        crate::lp::Status::Feasible
    };
    let envelope = finished_envelope(c, scope, envelope, &report, k)?;
    Ok(Outcome {
        report,
        plan: chosen.plan,
        record: chosen.record,
        envelope,
        scores,
        value,
        proven,
        excluded,
        excluded_bound,
        assignment: chosen.assignment,
    })
}

/// What [`first_games`] found before the real objective's solve.
struct FirstGames {
    games: Vec<Attempt>,
    /// The best dive's values: the objective's MIP start.
    start: Option<Vec<(good_lp::Variable, f64)>>,
}

/// The dives of a whole solve with time limit `t` and, when none finds a game, a first
/// legal game (the model with no objective, the tuning's `feasibility_share` of `t`).
fn first_games(
    c: &Config,
    objective: Objective,
    player: Option<usize>,
    scope: &Scope,
    opts: &SolveOptions,
    t: f64,
    k: &Knobs,
) -> FirstGames {
    let dives = dive(
        c,
        objective,
        player,
        scope,
        t * k.tuning.dive_share,
        opts,
        k,
    );
    let start = dives
        .iter()
        .max_by(|x, y| dive_value(x).total_cmp(&dive_value(y)))
        .map(|best| best.assignment.clone());
    let mut games = Vec::new();
    if dives.is_empty() {
        let quick = SolveOptions {
            time_limit: Some(t * k.tuning.feasibility_share),
            ..opts.clone()
        };
        match attempt(c, objective, player, scope, &quick, true, None, None, k) {
            Ok(a) => games.push(a),
            Err(e) => {
                if opts.verbose {
                    eprintln!("first legal game: {e:#}");
                }
            }
        }
    }
    games.extend(dives);
    FirstGames { games, start }
}

/// No feasible point of the objective in time: the LP relaxation still bounds it (its
/// report, as the solve's), and random legal games played by the referee compete with
/// the first legal game when there is none in `games`.
fn lp_fallback(
    c: &Config,
    objective: Objective,
    player: Option<usize>,
    scope: &Scope,
    opts: &SolveOptions,
    games: &mut Vec<Attempt>,
    k: &Knobs,
) -> Result<SolveReport> {
    let quiet = SolveOptions {
        quiet: true,
        ..opts.clone()
    };
    let lp = model::lp_bound(c, objective, player, scope, &quiet, &k.build)?;
    if games.is_empty() {
        // Random playouts need not have a dive's shape: a dive with no game found
        // has no result to show.
        if let Some(d) = scope.dive {
            let (shape, lp) = (
                d.describe(&c.deck.artists),
                lp.bound.or(lp.objective).unwrap_or(f64::NAN),
            );
            if k.build.fixes.relax() {
                bail!(
                    "the LP relaxation of the restricted shape ({shape}): {lp:.1} \
                     (--fix relax=1 plays no game of it)"
                );
            }
            bail!(
                "no game of the restricted shape ({shape}) found within the time limit; \
                 raise --time-limit (LP bound of the shape: {lp:.1})"
            );
        }
        games.push(playouts(c, objective, player, &lp, k.tuning.playouts)?);
    }
    let mut r = lp;
    r.status = crate::lp::Status::Feasible;
    Ok(r)
}

/// Replay every game; the best by the objective, with its envelope and scores.
fn best_replayed(
    c: &Config,
    objective: Objective,
    player: Option<usize>,
    games: Vec<Attempt>,
) -> Result<(i64, Attempt, Envelope, Vec<i64>)> {
    let mut best: Option<(i64, Attempt, Envelope, Vec<i64>)> = None;
    for mut a in games {
        let seat = match objective {
            Objective::MaxTotal => None,
            _ => Some(a.plan.seat),
        };
        let mut env =
            episode::envelope(c, objective.name(), seat, Some(&a.report), a.record.clone())?;
        let mut payload: episode::Payload = env.payload_as()?;
        if objective == Objective::MaxPlayer && player.is_none() {
            // The best seat: a game found without the objective may favour another seat.
            let best_seat = best_seat(&payload.scores);
            if Some(best_seat) != seat {
                a.plan.seat = best_seat;
                env = episode::envelope(
                    c,
                    objective.name(),
                    Some(best_seat),
                    Some(&a.report),
                    a.record.clone(),
                )?;
                payload = env.payload_as()?;
            }
        }
        let seat = match objective {
            Objective::MaxTotal => None,
            _ => Some(a.plan.seat),
        };
        let value = objective.evaluate(
            &payload.scores,
            seat.filter(|_| objective == Objective::MaxPlayer),
        );
        let better = best
            .as_ref()
            .is_none_or(|(v, ..)| objective.better(value, *v));
        if better {
            best = Some((value, a, env, payload.scores));
        }
    }
    Ok(best.expect("at least one game"))
}

/// The chosen game's envelope with the solve's report, and the games it covers when a
/// dive or a diagnostic fixing restricted them.
fn finished_envelope(
    c: &Config,
    scope: &Scope,
    mut envelope: Envelope,
    report: &SolveReport,
    k: &Knobs,
) -> Result<Envelope> {
    envelope.status = report.status;
    envelope.bound = report.bound;
    envelope.gap = report.gap;
    envelope.solver = Some(report.clone());
    let restricted = with_diagnostic_fixings(
        scope.dive.map(|d| d.describe(&c.deck.artists)),
        &k.build.fixes,
    );
    if restricted.is_some() {
        let mut payload: episode::Payload = envelope.payload_as()?;
        payload.restricted = restricted;
        envelope.payload = serde_json::to_value(&payload)?;
    }
    Ok(envelope)
}

/// Random legal games played through the referee (seeded, so reproducible): the best
/// for the objective. Only a fallback when the ILP found no game in time.
pub(super) fn playouts(
    c: &Config,
    objective: Objective,
    player: Option<usize>,
    report: &SolveReport,
    playouts: usize,
) -> Result<Attempt> {
    use super::engine::State;
    let mut rng = crate::rng::Rng::new(2009);
    let mut best: Option<(i64, usize, super::record::Record)> = None;
    for _ in 0..playouts {
        let mut st = State::new(c);
        while !st.is_terminal() {
            let acts = st.legal_actions();
            if acts.is_empty() {
                bail!("playout: no legal action in a non-terminal state");
            }
            let a = acts[rng.index(acts.len())];
            st.apply_action(a).map_err(|e| anyhow!("playout: {e}"))?;
        }
        let scores = st.returns();
        let seats: Vec<usize> = match (objective, player) {
            (Objective::MaxPlayer, Some(p)) => vec![p],
            _ => (0..c.players).collect(),
        };
        for seat in seats {
            let v = match objective {
                Objective::MaxPlayer => scores[seat],
                _ => objective.evaluate(&scores, None),
            };
            let better = best.as_ref().is_none_or(|(b, ..)| objective.better(v, *b));
            if better {
                best = Some((v, seat, st.record().clone()));
            }
        }
    }
    let (_, seat, record) = best.expect("at least one playout");
    Ok(Attempt {
        report: report.clone(),
        plan: Plan {
            players: c.players,
            seat,
            rounds: Vec::new(),
        },
        record,
        excluded: 0,
        excluded_bound: f64::NEG_INFINITY,
        assignment: Vec::new(),
    })
}
