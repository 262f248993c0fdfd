//! Dives (restricted solves whose games seed the whole model): each dive's game must be
//! certified by the referee, have the dive's shape (read back from the replay, not from
//! the model), and never beat the exhaustive search's maximum; a time-limited solve that
//! runs the dives and starts the whole model from the best of them must still prove the
//! true maximum.

mod common;

use common::{root, run, run_ok, stderr, stdout};
use gamebounds::lp::SolveOptions;
use gamebounds::modern_art::episode::Payload;
use gamebounds::modern_art::model::{Dive, Objective, Scope};
use gamebounds::modern_art::rules::Config;
use gamebounds::modern_art::{search, solve, verify};

fn mini(name: &str, players: usize) -> Config {
    let p = root().join(format!("models/modern-art/mini/{name}.json"));
    Config::load(&p, None, players).unwrap()
}

const CASES: [(&str, usize); 3] = [
    ("m04-award", 2),
    ("m20-3p-draw-award", 3),
    ("m28-4p-award", 4),
];

#[test]
fn dive_games_have_their_shape_and_never_beat_the_maximum() {
    for (name, players) in CASES {
        let c = mini(name, players);
        let (truth, _) = search::maximise(&c, "max-player", None).unwrap();
        let mut found = 0;
        for a in 0..c.artists() {
            for dive in [Dive::Star(a), Dive::Patron(a)] {
                let scope = Scope::all().with_dive(dive);
                let o = match solve::solve(
                    &c,
                    Objective::MaxPlayer,
                    None,
                    &scope,
                    &SolveOptions::quiet(),
                    &solve::Knobs::default(),
                ) {
                    Ok(o) => o,
                    // No game has this shape.
                    Err(e) if format!("{e:#}").contains("infeasible") => continue,
                    Err(e) => panic!("{name} {dive:?}: {e:#}"),
                };
                found += 1;
                let cert = verify(&o.envelope).unwrap_or_else(|e| panic!("{name}: {e:#}"));
                assert!(cert.starts_with("certified"), "{name} {dive:?}: {cert}");
                assert!(o.value <= truth, "{name} {dive:?}: {} > {truth}", o.value);
                let p: Payload = o.envelope.payload_as().unwrap();
                let last = p.rounds.last().unwrap();
                assert!(
                    last.awards
                        .iter()
                        .enumerate()
                        .all(|(b, &n)| b == a || n == 0),
                    "{name} {dive:?}: awards elsewhere: {:?}",
                    last.awards
                );
                let leads: Vec<bool> = p.rounds.iter().map(|r| r.ranking[0] == a).collect();
                match dive {
                    Dive::Star(_) => assert!(
                        leads.iter().all(|&x| x),
                        "{name} {dive:?}: not first every round: {leads:?}"
                    ),
                    Dive::Patron(_) => assert!(
                        *leads.last().unwrap(),
                        "{name} {dive:?}: not first in the last round"
                    ),
                }
            }
        }
        assert!(found > 0, "{name}: no dive found a game");
    }
}

#[test]
fn time_limited_solve_with_dives_still_proves_the_maximum() {
    for (name, players) in CASES {
        let c = mini(name, players);
        let (truth, _) = search::maximise(&c, "max-player", None).unwrap();
        let opts = SolveOptions {
            time_limit: Some(60.0),
            ..SolveOptions::quiet()
        };
        let o = solve::solve(
            &c,
            Objective::MaxPlayer,
            None,
            &Scope::all(),
            &opts,
            &solve::Knobs::default(),
        )
        .unwrap_or_else(|e| panic!("{name}: {e:#}"));
        assert!(o.proven, "{name}: not proven: {:?}", o.report);
        assert_eq!(o.value, truth, "{name}: with dives vs search");
        let cert = verify(&o.envelope).unwrap_or_else(|e| panic!("{name}: {e:#}"));
        assert!(cert.starts_with("certified"), "{name}: {cert}");
    }
}

#[test]
fn cli_star_and_patron_say_they_are_restricted() {
    let v = "models/modern-art/mini/m04-award.json";
    let o = run_ok(&[
        "modern-art",
        "solve",
        "--variant",
        v,
        "--star",
        "yoko",
        "--json",
    ]);
    let err = stderr(&o);
    assert!(
        err.contains("among games in which Yoko takes first place in every round"),
        "{err}"
    );
    let env: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert!(env["payload"]["restricted"]
        .as_str()
        .unwrap()
        .contains("Yoko"));
    let o = run_ok(&[
        "modern-art",
        "solve",
        "--variant",
        v,
        "--patron",
        "Lite",
        "--quiet",
    ]);
    assert!(stdout(&o).contains("**Restricted solve:** only games in which Lite Metal"));
    // Bad input: one line, exit 2.
    let o = run(&["modern-art", "solve", "--variant", v, "--star", "Bob"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--star Bob: no such artist"));
    let o = run(&[
        "modern-art",
        "solve",
        "--variant",
        v,
        "--star",
        "1",
        "--objective",
        "max-total",
    ]);
    assert_eq!(o.status.code(), Some(2));
}
