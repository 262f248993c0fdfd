//! `--jobs N`, `--emit-jobs DIR` and `join DIR` (docs/parallel.md): the same answer and
//! the same episodes for any number of workers; jobs run by GNU parallel and joined; an
//! incomplete or foreign set of results refused; a job run away from its project.

mod common;

use std::path::Path;

use common::*;
use serde_json::Value;

/// Modern Art miniatures that each prove in about a second (2 players).
const MINIS: [&str; 4] = [
    "m01-plain",
    "m22-every-symbol",
    "m02-two-rounds",
    "m21-two-places",
];

fn episodes(dir: &Path) -> Vec<(String, Value)> {
    let mut out: Vec<(String, Value)> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .map(|p| {
            let mut v: Value = serde_json::from_str(&std::fs::read_to_string(&p).unwrap()).unwrap();
            untimed(&mut v);
            (p.file_name().unwrap().to_string_lossy().into_owned(), v)
        })
        .collect();
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

/// `--json` rows without their timings and episode paths.
fn rows(o: &std::process::Output) -> Value {
    let mut v: Value = serde_json::from_str(&stdout(o)).unwrap();
    untimed(&mut v);
    if let Value::Array(a) = &mut v {
        for r in a {
            if let Value::Object(m) = r {
                m.remove("episode");
            }
        }
    }
    v
}

fn modern_art_compare(extra: &[&str]) -> Vec<String> {
    let mut args: Vec<String> = ["modern-art", "compare", "--players", "2", "--json"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    for m in MINIS {
        args.push("--variant".into());
        args.push(format!("models/modern-art/mini/{m}.json"));
    }
    args.extend(extra.iter().map(|s| s.to_string()));
    args
}

#[test]
fn modern_art_compare_is_the_same_for_any_jobs() {
    let dir = scratch("jobs-ma");
    let mut seen = Vec::new();
    for jobs in ["1", "2", "3"] {
        let out = dir.join(format!("j{jobs}"));
        std::fs::create_dir_all(&out).unwrap();
        let dir_arg = out.display().to_string();
        let args = modern_art_compare(&["--quiet", "--jobs", jobs, "--out-dir", &dir_arg]);
        let o = run_ok(&args.iter().map(String::as_str).collect::<Vec<_>>());
        seen.push((rows(&o), episodes(&out)));
    }
    assert_eq!(seen[0].1.len(), MINIS.len());
    for s in &seen[1..] {
        assert_eq!(s.0, seen[0].0, "the rows differ");
        assert_eq!(s.1, seen[0].1, "the episodes differ");
    }
}

/// One proof's parts on workers: the episode of `--jobs 1`, apart from timings. In
/// m21-two-places a later part beats the first game (its answer is not used: the split
/// solves it itself) and parts are solved again against the better game.
#[test]
fn modern_art_bound_is_the_same_for_any_jobs() {
    let dir = scratch("jobs-bound");
    for mini in ["m21-two-places", "m22-every-symbol"] {
        let variant = format!("models/modern-art/mini/{mini}.json");
        let mut seen = Vec::new();
        for jobs in ["1", "2"] {
            let out = dir
                .join(format!("{mini}-{jobs}.json"))
                .display()
                .to_string();
            let args = ["--quiet", "modern-art", "bound", "--variant", &variant];
            run_ok(&[&args[..], &["--jobs", jobs, "--out", &out]].concat());
            let mut v: Value =
                serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
            untimed(&mut v);
            seen.push(v);
        }
        assert_eq!(seen[0]["status"], "optimal", "{mini}");
        assert_eq!(seen[0], seen[1], "{mini}: the episodes differ");
        audit_is_the_same_for_any_jobs(&dir.join(format!("{mini}-1.json")));
    }
}

/// A deck whose third artist has the most cards (with `rename_artists` off, each artist
/// has parts of its own): the split's first two parts do not hold the highest LP, so with
/// workers the search that starts before the other LPs are in is set aside.
const THIRD_ARTIST_DECK: &str = r#"{
  "name": "award-third",
  "description": "award cards on every artist; Christin P. with the most cards",
  "artists": ["Lite Metal", "Yoko", "Christin P."],
  "cards": {"Lite Metal": 3, "Yoko": 3, "Christin P.": 6},
  "symbols": {"Lite Metal": {"award": 1}, "Yoko": {"award": 1}, "Christin P.": {"award": 1}}
}"#;

/// With workers taking every LP (the tuning's `worker_lp_seconds` 0), a split proof's LPs
/// and parts come from workers (the LPs two at once, the parts planned beside the search)
/// and the episode is that of `--jobs 1`, with two workers and with three; also when the
/// search that started before every LP was in is set aside.
#[test]
fn modern_art_lps_on_workers_give_the_same_episode() {
    let dir = scratch("jobs-lps");
    let tuning = dir.join("workers.json");
    std::fs::write(&tuning, r#"{"worker_lp_seconds": 0}"#).unwrap();
    let tuning = tuning.display().to_string();
    let own = dir.join("workers-own-names.json");
    std::fs::write(&own, r#"{"worker_lp_seconds": 0, "rename_artists": false}"#).unwrap();
    let own = own.display().to_string();
    let deck = dir.join("third.json");
    std::fs::write(&deck, THIRD_ARTIST_DECK).unwrap();
    let third: &[&str] = &["--deck", &deck.display().to_string(), "--tuning", &own];
    // (miniature, its options, whether the search is set aside with workers)
    let cases: [(&str, &[&str], bool); 3] = [
        ("m21-two-places", &["--tuning", &tuning], false),
        ("m24-blessed-two-rounds", &["--tuning", &tuning], false),
        ("m21-two-places", third, true),
    ];
    for (k, (mini, options, aside)) in cases.into_iter().enumerate() {
        let variant = format!("models/modern-art/mini/{mini}.json");
        let mut seen = Vec::new();
        for jobs in ["1", "2", "3"] {
            let out = dir.join(format!("{k}-{jobs}.json")).display().to_string();
            let args = ["modern-art", "bound", "--variant", &variant];
            // --verbose: the set-aside search is said among the solver's internal steps.
            let jobs_out = ["--jobs", jobs, "--out", &out, "--verbose"];
            let o = run_ok(&[&args[..], options, &jobs_out].concat());
            let said = stderr(&o);
            let set_aside = said.contains("that search is set aside");
            assert_eq!(
                set_aside,
                aside && jobs != "1",
                "{mini} --jobs {jobs}\n{said}"
            );
            if jobs != "1" {
                let line = said.lines().find(|l| l.starts_with("jobs: the answers of"));
                let counts: Vec<usize> = line
                    .unwrap_or_else(|| panic!("{mini} --jobs {jobs}: no workers line\n{said}"))
                    .split(' ')
                    .filter_map(|w| w.parse().ok())
                    .collect();
                assert!(counts.len() == 2 && counts[0] > 0, "{line:?}");
                assert!(aside || counts[1] > 0, "{line:?}");
            }
            let mut v: Value =
                serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
            untimed(&mut v);
            // (How the game was found names the search's seconds.)
            if let Some(how) = v["payload"]["found_by"].as_str() {
                let how = how.split(" (").next().unwrap_or_default().to_string();
                v["payload"]["found_by"] = Value::String(how);
            }
            seen.push(v);
        }
        assert_eq!(seen[0]["status"], "optimal", "{mini}");
        assert_eq!(seen[0], seen[1], "{mini}: --jobs 2 differs");
        assert_eq!(seen[0], seen[2], "{mini}: --jobs 3 differs");
    }
}

/// `audit --jobs 2` of a split episode: the rows of `--jobs 1` (a safe bound to 1e-6: its
/// LP solved in another process may differ in the last bits).
fn audit_is_the_same_for_any_jobs(episode: &Path) {
    let episode = episode.display().to_string();
    let mut seen = Vec::new();
    for jobs in ["1", "2"] {
        let o = run_ok(&["audit", &episode, "--json", "--jobs", jobs]);
        let mut v: Value = serde_json::from_str(&stdout(&o)).unwrap();
        untimed(&mut v);
        v.as_object_mut().unwrap().remove("audit_seconds");
        for part in v["parts"].as_array_mut().unwrap() {
            if let Some(x) = part["safe"].as_f64() {
                part["safe"] = serde_json::json!((x * 1e6).round() / 1e6);
            }
        }
        seen.push(v);
    }
    assert!(
        seen[0]["parts"].as_array().unwrap().len() > 1,
        "{episode}: one part"
    );
    assert_eq!(seen[0]["holds"], true, "{episode}");
    assert_eq!(seen[0], seen[1], "{episode}: audit --jobs 2 differs");
}

#[test]
fn grid_progress_is_one_line_per_cell() {
    let o = run_ok(&[
        "lost-cities",
        "compare",
        "--vary",
        "colours=5,6",
        "--vary",
        "wagers=2,3",
        "--jobs",
        "2",
    ]);
    let err = stderr(&o);
    let done: Vec<&str> = err.lines().filter(|l| l.starts_with('[')).collect();
    assert_eq!(done.len(), 4, "{err}");
    assert!(
        done[3].starts_with("[4/4]") && done[3].contains("best so far 740"),
        "{err}"
    );
    assert_eq!(
        stdout(&o)
            .lines()
            .filter(|l| l.contains("| proven"))
            .count(),
        4
    );
}

/// The jobs of a grid run by GNU parallel (`make setup` installs it), then joined; the
/// joined table is the sequential one.
#[test]
fn emitted_jobs_run_by_gnu_parallel_and_joined() {
    let status = std::process::Command::new("parallel")
        .arg("--version")
        .output();
    assert!(
        status.is_ok_and(|s| s.status.success()),
        "GNU parallel is missing: `make setup` installs it (apt-get install parallel)"
    );
    let dir = scratch("jobs-parallel");
    let jobs = dir.join("grid");
    let _ = std::fs::remove_dir_all(&jobs);
    let grid = [
        "lost-cities",
        "compare",
        "--vary",
        "colours=5,6",
        "--vary",
        "wagers=2,3",
        "--json",
    ];
    let jobs_arg = jobs.display().to_string();
    let mut args = grid.to_vec();
    args.extend(["--emit-jobs", &jobs_arg]);
    run_ok(&args);
    let list = std::fs::read_to_string(jobs.join("jobs.txt")).unwrap();
    assert_eq!(list.lines().count(), 4);
    // Before any job ran, join names what is missing.
    let o = run(&["join", &jobs_arg]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("job-004.json (colours=6, wagers=3)"),
        "{}",
        stderr(&o)
    );
    let bin_dir = Path::new(env!("CARGO_BIN_EXE_gamebounds"))
        .parent()
        .unwrap();
    let path = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let ran = std::process::Command::new("parallel")
        .args(["--will-cite", "--halt", "now,fail=1", "-j", "2"])
        .current_dir(&jobs)
        .env("PATH", path)
        .stdin(std::fs::File::open(jobs.join("jobs.txt")).unwrap())
        .output()
        .unwrap();
    assert!(ran.status.success(), "{}", stderr(&ran));
    let joined = run_ok(&["join", &jobs_arg, "--json"]);
    let direct = run_ok(&grid);
    assert_eq!(rows(&joined), rows(&direct));
    // One result missing, then one from another set: both refused, by name.
    let r3 = jobs.join("job-003.result.json");
    let kept = std::fs::read_to_string(&r3).unwrap();
    std::fs::remove_file(&r3).unwrap();
    let err = bad_input(&run(&["join", &jobs_arg]), &["join"]);
    assert!(
        err.contains("1 of 4") && err.contains("job-003.json"),
        "{err}"
    );
    let other = kept.replacen("\"key\":\"", "\"key\":\"0", 1);
    std::fs::write(&r3, other).unwrap();
    let err = bad_input(&run(&["join", &jobs_arg]), &["join"]);
    assert!(err.contains("another set of jobs"), "{err}");
    std::fs::write(&r3, kept).unwrap();
    run_ok(&["join", &jobs_arg]);
}

/// The one job of a 2-player comparison of m22 (a second's solve), written to `dir`.
fn emit_one_compare(dir: &Path) {
    let dir = dir.display().to_string();
    let compare = common::M22_COMPARE;
    run_ok(&[&compare[..], &["--emit-jobs", &dir]].concat());
}

/// A job whose folder is gone (another machine) runs from the files it carries.
#[test]
fn a_job_runs_away_from_its_project() {
    let dir = scratch("jobs-away");
    let jobs = dir.join("set");
    let _ = std::fs::remove_dir_all(&jobs);
    emit_one_compare(&jobs);
    // The job and the manifest as they arrive on a machine without the project.
    for name in ["job-001.json", "jobs.json"] {
        let path = jobs.join(name);
        let mut v: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        v["cwd"] = Value::String("/nonexistent/project".into());
        std::fs::write(&path, serde_json::to_string(&v).unwrap()).unwrap();
    }
    let o = run_env(&jobs, &["worker", "job-001.json"], &[]);
    assert!(o.status.success(), "{}", stderr(&o));
    let result: Value =
        serde_json::from_str(&std::fs::read_to_string(jobs.join("job-001.result.json")).unwrap())
            .unwrap();
    assert_eq!(result["value"]["value"], 17, "{result}");
    let o = run_env(&dir, &["join", "set", "--quiet"], &[]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("| m22-every-symbol | 2       | P2   | 17 "),
        "{}",
        stdout(&o)
    );
    // join writes the cells, the table and the chart where it is told.
    let cells = dir.join("cells");
    let _ = std::fs::remove_dir_all(&cells);
    std::fs::create_dir_all(&cells).unwrap();
    let (cells_arg, chart) = (cells.display().to_string(), dir.join("grid.svg"));
    let args = ["join", "set", "--quiet", "--out-dir", &cells_arg, "--chart"];
    let o = run_env(&dir, &[&args[..], &[chart.to_str().unwrap()]].concat(), &[]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).starts_with("![modern-art compare"),
        "{}",
        stdout(&o)
    );
    assert!(cells.join("modern-art-m22-every-symbol-2p.json").exists());
    assert!(cells.join("modern-art-compare.md").exists());
    let svg = std::fs::read_to_string(&chart).unwrap();
    assert!(svg.contains(">17</text>"), "{svg}");
}

/// A worker started for a process that is no longer its parent (`--parent`: killed, or
/// ended by a closed pipe) stops at once, as interrupted, and writes no result.
#[test]
fn a_worker_ends_with_its_parent() {
    let dir = scratch("jobs-orphan");
    let _ = std::fs::remove_dir_all(&dir);
    emit_one_compare(&dir);
    let o = run_env(&dir, &["worker", "job-001.json", "--parent", "1"], &[]);
    assert_eq!(o.status.code(), Some(130), "{}", stderr(&o));
    assert!(stderr(&o).contains("has ended; stopping"), "{}", stderr(&o));
    assert!(!dir.join("job-001.result.json").exists());
    // Its real parent (this test) keeps it running to the end.
    let me = std::process::id().to_string();
    let o = run_env(&dir, &["worker", "job-001.json", "--parent", &me], &[]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(dir.join("job-001.result.json").exists());
}

/// The scratch folder of a `--jobs N` command (`$TMPDIR/gamebounds-parts-PID`) goes when
/// the command is interrupted; one killed outright stays, and the next such command
/// removes it (its process is gone), leaving those of running commands and other files.
#[test]
fn scratch_folders_do_not_outlive_their_command() {
    let dir = scratch("jobs-scratch");
    let tmp = dir.join("tmp");
    let _ = std::fs::remove_dir_all(&tmp);
    std::fs::create_dir_all(&tmp).unwrap();
    let names = || -> Vec<String> {
        let mut n: Vec<String> = (std::fs::read_dir(&tmp).unwrap().flatten())
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.starts_with("gamebounds-") && !n.ends_with(".json"))
            .collect();
        n.sort();
        n
    };
    // Interrupted (SIGINT) while its workers solve: nothing left.
    let out = dir.join("long.json").display().to_string();
    let long = [
        "modern-art",
        "bound",
        "--players",
        "3",
        "--jobs",
        "2",
        "--quiet",
    ];
    let mut child = bin()
        .args(long)
        .args(["--out", &out])
        .env("TMPDIR", &tmp)
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let own = format!("gamebounds-parts-{}", child.id());
    for _ in 0..600 {
        if names().contains(&own) {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    assert_eq!(names(), std::slice::from_ref(&own));
    let sent = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    assert_eq!(child.wait().unwrap().code(), Some(130));
    assert!(names().is_empty(), "{:?}", names());
    // Left by a command killed outright, by a running one (this test), and not ours.
    let mut gone = std::process::Command::new("true").spawn().unwrap();
    gone.wait().unwrap();
    let dead = format!("gamebounds-parts-{}", gone.id());
    let alive = format!("gamebounds-jobs-{}", std::process::id());
    for name in [&dead, &alive, &"gamebounds-notes-1".to_string()] {
        std::fs::create_dir_all(tmp.join(name)).unwrap();
    }
    let variant = "models/modern-art/mini/m21-two-places.json";
    let small = [
        "modern-art",
        "bound",
        "--variant",
        variant,
        "--jobs",
        "2",
        "--quiet",
    ];
    let o = bin().args(small).env("TMPDIR", &tmp).output().unwrap();
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(names(), [alive, "gamebounds-notes-1".to_string()]);
}

#[test]
fn jobs_options_are_refused_where_nothing_splits() {
    let err = run_bad_input(&[
        "--jobs", "2", "cribbage", "score", "5H", "5S", "5C", "JD", "--start", "5D",
    ]);
    assert!(err.contains("is one solve"), "{err}");
    run_bad_input(&[
        "lost-cities",
        "compare",
        "--vary",
        "colours=5",
        "--jobs",
        "0",
    ]);
    let err = run_bad_input(&["join", "/nonexistent/jobs"]);
    assert!(err.contains("jobs.json"), "{err}");
}

/// Every line of a jobs folder's `jobs.txt` (`gamebounds worker job-001.json`), run with
/// this build from inside the folder, as a batch engine would.
fn run_every_job(jobs: &Path) -> usize {
    let list = std::fs::read_to_string(jobs.join("jobs.txt")).unwrap();
    for line in list.lines() {
        let args: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(args[..2], ["gamebounds", "worker"], "{line}");
        let o = run_env(jobs, &args[1..], &[]);
        assert!(o.status.success(), "{line}: {}", stderr(&o));
    }
    list.lines().count()
}

fn episode_file(path: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// One proof's top-level parts written as jobs once the first game is found, run, and
/// joined: the value of the direct proof, proven, and an episode `verify` accepts. In
/// m21-two-places the first game (30) is beaten by a part's (31). Then the same from
/// `--start`, and a set with one result missing (or foreign) refused, by name.
#[test]
fn modern_art_bound_parts_emitted_and_joined() {
    let dir = scratch("jobs-emit-ma");
    let variant = "models/modern-art/mini/m21-two-places.json";
    let bound = ["--quiet", "modern-art", "bound", "--variant", variant];
    let plain = dir.join("plain.json");
    run_ok(&[&bound[..], &["--out", &plain.display().to_string()]].concat());
    let plain = episode_file(&plain);
    assert_eq!(plain["status"], "optimal");
    let plain_path = dir.join("plain.json").display().to_string();
    for (name, extra) in [
        ("set", vec![]),
        (
            "from-start",
            vec!["--split", "tokens-leads", "--start", &plain_path],
        ),
    ] {
        let jobs = dir.join(name);
        let _ = std::fs::remove_dir_all(&jobs);
        let jobs_arg = jobs.display().to_string();
        run_ok(&[&bound[..], &extra, &["--emit-jobs", &jobs_arg]].concat());
        assert_eq!(run_every_job(&jobs), 3, "{name}");
        let out = dir.join(format!("{name}.json"));
        let out_arg = out.display().to_string();
        run_ok(&["join", &jobs_arg, "--quiet", "--out", &out_arg]);
        let joined = episode_file(&out);
        assert_eq!(joined["value"], plain["value"], "{name}");
        assert_eq!(joined["status"], "optimal", "{name}");
        let o = run(&["verify", &out_arg]);
        assert!(o.status.success(), "{name}: {}", stderr(&o));
    }
    let jobs_arg = dir.join("set").display().to_string();
    let r2 = dir.join("set/job-002.result.json");
    let kept = std::fs::read_to_string(&r2).unwrap();
    std::fs::remove_file(&r2).unwrap();
    let err = bad_input(&run(&["join", &jobs_arg]), &["join"]);
    assert!(
        err.contains("1 of 3") && err.contains("job-002.json (Christin P.: 2 tokens)"),
        "{err}"
    );
    // The result of the same part from the set written with --start: another game to
    // beat, so another set.
    std::fs::copy(dir.join("from-start/job-002.result.json"), &r2).unwrap();
    let err = bad_input(&run(&["join", &jobs_arg]), &["join"]);
    assert!(err.contains("another set of jobs"), "{err}");
    std::fs::write(&r2, kept).unwrap();
    run_ok(&["join", &jobs_arg, "--quiet"]);
}

/// What cannot be written as jobs is refused before any work: one whole solve, a shape,
/// a folder that holds a set already.
#[test]
fn modern_art_bound_emit_refusals() {
    let dir = scratch("jobs-emit-refused");
    let jobs = dir.join("set").display().to_string();
    let variant = "models/modern-art/mini/m22-every-symbol.json";
    let bound = [
        "modern-art",
        "bound",
        "--variant",
        variant,
        "--emit-jobs",
        &jobs,
    ];
    for extra in [
        &["--split", "whole"][..],
        &["--star", "1"],
        &["--objective", "max-total"],
    ] {
        let err = run_bad_input(&[&bound[..], extra].concat());
        assert!(err.contains("--emit-jobs: only a split proof"), "{err}");
    }
    run_ok(&bound);
    let err = run_bad_input(&bound);
    assert!(err.contains("already holds a set of jobs"), "{err}");
}
