//! Payload of a Lost Cities episode: the game record the referee replays, plus what the
//! bound claims. `verify` (in `mod.rs`) replays the record and checks every claim.

use serde::{Deserialize, Serialize};

use super::engine::RecordText;

/// Which bound an episode carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    /// Free deck order, cooperating opponent: ILP optimum plus a game reaching it.
    FreeDeck,
    /// One fixed deck: ILP relaxation upper bound plus the best game found.
    FixedDeck,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoundPayload {
    pub kind: Kind,
    /// `max` or `min` (fixed decks: `max`).
    pub sense: String,
    /// Player 1's expeditions in the game, one string per colour.
    pub expeditions: Vec<String>,
    /// Player 1's score in the game as the referee computed it when writing the file.
    pub score: i32,
    /// The ILP's expeditions (for fixed decks: the relaxation's).
    pub ilp_expeditions: Vec<String>,
    /// The ILP's capacity constraint: most cards on player 1's expeditions.
    pub capacity: usize,
    /// Fixed decks: the seed the deck was shuffled with, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// Fixed decks: planner runs tried.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub runs: Option<usize>,
    /// The full game: deck order and every move of both players.
    pub record: RecordText,
    /// The proof of a proven bound: one part, every game, settled by HiGHS's optimum.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub proof: Option<crate::proof::DataProof>,
}
