//! The docs match the binary: the keys tables of `docs/variants.md` are what
//! `gamebounds <game> keys` prints.

mod common;

use common::{run_ok, stdout};

const GAMES: [&str; 5] = [
    "modern-art",
    "cribbage",
    "haggle",
    "lost-cities",
    "traveller",
];

/// The table after `<!-- `gamebounds GAME keys` … -->` in `page`.
fn keys_table<'a>(page: &'a str, game: &str) -> &'a str {
    let mark = format!("<!-- `gamebounds {game} keys` prints this table");
    let at = page
        .find(&mark)
        .unwrap_or_else(|| panic!("docs/variants.md: no keys table for {game}"));
    let from = at + page[at..].find("\n\n|").expect("a table after the mark") + 2;
    let len = page[from..].find("\n\n").unwrap_or(page.len() - from);
    &page[from..from + len]
}

/// Each game's keys table in `docs/variants.md` is the output of `gamebounds GAME keys`
/// (run it and paste its output when a key's line changes), and the JSON has the same rows.
#[test]
fn variants_page_shows_every_games_keys() {
    let page = std::fs::read_to_string(common::root().join("docs/variants.md")).unwrap();
    for game in GAMES {
        let printed = stdout(&run_ok(&[game, "keys"]));
        assert_eq!(keys_table(&page, game), printed.trim_end(), "{game}");
        let json: serde_json::Value =
            serde_json::from_str(&stdout(&run_ok(&["--json", game, "keys"]))).unwrap();
        assert_eq!(json["columns"][0], "key");
        let rows = json["rows"].as_array().unwrap();
        assert_eq!(rows.len() + 2, printed.trim_end().lines().count(), "{game}");
    }
    // Typed defaults: numbers as numbers, lists as lists.
    let json: serde_json::Value =
        serde_json::from_str(&stdout(&run_ok(&["--json", "modern-art", "keys"]))).unwrap();
    let row = |k: &str| {
        json["rows"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r[0] == k)
            .cloned()
            .unwrap()
    };
    assert_eq!(row("rounds")[1], 4);
    assert_eq!(row("deal.2")[1], serde_json::json!([13, 6, 6, 3]));
    assert_eq!(row("award_target")[3], "`any` or `own`");
}

/// `keys` writes no episode: `--out` is refused.
#[test]
fn keys_refuses_out() {
    let e = common::run_bad_input(&["--out", "x.json", "traveller", "keys"]);
    assert!(e.contains("writes no episode"), "{e}");
}

/// The verbs `gamebounds GAME --help` lists (clap's `help` aside).
fn verbs(game: &str) -> Vec<String> {
    let help = stdout(&run_ok(&[game, "--help"]));
    help.lines()
        .skip_while(|l| *l != "Commands:")
        .skip(1)
        .take_while(|l| !l.is_empty())
        .filter(|l| l.starts_with("  ") && !l.starts_with("   "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|v| *v != "help")
        .map(str::to_string)
        .collect()
}

/// The first column of `page`'s `| verb | what it does |` table, without backticks.
fn verb_table(page: &str) -> Vec<String> {
    page.lines()
        .skip_while(|l| !l.starts_with("| verb |"))
        .skip(2)
        .take_while(|l| l.starts_with('|'))
        .filter_map(|l| l.split('|').nth(1))
        .map(|c| c.trim().trim_matches('`').to_string())
        .collect()
}

/// Every verb a game's `--help` lists is in the verb table of its page, and
/// `gamebounds --help` lists the same verbs as the game's own `--help`.
#[test]
fn every_verb_is_in_its_games_page_and_the_top_help() {
    let top = stdout(&run_ok(&["--help"]));
    for game in GAMES {
        let verbs = verbs(game);
        assert!(
            verbs.len() > 3 && verbs.contains(&"keys".to_string()),
            "{game}: {verbs:?}"
        );
        let page = std::fs::read_to_string(common::root().join(format!("docs/{game}.md"))).unwrap();
        let table = verb_table(&page);
        for v in &verbs {
            assert!(
                table.contains(v),
                "docs/{game}.md: verb `{v}` missing from its verb table {table:?}"
            );
        }
        let listed = top
            .lines()
            .skip_while(|l| !l.starts_with("Games and verbs"))
            .find_map(|l| {
                l.trim_start()
                    .strip_prefix(game)
                    .filter(|r| r.starts_with(' '))
            })
            .unwrap_or_else(|| panic!("gamebounds --help does not list {game}"));
        let listed: Vec<&str> = listed.split('|').map(str::trim).collect();
        assert_eq!(listed, verbs, "{game}: gamebounds --help and {game} --help");
    }
}

/// The cells of a table row: `|` outside inline code and not escaped separates them.
fn cells(line: &str) -> usize {
    let (mut code, mut escaped, mut bars) = (false, false, 0);
    for c in line.trim().chars() {
        match c {
            _ if escaped => escaped = false,
            '\\' => escaped = true,
            '`' => code = !code,
            '|' if !code => bars += 1,
            _ => {}
        }
    }
    bars
}

/// Every markdown file under `dir`, recursively.
fn markdown(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            markdown(&p, out);
        } else if p.extension().is_some_and(|x| x == "md") {
            out.push(p);
        }
    }
}

/// What is wrong with the tables of one page: a run of `|` lines (outside code blocks)
/// without the header's separator as its second line (a blank line cut a table in two),
/// or a row whose cell count is not its header's.
fn table_faults(name: &str, text: &str) -> Vec<String> {
    let lines: Vec<&str> = text.lines().collect();
    let mut faults = Vec::new();
    let (mut fence, mut i) = (false, 0);
    while i < lines.len() {
        if lines[i].starts_with("```") {
            fence = !fence;
        }
        if fence || !lines[i].starts_with('|') {
            i += 1;
            continue;
        }
        let start = i;
        while i < lines.len() && lines[i].starts_with('|') {
            i += 1;
        }
        let separator = |l: &str| l.chars().all(|c| matches!(c, '|' | '-' | ':' | ' '));
        if i - start < 2 || !separator(lines[start + 1]) {
            faults.push(format!("{name}:{}: a table without its header", start + 1));
            continue;
        }
        let n = cells(lines[start]);
        for (k, row) in lines.iter().enumerate().take(i).skip(start) {
            if cells(row) != n {
                faults.push(format!(
                    "{name}:{}: {} cells, the header {n}",
                    k + 1,
                    cells(row)
                ));
            }
        }
    }
    faults
}

/// Every markdown table in `docs/` and the README parses: each starts with its header
/// and separator, and every row has the header's cell count.
#[test]
fn every_doc_table_parses() {
    let mut pages = vec![common::root().join("README.md")];
    markdown(&common::root().join("docs"), &mut pages);
    let mut faults = Vec::new();
    for p in &pages {
        let name = p
            .strip_prefix(common::root())
            .unwrap()
            .display()
            .to_string();
        faults.extend(table_faults(&name, &std::fs::read_to_string(p).unwrap()));
    }
    assert!(faults.is_empty(), "{}", faults.join("\n"));
    // The check sees the faults the issue found: a blank line inside a table, a short row.
    let cut = "| key | value |\n|---|---|\n| a | b |\n\n| c | d |\n";
    assert_eq!(table_faults("t", cut), ["t:5: a table without its header"]);
    let short = "| a | b |\n|---|---|\n| `x|y` | z |\n| only |\n";
    assert_eq!(table_faults("t", short), ["t:4: 2 cells, the header 3"]);
}
