//! Probe (#69): a depth-first search over a leaf's ranking worlds, rounds fixed from the
//! last, with the LP relaxation re-solved warm (HiGHS keeps its basis when only column
//! bounds change) as each prefix's bound. Prints the counts per depth and the worlds whose
//! LP can still beat the given game.
//!
//! cargo run --release --example worlds_probe -- VARIANT PLAYERS FIRSTS BEAT

use std::path::Path;
use std::time::Instant;

use gamebounds::modern_art::model::{build, Build, Built, Fixes, Objective, Scope};
use gamebounds::modern_art::rules::Config;
use highs::{HighsModelStatus, Model as Hm};

struct Search {
    hm: Option<Hm>,
    cols: Vec<Vec<(Vec<usize>, usize)>>,
    order: Vec<usize>,
    beat: f64,
    lps: Vec<usize>,
    alive: Vec<usize>,
    leaves: Vec<(f64, Vec<usize>)>,
    secs: f64,
}

impl Search {
    fn lp(&mut self) -> Option<f64> {
        let t = Instant::now();
        let solved = self.hm.take().unwrap().solve();
        self.secs += t.elapsed().as_secs_f64();
        let ok = solved.status() == HighsModelStatus::Optimal;
        let v = solved.objective_value();
        self.hm = Some(Hm::from(solved));
        ok.then_some(v)
    }

    fn fix(&mut self, r: usize, q: usize, on: bool) {
        let col = self.cols[r][q].1;
        let hm = self.hm.as_mut().unwrap();
        let lo = if on { 1.0 } else { 0.0 };
        // SAFETY: the pointer is the live HiGHS instance of `hm`; `col` is one of its columns.
        unsafe {
            highs_sys::Highs_changeColBounds(hm.as_mut_ptr(), col as _, lo, 1.0);
        }
    }

    fn dfs(&mut self, depth: usize, chosen: &mut Vec<usize>) {
        if depth == self.order.len() {
            return;
        }
        let r = self.order[depth];
        for q in 0..self.cols[r].len() {
            self.fix(r, q, true);
            self.lps[depth] += 1;
            let v = self.lp();
            if let Some(v) = v.filter(|&v| v >= self.beat + 1.0 - 1e-6) {
                self.alive[depth] += 1;
                chosen.push(q);
                if depth + 1 == self.order.len() {
                    self.leaves.push((v, chosen.clone()));
                } else {
                    self.dfs(depth + 1, chosen);
                }
                chosen.pop();
            }
            self.fix(r, q, false);
        }
    }
}

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().collect();
    let (variant, players, firsts, beat) = (&args[1], args[2].parse()?, &args[3], args[4].parse()?);
    let c = Config::load(Path::new(variant), None, players)?;
    let fixes = Fixes::parse(&[format!("firsts={firsts}")])?;
    let b = Build {
        relax: true,
        fixes,
        ..Default::default()
    };
    let t = Instant::now();
    let Built {
        model,
        vars,
        objective,
        sense,
    } = build(&c, Objective::MaxPlayer, None, &Scope::all(), &b)?;
    let first: Vec<usize> = firsts.split(',').map(|x| x.parse().unwrap()).collect();
    let cols: Vec<Vec<(Vec<usize>, usize)>> = (0..vars.d.r)
        .map(|r| {
            vars.patterns[r]
                .iter()
                .filter(|(p, _)| p.first() == Some(&first[r]))
                .map(|(p, x)| (p.clone(), model.column(*x).unwrap()))
                .collect()
        })
        .collect();
    let mut hm = model.into_highs(sense, objective)?;
    hm.make_quiet();
    hm.set_option("threads", 1);
    hm.set_option("solver", "simplex");
    let n = vars.d.r;
    let mut s = Search {
        hm: Some(hm),
        cols,
        order: (0..n).rev().collect(),
        beat,
        lps: vec![0; n],
        alive: vec![0; n],
        leaves: Vec::new(),
        secs: 0.0,
    };
    let root = s.lp();
    println!("build {:.2} s, root LP {root:?} in {:.2} s", t.elapsed().as_secs_f64(), s.secs);
    s.secs = 0.0;
    s.dfs(0, &mut Vec::new());
    let total: usize = s.lps.iter().sum();
    println!(
        "LPs per depth {:?}, alive {:?}; {total} LPs in {:.1} s ({:.1} ms each); total {:.1} s",
        s.lps,
        s.alive,
        s.secs,
        1000.0 * s.secs / total as f64,
        t.elapsed().as_secs_f64()
    );
    s.leaves.sort_by(|a, b| b.0.total_cmp(&a.0));
    for (v, w) in s.leaves.iter().take(15) {
        let names: Vec<String> = w
            .iter()
            .zip(&s.order)
            .map(|(&q, &r)| format!("r{}={:?}", r + 1, s.cols[r][q].0))
            .collect();
        println!("{v:.2} {}", names.join(" "));
    }
    println!("{} worlds can beat {beat}", s.leaves.len());
    Ok(())
}
