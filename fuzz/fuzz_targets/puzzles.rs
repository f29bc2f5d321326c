//! Extraction and the three word-puzzle scorers never panic, always give a
//! score in [0, 1] (typos in {0, 1}), and the reward dispatch agrees with the
//! scorer it dispatches to.
#![no_main]

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use scorespec::extract;
use scorespec::score::{puzzles, reward};

#[derive(Arbitrary, Debug)]
struct Input {
    ground_truth: String,
    output: String,
}

fuzz_target!(|input: Input| {
    let (gt, out) = (input.ground_truth.as_str(), input.output.as_str());
    let _ = extract::strip_think(out);
    let _ = extract::last_tag(out, "solution");
    let _ = extract::last_boxed(out);
    let _ = extract::last_dashed(out);

    let t = puzzles::typos(gt, out);
    assert!(t == 0.0 || t == 1.0, "typos = {t}");
    let c = puzzles::connections(gt, out);
    assert!((0.0..=1.0).contains(&c), "connections = {c}");
    // Fuzz inputs are small: the work budget is never reached.
    let u = puzzles::unscrambling(gt, out).expect("small inputs stay within the budget");
    assert!((0.0..=1.0).contains(&u), "unscrambling = {u}");

    assert_eq!(reward::score("typos", out, gt), Ok(t));
    assert_eq!(reward::score("connections", out, gt), Ok(c));
    assert_eq!(reward::score("unscrambling", out, gt), Ok(u));
});
