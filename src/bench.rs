//! `scorespec bench`: the time of spec-function calls, measured in-process.
//!
//! Reads JSONL lines `{"id", "fn", "args", …}` (extra fields are ignored, and
//! lines without `fn` and `args`, such as a recording's header, are skipped),
//! keeps the lines of one function if asked, and calls each case through the
//! registry (argument checking included, JSON reading and writing excluded)
//! `rounds + 1` times; the first round warms up and is not counted. A case's
//! time is the median of its counted rounds, measured with
//! [`std::time::Instant`] around the one call. The report gives the
//! throughput (cases / sum of the per-case medians) and the p50 / p99 / max of
//! the medians, how many cases took more than 1 ms, and the slowest cases.

use std::hint::black_box;
use std::io::{self, BufRead};
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

fn read_cases(input: impl BufRead, only: Option<&str>) -> io::Result<Vec<Case>> {
    let mut cases = Vec::new();
    for (n, line) in input.lines().enumerate() {
        let line = line?;
        if line.trim().is_empty() {
            continue;
        }
        let v: Value = serde_json::from_str(&line).map_err(|e| {
            io::Error::new(io::ErrorKind::InvalidData, format!("line {}: {e}", n + 1))
        })?;
        let (Some(function), Some(args)) = (v.get("fn").and_then(Value::as_str), v.get("args"))
        else {
            continue;
        };
        if only.is_some_and(|f| f != function) {
            continue;
        }
        cases.push(Case {
            id: v.get("id").cloned().unwrap_or(Value::Null),
            function: function.to_string(),
            args: args.clone(),
        });
    }
    Ok(cases)
}

/// Times the cases of `input` (see the module doc); `rounds` is at least 1.
pub fn run(input: impl BufRead, only: Option<&str>, rounds: usize) -> io::Result<Report> {
    let cases = read_cases(input, only)?;
    let rounds = rounds.max(1);
    let mut times: Vec<Vec<u128>> = vec![Vec::with_capacity(rounds); cases.len()];
    let mut errors = 0;
    let mut first_error = None;
    for round in 0..=rounds {
        for (i, c) in cases.iter().enumerate() {
            let t0 = Instant::now();
            let out = black_box(registry::call(black_box(&c.function), black_box(&c.args)));
            let dt = t0.elapsed().as_nanos();
            if round > 0 {
                times[i].push(dt);
            } else if let Err(e) = out {
                errors += 1;
                first_error.get_or_insert_with(|| format!("{}: {} ({e})", c.id, e.kind()));
            }
        }
    }
    let mut medians: Vec<(u128, usize)> = times
        .into_iter()
        .enumerate()
        .map(|(i, mut t)| {
            t.sort_unstable();
            (t[t.len() / 2], i)
        })
        .collect();
    medians.sort_unstable();
    let n = medians.len();
    let us = |ns: u128| ns as f64 / 1e3;
    let q = |p: f64| {
        if n == 0 {
            0.0
        } else {
            us(medians[((p * n as f64) as usize).min(n - 1)].0)
        }
    };
    let total_ns: u128 = medians.iter().map(|m| m.0).sum();
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
        max_us: medians.last().map_or(0.0, |m| us(m.0)),
        over_1ms: medians.iter().filter(|m| m.0 > 1_000_000).count(),
        slowest: medians
            .iter()
            .rev()
            .take(5)
            .map(|&(ns, i)| Slow {
                id: cases[i].id.clone(),
                us: us(ns),
            })
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
    fn malformed_json_is_an_error() {
        assert!(run("{nope\n".as_bytes(), None, 1).is_err());
    }
}
