//! Fuzz target `math_grade`: its checks are `scorespec_fuzz::math_grade::check`
//! (fuzz/src/math_grade.rs), which `cargo test` also runs on a seeded sample.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: scorespec_fuzz::math_grade::Input| scorespec_fuzz::math_grade::check(input));
