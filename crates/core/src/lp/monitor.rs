//! HiGHS's log, followed while a solve runs: progress lines for the user and the best
//! bound so far.

use super::*;

/// HiGHS writes its log to a private temporary file (never to stdout, which belongs to
/// `--json`); the monitor relays it.
pub(super) struct LogFile {
    pub(super) path: PathBuf,
}

impl LogFile {
    pub(super) fn new() -> Result<Self> {
        use std::sync::atomic::AtomicU64;
        static COUNTER: AtomicU64 = AtomicU64::new(0);
        let n = COUNTER.fetch_add(1, Ordering::Relaxed);
        let path =
            std::env::temp_dir().join(format!("gamebounds-highs-{}-{}.log", std::process::id(), n));
        std::fs::write(&path, b"").with_context(|| format!("creating {}", path.display()))?;
        crate::scratch::keep_file(&path, true);
        Ok(LogFile { path })
    }
}

impl Drop for LogFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.path);
        crate::scratch::keep_file(&self.path, false);
    }
}

/// Relays the HiGHS log (verbose) or prints a progress line every few seconds
/// (elapsed time, incumbent, bound, gap) while a solve runs.
pub(super) struct Monitor {
    stop: Arc<AtomicBool>,
    handle: Option<std::thread::JoinHandle<()>>,
}

impl Monitor {
    pub(super) fn start(path: Option<PathBuf>, opts: &SolveOptions, started: Instant) -> Monitor {
        let stop = Arc::new(AtomicBool::new(false));
        let Some(path) = path else {
            return Monitor { stop, handle: None };
        };
        let verbose = opts.verbose;
        let every = Duration::from_secs_f64(opts.progress_every.max(0.5));
        let flag = stop.clone();
        let handle = std::thread::spawn(move || {
            let Ok(file) = std::fs::File::open(&path) else {
                return;
            };
            let mut reader = BufReader::new(file);
            let mut last_print = Instant::now();
            let mut last_row: Option<Progress> = None;
            let mut line = String::new();
            loop {
                let done = flag.load(Ordering::Relaxed);
                line.clear();
                match reader.read_line(&mut line) {
                    Ok(n) if n > 0 => {
                        if verbose {
                            eprint!("{line}");
                        } else if let Some(p) = Progress::parse(&line) {
                            last_row = Some(p);
                        }
                        continue;
                    }
                    _ => {}
                }
                if done {
                    break;
                }
                if !verbose && last_print.elapsed() >= every {
                    last_print = Instant::now();
                    let t = started.elapsed().as_secs_f64();
                    match &last_row {
                        Some(p) => eprintln!("[{t:6.1} s] {}", p.shown()),
                        None => eprintln!("[{t:6.1} s] solving (root LP / presolve)"),
                    }
                }
                // Woken early by `stop`, so a short solve does not wait out the pause.
                std::thread::park_timeout(Duration::from_millis(100));
            }
        });
        Monitor {
            stop,
            handle: Some(handle),
        }
    }

    pub(super) fn stop(mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(h) = self.handle.take() {
            h.thread().unpark();
            let _ = h.join();
        }
    }
}

/// One row of HiGHS's branch-and-bound table:
/// `Src Proc. InQueue | Leaves Expl. | BestBound BestSol Gap | ...`.
pub(super) struct Progress {
    bound: String,
    best: String,
    gap: String,
}

impl Progress {
    pub(super) fn parse(line: &str) -> Option<Progress> {
        let toks: Vec<&str> = line.split_whitespace().collect();
        if !toks.last()?.ends_with('s') {
            return None;
        }
        // The explored-percentage column is the first token ending in '%'.
        let pct = toks.iter().position(|t| t.ends_with('%'))?;
        let bound = toks.get(pct + 1)?;
        let best = toks.get(pct + 2)?;
        let gap = toks.get(pct + 3)?;
        Some(Progress {
            bound: bound.to_string(),
            best: best.to_string(),
            gap: gap.to_string(),
        })
    }

    /// The row as the progress line says it: numbers to one decimal, and words where
    /// HiGHS has none yet ("best none yet", gap "-") instead of its `inf`.
    pub(super) fn shown(&self) -> String {
        let number = |x: &str| match x.parse::<f64>() {
            // (+ 0.0 turns HiGHS's -0 into 0.)
            Ok(v) if v.is_finite() => Some(format!("{:.1}", v + 0.0)),
            _ => None,
        };
        let best = number(&self.best).unwrap_or_else(|| "none yet".into());
        let bound = number(&self.bound).unwrap_or_else(|| "-".into());
        let gap = match self.gap.trim_end_matches('%').parse::<f64>() {
            Ok(g) if g.is_finite() => self.gap.clone(),
            _ => "-".into(),
        };
        format!("best {best}  bound {bound}  gap {gap}")
    }
}

#[cfg(test)]
mod tests {
    use super::Progress;

    #[test]
    fn progress_rows_are_parsed() {
        let row = " J       0       0         0   0.00%   420             301               39.53%        0      0      0         0     0.1s";
        let p = Progress::parse(row).unwrap();
        assert_eq!(p.bound, "420");
        assert_eq!(p.best, "301");
        assert_eq!(p.gap, "39.53%");
        assert!(Progress::parse("Presolving model").is_none());
        assert_eq!(p.shown(), "best 301.0  bound 420.0  gap 39.53%");
    }

    #[test]
    fn a_row_without_a_game_says_so() {
        let row = "         0       0         0   0.00%   -0              -inf                 inf        0      0      0         0     5.0s";
        let p = Progress::parse(row).unwrap();
        assert_eq!(p.shown(), "best none yet  bound 0.0  gap -");
        let row = "         0       0         0   0.00%   563.9453897     inf                  Large      0      0      0         0     9.0s";
        let p = Progress::parse(row).unwrap();
        assert_eq!(p.shown(), "best none yet  bound 563.9  gap -");
    }
}
