//! Rule 11 (a pyramid doubles the score) and rule 9 (seven of a colour eliminates).

// Levels index several parallel vectors; index loops read like the maths.
#![allow(clippy::needless_range_loop)]

use good_lp::{constraint, Expression, Variable};

use crate::haggle::rules::SevenRule;

use super::vars::Built;
use super::{Problem, Split};

impl Problem {
    /// Rule 11 (double a pyramid's whole score) and rule 9 under `eliminate` (score 0).
    pub(super) fn double_and_eliminate(
        &self,
        b: &mut Built,
        h: usize,
        s: Expression,
        seven: Option<Variable>,
        forced: Split,
    ) -> Variable {
        let n = self.hands() as f64;
        let (lo_s, hi_s) = self.score_range();
        let f = self.variant.rule11.factor as f64;
        let mut total = s.clone();
        // A hand with 7 of a colour is no pyramid.
        if self.rules.has(11) && f > 1.0 && self.can_pyramid(h) && forced.seven != Some(true) {
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
                    let t = b.m.continuous(format!("score{h}"), f * lo_s, f * hi_s);
                    b.m.constrain(constraint!(t <= f * s));
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
            // (4·5+3·4+2·3+1·2), 10 from rule 13, 12 from 14, 12 from 12 and 16 from 8
            // under the standard numbers ([`Problem::pyramid_high`]); at least minus the
            // penalties of all other hands. d is the score once more (×(factor − 1)).
            let hi = self.pyramid_high();
            let lo = -(self.variant.rule6.penalty as f64) * (n - 1.0);
            let d = b.m.continuous(format!("double{h}"), lo.min(0.0), hi);
            // With p = 0, d = 0 must stay feasible: s ≥ lo_s, so −lo_s is enough.
            b.m.constrain(constraint!(d <= s.clone() - lo_s * (1 - p)));
            b.m.constrain(constraint!(d <= hi * p));
            b.m.constrain(constraint!(d >= lo * p));
            total += (f - 1.0) * d;
        }
        self.eliminate(b, h, total, seven)
    }

    /// Rule 9 under `eliminate`: a hand with 7+ of a colour scores 0.
    pub(super) fn eliminate(
        &self,
        b: &mut Built,
        h: usize,
        total: Expression,
        seven: Option<Variable>,
    ) -> Variable {
        let (lo_s, hi_s) = self.score_range();
        // A doubled pyramid reaches at most 2·90 = 180 (standard numbers).
        let f = self.variant.rule11.factor as f64;
        let (lo, hi) = (f * lo_s.min(0.0), hi_s.max(f * self.pyramid_high()));
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
