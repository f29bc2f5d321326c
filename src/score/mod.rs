//! The documented scoring algorithms, one module per family, composed from
//! the text and extraction layers.

pub mod fredholm;
pub mod math;
pub mod physics;
pub mod puzzles;
pub mod qa;
pub mod reward;
