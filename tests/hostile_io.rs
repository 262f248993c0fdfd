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
