//! One case of a problem: its model built from every rule family, solved (MIP or LP),
//! and read back as hands, scores and a report in points.

// Levels index several parallel vectors; index loops read like the maths.
#![allow(clippy::needless_range_loop)]

use anyhow::Result;
use good_lp::{constraint, Expression, Variable};

use crate::haggle::rules::Hand;
use crate::lp::{Model, Sense, SolveOptions, SolveReport, Status};

use super::vars::{Built, HandVars};
use super::{Pass, Problem, Solution, Split};

impl Problem {
    /// One solve of one case of hand 0; `beat`: the solver objective must reach it (a
    /// cutoff from an earlier case). Also says whether every integer column came out
    /// integral (always so for the MIP; for the LP, only then is its answer a game).
    pub(super) fn solve_case(
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
            val: self.variant.values(self.rules),
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
                let below = self.variant.rule9.count as u32 - 1;
                caps = caps.map(|c| c.min(below));
            }
            let hv = HandVars::new(&mut b.m, h, caps);
            b.hv.push(hv);
        }
        self.deck_and_sizes(&mut b);
        self.symmetry(&mut b);

        // Rule 9: s7[h] = [some colour ≥ rule9.count], exact.
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
        let lp = matches!(pass, Pass::Lp { .. });
        let report = points_report(&solved.report, lp, integral, weighted, value, weight);
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
    pub(super) fn nearness(&self, hv: &HandVars, near: &Hand) -> (Expression, f64) {
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
}

/// A case's report in points. Scores are integers: report them as such. The points bound
/// is the solver's bound divided by the tie-break weight (the distance term is worth less
/// than one point), rounded to the integers it allows. An `lp` pass is proven when its
/// optimum is `integral` (a hand), and its bound is the LP's `weighted` optimum.
pub(super) fn points_report(
    solved: &SolveReport,
    lp: bool,
    integral: bool,
    weighted: f64,
    value: i64,
    weight: f64,
) -> SolveReport {
    let mut report = solved.clone();
    if lp {
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
    report
}
