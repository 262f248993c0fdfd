//! The arcs leaving one node of the time-expanded network (drive, buy, sell, fuel,
//! stop), each with the trader's state (cash, fuel, stock) it carries.

use good_lp::{constraint, Expression, Variable};

use crate::lp::Model;

use super::context::{fits, Context};
use super::Objective;

/// What an arc does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) enum Kind {
    Drive(usize),
    Buy(usize),
    Sell(usize),
    Fuel,
    Stop,
}

/// One arc of the time-expanded network and the trader's state carried on it.
pub(super) struct Arc {
    pub(super) kind: Kind,
    /// Key node and time it leaves / arrives.
    pub(super) node: usize,
    pub(super) t: usize,
    pub(super) to: usize,
    pub(super) t_end: usize,
    /// Band of the wealth it leaves from / arrives in (see [`super::context::Bands`]).
    pub(super) band: usize,
    pub(super) band_to: usize,
    /// Flow: binary (continuous for stop arcs).
    pub(super) x: Variable,
    /// Quantity bought or sold, and the price, for trades.
    pub(super) qty: Option<Variable>,
    pub(super) price: f64,
    /// Cash and fuel after the arc (fuel: none on stop arcs).
    pub(super) purse: Variable,
    pub(super) fuel: Option<Variable>,
    /// Stock of each good after the arc.
    pub(super) stock: Vec<Option<Variable>>,
}

/// Add the arcs leaving node (k, t) in band b.
pub(super) fn add_arcs(
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
            // then counted where it arrives (see [`crate::traveller::window`]).
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
pub(super) struct Leaving {
    pub(super) k: usize,
    pub(super) b: usize,
    pub(super) t: usize,
}

/// A suffix naming the band in variable names (none without bands).
pub(super) fn band_tag(cx: &Context, b: usize) -> String {
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
pub(super) fn trade_arcs(
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
pub(super) fn new_arc(
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
        // The state lies in its band (see [`super::context::Bands`]).
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
