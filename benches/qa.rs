//! Benchmark of `qa.f1` (with and without stemming) against the Python
//! SQuAD-style evaluator on the same cases, in the same run.
//!
//! Cases: the `qa.f1` calls of `conformance/differential/qa-squad.jsonl`
//! (2,500 generated pairs, each scored without and with stemming).
//! For each case the median time over ROUNDS rounds is taken; the report
//! gives throughput (cases / sum of medians) and the p50 / p99 / max of the
//! per-case medians. The Python side is `tests/oracles/bench.py squad`, run
//! with the oracle venv (`scripts/refresh-differential` creates it).
//!
//!     cargo bench --bench qa            # ROUNDS defaults to 21
//!     QA_BENCH_ROUNDS=5 cargo bench --bench qa

use std::hint::black_box;
use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Instant;

use scorespec::score::qa::{self, MatchOptions};
use serde_json::Value;

struct Case {
    line: String,
    prediction: String,
    references: Vec<String>,
}

struct Stats {
    cases: usize,
    throughput: f64,
    p50_us: f64,
    p99_us: f64,
    max_us: f64,
}

fn summarize(mut medians_ns: Vec<u128>) -> Stats {
    medians_ns.sort_unstable();
    let n = medians_ns.len();
    let total: u128 = medians_ns.iter().sum();
    let q = |p: f64| medians_ns[((p * n as f64) as usize).min(n - 1)] as f64 / 1e3;
    Stats {
        cases: n,
        throughput: n as f64 / (total as f64 / 1e9),
        p50_us: q(0.5),
        p99_us: q(0.99),
        max_us: medians_ns[n - 1] as f64 / 1e3,
    }
}

fn ours(cases: &[Case], opts: &MatchOptions, rounds: usize) -> Stats {
    let mut times = vec![Vec::with_capacity(rounds); cases.len()];
    for round in 0..=rounds {
        for (i, c) in cases.iter().enumerate() {
            let refs: Vec<&str> = c.references.iter().map(String::as_str).collect();
            let t0 = Instant::now();
            black_box(qa::f1_max(black_box(&c.prediction), black_box(&refs), opts));
            let dt = t0.elapsed().as_nanos();
            if round > 0 {
                times[i].push(dt);
            }
        }
    }
    summarize(
        times
            .into_iter()
            .map(|mut t| {
                t.sort_unstable();
                t[t.len() / 2]
            })
            .collect(),
    )
}

fn python(cases: &[Case], rounds: usize) -> Result<Stats, String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let py = root.join("target/oracle-venv/bin/python");
    if !py.exists() {
        return Err("no oracle venv (run scripts/refresh-differential)".into());
    }
    let mut child = Command::new(py)
        .arg(root.join("tests/oracles/bench.py"))
        .arg("squad")
        .arg(rounds.to_string())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .map_err(|e| e.to_string())?;
    {
        let mut stdin = child.stdin.take().ok_or("no stdin")?;
        for c in cases {
            writeln!(stdin, "{}", c.line).map_err(|e| e.to_string())?;
        }
    }
    let out = child.wait_with_output().map_err(|e| e.to_string())?;
    let v: Value = serde_json::from_slice(&out.stdout).map_err(|e| e.to_string())?;
    let f = |k: &str| v[k].as_f64().unwrap_or(f64::NAN);
    Ok(Stats {
        cases: v["cases"].as_u64().unwrap_or(0) as usize,
        throughput: f("throughput"),
        p50_us: f("p50_us"),
        p99_us: f("p99_us"),
        max_us: f("max_us"),
    })
}

fn main() {
    // `cargo test --benches` passes `--bench`-less flags; only run under `cargo bench`.
    if std::env::args().any(|a| a == "--test" || a == "--list") {
        return;
    }
    let rounds: usize = std::env::var("QA_BENCH_ROUNDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(21);
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("conformance/differential/qa-squad.jsonl");
    let text = std::fs::read_to_string(&path).expect("read the qa-squad recording");
    let mut plain = Vec::new();
    let mut stemmed = Vec::new();
    for line in text.lines().skip(1) {
        let v: Value = serde_json::from_str(line).expect("recording line");
        if v["fn"] != "qa.f1" {
            continue;
        }
        let args = &v["args"];
        let references = match &args["reference"] {
            Value::String(s) => vec![s.clone()],
            Value::Array(a) => a
                .iter()
                .filter_map(|x| x.as_str().map(String::from))
                .collect(),
            _ => continue,
        };
        let case = Case {
            line: serde_json::json!({"id": v["id"], "fn": "qa.f1", "args": args}).to_string(),
            prediction: args["prediction"].as_str().unwrap_or_default().to_string(),
            references,
        };
        if args["stem"] == true {
            stemmed.push(case);
        } else {
            plain.push(case);
        }
    }
    println!(
        "qa.f1 on {} recorded pairs, median of {rounds} rounds per case",
        plain.len()
    );
    println!("| mode | implementation | cases/s | p50 µs | p99 µs | max µs | speed-up |");
    println!("|---|---|---:|---:|---:|---:|---:|");
    for (mode, cases, stem) in [("no stemming", &plain, false), ("stemming", &stemmed, true)] {
        let opts = MatchOptions {
            stem,
            ..MatchOptions::default()
        };
        let r = ours(cases, &opts, rounds);
        let p = python(cases, rounds.min(5));
        let row = |name: &str, s: &Stats, ratio: &str| {
            println!(
                "| {mode} | {name} | {:.0} | {:.2} | {:.2} | {:.2} | {ratio} |",
                s.throughput, s.p50_us, s.p99_us, s.max_us
            )
        };
        row("scorespec", &r, "");
        match p {
            Ok(p) => {
                assert_eq!(p.cases, r.cases);
                row("Python SQuAD v2.0 + nltk", &p, "1×");
                println!(
                    "| {mode} | ratio | | | | | {:.1}× |",
                    r.throughput / p.throughput
                );
            }
            Err(e) => println!("| {mode} | Python | unavailable: {e} | | | | |"),
        }
    }
}
