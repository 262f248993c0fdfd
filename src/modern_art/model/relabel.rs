//! Interchangeable artists: a proof over the games *up to a renaming of the artists*.
//!
//! Artists whose cards carry the same symbols differ only in two numbers: how many cards
//! the deck has of them and where they stand in the tie-break order. A game stays a game
//! when two such artists swap names *and* swap those two numbers. So for a set S of such
//! artists the model may let every artist of S take the card count and the tie-break place
//! of any artist of S, as long as each is taken once (an assignment, `z[i][j]`: artist
//! `S[i]` plays with the count and tie-break place of `S[j]`). That model holds every game
//! (with the identity assignment) and nothing more than the games renamed, so its optimum
//! is the game's optimum. What it buys: the names in S no longer matter, so a proof may
//! look at one game of each renaming class only ([`Relabel::orbitope`]).
//!
//! Why it is worth it: the LP relaxation spreads a role over the artists that could play
//! it, e.g. "the artist that leads round 1 while Krypto is second" taken 0.2 by each of
//! four artists, each with a fifth of the cards that role needs. In a 2-player part
//! ("Krypto: 5 tokens, first in rounds 2 and 4") that mixture lifts the LP from 453.5 (the
//! role given to one artist) to 472, and HiGHS needed 12.5 s to close the part; with the
//! renaming classes ordered it closes at its first node in 1.3 s.

use std::collections::HashMap;

use good_lp::constraint::{eq, geq, leq};
use good_lp::{Expression, Variable};

use super::vars::{bin, Vars};
use crate::lp::Model;
use crate::modern_art::rules::{Config, Symbol};

/// The largest set of artists whose cards carry the same symbols (the same count of every
/// symbol), in index order; empty when no two artists agree. Ties between classes of one
/// size go to the class holding the artist with the most cards.
pub fn class(c: &Config) -> Vec<usize> {
    let symbols = |a: usize| symbol_counts(c, a);
    let mut best: Vec<usize> = Vec::new();
    for a in 0..c.artists() {
        let same: Vec<usize> = (0..c.artists())
            .filter(|&b| symbols(b) == symbols(a))
            .collect();
        let most = |s: &[usize]| s.iter().map(|&x| c.cards_of(x)).max().unwrap_or(0);
        if same.len() > best.len() || (same.len() == best.len() && most(&same) > most(&best)) {
            best = same;
        }
    }
    if best.len() < 2 {
        best.clear();
    }
    best
}

/// Artist a's cards with each symbol, in [`Symbol::ALL`] order: what must agree for two
/// artists to be interchangeable.
fn symbol_counts(c: &Config, a: usize) -> Vec<usize> {
    Symbol::ALL.iter().map(|&s| c.supply(a, s)).collect()
}

/// The set `artists` as a bit mask (bit a for artist a), as [`super::Scope`] keeps it.
pub fn mask(artists: &[usize]) -> u32 {
    artists.iter().fold(0, |m, &a| m | 1 << a)
}

/// The artists of a bit mask, in index order.
pub fn members(mask: u32) -> Vec<usize> {
    (0..32).filter(|a| mask >> a & 1 == 1).collect()
}

/// The renaming of one set of interchangeable artists inside a model.
pub struct Relabel {
    /// The interchangeable artists, in index order.
    pub artists: Vec<usize>,
    /// `z[i][j]`: artist `artists[i]` has the card count and tie-break place of
    /// `artists[j]`.
    z: Vec<Vec<Variable>>,
    /// `loses[(a, b)]`: a and b both in the set, a loses ties to b.
    loses: HashMap<(usize, usize), Variable>,
}

impl Relabel {
    /// The assignment's variables and rows for the artists of `mask`. Errors when their
    /// symbols differ (they would not be interchangeable).
    pub fn new(m: &mut Model, c: &Config, mask: u32) -> anyhow::Result<Relabel> {
        let artists = members(mask);
        if let Some(&a) = artists.iter().find(|&&a| a >= c.artists()) {
            anyhow::bail!("artist {a}: the variant has {} artists", c.artists());
        }
        if let Some(&a) = artists.first() {
            let first = symbol_counts(c, a);
            if let Some(&b) = artists.iter().find(|&&b| symbol_counts(c, b) != first) {
                anyhow::bail!(
                    "{} and {} carry different symbols: they are not interchangeable",
                    c.deck.artists[a],
                    c.deck.artists[b]
                );
            }
        }
        let k = artists.len();
        let z: Vec<Vec<Variable>> = artists
            .iter()
            .map(|&a| {
                artists
                    .iter()
                    .map(|&b| bin(m, format!("relabel_{a}_as_{b}")))
                    .collect()
            })
            .collect();
        for i in 0..k {
            let row: Expression = z[i].iter().copied().sum();
            m.constrain(eq(row, 1.0));
            let col: Expression = z.iter().map(|zi| zi[i]).sum();
            m.constrain(eq(col, 1.0));
        }
        // a loses ties to b exactly when its tie-break place is later: with places
        // 0..k − 1, place(a) − place(b) ≥ 1 forces loses(a, b), and ≤ −1 forces loses(b, a).
        let place =
            |i: usize| -> Expression { z[i].iter().enumerate().map(|(j, x)| j as f64 * *x).sum() };
        let span = (k.max(2) - 1) as f64;
        let mut loses = HashMap::new();
        for i in 0..k {
            for j in i + 1..k {
                let (a, b) = (artists[i], artists[j]);
                let ab = bin(m, format!("relabel_{a}_loses_to_{b}"));
                let ba = bin(m, format!("relabel_{b}_loses_to_{a}"));
                m.constrain(eq(ab + ba, 1.0));
                m.constrain(geq(span * ab, place(i) - place(j)));
                m.constrain(geq(span * ba, place(j) - place(i)));
                loses.insert((a, b), ab);
                loses.insert((b, a), ba);
            }
        }
        Ok(Relabel { artists, z, loses })
    }

    /// The artists' own names in a solution (`set`: whether a binary is 1): `names[a]` is
    /// the artist whose card count and tie-break place label a plays with (a for the
    /// artists not renamed). A plan read under the labels becomes a game under the names.
    pub fn names(&self, set: impl Fn(Variable) -> bool, artists: usize) -> Vec<usize> {
        let mut names: Vec<usize> = (0..artists).collect();
        for (i, &a) in self.artists.iter().enumerate() {
            if let Some(j) = (0..self.artists.len()).find(|&j| set(self.z[i][j])) {
                names[a] = self.artists[j];
            }
        }
        names
    }

    fn index(&self, a: usize) -> Option<usize> {
        self.artists.iter().position(|&x| x == a)
    }

    /// Artist a's cards in the deck: the count it was assigned.
    pub fn cards(&self, c: &Config, a: usize) -> Expression {
        match self.index(a) {
            Some(i) => self
                .artists
                .iter()
                .enumerate()
                .map(|(j, &b)| c.cards_of(b) as f64 * self.z[i][j])
                .sum(),
            None => Expression::from(c.cards_of(a) as f64),
        }
    }

    /// The most cards artist a can have (a constant for rows that multiply it).
    pub fn cards_max(&self, c: &Config, a: usize) -> usize {
        match self.index(a) {
            Some(_) => self
                .artists
                .iter()
                .map(|&b| c.cards_of(b))
                .max()
                .unwrap_or(0),
            None => c.cards_of(a),
        }
    }

    /// 1 when artist a loses ties to artist b (b ranks above a at equal counts).
    pub fn loses_tie(&self, a: usize, b: usize) -> Expression {
        let fixed = |x: bool| Expression::from(if x { 1.0 } else { 0.0 });
        match (self.index(a), self.index(b)) {
            (Some(_), Some(_)) => self.loses[&(a, b)].into(),
            (None, None) => fixed(a > b),
            // a renamed: it loses to b when its assigned tie-break place is after b's.
            (Some(i), None) => self
                .artists
                .iter()
                .enumerate()
                .filter(|&(_, &x)| x > b)
                .map(|(j, _)| self.z[i][j])
                .sum(),
            // The tie-break order is strict: a loses to b exactly when b does not lose to a.
            (None, Some(_)) => 1.0 - self.loses_tie(b, a),
        }
    }

    /// One game per renaming class: the artists of the set other than `fixed` (the artists
    /// a split part names, which keep their names), in index order, take their first
    /// ranked place in increasing order of (round, place); artists never ranked come last.
    ///
    /// Valid: every (round, place) goes to at most one artist, so two artists' first ranked
    /// places differ; renaming the free artists in the order of their first ranked place
    /// (never-ranked ones after) turns any game into one that satisfies the rows, and the
    /// renamed game is a game of this model (the assignment follows the names). The rows
    /// say: a free artist ranked at (r, k) has its predecessor ranked at an earlier slot
    /// (the column inequalities of a packing orbitope, Kaibel and Pfetsch 2008).
    pub fn orbitope(&self, m: &mut Model, v: &Vars, fixed: &[usize]) {
        let free: Vec<usize> = self
            .artists
            .iter()
            .copied()
            .filter(|a| !fixed.contains(a))
            .collect();
        let slots: Vec<(usize, usize)> = (0..v.d.r)
            .flat_map(|r| (0..v.d.places).map(move |k| (r, k)))
            .collect();
        for pair in free.windows(2) {
            let (before, after) = (pair[0], pair[1]);
            let mut earlier = Expression::default();
            for &(r, k) in &slots {
                m.constrain(leq(v.place(r, after, k), earlier.clone()));
                earlier += v.place(r, before, k);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn load(variant: &str, players: usize) -> Config {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        Config::load(&root.join(variant), None, players).unwrap()
    }

    #[test]
    fn artists_with_the_same_symbols_are_interchangeable() {
        // The default deck: one card of each symbol per artist, so all five.
        let c = load("models/modern-art/standard.json", 2);
        assert_eq!(class(&c), vec![0, 1, 2, 3, 4]);
        // Award cards on Lite Metal and Yoko only: those two (Christin P. is alone).
        let mut c = load("models/modern-art/mini/m04-award.json", 2);
        assert_eq!(class(&c), vec![0, 1]);
        // One more award card on Yoko: no two artists agree.
        let yoko = c.deck.artists[1].clone();
        c.deck
            .symbols
            .get_mut(&yoko)
            .unwrap()
            .insert("award".into(), 2);
        assert_eq!(class(&c), Vec::<usize>::new());
    }

    #[test]
    fn masks_round_trip() {
        assert_eq!(mask(&[0, 2, 4]), 0b10101);
        assert_eq!(members(0b10101), vec![0, 2, 4]);
        assert_eq!(members(mask(&[])), Vec::<usize>::new());
    }

    #[test]
    fn artists_with_other_symbols_are_refused() {
        let c = load("models/modern-art/mini/m04-award.json", 2);
        let mut m = Model::new("relabel test");
        let err = Relabel::new(&mut m, &c, mask(&[0, 2]))
            .err()
            .expect("refused");
        assert!(err.to_string().contains("not interchangeable"), "{err}");
    }
}
