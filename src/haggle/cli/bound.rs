//! `haggle bound` and `haggle table`: the full-information bound for N players, one
//! problem or a table over player counts.

use super::*;

/// The bound problem for N players under the variant.
pub fn bound_problem(
    players: usize,
    objective: BoundObjective,
    hand_in: HandIn,
    v: &Variant,
) -> Problem {
    let n = players as u32;
    let rules = v.rules;
    Problem {
        name: format!(
            "haggle bound ({players} players, {}, hand-in {}, variant `{}`)",
            objective_name(objective),
            match hand_in {
                HandIn::Any => "any",
                HandIn::All => "all",
            },
            v.name
        ),
        rules,
        variant: v.clone(),
        deck: [2 * n; 5],
        max_cards: if rules.has(15) { v.max_cards() } else { 10 * n },
        fixed: vec![None; players],
        objective: match objective {
            BoundObjective::MaxPlayer => Objective::Player,
            BoundObjective::MaxTotal => Objective::Total,
        },
        hand_in_all: matches!(hand_in, HandIn::All),
        caps0: None,
        near: None,
    }
}

pub fn objective_name(o: BoundObjective) -> &'static str {
    match o {
        BoundObjective::MaxPlayer => "max-player",
        BoundObjective::MaxTotal => "max-total",
    }
}

/// Solve a bound and package it with the referee's scores.
pub fn bound(
    players: usize,
    objective: BoundObjective,
    hand_in: HandIn,
    model: Formulation,
    v: &Variant,
    opts: &SolveOptions,
) -> Result<Envelope> {
    let p = bound_problem(players, objective, hand_in, v);
    let types = match (model, objective) {
        (Formulation::Hands, _) | (Formulation::Auto, BoundObjective::MaxPlayer) => false,
        // Without rule 15 hands are unbounded in size: too many patterns to list.
        (Formulation::Auto, BoundObjective::MaxTotal) if !v.rules.has(15) => false,
        (Formulation::Types, BoundObjective::MaxPlayer) => {
            bail!("--model types solves max-total only (max-player uses --model hands)")
        }
        _ => {
            if !v.rules.has(15) {
                bail!("--model types needs rule 15 (at most 13 cards per hand); use --model hands");
            }
            true
        }
    };
    let sol = if types {
        p.solve_total_by_types(opts)?
    } else {
        p.solve(opts)?
    };
    let scores = engine::score(&sol.hands, v.rules, v)?;
    let referee = match objective {
        BoundObjective::MaxPlayer => scores[0].total,
        BoundObjective::MaxTotal => scores.iter().map(|s| s.total).sum(),
    };
    if referee != sol.value {
        bail!(
            "model `{}` claims {} but the referee scores its hands at {referee}: the model \
             and the rules disagree (a bug)",
            p.name,
            sol.value
        );
    }
    let payload = BoundPayload {
        players,
        hand_in_all: p.hand_in_all,
        hands: sol.hands.clone(),
        scores,
        model_scores: sol.scores.clone(),
        // The max-player solve's cases are one proof: recorded as one part.
        proof: sol
            .report
            .proven()
            .then(|| crate::proof::whole(&sol.report, referee as f64, None, opts)),
    };
    Ok(Envelope::from_report(
        "haggle",
        serde_json::to_value(v)?,
        objective_name(objective),
        &sol.report,
        serde_json::to_value(payload)?,
    ))
}

/// Parse `2-15` or `2,3,15` into player counts.
fn player_list(s: &str) -> Result<Vec<usize>> {
    let mut out = Vec::new();
    for part in s.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let bad = || anyhow!("--players `{s}`: write counts 1-40 like 2-15 or 2,3,15");
        let (a, b) = match part.split_once('-') {
            Some((a, b)) => (a.parse().map_err(|_| bad())?, b.parse().map_err(|_| bad())?),
            None => {
                let n: usize = part.parse().map_err(|_| bad())?;
                (n, n)
            }
        };
        if a > b || a == 0 || b > 40 {
            return Err(bad());
        }
        out.extend(a..=b);
    }
    Ok(out)
}

pub(super) fn table(
    players: &str,
    report: Option<&std::path::Path>,
    v: &Variant,
    common: &Common,
) -> Result<()> {
    let opts = SolveOptions {
        quiet: true,
        ..common.solve_options()
    };
    let mut rows = Vec::new();
    for n in player_list(players)? {
        let mut row = vec![n.to_string()];
        for obj in [BoundObjective::MaxPlayer, BoundObjective::MaxTotal] {
            let started = Instant::now();
            let env = match bound(n, obj, HandIn::Any, Formulation::Auto, v, &opts) {
                Ok(env) => env,
                // --time-limit hit before any game: the cell says so, the table goes on.
                Err(e) if crate::lp::no_solution(&e).is_some() => {
                    let bound = crate::lp::no_solution(&e)
                        .and_then(|n| n.bound)
                        .map(|b| format!(", bound {}", crate::render::num(b.floor())))
                        .unwrap_or_default();
                    let cell = format!("no game within --time-limit{bound}");
                    common.note(format!("{n} players {}: {cell}", objective_name(obj)));
                    let secs = started.elapsed().as_secs_f64();
                    row.extend([cell, format!("{secs:.1}"), "—".into()]);
                    continue;
                }
                Err(e) => return Err(e),
            };
            crate::haggle::verify(&env)?;
            let secs = started.elapsed().as_secs_f64();
            let p: BoundPayload = env.payload_as()?;
            let shown: Vec<String> = match obj {
                BoundObjective::MaxPlayer => vec![p.hands[0].to_string()],
                BoundObjective::MaxTotal => p.hands.iter().map(|h| h.to_string()).collect(),
            };
            common.note(format!(
                "{n} players {}: {} ({secs:.1} s)",
                objective_name(obj),
                crate::render::verdict(&env)
            ));
            row.push(crate::render::verdict(&env));
            row.push(format!("{secs:.1}"));
            row.push(shown.join(" "));
        }
        rows.push(row);
    }
    let md = format!(
        "# Haggle bounds (all 15 rules, variant `{}`)\n\nWritten by `gamebounds haggle table \
         --players {players}`. Deck: 2N cards of each colour; each player hands in any part \
         of its cards (at most 13). Every game below was re-scored by the referee. Times: \
         wall seconds on a shared, loaded 2-core machine (build + solve + re-score).\n\n{}\n",
        v.name,
        crate::render::table(
            [
                "players",
                "max-player",
                "s",
                "best hand (Y/B/R/O/W)",
                "max-total",
                "s",
                "hands of the best-total game",
            ],
            rows
        )
    );
    if let Some(report) = report {
        common.write_report(report, &md)?;
    }
    print!("{md}");
    Ok(())
}
