//! Dealing and the deck: hands carried from round to round, draws, and the deck's
//! composition per artist *and* per symbol over the whole game.

use anyhow::{bail, Result};
use good_lp::constraint::{eq, geq, leq};
use good_lp::{Expression, Variable};

use super::vars::{Vars, AWARD, DOUBLE, DRAW, HIDDEN, RESOLVED, SIMUL};
use crate::lp::Model;
use crate::modern_art::rules::{Config, Symbol};

/// The model assumes every deal is complete and every draw brings a card. That holds
/// whenever the deck covers all deals, extra cards and draw cards; otherwise refuse.
pub fn deck_never_runs_out(c: &Config) -> Result<()> {
    let deck: usize = (0..c.artists()).map(|a| c.cards_of(a)).sum();
    let dealt: usize = (0..c.variant.rounds).map(|r| c.deal(r)).sum::<usize>() * c.players;
    let extras = (0..c.variant.rounds).filter(|&r| c.has_extra(r)).count();
    let draws: usize = (0..c.artists()).map(|a| c.supply(a, Symbol::Draw)).sum();
    if dealt + extras + draws > deck {
        bail!(
            "the ILP model assumes the deck never runs out, but {} players are dealt {dealt} \
             cards, {extras} extra cards are turned up and up to {draws} cards drawn from a \
             {deck}-card deck; use a larger deck or smaller deals (or the exhaustive search)",
            c.players
        );
    }
    Ok(())
}

/// Hands: what a seat holds after a round is what it held, plus the deal, plus its draws,
/// minus every card it displayed (turn cards, second cards, simultaneous cards, end play).
/// A seat with no card at the start of a round cannot play in it (a draw needs a card
/// played first). `empty` says the hand was empty after the last turn.
pub fn hands(m: &mut Model, c: &Config, v: &Vars) {
    let d = &v.d;
    for p in 0..d.n {
        for r in 0..d.r {
            let mut start = Expression::from(c.deal(r) as f64);
            if r > 0 {
                start += v.hand_end[r - 1][p];
            }
            let played = v.played(r, p);
            m.constrain(eq(
                Expression::from(v.hand_end[r][p]),
                start.clone() + v.drawn(r, p) + v.late_drawn(r, p) - played.clone(),
            ));
            // A card drawn after the close is not in hand during the round.
            if v.close_res.is_some() {
                m.constrain(geq(Expression::from(v.hand_end[r][p]), v.late_drawn(r, p)));
            }
            if c.deal(r) == 0 {
                m.constrain(leq(played, d.hand_max as f64 * start));
            }
            // The most a hand can hold after round r: every card dealt so far plus every
            // draw card of the deck.
            let most = (0..=r).map(|x| c.deal(x)).sum::<usize>()
                + (0..d.a).map(|a| c.supply(a, Symbol::Draw)).sum::<usize>();
            let before_end_play = v.hand_end[r][p] + v.end_played(r, p) - v.late_drawn(r, p);
            m.constrain(leq(before_end_play, most as f64 * (1.0 - v.empty[r][p])));
        }
    }
}

/// The deck: over the whole game, resolved symbol cards of an artist are at most the
/// deck's cards with that symbol; turn cards that resolve nothing are plain cards or
/// declined `double`/`hidden`/`simultaneous` cards (a closing card may carry any symbol,
/// unless a reading resolves it: [`chained`], [`closing`]); and all cards of an artist
/// that come out (played or extra) fit the artist's count.
pub fn supply(m: &mut Model, c: &Config, v: &Vars) {
    let d = &v.d;
    for a in 0..d.a {
        let total = |f: &dyn Fn(usize, usize) -> Expression| over_game(v, f);
        for (s, sym) in RESOLVED.iter().enumerate() {
            let used = total(&|r, p| v.res[r][p][a][s].into());
            m.constrain(leq(used, c.supply(a, *sym) as f64));
        }
        let closers = total(&|r, p| v.cz[r][p][a].into());
        m.constrain(leq(Expression::from(v.close_marked[a]), closers));
        let marked_supply = (c.supply(a, Symbol::Draw) + c.supply(a, Symbol::Award)) as f64;
        let plainlike: Expression = total(&|r, p| {
            v.plain[r][p][a]
                + v.res[r][p][a][DOUBLE]
                + v.res[r][p][a][HIDDEN]
                + v.res[r][p][a][SIMUL]
        });
        m.constrain(leq(
            plainlike.clone(),
            v.cards(c, a) - marked_supply + v.close_marked[a],
        ));
        let marked = total(&|r, p| v.res[r][p][a][DRAW] + v.res[r][p][a][AWARD]);
        m.constrain(leq(marked.clone() + v.close_marked[a], marked_supply));
        if let Some(g) = &v.chain {
            chained(m, c, v, a, g, &plainlike, &marked);
        }
        if let Some(g) = &v.close_res {
            closing(m, c, v, a, g);
        }
        let mut out = total(&|r, p| v.own(r, p, a));
        for r in 0..d.r {
            if let Some(x) = &v.extra[r] {
                out += x[a];
            }
        }
        m.constrain(leq(out, v.cards(c, a)));
    }
    for r in 0..d.r {
        if let Some(x) = &v.extra[r] {
            let one: Expression = x.iter().copied().sum();
            m.constrain(eq(one, 1.0));
        }
    }
}

/// Σ over rounds and seats of `f(r, p)`.
fn over_game(v: &Vars, f: &dyn Fn(usize, usize) -> Expression) -> Expression {
    let mut e = Expression::default();
    for r in 0..v.d.r {
        for p in 0..v.d.n {
            e += f(r, p);
        }
    }
    e
}

/// `chain_symbols`, for artist a: chained cards are second and simultaneous cards that
/// carry `draw` or `award` and resolve it (each within the deck's supply of that symbol,
/// together with the turn cards'); they are second or simultaneous cards of a that do not
/// close the round. A second or simultaneous card that does not resolve carries neither
/// symbol unless it closes the round (its symbols are then not resolved), so those cards
/// and the plain-like turn cards (`plainlike`) fit in the unmarked cards; `marked`: the
/// turn cards that resolve `draw` or `award`.
///
/// With `resolve_closing_symbol` too, the closing second card and the closing event's
/// cards resolve theirs (`close_chain`, counted with the marked cards), so every second
/// and simultaneous card that resolves nothing carries neither symbol, closing or not.
fn chained(
    m: &mut Model,
    c: &Config,
    v: &Vars,
    a: usize,
    g: &[Vec<Vec<[Variable; 2]>>],
    plainlike: &Expression,
    marked: &Expression,
) {
    let marked_supply = (c.supply(a, Symbol::Draw) + c.supply(a, Symbol::Award)) as f64;
    let chained = over_game(v, &|r, p| g[r][p][a][0] + g[r][p][a][1]);
    let close_chained = v.close_chained(a);
    m.constrain(leq(
        marked.clone() + v.close_marked[a] + chained.clone() + close_chained.clone(),
        marked_supply,
    ));
    match (&v.close_res, &v.close_chain) {
        (Some(turn), Some(second)) => symbol_supply(m, c, v, a, &[g, turn, second]),
        _ => symbol_supply(m, c, v, a, &[g]),
    }
    for (r, seats) in g.iter().enumerate() {
        for (p, by_artist) in seats.iter().enumerate() {
            let [draws, awards] = by_artist[a];
            let mut open = v.dbl[r][p][a] + v.hid[r][p][a] + v.sim[r][p][a] - v.scl[r][p][a];
            if let Some(second) = &v.close_second {
                open -= second[r][p][a];
            }
            m.constrain(leq(draws + awards, open));
        }
    }
    let seconds = match &v.close_chain {
        Some(_) => over_game(v, &|r, p| v.dbl[r][p][a] + v.hid[r][p][a] + v.sim[r][p][a]),
        None => over_game(v, &|r, p| {
            v.dbl[r][p][a] + v.hid[r][p][a] + v.sim[r][p][a] - v.scl[r][p][a] - v.cz[r][p][a]
        }),
    };
    m.constrain(leq(
        plainlike.clone() + seconds - chained - close_chained,
        v.cards(c, a) - marked_supply + v.close_marked[a],
    ));
}

/// `resolve_closing_symbol`, for artist a: a closing turn card that carries `draw` or
/// `award` resolves it: the marked closing turn cards are exactly the resolving ones,
/// each symbol within the deck's supply, and the card is a turn card that closes (not a
/// `double`'s second card). With `chain_symbols` too, a closing second card or a card of
/// the closing `simultaneous` event may resolve its symbol instead (`close_chain`).
fn closing(m: &mut Model, c: &Config, v: &Vars, a: usize, g: &[Vec<Vec<[Variable; 2]>>]) {
    let resolving = over_game(v, &|r, p| g[r][p][a][0] + g[r][p][a][1]);
    m.constrain(eq(Expression::from(v.close_marked[a]), resolving));
    if v.close_chain.is_none() {
        symbol_supply(m, c, v, a, &[g]);
    }
    for (r, seats) in g.iter().enumerate() {
        for (p, by_artist) in seats.iter().enumerate() {
            let [draws, awards] = by_artist[a];
            let mut turn_card = Expression::from(v.cz[r][p][a]);
            if let Some(second) = &v.close_second {
                turn_card -= second[r][p][a];
            }
            m.constrain(leq(draws + awards, turn_card));
            m.constrain(leq(draws + awards, v.plain[r][p][a]));
            if let (Some(second), Some(cc)) = (&v.close_second, &v.close_chain) {
                let [draws, awards] = cc[r][p][a];
                m.constrain(leq(draws + awards, second[r][p][a] + v.scl[r][p][a]));
            }
        }
    }
}

/// `draw` and `award` cards of artist a that resolve — turn cards and the extra ones in
/// `grids` (chained or closing cards, `[r][p][a][0]` draws, `[1]` awards) — are at most
/// the deck's cards of a with that symbol.
fn symbol_supply(
    m: &mut Model,
    c: &Config,
    v: &Vars,
    a: usize,
    grids: &[&[Vec<Vec<[Variable; 2]>>]],
) {
    for (k, sym) in [(0, DRAW), (1, AWARD)] {
        let mut used = Expression::default();
        for r in 0..v.d.r {
            for p in 0..v.d.n {
                used += v.res[r][p][a][sym];
                for g in grids {
                    used += g[r][p][a][k];
                }
            }
        }
        m.constrain(leq(used, c.supply(a, RESOLVED[sym]) as f64));
    }
}
