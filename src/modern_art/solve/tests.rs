use super::*;
use crate::modern_art::parts::leads_text;

/// A variant's name from a user's file goes into file names only as letters, digits
/// and `-`: `compare --out-dir` cells and the split's temporary file stay where they belong.
#[test]
fn variant_names_in_file_names_cannot_leave_the_directory() {
    assert_eq!(file_safe("standard"), "standard");
    assert_eq!(file_safe("../my rules/2.0"), "___my_rules_2_0");
    let cell = cell_file(std::path::Path::new("out"), "../x y", 3);
    assert_eq!(cell, std::path::Path::new("out/modern-art-___x_y-3p.json"));
}

/// The episode names the part and says when the search's proof attempt closed it.
#[test]
fn a_searched_game_says_where_it_was_found_and_whether_its_part_closed() {
    let mut g = SearchedGame {
        value: 343,
        part: "any artist: 5 tokens".to_string(),
        seconds: 117.06,
        closed: false,
    };
    assert_eq!(
        g.describe().to_string(),
        "a neighbourhood search of the part \"any artist: 5 tokens\" (117.1 s)"
    );
    g.closed = true;
    assert!(
        g.describe()
            .to_string()
            .ends_with("(117.1 s), whose proof attempt then closed that part against it"),
        "{}",
        g.describe()
    );
}

/// 4 players attempt no ranking pieces in the search and search games without empty
/// hands; the other counts keep 2000 piece nodes and every game, and nothing else moves.
#[test]
fn only_four_players_search_without_piece_attempts_or_empty_hands() {
    let t = Tuning::default();
    let four = t.search_limits(4);
    assert_eq!(four.pieces, 0);
    assert_eq!(four.no_skip, 5000);
    assert_eq!(
        SearchLimits {
            pieces: 2000,
            no_skip: 0,
            ..four
        },
        SearchLimits::default()
    );
    for players in [2, 3, 5] {
        assert_eq!(t.search_limits(players), SearchLimits::default());
    }
    assert_eq!(SearchLimits::default().pieces, 2000);
}

#[test]
fn an_infeasible_solve_after_exclusions_keeps_them() {
    let e = anyhow::Error::from(crate::lp::Infeasible {
        model: "m".to_string(),
        why: crate::lp::Why::Cutoff(342.5),
    });
    assert_eq!(
        e.to_string(),
        "model `m` is infeasible: no solution beats the cutoff 342.5"
    );
    let e = e.context(AfterExclusions {
        plans: 1,
        best: 329.0,
    });
    assert!(is_infeasible(&e), "{e:#}");
    let x = e.downcast_ref::<AfterExclusions>().expect("the exclusions");
    assert_eq!((x.plans, x.best), (1, 329.0));
}

#[test]
fn exclusions_leave_a_part_unsettled_only_if_their_bound_could_beat_it() {
    // The 5-player case: a plan at 342.9999… excluded (its solve proven, bound the
    // same), 343 found again, the part's bound 343: settled.
    assert!(!tainted(1, 342.999_999_999_999_9, 343.0));
    assert!(!tainted(2, 340.2, 343.0));
    // A plan whose solve could still reach 344 (or had no bound) might hide a better game.
    assert!(tainted(1, 344.0, 343.0));
    assert!(tainted(1, f64::INFINITY, 343.0));
    // Nothing excluded: never.
    assert!(!tainted(0, f64::NEG_INFINITY, 343.0));
    assert!(!tainted(0, 400.0, 343.0));
}
/// The best-first search for the first leaf picks the leaf the scan of every leaf
/// picked (highest LP, ties to the lowest `led`, none feasible: the first), opening
/// fewer parts, on LPs that behave as relaxations do (a part's LP at least its leaves').
#[test]
fn the_first_leaf_found_best_first_is_the_highest_of_all_leaves() {
    let rounds = 4;
    let root = Leads {
        artist: 2,
        led: 0,
        decided: 0,
    };
    let leaves = root.completions(rounds);
    // Leaf LPs by `led`: distinct, tied at the top, one above the others by rounding
    // only, some parts with no game, and none with one.
    let tables: Vec<Vec<Option<f64>>> = vec![
        (0..16)
            .map(|m| Some(400.0 + ((m * 7) % 16) as f64))
            .collect(),
        (0..16)
            .map(|m| {
                Some(if m == 5 || m == 14 {
                    414.0
                } else {
                    390.0 + m as f64
                })
            })
            .collect(),
        (0..16)
            .map(|m| {
                Some(if m == 9 {
                    414.00000000000006
                } else if m == 3 {
                    413.9999999999999
                } else {
                    400.0
                })
            })
            .collect(),
        (0..16)
            .map(|m| {
                if m % 3 == 0 {
                    None
                } else {
                    Some(380.0 + m as f64)
                }
            })
            .collect(),
        vec![None; 16],
    ];
    for (t, table) in tables.iter().enumerate() {
        let leaf_lp = |l: &Leads| table[l.led as usize];
        let mut opened = 0;
        let mut lp_of = |part: Leads| -> Result<(Option<f64>, f64)> {
            opened += 1;
            let within: Vec<f64> = part
                .completions(rounds)
                .iter()
                .filter_map(leaf_lp)
                .collect();
            // A relaxation: its best leaf's LP or a little above (exactly it for a leaf).
            let slack = if part.settled(rounds) || t % 2 == 1 {
                0.0
            } else {
                0.25
            };
            let lp = within.iter().copied().reduce(f64::max).map(|b| b + slack);
            Ok((lp, 0.0))
        };
        let lps_of = |parts: &[Leads]| parts.iter().map(|&p| lp_of(p)).collect();
        let (leaf, lp, _) = highest_leaf(root, rounds, lps_of).unwrap();
        let want = leaves
            .iter()
            .min_by(|x, y| {
                let key = |l: &Leads| leaf_lp(l).unwrap_or(f64::NEG_INFINITY);
                key(y).total_cmp(&key(x)).then(x.led.cmp(&y.led))
            })
            .unwrap();
        assert_eq!((leaf, lp), (*want, leaf_lp(want)), "table {t}");
        assert!(opened < 16 + 6, "table {t}: {opened} LPs");
    }
}

#[test]
fn token_parts_near_the_best_game_are_solved_whole() {
    // 2 players, best 441: a part with LP 454 (2.9% above) whole, 459 split; 4
    // players, best 392: 397 (1.3%) whole, 399 split; with no game known every part
    // is split.
    let k = Knobs::default();
    assert!(near_best(2, 454.0, Some(441), &k));
    assert!(!near_best(2, 459.0, Some(441), &k));
    assert!(near_best(2, 441.0, Some(441), &k));
    assert!(!near_best(2, 442.0, None, &k));
    assert!(near_best(4, 397.0, Some(392), &k));
    assert!(!near_best(4, 399.0, Some(392), &k));
}

/// The leaves (every round decided) under a leads part, reached by halving.
fn leaves(l: Leads, rounds: usize) -> Vec<u32> {
    match l.halves(rounds) {
        None => vec![l.led],
        Some([a, b]) => [leaves(a, rounds), leaves(b, rounds)].concat(),
    }
}

#[test]
fn halving_the_leads_reaches_every_set_of_rounds_once() {
    let root = Leads {
        artist: 4,
        led: 0,
        decided: 0,
    };
    for rounds in 1..=4 {
        let mut got = leaves(root, rounds);
        got.sort();
        let want: Vec<u32> = (0..1u32 << rounds).collect();
        assert_eq!(got, want, "{rounds} rounds");
        let all: Vec<u32> = root.completions(rounds).iter().map(|l| l.led).collect();
        assert_eq!(all, want, "{rounds} rounds");
    }
    // A part with round 1 led and round 2 not: its completions keep both.
    let part = Leads {
        artist: 4,
        led: 0b01,
        decided: 0b11,
    };
    let led: Vec<u32> = part.completions(4).iter().map(|l| l.led).collect();
    assert_eq!(led, vec![0b0001, 0b0101, 0b1001, 0b1101]);
    assert!(part.completions(4).iter().all(|l| l.settled(4)));
    assert!(!part.settled(4) && part.settled(2));
}

#[test]
fn a_leaf_and_the_parts_around_it_hold_every_set_of_rounds_once() {
    let all = 0b1111;
    let root = Leads {
        artist: 4,
        led: 0,
        decided: 0,
    };
    for leaf in root.completions(4) {
        let parts = root.around(leaf, 4);
        assert_eq!(parts[0], leaf);
        assert_eq!(parts.len(), 5, "the leaf and one part per round");
        for m in 0..=all {
            let holding = parts
                .iter()
                .filter(|p| m & p.decided == p.led & p.decided)
                .count();
            assert_eq!(holding, 1, "leaf {:04b}, rounds {m:04b}", leaf.led);
        }
    }
    // Within a part with round 1 decided, around its leaf: rounds 2, 3 and 4.
    let part = Leads {
        artist: 4,
        led: 0,
        decided: 0b0001,
    };
    let leaf = part.completions(4)[5];
    let around = part.around(leaf, 4);
    assert_eq!(around.len(), 4);
    assert!(around.iter().all(|p| p.decided & 1 == 1 && p.led & 1 == 0));
}

#[test]
fn leads_parts_in_words() {
    let l = |led, decided| Leads {
        artist: 0,
        led,
        decided,
    };
    assert_eq!(
        leads_text(l(0b1110, 0b1111), 4),
        "first in rounds 2, 3 and 4"
    );
    assert_eq!(leads_text(l(0, 0b1111), 4), "first in no round");
    assert_eq!(
        leads_text(l(0b0010, 0b0111), 4),
        "first in round 2, not in rounds 1 and 3, round 4 open"
    );
    assert_eq!(
        leads_text(l(0, 0b0011), 4),
        "not first in rounds 1 and 2, rounds 3 and 4 open"
    );
    assert_eq!(
        leads_text(l(0b0001, 0b0001), 4),
        "first in round 1, rounds 2, 3 and 4 open"
    );
}

#[test]
fn open_parts_are_solved_again_only_after_a_better_game() {
    let open = PartRow {
        part: 3,
        value: Some(340),
        bound: Some(349.0),
        proven: false,
        excluded: false,
        seconds: 600.0,
        skipped: false,
    };
    assert!(solve_again(&open, Some(Some(336)), 342), "best improved");
    assert!(solve_again(&open, Some(None), 342), "no game known then");
    assert!(
        !solve_again(&open, Some(Some(342)), 342),
        "same best: same solve"
    );
    assert!(
        !solve_again(&open, None, 342),
        "never solved (skipped or empty)"
    );
    assert!(!solve_again(&open, Some(Some(336)), 349), "bound reached");
    let proven = PartRow {
        part: 3,
        value: Some(340),
        bound: Some(349.0),
        proven: true,
        excluded: false,
        seconds: 1.0,
        skipped: false,
    };
    assert!(!solve_again(&proven, Some(Some(336)), 342));
    let skipped = PartRow {
        part: 3,
        value: None,
        bound: Some(349.0),
        proven: false,
        excluded: false,
        seconds: 1.0,
        skipped: true,
    };
    assert!(!solve_again(&skipped, Some(Some(336)), 342));
}

#[test]
fn certify_report_keeps_the_rows_not_re_run() {
    let dir = std::env::temp_dir().join(format!("gb-certify-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("certify.md");
    let row = |n: &str, s: &str| -> Vec<String> {
        [
            n,
            "400",
            "proven 400",
            s,
            s,
            "9 (1 solved)",
            "1.0",
            "1 × 1 (1 int)",
        ]
        .map(String::from)
        .to_vec()
    };
    let common = crate::cli::Common {
        quiet: true,
        ..Default::default()
    };
    write_certify_report(
        &path,
        &[row("4", "9.0"), row("2", "5.0")],
        60.0,
        (0, 2),
        &common,
    )
    .unwrap();
    // Re-timing 2 players replaces its row and keeps 4 players'; rows stay in order.
    write_certify_report(&path, &[row("2", "7.0")], 60.0, (0, 2), &common).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    let rows = table_rows(&text, CERTIFY_COLUMNS.len());
    assert_eq!(rows, vec![row("2", "7.0"), row("4", "9.0")], "{text}");
    // The header row and the rule under it are not rows.
    assert!(text.contains("| players |"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn star_episode_names() {
    assert_eq!(
        star_stem(3, "standard", "Krypto"),
        "modern-art-3p-standard-star-krypto"
    );
    assert_eq!(
        star_stem(2, "anchor", "Christin P."),
        "modern-art-2p-anchor-star-christin-p"
    );
}

/// The results table reads a committed episode back: the proven 2p anchor maximum.
#[test]
fn result_cells_from_an_episode() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let env = Envelope::load(&root.join("games/modern-art-2p-anchor.json")).unwrap();
    let cells = episode_cells(&env, false).unwrap();
    assert_eq!(cells[1], "418");
    assert_eq!(
        cells[3],
        "proven, certified (split over the award tokens and the rounds their artist leads)"
    );
    let star = Envelope::load(&root.join("games/modern-art-3p-standard-star-krypto.json")).unwrap();
    let cells = episode_cells(&star, true).unwrap();
    assert_eq!(cells[..2], ["398", "proven maximum of the shape"]);
}

#[test]
fn a_proof_or_a_better_game_is_kept() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let file = root.join("games/modern-art-2p-anchor.json");
    let c = Config::load(&root.join("models/modern-art/anchor.json"), None, 2).unwrap();
    let old = Envelope::load(&file).unwrap();
    assert_eq!(old.status, crate::lp::Status::Optimal);
    let mut new = Outcome::from_episode(&c, Objective::MaxPlayer, None, &file).unwrap();
    assert_eq!(new.value, 418);
    // The same game, unproven (a short run): the proof stays.
    new.proven = false;
    new.report.bound = Some(432.0);
    let why = keeps(&old, &new).expect("the proof is kept");
    assert!(why.contains("418 proven there"), "{why}");
    // The same game proven again, or a better game: replaced.
    new.proven = true;
    assert_eq!(keeps(&old, &new), None);
    new.proven = false;
    new.value = 419;
    assert_eq!(keeps(&old, &new), None);
    // A worse game never replaces a better one, proven or not.
    new.value = 417;
    new.proven = true;
    assert!(keeps(&old, &new).unwrap().contains("its game scores 418"));
    // Neither proven, the same game: the lower bound stays.
    let mut open = old.clone();
    open.status = crate::lp::Status::Feasible;
    open.bound = Some(425.0);
    new.value = 418;
    new.proven = false;
    assert!(keeps(&open, &new).unwrap().contains("lower bound"));
    new.report.bound = Some(420.0);
    assert_eq!(keeps(&open, &new), None);
}

#[test]
fn star_artist_has_the_most_cards() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let c = Config::load(&root.join("models/modern-art/standard.json"), None, 3).unwrap();
    assert_eq!(c.deck.artists[star_artist(&c)], "Krypto");
}
