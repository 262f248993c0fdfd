//! The comparing rules, which read several hands: 6 (most blues pay a penalty), 12
//! (most reds win a bonus) and 8 (the most yellows held by one hand).

// Levels index several parallel vectors; index loops read like the maths.
#![allow(clippy::needless_range_loop)]

use good_lp::{constraint, Expression, Variable};

use crate::haggle::rules::{YellowTie, B, R, Y};

use super::vars::Built;
use super::{one_step, Problem};

impl Problem {
    /// Rules 6 and 7: each other competing hand with 5+ blues costs 10, each 3 reds
    /// cancels one such penalty (the numbers are the variant's `rule6`, `rule7`). Returns the penalty variable of every scored hand.
    pub(super) fn rule6_blues(
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
                let at = b.hv[g].at_least(B, self.variant.rule6.blues as usize);
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
            let pen = self.variant.rule6.penalty as f64;
            let p = b.m.continuous(format!("penalty{h}"), 0.0, pen * n as f64);
            let others: Expression = (0..n).filter(|&g| g != h).map(|g| blue5[g].clone()).sum();
            let protect = if self.rules.has(7) {
                let per = self.variant.rule7.reds as usize;
                b.hv[h].f(R, |k| (k / per) as f64)
            } else {
                Expression::default()
            };
            b.m.constrain(constraint!(p >= pen * others - pen * protect));
            out[h] = Some(p);
        }
        Some(out)
    }

    /// [count of colour i = k and hand g competes], exact.
    pub(super) fn competing_is(
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
    pub(super) fn rule12_reds(
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
                let extra = self.variant.rule12.factor - 1;
                bonus[h] += (extra * b.val[R] * k as i64) as f64 * y;
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
    pub(super) fn rule8_yellows(
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
                bonus[h] += (k as f64).powi(self.variant.rule8.power as i32) * y;
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
}
