//! `math.equal` never panics and is symmetric: the input is split at the
//! first NUL byte into reference and prediction; both orders give the same
//! outcome, and an answer equals itself unless it is empty or holds an
//! undefined value (`\frac{1}{0}` is equal to nothing, spec/expr.md EX-5).

use scorespec::expr::equiv::Rule as EngineRule;
use scorespec::score::math::equal::{EqualOptions, Outcome, Rule, equal};

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
        aa.equal
            || matches!(aa.outcome, Outcome::NoAnswer | Outcome::BudgetExceeded)
            || (aa.outcome == Outcome::Undecided && aa.rule == Rule::Engine(EngineRule::Undefined)),
        "{a:?} against itself: {aa:?}"
    );
}

/// Decodes `data` as the fuzz target does and runs [`check`].
pub fn run(data: &[u8]) {
    check(data);
}
