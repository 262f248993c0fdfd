//! The numbers inside the 15 rules (values, thresholds, bonuses, penalties, factors),
//! read from the `defaults` of `models/haggle/rules.json` and overridable per variant or
//! with `--set rule9.penalty=5`. The referee and both ILPs read them from here only.

use std::sync::OnceLock;

use anyhow::{bail, Result};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use super::rules::{RuleSet, Variant, RULES_JSON};

/// One rule's numbers: the key they sit under in the rules file.
pub trait RuleParams: DeserializeOwned {
    const KEY: &'static str;
}

/// The standard numbers of one rule (the defaults of `rules.json`). Episodes written
/// before the numbers were keys hold none, and read as these.
pub fn standard<T: RuleParams>() -> T {
    static DEFAULTS: OnceLock<serde_json::Value> = OnceLock::new();
    let d = DEFAULTS.get_or_init(|| {
        let f: serde_json::Value = serde_json::from_str(RULES_JSON).unwrap_or_default();
        f["defaults"].clone()
    });
    // The embedded file is checked by the unit tests below; a broken build fails them.
    serde_json::from_value(d[T::KEY].clone())
        .unwrap_or_else(|e| panic!("models/haggle/rules.json: defaults.{}: {e}", T::KEY))
}

macro_rules! rule_params {
    ($(#[$doc:meta])* $name:ident, $key:literal { $($(#[$fdoc:meta])* $field:ident),* }) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
        #[serde(deny_unknown_fields)]
        pub struct $name { $($(#[$fdoc])* pub $field: i64),* }
        impl RuleParams for $name {
            const KEY: &'static str = $key;
        }
    };
}

rule_params!(
    /// Rules 1-3: the orange value; the others follow (Y = O/4, B = O/2, R = O − Y, W = R + B).
    Rule1, "rule1" { orange }
);
rule_params!(
    /// Rule 4: a hand with more than `whites` whites scores none of them.
    Rule4, "rule4" { whites }
);
rule_params!(
    /// Rule 6: each other hand with `blues` or more blues costs `penalty`.
    Rule6, "rule6" { blues, penalty }
);
rule_params!(
    /// Rule 7: each `reds` reds cancel one rule-6 penalty.
    Rule7, "rule7" { reds }
);
rule_params!(
    /// Rule 8: the bonus is the yellow count to this power.
    Rule8, "rule8" { power }
);
rule_params!(
    /// Rule 9: `count` or more of a colour eliminates, or costs `penalty` per colour.
    Rule9, "rule9" { count, penalty }
);
rule_params!(
    /// Rule 10: each set of five colours is worth `bonus`.
    Rule10, "rule10" { bonus }
);
rule_params!(
    /// Rule 11: a pyramid multiplies the whole score by `factor`.
    Rule11, "rule11" { factor }
);
rule_params!(
    /// Rule 12: the unique most-reds hand multiplies its red value by `factor`.
    Rule12, "rule12" { factor }
);
rule_params!(
    /// Rule 13: each `yellows` yellows multiply one white's value by `factor`.
    Rule13, "rule13" { yellows, factor }
);
rule_params!(
    /// Rule 14: each `blues` blues multiply one scoring orange's value by `factor`.
    Rule14, "rule14" { blues, factor }
);
rule_params!(
    /// Rule 15: at most `cards` cards are scored.
    Rule15, "rule15" { cards }
);

/// A number out of its range, named by its key.
fn within(key: &str, value: i64, lo: i64, hi: i64, what: &str) -> Result<()> {
    if !(lo..=hi).contains(&value) {
        bail!("key `{key}` is {value}; allowed: {lo}-{hi} ({what})");
    }
    Ok(())
}

/// Range checks: the ILPs' level tables stay small and rule 9 never hits a pyramid.
pub fn check(v: &Variant) -> Result<()> {
    let o = v.rule1.orange;
    within("rule1.orange", o, 4, 40, "the orange value")?;
    if o % 4 != 0 {
        bail!(
            "key `rule1.orange` is {o}; allowed: a multiple of 4 (yellow is a quarter of orange)"
        );
    }
    within(
        "rule4.whites",
        v.rule4.whites,
        0,
        20,
        "whites a hand may score",
    )?;
    within(
        "rule6.blues",
        v.rule6.blues,
        1,
        20,
        "blues that cost the others",
    )?;
    within("rule6.penalty", v.rule6.penalty, 0, 100, "points")?;
    within("rule7.reds", v.rule7.reds, 1, 20, "reds per protection")?;
    within(
        "rule8.power",
        v.rule8.power,
        1,
        3,
        "the bonus is Y to this power",
    )?;
    within("rule9.count", v.rule9.count, 5, 20, "above a pyramid's 4")?;
    within(
        "rule9.penalty",
        v.rule9.penalty,
        0,
        100,
        "points per colour",
    )?;
    within("rule10.bonus", v.rule10.bonus, 0, 100, "points per set")?;
    within(
        "rule11.factor",
        v.rule11.factor,
        1,
        4,
        "the pyramid's multiplier",
    )?;
    within(
        "rule12.factor",
        v.rule12.factor,
        1,
        4,
        "the reds' multiplier",
    )?;
    within(
        "rule13.yellows",
        v.rule13.yellows,
        1,
        20,
        "yellows per white",
    )?;
    within(
        "rule13.factor",
        v.rule13.factor,
        1,
        4,
        "the white's multiplier",
    )?;
    within("rule14.blues", v.rule14.blues, 1, 20, "blues per orange")?;
    within(
        "rule14.factor",
        v.rule14.factor,
        1,
        8,
        "the orange's multiplier",
    )?;
    within(
        "rule15.cards",
        v.rule15.cards,
        5,
        20,
        "cards scored at most",
    )?;
    Ok(())
}

/// `key=value` for every rule number of `v` that is not the standard one.
pub fn changed(v: &Variant) -> Vec<String> {
    let std = Variant::standard().map(|s| serde_json::to_value(s).unwrap_or_default());
    let (Ok(serde_json::Value::Object(now)), Ok(std)) = (serde_json::to_value(v), std) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for (key, value) in now
        .iter()
        .filter(|(k, _)| k.starts_with("rule") && *k != "rules")
    {
        for (field, x) in value.as_object().into_iter().flatten() {
            if std[key.as_str()][field.as_str()] != *x {
                out.push(format!("{key}.{field}={x}"));
            }
        }
    }
    out
}

/// The card values a player can deduce from the rules it knows (rules 1-3); every value
/// it cannot deduce counts as 1. With all of 1, 2 and 3 and orange 4: Y 1, B 2, R 3, O 4,
/// W 5.
pub fn values(known: RuleSet, orange: i64) -> [i64; 5] {
    let (r1, r2, r3) = (known.has(1), known.has(2), known.has(3));
    let (y, b) = (orange / 4, orange / 2);
    let r = orange - y;
    if r1 && r2 && r3 {
        [y, b, r, orange, r + b]
    } else if r1 && r3 {
        [y, b, r, orange, 1]
    } else if r1 {
        [1, 1, 1, orange, 1]
    } else {
        [1; 5]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn standard_numbers_are_the_books() {
        assert_eq!(standard::<Rule1>().orange, 4);
        assert_eq!(
            standard::<Rule6>(),
            Rule6 {
                blues: 5,
                penalty: 10
            }
        );
        assert_eq!(
            standard::<Rule9>(),
            Rule9 {
                count: 7,
                penalty: 10
            }
        );
        assert_eq!(
            standard::<Rule14>(),
            Rule14 {
                blues: 3,
                factor: 4
            }
        );
        assert_eq!(standard::<Rule15>().cards, 13);
        let _: (Rule4, Rule7, Rule8, Rule10, Rule11, Rule12, Rule13) = (
            standard(),
            standard(),
            standard(),
            standard(),
            standard(),
            standard(),
            standard(),
        );
    }

    #[test]
    fn changed_numbers_are_listed() {
        let std = Variant::standard().unwrap();
        assert!(changed(&std).is_empty());
        let v = Variant {
            rule9: Rule9 {
                count: 7,
                penalty: 20,
            },
            ..std
        };
        assert_eq!(changed(&v), ["rule9.penalty=20"]);
    }

    #[test]
    fn deduced_values() {
        assert_eq!(values(RuleSet::ALL, 4), [1, 2, 3, 4, 5]);
        assert_eq!(values(RuleSet::ALL, 8), [2, 4, 6, 8, 10]);
        assert_eq!(values(RuleSet::from_list(&[1, 3]), 4), [1, 2, 3, 4, 1]);
        assert_eq!(values(RuleSet::from_list(&[1, 2]), 4), [1, 1, 1, 4, 1]);
        assert_eq!(values(RuleSet::from_list(&[2, 3]), 4), [1; 5]);
    }
}
