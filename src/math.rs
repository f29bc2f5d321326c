//! The math answer judge (document 004, spec/math.md): grade a response
//! against a gold answer, compare two answers, extract an answer, vote.
//!
//! This module is the typed entry point of the family; the implementation
//! lives in [`score::math`](crate::score::math). Every verdict says whether
//! the answers are equal, the [`Outcome`] and the [`Rule`] that decided, and
//! the normalized forms of both sides; the names `as_str` gives are the
//! strings of the JSON verdicts (`scorespec eval --task math`).
//!
//! ```
//! use scorespec::math::{self, EngineRule, GradeOptions, Outcome, Rule};
//! let v = math::grade(r"\frac{1}{2}", r"So the probability is $\boxed{0.5}$.", &GradeOptions::default());
//! match v.outcome {
//!     Outcome::Equal => assert_eq!(v.rule, Rule::Engine(EngineRule::Identical)),
//!     other => panic!("expected equal, got {other}"),
//! }
//! // A list of acceptable answers: equal when any is.
//! let v = math::grade(&["4", "four"][..], "The answer is four.", &GradeOptions::default());
//! assert!(v.equal);
//! // No box and no answer phrase: the production extraction takes the last
//! // number whole (spec/math.md MX-14); document 004's strict one finds nothing.
//! let v = math::grade("360", "so we get 360 arrangements", &GradeOptions::default());
//! assert_eq!(v.outcome, Outcome::Equal);
//! let strict = GradeOptions { strict: true, ..GradeOptions::default() };
//! let v = math::grade("360", "so we get 360 arrangements", &strict);
//! assert_eq!(v.outcome, Outcome::NoAnswer);
//! ```

pub use crate::score::math::equal::{EqualOptions, Outcome, Verdict, equal, equal_any};
pub use crate::score::math::extract::{ExtractOptions, Extracted, Located};
pub use crate::score::math::grade::{GradeOptions, Graded, MAX_MAJORITY_ANSWERS, majority};
pub use crate::score::math::normalize::normalize;
pub use crate::score::math::rule::{EngineRule, Rule};

use crate::score::math::{extract, grade as grading};

/// The gold side of [`grade`]: one answer, or a list of acceptable answers.
///
/// Built by `From` from a `&str`, a `&String`, a slice or array of `&str`,
/// or a slice of `String`s, so `grade` takes any of them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Gold<'a> {
    /// One gold answer (or solution text).
    One(&'a str),
    /// Acceptable answers: equal when the response equals any of them.
    Any(Vec<&'a str>),
}

impl<'a> From<&'a str> for Gold<'a> {
    fn from(s: &'a str) -> Self {
        Gold::One(s)
    }
}

impl<'a> From<&'a String> for Gold<'a> {
    fn from(s: &'a String) -> Self {
        Gold::One(s)
    }
}

impl<'a> From<&'a [&'a str]> for Gold<'a> {
    fn from(s: &'a [&'a str]) -> Self {
        Gold::Any(s.to_vec())
    }
}

impl<'a, const N: usize> From<[&'a str; N]> for Gold<'a> {
    fn from(s: [&'a str; N]) -> Self {
        Gold::Any(s.to_vec())
    }
}

impl<'a> From<&'a [String]> for Gold<'a> {
    fn from(s: &'a [String]) -> Self {
        Gold::Any(s.iter().map(String::as_str).collect())
    }
}

impl<'a> From<&'a Vec<String>> for Gold<'a> {
    fn from(s: &'a Vec<String>) -> Self {
        Gold::Any(s.iter().map(String::as_str).collect())
    }
}

impl<'a> From<Vec<&'a str>> for Gold<'a> {
    fn from(s: Vec<&'a str>) -> Self {
        Gold::Any(s)
    }
}

/// Grades `response` against `gold` (one answer or a list of acceptable
/// ones): extracts the answer of each (MG-1, MG-2), then compares them with
/// [`equal`]. Never fails: an empty, garbage or huge response is an outcome
/// (`no_answer`, `unparseable`, `budget_exceeded`). An empty list of golds
/// grades as `no_answer` (rule `no_gold`).
///
/// The result derefs to its [`Verdict`] (`g.equal`, `g.outcome`, `g.rule`)
/// and carries the extracted answers with their byte spans.
///
/// ```
/// use scorespec::math::{grade, GradeOptions, Outcome};
/// let g = grade("1001.5", r"So the answer is $\boxed{1001}$.", &GradeOptions::default());
/// assert_eq!(g.outcome, Outcome::NotEqual);
/// assert_eq!(g.response_extracted.as_ref().unwrap().span, (25, 29));
/// ```
pub fn grade<'a>(gold: impl Into<Gold<'a>>, response: &str, opts: &GradeOptions) -> Graded {
    match gold.into() {
        Gold::One(g) => grading::grade(g, response, opts),
        Gold::Any(gs) => grading::grade_any(&gs, response, opts),
    }
}

/// The answer of a math response and where it is (rules MX-1 … MX-9), or
/// `None` when there is none; `opts.strict` (default false here, true in
/// [`GradeOptions`]) keeps only boxed answers and answer phrases.
///
/// ```
/// use scorespec::math::{extract_answer, ExtractOptions};
/// let strict = ExtractOptions { strict: true, ..ExtractOptions::default() };
/// let x = extract_answer(r"Therefore, $1+1=\boxed{2}$.", &strict).unwrap();
/// assert_eq!((x.answer.as_str(), x.span, x.how), ("2", (23, 24), "boxed"));
/// assert!(extract_answer("It is 360.", &strict).is_none());
/// assert_eq!(extract_answer("It is 360.", &ExtractOptions::default()).unwrap().answer, "360");
/// ```
pub fn extract_answer(response: &str, opts: &ExtractOptions) -> Option<Located> {
    extract::locate_answer_with(response, *opts)
}
