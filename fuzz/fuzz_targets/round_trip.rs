//! Fuzz target `round_trip`: its checks are `scorespec_fuzz::round_trip::check`
//! (fuzz/src/round_trip.rs), which `cargo test` also runs on a seeded sample.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| scorespec_fuzz::round_trip::check(data));
