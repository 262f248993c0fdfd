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
//! score (few rules known: most colours worth 1) and only the tie-break separates them.

// Levels index several parallel vectors; index loops read like the maths.
#![allow(clippy::needless_range_loop)]

use anyhow::Result;
use good_lp::{constraint, Expression, Variable};

use super::rules::{values, Hand, RuleSet, SevenRule, Variant, YellowTie, B, O, R, W, Y};
use crate::lp::{Model, Sense, SolveOptions, SolveReport, Status};

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
            Err(e) if e.to_string().contains("is infeasible") => {
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
        let mut best = self
            .best
            .ok_or_else(|| anyhow::anyhow!("model `{name}` is infeasible"))?;
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

/// Indicator expansion of one hand.
struct HandVars {
    /// `z[colour][k] = [count = k]`.
    z: Vec<Vec<Variable>>,
}

impl HandVars {
    fn new(m: &mut Model, h: usize, caps: [u32; 5]) -> HandVars {
        let mut z = Vec::new();
        for (i, &cap) in caps.iter().enumerate() {
            let zi: Vec<Variable> = (0..=cap)
                .map(|k| m.binary(format!("z{h}_{i}_{k}")))
                .collect();
            let one: Expression = zi.iter().copied().sum();
            m.constrain(constraint!(one == 1));
            z.push(zi);
        }
        HandVars { z }
    }
    fn cap(&self, i: usize) -> usize {
        self.z[i].len() - 1
    }
    /// `Σ f(k)·z[i][k]`.
    fn f(&self, i: usize, f: impl Fn(usize) -> f64) -> Expression {
        self.z[i].iter().enumerate().map(|(k, &v)| f(k) * v).sum()
    }
    fn count(&self, i: usize) -> Expression {
        self.f(i, |k| k as f64)
    }
    /// [count ≥ t].
    fn at_least(&self, i: usize, t: usize) -> Expression {
        self.f(i, |k| if k >= t { 1.0 } else { 0.0 })
    }
    /// [count = k] (0 when k exceeds the cap).
    fn is(&self, i: usize, k: usize) -> Expression {
        self.z[i].get(k).map(|&v| v.into()).unwrap_or_default()
    }
    fn cards(&self) -> Expression {
        (0..5).map(|i| self.count(i)).sum()
    }
}

/// Everything a hand contributes to the comparing rules.
struct Built {
    m: Model,
    hv: Vec<HandVars>,
    val: [i64; 5],
    /// Binary columns other than the hands' indicators (to check an LP optimum).
    bins: Vec<Variable>,
    /// Hand 0's card limit as the exact chain ([`Problem::card_chain`]).
    chain: bool,
}

impl Built {
    fn binary(&mut self, name: String) -> Variable {
        let v = self.m.binary(name);
        self.bins.push(v);
        v
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
        let pyramids = self.rules.has(11) && self.can_pyramid(0);
        let sevens = self.rules.has(9)
            && self.variant.seven_rule == SevenRule::Eliminate
            && self.caps(0).iter().any(|&c| c >= 7);
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
        let r = self.rules;
        let v = values(r);
        let c = self.max_cards as f64;
        let n = self.hands() as f64;
        let mut lo = 0.0;
        if r.has(6) {
            lo -= 10.0 * (n - 1.0);
        }
        if r.has(9) && self.variant.seven_rule == SevenRule::Minus10PerColour {
            lo -= 10.0 * (c / 7.0).floor();
        }
        let vmax = *v.iter().max().unwrap() as f64;
        let mut hi = c * vmax;
        if r.has(10) {
            hi += 10.0 * (c / 5.0).floor();
        }
        if r.has(13) {
            hi += v[W] as f64 * (c / 3.0).floor();
        }
        if r.has(14) {
            hi += 3.0 * v[O] as f64 * (c / 4.0).floor();
        }
        if r.has(12) {
            hi += v[R] as f64 * c;
        }
        if r.has(8) {
            hi += c * c;
        }
        (lo, hi)
    }

    /// Hand `h` can be a 4/3/2/1/0 pyramid within its caps.
    fn can_pyramid(&self, h: usize) -> bool {
        let mut c = self.caps(h);
        c.sort_unstable();
        c[1] >= 1 && c[2] >= 2 && c[3] >= 3 && c[4] >= 4
    }

    /// One solve of one case of hand 0; `beat`: the solver objective must reach it (a
    /// cutoff from an earlier case). Also says whether every integer column came out
    /// integral (always so for the MIP; for the LP, only then is its answer a game).
    fn solve_case(
        &self,
        split: Split,
        beat: Option<f64>,
        pass: Pass,
        opts: &SolveOptions,
    ) -> Result<(Solution, bool)> {
        let n = self.hands();
        let mut b = Built {
            m: Model::new(self.name.clone()),
            hv: Vec::new(),
            val: values(self.rules),
            bins: Vec::new(),
            chain: pass == Pass::Lp { chain: true },
        };
        for h in 0..n {
            let mut caps = self.caps(h);
            if h == 0 && split.pyramid == Some(true) {
                // A pyramid holds at most 4 of a colour.
                caps = caps.map(|c| c.min(4));
            }
            if h == 0 && split.seven == Some(false) {
                caps = caps.map(|c| c.min(6));
            }
            let hv = HandVars::new(&mut b.m, h, caps);
            b.hv.push(hv);
        }
        self.deck_and_sizes(&mut b);
        self.symmetry(&mut b);

        // Rule 9: s7[h] = [some colour ≥ 7], exact.
        let s7: Vec<Option<Variable>> = (0..n).map(|h| self.sevens(&mut b, h)).collect();
        if let (Some(true), Some(e)) = (split.seven, s7[0]) {
            b.m.constrain(constraint!(e == 1));
        }
        // Whether rule 9 takes hands out of rules 6, 8, 12.
        let mask = !self.variant.eliminated_compete;

        let penalty = self.rule6_blues(&mut b, &s7, mask);
        let red = self.rule12_reds(&mut b, &s7, mask);
        let yellow = self.rule8_yellows(&mut b, &s7, mask);

        let mut totals: Vec<Option<Variable>> = vec![None; n];
        for h in (0..n).filter(|&h| self.scored(h)) {
            let mut s = self.self_score(&mut b, h, h == 0 && split.pyramid == Some(true));
            if let Some(p) = &penalty {
                s -= p[h].unwrap();
            }
            if let Some(r) = &red {
                s += r[h].clone();
            }
            if let Some(y) = &yellow {
                s += y[h].clone();
            }
            let forced = if h == 0 { split } else { Split::default() };
            totals[h] = Some(self.double_and_eliminate(&mut b, h, s, s7[h], forced));
        }

        let points: Expression = totals.iter().flatten().map(|&t| Expression::from(t)).sum();
        // Tie-break: the fewest cards changed, then the changes spread most evenly.
        let (objective, weight) = match self.near {
            Some(near) => {
                let (key, weight) = self.nearness(&b.hv[0], &near);
                (weight * points - key, weight)
            }
            None => (points, 1.0),
        };
        let Built {
            mut m, hv, bins, ..
        } = b;
        if let Some(beat) = beat {
            m.constrain(constraint!(objective.clone() >= beat));
        }
        if self.one_free_hand() {
            // One free hand (a goal or a hand-in): a small model that HiGHS closes at or
            // near the root. Its presolve, feasibility jump and primal heuristics cost
            // several times the search itself here (results/bench-haggle.md).
            m.highs_option("presolve", "off");
            m.highs_option("mip_heuristic_run_feasibility_jump", "false");
            m.highs_option("mip_heuristic_effort", "0");
        }
        if matches!(pass, Pass::Lp { .. }) {
            m.highs_option("solve_relaxation", "true");
        }
        // The LP is small: it runs without the time limit, so it ends optimal or not at
        // all (HiGHS's MIP dual bound, left unset by an LP solve, says nothing here).
        let lp_opts = SolveOptions {
            time_limit: None,
            ..opts.clone()
        };
        let solved = match pass {
            Pass::Mip => m.solve(Sense::Maximise, objective, opts)?,
            Pass::Lp { .. } => m.solve(Sense::Maximise, objective, &lp_opts)?,
        };
        let weighted = solved.report.objective.unwrap_or(f64::NEG_INFINITY);
        let whole = |v: Variable| {
            let x = solved.value(v);
            (x - x.round()).abs() <= 1e-6
        };
        let integral = pass == Pass::Mip
            || (hv.iter().all(|h| h.z.iter().flatten().all(|&v| whole(v)))
                && bins.iter().all(|&v| whole(v)));
        let hands: Vec<Hand> = hv
            .iter()
            .map(|hv| {
                Hand(std::array::from_fn(|i| {
                    (0..=hv.cap(i))
                        .find(|&k| solved.is_set(hv.z[i][k]))
                        .unwrap_or(0) as u8
                }))
            })
            .collect();
        let scores: Vec<Option<i64>> = totals
            .iter()
            .map(|t| t.map(|t| solved.value(t).round() as i64))
            .collect();
        let value = scores.iter().flatten().sum();
        // Scores are integers: report them as such. The points bound is the solver's
        // bound divided by the tie-break weight (the distance term is worth less than one
        // point), rounded to the integers it allows.
        let mut report = solved.report.clone();
        if matches!(pass, Pass::Lp { .. }) {
            report.status = if integral {
                Status::Optimal
            } else {
                Status::Feasible
            };
            report.bound = Some(weighted);
            report.gap = Some(0.0);
            report.nodes = Some(0);
        }
        report.objective = Some(value as f64);
        report.bound = if report.proven() {
            Some(value as f64)
        } else if weight != 1.0 {
            report.bound.map(|b| (b / weight - 1e-9).ceil())
        } else {
            report.bound.map(|b| (b + 1e-6).floor())
        };
        report.gap = report
            .bound
            .map(|b| (b - value as f64).abs() / (value as f64).abs().max(1.0));
        Ok((
            Solution {
                hands,
                scores,
                value,
                report,
                weighted,
            },
            integral,
        ))
    }

    /// The tie-break among hands of equal score: `key = D·Σ|k − c| + Σ(k − c)²` over the
    /// colours (fewest cards changed from `near`, then the changes spread most evenly:
    /// D exceeds any sum of squares), and a weight for the score above any key. The key
    /// is strictly convex in each count, so the LP gains nothing by mixing counts that
    /// one hand would match, which keeps its optimum at whole hands more often. Weight
    /// and key use the problem's caps (not a case's), so the cases' objectives compare.
    fn nearness(&self, hv: &HandVars, near: &Hand) -> (Expression, f64) {
        let caps = self.caps(0);
        let far: Vec<f64> = (0..5)
            .map(|i| f64::from(near.0[i]).max(f64::from(caps[i])))
            .collect();
        let squares: f64 = far.iter().map(|x| x * x).sum();
        let d = squares + 1.0;
        let key: Expression = (0..5)
            .map(|i| {
                let c = f64::from(near.0[i]);
                hv.f(i, |k| {
                    let x = k as f64 - c;
                    d * x.abs() + x * x
                })
            })
            .sum();
        (key, d * far.iter().sum::<f64>() + squares + 1.0)
    }

    /// Deck limits per colour, cards per hand, fixed hands, hand 0's caps.
    fn deck_and_sizes(&self, b: &mut Built) {
        for i in 0..5 {
            let used: Expression = b.hv.iter().map(|hv| hv.count(i)).sum();
            let d = self.deck[i] as f64;
            if self.hand_in_all {
                b.m.constrain(constraint!(used == d));
            } else {
                b.m.constrain(constraint!(used <= d));
            }
        }
        for (h, fixed) in self.fixed.iter().enumerate() {
            let cards = b.hv[h].cards();
            b.m.constrain(constraint!(cards <= self.max_cards as f64));
            if let Some(f) = fixed {
                for i in 0..5 {
                    let c = b.hv[h].count(i);
                    b.m.constrain(constraint!(c == f.0[i] as f64));
                }
            }
        }
    }

    /// Interchangeable free hands are sorted by a key (Y, then R, then B): any game can
    /// be relabelled to satisfy this, so the optimum is unchanged.
    fn symmetry(&self, b: &mut Built) {
        let first = match self.objective {
            Objective::Player => 1,
            Objective::Total => 0,
        };
        let free: Vec<usize> = (first..self.hands())
            .filter(|&h| self.fixed[h].is_none() && !(h == 0 && self.caps0.is_some()))
            .collect();
        let key = |hv: &HandVars| -> Expression {
            196.0 * hv.count(Y) + 14.0 * hv.count(R) + hv.count(B)
        };
        for w in free.windows(2) {
            let (a, c) = (key(&b.hv[w[0]]), key(&b.hv[w[1]]));
            b.m.constrain(constraint!(a >= c));
        }
    }

    fn sevens(&self, b: &mut Built, h: usize) -> Option<Variable> {
        if !self.rules.has(9) || (0..5).all(|i| b.hv[h].cap(i) < 7) {
            return None;
        }
        let e = b.binary(format!("seven{h}"));
        let mut any = Expression::default();
        for i in 0..5 {
            let a = b.hv[h].at_least(i, 7);
            any += a.clone();
            b.m.constrain(constraint!(e >= a));
        }
        b.m.constrain(constraint!(e <= any));
        Some(e)
    }

    /// Rules 1-5, 9 (minus 10), 10, 13, 14: the part of the score that depends on the
    /// hand alone. For a hand known to be a pyramid (counts 4/3/2/1/0 in some order) the
    /// terms that cannot apply are left out rather than left to the LP: no colour pair
    /// shares a count and there are no sets of five (a colour is missing).
    fn self_score(&self, b: &mut Built, h: usize, pyramid: bool) -> Expression {
        let r = self.rules;
        let v = b.val;
        let hv = &b.hv[h];
        let mut s = Expression::default();
        for i in [Y, B, R] {
            s += v[i] as f64 * hv.count(i);
        }
        // Rule 4: whites beyond three are worth nothing.
        let white = if r.has(4) {
            hv.f(W, |k| if k <= 3 { k as f64 } else { 0.0 })
        } else {
            hv.count(W)
        };
        s += v[W] as f64 * white;
        // Rules 5 and 14 on the joint (blue, orange) counts: scoring oranges
        // o' = min(O, B) and the quadrupled ones min(⌊B/3⌋, o') are exact per pair.
        let mut groups: Vec<Vec<(usize, usize, Variable)>> = Vec::new();
        let mut set_levels: Vec<(usize, Variable)> = Vec::new();
        if r.has(5) || r.has(14) {
            let o_s = |bl: usize, o: usize| if r.has(5) { o.min(bl) } else { o };
            let pairs = self.joint(b, h, B, O, pyramid);
            groups.push(pairs.clone());
            let mut oranges = Expression::default();
            let mut quads = Expression::default();
            for &(bl, o, y) in &pairs {
                oranges += o_s(bl, o) as f64 * y;
                if r.has(14) {
                    quads += ((bl / 3).min(o_s(bl, o))) as f64 * y;
                }
            }
            s += v[O] as f64 * oranges + 3.0 * v[O] as f64 * quads;
        } else {
            s += v[O] as f64 * b.hv[h].count(O);
        }
        // Rule 10: sets of five = Σ_s g_s with g_s ≤ [every colour ≥ s]; levels stop at
        // ⌊cards/5⌋, which keeps the LP from counting fractional sets.
        if r.has(10) && !pyramid {
            let top = (0..5)
                .map(|i| b.hv[h].cap(i))
                .min()
                .unwrap_or(0)
                .min(self.max_cards as usize / 5);
            let most = self.max_cards as usize;
            for lvl in 1..=top {
                let g = b.binary(format!("set{h}_{lvl}"));
                for i in 0..5 {
                    let a = b.hv[h].at_least(i, lvl);
                    b.m.constrain(constraint!(g <= a));
                    // With `lvl` sets the other four colours hold 4·lvl cards, so this one
                    // holds at most max_cards − 4·lvl (keeps the LP from mixing counts
                    // that no hand with these sets could hold).
                    let over = most + 1 - 4 * lvl;
                    if over <= b.hv[h].cap(i) {
                        let a = b.hv[h].at_least(i, over);
                        b.m.constrain(constraint!(g + a <= 1));
                    }
                }
                s += 10.0 * g;
                set_levels.push((lvl, g));
            }
        }
        // Rule 13 on the joint (yellow, white) counts: min(⌊Y/2⌋, W) live whites doubled.
        if r.has(13) {
            let pairs = self.joint(b, h, Y, W, pyramid);
            groups.push(pairs.clone());
            let mut doubled = Expression::default();
            for &(yl, w, y) in &pairs {
                let dead = r.has(4) && w > 3;
                if !dead {
                    doubled += ((yl / 2).min(w)) as f64 * y;
                }
            }
            s += v[W] as f64 * doubled;
        }
        if r.has(9) && self.variant.seven_rule == SevenRule::Minus10PerColour {
            for i in 0..5 {
                s -= 10.0 * b.hv[h].at_least(i, 7);
            }
        }
        if b.chain && h == 0 && !pyramid {
            self.card_chain(b, h, &groups);
            self.pair_budget(b, &[], &set_levels);
        } else {
            self.pair_budget(b, &groups, &set_levels);
        }
        s
    }

    /// Hand 0 is the only hand not fixed (a goal or a hand-in).
    fn one_free_hand(&self) -> bool {
        self.fixed.iter().skip(1).all(Option::is_some)
    }

    /// The card limit of one hand as a chain over its groups (the colour pairs of rules
    /// 5/14 and 13, and each other colour), exact in the LP: the cards of the groups
    /// taken so far are a distribution `state[s]`, joined to the next group's count by
    /// flows x(s, k) (s + k within the limit), and the last group by the threshold rows
    /// P(state ≥ t) + P(last ≥ max_cards + 1 − t) ≤ 1, which admit a joint within the
    /// limit exactly when one exists. Every term of a hand's own score is a function of
    /// one group, so without rules 10 and 11 the LP optimum is a hand: many tied hands
    /// (all colours worth 1) no longer need the cut loop to prove the tie-break.
    fn card_chain(&self, b: &mut Built, h: usize, pairs: &[Vec<(usize, usize, Variable)>]) {
        let most = self.max_cards as usize;
        // A group's card count as a distribution d[s] = [the group holds s cards], and
        // which s it can take.
        type Dist = (Vec<Expression>, Vec<bool>);
        let sum_of = |g: &[(usize, usize, Variable)]| -> Dist {
            let mut d = vec![Expression::default(); most + 1];
            let mut live = vec![false; most + 1];
            for &(a, c, y) in g {
                d[a + c] += y;
                live[a + c] = true;
            }
            (d, live)
        };
        let mut covered = [false; 5];
        if self.rules.has(5) || self.rules.has(14) {
            covered[B] = true;
            covered[O] = true;
        }
        if self.rules.has(13) {
            covered[Y] = true;
            covered[W] = true;
        }
        // Pairs at both ends (the ends cost no flow variables), single colours between.
        let mut groups: Vec<Dist> = Vec::new();
        groups.extend(pairs.first().map(|g| sum_of(g)));
        for i in (0..5).filter(|&i| !covered[i]) {
            let cap = b.hv[h].cap(i);
            groups.push((
                (0..=most).map(|k| b.hv[h].is(i, k)).collect(),
                (0..=most).map(|k| k <= cap).collect(),
            ));
        }
        groups.extend(pairs.get(1).map(|g| sum_of(g)));
        let Some(((last, last_live), middle)) = groups.split_last() else {
            return;
        };
        let Some(((first, first_live), middle)) = middle.split_first() else {
            return;
        };
        let (mut state, mut live) = (first.clone(), first_live.clone());
        for (g, (next, next_live)) in middle.iter().enumerate() {
            let mut out = vec![Expression::default(); most + 1];
            let mut into = vec![Expression::default(); most + 1];
            let mut new = vec![Expression::default(); most + 1];
            let mut new_live = vec![false; most + 1];
            for s in (0..=most).filter(|&s| live[s]) {
                for k in (0..=most - s).filter(|&k| next_live[k]) {
                    let x = b.m.continuous(format!("chain{h}_{g}_{s}_{k}"), 0.0, 1.0);
                    out[s] += x;
                    into[k] += x;
                    new[s + k] += x;
                    new_live[s + k] = true;
                }
            }
            for s in (0..=most).filter(|&s| live[s]) {
                let (o, st) = (out[s].clone(), state[s].clone());
                b.m.constrain(constraint!(o == st));
            }
            for k in (0..=most).filter(|&k| next_live[k]) {
                let (i, d) = (into[k].clone(), next[k].clone());
                b.m.constrain(constraint!(i == d));
            }
            (state, live) = (new, new_live);
        }
        // The last group: P(state ≥ t) + P(last ≥ max_cards + 1 − t) ≤ 1.
        for t in 1..=most {
            let u = most + 1 - t;
            if live[t..].contains(&true) && last_live[u..].contains(&true) {
                let p: Expression = state[t..].iter().cloned().sum();
                let q: Expression = last[u..].iter().cloned().sum();
                b.m.constrain(constraint!(p + q <= 1));
            }
        }
    }

    /// The card limit read through the joint indicators of colour pairs (the LP would
    /// otherwise mix pair counts that no hand within the limit could hold together):
    /// two pairs cannot both be large, P(pair 1 ≥ s) + P(pair 2 ≥ max_cards + 1 − s) ≤ 1;
    /// with `lvl` sets of five the other three colours hold 3·lvl cards, so a pair holds
    /// at most max_cards − 3·lvl.
    fn pair_budget(
        &self,
        b: &mut Built,
        groups: &[Vec<(usize, usize, Variable)>],
        set_levels: &[(usize, Variable)],
    ) {
        let most = self.max_cards as usize;
        let tail = |g: &[(usize, usize, Variable)], s: usize| -> Option<Expression> {
            let ys: Vec<Variable> = g
                .iter()
                .filter(|&&(a, c, _)| a + c >= s)
                .map(|&(_, _, y)| y)
                .collect();
            (!ys.is_empty()).then(|| ys.into_iter().map(Expression::from).sum())
        };
        if let [g1, g2] = groups {
            for s in 1..=most {
                if let (Some(p), Some(q)) = (tail(g1, s), tail(g2, most + 1 - s)) {
                    b.m.constrain(constraint!(p + q <= 1));
                }
            }
        }
        for g in groups {
            for &(lvl, set) in set_levels {
                if let Some(p) = tail(g, most + 1 - 3 * lvl) {
                    b.m.constrain(constraint!(p + set <= 1));
                }
            }
        }
    }

    /// Joint indicators of two colours' counts, y(a, c) = [count_i = a and count_j = c],
    /// tied to both marginals. With the marginals integral the joint is integral too, so
    /// the y can be continuous; any function of the pair is then exact and linear, and
    /// the LP relaxation mixes exact values instead of two separately relaxed minima.
    /// `distinct`: the two counts differ (in a pyramid).
    fn joint(
        &self,
        b: &mut Built,
        h: usize,
        i: usize,
        j: usize,
        distinct: bool,
    ) -> Vec<(usize, usize, Variable)> {
        let (ci, cj) = (b.hv[h].cap(i), b.hv[h].cap(j));
        let most = self.max_cards as usize;
        let mut row_i = vec![Expression::default(); ci + 1];
        let mut row_j = vec![Expression::default(); cj + 1];
        let mut out = Vec::new();
        for a in 0..=ci {
            for c in (0..=cj).filter(|&c| a + c <= most && !(distinct && a == c)) {
                let y = b.m.continuous(format!("pair{h}_{i}{j}_{a}_{c}"), 0.0, 1.0);
                row_i[a] += y;
                row_j[c] += y;
                out.push((a, c, y));
            }
        }
        for (a, row) in row_i.into_iter().enumerate() {
            let z = b.hv[h].z[i][a];
            b.m.constrain(constraint!(row == z));
        }
        for (c, row) in row_j.into_iter().enumerate() {
            let z = b.hv[h].z[j][c];
            b.m.constrain(constraint!(row == z));
        }
        out
    }

    /// Rules 6 and 7: each other competing hand with 5+ blues costs 10, each 3 reds
    /// cancels one such penalty. Returns the penalty variable of every scored hand.
    fn rule6_blues(
        &self,
        b: &mut Built,
        s7: &[Option<Variable>],
        mask: bool,
    ) -> Option<Vec<Option<Variable>>> {
        if !self.rules.has(6) {
            return None;
        }
        let n = self.hands();
        // blue5[g] = [B ≥ 5 and g competes]; a lower bound is enough (the objective
        // keeps it down) when hands hit by rule 9 are masked out.
        let blue5: Vec<Expression> = (0..n)
            .map(|g| {
                let at = b.hv[g].at_least(B, 5);
                match (mask, s7[g]) {
                    (true, Some(e)) => {
                        let v = b.m.continuous(format!("blue5_{g}"), 0.0, 1.0);
                        b.m.constrain(constraint!(v >= at - e));
                        v.into()
                    }
                    _ => at,
                }
            })
            .collect();
        let mut out = vec![None; n];
        for h in (0..n).filter(|&h| self.scored(h)) {
            let p = b.m.continuous(format!("penalty{h}"), 0.0, 10.0 * n as f64);
            let others: Expression = (0..n).filter(|&g| g != h).map(|g| blue5[g].clone()).sum();
            let protect = if self.rules.has(7) {
                b.hv[h].f(R, |k| (k / 3) as f64)
            } else {
                Expression::default()
            };
            b.m.constrain(constraint!(p >= 10.0 * others - 10.0 * protect));
            out[h] = Some(p);
        }
        Some(out)
    }

    /// [count of colour i = k and hand g competes], exact.
    fn competing_is(
        &self,
        b: &mut Built,
        g: usize,
        i: usize,
        k: usize,
        e: Option<Variable>,
        mask: bool,
    ) -> Expression {
        let z = b.hv[g].is(i, k);
        match (mask, e) {
            (true, Some(e)) => {
                let v = b.m.continuous(format!("comp{g}_{i}_{k}"), 0.0, 1.0);
                b.m.constrain(constraint!(v <= z.clone()));
                b.m.constrain(constraint!(v <= 1 - e));
                b.m.constrain(constraint!(v >= z - e));
                v.into()
            }
            _ => z,
        }
    }

    /// Rule 12: the unique competing hand with the most reds (≥ 1) adds its red value
    /// again. Winner at level k ⇒ every other competing hand has fewer than k reds.
    fn rule12_reds(
        &self,
        b: &mut Built,
        s7: &[Option<Variable>],
        mask: bool,
    ) -> Option<Vec<Expression>> {
        if !self.rules.has(12) {
            return None;
        }
        let n = self.hands();
        let top = (0..n).map(|h| b.hv[h].cap(R)).max().unwrap_or(0);
        let mut bonus = vec![Expression::default(); n];
        let mut win: Vec<Vec<Option<Variable>>> = vec![vec![None; top + 1]; n];
        let mut level_sum = Expression::default();
        for k in 1..=top {
            let mut lambda = Expression::default();
            let cands: Vec<usize> = (0..n)
                .filter(|&h| self.scored(h) && b.hv[h].cap(R) >= k)
                .collect();
            for h in cands {
                let y = b.binary(format!("redwin{h}_{k}"));
                let z = self.competing_is(b, h, R, k, s7[h], mask);
                b.m.constrain(constraint!(y <= z));
                lambda += y;
                bonus[h] += (b.val[R] * k as i64) as f64 * y;
                win[h][k] = Some(y);
            }
            level_sum += lambda.clone();
            for g in 0..n {
                // [R_g ≥ k and g competes] (a lower bound suffices: only ≤ rows use it).
                let at = b.hv[g].at_least(R, k);
                let reach: Expression = match (mask, s7[g]) {
                    (true, Some(e)) => at - e,
                    _ => at,
                };
                let own: Expression = win[g][k].map(Expression::from).unwrap_or_default();
                b.m.constrain(constraint!(reach + lambda.clone() - own <= 1));
            }
        }
        b.m.constrain(constraint!(level_sum <= 1));
        Some(bonus)
    }

    /// Rule 8: Y² to the hand at the first yellow count (from the top) held by exactly
    /// one competing hand — stepping down through tied counts (cascade) or at most once
    /// (one_step). Hands need Y ≥ 1.
    fn rule8_yellows(
        &self,
        b: &mut Built,
        s7: &[Option<Variable>],
        mask: bool,
    ) -> Option<Vec<Expression>> {
        if !self.rules.has(8) {
            return None;
        }
        let n = self.hands();
        let top = (0..n).map(|h| b.hv[h].cap(Y)).max().unwrap_or(0);
        if top == 0 {
            return Some(vec![Expression::default(); n]);
        }
        // zc[g][k] = [Y_g = k and g competes]; a[k] = hands at level k.
        let mut zc: Vec<Vec<Expression>> = vec![vec![Expression::default(); top + 1]; n];
        for (g, row) in zc.iter_mut().enumerate() {
            for (k, cell) in row.iter_mut().enumerate().skip(1) {
                if k <= b.hv[g].cap(Y) {
                    *cell = self.competing_is(b, g, Y, k, s7[g], mask);
                }
            }
        }
        let mut used = vec![None; top + 1]; // u[k] = [a_k ≥ 1]
        let mut single = vec![None; top + 1]; // n1[k] ≥ [a_k = 1]
        for k in 1..=top {
            let a: Expression = (0..n).map(|g| zc[g][k].clone()).sum();
            let u = b.binary(format!("yused{k}"));
            let t = b.binary(format!("ytied{k}"));
            let n1 = b.m.continuous(format!("ysingle{k}"), 0.0, 1.0);
            b.m.constrain(constraint!(a.clone() <= n as f64 * u));
            b.m.constrain(constraint!(2 * t <= a));
            b.m.constrain(constraint!(n1 >= u - t));
            used[k] = Some(u);
            single[k] = Some(n1);
        }
        let mut bonus = vec![Expression::default(); n];
        let mut level_sum = Expression::default();
        for k in 1..=top {
            let mut lambda = Expression::default();
            let mut win: Vec<Option<Variable>> = vec![None; n];
            let cands: Vec<usize> = (0..n)
                .filter(|&h| self.scored(h) && b.hv[h].cap(Y) >= k)
                .collect();
            for h in cands {
                let y = b.binary(format!("yellowwin{h}_{k}"));
                let z = zc[h][k].clone();
                b.m.constrain(constraint!(y <= z));
                lambda += y;
                bonus[h] += (k * k) as f64 * y;
                win[h] = Some(y);
            }
            level_sum += lambda.clone();
            // The winner is alone at its level.
            for g in 0..n {
                let own: Expression = win[g].map(Expression::from).unwrap_or_default();
                let at = zc[g][k].clone();
                b.m.constrain(constraint!(at + lambda.clone() - own <= 1));
            }
            // No higher count is held by exactly one hand.
            for n1 in single.iter().skip(k + 1).flatten() {
                b.m.constrain(constraint!(lambda.clone() + *n1 <= 1));
            }
            if self.variant.yellow_tie == YellowTie::OneStep {
                one_step(&mut b.m, &used, k, &lambda);
            }
        }
        b.m.constrain(constraint!(level_sum <= 1));
        Some(bonus)
    }

    /// Rule 11 (double a pyramid's whole score) and rule 9 under `eliminate` (score 0).
    fn double_and_eliminate(
        &self,
        b: &mut Built,
        h: usize,
        s: Expression,
        seven: Option<Variable>,
        forced: Split,
    ) -> Variable {
        let n = self.hands() as f64;
        let (lo_s, hi_s) = self.score_range();
        let mut total = s.clone();
        // A hand with 7 of a colour is no pyramid.
        if self.rules.has(11) && self.can_pyramid(h) && forced.seven != Some(true) {
            let hv = &b.hv[h];
            // levels[k] = colours held exactly k times; a pyramid has one at each 0..4.
            let levels: Vec<Expression> = (0..=4)
                .map(|k| (0..5).map(|i| hv.is(i, k)).sum::<Expression>())
                .collect();
            match forced.pyramid {
                Some(true) => {
                    // Counts are at most 4 here: five colours on five levels, one each
                    // (an assignment, whose LP is integral).
                    for a in levels {
                        b.m.constrain(constraint!(a == 1));
                    }
                    let t = b.m.continuous(format!("score{h}"), 2.0 * lo_s, 2.0 * hi_s);
                    b.m.constrain(constraint!(t <= 2 * s));
                    return t;
                }
                Some(false) => {
                    // Some level k in 0..4 is held by no colour: u_k = 1 only if no
                    // colour has count k (one row per colour keeps the LP tight).
                    let mut absent = Expression::default();
                    for k in 0..=4 {
                        let u = b.binary(format!("pyrmiss{h}_{k}"));
                        for i in 0..5 {
                            let z = b.hv[h].is(i, k);
                            b.m.constrain(constraint!(u + z <= 1));
                        }
                        absent += u;
                    }
                    b.m.constrain(constraint!(absent >= 1));
                    return self.eliminate(b, h, s, seven);
                }
                None => {}
            }
            let p = b.binary(format!("pyramid{h}"));
            let mut absent = Expression::default();
            for (k, a) in levels.into_iter().enumerate() {
                let u = b.binary(format!("pyrmiss{h}_{k}"));
                b.m.constrain(constraint!(p <= a.clone()));
                b.m.constrain(constraint!(5 * u <= 5 - a));
                absent += u;
            }
            b.m.constrain(constraint!(p >= 1 - absent));
            // A pyramid's score before doubling lies in [lo, hi]: at most 40 in cards
            // (4·5+3·4+2·3+1·2), 10 from rule 13, 12 from 14, 12 from 12 and 16 from 8;
            // at least minus the penalties of all other hands.
            let hi = 90.0;
            let lo = -10.0 * (n - 1.0);
            let d = b.m.continuous(format!("double{h}"), lo.min(0.0), hi);
            // With p = 0, d = 0 must stay feasible: s ≥ lo_s, so −lo_s is enough.
            b.m.constrain(constraint!(d <= s.clone() - lo_s * (1 - p)));
            b.m.constrain(constraint!(d <= hi * p));
            b.m.constrain(constraint!(d >= lo * p));
            total += d;
        }
        self.eliminate(b, h, total, seven)
    }

    /// Rule 9 under `eliminate`: a hand with 7+ of a colour scores 0.
    fn eliminate(
        &self,
        b: &mut Built,
        h: usize,
        total: Expression,
        seven: Option<Variable>,
    ) -> Variable {
        let (lo_s, hi_s) = self.score_range();
        // A doubled pyramid reaches at most 2·90 = 180.
        let (lo, hi) = (2.0 * lo_s.min(0.0), hi_s.max(180.0));
        let t = b.m.continuous(format!("score{h}"), lo, hi);
        match seven {
            Some(e) if self.variant.seven_rule == SevenRule::Eliminate => {
                // e = 1: the score is 0; e = 0: the score is `total` (≥ lo).
                b.m.constrain(constraint!(t <= total - lo * e));
                b.m.constrain(constraint!(t <= hi * (1 - e)));
                b.m.constrain(constraint!(t >= lo * (1 - e)));
            }
            _ => b.m.constrain(constraint!(t <= total)),
        }
        t
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
