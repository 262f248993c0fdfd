//! The core crate (`crates/core`) knows no game: its code names no game module and no game
//! name, and it depends on no game's crate. The compiler keeps the second (the core cannot
//! import what it does not depend on); this test keeps both from creeping back in. The names
//! come from the registry, so a new game is covered the day it is registered.

use std::path::{Path, PathBuf};

fn core() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/core")
}

/// Every way code could name a game: its name (`lost-cities`), its module (`lost_cities`)
/// and its title words (`lost cities`), all lower-case.
fn game_words() -> Vec<String> {
    let mut words = Vec::new();
    for name in gamebounds::games::names() {
        words.push(name.to_string());
        words.push(name.replace('-', "_"));
        words.push(name.replace('-', " "));
    }
    words.sort();
    words.dedup();
    words
}

/// The code of a Rust source without its comments (string and character literals kept,
/// so a game's name in a literal is seen). Doc comments may say what a layer was measured
/// on; code may not ask which game it serves.
fn without_comments(src: &str) -> String {
    let c: Vec<char> = src.chars().collect();
    let mut out = String::new();
    let mut i = 0;
    while i < c.len() {
        let next = c.get(i + 1).copied();
        match c[i] {
            '/' if next == Some('/') => {
                while i < c.len() && c[i] != '\n' {
                    i += 1;
                }
            }
            '/' if next == Some('*') => {
                let mut depth = 0;
                while i < c.len() {
                    if c[i] == '/' && c.get(i + 1) == Some(&'*') {
                        depth += 1;
                        i += 2;
                    } else if c[i] == '*' && c.get(i + 1) == Some(&'/') {
                        depth -= 1;
                        i += 2;
                        if depth == 0 {
                            break;
                        }
                    } else {
                        i += 1;
                    }
                }
            }
            'r' if matches!(next, Some('"' | '#')) && !ident_before(&c, i) => {
                let hashes = c[i + 1..].iter().take_while(|&&x| x == '#').count();
                let open = i + 1 + hashes;
                if c.get(open) != Some(&'"') {
                    out.push(c[i]);
                    i += 1;
                    continue;
                }
                let close: String = std::iter::once('"')
                    .chain(std::iter::repeat_n('#', hashes))
                    .collect();
                let rest: String = c[open + 1..].iter().collect();
                let len = rest.find(&close).map_or(rest.len(), |n| n + close.len());
                out.extend(&c[i..open + 1 + rest[..len].chars().count()]);
                i = open + 1 + rest[..len].chars().count();
            }
            '"' => {
                out.push('"');
                i += 1;
                while i < c.len() && c[i] != '"' {
                    if c[i] == '\\' {
                        out.push(c[i]);
                        i += 1;
                    }
                    if i < c.len() {
                        out.push(c[i]);
                        i += 1;
                    }
                }
                out.push('"');
                i += 1;
            }
            // A character literal ('"', '\'', 'x'), not a lifetime ('a).
            '\'' if next == Some('\\') || c.get(i + 2) == Some(&'\'') => {
                let end = (i + 2..c.len()).find(|&j| c[j] == '\'').unwrap_or(c.len());
                out.extend(&c[i..(end + 1).min(c.len())]);
                i = end + 1;
            }
            x => {
                out.push(x);
                i += 1;
            }
        }
    }
    out
}

fn ident_before(c: &[char], i: usize) -> bool {
    i > 0 && (c[i - 1].is_alphanumeric() || c[i - 1] == '_')
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The games' words found in `code` (lower-cased), with the line of the first.
fn named_games(code: &str, words: &[String]) -> Vec<String> {
    let lower = code.to_lowercase();
    words
        .iter()
        .filter_map(|w| {
            let at = lower.find(w.as_str())?;
            let line = lower[..at].lines().count().max(1);
            Some(format!("`{w}` (code line {line})"))
        })
        .collect()
}

#[test]
fn the_core_code_names_no_game() {
    let words = game_words();
    let mut files = Vec::new();
    rust_files(&core().join("src"), &mut files);
    assert!(files.len() > 10, "the core's sources: {files:?}");
    let mut found = Vec::new();
    for f in &files {
        let code = without_comments(&std::fs::read_to_string(f).unwrap());
        for w in named_games(&code, &words) {
            found.push(format!("{}: {w}", f.display()));
        }
    }
    assert!(
        found.is_empty(),
        "the core names a game:\n{}",
        found.join("\n")
    );
}

/// The dependency names of every `[…dependencies]` table of a Cargo.toml.
fn dependencies(toml: &str) -> Vec<String> {
    let mut deps = Vec::new();
    let mut inside = false;
    for line in toml.lines().map(str::trim) {
        if line.starts_with('[') {
            inside = line.trim_matches(['[', ']']).ends_with("dependencies");
        } else if inside && !line.is_empty() && !line.starts_with('#') {
            let name = line.split(['=', '.']).next().unwrap().trim();
            deps.push(name.trim_matches('"').to_string());
        }
    }
    deps
}

#[test]
fn the_core_depends_on_no_game() {
    let toml = std::fs::read_to_string(core().join("Cargo.toml")).unwrap();
    let deps = dependencies(&toml);
    assert!(deps.contains(&"good_lp".to_string()), "{deps:?}");
    let words = game_words();
    for d in &deps {
        let name = d.to_lowercase().replace('_', "-");
        assert_ne!(name, "gamebounds", "the core depends on the application");
        let game = words.iter().find(|w| name.contains(&w.replace('_', "-")));
        assert!(game.is_none(), "the core depends on `{d}`, a game's crate");
    }
}

/// The checks themselves: a game's name is seen in code and in a string, never in a
/// comment, and a dependency is read from every dependency table.
#[test]
fn the_checks_see_what_they_look_for() {
    let words = game_words();
    let code =
        "// cribbage\nlet x = 'c'; /* haggle */ let y = \"modern-art\"; use crate::lost_cities;\n\
                fn f<'a>(s: &'a str) { let r = r#\"Traveller\"#; }";
    let found = named_games(&without_comments(code), &words);
    assert_eq!(found.len(), 3, "{found:?}");
    assert!(found.iter().any(|f| f.contains("`traveller`")), "{found:?}");
    assert!(!found
        .iter()
        .any(|f| f.contains("cribbage") || f.contains("haggle")));
    let toml = "[package]\nname = \"x\"\n[dependencies]\nanyhow = \"1\"\n\
                [target.'cfg(unix)'.dev-dependencies]\ngamebounds-cribbage = { path = \"..\" }\n";
    assert_eq!(dependencies(toml), ["anyhow", "gamebounds-cribbage"]);
}
