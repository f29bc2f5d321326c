//! `scorespec eval --task fredholm`: a predictions JSONL file (document 003,
//! "Predictions Output") in, the evaluated predictions JSONL and the metrics
//! JSON out.
//!
//! Lines are read in chunks of [`super::CHUNK_LINES`] and evaluated in
//! parallel; each evaluated line is written in input order as soon as its
//! chunk is done, and the totals are folded into one
//! [`Aggregate`], so memory depends on the chunk, not on the file. A line
//! that is not a JSON object gives an evaluated line `{"line": N, "error":
//! {kind, message}}` and counts in `invalid_rows`; the rest is still
//! evaluated.

use std::io::{self, BufRead, Write};

use rayon::prelude::*;
use serde_json::{Value, json};

use super::CHUNK_LINES;
use crate::error::json_type;
use crate::protocol::{RawLine, read_line};
use crate::score::fredholm::evaluate::{Aggregate, EvalOptions, Record, evaluate_prediction};

fn invalid(line: u64, kind: &str, message: String) -> (Value, Option<Record>) {
    (
        json!({"line": line, "error": {"kind": kind, "message": format!("line {line}: {message}")}}),
        None,
    )
}

fn evaluate_line(
    raw: &RawLine,
    line: u64,
    max: usize,
    opts: &EvalOptions,
) -> (Value, Option<Record>) {
    let bytes = match raw {
        RawLine::Bytes(b) => b.strip_suffix(b"\r").unwrap_or(b),
        RawLine::TooLong => {
            return invalid(
                line,
                "line_too_long",
                format!("line longer than the limit of {max} bytes"),
            );
        }
    };
    let Ok(text) = std::str::from_utf8(bytes) else {
        return invalid(line, "invalid_utf8", "not valid UTF-8".into());
    };
    match serde_json::from_str::<Value>(text) {
        Ok(Value::Object(row)) => {
            let (v, r) = evaluate_prediction(&row, opts);
            (v, Some(r))
        }
        Ok(other) => invalid(
            line,
            "not_an_object",
            format!("expected an object, found {}", json_type(&other)),
        ),
        Err(e) => invalid(line, "malformed_json", format!("malformed JSON: {e}")),
    }
}

/// Evaluates every prediction of `input`, writing the evaluated predictions
/// (one JSON line per non-empty input line, in order) to `evaluated` when
/// given, and returns the metrics JSON; `progress` is called with the bytes
/// consumed so far. Empty lines are skipped.
///
/// ```
/// use scorespec::eval::fredholm::run;
/// use scorespec::score::fredholm::evaluate::EvalOptions;
/// let input = br#"{"ground_truth": "x**2", "solution_str": "x*x", "ground_truth_solution_type": "exact_symbolic"}
/// not json
/// "#;
/// let mut out = Vec::new();
/// let m = run(&input[..], Some(&mut out), &EvalOptions::default(), 1 << 20, |_| {}).unwrap();
/// assert_eq!((m["total"].as_u64(), m["invalid_rows"].as_u64()), (Some(1), Some(1)));
/// assert_eq!(String::from_utf8(out).unwrap().lines().count(), 2);
/// ```
pub fn run<R: BufRead, W: Write>(
    mut input: R,
    mut evaluated: Option<W>,
    opts: &EvalOptions,
    max_line_bytes: usize,
    mut progress: impl FnMut(u64),
) -> io::Result<Value> {
    let mut agg = Aggregate::default();
    let mut consumed = 0u64;
    let mut line = 0u64;
    let mut eof = false;
    while !eof {
        let mut chunk = Vec::with_capacity(CHUNK_LINES);
        while chunk.len() < CHUNK_LINES {
            let Some((raw, bytes)) = read_line(&mut input, max_line_bytes)? else {
                eof = true;
                break;
            };
            consumed += bytes;
            line += 1;
            let empty = matches!(&raw, RawLine::Bytes(b) if b.iter().all(u8::is_ascii_whitespace));
            if !empty {
                chunk.push((line, raw));
            }
        }
        let results: Vec<(Value, Option<Record>)> = chunk
            .par_iter()
            .map(|(n, raw)| evaluate_line(raw, *n, max_line_bytes, opts))
            .collect();
        for (v, r) in &results {
            if let Some(w) = evaluated.as_mut() {
                serde_json::to_writer(&mut *w, v)?;
                w.write_all(b"\n")?;
            }
            match r {
                Some(r) => agg.add(r),
                None => agg.add_invalid(),
            }
        }
        progress(consumed);
    }
    if let Some(w) = evaluated.as_mut() {
        w.flush()?;
    }
    Ok(agg.metrics())
}
