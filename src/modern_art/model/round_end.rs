//! Round end: the round closes the moment one artist's face-up count (the extra card
//! included; hidden cards too with `hidden_counts_for_close`) reaches K. The closing card
//! is the last one displayed (with `hidden_counts_for_close` it may be a hidden card),
//! unless a `simultaneous` event closes, where every player may add one card at once and
//! several artists may pass K. Otherwise every hand ran empty and no artist reached K.
//! With `chain_symbols` and `resolve_closing_symbol` the model also says whether the
//! closing card is the turn card or a second card (`close_second`), because the two
//! resolve their symbols differently, and that a seat showing a card in the closing
//! `simultaneous` event was never skipped. Also here: what `double`, `hidden`,
//! `simultaneous` and end play let a seat display.

use good_lp::constraint::{eq, geq, leq};
use good_lp::Expression;

use super::vars::{Vars, DOUBLE, HIDDEN, SIMUL};
use crate::lp::Model;
use crate::modern_art::rules::Config;

pub fn closing(m: &mut Model, c: &Config, v: &Vars) {
    let d = &v.d;
    let k = d.k as f64;
    let hidden_counts = c.variant.hidden_counts_for_close;
    for r in 0..d.r {
        m.constrain(eq(v.closed(r) + v.noclose[r], 1.0));
        let simul_close: Expression = v.cs[r].iter().copied().sum();
        for p in 0..d.n {
            m.constrain(geq(Expression::from(v.empty[r][p]), v.noclose[r]));
            let closes: Expression = v.cz[r][p].iter().copied().sum::<Expression>() + v.cs[r][p];
            m.constrain(leq(closes, v.last(r, p)));
            for a in 0..d.a {
                // The closing card: a turn card or a double's second card (or, when
                // hidden cards count, a hidden second card).
                let mut can_close = v.plain[r][p][a] + v.dbl[r][p][a];
                if hidden_counts {
                    can_close += v.hid[r][p][a];
                }
                m.constrain(leq(Expression::from(v.cz[r][p][a]), can_close));
                m.constrain(leq(Expression::from(v.scl[r][p][a]), v.sim[r][p][a]));
                if let Some(g) = &v.close_second {
                    closing_second(m, v, r, p, a, g[r][p][a], hidden_counts);
                }
            }
            let own_simul: Expression = (0..d.a).map(|a| v.res[r][p][a][SIMUL]).sum();
            m.constrain(leq(Expression::from(v.cs[r][p]), own_simul));
            let in_close: Expression = v.scl[r][p].iter().copied().sum();
            m.constrain(leq(in_close.clone(), simul_close.clone()));
            if v.close_chain.is_some() {
                // **Shown at the close, never skipped** (both readings, where the closing
                // event's cards resolve their symbols and so are worth showing): a seat
                // with a card in the closing event held cards all round (a hand that runs
                // empty stays empty), so it took every turn due. A valid row for every
                // reading, added only where it was needed.
                m.constrain(leq(v.empty[r][p] + in_close, 1.0));
            }
        }
        let mut reached_any = Expression::default();
        for a in 0..d.a {
            let f = v.close_count(r, a, hidden_counts);
            let closers: Expression = (0..d.n).map(|p| v.cz[r][p][a]).sum();
            let last_event: Expression = (0..d.n).map(|p| v.scl[r][p][a]).sum();
            m.constrain(leq(f.clone() - last_event, k - 1.0 + closers.clone()));
            m.constrain(geq(f.clone(), k * closers));
            m.constrain(geq(f, k * v.reached[r][a]));
            m.constrain(leq(Expression::from(v.reached[r][a]), simul_close.clone()));
            reached_any += v.reached[r][a];
        }
        m.constrain(geq(reached_any, simul_close));
    }
}

/// **Which card closes** (both readings): seat p's closing card of a is its turn card,
/// counted in `plain` (a closing turn card resolves nothing but `close_res`), or, when
/// `second` is set, a `double`'s second card (or a `hidden`'s, where hidden cards count).
fn closing_second(
    m: &mut Model,
    v: &Vars,
    r: usize,
    p: usize,
    a: usize,
    second: good_lp::Variable,
    hidden_counts: bool,
) {
    let cz = v.cz[r][p][a];
    m.constrain(leq(Expression::from(second), cz));
    m.constrain(leq(cz - second, v.plain[r][p][a]));
    let mut seconds = Expression::from(v.dbl[r][p][a]);
    if hidden_counts {
        seconds += v.hid[r][p][a];
    }
    m.constrain(leq(Expression::from(second), seconds));
}

/// Second cards and shared displays: a `double` adds a face-up card of its own artist, a
/// `hidden` a face-down card (of its own artist if `hidden_same_artist`), each
/// `simultaneous` event lets every seat add one card; blessed end play adds one card of
/// each artist the seat already displays.
pub fn displays(m: &mut Model, c: &Config, v: &Vars) {
    let d = &v.d;
    for r in 0..d.r {
        let events: Expression = (0..d.n)
            .flat_map(|p| (0..d.a).map(move |a| (p, a)))
            .map(|(p, a)| v.res[r][p][a][SIMUL])
            .sum();
        for p in 0..d.n {
            let mut hidden_cards = Expression::default();
            let mut hidden_turns = Expression::default();
            for a in 0..d.a {
                m.constrain(leq(
                    Expression::from(v.dbl[r][p][a]),
                    v.res[r][p][a][DOUBLE],
                ));
                if c.variant.hidden_same_artist {
                    m.constrain(leq(
                        Expression::from(v.hid[r][p][a]),
                        v.res[r][p][a][HIDDEN],
                    ));
                }
                hidden_cards += v.hid[r][p][a];
                hidden_turns += v.res[r][p][a][HIDDEN];
                if let Some(ep) = &v.ep {
                    m.constrain(leq(
                        Expression::from(ep[r][p][a]),
                        v.faceup_own(r, p, a) + v.hid[r][p][a],
                    ));
                }
            }
            m.constrain(leq(hidden_cards, hidden_turns));
            let shown: Expression = v.sim[r][p].iter().copied().sum();
            m.constrain(leq(shown.clone(), events.clone()));
            // Cards outside the closing event need an event that does not close.
            let in_close: Expression = v.scl[r][p].iter().copied().sum();
            let closing_events: Expression = v.cs[r].iter().copied().sum();
            m.constrain(leq(shown - in_close, events.clone() - closing_events));
        }
    }
}
