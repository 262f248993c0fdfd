//! Hostile input, continued: output that nobody reads to the end, report files whose
//! folder is missing, huge fields in episodes, solver options HiGHS refuses, and the
//! time limit of chained windows.

mod common;

use std::io::Read;
use std::process::Stdio;

use common::{bin, run, scratch, stderr};

#[test]
fn a_closed_pipe_ends_the_program_quietly() {
    // About 200 KB of board facts, more than a pipe holds: the reader stops after a line.
    let mut child = bin()
        .args([
            "traveller",
            "generate",
            "--seed",
            "1",
            "--width",
            "70",
            "--height",
            "70",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = [0u8; 16];
    child.stdout.take().unwrap().read_exact(&mut first).unwrap();
    // The read end is dropped here: the next write finds the pipe closed.
    let o = child.wait_with_output().unwrap();
    let err = stderr(&o);
    assert!(!err.contains("panicked"), "{err}");
    assert!(err.trim().is_empty(), "{err}");
    assert_ne!(o.status.code(), Some(101), "{err}");
}

#[test]
fn a_report_into_a_missing_folder_is_refused_before_the_work() {
    let dir = scratch("hostile-report");
    let missing = dir.join("nope/r.md");
    let missing = missing.to_str().unwrap();
    let folder = dir.to_str().unwrap();
    for args in [
        vec!["traveller", "bench", "--report", missing],
        vec!["haggle", "bench", "--report", missing],
        vec!["haggle", "table", "--players", "2", "--report", missing],
        vec!["modern-art", "bench", "--suite", "--report", missing],
        vec!["haggle", "table", "--players", "2", "--report", folder],
    ] {
        // One line and nothing else: no progress of a benchmark that began.
        let err = common::run_bad_input(&args);
        assert!(err.contains("--report"), "{args:?}: {err}");
    }
    assert!(!dir.join("nope").exists());
}

#[test]
fn huge_episodes_are_refused_at_once_and_never_echoed() {
    let dir = scratch("hostile-huge");
    // A 1 MB name in a valid episode: refused by its length, and not repeated.
    let mut v: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(common::root().join("games/haggle-goal-example.json")).unwrap(),
    )
    .unwrap();
    v["objective"] = "x".repeat(1 << 20).into();
    let long = dir.join("long.json");
    std::fs::write(&long, v.to_string()).unwrap();
    // A 20 MB file (sparse: nothing is written): refused by its size, before reading.
    let big = dir.join("big.json");
    std::fs::File::create(&big)
        .unwrap()
        .set_len(20 << 20)
        .unwrap();
    for (file, why) in [(&long, "1048576 characters"), (&big, "bytes, more than")] {
        for verb in ["render", "verify"] {
            let t = std::time::Instant::now();
            let o = run(&[verb, file.to_str().unwrap()]);
            assert!(t.elapsed().as_secs() < 20, "{verb} took {:?}", t.elapsed());
            let err = common::bad_input(&o, &[verb]);
            assert!(err.contains(why), "{err}");
            assert!(err.len() < 400, "{} bytes of message", err.len());
            assert!(o.stdout.is_empty());
        }
    }
}

#[test]
fn a_huge_field_in_any_input_is_cut_in_the_message() {
    let dir = scratch("hostile-huge-input");
    let huge = "y".repeat(1 << 20);
    let mut v: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(common::root().join("models/lost-cities/classic-5.json")).unwrap(),
    )
    .unwrap();
    v[huge.as_str()] = 1.into();
    let variant = dir.join("variant.json");
    std::fs::write(&variant, v.to_string()).unwrap();
    let board = dir.join("board.pl");
    std::fs::write(&board, format!("square({huge}, 1, 1).\n")).unwrap();
    let cases = [
        vec![
            "lost-cities",
            "bound",
            "--variant",
            variant.to_str().unwrap(),
        ],
        vec![
            "traveller",
            "bound",
            "--steps",
            "3",
            "--board",
            board.to_str().unwrap(),
        ],
        vec!["cribbage", "score", &huge[..100_000], "--start", "5D"],
    ];
    for args in cases {
        let err = common::bad_input(&run(&args), &args[..2]);
        assert!(err.len() < 1000, "{} bytes: {}", err.len(), &err[..300]);
        assert!(err.contains("characters)"), "{err}");
    }
}

#[test]
fn chained_windows_share_the_time_limit() {
    // Ten windows of 10 steps on the classic board take minutes; the limit covers all.
    let t = std::time::Instant::now();
    let o = run(&[
        "--time-limit",
        "2",
        "traveller",
        "window",
        "--board",
        "models/traveller/classic.pl",
        "--steps",
        "10",
        "--wealth",
        "9000",
        "--chain",
        "100",
    ]);
    let took = t.elapsed().as_secs_f64();
    assert!(took < 30.0, "took {took:.1} s");
    assert!(o.status.success(), "{}", stderr(&o));
    let out = common::stdout(&o);
    let stopped =
        out.contains("--time-limit reached after") && out.contains("no bound after 100 steps");
    assert!(
        stopped || out.contains("chained bound after 100 steps"),
        "{out}"
    );
}

#[test]
fn solver_refusals_are_said_in_words() {
    let dir = scratch("hostile-highs");
    let tuning = dir.join("tuning.json");
    std::fs::write(&tuning, r#"{"highs": {"presolve": "maybe"}}"#).unwrap();
    let args = [
        "--quiet",
        "modern-art",
        "bound",
        "--variant",
        "models/modern-art/mini/m22-every-symbol.json",
        "--tuning",
        tuning.to_str().unwrap(),
    ];
    let err = common::run_bad_input(&args);
    assert!(
        err.contains("HiGHS refuses the option presolve = maybe"),
        "{err}"
    );
    assert!(!err.contains("TrySetOptionError"), "{err}");
}

#[test]
fn a_stopped_neighbourhood_search_keeps_its_best_game() {
    use std::io::BufRead;
    let dir = scratch("hostile-term");
    let out = dir.join("ma2.json");
    let _ = std::fs::remove_file(&out);
    // The 2-player split's first part: its neighbourhood search finds a first game in
    // seconds, then looks for better ones for minutes.
    let mut child = bin()
        .args(["modern-art", "bound", "--players", "2", "--out"])
        .arg(&out)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut err = std::io::BufReader::new(child.stderr.take().unwrap());
    let mut seen = String::new();
    while !seen.contains("search: first game") {
        let mut line = String::new();
        if err.read_line(&mut line).unwrap() == 0 {
            break;
        }
        seen += &line;
    }
    assert!(seen.contains("search: first game"), "{seen}");
    assert!(!out.exists(), "written before the stop: {seen}");
    let killed = std::process::Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let mut rest = String::new();
    err.read_to_string(&mut rest).unwrap();
    let status = child.wait().unwrap();
    assert_eq!(
        status.code(),
        Some(gamebounds::interrupt::EXIT_INTERRUPTED),
        "{seen}{rest}"
    );
    assert!(
        rest.contains("interrupted: the best game so far") && rest.contains("ma2.json"),
        "{rest}"
    );
    let v = run(&["verify", out.to_str().unwrap()]);
    assert!(v.status.success(), "{}", stderr(&v));
}

#[test]
fn the_deepest_event_search_stays_within_the_stack() {
    // Two squares a step apart, a wholesaler and a retailer: one event per step or two,
    // so --steps at its cap (1000) is the event search's deepest path.
    let dir = scratch("hostile-deep");
    let board = dir.join("two.pl");
    std::fs::write(
        &board,
        "unit_volume(coal, 2.5).\nsquare(1, 0, 0). square(2, 1, 0).\njoins(1, 2).\n\
         building(1, pit). building(2, works). building(1, pump). building(2, pump2).\n\
         sells(pit, coal, 2). buys(works, coal, 5).\n\
         sells_fuel(pump, 1). sells_fuel(pump2, 1).\n",
    )
    .unwrap();
    let o = run(&[
        "--quiet",
        "--time-limit",
        "2",
        "traveller",
        "bound",
        "--method",
        "events",
        "--board",
        board.to_str().unwrap(),
        "--start",
        "1",
        "--steps",
        "1000",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        common::stdout(&o).contains("| 999 "),
        "{}",
        common::stdout(&o)
    );
}

#[test]
fn haggle_pictures_number_players_from_one() {
    let dir = scratch("hostile-haggle-svg");
    let svg = dir.join("sim.svg");
    let o = run(&[
        "render",
        "games/haggle-15p-simulate-seed1.json",
        "--svg",
        svg.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(text.contains(">player 1<") && text.contains(">player 15<"));
    assert!(!text.contains(">player 0<"));
}

#[test]
fn the_traveller_ilp_shares_the_time_limit_with_its_checkpoints_and_windows() {
    // The checkpoints' LPs, the ILP and the windows chained after it took 24 s under a
    // 3 s limit: the limit covers them all.
    let t = std::time::Instant::now();
    let o = run(&[
        "--quiet",
        "--time-limit",
        "3",
        "traveller",
        "bound",
        "--method",
        "ilp",
        "--board",
        "models/traveller/classic.pl",
        "--start",
        "67",
        "--steps",
        "100",
    ]);
    let took = t.elapsed().as_secs_f64();
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(took < 15.0, "took {took:.1} s");
}

#[test]
fn tournaments_and_simulations_stop_at_the_time_limit_with_what_they_played() {
    let dir = scratch("hostile-rounds");
    let sim = dir.join("sim.json");
    let t = std::time::Instant::now();
    let o = run(&[
        "--time-limit",
        "1",
        "haggle",
        "simulate",
        "--players",
        "15",
        "--rounds",
        "1000000",
        "--out",
        sim.to_str().unwrap(),
    ]);
    assert!(t.elapsed().as_secs() < 20, "took {:?}", t.elapsed());
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stderr(&o).contains("--time-limit reached after"));
    let v = run(&["verify", sim.to_str().unwrap()]);
    assert!(v.status.success(), "{}", stderr(&v));
    let t = std::time::Instant::now();
    let o = run(&[
        "--time-limit",
        "1",
        "lost-cities",
        "tournament",
        "--games",
        "1000000",
    ]);
    assert!(t.elapsed().as_secs() < 20, "took {:?}", t.elapsed());
    assert!(o.status.success(), "{}", stderr(&o));
    let out = common::stdout(&o);
    assert!(
        out.contains("stopped by --time-limit before the 1000000 asked for"),
        "{out}"
    );
}

#[test]
fn a_table_cell_cut_by_the_time_limit_leaves_the_table_whole() {
    let dir = scratch("hostile-table");
    let report = dir.join("t.md");
    let o = run(&[
        "--time-limit",
        "1",
        "--quiet",
        "haggle",
        "table",
        "--players",
        "2",
        "--report",
        report.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let md = std::fs::read_to_string(&report).unwrap();
    assert!(md.lines().any(|l| l.starts_with("| 2 ")), "{md}");
}

#[test]
fn a_modern_art_compare_stops_at_the_time_limit_with_its_table() {
    // Two full-size cells, each minutes of solving: the limit covers the whole command.
    let t = std::time::Instant::now();
    let o = run(&[
        "--time-limit",
        "2",
        "modern-art",
        "compare",
        "--players",
        "2,3",
        "--variant",
        "models/modern-art/standard.json",
    ]);
    let took = t.elapsed().as_secs_f64();
    assert!(took < 20.0, "took {took:.1} s");
    assert!(o.status.success(), "{}", stderr(&o));
    let out = common::stdout(&o);
    assert!(out.contains("| standard | 3 "), "{out}");
    assert!(out.contains("not reached"), "{out}");
}

#[test]
fn a_grid_past_the_time_limit_marks_its_unreached_cells() {
    let o = run(&[
        "--time-limit",
        "0.5",
        "--json",
        "traveller",
        "compare",
        "--board",
        "models/traveller/classic.pl",
        "--steps",
        "50",
        "--vary",
        "capacity=500,1000,2000",
        "--vary",
        "tank=10,20,30",
        "--set",
        "fuel=10",
        "--part-limit",
        "120",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let rows: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let rows = rows.as_array().unwrap();
    assert_eq!(rows.len(), 9);
    let last = &rows[8];
    assert_eq!(
        last["status"], "not reached: --time-limit ran out",
        "{last}"
    );
    assert!(last["error"].is_null(), "{last}");
}

#[test]
fn a_time_limited_four_player_bound_keeps_its_best_game() {
    let dir = scratch("hostile-deadline");
    let out = dir.join("b4.json");
    let t = std::time::Instant::now();
    let o = run(&[
        "--time-limit",
        "5",
        "--quiet",
        "modern-art",
        "bound",
        "--players",
        "4",
        "--out",
        out.to_str().unwrap(),
    ]);
    let took = t.elapsed().as_secs_f64();
    assert!(took < 30.0, "took {took:.1} s");
    assert!(o.status.success(), "{}", stderr(&o));
    let v = run(&["verify", out.to_str().unwrap()]);
    assert!(v.status.success(), "{}", stderr(&v));
}

/// The one job of a 2-player comparison of m22 (a second's solve) written to `dir`, and
/// the job file read as JSON.
fn one_job(dir: &std::path::Path) -> serde_json::Value {
    let _ = std::fs::remove_dir_all(dir);
    let d = dir.display().to_string();
    let args = common::M22_COMPARE;
    common::run_ok(&[&args[..], &["--emit-jobs", &d, "--quiet"]].concat());
    serde_json::from_str(&std::fs::read_to_string(dir.join("job-001.json")).unwrap()).unwrap()
}

/// `job` with its key made that of its (edited) command line and files, as a forger would.
fn rekeyed(mut job: serde_json::Value) -> serde_json::Value {
    let j: gamebounds::jobs::file::Job = serde_json::from_value(job.clone()).unwrap();
    job["key"] = gamebounds::jobs::file::key_of(&j.argv, &j.files).into();
    job
}

fn write_json(path: &std::path::Path, v: &serde_json::Value) {
    std::fs::write(path, serde_json::to_string_pretty(v).unwrap()).unwrap();
}

/// A job file is data, never a way to write elsewhere: a key that is a path, a command
/// that is not one of the splitting ones (`render -o FILE`), and options that write are
/// refused in one line, by the worker and by `join`, and nothing is written.
#[test]
fn job_files_cannot_write_anywhere() {
    let dir = scratch("hostile-jobs-escape");
    let jobs = dir.join("set");
    let job = one_job(&jobs);
    let escaped = dir.join("x/ESCAPED");
    let mut bad = job.clone();
    let up = "../".repeat(12);
    bad["key"] = format!("{up}{}", escaped.display()).into();
    bad["cwd"] = "/nonexistent/project".into();
    bad["files"] = serde_json::json!([{"path": "planted.txt", "text": "planted"}]);
    write_json(&jobs.join("job-001.json"), &bad);
    let o = common::run_env(&jobs, &["worker", "job-001.json"], &[]);
    let err = common::bad_input(&o, &["worker", "key"]);
    assert!(err.contains("no fingerprint"), "{err}");
    assert!(!escaped.exists(), "the job wrote {}", escaped.display());
    // Another command, with a key that fits it.
    let planted = dir.join("planted.md");
    let mut render = job.clone();
    render["argv"] = serde_json::json!([
        "gamebounds",
        "render",
        "games/cribbage-max-29.json",
        "-o",
        planted.to_str().unwrap()
    ]);
    write_json(&jobs.join("job-001.json"), &rekeyed(render));
    let o = common::run_env(&jobs, &["worker", "job-001.json"], &[]);
    let err = common::bad_input(&o, &["worker", "render"]);
    assert!(err.contains("writes with -o"), "{err}");
    assert!(!planted.exists());
    let mut render = job.clone();
    render["argv"] = serde_json::json!(["gamebounds", "render", "games/cribbage-max-29.json"]);
    write_json(&jobs.join("job-001.json"), &rekeyed(render));
    let o = common::run_env(&jobs, &["worker", "job-001.json"], &[]);
    let err = common::bad_input(&o, &["worker", "render"]);
    assert!(err.contains("does not split into jobs"), "{err}");
    // join runs the manifest's command line: the same rules, and its --out stays inside.
    write_json(&jobs.join("job-001.json"), &job);
    let manifest = jobs.join("jobs.json");
    let m: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&manifest).unwrap()).unwrap();
    let mut out = m.clone();
    let far = dir.join("far.json");
    let argv = out["argv"].as_array_mut().unwrap();
    argv.extend(["--out".into(), far.to_str().unwrap().into()]);
    write_json(&manifest, &out);
    let err = common::bad_input(&run(&["join", jobs.to_str().unwrap()]), &["join", "--out"]);
    assert!(err.contains("writes with --out"), "{err}");
    let mut render = m.clone();
    render["argv"] = serde_json::json!(["gamebounds", "render", "games/cribbage-max-29.json"]);
    write_json(&manifest, &render);
    let err = common::bad_input(&run(&["join", jobs.to_str().unwrap()]), &["join", "render"]);
    assert!(err.contains("not a job of its jobs.json"), "{err}");
    assert!(!far.exists());
}

/// An answer counts only for the command line that was asked: a job edited to other
/// rules is refused by its worker, and re-keyed to fit, its answer is refused by `join`
/// (the joined row would claim rules the set never had).
#[test]
fn join_takes_no_answer_to_other_rules() {
    let dir = scratch("hostile-jobs-rules");
    let jobs = dir.join("set");
    let job = one_job(&jobs);
    let mut other = job.clone();
    let argv = other["argv"].as_array_mut().unwrap();
    argv.extend(["--players".into(), "3".into()]);
    write_json(&jobs.join("job-001.json"), &other);
    let o = common::run_env(&jobs, &["worker", "job-001.json"], &[]);
    let err = common::bad_input(&o, &["worker", "edited"]);
    assert!(err.contains("the job was edited"), "{err}");
    // Re-keyed, the worker runs the other rules: join refuses its answer by name.
    let mut other = job.clone();
    other["argv"] = serde_json::json!([
        "gamebounds",
        "modern-art",
        "compare",
        "--variant",
        "models/modern-art/mini/m22-every-symbol.json",
        "--players",
        "2",
        "--objective",
        "min-winner"
    ]);
    write_json(&jobs.join("job-001.json"), &rekeyed(other));
    let o = common::run_env(&jobs, &["worker", "job-001.json"], &[]);
    assert!(o.status.success(), "{}", stderr(&o));
    write_json(&jobs.join("job-001.json"), &job);
    let err = common::bad_input(&run(&["join", jobs.to_str().unwrap()]), &["join"]);
    assert!(err.contains("another set of jobs"), "{err}");
    // The honest answer joins.
    let o = common::run_env(&jobs, &["worker", "job-001.json"], &[]);
    assert!(o.status.success(), "{}", stderr(&o));
    common::run_ok(&["join", jobs.to_str().unwrap(), "--quiet"]);
}

/// Writers never replace what is not a regular file: a device is written into (and its
/// error said), a symbolic link's file is replaced and the link kept.
#[cfg(unix)]
#[test]
fn writers_leave_devices_and_links_in_place() {
    use std::os::unix::fs::FileTypeExt;
    let dir = scratch("hostile-devices");
    let jobs = dir.join("set");
    one_job(&jobs);
    let o = common::run_env(
        &jobs,
        &["worker", "job-001.json", "--result", "/dev/full"],
        &[],
    );
    let err = common::bad_input(&o, &["worker", "--result", "/dev/full"]);
    assert!(err.contains("/dev/full"), "{err}");
    let full = std::fs::metadata("/dev/full").unwrap();
    assert!(full.file_type().is_char_device());
    let o = run(&["render", "games/cribbage-max-29.json", "--svg", "/dev/null"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(std::fs::metadata("/dev/null")
        .unwrap()
        .file_type()
        .is_char_device());
    let target = dir.join("real.svg");
    std::fs::write(&target, "old").unwrap();
    let link = dir.join("link.svg");
    let _ = std::fs::remove_file(&link);
    std::os::unix::fs::symlink(&target, &link).unwrap();
    let o = run(&[
        "render",
        "games/cribbage-max-29.json",
        "--svg",
        link.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(std::fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    assert!(std::fs::read_to_string(&target)
        .unwrap()
        .starts_with("<svg"));
}

/// The site has no script, whatever the episodes and pages say: names, notes, file names
/// and planted markdown reach the HTML escaped, and links go only to safe places.
#[test]
fn the_site_escapes_hostile_names_notes_and_pages() {
    let dir = scratch("hostile-site");
    let (games, results, out) = (dir.join("games"), dir.join("results"), dir.join("site"));
    for d in [&games, &results, &out] {
        let _ = std::fs::remove_dir_all(d);
        std::fs::create_dir_all(d).unwrap();
    }
    let script = "<script>alert(1)</script>";
    let read = |f: &str| -> serde_json::Value {
        let text = std::fs::read_to_string(common::root().join(f)).unwrap();
        serde_json::from_str(&text).unwrap()
    };
    let mut crib = read("games/cribbage-max-29.json");
    crib["payload"]["note"] = format!("{script} [x](javascript:alert(2))").into();
    write_json(
        &games.join("x\"><img src=x onerror=alert(3)><b>.json"),
        &crib,
    );
    // An artist renamed everywhere (deck, record, proof), and the deck and variant names.
    let text = std::fs::read_to_string(common::root().join("games/modern-art-2p-standard.json"));
    let text = text
        .unwrap()
        .replace("\"Yoko", "\"Y<script>alert(8)<\\/script>");
    let mut art: serde_json::Value = serde_json::from_str(&text).unwrap();
    art["variant"]["variant"]["name"] = script.into();
    art["variant"]["deck"]["name"] = script.into();
    write_json(&games.join("javascript:alert(4).json"), &art);
    std::fs::write(
        results.join("planted.md"),
        format!(
            "# Planted\n\n{script}\n\n<img src=x onerror=alert(5)>\n\n[a](javascript:alert(6)) \
             [b]( JaVaScRiPt:alert(7)) [c](data:text/html,x) ![d](vbscript:x) [ok](https://example.org)\n"
        ),
    )
    .unwrap();
    let o = run(&[
        "site",
        out.to_str().unwrap(),
        "--games",
        games.to_str().unwrap(),
        "--results",
        results.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let mut pages = 0;
    for sub in ["", "games", "results"] {
        for e in std::fs::read_dir(out.join(sub)).unwrap() {
            let p = e.unwrap().path();
            if p.extension().is_some_and(|x| x == "svg") {
                let svg = std::fs::read_to_string(&p).unwrap().to_lowercase();
                assert!(!svg.contains("<script"), "{}", p.display());
            }
            if p.extension().is_none_or(|x| x != "html") {
                continue;
            }
            pages += 1;
            let html = std::fs::read_to_string(&p).unwrap().to_lowercase();
            for bad in [
                "<script",
                "<img src=x",
                "=\"javascript:",
                "=\"vbscript:",
                "=\"data:text",
            ] {
                assert!(!html.contains(bad), "{}: {bad}", p.display());
            }
        }
    }
    assert!(pages > 5, "{pages} pages");
    let planted = std::fs::read_to_string(out.join("results/planted.html")).unwrap();
    assert!(planted.contains("&lt;script&gt;"), "{planted}");
    assert!(
        planted.contains("href=\"https://example.org\""),
        "{planted}"
    );
}

/// `--time-limit` holds with `--jobs` on a grid of thousands of cells (job files are
/// written only for the cells that start), and SIGTERM leaves no scratch folder, job,
/// HiGHS log or worker behind, nor starts a worker again.
#[cfg(unix)]
#[test]
fn a_big_grid_on_workers_keeps_its_time_limit_and_its_signal() {
    let dir = scratch("hostile-grid-jobs");
    let tmp = dir.join("tmp");
    let _ = std::fs::remove_dir_all(&tmp);
    std::fs::create_dir_all(&tmp).unwrap();
    let fifty: Vec<String> = (1..=50).map(|i| i.to_string()).collect();
    let bonus = format!("bonus={}", fifty.join(","));
    let cards = format!("bonus_cards={}", fifty.join(","));
    let grid = [
        "lost-cities",
        "compare",
        "--vary",
        &bonus,
        "--vary",
        &cards,
        "--jobs",
        "2",
    ];
    let tmp_env = [("TMPDIR", tmp.to_str().unwrap())];
    let t = std::time::Instant::now();
    let o = common::run_env(
        &common::root(),
        &[&grid[..], &["--time-limit", "3", "--quiet"]].concat(),
        &tmp_env,
    );
    let took = t.elapsed().as_secs_f64();
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(took < 20.0, "--time-limit 3 on 2500 cells took {took:.1} s");
    let out = String::from_utf8_lossy(&o.stdout).to_string();
    assert!(out.contains("not reached"), "{out}");
    let left = |what: &str| -> Vec<String> {
        std::fs::read_dir(&tmp)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.starts_with("gamebounds-"))
            .map(|n| format!("{what}: {n}"))
            .collect()
    };
    assert_eq!(left("after the time limit"), Vec::<String>::new());
    let child = bin()
        .args(grid)
        .arg("--quiet")
        .env("TMPDIR", &tmp)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let t = std::time::Instant::now();
    while !std::fs::read_dir(&tmp).unwrap().any(|e| {
        e.unwrap()
            .file_name()
            .to_string_lossy()
            .starts_with("gamebounds-jobs-")
    }) && t.elapsed().as_secs() < 60
    {
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    std::thread::sleep(std::time::Duration::from_millis(1500));
    let killed = std::process::Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let o = child.wait_with_output().unwrap();
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(130), "{err}");
    assert!(!err.contains("starting it again"), "{err}");
    std::thread::sleep(std::time::Duration::from_millis(500));
    assert_eq!(left("after SIGTERM"), Vec::<String>::new());
}
