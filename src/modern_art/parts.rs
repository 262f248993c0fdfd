//! How a split proof divides the games and how a part reads in words: what the solver
//! that splits and the proof checker that reads its record both name, so the checker
//! needs nothing of the solver.

use super::model::{self, Leads, Scope, Tokens};
use super::rules::Config;

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
    /// again until its LP is within the tuning's `whole_within` of the best game or every round is decided.
    TokensLeads,
    /// No split: one solve of the whole game (what `solve` does for objectives other than
    /// max-player, and for max-player with `--split whole`).
    Whole,
}

impl SplitBy {
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

/// The renamed artist a part names to stand for all of `renamed`: the one with the most
/// cards (then the last).
pub(crate) fn stands_for(c: &Config, renamed: &[usize]) -> Option<usize> {
    renamed.iter().copied().max_by_key(|&a| (c.cards_of(a), a))
}

/// A split part in words: "Krypto: 5 tokens", "any artist: 5 tokens, first in round 2"
/// (a part that renames the artist it names stands for all of the renamed ones).
pub fn part_label(c: &Config, scope: &Scope) -> String {
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
    match (scope.leads, scope.tokens) {
        (Some(l), Some(Tokens::Exactly(a, _))) if a == l.artist => {
            text = format!("{text}, {}", leads_text(l, c.variant.rounds));
        }
        // The part "none above half" divided by round 1's first artist: name it.
        (Some(l), _) => {
            let name = match renamed.contains(&l.artist) {
                true => who(),
                false => names[l.artist].clone(),
            };
            text = format!("{text}; {name} {}", leads_text(l, c.variant.rounds));
        }
        (None, _) => {}
    }
    if let Some((r, count)) = scope.ranked {
        let artists = if count == 1 { "artist" } else { "artists" };
        text = format!("{text}; {count} {artists} ranked in round {}", r + 1);
    }
    text
}

/// One part of the leads split in words: "first in rounds 1, 2 and 4" when every round
/// is decided, else e.g. "first in round 2, not in round 1, rounds 3 and 4 open".
pub(crate) fn leads_text(l: Leads, rounds: usize) -> String {
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
