//! The Modern Art variant generator (`modern-art generate`) and the frozen general suite
//! it made (`models/modern-art/general/`).

mod common;

use std::collections::BTreeSet;
use std::path::Path;

use gamebounds::modern_art::generate::{generate, Generated};
use gamebounds::modern_art::rules::{Config, PLAYERS, READINGS};

/// Write a generated variant and its deck the way `generate --out` does; load them back.
fn write_and_load(dir: &Path, g: &Generated) -> Config {
    let file = dir.join(format!("{}.json", g.variant.name));
    let deck = dir.join(&g.variant.deck);
    std::fs::create_dir_all(deck.parent().unwrap()).unwrap();
    std::fs::write(&file, g.variant_json()).unwrap();
    std::fs::write(&deck, g.deck_json()).unwrap();
    Config::load(&file, None, g.players).unwrap_or_else(|e| panic!("{}: {e:#}", file.display()))
}

/// The ranges the generator promises (the module doc of `generate`).
fn assert_in_ranges(c: &Config) {
    let v = &c.variant;
    let what = &v.name;
    let n = c.players;
    assert_eq!(v.deal.len(), 1, "{what}: one player count");
    assert_eq!(v.threshold.len(), 1, "{what}");
    assert!((3..=4).contains(&v.rounds), "{what}: rounds {}", v.rounds);
    assert!((10..=13).contains(&c.deal(0)), "{what}: first deal");
    let dealt: usize = (0..v.rounds).map(|r| c.deal(r)).sum();
    let standard = [28, 25, 21, 17][n - 2];
    assert!(
        dealt + 3 >= standard && dealt <= standard + 3,
        "{what}: {dealt} cards dealt per player"
    );
    assert!((1..v.rounds).all(|r| c.deal(r) < c.deal(0)), "{what}");
    let k = [5, 6, 6, 6][n - 2];
    assert!(
        (k - 1..=k + 1).contains(&c.threshold()),
        "{what}: threshold"
    );
    assert!((2..=4).contains(&v.value_points.len()), "{what}");
    assert!(v.value_points.windows(2).all(|w| w[0] > w[1]), "{what}");
    assert!((1..=2).contains(v.value_points.last().unwrap()), "{what}");
    assert!(v.awards <= 7 && (1..=4).contains(&v.award_value), "{what}");
    assert_eq!(c.artists(), 5, "{what}");
    let cards: usize = (0..5).map(|a| c.cards_of(a)).sum();
    let draws: usize = (0..5)
        .map(|a| c.supply(a, gamebounds::modern_art::rules::Symbol::Draw))
        .sum();
    assert!(
        cards >= n * dealt + v.rounds + draws,
        "{what}: deck too small"
    );
    assert!((0..5).all(|a| c.cards_of(a) >= 12), "{what}");
    for a in 0..5 {
        for s in gamebounds::modern_art::rules::Symbol::ALL {
            assert!(c.supply(a, s) <= 2, "{what}: {} {}", a, s.name());
        }
    }
}

#[test]
fn generated_variants_load_and_respect_the_ranges() {
    let dir = common::scratch("generate");
    for seed in 0..50 {
        for players in PLAYERS {
            let g = generate(seed, players).unwrap();
            let c = write_and_load(&dir, &g);
            assert_eq!(c, g.config());
            assert_in_ranges(&c);
        }
    }
}

/// Every disputed reading takes both (all) of its values somewhere in seeds 0..50.
#[test]
fn generated_variants_vary_the_readings() {
    let mut seen = BTreeSet::new();
    for seed in 0..50 {
        let v = generate(seed, 3).unwrap().variant;
        let j = serde_json::to_value(&v).unwrap();
        for key in READINGS.into_iter().chain(["rounds"]) {
            seen.insert(format!("{key}={}", j[key]));
        }
    }
    // extra_card has three values, the other readings and `rounds` (3 or 4) two.
    assert_eq!(seen.len(), 3 + 2 * 8, "{seen:?}");
}

/// The committed suite is the generator's output for its seeds, byte for byte: 4
/// variants per player count, distinct names, each loading for its player count.
#[test]
fn the_general_suite_is_the_generators_output() {
    let dir = common::root().join("models/modern-art/general");
    let mut names = BTreeSet::new();
    let mut files = 0;
    for players in PLAYERS {
        for seed in 1..=4 {
            let g = generate(seed, players).unwrap();
            let file = dir.join(format!("{}.json", Generated::name(seed, players)));
            let text = std::fs::read_to_string(&file).unwrap();
            assert_eq!(text, g.variant_json(), "{}", file.display());
            let deck = std::fs::read_to_string(dir.join(&g.variant.deck)).unwrap();
            assert_eq!(deck, g.deck_json(), "{}", g.variant.deck);
            let c = Config::load(&file, None, players).unwrap();
            assert_eq!(c, g.config());
            names.insert(c.variant.name);
            files += 1;
        }
    }
    assert_eq!(names.len(), 16);
    let on_disk = std::fs::read_dir(&dir)
        .unwrap()
        .filter(|e| {
            e.as_ref()
                .unwrap()
                .path()
                .extension()
                .is_some_and(|x| x == "json")
        })
        .count();
    assert_eq!(
        on_disk, files,
        "a variant in the folder the generator did not make"
    );
}

/// `generate --out` writes the variant and its deck; without --out it prints both; the
/// same seed gives the same bytes; a bad player count exits 2.
#[test]
fn generate_command_writes_the_files() {
    let dir = common::scratch("generate-cli");
    let out = dir.join("v.json");
    let o = out.to_str().unwrap();
    common::run_ok(&[
        "modern-art",
        "generate",
        "--seed",
        "3",
        "--players",
        "4",
        "--out",
        o,
    ]);
    let g = generate(3, 4).unwrap();
    assert_eq!(std::fs::read_to_string(&out).unwrap(), g.variant_json());
    let deck = dir.join("decks/g03-4p.json");
    assert_eq!(std::fs::read_to_string(deck).unwrap(), g.deck_json());
    let printed = common::run_ok(&["modern-art", "generate", "--seed", "3", "--players", "4"]);
    let j: serde_json::Value = serde_json::from_slice(&printed.stdout).unwrap();
    assert_eq!(j["variant"]["name"], "g03-4p");
    assert_eq!(j["deck"]["name"], "g03-4p");
    let e = common::run_bad_input(&["modern-art", "generate", "--seed", "3", "--players", "6"]);
    assert!(e.contains("2 to 5 players"), "{e}");
}
