//! The trader's rules that are numbers, not board: starting cash, tank, lorry size. The
//! defaults are the original's (£5000, a full tank of 20, 1000 cu ft);
//! `models/traveller/rules.json` holds them as data and `--rules FILE` reads another set
//! (the tests use tiny ones to compare the model with brute force).

use std::path::Path;

use anyhow::{anyhow, bail, Context, Result};
use serde::{Deserialize, Serialize};

use crate::variants::{self, RulesKind, Setting};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rules {
    /// Cash at the start (£); cash may never go below 0.
    pub cash: f64,
    /// Tank size in units of fuel; a move burns 1.
    pub tank: u32,
    /// Fuel at the start.
    pub fuel: u32,
    /// Lorry capacity in cubic feet.
    pub capacity: f64,
}

impl Default for Rules {
    fn default() -> Self {
        Rules {
            cash: 5000.0,
            tank: 20,
            fuel: 20,
            capacity: 1000.0,
        }
    }
}

impl Rules {
    pub fn load(path: &Path) -> Result<Rules> {
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("cannot read rules file {}", path.display()))?;
        let r: Rules = serde_json::from_str(&text).map_err(|e| {
            anyhow!(
                "{}: not traveller rules: {e} (expected keys cash, tank, fuel, capacity)",
                path.display()
            )
        })?;
        r.check()
            .with_context(|| format!("rules {}", path.display()))?;
        Ok(r)
    }

    /// These rules with `settings` (`--set KEY=VALUE`) applied and checked.
    pub fn with_settings(&self, settings: &[Setting]) -> Result<Rules> {
        if settings.is_empty() {
            return Ok(self.clone());
        }
        let check = |v: &serde_json::Value| -> Result<()> {
            serde_json::from_value::<Rules>(v.clone())?.check()
        };
        let kind = RulesKind {
            game: "traveller",
            shorthand: None,
            check: &check,
        };
        let out = variants::apply(&serde_json::to_value(self)?, settings, &kind)?;
        Ok(serde_json::from_value(out)?)
    }

    /// Reject numbers no game can start from.
    pub fn check(&self) -> Result<()> {
        if !(self.cash.is_finite() && self.cash >= 0.0) {
            bail!("key `cash`: must be a number ≥ 0, not {}", self.cash);
        }
        if self.fuel > self.tank {
            bail!(
                "key `fuel`: {} does not fit a tank of {} (`tank`)",
                self.fuel,
                self.tank
            );
        }
        if !(self.capacity.is_finite() && self.capacity > 0.0) {
            bail!(
                "key `capacity`: must be a positive number, not {}",
                self.capacity
            );
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shipped_rules_are_the_defaults() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("models/traveller/rules.json");
        assert_eq!(Rules::load(&path).unwrap(), Rules::default());
        let bad = Rules {
            fuel: 30,
            ..Rules::default()
        };
        assert!(bad.check().unwrap_err().to_string().contains("tank"));
    }
}
