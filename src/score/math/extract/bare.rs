//! Bare answers (MX-12): a response that is itself just an answer (a
//! number, a formula, an equation, an interval, a short text answer) is that
//! answer, in every mode.
//!
//! # Differences with the document
//!
//! Document 004 has no bare answers: `5` against `5` is no answer there
//! (spec/math.md MX-12).

use super::numbers::is_unit_word;
use super::production::strip_bold;
use super::truncation::{cut_in_formula, paragraph_start};
use super::{Found, Located, find_byte, starts_with_ci, starts_with_ci_array, trim};
use crate::score::math::words::has;

/// A response longer than this is never a bare answer (MX-12).
pub const MAX_BARE_BYTES: usize = 1024;

/// Words that make a text prose, not a bare answer (MX-12).
pub(super) const PROSE_WORDS: &[&str] = &[
    "the",
    "is",
    "are",
    "was",
    "were",
    "be",
    "so",
    "we",
    "it",
    "its",
    "this",
    "that",
    "then",
    "thus",
    "hence",
    "therefore",
    "answer",
    "final",
    "of",
    "to",
    "in",
    "for",
    "with",
    "get",
    "have",
    "has",
    "let",
    "since",
    "because",
    "which",
    "there",
    "here",
    "if",
    "can",
    "will",
    "would",
    "should",
    "by",
    "on",
    "at",
    "from",
    "as",
    "an",
    "my",
    "our",
    "you",
    "me",
    "think",
    "find",
    "solve",
    "compute",
    "step",
    "first",
    "next",
    "now",
    "where",
    "when",
    "not",
    "know",
    "do",
    "does",
    "sure",
    "cannot",
    "unable",
    "sorry",
    "hmm",
    "wait",
    "okay",
    "ok",
];

/// Words a bare answer may hold (MX-12): connectives of a list, percent,
/// booleans, function names, the usual text answers.
pub(super) const ANSWER_WORDS: &[&str] = &[
    "and",
    "or",
    "percent",
    "percentage",
    "pct",
    "per",
    "yes",
    "no",
    "true",
    "false",
    "none",
    "infinity",
    "inf",
    "infty",
    "pi",
    "sin",
    "cos",
    "tan",
    "cot",
    "sec",
    "csc",
    "log",
    "ln",
    "lg",
    "exp",
    "sqrt",
    "max",
    "min",
    "gcd",
    "lcm",
    "mod",
    "dne",
    "undefined",
    "solution",
    "solutions",
    "real",
    "all",
    "numbers",
    "empty",
    "set",
    "neither",
    "both",
    "even",
    "odd",
    "option",
    "choice",
    "degrees",
    "degree",
    "units",
    "square",
    "cubic",
];

/// The answer of a text that is itself just an answer (MX-12): the whole
/// trimmed text, or `None`.
///
/// ```
/// use scorespec::score::math::extract::bare_answer;
/// assert!(bare_answer("x = 3").is_some());
/// assert!(bare_answer("(1, 2]").is_some());
/// assert!(bare_answer("It is 5").is_none());
/// ```
pub fn bare_answer(text: &str) -> Option<Located> {
    let span = trim(text, (0, text.len()));
    is_bare(&text[span.0..span.1]).then(|| Located {
        answer: text[span.0..span.1].to_string(),
        span,
        how: "bare_answer",
    })
}

/// What the production extraction ([`locate_default`](super::locate_default))
/// finds in `text` when that is a bare answer the explicit search cannot
/// read (ME-2, "How it runs"): a text of at most [`MAX_BARE_BYTES`]
/// printable ASCII bytes (tabs and line breaks too) with no `<` (no think
/// tag, no chat token), `#`, `*` (no bold line), nor any needle of the
/// explicit search (`answer`, `therefore`, `\boxed`, `\fbox`, ASCII case
/// ignored) has no explicit answer in any window, so the production
/// extraction gives its [`bare_answer`] when there is one. `None` means
/// "ask the full extraction" (a unit test compares the two).
pub(crate) fn plain_bare_answer(text: &str) -> Option<Located> {
    // (Prose fails `is_bare` at its first word: that check comes first.)
    if text.len() > MAX_BARE_BYTES {
        return None;
    }
    bare_answer(text).filter(|_| without_explicit_needles(text.as_bytes()))
}

/// Whether `b` is printable ASCII (and `\t`, `\n`, `\r`) without `<`, `#`,
/// `*` and the needles of [`plain_bare_answer`].
fn without_explicit_needles(b: &[u8]) -> bool {
    b.iter().enumerate().all(|(i, &c)| match c {
        b'<' | b'#' | b'*' => false,
        b'a' | b'A' => !starts_with_ci_array(&b[i..], b"answer"),
        b't' | b'T' => !starts_with_ci_array(&b[i..], b"therefore"),
        b'\\' => {
            !starts_with_ci_array(&b[i..], b"\\boxed") && !starts_with_ci_array(&b[i..], b"\\fbox")
        }
        b'\t' | b'\n' | b'\r' | b' '..=b'~' => true,
        _ => false,
    })
}

/// Whether `t` (trimmed) is itself just an answer (MX-12): short, balanced,
/// not ending on an operator, and without prose words.
pub(super) fn is_bare(t: &str) -> bool {
    if t.is_empty() || t.len() > MAX_BARE_BYTES {
        return false;
    }
    // A list or a clause cut off on its conjunction (`12 and`, `x = 12,
    // or`): MX-15 reads the response.
    let n = t.bytes().rev().take_while(u8::is_ascii_alphabetic).count();
    let last = &t[t.len() - n..];
    if n < t.len()
        && matches!(t.as_bytes()[t.len() - n - 1], b' ' | b',')
        && (last.eq_ignore_ascii_case("and") || last.eq_ignore_ascii_case("or"))
    {
        return false;
    }
    let display = t.starts_with("$$") || t.starts_with("\\[") || t.starts_with("\\begin");
    if t.contains('\n') && !display {
        return false;
    }
    let b = t.as_bytes();
    let (mut depth, mut dollars) = (0i32, 0usize);
    let mut prose = 0usize;
    let mut text_words = 0usize;
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        match c {
            b'\\' => {
                let n = b[i + 1..]
                    .iter()
                    .take_while(|c| c.is_ascii_alphabetic())
                    .count();
                let name = &t[i + 1..i + 1 + n];
                i += 1 + n.max(1);
                // Arguments that are names, not words.
                if matches!(
                    name,
                    "begin" | "end" | "operatorname" | "mathbb" | "mathcal" | "mathbf" | "mathrm"
                ) && b.get(i) == Some(&b'{')
                {
                    match t[i..].find('}') {
                        Some(k) => i += k + 1,
                        None => return false,
                    }
                }
                continue;
            }
            b'{' => depth += 1,
            b'}' => {
                depth -= 1;
                if depth < 0 {
                    return false;
                }
            }
            b'$' => dollars += 1,
            // A sentence ends inside: prose.
            b'.' | b'!' | b'?'
                if b.get(i + 1) == Some(&b' ')
                    && b.get(i + 2).is_some_and(u8::is_ascii_uppercase) =>
            {
                return false;
            }
            _ if c.is_ascii_alphabetic() => {
                let n = b[i..]
                    .iter()
                    .take_while(|c| c.is_ascii_alphabetic())
                    .count();
                let word = &t[i..i + n];
                i += n;
                if n >= 2 {
                    text_words += 1;
                    // (`Solution: 12`, `Option: C`: a word before `:` and a
                    // space labels what follows; a ratio is of values.)
                    let label = b.get(i) == Some(&b':') && b.get(i + 1).is_none_or(|&c| c == b' ');
                    if label || one_of(PROSE_WORDS, word) {
                        return false;
                    }
                    // Two letters (`xy`) or capitals (`AB`, `ABCD`) name points
                    // or products of symbols.
                    let symbols =
                        n == 2 || (n <= 4 && t[i - n..i].bytes().all(|c| c.is_ascii_uppercase()));
                    // A name right before `(` is a function applied
                    // (`abs(x - 2)`, `factorial(5)`: sympy's way of writing).
                    let call = b.get(i) == Some(&b'(');
                    if !symbols
                        && !call
                        && !one_of(ANSWER_WORDS, word)
                        && !is_unit_word(&t[i - n..i])
                    {
                        prose += 1;
                    }
                }
                continue;
            }
            _ if c >= 0xE3 && is_cjk(&t[i..]) => return false,
            _ => {}
        }
        i += 1;
    }
    if depth != 0 || dollars % 2 == 1 {
        return false;
    }
    // A text answer: a few words of letters (`white`, `no solution`); a
    // number with what it counts (`12 dogs`, `5 red apples`).
    // (The box and cut-off checks, passes over the whole text, come last:
    // prose fails at its first word.)
    (prose == 0
        || (text_words <= 2 && counted_noun(t))
        || (text_words <= 3
            && t.bytes()
                .all(|c| c.is_ascii_alphabetic() || matches!(c, b' ' | b'-' | b'\'' | b'.'))))
        && !has(t, "\\boxed")
        && !has(t, "\\fbox")
        && cut_in_formula(t, "", paragraph_start(t)).is_none()
}

/// MX-12 in the production extraction, for the response `text[s..e]`
/// (trimmed) that no explicit answer was found in: the whole response
/// when it is a bare answer (bold allowed: `**42**`), else the answer on its
/// first line when an explanation follows ([`answer_before_explanation`]).
pub(super) fn bare_found(text: &str, (s, e): (usize, usize)) -> Option<Found> {
    let whole = strip_bold(text, (s, e));
    let (span, reach) = (is_bare(&text[whole.0..whole.1]).then_some((whole, e)))
        .or_else(|| answer_before_explanation(text, (s, e)).map(|a| (a, a.1)))?;
    Some(Found {
        span,
        how: "bare_answer",
        reach,
    })
}

/// The most bytes of a first line read as an answer before its
/// explanation (MX-12): a longer first line is prose, or a formula no one
/// writes on the line before `Explanation:`, and is not read.
pub const MAX_ANSWER_LINE_BYTES: usize = 256;

/// The labels that open an explanation after a response's answer (ASCII
/// case ignored; a word or a phrase, no letter right after it): `12` then
/// `Explanation: …`, `Here's why: …` (MX-12). Not `Solution`, `Steps`,
/// `Work` or `Proof`: they as often follow the problem restated on the
/// first line (`2x + 1 = 7⏎⏎Solution: …`) as an answer.
pub(super) const EXPLANATION_LABELS: [&str; 9] = [
    "explanation",
    "reasoning",
    "reason",
    "rationale",
    "justification",
    "why",
    "here's why",
    "here is why",
    "here\u{2019}s why",
];

/// Where the answer stands when the response in `text[s..e]` (trimmed)
/// opens with a line that is a bare answer (bold allowed: `**12**`) and the
/// next line that holds something opens with a label of
/// [`EXPLANATION_LABELS`] and `:` (markup `*`, `_`, `#` around it), or is
/// such a label alone marked as a heading or in bold (`## Explanation`,
/// `**Explanation**`): `12⏎⏎Explanation: there are 3 groups of 4` is 12,
/// not the 4 of its explanation (MX-12). Not a paragraph that opens with
/// `Because` or `Since`: as often a derivation after the problem restated
/// (`x^2 - 5x + 6 = 0⏎⏎Since …`). Reads the first line (at most
/// [`MAX_ANSWER_LINE_BYTES`]) and the label only.
fn answer_before_explanation(text: &str, (s, e): (usize, usize)) -> Option<(usize, usize)> {
    let b = text.as_bytes();
    let nl = s + find_byte(&b[s..e.min(s + MAX_ANSWER_LINE_BYTES + 1)], b'\n')?;
    let answer = strip_bold(text, trim(text, (s, nl)));
    let mut k = nl;
    while k < e && matches!(b[k], b'\n' | b'\r' | b' ' | b'\t') {
        k += 1;
    }
    let rest = &b[k..e];
    let marks = rest
        .iter()
        .take_while(|&&c| matches!(c, b'*' | b'_' | b'#' | b' '))
        .count();
    // (A heading or bold: a label alone on its line names the part.)
    let marked = marks > 0 && rest[..marks].iter().any(|&c| c != b' ');
    let line = &rest[marks..];
    // The label (or opener) that the line starts with, and what follows it.
    let starts = |l: &str| {
        (starts_with_ci(line, l) && line.get(l.len()).is_none_or(|c| !c.is_ascii_alphabetic()))
            .then(|| &line[l.len()..])
    };
    let closed = |after: &[u8]| {
        let after = &after[after
            .iter()
            .take_while(|&&c| matches!(c, b'*' | b'_' | b' '))
            .count()..];
        after.first() == Some(&b':')
            || marked && after.first().is_none_or(|&c| matches!(c, b'\n' | b'\r'))
    };
    let labelled = EXPLANATION_LABELS
        .iter()
        .any(|l| starts(l).is_some_and(closed));
    // (The label first: a first line of prose is read by `is_bare` word by
    // word, the label in a few comparisons.)
    (labelled && answer.0 < answer.1 && is_bare(&text[answer.0..answer.1])).then_some(answer)
}

/// Whether `t` is a number and the words of what it counts: `12 dogs`,
/// `-3 red apples`, `1,000 people` (digits, `,`, `.`, a sign; a space;
/// letters, spaces and hyphens).
fn counted_noun(t: &str) -> bool {
    let num = t.trim_start_matches(['-', '+']);
    let n = num
        .bytes()
        .take_while(|c| c.is_ascii_digit() || matches!(c, b',' | b'.'))
        .count();
    let rest = &num[n..];
    n > 0
        && num.as_bytes()[0].is_ascii_digit()
        && rest.starts_with(' ')
        && rest
            .trim_start()
            .bytes()
            .all(|c| c.is_ascii_alphabetic() || matches!(c, b' ' | b'-'))
}

/// Whether `word` is in `list` (lowercase words), ASCII case ignored.
fn one_of(list: &[&str], word: &str) -> bool {
    list.iter().any(|w| w.eq_ignore_ascii_case(word))
}

/// Whether `s` starts with a CJK character (a Chinese or Japanese word).
pub(super) fn is_cjk(s: &str) -> bool {
    s.chars().next().is_some_and(|c| {
        ('\u{2E80}'..='\u{9FFF}').contains(&c) || ('\u{F900}'..='\u{FAFF}').contains(&c)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shortcut answers only what the production extraction answers:
    /// on texts glued from answers, prose, the needles in both cases,
    /// tags, bold, `#`, control and non-ASCII bytes, every `Some` of
    /// `plain_bare_answer` is `locate_default`'s answer, and it answers
    /// often (ME-2, "How it runs").
    #[test]
    fn the_plain_bare_shortcut_is_the_full_extraction() {
        let pieces = [
            "1",
            "-5",
            "x",
            "=",
            "$",
            " ",
            "\n",
            "\t",
            "\\frac{1}{2}",
            "\\text{",
            "}",
            "{",
            "(",
            ")",
            ",",
            ".",
            "dogs",
            "is",
            "The",
            "answer",
            "ANSWERS",
            "Therefore",
            "final",
            "\\boxed{3}",
            "\\Fbox{2}",
            "\\BOXED",
            "**",
            "*",
            "####",
            "#",
            "<think>",
            "</think>",
            "<|im_end|>",
            "<",
            "答案",
            "所以",
            "é",
            "\u{b}",
            "\u{a0}",
            "\u{c}",
            "+",
            "^",
            "\\pi",
            "and",
            "or",
            "yes",
            "a",
            "t",
        ];
        // Half the texts of ASCII pieces only, without tags and hashes
        // (more of them are bare answers).
        let ascii: Vec<&str> = pieces
            .iter()
            .copied()
            .filter(|p| p.is_ascii() && !p.contains(['<', '#', '\u{b}', '\u{c}']))
            .collect();
        let mut glue = crate::text::Glue(7);
        let mut answered = 0;
        for round in 0..20_000u64 {
            let list: &[&str] = if round % 2 == 0 { &pieces } else { &ascii };
            let t = glue.text(list, 1 + round % 6);
            if let Some(b) = plain_bare_answer(&t) {
                answered += 1;
                let full = super::super::locate_default(&t, false).expect("an answer");
                assert_eq!(
                    (b.answer, b.span, b.how),
                    (full.answer, full.span, full.how),
                    "{t:?}"
                );
            }
        }
        assert!(answered > 250, "{answered}");
        assert!(plain_bare_answer(&"1".repeat(MAX_BARE_BYTES + 1)).is_none());
    }

    /// A name right before `(` is a function applied (SymPy's printing),
    /// not a prose word; the same name with a space before the parenthesis,
    /// or a prose word before one, is still prose.
    #[test]
    fn a_function_applied_is_not_prose() {
        for bare in [
            "abs(x - 2) + x",
            "- Abs(x - 1)",
            "factorial(5)",
            "binomial(10, 3)",
            "3*t + cos(y) + atan(5)",
            "W(x)=1 or W(x)=-1",
        ] {
            assert!(is_bare(bare), "{bare}");
        }
        for prose in [
            "abs (x - 2) + x",
            "value (5)",
            "the(5)",
            "compute(5)",
            "Answer(5)",
            "so abs(x)",
        ] {
            assert!(!is_bare(prose), "{prose}");
        }
    }

    /// A word before `:` and a space labels the answer after it (`Solution:
    /// 12` was the ratio `Solution/12`); a ratio or a map of symbols stays
    /// bare.
    #[test]
    fn a_label_before_a_colon_is_not_bare() {
        for label in ["Solution: 12", "Solutions: x = 1", "Option: C", "solution:"] {
            assert!(!is_bare(label), "{label}");
        }
        for bare in ["3:4", "x:y = 3:4", "AB:BC", "no solution", "f: x"] {
            assert!(is_bare(bare), "{bare}");
        }
    }

    /// An answer on the first line is read before a label of
    /// `EXPLANATION_LABELS` and `:`, or a label alone in bold or as a
    /// heading; not before other words (`Because`, `Since`: a derivation as
    /// often), a label with a letter after it, or a first line of prose.
    #[test]
    fn an_answer_before_its_explanation() {
        for (text, want) in [
            ("12\n\nExplanation: 3 groups of 4.", Some("12")),
            ("12\n\nHere's why: 3 groups of 4.", Some("12")),
            ("12\n\nHere is why: 3 groups of 4.", Some("12")),
            (
                "$12$\n\n**Explanation**\nThere are 3 groups of 4.",
                Some("$12$"),
            ),
            ("**12**\n\n## Reasoning\n3 groups of 4.", Some("12")),
            ("12\n\nBecause there are 3 groups of 4.", None),
            (
                "x^2 - 5x + 6 = 0\n\nSince the product of the roots is 6.",
                None,
            ),
            ("12\n\nExplanation 3 groups of 4.", None),
            ("12\n\nWhy? 3 groups of 4.", None),
            ("12\n\nExplanations: 3 groups of 4.", None),
            ("12\n\nSolution: 3 groups of 4.", None),
            ("We get 12\n\nExplanation: 3 groups of 4.", None),
            ("12\n\nThe explanation: 3 groups of 4.", None),
        ] {
            let got = answer_before_explanation(text, (0, text.len()));
            assert_eq!(got.map(|(a, b)| &text[a..b]), want, "{text:?}");
        }
    }
}
