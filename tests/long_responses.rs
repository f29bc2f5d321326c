//! The long responses of the extraction benchmark (`benches/math/traces.rs`)
//! are what they claim to be: at 4, 32 and 256 KiB, `math.grade`'s default
//! extraction finds the answer each ending states, with the rule that states
//! it (spec/math.md MX-10 … MX-15), whatever the length of the reasoning
//! before it; a trace without an ending gives its last number or formula,
//! and a cut-off trace gives no answer. The expected answers come from the
//! endings as written, not from running the extraction.

#[path = "../benches/math/traces.rs"]
mod traces;

use scorespec::score::math::extract::{extract_answer, locate_default};
use traces::{ENDINGS, trace};

#[test]
fn every_ending_is_found_at_every_size() {
    for kib in [4, 32, 256] {
        for (seed, ending) in ENDINGS.iter().enumerate() {
            let text = trace(kib, ending.text, seed as u64);
            assert!(
                text.len() > (kib - 1) * 1024,
                "{} at {kib} KiB",
                ending.name
            );
            let got = locate_default(&text, false);
            match (ending.answer, ending.name) {
                (Some((answer, how)), _) => {
                    let x = got.unwrap_or_else(|e| panic!("{} at {kib} KiB: {e}", ending.name));
                    assert_eq!((x.answer.as_str(), x.how), (answer, how), "{}", ending.name);
                    assert_eq!(&text[x.span.0..x.span.1], answer);
                }
                // No ending: the fallback reads the last paragraph of the body.
                (None, "no answer") => {
                    let x = got.expect("a body always holds a number");
                    assert!(
                        ["last_number", "last_formula"].contains(&x.how),
                        "{}",
                        x.how
                    );
                    assert!(x.span.0 + 1024 > text.len(), "from the last paragraph");
                }
                (None, _) => assert!(got.unwrap_err().starts_with("cut off"), "{kib} KiB"),
            }
        }
    }
}

#[test]
fn the_body_states_no_answer() {
    // Document 004's strict extraction finds nothing in a body (no box, no
    // answer phrase), and the box ending is found by it too.
    for kib in [4, 32] {
        let body = trace(kib, "", 7);
        assert_eq!(extract_answer(&body, true), None);
        let boxed = trace(kib, ENDINGS[0].text, 7);
        let x = extract_answer(&boxed, true).expect("a box");
        assert_eq!((x.answer.as_str(), x.how), ("\\frac{17}{4}", "boxed"));
    }
}
