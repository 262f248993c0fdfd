//! Which games a solve covers. Not rules and not cuts: restrictions that cut the game
//! space into parts (a split proof takes the largest of the parts' maxima) or into a
//! promising corner (a *dive*, whose optimum is only a good first game, never a bound).

use good_lp::constraint::eq;
use good_lp::Expression;

use super::vars::Vars;
use crate::lp::Model;

/// The games one solve covers: every game by default.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Scope {
    /// Only games in which this artist takes first place in round 1 (one part of a split).
    pub first: Option<usize>,
    /// A dive: only games of one promising shape (see [`Dive`]). A dive's optimum is a
    /// certified game and a MIP start for the whole model, never an upper bound.
    pub dive: Option<Dive>,
}

/// The shapes dives try: one artist collecting all the value, as in every best game
/// found so far.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dive {
    /// The artist takes first place in every round and carries every award token.
    Star(usize),
    /// The artist carries every award token and takes first place in the last round (for
    /// 4–5 players, where few artists have the cards to lead every round).
    Patron(usize),
}

impl Dive {
    pub fn artist(&self) -> usize {
        match self {
            Dive::Star(a) | Dive::Patron(a) => *a,
        }
    }

    /// The shape in words, for artist names `names`.
    pub fn describe(&self, names: &[String]) -> String {
        match self {
            Dive::Star(a) => format!(
                "games in which {} takes first place in every round and carries every award",
                names[*a]
            ),
            Dive::Patron(a) => format!(
                "games in which {} carries every award and takes first place in the last round",
                names[*a]
            ),
        }
    }
}

impl Scope {
    /// Every game.
    pub fn all() -> Scope {
        Scope::default()
    }

    /// Games with artist `a` first in round 1.
    pub fn first(a: usize) -> Scope {
        Scope {
            first: Some(a),
            dive: None,
        }
    }

    /// A dive within this scope.
    pub fn with_dive(self, dive: Dive) -> Scope {
        Scope {
            dive: Some(dive),
            ..self
        }
    }

    /// Every artist the scope names.
    pub fn artists_named(&self) -> impl Iterator<Item = usize> {
        self.first.into_iter().chain(self.dive.map(|d| d.artist()))
    }

    /// Add the restricting constraints.
    pub fn restrict(&self, m: &mut Model, v: &Vars) {
        if let Some(a) = self.first {
            first_in_round_one(m, v, a);
        }
        match self.dive {
            Some(Dive::Star(a)) => {
                every_award(m, v, a);
                for r in 0..v.d.r {
                    m.constrain(eq(v.place(r, a, 0), 1.0));
                }
            }
            Some(Dive::Patron(a)) => {
                every_award(m, v, a);
                m.constrain(eq(v.place(v.d.r - 1, a, 0), 1.0));
            }
            None => {}
        }
    }
}

/// One part of a split solve: only games in which artist `a` is first in round one.
/// Every game has exactly one such artist (round 1 always shows a card, so its ranking
/// is never empty), so the largest of the A restricted optima is the optimum. Used by
/// `modern-art solve --split` ([`crate::modern_art::solve::split`]). Measured (2 players,
/// anchor, all cuts, 1 thread): a = 3 and a = 4 proven 418 in 43 s and 42 s; a = 0 has LP
/// bound 415.9, a = 1 and a = 2 bounds 402 and 414 after 60 s; so 418 is the anchor
/// maximum.
fn first_in_round_one(m: &mut Model, v: &Vars, a: usize) {
    m.constrain(eq(v.place(0, a, 0), 1.0));
}

/// No award token goes to an artist other than `a`.
fn every_award(m: &mut Model, v: &Vars, a: usize) {
    for r in 0..v.d.r {
        let elsewhere: Expression = (0..v.d.a).filter(|&b| b != a).map(|b| v.placed[r][b]).sum();
        m.constrain(eq(elsewhere, 0.0));
    }
}
