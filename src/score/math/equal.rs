//! `math.equal`: whether two math answers are the same answer (document 004,
//! rules ME-1… of spec/math.md, section "Equivalence").
//!
//! [`equal`] takes the reference and the prediction as written (LaTeX, with or
//! without `$…$`, `\boxed{}`), puts both in a plain form ([`prepare`]), and
//! decides with the first rule that applies:
//!
//! | rule | decision |
//! |---|---|
//! | `date_time` | a side is a date, weekday or clock time (ME-14): equal when both name the same |
//! | `no_answer` | a side is empty after preparation: outcome `no_answer` |
//! | `literal` | the prepared texts are the same (words: case-insensitive) |
//! | `ascii_only` | a side keeps a non-ASCII character (option `ascii_only`): not equal |
//! | `boolean` | yes/true/no/false on either side: equal when both say the same |
//! | `list` | a bare list `a, b, c` (also `a and b`, `a; b`): an unordered collection of answers |
//! | `label` | `x = 3` against `3`: an equation whose left side is a name (`x`, `f(x)`, `|AB|`, `(p, q)`) stands for its right side; a chain `x = 1+1 = 2` for its last side |
//! | `units` | quantities with units are converted to SI with exact factors (`0.5 km` = `500 m`, `5 m` ≠ `5 cm`); a unit on one side only is dropped |
//! | `relation_interval` | `a < x ≤ b` against the interval `(a, b]`, `x > a` against `(a, ∞)` |
//! | `vector` | a tuple against a one-row or one-column matrix, element by element |
//! | `function`, `qualifier` | `f(z) = z` against `f(x) = x`; two trailing qualifiers that differ (ME-18) |
//! | `rounding` | a rounded decimal against an exact value (option `decimal_rounding`, ME-19) |
//! | `percentage` | plain decimals that are 100× each other, a side saying percent (or option `include_percentage`) |
//! | engine rules | `identical`, `numeric_value`, `sample_points`, `equation`, `inequality`, `set`, `tuple`, `matrix`, `interval`, `union`, `plus_minus`, `text`, `kind` (spec/expr.md EX-5) |
//!
//! It never fails: a side that does not parse gives the outcome
//! `unparseable`, a bound of the expression engine `budget_exceeded`. It is
//! symmetric in its two arguments.
//!
//! ```
//! use scorespec::score::math::equal::{equal, EqualOptions, Outcome};
//! let o = EqualOptions::default();
//! assert!(equal(r"\frac{1}{2}", "0.5", &o).equal);
//! assert!(equal("3.54*10^{-7}", "3.54e-07", &o).equal);
//! assert!(!equal("[0,3)", "[0,1]", &o).equal);
//! assert_eq!(equal("5", "", &o).outcome, Outcome::NoAnswer);
//! ```
//!
//! # Differences with the document
//!
//! See spec/math.md ME-D*: bare lists are unordered (symeval compares them in
//! order unless `compare_sets`); the percentage reading needs a percent sign
//! and the absolute tolerance applies near zero only unless the document's
//! options are set ([`EqualOptions::document`]); units
//! are compared, not stripped; `\log` is natural (math-verify: base 10).

use num_traits::Signed;
use serde::Serialize;

use crate::expr::api::{Format, parse};
use crate::expr::canon::canonical;
use crate::expr::equiv::{self, EquivOptions};
use crate::expr::print::to_infix;
use crate::expr::{Constant, Expr, ExprError, Func, Interval, Limits, RelOp};
use crate::text::brackets::{self, Escapes};

pub use super::rule::{EngineRule, Rule};
use super::units::{self, UnitPart};
use super::words;

/// Options of [`equal`], with the document's defaults.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct EqualOptions {
    /// Relative tolerance of a numeric comparison (default 1e-9).
    pub rel_tol: f64,
    /// Absolute tolerance of a numeric comparison (default 1e-8), applied
    /// near zero only: two non-zero numbers compare by `rel_tol` (ME-12).
    pub abs_tol: f64,
    /// Whether `abs_tol` applies to every pair of numbers, as document 004
    /// does (`|a − b| ≤ abs_tol + rel_tol·max(|a|, |b|)`, so every two numbers
    /// below 1e-8 are equal); default false.
    pub abs_tol_everywhere: bool,
    /// Whether plain decimals that are 100× each other match without a
    /// percent sign on either side (`3.04` ~ `0.0304`, document 004's
    /// default); default false: a side must say percent (`28\%` ~ `28`, ME-8).
    pub include_percentage: bool,
    /// Relative tolerance of the percentage reading (default 1e-3).
    pub percent_rel_tol: f64,
    /// Whether tuples are compared as sets (`(1,2)` ~ `(2,1)`; default false).
    pub compare_sets: bool,
    /// Whether an answer keeping a non-ASCII character is refused (default true).
    pub ascii_only: bool,
    /// Whether a standalone angle in degrees is read in radians (`90^\circ` ~ `\frac{\pi}{2}`);
    /// by default it is read as the plain number (`90^\circ` ~ `90`). Default false.
    pub degrees_as_radians: bool,
    /// Whether a *prediction* written as a relation (`-2 \le x \le 7`)
    /// matches a *reference* interval or union (`x \in [-2,7]`) (ME-7;
    /// default true). Off, only that direction is refused — a reference
    /// relation still accepts its interval — so the verdict is no longer
    /// symmetric: math-verify's `allow_set_relation_comp`.
    pub relation_for_interval: bool,
    /// Whether a rounded decimal (three significant digits or more, at least
    /// one decimal place: `30.52`, `0.333`) matches an exact value that rounds
    /// to it at its decimal places (`\frac{2747}{90}` = 30.5222…; ME-19);
    /// never another decimal (`0.54` is not `0.5`, `30.5` is not `30.52`).
    /// Default false.
    pub decimal_rounding: bool,
}

impl Default for EqualOptions {
    fn default() -> Self {
        EqualOptions {
            rel_tol: 1e-9,
            abs_tol: 1e-8,
            abs_tol_everywhere: false,
            include_percentage: false,
            percent_rel_tol: 1e-3,
            compare_sets: false,
            ascii_only: true,
            degrees_as_radians: false,
            relation_for_interval: true,
            decimal_rounding: false,
        }
    }
}

impl EqualOptions {
    /// Document 004's defaults (symeval's `EvaluatorMathBatch()`): the
    /// percentage reading without a percent sign and the absolute tolerance
    /// everywhere — two readings that are false positives in production
    /// (spec/math.md, "Differences with the document").
    ///
    /// ```
    /// use scorespec::score::math::equal::{equal, EqualOptions};
    /// assert!(equal("3.04", "0.0304", &EqualOptions::document()).equal);
    /// assert!(!equal("3.04", "0.0304", &EqualOptions::default()).equal);
    /// ```
    pub fn document() -> Self {
        EqualOptions {
            abs_tol_everywhere: true,
            include_percentage: true,
            ..EqualOptions::default()
        }
    }
}

str_enum! {
    /// The outcome of a comparison; `as_str` is its JSON name.
    pub enum Outcome {
        /// The answers are the same.
        Equal => "equal",
        /// They are not.
        NotEqual => "not_equal",
        /// A side is not a math answer the engine reads (and no text rule decided).
        Unparseable => "unparseable",
        /// A side is empty: no answer was given.
        NoAnswer => "no_answer",
        /// A bound of the expression engine was reached (spec/expr.md EX-6).
        BudgetExceeded => "budget_exceeded",
        /// The engine cannot decide: a side holds an undefined value (`1/0`,
        /// `log 0`) or a value it does not compute (an integral that does not
        /// converge, an unknown function); the rule is `undefined` or
        /// `not_evaluated` (spec/expr.md EX-5). Never counted as equal.
        Undecided => "undecided",
    }
}

/// A verdict with the rule that decided it and both prepared forms.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Verdict {
    /// Whether the answers are the same (`outcome == Equal`).
    pub equal: bool,
    /// The outcome.
    pub outcome: Outcome,
    /// The rule that decided (module documentation).
    pub rule: Rule,
    /// The reference as compared (prepared text, or the canonical form when it parsed).
    pub reference_normalized: String,
    /// The prediction as compared.
    pub prediction_normalized: String,
}

/// Compares a reference answer with a predicted one.
///
/// ```
/// use scorespec::score::math::equal::{equal, EqualOptions};
/// let o = EqualOptions::default();
/// assert!(equal("x+y", "y+x", &o).equal);
/// assert!(equal("no", "false", &o).equal);
/// assert!(!equal("1", "100", &o).equal);
/// assert!(equal(r"0.5\text{ km}", r"500\text{ m}", &o).equal);
/// assert!(!equal(r"\pi", "3.14", &o).equal);
/// ```
pub fn equal(reference: &str, prediction: &str, opts: &EqualOptions) -> Verdict {
    if reference.len() > MAX_ANSWER_BYTES || prediction.len() > MAX_ANSWER_BYTES {
        let cut = |s: &str| s.chars().take(64).collect::<String>();
        return Verdict {
            equal: false,
            outcome: Outcome::BudgetExceeded,
            rule: Rule::Bounds,
            reference_normalized: cut(reference),
            prediction_normalized: cut(prediction),
        };
    }
    // Dates, weekdays and clock times (ME-14) are read before preparation,
    // which would make arithmetic of their digits.
    if !reference.trim().is_empty() && !prediction.trim().is_empty() {
        let (wr, wp) = (words::when(reference), words::when(prediction));
        // A bare `H:MM` against a colon form that is not a time is a ratio.
        let ratio = |w: Option<words::When>, other: &str, wo: Option<words::When>| {
            matches!(w, Some(words::When::Clock(_))) && wo.is_none() && other.contains(':')
        };
        let ratio = ratio(wr, prediction, wp) || ratio(wp, reference, wr);
        if (wr.is_some() || wp.is_some()) && !ratio {
            // An ambiguous numeric date equals only the same text.
            let same = matches!((wr, wp), (Some(a), Some(b)) if words::same(a, b))
                || reference.trim() == prediction.trim();
            let show = |w: Option<words::When>, raw: &str| match w {
                Some(w) => format!("{w:?}"),
                None => raw.trim().to_string(),
            };
            return Verdict {
                equal: same,
                outcome: if same {
                    Outcome::Equal
                } else {
                    Outcome::NotEqual
                },
                rule: Rule::DateTime,
                reference_normalized: show(wr, reference),
                prediction_normalized: show(wp, prediction),
            };
        }
    }
    let (r, rq) = prepare_parts(reference);
    let (p, pq) = prepare_parts(prediction);
    // Two qualifiers must say the same; one alone is dropped (ME-18).
    if let (Some(a), Some(b)) = (&rq, &pq) {
        if a != b {
            return Verdict {
                equal: false,
                outcome: Outcome::NotEqual,
                rule: Rule::Qualifier,
                reference_normalized: format!("{r} {a}"),
                prediction_normalized: format!("{p} {b}"),
            };
        }
    }
    let mut cmp = Comparer {
        opts,
        limits: Limits::default(),
        steps: 0,
    };
    let (mut outcome, mut rule, rn, pn) = cmp.top(&r, &p);
    // ME-7: with `relation_for_interval` off, a relation in the prediction
    // does not answer an interval in the reference (canonical relations
    // print `<`/`>`, intervals and unions do not).
    let relation = |s: &str| s.contains(['<', '>']);
    if rule == Rule::RelationInterval
        && !opts.relation_for_interval
        && relation(&pn)
        && !relation(&rn)
    {
        (outcome, rule) = (Outcome::NotEqual, Rule::Engine(EngineRule::Kind));
    }
    Verdict {
        equal: outcome == Outcome::Equal,
        outcome,
        rule,
        reference_normalized: rn,
        prediction_normalized: pn,
    }
}

/// Whether `s` is an answer `math.equal` reads (MJ-4): not empty after
/// preparation, and a date, a text rule's word or an expression the engine
/// parses.
///
/// ```
/// use scorespec::score::math::equal::readable;
/// assert!(readable("3") && readable("Tuesday") && readable("x+1"));
/// assert!(!readable("") && !readable("$ $") && !readable(r"\frac{1}{"));
/// ```
pub fn readable(s: &str) -> bool {
    if s.len() > MAX_ANSWER_BYTES {
        return false;
    }
    if words::when(s).is_some() {
        return true;
    }
    let (t, _) = prepare_parts(s);
    if t.is_empty() {
        return false;
    }
    let o = EqualOptions::default();
    let cmp = Comparer {
        opts: &o,
        limits: Limits::default(),
        steps: 0,
    };
    boolean(&t).is_some() || cmp.answer(&t).is_ok()
}

/// Compares a prediction with a list of acceptable references: equal when it
/// matches any of them (the first match's verdict); otherwise the verdict
/// against the first reference. An empty list gives `no_answer`.
///
/// ```
/// use scorespec::score::math::equal::{equal_any, EqualOptions};
/// // Document 004's example, under its own options (ME-D8).
/// assert!(equal_any(&["0.0304", "0.0304"], "3.04", &EqualOptions::document()).equal);
/// assert!(equal_any(&["1", "3.04"], "3.04", &EqualOptions::default()).equal);
/// ```
pub fn equal_any(references: &[&str], prediction: &str, opts: &EqualOptions) -> Verdict {
    let mut first: Option<Verdict> = None;
    for r in references {
        let v = equal(r, prediction, opts);
        if v.equal {
            return v;
        }
        first.get_or_insert(v);
    }
    first.unwrap_or_else(|| Verdict {
        equal: false,
        outcome: Outcome::NoAnswer,
        rule: Rule::NoAnswer,
        reference_normalized: String::new(),
        prediction_normalized: prepare(prediction),
    })
}

// ---------------------------------------------------------------------------
// Preparation (ME-2)

/// Longest answer text prepared, in bytes (beyond: `budget_exceeded`; the
/// engine itself reads at most 16 KiB of one expression).
pub const MAX_ANSWER_BYTES: usize = 64 * 1024;

/// Most items of a bare list compared (beyond: `budget_exceeded`).
pub const MAX_LIST_ITEMS: usize = 64;

/// Puts an answer in the plain form the comparison reads (rule ME-2): math
/// delimiters, `\boxed{}` and whole-answer `\text{}` wrappers removed,
/// spacing commands and `\left`/`\right` dropped, currency signs dropped,
/// `\dfrac`/`\tfrac` → `\frac`, `percent` → `\%`, `and`/`or`/`;` → `,`,
/// e-notation → `\times 10^{…}`, trailing punctuation removed.
///
/// ```
/// use scorespec::score::math::equal::prepare;
/// assert_eq!(prepare(r"$\boxed{\dfrac{1}{2}}$."), r"\frac{1}{2}");
/// assert_eq!(prepare(r"\$ 5"), "5");
/// assert_eq!(prepare("3.54e-07"), r"3.54\times10^{-07}");
/// ```
pub fn prepare(s: &str) -> String {
    prepare_parts(s).0
}

/// [`prepare`], with a trailing qualifier (`\text{ for all } x`, `\text{
/// where } …`, ME-18) set apart: the answer, and the qualifier if any.
fn prepare_parts(s: &str) -> (String, Option<String>) {
    let mut t = lex(&undouble_commands(unquote(s)));
    // A mixed number is read before line breaks become spaces (`11\n5/6` is not one).
    // Every pass below runs only when its text can be present (most answers
    // hold none of them): a check of a byte or a substring, not a copy.
    if t.contains('/') && t.contains(' ') {
        t = split_top(&t, ',')
            .into_iter()
            .map(|part| {
                split_equals(part)
                    .into_iter()
                    .map(mixed_number)
                    .collect::<Vec<_>>()
                    .join("=")
            })
            .collect::<Vec<_>>()
            .join(",");
    }
    if t.contains(['\r', '\n', '\t']) {
        t = t.replace("\r\n", " ").replace(['\n', '\r', '\t'], " ");
    }
    if t.contains("\\mathrm{") {
        t = mathrm_units(&t);
    }
    if t.contains(';') {
        t = group_solutions(&t).replace(';', ",");
    }
    if t.contains("\\left") || t.contains("\\right") {
        t = drop_left_right(&t);
    }
    let qualifier = match qualifier_start(&t) {
        Some(k) => {
            let q = t[k..].split_whitespace().collect::<Vec<_>>().join(" ");
            t.truncate(k);
            Some(q)
        }
        None => None,
    };
    if let Some(cond) = set_builder(&t) {
        t = cond;
    }
    // A number in words keeps its "and" (`three hundred and five`, ME-15).
    if let Some(n) = words::number_word(&t) {
        t = n.to_string();
    }
    if t.contains("and") || t.contains("or") {
        t = replace_words(&t);
    }
    if t.contains(['%', 'p']) {
        t = percent_words(&t);
    }
    if t.contains("\\approx") {
        t = approx(&t);
    }
    if t.contains("\\in") {
        t = after_in(&t);
    }
    if t.contains(':') {
        t = t.replace(':', "/");
    }
    if t.contains(['e', 'E']) {
        t = e_notation(&t);
    }
    t = unwrap_all(t);
    // `(C)` → `C`: a choice letter.
    let b = t.as_bytes();
    if b.len() == 3 && b[0] == b'(' && b[2] == b')' && b[1].is_ascii_alphabetic() {
        t = (b[1] as char).to_string();
    }
    // `{1,2}` written without backslashes is a brace group around a list
    // (LaTeX shows `1,2`; `\{1,2\}` is the set): the list.
    if t.starts_with('{') && t.ends_with('}') && closing(&t, 0) == Some(t.len() - 1) {
        let inner = &t[1..t.len() - 1];
        if split_top(inner, ',').len() > 1 {
            t = inner.to_string();
        }
    }
    (trailing_unit_word(t.trim()), qualifier)
}

/// Where a trailing qualifier starts (ME-18): `\text{ for all }`, `\text{
/// where }`, `\text{ when }`, `\text{ if }`, `\forall`, or the words "for
/// all", "for any", "for every", "where", "when" between spaces, at the top
/// level and after something.
fn qualifier_start(t: &str) -> Option<usize> {
    const MARKS: &[&str] = &[
        "\\text{ for ",
        "\\text{for ",
        "\\text{ where",
        "\\text{where",
        "\\text{ when",
        "\\text{when",
        "\\text{ if ",
        "\\text{if ",
        "\\forall",
        " for all ",
        " for any ",
        " for every ",
        " where ",
        " when ",
    ];
    if !t.contains("\\text{")
        && !t.contains("\\forall")
        && !t.contains(" w")
        && !t.contains(" for ")
    {
        return None;
    }
    let b = t.as_bytes();
    let mut depth = 0i64;
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'{' | b'(' | b'[' => depth += 1,
            b'}' | b')' | b']' => depth -= 1,
            _ => {}
        }
        if depth == 0
            && i > 0
            && MARKS.iter().any(|m| b[i..].starts_with(m.as_bytes()))
            && !t[..i].trim().is_empty()
        {
            return Some(i);
        }
        i += 1;
    }
    None
}

/// `\{x \mid x < 3\}`, `\{x : x < 3\}`, `\{x | x < 3\}`, `\{x \in
/// \mathbb{R} \mid x < 3\}` → `x < 3`: a set of reals written by its
/// condition is the condition, which compares with intervals (ME-7, ME-17).
fn set_builder(t: &str) -> Option<String> {
    let inner = t.trim().strip_prefix("\\{")?.strip_suffix("\\}")?;
    let (k, len) = ["\\mid", ":", "|"]
        .iter()
        .find_map(|m| inner.find(m).map(|k| (k, m.len())))?;
    let head = inner[..k].trim();
    let head = match head.split_once("\\in") {
        Some((v, set)) if words::number_set(set) == Some("(-\\infty,\\infty)") => v.trim(),
        Some(_) => return None,
        None => head,
    };
    let cond = inner[k + len..].trim();
    (is_variable(head) && !cond.is_empty()).then(|| cond.to_string())
}

/// `125 miles` → `125\text{ miles}`: a number followed by one plain word
/// that names a unit of the table (ME-9) is that quantity, as if the word
/// were in `\text{}` (an answer written outside math mode: `$125$ miles`).
fn trailing_unit_word(t: &str) -> String {
    if let Some((num, word)) = t.rsplit_once(' ') {
        let num = num.trim_end();
        let is_number = !num.is_empty()
            && num.starts_with(|c: char| c.is_ascii_digit() || c == '-' || c == '.')
            && num
                .bytes()
                .all(|c| c.is_ascii_digit() || matches!(c, b'.' | b'-' | b'{' | b'}' | b','));
        if is_number
            && word.len() >= 2
            && word.bytes().all(|c| c.is_ascii_alphabetic())
            && units::lookup(word).is_some()
        {
            return format!("{num}\\text{{ {word}}}");
        }
    }
    t.to_string()
}

/// An answer in quotes (`"12 and 13"`, or `\"…\"` escaped as in JSON
/// written into the text) is the quoted text (ME-2).
fn unquote(s: &str) -> &str {
    let t = s.trim();
    for q in ["\\\"", "\""] {
        if let Some(inner) = t.strip_prefix(q).and_then(|t| t.strip_suffix(q)) {
            return inner.trim();
        }
    }
    // Unquoted: untouched (a trailing `\ ` is a spacing command, not a space to trim).
    s
}

/// The one pass of preparation over the text (ME-2): Unicode signs to
/// LaTeX; spacing commands, `\displaystyle`, `\noindent`, `$`, `\$`,
/// `\euro` and currency signs removed, `~` and `\quad` to spaces;
/// `\dfrac \tfrac \cfrac` → `\frac`, `\lt \gt` → `< >`, `\textnormal` →
/// `\text`; `\text{ and }`, `\text{or}` → `,`; `infinity` → `\infty`;
/// thousands separators `,\!` and `{, }` → `{,}` (spaces around `{,}`
/// dropped); `!=` → `\ne` where `!` is no factorial. Commands are matched
/// whole (`\ltimes` is not `\lt`); `\\` (a row break) is kept.
fn lex(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = String::with_capacity(s.len() + 8);
    let mut i = 0;
    // Whether the last byte written is a digit or a closing bracket (`!` is
    // then a factorial).
    let factorial_before = |out: &String| {
        out.as_bytes()
            .last()
            .is_some_and(|c| c.is_ascii_digit() || matches!(c, b')' | b'}' | b']'))
    };
    while i < b.len() {
        let c = b[i];
        match c {
            b'\\' => {
                let next = b.get(i + 1).copied();
                match next {
                    Some(b'\\') => {
                        out.push_str("\\\\");
                        i += 2;
                    }
                    Some(b'!' | b',' | b';' | b':' | b'$') => i += 2,
                    Some(b' ') => {
                        out.push(' ');
                        i += 2;
                    }
                    Some(l) if l.is_ascii_alphabetic() => {
                        let mut j = i + 1;
                        while j < b.len() && b[j].is_ascii_alphabetic() {
                            j += 1;
                        }
                        // A spacing or formatting command glued to the
                        // letters after it (`\quadx_{2}`, a lost space) ends
                        // where its name does.
                        if let Some(k) = ["displaystyle", "noindent", "qquad", "quad"]
                            .iter()
                            .find(|p| s[i + 1..j].len() > p.len() && s[i + 1..j].starts_with(*p))
                            .map(|p| i + 1 + p.len())
                        {
                            j = k;
                        }
                        let name = &s[i + 1..j];
                        match name {
                            "displaystyle" | "noindent" | "euro" => {}
                            "quad" | "qquad" => out.push(' '),
                            "dfrac" | "tfrac" | "cfrac" => out.push_str("\\frac"),
                            "lt" => out.push('<'),
                            "gt" => out.push('>'),
                            "text" | "textnormal" => {
                                let rest = &s[j..];
                                let word = ["{ and }", "{and}", "{ or }", "{or}"]
                                    .iter()
                                    .find(|w| rest.starts_with(*w));
                                if let Some(w) = word {
                                    out.push(',');
                                    j += w.len();
                                } else if rest.starts_with("{infinity}") {
                                    out.push_str("\\infty");
                                    j += "{infinity}".len();
                                } else {
                                    out.push_str("\\text");
                                }
                            }
                            _ => out.push_str(&s[i..j]),
                        }
                        i = j;
                    }
                    Some(_) => {
                        let n = s[i + 1..].chars().next().map_or(0, char::len_utf8);
                        out.push_str(&s[i..i + 1 + n]);
                        i += 1 + n;
                    }
                    None => {
                        out.push('\\');
                        i += 1;
                    }
                }
            }
            b'$' => i += 1,
            b'~' => {
                out.push(' ');
                i += 1;
            }
            b',' => {
                // `12,\!000`, `12,\! 000`: a thousands separator.
                let rest = &s[i + 1..];
                if let Some(after) = rest.strip_prefix("\\!") {
                    let digits = after.trim_start_matches(' ');
                    if out.ends_with(|d: char| d.is_ascii_digit())
                        && digits.starts_with(|d: char| d.is_ascii_digit())
                    {
                        out.push_str("{,}");
                        i = s.len() - digits.len();
                        continue;
                    }
                }
                out.push(',');
                i += 1;
            }
            b'{' if s[i..].starts_with("{, }") || s[i..].starts_with("{,}") => {
                if out.ends_with(' ') {
                    out.pop();
                }
                out.push_str("{,}");
                i += if s[i..].starts_with("{, }") { 4 } else { 3 };
                if b.get(i) == Some(&b' ') {
                    i += 1;
                }
            }
            b'i' if s[i..].starts_with("infinity") => {
                out.push_str("\\infty");
                i += "infinity".len();
            }
            b'!' if b.get(i + 1) == Some(&b'=') && !factorial_before(&out) => {
                out.push_str("\\ne ");
                i += 2;
            }
            _ if c < 0x80 => {
                out.push(c as char);
                i += 1;
            }
            _ => {
                let ch = s[i..].chars().next().unwrap_or(' ');
                match ch {
                    'π' => out.push_str("\\pi "),
                    '∞' => out.push_str("\\infty "),
                    '−' | '–' => out.push('-'),
                    '×' => out.push_str("\\times "),
                    '÷' => out.push_str("\\div "),
                    '≤' => out.push_str("\\le "),
                    '≥' => out.push_str("\\ge "),
                    '≠' => out.push_str("\\ne "),
                    '∪' => out.push_str("\\cup "),
                    '∩' => out.push_str("\\cap "),
                    '∈' => out.push_str("\\in "),
                    '°' => out.push_str("^\\circ "),
                    '√' => out.push_str("\\sqrt"),
                    '²' => out.push_str("^2"),
                    '³' => out.push_str("^3"),
                    'ℝ' => out.push_str("\\mathbb{R}"),
                    'ℤ' => out.push_str("\\mathbb{Z}"),
                    'ℕ' => out.push_str("\\mathbb{N}"),
                    'ℚ' => out.push_str("\\mathbb{Q}"),
                    'ℂ' => out.push_str("\\mathbb{C}"),
                    '′' => out.push('\''),
                    '″' => out.push_str("''"),
                    '€' | '£' | '¥' | '￥' => {}
                    _ => out.push(ch),
                }
                i += ch.len_utf8();
            }
        }
    }
    out
}

/// `4 4/9` (spaces only) → `4\frac{4}{9}` when the fraction is proper, so the
/// engine reads the mixed number; `11 6/6` is left alone (ambiguous).
fn mixed_number(s: &str) -> String {
    let t = s.trim();
    let (sign, body) = match t.strip_prefix('-') {
        Some(b) => ("-", b),
        None => ("", t),
    };
    let Some((whole, frac)) = body.split_once(' ') else {
        return s.to_string();
    };
    let frac = frac.trim_start_matches(' ');
    let digits = |x: &str| !x.is_empty() && x.len() <= 30 && x.bytes().all(|b| b.is_ascii_digit());
    if !digits(whole) {
        return s.to_string();
    }
    let end = frac
        .find(|c: char| !(c.is_ascii_digit() || c == '/'))
        .unwrap_or(frac.len());
    let (f, rest) = frac.split_at(end);
    let Some((n, d)) = f.split_once('/') else {
        return s.to_string();
    };
    if !digits(n) || !digits(d) {
        return s.to_string();
    }
    let (Ok(nn), Ok(dd)) = (n.parse::<u128>(), d.parse::<u128>()) else {
        return s.to_string();
    };
    if dd == 0 || nn >= dd {
        return s.to_string();
    }
    format!("({sign}{whole}\\frac{{{n}}}{{{d}}}){rest}")
}

/// The byte index of the bracket closing the one at `open` (`{`, `(`, `[`;
/// a backslash escapes the next byte).
fn closing(s: &str, open: usize) -> Option<usize> {
    brackets::closing(s.as_bytes(), open, Escapes::Backslash)
}

/// Strips delimiters and whole-answer wrappers until nothing changes.
fn unwrap_all(s: String) -> String {
    let mut t = match s.trim() {
        x if x.len() == s.len() => s,
        x => x.to_string(),
    };
    for _ in 0..32 {
        let before = t.len();
        if t.trim().len() != t.len() {
            t = t.trim().to_string();
        }
        // trailing punctuation and `\\`, stripped from a borrowed slice
        // (copying per stripped character was quadratic)
        let mut end = t.as_str();
        loop {
            let u = end.trim_end();
            let u = u
                .strip_suffix("\\\\")
                .or_else(|| {
                    u.strip_suffix('.')
                        .filter(|x| !x.ends_with('\\') && !x.ends_with('.'))
                })
                .or_else(|| u.strip_suffix(',').filter(|x| !x.ends_with('\\')))
                .or_else(|| u.strip_suffix(';'))
                .or_else(|| u.strip_suffix(':'))
                // A stray trailing backslash (ME-15).
                .or_else(|| u.strip_suffix('\\').filter(|x| !x.ends_with('\\')));
            match u {
                Some(x) => end = x.trim_end(),
                None => break,
            }
        }
        let kept = end.len();
        t.truncate(kept);
        let t2 = t.trim_matches('$').trim();
        if t2.len() != t.len() {
            t = t2.to_string();
        }
        for (o, c) in [("\\(", "\\)"), ("\\[", "\\]")] {
            if let Some(x) = t.strip_prefix(o).and_then(|x| x.strip_suffix(c)) {
                t = x.trim().to_string();
            }
        }
        for w in [
            "\\boxed",
            "\\fbox",
            "\\text",
            "\\textbf",
            "\\textnormal",
            "\\mathrm",
            "\\mbox",
            "\\mathbf",
            "\\textit",
        ] {
            if let Some(rest) = t.strip_prefix(w) {
                if rest.starts_with('{') {
                    let off = w.len();
                    if closing(&t, off) == Some(t.len() - 1) {
                        let inner = t[off + 1..t.len() - 1].trim().to_string();
                        // `\mathrm{e}` is Euler's number, keep it for the engine.
                        if !(w == "\\mathrm" && inner == "e") {
                            t = inner;
                        }
                    }
                }
            }
        }
        // Every step above only shortens the text.
        if t.len() == before {
            break;
        }
    }
    t
}

fn drop_left_right(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(i) = rest.find('\\') {
        out.push_str(&rest[..i]);
        let tail = &rest[i..];
        let word = |w: &str| {
            tail.strip_prefix(w)
                .filter(|x| !x.starts_with(|c: char| c.is_ascii_alphabetic()))
        };
        if let Some(x) = word("\\left").or_else(|| word("\\right")) {
            // `\left.` / `\right.` are invisible delimiters.
            rest = x.strip_prefix('.').unwrap_or(x);
            if x.starts_with("\\{") || x.starts_with("\\}") || x.starts_with("\\|") {
                // keep the escaped delimiter
            }
        } else {
            let n = tail[1..].chars().next().map_or(0, char::len_utf8);
            out.push_str(&tail[..1 + n]);
            rest = &tail[1 + n..];
        }
    }
    out.push_str(rest);
    out
}

/// `\mathrm{m}`, `\mathrm{~km}` → `\text{m}`, `\text{km}` when the word is a
/// unit of the table (ME-9): upright letters after a number are a unit, as
/// `\text{}` is.
fn mathrm_units(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(i) = rest.find("\\mathrm{") {
        let open = i + "\\mathrm".len();
        match closing(rest, open) {
            Some(close) => {
                let inner = rest[open + 1..close].trim();
                let unit = |w: &str| units::lookup(w).is_some();
                let is_unit = unit(inner)
                    || inner
                        .split_once('/')
                        .is_some_and(|(a, b)| unit(a) && unit(b));
                out.push_str(&rest[..i]);
                if is_unit {
                    out.push_str("\\text{");
                    out.push_str(inner);
                    out.push('}');
                } else {
                    out.push_str(&rest[i..=close]);
                }
                rest = &rest[close + 1..];
            }
            None => break,
        }
    }
    out.push_str(rest);
    out
}

/// `p=5,q=2;p=7,q=2` → `(5,2),(7,2)`: with both `;` and `,` at the top,
/// `;` separates solutions and `,` the named values of one (ME-5).
fn group_solutions(s: &str) -> String {
    let groups = split_top(s, ';');
    if groups.len() < 2 || !groups.iter().any(|g| split_top(g, ',').len() > 1) {
        return s.to_string();
    }
    let name = |x: &str| {
        let x = x.trim();
        x.starts_with(|c: char| c.is_ascii_alphabetic())
            && x.chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '{' | '}' | '\\'))
    };
    groups
        .iter()
        .map(|g| {
            let parts: Vec<String> = split_top(g, ',')
                .into_iter()
                .map(|p| match p.split_once('=') {
                    Some((l, r)) if name(l) && !r.contains('=') => r.trim().to_string(),
                    _ => p.trim().to_string(),
                })
                .collect();
            if parts.len() > 1 {
                format!("({})", parts.join(","))
            } else {
                parts.concat()
            }
        })
        .collect::<Vec<_>>()
        .join(",")
}

/// `and` / `or` between items → `,`: the word with no letter (or
/// backslash) before it and no lower-case letter after it (`1 or 2`,
/// `(1,2)or(3,4)`, `1orW(x)`; not `for`, `order`).
fn replace_words(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = String::with_capacity(s.len());
    let mut i = 0;
    while i < b.len() {
        let word = ["and", "or"].into_iter().find(|w| s[i..].starts_with(w));
        if let Some(w) = word {
            let prev_ok = i > 0 && !(b[i - 1].is_ascii_alphabetic() || b[i - 1] == b'\\');
            let next = b.get(i + w.len()).copied();
            let next_ok = next.is_some_and(|c| !c.is_ascii_lowercase());
            if prev_ok && next_ok {
                out.push(',');
                i += w.len();
                continue;
            }
        }
        let n = s[i..].chars().next().map_or(1, char::len_utf8);
        out.push_str(&s[i..i + n]);
        i += n;
    }
    out
}

/// Command names that a doubled backslash (`\\\\frac`, a string escaped twice)
/// turns into a row break: `\\\\frac` → `\\frac` outside matrices.
fn undouble_commands(s: &str) -> String {
    if s.contains("\\begin") || !s.contains("\\\\") {
        return s.to_string();
    }
    let mut t = s.to_string();
    for cmd in [
        "left", "right", "frac", "dfrac", "tfrac", "sqrt", "pi", "le", "ge", "leq", "geq", "ne",
        "neq", "infty", "cdot", "times", "text", "in", "cup", "cap", "boxed", "pm", "mathrm",
    ] {
        let from = format!("\\\\{cmd}");
        let to = format!("\\{cmd}");
        let mut out = String::with_capacity(t.len());
        let mut rest = t.as_str();
        while let Some(i) = rest.find(&from) {
            let after = &rest[i + from.len()..];
            out.push_str(&rest[..i]);
            if after.starts_with(|c: char| c.is_ascii_alphabetic()) {
                out.push_str(&from);
            } else {
                out.push_str(&to);
            }
            rest = after;
        }
        out.push_str(rest);
        t = out;
    }
    t
}

/// `28 percent`, `28 pct`, `28percentage`, `28 %` → `28\%`.
fn percent_words(s: &str) -> String {
    let mut t = s.trim_end().to_string();
    for w in [
        "\\text{percentage}",
        "\\text{percent}",
        "percentage",
        "percent",
        "pct",
    ] {
        if let Some(x) = t.strip_suffix(w) {
            if x.trim_end()
                .ends_with(|c: char| c.is_ascii_digit() || c == '}' || c == ')')
            {
                t = format!("{}\\%", x.trim_end());
                break;
            }
        }
    }
    // A bare `%` (not `\%`) is a percent sign too.
    let mut out = String::with_capacity(t.len());
    let mut prev = ' ';
    for c in t.chars() {
        if c == '%' && prev != '\\' {
            out.push_str("\\%");
        } else {
            out.push(c);
        }
        prev = c;
    }
    out.replace(" \\%", "\\%")
}

/// `a \approx b` is `a`, the exact side (ME-2, as `math.normalize`):
/// `\frac{1}{3} \approx 0.333` → `\frac{1}{3}`, `x = 1/3 \approx 0.33` →
/// `x = 1/3`; when `a` is a lone variable it is a label: `x \approx 11` →
/// `x = 11`.
fn approx(s: &str) -> String {
    let Some(i) = s.find("\\approx") else {
        return s.to_string();
    };
    let left = s[..i].trim();
    if left.contains('=') || !is_variable(left) {
        return left.to_string();
    }
    s.replacen("\\approx", "=", 1)
}

/// A lone variable: one letter (not `e` or `i`) or a Greek letter (not
/// `\pi`), with an optional subscript.
fn is_variable(s: &str) -> bool {
    let s = s.trim();
    let base = match s.find('_') {
        Some(k) => &s[..k],
        None => s,
    };
    let b = base.as_bytes();
    let letter = b.len() == 1 && b[0].is_ascii_alphabetic() && !matches!(b[0], b'e' | b'i');
    let greek = base.len() > 2
        && base.starts_with('\\')
        && base[1..].bytes().all(|c| c.is_ascii_alphabetic())
        && crate::expr::parse::latex::is_greek(&base[1..])
        && base != "\\pi";
    letter || greek
}

/// `x \in [0, 1]` → `[0, 1]`: membership states the set.
fn after_in(s: &str) -> String {
    let mut rest = s;
    let mut start = None;
    let mut off = 0;
    while let Some(i) = rest.find("\\in") {
        let after = &rest[i + 3..];
        if !after.starts_with(|c: char| c.is_ascii_alphabetic()) {
            start = Some(off + i + 3);
        }
        off += i + 3;
        rest = after;
    }
    match start {
        Some(k) if !s[..k].contains(',') => s[k..].trim().to_string(),
        _ => s.to_string(),
    }
}

/// `3.54e-07` → `3.54\times10^{-07}` where a decimal is directly followed by
/// `e`/`E`, an optional sign and digits, and no letter after.
fn e_notation(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = String::with_capacity(s.len() + 8);
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        let starts_number = c.is_ascii_digit()
            && (i == 0
                || !(b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'\\' || b[i - 1] == b'.'));
        if starts_number {
            let mut j = i;
            while j < b.len() && (b[j].is_ascii_digit() || b[j] == b'.') {
                j += 1;
            }
            if j < b.len() && (b[j] == b'e' || b[j] == b'E') {
                let mut k = j + 1;
                if k < b.len() && (b[k] == b'+' || b[k] == b'-') {
                    k += 1;
                }
                let ds = k;
                while k < b.len() && b[k].is_ascii_digit() {
                    k += 1;
                }
                let letter_after = k < b.len() && b[k].is_ascii_alphabetic();
                if k > ds && !letter_after {
                    let exp = s[j + 1..k].trim_start_matches('+');
                    out.push_str(&s[i..j]);
                    out.push_str("\\times10^{");
                    out.push_str(exp);
                    out.push('}');
                    i = k;
                    continue;
                }
            }
            out.push_str(&s[i..j]);
            i = j;
            continue;
        }
        let n = s[i..].chars().next().map_or(1, char::len_utf8);
        out.push_str(&s[i..i + n]);
        i += n;
    }
    out
}

/// `\{` opens a set and `\}` closes it: +1, −1, else 0.
fn escaped_brace(next: Option<&u8>) -> i64 {
    match next {
        Some(b'{') => 1,
        Some(b'}') => -1,
        _ => 0,
    }
}

/// Splits at `sep` outside brackets (`()[]{}` and `\begin…\end`).
fn split_top(s: &str, sep: char) -> Vec<&str> {
    let b = s.as_bytes();
    let mut depth: i64 = 0;
    let mut env: i64 = 0;
    let mut parts = Vec::new();
    let mut start = 0;
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'\\' => {
                if s[i..].starts_with("\\begin") {
                    env += 1;
                } else if s[i..].starts_with("\\end") {
                    env -= 1;
                }
                depth += escaped_brace(b.get(i + 1));
                i += 2;
                continue;
            }
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' => depth -= 1,
            c if c == sep as u8 && depth <= 0 && env <= 0 => {
                parts.push(&s[start..i]);
                start = i + 1;
            }
            _ => {}
        }
        i += 1;
    }
    parts.push(&s[start..]);
    parts
}

/// Splits at top-level `=` (not `<=`, `>=`, `!=`, `==`).
fn split_equals(s: &str) -> Vec<&str> {
    let b = s.as_bytes();
    let mut depth: i64 = 0;
    let mut parts = Vec::new();
    let mut start = 0;
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'\\' => {
                depth += escaped_brace(b.get(i + 1));
                i += 2;
                continue;
            }
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' => depth -= 1,
            b'=' if depth <= 0 => {
                let prev = if i > 0 { b[i - 1] } else { b' ' };
                let next = b.get(i + 1).copied().unwrap_or(b' ');
                if !matches!(prev, b'<' | b'>' | b'!' | b'=') && next != b'=' {
                    parts.push(&s[start..i]);
                    start = i + 1;
                }
            }
            _ => {}
        }
        i += 1;
    }
    parts.push(&s[start..]);
    parts
}

/// The thousands reading of `1,234,567` (groups of three digits, no spaces).
fn thousands(s: &str) -> Option<String> {
    let (sign, body) = match s.strip_prefix('-') {
        Some(b) => ("-", b),
        None => ("", s),
    };
    let body = body.replace("{,}", ",");
    let (int, frac) = match body.split_once('.') {
        Some((a, f)) if !f.is_empty() && f.bytes().all(|c| c.is_ascii_digit()) => {
            (a.to_string(), Some(f))
        }
        Some(_) => return None,
        None => (body.clone(), None),
    };
    for sep in [',', ' '] {
        let groups: Vec<&str> = int.split(sep).collect();
        if groups.len() < 2 {
            continue;
        }
        let ok = (1..=3).contains(&groups[0].len())
            && groups.iter().all(|g| g.bytes().all(|c| c.is_ascii_digit()))
            && groups[1..].iter().all(|g| g.len() == 3);
        if ok {
            let mut n = format!("{sign}{}", groups.concat());
            if let Some(f) = frac {
                n.push('.');
                n.push_str(f);
            }
            return Some(n);
        }
    }
    None
}

/// Whether a rational has a finite decimal expansion (its reduced
/// denominator has no prime factor other than 2 and 5).
fn is_terminating(n: &num_rational::BigRational) -> bool {
    use num_traits::{One, Zero};
    let mut d = n.denom().clone();
    for p in [2u32, 5] {
        let p = num_bigint::BigInt::from(p);
        while (&d % &p).is_zero() {
            d /= &p;
        }
    }
    d.is_one()
}

/// A plain decimal number (`-12`, `0.5`, `.25`, at most 40 bytes) as an
/// exact rational.
fn simple_number(s: &str) -> Option<num_rational::BigRational> {
    if s.is_empty() || s.len() > 40 || !is_decimal_literal(s) || s.ends_with('%') {
        return None;
    }
    let (neg, body) = match s.strip_prefix('-') {
        Some(b) => (true, b),
        None => (false, s),
    };
    let (int, frac) = body.split_once('.').unwrap_or((body, ""));
    let digits = format!("{int}{frac}");
    let n = num_bigint::BigInt::parse_bytes(digits.as_bytes(), 10)?;
    let d = num_traits::pow(num_bigint::BigInt::from(10u32), frac.len());
    let r = num_rational::BigRational::new(if neg { -n } else { n }, d);
    Some(r)
}

fn is_decimal_literal(s: &str) -> bool {
    let s = s.strip_prefix('-').unwrap_or(s);
    let s = s.strip_suffix("\\%").unwrap_or(s);
    let mut dot = false;
    let mut digits = 0;
    for c in s.bytes() {
        match c {
            b'0'..=b'9' => digits += 1,
            b'.' if !dot => dot = true,
            _ => return false,
        }
    }
    digits > 0
}

/// `1000,99` against a decimal with a point reads as `1000.99`.
fn decimal_comma(s: &str) -> Option<String> {
    let (a, b) = s.split_once(',')?;
    let a2 = a.strip_prefix('-').unwrap_or(a);
    let ok = !a2.is_empty()
        && !b.is_empty()
        && a2.bytes().all(|c| c.is_ascii_digit())
        && b.bytes().all(|c| c.is_ascii_digit());
    ok.then(|| format!("{a}.{b}"))
}

fn is_word(s: &str) -> bool {
    s.chars().filter(char::is_ascii_alphabetic).count() >= 2
        && s.chars()
            .all(|c| c.is_ascii_alphabetic() || c == ' ' || c == '-' || c == '\'')
}

/// Letters and spaces only, with a word of three letters or more.
fn is_text_item(s: &str) -> bool {
    let s = s.trim();
    s.chars().all(|c| c.is_ascii_alphabetic() || c == ' ') && s.split(' ').any(|w| w.len() >= 3)
}

fn boolean(s: &str) -> Option<bool> {
    match s.trim().to_ascii_lowercase().as_str() {
        "yes" | "true" => Some(true),
        "no" | "false" => Some(false),
        _ => None,
    }
}

// ---------------------------------------------------------------------------
// Comparison

/// One parsed answer item.
#[derive(Debug, Clone)]
struct Item {
    /// The prepared text of the item.
    text: String,
    /// Its canonical expression (an equation for `x = 3`).
    expr: Expr,
    /// The side that stands for the item when compared with a non-equation
    /// (`3` of `x = 3`), if the left side is a name or the chain is long.
    stands_for: Option<Expr>,
}

type Decided = (Outcome, Rule);

struct Comparer<'a> {
    opts: &'a EqualOptions,
    limits: Limits,
    /// Evaluation steps of all engine comparisons of this call (ME-1: one
    /// budget, `Limits::max_eval_steps`, for the whole comparison).
    steps: u64,
}

/// `d`, credited to `rule` when it says equal (the rule that made the
/// comparison possible: a unit dropped, a label read).
fn credit(d: Decided, rule: Rule) -> Decided {
    if d.0 == Outcome::Equal {
        (d.0, rule)
    } else {
        d
    }
}

fn fail(e: &ExprError) -> Decided {
    match e {
        ExprError::BudgetExceeded { .. } => (Outcome::BudgetExceeded, Rule::Bounds),
        _ => (Outcome::Unparseable, Rule::Parse),
    }
}

impl Comparer<'_> {
    fn top(&mut self, r: &str, p: &str) -> (Outcome, Rule, String, String) {
        let done = |d: Decided| (d.0, d.1, r.to_string(), p.to_string());
        if r.is_empty() || p.is_empty() {
            return done((Outcome::NoAnswer, Rule::NoAnswer));
        }
        if r == p {
            // The same text is the same answer, unless it is an undefined
            // value (`\frac{1}{0}`), which is equal to nothing (issue 11).
            if self
                .answer(r)
                .is_ok_and(|items| items.iter().any(|i| i.expr.holds_undefined()))
            {
                return done((Outcome::Undecided, Rule::Engine(EngineRule::Undefined)));
            }
            return done((Outcome::Equal, Rule::Literal));
        }
        if is_word(r) && is_word(p) && r.eq_ignore_ascii_case(p) {
            return done((Outcome::Equal, Rule::Literal));
        }
        if self.opts.ascii_only && (!r.is_ascii() || !p.is_ascii()) {
            return done((Outcome::NotEqual, Rule::AsciiOnly));
        }
        match (boolean(r), boolean(p)) {
            (Some(x), Some(y)) => {
                return done((
                    if x == y {
                        Outcome::Equal
                    } else {
                        Outcome::NotEqual
                    },
                    Rule::Boolean,
                ));
            }
            (Some(_), None) | (None, Some(_)) => {
                return done((Outcome::NotEqual, Rule::Boolean));
            }
            (None, None) => {}
        }
        // Decimal comma against a decimal point (ME-4).
        let (mut r2, mut p2) = (r.to_string(), p.to_string());
        if p.contains('.') && is_decimal_literal(p) {
            if let Some(x) = decimal_comma(r) {
                r2 = x;
            }
        }
        if r.contains('.') && is_decimal_literal(r) {
            if let Some(x) = decimal_comma(p) {
                p2 = x;
            }
        }
        // Thousands separators: `1,234` is 1234 (ME-4) — unless the other
        // side is a list or tuple too.
        let rt = thousands(&r2);
        let pt = thousands(&p2);
        let r_list = split_top(&r2, ',').len() > 1;
        let p_list = split_top(&p2, ',').len() > 1;
        if let Some(x) = &rt {
            if !p_list || pt.is_some() {
                r2 = x.clone();
            }
        }
        if let Some(x) = &pt {
            if !r_list || rt.is_some() {
                p2 = x.clone();
            }
        }
        // Two plain decimal numbers: compared exactly or within the
        // tolerances without the expression engine (the same verdict, ME-12).
        if let (Some(x), Some(y)) = (simple_number(&r2), simple_number(&p2)) {
            // The same prepared text is `literal`, as the comparison without
            // the shortcut says; the same number written otherwise `identical`.
            let outcome = if r2 == p2 {
                Some((Outcome::Equal, Rule::Literal))
            } else if x == y {
                Some((Outcome::Equal, Rule::Engine(EngineRule::Identical)))
            } else if self.close_numbers(&x, &y) {
                Some((Outcome::Equal, Rule::Engine(EngineRule::NumericValue)))
            } else if self.opts.include_percentage || self.opts.decimal_rounding {
                None
            } else {
                Some((Outcome::NotEqual, Rule::Engine(EngineRule::NumericValue)))
            };
            if let Some((o, rule)) = outcome {
                return (
                    o,
                    rule,
                    to_infix(&Expr::Number(x)),
                    to_infix(&Expr::Number(y)),
                );
            }
        }
        let ra = self.answer(&r2);
        let pa = self.answer(&p2);
        let show = |a: &Result<Vec<Item>, ExprError>, raw: &str| match a {
            Ok(items) if items.len() == 1 => to_infix(&items[0].expr),
            Ok(items) => items
                .iter()
                .map(|i| to_infix(&i.expr))
                .collect::<Vec<_>>()
                .join(", "),
            Err(_) => raw.to_string(),
        };
        let rn = show(&ra, r);
        let pn = show(&pa, p);
        let d = match (&ra, &pa) {
            (Ok(x), Ok(y)) => match self.answers(x, y) {
                Ok(d) => d,
                Err(e) => fail(&e),
            },
            (Err(e), _) | (_, Err(e)) => {
                let budget = |x: &Result<Vec<Item>, ExprError>| {
                    matches!(x, Err(ExprError::BudgetExceeded { .. }))
                };
                if budget(&ra) || budget(&pa) {
                    (Outcome::BudgetExceeded, Rule::Bounds)
                } else if ra.is_err() && pa.is_err() {
                    // Two texts that are not math: the same up to spaces
                    // (what spacing commands leave) or not the same.
                    let bare = |x: &str| x.split_whitespace().collect::<String>();
                    if bare(r) == bare(p) {
                        (Outcome::Equal, Rule::Literal)
                    } else {
                        (Outcome::NotEqual, Rule::Literal)
                    }
                } else {
                    fail(e)
                }
            }
        };
        (d.0, d.1, rn, pn)
    }

    /// The items of an answer: one, or several for a bare list.
    fn answer(&self, s: &str) -> Result<Vec<Item>, ExprError> {
        let parts = split_top(s, ',');
        if parts.len() > MAX_LIST_ITEMS {
            return Err(ExprError::BudgetExceeded {
                which: "items of a list answer",
                limit: MAX_LIST_ITEMS as u64,
            });
        }
        let parts: Vec<&str> = parts
            .into_iter()
            .map(str::trim)
            .filter(|p| !p.is_empty())
            .collect();
        if parts.len() > 1 {
            // A list whose items all carry a name (`x = 1, y = 2`) or
            // plain items: each parsed on its own.
            let items: Result<Vec<Item>, ExprError> = parts.iter().map(|p| self.item(p)).collect();
            if let Ok(items) = items {
                return self.expand_nested_pm(items);
            }
            // `\{1, 2\}` or other forms the engine reads whole.
        }
        self.expand_nested_pm(vec![self.item(s)?])
    }

    /// `\frac{1 \pm \sqrt{17}}{4}` is the list of its two values, exactly as
    /// the document's `norm_pm` rewrites it (ME-16); a top-level `a ± b` is
    /// left to the rules that compare it whole.
    fn expand_nested_pm(&self, items: Vec<Item>) -> Result<Vec<Item>, ExprError> {
        let nested = |i: &Item| has_pm(&i.expr) && !matches!(i.expr, Expr::PlusMinus(..));
        if items.iter().any(nested) {
            expand_pm_items(&items, &self.limits)
        } else {
            Ok(items)
        }
    }

    fn parse(&self, s: &str) -> Result<Expr, ExprError> {
        let s = s.trim();
        // A number word or an ordinal is its number (ME-15).
        if let Some(n) = words::number_word(s) {
            return Ok(Expr::int(n as i64));
        }
        if let Some(n) = words::ordinal(s) {
            return self.parse(n);
        }
        if let Some(angle) = words::degrees_minutes(s) {
            return self.parse(&angle);
        }
        let inf = |w: &str| w.eq_ignore_ascii_case("inf") || w.eq_ignore_ascii_case("infinity");
        if let Some(w) = s.strip_prefix('-').filter(|w| inf(w.trim())) {
            let _ = w;
            return Ok(Expr::neg(Expr::Constant(Constant::Infinity)));
        }
        if inf(s.strip_prefix('+').unwrap_or(s).trim()) {
            return Ok(Expr::Constant(Constant::Infinity));
        }
        // Prose before or after the mathematics is a unit or a counted
        // noun, never a product of letters (ME-13).
        if let Some((math, noun)) = words::split_prose(s) {
            let value = self.parse(math)?;
            return Ok(Expr::Mul(vec![value, Expr::Text(noun)]));
        }
        let e = parse(s, Format::Latex, &self.limits)?;
        let e = match fold_matrices(&e, &self.limits, 0)? {
            Some(m) => m,
            None => e,
        };
        let e = self.sets(e, s)?;
        self.standalone(e)
    }

    /// The engine's numeric closeness (spec/expr.md EX-5) for two exact
    /// numbers, with this comparison's tolerances (ME-12).
    fn close_numbers(&self, x: &num_rational::BigRational, y: &num_rational::BigRational) -> bool {
        use crate::expr::eval::rational_to_f64;
        let (a, b) = (rational_to_f64(x), rational_to_f64(y));
        let diff = (a - b).abs();
        let scale = a.abs().max(b.abs());
        if !self.opts.abs_tol_everywhere && a.abs().min(b.abs()) > equiv::NEAR_ZERO {
            return diff <= self.opts.rel_tol * scale;
        }
        diff <= self.opts.abs_tol + self.opts.rel_tol * scale
    }

    /// The value of a constant expression as a real number (`±∞` included).
    fn real(&self, e: &Expr) -> Option<f64> {
        let mut steps = 0;
        crate::expr::eval::eval_real(e, &|_| None, &mut steps, 10_000)
            .ok()
            .filter(|v| !v.is_nan())
    }

    /// Sets as the answers write them (ME-17): a reversed interval `[1, 0]`
    /// is refused (a parse error: no such interval is written on purpose),
    /// an intersection of intervals with numeric ends is computed, and the
    /// elements of a finite set with `±` are both values.
    fn sets(&self, e: Expr, text: &str) -> Result<Expr, ExprError> {
        let refuse = |what: &str| {
            Err(ExprError::Parse(crate::expr::ParseError::new(
                what,
                0..text.len(),
                text,
            )))
        };
        match e {
            Expr::Interval(iv) => {
                if let (Some(lo), Some(hi)) = (self.real(&iv.lo), self.real(&iv.hi)) {
                    if lo > hi {
                        return refuse(
                            "a reversed interval (its lower end is above its upper end)",
                        );
                    }
                }
                Ok(Expr::Interval(iv))
            }
            Expr::Union(parts) => Ok(Expr::Union(self.sets_all(parts, text)?)),
            Expr::Intersection(parts) => {
                let parts = self.sets_all(parts, text)?;
                match self.intersect(&parts) {
                    Some(x) => canonical(&x, &self.limits),
                    None => Ok(Expr::Intersection(parts)),
                }
            }
            Expr::Set(v) if v.iter().any(has_pm) => {
                let mut out = Vec::with_capacity(v.len() + 2);
                for x in &v {
                    out.extend(pm_values(x, &self.limits)?);
                }
                canonical(&Expr::Set(out), &self.limits)
            }
            other => Ok(other),
        }
    }

    fn sets_all(&self, parts: Vec<Expr>, text: &str) -> Result<Vec<Expr>, ExprError> {
        parts.into_iter().map(|p| self.sets(p, text)).collect()
    }

    /// The intersection of intervals with numeric ends: an interval, a
    /// point `{a}` or the empty set; `None` when a part is not such an interval.
    fn intersect(&self, parts: &[Expr]) -> Option<Expr> {
        let mut acc: Option<(Interval, f64, f64)> = None;
        for p in parts {
            let Expr::Interval(iv) = p else { return None };
            let (lo, hi) = (self.real(&iv.lo)?, self.real(&iv.hi)?);
            acc = Some(match acc {
                None => ((**iv).clone(), lo, hi),
                Some((mut a, alo, ahi)) => {
                    let (mut nlo, mut nhi) = (alo, ahi);
                    if lo > alo || (lo == alo && !iv.lo_closed) {
                        a.lo = iv.lo.clone();
                        a.lo_closed = iv.lo_closed;
                        nlo = lo;
                    }
                    if hi < ahi || (hi == ahi && !iv.hi_closed) {
                        a.hi = iv.hi.clone();
                        a.hi_closed = iv.hi_closed;
                        nhi = hi;
                    }
                    (a, nlo, nhi)
                }
            });
        }
        let (iv, lo, hi) = acc?;
        Some(
            if lo > hi || (lo == hi && !(iv.lo_closed && iv.hi_closed)) {
                Expr::Set(Vec::new())
            } else if lo == hi {
                Expr::Set(vec![iv.lo])
            } else {
                Expr::Interval(Box::new(iv))
            },
        )
    }

    /// Degrees at the top (or as an element) per `degrees_as_radians`.
    fn standalone(&self, e: Expr) -> Result<Expr, ExprError> {
        Ok(match e {
            Expr::Degrees(x) if !self.opts.degrees_as_radians => *x,
            Expr::Degrees(x) => canonical(
                &Expr::Mul(vec![*x, Expr::Constant(Constant::Pi), Expr::ratio(1, 180)]),
                &self.limits,
            )?,
            Expr::Tuple(v) => Expr::Tuple(
                v.into_iter()
                    .map(|x| self.standalone(x))
                    .collect::<Result<_, _>>()?,
            ),
            Expr::Set(v) => Expr::Set(
                v.into_iter()
                    .map(|x| self.standalone(x))
                    .collect::<Result<_, _>>()?,
            ),
            other => other,
        })
    }

    fn item(&self, s: &str) -> Result<Item, ExprError> {
        // `\mathbb{R}`, "all real numbers", `\mathbb{Z}` (ME-17).
        if let Some(t) = words::number_set(s) {
            return Ok(Item {
                text: t.to_string(),
                expr: self.parse(t)?,
                stands_for: None,
            });
        }
        let inf = s
            .trim_start_matches(['-', '+'])
            .trim()
            .eq_ignore_ascii_case("inf");
        if words::number_word(s).is_some() || inf {
            return Ok(Item {
                text: s.to_string(),
                expr: self.parse(s)?,
                stands_for: None,
            });
        }
        // A word of three letters or more is text, not a product of
        // letters (`Evelyn` is not `E·e·l·n·v·y`, ME-3).
        if is_text_item(s) {
            return Ok(Item {
                text: s.to_string(),
                expr: Expr::Text(s.trim().to_string()),
                stands_for: None,
            });
        }
        let sides = split_equals(s);
        if sides.len() >= 2 {
            let first = sides[0].trim();
            let last = sides[sides.len() - 1].trim();
            let rhs = self.parse(last)?;
            let lhs = self.parse(first);
            let long = sides.len() >= 3;
            let named = lhs.as_ref().is_ok_and(is_label);
            // `6 \times 8 = 48`, `\frac{1}{2} \$ = \frac{10}{9}`: a computation
            // written out (both sides numbers) stands for its result (ME-6).
            let computed = equiv::is_constant(&rhs) && lhs.as_ref().is_ok_and(equiv::is_constant);
            let stands_for = (long || named || computed).then(|| rhs.clone());
            let expr = match lhs {
                // Both sides are canonical already, and the canonical form of
                // a relation is the relation of its sides' canonical forms.
                Ok(l) => Expr::Relation(vec![l, rhs.clone()], vec![RelOp::Eq]),
                // `\zzz = x = 0`: a derivation whose first side does not
                // parse still stands for its last side.
                Err(_) if long => rhs.clone(),
                Err(e) => return Err(e),
            };
            return Ok(Item {
                text: s.to_string(),
                expr,
                stands_for,
            });
        }
        Ok(Item {
            text: s.to_string(),
            expr: self.parse(s)?,
            stands_for: None,
        })
    }

    fn answers(&mut self, x: &[Item], y: &[Item]) -> Result<Decided, ExprError> {
        match (x, y) {
            ([a], [b]) => self.items(a, b),
            ([a], ys) | (ys, [a]) => {
                // One object against a bare list: a tuple, set, matrix or
                // `±` against the list's elements.
                let elems: Vec<Expr> = ys
                    .iter()
                    .map(|i| i.stands_for.clone().unwrap_or_else(|| i.expr.clone()))
                    .collect();
                let one = a.stands_for.as_ref().unwrap_or(&a.expr);
                let d = match one {
                    Expr::Tuple(v) if !self.opts.compare_sets => {
                        self.ordered(v, &elems, Rule::List)?
                    }
                    Expr::Tuple(v) => self.unordered(v, &elems, Rule::List)?,
                    Expr::Set(v) => self.as_sets(v, &elems, Rule::List)?,
                    Expr::Matrix(rows) if rows.len() == 1 || rows.iter().all(|r| r.len() == 1) => {
                        let flat: Vec<Expr> = rows.iter().flatten().cloned().collect();
                        self.ordered(&flat, &elems, Rule::Vector)?
                    }
                    Expr::PlusMinus(p, q) => {
                        let both = vec![
                            canonical(&Expr::sub((**p).clone(), (**q).clone()), &self.limits)?,
                            canonical(
                                &Expr::Add(vec![(**p).clone(), (**q).clone()]),
                                &self.limits,
                            )?,
                        ];
                        self.as_sets(&both, &elems, Rule::Engine(EngineRule::PlusMinus))?
                    }
                    // `x < -2 or x > 3` against `(-∞, -2) ∪ (3, ∞)` (ME-7).
                    Expr::Union(parts) => {
                        let ivs: Option<Vec<Expr>> = elems
                            .iter()
                            .map(|e| match e {
                                Expr::Relation(s, o) => relation_interval(s, o),
                                Expr::Interval(_) => Some(e.clone()),
                                _ => None,
                            })
                            .collect();
                        match ivs {
                            Some(ivs) => {
                                let ivs = ivs
                                    .iter()
                                    .map(|iv| canonical(iv, &self.limits))
                                    .collect::<Result<Vec<_>, _>>()?;
                                let d = self.as_sets(parts, &ivs, Rule::RelationInterval)?;
                                (d.0, Rule::RelationInterval)
                            }
                            None => (Outcome::NotEqual, Rule::List),
                        }
                    }
                    _ => (Outcome::NotEqual, Rule::List),
                };
                if d.0 == Outcome::Equal {
                    return Ok(d);
                }
                // A list that says the same answer several times (`2, 2`
                // from two boxes) is that answer: lists are sets.
                let same = self.as_sets(std::slice::from_ref(one), &elems, Rule::List)?;
                Ok(if same.0 == Outcome::Equal { same } else { d })
            }
            (xs, ys) => self.item_lists(xs, ys),
        }
    }

    /// Two bare lists: as sets of answers, every item of each has an equal
    /// item in the other (ME-5).
    fn item_lists(&mut self, xs: &[Item], ys: &[Item]) -> Result<Decided, ExprError> {
        let xs = expand_pm_items(xs, &self.limits)?;
        let ys = expand_pm_items(ys, &self.limits)?;
        // Each pair is compared at most once (both directions read the same
        // verdicts): at most |xs|·|ys| comparisons.
        let mut known: Vec<Option<bool>> = vec![None; xs.len() * ys.len()];
        let mut same = |this: &mut Self, i: usize, j: usize| -> Result<bool, ExprError> {
            let k = i * ys.len() + j;
            if let Some(v) = known[k] {
                return Ok(v);
            }
            let v = this.items(&xs[i], &ys[j])?.0 == Outcome::Equal;
            known[k] = Some(v);
            Ok(v)
        };
        for flip in [false, true] {
            let (n, m) = if flip {
                (ys.len(), xs.len())
            } else {
                (xs.len(), ys.len())
            };
            for a in 0..n {
                let mut found = false;
                for b in 0..m {
                    let (i, j) = if flip { (b, a) } else { (a, b) };
                    if same(self, i, j)? {
                        found = true;
                        break;
                    }
                }
                if !found {
                    return Ok((Outcome::NotEqual, Rule::List));
                }
            }
        }
        Ok((Outcome::Equal, Rule::List))
    }

    fn items(&mut self, a: &Item, b: &Item) -> Result<Decided, ExprError> {
        let rel = |e: &Expr| matches!(e, Expr::Relation(..));
        if a.text == b.text {
            return Ok((Outcome::Equal, Rule::Literal));
        }
        // `f(z) = z` against `f(x) = x`: one function, whatever the name of
        // its bound variable (ME-18).
        if let (Some((fa, va, _)), Some((fb, vb, rb))) =
            (function_definition(&a.text), function_definition(&b.text))
        {
            if fa == fb && va != vb {
                if let (Some(sa), Some(renamed)) = (&a.stands_for, rename_variable(rb, vb, va)) {
                    let e = self.parse(&renamed)?;
                    let d = self.exprs(sa, &e, "", "")?;
                    return Ok((d.0, Rule::Function));
                }
            }
        }
        // `x = 3` against `3` (ME-6).
        if let (Some(ra), false) = (&a.stands_for, rel(&b.expr)) {
            let d = self.exprs(ra, &b.expr, &a.text, &b.text)?;
            return Ok(credit(d, Rule::Label));
        }
        if let (false, Some(rb)) = (rel(&a.expr), &b.stands_for) {
            let d = self.exprs(&a.expr, rb, &a.text, &b.text)?;
            return Ok(credit(d, Rule::Label));
        }
        if let (Some(ra), Some(rb)) = (&a.stands_for, &b.stands_for) {
            // Two named equations: same name and same value, or as equations.
            let d = self.exprs(&a.expr, &b.expr, &a.text, &b.text)?;
            if d.0 == Outcome::Equal {
                return Ok(d);
            }
            let same_name = match (&a.expr, &b.expr) {
                (Expr::Relation(x, _), Expr::Relation(y, _)) => x.first() == y.first(),
                _ => false,
            };
            if same_name {
                return self.exprs(ra, rb, &a.text, &b.text);
            }
            return Ok(d);
        }
        self.exprs(&a.expr, &b.expr, &a.text, &b.text)
    }

    fn exprs(&mut self, a: &Expr, b: &Expr, ta: &str, tb: &str) -> Result<Decided, ExprError> {
        // Units (ME-9).
        match (units::split(a), units::split(b)) {
            (None, None) => {}
            (Some((sa, ua)), Some((sb, ub))) => {
                return match (ua, ub) {
                    (UnitPart::Known(x), UnitPart::Known(y)) => {
                        if x.dims != y.dims {
                            return Ok((Outcome::NotEqual, Rule::Units));
                        }
                        let va =
                            canonical(&Expr::Mul(vec![sa, Expr::Number(x.factor)]), &self.limits)?;
                        let vb =
                            canonical(&Expr::Mul(vec![sb, Expr::Number(y.factor)]), &self.limits)?;
                        let d = self.engine(&va, &vb)?;
                        Ok((d.0, Rule::Units))
                    }
                    (UnitPart::Named(x), UnitPart::Named(y)) if x == y => {
                        let d = self.engine(&sa, &sb)?;
                        Ok((d.0, Rule::Units))
                    }
                    _ => Ok((Outcome::NotEqual, Rule::Units)),
                };
            }
            (Some((sa, _)), None) => {
                let d = self.exprs(&sa, b, ta, tb)?;
                return Ok(credit(d, Rule::Units));
            }
            (None, Some((sb, _))) => {
                let d = self.exprs(a, &sb, ta, tb)?;
                return Ok(credit(d, Rule::Units));
            }
        }
        match (a, b) {
            // `a < x < b` against an interval (ME-7).
            (Expr::Relation(s, o), other) | (other, Expr::Relation(s, o))
                if matches!(other, Expr::Interval(_) | Expr::Tuple(_) | Expr::Union(_)) =>
            {
                if let Some(iv) = relation_interval(s, o) {
                    let iv = canonical(&iv, &self.limits)?;
                    let d = self.engine(&iv, other)?;
                    return Ok((d.0, Rule::RelationInterval));
                }
                return Ok((Outcome::NotEqual, Rule::Engine(EngineRule::Kind)));
            }
            (Expr::Tuple(x), Expr::Tuple(y)) if self.opts.compare_sets => {
                return self.unordered(x, y, Rule::Engine(EngineRule::Set));
            }
            (Expr::Tuple(v), Expr::Matrix(rows)) | (Expr::Matrix(rows), Expr::Tuple(v))
                if rows.len() == 1 || rows.iter().all(|r| r.len() == 1) =>
            {
                let flat: Vec<Expr> = rows.iter().flatten().cloned().collect();
                return self.ordered(v, &flat, Rule::Vector);
            }
            _ => {}
        }
        let d = self.engine(a, b)?;
        if d.0 != Outcome::Equal
            && self.opts.decimal_rounding
            && (self.rounds_to(ta, b) || self.rounds_to(tb, a))
        {
            return Ok((Outcome::Equal, Rule::Rounding));
        }
        let evidence = ta.ends_with("\\%") || tb.ends_with("\\%");
        if d.0 != Outcome::Equal
            && (self.opts.include_percentage || evidence)
            && self.percentage(ta, tb)
        {
            return Ok((Outcome::Equal, Rule::Percentage));
        }
        Ok(d)
    }

    /// Whether `literal` is a rounded decimal (ME-19: at least three
    /// significant digits, at least one decimal place) and `exact`, a
    /// constant that is not itself a decimal literal, rounds to it (half
    /// away from zero) at its decimal places.
    fn rounds_to(&self, literal: &str, exact: &Expr) -> bool {
        let lit = literal.trim();
        if !is_decimal_literal(lit) || lit.ends_with("\\%") {
            return false;
        }
        let Some((_, frac)) = lit.split_once('.') else {
            return false;
        };
        let significant = lit
            .bytes()
            .filter(u8::is_ascii_digit)
            .skip_while(|c| *c == b'0')
            .count();
        if significant < 3 || frac.is_empty() || frac.len() > 15 {
            return false;
        }
        // The other side: a constant, not a decimal number (the decimal
        // `0.54` is not a rounding of `0.5`'s exact value).
        if !equiv::is_constant(exact)
            || exact
                .as_number()
                .is_some_and(|n| is_terminating(n) && !n.is_integer())
        {
            return false;
        }
        let (Ok(l), Some(v)) = (lit.parse::<f64>(), self.real(exact)) else {
            return false;
        };
        let half = 0.5 * 10f64.powi(-(frac.len() as i32));
        (v - l).abs() <= half * (1.0 + 1e-9)
    }

    /// The percentage reading (ME-8): both sides plain decimals (a trailing
    /// `\%` allowed), one 100× the other within `percent_rel_tol`, and the
    /// smaller in (0, 1) ∪ (1, 100).
    fn percentage(&self, ta: &str, tb: &str) -> bool {
        if !(is_decimal_literal(ta) && is_decimal_literal(tb)) {
            return false;
        }
        let value = |t: &str| -> Option<f64> {
            match t.strip_suffix("\\%") {
                Some(x) => x.parse::<f64>().ok().map(|v| v / 100.0),
                None => t.parse::<f64>().ok(),
            }
        };
        let (Some(x), Some(y)) = (value(ta), value(tb)) else {
            return false;
        };
        let could_be_percent = |v: f64| (0.0 < v && v < 1.0) || (1.0 < v && v < 100.0);
        let close =
            |a: f64, b: f64| (a - b).abs() <= self.opts.percent_rel_tol * a.abs().max(b.abs());
        [(x, y), (y, x)].iter().any(|&(s, l)| {
            could_be_percent(s) && could_be_percent(l / 100.0) && close(l / 100.0, s)
        })
    }

    fn engine(&mut self, a: &Expr, b: &Expr) -> Result<Decided, ExprError> {
        let eo = EquivOptions {
            rel_tol: self.opts.rel_tol,
            abs_tol: self.opts.abs_tol,
            abs_tol_near_zero_only: !self.opts.abs_tol_everywhere,
            ..EquivOptions::default()
        };
        let v = equiv::equivalent_counted(a, b, &eo, &self.limits, &mut self.steps)?;
        Ok(match v.outcome {
            equiv::Outcome::Equal => (Outcome::Equal, v.rule.into()),
            equiv::Outcome::NotEqual => (Outcome::NotEqual, v.rule.into()),
            equiv::Outcome::Unknown => (Outcome::Undecided, v.rule.into()),
        })
    }

    fn ordered(&mut self, x: &[Expr], y: &[Expr], rule: Rule) -> Result<Decided, ExprError> {
        if x.len() != y.len() {
            return Ok((Outcome::NotEqual, rule));
        }
        for (p, q) in x.iter().zip(y) {
            if self.exprs(p, q, "", "")?.0 != Outcome::Equal {
                return Ok((Outcome::NotEqual, rule));
            }
        }
        Ok((Outcome::Equal, rule))
    }

    /// As sets: every element of each has an equal element in the other.
    fn as_sets(&mut self, x: &[Expr], y: &[Expr], rule: Rule) -> Result<Decided, ExprError> {
        for (p, q) in [(x, y), (y, x)] {
            for a in p {
                let mut found = false;
                for b in q {
                    if self.exprs(a, b, "", "")?.0 == Outcome::Equal {
                        found = true;
                        break;
                    }
                }
                if !found {
                    return Ok((Outcome::NotEqual, rule));
                }
            }
        }
        Ok((Outcome::Equal, rule))
    }

    fn unordered(&mut self, x: &[Expr], y: &[Expr], rule: Rule) -> Result<Decided, ExprError> {
        if x.len() != y.len() {
            return Ok((Outcome::NotEqual, rule));
        }
        let mut used = vec![false; y.len()];
        for p in x {
            let mut found = false;
            for (k, q) in y.iter().enumerate() {
                if !used[k] && self.exprs(p, q, "", "")?.0 == Outcome::Equal {
                    used[k] = true;
                    found = true;
                    break;
                }
            }
            if !found {
                return Ok((Outcome::NotEqual, rule));
            }
        }
        Ok((Outcome::Equal, rule))
    }
}

/// Matrix arithmetic the canonical form leaves alone (ME-11): sums of
/// matrices of one shape, a scalar times a matrix, and a square matrix to a
/// small positive integer power (`A·A` is canonically `A²`). `None` when the
/// expression has nothing to fold.
fn fold_matrices(e: &Expr, limits: &Limits, depth: usize) -> Result<Option<Expr>, ExprError> {
    limits.check_depth(depth)?;
    let sub = |x: &Expr| -> Result<Expr, ExprError> {
        Ok(fold_matrices(x, limits, depth + 1)?.unwrap_or_else(|| x.clone()))
    };
    let shape = |m: &Vec<Vec<Expr>>| (m.len(), m.first().map_or(0, Vec::len));
    match e {
        Expr::Add(terms)
            if terms
                .iter()
                .any(|t| matches!(t, Expr::Matrix(_) | Expr::Mul(_) | Expr::Pow(..))) =>
        {
            let folded: Vec<Expr> = terms.iter().map(sub).collect::<Result<_, _>>()?;
            let mats: Vec<&Vec<Vec<Expr>>> = folded
                .iter()
                .filter_map(|t| match t {
                    Expr::Matrix(m) => Some(m),
                    _ => None,
                })
                .collect();
            if mats.len() != folded.len() || mats.len() < 2 {
                return Ok(None);
            }
            let sh = shape(mats[0]);
            if mats
                .iter()
                .any(|m| shape(m) != sh || m.iter().any(|r| r.len() != sh.1))
            {
                return Ok(None);
            }
            let mut rows = Vec::with_capacity(sh.0);
            for i in 0..sh.0 {
                let mut row = Vec::with_capacity(sh.1);
                for j in 0..sh.1 {
                    let sum = Expr::Add(mats.iter().map(|m| m[i][j].clone()).collect());
                    row.push(canonical(&sum, limits)?);
                }
                rows.push(row);
            }
            Ok(Some(Expr::Matrix(rows)))
        }
        Expr::Mul(fs) => {
            let folded: Vec<Expr> = fs.iter().map(sub).collect::<Result<_, _>>()?;
            let n_mat = folded
                .iter()
                .filter(|f| matches!(f, Expr::Matrix(_)))
                .count();
            if n_mat != 1 {
                return Ok(None);
            }
            let mut scalar = Vec::new();
            let mut mat = None;
            for f in folded {
                match f {
                    Expr::Matrix(m) => mat = Some(m),
                    other if kind_is_scalar(&other) => scalar.push(other),
                    _ => return Ok(None),
                }
            }
            let Some(m) = mat else { return Ok(None) };
            let k = Expr::Mul(scalar);
            let rows = m
                .into_iter()
                .map(|r| {
                    r.into_iter()
                        .map(|x| canonical(&Expr::Mul(vec![k.clone(), x]), limits))
                        .collect::<Result<Vec<_>, _>>()
                })
                .collect::<Result<Vec<_>, _>>()?;
            Ok(Some(Expr::Matrix(rows)))
        }
        Expr::Pow(b, k) => {
            let Expr::Matrix(m) = sub(b)? else {
                return Ok(None);
            };
            let n = match k.as_number() {
                Some(n) if n.is_integer() && n.is_positive() => n.to_integer(),
                _ => return Ok(None),
            };
            let sq = m.len();
            if sq == 0 || m.iter().any(|r| r.len() != sq) || n > 16.into() || sq > 8 {
                return Ok(None);
            }
            let n: u32 = n.try_into().unwrap_or(1);
            let mut acc = m.clone();
            for _ in 1..n {
                let mut next = Vec::with_capacity(sq);
                for acc_row in &acc {
                    let mut row = Vec::with_capacity(sq);
                    for j in 0..sq {
                        let terms = acc_row
                            .iter()
                            .zip(&m)
                            .map(|(a, m_row)| Expr::Mul(vec![a.clone(), m_row[j].clone()]))
                            .collect();
                        row.push(canonical(&Expr::Add(terms), limits)?);
                    }
                    next.push(row);
                }
                acc = next;
            }
            Ok(Some(Expr::Matrix(acc)))
        }
        _ => Ok(None),
    }
}

fn kind_is_scalar(e: &Expr) -> bool {
    !matches!(
        e,
        Expr::Relation(..)
            | Expr::Tuple(_)
            | Expr::Set(_)
            | Expr::Interval(_)
            | Expr::Union(_)
            | Expr::Intersection(_)
            | Expr::Matrix(_)
            | Expr::PlusMinus(..)
            | Expr::Text(_)
    )
}

/// Whether `±` occurs anywhere in `e`.
fn has_pm(e: &Expr) -> bool {
    matches!(e, Expr::PlusMinus(..)) || e.children().into_iter().any(has_pm)
}

/// `e` with every `a ± b` read as `a + b` (`plus`) or `a − b`: the signs of
/// one item are correlated (MN-1), as in `\frac{1 \pm \sqrt{17}}{4}`.
fn pick_sign(e: &Expr, plus: bool) -> Expr {
    let all = |v: &[Expr]| v.iter().map(|x| pick_sign(x, plus)).collect::<Vec<_>>();
    match e {
        Expr::PlusMinus(a, b) => {
            let (a, b) = (pick_sign(a, plus), pick_sign(b, plus));
            if plus {
                Expr::Add(vec![a, b])
            } else {
                Expr::sub(a, b)
            }
        }
        Expr::Add(v) => Expr::Add(all(v)),
        Expr::Mul(v) => Expr::Mul(all(v)),
        Expr::Func(f, v) => Expr::Func(f.clone(), all(v)),
        Expr::Relation(v, o) => Expr::Relation(all(v), o.clone()),
        Expr::Tuple(v) => Expr::Tuple(all(v)),
        Expr::Pow(a, b) => Expr::pow(pick_sign(a, plus), pick_sign(b, plus)),
        Expr::Percent(a) => Expr::Percent(Box::new(pick_sign(a, plus))),
        Expr::Degrees(a) => Expr::Degrees(Box::new(pick_sign(a, plus))),
        other => other.clone(),
    }
}

/// The values of an expression with `±` inside (ME-16): the one with `−`
/// first, then `+`, canonical; an expression without `±` is its one value.
fn pm_values(e: &Expr, limits: &Limits) -> Result<Vec<Expr>, ExprError> {
    if !has_pm(e) {
        return Ok(vec![e.clone()]);
    }
    Ok(vec![
        canonical(&pick_sign(e, false), limits)?,
        canonical(&pick_sign(e, true), limits)?,
    ])
}

/// Items with `±` become two items each (ME-5, ME-16); each keeps its
/// canonical form as its text, so that two expanded items are literally
/// equal only when their values are.
fn expand_pm_items(xs: &[Item], limits: &Limits) -> Result<Vec<Item>, ExprError> {
    let mut out = Vec::with_capacity(xs.len());
    for i in xs {
        if !has_pm(&i.expr) {
            out.push(i.clone());
            continue;
        }
        let values = pm_values(&i.expr, limits)?;
        let stands = match &i.stands_for {
            Some(s) => pm_values(s, limits)?.into_iter().map(Some).collect(),
            None => vec![None, None],
        };
        for (expr, stands_for) in values.into_iter().zip(stands.into_iter().cycle()) {
            out.push(Item {
                text: to_infix(&expr),
                expr,
                stands_for,
            });
        }
    }
    Ok(out)
}

/// A name on the left of `=`: a symbol, a function of names, `|AB|`, a
/// product or quotient of names, a tuple of names (ME-6). No numbers.
fn is_label(e: &Expr) -> bool {
    match e {
        Expr::Symbol(_) | Expr::Text(_) => true,
        Expr::Constant(Constant::E | Constant::I) => true,
        Expr::Func(_, args) => args.iter().all(is_label),
        Expr::Mul(fs) => fs.iter().all(|f| match f {
            Expr::Pow(b, k) => {
                is_label(b)
                    && k.as_number()
                        .is_some_and(|k| *k == -num_rational::BigRational::from_integer(1.into()))
            }
            other => is_label(other),
        }),
        Expr::Tuple(v) => !v.is_empty() && v.iter().all(is_label),
        _ => false,
    }
}

/// `f(x) = …`, `g_1(t) = …`: the function's name, its one variable (a
/// letter) and the right side's text.
fn function_definition(text: &str) -> Option<(&str, u8, &str)> {
    let sides = split_equals(text);
    let [lhs, rhs] = sides.as_slice() else {
        return None;
    };
    let lhs = lhs.trim();
    let open = lhs.find('(')?;
    let name = lhs[..open].trim();
    let var = lhs[open + 1..].strip_suffix(')')?.trim().as_bytes();
    let name_ok = name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '\\')
        && name
            .bytes()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'{' | b'}' | b'\\'));
    match var {
        [v] if name_ok && v.is_ascii_alphabetic() => Some((name, *v, rhs.trim())),
        _ => None,
    }
}

/// `text` with the variable `from` renamed `to` (letters outside command
/// names and `\text{…}`); `None` when `to` already occurs free in it.
fn rename_variable(text: &str, from: u8, to: u8) -> Option<String> {
    let b = text.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c == b'\\' {
            let mut j = i + 1;
            while j < b.len() && b[j].is_ascii_alphabetic() {
                j += 1;
            }
            if j == i + 1 {
                j = i + 1 + text[i + 1..].chars().next().map_or(0, char::len_utf8);
            }
            let name = &text[i..j];
            if name == "\\text" && b.get(j) == Some(&b'{') {
                j = closing(text, j).map_or(b.len(), |k| k + 1);
            }
            out.extend_from_slice(&b[i..j]);
            i = j;
            continue;
        }
        if c == to {
            return None;
        }
        out.push(if c == from { to } else { c });
        i += 1;
    }
    String::from_utf8(out).ok()
}

/// `lo < x ≤ hi` (or `>`/`≥` chains, or one-sided `x > a`) as an interval of x.
fn relation_interval(s: &[Expr], o: &[RelOp]) -> Option<Expr> {
    let inf = Expr::Constant(Constant::Infinity);
    let neg_inf = Expr::neg(inf.clone());
    let strict = |op: RelOp| matches!(op, RelOp::Lt | RelOp::Gt);
    let is_num = |e: &Expr| e.symbols().is_empty();
    let iv = |lo: Expr, hi: Expr, lo_closed: bool, hi_closed: bool| {
        Some(Expr::Interval(Box::new(Interval {
            lo,
            hi,
            lo_closed,
            hi_closed,
        })))
    };
    match (s, o) {
        // `lo ≤ |x| ≤ hi` with 0 ≤ lo: the two intervals [-hi, -lo] ∪ [lo, hi].
        ([a, Expr::Func(Func::Abs, x), b], [o1, o2])
            if x.len() == 1
                && !is_num(&x[0])
                && a.as_number().is_some_and(|n| n.is_positive())
                && is_num(b)
                && matches!(o1, RelOp::Lt | RelOp::Le)
                && matches!(o2, RelOp::Lt | RelOp::Le) =>
        {
            let (lc, hc) = (!strict(*o1), !strict(*o2));
            let neg = Interval {
                lo: Expr::neg(b.clone()),
                hi: Expr::neg(a.clone()),
                lo_closed: hc,
                hi_closed: lc,
            };
            let pos = Interval {
                lo: a.clone(),
                hi: b.clone(),
                lo_closed: lc,
                hi_closed: hc,
            };
            Some(Expr::Union(vec![
                Expr::Interval(Box::new(neg)),
                Expr::Interval(Box::new(pos)),
            ]))
        }
        ([a, x, b], [o1, o2]) if !is_num(x) && is_num(a) && is_num(b) => {
            let up = matches!(o1, RelOp::Lt | RelOp::Le) && matches!(o2, RelOp::Lt | RelOp::Le);
            let down = matches!(o1, RelOp::Gt | RelOp::Ge) && matches!(o2, RelOp::Gt | RelOp::Ge);
            if up {
                iv(a.clone(), b.clone(), !strict(*o1), !strict(*o2))
            } else if down {
                iv(b.clone(), a.clone(), !strict(*o2), !strict(*o1))
            } else {
                None
            }
        }
        ([x, a], [op]) if !is_num(x) && is_num(a) => match op {
            RelOp::Lt | RelOp::Le => iv(neg_inf, a.clone(), false, !strict(*op)),
            RelOp::Gt | RelOp::Ge => iv(a.clone(), inf, !strict(*op), false),
            _ => None,
        },
        ([a, x], [op]) if !is_num(x) && is_num(a) => match op {
            RelOp::Lt | RelOp::Le => iv(a.clone(), inf, !strict(*op), false),
            RelOp::Gt | RelOp::Ge => iv(neg_inf, a.clone(), false, !strict(*op)),
            _ => None,
        },
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eq(a: &str, b: &str) -> bool {
        let o = EqualOptions::default();
        let x = equal(a, b, &o);
        let y = equal(b, a, &o);
        assert_eq!(
            x.outcome, y.outcome,
            "{a} vs {b}: not symmetric ({x:?} / {y:?})"
        );
        x.equal
    }

    #[test]
    fn document_examples() {
        assert!(eq(r"\frac{1}{2}", "0.5"));
        assert!(eq("3.54*10^{-7}", "3.54e-07"));
        assert!(eq("1,234", "1234"));
        assert!(eq(r"\$ 5", "5"));
        assert!(eq("White", "white"));
        assert!(!eq("[0,3)", "[0,1]"));
        assert!(!eq("1001.5", "1001"));
        assert!(!eq("x<-1", "x>3"));
        assert!(eq("no", "false"));
        assert!(eq("12,34", "(12,34)"));
        assert!(eq("1+2,2+1", "2+1,1+2"));
        assert!(eq(r"\begin{array}1\\2\end{array}", "1,2"));
        assert!(!eq("3.04", "0.0304"));
        assert!(!eq("1", "100"));
        let d = EqualOptions::document();
        assert!(equal("3.04", "0.0304", &d).equal);
        assert!(equal("0.0304", "3.04", &d).equal);
        assert!(!equal("1", "100", &d).equal);
    }

    #[test]
    fn trailing_punctuation_runs_are_stripped() {
        // unwrap_all strips them from a borrowed slice (it copied the answer
        // once per stripped character).
        assert!(eq("1", &format!("1{}", " .;".repeat(20_000))));
        assert!(eq("1", "1 . ; \\\\ ;"));
    }

    #[test]
    fn prepare_examples() {
        assert_eq!(prepare("4 4/9"), r"(4\frac{4}{9})");
        assert_eq!(prepare("11 6/6"), "11 6/6");
        assert_eq!(prepare("28 percent"), r"28\%");
        // The one-pass lexer (ME-2): commands whole, `\\` kept, Unicode mapped.
        assert_eq!(prepare(r"a \ltimes b"), r"a \ltimes b");
        assert_eq!(prepare(r"x \lt 3"), "x < 3");
        assert_eq!(prepare(r"\dfrac{1}{2}"), r"\frac{1}{2}");
        assert_eq!(prepare(r"12,\!000"), "12{,}000");
        assert_eq!(prepare(r"1 \text{ and } 2"), "1 , 2");
        assert_eq!(prepare("x ≤ 3"), r"x \le  3");
        assert_eq!(
            prepare(r"\begin{pmatrix}1\\2\end{pmatrix}"),
            r"\begin{pmatrix}1\\2\end{pmatrix}"
        );
        assert_eq!(prepare(r"x_{1}=1,\quadx_{2}=2"), "x_{1}=1, x_{2}=2");
    }

    #[test]
    fn multibyte_text_never_panics() {
        let o = EqualOptions::default();
        for s in [
            "f(é) = é",
            r"f(x) = \é x",
            r"f(y) = \é y",
            r"x = 2 \text{ for all } é",
            "é where x",
            "12 chiens é",
            "60° 42′ é",
            r"\{é \mid é < 3\}",
            "Tues. é",
            "3:é",
            "ℝ⁺",
            "12ᵗʰ",
        ] {
            for t in ["f(x) = x", "2", s] {
                let _ = equal(s, t, &o);
                let _ = equal(t, s, &o);
            }
            let _ = readable(s);
        }
        assert_eq!(thousands("11,111,111,100").as_deref(), Some("11111111100"));
        assert_eq!(thousands("32, 349"), None);
    }
}
