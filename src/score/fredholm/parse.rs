//! Parsing an LLM's answer to a Fredholm equation (document 003, Parts 1–4
//! and 7): the solution expression, `HAS_SOLUTION`, `SOLUTION_TYPE`,
//! `REASONING` and a confidence. Rules FR-1 … FR-12 of spec/fredholm.md.
//!
//! [`parse_output`] tries the document's strategies in order (the last
//! `u(x) =` line, the `SOLUTION:` marker, a generic `u(x) =`), cleans the
//! candidate, refuses prose ("No solution exists."), detects the format
//! (LaTeX / infix / RPN) and parses it with the expression engine.
//!
//! # Differences with the document
//!
//! Compared with the original (`postprocess.py`):
//!
//! * Prose is never parsed as a product of letters (`No*exists*solution`).
//! * `SOLUTION_TYPE:` is read from its own line only (the original's pattern
//!   ran on into the next line and lost the type).
//! * `u(x) ≈ …` lines count as solution lines (approximate solutions).
//! * Markers are read from their last occurrence (the final answer block).

use serde::Serialize;

use crate::expr::api::{self as expr_api, Format};
use crate::expr::print::to_infix;
use crate::expr::{Expr, Limits};

str_enum! {
    /// The seven solution types of the document (Part 4); `as_str` is the
    /// name of the `SOLUTION_TYPE:` line and of the JSON output.
    pub enum SolutionType {
        /// A closed form, `u(x) = …`.
        ExactSymbolic => "exact_symbolic",
        /// A closed form with approximate numeric coefficients.
        ApproxCoef => "approx_coef",
        /// A truncated series.
        Series => "series",
        /// A family of solutions with free constants.
        Family => "family",
        /// Values at points, `[(x1, y1), …]`.
        DiscretePoints => "discrete_points",
        /// A regularized solution.
        Regularized => "regularized",
        /// No solution exists.
        None => "none",
    }
}

str_enum! {
    /// The strategy of [`parse_output`] that found the solution (FR-2).
    pub enum Strategy {
        /// The last line with `u(x) =`.
        ULine => "u_line",
        /// The `SOLUTION:` marker.
        SolutionMarker => "solution_marker",
        /// The first `u(x) =` anywhere, to the end of its line or sentence.
        Generic => "generic",
        /// A response of one line.
        WholeResponse => "whole_response",
        /// A `discrete_points` answer's list of points.
        DiscretePoints => "discrete_points",
    }
}

/// The names of the seven solution types, in [`SolutionType`] order.
pub const SOLUTION_TYPES: [&str; 7] = [
    SolutionType::ExactSymbolic.as_str(),
    SolutionType::ApproxCoef.as_str(),
    SolutionType::Series.as_str(),
    SolutionType::Family.as_str(),
    SolutionType::DiscretePoints.as_str(),
    SolutionType::Regularized.as_str(),
    SolutionType::None.as_str(),
];

/// Confidence of an expression found and parsed in LaTeX or infix (the
/// document's Math-Verify path).
pub const CONFIDENCE_PARSED: f64 = 0.8;
/// Confidence of an RPN expression found and parsed (the regex path).
pub const CONFIDENCE_RPN: f64 = 0.7;
/// Confidence of a solution string that could not be parsed.
pub const CONFIDENCE_UNPARSED: f64 = 0.3;

/// The fields parsed from one response (the object of `fredholm.parse_output`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ParsedOutput {
    /// The extracted, cleaned solution text, or `None`.
    pub solution_str: Option<String>,
    /// The canonical infix form of the solution (SymPy-style), or `None`.
    pub solution: Option<String>,
    /// Whether a solution exists: the marker, a phrase, or inferred (FR-7).
    pub has_solution: Option<bool>,
    /// The declared solution type, or `None`.
    pub solution_type: Option<SolutionType>,
    /// The `REASONING:` section or the numbered steps, or `None`.
    pub reasoning: Option<String>,
    /// 0.8 parsed (LaTeX/infix), 0.7 parsed RPN, 0.3 unparsed, 0.0 nothing.
    pub confidence: f64,
    /// The format the solution was parsed in (`latex`, `infix`, `rpn`).
    pub format: Option<Format>,
    /// The strategy that found the solution: `u_line`, `solution_marker`,
    /// `generic`, `whole_response` or `discrete_points`.
    pub strategy: Option<Strategy>,
    /// The points of a `discrete_points` answer, as `[x, y]` pairs.
    pub discrete_points: Option<Vec<[f64; 2]>>,
    /// Why the solution string did not parse, when it did not.
    pub parse_error: Option<String>,
}

/// The name of a format as the registry spells it.
pub fn format_name(f: Format) -> &'static str {
    f.as_str()
}

fn lower(s: &str) -> String {
    s.to_ascii_lowercase()
}

fn is_word_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// The offset of the right-hand side when `u(x) =` (also `≈`, `\approx`,
/// `~`, `≃`, `\simeq`; spaces allowed inside) starts at byte `i` of `s`.
fn u_at(s: &str, i: usize) -> Option<usize> {
    let b = s.as_bytes();
    if !matches!(b.get(i), Some(b'u' | b'U')) {
        return None;
    }
    if i > 0 && (is_word_byte(b[i - 1]) || b[i - 1] == b'\\') {
        return None;
    }
    let skip_ws = |mut k: usize| {
        while k < b.len() && (b[k] == b' ' || b[k] == b'\t') {
            k += 1;
        }
        k
    };
    let mut j = i + 1;
    for want in [b'(', b'x', b')'] {
        j = skip_ws(j);
        if b.get(j) != Some(&want) {
            return None;
        }
        j += 1;
    }
    j = skip_ws(j);
    let rest = &s[j..];
    let op_len = ["=", "≈", "\\approx", "\\simeq", "≃", "~"]
        .iter()
        .find(|op| rest.starts_with(**op))?
        .len();
    let mut k = j + op_len;
    // `u(x) == …` is accepted too.
    if b.get(k) == Some(&b'=') {
        k += 1;
    }
    Some(skip_ws(k))
}

/// Finds `u(x) =` in `s` (see [`u_at`]): the byte offsets of each match's
/// start and of its right-hand side.
fn u_equals(s: &str) -> Vec<(usize, usize)> {
    s.bytes()
        .enumerate()
        .filter(|&(_, c)| c == b'u' || c == b'U')
        .filter_map(|(i, _)| u_at(s, i).map(|rhs| (i, rhs)))
        .collect()
}

/// The text of a line after a marker like `SOLUTION:` (case-insensitive),
/// allowing leading markdown (`**`, `#`, `-`, `>`); `None` when the line has
/// no such marker.
fn after_marker<'a>(line: &'a str, marker: &str) -> Option<&'a str> {
    let t = line.trim_start_matches(|c: char| c.is_whitespace() || "*#->`_".contains(c));
    if t.len() < marker.len() || !t.is_char_boundary(marker.len()) {
        return None;
    }
    let (head, rest) = t.split_at(marker.len());
    if !head.eq_ignore_ascii_case(marker) {
        return None;
    }
    let rest = rest.trim_start_matches(['*', ' ', '\t']);
    let rest = rest.strip_prefix(':')?;
    Some(rest.trim_start_matches(['*', ' ', '\t']))
}

/// Words that end the expression and start an explanation (FR-3).
const REASONING_WORDS: &[&str] = &[
    "where",
    "with",
    "for",
    "if",
    "when",
    "which",
    "since",
    "because",
    "therefore",
    "hence",
    "thus",
    "so",
    "and",
    "valid",
    "on",
];

/// Cleans a candidate right-hand side (FR-3): delimiters, a repeated
/// `u(x) =`, explanations after the expression, trailing punctuation.
///
/// ```
/// use scorespec::score::fredholm::parse::clean_expression;
/// assert_eq!(clean_expression("$x^2 + 1$."), "x^2 + 1");
/// assert_eq!(clean_expression("C sin(pi x), where C is arbitrary."), "C sin(pi x)");
/// ```
pub fn clean_expression(raw: &str) -> String {
    let mut s = raw.trim().to_string();
    // LaTeX math delimiters.
    s = s.replace('$', "");
    for d in ["\\(", "\\)", "\\[", "\\]"] {
        s = s.replace(d, " ");
    }
    // Markdown emphasis or code around the expression.
    let t = s.trim().trim_matches('`').trim();
    let t = t.strip_prefix("**").unwrap_or(t);
    let t = t.strip_suffix("**").unwrap_or(t);
    s = t.trim().to_string();
    // A repeated `u(x) =` prefix.
    let mut start = 0;
    while let Some(rhs) = u_at(&s, start) {
        start = rhs;
    }
    s.drain(..start);
    // Explanations: a reasoning word after a boundary, or a new sentence.
    let b = s.as_bytes();
    let mut cut = s.len();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c == b'.' && i + 1 < b.len() && b[i + 1].is_ascii_whitespace() {
            let rest = s[i + 1..].trim_start();
            if rest.starts_with(|ch: char| ch.is_ascii_alphabetic()) {
                cut = i;
                break;
            }
        }
        if c.is_ascii_alphabetic() && (i == 0 || !is_word_byte(b[i - 1]) && b[i - 1] != b'\\') {
            let mut j = i;
            while j < b.len() && b[j].is_ascii_alphabetic() {
                j += 1;
            }
            let word = lower(&s[i..j]);
            let boundary_before = i > 0 && matches!(b[i - 1], b' ' | b'\t' | b'(' | b'{' | b',');
            let boundary_after = j >= b.len() || matches!(b[j], b' ' | b'\t' | b'}' | b':');
            if boundary_before && boundary_after && REASONING_WORDS.contains(&word.as_str()) {
                cut = i;
                break;
            }
            i = j;
            continue;
        }
        i += 1;
    }
    s.truncate(cut);
    // Remnants before the cut and trailing punctuation, stripped from a
    // borrowed slice (one pass; the string is shortened once at the end).
    let mut t = s.as_str();
    loop {
        let u = t.trim_end();
        let u = u
            .strip_suffix("\\text{")
            .or_else(|| u.strip_suffix("\\mathrm{"))
            .or_else(|| u.strip_suffix("\\quad"))
            .or_else(|| u.strip_suffix("\\qquad"))
            .or_else(|| u.strip_suffix("\\,"))
            .or_else(|| u.strip_suffix("\\;"))
            .or_else(|| u.strip_suffix("\\\\"))
            .or_else(|| u.strip_suffix(['.', ',', ';', '(', ':']))
            .unwrap_or(u);
        if u.len() == t.len() {
            break;
        }
        t = u;
    }
    let kept = t.len();
    s.truncate(kept);
    // An unbalanced `(` left by a cut explanation "(where …".
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Names an answer may contain besides Greek letters (the LaTeX reader's
/// list) and function names: constants, LaTeX words, RPN operators; other
/// words of two letters or more are prose.
const KNOWN_WORDS: &[&str] = &[
    "exp", "sqrt", "cbrt", "root", "pi", "oo", "inf", "infty", "infinity", "Infinity", "Integral",
    "Sum", "Function", "dx", "dt", "ds", "neg", "nan", "NaN", "zoo", "abs", "Abs", "Eq", "Max",
    "Min",
];

/// Words that mark a sentence, not an expression.
const PROSE_WORDS: &[&str] = &[
    "no",
    "not",
    "none",
    "is",
    "are",
    "be",
    "the",
    "an",
    "of",
    "does",
    "do",
    "exist",
    "exists",
    "solution",
    "solutions",
    "unique",
    "cannot",
    "can",
    "requires",
    "require",
    "numerical",
    "numerically",
    "method",
    "methods",
    "closed",
    "form",
    "undefined",
    "unknown",
    "there",
    "this",
    "that",
    "it",
    "we",
    "or",
    "to",
    "in",
    "see",
    "above",
    "below",
    "given",
    "by",
    "as",
    "trivial",
    "only",
];

fn is_known_word(w: &str) -> bool {
    KNOWN_WORDS.contains(&w)
        || crate::expr::lexicon::is_greek_command(w)
        || crate::expr::Func::from_name(w).is_some()
}

/// Whether a cleaned candidate is a sentence rather than an expression
/// (FR-4): it contains a prose word (`no`, `solution`, `exists`…), or two
/// or more unknown words of two letters or more. LaTeX command names
/// (`\frac`) are not words; the text of `\text{…}` is.
///
/// ```
/// use scorespec::score::fredholm::parse::looks_like_prose;
/// assert!(looks_like_prose("No solution exists."));
/// assert!(!looks_like_prose("x**2 + sin(x)"));
/// assert!(!looks_like_prose("term1 + term2 + term3 + term4"));
/// ```
pub fn looks_like_prose(s: &str) -> bool {
    let b = s.as_bytes();
    let mut unknown = 0;
    let mut i = 0;
    while i < b.len() {
        if b[i].is_ascii_alphabetic() {
            let start = i;
            while i < b.len() && b[i].is_ascii_alphabetic() {
                i += 1;
            }
            if start > 0 && b[start - 1] == b'\\' {
                continue; // a LaTeX command
            }
            if i < b.len() && (b[i].is_ascii_digit() || b[i] == b'_') {
                continue; // an identifier (term1, c_1): words have no digits
            }
            // Part of an identifier with digits or underscores (c_1, x2) or a
            // subscript: only the letters matter.
            let w = &s[start..i];
            if w.len() < 2 || is_known_word(w) {
                continue;
            }
            if PROSE_WORDS.contains(&lower(w).as_str()) {
                return true;
            }
            unknown += 1;
            if unknown >= 2 {
                return true;
            }
        } else {
            i += 1;
        }
    }
    false
}

fn is_rpn_operator(tok: &str) -> bool {
    matches!(
        tok,
        "+" | "-" | "*" | "/" | "^" | "**" | "neg" | "sqrt" | "exp"
    ) || crate::expr::Func::from_name(tok).is_some()
}

/// Detects the format of an expression (FR-5): LaTeX when it has a
/// backslash or braces, RPN when it is two or more space-separated tokens
/// without brackets ending in an operator, infix otherwise.
///
/// ```
/// use scorespec::score::fredholm::parse::detect_format;
/// use scorespec::expr::api::Format;
/// assert_eq!(detect_format("x 2 ^ x sin +"), Format::Rpn);
/// assert_eq!(detect_format("x**2 + sin(x)"), Format::Infix);
/// assert_eq!(detect_format("x^{2} + \\sin(x)"), Format::Latex);
/// ```
pub fn detect_format(s: &str) -> Format {
    if s.contains('\\') || s.contains('{') {
        return Format::Latex;
    }
    let toks: Vec<&str> = s.split_whitespace().collect();
    if toks.len() >= 2
        && !s.contains(['(', ')', '[', ']', ','])
        && toks.last().is_some_and(|t| is_rpn_operator(t))
    {
        return Format::Rpn;
    }
    Format::Infix
}

/// Rewrites Unicode subscript and superscript digits and signs as LaTeX
/// groups (`a₁₂x²` → `a_{12}x^{2}`); `None` when there are none.
fn unicode_scripts_to_latex(s: &str) -> Option<String> {
    const SUB: &str = "₀₁₂₃₄₅₆₇₈₉₊₋";
    const SUP: &str = "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻";
    const PLAIN: &[char] = &['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '+', '-'];
    let class = |c: char| {
        SUB.chars()
            .position(|x| x == c)
            .map(|i| ('_', PLAIN[i]))
            .or_else(|| SUP.chars().position(|x| x == c).map(|i| ('^', PLAIN[i])))
    };
    if !s.chars().any(|c| class(c).is_some()) {
        return None;
    }
    let mut out = String::with_capacity(s.len() + 8);
    let mut open: Option<char> = None;
    for c in s.chars() {
        match (class(c), open) {
            (Some((k, d)), Some(o)) if k == o => out.push(d),
            (Some((k, d)), _) => {
                if open.is_some() {
                    out.push('}');
                }
                out.push(k);
                out.push('{');
                out.push(d);
                open = Some(k);
            }
            (None, _) => {
                if open.take().is_some() {
                    out.push('}');
                }
                out.push(c);
            }
        }
    }
    if open.is_some() {
        out.push('}');
    }
    Some(out)
}

/// Parses `s` in `format` (or the detected one) into its canonical form.
/// In LaTeX format, text written in infix (`x**2 + sin(x)`) is read as
/// infix when the LaTeX reading fails (FR-6).
pub fn parse_expression(
    s: &str,
    format: Option<Format>,
    limits: &Limits,
) -> Result<(Expr, Format), String> {
    // Unicode sub- and superscripts (a₀, x²) are read as LaTeX (a_{0}, x^{2}).
    let converted;
    let (s, format) = match (format, unicode_scripts_to_latex(s)) {
        (None | Some(Format::Latex), Some(t)) => {
            converted = t;
            (converted.as_str(), Some(Format::Latex))
        }
        _ => (s, format),
    };
    let f = format.unwrap_or_else(|| detect_format(s));
    let order: &[Format] = match (format, f) {
        // A given format is used alone, except that LaTeX also reads infix
        // (the original converts LaTeX to infix and then parses infix).
        (Some(Format::Latex), _) => &[Format::Latex, Format::Infix],
        (Some(Format::Infix), _) => &[Format::Infix],
        (Some(Format::Rpn), _) => &[Format::Rpn],
        (None, Format::Latex) => &[Format::Latex, Format::Infix],
        (None, Format::Rpn) => &[Format::Rpn, Format::Infix],
        (None, Format::Infix) => &[Format::Infix, Format::Latex],
    };
    let mut first_err = None;
    for &g in order {
        match expr_api::parse(s, g, limits) {
            Ok(e) => return Ok((e, g)),
            Err(e) => {
                if first_err.is_none() {
                    first_err = Some(e.to_string());
                }
            }
        }
    }
    Err(first_err.unwrap_or_else(|| "no format".into()))
}

/// The `REASONING:` section (to the next marker line or the end), else the
/// numbered steps (`Step 1: …`, `1. …`), else `None`.
fn extract_reasoning(response: &str) -> Option<String> {
    let lines: Vec<&str> = response.lines().collect();
    let is_marker = |l: &str| {
        [
            "SOLUTION",
            "HAS_SOLUTION",
            "SOLUTION_TYPE",
            "SOLUTION_EXISTS",
            "HAS SOLUTION",
            "SOLUTION TYPE",
        ]
        .iter()
        .any(|m| after_marker(l, m).is_some())
    };
    if let Some(start) = lines
        .iter()
        .rposition(|l| after_marker(l, "REASONING").is_some())
    {
        let mut parts = vec![after_marker(lines[start], "REASONING").unwrap_or("")];
        for l in &lines[start + 1..] {
            if is_marker(l) {
                break;
            }
            parts.push(l);
        }
        let text = parts.join("\n").trim().to_string();
        if !text.is_empty() {
            return Some(text);
        }
    }
    let steps: Vec<&str> = lines
        .iter()
        .map(|l| l.trim())
        .filter(|l| {
            let lo = lower(l);
            if let Some(r) = lo.strip_prefix("step") {
                return r.trim_start().starts_with(|c: char| c.is_ascii_digit());
            }
            let digits = l.bytes().take_while(u8::is_ascii_digit).count();
            digits > 0 && matches!(l.as_bytes().get(digits), Some(b'.' | b')' | b']'))
        })
        .collect();
    if steps.is_empty() {
        None
    } else {
        Some(steps.join("\n"))
    }
}

fn yes_no(value: &str) -> Option<bool> {
    let v = lower(
        value
            .trim()
            .trim_matches(|c: char| !c.is_ascii_alphanumeric()),
    );
    let first: String = v
        .chars()
        .take_while(|c| c.is_ascii_alphabetic() || *c == '/')
        .collect();
    match first.as_str() {
        "yes" | "true" | "y" => return Some(true),
        "no" | "false" | "n" | "none" | "n/a" => return Some(false),
        _ => {}
    }
    let words: Vec<&str> = v
        .split(|c: char| !c.is_ascii_alphabetic())
        .filter(|w| !w.is_empty())
        .collect();
    let no = words
        .iter()
        .any(|w| matches!(*w, "no" | "not" | "false" | "none"));
    let yes = words
        .iter()
        .any(|w| matches!(*w, "yes" | "true" | "exists" | "exist"));
    // Both (an echoed template `[yes/no]`) or neither: no answer here.
    match (yes, no) {
        (true, false) => Some(true),
        (false, true) => Some(false),
        _ => None,
    }
}

/// `HAS_SOLUTION:` / `SOLUTION_EXISTS:` (last marker with a yes/no value).
fn marker_has_solution(response: &str) -> Option<bool> {
    response.lines().rev().find_map(|l| {
        [
            "HAS_SOLUTION",
            "HAS SOLUTION",
            "SOLUTION_EXISTS",
            "SOLUTION EXISTS",
        ]
        .iter()
        .find_map(|m| after_marker(l, m))
        .and_then(yes_no)
    })
}

/// Phrases that say there is no solution (FR-7).
const NO_SOLUTION_PHRASES: &[&str] = &[
    "no solution exists",
    "no solution exist",
    "no solutions exist",
    "no unique solution exists",
    "solution does not exist",
    "solutions do not exist",
    "has no solution",
    "have no solution",
    "admits no solution",
    "there is no solution",
];

fn says_no_solution(response: &str) -> bool {
    let lo = lower(response);
    let norm: String = lo.split_whitespace().collect::<Vec<_>>().join(" ");
    NO_SOLUTION_PHRASES.iter().any(|p| norm.contains(p))
}

/// `SOLUTION_TYPE:` from its own line (last valid occurrence), normalized
/// (spaces and hyphens to underscores, lower case) and checked against the
/// seven types; a longer value starting with a type gives that type.
fn extract_solution_type(response: &str) -> Option<SolutionType> {
    response.lines().rev().find_map(|l| {
        let v = ["SOLUTION_TYPE", "SOLUTION TYPE", "SOLUTION-TYPE"]
            .iter()
            .find_map(|m| after_marker(l, m))?;
        let v: String = v
            .trim()
            .trim_start_matches(|c: char| !c.is_ascii_alphanumeric())
            .chars()
            .map(|c| match c {
                ' ' | '\t' | '-' => '_',
                c => c.to_ascii_lowercase(),
            })
            .collect();
        let mut best: Option<SolutionType> = None;
        for &t in SolutionType::ALL {
            if let Some(rest) = v.strip_prefix(t.as_str()) {
                let ends = rest
                    .chars()
                    .next()
                    .is_none_or(|c| !c.is_ascii_alphanumeric() || c == '_');
                if ends && best.is_none_or(|b| t.as_str().len() > b.as_str().len()) {
                    best = Some(t);
                }
            }
        }
        best
    })
}

/// Reads a list of points `[(x1, y1), (x2, y2), …]`: from the `SOLUTION:`
/// line first, else the first such list in the response. At least two
/// finite points are needed.
///
/// ```
/// use scorespec::score::fredholm::parse::extract_discrete_points;
/// let (text, pts) = extract_discrete_points("SOLUTION: [(0.0, 1.2), (0.5, 2.4)]").unwrap();
/// assert_eq!(text, "[(0.0, 1.2), (0.5, 2.4)]");
/// assert_eq!(pts, vec![[0.0, 1.2], [0.5, 2.4]]);
/// ```
pub fn extract_discrete_points(response: &str) -> Option<(String, Vec<[f64; 2]>)> {
    let from_marker = response
        .lines()
        .rev()
        .find_map(|l| after_marker(l, "SOLUTION"))
        .and_then(|s| s.find('[').map(|i| &s[i..]))
        .and_then(point_list);
    from_marker.or_else(|| {
        // A point list has no nested brackets: each `]` closes the segment
        // from the last `[` before it, so every byte is looked at once.
        let mut open = None;
        for (i, c) in response.bytes().enumerate() {
            match c {
                b'[' => open = Some(i),
                b']' => {
                    if let Some(r) = open.take().and_then(|o| point_list(&response[o..=i])) {
                        return Some(r);
                    }
                }
                _ => {}
            }
        }
        None
    })
}

/// Parses a point list at the start of `s` (which starts with `[`).
fn point_list(s: &str) -> Option<(String, Vec<[f64; 2]>)> {
    let end = s.find(']')?;
    let inner = &s[1..end];
    let mut pts = Vec::new();
    let mut rest = inner.trim();
    while !rest.is_empty() {
        let r = rest.strip_prefix('(')?;
        let close = r.find(')')?;
        let (xs, ys) = r[..close].split_once(',')?;
        let x: f64 = xs.trim().parse().ok()?;
        let y: f64 = ys.trim().parse().ok()?;
        if !x.is_finite() || !y.is_finite() || x.abs() >= 1e10 || y.abs() >= 1e10 {
            return None;
        }
        pts.push([x, y]);
        rest = r[close + 1..].trim_start();
        rest = rest.strip_prefix(',').unwrap_or(rest).trim_start();
    }
    if pts.len() < 2 {
        return None;
    }
    Some((s[..=end].to_string(), pts))
}

/// The candidate solution strings, in the document's order of strategies
/// (FR-2): the last `u(x) =` line, the `SOLUTION:` marker, the first generic
/// `u(x) =` up to the end of its line or sentence, a one-line response.
fn candidates(response: &str) -> Vec<(Strategy, String)> {
    let mut out = Vec::new();
    // 1. The last line with `u(x) =`: the right-hand side of its last occurrence.
    if let Some(line) = response.lines().rev().find(|l| !u_equals(l).is_empty()) {
        if let Some(&(_, rhs)) = u_equals(line).last() {
            out.push((Strategy::ULine, line[rhs..].to_string()));
        }
    }
    // 2. The `SOLUTION:` marker (last one); an empty marker line takes the next line.
    let lines: Vec<&str> = response.lines().collect();
    if let Some(i) = lines
        .iter()
        .rposition(|l| after_marker(l, "SOLUTION").is_some())
    {
        let mut text = after_marker(lines[i], "SOLUTION").unwrap_or("").trim();
        if text.is_empty() {
            text = lines[i + 1..]
                .iter()
                .map(|l| l.trim())
                .find(|l| !l.is_empty())
                .unwrap_or("");
        }
        if !text.is_empty() {
            out.push((Strategy::SolutionMarker, text.to_string()));
        }
    }
    // 3. Generic: the first `u(x) =`, to the end of the line or a sentence end.
    if let Some(&(_, rhs)) = u_equals(response).first() {
        let rest = &response[rhs..];
        let mut end = rest.find('\n').unwrap_or(rest.len());
        let b = rest.as_bytes();
        for (i, &c) in b.iter().enumerate().take(end) {
            if c == b'.' && (i + 1 == b.len() || b[i + 1].is_ascii_whitespace()) {
                end = i;
                break;
            }
        }
        out.push((Strategy::Generic, rest[..end].to_string()));
    }
    // 4. A response of one line is the expression itself (the document's
    //    full-response parse, Strategy 1.3).
    let whole = response.trim();
    if !whole.is_empty() && !whole.contains('\n') {
        out.push((Strategy::WholeResponse, whole.to_string()));
    }
    out
}

/// Parses one LLM response (document 003, Parts 1–4 and 7).
///
/// `format` is the expected format of the solution, or `None` to detect it.
///
/// ```
/// use scorespec::score::fredholm::parse::parse_output;
/// let r = parse_output("To solve...\nSOLUTION: u(x) = x**2 + sin(x)\n...", None);
/// assert_eq!(r.solution.as_deref(), Some("x**2 + sin(x)"));
/// assert_eq!(r.has_solution, Some(true));
/// assert_eq!(r.confidence, 0.8);
/// let r = parse_output("HAS_SOLUTION: no\nSOLUTION: No solution exists.", None);
/// assert_eq!((r.solution, r.has_solution), (None, Some(false)));
/// ```
pub fn parse_output(response: &str, format: Option<Format>) -> ParsedOutput {
    let limits = Limits::default();
    let mut out = ParsedOutput {
        solution_str: None,
        solution: None,
        has_solution: None,
        solution_type: None,
        reasoning: None,
        confidence: 0.0,
        format: None,
        strategy: None,
        discrete_points: None,
        parse_error: None,
    };
    if response.trim().is_empty() {
        return out;
    }
    out.solution_type = extract_solution_type(response);
    out.reasoning = extract_reasoning(response);
    if out.solution_type == Some(SolutionType::DiscretePoints) {
        if let Some((text, pts)) = extract_discrete_points(response) {
            out.solution_str = Some(text);
            out.discrete_points = Some(pts);
            out.strategy = Some(Strategy::DiscretePoints);
            out.confidence = CONFIDENCE_PARSED;
        } else {
            out.confidence = CONFIDENCE_UNPARSED;
        }
    } else {
        let mut unparsed: Option<(Strategy, Option<String>, String)> = None;
        for (strategy, raw) in candidates(response) {
            // The engine's input bound applies before any cleaning (FR-13):
            // a longer candidate is refused as it stands, never cleaned.
            if raw.len() > limits.max_input_bytes {
                if unparsed.is_none() {
                    let why = format!(
                        "the solution candidate is {} bytes; the expression engine reads at most {}",
                        raw.len(),
                        limits.max_input_bytes
                    );
                    unparsed = Some((strategy, None, why));
                }
                continue;
            }
            let cleaned = clean_expression(&raw);
            if cleaned.is_empty() || looks_like_prose(&cleaned) {
                continue;
            }
            match parse_expression(&cleaned, format, &limits) {
                Ok((e, f)) => {
                    out.solution = Some(to_infix(&e));
                    out.solution_str = Some(cleaned);
                    out.format = Some(f);
                    out.strategy = Some(strategy);
                    out.confidence = if f == Format::Rpn {
                        CONFIDENCE_RPN
                    } else {
                        CONFIDENCE_PARSED
                    };
                    break;
                }
                Err(why) => {
                    if unparsed.is_none() {
                        unparsed = Some((strategy, Some(cleaned), why));
                    }
                }
            }
        }
        if out.solution.is_none() {
            if let Some((strategy, s, why)) = unparsed {
                out.solution_str = s;
                out.strategy = Some(strategy);
                out.parse_error = Some(why);
                out.confidence = CONFIDENCE_UNPARSED;
            }
        }
    }
    out.has_solution = marker_has_solution(response).or_else(|| {
        if says_no_solution(response) || out.solution_type == Some(SolutionType::None) {
            Some(false)
        } else {
            Some(out.solution_str.is_some())
        }
    });
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strategies_and_cleaning() {
        let r = parse_output("Thus u(x) = C sin(pi x), where C is arbitrary.", None);
        assert_eq!(r.solution.as_deref(), Some("C*sin(pi*x)"));
        let r = parse_output("$u(x) = x^2 + 1$.", None);
        assert_eq!(r.solution.as_deref(), Some("x**2 + 1"));
        let r = parse_output("\\(u(x) = e^{-x}\\cos(x)\\)", None);
        assert_eq!(r.solution.as_deref(), Some("exp(-x)*cos(x)"));
        let r = parse_output("u(x) ≈ 1 + 0.5*x + 0.25*x**2", None);
        assert_eq!(r.solution.as_deref(), Some("x**2/4 + x/2 + 1"));
        let r = parse_output("SOLUTION: x 2 ^ x sin +", None);
        assert_eq!(r.solution.as_deref(), Some("x**2 + sin(x)"));
        assert_eq!((r.format, r.confidence), (Some(Format::Rpn), 0.7));
    }

    #[test]
    fn adversarial_inputs_are_linear() {
        // Quadratic scans would take minutes on these.
        let many_u = "u(x)=".repeat(200_000);
        let r = parse_output(&many_u, None);
        assert!(r.solution.is_none());
        let brackets = format!("SOLUTION_TYPE: discrete_points\n{}]", "[".repeat(1_000_000));
        assert!(parse_output(&brackets, None).discrete_points.is_none());
    }

    #[test]
    fn a_candidate_above_the_engine_bound_is_not_cleaned() {
        // The bound applies before cleaning: 1 MiB of `(` would clean to
        // nothing (no error); refused as it stands, it names the limit.
        for response in [
            "(".repeat(1 << 20),
            format!("x{}", ".".repeat(1 << 20)),
            format!("u(x) = {}", "(".repeat(1 << 20)),
        ] {
            let r = parse_output(&response, None);
            assert_eq!(r.solution_str, None);
            assert_eq!(r.confidence, CONFIDENCE_UNPARSED);
            let why = r.parse_error.expect("a parse error");
            assert!(why.contains("engine reads at most 16384"), "{why}");
        }
        // Just under the bound the candidate is cleaned as before.
        let r = parse_output(&format!("u(x) = x{}", ".".repeat(16_000)), None);
        assert_eq!(r.solution.as_deref(), Some("x"));
    }

    #[test]
    fn trailing_punctuation_is_stripped_in_one_pass() {
        // Every stripped character used to copy the rest of the string.
        let long = format!("x + 1{}", " .:;,(".repeat(200_000));
        assert_eq!(clean_expression(&long), "x + 1");
        assert_eq!(clean_expression("x \\quad\\text{ .,"), "x");
    }

    #[test]
    fn prose_is_not_an_expression() {
        assert!(looks_like_prose("No solution exists"));
        assert!(looks_like_prose("\\text{No solution}"));
        assert!(!looks_like_prose("x**2 + sin(x)"));
        assert!(!looks_like_prose("c_1*cosh(x) + c_2*exp(-x)"));
        assert!(!looks_like_prose("\\frac{x}{2} + \\lambda x"));
        let r = parse_output("u(x) = No solution exists.", None);
        assert_eq!((r.solution_str, r.has_solution), (None, Some(false)));
    }

    #[test]
    fn markers() {
        let r = parse_output(
            "HAS_SOLUTION: yes\nSOLUTION_TYPE: exact_symbolic\nREASONING: easy\nSOLUTION: u(x) = x",
            None,
        );
        assert_eq!(r.has_solution, Some(true));
        assert_eq!(r.solution_type, Some(SolutionType::ExactSymbolic));
        assert_eq!(r.reasoning.as_deref(), Some("easy"));
        let r = parse_output("SOLUTION_TYPE: approx coef\nmore", None);
        assert_eq!(r.solution_type, Some(SolutionType::ApproxCoef));
        assert_eq!(r.has_solution, Some(false));
        let r = parse_output("SOLUTION_TYPE: polynomial\nu(x) = x", None);
        assert_eq!(r.solution_type, None);
        let r = parse_output("  \n ", None);
        assert_eq!(
            (r.has_solution, r.confidence, r.solution_str),
            (None, 0.0, None)
        );
        let r = parse_output(
            "SOLUTION_TYPE: discrete_points\nSOLUTION: [(0.0, 1.2), (0.5, 2.4)]",
            None,
        );
        assert_eq!(r.discrete_points, Some(vec![[0.0, 1.2], [0.5, 2.4]]));
    }
}
