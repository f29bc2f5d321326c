//! Benchmark of the answer extraction of `math.grade` on long responses
//! (spec/math.md MX-10): reasoning traces of 4–1024 KiB that end in a box,
//! in an answer statement, or in plain prose (the fallback reads the last
//! formula or number), and one that was cut off. For each case the median
//! over ROUNDS calls is reported, in µs and in µs per KiB; the document's
//! strict extraction (`locate_answer(…, true)`) on the same text is shown
//! alongside.
//!
//!     cargo bench --bench math            # ROUNDS defaults to 51
//!     MATH_BENCH_ROUNDS=11 cargo bench --bench math

use std::hint::black_box;
use std::time::Instant;

use scorespec::score::math::extract::{locate_answer, locate_default};

/// A reasoning trace of about `kib` KiB: paragraphs of prose and LaTeX
/// with numbers, formulas, braces and the word "answer" in passing, then
/// `ending`.
fn trace(kib: usize, ending: &str) -> String {
    const PARAGRAPH: &str = "Let us check the case $n = 12$: then $\\frac{n(n+1)}{2} = 78$, \
and $78 \\cdot 2 = 156$, which is not a perfect square, so this answer does not work. \
We try the next value, $n = 13$, with $\\sqrt{13^2 + 4} \\approx 13.15$ and {braces} \
around 1,024 items; the partial sum is 91.\n\n";
    let mut s = String::with_capacity(kib * 1024 + ending.len());
    while s.len() + PARAGRAPH.len() <= kib * 1024 {
        s.push_str(PARAGRAPH);
    }
    s.push_str(ending);
    s
}

fn median_ns(rounds: usize, mut f: impl FnMut()) -> f64 {
    let mut t = Vec::with_capacity(rounds);
    for _ in 0..rounds {
        let t0 = Instant::now();
        f();
        t.push(t0.elapsed().as_nanos());
    }
    t.sort_unstable();
    t[t.len() / 2] as f64
}

fn main() {
    let rounds: usize = std::env::var("MATH_BENCH_ROUNDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(51);
    let endings = [
        ("box", "Therefore the total is $\\boxed{204}$."),
        ("statement", "So the final answer is 204."),
        ("prose", "Adding everything up we get 204 squares."),
        ("formula", "Hence \\[ S = \\sum_{k=1}^{8} k^2 = 204. \\]"),
        ("cut off", "Now we add $64 + 49 + 36 +"),
    ];
    println!(
        "{:<10} {:>6} {:>12} {:>10} {:>14} {:>10}",
        "ending", "KiB", "default µs", "µs/KiB", "strict µs", "µs/KiB"
    );
    for kib in [4usize, 32, 256, 1024] {
        for (name, ending) in endings {
            let text = trace(kib, ending);
            let size = text.len() as f64 / 1024.0;
            let d = median_ns(rounds, || {
                black_box(locate_default(black_box(&text), false).ok());
            }) / 1e3;
            let s = median_ns(rounds, || {
                black_box(locate_answer(black_box(&text), true));
            }) / 1e3;
            println!(
                "{name:<10} {size:>6.0} {d:>12.2} {:>10.3} {s:>14.2} {:>10.3}",
                d / size,
                s / size
            );
        }
    }
}
