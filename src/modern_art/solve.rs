//! The `solve`, `compare`, `results` and `bench` commands: build and solve the ILP
//! ([`super::model`]), turn its optimum into a game ([`super::schedule`]), and let the
//! referee replay it ([`super::episode::envelope`]). A number is called a maximum only
//! when HiGHS proved it (zero gap) *and* the replayed game reaches it.

use anyhow::{anyhow, bail, Result};

use super::episode;
use super::model::{self, Objective, Plan};
use super::rules::Config;
use super::schedule;
use crate::episode::Envelope;
use crate::lp::{SolveOptions, SolveReport};

/// A solved and certified (or not) result.
pub struct Outcome {
    pub report: SolveReport,
    pub plan: Plan,
    pub envelope: Envelope,
    /// Final scores of the replayed game, by table seat.
    pub scores: Vec<i64>,
    /// The objective's value in the replayed game.
    pub value: i64,
    /// Proven by HiGHS and reached by the replayed game.
    pub proven: bool,
}

/// Solve, schedule and replay. An unschedulable optimum or a replay the referee rejects
/// is an error (a model bug), never a result.
pub fn solve(
    c: &Config,
    objective: Objective,
    player: Option<usize>,
    opts: &SolveOptions,
) -> Result<Outcome> {
    let (report, plan) = model::solve(c, objective, player, opts)?;
    let record = schedule::schedule(c, &plan)
        .map_err(|e| anyhow!("{e:#} (variant {}, {} players)", c.variant.name, c.players))?;
    let seat = match objective {
        Objective::MaxTotal => None,
        _ => Some(plan.seat),
    };
    let envelope = episode::envelope(c, objective.name(), seat, Some(&report), record)?;
    let payload: episode::Payload = envelope.payload_as()?;
    let scores = payload.scores.clone();
    let value = objective.evaluate(&scores, seat.filter(|_| objective == Objective::MaxPlayer));
    let claimed = report.objective.map(|v| v.round() as i64);
    if report.proven() && claimed != Some(value) {
        bail!(
            "the referee's replay of the optimum scores {value}, the model claims {:?} \
             (variant {}, {} players): a model bug",
            claimed,
            c.variant.name,
            c.players
        );
    }
    let proven = report.proven() && claimed == Some(value);
    Ok(Outcome {
        report,
        plan,
        envelope,
        scores,
        value,
        proven,
    })
}

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
    if o.proven {
        format!("proven {what} {} (certified by the referee)", o.value)
    } else {
        let bound = o
            .report
            .bound
            .map(|b| format!("{b:.0}"))
            .unwrap_or("?".into());
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

/// `modern-art solve`.
pub fn run_solve(c: &Config, goal: &Goal, common: &crate::cli::Common) -> Result<()> {
    let (objective, seat) = goal.parse(c.players)?;
    let opts = common.solve_options();
    let o = solve(c, objective, seat, &opts)?;
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
