//! `solve --split` against the unsplit solve and the exhaustive search: on miniatures the
//! split over round 1's first artist must give the same optimum, proven, with a game the
//! referee certifies, and one part per artist.

mod common;

use common::root;
use gamebounds::lp::SolveOptions;
use gamebounds::modern_art::episode::Payload;
use gamebounds::modern_art::model::{Objective, Scope};
use gamebounds::modern_art::rules::Config;
use gamebounds::modern_art::{search, solve, verify};

fn mini(name: &str, players: usize) -> Config {
    let p = root().join(format!("models/modern-art/mini/{name}.json"));
    Config::load(&p, None, players).unwrap()
}

#[test]
fn split_equals_unsplit_and_search() {
    for (name, players) in [("m02-two-rounds", 2), ("m04-award", 2), ("m18-3p-plain", 3)] {
        let c = mini(name, players);
        let (truth, _) = search::maximise(&c, "max-player", None).unwrap();
        let whole = solve::solve(
            &c,
            Objective::MaxPlayer,
            None,
            &Scope::all(),
            &SolveOptions::quiet(),
        )
        .unwrap_or_else(|e| panic!("{name}: {e:#}"));
        let split = solve::split(&c, Objective::MaxPlayer, None, &SolveOptions::quiet(), None)
            .unwrap_or_else(|e| panic!("{name}: {e:#}"));
        // Started from a known game (as `results` does), every part still closes.
        let seeded = solve::split(
            &c,
            Objective::MaxPlayer,
            None,
            &SolveOptions::quiet(),
            Some(&whole),
        )
        .unwrap_or_else(|e| panic!("{name} seeded: {e:#}"));
        assert!(seeded.proven, "{name}: seeded split not proven");
        assert_eq!(seeded.value, truth, "{name}: seeded split vs search");
        assert!(whole.proven, "{name}: unsplit not proven");
        assert!(split.proven, "{name}: split not proven: {:?}", split.report);
        assert_eq!(whole.value, truth, "{name}: unsplit vs search");
        assert_eq!(split.value, truth, "{name}: split vs search");
        assert_eq!(
            split.report.bound,
            Some(truth as f64),
            "{name}: combined bound"
        );
        let cert = verify(&split.envelope).unwrap_or_else(|e| panic!("{name}: {e:#}"));
        assert!(cert.starts_with("certified"), "{name}: {cert}");
        let payload: Payload = split.envelope.payload_as().unwrap();
        let parts = payload.split.expect("split parts in the payload");
        assert_eq!(parts.len(), c.artists(), "{name}: one part per artist");
        assert!(
            parts.iter().any(|p| p.value == Some(truth)),
            "{name}: no part reached the optimum: {parts:?}"
        );
        assert!(
            parts
                .iter()
                .all(|p| p.bound.is_none_or(|b| b <= truth as f64)),
            "{name}: a part bound above the optimum: {parts:?}"
        );
    }
}

#[test]
fn split_is_max_player_only() {
    let c = mini("m02-two-rounds", 2);
    let err = solve::split(&c, Objective::MaxTotal, None, &SolveOptions::quiet(), None)
        .err()
        .expect("max-total cannot be split");
    assert!(format!("{err:#}").contains("--split"), "{err:#}");
}
