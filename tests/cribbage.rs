//! `gamebounds cribbage …` end to end: the spec's worked cases, the best keep of the
//! spec's deal, one-line input errors with exit code 2, and episodes that `verify`
//! accepts (exit 0) or rejects when tampered with (exit 1).

mod common;

use common::{root, run, run_ok, scratch, stderr, stdout};
use serde_json::Value;

/// Run `args --json`, insist on success and parse stdout.
fn json(args: &[&str]) -> Value {
    let mut a = args.to_vec();
    a.push("--json");
    let o = run(&a);
    assert!(o.status.success(), "{args:?}: {}", stderr(&o));
    serde_json::from_str(&stdout(&o)).expect("JSON on stdout")
}

/// A JSON array of strings (cards) as `&str`s.
fn strs(v: &Value) -> Vec<&str> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap())
        .collect()
}

#[test]
fn spec_worked_cases_through_the_cli() {
    for (hand, start, want) in [
        ("7C QH 2C JC", "9H", 0.0),
        ("AS 3H KH 7H", "KS", 2.0),
        ("AS 3H KH 7H", "2D", 5.0),
        ("6C 7C 8C 9C", "8S", 20.0),
        ("7H 9S 8C 7C", "8H", 24.0),
        ("5H 5S 5C JD", "5D", 29.0),
    ] {
        let mut args = vec!["cribbage", "score"];
        args.extend(hand.split(' '));
        args.extend(["--start", start]);
        let v = json(&args);
        assert_eq!(v["value"].as_f64(), Some(want), "{hand} / {start}");
    }
    let o = run(&["cribbage", "score", "5h", "5s", "5c", "jd", "--start", "5d"]);
    let out = stdout(&o);
    assert!(
        out.contains("his nob") && out.contains("**total 29**"),
        "{out}"
    );
    // Crib rules: a four-card flush does not count (all even values: no 15s).
    let hand = ["cribbage", "score", "2H", "4H", "6H", "8H", "--start", "KS"];
    assert_eq!(json(&hand)["value"].as_f64(), Some(4.0));
    let mut crib = hand.to_vec();
    crib.push("--crib");
    assert_eq!(json(&crib)["value"].as_f64(), Some(0.0));
}

#[test]
fn best_keep_of_the_spec_deal() {
    let v = json(&["cribbage", "discard", "2C", "4H", "6D", "8H", "2S", "JC"]);
    let keeps = v["payload"]["keeps"].as_array().unwrap();
    assert_eq!(keeps.len(), 15);
    let best = strs(&keeps[0]["keep"]);
    assert_eq!(best, ["2C", "4H", "6D", "2S"]);
    assert_eq!(keeps[0]["hand"]["num"], 118);
    assert_eq!(keeps[0]["hand"]["den"], 23);
    // As dealer the crib changes the ranking; as pone it is subtracted.
    let d = json(&[
        "cribbage", "discard", "2C", "4H", "6D", "8H", "2S", "JC", "--dealer",
    ]);
    let p = json(&[
        "cribbage", "discard", "2C", "4H", "6D", "8H", "2S", "JC", "--pone",
    ]);
    assert!(d["value"].as_f64().unwrap() > v["value"].as_f64().unwrap());
    assert!(p["value"].as_f64().unwrap() < v["value"].as_f64().unwrap());
    // A five-card deal (three or four players): five keeps.
    let f = json(&[
        "cribbage", "discard", "5H", "5S", "JD", "QC", "KC", "--dealer",
    ]);
    assert_eq!(f["payload"]["keeps"].as_array().unwrap().len(), 5);
}

#[test]
fn bad_input_is_one_line_and_exit_2() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["cribbage", "score", "5H", "5S", "5X", "JD", "--start", "5D"],
            "bad card `5X`",
        ),
        (
            &["cribbage", "score", "5H", "5H", "5C", "JD", "--start", "5D"],
            "given twice",
        ),
        (
            &["cribbage", "score", "5H", "5S", "5C", "--start", "5D"],
            "exactly 4 hand cards, got 3",
        ),
        (
            &["cribbage", "score", "5H", "5S", "5C", "JD", "--start", "5H"],
            "start card 5H is also in the hand",
        ),
        (
            &["cribbage", "score", "5H", "5S", "5C", "JD"],
            "add --start",
        ),
        (
            &["cribbage", "score", "5H", "5S", "5C", "JD", "--start", "1S"],
            "bad card `1S`",
        ),
        (
            &["cribbage", "discard", "2C", "4H", "6D", "8H"],
            "5 or 6 dealt cards",
        ),
        (
            &["cribbage", "discard", "2C", "4H", "6D", "8H", "2S", "2S"],
            "given twice",
        ),
        (
            &["cribbage", "max", "--contains", "ZZ"],
            "bad --contains `ZZ`",
        ),
        (
            &["cribbage", "max", "--without", "5H"],
            "bad --without `5H`",
        ),
        (&["cribbage", "max", "--min-score", "30"], "impossible"),
        (
            &["cribbage", "max", "--from", "2C", "4H", "6D"],
            "at least 4 cards",
        ),
        (
            &["cribbage", "max", "--contains", "5", "--without", "5"],
            "infeasible",
        ),
    ];
    for (args, want) in cases {
        let o = run(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        let e = stderr(&o);
        assert_eq!(e.lines().count(), 1, "{args:?}: {e}");
        assert!(
            e.starts_with("error: ") && e.contains(want),
            "{args:?}: {e}"
        );
    }
}

#[test]
fn max_episode_verifies_and_tampering_is_rejected() {
    let dir = scratch("cribbage");
    let path = dir.join("max.json");
    let p = path.to_str().unwrap();
    let o = run_ok(&[
        "cribbage",
        "max",
        "--without",
        "5",
        "--count",
        "--quiet",
        "--out",
        p,
    ]);
    assert!(stdout(&o).contains("proven optimum 24"), "{}", stdout(&o));
    let o = run(&["verify", p]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("enumeration of all"), "{}", stdout(&o));

    let env: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    // A higher claimed score, a hand that breaks the query, and a non-optimal hand.
    let mut bad = env.clone();
    bad["value"] = 25.0.into();
    bad["payload"]["score"] = 25.into();
    let mut with_five = env.clone();
    with_five["payload"]["hand"][0] = "5C".into();
    // A weaker hand whose score, breakdown and value are all consistent: only the
    // optimality check (enumeration) can reject it.
    let scored = json(&["cribbage", "score", "AC", "2D", "3H", "4S", "--start", "9S"]);
    let mut weaker = env.clone();
    weaker["payload"]["hand"] = serde_json::json!(["AC", "2D", "3H", "4S"]);
    weaker["payload"]["start"] = "9S".into();
    weaker["payload"]["breakdown"] = scored["payload"]["breakdown"].clone();
    weaker["payload"]["score"] = (scored["value"].as_f64().unwrap() as u64).into();
    weaker["value"] = scored["value"].clone();
    weaker["bound"] = scored["value"].clone();
    for (name, e, why) in [
        ("bad", bad, "claims 25"),
        ("five", with_five, "breaks --without"),
        ("weaker", weaker, "enumeration of every allowed"),
    ] {
        let f = dir.join(format!("{name}.json"));
        std::fs::write(&f, e.to_string()).unwrap();
        let o = run(&["verify", f.to_str().unwrap()]);
        assert_eq!(o.status.code(), Some(1), "{name}: {}", stderr(&o));
        assert!(stderr(&o).contains(why), "{name}: {}", stderr(&o));
    }
}

#[test]
fn distributions_and_their_episodes() {
    let dir = scratch("cribbage");
    let path = dir.join("dist.json");
    let v = json(&[
        "cribbage",
        "distribution",
        "--quiet",
        "--out",
        path.to_str().unwrap(),
    ]);
    let p = &v["payload"];
    assert_eq!(p["pairs"], 12_994_800);
    assert_eq!(p["impossible"], serde_json::json!([19, 25, 26, 27]));
    assert_eq!(p["counts"][29], 4);
    assert_eq!(p["counts"][0], 1_009_008);
    assert_eq!(p["mean"]["num"], 60759);
    assert_eq!(p["mean"]["den"], 12740);
    let o = run(&["verify", path.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));

    let c = json(&["cribbage", "distribution", "--crib"]);
    let cp = &c["payload"];
    assert_eq!(cp["pairs"], 12_994_800);
    // Crib rules only remove 4-point flushes: never higher, same top.
    assert!(c["value"].as_f64().unwrap() < v["value"].as_f64().unwrap());
    assert_eq!(cp["counts"][29], 4);
}

#[test]
fn discard_table_covers_every_deal() {
    let v = json(&["cribbage", "discard-table", "--quiet"]);
    let p = &v["payload"];
    assert_eq!(p["deals"], 20_358_520);
    let hist_total: u64 = p["hist"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_u64().unwrap())
        .sum();
    assert_eq!(hist_total, 20_358_520);
    assert!(p["evaluated"].as_u64().unwrap() < 1_100_000);
    let keep = strs(&p["max"]["keep"]);
    assert_eq!(keep, ["5C", "5D", "5H", "5S"]);
}

#[test]
fn query_file_loads_and_bad_entries_name_file_and_key() {
    use gamebounds::cribbage::rules::load_queries;
    let shipped = root().join("models/cribbage/queries.json");
    let qs = load_queries(&shipped).unwrap();
    assert!(qs.len() >= 5);
    let dir = scratch("cribbage");
    for (name, text, want) in [
        (
            "typo",
            r#"{"queries":[{"name":"x","withot":["5"]}]}"#,
            "unknown field `withot`",
        ),
        (
            "rank",
            r#"{"queries":[{"name":"x","without":["5H"]}]}"#,
            "queries[0] (`x`): bad --without `5H`",
        ),
        ("name", r#"{"queries":[{"name":"X Y"}]}"#, "key `name`"),
        (
            "twice",
            r#"{"queries":[{"name":"a"},{"name":"a"}]}"#,
            "used twice",
        ),
        ("empty", r#"{"queries":[]}"#, "is empty"),
    ] {
        let f = dir.join(format!("q-{name}.json"));
        std::fs::write(&f, text).unwrap();
        let e = format!("{:#}", load_queries(&f).unwrap_err());
        assert!(
            e.contains(f.to_str().unwrap()) && e.contains(want),
            "{name}: {e}"
        );
    }
}
