//! The part of a game state that decides the rest of the game, and its memo key.

use super::{card_index, Card, Phase};

/// A symbol waiting to be resolved: the card carrying it and its owner.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) struct Pending {
    pub(super) seat: usize,
    pub(super) card: Card,
}

/// A small matrix of counts in one allocation (`grid[row][col]`), so cloning a state
/// for the search costs a few allocations, not one per seat.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Grid {
    cols: usize,
    data: Vec<u8>,
}

impl Grid {
    pub fn new(rows: usize, cols: usize) -> Grid {
        Grid {
            cols,
            data: vec![0; rows * cols],
        }
    }

    pub fn rows(&self) -> impl Iterator<Item = &[u8]> {
        self.data.chunks(self.cols.max(1))
    }

    pub fn as_bytes(&self) -> &[u8] {
        &self.data
    }

    pub fn to_usize(&self) -> Vec<Vec<usize>> {
        self.rows()
            .map(|row| row.iter().map(|&x| x as usize).collect())
            .collect()
    }
}

impl std::ops::Index<usize> for Grid {
    type Output = [u8];
    fn index(&self, r: usize) -> &[u8] {
        &self.data[r * self.cols..(r + 1) * self.cols]
    }
}

impl std::ops::IndexMut<usize> for Grid {
    fn index_mut(&mut self, r: usize) -> &mut [u8] {
        &mut self.data[r * self.cols..(r + 1) * self.cols]
    }
}

/// Everything that decides the rest of the game (no scores, no history). The search
/// memoises on it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Core {
    pub round: usize,
    pub phase: Phase,
    /// `hands[seat][card index]`: cards held.
    pub hands: Grid,
    /// `used[card index]`: cards taken from the deck so far (dealt, extra, drawn) whose
    /// kind is fixed.
    pub used: Vec<u8>,
    /// Lazy mode only (see [`super::State::lazy`]): cards in each seat's hand whose kind is
    /// not fixed yet, and their total (taken from the deck all the same).
    pub unknown: Vec<u8>,
    pub taken_unknown: usize,
    /// This round, `[seat][artist]`: face-up, hidden and end-play cards.
    pub up: Grid,
    pub hid: Grid,
    pub endp: Grid,
    pub extra: Option<Card>,
    /// Cumulative value points per artist.
    pub values: Vec<i64>,
    /// Award tokens per artist.
    pub awards_on: Vec<u8>,
    pub awards_used: usize,
    pub starter: usize,
    pub active: usize,
    pub closed: bool,
    pub closer: Option<usize>,
    pub last_player: Option<usize>,
    pub(super) queue: Vec<Pending>,
    /// Simultaneous cards shown so far (displayed together when everyone has chosen).
    pub(super) shown: Vec<Pending>,
}

impl Core {
    /// A compact byte key of everything in the core (the search's memo key).
    pub fn key(&self) -> Vec<u8> {
        let mut k = Vec::with_capacity(64);
        // Every number as a varint, so no two states share a key whatever their size.
        fn var(k: &mut Vec<u8>, mut x: usize) {
            while x >= 0x80 {
                k.push((x as u8 & 0x7f) | 0x80);
                x >>= 7;
            }
            k.push(x as u8);
        }
        let opt = |x: Option<usize>| x.map_or(0, |v| v + 1);
        var(&mut k, self.round);
        let phase: [usize; 4] = match self.phase {
            Phase::Deal { seat, left } => [1, seat, left, 0],
            Phase::Extra => [2, 0, 0, 0],
            Phase::Turn => [3, 0, 0, 0],
            Phase::Resolve => [4, 0, 0, 0],
            Phase::Draw { seat } => [5, seat, 0, 0],
            Phase::Award { seat, own } => [6, seat, own, 0],
            Phase::Second {
                seat,
                hidden,
                artist,
            } => [7, seat, hidden as usize, artist],
            Phase::Simultaneous { seat, step } => [8, seat, step, 0],
            Phase::EndPlay { seat, artist } => [9, seat, artist, 0],
            Phase::RoundEnd => [10, 0, 0, 0],
            Phase::GameOver => [11, 0, 0, 0],
        };
        for x in phase {
            var(&mut k, x);
        }
        // Fixed-length byte rows (their lengths follow from the configuration).
        for g in [&self.hands, &self.up, &self.hid, &self.endp] {
            k.extend_from_slice(g.as_bytes());
        }
        k.extend_from_slice(&self.used);
        k.extend_from_slice(&self.unknown);
        k.extend_from_slice(&self.awards_on);
        for &v in &self.values {
            k.extend_from_slice(&v.to_le_bytes());
        }
        for x in [
            self.taken_unknown,
            opt(self.extra.map(card_index)),
            self.awards_used,
            self.starter,
            self.active,
            self.closed as usize,
            opt(self.closer),
            opt(self.last_player),
            self.queue.len(),
            self.shown.len(),
        ] {
            var(&mut k, x);
        }
        for p in self.queue.iter().chain(&self.shown) {
            var(&mut k, p.seat);
            var(&mut k, card_index(p.card));
        }
        k
    }
}
