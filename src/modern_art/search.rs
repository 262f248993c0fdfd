//! Exhaustive search through the referee: the true maximum of a miniature variant.
//!
//! Everyone cooperates and the deal is free (the spec's "maximum possible score"), so
//! every node — chance or decision — is a maximising node, and the value of a state is
//! the most objective it can still gain. That value depends only on the state's
//! `Core` (hands, cards out of the deck, table, values, awards, whose move), never on
//! the scores so far, so it is memoised on the core's byte key.
//!
//! Obviously right first: every move is an engine move from [`State::legal_actions`].
//! Two ways to treat the deal, checked against each other by the tests:
//! - [`Mode::Eager`]: each seat's deal is enumerated as a multiset (the order in which
//!   one seat receives its cards changes nothing), applied card by card.
//! - [`Mode::Lazy`] (default): dealt and drawn cards stay anonymous ([`State::lazy`])
//!   until displayed, when the search picks their kind among those the deck still has.
//!   Any lazy game is a real game with a suitable deal and vice versa, so the maxima
//!   agree; the lazy best line is given concrete cards ([`concrete`]).
//!
//! Either way the best line is rebuilt from the memo, replayed on a recording engine
//! state, and finally replayed from its record by [`engine::replay`].

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use anyhow::{anyhow, bail, Result};

use super::engine::{self, card_at, symbol_index, Action, Phase, State};
use super::episode;
use super::record::{Card, Record};
use super::rules::Config;
use super::rules::Symbol;

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

/// What one search maximises: a weighted sum of the final scores. Weighted sums are
/// additive over rounds, which is what lets the value-to-go be memoised.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Weights(pub Vec<i64>);

impl Weights {
    fn of_state(&self, st: &State) -> i64 {
        self.of(st.scores())
    }

    fn of(&self, scores: &[i64]) -> i64 {
        self.0.iter().zip(scores).map(|(w, s)| w * s).sum()
    }
}

/// The weighted searches whose best is the objective's maximum: `max-player` (one seat,
/// or every seat in turn), `max-total`, and, for two players, `max-margin` (each seat's
/// score minus the other's). `min-winner` and margins of three or more players are not
/// weighted sums, so the search does not offer them.
pub fn weightings(objective: &str, player: Option<usize>, players: usize) -> Result<Vec<Weights>> {
    let unit = |p: usize| Weights((0..players).map(|q| i64::from(q == p)).collect());
    if let Some(p) = player {
        if p >= players {
            bail!(
                "player {} does not exist: {players} players (P1..P{players})",
                p + 1
            );
        }
    }
    let seats: Vec<usize> = match player {
        Some(p) => vec![p],
        None => (0..players).collect(),
    };
    Ok(match objective {
        "max-player" => seats.into_iter().map(unit).collect(),
        "max-total" => vec![Weights(vec![1; players])],
        "max-margin" if players == 2 => seats
            .into_iter()
            .map(|p| Weights((0..2).map(|q| if q == p { 1 } else { -1 }).collect()))
            .collect(),
        "max-margin" => bail!(
            "the search finds max-margin for 2 players only (with more, winner minus runner-up is not a sum over rounds)"
        ),
        "min-winner" => bail!(
            "the search does not find min-winner (the winner's score is not a sum over rounds)"
        ),
        o => bail!("unknown objective `{o}` (the search knows: max-player, max-total, max-margin for 2 players)"),
    })
}

/// Statistics of a search.
#[derive(Debug, Clone, Copy, Default)]
pub struct Stats {
    /// Distinct states valued (memo entries).
    pub states: usize,
}

struct Searcher {
    objective: Weights,
    /// Search on [`State::lazy`] states (the default) or on eager ones.
    lazy: bool,
    memo: Memo,
    /// Give up once the memo holds this many states (memory stays bounded on variants
    /// too big for an exhaustive search).
    limit: usize,
    gave_up: bool,
    /// `--time-limit`: give up (with [`Searcher::timed_out`]) once it passes.
    deadline: Option<std::time::Instant>,
    timed_out: bool,
}

/// The state limit of one search (about half a gigabyte of memo).
pub const STATE_LIMIT: usize = 2_000_000;

impl Searcher {
    /// The most objective `st` can still gain, and (memoised) the move(s) that get it.
    fn value(&mut self, st: &State) -> i64 {
        if st.is_terminal() || self.gave_up {
            return 0;
        }
        let key = st.core().key().into_boxed_slice();
        if let Some(&(v, _)) = self.memo.get(&key) {
            return v;
        }
        let before = self.objective.of_state(st);
        let mut best: Option<(i64, Best)> = None;
        match st.phase() {
            Phase::Deal { seat, .. } if !self.lazy => {
                let mut seq = Vec::new();
                self.deal_seat(st, seat, 0, &mut seq, before, &mut best);
            }
            _ => {
                for a in st.legal_actions() {
                    let mut child = st.clone();
                    child
                        .apply_action(a)
                        .expect("legal_actions gives legal actions");
                    let gain = self.objective.of_state(&child) - before;
                    if let Some((b, _)) = &best {
                        // A child that cannot beat the best so far needs no value: the
                        // node's own value stays exact.
                        if self.lazy && gain + self.upper(&child) <= *b {
                            continue;
                        }
                    }
                    let v = gain + self.value(&child);
                    if best.as_ref().is_none_or(|(b, _)| v > *b) {
                        best = Some((v, Best::One(a)));
                    }
                }
            }
        }
        let best = best.expect("a non-terminal state has a move");
        let v = best.0;
        self.memo.insert(key, best);
        if self.memo.len() >= self.limit {
            self.gave_up = true;
        }
        if self.memo.len().is_multiple_of(1024)
            && self
                .deadline
                .is_some_and(|d| std::time::Instant::now() >= d)
        {
            self.gave_up = true;
            self.timed_out = true;
        }
        v
    }

    /// An upper bound on what `st` can still gain: every card a seat shows this round or
    /// later (on the table now, in hand, still to be dealt, brought by a draw, or chosen
    /// for a simultaneous play not yet shown — the last two counted for every seat) paid
    /// at the highest value any artist could reach by the last round.
    fn upper(&self, st: &State) -> i64 {
        if st.is_terminal() {
            return 0;
        }
        let c = st.config();
        let core = st.core();
        let v = &c.variant;
        let rounds_left = (v.rounds - core.round) as i64;
        let tokens_left = (v.awards - core.awards_used) as i64;
        let top = (0..c.artists())
            .map(|a| core.values[a] + v.award_value * core.awards_on[a] as i64)
            .max()
            .unwrap_or(0);
        let value = top
            + v.value_points.first().copied().unwrap_or(0) * rounds_left
            + v.award_value * tokens_left;
        let draw = symbol_index(Symbol::Draw);
        let draws: usize = (0..c.artists())
            .map(|a| {
                let i = a * 6 + draw;
                st.supply_left(i)
                    + (0..c.players)
                        .map(|q| core.hands[q][i] as usize)
                        .sum::<usize>()
            })
            .sum::<usize>()
            + st.pending()
            + usize::from(matches!(st.phase(), Phase::Draw { .. }));
        // Deals still to come (this round's too while it is being dealt).
        let first = if matches!(st.phase(), Phase::Deal { .. }) {
            core.round
        } else {
            core.round + 1
        };
        let deals: usize = (first..v.rounds).map(|r| c.deal(r)).sum();
        self.objective
            .0
            .iter()
            .enumerate()
            .filter(|(_, &w)| w > 0)
            .map(|(q, &w)| {
                let table: usize = (0..c.artists())
                    .map(|a| (core.up[q][a] + core.hid[q][a] + core.endp[q][a]) as usize)
                    .sum();
                let cards = table + st.hand_size(q) + deals + draws;
                w * cards as i64 * value
            })
            .sum()
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

/// How the search treats the deal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// Dealt and drawn cards stay anonymous until displayed ([`State::lazy`]); the best
    /// line is then given concrete cards. Fast; the default.
    Lazy,
    /// Every seat's deal is enumerated as a multiset up front. Slow but literal: the
    /// tests check that both modes find the same maxima.
    Eager,
}

/// The maximum of `objective` (see [`weightings`]; `player` is the 0-based seat it is
/// about, if any) over every deal and every play, and a game reaching it (replayed by the
/// referee before it is returned).
pub fn maximise(config: &Config, objective: &str, player: Option<usize>) -> Result<(i64, Record)> {
    let (v, record, _) = maximise_with(config, objective, player, Mode::Lazy)?;
    Ok((v, record))
}

/// [`maximise`], with statistics.
pub fn maximise_with_stats(
    config: &Config,
    objective: &str,
    player: Option<usize>,
) -> Result<(i64, Record, Stats)> {
    maximise_with(config, objective, player, Mode::Lazy)
}

/// [`maximise`] in a chosen [`Mode`], with statistics (summed over the weighted searches).
pub fn maximise_with(
    config: &Config,
    objective: &str,
    player: Option<usize>,
    mode: Mode,
) -> Result<(i64, Record, Stats)> {
    maximise_within(config, objective, player, mode, None)
}

/// [`maximise_with`] that gives up at `deadline` (`--time-limit`) with an error saying
/// how far it got: an unfinished exhaustive search has no game it can vouch for.
pub fn maximise_within(
    config: &Config,
    objective: &str,
    player: Option<usize>,
    mode: Mode,
    deadline: Option<std::time::Instant>,
) -> Result<(i64, Record, Stats)> {
    engine::supported(config).map_err(|m| anyhow!(m))?;
    let cards: usize = (0..config.artists()).map(|a| config.cards_of(a)).sum();
    if cards > 255 {
        bail!("the search is for miniatures: the deck has {cards} cards (at most 255)");
    }
    let mut best: Option<(i64, Record)> = None;
    let mut stats = Stats::default();
    for w in weightings(objective, player, config.players)? {
        let (value, record, states) = search(config, w, mode, deadline)?;
        stats.states += states;
        if best.as_ref().is_none_or(|(b, _)| value > *b) {
            best = Some((value, record));
        }
    }
    let (value, record) = best.expect("every objective has at least one weighting");
    let out = engine::replay(config, &record)
        .map_err(|v| anyhow!("search: the referee rejects the best line: {v} (a bug)"))?;
    let replayed = episode::objective_value(objective, player, &out.scores)?;
    if replayed != value {
        bail!("search: the best line gives {objective} = {replayed}, the search valued it {value} (a bug)");
    }
    Ok((value, record, stats))
}

/// One weighted search: its value, the best line's record and the number of states.
fn search(
    config: &Config,
    w: Weights,
    mode: Mode,
    deadline: Option<std::time::Instant>,
) -> Result<(i64, Record, usize)> {
    let lazy = mode == Mode::Lazy;
    let mut s = Searcher {
        objective: w,
        lazy,
        memo: Memo::default(),
        limit: STATE_LIMIT,
        gave_up: false,
        deadline,
        timed_out: false,
    };
    let root = if lazy {
        State::lazy(config)
    } else {
        State::unrecorded(config)
    };
    let value = s.value(&root);
    if s.timed_out {
        bail!(
            "the search reached --time-limit after valuing {} states of variant `{}` with {} \
             players, without finishing: an unfinished exhaustive search proves nothing, so \
             there is no game to report (`modern-art solve` gives a best game and a bound \
             within a time limit)",
            s.memo.len(),
            config.variant.name,
            config.players
        );
    }
    if s.gave_up {
        bail!(
            "the search gave up after {} states: variant `{}` with {} players is too big for an \
             exhaustive search (use a miniature such as models/modern-art/mini/m01-plain.json, or \
             `modern-art solve`)",
            s.memo.len(),
            config.variant.name,
            config.players
        );
    }
    // The best line, from the memo: each action with the phase it was taken in.
    let mut line: Vec<(Phase, Option<usize>, Action)> = Vec::new();
    let mut st = root;
    while !st.is_terminal() {
        let (_, moves) = s
            .memo
            .get(st.core().key().as_slice())
            .cloned()
            .ok_or_else(|| anyhow!("search: the best line left the memo (a bug)"))?;
        for &a in moves.actions() {
            line.push((st.phase(), st.seat_in_focus(), a));
            st.apply_action(a)
                .map_err(|m| anyhow!("search: the best line is illegal ({m}; a bug)"))?;
        }
    }
    let got = s.objective.of(st.scores());
    if got != value {
        bail!("search: the best line scores {got}, the search valued it {value} (a bug)");
    }
    let actions = if lazy {
        concrete(config, &line, &st)?
    } else {
        line.into_iter().map(|(_, _, a)| Some(a)).collect()
    };
    // Replay the concrete line on a recording state: that is the record.
    let mut game = State::new(config);
    for (i, a) in actions.into_iter().enumerate() {
        if let Some(a) = a {
            game.apply_action(a).map_err(|m| {
                anyhow!("search: step {i} of the best line is refused ({m}; a bug)")
            })?;
        }
    }
    if !game.is_terminal() {
        bail!("search: the concrete best line does not finish the game (a bug)");
    }
    let got = s.objective.of(game.scores());
    if got != value {
        bail!("search: the concrete best line scores {got}, the search valued it {value} (a bug)");
    }
    Ok((value, game.record().clone(), s.memo.len()))
}

/// Give a lazy line concrete cards. Every anonymous card (a slot, made by a deal or a
/// draw) takes the kind of the card its seat displays when it is first needed (oldest
/// slot first); slots never displayed take any kind the deck still has. Declined
/// choices (`Second(None)`, `EndPlay(None)`) that the concrete game does not ask for —
/// because the seat turns out not to hold such a card — are dropped (`None` entries;
/// the caller checks the rest against the referee).
fn concrete(
    config: &Config,
    line: &[(Phase, Option<usize>, Action)],
    end: &State,
) -> Result<Vec<Option<Action>>> {
    use std::collections::VecDeque;
    let n = config.players;
    let mut slots: Vec<Option<Card>> = Vec::new();
    let mut open: Vec<VecDeque<usize>> = vec![VecDeque::new(); n];
    for &(phase, seat, a) in line {
        match (phase, a) {
            (Phase::Deal { seat, .. }, _) | (Phase::Draw { seat }, _) => {
                open[seat].push_back(slots.len());
                slots.push(None);
            }
            (
                _,
                Action::Play(c)
                | Action::Second(Some(c))
                | Action::Simultaneous(Some(c))
                | Action::EndPlay(Some(c)),
            ) => {
                let seat =
                    seat.ok_or_else(|| anyhow!("search: a display without a seat (a bug)"))?;
                let i = open[seat].pop_front().ok_or_else(|| {
                    anyhow!("search: P{} displays a card it never got (a bug)", seat + 1)
                })?;
                slots[i] = Some(c);
            }
            _ => {}
        }
    }
    // Cards never displayed: any kind the deck still has.
    let kinds = config.artists() * 6;
    let mut left: Vec<usize> = (0..kinds).map(|i| end.supply_left(i)).collect();
    for slot in slots.iter_mut().filter(|s| s.is_none()) {
        let i = (0..kinds)
            .find(|&i| left[i] > 0)
            .ok_or_else(|| anyhow!("search: the deck cannot fill the hands (a bug)"))?;
        left[i] -= 1;
        *slot = Some(card_at(i));
    }
    // The concrete actions; the phases of the concrete game decide which declines stay.
    let mut game = State::unrecorded(config);
    let mut next = 0;
    let mut out = Vec::with_capacity(line.len());
    for &(phase, _, a) in line {
        let a = match a {
            Action::Deal(_) | Action::Draw(_) => {
                let c = slots[next].expect("every slot is filled");
                next += 1;
                if matches!(a, Action::Deal(_)) {
                    Action::Deal(c)
                } else {
                    Action::Draw(c)
                }
            }
            a => a,
        };
        let decline = matches!(a, Action::Second(None) | Action::EndPlay(None));
        if decline && game.phase() != phase {
            out.push(None);
            continue;
        }
        game.apply_action(a)
            .map_err(|m| anyhow!("search: the concrete line is refused ({m}; a bug)"))?;
        out.push(Some(a));
    }
    Ok(out)
}
