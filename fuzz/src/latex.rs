//! The LaTeX parser never panics on any input, and whatever it accepts can be
//! canonicalized, printed (infix and LaTeX) and evaluated without panicking,
//! within the engine's bounds.

use scorespec::expr::{
    Limits, canon::canonical, parse::latex::parse_latex, print::to_infix, print_latex::to_latex,
};

/// The target's checks on one input (the bytes libFuzzer gives).
pub fn check(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let limits = Limits::default();
    let Ok(e) = parse_latex(text, &limits) else {
        return;
    };
    let _ = to_latex(&e);
    if let Ok(c) = canonical(&e, &limits) {
        let _ = to_infix(&c);
        let printed = to_latex(&c);
        // The printed form parses again (the printer's output is LaTeX the
        // parser reads), and canonicalizing twice changes nothing.
        let _ = parse_latex(&printed, &limits);
        if let Ok(again) = canonical(&c, &limits) {
            assert_eq!(again, c, "canonical form is not idempotent for {text:?}");
        }
    }
}

/// Decodes `data` as the fuzz target does and runs [`check`].
pub fn run(data: &[u8]) {
    check(data);
}
