//! What the command line says and writes besides its answer: solver internals only with
//! `--verbose`, one meaning of `--out` (an episode file) refused by the verbs that write
//! none, and nothing written into `results/` or the temporary folder unless asked.

mod common;

use common::{run_ok, stderr};

/// HiGHS's presolve settles the 15-player Haggle bound at once and is checked again
/// without it: a step of the solver, said on stderr only with `--verbose`.
#[test]
fn solver_internals_need_verbose() {
    for args in [
        &["haggle", "bound", "--players", "15"][..],
        &[
            "haggle",
            "compare",
            "--players",
            "15",
            "--vary",
            "rule10.bonus=5",
        ],
    ] {
        let err = stderr(&run_ok(args));
        assert!(!err.contains("presolve"), "{args:?}: {err}");
        let verbose = stderr(&run_ok(&[args, &["--verbose"]].concat()));
        assert!(
            verbose.contains("solving it again without presolve"),
            "{args:?}: {verbose}"
        );
    }
}

/// `--out` names an episode file: the verbs that write none refuse it before any work
/// (exit 2, one line saying which verbs take it), as `--jobs` is refused where nothing
/// splits, and nothing is written.
#[test]
fn verbs_without_an_episode_refuse_out() {
    let dir = common::scratch("out-refused");
    let out = dir.join("x.json");
    let o = out.to_str().unwrap();
    let plan = dir.join("plan.txt");
    let p = plan.to_str().unwrap();
    let site = dir.join("site");
    let classic = "models/traveller/classic.pl";
    let cases: [&[&str]; 12] = [
        &["lost-cities", "play"],
        &["lost-cities", "score", "D2"],
        &["lost-cities", "tournament"],
        &["traveller", "replay", p],
        &["traveller", "show", "--board", classic],
        &["haggle", "trade", "--player", "1:1/1/1/1/1"],
        &["haggle", "table"],
        &["cribbage", "variants"],
        &["verify", "games/cribbage-max-29.json"],
        &["audit", "games/cribbage-max-29.json"],
        &["chart", "results/lost-cities-variants.md"],
        &["site", site.to_str().unwrap()],
    ];
    for args in cases {
        let all = [args, &["--out", o]].concat();
        let err = common::run_bad_input(&all);
        assert!(err.contains("writes no episode"), "{args:?}: {err}");
        assert!(!out.exists() && !site.exists(), "{args:?}");
    }
    let err = common::run_bad_input(&["lost-cities", "play", "--out", o]);
    assert!(err.contains("(lost-cities bound)"), "{err}");
    // render writes its markdown with -o: --out (an episode file) is refused, naming -o.
    let err = common::run_bad_input(&["render", "games/cribbage-max-29.json", "--out", o]);
    assert!(err.contains("-o FILE.md"), "{err}");
    assert!(!out.exists());
    // A verb that writes an episode writes it there.
    run_ok(&[
        "cribbage", "score", "5H", "5S", "5C", "JD", "--start", "5D", "--out", o,
    ]);
    assert!(out.exists() && dir.join("x.md").exists() && dir.join("x.svg").exists());
}

/// `site DIR` makes its folder as `--out FILE` makes its file: inside a folder that
/// exists, else refused before any work (a typo in a parent is not a tree of folders).
#[test]
fn site_makes_its_folder_only_inside_one_that_exists() {
    let dir = common::scratch("out-site");
    let deep = dir.join("missing/site");
    let err = common::run_bad_input(&["site", deep.to_str().unwrap()]);
    assert!(err.contains("does not exist (create it first)"), "{err}");
    assert!(!dir.join("missing").exists());
    let file = dir.join("a-file");
    std::fs::write(&file, "").unwrap();
    let err = common::run_bad_input(&["site", file.to_str().unwrap()]);
    assert!(err.contains("is a file; give a folder"), "{err}");
    let site = dir.join("site");
    let _ = std::fs::remove_dir_all(&site);
    run_ok(&["site", site.to_str().unwrap(), "--quiet"]);
    assert!(site.join("index.html").exists());
}

/// `haggle table` prints its table; it writes `results/haggle-bounds.md` (or any file)
/// only when given `--report` (as `make results` does), never by default.
#[test]
fn haggle_table_writes_its_report_only_when_asked() {
    let dir = common::scratch("out-haggle-table");
    let results = dir.join("results");
    std::fs::create_dir_all(&results).unwrap();
    // No time limit: a max-total solve cut short can end in the strict model-referee
    // check (a time-limited incumbent's claimed total below its hands' true total).
    let args = ["haggle", "table", "--players", "2"];
    let o = common::run_env(&dir, &args, &[]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(common::stdout(&o).contains("| players |"));
    let left: Vec<_> = std::fs::read_dir(&results).unwrap().collect();
    assert!(left.is_empty(), "{left:?}");
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
    let asked = [&args[..], &["--report", "results/haggle-bounds.md"]].concat();
    let o = common::run_env(&dir, &asked, &[]);
    assert!(o.status.success(), "{}", stderr(&o));
    let md = std::fs::read_to_string(results.join("haggle-bounds.md")).unwrap();
    assert!(md.contains("| players |"), "{md}");
}

/// A Modern Art split without `--out` keeps its best game for an interrupt only: stopped
/// by SIGINT, it writes the game into the temporary directory and its last line says
/// where (the run that ends normally leaves nothing: `tests/cli.rs`). The 2-player
/// anchor proof resumed from a weak game (117, a 1-second run's) is kept from its start.
#[cfg(unix)]
#[test]
fn an_interrupted_split_without_out_writes_its_best_game_and_says_where() {
    use std::io::BufRead;
    let tmp = common::scratch("out-interrupt");
    let weak = tmp.join("weak.json");
    let anchor = ["modern-art", "bound", "--players", "2", "--variant"];
    let anchor = [&anchor[..], &["models/modern-art/anchor.json"]].concat();
    let w = weak.to_str().unwrap();
    run_ok(&[&anchor[..], &["--time-limit", "1", "--quiet", "--out", w]].concat());
    let mut child = common::bin()
        .args(&anchor)
        .args(["--start", w])
        .env("TMPDIR", &tmp)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut lines = std::io::BufReader::new(child.stderr.take().unwrap()).lines();
    let first = lines.next().unwrap().unwrap();
    assert!(first.starts_with("split: starting from"), "{first}");
    std::thread::sleep(std::time::Duration::from_millis(300));
    let killed = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let rest: Vec<String> = lines.map(|l| l.unwrap()).collect();
    let status = child.wait().unwrap();
    let kept = tmp.join("gamebounds-modern-art-2p-anchor-max-player.json");
    let last = rest.last().cloned().unwrap_or_default();
    assert_eq!(status.code(), Some(130), "{rest:?}");
    assert!(
        last.starts_with("interrupted: the best game so far")
            && last.contains(kept.to_str().unwrap()),
        "{rest:?}"
    );
    let v = common::run(&["verify", kept.to_str().unwrap()]);
    assert!(v.status.success(), "{}", stderr(&v));
}

/// Parse a command's stdout as JSON.
fn json_of(o: &std::process::Output) -> serde_json::Value {
    serde_json::from_slice(&o.stdout).unwrap_or_else(|e| panic!("{e}: {}", common::stdout(o)))
}

/// `verify --json` prints one object: the verdict, whether the game is proven, its value
/// and bound, and the lines the text form prints. An episode the referee refutes is
/// printed with `verified: false` and keeps its failing exit code.
#[test]
fn verify_json_is_one_object() {
    let file = "games/cribbage-max-29.json";
    let v = json_of(&run_ok(&["verify", file, "--json"]));
    assert_eq!(v["file"], file);
    assert_eq!(v["game"], "cribbage");
    assert_eq!(v["verified"], true);
    assert_eq!(v["proven"], true);
    assert_eq!(v["value"], 29.0);
    let text = common::stdout(&run_ok(&["verify", file]));
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(v["messages"], serde_json::json!(lines));
    // The same episode claiming 28: refuted, printed, and the exit code of the text form.
    let mut env: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap();
    env["value"] = serde_json::json!(28.0);
    env["bound"] = serde_json::json!(28.0);
    let bad = common::scratch("verify-json").join("bad.json");
    std::fs::write(&bad, env.to_string()).unwrap();
    let b = bad.to_str().unwrap();
    let o = common::run(&["verify", b, "--json"]);
    let text = common::run(&["verify", b]);
    assert!(!o.status.success());
    assert_eq!(o.status.code(), text.status.code());
    let v = json_of(&o);
    assert_eq!(v["verified"], false);
    assert_eq!(v["value"], 28.0);
    let said = v["messages"][0].as_str().unwrap();
    assert!(stderr(&o).contains(said), "{said} / {}", stderr(&o));
}

/// `traveller window --json` is a table `{columns, rows}` with numbers as numbers; with
/// `--chain` one row per window and what the chain reached.
#[test]
fn traveller_window_json_is_a_table() {
    let board = ["--board", "models/traveller/classic.pl"];
    let args = [&board[..], &["--steps", "2", "--wealth", "500", "--json"]].concat();
    let v = json_of(&run_ok(&[&["traveller", "window"][..], &args].concat()));
    let columns: Vec<&str> = v["columns"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap())
        .collect();
    assert_eq!(
        columns,
        [
            "steps",
            "wealth",
            "slope",
            "cash_only",
            "bound",
            "found",
            "proven",
            "seconds"
        ]
    );
    let rows = v["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 1);
    let row = rows[0].as_array().unwrap();
    assert_eq!(row[0], 2);
    assert_eq!(row[1], 500.0);
    assert_eq!(row[3], false);
    let (bound, found) = (row[4].as_f64().unwrap(), row[5].as_f64().unwrap());
    assert!(found <= bound + 1e-6, "{row:?}");
    assert_eq!(row[6], true);
    let chained = [&args[..], &["--chain", "4"]].concat();
    let v = json_of(&run_ok(&[&["traveller", "window"][..], &chained].concat()));
    assert_eq!(v["columns"].as_array().unwrap().len(), 8);
    assert_eq!(v["rows"].as_array().unwrap().len(), 2);
    assert_eq!(v["chain"]["steps"], 4);
    assert_eq!(v["chain"]["of"], 4);
    assert!(v["chain"]["bound"].as_f64().is_some(), "{v}");
}

/// `lost-cities score --json` is the whole scoring: one row per expedition (its score a
/// number) and the total, the sum of the rows.
#[test]
fn lost_cities_score_json_has_every_expedition() {
    let o = run_ok(&["lost-cities", "score", "InvD", "4D", "7D", "9O", "--json"]);
    let v = json_of(&o);
    assert_eq!(
        v["columns"],
        serde_json::json!(["colour", "expedition", "score"])
    );
    let rows = v["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 2, "{v}");
    let sum: i64 = rows.iter().map(|r| r[2].as_i64().unwrap()).sum();
    assert_eq!(v["total"].as_i64(), Some(sum));
    // D: wager × (4 + 7 − 20) = −18; O: 9 − 20 = −11 (the rules in docs/rules/lost-cities.md).
    assert_eq!(sum, -29, "{v}");
    let text = common::stdout(&run_ok(&["lost-cities", "score", "InvD", "4D", "7D", "9O"]));
    for r in rows {
        let colour = r[0].as_str().unwrap();
        let line = text.lines().find(|l| l.contains(colour)).unwrap();
        assert!(line.contains(&r[2].to_string()), "{line} / {r}");
    }
}

/// `cribbage score --json` is a plain scoring, not a solve: status `exact`, no solver;
/// the value and the breakdown. That output verifies as an episode (and so does the
/// `--out` file beside it), and a tampered count in it is caught.
#[test]
fn cribbage_score_json_claims_no_solve() {
    let dir = common::scratch("cribbage-score-json");
    let out = dir.join("s.json");
    let o = out.to_str().unwrap();
    let hand = ["cribbage", "score", "5H", "5S", "5C", "JD", "--start", "5D"];
    let v = json_of(&run_ok(&[&hand[..], &["--json", "--out", o]].concat()));
    assert_eq!(v["status"], "exact");
    assert!(v["solver"].is_null(), "{v}");
    assert_eq!(v["game"], "cribbage");
    assert_eq!(v["objective"], "score");
    assert_eq!(v["value"], 29.0);
    assert!(v["payload"]["breakdown"].is_object(), "{v}");
    run_ok(&["verify", o]);
    let printed = dir.join("printed.json");
    std::fs::write(&printed, v.to_string()).unwrap();
    let p = printed.to_str().unwrap();
    assert!(common::stdout(&run_ok(&["verify", p])).contains("29"));
    let mut bad = v.clone();
    bad["value"] = serde_json::json!(28.0);
    bad["bound"] = serde_json::json!(28.0);
    std::fs::write(&printed, bad.to_string()).unwrap();
    assert!(!common::run(&["verify", p]).status.success());
}
