//! Bounds on the trader's wealth after each step: analytic ceilings, the LP-proven
//! checkpoint ceilings, the floors of a trader worth following and the target cuts of a
//! known plan. They are the model's big-Ms and its cuts against a split trader.

use anyhow::Result;

use crate::lp::SolveOptions;
use crate::traveller::board::Board;
use crate::traveller::rules::Rules;

use super::build::build;
use super::context::{fits, Extra};
use super::{solve_lp, two_resource_lp, Objective};

/// Budgets whose LP relaxations tighten the cash bounds of a longer one.
pub(super) const CHECKPOINT: usize = 10;

/// Seconds each checkpoint LP may take (one not solved by then is not used).
pub(super) const CHECKPOINT_LIMIT: f64 = 30.0;

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
pub(super) fn ceilings(
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
    // --time-limit covers the checkpoints too: each gets what is left.
    let began = std::time::Instant::now();
    while tc < steps {
        let left = opts.time_limit.map(|t| t - began.elapsed().as_secs_f64());
        if left.is_some_and(|l| l <= 0.0) {
            break;
        }
        let quiet = SolveOptions {
            time_limit: quiet.time_limit.map(|q| left.map_or(q, |l| q.min(l))),
            ..quiet.clone()
        };
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
/// longer (measured in `docs/notebook/traveller.md`).
pub(super) fn restarted(
    board: &Board,
    rules: &Rules,
    ceiling: &[f64],
    last: Option<usize>,
) -> Vec<f64> {
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
pub(super) fn restart_profit_bounds(rates: &Rates, rules: &Rules, w: &mut [f64], tc: usize) {
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

/// Upper bounds on the cash after each step 0..=`steps` of a window from a state worth at
/// most `wmax` (stock at `value`, at most its value anywhere, at least the cheapest
/// wholesale price or 0 for a good nobody sells): selling the
/// starting stock at the best retail prices adds at most its margins (a fractional load
/// costing at most `wmax`), and each step after that at most [`growth`] — or, all
/// told, the profit of what is bought and sold within the window ([`Rates::most`]).
pub(super) fn window_wealth(
    board: &Board,
    rules: &Rules,
    value: &[f64],
    wmax: f64,
    steps: usize,
) -> Vec<f64> {
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

/// An upper bound on the trader's cash after each step 0..=T, for tight big-Ms.
///
/// Wealth W = cash + Σ_g stock_g × ρ_g, with ρ_g the best price anyone pays for g (a
/// retailer, or the stock value asked for), never falls on a sale (the sale pays at most
/// ρ_g) or a fuel purchase, and a purchase of q units at price p ≥ w_g (the cheapest
/// wholesale price) raises it by q(ρ_g − p), where q ≤ what fits in the lorry and
/// qp ≤ cash ≤ W. So W_t ≤ W_{t−1} + max_g min(W_{t−1}(ρ_g/w_g − 1), fits_g(ρ_g − w_g)),
/// and cash ≤ W.
pub(super) fn wealth_bounds(
    board: &Board,
    rules: &Rules,
    objective: &Objective,
    steps: usize,
) -> Vec<f64> {
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
pub(super) fn growth(board: &Board, rules: &Rules, objective: &Objective) -> impl Fn(f64) -> f64 {
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
pub(super) fn floors(board: &Board, rules: &Rules, steps: usize) -> Vec<f64> {
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
pub(super) fn targets(board: &Board, rules: &Rules, known: f64, wealth: &[f64]) -> Vec<f64> {
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
pub(super) fn profit_bounds(board: &Board, rules: &Rules, steps: usize) -> Vec<f64> {
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
pub(super) struct Rates(
    pub(super) Vec<(f64, f64, usize)>,
    pub(super) Vec<(f64, f64)>,
);

impl Rates {
    pub(super) fn new(board: &Board) -> Rates {
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
    pub(super) fn load(&self, capacity: f64, money: f64) -> f64 {
        two_resource_lp(&self.1, capacity, money)
    }

    /// The most profit from units bought and sold within `window` steps, given `vol`
    /// cu-ft-steps and `money` £-steps: max Σ_g P_g with Σ_g P_g / a_g ≤ vol and
    /// Σ_g P_g / b_g ≤ money. Its optimum uses at most two goods, so trying every good
    /// and every pair solves it exactly.
    pub(super) fn most(&self, vol: f64, money: f64, window: usize) -> f64 {
        let rates: Vec<(f64, f64)> = self
            .0
            .iter()
            .filter(|r| r.2 <= window)
            .map(|r| (r.0, r.1))
            .collect();
        two_resource_lp(&rates, vol, money)
    }
}
