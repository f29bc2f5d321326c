//! Fuzz target `fredholm_parse`: its checks are `scorespec_fuzz::fredholm_parse::check`
//! (fuzz/src/fredholm_parse.rs), which `cargo test` also runs on a seeded sample.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| scorespec_fuzz::fredholm_parse::check(data));
