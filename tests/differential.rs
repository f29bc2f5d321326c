//! The differential harness: recorded outputs of other implementations.
//!
//! Each `conformance/differential/*.jsonl` file was written by
//! `tests/oracles/record.py` (refresh with `scripts/refresh-differential`):
//! a header line naming the oracle and its version, then one line per case
//! `{"id","fn","args","oracle"}`. One trial per recording runs every case
//! through the registry and compares with the oracle's answer (numbers equal
//! as f64, or within the function's `number_tolerance`; everything else
//! exactly). A disagreement fails the trial unless
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

/// The largest difference of numeric results that counts as agreement, by
/// function (0: equal as f64).
fn number_tolerance(f: &str) -> f64 {
    match f {
        // BLEU goes through libm's log and exp: allow another C library's
        // last-bit differences (spec/fredholm.md FM-2).
        "fredholm.bleu" => 1e-12,
        _ => 0.0,
    }
}

fn agree(oracle: &Value, ours: &Result<Value, scorespec::CallError>, tol: f64) -> bool {
    match (oracle.get("ok"), ours) {
        (Some(Value::Bool(true)), Ok(v)) => match (&oracle["result"], v) {
            (Value::Number(a), Value::Number(b)) => match (a.as_f64(), b.as_f64()) {
                (Some(x), Some(y)) => x == y || (x - y).abs() <= tol,
                _ => false,
            },
            (a, b) => a == b,
        },
        (Some(Value::Bool(false)), Err(_)) => true,
        _ => false,
    }
}

/// How one case compares with the oracle.
enum Judgement {
    /// Same answer.
    Agree,
    /// The oracle gave no answer (time-out, error): not counted.
    NoAnswer,
    /// A documented class of disagreement (the name of its rule in spec/expr.md).
    Explained(&'static str),
    /// Unexplained: fails the trial.
    Disagree(String),
}

/// The sample points of `latex-latex2sympy.jsonl` (tests/oracles/latex2sympy_oracle.py).
const LATEX_POINTS: [[(&str, f64); 4]; 3] = [
    [("x", 0.7), ("y", 1.3), ("r", 0.9), ("t", 1.1)],
    [("x", 1.9), ("y", 0.4), ("r", 1.7), ("t", 0.3)],
    [("x", 1.2), ("y", 2.1), ("r", 0.5), ("t", 1.6)],
];

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * a.abs().max(b.abs()).max(1.0)
}

/// Same value: numbers within 1e-9, complex values part by part, null for undefined.
fn same_value(theirs: &Value, ours: &Value) -> bool {
    let part = |v: &Value, k: &str| v.get(k).and_then(Value::as_f64);
    match (theirs, ours) {
        (Value::Null, Value::Null) => true,
        (Value::Number(a), Value::Number(b)) => close(
            a.as_f64().unwrap_or(f64::NAN),
            b.as_f64().unwrap_or(f64::NAN),
        ),
        (Value::Number(a), Value::Object(_)) | (Value::Object(_), Value::Number(a)) => {
            let z = if theirs.is_object() { theirs } else { ours };
            close(
                a.as_f64().unwrap_or(f64::NAN),
                part(z, "re").unwrap_or(f64::NAN),
            ) && part(z, "im").is_some_and(|im| im.abs() <= 1e-9)
        }
        (Value::Object(_), Value::Object(_)) => {
            let (a, b) = (theirs, ours);
            matches!((part(a, "re"), part(b, "re")), (Some(x), Some(y)) if close(x, y))
                && matches!((part(a, "im"), part(b, "im")), (Some(x), Some(y)) if close(x, y))
        }
        _ => false,
    }
}

/// Compares our verdict with SymPy's `simplify(a - b) == 0` (expr-sympy.jsonl).
fn judge_equivalence(case: &Value) -> Judgement {
    let theirs = &case["oracle"]["result"];
    let verdict = theirs["verdict"].as_str().unwrap_or("error");
    if !matches!(verdict, "equal" | "not_equal") {
        return Judgement::NoAnswer;
    }
    let ours = match scorespec::registry::call("expr.equivalent", &case["args"]) {
        Ok(v) => v,
        Err(e) => return Judgement::Disagree(format!("error {e}")),
    };
    let outcome = ours["outcome"].as_str().unwrap_or("?");
    match (verdict, outcome) {
        ("equal", "equal") | ("not_equal", "not_equal") => Judgement::Agree,
        // SymPy's own check at its three points agrees: an identity its
        // simplify does not prove, or one that needs positive symbols.
        ("not_equal", "equal") if theirs["numeric"] == true => {
            Judgement::Explained("EX-D1 sympy_unproven_identity")
        }
        // ∞ − ∞ is nan for SymPy, so oo never equals oo there.
        ("not_equal", "equal") if case["args"]["a"] == case["args"]["b"] => {
            Judgement::Explained("EX-D2 sympy_infinity")
        }
        (_, "unknown") => Judgement::Explained("EX-D3 unknown"),
        _ => Judgement::Disagree(format!(
            "sympy {verdict} ({}), ours {ours}",
            theirs["detail"]
        )),
    }
}

/// Compares the value of our parse of a LaTeX string with latex2sympy2_extended's
/// at three points (latex-latex2sympy.jsonl).
fn judge_latex(case: &Value) -> Judgement {
    let theirs = &case["oracle"]["result"];
    let text = case["args"]["text"].as_str().unwrap_or_default();
    let ours: Vec<Value> = LATEX_POINTS
        .iter()
        .map(|p| {
            let at: serde_json::Map<String, Value> = p
                .iter()
                .map(|(k, v)| (k.to_string(), Value::from(*v)))
                .collect();
            let args = serde_json::json!({"text": text, "format": "latex", "at": at});
            match scorespec::registry::call("expr.evaluate", &args) {
                Ok(v) => v,
                Err(e) if e.kind() == "undefined" => Value::Null,
                Err(e) => Value::String(e.kind().to_string()),
            }
        })
        .collect();
    let we_parse = !ours.iter().any(|v| v == "parse_error");
    if theirs["ok_parse"] != true {
        return if we_parse {
            Judgement::Explained("EX-D4 their_parse_failure")
        } else {
            Judgement::Agree
        };
    }
    if !we_parse {
        return Judgement::Disagree(format!("they parse {} and we do not", theirs["sympy"]));
    }
    let values = theirs["values"].as_array().cloned().unwrap_or_default();
    if values.len() == 3 && values.iter().zip(&ours).all(|(t, o)| same_value(t, o)) {
        return Judgement::Agree;
    }
    let sympy = theirs["sympy"].as_str().unwrap_or_default();
    if text.contains("\\log") && !text.contains("\\log_") && sympy.contains("log(") {
        return Judgement::Explained("EX-D5 their_log_base_10");
    }
    if text.contains("\\mathrm{e}") {
        return Judgement::Explained("EX-D6 their_mathrm_e_symbol");
    }
    // `\arctan r \cdot y`: they take the whole product as the argument of a
    // function written without parentheses; we stop at the explicit `\cdot`.
    let functions = [
        "\\sin", "\\cos", "\\tan", "\\arctan", "\\arcsin", "\\log", "\\ln", "\\exp",
    ];
    if text.contains("\\cdot") && functions.iter().any(|f| text.contains(f)) {
        return Judgement::Explained("EX-D8 their_function_argument_spans_cdot");
    }
    if text.contains('t') && !sympy.contains('t') {
        return Judgement::Explained("EX-D7 their_unit_t_dropped");
    }
    Judgement::Disagree(format!(
        "values: theirs {values:?} ({sympy}), ours {ours:?}"
    ))
}

fn check(name: &str, text: &str, known: &BTreeMap<String, Difference>) -> Result<(), Failed> {
    let mut lines = text.lines();
    let header: Value = serde_json::from_str(lines.next().ok_or("empty recording")?)
        .map_err(|e| format!("header: {e}"))?;
    let (mut total, mut agreed, mut explained) = (0usize, 0usize, 0usize);
    let mut no_answer = 0usize;
    let mut classes: BTreeMap<&'static str, usize> = BTreeMap::new();
    let mut failures = Vec::new();
    let mut seen_known = 0usize;
    for (n, line) in lines.enumerate() {
        let case: Value = serde_json::from_str(line).map_err(|e| format!("line {}: {e}", n + 2))?;
        let id = case["id"].as_str().ok_or("case without id")?;
        let f = case["fn"].as_str().ok_or("case without fn")?;
        let judgement = match f {
            "expr.equivalent" => judge_equivalence(&case),
            "expr.parse_latex" => judge_latex(&case),
            _ => {
                let ours = scorespec::registry::call(f, &case["args"]);
                if agree(&case["oracle"], &ours, number_tolerance(f)) {
                    Judgement::Agree
                } else {
                    Judgement::Disagree(match &ours {
                        Ok(v) => v.to_string(),
                        Err(e) => format!("error {} ({e})", e.kind()),
                    })
                }
            }
        };
        let ok = match judgement {
            Judgement::NoAnswer => {
                no_answer += 1;
                continue;
            }
            Judgement::Explained(class) => {
                *classes.entry(class).or_default() += 1;
                continue;
            }
            Judgement::Agree => true,
            Judgement::Disagree(why) => {
                if !known.contains_key(id) {
                    failures.push(format!(
                        "{id}: {f} {}\n    oracle: {}\n    ours:   {why}",
                        case["args"], case["oracle"]
                    ));
                    total += 1;
                    continue;
                }
                false
            }
        };
        total += 1;
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
            (false, None) => {}
        }
    }
    if seen_known != known.len() {
        failures.push(format!(
            "{} known differences name ids not in this recording",
            known.len() - seen_known
        ));
    }
    let classified: usize = classes.values().sum();
    let total = total + classified;
    println!(
        "    {name}: {agreed}/{total} agree ({:.2}%), {} documented differences; oracle {} {}",
        100.0 * agreed as f64 / total.max(1) as f64,
        explained + classified,
        header["oracle"].as_str().unwrap_or("?"),
        header["version"].as_str().unwrap_or("?"),
    );
    for (class, n) in &classes {
        println!("      {class}: {n}");
    }
    if no_answer > 0 {
        println!("      oracle gave no answer (time-out or error): {no_answer}");
    }
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
