//! The infix parser never panics; what it accepts canonicalizes, prints (infix,
//! LaTeX, RPN when expressible) and reads back: the canonical infix string
//! parses again to an equivalent expression, and an RPN form parses again.

use scorespec::expr::equiv::{EquivOptions, Outcome, equivalent};
use scorespec::expr::parse::{infix::parse_infix, rpn::parse_rpn};
use scorespec::expr::{
    ExprError, Limits, canon::canonical, print::to_infix, print_latex::to_latex, print_rpn::to_rpn,
};

/// The target's checks on one input (the bytes libFuzzer gives).
pub fn check(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let limits = Limits::default();
    let Ok(e) = parse_infix(text, &limits) else {
        return;
    };
    if let Ok(s) = to_rpn(&e) {
        let roomy = Limits {
            max_input_bytes: usize::MAX,
            ..limits
        };
        match parse_rpn(&s, &roomy) {
            Ok(_) | Err(ExprError::BudgetExceeded { .. }) => {}
            Err(err) => panic!("to_rpn output {s:?} of {text:?} does not parse: {err}"),
        }
    }
    let Ok(c) = canonical(&e, &limits) else {
        return;
    };
    let _ = to_latex(&c);
    let printed = to_infix(&c);
    let roomy = Limits {
        max_input_bytes: usize::MAX,
        ..limits
    };
    match parse_infix(&printed, &roomy).map(|back| canonical(&back, &roomy)) {
        // Read back, the canonical form is equivalent (not always the same
        // tree: 1/(2*(x - 1)) reads back as 1/(2*x - 2)).
        Ok(Ok(again)) => {
            if let Ok(v) = equivalent(&again, &c, &EquivOptions::default(), &roomy) {
                assert_ne!(
                    v.outcome,
                    Outcome::NotEqual,
                    "{text:?} printed as {printed:?} reads back as {}",
                    to_infix(&again)
                );
            }
        }
        Ok(Err(ExprError::BudgetExceeded { .. })) | Err(ExprError::BudgetExceeded { .. }) => {}
        Ok(Err(err)) | Err(err) => panic!("{text:?} printed as {printed:?} does not parse: {err}"),
    }
}

/// Decodes `data` as the fuzz target does and runs [`check`].
pub fn run(data: &[u8]) {
    check(data);
}
