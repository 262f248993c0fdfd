//! The rules that read one hand alone: the deck and hand sizes, symmetry between free
//! hands, rule 9's sevens, the own-colour score and the exact card chain of a goal.

// Levels index several parallel vectors; index loops read like the maths.
#![allow(clippy::needless_range_loop)]

use good_lp::{constraint, Expression, Variable};

use crate::haggle::rules::{SevenRule, B, O, R, W, Y};

use super::vars::{Built, HandVars};
use super::{Objective, Problem};

impl Problem {
    /// Deck limits per colour, cards per hand, fixed hands, hand 0's caps.
    pub(super) fn deck_and_sizes(&self, b: &mut Built) {
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
    pub(super) fn symmetry(&self, b: &mut Built) {
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

    pub(super) fn sevens(&self, b: &mut Built, h: usize) -> Option<Variable> {
        let count = self.variant.rule9.count as usize;
        if !self.rules.has(9) || (0..5).all(|i| b.hv[h].cap(i) < count) {
            return None;
        }
        let e = b.binary(format!("seven{h}"));
        let mut any = Expression::default();
        for i in 0..5 {
            let a = b.hv[h].at_least(i, count);
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
    pub(super) fn self_score(&self, b: &mut Built, h: usize, pyramid: bool) -> Expression {
        let (r, p) = (self.rules, &self.variant);
        let v = b.val;
        let hv = &b.hv[h];
        let whites = p.rule4.whites as usize;
        let mut s = Expression::default();
        for i in [Y, B, R] {
            s += v[i] as f64 * hv.count(i);
        }
        // Rule 4: whites beyond three are worth nothing.
        let white = if r.has(4) {
            hv.f(W, |k| if k <= whites { k as f64 } else { 0.0 })
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
            let per = p.rule14.blues as usize;
            let pairs = self.joint(b, h, B, O, pyramid);
            groups.push(pairs.clone());
            let mut oranges = Expression::default();
            let mut quads = Expression::default();
            for &(bl, o, y) in &pairs {
                oranges += o_s(bl, o) as f64 * y;
                if r.has(14) {
                    quads += ((bl / per).min(o_s(bl, o))) as f64 * y;
                }
            }
            let extra = (p.rule14.factor - 1) as f64;
            s += v[O] as f64 * oranges + extra * v[O] as f64 * quads;
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
                s += p.rule10.bonus as f64 * g;
                set_levels.push((lvl, g));
            }
        }
        // Rule 13 on the joint (yellow, white) counts: min(⌊Y/2⌋, W) live whites doubled.
        if r.has(13) {
            let pairs = self.joint(b, h, Y, W, pyramid);
            groups.push(pairs.clone());
            let mut doubled = Expression::default();
            let per = p.rule13.yellows as usize;
            for &(yl, w, y) in &pairs {
                let dead = r.has(4) && w > whites;
                if !dead {
                    doubled += ((yl / per).min(w)) as f64 * y;
                }
            }
            s += (p.rule13.factor - 1) as f64 * v[W] as f64 * doubled;
        }
        if r.has(9) && p.seven_rule == SevenRule::Minus10PerColour {
            let count = p.rule9.count as usize;
            for i in 0..5 {
                s -= p.rule9.penalty as f64 * b.hv[h].at_least(i, count);
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

    /// The card limit of one hand as a chain over its groups (the colour pairs of rules
    /// 5/14 and 13, and each other colour), exact in the LP: the cards of the groups
    /// taken so far are a distribution `state[s]`, joined to the next group's count by
    /// flows x(s, k) (s + k within the limit), and the last group by the threshold rows
    /// P(state ≥ t) + P(last ≥ max_cards + 1 − t) ≤ 1, which admit a joint within the
    /// limit exactly when one exists. Every term of a hand's own score is a function of
    /// one group, so without rules 10 and 11 the LP optimum is a hand: many tied hands
    /// (all colours worth 1) no longer need the cut loop to prove the tie-break.
    pub(super) fn card_chain(
        &self,
        b: &mut Built,
        h: usize,
        pairs: &[Vec<(usize, usize, Variable)>],
    ) {
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
    pub(super) fn pair_budget(
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
    pub(super) fn joint(
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
}
