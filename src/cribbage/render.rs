//! Markdown for cribbage episodes: a scoring app's breakdown, the ranked keeps, the
//! proven maximum, and histograms (bars of █ that read the same in a terminal and in
//! rendered markdown).

use anyhow::{bail, Result};

use super::analysis::{Distribution, Role};
use super::engine::{Breakdown, Kind};
use super::episode::{DiscardPayload, MaxPayload, ScorePayload};
use super::frac::Frac;
use super::rules::show;
use super::ruleset::CribbageRules;
use super::table::{DiscardTable, Extreme};
use crate::episode::Envelope;
use crate::render::{envelope_header, kv_table, table};

pub fn render(env: &Envelope) -> Result<String> {
    let mut rules = CribbageRules::of_episode(&env.variant)?;
    if env.objective == "discard" && env.variant.get("rules").is_none() {
        let p: DiscardPayload = env.payload_as()?;
        if p.dealt.len() == 5 {
            rules.players = 3; // written before rules files: a five-card deal
        }
    }
    let r = &rules;
    match env.objective.as_str() {
        "score" => Ok(score(&env.payload_as()?, r)),
        "discard" => Ok(discard(&env.payload_as()?, r)),
        "max" => Ok(max(env, &env.payload_as()?, r)),
        "distribution" => Ok(distribution(&env.payload_as()?, r)),
        "discard-table" => Ok(discard_table(&env.payload_as()?, r)),
        o => bail!("cribbage episode has unknown objective `{o}`"),
    }
}

/// A fraction with its decimal: `211/46 = 4.5870`.
pub fn frac(f: Frac) -> String {
    if f.den == 1 {
        f.to_string()
    } else {
        format!("{f} = {}", f.decimal(4))
    }
}

fn item_name(kind: Kind, points: u32) -> String {
    match kind {
        Kind::Fifteen => "fifteen".into(),
        Kind::Pair => "pair".into(),
        Kind::Run => format!("run of {points}"),
        Kind::Flush => format!("flush of {points}"),
        Kind::Nob => "his nob".into(),
    }
}

/// The items of a breakdown, one row each, then the subtotals.
fn breakdown(b: &Breakdown) -> String {
    let rows = b.items.iter().map(|i| {
        vec![
            item_name(i.kind, i.points),
            show(&i.cards),
            i.points.to_string(),
        ]
    });
    let mut out = table(["item", "cards", "points"], rows);
    out.push_str(&format!(
        "\n\n15s {} · pairs {} · runs {} · flush {} · nob {} · **total {}**\n",
        b.points(Kind::Fifteen),
        b.points(Kind::Pair),
        b.points(Kind::Run),
        b.points(Kind::Flush),
        b.points(Kind::Nob),
        b.total
    ));
    out
}

fn score(p: &ScorePayload, r: &CribbageRules) -> String {
    format!(
        "# cribbage — score\n\n{}\n\n{}",
        kv_table([
            ("hand", show(&p.hand)),
            ("start", p.start.to_string()),
            ("counted as", p.variant.name().to_string()),
            ("rules", format!("{} ({})", r.name, r.describe())),
            ("points", p.breakdown.total.to_string()),
        ]),
        breakdown(&p.breakdown)
    )
}

fn discard(p: &DiscardPayload, r: &CribbageRules) -> String {
    let crib = p.role != Role::None;
    let mut header = vec!["#", "keep", "discard", "hand EV"];
    if crib {
        header.push(match p.role {
            Role::Dealer => "+ own crib EV",
            _ => "− their crib EV",
        });
        header.push("total");
    }
    let rows = p.keeps.iter().enumerate().map(|(i, k)| {
        let mut row = vec![
            (i + 1).to_string(),
            show(&k.keep),
            show(&k.discard),
            frac(k.hand),
        ];
        if let Some(c) = k.crib {
            row.push(frac(c));
            row.push(frac(k.total));
        }
        row
    });
    let role = match p.role {
        Role::None => "hand only",
        Role::Dealer => "dealer: hand + own crib",
        Role::Pone => "pone: hand − dealer's crib",
    };
    let unseen = 52 - p.dealt.len();
    let crib = if p.role == Role::None {
        String::new()
    } else {
        format!(
            " The crib is your {} discard{} plus {} unknown card{} ({}) and the start: every \
             way of completing it from those {unseen} cards is equally likely.",
            r.discards(),
            if r.discards() == 1 { "" } else { "s" },
            r.crib_unknown(),
            if r.crib_unknown() == 1 { "" } else { "s" },
            r.crib_fill()
        )
    };
    format!(
        "# cribbage — discard\n\n{}\n\n{}\n\nExpected values are exact under {}: the hand is \
         averaged over every start card not dealt to you ({unseen} cards).{crib}\n",
        kv_table([
            ("rules", format!("{} ({})", r.name, r.describe())),
            ("dealt", show(&p.dealt)),
            ("ranking", role.to_string()),
            ("best keep", show(&p.keeps[0].keep)),
            ("best value", frac(p.keeps[0].total)),
        ]),
        table(header, rows),
        r.describe()
    )
}

fn max(env: &Envelope, p: &MaxPayload, r: &CribbageRules) -> String {
    let mut rows = Vec::new();
    if let Some(note) = &p.note {
        rows.push(("question", note.clone()));
    }
    if *r != CribbageRules::default() {
        rows.push(("rules", format!("{} ({})", r.name, r.describe())));
    }
    rows.extend([
        ("query", p.query.describe()),
        ("hand", show(&p.hand)),
        ("start", p.start.to_string()),
        ("score", p.score.to_string()),
    ]);
    if let Some(c) = &p.count {
        rows.push((
            "pairs at this score",
            format!(
                "{} (of {} allowed pairs, by enumeration)",
                c.at_max, c.feasible
            ),
        ));
    }
    let proof = p
        .proof
        .as_ref()
        .map(|pr| format!("\n\n{}", crate::proof::markdown(pr)))
        .unwrap_or_default();
    format!(
        "{}\n{}\n\n{}{proof}",
        envelope_header(env),
        kv_table(rows),
        breakdown(&p.breakdown)
    )
}

/// A bar of width proportional to `n / top` (at most `width` blocks; rounded; any n > 0 shows).
pub fn bar(n: u64, top: u64, width: u64) -> String {
    if n == 0 || top == 0 {
        return String::new();
    }
    let w = ((n as u128 * width as u128 + top as u128 / 2) / top as u128) as usize;
    "█".repeat(w.max(1))
}

fn distribution(d: &Distribution, r: &CribbageRules) -> String {
    let top = d.counts.iter().copied().max().unwrap_or(0);
    let rows = d.counts.iter().enumerate().map(|(s, &n)| {
        vec![
            s.to_string(),
            n.to_string(),
            format!("{:.4}%", 100.0 * n as f64 / d.pairs as f64),
            bar(n, top, 40),
        ]
    });
    let impossible = d
        .impossible
        .iter()
        .map(|s| s.to_string())
        .collect::<Vec<_>>()
        .join(", ");
    format!(
        "# cribbage — distribution of {} scores\n\n{}\n\n{}\n",
        if d.crib { "crib" } else { "hand" },
        kv_table(rules_row(r).into_iter().chain([
            (
                if d.crib {
                    "(crib, start) pairs"
                } else {
                    "(hand, start) pairs"
                },
                d.pairs.to_string(),
            ),
            ("total points", d.total_points.to_string()),
            ("mean", frac(d.mean)),
            ("scores that never occur", impossible),
        ])),
        table(["score", "pairs", "share", "histogram"], rows)
    )
}

/// A `rules` row for tables of results, shown when the rules are not the standard ones.
fn rules_row(r: &CribbageRules) -> Option<(&'static str, String)> {
    (*r != CribbageRules::default()).then(|| ("rules", format!("{} ({})", r.name, r.describe())))
}

fn discard_table(t: &DiscardTable, r: &CribbageRules) -> String {
    let top = t.hist.iter().copied().max().unwrap_or(0);
    let last = t.hist.iter().rposition(|&n| n > 0).unwrap_or(0);
    let rows = t.hist[..=last].iter().enumerate().map(|(i, &n)| {
        let k = t.hist_from + i as i64;
        vec![
            format!("[{k}, {})", k + 1),
            n.to_string(),
            format!("{:.4}%", 100.0 * n as f64 / t.deals as f64),
            bar(n, top, 40),
        ]
    });
    let ex = |x: &Extreme| {
        format!(
            "{} (e.g. {} → keep {}; {} deals)",
            frac(x.ev),
            show(&x.deal),
            show(&x.keep),
            x.deals
        )
    };
    let (title, value) = match t.role {
        Role::None => ("hand value", "expected hand value"),
        Role::Dealer => ("dealer: hand + own crib", "expected hand + crib"),
        Role::Pone => ("pone: hand − opponent's crib", "expected hand − crib"),
    };
    let size = if t.deal == 5 { "five" } else { "six" };
    let deals_key = format!("{size}-card deals");
    let rules = format!("{} ({})", r.name, r.describe());
    let mut kv: Vec<(&str, String)> = Vec::new();
    if *r != CribbageRules::default() {
        kv.push(("rules", rules));
    }
    kv.extend([
        (deals_key.as_str(), t.deals.to_string()),
        ("best keep by", value.to_string()),
        (
            "deals evaluated",
            format!(
                "{}{}",
                t.evaluated,
                if t.symmetry {
                    " (one per suit class, weighted by class size)"
                } else {
                    " (every deal)"
                }
            ),
        ),
        ("mean of the best keep's value", frac(t.mean)),
        ("distinct exact values", t.distinct.to_string()),
        ("minimum", ex(&t.min)),
        ("maximum", ex(&t.max)),
    ]);
    format!(
        "# cribbage — best keep over all {size}-card deals ({title})\n\n{}\n\n{}\n",
        kv_table(kv),
        table(["best keep's value", "deals", "share", "histogram"], rows)
    )
}
