//! One validator per kind of numeric option, used as clap `value_parser`s by every
//! command, so that a bad number is refused the same way everywhere (exit 2, one line)
//! before any model is built: NaN and infinities never pass, counts start at 1, and every
//! cap is documented here. The command's deadline (`--time-limit`) lives here too.

use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// Most solver threads or worker cores an option may ask for (more than any machine the
/// tool runs on; HiGHS itself runs at most a few useful threads).
pub const MAX_THREADS: u32 = 256;

/// Longest `--time-limit` in seconds (a year: longer is a typing slip, not a limit).
pub const MAX_SECONDS: f64 = 365.0 * 24.0 * 3600.0;

/// Largest count (`--rounds`, `--games`, `--repeat`, …) an option accepts.
pub const MAX_COUNT: usize = 1_000_000;

/// Most Traveller steps (`--steps`, `--chain`): the committed runs go to 100; the
/// time-expanded model and the event search grow with T, and the event search's depth
/// (one level per event) stays within the stack up to here.
pub const MAX_STEPS: usize = 1000;

/// The whole command's end (`--time-limit`), fixed once as the command starts; a worker
/// process takes its parent's instead, so it gets the time left, not the whole limit.
static DEADLINE: std::sync::OnceLock<Option<Instant>> = std::sync::OnceLock::new();

/// Fix the command's deadline `limit` seconds from now (`None`: no deadline). Only the
/// first call counts: a worker sets its parent's ([`start_until`]) before its command runs.
pub fn start_deadline(limit: Option<f64>) {
    let _ = DEADLINE.set(limit.map(|t| Instant::now() + Duration::from_secs_f64(t)));
}

/// Fix the deadline at `until`, seconds since the Unix epoch (a parent's [`until`]).
pub fn start_until(until: f64) {
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0.0, |d| d.as_secs_f64());
    let _ = DEADLINE.set(Some(
        Instant::now() + Duration::from_secs_f64((until - now).clamp(0.0, MAX_SECONDS)),
    ));
}

/// The deadline as seconds since the Unix epoch, for a worker's command line.
pub fn until() -> Option<f64> {
    let left = left()?;
    let now = SystemTime::now().duration_since(UNIX_EPOCH).ok()?;
    Some(now.as_secs_f64() + left)
}

/// A deadline for one unit of the command's work inside the command's own (a benchmark's
/// variant, `bench --suite --variant-limit`), set by [`within_unit_limit`] only.
static UNIT: std::sync::Mutex<Option<Instant>> = std::sync::Mutex::new(None);

/// Seconds left before the command's deadline, or the current unit's when that is
/// earlier (0 once past), or `None` without either.
pub fn left() -> Option<f64> {
    let command = DEADLINE.get().copied().flatten();
    let unit = *UNIT.lock().unwrap_or_else(|e| e.into_inner());
    let end = match (command, unit) {
        (Some(a), Some(b)) => a.min(b),
        (a, b) => a.or(b)?,
    };
    Some(end.saturating_duration_since(Instant::now()).as_secs_f64())
}

/// Run `work` with at most `limit` seconds of its own (within the command's deadline):
/// every solve and worker it starts sees the nearer end. Workers started inside take it
/// over as their `--until`.
pub fn within_unit_limit<R>(limit: Option<f64>, work: impl FnOnce() -> R) -> R {
    let set = |end: Option<Instant>| *UNIT.lock().unwrap_or_else(|e| e.into_inner()) = end;
    set(limit.map(|t| Instant::now() + Duration::from_secs_f64(t)));
    let out = work();
    set(None);
    out
}

/// Whether the command's deadline has passed.
pub fn expired() -> bool {
    left().is_some_and(|t| t <= 0.0)
}

/// A solve's own limit (`--part-limit`, a default) cut to the time the command has left.
pub fn within_deadline(limit: Option<f64>) -> Option<f64> {
    match (limit, left()) {
        (Some(t), Some(l)) => Some(t.min(l)),
        (t, l) => t.or(l),
    }
}

/// Why a unit of work (a grid cell, a part) was not started.
pub const NOT_REACHED: &str = "not reached: --time-limit ran out";

fn number(s: &str) -> Result<f64, String> {
    let x: f64 = s
        .trim()
        .parse()
        .map_err(|_| format!("`{}` is not a number", crate::error::clip(s, 40)))?;
    if x.is_finite() {
        Ok(x)
    } else {
        Err(format!("`{s}` is not a finite number"))
    }
}

fn whole(s: &str) -> Result<u64, String> {
    s.trim()
        .parse()
        .map_err(|_| format!("`{}` is not a whole number ≥ 0", crate::error::clip(s, 40)))
}

/// `--time-limit S`, `--part-limit S`: seconds, more than 0 and at most [`MAX_SECONDS`].
pub fn seconds(s: &str) -> Result<f64, String> {
    let x = number(s)?;
    if x > 0.0 && x <= MAX_SECONDS {
        Ok(x)
    } else {
        Err(format!(
            "{x} seconds: the limit must be more than 0 and at most {MAX_SECONDS} (a year)"
        ))
    }
}

/// `--threads N`, `--cores N`: 1 to [`MAX_THREADS`].
pub fn threads(s: &str) -> Result<u32, String> {
    match whole(s)? {
        n @ 1..=256 => Ok(n as u32),
        n => Err(format!("{n}: must be 1 to {MAX_THREADS}")),
    }
}

/// A worker's `--until T`: its parent's deadline, seconds since the Unix epoch, at most
/// [`MAX_SECONDS`] from now.
pub fn epoch(s: &str) -> Result<f64, String> {
    let x = number(s)?;
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0.0, |d| d.as_secs_f64());
    if x >= 0.0 && x <= now + MAX_SECONDS {
        Ok(x)
    } else {
        Err(format!(
            "`{}`: a deadline is seconds since 1970, at most {MAX_SECONDS} from now",
            crate::error::clip(s.trim(), 40)
        ))
    }
}

/// The same bounds as [`threads`], for options held as `usize`.
pub fn cores(s: &str) -> Result<usize, String> {
    threads(s).map(|n| n as usize)
}

/// A count (`--rounds`, `--runs`, `--repeat`, `--games`, …): 1 to [`MAX_COUNT`].
pub fn count(s: &str) -> Result<usize, String> {
    match whole(s)? {
        n @ 1..=1_000_000 => Ok(n as usize),
        n => Err(format!("{n}: must be 1 to {MAX_COUNT}")),
    }
}

/// Traveller `--steps T`: 1 to [`MAX_STEPS`].
pub fn steps(s: &str) -> Result<usize, String> {
    match whole(s)? {
        n @ 1..=1000 => Ok(n as usize),
        n => Err(format!("{n} steps: must be 1 to {MAX_STEPS}")),
    }
}

/// A finite number ≥ 0 (`--wealth`).
pub fn non_negative(s: &str) -> Result<f64, String> {
    match number(s)? {
        x if x >= 0.0 => Ok(x),
        x => Err(format!("{x}: must be a number ≥ 0")),
    }
}

/// A finite number ≥ −1 (`--slope`).
pub fn slope(s: &str) -> Result<f64, String> {
    match number(s)? {
        x if x >= -1.0 => Ok(x),
        x => Err(format!("{x}: must be a number ≥ −1")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refuses_nan_zero_and_huge() {
        for bad in ["NaN", "nan", "inf", "-1", "0", "1e400", "x"] {
            assert!(seconds(bad).is_err(), "{bad}");
        }
        assert_eq!(seconds("2.5"), Ok(2.5));
        for bad in ["0", "1000000", "-1", "x"] {
            assert!(threads(bad).is_err(), "{bad}");
        }
        assert_eq!(threads("4"), Ok(4));
        assert!(count("0").is_err());
        assert!(steps("20000").is_err());
        assert!(slope("NaN").is_err());
        assert!(slope("-2").is_err());
        assert_eq!(slope("-1"), Ok(-1.0));
        assert!(non_negative("NaN").is_err());
        for bad in ["nan", "1e300", "-1", "inf"] {
            assert!(epoch(bad).is_err(), "{bad}");
        }
        assert_eq!(epoch("12"), Ok(12.0));
    }
}
