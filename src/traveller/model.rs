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
//! what leaves (see [`purse`], [`fuel`], [`stock`]). For an integral trader these are
//! just its cash, fuel and stock; for the LP relaxation they forbid a trader split over
//! several squares from pooling money, fuel or goods between its parts without driving.
//! Maximise the cash (plus valued stock) carried into the stop arcs.
//!
//! The LP relaxation's way to cheat is a split trader whose parts run different trips at
//! once with unequal shares of the money: one part gets most of it and buys glasses
//! (which need cash), another gets almost none and buys peaches (which need lorry
//! space). Two valid inequalities on every arc, each scaled by the arc's flow, limit the
//! money a part may hold to what one real trader could:
//! * floor ([`floors`]): cash + stock at the dearest wholesale price ≥ the starting cash
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

use std::collections::HashMap;

use anyhow::{bail, Result};
use good_lp::{constraint, Expression, Variable};

use super::board::Board;
use super::engine::{self, Action};
use super::rules::Rules;
use crate::lp::{Model, Sense, SolveOptions, SolveReport};

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

/// The road network contracted to the squares where the trader can act or choose a road.
#[derive(Debug, Clone)]
pub struct Network {
    /// Board square of each key node.
    pub key: Vec<usize>,
    /// Key node of each board square (`None`: inside a chain).
    pub node_of: Vec<Option<usize>>,
    /// The chains, both directions.
    pub chains: Vec<Chain>,
    /// Chains leaving each key node.
    pub out: Vec<Vec<usize>>,
}

/// A run of roads from one key square to another through plain squares.
#[derive(Debug, Clone)]
pub struct Chain {
    pub from: usize,
    pub to: usize,
    /// Board squares after `from`, ending with `to`: one `move` each.
    pub path: Vec<usize>,
}

impl Network {
    /// Contract `board` around `start`: key squares are the start, traders and junctions;
    /// chains into a dead end or back to where they began are dropped (never worth
    /// driving), and of two chains between the same key squares only the shorter is kept.
    pub fn new(board: &Board, start: usize) -> Network {
        let n = board.n();
        let is_key: Vec<bool> = (0..n)
            .map(|s| {
                s == start
                    || board.adj[s].len() >= 3
                    || board.fuel_price[s].is_some()
                    || board.wholesale[s].iter().any(|p| p.is_some())
                    || board.retail[s].iter().any(|p| p.is_some())
            })
            .collect();
        let key: Vec<usize> = (0..n).filter(|&s| is_key[s]).collect();
        let mut node_of = vec![None; n];
        for (k, &s) in key.iter().enumerate() {
            node_of[s] = Some(k);
        }
        let mut best: HashMap<(usize, usize), Vec<usize>> = HashMap::new();
        for (k, &s) in key.iter().enumerate() {
            for &first in &board.adj[s] {
                let mut path = vec![first];
                let (mut prev, mut at) = (s, first);
                while !is_key[at] {
                    // A plain square: degree 2 (go on) or 1 (a dead end).
                    let Some(&next) = board.adj[at].iter().find(|&&b| b != prev) else {
                        break;
                    };
                    path.push(next);
                    (prev, at) = (at, next);
                }
                let Some(j) = node_of[at] else { continue };
                if j == k {
                    continue;
                }
                let slot = best.entry((k, j)).or_insert_with(|| path.clone());
                if path.len() < slot.len() {
                    *slot = path;
                }
            }
        }
        let mut pairs: Vec<_> = best.into_iter().collect();
        pairs.sort();
        let mut chains = Vec::new();
        let mut out = vec![Vec::new(); key.len()];
        for ((k, j), path) in pairs {
            out[k].push(chains.len());
            chains.push(Chain {
                from: k,
                to: j,
                path,
            });
        }
        Network {
            key,
            node_of,
            chains,
            out,
        }
    }
}

/// What an arc does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Kind {
    Drive(usize),
    Buy(usize),
    Sell(usize),
    Fuel,
    Stop,
}

/// One arc of the time-expanded network and the trader's state carried on it.
struct Arc {
    kind: Kind,
    /// Key node and time it leaves / arrives.
    node: usize,
    t: usize,
    to: usize,
    t_end: usize,
    /// Band of the wealth it leaves from / arrives in (see [`Bands`]).
    band: usize,
    band_to: usize,
    /// Flow: binary (continuous for stop arcs).
    x: Variable,
    /// Quantity bought or sold, and the price, for trades.
    qty: Option<Variable>,
    price: f64,
    /// Cash and fuel after the arc (fuel: none on stop arcs).
    purse: Variable,
    fuel: Option<Variable>,
    /// Stock of each good after the arc.
    stock: Vec<Option<Variable>>,
}

/// Largest whole number of units of a good that fits in the lorry.
fn fits(rules: &Rules, vol: f64) -> f64 {
    ((rules.capacity + 1e-9) / vol).floor()
}

/// Bands of the wealth W = cash + Σ_g stock_g × (dearest wholesale price of g):
/// the node (k, t) is split into one node per band, and an arc into band b carries a state
/// with lo_b ≤ W ≤ hi_b (each × the arc's flow). A real trader's W lies in exactly one band
/// after each step, so this loses no plan; for the LP relaxation it limits how unequally a
/// split trader's parts may share their money — only within one band's width — which is
/// the relaxation's way to run two trips at once with one purse (see the module notes).
/// W changes only on trades: not at all on a purchase at the dearest price, up on a
/// cheaper purchase, down on fuel, and on a sale by its price less the dearest.
#[derive(Debug, Clone)]
struct Bands {
    /// Edges e_1 < … < e_m: band 0 is [0, e_1], band j is [e_j, e_{j+1}], the last is
    /// [e_m, ∞). Empty: one band, no split.
    edges: Vec<f64>,
}

impl Bands {
    /// Bands `width` apart up to `top`, the starting cash in the middle of one (an edge
    /// right on it makes HiGHS's presolve wrongly declare the model infeasible).
    fn new(width: Option<f64>, cash: f64, top: f64) -> Bands {
        let mut edges = Vec::new();
        if let Some(w) = width.filter(|w| *w > 0.0) {
            let first = cash + w / 2.0;
            let mut e = first - (first / w).floor() * w;
            if e <= 0.0 {
                e += w;
            }
            while e < top {
                edges.push(e);
                e += w;
            }
        }
        Bands { edges }
    }

    fn len(&self) -> usize {
        self.edges.len() + 1
    }

    /// The band of wealth `w` (half-open: an edge belongs to the band above it).
    fn of(&self, w: f64) -> usize {
        self.edges.partition_point(|&e| e <= w + 1e-9)
    }

    /// The band's limits.
    fn range(&self, b: usize) -> (f64, f64) {
        let lo = if b == 0 { 0.0 } else { self.edges[b - 1] };
        let hi = self.edges.get(b).copied().unwrap_or(f64::INFINITY);
        (lo, hi)
    }

    /// The bands meeting [lo, hi].
    fn meeting(&self, lo: f64, hi: f64) -> std::ops::RangeInclusive<usize> {
        let first = self.edges.partition_point(|&e| e < lo);
        let last = self.edges.partition_point(|&e| e <= hi);
        first..=last
    }
}

/// Everything the arcs' bounds and pruning need, computed once from the board.
struct Context<'a> {
    board: &'a Board,
    rules: &'a Rules,
    net: Network,
    steps: usize,
    cash_only: bool,
    /// Build the LP relaxation (every variable continuous).
    relaxed: bool,
    /// Drives may run past the last step, the trader counted where it arrives (windows,
    /// see [`super::window`]).
    overrun: bool,
    /// Steps from each square to the nearest retailer of g (that pays more than some
    /// wholesaler asks) / to any such retailer.
    to_retail: Vec<Vec<usize>>,
    to_any_retail: Vec<usize>,
    /// Earliest time stock of g can be on each square.
    from_wholesale: Vec<Vec<usize>>,
    /// Best retail and cheapest wholesale price of each good.
    best_retail: Vec<f64>,
    cheapest: Vec<f64>,
    /// Upper bound on the cash after each step 0..=T.
    wealth: Vec<f64>,
    /// Lower bound on what a trader worth following holds at time t (see [`floors`]);
    /// empty unless only cash counts.
    floor: Vec<f64>,
    /// Dearest wholesale price of each good.
    dearest: Vec<f64>,
    /// Bands of the wealth (see [`Bands`]).
    bands: Bands,
    /// How far the bands' wealth may exceed the wealth at the price paid: one lorry load
    /// bought at the cheapest price, counted at the dearest.
    over: f64,
    /// With a known plan's final cash: what a plan at least as good must be worth after
    /// each step ([`targets`]; empty without one).
    target: Vec<f64>,
}

/// Optional parts of the model: wealth bands ([`Bands`], their width) and the target cuts
/// of a known plan's final cash ([`targets`]).
#[derive(Debug, Clone, Copy, Default)]
struct Extra {
    band: Option<f64>,
    known: Option<f64>,
}

impl Context<'_> {
    /// The price at which the bands' wealth counts a unit of g (see [`Bands`]): the
    /// dearest wholesale price (0 for a good nobody sells).
    fn cost(&self, g: usize) -> f64 {
        self.dearest[g]
    }

    /// The bands' wealth after step t is at least this (see [`floors`]; 0 when only
    /// cash does not count) and at most the ceiling plus `over`.
    fn band_floor(&self, t: usize) -> f64 {
        self.floor.get(t).copied().unwrap_or(0.0)
    }

    /// Can stock of g be on square s at time t, and still be worth carrying?
    fn may_hold(&self, g: usize, s: usize, t: usize) -> bool {
        self.from_wholesale[g][s] <= t
            && (!self.cash_only || self.to_retail[g][s].saturating_add(t + 1) <= self.steps)
    }

    /// Most units of g the lorry can hold at time t: what fits, and what money can buy.
    fn most_stock(&self, g: usize, t: usize) -> f64 {
        fits(self.rules, self.board.volume[g])
            .min((self.wealth[t] / self.cheapest[g] + 1e-9).floor())
    }

    fn binary(&self, m: &mut Model, name: String) -> Variable {
        if self.relaxed {
            m.continuous(name, 0.0, 1.0)
        } else {
            m.binary(name)
        }
    }

    fn integer(&self, m: &mut Model, name: String, hi: f64) -> Variable {
        if self.relaxed {
            m.continuous(name, 0.0, hi)
        } else {
            m.integer(name, 0.0, hi)
        }
    }
}

/// A built model, ready to solve.
struct Built {
    m: Model,
    arcs: Vec<Arc>,
    objective: Expression,
    net: Network,
    bands: Bands,
    /// The price each good counts at in the bands' wealth (see [`Context::cost`]).
    cost: Vec<f64>,
}

/// Optional parts of the model a developer may switch (`traveller bound --band`,
/// `--no-target-cuts`); the defaults are what every command uses.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Tuning {
    /// Width (£) of the wealth bands ([`Bands`]); `None`: no bands. Off by default: they
    /// tighten the LP but multiply the nodes.
    pub band: Option<f64>,
    /// Add the target cuts of the MIP start's cash ([`targets`]); on by default.
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
    let solved = m.solve(Sense::Maximise, objective, opts)?;
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
        let chained =
            super::window::from_checkpoint(board, rules, start, from, &ceiling, steps, opts);
        if let Ok(Some((u, windows))) = chained {
            report.seconds += windows.iter().map(|w| w.seconds).sum::<f64>();
            if !opts.quiet {
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

/// Budgets whose LP relaxations tighten the cash bounds of a longer one.
const CHECKPOINT: usize = 10;

/// Seconds each checkpoint LP may take (one not solved by then is not used).
const CHECKPOINT_LIMIT: f64 = 30.0;

/// Upper bounds on the wealth at cost (cash + stock at the price paid, so also on cash)
/// after each step 0..=T. The analytic [`wealth_bounds`] grow far too fast (£27 885
/// after 50 steps on the classic board, where plans reach about £8 400), and every big-M
/// of the model — above all the cash a part of a split trader may carry — is one of them.
/// So with only cash counting, they are tightened in turn by the LP relaxations of the
/// budgets 10, 20, … below T ("checkpoints"). Why the t_c-step LP bound caps the wealth
/// at cost after any t ≤ t_c steps of any plan: take the plan's first t steps and buy,
/// of each good, as many fewer units as are still held after step t, dropping the latest
/// purchases first (and a purchase step left with nothing to buy altogether). The result
/// is legal — cash is higher at every step, the load lower, and every sale still has its
/// units, since only units never sold by step t were dropped — it has at most t ≤ t_c
/// steps, and it ends with the plan's cash after step t plus the cost of the stock then
/// held. So that wealth is at most the t_c-step optimum, at most its LP bound. Each
/// checkpoint's LP uses the bounds the earlier ones proved. Returns the bounds and the
/// last checkpoint solved (see [`restarted`] for the steps after it).
fn ceilings(
    board: &Board,
    rules: &Rules,
    start: usize,
    steps: usize,
    objective: &Objective,
    opts: &SolveOptions,
) -> Result<(Vec<f64>, Option<usize>)> {
    let mut w = wealth_bounds(board, rules, objective, steps);
    if !objective.cash_only() {
        return Ok((w, None));
    }
    let quiet = SolveOptions {
        quiet: true,
        verbose: false,
        time_limit: Some(
            opts.time_limit
                .unwrap_or(f64::INFINITY)
                .min(CHECKPOINT_LIMIT),
        ),
        ..opts.clone()
    };
    let mut tc = CHECKPOINT;
    let mut last = None;
    while tc < steps {
        let built = build(
            board,
            rules,
            start,
            tc,
            objective,
            true,
            &w[..=tc],
            None,
            false,
            Extra::default(),
        )?;
        let report = solve_lp(built, &quiet);
        let Ok((crate::lp::Status::Optimal, Some(lp))) = report.map(|r| (r.status, r.objective))
        else {
            // Not solved within its limit: the longer checkpoints would not be either.
            break;
        };
        let cap = lp * (1.0 + 1e-7) + 1e-4;
        for x in &mut w[..=tc] {
            *x = x.min(cap);
        }
        last = Some(tc);
        tc += CHECKPOINT;
    }
    Ok((w, last))
}

/// The ceilings with the steps after the last checkpoint solved (`last`) bounded again
/// from it ([`restart_profit_bounds`]). Only the reported bound uses them, not the
/// model: given these tighter big-Ms the interior point method takes several times
/// longer (the T = 30 checkpoint LP: 6 s → over 30 s; the T = 30 proof: 8.5 s → 24 s).
fn restarted(board: &Board, rules: &Rules, ceiling: &[f64], last: Option<usize>) -> Vec<f64> {
    let mut w = ceiling.to_vec();
    if let Some(tc) = last {
        restart_profit_bounds(&Rates::new(board), rules, &mut w, tc);
    }
    w
}

/// After a checkpoint has capped the wealth at step `tc`, bound the later steps again
/// from there instead of from the start: the analytic bounds compound every step's
/// looseness, so restarting them from a proven cap tightens everything after it.
///
/// Valid for every plan (with stock at cost; the model's ceilings bound cash, which is
/// at most that): the wealth at cost after t > tc steps is the wealth at cost after tc
/// steps (at most `w[tc]` — see [`ceilings`]) plus the margins of the units sold in
/// steps tc+1..t, less fuel. Those units were either
/// * held after step tc: at most one lorry load, bought with at most `w[tc]`, so their
///   margins are at most [`Rates::load`]`(capacity, w[tc])`; or
/// * bought and sold within those t − tc steps: at most [`Rates::most`] of the
///   cu-ft-steps and £-steps of that window, exactly as in [`profit_bounds`] (money tied
///   up in stock at each step τ is at most the wealth at cost, at most `w[τ]`).
fn restart_profit_bounds(rates: &Rates, rules: &Rules, w: &mut [f64], tc: usize) {
    let base = w[tc];
    let held = rates.load(rules.capacity, base);
    let mut money_steps = 0.0;
    for t in tc + 1..w.len() {
        money_steps += w[t - 1];
        let window = t - tc;
        let p = rates.most(rules.capacity * window as f64, money_steps, window);
        let bound = (base + held + p) * (1.0 + 1e-9) + 1e-6;
        w[t] = w[t].min(bound);
    }
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

/// Upper bounds on the cash after each step 0..=`steps` of a window from a state worth at
/// most `wmax` (stock at `value`, at most its value anywhere, at least the cheapest
/// wholesale price or 0 for a good nobody sells): selling the
/// starting stock at the best retail prices adds at most its margins (a fractional load
/// costing at most `wmax`), and each step after that at most [`growth`] — or, all
/// told, the profit of what is bought and sold within the window ([`Rates::most`]).
fn window_wealth(board: &Board, rules: &Rules, value: &[f64], wmax: f64, steps: usize) -> Vec<f64> {
    let mut margins = Vec::new();
    for (g, &c) in value.iter().enumerate() {
        let r = (0..board.n())
            .filter_map(|s| board.retail[s][g])
            .fold(0.0, f64::max);
        if c > 0.0 && r > c {
            margins.push(((r - c) / board.volume[g], (r - c) / c));
        }
    }
    let held = two_resource_lp(&margins, rules.capacity, wmax);
    let mut w = vec![(wmax + held) * (1.0 + 1e-9) + 1e-6];
    let growth = growth(board, rules, &Objective::default());
    // Tighter, as in [`restart_profit_bounds`]: the worth at cost grows by the margins
    // of the starting stock and the profit of what is bought and sold in the window.
    let rates = Rates::new(board);
    let mut money_steps = 0.0;
    for t in 1..=steps {
        money_steps += w[t - 1];
        let p = rates.most(rules.capacity * t as f64, money_steps, t);
        let profit = (wmax + held + p) * (1.0 + 1e-9) + 1e-6;
        w.push(growth(w[t - 1]).min(profit));
    }
    w
}

#[allow(clippy::too_many_arguments)]
fn build(
    board: &Board,
    rules: &Rules,
    start: usize,
    steps: usize,
    objective: &Objective,
    relaxed: bool,
    wealth: &[f64],
    free: Option<&Free>,
    overrun: bool,
    extra: Extra,
) -> Result<Built> {
    if steps == 0 {
        bail!("--steps must be at least 1");
    }
    let name = match free {
        None => format!(
            "traveller bound, board {} from square {}, {steps} steps",
            board.name, board.ids[start]
        ),
        Some(f) => format!(
            "traveller window, board {}, {steps} steps from any state worth at most {}",
            board.name, f.wmax
        ),
    };
    let mut cx = context(
        board, rules, start, steps, objective, relaxed, wealth, &extra,
    );
    if free.is_some() {
        // Stock of any good may be held anywhere from the start, and the floors (which
        // follow a plan from the game's start) do not apply.
        for row in &mut cx.from_wholesale {
            row.iter_mut().for_each(|d| *d = 0);
        }
        cx.floor.clear();
    }
    cx.overrun = overrun;
    let mut m = Model::new(name);
    let ng = board.goods.len();
    let nk = cx.net.key.len();
    if free.is_some() {
        // A free start may hold any worth: no bands.
        cx.bands = Bands::new(None, 0.0, 0.0);
    }
    let nb = cx.bands.len();
    let mut arcs: Vec<Arc> = Vec::new();
    // Arcs arriving at each node (time, key node × band).
    let mut arriving: Vec<Vec<Vec<usize>>> = vec![vec![Vec::new(); nk * nb]; steps + 1];
    let k0 = cx.net.node_of[start].expect("the start is a key square");
    let b0 = cx.bands.of(rules.cash);
    let mut sources = Vec::new();
    for t in 0..=steps {
        for (k, b) in (0..nk).flat_map(|k| (0..nb).map(move |b| (k, b))) {
            let inn = std::mem::take(&mut arriving[t][k * nb + b]);
            // A node exists only where the trader starts or an arc arrives.
            if (t == 0 && (k != k0 || b != b0) && free.is_none()) || (t > 0 && inn.is_empty()) {
                continue;
            }
            let first = arcs.len();
            add_arcs(&mut m, &cx, objective, k, b, t, &mut arcs);
            let out: Vec<usize> = (first..arcs.len()).collect();
            for &a in &out {
                if arcs[a].kind != Kind::Stop {
                    arriving[arcs[a].t_end][arcs[a].to * nb + arcs[a].band_to].push(a);
                }
            }
            let source = match free {
                Some(f) if t == 0 => Some(free_source(&mut m, &cx, f, k)),
                _ => None,
            };
            let node = Node {
                t,
                inn: &inn,
                out: &out,
                source: source.as_ref(),
            };
            flow(&mut m, &arcs, &node);
            purse(&mut m, &cx, &arcs, &node);
            fuel(&mut m, &cx, &arcs, &node);
            stock(&mut m, ng, &arcs, &node);
            sources.extend(source);
        }
    }
    let mut obj = Expression::from(0.0);
    if let Some(f) = free {
        // One trader, starting on one square, worth at most wmax (stock at `value`).
        let one: Expression = sources.iter().map(|s| s.z).sum();
        m.constrain(constraint!(one == 1));
        let mut worth = Expression::from(0.0);
        for s in &sources {
            worth += s.cash;
            for (g, y) in s.stock.iter().enumerate() {
                worth += f.value[s.square][g] * *y;
            }
        }
        m.constrain(constraint!(worth.clone() <= f.wmax));
        obj -= (1.0 + f.slope) * worth;
    }
    for a in arcs.iter().filter(|a| a.kind == Kind::Stop) {
        obj += a.purse;
        for (g, y) in a.stock.iter().enumerate() {
            if let Some(y) = y {
                obj += objective.value_at(g, cx.net.key[a.node]) * *y;
            }
        }
    }
    let cost = (0..ng).map(|g| cx.cost(g)).collect();
    Ok(Built {
        m,
        arcs,
        objective: obj,
        net: cx.net,
        bands: cx.bands,
        cost,
    })
}

#[allow(clippy::too_many_arguments)]
fn context<'a>(
    board: &'a Board,
    rules: &'a Rules,
    start: usize,
    steps: usize,
    objective: &Objective,
    relaxed: bool,
    wealth: &[f64],
    extra: &Extra,
) -> Context<'a> {
    let n = board.n();
    let ng = board.goods.len();
    let cash_only = objective.cash_only();
    let cheapest: Vec<f64> = (0..ng)
        .map(|g| {
            (0..n)
                .filter_map(|s| board.wholesale[s][g])
                .fold(f64::INFINITY, f64::min)
        })
        .collect();
    let best_retail: Vec<f64> = (0..ng)
        .map(|g| {
            (0..n)
                .filter_map(|s| board.retail[s][g])
                .fold(f64::NEG_INFINITY, f64::max)
        })
        .collect();
    // A retailer is worth driving to only if it pays more than some wholesaler asks.
    let pays = |s: usize, g: usize| board.retail[s][g].is_some_and(|p| p > cheapest[g]);
    let to_retail: Vec<Vec<usize>> = (0..ng).map(|g| nearest(board, |s| pays(s, g))).collect();
    let to_any_retail = nearest(board, |s| (0..ng).any(|g| pays(s, g)));
    let reach = board.distances(start);
    let from_wholesale: Vec<Vec<usize>> = (0..ng)
        .map(|g| {
            // Reach a wholesaler, buy (1 step), drive on.
            let mut best = vec![usize::MAX; n];
            for w in (0..n).filter(|&w| board.wholesale[w][g].is_some()) {
                if reach[w] == usize::MAX {
                    continue;
                }
                let from_w = board.distances(w);
                for s in 0..n {
                    if from_w[s] != usize::MAX {
                        best[s] = best[s].min(reach[w] + 1 + from_w[s]);
                    }
                }
            }
            best
        })
        .collect();
    let mut cx = Context {
        board,
        rules,
        net: Network::new(board, start),
        steps,
        cash_only,
        relaxed,
        overrun: false,
        to_retail,
        to_any_retail,
        from_wholesale,
        best_retail,
        cheapest,
        wealth: wealth.to_vec(),
        floor: if cash_only {
            floors(board, rules, steps)
        } else {
            Vec::new()
        },
        dearest: (0..ng)
            .map(|g| {
                (0..n)
                    .filter_map(|s| board.wholesale[s][g])
                    .fold(0.0, f64::max)
            })
            .collect(),
        bands: Bands::new(None, 0.0, 0.0),
        over: 0.0,
        target: Vec::new(),
    };
    cx.over = (0..ng)
        .filter(|&g| cx.cheapest[g].is_finite())
        .map(|g| (cx.dearest[g] - cx.cheapest[g]) / board.volume[g])
        .fold(0.0, f64::max)
        * rules.capacity;
    let top = wealth.iter().fold(0.0, |a: f64, &b| a.max(b)) + cx.over;
    cx.bands = Bands::new(extra.band, rules.cash, top);
    if let (Some(k), true) = (extra.known, cash_only) {
        cx.target = targets(board, rules, k, wealth);
    }
    cx
}

/// Add the arcs leaving node (k, t) in band b.
fn add_arcs(
    m: &mut Model,
    cx: &Context,
    objective: &Objective,
    k: usize,
    b: usize,
    t: usize,
    arcs: &mut Vec<Arc>,
) {
    let from = Leaving { k, b, t };
    let board = cx.board;
    let s = cx.net.key[k];
    let left = cx.steps - t;
    if left > 0 {
        for &c in &cx.net.out[k] {
            let chain = &cx.net.chains[c];
            let len = chain.path.len();
            let end = cx.net.key[chain.to];
            // A drive only pays if a retailer can still be reached and sold to after it.
            // In a window, a drive may run past the last step: the trader's worth is
            // then counted where it arrives (see [`super::window`]).
            if (len > left && !cx.overrun)
                || (cx.cash_only && (len + cx.to_any_retail[end]).saturating_add(1) > left)
            {
                continue;
            }
            let t_end = (t + len).min(cx.steps);
            let x = cx.binary(
                m,
                format!(
                    "d{t}_{}_{}{}",
                    board.ids[s],
                    board.ids[end],
                    band_tag(cx, b)
                ),
            );
            let to = (chain.to, b, t_end);
            arcs.push(new_arc(m, cx, objective, Kind::Drive(c), &from, to, x));
        }
        for g in 0..board.goods.len() {
            if let Some(price) = board.wholesale[s][g] {
                // Buy only what some retailer pays more for, if one can still be reached.
                let useful = !cx.cash_only
                    || (price < cx.best_retail[g] && cx.to_retail[g][s].saturating_add(2) <= left);
                let most =
                    fits(cx.rules, board.volume[g]).min((cx.wealth[t] / price + 1e-9).floor());
                if useful && most >= 1.0 {
                    let rise = (cx.cost(g) - price).max(0.0) * most;
                    let kind = Kind::Buy(g);
                    trade_arcs(m, cx, objective, arcs, kind, &from, price, most, 0.0, rise);
                }
            }
            if let Some(price) = board.retail[s][g] {
                let useful = !cx.cash_only || price > cx.cheapest[g];
                let most = cx.most_stock(g, t);
                if useful && cx.from_wholesale[g][s] <= t && most >= 1.0 {
                    // At most what fits and what the band's wealth bought at cost.
                    let (_, hi) = cx.bands.range(b);
                    let held = most.min((hi / cx.cost(g).max(1e-9)).floor());
                    let delta = (price - cx.cost(g)) * held;
                    let kind = Kind::Sell(g);
                    let (lo, up) = (delta.min(0.0), delta.max(0.0));
                    trade_arcs(m, cx, objective, arcs, kind, &from, price, most, lo, up);
                }
            }
        }
        if let Some(price) = board.fuel_price[s] {
            if left >= 2 && cx.rules.tank >= 1 {
                let tank = f64::from(cx.rules.tank);
                let fall = price * tank;
                trade_arcs(
                    m,
                    cx,
                    objective,
                    arcs,
                    Kind::Fuel,
                    &from,
                    price,
                    tank,
                    -fall,
                    0.0,
                );
            }
        }
    }
    let x = m.continuous(
        format!("stop{t}_{}{}", board.ids[s], band_tag(cx, b)),
        0.0,
        1.0,
    );
    arcs.push(new_arc(m, cx, objective, Kind::Stop, &from, (k, b, t), x));
}

/// The node an arc leaves: key node, band, time.
struct Leaving {
    k: usize,
    b: usize,
    t: usize,
}

/// A suffix naming the band in variable names (none without bands).
fn band_tag(cx: &Context, b: usize) -> String {
    if cx.bands.len() > 1 {
        format!("_w{b}")
    } else {
        String::new()
    }
}

/// The buy, sell or fuel arcs at node `from`, one into each band the trade can reach
/// (it changes the wealth at cost by between `lo` and `up`): a binary, an integer
/// quantity between 1 and `most` when the arc is taken (0 otherwise), and the state
/// after it.
#[allow(clippy::too_many_arguments)]
fn trade_arcs(
    m: &mut Model,
    cx: &Context,
    objective: &Objective,
    arcs: &mut Vec<Arc>,
    kind: Kind,
    from: &Leaving,
    price: f64,
    most: f64,
    lo: f64,
    up: f64,
) {
    let tag = match kind {
        Kind::Buy(g) => format!("b{g}"),
        Kind::Sell(g) => format!("s{g}"),
        _ => "f".to_string(),
    };
    let (k, t) = (from.k, from.t);
    let id = cx.board.ids[cx.net.key[k]];
    let (w_lo, w_hi) = cx.bands.range(from.b);
    let top = cx.wealth[t + 1] + cx.over;
    let bottom = cx.band_floor(t + 1);
    for b in cx
        .bands
        .meeting((w_lo + lo).max(bottom), (w_hi + up).min(top))
    {
        let x = cx.binary(m, format!("{tag}{t}_{id}{}", band_tag(cx, b)));
        let q = cx.integer(m, format!("q{tag}{t}_{id}{}", band_tag(cx, b)), most);
        m.constrain(constraint!(q <= most * x));
        m.constrain(constraint!(q >= x));
        let mut arc = new_arc(m, cx, objective, kind, from, (k, b, t + 1), x);
        arc.qty = Some(q);
        arc.price = price;
        arcs.push(arc);
    }
}

/// An arc with its purse, fuel and stock variables, each bounded by the arc's flow, from
/// node `from` to (key node, band, time) `to`.
fn new_arc(
    m: &mut Model,
    cx: &Context,
    objective: &Objective,
    kind: Kind,
    from: &Leaving,
    (to, band_to, t_end): (usize, usize, usize),
    x: Variable,
) -> Arc {
    let board = cx.board;
    let (k, t) = (from.k, from.t);
    let tag = format!(
        "{t}_{}_{}{}",
        board.ids[cx.net.key[k]],
        board.ids[cx.net.key[to]],
        band_tag(cx, band_to)
    );
    let (band_lo, band_hi) = cx.bands.range(band_to);
    let w = cx.wealth[t_end].min(band_hi);
    let purse = m.continuous(format!("cash{tag}"), 0.0, w);
    m.constrain(constraint!(purse <= w * x));
    let stop = kind == Kind::Stop;
    let fuel = (!stop).then(|| {
        let tank = f64::from(cx.rules.tank);
        let f = m.continuous(format!("fuel{tag}"), 0.0, tank);
        m.constrain(constraint!(f <= tank * x));
        f
    });
    let end = cx.net.key[to];
    let mut stock = vec![None; board.goods.len()];
    let mut load = Expression::from(0.0);
    for (g, slot) in stock.iter_mut().enumerate() {
        // With only cash counting the trader stops empty; otherwise only valued goods stay.
        let kept = if stop {
            objective.value_at(g, end) > 0.0 && cx.from_wholesale[g][end] <= t
        } else {
            cx.may_hold(g, end, t_end)
        };
        if kept {
            let most = cx.most_stock(g, t_end);
            let y = m.continuous(format!("y{g}_{tag}"), 0.0, most);
            load += board.volume[g] * y;
            *slot = Some(y);
        }
    }
    if stock.iter().any(|y| y.is_some()) {
        m.constrain(constraint!(load <= cx.rules.capacity * x));
    }
    if let Some(&floor) = cx.floor.get(t_end) {
        // Every part of a split trader holds at least its share of the least wealth.
        let mut worth = Expression::from(purse);
        for (g, y) in stock.iter().enumerate() {
            if let Some(y) = y {
                worth += cx.dearest[g] * *y;
            }
        }
        m.constrain(constraint!(worth >= floor * x));
    }
    if let Some(&need) = cx.target.get(t_end) {
        // A plan as good as the known one is worth enough at every step. Not on stop
        // arcs: "stop with at least the known cash" repeats the objective, and with it
        // HiGHS's presolve declares the classic T = 50 model infeasible although the MIP
        // start it has just checked is feasible — the solve then runs without presolve.
        if need > 0.0 && !stop {
            let mut worth = Expression::from(purse);
            for (g, y) in stock.iter().enumerate() {
                if let Some(y) = y {
                    worth += cx.best_retail[g] * *y;
                }
            }
            m.constrain(constraint!(worth >= need * x));
        }
    }
    if cx.bands.len() > 1 {
        // The state lies in its band (see [`Bands`]).
        let mut worth = Expression::from(purse);
        for (g, y) in stock.iter().enumerate() {
            if let Some(y) = y {
                worth += cx.cost(g) * *y;
            }
        }
        if band_lo > 0.0 {
            m.constrain(constraint!(worth.clone() >= band_lo * x));
        }
        if band_hi.is_finite() {
            m.constrain(constraint!(worth <= band_hi * x));
        }
    }
    Arc {
        kind,
        node: k,
        t,
        to,
        t_end,
        band: from.b,
        band_to,
        x,
        qty: None,
        price: 0.0,
        purse,
        fuel,
        stock,
    }
}

/// A window's free start (see [`super::window::window`]): the trader may start on any
/// key square with any fuel, cash and stock worth at most `wmax` in all (stock at the
/// objective's prices), and the objective loses (1 + `slope`) × that starting worth.
struct Free {
    wmax: f64,
    slope: f64,
    /// £ per unit of each good the starting worth counts, on each board square.
    value: Vec<Vec<f64>>,
}

/// The starting state of a free start on one key square (all zero unless `z` = 1).
struct Source {
    square: usize,
    z: Variable,
    cash: Variable,
    fuel: Variable,
    stock: Vec<Variable>,
}

/// A free start's variables on key node k: the trader starts here (`z`) with any cash,
/// fuel and stock (continuous: a superset of the real, whole-numbered states).
fn free_source(m: &mut Model, cx: &Context, f: &Free, k: usize) -> Source {
    let sq = cx.net.key[k];
    let id = cx.board.ids[sq];
    let z = cx.binary(m, format!("start_{id}"));
    let cash = m.continuous(format!("cash0_{id}"), 0.0, f.wmax);
    m.constrain(constraint!(cash <= f.wmax * z));
    let tank = f64::from(cx.rules.tank);
    let fuel = m.continuous(format!("fuel0_{id}"), 0.0, tank);
    m.constrain(constraint!(fuel <= tank * z));
    let mut load = Expression::from(0.0);
    let stock = (0..cx.board.goods.len())
        .map(|g| {
            let v = f.value[sq][g];
            let hi = if v > 0.0 {
                fits(cx.rules, cx.board.volume[g]).min((f.wmax / v + 1e-9).floor())
            } else {
                0.0
            };
            let y = m.continuous(format!("y{g}0_{id}"), 0.0, hi);
            load += cx.board.volume[g] * y;
            y
        })
        .collect();
    m.constrain(constraint!(load <= cx.rules.capacity * z));
    Source {
        square: sq,
        z,
        cash,
        fuel,
        stock,
    }
}

/// The arcs arriving at and leaving one node.
struct Node<'a> {
    t: usize,
    inn: &'a [usize],
    out: &'a [usize],
    /// A free start's state on this node (windows only; see [`Free`]).
    source: Option<&'a Source>,
}

/// Flow: the trader leaves each node exactly as often as it arrived (once from the start).
fn flow(m: &mut Model, arcs: &[Arc], node: &Node) {
    let out: Expression = node.out.iter().map(|&a| arcs[a].x).sum();
    if let Some(src) = node.source {
        m.constrain(constraint!(out == src.z));
    } else if node.t == 0 {
        m.constrain(constraint!(out == 1));
    } else {
        let inn: Expression = node.inn.iter().map(|&a| arcs[a].x).sum();
        m.constrain(constraint!(out == inn));
    }
}

/// Cash: what arrives + sales − purchases − fuel bought = what leaves.
fn purse(m: &mut Model, cx: &Context, arcs: &[Arc], node: &Node) {
    let mut balance: Expression = if let Some(src) = node.source {
        Expression::from(src.cash)
    } else if node.t == 0 {
        Expression::from(cx.rules.cash)
    } else {
        node.inn.iter().map(|&a| arcs[a].purse).sum()
    };
    for &a in node.out {
        let arc = &arcs[a];
        if let Some(q) = arc.qty {
            match arc.kind {
                Kind::Sell(_) => balance += arc.price * q,
                _ => balance -= arc.price * q,
            }
        }
        balance -= arc.purse;
    }
    m.constrain(constraint!(balance == 0));
}

/// Fuel: what arrives + fuel bought covers what leaves and what the drives burn (fuel
/// may be left unused: that is fuel the referee spills).
fn fuel(m: &mut Model, cx: &Context, arcs: &[Arc], node: &Node) {
    let mut have: Expression = if let Some(src) = node.source {
        Expression::from(src.fuel)
    } else if node.t == 0 {
        Expression::from(f64::from(cx.rules.fuel))
    } else {
        node.inn.iter().filter_map(|&a| arcs[a].fuel).sum()
    };
    let mut need = Expression::from(0.0);
    for &a in node.out {
        let arc = &arcs[a];
        match arc.kind {
            Kind::Fuel => have += arc.qty.expect("fuel arcs have a quantity"),
            Kind::Drive(_) => need += (arc.t_end - arc.t) as f64 * arc.x,
            _ => {}
        }
        if let Some(f) = arc.fuel {
            need += f;
        }
    }
    m.constrain(constraint!(need <= have));
}

/// Stock of each good: what arrives + bought − sold = what leaves.
fn stock(m: &mut Model, ng: usize, arcs: &[Arc], node: &Node) {
    for g in 0..ng {
        let mut balance = Expression::from(0.0);
        let mut any = false;
        if let Some(src) = node.source {
            balance += src.stock[g];
            any = true;
        }
        for &a in node.inn {
            if let Some(y) = arcs[a].stock[g] {
                balance += y;
                any = true;
            }
        }
        for &a in node.out {
            let arc = &arcs[a];
            match (arc.kind, arc.qty) {
                (Kind::Buy(h), Some(q)) if h == g => {
                    balance += q;
                    any = true;
                }
                (Kind::Sell(h), Some(q)) if h == g => {
                    balance -= q;
                    any = true;
                }
                _ => {}
            }
            if let Some(y) = arc.stock[g] {
                balance -= y;
                any = true;
            }
        }
        if any {
            m.constrain(constraint!(balance == 0));
        }
    }
}

/// An upper bound on the trader's cash after each step 0..=T, for tight big-Ms.
///
/// Wealth W = cash + Σ_g stock_g × ρ_g, with ρ_g the best price anyone pays for g (a
/// retailer, or the stock value asked for), never falls on a sale (the sale pays at most
/// ρ_g) or a fuel purchase, and a purchase of q units at price p ≥ w_g (the cheapest
/// wholesale price) raises it by q(ρ_g − p), where q ≤ what fits in the lorry and
/// qp ≤ cash ≤ W. So W_t ≤ W_{t−1} + max_g min(W_{t−1}(ρ_g/w_g − 1), fits_g(ρ_g − w_g)),
/// and cash ≤ W.
fn wealth_bounds(board: &Board, rules: &Rules, objective: &Objective, steps: usize) -> Vec<f64> {
    let growth = growth(board, rules, objective);
    let mut out = vec![rules.cash];
    for t in 1..=steps {
        out.push(growth(out[t - 1]));
    }
    if objective.cash_only() {
        let tight = profit_bounds(board, rules, steps);
        for (w, p) in out.iter_mut().zip(tight) {
            *w = w.min(p);
        }
    }
    out
}

/// The most wealth one step can add to wealth W (see [`wealth_bounds`]).
fn growth(board: &Board, rules: &Rules, objective: &Objective) -> impl Fn(f64) -> f64 {
    let mut gains = Vec::new();
    for g in 0..board.goods.len() {
        let w = (0..board.n())
            .filter_map(|s| board.wholesale[s][g])
            .fold(f64::INFINITY, f64::min);
        let r = (0..board.n())
            .filter_map(|s| board.retail[s][g])
            .fold(objective.value(g), f64::max);
        if w.is_finite() && r > w {
            gains.push((r / w - 1.0, fits(rules, board.volume[g]) * (r - w)));
        }
    }
    move |prev: f64| {
        let gain = gains
            .iter()
            .map(|&(ratio, most)| (prev * ratio).min(most))
            .fold(0.0, f64::max);
        // A little headroom against rounding; the bound only needs to be valid.
        (prev + gain) * (1.0 + 1e-9) + 1e-6
    }
}

/// The least a trader worth following is worth after each step 0..=T when only cash
/// counts: cash + stock at the dearest wholesale price ≥ starting cash − fuel bought.
///
/// Some optimal plan never sells a unit for less than it paid (else it would drop that
/// unit's purchase and sale, and a step emptied by that), and never ends with fuel it
/// bought but did not burn (it would buy less at its last stop). Its wealth at cost then
/// only falls by fuel bought: at most tank − start fuel + t units by step t (the tank is
/// never over-full), and at most T − start fuel in all, at the dearest fuel price.
///
/// For the LP relaxation this is the cut that matters: without it a trader split in two
/// hands all its cash to one part (to buy glasses, say) and sends the other out with
/// none (to buy peaches, which need little), running two trips at once.
fn floors(board: &Board, rules: &Rules, steps: usize) -> Vec<f64> {
    let price = board
        .fuel_price
        .iter()
        .flatten()
        .fold(0.0, |a: f64, &p| a.max(p));
    let (tank, fuel) = (f64::from(rules.tank), f64::from(rules.fuel));
    let total = (steps as f64 - fuel).max(0.0);
    (0..=steps)
        .map(|t| {
            let bought = (tank - fuel + t as f64).min(total).max(0.0);
            (rules.cash - price * bought) * (1.0 - 1e-9) - 1e-6
        })
        .collect()
}

/// What a plan at least as good as a known one (final cash `known`) must be worth after
/// each step 0..=T: cash + stock at the best retail price ≥ known − G(T − t), where G(k)
/// bounds the profit of units both bought and sold in the last k steps ([`Rates::most`]
/// over k steps of lorry and k steps of the cash bounds): stock already held adds
/// nothing beyond its best retail price, and fuel only costs. A plan worth less cannot
/// beat the known one, so cutting it off leaves the optimum (the known plan, or a better
/// one) in the model; for the LP relaxation it forbids, near the end, parts of a split
/// trader that could not be rich enough.
fn targets(board: &Board, rules: &Rules, known: f64, wealth: &[f64]) -> Vec<f64> {
    let rates = Rates::new(board);
    let steps = wealth.len() - 1;
    (0..=steps)
        .map(|t| {
            let k = steps - t;
            let money: f64 = wealth[t..steps].iter().sum();
            let gain = rates.most(rules.capacity * k as f64, money, k);
            (known - gain) * (1.0 - 1e-9) - 1e-6
        })
        .collect()
}

/// A tighter bound on cash after each step when only cash counts: every unit of good g
/// that is sold was bought at least L_g = 1 + (shortest road from a wholesaler of g to a
/// retailer of g) steps earlier, and earns at most m_g = (best retail − cheapest
/// wholesale). Meanwhile it fills vol_g of the lorry and ties up at least its price w_g
/// in every one of those steps. Over t steps the lorry offers at most capacity × t
/// cu-ft-steps and the money at most Σ_{τ<t} W_τ £-steps, so the profit is at most the
/// optimum of the small LP: max Σ_g P_g with Σ_g P_g / a_g ≤ capacity·t and
/// Σ_g P_g / b_g ≤ Σ W, a_g = m_g / (vol_g L_g), b_g = m_g / (w_g L_g). Its optimum uses
/// at most two goods, so trying every good and every pair solves it exactly.
fn profit_bounds(board: &Board, rules: &Rules, steps: usize) -> Vec<f64> {
    let rates = Rates::new(board);
    let mut out = vec![rules.cash];
    let mut money_steps = 0.0;
    for t in 1..=steps {
        money_steps += out[t - 1];
        let p = rates.most(rules.capacity * t as f64, money_steps, t);
        out.push((rules.cash + p) * (1.0 + 1e-9) + 1e-6);
    }
    out
}

/// Per good: profit per cu-ft-step a_g, per £-step b_g, and the fewest steps a unit
/// needs from purchase to sale inclusive (buy, drive, sell) — see [`profit_bounds`];
/// and the same margins per cu ft and per £ of one load, for [`Rates::load`].
struct Rates(Vec<(f64, f64, usize)>, Vec<(f64, f64)>);

impl Rates {
    fn new(board: &Board) -> Rates {
        let n = board.n();
        let mut rates = Vec::new();
        let mut per_load = Vec::new();
        for g in 0..board.goods.len() {
            let sellers: Vec<usize> = (0..n)
                .filter(|&s| board.wholesale[s][g].is_some())
                .collect();
            let buyers: Vec<usize> = (0..n).filter(|&s| board.retail[s][g].is_some()).collect();
            let w = sellers
                .iter()
                .map(|&s| board.wholesale[s][g].unwrap())
                .fold(f64::INFINITY, f64::min);
            let r = buyers
                .iter()
                .map(|&s| board.retail[s][g].unwrap())
                .fold(0.0, f64::max);
            if !(w.is_finite() && r > w) {
                continue;
            }
            let mut d = usize::MAX;
            for &s in &sellers {
                let from = board.distances(s);
                for &b in &buyers {
                    d = d.min(from[b]);
                }
            }
            if d == usize::MAX {
                continue;
            }
            let l = 1.0 + d as f64;
            let m = r - w;
            rates.push((m / (board.volume[g] * l), m / (w * l), d + 2));
            per_load.push((m / board.volume[g], m / w));
        }
        Rates(rates, per_load)
    }

    /// The most margin (best retail less cheapest wholesale price) of one load that fits
    /// in `capacity` cu ft and costs at most `money`: max Σ_g m_g u_g with
    /// Σ_g vol_g u_g ≤ capacity and Σ_g w_g u_g ≤ money (fractional units, so an upper
    /// bound on any real load).
    fn load(&self, capacity: f64, money: f64) -> f64 {
        two_resource_lp(&self.1, capacity, money)
    }

    /// The most profit from units bought and sold within `window` steps, given `vol`
    /// cu-ft-steps and `money` £-steps: max Σ_g P_g with Σ_g P_g / a_g ≤ vol and
    /// Σ_g P_g / b_g ≤ money. Its optimum uses at most two goods, so trying every good
    /// and every pair solves it exactly.
    fn most(&self, vol: f64, money: f64, window: usize) -> f64 {
        let rates: Vec<(f64, f64)> = self
            .0
            .iter()
            .filter(|r| r.2 <= window)
            .map(|r| (r.0, r.1))
            .collect();
        two_resource_lp(&rates, vol, money)
    }
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

/// BFS distance from every square to the nearest square satisfying `target`.
fn nearest(board: &Board, target: impl Fn(usize) -> bool) -> Vec<usize> {
    let n = board.n();
    let mut d = vec![usize::MAX; n];
    let mut queue = std::collections::VecDeque::new();
    for s in (0..n).filter(|&s| target(s)) {
        d[s] = 0;
        queue.push_back(s);
    }
    while let Some(a) = queue.pop_front() {
        for &b in &board.adj[a] {
            if d[b] == usize::MAX {
                d[b] = d[a] + 1;
                queue.push_back(b);
            }
        }
    }
    d
}

/// Follow the unit flow from the start and write each arc as plan steps (a drive as one
/// `move` per square of its chain).
fn extract_plan(
    board: &Board,
    net: &Network,
    arcs: &[Arc],
    (start, band): (usize, usize),
    value: impl Fn(Variable) -> f64,
) -> Result<Vec<Action>> {
    let mut leaving: HashMap<(usize, usize, usize), Vec<usize>> = HashMap::new();
    for (i, a) in arcs.iter().enumerate() {
        leaving.entry((a.node, a.band, a.t)).or_default().push(i);
    }
    let mut at = (
        net.node_of[start].expect("the start is a key square"),
        band,
        0,
    );
    let mut plan = Vec::new();
    loop {
        let Some(&a) = leaving
            .get(&at)
            .and_then(|v| v.iter().find(|&&a| value(arcs[a].x) > 0.5))
        else {
            bail!(
                "the solution leaves square {} at step {} by no arc (a bug in the model)",
                board.ids[net.key[at.0]],
                at.2
            );
        };
        let arc = &arcs[a];
        let q = || value(arc.qty.expect("trades have a quantity")).round() as u64;
        match arc.kind {
            Kind::Stop => return Ok(plan),
            Kind::Drive(c) => plan.extend(
                net.chains[c]
                    .path
                    .iter()
                    .map(|&s| Action::Move(board.ids[s])),
            ),
            Kind::Buy(g) => plan.push(Action::Buy(board.goods[g].clone(), q())),
            Kind::Sell(g) => plan.push(Action::Sell(board.goods[g].clone(), q())),
            Kind::Fuel => plan.push(Action::Fuel(q())),
        }
        at = (arc.to, arc.band_to, arc.t_end);
    }
}

/// Values of every variable a plan touches, for a MIP start; `None` when the plan does
/// not fit the model (too long, illegal, a U-turn inside a chain, or an arc the pruning
/// left out). Trailing moves after the last action are dropped.
fn start_values(
    board: &Board,
    rules: &Rules,
    start: usize,
    plan: &[Action],
    built: &Built,
) -> Option<Vec<(Variable, f64)>> {
    let rp = engine::replay(board, rules, board.ids[start], plan).ok()?;
    if rp.illegal.is_some() {
        return None;
    }
    let net = &built.net;
    // Arcs by where they leave (key node, band, time), what they do and their band after.
    let mut index: HashMap<(usize, usize, usize, Kind, usize), usize> = HashMap::new();
    for (i, a) in built.arcs.iter().enumerate() {
        index.insert((a.node, a.band, a.t, a.kind, a.band_to), i);
    }
    let band = |state: &engine::State| {
        let stock: f64 = (state.stock.iter().zip(&built.cost))
            .map(|(&q, &c)| q as f64 * c)
            .sum();
        built.bands.of(state.cash + stock)
    };
    let mut out = Vec::new();
    let set = |out: &mut Vec<(Variable, f64)>, a: &Arc, after: &engine::State| {
        out.push((a.x, 1.0));
        out.push((a.purse, after.cash));
        if let Some(f) = a.fuel {
            out.push((f, f64::from(after.fuel)));
        }
        for (g, &q) in after.stock.iter().enumerate() {
            if q > 0 {
                out.push((a.stock[g]?, q as f64));
            }
        }
        Some(())
    };
    // Only the prefix up to the last trade matters; later moves are dropped.
    let last = plan.iter().rposition(|a| !matches!(a, Action::Move(_)));
    let used = last.map_or(0, |i| i + 1);
    let mut k = net.node_of[start]?;
    let mut b = band(&rp.states[0]);
    let mut i = 0;
    while i < used {
        let state = &rp.states[i];
        debug_assert_eq!(net.key[k], state.square);
        let kind = match &plan[i] {
            Action::Move(_) => {
                // Moves up to the next key square: one chain.
                let mut j = i;
                let sq = loop {
                    let Action::Move(to) = plan.get(j)? else {
                        return None;
                    };
                    let sq = *board.index.get(to)?;
                    j += 1;
                    if net.node_of[sq].is_some() {
                        break sq;
                    }
                };
                let path: Vec<usize> = rp.states[i + 1..=j].iter().map(|s| s.square).collect();
                debug_assert_eq!(*path.last()?, sq);
                let c = *net.out[k].iter().find(|&&c| net.chains[c].path == path)?;
                Kind::Drive(c)
            }
            Action::Buy(good, _) => Kind::Buy(board.good(good)?),
            Action::Sell(good, _) => Kind::Sell(board.good(good)?),
            Action::Fuel(_) => Kind::Fuel,
        };
        let t_end = match kind {
            Kind::Drive(c) => i + net.chains[c].path.len(),
            _ => i + 1,
        };
        let after = &rp.states[t_end];
        let a = &built.arcs[*index.get(&(k, b, i, kind, band(after)))?];
        set(&mut out, a, after)?;
        if let Some(q) = a.qty {
            let n = match &plan[i] {
                Action::Buy(_, n) | Action::Sell(_, n) | Action::Fuel(n) => *n,
                Action::Move(_) => unreachable!("moves are drives"),
            };
            out.push((q, n as f64));
        }
        k = a.to;
        b = a.band_to;
        i = a.t_end;
    }
    let stop = &built.arcs[*index.get(&(k, b, used, Kind::Stop, b))?];
    set(&mut out, stop, &rp.states[used])?;
    Some(out)
}
