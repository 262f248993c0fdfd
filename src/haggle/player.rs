//! The computer player: a set of known rules, a hand and a goal hand. Goals come from
//! the ILP (hand 0 free, other hands ignored or fixed); trades from the referee's
//! acceptance rule; `simulate` plays N of them against each other.

use anyhow::{bail, Result};
use serde::{Deserialize, Serialize};

use super::engine::{self, Trade};
use super::model::{Objective, Problem};
use super::rules::{Hand, RuleSet, Variant};
use crate::lp::{SolveOptions, SolveReport};
use crate::rng::Rng;

/// A goal hand and what the player believes of it.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Goal {
    pub goal: Hand,
    /// Score under the player's known rules.
    pub believed: i64,
    /// Cards that must change hands to reach it from the current hand.
    pub distance: u32,
    /// Score under every rule in play (alone, or with the given other hands).
    pub true_score: i64,
    pub report: SolveReport,
}

/// The ILP for a goal: hand 0 free (at most 2N per colour and rule 15's 13 cards: the
/// spec applies it to every goal), scored with the
/// known rules; other hands absent (rules 6, 7, 8, 12 ignored) or fixed as given; ties
/// broken toward the fewest cards changed from `hand`. `caps` limits hand 0 to cards
/// actually held (choosing what to hand in).
pub fn goal_problem(
    known: RuleSet,
    hand: &Hand,
    players: usize,
    others: Option<&[Hand]>,
    caps: Option<Hand>,
    v: &Variant,
) -> Problem {
    let deck = [2 * players as u32; 5];
    let (rules, fixed) = match others {
        None => (known.minus(RuleSet::comparing()), vec![None]),
        Some(o) => {
            let mut f = vec![None];
            f.extend(o.iter().map(|h| Some(*h)));
            (known, f)
        }
    };
    Problem {
        name: format!(
            "haggle goal (known rules {known}, {players} players, variant `{}`)",
            v.name
        ),
        rules,
        variant: v.clone(),
        deck,
        max_cards: v.max_cards(),
        fixed,
        objective: Objective::Player,
        hand_in_all: false,
        caps0: caps,
        near: Some(*hand),
    }
}

/// The player's goal hand.
pub fn goal(
    known: RuleSet,
    hand: &Hand,
    players: usize,
    others: Option<&[Hand]>,
    v: &Variant,
    opts: &SolveOptions,
) -> Result<Goal> {
    if players == 0 {
        bail!("--players must be at least 1");
    }
    let sol = goal_problem(known, hand, players, others, None, v).solve(opts)?;
    let g = sol.hands[0];
    let mut all = vec![g];
    if let Some(o) = others {
        all.extend_from_slice(o);
    }
    Ok(Goal {
        goal: g,
        believed: sol.value,
        distance: hand.distance(&g),
        true_score: engine::score(&all, v.rules, v)?[0].total,
        report: sol.report,
    })
}

/// The best sub-hand of the cards held, under the known rules (what a player hands in).
pub fn hand_in(known: RuleSet, hand: &Hand, players: usize, v: &Variant) -> Result<(Hand, i64)> {
    let sol =
        goal_problem(known, hand, players, None, Some(*hand), v).solve(&SolveOptions::quiet())?;
    Ok((sol.hands[0], sol.value))
}

/// A player's state in a simulation.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Seat {
    pub known: RuleSet,
    pub hand: Hand,
}

/// One meeting of two players in a round.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Meeting {
    pub a: usize,
    pub b: usize,
    /// They showed each other their rules (both learned something).
    pub shared: bool,
    /// Goals after sharing, before trading.
    pub a_goal: Hand,
    pub b_goal: Hand,
    /// The trade made (the best acceptable one with gains for both), if any.
    pub trade: Option<Trade>,
    /// How many trades both would have accepted.
    pub acceptable: usize,
}

/// Each player's state at the end of a round.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Row {
    pub known: RuleSet,
    pub hand: Hand,
    /// The cards it would hand in now (best sub-hand under its known rules).
    pub handed_in: Hand,
    pub believed: i64,
    /// Score of `handed_in` under every rule in play, against everyone's handed-in cards.
    pub true_score: i64,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Round {
    pub meetings: Vec<Meeting>,
    pub table: Vec<Row>,
}

/// The simulation episode's payload.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Simulation {
    pub players: usize,
    pub seed: u64,
    pub start: Vec<Seat>,
    pub rounds: Vec<Round>,
    /// Players by final true score, best first.
    pub standings: Vec<usize>,
}

/// Deal: a shuffled deck of 2N cards per colour, 10 cards each; rule slips from a random
/// order of the 15 rules, two consecutive (hence different) slips per player, so each
/// rule is held by about 2N/15 players.
pub fn deal(players: usize, rng: &mut Rng) -> Vec<Seat> {
    let mut deck: Vec<usize> = (0..5).flat_map(|c| vec![c; 2 * players]).collect();
    rng.shuffle(&mut deck);
    let mut order: Vec<u8> = (1..=15).collect();
    rng.shuffle(&mut order);
    (0..players)
        .map(|p| {
            let mut h = [0u8; 5];
            for &c in &deck[10 * p..10 * p + 10] {
                h[c] += 1;
            }
            Seat {
                known: RuleSet::from_list(&[order[(2 * p) % 15], order[(2 * p + 1) % 15]]),
                hand: Hand(h),
            }
        })
        .collect()
}

/// Both players learn something from showing their rules to each other.
pub fn both_gain(a: RuleSet, b: RuleSet) -> bool {
    !a.minus(b).is_empty() && !b.minus(a).is_empty()
}

/// The trade a meeting makes: the first acceptable one (best first) that brings
/// neither player further from its goal and one of them closer.
pub fn chosen(trades: &[Trade]) -> Option<Trade> {
    trades
        .iter()
        .find(|t| t.gain_a >= 0 && t.gain_b >= 0 && t.gain_a + t.gain_b > 0)
        .copied()
}

/// The end-of-round table: what each player would hand in, believed and true scores.
pub fn table(seats: &[Seat], v: &Variant) -> Result<Vec<Row>> {
    let n = seats.len();
    let mut rows = Vec::new();
    for s in seats {
        let (h, believed) = hand_in(s.known, &s.hand, n, v)?;
        rows.push(Row {
            known: s.known,
            hand: s.hand,
            handed_in: h,
            believed,
            true_score: 0,
        });
    }
    let handed: Vec<Hand> = rows.iter().map(|r| r.handed_in).collect();
    for (r, t) in rows.iter_mut().zip(engine::totals(&handed, v.rules, v)?) {
        r.true_score = t;
    }
    Ok(rows)
}

/// Play `rounds` rounds: each round players meet in random pairs, show rules when both
/// gain, and make the best mutually acceptable trade.
pub fn simulate(players: usize, seed: u64, rounds: usize, v: &Variant) -> Result<Simulation> {
    simulate_until(players, seed, rounds, v, None)
}

/// [`simulate`], stopping after the first round that ends past `deadline` (the rounds
/// played are those of the same simulation with fewer rounds).
pub fn simulate_until(
    players: usize,
    seed: u64,
    rounds: usize,
    v: &Variant,
    deadline: Option<std::time::Instant>,
) -> Result<Simulation> {
    if players < 2 {
        bail!("simulate needs at least 2 players (got {players})");
    }
    if players > 40 {
        bail!("simulate supports at most 40 players (got {players})");
    }
    let opts = SolveOptions::quiet();
    let mut rng = Rng::new(seed);
    let start = deal(players, &mut rng);
    let mut seats = start.clone();
    let goal_of =
        |s: &Seat| -> Result<Hand> { Ok(goal(s.known, &s.hand, players, None, v, &opts)?.goal) };
    let mut goals: Vec<Hand> = seats.iter().map(goal_of).collect::<Result<_>>()?;
    let mut log = Vec::new();
    for _ in 0..rounds {
        if deadline.is_some_and(|d| std::time::Instant::now() >= d) && !log.is_empty() {
            break;
        }
        let mut order: Vec<usize> = (0..players).collect();
        rng.shuffle(&mut order);
        let mut meetings = Vec::new();
        for pair in order.chunks_exact(2) {
            let (a, b) = (pair[0], pair[1]);
            let shared = both_gain(seats[a].known, seats[b].known);
            if shared {
                let u = seats[a].known.union(seats[b].known);
                seats[a].known = u;
                seats[b].known = u;
                goals[a] = goal_of(&seats[a])?;
                goals[b] = goal_of(&seats[b])?;
            }
            let trades =
                engine::acceptable_trades((&seats[a].hand, &goals[a]), (&seats[b].hand, &goals[b]));
            let trade = chosen(&trades);
            let (a_goal, b_goal) = (goals[a], goals[b]);
            if let Some(t) = trade {
                seats[a].hand = engine::after(&seats[a].hand, &t.a_gives, &t.b_gives);
                seats[b].hand = engine::after(&seats[b].hand, &t.b_gives, &t.a_gives);
                goals[a] = goal_of(&seats[a])?;
                goals[b] = goal_of(&seats[b])?;
            }
            meetings.push(Meeting {
                a,
                b,
                shared,
                a_goal,
                b_goal,
                trade,
                acceptable: trades.len(),
            });
        }
        log.push(Round {
            meetings,
            table: table(&seats, v)?,
        });
    }
    let last = match log.last() {
        Some(r) => r.table.clone(),
        None => table(&seats, v)?,
    };
    let mut standings: Vec<usize> = (0..players).collect();
    standings.sort_by_key(|&p| (-last[p].true_score, p));
    Ok(Simulation {
        players,
        seed,
        start,
        rounds: log,
        standings,
    })
}
