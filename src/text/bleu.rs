//! BLEU over math-tokenized strings, equal to NLTK's `sentence_bleu`
//! (document 003, Part 8). Rules in spec/fredholm.md (FM-1 … FM-4).
//!
//! [`math_tokens`] splits a solution string on whitespace and math operators
//! (`x**2 + sin(x)` → `x ** 2 + sin ( x )`); [`sentence_bleu`] is NLTK 3.10.4's
//! `sentence_bleu([reference], hypothesis,
//! smoothing_function=SmoothingFunction().method1)` with the default weights
//! `(0.25, 0.25, 0.25, 0.25)`, computed with the same floating-point
//! operations in the same order, so the two agree to the last bit on the same
//! C library (recorded differential: `conformance/differential/bleu-nltk.jsonl`).
//! [`bleu`] composes the two as the document's `bleu_score(pred_str, gt_str)`.
//!
//! # Differences with the document
//!
//! Compared with the original code behind the document:
//!
//! The original tokenizer inserts spaces around the single characters
//! `+ - * / ^ ( ) = ,`, so `**` becomes two tokens `*`, `*` and `{2}` stays
//! one token. The document's own examples tokenize `x**2` as `x`, `**`, `2`
//! and `x^{2}` as `x`, `^`, `{`, `2`, `}`: [`math_tokens`] follows the
//! document (spec/fredholm.md FM-1).

use std::collections::HashMap;

use super::pyunicode::is_space;

/// The single-character operator tokens of [`math_tokens`] (`**` is one
/// token too).
pub const OPERATOR_CHARS: &[char] = &[
    '+', '-', '*', '/', '^', '(', ')', '[', ']', '{', '}', '=', ',',
];

/// The n-gram orders of BLEU and their weights (NLTK's default `(0.25,) * 4`).
const MAX_ORDER: usize = 4;
const WEIGHT: f64 = 0.25;
/// The `epsilon` of NLTK's `SmoothingFunction().method1`.
const EPSILON: f64 = 0.1;

/// Splits a math string into tokens: runs of CPython whitespace separate
/// tokens, `**` and each of `+ - * / ^ ( ) [ ] { } = ,` is a token of its
/// own, and a backslash starts a new token (a LaTeX command such as `\sin`
/// or `\frac`); everything else accumulates (spec/fredholm.md FM-1).
///
/// The document's examples:
///
/// ```
/// use scorespec::text::bleu::math_tokens;
/// assert_eq!(math_tokens("x**2 + 1"), ["x", "**", "2", "+", "1"]);
/// assert_eq!(math_tokens("x**2 + sin(x)"), ["x", "**", "2", "+", "sin", "(", "x", ")"]);
/// assert_eq!(
///     math_tokens(r"x^{2} + \sin(x)"),
///     ["x", "^", "{", "2", "}", "+", r"\sin", "(", "x", ")"]
/// );
/// assert_eq!(math_tokens("x 2 ^ x sin +"), ["x", "2", "^", "x", "sin", "+"]);
/// ```
pub fn math_tokens(s: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word = String::new();
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        if is_space(c) {
            flush(&mut word, &mut out);
        } else if c == '*' && chars.peek() == Some(&'*') {
            chars.next();
            flush(&mut word, &mut out);
            out.push("**".to_string());
        } else if OPERATOR_CHARS.contains(&c) {
            flush(&mut word, &mut out);
            out.push(c.to_string());
        } else {
            if c == '\\' {
                flush(&mut word, &mut out);
            }
            word.push(c);
        }
    }
    flush(&mut word, &mut out);
    out
}

fn flush(word: &mut String, out: &mut Vec<String>) {
    if !word.is_empty() {
        out.push(std::mem::take(word));
    }
}

/// The clipped n-gram matches and the number of n-grams of the hypothesis
/// (at least 1): NLTK's `modified_precision` for one reference, as the
/// unreduced fraction `(numerator, denominator)`.
fn modified_precision(reference: &[String], hypothesis: &[String], n: usize) -> (u64, u64) {
    let mut counts: HashMap<&[String], u64> = HashMap::new();
    if hypothesis.len() >= n {
        for g in hypothesis.windows(n) {
            *counts.entry(g).or_default() += 1;
        }
    }
    let mut ref_counts: HashMap<&[String], u64> = HashMap::new();
    if reference.len() >= n {
        for g in reference.windows(n) {
            if counts.contains_key(g) {
                *ref_counts.entry(g).or_default() += 1;
            }
        }
    }
    let total: u64 = counts.values().sum();
    let clipped: u64 = counts
        .iter()
        .map(|(g, &c)| c.min(ref_counts.get(g).copied().unwrap_or(0)))
        .sum();
    (clipped, total.max(1))
}

/// NLTK's `brevity_penalty(closest_ref_len, hyp_len)`: 1 when the hypothesis
/// is longer than the reference, 0 for an empty hypothesis, else
/// `exp(1 - r/c)`.
fn brevity_penalty(ref_len: usize, hyp_len: usize) -> f64 {
    if hyp_len > ref_len {
        1.0
    } else if hyp_len == 0 {
        0.0
    } else {
        (1.0 - ref_len as f64 / hyp_len as f64).exp()
    }
}

/// The correctly rounded sum of `xs`, as Python's `math.fsum` computes it
/// (Shewchuk's exact partial sums, then round-half-even of the partials).
/// The values must be finite.
fn fsum(xs: &[f64]) -> f64 {
    let mut partials: Vec<f64> = Vec::with_capacity(xs.len());
    for &x0 in xs {
        let mut x = x0;
        let mut i = 0;
        for j in 0..partials.len() {
            let mut y = partials[j];
            if x.abs() < y.abs() {
                std::mem::swap(&mut x, &mut y);
            }
            let hi = x + y;
            let lo = y - (hi - x);
            if lo != 0.0 {
                partials[i] = lo;
                i += 1;
            }
            x = hi;
        }
        partials.truncate(i);
        partials.push(x);
    }
    let mut n = partials.len();
    if n == 0 {
        return 0.0;
    }
    n -= 1;
    let mut hi = partials[n];
    let mut lo = 0.0;
    while n > 0 {
        let x = hi;
        n -= 1;
        let y = partials[n];
        hi = x + y;
        let yr = hi - x;
        lo = y - yr;
        if lo != 0.0 {
            break;
        }
    }
    // Round half to even: if the rest of the partials push the same way as
    // `lo`, the exact sum is past the halfway point.
    if n > 0 && ((lo < 0.0 && partials[n - 1] < 0.0) || (lo > 0.0 && partials[n - 1] > 0.0)) {
        let y = lo * 2.0;
        let x = hi + y;
        let yr = x - hi;
        if y == yr {
            hi = x;
        }
    }
    hi
}

/// Sentence BLEU of `hypothesis` against one `reference`, in [0, 1]: NLTK
/// 3.10.4's `sentence_bleu([reference], hypothesis,
/// smoothing_function=SmoothingFunction().method1)` (spec/fredholm.md FM-2).
///
/// The modified precisions `p_n = clipped n-gram matches / max(1, hypothesis
/// n-grams)` for n = 1…4; 0 when no unigram matches; a `p_n` with no match
/// becomes `0.1 / max(1, hypothesis n-grams)` (so a hypothesis of fewer than
/// 4 tokens scores at most `0.1^(1/4)` ≈ 0.562); the score is
/// `BP · exp(Σ 0.25 · ln p_n)` with the sum correctly rounded (`math.fsum`)
/// and `BP = exp(1 - r/c)` when the hypothesis (c tokens) is not longer than
/// the reference (r tokens).
///
/// ```
/// use scorespec::text::bleu::{math_tokens, sentence_bleu};
/// let r = math_tokens("x**2 + sin(x)");
/// assert_eq!(sentence_bleu(&r, &r), 1.0);
/// // the document's example: the same tokens in another order; p1..p4 =
/// // 8/8, 5/7, 3/6, 1/5, BP = 1, so BLEU = (1/14)^(1/4)
/// let h = math_tokens("sin(x) + x**2");
/// assert!((sentence_bleu(&r, &h) - 0.5169731539571706).abs() < 1e-15);
/// ```
pub fn sentence_bleu(reference: &[String], hypothesis: &[String]) -> f64 {
    let precisions: Vec<(u64, u64)> = (1..=MAX_ORDER)
        .map(|n| modified_precision(reference, hypothesis, n))
        .collect();
    if precisions[0].0 == 0 {
        return 0.0;
    }
    let bp = brevity_penalty(reference.len(), hypothesis.len());
    let terms: Vec<f64> = precisions
        .iter()
        .map(|&(num, den)| {
            let p = if num == 0 {
                EPSILON / den as f64
            } else {
                // both counts are below 2^53: one correctly rounded division,
                // as Python's float(Fraction(num, den))
                num as f64 / den as f64
            };
            WEIGHT * p.ln()
        })
        .collect();
    bp * fsum(&terms).exp()
}

/// The document's `bleu_score(pred_str, gt_str)`: [`sentence_bleu`] of the
/// [`math_tokens`] of the prediction against those of the ground truth, in
/// [0, 1]; 0 when either side has no token.
///
/// ```
/// use scorespec::text::bleu::bleu;
/// assert_eq!(bleu("x**2 + sin(x)", "x**2 + sin(x)"), 1.0);
/// assert_eq!(bleu("", "x"), 0.0);
/// ```
pub fn bleu(prediction: &str, reference: &str) -> f64 {
    sentence_bleu(&math_tokens(reference), &math_tokens(prediction))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn toks(s: &str) -> Vec<String> {
        s.split(' ')
            .filter(|t| !t.is_empty())
            .map(String::from)
            .collect()
    }

    #[test]
    fn fsum_is_correctly_rounded() {
        assert_eq!(fsum(&[]), 0.0);
        assert_eq!(fsum(&[0.1, 0.2, 0.3]), 0.6);
        assert_eq!(fsum(&[1e100, 1.0, -1e100, 1e-100]), 1.0);
        // 1 + 2^-53 + 2^-53·2^-60 is just past halfway: rounds up
        let tiny = f64::EPSILON / 2.0;
        assert_eq!(
            fsum(&[1.0, tiny, tiny * 2f64.powi(-60)]),
            1.0 + f64::EPSILON
        );
        // exactly halfway between 1 and 1 + 2^-52: ties to even (1)
        assert_eq!(fsum(&[1.0, tiny]), 1.0);
    }

    #[test]
    fn short_and_disjoint_hypotheses() {
        // no unigram in common: 0 whatever the smoothing
        assert_eq!(sentence_bleu(&toks("a b c d"), &toks("e f g h")), 0.0);
        assert_eq!(sentence_bleu(&toks("a b c d"), &[]), 0.0);
        assert_eq!(sentence_bleu(&[], &toks("a")), 0.0);
        // 3 identical tokens: p1 = p2 = p3 = 1, p4 = 0.1/1, BP = 1
        let s = sentence_bleu(&toks("a b c"), &toks("a b c"));
        assert_eq!(s, (0.25 * 0.1f64.ln()).exp());
        // 1 token against 4: p1 = 1, p2..p4 = 0.1, BP = exp(1 - 4)
        let s = sentence_bleu(&toks("a b c d"), &toks("a"));
        let expected = (-3.0f64).exp() * (0.75 * 0.1f64.ln()).exp();
        assert!((s - expected).abs() < 1e-16, "{s} vs {expected}");
    }

    #[test]
    fn clipping_counts_reference_occurrences() {
        // "the the the the" vs "the cat": p1 = 1/4 (clipped to 1)
        let (num, den) = modified_precision(&toks("the cat"), &toks("the the the the"), 1);
        assert_eq!((num, den), (1, 4));
        let (num, den) = modified_precision(&toks("a b"), &toks("a b"), 3);
        assert_eq!((num, den), (0, 1));
    }
}
