//! What the player to move may do, checking an action against the rules, and applying it.

use crate::modern_art::record::{Card, Turn};
use crate::modern_art::rules::AwardTarget;

use super::core::Pending;
use super::round::chainable;
use super::state::{expects, State};
use super::{card_at, card_index, card_name, Action, Phase};

impl<'a> State<'a> {
    /// Every legal action, in a fixed order.
    pub fn legal_actions(&self) -> Vec<Action> {
        let n_kinds = self.cfg.artists() * 6;
        match self.core.phase {
            Phase::Deal { .. } if self.lazy => vec![Action::Deal(Card::plain(0))],
            Phase::Draw { .. } if self.lazy => vec![Action::Draw(Card::plain(0))],
            Phase::Deal { .. } | Phase::Extra | Phase::Draw { .. } => {
                let make = match self.core.phase {
                    Phase::Deal { .. } => Action::Deal,
                    Phase::Extra => Action::Extra,
                    _ => Action::Draw,
                };
                (0..n_kinds)
                    .filter(|&i| self.supply_left(i) > 0)
                    .map(|i| make(card_at(i)))
                    .collect()
            }
            Phase::Turn => self
                .hand_cards(self.core.active)
                .into_iter()
                .map(Action::Play)
                .collect(),
            Phase::Second {
                seat,
                hidden,
                artist,
            } => {
                let same = !hidden || self.cfg.variant.hidden_same_artist;
                let mut v = vec![Action::Second(None)];
                v.extend(
                    self.hand_cards(seat)
                        .into_iter()
                        .filter(|c| !same || c.artist == artist)
                        .map(|c| Action::Second(Some(c))),
                );
                v
            }
            Phase::Simultaneous { seat, .. } => {
                let mut v = vec![Action::Simultaneous(None)];
                v.extend(
                    self.hand_cards(seat)
                        .into_iter()
                        .map(|c| Action::Simultaneous(Some(c))),
                );
                v
            }
            Phase::Award { own, .. } => match self.cfg.variant.award_target {
                AwardTarget::Any => (0..self.cfg.artists()).map(Action::Award).collect(),
                AwardTarget::Own => vec![Action::Award(own)],
            },
            Phase::EndPlay { seat, artist } => {
                let mut v = vec![Action::EndPlay(None)];
                v.extend(
                    self.hand_cards(seat)
                        .into_iter()
                        .filter(|c| c.artist == artist)
                        .map(|c| Action::EndPlay(Some(c))),
                );
                v
            }
            Phase::Resolve | Phase::RoundEnd | Phase::GameOver => Vec::new(),
        }
    }

    /// Apply one action; an illegal one is refused with the reason (the state is then
    /// unchanged).
    pub fn apply_action(&mut self, action: Action) -> Result<(), String> {
        self.check(action)?;
        let n = self.cfg.players;
        match (self.core.phase, action) {
            (Phase::Deal { seat, left }, Action::Deal(c)) => {
                self.take_into_hand(seat, c);
                if let Some(rr) = self.rec_round() {
                    rr.deal[seat].push(c);
                }
                self.core.phase = Phase::Deal {
                    seat,
                    left: left - 1,
                };
            }
            (Phase::Extra, Action::Extra(c)) => {
                self.take_from_deck(c);
                self.core.extra = Some(c);
                if let Some(rr) = self.rec_round() {
                    rr.extra = Some(c);
                }
                self.begin_turns();
            }
            (Phase::Draw { seat }, Action::Draw(c)) => {
                self.take_into_hand(seat, c);
                if let Some(t) = self.last_turn() {
                    t.drawn.push(c);
                }
                self.core.phase = Phase::Resolve;
            }
            (Phase::Turn, Action::Play(c)) => {
                let p = self.core.active;
                self.turn_no += 1;
                self.take_from_hand(p, c);
                if let Some(rr) = self.rec_round() {
                    rr.turns.push(Turn::play(p, c));
                }
                self.core.last_player = Some(p);
                self.core.queue.clear();
                let closes = self.display(p, c, false);
                if closes {
                    self.close(p, format!("{} reached the threshold", self.artist(c)));
                    if self.cfg.variant.resolve_closing_symbol {
                        self.queue_closing(p, c);
                    }
                } else if !c.symbol.is_plain() {
                    self.core.queue.push(Pending { seat: p, card: c });
                }
                self.core.phase = Phase::Resolve;
            }
            (Phase::Second { seat, hidden, .. }, Action::Second(choice)) => {
                if let Some(c) = choice {
                    self.take_from_hand(seat, c);
                    if let Some(t) = self.last_turn() {
                        t.second = Some(c);
                    }
                    let closes = self.display(seat, c, hidden);
                    let chain = self.cfg.variant.chain_symbols && chainable(c.symbol);
                    if closes {
                        let how = if hidden { "hidden" } else { "double" };
                        self.close(
                            seat,
                            format!("{} reached the threshold ({how} card)", self.artist(c)),
                        );
                        if chain && self.cfg.variant.resolve_closing_symbol {
                            self.queue_closing(seat, c);
                        }
                    } else if chain {
                        self.core.queue.push(Pending { seat, card: c });
                    }
                }
                self.core.phase = Phase::Resolve;
            }
            (Phase::Simultaneous { seat, step }, Action::Simultaneous(choice)) => {
                if let Some(c) = choice {
                    self.take_from_hand(seat, c);
                    self.core.shown.push(Pending { seat, card: c });
                    if let Some(t) = self.last_turn() {
                        t.simultaneous[seat] = Some(c);
                    }
                }
                self.next_simultaneous(step + 1);
            }
            (Phase::Award { .. }, Action::Award(a)) => {
                self.core.awards_on[a] += 1;
                self.core.awards_used += 1;
                if let Some(t) = self.last_turn() {
                    t.awards.push(a);
                }
                self.core.phase = Phase::Resolve;
            }
            (Phase::EndPlay { seat, artist }, Action::EndPlay(choice)) => {
                if let Some(c) = choice {
                    self.take_from_hand(seat, c);
                    self.core.endp[seat][c.artist] += 1;
                    if let Some(rr) = self.rec_round() {
                        if rr.end_play.is_empty() {
                            rr.end_play = vec![Vec::new(); n];
                        }
                        rr.end_play[seat].push(c);
                    }
                }
                self.next_end_play(seat, artist + 1);
            }
            _ => unreachable!("check() accepts only actions of the current phase"),
        }
        self.settle();
        Ok(())
    }

    /// Why `action` is illegal here, if it is.
    pub(super) fn check(&self, action: Action) -> Result<(), String> {
        let a = self.cfg.artists();
        let card_ok = |c: Card| -> Result<(), String> {
            if c.artist >= a {
                Err(format!(
                    "artist index {} does not exist (the deck has {a} artists)",
                    c.artist
                ))
            } else {
                Ok(())
            }
        };
        let deck_ok = |c: Card| -> Result<(), String> {
            card_ok(c)?;
            if self.deck_left() == 0 {
                return Err("the deck is empty".into());
            }
            let art = self.artist(c);
            let used_artist: usize = (0..6)
                .map(|s| self.core.used[c.artist * 6 + s] as usize)
                .sum();
            if used_artist >= self.cfg.cards_of(c.artist) {
                return Err(format!(
                    "a {} card cannot come from the deck: all {} {art} cards are already out",
                    card_name(self.cfg, c),
                    self.cfg.cards_of(c.artist)
                ));
            }
            if self.supply_left(card_index(c)) == 0 {
                let total = self.cfg.supply(c.artist, c.symbol);
                let what = if c.symbol.is_plain() {
                    format!("plain {art} cards")
                } else {
                    format!("{art} cards with the {} symbol", c.symbol.name())
                };
                return Err(format!(
                    "a {} card cannot come from the deck: it holds only {total} {what}, all already out",
                    card_name(self.cfg, c)
                ));
            }
            Ok(())
        };
        let in_hand = |seat: usize, c: Card| -> Result<(), String> {
            card_ok(c)?;
            if self.holds(seat, c) {
                Ok(())
            } else {
                Err(format!(
                    "P{} does not hold a {} card (hand: {})",
                    seat + 1,
                    card_name(self.cfg, c),
                    self.hand_text(seat)
                ))
            }
        };
        match (self.core.phase, action) {
            (Phase::Deal { .. }, Action::Deal(_)) | (Phase::Draw { .. }, Action::Draw(_))
                if self.lazy =>
            {
                if self.deck_left() == 0 {
                    Err("the deck is empty".into())
                } else {
                    Ok(())
                }
            }
            (Phase::Deal { .. }, Action::Deal(c))
            | (Phase::Extra, Action::Extra(c))
            | (Phase::Draw { .. }, Action::Draw(c)) => deck_ok(c),
            (Phase::Turn, Action::Play(c)) => in_hand(self.core.active, c),
            (Phase::Second { .. }, Action::Second(None)) => Ok(()),
            (
                Phase::Second {
                    seat,
                    hidden,
                    artist,
                },
                Action::Second(Some(c)),
            ) => {
                in_hand(seat, c)?;
                if (!hidden || self.cfg.variant.hidden_same_artist) && c.artist != artist {
                    let why = if hidden {
                        "hidden (variant hidden_same_artist)"
                    } else {
                        "double"
                    };
                    return Err(format!(
                        "the second card of a {why} must be a {} card, not {}",
                        self.cfg.artist_name(artist),
                        card_name(self.cfg, c)
                    ));
                }
                Ok(())
            }
            (Phase::Simultaneous { .. }, Action::Simultaneous(None)) => Ok(()),
            (Phase::Simultaneous { seat, .. }, Action::Simultaneous(Some(c))) => in_hand(seat, c),
            (Phase::Award { own, .. }, Action::Award(t)) => {
                if t >= a {
                    return Err(format!(
                        "artist index {t} does not exist (the deck has {a} artists)"
                    ));
                }
                if self.cfg.variant.award_target == AwardTarget::Own && t != own {
                    return Err(format!(
                        "the award must go on {} (the artist of the award card, variant award_target = own), not {}",
                        self.cfg.artist_name(own),
                        self.cfg.artist_name(t)
                    ));
                }
                Ok(())
            }
            (Phase::EndPlay { .. }, Action::EndPlay(None)) => Ok(()),
            (Phase::EndPlay { seat, artist }, Action::EndPlay(Some(c))) => {
                in_hand(seat, c)?;
                if c.artist != artist {
                    return Err(format!(
                        "the end play now asks about {}, not {}",
                        self.cfg.artist_name(artist),
                        card_name(self.cfg, c)
                    ));
                }
                Ok(())
            }
            (Phase::GameOver, _) => Err("the game is over".into()),
            (phase, action) => Err(format!(
                "{action:?} is not a move of this step (the game expects {})",
                expects(phase)
            )),
        }
    }
}
