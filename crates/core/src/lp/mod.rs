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
//! use gamebounds_core::lp::{Model, Sense, SolveOptions, Status};
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

mod monitor;
mod report;
mod run;
mod warm;

use monitor::{LogFile, Monitor};
pub use report::{
    infeasible, no_solution, solver_failed, Infeasible, NoSolution, SolveReport, SolverFailed,
    Status, Why,
};
pub use warm::WarmLp;

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
        let shape = run::Shape {
            rows: constraints.len(),
            columns: vars.len(),
            integers,
        };
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
            let mut cols = vec![0.0; shape.columns];
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
        let cutoff = cutoff.filter(|_| integers > 0);
        let presolve_off = run::configure(
            &mut model,
            &name,
            opts,
            log.as_ref(),
            sense,
            cutoff,
            &options,
        )?;

        let started = Instant::now();
        let monitor = Monitor::start(log.as_ref().map(|l| l.path.clone()), opts, started);
        let recheck = integers > 0 && !presolve_off && (cutoff.is_none() || opts.recheck);
        let solved = run::solve_checked(model, &name, opts, recheck, started);
        let seconds = started.elapsed().as_secs_f64();
        monitor.stop();
        let solved = solved?;
        if let Some(v) = cutoff {
            run::beats_cutoff(&solved, &name, sense, v, seconds)?;
        }
        let report = run::report(&solved, &name, shape, seconds, opts)?;
        let values = solved.get_solution().columns().to_vec();
        Ok(Solved {
            report,
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

#[cfg(test)]
mod tests;
