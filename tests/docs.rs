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
