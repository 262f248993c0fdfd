//! Assembling the model: every node reached, its arcs and balances, and the objective;
//! a window's free start.

use anyhow::{bail, Result};
use good_lp::{constraint, Expression, Variable};

use crate::lp::Model;
use crate::traveller::board::Board;
use crate::traveller::rules::Rules;

use super::arcs::{add_arcs, Arc, Kind};
use super::balance::{flow, fuel, purse, stock, Node};
use super::context::{context, fits, Bands, Context, Extra};
use super::{Built, Objective};

#[allow(clippy::too_many_arguments)]
pub(super) fn build(
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

/// A window's free start (see [`crate::traveller::window::window`]): the trader may start on any
/// key square with any fuel, cash and stock worth at most `wmax` in all (stock at the
/// objective's prices), and the objective loses (1 + `slope`) × that starting worth.
pub(super) struct Free {
    pub(super) wmax: f64,
    pub(super) slope: f64,
    /// £ per unit of each good the starting worth counts, on each board square.
    pub(super) value: Vec<Vec<f64>>,
}

/// The starting state of a free start on one key square (all zero unless `z` = 1).
pub(super) struct Source {
    pub(super) square: usize,
    pub(super) z: Variable,
    pub(super) cash: Variable,
    pub(super) fuel: Variable,
    pub(super) stock: Vec<Variable>,
}

/// A free start's variables on key node k: the trader starts here (`z`) with any cash,
/// fuel and stock (continuous: a superset of the real, whole-numbered states).
pub(super) fn free_source(m: &mut Model, cx: &Context, f: &Free, k: usize) -> Source {
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
