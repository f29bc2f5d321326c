//! Fuzz target `math_extract`: its checks are `scorespec_fuzz::math_extract::check`
//! (fuzz/src/math_extract.rs), which `cargo test` also runs on a seeded sample.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| scorespec_fuzz::math_extract::check(data));
