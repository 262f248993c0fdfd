//! Markdown: the state after each step (square, fuel, cash, load, stock of each good —
//! what the original's display shows) and the rendered episode.

use anyhow::Result;

use super::board::Board;
use super::engine::{money, Action, Replay};
use super::episode;
use crate::episode::Envelope;
use crate::render::{kv_table, table};

/// Cash in pounds, pence where there are any (£25956.25), as every Traveller table shows it.
pub fn cash(x: f64) -> String {
    format!("£{}", money(x))
}

/// A bound on cash, rounded up to the penny so that it stays a bound.
fn cash_bound(x: f64) -> String {
    cash((x * 100.0 - 1e-6).ceil() / 100.0)
}

/// A part of a Traveller proof in words: the event search's first event
/// (`{"first": {"square": 13, "buy": "glasses"}}`: "first event: buy glasses at square 13"),
/// the labels' every plan, the ILP's every game; anything else as its data.
fn restriction_words(r: &serde_json::Value) -> String {
    let first = &r["first"];
    let at = first["square"].as_u64().map(|s| format!(" at square {s}"));
    match (first, at) {
        (serde_json::Value::String(s), _) if s == "none" => "no event: the starting cash".into(),
        (_, Some(at)) => {
            let what = match (first["buy"].as_str(), first["sell"].as_str()) {
                (Some(g), _) => format!("buy {g}"),
                (_, Some(g)) => format!("sell {g}"),
                _ if first["fuel"] == true => "fuel".into(),
                _ => format!("{first}"),
            };
            format!("first event: {what}{at}")
        }
        _ if r["plans"] == "every" => "every plan".into(),
        _ if r == crate::proof::EVERY_GAME => "every game".into(),
        _ => format!("`{}`", r.to_string().replace('|', "\\|")),
    }
}

/// Traveller's numbers: money.
pub const UNITS: crate::render::Units<'static> = crate::render::Units {
    value: &cash,
    bound: &cash_bound,
};

/// One row per state: step 0 is the start, then one row per legal step.
pub fn state_table(board: &Board, plan: &[Action], replay: &Replay) -> String {
    let mut header = vec![
        "step".to_string(),
        "action".into(),
        "square".into(),
        "fuel".into(),
        "cash".into(),
        "load".into(),
    ];
    header.extend(board.goods.iter().cloned());
    let rows = replay.states.iter().enumerate().map(|(i, s)| {
        let mut row = vec![
            i.to_string(),
            if i == 0 {
                "start".to_string()
            } else {
                plan[i - 1].to_string()
            },
            board.ids[s.square].to_string(),
            s.fuel.to_string(),
            money(s.cash),
            money(s.load(board)),
        ];
        row.extend(s.stock.iter().map(|q| q.to_string()));
        row
    });
    table(header, rows)
}

/// The line that says which step broke which rule.
pub fn illegal_line(plan: &[Action], replay: &Replay) -> Option<String> {
    replay.illegal.as_ref().map(|(i, e)| {
        format!(
            "step {} `{}` is illegal — {} (the game ends here)",
            i + 1,
            plan[*i],
            e
        )
    })
}

pub fn render(env: &Envelope) -> Result<String> {
    let l = episode::load(env)?;
    let mut md = crate::render::envelope_header_in(env, UNITS);
    let end = l.replay.last();
    md.push('\n');
    md.push_str(&kv_table([
        (
            "board",
            format!(
                "{} ({} squares, {} roads)",
                l.variant.board,
                l.board.n(),
                l.board.roads()
            ),
        ),
        ("start", format!("square {}", l.variant.start)),
        (
            "steps",
            format!("{} allowed, {} taken", l.variant.steps, l.plan.len()),
        ),
        (
            "rules",
            format!(
                "£{} cash, tank {} (start {}), lorry {} cu ft",
                money(l.variant.rules.cash),
                l.variant.rules.tank,
                l.variant.rules.fuel,
                money(l.variant.rules.capacity)
            ),
        ),
        (
            "trader",
            match &l.payload.search {
                Some(how) => format!("{} ({how})", l.payload.trader),
                None => l.payload.trader.clone(),
            },
        ),
        ("final cash", format!("£{}", money(end.cash))),
    ]));
    md.push_str("\n\n## Plan, state after each step\n\n");
    md.push_str(&state_table(&l.board, &l.plan, &l.replay));
    md.push('\n');
    if let Some(line) = illegal_line(&l.plan, &l.replay) {
        md.push_str(&format!("\n**{line}**\n"));
    }
    if let Some(proof) = &l.payload.proof {
        let bound = |x: f64| cash_bound(x);
        let record = crate::proof::markdown_in(proof, &restriction_words, &bound);
        md.push_str(&format!("\n{record}\n"));
    }
    Ok(md)
}
