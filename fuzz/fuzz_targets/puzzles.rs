//! Fuzz target `puzzles`: its checks are `scorespec_fuzz::puzzles::check`
//! (fuzz/src/puzzles.rs), which `cargo test` also runs on a seeded sample.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: scorespec_fuzz::puzzles::Input| scorespec_fuzz::puzzles::check(input));
