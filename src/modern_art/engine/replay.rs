//! Replaying a game record from scratch through the state machine: the referee's verdict
//! on a whole game, with the first broken rule located by round, turn and player.

use std::fmt;

use super::state::expects;
use super::{card_name, Action, Outcome, Phase, State};
use crate::modern_art::record::{Card, Record, RoundRecord, Turn};
use crate::modern_art::rules::{Config, EndPlay};

/// A broken rule, located: `round 2, turn 7, P1: …` (1-based; parts that do not apply
/// are left out).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Violation {
    /// 0-based round, if the rule belongs to one.
    pub round: Option<usize>,
    /// What part of the round: `turn 7`, `deal`, `extra card`, `end play`, `scoring`.
    pub place: Option<String>,
    pub player: Option<usize>,
    pub message: String,
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts = Vec::new();
        if let Some(r) = self.round {
            parts.push(format!("round {}", r + 1));
        }
        if let Some(p) = &self.place {
            parts.push(p.clone());
        }
        if let Some(p) = self.player {
            parts.push(format!("P{}", p + 1));
        }
        if parts.is_empty() {
            write!(f, "{}", self.message)
        } else {
            write!(f, "{}: {}", parts.join(", "), self.message)
        }
    }
}

impl std::error::Error for Violation {}

/// The engine counts cards in bytes: a deck with more than 255 cards of one artist, or
/// more than 255 award tokens, is refused (no printed deck comes close).
pub fn supported(cfg: &Config) -> Result<(), String> {
    for a in 0..cfg.artists() {
        if cfg.cards_of(a) > 255 {
            return Err(format!(
                "the deck has {} {} cards; the engine supports at most 255 per artist",
                cfg.cards_of(a),
                cfg.artist_name(a)
            ));
        }
    }
    if cfg.variant.awards > 255 {
        return Err(format!(
            "the variant has {} award tokens; the engine supports at most 255",
            cfg.variant.awards
        ));
    }
    Ok(())
}

/// Replay a whole game from scratch, checking every rule; the first broken one is the
/// error.
pub fn replay(cfg: &Config, record: &Record) -> Result<Outcome, Violation> {
    let whole = |message| Violation {
        round: None,
        place: None,
        player: None,
        message,
    };
    supported(cfg).map_err(whole)?;
    let want = cfg.variant.rounds;
    if record.rounds.len() != want {
        return Err(whole(format!(
            "the record has {} rounds; the game has {want}",
            record.rounds.len()
        )));
    }
    let mut st = State::new(cfg);
    for (r, rr) in record.rounds.iter().enumerate() {
        let round = Round { cfg, r, rr };
        round.deal(&mut st)?;
        round.extra(&mut st)?;
        for (ti, turn) in rr.turns.iter().enumerate() {
            round.turn(&mut st, ti, turn)?;
        }
        round.check_turns_over(&st)?;
        round.end_play(&mut st)?;
        round.check_finished(&st)?;
    }
    debug_assert!(st.is_terminal());
    Ok(st.outcome())
}

/// One round of the record being replayed: each step replays a part of it on the state
/// and locates what it finds broken in round `r`.
struct Round<'a> {
    cfg: &'a Config,
    r: usize,
    rr: &'a RoundRecord,
}

impl Round<'_> {
    /// A violation in this round at `place`, by `player` if one is to blame.
    fn at(&self, place: &str, player: Option<usize>, message: String) -> Violation {
        Violation {
            round: Some(self.r),
            place: Some(place.to_string()),
            player,
            message,
        }
    }

    /// The deal: one hand per seat, as many cards as the deal table gives (fewer only when
    /// the deck runs out).
    fn deal(&self, st: &mut State) -> Result<(), Violation> {
        let (cfg, rr, n) = (self.cfg, self.rr, self.cfg.players);
        if rr.deal.len() != n {
            return Err(self.at(
                "deal",
                None,
                format!(
                    "the deal lists {} seats; there are {n} players",
                    rr.deal.len()
                ),
            ));
        }
        let mut left = st.deck_left();
        let d = cfg.deal(self.r);
        for (seat, cards) in rr.deal.iter().enumerate() {
            let due = d.min(left);
            left -= due;
            if cards.len() != due {
                let why = if due < d {
                    format!(" (the deck runs out: {due} left for this seat)")
                } else {
                    String::new()
                };
                return Err(self.at(
                    "deal",
                    Some(seat),
                    format!("dealt {} cards; the deal table gives {d}{why}", cards.len()),
                ));
            }
            for &c in cards {
                debug_assert!(matches!(st.phase(), Phase::Deal { seat: s, .. } if s == seat));
                st.apply_action(Action::Deal(c))
                    .map_err(|m| self.at("deal", Some(seat), m))?;
            }
        }
        Ok(())
    }

    /// The extra card: present exactly when the game turns one up this round.
    fn extra(&self, st: &mut State) -> Result<(), Violation> {
        let cfg = self.cfg;
        let due = st.phase() == Phase::Extra;
        match (due, self.rr.extra) {
            (true, Some(c)) => st
                .apply_action(Action::Extra(c))
                .map_err(|m| self.at("extra card", None, m))?,
            (true, None) => {
                return Err(self.at(
                    "extra card",
                    None,
                    "an extra card must be turned up this round; the record has none".into(),
                ))
            }
            (false, Some(_)) => {
                let why = if !cfg.has_extra(self.r) {
                    format!(
                        "the variant turns up none this round (extra_card = {:?})",
                        cfg.variant.extra_card
                    )
                } else {
                    "the deck is empty".into()
                };
                return Err(self.at("extra card", None, format!("no extra card: {why}")));
            }
            (false, None) => {}
        }
        Ok(())
    }

    /// Turn `ti` (0-based): the round still running, the right player, the card, what its
    /// symbols resolve, and nothing left over in the record.
    fn turn(&self, st: &mut State, ti: usize, turn: &Turn) -> Result<(), Violation> {
        let r = self.r;
        let place = format!("turn {}", ti + 1);
        if st.round() != r || st.phase() != Phase::Turn {
            let why = st.close_note(r).unwrap_or("it was scored").to_string();
            return Err(self.at(
                &place,
                Some(turn.player),
                format!(
                    "the round is already over ({why}); the record has {} turns, the round ended after {}",
                    self.rr.turns.len(),
                    ti
                ),
            ));
        }
        let due = st.core.active;
        if turn.player != due {
            return Err(self.at(
                &place,
                Some(turn.player),
                format!(
                    "it is P{}'s turn, not P{} (turns go clockwise from the starter P{}, skipping empty hands)",
                    due + 1,
                    turn.player + 1,
                    st.core.starter + 1
                ),
            ));
        }
        st.apply_action(Action::Play(turn.card))
            .map_err(|m| self.at(&place, Some(due), m))?;
        let mut second = turn.second.map(Some);
        let mut awards = turn.awards.iter();
        let mut drawn = turn.drawn.iter();
        self.symbols(st, &place, turn, &mut second, &mut awards, &mut drawn)?;
        let leftover = |m: &str| Err(self.at(&place, Some(due), m.to_string()));
        if let Some(Some(c)) = second {
            return leftover(&format!(
                "the record shows a second card ({}) but no double or hidden symbol was resolved this turn",
                card_name(self.cfg, c)
            ));
        }
        // What the referee itself recorded for this turn's simultaneous play (empty when
        // no simultaneous symbol was resolved; one entry per seat otherwise).
        let shown = st.record.rounds[r].turns[ti].simultaneous.clone();
        if !turn.simultaneous.is_empty() && shown.is_empty() {
            return leftover(
                "the record shows simultaneous cards but no simultaneous symbol was resolved this turn",
            );
        }
        if awards.next().is_some() {
            return leftover(
                "the record places more award tokens than this turn's resolved award symbols (or the tokens are used up)",
            );
        }
        if drawn.next().is_some() {
            return leftover(
                "the record draws more cards than this turn's resolved draw symbols (or the deck is empty)",
            );
        }
        self.check_simultaneous(turn, &shown, &place, due)
    }

    /// The symbols the turn's card resolves (draws, award tokens, a second card, the
    /// simultaneous play), each taken from the record's lists, until the turn is over.
    fn symbols<'t>(
        &self,
        st: &mut State,
        place: &str,
        turn: &'t Turn,
        second: &mut Option<Option<Card>>,
        awards: &mut std::slice::Iter<'t, usize>,
        drawn: &mut std::slice::Iter<'t, Card>,
    ) -> Result<(), Violation> {
        let (cfg, n) = (self.cfg, self.cfg.players);
        loop {
            if st.round() != self.r {
                break;
            }
            let seat = st.seat_in_focus();
            let err = |m: String| self.at(place, seat, m);
            match st.phase() {
                Phase::Draw { seat } => {
                    let Some(&c) = drawn.next() else {
                        return Err(err(format!(
                            "the draw symbol gives P{} a card (the deck has {} left); the record lists none",
                            seat + 1,
                            st.deck_left()
                        )));
                    };
                    st.apply_action(Action::Draw(c)).map_err(err)?;
                }
                Phase::Award { .. } => {
                    let Some(&t) = awards.next() else {
                        return Err(err(format!(
                            "the award symbol places a token ({} of {} left); the record lists no award target",
                            cfg.variant.awards - st.core.awards_used,
                            cfg.variant.awards
                        )));
                    };
                    st.apply_action(Action::Award(t)).map_err(err)?;
                }
                Phase::Second { .. } => {
                    let choice = second.take().unwrap_or(None);
                    st.apply_action(Action::Second(choice)).map_err(err)?;
                }
                Phase::Simultaneous { seat, .. } => {
                    if turn.simultaneous.len() != n {
                        return Err(err(format!(
                            "the simultaneous symbol is resolved: the record must list one entry per seat ({n}), it lists {}",
                            turn.simultaneous.len()
                        )));
                    }
                    st.apply_action(Action::Simultaneous(turn.simultaneous[seat]))
                        .map_err(err)?;
                }
                _ => break,
            }
        }
        Ok(())
    }

    /// The record's simultaneous cards against those the referee took (`shown`): one
    /// entry per seat, and no card from a seat whose hand was empty.
    fn check_simultaneous(
        &self,
        turn: &Turn,
        shown: &[Option<Card>],
        place: &str,
        due: usize,
    ) -> Result<(), Violation> {
        let n = self.cfg.players;
        if turn.simultaneous.is_empty() {
            return Ok(());
        }
        if turn.simultaneous.len() != n {
            return Err(self.at(
                place,
                Some(due),
                format!(
                    "the simultaneous symbol is resolved: the record must list one entry per seat ({n}), it lists {}",
                    turn.simultaneous.len()
                ),
            ));
        }
        for (seat, c) in turn.simultaneous.iter().enumerate() {
            if c.is_some() && shown[seat] != *c {
                return Err(self.at(
                    place,
                    Some(seat),
                    "has an empty hand and cannot join the simultaneous play".into(),
                ));
            }
        }
        Ok(())
    }

    /// After the record's last turn the round must be over.
    fn check_turns_over(&self, st: &State) -> Result<(), Violation> {
        if st.round() == self.r && st.phase() == Phase::Turn {
            let k = self.cfg.threshold();
            return Err(self.at(
                &format!("after turn {}", self.rr.turns.len()),
                Some(st.core.active),
                format!(
                    "the round is not over: no artist reached {k} and P{} still holds cards, so P{} must play",
                    st.core.active + 1,
                    st.core.active + 1
                ),
            ));
        }
        Ok(())
    }

    /// The end play: each seat's added cards, asked for artist by artist as the game
    /// offers them; a card the game never took is a broken rule.
    fn end_play(&self, st: &mut State) -> Result<(), Violation> {
        let (cfg, rr, n) = (self.cfg, self.rr, self.cfg.players);
        if !rr.end_play.is_empty() && rr.end_play.len() != n {
            return Err(self.at(
                "end play",
                None,
                format!(
                    "the end play lists {} seats; there are {n} players",
                    rr.end_play.len()
                ),
            ));
        }
        let mut taken: Vec<Vec<bool>> = rr.end_play.iter().map(|v| vec![false; v.len()]).collect();
        while st.round() == self.r {
            let Phase::EndPlay { seat, artist } = st.phase() else {
                break;
            };
            let pick = rr.end_play.get(seat).and_then(|cards| {
                cards
                    .iter()
                    .enumerate()
                    .find(|(i, c)| c.artist == artist && !taken[seat][*i])
            });
            let choice = pick.map(|(i, &c)| {
                taken[seat][i] = true;
                c
            });
            st.apply_action(Action::EndPlay(choice))
                .map_err(|m| self.at("end play", Some(seat), m))?;
        }
        for (seat, cards) in rr.end_play.iter().enumerate() {
            for (i, &c) in cards.iter().enumerate() {
                if !taken[seat][i] {
                    let why = if cfg.variant.end_play == EndPlay::None {
                        "the variant has no end play (end_play = none)".to_string()
                    } else {
                        format!(
                            "the blessed end play adds at most one card of each artist the player displays, from hand ({} is not displayed, already added, or not in hand)",
                            cfg.artist_name(c.artist)
                        )
                    };
                    return Err(self.at(
                        "end play",
                        Some(seat),
                        format!("cannot add {}: {why}", card_name(cfg, c)),
                    ));
                }
            }
        }
        Ok(())
    }

    /// After the end play the round must have been scored.
    fn check_finished(&self, st: &State) -> Result<(), Violation> {
        if st.round() == self.r {
            return Err(self.at(
                "end",
                st.seat_in_focus(),
                format!(
                    "the round is not finished: the game expects {}",
                    expects(st.phase())
                ),
            ));
        }
        Ok(())
    }
}
