//! Benchmark of the answer extraction on long responses (spec/math.md MX-1,
//! MX-10): realistic reasoning traces of 4, 32, 256 and 1024 KiB
//! (`benches/math/traces.rs`: prose, inline and displayed LaTeX, Chinese
//! paragraphs, Markdown steps) that end in a box, an English or a Chinese
//! answer statement, a bold final line, a number, a displayed formula, no
//! explicit answer at all, or a cut-off formula. For each response the
//! median over ROUNDS calls (after 20 ms of calls not counted) is reported
//! in µs and in µs per KiB, for
//! `math.grade`'s default extraction (`locate_default`) and for
//! `math.extract_answer` (document 004's extraction, strict and not). Issue 13
//! asks for at most 1 µs per KiB in every column, and at most 10 µs for a
//! 32 KiB trace ending in a box.
//!
//!     cargo bench --bench math            # ROUNDS defaults to 51
//!     MATH_BENCH_ROUNDS=11 cargo bench --bench math
//!     MATH_BENCH_ONLY="no answer/4" cargo bench --bench math   # rows "ending/KiB" containing it
//!     MATH_BENCH_DUMP=1 cargo bench --bench math > lines.jsonl
//!
//! With `MATH_BENCH_DUMP` set nothing is timed: every response and a prefix
//! of it at every 509th byte are printed as `scorespec run` lines
//! (`math.grade` and `math.extract_answer`, strict and not), to compare two
//! builds' outputs.

use std::hint::black_box;
use std::time::{Duration, Instant};

use scorespec::score::math::extract::{extract_answer, locate_default};

#[path = "math/traces.rs"]
#[allow(dead_code)] // `Ending::answer` is for the tests
mod traces;

use traces::{ENDINGS, trace};

/// The sizes of the traces, in KiB.
const SIZES: [usize; 4] = [4, 32, 256, 1024];

/// How long each row calls its function before the counted rounds: a 4 KiB
/// trace takes a few µs, so 51 calls from a cold start measure the
/// processor's warm-up (caches, branch predictors, clock), not the steady
/// cost a pipeline grading millions of responses pays.
const WARM_UP: Duration = Duration::from_millis(20);

/// The median of `rounds` timed calls of `f`, after calling it for
/// [`WARM_UP`] (at least once).
fn median_ns(rounds: usize, mut f: impl FnMut()) -> f64 {
    let start = Instant::now();
    f();
    while start.elapsed() < WARM_UP {
        f();
    }
    let mut t = Vec::with_capacity(rounds);
    for _ in 0..rounds {
        let t0 = Instant::now();
        f();
        t.push(t0.elapsed().as_nanos());
    }
    t.sort_unstable();
    t[t.len() / 2] as f64
}

/// Prints the protocol lines of every trace and of its prefixes.
fn dump() {
    let mut id = 0;
    let mut line = |response: &str| {
        for (f, args) in [
            (
                "math.grade",
                serde_json::json!({"gold": "204", "response": response}),
            ),
            (
                "math.grade",
                serde_json::json!({"gold": "1204", "response": response, "formulas_only": true}),
            ),
            (
                "math.extract_answer",
                serde_json::json!({"response": response}),
            ),
            (
                "math.extract_answer",
                serde_json::json!({"response": response, "strict": false}),
            ),
        ] {
            id += 1;
            println!("{}", serde_json::json!({"id": id, "fn": f, "args": args}));
        }
    };
    for (seed, kib) in [(1u64, 4usize), (2, 32), (3, 256)] {
        for ending in ENDINGS {
            let text = trace(kib, ending.text, seed);
            line(&text);
            if kib <= 32 {
                let mut k = 0;
                while k < text.len() {
                    if text.is_char_boundary(k) {
                        line(&text[..k]);
                    }
                    k += 509;
                }
            }
        }
    }
}

fn main() {
    if std::env::var_os("MATH_BENCH_DUMP").is_some() {
        dump();
        return;
    }
    let rounds: usize = std::env::var("MATH_BENCH_ROUNDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(51);
    println!(
        "{:<10} {:>5} {:>11} {:>7} {:>11} {:>7} {:>11} {:>7}",
        "ending", "KiB", "default µs", "µs/KiB", "strict µs", "µs/KiB", "fallback µs", "µs/KiB"
    );
    let only = std::env::var("MATH_BENCH_ONLY").unwrap_or_default();
    for kib in SIZES {
        for ending in ENDINGS {
            if !format!("{}/{kib}", ending.name).contains(&only) {
                continue;
            }
            let text = trace(kib, ending.text, kib as u64);
            let size = text.len() as f64 / 1024.0;
            let time = |f: &dyn Fn(&str)| median_ns(rounds, || f(black_box(&text))) / 1e3;
            let d = time(&|t| {
                black_box(locate_default(t, false).ok());
            });
            let s = time(&|t| {
                black_box(extract_answer(t, true));
            });
            let n = time(&|t| {
                black_box(extract_answer(t, false));
            });
            println!(
                "{:<10} {size:>5.0} {d:>11.2} {:>7.3} {s:>11.2} {:>7.3} {n:>11.2} {:>7.3}",
                ending.name,
                d / size,
                s / size,
                n / size
            );
        }
    }
}
