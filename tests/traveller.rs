//! Traveller: the ILP against brute force on a tiny board, the shipped boards, and the
//! command line (replay, show, bound → verify, greedy, bad input).

mod common;

use std::collections::HashSet;
use std::path::PathBuf;

use common::{root, run, run_ok, scratch, stderr, stdout};
use gamebounds::lp::SolveOptions;
use gamebounds::traveller::board::Board;
use gamebounds::traveller::engine::{self, State};
use gamebounds::traveller::generate;
use gamebounds::traveller::model::{self, Objective};
use gamebounds::traveller::rules::Rules;
use gamebounds::traveller::sequences;

/// A tiny town: 1–2–3–4 in a row, 5 above 2 (joined to 1, 2 and 3), coal from 1 to 3,
/// diamonds from 5 to 4, fuel on 2.
const TINY: &str = "
unit_volume(coal, 2). unit_volume(diamonds, 1).
square(1, 0, 1). square(2, 1, 1). square(3, 2, 1). square(4, 3, 1). square(5, 1, 0).
joins(1, 2). joins(2, 3). joins(3, 4). joins(5, 1). joins(5, 2). joins(5, 3).
building(1, pit). building(3, works). building(5, mine). building(4, jeweller).
building(2, pump).
sells(pit, coal, 2). buys(works, coal, 5).
sells(mine, diamonds, 7). buys(jeweller, diamonds, 11).
sells_fuel(pump, 1).
";

fn tiny_rules() -> Rules {
    Rules {
        cash: 20.0,
        tank: 3,
        fuel: 2,
        capacity: 7.0,
    }
}

/// The ILP from square `start` over `steps` (MIP start `hint`) is proven, equals `want`
/// (brute force), and its plan replays legally to the same cash within the budget.
fn ilp_is(
    board: &Board,
    rules: &Rules,
    start: u32,
    steps: usize,
    hint: Option<&[engine::Action]>,
    want: f64,
) {
    let b = model::solve(
        board,
        rules,
        board.square(start).unwrap(),
        steps,
        &Objective::default(),
        hint,
        &SolveOptions::quiet(),
    )
    .unwrap();
    let what = format!("start {start}, T={steps}, hint {hint:?}");
    assert!(b.report.proven(), "{what}: {:?}", b.report);
    let got = b.report.objective.unwrap();
    assert!(
        (got - want).abs() < 1e-6,
        "{what}: ILP {got}, brute force {want}"
    );
    let rp = engine::replay(board, rules, start, &b.plan).unwrap();
    assert!(rp.illegal.is_none(), "{:?}", rp.illegal);
    assert!(b.plan.len() <= steps);
    assert!((rp.last().cash - got).abs() < 1e-6);
}

#[test]
fn ilp_matches_brute_force_on_a_tiny_board() {
    let board = Board::from_facts("tiny", TINY).unwrap();
    let rules = tiny_rules();
    for start in [1, 4] {
        for steps in 1..=7 {
            let want = common::traveller_brute_force(&board, &rules, start, steps);
            // Odd budgets start from the greedy plan, even ones from nothing.
            let hint = (steps % 2 == 1).then(|| {
                gamebounds::traveller::greedy::plan(
                    &board,
                    &rules,
                    board.square(start).unwrap(),
                    steps,
                )
            });
            ilp_is(&board, &rules, start, steps, hint.as_deref(), want);
        }
    }
}

#[test]
fn stock_valued_objective_matches_brute_force() {
    // With stock worth £6 a coal at the end, buying coal and keeping it pays.
    let board = Board::from_facts("tiny", TINY).unwrap();
    let rules = tiny_rules();
    let obj = Objective {
        stock_value: vec![6.0, 0.0],
        ..Default::default()
    };
    let b = model::solve(&board, &rules, 0, 1, &obj, None, &SolveOptions::quiet()).unwrap();
    // One step on the coal pit: buy 3 coal (7 cu ft / 2) for £6, worth £18: 14 + 18.
    assert_eq!(b.report.objective.unwrap().round(), 32.0);
}

#[test]
fn the_greedy_trader_never_beats_the_bound() {
    let board = Board::from_facts("tiny", TINY).unwrap();
    let rules = tiny_rules();
    for steps in 1..=7 {
        let plan = gamebounds::traveller::greedy::plan(&board, &rules, 0, steps);
        let rp = engine::replay(&board, &rules, 1, &plan).unwrap();
        assert!(rp.illegal.is_none() && plan.len() <= steps);
        assert!(rp.last().cash <= common::traveller_brute_force(&board, &rules, 1, steps) + 1e-9);
    }
}

/// A town with long roads: a street 1–2–3–4–5 of plain squares between a coal pit (1)
/// and a junction (5); from 5 a triangle 5–6–9 (works on 6, pump on 9) and a dead-end
/// lane 5–7–8 (jeweller at its end); a diamond mine down a side lane 3–10. The contracted
/// network has chains of several squares, a dead end with a trader, and a triangle.
const CHAINS: &str = "
unit_volume(coal, 2). unit_volume(diamonds, 1).
square(1, 0, 0). square(2, 1, 0). square(3, 2, 0). square(4, 3, 0). square(5, 4, 0).
square(6, 5, 0). square(7, 4, 1). square(8, 4, 2). square(9, 5, 1). square(10, 2, 1).
joins(1, 2). joins(2, 3). joins(3, 4). joins(4, 5). joins(5, 6). joins(5, 9). joins(6, 9).
joins(5, 7). joins(7, 8). joins(3, 10).
building(1, pit). building(6, works). building(9, pump). building(8, jeweller).
building(10, mine).
sells(pit, coal, 2). buys(works, coal, 5).
sells(mine, diamonds, 7). buys(jeweller, diamonds, 11).
sells_fuel(pump, 1).
";

fn chains_rules() -> Rules {
    Rules {
        cash: 20.0,
        tank: 6,
        fuel: 5,
        capacity: 7.0,
    }
}

#[test]
fn ilp_matches_brute_force_on_a_board_with_long_roads() {
    let board = Board::from_facts("chains", CHAINS).unwrap();
    let rules = chains_rules();
    for start in [1, 5] {
        let s = board.square(start).unwrap();
        for steps in 1..=11 {
            let want = common::traveller_brute_force(&board, &rules, start, steps);
            // No hint, the greedy plan, the trip planner's plan as the MIP start.
            let hints = [
                None,
                Some(gamebounds::traveller::greedy::plan(
                    &board, &rules, s, steps,
                )),
                Some(gamebounds::traveller::trips::plan(&board, &rules, s, steps)),
                // A weaker start (half the budget): the optimum is still found.
                Some(gamebounds::traveller::trips::plan(
                    &board,
                    &rules,
                    s,
                    steps / 2,
                )),
            ];
            for hint in hints {
                ilp_is(&board, &rules, start, steps, hint.as_deref(), want);
            }
        }
    }
}

#[test]
fn the_trip_planner_is_legal_and_never_beats_brute_force() {
    for (text, rules) in [(TINY, tiny_rules()), (CHAINS, chains_rules())] {
        let board = Board::from_facts("b", text).unwrap();
        for steps in 1..=10 {
            let plan = gamebounds::traveller::trips::plan(&board, &rules, 0, steps);
            let id = board.ids[0];
            let rp = engine::replay(&board, &rules, id, &plan).unwrap();
            assert!(
                rp.illegal.is_none() && plan.len() <= steps,
                "{:?}",
                rp.illegal
            );
            assert!(
                rp.last().cash <= common::traveller_brute_force(&board, &rules, id, steps) + 1e-9
            );
        }
    }
}

#[test]
fn the_contracted_network_follows_the_roads() {
    for file in ["classic.pl", "large.pl"] {
        let board = Board::load(&models().join(file)).unwrap();
        let start = board.square(67).unwrap();
        let net = model::Network::new(&board, start);
        assert!(net.node_of[start].is_some());
        for c in &net.chains {
            // Every step of a chain is a road; only its last square is a key square.
            let mut at = net.key[c.from];
            for (i, &s) in c.path.iter().enumerate() {
                assert!(
                    board.joined(at, s),
                    "{file}: chain breaks at {}",
                    board.ids[s]
                );
                let last = i + 1 == c.path.len();
                assert_eq!(
                    net.node_of[s].is_some(),
                    last,
                    "{file}: square {}",
                    board.ids[s]
                );
                if !last {
                    assert_eq!(board.adj[s].len(), 2);
                }
                at = s;
            }
            assert_eq!(at, net.key[c.to]);
        }
        // Every trader is a key square.
        for s in 0..board.n() {
            let trades = board.fuel_price[s].is_some()
                || board.wholesale[s].iter().any(|p| p.is_some())
                || board.retail[s].iter().any(|p| p.is_some());
            assert!(!trades || net.node_of[s].is_some());
        }
    }
}

/// The most cash + stock at the cheapest wholesale price over all plans of at most t
/// actions, for each t = 0..=steps, by breadth-first search over every state.
fn brute_force_wealth(board: &Board, rules: &Rules, start: u32, steps: usize) -> Vec<f64> {
    let cheapest: Vec<f64> = (0..board.goods.len())
        .map(|g| {
            (0..board.n())
                .filter_map(|s| board.wholesale[s][g])
                .fold(f64::INFINITY, f64::min)
        })
        .collect();
    let worth = |s: &State| -> f64 {
        s.cash
            + s.stock
                .iter()
                .zip(&cheapest)
                .filter(|(&q, _)| q > 0)
                .map(|(&q, &p)| q as f64 * p)
                .sum::<f64>()
    };
    let mut layer = vec![State::start(board, rules, start).unwrap()];
    let mut out = vec![rules.cash];
    for _ in 0..steps {
        let mut best = *out.last().unwrap();
        layer = next_layer(board, rules, &layer, |n| best = best.max(worth(n)));
        out.push(best);
    }
    out
}

#[test]
fn the_wealth_ceilings_hold_against_brute_force() {
    // The checkpoint caps (10 steps) and the profit bounds restarted from them must stay
    // above what some plan really holds (cash + stock at cost) after every step.
    let rules = Rules {
        cash: 30.0,
        tank: 6,
        fuel: 6,
        capacity: 10.0,
    };
    for seed in 1..=2 {
        let file = generate::generate(seed, 5, 4);
        let board = Board::from_file("generated", file).unwrap();
        let start = board.ids[0];
        let s = board.square(start).unwrap();
        let steps = 16;
        let want = brute_force_wealth(&board, &rules, start, steps);
        let ceil =
            model::wealth_ceilings(&board, &rules, s, steps, &SolveOptions::quiet()).unwrap();
        for t in 0..=steps {
            assert!(
                want[t] <= ceil[t] + 1e-6,
                "seed {seed}, step {t}: a plan holds {} > ceiling {}",
                want[t],
                ceil[t]
            );
        }
        // Steps 11..16 come from the bounds restarted at the checkpoint.
        assert!(ceil[steps].is_finite() && ceil[steps] >= rules.cash);
        // So does the bound of windows chained from the checkpoint (what long budgets
        // report): never below the most cash (at most the wealth) any plan reaches.
        let (chained, windows) = gamebounds::traveller::window::from_checkpoint(
            &board,
            &rules,
            s,
            10,
            &ceil,
            steps,
            &SolveOptions::quiet(),
            None,
        )
        .unwrap()
        .unwrap();
        assert!(windows.iter().all(|w| w.proven) && windows.len() == 1);
        assert!(
            want[steps] <= chained + 1e-6,
            "seed {seed}: a plan holds {} > chained windows {chained}",
            want[steps]
        );
    }
}

#[test]
fn ilp_matches_brute_force_on_small_generated_boards() {
    // Generated towns (real prices, junctions, chains) with a small purse and lorry so
    // that brute force stays cheap; budgets past the first checkpoint (10 steps, whose
    // cap the later steps' ceilings restart from). The
    // MIP starts include weaker plans (the trip plan for half the budget).
    let rules = Rules {
        cash: 30.0,
        tank: 6,
        fuel: 6,
        capacity: 10.0,
    };
    let mut weaker = 0;
    for seed in 1..=2 {
        let file = generate::generate(seed, 5, 4);
        let board = Board::from_file("generated", file).unwrap();
        let start = board.ids[0];
        let s = board.square(start).unwrap();
        for steps in [7, 11] {
            let want = common::traveller_brute_force(&board, &rules, start, steps);
            let hints = [
                gamebounds::traveller::trips::plan(&board, &rules, s, steps),
                gamebounds::traveller::trips::plan(&board, &rules, s, steps / 2),
            ];
            for hint in hints {
                let known = engine::replay(&board, &rules, start, &hint).unwrap();
                if known.last().cash < want - 1e-6 {
                    weaker += 1;
                }
                let b = model::solve(
                    &board,
                    &rules,
                    s,
                    steps,
                    &Objective::default(),
                    Some(&hint),
                    &SolveOptions::quiet(),
                )
                .unwrap();
                assert!(b.report.proven(), "seed {seed}, T={steps}: {:?}", b.report);
                let got = b.report.objective.unwrap();
                assert!(
                    (got - want).abs() < 1e-6,
                    "seed {seed}, T={steps}: ILP {got}, brute force {want}"
                );
                let rp = engine::replay(&board, &rules, start, &b.plan).unwrap();
                assert!(rp.illegal.is_none() && (rp.last().cash - got).abs() < 1e-6);
            }
        }
    }
    assert!(weaker >= 2, "only {weaker} starts below the optimum");
}

fn models() -> PathBuf {
    root().join("models/traveller")
}

#[test]
fn the_classic_board_is_as_promised() {
    let b = Board::load(&models().join("classic.pl")).unwrap();
    assert!(b.n() >= 67);
    assert!(b.index.contains_key(&67));
    assert!(b.file.loops.len() >= 3);
    assert!(b.file.loops.iter().any(|l| l.name == "The Hub"));
    assert_eq!(
        b.goods,
        ["coal", "diamonds", "glasses", "peaches", "televisions"]
    );
    for g in 0..5 {
        assert!(
            (0..b.n()).any(|s| b.wholesale[s][g].is_some()),
            "{}",
            b.goods[g]
        );
        assert!(
            (0..b.n()).any(|s| b.retail[s][g].is_some()),
            "{}",
            b.goods[g]
        );
    }
    assert!(b.fuel_price.iter().filter(|p| p.is_some()).count() >= 2);
    // The JSON twin has the same content.
    let j = Board::load(&models().join("classic.json")).unwrap();
    assert_eq!(j.file, b.file);
}

#[test]
fn the_large_board_is_the_generators_output() {
    let b = Board::load(&models().join("large.pl")).unwrap();
    assert!(b.n() >= 200, "{} squares", b.n());
    let again = generate::generate(1, 24, 16);
    assert_eq!(b.file, again);
}

/// `name` in this binary's scratch directory.
fn tmp(name: &str) -> PathBuf {
    scratch("traveller").join(name)
}

#[test]
fn replay_prints_states_and_names_the_broken_rule() {
    let classic = "models/traveller/classic.pl";
    let o = run_ok(&[
        "traveller",
        "replay",
        "--board",
        classic,
        "--start",
        "67",
        "models/traveller/example.plan",
    ]);
    let out = stdout(&o);
    assert!(out.contains("| step | action"), "{out}");
    assert!(
        out.contains("sell televisions 35") && out.contains("final cash £5948"),
        "{out}"
    );

    let bad = tmp("bad.plan");
    std::fs::write(&bad, "move 54\nmove 55\nsell coal 3\n").unwrap();
    let o = run(&[
        "traveller",
        "replay",
        "--board",
        classic,
        bad.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(
        err.contains("step 3 `sell coal 3`") && err.contains("no retailer"),
        "{err}"
    );

    std::fs::write(&bad, "move 54\nteleport 3\n").unwrap();
    let o = run(&[
        "traveller",
        "replay",
        "--board",
        classic,
        bad.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("plan line 2"), "{}", stderr(&o));
}

#[test]
fn show_draws_text_and_svg() {
    let svg = tmp("classic.svg");
    let o = run_ok(&[
        "traveller",
        "show",
        "--board",
        "models/traveller/classic.pl",
        "--svg",
        svg.to_str().unwrap(),
    ]);
    let out = stdout(&o);
    assert!(
        out.contains("81 squares") && out.contains("The Hub:") && out.contains("67"),
        "{out}"
    );
    let s = std::fs::read_to_string(&svg).unwrap();
    assert!(s.starts_with("<svg") && s.contains("<circle") && s.trim_end().ends_with("</svg>"));
}

#[test]
fn bad_boards_exit_2_naming_the_line() {
    let f = tmp("bad.pl");
    std::fs::write(&f, "square(1, 0, 0).\nsquare(2, 3, 1).\njoins(1, 2).\n").unwrap();
    let o = run(&["traveller", "show", "--board", f.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(
        err.contains("line 3") && err.contains("joins(1, 2)") && err.contains("45°"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
}

#[test]
fn bound_episode_verifies_and_a_tampered_one_does_not() {
    let out = tmp("t12.json");
    let o = run_ok(&[
        "traveller",
        "bound",
        "--board",
        "models/traveller/classic.pl",
        "--start",
        "67",
        "--steps",
        "12",
        "--method",
        "ilp",
        "--quiet",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(stdout(&o).contains("proven optimum"), "{}", stdout(&o));
    let o = run_ok(&["verify", out.to_str().unwrap()]);
    assert!(stdout(&o).contains("verified"));

    let mut env: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
    env["value"] = serde_json::json!(env["value"].as_f64().unwrap() + 1.0);
    let bad = tmp("t12-bad.json");
    std::fs::write(&bad, env.to_string()).unwrap();
    let o = run(&["verify", bad.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));

    // A plan that starts off the road.
    env["payload"]["plan"] = serde_json::json!(["move 1"]);
    std::fs::write(&bad, env.to_string()).unwrap();
    let o = run(&["verify", bad.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("no road"), "{}", stderr(&o));
}

/// The event search from square `start` over `steps`, started from `known`, is proven,
/// equals `want` (brute force), and its plan replays legally to the same cash: without
/// the relaxed future's cut-offs (then it bounds exactly the sequences `count` counts),
/// with them, and with them from a plan just below the optimum (its last sale one unit
/// short), where a cut-off that is not a bound would lose the optimum. Returns the
/// prefixes cut.
fn events_are(
    board: &Board,
    rules: &Rules,
    start: u32,
    steps: usize,
    known: &[engine::Action],
    want: f64,
) -> u64 {
    let s = board.square(start).unwrap();
    let check = |known: &[engine::Action], prune: bool| -> sequences::Outcome {
        let o = sequences::solve_with(board, rules, s, steps, known, &SolveOptions::quiet(), prune)
            .unwrap();
        let what = format!("start {start}, T={steps}, known {known:?}, prune {prune}");
        assert!(o.proven, "{what}");
        assert!(
            (o.cash - want).abs() < 1e-6,
            "{what}: event search {}, brute force {want}",
            o.cash
        );
        let rp = engine::replay(board, rules, start, &o.plan).unwrap();
        assert!(rp.illegal.is_none(), "{what}: {:?}", rp.illegal);
        assert!(o.plan.len() <= steps, "{what}");
        assert!((rp.last().cash - o.cash).abs() < 1e-9, "{what}");
        o
    };
    let all = check(known, false);
    let count = sequences::count(board, rules, s, steps, u64::MAX).unwrap();
    assert_eq!(
        count, all.sequences,
        "T={steps}: the count and the search differ"
    );
    let mut cut = check(known, true).cut;
    let mut near = all.plan.clone();
    if let Some(engine::Action::Sell(_, q)) = near
        .iter_mut()
        .rev()
        .find(|a| matches!(a, engine::Action::Sell(..)))
    {
        *q -= 1;
        cut += check(&near, true).cut;
    }
    cut
}

#[test]
fn the_event_search_hands_over_every_better_plan_at_once() {
    let board = Board::from_facts("chains", CHAINS).unwrap();
    let rules = chains_rules();
    let s = board.square(1).unwrap();
    let seen = std::cell::RefCell::new(Vec::new());
    let keep = |plan: &[engine::Action], cash: f64| {
        let rp = engine::replay(&board, &rules, 1, plan).unwrap();
        assert!(rp.illegal.is_none() && (rp.last().cash - cash).abs() < 1e-9);
        seen.borrow_mut().push(cash);
    };
    let o = sequences::solve_keeping(&board, &rules, s, 11, &[], &SolveOptions::quiet(), &keep)
        .unwrap();
    let seen = seen.into_inner();
    assert!(!seen.is_empty());
    assert!(seen.windows(2).all(|w| w[0] < w[1]), "{seen:?}");
    assert_eq!(*seen.last().unwrap(), o.cash);
}

#[test]
fn event_search_matches_brute_force() {
    // The tiny town, the town with long roads (chains, a dead end, a triangle) and two
    // generated towns; from nothing known and from the trip planner's plan for half the
    // budget (a weaker start).
    let tiny = Board::from_facts("tiny", TINY).unwrap();
    let chains = Board::from_facts("chains", CHAINS).unwrap();
    let town = Rules {
        cash: 30.0,
        tank: 6,
        fuel: 6,
        capacity: 10.0,
    };
    let mut cases: Vec<(Board, Rules, u32, Vec<usize>)> = vec![
        (tiny.clone(), tiny_rules(), 1, (1..=7).collect()),
        (tiny, tiny_rules(), 3, (1..=7).collect()),
        (chains.clone(), chains_rules(), 1, (1..=11).collect()),
        (chains, chains_rules(), 5, (1..=11).collect()),
    ];
    for seed in 1..=2 {
        let board = Board::from_file("generated", generate::generate(seed, 5, 4)).unwrap();
        let start = board.ids[0];
        cases.push((board, town.clone(), start, vec![7, 11]));
    }
    let mut better = 0;
    let mut cut = 0;
    for (board, rules, start, budgets) in cases {
        let s = board.square(start).unwrap();
        for steps in budgets {
            let want = common::traveller_brute_force(&board, &rules, start, steps);
            if want > rules.cash + 1e-9 {
                better += 1;
            }
            cut += events_are(&board, &rules, start, steps, &[], want);
            let half = gamebounds::traveller::trips::plan(&board, &rules, s, steps / 2);
            cut += events_are(&board, &rules, start, steps, &half, want);
        }
    }
    assert!(better >= 12, "only {better} budgets where trading pays");
    // The relaxed future did cut branches here, so its bound is tested, not idle.
    assert!(cut >= 100, "only {cut} prefixes cut by the relaxed future");
}

#[test]
fn the_relaxed_future_never_cuts_the_optimum_on_the_classic_board() {
    // Large numbers (so quantities are nearly continuous) and budgets where the relaxed
    // future is within a few percent of the optimum: a cut-off that is not a bound
    // shows. Each budget: every sequence bounded (no cut-offs), then with cut-offs from
    // a plan just below that optimum.
    let board = Board::load(&models().join("classic.pl")).unwrap();
    let rules = Rules::default();
    let s = board.square(67).unwrap();
    let mut cut = 0;
    for steps in (16..=40).step_by(4) {
        let all =
            sequences::solve_with(&board, &rules, s, steps, &[], &SolveOptions::quiet(), false)
                .unwrap();
        let mut near = all.plan.clone();
        let Some(engine::Action::Sell(_, q)) = near
            .iter_mut()
            .rev()
            .find(|a| matches!(a, engine::Action::Sell(..)))
        else {
            continue;
        };
        *q -= 1;
        let o = sequences::solve(&board, &rules, s, steps, &near, &SolveOptions::quiet()).unwrap();
        assert!(o.proven);
        assert!(
            (o.cash - all.cash).abs() < 1e-6,
            "T={steps}: with cut-offs £{}, without £{}",
            o.cash,
            all.cash
        );
        cut += o.cut;
    }
    assert!(cut > 0, "the relaxed future cut nothing");
}

#[test]
fn events_method_proves_the_classic_fifty_steps() {
    // The budget the ILP's relaxation leaves open (bound £8 985) is settled by the event
    // search: nothing beats the trip planner's £8 353.
    let out = tmp("t50-events.json");
    let o = run_ok(&[
        "traveller",
        "bound",
        "--board",
        "models/traveller/classic.pl",
        "--start",
        "67",
        "--steps",
        "50",
        "--method",
        "events",
        "--quiet",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(
        stdout(&o).contains("proven optimum £8353"),
        "{}",
        stdout(&o)
    );
    assert!(
        stdout(&o).contains("sequences ending in a sale"),
        "{}",
        stdout(&o)
    );
    let o = run_ok(&["verify", out.to_str().unwrap()]);
    assert!(stdout(&o).contains("verified"));
    // Cash only: stock values need the ILP.
    let o = run(&[
        "traveller",
        "bound",
        "--board",
        "models/traveller/classic.pl",
        "--steps",
        "10",
        "--method",
        "events",
        "--stock-value",
        "coal=6",
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("--method ilp"), "{}", stderr(&o));
}

#[test]
fn results_keep_proven_episodes_and_solve_the_rest() {
    let dir = tmp("results");
    let (models, games) = (dir.join("models"), dir.join("games"));
    std::fs::create_dir_all(&models).unwrap();
    for f in ["classic.pl", "large.pl", "rules.json"] {
        std::fs::copy(root().join("models/traveller").join(f), models.join(f)).unwrap();
    }
    let args = [
        "traveller",
        "results",
        "--classic-steps",
        "12",
        "--large-steps",
        "8",
        "--models",
        models.to_str().unwrap(),
        "--games",
        games.to_str().unwrap(),
        "--results",
        dir.to_str().unwrap(),
    ];
    let first = run_ok(&args);
    assert!(!stderr(&first).contains("kept the proven episode"));
    let second = run_ok(&args);
    assert_eq!(
        stderr(&second).matches("kept the proven episode").count(),
        2
    );
    // A plan the referee rejects is not kept: that budget is solved again.
    let t12 = games.join("traveller-classic-t12.json");
    let mut env: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&t12).unwrap()).unwrap();
    env["payload"]["plan"] = serde_json::json!(["move 1"]);
    std::fs::write(&t12, env.to_string()).unwrap();
    let third = run_ok(&args);
    assert_eq!(stderr(&third).matches("kept the proven episode").count(), 1);
    run_ok(&["verify", t12.to_str().unwrap()]);
}

#[test]
fn greedy_runs_and_its_episode_verifies() {
    let out = tmp("greedy.json");
    run_ok(&[
        "traveller",
        "greedy",
        "--board",
        "models/traveller/classic.pl",
        "--steps",
        "40",
        "--quiet",
        "--out",
        out.to_str().unwrap(),
    ]);
    run_ok(&["verify", out.to_str().unwrap()]);
}

/// The most a window of `steps` steps can score by brute force: from every start on a key
/// square (every fuel, every stock that fits, cash up to the cap in steps of `cash_step`,
/// always including the most cash the cap allows) with worth ≤ `wmax`, every plan of at
/// most `steps` actions (all quantities), scored on a key square as the end worth (or
/// cash) less (1 + slope) × the starting worth, worth being cash + stock at the windows'
/// values where the lorry is.
#[allow(clippy::too_many_arguments)]
fn brute_window(
    board: &Board,
    rules: &Rules,
    steps: usize,
    wmax: f64,
    slope: f64,
    cash_only: bool,
    cash_step: f64,
) -> f64 {
    use gamebounds::traveller::window;
    let v = window::values(board);
    let c = window::cheapest(board);
    let key = model::Network::new(board, 0).key;
    let ng = board.goods.len();
    let worth = |s: &State| -> f64 {
        s.cash
            + (0..ng)
                .map(|g| s.stock[g] as f64 * v[s.square][g])
                .sum::<f64>()
    };
    // Every stock vector that fits, of goods someone sells.
    let mut stocks: Vec<Vec<u64>> = vec![vec![0; ng]];
    for g in 0..ng {
        if c[g] <= 0.0 {
            continue;
        }
        let mut next = Vec::new();
        for y in &stocks {
            let used: f64 = (0..ng).map(|h| y[h] as f64 * board.volume[h]).sum();
            let room = ((rules.capacity - used + 1e-9) / board.volume[g]).floor() as u64;
            for q in 0..=room {
                let mut z = y.clone();
                z[g] = q;
                next.push(z);
            }
        }
        stocks = next;
    }
    let mut best = f64::NEG_INFINITY;
    for &sq in &key {
        for fuel in 0..=rules.tank {
            for y in &stocks {
                let held: f64 = (0..ng).map(|g| y[g] as f64 * v[sq][g]).sum();
                if held > wmax + 1e-9 {
                    continue;
                }
                let top = wmax - held;
                let mut cashes = vec![top];
                if slope > -1.0 {
                    let mut x = 0.0;
                    while x < top {
                        cashes.push(x);
                        x += cash_step;
                    }
                }
                for cash in cashes {
                    let s0 = State {
                        square: sq,
                        fuel,
                        cash,
                        stock: y.clone(),
                    };
                    let paid = (1.0 + slope) * worth(&s0);
                    let score =
                        |s: &State| -> f64 { (if cash_only { s.cash } else { worth(s) }) - paid };
                    // Cash-only ends must hold no stock to count only cash... stock is
                    // simply worth nothing then.
                    best = best.max(score(&s0));
                    let mut layer = vec![s0];
                    for _ in 0..steps {
                        layer = next_layer(board, rules, &layer, |n| {
                            if key.contains(&n.square) {
                                best = best.max(score(n));
                            }
                        });
                    }
                }
            }
        }
    }
    best
}

#[test]
fn window_bounds_hold_against_brute_force() {
    // a(L, b) — the most worth after L steps from any state worth at most W, less
    // (1 + b) × that worth — is what makes the chained windows (and so the reported
    // bound for long budgets) valid: the solver's bound must never be below what some
    // start and plan really reach.
    use gamebounds::traveller::window;
    let tiny = Board::from_facts("tiny", TINY).unwrap();
    let chains = Board::from_facts("chains", CHAINS).unwrap();
    let mut exact = 0;
    let cases = [
        (&tiny, tiny_rules(), 1..=3),
        // Chains of plain squares: windows start and score on key squares only, and a
        // window's last drive may run past its end.
        (&chains, chains_rules(), 4..=5),
    ];
    for (board, rules, budgets) in cases {
        let (board, rules) = (board, &rules);
        for steps in budgets {
            for (wmax, slope, cash_only) in [
                (20.0, -1.0, false),
                (20.0, -1.0, true),
                (35.0, 0.0, false),
                (35.0, 0.3, false),
            ] {
                let want = brute_window(board, rules, steps, wmax, slope, cash_only, 1.0);
                let got = window::window(
                    board,
                    rules,
                    0,
                    steps,
                    wmax,
                    slope,
                    cash_only,
                    &SolveOptions::quiet(),
                )
                .unwrap()
                .unwrap();
                let what = format!(
                    "{}: L={steps}, W={wmax}, b={slope}, cash only {cash_only}",
                    board.name
                );
                assert!(got.proven, "{what}");
                assert!(
                    want <= got.bound + 1e-6,
                    "{what}: brute force {want} > window bound {}",
                    got.bound
                );
                if (got.bound - want).abs() < 1e-3 {
                    exact += 1;
                }
            }
        }
    }
    // Not a loose bound by accident: most windows are exact (the others differ by
    // fractional stock or cash).
    assert!(exact >= 4, "only {exact} windows equal brute force");
}

/// Every state one legal action after a state of `layer` (each visited by `visit`), with
/// duplicates (same square, fuel, cash to the penny and stock) dropped.
fn next_layer(
    board: &Board,
    rules: &Rules,
    layer: &[State],
    mut visit: impl FnMut(&State),
) -> Vec<State> {
    let mut seen: HashSet<(usize, u32, i64, Vec<u64>)> = HashSet::new();
    let mut next = Vec::new();
    for s in layer {
        for a in engine::legal_actions(board, rules, s, None) {
            let n = engine::apply(board, rules, s, &a).expect("legal_actions are legal");
            visit(&n);
            if seen.insert((
                n.square,
                n.fuel,
                (n.cash * 100.0).round() as i64,
                n.stock.clone(),
            )) {
                next.push(n);
            }
        }
    }
    next
}

/// Traveller's numbers are money wherever they are shown, and its proof parts are in
/// words: the verdict `proven optimum £25956.25` (not `25956.2500`), each part's bound
/// in pounds, each part named by its first event rather than as data.
#[test]
fn money_and_proof_parts_in_words() {
    let md = stdout(&run_ok(&["render", "games/traveller-large-t30.json"]));
    assert!(
        md.contains("| result     | proven optimum £25956.25 "),
        "{md}"
    );
    assert!(
        !md.contains("25956.2500") && !md.contains("`{\"first\""),
        "{md}"
    );
    assert!(
        md.contains("| first event: buy glasses at square 13 "),
        "{md}"
    );
    assert!(md.contains("| no event: the starting cash "), "{md}");
    assert!(md.contains("| £25956.25 "), "{md}");
    let line = stdout(&run_ok(&["verify", "games/traveller-large-t30.json"]));
    assert!(line.contains("proven optimum £25956.25)"), "{line}");
}
