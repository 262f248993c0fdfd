//! The road network contracted to its key squares and the chains between them.

use std::collections::HashMap;

use crate::traveller::board::Board;

/// The road network contracted to the squares where the trader can act or choose a road.
#[derive(Debug, Clone)]
pub struct Network {
    /// Board square of each key node.
    pub key: Vec<usize>,
    /// Key node of each board square (`None`: inside a chain).
    pub node_of: Vec<Option<usize>>,
    /// The chains, both directions.
    pub chains: Vec<Chain>,
    /// Chains leaving each key node.
    pub out: Vec<Vec<usize>>,
}

/// A run of roads from one key square to another through plain squares.
#[derive(Debug, Clone)]
pub struct Chain {
    pub from: usize,
    pub to: usize,
    /// Board squares after `from`, ending with `to`: one `move` each.
    pub path: Vec<usize>,
}

impl Network {
    /// Contract `board` around `start`: key squares are the start, traders and junctions;
    /// chains into a dead end or back to where they began are dropped (never worth
    /// driving), and of two chains between the same key squares only the shorter is kept.
    pub fn new(board: &Board, start: usize) -> Network {
        let n = board.n();
        let is_key: Vec<bool> = (0..n)
            .map(|s| {
                s == start
                    || board.adj[s].len() >= 3
                    || board.fuel_price[s].is_some()
                    || board.wholesale[s].iter().any(|p| p.is_some())
                    || board.retail[s].iter().any(|p| p.is_some())
            })
            .collect();
        let key: Vec<usize> = (0..n).filter(|&s| is_key[s]).collect();
        let mut node_of = vec![None; n];
        for (k, &s) in key.iter().enumerate() {
            node_of[s] = Some(k);
        }
        let mut best: HashMap<(usize, usize), Vec<usize>> = HashMap::new();
        for (k, &s) in key.iter().enumerate() {
            for &first in &board.adj[s] {
                let mut path = vec![first];
                let (mut prev, mut at) = (s, first);
                while !is_key[at] {
                    // A plain square: degree 2 (go on) or 1 (a dead end).
                    let Some(&next) = board.adj[at].iter().find(|&&b| b != prev) else {
                        break;
                    };
                    path.push(next);
                    (prev, at) = (at, next);
                }
                let Some(j) = node_of[at] else { continue };
                if j == k {
                    continue;
                }
                let slot = best.entry((k, j)).or_insert_with(|| path.clone());
                if path.len() < slot.len() {
                    *slot = path;
                }
            }
        }
        let mut pairs: Vec<_> = best.into_iter().collect();
        pairs.sort();
        let mut chains = Vec::new();
        let mut out = vec![Vec::new(); key.len()];
        for ((k, j), path) in pairs {
            out[k].push(chains.len());
            chains.push(Chain {
                from: k,
                to: j,
                path,
            });
        }
        Network {
            key,
            node_of,
            chains,
            out,
        }
    }
}

/// BFS distance from every square to the nearest square satisfying `target`.
pub(super) fn nearest(board: &Board, target: impl Fn(usize) -> bool) -> Vec<usize> {
    let n = board.n();
    let mut d = vec![usize::MAX; n];
    let mut queue = std::collections::VecDeque::new();
    for s in (0..n).filter(|&s| target(s)) {
        d[s] = 0;
        queue.push_back(s);
    }
    while let Some(a) = queue.pop_front() {
        for &b in &board.adj[a] {
            if d[b] == usize::MAX {
                d[b] = d[a] + 1;
                queue.push_back(b);
            }
        }
    }
    d
}
