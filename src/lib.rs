//! gamebounds: exact score bounds for board and card games.
//!
//! Each game lives in its own module with the same rooms: `rules` (variant config),
//! `engine` (the referee), `model` (the ILP), `episode` (payload types), `render`
//! (markdown) and `cli`. Shared layers: [`lp`] (good_lp + HiGHS), [`episode`] (the JSON
//! envelope) and [`render`] (markdown tables). A referee never imports its model: it is
//! the independent check of everything the model claims.

// The API docs are for developers and are built with the private items (`make lint` runs
// `cargo doc --document-private-items` with warnings as errors): a public item's doc may
// name the private function that does the work.
#![allow(rustdoc::private_intra_doc_links)]

pub mod audit;
pub mod chart;
pub mod claims;
pub mod cli;
pub mod episode;
pub mod error;
pub mod games;
pub mod grid;
pub mod interrupt;
pub mod io;
pub mod jobs;
pub mod lp;
pub mod lp_refusals;
pub mod options;
pub mod out_option;
pub mod proof;
pub mod provenance;
pub mod render;
pub mod rng;
pub mod safe_bound;
pub mod site;
pub mod svg;
pub mod variants;

pub mod cribbage;
pub mod haggle;
pub mod lost_cities;
pub mod modern_art;
pub mod traveller;
