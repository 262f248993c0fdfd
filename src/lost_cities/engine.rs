//! The referee: one round of two-player Lost Cities in the OpenSpiel shape — a [`State`]
//! built from a deck order (the whole chance record), with `legal_actions`,
//! `apply_action`, `is_terminal` and `returns`. A turn is one action: the card, where it
//! goes (own expedition or its colour's discard pile), and where the replacement is drawn
//! from (the draw pile or the top of a discard pile, never the pile just discarded on).
//!
//! Dealing: the first `hand_size` cards of the deck go to player 1, the next `hand_size`
//! to player 2, the rest is the draw pile, top first. Player 1 moves first. The round ends
//! the moment the last card of the draw pile is drawn. This module never looks at the ILP.

use anyhow::{anyhow, bail, Result};
use serde::{Deserialize, Serialize};

use super::cards::{check_full_deck, parse_card, parse_cards, parse_colour, show_cards, Card};
use super::rules::Rules;

/// Where the played card goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Place {
    Expedition,
    Discard,
}

/// Where the replacement card comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Source {
    Deck,
    Pile(u8),
}

/// One turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    pub card: Card,
    pub place: Place,
    pub source: Source,
}

impl Move {
    /// `7O play deck`, `InvD discard M`.
    pub fn show(&self, rules: &Rules) -> String {
        let place = match self.place {
            Place::Expedition => "play",
            Place::Discard => "discard",
        };
        let source = match self.source {
            Source::Deck => "deck".to_string(),
            Source::Pile(c) => rules.colours[c as usize].letter.clone(),
        };
        format!("{} {place} {source}", self.card.show(rules))
    }

    /// Parse `CARD play|discard deck|COLOUR`.
    pub fn parse(rules: &Rules, text: &str) -> Result<Move> {
        let parts: Vec<&str> = text.split_whitespace().collect();
        if parts.len() != 3 {
            bail!(
                "`{}` is not a move: write CARD play|discard deck|COLOUR, e.g. `7O play deck` \
                 or `InvD discard M`",
                text.trim()
            );
        }
        let card = parse_card(rules, parts[0])?;
        let place = match parts[1].to_ascii_lowercase().as_str() {
            "play" | "p" | "expedition" => Place::Expedition,
            "discard" | "d" => Place::Discard,
            other => bail!("`{other}` in `{}`: write play or discard", text.trim()),
        };
        let source = if parts[2].eq_ignore_ascii_case("deck") {
            Source::Deck
        } else {
            Source::Pile(parse_colour(rules, parts[2]).map_err(|_| {
                anyhow!(
                    "`{}` in `{}`: draw from `deck` or a colour's discard pile",
                    parts[2],
                    text.trim()
                )
            })?)
        };
        Ok(Move {
            card,
            place,
            source,
        })
    }
}

/// A game record: the deck order, then every turn in order (player 1 first).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RecordText {
    /// All cards, space separated: player 1's hand, player 2's hand, then the draw pile top first.
    pub deck: String,
    /// One move per turn, e.g. `7O play deck`.
    pub moves: Vec<String>,
}

/// A parsed record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    pub deck: Vec<Card>,
    pub moves: Vec<Move>,
}

impl Record {
    pub fn to_text(&self, rules: &Rules) -> RecordText {
        RecordText {
            deck: show_cards(rules, &self.deck),
            moves: self.moves.iter().map(|m| m.show(rules)).collect(),
        }
    }

    pub fn from_text(rules: &Rules, t: &RecordText) -> Result<Record> {
        let deck = parse_cards(rules, &t.deck).map_err(|e| anyhow!("record deck: {e}"))?;
        let moves = t
            .moves
            .iter()
            .enumerate()
            .map(|(i, m)| Move::parse(rules, m).map_err(|e| anyhow!("record turn {}: {e}", i + 1)))
            .collect::<Result<Vec<_>>>()?;
        Ok(Record { deck, moves })
    }

    /// The plain-text file form: a `deck ...` line, then one move per line; `#` comments.
    pub fn parse_file(rules: &Rules, text: &str) -> Result<Record> {
        let mut deck = None;
        let mut moves = Vec::new();
        for (no, raw) in text.lines().enumerate() {
            let line = raw.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            if deck.is_none() {
                let Some(rest) = line.strip_prefix("deck") else {
                    bail!("line {}: a record starts with `deck CARD CARD ...`", no + 1);
                };
                deck = Some(parse_cards(rules, rest).map_err(|e| anyhow!("line {}: {e}", no + 1))?);
            } else {
                moves.push(Move::parse(rules, line).map_err(|e| anyhow!("line {}: {e}", no + 1))?);
            }
        }
        let deck = deck.ok_or_else(|| anyhow!("the record is empty: it starts with `deck ...`"))?;
        Ok(Record { deck, moves })
    }

    pub fn to_file(&self, rules: &Rules) -> String {
        let mut s = format!("# lost-cities record, variant {}\n", rules.name);
        s += &format!("deck {}\n", show_cards(rules, &self.deck));
        for (i, m) in self.moves.iter().enumerate() {
            s += &format!("{}  # turn {} player {}\n", m.show(rules), i + 1, i % 2 + 1);
        }
        s
    }
}

/// The state of a round.
#[derive(Debug, Clone)]
pub struct State<'r> {
    rules: &'r Rules,
    deck: Vec<Card>,
    /// Index in `deck` of the top of the draw pile.
    next: usize,
    hands: [Vec<Card>; 2],
    /// `exps[p][c]`: player p's expedition of colour c, in play order.
    exps: [Vec<Vec<Card>>; 2],
    /// Discard piles, bottom first.
    piles: Vec<Vec<Card>>,
    player: usize,
    history: Vec<Move>,
}

impl<'r> State<'r> {
    /// Deal from a full deck order.
    pub fn new(rules: &'r Rules, deck: Vec<Card>) -> Result<State<'r>> {
        check_full_deck(rules, &deck)?;
        let h = rules.hand_size;
        let n = rules.colour_count();
        Ok(State {
            rules,
            hands: [deck[..h].to_vec(), deck[h..2 * h].to_vec()],
            next: 2 * h,
            deck,
            exps: [vec![Vec::new(); n], vec![Vec::new(); n]],
            piles: vec![Vec::new(); n],
            player: 0,
            history: Vec::new(),
        })
    }

    pub fn rules(&self) -> &'r Rules {
        self.rules
    }

    /// 0 for player 1, 1 for player 2.
    pub fn current_player(&self) -> usize {
        self.player
    }

    pub fn hand(&self, p: usize) -> &[Card] {
        &self.hands[p]
    }

    pub fn expedition(&self, p: usize, colour: u8) -> &[Card] {
        &self.exps[p][colour as usize]
    }

    pub fn pile(&self, colour: u8) -> &[Card] {
        &self.piles[colour as usize]
    }

    pub fn pile_top(&self, colour: u8) -> Option<Card> {
        self.piles[colour as usize].last().copied()
    }

    /// Cards left in the draw pile.
    pub fn draw_pile_len(&self) -> usize {
        self.deck.len() - self.next
    }

    /// The draw pile, top first (the referee and cooperative searches know it; bots must not look).
    pub fn draw_pile(&self) -> &[Card] {
        &self.deck[self.next..]
    }

    pub fn deck(&self) -> &[Card] {
        &self.deck
    }

    pub fn history(&self) -> &[Move] {
        &self.history
    }

    pub fn record(&self) -> Record {
        Record {
            deck: self.deck.clone(),
            moves: self.history.clone(),
        }
    }

    /// Turns played so far.
    pub fn turn(&self) -> usize {
        self.history.len()
    }

    /// Can player `p` add `card` to its expedition now?
    pub fn can_play(&self, p: usize, card: Card) -> bool {
        match self.exps[p][card.colour as usize].last() {
            None => true,
            Some(top) if card.is_wager() => top.is_wager(),
            Some(top) => card.rank > top.rank,
        }
    }

    pub fn is_terminal(&self) -> bool {
        self.next >= self.deck.len()
    }

    /// Every legal move of the player to move (identical wagers give one move each way).
    pub fn legal_actions(&self) -> Vec<Move> {
        let mut out = Vec::new();
        if self.is_terminal() {
            return out;
        }
        let p = self.player;
        let mut seen: Vec<Card> = Vec::with_capacity(self.rules.hand_size);
        for &card in &self.hands[p] {
            if seen.contains(&card) {
                continue;
            }
            seen.push(card);
            for place in [Place::Expedition, Place::Discard] {
                if place == Place::Expedition && !self.can_play(p, card) {
                    continue;
                }
                out.push(Move {
                    card,
                    place,
                    source: Source::Deck,
                });
                for c in 0..self.piles.len() as u8 {
                    if self.piles[c as usize].is_empty()
                        || (place == Place::Discard && c == card.colour)
                    {
                        continue;
                    }
                    out.push(Move {
                        card,
                        place,
                        source: Source::Pile(c),
                    });
                }
            }
        }
        out
    }

    /// Why a move is illegal now, or `Ok`.
    pub fn check(&self, m: &Move) -> std::result::Result<(), String> {
        let r = self.rules;
        if self.is_terminal() {
            return Err("the round is over: the draw pile is empty".into());
        }
        if (m.card.colour as usize) >= r.colour_count() {
            return Err(format!("{} is not a card of {}", m.card, r.name));
        }
        let p = self.player;
        if !self.hands[p].contains(&m.card) {
            return Err(format!(
                "player {} does not hold {} (hand: {})",
                p + 1,
                m.card.show(r),
                show_cards(r, &self.hands[p])
            ));
        }
        if m.place == Place::Expedition && !self.can_play(p, m.card) {
            let exp = &self.exps[p][m.card.colour as usize];
            return Err(format!(
                "{} cannot go on player {}'s expedition after {} (expeditions go up: wagers \
                 first, then higher numbers)",
                m.card.show(r),
                p + 1,
                exp.last().map(|c| c.show(r)).unwrap_or_default()
            ));
        }
        if let Source::Pile(c) = m.source {
            if (c as usize) >= r.colour_count() {
                return Err(format!("there is no discard pile {c}"));
            }
            let letter = &r.colours[c as usize].letter;
            if m.place == Place::Discard && c == m.card.colour {
                return Err(format!(
                    "cannot draw back {} from the {letter} pile: it was just discarded",
                    m.card.show(r)
                ));
            }
            if self.piles[c as usize].is_empty() {
                return Err(format!("the {letter} discard pile is empty"));
            }
        }
        Ok(())
    }

    /// Apply a move after checking it.
    pub fn apply_action(&mut self, m: Move) -> std::result::Result<(), String> {
        self.check(&m)?;
        self.apply_unchecked(m);
        Ok(())
    }

    /// Apply a move known to be legal (from `legal_actions`).
    pub fn apply_unchecked(&mut self, m: Move) {
        let p = self.player;
        let hand = &mut self.hands[p];
        let i = hand
            .iter()
            .position(|&c| c == m.card)
            .expect("card in hand");
        hand.remove(i);
        match m.place {
            Place::Expedition => self.exps[p][m.card.colour as usize].push(m.card),
            Place::Discard => self.piles[m.card.colour as usize].push(m.card),
        }
        let drawn = match m.source {
            Source::Deck => {
                self.next += 1;
                self.deck[self.next - 1]
            }
            Source::Pile(c) => self.piles[c as usize].pop().expect("non-empty pile"),
        };
        self.hands[p].push(drawn);
        self.history.push(m);
        self.player = 1 - p;
    }

    /// Chance choice for a free deck order: move the draw pile's card at offset `i` to the
    /// top before drawing. With a free order, choosing the top card at each draw is the same
    /// as choosing the whole order up front; the record's deck shows the final order.
    pub fn bring_to_top(&mut self, i: usize) {
        let n = self.next;
        self.deck.swap(n, n + i);
    }

    /// Drop the move history (searches that only need positions clone states cheaper).
    pub fn clear_history(&mut self) {
        self.history.clear();
    }

    /// Compact key of the position (hands as sets, draw pile as a set when `free`) for
    /// exhaustive searches that merge transpositions.
    pub fn key(&self, free: bool) -> Vec<u16> {
        // Ranks are below 100 and colours below 8: one u16 per card, separators above.
        let enc = |c: &Card| c.colour as u16 * 128 + c.rank as u16;
        let mut k = vec![self.player as u16];
        for p in 0..2 {
            let mut h: Vec<u16> = self.hands[p].iter().map(enc).collect();
            h.sort_unstable();
            k.extend(h);
            k.push(u16::MAX);
            for e in &self.exps[p] {
                k.extend(e.iter().map(enc));
                k.push(u16::MAX - 1);
            }
        }
        for pile in &self.piles {
            k.extend(pile.iter().map(enc));
            k.push(u16::MAX - 2);
        }
        if free {
            let mut d: Vec<u16> = self.deck[self.next..].iter().map(enc).collect();
            d.sort_unstable();
            k.extend(d);
        } else {
            k.push(self.next as u16);
        }
        k
    }

    /// Player p's round score.
    pub fn score(&self, p: usize) -> i32 {
        self.exps[p]
            .iter()
            .map(|e| self.rules.expedition_score(e))
            .sum()
    }

    /// Both players' scores (OpenSpiel's `returns`).
    pub fn returns(&self) -> [f64; 2] {
        [self.score(0) as f64, self.score(1) as f64]
    }

    /// All of player p's expedition cards.
    pub fn expedition_cards(&self, p: usize) -> Vec<Card> {
        self.exps[p].iter().flatten().copied().collect()
    }
}

/// Why a replay failed: the first illegal move (or an unfinished record).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Illegal {
    /// 1-based turn.
    pub turn: usize,
    pub reason: String,
}

impl std::fmt::Display for Illegal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "turn {}: {}", self.turn, self.reason)
    }
}

/// Replay a record from the deal to the end of the round. The deck must be a full deck
/// (a bad deck is an input error); the first illegal move, moves after the end, or a
/// record that stops before the draw pile is empty are [`Illegal`].
pub fn replay<'r>(
    rules: &'r Rules,
    record: &Record,
) -> Result<std::result::Result<State<'r>, Illegal>> {
    let mut s = State::new(rules, record.deck.clone())?;
    for (i, m) in record.moves.iter().enumerate() {
        if s.is_terminal() {
            return Ok(Err(Illegal {
                turn: i + 1,
                reason: "the round already ended when the last card of the draw pile was drawn"
                    .into(),
            }));
        }
        let player = s.current_player() + 1;
        if let Err(e) = s.apply_action(*m) {
            return Ok(Err(Illegal {
                turn: i + 1,
                reason: format!("player {player} `{}`: {e}", m.show(rules)),
            }));
        }
    }
    if !s.is_terminal() {
        return Ok(Err(Illegal {
            turn: record.moves.len() + 1,
            reason: format!(
                "the record stops but the draw pile still holds {} card(s): the round ends only \
                 when it is empty",
                s.draw_pile_len()
            ),
        }));
    }
    Ok(Ok(s))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    fn rules() -> Rules {
        Rules::classic(5).unwrap()
    }

    #[test]
    fn move_text_roundtrip() {
        let r = rules();
        for t in ["7O play deck", "InvD discard M", "10V play J"] {
            assert_eq!(Move::parse(&r, t).unwrap().show(&r), t);
        }
        assert!(Move::parse(&r, "7O play").is_err());
        assert!(Move::parse(&r, "7O throw deck").is_err());
        assert!(Move::parse(&r, "7O play X").is_err());
    }

    #[test]
    fn expedition_order_and_discard_redraw_rules() {
        let r = rules();
        let p = |s: &str| parse_cards(&r, s).unwrap();
        // Player 1: InvD 5D 3D 9O 2M 2J 2V 3V; player 2: 4D 6D ...; rest in order.
        let mut deck = p("InvD 5D 3D 9O 2M 2J 2V 3V 4D 6D 7D 8D 9D 10D InvO InvO");
        for c in r.full_deck() {
            let have = deck.iter().filter(|&&d| d == c).count();
            let want = r.full_deck().iter().filter(|&&d| d == c).count();
            for _ in have..want {
                deck.push(c);
            }
        }
        let mut s = State::new(&r, deck).unwrap();
        let mv = |t: &str| Move::parse(&r, t).unwrap();
        s.apply_action(mv("5D play deck")).unwrap();
        // Player 2 discards 4D, cannot draw it back.
        let e = s.apply_action(mv("4D discard D")).unwrap_err();
        assert!(e.contains("just discarded"), "{e}");
        s.apply_action(mv("4D discard deck")).unwrap();
        // Player 1: a wager after a number, and a lower number, are illegal.
        let e = s.apply_action(mv("InvD play deck")).unwrap_err();
        assert!(e.contains("expeditions go up"), "{e}");
        let e = s.apply_action(mv("3D play deck")).unwrap_err();
        assert!(e.contains("cannot go on"), "{e}");
        // Player 1 takes 4D from the D pile (legal: it was player 2's discard).
        s.apply_action(mv("9O play D")).unwrap();
        assert!(s.hand(0).contains(&Card::number(0, 4)));
        assert_eq!(s.pile_top(0), None);
        assert_eq!(s.score(0), (5 - 20) + (9 - 20));
    }

    #[test]
    fn random_playthroughs_end_and_replay() {
        let r = Rules::classic(6).unwrap();
        let mut rng = Rng::new(3);
        for _ in 0..200 {
            let mut deck = r.full_deck();
            rng.shuffle(&mut deck);
            let mut s = State::new(&r, deck).unwrap();
            let mut turns = 0;
            while !s.is_terminal() && turns < 3000 {
                let moves = s.legal_actions();
                assert!(!moves.is_empty());
                for m in &moves {
                    assert!(s.check(m).is_ok(), "{m:?}");
                }
                let m = moves[rng.index(moves.len())];
                s.apply_action(m).unwrap();
                turns += 1;
                // Conservation: 72 cards everywhere.
                let total = s.hand(0).len()
                    + s.hand(1).len()
                    + s.draw_pile_len()
                    + (0..6).map(|c| s.pile(c).len()).sum::<usize>()
                    + s.expedition_cards(0).len()
                    + s.expedition_cards(1).len();
                assert_eq!(total, 72);
                assert_eq!(s.hand(0).len(), 8);
                assert_eq!(s.hand(1).len(), 8);
            }
            if s.is_terminal() {
                let rec = s.record();
                let back = replay(&r, &rec).unwrap().unwrap();
                assert_eq!(back.returns(), s.returns());
                let text = rec.to_file(&r);
                assert_eq!(Record::parse_file(&r, &text).unwrap(), rec);
            }
        }
    }

    #[test]
    fn replay_names_first_illegal_move() {
        let r = rules();
        let deck = r.full_deck();
        let mut s = State::new(&r, deck.clone()).unwrap();
        let m = s.legal_actions()[0];
        s.apply_action(m).unwrap();
        let mut rec = s.record();
        rec.moves.push(Move::parse(&r, "10V play deck").unwrap());
        let e = replay(&r, &rec).unwrap().unwrap_err();
        assert_eq!(e.turn, 2);
        assert!(
            e.reason.contains("player 2") && e.reason.contains("does not hold 10V"),
            "{e}"
        );
        rec.moves.pop();
        let e = replay(&r, &rec).unwrap().unwrap_err();
        assert!(e.reason.contains("still holds"), "{e}");
    }
}
