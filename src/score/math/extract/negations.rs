//! Negated answers (MX-20): the fallback's last formula or number is not the
//! answer when the response says the answer is not it — `So the total is 9,
//! not 8.`, `It is 9 rather than 8.`, `$9$, not $8$`, `It can't be 8.`. The
//! answer is the last formula or number before the negation (9), read as the
//! fallback reads; with none before it the response has no answer
//! ([`NEGATED`]). Taking the negated value credited a response against a gold
//! equal to the value it rules out.
//!
//! A negation is a word before the value — `not`, `never`, `cannot`, a
//! contraction in `n't` (`isn't`, `can't`, `can’t`) — then at most two of
//! the words `be`, `equal`, `equals`, `to`, `exactly` (`is not equal to 8`,
//! `can't be 8`), or the pairs `rather than`, `instead of`; one math
//! delimiter (`$`, `\(`) may stand between it and the value.
//!
//! # Differences with the document
//!
//! Document 004's fallback takes the last number wherever it stands (its
//! `math.extract_answer` still does); this rule is the production
//! extraction's (spec/math.md MX-20).

use super::numbers::run_before;

/// The reason of a response whose last formula or number is negated and
/// has none before it (MX-20).
pub const NEGATED: &str = "the last formula or number is one the response rules out (not …)";

/// The most negated values read back in a row (`not 7, not 8`): past them
/// the response has no answer (each reading is one pass over the window).
pub const MAX_NEGATIONS: usize = 4;

/// Words allowed between the negation and the value.
const BETWEEN: [&str; 5] = ["be", "equal", "equals", "to", "exactly"];

/// Where the negation before the answer `span` starts (`not` in `9, not 8`),
/// within `text[from..]`, when the answer is negated; else `None`.
pub(super) fn negation_start(text: &str, from: usize, span: (usize, usize)) -> Option<usize> {
    let b = text.as_bytes();
    // Back from the value: spaces, one math delimiter, spaces.
    let mut k = run_before(b, from, span.0, |c| c == b' ');
    if k > from && b[k - 1] == b'$' {
        k -= 1;
    } else if k >= from + 2 && &b[k - 2..k] == b"\\(" {
        k -= 2;
    }
    // The word ending at `k` (after spaces), and where it starts.
    let word_before = |k: usize| -> (usize, usize) {
        let end = run_before(b, from, k, |c| c == b' ');
        let start = run_before(b, from, end, |c| c.is_ascii_alphabetic() || c == b'\'');
        (start, end)
    };
    let (mut s, mut e) = word_before(k);
    for _ in 0..2 {
        if s < e
            && BETWEEN
                .iter()
                .any(|w| w.as_bytes().eq_ignore_ascii_case(&b[s..e]))
        {
            (s, e) = word_before(s);
        }
    }
    if s == e || (s > from && b[s - 1].is_ascii_alphanumeric()) {
        return None;
    }
    // `isn’t`: the curly apostrophe ends the run of letters before its `t`.
    if b[s..e].eq_ignore_ascii_case(b"t") && s >= from + 4 && text[..s].ends_with("n\u{2019}") {
        return Some(run_before(b, from, s - 3, |c| c.is_ascii_alphabetic()));
    }
    let w = &b[s..e];
    let is = |x: &str| w.eq_ignore_ascii_case(x.as_bytes());
    if is("not")
        || is("never")
        || is("cannot")
        || w.len() > 3 && w[w.len() - 3..].eq_ignore_ascii_case(b"n't")
    {
        return Some(s);
    }
    // `rather than`, `instead of`.
    let pair = if is("than") {
        "rather"
    } else if is("of") {
        "instead"
    } else {
        return None;
    };
    let (ps, pe) = word_before(s);
    (pe > ps && b[ps..pe].eq_ignore_ascii_case(pair.as_bytes())).then_some(ps)
}

#[cfg(test)]
mod tests {
    use super::super::locate_default;
    use super::negation_start;

    /// The negation before a value is found where it starts; a value
    /// without one has none.
    #[test]
    fn negations_are_found_before_the_value() {
        for (text, value, want) in [
            ("9, not 8", "8", Some("not 8")),
            ("It isn't 8", "8", Some("isn't 8")),
            ("It isn\u{2019}t 8", "8", Some("isn\u{2019}t 8")),
            ("It can't be 8", "8", Some("can't be 8")),
            ("It cannot be $8", "8", Some("cannot be $8")),
            ("x is not equal to 8", "8", Some("not equal to 8")),
            ("9 rather than 8", "8", Some("rather than 8")),
            ("9 instead of \\(8", "8", Some("instead of \\(8")),
            ("never 8", "8", Some("never 8")),
            ("knot 8", "8", None),
            ("divisible by 8", "8", None),
            ("more than 8", "8", None),
            ("one of 8", "8", None),
            ("8", "8", None),
            ("be 8", "8", None),
        ] {
            let at = text.rfind(value).unwrap();
            let got = negation_start(text, 0, (at, text.len())).map(|q| &text[q..]);
            assert_eq!(got, want, "{text}");
        }
    }

    /// The fallback answers the value before a negation, never the negated
    /// one; with none before it, no answer.
    #[test]
    fn a_negated_value_is_not_the_answer() {
        for (response, want) in [
            ("So the result is 9, not 8.", Ok("9")),
            ("The total is 9 rather than 8.", Ok("9")),
            ("The total is 9 instead of 8.", Ok("9")),
            ("The sum is $9$, not $8$.", Ok("9")),
            ("So the count is 9, not 7, not 8.", Ok("9")),
            (
                "We get 24 cookies. It is not 20 because we counted twice.",
                Ok("24"),
            ),
            ("So it isn't 8.", Err(super::NEGATED)),
            ("Clearly the value cannot be 8.", Err(super::NEGATED)),
            ("So x is not divisible by 3.", Ok("3")),
            ("The answer is 9, not 8.", Ok("9")),
            ("The answer is 9 instead of 8.", Ok("9")),
            ("It's 9 (not 8).", Ok("9")),
        ] {
            let got = locate_default(response, false).map(|l| l.answer);
            assert_eq!(got.as_deref().map_err(|e| *e), want, "{response}");
        }
    }
}
