//! `traveller bound --jobs N` and `audit --jobs N` (docs/parallel.md): the event search's
//! branches on worker processes give the episode of `--jobs 1` apart from timings, even
//! when branches improve the best plan (the branches started against the old best are
//! searched again); the audit's rows are those of `--jobs 1`.

mod common;

use common::*;
use serde_json::Value;

/// A street of nine squares, the start in the middle: on each side a cheap bulky good
/// and a dear compact one, both bought by the market at the start. Cash and lorry run
/// out on different goods, so mixing the two beats every one-good trip the first plan is
/// made of: the first branch (coal on square 1) beats the first plan, and a later one
/// (glasses on square 8, better margins) beats that.
const STREET: &str = "\
unit_volume(coal, 1).
unit_volume(diamonds, 0.01).
unit_volume(peaches, 1).
unit_volume(glasses, 0.01).
square(1, 0, 0). square(2, 1, 0). square(3, 2, 0). square(4, 3, 0). square(5, 4, 0).
square(6, 5, 0). square(7, 6, 0). square(8, 7, 0). square(9, 8, 0).
joins(1, 2). joins(2, 3). joins(3, 4). joins(4, 5). joins(5, 6). joins(6, 7). joins(7, 8).
joins(8, 9).
building(1, pit). building(2, jeweller). building(8, glassworks). building(9, orchard).
building(5, coal_market). building(5, gem_market). building(5, fruit_market).
building(5, glass_market).
sells(pit, coal, 1).
sells(jeweller, diamonds, 100).
sells(glassworks, glasses, 100).
sells(orchard, peaches, 1).
buys(coal_market, coal, 6).
buys(gem_market, diamonds, 150).
buys(fruit_market, peaches, 7).
buys(glass_market, glasses, 160).
";

/// `traveller bound` on the street (12 steps, £1000, a 100 cu ft lorry) with `extra`.
fn street(board: &str, extra: &[&str]) -> std::process::Output {
    let args = [
        "traveller",
        "bound",
        "--board",
        board,
        "--start",
        "5",
        "--steps",
        "12",
        "--set",
        "cash=1000",
        "--set",
        "capacity=100",
        "--method",
        "events",
    ];
    run_ok(&[&args[..], extra].concat())
}

fn json_file(path: &str) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

#[test]
fn event_search_and_audit_are_the_same_for_any_jobs() {
    let dir = scratch("traveller-jobs");
    let board = dir.join("street.pl");
    std::fs::write(&board, STREET).unwrap();
    let board = board.display().to_string();
    let mut seen = Vec::new();
    for jobs in ["1", "2", "3"] {
        let out = dir
            .join(format!("street-{jobs}.json"))
            .display()
            .to_string();
        let o = street(&board, &["--jobs", jobs, "--out", &out]);
        if jobs != "1" {
            // One progress line per branch (4 of them), the best so far in the last.
            let err = stderr(&o);
            let done: Vec<&str> = err.lines().filter(|l| l.contains("/4] ")).collect();
            assert_eq!(done.len(), 4, "{err}");
            assert!(done[3].contains("best so far £2134"), "{err}");
        }
        let mut v = json_file(&out);
        untimed(&mut v);
        seen.push(v);
    }
    assert_eq!(seen[0]["status"], "optimal");
    assert_eq!(seen[0]["value"], 2134.0);
    // The test is only worth something if several branches improve the best.
    let parts = seen[0]["payload"]["proof"]["parts"].as_array().unwrap();
    let improving = parts
        .iter()
        .filter(|p| p["settled"] == "mip_optimal")
        .count();
    assert_eq!(improving, 2, "{parts:?}");
    assert_eq!(seen[0], seen[1], "--jobs 2: the episodes differ");
    assert_eq!(seen[0], seen[2], "--jobs 3: the episodes differ");

    let episode = dir.join("street-1.json").display().to_string();
    let mut rows = Vec::new();
    let mut safe = Vec::new();
    for jobs in ["1", "2"] {
        let o = run_ok(&["audit", &episode, "--json", "--jobs", jobs]);
        let mut v: Value = serde_json::from_str(&stdout(&o)).unwrap();
        assert_eq!(v["holds"], true, "{v}");
        v.as_object_mut().unwrap().remove("audit_seconds");
        untimed(&mut v);
        // An LP's safe bound, solved in another process, may differ in its last bits.
        let mut bounds = Vec::new();
        for part in v["parts"].as_array_mut().unwrap() {
            bounds.push(part["safe"].as_f64());
            part.as_object_mut().unwrap().remove("safe");
        }
        rows.push(v);
        safe.push(bounds);
    }
    assert_eq!(rows[0]["parts"].as_array().unwrap().len(), 5);
    assert_eq!(rows[0], rows[1], "audit --jobs 2: the rows differ");
    for (a, b) in safe[0].iter().zip(&safe[1]) {
        match (a, b) {
            (Some(a), Some(b)) => assert!((a - b).abs() <= 1e-9 * a.abs(), "{a} {b}"),
            _ => assert_eq!(a, b),
        }
    }
}

#[test]
fn quiet_parallel_search_prints_no_progress() {
    let dir = scratch("traveller-jobs-quiet");
    let board = dir.join("street.pl");
    std::fs::write(&board, STREET).unwrap();
    let o = street(
        &board.display().to_string(),
        &["--quiet", "--jobs", "2", "--json"],
    );
    assert_eq!(stderr(&o), "");
}

#[test]
fn audit_jobs_is_refused_where_it_cannot_split() {
    // Another game's proof is one solve; several files are a summary.
    let one = "games/cribbage-max-29.json";
    let searched = "games/traveller-classic-t30.json";
    assert!(root().join(one).exists() && root().join(searched).exists());
    let err = run_bad_input(&["audit", one, "--jobs", "2"]);
    assert!(err.contains("--jobs"), "{err}");
    let err = run_bad_input(&["audit", searched, searched, "--jobs", "2"]);
    assert!(err.contains("--jobs"), "{err}");
    // Only the event search writes job files (`auto` may go on to the ILP).
    let err = run_bad_input(&[
        "traveller",
        "bound",
        "--steps",
        "10",
        "--emit-jobs",
        "target/never",
    ]);
    assert!(err.contains("give --method events"), "{err}");
    assert!(!root().join("target/never").exists());
}

/// The event search's branches written as jobs (against the starting plan), each run by
/// `gamebounds worker`, and joined: the value and plan of `--jobs 1`, proven, an episode
/// `verify` accepts. On the street two branches beat the starting plan. A set with one
/// result missing is refused, naming the job.
#[test]
fn event_search_branches_emitted_and_joined() {
    let dir = scratch("traveller-emit");
    let board = dir.join("street.pl");
    std::fs::write(&board, STREET).unwrap();
    let board = board.display().to_string();
    let plain = dir.join("plain.json").display().to_string();
    street(&board, &["--quiet", "--out", &plain]);
    let jobs = dir.join("set");
    let _ = std::fs::remove_dir_all(&jobs);
    let jobs_arg = jobs.display().to_string();
    street(&board, &["--emit-jobs", &jobs_arg]);
    let list = std::fs::read_to_string(jobs.join("jobs.txt")).unwrap();
    assert_eq!(list.lines().count(), 4);
    for line in list.lines() {
        let args: Vec<&str> = line.split_whitespace().collect();
        let o = run_env(&jobs, &args[1..], &[]);
        assert!(o.status.success(), "{line}: {}", stderr(&o));
    }
    let out = dir.join("joined.json").display().to_string();
    run_ok(&["join", &jobs_arg, "--quiet", "--out", &out]);
    let (plain, joined) = (json_file(&plain), json_file(&out));
    assert_eq!(joined["value"], 2134.0);
    assert_eq!(joined["value"], plain["value"]);
    assert_eq!(joined["status"], "optimal");
    assert_eq!(joined["payload"]["plan"], plain["payload"]["plan"]);
    // The record differs (docs/parallel.md): the branches after the first improving one
    // were searched against the starting plan, so each reports the plan it found.
    let settled = |v: &Value| -> Vec<String> {
        let parts = v["payload"]["proof"]["parts"].as_array().unwrap();
        parts.iter().map(|p| p["settled"].to_string()).collect()
    };
    let improving = |v: &Value| {
        settled(v)
            .iter()
            .filter(|s| *s == "\"mip_optimal\"")
            .count()
    };
    assert_eq!((improving(&plain), improving(&joined)), (2, 4));
    let o = run(&["verify", &out]);
    assert!(o.status.success(), "{}", stderr(&o));
    std::fs::remove_file(jobs.join("job-003.result.json")).unwrap();
    let err = bad_input(&run(&["join", &jobs_arg]), &["join"]);
    assert!(
        err.contains("1 of 4") && err.contains("job-003.json (first: "),
        "{err}"
    );
}

/// The `gamebounds worker` processes whose parent is `parent` (Linux `/proc`).
fn workers_of(parent: u32) -> Vec<u32> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<u32>() else {
            continue;
        };
        let stat = std::fs::read_to_string(entry.path().join("stat")).unwrap_or_default();
        // `pid (comm) state ppid …`: the fields after the last `)`.
        let ppid = stat
            .rsplit(')')
            .next()
            .and_then(|rest| rest.split_whitespace().nth(1))
            .and_then(|p| p.parse::<u32>().ok());
        let cmdline = std::fs::read(entry.path().join("cmdline")).unwrap_or_default();
        if ppid == Some(parent) && String::from_utf8_lossy(&cmdline).contains("worker") {
            out.push(pid);
        }
    }
    out
}

/// A worker killed while it searches its branch: reported, the branch searched again in
/// the main process, and the episode still that of `--jobs 1`.
#[test]
fn a_killed_worker_is_reported_and_its_branch_searched_again() {
    if !std::path::Path::new("/proc/self/stat").exists() {
        return;
    }
    let dir = scratch("traveller-jobs-kill");
    let args = [
        "traveller",
        "bound",
        "--start",
        "67",
        "--steps",
        "60",
        "--method",
        "events",
        "--json",
    ];
    let mut seen = Vec::new();
    for jobs in ["1", "2"] {
        let out = dir.join(format!("t60-{jobs}.json"));
        let mut child = bin()
            .args(args)
            .args(["--jobs", jobs, "--out", &out.display().to_string()])
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        if jobs == "2" {
            // The first worker seen, killed at once (it is still starting or searching).
            let killed = loop {
                if let Some(pid) = workers_of(child.id()).first() {
                    let k = std::process::Command::new("kill")
                        .args(["-9", &pid.to_string()])
                        .status()
                        .unwrap();
                    assert!(k.success());
                    break true;
                }
                if child.try_wait().unwrap().is_some() {
                    break false;
                }
                std::thread::sleep(std::time::Duration::from_millis(2));
            };
            assert!(killed, "no worker was seen");
        }
        let o = child.wait_with_output().unwrap();
        let err = stderr(&o);
        assert!(o.status.success(), "{err}");
        if jobs == "2" {
            assert!(err.contains("left no answer"), "{err}");
        }
        let mut v: Value = serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
        untimed(&mut v);
        seen.push(v);
    }
    assert_eq!(seen[0]["status"], "optimal");
    assert_eq!(seen[0], seen[1], "the episodes differ");
}
