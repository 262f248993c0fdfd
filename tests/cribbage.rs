//! `gamebounds cribbage …` end to end: the spec's worked cases, the best keep of the
//! spec's deal, one-line input errors with exit code 2, and episodes that `verify`
//! accepts (exit 0) or rejects when tampered with (exit 1).

mod common;

use common::{root, run, run_bad_input, run_ok, scratch, stderr, stdout};
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
        "cribbage",
        "discard",
        "5H",
        "5S",
        "JD",
        "QC",
        "KC",
        "--dealer",
        "--players",
        "3",
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
            "6 dealt cards of a 2-player game, got 4",
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
    // The solver block agrees too (verify rejects a block that contradicts the episode).
    if weaker["solver"].is_object() {
        weaker["solver"]["objective"] = scored["value"].clone();
        weaker["solver"]["bound"] = scored["value"].clone();
    }
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
    // Three players: every five-card deal, by suit classes and deal by deal alike.
    let three = |extra: &[&str]| {
        let mut a = vec!["cribbage", "discard-table", "--players", "3", "--quiet"];
        a.extend(extra);
        json(&a)["payload"].clone()
    };
    let (by_class, by_deal) = (three(&[]), three(&["--no-symmetry"]));
    assert_eq!(by_class["deals"], 2_598_960);
    assert_eq!(by_deal["evaluated"], 2_598_960);
    assert!(by_class["evaluated"].as_u64().unwrap() < 140_000);
    // The extremes' example deals may differ (one representative per class).
    for key in ["mean", "hist", "exact", "deal", "distinct"] {
        assert_eq!(by_class[key], by_deal[key], "{key}");
    }
    for x in ["min", "max"] {
        for key in ["ev", "deals"] {
            assert_eq!(by_class[x][key], by_deal[x][key], "{x}.{key}");
        }
    }
    assert_eq!(by_class["deal"], 5);
    assert_eq!(strs(&by_class["max"]["keep"]), ["5C", "5D", "5H", "5S"]);
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

// ------------------------------------------------------------- rules files and players

/// A card as the test's own brute force sees it: rank 1..=13, suit 0..4.
type TCard = (u8, u8);

fn tcard(text: &str) -> TCard {
    let (r, s) = text.split_at(text.len() - 1);
    let rank = match r {
        "A" => 1,
        "J" => 11,
        "Q" => 12,
        "K" => 13,
        n => n.parse().unwrap(),
    };
    (rank, "CDHS".find(s).unwrap() as u8)
}

/// Scores five cards the long way, written apart from the engine: 15s and pairs over
/// subsets, runs as the longest length L with some L cards of consecutive distinct
/// ranks (every such L-subset scores L), flush, his nob.
fn brute_score(hand: &[TCard; 4], start: TCard, four_flush: bool) -> u32 {
    let five = [hand[0], hand[1], hand[2], hand[3], start];
    let value = |c: TCard| c.0.min(10) as u32;
    let mut pts = 0;
    let mut runs_of = [0u32; 6];
    for mask in 1u32..32 {
        let cards: Vec<TCard> = (0..5)
            .filter(|i| mask >> i & 1 == 1)
            .map(|i| five[i])
            .collect();
        if cards.iter().map(|&c| value(c)).sum::<u32>() == 15 {
            pts += 2;
        }
        if cards.len() == 2 && cards[0].0 == cards[1].0 {
            pts += 2;
        }
        if cards.len() >= 3 {
            let mut r: Vec<u8> = cards.iter().map(|c| c.0).collect();
            r.sort();
            if r.windows(2).all(|w| w[1] == w[0] + 1) {
                runs_of[r.len()] += 1;
            }
        }
    }
    if let Some(len) = (3..=5).rev().find(|&l| runs_of[l] > 0) {
        pts += len as u32 * runs_of[len];
    }
    if hand.iter().all(|c| c.1 == hand[0].1) {
        if start.1 == hand[0].1 {
            pts += 5;
        } else if four_flush {
            pts += 4;
        }
    }
    if hand.iter().any(|&c| c.0 == 11 && c.1 == start.1) {
        pts += 1;
    }
    pts
}

/// `num/den` of a JSON fraction equals `sum/n`.
fn same_frac(v: &Value, sum: i128, n: i128) -> bool {
    let (num, den) = (
        v["num"].as_i64().unwrap() as i128,
        v["den"].as_i64().unwrap() as i128,
    );
    num * n == sum * den
}

/// `discard --players 3 --dealer` and `--players 4 --pone` against the brute force: for
/// each keep of five cards, the hand averaged over the 47 unseen starts, and the crib
/// (the discard, three of the unseen cards, a start from the other 44) over all 713,460
/// completions; the keeps must come out ranked by those values.
#[test]
fn three_and_four_player_discards_match_brute_force() {
    let dealt = ["5H", "5C", "5S", "JD", "4C"];
    let deck: Vec<TCard> = (1..=13u8)
        .flat_map(|r| (0..4u8).map(move |s| (r, s)))
        .collect();
    let mine: Vec<TCard> = dealt.iter().map(|c| tcard(c)).collect();
    let unseen: Vec<TCard> = deck.into_iter().filter(|c| !mine.contains(c)).collect();
    assert_eq!(unseen.len(), 47);
    for (players, role) in [("3", "--dealer"), ("4", "--pone")] {
        let mut args = vec!["cribbage", "discard"];
        args.extend(dealt);
        args.extend(["--players", players, role]);
        let v = json(&args);
        assert_eq!(
            v["variant"]["rules"]["players"].as_u64(),
            Some(players.parse().unwrap())
        );
        let keeps = v["payload"]["keeps"].as_array().unwrap();
        assert_eq!(keeps.len(), 5);
        let averaged = &v["payload"]["averaged"];
        assert_eq!(averaged["starts"], 47);
        assert_eq!(averaged["crib_completions"], 713_460);
        let mut totals = Vec::new();
        for k in keeps {
            let keep: Vec<TCard> = strs(&k["keep"]).iter().map(|c| tcard(c)).collect();
            let keep = [keep[0], keep[1], keep[2], keep[3]];
            let out = tcard(strs(&k["discard"])[0]);
            let hand: u32 = unseen.iter().map(|&s| brute_score(&keep, s, true)).sum();
            assert!(
                same_frac(&k["hand"], hand as i128, 47),
                "{players}p hand {k}"
            );
            let (mut crib, mut n) = (0u64, 0u64);
            for i in 0..47 {
                for j in i + 1..47 {
                    for l in j + 1..47 {
                        let c = [out, unseen[i], unseen[j], unseen[l]];
                        for (m, &s) in unseen.iter().enumerate() {
                            if m != i && m != j && m != l {
                                crib += brute_score(&c, s, false) as u64;
                                n += 1;
                            }
                        }
                    }
                }
            }
            assert_eq!(n, 713_460);
            assert!(
                same_frac(&k["crib"], crib as i128, n as i128),
                "{players}p crib {k}"
            );
            // The total as a fraction over 47 × 713,460.
            let sign = if role == "--dealer" { 1 } else { -1 };
            let total = hand as i128 * n as i128 + sign * crib as i128 * 47;
            assert!(same_frac(&k["total"], total, 47 * n as i128));
            totals.push(total);
        }
        assert!(
            totals.windows(2).all(|w| w[0] >= w[1]),
            "{players}p: {totals:?}"
        );
    }
    // Hand only: the five keeps by hand value, 5H 5C 5S JD first (780/47).
    let v = json(&[
        "cribbage",
        "discard",
        "5H",
        "5C",
        "5S",
        "JD",
        "4C",
        "--players",
        "3",
    ]);
    let best = &v["payload"]["keeps"][0];
    assert_eq!(strs(&best["keep"]), ["5H", "5C", "5S", "JD"]);
    assert!(same_frac(&best["hand"], 780, 47));
}

/// A house rule changes a count exactly where it should: the crib's four-card flush, and
/// a hand flush needing five, on single hands and on the whole distribution.
#[test]
fn house_rules_change_flush_counts_only() {
    let crib4 = "models/cribbage/crib-four-card-flush.json";
    let hand5 = "models/cribbage/hand-flush-needs-five.json";
    let score = |start: &str, extra: &[&str]| -> f64 {
        let mut a = vec![
            "cribbage", "score", "2H", "4H", "6H", "8H", "--start", start,
        ];
        a.extend(extra);
        json(&a)["value"].as_f64().unwrap()
    };
    // 2H 4H 6H 8H (no 15s, no pairs, no runs): only the flush scores.
    assert_eq!(score("KS", &["--crib"]), 0.0);
    assert_eq!(score("KS", &["--crib", "--rules", crib4]), 4.0);
    assert_eq!(score("KH", &["--crib", "--rules", crib4]), 5.0);
    assert_eq!(score("KS", &[]), 4.0);
    assert_eq!(score("KS", &["--rules", hand5]), 0.0);
    assert_eq!(score("KH", &["--rules", hand5]), 5.0);
    assert_eq!(score("KS", &["--rules", crib4]), 4.0);
    // Whole distributions: a crib with the four-card flush counts exactly as a hand, and a
    // hand needing five counts exactly as a standard crib.
    let counts = |a: &[&str]| {
        let mut args = vec!["cribbage", "distribution", "--quiet"];
        args.extend(a);
        json(&args)["payload"]["counts"].clone()
    };
    let (hand, crib) = (counts(&[]), counts(&["--crib"]));
    assert_ne!(hand, crib);
    // Published (Wikipedia, "Cribbage statistics"): 1,009,008 hands score 0, or 1,022,208
    // as a crib.
    assert_eq!(
        (hand[0].as_u64(), crib[0].as_u64()),
        (Some(1_009_008), Some(1_022_208))
    );
    assert_eq!(counts(&["--crib", "--rules", crib4]), hand);
    assert_eq!(counts(&["--rules", hand5]), crib);
}

/// Bad rules files and bad values exit 2 with one line naming the key.
#[test]
fn bad_rules_exit_2_naming_the_key() {
    let dir = scratch("cribbage");
    for (name, text, want) in [
        (
            "five",
            r#"{"players": 5}"#,
            "key `players`: 5 is not allowed (2, 3 or 4)",
        ),
        (
            "text",
            r#"{"players": "three"}"#,
            "key `players`: \"three\" is not allowed",
        ),
        (
            "typo",
            r#"{"plyers": 3}"#,
            "unknown key `plyers` (valid keys: `name`, `players`",
        ),
        (
            "flag",
            r#"{"crib_four_card_flush": "yes"}"#,
            "key `crib_four_card_flush`",
        ),
        ("name", r#"{"name": "a b"}"#, "key `name`"),
        ("json", r#"{"players": 3"#, "not JSON"),
        ("array", r#"[]"#, "expected a JSON object of rules keys"),
    ] {
        let f = dir.join(format!("rules-{name}.json"));
        std::fs::write(&f, text).unwrap();
        let p = f.to_str().unwrap();
        for verb in [
            &["distribution"][..],
            &["discard", "2C", "4H", "6D", "8H", "2S", "JC"],
        ] {
            let args = [&["cribbage"][..], verb, &["--rules", p]].concat();
            let e = run_bad_input(&args);
            assert!(e.contains(p) && e.contains(want), "{name}: {e}");
        }
    }
    let e = run_bad_input(&["cribbage", "max", "--players", "7"]);
    assert!(
        e.contains("--players 7: key `players`: 7 is not allowed"),
        "{e}"
    );
    let e = run_bad_input(&[
        "cribbage",
        "discard",
        "2C",
        "4H",
        "6D",
        "8H",
        "2S",
        "JC",
        "--players",
        "3",
    ]);
    assert!(e.contains("5 dealt cards of a 3-player game, got 6"), "{e}");
    let e = run_bad_input(&[
        "cribbage",
        "score",
        "5H",
        "5S",
        "5C",
        "JD",
        "--start",
        "5D",
        "--rules",
        "no/such.json",
    ]);
    assert!(e.contains("cannot read rules file no/such.json"), "{e}");
}

/// `--rules` and `--players` reach every verb and land in the episode's `variant.rules`;
/// `verify` replays under them (a tampered rule is caught), and episodes from before rules
/// files (no rules object) still verify.
#[test]
fn rules_and_players_on_every_verb_and_in_verify() {
    let three = "models/cribbage/three-players.json";
    let cases: &[&[&str]] = &[
        &["score", "5H", "5S", "5C", "JD", "--start", "5D"],
        &["discard", "5H", "5C", "5S", "JD", "4C", "--pone"],
        &["max", "--without", "5"],
        &["distribution", "--crib"],
        &["discard-table"],
    ];
    let dir = scratch("cribbage");
    for (i, verb) in cases.iter().enumerate() {
        for how in [&["--rules", three][..], &["--players", "3"]] {
            let args = [&["cribbage"][..], verb, how, &["--quiet"]].concat();
            let v = json(&args);
            assert_eq!(v["variant"]["rules"]["players"], 3, "{args:?}");
            let f = dir.join(format!("verb-{i}.json"));
            std::fs::write(&f, v.to_string()).unwrap();
            let o = run(&["verify", f.to_str().unwrap()]);
            assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
        }
    }
    // A crib maximum under the four-card flush house rule, then the rule flipped in the
    // episode: the referee re-scores under the recorded rules and rejects it.
    let crib4 = "models/cribbage/crib-four-card-flush.json";
    let v = json(&[
        "cribbage",
        "max",
        "--crib",
        "--from",
        "2H 4H 6H 8H",
        "--start",
        "KS",
        "--rules",
        crib4,
        "--quiet",
    ]);
    assert_eq!(v["value"].as_f64(), Some(4.0), "{v}");
    let mut flipped = v.clone();
    flipped["variant"]["rules"]["crib_four_card_flush"] = false.into();
    let f = dir.join("flipped.json");
    std::fs::write(&f, flipped.to_string()).unwrap();
    let o = run(&["verify", f.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    // Old episodes: `variant.rules` was "hand"/"crib" or absent.
    let mut old = json(&[
        "cribbage", "score", "2H", "4H", "6H", "8H", "--start", "KS", "--crib",
    ]);
    old["variant"] = serde_json::json!({ "rules": "crib" });
    let mut old5 = json(&[
        "cribbage",
        "discard",
        "5H",
        "5S",
        "JD",
        "QC",
        "KC",
        "--players",
        "4",
        "--dealer",
    ]);
    old5["variant"] = serde_json::json!({ "role": "dealer", "dealt": 5 });
    for (name, e) in [("old-score", old), ("old-discard", old5)] {
        let f = dir.join(format!("{name}.json"));
        std::fs::write(&f, e.to_string()).unwrap();
        let o = run(&["verify", f.to_str().unwrap()]);
        assert_eq!(o.status.code(), Some(0), "{name}: {}", stderr(&o));
    }
}
