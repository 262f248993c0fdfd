//! From the ILP's optimum (a [`Plan`]: per round and seat, how many cards of each artist
//! in each role) to a concrete, replayable game [`Record`]: every deal, extra card, draw
//! and turn in order.
//!
//! Per round: each seat's turns become a list of actions (draw turns first, so drawn
//! cards are in hand when needed; the closing turn last); the turns are interleaved by
//! the rotation from the opener, skipping seats whose hand is empty, exactly as the
//! referee does; `simultaneous` cards are assigned to events as the hands allow. Hand
//! sizes are simulated throughout, and any step the rules would not allow is an error
//! (a bug in the model, never a result). Then every card gets a concrete symbol from the
//! deck's supply, and deals and draws are chosen to bring each seat the cards it will
//! play, in the order it plays them; cards nobody plays fill the rest of each deal.

use anyhow::{bail, Result};

use super::model::vars::{AWARD, DOUBLE, DRAW, HIDDEN, SIMUL};
use super::model::{Plan, RoundPlan};
use super::record::{Card, Record, RoundRecord, Turn};
use super::rules::{Config, Symbol};
use placements::Placements;

mod placements;

/// What a card used in the game must be.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Req {
    /// A turn card whose symbol is resolved.
    Exact(Symbol),
    /// A turn card that resolves nothing: plain, or a declined double/hidden/simultaneous.
    PlainLike,
    /// Any symbol: closing cards, second cards, simultaneous cards, end play, extra card.
    Any,
}

#[derive(Debug, Clone)]
struct Use {
    artist: usize,
    req: Req,
    card: Option<Card>,
}

/// One action of a seat's turn list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Act {
    Plain(usize),
    Draw(usize),
    Award(usize),
    /// `double` of an artist, with a second card or declined.
    Double(usize, bool),
    /// `hidden`, with the second card's artist or declined.
    Hidden(usize, Option<usize>),
    Simul(usize),
    ClosePlain(usize),
    CloseDouble(usize),
    CloseSimul(usize),
    /// `hidden` of the first artist whose hidden second card, of the second artist,
    /// closes the round (only when hidden cards count toward the threshold).
    CloseHidden(usize, usize),
}

impl Act {
    /// Cards the action takes from hand.
    fn cards(&self) -> usize {
        match self {
            Act::Double(_, true)
            | Act::Hidden(_, Some(_))
            | Act::CloseDouble(_)
            | Act::CloseHidden(_, _) => 2,
            _ => 1,
        }
    }
    /// Order within a seat's list: draws first (hands stay full), then two-card turns.
    fn rank(&self) -> usize {
        match self {
            Act::Draw(_) => 0,
            Act::Double(_, true) | Act::Hidden(_, Some(_)) => 1,
            Act::Simul(_) => 2,
            Act::Award(_) => 3,
            Act::Double(_, false) | Act::Hidden(_, None) => 4,
            Act::Plain(_) => 5,
            _ => 9,
        }
    }
}

/// With `hidden_counts_for_close`, the artist of a `hidden` card whose hidden second card
/// (of artist `z`) can close the round for a seat with resolved symbols `res` and hidden
/// cards `hid` (the same artist when `hidden_same_artist`); `None` otherwise.
fn hidden_closer(c: &Config, res: &[[usize; 5]], hid: &[usize], z: usize) -> Option<usize> {
    if !c.variant.hidden_counts_for_close || hid[z] == 0 {
        return None;
    }
    if c.variant.hidden_same_artist {
        return (res[z][HIDDEN] > 0).then_some(z);
    }
    (0..res.len()).find(|&x| res[x][HIDDEN] > 0)
}

/// A turn before cards are concrete: use ids instead of cards.
struct TurnSk {
    player: usize,
    card: usize,
    second: Option<usize>,
    /// Per relative seat, the use id shown; `Some` when the event asks any seat.
    simul: Option<Vec<Option<usize>>>,
    /// Award targets of the tokens placed, in resolution order.
    awards: Vec<usize>,
    /// The supply ids of the drawn cards, in resolution order.
    draws: Vec<usize>,
    /// Some seat holds cards right after the turn card (a declined simultaneous card
    /// still asks them).
    asks: bool,
    /// The turn closes the round (its turn card's `simultaneous`, if any, is not resolved).
    closes: bool,
}

struct RoundSk {
    extra: Option<usize>,
    turns: Vec<TurnSk>,
    end_play: Vec<Vec<usize>>,
    /// Supply ids of each relative seat's deal.
    deal: Vec<Vec<usize>>,
}

/// A card arriving in a seat's hand: a dealt card or a drawn one.
struct Supply {
    seat: usize,
    time: usize,
    card: Option<Card>,
}

struct Builder<'a> {
    c: &'a Config,
    n: usize,
    uses: Vec<Use>,
    /// Per relative seat: (time, use id) in time order.
    seat_uses: Vec<Vec<(usize, usize)>>,
    supplies: Vec<Supply>,
    hand: Vec<i64>,
    time: usize,
    tokens_left: usize,
    /// Cards no one plays, to fill the deals.
    fillers: Vec<Card>,
}

impl Builder<'_> {
    fn tick(&mut self) -> usize {
        self.time += 1;
        self.time
    }

    fn take(&mut self, seat: usize, artist: usize, req: Req, what: &str) -> Result<usize> {
        if self.hand[seat] <= 0 {
            bail!(
                "schedule: relative seat {seat} has no card left for {what} (the model's plan \
                 is not playable: a missing constraint)"
            );
        }
        self.hand[seat] -= 1;
        let t = self.tick();
        let id = self.uses.len();
        self.uses.push(Use {
            artist,
            req,
            card: None,
        });
        self.seat_uses[seat].push((t, id));
        Ok(id)
    }

    fn supply(&mut self, seat: usize) -> usize {
        self.hand[seat] += 1;
        let t = self.tick();
        self.supplies.push(Supply {
            seat,
            time: t,
            card: None,
        });
        self.supplies.len() - 1
    }
}

/// Turn a plan into a game record (table seats; table seat 0 opens round 1).
pub fn schedule(c: &Config, plan: &Plan) -> Result<Record> {
    let n = c.players;
    let mut b = Builder {
        c,
        n,
        uses: Vec::new(),
        seat_uses: vec![Vec::new(); n],
        supplies: Vec::new(),
        hand: vec![0; n],
        time: 0,
        tokens_left: c.variant.awards,
        fillers: Vec::new(),
    };
    let mut rounds = Vec::new();
    for (r, rp) in plan.rounds.iter().enumerate() {
        rounds.push(schedule_round(&mut b, r, rp)?);
    }
    assign_symbols(&mut b)?;
    allocate(&mut b)?;
    Ok(to_record(&b, plan, &rounds))
}

fn schedule_round(b: &mut Builder, r: usize, rp: &RoundPlan) -> Result<RoundSk> {
    let (n, c) = (b.n, b.c);
    let (deal, extra) = deal_and_extra(b, r, rp);
    // Each seat's actions.
    let mut counts = Counts {
        plain: rp.plain.clone(),
        res: rp.res.clone(),
        dbl: rp.dbl.clone(),
        hid: rp.hid.clone(),
    };
    let closing = closing_act(c, r, rp, &mut counts)?;
    let mut acts: Vec<Vec<Act>> = Vec::new();
    for p in 0..n {
        acts.push(seat_acts(c, r, rp, &counts, p, closing)?);
    }
    let mut pl = Placements::new(r, rp, &acts);
    // Interleave turns by rotation.
    let mut next = vec![0usize; n];
    let mut active = rp.opener;
    let mut turns = Vec::new();
    loop {
        if (0..n).all(|p| next[p] >= acts[p].len()) {
            break;
        }
        if next[active] >= acts[active].len() {
            if b.hand[active] > 0 {
                bail!(
                    "schedule: round {}: relative seat {active} holds {} cards but the plan gives \
                     it no more turns",
                    r + 1,
                    b.hand[active]
                );
            }
            active = (active + 1) % n;
            continue;
        }
        let act = acts[active][next[active]];
        next[active] += 1;
        let p = active;
        let (artist, req) = turn_card(c, rp, act);
        let card = b.take(p, artist, req, "its turn card")?;
        let asks = (0..n).any(|q| b.hand[q] > 0);
        let closes = matches!(
            act,
            Act::ClosePlain(_) | Act::CloseDouble(_) | Act::CloseSimul(_) | Act::CloseHidden(_, _)
        );
        let mut t = TurnSk {
            player: p,
            card,
            second: None,
            simul: None,
            awards: Vec::new(),
            draws: Vec::new(),
            asks,
            closes,
        };
        match act {
            Act::Draw(_) => t.draws.push(b.supply(p)),
            Act::Award(a) => pl.award(b, &mut t, a)?,
            // `resolve_closing_symbol`: the closing card's own `draw` or `award`.
            Act::ClosePlain(a) if c.variant.resolve_closing_symbol => match rp.close_symbol {
                Some(Symbol::Draw) => t.draws.push(b.supply(p)),
                Some(Symbol::Award) => pl.award(b, &mut t, a)?,
                _ => {}
            },
            Act::CloseDouble(a) => {
                t.second = Some(pl.closing(b, &mut t, p, a, "a double's second card")?)
            }
            Act::CloseHidden(_, h) => {
                t.second = Some(pl.closing(b, &mut t, p, h, "a hidden card")?)
            }
            Act::Double(a, true) => {
                t.second = Some(pl.chained(b, &mut t, p, a, "a double's second card")?)
            }
            Act::Hidden(_, Some(h)) => {
                t.second = Some(pl.chained(b, &mut t, p, h, "a hidden card")?)
            }
            Act::Simul(_) => {
                let shown = pl.open_event(b, &mut t, &acts, &next)?;
                if asks {
                    t.simul = Some(shown);
                }
            }
            Act::CloseSimul(_) => {
                let shown = pl.closing_event(b, &mut t, rp)?;
                if asks {
                    t.simul = Some(shown);
                }
            }
            _ => {}
        }
        turns.push(t);
        if closes && (0..n).any(|q| next[q] < acts[q].len()) {
            bail!(
                "schedule: round {}: turns are left after the closing turn",
                r + 1
            );
        }
        active = (active + 1) % n;
    }
    pl.all_placed()?;
    let end_play = end_play(b, rp)?;
    Ok(RoundSk {
        extra,
        turns,
        end_play,
        deal,
    })
}

/// The round's cards still to turn into acts, per relative seat: the plan's counts, less
/// the closing card once [`closing_act`] took it.
struct Counts {
    plain: Vec<Vec<usize>>,
    res: Vec<Vec<[usize; 5]>>,
    dbl: Vec<Vec<usize>>,
    hid: Vec<Vec<usize>>,
}

/// Round r's deal (seat by seat) and its extra card's use.
fn deal_and_extra(b: &mut Builder, r: usize, rp: &RoundPlan) -> (Vec<Vec<usize>>, Option<usize>) {
    let c = b.c;
    let deal: Vec<Vec<usize>> = (0..b.n)
        .map(|p| (0..c.deal(r)).map(|_| b.supply(p)).collect())
        .collect();
    let extra = match rp.extra {
        Some(a) => {
            let id = b.uses.len();
            b.uses.push(Use {
                artist: a,
                req: Req::Any,
                card: None,
            });
            Some(id)
        }
        None => None,
    };
    (deal, extra)
}

/// The closing act of round r and its seat, taken out of `k` (none when the round does
/// not close).
fn closing_act(
    c: &Config,
    r: usize,
    rp: &RoundPlan,
    k: &mut Counts,
) -> Result<Option<(usize, Act)>> {
    let mut closing: Option<(usize, Act)> = None;
    if let Some((p, z)) = rp.close_card {
        // The plan may say whether a turn card closes (both readings); else a turn card
        // closes when the seat has one of the artist.
        let by_turn_card = rp.close_second.map_or(k.plain[p][z] > 0, |second| !second);
        let act = if by_turn_card && k.plain[p][z] > 0 {
            k.plain[p][z] -= 1;
            Act::ClosePlain(z)
        } else if k.res[p][z][DOUBLE] > 0 && k.dbl[p][z] > 0 {
            k.res[p][z][DOUBLE] -= 1;
            k.dbl[p][z] -= 1;
            Act::CloseDouble(z)
        } else if let Some(x) = hidden_closer(c, &k.res[p], &k.hid[p], z) {
            k.res[p][x][HIDDEN] -= 1;
            k.hid[p][z] -= 1;
            Act::CloseHidden(x, z)
        } else {
            bail!(
                "schedule: round {}: the closing seat has no card of the closing artist",
                r + 1
            );
        };
        closing = Some((p, act));
    }
    if let Some(p) = rp.close_simul {
        let Some(a) = (0..c.artists()).find(|&a| k.res[p][a][SIMUL] > 0) else {
            bail!(
                "schedule: round {}: the closing seat has no simultaneous card",
                r + 1
            );
        };
        k.res[p][a][SIMUL] -= 1;
        closing = Some((p, Act::CloseSimul(a)));
    }
    Ok(closing)
}

/// Seat p's acts in round r, in the order it plays them (the closing act last).
fn seat_acts(
    c: &Config,
    r: usize,
    rp: &RoundPlan,
    k: &Counts,
    p: usize,
    closing: Option<(usize, Act)>,
) -> Result<Vec<Act>> {
    let mut acts: Vec<Act> = Vec::new();
    let mut hidden_seconds: Vec<usize> = Vec::new();
    for (a, &h) in k.hid[p].iter().enumerate() {
        hidden_seconds.extend(std::iter::repeat_n(a, h));
    }
    for a in 0..c.artists() {
        let list = &mut acts;
        list.extend(std::iter::repeat_n(Act::Draw(a), k.res[p][a][DRAW]));
        list.extend(std::iter::repeat_n(Act::Award(a), k.res[p][a][AWARD]));
        for i in 0..k.res[p][a][DOUBLE] {
            list.push(Act::Double(a, i < k.dbl[p][a]));
        }
        list.extend(std::iter::repeat_n(Act::Simul(a), k.res[p][a][SIMUL]));
        list.extend(std::iter::repeat_n(Act::Plain(a), k.plain[p][a]));
    }
    // Hidden seconds: same artist first when required.
    let mut hidden_turns: Vec<usize> = (0..c.artists())
        .flat_map(|a| std::iter::repeat_n(a, k.res[p][a][HIDDEN]))
        .collect();
    hidden_turns.sort_by_key(|&a| std::cmp::Reverse(k.hid[p][a].min(1)));
    for a in hidden_turns {
        let second = if c.variant.hidden_same_artist {
            hidden_seconds
                .iter()
                .position(|&x| x == a)
                .map(|i| hidden_seconds.remove(i))
        } else if hidden_seconds.is_empty() {
            None
        } else {
            Some(hidden_seconds.remove(0))
        };
        acts.push(Act::Hidden(a, second));
    }
    if !hidden_seconds.is_empty() {
        bail!(
            "schedule: round {}: more hidden cards than hidden turns",
            r + 1
        );
    }
    acts.sort_by_key(|x| x.rank());
    if let Some((q, act)) = closing {
        if q == p {
            acts.push(act);
        }
    }
    if acts.len() != rp.turns[p] {
        bail!("schedule: round {}: turn count mismatch", r + 1);
    }
    if acts.len() != rp.turns[p] {
        bail!("schedule: round {}: turn count mismatch", r + 1);
    }
    Ok(acts)
}

/// The artist and symbol requirement of the card an act plays.
fn turn_card(c: &Config, rp: &RoundPlan, act: Act) -> (usize, Req) {
    match act {
        Act::Plain(a) | Act::Double(a, false) | Act::Hidden(a, None) => (a, Req::PlainLike),
        Act::Draw(a) => (a, Req::Exact(Symbol::Draw)),
        Act::Award(a) => (a, Req::Exact(Symbol::Award)),
        Act::Double(a, true) => (a, Req::Exact(Symbol::Double)),
        Act::Hidden(a, Some(_)) => (a, Req::Exact(Symbol::Hidden)),
        Act::Simul(a) => (a, Req::Exact(Symbol::Simultaneous)),
        Act::ClosePlain(a) => match (c.variant.resolve_closing_symbol, rp.close_symbol) {
            (false, _) => (a, Req::Any),
            (true, Some(sym)) => (a, Req::Exact(sym)),
            // Its symbol would resolve: a card with neither `draw` nor `award`.
            (true, None) => (a, Req::PlainLike),
        },
        Act::CloseDouble(a) => (a, Req::Exact(Symbol::Double)),
        Act::CloseSimul(a) => (a, Req::Exact(Symbol::Simultaneous)),
        Act::CloseHidden(a, _) => (a, Req::Exact(Symbol::Hidden)),
    }
}

/// Blessed end play: each seat's end-play cards.
fn end_play(b: &mut Builder, rp: &RoundPlan) -> Result<Vec<Vec<usize>>> {
    let (n, a_count) = (b.n, b.c.artists());
    let mut end_play = vec![Vec::new(); n];
    for (p, row) in end_play.iter_mut().enumerate() {
        for a in 0..a_count {
            for _ in 0..rp.ep[p][a] {
                row.push(b.take(p, a, Req::Any, "an end-play card")?);
            }
        }
    }
    Ok(end_play)
}

/// Give every card used a symbol the deck still has: resolved turn cards first, then
/// turn cards that resolve nothing (plain or a declinable symbol), then the rest.
fn assign_symbols(b: &mut Builder) -> Result<()> {
    let c = b.c;
    let mut pool: Vec<Vec<usize>> = (0..c.artists())
        .map(|a| {
            super::engine::SYMBOL_ORDER
                .iter()
                .map(|&s| c.supply(a, s))
                .collect()
        })
        .collect();
    let idx = super::engine::symbol_index;
    for pass in 0..3 {
        for u in b.uses.iter_mut() {
            let order: Vec<Symbol> = match (pass, u.req) {
                (0, Req::Exact(s)) => vec![s],
                (1, Req::PlainLike) => vec![
                    Symbol::Plain,
                    Symbol::Double,
                    Symbol::Hidden,
                    Symbol::Simultaneous,
                ],
                (2, Req::Any) => vec![
                    Symbol::Plain,
                    Symbol::Double,
                    Symbol::Hidden,
                    Symbol::Simultaneous,
                    Symbol::Draw,
                    Symbol::Award,
                ],
                _ => continue,
            };
            let Some(&s) = order.iter().find(|&&s| pool[u.artist][idx(s)] > 0) else {
                bail!(
                    "schedule: the deck has no {} card left for {:?} (the plan uses more cards \
                     than the deck holds)",
                    c.artist_name(u.artist),
                    u.req
                );
            };
            pool[u.artist][idx(s)] -= 1;
            u.card = Some(Card::new(u.artist, s));
        }
    }
    // Fillers: cards dealt but never played.
    let mut fillers = Vec::new();
    for (a, row) in pool.iter().enumerate() {
        for (si, &k) in row.iter().enumerate() {
            for _ in 0..k {
                fillers.push(Card::new(a, super::engine::SYMBOL_ORDER[si]));
            }
        }
    }
    fillers.reverse();
    b.filler_pool(fillers);
    Ok(())
}

impl Builder<'_> {
    fn filler_pool(&mut self, fillers: Vec<Card>) {
        self.fillers = fillers;
    }
}

/// Every seat's arriving cards (deals, draws), in time order, bring the cards it will use,
/// in the order it uses them.
fn allocate(b: &mut Builder) -> Result<()> {
    for p in 0..b.n {
        let mut uses = b.seat_uses[p].clone();
        uses.sort();
        let mut ui = 0;
        let mut order: Vec<usize> = (0..b.supplies.len())
            .filter(|&i| b.supplies[i].seat == p)
            .collect();
        order.sort_by_key(|&i| b.supplies[i].time);
        for i in order {
            let card = if ui < uses.len() {
                let (t, id) = uses[ui];
                if t < b.supplies[i].time {
                    bail!("schedule: a card is played before it reaches the hand");
                }
                ui += 1;
                b.uses[id].card.expect("symbols assigned")
            } else {
                let Some(f) = b.fillers.pop() else {
                    bail!("schedule: the deck is too small for the deals");
                };
                f
            };
            b.supplies[i].card = Some(card);
        }
        if ui < uses.len() {
            bail!("schedule: a seat plays more cards than it receives");
        }
    }
    Ok(())
}

fn to_record(b: &Builder, plan: &Plan, rounds: &[RoundSk]) -> Record {
    let n = b.n;
    let seat = |rel: usize| plan.table_seat(rel);
    let card = |id: usize| b.uses[id].card.expect("every use has a card");
    let out = rounds
        .iter()
        .map(|rs| {
            let mut deal = vec![Vec::new(); n];
            for (rel, ids) in rs.deal.iter().enumerate() {
                deal[seat(rel)] = ids
                    .iter()
                    .map(|&i| b.supplies[i].card.expect("supplied"))
                    .collect();
            }
            let turns = rs
                .turns
                .iter()
                .map(|t| {
                    let first = card(t.card);
                    let mut turn = Turn::play(seat(t.player), first);
                    turn.second = t.second.map(card);
                    if let Some(shown) = &t.simul {
                        let mut v = vec![None; n];
                        for (rel, x) in shown.iter().enumerate() {
                            v[seat(rel)] = x.map(card);
                        }
                        turn.simultaneous = v;
                    } else if first.symbol == Symbol::Simultaneous && t.asks && !t.closes {
                        // A declined simultaneous card still asks every seat.
                        turn.simultaneous = vec![None; n];
                    }
                    turn.awards = t.awards.clone();
                    turn.drawn = t
                        .draws
                        .iter()
                        .map(|&s| b.supplies[s].card.expect("supplied"))
                        .collect();
                    turn
                })
                .collect();
            let end_play = if rs.end_play.iter().all(|v| v.is_empty()) {
                Vec::new()
            } else {
                let mut v = vec![Vec::new(); n];
                for (rel, ids) in rs.end_play.iter().enumerate() {
                    v[seat(rel)] = ids.iter().map(|&i| card(i)).collect();
                }
                v
            };
            RoundRecord {
                deal,
                extra: rs.extra.map(card),
                turns,
                end_play,
            }
        })
        .collect();
    Record { rounds: out }
}
