//! Older episodes kept only the split table (sentences): their proof record is read back
//! from it exactly, by matching each row's words against the words of every restriction
//! the variant allows (`modern-art proof-from-table`), never by solving.

use std::collections::HashMap;

use super::*;
use crate::episode::Envelope;
use crate::lp::Status;

/// Every scope a split by `by` can name, under its label (the first one listed wins a
/// shared label: the renamed one, as the split makes it). `renamed`: the variant's
/// interchangeable artists when the split renamed them.
fn labels(c: &Config, by: SplitBy, renamed: u32) -> HashMap<String, Scope> {
    let rounds = c.variant.rounds;
    let all = (1u32 << rounds) - 1;
    let mut out = HashMap::new();
    let mut add = |s: Scope| {
        out.entry(part_label(c, &s)).or_insert(s);
    };
    let tokens: Vec<Scope> = match by {
        SplitBy::Whole => vec![Scope::all()],
        SplitBy::First => (0..c.artists()).map(Scope::first).collect(),
        _ => Tokens::parts(c.variant.awards, c.artists())
            .into_iter()
            .map(Scope::tokens)
            .collect(),
    };
    for base in tokens {
        let mut bases = vec![base];
        if renamed != 0 {
            bases.insert(0, base.renaming(renamed));
        }
        for b in bases {
            let mut leads = vec![b];
            if let (SplitBy::TokensLeads, Some(Tokens::Exactly(a, _))) = (by, b.tokens) {
                for decided in 0..=all {
                    for led in (0..=all).filter(|l| l & !decided == 0) {
                        leads.push(b.with_leads(Leads {
                            artist: a,
                            led,
                            decided,
                        }));
                    }
                }
            }
            for s in leads {
                add(s);
                if by == SplitBy::TokensLeads {
                    for r in 0..rounds {
                        for k in 0..=c.places() {
                            add(s.ranking(r, k));
                        }
                    }
                }
            }
        }
    }
    out
}

/// The proof record of an older proven max-player episode, read back from its table (or,
/// with no table, its whole solve); `None` for an episode with no HiGHS proof to record
/// (a search, not proven, another objective) or one that has its record already.
pub fn from_table(c: &Config, env: &Envelope) -> Result<Option<MaProof>> {
    let payload: super::super::episode::Payload = env.payload_as()?;
    let Some(report) = env.solver.as_ref() else {
        return Ok(None);
    };
    if env.objective != "max-player" || env.status != Status::Optimal || payload.proof.is_some() {
        return Ok(None);
    }
    let mut highs = std::collections::BTreeMap::new();
    highs.insert("threads".to_string(), report.threads.max(1).to_string());
    let Some(rows) = &payload.split else {
        let dive = (0..c.artists())
            .flat_map(|a| [model::Dive::Star(a), model::Dive::Patron(a)])
            .find(|d| Some(d.describe(&c.deck.artists)) == payload.restricted);
        let scope = match (dive, &payload.restricted) {
            (Some(d), _) => Scope::all().with_dive(d),
            (None, None) => Scope::all(),
            (None, Some(r)) => anyhow::bail!("restricted to games the record cannot name: {r}"),
        };
        let part = ProofPart {
            restriction: Restriction::of(c, &scope),
            lp: None,
            bound: env.bound.map(|b| (b + 1e-6).floor()),
            value: env.value.map(|v| v as i64),
            settled: Settled::MipOptimal,
            seconds: (report.seconds * 10.0).round() / 10.0,
        };
        return Ok(Some(Proof {
            split: split_name(SplitBy::Whole).into(),
            highs,
            source: Some("table".into()),
            parts: vec![part],
        }));
    };
    let by = [SplitBy::First, SplitBy::Tokens, SplitBy::TokensLeads]
        .into_iter()
        .find(|b| Some(b.describe()) == payload.split_by.as_deref())
        .ok_or_else(|| anyhow::anyhow!("unknown split_by {:?}", payload.split_by))?;
    let any = rows.iter().any(|r| r.part.starts_with("any "));
    let renamed = match any {
        true => model::relabel::mask(&model::relabel::class(c)),
        false => 0,
    };
    let known = labels(c, by, renamed);
    let mut parts = Vec::new();
    for row in rows {
        let scope = known
            .get(&row.part)
            .ok_or_else(|| anyhow::anyhow!("no restriction reads \"{}\"", row.part))?;
        let settled = Settled::from_status(&row.status)
            .ok_or_else(|| anyhow::anyhow!("unknown status \"{}\"", row.status))?;
        parts.push(ProofPart {
            restriction: Restriction::of(c, scope),
            lp: None,
            bound: row.bound,
            value: row.value,
            settled,
            seconds: row.seconds,
        });
    }
    Ok(Some(Proof {
        split: split_name(by).into(),
        highs,
        source: Some("table".into()),
        parts,
    }))
}
