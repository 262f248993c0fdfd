//! `solve --split` against the unsplit solve and the exhaustive search: on miniatures the
//! split over round 1's first artist (one part per artist) and the split over the award
//! tokens (one part per artist and count above half, one for the rest) must give the same
//! optimum, proven, with a game the referee certifies.

mod common;

use common::root;
use gamebounds::lp::SolveOptions;
use gamebounds::modern_art::episode::Payload;
use gamebounds::modern_art::model::{self, relabel, Objective, Scope, Tokens};
use gamebounds::modern_art::rules::Config;
use gamebounds::modern_art::solve::SplitBy;
use gamebounds::modern_art::{search, solve, verify};

fn mini(name: &str, players: usize) -> Config {
    let p = root().join(format!("models/modern-art/mini/{name}.json"));
    Config::load(&p, None, players).unwrap()
}

/// The max-player solve of the games in `scope`, without a split or time limit.
fn solve_in(c: &Config, scope: &Scope) -> anyhow::Result<solve::Outcome> {
    solve::solve(
        c,
        Objective::MaxPlayer,
        None,
        scope,
        &SolveOptions::quiet(),
        &solve::Knobs::default(),
    )
}

/// The max-player solve split over the tokens and leads (no time limit), from `seed` or,
/// with none, from scratch.
fn split_tokens_leads(c: &Config, seed: Option<&solve::Outcome>) -> anyhow::Result<solve::Outcome> {
    solve::split(
        c,
        Objective::MaxPlayer,
        None,
        SplitBy::TokensLeads,
        &SolveOptions::quiet(),
        seed,
        &solve::Knobs::default(),
    )
}

/// The whole game's max-player solve, without a split or time limit.
fn unsplit(c: &Config) -> anyhow::Result<solve::Outcome> {
    solve_in(c, &Scope::all())
}

#[test]
fn split_equals_unsplit_and_search() {
    let cases = [
        ("m02-two-rounds", 2),
        ("m04-award", 2),
        ("m18-3p-plain", 3),
        ("m23-two-rounds-symbols", 2),
        // An empty token part whose LP the interior point method failed on (it diverged
        // instead of calling the LP infeasible): the simplex now decides.
        ("m14-chain", 2),
    ];
    for (name, players) in cases {
        let c = mini(name, players);
        let (truth, _) = search::maximise(&c, "max-player", None).unwrap();
        let whole = unsplit(&c).unwrap_or_else(|e| panic!("{name}: {e:#}"));
        assert!(whole.proven, "{name}: unsplit not proven");
        assert_eq!(whole.value, truth, "{name}: unsplit vs search");
        for by in [SplitBy::First, SplitBy::Tokens, SplitBy::TokensLeads] {
            let name = format!("{name} split by {}", by.describe());
            // The token splits rename the interchangeable artists: one part for all of
            // them per token count (solved again under each artist's own name when it
            // is not settled). The deep split replaces an open token part by 2^rounds
            // sub-parts.
            let renamed = solve::renamed_artists(&c, &solve::Knobs::default()).len();
            let counts = c.variant.awards - c.variant.awards / 2;
            let token_parts = Tokens::parts(c.variant.awards, c.artists()).len()
                - renamed.saturating_sub(1) * counts;
            let parts_expected = |n: usize| match by {
                SplitBy::First => n == c.artists(),
                SplitBy::Whole => n == 1,
                SplitBy::Tokens | SplitBy::TokensLeads => n >= token_parts,
            };
            let split = solve::split(
                &c,
                Objective::MaxPlayer,
                None,
                by,
                &SolveOptions::quiet(),
                None,
                &solve::Knobs::default(),
            )
            .unwrap_or_else(|e| panic!("{name}: {e:#}"));
            // Started from a known game (as `results` does), every part still closes:
            // each part then only looks for a better game.
            let seeded = solve::split(
                &c,
                Objective::MaxPlayer,
                None,
                by,
                &SolveOptions::quiet(),
                Some(&whole),
                &solve::Knobs::default(),
            )
            .unwrap_or_else(|e| panic!("{name} seeded: {e:#}"));
            assert!(seeded.proven, "{name}: seeded split not proven");
            assert_eq!(seeded.value, truth, "{name}: seeded split vs search");
            assert!(split.proven, "{name}: split not proven: {:?}", split.report);
            assert_eq!(split.value, truth, "{name}: split vs search");
            assert_eq!(
                split.report.bound,
                Some(truth as f64),
                "{name}: combined bound"
            );
            for o in [&split, &seeded] {
                let cert = verify(&o.envelope).unwrap_or_else(|e| panic!("{name}: {e:#}"));
                assert!(cert.starts_with("certified"), "{name}: {cert}");
                let payload: Payload = o.envelope.payload_as().unwrap();
                assert_eq!(payload.split_by.as_deref(), Some(by.describe()));
                assert!(payload.restricted.is_none(), "{name}: restricted");
                let parts = payload.split.expect("split parts in the payload");
                assert!(parts_expected(parts.len()), "{name}: {} parts", parts.len());
                assert!(
                    parts
                        .iter()
                        .all(|p| p.bound.is_none_or(|b| b <= truth as f64)),
                    "{name}: a part bound above the optimum: {parts:?}"
                );
            }
            let payload: Payload = split.envelope.payload_as().unwrap();
            let parts = payload.split.unwrap();
            assert!(
                parts.iter().any(|p| p.value == Some(truth)),
                "{name}: no part reached the optimum"
            );
            // With award cards in the deck, the unseeded deep split starts by splitting
            // the highest token part by the rounds its artist leads.
            if by == SplitBy::TokensLeads && name.starts_with("m04") {
                assert!(
                    parts.iter().any(|p| p.part.contains(", first in")),
                    "{name}: no sub-part: {parts:?}"
                );
            }
        }
    }
}

/// Renaming interchangeable artists keeps the optimum ([`model::relabel`]): on miniatures
/// whose artists share their symbols (under most disputed readings), with their card
/// counts made unequal so that the assignment of counts and tie-break places matters, the
/// model up to renaming (one order of the artists kept) has the exhaustive search's
/// maximum as its optimum, its plan under the artists' own names is a certified game of
/// that value, and the token splits, which rename, prove that maximum.
#[test]
fn renaming_keeps_the_optimum() {
    let cases: [(&str, usize, [usize; 3]); 13] = [
        ("m02-two-rounds", 2, [3, 4, 5]),
        ("m02-two-rounds", 2, [5, 3, 4]),
        ("m04-award", 2, [3, 5, 4]),
        ("m05-award-own", 2, [5, 3, 4]),
        ("m07-hidden", 2, [4, 5, 4]),
        ("m09-hidden-counts", 2, [3, 5, 4]),
        ("m11-extra", 2, [3, 4, 5]),
        ("m12-extra-first", 2, [5, 4, 3]),
        ("m13-resolve-closing", 2, [5, 3, 4]),
        ("m15-blessed", 2, [3, 5, 4]),
        ("m16-pays-unranked", 2, [5, 3, 4]),
        ("m18-3p-plain", 3, [5, 4, 3]),
        ("m23-two-rounds-symbols", 2, [3, 5, 4]),
    ];
    for (name, players, counts) in cases {
        let mut c = mini(name, players);
        for (a, n) in counts.into_iter().enumerate() {
            let artist = c.deck.artists[a].clone();
            c.deck.cards.insert(artist, n);
        }
        let name = format!("{name} with {counts:?} cards");
        let class = relabel::class(&c);
        assert!(class.len() >= 2, "{name}: no interchangeable artists");
        let (truth, _) = search::maximise(&c, "max-player", None).unwrap();
        let renamed = Scope::all().renaming(relabel::mask(&class));
        let s = model::solve(
            &c,
            Objective::MaxPlayer,
            None,
            &renamed,
            &SolveOptions::quiet(),
            &[],
            false,
            None,
            None,
            &model::Build::default(),
        )
        .unwrap_or_else(|e| panic!("{name}: {e:#}"));
        let optimum = s.report.objective.expect("an optimum").round() as i64;
        assert_eq!(optimum, truth, "{name}: renamed model vs search");
        // Its plan, under the artists' own names, is a game the referee certifies.
        let o = solve_in(&c, &renamed).unwrap_or_else(|e| panic!("{name} renamed solve: {e:#}"));
        assert!(o.proven, "{name}: renamed solve not proven: {:?}", o.report);
        assert_eq!(o.value, truth, "{name}: renamed solve vs search");
        let cert = verify(&o.envelope).unwrap_or_else(|e| panic!("{name}: {e:#}"));
        assert!(cert.starts_with("certified"), "{name}: {cert}");
        for by in [SplitBy::Tokens, SplitBy::TokensLeads] {
            let o = solve::split(
                &c,
                Objective::MaxPlayer,
                None,
                by,
                &SolveOptions::quiet(),
                None,
                &solve::Knobs::default(),
            )
            .unwrap_or_else(|e| panic!("{name} {}: {e:#}", by.describe()));
            assert!(o.proven, "{name}: split not proven: {:?}", o.report);
            assert_eq!(o.value, truth, "{name}: split vs search");
            let cert = verify(&o.envelope).unwrap_or_else(|e| panic!("{name}: {e:#}"));
            assert!(cert.starts_with("certified"), "{name}: {cert}");
        }
    }
}

/// A part that renames artists stands for the same part under each of their names.
#[test]
fn a_renamed_part_stands_for_each_artist() {
    let part = Scope::tokens(Tokens::Exactly(2, 5))
        .leading(2, 0b0110)
        .ranking(0, 2);
    let renamed = part.renaming(relabel::mask(&[0, 2, 4]));
    let named = renamed.named_parts();
    assert_eq!(named.len(), 3);
    for (scope, a) in named.iter().zip([0, 2, 4]) {
        assert_eq!(scope.tokens, Some(Tokens::Exactly(a, 5)));
        let leads = scope.leads.expect("the leads part");
        assert_eq!((leads.artist, leads.led), (a, 0b0110));
        assert!(leads.settled(4));
        assert_eq!(
            scope.ranked,
            Some((0, 2)),
            "the ranking's length travels along"
        );
        assert_eq!(scope.relabel, None);
    }
    // A part that names no renamed artist is itself under the artists' names.
    let other = Scope::tokens(Tokens::Exactly(1, 5)).renaming(relabel::mask(&[0, 2, 4]));
    assert_eq!(
        other.named_parts(),
        vec![Scope::tokens(Tokens::Exactly(1, 5))]
    );
    let rest = Scope::tokens(Tokens::AtMost(2)).renaming(relabel::mask(&[0, 2]));
    assert_eq!(rest.named_parts(), vec![Scope::tokens(Tokens::AtMost(2))]);
}

/// The token split's parts: every artist with each count above half, then the rest.
/// The split's last level (a part cut by how many artists one round ranks, 0 up to the
/// ranked places) covers every game: on miniatures the largest of the parts' optima is
/// the exhaustive search's maximum, and each part's game is certified.
#[test]
fn ranking_lengths_cover_every_game() {
    for (name, players) in [("m04-award", 2), ("m18-3p-plain", 3)] {
        let c = mini(name, players);
        let (truth, _) = search::maximise(&c, "max-player", None).unwrap();
        let places = c.places();
        for round in 0..c.variant.rounds {
            let mut best = None;
            for count in 0..=places {
                let scope = Scope::all().ranking(round, count);
                match solve_in(&c, &scope) {
                    Ok(o) => {
                        let what = format!("{name}: round {} ranks {count}", round + 1);
                        assert!(o.proven && o.value <= truth, "{what}: {}", o.value);
                        let cert = verify(&o.envelope).unwrap_or_else(|e| panic!("{what}: {e:#}"));
                        assert!(cert.starts_with("certified"), "{what}: {cert}");
                        // The referee's replay ranks that many artists in that round.
                        let payload: Payload = o.envelope.payload_as().unwrap();
                        let ranked = payload.rounds.get(round).map_or(0, |r| r.ranking.len());
                        assert_eq!(ranked, count, "{what}");
                        best = best.max(Some(o.value));
                    }
                    Err(e) => assert!(format!("{e:#}").contains("infeasible"), "{e:#}"),
                }
            }
            assert_eq!(best, Some(truth), "{name}: round {}", round + 1);
        }
    }
}

#[test]
fn token_parts_cover_every_share_once() {
    let parts = Tokens::parts(5, 3);
    assert_eq!(parts.len(), 3 * 3 + 1);
    assert_eq!(parts[0], Tokens::Exactly(0, 5));
    assert_eq!(parts[9], Tokens::AtMost(2));
    // Every way to put 5 tokens on 3 artists lies in exactly one part.
    for x in 0..=5usize {
        for y in 0..=5 - x {
            for z in 0..=5 - x - y {
                let share = [x, y, z];
                let inside = parts
                    .iter()
                    .filter(|p| match p {
                        Tokens::Exactly(a, t) => share[*a] == *t,
                        Tokens::AtMost(t) => share.iter().all(|s| s <= t),
                    })
                    .count();
                assert_eq!(inside, 1, "{share:?}");
            }
        }
    }
    assert_eq!(Tokens::parts(0, 5), vec![Tokens::AtMost(0)]);
}

#[test]
fn split_is_max_player_only() {
    let c = mini("m02-two-rounds", 2);
    let err = solve::split(
        &c,
        Objective::MaxTotal,
        None,
        SplitBy::First,
        &SolveOptions::quiet(),
        None,
        &solve::Knobs::default(),
    )
    .err()
    .expect("max-total cannot be split");
    assert!(format!("{err:#}").contains("--split"), "{err:#}");
}

/// A split hands every better game to `keep` at once, as an episode that claims no proof
/// (certified, not proven, a bound no lower than the optimum), so a stopped split loses
/// no game.
#[test]
fn split_keeps_every_better_game_at_once() {
    let c = mini("m04-award", 2);
    let kept = std::cell::RefCell::new(Vec::new());
    let keep = |o: &solve::Outcome| -> anyhow::Result<()> {
        kept.borrow_mut()
            .push((o.value, o.proven, o.envelope.clone()));
        Ok(())
    };
    let o = solve::split_keeping(
        &c,
        Objective::MaxPlayer,
        None,
        SplitBy::Tokens,
        &SolveOptions::quiet(),
        None,
        Some(&keep),
        &solve::Knobs::default(),
    )
    .unwrap();
    let kept = kept.into_inner();
    assert!(!kept.is_empty(), "no game kept");
    assert_eq!(
        kept.last().unwrap().0,
        o.value,
        "the last kept game is the best"
    );
    for (value, proven, env) in &kept {
        assert!(!proven, "an interim game claims a proof");
        let b = env.bound.expect("an interim bound");
        assert!(
            b >= o.value as f64,
            "interim bound {b} below the optimum {}",
            o.value
        );
        let cert = verify(env).unwrap();
        assert!(cert.contains(&value.to_string()), "{cert}");
    }
    assert!(o.proven);
}

/// `solve --split --start FILE`: a game from an episode file is replayed and kept as the
/// game to beat. From a weaker game the split still proves the optimum; from the optimum
/// itself every part is settled and the file's game is the result; a file of another
/// player count is refused.
#[test]
fn split_resumes_from_an_episode_file() {
    use gamebounds::modern_art::model::Dive;
    let c = mini("m23-two-rounds-symbols", 2);
    let (truth, _) = search::maximise(&c, "max-player", None).unwrap();
    let dir = common::scratch("split-start");
    let restricted = (0..c.artists())
        .filter_map(|a| solve_in(&c, &Scope::all().with_dive(Dive::Star(a))).ok())
        .min_by_key(|o| o.value)
        .expect("some star game");
    assert!(
        restricted.value < truth,
        "the weakest star game is not weaker"
    );
    let whole = unsplit(&c).unwrap();
    for (start, what) in [(&restricted, "weaker"), (&whole, "optimal")] {
        let path = dir.join(format!("{what}.json"));
        start.envelope.save(&path).unwrap();
        let seed = solve::Outcome::from_episode(&c, Objective::MaxPlayer, None, &path).unwrap();
        assert_eq!(seed.value, start.value, "{what}: replayed value");
        assert!(!seed.proven, "{what}: a start game claims no proof");
        let about: Payload = seed.envelope.payload_as().unwrap();
        let best_seat =
            (0..about.scores.len()).max_by_key(|&s| (about.scores[s], std::cmp::Reverse(s)));
        assert_eq!(
            about.player, best_seat,
            "{what}: the episode names the best seat"
        );
        let o = split_tokens_leads(&c, Some(&seed)).unwrap_or_else(|e| panic!("{what}: {e:#}"));
        assert!(o.proven, "{what}: not proven: {:?}", o.report);
        assert_eq!(o.value, truth, "{what}: split from a start vs search");
        let cert = verify(&o.envelope).unwrap();
        assert!(cert.contains(&truth.to_string()), "{what}: {cert}");
    }
    let three = mini("m18-3p-plain", 3);
    let e = solve::Outcome::from_episode(
        &three,
        Objective::MaxPlayer,
        None,
        &dir.join("optimal.json"),
    )
    .err()
    .expect("a 2-player game cannot start a 3-player solve")
    .to_string();
    assert!(e.contains("played under other rules"), "{e}");
}

/// The max-player model of the whole game, restricted as `near` says, solved quietly.
fn model_near(c: &Config, near: model::Near) -> anyhow::Result<model::ModelSolution> {
    model_near_in(c, &Scope::all(), near)
}

/// The same within `scope`.
fn model_near_in(
    c: &Config,
    scope: &Scope,
    near: model::Near,
) -> anyhow::Result<model::ModelSolution> {
    model::solve(
        c,
        Objective::MaxPlayer,
        None,
        scope,
        &SolveOptions::quiet(),
        &[],
        false,
        None,
        Some(near),
        &model::Build::default(),
    )
}

#[test]
fn a_neighbourhood_of_the_best_plan_holds_it_and_nothing_better() {
    // Every round's shape kept as in the optimum's plan: the plan is still there (the
    // fixings name the same variables in a new build), and under a cutoff at the
    // optimum nothing is left.
    for (name, players) in [("m02-two-rounds", 2), ("m25-mixed-two-rounds", 2)] {
        let c = mini(name, players);
        let (truth, _) = search::maximise(&c, "max-player", None).unwrap();
        let whole = unsplit(&c).unwrap_or_else(|e| panic!("{name}: {e:#}"));
        assert_eq!(whole.value, truth, "{name}: unsplit vs search");
        let near_first = |beat: Option<i64>, first: bool| {
            let n = model::Near {
                plan: Some(&whole.assignment),
                free: 0,
                beat,
                nodes: 1_000_000,
                strong: true,
                first,
                no_skip: false,
            };
            model_near(&c, n)
        };
        let near = |beat: Option<i64>| near_first(beat, false);
        let kept = near(None).unwrap_or_else(|e| panic!("{name} kept: {e:#}"));
        let kept = kept.report.objective.expect("an optimum").round() as i64;
        assert_eq!(kept, truth, "{name}: the kept shapes' optimum");
        let beyond = near(Some(truth)).err().map(|e| format!("{e:#}"));
        assert!(
            beyond.as_deref().is_some_and(|e| e.contains("infeasible")),
            "{name}: a game beyond the maximum: {beyond:?}"
        );
        // Stopping at the first game that beats one point below the maximum: the maximum.
        let first = near_first(Some(truth - 1), true)
            .unwrap_or_else(|e| panic!("{name} first: {e:#}"))
            .report
            .objective
            .expect("a game");
        assert_eq!(first.round() as i64, truth, "{name}: the first better game");
    }
}

/// The split's search for the best seat's score in `scope` (LP bound `lp`), quietly.
fn quiet_search(
    c: &Config,
    scope: &Scope,
    lp: Option<f64>,
    limits: solve::SearchLimits,
) -> Option<solve::Searched> {
    quiet_search_with(c, scope, lp, limits, &solve::Knobs::default())
}

/// [`quiet_search`] with other knobs than the defaults.
fn quiet_search_with(
    c: &Config,
    scope: &Scope,
    lp: Option<f64>,
    limits: solve::SearchLimits,
    knobs: &solve::Knobs,
) -> Option<solve::Searched> {
    let quiet = SolveOptions::quiet();
    let max = Objective::MaxPlayer;
    solve::neighbourhood_search(c, max, None, scope, lp, &quiet, limits, knobs)
}

#[test]
fn neighbourhood_search_finds_certified_games() {
    // Whether the first solve settles the part or the neighbourhoods run (1 node), the
    // game is certified and never beyond the maximum; with the split's node limits it is
    // the maximum.
    let cases = [
        ("m02-two-rounds", 2),
        ("m23-two-rounds-symbols", 2),
        ("m18-3p-plain", 3),
        ("m27-four-rounds", 2),
        ("m28-4p-award", 4),
    ];
    // Whether a proof attempt closed a part against the search's game (m27 does).
    let mut closed_seen = false;
    for (name, players) in cases {
        let c = mini(name, players);
        let (truth, _) = search::maximise(&c, "max-player", None).unwrap();
        // One node each, and a stop after the first fruitless neighbourhood.
        let tiny = solve::SearchLimits {
            probe: 1,
            near: 1,
            patience: 1,
            proof: 1,
            pieces: 1,
            first_from: u32::MAX,
            first_gap: 1.0,
            first_nodes: 1,
            no_skip: 0,
            no_skip_pieces: true,
        };
        // The first solve and the neighbourhoods without empty hands: m23's maximum needs
        // one (22 without), m27 has no game without one. Its root alone, then the
        // neighbourhoods; and the 4-player default, a first solve run to its end (which
        // ends the search).
        let no_skip = |nodes: u64| solve::SearchLimits {
            no_skip: nodes,
            ..solve::SearchLimits::default()
        };
        let all = [
            tiny,
            solve::SearchLimits::default(),
            no_skip(1),
            no_skip(solve::Tuning::default().no_skip_nodes.four),
        ];
        for limits in all {
            let found = quiet_search(&c, &Scope::all(), None, limits);
            let Some(s) = found else {
                // (Without a game for m27, the restricted search would end here: it must
                // look at every game instead.)
                assert!(
                    limits.probe == 1 && limits.no_skip == 0,
                    "{name}: no game with {limits:?}"
                );
                continue;
            };
            let cert = verify(&s.outcome.envelope).unwrap_or_else(|e| panic!("{name}: {e:#}"));
            assert!(cert.starts_with("certified"), "{name}: {cert}");
            assert!(s.outcome.value <= truth, "{name}: beyond the maximum");
            // Settled (proved, or closed against its game by a proof attempt): the maximum.
            closed_seen |= matches!(s.settled, Some(Err(_)));
            if let Some(Err(e)) = &s.settled {
                assert!(format!("{e:#}").contains("infeasible"), "{name}: {e:#}");
            }
            if s.settled.is_some() || limits.probe > 1 {
                assert_eq!(s.outcome.value, truth, "{name} {limits:?}");
            }
        }
    }
    assert!(closed_seen, "no proof attempt closed its part");
}

#[test]
fn a_solve_without_empty_hands_is_a_restriction() {
    // `Near::no_skip` keeps only the games in which no hand runs empty (so every round
    // closes): m02's maximum has such a game, m23's needs an empty hand (22 without, the
    // maximum is 26), and m27 has no game without one.
    for (name, players, without) in [
        ("m02-two-rounds", 2, Some(21)),
        ("m23-two-rounds-symbols", 2, Some(22)),
        ("m27-four-rounds", 2, None),
    ] {
        let c = mini(name, players);
        let near = model::Near {
            plan: None,
            free: (1 << c.variant.rounds) - 1,
            beat: None,
            nodes: 1_000_000,
            strong: true,
            first: false,
            no_skip: true,
        };
        let value = model_near(&c, near)
            .ok()
            .and_then(|s| s.report.objective)
            .map(|v| v.round() as i64);
        assert_eq!(value, without, "{name}: the maximum without an empty hand");
        let whole = unsplit(&c).unwrap_or_else(|e| panic!("{name}: {e:#}"));
        assert!(
            value.is_none_or(|v| v <= whole.value),
            "{name}: beyond the maximum"
        );
        // A search whose first solve, restricted so, runs to its end stops there with the
        // best such game (no neighbourhood of the restriction can beat it); with no such
        // game it looks at every game.
        let limits = solve::SearchLimits {
            no_skip: solve::Tuning::default().no_skip_nodes.four,
            ..solve::SearchLimits::default()
        };
        let s = quiet_search(&c, &Scope::all(), None, limits)
            .unwrap_or_else(|| panic!("{name}: no game"));
        let cert = verify(&s.outcome.envelope).unwrap_or_else(|e| panic!("{name}: {e:#}"));
        assert!(cert.starts_with("certified"), "{name}: {cert}");
        match value {
            Some(v) => {
                assert_eq!(s.outcome.value, v, "{name}: the search's game");
                assert_eq!(s.neighbourhoods, 0, "{name}: neighbourhoods after the end");
            }
            // (The root over every game, then the neighbourhoods.)
            None => assert!(s.outcome.value <= whole.value, "{name}: beyond the maximum"),
        }
    }
}

#[test]
fn a_search_without_empty_hands_goes_piece_by_piece() {
    // On a leaf part that the split may divide by a round's ranking (a round its artist
    // does not lead), the restricted first solve goes through the ranking pieces, each to
    // its end (the pieces' LPs come back for the split): the search's game is the best
    // game of the leaf without an empty hand, as when the leaf is solved whole, and no
    // neighbourhood follows.
    let limits = |pieces: bool| solve::SearchLimits {
        no_skip: solve::Tuning::default().no_skip_nodes.four,
        no_skip_pieces: pieces,
        ..solve::SearchLimits::default()
    };
    let mut leaves = 0;
    for (name, players) in [("m21-two-places", 2), ("m23-two-rounds-symbols", 2)] {
        let c = mini(name, players);
        let rounds = c.variant.rounds;
        for t in (c.variant.awards / 2 + 1)..=c.variant.awards {
            for a in 0..c.artists() {
                let open = model::Leads {
                    artist: a,
                    led: 0,
                    decided: 0,
                };
                for leaf in open.completions(rounds) {
                    if leaf.led == (1 << rounds) - 1 {
                        continue;
                    }
                    let scope = Scope {
                        tokens: Some(Tokens::Exactly(a, t)),
                        leads: Some(leaf),
                        ..Scope::all()
                    };
                    let near = model::Near {
                        plan: None,
                        free: (1 << rounds) - 1,
                        beat: None,
                        nodes: 1_000_000,
                        strong: true,
                        first: false,
                        no_skip: true,
                    };
                    let whole = model_near_in(&c, &scope, near)
                        .ok()
                        .and_then(|s| s.report.objective)
                        .map(|v| v.round() as i64);
                    let Some(best) = whole else { continue };
                    leaves += 1;
                    for pieces in [true, false] {
                        let s = quiet_search(&c, &scope, None, limits(pieces))
                            .unwrap_or_else(|| panic!("{leaf:?}: no game"));
                        let cert = verify(&s.outcome.envelope).unwrap();
                        assert!(cert.starts_with("certified"), "{leaf:?}: {cert}");
                        assert_eq!(s.outcome.value, best, "{leaf:?}, by pieces: {pieces}");
                        assert_eq!(s.neighbourhoods, 0, "{leaf:?}, by pieces: {pieces}");
                        // The pieces' LPs, one per number of ranked artists, for the split.
                        let lps = s.lps.iter().filter(|(p, _)| p.ranked.is_some()).count();
                        assert_eq!(lps > 0, pieces, "{name} {leaf:?}");
                    }
                }
            }
        }
    }
    assert!(leaves > 0, "no leaf has a game without an empty hand");
}

#[test]
fn search_stops_at_the_parts_lp_bound() {
    // A game that reaches the part's LP bound is the part's maximum: the search ends there,
    // with no proof attempt (the split then skips the part by that bound). m02 from the
    // root's game: without a bound the attempt against that game closes the part; with a
    // bound at the game the search ends found, unattempted; with a bound one point higher
    // it goes on as without one.
    let c = mini("m02-two-rounds", 2);
    let (truth, _) = search::maximise(&c, "max-player", None).unwrap();
    let limits = solve::SearchLimits {
        probe: 1,
        first_gap: 1.0,
        ..solve::SearchLimits::default()
    };
    let search = |lp: Option<f64>| quiet_search(&c, &Scope::all(), lp, limits).expect("a game");
    let open = search(None);
    assert!(
        matches!(open.settled, Some(Err(_))),
        "m02: no proof attempt closed the part"
    );
    let found = open.outcome.value;
    assert_eq!(found, truth);
    let at = search(Some(found as f64 + 0.5));
    assert!(
        at.settled.is_none() && at.pieces.is_empty(),
        "m02: attempted at its bound"
    );
    assert_eq!(at.outcome.value, found);
    let cert = verify(&at.outcome.envelope).unwrap();
    assert!(cert.starts_with("certified"), "{cert}");
    let above = search(Some(found as f64 + 1.5));
    assert!(
        matches!(above.settled, Some(Err(_))),
        "m02: stopped below its bound"
    );
}

#[test]
fn split_from_no_game_equals_search_on_four_rounds() {
    // From no game the split's first leaf is searched first (here its first solve proves
    // it, and that solve is the leaf's result); the split must still prove the maximum.
    let c = mini("m27-four-rounds", 2);
    let (truth, _) = search::maximise(&c, "max-player", None).unwrap();
    let o = split_tokens_leads(&c, None).unwrap();
    assert!(o.proven, "not proven");
    assert_eq!(o.value, truth);
    let cert = verify(&o.envelope).unwrap();
    assert!(cert.starts_with("certified"), "{cert}");
}

#[test]
fn pieces_closed_by_the_search_hold_no_better_game() {
    // Where the split would divide a leaf part by a round's ranking (forced here by an LP
    // bound far above any game), the search attempts the pieces against its game once a
    // neighbourhood found nothing better, and stops when every piece closes or is proven
    // at a better game (the later pieces are then attempted against that one): then no
    // game of any listed piece beats the search's game (each piece solved to the end says
    // so), and the game is certified.
    let c = mini("m27-four-rounds", 2);
    let (truth, _) = search::maximise(&c, "max-player", None).unwrap();
    // One node per solve but the pieces': the first game is weak and most neighbourhoods
    // find nothing, so the pieces are attempted against games short of the part's best.
    let limits = solve::SearchLimits {
        probe: 1,
        near: 1,
        patience: 0,
        proof: 1000,
        pieces: 1000,
        first_from: u32::MAX,
        first_gap: 0.0,
        first_nodes: 0,
        no_skip: 0,
        no_skip_pieces: true,
    };
    // The path this test needs (a piece proven at a better game) follows from the first
    // solve's game with HiGHS's restart, the first solves' tuning before 0b21c4d.
    let restart = solve::Tuning {
        highs_first: Default::default(),
        ..solve::Tuning::default()
    };
    let restart = solve::Knobs::new(restart, Default::default());
    let rounds = c.variant.rounds;
    let mut pieces_seen = 0;
    let mut proven_pieces = 0;
    let mut searches = 0;
    'cases: for t in (c.variant.awards / 2 + 1)..=c.variant.awards {
        for a in 0..c.artists() {
            let part = Scope {
                tokens: Some(Tokens::Exactly(a, t)),
                ..Scope::all()
            };
            let open = model::Leads {
                artist: a,
                led: 0,
                decided: 0,
            };
            for leaf in open.completions(rounds).into_iter().filter(|l| l.led != 15) {
                let scope = Scope {
                    leads: Some(leaf),
                    ..part
                };
                let found = quiet_search_with(&c, &scope, Some(1e9), limits, &restart);
                searches += 1;
                let Some(s) = found else { continue };
                let cert = verify(&s.outcome.envelope).unwrap();
                assert!(cert.starts_with("certified"), "{cert}");
                assert!(s.outcome.value <= truth);
                for (piece, result) in &s.pieces {
                    pieces_seen += 1;
                    assert_eq!(piece.leads, scope.leads);
                    assert!(piece.ranked.is_some(), "{piece:?}");
                    // Closed against a game (nothing beats it), or proven at a better one
                    // (then the search's game is at least that one).
                    match result {
                        Err(e) => assert!(format!("{e:#}").contains("infeasible"), "{e:#}"),
                        Ok(o) => {
                            proven_pieces += 1;
                            assert!(o.proven, "{piece:?}: a piece's game not proven");
                            assert!(o.value <= s.outcome.value, "{piece:?}");
                        }
                    }
                    match solve::solve(
                        &c,
                        Objective::MaxPlayer,
                        None,
                        piece,
                        &SolveOptions::quiet(),
                        &solve::Knobs::default(),
                    ) {
                        Ok(o) => assert!(
                            o.value <= s.outcome.value,
                            "{piece:?}: {} beats {}",
                            o.value,
                            s.outcome.value
                        ),
                        Err(e) => assert!(format!("{e:#}").contains("infeasible"), "{e:#}"),
                    }
                }
                // One part closed piece by piece is enough (each search takes seconds):
                // its pieces are all of it, so its own maximum is the search's game.
                if pieces_seen > 0 {
                    let o = solve::solve(
                        &c,
                        Objective::MaxPlayer,
                        None,
                        &scope,
                        &SolveOptions::quiet(),
                        &solve::Knobs::default(),
                    )
                    .unwrap();
                    assert!(o.proven);
                    assert_eq!(
                        o.value, s.outcome.value,
                        "{leaf:?} after {searches} searches"
                    );
                    break 'cases;
                }
            }
        }
    }
    assert!(pieces_seen > 0, "no search closed a part piece by piece");
    // Here the first such search (3 pieces) proves one piece at a better game, 38, and
    // ends with it: the path where a piece attempt's better game is kept with its proof.
    assert!(proven_pieces > 0, "no piece proven at a better game");
}

/// A part that excluded a plan the scheduler could not play is still settled when the
/// excluding solve's bound shows nothing in that plan's skeleton beats the game found
/// after it (the solve was proven there, at the same value). These miniatures exclude one
/// such plan in their split's first part; their maxima were "best found, gap 0%, not
/// proven" before the bound was kept, and are proven now.
#[test]
fn a_plan_excluded_at_the_maximum_does_not_unsettle_its_part() {
    for name in ["m25-mixed-two-rounds", "m38-chain-every-symbol"] {
        let c = mini(name, 2);
        let (truth, _) = search::maximise(&c, "max-player", None).unwrap();
        let o = split_tokens_leads(&c, None).unwrap_or_else(|e| panic!("{name}: {e:#}"));
        assert!(o.excluded > 0, "{name}: no plan excluded any more");
        assert!(
            o.excluded_bound <= truth as f64 + 1e-6,
            "{name}: {}",
            o.excluded_bound
        );
        assert_eq!(o.value, truth, "{name}: split vs search");
        assert!(o.proven, "{name}: not proven: {:?}", o.report);
        verify(&o.envelope).unwrap_or_else(|e| panic!("{name}: {e:#}"));
    }
}
