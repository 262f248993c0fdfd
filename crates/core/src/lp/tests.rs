use super::*;
use good_lp::constraint;

/// A knapsack with a known optimum (items 2 and 3: value 22, weight 9).
fn knapsack() -> (Model, Expression) {
    let mut m = Model::new("test knapsack");
    let w = [5.0, 4.0, 5.0, 3.0];
    let v = [10.0, 9.0, 13.0, 7.0];
    let x: Vec<Variable> = (0..4).map(|i| m.binary(format!("x{i}"))).collect();
    let weight: Expression = x.iter().zip(w).map(|(x, w)| w * *x).sum();
    m.constrain(constraint!(weight <= 9));
    let value: Expression = x.iter().zip(v).map(|(x, v)| v * *x).sum();
    (m, value)
}

#[test]
fn extra_options_parse_and_name_a_bad_entry() {
    let got = parse_options("V", " presolve=off, ,mip_heuristic_effort = 0.2").unwrap();
    assert_eq!(
        got,
        vec![
            ("presolve".to_string(), "off".to_string()),
            ("mip_heuristic_effort".to_string(), "0.2".to_string())
        ]
    );
    let e = parse_options("highs_near", "presolve=off,bogus")
        .unwrap_err()
        .to_string();
    assert!(e.contains("highs_near: `bogus` is not key=value"), "{e}");
}

/// The cutoff keeps solutions that beat it and reports "none beats it" otherwise, in
/// both senses (HiGHS's internal sign is the trap this guards). The same with the
/// heuristics off (`proof_only`): branch and bound still finds the better solution.
#[test]
fn cutoff_keeps_only_better_solutions() {
    for (sense, proof) in [Sense::Maximise, Sense::Minimise]
        .into_iter()
        .flat_map(|s| [(s, false), (s, true)])
    {
        let sign = if sense == Sense::Maximise { 1.0 } else { -1.0 };
        let (mut m, obj) = knapsack();
        m.cutoff(sign * 21.5);
        if proof {
            m.proof_only();
        }
        let s = m.solve(sense, sign * obj, &SolveOptions::quiet()).unwrap();
        assert_eq!(s.report.objective, Some(sign * 22.0), "{sense:?}");
        assert!(s.report.proven(), "{sense:?}");
        let (mut m, obj) = knapsack();
        m.cutoff(sign * 22.5);
        if proof {
            m.proof_only();
        }
        let e = m
            .solve(sense, sign * obj, &SolveOptions::quiet())
            .unwrap_err()
            .to_string();
        assert!(e.contains("no solution beats the cutoff"), "{sense:?}: {e}");
    }
}

/// Every option `proof_only` sets is one HiGHS knows: the solve succeeds, and it would
/// fail with a misspelt one.
#[test]
fn proof_only_options_are_known() {
    let (mut m, obj) = knapsack();
    m.proof_only();
    assert!(m
        .solve(Sense::Maximise, obj, &SolveOptions::quiet())
        .is_ok());
    let (mut m, obj) = knapsack();
    m.proof_only();
    m.highs_option("mip_heuristic_run_bogus", "false");
    let e = m.solve(Sense::Maximise, obj, &SolveOptions::quiet());
    assert!(e.is_err(), "an unknown option must fail the solve");
}

/// "Proven" is an optimal status with the bound at the objective (within rounding),
/// never an "optimal" without a bound — HiGHS's report after its presolve wrongly
/// declared a model infeasible (see [`presolve_suspect`]).
#[test]
fn proven_needs_a_closed_gap() {
    let report = |status, bound: Option<f64>| SolveReport {
        status,
        objective: Some(45.0),
        bound,
        gap: bound.map(|b| (b - 45.0f64).abs() / 45.0),
        seconds: 0.0,
        nodes: Some(0),
        rows: 1,
        columns: 1,
        integers: 1,
        threads: 1,
        seed: 0,
        time_limit: None,
    };
    assert!(report(Status::Optimal, Some(45.0)).proven());
    // 5e-9 relative, 2e-7 absolute: rounding (seen with presolve off).
    assert!(report(Status::Optimal, Some(45.000_000_23)).proven());
    assert!(!report(Status::Optimal, Some(45.01)).proven());
    assert!(!report(Status::Feasible, Some(45.0)).proven());
}

/// The report names HiGHS's seed; seed 0 (the default) is left out of the JSON, so
/// episodes written before the field still read, and read as seed 0.
#[test]
fn the_seed_is_recorded_unless_it_is_the_default() {
    let (m, obj) = knapsack();
    let opts = SolveOptions {
        seed: 3,
        ..SolveOptions::quiet()
    };
    let r = m.solve(Sense::Maximise, obj, &opts).unwrap().report;
    assert_eq!(r.seed, 3);
    let json = serde_json::to_value(&r).unwrap();
    assert_eq!(json["seed"], 3);
    let zero = SolveReport { seed: 0, ..r };
    let json = serde_json::to_value(&zero).unwrap();
    assert!(json.get("seed").is_none(), "{json}");
    let back: SolveReport = serde_json::from_value(json).unwrap();
    assert_eq!(back, zero);
}

#[test]
fn optimal_knapsack() {
    let (m, obj) = knapsack();
    let s = m
        .solve(Sense::Maximise, obj, &SolveOptions::quiet())
        .unwrap();
    assert_eq!(s.report.status, Status::Optimal);
    assert!(s.report.proven());
    assert_eq!(s.report.objective, Some(22.0));
    assert_eq!(s.report.bound, Some(22.0));
    assert_eq!(s.report.rows, 1);
    assert_eq!(s.report.columns, 4);
    assert_eq!(s.report.integers, 4);
}

#[test]
fn minimise_and_values() {
    let mut m = Model::new("min");
    let x = m.integer("x", 0.0, 10.0);
    let y = m.integer("y", 0.0, 10.0);
    m.constrain(constraint!(2 * x + 3 * y >= 12));
    let s = m
        .solve(Sense::Minimise, 3 * x + 4 * y, &SolveOptions::quiet())
        .unwrap();
    assert_eq!(s.report.objective, Some(16.0));
    assert_eq!(3 * s.int(x) + 4 * s.int(y), 16);
}

#[test]
fn infeasible_is_an_error_naming_the_model() {
    let mut m = Model::new("contradiction (variant x)");
    let x = m.integer("x", 0.0, 3.0);
    m.constrain(constraint!(x >= 5));
    let e = m
        .solve(Sense::Maximise, x, &SolveOptions::quiet())
        .unwrap_err();
    let why = super::infeasible(&e).map(|i| i.why);
    assert_eq!(why, Some(super::Why::Constraints), "{e:#}");
    let err = e.to_string();
    assert!(err.contains("contradiction (variant x)"), "{err}");
    assert!(err.contains("infeasible"), "{err}");
}

/// A multi-dimensional knapsack (150 items, 5 weight rows, pseudo-random data): easy
/// to find good packings, slow to prove. Stopped after 0.5 s it must report
/// `feasible` with a bound above the incumbent, never `optimal`.
#[test]
fn time_limited_solve_is_feasible_not_optimal() {
    let n = 150;
    let mut rng = crate::rng::Rng::new(42);
    let mut m = Model::new("multi-knapsack");
    let x: Vec<Variable> = (0..n).map(|i| m.binary(format!("x{i}"))).collect();
    for _ in 0..5 {
        let w: Vec<f64> = (0..n).map(|_| 20.0 + rng.below(80) as f64).collect();
        let cap = w.iter().sum::<f64>() / 2.0;
        let row: Expression = x.iter().zip(&w).map(|(v, w)| *w * *v).sum();
        m.constrain(constraint!(row <= cap));
    }
    let obj: Expression = x.iter().map(|v| (30.0 + rng.below(70) as f64) * *v).sum();
    let opts = SolveOptions {
        time_limit: Some(0.5),
        ..SolveOptions::quiet()
    };
    let s = m.solve(Sense::Maximise, obj, &opts).unwrap();
    assert_eq!(s.report.status, Status::Feasible, "{:?}", s.report);
    assert!(!s.report.proven());
    let (v, b) = (s.report.objective.unwrap(), s.report.bound.unwrap());
    assert!(b > v, "bound {b} must exceed incumbent {v}");
    assert!(s.report.gap.unwrap() > 0.0);
}
