//! Exhaustive search through the referee: the true maximum of a miniature variant.
//!
//! Everyone cooperates and the deal is free (the spec's "maximum possible score"), so
//! every node — chance or decision — is a maximising node, and the value of a state is
//! the most objective it can still gain. That value depends only on the state's
//! [`Core`] (hands, cards out of the deck, table, values, awards, whose move), never on
//! the scores so far, so it is memoised on the core.
//!
//! Obviously right first: every move is an engine move from [`State::legal_actions`];
//! the one reduction is that a seat's deal is enumerated as a multiset (the order in
//! which one seat receives its cards changes nothing), applied card by card through the
//! engine. The best line is rebuilt from the memo and replayed by the referee.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use anyhow::{anyhow, bail, Result};

use super::engine::{self, card_at, Action, Phase, State};
use super::record::Record;
use super::rules::Config;

/// FxHash (the rustc hasher): the memo's keys are small integers, SipHash would
/// dominate the run time.
#[derive(Default, Clone, Copy)]
struct Fx(u64);

impl Hasher for Fx {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            self.write_u64(u64::from_le_bytes(c.try_into().expect("8 bytes")));
        }
        let mut last = 0u64;
        for (i, &b) in chunks.remainder().iter().enumerate() {
            last |= (b as u64) << (8 * i);
        }
        self.write_u64(last);
    }
    fn write_u8(&mut self, i: u8) {
        self.write_u64(i as u64);
    }
    fn write_usize(&mut self, i: usize) {
        self.write_u64(i as u64);
    }
    fn write_u64(&mut self, i: u64) {
        self.0 = (self.0.rotate_left(5) ^ i).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

/// The best move(s) from a state: one action, or a seat's whole deal.
#[derive(Debug, Clone)]
enum Best {
    One(Action),
    Deal(Box<[Action]>),
}

impl Best {
    fn actions(&self) -> &[Action] {
        match self {
            Best::One(a) => std::slice::from_ref(a),
            Best::Deal(v) => v,
        }
    }
}

type Memo = HashMap<Box<[u8]>, (i64, Best), BuildHasherDefault<Fx>>;

/// What is maximised: one seat's final score, or the total of all seats.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Objective {
    Player(usize),
    Total,
}

impl Objective {
    /// From the CLI/episode form: `max-player` with a seat, or `max-total`.
    pub fn parse(objective: &str, player: Option<usize>) -> Result<Objective> {
        match (objective, player) {
            ("max-player", Some(p)) => Ok(Objective::Player(p)),
            ("max-player", None) => bail!("objective `max-player` needs a player"),
            ("max-total", None) => Ok(Objective::Total),
            ("max-total", Some(_)) => bail!("objective `max-total` is about all players, not one"),
            (o, _) => bail!("unknown objective `{o}` (known: max-player, max-total)"),
        }
    }

    fn of_state(&self, st: &State) -> i64 {
        self.of(st.scores())
    }

    fn of(&self, scores: &[i64]) -> i64 {
        match *self {
            Objective::Player(p) => scores[p],
            Objective::Total => scores.iter().sum(),
        }
    }
}

/// Statistics of a search.
#[derive(Debug, Clone, Copy, Default)]
pub struct Stats {
    /// Distinct states valued (memo entries).
    pub states: usize,
}

struct Searcher {
    objective: Objective,
    memo: Memo,
}

impl Searcher {
    /// The most objective `st` can still gain, and (memoised) the move(s) that get it.
    fn value(&mut self, st: &State) -> i64 {
        if st.is_terminal() {
            return 0;
        }
        let key = st.core().key().into_boxed_slice();
        if let Some(&(v, _)) = self.memo.get(&key) {
            return v;
        }
        let before = self.objective.of_state(st);
        let mut best: Option<(i64, Best)> = None;
        match st.phase() {
            Phase::Deal { seat, .. } => {
                let mut seq = Vec::new();
                self.deal_seat(st, seat, 0, &mut seq, before, &mut best);
            }
            _ => {
                for a in st.legal_actions() {
                    let mut child = st.clone();
                    child
                        .apply_action(a)
                        .expect("legal_actions gives legal actions");
                    let v = self.objective.of_state(&child) - before + self.value(&child);
                    if best.as_ref().is_none_or(|(b, _)| v > *b) {
                        best = Some((v, Best::One(a)));
                    }
                }
            }
        }
        let best = best.expect("a non-terminal state has a move");
        let v = best.0;
        self.memo.insert(key, best);
        v
    }

    /// Every multiset of cards for `seat`'s deal (kinds in non-decreasing order).
    fn deal_seat(
        &mut self,
        st: &State,
        seat: usize,
        floor: usize,
        seq: &mut Vec<Action>,
        before: i64,
        best: &mut Option<(i64, Best)>,
    ) {
        let dealing =
            seq.is_empty() || matches!(st.phase(), Phase::Deal { seat: s, .. } if s == seat);
        if !dealing {
            let v = self.objective.of_state(st) - before + self.value(st);
            if best.as_ref().is_none_or(|(b, _)| v > *b) {
                *best = Some((v, Best::Deal(seq.clone().into_boxed_slice())));
            }
            return;
        }
        let kinds = st.config().artists() * 6;
        for i in floor..kinds {
            if st.supply_left(i) == 0 {
                continue;
            }
            let a = Action::Deal(card_at(i));
            let mut child = st.clone();
            child.apply_action(a).expect("supply checked");
            seq.push(a);
            self.deal_seat(&child, seat, i, seq, before, best);
            seq.pop();
        }
    }
}

/// The maximum of `objective` (`max-player` with `player`, or `max-total`) over every
/// deal and every play, and a game reaching it (replayed by the referee before it is
/// returned).
pub fn maximise(config: &Config, objective: &str, player: Option<usize>) -> Result<(i64, Record)> {
    let (v, record, _) = maximise_with_stats(config, objective, player)?;
    Ok((v, record))
}

/// [`maximise`], with statistics.
pub fn maximise_with_stats(
    config: &Config,
    objective: &str,
    player: Option<usize>,
) -> Result<(i64, Record, Stats)> {
    let obj = Objective::parse(objective, player)?;
    engine::supported(config).map_err(|m| anyhow!(m))?;
    if let Objective::Player(p) = obj {
        if p >= config.players {
            bail!(
                "player {} does not exist: {} players (P1..P{})",
                p + 1,
                config.players,
                config.players
            );
        }
    }
    let mut s = Searcher {
        objective: obj,
        memo: Memo::default(),
    };
    let value = s.value(&State::unrecorded(config));
    let root = State::new(config);
    // Rebuild the best line from the memo.
    let mut st = root;
    while !st.is_terminal() {
        let (_, moves) = s
            .memo
            .get(st.core().key().as_slice())
            .cloned()
            .ok_or_else(|| anyhow!("search: the best line left the memo (a bug)"))?;
        for &a in moves.actions() {
            st.apply_action(a)
                .map_err(|m| anyhow!("search: the best line is illegal ({m}; a bug)"))?;
        }
    }
    let got = obj.of(st.scores());
    if got != value {
        bail!("search: the best line scores {got}, the search valued it {value} (a bug)");
    }
    let record = st.record().clone();
    let out = engine::replay(config, &record)
        .map_err(|v| anyhow!("search: the referee rejects the best line: {v} (a bug)"))?;
    if obj.of(&out.scores) != value {
        bail!("search: the replay scores differ from the search (a bug)");
    }
    Ok((
        value,
        record,
        Stats {
            states: s.memo.len(),
        },
    ))
}
