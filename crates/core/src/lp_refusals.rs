//! What HiGHS refuses, said in words: it answers a model it cannot take or an option it
//! does not know with a bare `Error` status, so the numbers it refuses are found here.

use good_lp::{Constraint, Expression, IntoAffineExpression};

/// The largest coefficient HiGHS takes in a row (its `large_matrix_value`).
pub const MAX_COEFFICIENT: f64 = 1e15;

/// The largest objective coefficient HiGHS takes (its `infinite_cost`).
pub const MAX_COST: f64 = 1e20;

fn number(x: f64) -> String {
    if !x.is_finite() || x == 0.0 {
        return if x.is_nan() {
            "NaN".into()
        } else {
            x.to_string()
        };
    }
    // Four significant digits: 3.011e15.
    let e = x.abs().log10().floor() as i32;
    let m = (x / 10f64.powi(e) * 1000.0).round() / 1000.0;
    format!("{m}e{e}")
}

/// The first number of the model HiGHS would refuse, in words (`None`: none found).
pub fn first_refused(constraints: &[Constraint], objective: &Expression) -> Option<String> {
    for (i, c) in constraints.iter().enumerate() {
        let row = || match c.name() {
            Some(n) => format!("row `{}`", crate::error::clip(n, 80)),
            None => format!("row {}", i + 1),
        };
        let e = c.expression();
        if e.constant().is_nan() {
            return Some(format!("{} has a right-hand side that is NaN", row()));
        }
        if let Some((_, a)) = e
            .linear_coefficients()
            .find(|(_, a)| a.is_nan() || a.abs() >= MAX_COEFFICIENT)
        {
            return Some(format!(
                "{} has the coefficient {}; HiGHS takes less than {MAX_COEFFICIENT:e}",
                row(),
                number(a)
            ));
        }
    }
    objective
        .linear_coefficients()
        .find(|(_, a)| a.is_nan() || a.abs() >= MAX_COST)
        .map(|(_, a)| {
            format!(
                "the objective has the coefficient {}; HiGHS takes less than {MAX_COST:e}",
                number(a)
            )
        })
}

/// The error for a model HiGHS would not build, from what [`first_refused`] found.
pub fn build_error(name: &str, found: Option<String>) -> anyhow::Error {
    match found {
        Some(what) => anyhow::anyhow!(
            "model `{name}`: HiGHS cannot take the model: {what} (the input's numbers are too \
             large for this model)"
        ),
        None => anyhow::anyhow!(
            "model `{name}`: HiGHS refused to build the model (its check of the rows, bounds \
             and costs failed)"
        ),
    }
}

/// The error for an option HiGHS refused.
pub fn option_error(name: &str, key: &str, value: &dyn std::fmt::Display) -> anyhow::Error {
    anyhow::anyhow!(
        "model `{name}`: HiGHS refuses the option {key} = {}: no option of that name, or a \
         value of the wrong type or out of its range (HiGHS's options: \
         https://ergo-code.github.io/HiGHS/stable/options/definitions/)",
        crate::error::clip(&value.to_string(), 80)
    )
}

#[cfg(test)]
mod tests {
    use crate::lp::{Model, Sense, SolveOptions};
    use good_lp::constraint;

    #[test]
    fn huge_coefficients_and_unknown_options_are_named() {
        let mut m = Model::new("huge");
        let x = m.continuous("x", 0.0, 1.0);
        m.constrain(constraint!(3e15 * x <= 1));
        let e = m
            .solve(Sense::Maximise, x, &SolveOptions::quiet())
            .unwrap_err()
            .to_string();
        assert!(e.contains("coefficient 3e15"), "{e}");
        assert!(!e.contains("Error."), "{e}");
        let mut m = Model::new("option");
        let x = m.continuous("x", 0.0, 1.0);
        m.highs_option("presolve", "maybe");
        let e = m
            .solve(Sense::Maximise, x, &SolveOptions::quiet())
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("HiGHS refuses the option presolve = maybe"),
            "{e}"
        );
        assert!(!e.contains("TrySetOptionError"), "{e}");
    }
}
