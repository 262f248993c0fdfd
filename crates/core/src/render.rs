//! Markdown rendering shared by all games: tables through comfy-table's markdown preset,
//! and the envelope header every rendered episode starts with.

use comfy_table::{presets::ASCII_MARKDOWN, Table};

use crate::episode::Envelope;
use crate::lp::Status;

/// A markdown table with a header row.
pub fn table<H, R, C>(header: H, rows: R) -> String
where
    H: IntoIterator,
    H::Item: ToString,
    R: IntoIterator<Item = C>,
    C: IntoIterator,
    C::Item: ToString,
{
    let mut t = Table::new();
    t.load_style(ASCII_MARKDOWN);
    t.set_header(header.into_iter().map(|h| h.to_string()));
    for row in rows {
        t.add_row(row.into_iter().map(|c| c.to_string()));
    }
    t.to_string()
}

/// A two-column key/value table.
pub fn kv_table<'a>(rows: impl IntoIterator<Item = (&'a str, String)>) -> String {
    table(
        ["", ""],
        rows.into_iter().map(|(k, v)| vec![k.to_string(), v]),
    )
}

/// A number as people read it: integers without a decimal point.
pub fn num(x: f64) -> String {
    if !x.is_finite() || x.abs() >= 1e15 {
        // Beyond 64-bit integers and exact cents: scientific notation, never a clamped i64.
        format!("{x:e}")
    } else if (x - x.round()).abs() < 1e-9 {
        format!("{}", x.round() as i64)
    } else {
        format!("{x:.4}")
    }
}

/// How a game writes its numbers: the value of a game found, and a bound (rounded the
/// safe way: down for a maximum of whole numbers, up to the cent for money).
#[derive(Clone, Copy)]
pub struct Units<'a> {
    pub value: &'a dyn Fn(f64) -> String,
    pub bound: &'a dyn Fn(f64) -> String,
}

/// Numbers as [`num`] writes them, for games without units of their own.
pub const PLAIN: Units<'static> = Units {
    value: &num,
    bound: &num,
};

/// One line saying what the result is, in words that never overstate it.
pub fn verdict(env: &Envelope) -> String {
    verdict_in(env, PLAIN)
}

/// [`verdict`] with the game's own units.
pub fn verdict_in(env: &Envelope, units: Units) -> String {
    let v = env.value.map(units.value).unwrap_or_else(|| "-".into());
    match env.status {
        Status::Optimal => format!("proven optimum {v}"),
        Status::Feasible => {
            let b = env
                .bound
                .map(units.bound)
                .unwrap_or_else(|| "unknown".into());
            let g = env
                .gap
                .map(|g| format!("{:.2}%", 100.0 * g))
                .unwrap_or_else(|| "unknown".into());
            format!("best found {v}, bound {b}, gap {g} (not proven)")
        }
        s => format!("{s}"),
    }
}

/// The header of every rendered episode: game, objective, verdict, solver statistics.
pub fn envelope_header(env: &Envelope) -> String {
    envelope_header_in(env, PLAIN)
}

/// [`envelope_header`] with the game's own units in its verdict.
pub fn envelope_header_in(env: &Envelope, units: Units) -> String {
    let mut rows = vec![
        ("game", env.game.clone()),
        ("objective", env.objective.clone()),
        ("result", verdict_in(env, units)),
    ];
    if let Some(s) = &env.solver {
        rows.push((
            "solver",
            format!(
                "HiGHS, {} thread(s){}, {:.2} s, {} rows × {} columns ({} integer){}",
                s.threads,
                // Seed 0 (the default) is left out, as in the JSON.
                Some(s.seed)
                    .filter(|&x| x != 0)
                    .map(|x| format!(", seed {x}"))
                    .unwrap_or_default(),
                s.seconds,
                s.rows,
                s.columns,
                s.integers,
                s.nodes.map(|n| format!(", {n} nodes")).unwrap_or_default()
            ),
        ));
    }
    rows.push(("gamebounds", env.version.clone()));
    format!("# {} — {}\n\n{}\n", env.game, env.objective, kv_table(rows))
}

/// `md` with a picture embedded under its title: `![alt](file)` after the first line.
pub fn with_picture(md: &str, file: &str, alt: &str) -> String {
    let image = format!("![{alt}]({file})\n\n");
    match md.split_once("\n\n") {
        Some((title, rest)) if title.starts_with('#') && !title.contains('\n') => {
            format!("{title}\n\n{image}{rest}")
        }
        _ => format!("{image}{md}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markdown_table_shape() {
        let t = table(["a", "b"], [[1, 2], [3, 4]]);
        let lines: Vec<&str> = t.lines().collect();
        assert_eq!(lines.len(), 4);
        assert!(lines[0].starts_with("| a"));
        assert!(lines[1].starts_with("|-"));
        assert!(lines[3].contains('4'));
    }

    #[test]
    fn numbers() {
        assert_eq!(num(301.0), "301");
        assert_eq!(num(4.5), "4.5000");
    }
}
