//! Markdown for Lost Cities episodes: the header, player 1's expeditions, the claim and
//! the full game record.

use anyhow::Result;

use super::episode::{BoundPayload, Kind};
use crate::episode::Envelope;
use crate::render::{envelope_header, kv_table, num, table};

pub fn render(env: &Envelope) -> Result<String> {
    let p: BoundPayload = env.payload_as()?;
    let mut out = envelope_header(env);
    let what = match p.kind {
        Kind::FreeDeck => "free deck order, cooperating opponent",
        Kind::FixedDeck => "one fixed deck order, cooperating opponent",
    };
    let mut rows = vec![("setting", what.to_string())];
    if let Some(seed) = p.seed {
        rows.push(("deck", format!("shuffled with seed {seed}")));
    }
    rows.push(("player 1 score in the game", p.score.to_string()));
    if let Some(b) = env.bound {
        let label = match p.kind {
            Kind::FreeDeck => "ILP optimum",
            Kind::FixedDeck => "upper bound (ILP relaxation)",
        };
        rows.push((label, num(b)));
    }
    if p.kind == Kind::FixedDeck {
        rows.push((
            "gap",
            env.bound
                .map(|b| num(b - p.score as f64))
                .unwrap_or_else(|| "-".into()),
        ));
        if let Some(r) = p.runs {
            rows.push(("planner runs", r.to_string()));
        }
    }
    rows.push(("expedition capacity", format!("{} cards", p.capacity)));
    rows.push(("turns in the game", p.record.moves.len().to_string()));
    out += "\n";
    out += &kv_table(rows);
    out += "\n\n## Player 1's expeditions\n\n";
    out += &table(
        ["in the game", "ILP"],
        p.expeditions
            .iter()
            .zip(
                p.ilp_expeditions
                    .iter()
                    .chain(std::iter::repeat(&String::new())),
            )
            .map(|(a, b)| vec![dash(a), dash(b)]),
    );
    if let Some(proof) = &p.proof {
        out += "\n\n";
        out += &crate::proof::markdown(proof);
    }
    out += "\n\n## Game record\n\n```text\n";
    out += &format!("deck {}\n", p.record.deck);
    for (i, pair) in p.record.moves.chunks(2).enumerate() {
        out += &format!("{:>3}. {}\n", i + 1, pair.join("  |  "));
    }
    out += "```\n";
    Ok(out)
}

fn dash(s: &str) -> String {
    if s.is_empty() {
        "-".into()
    } else {
        s.to_string()
    }
}
