//! The claims every episode's envelope makes — value, bound, gap, status — checked the
//! same way for every game once its referee has recomputed the value. A game's `verify`
//! calls [`check`]; only the bound itself is left to a re-solve (`gamebounds audit`), and
//! [`bound_note`] says so in words.

use anyhow::Result;

use crate::episode::Envelope;
/// [`clip`] lives with the errors (the layers below the claims cut their messages too).
pub use crate::error::clip;
use crate::error::Rejected;
pub use crate::lp::Sense;
use crate::lp::Status;
use crate::render::num;

fn word(sense: Sense) -> &'static str {
    match sense {
        Sense::Maximise => "maximisation",
        Sense::Minimise => "minimisation",
    }
}

/// Absolute slack for comparing claimed numbers (scores are whole numbers or cents; the
/// solver's bounds carry rounding of about 1e-13 relative).
fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-6 * a.abs().max(b.abs()).max(1.0)
}

/// A number for a message: whole numbers without a decimal point, never Rust syntax.
pub fn show(x: Option<f64>) -> String {
    match x {
        Some(v) if v.is_finite() => num(v),
        Some(v) => v.to_string(),
        None => "missing".into(),
    }
}

fn reject(game: &str, msg: String) -> anyhow::Error {
    Rejected(format!("{game}: rejected: {msg}")).into()
}

/// Check the envelope's headline against `truth`, the referee's value of the episode's
/// game, for an objective of `sense`: the value equals it; a bound lies on the right side
/// (max: bound ≥ value, min: bound ≤ value); the gap is the bound's distance to the
/// value; `optimal` only with bound = value and gap 0. A failure is [`Rejected`].
pub fn check(env: &Envelope, sense: Sense, truth: f64) -> Result<()> {
    let game = env.game.as_str();
    let value = match env.value {
        Some(v) if v.is_finite() && close(v, truth) => v,
        v => {
            return Err(reject(
                game,
                format!(
                    "the episode claims value {}, the referee scores its game {}",
                    show(v),
                    num(truth)
                ),
            ))
        }
    };
    if let Some(b) = env.bound {
        let wrong_side = match sense {
            Sense::Maximise => b < value && !close(b, value),
            Sense::Minimise => b > value && !close(b, value),
        };
        if !b.is_finite() || wrong_side {
            return Err(reject(
                game,
                format!(
                    "bound {} is on the wrong side of the value {} for a {} ({})",
                    show(Some(b)),
                    num(value),
                    word(sense),
                    match sense {
                        Sense::Maximise => "a maximum's bound is at least its value",
                        Sense::Minimise => "a minimum's bound is at most its value",
                    }
                ),
            ));
        }
    }
    if let Some(g) = env.gap {
        let expected = env.bound.map(|b| (b - value).abs() / value.abs().max(1.0));
        let fits = expected.is_none_or(|e| (g - e).abs() <= 1e-6 + 1e-3 * e);
        if !g.is_finite() || g < -1e-12 || !fits {
            return Err(reject(
                game,
                format!(
                    "gap {g} does not match bound {} and value {} (gap = |bound − value| / \
                     max(1, |value|))",
                    show(env.bound),
                    num(value)
                ),
            ));
        }
    }
    check_solver(env, value)?;
    if env.status == Status::Optimal {
        // Within the solver's own tolerances (an integral objective's bound may sit a
        // hair above it).
        let near = |b: f64| (b - value).abs() <= 1e-4 * value.abs().max(1.0);
        let proven = env.bound.is_some_and(near) && env.gap.is_none_or(|g| g.abs() <= 1e-4);
        if !proven {
            return Err(reject(
                game,
                format!(
                    "status optimal needs bound = value and gap 0, the episode has value {}, \
                     bound {}, gap {}",
                    num(value),
                    show(env.bound),
                    show(env.gap)
                ),
            ));
        }
    }
    Ok(())
}

/// The solver block agrees with the episode it reports on: no failed solve behind a game,
/// and a proven episode's status, value and bound are the solver's (seconds are a time).
fn check_solver(env: &Envelope, value: f64) -> Result<()> {
    let Some(s) = &env.solver else {
        return Ok(());
    };
    let game = env.game.as_str();
    let says = |what: String| {
        reject(
            game,
            format!("the solver block says {what}, which contradicts the episode"),
        )
    };
    if matches!(
        s.status,
        Status::Infeasible | Status::Unbounded | Status::Error
    ) {
        return Err(says(format!("status {}", s.status)));
    }
    if !(s.seconds.is_finite() && s.seconds >= 0.0) {
        return Err(says(format!("{} seconds", s.seconds)));
    }
    if env.status == Status::Optimal {
        if s.status != Status::Optimal {
            return Err(says(format!("status {} (the episode: optimal)", s.status)));
        }
        if let Some(o) = s.objective.filter(|&o| !close(o, value)) {
            return Err(says(format!(
                "objective {} (the episode: {})",
                num(o),
                num(value)
            )));
        }
        if let (Some(b), Some(eb)) = (s.bound, env.bound) {
            if !close(b, eb) {
                return Err(says(format!("bound {} (the episode: {})", num(b), num(eb))));
            }
        }
    }
    Ok(())
}

/// The line `verify` adds when the episode's bound came from a solver and the referee
/// cannot re-check it (`None` when verification re-established the bound, e.g. by
/// enumeration, or there is no bound).
pub fn bound_note(env: &Envelope, rechecked: bool, file: &str) -> Option<String> {
    if rechecked || env.bound.is_none() {
        return None;
    }
    let which = if env.objective.contains("min") {
        "lower"
    } else {
        "upper"
    };
    // `audit` re-solves an episode's proof record; an older file without one has none.
    Some(if env.payload.get("proof").is_some_and(|p| !p.is_null()) {
        format!("{which} bound not re-checked: `gamebounds audit {file}` re-solves it")
    } else {
        format!("{which} bound not re-checked: only a re-solve of the same model checks it")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env(value: f64, bound: f64, gap: f64, status: Status) -> Envelope {
        let mut e = Envelope::exact(
            "toy",
            serde_json::json!({}),
            "max",
            value,
            serde_json::json!({}),
        );
        e.bound = Some(bound);
        e.gap = Some(gap);
        e.status = status;
        e
    }

    #[test]
    fn envelope_claims() {
        assert!(check(
            &env(10.0, 10.0, 0.0, Status::Optimal),
            Sense::Maximise,
            10.0
        )
        .is_ok());
        assert!(check(
            &env(10.0, 12.0, 0.2, Status::Feasible),
            Sense::Maximise,
            10.0
        )
        .is_ok());
        // Value off by one.
        assert!(check(
            &env(11.0, 11.0, 0.0, Status::Optimal),
            Sense::Maximise,
            10.0
        )
        .is_err());
        // Bound below a maximum's value, above a minimum's.
        assert!(check(
            &env(10.0, 9.0, 0.1, Status::Feasible),
            Sense::Maximise,
            10.0
        )
        .is_err());
        assert!(check(
            &env(10.0, 11.0, 0.1, Status::Feasible),
            Sense::Minimise,
            10.0
        )
        .is_err());
        // Optimal with a gap, or with the bound elsewhere; a gap that does not fit.
        assert!(check(
            &env(10.0, 12.0, 0.2, Status::Optimal),
            Sense::Maximise,
            10.0
        )
        .is_err());
        assert!(check(
            &env(10.0, 10.0, 0.5, Status::Optimal),
            Sense::Maximise,
            10.0
        )
        .is_err());
        assert!(check(
            &env(10.0, 12.0, 0.0, Status::Feasible),
            Sense::Maximise,
            10.0
        )
        .is_err());
        let e = check(
            &env(11.0, 11.0, 0.0, Status::Optimal),
            Sense::Maximise,
            10.0,
        )
        .unwrap_err();
        assert!(!e.to_string().contains("Some("), "{e}");
    }

    #[test]
    fn clip_cuts_long_text() {
        assert_eq!(clip("abc", 5), "abc");
        assert_eq!(clip("abcdef", 3), "abc… (6 characters)");
    }
}
