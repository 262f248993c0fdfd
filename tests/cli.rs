//! The command line's contract for bad input: one line on stderr, exit code 2, no panic.

mod common;

use common::{bad_input, root, run, run_env, scratch, stderr, stdout};

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

/// The verbs of `gamebounds <game>`, read from its `--help` (every game lists them under
/// `Commands:`, one a line).
fn verbs(game: &str) -> Vec<String> {
    let help = stdout(&run(&[game, "--help"]));
    help.lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| !l.trim().is_empty())
        .filter(|l| l.starts_with("  ") && !l.starts_with("   "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|v| *v != "help")
        .map(String::from)
        .collect()
}

/// The first timing in `text`: a number (in digits or words) followed by a unit of time,
/// such as `97.5 s`, `8 s)`, `30 seconds` or `two minutes`.
fn timing(text: &str) -> Option<String> {
    const WORDS: [&str; 9] = [
        "a", "one", "two", "three", "few", "several", "half", "ten", "under",
    ];
    const UNITS: [&str; 10] = [
        "s", "ms", "sec", "second", "seconds", "min", "minute", "minutes", "hour", "hours",
    ];
    let toks: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || "(),;:[]".contains(c))
        .filter(|t| !t.is_empty())
        .collect();
    toks.windows(2).find_map(|w| {
        let num = w[0].trim_end_matches(['.', '%']);
        let is_num = num.chars().next().is_some_and(|c| c.is_ascii_digit())
            && num
                .chars()
                .all(|c| c.is_ascii_digit() || ".,–-".contains(c));
        let unit = w[1].trim_end_matches(['.', '\'']);
        let word = WORDS.contains(&num.to_lowercase().as_str());
        ((is_num || word) && UNITS.contains(&unit)).then(|| format!("{} {}", w[0], w[1]))
    })
}

#[test]
fn the_timing_finder_finds_timings() {
    for t in [
        "in 97.5 s at",
        "(8 s)",
        "takes 30 seconds",
        "two minutes",
        "0.3 s, 8 s",
    ] {
        assert!(timing(t).is_some(), "{t}");
    }
    for t in [
        "after S seconds",
        "default: 120",
        "300 per part",
        "T = 50 steps",
        "2–5 s-curves",
    ] {
        assert!(timing(t).is_none(), "{t}");
    }
}

/// No help text quotes a timing: timings change with the machine and the code, and live in
/// `results/bench-*.md`. And `modern-art solve --help`, the one a newcomer reads first,
/// fits a screen.
#[test]
fn help_texts_quote_no_timing() {
    let mut pages = vec![vec!["--help".to_string()]];
    for game in [
        "modern-art",
        "cribbage",
        "haggle",
        "lost-cities",
        "traveller",
    ] {
        pages.push(vec![game.into(), "--help".into()]);
        let vs = verbs(game);
        assert!(vs.len() >= 3, "{game}: verbs {vs:?}");
        for v in vs {
            pages.push(vec![game.into(), v, "--help".into()]);
        }
    }
    for v in ["render", "verify"] {
        pages.push(vec![v.into(), "--help".into()]);
    }
    for args in &pages {
        let a: Vec<&str> = args.iter().map(String::as_str).collect();
        let o = run(&a);
        assert!(o.status.success(), "{a:?}");
        let text = stdout(&o);
        if let Some(t) = timing(&text) {
            panic!("`gamebounds {}` quotes a timing: `{t}`", a.join(" "));
        }
    }
    let solve = stdout(&run(&["modern-art", "solve", "--help"]));
    let n = solve.lines().count();
    assert!(
        n <= 60,
        "modern-art solve --help prints {n} lines (60 at most)"
    );
    assert!(solve.contains("docs/modern-art"), "it points to the docs");
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

#[test]
fn compare_reads_every_variant_before_solving() {
    // m01-plain deals for 2 players only: the 3-player cell fails before the 2-player
    // one is solved, so nothing is printed.
    let mini = "models/modern-art/mini/m01-plain.json";
    let o = run(&[
        "modern-art",
        "compare",
        "--players",
        "2,3",
        "--variant",
        mini,
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stdout(&o).is_empty(), "{}", stdout(&o));
    let e = stderr(&o);
    assert!(e.contains("has no row for 3 players"), "{e}");
    assert!(!e.contains("proven maximum"), "solved before failing: {e}");
}

/// `compare` names rows and `--out-dir` files by the variant's name: two files with one name
/// (a copy edited but not renamed), a file given twice or a player count given twice are
/// refused before anything is solved, naming what to change.
#[test]
fn compare_refuses_variants_it_could_not_tell_apart() {
    let mini = "models/modern-art/mini/m01-plain.json";
    let text = std::fs::read_to_string(root().join(mini)).unwrap();
    let deck = root().join("models/modern-art/mini");
    let mut copy: serde_json::Value = serde_json::from_str(&text).unwrap();
    let relative = copy["deck"].as_str().unwrap().to_string();
    copy["deck"] = serde_json::Value::from(deck.join(relative).to_str().unwrap());
    let copy = tmp("m01-copy.json", &copy.to_string());
    let cases = [
        (
            vec![
                "--players",
                "2",
                "--variant",
                mini,
                "--variant",
                copy.to_str().unwrap(),
            ],
            "two variants are named \"m01-plain\"",
        ),
        (
            vec!["--players", "2", "--variant", mini, "--variant", mini],
            "variant models/modern-art/mini/m01-plain.json is given twice",
        ),
        (
            vec!["--players", "2,2", "--variant", mini],
            "--players lists 2 twice",
        ),
    ];
    for (args, want) in cases {
        let mut all = vec!["modern-art", "compare"];
        all.extend(args.iter().copied());
        let o = run(&all);
        let e = bad_input(&o, &all);
        assert!(stdout(&o).is_empty(), "solved: {}", stdout(&o));
        assert!(e.contains(want), "{args:?}: {e}");
    }
}

#[test]
fn compare_writes_each_cell_and_keeps_the_table_when_one_fails() {
    let dir = scratch("compare");
    let (m01, m02) = (
        "models/modern-art/mini/m01-plain.json",
        "models/modern-art/mini/m02-two-rounds.json",
    );
    let o = run(&[
        "modern-art",
        "compare",
        "--players",
        "2",
        "--variant",
        m01,
        "--variant",
        m02,
        "--out-dir",
        dir.to_str().unwrap(),
        "--quiet",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let table = stdout(&o);
    assert!(
        table.contains("m01-plain") && table.contains("m02-two-rounds"),
        "{table}"
    );
    for cell in ["modern-art-m01-plain-2p", "modern-art-m02-two-rounds-2p"] {
        let file = dir.join(format!("{cell}.json"));
        let v = run(&["verify", file.to_str().unwrap()]);
        assert!(
            stdout(&v).starts_with("certified"),
            "{cell}: {}",
            stderr(&v)
        );
        assert!(dir.join(format!("{cell}.md")).exists(), "{cell}.md");
    }
    // The table beside the cells embeds its chart, which shows both maxima.
    let page = std::fs::read_to_string(dir.join("modern-art-compare.md")).unwrap();
    assert!(page.contains("](modern-art-compare.svg)"), "{page}");
    let svg = std::fs::read_to_string(dir.join("modern-art-compare.svg")).unwrap();
    for line in table.lines().skip(2) {
        let max = line.split('|').nth(4).unwrap().trim();
        assert!(svg.contains(&format!(">{max}</text>")), "{max}: {svg}");
    }
    // A folder that is a file: refused before any solving.
    let blocked = dir.join("a-file");
    std::fs::write(&blocked, "").unwrap();
    let o = run(&[
        "modern-art",
        "compare",
        "--players",
        "2",
        "--variant",
        m01,
        "--out-dir",
        blocked.to_str().unwrap(),
    ]);
    let e = common::bad_input(&o, &["modern-art", "compare", "--out-dir"]);
    assert!(e.contains("is a file; give a folder"), "{e}");
    assert!(stdout(&o).is_empty(), "{}", stdout(&o));
}

#[test]
fn results_refuses_out() {
    let e = common::run_bad_input(&["modern-art", "results", "--out", "x.json"]);
    assert!(e.contains("results writes its episodes to games/"), "{e}");
}

/// A diagnostic fixing (`--fix awards=0`, …) restricts the game: the commands that
/// tabulate maxima refuse to run under one, before reading anything. They run in a scratch
/// directory, so that a broken refusal fails on the missing `models/` instead of rewriting
/// the repository's `games/` and `results/`.
#[test]
fn tables_refuse_diagnostic_fixings() {
    let away = scratch("cli-fixings");
    for args in [
        vec![
            "modern-art",
            "results",
            "--players",
            "2",
            "--fix",
            "awards=0",
        ],
        vec![
            "modern-art",
            "compare",
            "--players",
            "2",
            "--variant",
            "models/modern-art/standard.json",
            "--fix",
            "awards=0",
        ],
        vec!["modern-art", "bench", "--players", "2", "--fix", "awards=0"],
        vec!["modern-art", "bench", "--certify", "--fix", "awards=0"],
    ] {
        let o = common::run_env(&away, &args, &[]);
        let e = bad_input(&o, &args);
        assert!(
            e.starts_with("error: --fix awards=0: it restricts the game"),
            "{args:?}: {e}"
        );
    }
}

/// A bad `--tuning` file (an unknown field, a value of the wrong type or out of range,
/// a file that is missing or not JSON) or a bad `--fix` is one line naming what is wrong,
/// exit 2, on every command that takes them, before anything is solved.
#[test]
fn bad_tuning_files_and_fixes_exit_2_naming_the_field() {
    let dir = scratch("cli-tuning");
    let write = |name: &str, text: &str| {
        let p = dir.join(name);
        std::fs::write(&p, text).unwrap();
        p.to_str().unwrap().to_string()
    };
    let cases = [
        (
            write("unknown.json", r#"{"near_nodez": 5}"#),
            "unknown field `near_nodez`",
        ),
        (
            write("type.json", r#"{"near_nodes": "many"}"#),
            "field `near_nodes`: ",
        ),
        (
            write("range.json", r#"{"dive_share": 2}"#),
            "field `dive_share`: ",
        ),
        (write("broken.json", "{"), "not JSON"),
        (
            dir.join("missing.json").to_str().unwrap().to_string(),
            "cannot read",
        ),
    ];
    let mini = "models/modern-art/mini/m01-plain.json";
    for (file, says) in &cases {
        for verb in [
            &["solve", "--variant", mini][..],
            &["compare", "--players", "2", "--variant", mini],
            &["results", "--tables-only"],
            &["bench", "--players", "2"],
        ] {
            let args = [&["modern-art"][..], verb, &["--tuning", file]].concat();
            let e = bad_input(&run(&args), &args);
            assert!(e.contains(says) && e.contains("--tuning"), "{args:?}: {e}");
        }
    }
    let args = ["modern-art", "solve", "--variant", mini, "--fix", "bogus=1"];
    let e = bad_input(&run(&args), &args);
    assert!(e.contains("--fix bogus=1: unknown key `bogus`"), "{e}");
    // A game to start from only means something to a split; one solve says so (it
    // used to be ignored silently, and without --split clap named no argument).
    let start = "games/modern-art-2p-standard.json";
    let args = [
        "modern-art",
        "solve",
        "--variant",
        mini,
        "--split",
        "whole",
        "--start",
        start,
    ];
    let e = bad_input(&run(&args), &args);
    assert!(e.contains("--start: only a split solve"), "{e}");
    // The shipped defaults are a valid tuning file.
    let args = [
        "modern-art",
        "solve",
        "--variant",
        mini,
        "--tuning",
        "models/modern-art/tuning/default.json",
        "--quiet",
    ];
    let o = run(&args);
    assert!(o.status.success(), "{}", stderr(&o));
}

/// `solve` under a diagnostic fixing never calls its value the game's maximum: the
/// verdict and the episode say which diagnostics restricted it.
#[test]
fn solve_under_a_diagnostic_fixing_says_it_is_restricted() {
    let out = scratch("cli").join("fixed.json");
    let mini = "models/modern-art/mini/m22-every-symbol.json";
    let args = [
        "modern-art",
        "solve",
        "--variant",
        mini,
        "--out",
        out.to_str().unwrap(),
        "--fix",
        "awards=0",
    ];
    let o = run(&args);
    assert!(o.status.success(), "{}", stderr(&o));
    let e = stderr(&o);
    assert!(
        e.contains("among the games the diagnostics --fix awards=0 allow (not the game's maximum)"),
        "{e}"
    );
    let episode = std::fs::read_to_string(&out).unwrap();
    assert!(
        episode.contains("\"restricted\": \"the games the diagnostics --fix awards=0 allow\""),
        "{episode}"
    );
}

/// An episode names the HiGHS seed it was solved with (`--highs-seed`), in the JSON and
/// in its markdown; seed 0, the default, is left out of both (so the committed episodes
/// read the same as before the field).
#[test]
fn an_episode_names_its_highs_seed() {
    let mini = "models/modern-art/mini/m22-every-symbol.json";
    for (seed, shown) in [("5", true), ("0", false)] {
        let out = scratch("cli").join(format!("seed{seed}.json"));
        let args = [
            "modern-art",
            "solve",
            "--variant",
            mini,
            "--highs-seed",
            seed,
            "--out",
            out.to_str().unwrap(),
        ];
        let o = run(&args);
        assert!(o.status.success(), "{}", stderr(&o));
        let episode = std::fs::read_to_string(&out).unwrap();
        let md = std::fs::read_to_string(out.with_extension("md")).unwrap();
        let named = format!("\"seed\": {seed}");
        assert_eq!(episode.contains(&named), shown, "{episode}");
        assert_eq!(md.contains(&format!("seed {seed},")), shown, "{md}");
    }
}

/// Outside the checkout (no `models/` in the working directory, as for an installed
/// binary) a Modern Art command given no `--variant` uses the standard variant built into
/// the binary; a variant named on the command line must still be there, and the verbs
/// that rewrite the checkout refuse to run.
#[test]
fn modern_art_without_models_uses_the_built_in_standard_variant() {
    let dir = scratch("cli-outside");
    // A one-second unsplit solve: a game of the standard rules (or, on a machine too slow
    // to find one in that second, the error naming the model it built).
    let args = [
        "modern-art",
        "solve",
        "--players",
        "3",
        "--split",
        "whole",
        "--time-limit",
        "1",
        "--quiet",
        "--json",
    ];
    let o = run_env(&dir, &args, &[]);
    if o.status.success() {
        let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        assert_eq!(v["variant"]["variant"]["name"], "standard");
        assert_eq!(v["variant"]["deck"]["name"], "default");
        assert_eq!(v["variant"]["players"], 3);
    } else {
        assert!(stderr(&o).contains("3p standard"), "{}", stderr(&o));
    }
    // Errors name the built-in copy.
    let six = ["modern-art", "solve", "--players", "6"];
    let e = bad_input(&run_env(&dir, &six, &[]), &six);
    assert!(e.contains("standard.json (built in): 6 players"), "{e}");
    // The verbs that rewrite the checkout's games/ and results/ say where to run them.
    for verb in [
        &["results", "--tables-only"][..],
        &["bench", "--players", "2"],
        &["bench", "--certify"],
    ] {
        let args = [&["modern-art"][..], verb].concat();
        let e = bad_input(&run_env(&dir, &args, &[]), &args);
        assert!(e.contains("run it from the gamebounds checkout"), "{e}");
    }
    assert!(!dir.join("results").exists() && !dir.join("games").exists());
    let named = [
        "modern-art",
        "solve",
        "--variant",
        "models/modern-art/standard.json",
    ];
    let e = bad_input(&run_env(&dir, &named, &[]), &named);
    assert!(
        e.contains("cannot read variant file models/modern-art/standard.json"),
        "{e}"
    );
}

/// A split run without `--out` says where an interrupt would write its best game (the
/// system's temporary directory, `TMPDIR`), and, ending normally, leaves nothing there
/// (`tests/cli_outputs.rs` interrupts one).
#[test]
fn a_split_without_out_leaves_nothing_in_the_temporary_directory() {
    let tmp = scratch("cli-interim");
    let args = [
        "modern-art",
        "solve",
        "--variant",
        "models/modern-art/mini/m22-every-symbol.json",
    ];
    let o = run_env(&root(), &args, &[("TMPDIR", tmp.to_str().unwrap())]);
    assert!(o.status.success(), "{}", stderr(&o));
    let kept = tmp.join("gamebounds-modern-art-2p-m22-every-symbol-max-player.json");
    let said = format!(
        "best so far 17 (an interrupt writes it to {})",
        kept.display()
    );
    assert!(stderr(&o).contains(&said), "{}", stderr(&o));
    let left: Vec<_> = std::fs::read_dir(&tmp).unwrap().collect();
    assert!(left.is_empty(), "{left:?}");
}

/// A bad command line gets clap's whole message, not its first line: the argument
/// missing, a similar name, the values allowed and the usage line (exit 2).
#[test]
fn argument_errors_keep_their_content() {
    let cases: [(&[&str], &[&str]); 4] = [
        (
            &["haggle", "goal", "--known", "2,7,9"],
            &[
                "required arguments",
                "--hand",
                "Usage: gamebounds haggle goal",
            ],
        ),
        (
            &["modern-art", "solv"],
            &["similar subcommand exists: 'solve'"],
        ),
        (
            &["modern-art", "bound", "--playres", "2"],
            &["similar argument exists: '--players'"],
        ),
        (
            &["traveller", "bound", "--steps", "20", "--method", "foo"],
            &["possible values: auto, labels, ilp, events"],
        ),
    ];
    for (args, said) in cases {
        let e = bad_input(&run(args), args);
        for s in said {
            assert!(e.contains(s), "{args:?}: {s}: {e}");
        }
        assert!(e.trim_end().ends_with(common::CLAP_LAST), "{e}");
    }
}
