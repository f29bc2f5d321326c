//! Benchmarks of the word-puzzle scorers (document 001).
//!
//! 1. `puzzles.unscrambling` with 3,000 ground-truth sentences of about 60
//!    characters, against three answers: the sentences shuffled, the
//!    sentences shuffled with one or two typos each (no exact match, so every
//!    sentence is matched by distance), and 3,000 unrelated sentences.
//! 2. `scorespec eval --task puzzles` (the release binary, end to end) on a
//!    generated file of 200,000 rows (40 % typos, 30 % connections of 16
//!    words, 30 % unscrambling of 8–12 sentences): rows per second, and the
//!    peak memory reported by `/usr/bin/time` when it is there.
//!
//!     cargo bench --bench puzzles

use std::hint::black_box;
use std::io::Write;
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use rand::seq::{IndexedRandom, SliceRandom};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use scorespec::score::puzzles;

const WORDS: &[&str] = &[
    "the", "hero", "wakes", "up", "and", "fights", "a", "dragon", "near", "old", "village",
    "while", "storm", "rises", "over", "northern", "hills", "king", "sends", "his", "daughter",
    "to", "find", "lost", "map", "that", "shows", "hidden", "gold", "beneath", "ancient", "temple",
    "they", "sail", "across", "sea", "meet", "strange", "merchant", "who", "knows", "secret", "of",
    "river", "night", "falls", "fire", "burns", "slowly", "until", "dawn",
];

fn sentence(rng: &mut ChaCha8Rng) -> String {
    let mut s = String::new();
    while s.len() < 55 {
        if !s.is_empty() {
            s.push(' ');
        }
        s.push_str(WORDS[rng.random_range(0..WORDS.len())]);
    }
    s
}

fn typo(rng: &mut ChaCha8Rng, s: &str) -> String {
    let mut chars: Vec<char> = s.chars().collect();
    for _ in 0..rng.random_range(1..=2) {
        let i = rng.random_range(0..chars.len());
        chars[i] = (b'a' + rng.random_range(0..26u8)) as char;
    }
    chars.into_iter().collect()
}

fn time<F: FnMut() -> f64>(mut f: F) -> (Duration, f64) {
    let mut best = Duration::MAX;
    let mut score = 0.0;
    for _ in 0..3 {
        let t0 = Instant::now();
        score = black_box(f());
        best = best.min(t0.elapsed());
    }
    (best, score)
}

fn unscrambling_bench() {
    let mut rng = ChaCha8Rng::seed_from_u64(2026);
    let truth: Vec<String> = (0..3000).map(|_| sentence(&mut rng)).collect();
    let gt = truth.join(". ") + ".";
    let mut shuffled = truth.clone();
    shuffled.shuffle(&mut rng);
    let with_typos: Vec<String> = shuffled.iter().map(|s| typo(&mut rng, s)).collect();
    let unrelated: Vec<String> = (0..3000).map(|_| sentence(&mut rng)).collect();
    let avg = truth.iter().map(|s| s.chars().count()).sum::<usize>() as f64 / 3000.0;
    println!(
        "puzzles.unscrambling, 3,000 sentences of {avg:.1} characters on average (best of 3):"
    );
    println!("| answer | time | score |");
    println!("|---|---:|---:|");
    for (name, answer) in [
        ("shuffled", &shuffled),
        ("shuffled, 1-2 typos per sentence", &with_typos),
        ("3,000 unrelated sentences", &unrelated),
    ] {
        let output = format!("<PLOT_SUMMARY>{}.</PLOT_SUMMARY>", answer.join(". "));
        let (t, score) = time(|| puzzles::unscrambling(&gt, &output).unwrap_or(f64::NAN));
        println!("| {name} | {:.1} ms | {score:.4} |", t.as_secs_f64() * 1e3);
    }
}

fn rows_file(path: &Path, n: usize) -> std::io::Result<u64> {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut f = std::io::BufWriter::new(std::fs::File::create(path)?);
    for i in 0..n {
        let kind = rng.random_range(0..10);
        let (source, output, label) = if kind < 4 {
            let w = WORDS[rng.random_range(0..WORDS.len())].repeat(2);
            let said = if rng.random_bool(0.7) {
                w.clone()
            } else {
                typo(&mut rng, &w)
            };
            (
                "typos",
                format!("<think>Let me check the spelling.</think><solution>{said}</solution>"),
                w,
            )
        } else if kind < 7 {
            let mut words: Vec<&str> = WORDS.choose_multiple(&mut rng, 16).copied().collect();
            let label = words.join(",");
            if rng.random_bool(0.5) {
                words.swap(rng.random_range(0..16), rng.random_range(0..16));
            }
            (
                "connections",
                format!("<solution>{}</solution>", words.join(", ")),
                label,
            )
        } else {
            let k = rng.random_range(8..=12);
            let truth: Vec<String> = (0..k).map(|_| sentence(&mut rng)).collect();
            let mut answer = truth.clone();
            answer.swap(rng.random_range(0..k), rng.random_range(0..k));
            (
                "unscrambling",
                format!("<PLOT_SUMMARY>{}.</PLOT_SUMMARY>", answer.join(". ")),
                truth.join(". ") + ".",
            )
        };
        let row = serde_json::json!({
            "id": i, "data_source": source, "model_output": output, "extra_info": {"label": label}
        });
        writeln!(f, "{row}")?;
    }
    f.flush()?;
    Ok(std::fs::metadata(path)?.len())
}

fn eval_bench() -> std::io::Result<()> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/bench-data");
    std::fs::create_dir_all(&dir)?;
    let path = dir.join("puzzles-rows.jsonl");
    let n = 200_000;
    let bytes = rows_file(&path, n)?;
    let bin = env!("CARGO_BIN_EXE_scorespec");
    let args = [
        "eval",
        "--task",
        "puzzles",
        path.to_str().unwrap_or_default(),
        "-o",
        "/dev/null",
    ];
    let mut best = Duration::MAX;
    for _ in 0..3 {
        let t0 = Instant::now();
        let out = Command::new(bin).args(args).output()?;
        best = best.min(t0.elapsed());
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let secs = best.as_secs_f64();
    println!(
        "scorespec eval --task puzzles: {n} rows ({:.1} MB) in {:.2} s: {:.0} rows/s, {:.1} MB/s (best of 3, {} threads)",
        bytes as f64 / 1e6,
        secs,
        n as f64 / secs,
        bytes as f64 / 1e6 / secs,
        std::thread::available_parallelism().map_or(1, |n| n.get())
    );
    if Path::new("/usr/bin/time").exists() {
        let out = Command::new("/usr/bin/time")
            .arg("-v")
            .arg(bin)
            .args(args)
            .output()?;
        let stderr = String::from_utf8_lossy(&out.stderr);
        if let Some(line) = stderr
            .lines()
            .find(|l| l.contains("Maximum resident set size"))
        {
            println!(
                "peak memory: {} kB (input file {:.1} MB)",
                line.rsplit(' ').next().unwrap_or("?"),
                bytes as f64 / 1e6
            );
        }
    }
    Ok(())
}

fn main() -> std::io::Result<()> {
    if std::env::args().any(|a| a == "--test" || a == "--list") {
        return Ok(());
    }
    unscrambling_bench();
    eval_bench()
}
