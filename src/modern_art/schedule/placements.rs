//! What a round's turns resolve beyond their own cards: award targets, the `draw` and
//! `award` symbols `chain_symbols` and `resolve_closing_symbol` resolve on second and
//! simultaneous cards, and which seat shows which card in each `simultaneous` event.

use anyhow::{bail, Result};

use super::{Act, Builder, Req, TurnSk};
use crate::modern_art::model::RoundPlan;
use crate::modern_art::rules::{AwardTarget, Symbol};

/// What a round's plan still has to place while its turns are played: the award token
/// targets, the simultaneous cards, and (`chain_symbols`) the chained draws and awards.
pub(super) struct Placements {
    round: usize,
    /// Award targets, in play order.
    targets: Vec<usize>,
    /// `[seat][artist]`: chained draws and awards left to place on that seat's second and
    /// simultaneous cards of that artist.
    chain_left: Vec<Vec<[usize; 2]>>,
    /// The same for the closing turn's second or simultaneous cards (both readings).
    close_chain_left: Vec<Vec<[usize; 2]>>,
    /// Simultaneous cards still to show, per seat (by artist), outside the closing event.
    sim_left: Vec<Vec<usize>>,
    /// `simultaneous` events still to come that do not close the round.
    events_left: usize,
}

impl Placements {
    /// Round `round`'s placements by its plan `rp`; `acts`: each seat's acts.
    pub fn new(round: usize, rp: &RoundPlan, acts: &[Vec<Act>]) -> Placements {
        let artists = rp.placed.len();
        Placements {
            round,
            targets: (0..artists)
                .flat_map(|a| std::iter::repeat_n(a, rp.placed[a]))
                .collect(),
            chain_left: rp.chain.clone(),
            close_chain_left: rp.close_chain.clone(),
            sim_left: rp
                .sim
                .iter()
                .zip(&rp.scl)
                .map(|(sim, scl)| sim.iter().zip(scl).map(|(s, c)| s - c).collect())
                .collect(),
            events_left: acts
                .iter()
                .flatten()
                .filter(|x| matches!(x, Act::Simul(_)))
                .count(),
        }
    }

    /// An award card of artist `a` resolves in turn `t`: while tokens remain it places one
    /// on the next of the plan's targets (one on `a` itself with `award_target = own`; a
    /// plan whose tokens left go elsewhere cannot be played in this order, and is refused
    /// rather than turned into a game the referee rejects).
    pub fn award(&mut self, b: &mut Builder, t: &mut TurnSk, a: usize) -> Result<()> {
        if b.tokens_left == 0 {
            return Ok(());
        }
        if self.targets.is_empty() {
            bail!(
                "schedule: round {}: an award card but no token placement",
                self.round + 1
            );
        }
        let i = match b.c.variant.award_target {
            AwardTarget::Own => match self.targets.iter().position(|&x| x == a) {
                Some(i) => i,
                None => bail!(
                    "schedule: round {}: an award card of {} places a token (award_target = \
                     own), but the plan places none on it",
                    self.round + 1,
                    b.c.artist_name(a)
                ),
            },
            AwardTarget::Any => 0,
        };
        t.awards.push(self.targets.remove(i));
        b.tokens_left -= 1;
        Ok(())
    }

    /// Seat `seat` displays, in turn `t`, a second or simultaneous card of `artist` that
    /// does not close the round: with `chain_symbols` it carries `draw` or `award` while
    /// the plan has such chained cards left (and resolves it), else neither; without the
    /// variant it may carry any symbol.
    pub fn chained(
        &mut self,
        b: &mut Builder,
        t: &mut TurnSk,
        seat: usize,
        artist: usize,
        what: &str,
    ) -> Result<usize> {
        if !b.c.variant.chain_symbols {
            return b.take(seat, artist, Req::Any, what);
        }
        self.resolving(b, t, seat, artist, what, false)
    }

    /// Seat `seat` displays, in the closing turn `t`, a second card of `artist` that
    /// closes the round or a card of `artist` in the closing `simultaneous` event. With
    /// `chain_symbols` and `resolve_closing_symbol` it carries `draw` (drawn after the
    /// close: the card arrives for the next round) or `award` while the plan has such
    /// cards left, else neither; otherwise its symbol is not resolved and may be any.
    pub fn closing(
        &mut self,
        b: &mut Builder,
        t: &mut TurnSk,
        seat: usize,
        artist: usize,
        what: &str,
    ) -> Result<usize> {
        let v = &b.c.variant;
        if !(v.chain_symbols && v.resolve_closing_symbol) {
            return b.take(seat, artist, Req::Any, what);
        }
        self.resolving(b, t, seat, artist, what, true)
    }

    /// The card of [`Placements::chained`] (`closing`: of [`Placements::closing`]) under
    /// a reading that resolves it: it carries `draw` while the plan has such cards left
    /// (drawing at once), then `award` (placing a token), then neither.
    fn resolving(
        &mut self,
        b: &mut Builder,
        t: &mut TurnSk,
        seat: usize,
        artist: usize,
        what: &str,
        closing: bool,
    ) -> Result<usize> {
        let grid = match closing {
            true => &mut self.close_chain_left,
            false => &mut self.chain_left,
        };
        let left = &mut grid[seat][artist];
        if left[0] > 0 {
            left[0] -= 1;
            let id = b.take(seat, artist, Req::Exact(Symbol::Draw), what)?;
            t.draws.push(b.supply(seat));
            Ok(id)
        } else if left[1] > 0 {
            left[1] -= 1;
            let id = b.take(seat, artist, Req::Exact(Symbol::Award), what)?;
            self.award(b, t, artist)?;
            Ok(id)
        } else {
            b.take(seat, artist, Req::PlainLike, what)
        }
    }

    /// A `simultaneous` event that does not close, in turn `t` of the active seat: each
    /// seat, clockwise from it, shows one of its simultaneous cards left when it must (more
    /// cards left than events) or when it holds more cards than its next turn needs. Per
    /// seat, the card shown (`acts`, `next`: each seat's acts and the next one's index).
    pub fn open_event(
        &mut self,
        b: &mut Builder,
        t: &mut TurnSk,
        acts: &[Vec<Act>],
        next: &[usize],
    ) -> Result<Vec<Option<usize>>> {
        let (n, p) = (b.n, t.player);
        self.events_left -= 1;
        let mut shown = vec![None; n];
        for q in (0..n).map(|step| (p + step) % n) {
            let left: usize = self.sim_left[q].iter().sum();
            if left == 0 || b.hand[q] <= 0 {
                continue;
            }
            let need = acts[q].get(next[q]).map(|x| x.cards()).unwrap_or(0) as i64;
            let forced = left > self.events_left;
            if forced || b.hand[q] > need {
                let a = (0..self.sim_left[q].len())
                    .find(|&a| self.sim_left[q][a] > 0)
                    .expect("a card left");
                self.sim_left[q][a] -= 1;
                shown[q] = Some(self.chained(b, t, q, a, "a simultaneous card")?);
            }
        }
        Ok(shown)
    }

    /// The `simultaneous` event that closes the round (`rp.scl`), in turn `t`: the cards
    /// are taken clockwise from the active seat, the order the referee resolves their
    /// symbols in.
    pub fn closing_event(
        &mut self,
        b: &mut Builder,
        t: &mut TurnSk,
        rp: &RoundPlan,
    ) -> Result<Vec<Option<usize>>> {
        let (n, p) = (b.n, t.player);
        let mut shown = vec![None; n];
        for q in (0..n).map(|step| (p + step) % n) {
            if let Some(a) = rp.scl[q].iter().position(|&k| k > 0) {
                shown[q] = Some(self.closing(b, t, q, a, "a simultaneous card")?);
            }
        }
        Ok(shown)
    }

    /// After the round's turns: every simultaneous card shown and every chained card
    /// placed.
    pub fn all_placed(&self) -> Result<()> {
        let r = self.round + 1;
        if self.sim_left.iter().flatten().any(|&x| x > 0) {
            bail!("schedule: round {r}: simultaneous cards left unshown");
        }
        if self.chain_left.iter().flatten().flatten().any(|&x| x > 0) {
            bail!("schedule: round {r}: chained draw or award cards left unplaced");
        }
        if self
            .close_chain_left
            .iter()
            .flatten()
            .flatten()
            .any(|&x| x > 0)
        {
            bail!(
                "schedule: round {r}: closing second or simultaneous cards left that resolve \
                 draw or award"
            );
        }
        Ok(())
    }
}
