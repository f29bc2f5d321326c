//! The documented scoring algorithms, one module per family, composed from
//! the text and math layers.

pub mod qa;
