//! Markdown for a Modern Art episode: the header and the rules in force; per round a
//! table of players × artists (hidden and end-play cards marked) with the extra card, the
//! counts, ranking, value points, awards, the value paid and each player's round score;
//! then the final scores and the list of turns.

use anyhow::Result;

use super::engine::{card_name, RoundSummary};
use super::episode::Payload;
use super::record::{RoundRecord, Turn};
use super::rules::{Config, Symbol};
use crate::episode::Envelope;
use crate::render::{kv_table, table};

/// A bound of a maximum as the whole number it proves: every Modern Art objective is a
/// whole number (scores, their sum or margin), so an LP bound of 542.4 proves 542, the
/// number the solve's own line on stderr shows.
fn floor_bound(b: f64) -> String {
    crate::render::num((b + 1e-6).floor())
}

/// A bound of a minimum (`min-winner`) as the whole number it proves: rounded up.
fn ceil_bound(b: f64) -> String {
    crate::render::num((b - 1e-6).ceil())
}

/// Modern Art's numbers: whole scores, and bounds as the whole numbers they prove.
pub fn units(env: &Envelope) -> crate::render::Units<'static> {
    crate::render::Units {
        value: &crate::render::num,
        bound: if env.objective == "min-winner" {
            &ceil_bound
        } else {
            &floor_bound
        },
    }
}

pub fn render(env: &Envelope) -> Result<String> {
    let mut out = crate::render::envelope_header_in(env, units(env));
    let cfg = Config::from_value(&env.variant)?;
    let payload: Payload = env.payload_as()?;
    out.push('\n');
    if let Some(r) = &payload.restricted {
        out.push_str(&format!(
            "**Restricted solve:** only {r}. The result and bound are about those games \
             only, not the game's maximum.\n\n"
        ));
    }
    out.push_str(&setup(&cfg, &payload));
    out.push_str(
        "\n\nIn the round tables a player's cell counts face-up cards, `h` hidden ones \
         (revealed at round end) and `e` end-play ones; `paid` is what each of the artist's \
         cards scored this round (0 when unranked).\n",
    );
    for (r, sum) in payload.rounds.iter().enumerate() {
        out.push_str(&format!("\n## Round {}\n\n", r + 1));
        out.push_str(&round_table(&cfg, sum, payload.player));
    }
    out.push_str("\n## Final scores\n\n");
    let n = cfg.players;
    let mut header = vec!["player".to_string()];
    header.extend((1..=payload.rounds.len()).map(|r| format!("round {r}")));
    header.push("total".into());
    let rows = (0..n).map(|s| {
        let mut row = vec![seat_label(s, payload.player)];
        row.extend(
            payload
                .rounds
                .iter()
                .map(|r| r.scores.get(s).copied().unwrap_or(0).to_string()),
        );
        row.push(payload.scores.get(s).copied().unwrap_or(0).to_string());
        row
    });
    out.push_str(&table(header, rows));
    if let Some(parts) = &payload.split {
        let by = payload.split_by.as_deref().unwrap_or(FIRST_ARTIST);
        let (why, column) = if by == FIRST_ARTIST {
            (
                "Every game has exactly one artist in first place in round 1.".to_string(),
                "first in round 1",
            )
        } else if by.contains("lead") {
            let shares = crate::modern_art::solve::Tuning::default().split_shares(cfg.players);
            (
                format!(
                    "At most one artist can end a game with more than half of the award \
                     tokens, so every game lies in exactly one part: an artist with that many \
                     tokens, or no artist above half. A part \"artist a ends with t tokens\" \
                     whose LP the best game did not settle was split again by the rounds in \
                     which a takes first place, one round at a time (first in it or not; with \
                     no game known, the sub-part with every round decided and the highest LP \
                     came first, then the pieces that halving meets on the way to it), unless its \
                     LP was within {:.1}% of the best game (then it was solved whole). A part \
                     with every round decided whose LP exceeded the best game by more than \
                     {:.1}% was split once more by how many artists the first round a does \
                     not lead ranks. Every game lies in exactly one part.",
                    shares.0 * 100.0,
                    shares.1 * 100.0
                ) + if payload.proof.as_ref().is_some_and(even_by_leads) {
                    " The part \"none above half\" was divided the same way by the artist \
                     first in round 1 (every game has exactly one) and the rounds that artist \
                     leads."
                } else {
                    ""
                },
                "part",
            )
        } else {
            (
                "At most one artist can end a game with more than half of the award tokens, \
                 so every game lies in exactly one part: an artist with that many tokens, or \
                 no artist above half."
                    .to_string(),
                "part",
            )
        };
        out.push_str(&format!(
            "\n\n## Proof: split over {by}\n\n\
             {why} The maximum is the largest of these restricted maxima. A part is settled \
             when proven, or when its bound (rounded down) is at most the best game; a part \
             solved after a game was known looks only for a better one, and is closed at \
             that game's value when HiGHS shows there is none.\n\n",
        ));
        let rows = parts.iter().map(|p| {
            vec![
                p.part.clone(),
                p.value.map_or("-".into(), |v| v.to_string()),
                p.bound.map_or("-".into(), |b| format!("{b:.0}")),
                p.status.clone(),
                format!("{:.1}", p.seconds),
            ]
        });
        out.push_str(&table(
            [column, "best game", "bound", "status", "seconds"],
            rows,
        ));
        let best = payload.player.and_then(|p| payload.scores.get(p)).copied();
        if let Some(best) = best.filter(|b| parts.iter().all(|p| p.value != Some(*b))) {
            let how = match &payload.found_by {
                Some(search) => format!("before its part was solved, by {search}"),
                None => {
                    "before the split, by the restricted solve the split started from".to_string()
                }
            };
            out.push_str(&format!(
                "\n\nThe best game ({best}) was found {how}; every part then looked for a \
                 better one.",
            ));
        }
    }
    out.push_str("\n\n## Turns\n");
    for (r, rr) in payload.record.rounds.iter().enumerate() {
        out.push_str(&format!("\n### Round {}\n\n", r + 1));
        out.push_str(&turn_list(&cfg, rr));
    }
    Ok(out)
}

/// What older episodes were split over (they have no `split_by`).
pub const FIRST_ARTIST: &str = "round 1's first artist";

fn seat_label(s: usize, focus: Option<usize>) -> String {
    if focus == Some(s) {
        format!("**P{}**", s + 1)
    } else {
        format!("P{}", s + 1)
    }
}

fn setup(cfg: &Config, p: &Payload) -> String {
    let v = &cfg.variant;
    let mut rules = vec![format!("threshold {}", cfg.threshold())];
    rules.push(format!(
        "deals {}",
        (0..v.rounds)
            .map(|r| cfg.deal(r).to_string())
            .collect::<Vec<_>>()
            .join("/")
    ));
    rules.push(format!("extra card {:?}", v.extra_card).to_lowercase());
    rules.push(format!("award target {:?}", v.award_target).to_lowercase());
    rules.push(format!("end play {:?}", v.end_play).to_lowercase());
    for (on, name) in [
        (v.resolve_closing_symbol, "resolve_closing_symbol"),
        (v.hidden_same_artist, "hidden_same_artist"),
        (v.hidden_counts_for_close, "hidden_counts_for_close"),
        (v.chain_symbols, "chain_symbols"),
        (v.award_pays_unranked, "award_pays_unranked"),
    ] {
        if on {
            rules.push(name.to_string());
        }
    }
    if !v.defaulted.is_empty() {
        rules.push(format!(
            "not in the variant file, so at their defaults: {}",
            v.defaulted.join(", ")
        ));
    }
    let objective = match p.player {
        Some(s) => format!("P{}'s score", s + 1),
        None => "all players' total".into(),
    };
    kv_table([
        ("variant", format!("{} (deck {})", v.name, cfg.deck.name)),
        ("players", cfg.players.to_string()),
        ("rules", rules.join(", ")),
        ("maximised", objective),
    ])
}

/// Players as rows, artists as columns (cells `2+1h+1e`: face up, hidden, end play), a
/// round-score column; then rows for the extra card, the count, the place, value points,
/// awards and the value paid.
fn round_table(cfg: &Config, s: &RoundSummary, focus: Option<usize>) -> String {
    let (n, a) = (cfg.players, cfg.artists());
    let mut header = vec![String::new()];
    header.extend((0..a).map(|t| cfg.artist_name(t).to_string()));
    header.push("round score".into());
    let mut rows: Vec<Vec<String>> = Vec::new();
    for p in 0..n {
        let mut row = vec![seat_label(p, focus)];
        for t in 0..a {
            let get = |m: &Vec<Vec<usize>>| m.get(p).and_then(|r| r.get(t)).copied().unwrap_or(0);
            let (u, h, e) = (get(&s.face_up), get(&s.hidden), get(&s.end_play));
            let mut cell = if u > 0 || (h == 0 && e == 0) {
                u.to_string()
            } else {
                String::new()
            };
            for (k, mark) in [(h, "h"), (e, "e")] {
                if k > 0 {
                    if !cell.is_empty() {
                        cell.push('+');
                    }
                    cell.push_str(&format!("{k}{mark}"));
                }
            }
            row.push(cell);
        }
        row.push(s.scores.get(p).copied().unwrap_or(0).to_string());
        rows.push(row);
    }
    let line = |label: &str, f: &dyn Fn(usize) -> String| -> Vec<String> {
        let mut row = vec![format!("*{label}*")];
        row.extend((0..a).map(f));
        row.push(String::new());
        row
    };
    rows.push(line("extra card", &|t| match s.extra {
        Some(c) if c.artist == t => "1".into(),
        _ => String::new(),
    }));
    rows.push(line("count", &|t| {
        s.counts.get(t).copied().unwrap_or(0).to_string()
    }));
    rows.push(line(
        "place",
        &|t| match s.ranking.iter().position(|&x| x == t) {
            Some(i) => (i + 1).to_string(),
            None => "-".into(),
        },
    ));
    rows.push(line("value points", &|t| {
        s.points.get(t).copied().unwrap_or(0).to_string()
    }));
    rows.push(line("awards", &|t| {
        s.awards.get(t).copied().unwrap_or(0).to_string()
    }));
    rows.push(line("paid", &|t| {
        s.paid.get(t).copied().unwrap_or(0).to_string()
    }));
    let mut out = table(header, rows);
    out.push_str(&format!(
        "\n\nStarter P{}, {}; extra card: {}.\n",
        s.starter + 1,
        match s.closer {
            Some(c) => format!("closed by P{}", c + 1),
            None => "not closed (every hand ran out)".into(),
        },
        s.extra
            .map(|c| card_name(cfg, c))
            .unwrap_or_else(|| "none".into()),
    ));
    out
}

fn turn_list(cfg: &Config, rr: &RoundRecord) -> String {
    let mut out = String::from("Deal — ");
    let hands: Vec<String> = rr
        .deal
        .iter()
        .enumerate()
        .map(|(p, cards)| {
            let names: Vec<String> = cards.iter().map(|&c| card_name(cfg, c)).collect();
            format!(
                "P{}: {}",
                p + 1,
                if names.is_empty() {
                    "nothing".into()
                } else {
                    names.join(", ")
                }
            )
        })
        .collect();
    out.push_str(&hands.join("; "));
    out.push_str("\n\n");
    for (i, t) in rr.turns.iter().enumerate() {
        out.push_str(&format!("{}. {}\n", i + 1, turn_text(cfg, t)));
    }
    if rr.end_play.iter().any(|v| !v.is_empty()) {
        let adds: Vec<String> = rr
            .end_play
            .iter()
            .enumerate()
            .filter(|(_, v)| !v.is_empty())
            .map(|(p, v)| {
                let names: Vec<String> = v.iter().map(|&c| card_name(cfg, c)).collect();
                format!("P{} adds {}", p + 1, names.join(", "))
            })
            .collect();
        out.push_str(&format!("\nEnd play: {}.\n", adds.join("; ")));
    }
    out
}

fn turn_text(cfg: &Config, t: &Turn) -> String {
    let mut s = format!("P{} displays {}", t.player + 1, card_name(cfg, t.card));
    if let Some(c) = t.second {
        let how = if t.card.symbol == Symbol::Hidden {
            "face down"
        } else {
            "second card face up"
        };
        s.push_str(&format!(", {how}: {}", card_name(cfg, c)));
    }
    if !t.simultaneous.is_empty() {
        let shown: Vec<String> = t
            .simultaneous
            .iter()
            .enumerate()
            .map(|(p, c)| match c {
                Some(c) => format!("P{} {}", p + 1, card_name(cfg, *c)),
                None => format!("P{} —", p + 1),
            })
            .collect();
        s.push_str(&format!(", simultaneous: {}", shown.join(", ")));
    }
    for &a in &t.awards {
        s.push_str(&format!(", award on {}", cfg.artist_name(a)));
    }
    for &c in &t.drawn {
        s.push_str(&format!(", draws {}", card_name(cfg, c)));
    }
    s
}

/// Whether the proof divided the part "none above half" by round 1's first artist: one of
/// its parts names that share of the tokens and the rounds an artist leads.
fn even_by_leads(proof: &crate::modern_art::proof::MaProof) -> bool {
    use crate::modern_art::proof::TokenShare;
    proof.parts.iter().any(|p| {
        let r = &p.restriction;
        r.leads.is_some() && matches!(r.tokens, Some(TokenShare::AtMost { .. }))
    })
}
