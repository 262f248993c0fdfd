//! The pattern ILP for the best total (`max-total`): hands are interchangeable, so the
//! model chooses how many hands of each colour pattern are handed in instead of N
//! separate hands — no symmetry, few rows. Its coefficients are computed here from the
//! rules, independently of the referee.

// Levels index several parallel vectors; index loops read like the maths.
#![allow(clippy::needless_range_loop)]

use anyhow::Result;
use good_lp::{constraint, Expression, Variable};

use super::model::{one_step, Cases, Problem, Solution};
use super::rules::{Hand, RuleSet, SevenRule, Variant, YellowTie, B, O, R, W, Y};
use crate::lp::{Model, Sense, SolveOptions};

/// The card-only points of a hand (rules 1-5, 9's minus 10s, 10, 13, 14), computed here
/// independently of the referee: the type model's coefficients.
fn self_points(h: &Hand, r: RuleSet, variant: &Variant, v: &[i64; 5]) -> i64 {
    let p = variant;
    let c = |i: usize| h.0[i] as i64;
    let dead = r.has(4) && c(W) > p.rule4.whites;
    let w_val = if dead { 0 } else { v[W] };
    let o_s = if r.has(5) { c(O).min(c(B)) } else { c(O) };
    let mut s = v[Y] * c(Y) + v[B] * c(B) + v[R] * c(R) + v[O] * o_s + w_val * c(W);
    if r.has(10) {
        s += p.rule10.bonus * (0..5).map(c).min().unwrap_or(0);
    }
    if r.has(13) {
        s += (p.rule13.factor - 1) * w_val * (c(Y) / p.rule13.yellows).min(c(W));
    }
    if r.has(14) {
        s += (p.rule14.factor - 1) * v[O] * (c(B) / p.rule14.blues).min(o_s);
    }
    if r.has(9) && variant.seven_rule == SevenRule::Minus10PerColour {
        let sevens = h.0.iter().filter(|&&x| x as i64 >= p.rule9.count).count() as i64;
        s -= p.rule9.penalty * sevens;
    }
    s
}

/// Every hand within the caps and the card limit.
fn hand_types(caps: [u32; 5], max_cards: u32) -> Vec<Hand> {
    let mut out = Vec::new();
    let mut h = [0u8; 5];
    fn rec(i: usize, h: &mut [u8; 5], caps: &[u32; 5], left: u32, out: &mut Vec<Hand>) {
        if i == 5 {
            out.push(Hand(*h));
            return;
        }
        for c in 0..=caps[i].min(left) {
            h[i] = c as u8;
            rec(i + 1, h, caps, left - c, out);
        }
        h[i] = 0;
    }
    rec(0, &mut h, &caps, max_cards, &mut out);
    out
}

/// Drop every type another type beats outright: same yellows, reds, competing status,
/// multiplier and 5+-blue status (so every comparing rule sees the same thing), no more
/// blue, orange or white cards, and at least the same points. Swapping the beaten type
/// for its better keeps a game feasible (when cards may stay out of the hands) and its
/// total at least as high, so the optimum is unchanged.
fn undominated(info: Vec<TypeInfo>) -> Vec<TypeInfo> {
    use std::collections::HashMap;
    let mut groups: HashMap<(u8, u8, bool, i64, bool), Vec<TypeInfo>> = HashMap::new();
    for t in info {
        groups
            .entry((t.hand.0[Y], t.hand.0[R], t.competes, t.mult, t.blue5))
            .or_default()
            .push(t);
    }
    let mut keys: Vec<_> = groups.keys().copied().collect();
    keys.sort_unstable();
    let mut out = Vec::new();
    for key in keys {
        let g = &groups[&key];
        let beats = |a: &TypeInfo, b: &TypeInfo| {
            let le = [B, O, W].iter().all(|&i| a.hand.0[i] <= b.hand.0[i]);
            le && a.hand != b.hand && a.base >= b.base
        };
        for t in g {
            if !g.iter().any(|u| beats(u, t)) {
                out.push(*t);
            }
        }
    }
    out
}

/// `sum(f)`: the pattern model's sum over the hand types of f(type) × (hands of that
/// type), as built in `solve_types_k5` and passed to the rule helpers.
type TypeSum<'a> = dyn Fn(&dyn Fn(&TypeInfo) -> f64) -> Expression + 'a;

/// What one hand type contributes when `k5` competing hands hold 5+ blues.
#[derive(Clone, Copy)]
struct TypeInfo {
    hand: Hand,
    /// Counts in rules 6, 8, 12.
    competes: bool,
    /// Holds 5+ blues and competes (it is one of the k5).
    blue5: bool,
    /// 0 (eliminated), 1, or `rule11.factor` (pyramid).
    mult: i64,
    /// mult × (card points − penalty).
    base: i64,
}

impl Problem {
    fn type_info(&self, hand: Hand, k5: u32, val: &[i64; 5]) -> TypeInfo {
        let r = self.rules;
        let p = &self.variant;
        let seven = r.has(9) && hand.0.iter().any(|&c| p.is_seven(c));
        let competes = !seven || self.variant.eliminated_compete;
        let blue5 = r.has(6) && competes && hand.get(B) >= p.rule6.blues;
        let mut sorted = hand.0;
        sorted.sort_unstable();
        let mult = if seven && self.variant.seven_rule == SevenRule::Eliminate {
            0
        } else if r.has(11) && sorted == [0, 1, 2, 3, 4] {
            p.rule11.factor
        } else {
            1
        };
        let mut s = self_points(&hand, r, &self.variant, val);
        if r.has(6) {
            let others = k5 as i64 - blue5 as i64;
            let protect = if r.has(7) {
                hand.get(R) / p.rule7.reds
            } else {
                0
            };
            s -= p.rule6.penalty * (others - protect).max(0);
        }
        TypeInfo {
            hand,
            competes,
            blue5,
            mult,
            base: mult * s,
        }
    }

    /// `max-total` as a pattern model: hands are interchangeable, so instead of N hands
    /// the model chooses how many hands of each type (colour counts) are handed in. The
    /// number k5 of competing hands with 5+ blues is fixed per solve (one solve for each
    /// possible k5), which makes every hand's penalty a constant; the rule-8 and rule-12
    /// winners are chosen by level and multiplier (pyramid or not). The best of the solves
    /// is the optimum; it is proven when every solve is.
    pub fn solve_total_by_types(&self, opts: &SolveOptions) -> Result<Solution> {
        let n = self.hands() as u32;
        let caps = self.caps(1);
        let types = hand_types(caps, self.max_cards);
        let k5_max = if self.rules.has(6) {
            n.min(self.deck[B] / self.variant.rule6.blues as u32)
        } else {
            0
        };
        let mut cases = Cases::default();
        for k5 in 0..=k5_max {
            // Once a game is known, a case whose LP relaxation cannot beat it is closed
            // without branching (the LP bound is a proof for that case).
            if let Some(best) = cases.best.as_ref().map(|b| b.value as f64) {
                match self.solve_types_k5(&types, k5, true, opts) {
                    Ok(lp) => {
                        cases.add_seconds(lp.report.seconds);
                        let lp_bound = lp.report.objective.unwrap_or(f64::INFINITY);
                        if lp_bound < best + 1.0 - 1e-6 {
                            continue;
                        }
                    }
                    Err(e) if crate::lp::infeasible(&e).is_some() => continue,
                    Err(e) => return Err(e),
                }
            }
            // An infeasible case (no game has exactly k5 such hands) has nothing to bound.
            let started = std::time::Instant::now();
            let case = self.solve_types_k5(&types, k5, false, opts);
            cases.add(case, started, |new, old| new.value > old.value)?;
        }
        cases.finish(&self.name)
    }

    /// One case of the pattern model; `relax` solves its LP relaxation instead.
    fn solve_types_k5(
        &self,
        types: &[Hand],
        k5: u32,
        relax: bool,
        opts: &SolveOptions,
    ) -> Result<Solution> {
        let n = self.hands() as f64;
        let val = self.variant.values(self.rules);
        // Multipliers a winner of rule 12 or 8 can have: 1, or a pyramid's.
        let mults: Vec<i64> = match self.variant.rule11.factor {
            1 => vec![1],
            f => vec![1, f],
        };
        let caps = self.caps(1);
        let mut info: Vec<TypeInfo> = types.iter().map(|&h| self.type_info(h, k5, &val)).collect();
        if !self.hand_in_all {
            info = undominated(info);
        }
        let mut m = Model::new(format!("{} [k5 = {k5}]", self.name));
        let x: Vec<Variable> = info
            .iter()
            .map(|t| {
                if relax {
                    m.continuous(format!("x{}", t.hand), 0.0, n)
                } else {
                    m.integer(format!("x{}", t.hand), 0.0, n)
                }
            })
            .collect();
        let bin = |m: &mut Model, name: String| {
            if relax {
                m.continuous(name, 0.0, 1.0)
            } else {
                m.binary(name)
            }
        };
        let sum = |f: &dyn Fn(&TypeInfo) -> f64| -> Expression {
            info.iter()
                .zip(&x)
                .filter(|(t, _)| f(t) != 0.0)
                .map(|(t, &v)| f(t) * v)
                .sum()
        };
        let hands = sum(&|_| 1.0);
        m.constrain(constraint!(hands == n));
        for i in 0..5 {
            let used = sum(&|t| t.hand.0[i] as f64);
            let d = self.deck[i] as f64;
            if self.hand_in_all {
                m.constrain(constraint!(used == d));
            } else {
                m.constrain(constraint!(used <= d));
            }
        }
        if self.rules.has(6) {
            let b5 = sum(&|t| t.blue5 as i64 as f64);
            m.constrain(constraint!(b5 == k5 as f64));
        }
        let mut objective = sum(&|t| t.base as f64);

        // Rule 12: winner at level k with multiplier m: no other competing hand reaches k.
        if self.rules.has(12) {
            self.types_rule12(
                &mut m,
                &sum,
                &bin,
                &mut objective,
                &mults,
                &val,
                caps[R] as usize,
            );
        }
        // Rule 8: winner at level k: alone at k, and no higher level held by exactly one
        // hand (cascade) / at most one higher level, and it tied (one_step).
        if self.rules.has(8) {
            self.types_rule8(&mut m, &sum, &bin, &mut objective, &mults, caps[Y] as usize);
        }

        let solved = m.solve(Sense::Maximise, objective, opts)?;
        let value = solved.report.objective.unwrap_or(0.0).round() as i64;
        if relax {
            return Ok(Solution {
                hands: Vec::new(),
                scores: Vec::new(),
                value,
                weighted: value as f64,
                report: solved.report,
            });
        }
        let mut hands = Vec::new();
        let mut scores = Vec::new();
        for (t, &v) in info.iter().zip(&x) {
            for _ in 0..solved.int(v) {
                hands.push(t.hand);
                scores.push(Some(t.base));
            }
        }
        // Best hands first (the bonus winners are re-scored by the referee anyway).
        let mut order: Vec<usize> = (0..hands.len()).collect();
        order.sort_by_key(|&i| (std::cmp::Reverse(scores[i]), hands[i]));
        Ok(Solution {
            hands: order.iter().map(|&i| hands[i]).collect(),
            scores: vec![None; order.len()],
            value,
            weighted: value as f64,
            report: solved.report,
        })
    }

    /// Rule 12's rows and bonus terms for the pattern model (levels 1..=`top` reds): a
    /// winner at level k with multiplier m, and no other competing hand reaching k.
    #[allow(clippy::too_many_arguments)]
    fn types_rule12(
        &self,
        m: &mut Model,
        sum: &TypeSum<'_>,
        bin: &dyn Fn(&mut Model, String) -> Variable,
        objective: &mut Expression,
        mults: &[i64],
        val: &[i64; 5],
        top: usize,
    ) {
        let n = self.hands() as f64;
        // held[k] = competing hands with exactly k reds: one row per level keeps each
        // pattern in few rows (the "k or more" sums run over these).
        let held = competing_at_levels(m, sum, R, "reds", top, n);
        let mut all = Expression::default();
        for k in 1..=top {
            let extra = self.variant.rule12.factor - 1;
            let bonus = |mult: i64| (mult * extra * val[R] * k as i64) as f64;
            let level = winner_at_level(m, sum, bin, objective, mults, (R, "red", k), bonus);
            // A winner at any level j ≤ k leaves at most one hand at k or above.
            all += level;
            let reach: Expression = held[k..].iter().map(|&v| Expression::from(v)).sum();
            m.constrain(constraint!(reach + (n - 1.0) * all.clone() <= n));
        }
        m.constrain(constraint!(all <= 1));
    }

    /// Rule 8's rows and bonus terms for the pattern model (levels 1..=`top` yellows):
    /// the winner is alone at its level, with no higher single (cascade) or tie (one_step).
    fn types_rule8(
        &self,
        m: &mut Model,
        sum: &TypeSum<'_>,
        bin: &dyn Fn(&mut Model, String) -> Variable,
        objective: &mut Expression,
        mults: &[i64],
        top: usize,
    ) {
        let n = self.hands() as f64;
        let at: Vec<Expression> = competing_at_levels(m, sum, Y, "yellows", top, n)
            .into_iter()
            .map(Expression::from)
            .collect();
        let mut used = vec![None; top + 1];
        let mut single = vec![None; top + 1];
        for k in 1..=top {
            let u = bin(m, format!("yused{k}"));
            let t2 = bin(m, format!("ytied{k}"));
            let n1 = m.continuous(format!("ysingle{k}"), 0.0, 1.0);
            m.constrain(constraint!(at[k].clone() <= n * u));
            m.constrain(constraint!(2 * t2 <= at[k].clone()));
            m.constrain(constraint!(n1 >= u - t2));
            used[k] = Some(u);
            single[k] = Some(n1);
        }
        let mut all = Expression::default();
        for k in 1..=top {
            let power = (k as i64).pow(self.variant.rule8.power as u32);
            let bonus = |mult: i64| (mult * power) as f64;
            let level = winner_at_level(m, sum, bin, objective, mults, (Y, "yellow", k), bonus);
            m.constrain(constraint!(at[k].clone() + n * level.clone() <= 1.0 + n));
            for n1 in single.iter().skip(k + 1).flatten() {
                m.constrain(constraint!(level.clone() + *n1 <= 1));
            }
            if self.variant.yellow_tie == YellowTie::OneStep {
                one_step(m, &used, k, &level);
            }
            all += level;
        }
        m.constrain(constraint!(all <= 1));
    }
}

/// One variable per level k in 0..=`top`: the competing hands holding exactly k cards of
/// `colour` (named `{name}{k}`), tied to the pattern model's hand counts by `sum`.
fn competing_at_levels(
    m: &mut Model,
    sum: &TypeSum<'_>,
    colour: usize,
    name: &str,
    top: usize,
    n: f64,
) -> Vec<Variable> {
    (0..=top)
        .map(|k| {
            let v = m.continuous(format!("{name}{k}"), 0.0, n);
            let e = sum(&|t| (t.competes && t.hand.0[colour] as usize == k) as i64 as f64);
            m.constrain(constraint!(v == e));
            v
        })
        .collect()
}

/// The winner of a colour's rule at level k (`at` = (colour, name, k)): one binary per
/// hand multiplier (named `{name}{k}x{mult}`), each needing a competing hand of that
/// multiplier with exactly k cards of the colour and adding `bonus(mult)` to the
/// objective. Returns their sum, 1 when the winner sits at level k.
fn winner_at_level(
    m: &mut Model,
    sum: &TypeSum<'_>,
    bin: &dyn Fn(&mut Model, String) -> Variable,
    objective: &mut Expression,
    mults: &[i64],
    at: (usize, &str, usize),
    bonus: impl Fn(i64) -> f64,
) -> Expression {
    let (colour, name, k) = at;
    let mut level = Expression::default();
    for &mult in mults {
        let w = bin(m, format!("{name}{k}x{mult}"));
        let there = sum(&|t| {
            (t.competes && t.mult == mult && t.hand.0[colour] as usize == k) as i64 as f64
        });
        m.constrain(constraint!(there >= w));
        *objective += bonus(mult) * w;
        level += w;
    }
    level
}
