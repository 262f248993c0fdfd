//! Ranking: each round takes exactly one ranking pattern (the ordered ranked artists).
//! Counts must agree with it: a ranked artist has a card and outranks every artist below
//! it (strictly when the lower artist wins ties); when the pattern is short, the
//! artists left out have no card.

use good_lp::constraint::{eq, geq, leq};
use good_lp::Expression;

use super::vars::Vars;
use crate::lp::Model;

pub fn ranking(m: &mut Model, v: &Vars) {
    let d = &v.d;
    let big = d.count_max as f64 + 1.0;
    for r in 0..d.r {
        let one: Expression = v.patterns[r].iter().map(|(_, x)| *x).sum();
        m.constrain(eq(one, 1.0));
        let full: Expression = v.patterns[r]
            .iter()
            .filter(|(p, _)| p.len() == d.places)
            .map(|(_, x)| *x)
            .sum();
        let counts: Vec<Expression> = (0..d.a).map(|a| v.count(r, a)).collect();
        for a in 0..d.a {
            let ranked = v.ranked(r, a);
            m.constrain(geq(counts[a].clone(), ranked.clone()));
            m.constrain(leq(
                counts[a].clone(),
                d.count_max as f64 * (ranked + full.clone()),
            ));
            for b in 0..d.a {
                if a == b {
                    continue;
                }
                let above: Expression = v.patterns[r]
                    .iter()
                    .filter(|(p, _)| match (pos(p, a), pos(p, b)) {
                        (Some(i), Some(j)) => i < j,
                        (Some(_), None) => true,
                        _ => false,
                    })
                    .map(|(_, x)| *x)
                    .sum();
                m.constrain(geq(
                    counts[a].clone() - counts[b].clone(),
                    v.loses_tie(a, b) - big * (1.0 - above),
                ));
            }
        }
    }
}

fn pos(p: &[usize], a: usize) -> Option<usize> {
    p.iter().position(|&x| x == a)
}
