//! `gamebounds audit FILE`: what `verify` checks, then every part of the episode's proof
//! record solved again independently and bounded safely (`docs/proofs.md`). Modern Art
//! only for now: the other games' episodes carry no proof record yet.

use anyhow::{bail, Result};

use crate::episode::Envelope;
use crate::error::Rejected;
use crate::modern_art::{episode::Payload, rules::Config, solve};

/// Audit an episode: the verdict line and the per-part table (or JSON with `json`) on
/// stdout; `Err(Rejected)` (exit 1) when `verify` or any part fails.
pub fn run(env: &Envelope, o: &solve::AuditOptions, json: bool) -> Result<()> {
    let verified = crate::games::verify(env)?;
    if env.game != "modern-art" {
        bail!(
            "audit: {} episodes have no proof record yet (only modern-art)",
            env.game
        );
    }
    let cfg = Config::from_value(&env.variant)?;
    let payload: Payload = env.payload_as()?;
    let Some(proof) = &payload.proof else {
        bail!("audit: the episode has no proof record (not a proven max-player solve)");
    };
    let Some(value) = env.value else {
        bail!("audit: the episode has no value");
    };
    let rows = solve::audit(&cfg, payload.player, proof, value as i64, o)?;
    let failed: Vec<usize> = (0..rows.len()).filter(|&i| !rows[i].holds).collect();
    let text = if json {
        serde_json::to_string_pretty(&rows)?
    } else {
        let show = |x: Option<f64>| x.map_or("-".to_string(), |v| format!("{v}"));
        let table = crate::render::table(
            [
                "part",
                "settled by",
                "claimed bound",
                "re-solved bound",
                "safe bound",
                "verdict",
            ],
            rows.iter().map(|r| {
                vec![
                    r.part.clone(),
                    r.settled.status().to_string(),
                    show(r.claimed),
                    show(r.resolved),
                    r.safe.map_or("-".into(), |s| format!("{s:.6}")),
                    r.verdict.clone(),
                ]
            }),
        );
        format!(
            "{verified}\naudit of the maximum {value}: {} parts\n\n{table}",
            rows.len()
        )
    };
    println!("{text}");
    if let Some(&i) = failed.first() {
        bail!(Rejected(format!(
            "audit: rejected: {} of {} parts do not hold, first part {} (\"{}\"): {}",
            failed.len(),
            rows.len(),
            i + 1,
            rows[i].part,
            rows[i].verdict
        )));
    }
    if !json {
        println!("\naudit: every part holds");
    }
    Ok(())
}
