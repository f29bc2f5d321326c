//! Fuzz target `infix`: its checks are `scorespec_fuzz::infix::check`
//! (fuzz/src/infix.rs), which `cargo test` also runs on a seeded sample.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| scorespec_fuzz::infix::check(data));
