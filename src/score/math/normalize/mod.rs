//! The normalizations of document 004 (spec/math.md, rules MN-*).
//!
//! Each function takes an answer string (already extracted from a response)
//! and returns a normalized string, a list of strings or a structure. Every
//! pass is a single left-to-right scan (brace matching is precomputed with a
//! stack), so the work is linear in the length of the input: a 100 KB answer
//! is normalized in one pass per step, never in quadratic time.
//!
//! # Differences with the document
//!
//! Compared with symeval (spec/math.md, "Deviations from the original",
//! D-MN1…): `norm_pm` returns a list with correlated signs; matrices keep their
//! shape; `a/b` is not rewritten inside or before a power; one space is kept
//! between letters; degrees become radians only inside a trigonometric
//! function; single letters are never unit words; `%` is kept as `\%`.

mod answer;
mod functions;
mod latex;
mod read;
mod sets;

use crate::text::holds_str;
use answer::{
    assignment, contains_command, decimals, equalities, list_connectives, per_item, percent_words,
    strip_wrapping, thousands, trailing_units, trim_end_periods, whitespace, words,
};
use latex::{brace_arguments, commands, has_text_command, text_commands, unicode_to_latex};
use std::borrow::Cow;

pub(crate) use answer::is_variable;
use functions::has_degree_trigger;
pub use functions::{fix_a_slash_b, norm_basic_fn, norm_deg};
pub use read::{
    ReadError, latex_to_interval, latex_to_interval_expr, latex_to_matrix, latex_to_matrix_exprs,
};
pub use sets::{extract_set, is_set, norm_pm, remove_first_paren_pair};

/// Normalizes a math answer string (rule MN-5, steps a–k in spec/math.md):
/// Unicode symbols to LaTeX; `\text{…}` and `\boxed{…}` unwrapped (a
/// trailing text group is a unit and goes); math delimiters, `\$`,
/// `\left`/`\right`, spacing and formatting commands, line breaks outside
/// environments removed; `\dfrac` → `\frac`, matrix environments →
/// `pmatrix`, one spelling per relation (`>=` → `\geq`), `\frac12` →
/// `\frac{1}{2}`; degrees ([`norm_deg`]); percent words → `\%`, trailing
/// unit words removed; whitespace removed (one space kept between two
/// letters); a leading `x=` removed; thousands separators removed, `.4` →
/// `0.4`; `a/b` of numbers → `\frac{a}{b}` ([`fix_a_slash_b`]); brackets
/// around a matrix and parentheses around the whole answer removed;
/// trailing periods removed. Rounds repeat to a fixpoint (at most 4), so
/// the result is idempotent.
///
/// ```
/// use scorespec::score::math::normalize::normalize;
/// assert_eq!(normalize(r"251,7\\ \noindent"), "251,7");
/// assert_eq!(normalize(r"\$23{,}000"), "23000");
/// assert_eq!(normalize("1,234"), "1234");
/// assert_eq!(normalize("1/2"), r"\frac{1}{2}");
/// assert_eq!(normalize(r"5\text{ cm}"), "5");
/// assert_eq!(normalize(r"\left(1,2\right)"), "(1,2)");
/// ```
pub fn normalize(text: &str) -> String {
    // A plain integer (`204`, `-5`: the most common answer) is normal: no
    // pass rewrites its digits or a leading minus sign (the test
    // `plain_integers_are_normal` runs the passes on them), so the passes,
    // a score of allocations, are skipped.
    if is_plain_integer(text) {
        return text.to_string();
    }
    // One round usually reaches the fixpoint; a rewrite can expose another
    // (dropping a degree sign can uncover a leading `x=`), so rounds repeat
    // until nothing changes, at most NORMALIZE_ROUNDS times.
    let mut s = normalize_round(text);
    // A round that changes nothing is the fixpoint (the next round would
    // read the same text): most answers are already normal.
    if s == text {
        return s;
    }
    for _ in 1..NORMALIZE_ROUNDS {
        // (A plain integer is a fixpoint: `1,204` is `1204` after one round.)
        if is_plain_integer(&s) {
            break;
        }
        let next = normalize_round(&s);
        if next == s {
            break;
        }
        s = next;
    }
    s
}

/// Whether `text` is ASCII digits without a leading zero (`0` itself is
/// one), after at most one leading `-` (the passes drop leading zeros:
/// `007` is `7`).
fn is_plain_integer(text: &str) -> bool {
    let digits = text.strip_prefix('-').unwrap_or(text);
    matches!(digits.as_bytes(), [b'0'] | [b'1'..=b'9', ..])
        && digits.bytes().all(|c| c.is_ascii_digit())
}

/// The most rounds of [`normalize`] (each one linear).
const NORMALIZE_ROUNDS: usize = 4;

/// One round of the passes of [`normalize`], in order (MN-5 a–j).
fn normalize_round(text: &str) -> String {
    // Each pass runs only on a text it may change ([`PASSES`]: a text
    // without what the pass rewrites is its own output), so an answer that
    // is already normal (`\frac{17}{4}`) is not copied sixteen times.
    PASSES
        .iter()
        .fold(Cow::Borrowed(text), |s, (may_change, pass)| {
            if may_change(&s) {
                Cow::Owned(pass(&s))
            } else {
                s
            }
        })
        .into_owned()
}

/// A pass of [`normalize_round`]: whether it may change a text (when not,
/// the text is its output), and the pass.
type Pass = (fn(&str) -> bool, fn(&str) -> String);

/// The passes of a round of [`normalize`], in order, each with what it
/// needs in a text to change it (test `passes_skip_only_what_they_keep`).
const PASSES: [Pass; 17] = [
    // Non-ASCII characters, and white space other than a space (to ` `).
    (
        |t| t.bytes().any(|c| c >= 0x80 || (0x09..=0x0D).contains(&c)),
        unicode_to_latex,
    ),
    (has_text_command, text_commands),
    // `$`, `;`, `~`, `%`, `>=` `<=` `!=`, and commands.
    (|t| t.contains(['$', ';', '~', '%', '=', '\\']), commands),
    // Single-token arguments of `\frac` and `\sqrt`.
    (may_brace, brace_arguments),
    (has_degree_trigger, norm_deg),
    (ends_unneeded, trim_end_periods),
    (
        |t| {
            t.trim_end().len() != t.len()
                || t.ends_with("percentage")
                || t.ends_with("percent")
                || t.ends_with("pct")
        },
        percent_words,
    ),
    (may_end_in_unit, trailing_units),
    // The connectives it removes.
    (
        |t| holds_str(t, "and ") || holds_str(t, "or "),
        list_connectives,
    ),
    // White space (a Unicode one is not an ASCII byte).
    (
        |t| {
            t.bytes()
                .any(|c| c.is_ascii_whitespace() || c == 0x0B || c >= 0x80)
        },
        whitespace,
    ),
    // Words: `pi`, `inf`, `infinity`, or a number in words (a text of
    // ASCII letters, `-` and white space, a Unicode one not ASCII), or a
    // sign word before a number (`negative 12`).
    (
        |t| {
            let b = t.as_bytes();
            // (`in` stands for `inf` and `infinity`: one reading of the
            // pairs of bytes.)
            b.windows(2).any(|w| matches!(w, b"pi" | b"in"))
                || (b.iter().any(u8::is_ascii_alphabetic)
                    && b.iter().all(|&c| {
                        c.is_ascii_alphabetic()
                            || matches!(c, b'-' | b' ' | 0x09..=0x0D)
                            || c >= 0x80
                    }))
                || crate::score::math::words::signed(t).is_some()
        },
        words,
    ),
    // Relations, approximations, assignments, memberships, top-level
    // commas (the items are trimmed), and the text's own trimming.
    (
        |t| {
            t.contains(['=', ','])
                || contains_command(t, &["\\approx", "\\in"])
                || t.trim().len() != t.len()
        },
        |t| per_item(t, |x| assignment(&equalities(x))),
    ),
    // `{,}` and separators are commas.
    (|t| t.contains(','), thousands),
    // Decimal points and leading zeros.
    (|t| t.contains('.') || t.starts_with('0'), decimals),
    (|t| t.contains('/'), fix_a_slash_b),
    (|t| t.starts_with(['(', '[']), strip_wrapping),
    (ends_unneeded, trim_end_periods),
];

/// Whether [`brace_arguments`] may change `t`: an argument it braces is
/// an ASCII letter or digit after (spaces and) `\frac` or `\sqrt`, a root
/// index's `]` or an argument's `}` (`\frac12`, `\sqrt[3]8`, `\frac{1}2`);
/// `\frac{17}{4}` has none.
fn may_brace(t: &str) -> bool {
    let b = t.as_bytes();
    let next = |i: usize| b.get(latex::skip_spaces(b, i)).copied();
    // (Without one of the two commands there is no argument: most answers
    // with braces, `x^{2}`, `\sum_{k=1}^{8} k^2`, are skipped here.)
    contains_command(t, &["\\frac", "\\sqrt"])
        && b.iter().enumerate().any(|(i, &c)| match c {
            b'}' | b']' => next(i + 1).is_some_and(|n| n.is_ascii_alphanumeric()),
            b'\\' => {
                (b[i..].starts_with(b"\\frac") || b[i..].starts_with(b"\\sqrt"))
                    && !matches!(next(i + 5), Some(b'{' | b'['))
            }
            _ => false,
        })
}

/// Whether [`trim_end_periods`] changes `t` (white space at either end,
/// or a trailing `.`, `,`, `;` or `:`).
fn ends_unneeded(t: &str) -> bool {
    t.trim().len() != t.len() || t.ends_with(['.', ',', ';', ':'])
}

/// Whether [`trailing_units`] may change `t`: it ends on white space or a
/// period, or its last part before a power (`^2`) ends on a letter (every
/// unit word does).
fn may_end_in_unit(t: &str) -> bool {
    t.trim_end().len() != t.len()
        || t.ends_with('.')
        || ["^2", "^3", "^{2}", "^{3}"]
            .iter()
            .fold(t, |s, p| {
                if s.len() == t.len() {
                    s.strip_suffix(p).unwrap_or(s)
                } else {
                    s
                }
            })
            .ends_with(|c: char| c.is_ascii_alphabetic())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::expr::ExprError;

    /// 100 KB inputs: every function gives the right answer (each pass is
    /// linear; a quadratic pass would make these tests crawl, but they
    /// assert results, not times).
    #[test]
    fn long_inputs() {
        let n = 10_000;
        assert_eq!(normalize(&"1,234+".repeat(n)), "1234+".repeat(n));
        assert_eq!(
            norm_deg(&r"\sin 3^\circ+".repeat(n)),
            r"\sin {3*\frac{\pi}{180}}+".repeat(n)
        );
        assert_eq!(fix_a_slash_b(&"1/2+".repeat(n)), r"\frac{1}{2}+".repeat(n));
        assert_eq!(norm_basic_fn(&"sinx+".repeat(n)), r"\sin^{1}x+".repeat(n));
        assert_eq!(norm_pm(&r"1\pm2,".repeat(n)).len(), 2 * n);
        assert_eq!(extract_set(&"1,".repeat(n)), ["1"]);
        assert!(!is_set(&"(".repeat(100_000)));
        assert_eq!(
            remove_first_paren_pair(&format!("{}x", "(".repeat(100_000)), '('),
            Some(format!("{}x", "(".repeat(100_000)))
        );
        // Unclosed groups everywhere: no panic, and the text survives.
        let unclosed = r"\text{\sqrt{sqrt(\left(\begin{".repeat(n / 4);
        assert!(!normalize(&unclosed).is_empty());
        // Beyond the engine's input bound: a typed error.
        assert!(matches!(
            latex_to_interval(&"(0,1)\\cup".repeat(n)),
            Err(ReadError::Expr(ExprError::BudgetExceeded { .. }))
        ));
        assert!(latex_to_matrix(&"1,".repeat(n)).is_err());
    }

    /// The passes leave a plain integer as it is (what [`normalize`]'s
    /// shortcut assumes), and strings near one are not shortcut.
    #[test]
    fn plain_integers_are_normal() {
        let mut cases: Vec<String> = (0..3000).map(|n| n.to_string()).collect();
        cases.extend((0..3000).map(|n| format!("-{n}")));
        cases.push("-0".to_string());
        cases.push("9".repeat(500));
        cases.push(format!("-{}", "1234567890".repeat(40)));
        for t in &cases {
            assert!(is_plain_integer(t), "{t}");
            assert_eq!(normalize_round(t), *t, "{t}");
            assert_eq!(normalize(t), *t, "{t}");
        }
        for t in [
            "", "-", "--5", "+5", "5-", "1,204", "5.", "1.5", " 5", "5 ", "５", "x5", "00", "007",
            "-00012",
        ] {
            assert!(!is_plain_integer(t), "{t:?}");
        }
        assert_eq!(normalize("007"), "7");
        assert_eq!(normalize("1,204"), "1204");
        assert_eq!(normalize("5."), "5");
    }

    #[test]
    fn adversarial_inputs() {
        // Leading spaces then many text groups (the trailing-unit test is
        // computed once, not per group).
        let t = " ".repeat(50_000) + &r"\text{a}".repeat(5_000);
        // The last group ends the answer: a unit (MN-5 b), removed.
        assert_eq!(normalize(&t), "a".repeat(4_999));
        // Many unclosed environments and root indices.
        let t = r"\begin{".repeat(10_000);
        assert_eq!(normalize(&t), r"\begin{".repeat(10_000).replace(' ', ""));
        let t = r"\sqrt[".repeat(10_000);
        assert_eq!(normalize(&t), t);
        // Deeply nested parentheses around the answer.
        let t = "(".repeat(50_000) + "x" + &")".repeat(50_000);
        assert_eq!(normalize(&t), "x");
        let t = "(".repeat(50_000) + r"[\begin{pmatrix}1\end{pmatrix}]" + &")".repeat(50_000);
        assert_eq!(normalize(&t), r"\begin{pmatrix}1\end{pmatrix}");
        // Chains that one round of a pass could leave behind: still
        // idempotent.
        assert_eq!(
            normalize(&("1,".to_string() + &" and".repeat(1_000) + " 2")),
            "1,2"
        );
        for t in [
            "5".to_string() + &" cm.".repeat(1_000),
            r"\te".repeat(100) + &r"\text{}xt{".repeat(100),
            "([".repeat(100) + r"\begin{pmatrix}1\end{pmatrix}" + &"])".repeat(100),
        ] {
            let once = normalize(&t);
            assert_eq!(normalize(&once), once);
        }
    }

    /// Pieces of answers with every byte a pass of a round rewrites or
    /// tests (`passes_skip_only_what_they_keep`), separated by `|` (which
    /// no piece holds).
    const PIECES: &str = "0|5|007|1,234|12|.|.5|5.00|,|;|:| |\t|\n|\u{b}|\u{b}five|=|>=|!=|<|$|~|%|/|1/2|(|)|[|]|{|}|{,}|^2|^{3}|^\\circ|°|−|×|π|\u{a0}|\\frac|\\frac12|\\sqrt3|\\sqrt[3]8|\\frac{17}{4}|\\dfrac|\\text{ cm}|\\mbox{m}|\\boxed{|\\left(|\\right)|\\approx|\\in|\\infty|\\pi|\\%|\\$|\\\\|\\|x|x_1|f(x)|a|pi|inf|five|twenty-one|and |or | and |percent|pct|cm|meters|units|\\begin{pmatrix}|\\end{pmatrix}|é";

    /// Every pass of a round leaves a text it is not asked to change as it
    /// is (`PASSES`: what it may change is what it reads), and a round is
    /// the sixteen passes run on every text, on texts of the pieces of
    /// answers that each pass rewrites.
    #[test]
    fn passes_skip_only_what_they_keep() {
        let mut glue = crate::text::Glue(77);
        let mut skipped = [0usize; PASSES.len()];
        let pieces: Vec<&str> = PIECES.split('|').collect();
        let mut texts: Vec<String> = (0..20_000).map(|_| glue.text(&pieces, 1)).collect();
        texts.extend(pieces.iter().map(|p| p.to_string()));
        texts.extend(
            [
                "",
                " ",
                "0",
                "00",
                "5 cm",
                "5cm.",
                "50%",
                "50 percent ",
                "x = 3",
            ]
            .map(String::from),
        );
        for t in &texts {
            for (k, (may_change, pass)) in PASSES.iter().enumerate() {
                if !may_change(t) {
                    assert_eq!(pass(t), *t, "pass {k} on {t:?}");
                    skipped[k] += 1;
                }
            }
            let full = PASSES.iter().fold(t.clone(), |s, (_, pass)| pass(&s));
            assert_eq!(normalize_round(t), full, "{t:?}");
        }
        // Every pass is skipped on some texts and run on others.
        for (k, n) in skipped.iter().enumerate() {
            assert!(*n > 0 && *n < texts.len(), "pass {k}: skipped {n} times");
        }
    }

    #[test]
    fn idempotent_on_the_documents_examples() {
        for t in [
            r"251,7\\ \noindent",
            r"\$23{,}000",
            r"\begin{pmatrix} 3 \\ \frac{\pi}{2} \end{pmatrix}",
            r"\sin 20^\circ",
            r"(3/4)\sqrt{3}",
            r"\left(1,2\right)",
        ] {
            let once = normalize(t);
            assert_eq!(normalize(&once), once, "{t}");
        }
    }
}
