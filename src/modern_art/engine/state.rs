//! The state machine: legal actions, applying them, settling automatic steps, scoring.

use super::core::{Core, Grid, Pending};
use super::{card_at, card_index, card_name, rank, Action, Mover, Outcome, Phase, RoundSummary};
use crate::modern_art::record::{Card, Record, RoundRecord, Turn};
use crate::modern_art::rules::{AwardTarget, Config, EndPlay, Symbol};

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

    fn with_recording(cfg: &'a Config, recording: bool) -> State<'a> {
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
    fn hand_cards(&self, seat: usize) -> Vec<Card> {
        let anon = self.lazy && self.core.unknown[seat] > 0;
        (0..self.cfg.artists() * 6)
            .filter(|&i| self.core.hands[seat][i] > 0 || (anon && self.supply_left(i) > 0))
            .map(card_at)
            .collect()
    }

    fn holds(&self, seat: usize, c: Card) -> bool {
        if c.artist >= self.cfg.artists() {
            return false;
        }
        let i = card_index(c);
        self.core.hands[seat][i] > 0
            || (self.lazy && self.core.unknown[seat] > 0 && self.supply_left(i) > 0)
    }

    fn holds_artist(&self, seat: usize, artist: usize) -> bool {
        (0..6).any(|s| self.holds(seat, card_at(artist * 6 + s)))
    }

    /// Take a card the seat holds out of its hand.
    fn take_from_hand(&mut self, seat: usize, c: Card) {
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
    fn check(&self, action: Action) -> Result<(), String> {
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

    fn artist(&self, c: Card) -> String {
        self.cfg.artist_name(c.artist).to_string()
    }

    fn set_note(&mut self, note: String) {
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
    fn rec_round(&mut self) -> Option<&mut RoundRecord> {
        if self.recording {
            self.record.rounds.last_mut()
        } else {
            None
        }
    }

    /// The record of the turn being played (none when not recording).
    fn last_turn(&mut self) -> Option<&mut Turn> {
        self.rec_round().and_then(|rr| rr.turns.last_mut())
    }

    /// A dealt or drawn card goes from the deck into `seat`'s hand (a lazy state only
    /// counts it as an unknown card).
    fn take_into_hand(&mut self, seat: usize, c: Card) {
        if self.lazy {
            self.core.unknown[seat] += 1;
            self.core.taken_unknown += 1;
        } else {
            self.take_from_deck(c);
            self.core.hands[seat][card_index(c)] += 1;
        }
    }

    fn take_from_deck(&mut self, c: Card) {
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
    fn display(&mut self, seat: usize, c: Card, hidden: bool) -> bool {
        if hidden {
            self.core.hid[seat][c.artist] += 1;
            self.cfg.variant.hidden_counts_for_close
                && self.close_count(c.artist) >= self.cfg.threshold()
        } else {
            self.core.up[seat][c.artist] += 1;
            self.close_count(c.artist) >= self.cfg.threshold()
        }
    }

    fn close(&mut self, closer: usize, why: String) {
        self.core.closed = true;
        self.core.closer = Some(closer);
        self.core.queue.clear();
        self.set_note(format!("{why} on turn {} (P{})", self.turn_no, closer + 1));
    }

    fn queue_closing(&mut self, seat: usize, c: Card) {
        if matches!(c.symbol, Symbol::Draw | Symbol::Award) {
            self.core.queue.push(Pending { seat, card: c });
        }
    }

    fn start_round(&mut self) {
        let n = self.cfg.players;
        let a = self.cfg.artists();
        let c = &mut self.core;
        c.up = Grid::new(n, a);
        c.hid = Grid::new(n, a);
        c.endp = Grid::new(n, a);
        c.extra = None;
        c.closed = false;
        c.closer = None;
        c.last_player = None;
        c.queue.clear();
        c.shown.clear();
        if self.recording {
            self.notes.push(None);
        }
        self.turn_no = 0;
        if self.recording {
            self.record.rounds.push(RoundRecord {
                deal: vec![Vec::new(); n],
                extra: None,
                turns: Vec::new(),
                end_play: Vec::new(),
            });
        }
        self.core.phase = Phase::Deal {
            seat: 0,
            left: self.cfg.deal(self.core.round),
        };
        self.settle();
    }

    fn begin_turns(&mut self) {
        self.core.active = self.core.starter;
        if let Some(e) = self.core.extra {
            if self.close_count(e.artist) >= self.cfg.threshold() {
                self.core.closed = true;
                self.set_note(format!(
                    "the extra card alone brought {} to the threshold",
                    self.artist(e)
                ));
            }
        }
        self.core.phase = Phase::Turn;
    }

    fn next_simultaneous(&mut self, step: usize) {
        let n = self.cfg.players;
        let mut step = step;
        while step < n {
            let seat = (self.core.active + step) % n;
            if self.hand_size(seat) > 0 {
                self.core.phase = Phase::Simultaneous { seat, step };
                return;
            }
            step += 1;
        }
        // Everyone has chosen: the cards are shown together.
        let shown = std::mem::take(&mut self.core.shown);
        for p in &shown {
            self.core.up[p.seat][p.card.artist] += 1;
        }
        let k = self.cfg.threshold();
        let closing: Vec<usize> = (0..self.cfg.artists())
            .filter(|&a| self.close_count(a) >= k)
            .collect();
        let chain = self.cfg.variant.chain_symbols;
        let active = self.core.active;
        if !closing.is_empty() {
            let names: Vec<&str> = closing.iter().map(|&a| self.cfg.artist_name(a)).collect();
            self.close(
                active,
                format!(
                    "{} reached the threshold (simultaneous play)",
                    names.join(", ")
                ),
            );
            if chain && self.cfg.variant.resolve_closing_symbol {
                for p in &shown {
                    self.queue_closing(p.seat, p.card);
                }
            }
        } else if chain {
            for p in &shown {
                if chainable(p.card.symbol) {
                    self.core.queue.push(*p);
                }
            }
        }
        self.core.phase = Phase::Resolve;
    }

    fn next_end_play(&mut self, seat: usize, artist: usize) {
        let (n, a) = (self.cfg.players, self.cfg.artists());
        let (mut s, mut t) = (seat, artist);
        while s < n {
            while t < a {
                let displays = self.core.up[s][t] + self.core.hid[s][t] > 0;
                if displays && self.holds_artist(s, t) {
                    self.core.phase = Phase::EndPlay { seat: s, artist: t };
                    return;
                }
                t += 1;
            }
            s += 1;
            t = 0;
        }
        self.score_round();
    }

    /// Move past every step that needs no action.
    fn settle(&mut self) {
        loop {
            match self.core.phase {
                Phase::Deal { seat, left } => {
                    if left > 0 && self.deck_left() > 0 {
                        return;
                    }
                    if seat + 1 < self.cfg.players {
                        self.core.phase = Phase::Deal {
                            seat: seat + 1,
                            left: self.cfg.deal(self.core.round),
                        };
                    } else {
                        self.core.phase = Phase::Extra;
                    }
                }
                Phase::Extra => {
                    if self.cfg.has_extra(self.core.round) && self.deck_left() > 0 {
                        return;
                    }
                    self.begin_turns();
                }
                Phase::Turn => {
                    if self.core.closed {
                        self.core.phase = Phase::RoundEnd;
                        continue;
                    }
                    let n = self.cfg.players;
                    if (0..n).all(|s| self.hand_size(s) == 0) {
                        self.set_note(if self.turn_no == 0 {
                            "every hand was empty at the start".into()
                        } else {
                            format!("every hand was empty after turn {}", self.turn_no)
                        });
                        self.core.phase = Phase::RoundEnd;
                        continue;
                    }
                    while self.hand_size(self.core.active) == 0 {
                        self.core.active = (self.core.active + 1) % n;
                    }
                    return;
                }
                Phase::Resolve => {
                    if self.core.queue.is_empty() {
                        if self.core.closed {
                            self.core.phase = Phase::RoundEnd;
                        } else {
                            self.core.active = (self.core.active + 1) % self.cfg.players;
                            self.core.phase = Phase::Turn;
                        }
                        continue;
                    }
                    let p = self.core.queue.remove(0);
                    let cfg = self.cfg;
                    let v = &cfg.variant;
                    match p.card.symbol {
                        Symbol::Draw if self.deck_left() > 0 => {
                            self.core.phase = Phase::Draw { seat: p.seat };
                            return;
                        }
                        Symbol::Award if self.core.awards_used < v.awards => {
                            self.core.phase = Phase::Award {
                                seat: p.seat,
                                own: p.card.artist,
                            };
                            return;
                        }
                        Symbol::Double if self.holds_artist(p.seat, p.card.artist) => {
                            self.core.phase = Phase::Second {
                                seat: p.seat,
                                hidden: false,
                                artist: p.card.artist,
                            };
                            return;
                        }
                        Symbol::Hidden => {
                            let can = if v.hidden_same_artist {
                                self.holds_artist(p.seat, p.card.artist)
                            } else {
                                self.hand_size(p.seat) > 0
                            };
                            if can {
                                self.core.phase = Phase::Second {
                                    seat: p.seat,
                                    hidden: true,
                                    artist: p.card.artist,
                                };
                                return;
                            }
                        }
                        Symbol::Simultaneous => {
                            let n = self.cfg.players;
                            if let Some(t) = self.last_turn() {
                                t.simultaneous = vec![None; n];
                            }
                            self.core.shown.clear();
                            self.next_simultaneous(0);
                            if matches!(self.core.phase, Phase::Simultaneous { .. }) {
                                return;
                            }
                        }
                        _ => {}
                    }
                }
                Phase::RoundEnd => {
                    if self.cfg.variant.end_play == EndPlay::Blessed {
                        self.next_end_play(0, 0);
                    } else {
                        self.score_round();
                    }
                    if matches!(self.core.phase, Phase::EndPlay { .. } | Phase::GameOver) {
                        return;
                    }
                }
                _ => return,
            }
        }
    }

    /// Rank, pay and score the round, then start the next one (or end the game).
    fn score_round(&mut self) {
        let cfg = self.cfg;
        let (n, a) = (cfg.players, cfg.artists());
        let c = &mut self.core;
        let mut counts = vec![0usize; a];
        for s in 0..n {
            for (t, k) in counts.iter_mut().enumerate() {
                *k += (c.up[s][t] + c.hid[s][t] + c.endp[s][t]) as usize;
            }
        }
        if let Some(e) = c.extra {
            counts[e.artist] += 1;
        }
        let ranking = rank(&counts, cfg.variant.value_points.len());
        let mut points = vec![0i64; a];
        for (place, &t) in ranking.iter().enumerate() {
            points[t] = cfg.variant.value_points[place];
            c.values[t] += points[t];
        }
        let award = cfg.variant.award_value;
        let paid: Vec<i64> = (0..a)
            .map(|t| {
                let tokens = award * c.awards_on[t] as i64;
                if ranking.contains(&t) {
                    c.values[t] + tokens
                } else if cfg.variant.award_pays_unranked {
                    tokens
                } else {
                    0
                }
            })
            .collect();
        let round_scores: Vec<i64> = (0..n)
            .map(|s| {
                (0..a)
                    .map(|t| (c.up[s][t] + c.hid[s][t] + c.endp[s][t]) as i64 * paid[t])
                    .sum()
            })
            .collect();
        let summary = RoundSummary {
            starter: c.starter,
            closer: c.closer,
            face_up: c.up.to_usize(),
            hidden: c.hid.to_usize(),
            end_play: c.endp.to_usize(),
            extra: c.extra,
            counts,
            ranking,
            points,
            awards: c.awards_on.iter().map(|&x| x as usize).collect(),
            paid,
            scores: round_scores.clone(),
        };
        if self.recording {
            self.summaries.push(summary);
        }
        for (s, v) in round_scores.iter().enumerate() {
            self.scores[s] += v;
        }
        c.starter = match (c.closer, c.last_player) {
            (Some(p), _) | (None, Some(p)) => (p + 1) % n,
            (None, None) => c.starter,
        };
        c.round += 1;
        if c.round >= cfg.variant.rounds {
            c.phase = Phase::GameOver;
        } else {
            self.start_round();
        }
    }
}

/// Symbols `chain_symbols` resolves on second and simultaneous cards.
fn chainable(s: Symbol) -> bool {
    matches!(s, Symbol::Draw | Symbol::Award)
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
