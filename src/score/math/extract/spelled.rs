//! Numbers in words in the fallback (MX-23): a response whose last sentence
//! states its value in words — `So there are seven ways.`, `She has twelve
//! apples left.`, `The fraction of red balls is two thirds.` — answers that
//! value, not the last number in digits before it (or nothing).
//!
//! The words are read in the last sentence of what the fallback reads,
//! after its last formula or number (at most [`MAX_SPELLED_BYTES`] back
//! from the end): a run of number words (`seven`, `twenty-one`, `three
//! hundred and five`, ME-15's words up to the millions), with a denominator
//! word after it (`two thirds`, `one half`), that stands where a value
//! stands: right after a word of [`VALUE_VERBS`] (`is`, `are`, `has`,
//! `get`, `equals`, `exactly`, …), `=` or `:`. `one` alone is no value
//! (`x = 3 is one of the roots`, `the only one`), nor is a number word after
//! any other word (`This took two steps.`, `both of the two cases`).
//!
//! # Differences with the document
//!
//! Document 004's fallback reads numbers in digits only (its
//! `math.extract_answer` still does); this rule is the production
//! extraction's (spec/math.md MX-23).

use super::lexicon::{DENOMINATOR, NUMBER_WORD, VALUE_VERB, Word, words_back};
use super::sentence_start_back;
use crate::score::math::words::{fraction_word, number_word};

/// The most bytes read back from the end for the last sentence's words.
pub const MAX_SPELLED_BYTES: usize = 240;

/// The words after which a number word stands as a value (ASCII case
/// ignored).
pub(super) const VALUE_VERBS: &[&str] = &[
    "is",
    "are",
    "was",
    "were",
    "be",
    "equals",
    "get",
    "gets",
    "got",
    "gives",
    "makes",
    "has",
    "have",
    "had",
    "need",
    "needs",
    "of",
    "exactly",
    "only",
    "just",
    "total",
    "own",
    "owns",
    "owned",
    "contains",
    "contain",
    "contained",
    "holds",
    "hold",
    "held",
    "costs",
    "cost",
    "earns",
    "earned",
    "weighs",
    "weighed",
];

/// The words of a number's scale inside a run (`three hundred and five`).
pub(super) const SCALE_WORDS: &[&str] = &["hundred", "thousand", "million"];

/// The denominator words of ME-15's fractions, singular and plural (`two
/// thirds`, `one half`).
pub(super) const DENOMINATOR_WORDS: &[&str] = &[
    "half", "halves", "third", "thirds", "quarter", "quarters", "fourth", "fourths", "fifth",
    "fifths", "sixth", "sixths", "seventh", "sevenths", "eighth", "eighths", "ninth", "ninths",
    "tenth", "tenths",
];

/// The span of the value in words that the last sentence of `text[from..to]`
/// states (MX-23), if it states one.
pub(super) fn spelled_value(text: &str, from: usize, to: usize) -> Option<(usize, usize)> {
    let b = text.as_bytes();
    let floor = from.max(to.saturating_sub(MAX_SPELLED_BYTES));
    // (Nothing but a period or a space after the last value: no word.)
    if to < floor + 3 {
        return None;
    }
    let s = sentence_start_back(b, floor, to, false);
    // The words from the end: the last run of number words read whole.
    let mut run: Option<(usize, usize)> = None;
    for Word {
        start: w,
        end: e,
        classes: class,
    } in words_back(b, s, to)
    {
        let joined = |gap: &[u8]| gap.iter().all(|&c| c == b' ' || c == b'-');
        match run {
            // A number word, or `and` inside a run (`three hundred and five`),
            // joined to the run after it by spaces or hyphens.
            Some((rs, re))
                if joined(&b[e..rs])
                    && (class & NUMBER_WORD != 0 || b[w..e].eq_ignore_ascii_case(b"and")) =>
            {
                run = Some((w, re));
            }
            Some((rs, re)) => {
                // The run ends: a value after a value verb, `=` or `:`.
                let gap = &b[e..rs];
                let verb = class & VALUE_VERB != 0 && gap.iter().all(|&c| c == b' ');
                let sign = gap
                    .trim_ascii()
                    .last()
                    .is_some_and(|&c| c == b'=' || c == b':');
                return (verb || sign).then(|| value_of(text, (rs, re))).flatten();
            }
            None if class & (NUMBER_WORD | DENOMINATOR) != 0 && !apart_from_digits(b, w, e) => {
                run = Some((w, e));
            }
            None => {}
        }
    }
    None
}

/// Whether the word `b[w..e]` touches a digit (`3rd`, `2nd`: no number
/// word of its own).
fn apart_from_digits(b: &[u8], w: usize, e: usize) -> bool {
    (w > 0 && b[w - 1].is_ascii_digit()) || b.get(e).is_some_and(u8::is_ascii_digit)
}

/// The value of the run `(s, e)`: a number in words (not `one` alone, nor
/// a run ending on `and`), or a fraction in words (`two thirds`).
fn value_of(text: &str, (mut s, e): (usize, usize)) -> Option<(usize, usize)> {
    let b = text.as_bytes();
    // (A leading `and` is no part of the number: `… and seven`.)
    while let Some(rest) = b[s..e].strip_prefix(b"and ") {
        s = e - rest.len();
    }
    let run = text[s..e].trim_matches(|c| c == ' ' || c == '-');
    if run.is_empty() {
        return None;
    }
    if fraction_word(run).is_some() {
        return Some((s, e));
    }
    let n = number_word(run)?;
    (n != 1 || !run.eq_ignore_ascii_case("one")).then_some((s, e))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn value(t: &str) -> Option<&str> {
        spelled_value(t, 0, t.len()).map(|(s, e)| &t[s..e])
    }

    /// A number or a fraction in words after a value verb, `=` or `:` is
    /// the value; after another word, `one` alone and a word glued to
    /// digits are not.
    #[test]
    fn a_number_in_words_after_a_value_verb() {
        for (t, want) in [
            ("So there are seven ways.", Some("seven")),
            ("She has twelve apples left.", Some("twelve")),
            ("The total is twenty-one.", Some("twenty-one")),
            (
                "We get three hundred and five",
                Some("three hundred and five"),
            ),
            (
                "The fraction of red balls is two thirds.",
                Some("two thirds"),
            ),
            ("The probability is one half.", Some("one half")),
            ("Count: nine", Some("nine")),
            ("So n = zero.", Some("zero")),
            ("There are exactly four solutions.", Some("four")),
            // Verbs of having, holding and costing (thirteenth session).
            ("Therefore, the farmer owns twelve cows.", Some("twelve")),
            ("The box contains twelve.", Some("twelve")),
            ("So the ticket costs nine.", Some("nine")),
            ("This took two steps.", None),
            ("Both of the two cases work.", None),
            ("x = 3 is one of the roots.", None),
            ("There is only one way.", None),
            ("The answer is 3rd.", None),
            ("Five ways exist.", None),
            ("It is seven.\nThat took two steps", None),
            ("", None),
            ("is", None),
        ] {
            assert_eq!(value(t), want, "{t:?}");
        }
    }
}
