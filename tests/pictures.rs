//! The pictures as a reader sees them: each game's SVG of a committed episode parses as
//! XML and shows what it claims, with the numbers of the episode (round boards, stacks,
//! scores, bars); `render -o`, `render --svg` and `--out` write the picture and the
//! markdown embeds it.

mod common;

use common::{root, run, run_bad_input, run_ok, stderr};
use gamebounds::episode::Envelope;
use roxmltree::{Document, Node};

fn picture(episode: &str) -> (Envelope, String) {
    let env = Envelope::load(&root().join(episode)).unwrap();
    let svg = gamebounds::games::svg(&env).unwrap();
    (env, svg)
}

/// Groups whose class list holds `class`.
fn groups<'a, 'i>(doc: &'a Document<'i>, class: &str) -> Vec<Node<'a, 'i>> {
    doc.descendants()
        .filter(|n| n.has_tag_name("g"))
        .filter(|n| {
            n.attribute("class")
                .is_some_and(|c| c.split(' ').any(|x| x == class))
        })
        .collect()
}

/// The texts of `<text>` elements with `class` under `node`, in document order.
fn texts(node: Node, class: &str) -> Vec<String> {
    node.descendants()
        .filter(|n| n.has_tag_name("text") && n.attribute("class") == Some(class))
        .map(|n| n.text().unwrap_or("").to_string())
        .collect()
}

fn title(doc: &Document) -> String {
    let t = doc
        .root_element()
        .children()
        .find(|n| n.has_tag_name("title"));
    t.and_then(|t| t.text()).unwrap_or("").to_string()
}

#[test]
fn modern_art_shows_four_round_boards_and_the_charts_with_the_episodes_numbers() {
    let (env, svg) = picture("games/modern-art-2p-standard.json");
    let doc = Document::parse(&svg).expect("the SVG parses as XML");
    let payload = &env.payload;
    let boards = groups(&doc, "round-board");
    assert_eq!(boards.len(), 4);
    for (r, board) in boards.iter().enumerate() {
        let round = &payload["rounds"][r];
        let scores: Vec<String> = round["scores"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.to_string())
            .collect();
        assert_eq!(texts(*board, "round-score"), scores, "round {}", r + 1);
        let paid: Vec<String> = round["paid"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.to_string())
            .collect();
        assert_eq!(texts(*board, "paid"), paid, "round {}", r + 1);
        // One card drawn per card the referee counts for a seat (face up, hidden, end play).
        let cards = board
            .descendants()
            .filter(|n| n.has_tag_name("rect") && n.children().any(|c| c.has_tag_name("title")))
            .count();
        let counted: u64 = ["face_up", "hidden", "end_play"]
            .iter()
            .flat_map(|k| round[k].as_array().unwrap())
            .flat_map(|seat| seat.as_array().unwrap())
            .map(|v| v.as_u64().unwrap())
            .sum();
        assert_eq!(cards as u64, counted, "round {}", r + 1);
    }
    assert!(!groups(&doc, "artist-values").is_empty());
    let players = groups(&doc, "player-scores");
    assert_eq!(players.len(), 1);
    assert!(
        title(&doc).contains("final scores P1 43, P2 441"),
        "{}",
        title(&doc)
    );
    // The last point of P2's cumulative score is the final score.
    let last = players[0]
        .descendants()
        .filter_map(|n| n.children().find(|c| c.has_tag_name("title")))
        .filter_map(|t| t.text())
        .rfind(|t| t.starts_with("P2"))
        .unwrap()
        .to_string();
    assert!(last.ends_with("round 4: 441"), "{last}");
}

#[test]
fn cribbage_draws_every_scoring_combination_and_the_histograms() {
    let (env, svg) = picture("games/cribbage-max-29.json");
    let doc = Document::parse(&svg).unwrap();
    let items = groups(&doc, "item");
    assert_eq!(
        items.len(),
        env.payload["breakdown"]["items"].as_array().unwrap().len()
    );
    let points: u64 = items
        .iter()
        .flat_map(|g| texts(*g, "points"))
        .map(|t| t.parse::<u64>().unwrap())
        .sum();
    assert_eq!(points, 29);
    assert_eq!(texts(doc.root(), "total"), ["total 29"]);
    assert_eq!(groups(&doc, "hand-card").len(), 4);
    assert_eq!(groups(&doc, "start-card").len(), 1);

    for file in [
        "results/cribbage-distribution.json",
        "results/cribbage-distribution-crib.json",
    ] {
        let (env, svg) = picture(file);
        let doc = Document::parse(&svg).unwrap();
        let bars: Vec<String> = groups(&doc, "distribution")[0]
            .descendants()
            .filter(|n| n.has_tag_name("rect"))
            .filter_map(|n| n.children().find(|c| c.has_tag_name("title")))
            .filter_map(|t| t.text().map(str::to_string))
            .collect();
        let counts = env.payload["counts"].as_array().unwrap();
        assert_eq!(bars.len(), counts.len(), "{file}");
        // Score 29 is the rarest bar drawn: 4 pairs (hand) of 12,994,800.
        let pairs = env.payload["pairs"].as_f64().unwrap();
        let share = 100.0 * counts[12].as_f64().unwrap() / pairs;
        assert!(bars[12].starts_with("12 — share: "), "{}", bars[12]);
        let shown: f64 = bars[12].rsplit(' ').next().unwrap().parse().unwrap();
        assert!((shown - share).abs() < 0.006, "{file}: {shown} vs {share}");
    }
}

#[test]
fn cribbage_discard_bars_and_the_out_files() {
    let dir = std::env::temp_dir().join(format!("gb-pictures-{}", std::process::id()));
    // --out never creates a missing directory (tests/hostile.rs): make it first.
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("discard.json");
    let o = run(&[
        "--quiet",
        "--out",
        out.to_str().unwrap(),
        "cribbage",
        "discard",
        "5H",
        "5S",
        "JD",
        "QC",
        "2C",
        "9H",
        "--dealer",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let md = std::fs::read_to_string(dir.join("discard.md")).unwrap();
    assert!(md.contains("![cribbage](discard.svg)"), "{md}");
    let svg = std::fs::read_to_string(dir.join("discard.svg")).unwrap();
    let doc = Document::parse(&svg).unwrap();
    let keeps = groups(&doc, "keeps");
    assert_eq!(keeps.len(), 1);
    // 15 keeps × (hand, crib, total) bars.
    let bars = keeps[0]
        .descendants()
        .filter(|n| n.has_tag_name("rect") && n.children().any(|c| c.has_tag_name("title")))
        .count();
    assert_eq!(bars, 45);
    let env = Envelope::load(&out).unwrap();
    let best = env.value.unwrap();
    let best_label = format!("{}", (best * 100.0).round() / 100.0);
    assert!(
        svg.contains(&format!(">{best_label}</text>")),
        "{best_label}"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn lost_cities_shows_both_players_expeditions_with_their_scores() {
    let (env, svg) = picture("games/lost-cities-5-max.json");
    let doc = Document::parse(&svg).unwrap();
    let players = groups(&doc, "player");
    assert_eq!(players.len(), 2);
    assert_eq!(groups(&doc, "expedition").len(), 10);
    assert_eq!(
        texts(players[0], "score"),
        ["148", "148", "148", "–", "136"]
    );
    assert_eq!(
        texts(players[0], "total"),
        [format!("total {}", env.payload["score"])]
    );
    // Player 1's cards are the episode's expeditions, card for card.
    let cards: Vec<String> = players[0]
        .descendants()
        .filter(|n| n.has_tag_name("rect"))
        .filter_map(|n| n.children().find(|c| c.has_tag_name("title")))
        .filter_map(|t| t.text().map(str::to_string))
        .collect();
    let claimed: Vec<String> = env.payload["expeditions"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|e| e.as_str().unwrap().split_whitespace().map(str::to_string))
        .collect();
    assert_eq!(cards, claimed);
}

#[test]
fn haggle_draws_each_hand_and_its_waterfall() {
    let (env, svg) = picture("games/haggle-spec-example.json");
    let doc = Document::parse(&svg).unwrap();
    let hands = groups(&doc, "hand");
    let scores = env.payload["scores"].as_array().unwrap();
    assert_eq!(hands.len(), scores.len());
    for (g, s) in hands.iter().zip(scores) {
        let parts: Vec<String> = s["parts"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| format!("{:+}", p["points"].as_i64().unwrap()))
            .collect();
        assert_eq!(texts(*g, "part"), parts);
        assert_eq!(texts(*g, "total"), [s["total"].to_string()]);
        let counts: Vec<String> = ["Y", "B", "R", "O", "W"]
            .iter()
            .zip(s["hand"].as_str().unwrap().split('/'))
            .map(|(c, n)| format!("{c}{n}"))
            .collect();
        assert_eq!(texts(*g, "count"), counts);
    }
    for file in [
        "games/haggle-goal-example.json",
        "games/haggle-15p-simulate-seed1.json",
        "games/haggle-15p-max-total.json",
    ] {
        let (_, svg) = picture(file);
        let doc = Document::parse(&svg).unwrap();
        assert!(!groups(&doc, "hand").is_empty(), "{file}");
    }
}

#[test]
fn traveller_draws_the_route_its_trades_and_the_cash_chart() {
    let (env, svg) = picture("games/traveller-classic-t20.json");
    let doc = Document::parse(&svg).unwrap();
    let plan = env.payload["plan"].as_array().unwrap();
    let route = groups(&doc, "route");
    assert_eq!(route.len(), 1);
    let line = route[0]
        .descendants()
        .find(|n| n.has_tag_name("polyline"))
        .unwrap();
    let points = line.attribute("points").unwrap().split(' ').count();
    assert_eq!(points, plan.len() + 1);
    let buys = plan
        .iter()
        .filter(|a| a.as_str().unwrap().starts_with("buy "))
        .count();
    assert!(buys > 0 && !groups(&doc, "buy").is_empty());
    assert!(!groups(&doc, "sell").is_empty());
    let cash = groups(&doc, "cash");
    assert_eq!(cash.len(), 1);
    assert_eq!(groups(&doc, "load").len(), 1);
    let last = cash[0]
        .descendants()
        .filter_map(|n| n.children().find(|c| c.has_tag_name("title")))
        .filter_map(|t| t.text())
        .next_back()
        .unwrap()
        .to_string();
    let value = env.value.unwrap();
    assert!(last.ends_with(&format!(": {value}")), "{last} vs {value}");
}

#[test]
fn render_writes_the_picture_and_embeds_it() {
    let dir = std::env::temp_dir().join(format!("gb-render-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let svg = dir.join("x.svg");
    run_ok(&[
        "render",
        "games/lost-cities-5-max.json",
        "--svg",
        svg.to_str().unwrap(),
    ]);
    Document::parse(&std::fs::read_to_string(&svg).unwrap()).unwrap();
    let md = dir.join("page.md");
    run_ok(&[
        "render",
        "games/haggle-spec-example.json",
        "-o",
        md.to_str().unwrap(),
    ]);
    let text = std::fs::read_to_string(&md).unwrap();
    assert!(
        text.starts_with("# haggle — score\n\n![haggle](page.svg)\n"),
        "{text}"
    );
    assert!(dir.join("page.svg").exists());
    let err = run_bad_input(&["render", "games/nope.json", "--svg", svg.to_str().unwrap()]);
    assert!(err.contains("cannot read episode file"), "{err}");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn pictures_are_linked_relative_to_their_page() {
    use gamebounds::cli::relative;
    use std::path::Path;
    let r = |a: &str, b: &str| relative(Path::new(a), Path::new(b));
    assert_eq!(r("games/x.md", "games/x.svg"), "x.svg");
    assert_eq!(r("x.md", "x.svg"), "x.svg");
    assert_eq!(
        r("results/lost-cities.md", "games/lost-cities-5-max.svg"),
        "../games/lost-cities-5-max.svg"
    );
    assert!(r("a/b/page.md", "c/x.svg").ends_with("/c/x.svg"));
}
