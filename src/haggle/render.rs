//! Markdown for haggle episodes: score breakdowns, goals, bounds, simulation tables.

use anyhow::Result;

use super::engine::HandScore;
use super::episode::{BoundPayload, GoalPayload, ScorePayload};
use super::player::Simulation;
use crate::episode::Envelope;
use crate::render::{envelope_header, kv_table, table};

/// Column label of a rule's contribution.
fn rule_label(r: u8) -> String {
    if r == 0 {
        "values".into()
    } else {
        format!("r{r}")
    }
}

/// One row per hand, one column per rule that contributes anywhere.
pub fn score_table(scores: &[HandScore]) -> String {
    let mut rules: Vec<u8> = scores
        .iter()
        .flat_map(|s| s.parts.iter().map(|p| p.rule))
        .collect();
    rules.sort_unstable();
    rules.dedup();
    let mut header = vec!["hand".to_string(), "Y/B/R/O/W".to_string()];
    header.extend(rules.iter().map(|&r| rule_label(r)));
    header.push("total".into());
    let rows = scores.iter().enumerate().map(|(i, s)| {
        let mut row = vec![(i + 1).to_string(), s.hand.to_string()];
        row.extend(rules.iter().map(|&r| {
            let p = s.part(r);
            if p == 0 {
                String::new()
            } else {
                format!("{p:+}")
            }
        }));
        row.push(if s.eliminated {
            "0 (eliminated)".into()
        } else {
            s.total.to_string()
        });
        row
    });
    table(header, rows)
}

/// Scores and simulations are exact replays, not optima: their header says what they are
/// instead of the solver verdict.
fn plain_header(env: &Envelope, what: &str) -> String {
    format!(
        "# {} — {}\n\n{}\n",
        env.game,
        env.objective,
        kv_table([
            ("game", env.game.clone()),
            ("objective", env.objective.clone()),
            ("result", what.to_string()),
            ("gamebounds", env.version.clone()),
        ])
    )
}

pub fn render(env: &Envelope) -> Result<String> {
    let mut out = match env.objective.as_str() {
        "score" => plain_header(env, "scores under the rules in play (referee)"),
        "simulate" => plain_header(env, "a simulated game (every score by the referee)"),
        _ => envelope_header(env),
    };
    out.push('\n');
    // Numbers inside the rules that differ from the book's, so a table never passes for
    // the standard game's.
    if let Ok(v) = serde_json::from_value::<super::rules::Variant>(env.variant.clone()) {
        let changed = super::params::changed(&v);
        if !changed.is_empty() {
            out += &format!("Rule numbers changed: {}.\n\n", changed.join(", "));
        }
    }
    match env.objective.as_str() {
        "score" => {
            let p: ScorePayload = env.payload_as()?;
            out += &format!("Rules in play: {}\n\n", p.rules);
            out += &score_table(&p.scores);
            out += "\n\nColumns: `values` = card values (rules 1-3; 1 for a value the rules do \
                    not fix), `rN` = rule N's contribution (r11 doubles, r9 eliminates).\n";
        }
        "goal" => {
            let p: GoalPayload = env.payload_as()?;
            out += &kv_table([
                ("known rules", p.known.to_string()),
                ("current hand", p.hand.to_string()),
                ("players", p.players.to_string()),
                (
                    "other hands",
                    p.others
                        .as_ref()
                        .map(|o| {
                            o.iter()
                                .map(|h| h.to_string())
                                .collect::<Vec<_>>()
                                .join(", ")
                        })
                        .unwrap_or_else(|| "ignored (rules 6, 7, 8, 12 not used)".into()),
                ),
                ("goal hand", p.goal.to_string()),
                ("believed score", p.believed.to_string()),
                ("cards to change", p.distance.to_string()),
                ("true score (all rules)", p.true_score.to_string()),
            ]);
            out.push('\n');
        }
        "max-player" | "max-total" => {
            let p: BoundPayload = env.payload_as()?;
            out += &format!(
                "{} players, deck of {} cards per colour, {}.\n\n",
                p.players,
                2 * p.players,
                if p.hand_in_all {
                    "every card handed in"
                } else {
                    "each player hands in any part of its cards"
                }
            );
            out += &score_table(&p.scores);
            out.push('\n');
            if let Some(proof) = &p.proof {
                out += &format!("\n{}\n", crate::proof::markdown(proof));
            }
        }
        "simulate" => {
            let s: Simulation = env.payload_as()?;
            out += &simulation(&s);
        }
        _ => {}
    }
    Ok(out)
}

/// A player of a simulation as every table names players: from 1.
fn seat(p: usize) -> String {
    (p + 1).to_string()
}

fn simulation(s: &Simulation) -> String {
    let mut out = format!(
        "{} players, seed {}, {} rounds.\n\n### Start\n\n",
        s.players,
        s.seed,
        s.rounds.len()
    );
    out += &table(
        ["player", "rules", "hand"],
        s.start
            .iter()
            .enumerate()
            .map(|(p, x)| vec![seat(p), x.known.to_string(), x.hand.to_string()]),
    );
    for (r, round) in s.rounds.iter().enumerate() {
        let trades = round.meetings.iter().filter(|m| m.trade.is_some()).count();
        let shares = round.meetings.iter().filter(|m| m.shared).count();
        out += &format!(
            "\n\n### Round {} — {} trades, {} rule exchanges\n\n",
            r + 1,
            trades,
            shares
        );
        let mut rows = Vec::new();
        for m in &round.meetings {
            let what = match m.trade {
                Some(t) => format!(
                    "{} gives {}, {} gives {}",
                    seat(m.a),
                    t.a_gives,
                    seat(m.b),
                    t.b_gives
                ),
                None => "no trade".into(),
            };
            rows.push(vec![
                format!("{} – {}", seat(m.a), seat(m.b)),
                if m.shared { "yes" } else { "" }.to_string(),
                m.acceptable.to_string(),
                what,
            ]);
        }
        out += &table(["pair", "rules shown", "acceptable trades", "trade"], rows);
        out += "\n\n";
        out += &table(
            ["player", "rules", "hand", "hands in", "believed", "true"],
            round.table.iter().enumerate().map(|(p, x)| {
                vec![
                    seat(p),
                    x.known.to_string(),
                    x.hand.to_string(),
                    x.handed_in.to_string(),
                    x.believed.to_string(),
                    x.true_score.to_string(),
                ]
            }),
        );
    }
    if let Some(last) = s.rounds.last() {
        out += "\n\n### Final standings\n\n";
        out += &table(
            ["place", "player", "true score", "believed", "rules known"],
            // A standing naming no seat of the table (a damaged file) shows as unknown:
            // render never panics; `verify` rejects such a file.
            s.standings
                .iter()
                .enumerate()
                .map(|(i, &p)| match last.table.get(p) {
                    Some(x) => vec![
                        (i + 1).to_string(),
                        seat(p),
                        x.true_score.to_string(),
                        x.believed.to_string(),
                        x.known.to_string(),
                    ],
                    None => vec![
                        (i + 1).to_string(),
                        seat(p),
                        "?".into(),
                        "?".into(),
                        "?".into(),
                    ],
                }),
        );
    }
    out.push('\n');
    out
}
