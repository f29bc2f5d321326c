//! The JSONL protocol of `scorespec run`.
//!
//! Each input line is a JSON object `{"id": …, "fn": "family.name", "args": {…}}`.
//! Each produces exactly one output line, in order:
//!
//! ```text
//! {"id":…,"ok":true,"result":…}
//! {"id":…,"ok":false,"error":{"kind":…,"message":"line N: …","line":N}}
//! ```
//!
//! Nothing in the input stops the run: invalid UTF-8, an empty line, malformed
//! JSON, JSON nested deeper than 128 levels, a line over the length limit, a
//! missing or ill-typed field, an unknown function and a bad argument each
//! give an error line naming the problem and the 1-based line number. Memory
//! is bounded by the line limit: the rest of an over-long line is read and
//! discarded, never stored.

use std::io::{self, BufRead, Read, Write};

use serde::Serialize;
use serde_json::Value;

use crate::error::json_type;
use crate::registry::{self, Output};

/// Bounds of a protocol run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// The longest input line accepted, in bytes (without its newline).
    pub max_line_bytes: usize,
}

impl Default for Limits {
    /// 16 MiB per line.
    fn default() -> Self {
        Limits {
            max_line_bytes: 16 << 20,
        }
    }
}

/// Counts of a finished run.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Summary {
    /// Input lines read (= output lines written).
    pub lines: u64,
    /// Lines answered with `"ok": true`.
    pub ok: u64,
    /// Lines answered with an error.
    pub errors: u64,
}

/// A protocol-level error: the kind, the message and the line it concerns.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LineError {
    /// Stable machine-readable kind, e.g. `malformed_json`.
    pub kind: &'static str,
    /// Human-readable message starting with `line N:`.
    pub message: String,
    /// The 1-based input line number.
    pub line: u64,
}

#[derive(Serialize)]
struct ErrLine<'a> {
    id: &'a Value,
    ok: bool,
    error: LineError,
}

/// One raw line as read: its bytes, or the fact that it was too long.
pub(crate) enum RawLine {
    Bytes(Vec<u8>),
    TooLong,
}

/// `input.fill_buf()`, retried when interrupted by a signal.
fn fill_buf<R: BufRead>(input: &mut R) -> io::Result<&[u8]> {
    while let Err(e) = input.fill_buf() {
        if e.kind() != io::ErrorKind::Interrupted {
            return Err(e);
        }
    }
    input.fill_buf()
}

/// Reads one line (without `\n`) keeping at most `max` bytes; returns the
/// line and the bytes consumed (newline included), or `None` at end of input.
pub(crate) fn read_line<R: BufRead>(
    input: &mut R,
    max: usize,
) -> io::Result<Option<(RawLine, u64)>> {
    let mut line = Vec::new();
    let mut too_long = false;
    let mut any = false;
    let mut total = 0u64;
    loop {
        let buf = fill_buf(input)?;
        if buf.is_empty() {
            break;
        }
        any = true;
        let (chunk, done) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (&buf[..i], Some(i + 1)),
            None => (buf, None),
        };
        if !too_long {
            if line.len() + chunk.len() > max {
                too_long = true;
                line = Vec::new();
            } else {
                line.extend_from_slice(chunk);
            }
        }
        let consumed = done.unwrap_or(buf.len());
        total += consumed as u64;
        input.consume(consumed);
        if done.is_some() {
            break;
        }
    }
    Ok(match (any, too_long) {
        (false, _) => None,
        (true, true) => Some((RawLine::TooLong, total)),
        (true, false) => Some((RawLine::Bytes(line), total)),
    })
}

/// The error kind and message of a line that is not JSON: `too_deeply_nested`
/// past serde_json's 128 levels, else `malformed_json` (the same in `run`
/// and in `eval`).
pub(crate) fn json_error(e: &serde_json::Error) -> (&'static str, String) {
    if e.to_string().starts_with("recursion limit exceeded") {
        (
            "too_deeply_nested",
            format!("JSON nested deeper than 128 levels ({e})"),
        )
    } else {
        ("malformed_json", format!("malformed JSON: {e}"))
    }
}

/// Skips a UTF-8 byte-order mark at the start of `input`. Returns the number
/// of bytes skipped (3 or 0) and the bytes it took from `input` that turned
/// out not to be a mark (the start of a mark followed by something else, or
/// by the end of input, when the reader hands out fewer than three bytes at a
/// time): the caller reads them back first (`taken.chain(input)`), so they
/// stay the start of line 1 and nothing is lost.
pub(crate) fn skip_bom<R: BufRead>(input: &mut R) -> io::Result<(u64, Vec<u8>)> {
    const BOM: &[u8] = b"\xEF\xBB\xBF";
    let mut seen = Vec::with_capacity(3);
    // fill_buf may return fewer bytes than the mark: look byte by byte
    // without consuming anything that is not the mark.
    loop {
        let buf = fill_buf(input)?;
        let want = &BOM[seen.len()..];
        let n = want.len().min(buf.len());
        if buf.is_empty() || buf[..n] != want[..n] {
            return Ok((0, seen));
        }
        seen.extend_from_slice(&buf[..n]);
        input.consume(n);
        if seen.len() == BOM.len() {
            return Ok((3, Vec::new()));
        }
    }
}

fn err(kind: &'static str, line: u64, message: impl std::fmt::Display) -> LineError {
    LineError {
        kind,
        message: format!("line {line}: {message}"),
        line,
    }
}

const FIELDS: [&str; 3] = ["id", "fn", "args"];

/// Answers one input line: the id to echo and the result or error.
///
/// ```
/// use scorespec::protocol::answer_line;
/// let (id, r) = answer_line(br#"{"id":7,"fn":"text.porter_stem","args":{"word":"running"}}"#, 1);
/// assert_eq!(id, serde_json::json!(7));
/// assert_eq!(r.unwrap().into_value(), serde_json::json!("run"));
/// let (_, r) = answer_line(b"{oops", 2);
/// assert_eq!(r.unwrap_err().kind, "malformed_json");
/// ```
pub fn answer_line(bytes: &[u8], line: u64) -> (Value, Result<Output, LineError>) {
    let text = match std::str::from_utf8(bytes) {
        Ok(t) => t,
        Err(e) => {
            let msg = format!("not valid UTF-8 (bad byte at offset {})", e.valid_up_to());
            return (Value::Null, Err(err("invalid_utf8", line, msg)));
        }
    };
    if text.trim().is_empty() {
        return (Value::Null, Err(err("empty_line", line, "empty line")));
    }
    let value: Value = match serde_json::from_str(text) {
        Ok(v) => v,
        Err(e) => {
            let (kind, msg) = json_error(&e);
            return (Value::Null, Err(err(kind, line, msg)));
        }
    };
    let Value::Object(obj) = value else {
        let msg = format!(
            "expected an object {{\"id\",\"fn\",\"args\"}}, found {}",
            json_type(&value)
        );
        return (Value::Null, Err(err("not_an_object", line, msg)));
    };
    let id = match obj.get("id") {
        Some(v @ (Value::String(_) | Value::Number(_))) => v.clone(),
        Some(other) => {
            let msg = format!(
                "field \"id\" must be a string or a number, found {}",
                json_type(other)
            );
            return (Value::Null, Err(err("invalid_field", line, msg)));
        }
        None => {
            return (
                Value::Null,
                Err(err("missing_field", line, "missing field \"id\"")),
            );
        }
    };
    if let Some(extra) = obj.keys().find(|k| !FIELDS.contains(&k.as_str())) {
        let msg = format!("unknown field {extra:?}; a line has fields \"id\", \"fn\", \"args\"");
        return (id, Err(err("unknown_field", line, msg)));
    }
    let name = match obj.get("fn") {
        Some(Value::String(s)) => s,
        Some(other) => {
            let msg = format!("field \"fn\" must be a string, found {}", json_type(other));
            return (id, Err(err("invalid_field", line, msg)));
        }
        None => return (id, Err(err("missing_field", line, "missing field \"fn\""))),
    };
    let Some(args) = obj.get("args") else {
        return (
            id,
            Err(err("missing_field", line, "missing field \"args\"")),
        );
    };
    let result =
        registry::call_output(name, args).map_err(|e| err(e.kind(), line, format!("{name}: {e}")));
    (id, result)
}

/// Runs the protocol from `input` to `output`, one output line per input line.
///
/// Only I/O errors of the streams themselves stop the run.
///
/// ```
/// use scorespec::protocol::{run, Limits};
/// let input = b"{\"id\":1,\"fn\":\"qa.exact_match\",\"args\":{\"prediction\":\"Paris!\",\"reference\":\"paris\"}}\nnot json\n";
/// let mut out = Vec::new();
/// let s = run(&input[..], &mut out, &Limits::default()).unwrap();
/// assert_eq!((s.lines, s.ok, s.errors), (2, 1, 1));
/// let text = String::from_utf8(out).unwrap();
/// assert!(text.starts_with("{\"id\":1,\"ok\":true,\"result\":1.0}\n"));
/// assert!(text.contains("\"kind\":\"malformed_json\""));
/// ```
pub fn run<R: BufRead, W: Write>(
    mut input: R,
    mut output: W,
    limits: &Limits,
) -> io::Result<Summary> {
    let mut summary = Summary::default();
    let mut text = Vec::new();
    let (_, taken) = skip_bom(&mut input)?;
    let mut input = taken.as_slice().chain(input);
    while let Some((raw, _)) = read_line(&mut input, limits.max_line_bytes)? {
        summary.lines += 1;
        let line = summary.lines;
        let (id, result) = match raw {
            RawLine::Bytes(bytes) => {
                let bytes = bytes.strip_suffix(b"\r").unwrap_or(&bytes);
                answer_line(bytes, line)
            }
            RawLine::TooLong => {
                let msg = format!(
                    "line longer than the limit of {} bytes",
                    limits.max_line_bytes
                );
                (Value::Null, Err(err("line_too_long", line, msg)))
            }
        };
        match result {
            Ok(result) => {
                summary.ok += 1;
                // `{"id":…,"ok":true,"result":…}`, the result written by
                // `Output::write_json` (a typed result with no JSON value
                // built in between).
                text.clear();
                text.extend_from_slice(b"{\"id\":");
                serde_json::to_writer(&mut text, &id)?;
                text.extend_from_slice(b",\"ok\":true,\"result\":");
                result.write_json(&mut text)?;
                text.push(b'}');
                output.write_all(&text)?;
            }
            Err(error) => {
                summary.errors += 1;
                serde_json::to_writer(
                    &mut output,
                    &ErrLine {
                        id: &id,
                        ok: false,
                        error,
                    },
                )?;
            }
        }
        output.write_all(b"\n")?;
    }
    output.flush()?;
    Ok(summary)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_byte_order_mark_at_the_start_is_skipped() {
        let line = "{\"id\":1,\"fn\":\"text.porter_stem\",\"args\":{\"word\":\"cats\"}}\n";
        let with_bom = format!("\u{feff}{line}");
        // Also when the reader hands out one byte at a time.
        for cap in [1, 2, 8192] {
            let mut out = Vec::new();
            let r = std::io::BufReader::with_capacity(cap, with_bom.as_bytes());
            let s = run(r, &mut out, &Limits::default()).unwrap();
            assert_eq!((s.ok, s.errors), (1, 0), "capacity {cap}");
        }
        // Only at the start: a second mark is the line's own text.
        let twice = format!("\u{feff}\u{feff}{line}");
        let out = run_str(twice.as_bytes(), 1 << 20);
        assert_eq!(out[0]["error"]["kind"], "malformed_json");
        let mut r = "\u{ef}x".as_bytes();
        assert_eq!(skip_bom(&mut r).unwrap(), (0, Vec::new()));
        // Not a mark: nothing is consumed (the line is then invalid UTF-8).
        let mut r = &b"\xEF\xBBx"[..];
        assert_eq!(skip_bom(&mut r).unwrap(), (0, Vec::new()));
        assert_eq!(r, b"\xEF\xBBx");
        // Seen a byte at a time, the bytes taken are handed back.
        let mut r = std::io::BufReader::with_capacity(1, &b"\xEF\xBBx"[..]);
        assert_eq!(skip_bom(&mut r).unwrap(), (0, b"\xEF\xBB".to_vec()));
        let mut r = &b""[..];
        assert_eq!(skip_bom(&mut r).unwrap(), (0, Vec::new()));
    }

    #[test]
    fn the_start_of_a_mark_is_the_start_of_line_one() {
        // Found by the fuzz smoke run: an input of the single byte 0xEF (the
        // first byte of a mark, then the end) made `run` fail as a whole.
        // Every such input is one line of invalid UTF-8, whatever the
        // reader's buffer size.
        for input in [&b"\xEF"[..], b"\xEF\xBB", b"\xEF\xBBx\n", b"\xEFx"] {
            for cap in [1, 2, 8192] {
                let mut out = Vec::new();
                let r = std::io::BufReader::with_capacity(cap, input);
                let s = run(r, &mut out, &Limits::default()).unwrap();
                assert_eq!((s.lines, s.errors), (1, 1), "{input:?} capacity {cap}");
                let v: Value = serde_json::from_slice(&out).unwrap();
                assert_eq!(v["error"]["kind"], "invalid_utf8", "{input:?}");
            }
        }
    }

    fn run_str(input: &[u8], max: usize) -> Vec<Value> {
        let mut out = Vec::new();
        run(
            input,
            &mut out,
            &Limits {
                max_line_bytes: max,
            },
        )
        .unwrap();
        String::from_utf8(out)
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect()
    }

    #[test]
    fn every_line_gets_one_answer_in_order() {
        let good = br#"{"id":"g","fn":"qa.f1","args":{"prediction":"x b","reference":"b"}}"#;
        let mut input = Vec::new();
        for l in [
            &good[..],
            b"",
            b"{\"id\":1,",
            b"[1,2]",
            b"{\"id\":2,\"fn\":\"qa.nope\",\"args\":{}}",
            b"{\"id\":3,\"fn\":\"qa.f1\",\"args\":{\"prediction\":1,\"reference\":\"x\"}}",
            b"\xff\xfe",
            b"{\"id\":4,\"fn\":\"qa.f1\"}",
            &good[..],
        ] {
            input.extend_from_slice(l);
            input.push(b'\n');
        }
        let out = run_str(&input, 1 << 20);
        let kinds: Vec<&str> = out
            .iter()
            .map(|v| v["error"]["kind"].as_str().unwrap_or("ok"))
            .collect();
        assert_eq!(
            kinds,
            [
                "ok",
                "empty_line",
                "malformed_json",
                "not_an_object",
                "unknown_function",
                "wrong_type",
                "invalid_utf8",
                "missing_field",
                "ok"
            ]
        );
        for (i, v) in out.iter().enumerate().skip(1).take(7) {
            assert_eq!(v["error"]["line"], (i + 1) as u64);
            let msg = v["error"]["message"].as_str().unwrap();
            assert!(msg.starts_with(&format!("line {}: ", i + 1)), "{msg}");
        }
        assert_eq!(out[4]["id"], 2);
        // P = 1/2, R = 1: F1 = 2 * (1/2) / (3/2) = 2/3.
        assert_eq!(out[8]["result"], 2.0 / 3.0);
    }

    #[test]
    fn long_and_deep_lines_are_errors_not_crashes() {
        let mut input = vec![b'x'; 100];
        input.push(b'\n');
        input.extend(std::iter::repeat_n(b'[', 10_000));
        input.push(b'\n');
        input.extend_from_slice(
            b"{\"id\":1,\"fn\":\"text.porter_stem\",\"args\":{\"word\":\"cats\"}}",
        );
        let out = run_str(&input, 50_000);
        assert_eq!(out.len(), 3);
        assert_eq!(out[0]["error"]["kind"], "malformed_json");
        assert_eq!(out[1]["error"]["kind"], "too_deeply_nested");
        assert_eq!(out[2]["result"], "cat");
        let out = run_str(&input, 50);
        assert_eq!(out[0]["error"]["kind"], "line_too_long");
        assert_eq!(out.len(), 3);
    }
}
