//! The examples in `README.md` and `docs/*.md` are tests: every ```` ```console ```` block
//! is run here and its output compared, so a page cannot show output the tool no longer
//! prints.
//!
//! The format is trycmd's markdown subset:
//! - `$ gamebounds ARGS…` runs the binary built for these tests, from the repository root;
//!   arguments split like a shell's words (`'…'` and `"…"` quote, no pipes, no globs);
//! - an optional `? N` line right after it is the expected exit code (default 0);
//! - the lines after it, up to the next `$` line or the end of the block, are the expected
//!   stdout followed by the expected stderr (trailing spaces ignored);
//! - `[..]` in a line matches any text within that line, and a line `...` matches any
//!   number of lines (timings, long tables cut short).
//!
//! ```` ```sh ```` and ```` ```text ```` blocks are not run: they hold commands too slow for
//! a test. Only the top level of `docs/` is read (`docs/notebook/` and `docs/rules/` hold
//! records and rules, not examples).

mod common;

use std::path::{Path, PathBuf};

/// One `$` command of a console block, with what it must print.
#[derive(Debug)]
struct Example {
    /// Where the `$` line is, as `FILE:LINE`.
    at: String,
    args: Vec<String>,
    code: i32,
    expected: Vec<String>,
}

/// Split a command line into words: spaces separate, quotes group, `\` escapes one char.
fn words(line: &str) -> Result<Vec<String>, String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut in_word = false;
    let mut quote: Option<char> = None;
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => cur.push(c),
            (None, '\'' | '"') => {
                quote = Some(c);
                in_word = true;
            }
            (None, '\\') => {
                cur.extend(chars.next());
                in_word = true;
            }
            (None, c) if c.is_whitespace() => {
                if in_word {
                    out.push(std::mem::take(&mut cur));
                    in_word = false;
                }
            }
            (None, '|' | '>' | '<' | ';' | '&' | '*') => {
                return Err(format!("`{c}` needs a shell; examples run without one"))
            }
            (None, c) => {
                cur.push(c);
                in_word = true;
            }
        }
    }
    if quote.is_some() {
        return Err("an unclosed quote".into());
    }
    if in_word {
        out.push(cur);
    }
    Ok(out)
}

/// The examples of every ```` ```console ```` block of a markdown text.
fn examples(name: &str, text: &str) -> Result<Vec<Example>, String> {
    let mut out: Vec<Example> = Vec::new();
    let mut in_console = false;
    let mut in_other = false;
    for (i, line) in text.lines().enumerate() {
        let at = format!("{name}:{}", i + 1);
        let fence = line.trim_start();
        if fence.starts_with("```") {
            if in_console || in_other {
                in_console = false;
                in_other = false;
            } else if fence.trim_start_matches('`').trim() == "console" {
                in_console = true;
                if !lines_follow_a_command(text, i) {
                    return Err(format!("{at}: a console block must start with a `$ ` line"));
                }
            } else {
                in_other = true;
            }
            continue;
        }
        if !in_console {
            continue;
        }
        if let Some(cmd) = line.strip_prefix("$ ") {
            let mut args = words(cmd).map_err(|e| format!("{at}: {e}"))?;
            if args.first().map(String::as_str) != Some("gamebounds") {
                return Err(format!("{at}: only `gamebounds …` commands are run: {cmd}"));
            }
            args.remove(0);
            out.push(Example {
                at,
                args,
                code: 0,
                expected: Vec::new(),
            });
            continue;
        }
        let ex = out
            .last_mut()
            .expect("a console block starts with a command");
        if let Some(code) = line.strip_prefix("? ") {
            if ex.expected.is_empty() {
                ex.code = code
                    .trim()
                    .parse()
                    .map_err(|_| format!("{at}: `? N` wants an exit code, not `{code}`"))?;
                continue;
            }
        }
        ex.expected.push(line.trim_end().to_string());
    }
    Ok(out)
}

/// Whether the first line after the fence at line `i` (0-based) is a `$ ` command.
fn lines_follow_a_command(text: &str, i: usize) -> bool {
    text.lines().nth(i + 1).is_some_and(|l| l.starts_with("$ "))
}

/// Whether `actual` matches the pattern line `pat`, where `[..]` matches any text.
fn line_matches(pat: &str, actual: &str) -> bool {
    let parts: Vec<&str> = pat.split("[..]").collect();
    if parts.len() == 1 {
        return pat == actual;
    }
    let (first, last) = (parts[0], parts[parts.len() - 1]);
    if !actual.starts_with(first) || actual.len() < first.len() + last.len() {
        return false;
    }
    let mut rest = &actual[first.len()..];
    for mid in &parts[1..parts.len() - 1] {
        match rest.find(mid) {
            Some(k) => rest = &rest[k + mid.len()..],
            None => return false,
        }
    }
    rest.ends_with(last)
}

/// Whether the `actual` lines match the `expected` pattern lines (`...` for any lines).
fn output_matches(expected: &[String], actual: &[&str]) -> bool {
    match expected.split_first() {
        None => actual.is_empty(),
        Some((p, rest)) if p == "..." => {
            (0..=actual.len()).any(|k| output_matches(rest, &actual[k..]))
        }
        Some((p, rest)) => actual
            .split_first()
            .is_some_and(|(a, more)| line_matches(p, a) && output_matches(rest, more)),
    }
}

/// Run one example; `Err` says how it differs.
fn run(ex: &Example) -> Result<(), String> {
    let args: Vec<&str> = ex.args.iter().map(String::as_str).collect();
    let o = common::run(&args);
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    );
    let actual: Vec<&str> = text.lines().map(str::trim_end).collect();
    let mut expected = ex.expected.clone();
    while expected.last().is_some_and(|l| l.is_empty()) {
        expected.pop();
    }
    let mut trimmed: &[&str] = &actual;
    while let Some((l, rest)) = trimmed.split_last() {
        if !l.is_empty() {
            break;
        }
        trimmed = rest;
    }
    let code = o.status.code().unwrap_or(-1);
    if code == ex.code && output_matches(&expected, trimmed) {
        return Ok(());
    }
    Err(format!(
        "{}: `gamebounds {}`\n  exit code: expected {}, got {code}\n  expected output:\n{}\n  actual output:\n{}",
        ex.at,
        ex.args.join(" "),
        ex.code,
        indent(&expected.join("\n")),
        indent(&trimmed.join("\n")),
    ))
}

fn indent(s: &str) -> String {
    s.lines().map(|l| format!("    | {l}\n")).collect()
}

/// Run every example of the markdown files `files` and fail naming each one that differs.
fn check(files: &[PathBuf]) {
    let root = common::root();
    let mut failures = Vec::new();
    let mut count = 0;
    for file in files {
        let name = file
            .strip_prefix(&root)
            .unwrap_or(file)
            .display()
            .to_string();
        let text = std::fs::read_to_string(file).expect("the page is readable");
        let exs = examples(&name, &text).unwrap_or_else(|e| panic!("{e}"));
        count += exs.len();
        failures.extend(exs.iter().filter_map(|ex| run(ex).err()));
    }
    assert!(
        failures.is_empty(),
        "{} of {count} examples differ:\n\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// The markdown files at the top level of `dir`, sorted.
fn pages(dir: &Path) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|rd| rd.filter_map(Result::ok).map(|e| e.path()).collect())
        .unwrap_or_default();
    out.retain(|p| p.is_file() && p.extension().is_some_and(|e| e == "md"));
    out.sort();
    out
}

#[test]
fn readme_examples_print_what_they_show() {
    let readme = common::root().join("README.md");
    let n = examples("README.md", &std::fs::read_to_string(&readme).unwrap())
        .unwrap()
        .len();
    assert!(
        n >= 5,
        "README.md shows {n} console examples; one per game at least"
    );
    check(&[readme]);
}

#[test]
fn docs_examples_print_what_they_show() {
    check(&pages(&common::root().join("docs")));
}

#[test]
fn a_changed_output_fails() {
    let page = "```console\n$ gamebounds x --y 'a b'\n? 2\nscore 29\n...\nlast [..] s\n```\n";
    let exs = examples("t.md", page).unwrap();
    assert_eq!(exs.len(), 1);
    assert_eq!(exs[0].args, ["x", "--y", "a b"]);
    assert_eq!(exs[0].code, 2);
    let ok = ["score 29", "a", "b", "last 0.21 s"];
    assert!(output_matches(&exs[0].expected, &ok));
    assert!(output_matches(&exs[0].expected, &["score 29", "last  s"]));
    assert!(!output_matches(&exs[0].expected, &["score 28", "last 1 s"]));
    assert!(!output_matches(
        &exs[0].expected,
        &["score 29", "last 1 s", "more"]
    ));
    assert!(!output_matches(
        &exs[0].expected,
        &["score 29", "first 1 s"]
    ));
    assert!(!line_matches("a [..] b", "a b"));
    assert!(examples("t.md", "```console\nls\n```\n").is_err());
    assert!(examples("t.md", "```console\n$ ls\n```\n").is_err());
    assert!(examples("t.md", "```console\n$ gamebounds a | b\n```\n").is_err());
    assert!(examples("t.md", "```sh\n$ anything | at all\n```\n")
        .unwrap()
        .is_empty());
}
