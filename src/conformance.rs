//! Checking another implementation against the corpus: `scorespec
//! conformance --impl CMD` and its differential generator `--generate N`.
//!
//! The implementation is a command (run with `sh -c`) that speaks the JSONL
//! protocol of `scorespec run`: it reads request lines `{"id","fn","args"}`
//! on standard input and writes one response line `{"id","ok","result"}` or
//! `{"id","ok":false,"error":{"kind","message"}}` per request, in order.
//! Every case is sent to one process; each answer is compared as the case
//! says ([`crate::corpus::check`]); a disagreement passes only when a
//! known-differences file lists it, and a listed difference that no longer
//! differs is stale and fails.
//!
//! This is the edge where scorespec talks to a foreign process, so it is the
//! one place that bounds work with a clock: a reader thread forwards the
//! child's lines over a channel and each answer must arrive within the
//! per-case budget (`recv_timeout`), else the child (its whole process group)
//! is killed and the case named. A child that exits early, answers out of
//! order or prints something that is not a response line is named the same
//! way, never waited on forever.
//!
//! # Differences with the document
//!
//! None: the protocol is scorespec's own (DESIGN.md, "The spec function
//! registry and the JSONL protocol").

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::corpus::{self, Answer, Corpus};

/// One request line of the protocol.
#[derive(Debug, Clone, Serialize)]
pub struct Request {
    /// The request id (a case's full id, `qa/f1/paris-sentence`).
    pub id: String,
    /// The registry id of the function.
    #[serde(rename = "fn")]
    pub function: String,
    /// The named arguments.
    pub args: Map<String, Value>,
}

/// Why a run of the implementation stopped before every case was answered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ProtocolError {
    /// The command could not be started.
    Spawn(String),
    /// The process closed its output (exited or crashed) before answering `case`.
    Crashed {
        /// The case left without an answer.
        case: String,
        /// The exit status, as far as known.
        status: String,
        /// The end of its standard error.
        stderr: String,
    },
    /// No answer to `case` within the per-case budget; the process was killed.
    Timeout {
        /// The case left without an answer.
        case: String,
        /// The budget in milliseconds.
        budget_ms: u128,
    },
    /// The answer to `case` carries another id.
    OutOfOrder {
        /// The case expected.
        case: String,
        /// The id the line carried.
        got: String,
    },
    /// The line answering `case` is not a response line.
    Garbage {
        /// The case it was meant to answer.
        case: String,
        /// What is wrong.
        why: String,
        /// The start of the line.
        line: String,
    },
}

impl fmt::Display for ProtocolError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProtocolError::Spawn(e) => write!(f, "cannot start the implementation: {e}"),
            ProtocolError::Crashed {
                case,
                status,
                stderr,
            } => {
                write!(
                    f,
                    "the implementation stopped answering at case {case} (it exited: {status})"
                )?;
                if !stderr.trim().is_empty() {
                    write!(f, "; its stderr ends with:\n{}", stderr.trim_end())?;
                }
                Ok(())
            }
            ProtocolError::Timeout { case, budget_ms } => write!(
                f,
                "no answer to case {case} within {budget_ms} ms: the implementation was killed"
            ),
            ProtocolError::OutOfOrder { case, got } => write!(
                f,
                "answer out of order: expected the answer to case {case}, got id {got}"
            ),
            ProtocolError::Garbage { case, why, line } => write!(
                f,
                "the answer to case {case} is not a response line ({why}): {line}"
            ),
        }
    }
}

impl std::error::Error for ProtocolError {}

/// The longest response line read, in bytes (a larger one is garbage).
const MAX_LINE: u64 = 64 << 20;

fn clip(s: &str, n: usize) -> String {
    match s.char_indices().nth(n) {
        Some((i, _)) => format!("{}…", &s[..i]),
        None => s.to_string(),
    }
}

/// Kills the child and its process group (an `sh -c` pipeline's members too).
fn kill(child: &mut Child) {
    #[cfg(unix)]
    {
        let _ = Command::new("kill")
            .args(["-KILL", "--", &format!("-{}", child.id())])
            .stderr(Stdio::null())
            .status();
    }
    let _ = child.kill();
    let _ = child.wait();
}

fn parse_response(line: &[u8], req: &Request) -> Result<Answer, ProtocolError> {
    let garbage = |why: &str| ProtocolError::Garbage {
        case: req.id.clone(),
        why: why.to_string(),
        line: clip(&String::from_utf8_lossy(line), 200),
    };
    let text = std::str::from_utf8(line).map_err(|_| garbage("not UTF-8"))?;
    let v: Value = serde_json::from_str(text).map_err(|e| garbage(&format!("not JSON: {e}")))?;
    let Value::Object(m) = v else {
        return Err(garbage("not a JSON object"));
    };
    match m.get("id") {
        Some(Value::String(id)) if *id == req.id => {}
        Some(other) => {
            return Err(ProtocolError::OutOfOrder {
                case: req.id.clone(),
                got: clip(&other.to_string(), 200),
            });
        }
        None => return Err(garbage("no \"id\"")),
    }
    match (m.get("ok"), m.get("result"), m.get("error")) {
        (Some(Value::Bool(true)), Some(r), _) => Ok(Answer::Ok(r.clone())),
        (Some(Value::Bool(false)), _, Some(Value::Object(e))) => match e.get("kind") {
            Some(Value::String(kind)) => Ok(Answer::Err {
                kind: kind.clone(),
                message: e
                    .get("message")
                    .and_then(Value::as_str)
                    .unwrap_or_default()
                    .to_string(),
            }),
            _ => Err(garbage("an error without a string \"kind\"")),
        },
        _ => Err(garbage(
            "needs \"ok\": true with \"result\", or \"ok\": false with \"error\"",
        )),
    }
}

/// Starts `cmd` once (`sh -c CMD`), sends every request and reads one answer
/// per request, in order; each answer must come within `budget` of the
/// previous one. The requests are written by a writer thread, so a child that
/// buffers its output until its input ends works too.
pub fn ask(
    cmd: &str,
    requests: &[Request],
    budget: Duration,
) -> Result<Vec<Answer>, ProtocolError> {
    let mut command = Command::new("sh");
    command
        .arg("-c")
        .arg(cmd)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    #[cfg(unix)]
    std::os::unix::process::CommandExt::process_group(&mut command, 0);
    let mut child = command
        .spawn()
        .map_err(|e| ProtocolError::Spawn(format!("sh -c {cmd:?}: {e}")))?;
    let (Some(mut stdin), Some(stdout), Some(mut stderr)) =
        (child.stdin.take(), child.stdout.take(), child.stderr.take())
    else {
        kill(&mut child);
        return Err(ProtocolError::Spawn("no pipes to the child".into()));
    };
    let mut input = Vec::new();
    for r in requests {
        // Serializing plain JSON values cannot fail.
        input.extend(serde_json::to_vec(r).unwrap_or_default());
        input.push(b'\n');
    }
    // A broken pipe (the child exited) is reported by the reader side.
    std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let (err_tx, err_rx) = mpsc::channel();
    std::thread::spawn(move || {
        let mut buf = Vec::new();
        let _ = (&mut stderr).take(MAX_LINE).read_to_end(&mut buf);
        let tail = String::from_utf8_lossy(&buf[buf.len().saturating_sub(2000)..]).into_owned();
        let _ = err_tx.send(tail);
    });
    let (tx, rx) = mpsc::channel::<Vec<u8>>();
    std::thread::spawn(move || {
        let mut reader = BufReader::new(stdout);
        loop {
            let mut line = Vec::new();
            match (&mut reader).take(MAX_LINE).read_until(b'\n', &mut line) {
                Ok(0) | Err(_) => break,
                Ok(_) => {
                    if line.last() == Some(&b'\n') {
                        line.pop();
                    }
                    if tx.send(line).is_err() {
                        break;
                    }
                }
            }
        }
    });
    let mut answers = Vec::with_capacity(requests.len());
    for req in requests {
        match rx.recv_timeout(budget) {
            Ok(line) => {
                let line = line.strip_suffix(b"\r").unwrap_or(&line);
                match parse_response(line, req) {
                    Ok(a) => answers.push(a),
                    Err(e) => {
                        kill(&mut child);
                        return Err(e);
                    }
                }
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {
                kill(&mut child);
                return Err(ProtocolError::Timeout {
                    case: req.id.clone(),
                    budget_ms: budget.as_millis(),
                });
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                let status = match child.wait() {
                    Ok(s) => s.to_string(),
                    Err(e) => e.to_string(),
                };
                let stderr = err_rx.recv_timeout(budget).unwrap_or_default();
                return Err(ProtocolError::Crashed {
                    case: req.id.clone(),
                    status,
                    stderr,
                });
            }
        }
    }
    // Every answer is in: the child may finish on its own, briefly.
    for _ in 0..20 {
        if let Ok(Some(_)) = child.try_wait() {
            return Ok(answers);
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    kill(&mut child);
    Ok(answers)
}

/// A known-differences file (conformance/README.md, "Known differences"):
/// the cases where an implementation is known to disagree, each with why.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Known {
    /// Free text naming the implementation and its version.
    pub implementation: Option<String>,
    /// The known differences.
    #[serde(rename = "difference", default)]
    pub differences: Vec<KnownDifference>,
}

/// One known difference: one case (`case`), or a class of cases that differ
/// for the same reason (`cases`), with why.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KnownDifference {
    /// The case's full id (`text/porter_stem/generalization`); `None` when
    /// the entry lists a class in `cases`.
    #[serde(default)]
    pub case: Option<String>,
    /// The full ids of a class of cases with the same reason (empty when
    /// `case` is given).
    #[serde(default)]
    pub cases: Vec<String>,
    /// Why the implementation differs (its bug, a deliberate choice, the rule that decides).
    pub why: String,
}

impl KnownDifference {
    /// The full ids this entry lists: `case`, or every id of `cases`.
    pub fn ids(&self) -> impl Iterator<Item = &str> {
        self.case.iter().chain(&self.cases).map(String::as_str)
    }
}

impl Known {
    /// Reads a known-differences file.
    pub fn read(path: &Path) -> Result<Known, String> {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let known: Known = toml::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))?;
        let mut seen = BTreeSet::new();
        for (n, d) in known.differences.iter().enumerate() {
            let name = d
                .case
                .clone()
                .unwrap_or_else(|| format!("difference {}", n + 1));
            if d.case.is_some() != d.cases.is_empty() {
                return Err(format!(
                    "{}: {name} needs exactly one of `case` and a non-empty `cases`",
                    path.display()
                ));
            }
            if d.why.trim().is_empty() {
                return Err(format!("{}: {name} has an empty why", path.display()));
            }
            for id in d.ids() {
                if !seen.insert(id) {
                    return Err(format!("{}: case {id} listed twice", path.display()));
                }
            }
        }
        Ok(known)
    }
}

/// Which cases to run.
#[derive(Debug, Clone, Default)]
pub struct Selection {
    /// Only these families (`qa`, `math`, …); empty: all.
    pub families: Vec<String>,
    /// Only these functions (`text.porter_stem`); empty: all.
    pub functions: Vec<String>,
    /// Not the cases that pass one of these arguments (options the
    /// implementation does not have).
    pub without_args: Vec<String>,
    /// Compare only these keys of an expected object (e.g. `equal` for an
    /// implementation that answers a verdict without scorespec's normalized
    /// forms); empty: the case's own comparison.
    pub keys: Vec<String>,
}

impl Selection {
    /// Whether the function `f` is selected.
    pub fn wants(&self, f: &str) -> bool {
        let family = f.split('.').next().unwrap_or_default();
        (self.families.is_empty() || self.families.iter().any(|x| x == family))
            && (self.functions.is_empty() || self.functions.iter().any(|x| x == f))
    }

    /// Whether the case of `file` is selected.
    pub fn wants_case(&self, file: &corpus::CaseFile, case: &corpus::Case) -> bool {
        self.wants(&file.function) && !self.without_args.iter().any(|a| case.args.contains_key(a))
    }
}

/// One family's line of the report table.
#[derive(Debug, Clone, Default, Serialize)]
pub struct FamilyRow {
    /// Cases run.
    pub cases: usize,
    /// Answers equal to the expected one.
    pub agree: usize,
    /// Results (or error kinds) other than the expected.
    pub differ: usize,
    /// Errors where a result was expected.
    pub errors: usize,
    /// How many of `differ + errors` the known-differences file lists.
    pub known: usize,
}

/// One disagreement with the corpus.
#[derive(Debug, Clone, Serialize)]
pub struct Disagreement {
    /// The case's full id.
    pub case: String,
    /// The function.
    #[serde(rename = "fn")]
    pub function: String,
    /// `differ` or `error`.
    pub kind: &'static str,
    /// The reason from the known-differences file, when listed.
    pub known: Option<String>,
    /// The readable comparison (source, args, expected, actual, diff).
    pub message: String,
}

/// The outcome of a conformance run.
#[derive(Debug, Clone, Serialize)]
pub struct Report {
    /// The command checked.
    pub implementation: String,
    /// The table, by family.
    pub families: BTreeMap<String, FamilyRow>,
    /// Every disagreement, in corpus order.
    pub disagreements: Vec<Disagreement>,
    /// Known differences that agree now (or name no selected case of the corpus).
    pub stale: Vec<String>,
    /// Whether the run passes: every disagreement known, nothing stale.
    pub pass: bool,
}

/// Runs every selected corpus case through `cmd` and compares; with
/// `any_error_kind`, an error case agrees with an error of any kind.
pub fn check_impl(
    cmd: &str,
    corpus: &Corpus,
    selection: &Selection,
    known: &Known,
    budget: Duration,
    any_error_kind: bool,
) -> Result<Report, ProtocolError> {
    let cases: Vec<_> = corpus
        .cases()
        .filter(|(f, c)| selection.wants_case(f, c))
        .collect();
    let requests: Vec<Request> = cases
        .iter()
        .map(|(f, c)| Request {
            id: f.full_id(c),
            function: f.function.clone(),
            args: c.args.clone(),
        })
        .collect();
    let answers = ask(cmd, &requests, budget)?;
    let listed: BTreeMap<&str, &str> = known
        .differences
        .iter()
        .flat_map(|d| d.ids().map(|id| (id, d.why.as_str())))
        .collect();
    let mut families: BTreeMap<String, FamilyRow> = BTreeMap::new();
    let mut disagreements = Vec::new();
    let mut differing = BTreeSet::new();
    for ((file, case), (req, answer)) in cases.iter().zip(requests.iter().zip(&answers)) {
        let row = families.entry(file.family().to_string()).or_default();
        row.cases += 1;
        let narrowed;
        let case = match &case.expected {
            Some(Value::Object(m)) if !selection.keys.is_empty() => {
                let kept = m.iter().filter(|(k, _)| selection.keys.contains(k));
                narrowed = corpus::Case {
                    expected: Some(Value::Object(
                        kept.map(|(k, v)| (k.clone(), v.clone())).collect(),
                    )),
                    compare: corpus::Compare::Subset,
                    ..(*case).clone()
                };
                &narrowed
            }
            _ => *case,
        };
        let verdict = match (answer, &case.expected_error) {
            // An implementation with its own error vocabulary: any error will do.
            (Answer::Err { .. }, Some(_)) if any_error_kind => Ok(()),
            _ => corpus::check(&file.function, case, answer),
        };
        match verdict {
            Ok(()) => row.agree += 1,
            Err(message) => {
                let kind = match (answer, &case.expected) {
                    (Answer::Err { .. }, Some(_)) => {
                        row.errors += 1;
                        "error"
                    }
                    _ => {
                        row.differ += 1;
                        "differ"
                    }
                };
                let known = listed.get(req.id.as_str()).map(|w| w.to_string());
                if known.is_some() {
                    row.known += 1;
                }
                differing.insert(req.id.clone());
                disagreements.push(Disagreement {
                    case: req.id.clone(),
                    function: file.function.clone(),
                    kind,
                    known,
                    message,
                });
            }
        }
    }
    let all_ids: BTreeSet<String> = corpus.cases().map(|(f, c)| f.full_id(c)).collect();
    let selected: BTreeSet<&str> = requests.iter().map(|r| r.id.as_str()).collect();
    let mut stale = Vec::new();
    for id in known.differences.iter().flat_map(KnownDifference::ids) {
        if !all_ids.contains(id) {
            stale.push(format!("{id} (no such case in the corpus)"));
        } else if selected.contains(id) && !differing.contains(id) {
            stale.push(format!("{id} (agrees now: remove it)"));
        }
    }
    let pass = stale.is_empty() && disagreements.iter().all(|d| d.known.is_some());
    Ok(Report {
        implementation: cmd.to_string(),
        families,
        disagreements,
        stale,
        pass,
    })
}

impl Report {
    /// The report for people: the table, then each disagreement with its diff.
    pub fn render(&self) -> String {
        let mut s = format!("implementation: {}\n\n", self.implementation);
        s.push_str(&format!(
            "{:<10} {:>6} {:>6} {:>6} {:>6} {:>6}\n",
            "family", "cases", "agree", "differ", "errors", "known"
        ));
        let mut total = FamilyRow::default();
        for (fam, r) in &self.families {
            s.push_str(&format!(
                "{fam:<10} {:>6} {:>6} {:>6} {:>6} {:>6}\n",
                r.cases, r.agree, r.differ, r.errors, r.known
            ));
            total.cases += r.cases;
            total.agree += r.agree;
            total.differ += r.differ;
            total.errors += r.errors;
            total.known += r.known;
        }
        s.push_str(&format!(
            "{:<10} {:>6} {:>6} {:>6} {:>6} {:>6}\n",
            "total", total.cases, total.agree, total.differ, total.errors, total.known
        ));
        for d in &self.disagreements {
            let mark = match &d.known {
                Some(why) => format!("known: {why}"),
                None => "NOT KNOWN".to_string(),
            };
            s.push_str(&format!(
                "\n--- {} ({}, {mark})\n{}",
                d.case, d.kind, d.message
            ));
            if !d.message.ends_with('\n') {
                s.push('\n');
            }
        }
        for st in &self.stale {
            s.push_str(&format!("\nstale known difference: {st}\n"));
        }
        let unknown = self
            .disagreements
            .iter()
            .filter(|d| d.known.is_none())
            .count();
        s.push_str(&format!(
            "\n{}: {unknown} unknown disagreement(s), {} stale known difference(s)\n",
            if self.pass { "PASS" } else { "FAIL" },
            self.stale.len()
        ));
        s
    }
}

// ------------------------------------------------------------ generation

/// Options of the differential generator.
#[derive(Debug, Clone)]
pub struct GenerateOptions {
    /// How many inputs to generate.
    pub count: usize,
    /// The seed of the ChaCha8 generator: the same seed gives the same inputs.
    pub seed: u64,
    /// The per-answer time budget.
    pub budget: Duration,
    /// At most this many disagreements are shrunk (the others are listed as found).
    pub max_shrunk: usize,
    /// At most this many shrinking rounds (one batch of candidates each) per disagreement.
    pub max_rounds: usize,
}

/// One generated input where the implementation and scorespec disagree.
#[derive(Debug, Clone, Serialize)]
pub struct Finding {
    /// The function.
    #[serde(rename = "fn")]
    pub function: String,
    /// The corpus case the input was mutated from.
    pub from_case: String,
    /// The input as generated.
    pub args: Map<String, Value>,
    /// The smallest input found that still disagrees (greedy deletion).
    pub shrunk: Map<String, Value>,
    /// scorespec's answer on the shrunk input.
    pub scorespec: Value,
    /// The implementation's answer on the shrunk input.
    pub implementation: Value,
}

/// The outcome of a generation run.
#[derive(Debug, Clone, Serialize)]
pub struct GenerateReport {
    /// The command checked.
    pub implementation: String,
    /// The seed.
    pub seed: u64,
    /// Inputs generated, by function.
    pub generated: BTreeMap<String, usize>,
    /// Disagreements, by function.
    pub disagreements: BTreeMap<String, usize>,
    /// The disagreements, shrunk (at most `max_shrunk`).
    pub findings: Vec<Finding>,
}

fn answer_json(a: &Answer) -> Value {
    match a {
        Answer::Ok(v) => serde_json::json!({"ok": true, "result": v}),
        Answer::Err { kind, message } => {
            serde_json::json!({"ok": false, "error": {"kind": kind, "message": message}})
        }
    }
}

/// Whether two answers agree for the generator: equal results (numbers
/// within 1e-9), or both errors (kinds are each implementation's own).
fn agree(ours: &Answer, theirs: &Answer) -> bool {
    match (ours, theirs) {
        (Answer::Ok(a), Answer::Ok(b)) => corpus::same(a, b, Some(1e-9), false),
        (Answer::Err { .. }, Answer::Err { .. }) => true,
        _ => false,
    }
}

fn ours(function: &str, args: &Map<String, Value>) -> Answer {
    Answer::from(crate::registry::call(
        function,
        &Value::Object(args.clone()),
    ))
}

const SPLICES: &[&str] = &[
    " ", "  ", ".", ",", "-", "'", "\\", "{", "}", "(", ")", "^", "_", "x", "1", "0", "é", "A",
    "s", "ing", "ed", "the ", "\t", "\n", "$", "=",
];

fn char_pos(s: &str, rng: &mut ChaCha8Rng) -> usize {
    let bounds: Vec<usize> = s
        .char_indices()
        .map(|(i, _)| i)
        .chain(std::iter::once(s.len()))
        .collect();
    bounds[rng.random_range(0..bounds.len())]
}

/// One deterministic mutation of a string: a splice, a deletion, a repeat,
/// a case change or a whitespace change.
fn mutate_str(s: &str, pool: &[String], rng: &mut ChaCha8Rng) -> String {
    match rng.random_range(0..8) {
        0 | 1 => {
            let at = char_pos(s, rng);
            let piece = SPLICES[rng.random_range(0..SPLICES.len())];
            format!("{}{piece}{}", &s[..at], &s[at..])
        }
        2 => {
            let (a, b) = (char_pos(s, rng), char_pos(s, rng));
            let (a, b) = (a.min(b), a.max(b));
            format!("{}{}", &s[..a], &s[b..])
        }
        3 => {
            let (a, b) = (char_pos(s, rng), char_pos(s, rng));
            let (a, b) = (a.min(b), a.max(b));
            format!("{}{}", &s[..b], &s[a..])
        }
        4 => {
            if rng.random_bool(0.5) {
                s.to_uppercase()
            } else {
                s.to_lowercase()
            }
        }
        5 => s.split_whitespace().collect::<Vec<_>>().join("  "),
        6 if !pool.is_empty() => {
            let other = &pool[rng.random_range(0..pool.len())];
            let (a, b) = (char_pos(other, rng), char_pos(other, rng));
            let (a, b) = (a.min(b), a.max(b));
            let at = char_pos(s, rng);
            format!("{}{}{}", &s[..at], &other[a..b], &s[at..])
        }
        _ => {
            let at = char_pos(s, rng);
            let mut out = s.to_string();
            if let Some(c) = s[at..].chars().next() {
                let flipped: String = if c.is_uppercase() {
                    c.to_lowercase().collect()
                } else {
                    c.to_uppercase().collect()
                };
                out.replace_range(at..at + c.len_utf8(), &flipped);
            }
            out
        }
    }
}

fn mutate_value(v: &Value, pool: &[String], rng: &mut ChaCha8Rng) -> Value {
    match v {
        Value::String(s) => Value::String(mutate_str(s, pool, rng)),
        Value::Number(n) => match (n.as_i64(), n.as_f64()) {
            (Some(i), _) => Value::from(match rng.random_range(0..4) {
                0 => i.saturating_add(1),
                1 => i.saturating_sub(1),
                2 => i.saturating_mul(10),
                _ => -i,
            }),
            (None, Some(f)) => {
                let g = match rng.random_range(0..4) {
                    0 => f * 2.0,
                    1 => f / 2.0,
                    2 => f + 1e-7,
                    _ => -f,
                };
                serde_json::Number::from_f64(g).map_or(v.clone(), Value::Number)
            }
            _ => v.clone(),
        },
        Value::Array(a) if !a.is_empty() => {
            let mut a = a.clone();
            let i = rng.random_range(0..a.len());
            if rng.random_bool(0.2) && a.len() > 1 {
                a.remove(i);
            } else {
                a[i] = mutate_value(&a[i], pool, rng);
            }
            Value::Array(a)
        }
        Value::Object(m) if !m.is_empty() => {
            let mut m = m.clone();
            let keys: Vec<String> = m.keys().cloned().collect();
            let k = &keys[rng.random_range(0..keys.len())];
            let nv = mutate_value(&m[k], pool, rng);
            m.insert(k.clone(), nv);
            Value::Object(m)
        }
        _ => v.clone(),
    }
}

/// Every smaller variant of `args` by one deletion: each whitespace token,
/// then each char, of each string argument (at most `cap`).
fn shrink_candidates(args: &Map<String, Value>, cap: usize) -> Vec<Map<String, Value>> {
    let mut out = Vec::new();
    for (k, v) in args {
        let Value::String(s) = v else { continue };
        let mut push = |t: String| {
            if out.len() < cap {
                let mut m = args.clone();
                m.insert(k.clone(), Value::String(t));
                out.push(m);
            }
        };
        let mut start = None;
        for (i, c) in s.char_indices().chain(std::iter::once((s.len(), ' '))) {
            match (c.is_whitespace(), start) {
                (false, None) => start = Some(i),
                (true, Some(a)) => {
                    if a > 0 || i < s.len() {
                        push(format!("{}{}", &s[..a], &s[i..]));
                    }
                    start = None;
                }
                _ => {}
            }
        }
        for (i, c) in s.char_indices() {
            push(format!("{}{}", &s[..i], &s[i + c.len_utf8()..]));
        }
    }
    out
}

fn size(args: &Map<String, Value>) -> usize {
    args.values()
        .map(|v| v.as_str().map_or(0, |s| s.chars().count()))
        .sum()
}

/// Generates `count` inputs from the selected corpus cases (each a case's
/// arguments with one to three deterministic mutations), asks `cmd` and
/// scorespec, and shrinks each disagreement greedily while it still disagrees.
pub fn generate(
    cmd: &str,
    corpus: &Corpus,
    selection: &Selection,
    opts: &GenerateOptions,
) -> Result<GenerateReport, ProtocolError> {
    let bases: Vec<(String, String, &Map<String, Value>)> = corpus
        .cases()
        .filter(|(f, c)| selection.wants_case(f, c) && c.expected.is_some())
        .map(|(f, c)| (f.function.clone(), f.full_id(c), &c.args))
        .collect();
    let mut report = GenerateReport {
        implementation: cmd.to_string(),
        seed: opts.seed,
        generated: BTreeMap::new(),
        disagreements: BTreeMap::new(),
        findings: Vec::new(),
    };
    if bases.is_empty() || opts.count == 0 {
        return Ok(report);
    }
    let mut pools: BTreeMap<&str, Vec<String>> = BTreeMap::new();
    for (f, _, args) in &bases {
        let pool = pools.entry(f.as_str()).or_default();
        pool.extend(args.values().filter_map(|v| v.as_str().map(str::to_string)));
    }
    let mut rng = ChaCha8Rng::seed_from_u64(opts.seed);
    let mut inputs = Vec::with_capacity(opts.count);
    for n in 0..opts.count {
        let (f, from, args) = &bases[rng.random_range(0..bases.len())];
        let pool = pools.get(f.as_str()).map(Vec::as_slice).unwrap_or_default();
        let mut v = Value::Object((*args).clone());
        for _ in 0..rng.random_range(1..=3) {
            v = mutate_value(&v, pool, &mut rng);
        }
        let Value::Object(args) = v else { continue };
        *report.generated.entry(f.clone()).or_default() += 1;
        inputs.push((
            Request {
                id: format!("{from}#gen-{n}"),
                function: f.clone(),
                args,
            },
            from.clone(),
        ));
    }
    let requests: Vec<Request> = inputs.iter().map(|(r, _)| r.clone()).collect();
    let theirs = ask(cmd, &requests, opts.budget)?;
    for ((req, from), theirs) in inputs.iter().zip(&theirs) {
        let mine = ours(&req.function, &req.args);
        if agree(&mine, theirs) {
            continue;
        }
        *report
            .disagreements
            .entry(req.function.clone())
            .or_default() += 1;
        if report.findings.len() >= opts.max_shrunk {
            continue;
        }
        let (mut best, mut best_mine, mut best_theirs) = (req.args.clone(), mine, theirs.clone());
        for _ in 0..opts.max_rounds {
            let candidates = shrink_candidates(&best, 400);
            if candidates.is_empty() {
                break;
            }
            let batch: Vec<Request> = candidates
                .iter()
                .enumerate()
                .map(|(i, a)| Request {
                    id: format!("{from}#shrink-{i}"),
                    function: req.function.clone(),
                    args: a.clone(),
                })
                .collect();
            let answers = ask(cmd, &batch, opts.budget)?;
            let smaller = candidates.into_iter().zip(answers).find_map(|(a, t)| {
                let m = ours(&req.function, &a);
                (!agree(&m, &t) && size(&a) < size(&best)).then_some((a, m, t))
            });
            match smaller {
                Some((a, m, t)) => (best, best_mine, best_theirs) = (a, m, t),
                None => break,
            }
        }
        report.findings.push(Finding {
            function: req.function.clone(),
            from_case: from.clone(),
            args: req.args.clone(),
            shrunk: best,
            scorespec: answer_json(&best_mine),
            implementation: answer_json(&best_theirs),
        });
    }
    Ok(report)
}

impl GenerateReport {
    /// The report for people: counts per function, then each shrunk finding.
    pub fn render(&self) -> String {
        let mut s = format!(
            "implementation: {} (seed {})\n\n{:<32} {:>9} {:>9}\n",
            self.implementation, self.seed, "fn", "generated", "differ"
        );
        for (f, n) in &self.generated {
            let d = self.disagreements.get(f).copied().unwrap_or(0);
            s.push_str(&format!("{f:<32} {n:>9} {d:>9}\n"));
        }
        for (i, f) in self.findings.iter().enumerate() {
            let show = |v: &Map<String, Value>| {
                serde_json::to_string(&Value::Object(v.clone())).unwrap_or_default()
            };
            s.push_str(&format!(
                "\n--- finding {} ({}, mutated from {})\nshrunk args:    {}\nscorespec:      {}\nimplementation: {}\ngenerated args: {}\n",
                i + 1,
                f.function,
                f.from_case,
                show(&f.shrunk),
                f.scorespec,
                f.implementation,
                show(&f.args),
            ));
        }
        let total: usize = self.disagreements.values().sum();
        s.push_str(&format!(
            "\n{}: {total} disagreement(s)\n",
            if total == 0 { "PASS" } else { "FAIL" }
        ));
        s
    }
}
