//! Haggle: the referee against the spec's worked examples, every ILP against brute force
//! (goals, fixed games, two-player bounds), episodes through `verify`, and the CLI.

mod common;

use common::{run, run_bad_input, run_ok, scratch, stdout};
use gamebounds::haggle::cli::{bound, BoundObjective, Formulation, HandIn};
use gamebounds::haggle::engine::{self, all_hands};
use gamebounds::haggle::model::{Objective, Problem};
use gamebounds::haggle::player;
use gamebounds::haggle::rules::{Hand, RuleSet, Variant, YellowTie};
use gamebounds::lp::SolveOptions;
use gamebounds::rng::Rng;
use gamebounds::variants::Setting;

fn h(s: &str) -> Hand {
    Hand::parse(s).unwrap()
}

/// `name` in this binary's scratch directory.
fn tmp(name: &str) -> std::path::PathBuf {
    scratch("haggle").join(name)
}

fn quiet() -> SolveOptions {
    SolveOptions::quiet()
}

#[test]
fn spec_examples_through_the_cli() {
    let o = run_ok(&[
        "haggle",
        "score",
        "--json",
        "--variant",
        "models/haggle/spec-tests.json",
        "--hand",
        "2/1/3/3/4",
        "--hand",
        "3/5/3/0/1",
        "--hand",
        "3/1/1/7/1",
        "--hand",
        "0/3/4/2/1",
    ]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let totals: Vec<i64> = v["payload"]["scores"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["total"].as_i64().unwrap())
        .collect();
    assert_eq!(totals, vec![31, 32, 12, 110]);
    let spec = Variant::spec_tests();
    for (hand, want) in [("0/3/4/1/2", 112), ("0/6/0/2/0", 44)] {
        assert_eq!(
            engine::totals(&[h(hand)], RuleSet::ALL, &spec).unwrap(),
            vec![want]
        );
    }
}

/// How a goal ranks among hands of equal score (the model's tie-break): fewest cards
/// changed from the current hand, then the changes spread most evenly.
fn nearness(hand: &Hand, g: &Hand) -> (u32, u32) {
    let squares = (0..5)
        .map(|i| (i32::from(hand.0[i]) - i32::from(g.0[i])).pow(2) as u32)
        .sum();
    (hand.distance(g), squares)
}

/// Brute force of a goal over every hand within the caps: the best believed score, then
/// the fewest cards changed, then the smallest sum of squared changes.
fn brute_best(
    known: RuleSet,
    hand: &Hand,
    caps: [u8; 5],
    others: Option<&[Hand]>,
    v: &Variant,
) -> (i64, u32, u32) {
    let mut best = (i64::MIN, u32::MAX, u32::MAX);
    for g in all_hands(caps, 13) {
        let s = engine::believed(&g, known, others, v).unwrap();
        let (d, q) = nearness(hand, &g);
        if (s, std::cmp::Reverse((d, q))) > (best.0, std::cmp::Reverse((best.1, best.2))) {
            best = (s, d, q);
        }
    }
    best
}

/// Brute force of a goal: at most 2N of a colour less what the other hands hold.
fn brute_goal(
    known: RuleSet,
    hand: &Hand,
    players: usize,
    others: Option<&[Hand]>,
    v: &Variant,
) -> (i64, u32) {
    let used: Vec<u32> = (0..5)
        .map(|i| others.unwrap_or(&[]).iter().map(|h| h.0[i] as u32).sum())
        .collect();
    let caps: [u8; 5] = std::array::from_fn(|i| (2 * players as u32 - used[i]).min(13) as u8);
    let (s, d, _) = brute_best(known, hand, caps, others, v);
    (s, d)
}

/// The goal (no other hands) is proven and equals brute force on score and the whole
/// tie-break; returns it and the per-colour caps it was searched under.
fn goal_is_brute_best(
    known: RuleSet,
    hand: &Hand,
    players: usize,
    v: &Variant,
    what: &str,
) -> (player::Goal, [u8; 5]) {
    let g = player::goal(known, hand, players, None, v, &quiet()).unwrap();
    assert!(g.report.proven(), "{what}");
    let caps = [(2 * players).min(13) as u8; 5];
    let (d, q) = nearness(hand, &g.goal);
    assert_eq!(
        (g.believed, d, q),
        brute_best(known, hand, caps, None, v),
        "{what}: goal {}",
        g.goal
    );
    (g, caps)
}

/// Many random cases (rule subset, hand, players, variant): the goal's believed score and
/// tie-break equal brute force over all hands (at most 2N per colour and 13 cards), and
/// so does the hand a player hands in (the best sub-hand of its cards).
#[test]
fn random_goals_and_hand_ins_match_brute_force() {
    let variants = [Variant::standard().unwrap(), Variant::spec_tests()];
    let mut rng = Rng::new(2026);
    for case in 0..300 {
        let rules: Vec<u8> = (1..=15).filter(|_| rng.below(2) == 1).collect();
        let known = RuleSet::from_list(&rules);
        let players = [1, 2, 3, 4, 5, 7, 15][rng.index(7)];
        let v = &variants[rng.index(2)];
        let mut hand = [0u8; 5];
        for _ in 0..(6 + rng.index(10)) {
            hand[rng.index(5)] += 1;
        }
        let hand = Hand(hand);
        let what = format!(
            "case {case}: rules {known}, hand {hand}, {players} players, {}",
            v.name
        );
        let (g, caps) = goal_is_brute_best(known, &hand, players, v, &what);
        assert_eq!(
            engine::believed(&g.goal, known, None, v).unwrap(),
            g.believed
        );
        if case % 3 == 0 {
            let (h_in, believed) = player::hand_in(known, &hand, players, v).unwrap();
            assert!(
                (0..5).all(|i| h_in.0[i] <= hand.0[i]),
                "{what}: hands in {h_in}"
            );
            let (d, q) = nearness(&hand, &h_in);
            assert_eq!(
                (believed, d, q),
                brute_best(
                    known,
                    &hand,
                    std::array::from_fn(|i| hand.0[i].min(caps[i])),
                    None,
                    v
                ),
                "{what}: hands in {h_in}"
            );
        }
    }
}

#[test]
fn goal_matches_brute_force_for_rule_subsets() {
    let v = Variant::standard().unwrap();
    let mut rng = Rng::new(6);
    let subsets = [
        "1-15",
        "1,5,11,15",
        "4,5,10,13,14",
        "1,3,9",
        "1-3,11",
        "9,10",
        "1,2",
        "5,13,14,15",
    ];
    for (i, s) in subsets.iter().enumerate() {
        let known = RuleSet::parse(s).unwrap();
        let players = [15, 4, 3][i % 3];
        let mut hand = [0u8; 5];
        for _ in 0..10 {
            hand[rng.index(5)] += 1;
        }
        let hand = Hand(hand);
        let g = player::goal(known, &hand, players, None, &v, &quiet()).unwrap();
        assert!(g.report.proven(), "{s}");
        assert_eq!(
            (g.believed, g.distance),
            brute_goal(known, &hand, players, None, &v),
            "rules {s}, hand {hand}, {players} players: goal {}",
            g.goal
        );
        assert_eq!(
            engine::believed(&g.goal, known, None, &v).unwrap(),
            g.believed
        );
    }
}

/// The rule subsets that were slowest in the timing sweep (`tests/haggle_sweep.rs`):
/// many hands tie on score, so the tie-break decides. The goal (solved by the card
/// chain's LP or the MIP) must match brute force on score, cards changed and evenness.
#[test]
fn tie_heavy_rule_subsets_match_brute_force() {
    let variants = [Variant::standard().unwrap(), Variant::spec_tests()];
    let subsets = [
        "5",
        "4-5",
        "2,4-5",
        "3,5,9",
        "1,4-5,10,13",
        "1,4,13",
        "1,13",
        "1-2,13",
        "1,9,13",
        "1,10,14",
        "1,3,10,14",
        "1,10,13-14",
        "1,3,10,13-14",
        "1,5,10-11,13",
        "4,10-11,13-14",
        "2,4,10-11",
    ];
    let hands = ["3/1/3/3/2", "1/4/0/2/3", "2/2/2/2/2", "0/0/5/5/0"];
    for (i, s) in subsets.iter().enumerate() {
        let known = RuleSet::parse(s).unwrap();
        for (j, hand) in hands.iter().enumerate() {
            let hand = h(hand);
            let players = [15, 4, 2][(i + j) % 3];
            let v = &variants[(i + j) % 2];
            let what = format!("rules {s}, hand {hand}, {players} players, {}", v.name);
            goal_is_brute_best(known, &hand, players, v, &what);
        }
    }
}

#[test]
fn goal_with_other_hands_given_matches_brute_force() {
    let v = Variant::spec_tests();
    let others = [h("3/5/3/0/1"), h("2/1/3/3/4"), h("0/2/4/1/2")];
    for s in ["1-15", "6,7,12", "8,1,3", "1-3,8,12,6"] {
        let known = RuleSet::parse(s).unwrap();
        let hand = h("2/2/2/2/2");
        let g = player::goal(known, &hand, 5, Some(&others), &v, &quiet()).unwrap();
        assert_eq!(
            (g.believed, g.distance),
            brute_goal(known, &hand, 5, Some(&others), &v),
            "rules {s}: goal {}",
            g.goal
        );
    }
}

/// The hand model with every hand fixed must score each hand exactly as the referee.
#[test]
fn model_scores_fixed_games_like_the_referee() {
    let variants = [
        Variant::standard().unwrap(),
        Variant::spec_tests(),
        Variant {
            yellow_tie: YellowTie::OneStep,
            ..Variant::standard().unwrap()
        },
    ];
    for (gi, game) in random_games(11, 8).iter().enumerate() {
        for v in &variants {
            let want = engine::totals(game, RuleSet::ALL, v).unwrap();
            let what = format!("game {gi} {game:?} under {}", v.name);
            assert_eq!(model_scores(game, v, &what), want, "{what}");
        }
    }
}

/// Brute force of two players over every pair of hands from the 4-per-colour deck: the
/// best hand and the best total, with any hand-in and with every card handed in.
fn two_player_brute(v: &Variant) -> [i64; 4] {
    let hands = all_hands([4; 5], v.max_cards());
    let (mut best_player, mut best_total) = (i64::MIN, i64::MIN);
    let (mut all_player, mut all_total) = (i64::MIN, i64::MIN);
    for a in &hands {
        let rest = Hand([4; 5]).minus(a);
        for b in all_hands(rest.0, v.max_cards()) {
            let t = engine::totals(&[*a, b], RuleSet::ALL, v).unwrap();
            best_player = best_player.max(t[0]);
            best_total = best_total.max(t[0] + t[1]);
            if b == rest {
                all_player = all_player.max(t[0]);
                all_total = all_total.max(t[0] + t[1]);
            }
        }
    }
    [best_player, all_player, best_total, all_total]
}

/// The two-player bounds of every formulation equal brute force under `v`.
fn two_player_bounds_are_brute(v: &Variant) {
    let [best_player, all_player, best_total, all_total] = two_player_brute(v);
    let cases = [
        (
            BoundObjective::MaxPlayer,
            HandIn::Any,
            Formulation::Hands,
            best_player,
        ),
        (
            BoundObjective::MaxPlayer,
            HandIn::All,
            Formulation::Hands,
            all_player,
        ),
        (
            BoundObjective::MaxTotal,
            HandIn::Any,
            Formulation::Hands,
            best_total,
        ),
        (
            BoundObjective::MaxTotal,
            HandIn::Any,
            Formulation::Types,
            best_total,
        ),
        (
            BoundObjective::MaxTotal,
            HandIn::All,
            Formulation::Types,
            all_total,
        ),
    ];
    for (obj, hand_in, model, want) in cases {
        let env = bound(2, obj, hand_in, model, v, &quiet()).unwrap();
        assert!(env.solver.as_ref().unwrap().proven());
        assert_eq!(
            env.value,
            Some(want as f64),
            "{obj:?} {hand_in:?} {model:?} under {}",
            v.name
        );
        gamebounds::games::verify(&env).unwrap();
    }
}

/// Two players, every pair of hands from the 4-per-colour deck.
#[test]
fn two_player_bounds_match_brute_force() {
    two_player_bounds_are_brute(&Variant::standard().unwrap());
}

/// `audit` of a two-player bound (its record's one part solved again, seed 1, presolve
/// off, to its own optimum) re-solves to the brute force's maximum, and fails when the
/// claimed maximum is lowered below it.
#[test]
fn two_player_audit_equals_brute_force() {
    let v = Variant::standard().unwrap();
    let [best_player, _, best_total, _] = two_player_brute(&v);
    let game = gamebounds::games::find("haggle").unwrap();
    let exact = gamebounds::audit::AuditOptions {
        exact: true,
        ..Default::default()
    };
    for (obj, want) in [
        (BoundObjective::MaxPlayer, best_player),
        (BoundObjective::MaxTotal, best_total),
    ] {
        let env = bound(2, obj, HandIn::Any, Formulation::Auto, &v, &quiet()).unwrap();
        let (rows, _) = game.audit(&env, &exact).unwrap();
        assert_eq!(rows.len(), 1, "{obj:?}");
        assert!(rows[0].holds, "{obj:?}: {:?}", rows[0]);
        assert_eq!(
            rows[0].resolved,
            Some(want as f64),
            "{obj:?}: {:?}",
            rows[0]
        );
        let mut low = env.clone();
        low.value = Some((want - 1) as f64);
        let (rows, _) = game.audit(&low, &exact).unwrap();
        assert!(
            !rows[0].holds,
            "{obj:?} claimed {}: {:?}",
            want - 1,
            rows[0]
        );
    }
}

/// `v` with `KEY=VALUE` settings applied, as `--set` applies them.
fn set(v: &Variant, settings: &[&str]) -> Variant {
    let texts: Vec<String> = settings.iter().map(|t| t.to_string()).collect();
    v.with_settings(&Setting::parse_all(&texts).unwrap())
        .unwrap()
}

/// Random games of 3-6 hands with ties, 5+ blues and sevens made likely.
fn random_games(seed: u64, count: usize) -> Vec<Vec<Hand>> {
    let mut rng = Rng::new(seed);
    let mut games: Vec<Vec<Hand>> = vec![vec![
        h("2/1/3/3/4"),
        h("3/5/3/0/1"),
        h("3/1/1/7/1"),
        h("0/3/4/2/1"),
    ]];
    for _ in 0..count {
        let n = 3 + rng.index(4);
        let game: Vec<Hand> = (0..n)
            .map(|_| {
                let mut c = [0u8; 5];
                let cards = rng.index(14);
                for _ in 0..cards {
                    let i = if rng.unit() < 0.4 {
                        rng.index(2) + 1
                    } else {
                        rng.index(5)
                    };
                    c[i] += 1;
                }
                Hand(c)
            })
            .collect();
        games.push(game);
    }
    // A pyramid, three whites and six yellows among other hands: rules 11, 4 and 9 score.
    games.push(vec![
        h("4/3/2/1/0"),
        h("1/5/0/2/2"),
        h("2/5/3/0/1"),
        h("1/1/1/0/3"),
        h("6/0/1/1/0"),
    ]);
    games
}

/// The model with every hand of `game` fixed: its score of each hand.
fn model_scores(game: &[Hand], v: &Variant, what: &str) -> Vec<i64> {
    let n = game.len();
    let p = Problem {
        name: what.to_string(),
        rules: RuleSet::ALL,
        variant: v.clone(),
        deck: [13 * n as u32; 5],
        max_cards: v.max_cards(),
        fixed: game.iter().map(|&x| Some(x)).collect(),
        objective: Objective::Total,
        hand_in_all: false,
        caps0: None,
        near: None,
    };
    let sol = p.solve(&quiet()).unwrap();
    sol.scores.iter().map(|s| s.unwrap()).collect()
}

/// Every number of every rule changed one at a time (as `--set` changes it): the
/// referee's scores move, and the model, scoring the same fixed games, moves with them
/// exactly.
#[test]
fn changed_rule_numbers_move_referee_and_model_alike() {
    let standard = Variant::standard().unwrap();
    let games = random_games(11, 8);
    let changes: [&[&str]; 17] = [
        &["rule1.orange=8"],
        &["rule4.whites=2"],
        &["rule6.blues=4"],
        &["rule6.penalty=7"],
        &["rule7.reds=2"],
        &["rule8.power=3"],
        &["rule9.count=6"],
        &["seven_rule=minus10_per_colour", "rule9.penalty=25"],
        &["rule10.bonus=15"],
        &["rule11.factor=3"],
        &["rule11.factor=1"],
        &["rule12.factor=3"],
        &["rule13.yellows=3"],
        &["rule13.factor=3"],
        &["rule14.blues=2"],
        &["rule14.factor=3"],
        &["rule15.cards=20"],
    ];
    for change in changes {
        let v = set(&standard, change);
        let mut moved = false;
        for (gi, game) in games.iter().enumerate() {
            let was = engine::totals(game, RuleSet::ALL, &standard).unwrap();
            let now = engine::totals(game, RuleSet::ALL, &v).unwrap();
            moved |= was != now;
            let what = format!("game {gi} {game:?} under {change:?}");
            assert_eq!(model_scores(game, &v, &what), now, "{what}");
        }
        // rule15.cards only widens what a hand may hold; its effect is tested below.
        assert!(
            moved || change == ["rule15.cards=20"],
            "{change:?} changes no score"
        );
    }
}

/// Changed numbers through the bounds (hands and pattern models against brute force) and
/// the goals (against enumeration); rule 15's card limit refuses and admits hands.
#[test]
fn bounds_and_goals_follow_changed_numbers() {
    let standard = Variant::standard().unwrap();
    let changed = set(
        &standard,
        &[
            "rule6.penalty=7",
            "rule8.power=1",
            "rule11.factor=3",
            "rule14.factor=3",
            "rule10.bonus=4",
        ],
    );
    two_player_bounds_are_brute(&changed);
    let mut rng = Rng::new(55);
    for case in 0..40 {
        let v = match case % 3 {
            0 => changed.clone(),
            1 => set(&standard, &["rule1.orange=12", "rule13.yellows=1"]),
            _ => set(&standard, &["rule9.count=5", "rule4.whites=5"]),
        };
        let known = RuleSet::from_list(&(1..=15).filter(|_| rng.below(2) == 1).collect::<Vec<_>>());
        let mut hand = [0u8; 5];
        for _ in 0..(6 + rng.index(8)) {
            hand[rng.index(5)] += 1;
        }
        let what = format!(
            "case {case}: rules {known}, hand {}, {}",
            Hand(hand),
            v.name
        );
        goal_is_brute_best(known, &Hand(hand), 4, &v, &what);
    }
    let eleven = set(&standard, &["rule15.cards=11"]);
    let e = engine::score(&[h("3/3/3/3/0")], RuleSet::ALL, &eleven).unwrap_err();
    assert!(e.to_string().contains("at most 11"), "{e}");
    let g = player::goal(RuleSet::ALL, &h("2/2/2/2/2"), 5, None, &eleven, &quiet()).unwrap();
    assert!(g.goal.total() <= 11 && g.report.proven(), "{}", g.goal);
}

/// Three players: the pattern model and the hand model agree on the best total.
#[test]
fn pattern_and_hand_models_agree_for_three_players() {
    let v = Variant {
        yellow_tie: YellowTie::OneStep,
        ..Variant::standard().unwrap()
    };
    let a = bound(
        3,
        BoundObjective::MaxTotal,
        HandIn::Any,
        Formulation::Types,
        &v,
        &quiet(),
    )
    .unwrap();
    let b = bound(
        3,
        BoundObjective::MaxTotal,
        HandIn::Any,
        Formulation::Hands,
        &v,
        &quiet(),
    )
    .unwrap();
    assert_eq!(a.value, b.value);
    assert!(a.solver.unwrap().proven() && b.solver.unwrap().proven());
}

#[test]
fn episodes_verify_and_tampering_is_caught() {
    let out = tmp("bound3.json");
    run_ok(&[
        "haggle",
        "bound",
        "--players",
        "3",
        "--quiet",
        "--json",
        "--out",
        out.to_str().unwrap(),
    ]);
    let o = run_ok(&["verify", out.to_str().unwrap()]);
    assert!(stdout(&o).contains("verified"));
    // Claim one point more: the referee must reject it (exit 1).
    let text = std::fs::read_to_string(&out).unwrap();
    let mut env: serde_json::Value = serde_json::from_str(&text).unwrap();
    let v = env["value"].as_f64().unwrap();
    env["value"] = serde_json::json!(v + 1.0);
    let bad = tmp("bound3-bad.json");
    std::fs::write(&bad, serde_json::to_string(&env).unwrap()).unwrap();
    assert_eq!(
        run(&["verify", bad.to_str().unwrap()]).status.code(),
        Some(1)
    );

    let goal = tmp("goal.json");
    run_ok(&[
        "haggle",
        "goal",
        "--known",
        "1,5,11,15",
        "--hand",
        "3/1/3/3/2",
        "--quiet",
        "--out",
        goal.to_str().unwrap(),
    ]);
    run_ok(&["verify", goal.to_str().unwrap()]);
}

/// A simulated game as the episode `haggle simulate` writes, for `verify`.
fn simulation_episode(v: &Variant, sim: &player::Simulation) -> gamebounds::episode::Envelope {
    gamebounds::episode::Envelope::exact(
        "haggle",
        serde_json::to_value(v).unwrap(),
        "simulate",
        // The value `haggle simulate` writes: the leader's true score after the last round.
        sim.rounds
            .last()
            .map_or(0, |r| r.table[sim.standings[0]].true_score) as f64,
        serde_json::to_value(sim).unwrap(),
    )
}

#[test]
fn simulation_replays_through_the_referee() {
    let v = Variant::standard().unwrap();
    let s = player::simulate(6, 3, 3, &v).unwrap();
    assert_eq!(s.rounds.len(), 3);
    gamebounds::games::verify(&simulation_episode(&v, &s)).unwrap();
    // Same seed, same game.
    assert_eq!(player::simulate(6, 3, 3, &v).unwrap(), s);
    // A trade that was never acceptable is rejected.
    let mut bad = s.clone();
    if let Some(m) = bad.rounds[0]
        .meetings
        .iter_mut()
        .find(|m| m.trade.is_some())
    {
        let t = m.trade.as_mut().unwrap();
        t.a_gives = Hand([9, 0, 0, 0, 0]);
        assert!(gamebounds::games::verify(&simulation_episode(&v, &bad)).is_err());
    }
}

#[test]
fn trade_cli_lists_and_judges() {
    let o = run_ok(&[
        "haggle",
        "trade",
        "--player",
        "1-3:3/1/3/3/2:0/3/4/2/1",
        "--other",
        "1,3:1/4/1/2/2:3/1/1/2/2",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let first = &v["trades"][0];
    assert_eq!(first["a_gives"], "2/0/0/0/0");
    assert_eq!(first["b_gives"], "0/2/0/0/0");
    let o = run_ok(&[
        "haggle",
        "trade",
        "--player",
        "1-3:3/1/3/3/2:0/3/4/2/1",
        "--offer",
        "0/0/0/0/1",
        "--request",
        "2/0/0/0/0",
    ]);
    assert!(stdout(&o).contains("rejects"));
}

#[test]
fn bad_input_is_one_line_and_exit_2() {
    for args in [
        vec!["haggle", "score", "--hand", "1/2/3"],
        vec!["haggle", "score", "--hand", "1/2/3/4/5", "--rules", "1-16"],
        vec!["haggle", "goal", "--known", "0", "--hand", "1/1/1/1/1"],
        vec!["haggle", "score", "--hand", "3/3/3/3/2"],
        vec!["haggle", "bound", "--players", "0"],
        vec![
            "haggle",
            "score",
            "--hand",
            "1/1/1/1/1",
            "--variant",
            "/nonexistent.json",
        ],
    ] {
        run_bad_input(&args);
    }
}

/// `haggle simulate` numbers its players from 1, as every other table does.
#[test]
fn simulate_numbers_players_from_one() {
    let o = common::run_ok(&[
        "--quiet",
        "haggle",
        "simulate",
        "--players",
        "3",
        "--seed",
        "1",
        "--rounds",
        "1",
    ]);
    let md = common::stdout(&o);
    let start: Vec<&str> = md
        .lines()
        .skip_while(|l| !l.starts_with("| player | rules | hand"))
        .skip(2)
        .take_while(|l| l.starts_with('|'))
        .map(|l| l.split('|').nth(1).unwrap().trim())
        .collect();
    assert_eq!(start, ["1", "2", "3"], "{md}");
    assert!(!md.contains("| 0 –") && !md.contains("– 0 |"), "{md}");
}
