//! The ILP over one player's final expeditions.
//!
//! Variables, per colour c:
//! - `open[c][j]` — colour c is opened with exactly j wagers (j = 0..=W);
//! - `take[c][k][j]` — number card k of colour c lies on the expedition, and the
//!   expedition has j wagers (disaggregated so that the score stays linear);
//! - `bonus[c]` — the expedition holds at least `bonus_cards` cards.
//!
//! Score of colour c = `Σ_j (1 + j)·(Σ_k k·take[c][k][j] − base·open[c][j]) + bonus·bonus[c]`.
//!
//! What limits the player (the argument is in `docs/rules/lost-cities.md`, "What the bounds mean"):
//! - [`capacity`]: at most `deck − 2·hand − 1` cards on expeditions in total: both hands
//!   are full when the round ends, and the opponent's last card (played or discarded) is
//!   never picked up again;
//! - [`availability`]: a card the caller excludes (for a fixed deck: the last card of the
//!   draw pile, which is drawn on the final turn and can never be played) is not taken.
//!
//! Expedition order is not a constraint: with a free deck order any set of cards can be
//! fed in increasing order (the construction in `construct.rs` does it), and for a fixed
//! deck the order is exactly what this relaxation drops.

use anyhow::Result;
use good_lp::{constraint, Expression, Variable};

use super::cards::Card;
use super::rules::Rules;
use crate::lp::{Model, Sense, SolveOptions, SolveReport};

/// Which cards may end on the expeditions, and how many in total.
#[derive(Debug, Clone)]
pub struct Limits {
    /// `wagers[c]`: wager cards of colour c available.
    pub wagers: Vec<u8>,
    /// `numbers[c][i]`: is `rules.numbers[i]` of colour c available.
    pub numbers: Vec<Vec<bool>>,
    /// Most cards on expeditions.
    pub capacity: usize,
}

impl Limits {
    /// Free deck order: every card, capacity `deck − 2·hand − 1`.
    pub fn free(rules: &Rules) -> Limits {
        Limits {
            wagers: vec![rules.wagers; rules.colour_count()],
            numbers: vec![vec![true; rules.numbers.len()]; rules.colour_count()],
            capacity: rules.expedition_capacity(),
        }
    }

    /// Free limits minus the given cards (each listed card removes one copy).
    pub fn without(rules: &Rules, excluded: &[Card]) -> Limits {
        let mut l = Limits::free(rules);
        for c in excluded {
            let col = c.colour as usize;
            if c.is_wager() {
                l.wagers[col] = l.wagers[col].saturating_sub(1);
            } else if let Some(i) = rules.numbers.iter().position(|&k| k == c.rank) {
                l.numbers[col][i] = false;
            }
        }
        l
    }
}

/// A solved expedition plan.
#[derive(Debug, Clone)]
pub struct Plan {
    /// The cards on the expeditions, colour by colour, in play order.
    pub cards: Vec<Card>,
    pub score: i64,
    pub report: SolveReport,
}

struct Vars {
    open: Vec<Vec<Variable>>,
    take: Vec<Vec<Vec<Variable>>>,
    bonus: Vec<Variable>,
}

fn variables(m: &mut Model, rules: &Rules) -> Vars {
    let w = rules.wagers as usize;
    let mut v = Vars {
        open: vec![],
        take: vec![],
        bonus: vec![],
    };
    for c in 0..rules.colour_count() {
        v.open
            .push((0..=w).map(|j| m.binary(format!("open_{c}_{j}"))).collect());
        v.take.push(
            rules
                .numbers
                .iter()
                .map(|k| {
                    (0..=w)
                        .map(|j| m.binary(format!("take_{c}_{k}_{j}")))
                        .collect()
                })
                .collect(),
        );
        v.bonus.push(m.binary(format!("bonus_{c}")));
    }
    v
}

/// Cards on the expedition of colour c (wagers included).
fn count(rules: &Rules, v: &Vars, c: usize) -> Expression {
    let w = rules.wagers as usize;
    let mut e = Expression::from(0.0);
    for j in 0..=w {
        e += (j as f64) * v.open[c][j];
        for i in 0..rules.numbers.len() {
            e += v.take[c][i][j];
        }
    }
    e
}

/// An expedition has one wager count; number cards belong to the chosen count; an
/// expedition opened without wagers holds at least one number card.
fn expedition_shape(m: &mut Model, rules: &Rules, v: &Vars) {
    let w = rules.wagers as usize;
    for c in 0..rules.colour_count() {
        let opened: Expression = v.open[c].iter().copied().sum();
        m.constrain(constraint!(opened <= 1));
        for j in 0..=w {
            for i in 0..rules.numbers.len() {
                m.constrain(constraint!(v.take[c][i][j] <= v.open[c][j]));
            }
        }
        let numbers0: Expression = (0..rules.numbers.len()).map(|i| v.take[c][i][0]).sum();
        m.constrain(constraint!(numbers0 >= v.open[c][0]));
    }
}

/// Only available cards: at most the available wagers, excluded numbers never.
fn availability(m: &mut Model, rules: &Rules, v: &Vars, lim: &Limits) {
    let w = rules.wagers as usize;
    for c in 0..rules.colour_count() {
        for j in (lim.wagers[c] as usize + 1)..=w {
            m.constrain(constraint!(v.open[c][j] == 0));
        }
        for (i, &ok) in lim.numbers[c].iter().enumerate() {
            if !ok {
                let used: Expression = v.take[c][i].iter().copied().sum();
                m.constrain(constraint!(used == 0));
            }
        }
    }
}

/// The bonus is earned exactly when the expedition holds `bonus_cards` or more cards.
fn bonus_rule(m: &mut Model, rules: &Rules, v: &Vars) {
    let need = rules.bonus_cards as f64;
    let big = rules.per_colour() as f64;
    for c in 0..rules.colour_count() {
        let n = count(rules, v, c);
        m.constrain(constraint!(need * v.bonus[c] <= n.clone()));
        m.constrain(constraint!(n - (need - 1.0) <= big * v.bonus[c]));
    }
}

/// At most `capacity` cards on all expeditions together.
fn capacity(m: &mut Model, rules: &Rules, v: &Vars, lim: &Limits) {
    let total: Expression = (0..rules.colour_count()).map(|c| count(rules, v, c)).sum();
    m.constrain(constraint!(total <= lim.capacity as f64));
}

fn score(rules: &Rules, v: &Vars) -> Expression {
    let w = rules.wagers as usize;
    let mut e = Expression::from(0.0);
    for c in 0..rules.colour_count() {
        for j in 0..=w {
            let mult = (1 + j) as f64;
            e += -mult * (rules.base as f64) * v.open[c][j];
            for (i, &k) in rules.numbers.iter().enumerate() {
                e += mult * (k as f64) * v.take[c][i][j];
            }
        }
        e += (rules.bonus as f64) * v.bonus[c];
    }
    e
}

/// Best (or worst) final expeditions within the limits.
pub fn solve(rules: &Rules, lim: &Limits, sense: Sense, opts: &SolveOptions) -> Result<Plan> {
    solve_with(rules, lim, sense, opts, None)
}

/// Among the maximum-score plans, one with the least total `cost` (the caller keeps the
/// total cost of any plan below 1, so the score itself is never traded away). The fixed
/// deck planner uses it to aim at plans that suit the deck order. `Plan::score` is the
/// plan's true score.
pub fn solve_preferring(
    rules: &Rules,
    lim: &Limits,
    opts: &SolveOptions,
    cost: &dyn Fn(Card) -> f64,
) -> Result<Plan> {
    let mut plan = solve_with(rules, lim, Sense::Maximise, opts, Some(cost))?;
    plan.score = plan_score(rules, &plan.cards);
    Ok(plan)
}

/// The model within the limits, its variables and its objective (the score, less the
/// `cost` of the cards when given); `relax`: built as its LP relaxation.
fn build(
    rules: &Rules,
    lim: &Limits,
    sense: Sense,
    cost: Option<&dyn Fn(Card) -> f64>,
    relax: bool,
) -> (Model, Vars, Expression) {
    let dir = match sense {
        Sense::Maximise => "max",
        Sense::Minimise => "min",
    };
    let mut m = Model::new(format!("lost-cities expeditions {} {dir}", rules.name));
    if relax {
        m.relax_integers();
    }
    let v = variables(&mut m, rules);
    expedition_shape(&mut m, rules, &v);
    availability(&mut m, rules, &v, lim);
    bonus_rule(&mut m, rules, &v);
    capacity(&mut m, rules, &v, lim);
    let mut obj = score(rules, &v);
    if let Some(cost) = cost {
        for c in 0..rules.colour_count() {
            for j in 0..=rules.wagers as usize {
                obj -= (j as f64) * cost(Card::wager(c as u8)) * v.open[c][j];
                for (i, &k) in rules.numbers.iter().enumerate() {
                    obj -= cost(Card::number(c as u8, k)) * v.take[c][i][j];
                }
            }
        }
    }
    (m, v, obj)
}

/// The score model within the limits, afresh (for `audit`); `relax`: its LP relaxation.
pub fn fresh(rules: &Rules, lim: &Limits, sense: Sense, relax: bool) -> (Model, Expression) {
    let (m, _, obj) = build(rules, lim, sense, None, relax);
    (m, obj)
}

/// The optimum of the LP relaxation within the limits (the proof record's LP bound).
pub fn relaxation(rules: &Rules, lim: &Limits, sense: Sense, opts: &SolveOptions) -> Result<f64> {
    let (m, obj) = fresh(rules, lim, sense, true);
    let solved = m.solve(sense, obj, opts)?;
    Ok(solved.report.objective.unwrap_or(f64::NAN))
}

fn solve_with(
    rules: &Rules,
    lim: &Limits,
    sense: Sense,
    opts: &SolveOptions,
    cost: Option<&dyn Fn(Card) -> f64>,
) -> Result<Plan> {
    let (m, v, obj) = build(rules, lim, sense, cost, false);
    let solved = m.solve(sense, obj, opts)?;
    let mut cards = Vec::new();
    for c in 0..rules.colour_count() {
        for j in 0..=rules.wagers as usize {
            if !solved.is_set(v.open[c][j]) {
                continue;
            }
            for _ in 0..j {
                cards.push(Card::wager(c as u8));
            }
            for (i, &k) in rules.numbers.iter().enumerate() {
                if solved.is_set(v.take[c][i][j]) {
                    cards.push(Card::number(c as u8, k));
                }
            }
        }
    }
    let score = solved.report.objective.unwrap_or(0.0).round() as i64;
    Ok(Plan {
        cards,
        score,
        report: solved.report,
    })
}

/// Score of a set of expedition cards under the rules (used to cross-check the ILP).
pub fn plan_score(rules: &Rules, cards: &[Card]) -> i64 {
    (0..rules.colour_count() as u8)
        .map(|c| {
            let e: Vec<Card> = cards.iter().copied().filter(|x| x.colour == c).collect();
            rules.expedition_score(&e) as i64
        })
        .sum()
}
