//! Ranking: each round takes exactly one ranking pattern (the ordered ranked artists).
//! The counts must agree with it: a ranked artist has a card and outranks every artist
//! below it (strictly when the lower artist wins ties); when the pattern is short, the
//! artists left out have no card.
//!
//! Written as a disjunction in its convex hull: each pattern gets its own copy of the
//! counts, zero unless the pattern is chosen, ordered as the pattern says; the real counts
//! are the sum of the copies. (Pairwise big-M comparisons were much weaker: the LP could
//! rank an artist with 4 cards above one with 5.)

use good_lp::constraint::{eq, geq, leq};
use good_lp::Expression;

use super::vars::Vars;
use crate::lp::Model;

pub fn ranking(m: &mut Model, v: &Vars) {
    let d = &v.d;
    let cm = d.count_max as f64;
    for r in 0..d.r {
        let one: Expression = v.patterns[r].iter().map(|(_, x)| *x).sum();
        m.constrain(eq(one, 1.0));
        let mut copies_of: Vec<Expression> = vec![Expression::default(); d.a];
        for (pi, (pat, x)) in v.patterns[r].iter().enumerate() {
            let copy: Vec<_> = (0..d.a)
                .map(|a| m.continuous(format!("rank_{r}_{pi}_{a}"), 0.0, cm))
                .collect();
            for a in 0..d.a {
                copies_of[a] += copy[a];
                let ranked = pat.contains(&a);
                if ranked || pat.len() == d.places {
                    m.constrain(leq(Expression::from(copy[a]), cm * *x));
                } else {
                    // Fewer ranked artists than places: the others have no card.
                    m.constrain(eq(Expression::from(copy[a]), 0.0));
                }
            }
            // Ranked artists in order, each with a card.
            for w in pat.windows(2) {
                let tie = if w[0] > w[1] { 1.0 } else { 0.0 };
                m.constrain(geq(copy[w[0]] - copy[w[1]], tie * *x));
            }
            if let Some(&lastr) = pat.last() {
                m.constrain(geq(Expression::from(copy[lastr]), *x));
                if pat.len() == d.places {
                    for u in (0..d.a).filter(|u| !pat.contains(u)) {
                        let tie = if lastr > u { 1.0 } else { 0.0 };
                        m.constrain(geq(copy[lastr] - copy[u], tie * *x));
                    }
                }
            }
        }
        for (a, copies) in copies_of.into_iter().enumerate() {
            m.constrain(eq(v.count(r, a), copies));
        }
    }
}
