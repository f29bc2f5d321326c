//! SQuAD-style QA metrics (document 002): normalization, exact match, token F1.
//!
//! The rules are numbered in `spec/qa.md`; this module implements them.
//!
//! * [`normalize`] applies, in this order: lower-casing, removal of ASCII
//!   punctuation (`string.punctuation`, deleted rather than replaced by a
//!   space), replacement of the words `a`, `an`, `the` by a space, collapsing
//!   of whitespace, optional Porter stemming of each token, and a final strip.
//!   This is the official SQuAD `normalize_answer` plus the document's
//!   optional stemming step.
//! * [`exact_match`] is 1 when the normalized texts are equal, else 0.
//! * [`f1`] is the harmonic mean of token precision and recall, where the
//!   common tokens are counted as a multiset intersection.
//!
//! Scores are in [0, 1]. With several references the best score counts
//! ([`exact_match_max`], [`f1_max`]).
//!
//! # Differences with the document
//!
//! The document's implementation leaves the empty cases to chance; scorespec
//! follows the official SQuAD v2.0 script: when either side has no tokens
//! after normalization, F1 is 1 if both are empty and 0 otherwise, so that an
//! exact match always has F1 = 1. Two options the document does not have are
//! off by default and keep the defaults comparable with published scores:
//! `unicode_punctuation` and `keep_numbers`.

use std::collections::HashMap;
use std::fmt;

use crate::text::porter_stem;
use crate::text::pyunicode::{is_unicode_punctuation, is_word};
use crate::text::tokenize::{split_whitespace, strip};

/// The switches of [`normalize`]; [`Default`] is the document's default
/// (all four SQuAD steps on, no stemming, no opt-in extensions).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NormalizeOptions {
    /// Lower-case with Python's `str.lower()` semantics.
    pub lowercase: bool,
    /// Replace each whole word `a`, `an`, `the` with a space.
    pub remove_articles: bool,
    /// Delete the ASCII punctuation characters of Python's `string.punctuation`.
    pub remove_punctuation: bool,
    /// Collapse runs of whitespace to one space.
    pub remove_extra_whitespace: bool,
    /// Porter-stem every whitespace token (NLTK's default mode).
    pub stem: bool,
    /// Opt-in: punctuation removal also deletes Unicode punctuation (P*).
    pub unicode_punctuation: bool,
    /// Opt-in: punctuation removal keeps a `.` between two ASCII digits and a
    /// `-` that starts a number (`3.14`, `-5` survive).
    pub keep_numbers: bool,
}

impl Default for NormalizeOptions {
    fn default() -> Self {
        NormalizeOptions {
            lowercase: true,
            remove_articles: true,
            remove_punctuation: true,
            remove_extra_whitespace: true,
            stem: false,
            unicode_punctuation: false,
            keep_numbers: false,
        }
    }
}

/// A normalization step was asked for with normalization off (QA-8): the
/// error of [`MatchOptions::check`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StepWithoutNormalize {
    /// The option that asks for the step (`stem`, `unicode_punctuation`,
    /// `keep_numbers`).
    pub option: &'static str,
}

impl fmt::Display for StepWithoutNormalize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("this is a normalization step; it needs \"normalize\": true")
    }
}

impl std::error::Error for StepWithoutNormalize {}

/// The options of [`exact_match`] and [`f1`]; [`Default`] is the document's
/// default (normalization on, no stemming).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MatchOptions {
    /// Normalize both texts first; when off, texts are compared as given and
    /// F1 tokens are the whitespace-separated pieces.
    pub normalize: bool,
    /// Porter-stem tokens as part of normalization.
    pub stem: bool,
    /// See [`NormalizeOptions::unicode_punctuation`].
    pub unicode_punctuation: bool,
    /// See [`NormalizeOptions::keep_numbers`].
    pub keep_numbers: bool,
}

impl Default for MatchOptions {
    fn default() -> Self {
        MatchOptions {
            normalize: true,
            stem: false,
            unicode_punctuation: false,
            keep_numbers: false,
        }
    }
}

impl MatchOptions {
    /// Rejects normalization steps asked for while normalization is off
    /// (rule QA-8 of `spec/qa.md`): silently ignoring them would hide a
    /// configuration mistake.
    ///
    /// ```
    /// use scorespec::qa::MatchOptions;
    /// let o = MatchOptions { normalize: false, stem: true, ..MatchOptions::default() };
    /// assert_eq!(o.check().unwrap_err().option, "stem");
    /// ```
    pub fn check(&self) -> Result<(), StepWithoutNormalize> {
        if self.normalize {
            return Ok(());
        }
        for (name, on) in [
            ("stem", self.stem),
            ("unicode_punctuation", self.unicode_punctuation),
            ("keep_numbers", self.keep_numbers),
        ] {
            if on {
                return Err(StepWithoutNormalize { option: name });
            }
        }
        Ok(())
    }

    fn normalize_options(&self) -> NormalizeOptions {
        NormalizeOptions {
            stem: self.stem,
            unicode_punctuation: self.unicode_punctuation,
            keep_numbers: self.keep_numbers,
            ..NormalizeOptions::default()
        }
    }

    /// The text as compared: normalized, or as given.
    fn prepare(&self, text: &str) -> String {
        #[cfg(test)]
        tests::PREPARED_BYTES.with(|n| n.set(n.get() + text.len()));
        if self.normalize {
            normalize(text, &self.normalize_options())
        } else {
            text.to_string()
        }
    }
}

/// Python's `string.punctuation`: the 32 ASCII punctuation characters.
fn is_ascii_punctuation(c: char) -> bool {
    c.is_ascii_punctuation()
}

fn remove_punctuation(text: &str, unicode: bool, keep_numbers: bool) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        let punct = is_ascii_punctuation(c) || (unicode && is_unicode_punctuation(c));
        // keep_numbers looks at the last character *kept*, so that a second
        // pass decides the same way (normalization stays idempotent).
        let kept = punct
            && keep_numbers
            && chars.peek().is_some_and(char::is_ascii_digit)
            && match c {
                '.' => out.chars().next_back().is_some_and(|p| p.is_ascii_digit()),
                '-' => out.chars().next_back().is_none_or(|p| !is_word(p)),
                _ => false,
            };
        if !punct || kept {
            out.push(c);
        }
    }
    out
}

/// Replaces every maximal run of word characters that is exactly `a`, `an`
/// or `the` with one space: Python's `re.sub(r'\b(a|an|the)\b', ' ', text)`.
fn remove_articles(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while !rest.is_empty() {
        let word_len = rest.find(|c: char| !is_word(c)).unwrap_or(rest.len());
        if word_len > 0 {
            let word = &rest[..word_len];
            out.push_str(if matches!(word, "a" | "an" | "the") {
                " "
            } else {
                word
            });
            rest = &rest[word_len..];
        } else {
            let other_len = rest.find(is_word).unwrap_or(rest.len());
            out.push_str(&rest[..other_len]);
            rest = &rest[other_len..];
        }
    }
    out
}

fn join_tokens<'a>(tokens: impl Iterator<Item = std::borrow::Cow<'a, str>>) -> String {
    let mut out = String::new();
    for t in tokens {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(&t);
    }
    out
}

/// Normalizes an answer as the SQuAD evaluation does, with the document's
/// optional stemming.
///
/// The steps run in the document's order: lowercase, remove punctuation,
/// remove articles, collapse whitespace, stem, strip.
///
/// ```
/// use scorespec::score::qa::{normalize, NormalizeOptions};
/// let d = NormalizeOptions::default();
/// // Document 002, "Standard Normalization".
/// assert_eq!(normalize("The capital of France is Paris.", &d), "capital of france is paris");
/// assert_eq!(normalize("Paris, France", &d), "paris france");
/// // Punctuation is deleted, not replaced by a space (erratum: the document shows "d c").
/// assert_eq!(normalize("Washington, D.C.", &d), "washington dc");
/// let stem = NormalizeOptions { stem: true, ..d };
/// assert_eq!(normalize("The cities are running", &stem), "citi are run");
/// ```
pub fn normalize(text: &str, opts: &NormalizeOptions) -> String {
    let mut s = if opts.lowercase {
        text.to_lowercase()
    } else {
        text.to_string()
    };
    if opts.remove_punctuation {
        s = remove_punctuation(&s, opts.unicode_punctuation, opts.keep_numbers);
    }
    if opts.remove_articles {
        s = remove_articles(&s);
    }
    if opts.remove_extra_whitespace {
        s = join_tokens(split_whitespace(&s).map(Into::into));
    }
    if opts.stem {
        s = join_tokens(split_whitespace(&s).map(|t| porter_stem(t).into()));
    }
    match strip(&s) {
        t if t.len() == s.len() => s,
        t => t.to_string(),
    }
}

/// Exact match: 1.0 when the two texts are equal after normalization
/// (or as given, when `normalize` is off), else 0.0.
///
/// ```
/// use scorespec::score::qa::{exact_match, MatchOptions};
/// let d = MatchOptions::default();
/// // Document 002: "The capital of France is Paris." vs "paris" is not an exact match.
/// assert_eq!(exact_match("The capital of France is Paris.", "paris", &d), 0.0);
/// assert_eq!(exact_match("Paris!", "paris", &d), 1.0);
/// ```
pub fn exact_match(prediction: &str, reference: &str, opts: &MatchOptions) -> f64 {
    exact_match_max(prediction, &[reference], opts)
}

/// Token F1 in [0, 1]: with `c` tokens in common (multiset intersection),
/// precision `c / |prediction|`, recall `c / |reference|`, F1 their harmonic
/// mean. When either side has no tokens, F1 is 1 if both are empty, else 0.
///
/// ```
/// use scorespec::score::qa::{f1, MatchOptions};
/// let d = MatchOptions::default();
/// // Document 002 (erratum): 1 common token of 5 and 1 gives 1/3, not 0.4.
/// assert!((f1("The capital of France is Paris.", "paris", &d) - 1.0 / 3.0).abs() < 1e-15);
/// // With stemming (erratum): "citi are run" vs "citi is run" shares 2 of 3 tokens: 2/3.
/// let stem = MatchOptions { stem: true, ..d };
/// assert!((f1("The cities are running", "city is run", &stem) - 2.0 / 3.0).abs() < 1e-15);
/// ```
pub fn f1(prediction: &str, reference: &str, opts: &MatchOptions) -> f64 {
    f1_max(prediction, &[reference], opts)
}

/// The tokens of a prepared text with their counts: the side of the F1
/// computation that is built once per call.
struct TokenCounts<'a> {
    counts: HashMap<&'a str, usize>,
    len: usize,
}

impl<'a> TokenCounts<'a> {
    fn new(prepared: &'a str) -> Self {
        let mut counts = HashMap::new();
        let mut len = 0;
        for t in split_whitespace(prepared) {
            *counts.entry(t).or_insert(0) += 1;
            len += 1;
        }
        TokenCounts { counts, len }
    }

    /// F1 of these (prediction) tokens against a prepared reference: linear
    /// in the reference.
    fn f1(&self, reference: &str) -> f64 {
        let r = TokenCounts::new(reference);
        if self.len == 0 || r.len == 0 {
            return if self.len == 0 && r.len == 0 {
                1.0
            } else {
                0.0
            };
        }
        // The size of the multiset intersection.
        let common: usize = r
            .counts
            .iter()
            .map(|(t, &n)| n.min(self.counts.get(t).copied().unwrap_or(0)))
            .sum();
        if common == 0 {
            return 0.0;
        }
        // The same operations, in the same order, as the SQuAD script, so the
        // f64 result is bit-identical to Python's.
        let precision = common as f64 / self.len as f64;
        let recall = common as f64 / r.len as f64;
        (2.0 * precision * recall) / (precision + recall)
    }
}

/// The most references [`exact_match_max`] and [`f1_max`] take through the
/// registry (`qa.exact_match`, `qa.f1`): a longer list is an `invalid_value`
/// error (rule QA-11). SQuAD questions have at most six.
pub const MAX_REFERENCES: usize = 10_000;

/// The best [`exact_match`] over several references (0.0 for none). The
/// prediction is normalized once: linear in the total size of the texts.
///
/// ```
/// use scorespec::score::qa::{exact_match_max, MatchOptions};
/// assert_eq!(exact_match_max("Paris", &["London", "paris"], &MatchOptions::default()), 1.0);
/// ```
pub fn exact_match_max(prediction: &str, references: &[&str], opts: &MatchOptions) -> f64 {
    let p = opts.prepare(prediction);
    let hit = references.iter().any(|r| opts.prepare(r) == p);
    if hit { 1.0 } else { 0.0 }
}

/// The best [`f1`] over several references (0.0 for none). The prediction
/// is normalized and tokenized once: linear in the total size of the texts.
///
/// ```
/// use scorespec::score::qa::{f1_max, MatchOptions};
/// assert_eq!(f1_max("new york city", &["york", "new york city"], &MatchOptions::default()), 1.0);
/// ```
pub fn f1_max(prediction: &str, references: &[&str], opts: &MatchOptions) -> f64 {
    let p = opts.prepare(prediction);
    let tokens = TokenCounts::new(&p);
    references
        .iter()
        .map(|r| tokens.f1(&opts.prepare(r)))
        .fold(0.0, f64::max)
}

#[cfg(test)]
mod tests {
    use super::*;

    thread_local! {
        /// Bytes passed to `MatchOptions::prepare` on this thread.
        pub(super) static PREPARED_BYTES: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
    }

    #[test]
    fn the_prediction_is_prepared_once_per_call() {
        let prediction = "the quick brown fox jumps over the lazy dog ".repeat(50);
        let refs: Vec<String> = (0..200).map(|i| format!("fox {i}")).collect();
        let refs: Vec<&str> = refs.iter().map(String::as_str).collect();
        let total = prediction.len() + refs.iter().map(|r| r.len()).sum::<usize>();
        for f in [f1_max, exact_match_max] {
            PREPARED_BYTES.with(|n| n.set(0));
            f(&prediction, &refs, &MatchOptions::default());
            assert_eq!(PREPARED_BYTES.with(|n| n.get()), total);
        }
        // The scores are those of the one-reference functions.
        let o = MatchOptions::default();
        let best = refs
            .iter()
            .map(|r| f1(&prediction, r, &o))
            .fold(0.0, f64::max);
        assert_eq!(f1_max(&prediction, &refs, &o), best);
        // 350 prediction tokens (7 per copy, articles removed), 2 reference
        // tokens, 1 in common.
        let (p, r) = (1.0 / 350.0, 1.0 / 2.0);
        assert!((best - 2.0 * p * r / (p + r)).abs() < 1e-15);
    }

    #[test]
    fn articles_are_whole_words_only() {
        assert_eq!(
            remove_articles("a cat and an anthem, the theme"),
            "  cat and   anthem,   theme"
        );
        assert_eq!(remove_articles("éa a_ _a"), "éa a_ _a");
    }

    #[test]
    fn keep_numbers_keeps_decimal_points_and_leading_minus() {
        assert_eq!(
            remove_punctuation("pi is 3.14, -5 or x-5.", false, true),
            "pi is 3.14 -5 or x5"
        );
        assert_eq!(
            remove_punctuation("pi is 3.14, -5 or x-5.", false, false),
            "pi is 314 5 or x5"
        );
        assert_eq!(remove_punctuation("1,000", false, true), "1000");
    }

    #[test]
    fn keep_numbers_decides_on_what_is_kept() {
        // Found by prop_normalize_idempotent_keep_numbers: the minus is judged
        // by the last kept character, so "b,-5" and "b-5" agree.
        assert_eq!(remove_punctuation("b,-5", false, true), "b5");
        assert_eq!(remove_punctuation("_-5", false, true), "-5");
        assert_eq!(remove_punctuation("1,.5", false, true), "1.5");
    }

    #[test]
    fn strip_uses_python_whitespace() {
        let o = NormalizeOptions {
            remove_extra_whitespace: false,
            ..NormalizeOptions::default()
        };
        assert_eq!(normalize("\u{1c}the  cat\u{a0}", &o), "cat");
        // two spaces, the article replaced by one space, two spaces: five.
        assert_eq!(normalize("x  the  y", &o), "x     y");
    }
}
