//! The variables of the readings that resolve more symbols, and the expressions the rule
//! areas take from them.
//!
//! - `resolve_closing_symbol`: `close_res[r][p][a]` (seat p's closing turn card of a
//!   resolves its `draw` or `award`) and `close_marked[a]` (closing cards that carry one).
//! - `chain_symbols`: `chain[r][p][a]` (seat p's second and simultaneous cards of a that
//!   resolve their `draw` or `award` during the round).
//! - Both together: `close_second[r][p][a]` (seat p closes with a second card of a, not
//!   with its turn card) and `close_chain[r][p][a]` (the closing second card, or a card of
//!   the closing `simultaneous` event, resolves its `draw` or `award` after the close, as
//!   the referee queues them: the closing turn card first, or the shown cards clockwise
//!   from the active player).
//!
//! The rows are in [`super::round_end::closing`] (which card closes) and
//! [`super::dealing::supply`] (which cards carry the symbols); the draws and tokens feed
//! [`super::dealing::hands`] and [`super::values::awards`] through the expressions below.

use good_lp::{Expression, Variable};

use super::vars::{bin, int, rpa, Dims, Grid, Vars, DRAW};
use crate::lp::Model;
use crate::modern_art::rules::{Config, Symbol};

/// `[round][seat][artist]` pairs: `[0]` resolves `draw`, `[1]` resolves `award`.
pub type Pairs = Vec<Vec<Vec<[Variable; 2]>>>;

/// The readings' variables, made in a fixed order (HiGHS's column order) and moved into
/// [`Vars`].
pub(super) struct ReadingVars {
    pub close_marked: Vec<Variable>,
    pub close_res: Option<Pairs>,
    pub chain: Option<Pairs>,
    pub close_second: Option<Grid>,
    pub close_chain: Option<Pairs>,
}

impl ReadingVars {
    pub fn new(m: &mut Model, c: &Config, d: &Dims) -> ReadingVars {
        let v = &c.variant;
        let close_res = v.resolve_closing_symbol.then(|| {
            rpa(d, |r, p, a| {
                [
                    bin(m, format!("czdraw_{r}_{p}_{a}")),
                    bin(m, format!("czaward_{r}_{p}_{a}")),
                ]
            })
        });
        let chain = v.chain_symbols.then(|| {
            rpa(d, |r, p, a| {
                [Symbol::Draw, Symbol::Award].map(|s| {
                    let hi = c.supply(a, s) as f64;
                    int(m, format!("chain_{}_{r}_{p}_{a}", s.name()), 0.0, hi)
                })
            })
        });
        let both = v.chain_symbols && v.resolve_closing_symbol;
        let close_second = both.then(|| rpa(d, |r, p, a| bin(m, format!("czsecond_{r}_{p}_{a}"))));
        let close_chain = both.then(|| {
            rpa(d, |r, p, a| {
                [
                    bin(m, format!("czchain_draw_{r}_{p}_{a}")),
                    bin(m, format!("czchain_award_{r}_{p}_{a}")),
                ]
            })
        });
        let close_marked = (0..d.a)
            .map(|a| int(m, format!("close_marked_{a}"), 0.0, d.r as f64))
            .collect();
        ReadingVars {
            close_marked,
            close_res,
            chain,
            close_second,
            close_chain,
        }
    }
}

/// Σ over seats of `g[r][p][a][k]` (nothing when the grid does not exist).
fn over_seats(g: &Option<Pairs>, r: usize, a: usize, k: usize) -> Expression {
    match g {
        Some(g) => g[r].iter().map(|seat| seat[a][k]).sum(),
        None => Expression::default(),
    }
}

/// Σ over artists of `g[r][p][a][k]` (nothing when the grid does not exist).
fn over_artists(g: &Option<Pairs>, r: usize, p: usize, k: usize) -> Expression {
    match g {
        Some(g) => g[r][p].iter().map(|x| x[k]).sum(),
        None => Expression::default(),
    }
}

impl Vars {
    /// Seat p's draws after the close of round r (`resolve_closing_symbol`; with
    /// `chain_symbols` too, its closing second or simultaneous card's): in hand from
    /// round r + 1 on.
    pub fn late_drawn(&self, r: usize, p: usize) -> Expression {
        over_artists(&self.close_res, r, p, 0) + over_artists(&self.close_chain, r, p, 0)
    }

    /// Award tokens placed after round r's close (`resolve_closing_symbol`) by its closing
    /// turn card of artist a (and with `chain_symbols`, by its closing second card or the
    /// closing event's cards of a).
    pub fn closing_awards(&self, r: usize, a: usize) -> Expression {
        over_seats(&self.close_res, r, a, 1) + over_seats(&self.close_chain, r, a, 1)
    }

    /// Award tokens placed in round r by chained cards of artist a (`chain_symbols`).
    pub fn chained_awards(&self, r: usize, a: usize) -> Expression {
        over_seats(&self.chain, r, a, 1)
    }

    /// Seat p's draws during round r: its turn cards' and (`chain_symbols`) its chained
    /// cards'.
    pub fn drawn(&self, r: usize, p: usize) -> Expression {
        let e: Expression = (0..self.d.a).map(|a| self.res[r][p][a][DRAW]).sum();
        e + over_artists(&self.chain, r, p, 0)
    }

    /// Cards of artist a in closing turns, over the game, that resolve `draw` and `award`
    /// as second or simultaneous cards (both readings; nothing otherwise).
    pub fn close_chained(&self, a: usize) -> Expression {
        let mut e = Expression::default();
        for r in 0..self.d.r {
            e += over_seats(&self.close_chain, r, a, 0) + over_seats(&self.close_chain, r, a, 1);
        }
        e
    }
}
