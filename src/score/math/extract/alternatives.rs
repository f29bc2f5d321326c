//! Conditional and hedged alternatives (MX-21): a value that the response
//! gives only under a condition, with another value under another, is no
//! single answer — `The answer is 5 if n is odd and 6 otherwise.`, `**Final
//! Answer:** 5 (if n is odd), 6 (if n is even)`, `There are 6 ways if order
//! matters; otherwise there are 3.`, `There are 6 apples, or 7 if we include
//! the rotten one.`, `If order matters the answer is 6; if not, it is 3.` —
//! nor is one of two hedged guesses (`Maybe 3, maybe 5.`), nor a Chinese
//! statement under a condition with the other case after it
//! (`当n为奇数时答案为5，否则为6。`). Each answered the
//! value its rule found first (the statement's or the last number), a false
//! "equal" against a gold equal to it although the response does not commit
//! to it.
//!
//! The value's sentence is read as words and number tokens (ASCII case
//! ignored; punctuation, `$` and parentheses apart): a *condition* after a
//! value is one of [`CONDITIONS`] as the next word or after at most two
//! other words (`5 if`, `6 ways if`, `5 (if`), and an *alternative* is one of
//! [`ALTERNATIVES`] (`otherwise`, `else`, `which case`) or another value
//! with a condition after it. The value is conditional when a condition
//! follows it and an alternative follows that (`5 if n is odd and 6
//! otherwise`); when a condition follows it and another value with a
//! condition stands before it (`12 if I count them, and 10 if I don't`), or
//! `or` just before it after another value (`6 apples, or 7 if …`); when an alternative word stands before it and,
//! before that, a value with a condition or the sentence opens with a
//! condition (`6 ways if order matters; otherwise there are 3`); or when the
//! sentence opens with a condition and after the value comes an
//! alternative word or a condition followed by another value (`If order
//! matters the answer is 6; if not, it is 3.`). A hedge is one of
//! [`HEDGES`] just before the value with another before an earlier value.
//! And a value is conditional when the response says the answer depends
//! ([`DEPENDS`], in the value's sentence before it or in the sentence
//! before) and another value of the sentence stands with a word of
//! [`CASES`] between the two (`It depends: 5 for the first case, 7 for the
//! second.`).
//!
//! A word of [`CONCLUSIONS`] (`so`, `thus`, …) between the cases and the
//! value separates them (`We add 1 if n is odd and 2 otherwise, so the
//! total is 15.` is 15).
//!
//! Not conditional: one condition and no alternative (`The answer is 12 if
//! we include zero.` is 12; MX-18 reads `$3$ when $x = 1$` as 3), numbers
//! inside the condition (`5 if we use 3, 4 and 5.`), one hedge (`Maybe 5.`).
//!
//! # Differences with the document
//!
//! Document 004 reads the first value a phrase states or the last number;
//! this is the production extraction's rule (spec/math.md MX-21).

use super::lexicon::{
    ALTERNATIVE, CASE, CASE_NAME, CONCLUSION, CONDITION, Classes, DEPEND, HEDGE, OR, WHICH,
    classes_in, holds_a_word_of, shapes_of,
};
use super::{MAX_SENTENCE_BACK, ValueSentence, sentence_start_back};
use crate::extract::find_ci;

/// Why a response has no answer under MX-21.
pub const CONDITIONAL: &str =
    "the response gives the answer only under a condition, with another value otherwise";

/// Why a response has no answer when its last value is in the question it
/// ends on.
pub const ASKED: &str = "the response ends on a question about its last value";

/// The words that open a condition (ASCII case ignored).
pub(super) const CONDITIONS: &[&str] = &["if", "when", "whenever", "unless", "provided"];

/// The words that open the other case of a condition.
pub(super) const ALTERNATIVES: &[&str] = &["otherwise", "else"];

/// The words that conclude, between a case analysis and the value it leads
/// to (`We add 1 if n is odd and 2 otherwise, so the total is 15.`): the
/// alternatives are on one side of them, the value on the other (MX-21);
/// and between a reason and the value (MX-22).
pub(super) const CONCLUSIONS: &[&str] = &[
    "so",
    "thus",
    "hence",
    "therefore",
    "then",
    "giving",
    "gives",
    "yielding",
    "yields",
    "which",
];

/// The words that say the answer depends on a case (`It depends on n.`).
pub(super) const DEPENDS: &[&str] = &["depends", "depending"];

/// The words that name a case between two values (`5 for the first case,
/// 7 for the second`).
pub(super) const CASES: &[&str] = &["for", "if", "when", "whenever", "otherwise", "else"];

/// Whether one of [`DEPENDS`] stands in `b[s..at]` (the value's sentence
/// before it) or in the sentence before (at most [`MAX_SIDE_BYTES`] back).
fn depends_before(text: &str, from: usize, s: usize, at: usize) -> bool {
    let b = text.as_bytes();
    let mut floor = from.max(s.saturating_sub(MAX_SIDE_BYTES));
    while !text.is_char_boundary(floor) {
        floor += 1;
    }
    // (Most texts hold no `depend`: one search, no sentence read or
    // tokenized.)
    if floor >= at || find_ci(&text[floor..at], "depend").is_none() {
        return false;
    }
    let prev = if s > floor {
        sentence_start_back(b, floor, s - 1, false)
    } else {
        s
    };
    let mut words = Vec::new();
    tokens(&b[prev..at], &mut words);
    words.iter().any(|&w| is_word_of(w, DEPEND))
}

/// Whether, reading `t` at `order` (away from the value), a value comes
/// after a word of [`CASES`] and before any word of [`CONCLUSIONS`].
fn case_on_side(t: &[Token], order: impl Iterator<Item = usize>) -> bool {
    let mut case = false;
    for k in order {
        if is_word_of(t[k], CONCLUSION) {
            return false;
        }
        if t[k] == Token::Number && case {
            return true;
        }
        case |= is_word_of(t[k], CASE_NAME);
    }
    false
}

/// The words of a hedged guess.
pub(super) const HEDGES: &[&str] = &["maybe", "perhaps", "possibly"];

/// The most bytes of the sentence read on each side of the value.
const MAX_SIDE_BYTES: usize = 240;

const _: () = assert!(MAX_SIDE_BYTES <= MAX_SENTENCE_BACK);

/// A word or a number token of the value's sentence.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Token {
    /// ASCII letters: the word's classes (the lists it is a word of).
    Word(Classes),
    /// Digits, with the `.` and `,` between them.
    Number,
}

/// The words and number tokens of `b` (ASCII letters and digits; every
/// other byte separates them), in order, after those of `out`.
fn tokens(b: &[u8], out: &mut Vec<Token>) {
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c.is_ascii_alphabetic() {
            let s = i;
            while i < b.len() && b[i].is_ascii_alphabetic() {
                i += 1;
            }
            out.push(Token::Word(classes_in(b, s, i)));
        } else if c.is_ascii_digit() {
            while i < b.len()
                && (b[i].is_ascii_digit()
                    || matches!(b[i], b'.' | b',') && b.get(i + 1).is_some_and(u8::is_ascii_digit))
            {
                i += 1;
            }
            out.push(Token::Number);
        } else {
            i += 1;
        }
    }
}

/// Whether `t` is a word of a list of `class` (ASCII case ignored).
fn is_word_of(t: Token, class: Classes) -> bool {
    matches!(t, Token::Word(c) if c & class != 0)
}

/// Whether a condition follows the token at `k`: one of [`CONDITIONS`] as
/// the next word or after at most two other words (no number between).
fn condition_after(t: &[Token], k: usize) -> bool {
    t.iter()
        .skip(k + 1)
        .take(3)
        .take_while(|&&x| x != Token::Number)
        .any(|&x| is_word_of(x, CONDITION))
}

/// The end of the value's sentence (at most [`MAX_SIDE_BYTES`] on): a `.`,
/// `!` or `?` before white space or the end, or a line break.
fn sentence_end(b: &[u8], at: usize) -> usize {
    let limit = b.len().min(at.saturating_add(MAX_SIDE_BYTES));
    let mut k = at;
    while k < limit {
        let c = b[k];
        let last = b.get(k + 1).is_none_or(|d| d.is_ascii_whitespace());
        if c == b'\n' || matches!(c, b'.' | b'!' | b'?') && last {
            return k;
        }
        k += 1;
    }
    limit
}

/// Chinese words of a condition (当 "when", 如果 and 若 "if", 时 "at the
/// time"), before the value in its sentence.
const ZH_CONDITIONS: &[&str] = &["当", "如果", "若", "时"];

/// Chinese words of the other case (否则, 不然 "otherwise"), after the value.
const ZH_ALTERNATIVES: &[&str] = &["否则", "不然"];

/// Whether the value at `span` is given under a Chinese condition with the
/// other case after it in its sentence (up to `。`, `！`, `？` or a line
/// break, at most [`MAX_SIDE_BYTES`] each side): `当n为奇数时答案为5，否则为6。`.
fn conditional_zh(text: &str, from: usize, span: (usize, usize)) -> bool {
    let ends = ['。', '！', '？', '\n'];
    let mut lo = from.max(span.0.saturating_sub(MAX_SIDE_BYTES));
    while !text.is_char_boundary(lo) {
        lo += 1;
    }
    let mut hi = text.len().min(span.1.saturating_add(MAX_SIDE_BYTES));
    while !text.is_char_boundary(hi) {
        hi -= 1;
    }
    let before = &text[lo..span.0];
    // (Every Chinese word is non-ASCII: a side without such a byte holds
    // none, and costs no search.)
    if before.is_ascii() {
        return false;
    }
    let before = before.rfind(ends).map_or(before, |k| &before[k..]);
    let after = &text[span.1..hi];
    let after = after.find(ends).map_or(after, |k| &after[..k]);
    ZH_CONDITIONS.iter().any(|w| before.contains(w))
        && ZH_ALTERNATIVES.iter().any(|w| after.contains(w))
}

/// The classes of the words one of which every reading of [`conditional`]
/// needs in the value's sentence: a condition, an alternative, a case or a
/// hedge.
const READ: Classes = CONDITION | ALTERNATIVE | CASE_NAME | HEDGE;

/// Whether the value at `span` of `text` (read from `from` on) is a
/// conditional or hedged alternative (MX-21).
pub(super) fn conditional(text: &str, from: usize, span: (usize, usize)) -> bool {
    conditional_in(
        text,
        &ValueSentence::new(text.as_bytes(), from, span.0),
        span,
    )
}

/// [`conditional`] of the value at `span` whose sentence is `sentence`
/// (read from `from`: the fallback's, which its other readers read too).
pub(super) fn conditional_in(text: &str, sentence: &ValueSentence, span: (usize, usize)) -> bool {
    let b = text.as_bytes();
    let from = sentence.from();
    if conditional_zh(text, from, span) {
        return true;
    }
    let (s, e) = (
        sentence.start(b, MAX_SIDE_BYTES, false),
        sentence_end(b, span.1),
    );
    if span.1 > e || span.0 < s {
        return false;
    }
    // (Every reading below needs a word of a condition, an alternative, a
    // case or a hedge in the sentence: most sentences hold none, and are
    // not tokenized.)
    let shapes = &const { shapes_of(READ) };
    if !holds_a_word_of(&b[s..span.0], READ, shapes)
        && !holds_a_word_of(&b[span.1..e], READ, shapes)
    {
        return false;
    }
    // The value as one token between the two sides, in one list (room for
    // a sentence of a few dozen words: a longer one grows it).
    let mut t = Vec::with_capacity(64);
    tokens(&b[s..span.0], &mut t);
    let v = t.len();
    t.push(Token::Number);
    tokens(&b[span.1..e], &mut t);
    let before = &t[..v];
    let opens_with_condition = t.first().is_some_and(|&x| is_word_of(x, CONDITION));
    let rest = &t[v + 1..];
    // An alternative word at `j`: one of ALTERNATIVES, or `which case` (`4
    // unless the board wraps around, in which case it is 5`).
    let alternative_word = |j: usize| {
        is_word_of(t[j], ALTERNATIVE)
            || is_word_of(t[j], WHICH) && t.get(j + 1).is_some_and(|&x| is_word_of(x, CASE))
    };
    // An alternative after position `k` of `t`: an alternative word, or a
    // value with a condition after it (up to a conclusion: what follows it
    // is another statement).
    let alternative_after = |k: usize| {
        (k + 1..t.len())
            .take_while(|&j| alternative_word(j) || !is_word_of(t[j], CONCLUSION))
            .any(|j| alternative_word(j) || t[j] == Token::Number && condition_after(&t, j))
    };
    let concluded = |from: usize, to: usize| (from..to).any(|j| is_word_of(t[j], CONCLUSION));
    // `12 (or 13 if we count the endpoints)`, `12 ways, or 13 if …`:
    // another value after `or` (next to the value or its counted noun),
    // under a condition.
    let or_at = rest
        .iter()
        .take(2)
        .position(|&x| is_word_of(x, OR))
        .filter(|&k| rest[..k].iter().all(|&x| x != Token::Number));
    if or_at
        .is_some_and(|k| rest.get(k + 1) == Some(&Token::Number) && condition_after(&t, v + k + 2))
    {
        return true;
    }
    if condition_after(&t, v) {
        // `5 if n is odd and 6 otherwise`, `5 (if n is odd), 6 (if n is even)`.
        let cond = (v + 1..t.len())
            .find(|&j| is_word_of(t[j], CONDITION))
            .unwrap_or(v);
        if alternative_after(cond) {
            return true;
        }
        // `12 apples if I count the small ones, and 10 if I don't`: another
        // value with a condition before it, no conclusion between.
        let case_before = (0..v)
            .rev()
            .find(|&j| t[j] == Token::Number && condition_after(&t, j));
        if case_before.is_some_and(|w| !concluded(w, v)) {
            return true;
        }
        // `6 apples, or 7 if we include the rotten one`.
        let or_before = before.last().is_some_and(|&x| is_word_of(x, OR));
        if or_before && before.contains(&Token::Number) {
            return true;
        }
    }
    // `6 ways if order matters; otherwise there are 3`.
    if let Some(a) = (0..v).rev().find(|&j| is_word_of(t[j], ALTERNATIVE)) {
        let case_before =
            opens_with_condition || (0..a).any(|j| t[j] == Token::Number && condition_after(&t, j));
        if case_before && !concluded(a, v) {
            return true;
        }
    }
    // `If order matters the answer is 6; if not, it is 3.`
    if opens_with_condition {
        let rest = match rest.iter().position(|&x| is_word_of(x, CONCLUSION)) {
            Some(c) => &rest[..c],
            None => rest,
        };
        let cond_then_value = rest
            .iter()
            .enumerate()
            .any(|(j, &x)| is_word_of(x, CONDITION) && rest[j + 1..].contains(&Token::Number));
        if rest.iter().any(|&x| is_word_of(x, ALTERNATIVE)) || cond_then_value {
            return true;
        }
    }
    // `It depends: 5 for the first case, 7 for the second.`: the response
    // says the answer depends (in the value's sentence or the one before
    // it), and another value stands with a case word between the two.
    // (The case words first: they are read from the tokens at hand, the
    // search for `depend` only when they hold.)
    if (case_on_side(&t, (0..v).rev()) || case_on_side(&t, v + 1..t.len()))
        && depends_before(text, from, s, span.0)
    {
        return true;
    }
    // `Maybe 3, maybe 5.`
    let hedged = |k: usize| k > 0 && is_word_of(t[k - 1], HEDGE);
    hedged(v) && (1..v).any(|j| t[j] == Token::Number && hedged(j))
}

/// Whether the value at `span` is in a sentence that ends with `?` (or
/// `？`) with nothing but white space after it up to `end`: the response
/// ends on a question about the value, it does not state it (MX-21).
pub(super) fn ends_asking(text: &str, span: (usize, usize), end: usize) -> bool {
    let rest = text[span.1..end].trim_end();
    let Some(q) = rest.strip_suffix('?').or_else(|| rest.strip_suffix('？')) else {
        return false;
    };
    // (No other sentence's end between the value and the mark.)
    !q.contains(['.', '!', '?', '\n', '。', '！', '？'])
}

#[cfg(test)]
mod tests {
    use super::{conditional, ends_asking};

    /// The last number of each text, as the fallback finds it.
    fn last_number(t: &str) -> (usize, usize) {
        let b = t.as_bytes();
        let e = b.iter().rposition(u8::is_ascii_digit).unwrap() + 1;
        let s = b[..e]
            .iter()
            .rposition(|c| !c.is_ascii_digit())
            .map_or(0, |k| k + 1);
        (s, e)
    }

    /// MX-21: values given under a condition with an alternative, and
    /// hedged guesses, are conditional; one condition, numbers inside the
    /// condition, one hedge are not.
    #[test]
    fn conditional_alternatives_are_found() {
        for (t, want) in [
            (
                "There are 6 ways if order matters; otherwise there are 3.",
                true,
            ),
            (
                "There are 6 apples, or 7 if we include the rotten one.",
                true,
            ),
            ("Maybe 3, maybe 5.", true),
            ("Perhaps 4, or possibly 8", true),
            ("The answer is 12 if we include 0.", false),
            ("The answer is 12 if we use 3, 4 and 5.", false),
            ("Maybe 5.", false),
            ("So x = 3 when y = 2.", false),
            ("We get 6, or 7.", false),
            ("If we include zero, the answer is 12.", false),
            ("There are 4 ways. Otherwise we would have 3.", false),
            (
                "We add 1 if n is odd and 2 otherwise, so the total is 15.",
                false,
            ),
            ("The answer is 7, since if we subtract 3 we get 4.", false),
            ("It is perhaps 5, or maybe 6.", true),
            (
                "I get 12 apples if I count the small ones, and 10 if I don't.",
                true,
            ),
            ("It takes 5 minutes if you walk and 2 if you run.", true),
            (
                "We get 5 if n = 2, so the total is 12 if we add them.",
                false,
            ),
            // The answer depends: another value with a case word between.
            ("It depends: 5 for the first case, 7 for the second.", true),
            (
                "It depends on n. For odd n we get 5, and for even n we get 6.",
                true,
            ),
            ("It depends on n. For n = 1 we get 5.", false),
            ("It costs 5 for adults and 3 for children.", false),
            (
                "It depends on how you count. For the 3 colours, there are 12 ways.",
                false,
            ),
            (
                "It depends on n. We add 1 for odd n and 2 for even n, so the total is 15.",
                false,
            ),
            // (Two sentences back is too far.)
            (
                "It depends. We checked. For odd n we get 5, and for even n we get 6.",
                false,
            ),
        ] {
            assert_eq!(conditional(t, 0, last_number(t)), want, "{t:?}");
        }
        for (t, want) in [
            ("The answer is 5?", true),
            ("Could the total be 12? ", true),
            ("Is it 12? Yes.", false),
            ("Is it 7? It is 12.", false),
            ("So 12. Done?", false),
            ("答案是5？", true),
        ] {
            assert_eq!(ends_asking(t, last_number(t), t.len()), want, "{t:?}");
        }
        // The first value of a statement.
        for (t, at, want) in [
            ("The answer is 5 if n is odd and 6 otherwise.", "5", true),
            (
                "**Final Answer:** 5 (if n is odd), 6 (if n is even)",
                "5",
                true,
            ),
            (
                "The answer is 5 when n is odd and 6 when n is even.",
                "5",
                true,
            ),
            (
                "If order matters the answer is 6; if not, it is 3.",
                "6",
                true,
            ),
            (
                "When n = 3 the answer is 12, and when n = 4 it is 20.",
                "12",
                true,
            ),
            ("The answer is 5 if n is odd.", "5", false),
            // Another value right after `or`, under a condition.
            (
                "The answer is 12 (or 13 if we count the endpoints).",
                "12",
                true,
            ),
            ("The answer is 12, or 13 if n is even.", "12", true),
            (
                "So there are 12 ways (or 13 if we include the empty one).",
                "12",
                true,
            ),
            ("So there are 12 ways, or 13 ways.", "12", false),
            ("The answer is 1/2 (or 0.5).", "1", false),
            ("The answer is 12 (or 13).", "12", false),
            ("The answer is 5, which is odd.", "5", false),
            ("If n = 3, the answer is 12.", "12", false),
            ("当n为奇数时答案为5，否则为6。", "5", true),
            ("如果n为奇数，答案为5。否则为6。", "5", false),
            ("所以答案为5，否则不成立。", "5", false),
            (
                "The answer is 4 unless the board wraps around, in which case it is 5.",
                "4",
                true,
            ),
            ("If we add 1 to each, then the total is 15.", "15", false),
            ("The answer is 42 if and only if n is even.", "42", false),
            (
                "The answer is 7, since if we subtract 3 we get 4.",
                "7",
                false,
            ),
            (
                "The answer is $5$ if $n$ is odd and $6$ otherwise.",
                "5",
                true,
            ),
            (
                "If n is even the answer is 4, so for n = 6 it is 4.",
                "4",
                false,
            ),
        ] {
            let s = t.find(at).unwrap();
            assert_eq!(conditional(t, 0, (s, s + at.len())), want, "{t:?}");
        }
    }
}
