//! The `solve`, `compare`, `results` and `bench` commands: build and solve the ILP
//! ([`super::model`]), turn its optimum into a game ([`super::schedule`]), and let the
//! referee replay it ([`super::episode::envelope`]). A number is called a maximum only
//! when HiGHS proved it (zero gap) *and* the replayed game reaches it.

use anyhow::{anyhow, bail, Context, Result};

use super::episode;
use super::model::{self, Dive, Leads, Objective, Plan, Scope, Tokens};
use super::rules::{Config, PLAYERS};
use super::schedule;
use crate::episode::Envelope;
use crate::lp::{SolveOptions, SolveReport};

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
    fn as_seed(&self) -> Attempt {
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
        let env = Envelope::load(path)?;
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
        // The model's size is the file's (the split reports its own solves' times).
        let size = env.solver.as_ref();
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
        let scores = super::engine::replay(c, &payload.record)
            .map_err(|v| anyhow!("{}: the referee rejects its game: {v}", what()))?
            .scores;
        let value = objective.evaluate(&scores, player);
        // Like a solve's episodes, the episode names the seat it is about (the best one).
        let seat = player.unwrap_or_else(|| best_seat(&scores));
        let about = match objective {
            Objective::MaxPlayer => Some(seat),
            _ => player,
        };
        let envelope = episode::envelope(
            c,
            objective.name(),
            about,
            Some(&report),
            payload.record.clone(),
        )
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
            record: payload.record,
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
    fn wrap(e: anyhow::Error, plans: usize, best: f64) -> anyhow::Error {
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
fn best_seat(scores: &[i64]) -> usize {
    (0..scores.len())
        .max_by_key(|&s| (scores[s], std::cmp::Reverse(s)))
        .unwrap_or(0)
}

/// One solve of the full or the restricted model, scheduled into a game.
struct Attempt {
    report: SolveReport,
    plan: Plan,
    record: super::record::Record,
    excluded: usize,
    /// The highest dual bound of the solves whose plans were excluded (−∞ when none;
    /// +∞ when such a solve had no bound). A no-good cut removes a plan's whole skeleton,
    /// legal games with it included, so the bound of the solves after it covers only
    /// the other skeletons; the excluded skeletons lay inside the model the excluding
    /// solve bounded, so its dual bound covers every game in them (a maximised
    /// objective). A part whose exclusions' bound does not exceed its best game is as
    /// settled as one that excluded nothing (5 players, HiGHS seed 1, a search path not
    /// kept: a plan at 343 excluded, 343 found again; treated as unsettled, the renamed
    /// part was solved again under each artist's name, about 460 s).
    excluded_bound: f64,
    /// Every model variable's value (a MIP start for a wider scope).
    assignment: Vec<(good_lp::Variable, f64)>,
}

#[allow(clippy::too_many_arguments)]
fn attempt(
    c: &Config,
    objective: Objective,
    player: Option<usize>,
    scope: &Scope,
    opts: &SolveOptions,
    feasibility: bool,
    start: Option<&[(good_lp::Variable, f64)]>,
    near: Option<model::Near>,
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
            Err(e) if excluded.len() < MAX_EXCLUDED => {
                let claimed = report.objective.unwrap_or(f64::INFINITY);
                if !opts.quiet {
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
/// With a time limit and the max-player objective, [`DIVE_SHARE`] of it first goes to
/// *dives*: one restricted solve per artist in which that artist is first in every
/// round and carries every award token ([`Dive::Star`]). Their best optimum is a
/// certified game and the MIP start of the whole model, whose search then prunes from
/// it (for 3+ players HiGHS alone often finds no feasible point within minutes). If no
/// dive finds a game, [`FEASIBILITY_SHARE`] goes to finding *any* legal game (the model
/// with no objective). The rest goes to the real objective, whose bound is the only
/// upper bound reported. The best certified game is kept. Without a time limit only the
/// real objective runs (to a proof).
///
/// `scope`: every game, or one part of [`split`].
pub fn solve(
    c: &Config,
    objective: Objective,
    player: Option<usize>,
    scope: &Scope,
    opts: &SolveOptions,
) -> Result<Outcome> {
    solve_from(c, objective, player, scope, opts, None)
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
) -> Result<Outcome> {
    solve_near(c, objective, player, scope, opts, seed, None)
}

/// [`solve_from`] within a neighbourhood of a known plan (or, with no plan, a short first
/// solve): see [`model::Near`]. Finding no game there is an error, as under a cutoff.
fn solve_near(
    c: &Config,
    objective: Objective,
    player: Option<usize>,
    scope: &Scope,
    opts: &SolveOptions,
    seed: Option<&Outcome>,
    near: Option<model::Near>,
) -> Result<Outcome> {
    let started = std::time::Instant::now();
    let mut games: Vec<Attempt> = seed.map(Outcome::as_seed).into_iter().collect();
    let mut full_opts = opts.clone();
    let mut start = seed.map(|o| o.assignment.clone());
    // A scope that must beat a known game goes straight to the objective: no dives, no
    // first legal game (any game it finds beats the known one). So does a part with
    // renamed artists: HiGHS finds its games faster than the dives (3 players, the first
    // part of a split from scratch: 427 proven in 93 s, 120 s after the dives; 4 players
    // 392 in 177 s against 231 s).
    let straight =
        seed.is_some() || scope.beating.is_some() || scope.relabel.is_some() || near.is_some();
    if let Some(t) = opts.time_limit.filter(|_| !straight) {
        let dives = dive(c, objective, player, scope, t * DIVE_SHARE, opts);
        if let Some(best) = dives
            .iter()
            .max_by(|x, y| dive_value(x).total_cmp(&dive_value(y)))
        {
            start = Some(best.assignment.clone());
        }
        if dives.is_empty() {
            let quick = SolveOptions {
                time_limit: Some(t * FEASIBILITY_SHARE),
                ..opts.clone()
            };
            match attempt(c, objective, player, scope, &quick, true, None, None) {
                Ok(a) => games.push(a),
                Err(e) => {
                    if !opts.quiet {
                        eprintln!("first legal game: {e:#}");
                    }
                }
            }
        }
        games.extend(dives);
        // What the dives and the first legal game did not use goes to the objective (a
        // restricted solve has no dives at all), but never less than its nominal share.
        let left = t - started.elapsed().as_secs_f64();
        full_opts.time_limit = Some(left.max(t * (1.0 - DIVE_SHARE - FEASIBILITY_SHARE)));
    }
    let (full, full_excluded, full_excluded_bound) = match attempt(
        c,
        objective,
        player,
        scope,
        &full_opts,
        false,
        start.as_deref(),
        near,
    ) {
        Ok(a) => {
            let r = a.report.clone();
            let (x, xb) = (a.excluded, a.excluded_bound);
            games.push(a);
            (Some(r), x, xb)
        }
        // A scope that must beat a known game: "nothing found" is the answer, for the caller.
        Err(e) if scope.beating.is_some() || near.is_some() => return Err(e),
        Err(e) if opts.time_limit.is_some() => {
            // No feasible point of the objective in time: the LP relaxation still bounds
            // it, and random legal games played by the referee compete with the ILP's
            // first legal game.
            if !opts.quiet {
                eprintln!("objective: {e:#}; bounding with the LP relaxation");
            }
            let lp = model::lp_bound(
                c,
                objective,
                player,
                scope,
                &SolveOptions {
                    quiet: true,
                    ..opts.clone()
                },
            )?;
            if games.is_empty() {
                // Random playouts need not have a dive's shape: a dive with no game found
                // has no result to show.
                if let Some(d) = scope.dive {
                    bail!(
                        "no game of the restricted shape ({}) found within the time limit; \
                         raise --time-limit (LP bound of the shape: {:.1})",
                        d.describe(&c.deck.artists),
                        lp.bound.or(lp.objective).unwrap_or(f64::NAN)
                    );
                }
                games.push(playouts(c, objective, player, &lp)?);
            }
            let mut r = lp;
            r.status = crate::lp::Status::Feasible;
            (Some(r), 0, f64::NEG_INFINITY)
        }
        Err(e) => return Err(e),
    };
    // Replay every game; keep the best by the objective.
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
    let (value, chosen, mut envelope, scores) = best.expect("at least one game");
    let mut report = match full {
        Some(r) => r,
        None => {
            let mut r = chosen.report.clone();
            r.bound = None;
            r
        }
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
    let excluded = chosen.excluded.max(full_excluded);
    let excluded_bound = chosen.excluded_bound.max(full_excluded_bound);
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
    envelope.status = report.status;
    envelope.bound = report.bound;
    envelope.gap = report.gap;
    envelope.solver = Some(report.clone());
    let restricted = with_diagnostic_fixings(scope.dive.map(|d| d.describe(&c.deck.artists)));
    if restricted.is_some() {
        let mut payload: episode::Payload = envelope.payload_as()?;
        payload.restricted = restricted;
        envelope.payload = serde_json::to_value(&payload)?;
    }
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

/// Share of a time limit that goes to the dives (max-player only).
pub const DIVE_SHARE: f64 = 0.5;

/// Relative dive time of the artists in dive order (most cards first; the rest 1 each).
/// Measured: the star of the best-stocked artist closes in 16–80 s and was the best
/// game found for 2, 3, 4 (Karl Gitter's) and 5 players.
const DIVE_WEIGHTS: [f64; 2] = [4.0, 2.0];

/// Share of a time limit that goes to a first legal game when no dive found one.
pub const FEASIBILITY_SHARE: f64 = 0.15;

/// The dives of [`solve`]: for each artist, the best game in which it is first in every
/// round and carries every award ([`Dive::Star`]), then, with the artist's time the star
/// did not use, the best in which it carries every award and leads the last round
/// ([`Dive::Patron`], which contains the star; started from the star's game); the artists' parts
/// of `limit` seconds are weighted by [`DIVE_WEIGHTS`] (within a split part, only the
/// part's own artist). Only
/// for max-player (the shape of the best games for one seat); empty when none finds a
/// game in time. Failures are reported on stderr, never fatal.
fn dive(
    c: &Config,
    objective: Objective,
    player: Option<usize>,
    scope: &Scope,
    limit: f64,
    opts: &SolveOptions,
) -> Vec<Attempt> {
    // A scope that must beat a known game has no use for the shapes' good games.
    if objective != Objective::MaxPlayer || scope.dive.is_some() || scope.beating.is_some() {
        return Vec::new();
    }
    // Within a split part (its artist first in round 1) only that artist's dives: the
    // part's natural shape gets all the time.
    // Otherwise the artists with the most cards first (they can score the most); time a
    // dive does not use (shown impossible, or closed early) passes to the next ones.
    // In a part of the token split only the artist holding every token has dives (both
    // shapes give it every token); other token parts have none.
    let mut artists: Vec<usize> = match (scope.first, scope.tokens) {
        (_, Some(Tokens::Exactly(a, t))) if t == c.variant.awards => vec![a],
        (_, Some(_)) => Vec::new(),
        (Some(a), None) => vec![a],
        (None, None) => (0..c.artists()).collect(),
    };
    artists.sort_by_key(|&a| (std::cmp::Reverse(c.cards_of(a)), a));
    // Shares of the dive time by that order: the best-stocked artist, whose star is the
    // best game in every case measured, gets the most.
    let weight = |i: usize| DIVE_WEIGHTS.get(i).copied().unwrap_or(1.0);
    let dives_started = std::time::Instant::now();
    let mut found = Vec::new();
    for (i, &a) in artists.iter().enumerate() {
        let spent = dives_started.elapsed().as_secs_f64();
        let rest: f64 = (i..artists.len()).map(weight).sum();
        let budget = (limit - spent) * weight(i) / rest;
        // Each artist's share of the time: a star shown impossible (usually within
        // seconds) leaves the rest to the patron.
        let artist_started = std::time::Instant::now();
        // The star first, with the artist's time (it often closes early; with short limits
        // it needs all of it: at 60 s, 5 players, a half share found no game); then the
        // patron (which contains the star) started from the star's game, with what is
        // left: the patron's best game is often better (2p standard 441 against 440).
        let mut star_start: Option<Vec<(good_lp::Variable, f64)>> = None;
        for shape in [Dive::Star(a), Dive::Patron(a)] {
            let started = std::time::Instant::now();
            let left = budget - artist_started.elapsed().as_secs_f64();
            if left < 0.5 {
                break;
            }
            let each = SolveOptions {
                time_limit: Some(left),
                quiet: true,
                ..opts.clone()
            };
            let outcome = attempt(
                c,
                objective,
                player,
                &scope.with_dive(shape),
                &each,
                false,
                star_start.as_deref(),
                None,
            );
            if !opts.quiet {
                let what = match &outcome {
                    Ok(d) => format!("best {:.0}", dive_value(d)),
                    Err(e) => format!("{e:#}"),
                };
                let name = &c.deck.artists[a];
                let shape_text = match shape {
                    Dive::Star(_) => format!("{name} first in every round with every award"),
                    Dive::Patron(_) => format!("{name} with every award, first in the last round"),
                };
                eprintln!(
                    "dive: {shape_text}: {what} ({:.1} s)",
                    started.elapsed().as_secs_f64()
                );
            }
            match outcome {
                Ok(d) => {
                    if matches!(shape, Dive::Star(_)) {
                        star_start = Some(d.assignment.clone());
                    }
                    found.push(d);
                }
                // No game of this shape (or none found in time): the looser one next.
                Err(_) => continue,
            }
        }
    }
    found
}

/// Branch-and-bound nodes of the first short solve of [`neighbourhood_search`]: the root
/// alone, whose cuts and heuristics give the first game in 6–12 s (440, 407, 384 and 334
/// for 2–5 players at seed 0). 200 nodes gave better first games (441, 412, 390, 334) in
/// 20–30 s, but the round neighbourhoods that follow lift a root game about as far (3
/// players: 407 → 427 in round 1's neighbourhood, where 412 reached 426). `bench` (seeds
/// 0–2, from scratch): medians 38.3 / 75.9 / 253.4 / 122.3 s for 2–5 players, against
/// 37.3 / 98.2 / 299.7 / 208.3 s with 200 nodes. Some paths get longer (4 players at seed
/// 5: 554.7 s against 480.6 s; 4-player blessed at seed 0: 554.0 s against 389.1 s, still
/// proven), but paired over seeds 0–5 the root is faster in 14 of 18 standard runs, and
/// the anchor and blessed rows take about as long over seeds 0–2. See the README, "The
/// root as the first solve, again" and "The root first, over three seeds".
pub const PROBE_NODES: u64 = 1;

/// When the first solve of [`neighbourhood_search`] finds no game, the root is solved
/// again with HiGHS's next seeds (`--highs-seed` + 1, + 2: the same command still finds
/// the same game), up to this many, before [`RETRY_NODES`]. 5 players at seed 1 has no
/// game at the root, with or without the hand-budget rows; seed 2's root gives 340, and
/// the search reached 343 at 50.3 s (57.6 s in all) where the 800-node retry found and
/// proved it only at 90.6 s (98.6 s; 113.2 s in `bench`, alone).
/// `GAMEBOUNDS_RETRY_SEEDS` overrides it (`0`: straight to [`RETRY_NODES`]).
pub const RETRY_SEEDS: i32 = 2;

/// Branch-and-bound nodes (and no strong branching) of the second first solve of
/// [`neighbourhood_search`], when the first found no game (5 players with HiGHS's seed 1:
/// none in 200 nodes, 334 in 800).
pub const RETRY_NODES: u64 = 800;

/// Branch-and-bound nodes of each neighbourhood's solve in [`neighbourhood_search`]
/// (2–25 s each on the standard leaves).
pub const NEAR_NODES: u64 = 1000;

/// Neighbourhoods in a row that may find nothing better before [`neighbourhood_search`]
/// stops (0: every round once, the default). Measured (3–5 players, every round once):
/// in the standard and anchor rows each improvement came from the round after the last
/// one, so a patience of 1 would have found the same games and saved 2–23 s; but 4-player
/// blessed found 393, its maximum, only in round 4, after two fruitless neighbourhoods,
/// and stopping at its 391 costs far more in the proof than the tail does.
pub const PATIENCE: u32 = 0;

/// Branch-and-bound nodes of the proof attempted after each better game
/// [`neighbourhood_search`] finds: the part solved against that game, as the split would
/// solve it (a cutoff, heuristics off). When it closes, the game is the part's maximum: the
/// search stops, and the split takes that solve as the part's result, so the proof's time
/// is not spent twice. Measured (one run each, from scratch, against the search without
/// it): 3-player standard 72.0 s (the attempt against 426 found 427 and proved it) against
/// 78.3, 3-player anchor 44.5 against 55.4, 4-player anchor 53.0 against 57.8; parts the
/// split divides again by a round's ranking are not attempted (see `settle`).
pub const PROOF_NODES: u64 = 1000;

/// How close (a fraction of the game) the first solve's dual bound must come to its game
/// for [`neighbourhood_search`] to attempt the part against that game before any
/// neighbourhood, or its pieces where the split divides it by a round's ranking
/// ([`FIRST_NODES`] each). 2 players: the root's 440 lies within 2% of its bound, and the
/// pieces' attempts against it find 441 and prove it in 1–18 nodes each (39.2 s from
/// scratch at seed 0, against 52.3 s without them). With 2000 nodes per piece
/// ([`PIECE_NODES`]) 5 players lost 211 s at seed 3 (its root game, 340, lies within 2% of
/// its bound too, and its pieces do not close against it); going on with the first solve
/// from the root's game for 200 nodes instead took 2 players 64.7 s.
pub const FIRST_GAP: f64 = 0.02;

/// Branch-and-bound nodes of each attempt against a first game near its bound
/// ([`FIRST_GAP`]).
pub const FIRST_NODES: u64 = 200;

/// Branch-and-bound nodes of each proof attempt of a *piece* in [`neighbourhood_search`]:
/// where the split divides the searched part again by a round's ranking (so the part is
/// not attempted whole), the pieces are attempted against the best game once a
/// neighbourhood after it found nothing better, each as the split will solve it; a piece
/// proven at a better game keeps that game (the later pieces are attempted against it),
/// and when every piece is settled the search stops and the split takes those solves. The
/// 4-player standard piece that holds 392 closes against it in 1124 nodes. Measured and
/// not kept: attempts run to the end (no attempt's nodes lost), 4-player blessed 653.7 s
/// against 417.9 s (seed 0, side by side): its piece holding 393 ran into the 300 s part
/// limit against 391, where round 4's neighbourhood finds 393 and the split then closes
/// that piece against it in 135 s.
pub const PIECE_NODES: u64 = 2000;

/// [`PIECE_NODES`] by player count, where it differs: 4 players attempt no pieces. Their
/// hard piece (2 artists ranked in round 1, holding 392) rarely closes in 2000 nodes
/// against anything below 392, and not always against 392 itself, so most attempts are
/// thrown away: 73 s at seed 1, 75 s at seed 6, 66 s and 138 s after games of 390 at
/// seeds 3 and 5. Without them the search runs its remaining neighbourhoods and the split
/// solves the pieces to the end. From scratch, pairs two at a time, seeds 0–6: median
/// 229.3 s against 321.1 s, 1897.9 s in all against 2321.3 s; slower at seeds 0 and 4,
/// where an attempt paid (README, "No piece attempts for 4 players").
pub const PIECES_BY_PLAYERS: [(usize, u64); 1] = [(4, 0)];

/// The work limits of [`neighbourhood_search`]: all in branch-and-bound nodes or
/// neighbourhoods, never in seconds, so the same command finds the same game.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SearchLimits {
    /// Nodes of the first short solve of the part (0: no search).
    pub probe: u64,
    /// Nodes of each neighbourhood's solve.
    pub near: u64,
    /// Fruitless neighbourhoods in a row before the search stops (0: every round once).
    pub patience: u32,
    /// Nodes of the proof attempted after each better game (0: none).
    pub proof: u64,
    /// Nodes of each piece's proof attempt, where the split divides the part by a round's
    /// ranking (0: none; `u64::MAX`: to the end).
    pub pieces: u64,
    /// The neighbourhoods from this one on (0: the first) stop at their first better game.
    pub first_from: u32,
    /// A first game within this fraction of the first solve's dual bound is attempted as
    /// the part's maximum (or its pieces are) before any neighbourhood.
    pub first_gap: f64,
    /// Nodes of each such attempt ([`FIRST_NODES`]; 0: none).
    pub first_nodes: u64,
    /// Nodes of a first solve that looks only at games in which no hand runs empty
    /// ([`model::Near::no_skip`]; 0: no such restriction, and the first solve has `probe`
    /// nodes). With the restriction the neighbourhoods look only at such games too (the
    /// proof attempts at every game), and a first solve that runs to its end has the best
    /// such game: the search ends there. When the part has no such game, the first solve
    /// is repeated over every game (with `probe` nodes), and so is the rest of the search.
    pub no_skip: u64,
    /// With `no_skip`, a leaf part that the split may divide by a round's ranking gets that
    /// first solve piece by piece ([`PIECES_WITHIN`]); `false`: the part whole.
    pub no_skip_pieces: bool,
}

impl Default for SearchLimits {
    fn default() -> Self {
        SearchLimits {
            probe: PROBE_NODES,
            near: NEAR_NODES,
            patience: PATIENCE,
            proof: PROOF_NODES,
            pieces: PIECE_NODES,
            first_from: u32::MAX,
            first_gap: FIRST_GAP,
            first_nodes: FIRST_NODES,
            no_skip: 0,
            no_skip_pieces: true,
        }
    }
}

impl SearchLimits {
    /// The defaults for `players`: [`SearchLimits::default`] with [`PIECES_BY_PLAYERS`]
    /// and [`SEARCH_NO_SKIP`].
    pub fn for_players(players: usize) -> Self {
        let pieces = PIECES_BY_PLAYERS
            .iter()
            .find(|(n, _)| *n == players)
            .map_or(PIECE_NODES, |&(_, nodes)| nodes);
        let no_skip = match SEARCH_NO_SKIP.contains(&players) {
            true => NO_SKIP_NODES,
            false => 0,
        };
        SearchLimits {
            pieces,
            no_skip,
            ..SearchLimits::default()
        }
    }
}

/// What [`neighbourhood_search`] found.
pub struct Searched {
    /// The best game.
    pub outcome: Outcome,
    /// When the search settled the part (and so stopped early): the solve of the part it
    /// ran to the end, with the result the split's own solve of the part would return.
    /// Either a solve that proved the part with `outcome` as its maximum (`Ok`: the first
    /// short solve, or a proof attempt that found a better game and proved it), or a proof
    /// attempt against `outcome` that found nothing better (`Err`: "nothing beats the
    /// cutoff"). The split takes it as the part's result.
    pub settled: Option<Result<Outcome>>,
    /// When the split divides the part by a round's ranking and every piece closed
    /// against `outcome` (and so the search stopped): each piece with the result of its
    /// solve, which the split takes as the piece's. Pieces whose LP cannot beat `outcome`
    /// are not listed (the split skips them).
    pub pieces: Vec<(Scope, Result<Outcome>)>,
    /// The LP bounds the search solved for the split's pieces (`None`: no game in the
    /// piece), so that the split does not solve them again.
    pub lps: Vec<(Scope, Option<f64>)>,
    /// How many neighbourhoods the search solved (none when its first solve settled the
    /// part, or ran to its end among the games without an empty hand).
    pub neighbourhoods: usize,
}

/// What a proof attempt of [`neighbourhood_search`] ends with.
enum Settle {
    /// The part is settled with this game as its maximum, by this solve.
    Closed(Box<(Outcome, Result<Outcome>)>),
    /// A better game, not proven.
    Better(Box<Outcome>),
    /// Out of nodes.
    Open,
    /// Not attempted: the split divides the part again, by a round's ranking.
    Divided,
}

/// Which solves of [`neighbourhood_search`] carry the hand-budget rows
/// ([`model::cuts::hand_budget`], through [`model::vars::with_hand_rows`]), by player count (none for
/// the others): `first` (the first solve and its retry), `near` (the neighbourhoods),
/// `proof` (the proof attempts of the whole part; `pieces` would be those of its ranking
/// pieces). README, "The hand budget in the search".
/// - 5 players, the first solve and the neighbourhoods. The rows bring the LP of the part
///   searched down to its maximum (343.0 against 343), and HiGHS finds that game fast:
///   19.3 / 98.6 / 36.2 s from scratch at seeds 0–2 against 245.0 / 156.5 / 66.5 s
///   without them (at seed 0 the round-1 neighbourhood found 343 in 3 s, where it found
///   340 in 40 s); blessed 66.8 / 80.7 / 88.5 s against 267.2 / 101.0 / 94.8 s, but
///   anchor 100.8 / 113.3 / 85.6 s against 41.9 / 80.1 / 117.8 s. Not its proof
///   attempts: with the rows, at seed 2, the attempt against 340 did not find 343
///   (without them it does, at 26.6 s).
/// - 3 players, the proof attempts: the attempt that finds 427 and closes the part (LP
///   437.4) took 16.9 / 14.8 s against 23.7 / 19.2 s at seeds 1 / 2 (9.1 s against 7.1 s
///   at seed 0).
/// - 2 and 4 players, none: with the rows in the first solve and the neighbourhoods, 2
///   players took 51.8 s against 36.5 s at seed 0, 4 players 169.7 / 297.6 / 407.9 s
///   against 148.4 / 272.1 / 224.6 s (the 4-player round-1 neighbourhood took 85 s to find
///   392 where it finds 391 in 35 s), and in the first solve alone 4 players found 392 at
///   167.8 s against 64.6 s. Their searches attempt ranking pieces, not the whole part,
///   and the rows slow the 4-player hard pieces (see [`HAND_WITHIN`]).
pub const SEARCH_HAND: [(usize, &[&str]); 2] = [(3, &["proof"]), (5, &["first", "near"])];

/// The solves of [`neighbourhood_search`] that carry the hand-budget rows for `players`:
/// [`SEARCH_HAND`], or `GAMEBOUNDS_SEARCH_HAND=first,near,proof,pieces` (any of them, or
/// `none`), for measurements.
fn search_hand(players: usize) -> Vec<String> {
    const SOLVES: [&str; 5] = ["first", "near", "proof", "pieces", "none"];
    match std::env::var("GAMEBOUNDS_SEARCH_HAND") {
        Ok(v) => {
            let solves: Vec<String> = v.split(',').map(|x| x.trim().to_string()).collect();
            for x in solves.iter().filter(|x| !SOLVES.contains(&x.as_str())) {
                eprintln!(
                    "warning: GAMEBOUNDS_SEARCH_HAND: `{x}` is none of first, near, proof, pieces, none (ignored)"
                );
            }
            solves
        }
        Err(_) => SEARCH_HAND
            .iter()
            .filter(|(n, _)| *n == players)
            .flat_map(|(_, solves)| solves.iter().map(|x| x.to_string()))
            .collect(),
    }
}

/// The player counts whose search looks only at games in which no hand runs empty
/// ([`SearchLimits::no_skip`]): 4 players. README, "A search without empty hands".
/// - The empty-hand flags are what keeps the 4-player pieces' bounds up (README, "The
///   plateau is the empty-hand disjunction"); without them the search's solves are
///   smaller problems, and the standard maximum (392) has a game without an empty hand.
///   From scratch, pairs at seeds 0–2: 98.7 / 107.7 / 83.6 s against 119.1 / 173.6 /
///   147.0 s (the search ends at 392 at all three, after 61.4 / 73.6 / 58.0 s, where it
///   ended at 392 / 391 / 391 after 82.8 / 109.1 / 102.3 s); seeds 3–5 96.1 / 215.1 /
///   125.2 s against 174.2 / 284.4 / 151.2 s. Blessed (seed 0) 258.8 s,
///   proven 393; anchor 28.9 s against 31.2 s, proven 380, although its maximum needs an
///   empty hand in round 4 (its search ends at 368, and the split finds 380 in 27.7 s).
/// - Not 2, 3 and 5 players: standard from scratch, pairs at seeds 0–2, 31.4 / 26.7 /
///   29.5 s against 27.6 / 26.1 / 32.2 s (2 players), 41.5 / 35.5 / 25.7 s against 34.9
///   / 42.6 / 47.0 s (3), 26.0 / 9.5 / 26.5 s against 16.2 / 46.1 / 27.2 s (5): other
///   paths, no clear gain; 3-player anchor 37.9 s against 32.6 s, blessed 106.0 s
///   against 110.4 s (seed 0). With the first solve run to its end ([`NO_SKIP_NODES`]), 3
///   players took 52.7 / 30.7 / 40.2 s against 39.2 / 45.9 / 51.5 s (pairs, seeds 0–2):
///   no clear gain either.
pub const SEARCH_NO_SKIP: [usize; 1] = [4];

/// Branch-and-bound nodes of the first solve of a search that looks only at games without
/// an empty hand ([`SEARCH_NO_SKIP`], [`SearchLimits::no_skip`]): enough to run it to its
/// end, so that its game is the best such game and the search ends there (every
/// neighbourhood would look only at such games too). README, "The games without an empty
/// hand, solved to the end".
/// - 4 players, standard: the part searched ("5 tokens, first in rounds 2, 3 and 4")
///   without empty hands is solved in 1059–1345 nodes, 25.0–48.7 s at seeds 0–5 (392 at
///   every seed), where the root and four neighbourhoods (each of which HiGHS also solved
///   to its end, in 13–584 nodes) took 54.5–73.6 s. From scratch, pairs, seeds 0–5:
///   68.0 / 80.0 / 59.2 / 89.4 / 113.2 / 101.8 s against 98.7 / 107.7 / 83.6 / 96.1 /
///   215.1 / 125.2 s (511.6 s in all against 726.4 s); `bench --players 4` 73.2 / 81.9
///   / 60.2 s (97.5 / 103.0 / 80.2 s before). Anchor 21.4 s against 28.9 s, blessed
///   211.9 s against 258.8 s (seed 0, both proven).
/// - A solve that does not end within these nodes leaves its game to the neighbourhoods,
///   as with the root alone (`GAMEBOUNDS_LNS`'s ninth field `1`).
/// - Since the same session the part goes piece by piece by its ranking ([`PIECES_WITHIN`]),
///   each piece with these nodes.
pub const NO_SKIP_NODES: u64 = 5000;

/// A search's first solve among the games without an empty hand ([`NO_SKIP_NODES`]) of a
/// leaf part that the split may divide by a round's ranking goes piece by piece: first the
/// pieces whose LP lies within this fraction of the highest piece LP, fewest ranked
/// artists first, then the others; each to its end, after the first against the best game
/// so far (a cutoff, heuristics off). LPs that close together do not say which piece holds
/// the best game, and the piece with the fewest ranked artists has the fewest ranking
/// patterns, so its solve is the shortest; its game then closes the others quickly.
/// README, "The games without an empty hand, piece by piece".
/// - 4 players, standard: the part searched ("5 tokens, first in rounds 2, 3 and 4") has
///   pieces with 3, 2 and 1 artists ranked in round 1, LPs 399.8, 399.0 and 361.3. The
///   2-ranked piece, which holds 392, goes first (392 to the end in 17.8–21.7 s), the
///   3-ranked one then closes against it in about 6 s, and the 1-ranked one is skipped by
///   its LP: the search takes 23.8–32.5 s at seeds 0–5, against 25.0–48.7 s for the part
///   whole (which spends its time in the 3-ranked piece, whose LP is higher: alone, 391
///   to the end in 27.1 s). From scratch, pairs, seeds 0–5: 62.2 / 58.8 / 53.4 / 69.9 /
///   103.2 / 106.6 s against 68.0 / 80.0 / 59.2 / 89.4 / 113.2 / 101.8 s (454.1 s in all
///   against 511.6 s); `bench --players 4` 62.2 / 56.1 / 53.0 s (73.2 / 81.9 / 60.2 s),
///   the full `bench` 61.2 / 57.1 / 51.7 s.
///   Blessed (seed 0) 182.4 s against 211.9 s; anchor 30.0 s against 21.4 s (its part's
///   maximum without an empty hand, 368, is in the 3-ranked piece, and the part whole is
///   solved at its root in 0.5 s).
pub const PIECES_WITHIN: f64 = 0.02;

/// The limits of the split's [`neighbourhood_search`] for `players`:
/// [`SearchLimits::for_players`], or
/// `GAMEBOUNDS_LNS=probe,near,patience,proof,pieces,first_from,first_gap,first_nodes,no_skip,no_skip_pieces` (a
/// field left out keeps its default; a probe of `0` turns the search off, a patience of
/// `0` tries every round once, a proof or pieces of `0` attempts no proof of the part or
/// of its pieces, a first_from of `k` stops the neighbourhoods from the (k + 1)-th on at
/// their first better game; a first game within the fraction first_gap of the first
/// solve's bound is attempted as the part's maximum, or its pieces are, for first_nodes
/// nodes each, `0` for none; a no_skip of `k` above 0 restricts the first solve, of `k`
/// nodes, and the neighbourhoods to games without an empty hand, `0` does not; a
/// no_skip_pieces of `0` gives that first solve the part whole, `1` piece by piece).
fn search_limits(players: usize) -> SearchLimits {
    let d = SearchLimits::for_players(players);
    match std::env::var("GAMEBOUNDS_LNS") {
        Ok(x) => {
            let n: Vec<f64> = x.split(',').filter_map(|y| y.trim().parse().ok()).collect();
            // Whole numbers for the counts (a negative or fractional one is cut to one).
            let at = |k: usize, default: u64| n.get(k).map_or(default, |&y| y.max(0.0) as u64);
            SearchLimits {
                probe: at(0, d.probe),
                near: at(1, d.near),
                patience: at(2, d.patience.into()).try_into().unwrap_or(u32::MAX),
                proof: at(3, d.proof),
                pieces: at(4, d.pieces),
                first_from: at(5, d.first_from.into()).try_into().unwrap_or(u32::MAX),
                first_gap: n.get(6).copied().unwrap_or(d.first_gap),
                first_nodes: at(7, d.first_nodes),
                no_skip: at(8, d.no_skip),
                no_skip_pieces: n.get(9).map_or(d.no_skip_pieces, |&y| y != 0.0),
            }
        }
        Err(_) => d,
    }
}

/// A good game of `scope` (a leaf part of the split, with no game known yet), found by a
/// large neighbourhood search, so that the part and the rest of the split are solved
/// against it (a proof, with HiGHS's heuristics off) instead of by a search that must both
/// find and prove. A short solve of the part ([`PROBE_NODES`]: its root) gives a first
/// game, attempted at once when it lies near that solve's bound ([`FIRST_GAP`]); then,
/// once for each round in turn, the part with that round's shape kept as in the best game
/// so far and the other rounds free ([`model::Near`], [`NEAR_NODES`]) is searched for a
/// better one (or until [`PATIENCE`] neighbourhoods in a row find nothing better). After
/// each better game a short proof of the part against it ([`PROOF_NODES`]; `lp`, the
/// part's LP bound, tells whether the split would solve the part whole) may settle the
/// part, and the search then stops; where the split would divide the part by a round's
/// ranking, its pieces are attempted instead ([`PIECE_NODES`]), once per game, after a
/// neighbourhood finds nothing better than it. Measured (standard, from scratch): the maximum was
/// found for 3, 4 and 5 players after 42, 38 and 69 s (HiGHS alone, solving the part whole,
/// found 392 for 4 players only after 108 s); with 200 nodes, the 2-player first solve
/// proved the part (with the root alone, the attempt against its 440 does). With 4
/// players ([`SEARCH_NO_SKIP`]) the first solve looks only at games in which no hand runs
/// empty and runs to its end ([`NO_SKIP_NODES`]; piece by piece where the split may divide
/// the part by a round's ranking, [`PIECES_WITHIN`]); its game, the best such game, then
/// ends the search, since every neighbourhood would look only at such games too.
/// Work limits ([`SearchLimits`]), not clocks: the same command finds the same game.
/// `None` when the first solve finds no game (or its node limit is 0).
pub fn neighbourhood_search(
    c: &Config,
    objective: Objective,
    player: Option<usize>,
    scope: &Scope,
    lp: Option<f64>,
    opts: &SolveOptions,
    limits: SearchLimits,
) -> Option<Searched> {
    if limits.probe == 0 {
        return None;
    }
    let started = std::time::Instant::now();
    let quiet = SolveOptions {
        quiet: true,
        ..opts.clone()
    };
    let say = |what: &str, o: &Outcome| {
        if !opts.quiet {
            let secs = started.elapsed().as_secs_f64();
            eprintln!("search: {what}: {} ({secs:.1} s)", o.value);
        }
    };
    let rounds = c.variant.rounds;
    let all = (1u32 << rounds) - 1;
    // The hand-budget rows of each kind of solve ([`search_hand`]): all or none.
    let hand = search_hand(c.players);
    // Whether the first solve and the neighbourhoods look only at games without an empty
    // hand ([`SearchLimits::no_skip`]; off again when the part has none).
    let no_skip = std::cell::Cell::new(limits.no_skip > 0);
    let rows_of = |what: &str| match hand.iter().any(|x| x == what) {
        true => model::vars::HandRows::All,
        false => model::vars::HandRows::None,
    };
    // `part` solved with every round free and no plan, for at most `nodes`, with HiGHS's
    // seed `seed`: the first solve, and (below) the proof attempts.
    let seeded = |part: &Scope, nodes: u64, strong: bool, seed: i32| {
        let o = SolveOptions {
            seed,
            ..quiet.clone()
        };
        let near = model::Near {
            plan: None,
            free: all,
            beat: None,
            nodes,
            strong,
            first: false,
            // Not a proof attempt, which must cover every game.
            no_skip: part.beating.is_none() && no_skip.get(),
        };
        let rows = rows_of(match (part.beating, part.ranked) {
            (None, _) => "first",
            (Some(_), None) => "proof",
            (Some(_), Some(_)) => "pieces",
        });
        model::vars::with_hand_rows(rows, || {
            solve_near(c, objective, player, part, &o, None, Some(near))
        })
    };
    let unplanned = |part: &Scope, nodes: u64, strong: bool| seeded(part, nodes, strong, opts.seed);
    // The first solve's nodes: `no_skip`'s while it looks only at games without an empty
    // hand.
    let probe = || match no_skip.get() {
        true => limits.no_skip,
        false => limits.probe,
    };
    // With the restriction, a leaf part that the split may divide by a round's ranking
    // (the first round its artist does not lead) is solved piece by piece, each piece to
    // its end: the pieces whose LP lies within PIECES_WITHIN of the highest first, fewest
    // ranked artists first (the fewest ranking patterns: the smallest model), then the
    // others by LP, each against the best game so far (as the split solves a part: a
    // cutoff, HiGHS's heuristics off) and skipped when its LP cannot beat it. `None`: the
    // part is not such a leaf, or no piece has such a game (the part is then solved whole,
    // which says why). The pieces' LPs go to `piece_lps`, for the split.
    let mut piece_lps: Vec<(Scope, Option<f64>)> = Vec::new();
    let by_pieces = (|| -> Option<Outcome> {
        if !(no_skip.get() && limits.no_skip_pieces) {
            return None;
        }
        let r = leaf_ranking_round(c, scope)?;
        let mut pieces = Vec::new();
        for k in 0..=c.places() {
            let piece = scope.ranking(r, k);
            let lp = part_lp(c, objective, player, &piece, opts).ok()?;
            piece_lps.push((piece, lp));
            if let Some(lp) = lp {
                pieces.push((k, lp, piece));
            }
        }
        let top = pieces.iter().map(|x| x.1).fold(f64::NEG_INFINITY, f64::max);
        let near_top = |lp: f64| lp >= top - PIECES_WITHIN * top.abs();
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
                free: all,
                beat: None,
                nodes: limits.no_skip,
                strong: true,
                first: false,
                no_skip: true,
            };
            let found = model::vars::with_hand_rows(rows_of("first"), || {
                solve_near(c, objective, player, &part, &quiet, None, Some(near))
            });
            if !opts.quiet {
                let what = match &found {
                    Ok(o) if o.proven => format!("{}, to the end", o.value),
                    Ok(o) => format!("{}, stopped by the node or time limit", o.value),
                    Err(e) if is_infeasible(e) => "none better".to_string(),
                    Err(e) => format!("{e:#}"),
                };
                let secs = started.elapsed().as_secs_f64();
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
    })();
    // (The pieces' rows: `ranks_exactly`, one.)
    let piece_rows = usize::from(by_pieces.is_some());
    // The first solve; when it finds no game within its nodes (5 players with HiGHS's
    // seed 1), the same solve with the next RETRY_SEEDS seeds, then once more with
    // RETRY_NODES and no strong branching (it only has to find a game): without one the
    // part is solved by a search that must both find and prove (5 players, seed 1:
    // 277.6 s).
    let first = match by_pieces.map_or_else(|| unplanned(scope, probe(), true), Ok) {
        // No game without an empty hand (2-player miniature m27): the search looks at
        // every game.
        Err(e) if is_infeasible(&e) && no_skip.get() => {
            if !opts.quiet {
                eprintln!("search: no game without an empty hand; the search looks at every game");
            }
            no_skip.set(false);
            unplanned(scope, probe(), true)
        }
        first => first,
    };
    let first = match first {
        Err(e) if !is_infeasible(&e) => {
            let seeds = env_or("GAMEBOUNDS_RETRY_SEEDS", RETRY_SEEDS).max(0);
            if !opts.quiet {
                let first = match probe() {
                    1 => "at the first solve's root".to_string(),
                    n => format!("in the first solve's {n} nodes"),
                };
                eprintln!(
                    "search: no game {first}; again with HiGHS's next {seeds} seed(s), then {RETRY_NODES} nodes"
                );
            }
            let again = (1..=seeds).find_map(|k| {
                let seed = opts.seed.saturating_add(k);
                let o = seeded(scope, probe(), true, seed).ok()?;
                if !opts.quiet {
                    eprintln!("search: a game with seed {seed}");
                }
                Some(o)
            });
            match again {
                Some(o) => Ok(o),
                None => unplanned(scope, RETRY_NODES, false),
            }
        }
        first => first,
    };
    // A first solve without empty hands that ran to its end has the best such game: every
    // neighbourhood would look only at such games too, so none could beat it.
    let exhausted = matches!(&first, Ok(o) if no_skip.get() && o.proven);
    let mut best = match first {
        // A first solve without empty hands proves nothing about the part.
        Ok(o) if no_skip.get() => Outcome { proven: false, ..o },
        Ok(o) => o,
        Err(e) => {
            if !opts.quiet {
                eprintln!("search: no first game ({e:#}); the part is solved without one");
            }
            return None;
        }
    };
    if best.proven {
        say("first solve, proven for the part", &best);
        return Some(Searched {
            outcome: best.clone(),
            settled: Some(Ok(best)),
            pieces: Vec::new(),
            lps: Vec::new(),
            neighbourhoods: 0,
        });
    }
    say("first game", &best);
    // The part against a game, briefly, as the split will solve it. Only a part the split
    // solves whole: when it divides the part again by a round's ranking, one of those
    // pieces (the one holding the game) needs more nodes than a short attempt has (4
    // players: 1000 nodes, 25 s, not closed; the split closes it in 28 s), and attempts
    // that fail cost their time twice (4-player blessed with 3000 nodes: two failed
    // attempts, 93 s). Such a part's pieces are attempted later, once per game, after a
    // neighbourhood found nothing better (`attempt_pieces`, [`PIECE_NODES`]).
    // The round by whose ranking the split divides the part against a game of this value.
    let divides = |value: i64| lp.and_then(|b| ranking_round(c, scope, b, value));
    // A part (or piece) against a game, as the split will solve it, for at most `nodes`.
    let attempt = |part: &Scope, beat: i64, nodes: u64| -> Result<Outcome> {
        unplanned(&part.beating(beat), nodes, true)
    };
    let settle = |best: &Outcome, nodes: u64| -> Settle {
        if divides(best.value).is_some() {
            return Settle::Divided;
        }
        match attempt(scope, best.value, nodes) {
            Err(e) if is_infeasible(&e) => Settle::Closed(Box::new((best.clone(), Err(e)))),
            // Proven at a better game: that solve is the part's result.
            Ok(o) if o.value > best.value && o.proven => {
                Settle::Closed(Box::new((o.clone(), Ok(o))))
            }
            Ok(o) if o.value > best.value => Settle::Better(Box::new(o)),
            // Out of nodes (or a game that does not beat the cutoff).
            _ => Settle::Open,
        }
    };
    // The part's own model size, for the report (a neighbourhood's has its fixings too,
    // and a first solve without empty hands one row per seat and round: `no_empty_hand`).
    let skip_rows = match no_skip.get() {
        true => c.players * rounds + piece_rows,
        false => 0,
    };
    let size = (
        best.report.rows.saturating_sub(skip_rows),
        best.report.columns,
        best.report.integers,
    );
    // The pieces of the part, divided by round `r`'s ranking, against its best game: each
    // whose LP can beat it by a piece attempt (see [`PIECE_NODES`]): the pieces' solves
    // when every one closed against the game or was proven at a better one, `None` when a
    // piece ran out of nodes (or an LP or solve failed) or found a better game unproven.
    // `best` moves to any better game a piece finds. The pieces' LPs go to `lps`, for the
    // split.
    let attempt_pieces =
        |best: &mut Outcome, r: usize, nodes: u64, lps: &mut Vec<(Scope, Option<f64>)>| {
            let mut closed = Vec::new();
            // A piece proven at a better game makes it `best`: the pieces after it are
            // attempted against it (those before closed against a lower game, so none of
            // them beats it either).
            let start = best.value;
            let ended = 'pieces: {
                for k in 0..=c.places() {
                    let piece = scope.ranking(r, k);
                    let Ok(b) = part_lp(c, objective, player, &piece, opts) else {
                        break 'pieces None;
                    };
                    lps.push((piece, b));
                    if b.is_none_or(|b| whole(b) <= best.value as f64) {
                        continue;
                    }
                    match attempt(&piece, best.value, nodes) {
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
                (Some(_), _) => say(
                    "the part's pieces closed against it, search ends with",
                    best,
                ),
                (_, true) => say("a piece's proof attempt found a better game", best),
                (_, false) => say("the part's pieces not closed against it", best),
            }
            ended
        };
    // The game whose pieces were attempted (once per game), the pieces that closed against
    // the best game, and the pieces' LPs.
    let mut attempted: Option<i64> = None;
    let mut pieces = Vec::new();
    let mut lps = piece_lps;
    let mut fruitless = 0;
    let mut neighbourhoods = 0;
    // The solve that settled the part, when a proof attempt did.
    let mut settled = None;
    // A game that reaches the part's LP bound is its maximum: the search ends, and the
    // split skips the part by that bound (5 players, seed 0: the part's LP is 343.0, and
    // a proof attempt against 343 took 24 s).
    let reached = |best: &Outcome| lp.is_some_and(|b| whole(b) <= best.value as f64);
    // The same, said when it ends the search.
    let ends_at_bound = |best: &Outcome| {
        let at = reached(best);
        if at {
            say("the part's LP bound reached, search ends with", best);
        }
        at
    };
    // Proof attempts of the part against `best` (and against each better game one finds,
    // unproven): the solve that closed the part, if one did.
    let closes = |best: &mut Outcome, nodes: u64| -> Option<Result<Outcome>> {
        if nodes == 0 {
            return None;
        }
        loop {
            match settle(best, nodes) {
                Settle::Closed(closed) => {
                    let (o, solved) = *closed;
                    *best = o;
                    say("the part closed against it, search ends with", best);
                    return Some(solved);
                }
                Settle::Better(o) => {
                    *best = *o;
                    say("the proof attempt found a better game", best);
                    if reached(best) {
                        return None;
                    }
                }
                Settle::Open => {
                    say("the part not closed against it", best);
                    return None;
                }
                Settle::Divided => return None,
            }
        }
    };
    let near_bound = best
        .report
        .bound
        .is_some_and(|b| b - best.value as f64 <= limits.first_gap * (best.value as f64).abs());
    // A first game within FIRST_GAP of the first solve's bound may be the part's maximum,
    // or a short step below it: the part (or, where the split divides it by a round's
    // ranking, its pieces) is attempted against it at once, briefly ([`FIRST_NODES`]).
    let mut done = ends_at_bound(&best);
    if exhausted && !done {
        say(
            "the best game without an empty hand, search ends with",
            &best,
        );
        done = true;
    }
    if !done && near_bound && limits.first_nodes > 0 {
        match divides(best.value) {
            // Out of nodes or not, the pieces are attempted again after a fruitless
            // neighbourhood, with more nodes (not marked as attempted).
            Some(r) => {
                if let Some(closed) = attempt_pieces(&mut best, r, limits.first_nodes, &mut lps) {
                    pieces = closed;
                    done = true;
                }
            }
            None => {
                settled = closes(&mut best, limits.first_nodes);
                done = settled.is_some();
            }
        }
    }
    'rounds: for kept in (0..rounds).filter(|_| !done) {
        // (A piece's proof attempt may have found a better game.)
        if kept > 0 && ends_at_bound(&best) {
            break;
        }
        if limits.patience > 0 && fruitless >= limits.patience {
            if !opts.quiet {
                eprintln!(
                    "search: stopped before round {} ({fruitless} neighbourhood(s) in a row found nothing better)",
                    kept + 1
                );
            }
            break;
        }
        let near = model::Near {
            plan: Some(&best.assignment),
            free: all & !(1 << kept),
            beat: Some(best.value),
            nodes: limits.near,
            strong: true,
            first: kept as u32 >= limits.first_from,
            no_skip: no_skip.get(),
        };
        neighbourhoods += 1;
        let found = model::vars::with_hand_rows(rows_of("near"), || {
            solve_near(c, objective, player, scope, &quiet, Some(&best), Some(near))
        });
        match found {
            Ok(o) if o.value > best.value => {
                best = o;
                fruitless = 0;
                say(
                    &format!("round {} kept, the others changed", kept + 1),
                    &best,
                );
            }
            // None better there (or none found within the nodes). The part against the
            // same game would fail the same way: no proof attempt; but where the split
            // divides the part, its pieces are attempted against the game once.
            _ => {
                fruitless += 1;
                let divided = divides(best.value).filter(|_| attempted != Some(best.value));
                if let Some(r) = divided.filter(|_| limits.pieces > 0) {
                    attempted = Some(best.value);
                    let before = best.value;
                    if let Some(closed) = attempt_pieces(&mut best, r, limits.pieces, &mut lps) {
                        pieces = closed;
                        break 'rounds;
                    }
                    if best.value > before {
                        fruitless = 0;
                    }
                }
                continue;
            }
        }
        // A better game, perhaps the part's maximum: can the part be closed against it?
        if ends_at_bound(&best) {
            break 'rounds;
        }
        if let Some(solved) = closes(&mut best, limits.proof) {
            settled = Some(solved);
            break 'rounds;
        }
    }
    if settled.is_none() && pieces.is_empty() && !reached(&best) && !exhausted {
        say("best game", &best);
    }
    (best.report.rows, best.report.columns, best.report.integers) = size;
    Some(Searched {
        outcome: best,
        settled,
        pieces,
        lps,
        neighbourhoods,
    })
}

/// The round by whose ranking the split divides a part once more: the first round its
/// artist does not lead, when the part is a leaf of the leads split (every round decided,
/// not yet divided by ranking) whose LP `lp` exceeds the best game `best` by more than
/// [`RANKED_BEYOND`]. `None`: the part is solved whole.
fn ranking_round(c: &Config, scope: &Scope, lp: f64, best: i64) -> Option<usize> {
    let beyond = !within_share(lp, best, split_shares(c.players).1);
    leaf_ranking_round(c, scope).filter(|_| beyond)
}

/// The round by whose ranking the split may divide a part, whatever its LP: the first
/// round its artist does not lead, when the part is a leaf of the leads split (every round
/// decided, not yet divided by ranking). See [`ranking_round`].
fn leaf_ranking_round(c: &Config, scope: &Scope) -> Option<usize> {
    let leads = scope.leads?;
    let rounds = c.variant.rounds;
    let leaf = scope.ranked.is_none() && leads.settled(rounds);
    (0..rounds)
        .find(|r| leads.led >> r & 1 == 0)
        .filter(|_| leaf)
}

/// A dive's objective value in its model (−∞ when unknown).
fn dive_value(a: &Attempt) -> f64 {
    a.report.objective.unwrap_or(f64::NEG_INFINITY)
}

/// The part within `leads` with every round decided and the highest LP bound (ties: the
/// lowest `led`, the first in [`Leads::completions`]; with no game in any, the first), its
/// LP and the seconds spent on LPs. Found best first down the halving
/// ([`Leads::halves`]): a part's LP bounds the LPs of the parts within it, so a part whose
/// LP is below the best leaf's (by more than rounding) is not opened, and a part with no
/// game is dropped. It solves the LPs of the pieces the halving meets on its way to that
/// leaf ([`Leads::around`]) and few others: 4 players, 8 LPs instead of the 16 leaves and
/// 6 pieces (README, "The first leaf found best first").
fn highest_leaf(
    leads: Leads,
    rounds: usize,
    mut lp_of: impl FnMut(Leads) -> Result<(Option<f64>, f64)>,
) -> Result<(Leads, Option<f64>, f64)> {
    let key = |b: Option<f64>| b.unwrap_or(f64::NEG_INFINITY);
    // Parts not yet opened, with their LPs (the whole part's is not needed).
    let mut open: Vec<(Leads, f64)> = vec![(leads, f64::INFINITY)];
    let mut leaves: Vec<(Leads, f64)> = Vec::new();
    let mut seconds = 0.0;
    loop {
        let best = leaves.iter().map(|l| l.1).fold(f64::NEG_INFINITY, f64::max);
        let Some(at) = (0..open.len()).max_by(|&x, &y| open[x].1.total_cmp(&open[y].1)) else {
            break;
        };
        // Every leaf not yet seen lies in an open part, whose LP bounds its own.
        if open[at].1 < best - 1e-6 {
            break;
        }
        let (part, bound) = open.swap_remove(at);
        if part.settled(rounds) {
            leaves.push((part, bound));
            continue;
        }
        for half in part.halves(rounds).into_iter().flatten() {
            let (lp, secs) = lp_of(half)?;
            seconds += secs;
            // A part with no game holds no leaf with one.
            if lp.is_some() {
                open.push((half, key(lp)));
            }
        }
    }
    let highest = leaves
        .iter()
        .max_by(|x, y| x.1.total_cmp(&y.1).then(y.0.led.cmp(&x.0.led)));
    Ok(match highest {
        Some(&(leaf, lp)) => (leaf, Some(lp), seconds),
        None => (leads.completions(rounds)[0], None, seconds),
    })
}

/// A part's LP bound (`None` when no game lies in it), run to the end whatever the time
/// limit (a few seconds at most): the split's order, skips and divisions, and the search's
/// piece attempts, all read it.
fn part_lp(
    c: &Config,
    objective: Objective,
    player: Option<usize>,
    scope: &Scope,
    opts: &SolveOptions,
) -> Result<Option<f64>> {
    let opts = SolveOptions {
        quiet: true,
        time_limit: None,
        ..opts.clone()
    };
    match model::lp_bound(c, objective, player, scope, &opts) {
        Ok(r) => Ok(Some(r.bound.or(r.objective).unwrap_or(f64::INFINITY))),
        Err(e) if is_infeasible(&e) => Ok(None),
        Err(e) => Err(e),
    }
}

/// The part bound of a whole-number objective: `b` rounded down (with a tolerance).
fn whole(b: f64) -> f64 {
    (b + 1e-6).floor()
}

/// Whether a part that excluded `plans` unschedulable plans, whose solves bounded their
/// skeletons by `excluded_bound` (see [`Attempt::excluded_bound`]), is left unsettled by
/// them: some game of an excluded skeleton might still exceed `bound`, the part's bound
/// over every other game. Not when nothing was excluded, or when the exclusions' bound
/// (to a whole score) is no higher.
fn tainted(plans: usize, excluded_bound: f64, bound: f64) -> bool {
    plans > 0 && whole(excluded_bound) > bound
}

/// Whether a HiGHS error says the model has no feasible point.
fn is_infeasible(e: &anyhow::Error) -> bool {
    format!("{e:#}").contains("is infeasible")
}

/// How a split proof divides the games (`solve --split [first|tokens]`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum SplitBy {
    /// One part per artist that takes first place in round 1.
    First,
    /// One part per artist and count of award tokens above half of them it ends the game
    /// with, and one part in which no artist has more than half.
    Tokens,
    /// The token split, with every part "artist a ends with t tokens" whose LP cannot be
    /// settled by the best game split again by the rounds in which a takes first place,
    /// one round at a time (first in round 1 or not, then round 2, …): a part is split
    /// again until its LP is within `WHOLE_WITHIN` of the best game (1.5%; 3% with 2
    /// players) or every round is decided.
    TokensLeads,
    /// No split: one solve of the whole game (what `solve` does for objectives other than
    /// max-player, and for max-player with `--split whole`).
    Whole,
}

impl SplitBy {
    /// The parts: each scope with its label in the proof table. The token splits rename
    /// the interchangeable artists ([`renamed_artists`]): "a renamed artist ends with t
    /// tokens" is one part for all of them (under the name of the one with the most
    /// cards), and every part keeps one order of the others.
    fn parts(self, c: &Config) -> Vec<(Scope, String)> {
        let names = &c.deck.artists;
        match self {
            SplitBy::First => (0..c.artists())
                .map(|a| (Scope::first(a), names[a].clone()))
                .collect(),
            SplitBy::Whole => vec![(Scope::all(), "every game".into())],
            SplitBy::Tokens | SplitBy::TokensLeads => {
                let renamed = renamed_artists(c);
                let stands_for = renamed.iter().copied().max_by_key(|&a| (c.cards_of(a), a));
                Tokens::parts(c.variant.awards, c.artists())
                    .into_iter()
                    .filter(|t| match t {
                        Tokens::Exactly(a, _) => !renamed.contains(a) || Some(*a) == stands_for,
                        Tokens::AtMost(_) => true,
                    })
                    .map(|t| {
                        let scope = Scope::tokens(t);
                        let scope = match renamed.is_empty() {
                            true => scope,
                            false => scope.renaming(model::relabel::mask(&renamed)),
                        };
                        (scope, part_label(c, &scope))
                    })
                    .collect()
            }
        }
    }

    /// What the split is over, in words (the episode's `split_by`).
    pub fn describe(self) -> &'static str {
        match self {
            SplitBy::First => "round 1's first artist",
            SplitBy::Tokens => "the award tokens",
            SplitBy::Whole => "nothing (one part, every game)",
            SplitBy::TokensLeads => "the award tokens and the rounds their artist leads",
        }
    }
}

/// The artists a token split renames ([`Scope::relabel`]): those whose cards carry the same
/// symbols ([`model::relabel::class`]), none with `GAMEBOUNDS_NORELABEL` set (to measure
/// the split without it).
pub fn renamed_artists(c: &Config) -> Vec<usize> {
    if std::env::var_os("GAMEBOUNDS_NORELABEL").is_some() {
        return Vec::new();
    }
    model::relabel::class(c)
}

/// A split part in words: "Krypto: 5 tokens", "any artist: 5 tokens, first in round 2"
/// (a part that renames the artist it names stands for all of the renamed ones).
fn part_label(c: &Config, scope: &Scope) -> String {
    let names = &c.deck.artists;
    let renamed = scope
        .relabel
        .map(model::relabel::members)
        .unwrap_or_default();
    let who = || -> String {
        if renamed.len() == c.artists() {
            "any artist".into()
        } else {
            let list: Vec<&str> = renamed.iter().map(|&b| names[b].as_str()).collect();
            format!("any of {}", list.join(", "))
        }
    };
    let mut text = match scope.tokens {
        Some(Tokens::Exactly(a, t)) if renamed.contains(&a) => format!("{}: {t} tokens", who()),
        Some(t) => t.label(names),
        None => scope
            .first
            .map_or_else(|| "every game".into(), |a| names[a].clone()),
    };
    if let Some(l) = scope.leads {
        text = format!("{text}, {}", leads_text(l, c.variant.rounds));
    }
    if let Some((r, count)) = scope.ranked {
        let artists = if count == 1 { "artist" } else { "artists" };
        text = format!("{text}; {count} {artists} ranked in round {}", r + 1);
    }
    text
}

/// A `tokens-leads` split solves a token part whole, instead of splitting it by the rounds
/// its artist leads, when the part's LP bound exceeds the best game by at most this share
/// of it. Such parts close at HiGHS's first node (its root cuts and strong branching):
/// measured on the standard proofs (1 thread), 2.5–6.6 s each (e.g. 2 players "Christin
/// P.: 4 tokens", LP 454 against 441: 3.0 s), where their 16 sub-parts' LPs alone cost 4–9
/// s and their split 4–13 s (8.1 s). Wider gaps need the split: 3 players "Karl Gitter: 5
/// tokens" (LP 465 against 427) took 92 s whole against 33 s split, and 4 players "Krypto:
/// 5 tokens" (428 against 392) 1416 s against 388 s.
///
/// With a best game known the split decides one round at a time (first in round 1 or
/// not, then round 2, …), so a group of sub-parts near the best game is closed whole:
/// the proofs of the standard maxima went from 26.4, 28.2, 91.2 and 43.6 s (the 16
/// sub-parts each; medians of 3) to 22.6, 25.9, 85.1 and 40.4 s (2–5 players, one run
/// each, before [`RANKED_BEYOND`]). With none known, the sub-part with every round
/// decided and the highest LP (most likely to hold the best game) is solved first, then
/// the pieces the halving meets on the way to it ([`Leads::around`]).
///
/// 4% until the eighteenth session; 1.5% since the LP bounds carry the hand-budget rows
/// ([`model::cuts::hand_budget`]), which bring a part's LP much closer to the best game:
/// 4 players "any artist: 5 tokens" has LP 406.3 with them (3.6% above 392), and solved
/// whole it took 147.8 s against 58.9 s for the whole proof split; at 3% (ranking at
/// 1.5%) a sub-part was solved whole and had not closed after 90 s. 2 players keeps 3%
/// ([`SHARES_BY_PLAYERS`]): its proof from 441 took 46.0 s at 1.5%, 38.8 s at 2%, 27.4 s
/// at 3% and 30.2 s before the rows (seed 0).
pub const WHOLE_WITHIN: f64 = 0.015;

/// A `tokens-leads` part with every round decided is split once more, by how many
/// artists the first round its artist does not lead ranks (1, 2 or 3: a ranking cut
/// short by few cards or a full one), when its LP bound exceeds the best game by more
/// than this share of it. Measured on the proofs of the standard maxima (1 thread), the
/// part "any artist: 5 tokens, first in rounds 2, 3 and 4": 4 players (LP 414 against 392,
/// 5.6%) 62.5 s whole, 8.7 + 27.3 s split (the whole proof 85 → 58 s); 5 players (358
/// against 343, 4.4%) 20.8 s whole, 19.6 + 9.5 s split; 3 players (4.7%) 7.7 s against
/// 6.7 s.
///
/// 5% until the eighteenth session; 1.5% since the LP bounds carry the hand-budget rows:
/// the 4-player part then has LP 399.8 and 399.0 in its two hard pieces and about 400
/// whole (2.0% above 392); at 2% (leads at 2% too) its first part solved had not closed
/// after 80 s, against 12.8 + 38.4 s for the two pieces at 1.5%.
pub const RANKED_BEYOND: f64 = 0.015;

/// A split part whose LP bound (the hand-budget rows included, see
/// [`model::cuts::hand_budget`]) exceeds the best game by at most this share of it is
/// solved with the rows of its token artist in its integer model too
/// (`vars::HandRows::TokenArtist`; a part with no token artist takes them all). Until the nineteenth
/// session all the rows, within 1.2%: near the best game they closed a part at or near the
/// root (4 players, seed 0, "5 tokens, first in rounds 2 and 3", LP 393.8 against 392,
/// 1.9 s against 7.9 s), but further from it they slowed HiGHS (the 4-player hard pieces
/// at LP 399–400: about twice as long). The token artist's rows alone give those pieces
/// the same LP and a faster tree: with them within 2.5%, the 4-player proof from 392 took
/// 47.2 / 44.4 / 32.3 s against 51.8 / 77.7 / 75.3 s at seeds 0–2 (its 2-ranked piece
/// 36.8 / 33.2 / 21.6 s against 33.7 / 59.5 / 60.3 s, its 3-ranked one 4.0 / 4.1 / 4.0 s
/// against 11.2 / 10.2 / 7.6 s); 2 players 23.0 s against 24.6 s, 3 players 19.3 s
/// against 26.0 s, 3-player anchor 39.4 s against 42.0 s (seed 0; pairs, two at a time).
pub const HAND_WITHIN: f64 = 0.025;

/// [`HAND_WITHIN`], or `GAMEBOUNDS_HAND_WITHIN` (a share, for measurements). Measured and
/// not kept: all the rows within 2% for 3 players. Its standard parts after the search
/// lie 1.3–1.7% above 427 (LP 432.6, 434.3, 434.1) and closed faster with them (2.2 / 2.5
/// / 1.9 s against 4.1 / 2.8 / 3.5 s at seed 1), but the 3-player anchor part "5 tokens"
/// at LP 416.0, 1.2% above 411, took 34.4 / 45.5 s against 28.7 / 17.4 s (its proof,
/// seeds 0 / 1). With the token artist's rows only (the default since) its anchor proof
/// takes 39.4 s against 42.0 s (seed 0).
fn hand_within() -> f64 {
    env_or("GAMEBOUNDS_HAND_WITHIN", HAND_WITHIN)
}

/// The number in the environment variable `name` (for measurements), or `default` when it
/// is unset or not a number.
fn env_or<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|x| x.trim().parse().ok())
        .unwrap_or(default)
}

/// The split's shares by player count where they differ from [`WHOLE_WITHIN`] and
/// [`RANKED_BEYOND`] (players, whole within, ranked beyond), measured in the eighteenth
/// session, when the hand-budget rows tightened the LP bounds:
/// - 2 players 3% and 2%. A seat is dealt 28 cards there, 7 more than the largest artist
///   has, so the rows lower its LPs less (the hard part's 463 to about 451, where 4
///   players' drops from 414 to 400), and at 1.5% and 1.5% its proof from 441 split
///   into 36 parts and took 46.0 s, against 27.4 s at 3% and 2% and 30.2 s before the
///   rows (seed 0); from scratch 56.7 s against 36.6 s (medians of 3).
/// - 3 players keeps 5% for the ranking: the search attempts the part holding its game
///   whole below that share and by its ranking pieces above it, and at 1.5% it closed
///   427 at seed 0 by pieces in 26 s where the whole part took 12 s; from scratch 45.8 /
///   68.3 / 70.6 s at 5% against 65.8 / 104.2 / 92.7 s at 1.5% (seeds 0–2).
/// - 5 players keeps 5% too, for want of a reason to change: its proof skips every part
///   by LP at either share, and from scratch it took 282.1 / 139.8 / 88.9 s at 1.5%
///   against 285.1 / 136.6 / 85.6 s at 5% (seeds 0–2).
pub const SHARES_BY_PLAYERS: [(usize, f64, f64); 3] = [
    (2, 0.03, 0.02),
    (3, WHOLE_WITHIN, 0.05),
    (5, WHOLE_WITHIN, 0.05),
];

/// The split's shares for `players`: ([`WHOLE_WITHIN`], [`RANKED_BEYOND`]) unless
/// [`SHARES_BY_PLAYERS`] says otherwise.
pub fn split_shares(players: usize) -> (f64, f64) {
    SHARES_BY_PLAYERS
        .iter()
        .find(|(n, ..)| *n == players)
        .map_or((WHOLE_WITHIN, RANKED_BEYOND), |&(_, w, r)| (w, r))
}

/// Whether a token part with LP bound `lp` is solved whole rather than split by leads: its
/// LP exceeds the best game (when one is known) by at most the whole share of it
/// ([`split_shares`]).
fn near_best(players: usize, lp: f64, best: Option<i64>) -> bool {
    best.is_some_and(|v| within_share(lp, v, split_shares(players).0))
}

/// Whether the LP bound `lp` exceeds the best game `best` by at most `share` of it: the
/// test behind [`near_best`], [`ranking_round`] and [`HAND_WITHIN`].
fn within_share(lp: f64, best: i64, share: f64) -> bool {
    lp - best as f64 <= share * (best as f64).abs()
}

/// One part of the leads split in words: "first in rounds 1, 2 and 4" when every round
/// is decided, else e.g. "first in round 2, not in round 1, rounds 3 and 4 open".
fn leads_text(l: Leads, rounds: usize) -> String {
    let list = |rs: Vec<usize>| -> String {
        let rs: Vec<String> = rs.iter().map(|r| (r + 1).to_string()).collect();
        match rs.len() {
            0 => String::new(),
            1 => format!("round {}", rs[0]),
            n => format!("rounds {} and {}", rs[..n - 1].join(", "), rs[n - 1]),
        }
    };
    let pick = |f: &dyn Fn(usize) -> bool| (0..rounds).filter(|&r| f(r)).collect::<Vec<_>>();
    let bit = |m: u32, r: usize| m >> r & 1 == 1;
    let led = pick(&|r| bit(l.led, r) && bit(l.decided, r));
    if l.settled(rounds) {
        return match led.is_empty() {
            true => "first in no round".into(),
            false => format!("first in {}", list(led)),
        };
    }
    let not = pick(&|r| !bit(l.led, r) && bit(l.decided, r));
    let open = pick(&|r| !bit(l.decided, r));
    let mut words = Vec::new();
    if !led.is_empty() {
        words.push(format!("first in {}", list(led)));
    }
    if !not.is_empty() {
        let not = list(not);
        words.push(match words.is_empty() {
            true => format!("not first in {not}"),
            false => format!("not in {not}"),
        });
    }
    words.push(format!("{} open", list(open)));
    words.join(", ")
}

/// One part of [`split`]: (part index, best game's value, bound rounded down, proven,
/// some plan excluded, seconds, skipped by its LP bound).
type PartRow = (usize, Option<i64>, Option<f64>, bool, bool, f64, bool);

/// Whether a part's row calls for one more solve now that the best game is worth
/// `value`: the part was solved (`against`: the best game's value then, `Some(None)` when
/// none was known), is neither proven nor skipped, its bound is above `value`, and the
/// best game has improved since.
fn solve_again(p: &PartRow, against: Option<Option<i64>>, value: i64) -> bool {
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

/// An episode's `restricted` (the games a solve covers, `None`: every game) with the
/// diagnostic fixings set (`GAMEBOUNDS_PATTERNS` and the others of
/// [`model::scope::DIAGNOSTIC_FIXINGS`]) added: a solve under them is about a restricted
/// game, so its verdict never calls the value the game's maximum.
fn with_diagnostic_fixings(restricted: Option<String>) -> Option<String> {
    let fixed = model::scope::diagnostic_fixings_set();
    if fixed.is_empty() {
        return restricted;
    }
    let allowed = format!("the diagnostics {} allow", fixed.join(", "));
    Some(match restricted {
        Some(r) => format!("{r}, of those {allowed}"),
        None => format!("the games {allowed}"),
    })
}

/// Refuse a command that tabulates maxima (`results`, `compare`, `bench`) while a
/// diagnostic fixing is set: its rows would be maxima of a restricted game.
fn refuse_diagnostic_fixings(command: &str) -> Result<()> {
    let fixed = model::scope::diagnostic_fixings_set();
    if fixed.is_empty() {
        return Ok(());
    }
    bail!(
        "{} set: {} restrict{} the game (diagnostics for solver work), so `modern-art \
         {command}` would tabulate maxima of a restricted game; unset {} (or use `modern-art \
         solve`, whose episode says what was restricted)",
        fixed.join(", "),
        if fixed.len() == 1 { "it" } else { "they" },
        if fixed.len() == 1 { "s" } else { "" },
        if fixed.len() == 1 { "it" } else { "them" },
    )
}

/// The game a neighbourhood search found without proving its part: what the episode's
/// `found_by` says when that game is the split's result.
struct SearchedGame {
    value: i64,
    /// The label of the part the search ran in.
    part: String,
    seconds: f64,
    /// Whether the search's proof attempt then closed that part against the game.
    closed: bool,
}

impl SearchedGame {
    fn describe(&self) -> String {
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

/// Random legal games played through the referee (seeded, so reproducible): the best
/// for the objective. Only a fallback when the ILP found no game in time.
fn playouts(
    c: &Config,
    objective: Objective,
    player: Option<usize>,
    report: &SolveReport,
) -> Result<Attempt> {
    use super::engine::State;
    let mut rng = crate::rng::Rng::new(2009);
    let mut best: Option<(i64, usize, super::record::Record)> = None;
    for _ in 0..PLAYOUTS {
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

/// Random games tried by [`playouts`].
pub const PLAYOUTS: usize = 2000;

/// How many unschedulable plans a solve may exclude before giving up.
pub const MAX_EXCLUDED: usize = 5;

/// What to optimise, as the command line gives it.
#[derive(Debug, Clone, clap::Args)]
pub struct Goal {
    /// max-player (the best seat, or --player), max-total, max-margin (winner minus
    /// runner-up) or min-winner (the lowest score that still wins).
    #[arg(long, default_value = "max-player", value_name = "OBJECTIVE")]
    pub objective: String,
    /// The seat to maximise (1-based; max-player only). Default: the best seat.
    #[arg(long, value_name = "P")]
    pub player: Option<usize>,
}

impl Goal {
    /// The objective and the 0-based seat.
    pub fn parse(&self, players: usize) -> Result<(Objective, Option<usize>)> {
        let objective = parse_objective(&self.objective)?;
        let seat = match self.player {
            None => None,
            Some(p) if objective != Objective::MaxPlayer => {
                bail!("--player {p}: only --objective max-player is about one seat")
            }
            Some(p) if p == 0 || p > players => {
                bail!("--player {p}: the game has {players} players (use 1..{players})")
            }
            Some(p) => Some(p - 1),
        };
        Ok((objective, seat))
    }
}

pub fn parse_objective(s: &str) -> Result<Objective> {
    Ok(match s {
        "max-player" => Objective::MaxPlayer,
        "max-total" => Objective::MaxTotal,
        "max-margin" => Objective::MaxMargin,
        "min-winner" => Objective::MinWinner,
        o => {
            bail!("unknown objective `{o}` (known: max-player, max-total, max-margin, min-winner)")
        }
    })
}

/// One line that says what was shown: a proven maximum, or best found with its bound.
pub fn verdict(o: &Outcome, objective: Objective) -> String {
    let what = match objective {
        Objective::MaxPlayer => "maximum",
        Objective::MaxTotal => "maximum total",
        Objective::MaxMargin => "maximum margin",
        Objective::MinWinner => "minimum winning score",
    };
    let payload = o.envelope.payload_as::<episode::Payload>().ok();
    let split = payload.as_ref().and_then(|p| {
        p.split.as_ref()?;
        Some(
            p.split_by
                .clone()
                .unwrap_or(super::render::FIRST_ARTIST.into()),
        )
    });
    let among = payload
        .and_then(|p| p.restricted)
        .map(|r| format!(" among {r} (not the game's maximum)"))
        .unwrap_or_default();
    if o.proven && !among.is_empty() {
        format!("proven {what} {}{among}; certified by the referee", o.value)
    } else if !among.is_empty() {
        let bound = bound_text(o);
        format!("best found {}, bound {bound}{among}; not proven", o.value)
    } else if let (true, Some(by)) = (o.proven, &split) {
        format!(
            "proven {what} {} (split over {by}; certified by the referee)",
            o.value
        )
    } else if o.proven {
        format!("proven {what} {} (certified by the referee)", o.value)
    } else {
        let bound = bound_text(o);
        let gap = o
            .report
            .gap
            .map(|g| format!("{:.1}%", g * 100.0))
            .unwrap_or("?".into());
        format!(
            "best found {}, bound {bound}, gap {gap} (not proven)",
            o.value
        )
    }
}

/// An outcome's bound as the whole number it proves (scores are whole numbers, so an
/// upper bound rounds down and a lower bound, of a minimisation, up), or `?` when there
/// is none. The same number the results tables and the episode show.
fn bound_text(o: &Outcome) -> String {
    o.report
        .bound
        .map(|b| {
            let b = if b >= o.value as f64 - 1e-6 {
                whole(b)
            } else {
                (b - 1e-6).ceil()
            };
            format!("{b:.0}")
        })
        .unwrap_or("?".into())
}

/// Time limit of `solve` and `compare` when none is given: a full-size game does not
/// close its gap in minutes, so an unlimited run would not end. `--time-limit 0` means
/// no limit (run to a proof).
pub const DEFAULT_SOLVE_LIMIT: f64 = 120.0;

fn options(common: &crate::cli::Common) -> SolveOptions {
    let mut opts = common.solve_options();
    opts.time_limit = match common.time_limit {
        None => Some(DEFAULT_SOLVE_LIMIT),
        Some(t) if t <= 0.0 => None,
        Some(t) => Some(t),
    };
    opts
}

/// How `solve` and `compare` solve: the split (`None`: one whole solve) and the options.
/// A max-player solve is split over the tokens and leads unless asked otherwise (or
/// restricted to a shape): it proves every shipped maximum in seconds to minutes, where
/// one whole solve proves none of them in hours. A split's time limit is per part: its
/// first part may need minutes to find and prove the maximum, so the default is longer
/// than a whole solve's.
fn split_plan(
    split_by: Option<SplitBy>,
    shaped: bool,
    objective: Objective,
    common: &crate::cli::Common,
) -> (Option<SplitBy>, SolveOptions) {
    let split_by = match (split_by, shaped, objective) {
        (Some(SplitBy::Whole), ..) => None,
        (None, false, Objective::MaxPlayer) => Some(SplitBy::TokensLeads),
        (by, ..) => by,
    };
    let opts = options(common);
    let opts = match (split_by, common.time_limit) {
        (Some(_), None) => SolveOptions {
            time_limit: Some(DEFAULT_SPLIT_LIMIT),
            ..opts
        },
        _ => opts,
    };
    (split_by, opts)
}

/// Where a split run without `--out` keeps its best game so far:
/// `gamebounds-modern-art-{N}p-{variant}-{objective}.json` in the system's temporary
/// directory (one file per question, so a later run of the same question replaces it).
fn interim_file(c: &Config, objective: Objective) -> std::path::PathBuf {
    std::env::temp_dir().join(format!(
        "gamebounds-modern-art-{}p-{}-{}.json",
        c.players,
        file_safe(&c.variant.name),
        objective.name()
    ))
}

/// A variant's name as part of a file name: letters, digits and `-` kept, anything else
/// (a `/`, a space, a dot) as `_`, so a name from a user's file cannot point elsewhere.
fn file_safe(name: &str) -> String {
    name.chars()
        .map(|x| {
            if x.is_ascii_alphanumeric() || x == '-' {
                x
            } else {
                '_'
            }
        })
        .collect()
}

/// `modern-art solve`.
pub fn run_solve(
    c: &Config,
    goal: &Goal,
    split_by: Option<SplitBy>,
    shape: Option<Dive>,
    start: Option<&std::path::Path>,
    common: &crate::cli::Common,
) -> Result<()> {
    let (objective, seat) = goal.parse(c.players)?;
    let (split_by, opts) = split_plan(split_by, shape.is_some(), objective, common);
    let start = match start {
        Some(path) => {
            let o = Outcome::from_episode(c, objective, seat, path)?;
            common.note(format!(
                "split: starting from {} ({} by the referee's replay)",
                path.display(),
                o.value
            ));
            Some(o)
        }
        None => None,
    };
    let o = match shape {
        Some(_) if split_by.is_some() => {
            bail!("--split cannot be combined with --star or --patron")
        }
        Some(_) if objective != Objective::MaxPlayer => bail!(
            "--star and --patron restrict a max-player solve (got --objective {})",
            objective.name()
        ),
        Some(d) => solve(c, objective, seat, &Scope::all().with_dive(d), &opts)?,
        None => match split_by {
            Some(by) => {
                // Every better game a part finds is saved at once: to --out, or without
                // it to a file in the system's temporary directory, so that an
                // interrupted split keeps its best game (`--start` resumes from it).
                let keep = |o: &Outcome| -> Result<()> {
                    let (path, how) = match &common.out {
                        Some(path) => (path.clone(), ""),
                        None => (interim_file(c, objective), " (no --out given)"),
                    };
                    crate::interrupt::offer(&o.envelope, &path);
                    match o.envelope.save(&path) {
                        Ok(()) => common.note(format!(
                            "split: best so far {} saved to {}{how}",
                            o.value,
                            path.display()
                        )),
                        // A file the user asked for must be writable; the temporary one
                        // is a courtesy, and its failure never stops the solve.
                        Err(e) if common.out.is_some() => return Err(e),
                        Err(e) => common.note(format!(
                            "split: best so far {} (not saved: {e:#}; --out FILE keeps it)",
                            o.value
                        )),
                    }
                    Ok(())
                };
                split_keeping(c, objective, seat, by, &opts, start.as_ref(), Some(&keep))?
            }
            None => solve(c, objective, seat, &Scope::all(), &opts)?,
        },
    };
    common.note(format!(
        "modern-art {} players, variant {}, {}: {} ({:.1} s, {} rows, {} columns, {} integers)",
        c.players,
        c.variant.name,
        objective.name(),
        verdict(&o, objective),
        o.report.seconds,
        o.report.rows,
        o.report.columns,
        o.report.integers
    ));
    common.emit(&o.envelope)
}

/// A one-line account of a result for tables: `412 (proven)` or `best 353, bound 432`.
fn value_cell(o: &Outcome) -> String {
    if o.proven {
        format!("{}", o.value)
    } else {
        let bound = bound_text(o);
        format!("best {}, bound {bound}", o.value)
    }
}

fn status_cell(o: &Outcome) -> String {
    if o.proven {
        "proven, certified".into()
    } else {
        unproven_status(o.report.gap)
    }
}

/// The status of a certified game whose bound is not reached: `gap 12.3%, certified game`.
fn unproven_status(gap: Option<f64>) -> String {
    let gap = gap
        .map(|g| format!("{:.1}%", g * 100.0))
        .unwrap_or("?".into());
    format!("gap {gap}, certified game")
}

fn others(o: &Outcome) -> String {
    others_text(&o.scores, o.plan.seat)
}

/// The other seats' scores, `P1 79` style, leaving out the objective's seat.
fn others_text(scores: &[i64], seat: usize) -> String {
    scores
        .iter()
        .enumerate()
        .filter(|&(s, _)| s != seat)
        .map(|(s, v)| format!("P{} {v}", s + 1))
        .collect::<Vec<_>>()
        .join(", ")
}

/// `modern-art compare`: one table, variants × player counts. Every variant file and
/// player count is read before anything is solved (a bad file fails at once, not after an
/// hour of solving); a cell whose solve fails is a row saying why, the other cells are
/// still solved and shown, and the command then exits non-zero. With `--out FILE.json`
/// each cell's episode is written beside it as `FILE-{variant}-{N}p.json` (and `.md`).
pub fn run_compare(
    variants: &[std::path::PathBuf],
    deck: Option<&std::path::Path>,
    players: &[usize],
    split_by: Option<SplitBy>,
    goal: &Goal,
    common: &crate::cli::Common,
) -> Result<()> {
    refuse_diagnostic_fixings("compare")?;
    if variants.is_empty() {
        bail!("compare needs at least one --variant FILE");
    }
    check_no_repeats(players)?;
    if let Some(path) = first_repeat(variants) {
        bail!(
            "variant {} is given twice: compare each variant once",
            path.display()
        );
    }
    let mut cells = Vec::new();
    // Rows and `--out` files are named by the variant's name: two files with one name (a
    // copy edited but not renamed) would be told apart by nothing.
    let mut named: std::collections::BTreeMap<String, &std::path::Path> = Default::default();
    for path in variants {
        for (k, &n) in players.iter().enumerate() {
            let c = Config::load(path, deck, n)?;
            // The name is the file's, whatever the player count: checked once per file.
            if k == 0 {
                if let Some(first) = named.insert(c.variant.name.clone(), path) {
                    bail!(
                        "two variants are named \"{}\": {} and {}; give each file its own \"name\"",
                        c.variant.name,
                        first.display(),
                        path.display()
                    );
                }
            }
            let (objective, seat) = goal.parse(n)?;
            cells.push((c, objective, seat));
        }
    }
    let mut rows = Vec::new();
    let mut json = Vec::new();
    let mut failed = Vec::new();
    for (c, objective, seat) in &cells {
        let (objective, seat, n) = (*objective, *seat, c.players);
        let (by, opts) = split_plan(split_by, false, objective, common);
        let solved = match by {
            Some(by) => split(c, objective, seat, by, &opts, None),
            None => solve(c, objective, seat, &Scope::all(), &opts),
        };
        let o = match solved {
            Ok(o) => o,
            Err(e) => {
                let why = format!("{e:#}");
                common.note(format!("{} {n}p: failed: {why}", c.variant.name));
                rows.push(vec![
                    c.variant.name.clone(),
                    n.to_string(),
                    "-".into(),
                    "-".into(),
                    "-".into(),
                    format!("failed: {why}"),
                    "-".into(),
                ]);
                json.push(serde_json::json!({
                    "variant": c.variant.name, "players": n, "objective": objective.name(),
                    "error": why,
                }));
                failed.push(format!("{} {n}p: {why}", c.variant.name));
                continue;
            }
        };
        common.note(format!(
            "{} {n}p: {} ({:.1} s)",
            c.variant.name,
            verdict(&o, objective),
            o.report.seconds
        ));
        if let Some(out) = &common.out {
            // A file that cannot be written fails the cell, not the table.
            let file = cell_file(out, &c.variant.name, n);
            let saved = crate::games::render(&o.envelope)
                .and_then(|md| common.save_episode(&file, &o.envelope, &md));
            if let Err(e) = saved {
                failed.push(format!(
                    "{} {n}p: solved, but not saved: {e:#}",
                    c.variant.name
                ));
            }
        }
        rows.push(row(&c.variant.name, n, &o, status_cell(&o)));
        json.push(serde_json::json!({
            "variant": c.variant.name, "players": n, "objective": objective.name(),
            "seat": o.plan.seat + 1, "value": o.value, "bound": o.report.bound,
            "proven": o.proven, "scores": o.scores, "seconds": o.report.seconds,
        }));
    }
    if common.json {
        common.print_json(&json)?;
    } else {
        println!("{}", crate::render::table(ROW_HEADER, rows));
    }
    if !failed.is_empty() {
        bail!(
            "{} of {} cells failed: {}",
            failed.len(),
            cells.len(),
            failed.join("; ")
        );
    }
    Ok(())
}

/// Where `compare --out FILE.json` writes one cell: `FILE-{variant}-{N}p.json`.
fn cell_file(out: &std::path::Path, variant: &str, players: usize) -> std::path::PathBuf {
    let stem = out
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "compare".into());
    out.with_file_name(format!("{stem}-{}-{players}p.json", file_safe(variant)))
}

/// The columns of [`row`].
const ROW_HEADER: [&str; 7] = [
    "variant",
    "players",
    "seat",
    "maximum",
    "other players",
    "status",
    "seconds",
];

/// One solve as a table row of `compare` and `results`.
fn row(variant: &str, players: usize, o: &Outcome, status: String) -> Vec<String> {
    vec![
        variant.to_string(),
        players.to_string(),
        format!("P{}", o.plan.seat + 1),
        value_cell(o),
        others(o),
        status,
        format!("{:.1}", o.report.seconds),
    ]
}

/// The shipped variants `results` regenerates.
pub const RESULT_VARIANTS: [&str; 3] = ["standard", "anchor", "blessed"];

/// `modern-art results`: solve every shipped variant for the player counts `players`,
/// write the episodes to `games/` and the tables of all of `games/` to
/// `results/modern-art.md`.
///
/// For each variant and player count, first the *star* of the best-stocked artist (first
/// in every round with every award: the shape of most best games found), run to a
/// proof within [`STAR_LIMIT_FACTOR`] × the time limit; its game is certified and written
/// as `games/modern-art-{N}p-{variant}-star-{artist}.json`. Then the whole game: the
/// `tokens-leads` split with the interchangeable artists renamed, from no game (its first
/// part finds the maximum; until 2026-11-26 a *patron* solve found the game that started
/// it), or with `resume` from the row's episode in `games/`.
///
/// The tables are read back from the episodes (every variant, 2–5 players), so a run for
/// some player counts keeps the other rows as they were.
pub fn run_results(
    root: &std::path::Path,
    players: &[usize],
    variants: &[String],
    resume: bool,
    common: &crate::cli::Common,
) -> Result<()> {
    check_run(root, "results", players)?;
    if let Some(out) = &common.out {
        bail!(
            "--out {}: results writes its episodes to games/modern-art-{{N}}p-{{variant}}.json \
             and its tables to results/modern-art.md; for one row elsewhere use \
             `modern-art solve --players N --variant FILE --out FILE`",
            out.display()
        );
    }
    if let Some(v) = variants
        .iter()
        .find(|v| !RESULT_VARIANTS.contains(&v.as_str()))
    {
        bail!(
            "--variants {v}: the results cover {} only",
            RESULT_VARIANTS.join(", ")
        );
    }
    let mut opts = common.solve_options();
    if opts.time_limit.is_none() {
        opts.time_limit = Some(DEFAULT_RESULTS_LIMIT);
    }
    let limit = opts.time_limit.unwrap_or(0.0);
    let star_opts = SolveOptions {
        time_limit: Some(limit * STAR_LIMIT_FACTOR),
        ..opts.clone()
    };
    // Write an episode unless the one already there says more (a short run never replaces
    // a long run's result with a worse one, nor a proof with the same game unproven).
    let write = |o: &Outcome, stem: &str| -> Result<String> {
        let file = root.join(format!("games/{stem}.json"));
        if let Some(why) = Envelope::load(&file).ok().and_then(|old| keeps(&old, o)) {
            return Ok(format!("kept {} ({why})", file.display()));
        }
        o.envelope.save(&file)?;
        crate::cli::write_file(
            &root.join(format!("games/{stem}.md")),
            &crate::games::render(&o.envelope)?,
        )?;
        super::verify(&o.envelope)
    };
    for name in RESULT_VARIANTS {
        if !variants.iter().any(|v| v == name) {
            continue;
        }
        let path = root.join(format!("models/modern-art/{name}.json"));
        for &n in players {
            let c = Config::load(&path, None, n)?;
            let star = star_artist(&c);
            let star_name = &c.deck.artists[star];
            // The star solve, noted; `None` (and noted) when it fails.
            let star_solve = || {
                let scope = Scope::all().with_dive(Dive::Star(star));
                match solve_from(&c, Objective::MaxPlayer, None, &scope, &star_opts, None) {
                    Ok(o) => {
                        common.note(format!(
                            "{name} {n}p, {star_name} star: {} ({:.1} s)",
                            verdict(&o, Objective::MaxPlayer),
                            o.report.seconds
                        ));
                        Some(o)
                    }
                    Err(e) => {
                        common.note(format!("{name} {n}p, {star_name} star: {e:#}"));
                        None
                    }
                }
            };
            let stem = format!("modern-art-{n}p-{name}");
            // --resume: the row's own episode is the game to beat.
            let file = root.join(format!("games/{stem}.json"));
            let resumed = match resume
                .then(|| Outcome::from_episode(&c, Objective::MaxPlayer, None, &file))
            {
                Some(Ok(o)) => {
                    common.note(format!(
                        "{name} {n}p: resuming from {} ({})",
                        file.display(),
                        o.value
                    ));
                    Some(o)
                }
                Some(Err(e)) => {
                    common.note(format!("{name} {n}p: not resumed: {e:#}"));
                    None
                }
                None => None,
            };
            let seed = match resumed {
                Some(o) => Some(o),
                None => {
                    // The star game is a question of its own (its column in the tables).
                    let star_game = star_solve();
                    if let Some(o) = &star_game {
                        let cert = write(o, &star_stem(n, name, star_name))?;
                        common.note(format!("{}: {cert}", star_stem(n, name, star_name)));
                    }
                    // The split starts with no game: its first part, with the artists
                    // renamed, finds the maximum faster than the patron solve that used
                    // to start it (2026-11-26: 4 players, 392 in 177 s, where the patron
                    // had 150 s and the part then took 81 s more), and a part started
                    // from a weaker game would look for better ones without HiGHS's
                    // heuristics (a part with a game to beat only proves).
                    None
                }
            };
            // The award tokens, then the rounds their artist leads, for every player count
            // (from the committed 418, 2-player anchor closes in 43 s this way against 274 s
            // over round 1's first artist; the 2-player standard and blessed maxima were
            // proven only this way).
            let by = SplitBy::TokensLeads;
            // Every better game a part finds is written at once (a stopped run keeps it).
            let keep = |o: &Outcome| -> Result<()> {
                let cert = write(o, &stem)?;
                common.note(format!("{name} {n}p: best so far {}: {cert}", o.value));
                Ok(())
            };
            let solved = split_keeping(
                &c,
                Objective::MaxPlayer,
                None,
                by,
                &opts,
                seed.as_ref(),
                Some(&keep),
            );
            match solved {
                Ok(o) => {
                    let cert = write(&o, &format!("modern-art-{n}p-{name}"))?;
                    common.note(format!(
                        "{name} {n}p: {} ({:.1} s) — {cert}",
                        verdict(&o, Objective::MaxPlayer),
                        o.report.seconds
                    ));
                }
                // The episode already in games/ (if any) stays; the note says why.
                Err(e) => common.note(format!("{name} {n}p: {e:#}")),
            }
        }
    }
    let (rows, star_rows) = result_rows(root)?;
    let within = format!(
        "{:.1}% (with 2 players {:.0}%)",
        WHOLE_WITHIN * 100.0,
        split_shares(2).0 * 100.0
    );
    let text = format!(
        "# Modern Art: Masters Gallery — maximum scores\n\n\
         Regenerate with `gamebounds modern-art results` (`make results`; `--players N` \
         re-solves only those rows). Objective: the highest final score of one player (the \
         best seat), all players cooperating, the deal free. Every game listed was replayed \
         by the referee (`gamebounds verify FILE`); \"proven\" means HiGHS closed the gap \
         *and* the replay reaches the value. Otherwise the value is the best certified game \
         found and the bound is HiGHS's proven upper bound: the true maximum lies between \
         them. HiGHS runs with 1 thread; `seconds` is each solve's wall clock on a shared \
         2-core machine.\n\n\
         ## The whole game\n\n\
         A split proof from no game (the time limit applies to \
         each part; a part whose LP cannot beat the best game is skipped, and a part solved \
         with a game known only looks for a better one) over the award tokens (who ends \
         with more than half of them, and how many; artists whose cards carry the same \
         symbols are renamed, so one part stands for all of them and keeps one order of \
         the others), a token part that its LP does not \
         settle split again by the rounds its artist leads (unless the LP is within \
         {within} of the best game); a part left open is solved \
         once more if a later part found a better game. `results --resume` starts each \
         row's split from its episode already in `games/` instead of the star and patron \
         solves (how the long proofs were continued: each row's `seconds` is then its \
         last, resumed split's).\n\n{}\n\n\
         ## Star games\n\n\
         The best game in which the best-stocked artist takes first place in every round \
         and carries every award token (the shape of most best games found), each a \
         restricted solve of its own ({STAR_LIMIT_FACTOR} × the time limit). A star game is \
         a legal game, so its value is a lower bound on the maximum above; \"proven maximum \
         of the shape\" is about star games only.\n\n{}\n",
        crate::render::table(
            ROW_HEADER
                .iter()
                .chain(&["rows × columns", "episode"])
                .copied(),
            rows
        ),
        crate::render::table(
            ["variant", "players", "star", "maximum", "status", "seconds", "episode",],
            star_rows
        )
    );
    common.write_report(&root.join("results/modern-art.md"), &text)
}

/// `--players` of `results` and `bench --certify`: every count must be 2–5.
fn check_player_counts(players: &[usize]) -> Result<()> {
    match players.iter().find(|n| !PLAYERS.contains(*n)) {
        Some(n) => bail!("--players {n}: Modern Art is played by 2 to 5 players"),
        None => check_no_repeats(players),
    }
}

/// A player count listed twice would be solved twice and give two rows (and, with
/// `--out`, one file written twice): say so instead.
fn check_no_repeats(players: &[usize]) -> Result<()> {
    match first_repeat(players) {
        Some(n) => bail!("--players lists {n} twice: give each player count once"),
        None => Ok(()),
    }
}

/// The first item of `items` that an earlier one equals.
fn first_repeat<T: PartialEq>(items: &[T]) -> Option<&T> {
    (1..items.len())
        .find(|&i| items[..i].contains(&items[i]))
        .map(|i| &items[i])
}

/// What `results`, `bench` and `bench --certify` check before any solve: no diagnostic
/// fixings, player counts 2–5, and the checkout. They read the shipped variants in
/// `root/models/modern-art/` and write `root/games/` and `root/results/`: outside the
/// checkout they say so at once (instead of "cannot read variant file").
fn check_run(root: &std::path::Path, verb: &str, players: &[usize]) -> Result<()> {
    refuse_diagnostic_fixings(verb)?;
    check_player_counts(players)?;
    if root.join("models/modern-art").is_dir() {
        return Ok(());
    }
    let here = match std::env::current_dir() {
        Ok(d) if root == std::path::Path::new(".") => d,
        Ok(d) => d.join(root),
        Err(_) => root.to_path_buf(),
    };
    let here = here.display();
    bail!(
        "{verb} reads the shipped variants in models/modern-art/ and rewrites the checkout's \
         games/ and results/, but {here} has no models/modern-art/: run it from the \
         gamebounds checkout (`solve` works anywhere)"
    )
}

/// Per-part time limit of `bench --certify` when none is given: the longest part of the
/// committed standard proofs took 1434 s (4 players, against 392).
pub const DEFAULT_CERTIFY_LIMIT: f64 = 1500.0;

/// `modern-art bench --certify`: how long the proof of each committed standard maximum
/// takes (the plain benchmark, [`run_bench`], times the solve from scratch). For each player
/// count the row's episode (`games/modern-art-{N}p-standard.json`) is replayed by the
/// referee and its game starts a `tokens-leads` split (as `solve --split tokens-leads
/// --start`), so every part only has to show that nothing beats it; the median wall time
/// of `runs` such splits goes to `results/bench-modern-art-certify.md`. Not a solve from
/// scratch (that needs the game first): the table says so.
pub fn run_bench_certify(
    root: &std::path::Path,
    runs: usize,
    players: &[usize],
    common: &crate::cli::Common,
) -> Result<()> {
    check_run(root, "bench --certify", players)?;
    // The parts' own progress lines would bury the notes: one note per run instead.
    let opts = bench_options(common, DEFAULT_CERTIFY_LIMIT);
    let path = root.join("models/modern-art/standard.json");
    let report = root.join("results/bench-modern-art-certify.md");
    let limit = opts.time_limit.unwrap_or(0.0);
    let seeds = bench_seeds(&opts, runs);
    let mut rows: Vec<Vec<String>> = Vec::new();
    for &n in players {
        let c = Config::load(&path, None, n)?;
        let file = root.join(format!("games/modern-art-{n}p-standard.json"));
        let seed =
            Outcome::from_episode(&c, Objective::MaxPlayer, None, &file).with_context(|| {
                format!(
                    "bench --certify starts from the committed episode {} (solve the row first: \
                     `gamebounds modern-art results --players {n} --variants standard`)",
                    file.display()
                )
            })?;
        let label = format!("bench --certify {n}p");
        // One seed per run, as in `bench`: the proof's trees vary with the seed too (4
        // players, the hard piece: 1124 nodes at seed 0, 2626 at seed 1).
        let (o, median, runs_s) = timed_splits(&label, runs, common, &opts, |opts| {
            split(
                &c,
                Objective::MaxPlayer,
                None,
                SplitBy::TokensLeads,
                opts,
                Some(&seed),
            )
        })?;
        let (parts, longest) = parts_cells(&o)?;
        rows.push(vec![
            n.to_string(),
            seed.value.to_string(),
            result_cell(&o),
            median,
            runs_s,
            parts,
            longest,
            model_cell(&o),
        ]);
        // After every player count, so a long run stopped later keeps this row.
        write_certify_report(&report, &rows, limit, seeds, common)?;
    }
    Ok(())
}

/// The certify table's columns.
const CERTIFY_COLUMNS: [&str; 8] = [
    "players",
    "game to beat",
    "result",
    "median s",
    "runs s",
    "parts",
    "longest part s",
    "model (whole)",
];

/// Write `results/bench-modern-art-certify.md` with `rows` and, for the player counts not
/// among them, the rows already in the report (so `--players 4` re-times 4 players and
/// keeps the others' rows).
fn write_certify_report(
    path: &std::path::Path,
    rows: &[Vec<String>],
    limit: f64,
    (first, last): (i32, i32),
    common: &crate::cli::Common,
) -> Result<()> {
    let old = std::fs::read_to_string(path).unwrap_or_default();
    let all = merge_rows(table_rows(&old, CERTIFY_COLUMNS.len()), rows);
    let text = format!(
        "# Modern Art proof benchmark (standard variant)\n\n\
         `gamebounds modern-art bench --certify`: for each player count the committed \
         episode `games/modern-art-{{N}}p-standard.json` is replayed by the referee and its \
         game starts the split over the award tokens and the rounds their artist leads \
         (`solve --split tokens-leads --start`): every part only has to show that no game \
         beats it. This times the *proof* of a known maximum, not a solve from scratch \
         (the plain benchmark, `results/bench-modern-art.md`, times that). HiGHS with 1 thread, time limit {limit:.0} s per part; *median s* is \
         the median wall time of the runs in *runs s* (in run order), run i with HiGHS's \
         seed {first} + i − 1 (seeds {first}–{last}, `--highs-seed` sets the first): the \
         proof's branch-and-bound trees vary with the seed, so the median is over trees, \
         not one tree's clock; each run is the whole split (each part's LP, the solves, \
         the referee's replay). `--players` re-times only those rows and \
         keeps the others. The machine (2 cores) may have been shared with other jobs \
         while this ran.\n\n{}\n",
        crate::render::table(CERTIFY_COLUMNS, all),
    );
    common.write_report(path, &text)
}

/// The rows of a benchmark report's table with `width` columns (cells trimmed), by the
/// player count in the first cell; anything else in the text is ignored.
fn table_rows(text: &str, width: usize) -> Vec<Vec<String>> {
    text.lines()
        .filter_map(|line| {
            let cells: Vec<String> = line
                .trim()
                .strip_prefix('|')?
                .strip_suffix('|')?
                .split('|')
                .map(|c| c.trim().to_string())
                .collect();
            let n: usize = cells.first()?.parse().ok()?;
            (cells.len() == width && PLAYERS.contains(&n)).then_some(cells)
        })
        .collect()
}

/// Why an episode already in `games/` should stay rather than be replaced by `new` (the
/// same row solved again), or `None` to replace it: it has a better game; or the same
/// game proven where `new` is not; or, neither proven, the same game with a lower bound.
pub fn keeps(old: &Envelope, new: &Outcome) -> Option<String> {
    let value = new.value as f64;
    let old_value = old.value?;
    let old_proven = old.status == crate::lp::Status::Optimal;
    let tighter = match (old.bound, new.report.bound) {
        (Some(a), Some(b)) => a < b,
        (Some(_), None) => true,
        _ => false,
    };
    if old_value > value {
        Some(format!(
            "its game scores {old_value}, this run's {}",
            new.value
        ))
    } else if old_value == value && old_proven && !new.proven {
        Some(format!(
            "{old_value} proven there; this run did not prove it"
        ))
    } else if old_value == value && !old_proven && !new.proven && tighter {
        Some(format!(
            "the same {old_value} with a lower bound ({} against {})",
            old.bound.unwrap_or(f64::NAN),
            new.report.bound.map_or("none".into(), |b| b.to_string())
        ))
    } else {
        None
    }
}

/// The star episode's file stem, e.g. `modern-art-3p-standard-star-krypto`.
fn star_stem(n: usize, variant: &str, artist: &str) -> String {
    let slug = artist.to_lowercase().replace(' ', "-").replace('.', "");
    format!("modern-art-{n}p-{variant}-star-{slug}")
}

/// Table rows of cells.
type Rows = Vec<Vec<String>>;

/// The rows of both `results` tables, read from the episodes in `games/` (after a replay
/// by the referee: a file that does not verify is an error, never a row).
fn result_rows(root: &std::path::Path) -> Result<(Rows, Rows)> {
    let mut rows = Vec::new();
    let mut star_rows = Vec::new();
    for name in RESULT_VARIANTS {
        let path = root.join(format!("models/modern-art/{name}.json"));
        for n in PLAYERS {
            let c = Config::load(&path, None, n)?;
            let star_name = &c.deck.artists[star_artist(&c)];
            let stems = [
                format!("modern-art-{n}p-{name}"),
                star_stem(n, name, star_name),
            ];
            for (i, stem) in stems.iter().enumerate() {
                let file = root.join(format!("games/{stem}.json"));
                let cells = if file.exists() {
                    let env = Envelope::load(&file)?;
                    super::verify(&env).with_context(|| format!("{}", file.display()))?;
                    episode_cells(&env, i == 1)?
                } else {
                    let mut cells = vec!["no episode yet (run `modern-art results`)".to_string()];
                    cells.resize(if i == 1 { 3 } else { 6 }, "–".into());
                    cells
                };
                let episode = format!("games/{stem}.json");
                if i == 0 {
                    let mut row = vec![name.to_string(), n.to_string()];
                    row.extend(cells);
                    row.push(episode);
                    rows.push(row);
                } else {
                    let mut row = vec![name.to_string(), n.to_string(), star_name.clone()];
                    row.extend(cells);
                    row.push(episode);
                    star_rows.push(row);
                }
            }
        }
    }
    Ok((rows, star_rows))
}

/// One episode's cells: for the whole game seat, maximum, other players, status,
/// seconds, rows × columns; for a star maximum, status, seconds.
fn episode_cells(env: &Envelope, star: bool) -> Result<Vec<String>> {
    let payload: episode::Payload = env.payload_as()?;
    let seat = payload.player.unwrap_or(0);
    let value = payload.scores.get(seat).copied().unwrap_or(0);
    let proven = env.status == crate::lp::Status::Optimal;
    let maximum = match (proven, env.bound) {
        (true, _) => value.to_string(),
        (false, Some(b)) => format!("best {value}, bound {}", b.floor()),
        (false, None) => format!("best {value}"),
    };
    let solver = env.solver.as_ref();
    let seconds = solver
        .map(|s| format!("{:.1}", s.seconds))
        .unwrap_or("–".into());
    if star {
        let status = if proven {
            "proven maximum of the shape".to_string()
        } else {
            unproven_status(env.gap)
        };
        return Ok(vec![maximum, status, seconds]);
    }
    let others = others_text(&payload.scores, seat);
    let status = match (proven, payload.split.is_some()) {
        (true, true) => format!(
            "proven, certified (split over {})",
            payload
                .split_by
                .as_deref()
                .unwrap_or(super::render::FIRST_ARTIST)
        ),
        (true, false) => "proven, certified".to_string(),
        (false, _) => unproven_status(env.gap),
    };
    let size = solver
        .map(|s| format!("{} × {} ({} int)", s.rows, s.columns, s.integers))
        .unwrap_or("–".into());
    Ok(vec![
        format!("P{}", seat + 1),
        maximum,
        others,
        status,
        seconds,
        size,
    ])
}

/// The star solves of `results` get this many times the time limit (they prove in
/// 16–90 s when measured; the factor keeps a loaded machine from cutting one short).
pub const STAR_LIMIT_FACTOR: f64 = 4.0;

/// The artist with the most cards (the lowest index among equals): the star of `results`.
pub fn star_artist(c: &Config) -> usize {
    (0..c.artists())
        .max_by_key(|&a| (c.cards_of(a), std::cmp::Reverse(a)))
        .unwrap_or(0)
}

/// Time limit per solve of `results` when none is given.
pub const DEFAULT_RESULTS_LIMIT: f64 = 120.0;

/// A benchmark's solver options: one thread, `default_limit` unless --time-limit says
/// otherwise, no progress lines.
fn bench_options(common: &crate::cli::Common, default_limit: f64) -> SolveOptions {
    let mut opts = common.solve_options();
    opts.threads = 1;
    opts.time_limit = opts.time_limit.or(Some(default_limit));
    opts.quiet = true;
    opts
}

/// A benchmark row's "median s" and "runs s" cells: the runs in the order they ran (so
/// run i stands beside its seed), then sorted for the median.
fn median_and_runs(times: &mut [f64]) -> (String, String) {
    let runs = times.iter().map(|t| format!("{t:.1}")).collect::<Vec<_>>();
    times.sort_by(|a, b| a.total_cmp(b));
    (format!("{:.1}", times[times.len() / 2]), runs.join(" / "))
}

/// Per-part time limit of a split when none is given: `solve` (max-player) and the plain
/// benchmark (`bench` without `--certify`).
pub const DEFAULT_SPLIT_LIMIT: f64 = 300.0;

/// Columns of the plain benchmark's table.
const BENCH_COLUMNS: [&str; 7] = [
    "players",
    "result",
    "median s",
    "runs s",
    "parts",
    "longest part s",
    "model (whole)",
];

/// `modern-art bench`: the standard solve for each player count from scratch, as a user
/// runs it (`solve --players N --split tokens-leads`), 1 thread, `runs` runs; the report
/// (`results/bench-modern-art.md`) gives the median wall time, the parts and the model
/// size, and keeps the rows of player counts not re-timed.
pub fn run_bench(
    root: &std::path::Path,
    runs: usize,
    players: &[usize],
    common: &crate::cli::Common,
) -> Result<()> {
    check_run(root, "bench", players)?;
    let opts = bench_options(common, DEFAULT_SPLIT_LIMIT);
    let path = root.join("models/modern-art/standard.json");
    let report = root.join("results/bench-modern-art.md");
    let limit = opts.time_limit.unwrap_or(0.0);
    let (first, last) = bench_seeds(&opts, runs);
    let mut rows: Vec<Vec<String>> = Vec::new();
    for &n in players {
        let c = Config::load(&path, None, n)?;
        // One seed per run: the search's time depends on its path.
        let label = format!("bench {n}p");
        let (o, median, runs_s) = timed_splits(&label, runs, common, &opts, |opts| {
            split(
                &c,
                Objective::MaxPlayer,
                None,
                SplitBy::TokensLeads,
                opts,
                None,
            )
        })?;
        let (parts, longest) = parts_cells(&o)?;
        rows.push(vec![
            n.to_string(),
            result_cell(&o),
            median,
            runs_s,
            parts,
            longest,
            model_cell(&o),
        ]);
        // After every player count, so a long run stopped later keeps this row.
        let old = std::fs::read_to_string(&report).unwrap_or_default();
        let all = merge_rows(table_rows(&old, BENCH_COLUMNS.len()), &rows);
        let text = format!(
            "# Modern Art ILP benchmark (standard variant)\n\n\
             `gamebounds modern-art bench`: the standard solve of each player count from \
             scratch, as `gamebounds modern-art solve --players N --split tokens-leads` runs \
             it: max-player (the best seat), HiGHS with 1 thread, \
             time limit {limit:.0} s per part, no game given. The split's parts are the award tokens (one part for \
             all artists with the same symbols, which the model renames) and then the \
             rounds their artist leads; a neighbourhood search of the first part (the \
             highest LP) finds a first game, usually the maximum, and every part then only \
             has to show that nothing beats it. *median s* is the median wall \
             time of the runs in *runs s*, run i with HiGHS's seed {first} + i − 1 (seeds \
             {first}–{last}, `--highs-seed` sets the first): another seed takes another \
             search path to the same maximum, sometimes in a very different time, so the \
             median is over paths, not one path's clock (*runs s* in run order; the other cells are \
             the last run's). Each run is the whole solve (every part's LP and MIP, \
             the schedule, the referee's replay). `--players` re-times only those rows and \
             keeps the others. The machine (2 cores) may have been shared with other jobs \
             while this ran. The proofs of the committed maxima alone are in \
             `results/bench-modern-art-certify.md` (`bench --certify`).\n\n{}\n\n{}\n",
            crate::render::table(BENCH_COLUMNS, all),
            FORMULATIONS
        );
        common.write_report(&report, &text)?;
    }
    Ok(())
}

/// The HiGHS seeds of a benchmark's runs: run i runs with `opts.seed + i - 1` (one seed's
/// runs would time one search path or proof tree, and the machine's noise). First and last.
fn bench_seeds(opts: &SolveOptions, runs: usize) -> (i32, i32) {
    (opts.seed, opts.seed + runs.max(1) as i32 - 1)
}

/// `runs` (at least one) timed runs of a split, run i with `opts` at HiGHS's seed
/// `opts.seed + i - 1` ([`bench_seeds`]), each noted as `label run i: verdict in s`: the
/// last run's outcome, the median seconds and every run's seconds.
fn timed_splits(
    label: &str,
    runs: usize,
    common: &crate::cli::Common,
    opts: &SolveOptions,
    mut run_once: impl FnMut(&SolveOptions) -> Result<Outcome>,
) -> Result<(Outcome, String, String)> {
    let mut times = Vec::new();
    let mut last = None;
    for run in 1..=runs.max(1) {
        let opts = SolveOptions {
            seed: opts.seed + run as i32 - 1,
            ..opts.clone()
        };
        let started = std::time::Instant::now();
        let o = run_once(&opts).with_context(|| format!("{label}, run {run}"))?;
        let secs = started.elapsed().as_secs_f64();
        common.note(format!(
            "{label} run {run}: {} in {secs:.1} s",
            verdict(&o, Objective::MaxPlayer)
        ));
        times.push(secs);
        last = Some(o);
    }
    let (median, runs_s) = median_and_runs(&mut times);
    let o = last.ok_or_else(|| anyhow!("{label}: no run"))?;
    Ok((o, median, runs_s))
}

/// "proven 441", or the unproven status.
fn result_cell(o: &Outcome) -> String {
    if o.proven {
        format!("proven {}", o.value)
    } else {
        status_cell(o)
    }
}

/// A split's parts in words ("91 (81 solved, 10 skipped by LP, 0 empty, 0 open)") and its
/// longest part's seconds.
fn parts_cells(o: &Outcome) -> Result<(String, String)> {
    let payload: episode::Payload = o.envelope.payload_as()?;
    let parts = payload.split.unwrap_or_default();
    let count = |what: &str| parts.iter().filter(|p| p.status.starts_with(what)).count();
    let solved = parts
        .iter()
        .filter(|p| !p.status.starts_with("skipped") && p.status != "empty")
        .count();
    let longest = parts.iter().map(|p| p.seconds).fold(0.0, f64::max);
    Ok((
        format!(
            "{} ({} solved, {} skipped by LP, {} empty, {} open)",
            parts.len(),
            solved,
            count("skipped"),
            count("empty"),
            count("open")
        ),
        format!("{longest:.1}"),
    ))
}

/// The whole model's size, "rows × columns (integers int)".
fn model_cell(o: &Outcome) -> String {
    format!(
        "{} × {} ({} int)",
        o.report.rows, o.report.columns, o.report.integers
    )
}

/// The rows of `old` for player counts not in `new`, then `new`, by player count.
fn merge_rows(old: Vec<Vec<String>>, new: &[Vec<String>]) -> Vec<Vec<String>> {
    let mut all: Vec<Vec<String>> = old
        .into_iter()
        .filter(|r| new.iter().all(|n| n[0] != r[0]))
        .chain(new.iter().cloned())
        .collect();
    all.sort_by_key(|r| r[0].parse::<usize>().unwrap_or(usize::MAX));
    all
}

pub const FORMULATIONS: &str = "## Formulations tried (2 players, standard; root LP bound)\n\n\
1. Value levels as one binary per artist, round and value, linked to the points only by \
their average; every scored card split by level with coefficient `count_max` (K − 1 + \
players + hidden cards): root LP 678.\n\
2. The same, but a seat's face-up cards (at most K per artist and round) and its hidden \
cards split separately, each with its own small coefficient: 608.\n\
3. Values as paths: a flow over value levels per artist, each arc labelled with the \
ranked place and the award tokens of the round and tied to the ranking patterns and the \
tokens placed (the model in `src/modern_art/model/values.rs`): 518.\n\
4. Ranking as a disjunction in its convex hull (a copy of the counts per ranking \
pattern) instead of pairwise big-M comparisons: root LP unchanged (518; anchor 432), the \
model three times larger, and HiGHS found no incumbent within 110 s: reverted to the \
pairwise comparisons.\n\
5. A tighter hand bound for the empty-hand (skip) disjunction: root LP unchanged. \
Forbidding skips altogether (not a valid relaxation, measured only) lowers the anchor \
root LP from 432 to 424: the remaining gap is mostly the LP mixing several strategies \
(which artist gets the awards and first places) rather than any single rule.\n\
6. Five families of valid cuts (`src/modern_art/model/cuts.rs`: supply by value level, \
close by level, the first artist reaches K, hidden cards by level, capacity of a round \
without a close): 507 (anchor 426).\n\
7. Splitting over round 1's first artist (`solve --split`): every part's bound stays at \
486–490 after 150 s (anchor: parts close, 418 proven).\n\
8. Fixing the artist with the highest final value and that value (measured only): Krypto \
at 22 gives 467, at 18–21 gives 479–481, Karl Gitter at 22 gives 453. The slack is not \
only the mixing of worlds: each world alone is 5–10% loose (Krypto first in every round \
with every award: LP 467, proven optimum 440 in 90 s by `solve --star krypto`).\n\
9. Dives (restricted solves of one shape whose best game is the MIP start of the whole \
model): no change to the bound; the incumbents for 3 and 4 players rise from 153 and 117 \
to about 300 and 336.\n\
10. Fixing the ranking patterns (measured only, `GAMEBOUNDS_PATTERNS`, see \
`model::scope::diagnostic_fixings`): within Krypto's star (LP 467.5), fixing round 1's \
pattern alone gives 457.4, rounds 1–2 451.0, rounds 1–3 448.0, all four 442.9, and all four \
plus \"every round closes\" exactly the proven optimum 440.0; the whole game with the four \
patterns of that game fixed gives 462.0. So, given the patterns, turns, hands and cards are \
modelled tightly; the slack is the mixture of ranking patterns (and award placements, and \
fractional \"hand ran empty\" skips) across rounds, which no per-round disaggregation \
tried so far (4, 5) removes.\n\
11. Hidden cards (measured only, decks with fewer `hidden` cards): the root LP of the \
whole game / of Krypto's star is 432.0 / 432.0 with none, 450.0 / 450.0 with one (Krypto's), \
467.0 / 456.0 with two, 482.0 / 460.5 with three and 507.2 / 467.5 with five (standard). \
With at most one hidden card the whole LP is the star's; each further one adds about 15 \
to the whole LP (about 3 to the star's); in the LP every \"who carries the awards\" world \
shows all five hidden cards in round 4 at its top value. Without \
hidden cards the whole game still does not close in 300 s (418 against the root's 432), \
and fixing round 1's and round 4's first artists (`GAMEBOUNDS_FIRSTS`, 25 parts) leaves \
every part's LP at 483–503.\n\
12. Award tokens (measured only, `GAMEBOUNDS_AWARDS`, `GAMEBOUNDS_AWARDMAX`): every token \
on Krypto, with no place fixed, gives 488.0; at most four tokens on any artist 507.2, at \
most three 506.8. That measured the tokens placed in total, which the LP meets by averaging \
worlds in which one artist holds all five (see 13).\n\
13. Values as paths over (points, tokens) states, `tokens_end` binaries and the \
`token-conflicts` cuts, and the token split (`solve --split tokens`): the root LP is \
unchanged (507.1), but per path the tokens now count: at most three tokens per artist gives \
462.0 (2 players, standard) and 324.7 (5 players, anchor), at most four 493.5 and 361.3. \
The split's parts (16: an artist with 5, 4 or 3 tokens, or nobody above 2) are skipped \
when their LP cannot beat the best game, and otherwise only look for a better one: this \
proves the 3-player anchor maximum, 411, in 285 s. Model size grows to about 11,300 \
columns (3 players).\n\
14. The token split with the rounds the token artist leads (`tokens-leads`), each part \
closed against the best game (a HiGHS cutoff, heuristics and root restarts off): every \
standard maximum proven, 4⅓–9 minutes from the known maximum (2026-11-25).\n\
15. Interchangeable artists renamed (`model::relabel`, 2026-11-26): artists with the same \
symbols take their card counts and tie-break places by an assignment (45 binaries), one \
order of the artists a part does not name is kept (a packing orbitope over the ranked \
places), and one token part stands for all of them. The relaxation spread a role over \
several artists (2 players, \"Krypto 5 tokens, first in rounds 2 and 4\": LP 472, 453.5 \
with the role given to one artist); with the order kept that part closes at its first \
node in 1.3 s instead of 12.5 s. The split has 19 parts instead of 76–106; the proofs of \
the known maxima take 26–91 s, the solves from scratch in the table above 32–174 s.
16. The leads split one round at a time once a game is known, and the ranking's length \
(2026-11-26): a token part is halved by whether its artist is first in round 1, then \
round 2, …, and a group within 4% of the best game is closed whole; a part with every \
round decided whose LP exceeds the best game by more than 5% is split by how many artists \
the first round its artist does not lead ranks (4 players, \"first in rounds 2, 3 and 4\": \
LP 414 against 392, 62.5 s whole, 8.7 s with three ranked and 27.3 s with two). The \
proofs of the known maxima take 23–59 s (`bench --certify`, medians of 3). Measured and not kept: the token artist's place \
in round 1 (the part with it second keeps LP 414 and took 82 s), HiGHS's \
`mip_pscost_minreliable` 4 and 16, `mip_detect_symmetry` off and \
`mip_lifting_for_probing` 1 (66–133 s against 66 s), and the ranking split with no game \
known (4 players from scratch: 78.5 + 103.3 s against 142 s).\n\
17. A neighbourhood search before the first part, from no game (2026-11-26, later): a \
200-node solve of the leaf part gives a first game (441, 412, 390, 334 for 2–5 players; \
the 2-player one is proven there and ends the part), then, once per round, the part with \
that round's shape (opener, last turn, close, extra card, ranking pattern) kept from the \
best game and the other three rounds free, 1000 nodes each, looks for a better one. It \
found the maximum for 3, 4 and 5 players in 42, 38 and 69 s, and every part is then \
solved against it, as in a proof. Single runs from scratch: 30.3 / 78.3 / 136.9 / 116.8 s \
for 2–5 players (31.4 / 117.5 / 174.9 / 124.0 s before). Measured and not kept (4 \
players): pairs of free rounds with the whole skeleton of the others kept (values and \
tokens too) found nothing better than 390, with the shapes kept 391; only the ranking \
patterns kept, 391 (300–1000 nodes each); a 50-node first solve (384) or 500 nodes per \
neighbourhood reach 392 as well, no sooner.\n\
18. A proof attempt after each better game the search finds (2026-11-26, the next \
session): the part against that game, as the split solves it, for 1000 nodes; when it \
closes, the search stops and the split takes that solve as the part's result. One run \
each from scratch: 3 players 72.0 s (the attempt against 426 found 427 and proved it) \
against 78.3 s; 3- and 4-player anchor 44.5 and 53.0 s against 55.4 and 57.8 s. Not \
attempted where the split divides the part again by round 1's ranking (4-player standard, \
5-player anchor, 3- and 4-player blessed): there the piece holding the game needs more nodes (4 players: 1000 nodes in \
25 s did not close it; 3000 did, 104.5 s from scratch against 137.7 s, but 4-player \
blessed then failed two attempts, 369.6 s against 275.3 s). Measured and not kept: a \
patience of one fruitless neighbourhood (4-player blessed finds its 393 only in round 4), \
and HiGHS options for the search (`mip_heuristic_effort=0.3`: 4 players 392 at 83 s \
against 39 s; `mip_pscost_minreliable=2`: 392 at 90 s).\n\
19. The hard 4-player pieces (2026-11-26, the ninth session, measured only): the two \
ranking pieces of \"5 tokens, first in rounds 2, 3 and 4\" keep LP 414 and 411 with rounds \
2–4 fixed to rank three artists (`GAMEBOUNDS_RANKED`), with the token artist's tokens per \
round fixed (none in round 1: 412.7 and 408.8), and with the cards paid at a value level \
capped at K − 1 unless the artist closes the round. The LP buys one round-4 card of each \
of three artists that are second in a sixth of its worlds, each paid in full. The proof \
of 392 from the committed game, in pairs run the same day: the objective as a row beside \
the cutoff 206.1 s against 163.9 s, the cutoff at best + 0.99 177.1 s against 173.5 s, \
`mip_allow_cut_separation_at_nodes=false` 202.7 s, `mip_search_simulate_concurrency` \
129.8 s against 130.4 s, `mip_pool_soft_limit=2000` 136.4 and 150.2 s against 143.9 s. \
No root restarts in the search: 5 players 239.0 s against \
290.0 s, but 4 players stopped at 391 and was not proven within 300 s per part.\n\
20. The root as the search's first solve (2026-11-26, the tenth session, measured only): \
the first game from the root alone (440, 407, 384, 334 for 2–5 players in 14–22 s, \
against 441, 412, 390, 334 in 25–60 s with 200 nodes, on a machine about 2.7 times \
slower), and a proof attempt of the whole part when that game is within 2% of the root's \
bound (2 players: 441 found and proven in 9 s). From scratch there, before → after: 2 \
players 88.2 → 79.4 s, 3 players 167.6 → 109.2 s, 4 players 395.9 → 402.6 s, 5 players \
314.7 → 268.1 s; but 4-player blessed ended its search at 390 instead of 393 (a second \
pass of the rounds found nothing more), and its \"2 artists ranked\" piece then hit the \
300 s part limit at 392, bound 396: not kept. The LP of a fully fixed world (4 players, \
every first and second place of rounds 1–4 fixed) is still 405 against 392; without the \
cut families the proof of 392 did not close its first piece in more than 4 minutes \
(148.7 s for all of it with them).\n\
21. HiGHS's rounding heuristics in the search (2026-11-26, the eleventh session, measured \
only): `mip_heuristic_run_zi_round` and `mip_heuristic_run_shifting` (off by default) on \
for the first solve and the neighbourhoods (`GAMEBOUNDS_PROBE_HIGHS`, \
`GAMEBOUNDS_NEAR_HIGHS`). From scratch on a machine about 1.26 times slower, without → \
with: 3 players 89.1 → 78.6 s, 4 players 168.6 → 210.7 s, 5 players 149.5 → 263.3 s, \
4-player blessed 326.0 → 505.3 s (its search ended at 391 and the \"2 artists ranked\" \
piece took 281.9 s to find 393); on the first solve alone 4 players ended its search at \
391. Better first games (5 players 338 against 334), longer paths from them: not kept. \
With the ranking patterns of the optimum fixed the LP is 355.2 against 343 (5 players) \
and 403.2 against 392 (4 players, the whole game; 463.0 with none fixed), and the 5-player \
root dual bound is 343 at once, while finding 343 there took 36 s: the proof's slack is \
the mixing of worlds, the search's cost the card and turn assignment within one.\n\
22. The first leaf found best first (2026-11-26, the twelfth session): with no game known, \
the sub-part of the first token part with the highest LP is found down the halving, \
opening only the part with the highest LP (`solve::highest_leaf`): 8 LPs before the \
search (4 players) instead of the 16 sub-parts' and the 6 pieces', the same sub-part and \
the same path. From scratch on a slower machine, each run alone, before → after: 2 players \
43.0 → 37.7 s, 3 players 91.5 → 87.4 s, 4 players 199.3 → 188.2 s, 5 players 150.3 → \
135.9 s (about 4–6 s of it the LPs, the rest the machine). Measured and not kept: one \
HiGHS instance for the sub-parts' LPs, the dual simplex warm from the last basis (the \
3-player proof's LPs 6.79 s against 6.74 s: the warm solves run on the model as built, \
where a fresh solve presolves it to a third); groups closed whole up to 5% above the best \
game (proofs from the committed games: 4 players 77.4 s against 72.4 s, 5 players 69.5 s \
against 52.6 s); `mip_pscost_minreliable=2` (the 4-player proof 101.2 s against 72.4 s).\n\
23. Piece attempts after a fruitless neighbourhood (the same session): where the split \
divides the searched part by round 1's ranking, the search attempts the pieces whose LP \
can beat its game (2000 nodes each, `PIECE_NODES`) once a neighbourhood finds nothing \
better, once per game; when all close, the search stops and the split takes those solves. \
From scratch: 4 players 188.2 → 147.1 s (round 2 found nothing after 392, the two pieces \
closed in 11 and 1124 nodes, rounds 3 and 4 not searched); 5 players the same path \
(135.9 → 137.5 s); 4-player blessed 325.4 → 366.3 s (a pair: the piece holding 393 did \
not close against 391, 41 s lost), still proven.\n\
24. Seeds, and a second first solve (2026-11-26, the thirteenth session): the time from \
scratch depends on HiGHS's seed (`--highs-seed`) as much as on anything above. On a \
slower machine, seeds 0 / 1 / 2 / 3: 3 players 81.2 / 86.0 / 129.6 / 87.6 s, 4 players \
145.0 / 306.4 / 284.0 / 351.9 s, 5 players 137.5 / 277.6 / 210.5 / 239.6 s; seed 0 is the \
lucky 4-player path (390 from the first solve, 392 after round 1). `bench` now runs run i \
with seed i − 1, so its median is over paths (the table above: seeds 0, 1, 2, on that \
slower machine). Kept: when the first solve finds no game in its 200 nodes (5 players, seed 1), a \
second one with 800 nodes and no strong branching (`PROBE_RETRY`): 277.6 → 206.2 s; no \
row at seed 0 takes it. Measured and not kept: no strong branching in every first solve \
(`mip_pscost_minreliable=0`: half its time; 3–5 players faster for 11 of those 12 seeds, \
3 players 65.4 / 71.7 / 75.9 / 82.2 s, but 2 players no longer proves its part in the \
first solve (+10–20 s), a two-round miniature's search ends below its maximum, and at seed \
0 4 players takes 269.6 s, 4-player blessed 552.0 s); the neighbourhoods without it too (3 \
players 84.6 / 96.8 / 132.6 / 158.2 s).\n\
25. Small neighbourhoods first, longer piece attempts, and the proof's seeds (2026-11-27, \
the fourteenth session, measured only; runs two at a time, seeds 0 / 1 / 2). Every \
round's shape kept (only cards, values and tokens free) takes 0.4–0.8 s and lifts a poor \
first game far (4 players: 364 → 372 at seed 1, 376 → 389 at seed 2); cycling it with \
each single round free (the other three shapes kept) until a whole cycle finds nothing \
took 4 players from 364 to 388 in 18 s and from 376 to 391 in 29 s, and seed 2 then had \
392 at 84 s (the committed search: 391 at 144–161 s, never 392). With piece attempts of \
5000 nodes instead of 2000 as well, 4 players took 157.0 / 289.0 / 214.8 s. Not kept: 3 \
players got slower at every seed (126.9 / 89.9 / 143.3 s against 78.4 / 88.0 / 134.6 s \
beside them; at seed 0 the small neighbourhoods stop at 423 where round 1's large one \
reaches 426, and the proof attempt that found and proved 427 no longer comes), 4 players \
at seed 0 spends 22 s in small neighbourhoods that find nothing, and 5000-node piece \
attempts cost 4-player blessed 104.6 s against 391 (403.4 s in all, 325–366 s before). \
Pairs of free rounds too found 392 at seed 2 at 80 s, but take 20–50 s each; 5 players \
(small neighbourhoods alone), seeds 1 / 2: 182.2 / 116.5 s against 202.7 / 242.9 s in the \
table above. Three seeds cannot tell a better search from a luckier one. Also not \
kept: the neighbourhoods without a cutoff, started from the best game (so that HiGHS has \
an incumbent for RINS): 4 players, seeds 1 / 2, 326.8 / 398.7 s against 340.3 / 337.7 s. \
The proof's time depends on the seed too: `bench --certify` now runs seeds 0, 1, 2 \
(4 players 72.5 / 124.5 / 106.8 s); its hard piece (5 tokens, first in rounds 2–4, two \
artists ranked in round 1: LP 411, about 398 after the root's cuts, against 392) closes \
in 1124 nodes at seed 0 and 2626 at seed 1 (39.6 and 66.9 s, two at a time). Fixing the \
token artist second in round 1 (43 s at seeds 0 and 1), every round closing (79 s), \
`mip_lp_age_limit=30` (56 s) or devex pricing (60 s) left it as hard.\n\
26. First improvement in the neighbourhoods, exclusions that settle, and pieces proven \
at a better game (2026-11-27, the fifteenth session; runs two at a time). Measured, not \
kept: every neighbourhood stopped at its first better game (HiGHS's \
`mip_max_improving_sols=1`, `GAMEBOUNDS_LNS=…,0` as the sixth field): 4 players 137.8 / \
182.1 / 217.9 / 412.5 s at seeds 0–3 (before: about 145, 340.3, 337.7 and 350 s; from \
388 or 389 the split's pieces find 392 themselves), 3 players 111.2 / 93.3 / 85.9 / \
108.6 s against 81.1 / 86.8 / 137.9 / 91.3 s, 5 players at seed 1 1006.4 s (206–278 s \
before); only the neighbourhoods after the first (sixth field 1): 3 players the same \
paths, 4 players 138.8 / 270.8 / 317.8 / 381.9 s, 5 players at seed 0 237.4 s against \
133.3 s; piece attempts run to the end (no nodes lost): 4 players at seed 1 311.3 s \
against 340.3 s, but 4-player blessed 653.7 s against 417.9 s (its piece holding 393 hit \
the 300 s part limit against 391). Kept: an excluded plan unsettles a part, or a proof, \
only when the dual bound of the solve that returned it could beat the game found (the \
skeleton the cut removes lay inside the model that solve bounded; \
`Attempt::excluded_bound`): the 5-player path above had excluded a 343 plan in its \
renamed first part, found a playable 343 next and solved the part again under each \
artist's name (about 460 s); now 548.2 s, and the miniatures `m25-mixed-two-rounds` and \
`m38-chain-every-symbol` are proven instead of \"best found, gap 0%\". Kept: a piece \
attempt (2000 nodes) that proves a better game keeps it with its proof, and the later \
pieces are attempted against it (before, the search took the game, dropped the proof and \
went on): 3 players at seed 2 111.3 s against 137.9 s (426 and then 427 proven piece by \
piece); the other bench seeds keep their paths.\n\
27. The root as the first solve, again (2026-11-27, the sixteenth session): the search's \
first solve is the root alone (`PROBE_NODES` 1; first games 440, 407, 384 and 334 for \
2–5 players at seed 0 in 6–12 s, against 441, 412, 390 and 334 in 20–30 s with 200 \
nodes), and the round neighbourhoods lift a root game about as far (3 players, seed 0: \
407 → 427 in round 1's, where 412 reached 426). A root game within 2% of the root's \
bound (`FIRST_GAP`) is attempted at once, by its pieces where the split divides the \
part, 200 nodes each (`FIRST_NODES`): 2 players' 440 → 441 proven in 7 s. A first solve \
that finds no game is followed by one of 800 nodes whatever the first had \
(`RETRY_NODES`). Paired runs from scratch, seeds 0–3 (3 players) and 0–2: 3 players 56.1 \
/ 79.1 / 81.3 / 154.1 s against 86.8 / 94.6 / 114.7 / 108.1 s; 4 players 164.1 / 289.6 / \
277.9 s against 142.9 / 307.7 / 295.6 s; 5 players 135.9 / 197.1 / 109.5 s against 154.8 \
/ 202.7 / 224.5 s (at seed 3 306.7 s: its root game, 340, lies within 2% of the bound, \
its pieces do not close against it, and the path that follows is long). The table above: \
medians 38.3 / 75.9 / 253.4 / 122.3 s against 37.3 / 98.2 / 299.7 / 208.3 s the session \
before. 4-player blessed at seed 0 is still proven, 393 in 554.0 s (389.1 s before: its \
search ends at 390, as in 20, and the split finds 393). Measured, not kept: the attempt \
against a root game near its bound with 2000 nodes per piece (5 players, seed 3: 211 s \
in the pieces) or the first solve continued for 200 nodes from it (2 players 64.7 s); \
small neighbourhoods (one round free, the others' shapes kept) after each better game of \
a large one (4 players, seeds 1 and 2: nothing better, so every large neighbourhood's \
game is already best among them); a cut family splitting each artist's count by its \
value level (the LP of the 4-player maximum's world, every ranking fixed as in it, 403.2 \
→ 401.6; the whole game's and the parts' LPs unchanged); no strong branching in the \
proof (`mip_pscost_minreliable=0`: the 4-player proof 139.5 s against 78.0 s, 3 players \
52.2 s against 34.3 s). \
Over the twelve rows (standard, anchor, blessed; 2–5 players) at seed 0 the root took \
1807 s against 1487 s: anchor and blessed mostly got slower (5-player blessed 381.5 s \
against 209.7 s; README).\n\
28. The root first, over more seeds (2026-11-27, the seventeenth session; measured, \
nothing changed): the anchor and blessed rows at seeds 1 and 2, each beside the \
fifteenth session's search (`GAMEBOUNDS_LNS=200,1000,0,1000,2000,1000000,0.02,0`), every \
run proven: the root faster in 10 of 16 runs (8–22 s where both meet the same games; \
2-player blessed 4 s slower at both seeds, 5-player anchor at seed 2 144.6 s against \
89.4 s after a root with no game); medians over seeds 0–2 summed over the eight rows \
1158.7 s against 1174.8 s. Standard, paired at seeds 3–5 too: 4 players 374.4 / 344.3 / \
554.7 s against 394.8 / 371.1 / 480.6 s, 5 players 264.9 / 143.2 / 302.1 s against 267.0 \
/ 162.6 / 298.7 s; over seeds 0–5 the root is faster at 14 of 18 runs, medians 81.0 / \
317.0 / 170.2 s against 111.4 / 339.4 / 213.6 s for 3–5 players. The proof alone, given \
the maximum, takes 31.1 / 41.0 / 116.1 / 57.8 s (the certify benchmark, run again), so 4 players \
cannot meet 60 s by a better search. Measured, not kept: the 3-player proof by the token \
split alone (\"any artist: 5 tokens\" whole 35.4 s against about 31 s for its eight \
sub-parts). Measured only: with the token artist unranked in round 1 \
(`GAMEBOUNDS_UNRANKED`, new) the 4-player \"any artist: 5 tokens\" part has LP 379, below \
392, while second in round 1 leaves the hard piece's LP at 411.\n\
29. The hand budget (2026-11-27, the eighteenth session, kept): rows saying that a \
seat's cards of one artist k over the game, plus its cards of the other artists paid at \
a value ≥ t, fit in the cards it was dealt and drew: own(k) + Σ_{x≠k} paid_x(≥ t) ≤ D + \
S(k) + Σ_{x≠k} S(x) · [x's final value ≥ t] (`cuts::hand_budget`; D dealt, S the `draw` \
cards). The 4-player hard piece without the renaming: LP 423 → 399; 4-player blessed \
whole game 472.6 → 451.5. Inside branch and bound they slowed the two hard 4-player \
pieces (85.7 s against 39.4 s at seed 0, 131.5 against 69.9 s at seed 1; the 3-ranked \
piece had not closed after 165 s, 12.5 s before), so they go into the LP bounds, which \
skip parts, and into the integer model only of a part within 1.2% of the best game \
(`HAND_WITHIN`). The split's shares come down with the LPs (`WHOLE_WITHIN` 1.5%, \
`RANKED_BEYOND` 1.5%; 2 players 3% and 2%, 3 and 5 players 5% for the ranking: \
`SHARES_BY_PLAYERS`). The proofs of the committed maxima (the certify benchmark, seeds 0–2, \
beside another benchmark) 27.3 / 28.3 / 82.1 / 3.5 s against 31.1 / 41.0 / 116.1 / 57.8 \
s (5 players: every part skipped by its LP); the anchor and blessed proofs faster too \
(4-player blessed 140.7 s against 200.4 s, 5-player anchor 7.9 s against 41.3 s). From \
scratch (the table above) 36.6 / 68.3 / 224.6 / 136.6 s; the seventeenth session's \
search took 79.1, 277.9 and 135.9 s (medians) for 3–5 players on this machine.\n\
30. The hand budget in the search (2026-11-27, the nineteenth session, kept for 3 and 5 \
players): the search ends as soon as its game reaches the part's LP bound (the split then \
skips the part; 5 players, seed 0, saved a 24-s proof attempt); with 5 players its first \
solve and neighbourhoods carry the hand-budget rows, which bring the searched part's LP \
to 343.0, its maximum; with 3 players its proof attempts of the whole part carry them \
(`SEARCH_HAND`). From scratch (`bench`, alone): 5 players 22.0 / 113.2 / 36.0 s, median \
36.0 s, against 245.0 / 156.5 / 66.5 s without the rows (beside another run); 3 players \
48.1 / 57.9 / 63.4 s, median 57.9 s (the table above; paired at seeds 1 / 2, 64.0 / 70.7 \
s against 70.2 / 73.8 s). Measured and not kept: the \
rows in the 3-player split's parts within 2% of the best game (standard from scratch 43.4 \
/ 54.8 / 59.8 s, median 54.8 s, its proof 23.5 s against 28.3 s; but the anchor proof \
47.7 / 54.1 s against 41.9 / 26.1 s at seeds 0 / 1). 5-player blessed 66.8 / 80.7 / 88.5 \
s against 267.2 / 101.0 / 94.8 s, anchor 100.8 / 113.3 / 85.6 s against 41.9 / 80.1 / \
117.8 s; 3-player blessed 152.0 s (with the 2% share) against 264.2 s, anchor 42.4 s \
against 42.4 s (seed 0). \
With 2 and 4 players the rows slowed the search (2 players 51.8 s against 36.5 s at seed \
0; 4 players 169.7 / 297.6 / 407.9 s against 148.4 / 272.1 / 224.6 s), and so did the \
rows in the 4-player first solve alone (392 found at 167.8 s, against 64.6 s). A root \
with no game (5 players, seed 1) is solved again with HiGHS's next two seeds before the \
800-node retry (`RETRY_SEEDS`): 5 players then takes 20.8 / 54.2 / 32.4 s, median 32.4 \
s (the table above).\n\
31. The token artist's rows (2026-11-27, the nineteenth session, kept): of the 105 \
hand-budget rows (4 players) the 21 of the part's token artist give the 4-player hard \
piece its whole LP drop (399 with them alone, 423 with none, 408 with any other single \
artist's), and 21 rows no longer slow HiGHS's tree. The split's integer models of parts \
within 2.5% of the best game take them (`HAND_WITHIN`, `vars::HandRows`; all 105 rows \
within 1.2% before), the two hard 4-player pieces included. The 4-player proof from 392: \
47.2 / 44.4 / 32.3 s against 51.8 / 77.7 / 75.3 s at seeds 0–2 (pairs), 48.8 / 42.2 / \
31.9 s in the certify benchmark (median 42.2 s against 82.1 s); 4 players from scratch \
127.9 / 250.1 / 183.3 s, median 183.3 s against 224.6 s (the table above); 2 and 3 \
players from scratch 33.1 and 51.3 s (medians), their proofs 23.3 and 19.8 s.\n\
32. No piece attempts for 4 players (2026-11-27, the twentieth session, kept): the \
4-player search's piece attempts (2000 nodes per ranking piece after a fruitless \
neighbourhood) mostly run out of nodes in the hard 2-ranked piece and are thrown away \
(73 s at seed 1, 75 s at seed 6 against 392 itself, 66 and 138 s at seeds 3 and 5), so \
4 players attempts none (`PIECES_BY_PLAYERS`, `SearchLimits::for_players`) and the split \
solves the pieces. From scratch, pairs, seeds 0–6: 175.3 / 229.3 / same path / 257.3 / \
421.4 / 221.8 / 392.1 s against 160.3 / 279.8 / 200.7 / 321.1 / 339.0 / 585.4 / 435.0 s \
(medians 229.3 against 321.1 s); 4-player blessed at seed 0 631.1 s against 677.5 s, \
both proven. `bench` (seeds 0–2, alone) 163.7 / 241.2 / 196.4 s, median 196.4 s \
against 183.3 s: seed 2 takes the same path, seed 0 loses, seed 1 gains. Measured and \
not kept: every neighbourhood stopping at its first better game (median 281.9 s over \
seeds 0–6; it ends at 383–391), cycling those over the rounds, piece attempts with the token artist's rows, those rows in the 4-player search, \
HiGHS's heuristics in parts far below their LP, and the search inside the 2-ranked \
piece (README, \"No piece attempts for 4 players\").\n\
33. Tighter rows for short rankings (2026-11-27, the twenty-first session, measured \
only): an artist left out of a short ranking has no card, so its symbol cards of the \
round are at most its supply times (ranked + full pattern), and a value path places at \
most as many tokens in a round as the ranked artists hold `award` cards. With the four \
patterns of the 4-player 392 game fixed the 2-ranked piece's LP falls from 398 to 394, \
but the piece's own LP stays 399, and its proof from the committed game took 54.4 / \
77.8 / 83.7 s against 51.8 / 45.3 / 34.5 s (seeds 0–2). That proof over seeds 0–8: \
median 54.2 s, the piece 23.3–184.8 s; restarts with the next seed after 50 s would \
expect more than the mean now (README, \"Tighter rows for short rankings, and the hard \
piece's seeds\").\n\
34. 500 nodes per 4-player neighbourhood (2026-11-27, the twenty-first session, measured \
only, `GAMEBOUNDS_LNS=1,500`): the 4-player standard neighbourhoods find their better \
games within 500 nodes about as well as within 1000, in about half the time. From \
scratch, pairs, seeds 0–6: 152.0 / 181.8 / 132.3 / 206.4 / 364.8 / 246.3 / 319.5 s \
against 175.3 / 229.3 / 200.7 / 257.3 / 421.4 / 221.8 / 392.1 s (median 206.4 against \
229.3 s); 300 nodes ended the seed-2 search at 390. But 4-player blessed at seed 1 took \
876.9 s against 392.3 s (its search ended at 389, not 392; seed 0 612.0 against 631.1 \
s; with 700 nodes 907.3 s), so 1000 nodes stay (README, \"500 nodes per 4-player \
neighbourhood\").\n\
35. No search for 4 players (2026-11-27, the twenty-second session, measured only, \
`GAMEBOUNDS_LNS=0`): the split solves its first part (\"any artist: 5 tokens, first in \
rounds 2, 3 and 4\", LP 399.8) whole, with HiGHS's heuristics and no game to beat. From \
scratch, pairs, seeds 0 / 1 / 2: 153.8 / 177.7 / 281.6 s against 133.1 / 190.0 / 159.5 s \
with the search (HiGHS found 392 at 110.2, 150.2 and 240.4 s; the seed-2 part took 277.9 \
s of its 300 s): the search stays. The 3-ranked piece alone, from no game (the unsplit \
model restricted by the diagnostics, no renaming), has the maximum 391, proven in 241.2 \
s; the 2-ranked piece had 390, bound 397, after 300 s (README, \"No search for 4 \
players, and the ranking pieces from no game\").
36. A search without empty hands (2026-11-27, the twenty-fifth session, kept for 4 \
players): the search's first solve and neighbourhoods look only at games in which no \
hand runs empty (`Near::no_skip`, `SEARCH_NO_SKIP`; never its proof attempts, and the \
split's parts look at every game), which leaves out the empty-hand disjunction that \
holds the 4-player pieces' bounds up (README, \"The plateau is the empty-hand \
disjunction\"); the 4-player standard maximum has a game without an \
empty hand. From scratch, pairs, seeds 0 / 1 / 2: 98.7 / 107.7 / 83.6 s against 119.1 / \
173.6 / 147.0 s, the search ending at 392 at all three (after 61.4 / 73.6 / 58.0 s, \
against 392 / 391 / 391 after 82.8 / 109.1 / 102.3 s); seeds 3 / 4 / 5: 96.1 / 215.1 / \
125.2 s against 174.2 / 284.4 / 151.2 s (726.4 s in all over seeds 0–5 against 1049.5 \
s); `bench --players 4` 97.5 / 103.0 / 80.2 s, median 97.5 s against 159.8 s (then). 4-player blessed 258.8 s and \
anchor 28.9 s against 31.2 s (seed 0), both proven; the anchor maximum (380) needs an \
empty hand in round 4, so its search ends at 368 and the split finds 380. A part with no \
game without an empty hand (miniature m27) is searched over every game. Not for 2, 3 and \
5 players (pairs at seeds 0–2: other paths, medians 29.5 / 35.5 / 26.0 s against 27.6 / \
42.6 / 27.2 s; 3-player anchor 37.9 s against 32.6 s). With 500 nodes per neighbourhood \
as well, 94.3 / 94.8 s at seeds 0 / 1: not kept (README, \"A search without empty \
hands\").
37. The games without an empty hand, solved to the end (2026-11-28, the twenty-sixth \
session, kept for 4 players): HiGHS's logs showed every neighbourhood of the restricted \
search running to its end within its 1000 nodes (13–584 nodes, 9–19 s each), so the \
search's first solve now gets 5000 nodes (`NO_SKIP_NODES`; `SearchLimits::no_skip` is \
that node count) and, when it ends within them, its game is the best without an empty \
hand and ends the search (every neighbourhood would look only at such games). The part \
searched is solved so in 1059–1345 nodes, 392 at 25.0–48.7 s at seeds 0–5. From scratch, \
pairs, seeds 0–5: 68.0 / 80.0 / 59.2 / 89.4 / 113.2 / 101.8 s against 98.7 / 107.7 / \
83.6 / 96.1 / 215.1 / 125.2 s (511.6 s in all against 726.4 s); `bench --players 4` \
73.2 / 81.9 / 60.2 s, median 73.2 s (then). Anchor 21.4 s against 28.9 s, \
blessed 211.9 s against 258.8 s (seed 0, both proven). Measured and not kept: the \
hand-budget rows in that solve (68.6 / 73.5 / 63.4 s at seeds 0–2), \
`mip_heuristic_effort=0.3` or `mip_pscost_minreliable=0` in it (the search 39.7 / 54.9 \
and 41.4 / 41.7 s at seeds 0 / 1 against 29.3 / 43.8 s; no root restarts 47.2 / 33.9 \
s, the rounding heuristics on 50.0 / 40.6 s), each ranking piece's root \
first and then the piece with the highest root bound to its end (31.9 s against 29.3 s \
at seed 0), neighbourhoods stopping at their first better game cycled until a whole \
pass finds nothing (128.4 / 137.6 s at seeds 0 / 1), and 3 players with the same first \
solve (52.7 / 30.7 / 40.2 s against 39.2 / 45.9 / 51.5 s). The 2-ranked piece alone \
under the restriction gives 392 in 18–22 s, but nothing in the part says to search it \
first (README, \"The games without an empty hand, solved to the end\").
38. The games without an empty hand, piece by piece (2026-11-28, the twenty-sixth \
session, kept for 4 players): that first solve goes through the ranking pieces by which \
the split may divide the part, each to its end, the pieces whose LP lies within 2% of the \
highest first, fewest ranked artists first (the fewest ranking patterns: the shortest \
solve), then the others, each against the best game so far (a cutoff, heuristics off) \
and skipped when its LP cannot beat it (`PIECES_WITHIN`). 4 players: the 2-ranked piece \
gives 392 to the end in 17.8–21.7 s, the 3-ranked one closes against it in about 6 s, \
and the search ends after 23.8–32.5 s at seeds 0–5 (25.0–48.7 s for the part whole). \
From scratch, pairs, seeds 0–5: 62.2 / 58.8 / 53.4 / 69.9 / 103.2 / 106.6 s against 68.0 \
/ 80.0 / 59.2 / 89.4 / 113.2 / 101.8 s (454.1 s in all against 511.6 s); `bench \
--players 4` 62.2 / 56.1 / 53.0 s, and in the full `bench` (the table above) 61.2 / 57.1 \
/ 51.7 s, median 57.1 s: under 60 s. Blessed \
182.4 s against 211.9 s, anchor 30.0 s against 21.4 s (seed 0; anchor's part, whole, is \
settled at its root in 0.5 s, while its pieces take 8.7 s). The proof alone from the new \
committed game: 39.1 / 34.6 / 25.4 s (README, \"The games without an empty hand, piece \
by piece\").";

#[cfg(test)]
mod tests {
    use super::*;

    /// A variant's name from a user's file goes into file names only as letters, digits
    /// and `-`: `compare --out` cells and the split's temporary file stay where they belong.
    #[test]
    fn variant_names_in_file_names_cannot_leave_the_directory() {
        assert_eq!(file_safe("standard"), "standard");
        assert_eq!(file_safe("../my rules/2.0"), "___my_rules_2_0");
        let cell = cell_file(std::path::Path::new("out/cmp.json"), "../x y", 3);
        assert_eq!(cell, std::path::Path::new("out/cmp-___x_y-3p.json"));
    }

    /// The episode names the part and says when the search's proof attempt closed it.
    #[test]
    fn a_searched_game_says_where_it_was_found_and_whether_its_part_closed() {
        let mut g = SearchedGame {
            value: 343,
            part: "any artist: 5 tokens".to_string(),
            seconds: 117.06,
            closed: false,
        };
        assert_eq!(
            g.describe(),
            "a neighbourhood search of the part \"any artist: 5 tokens\" (117.1 s)"
        );
        g.closed = true;
        assert!(
            g.describe()
                .ends_with("(117.1 s), whose proof attempt then closed that part against it"),
            "{}",
            g.describe()
        );
    }

    /// 4 players attempt no ranking pieces in the search and search games without empty
    /// hands; the other counts keep `PIECE_NODES` and every game, and nothing else moves.
    #[test]
    fn only_four_players_search_without_piece_attempts_or_empty_hands() {
        let four = SearchLimits::for_players(4);
        assert_eq!(four.pieces, 0);
        assert_eq!(four.no_skip, NO_SKIP_NODES);
        assert_eq!(
            SearchLimits {
                pieces: PIECE_NODES,
                no_skip: 0,
                ..four
            },
            SearchLimits::default()
        );
        for players in [2, 3, 5] {
            assert_eq!(SearchLimits::for_players(players), SearchLimits::default());
        }
        assert_eq!(SearchLimits::default().pieces, PIECE_NODES);
    }

    #[test]
    fn an_infeasible_solve_after_exclusions_keeps_them() {
        let e = anyhow!("model `m` is infeasible: no solution beats the cutoff 342.5");
        let e = e.context(AfterExclusions {
            plans: 1,
            best: 329.0,
        });
        assert!(is_infeasible(&e), "{e:#}");
        let x = e.downcast_ref::<AfterExclusions>().expect("the exclusions");
        assert_eq!((x.plans, x.best), (1, 329.0));
    }

    #[test]
    fn exclusions_leave_a_part_unsettled_only_if_their_bound_could_beat_it() {
        // The 5-player case: a plan at 342.9999… excluded (its solve proven, bound the
        // same), 343 found again, the part's bound 343: settled.
        assert!(!tainted(1, 342.999_999_999_999_9, 343.0));
        assert!(!tainted(2, 340.2, 343.0));
        // A plan whose solve could still reach 344 (or had no bound) might hide a better game.
        assert!(tainted(1, 344.0, 343.0));
        assert!(tainted(1, f64::INFINITY, 343.0));
        // Nothing excluded: never.
        assert!(!tainted(0, f64::NEG_INFINITY, 343.0));
        assert!(!tainted(0, 400.0, 343.0));
    }
    /// The best-first search for the first leaf picks the leaf the scan of every leaf
    /// picked (highest LP, ties to the lowest `led`, none feasible: the first), opening
    /// fewer parts, on LPs that behave as relaxations do (a part's LP at least its leaves').
    #[test]
    fn the_first_leaf_found_best_first_is_the_highest_of_all_leaves() {
        let rounds = 4;
        let root = Leads {
            artist: 2,
            led: 0,
            decided: 0,
        };
        let leaves = root.completions(rounds);
        // Leaf LPs by `led`: distinct, tied at the top, one above the others by rounding
        // only, some parts with no game, and none with one.
        let tables: Vec<Vec<Option<f64>>> = vec![
            (0..16)
                .map(|m| Some(400.0 + ((m * 7) % 16) as f64))
                .collect(),
            (0..16)
                .map(|m| {
                    Some(if m == 5 || m == 14 {
                        414.0
                    } else {
                        390.0 + m as f64
                    })
                })
                .collect(),
            (0..16)
                .map(|m| {
                    Some(if m == 9 {
                        414.00000000000006
                    } else if m == 3 {
                        413.9999999999999
                    } else {
                        400.0
                    })
                })
                .collect(),
            (0..16)
                .map(|m| {
                    if m % 3 == 0 {
                        None
                    } else {
                        Some(380.0 + m as f64)
                    }
                })
                .collect(),
            vec![None; 16],
        ];
        for (t, table) in tables.iter().enumerate() {
            let leaf_lp = |l: &Leads| table[l.led as usize];
            let mut opened = 0;
            let lp_of = |part: Leads| -> Result<(Option<f64>, f64)> {
                opened += 1;
                let within: Vec<f64> = part
                    .completions(rounds)
                    .iter()
                    .filter_map(leaf_lp)
                    .collect();
                // A relaxation: its best leaf's LP or a little above (exactly it for a leaf).
                let slack = if part.settled(rounds) || t % 2 == 1 {
                    0.0
                } else {
                    0.25
                };
                let lp = within.iter().copied().reduce(f64::max).map(|b| b + slack);
                Ok((lp, 0.0))
            };
            let (leaf, lp, _) = highest_leaf(root, rounds, lp_of).unwrap();
            let want = leaves
                .iter()
                .min_by(|x, y| {
                    let key = |l: &Leads| leaf_lp(l).unwrap_or(f64::NEG_INFINITY);
                    key(y).total_cmp(&key(x)).then(x.led.cmp(&y.led))
                })
                .unwrap();
            assert_eq!((leaf, lp), (*want, leaf_lp(want)), "table {t}");
            assert!(opened < 16 + 6, "table {t}: {opened} LPs");
        }
    }

    #[test]
    fn token_parts_near_the_best_game_are_solved_whole() {
        // 2 players, best 441: a part with LP 454 (2.9% above) whole, 459 split; 4
        // players, best 392: 397 (1.3%) whole, 399 split; with no game known every part
        // is split.
        assert!(near_best(2, 454.0, Some(441)));
        assert!(!near_best(2, 459.0, Some(441)));
        assert!(near_best(2, 441.0, Some(441)));
        assert!(!near_best(2, 442.0, None));
        assert!(near_best(4, 397.0, Some(392)));
        assert!(!near_best(4, 399.0, Some(392)));
    }

    /// The leaves (every round decided) under a leads part, reached by halving.
    fn leaves(l: Leads, rounds: usize) -> Vec<u32> {
        match l.halves(rounds) {
            None => vec![l.led],
            Some([a, b]) => [leaves(a, rounds), leaves(b, rounds)].concat(),
        }
    }

    #[test]
    fn halving_the_leads_reaches_every_set_of_rounds_once() {
        let root = Leads {
            artist: 4,
            led: 0,
            decided: 0,
        };
        for rounds in 1..=4 {
            let mut got = leaves(root, rounds);
            got.sort();
            let want: Vec<u32> = (0..1u32 << rounds).collect();
            assert_eq!(got, want, "{rounds} rounds");
            let all: Vec<u32> = root.completions(rounds).iter().map(|l| l.led).collect();
            assert_eq!(all, want, "{rounds} rounds");
        }
        // A part with round 1 led and round 2 not: its completions keep both.
        let part = Leads {
            artist: 4,
            led: 0b01,
            decided: 0b11,
        };
        let led: Vec<u32> = part.completions(4).iter().map(|l| l.led).collect();
        assert_eq!(led, vec![0b0001, 0b0101, 0b1001, 0b1101]);
        assert!(part.completions(4).iter().all(|l| l.settled(4)));
        assert!(!part.settled(4) && part.settled(2));
    }

    #[test]
    fn a_leaf_and_the_parts_around_it_hold_every_set_of_rounds_once() {
        let all = 0b1111;
        let root = Leads {
            artist: 4,
            led: 0,
            decided: 0,
        };
        for leaf in root.completions(4) {
            let parts = root.around(leaf, 4);
            assert_eq!(parts[0], leaf);
            assert_eq!(parts.len(), 5, "the leaf and one part per round");
            for m in 0..=all {
                let holding = parts
                    .iter()
                    .filter(|p| m & p.decided == p.led & p.decided)
                    .count();
                assert_eq!(holding, 1, "leaf {:04b}, rounds {m:04b}", leaf.led);
            }
        }
        // Within a part with round 1 decided, around its leaf: rounds 2, 3 and 4.
        let part = Leads {
            artist: 4,
            led: 0,
            decided: 0b0001,
        };
        let leaf = part.completions(4)[5];
        let around = part.around(leaf, 4);
        assert_eq!(around.len(), 4);
        assert!(around.iter().all(|p| p.decided & 1 == 1 && p.led & 1 == 0));
    }

    #[test]
    fn leads_parts_in_words() {
        let l = |led, decided| Leads {
            artist: 0,
            led,
            decided,
        };
        assert_eq!(
            leads_text(l(0b1110, 0b1111), 4),
            "first in rounds 2, 3 and 4"
        );
        assert_eq!(leads_text(l(0, 0b1111), 4), "first in no round");
        assert_eq!(
            leads_text(l(0b0010, 0b0111), 4),
            "first in round 2, not in rounds 1 and 3, round 4 open"
        );
        assert_eq!(
            leads_text(l(0, 0b0011), 4),
            "not first in rounds 1 and 2, rounds 3 and 4 open"
        );
        assert_eq!(
            leads_text(l(0b0001, 0b0001), 4),
            "first in round 1, rounds 2, 3 and 4 open"
        );
    }

    #[test]
    fn open_parts_are_solved_again_only_after_a_better_game() {
        // (part, value, bound, proven, excluded, seconds, skipped)
        let open: PartRow = (3, Some(340), Some(349.0), false, false, 600.0, false);
        assert!(solve_again(&open, Some(Some(336)), 342), "best improved");
        assert!(solve_again(&open, Some(None), 342), "no game known then");
        assert!(
            !solve_again(&open, Some(Some(342)), 342),
            "same best: same solve"
        );
        assert!(
            !solve_again(&open, None, 342),
            "never solved (skipped or empty)"
        );
        assert!(!solve_again(&open, Some(Some(336)), 349), "bound reached");
        let proven = (3, Some(340), Some(349.0), true, false, 1.0, false);
        assert!(!solve_again(&proven, Some(Some(336)), 342));
        let skipped = (3, None, Some(349.0), false, false, 1.0, true);
        assert!(!solve_again(&skipped, Some(Some(336)), 342));
    }

    #[test]
    fn certify_report_keeps_the_rows_not_re_run() {
        let dir = std::env::temp_dir().join(format!("gb-certify-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("certify.md");
        let row = |n: &str, s: &str| -> Vec<String> {
            [
                n,
                "400",
                "proven 400",
                s,
                s,
                "9 (1 solved)",
                "1.0",
                "1 × 1 (1 int)",
            ]
            .map(String::from)
            .to_vec()
        };
        let common = crate::cli::Common {
            quiet: true,
            ..Default::default()
        };
        write_certify_report(
            &path,
            &[row("4", "9.0"), row("2", "5.0")],
            60.0,
            (0, 2),
            &common,
        )
        .unwrap();
        // Re-timing 2 players replaces its row and keeps 4 players'; rows stay in order.
        write_certify_report(&path, &[row("2", "7.0")], 60.0, (0, 2), &common).unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        let rows = table_rows(&text, CERTIFY_COLUMNS.len());
        assert_eq!(rows, vec![row("2", "7.0"), row("4", "9.0")], "{text}");
        // The header row and the rule under it are not rows.
        assert!(text.contains("| players |"));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn star_episode_names() {
        assert_eq!(
            star_stem(3, "standard", "Krypto"),
            "modern-art-3p-standard-star-krypto"
        );
        assert_eq!(
            star_stem(2, "anchor", "Christin P."),
            "modern-art-2p-anchor-star-christin-p"
        );
    }

    /// The results table reads a committed episode back: the proven 2p anchor maximum.
    #[test]
    fn result_cells_from_an_episode() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let env = Envelope::load(&root.join("games/modern-art-2p-anchor.json")).unwrap();
        let cells = episode_cells(&env, false).unwrap();
        assert_eq!(cells[1], "418");
        assert_eq!(
            cells[3],
            "proven, certified (split over the award tokens and the rounds their artist leads)"
        );
        let star =
            Envelope::load(&root.join("games/modern-art-3p-standard-star-krypto.json")).unwrap();
        let cells = episode_cells(&star, true).unwrap();
        assert_eq!(cells[..2], ["398", "proven maximum of the shape"]);
    }

    #[test]
    fn a_proof_or_a_better_game_is_kept() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let file = root.join("games/modern-art-2p-anchor.json");
        let c = Config::load(&root.join("models/modern-art/anchor.json"), None, 2).unwrap();
        let old = Envelope::load(&file).unwrap();
        assert_eq!(old.status, crate::lp::Status::Optimal);
        let mut new = Outcome::from_episode(&c, Objective::MaxPlayer, None, &file).unwrap();
        assert_eq!(new.value, 418);
        // The same game, unproven (a short run): the proof stays.
        new.proven = false;
        new.report.bound = Some(432.0);
        let why = keeps(&old, &new).expect("the proof is kept");
        assert!(why.contains("418 proven there"), "{why}");
        // The same game proven again, or a better game: replaced.
        new.proven = true;
        assert_eq!(keeps(&old, &new), None);
        new.proven = false;
        new.value = 419;
        assert_eq!(keeps(&old, &new), None);
        // A worse game never replaces a better one, proven or not.
        new.value = 417;
        new.proven = true;
        assert!(keeps(&old, &new).unwrap().contains("its game scores 418"));
        // Neither proven, the same game: the lower bound stays.
        let mut open = old.clone();
        open.status = crate::lp::Status::Feasible;
        open.bound = Some(425.0);
        new.value = 418;
        new.proven = false;
        assert!(keeps(&open, &new).unwrap().contains("lower bound"));
        new.report.bound = Some(420.0);
        assert_eq!(keeps(&open, &new), None);
    }

    #[test]
    fn star_artist_has_the_most_cards() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let c = Config::load(&root.join("models/modern-art/standard.json"), None, 3).unwrap();
        assert_eq!(c.deck.artists[star_artist(&c)], "Krypto");
    }
}
