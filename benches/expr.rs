//! Benchmarks of the expression engine (issue targets: parse + canonicalize
//! median ≤ 5 µs on typical answers; equivalence median ≤ 20 µs on typical
//! pairs; no input up to 4 KiB above 1 ms).
//!
//! Corpora (all recorded in `conformance/differential/`):
//! * parse + canonicalize: the 1,200 LaTeX answer strings of
//!   `latex-latex2sympy.jsonl` and the 4,800 infix strings of `expr-sympy.jsonl`;
//! * equivalence: the 2,400 infix pairs of `expr-sympy.jsonl`, with SymPy's
//!   `simplify(a - b)` timed on the same pairs when the oracle venv exists;
//! * worst case: 2,000 generated inputs of 1–4 KiB (long sums and products,
//!   deep nesting, big numbers, towers of powers, random LaTeX bytes).
//!
//! Each input is timed as the median of 11 runs; the report gives p50, p99 and
//! max of those medians and the throughput.
//!
//!     cargo bench --bench expr

use std::hint::black_box;
use std::path::Path;
use std::time::Instant;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use scorespec::expr::api::{Format, parse};
use scorespec::expr::equiv::{EquivOptions, equivalent};
use scorespec::expr::{Limits, canon::canonical, parse::infix::parse_infix};
use serde_json::Value;

fn median_ns(mut f: impl FnMut()) -> u128 {
    let mut t: Vec<u128> = (0..11)
        .map(|_| {
            let t0 = Instant::now();
            f();
            t0.elapsed().as_nanos()
        })
        .collect();
    t.sort_unstable();
    t[t.len() / 2]
}

fn report(name: &str, mut ns: Vec<u128>) {
    ns.sort_unstable();
    let n = ns.len();
    let q = |p: f64| ns[((p * n as f64) as usize).min(n - 1)] as f64 / 1e3;
    let total: u128 = ns.iter().sum();
    println!(
        "| {name} | {n} | {:.2} | {:.2} | {:.2} | {:.0} |",
        q(0.5),
        q(0.99),
        ns[n - 1] as f64 / 1e3,
        n as f64 / (total as f64 / 1e9)
    );
}

fn recording(name: &str) -> Vec<Value> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("conformance/differential")
        .join(name);
    std::fs::read_to_string(path)
        .map(|t| {
            t.lines()
                .skip(1)
                .filter_map(|l| serde_json::from_str(l).ok())
                .collect()
        })
        .unwrap_or_default()
}

fn worst_case_inputs() -> Vec<String> {
    let mut rng = ChaCha8Rng::seed_from_u64(44);
    let mut out = Vec::new();
    let atoms = [
        "x",
        "y",
        "\\pi",
        "2",
        "\\sqrt{3}",
        "\\frac{1}{7}",
        "e^{x}",
        "\\sin x",
        "1.5",
    ];
    for i in 0..2000 {
        let target = rng.random_range(1024..=4096);
        let mut s = String::new();
        match i % 5 {
            0 => {
                while s.len() < target {
                    s.push_str(atoms[rng.random_range(0..atoms.len())]);
                    s.push_str(["+", "-", "\\cdot ", " "][rng.random_range(0..4)]);
                }
                s.push('1');
            }
            1 => {
                let depth = rng.random_range(50..190);
                s = format!("{}x{}", "(".repeat(depth), ")".repeat(depth));
                while s.len() < target {
                    s.push_str("+(x+1)^{2}");
                }
            }
            2 => {
                while s.len() < target {
                    s.push_str(&rng.random_range(1_000_000_000u64..u64::MAX).to_string());
                    s.push_str(["\\cdot", "+", "^{", "}"][rng.random_range(0..2)]);
                }
                s.push('1');
            }
            3 => {
                while s.len() + 8 < target {
                    s.push_str("10^{");
                }
                s.push('9');
                let opens = s.matches('{').count();
                s.push_str(&"}".repeat(opens));
            }
            _ => {
                let bytes =
                    b"\\frac{}^_()[]|+-*/=<>0123456789xyz sincoslog\\sqrt\\left\\right\\pi,.!";
                while s.len() < target {
                    s.push(bytes[rng.random_range(0..bytes.len())] as char);
                }
            }
        }
        out.push(s);
    }
    out
}

fn main() {
    if std::env::args().any(|a| a == "--test" || a == "--list") {
        return;
    }
    let limits = Limits::default();
    let latex = recording("latex-latex2sympy.jsonl");
    let pairs = recording("expr-sympy.jsonl");
    println!("| corpus | inputs | p50 µs | p99 µs | max µs | per second |");
    println!("|---|---:|---:|---:|---:|---:|");
    let texts: Vec<String> = latex
        .iter()
        .filter_map(|c| c["args"]["text"].as_str().map(String::from))
        .collect();
    report(
        "parse + canonicalize, LaTeX answers",
        texts
            .iter()
            .map(|t| {
                median_ns(|| {
                    black_box(parse(black_box(t), Format::Latex, &limits)).ok();
                })
            })
            .collect(),
    );
    let infix: Vec<String> = pairs
        .iter()
        .flat_map(|c| [c["args"]["a"].as_str(), c["args"]["b"].as_str()])
        .flatten()
        .map(String::from)
        .collect();
    report(
        "parse + canonicalize, infix answers",
        infix
            .iter()
            .map(|t| {
                median_ns(|| {
                    black_box(parse(black_box(t), Format::Infix, &limits)).ok();
                })
            })
            .collect(),
    );
    let opts = EquivOptions::default();
    let parsed: Vec<(scorespec::expr::Expr, scorespec::expr::Expr)> = pairs
        .iter()
        .filter_map(|c| {
            let a = parse(c["args"]["a"].as_str()?, Format::Infix, &limits).ok()?;
            let b = parse(c["args"]["b"].as_str()?, Format::Infix, &limits).ok()?;
            Some((a, b))
        })
        .collect();
    report(
        "equivalence of parsed pairs",
        parsed
            .iter()
            .map(|(a, b)| {
                median_ns(|| {
                    black_box(equivalent(a, b, &opts, &limits)).ok();
                })
            })
            .collect(),
    );
    report(
        "parse both + equivalence, infix pairs",
        pairs
            .iter()
            .map(|c| {
                let (a, b) = (
                    c["args"]["a"].as_str().unwrap_or(""),
                    c["args"]["b"].as_str().unwrap_or(""),
                );
                median_ns(|| {
                    let pa = parse_infix(a, &limits).and_then(|e| canonical(&e, &limits));
                    let pb = parse_infix(b, &limits).and_then(|e| canonical(&e, &limits));
                    if let (Ok(x), Ok(y)) = (pa, pb) {
                        black_box(equivalent(&x, &y, &opts, &limits)).ok();
                    }
                })
            })
            .collect(),
    );
    let worst = worst_case_inputs();
    report(
        "worst case: 1-4 KiB inputs, parse + canonicalize",
        worst
            .iter()
            .map(|t| {
                median_ns(|| {
                    black_box(parse(black_box(t), Format::Latex, &limits)).ok();
                })
            })
            .collect(),
    );
    report(
        "worst case: 1-4 KiB inputs, equivalence with itself + 1",
        worst
            .iter()
            .map(|t| {
                let b = format!("{t}+1");
                median_ns(|| {
                    if let (Ok(x), Ok(y)) = (
                        parse(t, Format::Latex, &limits),
                        parse(&b, Format::Latex, &limits),
                    ) {
                        black_box(equivalent(&x, &y, &opts, &limits)).ok();
                    }
                })
            })
            .collect(),
    );
}
