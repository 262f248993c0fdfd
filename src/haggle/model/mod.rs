//! The hand ILP: N hands that encode every rule exactly, used three ways — `goal` (one
//! free hand, the other hands absent or fixed, the player's known rules), `bound` (all
//! hands free, best hand or best total) and the cross-check that scores fixed hands.
//! (`patterns` holds the second formulation, for the best total.)
//!
//! Each hand's colour counts are expanded into indicators, `count = Σ k·z[k]` with
//! `Σ z[k] = 1`. Every rule that depends on one count (rule 4's dead whites, ⌊Y/2⌋,
//! ⌊B/3⌋, ⌊R/3⌋, "5+ blues", "7+ of a colour") is then a linear function of the
//! indicators. Rules 5, 13 and 14 read joint indicators of (blue, orange) and (yellow,
//! white); rule 10 counts sets by level. The comparing rules work on *levels*: a hand
//! wins rule 12 at level k only if no other competing hand reaches k; rule 8 at level k
//! only if k is held by one hand and (cascade) no higher count is held by exactly one
//! hand. Rule 11 doubles through an exact pyramid indicator: the scored hand is split
//! into cases (pyramid or not; under rule 9, eliminated or not), each solved apart with
//! a tight LP (see [`Problem::solve`]); other hands use a product `p·S` linearised with
//! bounds that hold for every pyramid.
//!
//! With one free hand (a goal), each case is first solved as an LP with the card limit
//! written as an exact chain over the hand's colour groups ([`Problem::card_chain`]):
//! every own-score term is a function of one group, so that LP's optimum is usually a
//! hand, and then a proven goal without the MIP. This matters when many hands tie on
//!
//! Variables: per hand and colour, the count indicators `z[i][k]`; the score of each
//! scored hand is its own-colour terms ([`hand`]: card values, rules 4, 5, 7, 13, 14
//! and the card limit) plus the comparing rules ([`compare`]: 6, 8, 12), doubled or
//! zeroed by rules 11 and 9 ([`double`]); the objective is hand 0's score or the total.
//! What limits a hand: the deck's cards of each colour, the card limit per hand, and for
//! a player the cards they hold (`caps0`). Files: [`vars`] (the indicators and the model
//! being built), [`case`] (one case's model, solved, read back as hands and points),
//! [`hand`], [`compare`] and [`double`].

// Levels index several parallel vectors; index loops read like the maths.
#![allow(clippy::needless_range_loop)]

mod case;
mod compare;
mod double;
mod hand;
mod vars;

use anyhow::Result;
use good_lp::{constraint, Expression, Variable};

use crate::lp::{Model, SolveOptions, SolveReport};

use super::rules::{Hand, RuleSet, SevenRule, Variant, O, R, W};

/// What the model maximises.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Objective {
    /// The score of hand 0.
    Player,
    /// The sum of all hands' scores.
    Total,
}

/// One ILP instance.
#[derive(Debug, Clone)]
pub struct Problem {
    pub name: String,
    /// The rules encoded (card values are the ones these rules fix).
    pub rules: RuleSet,
    /// Settings of rules 8 and 9.
    pub variant: Variant,
    /// Cards of each colour all hands together may use.
    pub deck: [u32; 5],
    /// Cards per hand at most.
    pub max_cards: u32,
    /// One entry per hand: `Some` fixes it.
    pub fixed: Vec<Option<Hand>>,
    pub objective: Objective,
    /// Every card of the deck must be in some hand.
    pub hand_in_all: bool,
    /// Upper bounds on hand 0's counts (the cards a player holds).
    pub caps0: Option<Hand>,
    /// Among equal scores prefer hand 0 closest (fewest cards changed) to this hand.
    pub near: Option<Hand>,
}

/// The model's answer.
#[derive(Debug, Clone)]
pub struct Solution {
    pub hands: Vec<Hand>,
    /// The model's score of every hand it scores (hand 0 only for `Player`).
    pub scores: Vec<Option<i64>>,
    /// The objective in points (without the tie-break term).
    pub value: i64,
    pub report: SolveReport,
    /// The solver's objective including the tie-break term (compares solve cases).
    pub weighted: f64,
}

/// A case of hand 0 solved apart (`None`: not split on that property).
#[derive(Debug, Clone, Copy, Default)]
struct Split {
    /// Hand 0 is (or is not) a pyramid.
    pyramid: Option<bool>,
    /// Hand 0 has (or has not) 7 or more of some colour.
    seven: Option<bool>,
}

/// How one case is solved.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Pass {
    /// The MIP.
    Mip,
    /// The LP relaxation, for one free hand with or without the exact card chain. An
    /// infeasible LP closes a case; an optimum at which every integer column is integral
    /// is a hand that reaches the LP's bound, so it is the case's proven answer.
    Lp { chain: bool },
}

/// The best of several solves that split one problem into cases (pyramid or not; the
/// number of 5-blue hands). The answer is proven only when every case is; an infeasible
/// case has nothing to bound.
#[derive(Default)]
pub(super) struct Cases {
    pub(super) best: Option<Solution>,
    /// Some case is not proven.
    unproven: bool,
    bound: Option<f64>,
    seconds: f64,
    nodes: i64,
}

impl Cases {
    /// Take one case's result (`started` when it began, to count the time of infeasible
    /// cases too); `better(new, old)` says when a case replaces the best so far.
    pub(super) fn add(
        &mut self,
        case: Result<Solution>,
        started: std::time::Instant,
        better: impl Fn(&Solution, &Solution) -> bool,
    ) -> Result<()> {
        match case {
            Ok(sol) => {
                let r = &sol.report;
                self.unproven |= !r.proven();
                let b = r.bound.unwrap_or(f64::INFINITY);
                self.bound = Some(self.bound.map_or(b, |x| x.max(b)));
                self.seconds += r.seconds;
                self.nodes += r.nodes.unwrap_or(0);
                if self.best.as_ref().is_none_or(|old| better(&sol, old)) {
                    self.best = Some(sol);
                }
            }
            Err(e) if crate::lp::infeasible(&e).is_some() => {
                self.seconds += started.elapsed().as_secs_f64();
            }
            Err(e) => return Err(e),
        }
        Ok(())
    }

    /// Add seconds spent outside the cases (e.g. LP relaxations that closed a case).
    pub(super) fn add_seconds(&mut self, s: f64) {
        self.seconds += s;
    }

    /// The best case, reported for the whole problem: its value, the highest bound of all
    /// cases (the value itself when all are proven), the summed time and nodes.
    pub(super) fn finish(self, name: &str) -> Result<Solution> {
        let mut best = self.best.ok_or_else(|| crate::lp::Infeasible {
            model: name.to_string(),
            why: crate::lp::Why::EveryCase,
        })?;
        let value = best.value as f64;
        let proven = !self.unproven;
        let r = &mut best.report;
        r.objective = Some(value);
        r.bound = Some(if proven {
            value
        } else {
            self.bound.unwrap_or(f64::NEG_INFINITY).max(value)
        });
        r.gap = r.bound.map(|b| (b - value).abs() / value.abs().max(1.0));
        r.status = if proven {
            crate::lp::Status::Optimal
        } else {
            crate::lp::Status::Feasible
        };
        r.seconds = self.seconds;
        r.nodes = Some(self.nodes);
        Ok(best)
    }
}

impl Problem {
    pub(super) fn hands(&self) -> usize {
        self.fixed.len()
    }

    pub(super) fn caps(&self, h: usize) -> [u32; 5] {
        std::array::from_fn(|i| {
            let mut c = self.deck[i].min(self.max_cards);
            if h == 0 {
                if let Some(c0) = self.caps0 {
                    c = c.min(c0.0[i] as u32);
                }
            }
            c
        })
    }

    fn scored(&self, h: usize) -> bool {
        self.objective == Objective::Total || h == 0
    }

    /// Build and solve. For the best single hand, hand 0 is split into cases solved
    /// apart, each with a tighter LP than one model of all hands:
    /// - rule 11 in play: a pyramid (counts at most 4, scored exactly 2S) or not (scored
    ///   S), free of the big-M product `p·S`;
    /// - rule 9 eliminating: not eliminated (counts at most 6) or eliminated (score 0),
    ///   free of the big-M rows that zero an eliminated score.
    ///
    /// The cases go from the likeliest winner to the least (pyramid, plain, eliminated);
    /// each later one only has to beat the best so far, a cutoff row that usually closes
    /// it at the root LP. Under a time limit there is no cutoff: a cut-off case stopped
    /// early would have neither a game nor a bound to report.
    pub fn solve(&self, opts: &SolveOptions) -> Result<Solution> {
        let pyramids = self.rules.has(11) && self.variant.rule11.factor > 1 && self.can_pyramid(0);
        let sevens = self.rules.has(9)
            && self.variant.seven_rule == SevenRule::Eliminate
            && self
                .caps(0)
                .iter()
                .any(|&c| c as i64 >= self.variant.rule9.count);
        if self.objective == Objective::Total || !(pyramids || sevens) {
            return self.solve_one(Split::default(), None, opts);
        }
        let mut splits = Vec::new();
        if pyramids {
            splits.push(Split {
                pyramid: Some(true),
                seven: sevens.then_some(false),
            });
        }
        splits.push(Split {
            pyramid: pyramids.then_some(false),
            seven: sevens.then_some(false),
        });
        if sevens {
            splits.push(Split {
                pyramid: None,
                seven: Some(true),
            });
        }
        let mut cases = Cases::default();
        for split in splits {
            // An eliminated hand 0 scores exactly 0, so its case (objective 0 less the
            // tie-break key) cannot beat a case already worth 0 or more: no solve needed.
            let worth = cases.best.as_ref().map(|b| b.weighted);
            if split.seven == Some(true) && worth.is_some_and(|w| w >= 0.0) {
                continue;
            }
            let beat = match (&cases.best, opts.time_limit) {
                // Weighted objectives are integers: beating one means reaching it + 1.
                (Some(b), None) => Some(b.weighted + 0.5),
                _ => None,
            };
            let started = std::time::Instant::now();
            let case = self.solve_one(split, beat, opts);
            // Ties keep the earlier case.
            cases.add(case, started, |new, old| new.weighted > old.weighted)?;
        }
        cases.finish(&self.name)
    }

    /// One case. LP relaxations first, when they can settle the case: a cut-off case
    /// whose LP cannot reach the cutoff is closed without the MIP's setup and root work,
    /// and for a hand alone the LP is usually integral — the plain model's often, the
    /// exact card chain's nearly always. Many hands tie on score in small rule subsets;
    /// a MIP must then prove the tie-break with its cut loop, while the chain's LP proves
    /// it outright. Otherwise the MIP (without the chain: its cut loop is faster on the
    /// smaller model).
    fn solve_one(&self, split: Split, beat: Option<f64>, opts: &SolveOptions) -> Result<Solution> {
        let mut lp_seconds = 0.0;
        // With other hands given (a goal that counts rules 6, 7, 8, 12), their bonus
        // levels keep the LPs fractional: straight to the MIP, as for several free hands.
        let lps: &[bool] = match (self.hands() == 1, beat.is_some()) {
            (true, _) => &[false, true],
            (false, true) => &[false],
            (false, false) => &[],
        };
        for &chain in lps {
            let (lp, integral) = self.solve_case(split, beat, Pass::Lp { chain }, opts)?;
            if integral {
                return Ok(lp);
            }
            lp_seconds += lp.report.seconds;
        }
        let (mut sol, _) = self.solve_case(split, beat, Pass::Mip, opts)?;
        sol.report.seconds += lp_seconds;
        Ok(sol)
    }

    /// Bounds on a hand's score before doubling, from the rules in play: at least minus
    /// every penalty, at most the best case of every term. Tight bounds keep the big-M
    /// rows of rules 9 and 11 from weakening the LP.
    fn score_range(&self) -> (f64, f64) {
        let (r, p) = (self.rules, &self.variant);
        let v = p.values(r);
        let c = self.max_cards as f64;
        let n = self.hands() as f64;
        let mut lo = 0.0;
        if r.has(6) {
            lo -= p.rule6.penalty as f64 * (n - 1.0);
        }
        if r.has(9) && p.seven_rule == SevenRule::Minus10PerColour {
            lo -= p.rule9.penalty as f64 * (c / p.rule9.count as f64).floor();
        }
        let vmax = *v.iter().max().unwrap() as f64;
        let mut hi = c * vmax;
        if r.has(10) {
            hi += p.rule10.bonus as f64 * (c / 5.0).floor();
        }
        if r.has(13) {
            let per = (p.rule13.yellows + 1) as f64;
            hi += (p.rule13.factor - 1) as f64 * v[W] as f64 * (c / per).floor();
        }
        if r.has(14) {
            let per = (p.rule14.blues + 1) as f64;
            hi += (p.rule14.factor - 1) as f64 * v[O] as f64 * (c / per).floor();
        }
        if r.has(12) {
            hi += (p.rule12.factor - 1) as f64 * v[R] as f64 * c;
        }
        if r.has(8) {
            hi += c.powi(p.rule8.power as i32);
        }
        (lo, hi)
    }

    /// A pyramid's score before doubling is at most its cards (4, 3, 2, 1 of the four
    /// dearest colours) plus the most rules 13, 14, 12 and 8 can add to 4/3/2/1/0 (no
    /// pyramid has a set of five); 90 under the standard numbers.
    fn pyramid_high(&self) -> f64 {
        let (r, p) = (self.rules, &self.variant);
        let mut v = p.values(r);
        v.sort_unstable_by(|a, b| b.cmp(a));
        let mut hi: i64 = (0..4).map(|k| v[k] * (4 - k as i64)).sum();
        let val = p.values(r);
        if r.has(13) {
            hi += (p.rule13.factor - 1) * val[W] * (4 / p.rule13.yellows).min(4);
        }
        if r.has(14) {
            hi += (p.rule14.factor - 1) * val[O] * (4 / p.rule14.blues).min(4);
        }
        if r.has(12) {
            hi += (p.rule12.factor - 1) * val[R] * 4;
        }
        if r.has(8) {
            hi += 4i64.pow(p.rule8.power as u32);
        }
        hi as f64
    }

    /// Hand `h` can be a 4/3/2/1/0 pyramid within its caps.
    fn can_pyramid(&self, h: usize) -> bool {
        let mut c = self.caps(h);
        c.sort_unstable();
        c[1] >= 1 && c[2] >= 2 && c[3] >= 3 && c[4] >= 4
    }

    /// Hand 0 is the only hand not fixed (a goal or a hand-in).
    fn one_free_hand(&self) -> bool {
        self.fixed.iter().skip(1).all(Option::is_some)
    }
}

/// Rule 8 under `one_step`: a win at yellow level k (`win`, 0 or 1) allows at most one
/// used level above k (`used[j]` = some hand holds j yellows), i.e. one tied step down.
pub(super) fn one_step(m: &mut Model, used: &[Option<Variable>], k: usize, win: &Expression) {
    let top = used.len() - 1;
    if k >= top {
        return;
    }
    let above: Expression = used
        .iter()
        .skip(k + 1)
        .flatten()
        .map(|&u| Expression::from(u))
        .sum();
    let slack = (top - k) as f64;
    m.constrain(constraint!(above + slack * win.clone() <= 1.0 + slack));
}
