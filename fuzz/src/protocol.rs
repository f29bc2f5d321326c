//! The JSONL protocol never fails on its input: every input line (split on
//! `\n`, a final piece without newline counting when non-empty) gives exactly
//! one output line, a JSON object with a boolean "ok"; error lines carry the
//! 1-based number of their input line.

use scorespec::protocol::{self as jsonl, Limits};
use serde_json::Value;

/// The number of lines `protocol::run` reads: one per `\n`, plus the final
/// piece after the last `\n` when it is non-empty. A leading UTF-8 byte order
/// mark is not content (`run` skips it), so a file holding only a BOM has no line.
fn input_lines(data: &[u8]) -> u64 {
    let data = data.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(data);
    let newlines = data.iter().filter(|&&b| b == b'\n').count() as u64;
    let tail = !data.is_empty() && *data.last().unwrap() != b'\n';
    newlines + u64::from(tail)
}

/// The target's checks on one input (the bytes libFuzzer gives).
pub fn check(data: &[u8]) {
    let mut out = Vec::new();
    let summary = jsonl::run(
        data,
        &mut out,
        &Limits {
            max_line_bytes: 4096,
        },
    )
    .expect("protocol::run failed on an in-memory input");
    let expected = input_lines(data);
    assert_eq!(summary.lines, expected, "summary.lines");
    assert_eq!(summary.ok + summary.errors, summary.lines, "ok + errors");

    let text = std::str::from_utf8(&out).expect("output is not UTF-8");
    if expected == 0 {
        assert!(out.is_empty(), "output for an empty input: {text:?}");
        return;
    }
    assert!(text.ends_with('\n'), "output does not end with a newline");
    let lines: Vec<&str> = text[..text.len() - 1].split('\n').collect();
    assert_eq!(lines.len() as u64, expected, "output line count");

    let mut ok = 0u64;
    for (i, line) in lines.iter().enumerate() {
        let n = i as u64 + 1;
        let v: Value = serde_json::from_str(line)
            .unwrap_or_else(|e| panic!("output line {n} is not JSON ({e}): {line:?}"));
        let obj = v
            .as_object()
            .unwrap_or_else(|| panic!("output line {n} is not an object: {line:?}"));
        let is_ok = obj
            .get("ok")
            .and_then(Value::as_bool)
            .unwrap_or_else(|| panic!("output line {n} has no boolean \"ok\": {line:?}"));
        assert!(
            obj.contains_key("id"),
            "output line {n} has no \"id\": {line:?}"
        );
        if is_ok {
            ok += 1;
            assert!(
                obj.contains_key("result"),
                "ok line {n} has no result: {line:?}"
            );
        } else {
            let err = &obj["error"];
            assert_eq!(err["line"], n, "error line number: {line:?}");
            assert!(err["kind"].is_string(), "error without kind: {line:?}");
            let msg = err["message"].as_str().unwrap_or_default();
            assert!(
                msg.starts_with(&format!("line {n}: ")),
                "error message: {line:?}"
            );
        }
    }
    assert_eq!(ok, summary.ok, "summary.ok");
}

/// Decodes `data` as the fuzz target does and runs [`check`].
pub fn run(data: &[u8]) {
    check(data);
}
