//! Turn order. Round 1 is opened by a chosen seat; later rounds by the seat left of the
//! previous round's last player (the closer). Turns go round the table; a seat with an
//! empty hand is skipped. So if the round's turns run from opener s to last player c,
//! every seat takes `cycles + 1` turns when it lies on the way from s to c and `cycles`
//! otherwise — fewer only if its hand ran empty, and then it stays empty to the end.

use good_lp::constraint::{eq, geq, leq};
use good_lp::Expression;

use super::vars::Vars;
use crate::lp::Model;

/// `opener`: the seat that opens round 1, when fixed.
pub fn rotation(m: &mut Model, v: &Vars, opener: Option<usize>) {
    let d = &v.d;
    let big = d.turn_max as f64 + 1.0;
    for r in 0..d.r {
        let all: Expression = v.lam[r].iter().flatten().copied().sum();
        m.constrain(eq(all, 1.0));
        if r == 0 {
            if let Some(s) = opener {
                m.constrain(eq(v.opener(0, s), 1.0));
            }
        } else {
            for p in 0..d.n {
                let prev = (p + d.n - 1) % d.n;
                m.constrain(eq(v.opener(r, p), v.last(r - 1, prev)));
            }
        }
        for p in 0..d.n {
            let t = v.turns(r, p);
            let due = v.cycles[r] + v.extra_turn(r, p);
            m.constrain(leq(t.clone(), due.clone()));
            m.constrain(geq(t.clone(), due - big * v.empty[r][p]));
            // The last player takes all its turns (unless nobody could play at all).
            m.constrain(geq(
                t.clone(),
                v.cycles[r] + 1.0 - big * (1.0 - v.last(r, p)) - big * v.idle[r],
            ));
            m.constrain(leq(t, big * (1.0 - v.idle[r])));
            // A round without a turn leaves the opener in place (the referee's reading).
            let before = (p + d.n - 1) % d.n;
            m.constrain(geq(v.last(r, before), v.opener(r, p) + v.idle[r] - 1.0));
        }
        m.constrain(geq(Expression::from(v.noclose[r]), v.idle[r]));
    }
}
