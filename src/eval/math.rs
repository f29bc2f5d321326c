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
    let mut text = Vec::new();
    write_graded(graded, &mut text);
    match serde_json::from_slice(&text) {
        Ok(Value::Object(m)) => m,
        // `write_graded` writes an object of strings, booleans, nulls and
        // integers, which always reads back (a test checks it).
        _ => Map::new(),
    }
}

/// Appends [`graded_json`]'s object to `out` as JSON text, keys in sorted
/// order, byte for byte what `serde_json` writes for that object: what
/// `math.grade` returns through the protocol, written with no map built in
/// between (building one, or serde's map serializer, took a tenth of a
/// call). Tests check it against serde's serialization of [`Graded`].
pub fn write_graded(graded: &Graded, out: &mut Vec<u8>) {
    let v = &graded.verdict;
    out.extend_from_slice(if v.equal {
        b"{\"equal\":true,\"gold_extracted\":"
    } else {
        b"{\"equal\":false,\"gold_extracted\":"
    });
    write_located(graded.gold_extracted.as_ref(), out);
    out.extend_from_slice(b",\"outcome\":");
    json_string(v.outcome.as_str(), out);
    out.extend_from_slice(b",\"prediction_normalized\":");
    json_string(&v.prediction_normalized, out);
    if let Some(reason) = graded.reason {
        out.extend_from_slice(b",\"reason\":");
        json_string(reason, out);
    }
    out.extend_from_slice(b",\"reference_normalized\":");
    json_string(&v.reference_normalized, out);
    out.extend_from_slice(b",\"response_extracted\":");
    write_located(graded.response_extracted.as_ref(), out);
    out.extend_from_slice(b",\"rule\":");
    json_string(v.rule.as_str(), out);
    out.push(b'}');
}

/// An extracted answer as `{"answer","how","span"}`, or `null`.
fn write_located(located: Option<&Located>, out: &mut Vec<u8>) {
    let Some(l) = located else {
        out.extend_from_slice(b"null");
        return;
    };
    out.extend_from_slice(b"{\"answer\":");
    json_string(&l.answer, out);
    out.extend_from_slice(b",\"how\":");
    json_string(l.how, out);
    out.extend_from_slice(b",\"span\":[");
    write_decimal(l.span.0, out);
    out.push(b',');
    write_decimal(l.span.1, out);
    out.extend_from_slice(b"]}");
}

/// `n` in decimal digits.
fn write_decimal(n: usize, out: &mut Vec<u8>) {
    let mut buf = [0; 20];
    out.extend_from_slice(crate::text::decimal_digits(n as u64, &mut buf));
}

/// Whether one of the eight bytes of `word` is below 0x20, a quote or a
/// backslash (the classic "has a byte less than n / equal to c" bit tricks;
/// a byte of 0x80 or more never counts).
fn needs_escape(word: u64) -> bool {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let zero_byte = |v: u64| v.wrapping_sub(ONES) & !v & HIGH;
    let below_space = word.wrapping_sub(ONES * 0x20) & !word & HIGH;
    below_space
        | zero_byte(word ^ (ONES * u64::from(b'"')))
        | zero_byte(word ^ (ONES * u64::from(b'\\')))
        != 0
}

/// `s` as a JSON string, escaped as `serde_json` escapes it: `"` and `\`
/// with a backslash, the control characters U+0000–U+001F as `\b`, `\t`,
/// `\n`, `\f`, `\r` or `\u00xx` (lower-case hex), everything else as is.
fn json_string(s: &str, out: &mut Vec<u8>) {
    let bytes = s.as_bytes();
    out.reserve(bytes.len() + 2);
    out.push(b'"');
    // Eight bytes at a time while none of them needs escaping (most text),
    // then byte by byte; each run of plain bytes is copied once.
    let mut at = 0;
    while let Some(chunk) = bytes.get(at..at + 8) {
        let mut word = [0u8; 8];
        word.copy_from_slice(chunk);
        if needs_escape(u64::from_le_bytes(word)) {
            break;
        }
        at += 8;
    }
    let mut start = 0;
    for (i, &b) in bytes.iter().enumerate().skip(at) {
        let e = ESCAPES[usize::from(b)];
        if e == 0 {
            continue;
        }
        out.extend_from_slice(&bytes[start..i]);
        escape(b, e, out);
        start = i + 1;
    }
    out.extend_from_slice(&bytes[start..]);
    out.push(b'"');
}

/// Byte `b`'s escape, `e` its [`ESCAPES`] entry (not 0).
fn escape(b: u8, e: u8, out: &mut Vec<u8>) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    if e == b'u' {
        out.extend_from_slice(&[
            b'\\',
            b'u',
            b'0',
            b'0',
            HEX[usize::from(b >> 4)],
            HEX[usize::from(b & 0xf)],
        ]);
    } else {
        out.extend_from_slice(&[b'\\', e]);
    }
}

/// For each byte, the character after the backslash of its JSON escape
/// (`u`: `\u00xx`), or 0 when it is written as is: the escapes of
/// [`json_string`].
const ESCAPES: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 0x20 {
        t[i] = b'u';
        i += 1;
    }
    t[0x08] = b'b';
    t[0x09] = b't';
    t[0x0a] = b'n';
    t[0x0c] = b'f';
    t[0x0d] = b'r';
    t[0x22] = b'"';
    t[0x5c] = b'\\';
    t
};

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
    /// (a field added to the struct and not to `write_graded` fails
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
            let mut text = Vec::new();
            write_graded(&g, &mut text);
            assert_eq!(text, serde_json::to_vec(&serde).unwrap(), "{g:?}");
        }
    }

    /// Strings are escaped as serde_json escapes them: every control
    /// character, quote and backslash, and text beyond ASCII (U+007F, é,
    /// 答, an emoji) as is.
    #[test]
    fn strings_are_escaped_as_serde_json_does() {
        let mut all: String = (0u8..0x80).map(char::from).collect();
        all.push_str("é答😀\u{2028}\\\"end");
        let texts = [
            all.as_str(),
            "",
            "plain",
            "\"",
            "\\",
            "a\nb\u{1f}c",
            "eight by\ttes then more",
            "sixteen bytes ok\"",
            "\u{7f}\u{80}\u{ff}ÿÿÿÿÿÿÿÿ \u{1}",
        ];
        for s in texts {
            let mut text = Vec::new();
            json_string(s, &mut text);
            assert_eq!(text, serde_json::to_vec(s).unwrap(), "{s:?}");
        }
        for n in [0, 7, 10, 99, 12_345, usize::MAX] {
            let mut text = Vec::new();
            write_decimal(n, &mut text);
            assert_eq!(text, n.to_string().into_bytes());
        }
    }
}
