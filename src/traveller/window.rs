//! Window bounds: the most any trader can be worth after L steps from *any* state worth
//! at most W, used to bound long budgets whose own LP is too big or too weak.
//!
//! Worth is cash + each unit of stock at [`values`]: its cheapest wholesale price plus a
//! potential that grows as the lorry nears a retailer. A trader inside a chain of plain
//! squares counts its stock where the chain ends (the model's plans never turn back
//! inside a chain). For a window of L steps, a slope b and a cap W̄, [`window`] solves the
//! time-expanded model of [`super::model`] with a *free start*: the trader may begin on
//! any key square with any fuel (0..tank), any cash and any stock (continuous, so a
//! superset of the real, whole-numbered states), as long as its worth W ≤ W̄, and
//! maximises worth(after L steps) − (1 + b)·W; its last drive may run past the end (it
//! is counted where it arrives). Every stretch of L steps of every plan is such a window
//! (a stretch that starts inside a chain is the window from where that chain ends, with
//! fewer steps, and the trader may stop early), so with a(L, b, W̄) the solver's proven
//! upper bound, every plan whose worth after step t is at most W̄ satisfies
//!
//!   worth(t + L) ≤ a(L, b, W̄) + (1 + b) · worth(t).
//!
//! With b = −1 the objective is the end worth alone: g(L, W̄), the most worth after L
//! steps from any state worth at most W̄; since more money never hurts (it can stay
//! unspent), worth(t + L) ≤ g(L, worth(t)). Chaining these from a proven cap (a
//! checkpoint) gives a bound on the cash after T steps ([`chain`]); the last window
//! maximises cash alone (cash ≤ worth, stock counting at least 0).

use std::time::Instant;

use anyhow::Result;

use super::board::Board;
use super::model::{self, Objective};
use super::rules::Rules;
use crate::lp::{SolveOptions, Status};

/// Steps per window when chaining from a checkpoint (20: about one round trip; 10-step
/// windows leave more slack per step, see docs/notebook/traveller.md).
pub const WINDOW: usize = 20;

/// Seconds each chained window may take (its dual bound is used if not proven).
pub const WINDOW_LIMIT: f64 = 90.0;

/// The cheapest wholesale price of each good (0 for a good nobody sells, which no
/// trader can hold).
pub fn cheapest(board: &Board) -> Vec<f64> {
    (0..board.goods.len())
        .map(|g| {
            let p = (0..board.n())
                .filter_map(|s| board.wholesale[s][g])
                .fold(f64::INFINITY, f64::min);
            if p.is_finite() {
                p
            } else {
                0.0
            }
        })
        .collect()
}

/// What a unit of each good counts for on each square (`[square][good]`): its cheapest
/// wholesale price c_g plus a potential π_g(s) = max(0, max over retailers R of
/// (r_R − c_g − λ_g·d(s, R))), which grows by λ_g a step as the lorry nears a retailer,
/// with λ_g the best margin per step of a trip (r − p) / (d(wholesaler, retailer) + 1).
/// Any value is valid (the same one counts at both ends of every window); this one
/// spreads a trip's margin over its steps, so that a window starting with a load next
/// to its retailer gets little for it (with stock at cost it would get the whole
/// margin, once per window).
pub fn values(board: &Board) -> Vec<Vec<f64>> {
    let n = board.n();
    let c = cheapest(board);
    let mut out = vec![c.clone(); n];
    for (g, &cg) in c.iter().enumerate() {
        let retailers: Vec<(usize, f64, Vec<usize>)> = (0..n)
            .filter_map(|s| board.retail[s][g].map(|r| (s, r, board.distances(s))))
            .filter(|(_, r, _)| *r > cg)
            .collect();
        let mut lambda: f64 = 0.0;
        for w in 0..n {
            let Some(p) = board.wholesale[w][g] else {
                continue;
            };
            for (_, r, d) in &retailers {
                if *r > p && d[w] != usize::MAX {
                    lambda = lambda.max((r - p) / (d[w] as f64 + 1.0));
                }
            }
        }
        if lambda <= 0.0 {
            continue;
        }
        for (s, row) in out.iter_mut().enumerate() {
            let pi = retailers
                .iter()
                .filter(|(_, _, d)| d[s] != usize::MAX)
                .map(|(_, r, d)| r - cg - lambda * d[s] as f64)
                .fold(0.0, f64::max);
            row[g] += pi;
        }
    }
    out
}

/// One solved window.
#[derive(Debug, Clone)]
pub struct Window {
    pub steps: usize,
    /// The cap on the starting worth.
    pub wmax: f64,
    /// b (−1: the end worth alone).
    pub slope: f64,
    /// Cash only at the end (the last window of a plan) instead of worth.
    pub cash_only: bool,
    /// A proven upper bound on the window's objective (the MIP's dual bound).
    pub bound: f64,
    /// The best window found (a lower bound on the true maximum).
    pub found: f64,
    pub proven: bool,
    pub seconds: f64,
}

/// A solver's bound with headroom against its tolerances (the bound only needs to be
/// valid).
fn headroom(bound: f64) -> f64 {
    bound * (1.0 + 1e-7) + 1e-4
}

/// Solve one window (see the module doc). `start` only fixes the road network's
/// contraction (the same key squares as the model of a game from `start`); the window
/// itself may start anywhere. Returns `None` when the solver ends without a bound.
#[allow(clippy::too_many_arguments)]
pub fn window(
    board: &Board,
    rules: &Rules,
    start: usize,
    steps: usize,
    wmax: f64,
    slope: f64,
    cash_only: bool,
    opts: &SolveOptions,
) -> Result<Option<Window>> {
    let value = values(board);
    let objective = Objective {
        square_value: if cash_only { Vec::new() } else { value.clone() },
        ..Default::default()
    };
    let report = model::window_model(
        board, rules, start, steps, &value, &objective, wmax, slope, opts,
    )?;
    let bound = match (report.status, report.objective, report.bound) {
        (Status::Optimal, Some(obj), b) if report.gap.is_none_or(|g| g <= 1e-9) => {
            Some(b.unwrap_or(obj).max(obj))
        }
        (_, _, Some(b)) => Some(b),
        _ => None,
    };
    Ok(bound.map(|bound| Window {
        steps,
        wmax,
        slope,
        cash_only,
        bound: headroom(bound),
        found: report.objective.unwrap_or(f64::NEG_INFINITY),
        proven: report.proven(),
        seconds: report.seconds,
    }))
}

/// The windows of a chain and what they bound.
#[derive(Debug, Clone)]
pub struct Chained {
    /// The bound after [`Chained::steps`] steps: on the cash when the chain reached its
    /// end, else on the worth.
    pub bound: f64,
    /// The step the windows reach: the chain's end, or less when its deadline came first.
    pub steps: usize,
    pub windows: Vec<Window>,
}

/// A bound on the cash after `steps` steps from a cap `cap` on the worth after step
/// `from`: windows of `len` steps chained from there (the last one shorter, and cash
/// only). `None` when some window ended without a bound. With a `deadline` each window
/// gets at most the time left, and the chain stops short when none is left. (The
/// model's ceilings cap the worth at cost, not this worth, so they cannot cap the
/// chain's steps.)
#[allow(clippy::too_many_arguments)]
pub fn chain(
    board: &Board,
    rules: &Rules,
    start: usize,
    from: usize,
    cap: f64,
    steps: usize,
    len: usize,
    opts: &SolveOptions,
    deadline: Option<Instant>,
) -> Result<Option<Chained>> {
    let mut t = from;
    let mut u = cap;
    let mut windows = Vec::new();
    while t < steps {
        let mut opts = opts.clone();
        if let Some(d) = deadline {
            let left = d.saturating_duration_since(Instant::now()).as_secs_f64();
            if left < 0.1 {
                break;
            }
            opts.time_limit = Some(opts.time_limit.map_or(left, |s| s.min(left)));
        }
        let l = len.min(steps - t);
        let last = t + l == steps;
        let w = match window(board, rules, start, l, u, -1.0, last, &opts) {
            Ok(Some(w)) => w,
            Ok(None) => return Ok(None),
            // Cut short by the deadline before any plan: its dual bound still holds.
            Err(e) if deadline.is_some() && crate::lp::no_solution(&e).is_some() => {
                let Some(cut) = crate::lp::no_solution(&e) else {
                    return Err(e);
                };
                let Some(b) = cut.bound else { break };
                Window {
                    steps: l,
                    wmax: u,
                    slope: -1.0,
                    cash_only: last,
                    bound: headroom(b),
                    found: f64::NEG_INFINITY,
                    proven: false,
                    seconds: cut.seconds,
                }
            }
            Err(e) => return Err(e),
        };
        t += l;
        u = w.bound;
        windows.push(w);
    }
    Ok(Some(Chained {
        bound: u,
        steps: t,
        windows,
    }))
}

/// The most a load can add to the worth beyond its cost: a trader whose cash + stock at
/// cost is at most `cap` is worth at most `cap` + this in the windows' values (stock at
/// c_g + π_g, π_g at most the best margin r_g − c_g; a fractional load costing at most
/// `cap` that fits in the lorry).
pub fn load_slack(board: &Board, rules: &Rules, cap: f64) -> f64 {
    let c = cheapest(board);
    let v = values(board);
    let rates: Vec<(f64, f64)> = (0..board.goods.len())
        .filter(|&g| c[g] > 0.0)
        .filter_map(|g| {
            let top = v.iter().map(|row| row[g] - c[g]).fold(0.0, f64::max);
            (top > 0.0).then(|| (top / board.volume[g], top / c[g]))
        })
        .collect();
    model::two_resource_lp(&rates, rules.capacity, cap)
}

/// A bound on the cash after `steps` steps from a checkpoint: the worth at cost after
/// step `from` is at most `ceiling[from]` (see [`super::model`]'s ceilings), so the
/// windows' worth is at most that + [`load_slack`], or — tighter, when it is solved in
/// time — the LP bound on that worth itself ([`model::worth_checkpoint`], big-Ms from
/// `ceiling`); windows of [`WINDOW`] steps chained from there ([`chain`]), each solved for
/// at most [`WINDOW_LIMIT`] seconds and none after `deadline` (`None` when the chain
/// does not reach `steps` by then).
#[allow(clippy::too_many_arguments)]
pub fn from_checkpoint(
    board: &Board,
    rules: &Rules,
    start: usize,
    from: usize,
    ceiling: &[f64],
    steps: usize,
    opts: &SolveOptions,
    deadline: Option<Instant>,
) -> Result<Option<(f64, Vec<Window>)>> {
    if deadline.is_some_and(|d| Instant::now() >= d) {
        return Ok(None);
    }
    let quiet = SolveOptions {
        quiet: true,
        verbose: false,
        time_limit: Some(
            opts.time_limit
                .unwrap_or(f64::INFINITY)
                .min(WINDOW_LIMIT)
                .min(deadline.map_or(f64::INFINITY, |d| {
                    d.saturating_duration_since(Instant::now()).as_secs_f64()
                })),
        ),
        ..opts.clone()
    };
    let cap = ceiling[from];
    let mut phi = (cap + load_slack(board, rules, cap)) * (1.0 + 1e-9) + 1e-6;
    if from > 0 {
        let lp =
            model::worth_checkpoint(board, rules, start, from, ceiling, &values(board), &quiet)?;
        phi = phi.min(lp.unwrap_or(f64::INFINITY));
    }
    let chained = chain(
        board, rules, start, from, phi, steps, WINDOW, &quiet, deadline,
    )?;
    Ok(chained
        .filter(|c| c.steps == steps)
        .map(|c| (c.bound, c.windows)))
}
