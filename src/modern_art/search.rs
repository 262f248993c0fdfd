//! Exhaustive search (placeholder while the engine lands).
