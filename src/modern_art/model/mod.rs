//! The ILP (good_lp + HiGHS) for Modern Art's maximum scores.
//!
//! It is aggregated per round — how many cards of each artist each seat displays, by
//! role (turn card by resolved symbol, second card, simultaneous card, end play), who
//! opens and who closes, the extra card, award tokens, the ranking pattern and each
//! artist's value level — and it is a *relaxation* of the rules: every legal game
//! satisfies it. Its optimum is then turned into a concrete game by
//! [`crate::modern_art::schedule`] and replayed by the referee; only a replay that agrees
//! makes the number a proven maximum.
//!
//! One module per rule area: [`dealing`] (hands, deck supply), [`turns`] (rotation),
//! [`round_end`] (threshold, closing, second cards), [`ranking`] (patterns), [`values`]
//! (value levels, award tokens), [`scoring`] and the objectives below; [`readings`] has
//! the variables of `resolve_closing_symbol` and `chain_symbols`. Seats are relative
//! (seat 0 is the player the objective is about); see [`vars`]. [`relabel`] lets a
//! split proof treat artists with the same symbols as interchangeable.

pub mod build;
pub mod cuts;
pub mod dealing;
pub mod ranking;
pub mod readings;
pub mod relabel;
pub mod round_end;
pub mod scope;
pub mod scoring;
pub mod turns;
pub mod values;
pub mod vars;

use anyhow::{bail, Result};
use good_lp::constraint::{eq, geq};
use good_lp::Expression;
use serde::{Deserialize, Serialize};

use super::rules::Config;
use crate::lp::{Model, Sense, SolveOptions, SolveReport, Solved};
pub use build::{Build, Fixes};
pub use cuts::CutFamily;
pub use scope::{Dive, Leads, Scope, Tokens, Uses};
use vars::{Vars, RESOLVED};

/// What is optimised.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Objective {
    /// The highest final score of one seat (the best seat unless a player is given).
    MaxPlayer,
    /// The highest total of all players' scores.
    MaxTotal,
    /// The highest winning margin: winner minus runner-up.
    MaxMargin,
    /// The lowest score that still wins (ties for first count as wins).
    MinWinner,
}

impl Objective {
    /// Whether the objective is maximised or minimised (only `min-winner` is minimised).
    pub fn sense(&self) -> Sense {
        match self {
            Objective::MinWinner => Sense::Minimise,
            _ => Sense::Maximise,
        }
    }

    /// Whether value `a` is better than `b` for this objective.
    pub fn better(&self, a: i64, b: i64) -> bool {
        match self.sense() {
            Sense::Maximise => a > b,
            Sense::Minimise => a < b,
        }
    }

    pub fn name(&self) -> &'static str {
        match self {
            Objective::MaxPlayer => "max-player",
            Objective::MaxTotal => "max-total",
            Objective::MaxMargin => "max-margin",
            Objective::MinWinner => "min-winner",
        }
    }

    /// The objective's value for a finished game's scores (`player` for max-player).
    pub fn evaluate(&self, scores: &[i64], player: Option<usize>) -> i64 {
        let mut sorted = scores.to_vec();
        sorted.sort_unstable_by(|a, b| b.cmp(a));
        match self {
            Objective::MaxPlayer => match player {
                Some(p) => scores[p],
                None => sorted[0],
            },
            Objective::MaxTotal => scores.iter().sum(),
            Objective::MaxMargin => sorted[0] - sorted.get(1).copied().unwrap_or(0),
            Objective::MinWinner => sorted[0],
        }
    }
}

/// One round of the optimum, in relative seats.
#[derive(Debug, Clone, Serialize)]
pub struct RoundPlan {
    pub opener: usize,
    pub last: usize,
    pub closed: bool,
    /// `(seat, artist)`: the seat closes by displaying the K-th card of the artist.
    pub close_card: Option<(usize, usize)>,
    /// The seat closes with a `simultaneous` event.
    pub close_simul: Option<usize>,
    /// `resolve_closing_symbol`: the closing turn card carries `draw` or `award` and
    /// resolves it (`None`: it carries neither; without the variant: any symbol, unresolved).
    pub close_symbol: Option<crate::modern_art::rules::Symbol>,
    /// `chain_symbols`: `[seat][artist]` = (second and simultaneous cards that resolve
    /// `draw`, that resolve `award`); all zero without the variant.
    pub chain: Vec<Vec<[usize; 2]>>,
    /// Both readings: whether the closing card (`close_card`) is a second card rather
    /// than the turn card (`None`: the model does not say, and either may close).
    pub close_second: Option<bool>,
    /// Both readings: `[seat][artist]` = (the closing second card or the closing event's
    /// card that resolves `draw`, that resolves `award`); all zero otherwise.
    pub close_chain: Vec<Vec<[usize; 2]>>,
    pub extra: Option<usize>,
    /// `[seat][artist]` counts, as in [`Vars`].
    pub plain: Vec<Vec<usize>>,
    /// `[seat][artist][symbol]`, symbols in [`RESOLVED`] order.
    pub res: Vec<Vec<[usize; 5]>>,
    pub dbl: Vec<Vec<usize>>,
    pub hid: Vec<Vec<usize>>,
    pub sim: Vec<Vec<usize>>,
    pub scl: Vec<Vec<usize>>,
    pub ep: Vec<Vec<usize>>,
    /// Award tokens placed on each artist.
    pub placed: Vec<usize>,
    /// Turns per seat.
    pub turns: Vec<usize>,
    /// The model's scores of this round, by seat (scored seats only, else 0).
    pub scores: Vec<i64>,
}

/// The optimum of the aggregate model.
#[derive(Debug, Clone, Serialize)]
pub struct Plan {
    pub players: usize,
    /// Table seat of relative seat 0 (the seat the objective is about).
    pub seat: usize,
    pub rounds: Vec<RoundPlan>,
}

impl Plan {
    /// The table seat of a relative seat (table seat 0 opens round 1).
    pub fn table_seat(&self, rel: usize) -> usize {
        (rel + self.seat) % self.players
    }

    /// The same plan with artist `a` called `to[a]` (a permutation): a plan of renamed
    /// artists ([`relabel`]) under the artists' own names.
    pub fn rename(&mut self, to: &[usize]) {
        for r in &mut self.rounds {
            r.close_card = r.close_card.map(|(p, a)| (p, to[a]));
            r.extra = r.extra.map(|a| to[a]);
            for g in [
                &mut r.plain,
                &mut r.dbl,
                &mut r.hid,
                &mut r.sim,
                &mut r.scl,
                &mut r.ep,
            ] {
                g.iter_mut().for_each(|seat| rename_artists(seat, to));
            }
            rename_artists(&mut r.placed, to);
            r.res.iter_mut().for_each(|seat| rename_artists(seat, to));
            r.chain.iter_mut().for_each(|seat| rename_artists(seat, to));
            r.close_chain
                .iter_mut()
                .for_each(|seat| rename_artists(seat, to));
        }
    }
}

/// `row[a]` moved to `row[to[a]]` (a row indexed by artist, `to` a permutation).
fn rename_artists<T: Clone>(row: &mut Vec<T>, to: &[usize]) {
    let mut out = row.clone();
    for (a, x) in row.iter().enumerate() {
        out[to[a]] = x.clone();
    }
    *row = out;
}

/// The model with its variables, ready to solve.
pub struct Built {
    pub model: Model,
    pub vars: Vars,
    pub objective: Expression,
    pub sense: Sense,
}

/// Refuse rule readings the model does not cover (rather than answer wrongly).
pub fn supported(c: &Config) -> Result<()> {
    let v = &c.variant;
    let mut missing = Vec::new();
    if c.threshold() < 2 {
        missing.push("a threshold below 2 (the extra card alone would close)");
    }
    if !missing.is_empty() {
        bail!(
            "variant `{}`: the ILP model does not cover {} (use the exhaustive search for \
             miniatures, or set these keys to false)",
            v.name,
            missing.join(", ")
        );
    }
    dealing::deck_never_runs_out(c)
}

/// Build the model. `player`: the table seat to maximise (max-player only). `scope`:
/// the games covered (all, a part of a split solve, or a dive; see [`Scope`]). `b`: the
/// solver's switches (the LP relaxation, hand-budget rows, cut families, fixings).
pub fn build(
    c: &Config,
    objective: Objective,
    player: Option<usize>,
    scope: &Scope,
    b: &Build,
) -> Result<Built> {
    supported(c)?;
    let n = c.players;
    if let Some(p) = player {
        if p >= n {
            bail!("--player {}: there are only {n} players (P1..P{n})", p + 1);
        }
    }
    if let Some(a) = scope.artists_named().find(|&a| a >= c.artists()) {
        bail!(
            "artist {a}: the variant has {} artists (0..{})",
            c.artists(),
            c.artists() - 1
        );
    }
    let name = format!("modern-art {}p {} {}", n, c.variant.name, objective.name());
    let mut m = Model::new(name);
    let relaxed = b.relaxed();
    if relaxed {
        m.relax_integers();
    }
    let scored: Vec<usize> = match objective {
        Objective::MaxPlayer => vec![0],
        _ => (0..n).collect(),
    };
    let mut v = Vars::new(&mut m, c, scored);
    if let Some(mask) = scope.relabel {
        v.relabel = Some(relabel::Relabel::new(&mut m, c, mask)?);
    }
    // Relative seat 0 is the objective's player; table seat 0 opens round 1.
    let opener = match (objective, player) {
        (Objective::MaxPlayer, Some(p)) => Some((n - p) % n),
        (Objective::MaxTotal, _) => Some(0),
        _ => None,
    };
    dealing::hands(&mut m, c, &v);
    dealing::supply(&mut m, c, &v);
    turns::rotation(&mut m, &v, opener);
    round_end::closing(&mut m, c, &v);
    round_end::displays(&mut m, c, &v);
    ranking::ranking(&mut m, &v);
    values::awards(&mut m, c, &v);
    values::values(&mut m, c, &v);
    scoring::scoring(&mut m, c, &v);
    cuts::add(&mut m, c, &v, b);
    // Every LP relaxation gets the hand-budget rows; an integer model those `b.hand` asks for.
    if (relaxed || b.hand != vars::HandRows::None) && b.cut(CutFamily::HandBudget) {
        let focused = !relaxed && b.hand == vars::HandRows::TokenArtist;
        // The part's artist: its token artist's, or (in the part "none above half"
        // divided by round 1's first artist) the artist its leads are about.
        let focus = match (scope.tokens, scope.leads) {
            (Some(scope::Tokens::Exactly(a, _)), _) if focused => Some(a),
            (Some(scope::Tokens::AtMost(_)), Some(l)) if focused => Some(l.artist),
            _ => None,
        };
        cuts::hand_budget(&mut m, c, &v, focus);
    }
    scope.restrict(&mut m, &v);
    scope::diagnostic_fixings(&mut m, &v, &b.fixes)?;
    let (objective, sense) = objectives(&mut m, &v, objective);
    if let Some(x) = scope.beating {
        cutoff_beating(&mut m, sense, x);
        // The part has to show that nothing beats x (a proof), not find games.
        m.proof_only();
    }
    Ok(Built {
        model: m,
        vars: v,
        objective,
        sense,
    })
}

/// Only solutions beating `x` count (a solver cutoff). Scores are integers: beating x means
/// reaching x + 1 (or x − 1 when minimising); the cutoff sits halfway.
fn cutoff_beating(m: &mut Model, sense: Sense, x: i64) {
    let x = x as f64;
    m.cutoff(match sense {
        Sense::Maximise => x + 0.5,
        Sense::Minimise => x - 0.5,
    });
}

/// The objectives, over relative seats: seat 0 is the player, the winner, or (max-total)
/// just one of the seats.
fn objectives(m: &mut Model, v: &Vars, objective: Objective) -> (Expression, Sense) {
    let n = v.d.n;
    let score0 = v.score(0);
    let expression = match objective {
        Objective::MaxPlayer => score0,
        Objective::MaxTotal => (0..n).map(|p| v.score(p)).sum(),
        Objective::MaxMargin => {
            let runner = m.continuous("runner_up", 0.0, 1e6);
            for p in 1..n {
                m.constrain(geq(Expression::from(runner), v.score(p)));
            }
            score0 - runner
        }
        Objective::MinWinner => {
            for p in 1..n {
                m.constrain(geq(score0.clone(), v.score(p)));
            }
            score0
        }
    };
    (expression, objective.sense())
}

/// What one solve of the model gives back.
pub struct ModelSolution {
    pub report: SolveReport,
    pub plan: Plan,
    /// The skeleton's binaries (to exclude this plan in a re-solve).
    pub skeleton: Vec<bool>,
    /// Every variable's value: a MIP start for a wider scope.
    pub assignment: Vec<(good_lp::Variable, f64)>,
}

/// A neighbourhood of a known plan, searched by a short solve (see
/// `solve::neighbourhood_search`): the shape of every round outside `free` (who opens and
/// closes it and how, the extra card, the ranking: [`Vars::shape_of`]) keeps the plan's
/// values, only plans beating `beat` count, and HiGHS stops after `nodes` branch-and-bound
/// nodes (a work limit, not a clock: the same command finds the same games). With no plan
/// nothing is fixed: a first short solve of the whole scope.
#[derive(Debug, Clone, Copy)]
pub struct Near<'a> {
    /// Every variable's value in the known plan (a [`ModelSolution::assignment`] of a
    /// solve of the same scope, so the variables are the same).
    pub plan: Option<&'a [(good_lp::Variable, f64)]>,
    /// Rounds (bits, round r + 1 is bit r) whose shape is free.
    pub free: u32,
    /// Only plans whose objective (maximised) beats this value.
    pub beat: Option<i64>,
    /// HiGHS's `mip_max_nodes` (beyond `i32::MAX`: no limit).
    pub nodes: u64,
    /// HiGHS's strong branching (reliability branching, its default). Off
    /// (`mip_pscost_minreliable=0`, pseudocost branching from the first node) for a solve
    /// that only has to find a game: its nodes then feed the sub-MIP heuristics about
    /// twice as fast.
    pub strong: bool,
    /// Stop at the first plan that beats `beat` (HiGHS's `mip_max_improving_sols=1`)
    /// instead of the best within `nodes`.
    pub first: bool,
    /// No seat's hand runs empty in a free round (every `empty` flag 0 there), so every
    /// round closes. A restriction, not a relaxation: a solve with it finds real games
    /// faster (it leaves out the empty-hand disjunction, the slowest integers of the
    /// 4-player pieces) but proves nothing about the whole scope.
    pub no_skip: bool,
}

impl Near<'_> {
    /// Fix the shape of the rounds outside `free`, set the cutoff and the node limit.
    fn restrict(&self, m: &mut Model, v: &Vars, sense: Sense) {
        if let Some(plan) = self.plan {
            let value: std::collections::HashMap<good_lp::Variable, f64> =
                plan.iter().copied().collect();
            for r in (0..v.d.r).filter(|r| self.free >> r & 1 == 0) {
                for x in v.shape_of(r) {
                    let want = value.get(&x).copied().unwrap_or(0.0).round();
                    m.constrain(eq(Expression::from(x), want));
                }
            }
        }
        if self.no_skip {
            for r in (0..v.d.r).filter(|r| self.free >> r & 1 == 1) {
                scope::no_empty_hand(m, v, r);
            }
        }
        if let Some(b) = self.beat {
            cutoff_beating(m, sense, b);
        }
        // A limit beyond HiGHS's integers is none.
        if let Ok(n) = i32::try_from(self.nodes) {
            m.highs_option("mip_max_nodes", &n.to_string());
        }
        if !self.strong {
            m.highs_option("mip_pscost_minreliable", "0");
        }
        if self.first {
            m.highs_option("mip_max_improving_sols", "1");
        }
    }

    /// Extra HiGHS options for one kind of the search's solves only (the tuning's
    /// `highs_first`, `highs_near`, `highs_proof`; a proof attempt's scope beats a game).
    /// The tuning's `highs` (every model) comes after these and wins.
    fn kind_options(&self, m: &mut Model, scope: &Scope, b: &Build) {
        let options = if self.plan.is_some() {
            &b.highs_near
        } else if scope.beating.is_some() {
            &b.highs_proof
        } else {
            &b.highs_first
        };
        for (k, v) in options {
            m.highs_option(k, v);
        }
    }
}

/// Build, solve and read back the plan. `start`: a known solution (the assignment of a
/// narrower scope's solve) handed to HiGHS as its first incumbent. `near`: only a
/// neighbourhood of a known plan, searched briefly.
#[allow(clippy::too_many_arguments)]
pub fn solve(
    c: &Config,
    objective: Objective,
    player: Option<usize>,
    scope: &Scope,
    opts: &SolveOptions,
    excluded: &[Vec<bool>],
    feasibility: bool,
    start: Option<&[(good_lp::Variable, f64)]>,
    near: Option<Near>,
    b: &Build,
) -> Result<ModelSolution> {
    let built = build(c, objective, player, scope, b)?;
    let Built {
        mut model,
        vars,
        objective: obj,
        sense,
    } = built;
    if let Some(near) = near {
        near.restrict(&mut model, &vars, sense);
        near.kind_options(&mut model, scope, b);
    }
    let skeleton = vars.skeleton();
    for ex in excluded {
        // No-good: at least one binary of the skeleton differs.
        let mut differ = Expression::default();
        for (x, &set) in skeleton.iter().zip(ex) {
            if set {
                differ += 1.0 - *x;
            } else {
                differ += *x;
            }
        }
        model.constrain(geq(differ, 1.0));
    }
    // Feasibility only (any legal game): a first certified game when HiGHS finds no
    // feasible point of the real objective in time.
    let obj = if feasibility {
        Expression::default()
    } else {
        obj
    };
    if let Some(start) = start {
        model.set_start(start.to_vec());
    }
    let solved = model.solve(sense, obj, opts)?;
    let bits = skeleton.iter().map(|x| solved.is_set(*x)).collect();
    if b.fixes.debug() {
        eprintln!(
            "objective {:?} bound {:?}",
            solved.report.objective, solved.report.bound
        );
    }
    if b.fixes.debug() {
        debug_dump(&solved, &vars);
    }
    let plan = read_plan(&solved, &vars);
    Ok(ModelSolution {
        assignment: solved.assignment(),
        report: solved.report,
        plan,
        skeleton: bits,
    })
}

/// The LP relaxation's optimum: a valid (weaker) bound when the MIP found no feasible
/// point in time and so reported none, and each split part's first bound.
///
/// Solved by HiGHS's interior point method with crossover (an optimal basis, so the same
/// value as the simplex): measured on the split proofs' part LPs it takes about 0.3 s
/// where the dual simplex takes about 0.45 s (the 144 parts a 2-player proof skips by
/// their LP: 56 → 41 s).
pub fn lp_bound(
    c: &Config,
    objective: Objective,
    player: Option<usize>,
    scope: &Scope,
    opts: &SolveOptions,
    b: &Build,
) -> Result<SolveReport> {
    let relaxed = Build {
        relax: true,
        ..b.clone()
    };
    let solve_with = |solver: &str| -> Result<SolveReport> {
        let Built {
            mut model,
            objective: obj,
            sense,
            vars,
        } = build(c, objective, player, scope, &relaxed)?;
        // The tuning's `highs` `solver=simplex` (applied after this) compares.
        model.highs_option("solver", solver);
        let solved = model.solve(sense, obj, opts)?;
        if b.fixes.debug() {
            debug_dump(&solved, &vars);
        }
        Ok(solved.report)
    };
    match solve_with("ipm") {
        // The interior point method can fail where the LP has no solution instead of
        // saying so (an empty part of m14-chain diverged): the simplex decides.
        Err(e) if crate::lp::solver_failed(&e).is_some() => solve_with("simplex"),
        solved => solved,
    }
}

/// Diagnostics (`--fix debug=1`): the solution's main quantities on stderr, also
/// for fractional (relaxed) solutions.
fn debug_dump(s: &Solved, v: &Vars) {
    use good_lp::Solution;
    let d = &v.d;
    for r in 0..d.r {
        eprintln!("round {}", r + 1);
        for a in 0..d.a {
            let lv: Vec<String> = v.level[r][a]
                .iter()
                .enumerate()
                .filter(|(_, x)| s.value(**x) > 1e-6)
                .map(|(i, x)| format!("{i}:{:.2}", s.value(*x)))
                .collect();
            let at_levels = |paid: &[good_lp::Variable]| -> f64 {
                paid.iter()
                    .enumerate()
                    .map(|(i, x)| i as f64 * s.value(*x))
                    .sum()
            };
            let paid = at_levels(&v.paid[r][0][a]);
            let paid_hid = at_levels(&v.paid_hid[r][0][a]);
            eprintln!(
                "  artist {a}: faceup {:.2} count {:.2} own0 {:.2} ranked {:.2} places [{:.2} {:.2} {:.2}] placed {:.2} levels [{}] score0 {:.2} hidden0 {:.2} scoring {:.2} closers {:.2}+{:.2}",
                s.eval(v.faceup(r, a)),
                s.eval(v.count(r, a)),
                s.eval(v.own(r, 0, a)),
                s.eval(v.ranked(r, a)),
                s.eval(v.place(r, a, 0)),
                s.eval(v.place(r, a, 1)),
                s.eval(v.place(r, a, 2)),
                s.value(v.placed[r][a]),
                lv.join(" "),
                paid,
                s.value(v.hid[r][0][a]),
                paid_hid,
                (0..d.n).map(|q| s.value(v.cz[r][q][a])).sum::<f64>(),
                (0..d.n).map(|q| s.value(v.scl[r][q][a])).sum::<f64>(),
            );
        }
        let t: Vec<String> = (0..d.n)
            .map(|p| format!("{:.2}", s.eval(v.turns(r, p))))
            .collect();
        let pl: Vec<String> = (0..d.n)
            .map(|p| format!("{:.2}", s.eval(v.played(r, p))))
            .collect();
        eprintln!(
            "  turns [{}] played [{}] cycles {:.2} noclose {:.2} hands [{}] empty [{}] lam [{}]",
            t.join(" "),
            pl.join(" "),
            s.value(v.cycles[r]),
            s.value(v.noclose[r]),
            (0..d.n)
                .map(|p| format!("{:.2}", s.value(v.hand_end[r][p])))
                .collect::<Vec<_>>()
                .join(" "),
            (0..d.n)
                .map(|p| format!("{:.2}", s.value(v.empty[r][p])))
                .collect::<Vec<_>>()
                .join(" "),
            v.lam[r]
                .iter()
                .enumerate()
                .flat_map(|(a, row)| row.iter().enumerate().map(move |(b, x)| (a, b, *x)))
                .filter(|(_, _, x)| s.value(*x) > 1e-6)
                .map(|(a, b, x)| format!("{a}>{b}:{:.2}", s.value(x)))
                .collect::<Vec<_>>()
                .join(" ")
        );
    }
}

fn read_plan(s: &Solved, v: &Vars) -> Plan {
    let d = &v.d;
    let u = |x: good_lp::Variable| s.int(x).max(0) as usize;
    let grid = |g: &vars::Grid, r: usize| -> Vec<Vec<usize>> {
        (0..d.n)
            .map(|p| (0..d.a).map(|a| u(g[r][p][a])).collect())
            .collect()
    };
    // A reading's `[seat][artist]` pairs in round r (zeros without the reading).
    let pairs = |g: &Option<readings::Pairs>, r: usize| -> Vec<Vec<[usize; 2]>> {
        (0..d.n)
            .map(|p| {
                (0..d.a)
                    .map(|a| g.as_ref().map_or([0, 0], |g| g[r][p][a].map(u)))
                    .collect()
            })
            .collect()
    };
    let mut rounds = Vec::new();
    for r in 0..d.r {
        let mut opener = 0;
        let mut last = 0;
        for st in 0..d.n {
            for c in 0..d.n {
                if s.is_set(v.lam[r][st][c]) {
                    opener = st;
                    last = c;
                }
            }
        }
        let mut close_card = None;
        let mut close_simul = None;
        let mut close_symbol = None;
        let mut close_second = v.close_second.as_ref().map(|_| false);
        for p in 0..d.n {
            for a in 0..d.a {
                if s.is_set(v.cz[r][p][a]) {
                    close_card = Some((p, a));
                }
                if let Some(g) = &v.close_second {
                    if s.is_set(g[r][p][a]) {
                        close_second = Some(true);
                    }
                }
                if let Some(g) = &v.close_res {
                    if s.is_set(g[r][p][a][0]) {
                        close_symbol = Some(crate::modern_art::rules::Symbol::Draw);
                    }
                    if s.is_set(g[r][p][a][1]) {
                        close_symbol = Some(crate::modern_art::rules::Symbol::Award);
                    }
                }
            }
            if s.is_set(v.cs[r][p]) {
                close_simul = Some(p);
            }
        }
        let extra = v.extra[r]
            .as_ref()
            .and_then(|x| (0..d.a).find(|&a| s.is_set(x[a])));
        let res = (0..d.n)
            .map(|p| {
                (0..d.a)
                    .map(|a| {
                        let mut out = [0usize; 5];
                        for (k, o) in out.iter_mut().enumerate() {
                            *o = u(v.res[r][p][a][k]);
                        }
                        out
                    })
                    .collect()
            })
            .collect();
        let ep = match &v.ep {
            Some(g) => grid(g, r),
            None => vec![vec![0; d.a]; d.n],
        };
        let scores = (0..d.n)
            .map(|p| {
                if v.scored.contains(&p) {
                    let e = v.round_score(r, p);
                    good_lp::Solution::eval(s, e).round() as i64
                } else {
                    0
                }
            })
            .collect();
        let turns = (0..d.n)
            .map(|p| good_lp::Solution::eval(s, v.turns(r, p)).round() as usize)
            .collect();
        rounds.push(RoundPlan {
            opener,
            last,
            closed: !s.is_set(v.noclose[r]),
            close_card,
            close_simul,
            close_symbol,
            chain: pairs(&v.chain, r),
            close_second,
            close_chain: pairs(&v.close_chain, r),
            extra,
            plain: grid(&v.plain, r),
            res,
            dbl: grid(&v.dbl, r),
            hid: grid(&v.hid, r),
            sim: grid(&v.sim, r),
            scl: grid(&v.scl, r),
            ep,
            placed: (0..d.a).map(|a| u(v.placed[r][a])).collect(),
            turns,
            scores,
        });
    }
    let n = d.n;
    let seat = (n - rounds[0].opener) % n;
    let _ = RESOLVED;
    let mut plan = Plan {
        players: n,
        seat,
        rounds,
    };
    if let Some(x) = &v.relabel {
        plan.rename(&x.names(|z| s.is_set(z), d.a));
    }
    plan
}
