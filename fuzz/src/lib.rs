//! The checks of the fuzz targets, as library code (the layout of wasm-tools'
//! `fuzz/src`): each module holds what one target of `fuzz/fuzz_targets/`
//! asserts, as `check(input)`, and `run(data)`, which decodes raw bytes the
//! way the target's `fuzz_target!` does and calls `check`. The fuzz targets
//! call `check`; `cargo test` at the repository root runs every `run` on a
//! seeded sample of inputs (`tests/fuzz_checks.rs`), so the invariants are
//! tested without cargo-fuzz.
//!
//! Nothing here names `crate::`: `tests/fuzz_checks.rs` includes this file as
//! a module of its own.

pub mod fredholm_parse;
pub mod infix;
pub mod latex;
pub mod math_equal;
pub mod math_extract;
pub mod math_grade;
pub mod physics_normalize;
pub mod porter;
pub mod protocol;
pub mod puzzles;
pub mod qa;
pub mod round_trip;
pub mod rpn;

/// A target's byte-level entry point (`run`).
pub type Run = fn(&[u8]);

/// Every target by name, with its byte-level entry point.
pub const TARGETS: &[(&str, Run)] = &[
    ("fredholm_parse", fredholm_parse::run),
    ("infix", infix::run),
    ("latex", latex::run),
    ("math_equal", math_equal::run),
    ("math_extract", math_extract::run),
    ("math_grade", math_grade::run),
    ("physics_normalize", physics_normalize::run),
    ("porter", porter::run),
    ("protocol", protocol::run),
    ("puzzles", puzzles::run),
    ("qa", qa::run),
    ("round_trip", round_trip::run),
    ("rpn", rpn::run),
];
