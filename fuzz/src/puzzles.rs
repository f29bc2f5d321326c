//! Extraction and the three word-puzzle scorers never panic, always give a
//! score in [0, 1] (typos in {0, 1}), and the reward dispatch agrees with the
//! scorer it dispatches to.

use arbitrary::Arbitrary;
use scorespec::extract;
use scorespec::score::{puzzles, reward};

/// The target's input, decoded from the fuzzer's bytes.
#[derive(Arbitrary, Debug)]
pub struct Input {
    pub ground_truth: String,
    pub output: String,
}

/// The target's checks on one input.
pub fn check(input: Input) {
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
}

/// Decodes `data` as the fuzz target does (`Arbitrary::arbitrary_take_rest`)
/// and runs [`check`].
pub fn run(data: &[u8]) {
    if let Ok(input) =
        <Input as arbitrary::Arbitrary>::arbitrary_take_rest(arbitrary::Unstructured::new(data))
    {
        check(input);
    }
}
