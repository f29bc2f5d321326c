//! Fuzz target `math_equal`: its checks are `scorespec_fuzz::math_equal::check`
//! (fuzz/src/math_equal.rs), which `cargo test` also runs on a seeded sample.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| scorespec_fuzz::math_equal::check(data));
