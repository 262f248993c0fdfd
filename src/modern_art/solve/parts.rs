use super::*;

/// The part within `leads` with every round decided and the highest LP bound (ties: the
/// lowest `led`, the first in [`Leads::completions`]; with no game in any, the first), its
/// LP and the seconds spent on LPs. Found best first down the halving
/// ([`Leads::halves`]): a part's LP bounds the LPs of the parts within it, so a part whose
/// LP is below the best leaf's (by more than rounding) is not opened, and a part with no
/// game is dropped. It solves the LPs of the pieces the halving meets on its way to that
/// leaf ([`Leads::around`]) and few others: 4 players, 8 LPs instead of the 16 leaves and
/// 6 pieces (README, "The first leaf found best first").
pub(super) fn highest_leaf(
    leads: Leads,
    rounds: usize,
    mut lp_of: impl FnMut(Leads) -> Result<(Option<f64>, f64)>,
) -> Result<(Leads, Option<f64>, f64)> {
    let key = |b: Option<f64>| b.unwrap_or(f64::NEG_INFINITY);
    // Parts not yet opened, with their LPs (the whole part's is not needed).
    let mut open: Vec<(Leads, f64)> = vec![(leads, f64::INFINITY)];
    let mut leaves: Vec<(Leads, f64)> = Vec::new();
    let mut seconds = 0.0;
    loop {
        let best = leaves.iter().map(|l| l.1).fold(f64::NEG_INFINITY, f64::max);
        let Some(at) = (0..open.len()).max_by(|&x, &y| open[x].1.total_cmp(&open[y].1)) else {
            break;
        };
        // Every leaf not yet seen lies in an open part, whose LP bounds its own.
        if open[at].1 < best - 1e-6 {
            break;
        }
        let (part, bound) = open.swap_remove(at);
        if part.settled(rounds) {
            leaves.push((part, bound));
            continue;
        }
        for half in part.halves(rounds).into_iter().flatten() {
            let (lp, secs) = lp_of(half)?;
            seconds += secs;
            // A part with no game holds no leaf with one.
            if lp.is_some() {
                open.push((half, key(lp)));
            }
        }
    }
    let highest = leaves
        .iter()
        .max_by(|x, y| x.1.total_cmp(&y.1).then(y.0.led.cmp(&x.0.led)));
    Ok(match highest {
        Some(&(leaf, lp)) => (leaf, Some(lp), seconds),
        None => (leads.completions(rounds)[0], None, seconds),
    })
}

/// A part's LP bound (`None` when no game lies in it), run to the end whatever the time
/// limit (a few seconds at most): the split's order, skips and divisions, and the search's
/// piece attempts, all read it.
pub(super) fn part_lp(
    c: &Config,
    objective: Objective,
    player: Option<usize>,
    scope: &Scope,
    opts: &SolveOptions,
) -> Result<Option<f64>> {
    let opts = SolveOptions {
        quiet: true,
        time_limit: None,
        ..opts.clone()
    };
    match model::lp_bound(c, objective, player, scope, &opts) {
        Ok(r) => Ok(Some(r.bound.or(r.objective).unwrap_or(f64::INFINITY))),
        Err(e) if is_infeasible(&e) => Ok(None),
        Err(e) => Err(e),
    }
}

/// How a split proof divides the games (`solve --split [first|tokens]`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum SplitBy {
    /// One part per artist that takes first place in round 1.
    First,
    /// One part per artist and count of award tokens above half of them it ends the game
    /// with, and one part in which no artist has more than half.
    Tokens,
    /// The token split, with every part "artist a ends with t tokens" whose LP cannot be
    /// settled by the best game split again by the rounds in which a takes first place,
    /// one round at a time (first in round 1 or not, then round 2, …): a part is split
    /// again until its LP is within `WHOLE_WITHIN` of the best game (1.5%; 3% with 2
    /// players) or every round is decided.
    TokensLeads,
    /// No split: one solve of the whole game (what `solve` does for objectives other than
    /// max-player, and for max-player with `--split whole`).
    Whole,
}

impl SplitBy {
    /// The parts: each scope with its label in the proof table. The token splits rename
    /// the interchangeable artists ([`renamed_artists`]): "a renamed artist ends with t
    /// tokens" is one part for all of them (under the name of the one with the most
    /// cards), and every part keeps one order of the others.
    pub(super) fn parts(self, c: &Config) -> Vec<(Scope, String)> {
        let names = &c.deck.artists;
        match self {
            SplitBy::First => (0..c.artists())
                .map(|a| (Scope::first(a), names[a].clone()))
                .collect(),
            SplitBy::Whole => vec![(Scope::all(), "every game".into())],
            SplitBy::Tokens | SplitBy::TokensLeads => {
                let renamed = renamed_artists(c);
                let stands_for = renamed.iter().copied().max_by_key(|&a| (c.cards_of(a), a));
                Tokens::parts(c.variant.awards, c.artists())
                    .into_iter()
                    .filter(|t| match t {
                        Tokens::Exactly(a, _) => !renamed.contains(a) || Some(*a) == stands_for,
                        Tokens::AtMost(_) => true,
                    })
                    .map(|t| {
                        let scope = Scope::tokens(t);
                        let scope = match renamed.is_empty() {
                            true => scope,
                            false => scope.renaming(model::relabel::mask(&renamed)),
                        };
                        (scope, part_label(c, &scope))
                    })
                    .collect()
            }
        }
    }

    /// What the split is over, in words (the episode's `split_by`).
    pub fn describe(self) -> &'static str {
        match self {
            SplitBy::First => "round 1's first artist",
            SplitBy::Tokens => "the award tokens",
            SplitBy::Whole => "nothing (one part, every game)",
            SplitBy::TokensLeads => "the award tokens and the rounds their artist leads",
        }
    }
}

/// The artists a token split renames ([`Scope::relabel`]): those whose cards carry the same
/// symbols ([`model::relabel::class`]), none with `GAMEBOUNDS_NORELABEL` set (to measure
/// the split without it).
pub fn renamed_artists(c: &Config) -> Vec<usize> {
    if std::env::var_os("GAMEBOUNDS_NORELABEL").is_some() {
        return Vec::new();
    }
    model::relabel::class(c)
}

/// A split part in words: "Krypto: 5 tokens", "any artist: 5 tokens, first in round 2"
/// (a part that renames the artist it names stands for all of the renamed ones).
pub(super) fn part_label(c: &Config, scope: &Scope) -> String {
    let names = &c.deck.artists;
    let renamed = scope
        .relabel
        .map(model::relabel::members)
        .unwrap_or_default();
    let who = || -> String {
        if renamed.len() == c.artists() {
            "any artist".into()
        } else {
            let list: Vec<&str> = renamed.iter().map(|&b| names[b].as_str()).collect();
            format!("any of {}", list.join(", "))
        }
    };
    let mut text = match scope.tokens {
        Some(Tokens::Exactly(a, t)) if renamed.contains(&a) => format!("{}: {t} tokens", who()),
        Some(t) => t.label(names),
        None => scope
            .first
            .map_or_else(|| "every game".into(), |a| names[a].clone()),
    };
    if let Some(l) = scope.leads {
        text = format!("{text}, {}", leads_text(l, c.variant.rounds));
    }
    if let Some((r, count)) = scope.ranked {
        let artists = if count == 1 { "artist" } else { "artists" };
        text = format!("{text}; {count} {artists} ranked in round {}", r + 1);
    }
    text
}

/// A `tokens-leads` split solves a token part whole, instead of splitting it by the rounds
/// its artist leads, when the part's LP bound exceeds the best game by at most this share
/// of it. Such parts close at HiGHS's first node (its root cuts and strong branching):
/// measured on the standard proofs (1 thread), 2.5–6.6 s each (e.g. 2 players "Christin
/// P.: 4 tokens", LP 454 against 441: 3.0 s), where their 16 sub-parts' LPs alone cost 4–9
/// s and their split 4–13 s (8.1 s). Wider gaps need the split: 3 players "Karl Gitter: 5
/// tokens" (LP 465 against 427) took 92 s whole against 33 s split, and 4 players "Krypto:
/// 5 tokens" (428 against 392) 1416 s against 388 s.
///
/// With a best game known the split decides one round at a time (first in round 1 or
/// not, then round 2, …), so a group of sub-parts near the best game is closed whole:
/// the proofs of the standard maxima went from 26.4, 28.2, 91.2 and 43.6 s (the 16
/// sub-parts each; medians of 3) to 22.6, 25.9, 85.1 and 40.4 s (2–5 players, one run
/// each, before [`RANKED_BEYOND`]). With none known, the sub-part with every round
/// decided and the highest LP (most likely to hold the best game) is solved first, then
/// the pieces the halving meets on the way to it ([`Leads::around`]).
///
/// 4% until the eighteenth session; 1.5% since the LP bounds carry the hand-budget rows
/// ([`model::cuts::hand_budget`]), which bring a part's LP much closer to the best game:
/// 4 players "any artist: 5 tokens" has LP 406.3 with them (3.6% above 392), and solved
/// whole it took 147.8 s against 58.9 s for the whole proof split; at 3% (ranking at
/// 1.5%) a sub-part was solved whole and had not closed after 90 s. 2 players keeps 3%
/// ([`SHARES_BY_PLAYERS`]): its proof from 441 took 46.0 s at 1.5%, 38.8 s at 2%, 27.4 s
/// at 3% and 30.2 s before the rows (seed 0).
pub const WHOLE_WITHIN: f64 = 0.015;

/// A `tokens-leads` part with every round decided is split once more, by how many
/// artists the first round its artist does not lead ranks (1, 2 or 3: a ranking cut
/// short by few cards or a full one), when its LP bound exceeds the best game by more
/// than this share of it. Measured on the proofs of the standard maxima (1 thread), the
/// part "any artist: 5 tokens, first in rounds 2, 3 and 4": 4 players (LP 414 against 392,
/// 5.6%) 62.5 s whole, 8.7 + 27.3 s split (the whole proof 85 → 58 s); 5 players (358
/// against 343, 4.4%) 20.8 s whole, 19.6 + 9.5 s split; 3 players (4.7%) 7.7 s against
/// 6.7 s.
///
/// 5% until the eighteenth session; 1.5% since the LP bounds carry the hand-budget rows:
/// the 4-player part then has LP 399.8 and 399.0 in its two hard pieces and about 400
/// whole (2.0% above 392); at 2% (leads at 2% too) its first part solved had not closed
/// after 80 s, against 12.8 + 38.4 s for the two pieces at 1.5%.
pub const RANKED_BEYOND: f64 = 0.015;

/// A split part whose LP bound (the hand-budget rows included, see
/// [`model::cuts::hand_budget`]) exceeds the best game by at most this share of it is
/// solved with the rows of its token artist in its integer model too
/// (`vars::HandRows::TokenArtist`; a part with no token artist takes them all). Until the nineteenth
/// session all the rows, within 1.2%: near the best game they closed a part at or near the
/// root (4 players, seed 0, "5 tokens, first in rounds 2 and 3", LP 393.8 against 392,
/// 1.9 s against 7.9 s), but further from it they slowed HiGHS (the 4-player hard pieces
/// at LP 399–400: about twice as long). The token artist's rows alone give those pieces
/// the same LP and a faster tree: with them within 2.5%, the 4-player proof from 392 took
/// 47.2 / 44.4 / 32.3 s against 51.8 / 77.7 / 75.3 s at seeds 0–2 (its 2-ranked piece
/// 36.8 / 33.2 / 21.6 s against 33.7 / 59.5 / 60.3 s, its 3-ranked one 4.0 / 4.1 / 4.0 s
/// against 11.2 / 10.2 / 7.6 s); 2 players 23.0 s against 24.6 s, 3 players 19.3 s
/// against 26.0 s, 3-player anchor 39.4 s against 42.0 s (seed 0; pairs, two at a time).
pub const HAND_WITHIN: f64 = 0.025;

/// [`HAND_WITHIN`], or `GAMEBOUNDS_HAND_WITHIN` (a share, for measurements). Measured and
/// not kept: all the rows within 2% for 3 players. Its standard parts after the search
/// lie 1.3–1.7% above 427 (LP 432.6, 434.3, 434.1) and closed faster with them (2.2 / 2.5
/// / 1.9 s against 4.1 / 2.8 / 3.5 s at seed 1), but the 3-player anchor part "5 tokens"
/// at LP 416.0, 1.2% above 411, took 34.4 / 45.5 s against 28.7 / 17.4 s (its proof,
/// seeds 0 / 1). With the token artist's rows only (the default since) its anchor proof
/// takes 39.4 s against 42.0 s (seed 0).
pub(super) fn hand_within() -> f64 {
    env_or("GAMEBOUNDS_HAND_WITHIN", HAND_WITHIN)
}

/// The number in the environment variable `name` (for measurements), or `default` when it
/// is unset or not a number.
pub(super) fn env_or<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|x| x.trim().parse().ok())
        .unwrap_or(default)
}

/// The split's shares by player count where they differ from [`WHOLE_WITHIN`] and
/// [`RANKED_BEYOND`] (players, whole within, ranked beyond), measured in the eighteenth
/// session, when the hand-budget rows tightened the LP bounds:
/// - 2 players 3% and 2%. A seat is dealt 28 cards there, 7 more than the largest artist
///   has, so the rows lower its LPs less (the hard part's 463 to about 451, where 4
///   players' drops from 414 to 400), and at 1.5% and 1.5% its proof from 441 split
///   into 36 parts and took 46.0 s, against 27.4 s at 3% and 2% and 30.2 s before the
///   rows (seed 0); from scratch 56.7 s against 36.6 s (medians of 3).
/// - 3 players keeps 5% for the ranking: the search attempts the part holding its game
///   whole below that share and by its ranking pieces above it, and at 1.5% it closed
///   427 at seed 0 by pieces in 26 s where the whole part took 12 s; from scratch 45.8 /
///   68.3 / 70.6 s at 5% against 65.8 / 104.2 / 92.7 s at 1.5% (seeds 0–2).
/// - 5 players keeps 5% too, for want of a reason to change: its proof skips every part
///   by LP at either share, and from scratch it took 282.1 / 139.8 / 88.9 s at 1.5%
///   against 285.1 / 136.6 / 85.6 s at 5% (seeds 0–2).
pub const SHARES_BY_PLAYERS: [(usize, f64, f64); 3] = [
    (2, 0.03, 0.02),
    (3, WHOLE_WITHIN, 0.05),
    (5, WHOLE_WITHIN, 0.05),
];

/// The split's shares for `players`: ([`WHOLE_WITHIN`], [`RANKED_BEYOND`]) unless
/// [`SHARES_BY_PLAYERS`] says otherwise.
pub fn split_shares(players: usize) -> (f64, f64) {
    SHARES_BY_PLAYERS
        .iter()
        .find(|(n, ..)| *n == players)
        .map_or((WHOLE_WITHIN, RANKED_BEYOND), |&(_, w, r)| (w, r))
}

/// Whether a token part with LP bound `lp` is solved whole rather than split by leads: its
/// LP exceeds the best game (when one is known) by at most the whole share of it
/// ([`split_shares`]).
pub(super) fn near_best(players: usize, lp: f64, best: Option<i64>) -> bool {
    best.is_some_and(|v| within_share(lp, v, split_shares(players).0))
}

/// Whether the LP bound `lp` exceeds the best game `best` by at most `share` of it: the
/// test behind [`near_best`], [`ranking_round`] and [`HAND_WITHIN`].
pub(super) fn within_share(lp: f64, best: i64, share: f64) -> bool {
    lp - best as f64 <= share * (best as f64).abs()
}

/// One part of the leads split in words: "first in rounds 1, 2 and 4" when every round
/// is decided, else e.g. "first in round 2, not in round 1, rounds 3 and 4 open".
pub(super) fn leads_text(l: Leads, rounds: usize) -> String {
    let list = |rs: Vec<usize>| -> String {
        let rs: Vec<String> = rs.iter().map(|r| (r + 1).to_string()).collect();
        match rs.len() {
            0 => String::new(),
            1 => format!("round {}", rs[0]),
            n => format!("rounds {} and {}", rs[..n - 1].join(", "), rs[n - 1]),
        }
    };
    let pick = |f: &dyn Fn(usize) -> bool| (0..rounds).filter(|&r| f(r)).collect::<Vec<_>>();
    let bit = |m: u32, r: usize| m >> r & 1 == 1;
    let led = pick(&|r| bit(l.led, r) && bit(l.decided, r));
    if l.settled(rounds) {
        return match led.is_empty() {
            true => "first in no round".into(),
            false => format!("first in {}", list(led)),
        };
    }
    let not = pick(&|r| !bit(l.led, r) && bit(l.decided, r));
    let open = pick(&|r| !bit(l.decided, r));
    let mut words = Vec::new();
    if !led.is_empty() {
        words.push(format!("first in {}", list(led)));
    }
    if !not.is_empty() {
        let not = list(not);
        words.push(match words.is_empty() {
            true => format!("not first in {not}"),
            false => format!("not in {not}"),
        });
    }
    words.push(format!("{} open", list(open)));
    words.join(", ")
}
