//! The machine-readable proof record of a bound that HiGHS proved: the parts the games
//! were divided into (each a restriction as data, in the game's own terms), how each part
//! was settled and the HiGHS options used. `verify` checks that the parts cover every
//! game exactly once; `audit` solves each part again and bounds it safely
//! (`docs/proofs.md`).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// A proof: the parts of a split (one part, every game, for a whole solve).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Proof<R> {
    /// What the parts divide the games by: `whole`, `first`, `tokens` or `tokens-leads`.
    pub split: String,
    /// The HiGHS options every part's solve was given (`threads`, `random_seed`,
    /// `mip_rel_gap`, `time_limit`, then any extra ones), as HiGHS reads them.
    pub highs: BTreeMap<String, String>,
    /// Where the record comes from when not from the solve itself: `table` for a record
    /// read back from an older episode's table (no LP bounds of solved parts, no options).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
    pub parts: Vec<ProofPart<R>>,
}

/// One part of a proof.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProofPart<R> {
    /// The games of the part, as data.
    pub restriction: R,
    /// The part's LP bound (the relaxation's optimum), when it was solved and kept.
    pub lp: Option<f64>,
    /// The part's upper bound (rounded down: scores are whole numbers); `None` for an
    /// empty part.
    pub bound: Option<f64>,
    /// The best game the part's solve found.
    pub value: Option<i64>,
    pub settled: Settled,
    pub seconds: f64,
}

/// How a part was settled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Settled {
    /// Its LP bound (rounded down) is at most the best game: no MIP was solved.
    LpBound,
    /// HiGHS proved the part's optimum.
    MipOptimal,
    /// HiGHS showed, under a cutoff at the best game, that no game of the part beats it.
    MipCutoff,
    /// No game lies in the part (its LP is infeasible).
    Empty,
    /// Closed by the search's own bounds, no LP solved (Traveller's event search: the
    /// worth bound and the relaxed future).
    Pruned,
    /// Not settled: the bound is above the best game (the proof does not hold).
    Open,
}

impl Settled {
    /// The status column of the human-readable table.
    pub fn status(self) -> &'static str {
        match self {
            Settled::LpBound => "skipped (LP bound)",
            Settled::MipOptimal => "proven",
            Settled::MipCutoff => "closed (bound ≤ best)",
            Settled::Empty => "empty",
            Settled::Pruned => "pruned",
            Settled::Open => "open",
        }
    }

    /// The inverse of [`Settled::status`].
    pub fn from_status(status: &str) -> Option<Settled> {
        [
            Settled::LpBound,
            Settled::MipOptimal,
            Settled::MipCutoff,
            Settled::Empty,
            Settled::Pruned,
            Settled::Open,
        ]
        .into_iter()
        .find(|s| s.status() == status)
    }
}

/// The HiGHS options of a solve, as the record keeps them.
pub fn highs_options(o: &crate::lp::SolveOptions) -> BTreeMap<String, String> {
    let mut m = BTreeMap::new();
    m.insert("threads".into(), o.threads.max(1).to_string());
    m.insert("random_seed".into(), o.seed.to_string());
    m.insert("mip_rel_gap".into(), o.mip_gap.to_string());
    if let Some(t) = o.time_limit {
        m.insert("time_limit".into(), t.to_string());
    }
    for (k, v) in &o.highs {
        m.insert(k.clone(), v.clone());
    }
    m
}

/// A record whose restrictions are kept as plain JSON, so that `verify` can name an
/// altered one instead of failing to read the payload.
pub type DataProof = Proof<serde_json::Value>;

/// The restriction of a whole solve's one part: every game.
pub const EVERY_GAME: &str = "every_game";

/// The record of a proven whole solve: one part, every game, settled by HiGHS's optimum.
/// `lp`: the root relaxation's optimum when it was solved.
pub fn whole(
    report: &crate::lp::SolveReport,
    value: f64,
    lp: Option<f64>,
    opts: &crate::lp::SolveOptions,
) -> DataProof {
    Proof {
        split: "whole".into(),
        highs: highs_options(opts),
        source: None,
        parts: vec![ProofPart {
            restriction: serde_json::Value::from(EVERY_GAME),
            lp,
            bound: Some(report.bound.unwrap_or(value)),
            value: Some(value.round() as i64),
            settled: Settled::MipOptimal,
            seconds: (report.seconds * 1000.0).round() / 1000.0,
        }],
    }
}

/// `verify`'s check of a whole solve's record, no solving: split `whole`, exactly one
/// part, every game, settled by HiGHS, its bound no better than the episode's value
/// (`maximise`: not above it) and its game the episode's. A rejection names the part.
pub fn check_whole(game: &str, p: &DataProof, value: f64, maximise: bool) -> anyhow::Result<()> {
    let reject = |msg: String| -> anyhow::Error {
        crate::error::Rejected(format!("{game}: rejected: proof record: {msg}")).into()
    };
    if p.split != "whole" {
        return Err(reject(format!(
            "the split is `{}`, a whole solve's record has split `whole`",
            crate::error::clip(&p.split, 40)
        )));
    }
    match p.parts.len() {
        0 => return Err(reject("no part: the games are not covered".into())),
        1 => {}
        n => {
            return Err(reject(format!(
                "part 2 of {n}: a whole solve has one part (every game), part 2 covers its \
                 games again"
            )))
        }
    }
    let part = &p.parts[0];
    if part.restriction != EVERY_GAME {
        return Err(reject(format!(
            "part 1 restricts the games to {}, a whole solve's part is `{EVERY_GAME}`",
            crate::error::clip(&part.restriction.to_string(), 80)
        )));
    }
    if part.settled != Settled::MipOptimal {
        return Err(reject(format!(
            "part 1 is settled `{}`, a whole solve's part by HiGHS's optimum (`proven`)",
            part.settled.status()
        )));
    }
    let tol = 1e-6 * value.abs().max(1.0);
    let beyond = |b: f64| match maximise {
        true => b > value + tol,
        false => b < value - tol,
    };
    match part.bound {
        None => return Err(reject("part 1 has no bound".into())),
        Some(b) if beyond(b) => {
            return Err(reject(format!(
                "part 1's bound {} is {} the claimed {} {}",
                crate::render::num(b),
                if maximise { "above" } else { "below" },
                if maximise { "maximum" } else { "minimum" },
                crate::render::num(value)
            )))
        }
        Some(_) => {}
    }
    if part.value != Some(value.round() as i64) {
        return Err(reject(format!(
            "part 1's game is worth {}, the episode's {}",
            part.value.map_or("nothing".into(), |v| v.to_string()),
            crate::render::num(value)
        )));
    }
    match part.impossible(maximise) {
        Some(why) => Err(reject(format!("part 1: {why}"))),
        None => Ok(()),
    }
}

impl<R> ProofPart<R> {
    /// Why the part's own numbers cannot be, or `None`: the part holds its own game, so
    /// neither its bound nor its LP bound (a relaxation of the part) is worse than that
    /// game (`maximise`: below it); every number is finite, the seconds not negative.
    pub fn impossible(&self, maximise: bool) -> Option<String> {
        let num = crate::render::num;
        for (what, x) in [("bound", self.bound), ("LP bound", self.lp)] {
            let Some(x) = x else { continue };
            if !x.is_finite() {
                return Some(format!("its {what} {x} is no number"));
            }
            let Some(game) = self.value.map(|v| v as f64) else {
                continue;
            };
            let tol = 1e-6 * game.abs().max(1.0);
            let worse = if maximise {
                x < game - tol
            } else {
                x > game + tol
            };
            if worse {
                return Some(format!(
                    "its {what} {} is {} its own game's {}: impossible",
                    num(x),
                    if maximise { "below" } else { "above" },
                    num(game)
                ));
            }
        }
        if !(self.seconds.is_finite() && self.seconds >= 0.0) {
            return Some(format!("its seconds {} are no time", self.seconds));
        }
        None
    }
}

/// The record as markdown: one line for the split and the options, one row per part.
pub fn markdown<R: Serialize>(p: &Proof<R>) -> String {
    let data = |r: &R| {
        let r = serde_json::to_string(r).unwrap_or_default();
        format!("`{}`", r.replace('|', "\\|"))
    };
    markdown_in(p, &data, &crate::render::num)
}

/// [`markdown`] with each restriction in the game's `words` and its bounds in its units.
pub fn markdown_in<R>(
    p: &Proof<R>,
    words: &dyn Fn(&R) -> String,
    bound: &dyn Fn(f64) -> String,
) -> String {
    let opts: Vec<String> = p.highs.iter().map(|(k, v)| format!("{k}={v}")).collect();
    let show = |x: Option<f64>| x.map_or("-".to_string(), bound);
    let rows = p.parts.iter().enumerate().map(|(i, part)| {
        vec![
            (i + 1).to_string(),
            words(&part.restriction),
            part.settled.status().to_string(),
            show(part.lp),
            show(part.bound),
            show(part.value.map(|v| v as f64)),
            format!("{:.3}", part.seconds),
        ]
    });
    let table = crate::render::table(
        [
            "part",
            "restriction",
            "settled",
            "LP bound",
            "bound",
            "best game",
            "seconds",
        ],
        rows,
    );
    format!(
        "## Proof record\n\nSplit `{}`, {} part{}; HiGHS options: {}. `gamebounds audit` \
         solves every part again (docs/proofs.md).\n\n{table}",
        p.split,
        p.parts.len(),
        if p.parts.len() == 1 { "" } else { "s" },
        if opts.is_empty() {
            "-".into()
        } else {
            opts.join(", ")
        }
    )
}

/// How a split found its best game when no part's own solve did: a neighbourhood search
/// in one part, its seconds and whether its proof attempt then closed that part. Kept in
/// episodes as its sentence (`a neighbourhood search of the part "…" (12.3 s)`), the form
/// episodes have always had; read back into its fields, so no reader parses the words.
#[derive(Debug, Clone, PartialEq)]
pub struct FoundBy {
    /// The label of the part the search ran in.
    pub part: String,
    /// The search's seconds, to one decimal (as the sentence shows them).
    pub seconds: f64,
    /// Whether the search's proof attempt then closed that part against the game.
    pub closed: bool,
}

const FOUND_BY_HEAD: &str = "a neighbourhood search of the part \"";
const FOUND_BY_CLOSED: &str = ", whose proof attempt then closed that part against it";

impl std::fmt::Display for FoundBy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let how = if self.closed { FOUND_BY_CLOSED } else { "" };
        write!(
            f,
            "{FOUND_BY_HEAD}{}\" ({:.1} s){how}",
            self.part, self.seconds
        )
    }
}

impl std::str::FromStr for FoundBy {
    type Err = String;

    fn from_str(s: &str) -> Result<FoundBy, String> {
        let bad = || format!("`{s}` is not `{FOUND_BY_HEAD}…\" (N s)`");
        let (rest, closed) = match s.strip_suffix(FOUND_BY_CLOSED) {
            Some(r) => (r, true),
            None => (s, false),
        };
        let rest = rest.strip_prefix(FOUND_BY_HEAD).ok_or_else(bad)?;
        let rest = rest.strip_suffix(" s)").ok_or_else(bad)?;
        let (part, seconds) = rest.rsplit_once("\" (").ok_or_else(bad)?;
        Ok(FoundBy {
            part: part.to_string(),
            seconds: seconds.parse().map_err(|_| bad())?,
            closed,
        })
    }
}

impl Serialize for FoundBy {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for FoundBy {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<FoundBy, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The committed episodes' sentences read back into their fields and write out the
    /// same bytes.
    #[test]
    fn found_by_round_trips_its_sentence() {
        for (text, seconds, closed) in [
            (
                "a neighbourhood search of the part \"any artist: 5 tokens, first in rounds \
                 2, 3 and 4\" (30.5 s), whose proof attempt then closed that part against it",
                30.5,
                true,
            ),
            (
                "a neighbourhood search of the part \"Krypto first\" (75.0 s)",
                75.0,
                false,
            ),
        ] {
            let json = serde_json::to_string(text).unwrap();
            let f: FoundBy = serde_json::from_str(&json).unwrap();
            assert_eq!((f.seconds, f.closed), (seconds, closed), "{text}");
            assert_eq!(serde_json::to_string(&f).unwrap(), json);
        }
        assert!("found by hand".parse::<FoundBy>().is_err());
        assert!("a neighbourhood search of the part \"x\" (soon s)"
            .parse::<FoundBy>()
            .is_err());
    }
}
