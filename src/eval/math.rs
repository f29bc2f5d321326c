//! Batch grading of math answers (`scorespec eval --task math`).
//!
//! Rows are JSONL objects `{"id"?, "gold", "response"}`: `gold` is the
//! reference (a string, or a list of acceptable strings), `response` the
//! model's full output. Other fields are ignored. Every input line gives one
//! output line, in order: the verdict of [`crate::score::math::grade`]
//! (`equal`, `outcome`, `rule`, the extracted answers with their spans and
//! the normalized forms) or, for a malformed row, `{"line", "id", "error"}`.
//! Rows are graded in parallel in chunks of [`super::CHUNK_LINES`] lines or
//! [`super::CHUNK_BYTES`] bytes, whichever comes first, so
//! memory depends on the chunk, not on the file. The [`MathSummary`] gives the
//! accuracy and the count of each outcome.

use std::collections::BTreeMap;
use std::io::{self, BufRead, Write};

use serde::Serialize;
use serde_json::{Map, Value};

use super::{RowError, parse_row, stream_jsonl, string_field};
use crate::error::json_type;
use crate::score::math::extract::Located;
use crate::score::math::grade::{GradeOptions, Graded, grade_any};

/// The graded form of one row.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MathRow {
    /// The 1-based input line.
    pub line: u64,
    /// The row's `id`, or null.
    pub id: Value,
    /// The verdict, for a row that could be graded.
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    pub graded: Option<Graded>,
    /// Why the row could not be graded.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<RowError>,
}

fn row_error(line: u64, id: Value, kind: &'static str, msg: impl std::fmt::Display) -> MathRow {
    MathRow {
        line,
        id,
        graded: None,
        error: Some(RowError {
            kind,
            message: format!("line {line}: {msg}"),
        }),
    }
}

fn golds(row: &Map<String, Value>) -> Result<Vec<&str>, (&'static str, String)> {
    match row.get("gold") {
        Some(Value::String(s)) => Ok(vec![s.as_str()]),
        Some(Value::Array(items)) if !items.is_empty() => items
            .iter()
            .map(|v| {
                v.as_str().ok_or((
                    "invalid_field",
                    format!(
                        "field \"gold\" must be a string or a list of strings, found an item that is {}",
                        json_type(v)
                    ),
                ))
            })
            .collect(),
        Some(Value::Array(_)) => Err(("invalid_field", "field \"gold\" is an empty list".into())),
        Some(other) => Err((
            "invalid_field",
            format!(
                "field \"gold\" must be a string or a list of strings, found {}",
                json_type(other)
            ),
        )),
        None => Err(("missing_field", "missing field \"gold\"".into())),
    }
}

/// Grades one row given as raw bytes.
///
/// ```
/// use scorespec::eval::math::grade_row;
/// use scorespec::score::math::grade::GradeOptions;
/// let opts = GradeOptions::default();
/// let r = grade_row(br#"{"id":1,"gold":"\\frac{1}{2}","response":"So $\\boxed{0.5}$."}"#, 1, &opts);
/// assert!(r.graded.unwrap().verdict.equal);
/// let r = grade_row(br#"{"id":2,"response":"5"}"#, 2, &opts);
/// assert_eq!(r.error.unwrap().kind, "missing_field");
/// ```
pub fn grade_row(bytes: &[u8], line: u64, opts: &GradeOptions) -> MathRow {
    let row = match parse_row(bytes) {
        Ok(row) => row,
        Err((kind, msg)) => return row_error(line, Value::Null, kind, msg),
    };
    let id = row.get("id").cloned().unwrap_or(Value::Null);
    let gold = match golds(&row) {
        Ok(g) => g,
        Err((kind, msg)) => return row_error(line, id, kind, msg),
    };
    let response = match string_field(&row, "response") {
        Ok(s) => s,
        Err((kind, msg)) => return row_error(line, id, kind, msg),
    };
    MathRow {
        line,
        id,
        graded: Some(grade_any(&gold, response, opts)),
        error: None,
    }
}

/// The verdict fields of one graded row of `scorespec eval --task math`
/// (the row is `{"line", "id"}` and these): `equal`, `outcome`, `rule`, the
/// normalized forms and the extracted answers with their byte spans. The
/// Python binding's `Verdict.to_dict()` is this object.
///
/// ```
/// use scorespec::eval::math::{grade_row, graded_json};
/// use scorespec::score::math::grade::{GradeOptions, grade};
/// let opts = GradeOptions::default();
/// let row = grade_row(br#"{"gold":"2","response":"\\boxed{2}"}"#, 1, &opts);
/// let mut whole = serde_json::to_value(&row).unwrap();
/// let fields = whole.as_object_mut().unwrap();
/// fields.remove("line");
/// fields.remove("id");
/// let g = grade("2", r"\boxed{2}", &opts);
/// assert_eq!(serde_json::Value::Object(graded_json(&g)), whole);
/// ```
pub fn graded_json(graded: &Graded) -> Map<String, Value> {
    match serde_json::to_value(GradedFields(graded)) {
        Ok(Value::Object(m)) => m,
        // A map of strings, booleans, nulls and integers always serializes
        // to an object.
        _ => Map::new(),
    }
}

/// A [`Graded`] written as [`graded_json`]'s object, keys in sorted order,
/// straight to a serializer: what `math.grade` returns through the protocol,
/// with no map built in between (building one took a sixth of a call). A test
/// checks it against the serde serialization of [`Graded`], key for key.
#[derive(Debug, Clone, Copy)]
pub struct GradedFields<'a>(pub &'a Graded);

/// A [`Located`] with its keys in sorted order (`answer`, `how`, `span`).
struct LocatedFields<'a>(&'a Located);

impl Serialize for LocatedFields<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let l = self.0;
        let mut m = s.serialize_map(Some(3))?;
        m.serialize_entry("answer", &l.answer)?;
        m.serialize_entry("how", l.how)?;
        m.serialize_entry("span", &[l.span.0, l.span.1])?;
        m.end()
    }
}

impl Serialize for GradedFields<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let g = self.0;
        let v = &g.verdict;
        let mut m = s.serialize_map(Some(7 + usize::from(g.reason.is_some())))?;
        m.serialize_entry("equal", &v.equal)?;
        m.serialize_entry(
            "gold_extracted",
            &g.gold_extracted.as_ref().map(LocatedFields),
        )?;
        m.serialize_entry("outcome", v.outcome.as_str())?;
        m.serialize_entry("prediction_normalized", &v.prediction_normalized)?;
        if let Some(reason) = g.reason {
            m.serialize_entry("reason", reason)?;
        }
        m.serialize_entry("reference_normalized", &v.reference_normalized)?;
        m.serialize_entry(
            "response_extracted",
            &g.response_extracted.as_ref().map(LocatedFields),
        )?;
        m.serialize_entry("rule", v.rule.as_str())?;
        m.end()
    }
}

/// The text of `scorespec grade --explain`: the answer found in each text
/// (with how and where, in bytes), the compared forms and the verdict with
/// its rule. The Python binding's `Verdict.explain()` is this text.
///
/// ```
/// use scorespec::eval::math::explain;
/// use scorespec::score::math::grade::{GradeOptions, grade};
/// let text = explain(&grade("2", r"so \boxed{2}", &GradeOptions::default()));
/// assert!(text.starts_with("gold answer:     \"2\"  (found by bare_answer, bytes 0..1)\n"));
/// assert!(text.ends_with("(rule literal; spec/math.md)\n"));
/// ```
pub fn explain(graded: &Graded) -> String {
    let show = |e: &Option<Located>| match e {
        Some(e) => format!(
            "{:?}  (found by {}, bytes {}..{})",
            e.answer, e.how, e.span.0, e.span.1
        ),
        None => "none found".to_string(),
    };
    let v = &graded.verdict;
    let mut text = format!(
        "gold answer:     {}\nresponse answer: {}\ncompared:        {:?}\n           with: {:?}\nverdict:         {} (rule {}; spec/math.md)\n",
        show(&graded.gold_extracted),
        show(&graded.response_extracted),
        v.reference_normalized,
        v.prediction_normalized,
        v.outcome.as_str(),
        v.rule,
    );
    // Why no answer was found (a response cut off, MX-15).
    if let Some(reason) = &graded.reason {
        text.push_str(&format!("reason:          {reason}\n"));
    }
    text
}

/// The summary of a math evaluation run.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct MathSummary {
    /// Input lines (= output lines).
    pub lines: u64,
    /// Rows graded (every row that is not an error).
    pub graded: u64,
    /// Rows graded equal.
    pub equal: u64,
    /// `equal / graded` (0 when nothing was graded).
    pub accuracy: f64,
    /// Graded rows by outcome (`equal`, `not_equal`, `unparseable`, `no_answer`, `budget_exceeded`, `undecided`).
    pub outcomes: BTreeMap<String, u64>,
    /// Rows with an error.
    pub errors: u64,
    /// Errors by kind.
    pub error_kinds: BTreeMap<&'static str, u64>,
}

impl MathSummary {
    fn add(&mut self, r: &MathRow) {
        self.lines += 1;
        if let Some(g) = &r.graded {
            self.graded += 1;
            self.equal += u64::from(g.verdict.equal);
            *self
                .outcomes
                .entry(g.verdict.outcome.as_str().to_string())
                .or_default() += 1;
            self.accuracy = self.equal as f64 / self.graded as f64;
        }
        if let Some(e) = &r.error {
            self.errors += 1;
            *self.error_kinds.entry(e.kind).or_default() += 1;
        }
    }
}

/// Grades every row of `input`, writing one JSON line per input line to
/// `output`; `progress` is called with the bytes consumed so far.
///
/// ```
/// use scorespec::eval::math::run;
/// use scorespec::score::math::grade::GradeOptions;
/// let input = b"{\"gold\":\"1234\",\"response\":\"The answer is 1,234.\"}\n{\"gold\":\"2\",\"response\":\"\\\\boxed{3}\"}\n[]\n";
/// let mut out = Vec::new();
/// let s = run(&input[..], &mut out, &GradeOptions::default(), 1 << 20, |_| {}).unwrap();
/// assert_eq!((s.lines, s.graded, s.equal, s.errors), (3, 2, 1, 1));
/// assert_eq!(s.accuracy, 0.5);
/// assert_eq!(s.outcomes["not_equal"], 1);
/// ```
pub fn run<R: BufRead, W: Write>(
    input: R,
    output: W,
    opts: &GradeOptions,
    max_line_bytes: usize,
    progress: impl FnMut(u64),
) -> io::Result<MathSummary> {
    let mut summary = MathSummary::default();
    stream_jsonl(
        input,
        output,
        max_line_bytes,
        progress,
        |n, raw| match raw {
            Some(b) => grade_row(b, n, opts),
            None => row_error(
                n,
                Value::Null,
                "line_too_long",
                format!("line longer than the limit of {max_line_bytes} bytes"),
            ),
        },
        |r| summary.add(r),
    )?;
    Ok(summary)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::score::math::grade::{grade, grade_any};

    /// The field-by-field JSON is the serde serialization of [`Graded`]
    /// (a field added to the struct and not to `GradedFields` fails
    /// here): a verdict of each shape, with and without extracted answers
    /// and a reason.
    #[test]
    fn graded_json_is_the_serialization() {
        let opts = GradeOptions::default();
        let strict = GradeOptions {
            strict: true,
            ..GradeOptions::default()
        };
        let cases = [
            grade("2", r"\boxed{2}", &opts),
            grade(r"\frac{1}{2}", r"so $\boxed{0.5}$", &opts),
            grade("12", r"We have $3 \times 4 = 12$ and then $12 +", &opts),
            grade("1,2", r"\boxed{1}, \boxed{2}", &opts),
            grade("x", "no answer here", &strict),
            grade("", "", &opts),
            grade("(A)", "The answer is B", &opts),
            grade_any(&[], "5", &opts),
            grade_any(&["3", "5"], "5", &opts),
        ];
        for g in cases {
            let serde = serde_json::to_value(&g).unwrap();
            assert_eq!(Value::Object(graded_json(&g)), serde, "{g:?}");
            // Written straight, the keys come in the sorted order of a JSON
            // map, byte for byte what the map would write.
            assert_eq!(
                serde_json::to_string(&GradedFields(&g)).unwrap(),
                serde_json::to_string(&serde).unwrap()
            );
        }
    }
}
