//! `modern-art bench --suite DIR`: every variant of a folder solved from scratch, one row
//! per variant, on two miniatures (the real general suite takes hours).

mod common;

use std::path::Path;

/// A temporary suite: two miniatures (2 and 3 players), their deck beside them.
fn mini_suite(dir: &Path) {
    let mini = common::root().join("models/modern-art/mini");
    std::fs::create_dir_all(dir.join("decks")).unwrap();
    for f in ["m18-3p-plain.json", "m01-plain.json"] {
        std::fs::copy(mini.join(f), dir.join(f)).unwrap();
        // Each deals for exactly one player count, so the suite's --players is implied.
        let v: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(mini.join(f)).unwrap()).unwrap();
        assert_eq!(v["deal"].as_object().unwrap().len(), 1, "{f}");
    }
    std::fs::copy(
        mini.join("decks/plain4.json"),
        dir.join("decks/plain4.json"),
    )
    .unwrap();
}

/// `modern-art bench --suite DIR/suite --report REPORT` and `extra` (one run per variant
/// unless `extra` says otherwise: the suite's default).
fn run_suite(dir: &Path, report: &Path, extra: &[&str]) -> std::process::Output {
    let suite = dir.join("suite");
    let mut args = vec![
        "modern-art",
        "bench",
        "--suite",
        suite.to_str().unwrap(),
        "--report",
        report.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    common::run(&args)
}

/// [`run_suite`], which must succeed: the report's text and the stderr.
fn bench_suite(dir: &Path, report: &Path, extra: &[&str]) -> (String, String) {
    let out = run_suite(dir, report, extra);
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "{stderr}");
    (std::fs::read_to_string(report).unwrap(), stderr)
}

#[test]
fn suite_proves_every_variant_and_writes_one_row_each() {
    let dir = common::scratch("suite").join("two");
    mini_suite(&dir.join("suite"));
    let report = dir.join("report.md");
    let (text, stderr) = bench_suite(&dir, &report, &["--time-limit", "60"]);
    // One progress line per finished variant, in name order.
    let progress: Vec<&str> = stderr
        .lines()
        .filter(|l| l.starts_with("bench --suite"))
        .collect();
    assert_eq!(progress.len(), 2, "{stderr}");
    assert!(
        progress[0].contains("m01-plain.json (2p): proven 9"),
        "{stderr}"
    );
    assert!(
        progress[1].contains("m18-3p-plain.json (3p): proven 6"),
        "{stderr}"
    );
    // The maxima `modern-art search` (exhaustive, through the referee) gives: 9 and 6.
    let row = |name: &str| text.lines().find(|l| l.contains(name)).unwrap().to_string();
    let cells = |l: String| -> Vec<String> {
        l.split('|')
            .map(|c| c.trim().to_string())
            .filter(|c| !c.is_empty())
            .collect()
    };
    // One run per variant by default (seed 0 only), not the plain benchmark's three.
    assert!(text.contains("(seeds 0–0)"), "{text}");
    let m01 = cells(row("m01-plain.json"));
    assert_eq!(&m01[1..5], ["2", "9", "proven", "9"], "{text}");
    let m18 = cells(row("m18-3p-plain.json"));
    assert_eq!(&m18[1..5], ["3", "6", "proven", "6"], "{text}");
    assert!(text.contains("2 of 2 variants proven"), "{text}");
    assert!(
        text.contains("Commit: ") && text.contains("Machine: "),
        "{text}"
    );
    // Two variants at once on workers: the same rows apart from the times.
    let (text2, _) = bench_suite(&dir, &dir.join("two-jobs.md"), &["--jobs", "2"]);
    for name in ["m01-plain.json", "m18-3p-plain.json"] {
        let row2 = text2
            .lines()
            .find(|l| l.contains(name))
            .unwrap()
            .to_string();
        let (a, b) = (cells(row(name)), cells(row2));
        assert_eq!((&a[..5], &a[7..]), (&b[..5], &b[7..]), "{text}\n{text2}");
    }
}

/// `--only` re-runs some variants and keeps the report's rows of the others; a name that
/// is not in the suite exits 2.
#[test]
fn only_re_runs_the_variants_named() {
    let dir = common::scratch("suite").join("only");
    mini_suite(&dir.join("suite"));
    let report = dir.join("report.md");
    let (first, _) = bench_suite(&dir, &report, &[]);
    let m18 = |t: &str| {
        t.lines()
            .find(|l| l.contains("m18-3p-plain.json"))
            .map(String::from)
    };
    let (again, stderr) = bench_suite(&dir, &report, &["--only", "m01-plain.json"]);
    assert!(!stderr.contains("m18-3p-plain.json (3p)"), "{stderr}");
    assert_eq!(m18(&again), m18(&first), "{again}");
    assert!(again.contains("2 of 2 variants proven"), "{again}");
    let out = run_suite(&dir, &report, &["--only", "nope.json"]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("--only nope.json: not a variant"),
        "{stderr}"
    );
    // The report names its tuning, and rows of another tuning are not mixed into it.
    assert!(again.contains("Tuning: the defaults."), "{again}");
    let tuning = dir.join("tuning.json");
    std::fs::write(&tuning, r#"{"near_nodes": 250}"#).unwrap();
    let t = tuning.to_str().unwrap();
    let out = run_suite(&dir, &report, &["--only", "m01-plain.json", "--tuning", t]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains(
            "rows were made with the defaults, this run with the defaults except near_nodes = 250"
        ),
        "{stderr}"
    );
    assert_eq!(std::fs::read_to_string(&report).unwrap(), again);
    let other = dir.join("other.md");
    let (text, _) = bench_suite(&dir, &other, &["--only", "m01-plain.json", "--tuning", t]);
    assert!(
        text.contains("Tuning: the defaults except near_nodes = 250."),
        "{text}"
    );
}

/// `--jobs` spreads only the suite's variants: the standard benchmark refuses it.
#[test]
fn the_standard_benchmark_refuses_jobs() {
    let out = common::run(&["modern-art", "bench", "--runs", "1", "--jobs", "2"]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("only the variants of --suite"), "{stderr}");
}

/// `bench --players` keeps the other rows of the committed report, so it refuses, before
/// any solve, a tuning other than the one that report names.
#[test]
fn the_standard_benchmark_refuses_to_mix_tunings() {
    let dir = common::scratch("suite").join("mix");
    std::fs::create_dir_all(&dir).unwrap();
    let tuning = dir.join("tuning.json");
    std::fs::write(&tuning, r#"{"near_nodes": 250}"#).unwrap();
    let report = common::root().join("results/bench-modern-art.md");
    let before = std::fs::read_to_string(&report).unwrap();
    let t = tuning.to_str().unwrap();
    let out = common::run(&["modern-art", "bench", "--players", "5", "--tuning", t]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("this run with the defaults except near_nodes = 250"),
        "{stderr}"
    );
    assert!(!stderr.contains("bench 5p run"), "{stderr}");
    assert_eq!(std::fs::read_to_string(&report).unwrap(), before);
}

#[test]
fn suite_without_variants_exits_2() {
    let dir = common::scratch("suite").join("empty");
    std::fs::create_dir_all(&dir).unwrap();
    let out = common::run(&["modern-art", "bench", "--suite", dir.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("no *.json variant"), "{stderr}");
}

/// A variant not proven within `--variant-limit` keeps its row (its best game, or "no
/// game" while the search is still looking) and the run goes on: a 5-player variant of
/// the general suite is far from proven after 1 s.
#[test]
fn a_variant_past_its_limit_keeps_its_row() {
    let dir = common::scratch("suite").join("limit");
    let general = common::root().join("models/modern-art/general");
    std::fs::create_dir_all(dir.join("suite/decks")).unwrap();
    for f in ["g01-5p.json", "decks/g01-5p.json"] {
        std::fs::copy(general.join(f), dir.join("suite").join(f)).unwrap();
    }
    let report = dir.join("report.md");
    let (text, _) = bench_suite(&dir, &report, &["--variant-limit", "1"]);
    let row = text.lines().find(|l| l.contains("g01-5p.json")).unwrap();
    assert!(
        row.contains("no game") || row.contains("best found"),
        "{text}"
    );
    assert!(text.contains("stops after 1 s"), "{text}");
    assert!(text.contains("0 of 1 variants proven"), "{text}");
}
