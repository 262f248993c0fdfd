//! `--set KEY=VALUE`: one key of a game's rules file overridden on the command line.
//!
//! Overrides work on the rules file's JSON value before it is deserialised into the game's
//! rules type, so every game gets them the same way: dotted keys reach nested values
//! (`deal.2=13,6,6,3`, `threshold.2=3`), a comma list becomes an array where the key holds
//! an array, and a value takes the type the key holds in the file. The valid keys are the
//! file's own: an unknown key is refused with the list of them.

use anyhow::{anyhow, bail, Result};
use serde_json::Value;

/// One `KEY=VALUE` override.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Setting {
    /// Dotted path into the rules file (`wagers`, `deal.2`).
    pub key: String,
    /// The value as typed; read in the type the key holds.
    pub value: String,
}

impl Setting {
    /// Parse `KEY=VALUE`.
    pub fn parse(text: &str) -> Result<Setting> {
        match text.split_once('=') {
            Some((k, v)) if !k.trim().is_empty() => Ok(Setting {
                key: k.trim().to_string(),
                value: v.trim().to_string(),
            }),
            // The example names the user's own key, so it fits every game.
            _ if !text.trim().is_empty() && !text.contains('=') => {
                bail!(
                    "--set `{text}`: write KEY=VALUE, e.g. --set {}=VALUE",
                    text.trim()
                )
            }
            _ => bail!("--set `{text}`: write KEY=VALUE (the keys are the rules file's)"),
        }
    }

    /// Parse every `--set` of a command.
    pub fn parse_all(texts: &[String]) -> Result<Vec<Setting>> {
        texts.iter().map(|t| Setting::parse(t)).collect()
    }
}

impl std::fmt::Display for Setting {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}={}", self.key, self.value)
    }
}

/// A value the rules refuse, the key and the value's type being right (`fuel=30` over a
/// tank of 20): a `compare` cell with it is a failed row, not a failed grid.
#[derive(Debug)]
pub struct Refused(pub String);

impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Refused {}

/// A game's own reading of one key, where the value is not in the key's type: Lost Cities
/// reads `colours=6` as the first six colours of the edition. `None` leaves the key to the
/// generic rules.
pub type Shorthand = fn(doc: &Value, key: &str, value: &str) -> Option<Result<Value>>;

/// How a game reads its rules: the game's name (for messages), its shorthands, and the
/// check that deserialises and validates a whole rules value.
pub struct RulesKind<'a> {
    pub game: &'a str,
    pub shorthand: Option<Shorthand>,
    pub check: &'a dyn Fn(&Value) -> Result<()>,
}

/// Every key `--set` can reach in `doc`: dotted paths to its scalars and arrays.
pub fn keys(doc: &Value) -> Vec<String> {
    let mut out = Vec::new();
    collect_keys(doc, "", &mut out);
    out
}

fn collect_keys(v: &Value, prefix: &str, out: &mut Vec<String>) {
    match v {
        Value::Object(map) => {
            for (k, child) in map {
                let path = if prefix.is_empty() {
                    k.clone()
                } else {
                    format!("{prefix}.{k}")
                };
                collect_keys(child, &path, out);
            }
        }
        _ => out.push(prefix.to_string()),
    }
}

/// Apply `settings` to the rules value `doc` (in order), then check the result with the
/// game's rules type. An unknown key names the valid keys; a value the rules refuse names
/// the setting that broke them, as [`Refused`].
pub fn apply(doc: &Value, settings: &[Setting], kind: &RulesKind) -> Result<Value> {
    let mut out = doc.clone();
    for s in settings {
        set_one(&mut out, s, kind)?;
    }
    if let Err(whole) = (kind.check)(&out) {
        // Name the first setting after which the rules no longer hold.
        let mut partial = doc.clone();
        for s in settings {
            set_one(&mut partial, s, kind)?;
            if let Err(e) = (kind.check)(&partial) {
                return Err(Refused(format!("--set {s}: {e:#}")).into());
            }
        }
        return Err(Refused(format!("{whole:#}")).into());
    }
    Ok(out)
}

fn set_one(doc: &mut Value, s: &Setting, kind: &RulesKind) -> Result<()> {
    if let Some(short) = kind.shorthand {
        if let Some(v) = short(doc, &s.key, &s.value) {
            let v = v.map_err(|e| anyhow!("--set {s}: {e:#}"))?;
            *slot(doc, &s.key, kind.game)? = v;
            return Ok(());
        }
    }
    let target = slot(doc, &s.key, kind.game)?;
    let new = coerce(target, &s.key, &s.value)?;
    *target = new;
    Ok(())
}

/// The value at a dotted key, or an error listing the valid keys.
fn slot<'a>(doc: &'a mut Value, key: &str, game: &str) -> Result<&'a mut Value> {
    let valid = keys(doc);
    let unknown = || {
        anyhow!(
            "--set: unknown key `{key}` in the {game} rules; valid keys: {}",
            valid.join(", ")
        )
    };
    let mut v = doc;
    for part in key.split('.') {
        v = match v {
            Value::Object(map) => map.get_mut(part).ok_or_else(unknown)?,
            _ => return Err(unknown()),
        };
    }
    if let Value::Object(map) = v {
        let inner: Vec<String> = map.keys().map(|k| format!("{key}.{k}")).collect();
        bail!(
            "--set {key}: `{key}` holds a table; set one of its keys: {}",
            inner.join(", ")
        );
    }
    Ok(v)
}

/// Read `raw` in the type of `old` (the value the key holds now).
fn coerce(old: &Value, key: &str, raw: &str) -> Result<Value> {
    Ok(match old {
        Value::Array(items) => {
            let like = items.first().cloned().unwrap_or(Value::Null);
            let parts: Vec<&str> = raw
                .split(',')
                .map(str::trim)
                .filter(|p| !p.is_empty())
                .collect();
            Value::Array(
                parts
                    .iter()
                    .map(|p| coerce(&like, key, p))
                    .collect::<Result<_>>()?,
            )
        }
        Value::Number(_) => number(raw).ok_or_else(|| {
            anyhow!("--set {key}={raw}: key `{key}` holds a number, and `{raw}` is not one")
        })?,
        Value::Bool(_) => match raw {
            "true" => Value::Bool(true),
            "false" => Value::Bool(false),
            _ => bail!("--set {key}={raw}: key `{key}` is true or false"),
        },
        Value::String(_) => Value::String(raw.to_string()),
        // No type to follow: a number or a truth value if it reads as one, else text.
        _ => number(raw)
            .or_else(|| raw.parse::<bool>().ok().map(Value::Bool))
            .unwrap_or_else(|| Value::String(raw.to_string())),
    })
}

fn number(raw: &str) -> Option<Value> {
    if let Ok(i) = raw.parse::<i64>() {
        return Some(Value::from(i));
    }
    raw.parse::<f64>()
        .ok()
        .filter(|f| f.is_finite())
        .and_then(serde_json::Number::from_f64)
        .map(Value::Number)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn ok(_: &Value) -> Result<()> {
        Ok(())
    }

    fn kind(check: &dyn Fn(&Value) -> Result<()>) -> RulesKind<'_> {
        RulesKind {
            game: "test",
            shorthand: None,
            check,
        }
    }

    #[test]
    fn dotted_keys_arrays_and_types() {
        let doc = json!({"wagers": 3, "deal": {"2": [10, 6, 6, 0]}, "on": false, "name": "x",
                         "cash": 5000.0});
        assert_eq!(keys(&doc), ["cash", "deal.2", "name", "on", "wagers"]);
        let sets = Setting::parse_all(&[
            "deal.2=13,6,6,3".into(),
            "wagers=2".into(),
            "on=true".into(),
            "name=a,b".into(),
            "cash=12.5".into(),
        ])
        .unwrap();
        let out = apply(&doc, &sets, &kind(&ok)).unwrap();
        assert_eq!(
            out,
            json!({"wagers": 2, "deal": {"2": [13, 6, 6, 3]}, "on": true, "name": "a,b",
                   "cash": 12.5})
        );
    }

    #[test]
    fn bad_keys_and_values_are_named() {
        let doc = json!({"wagers": 3, "deal": {"2": [1]}, "on": false});
        let e = |t: &str| {
            apply(&doc, &[Setting::parse(t).unwrap()], &kind(&ok))
                .unwrap_err()
                .to_string()
        };
        let u = e("nope=1");
        assert!(
            u.contains("unknown key `nope`") && u.contains("deal.2, on, wagers"),
            "{u}"
        );
        assert!(e("deal.3=1").contains("unknown key `deal.3`"));
        assert!(e("deal=1").contains("deal.2"));
        assert!(e("wagers=x").contains("holds a number"));
        assert!(e("on=yes").contains("true or false"));
        // A key without `=`: the example is that key, not another game's.
        let bare = Setting::parse("award_value").unwrap_err().to_string();
        assert!(bare.ends_with("e.g. --set award_value=VALUE"), "{bare}");
        assert!(Setting::parse("=2").is_err());
        // The check names the setting that broke the rules.
        let small = |v: &Value| -> Result<()> {
            if v["wagers"].as_i64().unwrap() > 5 {
                bail!("key `wagers`: at most 5");
            }
            Ok(())
        };
        let sets = Setting::parse_all(&["on=true".into(), "wagers=9".into()]).unwrap();
        let err = apply(&doc, &sets, &kind(&small)).unwrap_err();
        assert!(err.is::<Refused>(), "{err}");
        let err = err.to_string();
        assert!(err.starts_with("--set wagers=9: key `wagers`"), "{err}");
        // A wrong key or type is the command line's mistake, not a refused value.
        let typo = Setting::parse_all(&["wagers=x".into()]).unwrap();
        assert!(!apply(&doc, &typo, &kind(&small))
            .unwrap_err()
            .is::<Refused>());
    }
}
