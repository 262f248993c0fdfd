//! Traveller's label method (`sequences::solve_labels`): against brute force over every
//! state on small boards (one where a mixed load is the only optimum), and against the
//! event search on the classic board for T ≤ 50.

mod common;

use common::root;
use gamebounds::lp::SolveOptions;
use gamebounds::traveller::board::Board;
use gamebounds::traveller::engine::{self, Action};
use gamebounds::traveller::generate;
use gamebounds::traveller::rules::Rules;
use gamebounds::traveller::sequences;

/// The tiny town of `tests/traveller.rs`: coal from 1 to 3, diamonds from 5 to 4, fuel on 2.
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

/// A street 1–2–3–4: glasses (cash-bound) on 1, peaches (space-bound) on 2, their
/// retailers on 3 and 4. With £60 and 10 cu ft the best load is mixed (5 glasses and 3
/// peaches earn £29; glasses alone £24, peaches alone £18).
const MIXED: &str = "
unit_volume(glasses, 1). unit_volume(peaches, 1.5).
square(1, 0, 0). square(2, 1, 0). square(3, 2, 0). square(4, 3, 0).
joins(1, 2). joins(2, 3). joins(3, 4).
building(1, glassworks). building(2, farm). building(3, optician). building(4, grocer).
sells(glassworks, glasses, 10). sells(farm, peaches, 2).
buys(optician, glasses, 14). buys(grocer, peaches, 5).
";

/// The labels from `known`, and the event search from their plan where they leave the
/// bound open: the result must be `want`, the labels never claim a proof below it, and
/// every plan replays to its cash. Returns whether the labels proved it alone.
fn labels_are(
    board: &Board,
    rules: &Rules,
    start: u32,
    steps: usize,
    known: &[Action],
    want: f64,
) -> bool {
    let s = board.square(start).unwrap();
    let what = format!("{} from {start}, T={steps}, known {known:?}", board.name);
    let o = sequences::solve_labels(board, rules, s, steps, known, None, None).unwrap();
    let rp = engine::replay(board, rules, start, &o.plan).unwrap();
    assert!(rp.illegal.is_none() && o.plan.len() <= steps, "{what}");
    assert!((rp.last().cash - o.cash).abs() < 1e-9, "{what}");
    assert!(
        o.cash <= want + 1e-6,
        "{what}: labels {} > brute force {want}",
        o.cash
    );
    if o.proven {
        assert!(
            (o.cash - want).abs() < 1e-6,
            "{what}: labels prove {}, brute force {want}",
            o.cash
        );
        return true;
    }
    let e = sequences::solve(board, rules, s, steps, &o.plan, &SolveOptions::quiet()).unwrap();
    assert!(
        e.proven && (e.cash - want).abs() < 1e-6,
        "{what}: then events {}",
        e.cash
    );
    false
}

/// The plan one unit short of `plan` at its last sale (a start just below the optimum).
fn just_below(plan: &[Action]) -> Option<Vec<Action>> {
    let mut near = plan.to_vec();
    match near
        .iter_mut()
        .rev()
        .find(|a| matches!(a, Action::Sell(..)))
    {
        Some(Action::Sell(_, q)) if *q > 1 => *q -= 1,
        _ => return None,
    }
    Some(near)
}

/// The small boards both brute-force tests walk: (board, rules, start, step budgets) for
/// the tiny town, the mixed-load street (`mixed`) and three generated towns.
fn small_cases(mixed: bool) -> Vec<(Board, Rules, u32, Vec<usize>)> {
    let tiny = Board::from_facts("tiny", TINY).unwrap();
    let tiny_rules = Rules {
        cash: 20.0,
        tank: 3,
        fuel: 2,
        capacity: 7.0,
    };
    let town = Rules {
        cash: 30.0,
        tank: 6,
        fuel: 6,
        capacity: 10.0,
    };
    let mut cases: Vec<(Board, Rules, u32, Vec<usize>)> = vec![
        (tiny.clone(), tiny_rules.clone(), 1, (1..=9).collect()),
        (tiny, tiny_rules, 3, (1..=9).collect()),
    ];
    if mixed {
        let street = Rules {
            cash: 60.0,
            tank: 20,
            fuel: 20,
            capacity: 10.0,
        };
        let board = Board::from_facts("mixed", MIXED).unwrap();
        cases.push((board, street, 1, (1..=10).collect()));
    }
    for seed in 1..=3 {
        let board = Board::from_file("generated", generate::generate(seed, 5, 4)).unwrap();
        let start = board.ids[0];
        cases.push((board, town.clone(), start, vec![5, 7, 9, 11]));
    }
    cases
}

#[test]
fn labels_match_brute_force_on_small_boards() {
    let cases = small_cases(false);
    let (mut proven, mut open, mut trading) = (0, 0, 0);
    for (board, rules, start, budgets) in cases {
        for steps in budgets {
            let want = common::traveller_brute_force(&board, &rules, start, steps);
            trading += usize::from(want > rules.cash + 1e-9);
            let alone = labels_are(&board, &rules, start, steps, &[], want);
            (proven, open) = if alone {
                (proven + 1, open)
            } else {
                (proven, open + 1)
            };
            let s = board.square(start).unwrap();
            let o = sequences::solve_labels(&board, &rules, s, steps, &[], None, None).unwrap();
            if let Some(near) = just_below(&o.plan) {
                labels_are(&board, &rules, start, steps, &near, want);
            }
        }
    }
    eprintln!("labels alone: {proven} proven, {open} handed over, {trading} trading");
    assert!(trading >= 15, "only {trading} budgets where trading pays");
    // Both ways out are exercised: proofs by the labels alone and hand-overs.
    assert!(
        proven >= 5 && open >= 5,
        "{proven} proven by the labels, {open} handed over"
    );
}

#[test]
fn every_relaxed_future_bounds_brute_force_on_small_boards() {
    // The relaxed future at the start bounds every plan, in each of its relaxations: one
    // good held, goods held as a set, and goods credited together (the joint load's
    // linear programme, which the mixed street needs: its best load is mixed).
    use sequences::Relax;
    let cases = small_cases(true);
    let (mut tight, mut tighter) = (0, 0);
    for (board, rules, start, budgets) in cases {
        let s = board.square(start).unwrap();
        for steps in budgets {
            let want = common::traveller_brute_force(&board, &rules, start, steps);
            let mut one = f64::INFINITY;
            for relax in [Relax::One, Relax::Sets, Relax::Joint] {
                let (most, path) = sequences::relaxed_path(&board, &rules, s, steps, relax)
                    .expect("a small table");
                assert!(
                    most >= want - 1e-6,
                    "{} from {start}, T={steps}, {relax:?}: relaxed {most} < brute force {want} \
                     ({path})",
                    board.name
                );
                if relax == Relax::One {
                    one = most;
                } else if relax == Relax::Joint {
                    tight += usize::from(most <= want * 1.02 + 1e-9);
                    tighter += usize::from(most < one - 1e-9);
                }
            }
        }
    }
    // The bounds are not idle: the joint table is within its grid of the optimum, and
    // below the one-good table, at some budgets.
    eprintln!("joint table: within 2% {tight} times, below the one-good table {tighter}");
    assert!(
        tight >= 3 && tighter >= 3,
        "joint: {tight} tight, {tighter} tighter"
    );
}

#[test]
fn a_mixed_load_is_found_past_the_labels() {
    // The labels see single loads only (£24 at best); the escape bound must stay open, and
    // the event search from their plan finds the mixed load's £29.
    let board = Board::from_facts("mixed", MIXED).unwrap();
    let rules = Rules {
        cash: 60.0,
        tank: 20,
        fuel: 20,
        capacity: 10.0,
    };
    for steps in [7, 8] {
        let want = common::traveller_brute_force(&board, &rules, 1, steps);
        assert_eq!(want, 89.0, "T={steps}: the mixed load");
        let s = board.square(1).unwrap();
        let o = sequences::solve_labels(&board, &rules, s, steps, &[], None, None).unwrap();
        assert!(!o.proven && o.cash < want, "T={steps}: {o:?}");
        assert!(!labels_are(&board, &rules, 1, steps, &[], want));
    }
}

#[test]
fn labels_match_the_event_search_on_the_classic_board() {
    let board = Board::load(&root().join("models/traveller/classic.pl")).unwrap();
    let rules = Rules::default();
    let s = board.square(67).unwrap();
    for steps in [12, 20, 30, 40, 50] {
        let e = sequences::solve(&board, &rules, s, steps, &[], &SolveOptions::quiet()).unwrap();
        assert!(e.proven);
        labels_are(&board, &rules, 67, steps, &[], e.cash);
        if let Some(near) = just_below(&e.plan) {
            labels_are(&board, &rules, 67, steps, &near, e.cash);
        }
    }
}

#[test]
fn a_labels_proof_verifies_audits_and_a_tampered_one_does_not() {
    // Three steps on the tiny town: no trade pays, and the labels prove the starting cash.
    let dir = common::scratch("traveller-labels");
    let board = dir.join("tiny.pl");
    std::fs::write(&board, TINY).unwrap();
    let out = dir.join("t3.json");
    let (b, o) = (board.to_str().unwrap(), out.to_str().unwrap());
    let rules = [
        "--set",
        "cash=20",
        "--set",
        "tank=3",
        "--set",
        "fuel=2",
        "--set",
        "capacity=7",
    ];
    let mut args = vec![
        "--quiet",
        "traveller",
        "bound",
        "--board",
        b,
        "--start",
        "1",
    ];
    args.extend(["--steps", "3", "--method", "labels", "--out", o]);
    args.extend(rules);
    common::run_ok(&args);
    let env: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
    assert_eq!(env["payload"]["trader"], "labels");
    assert_eq!(env["payload"]["proof"]["split"], "labels");
    common::run_ok(&["verify", o]);
    let audit = common::stdout(&common::run_ok(&["audit", o]));
    assert!(audit.contains("every part holds"), "{audit}");
    let mut bad = env.clone();
    bad["payload"]["proof"]["parts"][0]["bound"] = serde_json::json!(25.0);
    let tampered = dir.join("bad.json");
    std::fs::write(&tampered, serde_json::to_string(&bad).unwrap()).unwrap();
    let v = common::run(&["verify", tampered.to_str().unwrap()]);
    assert!(!v.status.success());
    assert!(
        common::stderr(&v).contains("above the maximum"),
        "{}",
        common::stderr(&v)
    );
}
