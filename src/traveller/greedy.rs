//! The greedy trader, the baseline the bound is measured against. It repeats one rule
//! until no step budget is left: of all round trips "(refuel if needed) → drive to a
//! wholesaler → buy as much as cash and lorry allow → drive to a retailer → sell it all",
//! take the one with the most profit per step that fits the steps left. It looks one trip
//! ahead only, which is exactly what the bound improves on.

use std::collections::VecDeque;

use super::board::Board;
use super::engine::{apply, Action, State, EPS};
use super::rules::Rules;

/// Shortest path from `a` to `b` (squares after `a`, ending with `b`); deterministic.
pub(crate) fn path(board: &Board, a: usize, b: usize) -> Option<Vec<usize>> {
    let n = board.n();
    let mut prev = vec![usize::MAX; n];
    prev[a] = a;
    let mut queue = VecDeque::from([a]);
    while let Some(s) = queue.pop_front() {
        if s == b {
            break;
        }
        for &t in &board.adj[s] {
            if prev[t] == usize::MAX {
                prev[t] = s;
                queue.push_back(t);
            }
        }
    }
    if prev[b] == usize::MAX {
        return None;
    }
    let mut out = vec![];
    let mut s = b;
    while s != a {
        out.push(s);
        s = prev[s];
    }
    out.reverse();
    Some(out)
}

/// One candidate round trip.
struct Trip {
    actions: Vec<Action>,
    profit: f64,
}

/// The best trip from a state within `left` steps, by profit per step.
fn best_trip(
    board: &Board,
    rules: &Rules,
    s: &State,
    left: usize,
    dist: &[Vec<usize>],
) -> Option<Trip> {
    let n = board.n();
    let here = s.square;
    let mut best: Option<(f64, Trip)> = None;
    // Fuel stops: none, or any station reachable on the fuel in the tank.
    let mut stops: Vec<Option<usize>> = vec![None];
    stops.extend(
        (0..n)
            .filter(|&f| board.fuel_price[f].is_some() && dist[here][f] <= s.fuel as usize)
            .map(Some),
    );
    for g in 0..board.goods.len() {
        let vol = board.volume[g];
        for w in (0..n).filter(|&w| board.wholesale[w][g].is_some()) {
            let pw = board.wholesale[w][g].unwrap();
            for r in (0..n).filter(|&r| board.retail[r][g].is_some()) {
                let pr = board.retail[r][g].unwrap();
                if pr <= pw || dist[w][r] == usize::MAX {
                    continue;
                }
                for &stop in &stops {
                    // Steps to reach the wholesaler, fuel bill, litres bought, and whether
                    // the tank lasts to the retailer.
                    let (to_w, fuel_cost, fuel_q, enough) = match stop {
                        None => {
                            let d = dist[here][w].saturating_add(dist[w][r]);
                            (dist[here][w], 0.0, 0, d <= s.fuel as usize)
                        }
                        Some(f) => {
                            let after = s.fuel as usize - dist[here][f];
                            let q = rules.tank as usize - after;
                            if q == 0 {
                                continue;
                            }
                            let cost = q as f64 * board.fuel_price[f].unwrap();
                            let d = dist[f][w].saturating_add(dist[w][r]);
                            (
                                dist[here][f].saturating_add(1).saturating_add(dist[f][w]),
                                cost,
                                q,
                                d <= rules.tank as usize,
                            )
                        }
                    };
                    if !enough {
                        continue;
                    }
                    let steps = to_w + 1 + dist[w][r] + 1;
                    if steps > left {
                        continue;
                    }
                    let cash = s.cash - fuel_cost;
                    if cash < 0.0 {
                        continue;
                    }
                    let free = rules.capacity - s.load(board);
                    let q = ((cash + EPS) / pw)
                        .floor()
                        .min(((free + EPS) / vol).floor());
                    if q < 1.0 {
                        continue;
                    }
                    let profit = q * (pr - pw) - fuel_cost;
                    if profit <= 0.0 {
                        continue;
                    }
                    let rate = profit / steps as f64;
                    if best.as_ref().is_some_and(|(b, _)| *b >= rate) {
                        continue;
                    }
                    let mut actions = Vec::new();
                    let mut at = here;
                    if let Some(f) = stop {
                        actions.extend(
                            path(board, at, f)?
                                .into_iter()
                                .map(|x| Action::Move(board.ids[x])),
                        );
                        actions.push(Action::Fuel(fuel_q as u64));
                        at = f;
                    }
                    actions.extend(
                        path(board, at, w)?
                            .into_iter()
                            .map(|x| Action::Move(board.ids[x])),
                    );
                    actions.push(Action::Buy(board.goods[g].clone(), q as u64));
                    actions.extend(
                        path(board, w, r)?
                            .into_iter()
                            .map(|x| Action::Move(board.ids[x])),
                    );
                    actions.push(Action::Sell(board.goods[g].clone(), q as u64));
                    best = Some((rate, Trip { actions, profit }));
                }
            }
        }
    }
    best.map(|b| b.1)
}

/// The greedy plan of at most `steps` actions from square index `start`.
pub fn plan(board: &Board, rules: &Rules, start: usize, steps: usize) -> Vec<Action> {
    let dist: Vec<Vec<usize>> = (0..board.n()).map(|s| board.distances(s)).collect();
    let mut s = State {
        square: start,
        fuel: rules.fuel,
        cash: rules.cash,
        stock: vec![0; board.goods.len()],
    };
    let mut out = Vec::new();
    while let Some(trip) = best_trip(board, rules, &s, steps - out.len(), &dist) {
        debug_assert!(trip.profit > 0.0);
        for a in trip.actions {
            match apply(board, rules, &s, &a) {
                Ok(next) => {
                    s = next;
                    out.push(a);
                }
                // A trip is planned to be legal; should the plan be wrong, stop trading.
                Err(_) => return out,
            }
        }
    }
    out
}
