//! The referee: the trader's state, the four actions, and the rule each illegal action
//! breaks. It knows nothing of the model; it is the independent check of every plan the
//! model, the greedy trader or a person writes.
//!
//! Where one square has two wholesalers (or retailers, or fuel stations) for the same
//! thing, a plan line does not say which building: the trader deals at the best price
//! there (lowest to buy, highest to sell).

use std::fmt;

use anyhow::{anyhow, bail, Result};
use serde::{Deserialize, Serialize};

use super::board::Board;
use super::rules::Rules;

/// Tolerance for money and volume comparisons (prices and volumes may be fractional).
pub const EPS: f64 = 1e-6;

/// One step of a plan.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Action {
    /// Drive to a square joined to the current one (by id).
    Move(u32),
    /// Buy a quantity of a good at a wholesaler on the current square.
    Buy(String, u64),
    /// Sell a quantity of a good at a retailer on the current square.
    Sell(String, u64),
    /// Buy fuel at a fuel station on the current square (above the tank: spilt).
    Fuel(u64),
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Move(s) => write!(f, "move {s}"),
            Action::Buy(g, q) => write!(f, "buy {g} {q}"),
            Action::Sell(g, q) => write!(f, "sell {g} {q}"),
            Action::Fuel(q) => write!(f, "buy fuel {q}"),
        }
    }
}

impl Action {
    /// Parse one plan line: `move 12`, `buy coal 40`, `sell coal 40`, `buy fuel 5`.
    pub fn parse(line: &str) -> Result<Action> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let qty = |w: &str| -> Result<u64> {
            w.parse::<u64>()
                .ok()
                .filter(|&q| q > 0)
                .ok_or_else(|| anyhow!("`{w}` is not a quantity (a whole number from 1)"))
        };
        Ok(match words.as_slice() {
            ["move", s] => Action::Move(
                s.parse()
                    .map_err(|_| anyhow!("`{s}` is not a square number"))?,
            ),
            ["buy", "fuel", q] => Action::Fuel(qty(q)?),
            ["buy", g, q] => Action::Buy(g.to_string(), qty(q)?),
            ["sell", g, q] => Action::Sell(g.to_string(), qty(q)?),
            _ => bail!(
                "`{line}` is not an action (one of: `move S`, `buy GOOD Q`, `sell GOOD Q`, \
                 `buy fuel Q`)"
            ),
        })
    }
}

/// Read a plan: one action a line; blank lines and lines starting `#` or `%` are skipped.
/// Errors name the line.
pub fn parse_plan(text: &str) -> Result<Vec<Action>> {
    let mut plan = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') || line.starts_with('%') {
            continue;
        }
        plan.push(Action::parse(line).map_err(|e| anyhow!("plan line {}: {e}", i + 1))?);
    }
    Ok(plan)
}

/// The trader after some steps.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct State {
    /// Index of the current square (see [`Board::ids`]).
    pub square: usize,
    pub fuel: u32,
    pub cash: f64,
    /// Units carried of each good, in [`Board::goods`] order.
    pub stock: Vec<u64>,
}

impl State {
    /// The start: a given square, the rules' cash and fuel, an empty lorry.
    pub fn start(board: &Board, rules: &Rules, start: u32) -> Result<State> {
        Ok(State {
            square: board.square(start)?,
            fuel: rules.fuel,
            cash: rules.cash,
            stock: vec![0; board.goods.len()],
        })
    }

    /// Cubic feet in the lorry.
    pub fn load(&self, board: &Board) -> f64 {
        self.stock
            .iter()
            .zip(&board.volume)
            .map(|(&q, v)| q as f64 * v)
            .sum()
    }
}

/// A broken rule: its short name and what exactly went wrong.
#[derive(Debug, Clone, PartialEq)]
pub struct Illegal {
    pub rule: &'static str,
    pub reason: String,
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.rule, self.reason)
    }
}

fn illegal(rule: &'static str, reason: String) -> Illegal {
    Illegal { rule, reason }
}

/// Apply one action; an illegal one is an error naming the rule.
pub fn apply(board: &Board, rules: &Rules, s: &State, a: &Action) -> Result<State, Illegal> {
    let mut next = s.clone();
    let here = board.ids[s.square];
    match a {
        Action::Move(to) => {
            let Some(&t) = board.index.get(to) else {
                return Err(illegal(
                    "no road",
                    format!("square {to} is not on the board"),
                ));
            };
            if !board.joined(s.square, t) {
                return Err(illegal(
                    "no road",
                    format!("no road joins square {here} to square {to}"),
                ));
            }
            if s.fuel == 0 {
                return Err(illegal(
                    "empty tank",
                    format!("cannot drive from square {here}: the tank is empty"),
                ));
            }
            next.square = t;
            next.fuel -= 1;
        }
        Action::Buy(good, q) => {
            let g = good_index(board, good)?;
            let Some(price) = board.wholesale[s.square][g] else {
                return Err(illegal(
                    "no wholesaler",
                    format!("nobody sells {good} on square {here}"),
                ));
            };
            let cost = *q as f64 * price;
            if cost > s.cash + EPS {
                return Err(illegal(
                    "overdrawn",
                    format!(
                        "{q} {good} at £{price} cost £{cost}, more than the £{} in hand",
                        money(s.cash)
                    ),
                ));
            }
            next.cash -= cost;
            next.stock[g] += q;
            let load = next.load(board);
            if load > rules.capacity + EPS {
                return Err(illegal(
                    "overload",
                    format!(
                        "{q} {good} would load {} cu ft into a lorry of {}",
                        money(load),
                        money(rules.capacity)
                    ),
                ));
            }
        }
        Action::Sell(good, q) => {
            let g = good_index(board, good)?;
            let Some(price) = board.retail[s.square][g] else {
                return Err(illegal(
                    "no retailer",
                    format!("nobody buys {good} on square {here}"),
                ));
            };
            if *q > s.stock[g] {
                return Err(illegal(
                    "fraud",
                    format!("selling {q} {good} while carrying {}", s.stock[g]),
                ));
            }
            next.stock[g] -= q;
            next.cash += *q as f64 * price;
        }
        Action::Fuel(q) => {
            let Some(price) = board.fuel_price[s.square] else {
                return Err(illegal(
                    "no fuel station",
                    format!("nobody sells fuel on square {here}"),
                ));
            };
            let cost = *q as f64 * price;
            if cost > s.cash + EPS {
                return Err(illegal(
                    "overdrawn",
                    format!(
                        "{q} fuel at £{price} cost £{cost}, more than the £{} in hand",
                        money(s.cash)
                    ),
                ));
            }
            next.cash -= cost;
            // Fuel above the tank is paid for and spilt.
            next.fuel = (u64::from(s.fuel) + q).min(u64::from(rules.tank)) as u32;
        }
    }
    // Keep whole pounds whole: fractional prices must not leave 4999.999999 behind.
    if (next.cash - next.cash.round()).abs() < 1e-7 {
        next.cash = next.cash.round();
    }
    Ok(next)
}

fn good_index(board: &Board, good: &str) -> Result<usize, Illegal> {
    board.good(good).ok_or_else(|| {
        illegal(
            "unknown good",
            format!(
                "`{good}` is not a good on this board ({})",
                board.goods.join(", ")
            ),
        )
    })
}

/// Money or volume as people read it.
pub fn money(x: f64) -> String {
    let s = format!("{:.4}", x);
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".into()
    } else {
        s.to_string()
    }
}

/// A plan run through the referee: the state before the first step and after each
/// legal step, and the illegal step that ended it, if any.
#[derive(Debug, Clone)]
pub struct Replay {
    pub states: Vec<State>,
    /// (0-based step, the rule broken).
    pub illegal: Option<(usize, Illegal)>,
}

impl Replay {
    pub fn last(&self) -> &State {
        self.states.last().expect("a replay has a start state")
    }
}

/// Run a plan from the start square.
pub fn replay(board: &Board, rules: &Rules, start: u32, plan: &[Action]) -> Result<Replay> {
    let mut states = vec![State::start(board, rules, start)?];
    for (i, a) in plan.iter().enumerate() {
        match apply(board, rules, states.last().unwrap(), a) {
            Ok(s) => states.push(s),
            Err(e) => {
                return Ok(Replay {
                    states,
                    illegal: Some((i, e)),
                })
            }
        }
    }
    Ok(Replay {
        states,
        illegal: None,
    })
}

/// Every legal action from a state with quantities limited to `max_q` per action
/// (all quantities when `max_q` is `None`). Used by brute force, random playthroughs and
/// the tests.
pub fn legal_actions(board: &Board, rules: &Rules, s: &State, max_q: Option<u64>) -> Vec<Action> {
    let mut out = Vec::new();
    if s.fuel > 0 {
        for &t in &board.adj[s.square] {
            out.push(Action::Move(board.ids[t]));
        }
    }
    let cap = |limit: u64| max_q.map_or(limit, |m| m.min(limit));
    let free = rules.capacity - s.load(board);
    for (g, name) in board.goods.iter().enumerate() {
        if let Some(p) = board.wholesale[s.square][g] {
            let afford = ((s.cash + EPS) / p).floor() as u64;
            let room = ((free + EPS) / board.volume[g]).floor().max(0.0) as u64;
            for q in 1..=cap(afford.min(room)) {
                out.push(Action::Buy(name.clone(), q));
            }
        }
        if board.retail[s.square][g].is_some() {
            for q in 1..=cap(s.stock[g]) {
                out.push(Action::Sell(name.clone(), q));
            }
        }
    }
    if let Some(p) = board.fuel_price[s.square] {
        let afford = ((s.cash + EPS) / p).floor() as u64;
        let useful = u64::from(rules.tank - s.fuel);
        for q in 1..=cap(afford.min(useful)) {
            out.push(Action::Fuel(q));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Squares 1–2–3 in a row, 3–4 up; a coal yard on 1, a coal buyer on 3, a pump on 2.
    pub(crate) const LINE: &str = "
unit_volume(coal, 10). unit_volume(diamonds, 1).
square(1, 0, 0). square(2, 1, 0). square(3, 2, 0). square(4, 2, 1).
joins(1, 2). joins(2, 3). joins(3, 4).
building(1, yard). building(2, pump). building(3, merchant).
sells(yard, coal, 3). buys(merchant, coal, 5). sells_fuel(pump, 2).
";

    fn setup() -> (Board, Rules) {
        let b = Board::from_facts("line", LINE).unwrap();
        let r = Rules {
            cash: 100.0,
            tank: 3,
            fuel: 2,
            capacity: 100.0,
        };
        (b, r)
    }

    fn run(plan: &str) -> Replay {
        let (b, r) = setup();
        replay(&b, &r, 1, &parse_plan(plan).unwrap()).unwrap()
    }

    #[test]
    fn a_legal_round_trip() {
        let rp = run("buy coal 10\nmove 2\nbuy fuel 2\nmove 3\nsell coal 10\n");
        assert!(rp.illegal.is_none());
        let s = rp.last();
        // 100 − 30 (coal) − 4 (fuel, 1 unit spilt) + 50 (coal)
        assert_eq!(s.cash, 116.0);
        assert_eq!(s.fuel, 2, "2 − 1 + 1 (tank 3: one unit spilt) − 1");
        assert_eq!(s.stock, [0, 0]);
        assert_eq!(rp.states.len(), 6);
    }

    fn broken(plan: &str) -> (usize, &'static str) {
        let rp = run(plan);
        let (i, e) = rp.illegal.expect("the plan should be illegal");
        (i, e.rule)
    }

    #[test]
    fn each_illegal_case_names_its_rule() {
        assert_eq!(broken("move 3"), (0, "no road"));
        assert_eq!(broken("move 99"), (0, "no road"));
        assert_eq!(broken("move 2\nmove 3\nmove 4"), (2, "empty tank"));
        assert_eq!(broken("move 2\nbuy coal 1"), (1, "no wholesaler"));
        assert_eq!(broken("buy coal 2\nsell coal 1"), (1, "no retailer"));
        assert_eq!(broken("buy fuel 1"), (0, "no fuel station"));
        assert_eq!(broken("buy coal 34"), (0, "overdrawn"));
        assert_eq!(broken("buy coal 11"), (0, "overload"));
        assert_eq!(
            broken("buy coal 5\nmove 2\nmove 3\nsell coal 6"),
            (3, "fraud")
        );
        assert_eq!(broken("buy peaches 1"), (0, "unknown good"));
        // Fuel beyond the cash in hand.
        assert_eq!(broken("buy coal 10\nmove 2\nbuy fuel 36"), (2, "overdrawn"));
    }

    #[test]
    fn plan_syntax_errors_name_the_line() {
        let e = parse_plan("move 2\n\n# note\nbuy coal 0\n").unwrap_err();
        assert!(e.to_string().contains("plan line 4"), "{e}");
        let e = parse_plan("fly 3").unwrap_err();
        assert!(e.to_string().contains("not an action"), "{e}");
        let p = parse_plan("move 2\nbuy fuel 3\nsell coal 4\nbuy coal 1").unwrap();
        let back: Vec<String> = p.iter().map(|a| a.to_string()).collect();
        assert_eq!(back, ["move 2", "buy fuel 3", "sell coal 4", "buy coal 1"]);
    }

    #[test]
    fn random_playthroughs_stay_legal() {
        let (b, r) = setup();
        let mut rng = crate::rng::Rng::new(3);
        for _ in 0..200 {
            let mut s = State::start(&b, &r, 1).unwrap();
            for _ in 0..12 {
                let acts = legal_actions(&b, &r, &s, None);
                if acts.is_empty() {
                    break;
                }
                let a = &acts[rng.index(acts.len())];
                s = apply(&b, &r, &s, a).unwrap();
                assert!(s.cash >= 0.0 && s.load(&b) <= r.capacity && s.fuel <= r.tank);
            }
        }
    }
}
