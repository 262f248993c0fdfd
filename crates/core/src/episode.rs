//! The episode envelope: one JSON shape for every game's solved (or searched, or
//! simulated) result, so `render` and `verify` work on any file the tool wrote.
//!
//! The `variant` field holds the *fully resolved* configuration that was solved (not a
//! file name), so the episode alone reproduces the run. `payload` is game specific: the
//! game's own module defines and reads it.

use std::path::Path;

use anyhow::{anyhow, bail, Context, Result};
use serde::{Deserialize, Serialize};

use crate::lp::{SolveReport, Status};

/// The largest episode file read (the largest committed one, a 1 600-square Traveller
/// board, is 68 KB).
pub const MAX_EPISODE_BYTES: u64 = 16 << 20;

/// The longest text (a name, a note, a key) an episode may hold (the longest committed
/// one has 257 characters).
pub const MAX_TEXT_CHARS: usize = 4096;

/// The first string or key of `v` longer than [`MAX_TEXT_CHARS`]: its JSON pointer (cut
/// short) and its length.
fn long_text(v: &serde_json::Value, at: &str) -> Option<(String, usize)> {
    let too_long = |s: &str| s.len() > MAX_TEXT_CHARS && s.chars().count() > MAX_TEXT_CHARS;
    let here = |at: &str, s: &str| Some((crate::error::clip(at, 80), s.chars().count()));
    match v {
        serde_json::Value::String(s) if too_long(s) => here(at, s),
        serde_json::Value::Array(a) => a
            .iter()
            .enumerate()
            .find_map(|(i, x)| long_text(x, &format!("{at}/{i}"))),
        serde_json::Value::Object(m) => m.iter().find_map(|(k, x)| {
            if too_long(k) {
                return here(&format!("{at}/"), k);
            }
            long_text(x, &format!("{at}/{k}"))
        }),
        _ => None,
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Envelope {
    /// The name of a game in the application's registry (`gamebounds::games::GAMES`).
    pub game: String,
    /// The resolved rule variant (and anything else needed to reproduce the run).
    pub variant: serde_json::Value,
    /// What was optimised, e.g. `max-player`.
    pub objective: String,
    /// `optimal`, `feasible`, … (see [`Status`]); for non-ILP results (an exhaustive
    /// search, a replay) `optimal` means "exact".
    pub status: Status,
    /// The objective value of the episode's game.
    pub value: Option<f64>,
    /// The best proven bound.
    pub bound: Option<f64>,
    /// Relative gap between value and bound.
    pub gap: Option<f64>,
    /// Solver statistics, when a solver ran.
    pub solver: Option<SolveReport>,
    /// gamebounds version that wrote the file.
    pub version: String,
    /// Game-specific content (a game record, hands, a plan …).
    pub payload: serde_json::Value,
}

impl Envelope {
    /// An envelope for an ILP result: status, value, bound and gap come from the report.
    pub fn from_report(
        game: &str,
        variant: serde_json::Value,
        objective: &str,
        report: &SolveReport,
        payload: serde_json::Value,
    ) -> Envelope {
        Envelope {
            game: game.to_string(),
            variant,
            objective: objective.to_string(),
            status: report.status,
            value: report.objective,
            bound: report.bound,
            gap: report.gap,
            solver: Some(report.clone()),
            version: env!("CARGO_PKG_VERSION").to_string(),
            payload,
        }
    }

    /// An envelope for an exact result found without a solver (enumeration, search).
    pub fn exact(
        game: &str,
        variant: serde_json::Value,
        objective: &str,
        value: f64,
        payload: serde_json::Value,
    ) -> Envelope {
        Envelope {
            game: game.to_string(),
            variant,
            objective: objective.to_string(),
            status: Status::Optimal,
            value: Some(value),
            bound: Some(value),
            gap: Some(0.0),
            solver: None,
            version: env!("CARGO_PKG_VERSION").to_string(),
            payload,
        }
    }

    /// Read an episode file, with errors that name the file and the problem. A file
    /// over [`MAX_EPISODE_BYTES`] or a text over [`MAX_TEXT_CHARS`] is refused before
    /// anything renders or echoes it. Whether its game is one the application knows is
    /// the registry's question (`gamebounds::games::load` asks it too): the core knows no
    /// game.
    pub fn load(path: &Path) -> Result<Envelope> {
        let bytes = std::fs::metadata(path)
            .with_context(|| format!("cannot read episode file {}", path.display()))?
            .len();
        if bytes > MAX_EPISODE_BYTES {
            bail!(
                "{}: {bytes} bytes, more than any episode (at most {MAX_EPISODE_BYTES})",
                path.display()
            );
        }
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("cannot read episode file {}", path.display()))?;
        let not_episode = |e: String| {
            anyhow!(
                "{} is not a gamebounds episode: {} (expected the JSON written by a \
                 `gamebounds <game> ... --out FILE.json` run)",
                path.display(),
                crate::error::clip(&e, 300)
            )
        };
        let value: serde_json::Value =
            serde_json::from_str(&text).map_err(|e| not_episode(e.to_string()))?;
        if let Some((at, n)) = long_text(&value, "") {
            bail!(
                "{}: the text at {at} has {n} characters, more than any episode's \
                 (at most {MAX_TEXT_CHARS})",
                path.display()
            );
        }
        serde_json::from_value(value).map_err(|e| not_episode(e.to_string()))
    }

    /// Write pretty JSON atomically ([`crate::io::write_atomic`]: the directory must
    /// exist).
    pub fn save(&self, path: &Path) -> Result<()> {
        let text = self.to_file_text(path)?;
        crate::io::write_atomic(path, text.as_bytes()).map(|_| ())
    }

    /// The file's text for `path`, refused when [`Envelope::load`] would refuse it (a
    /// text over [`MAX_TEXT_CHARS`], e.g. a variant's name): nothing is written that
    /// `verify` cannot read back.
    pub fn to_file_text(&self, path: &Path) -> Result<String> {
        let value = serde_json::to_value(self)?;
        if let Some((at, n)) = long_text(&value, "") {
            bail!(
                "{}: not written: the text at {at} has {n} characters, more than an episode \
                 holds (at most {MAX_TEXT_CHARS})",
                path.display()
            );
        }
        let text = serde_json::to_string_pretty(self)? + "\n";
        if text.len() as u64 > MAX_EPISODE_BYTES {
            bail!(
                "{}: not written: {} bytes, more than an episode holds (at most \
                 {MAX_EPISODE_BYTES})",
                path.display(),
                text.len()
            );
        }
        Ok(text)
    }

    /// Parse the payload into the game's own type.
    pub fn payload_as<T: serde::de::DeserializeOwned>(&self) -> Result<T> {
        serde_json::from_value(self.payload.clone()).map_err(|e| {
            anyhow!(
                "{} episode has a malformed payload: {}",
                self.game,
                crate::error::clip(&e.to_string(), 300)
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roundtrip_and_errors() {
        let dir = std::env::temp_dir().join(format!("gb-episode-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("e.json");
        let e = Envelope::exact(
            "toy",
            serde_json::json!({"crib": false}),
            "max",
            29.0,
            serde_json::json!({"hand": ["5H"]}),
        );
        e.save(&path).unwrap();
        assert_eq!(Envelope::load(&path).unwrap(), e);

        std::fs::write(&path, "{not json").unwrap();
        let err = Envelope::load(&path).unwrap_err().to_string();
        assert!(err.contains("is not a gamebounds episode"), "{err}");

        let err = Envelope::load(&dir.join("missing.json")).unwrap_err();
        assert!(format!("{err:#}").contains("cannot read episode file"));
        std::fs::remove_dir_all(dir).unwrap();
    }
}
