//! The conformance corpus as library code: loading `conformance/**/*.toml`,
//! comparing a result with a case, and exporting the cases as JSON lines.
//!
//! A corpus file names one registry function (`fn = "qa.f1"`) and holds
//! `[[case]]` tables (conformance/README.md documents every field). Both the
//! test harness (`tests/conformance.rs`, one trial per case) and the CLI
//! (`scorespec corpus export`, `scorespec conformance`) use this module, so a
//! case means the same thing to both.
//!
//! ```
//! let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("conformance");
//! let corpus = scorespec::corpus::load(&dir).unwrap();
//! let f1 = corpus.files.iter().find(|f| f.name == "qa/f1").unwrap();
//! let case = f1.cases.iter().find(|c| c.id == "paris-sentence").unwrap();
//! let actual = scorespec::registry::call(&f1.function, &serde_json::Value::Object(case.args.clone()));
//! assert!(scorespec::corpus::check(&f1.function, case, &scorespec::corpus::Answer::from(actual)).is_ok());
//! ```
//!
//! # Differences with the document
//!
//! None: the corpus format is scorespec's own (DESIGN.md, "Conformance corpus").

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::error::CallError;

/// The corpus directory of this source tree (`CARGO_MANIFEST_DIR/conformance`),
/// fixed at build time: the default of `scorespec corpus export --dir`.
pub const DEFAULT_DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/conformance");

/// Every corpus file, in path order.
#[derive(Debug, Clone)]
pub struct Corpus {
    /// The files, sorted by path; cases keep their file order.
    pub files: Vec<CaseFile>,
}

/// One corpus file: the function its cases call and the cases.
#[derive(Debug, Clone)]
pub struct CaseFile {
    /// The file's path relative to the corpus directory, without `.toml`
    /// (`qa/f1`): the prefix of its cases' full ids.
    pub name: String,
    /// The file's path on disk.
    pub path: PathBuf,
    /// The registry id every case calls (`qa.f1`).
    pub function: String,
    /// Free text describing the file.
    pub doc: Option<String>,
    /// The cases, in file order.
    pub cases: Vec<Case>,
}

/// One case (conformance/README.md, "Case"), its TOML values converted to JSON.
#[derive(Debug, Clone)]
pub struct Case {
    /// The case's name, unique in its file.
    pub id: String,
    /// Where the case comes from.
    pub source: String,
    /// The named arguments, as the JSONL protocol takes them.
    pub args: Map<String, Value>,
    /// The expected result (exactly one of `expected` and `expected_error`).
    pub expected: Option<Value>,
    /// The expected error kind.
    pub expected_error: Option<String>,
    /// Absolute tolerance of every number of `expected`.
    pub tolerance: Option<f64>,
    /// How `expected` is compared.
    pub compare: Compare,
    /// The document's wrong value and why.
    pub erratum: Option<Erratum>,
    /// Why the case fails today.
    pub known_failure: Option<String>,
    /// Free text.
    pub note: Option<String>,
}

/// How a case's `expected` value is compared with the function's result
/// (conformance/README.md, field `compare`).
#[derive(Deserialize, Serialize, Clone, Copy, Debug, Default, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Compare {
    /// The whole value: objects have the same keys, arrays the same length.
    #[default]
    Exact,
    /// Only the keys an expected object names, at every depth (for results
    /// with fields a case does not pin, like a sample point in a reason).
    Subset,
}

impl Compare {
    /// The name used in corpus files and the export (`exact`, `subset`).
    pub fn as_str(self) -> &'static str {
        match self {
            Compare::Exact => "exact",
            Compare::Subset => "subset",
        }
    }
}

/// A document example that contradicts its own algorithm.
#[derive(Debug, Clone, Serialize)]
pub struct Erratum {
    /// The value the document states.
    pub documented: Value,
    /// The computation that shows the true value.
    pub why: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    #[serde(rename = "fn")]
    function: String,
    doc: Option<String>,
    #[serde(rename = "case", default)]
    cases: Vec<RawCase>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCase {
    id: String,
    source: String,
    args: toml::Table,
    expected: Option<toml::Value>,
    expected_error: Option<String>,
    tolerance: Option<f64>,
    erratum: Option<RawErratum>,
    known_failure: Option<String>,
    #[serde(default)]
    compare: Compare,
    note: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawErratum {
    documented: toml::Value,
    why: String,
}

fn toml_files(dir: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    let mut entries: Vec<_> = std::fs::read_dir(dir)?.collect::<Result<_, _>>()?;
    entries.sort_by_key(|e| e.path());
    for e in entries {
        let p = e.path();
        if p.is_dir() {
            // Recorded oracle outputs are the differential harness's; known
            // differences of other implementations are `scorespec conformance`'s.
            if p.file_name()
                .is_some_and(|n| n == "differential" || n == "known")
            {
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

/// Loads every corpus file under `root`; on failure, every problem found,
/// each naming its file (a TOML error, an unknown field or `fn`, a file
/// without cases, a duplicate id, a blank source, a case with both or neither
/// of `expected` / `expected_error`, an incomplete erratum).
pub fn load(root: &Path) -> Result<Corpus, Vec<String>> {
    let mut paths = Vec::new();
    if let Err(e) = toml_files(root, &mut paths) {
        return Err(vec![format!("{}: {e}", root.display())]);
    }
    let mut problems = Vec::new();
    let mut files = Vec::new();
    for path in paths {
        let rel = path.strip_prefix(root).unwrap_or(&path).with_extension("");
        let name = rel.to_string_lossy().replace('\\', "/");
        let text = match std::fs::read_to_string(&path) {
            Ok(t) => t,
            Err(e) => {
                problems.push(format!("{}: {e}", path.display()));
                continue;
            }
        };
        let raw: RawFile = match toml::from_str(&text) {
            Ok(f) => f,
            Err(e) => {
                problems.push(format!("{}: {e}", path.display()));
                continue;
            }
        };
        if crate::registry::lookup(&raw.function).is_none() {
            problems.push(format!("{}: unknown fn {:?}", path.display(), raw.function));
            continue;
        }
        if raw.cases.is_empty() {
            problems.push(format!("{}: no [[case]]", path.display()));
        }
        let mut ids = HashSet::new();
        let mut cases = Vec::new();
        for c in raw.cases {
            let at = |what: &str| format!("{}: case {:?} {what}", path.display(), c.id);
            if !ids.insert(c.id.clone()) {
                problems.push(format!("{}: duplicate case id {:?}", path.display(), c.id));
                continue;
            }
            if c.source.trim().is_empty() {
                problems.push(at("has an empty source"));
            }
            if c.expected.is_some() == c.expected_error.is_some() {
                problems.push(at("needs exactly one of expected / expected_error"));
            }
            let erratum = match c.erratum {
                Some(RawErratum { documented, why }) => match to_json(&documented) {
                    Ok(documented) if !why.trim().is_empty() => Some(Erratum { documented, why }),
                    _ => {
                        problems.push(at("has an incomplete erratum"));
                        None
                    }
                },
                None => None,
            };
            let args = serde_json::to_value(&c.args);
            let expected = c.expected.as_ref().map(to_json).transpose();
            let (Ok(Value::Object(args)), Ok(expected)) = (args, expected) else {
                problems.push(at("does not convert to JSON"));
                continue;
            };
            cases.push(Case {
                id: c.id,
                source: c.source,
                args,
                expected,
                expected_error: c.expected_error,
                tolerance: c.tolerance,
                compare: c.compare,
                erratum,
                known_failure: c.known_failure,
                note: c.note,
            });
        }
        files.push(CaseFile {
            name,
            path,
            function: raw.function,
            doc: raw.doc,
            cases,
        });
    }
    if problems.is_empty() {
        Ok(Corpus { files })
    } else {
        Err(problems)
    }
}

impl Corpus {
    /// Every case with its file, in the stable order of the export (files by
    /// path, cases in file order).
    pub fn cases(&self) -> impl Iterator<Item = (&CaseFile, &Case)> {
        self.files
            .iter()
            .flat_map(|f| f.cases.iter().map(move |c| (f, c)))
    }
}

impl CaseFile {
    /// The family of the file's function (`qa` for `qa.f1`).
    pub fn family(&self) -> &str {
        self.function.split('.').next().unwrap_or_default()
    }

    /// The full id of one of its cases: `FILE/ID` (`qa/f1/paris-sentence`).
    pub fn full_id(&self, case: &Case) -> String {
        format!("{}/{}", self.name, case.id)
    }
}

/// Numbers equal within `tol` (or exactly, as f64); everything else
/// structurally. With `subset`, an expected object may leave keys out.
///
/// ```
/// use serde_json::json;
/// use scorespec::corpus::same;
/// assert!(same(&json!(1), &json!(1.0), None, false));
/// assert!(same(&json!({"a": 0.5}), &json!({"a": 0.5000001, "b": 2}), Some(1e-6), true));
/// assert!(!same(&json!({"a": 0.5}), &json!({"a": 0.5, "b": 2}), None, false));
/// ```
pub fn same(expected: &Value, actual: &Value, tol: Option<f64>, subset: bool) -> bool {
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

/// What an implementation answered to one call: a result, or an error with
/// its kind (the JSONL protocol's `{"ok": false, "error": {"kind", "message"}}`).
#[derive(Debug, Clone, PartialEq)]
pub enum Answer {
    /// `{"ok": true, "result": …}`.
    Ok(Value),
    /// `{"ok": false, "error": {"kind", "message"}}`.
    Err {
        /// The error kind (`parse_error`, …).
        kind: String,
        /// The message (not compared).
        message: String,
    },
}

impl From<Result<Value, CallError>> for Answer {
    fn from(r: Result<Value, CallError>) -> Self {
        match r {
            Ok(v) => Answer::Ok(v),
            Err(e) => Answer::Err {
                kind: e.kind().to_string(),
                message: e.to_string(),
            },
        }
    }
}

/// Pretty JSON for messages.
pub fn pretty(v: &Value) -> String {
    serde_json::to_string_pretty(v).unwrap_or_else(|_| v.to_string())
}

/// Whether `answer` is what `case` expects; if not, a readable message: the
/// function, source and arguments, expected and actual, and a `similar` line
/// diff of the two for long values.
pub fn check(function: &str, case: &Case, answer: &Answer) -> Result<(), String> {
    let args = Value::Object(case.args.clone());
    let header = format!(
        "fn:     {function}\nsource: {}\nargs:   {}\n",
        case.source,
        serde_json::to_string(&args).unwrap_or_default()
    );
    match (&case.expected, &case.expected_error, answer) {
        (Some(expected), None, Answer::Ok(actual)) => {
            if same(
                expected,
                actual,
                case.tolerance,
                case.compare == Compare::Subset,
            ) {
                return Ok(());
            }
            let (e, a) = (pretty(expected), pretty(actual));
            let mut msg = format!("{header}expected: {e}\nactual:   {a}\n");
            if let Some(t) = case.tolerance {
                msg.push_str(&format!("tolerance: {t}\n"));
            }
            if case.compare == Compare::Subset {
                msg.push_str("compare: subset (only the keys expected names)\n");
            }
            if e.len() + a.len() > 80 {
                let diff = similar::TextDiff::from_lines(&e, &a);
                msg.push_str("diff (- expected, + actual):\n");
                msg.push_str(&diff.unified_diff().context_radius(3).to_string());
            }
            Err(msg)
        }
        (Some(expected), None, Answer::Err { kind, message }) => Err(format!(
            "{header}expected: {}\nerror:    {message} ({kind})",
            pretty(expected),
        )),
        (None, Some(kind), Answer::Err { kind: actual, .. }) if actual == kind => Ok(()),
        (
            None,
            Some(kind),
            Answer::Err {
                kind: actual,
                message,
            },
        ) => Err(format!(
            "{header}expected error kind: {kind}\nactual error:        {actual} ({message})"
        )),
        (None, Some(kind), Answer::Ok(actual)) => Err(format!(
            "{header}expected error kind: {kind}\nactual result:       {}",
            pretty(actual)
        )),
        _ => Err("a case needs exactly one of `expected` and `expected_error`".into()),
    }
}

/// The export's header line (conformance/README.md, "Export"): the format
/// version, scorespec's version, how many cases follow and the spec pages
/// their functions are defined in.
pub fn export_header(corpus: &Corpus, family: Option<&str>) -> Value {
    let selected: Vec<_> = corpus
        .cases()
        .filter(|(f, _)| family.is_none_or(|fam| f.family() == fam))
        .collect();
    let mut pages: Vec<&str> = selected
        .iter()
        .filter_map(|(f, _)| crate::registry::lookup(&f.function))
        .map(|s| s.spec.split('#').next().unwrap_or(s.spec))
        .collect();
    pages.sort_unstable();
    pages.dedup();
    serde_json::json!({
        "scorespec_corpus": 1,
        "scorespec_version": env!("CARGO_PKG_VERSION"),
        "cases": selected.len(),
        "family": family,
        "spec_pages": pages,
        "documents": "the five design documents of ../shared/seeds/, cited by each case's source",
    })
}

/// One export line of a case (conformance/README.md, "Export").
pub fn export_case(file: &CaseFile, case: &Case) -> Value {
    let mut m = Map::new();
    m.insert("id".into(), file.full_id(case).into());
    m.insert("fn".into(), file.function.clone().into());
    m.insert("args".into(), Value::Object(case.args.clone()));
    m.insert(
        "expected".into(),
        case.expected.clone().unwrap_or(Value::Null),
    );
    m.insert(
        "expected_error".into(),
        case.expected_error.clone().map_or(Value::Null, Value::from),
    );
    m.insert("compare".into(), case.compare.as_str().into());
    m.insert(
        "tolerance".into(),
        case.tolerance.map_or(Value::Null, Value::from),
    );
    m.insert("source".into(), case.source.clone().into());
    if let Some(spec) = crate::registry::lookup(&file.function) {
        m.insert("spec".into(), spec.spec.into());
    }
    if let Some(e) = &case.erratum {
        m.insert(
            "erratum".into(),
            serde_json::json!({"documented": e.documented, "why": e.why}),
        );
    }
    if let Some(k) = &case.known_failure {
        m.insert("known_failure".into(), k.clone().into());
    }
    if let Some(n) = &case.note {
        m.insert("note".into(), n.clone().into());
    }
    Value::Object(m)
}
