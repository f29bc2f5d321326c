//! Fuzz target `latex`: its checks are `scorespec_fuzz::latex::check`
//! (fuzz/src/latex.rs), which `cargo test` also runs on a seeded sample.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| scorespec_fuzz::latex::check(data));
