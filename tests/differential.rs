//! The differential harness: recorded outputs of other implementations.
//!
//! Each `conformance/differential/*.jsonl` file was written by
//! `tests/oracles/record.py` (refresh with `scripts/refresh-differential`):
//! a header line naming the oracle and its version, then one line per case
//! `{"id","fn","args","oracle"}`. One trial per recording runs every case
//! through the registry and compares with the oracle's answer (numbers equal
//! as f64, everything else exactly). A disagreement fails the trial unless
//! `conformance/differential/known-differences.toml` lists it with the rule of
//! the spec that decides it; a listed difference that no longer differs fails
//! too, so the list never goes stale. Each trial prints its agreement figure.

use std::collections::BTreeMap;
use std::path::Path;
use std::process::ExitCode;

use libtest_mimic::{Arguments, Failed, Trial};
use serde::Deserialize;
use serde_json::Value;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Known {
    #[serde(default)]
    difference: Vec<Difference>,
}

#[derive(Deserialize, Clone)]
#[serde(deny_unknown_fields)]
struct Difference {
    recording: String,
    id: String,
    /// The spec rule that decides the case, e.g. "spec/qa.md QA-5".
    rule: String,
    why: String,
}

fn agree(oracle: &Value, ours: &Result<Value, scorespec::CallError>) -> bool {
    match (oracle.get("ok"), ours) {
        (Some(Value::Bool(true)), Ok(v)) => match (&oracle["result"], v) {
            (Value::Number(a), Value::Number(b)) => a.as_f64() == b.as_f64(),
            (a, b) => a == b,
        },
        (Some(Value::Bool(false)), Err(_)) => true,
        _ => false,
    }
}

fn check(name: &str, text: &str, known: &BTreeMap<String, Difference>) -> Result<(), Failed> {
    let mut lines = text.lines();
    let header: Value = serde_json::from_str(lines.next().ok_or("empty recording")?)
        .map_err(|e| format!("header: {e}"))?;
    let (mut total, mut agreed, mut explained) = (0usize, 0usize, 0usize);
    let mut failures = Vec::new();
    let mut seen_known = 0usize;
    for (n, line) in lines.enumerate() {
        let case: Value = serde_json::from_str(line).map_err(|e| format!("line {}: {e}", n + 2))?;
        let id = case["id"].as_str().ok_or("case without id")?;
        let f = case["fn"].as_str().ok_or("case without fn")?;
        let ours = scorespec::registry::call(f, &case["args"]);
        total += 1;
        let ok = agree(&case["oracle"], &ours);
        match (ok, known.get(id)) {
            (true, None) => agreed += 1,
            (false, Some(_)) => {
                explained += 1;
                seen_known += 1;
            }
            (true, Some(d)) => failures.push(format!(
                "{id}: listed as a known difference ({}) but agrees now: remove it",
                d.rule
            )),
            (false, None) => failures.push(format!(
                "{id}: {f} {}\n    oracle: {}\n    ours:   {}",
                case["args"],
                case["oracle"],
                match &ours {
                    Ok(v) => v.to_string(),
                    Err(e) => format!("error {} ({e})", e.kind()),
                }
            )),
        }
    }
    if seen_known != known.len() {
        failures.push(format!(
            "{} known differences name ids not in this recording",
            known.len() - seen_known
        ));
    }
    println!(
        "    {name}: {agreed}/{total} agree ({:.2}%), {explained} documented differences; oracle {} {}",
        100.0 * agreed as f64 / total.max(1) as f64,
        header["oracle"].as_str().unwrap_or("?"),
        header["version"].as_str().unwrap_or("?"),
    );
    if failures.is_empty() {
        Ok(())
    } else {
        let shown: Vec<_> = failures.iter().take(20).cloned().collect();
        Err(format!(
            "{} disagreements with the oracle (first {}):\n{}",
            failures.len(),
            shown.len(),
            shown.join("\n")
        )
        .into())
    }
}

fn main() -> ExitCode {
    let args = Arguments::from_args();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("conformance/differential");
    let known: Known = match std::fs::read_to_string(dir.join("known-differences.toml"))
        .map_err(|e| e.to_string())
        .and_then(|t| toml::from_str(&t).map_err(|e| e.to_string()))
    {
        Ok(k) => k,
        Err(e) => {
            eprintln!("known-differences.toml: {e}");
            return ExitCode::FAILURE;
        }
    };
    let mut files: Vec<_> = match std::fs::read_dir(&dir) {
        Ok(rd) => rd
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "jsonl"))
            .collect(),
        Err(e) => {
            eprintln!("{}: {e}", dir.display());
            return ExitCode::FAILURE;
        }
    };
    files.sort();
    let trials = files
        .into_iter()
        .map(|path| {
            let name = path
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default();
            let mine: BTreeMap<String, Difference> = known
                .difference
                .iter()
                .filter(|d| d.recording == name)
                .map(|d| (d.id.clone(), d.clone()))
                .collect();
            Trial::test(format!("differential/{name}"), move || {
                for d in mine.values() {
                    if d.why.trim().is_empty() || d.rule.trim().is_empty() {
                        return Err(
                            format!("known difference {} needs a rule and a why", d.id).into()
                        );
                    }
                }
                let text = std::fs::read_to_string(&path).map_err(|e| e.to_string())?;
                check(&name, &text, &mine)
            })
        })
        .collect();
    libtest_mimic::run(&args, trials).exit_code()
}
