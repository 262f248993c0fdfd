//! `gamebounds <game> keys`: every key of a game's rules that `--set` and `--vary` reach,
//! with its default, type, range and meaning.
//!
//! One source: each game lists its keys' ranges and meanings once ([`crate::games::Game::keys`]),
//! the defaults and types come from its default rules, and `docs/variants.md` shows the
//! same tables (a test checks them equal to the command's output). A key of the rules
//! without a line here, or a line without its key, is an error, so neither drifts.

use anyhow::{anyhow, bail, Result};
use serde_json::Value;

use crate::cli::Common;
use crate::games::Game;

/// One key's documentation: what values it takes and what it means.
#[derive(Debug, Clone, Copy)]
pub struct KeyDoc {
    /// The dotted key (`rule9.penalty`); `deal.*` stands for every key under `deal.`, and
    /// `{}` in the texts for the part `*` stood for.
    pub key: &'static str,
    /// The values allowed (`1 to 8`, `` `any` or `own` ``).
    pub range: &'static str,
    /// One line of meaning.
    pub meaning: &'static str,
    /// The type when the default's JSON type would mislead (Lost Cities' `colours` is set
    /// as a number); `None`: read from the default.
    pub kind: Option<&'static str>,
}

impl KeyDoc {
    /// A key whose type is its default's.
    pub const fn new(key: &'static str, range: &'static str, meaning: &'static str) -> KeyDoc {
        KeyDoc {
            key,
            range,
            meaning,
            kind: None,
        }
    }

    /// The same with its type named.
    pub const fn typed(self, kind: &'static str) -> KeyDoc {
        KeyDoc {
            kind: Some(kind),
            ..self
        }
    }

    /// The part of `key` this line's `*` stands for (`""` for a plain key), or `None`
    /// when the line is not the key's.
    fn matches<'k>(&self, key: &'k str) -> Option<&'k str> {
        match self.key.strip_suffix('*') {
            Some(prefix) => key.strip_prefix(prefix).filter(|rest| !rest.is_empty()),
            None => (self.key == key).then_some(""),
        }
    }
}

/// One row of the table: a key of the default rules with its line.
#[derive(Debug, Clone)]
pub struct Row {
    pub key: String,
    pub default: Value,
    pub kind: String,
    pub range: String,
    pub meaning: String,
}

/// The columns of the table, as printed and under `--json`.
pub const COLUMNS: [&str; 5] = ["key", "default", "type", "range", "meaning"];

/// Every key of `game`'s default rules, in the order of its lines, each with its line;
/// a key without a line, or a line matching no key, is an error naming it.
pub fn rows(game: &dyn Game) -> Result<Vec<Row>> {
    let doc = game
        .default_rules()?
        .ok_or_else(|| anyhow!("{} reads no rules file: it has no keys", game.name()))?;
    let keys = crate::variants::keys(&doc);
    let docs = game.keys();
    if let Some(k) = keys
        .iter()
        .find(|k| !docs.iter().any(|d| d.matches(k).is_some()))
    {
        bail!("{}: rules key `{k}` has no line in its keys", game.name());
    }
    let mut out = Vec::new();
    for d in docs {
        let before = out.len();
        for k in &keys {
            if let Some(part) = d.matches(k) {
                let default = at(&doc, k).clone();
                out.push(Row {
                    key: k.clone(),
                    kind: d.kind.map_or_else(|| kind(&default), str::to_string),
                    default,
                    range: d.range.replace("{}", part),
                    meaning: d.meaning.replace("{}", part),
                });
            }
        }
        if out.len() == before {
            bail!("{}: keys line `{}` names no rules key", game.name(), d.key);
        }
    }
    Ok(out)
}

/// The value at a dotted key.
fn at<'a>(doc: &'a Value, key: &str) -> &'a Value {
    key.split('.').fold(doc, |v, part| &v[part])
}

/// A value's type in words.
fn kind(v: &Value) -> String {
    match v {
        Value::Bool(_) => "true/false".into(),
        Value::Number(n) if n.is_f64() => "number".into(),
        Value::Number(_) => "integer".into(),
        Value::String(_) => "text".into(),
        Value::Array(items) => {
            let of = items.first().map(kind).unwrap_or_else(|| "values".into());
            format!("list of {of}s")
        }
        Value::Object(_) => "table".into(),
        Value::Null => "none".into(),
    }
}

/// A default as `--set` takes it: a list comma-separated, a table by its `name`s.
fn shown(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Number(n) => match n.as_f64() {
            Some(x) if n.is_f64() => crate::render::num(x),
            _ => n.to_string(),
        },
        // A list of tables (Lost Cities' colours): how many, then their names.
        Value::Array(items) if items.iter().all(Value::is_object) && !items.is_empty() => {
            let names: Vec<String> = items.iter().map(shown).collect();
            format!("{} ({})", items.len(), names.join(", "))
        }
        Value::Array(items) => items.iter().map(shown).collect::<Vec<_>>().join(","),
        Value::Object(map) => map.get("name").map(shown).unwrap_or_else(|| v.to_string()),
        other => other.to_string(),
    }
}

/// The markdown table `keys` prints and `docs/variants.md` shows.
pub fn table(rows: &[Row]) -> String {
    crate::render::table(
        COLUMNS,
        rows.iter().map(|r| {
            [
                format!("`{}`", r.key),
                shown(&r.default),
                r.kind.clone(),
                r.range.clone(),
                r.meaning.clone(),
            ]
        }),
    )
}

/// `gamebounds <game> keys`: the table, or with `--json` `{columns, rows}` (each row its
/// values in the columns' order, the default in its own JSON type).
pub fn run(game: &dyn Game, common: &Common) -> Result<()> {
    if let Some(out) = &common.out {
        bail!(
            "--out {}: `{} keys` lists the rules keys and writes no episode",
            out.display(),
            game.name()
        );
    }
    let rows = rows(game)?;
    if common.json {
        let rows: Vec<Value> = rows
            .iter()
            .map(|r| serde_json::json!([r.key, r.default, r.kind, r.range, r.meaning]))
            .collect();
        return common.print_json(&serde_json::json!({ "columns": COLUMNS, "rows": rows }));
    }
    println!("{}", table(&rows));
    Ok(())
}

/// The `keys` verb every game has (added by [`crate::games::command_of`]).
pub fn command() -> clap::Command {
    clap::Command::new("keys")
        .about(
            "The rules keys --set and compare --vary take: default, type, range, meaning",
        )
        .after_help(
            "The same tables are in docs/variants.md.\n\nExamples:\n  gamebounds traveller keys\n  \
             gamebounds haggle keys --json",
        )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every game's keys: one line per key of its default rules, none left over, and a
    /// default shown as `--set` would take it.
    #[test]
    fn every_game_documents_every_key() {
        for g in crate::games::GAMES {
            let rows = rows(*g).unwrap();
            assert_eq!(
                rows.len(),
                g.rules_keys().unwrap().len(),
                "{}: one row per key",
                g.name()
            );
            for r in &rows {
                assert!(!r.meaning.is_empty() && !r.range.is_empty(), "{}", r.key);
                assert!(
                    !r.meaning.contains('|') && !r.range.contains('|'),
                    "{}",
                    r.key
                );
            }
        }
        let line = KeyDoc::new("deal.*", "1 to 60", "dealt to {} players");
        assert_eq!(line.matches("deal.2"), Some("2"));
        assert_eq!(line.matches("deal."), None);
        assert_eq!(line.matches("dealer"), None);
        assert_eq!(shown(&serde_json::json!([13, 6, 6, 3])), "13,6,6,3");
        assert_eq!(shown(&serde_json::json!(5000.0)), "5000");
        assert_eq!(kind(&serde_json::json!([1, 2])), "list of integers");
    }
}
