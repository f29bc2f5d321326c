//! Batch evaluation of dataset rows (`scorespec eval`).
//!
//! Rows are JSONL in the document's data format, e.g. for the word puzzles
//! (document 001):
//!
//! ```text
//! {"id": 7, "data_source": "typos", "model_output": "…", "extra_info": {"label": "…"}}
//! ```
//!
//! `id` is optional and echoed; other fields are ignored (datasets carry
//! prompts and metadata). Every input line gives exactly one output line, in
//! order: `{"line": N, "id": …, "data_source": …, "score": x}` or, for a
//! malformed row, `{"line": N, "id": …, "error": {"kind", "message"}}`, and
//! the rest of the file is still scored. Rows are scored in parallel in
//! chunks of [`CHUNK_LINES`] lines or [`CHUNK_BYTES`] bytes, whichever comes
//! first, so memory depends on the chunk, not on the file. The [`Summary`] gives, per data source, the count, the mean and
//! the distribution of the scores.

use std::collections::BTreeMap;
use std::io::{self, BufRead, Read, Write};

use rayon::prelude::*;
use serde::Serialize;
use serde_json::{Map, Value};

pub mod fredholm;

use crate::error::json_type;
use crate::protocol::{RawLine, json_error, read_line, skip_bom};
use crate::score::reward;

pub mod math;

/// The most lines read and scored together.
pub const CHUNK_LINES: usize = 2048;

/// The most bytes of input lines held by one chunk (64 MiB): a chunk closes
/// at [`CHUNK_LINES`] lines or when its lines reach this size, whichever
/// comes first, so the lines held at once are at most this plus one line
/// (`--max-line-bytes`).
pub const CHUNK_BYTES: usize = 64 << 20;

/// The tasks `eval` knows.
#[non_exhaustive]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Task {
    /// Word puzzles (document 001): rows `{data_source, model_output, extra_info: {label}}`.
    Puzzles,
}

/// The error of one row: kind and message (the message starts with `line N:`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RowError {
    /// Stable machine-readable kind.
    pub kind: &'static str,
    /// Human-readable message naming the line.
    pub message: String,
}

/// The scored form of one row.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RowResult {
    /// The 1-based input line.
    pub line: u64,
    /// The row's `id`, or null.
    pub id: Value,
    /// The row's `data_source`, when it could be read.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub data_source: Option<String>,
    /// The score, for a row that could be scored.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score: Option<f64>,
    /// Why the row could not be scored.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<RowError>,
}

fn row_error(
    line: u64,
    id: Value,
    data_source: Option<String>,
    kind: &'static str,
    msg: impl std::fmt::Display,
) -> RowResult {
    RowResult {
        line,
        id,
        data_source,
        score: None,
        error: Some(RowError {
            kind,
            message: format!("line {line}: {msg}"),
        }),
    }
}

pub(crate) fn string_field<'a>(
    row: &'a Map<String, Value>,
    name: &str,
) -> Result<&'a str, (&'static str, String)> {
    match row.get(name) {
        Some(Value::String(s)) => Ok(s),
        Some(other) => Err((
            "invalid_field",
            format!(
                "field {name:?} must be a string, found {}",
                json_type(other)
            ),
        )),
        None => Err(("missing_field", format!("missing field {name:?}"))),
    }
}

/// Reads one dataset row: UTF-8, not empty, a JSON object; otherwise the
/// error kind (`invalid_utf8`, `empty_line`, `malformed_json`,
/// `too_deeply_nested`, `not_an_object`) and a message.
pub(crate) fn parse_row(bytes: &[u8]) -> Result<Map<String, Value>, (&'static str, String)> {
    let Ok(text) = std::str::from_utf8(bytes) else {
        return Err(("invalid_utf8", "not valid UTF-8".into()));
    };
    if text.trim().is_empty() {
        return Err(("empty_line", "empty line".into()));
    }
    match serde_json::from_str(text) {
        Ok(Value::Object(m)) => Ok(m),
        Ok(other) => Err((
            "not_an_object",
            format!("expected an object, found {}", json_type(&other)),
        )),
        Err(e) => Err(json_error(&e)),
    }
}

/// Scores one puzzles row given as raw bytes.
///
/// ```
/// use scorespec::eval::score_puzzles_row;
/// let r = score_puzzles_row(br#"{"data_source":"typos","model_output":"<solution>hello</solution>","extra_info":{"label":"hello"}}"#, 1);
/// assert_eq!(r.score, Some(1.0));
/// let r = score_puzzles_row(b"{", 2);
/// assert_eq!(r.error.unwrap().kind, "malformed_json");
/// ```
pub fn score_puzzles_row(bytes: &[u8], line: u64) -> RowResult {
    let row = match parse_row(bytes) {
        Ok(row) => row,
        Err((kind, msg)) => return row_error(line, Value::Null, None, kind, msg),
    };
    let id = row.get("id").cloned().unwrap_or(Value::Null);
    let source = match string_field(&row, "data_source") {
        Ok(s) => s,
        Err((kind, msg)) => return row_error(line, id, None, kind, msg),
    };
    let fail = |kind, msg: String| row_error(line, id.clone(), Some(source.to_string()), kind, msg);
    let output = match string_field(&row, "model_output") {
        Ok(s) => s,
        Err((kind, msg)) => return fail(kind, msg),
    };
    let label = match row.get("extra_info") {
        Some(Value::Object(info)) => match string_field(info, "label") {
            Ok(s) => s,
            Err((kind, msg)) => return fail(kind, format!("extra_info: {msg}")),
        },
        Some(other) => {
            return fail(
                "invalid_field",
                format!(
                    "field \"extra_info\" must be an object, found {}",
                    json_type(other)
                ),
            );
        }
        None => return fail("missing_field", "missing field \"extra_info\"".into()),
    };
    match reward::score(source, output, label) {
        Ok(score) => RowResult {
            line,
            id,
            data_source: Some(source.to_string()),
            score: Some(score),
            error: None,
        },
        Err(e) => {
            let e = crate::error::CallError::from(e);
            fail(e.kind(), e.to_string())
        }
    }
}

/// Per-data-source statistics of a run.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct SourceStats {
    /// Rows scored.
    pub count: u64,
    /// Mean score.
    pub mean: f64,
    /// Rows scoring exactly 0.
    pub zeros: u64,
    /// Rows scoring exactly 1.
    pub ones: u64,
    /// Counts in ten bins `[0, 0.1), [0.1, 0.2), …, [0.9, 1]`.
    pub histogram: [u64; 10],
    #[serde(skip)]
    sum: f64,
}

/// The summary of an evaluation run.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Summary {
    /// Input lines (= output lines).
    pub lines: u64,
    /// Rows scored.
    pub scored: u64,
    /// Rows with an error.
    pub errors: u64,
    /// Errors by kind.
    pub error_kinds: BTreeMap<&'static str, u64>,
    /// Statistics per data source, for the scored rows.
    pub per_source: BTreeMap<String, SourceStats>,
}

impl Summary {
    fn add(&mut self, r: &RowResult) {
        self.lines += 1;
        match (&r.score, &r.error, &r.data_source) {
            (Some(s), _, Some(source)) => {
                self.scored += 1;
                let st = self.per_source.entry(source.clone()).or_default();
                st.count += 1;
                st.sum += s;
                st.mean = st.sum / st.count as f64;
                st.zeros += u64::from(*s == 0.0);
                st.ones += u64::from(*s == 1.0);
                let bin = ((s * 10.0).floor() as usize).min(9);
                st.histogram[bin] += 1;
            }
            (_, Some(e), _) => {
                self.errors += 1;
                *self.error_kinds.entry(e.kind).or_default() += 1;
            }
            _ => {}
        }
    }
}

/// Scores every row of `input` for `task`, writing one JSON line per input
/// line to `output`; `progress` is called with the bytes consumed so far.
///
/// ```
/// use scorespec::eval::{run, Task};
/// let input = b"{\"data_source\":\"typos\",\"model_output\":\"hello\",\"extra_info\":{\"label\":\"hello\"}}\nnot json\n";
/// let mut out = Vec::new();
/// let s = run(&input[..], &mut out, Task::Puzzles, 1 << 20, |_| {}).unwrap();
/// assert_eq!((s.lines, s.scored, s.errors), (2, 1, 1));
/// assert_eq!(s.per_source["typos"].mean, 1.0);
/// ```
pub fn run<R: BufRead, W: Write>(
    input: R,
    output: W,
    task: Task,
    max_line_bytes: usize,
    progress: impl FnMut(u64),
) -> io::Result<Summary> {
    let mut summary = Summary::default();
    stream_jsonl(
        input,
        output,
        max_line_bytes,
        progress,
        |n, raw| match (raw, task) {
            (Some(b), Task::Puzzles) => score_puzzles_row(b, n),
            (None, _) => row_error(
                n,
                Value::Null,
                None,
                "line_too_long",
                format!("line longer than the limit of {max_line_bytes} bytes"),
            ),
        },
        |r| summary.add(r),
    )?;
    Ok(summary)
}

/// [`stream`] writing each result as one JSON line to `output` (then
/// flushed), after showing it to `seen` (for a summary).
pub(crate) fn stream_jsonl<R: BufRead, W: Write, T: Serialize + Send>(
    input: R,
    mut output: W,
    max_line_bytes: usize,
    progress: impl FnMut(u64),
    score: impl Fn(u64, Option<&[u8]>) -> T + Sync,
    mut seen: impl FnMut(&T),
) -> io::Result<()> {
    stream(input, max_line_bytes, progress, score, |r| {
        serde_json::to_writer(&mut output, &r)?;
        output.write_all(b"\n")?;
        seen(&r);
        Ok(())
    })?;
    output.flush()
}

/// Reads `input` line by line in chunks of [`CHUNK_LINES`] lines or
/// [`CHUNK_BYTES`] bytes (whichever comes first), scores the lines of a
/// chunk in parallel with `score(line_number, bytes)` (`None` for a line over
/// `max_line_bytes`, a trailing `\r` removed) and hands the results to `sink`
/// in input order; `progress` gets the bytes consumed after each chunk.
/// Memory depends on the chunk, not on the input.
pub(crate) fn stream<R: BufRead, T: Send>(
    input: R,
    max_line_bytes: usize,
    progress: impl FnMut(u64),
    score: impl Fn(u64, Option<&[u8]>) -> T + Sync,
    sink: impl FnMut(T) -> io::Result<()>,
) -> io::Result<()> {
    stream_chunked(input, max_line_bytes, CHUNK_BYTES, progress, score, sink)
}

/// [`stream`] with the byte budget of a chunk as a parameter.
fn stream_chunked<R: BufRead, T: Send>(
    mut input: R,
    max_line_bytes: usize,
    chunk_bytes: usize,
    mut progress: impl FnMut(u64),
    score: impl Fn(u64, Option<&[u8]>) -> T + Sync,
    mut sink: impl FnMut(T) -> io::Result<()>,
) -> io::Result<()> {
    let (mut consumed, taken) = skip_bom(&mut input)?;
    let mut input = taken.as_slice().chain(input);
    let mut line = 0u64;
    loop {
        let mut chunk = Vec::with_capacity(CHUNK_LINES);
        // The memory the chunk's lines hold (their buffers' capacity).
        let mut held = 0usize;
        while chunk.len() < CHUNK_LINES && held < chunk_bytes {
            let Some((raw, bytes)) = read_line(&mut input, max_line_bytes)? else {
                break;
            };
            consumed += bytes;
            line += 1;
            if let RawLine::Bytes(b) = &raw {
                held += b.capacity();
            }
            chunk.push((line, raw));
        }
        if chunk.is_empty() {
            return Ok(());
        }
        let results: Vec<T> = chunk
            .par_iter()
            .map(|(n, raw)| match raw {
                RawLine::Bytes(b) => score(*n, Some(b.strip_suffix(b"\r").unwrap_or(b))),
                RawLine::TooLong => score(*n, None),
            })
            .collect();
        for r in results {
            sink(r)?;
        }
        progress(consumed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_chunk_closes_at_its_byte_budget() {
        // Ten lines of 99 bytes and a newline; a budget of 250 bytes closes
        // a chunk after three lines (3 × 99 ≥ 250): chunks of 3, 3, 3, 1.
        let input = format!("{}\n", "x".repeat(99)).repeat(10);
        let mut chunk_ends = Vec::new();
        let mut seen = Vec::new();
        stream_chunked(
            input.as_bytes(),
            1 << 20,
            250,
            |consumed| chunk_ends.push(consumed),
            |n, b| (n, b.map(<[u8]>::len)),
            |r| {
                seen.push(r);
                Ok(())
            },
        )
        .unwrap();
        assert_eq!(chunk_ends, [300, 600, 900, 1000]);
        assert_eq!(seen.len(), 10);
        assert!(
            seen.iter()
                .enumerate()
                .all(|(i, r)| *r == (i as u64 + 1, Some(99)))
        );
        // A line larger than the budget makes a chunk of its own.
        let input = format!("{}\nx\n", "y".repeat(1000));
        let mut chunk_ends = Vec::new();
        stream_chunked(
            input.as_bytes(),
            1 << 20,
            250,
            |c| chunk_ends.push(c),
            |_, _| (),
            |_| Ok(()),
        )
        .unwrap();
        assert_eq!(chunk_ends, [1001, 1003]);
    }

    #[test]
    fn summary_bins_and_means() {
        let rows = [
            r#"{"id":"a","data_source":"connections","model_output":"a,b,c,d,e,f,g,h","extra_info":{"label":"a,b,c,d,e,f,g,h"}}"#,
            r#"{"id":"b","data_source":"connections","model_output":"a,b,c,d,e,f,h,g","extra_info":{"label":"a,b,c,d,e,f,g,h"}}"#,
            r#"{"id":"c","data_source":"connections","model_output":"x","extra_info":{"label":"a,b,c,d,e,f,g,h"}}"#,
            r#"{"id":"d","data_source":"sudoku","model_output":"x","extra_info":{"label":"x"}}"#,
            r#"{"id":"e","data_source":"typos","model_output":"x","extra_info":{}}"#,
        ];
        let input = rows.join("\n");
        let mut out = Vec::new();
        let s = run(input.as_bytes(), &mut out, Task::Puzzles, 1 << 20, |_| {}).unwrap();
        assert_eq!((s.lines, s.scored, s.errors), (5, 3, 2));
        let c = &s.per_source["connections"];
        // Scores 1, 1 (group order inside a group is free), 0: mean 2/3.
        assert_eq!((c.count, c.ones, c.zeros), (3, 2, 1));
        assert_eq!(c.histogram[9], 2);
        assert_eq!(c.histogram[0], 1);
        assert!((c.mean - 2.0 / 3.0).abs() < 1e-15);
        assert_eq!(s.error_kinds["invalid_value"], 1);
        assert_eq!(s.error_kinds["missing_field"], 1);
        let lines: Vec<Value> = String::from_utf8(out)
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(lines.len(), 5);
        assert_eq!(lines[3]["id"], "d");
        assert!(
            lines[3]["error"]["message"]
                .as_str()
                .unwrap()
                .starts_with("line 4: ")
        );
    }
}
