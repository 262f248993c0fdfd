//! gamebounds: exact score bounds for board and card games.
//!
//! The layers that know no game live in the `gamebounds-core` crate (`crates/core`) and are
//! re-exported here under their old paths ([`lp`], [`episode`], [`proof`], …); this crate
//! holds the games, their registry ([`games`]), the command line, jobs, `audit` and the site.
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

pub use gamebounds_core::{
    claims, episode, error, io, lp, lp_refusals, options, proof, provenance, render, rng,
    safe_bound, svg, variants,
};

pub mod audit;
pub mod chart;
pub mod cli;
pub mod games;
pub mod grid;
pub mod interrupt;
pub mod jobs;
pub mod keys;
pub mod out_option;
pub mod site;

pub mod cribbage;
pub mod haggle;
pub mod lost_cities;
pub mod modern_art;
pub mod traveller;
