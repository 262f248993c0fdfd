//! A search over ranking worlds (#69, direction 2, measured by `bench --worlds`): fix each
//! round's ranking pattern in turn, the last round first, and bound every prefix by the LP
//! relaxation, re-solved warm (HiGHS keeps its basis when only column bounds change). A
//! prefix whose LP cannot beat a known game is dropped. Its answer is the highest LP of a
//! single world — the bound of a method that never lets two worlds share cards, turns and
//! hidden cards — and the worlds that a proof would still have to solve as integer
//! programs.

use std::time::Instant;

use anyhow::{bail, Result};

use super::model::{self, Build, Built, Fixes, Objective, Scope};
use super::Config;
use crate::lp::WarmLp;

/// What [`world_search`] found.
#[derive(Debug, Clone, PartialEq)]
pub struct WorldSearch {
    /// The LP of the leaf before any pattern is fixed.
    pub root: f64,
    /// LPs solved at each depth (depth 0 fixes the last round).
    pub lps: Vec<usize>,
    /// Prefixes at each depth whose LP can still beat the game.
    pub alive: Vec<usize>,
    /// The worlds whose LP can beat the game, best first: the LP and each round's pattern.
    pub worlds: Vec<(f64, Vec<Vec<usize>>)>,
    /// Whether the search ran to its end (not stopped by its time limit).
    pub complete: bool,
}

impl WorldSearch {
    /// The highest LP of one world: a bound on the leaf when the search is complete (and
    /// `beat` when no world can beat it).
    pub fn bound(&self, beat: i64) -> Option<f64> {
        self.complete
            .then(|| self.worlds.first().map_or(beat as f64, |w| w.0))
    }
}

/// Patterns per round that the fixings `patterns`, `firsts` and `seconds` allow.
fn admitted(fixes: &Fixes, patterns: &[Vec<(Vec<usize>, good_lp::Variable)>]) -> Vec<Vec<usize>> {
    let item = |key: &str, sep: char, r: usize| -> Option<String> {
        let item = fixes.get(key)?.split(sep).nth(r)?.trim().to_string();
        (item != "x").then_some(item)
    };
    let admits = |r: usize, p: &[usize]| {
        let whole = item("patterns", ';', r).map(|w| {
            w.split(',')
                .filter_map(|x| x.trim().parse::<usize>().ok())
                .collect::<Vec<_>>()
        });
        whole.is_none_or(|w| w == p)
            && [("firsts", 0), ("seconds", 1)].iter().all(|&(key, place)| {
                item(key, ',', r)
                    .and_then(|a| a.parse::<usize>().ok())
                    .is_none_or(|a| p.get(place) == Some(&a))
            })
    };
    (0..patterns.len())
        .map(|r| {
            (0..patterns[r].len())
                .filter(|&q| admits(r, &patterns[r][q].0))
                .collect()
        })
        .collect()
}

struct Search {
    lp: WarmLp,
    /// `[r]`: the admitted patterns and their binaries.
    cols: Vec<Vec<(Vec<usize>, good_lp::Variable)>>,
    beat: f64,
    deadline: Instant,
    out: WorldSearch,
}

impl Search {
    /// The LP under the current fixings (`None`: no solution).
    fn lp(&mut self) -> Option<f64> {
        self.lp.solve()
    }

    fn fix(&mut self, r: usize, q: usize, on: bool) {
        let lo = if on { 1.0 } else { 0.0 };
        self.lp.set_bounds(self.cols[r][q].1, lo, 1.0);
    }

    /// Rounds are fixed from the last to the first (their values are the highest, so
    /// their prefixes prune most: 13 of 17 alive after round 4 against 15 of 17 after round
    /// 1 on g02-3p's leaf, 2026-12-07).
    fn dfs(&mut self, depth: usize, chosen: &mut Vec<usize>) {
        let rounds = self.cols.len();
        let r = rounds - 1 - depth;
        for q in 0..self.cols[r].len() {
            if Instant::now() > self.deadline {
                self.out.complete = false;
                return;
            }
            self.fix(r, q, true);
            self.out.lps[depth] += 1;
            if let Some(v) = self.lp().filter(|&v| v >= self.beat + 1.0 - 1e-6) {
                self.out.alive[depth] += 1;
                chosen.push(q);
                if depth + 1 == rounds {
                    let world = (0..rounds)
                        .map(|r| self.cols[r][chosen[rounds - 1 - r]].0.clone())
                        .collect();
                    self.out.worlds.push((v, world));
                } else {
                    self.dfs(depth + 1, chosen);
                }
                chosen.pop();
            }
            self.fix(r, q, false);
        }
    }
}

/// Search the worlds the fixings allow for those whose LP can beat a game of `beat`
/// (max-player, the best seat), for at most `seconds`. One thread, dual simplex.
pub fn world_search(c: &Config, fixes: &Fixes, beat: i64, seconds: f64) -> Result<WorldSearch> {
    let b = Build {
        relax: true,
        fixes: fixes.clone(),
        ..Build::default()
    };
    let Built {
        model,
        vars,
        objective,
        sense,
    } = model::build(c, Objective::MaxPlayer, None, &Scope::all(), &b)?;
    let cols: Vec<Vec<(Vec<usize>, good_lp::Variable)>> = admitted(fixes, &vars.patterns)
        .into_iter()
        .enumerate()
        .map(|(r, qs)| {
            qs.into_iter()
                .map(|q| vars.patterns[r][q].clone())
                .collect()
        })
        .collect();
    let rounds = cols.len();
    let mut s = Search {
        lp: WarmLp::new(model, sense, objective)?,
        cols,
        beat: beat as f64,
        deadline: Instant::now() + std::time::Duration::from_secs_f64(seconds),
        out: WorldSearch {
            root: 0.0,
            lps: vec![0; rounds],
            alive: vec![0; rounds],
            worlds: Vec::new(),
            complete: true,
        },
    };
    let Some(root) = s.lp() else {
        bail!("the leaf's LP has no solution: no game satisfies the fixings");
    };
    s.out.root = root;
    if root >= beat as f64 + 1.0 - 1e-6 {
        s.dfs(0, &mut Vec::new());
    }
    s.out
        .worlds
        .sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
    Ok(s.out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lp::SolveOptions;
    use std::path::Path;

    /// The LP of one whole world, built from scratch (the warm search's check).
    fn fresh_lp(c: &Config, world: &[Vec<usize>]) -> Option<f64> {
        let text: Vec<String> = world
            .iter()
            .map(|p| {
                p.iter()
                    .map(|a| a.to_string())
                    .collect::<Vec<_>>()
                    .join(",")
            })
            .collect();
        let fixes = Fixes::parse(&[format!("patterns={}", text.join(";"))]).unwrap();
        let b = Build {
            fixes,
            ..Build::default()
        };
        let opts = SolveOptions::quiet();
        model::lp_bound(c, Objective::MaxPlayer, None, &Scope::all(), &opts, &b)
            .ok()
            .and_then(|r| r.objective)
    }

    /// Miniature m27 (four rounds) with the first three rounds' patterns of its proven
    /// game (46): the search over round 4 keeps that game's world, every world it keeps
    /// has the LP a model built for that world alone has, and every round-4 pattern it
    /// drops has a fresh LP below 46 (or none).
    #[test]
    fn warm_world_lps_match_fresh_ones_on_m27() {
        let c = Config::load(
            Path::new("models/modern-art/mini/m27-four-rounds.json"),
            None,
            2,
        )
        .unwrap();
        let fixes = Fixes::parse(&["patterns=0,1,2;0,1;0,1;x".into()]).unwrap();
        let found = world_search(&c, &fixes, 45, 120.0).unwrap();
        assert!(found.complete);
        let best = vec![vec![0, 1, 2], vec![0, 1], vec![0, 1], vec![1, 2]];
        assert!(found
            .worlds
            .iter()
            .any(|(v, w)| *w == best && *v >= 46.0 - 1e-6));
        for (v, w) in &found.worlds {
            let fresh = fresh_lp(&c, w).expect("a kept world has an LP");
            assert!((fresh - v).abs() < 1e-6, "{w:?}: warm {v}, fresh {fresh}");
        }
        assert_eq!(found.bound(45), Some(found.worlds[0].0));
        let Built { vars, .. } = model::build(
            &c,
            Objective::MaxPlayer,
            None,
            &Scope::all(),
            &Build::default(),
        )
        .unwrap();
        for (p, _) in &vars.patterns[3] {
            let mut world = best.clone();
            world[3] = p.clone();
            if !found.worlds.iter().any(|(_, w)| *w == world) {
                let fresh = fresh_lp(&c, &world);
                assert!(
                    fresh.is_none_or(|v| v < 46.0 - 1e-6),
                    "{world:?}: {fresh:?}"
                );
            }
        }
    }
}
