//! Conservation on every node: flow, cash, fuel and stock in = out.

use good_lp::{constraint, Expression};

use crate::lp::Model;

use super::arcs::{Arc, Kind};
use super::build::Source;
use super::context::Context;

/// The arcs arriving at and leaving one node.
pub(super) struct Node<'a> {
    pub(super) t: usize,
    pub(super) inn: &'a [usize],
    pub(super) out: &'a [usize],
    /// A free start's state on this node (windows only; see [`super::build::Free`]).
    pub(super) source: Option<&'a Source>,
}

/// Flow: the trader leaves each node exactly as often as it arrived (once from the start).
pub(super) fn flow(m: &mut Model, arcs: &[Arc], node: &Node) {
    let out: Expression = node.out.iter().map(|&a| arcs[a].x).sum();
    if let Some(src) = node.source {
        m.constrain(constraint!(out == src.z));
    } else if node.t == 0 {
        m.constrain(constraint!(out == 1));
    } else {
        let inn: Expression = node.inn.iter().map(|&a| arcs[a].x).sum();
        m.constrain(constraint!(out == inn));
    }
}

/// Cash: what arrives + sales − purchases − fuel bought = what leaves.
pub(super) fn purse(m: &mut Model, cx: &Context, arcs: &[Arc], node: &Node) {
    let mut balance: Expression = if let Some(src) = node.source {
        Expression::from(src.cash)
    } else if node.t == 0 {
        Expression::from(cx.rules.cash)
    } else {
        node.inn.iter().map(|&a| arcs[a].purse).sum()
    };
    for &a in node.out {
        let arc = &arcs[a];
        if let Some(q) = arc.qty {
            match arc.kind {
                Kind::Sell(_) => balance += arc.price * q,
                _ => balance -= arc.price * q,
            }
        }
        balance -= arc.purse;
    }
    m.constrain(constraint!(balance == 0));
}

/// Fuel: what arrives + fuel bought covers what leaves and what the drives burn (fuel
/// may be left unused: that is fuel the referee spills).
pub(super) fn fuel(m: &mut Model, cx: &Context, arcs: &[Arc], node: &Node) {
    let mut have: Expression = if let Some(src) = node.source {
        Expression::from(src.fuel)
    } else if node.t == 0 {
        Expression::from(f64::from(cx.rules.fuel))
    } else {
        node.inn.iter().filter_map(|&a| arcs[a].fuel).sum()
    };
    let mut need = Expression::from(0.0);
    for &a in node.out {
        let arc = &arcs[a];
        match arc.kind {
            Kind::Fuel => have += arc.qty.expect("fuel arcs have a quantity"),
            Kind::Drive(_) => need += (arc.t_end - arc.t) as f64 * arc.x,
            _ => {}
        }
        if let Some(f) = arc.fuel {
            need += f;
        }
    }
    m.constrain(constraint!(need <= have));
}

/// Stock of each good: what arrives + bought − sold = what leaves.
pub(super) fn stock(m: &mut Model, ng: usize, arcs: &[Arc], node: &Node) {
    for g in 0..ng {
        let mut balance = Expression::from(0.0);
        let mut any = false;
        if let Some(src) = node.source {
            balance += src.stock[g];
            any = true;
        }
        for &a in node.inn {
            if let Some(y) = arcs[a].stock[g] {
                balance += y;
                any = true;
            }
        }
        for &a in node.out {
            let arc = &arcs[a];
            match (arc.kind, arc.qty) {
                (Kind::Buy(h), Some(q)) if h == g => {
                    balance += q;
                    any = true;
                }
                (Kind::Sell(h), Some(q)) if h == g => {
                    balance -= q;
                    any = true;
                }
                _ => {}
            }
            if let Some(y) = arc.stock[g] {
                balance -= y;
                any = true;
            }
        }
        if any {
            m.constrain(constraint!(balance == 0));
        }
    }
}
