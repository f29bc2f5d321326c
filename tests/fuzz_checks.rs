//! The fuzz targets' invariants under `cargo test` (issue 12, item 6).
//!
//! The checks live in `fuzz/src/` (one module per target of
//! `fuzz/fuzz_targets/`, which only call them); this test includes that
//! library as a module and runs every target's `run` on a seeded sample —
//! random bytes; splices of the target's libFuzzer dictionary
//! (`fuzz/dicts/TARGET.dict`) with formula characters between the tokens; the
//! string arguments of the conformance corpus, mutated (tokens inserted,
//! runs deleted, bytes replaced) and sometimes paired at a NUL byte — all from
//! a ChaCha8 generator with a fixed seed, so every run tests the same inputs;
//! then the files of `fuzz/regressions/TARGET/` (committed inputs that once
//! failed) and of `fuzz/corpus/TARGET/` (a local cargo-fuzz corpus, when
//! there is one). A failure names the target and prints the input's bytes, to
//! be replayed with `cargo fuzz run TARGET FILE`.

use std::collections::BTreeSet;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

#[path = "../fuzz/src/lib.rs"]
mod fuzz_checks;

/// Inputs per target and generator (random bytes, dictionary splices,
/// mutated corpus seeds).
const SAMPLES: usize = 400;
/// The longest generated input, in bytes.
const MAX_LEN: usize = 160;
/// Files read per target from a local corpus (it can hold thousands).
const MAX_CORPUS_FILES: usize = 300;
/// The characters spliced between dictionary tokens, most of the time.
const FORMULA: &[u8] = b"0123456789xyz+-*/^()[]{}, .=";
/// The seed of the sample (any fixed value; changing it changes the sample).
const SEED: u64 = 0x5C0E_5BEC_F022_2026;

/// The tokens of a libFuzzer dictionary: `"…"` or `name="…"` per line, with
/// `\\`, `\"` and `\xNN` escapes; `#` starts a comment.
fn dictionary(target: &str) -> Vec<Vec<u8>> {
    let path = root().join("fuzz/dicts").join(format!("{target}.dict"));
    let Ok(text) = std::fs::read_to_string(path) else {
        return Vec::new();
    };
    let mut tokens = Vec::new();
    for line in text.lines().map(str::trim) {
        if line.starts_with('#') {
            continue;
        }
        let (Some(open), Some(close)) = (line.find('"'), line.rfind('"')) else {
            continue;
        };
        if close <= open {
            continue;
        }
        let raw = &line.as_bytes()[open + 1..close];
        let mut token = Vec::with_capacity(raw.len());
        let mut i = 0;
        while i < raw.len() {
            match (raw[i], raw.get(i + 1)) {
                (b'\\', Some(b'x')) if raw.len() >= i + 4 => {
                    let hex = std::str::from_utf8(&raw[i + 2..i + 4]).unwrap_or("");
                    match u8::from_str_radix(hex, 16) {
                        Ok(b) => token.push(b),
                        Err(_) => panic!("{target}.dict: bad escape in {line}"),
                    }
                    i += 4;
                }
                (b'\\', Some(&c)) => {
                    token.push(c);
                    i += 2;
                }
                (c, _) => {
                    token.push(c);
                    i += 1;
                }
            }
        }
        tokens.push(token);
    }
    tokens
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The seeded sample of one target.
fn sample(target: &str, index: usize) -> Vec<Vec<u8>> {
    let mut rng = ChaCha8Rng::seed_from_u64(SEED ^ index as u64);
    let mut inputs = Vec::with_capacity(2 * SAMPLES);
    for _ in 0..SAMPLES {
        let len = rng.random_range(0..=MAX_LEN);
        inputs.push((0..len).map(|_| rng.random::<u8>()).collect());
    }
    let tokens = dictionary(target);
    if !tokens.is_empty() {
        for _ in 0..SAMPLES {
            let mut input = Vec::new();
            while input.len() < MAX_LEN && rng.random_ratio(7, 8) {
                match rng.random_range(0..32) {
                    // Mostly tokens and the characters of formulas; now
                    // and then any printable ASCII or any byte.
                    0..=13 => input.extend_from_slice(&tokens[rng.random_range(0..tokens.len())]),
                    14..=29 => input.push(FORMULA[rng.random_range(0..FORMULA.len())]),
                    30 => input.push(rng.random_range(b' '..=b'~')),
                    _ => input.push(rng.random()),
                }
            }
            inputs.push(input);
        }
    }
    let seeds = seeds();
    for _ in 0..SAMPLES {
        let mut input = seeds[rng.random_range(0..seeds.len())].clone();
        if rng.random_ratio(1, 4) {
            // Two answers: the targets that compare split at the first NUL.
            input.push(0);
            input.extend_from_slice(&seeds[rng.random_range(0..seeds.len())]);
        }
        for _ in 0..rng.random_range(0..=3) {
            mutate(&mut rng, &mut input, &tokens);
        }
        inputs.push(input);
    }
    inputs
}

/// One random edit: insert a token or a formula character, delete a run,
/// or replace a byte.
fn mutate(rng: &mut ChaCha8Rng, input: &mut Vec<u8>, tokens: &[Vec<u8>]) {
    let at = rng.random_range(0..=input.len());
    match rng.random_range(0..4) {
        0 if !tokens.is_empty() => {
            let token = &tokens[rng.random_range(0..tokens.len())];
            input.splice(at..at, token.iter().copied());
        }
        1 if at < input.len() => {
            let end = rng.random_range(at..=input.len().min(at + 8));
            input.drain(at..end);
        }
        2 if at < input.len() => input[at] = rng.random(),
        _ => input.insert(at, FORMULA[rng.random_range(0..FORMULA.len())]),
    }
}

/// Seed inputs: every string argument of the conformance corpus
/// (`conformance/**/*.toml`), the documents' answers, formulas and model
/// outputs — what the parsers and scorers are meant to read.
fn seeds() -> &'static [Vec<u8>] {
    static SEEDS: OnceLock<Vec<Vec<u8>>> = OnceLock::new();
    SEEDS.get_or_init(|| {
        fn strings(v: &toml::Value, out: &mut BTreeSet<Vec<u8>>) {
            match v {
                toml::Value::String(s) if s.len() <= 4 * MAX_LEN => {
                    out.insert(s.as_bytes().to_vec());
                }
                toml::Value::Array(a) => a.iter().for_each(|x| strings(x, out)),
                toml::Value::Table(t) => t.values().for_each(|x| strings(x, out)),
                _ => {}
            }
        }
        fn walk(dir: &Path, out: &mut BTreeSet<Vec<u8>>) {
            let Ok(entries) = std::fs::read_dir(dir) else {
                return;
            };
            for path in entries.filter_map(Result::ok).map(|e| e.path()) {
                if path.is_dir() {
                    walk(&path, out);
                } else if path.extension().is_some_and(|x| x == "toml") {
                    let text = std::fs::read_to_string(&path).unwrap_or_default();
                    let Ok(file) = text.parse::<toml::Table>() else {
                        continue;
                    };
                    for case in file
                        .get("case")
                        .and_then(toml::Value::as_array)
                        .into_iter()
                        .flatten()
                    {
                        if let Some(args) = case.get("args") {
                            strings(args, out);
                        }
                    }
                }
            }
        }
        let mut out = BTreeSet::new();
        walk(&root().join("conformance"), &mut out);
        assert!(
            out.len() > 500,
            "the conformance corpus gives {} seeds",
            out.len()
        );
        out.into_iter().collect()
    })
}

/// The files of a directory, sorted by name, at most `limit`.
fn files(dir: &Path, limit: usize) -> Vec<(PathBuf, Vec<u8>)> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut paths: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.is_file())
        .collect();
    paths.sort();
    paths.truncate(limit);
    paths
        .into_iter()
        .filter_map(|p| std::fs::read(&p).ok().map(|bytes| (p, bytes)))
        .collect()
}

/// Runs one input; a panic of the checks fails with the input shown.
fn run_one(target: &str, run: fn(&[u8]), what: &str, input: &[u8]) {
    if catch_unwind(AssertUnwindSafe(|| run(input))).is_err() {
        panic!(
            "fuzz target {target}: the checks fail on {what}: {:?} (bytes {input:?})",
            String::from_utf8_lossy(input)
        );
    }
}

fn check_target(target: &str) {
    let (index, &(_, run)) = fuzz_checks::TARGETS
        .iter()
        .enumerate()
        .find(|(_, (name, _))| *name == target)
        .unwrap_or_else(|| panic!("no fuzz target {target}"));
    for (i, input) in sample(target, index).iter().enumerate() {
        run_one(target, run, &format!("sample input #{i}"), input);
    }
    for dir in ["fuzz/regressions", "fuzz/corpus"] {
        for (path, input) in files(&root().join(dir).join(target), MAX_CORPUS_FILES) {
            run_one(target, run, &path.display().to_string(), &input);
        }
    }
}

/// Every target of `fuzz/fuzz_targets/` has its checks in `fuzz/src/` and
/// is in [`fuzz_checks::TARGETS`] (and so tested below).
#[test]
fn every_target_is_library_code() {
    let mut on_disk: Vec<String> = std::fs::read_dir(root().join("fuzz/fuzz_targets"))
        .expect("fuzz/fuzz_targets")
        .filter_map(Result::ok)
        .filter_map(|e| {
            e.file_name()
                .to_str()
                .and_then(|n| n.strip_suffix(".rs"))
                .map(str::to_string)
        })
        .collect();
    on_disk.sort();
    let listed: Vec<String> = fuzz_checks::TARGETS
        .iter()
        .map(|(n, _)| n.to_string())
        .collect();
    assert_eq!(on_disk, listed);
    for name in &on_disk {
        let target = std::fs::read_to_string(root().join(format!("fuzz/fuzz_targets/{name}.rs")))
            .expect("target source");
        assert!(
            target.contains(&format!("scorespec_fuzz::{name}::check(")),
            "fuzz target {name} does not call scorespec_fuzz::{name}::check"
        );
    }
}

macro_rules! targets {
    ($($name:ident),* $(,)?) => {
        $(
            #[test]
            fn $name() {
                check_target(stringify!($name));
            }
        )*
    };
}

targets!(
    fredholm_parse,
    infix,
    latex,
    math_equal,
    math_extract,
    math_grade,
    physics_normalize,
    porter,
    protocol,
    puzzles,
    qa,
    round_trip,
    rpn,
);
