//! A bound on an LP that floating point cannot break (Neumaier and Shcherbina, "Safe
//! bounds in linear and mixed-integer linear programming", 2004). For max c·x subject to
//! lo ≤ Ax ≤ hi and l ≤ x ≤ u, every vector y gives
//! c·x = yᵀAx + (c − Aᵀy)·x ≤ Σᵢ max(yᵢloᵢ, yᵢhiᵢ) + Σⱼ max over xⱼ ∈ [lⱼ, uⱼ] of (c − Aᵀy)ⱼxⱼ,
//! whatever y is: HiGHS's dual solution only makes the bound tight. Every operation is
//! rounded outward (the float result stepped one unit in the last place away), over the
//! coefficients HiGHS itself holds, so the result bounds every point of the LP, and so
//! every integer point of the MIP it relaxes.

use anyhow::{bail, Result};
use highs_sys::HighsInt;

/// An LP solved once more for the audit: its optimum (floating point), and a safe upper
/// bound, or infeasible.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum SafeLp {
    Bounded { value: f64, safe: f64 },
    Infeasible,
}

/// Columns from which the audit LP is solved by interior point first: on the Modern Art
/// parts (about 11,000 columns) it is 3-4 times faster than simplex without presolve.
const IPM_FROM_COLUMNS: i32 = 5000;

/// Solve a maximisation LP (fresh HiGHS, presolve off, seed `seed`, one thread) and
/// bound it safely from its row duals. A large LP is tried by interior point without
/// crossover (any multipliers give a safe bound, so the duals need not be a vertex's);
/// whatever that does not settle as optimal or infeasible is solved again by simplex.
pub fn solve(model: highs::Model, seed: i32) -> Result<SafeLp> {
    // SAFETY: a live HiGHS instance owned by `model`.
    let columns = unsafe { highs_sys::Highs_getNumCol(model.as_ptr()) };
    solve_by(model, seed, columns >= IPM_FROM_COLUMNS)
}

/// [`solve`], by interior point first or not.
fn solve_by(mut model: highs::Model, seed: i32, ipm: bool) -> Result<SafeLp> {
    set(&mut model, "presolve", "off")?;
    set(&mut model, "output_flag", "false")?;
    set(&mut model, "threads", "1")?;
    model
        .try_set_option("random_seed", seed)
        .map_err(|_| crate::lp_refusals::option_error("audit LP", "random_seed", &seed))?;
    if ipm {
        set(&mut model, "solver", "ipm")?;
        set(&mut model, "run_crossover", "off")?;
        let s = model
            .try_solve()
            .map_err(|_| anyhow::anyhow!("HiGHS stopped with an error on the LP"))?;
        match s.status() {
            highs::HighsModelStatus::Optimal | highs::HighsModelStatus::Infeasible => {
                return bound(s)
            }
            _ => model = s.into(),
        }
    }
    set(&mut model, "solver", "simplex")?;
    let solved = model
        .try_solve()
        .map_err(|_| anyhow::anyhow!("HiGHS stopped with an error on the LP"))?;
    bound(solved)
}

/// The safe bound of a solved LP, or infeasible.
fn bound(solved: highs::SolvedModel) -> Result<SafeLp> {
    match solved.status() {
        highs::HighsModelStatus::Optimal => {}
        highs::HighsModelStatus::Infeasible => return Ok(SafeLp::Infeasible),
        s => bail!("the LP ended with status {s:?}"),
    }
    let lp = Lp::read(solved.as_ptr())?;
    let duals = solved.get_solution().dual_rows().to_vec();
    let minus: Vec<f64> = duals.iter().map(|y| -y).collect();
    // HiGHS's sign convention for a maximisation's duals does not matter: any y gives a
    // bound, so the better of y and −y is taken.
    let safe = lp.bound(&duals).min(lp.bound(&minus));
    Ok(SafeLp::Bounded {
        value: solved.objective_value(),
        safe,
    })
}

/// Set one HiGHS option, its refusal explained.
fn set(model: &mut highs::Model, key: &str, value: &str) -> Result<()> {
    model
        .try_set_option(key, value)
        .map_err(|_| crate::lp_refusals::option_error("audit LP", key, &value))
}

/// The LP as HiGHS holds it, column-wise.
struct Lp {
    cost: Vec<f64>,
    col_lo: Vec<f64>,
    col_hi: Vec<f64>,
    row_lo: Vec<f64>,
    row_hi: Vec<f64>,
    start: Vec<HighsInt>,
    index: Vec<HighsInt>,
    value: Vec<f64>,
    /// Nonzeros of the matrix (`value` holds at least one slot).
    nnz: usize,
    offset: f64,
}

impl Lp {
    /// Read the model's data from a HiGHS instance (a maximisation).
    fn read(ptr: *const std::ffi::c_void) -> Result<Lp> {
        use highs_sys::*;
        // SAFETY: `ptr` is a live HiGHS instance owned by the caller's solved model, and
        // every buffer below is sized from HiGHS's own counts before it is filled.
        unsafe {
            let ncol = Highs_getNumCol(ptr);
            let nrow = Highs_getNumRow(ptr);
            let nnz = Highs_getNumNz(ptr);
            let (nc, nr, nz) = (ncol as usize, nrow as usize, nnz as usize);
            let mut lp = Lp {
                cost: vec![0.0; nc],
                col_lo: vec![0.0; nc],
                col_hi: vec![0.0; nc],
                row_lo: vec![0.0; nr],
                row_hi: vec![0.0; nr],
                start: vec![0; nc.max(1)],
                index: vec![0; nz.max(1)],
                value: vec![0.0; nz.max(1)],
                nnz: nz,
                offset: 0.0,
            };
            let mut sense: HighsInt = 0;
            Highs_getObjectiveSense(ptr, &mut sense);
            if sense != -1 {
                bail!("the safe bound is for a maximisation (HiGHS sense {sense})");
            }
            Highs_getObjectiveOffset(ptr, &mut lp.offset);
            let (mut got, mut got_nz) = (0 as HighsInt, 0 as HighsInt);
            if nc > 0 {
                Highs_getColsByRange(
                    ptr,
                    0,
                    ncol - 1,
                    &mut got,
                    lp.cost.as_mut_ptr(),
                    lp.col_lo.as_mut_ptr(),
                    lp.col_hi.as_mut_ptr(),
                    &mut got_nz,
                    lp.start.as_mut_ptr(),
                    lp.index.as_mut_ptr(),
                    lp.value.as_mut_ptr(),
                );
                if got != ncol || got_nz != nnz {
                    bail!("HiGHS returned {got} of {ncol} columns, {got_nz} of {nnz} nonzeros");
                }
            }
            if nr > 0 {
                Highs_getRowsByRange(
                    ptr,
                    0,
                    nrow - 1,
                    &mut got,
                    lp.row_lo.as_mut_ptr(),
                    lp.row_hi.as_mut_ptr(),
                    &mut got_nz,
                    std::ptr::null_mut(),
                    std::ptr::null_mut(),
                    std::ptr::null_mut(),
                );
                if got != nrow {
                    bail!("HiGHS returned {got} of {nrow} rows");
                }
            }
            lp.start.truncate(nc);
            Ok(lp)
        }
    }

    /// The bound from multipliers `y` (one per row), rounded outward throughout.
    fn bound(&self, y: &[f64]) -> f64 {
        // A multiplier whose row side is infinite is taken as 0 (any y is allowed).
        let y: Vec<f64> = y
            .iter()
            .enumerate()
            .map(|(i, &yi)| match yi {
                _ if yi > 0.0 && self.row_hi[i].is_finite() => yi,
                _ if yi < 0.0 && self.row_lo[i].is_finite() => yi,
                _ => 0.0,
            })
            .collect();
        let mut total = self.offset;
        for (i, &yi) in y.iter().enumerate() {
            let side = if yi > 0.0 {
                self.row_hi[i]
            } else {
                self.row_lo[i]
            };
            if yi != 0.0 {
                total = up(total + up(yi * side));
            }
        }
        let n = self.cost.len();
        for j in 0..n {
            let from = self.start[j] as usize;
            let to = match j + 1 < n {
                true => self.start[j + 1] as usize,
                false => self.nnz,
            };
            // The reduced cost c_j − Σ A_ij y_i as an interval [lo, hi].
            let (mut lo, mut hi) = (self.cost[j], self.cost[j]);
            for k in from..to {
                let p = self.value[k] * y[self.index[k] as usize];
                hi = up(hi - down(p));
                lo = down(lo - up(p));
            }
            total = up(total + column_max(lo, hi, self.col_lo[j], self.col_hi[j]));
        }
        total
    }
}

/// max of r·x over r ∈ [lo, hi], x ∈ [l, u], rounded up (a bilinear function: the max
/// is at a corner; an infinite bound with a reduced cost of its sign gives +∞).
fn column_max(lo: f64, hi: f64, l: f64, u: f64) -> f64 {
    let mut best = f64::NEG_INFINITY;
    for r in [lo, hi] {
        for x in [l, u] {
            let v = if r == 0.0 || x == 0.0 { 0.0 } else { up(r * x) };
            best = best.max(v);
        }
    }
    best
}

/// The next float up: a bound on the exact result of the rounded operation it wraps.
fn up(x: f64) -> f64 {
    if x.is_finite() {
        x.next_up()
    } else {
        x
    }
}

/// The next float down.
fn down(x: f64) -> f64 {
    if x.is_finite() {
        x.next_down()
    } else {
        x
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use good_lp::{variable, ProblemVariables, SolverModel};

    /// max x + y, x + 2y ≤ 4, 3x + y ≤ 6, 0 ≤ x, y ≤ 10: optimum 2.8 at (1.6, 1.2).
    fn small_lp() -> highs::Model {
        let mut vars = ProblemVariables::new();
        let x = vars.add(variable().min(0).max(10));
        let y = vars.add(variable().min(0).max(10));
        let mut p = vars.maximise(x + y).using(good_lp::solvers::highs::highs);
        p.add_constraint((x + 2 * y).leq(4));
        p.add_constraint((3 * x + y).leq(6));
        p.try_into_inner().unwrap()
    }

    /// The safe bound of the small LP is at or just above its optimum, and not above by
    /// more than rounding.
    #[test]
    fn safe_bound_of_a_small_lp() {
        let model = small_lp();
        let SafeLp::Bounded { value, safe } = solve(model, 1).unwrap() else {
            panic!("feasible LP")
        };
        assert!((value - 2.8).abs() < 1e-9);
        assert!((2.8..2.8 + 1e-9).contains(&safe), "safe {safe}");
    }

    /// The same LP by interior point without crossover: duals inside the optimal face
    /// still bound it, within the interior point's tolerance of the optimum.
    #[test]
    fn safe_bound_by_interior_point() {
        let model = small_lp();
        let SafeLp::Bounded { value, safe } = solve_by(model, 1, true).unwrap() else {
            panic!("feasible LP")
        };
        assert!((value - 2.8).abs() < 1e-6, "value {value}");
        assert!((2.8..2.8 + 1e-6).contains(&safe), "safe {safe}");
    }

    /// With multipliers 0 the bound is Σ max c_j x_j over the box: 20 here.
    #[test]
    fn zero_multipliers_give_the_box_bound() {
        let lp = Lp {
            cost: vec![1.0, 1.0],
            col_lo: vec![0.0, 0.0],
            col_hi: vec![10.0, 10.0],
            row_lo: vec![f64::NEG_INFINITY],
            row_hi: vec![4.0],
            start: vec![0, 1],
            index: vec![0, 0],
            value: vec![1.0, 2.0],
            nnz: 2,
            offset: 0.0,
        };
        let b = lp.bound(&[0.0]);
        assert!((20.0..20.0 + 1e-9).contains(&b));
        // The optimal multiplier of x + 2y ≤ 4 alone (y = 1): 4 + 10·(1 − 1) + 10·(1 − 2)⁺.
        let b = lp.bound(&[1.0]);
        assert!((4.0..4.0 + 1e-9).contains(&b), "{b}");
    }
}
