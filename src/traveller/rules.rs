//! The trader's rules that are numbers, not board: starting cash, tank, lorry size. The
//! defaults are the original's (£5000, a full tank of 20, 1000 cu ft);
//! `models/traveller/rules.json` holds them as data, with the board they are played on
//! (read by [`super::setup`]), and `--rules FILE` reads another set (the tests use tiny
//! ones to compare the model with brute force).

use std::path::Path;

use anyhow::{bail, Result};
use serde::{Deserialize, Serialize};

use crate::keys::KeyDoc;

/// Most cash (£) and lorry capacity (cu ft) a rules file may give: amounts stay exact
/// in floating point and far inside the integers a plan's money is printed with.
pub const MAX_MONEY: f64 = 1e9;
/// Largest tank: the model has a fuel level per unit (the game's is 20).
pub const MAX_TANK: u32 = 1000;

/// Allowed ranges: `cash` £0 to [`MAX_MONEY`], `tank` 1 to [`MAX_TANK`], `fuel` at most
/// `tank`, `capacity` above 0 up to [`MAX_MONEY`].
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

/// Every key of the rules, for `traveller keys` and `docs/variants.md` ([`crate::keys`]);
/// the ranges are those [`Rules::check`] enforces.
pub const KEYS: &[KeyDoc] = &[
    KeyDoc::new(
        "board",
        "`classic`, `large` or a board file",
        "the board played on (the shipped ones by name); --board sets it too",
    ),
    KeyDoc::new("cash", "£0 to £1000000000", "cash at the start (£)"),
    KeyDoc::new(
        "tank",
        "1 to 1000",
        "tank size in units of fuel; a move burns 1",
    ),
    KeyDoc::new("fuel", "0 to `tank`", "fuel at the start"),
    KeyDoc::new(
        "capacity",
        "above 0, at most 1000000000",
        "lorry capacity in cubic feet",
    ),
];

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
    /// The numbers of a rules file (its `board`, if any, is read by [`super::setup`]).
    pub fn load(path: &Path) -> Result<Rules> {
        Ok(super::setup::read_rules(path)?.0)
    }

    /// Reject numbers no game can start from.
    pub fn check(&self) -> Result<()> {
        if !(self.cash.is_finite() && (0.0..=MAX_MONEY).contains(&self.cash)) {
            bail!(
                "key `cash`: must be £0 to £{MAX_MONEY}, not {}",
                crate::render::num(self.cash)
            );
        }
        if self.tank == 0 || self.tank > MAX_TANK {
            bail!("key `tank`: must be 1 to {MAX_TANK}, not {}", self.tank);
        }
        if self.fuel > self.tank {
            bail!(
                "key `fuel`: {} does not fit a tank of {} (`tank`)",
                self.fuel,
                self.tank
            );
        }
        if !(self.capacity.is_finite() && self.capacity > 0.0 && self.capacity <= MAX_MONEY) {
            bail!(
                "key `capacity`: must be a positive number up to {MAX_MONEY}, not {}",
                crate::render::num(self.capacity)
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
