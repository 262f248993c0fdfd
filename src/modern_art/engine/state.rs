//! The state machine: a game in progress, what it reports, and the bookkeeping every step
//! shares (hands, the deck, displays, closing a round). Its steps live beside it: legal
//! actions and applying them in `actions`, a round's course in `round`, scoring in `scoring`.

use crate::modern_art::record::{Card, Record, RoundRecord, Turn};
use crate::modern_art::rules::{Config, Symbol};

use super::core::{Core, Grid, Pending};
use super::{card_at, card_index, card_name, Mover, Outcome, Phase, RoundSummary};

/// A game in progress.
#[derive(Debug, Clone)]
pub struct State<'a> {
    pub(super) cfg: &'a Config,
    pub(super) core: Core,
    pub(super) scores: Vec<i64>,
    pub(super) record: Record,
    pub(super) summaries: Vec<RoundSummary>,
    /// Per round, why it ended (for messages).
    pub(super) notes: Vec<Option<String>>,
    /// 1-based number of the current turn in the round (0 before the first).
    pub(super) turn_no: usize,
    /// Keep the record and the round summaries (the search turns this off: it only needs
    /// the core and the scores).
    pub(super) recording: bool,
    /// Dealt and drawn cards get their kind only when they leave the hand (search only).
    pub(super) lazy: bool,
}

impl<'a> State<'a> {
    /// The start of a game: dealing for round 1 is due.
    pub fn new(cfg: &'a Config) -> State<'a> {
        State::with_recording(cfg, true)
    }

    /// A game that keeps no record or summaries (for the search: cheaper to clone).
    pub fn unrecorded(cfg: &'a Config) -> State<'a> {
        State::with_recording(cfg, false)
    }

    /// A game for the search in which dealt and drawn cards stay anonymous until they
    /// are displayed: the deal is free, so fixing a card's kind when it is first used is
    /// the same maximum as fixing it when it is dealt, with far fewer states. Chance
    /// actions `Deal`/`Draw` then carry a placeholder card. Never used by the referee:
    /// the search turns a lazy line into a concrete record and replays that.
    pub fn lazy(cfg: &'a Config) -> State<'a> {
        let mut s = State::with_recording(cfg, false);
        s.lazy = true;
        s
    }

    pub(super) fn with_recording(cfg: &'a Config, recording: bool) -> State<'a> {
        let n = cfg.players;
        let a = cfg.artists();
        let core = Core {
            round: 0,
            phase: Phase::RoundEnd,
            hands: Grid::new(n, a * 6),
            used: vec![0; a * 6],
            unknown: vec![0; n],
            taken_unknown: 0,
            up: Grid::new(n, a),
            hid: Grid::new(n, a),
            endp: Grid::new(n, a),
            extra: None,
            values: vec![0; a],
            awards_on: vec![0; a],
            awards_used: 0,
            starter: 0,
            active: 0,
            closed: false,
            closer: None,
            last_player: None,
            queue: Vec::new(),
            shown: Vec::new(),
        };
        let mut s = State {
            cfg,
            core,
            scores: vec![0; n],
            record: Record { rounds: Vec::new() },
            summaries: Vec::new(),
            notes: Vec::new(),
            turn_no: 0,
            recording,
            lazy: false,
        };
        s.start_round();
        s
    }

    pub fn config(&self) -> &'a Config {
        self.cfg
    }

    pub fn core(&self) -> &Core {
        &self.core
    }

    pub fn phase(&self) -> Phase {
        self.core.phase
    }

    /// 0-based current round (equals the number of rounds when the game is over).
    pub fn round(&self) -> usize {
        self.core.round
    }

    /// Symbols displayed but not yet resolved (pending `draw`s among them), plus the
    /// simultaneous cards chosen but not yet shown: a bound for the search.
    pub fn pending(&self) -> usize {
        self.core.queue.len() + self.core.shown.len()
    }

    /// 1-based turn number within the round.
    pub fn turn_no(&self) -> usize {
        self.turn_no
    }

    /// The record of everything applied so far.
    pub fn record(&self) -> &Record {
        &self.record
    }

    pub fn summaries(&self) -> &[RoundSummary] {
        &self.summaries
    }

    /// Scores so far, without a copy.
    pub fn scores(&self) -> &[i64] {
        &self.scores
    }

    /// Scores so far (final scores when terminal).
    pub fn returns(&self) -> Vec<i64> {
        self.scores.clone()
    }

    pub fn is_terminal(&self) -> bool {
        self.core.phase == Phase::GameOver
    }

    /// The summaries and scores of a finished game.
    pub fn outcome(&self) -> Outcome {
        Outcome {
            rounds: self.summaries.clone(),
            scores: self.scores.clone(),
        }
    }

    /// Cards left in the deck.
    pub fn deck_left(&self) -> usize {
        let total: usize = (0..self.cfg.artists()).map(|a| self.cfg.cards_of(a)).sum();
        total - self.core.used.iter().map(|&u| u as usize).sum::<usize>() - self.core.taken_unknown
    }

    /// Remaining supply of a card kind.
    pub fn supply_left(&self, i: usize) -> usize {
        let c = card_at(i);
        self.cfg.supply(c.artist, c.symbol) - self.core.used[i] as usize
    }

    pub fn current_player(&self) -> Mover {
        match self.core.phase {
            Phase::Deal { .. } | Phase::Extra | Phase::Draw { .. } => Mover::Chance,
            Phase::Turn => Mover::Seat(self.core.active),
            Phase::Award { seat, .. }
            | Phase::Second { seat, .. }
            | Phase::Simultaneous { seat, .. }
            | Phase::EndPlay { seat, .. } => Mover::Seat(seat),
            Phase::Resolve | Phase::RoundEnd => unreachable!("internal phases are settled"),
            Phase::GameOver => Mover::Terminal,
        }
    }

    /// The seat a message about the current step should name (the dealt or drawing
    /// seat at chance nodes).
    pub fn seat_in_focus(&self) -> Option<usize> {
        match self.core.phase {
            Phase::Deal { seat, .. } | Phase::Draw { seat } => Some(seat),
            Phase::Turn => Some(self.core.active),
            Phase::Award { seat, .. }
            | Phase::Second { seat, .. }
            | Phase::Simultaneous { seat, .. }
            | Phase::EndPlay { seat, .. } => Some(seat),
            _ => None,
        }
    }

    /// The kinds a seat can display now (in lazy mode an anonymous card can be any kind
    /// the deck still has).
    pub(super) fn hand_cards(&self, seat: usize) -> Vec<Card> {
        let anon = self.lazy && self.core.unknown[seat] > 0;
        (0..self.cfg.artists() * 6)
            .filter(|&i| self.core.hands[seat][i] > 0 || (anon && self.supply_left(i) > 0))
            .map(card_at)
            .collect()
    }

    pub(super) fn holds(&self, seat: usize, c: Card) -> bool {
        if c.artist >= self.cfg.artists() {
            return false;
        }
        let i = card_index(c);
        self.core.hands[seat][i] > 0
            || (self.lazy && self.core.unknown[seat] > 0 && self.supply_left(i) > 0)
    }

    pub(super) fn holds_artist(&self, seat: usize, artist: usize) -> bool {
        (0..6).any(|s| self.holds(seat, card_at(artist * 6 + s)))
    }

    /// Take a card the seat holds out of its hand.
    pub(super) fn take_from_hand(&mut self, seat: usize, c: Card) {
        let i = card_index(c);
        if self.core.hands[seat][i] > 0 {
            self.core.hands[seat][i] -= 1;
        } else {
            self.core.unknown[seat] -= 1;
            self.core.taken_unknown -= 1;
            self.core.used[i] += 1;
        }
    }

    /// Number of cards in a seat's hand.
    pub fn hand_size(&self, seat: usize) -> usize {
        self.core.hands[seat]
            .iter()
            .map(|&k| k as usize)
            .sum::<usize>()
            + self.core.unknown[seat] as usize
    }

    /// A hand as people read it.
    pub fn hand_text(&self, seat: usize) -> String {
        let mut v = Vec::new();
        for (i, &k) in self.core.hands[seat].iter().enumerate() {
            if k > 0 {
                v.push(format!("{}×{}", k, card_name(self.cfg, card_at(i))));
            }
        }
        if v.is_empty() {
            "empty".into()
        } else {
            v.join(", ")
        }
    }

    pub(super) fn artist(&self, c: Card) -> String {
        self.cfg.artist_name(c.artist).to_string()
    }

    pub(super) fn set_note(&mut self, note: String) {
        if !self.recording {
            return;
        }
        if let Some(n) = self.notes.last_mut() {
            *n = Some(note);
        }
    }

    /// Why round `round` (0-based) ended, once it has.
    pub fn close_note(&self, round: usize) -> Option<&str> {
        self.notes.get(round).and_then(|n| n.as_deref())
    }

    /// The record of the current round (none when not recording).
    pub(super) fn rec_round(&mut self) -> Option<&mut RoundRecord> {
        if self.recording {
            self.record.rounds.last_mut()
        } else {
            None
        }
    }

    /// The record of the turn being played (none when not recording).
    pub(super) fn last_turn(&mut self) -> Option<&mut Turn> {
        self.rec_round().and_then(|rr| rr.turns.last_mut())
    }

    /// A dealt or drawn card goes from the deck into `seat`'s hand (a lazy state only
    /// counts it as an unknown card).
    pub(super) fn take_into_hand(&mut self, seat: usize, c: Card) {
        if self.lazy {
            self.core.unknown[seat] += 1;
            self.core.taken_unknown += 1;
        } else {
            self.take_from_deck(c);
            self.core.hands[seat][card_index(c)] += 1;
        }
    }

    pub(super) fn take_from_deck(&mut self, c: Card) {
        self.core.used[card_index(c)] += 1;
    }

    /// The count of `artist` that closes the round: face up (+ hidden with
    /// `hidden_counts_for_close`) + the extra card.
    pub fn close_count(&self, artist: usize) -> usize {
        let c = &self.core;
        let mut k: usize = c.up.rows().map(|row| row[artist] as usize).sum();
        if self.cfg.variant.hidden_counts_for_close {
            k += c.hid.rows().map(|row| row[artist] as usize).sum::<usize>();
        }
        if c.extra.map(|e| e.artist) == Some(artist) {
            k += 1;
        }
        k
    }

    /// Put a card on the table; true when it closes the round.
    pub(super) fn display(&mut self, seat: usize, c: Card, hidden: bool) -> bool {
        if hidden {
            self.core.hid[seat][c.artist] += 1;
            self.cfg.variant.hidden_counts_for_close
                && self.close_count(c.artist) >= self.cfg.threshold()
        } else {
            self.core.up[seat][c.artist] += 1;
            self.close_count(c.artist) >= self.cfg.threshold()
        }
    }

    pub(super) fn close(&mut self, closer: usize, why: String) {
        self.core.closed = true;
        self.core.closer = Some(closer);
        self.core.queue.clear();
        self.set_note(format!("{why} on turn {} (P{})", self.turn_no, closer + 1));
    }

    pub(super) fn queue_closing(&mut self, seat: usize, c: Card) {
        if matches!(c.symbol, Symbol::Draw | Symbol::Award) {
            self.core.queue.push(Pending { seat, card: c });
        }
    }
}

pub(super) fn expects(phase: Phase) -> &'static str {
    match phase {
        Phase::Deal { .. } => "a dealt card",
        Phase::Extra => "the extra card",
        Phase::Draw { .. } => "the drawn card",
        Phase::Turn => "a card displayed from hand",
        Phase::Second { hidden: false, .. } => "the second card of a double (or none)",
        Phase::Second { hidden: true, .. } => "the hidden card (or none)",
        Phase::Simultaneous { .. } => "a simultaneous card (or none)",
        Phase::Award { .. } => "an award target",
        Phase::EndPlay { .. } => "an end-play card (or none)",
        _ => "nothing",
    }
}
