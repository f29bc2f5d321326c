//! Fuzz target `rpn`: its checks are `scorespec_fuzz::rpn::check`
//! (fuzz/src/rpn.rs), which `cargo test` also runs on a seeded sample.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| scorespec_fuzz::rpn::check(data));
