//! `scorespec eval --task fredholm`: a predictions JSONL file (document 003,
//! "Predictions Output") in, the evaluated predictions JSONL and the metrics
//! JSON out.
//!
//! Lines are read in chunks of [`super::CHUNK_LINES`] lines or
//! [`super::CHUNK_BYTES`] bytes and evaluated in
//! parallel (the shared streaming of [`super`]); each evaluated line is
//! written in input order as soon as its chunk is done, and the totals are
//! folded into one
//! [`Aggregate`], so memory depends on the chunk, not on the file. A line
//! that is not a JSON object gives an evaluated line `{"line": N, "error":
//! {kind, message}}` and counts in `invalid_rows`; the rest is still
//! evaluated.

use std::io::{self, BufRead, Write};

use serde_json::{Value, json};

use super::{parse_row, stream};
use crate::score::fredholm::evaluate::{Aggregate, EvalOptions, Record, evaluate_prediction};

fn invalid(line: u64, kind: &str, message: String) -> (Value, Option<Record>) {
    (
        json!({"line": line, "error": {"kind": kind, "message": format!("line {line}: {message}")}}),
        None,
    )
}

fn evaluate_line(
    bytes: Option<&[u8]>,
    line: u64,
    max: usize,
    opts: &EvalOptions,
) -> Option<(Value, Option<Record>)> {
    let Some(bytes) = bytes else {
        return Some(invalid(
            line,
            "line_too_long",
            format!("line longer than the limit of {max} bytes"),
        ));
    };
    match parse_row(bytes) {
        Ok(row) => {
            let (v, r) = evaluate_prediction(&row, opts);
            Some((v, Some(r)))
        }
        Err(("empty_line", _)) => None,
        Err((kind, msg)) => Some(invalid(line, kind, msg)),
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
///
/// "#;
/// let mut out = Vec::new();
/// let m = run(&input[..], Some(&mut out), &EvalOptions::default(), 1 << 20, |_| {}).unwrap();
/// assert_eq!((m["total"].as_u64(), m["invalid_rows"].as_u64()), (Some(1), Some(1)));
/// assert_eq!(m["accuracy"], 1.0);
/// assert_eq!(String::from_utf8(out).unwrap().lines().count(), 2);
/// ```
pub fn run<R: BufRead, W: Write>(
    input: R,
    mut evaluated: Option<W>,
    opts: &EvalOptions,
    max_line_bytes: usize,
    progress: impl FnMut(u64),
) -> io::Result<Value> {
    let mut agg = Aggregate::default();
    stream(
        input,
        max_line_bytes,
        progress,
        |n, bytes| evaluate_line(bytes, n, max_line_bytes, opts),
        |result| {
            let Some((v, r)) = result else {
                return Ok(());
            };
            if let Some(w) = evaluated.as_mut() {
                serde_json::to_writer(&mut *w, &v)?;
                w.write_all(b"\n")?;
            }
            match r {
                Some(r) => agg.add(&r),
                None => agg.add_invalid(),
            }
            Ok(())
        },
    )?;
    if let Some(w) = evaluated.as_mut() {
        w.flush()?;
    }
    Ok(agg.metrics())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The bundled example: every documented field of the metrics JSON is
    /// present and every solution type appears.
    #[test]
    fn bundled_example_has_every_documented_field() {
        let input = include_str!("../../examples/fredholm-predictions.jsonl");
        let mut out = Vec::new();
        let m = run(
            input.as_bytes(),
            Some(&mut out),
            &EvalOptions::default(),
            1 << 20,
            |_| {},
        )
        .unwrap();
        for k in [
            "total",
            "correct",
            "accuracy",
            "symbolic_accuracy",
            "numeric_accuracy",
            "per_type",
            "has_solution_accuracy",
            "solution_type_accuracy",
            "confusion_matrix",
            "api_errors",
            "parse_errors",
            "string_metrics",
            "structural_metrics",
            "detection_metrics",
            "verification_metrics",
            "numeric_metrics",
            "symbolic_metrics",
            "aggregated",
        ] {
            assert!(m.get(k).is_some_and(|v| !v.is_null()), "{k}: {m}");
        }
        for t in crate::score::fredholm::parse::SOLUTION_TYPES {
            assert!(m["per_type"].get(t).is_some(), "{t}");
        }
        let lines = String::from_utf8(out).unwrap();
        assert_eq!(lines.lines().count(), input.lines().count());
        assert!(lines.lines().all(|l| l.contains("\"evaluation\"")));
    }
}
