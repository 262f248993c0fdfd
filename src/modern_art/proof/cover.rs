//! `verify`'s check of a proof record's shape, with no solving: every part names a
//! restriction the split allows, is settled at or below the episode's value, and the
//! parts together cover every game exactly once. Coverage is checked over *cells*: every
//! combination the parts can tell apart (round 1's first artist; the token share; the
//! rounds the token artist leads; the ranking length of each round some part restricts),
//! derived from the variant alone, each of which must lie in exactly one part.

use super::*;

/// One cell of the games: the finest division the record's parts can draw.
#[derive(Debug, Clone)]
struct Cell {
    first: Option<usize>,
    tokens: Option<Tokens>,
    /// The rounds (bits) the token artist leads.
    led: u32,
    /// The ranking length of each restricted round, in the order of `Cells::rounds`.
    ranked: Vec<usize>,
}

/// The cells of a split for a variant.
struct Cells {
    cells: Vec<Cell>,
    /// The rounds (0-based) whose ranking some part restricts.
    rounds: Vec<usize>,
    /// Whether the cells tell the rounds the token artist leads apart.
    leads: bool,
}

impl Cells {
    fn new(c: &Config, by: SplitBy, scopes: &[Scope]) -> Cells {
        let mut rounds: Vec<usize> = scopes
            .iter()
            .filter_map(|s| s.ranked.map(|r| r.0))
            .collect();
        rounds.sort_unstable();
        rounds.dedup();
        let leads = matches!(by, SplitBy::TokensLeads);
        let base: Vec<(Option<usize>, Option<Tokens>, u32)> = match by {
            SplitBy::Whole => vec![(None, None, 0)],
            SplitBy::First => (0..c.artists()).map(|a| (Some(a), None, 0)).collect(),
            SplitBy::Tokens | SplitBy::TokensLeads => {
                let masks = if leads { 1u32 << c.variant.rounds } else { 1 };
                Tokens::parts(c.variant.awards, c.artists())
                    .into_iter()
                    .flat_map(|t| -> Vec<(Option<usize>, Option<Tokens>, u32)> {
                        match t {
                            Tokens::Exactly(..) => (0..masks).map(|m| (None, Some(t), m)).collect(),
                            Tokens::AtMost(_) if !leads => vec![(None, Some(t), 0)],
                            // "None above half" by round 1's first artist and the rounds
                            // it leads (every game has exactly one such artist).
                            Tokens::AtMost(_) => (0..c.artists())
                                .flat_map(|a| {
                                    (0..masks).filter(|m| m & 1 == 1).map(move |m| (a, m))
                                })
                                .map(|(a, m)| (Some(a), Some(t), m))
                                .collect(),
                        }
                    })
                    .collect()
            }
        };
        let mut cells: Vec<Cell> = base
            .into_iter()
            .map(|(first, tokens, led)| Cell {
                first,
                tokens,
                led,
                ranked: Vec::new(),
            })
            .collect();
        for _ in &rounds {
            cells = cells
                .into_iter()
                .flat_map(|cell| {
                    (0..=c.places()).map(move |k| {
                        let mut x = cell.clone();
                        x.ranked.push(k);
                        x
                    })
                })
                .collect();
        }
        Cells {
            cells,
            rounds,
            leads,
        }
    }

    /// Whether the part `s` holds the games of `cell`.
    fn holds(&self, s: &Scope, cell: &Cell) -> bool {
        let renamed = |a: usize| s.relabel.is_some_and(|m| m >> a & 1 == 1);
        let tokens = match (s.tokens, cell.tokens) {
            (None, _) => true,
            (Some(Tokens::Exactly(a, t)), Some(Tokens::Exactly(b, u))) => {
                t == u && (a == b || (renamed(a) && renamed(b)))
            }
            (Some(Tokens::AtMost(h)), Some(Tokens::AtMost(g))) => h == g,
            _ => false,
        };
        let first = s.first.is_none_or(|a| cell.first == Some(a));
        // A part "none above half" with leads is about round 1's first artist.
        let first = first
            && match (s.tokens, s.leads) {
                (Some(Tokens::AtMost(_)), Some(l)) => cell
                    .first
                    .is_some_and(|b| b == l.artist || (renamed(l.artist) && renamed(b))),
                _ => true,
            };
        let leads = s.leads.is_none_or(|l| {
            let led = l.led & l.decided;
            cell.led & led == led && cell.led & (l.decided & !l.led) == 0
        });
        let ranked = s.ranked.is_none_or(|(r, k)| {
            let at = self.rounds.iter().position(|&x| x == r);
            at.is_some_and(|i| cell.ranked[i] == k)
        });
        tokens && first && leads && ranked
    }

    /// The games of a cell in words.
    fn describe(&self, c: &Config, cell: &Cell) -> String {
        let mut s = Scope::all();
        s.first = cell.first;
        s.tokens = cell.tokens;
        let artist = match cell.tokens {
            Some(Tokens::Exactly(a, _)) => Some(a),
            _ => cell.first.filter(|_| cell.tokens.is_some()),
        };
        if let (Some(a), true) = (artist, self.leads) {
            s.first = None;
            s.leads = Some(Leads {
                artist: a,
                led: cell.led,
                decided: (1 << c.variant.rounds) - 1,
            });
        }
        let mut text = part_label(c, &s);
        for (i, &r) in self.rounds.iter().enumerate() {
            text = format!("{text}; {} ranked in round {}", cell.ranked[i], r + 1);
        }
        text
    }
}

/// Whether a part's restriction is one the split `by` can name: the right fields set,
/// the leads about the token artist, the renamed artists those the variant makes
/// interchangeable, a dive only where the episode is `restricted` to it. The reason when
/// not.
fn allowed(
    c: &Config,
    by: SplitBy,
    s: &Scope,
    restricted: Option<&str>,
) -> std::result::Result<(), String> {
    let dive = s.dive.map(|d| d.describe(&c.deck.artists));
    if dive.as_deref() != restricted {
        return Err(format!(
            "its games ({}) are not the episode's ({})",
            dive.as_deref().unwrap_or("every game"),
            restricted.unwrap_or("every game")
        ));
    }
    let fields = (
        s.first.is_some(),
        s.tokens.is_some(),
        s.leads.is_some(),
        s.ranked.is_some(),
    );
    let ok = match by {
        SplitBy::Whole => fields == (false, false, false, false),
        SplitBy::First => fields == (true, false, false, false),
        SplitBy::Tokens => fields == (false, true, false, false),
        SplitBy::TokensLeads => !fields.0 && fields.1,
    };
    if !ok {
        return Err(format!(
            "the split `{}` does not divide games this way",
            super::split_name(by)
        ));
    }
    if let (Some(l), Some(t)) = (s.leads, s.tokens) {
        match t {
            Tokens::Exactly(a, _) if a == l.artist => {}
            Tokens::Exactly(..) => return Err("its leads are not about its token artist".into()),
            Tokens::AtMost(_) if l.decided & l.led & 1 == 1 => {}
            Tokens::AtMost(_) => {
                return Err("its leads are not about round 1's first artist".into())
            }
        }
    }
    match s.tokens {
        Some(Tokens::Exactly(_, t)) if t <= c.variant.awards / 2 || t > c.variant.awards => {
            return Err(format!(
                "{t} tokens is not above half of the {} award tokens",
                c.variant.awards
            ))
        }
        Some(Tokens::AtMost(t)) if t != c.variant.awards / 2 => {
            return Err(format!(
                "\"none above {t} tokens\" is not half of the {} award tokens",
                c.variant.awards
            ))
        }
        _ => {}
    }
    if let Some(m) = s.relabel {
        let class = model::relabel::mask(&model::relabel::class(c));
        if m != class || class == 0 {
            return Err("its renamed artists are not the variant's interchangeable ones".into());
        }
    }
    Ok(())
}

/// Check a proof record against its episode: `value` is the episode's (replayed) value,
/// `maximum` whether the episode claims a proven maximum (every part must then be settled
/// at or below it), `table` the episode's split table (rendered from the record, so it
/// must equal the record's rendering), `restricted` the games the episode is about when
/// not every game. A rejection names the part.
pub fn check(
    c: &Config,
    proof: &MaProof,
    value: f64,
    maximum: bool,
    table_rows: Option<&[SplitPart]>,
    restricted: Option<&str>,
) -> Result<()> {
    let Some(by) = split_of(&proof.split) else {
        return Err(reject(format!(
            "unknown split `{}` (known: whole, first, tokens, tokens-leads)",
            proof.split
        )));
    };
    if proof.parts.is_empty() {
        return Err(reject("no parts".into()));
    }
    let mut scopes = Vec::new();
    for (i, p) in proof.parts.iter().enumerate() {
        let s = p
            .restriction
            .scope(c)
            .map_err(|e| reject(format!("part {}: {e}", i + 1)))?;
        allowed(c, by, &s, restricted).map_err(|e| reject(format!("{}: {e}", named(c, i, p))))?;
        settled_ok(p, value, maximum).map_err(|e| reject(format!("{}: {e}", named(c, i, p))))?;
        scopes.push(s);
    }
    let cells = Cells::new(c, by, &scopes);
    for cell in &cells.cells {
        let holders: Vec<usize> = (0..scopes.len())
            .filter(|&i| cells.holds(&scopes[i], cell))
            .collect();
        match holders.as_slice() {
            [_] => {}
            [] => {
                return Err(reject(format!(
                    "no part covers the games \"{}\" (a part is missing)",
                    cells.describe(c, cell)
                )))
            }
            [a, b, ..] => {
                return Err(reject(format!(
                    "{} and {} both cover the games \"{}\" (parts overlap)",
                    named(c, *a, &proof.parts[*a]),
                    named(c, *b, &proof.parts[*b]),
                    cells.describe(c, cell)
                )))
            }
        }
    }
    if let Some(rows) = table_rows {
        let rendered = table(c, proof)?;
        if rows.len() != rendered.len() {
            return Err(reject(format!(
                "the split table has {} rows, the record {} parts",
                rows.len(),
                rendered.len()
            )));
        }
        if let Some(i) = (0..rows.len()).find(|&i| rows[i] != rendered[i]) {
            return Err(reject(format!(
                "{}: the split table's row {} (\"{}\") differs from the record's",
                named(c, i, &proof.parts[i]),
                i + 1,
                rows[i].part
            )));
        }
    }
    Ok(())
}

/// A part's settlement against the episode's value: a proven maximum needs every part
/// settled, at or below the value.
fn settled_ok(
    p: &ProofPart<Restriction>,
    value: f64,
    maximum: bool,
) -> std::result::Result<(), String> {
    if p.value.is_some_and(|v| v as f64 > value + 1e-6) {
        return Err(format!(
            "its game {} beats the episode's value {value}",
            p.value.unwrap_or(0)
        ));
    }
    match p.settled {
        Settled::Empty if p.bound.is_some() || p.value.is_some() => {
            return Err("an empty part with a bound or a game".into())
        }
        Settled::LpBound if p.bound.is_none() => {
            return Err("settled by its LP but no bound".into())
        }
        Settled::LpBound => {
            if let (Some(lp), Some(b)) = (p.lp, p.bound) {
                if (lp + 1e-6).floor() > b {
                    return Err(format!("its bound {b} is below its LP bound {lp}"));
                }
            }
        }
        Settled::Open if maximum => {
            return Err("open, yet the episode claims a proven maximum".into())
        }
        _ => {}
    }
    if let Some(why) = p.impossible(true) {
        return Err(why);
    }
    if let (true, Some(b)) = (maximum, p.bound) {
        if b > value + 1e-6 {
            return Err(format!(
                "its bound {b} is above the claimed maximum {value}"
            ));
        }
    }
    Ok(())
}
