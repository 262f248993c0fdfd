//! The Modern Art payload of an episode: the record of the whole game (what the referee
//! replays) plus the referee's account of it (round summaries, final scores), which
//! `verify` recomputes and compares number by number.

use anyhow::{anyhow, Result};
use serde::{Deserialize, Serialize};

use super::engine::{self, RoundSummary};
use super::record::Record;
use super::rules::Config;
use crate::episode::Envelope;
use crate::lp::SolveReport;

/// The game name in episodes.
pub const GAME: &str = "modern-art";

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Payload {
    /// The seat the objective is about (0-based), if any.
    pub player: Option<usize>,
    pub record: Record,
    pub rounds: Vec<RoundSummary>,
    pub scores: Vec<i64>,
    /// The parts of a split solve (`solve --split`), when the bound was proven that way.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub split: Option<Vec<SplitPart>>,
    /// What the split was over, in words ("round 1's first artist", "the award tokens");
    /// absent in older episodes, which were all split over round 1's first artist.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub split_by: Option<String>,
    /// The games the solve was restricted to (`solve --star/--patron`), in words: the
    /// status and bound are then about those games only, not the game's maximum.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub restricted: Option<String>,
    /// How a split found its best game when no part's own solve did (a split from no game
    /// whose first part's neighbourhood search found the maximum), in words.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub found_by: Option<crate::proof::FoundBy>,
    /// The proof of the bound as data (every part's restriction and settlement), from
    /// which `split` is rendered; `verify` checks that its parts cover every game once.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub proof: Option<super::proof::MaProof>,
}

/// One part of a split solve: e.g. the games in which an artist takes first place in
/// round 1, or in which an artist ends with a given number of award tokens.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SplitPart {
    /// The part in words (the artist's name for a split over round 1's first artist).
    #[serde(alias = "artist")]
    pub part: String,
    /// The best certified game this part's solve found (any part's game counts).
    pub value: Option<i64>,
    /// Upper bound on this part (rounded down: scores are whole numbers); `None` when
    /// no game has this artist first.
    pub bound: Option<f64>,
    /// `proven`, `closed` (bound ≤ the best game), `empty`, `skipped (LP bound)` or
    /// `open` (bound above the best game: the split proves nothing).
    pub status: String,
    pub seconds: f64,
}

/// The objectives an episode may name: `max-player` (the seat's score; the best seat's
/// without one), `max-total` (all seats), `max-margin` (winner minus runner-up) and
/// `min-winner` (the winner's score, for "the lowest score that still wins").
pub const OBJECTIVES: [&str; 4] = ["max-player", "max-total", "max-margin", "min-winner"];

/// The objective's value for a finished game's final scores.
pub fn objective_value(objective: &str, player: Option<usize>, scores: &[i64]) -> Result<i64> {
    let mut sorted = scores.to_vec();
    sorted.sort_unstable_by(|a, b| b.cmp(a));
    let top = sorted.first().copied().unwrap_or(0);
    Ok(match objective {
        "max-player" => match player {
            Some(p) => scores.get(p).copied().unwrap_or(0),
            None => top,
        },
        "max-total" => scores.iter().sum(),
        "max-margin" => top - sorted.get(1).copied().unwrap_or(0),
        "min-winner" => top,
        o => {
            return Err(anyhow!(
                "unknown objective `{o}` (known: {})",
                OBJECTIVES.join(", ")
            ))
        }
    })
}

/// Replay `record` (an error if the referee rejects it) and wrap it in an envelope:
/// from the solver's report when there is one, else as an exact (search) result. The
/// envelope's `value` is the replayed objective, never the solver's claim.
pub fn envelope(
    config: &Config,
    objective: &str,
    player: Option<usize>,
    report: Option<&SolveReport>,
    record: Record,
) -> Result<Envelope> {
    objective_value(objective, None, &[])?;
    if let Some(p) = player {
        if p >= config.players {
            return Err(anyhow!(
                "player {} does not exist: {} players (P1..P{})",
                p + 1,
                config.players,
                config.players
            ));
        }
    }
    let outcome = engine::replay(config, &record)
        .map_err(|v| anyhow!("the referee rejects the {objective} game: {v}"))?;
    let value = objective_value(objective, player, &outcome.scores)?;
    let payload = Payload {
        player,
        record,
        rounds: outcome.rounds,
        scores: outcome.scores,
        split: None,
        split_by: None,
        restricted: None,
        found_by: None,
        proof: None,
    };
    let payload = serde_json::to_value(&payload)?;
    let mut env = match report {
        Some(rep) => Envelope::from_report(GAME, config.to_value(), objective, rep, payload),
        None => Envelope::exact(GAME, config.to_value(), objective, value as f64, payload),
    };
    env.value = Some(value as f64);
    Ok(env)
}
