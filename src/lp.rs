//! One thin layer over good_lp + HiGHS that every model in the crate uses.
//!
//! Why a layer at all: good_lp builds models that read like the mathematics, but it hides
//! what a *proof* needs — HiGHS's own status, the dual bound, the gap reached and the node
//! count. So a model is written with good_lp expressions and constraints, then handed to
//! HiGHS through the `highs` crate, where those numbers are read back. Options set here
//! (time limit, gap, threads, seed, logging) are the only knobs; every model gets the same
//! ones, so `--time-limit`, `--threads` and `--quiet` mean the same thing in every game.
//!
//! ```
//! use gamebounds::lp::{Model, Sense, SolveOptions, Status};
//! use good_lp::{constraint, Solution};
//! let mut m = Model::new("tiny knapsack");
//! let a = m.binary("a");
//! let b = m.binary("b");
//! m.constrain(constraint!(3 * a + 4 * b <= 5));
//! let solved = m.solve(Sense::Maximise, 5 * a + 6 * b, &SolveOptions::quiet()).unwrap();
//! assert_eq!(solved.report.status, Status::Optimal);
//! assert_eq!(solved.value(b).round(), 1.0);
//! assert_eq!(solved.report.objective, Some(6.0));
//! ```

use std::collections::HashMap;
use std::ffi::CStr;
use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};
use good_lp::solvers::highs::highs;
use good_lp::{
    Constraint, Expression, IntoAffineExpression, ProblemVariables, SolverModel, Variable,
    VariableDefinition,
};
use highs::{HighsModelStatus, HighsSolutionStatus};
use serde::{Deserialize, Serialize};

/// Direction of the objective.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sense {
    Maximise,
    Minimise,
}

/// Solver knobs shared by every model.
#[derive(Debug, Clone)]
pub struct SolveOptions {
    /// Wall-clock limit in seconds; `None` runs until proven.
    pub time_limit: Option<f64>,
    /// Relative MIP gap at which HiGHS may stop. 0 (the default) means "prove it".
    pub mip_gap: f64,
    /// HiGHS threads. 1 (the default) makes every run give the same answer.
    pub threads: u32,
    /// HiGHS `random_seed`.
    pub seed: i32,
    /// Relay the full HiGHS log to stderr.
    pub verbose: bool,
    /// Print nothing at all (no progress lines either).
    pub quiet: bool,
    /// Seconds between progress lines on stderr for long solves.
    pub progress_every: f64,
    /// Extra HiGHS options for every model (`key`, `value`), applied after the model's
    /// own options, so they win: for tuning experiments.
    pub highs: Vec<(String, String)>,
    /// Whether presolve's node-0 "infeasible" under a cutoff is checked again without
    /// presolve (see [`Model::solve`]); `false` trusts presolve there.
    pub recheck: bool,
    /// Say on stderr when a model is solved again without presolve, even when quiet.
    pub debug: bool,
}

impl Default for SolveOptions {
    fn default() -> Self {
        SolveOptions {
            time_limit: None,
            mip_gap: 0.0,
            threads: 1,
            seed: 0,
            verbose: false,
            quiet: false,
            progress_every: 5.0,
            highs: Vec::new(),
            recheck: true,
            debug: false,
        }
    }
}

impl SolveOptions {
    /// Defaults with all output off (tests, inner loops).
    pub fn quiet() -> Self {
        SolveOptions {
            quiet: true,
            ..Default::default()
        }
    }
}

/// How a solve ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// HiGHS proved optimality with zero gap.
    Optimal,
    /// A limit stopped the solve with an incumbent: value and bound differ (or are unproven).
    Feasible,
    Infeasible,
    Unbounded,
    Error,
}

impl std::fmt::Display for Status {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let s = match self {
            Status::Optimal => "optimal",
            Status::Feasible => "feasible",
            Status::Infeasible => "infeasible",
            Status::Unbounded => "unbounded",
            Status::Error => "error",
        };
        f.write_str(s)
    }
}

/// A solve that ended (time limit) before finding any feasible point. `bound` is HiGHS's
/// dual bound at that moment (MIP only), still a valid bound on the model.
#[derive(Debug)]
pub struct NoSolution {
    pub model: String,
    pub seconds: f64,
    pub bound: Option<f64>,
}

impl std::fmt::Display for NoSolution {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "model `{}`: no feasible solution found within the limits ({:.1} s); raise \
             --time-limit",
            self.model, self.seconds
        )
    }
}

impl std::error::Error for NoSolution {}

/// The [`NoSolution`] in an error's chain, if any.
pub fn no_solution(e: &anyhow::Error) -> Option<&NoSolution> {
    e.chain().find_map(|c| c.downcast_ref::<NoSolution>())
}

/// What a solve reports: the numbers an episode's `solver` field carries.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SolveReport {
    pub status: Status,
    /// Objective of the incumbent.
    pub objective: Option<f64>,
    /// Best bound proven by HiGHS (the dual bound; equals the objective when optimal).
    pub bound: Option<f64>,
    /// Relative gap |bound − objective| / max(1, |objective|).
    pub gap: Option<f64>,
    /// Wall time of the solve in seconds (building the model excluded).
    pub seconds: f64,
    /// Branch-and-bound nodes, where HiGHS reports them.
    pub nodes: Option<i64>,
    pub rows: usize,
    pub columns: usize,
    pub integers: usize,
    pub threads: u32,
    /// HiGHS's `random_seed` (`--highs-seed`): another seed may take another search path
    /// to another game of the same value, so an episode names the one it was solved with.
    /// Left out of the JSON when 0 (the default), so files written before it still read.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub seed: i32,
    pub time_limit: Option<f64>,
}

fn is_zero(x: &i32) -> bool {
    *x == 0
}

impl SolveReport {
    /// True only for a proof: optimal status and zero gap (within the rounding that
    /// `solve` also allows: 1e-9 relative or 1e-6 absolute).
    pub fn proven(&self) -> bool {
        let close = match (self.bound, self.objective) {
            (Some(b), Some(o)) => (b - o).abs() <= 1e-6,
            _ => false,
        };
        self.status == Status::Optimal && (close || self.gap.is_none_or(|g| g <= 1e-9))
    }
}

/// A model under construction: variables, constraints and a name used in every error.
pub struct Model {
    name: String,
    vars: ProblemVariables,
    index: HashMap<Variable, usize>,
    integers: usize,
    constraints: Vec<Constraint>,
    /// Extra HiGHS options for this model only (see [`Model::highs_option`]).
    options: Vec<(String, String)>,
    /// A known solution to start from (MIP start); unset variables count as 0.
    start: Vec<(Variable, f64)>,
    /// Only solutions strictly better than this objective value are wanted.
    cutoff: Option<f64>,
    /// Every variable asked for as an integer is made continuous (the LP relaxation).
    relaxed: bool,
}

impl Model {
    /// `name` says which model and variant this is; errors quote it.
    pub fn new(name: impl Into<String>) -> Self {
        Model {
            name: name.into(),
            vars: ProblemVariables::new(),
            index: HashMap::new(),
            integers: 0,
            constraints: Vec::new(),
            options: Vec::new(),
            start: Vec::new(),
            cutoff: None,
            relaxed: false,
        }
    }

    /// Only solutions strictly better than `value` are wanted (a MIP only): HiGHS prunes
    /// every branch whose bound cannot beat it (its `objective_bound`), and a model with no
    /// such solution ends as infeasible ("no solution beats `value`"). For an integral
    /// objective, pass the best known value ± 0.5. Why not a row "objective ≥ value": the
    /// row changes every LP HiGHS solves, the cutoff only prunes (measured in
    /// `docs/notebook/modern-art.md`).
    pub fn cutoff(&mut self, value: f64) {
        self.cutoff = Some(value);
    }

    /// A proof, not a search: switch HiGHS's primal heuristics off (the effort of the
    /// cheap ones, and the RENS, RINS, root reduced-cost, feasibility-jump, zero-integrality
    /// and shifting heuristics). Meant for a model under a [`Model::cutoff`] whose job is to
    /// show that nothing beats a known solution: the heuristics only look for solutions,
    /// and RENS and the root reduced-cost heuristic solve sub-MIPs at the root that can
    /// cost more than the proof. Branch and bound still finds any better solution at its
    /// integral nodes.
    ///
    /// It also keeps HiGHS from restarting its root (`mip_allow_restart=false`): when
    /// the root fixes enough columns HiGHS presolves the reduced model again and starts
    /// its cuts over, several times on a small part that its root settles anyway. Both
    /// were measured on the Modern Art proofs (`docs/notebook/modern-art.md`).
    pub fn proof_only(&mut self) {
        for key in [
            "mip_heuristic_run_rens",
            "mip_heuristic_run_rins",
            "mip_heuristic_run_root_reduced_cost",
            "mip_heuristic_run_feasibility_jump",
            "mip_heuristic_run_zi_round",
            "mip_heuristic_run_shifting",
        ] {
            self.highs_option(key, "false");
        }
        self.highs_option("mip_heuristic_effort", "0");
        self.highs_option("mip_allow_restart", "false");
    }

    /// Set a HiGHS option for this model only, by name and value as text (HiGHS parses
    /// it by the option's type), e.g. `("presolve", "off")` for a model whose presolve
    /// costs more than it saves. Unknown names or bad values fail at `solve`.
    pub fn highs_option(&mut self, key: &str, value: &str) {
        self.options.push((key.to_string(), value.to_string()));
    }

    pub fn name(&self) -> &str {
        &self.name
    }

    /// Add a variable from a good_lp definition.
    pub fn add(&mut self, def: VariableDefinition) -> Variable {
        if def.is_integer() {
            self.integers += 1;
        }
        let i = self.vars.len();
        let v = self.vars.add(def);
        self.index.insert(v, i);
        v
    }

    /// A binary variable, or a continuous one in [0, 1] in a model built as its LP
    /// relaxation ([`Model::relax_integers`]).
    pub fn binary(&mut self, name: impl Into<String>) -> Variable {
        if self.relaxed {
            return self.continuous(name, 0.0, 1.0);
        }
        self.add(good_lp::variable().binary().name(name))
    }

    /// An integer variable, or a continuous one in a model built as its LP relaxation
    /// ([`Model::relax_integers`]).
    pub fn integer(&mut self, name: impl Into<String>, lo: f64, hi: f64) -> Variable {
        if self.relaxed {
            return self.continuous(name, lo, hi);
        }
        self.add(good_lp::variable().integer().min(lo).max(hi).name(name))
    }

    /// From now on every [`Model::integer`] and [`Model::binary`] is continuous: the model is
    /// built as its LP relaxation.
    pub fn relax_integers(&mut self) {
        self.relaxed = true;
    }

    pub fn continuous(&mut self, name: impl Into<String>, lo: f64, hi: f64) -> Variable {
        self.add(good_lp::variable().min(lo).max(hi).name(name))
    }

    pub fn constrain(&mut self, c: Constraint) {
        self.constraints.push(c);
    }

    /// Give the solver a known solution to start from (a MIP start): values for some
    /// variables, the rest taken as 0. It only speeds the search up; an infeasible start
    /// is ignored by HiGHS.
    pub fn set_start(&mut self, values: Vec<(Variable, f64)>) {
        self.start = values;
    }

    pub fn num_vars(&self) -> usize {
        self.vars.len()
    }

    pub fn num_constraints(&self) -> usize {
        self.constraints.len()
    }

    /// The model as HiGHS holds it (columns in creation order, no options set), for a
    /// caller that reads more of HiGHS's answer than [`Model::solve`] keeps (the audit's
    /// LP duals, [`crate::safe_bound`]). Errors for a model with integer columns.
    pub fn into_highs(
        self,
        sense: Sense,
        objective: impl IntoAffineExpression,
    ) -> Result<highs::Model> {
        if self.integers > 0 {
            bail!(
                "model `{}`: an LP was expected, it has {} integers",
                self.name,
                self.integers
            );
        }
        let objective: Expression = objective.into_expression();
        let refused = crate::lp_refusals::first_refused(&self.constraints, &objective);
        let unsolved = match sense {
            Sense::Maximise => self.vars.maximise(objective),
            Sense::Minimise => self.vars.minimise(objective),
        };
        let mut problem = unsolved.using(highs);
        for c in self.constraints {
            problem.add_constraint(c);
        }
        let name = self.name;
        problem
            .try_into_inner()
            .map_err(|_| crate::lp_refusals::build_error(&name, refused))
    }

    /// Solve. Infeasible and unbounded models and solver failures are errors naming the
    /// model; a limit hit with an incumbent is `Ok` with status `feasible`.
    pub fn solve(
        self,
        sense: Sense,
        objective: impl IntoAffineExpression,
        opts: &SolveOptions,
    ) -> Result<Solved> {
        let Model {
            name,
            vars,
            index,
            integers,
            constraints,
            options,
            start,
            cutoff,
            relaxed: _,
        } = self;
        let columns = vars.len();
        let rows = constraints.len();
        let objective: Expression = objective.into_expression();
        let refused = crate::lp_refusals::first_refused(&constraints, &objective);
        let unsolved = match sense {
            Sense::Maximise => vars.maximise(objective),
            Sense::Minimise => vars.minimise(objective),
        };
        let mut problem = unsolved.using(highs);
        for c in constraints {
            problem.add_constraint(c);
        }
        let mut model = problem
            .try_into_inner()
            .map_err(|_| crate::lp_refusals::build_error(&name, refused))?;
        if !start.is_empty() {
            // HiGHS completes the continuous part itself and ignores an infeasible start.
            let mut cols = vec![0.0; columns];
            for (v, x) in &start {
                cols[index[v]] = *x;
            }
            model
                .try_set_solution(Some(&cols), None, None, None)
                .map_err(|_| {
                    anyhow::anyhow!("model `{name}`: HiGHS refused the starting solution")
                })?;
        }

        // The log is only read when something will be relayed (progress or verbose); a
        // quiet solve writes none, which saves a file and HiGHS's formatting per solve.
        let relay = !opts.quiet || opts.verbose;
        let log = if relay { Some(LogFile::new()?) } else { None };
        match &log {
            Some(log) => {
                let log_path = log.path.to_string_lossy().to_string();
                set_option(&mut model, &name, "output_flag", true)?;
                set_option(&mut model, &name, "log_to_console", false)?;
                set_option(&mut model, &name, "log_file", log_path.as_str())?;
            }
            None => set_option(&mut model, &name, "output_flag", false)?,
        }
        set_option(&mut model, &name, "threads", opts.threads.max(1) as i32)?;
        set_option(&mut model, &name, "random_seed", opts.seed)?;
        set_option(&mut model, &name, "mip_rel_gap", opts.mip_gap)?;
        // A limited solve gets at most what the command has left; an unlimited one is an
        // exact step (a simulated player's choice) whose caller watches the deadline.
        if let Some(t) = opts
            .time_limit
            .and_then(|t| crate::options::within_deadline(Some(t)))
        {
            set_option(&mut model, &name, "time_limit", t.max(1e-3))?;
        }
        // HiGHS minimises internally: a maximisation's cutoff is the negated objective.
        let cutoff = cutoff.filter(|_| integers > 0);
        if let Some(v) = cutoff {
            let internal = match sense {
                Sense::Maximise => -v,
                Sense::Minimise => v,
            };
            set_option(&mut model, &name, "objective_bound", internal)?;
        }
        let mut presolve_off = false;
        for (key, value) in options.iter().chain(opts.highs.iter()) {
            set_option(&mut model, &name, key, value.as_str())?;
            if key == "presolve" {
                presolve_off = value == "off";
            }
        }

        let started = Instant::now();
        let monitor = Monitor::start(log.as_ref().map(|l| l.path.clone()), opts, started);
        let solved = model.try_solve();
        let solved =
            solved.map_err(|_| anyhow::anyhow!("model `{name}`: HiGHS stopped with an error"));
        let solved = match solved {
            // HiGHS's presolve settled the model at node 0 without a search (infeasible, or
            // "optimal" with no bound). It has been wrong on such models, so the model is
            // solved again without presolve. Under a cutoff "infeasible" is the expected
            // answer, and the one a split proof trusts most: it is checked the same way, so
            // that no part of a proof rests on presolve alone (measured: 1 of 226 parts of
            // the 2-player standard Modern Art proof, 6.8 s more in 875 s; 1 of 46 of the
            // 2-player anchor one, 4.6 s in 62 s; both confirmed). `opts.recheck` false
            // trusts presolve under a cutoff.
            Ok(s)
                if integers > 0
                    && !presolve_off
                    && (cutoff.is_none() || opts.recheck)
                    && presolve_suspect(&s) =>
            {
                let first = started.elapsed().as_secs_f64();
                let say = !opts.quiet || opts.debug;
                if say {
                    eprintln!(
                        "gamebounds: HiGHS's presolve settled model `{name}` without a search \
                         in {first:.2} s; solving it again without presolve, which has been \
                         wrong on such models"
                    );
                }
                let again = resolve_without_presolve(s)
                    .map_err(|_| anyhow::anyhow!("model `{name}`: HiGHS stopped with an error"));
                if let (Ok(again), true) = (&again, say) {
                    eprintln!(
                        "gamebounds: model `{name}` without presolve: {:?} ({} nodes, {:.2} s)",
                        again.status(),
                        int64_info(again, c"mip_node_count").unwrap_or(-1),
                        started.elapsed().as_secs_f64() - first
                    );
                }
                again
            }
            other => other,
        };
        let seconds = started.elapsed().as_secs_f64();
        monitor.stop();
        let solved = solved?;

        // Under a cutoff only a solution that beats it is an answer: HiGHS run again without
        // presolve (above) reports the plans below it that it found on the way. None beats
        // it when HiGHS says so (infeasible, objective bound) or its dual bound does not
        // beat it either; otherwise (a time limit) the part is open.
        let status = solved.status();
        if let Some(v) = cutoff {
            let better = |x: f64| match sense {
                Sense::Maximise => x > v,
                Sense::Minimise => x < v,
            };
            let found = solved.primal_solution_status() == HighsSolutionStatus::Feasible
                && better(solved.objective_value());
            if !found {
                let dual = solved
                    .double_info_value(c"mip_dual_bound")
                    .ok()
                    .filter(|b| b.is_finite());
                let settled = matches!(
                    status,
                    HighsModelStatus::Infeasible
                        | HighsModelStatus::ObjectiveBound
                        | HighsModelStatus::Optimal
                ) || dual.is_some_and(|b| !better(b));
                if settled {
                    bail!("model `{name}` is infeasible: no solution beats the cutoff {v}")
                }
                return Err(NoSolution {
                    model: name,
                    seconds,
                    bound: dual,
                }
                .into());
            }
        }
        let status = match status {
            HighsModelStatus::Infeasible | HighsModelStatus::UnboundedOrInfeasible => {
                bail!("model `{name}` is infeasible: no game satisfies all its constraints")
            }
            HighsModelStatus::Unbounded => bail!("model `{name}` is unbounded"),
            HighsModelStatus::Optimal => Status::Optimal,
            HighsModelStatus::ReachedTimeLimit
            | HighsModelStatus::ReachedIterationLimit
            | HighsModelStatus::ReachedSolutionLimit
            | HighsModelStatus::ReachedInterrupt
            | HighsModelStatus::ReachedMemoryLimit
            | HighsModelStatus::ObjectiveBound
            | HighsModelStatus::ObjectiveTarget => Status::Feasible,
            other => bail!("model `{name}`: HiGHS ended with status {other:?}"),
        };
        if solved.primal_solution_status() != HighsSolutionStatus::Feasible {
            let bound = (integers > 0)
                .then(|| solved.double_info_value(c"mip_dual_bound").ok())
                .flatten()
                .filter(|b| b.is_finite());
            return Err(NoSolution {
                model: name,
                seconds,
                bound,
            }
            .into());
        }
        let objective = solved.objective_value();
        let is_mip = integers > 0;
        let (bound, gap, nodes) = if is_mip {
            let bound = solved
                .double_info_value(c"mip_dual_bound")
                .ok()
                .filter(|b| b.is_finite());
            let nodes = int64_info(&solved, c"mip_node_count");
            let gap = bound.map(|b| (b - objective).abs() / objective.abs().max(1.0));
            (bound, gap, nodes)
        } else {
            (Some(objective), Some(0.0), None)
        };
        // HiGHS says "optimal" when it reaches the requested gap; we call a result optimal
        // only when the gap is zero (within rounding of an integral objective).
        // And never without a finite dual bound: HiGHS has said "optimal" with a dual bound
        // of +inf when its presolve wrongly declared a model infeasible that the MIP start
        // it had just checked satisfies (the traveller model with wealth bands).
        let status = match (status, gap) {
            (Status::Optimal, Some(g)) if g > 1e-9 && (bound.unwrap() - objective).abs() > 1e-6 => {
                Status::Feasible
            }
            (Status::Optimal, None) if is_mip => Status::Feasible,
            (s, _) => s,
        };
        let values = solved.get_solution().columns().to_vec();
        Ok(Solved {
            report: SolveReport {
                status,
                objective: Some(objective),
                bound,
                gap,
                seconds,
                nodes,
                rows,
                columns,
                integers,
                threads: opts.threads,
                seed: opts.seed,
                time_limit: opts.time_limit,
            },
            values,
            index,
        })
    }
}

/// `key=value,key=value` (the text of the option `var`) as pairs (empty entries ignored).
pub fn parse_options(var: &str, text: &str) -> Result<Vec<(String, String)>> {
    text.split(',')
        .filter(|e| !e.trim().is_empty())
        .map(|e| match e.split_once('=') {
            Some((k, v)) => Ok((k.trim().to_string(), v.trim().to_string())),
            None => bail!("{var}: `{e}` is not key=value (e.g. presolve=off)"),
        })
        .collect()
}

fn set_option<V: highs::HighsOptionValue + std::fmt::Display + Copy>(
    model: &mut highs::Model,
    name: &str,
    key: &str,
    value: V,
) -> Result<()> {
    model
        .try_set_option(key, value)
        .map_err(|_| crate::lp_refusals::option_error(name, key, &value))
}

/// Did HiGHS's MIP presolve settle the model on its own, with a verdict that its search
/// never checked? Infeasible, or "optimal" without a finite dual bound, at node 0. Its
/// presolve has declared feasible models infeasible (HiGHS issues #1164, #1958, #2303,
/// #3090; here: the traveller model with wealth bands, whose MIP start HiGHS had just
/// checked), and then reports the start as "optimal" with a dual bound of +inf.
fn presolve_suspect(solved: &highs::SolvedModel) -> bool {
    let nodes = int64_info(solved, c"mip_node_count").unwrap_or(-1);
    let bound = solved.double_info_value(c"mip_dual_bound").ok();
    let verdict = match solved.status() {
        HighsModelStatus::Infeasible => true,
        HighsModelStatus::Optimal => !bound.is_some_and(f64::is_finite),
        _ => false,
    };
    verdict && nodes <= 0
}

/// Run the same HiGHS instance again with presolve off (the options, start and cutoff
/// stay as they were).
fn resolve_without_presolve(
    mut solved: highs::SolvedModel,
) -> std::result::Result<highs::SolvedModel, highs_sys::HighsInt> {
    let (key, value) = (c"presolve", c"off");
    // SAFETY: the pointer comes from a live SolvedModel (which owns the HiGHS instance);
    // both strings are NUL-terminated.
    let status = unsafe {
        highs_sys::Highs_setStringOptionValue(solved.as_mut_ptr(), key.as_ptr(), value.as_ptr())
    };
    if status == highs_sys::STATUS_ERROR {
        return Err(status);
    }
    // SAFETY: as above; Highs_run solves the instance's model again in place.
    let status = unsafe { highs_sys::Highs_run(solved.as_mut_ptr()) };
    if status == highs_sys::STATUS_ERROR {
        return Err(status);
    }
    Ok(solved)
}

fn int64_info(solved: &highs::SolvedModel, key: &CStr) -> Option<i64> {
    let mut value: i64 = 0;
    // SAFETY: the pointer comes from a live SolvedModel and `key` is NUL-terminated;
    // HiGHS writes one i64 into `value`.
    let status = unsafe {
        highs_sys::Highs_getInt64InfoValue(solved.as_ptr(), key.as_ptr(), &mut value as *mut i64)
    };
    (status == highs_sys::STATUS_OK).then_some(value)
}

/// A solved model: the report plus the value of every variable.
#[derive(Debug)]
pub struct Solved {
    pub report: SolveReport,
    values: Vec<f64>,
    index: HashMap<Variable, usize>,
}

impl Solved {
    /// The value of a variable (use `.round()` for integers).
    pub fn value(&self, v: Variable) -> f64 {
        self.values[self.index[&v]]
    }

    /// The rounded value of an integer variable.
    pub fn int(&self, v: Variable) -> i64 {
        self.value(v).round() as i64
    }

    /// Every variable with its value: a MIP start for another model built the same way
    /// (variables are created in the same order, so they are the same `Variable`s), e.g.
    /// the same model with extra restricting constraints solved first.
    pub fn assignment(&self) -> Vec<(Variable, f64)> {
        let mut all: Vec<(Variable, f64)> = self
            .index
            .iter()
            .map(|(v, &i)| (*v, self.values[i]))
            .collect();
        all.sort_by_key(|(v, _)| self.index[v]);
        all
    }

    /// True when a binary variable is set.
    pub fn is_set(&self, v: Variable) -> bool {
        self.value(v) > 0.5
    }
}

impl good_lp::Solution for Solved {
    fn status(&self) -> good_lp::SolutionStatus {
        match self.report.status {
            Status::Optimal => good_lp::SolutionStatus::Optimal,
            _ => good_lp::SolutionStatus::TimeLimit,
        }
    }
    fn value(&self, variable: Variable) -> f64 {
        Solved::value(self, variable)
    }
}

/// HiGHS writes its log to a private temporary file (never to stdout, which belongs to
/// `--json`); the monitor relays it.
struct LogFile {
    path: PathBuf,
}

impl LogFile {
    fn new() -> Result<Self> {
        use std::sync::atomic::AtomicU64;
        static COUNTER: AtomicU64 = AtomicU64::new(0);
        let n = COUNTER.fetch_add(1, Ordering::Relaxed);
        let path =
            std::env::temp_dir().join(format!("gamebounds-highs-{}-{}.log", std::process::id(), n));
        std::fs::write(&path, b"").with_context(|| format!("creating {}", path.display()))?;
        Ok(LogFile { path })
    }
}

impl Drop for LogFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.path);
    }
}

/// Relays the HiGHS log (verbose) or prints a progress line every few seconds
/// (elapsed time, incumbent, bound, gap) while a solve runs.
struct Monitor {
    stop: Arc<AtomicBool>,
    handle: Option<std::thread::JoinHandle<()>>,
}

impl Monitor {
    fn start(path: Option<PathBuf>, opts: &SolveOptions, started: Instant) -> Monitor {
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
                        Some(p) => eprintln!(
                            "[{t:6.1} s] best {}  bound {}  gap {}",
                            p.best, p.bound, p.gap
                        ),
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

    fn stop(mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(h) = self.handle.take() {
            h.thread().unpark();
            let _ = h.join();
        }
    }
}

/// One row of HiGHS's branch-and-bound table:
/// `Src Proc. InQueue | Leaves Expl. | BestBound BestSol Gap | ...`.
struct Progress {
    bound: String,
    best: String,
    gap: String,
}

impl Progress {
    fn parse(line: &str) -> Option<Progress> {
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
}

#[cfg(test)]
mod tests {
    use super::*;
    use good_lp::constraint;

    /// A knapsack with a known optimum (items 2 and 3: value 22, weight 9).
    fn knapsack() -> (Model, Expression) {
        let mut m = Model::new("test knapsack");
        let w = [5.0, 4.0, 5.0, 3.0];
        let v = [10.0, 9.0, 13.0, 7.0];
        let x: Vec<Variable> = (0..4).map(|i| m.binary(format!("x{i}"))).collect();
        let weight: Expression = x.iter().zip(w).map(|(x, w)| w * *x).sum();
        m.constrain(constraint!(weight <= 9));
        let value: Expression = x.iter().zip(v).map(|(x, v)| v * *x).sum();
        (m, value)
    }

    #[test]
    fn extra_options_parse_and_name_a_bad_entry() {
        let got = parse_options("V", " presolve=off, ,mip_heuristic_effort = 0.2").unwrap();
        assert_eq!(
            got,
            vec![
                ("presolve".to_string(), "off".to_string()),
                ("mip_heuristic_effort".to_string(), "0.2".to_string())
            ]
        );
        let e = parse_options("highs_near", "presolve=off,bogus")
            .unwrap_err()
            .to_string();
        assert!(e.contains("highs_near: `bogus` is not key=value"), "{e}");
    }

    /// The cutoff keeps solutions that beat it and reports "none beats it" otherwise, in
    /// both senses (HiGHS's internal sign is the trap this guards). The same with the
    /// heuristics off (`proof_only`): branch and bound still finds the better solution.
    #[test]
    fn cutoff_keeps_only_better_solutions() {
        for (sense, proof) in [Sense::Maximise, Sense::Minimise]
            .into_iter()
            .flat_map(|s| [(s, false), (s, true)])
        {
            let sign = if sense == Sense::Maximise { 1.0 } else { -1.0 };
            let (mut m, obj) = knapsack();
            m.cutoff(sign * 21.5);
            if proof {
                m.proof_only();
            }
            let s = m.solve(sense, sign * obj, &SolveOptions::quiet()).unwrap();
            assert_eq!(s.report.objective, Some(sign * 22.0), "{sense:?}");
            assert!(s.report.proven(), "{sense:?}");
            let (mut m, obj) = knapsack();
            m.cutoff(sign * 22.5);
            if proof {
                m.proof_only();
            }
            let e = m
                .solve(sense, sign * obj, &SolveOptions::quiet())
                .unwrap_err()
                .to_string();
            assert!(e.contains("no solution beats the cutoff"), "{sense:?}: {e}");
        }
    }

    /// Every option `proof_only` sets is one HiGHS knows: the solve succeeds, and it would
    /// fail with a misspelt one.
    #[test]
    fn proof_only_options_are_known() {
        let (mut m, obj) = knapsack();
        m.proof_only();
        assert!(m
            .solve(Sense::Maximise, obj, &SolveOptions::quiet())
            .is_ok());
        let (mut m, obj) = knapsack();
        m.proof_only();
        m.highs_option("mip_heuristic_run_bogus", "false");
        let e = m.solve(Sense::Maximise, obj, &SolveOptions::quiet());
        assert!(e.is_err(), "an unknown option must fail the solve");
    }

    /// "Proven" is an optimal status with the bound at the objective (within rounding),
    /// never an "optimal" without a bound — HiGHS's report after its presolve wrongly
    /// declared a model infeasible (see [`presolve_suspect`]).
    #[test]
    fn proven_needs_a_closed_gap() {
        let report = |status, bound: Option<f64>| SolveReport {
            status,
            objective: Some(45.0),
            bound,
            gap: bound.map(|b| (b - 45.0f64).abs() / 45.0),
            seconds: 0.0,
            nodes: Some(0),
            rows: 1,
            columns: 1,
            integers: 1,
            threads: 1,
            seed: 0,
            time_limit: None,
        };
        assert!(report(Status::Optimal, Some(45.0)).proven());
        // 5e-9 relative, 2e-7 absolute: rounding (seen with presolve off).
        assert!(report(Status::Optimal, Some(45.000_000_23)).proven());
        assert!(!report(Status::Optimal, Some(45.01)).proven());
        assert!(!report(Status::Feasible, Some(45.0)).proven());
    }

    /// The report names HiGHS's seed; seed 0 (the default) is left out of the JSON, so
    /// episodes written before the field still read, and read as seed 0.
    #[test]
    fn the_seed_is_recorded_unless_it_is_the_default() {
        let (m, obj) = knapsack();
        let opts = SolveOptions {
            seed: 3,
            ..SolveOptions::quiet()
        };
        let r = m.solve(Sense::Maximise, obj, &opts).unwrap().report;
        assert_eq!(r.seed, 3);
        let json = serde_json::to_value(&r).unwrap();
        assert_eq!(json["seed"], 3);
        let zero = SolveReport { seed: 0, ..r };
        let json = serde_json::to_value(&zero).unwrap();
        assert!(json.get("seed").is_none(), "{json}");
        let back: SolveReport = serde_json::from_value(json).unwrap();
        assert_eq!(back, zero);
    }

    #[test]
    fn optimal_knapsack() {
        let (m, obj) = knapsack();
        let s = m
            .solve(Sense::Maximise, obj, &SolveOptions::quiet())
            .unwrap();
        assert_eq!(s.report.status, Status::Optimal);
        assert!(s.report.proven());
        assert_eq!(s.report.objective, Some(22.0));
        assert_eq!(s.report.bound, Some(22.0));
        assert_eq!(s.report.rows, 1);
        assert_eq!(s.report.columns, 4);
        assert_eq!(s.report.integers, 4);
    }

    #[test]
    fn minimise_and_values() {
        let mut m = Model::new("min");
        let x = m.integer("x", 0.0, 10.0);
        let y = m.integer("y", 0.0, 10.0);
        m.constrain(constraint!(2 * x + 3 * y >= 12));
        let s = m
            .solve(Sense::Minimise, 3 * x + 4 * y, &SolveOptions::quiet())
            .unwrap();
        assert_eq!(s.report.objective, Some(16.0));
        assert_eq!(3 * s.int(x) + 4 * s.int(y), 16);
    }

    #[test]
    fn infeasible_is_an_error_naming_the_model() {
        let mut m = Model::new("contradiction (variant x)");
        let x = m.integer("x", 0.0, 3.0);
        m.constrain(constraint!(x >= 5));
        let err = m
            .solve(Sense::Maximise, x, &SolveOptions::quiet())
            .unwrap_err()
            .to_string();
        assert!(err.contains("contradiction (variant x)"), "{err}");
        assert!(err.contains("infeasible"), "{err}");
    }

    /// A multi-dimensional knapsack (150 items, 5 weight rows, pseudo-random data): easy
    /// to find good packings, slow to prove. Stopped after 0.5 s it must report
    /// `feasible` with a bound above the incumbent, never `optimal`.
    #[test]
    fn time_limited_solve_is_feasible_not_optimal() {
        let n = 150;
        let mut rng = crate::rng::Rng::new(42);
        let mut m = Model::new("multi-knapsack");
        let x: Vec<Variable> = (0..n).map(|i| m.binary(format!("x{i}"))).collect();
        for _ in 0..5 {
            let w: Vec<f64> = (0..n).map(|_| 20.0 + rng.below(80) as f64).collect();
            let cap = w.iter().sum::<f64>() / 2.0;
            let row: Expression = x.iter().zip(&w).map(|(v, w)| *w * *v).sum();
            m.constrain(constraint!(row <= cap));
        }
        let obj: Expression = x.iter().map(|v| (30.0 + rng.below(70) as f64) * *v).sum();
        let opts = SolveOptions {
            time_limit: Some(0.5),
            ..SolveOptions::quiet()
        };
        let s = m.solve(Sense::Maximise, obj, &opts).unwrap();
        assert_eq!(s.report.status, Status::Feasible, "{:?}", s.report);
        assert!(!s.report.proven());
        let (v, b) = (s.report.objective.unwrap(), s.report.bound.unwrap());
        assert!(b > v, "bound {b} must exceed incumbent {v}");
        assert!(s.report.gap.unwrap() > 0.0);
    }

    #[test]
    fn progress_rows_are_parsed() {
        let row = " J       0       0         0   0.00%   420             301               39.53%        0      0      0         0     0.1s";
        let p = Progress::parse(row).unwrap();
        assert_eq!(p.bound, "420");
        assert_eq!(p.best, "301");
        assert_eq!(p.gap, "39.53%");
        assert!(Progress::parse("Presolving model").is_none());
    }
}
