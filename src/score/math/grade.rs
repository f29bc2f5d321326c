//! Grading a model's response against a gold answer (`math.grade`) and
//! equivalence-aware majority voting (`math.majority`); spec/math.md,
//! "Grading and majority voting" (rules MG-*, MJ-*).

use serde::Serialize;

use super::equal::{EqualOptions, Outcome, Verdict, equal};
use super::extract::{ExtractOptions, Located, locate_answer, locate_answer_with};

/// Options of [`grade`]: those of [`equal`] and the extraction mode.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GradeOptions {
    /// The comparison's options.
    pub equal: EqualOptions,
    /// Strict extraction (MG-2): only `\boxed{}` and answer phrases, no
    /// last-number fallback. Default true, as the document's `EvaluatorMathBatch`.
    pub strict: bool,
    /// When not strict, fall back on the last formula in math delimiters
    /// only, never a bare number of the prose (MX-9). Default false.
    pub formulas_only: bool,
}

impl Default for GradeOptions {
    fn default() -> Self {
        GradeOptions {
            equal: EqualOptions::default(),
            strict: true,
            formulas_only: false,
        }
    }
}

/// The verdict of [`grade`] with the answers found in both texts.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Graded {
    /// The comparison's verdict (`no_answer` when the response has no answer).
    #[serde(flatten)]
    pub verdict: Verdict,
    /// The gold answer and where it was found (MG-1).
    pub gold_extracted: Option<Located>,
    /// The response's answer and where it was found (MG-2), or `None`.
    pub response_extracted: Option<Located>,
}

/// The answer of a gold text (MG-1): what strict extraction finds, else the
/// whole text.
fn gold_answer(gold: &str) -> Located {
    locate_answer(gold, true).unwrap_or_else(|| Located {
        answer: gold.trim().to_string(),
        span: (gold.len() - gold.trim_start().len(), gold.trim_end().len()),
        how: "whole_text",
    })
}

/// Grades `response` against `gold`: extracts the answer of each, then
/// compares them with [`equal`].
///
/// ```
/// use scorespec::score::math::grade::{grade, GradeOptions};
/// let g = grade(r"\frac{1}{2}", r"The probability is $\boxed{0.5}$.", &GradeOptions::default());
/// assert!(g.verdict.equal);
/// assert_eq!(g.response_extracted.unwrap().answer, "0.5");
/// // No boxed answer and no answer phrase: no answer under strict extraction.
/// let g = grade("360", "so we get 360 arrangements", &GradeOptions::default());
/// assert_eq!(g.verdict.outcome.as_str(), "no_answer");
/// ```
pub fn grade(gold: &str, response: &str, opts: &GradeOptions) -> Graded {
    grade_any(&[gold], response, opts)
}

/// Grades `response` against a list of acceptable gold answers: equal when
/// it equals any of them (that gold is reported), otherwise the verdict
/// against the first. An empty list grades as `no_answer`.
pub fn grade_any(golds: &[&str], response: &str, opts: &GradeOptions) -> Graded {
    let found = locate_answer_with(
        response,
        ExtractOptions {
            strict: opts.strict,
            formulas_only: opts.formulas_only,
        },
    );
    let Some(pred) = found else {
        return Graded {
            verdict: Verdict {
                equal: false,
                outcome: Outcome::NoAnswer,
                rule: "no_answer",
                reference_normalized: golds
                    .first()
                    .map(|g| gold_answer(g).answer)
                    .unwrap_or_default(),
                prediction_normalized: String::new(),
            },
            gold_extracted: golds.first().map(|g| gold_answer(g)),
            response_extracted: None,
        };
    };
    let mut first: Option<Graded> = None;
    for g in golds {
        let gold = gold_answer(g);
        let verdict = equal(&gold.compared(), &pred.compared(), &opts.equal);
        let graded = Graded {
            verdict,
            gold_extracted: Some(gold),
            response_extracted: Some(pred.clone()),
        };
        if graded.verdict.equal {
            return graded;
        }
        first.get_or_insert(graded);
    }
    first.unwrap_or(Graded {
        verdict: Verdict {
            equal: false,
            outcome: Outcome::NoAnswer,
            rule: "no_gold",
            reference_normalized: String::new(),
            prediction_normalized: pred.answer.clone(),
        },
        gold_extracted: None,
        response_extracted: Some(pred),
    })
}

/// The most answers [`majority`] votes on in one list (MJ-3).
pub const MAX_MAJORITY_ANSWERS: usize = 1024;

/// The running majority of `answers` by equivalence (MJ-1): position *i* is
/// the first member of the largest class among answers `0..=i`, ties going
/// to the class seen first. An empty or unreadable answer never wins
/// (MJ-4): the largest class of readable answers does, and only while no
/// answer is readable is the first answer given. `None` when the list is
/// longer than [`MAX_MAJORITY_ANSWERS`].
///
/// ```
/// use scorespec::score::math::equal::EqualOptions;
/// use scorespec::score::math::grade::majority;
/// let m = majority(&["1", "2", "3", "3", "3"], &EqualOptions::default()).unwrap();
/// assert_eq!(m, ["1", "1", "1", "3", "3"]);
/// let m = majority(&["", "", "3"], &EqualOptions::default()).unwrap();
/// assert_eq!(m, ["", "", "3"]);
/// ```
pub fn majority(answers: &[&str], opts: &EqualOptions) -> Option<Vec<String>> {
    if answers.len() > MAX_MAJORITY_ANSWERS {
        return None;
    }
    // (first member, votes, readable), in order of first appearance.
    let mut classes: Vec<(&str, usize, bool)> = Vec::new();
    let mut out = Vec::with_capacity(answers.len());
    for a in answers {
        match classes
            .iter_mut()
            .find(|(first, ..)| equal(first, a, opts).equal)
        {
            Some(class) => class.1 += 1,
            None => classes.push((a, 1, crate::score::math::equal::readable(a))),
        }
        // The first readable class with the most votes (max_by_key would
        // take the last); the first answer while none is readable.
        let mut best: Option<usize> = None;
        for (i, c) in classes.iter().enumerate() {
            if c.2 && best.is_none_or(|b| c.1 > classes[b].1) {
                best = Some(i);
            }
        }
        out.push(classes[best.unwrap_or(0)].0.to_string());
    }
    Some(out)
}

impl Outcome {
    /// The outcome's name as in the JSON verdict (`equal`, `not_equal`,
    /// `unparseable`, `no_answer`, `budget_exceeded`).
    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::Equal => "equal",
            Outcome::NotEqual => "not_equal",
            Outcome::Unparseable => "unparseable",
            Outcome::NoAnswer => "no_answer",
            Outcome::BudgetExceeded => "budget_exceeded",
        }
    }
}
