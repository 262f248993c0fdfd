//! Plans and solutions: the plan a solution's unit flow drives, and a plan's values as
//! a MIP start.

use std::collections::HashMap;

use anyhow::{bail, Result};
use good_lp::Variable;

use crate::traveller::board::Board;
use crate::traveller::engine;
use crate::traveller::engine::Action;
use crate::traveller::rules::Rules;

use super::arcs::{Arc, Kind};
use super::network::Network;
use super::Built;

/// Follow the unit flow from the start and write each arc as plan steps (a drive as one
/// `move` per square of its chain).
pub(super) fn extract_plan(
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
pub(super) fn start_values(
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
