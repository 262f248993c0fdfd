use super::*;

/// What to optimise, as the command line gives it.
#[derive(Debug, Clone, clap::Args)]
pub struct Goal {
    /// max-player (the best seat, or --player), max-total, max-margin (winner minus
    /// runner-up) or min-winner (the lowest score that still wins).
    #[arg(long, default_value = "max-player", value_name = "OBJECTIVE")]
    pub objective: String,
    /// The seat to maximise (1-based; max-player only). Default: the best seat.
    #[arg(long, value_name = "P")]
    pub player: Option<usize>,
}

impl Goal {
    /// The objective and the 0-based seat.
    pub fn parse(&self, players: usize) -> Result<(Objective, Option<usize>)> {
        let objective = parse_objective(&self.objective)?;
        let seat = match self.player {
            None => None,
            Some(p) if objective != Objective::MaxPlayer => {
                bail!("--player {p}: only --objective max-player is about one seat")
            }
            Some(p) if p == 0 || p > players => {
                bail!("--player {p}: the game has {players} players (use 1..{players})")
            }
            Some(p) => Some(p - 1),
        };
        Ok((objective, seat))
    }
}

pub fn parse_objective(s: &str) -> Result<Objective> {
    Ok(match s {
        "max-player" => Objective::MaxPlayer,
        "max-total" => Objective::MaxTotal,
        "max-margin" => Objective::MaxMargin,
        "min-winner" => Objective::MinWinner,
        o => {
            bail!("unknown objective `{o}` (known: max-player, max-total, max-margin, min-winner)")
        }
    })
}

/// One line that says what was shown: a proven maximum, or best found with its bound.
pub fn verdict(o: &Outcome, objective: Objective) -> String {
    let what = match objective {
        Objective::MaxPlayer => "maximum",
        Objective::MaxTotal => "maximum total",
        Objective::MaxMargin => "maximum margin",
        Objective::MinWinner => "minimum winning score",
    };
    let payload = o.envelope.payload_as::<episode::Payload>().ok();
    let split = payload.as_ref().and_then(|p| {
        p.split.as_ref()?;
        Some(
            p.split_by
                .clone()
                .unwrap_or(super::render::FIRST_ARTIST.into()),
        )
    });
    let among = payload
        .and_then(|p| p.restricted)
        .map(|r| format!(" among {r} (not the game's maximum)"))
        .unwrap_or_default();
    if o.proven && !among.is_empty() {
        format!("proven {what} {}{among}; certified by the referee", o.value)
    } else if !among.is_empty() {
        let bound = bound_text(o);
        format!("best found {}, bound {bound}{among}; not proven", o.value)
    } else if let (true, Some(by)) = (o.proven, &split) {
        format!(
            "proven {what} {} (split over {by}; certified by the referee)",
            o.value
        )
    } else if o.proven {
        format!("proven {what} {} (certified by the referee)", o.value)
    } else {
        let bound = bound_text(o);
        let gap = o
            .report
            .gap
            .map(|g| format!("{:.1}%", g * 100.0))
            .unwrap_or("?".into());
        format!(
            "best found {}, bound {bound}, gap {gap} (not proven)",
            o.value
        )
    }
}

/// An outcome's bound as the whole number it proves (scores are whole numbers, so an
/// upper bound rounds down and a lower bound, of a minimisation, up), or `?` when there
/// is none. The same number the results tables and the episode show.
pub(super) fn bound_text(o: &Outcome) -> String {
    o.report
        .bound
        .map(|b| {
            let b = if b >= o.value as f64 - 1e-6 {
                whole(b)
            } else {
                (b - 1e-6).ceil()
            };
            format!("{b:.0}")
        })
        .unwrap_or("?".into())
}

/// Time limit of `solve` and `compare` when none is given: a full-size game does not
/// close its gap in minutes, so an unlimited run would not end. `--time-limit 0` means
/// no limit (run to a proof).
pub const DEFAULT_SOLVE_LIMIT: f64 = 120.0;

pub(super) fn options(common: &crate::cli::Common, k: &Knobs) -> SolveOptions {
    let mut opts = k.solve_options(common.solve_options());
    opts.time_limit = match common.part_limit.or(common.time_limit) {
        None => Some(DEFAULT_SOLVE_LIMIT),
        Some(t) if t <= 0.0 => None,
        Some(t) => Some(t),
    };
    opts
}

/// How `solve` and `compare` solve: the split (`None`: one whole solve) and the options.
/// A max-player solve is split over the tokens and leads unless asked otherwise (or
/// restricted to a shape): it proves every shipped maximum in seconds to minutes, where
/// one whole solve proves none of them in hours. A split's time limit is per part: its
/// first part may need minutes to find and prove the maximum, so the default is longer
/// than a whole solve's.
pub(crate) fn split_plan(
    split_by: Option<SplitBy>,
    shaped: bool,
    objective: Objective,
    common: &crate::cli::Common,
    k: &Knobs,
) -> (Option<SplitBy>, SolveOptions) {
    let split_by = match (split_by, shaped, objective) {
        (Some(SplitBy::Whole), ..) => None,
        (None, false, Objective::MaxPlayer) => Some(SplitBy::TokensLeads),
        (by, ..) => by,
    };
    let opts = options(common, k);
    let opts = match (split_by, common.part_limit.or(common.time_limit)) {
        (Some(_), None) => SolveOptions {
            time_limit: Some(DEFAULT_SPLIT_LIMIT),
            ..opts
        },
        _ => opts,
    };
    (split_by, opts)
}

/// Where a split run without `--out` keeps its best game so far:
/// `gamebounds-modern-art-{N}p-{variant}-{objective}.json` in the system's temporary
/// directory (one file per question, so a later run of the same question replaces it).
pub(super) fn interim_file(c: &Config, objective: Objective) -> std::path::PathBuf {
    std::env::temp_dir().join(format!(
        "gamebounds-modern-art-{}p-{}-{}.json",
        c.players,
        file_safe(&c.variant.name),
        objective.name()
    ))
}

/// A variant's name as part of a file name: letters, digits and `-` kept, anything else
/// (a `/`, a space, a dot) as `_`, so a name from a user's file cannot point elsewhere.
pub(super) fn file_safe(name: &str) -> String {
    name.chars()
        .map(|x| {
            if x.is_ascii_alphanumeric() || x == '-' {
                x
            } else {
                '_'
            }
        })
        .collect()
}

/// `modern-art solve`.
pub fn run_solve(
    c: &Config,
    goal: &Goal,
    split_by: Option<SplitBy>,
    shape: Option<Dive>,
    start: Option<&std::path::Path>,
    common: &crate::cli::Common,
    k: &Knobs,
) -> Result<()> {
    let (objective, seat) = goal.parse(c.players)?;
    let (split_by, opts) = split_plan(split_by, shape.is_some(), objective, common, k);
    if start.is_some() && split_by.is_none() {
        // Clap cannot say this: the split is on by default for max-player.
        bail!(
            "--start: only a split solve starts from a game (max-player, without --split \
             whole, --star or --patron)"
        );
    }
    if common.emit_jobs.is_some() && (shape.is_some() || split_by.is_none()) {
        bail!(
            "--emit-jobs: only a split proof (max-player, not --split whole, --star or \
             --patron) has parts to write as jobs; this is one solve"
        );
    }
    // A game found inside a solve (a neighbourhood search's) is what an interrupted run
    // keeps: in --out, or in the interim file.
    let kept = common
        .out
        .clone()
        .unwrap_or_else(|| interim_file(c, objective));
    let start = match start {
        Some(path) => {
            let o = Outcome::from_episode(c, objective, seat, path)?;
            // An interrupted resumed run keeps at least the game it started from.
            crate::interrupt::offer(&o.envelope, &kept);
            common.note(format!(
                "split: starting from {} ({} by the referee's replay)",
                path.display(),
                o.value
            ));
            Some(o)
        }
        None => None,
    };
    crate::interrupt::keep_found_in(&kept, objective.sense() == crate::lp::Sense::Maximise);
    let o = match shape {
        Some(_) if split_by.is_some() => {
            bail!("--split cannot be combined with --star or --patron")
        }
        Some(_) if objective != Objective::MaxPlayer => bail!(
            "--star and --patron restrict a max-player solve (got --objective {})",
            objective.name()
        ),
        Some(d) => {
            let scope = Scope::all().with_dive(d);
            let o = solve(c, objective, seat, &scope, &opts, k)?;
            with_whole_proof(c, objective, &scope, o, &opts)?
        }
        None => match split_by {
            Some(by) => {
                // Every better game a part finds is saved at once to --out. Without it,
                // it is kept for an interrupt only: Ctrl-C writes it to a file in the
                // system's temporary directory and says so (`--start` resumes from it);
                // a run that ends normally leaves nothing there.
                let keep = |o: &Outcome| -> Result<()> {
                    let Some(path) = &common.out else {
                        let path = interim_file(c, objective);
                        crate::interrupt::offer(&o.envelope, &path);
                        common.note(format!(
                            "split: best so far {} (an interrupt writes it to {})",
                            o.value,
                            path.display()
                        ));
                        return Ok(());
                    };
                    crate::interrupt::offer(&o.envelope, path);
                    o.envelope.save(path)?;
                    common.note(format!(
                        "split: best so far {} saved to {}",
                        o.value,
                        path.display()
                    ));
                    Ok(())
                };
                let solved = split_keeping(
                    c,
                    objective,
                    seat,
                    by,
                    &opts,
                    start.as_ref(),
                    Some(&keep),
                    k,
                );
                or_first_legal_game(solved, c, objective, seat, common)?
            }
            None => whole_solve(c, objective, seat, &opts, k, common)?,
        },
    };
    common.note(format!(
        "modern-art {} players, variant {}, {}: {} ({:.1} s, {} rows, {} columns, {} integers)",
        c.players,
        c.variant.name,
        objective.name(),
        verdict(&o, objective),
        o.report.seconds,
        o.report.rows,
        o.report.columns,
        o.report.integers
    ));
    common.emit(&o.envelope)
}

/// `solve --split whole`: one solve of the whole game (its dives, then the whole model),
/// the referee's first legal game if it finds none in time, and the proof record of a
/// proven max-player result.
pub(super) fn whole_solve(
    c: &Config,
    objective: Objective,
    seat: Option<usize>,
    opts: &SolveOptions,
    k: &Knobs,
    common: &crate::cli::Common,
) -> Result<Outcome> {
    let all = Scope::all();
    let solved = solve(c, objective, seat, &all, opts, k);
    match or_first_legal_game(solved, c, objective, seat, common)? {
        o if o.report.rows == 0 => Ok(o),
        o => with_whole_proof(c, objective, &all, o, opts),
    }
}

/// A one-line account of a result for tables: `412 (proven)` or `best 353, bound 432`.
pub(super) fn value_cell(o: &Outcome) -> String {
    if o.proven {
        format!("{}", o.value)
    } else {
        let bound = bound_text(o);
        format!("best {}, bound {bound}", o.value)
    }
}

pub(super) fn status_cell(o: &Outcome) -> String {
    if o.proven {
        "proven, certified".into()
    } else {
        unproven_status(o.report.gap)
    }
}

/// The status of a certified game whose bound is not reached: `gap 12.3%, certified game`.
pub(super) fn unproven_status(gap: Option<f64>) -> String {
    let gap = gap
        .map(|g| format!("{:.1}%", g * 100.0))
        .unwrap_or("?".into());
    format!("gap {gap}, certified game")
}

pub(super) fn others(o: &Outcome) -> String {
    others_text(&o.scores, o.plan.seat)
}

/// The other seats' scores, `P1 79` style, leaving out the objective's seat.
pub(super) fn others_text(scores: &[i64], seat: usize) -> String {
    scores
        .iter()
        .enumerate()
        .filter(|&(s, _)| s != seat)
        .map(|(s, v)| format!("P{} {v}", s + 1))
        .collect::<Vec<_>>()
        .join(", ")
}
