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
