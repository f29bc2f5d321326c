//! The conformance corpus: every `conformance/**/*.toml` case is one trial.
//!
//! A file names one registry function (`fn = "qa.f1"`) and holds `[[case]]`
//! tables. A case is named `family/file/id` (`cargo test --test conformance
//! -- qa/f1` filters). Loading fails, before any trial runs, on a TOML error,
//! an unknown field, an unknown `fn`, a duplicate id, a case without `source`,
//! or a case with neither or both of `expected` and `expected_error`.
//!
//! A case compares the function's JSON result with `expected` (numbers within
//! `tolerance` when given, else numerically equal; `compare = "subset"` for
//! the keys it names only), or its error kind with `expected_error`. A case
//! with `known_failure = "why"` passes while it fails and fails as soon as it
//! passes, so the list never goes stale. conformance/README.md documents
//! every field.

use std::collections::{BTreeMap, HashSet};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use libtest_mimic::{Arguments, Failed, Trial};
use serde::Deserialize;
use serde_json::Value;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CaseFile {
    #[serde(rename = "fn")]
    function: String,
    /// Free text describing the file.
    #[allow(dead_code)]
    doc: Option<String>,
    #[serde(rename = "case", default)]
    cases: Vec<Case>,
}

#[derive(Deserialize, Clone)]
#[serde(deny_unknown_fields)]
struct Case {
    id: String,
    source: String,
    args: toml::Table,
    expected: Option<toml::Value>,
    expected_error: Option<String>,
    tolerance: Option<f64>,
    erratum: Option<Erratum>,
    known_failure: Option<String>,
    /// How `expected` is compared with the result (default `exact`).
    #[serde(default)]
    compare: Compare,
    /// Free text: why the case is there.
    #[allow(dead_code)]
    note: Option<String>,
}

/// How a case's `expected` value is compared with the function's result
/// (conformance/README.md, field `compare`).
#[derive(Deserialize, Clone, Copy, Debug, Default, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
enum Compare {
    /// The whole value: objects have the same keys, arrays the same length.
    #[default]
    Exact,
    /// Only the keys an expected object names, at every depth (for results
    /// with fields a case does not pin, like a sample point in a reason).
    Subset,
}

#[derive(Deserialize, Clone)]
#[serde(deny_unknown_fields)]
struct Erratum {
    documented: toml::Value,
    why: String,
}

fn toml_files(dir: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    let mut entries: Vec<_> = std::fs::read_dir(dir)?.collect::<Result<_, _>>()?;
    entries.sort_by_key(|e| e.path());
    for e in entries {
        let p = e.path();
        if p.is_dir() {
            // Recorded oracle outputs are the differential harness's.
            if p.file_name().is_some_and(|n| n == "differential") {
                continue;
            }
            toml_files(&p, out)?;
        } else if p.extension().is_some_and(|x| x == "toml") {
            // `*-explained.toml` (conformance/math/math-verify-explained.toml) explains the
            // differential harness's disagreements: not a corpus file.
            if p.to_string_lossy().ends_with("-explained.toml") {
                continue;
            }
            out.push(p);
        }
    }
    Ok(())
}

fn to_json(v: &toml::Value) -> Result<Value, String> {
    serde_json::to_value(v).map_err(|e| e.to_string())
}

/// Numbers equal within `tol` (or exactly, as f64); everything else
/// structurally. With `subset`, an expected object may leave keys out.
fn same(expected: &Value, actual: &Value, tol: Option<f64>, subset: bool) -> bool {
    match (expected, actual) {
        (Value::Number(e), Value::Number(a)) => match (e.as_f64(), a.as_f64()) {
            (Some(e), Some(a)) => match tol {
                Some(t) => (e - a).abs() <= t,
                None => e == a,
            },
            _ => false,
        },
        (Value::Array(e), Value::Array(a)) => {
            e.len() == a.len() && e.iter().zip(a).all(|(e, a)| same(e, a, tol, subset))
        }
        (Value::Object(e), Value::Object(a)) => {
            (subset || e.len() == a.len())
                && e.iter()
                    .all(|(k, ev)| a.get(k).is_some_and(|av| same(ev, av, tol, subset)))
        }
        (e, a) => e == a,
    }
}

fn pretty(v: &Value) -> String {
    serde_json::to_string_pretty(v).unwrap_or_else(|_| v.to_string())
}

fn check(function: &str, case: &Case) -> Result<(), String> {
    let args = Value::Object(
        case.args
            .iter()
            .map(|(k, v)| to_json(v).map(|j| (k.clone(), j)))
            .collect::<Result<_, _>>()?,
    );
    let outcome = scorespec::registry::call(function, &args);
    let header = format!(
        "fn:     {function}\nsource: {}\nargs:   {}\n",
        case.source,
        serde_json::to_string(&args).unwrap_or_default()
    );
    match (&case.expected, &case.expected_error, outcome) {
        (Some(expected), None, Ok(actual)) => {
            let expected = to_json(expected)?;
            let subset = case.compare == Compare::Subset;
            if same(&expected, &actual, case.tolerance, subset) {
                return Ok(());
            }
            let (e, a) = (pretty(&expected), pretty(&actual));
            let mut msg = format!("{header}expected: {e}\nactual:   {a}\n");
            if let Some(t) = case.tolerance {
                msg.push_str(&format!("tolerance: {t}\n"));
            }
            if e.len() + a.len() > 80 {
                let diff = similar::TextDiff::from_lines(&e, &a);
                msg.push_str("diff (- expected, + actual):\n");
                msg.push_str(&diff.unified_diff().context_radius(3).to_string());
            }
            Err(msg)
        }
        (Some(expected), None, Err(e)) => Err(format!(
            "{header}expected: {}\nerror:    {} ({})",
            pretty(&to_json(expected)?),
            e,
            e.kind()
        )),
        (None, Some(kind), Err(e)) if e.kind() == kind => Ok(()),
        (None, Some(kind), Err(e)) => Err(format!(
            "{header}expected error kind: {kind}\nactual error:        {} ({e})",
            e.kind()
        )),
        (None, Some(kind), Ok(actual)) => Err(format!(
            "{header}expected error kind: {kind}\nactual result:       {}",
            pretty(&actual)
        )),
        _ => Err("a case needs exactly one of `expected` and `expected_error`".into()),
    }
}

/// How many `math.equal` / `math.grade` verdict cases pin `outcome` and
/// `rule`: renaming a rule or changing an outcome must fail the corpus.
#[derive(Default)]
struct VerdictPins {
    cases: usize,
    without_outcome: Vec<String>,
    without_rule: Vec<String>,
}

impl VerdictPins {
    /// The least share of verdict cases that pin `rule` (issue 12: 90 %).
    const MIN_RULE_SHARE: f64 = 0.9;

    fn count(&mut self, prefix: &str, case: &Case) {
        let Some(toml::Value::Table(expected)) = &case.expected else {
            return;
        };
        self.cases += 1;
        let name = format!("{prefix}/{}", case.id);
        if !expected.contains_key("outcome") {
            self.without_outcome.push(name.clone());
        }
        if !expected.contains_key("rule") {
            self.without_rule.push(name);
        }
    }

    fn check(&self) -> Result<(), String> {
        if !self.without_outcome.is_empty() {
            return Err(format!(
                "math verdict cases without `outcome`: {}",
                self.without_outcome.join(", ")
            ));
        }
        let pinned = self.cases - self.without_rule.len();
        if (pinned as f64) < Self::MIN_RULE_SHARE * self.cases as f64 {
            return Err(format!(
                "only {pinned} of {} math verdict cases pin `rule` (at least {} % must); without: {}",
                self.cases,
                Self::MIN_RULE_SHARE * 100.0,
                self.without_rule.join(", ")
            ));
        }
        Ok(())
    }
}

fn load(root: &Path) -> Result<Vec<Trial>, Vec<String>> {
    let mut files = Vec::new();
    if let Err(e) = toml_files(root, &mut files) {
        return Err(vec![format!("{}: {e}", root.display())]);
    }
    let mut problems = Vec::new();
    let mut trials = Vec::new();
    let mut per_fn: BTreeMap<String, usize> = BTreeMap::new();
    let mut verdicts = VerdictPins::default();
    for path in files {
        let rel = path.strip_prefix(root).unwrap_or(&path).with_extension("");
        let prefix = rel.to_string_lossy().replace('\\', "/");
        let text = match std::fs::read_to_string(&path) {
            Ok(t) => t,
            Err(e) => {
                problems.push(format!("{}: {e}", path.display()));
                continue;
            }
        };
        let file: CaseFile = match toml::from_str(&text) {
            Ok(f) => f,
            Err(e) => {
                problems.push(format!("{}: {e}", path.display()));
                continue;
            }
        };
        if scorespec::registry::lookup(&file.function).is_none() {
            problems.push(format!(
                "{}: unknown fn {:?}",
                path.display(),
                file.function
            ));
            continue;
        }
        if file.cases.is_empty() {
            problems.push(format!("{}: no [[case]]", path.display()));
        }
        let mut ids = HashSet::new();
        for case in file.cases {
            if !ids.insert(case.id.clone()) {
                problems.push(format!(
                    "{}: duplicate case id {:?}",
                    path.display(),
                    case.id
                ));
                continue;
            }
            if case.source.trim().is_empty() {
                problems.push(format!(
                    "{}: case {:?} has an empty source",
                    path.display(),
                    case.id
                ));
            }
            if case.expected.is_some() == case.expected_error.is_some() {
                problems.push(format!(
                    "{}: case {:?} needs exactly one of expected / expected_error",
                    path.display(),
                    case.id
                ));
            }
            if let Some(Erratum { documented, why }) = &case.erratum {
                if why.trim().is_empty() || to_json(documented).is_err() {
                    problems.push(format!(
                        "{}: case {:?}: incomplete erratum",
                        path.display(),
                        case.id
                    ));
                }
            }
            if matches!(file.function.as_str(), "math.equal" | "math.grade") {
                verdicts.count(&prefix, &case);
            }
            *per_fn.entry(file.function.clone()).or_default() += 1;
            let function = file.function.clone();
            let name = format!("{prefix}/{}", case.id);
            trials.push(Trial::test(name, move || {
                let result = check(&function, &case);
                match (&case.known_failure, result) {
                    (None, Ok(())) => Ok(()),
                    (None, Err(msg)) => Err(Failed::from(msg)),
                    (Some(_), Err(_)) => Ok(()),
                    (Some(why), Ok(())) => Err(Failed::from(format!(
                        "marked known_failure ({why}) but passes now: remove the mark"
                    ))),
                }
            }));
        }
    }
    trials.push(Trial::test(
        "corpus/math-verdicts-pin-outcome-and-rule",
        move || verdicts.check().map_err(Failed::from),
    ));
    if problems.is_empty() {
        Ok(trials)
    } else {
        Err(problems)
    }
}

fn main() -> ExitCode {
    let args = Arguments::from_args();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("conformance");
    match load(&root) {
        Ok(trials) => libtest_mimic::run(&args, trials).exit_code(),
        Err(problems) => {
            eprintln!("conformance corpus failed to load:");
            for p in problems {
                eprintln!("  {p}");
            }
            ExitCode::FAILURE
        }
    }
}
