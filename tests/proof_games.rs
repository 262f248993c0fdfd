//! Proof records beyond Modern Art: every committed proven episode of Lost Cities,
//! cribbage, Haggle and Traveller carries one that verifies; each kind of tampering is
//! rejected with the part named; on miniatures `audit`'s re-solved bound equals the
//! exhaustive search's maximum.

mod common;

use std::path::Path;

use common::root;
use gamebounds::audit::{AuditOptions, AuditRow};
use gamebounds::episode::Envelope;
use gamebounds::lp::{Sense, SolveOptions};
use serde_json::Value;

fn load(name: &str) -> Envelope {
    Envelope::load(&root().join("games").join(name)).unwrap()
}

/// The message of `verify`'s rejection (exit code 1) of the episode edited by `edit`.
fn rejected(env: &Envelope, edit: impl Fn(&mut Value)) -> String {
    let mut env = env.clone();
    edit(&mut env.payload);
    let err = gamebounds::games::verify(&env).expect_err("tampered record accepted");
    assert_eq!(gamebounds::error::exit_code(&err), 1, "{err:#}");
    format!("{err:#}")
}

fn parts(p: &mut Value) -> &mut Vec<Value> {
    p["proof"]["parts"].as_array_mut().unwrap()
}

fn audit(env: &Envelope) -> Vec<AuditRow> {
    let game = gamebounds::games::find(&env.game).unwrap();
    game.audit(env, &AuditOptions::default()).unwrap().0
}

#[test]
fn every_committed_proven_bound_has_a_record_that_verifies() {
    let mut checked = 0;
    for entry in std::fs::read_dir(root().join("games")).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let of_interest = [
            "lost-cities-",
            "cribbage-max-",
            "haggle-15p-max",
            "traveller-",
        ];
        if !name.ends_with(".json") || !of_interest.iter().any(|p| name.starts_with(p)) {
            continue;
        }
        let env = Envelope::load(&path).unwrap();
        gamebounds::games::verify(&env).unwrap_or_else(|e| panic!("{name}: {e:#}"));
        if env.status == gamebounds::lp::Status::Optimal {
            assert!(
                env.payload.get("proof").is_some(),
                "{name}: no proof record"
            );
            checked += 1;
        }
    }
    assert!(checked >= 27, "{checked} records");
}

/// A whole solve's one part: removed, duplicated, restricted, its bound raised above the
/// maximum (below the minimum) and its game altered are each rejected, naming the part.
fn whole_tampering_is_rejected(name: &str, maximise: bool) {
    let env = load(name);
    let value = env.value.unwrap();
    let m = rejected(&env, |p| parts(p).clear());
    assert!(m.contains("no part"), "{name}: {m}");
    let m = rejected(&env, |p| {
        let first = parts(p)[0].clone();
        parts(p).push(first);
    });
    assert!(m.contains("part 2"), "{name}: {m}");
    let m = rejected(&env, |p| parts(p)[0]["restriction"] = "some_games".into());
    assert!(m.contains("part 1 restricts"), "{name}: {m}");
    let beyond = if maximise { value + 1.0 } else { value - 1.0 };
    let m = rejected(&env, |p| parts(p)[0]["bound"] = beyond.into());
    assert!(m.contains("part 1's bound"), "{name}: {m}");
    let m = rejected(&env, |p| parts(p)[0]["value"] = (value as i64 - 1).into());
    assert!(m.contains("part 1's game"), "{name}: {m}");
    let m = rejected(&env, |p| parts(p)[0]["settled"] = "lp_bound".into());
    assert!(m.contains("part 1 is settled"), "{name}: {m}");
}

#[test]
fn whole_records_reject_tampering_in_every_game() {
    whole_tampering_is_rejected("lost-cities-5-max.json", true);
    whole_tampering_is_rejected("lost-cities-5-min.json", false);
    whole_tampering_is_rejected("lost-cities-6-seed-1.json", true);
    whole_tampering_is_rejected("cribbage-max-29.json", true);
    whole_tampering_is_rejected("haggle-15p-max-player.json", true);
    whole_tampering_is_rejected("haggle-15p-max-total.json", true);
}

#[test]
fn event_search_records_reject_tampering() {
    let env = load("traveller-classic-t50.json");
    let n = env.payload["proof"]["parts"].as_array().unwrap().len();
    assert!(n > 5, "{n} branches");
    // A branch removed: the one left out is named.
    let m = rejected(&env, |p| {
        parts(p).remove(3);
    });
    assert!(m.contains("is missing"), "{m}");
    assert!(m.contains("\"square\""), "{m}");
    // A branch twice.
    let m = rejected(&env, |p| {
        let b = parts(p)[2].clone();
        parts(p).push(b);
    });
    assert!(
        m.contains(&format!("part {} ", n + 1)) && m.contains("repeats part 3"),
        "{m}"
    );
    // A branch's restriction altered: a square with no such trader.
    let m = rejected(&env, |p| {
        parts(p)[4]["restriction"]["first"]["square"] = 999.into();
    });
    assert!(m.contains("part 5") && m.contains("not a branch"), "{m}");
    // A bound above the maximum, a game above it, a branch left open.
    let value = env.value.unwrap();
    let m = rejected(&env, |p| parts(p)[6]["bound"] = (value + 1.0).into());
    assert!(
        m.contains("part 7") && m.contains("above the maximum"),
        "{m}"
    );
    let m = rejected(&env, |p| parts(p)[6]["value"] = (value as i64 + 2).into());
    assert!(
        m.contains("part 7") && m.contains("above the maximum"),
        "{m}"
    );
    let m = rejected(&env, |p| parts(p)[1]["settled"] = "open".into());
    assert!(m.contains("part 2"), "{m}");
    // Another split's name.
    let m = rejected(&env, |p| p["proof"]["split"] = "whole".into());
    assert!(m.contains("split"), "{m}");
}

/// Lost Cities miniatures: audit's re-solved bound (max and min, free deck) is the
/// exhaustive search's over every deal, deck order and move.
#[test]
fn lost_cities_audit_equals_the_exhaustive_search() {
    use gamebounds::lost_cities::{bounds, rules::Rules, search};
    for name in ["mini-2x2", "mini-2x3"] {
        let r = Rules::load(Path::new(&format!("models/lost-cities/{name}.json"))).unwrap();
        let exact = search::exhaustive(&r, None, 2_000_000).unwrap();
        for (sense, want) in [(Sense::Maximise, exact.max), (Sense::Minimise, exact.min)] {
            let env = bounds::free_bound(&r, sense, &SolveOptions::quiet()).unwrap();
            gamebounds::games::verify(&env).unwrap();
            let rows = audit(&env);
            assert_eq!(rows.len(), 1);
            assert!(rows[0].holds, "{name} {sense:?}: {rows:?}");
            assert_eq!(rows[0].resolved, Some(want as f64), "{name} {sense:?}");
            // The safe bound of the LP relaxation bounds the optimum from outside.
            let safe = rows[0].safe.unwrap();
            match sense {
                Sense::Maximise => assert!(safe >= want as f64 - 1e-9, "{safe}"),
                Sense::Minimise => assert!(safe <= want as f64 + 1e-9, "{safe}"),
            }
        }
    }
}

/// Cribbage: on a pool of six cards (and on a query with a fixed start) the audit's
/// re-solved bound is the enumeration's maximum; a claim below it fails.
#[test]
fn cribbage_audit_equals_the_enumeration() {
    use gamebounds::cribbage::analysis::enumerate_max;
    use gamebounds::cribbage::cli::max_episode;
    use gamebounds::cribbage::rules::{parse_card, parse_cards, Query};
    use gamebounds::cribbage::ruleset::CribbageRules;
    let pool = parse_cards(&["2C", "4H", "6D", "8H", "2S", "JC"]).unwrap();
    let queries = [
        Query {
            from: Some(pool),
            ..Query::default()
        },
        Query {
            crib: true,
            without: vec![5],
            start: Some(parse_card("9S").unwrap()),
            ..Query::default()
        },
    ];
    let rules = CribbageRules::default();
    for q in queries {
        let env = max_episode(&q, &rules, false, &SolveOptions::quiet()).unwrap();
        gamebounds::games::verify(&env).unwrap();
        let want = enumerate_max(&q, &rules, 2).max.unwrap() as f64;
        let rows = audit(&env);
        assert!(rows[0].holds, "{rows:?}");
        assert_eq!(rows[0].resolved, Some(want), "{}", q.describe());
        let mut low = env.clone();
        low.value = Some(want - 1.0);
        low.payload["score"] = (want as i64 - 1).into();
        let rows = audit(&low);
        assert!(!rows[0].holds, "a claim below the maximum holds: {rows:?}");
    }
}

/// Traveller's event search on miniature towns: with the brute force's maximum claimed,
/// every branch holds; with a penny less, a branch finds the plan that beats it.
#[test]
fn traveller_branch_audit_equals_the_brute_force() {
    use gamebounds::traveller::{board::Board, rules::Rules, sequences};
    let facts = "unit_volume(coal, 2). unit_volume(diamonds, 1).
square(1, 0, 1). square(2, 1, 1). square(3, 2, 1). square(4, 3, 1). square(5, 1, 0).
joins(1, 2). joins(2, 3). joins(3, 4). joins(5, 1). joins(5, 2). joins(5, 3).
building(1, pit). building(3, works). building(5, mine). building(4, jeweller).
building(2, pump).
sells(pit, coal, 2). buys(works, coal, 5).
sells(mine, diamonds, 7). buys(jeweller, diamonds, 11).
sells_fuel(pump, 1).";
    let board = Board::from_facts("tiny", facts).unwrap();
    let rules = Rules {
        cash: 20.0,
        tank: 3,
        fuel: 2,
        capacity: 7.0,
    };
    let o = AuditOptions::default();
    let mut beaten = 0;
    for steps in 2..=7 {
        let want = brute_force(&board, &rules, 1, steps);
        let s = board.square(1).unwrap();
        let out = sequences::solve(&board, &rules, s, steps, &[], &SolveOptions::quiet()).unwrap();
        assert!(out.proven);
        let proof = sequences::record(
            &board,
            &rules,
            s,
            out.cash,
            &out.branches,
            &o.solve_options(),
        );
        sequences::check(&board, &rules, s, steps, &proof, want).unwrap();
        let rows = sequences::audit(&board, &rules, s, steps, &proof, want, &o).unwrap();
        assert!(rows.iter().all(|r| r.holds), "T = {steps}: {rows:?}");
        let top = rows
            .iter()
            .filter_map(|r| r.resolved)
            .fold(f64::MIN, f64::max);
        assert!((top - want).abs() < 1e-9, "T = {steps}: {top} vs {want}");
        if want > rules.cash {
            let rows = sequences::audit(&board, &rules, s, steps, &proof, want - 0.01, &o).unwrap();
            let failed: Vec<_> = rows.iter().filter(|r| !r.holds).collect();
            assert!(
                !failed.is_empty(),
                "T = {steps}: nothing beats a penny less"
            );
            assert!(failed.iter().all(|r| r.resolved.unwrap() > want - 0.01));
            beaten += 1;
        }
    }
    assert!(beaten >= 3, "only {beaten} budgets where trading pays");
}

/// The most cash in at most `steps` actions, breadth first over every state.
fn brute_force(
    board: &gamebounds::traveller::board::Board,
    rules: &gamebounds::traveller::rules::Rules,
    start: u32,
    steps: usize,
) -> f64 {
    use gamebounds::traveller::engine::{self, State};
    let key = |s: &State| {
        (
            s.square,
            s.fuel,
            (s.cash * 100.0).round() as i64,
            s.stock.clone(),
        )
    };
    let mut layer = vec![State::start(board, rules, start).unwrap()];
    let mut best = rules.cash;
    for _ in 0..steps {
        let mut seen = std::collections::HashSet::new();
        let mut next = Vec::new();
        for s in &layer {
            for a in engine::legal_actions(board, rules, s, None) {
                let n = engine::apply(board, rules, s, &a).expect("legal actions are legal");
                best = best.max(n.cash);
                if seen.insert(key(&n)) {
                    next.push(n);
                }
            }
        }
        layer = next;
    }
    best
}

/// `audit` of an episode without a record says so (exit 2), and the multi-file summary
/// lists only episodes whose bound rests on HiGHS.
#[test]
fn audit_without_a_record_is_a_clear_error() {
    let o = common::run(&["audit", "games/haggle-spec-example.json"]);
    assert_eq!(o.status.code(), Some(2), "{}", common::stderr(&o));
    assert!(
        common::stderr(&o).contains("no proof record"),
        "{}",
        common::stderr(&o)
    );
    let o = common::run(&[
        "--quiet",
        "audit",
        "games/haggle-spec-example.json",
        "games/lost-cities-5-max.json",
        "games/traveller-classic-t20.json",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", common::stderr(&o));
    let out = common::stdout(&o);
    assert!(
        out.contains("lost-cities-5-max") && out.contains("traveller-classic-t20"),
        "{out}"
    );
    assert!(!out.contains("haggle-spec-example"), "{out}");
}

/// `--report`: an audit of some episodes updates their rows and keeps the others (the
/// rows live in a JSON beside the markdown); a rows file that is not one exits 2.
#[test]
fn audit_report_keeps_the_other_rows() {
    let dir = common::scratch("audit-report");
    let report = dir.join("audit.md");
    let report = report.to_str().unwrap();
    let first = ["--quiet", "audit", "games/lost-cities-5-max.json"];
    let o = common::run(
        &[
            &first[..],
            &["games/cribbage-max-crib.json", "--report", report],
        ]
        .concat(),
    );
    assert_eq!(o.status.code(), Some(0), "{}", common::stderr(&o));
    let o = common::run(&[&first[..], &["--report", report]].concat());
    assert_eq!(o.status.code(), Some(0), "{}", common::stderr(&o));
    let md = std::fs::read_to_string(report).unwrap();
    assert!(
        md.contains("cribbage-max-crib") && md.contains("lost-cities-5-max"),
        "{md}"
    );
    assert!(md.contains("2 of 2 audited episodes hold"), "{md}");
    std::fs::write(dir.join("audit.rows.json"), "[").unwrap();
    let o = common::run(&[&first[..], &["--report", report]].concat());
    assert_eq!(o.status.code(), Some(2), "{}", common::stderr(&o));
    assert!(
        common::stderr(&o).contains("not an audit's rows"),
        "{}",
        common::stderr(&o)
    );
}

/// Traveller's ILP bound on the tiny town: its one-part record verifies and `audit`
/// solves it again to the brute force's maximum.
#[test]
fn traveller_ilp_audit_equals_the_brute_force() {
    use gamebounds::traveller::{board::Board, rules::Rules};
    let dir = common::scratch("proof-games");
    let board_file = dir.join("tiny.pl");
    std::fs::write(
        &board_file,
        "unit_volume(coal, 2). unit_volume(diamonds, 1).
square(1, 0, 1). square(2, 1, 1). square(3, 2, 1). square(4, 3, 1). square(5, 1, 0).
joins(1, 2). joins(2, 3). joins(3, 4). joins(5, 1). joins(5, 2). joins(5, 3).
building(1, pit). building(3, works). building(5, mine). building(4, jeweller).
building(2, pump).
sells(pit, coal, 2). buys(works, coal, 5).
sells(mine, diamonds, 7). buys(jeweller, diamonds, 11).
sells_fuel(pump, 1).
",
    )
    .unwrap();
    let out = dir.join("tiny-ilp.json");
    let sets = ["cash=20", "tank=3", "fuel=2", "capacity=7"];
    let mut args = vec![
        "--quiet",
        "traveller",
        "bound",
        "--method",
        "ilp",
        "--start",
        "1",
    ];
    args.extend(["--steps", "7", "--board", board_file.to_str().unwrap()]);
    for s in &sets {
        args.extend(["--set", s]);
    }
    args.extend(["--out", out.to_str().unwrap()]);
    common::run_ok(&args);
    let env = Envelope::load(&out).unwrap();
    let board = Board::load(&board_file).unwrap();
    let rules = Rules {
        cash: 20.0,
        tank: 3,
        fuel: 2,
        capacity: 7.0,
    };
    let want = brute_force(&board, &rules, 1, 7);
    assert_eq!(env.value, Some(want));
    assert_eq!(env.payload["proof"]["split"], "whole");
    let rows = audit(&env);
    assert!(rows[0].holds, "{rows:?}");
    // HiGHS's floating-point bound, within its tolerance of the brute force's maximum.
    assert!((rows[0].resolved.unwrap() - want).abs() < 1e-6, "{rows:?}");
    let m = rejected(&env, |p| {
        let first = parts(p)[0].clone();
        parts(p).push(first);
    });
    assert!(m.contains("part 2"), "{m}");
}
