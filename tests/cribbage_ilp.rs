//! The ILP of `cribbage max` against its oracle, plain enumeration with the referee's
//! scorer: the unconstrained maximum (29, hand and crib) and 50 seeded random
//! constrained queries must agree on the optimum (or both find no hand at all), and the
//! ILP's hand must satisfy the query and re-score to the optimum. The queries cycle
//! through the standard rules and the two flush house rules.

use gamebounds::cribbage::analysis::{enumerate_max, Check};
use gamebounds::cribbage::engine::breakdown;
use gamebounds::cribbage::model::solve_max;
use gamebounds::cribbage::rules::{Query, Variant};
use gamebounds::cribbage::ruleset::CribbageRules;
use gamebounds::lp::SolveOptions;
use gamebounds::rng::Rng;

fn check(q: &Query, rules: &CribbageRules) -> bool {
    let e = enumerate_max(q, rules, 2);
    let t = std::time::Instant::now();
    let r = solve_max(q, rules, &SolveOptions::quiet());
    if std::env::var("CRIB_TIMES").is_ok() {
        eprintln!(
            "{:.3} s  {:?}  {}",
            t.elapsed().as_secs_f64(),
            e.max,
            q.describe()
        );
    }
    match r {
        Ok(sol) => {
            assert!(
                sol.report.proven(),
                "{}: not proven: {:?}",
                q.describe(),
                sol.report
            );
            assert_eq!(
                Some(sol.value),
                e.max,
                "{}: ILP vs enumeration",
                q.describe()
            );
            let b = breakdown(
                &sol.hand,
                sol.start,
                rules.flush(Variant::from_crib(q.crib)),
            );
            assert_eq!(b.total, sol.value, "{}: referee re-score", q.describe());
            let v = Check::new(q, rules).violation(&sol.hand, sol.start, b.total);
            assert!(v.is_none(), "{}: {v:?}", q.describe());
            true
        }
        Err(err) => {
            let msg = format!("{err:#}");
            assert!(msg.contains("infeasible"), "{}: {msg}", q.describe());
            assert_eq!(
                e.max,
                None,
                "{}: ILP infeasible, enumeration found {:?}",
                q.describe(),
                e.max
            );
            false
        }
    }
}

#[test]
fn unconstrained_maximum_is_29_for_hand_and_crib() {
    for crib in [false, true] {
        let q = Query {
            crib,
            ..Query::default()
        };
        let std = CribbageRules::default();
        let sol = solve_max(&q, &std, &SolveOptions::quiet()).unwrap();
        assert_eq!(sol.value, 29);
        let e = enumerate_max(&q, &std, 2);
        assert_eq!(e.max, Some(29));
        assert_eq!(e.at_max, 4);
    }
}

#[test]
fn ilp_agrees_with_enumeration_on_50_random_queries() {
    let mut rng = Rng::new(2026);
    let mut feasible = 0;
    let house = [
        CribbageRules::default(),
        CribbageRules {
            crib_four_card_flush: true,
            ..CribbageRules::default()
        },
        CribbageRules {
            hand_four_card_flush: false,
            ..CribbageRules::default()
        },
    ];
    for i in 0..50 {
        if check(&Query::random(&mut rng), &house[i % 3]) {
            feasible += 1;
        }
    }
    // The generator must exercise real optimisation, not only infeasible queries.
    assert!(feasible >= 35, "only {feasible} feasible queries");
}

/// The model's multiset constants (a counting recurrence) equal the referee's rank
/// points (subset enumeration) on all 6,175 rank multisets.
#[test]
fn multiset_constants_match_the_referee() {
    use gamebounds::cribbage::engine::rank_points;
    use gamebounds::cribbage::model::{multiset_value, rank_multisets};
    for m in rank_multisets() {
        let ranks: Vec<u8> = (0..13u8)
            .flat_map(|r| std::iter::repeat_n(r, m[r as usize] as usize))
            .collect();
        let five = [ranks[0], ranks[1], ranks[2], ranks[3], ranks[4]];
        assert_eq!(multiset_value(&m), rank_points(five) as u32, "{five:?}");
    }
}
