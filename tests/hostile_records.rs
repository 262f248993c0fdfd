//! Hostile input, continued: proof records and solver blocks that cannot be, values that
//! overflowed or reached the solver unchecked, and outputs written whole or not at all.

mod common;

use std::path::{Path, PathBuf};

use common::{root, run, scratch, stderr};
use serde_json::Value;

fn write_env(dir: &Path, name: &str, env: &Value) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, serde_json::to_string_pretty(env).unwrap()).unwrap();
    p
}

/// Proof records and solver blocks that cannot be: a part's bound or LP bound below its
/// own game, a solver block that contradicts the episode. `verify` rejects each (exit 1,
/// one line) and so `audit` never starts on them.
#[test]
fn impossible_proof_records_and_solver_blocks_are_rejected() {
    let dir = scratch("hostile-proofs");
    for file in [
        "cribbage-max-29",
        "lost-cities-5-max",
        "traveller-classic-t20",
    ] {
        let env: Value = serde_json::from_str(
            &std::fs::read_to_string(root().join(format!("games/{file}.json"))).unwrap(),
        )
        .unwrap();
        let edits: [(&str, &str, Value); 4] = [
            (
                "/payload/proof/parts/0/bound",
                "bound 1 is below",
                1.0.into(),
            ),
            (
                "/payload/proof/parts/0/lp",
                "LP bound 1 is below",
                1.0.into(),
            ),
            (
                "/solver/objective",
                "solver block says objective 999",
                999.0.into(),
            ),
            (
                "/solver/status",
                "solver block says status infeasible",
                "infeasible".into(),
            ),
        ];
        for (at, said, to) in edits {
            let mut e = env.clone();
            *e.pointer_mut(at)
                .unwrap_or_else(|| panic!("{file}: no {at}")) = to;
            let p = write_env(&dir, &format!("{file}-edited.json"), &e);
            for verb in ["verify", "audit"] {
                let o = run(&[verb, p.to_str().unwrap()]);
                let err = stderr(&o);
                assert_eq!(o.status.code(), Some(1), "{file} {at} {verb}: {err}");
                assert_eq!(err.trim().lines().count(), 1, "{file} {at} {verb}: {err}");
                assert!(err.contains(said), "{file} {at} {verb}: {err}");
            }
        }
    }
}

/// Values that overflowed, indexed past the end or reached the solver unchecked are
/// refused in one line (exit 2) instead of a panic or an abort.
#[test]
fn overflowing_and_out_of_range_values_are_refused() {
    let dir = scratch("hostile-ranges");
    let threads = dir.join("threads.json");
    std::fs::write(&threads, r#"{"highs": {"threads": "2000"}}"#).unwrap();
    let log = dir.join("log.json");
    std::fs::write(&log, r#"{"highs_near": {"log_file": "/tmp/x.log"}}"#).unwrap();
    let mini = "models/modern-art/mini/m22-every-symbol.json";
    let bound = ["modern-art", "bound", "--variant", mini, "--players", "2"];
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (
            vec![
                "lost-cities",
                "play",
                "--set",
                "hand_size=9223372036854775807",
            ],
            "hand_size",
        ),
        (
            [&bound[..], &["--fix", "tokens=99:1"]].concat(),
            "no artist",
        ),
        (
            [&bound[..], &["--fix", "placed=99:1"]].concat(),
            "no artist",
        ),
        (
            [&bound[..], &["--fix", "tokens=0:99"]].concat(),
            "no count of tokens",
        ),
        ([&bound[..], &["--fix", "noskip=abc"]].concat(), "no mask"),
        ([&bound[..], &["--fix", "firsts=x,y"]].concat(), "firsts"),
        (
            [&bound[..], &["--fix", "awardmax=NaN"]].concat(),
            "not a number",
        ),
        (
            [&bound[..], &["--tuning", threads.to_str().unwrap()]].concat(),
            "threads",
        ),
        (
            [&bound[..], &["--tuning", log.to_str().unwrap()]].concat(),
            "names a file",
        ),
        (
            [&bound[..], &["--tuning", "/dev/zero"]].concat(),
            "no tuning file",
        ),
        (vec!["worker", "job.json", "--until", "1e300"], "--until"),
        (vec!["worker", "job.json", "--until", "nan"], "--until"),
    ];
    for (args, said) in cases {
        let err = common::run_bad_input(&args);
        assert!(err.contains(said), "{args:?}: {err}");
    }
}

/// Smaller holes: an episode `verify` could not read back is not written; a rendering
/// that cannot be written leaves the old episode whole; `render --svg` of an episode its
/// game cannot render fails.
#[test]
fn outputs_are_whole_or_not_written() {
    let dir = scratch("hostile-outputs");
    let out = dir.join("long.json");
    let name = format!("name={}", "n".repeat(5000));
    let err = common::run_bad_input(&[
        "lost-cities",
        "bound",
        "--quiet",
        "--set",
        &name,
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(err.contains("characters"), "{err}");
    assert!(!out.exists());
    // X.md a folder: X.json stays as it was.
    let kept = dir.join("kept.json");
    std::fs::write(&kept, "old").unwrap();
    let _ = std::fs::create_dir(dir.join("kept.md"));
    let o = run(&["lost-cities", "bound", "--out", kept.to_str().unwrap()]);
    assert_ne!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(std::fs::read_to_string(&kept).unwrap(), "old");
    // An episode whose payload its game cannot read: render fails, with --svg too.
    let mut bad: Value = serde_json::from_str(
        &std::fs::read_to_string(root().join("games/cribbage-max-29.json")).unwrap(),
    )
    .unwrap();
    bad["payload"] = serde_json::json!({"nothing": 1});
    let p = write_env(&dir, "bad-payload.json", &bad);
    let svg = dir.join("bad.svg");
    let o = run(&[
        "render",
        p.to_str().unwrap(),
        "--svg",
        svg.to_str().unwrap(),
    ]);
    assert_ne!(o.status.code(), Some(0), "{}", stderr(&o));
    // The picture never replaces the episode it draws.
    let own = dir.join("own.json");
    std::fs::copy(root().join("games/cribbage-max-29.json"), &own).unwrap();
    let before = std::fs::read_to_string(&own).unwrap();
    let err = common::run_bad_input(&[
        "render",
        own.to_str().unwrap(),
        "--svg",
        own.to_str().unwrap(),
    ]);
    assert!(err.contains("would replace the episode"), "{err}");
    assert_eq!(std::fs::read_to_string(&own).unwrap(), before);
}

/// A set of jobs of `args` written to `dir` and its one job run: the honest result,
/// read as JSON.
fn one_result(dir: &Path, args: &[&str]) -> Value {
    let _ = std::fs::remove_dir_all(dir);
    let d = dir.display().to_string();
    common::run_ok(&[args, &["--emit-jobs", &d, "--quiet"]].concat());
    let o = common::run_env(dir, &["worker", "job-001.json"], &[]);
    assert!(o.status.success(), "{}", stderr(&o));
    common::run_ok(&["join", &d, "--quiet"]);
    serde_json::from_str(&std::fs::read_to_string(dir.join("job-001.result.json")).unwrap())
        .unwrap()
}

/// `join` after a result file was replaced by `forged` (its fingerprint kept, which
/// anyone can compute): refused, one line naming the cell and `why`.
fn join_refuses(dir: &Path, forged: &Value, cell: &str, why: &str) {
    write_env(dir, "job-001.result.json", forged);
    let o = run(&["join", dir.to_str().unwrap(), "--quiet"]);
    let err = common::bad_input(&o, &["join"]);
    assert!(
        err.contains(&format!("job-001.result.json ({cell})")) && err.contains(why),
        "{err}"
    );
    assert!(common::stdout(&o).is_empty(), "a table was printed");
}

/// A hand-written result keeps its job's fingerprint (FNV, no signature), so `join`
/// checks each cell's episode itself: one proven under other rules (`--set bonus=1000`,
/// 5460 for a true 580), an impossible score, another version, or a table row that is
/// not its episode's is refused.
#[test]
fn join_refuses_forged_cell_episodes() {
    let dir = scratch("hostile-join-forged");
    let grid = dir.join("lc");
    let honest = one_result(&grid, &["lost-cities", "compare", "--vary", "colours=5"]);
    assert_eq!(honest["value"]["value"], 580.0);
    let other = dir.join("bonus.json");
    let o = other.to_str().unwrap();
    let rules = ["--set", "bonus=1000", "--set", "colours=5", "--quiet"];
    common::run_ok(&[&["lost-cities", "bound", "--out", o][..], &rules].concat());
    let mut forged = honest.clone();
    forged["value"] = serde_json::from_str(&std::fs::read_to_string(&other).unwrap()).unwrap();
    assert_eq!(forged["value"]["value"], 5460.0);
    join_refuses(
        &grid,
        &forged,
        "colours=5",
        "claims other rules than the cell's",
    );
    let mut forged = honest.clone();
    forged["value"]["value"] = 4366.0.into();
    forged["value"]["bound"] = 4366.0.into();
    join_refuses(&grid, &forged, "colours=5", "does not verify");
    let mut forged = honest.clone();
    forged["value"]["version"] = "9.9.9".into();
    join_refuses(&grid, &forged, "colours=5", "written by gamebounds 9.9.9");
    // Modern Art's comparison of variant files hands back the episode with its row.
    let cells = dir.join("ma");
    let args = common::M22_COMPARE;
    let honest = one_result(&cells, &args);
    let mut forged = honest.clone();
    forged["value"]["row"][3] = "1000".into();
    forged["value"]["value"] = 1000.into();
    forged["value"]["json"]["value"] = 1000.into();
    join_refuses(&cells, &forged, "m22-every-symbol 2p", "not its episode's");
    let mut forged = honest.clone();
    forged["value"]["envelope"]["variant"]["variant"]["award_value"] = 5.into();
    join_refuses(&cells, &forged, "m22-every-symbol 2p", "other rules");
    write_env(&cells, "job-001.result.json", &honest);
    common::run_ok(&["join", cells.to_str().unwrap(), "--quiet"]);
}
