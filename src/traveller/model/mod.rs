//! The integer program: the board expanded in time, but only where something can happen.
//!
//! Between two actions an optimal trader drives without stopping, and the squares it
//! passes on the way matter only for their roads. So the road network is contracted to
//! its *key squares* — the start, every square with a trader (wholesaler, retailer, fuel
//! station) and every junction (three or more roads) — joined by *chains*: the runs of
//! plain squares between two key squares, driven in one go in as many steps as they are
//! long (see [`Network`]). Time t = 0..T counts steps; node (k, t) is "on key square k
//! after step t". The trader is a unit flow through these nodes; from (k, t) it leaves by
//! exactly one arc:
//! * drive chain c from k: to (end of c, t + |c|), burning |c| fuel;
//! * buy good g at k (a wholesaler), sell g at k (a retailer), buy fuel at k: to (k, t + 1),
//!   with a binary for the arc and an integer quantity;
//! * stop: the plan ends (standing still for the remaining steps).
//!
//! Every arc carries the trader's cash (the purse), fuel and stock of each good, each at
//! most (its bound × the arc's flow); on every node, what arrives ± the node's trade =
//! what leaves (see [`balance::purse`], [`balance::fuel`], [`balance::stock`]). For an integral trader these are
//! just its cash, fuel and stock; for the LP relaxation they forbid a trader split over
//! several squares from pooling money, fuel or goods between its parts without driving.
//! Maximise the cash (plus valued stock) carried into the stop arcs.
//!
//! The LP relaxation's way to cheat is a split trader whose parts run different trips at
//! once with unequal shares of the money: one part gets most of it and buys glasses
//! (which need cash), another gets almost none and buys peaches (which need lorry
//! space). Two valid inequalities on every arc, each scaled by the arc's flow, limit the
//! money a part may hold to what one real trader could:
//! * floor ([`bounds::floors`]): cash + stock at the dearest wholesale price ≥ the starting cash
//!   less the most fuel that can have been bought;
//! * ceiling ([`ceilings`]): cash ≤ the most wealth (cash + stock at cost) any plan has
//!   after that many steps, proven by the LP relaxations of shorter budgets (10, 20, …
//!   steps); the reported bound also uses a profit bound restarted from the last of them,
//!   or windows chained from it ([`super::window`]) when that is tighter;
//!
//! Why this loses no plan (each step of a plan can be rewritten without lowering the
//! final cash): a U-turn inside a chain or a trip into a dead end with nothing to trade
//! only burns steps and fuel; of two chains between the same key squares only the
//! shorter is kept; buying fuel that spills above the tank is allowed (fuel may be left
//! unused, the referee spills it, the cash is the same); with only cash counting, stock
//! still held at the end was bought for nothing (buying less is never worse), so the
//! trader stops empty.
//!
//! Pruning keeps the model small without cutting off any optimum: a node exists only if
//! an arc reaches it; a purchase only where a retailer of that good can still be reached
//! and pays more; a sale only where that good can have arrived; a drive only if a retailer
//! can still be reached after it; fuel never on the last step; a good rides an arc only
//! where it can be and can still be sold.
//!
//! Files: [`network`] (the contracted road network), [`context`] (what the bounds and
//! pruning need, and the wealth bands), [`arcs`] (the arcs leaving a node, with their
//! state variables), [`balance`] (flow, cash, fuel and stock conservation on every node),
//! [`mod@build`] (assembling nodes and objective; a window's free start), [`bounds`] (the
//! analytic and LP-proven wealth ceilings, floors and target cuts) and [`plan`] (a plan
//! read from a solution, and a plan written as a MIP start).

mod arcs;
mod balance;
mod bounds;
mod build;
mod context;
mod network;
mod plan;

use anyhow::Result;
use arcs::Arc;
use bounds::{ceilings, restarted, window_wealth};
use build::{build, Free};
use context::{Bands, Extra};
use good_lp::Expression;
use plan::{extract_plan, start_values};

use crate::lp::{Model, Sense, SolveOptions, SolveReport};

use super::board::Board;
use super::engine;
use super::engine::Action;
use super::rules::Rules;

pub use network::{Chain, Network};

/// What the bound maximises.
#[derive(Debug, Clone, Default)]
pub struct Objective {
    /// £ per unit of each good still carried after the last step (empty or zeros: cash only).
    pub stock_value: Vec<f64>,
    /// £ per unit of each good carried at the end on each board square (`[square][good]`;
    /// empty: `stock_value` everywhere). Windows value stock by where it is (see
    /// [`super::window`]).
    pub square_value: Vec<Vec<f64>>,
}

impl Objective {
    /// The most a unit of g is worth anywhere.
    fn value(&self, g: usize) -> f64 {
        let flat = self.stock_value.get(g).copied().unwrap_or(0.0);
        self.square_value
            .iter()
            .filter_map(|v| v.get(g).copied())
            .fold(flat, f64::max)
    }

    /// What a unit of g is worth at the end on board square s.
    fn value_at(&self, g: usize, s: usize) -> f64 {
        match self.square_value.get(s) {
            Some(v) => v.get(g).copied().unwrap_or(0.0),
            None => self.stock_value.get(g).copied().unwrap_or(0.0),
        }
    }

    fn cash_only(&self) -> bool {
        (0..self
            .stock_value
            .len()
            .max(self.square_value.first().map_or(0, Vec::len)))
            .all(|g| self.value(g) == 0.0)
    }
}

/// A solved bound: the solver's report and the plan it found (one action a step).
#[derive(Debug, Clone)]
pub struct Bound {
    pub report: SolveReport,
    pub plan: Vec<Action>,
}

/// A built model, ready to solve.
struct Built {
    m: Model,
    arcs: Vec<Arc>,
    objective: Expression,
    net: Network,
    bands: Bands,
    /// The price each good counts at in the bands' wealth (see [`context::Context::cost`]).
    cost: Vec<f64>,
}

/// Optional parts of the model a developer may switch (`traveller bound --band`,
/// `--no-target-cuts`); the defaults are what every command uses.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Tuning {
    /// Width (£) of the wealth bands ([`Bands`]); `None`: no bands. Off by default: they
    /// tighten the LP but multiply the nodes.
    pub band: Option<f64>,
    /// Add the target cuts of the MIP start's cash ([`bounds::targets`]); on by default.
    pub targets: bool,
}

impl Default for Tuning {
    fn default() -> Tuning {
        Tuning {
            band: None,
            targets: true,
        }
    }
}

/// Build and solve the model for T steps from square index `start`, with the default
/// [`Tuning`]. A `hint` (a legal plan, e.g. the greedy trader's) is handed to the solver
/// as its first incumbent.
pub fn solve(
    board: &Board,
    rules: &Rules,
    start: usize,
    steps: usize,
    objective: &Objective,
    hint: Option<&[Action]>,
    opts: &SolveOptions,
) -> Result<Bound> {
    let tuning = Tuning::default();
    solve_with(board, rules, start, steps, objective, hint, opts, &tuning)
}

/// [`solve`] with the model's optional parts as `tuning` says.
#[allow(clippy::too_many_arguments)]
pub fn solve_with(
    board: &Board,
    rules: &Rules,
    start: usize,
    steps: usize,
    objective: &Objective,
    hint: Option<&[Action]>,
    opts: &SolveOptions,
    tuning: &Tuning,
) -> Result<Bound> {
    let started = std::time::Instant::now();
    let cash_only = objective.cash_only();
    let (ceiling, last) = ceilings(board, rules, start, steps, objective, opts)?;
    let checkpoints = started.elapsed().as_secs_f64();
    // The known plan's cash, for the target cuts: only when the plan is in the model
    // (its MIP start), so that the model keeps a plan at least that good.
    let known = hint
        .filter(|_| cash_only && tuning.targets)
        .and_then(|p| engine::replay(board, rules, board.ids[start], p).ok())
        .filter(|rp| rp.illegal.is_none())
        .map(|rp| rp.last().cash);
    let make = |known: Option<f64>| {
        let extra = Extra {
            band: tuning.band,
            known,
        };
        build(
            board, rules, start, steps, objective, false, &ceiling, None, false, extra,
        )
    };
    let mut built = make(known)?;
    let mut values = hint.and_then(|plan| start_values(board, rules, start, plan, &built));
    if values.is_none() && known.is_some() {
        built = make(None)?;
        values = hint.and_then(|plan| start_values(board, rules, start, plan, &built));
    }
    if let Some(values) = values {
        built.m.set_start(values);
    }
    let Built {
        mut m,
        arcs,
        objective,
        net,
        bands,
        ..
    } = built;
    // The root LP is degenerate: dual simplex takes 80 s at T = 30 (145 000 iterations),
    // the interior point method (with crossover) a few seconds.
    m.highs_option("mip_lp_solver", "ipm");
    // --time-limit covers the whole solve: the checkpoints, the ILP, the windows after it.
    let deadline = opts
        .time_limit
        .map(|t| started + std::time::Duration::from_secs_f64(t));
    let ilp = SolveOptions {
        time_limit: opts.time_limit.map(|t| (t - checkpoints).max(0.5)),
        ..opts.clone()
    };
    let solved = m.solve(Sense::Maximise, objective, &ilp)?;
    let b0 = bands.of(rules.cash);
    let plan = extract_plan(board, &net, &arcs, (start, b0), |v| solved.value(v))?;
    let mut report = solved.report;
    // The checkpoint LPs are part of the proof: count their time too.
    report.seconds += checkpoints;
    // The last ceiling bounds the objective as well; report it when HiGHS's own bound is
    // looser (a root LP cut short by the time limit).
    let mut cap = restarted(board, rules, &ceiling, last)[steps];
    if cash_only && report.bound.is_none_or(|b| b > cap) {
        // Windows chained from the last checkpoint may do better than the restarted
        // profit bound (they cost minutes, so only when the cap is what gets reported).
        let from = last.unwrap_or(0);
        let chained = super::window::from_checkpoint(
            board, rules, start, from, &ceiling, steps, opts, deadline,
        );
        if let Ok(Some((u, windows))) = chained {
            report.seconds += windows.iter().map(|w| w.seconds).sum::<f64>();
            if opts.verbose {
                let steps: Vec<String> = windows
                    .iter()
                    .map(|w| format!("{:.2} → {:.2}", w.wmax, w.bound))
                    .collect();
                eprintln!(
                    "traveller: windows chained from step {from} (cap {:.2} at cost): {} \
                     (restarted profit bound {cap:.2})",
                    ceiling[from],
                    steps.join(", ")
                );
            }
            cap = cap.min(u);
        }
    }
    if let (Some(obj), true) = (report.objective, report.bound.is_none_or(|b| b > cap)) {
        report.bound = Some(cap.max(obj));
        report.gap = Some((cap.max(obj) - obj).abs() / obj.abs().max(1.0));
    }
    Ok(Bound { report, plan })
}

/// The ceilings the cash-only bound reports: an upper bound on the wealth at cost (cash +
/// stock at the price paid) after each step 0..=`steps` of any plan from `start` (see
/// [`ceilings`] and [`restarted`]; the model's own are these or looser). Public so that
/// tests can hold them against brute force.
pub fn wealth_ceilings(
    board: &Board,
    rules: &Rules,
    start: usize,
    steps: usize,
    opts: &SolveOptions,
) -> Result<Vec<f64>> {
    let (ceiling, last) = ceilings(board, rules, start, steps, &Objective::default(), opts)?;
    Ok(restarted(board, rules, &ceiling, last))
}

/// The LP relaxation of the same model (its optional parts as `tuning` says): its optimum
/// is the root bound before any cut or branching (reported by `bench`).
pub fn relaxation(
    board: &Board,
    rules: &Rules,
    start: usize,
    steps: usize,
    opts: &SolveOptions,
    tuning: &Tuning,
) -> Result<SolveReport> {
    let objective = Objective::default();
    let (ceiling, _) = ceilings(board, rules, start, steps, &objective, opts)?;
    let built = build(
        board,
        rules,
        start,
        steps,
        &objective,
        true,
        &ceiling,
        None,
        false,
        Extra {
            band: tuning.band,
            known: None,
        },
    )?;
    solve_lp(built, opts)
}

/// Solve a model built `relaxed` (its LP relaxation) by interior point, maximising.
fn solve_lp(built: Built, opts: &SolveOptions) -> Result<SolveReport> {
    let mut m = built.m;
    m.highs_option("solver", "ipm");
    Ok(m.solve(Sense::Maximise, built.objective, opts)?.report)
}

/// Solve a window (see [`super::window`]): `steps` steps from a free start worth at most
/// `wmax` (stock at `value`), maximising the end value (`objective`) less (1 + `slope`)
/// × the starting worth.
#[allow(clippy::too_many_arguments)]
pub(super) fn window_model(
    board: &Board,
    rules: &Rules,
    start: usize,
    steps: usize,
    value: &[Vec<f64>],
    objective: &Objective,
    wmax: f64,
    slope: f64,
    opts: &SolveOptions,
) -> Result<SolveReport> {
    let free = Free {
        wmax,
        slope,
        value: value.to_vec(),
    };
    let cheapest = (0..board.goods.len())
        .map(|g| value.iter().map(|v| v[g]).fold(f64::INFINITY, f64::min))
        .collect::<Vec<_>>();
    let wealth = window_wealth(board, rules, &cheapest, wmax, steps);
    let built = build(
        board,
        rules,
        start,
        steps,
        objective,
        false,
        &wealth,
        Some(&free),
        true,
        Extra::default(),
    )?;
    let mut m = built.m;
    m.highs_option("mip_lp_solver", "ipm");
    Ok(m.solve(Sense::Maximise, built.objective, opts)?.report)
}

/// An upper bound on the windows' worth (see [`super::window`]) after `steps` steps from
/// the game's start: the LP relaxation of the model with that worth as the objective
/// (stock counted where the lorry is, a last drive counted where it arrives), big-Ms
/// from the ceilings `wealth`. Tighter than a ceiling + a load's potential, because the
/// LP knows how far its loads still are from their retailers. `None` when the LP is not
/// solved in time.
pub(super) fn worth_checkpoint(
    board: &Board,
    rules: &Rules,
    start: usize,
    steps: usize,
    wealth: &[f64],
    value: &[Vec<f64>],
    opts: &SolveOptions,
) -> Result<Option<f64>> {
    let objective = Objective {
        square_value: value.to_vec(),
        ..Default::default()
    };
    let built = build(
        board,
        rules,
        start,
        steps,
        &objective,
        true,
        &wealth[..=steps],
        None,
        true,
        Extra::default(),
    )?;
    let report = solve_lp(built, opts)?;
    Ok(match (report.status, report.objective) {
        (crate::lp::Status::Optimal, Some(lp)) => Some(lp * (1.0 + 1e-7) + 1e-4),
        _ => None,
    })
}

/// max Σ_g P_g subject to Σ_g P_g / a_g ≤ vol and Σ_g P_g / b_g ≤ money, P ≥ 0, for
/// `rates` = (a_g, b_g): an LP with two rows, so some optimum uses at most two goods, and
/// trying every good and every pair solves it exactly.
pub(super) fn two_resource_lp(rates: &[(f64, f64)], vol: f64, money: f64) -> f64 {
    let mut top: f64 = 0.0;
    for (i, &(a, b)) in rates.iter().enumerate() {
        top = top.max((a * vol).min(b * money));
        for &(a2, b2) in &rates[i + 1..] {
            // P1/a + P2/a2 = vol, P1/b + P2/b2 = money.
            let det = 1.0 / a * (1.0 / b2) - 1.0 / a2 * (1.0 / b);
            if det.abs() < 1e-15 {
                continue;
            }
            let p1 = (vol / b2 - money / a2) / det;
            let p2 = (money / a - vol / b) / det;
            if p1 >= 0.0 && p2 >= 0.0 {
                top = top.max(p1 + p2);
            }
        }
    }
    top
}
