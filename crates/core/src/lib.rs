//! gamebounds-core: the layers of gamebounds that know no game.
//!
//! [`lp`] (good_lp + HiGHS, with [`lp_refusals`] and [`safe_bound`]), the formats every
//! game writes ([`episode`], [`proof`], [`claims`]), rules files and `--set` ([`variants`]),
//! markdown and pictures ([`render`], [`svg`]), option checks and the command's deadline
//! ([`options`]), files ([`io`], [`scratch`]), errors, the seeded [`rng`] and a report's
//! [`provenance`]. The games and the application depend on this crate; it depends on no
//! game, so nothing here can ask which game it serves: what it needs from one is passed in.

// The API docs are built with the private items (`make lint`), as the application's are.
#![allow(rustdoc::private_intra_doc_links)]

pub mod claims;
pub mod episode;
pub mod error;
pub mod io;
pub mod lp;
pub mod lp_refusals;
pub mod options;
pub mod proof;
pub mod provenance;
pub mod render;
pub mod rng;
pub mod safe_bound;
pub mod scratch;
pub mod svg;
pub mod variants;
