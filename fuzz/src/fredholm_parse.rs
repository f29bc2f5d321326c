//! `fredholm.parse_output` never panics on any response in any format, and
//! its result is consistent: a parsed solution has its string and reads back
//! as infix, the confidence is one of the document's values, and a non-empty
//! response always has a `has_solution`. The first byte picks the format.

use scorespec::expr::Limits;
use scorespec::expr::api::{Format, parse};
use scorespec::score::fredholm::parse::parse_output;

/// The target's checks on one input (the bytes libFuzzer gives).
pub fn check(data: &[u8]) {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let format = match first % 4 {
        0 => None,
        1 => Some(Format::Latex),
        2 => Some(Format::Infix),
        _ => Some(Format::Rpn),
    };
    let r = parse_output(text, format);
    assert!(
        [0.0, 0.3, 0.7, 0.8].contains(&r.confidence),
        "confidence {}",
        r.confidence
    );
    assert!(r.solution.is_none() || r.solution_str.is_some());
    assert_eq!(r.has_solution.is_some(), !text.trim().is_empty());
    if let Some(s) = &r.solution {
        let roomy = Limits {
            max_input_bytes: usize::MAX,
            ..Limits::default()
        };
        if let Err(e) = parse(s, Format::Infix, &roomy) {
            assert!(
                matches!(e, scorespec::expr::ExprError::BudgetExceeded { .. }),
                "solution {s:?} of {text:?} does not read back: {e}"
            );
        }
    }
    let _ = serde_json::to_string(&r);
}

/// Decodes `data` as the fuzz target does and runs [`check`].
pub fn run(data: &[u8]) {
    check(data);
}
