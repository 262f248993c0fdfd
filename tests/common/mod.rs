//! Helpers shared by the integration tests (`mod common;` in each `tests/*.rs`): where the
//! repository and the `gamebounds` binary are, running the binary with its output
//! captured, and a scratch directory per test binary.
//!
//! Every test binary compiles this module on its own and uses only part of it.
#![allow(dead_code)]

use std::path::PathBuf;
use std::process::{Command, Output};

/// A 2-player comparison of miniature m22 (every symbol; a second's solve per cell): the
/// command the job tests emit, run and forge jobs from.
pub const M22_COMPARE: [&str; 6] = [
    "modern-art",
    "compare",
    "--variant",
    "models/modern-art/mini/m22-every-symbol.json",
    "--players",
    "2",
];

/// The repository root: `models/`, `games/` and the relative paths the CLI is given.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A command for the `gamebounds` binary cargo built for these tests, run from [`root`].
pub fn bin() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_gamebounds"));
    c.current_dir(root());
    c
}

/// Run the binary with `args` and capture its exit code, stdout and stderr.
pub fn run(args: &[&str]) -> Output {
    bin().args(args).output().expect("the binary runs")
}

/// Run the binary in `dir` (instead of [`root`]) with `args` and the environment
/// variables `env` set.
pub fn run_env(dir: &std::path::Path, args: &[&str], env: &[(&str, &str)]) -> Output {
    bin()
        .current_dir(dir)
        .args(args)
        .envs(env.iter().copied())
        .output()
        .expect("the binary runs")
}

/// Run the binary with `args` and insist that it succeeds (the failure shows its stderr).
#[track_caller]
pub fn run_ok(args: &[&str]) -> Output {
    let o = run(args);
    assert!(o.status.success(), "{}", stderr(&o));
    o
}

/// Run the binary with `args` and insist on the contract for bad input ([`bad_input`]).
/// Returns its stderr.
#[track_caller]
pub fn run_bad_input(args: &[&str]) -> String {
    bad_input(&run(args), args)
}

/// The last line of clap's message for a bad command line.
pub const CLAP_LAST: &str = "For more information, try '--help'.";

/// Insist on the contract for bad input on a run already made (with `args`): exit code 2
/// and one line on stderr that starts `error: `, or clap's whole message for a bad command
/// line (its first line `error: `, its last [`CLAP_LAST`]). Returns that stderr.
#[track_caller]
pub fn bad_input(o: &Output, args: &[&str]) -> String {
    assert_eq!(o.status.code(), Some(2), "{args:?}");
    let err = stderr(o);
    let clap = err.trim_end().ends_with(CLAP_LAST);
    if !clap {
        assert_eq!(err.trim().lines().count(), 1, "{args:?}: {err}");
    }
    assert!(err.starts_with("error: "), "{err}");
    err
}

/// The captured stdout as text.
pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).to_string()
}

/// The captured stderr as text.
pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).to_string()
}

/// Modern Art's miniature variants (`models/modern-art/mini/*.json`), sorted by path, each
/// with the player count it deals for (the first key of its `deal` table).
pub fn modern_art_minis() -> Vec<(PathBuf, usize)> {
    let mut v: Vec<(PathBuf, usize)> = std::fs::read_dir(root().join("models/modern-art/mini"))
        .expect("models/modern-art/mini exists")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .map(|p| {
            let v: serde_json::Value =
                serde_json::from_str(&std::fs::read_to_string(&p).unwrap()).unwrap();
            let n: usize = v["deal"]
                .as_object()
                .unwrap()
                .keys()
                .next()
                .unwrap()
                .parse()
                .unwrap();
            (p, n)
        })
        .collect();
    v.sort();
    v
}

/// A scratch directory `gb-<tag>-<pid>` in cargo's temporary directory for integration
/// tests (`target/tmp`, which `cargo clean` removes), created if missing. The process id
/// keeps concurrent runs of the suite apart. Tests in one binary share the directory and
/// run in parallel, so none of them can remove it when done; instead the directories that
/// earlier runs of this tag left behind are removed here once their process has ended.
pub fn scratch(tag: &str) -> PathBuf {
    let base = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    remove_stale(&base, tag);
    let dir = base.join(format!("gb-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Removes `base/gb-<tag>-<pid>` for every `pid` that is no longer running. Only where
/// `/proc` tells (Linux); elsewhere they stay until `cargo clean`. `gb-cli-fixings-<pid>`
/// is not `gb-cli-<pid>`: the rest of the name must be a process id.
fn remove_stale(base: &std::path::Path, tag: &str) {
    let proc = std::path::Path::new("/proc");
    if !proc.join("self").exists() {
        return;
    }
    let prefix = format!("gb-{tag}-");
    let Ok(entries) = std::fs::read_dir(base) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(pid) = name
            .to_str()
            .and_then(|n| n.strip_prefix(&prefix))
            .and_then(|p| p.parse::<u32>().ok())
        else {
            continue;
        };
        if pid != std::process::id() && !proc.join(pid.to_string()).exists() {
            let _ = std::fs::remove_dir_all(entry.path());
        }
    }
}

/// An episode without its timings (`seconds`, and `time_limit`, which is what a part had
/// left of the limit): what must be the same for any `--jobs`.
pub fn untimed(v: &mut serde_json::Value) {
    use serde_json::Value;
    match v {
        Value::Object(m) => {
            m.retain(|k, _| k != "seconds" && k != "time_limit");
            m.values_mut().for_each(untimed);
        }
        Value::Array(a) => a.iter_mut().for_each(untimed),
        _ => {}
    }
}

/// Traveller: the most cash reachable in at most `steps` actions, by breadth-first search over every
/// state (all quantities tried).
pub fn traveller_brute_force(
    board: &gamebounds::traveller::board::Board,
    rules: &gamebounds::traveller::rules::Rules,
    start: u32,
    steps: usize,
) -> f64 {
    use gamebounds::traveller::engine::{self, State};
    use std::collections::HashSet;
    type Key = (usize, u32, i64, Vec<u64>);
    let key = |s: &State| -> Key {
        (
            s.square,
            s.fuel,
            (s.cash * 100.0).round() as i64,
            s.stock.clone(),
        )
    };
    let mut layer = vec![State::start(board, rules, start).unwrap()];
    let mut best = rules.cash;
    for _ in 0..steps {
        let mut seen: HashSet<Key> = HashSet::new();
        let mut next = Vec::new();
        for s in &layer {
            for a in engine::legal_actions(board, rules, s, None) {
                let n = engine::apply(board, rules, s, &a).expect("legal_actions are legal");
                best = best.max(n.cash);
                if seen.insert(key(&n)) {
                    next.push(n);
                }
            }
        }
        layer = next;
    }
    best
}
