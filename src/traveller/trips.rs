//! The trip planner: the best plan made of whole trips, by dynamic programming over
//! (time, square, fuel) with the most cash as the value. A trip is "drive to a wholesaler,
//! buy as much as cash and lorry allow, (refuel on the way,) drive to a retailer, sell it
//! all"; between trips the trader may drive to a fuel station and buy any amount. Unlike
//! the greedy trader it looks ahead over the whole budget (which trip to take now so the
//! next ones fit), but it carries one good at a time and always fills up, so it is a
//! heuristic, not a bound: the ILP starts from its plan (a good first incumbent lets
//! HiGHS prune from the start) and proves or improves it.
//!
//! More cash never hurts in the same (time, square, fuel), so keeping only the richest
//! trader per state loses nothing within this family of plans.

use super::board::Board;
use super::engine::{Action, EPS};
use super::greedy::path;
use super::rules::Rules;

/// How a state was reached.
#[derive(Debug, Clone, Copy)]
enum Leg {
    /// Drive to station `at` and buy `amount` fuel.
    Fuel { at: usize, amount: u32 },
    /// Buy `qty` of `good` at `w`, optionally refuel at a station, sell at `r`.
    Trip {
        good: usize,
        w: usize,
        qty: u64,
        refuel: Option<(usize, u32)>,
        r: usize,
    },
}

#[derive(Debug, Clone, Copy)]
struct Best {
    cash: f64,
    /// Previous state (time, place index, fuel) and the leg from it.
    from: Option<(usize, usize, u32, Leg)>,
}

/// The best trip plan of at most `steps` actions from square index `start`.
pub fn plan(board: &Board, rules: &Rules, start: usize, steps: usize) -> Vec<Action> {
    let n = board.n();
    let dist: Vec<Vec<usize>> = (0..n).map(|s| board.distances(s)).collect();
    let stations: Vec<usize> = (0..n).filter(|&s| board.fuel_price[s].is_some()).collect();
    // Places a state can be: the start, retailers (a trip ends there), stations.
    let mut places: Vec<usize> = (0..n)
        .filter(|&s| {
            s == start
                || board.fuel_price[s].is_some()
                || board.retail[s].iter().any(|p| p.is_some())
        })
        .collect();
    places.sort_unstable();
    let place_of = |s: usize| places.binary_search(&s).ok();
    let tank = rules.tank as usize;
    let np = places.len();
    let idx = |t: usize, p: usize, f: usize| (t * np + p) * (tank + 1) + f;
    let mut best: Vec<Option<Best>> = vec![None; (steps + 1) * np * (tank + 1)];
    let p0 = place_of(start).expect("the start is a place");
    best[idx(0, p0, rules.fuel as usize)] = Some(Best {
        cash: rules.cash,
        from: None,
    });
    let routes = profitable_routes(board, &dist);
    let mut top = (rules.cash, idx(0, p0, rules.fuel as usize));
    for t in 0..=steps {
        for p in 0..np {
            for f in 0..=tank {
                let Some(here) = best[idx(t, p, f)] else {
                    continue;
                };
                if here.cash > top.0 + EPS {
                    top = (here.cash, idx(t, p, f));
                }
                let s = places[p];
                let mut offer = |t2: usize, s2: usize, f2: usize, cash: f64, leg: Leg| {
                    if t2 > steps || cash < -EPS {
                        return;
                    }
                    let i = idx(t2, place_of(s2).expect("a place"), f2);
                    if best[i].is_none_or(|b| cash > b.cash + EPS) {
                        best[i] = Some(Best {
                            cash,
                            from: Some((t, p, f as u32, leg)),
                        });
                    }
                };
                for &st in &stations {
                    let d = dist[s][st];
                    if d > f {
                        continue;
                    }
                    let price = board.fuel_price[st].unwrap();
                    for amount in 1..=(tank - (f - d)) {
                        let leg = Leg::Fuel {
                            at: st,
                            amount: amount as u32,
                        };
                        let cash = here.cash - amount as f64 * price;
                        offer(t + d + 1, st, f - d + amount, cash, leg);
                    }
                }
                for &(g, w, pw, r, pr) in &routes {
                    let d1 = dist[s][w];
                    if d1 > f {
                        continue;
                    }
                    let fits = ((rules.capacity + EPS) / board.volume[g]).floor();
                    let most = |cash: f64| ((cash + EPS) / pw).floor().min(fits);
                    // Straight to the retailer.
                    let d2 = dist[w][r];
                    if d1 + d2 <= f {
                        let q = most(here.cash);
                        if q >= 1.0 {
                            let leg = Leg::Trip {
                                good: g,
                                w,
                                qty: q as u64,
                                refuel: None,
                                r,
                            };
                            let cash = here.cash + q * (pr - pw);
                            offer(t + d1 + d2 + 2, r, f - d1 - d2, cash, leg);
                        }
                    }
                    // Refuel between wholesaler and retailer: just enough, or to the brim.
                    for &st in &stations {
                        let (da, db) = (dist[w][st], dist[st][r]);
                        if d1 + da > f || db > tank {
                            continue;
                        }
                        let left = f - d1 - da;
                        let need = db.saturating_sub(left).max(1);
                        let price = board.fuel_price[st].unwrap();
                        for amount in [need, tank - left] {
                            if amount < need || amount == 0 || left + amount > tank {
                                continue;
                            }
                            let q = most(here.cash - amount as f64 * price);
                            if q < 1.0 {
                                continue;
                            }
                            let leg = Leg::Trip {
                                good: g,
                                w,
                                qty: q as u64,
                                refuel: Some((st, amount as u32)),
                                r,
                            };
                            let cash = here.cash + q * (pr - pw) - amount as f64 * price;
                            let t2 = t + d1 + 1 + da + 1 + db + 1;
                            offer(t2, r, left + amount - db, cash, leg);
                        }
                    }
                }
            }
        }
    }
    // Walk back from the richest state and write the legs out as actions.
    let mut legs = Vec::new();
    let mut i = top.1;
    while let Some((t, p, f, leg)) = best[i].and_then(|b| b.from) {
        legs.push(leg);
        i = idx(t, p, f as usize);
    }
    legs.reverse();
    legs_to_actions(board, start, legs)
}

/// Every (good, wholesaler, price, retailer, price) with a profit and a road between them:
/// the trips the planner considers.
fn profitable_routes(board: &Board, dist: &[Vec<usize>]) -> Vec<(usize, usize, f64, usize, f64)> {
    let n = board.n();
    let mut routes = Vec::new();
    for g in 0..board.goods.len() {
        for w in (0..n).filter(|&w| board.wholesale[w][g].is_some()) {
            for r in (0..n).filter(|&r| board.retail[r][g].is_some()) {
                let (pw, pr) = (board.wholesale[w][g].unwrap(), board.retail[r][g].unwrap());
                if pr > pw && dist[w][r] != usize::MAX {
                    routes.push((g, w, pw, r, pr));
                }
            }
        }
    }
    routes
}

/// Write the legs out as actions from square index `start`: the moves of each drive
/// (shortest paths), then the purchase, refuel or sale at its end.
fn legs_to_actions(board: &Board, start: usize, legs: Vec<Leg>) -> Vec<Action> {
    let mut out = Vec::new();
    let mut at = start;
    let drive = |out: &mut Vec<Action>, at: &mut usize, to: usize| {
        out.extend(
            path(board, *at, to)
                .unwrap_or_default()
                .into_iter()
                .map(|x| Action::Move(board.ids[x])),
        );
        *at = to;
    };
    for leg in legs {
        match leg {
            Leg::Fuel { at: st, amount } => {
                drive(&mut out, &mut at, st);
                out.push(Action::Fuel(u64::from(amount)));
            }
            Leg::Trip {
                good,
                w,
                qty,
                refuel,
                r,
            } => {
                drive(&mut out, &mut at, w);
                out.push(Action::Buy(board.goods[good].clone(), qty));
                if let Some((st, amount)) = refuel {
                    drive(&mut out, &mut at, st);
                    out.push(Action::Fuel(u64::from(amount)));
                }
                drive(&mut out, &mut at, r);
                out.push(Action::Sell(board.goods[good].clone(), qty));
            }
        }
    }
    out
}
