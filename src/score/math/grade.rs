//! Grading a model's response against a gold answer (`math.grade`) and
//! equivalence-aware majority voting (`math.majority`); spec/math.md,
//! "Grading and majority voting" (rules MG-*, MJ-*).
//!
//! # Differences with the document
//!
//! The document's batch evaluator compares extracted strings; here a gold
//! answer with no extractable answer is its whole text (MG-1), and a
//! response without one is reported as the outcome `no_answer` (MG-2), not
//! as a comparison that failed.

use serde::Serialize;

use super::equal::{EqualOptions, Outcome, Rule, Verdict, equal};
use super::extract::{
    Located, NO_FORMULA_OR_NUMBER, NoAnswerReason, bare_answer, choice_letter, choice_letters,
    chosen_letters, labelled_value, locate_answer, locate_default, locate_default_kept,
    plain_bare_answer, response_choice_kept, response_letters_kept,
};

/// Options of [`grade`]: those of [`equal`] and the extraction mode.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct GradeOptions {
    /// The comparison's options.
    pub equal: EqualOptions,
    /// Strict extraction (MG-2): document 004's `\boxed{}` and answer
    /// phrases only (and a response that is itself an answer). Default
    /// false: the production extraction (MX-10 … MX-23).
    pub strict: bool,
    /// When not strict, fall back on the last formula in math delimiters
    /// only, never a bare number of the prose (MX-9). Default false.
    pub formulas_only: bool,
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
    /// Why the response has no answer (MX-15: cut off, empty), when the
    /// outcome is `no_answer` for that reason.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<NoAnswerReason>,
}

/// A graded response reads as its verdict: `g.equal`, `g.outcome`, `g.rule`.
impl std::ops::Deref for Graded {
    type Target = Verdict;

    fn deref(&self) -> &Verdict {
        &self.verdict
    }
}

/// The answer of a gold text (MG-1): what the extraction of the mode finds
/// (the same as the response's by default, strict extraction with
/// `strict`), else the whole text.
fn gold_answer(gold: &str, strict: bool) -> Located {
    let found = if strict {
        locate_answer(gold, true)
    } else {
        // (A bare gold the explicit search cannot read is its answer at
        // once: ME-2, "How it runs".)
        plain_bare_answer(gold).or_else(|| locate_default(gold, false).ok())
    };
    found.unwrap_or_else(|| Located {
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
/// // No boxed answer and no answer phrase: the last number token.
/// let g = grade("360", "so we get 360 arrangements", &GradeOptions::default());
/// assert!(g.verdict.equal);
/// // A bare answer is the answer in every mode, both ways.
/// let g = grade("5", "5", &GradeOptions::default());
/// assert!(g.verdict.equal);
/// // Cut off mid-derivation: no answer, with the reason.
/// let g = grade("12", "We have $3 \times 4 = 12$ and then $12 +", &GradeOptions::default());
/// assert_eq!(g.verdict.outcome.as_str(), "no_answer");
/// assert!(g.reason.unwrap().starts_with("cut off"));
/// ```
pub fn grade(gold: &str, response: &str, opts: &GradeOptions) -> Graded {
    grade_any(&[gold], response, opts)
}

/// Grades `response` against a list of acceptable gold answers: equal when
/// it equals any of them (that gold is reported), otherwise the verdict
/// against the first. An empty list grades as `no_answer`.
pub fn grade_any(golds: &[&str], response: &str, opts: &GradeOptions) -> Graded {
    // (`kept`: what strip_think keeps of the response, when the extraction
    // found it: the choice below does not look for the tags again.)
    let (mut found, kept) = response_answer(response, opts);
    // MX-16: a response with no number or formula still makes its choice
    // (`Option C is correct.`) when a gold is a choice letter, and so does
    // one that ends on the letter it names (`应选 D`), which the cut-off
    // check reads as a sentence ending on a word.
    // A multiple-select gold (`AC`) takes the letters the response names
    // (`The correct options are (A) and (C).`, `故选：AC`).
    if let Err(Some(reason)) = found {
        let multiple = golds
            .iter()
            .any(|g| names_choice(g) && choice_letters(g).is_some());
        if multiple || golds.iter().any(|g| choice_letter(g).is_some()) {
            let chosen = multiple
                .then(|| response_letters_kept(response, None, kept))
                .flatten()
                .or_else(|| response_choice_kept(response, None, kept));
            if let Some(c) = chosen {
                // (Every character after it is a space or a closing mark:
                // what `trim_matches(..).is_empty()` says, read once from
                // the front.)
                let ends_on_it = response[c.span.1..].chars().all(|ch: char| {
                    ch.is_whitespace() || matches!(ch, '.' | '。' | '．' | ')' | '*' | '$' | '}')
                });
                if reason == NO_FORMULA_OR_NUMBER || ends_on_it {
                    found = Ok(c);
                }
            }
        }
    }
    let reason = found.as_ref().err().copied().flatten();
    let Ok(pred) = found else {
        // The first gold's answer, extracted once for both fields.
        let gold = golds.first().map(|g| gold_answer(g, opts.strict));
        return Graded {
            verdict: Verdict {
                equal: false,
                outcome: Outcome::NoAnswer,
                rule: Rule::NoAnswer,
                reference_normalized: gold.as_ref().map(|g| g.answer.clone()).unwrap_or_default(),
                prediction_normalized: String::new(),
            },
            gold_extracted: gold,
            response_extracted: None,
            reason,
        };
    };
    // The last gold takes the response's answer itself; the others a copy.
    let Some((last, rest)) = golds.split_last() else {
        return Graded {
            verdict: Verdict {
                equal: false,
                outcome: Outcome::NoAnswer,
                rule: Rule::NoGold,
                reference_normalized: String::new(),
                prediction_normalized: pred.answer.clone(),
            },
            gold_extracted: None,
            response_extracted: Some(pred),
            reason: None,
        };
    };
    let mut first: Option<Graded> = None;
    for g in rest {
        let graded = grade_one(g, response, pred.clone(), kept, opts);
        if graded.verdict.equal {
            return graded;
        }
        first.get_or_insert(graded);
    }
    let graded = grade_one(last, response, pred, kept, opts);
    if graded.verdict.equal {
        return graded;
    }
    first.unwrap_or(graded)
}

/// One gold against the response's answer `pred` (found in `response`,
/// of which strip_think keeps `kept` when known).
fn grade_one(
    gold: &str,
    response: &str,
    pred: Located,
    kept: Option<(usize, usize)>,
    opts: &GradeOptions,
) -> Graded {
    let gold = gold_answer(gold, opts.strict);
    let (verdict, pred) = {
        let gold_text = gold.compared();
        // MX-16: a choice letter as gold takes the response's choice.
        let letter = names_choice(&gold_text)
            .then(|| choice_letter(&gold_text))
            .flatten();
        // MX-16: a multiple-select gold (`AC`) takes the letters the
        // response names when its found answer names none.
        let multiple = letter.is_none() && names_choice(&gold_text) && {
            choice_letters(&gold_text).is_some()
        };
        let pred = match letter {
            Some(_) => response_choice_kept(response, Some(&pred), kept).unwrap_or(pred),
            None if multiple => response_letters_kept(response, Some(&pred), kept).unwrap_or(pred),
            None => pred,
        };
        let pred_text = pred.compared();
        // MX-16: a letter before a value (`(C) 24`) on one side only, and
        // no choice letter as gold: the value is compared (both sides
        // labelled: compared as they are, so the letters must agree).
        let (g, p) = match (labelled_value(&gold_text), labelled_value(&pred_text)) {
            _ if letter.is_some() => (&*gold_text, &*pred_text),
            (None, Some(v)) => (&*gold_text, v),
            (Some(v), None) => (v, &*pred_text),
            _ => (&*gold_text, &*pred_text),
        };
        // MX-16: a multiple-select gold (`AC`) against the letters the
        // response chose (`\boxed{A}\boxed{C}`, `\boxed{C}\boxed{A}`),
        // each as one set.
        let letters = (letter.is_none() && names_choice(g))
            .then(|| choice_letters(g).zip(chosen_letters(&pred)))
            .flatten();
        let (g, p) = letters
            .as_ref()
            .map_or((g, p), |(a, b)| (a.as_str(), b.as_str()));
        let verdict = equal(g, p, &opts.equal);
        (verdict, pred)
    };
    Graded {
        verdict,
        gold_extracted: Some(gold),
        response_extracted: Some(pred),
        reason: None,
    }
}

/// Whether `text` may be a choice letter ([`choice_letter`]): it holds a
/// letter `A`–`J`, the only letters `choice_letter` gives, read from the
/// text (a unit test checks the claim). Most golds hold none, and the
/// reading of the prefixes a choice may carry is skipped.
fn names_choice(text: &str) -> bool {
    text.bytes().any(|b| (b'A'..=b'J').contains(&b))
}

/// What [`response_answer`] gives: the response's answer (MG-2) — the
/// production extraction, or with `strict` the document's, then a response
/// that is itself an answer; `Err(Some(reason))` when it was cut off or is
/// empty (MX-15) — and the byte range strip_think keeps of the response,
/// when the production extraction found it.
type ResponseAnswer = (
    Result<Located, Option<NoAnswerReason>>,
    Option<(usize, usize)>,
);

/// The response's answer (MG-2) and what strip_think keeps of it when known
/// ([`ResponseAnswer`]).
fn response_answer(response: &str, opts: &GradeOptions) -> ResponseAnswer {
    if opts.strict {
        let found = locate_answer(response, true)
            .or_else(|| {
                bare_answer(crate::extract::strip_think(response)).map(|mut b| {
                    let base = crate::extract::strip_think(response).as_ptr() as usize
                        - response.as_ptr() as usize;
                    b.span = (b.span.0 + base, b.span.1 + base);
                    b
                })
            })
            .ok_or(None);
        return (found, None);
    }
    // (The same shortcut as the gold's: ME-2, "How it runs".)
    if let Some(bare) = plain_bare_answer(response) {
        return (Ok(bare), None);
    }
    let (found, kept) = locate_default_kept(response, opts.formulas_only);
    (found.map_err(Some), Some(kept))
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Every text `choice_letter` reads as a choice holds a letter `A`–`J`
    /// (`names_choice`): choices with every prefix and ending it reads,
    /// and other letters, digits and words.
    #[test]
    fn a_choice_letter_is_named_in_its_text() {
        // Prefixes: the commands and marks a choice may follow, and pairs.
        let marks = ["", " ", "$", "**", "{", "(", "option ", "Choice:", "** ("];
        let commands = ["text", "textbf", "mathrm", "mathbf"].map(|c| format!("\\{c}{{"));
        let mut prefixes: Vec<String> = marks.iter().map(|m| m.to_string()).collect();
        for c in &commands {
            prefixes.push(c.clone());
            prefixes.push(format!("${c}("));
        }
        let endings = [
            "", ")", ".", "}", "$", "*", " ", ":", ",", ").", "}$", " is", " cat",
        ];
        let mut chosen = 0;
        for p in &prefixes {
            for c in ('A'..='Z')
                .chain('a'..='z')
                .chain('0'..='9')
                .chain(['é', 'Ⅰ'])
            {
                for e in endings {
                    let t = format!("{p}{c}{e}");
                    if choice_letter(&t).is_some() {
                        chosen += 1;
                        assert!(names_choice(&t), "{t:?}");
                    }
                }
            }
        }
        assert!(chosen > 500, "{chosen}");
        assert!(!names_choice("x = 12") && !names_choice(r"\frac{1}{3}"));
    }

    /// A letter before a value (`(C) 24`) grades by the value against a
    /// gold value, both ways; labelled on both sides, the letters count;
    /// a choice letter as gold still takes the response's choice.
    #[test]
    fn a_letter_before_a_value_grades_by_the_value() {
        let opts = GradeOptions::default();
        for (gold, response, want) in [
            ("24", "So the answer is (C) 24.", "equal"),
            ("24", r"The answer is $\textbf{(C) } 24$.", "equal"),
            ("24", "**Answer:** option (C) 24", "equal"),
            ("-3", "The answer is (B) -3.", "equal"),
            ("18", "So the answer is (C) 24.", "not_equal"),
            ("(C) 24", "24", "equal"),
            ("(C) 24", "(C) 24", "equal"),
            ("(C) 24", "(D) 24", "not_equal"),
            ("C", "So the answer is (C) 24.", "equal"),
            ("D", "So the answer is (C) 24.", "not_equal"),
            ("24", "Therefore, the answer is D: 24.", "equal"),
            ("24", "Therefore, the answer is D) 24.", "equal"),
            ("24", r"The answer is $\boxed{D: 24}$", "equal"),
            ("D", r"The answer is $\boxed{D: 24}$", "equal"),
        ] {
            let g = grade(gold, response, &opts);
            assert_eq!(g.verdict.outcome.as_str(), want, "{gold} / {response}");
        }
        for (text, want) in [
            ("(C) 24", Some("24")),
            (r"$\textbf{(C) } 24$", Some("24")),
            ("**(B)** 12", Some("12")),
            ("option (D) 7", Some("7")),
            ("(B) -3", Some("-3")),
            // A letter and `:` or `)` (thirteenth session).
            ("D: 24", Some("24")),
            ("D) 24", Some("24")),
            ("(D): 24", Some("24")),
            ("D:24", None),
            ("D. 24", None),
            ("Do 24", None),
            ("(A) + (B)", None),
            ("(A)(B)", None),
            ("(A) - 2", None),
            ("(C)", None),
            ("(K) 5", None),
            ("(1) 5", None),
        ] {
            assert_eq!(labelled_value(text), want, "{text}");
        }
    }
}
