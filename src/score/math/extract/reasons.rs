//! Trailing reasons and descriptions (MX-22): the fallback's last formula
//! or number is not the answer when it stands in a clause that gives a
//! reason for another value of its sentence, or describes it — `So n = 12,
//! since 12 / 3 = 4.`, `The smallest such n is 12, since 10 and 11 do not
//! work.`, `The total is 24, which is divisible by 3.`, `The total is 24,
//! which is 4 more than 20.` The answer is the value before the clause (12,
//! 12, 24, 24), not the reason's or the description's number (4, 10, 3,
//! 20), which credited the response against a gold equal to it.
//!
//! A *reason* opens with `since` or `because` (a word of its own) after a
//! comma or right after a value (`12, since`, `$x = 5$ because`), or with
//! `as` after a comma; a *description* opens with `, which is` (or `are`)
//! with a word of [`DESCRIBED`] before the value (`divisible`, `twice`,
//! `more`, `multiple`), or with `, which` and a verb of [`DESCRIBING`]
//! (`satisfies`, `matches`, `lies`): `, which is 24`, `, which is equal to
//! 24`, `, which is a total of 24` compute or restate the value instead,
//! and `, which is about 24` restates it approximately (MX-20). The clause is read back from the
//! value over at most [`MAX_REASON_BYTES`] bytes of its sentence; it ends
//! (no reason, the value stays) at a concluding word (MX-21's
//! [`CONCLUSIONS`](super::alternatives::CONCLUSIONS): `so`, `thus`, `giving`, `which`, …) or at a comma with nothing but spaces between it and
//! the next word or the value (a new clause: `The count is 4, since pairs
//! repeat, we get 8` is 8; a comma inside a formula, `f(1, 2)`, is none). And it is read
//! only when a value stands before it in the same clause (MX-18's
//! [`same_clause`](super::conditions::same_clause)): `Since 12/3 = 4, n =
//! 20.` opens its sentence with the reason and stays 20.
//!
//! # Differences with the document
//!
//! Document 004's fallback takes the last number wherever it stands (its
//! `math.extract_answer` still does); this rule is the production
//! extraction's (spec/math.md MX-22).

use super::lexicon::{
    AS, CONCLUSION, DESCRIBES, DESCRIBING_VERB, IS, REASON, WHICH, Word, classes_in, words_back,
};
use super::numbers::run_before;
use super::sentence_start_back;

/// The words that open a reason (ASCII case ignored, a word of their own).
pub(super) const REASONS: [&str; 2] = ["since", "because"];

/// The words after `, which is` that describe the value before it (`24,
/// which is divisible by 3`, `4 more than 20`, `twice 12`, `a multiple of
/// 4`): with none of them before the value the clause computes or restates
/// it instead (`which is 24`, `which is equal to 24`, `which is a total of
/// 24`).
pub(super) const DESCRIBED: [&str; 32] = [
    "divisible",
    "twice",
    "thrice",
    "times",
    "half",
    "double",
    "triple",
    "more",
    "less",
    "greater",
    "smaller",
    "larger",
    "fewer",
    "bigger",
    "higher",
    "lower",
    "above",
    "below",
    "under",
    "over",
    "within",
    "between",
    "consistent",
    "close",
    "closer",
    "multiple",
    "factor",
    "divisor",
    "prime",
    "even",
    "odd",
    "not",
];

/// The verbs after `, which` that describe the value before it (`5, which
/// satisfies x > 3`), whatever follows them.
pub(super) const DESCRIBING: [&str; 9] = [
    "satisfies",
    "satisfy",
    "matches",
    "agrees",
    "fits",
    "lies",
    "exceeds",
    "confirms",
    "meets",
];

/// The most bytes read back from the value for its clause's opener.
pub const MAX_REASON_BYTES: usize = 160;

/// Where the reason or description that the value at `span` stands in
/// opens (the opener word, or `which` of `, which is`), when one does in
/// its sentence in `text[from..]`; the caller reads the value before it.
pub(super) fn reason_start(text: &str, from: usize, span: (usize, usize)) -> Option<usize> {
    let b = text.as_bytes();
    let floor = from.max(span.0.saturating_sub(MAX_REASON_BYTES));
    let s = sentence_start_back(b, floor, span.0, true);
    // Whether a word of DESCRIBED stands between the word read and the
    // value.
    // (An ordinal describes: `7, which is the 4th prime`.)
    let ordinal = ["st", "nd", "rd", "th"].iter().any(|o| {
        b[span.1..].starts_with(o.as_bytes())
            && b.get(span.1 + 2).is_none_or(|c| !c.is_ascii_alphanumeric())
    });
    let mut described = ordinal;
    let comma_before = |at: usize| {
        let p = run_before(b, s, at, |c| c == b' ');
        p > s && b[p - 1] == b','
    };
    // (The word read, and where the bytes after it end: the value or the
    // word read before.)
    let mut k = span.0;
    for Word {
        start: w,
        end: e,
        classes: class,
    } in words_back(b, s, span.0)
    {
        // (A word of its own: not the end of a command or a variable
        // glued to digits.)
        let apart = w == s || matches!(b[w - 1], b' ' | b',' | b'(' | b'\n' | b'$' | b'*');
        // The bytes between the word and what follows it.
        if b[e..k].trim_ascii() == b"," {
            // A comma, then a word (or the value): what follows it is a new
            // clause (the one the value stands in): no reason opens before.
            return None;
        }
        if apart && class & CONCLUSION != 0 {
            return None;
        }
        // (After a comma or right after a value: `12, since`, `$x = 5$
        // because`; not `3 options and since 7 is prime the count is 8`.)
        if apart && class & REASON != 0 {
            let p = run_before(b, s, w, |c| matches!(c, b' ' | b'$'));
            let after_value = p > s
                && (b[p - 1].is_ascii_digit() || matches!(b[p - 1], b'}' | b')' | b']' | b'%'));
            return (comma_before(w) || after_value).then_some(w);
        }
        if apart && class & AS != 0 && comma_before(w) {
            return Some(w);
        }
        let verb = class & IS != 0;
        if apart && class & (IS | DESCRIBING_VERB) != 0 {
            let p = run_before(b, s, w, |c| c == b' ');
            let q = run_before(b, s, p, |c| c.is_ascii_alphabetic());
            if p < w && classes_in(b, q, p) & WHICH != 0 && comma_before(q) {
                return (described || !verb).then_some(q);
            }
        }
        described |= class & DESCRIBES != 0;
        k = w;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::super::locate_default;

    /// The value before a reason or a description is the answer; a
    /// computation, a restatement, a conclusion, a new clause and a reason
    /// that opens the sentence leave the last value.
    #[test]
    fn reasons_and_descriptions_are_not_the_answer() {
        for (response, want) in [
            ("So n = 12, since 12 / 3 = 4.", "12"),
            ("So n = 12, because 12 / 3 = 4.", "12"),
            ("Thus n = 12, as 12 / 3 = 4.", "12"),
            (
                "The smallest such n is 12, since 10 and 11 do not work.",
                "12",
            ),
            ("The total is 24, which is divisible by 3.", "24"),
            ("The total is 24, which is 4 more than 20.", "24"),
            ("The total is 24, which is twice 12.", "24"),
            (
                "The area is 9, which is 3 times the triangle's area of 3.",
                "9",
            ),
            ("We find x = 5, which satisfies x > 3.", "5"),
            ("So $x = 5$ because $2 \\cdot 5 = 10$.", "5"),
            // The last value stays.
            ("We compute 3 × 8, which is 24.", "24"),
            ("We compute 3 × 8, which is equal to 24.", "24"),
            ("Since 12/3 = 4, n = 4 × 5 = 20.", "20"),
            ("The count is 4, since pairs repeat, so we get 8.", "8"),
            ("The count is 4, since pairs repeat, we get 8.", "8"),
            ("The count is 4 since pairs repeat, giving 8.", "8"),
            ("With 3 options and since 7 is prime the count is 8.", "8"),
            ("We multiply 3 by 8, which is a total of 24.", "24"),
            ("There are 3 cases. Since each has 4 options, 12.", "12"),
            ("We are done as n = 4.", "4"),
        ] {
            let found = locate_default(response, false).expect(response);
            assert_eq!(found.answer, want, "{response:?}");
        }
    }
}
