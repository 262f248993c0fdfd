//! A round's course: dealing and the extra card, turns, the simultaneous and end-play
//! steps, and settling every automatic step until a player must act.

use crate::modern_art::record::RoundRecord;
use crate::modern_art::rules::{EndPlay, Symbol};

use super::core::Grid;
use super::state::State;
use super::Phase;

impl<'a> State<'a> {
    pub(super) fn start_round(&mut self) {
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

    pub(super) fn begin_turns(&mut self) {
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

    pub(super) fn next_simultaneous(&mut self, step: usize) {
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

    pub(super) fn next_end_play(&mut self, seat: usize, artist: usize) {
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
    pub(super) fn settle(&mut self) {
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
}

/// Symbols `chain_symbols` resolves on second and simultaneous cards.
pub(super) fn chainable(s: Symbol) -> bool {
    matches!(s, Symbol::Draw | Symbol::Award)
}
