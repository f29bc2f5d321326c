//! The RPN parser never panics, and what it accepts prints back to RPN that
//! parses to the same tree; its canonical form can be printed and evaluated.

use scorespec::expr::parse::rpn::parse_rpn;
use scorespec::expr::{ExprError, Limits, canon::canonical, print::to_infix, print_rpn::to_rpn};

/// The target's checks on one input (the bytes libFuzzer gives).
pub fn check(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let limits = Limits::default();
    let Ok(e) = parse_rpn(text, &limits) else {
        return;
    };
    let s = match to_rpn(&e) {
        Ok(s) => s,
        Err(m) => panic!("{text:?} parsed to {e:?}, which does not print as RPN: {m}"),
    };
    let roomy = Limits {
        max_input_bytes: usize::MAX,
        ..limits
    };
    match parse_rpn(&s, &roomy) {
        Ok(back) => assert_eq!(back, e, "{text:?} -> {s:?}"),
        Err(ExprError::BudgetExceeded { .. }) => {}
        Err(err) => panic!("{s:?} does not parse: {err}"),
    }
    if let Ok(c) = canonical(&e, &limits) {
        let _ = to_infix(&c);
        let _ = to_rpn(&c);
    }
}

/// Decodes `data` as the fuzz target does and runs [`check`].
pub fn run(data: &[u8]) {
    check(data);
}
