//! Hostile input: edited episodes that `verify` must reject, absurd rules, boards and
//! options that must be refused in one line (exit 2) instead of crashing, time limits
//! every long command honours, and results never lost or clobbered.

mod common;

use std::path::{Path, PathBuf};

use common::{root, run, scratch, stderr, stdout};
use gamebounds::episode::Envelope;
use serde_json::Value;

/// Every committed episode.
fn committed() -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(root().join("games"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    v.sort();
    assert!(v.len() >= 50, "games/ has {} episodes", v.len());
    v
}

/// The objective read the other way: `max` ↔ `min` where the name has one, else `min-…`.
fn flipped(objective: &str) -> String {
    if objective.contains("max") {
        objective.replace("max", "min")
    } else if objective.contains("min") {
        objective.replace("min", "max")
    } else {
        format!("min-{objective}")
    }
}

/// The edits of one episode that `verify` must reject, each with its name.
fn tampers(env: &Envelope) -> Vec<(String, Envelope)> {
    let value = env.value.expect("committed episodes have a value");
    let minimise = env.objective.contains("min");
    let mut out = Vec::new();
    let mut edit = |name: &str, f: &dyn Fn(&mut Envelope)| {
        let mut e = env.clone();
        f(&mut e);
        out.push((name.to_string(), e));
    };
    edit("value + 1", &|e| e.value = Some(value + 1.0));
    edit("value - 1", &|e| e.value = Some(value - 1.0));
    edit("value, bound + 1", &|e| {
        e.value = Some(value + 1.0);
        e.bound = Some(value + 1.0);
    });
    edit("bound on the wrong side", &|e| {
        e.bound = Some(if minimise { value + 1.0 } else { value - 1.0 });
        e.gap = Some(1.0 / value.abs().max(1.0));
        e.status = gamebounds::lp::Status::Feasible;
    });
    edit("optimal with a gap", &|e| {
        e.bound = Some(if minimise { value - 10.0 } else { value + 10.0 });
        e.gap = Some(10.0 / value.abs().max(1.0));
    });
    edit("optimal, gap edited", &|e| e.gap = Some(0.25));
    edit("gap 0, bound elsewhere", &|e| {
        e.bound = Some(if minimise { value - 10.0 } else { value + 10.0 });
        e.gap = Some(0.0);
        e.status = gamebounds::lp::Status::Feasible;
    });
    edit("optimal, gap 0, bound elsewhere", &|e| {
        e.bound = Some(if minimise { value - 10.0 } else { value + 10.0 });
        e.gap = Some(0.0);
    });
    edit("objective flipped", &|e| {
        e.objective = flipped(&e.objective)
    });
    match env.game.as_str() {
        // Every Modern Art episode shows its objective: a split or proof record (only
        // max-player solves leave one), or the search's seat.
        "modern-art" => {
            edit("objective min-winner", &|e| {
                e.objective = "min-winner".into()
            });
            edit("objective max-total", &|e| e.objective = "max-total".into());
        }
        "traveller" => edit("objective max-stock", &|e| e.objective = "max-stock".into()),
        _ => {}
    }
    out
}

#[test]
fn every_tampered_episode_is_rejected_in_one_line() {
    for path in committed() {
        let env = Envelope::load(&path).unwrap();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        gamebounds::games::verify(&env).unwrap_or_else(|e| panic!("{name}: {e:#}"));
        for (what, bad) in tampers(&env) {
            let err = match gamebounds::games::verify(&bad) {
                Ok(msg) => panic!("{name}, {what}: verify accepts it: {msg}"),
                Err(e) => e,
            };
            let text = format!("{err:#}");
            assert_eq!(
                gamebounds::error::exit_code(&err),
                1,
                "{name}, {what}: not a rejection: {text}"
            );
            assert_eq!(text.lines().count(), 1, "{name}, {what}: {text}");
            assert!(!text.contains("Some("), "{name}, {what}: {text}");
        }
    }
}

fn write_env(dir: &Path, name: &str, env: &Value) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, serde_json::to_string_pretty(env).unwrap()).unwrap();
    p
}

#[test]
fn verify_cli_rejects_tampers_and_names_what_it_cannot_recheck() {
    let dir = scratch("hostile");
    let read = |f: &str| -> Value {
        serde_json::from_str(&std::fs::read_to_string(root().join(f)).unwrap()).unwrap()
    };
    // The minimum read as a maximum.
    let mut min = read("games/lost-cities-5-min.json");
    min["objective"] = "player-1-max-free-deck".into();
    let p = write_env(&dir, "lc-min-as-max.json", &min);
    let o = run(&["verify", p.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    assert_eq!(stderr(&o).trim().lines().count(), 1, "{}", stderr(&o));
    // Haggle goal's value.
    let mut goal = read("games/haggle-goal-example.json");
    goal["value"] = 40.0.into();
    let p = write_env(&dir, "goal-40.json", &goal);
    let o = run(&["verify", p.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    assert!(stderr(&o).contains("value 40"), "{}", stderr(&o));
    // A forged optimum whose fields agree: verify passes but says what it did not check.
    let mut forged = read("games/modern-art-2p-standard.json");
    forged["bound"] = forged["value"].clone();
    let p = write_env(&dir, "forged.json", &forged);
    let o = run(&["verify", p.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("upper bound not re-checked: `gamebounds audit"),
        "{}",
        stdout(&o)
    );
    // Enumerated claims need no re-solve.
    let o = run(&["verify", "games/haggle-goal-example.json"]);
    assert!(!stdout(&o).contains("not re-checked"), "{}", stdout(&o));
}

/// A 4-square board: coal from 1 to 4, fuel on 2.
const FOUR: &str = "unit_volume(coal, 2.5).
square(1, 0, 0). square(2, 1, 0). square(3, 2, 0). square(4, 3, 0).
joins(1, 2). joins(2, 3). joins(3, 4).
building(1, pit). building(4, works). building(2, pump).
sells(pit, coal, 2). buys(works, coal, 5).
sells_fuel(pump, 1).
";

/// `models/…` file `from` with the JSON edit `f`, written to the scratch directory.
fn edited(dir: &Path, from: &str, name: &str, f: impl FnOnce(&mut Value)) -> String {
    let mut v: Value =
        serde_json::from_str(&std::fs::read_to_string(root().join(from)).unwrap()).unwrap();
    f(&mut v);
    write_env(dir, name, &v).to_str().unwrap().to_string()
}

#[test]
fn absurd_rules_boards_and_options_are_refused_in_one_line() {
    let dir = scratch("hostile-absurd");
    let four = dir.join("four.pl");
    std::fs::write(&four, FOUR).unwrap();
    let four = four.to_str().unwrap();
    let deck = root().join("models/modern-art/decks/default.json");
    let deck = deck.to_str().unwrap();
    let ma = |name: &str, key: &str, value: Value| {
        edited(&dir, "models/modern-art/standard.json", name, |v| {
            v["deck"] = deck.into();
            v[key] = value;
        })
    };
    let vp = ma(
        "vp.json",
        "value_points",
        serde_json::json!([1_000_000_000, 2, 1]),
    );
    let rounds = ma("rounds.json", "rounds", 1000.into());
    let awards = ma("awards.json", "awards", 1000.into());
    let award_value = ma("av.json", "award_value", 1_000_000_000.into());
    let big_deck = dir.join("deck1000.json");
    let names: Vec<String> = (0..1000).map(|i| format!("a{i}")).collect();
    let cards: serde_json::Map<String, Value> =
        names.iter().map(|n| (n.clone(), 10.into())).collect();
    std::fs::write(
        &big_deck,
        serde_json::json!({"name": "big", "artists": names, "cards": cards, "symbols": {}})
            .to_string(),
    )
    .unwrap();
    let big_deck = big_deck.to_str().unwrap();
    let base = edited(
        &dir,
        "models/lost-cities/classic-5.json",
        "base.json",
        |v| v["base"] = 2_147_483_647.into(),
    );
    let cash = edited(&dir, "models/traveller/rules.json", "cash.json", |v| {
        v["cash"] = 1e300.into()
    });
    let tank = edited(&dir, "models/traveller/rules.json", "tank.json", |v| {
        v["tank"] = 1_000_000_000.into()
    });
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (
            vec!["modern-art", "solve", "--variant", &vp],
            "value_points",
        ),
        (vec!["modern-art", "solve", "--variant", &rounds], "rounds"),
        (vec!["modern-art", "solve", "--variant", &awards], "awards"),
        (
            vec!["modern-art", "solve", "--variant", &award_value],
            "award_value",
        ),
        (vec!["modern-art", "solve", "--deck", big_deck], "artists"),
        (vec!["lost-cities", "bound", "--variant", &base], "base"),
        (
            vec![
                "traveller",
                "bound",
                "--board",
                four,
                "--start",
                "1",
                "--steps",
                "5",
                "--rules",
                &cash,
            ],
            "cash",
        ),
        (
            vec![
                "traveller",
                "bound",
                "--board",
                four,
                "--start",
                "1",
                "--steps",
                "5",
                "--rules",
                &tank,
            ],
            "tank",
        ),
        (
            vec![
                "traveller",
                "bound",
                "--board",
                four,
                "--start",
                "1",
                "--steps",
                "20000",
            ],
            "--steps",
        ),
        (
            vec![
                "traveller",
                "window",
                "--board",
                four,
                "--steps",
                "3",
                "--wealth",
                "9",
                "--slope",
                "NaN",
            ],
            "--slope",
        ),
        (
            vec!["--time-limit", "-1", "cribbage", "max"],
            "--time-limit",
        ),
        (
            vec!["--time-limit", "NaN", "cribbage", "max"],
            "--time-limit",
        ),
        (
            vec!["--time-limit", "inf", "cribbage", "max"],
            "--time-limit",
        ),
        (vec!["--threads", "0", "cribbage", "max"], "--threads"),
        (vec!["--threads", "1000000", "cribbage", "max"], "--threads"),
        (vec!["cribbage", "discard-table", "--cores", "0"], "--cores"),
        (
            vec!["haggle", "simulate", "--players", "5", "--rounds", "0"],
            "--rounds",
        ),
        (vec!["lost-cities", "tournament", "--games", "0"], "--games"),
    ];
    for (args, names) in cases {
        let o = run(&args);
        let err = common::bad_input(&o, &args);
        assert!(err.contains(names), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

#[test]
fn huge_numbers_are_never_clamped_integers() {
    assert_eq!(gamebounds::render::num(1e300), "1e300");
    assert_eq!(gamebounds::render::num(441.0), "441");
}

/// Run with a wall-clock check: the command must end within `most` seconds.
fn run_within(args: &[&str], most: f64) -> std::process::Output {
    let t = std::time::Instant::now();
    let o = run(args);
    let took = t.elapsed().as_secs_f64();
    assert!(took < most, "{args:?} took {took:.1} s (limit {most} s)");
    o
}

#[test]
fn long_commands_honour_the_time_limit() {
    // The exhaustive search on the full game: stops and says so.
    let o = run_within(
        &[
            "--time-limit",
            "2",
            "modern-art",
            "search",
            "--players",
            "2",
        ],
        30.0,
    );
    let err = common::bad_input(&o, &["modern-art", "search"]);
    assert!(err.contains("--time-limit"), "{err}");
    // Traveller: the event search and the ILP after it share one limit.
    let o = run_within(
        &[
            "--time-limit",
            "3",
            "--quiet",
            "traveller",
            "bound",
            "--board",
            "models/traveller/classic.pl",
            "--start",
            "67",
            "--steps",
            "100",
        ],
        40.0,
    );
    assert!(o.status.success(), "{}", stderr(&o));
    // Haggle: listing the trades of two huge hands.
    let o = run_within(
        &[
            "--time-limit",
            "2",
            "haggle",
            "trade",
            "--players",
            "15",
            "--player",
            "1,2:30/30/30/30/30:0/0/0/0/0",
            "--other",
            "3,4:30/30/30/30/30:0/0/0/0/0",
        ],
        40.0,
    );
    assert!(o.status.success(), "{}", stderr(&o));
}

#[test]
fn results_are_never_lost_or_clobbered() {
    let dir = scratch("hostile-files");
    let at = |n: &str| dir.join(n).to_str().unwrap().to_string();
    let args = |out: &str| -> Vec<String> {
        ["cribbage", "max", "--quiet", "--out", out]
            .iter()
            .map(|s| s.to_string())
            .collect()
    };
    let call = |a: &[String]| run(&a.iter().map(String::as_str).collect::<Vec<_>>());
    // Refused before any solving: a .md, a directory, a missing directory.
    for (out, why) in [
        (at("x.md"), "must end .json"),
        (dir.to_str().unwrap().to_string(), "is a directory"),
        (at("missing/x.json"), "does not exist"),
        ("/gb-no-such-dir/x.json".to_string(), "does not exist"),
    ] {
        let a = args(&out);
        let e = common::bad_input(&call(&a), &[]);
        assert!(e.contains(why), "{out}: {e}");
    }
    assert!(!dir.join("missing").exists());
    assert!(!dir.join("x.md").exists());
    // A good --out, then again: the replacement is said.
    let ep = at("ep.json");
    assert!(call(&args(&ep)).status.success());
    let o = call(&args(&ep));
    assert!(o.status.success());
    assert!(
        stderr(&o).contains("replaced the existing"),
        "{}",
        stderr(&o)
    );
    // render -o never overwrites its input.
    let before = std::fs::read_to_string(&ep).unwrap();
    let e = common::bad_input(&run(&["render", &ep, "-o", &ep]), &[]);
    assert!(e.contains("the episode being rendered"), "{e}");
    assert_eq!(std::fs::read_to_string(&ep).unwrap(), before);
    // No temporary file is left behind.
    let left: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
        .filter(|n| n.ends_with(".tmp"))
        .collect();
    assert!(left.is_empty(), "{left:?}");
}

/// "replaced the existing FILE" only for a file that was there before the command: a
/// split's own interim saves of its best game (`make demo`'s first solve makes several)
/// are not replacements.
#[test]
fn only_a_file_there_before_is_said_replaced() {
    let out = scratch("hostile-replaced").join("mini.json");
    let _ = std::fs::remove_file(&out);
    let out = out.to_str().unwrap().to_string();
    let mini = "models/modern-art/mini/m22-every-symbol.json";
    let args = [
        "--quiet",
        "modern-art",
        "solve",
        "--variant",
        mini,
        "--out",
        &out,
    ];
    let first = run(&args);
    assert!(first.status.success(), "{}", stderr(&first));
    assert!(!stderr(&first).contains("replaced"), "{}", stderr(&first));
    let again = run(&args);
    assert!(again.status.success(), "{}", stderr(&again));
    assert!(
        stderr(&again).contains(&format!("replaced the existing {out}")),
        "{}",
        stderr(&again)
    );
}

mod properties {
    //! Every parser, fed anything: a clear error or a valid result, never a panic.

    use gamebounds::episode::Envelope;
    use proptest::prelude::*;
    use serde_json::Value;

    const TINY: &str = "unit_volume(coal, 2). unit_volume(diamonds, 1).
square(1, 0, 1). square(2, 1, 1). square(3, 2, 1). square(4, 3, 1). square(5, 1, 0).
joins(1, 2). joins(2, 3). joins(3, 4). joins(5, 1). joins(5, 2). joins(5, 3).
building(1, pit). building(3, works). building(5, mine). building(4, jeweller).
building(2, pump).
sells(pit, coal, 2). buys(works, coal, 5).
sells(mine, diamonds, 7). buys(jeweller, diamonds, 11).
sells_fuel(pump, 1).
";

    /// Every leaf of a JSON value, as a JSON pointer.
    fn leaves(v: &Value, at: String, out: &mut Vec<String>) {
        match v {
            Value::Object(m) => {
                for (k, x) in m {
                    leaves(x, format!("{at}/{k}"), out);
                }
            }
            Value::Array(a) => {
                for (i, x) in a.iter().enumerate() {
                    leaves(x, format!("{at}/{i}"), out);
                }
            }
            _ => out.push(at),
        }
    }

    /// A hostile JSON scalar: huge, negative, fractional, NaN-like text, null.
    fn scalar() -> impl Strategy<Value = Value> {
        prop_oneof![
            any::<i64>().prop_map(Value::from),
            (-1e12f64..1e12).prop_map(Value::from),
            Just(Value::from(u64::MAX)),
            Just(Value::from(1e300)),
            Just(Value::Null),
            ".{0,12}".prop_map(Value::from),
            Just(Value::from(0)),
            Just(Value::from(-1)),
        ]
    }

    /// `base` with the `pick`-th leaf (modulo the count) replaced by `with`.
    fn mutate(base: &Value, pick: usize, with: Value) -> Value {
        let mut all = Vec::new();
        leaves(base, String::new(), &mut all);
        let mut v = base.clone();
        if let Some(p) = all.get(pick % all.len().max(1)) {
            if let Some(x) = v.pointer_mut(p) {
                *x = with;
            }
        }
        v
    }

    fn read(file: &str) -> Value {
        let p = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(file);
        serde_json::from_str(&std::fs::read_to_string(p).unwrap()).unwrap()
    }

    proptest! {
        // A fixed seed: the same 200 cases in every run, so CI is repeatable.
        #![proptest_config(ProptestConfig {
            cases: 200,
            rng_seed: proptest::test_runner::RngSeed::Fixed(1),
            ..ProptestConfig::default()
        })]

        #[test]
        fn cards_and_hands(s in ".{0,24}") {
            let _ = gamebounds::cribbage::rules::parse_card(&s);
            let _ = gamebounds::cribbage::rules::parse_cards(&s.split(' ').collect::<Vec<_>>());
            let lc = gamebounds::lost_cities::rules::Rules::classic(5).unwrap();
            let _ = gamebounds::lost_cities::cards::parse_card(&lc, &s);
            let _ = gamebounds::lost_cities::cards::parse_cards(&lc, &s);
            let _ = gamebounds::lost_cities::engine::Record::parse_file(&lc, &s);
            let _ = gamebounds::haggle::rules::Hand::parse(&s);
            let _ = gamebounds::haggle::rules::RuleSet::parse(&s);
            let _ = gamebounds::traveller::engine::parse_plan(&s);
        }

        #[test]
        fn boards(s in "[a-z0-9(),. %/*\\n\"'-]{0,80}", pick in 0usize..200, n in any::<i64>()) {
            use gamebounds::traveller::board::Board;
            let _ = Board::from_facts("x", &s);
            let _ = Board::from_json("x", &s);
            // A valid board with one number replaced.
            let mut k = 0;
            let edited: String = TINY
                .split_inclusive(|c: char| !c.is_ascii_digit())
                .map(|part| {
                    k += 1;
                    if k == pick && part.starts_with(|c: char| c.is_ascii_digit()) {
                        format!("{n}{}", part.trim_start_matches(|c: char| c.is_ascii_digit()))
                    } else {
                        part.to_string()
                    }
                })
                .collect();
            let _ = Board::from_facts("x", &edited);
        }

        #[test]
        fn variants(pick in any::<usize>(), with in scalar()) {
            let lc = mutate(&read("models/lost-cities/classic-5.json"), pick, with.clone());
            let _ = gamebounds::lost_cities::rules::Rules::parse(&lc.to_string(), "x");
            let tr = mutate(&read("models/traveller/rules.json"), pick, with.clone());
            if let Ok(r) = serde_json::from_value::<gamebounds::traveller::rules::Rules>(tr) {
                let _ = r.check();
            }
            let ma = read("games/modern-art-mini-m25-search.json")["variant"].clone();
            let _ = gamebounds::modern_art::rules::Config::from_value(&mutate(&ma, pick, with));
        }

        #[test]
        fn episodes(which in 0usize..6, pick in any::<usize>(), with in scalar()) {
            let file = [
                "games/modern-art-mini-m25-search.json",
                "games/lost-cities-5-min.json",
                "games/traveller-classic-t20.json",
                "games/haggle-goal-example.json",
                "games/haggle-15p-simulate-seed1.json",
                "games/cribbage-max-without-5.json",
            ][which];
            let v = mutate(&read(file), pick, with);
            if let Ok(env) = serde_json::from_value::<Envelope>(v) {
                let _ = gamebounds::games::verify(&env);
                let _ = gamebounds::games::render(&env);
            }
        }
    }
}

#[test]
fn an_interrupted_solve_keeps_its_best_game() {
    let dir = scratch("hostile-interrupt");
    let out = dir.join("t100.json");
    let child = common::bin()
        .args([
            "traveller",
            "bound",
            "--method",
            "events",
            "--board",
            "models/traveller/classic.pl",
            "--start",
            "67",
            "--steps",
            "100",
            "--out",
        ])
        .arg(&out)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // The search writes its starting plan at once; then it runs for minutes.
    let t = std::time::Instant::now();
    while !out.exists() && t.elapsed().as_secs() < 120 {
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    assert!(out.exists(), "no plan written within 120 s");
    let killed = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let o = child.wait_with_output().unwrap();
    let err = stderr(&o);
    assert_eq!(
        o.status.code(),
        Some(gamebounds::interrupt::EXIT_INTERRUPTED),
        "{err}"
    );
    assert!(
        err.contains("interrupted: the best game so far") && err.contains("t100.json"),
        "{err}"
    );
    let v = run(&["verify", out.to_str().unwrap()]);
    assert!(v.status.success(), "{}", stderr(&v));
}
