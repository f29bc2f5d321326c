//! Fuzz target `protocol`: its checks are `scorespec_fuzz::protocol::check`
//! (fuzz/src/protocol.rs), which `cargo test` also runs on a seeded sample.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| scorespec_fuzz::protocol::check(data));
