//! Fuzz target `physics_normalize`: its checks are `scorespec_fuzz::physics_normalize::check`
//! (fuzz/src/physics_normalize.rs), which `cargo test` also runs on a seeded sample.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| scorespec_fuzz::physics_normalize::check(data));
