//! gamebounds: exact score bounds for board and card games.
//!
//! Each game lives in its own module with the same rooms: `rules` (variant config),
//! `engine` (the referee), `model` (the ILP), `episode` (payload types), `render`
//! (markdown) and `cli`. Shared layers: [`lp`] (good_lp + HiGHS), [`episode`] (the JSON
//! envelope) and [`render`] (markdown tables). A referee never imports its model: it is
//! the independent check of everything the model claims.

pub mod cli;
pub mod episode;
pub mod error;
pub mod games;
pub mod lp;
pub mod render;
pub mod rng;

pub mod cribbage;
pub mod haggle;
pub mod lost_cities;
pub mod modern_art;
pub mod traveller;
