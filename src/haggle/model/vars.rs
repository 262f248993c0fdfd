//! The variables of one hand (count indicators) and the model being built.

// Levels index several parallel vectors; index loops read like the maths.
#![allow(clippy::needless_range_loop)]

use good_lp::{constraint, Expression, Variable};

use crate::lp::Model;

/// Indicator expansion of one hand.
pub(super) struct HandVars {
    /// `z[colour][k] = [count = k]`.
    pub(super) z: Vec<Vec<Variable>>,
}

impl HandVars {
    pub(super) fn new(m: &mut Model, h: usize, caps: [u32; 5]) -> HandVars {
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
    pub(super) fn cap(&self, i: usize) -> usize {
        self.z[i].len() - 1
    }
    /// `Σ f(k)·z[i][k]`.
    pub(super) fn f(&self, i: usize, f: impl Fn(usize) -> f64) -> Expression {
        self.z[i].iter().enumerate().map(|(k, &v)| f(k) * v).sum()
    }
    pub(super) fn count(&self, i: usize) -> Expression {
        self.f(i, |k| k as f64)
    }
    /// [count ≥ t].
    pub(super) fn at_least(&self, i: usize, t: usize) -> Expression {
        self.f(i, |k| if k >= t { 1.0 } else { 0.0 })
    }
    /// [count = k] (0 when k exceeds the cap).
    pub(super) fn is(&self, i: usize, k: usize) -> Expression {
        self.z[i].get(k).map(|&v| v.into()).unwrap_or_default()
    }
    pub(super) fn cards(&self) -> Expression {
        (0..5).map(|i| self.count(i)).sum()
    }
}

/// Everything a hand contributes to the comparing rules.
pub(super) struct Built {
    pub(super) m: Model,
    pub(super) hv: Vec<HandVars>,
    pub(super) val: [i64; 5],
    /// Binary columns other than the hands' indicators (to check an LP optimum).
    pub(super) bins: Vec<Variable>,
    /// Hand 0's card limit as the exact chain ([`super::Problem::card_chain`]).
    pub(super) chain: bool,
}

impl Built {
    pub(super) fn binary(&mut self, name: String) -> Variable {
        let v = self.m.binary(name);
        self.bins.push(v);
        v
    }
}
