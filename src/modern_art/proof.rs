//! Modern Art's proof record ([`crate::proof`]): each part's restriction as data (the
//! artist and its award tokens, the rounds it leads or not, a round's ranking length, the
//! renamed artists), and the check `verify` runs without solving: from the variant alone,
//! the parts must cover every game exactly once.

use anyhow::Result;
use serde::{Deserialize, Serialize};

use super::episode::SplitPart;
use super::model::{self, Leads, Scope, Tokens};
use super::parts::{part_label, SplitBy};
use super::rules::Config;
use crate::error::Rejected;
use crate::proof::{Proof, ProofPart, Settled};

/// A Modern Art proof record.
pub type MaProof = Proof<Restriction>;

/// The games of one part, as data. Artists by name; rounds counted from 1.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Restriction {
    /// The artist that takes first place in round 1.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first: Option<String>,
    /// The award tokens the game ends with.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tokens: Option<TokenShare>,
    /// The rounds in which an artist (the token part's) takes first place, or not; the
    /// others are open.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub leads: Option<LeadRounds>,
    /// A round that ranks exactly this many artists.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ranked: Option<Ranked>,
    /// A dive's shape (the games of a restricted solve, e.g. "Krypto star"): only in the
    /// one part of a whole solve whose episode says it is restricted so.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dive: Option<DiveShape>,
    /// Interchangeable artists (the same symbols on their cards) the part is taken up to
    /// a renaming of: a part naming one of them stands for the same part with any of them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub renamed: Vec<String>,
}

/// One part of the token split.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum TokenShare {
    /// The artist ends the game with exactly this many tokens (more than half).
    Exactly { artist: String, tokens: usize },
    /// No artist ends the game with more than this many tokens (half of them).
    AtMost { tokens: usize },
}

/// The rounds (from 1) an artist takes first place in, and those it does not.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LeadRounds {
    pub artist: String,
    pub first_in: Vec<usize>,
    pub not_first_in: Vec<usize>,
}

/// A dive's shape ([`model::Dive`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum DiveShape {
    /// The artist takes first place in every round and carries every award token.
    Star { artist: String },
    /// The artist carries every award token and takes first place in the last round.
    Patron { artist: String },
}

/// Round `round` (from 1) ranks exactly `artists` artists.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Ranked {
    pub round: usize,
    pub artists: usize,
}

/// The split's name in the record.
pub fn split_name(by: SplitBy) -> &'static str {
    match by {
        SplitBy::Whole => "whole",
        SplitBy::First => "first",
        SplitBy::Tokens => "tokens",
        SplitBy::TokensLeads => "tokens-leads",
    }
}

/// The split of a name in the record.
pub fn split_of(name: &str) -> Option<SplitBy> {
    [
        SplitBy::Whole,
        SplitBy::First,
        SplitBy::Tokens,
        SplitBy::TokensLeads,
    ]
    .into_iter()
    .find(|&b| split_name(b) == name)
}

impl Restriction {
    /// A split part's scope as data (the scope's `beating`, `uses` and `dive` are not
    /// restrictions of a proof's part and are left out).
    pub fn of(c: &Config, s: &Scope) -> Restriction {
        let name = |a: usize| c.deck.artists[a].clone();
        let rounds = |m: u32| -> Vec<usize> {
            (0..c.variant.rounds)
                .filter(|r| m >> r & 1 == 1)
                .map(|r| r + 1)
                .collect()
        };
        Restriction {
            first: s.first.map(name),
            tokens: s.tokens.map(|t| match t {
                Tokens::Exactly(a, t) => TokenShare::Exactly {
                    artist: name(a),
                    tokens: t,
                },
                Tokens::AtMost(t) => TokenShare::AtMost { tokens: t },
            }),
            leads: s.leads.map(|l| LeadRounds {
                artist: name(l.artist),
                first_in: rounds(l.led & l.decided),
                not_first_in: rounds(!l.led & l.decided),
            }),
            ranked: s.ranked.map(|(r, k)| Ranked {
                round: r + 1,
                artists: k,
            }),
            dive: s.dive.map(|d| match d {
                model::Dive::Star(a) => DiveShape::Star { artist: name(a) },
                model::Dive::Patron(a) => DiveShape::Patron { artist: name(a) },
            }),
            renamed: s
                .relabel
                .map(model::relabel::members)
                .unwrap_or_default()
                .into_iter()
                .map(name)
                .collect(),
        }
    }

    /// The scope the restriction names; an error (in words) for an unknown artist, a
    /// round out of range or a round both led and not.
    pub fn scope(&self, c: &Config) -> std::result::Result<Scope, String> {
        let artist = |n: &str| {
            c.deck
                .artists
                .iter()
                .position(|a| a == n)
                .ok_or_else(|| format!("no artist `{n}` in the deck"))
        };
        let rounds = c.variant.rounds;
        let mask = |rs: &[usize]| -> std::result::Result<u32, String> {
            rs.iter().try_fold(0u32, |m, &r| match r {
                1.. if r <= rounds && m >> (r - 1) & 1 == 0 => Ok(m | 1 << (r - 1)),
                _ => Err(format!("round {r} is not one of rounds 1-{rounds} once")),
            })
        };
        let mut s = Scope::all();
        if let Some(f) = &self.first {
            s.first = Some(artist(f)?);
        }
        s.tokens = match &self.tokens {
            Some(TokenShare::Exactly { artist: a, tokens }) => {
                Some(Tokens::Exactly(artist(a)?, *tokens))
            }
            Some(TokenShare::AtMost { tokens }) => Some(Tokens::AtMost(*tokens)),
            None => None,
        };
        if let Some(l) = &self.leads {
            let (led, not) = (mask(&l.first_in)?, mask(&l.not_first_in)?);
            if led & not != 0 {
                return Err("a round is both led and not".into());
            }
            s.leads = Some(Leads {
                artist: artist(&l.artist)?,
                led,
                decided: led | not,
            });
        }
        if let Some(r) = &self.ranked {
            if r.round == 0 || r.round > rounds || r.artists > c.places() {
                return Err(format!(
                    "ranked: round {} of 1-{rounds} with {} of at most {} artists",
                    r.round,
                    r.artists,
                    c.places()
                ));
            }
            s.ranked = Some((r.round - 1, r.artists));
        }
        s.dive = match &self.dive {
            Some(DiveShape::Star { artist: a }) => Some(model::Dive::Star(artist(a)?)),
            Some(DiveShape::Patron { artist: a }) => Some(model::Dive::Patron(artist(a)?)),
            None => None,
        };
        if !self.renamed.is_empty() {
            let mut m = 0u32;
            for n in &self.renamed {
                m |= 1 << artist(n)?;
            }
            s.relabel = Some(m);
        }
        Ok(s)
    }
}

/// The split table of an episode, rendered from its proof record.
pub fn table(c: &Config, proof: &MaProof) -> Result<Vec<SplitPart>> {
    proof
        .parts
        .iter()
        .map(|p| {
            let scope = p.restriction.scope(c).map_err(anyhow::Error::msg)?;
            Ok(SplitPart {
                part: part_label(c, &scope),
                value: p.value,
                bound: p.bound,
                status: p.settled.status().into(),
                seconds: p.seconds,
            })
        })
        .collect()
}

pub use crate::proof::highs_options;

/// A rejection naming the part (`part` from 1, with its label when known).
fn reject(msg: String) -> anyhow::Error {
    Rejected(format!("modern-art: rejected: proof record: {msg}")).into()
}

/// The part `i` (from 0) in words, for messages.
fn named(c: &Config, i: usize, p: &ProofPart<Restriction>) -> String {
    match p.restriction.scope(c) {
        Ok(s) => format!("part {} (\"{}\")", i + 1, part_label(c, &s)),
        Err(_) => format!("part {}", i + 1),
    }
}

mod convert;
mod cover;
pub use convert::from_table;
pub use cover::check;
