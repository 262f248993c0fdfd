//! `modern-art bound` from the command line, beyond bad input: what a split reports when
//! time runs out before any game, where its first game comes from, and the LP relaxation
//! diagnostic (`--fix relax=1`).

mod common;

use common::{run, scratch, stderr};

#[test]
fn a_split_stopped_before_any_game_keeps_its_bound() {
    let dir = scratch("cli-no-game");
    let out = dir.join("e.json");
    let args = [
        "modern-art",
        "bound",
        "--variant",
        "models/modern-art/mini/m22-every-symbol.json",
        "--time-limit",
        "0.001",
        "--json",
        "--out",
        out.to_str().unwrap(),
    ];
    let o = run(&args);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stderr(&o).contains("the first legal game stands beside the parts' bounds"));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let (value, bound) = (v["value"].as_f64().unwrap(), v["bound"].as_f64());
    assert!(bound.is_some_and(|b| b >= 17.0 && b >= value), "{v}");
    assert_eq!(v["status"], "feasible");
    let o = run(&["verify", out.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
}

/// `--fix relax=1` is the LP relaxation alone: one LP (its solution dumped once under
/// `--fix debug=1`), no dives and no solve loop over its fractional plans, and the bound
/// is that LP's, above every game.
#[test]
fn fix_relax_solves_the_lp_relaxation_alone() {
    let args = [
        "modern-art",
        "solve",
        "--players",
        "2",
        "--split",
        "whole",
        "--fix",
        "relax=1",
        "--fix",
        "debug=1",
        "--json",
    ];
    let o = run(&args);
    assert!(o.status.success(), "{}", stderr(&o));
    let err = stderr(&o);
    let dumps = err.lines().filter(|l| *l == "round 1").count();
    assert_eq!(dumps, 1, "{err}");
    assert!(!err.contains("excluding this plan"), "{err}");
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let (value, bound) = (v["value"].as_f64().unwrap(), v["bound"].as_f64().unwrap());
    // The proven 2-player maximum is 441 (games/modern-art-2p-standard.json); its LP
    // relaxation lies above it.
    assert!(bound >= 441.0 && bound > value, "{v}");
}

/// `bench --worlds FILE --report R`: every instance of the file solved once under its
/// fixings, one row each in R, a target judged where the row names one; a malformed file
/// is one line and exit 2.
#[test]
fn bench_worlds_writes_one_row_per_instance() {
    let dir = scratch("bench-worlds");
    std::fs::create_dir_all(dir.join("bench")).unwrap();
    let mini = std::fs::canonicalize("models/modern-art/mini/m22-every-symbol.json").unwrap();
    let file = dir.join("bench/w.json");
    let rows = serde_json::json!({
        "description": "Two rows of a miniature.",
        "rows": [
            {"label": "m22 root LP", "variant": mini, "players": 2, "fix": ["relax=1"],
             "target": {"bound": 1000.0}},
            {"label": "m22 whole", "variant": mini, "players": 2, "fix": [],
             "target": {"seconds": 600.0}}
        ]
    });
    std::fs::write(&file, rows.to_string()).unwrap();
    let report = dir.join("r.md");
    let (f, r) = (file.to_str().unwrap(), report.to_str().unwrap());
    let bench = || {
        run(&[
            "--quiet",
            "modern-art",
            "bench",
            "--worlds",
            f,
            "--report",
            r,
        ])
    };
    let o = bench();
    assert!(o.status.success(), "{}", stderr(&o));
    let text = std::fs::read_to_string(&report).unwrap();
    let line = |label: &str| {
        text.lines()
            .find(|l| l.contains(label))
            .unwrap()
            .to_string()
    };
    assert!(line("m22 root LP").contains("| LP "), "{text}");
    assert!(line("m22 root LP").contains("| yes "), "{text}");
    assert!(line("m22 whole").contains("proven 17"), "{text}");
    std::fs::write(
        &file,
        r#"{"description": "x", "rows": [{"label": "a", "typo": 1}]}"#,
    )
    .unwrap();
    let o = bench();
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert_eq!(stderr(&o).trim().lines().count(), 1, "{}", stderr(&o));
}

/// An episode whose game is not proven best says so everywhere: `verify` prints "not
/// proven" (and still exits 0: its claims hold), the markdown's bound is the whole number
/// an integral objective proves (20, not 20.4000), the picture's title says "best found".
#[test]
fn an_unproven_episode_says_best_found_not_proven() {
    let dir = scratch("unproven");
    let file = dir.join("mini.json");
    let f = file.to_str().unwrap();
    let o = run(&[
        "--quiet",
        "modern-art",
        "bound",
        "--variant",
        "models/modern-art/mini/m22-every-symbol.json",
        "--out",
        f,
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    // The same game, its bound an LP's 20.4: what a stopped solve writes.
    let mut env: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    assert_eq!(env["value"], 17.0);
    env["status"] = "feasible".into();
    env["bound"] = 20.4.into();
    env["gap"] = (3.4 / 17.0).into();
    let unproven = dir.join("unproven.json");
    std::fs::write(&unproven, env.to_string()).unwrap();
    let u = unproven.to_str().unwrap();
    let o = run(&["verify", u]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let said = String::from_utf8_lossy(&o.stdout).to_string();
    assert!(
        said.contains("\nnot proven: best found 17, bound 20, gap 20.00%;"),
        "{said}"
    );
    let proven = String::from_utf8_lossy(&run(&["verify", f]).stdout).to_string();
    assert!(!proven.contains("not proven"), "{proven}");
    let svg = dir.join("unproven.svg");
    let o = run(&["render", u, "--svg", svg.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    let md = String::from_utf8_lossy(&run(&["render", u]).stdout).to_string();
    assert!(
        md.contains("| result     | best found 17, bound 20, gap 20.00% (not proven)"),
        "{md}"
    );
    let picture = std::fs::read_to_string(&svg).unwrap();
    let title = picture.split("<title>").nth(1).unwrap();
    assert!(title.contains("— best found 17, bound 20"), "{title}");
    let shown = std::fs::read_to_string(dir.join("mini.svg")).unwrap();
    assert!(
        !shown.contains("best found"),
        "a proven picture says no such thing"
    );
}
