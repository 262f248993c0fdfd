//! What a traveller game is played under: the rules' numbers and the board, as one rules
//! value, so `--set board=large` and `compare --vary board=classic,large` reach the board
//! the way `--set capacity=500` reaches the lorry.

use std::path::{Path, PathBuf};

use anyhow::{anyhow, bail, Context, Result};
use clap::Args;
use serde_json::Value;

use super::board::Board;
use super::rules::Rules;
use crate::variants::{self, RulesKind, Setting};

/// The shipped boards by name (built into the binary, so the names work from any
/// directory); any other `board` value is a board file's path.
const SHIPPED: [(&str, &str); 2] = [
    ("classic", include_str!("../../models/traveller/classic.pl")),
    ("large", include_str!("../../models/traveller/large.pl")),
];

/// The board when neither the rules file, `--board` nor `--set` names one.
pub const DEFAULT_BOARD: &str = "classic";

/// The board a `board` value names: a shipped board or a board file.
pub fn load_board(key: &str) -> Result<Board> {
    if let Some((name, text)) = SHIPPED.iter().find(|(n, _)| *n == key) {
        return Board::from_facts(name, text).with_context(|| format!("shipped board {name}"));
    }
    let path = Path::new(key);
    if !path.exists() {
        let names: Vec<&str> = SHIPPED.iter().map(|(n, _)| *n).collect();
        bail!(
            "key `board`: `{key}` is neither a shipped board ({}) nor a board file",
            names.join(", ")
        );
    }
    Board::load(path)
}

/// A rules value's board and numbers, taken apart.
fn split(doc: &Value) -> Result<(Rules, String)> {
    let mut doc = doc.clone();
    let board = match doc.as_object_mut().and_then(|m| m.remove("board")) {
        None => DEFAULT_BOARD.to_string(),
        Some(Value::String(s)) => s,
        Some(other) => bail!("key `board`: a board name or file, not {other}"),
    };
    let rules: Rules = serde_json::from_value(doc)
        .map_err(|e| anyhow!("{e} (keys: board, cash, tank, fuel, capacity)"))?;
    Ok((rules, board))
}

/// A rules file: the numbers (as [`Rules`]) and, optionally, the board.
pub fn read_rules(path: &Path) -> Result<(Rules, String)> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("cannot read rules file {}", path.display()))?;
    let doc: Value =
        serde_json::from_str(&text).map_err(|e| anyhow!("{}: not JSON: {e}", path.display()))?;
    let (rules, board) =
        split(&doc).with_context(|| format!("{}: not traveller rules", path.display()))?;
    rules
        .check()
        .with_context(|| format!("rules {}", path.display()))?;
    Ok((rules, board))
}

/// Board, start and rules: what every game verb needs.
#[derive(Debug, Args)]
pub struct Game {
    /// Board: `classic` or `large` (the shipped boards) or a board file, Prolog facts
    /// (.pl) or JSON; the same as `--set board=…`. Default: the rules file's, classic.
    #[arg(long, value_name = "BOARD")]
    board: Option<String>,
    /// Start square (id).
    #[arg(long, default_value_t = 67, value_name = "S")]
    pub start: u32,
    /// Rules file (JSON: board, cash, tank, fuel, capacity); default the classic board,
    /// £5000, tank 20 full, 1000 cu ft.
    #[arg(long, value_name = "FILE")]
    rules: Option<PathBuf>,
    /// Override one key of the rules (repeatable): board, cash, tank, fuel, capacity
    /// (e.g. `--set tank=30 --set fuel=30`, `--set board=large`).
    #[arg(long = "set", value_name = "KEY=VALUE")]
    set: Vec<String>,
}

impl Game {
    /// The board and rules with `--set` applied.
    pub fn load(&self) -> Result<(Board, Rules)> {
        self.load_with(&[])
    }

    /// The `--set KEY=VALUE`s as typed.
    pub fn settings(&self) -> &[String] {
        &self.set
    }

    /// The board and rules with `--set` and then `more` applied (a `compare` cell's
    /// settings); the start square must be on the board.
    pub fn load_with(&self, more: &[Setting]) -> Result<(Board, Rules)> {
        let (rules, file_board) = match &self.rules {
            Some(p) => read_rules(p)?,
            None => (Rules::default(), DEFAULT_BOARD.to_string()),
        };
        let mut doc = serde_json::to_value(&rules)?;
        doc["board"] = Value::String(self.board.clone().unwrap_or(file_board));
        let mut all = Setting::parse_all(&self.set)?;
        all.extend_from_slice(more);
        let check = |v: &Value| -> Result<()> {
            let (r, b) = split(v)?;
            r.check()?;
            load_board(&b).map(|_| ())
        };
        let kind = RulesKind {
            game: "traveller",
            shorthand: None,
            check: &check,
        };
        let out = variants::apply(&doc, &all, &kind)?;
        let (rules, key) = split(&out)?;
        let board = load_board(&key)?;
        board
            .square(self.start)
            .with_context(|| format!("--start (board {})", board.name))?;
        Ok((board, rules))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shipped_boards_are_the_files() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("models/traveller");
        for (name, _) in SHIPPED {
            let file = Board::load(&root.join(format!("{name}.pl"))).unwrap();
            let shipped = load_board(name).unwrap();
            assert_eq!((shipped.name, shipped.file), (file.name, file.file));
        }
        let e = load_board("huge").unwrap_err().to_string();
        assert!(e.contains("classic, large"), "{e}");
    }

    #[test]
    fn the_rules_file_names_its_board() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("models/traveller/rules.json");
        let (rules, board) = read_rules(&path).unwrap();
        assert_eq!((rules, board.as_str()), (Rules::default(), DEFAULT_BOARD));
    }
}
