//! Payloads of haggle episodes. The envelope's `objective` says which one a file holds:
//! `score`, `goal`, `max-player`, `max-total` (bounds) or `simulate`.

use serde::{Deserialize, Serialize};

use super::engine::HandScore;
use super::rules::{Hand, RuleSet};

/// `score`: hands and their rule-by-rule scores.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScorePayload {
    pub rules: RuleSet,
    pub scores: Vec<HandScore>,
}

/// `goal`: a computer player's goal hand.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GoalPayload {
    pub known: RuleSet,
    pub hand: Hand,
    pub players: usize,
    /// Other hands taken as given (absent: rules 6, 7, 8, 12 ignored).
    pub others: Option<Vec<Hand>>,
    pub goal: Hand,
    pub believed: i64,
    pub distance: u32,
    /// The goal's score under every rule in play (alone or with `others`).
    pub true_score: i64,
}

/// `bound`: the best hand (or total) with full information and every hand of that game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoundPayload {
    pub players: usize,
    /// Every card of the deck is in some hand (else hands are any part of the deck).
    pub hand_in_all: bool,
    pub hands: Vec<Hand>,
    /// The referee's scores of those hands.
    pub scores: Vec<HandScore>,
    /// The model's scores (hand 0 only for max-player).
    pub model_scores: Vec<Option<i64>>,
    /// The proof of a proven bound: one part, every deal of the hands, settled by HiGHS.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub proof: Option<crate::proof::DataProof>,
}
