//! The command line's contract for bad input: one line on stderr, exit code 2, no panic.

mod common;

use common::{run, scratch, stderr, stdout};

/// Write `content` to `name` in this binary's scratch directory.
fn tmp(name: &str, content: &str) -> std::path::PathBuf {
    let p = scratch("cli").join(name);
    std::fs::write(&p, content).unwrap();
    p
}

#[test]
fn help_teaches_games_and_verbs() {
    let o = run(&["--help"]);
    assert!(o.status.success());
    let out = stdout(&o);
    for game in [
        "modern-art",
        "cribbage",
        "haggle",
        "lost-cities",
        "traveller",
    ] {
        assert!(out.contains(game), "help lacks {game}");
    }
    assert!(out.contains("Examples:"));
}

#[test]
fn unknown_game_is_exit_2() {
    let o = run(&["chess", "solve"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("unrecognized subcommand 'chess'"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn missing_episode_file_is_exit_2() {
    let o = run(&["verify", "/nonexistent/episode.json"]);
    assert_eq!(o.status.code(), Some(2));
    let e = stderr(&o);
    assert!(
        e.starts_with("error: cannot read episode file /nonexistent/episode.json"),
        "{e}"
    );
    assert_eq!(e.lines().count(), 1, "{e}");
}

#[test]
fn malformed_episode_is_exit_2() {
    let p = tmp("bad.json", "{\"game\": \"cribbage\",");
    let o = run(&["render", p.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    let e = stderr(&o);
    assert!(e.contains("is not a gamebounds episode"), "{e}");
    assert_eq!(e.lines().count(), 1, "{e}");
}

#[test]
fn episode_of_unknown_game_is_exit_2() {
    let p = tmp(
        "chess.json",
        r#"{"game":"chess","variant":{},"objective":"max","status":"optimal","value":1.0,
            "bound":1.0,"gap":0.0,"solver":null,"version":"0.1.0","payload":{}}"#,
    );
    let o = run(&["verify", p.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    let e = stderr(&o);
    assert!(
        e.contains("unknown game `chess` (known: modern-art, cribbage"),
        "{e}"
    );
}
