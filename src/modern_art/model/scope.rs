//! Which games a solve covers. Not rules and not cuts: restrictions that cut the game
//! space into parts (a split proof takes the largest of the parts' maxima) or into a
//! promising corner (a *dive*, whose optimum is only a good first game, never a bound).

use anyhow::{anyhow, bail, Result};
use good_lp::constraint::{eq, geq, leq};
use good_lp::Expression;

use super::build::Fixes;
use super::vars::Vars;
use crate::claims::clip;
use crate::lp::Model;

/// The games one solve covers: every game by default.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Scope {
    /// Only games in which this artist takes first place in round 1 (one part of a split).
    pub first: Option<usize>,
    /// Only games with this share of the award tokens (one part of a token split).
    pub tokens: Option<Tokens>,
    /// Only games in which an artist takes first place in some rounds and not in others
    /// (one part of a deep split; see [`Leads`]).
    pub leads: Option<Leads>,
    /// Only games whose round (0-based) ranks exactly this many artists: (round, count).
    /// A leads part the best game does not settle is split once more by the length of the
    /// ranking in the first round its artist does not lead.
    pub ranked: Option<(usize, usize)>,
    /// Only games that use this rule path at least once (tests: a certified game that
    /// takes the path, whether or not the optimum needs it).
    pub uses: Option<Uses>,
    /// Only games whose objective beats this value (scores are whole numbers: at least
    /// one more when maximising, one less when minimising). A part of a split with a
    /// known best game: the part is settled as soon as HiGHS shows no such game exists
    /// (a solver cutoff, [`crate::lp::Model::cutoff`], not a row).
    pub beating: Option<i64>,
    /// A dive: only games of one promising shape (see [`Dive`]). A dive's optimum is a
    /// certified game and a MIP start for the whole model, never an upper bound.
    pub dive: Option<Dive>,
    /// The games up to a renaming of these interchangeable artists (a bit mask; see
    /// [`super::relabel`]): their card counts and tie-break places are assigned by the
    /// model, and of the artists the scope does not name only one order is kept. The
    /// optimum is unchanged; a part that names one of them stands for the same part with
    /// any of them.
    pub relabel: Option<u32>,
}

/// One part of the leads split: `artist` takes first place in the rounds of `led` and not
/// in the other rounds of `decided` (bit r for round r + 1); the rounds outside `decided`
/// are open. The split decides one round at a time, so a part whose LP the best game
/// nearly settles is solved with its open rounds whole.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Leads {
    /// The artist (0-based; the token part's artist).
    pub artist: usize,
    /// Rounds (bits) in which it takes first place; only bits in `decided` count.
    pub led: u32,
    /// Rounds (bits) the part decides; the others are open.
    pub decided: u32,
}

impl Leads {
    /// Whether every one of `rounds` rounds is decided.
    pub fn settled(&self, rounds: usize) -> bool {
        let all = (1u32 << rounds) - 1;
        self.decided & all == all
    }

    /// Every part with all of `rounds` rounds decided within this one (one per set of its
    /// open rounds the artist leads), in the order of those sets as bit masks.
    pub fn completions(&self, rounds: usize) -> Vec<Leads> {
        let all = (1u32 << rounds) - 1;
        let open = all & !self.decided;
        (0..=all)
            .filter(|m| m & !open == 0)
            .map(|m| Leads {
                led: self.led & self.decided | m,
                decided: all,
                ..*self
            })
            .collect()
    }

    /// This part as `leaf` (a part within it with every round decided) and the parts the
    /// halving meets on its way there: for each open round in turn, the part that decides
    /// it the other way, with the rounds before it as in `leaf` and the rounds after it
    /// open. Together they hold every game of this part, each once; `leaf` comes first.
    pub fn around(&self, leaf: Leads, rounds: usize) -> Vec<Leads> {
        let mut parts = vec![leaf];
        let mut at = *self;
        while let Some([first, not]) = at.halves(rounds) {
            let (toward, away) = match leaf.led & first.decided & !at.decided {
                0 => (not, first),
                _ => (first, not),
            };
            parts.push(away);
            at = toward;
        }
        parts
    }

    /// The two parts that decide the first open round (of `rounds`): the artist first in
    /// it, then not. None when every round is decided.
    pub fn halves(&self, rounds: usize) -> Option<[Leads; 2]> {
        let r = (0..rounds).find(|r| self.decided >> r & 1 == 0)?;
        let decided = self.decided | 1 << r;
        Some([
            Leads {
                led: self.led | 1 << r,
                decided,
                ..*self
            },
            Leads { decided, ..*self },
        ])
    }
}

/// One part of the token split: who ends the game with most of the award tokens.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Tokens {
    /// The artist ends the game with exactly this many tokens (more than half of them,
    /// so no other artist can).
    Exactly(usize, usize),
    /// No artist ends the game with more than this many tokens.
    AtMost(usize),
}

impl Tokens {
    /// The parts of the token split for `tokens` award tokens and `artists` artists:
    /// every artist with each count above half the tokens, then "nobody above half".
    /// Disjoint (two artists cannot both hold more than half) and complete.
    pub fn parts(tokens: usize, artists: usize) -> Vec<Tokens> {
        let half = tokens / 2;
        let mut parts = Vec::new();
        for t in (half + 1..=tokens).rev() {
            for a in 0..artists {
                parts.push(Tokens::Exactly(a, t));
            }
        }
        parts.push(Tokens::AtMost(half));
        parts
    }

    /// The part in words, for artist names `names` (a row of the split's table).
    pub fn label(&self, names: &[String]) -> String {
        match self {
            Tokens::Exactly(a, t) => format!("{}: {t} tokens", names[*a]),
            Tokens::AtMost(t) => format!("none above {t} tokens"),
        }
    }
}

/// Rule paths a game can be required to take ([`Scope::uses`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Uses {
    /// A closing card resolves its `draw` (`resolve_closing_symbol`).
    ClosingDraw,
    /// A closing card resolves its `award` (`resolve_closing_symbol`).
    ClosingAward,
    /// A second or simultaneous card resolves its `draw` (`chain_symbols`).
    ChainedDraw,
    /// A second or simultaneous card resolves its `award` (`chain_symbols`).
    ChainedAward,
    /// A closing second card or a card of the closing `simultaneous` event resolves its
    /// `draw` (`chain_symbols` with `resolve_closing_symbol`).
    ClosingChainedDraw,
    /// The same card resolves its `award`.
    ClosingChainedAward,
}

/// The shapes dives try: one artist collecting all the value, as in every best game
/// found so far.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Dive {
    /// The artist takes first place in every round and carries every award token.
    Star(usize),
    /// The artist carries every award token and takes first place in the last round (for
    /// 4–5 players, where few artists have the cards to lead every round).
    Patron(usize),
}

impl Dive {
    pub fn artist(&self) -> usize {
        match self {
            Dive::Star(a) | Dive::Patron(a) => *a,
        }
    }

    /// The shape in words, for artist names `names`.
    pub fn describe(&self, names: &[String]) -> String {
        match self {
            Dive::Star(a) => format!(
                "games in which {} takes first place in every round and carries every award",
                names[*a]
            ),
            Dive::Patron(a) => format!(
                "games in which {} carries every award and takes first place in the last round",
                names[*a]
            ),
        }
    }
}

impl Scope {
    /// Every game.
    pub fn all() -> Scope {
        Scope::default()
    }

    /// Games with artist `a` first in round 1.
    pub fn first(a: usize) -> Scope {
        Scope {
            first: Some(a),
            ..Scope::default()
        }
    }

    /// Games in one part of the token split.
    pub fn tokens(part: Tokens) -> Scope {
        Scope {
            tokens: Some(part),
            ..Scope::default()
        }
    }

    /// The games of this scope in which artist `a` is first in exactly the rounds of
    /// `mask`.
    pub fn leading(self, a: usize, mask: u32) -> Scope {
        self.with_leads(Leads {
            artist: a,
            led: mask,
            decided: u32::MAX,
        })
    }

    /// The games of this scope in one part of the leads split.
    pub fn with_leads(self, leads: Leads) -> Scope {
        Scope {
            leads: Some(leads),
            ..self
        }
    }

    /// The games of this scope whose round `round` (0-based) ranks exactly `count` artists.
    pub fn ranking(self, round: usize, count: usize) -> Scope {
        Scope {
            ranked: Some((round, count)),
            ..self
        }
    }

    /// The games of this scope that take rule path `path`.
    pub fn using(self, path: Uses) -> Scope {
        Scope {
            uses: Some(path),
            ..self
        }
    }

    /// The games of this scope that beat `value`.
    pub fn beating(self, value: i64) -> Scope {
        Scope {
            beating: Some(value),
            ..self
        }
    }

    /// This scope up to a renaming of the artists of `mask` ([`Scope::relabel`]).
    pub fn renaming(self, mask: u32) -> Scope {
        Scope {
            relabel: Some(mask),
            ..self
        }
    }

    /// The same games with every artist under its own name (the parts a renamed part
    /// stands for): one scope per interchangeable artist that can take the place of the
    /// artist the scope names, or the scope without renaming when it names none of them.
    pub fn named_parts(&self) -> Vec<Scope> {
        let Some(mask) = self.relabel else {
            return vec![*self];
        };
        let plain = Scope {
            relabel: None,
            ..*self
        };
        let renamed = super::relabel::members(mask);
        let named = match self.tokens {
            Some(Tokens::Exactly(a, _)) => Some(a),
            _ => self.leads.map(|l| l.artist),
        };
        match named.filter(|a| renamed.contains(a)) {
            None => vec![plain],
            Some(a) => renamed
                .into_iter()
                .map(|b| Scope {
                    tokens: match plain.tokens {
                        Some(Tokens::Exactly(x, t)) if x == a => Some(Tokens::Exactly(b, t)),
                        t => t,
                    },
                    leads: plain.leads.map(|l| Leads {
                        artist: if l.artist == a { b } else { l.artist },
                        ..l
                    }),
                    ..plain
                })
                .collect(),
        }
    }

    /// A dive within this scope.
    pub fn with_dive(self, dive: Dive) -> Scope {
        Scope {
            dive: Some(dive),
            ..self
        }
    }

    /// Every artist the scope names.
    pub fn artists_named(&self) -> impl Iterator<Item = usize> {
        let by_tokens = match self.tokens {
            Some(Tokens::Exactly(a, _)) => Some(a),
            _ => None,
        };
        self.first
            .into_iter()
            .chain(self.dive.map(|d| d.artist()))
            .chain(by_tokens)
            .chain(self.leads.map(|l| l.artist))
    }

    /// Add the restricting constraints.
    pub fn restrict(&self, m: &mut Model, v: &Vars) {
        if let Some(a) = self.first {
            first_in_round_one(m, v, a);
        }
        if let Some(path) = self.uses {
            let (grid, k) = match path {
                Uses::ClosingDraw => (&v.close_res, 0),
                Uses::ClosingAward => (&v.close_res, 1),
                Uses::ChainedDraw => (&v.chain, 0),
                Uses::ChainedAward => (&v.chain, 1),
                Uses::ClosingChainedDraw => (&v.close_chain, 0),
                Uses::ClosingChainedAward => (&v.close_chain, 1),
            };
            let taken: Expression = grid
                .iter()
                .flatten()
                .flatten()
                .flatten()
                .map(|x| x[k])
                .sum();
            m.constrain(good_lp::constraint::geq(taken, 1.0));
        }
        if let Some(l) = self.leads {
            for r in (0..v.d.r).filter(|r| l.decided >> r & 1 == 1) {
                let first = if l.led >> r & 1 == 1 { 1.0 } else { 0.0 };
                m.constrain(eq(v.place(r, l.artist, 0), first));
            }
        }
        if let Some((r, count)) = self.ranked {
            ranks_exactly(m, v, r, count);
        }
        match self.tokens {
            Some(Tokens::Exactly(a, t)) => {
                m.constrain(eq(Expression::from(v.tokens_end[a][t]), 1.0));
            }
            Some(Tokens::AtMost(most)) => {
                for ends in &v.tokens_end {
                    let above: Expression = ends.iter().skip(most + 1).copied().sum();
                    m.constrain(eq(above, 0.0));
                }
            }
            None => {}
        }
        if let Some(x) = &v.relabel {
            let named: Vec<usize> = self.artists_named().collect();
            x.orbitope(m, v, &named);
        }
        match self.dive {
            Some(Dive::Star(a)) => {
                every_award(m, v, a);
                for r in 0..v.d.r {
                    m.constrain(eq(v.place(r, a, 0), 1.0));
                }
            }
            Some(Dive::Patron(a)) => {
                every_award(m, v, a);
                m.constrain(eq(v.place(v.d.r - 1, a, 0), 1.0));
            }
            None => {}
        }
    }
}

/// One part of a split solve: only games in which artist `a` is first in round one.
/// Every game has exactly one such artist (round 1 always shows a card, so its ranking
/// is never empty), so the largest of the A restricted optima is the optimum. Used by
/// `modern-art solve --split` ([`crate::modern_art::solve::split`]). Measured (2 players,
/// anchor, all cuts, 1 thread): a = 3 and a = 4 proven 418 in 43 s and 42 s; a = 0 has LP
/// bound 415.9, a = 1 and a = 2 bounds 402 and 414 after 60 s; so 418 is the anchor
/// maximum.
fn first_in_round_one(m: &mut Model, v: &Vars, a: usize) {
    m.constrain(eq(v.place(0, a, 0), 1.0));
}

/// Round r (0-based) ranks exactly `count` artists: every ranking pattern of another
/// length is ruled out.
fn ranks_exactly(m: &mut Model, v: &Vars, r: usize, count: usize) {
    let other: Expression = v.patterns[r]
        .iter()
        .filter(|(p, _)| p.len() != count)
        .map(|(_, x)| *x)
        .sum();
    m.constrain(eq(other, 0.0));
}

/// No seat's hand runs empty in round r (0-based), so nobody is skipped and the round
/// closes: one row per seat. A restriction of the rules, never a relaxation: the search's
/// solves ([`super::Near::no_skip`]) and the `--fix noskip` diagnostic.
pub(super) fn no_empty_hand(m: &mut Model, v: &Vars, r: usize) {
    for p in 0..v.d.n {
        m.constrain(eq(Expression::from(v.empty[r][p]), 0.0));
    }
}

/// No award token goes to an artist other than `a`.
fn every_award(m: &mut Model, v: &Vars, a: usize) {
    for r in 0..v.d.r {
        let elsewhere: Expression = (0..v.d.a).filter(|&b| b != a).map(|b| v.placed[r][b]).sum();
        m.constrain(eq(elsewhere, 0.0));
    }
}

/// Diagnostics only (not a restriction a user asks for): fix parts of the game by
/// `--fix KEY=VALUE` ([`super::build::Fixes`]), to see how much of the relaxation's slack a
/// piece of knowledge removes.
///
/// - `--fix patterns=4,2,3;4,2,3;x;4,2,0`: round r's ranking pattern (artists in
///   ranked order, 0-based; `x` leaves a round free).
/// - `--fix closemask=111x`: `1` the round closes (some artist reaches K), `0` it
///   ends with every hand empty, `x` free.
/// - `--fix firsts=4,x,x,4`: the artist (0-based) that takes first place in each
///   round (`x` leaves a round free).
/// - `--fix seconds=x,x,x,3`: the artist (0-based) that takes second place in each
///   round (`x` leaves a round free).
/// - `--fix unranked=4,x,x,x`: an artist (0-based) that takes no place in that
///   round (`x` leaves a round free). The 4-player "any artist: 5 tokens" part with its
///   artist unranked in round 1 has LP 379, below the maximum 392.
/// - `--fix awards=4`: every award token on that artist (0-based).
/// - `--fix awardmax=3`: at most that many tokens on any one artist.
/// - `--fix tokens=4:5`, `--fix leads=4:0111`: the token split's part
///   "artist 4 ends with 5 tokens" and the leads sub-part "artist 4 first in rounds 2–4"
///   (the split's own restrictions, to measure one part); `x` leaves a round free
///   (`4:xxx1`: first in round 4, the other rounds open).
/// - `--fix placed=4:2,x,3,0`: tokens placed on artist 4 in each round (`x`: free).
/// - `--fix ranked=2,3,x,x`: how many artists each round ranks (`x`: free), as
///   the split's ranking pieces fix it for one round.
/// - `--fix noskip=1110`: `1` no seat's hand runs empty in that round (so nobody
///   is skipped). Not a relaxation of the rules: a measurement only.
/// - `--fix someskip=0001`: some seat's hand runs empty in one of the rounds marked
///   `1` (the games `--fix noskip` with the same mask leaves out).
///
/// With `solve --fix relax=1 --fix debug=1 …` (2 players, standard) the LP relaxation
/// measured (when this table was written):
///
/// | games covered                                        | LP    |
/// |------------------------------------------------------|-------|
/// | all                                                  | 507.2 |
/// | all, the four patterns of the best game (440) fixed  | 462.0 |
/// | Krypto star (`--star krypto`)                        | 467.5 |
/// | star, round 4's pattern fixed (`x;x;x;4,2,0`)        | 456.5 |
/// | star, the four patterns fixed                        | 442.9 |
/// | star, the four patterns and "every round closes"     | 440.0 |
/// | star, no skips in rounds 1–3 (`--fix noskip`)    | 462.0 |
///
/// So, given the patterns, the turns, hands and cards are modelled tightly (the last LP is
/// the star's proven optimum); the slack is the LP's *mixture* of ranking patterns across
/// rounds (e.g. four artists each "second every round" with weight 0.2), of award
/// placements and of rounds that end without a close. Tried without effect on the LP:
/// splitting each artist's count into one share per pattern (Balas' hull of the ranking
/// disjunction, with a seat's paid cards at most its artist's ranked shares): 507.2 again.
pub fn diagnostic_fixings(m: &mut Model, v: &Vars, fixes: &Fixes) -> Result<()> {
    let artist = |key: &str, s: &str| -> Result<usize> {
        match s.trim().parse::<usize>() {
            Ok(a) if a < v.d.a => Ok(a),
            _ => bail!(
                "--fix {key}: `{}` is no artist (0 to {})",
                clip(s, 40),
                v.d.a - 1
            ),
        }
    };
    if let Some(pats) = fixes.get("patterns") {
        for (r, want) in rounds("patterns", pats, ';', v.d.r)? {
            let want: Vec<usize> = want
                .split(',')
                .map(|x| artist("patterns", x))
                .collect::<Result<_>>()?;
            for (pat, x) in &v.patterns[r] {
                if *pat == want {
                    m.constrain(eq(Expression::from(*x), 1.0));
                }
            }
        }
    }
    let places = [
        ("firsts", 0, fixes.get("firsts")),
        ("seconds", 1, fixes.get("seconds")),
    ];
    for (key, place, list) in places {
        if let Some(list) = list {
            for (r, a) in rounds(key, list, ',', v.d.r)? {
                m.constrain(eq(v.place(r, artist(key, a)?, place), 1.0));
            }
        }
    }
    if let Some(unranked) = fixes.get("unranked") {
        for (r, a) in rounds("unranked", unranked, ',', v.d.r)? {
            let a = artist("unranked", a)?;
            for place in 0..3 {
                m.constrain(eq(v.place(r, a, place), 0.0));
            }
        }
    }
    if let Some(a) = fixes.get("awards") {
        every_award(m, v, artist("awards", a)?);
    }
    // The split's own restrictions, applied from the environment to measure one part.
    if let Some(part) = fixes.get("leads") {
        // `a:1011`: artist a (0-based) is first in exactly the rounds marked 1 (`x`: free).
        let (a, marks) = pair("leads", part)?;
        let a = artist("leads", a)?;
        for (r, ch) in mask("leads", marks, v.d.r)? {
            m.constrain(eq(v.place(r, a, 0), if ch == '1' { 1.0 } else { 0.0 }));
        }
    }
    if let Some(part) = fixes.get("tokens") {
        // `a:t`: artist a (0-based) ends the game with exactly t tokens.
        let (a, t) = pair("tokens", part)?;
        let a = artist("tokens", a)?;
        let most = v.tokens_end[a].len().saturating_sub(1);
        match t.trim().parse::<usize>() {
            Ok(t) if t <= most => Scope::tokens(Tokens::Exactly(a, t)).restrict(m, v),
            _ => bail!(
                "--fix tokens: `{}` is no count of tokens (0 to {most})",
                clip(t, 40)
            ),
        }
    }
    if let Some(part) = fixes.get("placed") {
        // `a:2,x,3,0`: tokens placed on artist a (0-based) in each round (`x`: free).
        let (a, counts) = pair("placed", part)?;
        let a = artist("placed", a)?;
        for (r, n) in rounds("placed", counts, ',', v.d.r)? {
            m.constrain(eq(Expression::from(v.placed[r][a]), number("placed", n)?));
        }
    }
    if let Some(most) = fixes.get("awardmax") {
        let most = number("awardmax", most)?;
        for a in 0..v.d.a {
            let on: Expression = (0..v.d.r).map(|r| v.placed[r][a]).sum();
            m.constrain(leq(on, most));
        }
    }
    if let Some(marks) = fixes.get("noskip") {
        for (r, ch) in mask("noskip", marks, v.d.r)? {
            if ch == '1' {
                no_empty_hand(m, v, r);
            }
        }
    }
    if let Some(marks) = fixes.get("someskip") {
        // `0111`: some seat's hand runs empty in one of the rounds marked 1.
        let some: Expression = mask("someskip", marks, v.d.r)?
            .into_iter()
            .filter(|(_, ch)| *ch == '1')
            .flat_map(|(r, _)| (0..v.d.n).map(move |p| (r, p)))
            .map(|(r, p)| v.empty[r][p])
            .sum();
        m.constrain(geq(some, 1.0));
    }
    if let Some(counts) = fixes.get("ranked") {
        // `2,3,x,x`: how many artists each round ranks (`x`: free).
        for (r, n) in rounds("ranked", counts, ',', v.d.r)? {
            match n.trim().parse::<usize>() {
                Ok(n) if n <= v.d.a => ranks_exactly(m, v, r, n),
                _ => bail!("--fix ranked: `{}` is no count of artists", clip(n, 40)),
            }
        }
    }
    if let Some(marks) = fixes.get("closemask") {
        for (r, ch) in mask("closemask", marks, v.d.r)? {
            let open = if ch == '1' { 0.0 } else { 1.0 };
            m.constrain(eq(Expression::from(v.noclose[r]), open));
        }
    }
    Ok(())
}

/// A `--fix` value given per round (`2,x,3`): each round's item but the free ones (`x`),
/// with its round; more items than rounds, or none, is an error.
fn rounds<'s>(key: &str, list: &'s str, sep: char, r: usize) -> Result<Vec<(usize, &'s str)>> {
    let items: Vec<&str> = list.split(sep).collect();
    if items.len() > r || list.trim().is_empty() {
        bail!(
            "--fix {key}: `{}` gives {} items for {r} rounds",
            clip(list, 40),
            items.len()
        );
    }
    let free = |s: &&str| s.trim() == "x";
    Ok(items
        .into_iter()
        .enumerate()
        .filter(|(_, s)| !free(s))
        .collect())
}

/// A `--fix` mask (`1011`, `x` free): the rounds marked `0` or `1`.
fn mask(key: &str, marks: &str, r: usize) -> Result<Vec<(usize, char)>> {
    let marks = marks.trim();
    if marks.chars().count() > r || marks.chars().any(|c| !matches!(c, '0' | '1' | 'x')) {
        bail!(
            "--fix {key}: `{}` is no mask of {r} rounds (each 0, 1 or x)",
            clip(marks, 40)
        );
    }
    Ok(marks
        .chars()
        .enumerate()
        .filter(|(_, c)| *c != 'x')
        .collect())
}

/// `a:rest` of a `--fix` value.
fn pair<'s>(key: &str, value: &'s str) -> Result<(&'s str, &'s str)> {
    value
        .split_once(':')
        .ok_or_else(|| anyhow!("--fix {key}: `{}` is not ARTIST:VALUE", clip(value, 40)))
}

/// A finite number ≥ 0 of a `--fix` value.
fn number(key: &str, s: &str) -> Result<f64> {
    match s.trim().parse::<f64>() {
        Ok(x) if x.is_finite() && x >= 0.0 => Ok(x),
        _ => bail!("--fix {key}: `{}` is not a number ≥ 0", clip(s, 40)),
    }
}

#[cfg(test)]
mod tests {

    /// Every key `diagnostic_fixings` reads is in `RESTRICTING_FIXES` (and nothing
    /// else is, but `relax`), so a new fixing cannot slip past the restricted-game labels.
    #[test]
    fn the_list_of_fixings_is_what_diagnostic_fixings_reads() {
        let source = include_str!("scope.rs");
        let start = source.find("pub fn diagnostic_fixings(").unwrap();
        let body = &source[start..];
        let body = &body[..body.find("\n}\n").unwrap()];
        let mut read: Vec<&str> = body
            .split("fixes.get(\"")
            .skip(1)
            .map(|s| &s[..s.find('"').unwrap()])
            .collect();
        read.sort_unstable();
        let mut listed: Vec<&str> = super::super::build::RESTRICTING_FIXES
            .into_iter()
            .filter(|k| *k != "relax")
            .collect();
        listed.sort_unstable();
        assert_eq!(read, listed);
    }
}
