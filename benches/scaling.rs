//! The scaling check: every registry function, on realistic and hostile inputs
//! at a size `n` and at `8n`, with the ratio of the median times.
//!
//! Linear work gives a ratio of about 8 (less when a fixed cost dominates),
//! quadratic work about 64. A case fails when its ratio exceeds its limit
//! (20 for linear cases, 160 for the few documented quadratic ones), when a
//! call's outcome is not the expected one (a bound cut the work, so the
//! ratio would compare different work), or when a call at `n` takes more than
//! 100 ms. A failing case is measured once more and fails only if it fails
//! again. A case marked as a known fault is measured and printed but does not
//! fail. The check also fails when a registered function has no case
//! (`benches/scaling/cases.rs`; `tests/scaling_cases.rs` checks the same in
//! `cargo test`).
//!
//! How `n` is chosen: from `k = 1` the size doubles while one call takes
//! under `TARGET` (2 ms), `16k` stays within the case's `max` and the input at
//! `16k` within `MAX_BYTES_8N` (256 KiB of JSON, so that `n` and `8n` sit in
//! the same level of the memory hierarchy). Then `ROUNDS` (7) rounds each time
//! the best of `BEST_OF` (3) batches at `n` and at `8n` (a batch lasts at least
//! `MIN_BATCH`, 2 ms), and each size's time is the median of its rounds. Times
//! are wall-clock time minus the time the thread waited for a core, where
//! Linux reports it (`/proc/thread-self/schedstat`), so a loaded machine does
//! not stretch one size more than the other. Rayon gets one worker thread, so
//! the parallel functions are measured by their work too. A run takes about a
//! minute and a half of CPU in release mode.
//!
//!     cargo bench --bench scaling                    # every case; prints a Markdown table
//!     cargo bench --bench scaling -- qa.             # only the functions whose id contains "qa."
//!     cargo bench --bench scaling -- --sweep "qa.f1 [many"   # times at k = 1, 2, 4, … (diagnosis)
//!
//! Exit status: 0 when every case passes, 1 otherwise.

use std::hint::black_box;
use std::time::{Duration, Instant};

use scorespec::registry;
use serde_json::Value;

#[path = "scaling/cases.rs"]
mod cases;
use cases::{Case, Expect, Growth};

/// One call at the calibrated size takes about this long (or the size is at its maximum).
const TARGET: Duration = Duration::from_millis(2);
/// A timed batch of calls lasts at least this long.
const MIN_BATCH: Duration = Duration::from_millis(2);
/// Rounds of (batches at n, batches at 8n); each size's time is the median.
const ROUNDS: usize = 7;
/// Batches per size and round; a round keeps the fastest (noise only adds time).
const BEST_OF: usize = 3;
/// The input at 8n stays within this many bytes of JSON, so that both sizes
/// sit in the same level of the memory hierarchy (a 1 MiB L2 cache here):
/// crossing it costs a linear function 2-3× per byte, which would read as
/// super-linear work.
const MAX_BYTES_8N: usize = 256 * 1024;
/// A call at 8n slower than this (seconds) ends the measurement of its case.
const SLOW_8N: f64 = 2.0;
/// A call at n slower than this fails the case: n is the first size whose call
/// takes `TARGET`, so only an input that is slow at its smallest size (or a
/// jump of 50× in one doubling) gets here. 100 ms is issue 11's bound for one
/// call of any function on any input the registry accepts.
const MAX_CALL: Duration = Duration::from_millis(100);

/// The measurement of one case.
struct Row {
    n: usize,
    bytes_n: usize,
    bytes_8n: usize,
    t_n: f64,
    t_8n: f64,
    ratio: f64,
    /// Why the case failed, if it did.
    failure: Option<String>,
}

/// `"ok"` or the error kind of one call.
fn outcome(r: &Result<Value, scorespec::error::CallError>) -> String {
    match r {
        Ok(_) => "ok".into(),
        Err(e) => e.kind().to_string(),
    }
}

fn expected(e: Expect) -> String {
    match e {
        Expect::Ok => "ok".into(),
        Expect::Err(kind) => kind.into(),
        Expect::Any => "any".into(),
    }
}

/// Whether an outcome is the expected one.
fn as_expected(want: &str, got: &str) -> bool {
    want == "any" || want == got
}

/// The time this thread has spent waiting for a core, in seconds (Linux: the
/// second field of `/proc/thread-self/schedstat`, in nanoseconds; it is
/// brought up to date each time the thread gets a core back, so it is exact
/// while the thread runs, unlike the first field, which lags by a tick).
fn run_delay_seconds() -> Option<f64> {
    let s = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: u64 = s.split_whitespace().nth(1)?.parse().ok()?;
    Some(ns as f64 / 1e9)
}

/// Seconds per call of one batch of `count` calls: wall-clock time minus the
/// time the thread waited for a core (where Linux reports it), so that a
/// loaded machine does not stretch one size more than the other.
fn batch(func: &str, args: &Value, count: usize) -> (f64, String) {
    let waited0 = run_delay_seconds();
    let t0 = Instant::now();
    let mut last = String::new();
    for _ in 0..count {
        let r = registry::call(black_box(func), black_box(args));
        last = outcome(&r);
        black_box(r.ok());
    }
    let wall = t0.elapsed().as_secs_f64();
    let spent = match (waited0, run_delay_seconds()) {
        (Some(a), Some(b)) if b >= a && wall - (b - a) > 0.0 => wall - (b - a),
        _ => wall,
    };
    (spent / count as f64, last)
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn measure(case: &Case) -> Row {
    let want = expected(case.expect);
    let size = |k: usize| serde_json::to_vec(&(case.make)(k)).map_or(0, |v| v.len());
    // Calibrate: grow k while a call is fast and 8·(2k) stays within max.
    // One call per size, three while a call is short (noise only adds time).
    let probe = |args: &Value| {
        let (t, got) = batch(case.func, args, 1);
        if t < TARGET.as_secs_f64() {
            let best = (0..2)
                .map(|_| batch(case.func, args, 1).0)
                .fold(t, f64::min);
            (best, got)
        } else {
            (t, got)
        }
    };
    let mut k = 1;
    let mut args = (case.make)(k);
    let (mut t, mut got) = probe(&args);
    while t < TARGET.as_secs_f64() && 16 * k <= case.max && size(16 * k) <= MAX_BYTES_8N {
        k *= 2;
        args = (case.make)(k);
        (t, got) = probe(&args);
    }
    let big = (case.make)(8 * k);
    let mut row = Row {
        n: k,
        bytes_n: size(k),
        bytes_8n: size(8 * k),
        t_n: t,
        t_8n: f64::NAN,
        ratio: f64::NAN,
        failure: None,
    };
    if !as_expected(&want, &got) {
        row.failure = Some(format!("outcome {got} at n, expected {want}"));
        return row;
    }
    if t > MAX_CALL.as_secs_f64() {
        row.failure = Some(format!("one call at n takes {t:.2} s"));
        return row;
    }
    let count_n = ((MIN_BATCH.as_secs_f64() / t).ceil() as usize).max(1);
    let count_8n = count_n.div_ceil(8);
    let (mut small, mut large) = (Vec::new(), Vec::new());
    for _ in 0..ROUNDS {
        let (mut a, mut b) = (f64::INFINITY, f64::INFINITY);
        let (mut got_n, mut got_8n) = (String::new(), String::new());
        for _ in 0..BEST_OF {
            let (t, g) = batch(case.func, &args, count_n);
            (a, got_n) = (a.min(t), g);
            let (t, g) = batch(case.func, &big, count_8n);
            (b, got_8n) = (b.min(t), g);
            if b > SLOW_8N {
                break;
            }
        }
        small.push(a);
        large.push(b);
        if !as_expected(&want, &got_n) || !as_expected(&want, &got_8n) {
            row.failure = Some(format!(
                "outcome {got_n} at n and {got_8n} at 8n, expected {want}"
            ));
            break;
        }
        // A hopeless case is not measured further.
        if b > SLOW_8N {
            break;
        }
    }
    row.t_n = median(small);
    row.t_8n = median(large);
    row.ratio = row.t_8n / row.t_n;
    if row.failure.is_none() && row.ratio > case.growth.limit() {
        row.failure = Some(format!(
            "ratio {:.1} over {}",
            row.ratio,
            case.growth.limit()
        ));
    }
    row
}

fn human_bytes(b: usize) -> String {
    if b >= 1 << 20 {
        format!("{:.1} MiB", b as f64 / (1 << 20) as f64)
    } else if b >= 1 << 10 {
        format!("{:.1} KiB", b as f64 / 1024.0)
    } else {
        format!("{b} B")
    }
}

fn micros(s: f64) -> String {
    if s.is_nan() {
        "–".into()
    } else {
        format!("{:.1}", s * 1e6)
    }
}

/// Times of one case at k = 1, 2, 4, … up to its max (best of 5 each), for
/// diagnosis: `cargo bench --bench scaling -- --sweep FILTER`.
fn sweep(case: &Case) {
    println!("{} [{}]", case.func, case.shape);
    let mut k = 1;
    let mut last = f64::NAN;
    while k <= case.max {
        let args = (case.make)(k);
        let (t, got) = batch(case.func, &args, 1);
        let count = ((MIN_BATCH.as_secs_f64() / t).ceil() as usize).max(1);
        let t = (0..5)
            .map(|_| batch(case.func, &args, count).0)
            .fold(f64::INFINITY, f64::min);
        let bytes = serde_json::to_vec(&args).map_or(0, |v| v.len());
        println!(
            "  k {k:>8}  {:>10}  {:>12} µs  x{:<6.2} {got}",
            human_bytes(bytes),
            micros(t),
            t / last
        );
        last = t;
        if t > 1.0 {
            break;
        }
        k *= 2;
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    // Everything runs on the one thread of a rayon pool: the parallel
    // functions (math.majority's lists, unscrambling's sentences) then work
    // inline on the measured thread, and the ratio measures work, not the
    // hand-offs between threads of a loaded machine.
    match rayon::ThreadPoolBuilder::new().num_threads(1).build() {
        Ok(pool) => pool.install(|| check(args)),
        Err(_) => check(args),
    }
}

fn check(args: Vec<String>) {
    let sweeping = args.iter().any(|a| a == "--sweep");
    let filter: Vec<String> = args.into_iter().filter(|a| !a.starts_with("--")).collect();
    let all = cases::cases();
    if sweeping {
        for case in &all {
            let name = format!("{} [{}]", case.func, case.shape);
            if filter.iter().any(|f| name.contains(f.as_str())) {
                sweep(case);
            }
        }
        return;
    }
    let mut failed = Vec::new();

    // Every registered function has at least one case.
    for f in registry::all() {
        if !all.iter().any(|c| c.func == f.id) {
            failed.push(format!(
                "{}: no scaling case in benches/scaling/cases.rs",
                f.id
            ));
        }
    }

    let start = Instant::now();
    println!(
        "| function | input | n | bytes at n | bytes at 8n | µs at n | µs at 8n | ratio | limit | result |"
    );
    println!("|---|---|---:|---:|---:|---:|---:|---:|---:|---|");
    for case in &all {
        if !filter.is_empty() && !filter.iter().any(|f| case.func.contains(f.as_str())) {
            continue;
        }
        let mut row = measure(case);
        let mut note = "";
        if row.failure.is_some() {
            // Measure a failing case once more: it fails only if it fails again.
            row = measure(case);
            note = " (re-run)";
        }
        let result = match (&row.failure, case.known) {
            (None, None) => format!("ok{note}"),
            (None, Some(_)) => format!("ok: passes now, remove its known mark{note}"),
            (Some(why), Some(fault)) => format!("known fault ({fault}): {why}{note}"),
            (Some(why), None) => {
                failed.push(format!("{} [{}]: {why}", case.func, case.shape));
                format!("**FAIL**: {why}{note}")
            }
        };
        let limit = match case.growth {
            Growth::Linear => format!("{}", case.growth.limit()),
            Growth::Quadratic(_) => format!("{} (quadratic)", case.growth.limit()),
        };
        println!(
            "| {} | {} | {} | {} | {} | {} | {} | {:.1} | {} | {} |",
            case.func,
            case.shape,
            row.n,
            human_bytes(row.bytes_n),
            human_bytes(row.bytes_8n),
            micros(row.t_n),
            micros(row.t_8n),
            row.ratio,
            limit,
            result
        );
    }
    println!();
    println!(
        "scaling check: {} cases in {:.0} s",
        all.len(),
        start.elapsed().as_secs_f64()
    );
    for c in all
        .iter()
        .filter(|c| matches!(c.growth, Growth::Quadratic(_)))
    {
        if let Growth::Quadratic(why) = c.growth {
            println!("quadratic by design: {} [{}]: {why}", c.func, c.shape);
        }
    }
    if failed.is_empty() {
        println!("scaling check: every case within its limit");
    } else {
        println!("scaling check: {} failure(s):", failed.len());
        for f in &failed {
            println!("  {f}");
        }
        std::process::exit(1);
    }
}
