//! `math.equal` never panics and is symmetric: the input is split at the
//! first NUL byte into reference and prediction; both orders give the same
//! outcome, and an answer equals itself unless it is empty.

use scorespec::score::math::equal::{EqualOptions, Outcome, equal};

/// The target's checks on one input (the bytes libFuzzer gives).
pub fn check(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (a, b) = text.split_once('\0').unwrap_or((text, ""));
    let o = EqualOptions::default();
    let ab = equal(a, b, &o);
    let ba = equal(b, a, &o);
    assert_eq!(ab.outcome, ba.outcome, "{a:?} vs {b:?}: {ab:?} / {ba:?}");
    let aa = equal(a, a, &o);
    assert!(
        aa.equal || matches!(aa.outcome, Outcome::NoAnswer | Outcome::BudgetExceeded),
        "{a:?} against itself: {aa:?}"
    );
}

/// Decodes `data` as the fuzz target does and runs [`check`].
pub fn run(data: &[u8]) {
    check(data);
}
