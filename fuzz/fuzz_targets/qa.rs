//! Fuzz target `qa`: its checks are `scorespec_fuzz::qa::check`
//! (fuzz/src/qa.rs), which `cargo test` also runs on a seeded sample.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: scorespec_fuzz::qa::Input| scorespec_fuzz::qa::check(input));
