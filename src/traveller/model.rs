//! The integer program: the board expanded in time. Step t = 1..T is one action; the
//! position is carried by flow: the trader leaves square s at step t by exactly one of
//! the arcs "drive s→b", "buy g at s", "sell g at s", "buy fuel at s", "stand still at
//! s", and arrives where that arc ends. Fuel f_t and cash c_t are one variable a step.
//!
//! Maximise c_T (+ Σ_g v_g · stock_Tg when the stock is valued) subject to
//! * flow:   Σ(arcs leaving s at t) = Σ(arcs entering s at t−1), the start square has 1 at t=0;
//! * fuel:   f_t = f_{t−1} − Σ drives_t + Σ_s qf_ts,  0 ≤ f_t ≤ tank;
//! * cash:   c_t = c_{t−1} − Σ w_sg qb_tsg + Σ r_sg qs_tsg − Σ p_s qf_ts,  c_t ≥ 0;
//! * stock and cash travel with the lorry: every arc carries its own stock of each good
//!   and its own cash, at most (capacity, cash bound) × the arc's flow, and on each square
//!   what arrives + bought − sold = what leaves (see [`stock`] and [`purse`]);
//! * a quantity is at least 1 and at most its tight big-M when its arc is taken, else 0.
//!
//! For an integral trader the carried stock and cash are just its stock and cash; for
//! the LP relaxation they forbid a trader split over several squares from trading between
//! its parts without driving, which is what makes the bound tight (at T = 20 on the
//! classic board the root LP already equals the optimum).
//!
//! The referee spills fuel bought above the tank; the model never buys fuel that would
//! spill (f_t ≤ tank), which loses nothing: spilt fuel is money thrown away.
//!
//! Pruning keeps the model small without cutting off any optimum: a square appears at
//! step t only if it is within t moves of the start; a purchase only where a retailer
//! of that good can still be reached in time (unless the final stock is valued); a sale
//! only where stock of that good can have arrived; a drive only if a retailer can still be
//! reached after it; fuel never on the last step; and the trader stands still only at the
//! end (any plan can move its idle steps there).

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
}

impl Objective {
    fn value(&self, g: usize) -> f64 {
        self.stock_value.get(g).copied().unwrap_or(0.0)
    }

    fn cash_only(&self) -> bool {
        self.stock_value.iter().all(|&v| v == 0.0)
    }
}

/// A solved bound: the solver's report and the plan it found (idle steps dropped).
#[derive(Debug, Clone)]
pub struct Bound {
    pub report: SolveReport,
    pub plan: Vec<Action>,
}

/// Quantity arcs of one step at one square.
struct Trade {
    good: usize,
    price: f64,
    on: Variable,
    qty: Variable,
}

/// One step's variables.
#[derive(Default)]
struct Step {
    /// (from, to, binary).
    drives: Vec<(usize, usize, Variable)>,
    buys: Vec<(usize, Trade)>,
    sells: Vec<(usize, Trade)>,
    /// (square, price, binary, quantity).
    fuel: Vec<(usize, f64, Variable, Variable)>,
    /// (square, continuous 0..1).
    idle: Vec<(usize, Variable)>,
    /// Fuel and cash after the step.
    fuel_var: Option<Variable>,
    cash_var: Option<Variable>,
    /// Stock of a good carried on a drive: (from, to, good) → variable.
    carried: HashMap<(usize, usize, usize), Variable>,
    /// Stock of a good kept on a square by the arcs that stay: (square, good) → variable.
    kept: HashMap<(usize, usize), Variable>,
    /// Cash carried on a drive (from, to) / kept on a square by the arcs that stay.
    purse_drive: HashMap<(usize, usize), Variable>,
    purse_kept: HashMap<usize, Variable>,
}

/// Largest whole number of units of a good that fits in the lorry.
fn fits(rules: &Rules, vol: f64) -> f64 {
    ((rules.capacity + 1e-9) / vol).floor()
}

/// Build and solve the model for T steps from square index `start`. A `hint` (a legal
/// plan, e.g. the greedy trader's) is handed to the solver as its first incumbent.
pub fn solve(
    board: &Board,
    rules: &Rules,
    start: usize,
    steps: usize,
    objective: &Objective,
    hint: Option<&[Action]>,
    opts: &SolveOptions,
) -> Result<Bound> {
    if steps == 0 {
        bail!("--steps must be at least 1");
    }
    let name = format!(
        "traveller bound, board {} from square {}, {steps} steps",
        board.name, board.ids[start]
    );
    let mut m = Model::new(name);
    let n = board.n();
    let ng = board.goods.len();
    let dist = board.distances(start);
    // Distance from each square to the nearest retailer / from the nearest wholesaler of g.
    let to_retail: Vec<Vec<usize>> = (0..ng)
        .map(|g| nearest(board, |s| board.retail[s][g].is_some()))
        .collect();
    let to_any_retail = nearest(board, |s| board.retail[s].iter().any(|p| p.is_some()));
    let from_wholesale: Vec<Vec<usize>> = (0..ng)
        .map(|g| {
            // Earliest step after which stock of g can be on square s: reach a wholesaler,
            // buy (1 step), drive on.
            let mut best = vec![usize::MAX; n];
            for w in (0..n).filter(|&w| board.wholesale[w][g].is_some()) {
                if dist[w] == usize::MAX {
                    continue;
                }
                let from_w = board.distances(w);
                for s in 0..n {
                    if from_w[s] != usize::MAX {
                        best[s] = best[s].min(dist[w] + 1 + from_w[s]);
                    }
                }
            }
            best
        })
        .collect();
    let tank = f64::from(rules.tank);
    let cash_only = objective.cash_only();
    let wealth = wealth_bounds(board, rules, objective, steps);
    // Most units of g the lorry can hold after step t: what fits, and what the money can buy.
    let cheapest: Vec<f64> = (0..ng)
        .map(|g| {
            (0..n)
                .filter_map(|s| board.wholesale[s][g])
                .fold(f64::INFINITY, f64::min)
        })
        .collect();
    let most_stock = |g: usize, t: usize| -> f64 {
        fits(rules, board.volume[g]).min((wealth[t] / cheapest[g] + 1e-9).floor())
    };

    let mut plan_steps: Vec<Step> = Vec::with_capacity(steps);
    let mut fuel_prev: Expression = Expression::from(f64::from(rules.fuel));
    let mut cash_prev: Expression = Expression::from(rules.cash);
    // Stock of each good held by the part of the (fractional) trader on each square.
    let mut stock_prev: Vec<Vec<Expression>> = vec![vec![Expression::from(0.0); ng]; n];
    // Cash held by the part of the trader on each square.
    let mut purse_prev: Vec<Expression> = (0..n)
        .map(|s| Expression::from(if s == start { rules.cash } else { 0.0 }))
        .collect();
    let mut idle_prev: Option<Expression> = None;
    // Inflow of each square after the previous step (t = 0: the start).
    let mut inflow: Vec<Expression> = (0..n)
        .map(|s| Expression::from(if s == start { 1.0 } else { 0.0 }))
        .collect();
    let mut cash_last = None;
    let mut stock_last = Vec::new();

    for t in 1..=steps {
        let left = steps - t; // steps after this one
        let here: Vec<usize> = (0..n).filter(|&s| dist[s] < t).collect();
        let mut st = Step::default();
        let mut out: Vec<Expression> = vec![Expression::from(0.0); n];
        let mut next_in: Vec<Expression> = vec![Expression::from(0.0); n];
        for &s in &here {
            for &b in &board.adj[s] {
                // A drive only pays if some retailer can still be reached and sold to.
                if cash_only && to_any_retail[b].saturating_add(1) > left {
                    continue;
                }
                let v = m.binary(format!("d{t}_{s}_{b}"));
                st.drives.push((s, b, v));
                out[s] += v;
                next_in[b] += v;
            }
            for g in 0..ng {
                if let Some(price) = board.wholesale[s][g] {
                    let useful = !cash_only || to_retail[g][s].saturating_add(1) <= left;
                    if useful {
                        let mq = fits(rules, board.volume[g])
                            .min((wealth[t - 1] / price + 1e-9).floor());
                        if mq >= 1.0 {
                            let on = m.binary(format!("b{t}_{s}_{g}"));
                            let qty = m.integer(format!("qb{t}_{s}_{g}"), 0.0, mq);
                            m.constrain(constraint!(qty <= mq * on));
                            m.constrain(constraint!(qty >= on));
                            out[s] += on;
                            next_in[s] += on;
                            st.buys.push((
                                s,
                                Trade {
                                    good: g,
                                    price,
                                    on,
                                    qty,
                                },
                            ));
                        }
                    }
                }
                if let Some(price) = board.retail[s][g] {
                    if from_wholesale[g][s] < t {
                        let mq = most_stock(g, t - 1);
                        if mq >= 1.0 {
                            let on = m.binary(format!("s{t}_{s}_{g}"));
                            let qty = m.integer(format!("qs{t}_{s}_{g}"), 0.0, mq);
                            m.constrain(constraint!(qty <= mq * on));
                            m.constrain(constraint!(qty >= on));
                            out[s] += on;
                            next_in[s] += on;
                            st.sells.push((
                                s,
                                Trade {
                                    good: g,
                                    price,
                                    on,
                                    qty,
                                },
                            ));
                        }
                    }
                }
            }
            if let Some(price) = board.fuel_price[s] {
                if left >= 1 && rules.tank >= 1 {
                    let on = m.binary(format!("f{t}_{s}"));
                    let qty = m.integer(format!("qf{t}_{s}"), 0.0, tank);
                    m.constrain(constraint!(qty <= tank * on));
                    m.constrain(constraint!(qty >= on));
                    out[s] += on;
                    next_in[s] += on;
                    st.fuel.push((s, price, on, qty));
                }
            }
            let v = m.continuous(format!("i{t}_{s}"), 0.0, 1.0);
            out[s] += v;
            next_in[s] += v;
            st.idle.push((s, v));
        }
        flow(&mut m, &here, &out, &inflow);
        let f = fuel(&mut m, t, &st, fuel_prev, tank);
        st.fuel_var = Some(f);
        fuel_prev = f.into();
        let c = cash(&mut m, t, &st, cash_prev, wealth[t]);
        st.cash_var = Some(c);
        cash_prev = c.into();
        let carry = Carry {
            t,
            left,
            cash_only,
            here: &here,
            from_wholesale: &from_wholesale,
            to_retail: &to_retail,
            most: &(0..ng).map(|g| most_stock(g, t)).collect::<Vec<_>>(),
        };
        stock_prev = stock(&mut m, &carry, board, rules, &mut st, stock_prev);
        purse_prev = purse(&mut m, &carry, board, &mut st, purse_prev, &wealth);
        idle_prev = Some(idle_at_the_end(&mut m, &st, idle_prev));
        inflow = next_in;
        cash_last = Some(cash_prev.clone());
        stock_last = stock_prev.clone();
        plan_steps.push(st);
    }

    let mut obj = cash_last.expect("steps ≥ 1");
    for held in &stock_last {
        for (g, k) in held.iter().enumerate() {
            let v = objective.value(g);
            if v != 0.0 {
                obj += v * k.clone();
            }
        }
    }
    if let Some(plan) = hint {
        if let Some(values) = start_values(board, rules, start, plan, &plan_steps) {
            m.set_start(values);
        }
    }
    // The root LP is highly degenerate: dual simplex did not finish it in 120 s at T = 30
    // (16k columns); the interior point method (with crossover) takes 8 s.
    m.highs_option("mip_lp_solver", "ipm");
    let solved = m.solve(Sense::Maximise, obj, opts)?;
    let mut plan = Vec::new();
    for st in &plan_steps {
        if let Some(a) = chosen(board, st, &solved) {
            plan.push(a);
        }
    }
    Ok(Bound {
        report: solved.report,
        plan,
    })
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
    let mut out = vec![rules.cash];
    for t in 1..=steps {
        let prev = out[t - 1];
        let gain = gains
            .iter()
            .map(|&(ratio, most)| (prev * ratio).min(most))
            .fold(0.0, f64::max);
        // A little headroom against rounding; the bound only needs to be valid.
        out.push((prev + gain) * (1.0 + 1e-9) + 1e-6);
    }
    if objective.cash_only() {
        let tight = profit_bounds(board, rules, steps);
        for (w, p) in out.iter_mut().zip(tight) {
            *w = w.min(p);
        }
    }
    out
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
    let n = board.n();
    let mut rates = Vec::new(); // (a_g, b_g)
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
        rates.push((m / (board.volume[g] * l), m / (w * l)));
    }
    let best = |vol: f64, money: f64| -> f64 {
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
    };
    let mut out = vec![rules.cash];
    let mut money_steps = 0.0;
    for t in 1..=steps {
        money_steps += out[t - 1];
        let p = best(rules.capacity * t as f64, money_steps);
        out.push((rules.cash + p) * (1.0 + 1e-9) + 1e-6);
    }
    out
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

/// Flow: the trader leaves each square exactly as often as it arrived there.
fn flow(m: &mut Model, here: &[usize], out: &[Expression], inflow: &[Expression]) {
    for &s in here {
        m.constrain(constraint!(out[s].clone() == inflow[s].clone()));
    }
}

/// Fuel: a drive burns one unit, a purchase adds its quantity; 0 ≤ fuel ≤ tank.
fn fuel(m: &mut Model, t: usize, st: &Step, prev: Expression, tank: f64) -> Variable {
    let f = m.continuous(format!("fuel{t}"), 0.0, tank);
    let drives: Expression = st.drives.iter().map(|d| d.2).sum();
    let bought: Expression = st.fuel.iter().map(|f| f.3).sum();
    m.constrain(constraint!(f == prev - drives + bought));
    f
}

/// Cash: purchases paid, sales received; never below 0 (bounds on the variable).
fn cash(m: &mut Model, t: usize, st: &Step, prev: Expression, most: f64) -> Variable {
    let c = m.continuous(format!("cash{t}"), 0.0, most);
    let mut flow = prev;
    for (_, b) in &st.buys {
        flow -= b.price * b.qty;
    }
    for (_, s) in &st.sells {
        flow += s.price * s.qty;
    }
    for (_, price, _, q) in &st.fuel {
        flow -= *price * *q;
    }
    m.constrain(constraint!(c == flow));
    c
}

/// What [`stock`] needs to know about the step.
struct Carry<'a> {
    t: usize,
    left: usize,
    cash_only: bool,
    here: &'a [usize],
    from_wholesale: &'a [Vec<usize>],
    to_retail: &'a [Vec<usize>],
    /// Most units of each good the lorry can hold after this step.
    most: &'a [f64],
}

impl Carry<'_> {
    /// Can stock of g be on square s after step `after`, and still be worth carrying?
    fn may_hold(&self, g: usize, s: usize, after: usize, left: usize) -> bool {
        self.from_wholesale[g][s] <= after
            && (!self.cash_only || self.to_retail[g][s].saturating_add(1) <= left)
    }
}

/// Stock travels with the lorry: every arc of the time-expanded board carries its own
/// stock of each good (y on drives, z on the arcs that stay on a square), at most what
/// fits in the part of the lorry that arc carries (capacity × the arc's flow). Per square
/// and good: stock arriving + bought − sold = stock leaving. With one aggregated stock a
/// relaxed trader split over a wholesaler and a retailer would trade without driving
/// ("teleporting" goods); carrying stock along the arcs forbids that and makes the LP
/// bound far tighter. Returns the stock held on each square after the step.
fn stock(
    m: &mut Model,
    c: &Carry,
    board: &Board,
    rules: &Rules,
    st: &mut Step,
    prev: Vec<Vec<Expression>>,
) -> Vec<Vec<Expression>> {
    let n = board.n();
    let ng = board.goods.len();
    let t = c.t;
    let mut next: Vec<Vec<Expression>> = vec![vec![Expression::from(0.0); ng]; n];
    // balance[s][g]: stock before + bought − sold − carried away, and whether any term exists.
    let mut balance: Vec<Vec<(Expression, bool)>> = prev
        .into_iter()
        .map(|row| row.into_iter().map(|e| (e, false)).collect())
        .collect();
    for &s in c.here {
        for (g, cell) in balance[s].iter_mut().enumerate() {
            if c.from_wholesale[g][s] < t {
                cell.1 = true;
            }
        }
    }
    for (s, b) in &st.buys {
        balance[*s][b.good].0 += b.qty;
        balance[*s][b.good].1 = true;
    }
    for (s, x) in &st.sells {
        balance[*s][x.good].0 -= x.qty;
        balance[*s][x.good].1 = true;
    }
    for &(s, b, v) in &st.drives {
        let mut load = Expression::from(0.0);
        let mut any = false;
        for g in 0..ng {
            if c.from_wholesale[g][s] < t && c.may_hold(g, b, t, c.left) {
                let y = m.continuous(format!("y{t}_{s}_{b}_{g}"), 0.0, c.most[g]);
                st.carried.insert((s, b, g), y);
                balance[s][g].0 -= y;
                next[b][g] += y;
                load += board.volume[g] * y;
                any = true;
            }
        }
        if any {
            m.constrain(constraint!(load <= rules.capacity * v));
        }
    }
    let mut stay: Vec<Expression> = vec![Expression::from(0.0); n];
    for (s, b) in &st.buys {
        stay[*s] += b.on;
    }
    for (s, x) in &st.sells {
        stay[*s] += x.on;
    }
    for (s, _, on, _) in &st.fuel {
        stay[*s] += *on;
    }
    for (s, v) in &st.idle {
        stay[*s] += *v;
    }
    for &s in c.here {
        let mut load = Expression::from(0.0);
        let mut any = false;
        for g in 0..ng {
            let (e, used) = std::mem::replace(&mut balance[s][g], (Expression::from(0.0), false));
            if !used {
                continue;
            }
            if c.may_hold(g, s, t, c.left) {
                let z = m.continuous(format!("z{t}_{s}_{g}"), 0.0, c.most[g]);
                st.kept.insert((s, g), z);
                m.constrain(constraint!(e == z));
                next[s][g] += z;
                load += board.volume[g] * z;
                any = true;
            } else {
                m.constrain(constraint!(e == 0));
            }
        }
        if any {
            m.constrain(constraint!(load <= rules.capacity * stay[s].clone()));
        }
    }
    next
}

/// Cash travels with the lorry too: each arc carries its own cash (at most the cash
/// bound × the arc's flow); per square, cash arriving − purchases + sales − fuel = cash
/// leaving. Without it a relaxed trader split in two could sell with one part and buy with
/// the other in the next step; with it, every part of a split trader pays its way. The
/// total over squares is the cash of the step (the pooled balance in [`cash`]).
fn purse(
    m: &mut Model,
    c: &Carry,
    board: &Board,
    st: &mut Step,
    prev: Vec<Expression>,
    wealth: &[f64],
) -> Vec<Expression> {
    let n = board.n();
    let t = c.t;
    let mut balance = prev;
    let mut next: Vec<Expression> = vec![Expression::from(0.0); n];
    for (s, b) in &st.buys {
        balance[*s] -= b.price * b.qty;
    }
    for (s, x) in &st.sells {
        balance[*s] += x.price * x.qty;
    }
    for (s, price, _, q) in &st.fuel {
        balance[*s] -= *price * *q;
    }
    for &(s, b, v) in &st.drives {
        let p = m.continuous(format!("pd{t}_{s}_{b}"), 0.0, wealth[t - 1]);
        m.constrain(constraint!(p <= wealth[t - 1] * v));
        st.purse_drive.insert((s, b), p);
        balance[s] -= p;
        next[b] += p;
    }
    let mut stay: Vec<Expression> = vec![Expression::from(0.0); n];
    for (s, b) in &st.buys {
        stay[*s] += b.on;
    }
    for (s, x) in &st.sells {
        stay[*s] += x.on;
    }
    for (s, _, on, _) in &st.fuel {
        stay[*s] += *on;
    }
    for (s, v) in &st.idle {
        stay[*s] += *v;
    }
    for &s in c.here {
        let p = m.continuous(format!("pk{t}_{s}"), 0.0, wealth[t]);
        m.constrain(constraint!(p <= wealth[t] * stay[s].clone()));
        let e = std::mem::replace(&mut balance[s], Expression::from(0.0));
        m.constrain(constraint!(e == p));
        st.purse_kept.insert(s, p);
        next[s] += p;
    }
    next
}

/// Once the trader stands still it stays still: idle steps only at the end.
fn idle_at_the_end(m: &mut Model, st: &Step, prev: Option<Expression>) -> Expression {
    let idle: Expression = st.idle.iter().map(|i| i.1).sum();
    if let Some(p) = prev {
        m.constrain(constraint!(p <= idle.clone()));
    }
    idle
}

/// The action a solution takes at one step (`None`: standing still).
fn chosen(board: &Board, st: &Step, sol: &crate::lp::Solved) -> Option<Action> {
    for &(_, b, v) in &st.drives {
        if sol.is_set(v) {
            return Some(Action::Move(board.ids[b]));
        }
    }
    for (_, b) in &st.buys {
        if sol.is_set(b.on) {
            return Some(Action::Buy(
                board.goods[b.good].clone(),
                sol.int(b.qty) as u64,
            ));
        }
    }
    for (_, s) in &st.sells {
        if sol.is_set(s.on) {
            return Some(Action::Sell(
                board.goods[s.good].clone(),
                sol.int(s.qty) as u64,
            ));
        }
    }
    for (_, _, on, q) in &st.fuel {
        if sol.is_set(*on) {
            return Some(Action::Fuel(sol.int(*q) as u64));
        }
    }
    None
}

/// Values of every variable the plan touches, for a MIP start; `None` when the plan does
/// not fit the model (too long, illegal, or using an arc the pruning left out).
fn start_values(
    board: &Board,
    rules: &Rules,
    start: usize,
    plan: &[Action],
    steps: &[Step],
) -> Option<Vec<(Variable, f64)>> {
    if plan.len() > steps.len() {
        return None;
    }
    let rp = engine::replay(board, rules, board.ids[start], plan).ok()?;
    if rp.illegal.is_some() {
        return None;
    }
    let mut out = Vec::new();
    for (i, st) in steps.iter().enumerate() {
        let before = &rp.states[i.min(rp.states.len() - 1)];
        let after = &rp.states[(i + 1).min(rp.states.len() - 1)];
        let s = before.square;
        out.push((st.fuel_var?, f64::from(after.fuel)));
        out.push((st.cash_var?, after.cash));
        if let Some(Action::Move(to)) = plan.get(i) {
            let b = *board.index.get(to)?;
            out.push((*st.purse_drive.get(&(s, b))?, after.cash));
        } else {
            out.push((*st.purse_kept.get(&s)?, after.cash));
        }
        let stock_kept = |out: &mut Vec<(Variable, f64)>| -> Option<()> {
            for (g, &q) in after.stock.iter().enumerate() {
                if q > 0 {
                    out.push((*st.kept.get(&(s, g))?, q as f64));
                }
            }
            Some(())
        };
        match plan.get(i) {
            Some(Action::Move(to)) => {
                let b = *board.index.get(to)?;
                let v = st.drives.iter().find(|d| d.0 == s && d.1 == b)?.2;
                out.push((v, 1.0));
                for (g, &q) in after.stock.iter().enumerate() {
                    if q > 0 {
                        out.push((*st.carried.get(&(s, b, g))?, q as f64));
                    }
                }
            }
            Some(Action::Buy(good, q)) => {
                let g = board.good(good)?;
                let b = st.buys.iter().find(|b| b.0 == s && b.1.good == g)?;
                out.push((b.1.on, 1.0));
                out.push((b.1.qty, *q as f64));
                stock_kept(&mut out)?;
            }
            Some(Action::Sell(good, q)) => {
                let g = board.good(good)?;
                let x = st.sells.iter().find(|x| x.0 == s && x.1.good == g)?;
                out.push((x.1.on, 1.0));
                out.push((x.1.qty, *q as f64));
                stock_kept(&mut out)?;
            }
            Some(Action::Fuel(q)) => {
                let f = st.fuel.iter().find(|f| f.0 == s)?;
                out.push((f.2, 1.0));
                out.push((f.3, *q as f64));
                stock_kept(&mut out)?;
            }
            None => {
                out.push((st.idle.iter().find(|x| x.0 == s)?.1, 1.0));
                stock_kept(&mut out)?;
            }
        }
    }
    Some(out)
}
