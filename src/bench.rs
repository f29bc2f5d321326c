//! `scorespec bench`: the time of spec-function calls, measured in-process.
//!
//! Reads JSONL lines `{"id", "fn", "args", …}` (extra fields are ignored, and
//! lines without `fn` and `args`, such as a recording's header, are skipped),
//! keeps the lines of one function if asked, and calls each case through the
//! registry as the protocol calls it (the arguments checked, the function
//! run, its result written as JSON text into a buffer reused from call to
//! call; reading the line excluded), `rounds + 1` times in a row (`rounds`
//! from 1 to [`MAX_ROUNDS`]); the first
//! call warms up and is not counted. Cases are read and timed one at a time,
//! so memory holds one case (a line of at most [`MAX_LINE_BYTES`]) and one
//! median per case, not the file. A case's
//! time is the median of its counted rounds, measured with
//! [`std::time::Instant`] around the one call. The report gives the
//! throughput (cases / sum of the per-case medians) and the p50 / p99 / max of
//! the medians, how many cases took more than 1 ms, and the slowest cases.

use std::hint::black_box;
use std::io::{self, BufRead, Read};
use std::time::Instant;

use serde::Serialize;
use serde_json::Value;

use scorespec::registry;

/// One case to time.
struct Case {
    id: Value,
    function: String,
    args: Value,
}

/// The most counted rounds per case (`--rounds`); more is a usage error.
pub const MAX_ROUNDS: u32 = 1_000;

/// The longest input line read, in bytes (the protocol's default limit).
pub const MAX_LINE_BYTES: usize = 16 << 20;

/// A case's median time.
#[derive(Debug, Clone, Serialize)]
pub struct Slow {
    /// The case's `id`.
    pub id: Value,
    /// Its median time in µs.
    pub us: f64,
}

/// The timing of a bench run; times in µs, throughput in cases per second.
#[derive(Debug, Clone, Serialize)]
pub struct Report {
    /// The function timed (`null`: every line's own function).
    #[serde(rename = "fn")]
    pub function: Option<String>,
    /// Cases timed.
    pub cases: usize,
    /// Counted rounds per case (one more warm-up round is not counted).
    pub rounds: usize,
    /// Cases whose call returned an error (they are timed all the same).
    pub errors: usize,
    /// The first of those errors, with its case id.
    pub first_error: Option<String>,
    /// Sum of the per-case medians, in seconds.
    pub total_s: f64,
    /// Cases per second: `cases / total_s`.
    pub throughput: f64,
    /// Median of the per-case medians.
    pub p50_us: f64,
    /// 99th percentile of the per-case medians (nearest rank).
    pub p99_us: f64,
    /// The slowest per-case median.
    pub max_us: f64,
    /// Cases whose median is above 1 ms.
    pub over_1ms: usize,
    /// The five slowest cases, slowest first.
    pub slowest: Vec<Slow>,
}

/// Reads the next case (skipping blank lines and lines without `fn`/`args`
/// or of another function); `line` counts the lines read.
fn next_case(
    input: &mut impl BufRead,
    only: Option<&str>,
    line: &mut u64,
) -> io::Result<Option<Case>> {
    let mut buf = Vec::new();
    loop {
        buf.clear();
        let limit = MAX_LINE_BYTES as u64 + 1;
        if input.by_ref().take(limit).read_until(b'\n', &mut buf)? == 0 {
            return Ok(None);
        }
        *line += 1;
        let n = *line;
        let bad =
            |msg: String| io::Error::new(io::ErrorKind::InvalidData, format!("line {n}: {msg}"));
        if buf.last() != Some(&b'\n') && buf.len() > MAX_LINE_BYTES {
            return Err(bad(format!("longer than {MAX_LINE_BYTES} bytes")));
        }
        let text = std::str::from_utf8(&buf).map_err(|_| bad("not valid UTF-8".into()))?;
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        if text.trim().is_empty() {
            continue;
        }
        let v: Value = serde_json::from_str(text).map_err(|e| bad(e.to_string()))?;
        let (Some(function), Some(args)) = (v.get("fn").and_then(Value::as_str), v.get("args"))
        else {
            continue;
        };
        if only.is_some_and(|f| f != function) {
            continue;
        }
        return Ok(Some(Case {
            id: v.get("id").cloned().unwrap_or(Value::Null),
            function: function.to_string(),
            args: args.clone(),
        }));
    }
}

/// Times the cases of `input` (see the module doc); `rounds` is at least 1
/// and at most [`MAX_ROUNDS`]. Cases are read and timed one at a time: the
/// run holds one case, its round times, and one median (16 bytes) per case
/// for the percentiles.
pub fn run(mut input: impl BufRead, only: Option<&str>, rounds: usize) -> io::Result<Report> {
    let rounds = rounds.clamp(1, MAX_ROUNDS as usize);
    let mut medians: Vec<u128> = Vec::new();
    // The five slowest cases so far: (median, id), slowest first.
    let mut slowest: Vec<(u128, Value)> = Vec::new();
    let mut errors = 0;
    let mut first_error = None;
    let mut line = 0;
    let mut times: Vec<u128> = Vec::with_capacity(rounds);
    let mut buf: Vec<u8> = Vec::new();
    while let Some(c) = next_case(&mut input, only, &mut line)? {
        times.clear();
        for round in 0..=rounds {
            buf.clear();
            let t0 = Instant::now();
            let out = registry::call_output(black_box(&c.function), black_box(&c.args));
            if let Ok(result) = &out {
                // Writing into a Vec fails only on a map with non-string
                // keys, which no spec function returns.
                let _ = result.write_json(&mut buf);
            }
            black_box(&buf);
            let dt = t0.elapsed().as_nanos();
            if round > 0 {
                times.push(dt);
            } else if let Err(e) = out {
                errors += 1;
                first_error.get_or_insert_with(|| format!("{}: {} ({e})", c.id, e.kind()));
            }
        }
        times.sort_unstable();
        let median = times[times.len() / 2];
        medians.push(median);
        let at = slowest.partition_point(|(m, _)| *m >= median);
        if at < 5 {
            slowest.insert(at, (median, c.id));
            slowest.truncate(5);
        }
    }
    medians.sort_unstable();
    let n = medians.len();
    let us = |ns: u128| ns as f64 / 1e3;
    let q = |p: f64| {
        if n == 0 {
            0.0
        } else {
            us(medians[((p * n as f64) as usize).min(n - 1)])
        }
    };
    let total_ns: u128 = medians.iter().sum();
    let total_s = total_ns as f64 / 1e9;
    Ok(Report {
        function: only.map(str::to_string),
        cases: n,
        rounds,
        errors,
        first_error,
        total_s,
        throughput: if total_s > 0.0 {
            n as f64 / total_s
        } else {
            0.0
        },
        p50_us: q(0.5),
        p99_us: q(0.99),
        max_us: medians.last().map_or(0.0, |&m| us(m)),
        over_1ms: medians.iter().filter(|&&m| m > 1_000_000).count(),
        slowest: slowest
            .into_iter()
            .map(|(ns, id)| Slow { id, us: us(ns) })
            .collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_only_the_chosen_function_and_skips_headers() {
        let input = concat!(
            "{\"oracle\":\"x\",\"version\":\"1\"}\n",
            "{\"id\":\"a\",\"fn\":\"qa.f1\",\"args\":{\"prediction\":\"a b\",\"reference\":\"a\"},\"oracle\":1}\n",
            "{\"id\":\"b\",\"fn\":\"qa.exact_match\",\"args\":{\"prediction\":\"a\",\"reference\":\"a\"}}\n",
            "\n",
            "{\"id\":\"c\",\"fn\":\"qa.f1\",\"args\":{\"prediction\":\"a\",\"nope\":1}}\n",
        );
        let r = run(input.as_bytes(), Some("qa.f1"), 3).unwrap();
        assert_eq!((r.cases, r.rounds, r.errors), (2, 3, 1));
        assert!(
            r.first_error
                .unwrap()
                .starts_with("\"c\": unknown_argument")
        );
        assert!(r.p50_us <= r.p99_us && r.p99_us <= r.max_us);
        assert_eq!(r.slowest.len(), 2);
        let all = run(input.as_bytes(), None, 0).unwrap();
        assert_eq!((all.cases, all.rounds), (3, 1));
    }

    #[test]
    fn cases_are_read_one_at_a_time() {
        // The second line is malformed: the first case is timed before the
        // error is seen (the whole file used to be read first).
        let input = concat!(
            "{\"id\":\"a\",\"fn\":\"qa.f1\",\"args\":{\"prediction\":\"a\",\"reference\":\"a\"}}\n",
            "{nope\n",
        );
        let mut reader = input.as_bytes();
        let mut line = 0;
        let first = next_case(&mut reader, None, &mut line).unwrap().unwrap();
        assert_eq!((first.id, line), (Value::from("a"), 1));
        let err = next_case(&mut reader, None, &mut line).err().unwrap();
        assert!(err.to_string().starts_with("line 2: "), "{err}");
        // The slowest list keeps five, slowest first.
        let many =
            "{\"id\":1,\"fn\":\"qa.f1\",\"args\":{\"prediction\":\"a\",\"reference\":\"a\"}}\n"
                .repeat(8);
        let r = run(many.as_bytes(), None, 1).unwrap();
        assert_eq!((r.cases, r.slowest.len()), (8, 5));
        assert!(r.slowest.windows(2).all(|w| w[0].us >= w[1].us));
        // Rounds above the cap are clamped (the CLI refuses them first).
        assert_eq!(
            run(many.as_bytes(), None, usize::MAX).unwrap().rounds,
            1_000
        );
    }

    #[test]
    fn malformed_json_is_an_error() {
        assert!(run("{nope\n".as_bytes(), None, 1).is_err());
    }
}
