//! Fuzz target `porter`: its checks are `scorespec_fuzz::porter::check`
//! (fuzz/src/porter.rs), which `cargo test` also runs on a seeded sample.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|word: String| scorespec_fuzz::porter::check(word));
