//! The native part of the `scorespec` Python package (`scorespec._native`).
//!
//! Every entry point converts its Python arguments to the core's typed
//! arguments (a wrong type is a `TypeError`, a value out of range a
//! `ValueError`), releases the GIL for the work, and catches a panic of the
//! core so that it never reaches Python as PyO3's `PanicException` (a
//! `BaseException`): a single call reports it as an `internal_error` verdict,
//! a batch marks only that item. Batches run on the package's own thread
//! pool, rebuilt in a process whose id differs from the one that built it
//! (a `fork`ed child), never on rayon's global pool. The policy around it
//! (thread count, integrations) is the Python code in `python/scorespec/`.

use std::borrow::Cow;
use std::collections::HashMap;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::{Arc, Mutex};

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedStr;
use pyo3::types::{PyBool, PyDict, PyFloat, PyInt, PyList, PyString, PyTuple};
use pyo3::{IntoPyObjectExt, intern};
use rayon::prelude::*;
use serde_json::{Map, Value};

use scorespec::eval::math::{explain as explain_text, graded_json};
use scorespec::score::math::equal::{EqualOptions, Verdict as EqVerdict};
use scorespec::score::math::extract::{Located, extract_answer as core_extract};
use scorespec::score::math::grade::{GradeOptions, Graded, MAX_MAJORITY_ANSWERS, grade_any};

// ---------------------------------------------------------------- panics

/// Runs `f`, turning a panic into its message.
fn guard<T>(f: impl FnOnce() -> T) -> Result<T, String> {
    catch_unwind(AssertUnwindSafe(f)).map_err(|p| {
        p.downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| p.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "panic".to_string())
    })
}

/// A panic in a call that returns no verdict: a `RuntimeError` (an
/// `Exception`), never PyO3's `PanicException`.
fn internal(msg: String) -> PyErr {
    pyo3::exceptions::PyRuntimeError::new_err(format!(
        "scorespec internal error (a bug: please report it): {msg}"
    ))
}

// ---------------------------------------------------------------- thread pool

type Pools = Option<(u32, HashMap<usize, Arc<rayon::ThreadPool>>)>;
static POOLS: Mutex<Pools> = Mutex::new(None);

/// The package's pool of `n` threads for this process; `None` when one
/// cannot be built (the work then runs inline).
fn pool(n: usize) -> Option<Arc<rayon::ThreadPool>> {
    let pid = std::process::id();
    let mut guard = POOLS.lock().unwrap_or_else(|e| e.into_inner());
    if guard.as_ref().is_none_or(|(p, _)| *p != pid) {
        // A forked child: the parent's worker threads do not exist here.
        // Dropping their pools would signal threads that are gone: forget them.
        if let Some(old) = guard.take() {
            std::mem::forget(old);
        }
        *guard = Some((pid, HashMap::new()));
    }
    let (_, pools) = guard.as_mut()?;
    if let Some(p) = pools.get(&n) {
        return Some(p.clone());
    }
    let p = Arc::new(
        rayon::ThreadPoolBuilder::new()
            .num_threads(n)
            .thread_name(|i| format!("scorespec-{i}"))
            .build()
            .ok()?,
    );
    pools.insert(n, p.clone());
    Some(p)
}

/// Maps `f` over `items` on `threads` threads (inline for one), each item
/// guarded against panics; order kept.
fn par_map<T: Sync, R: Send>(
    items: &[T],
    threads: usize,
    f: impl Fn(&T) -> R + Sync,
) -> Vec<Result<R, String>> {
    let one = |x: &T| guard(|| f(x));
    if threads <= 1 || items.len() <= 1 {
        return items.iter().map(one).collect();
    }
    match pool(threads) {
        Some(p) => p.install(|| items.par_iter().map(one).collect()),
        None => items.iter().map(one).collect(),
    }
}

/// Runs `f` inside the package's pool (so that nothing the core runs in
/// parallel touches rayon's global pool, which a forked child cannot use).
fn in_pool<R: Send>(threads: usize, f: impl FnOnce() -> R + Send) -> R {
    match pool(threads.max(1)) {
        Some(p) => p.install(f),
        None => f(),
    }
}

// ---------------------------------------------------------------- options

fn type_name(v: &Bound<'_, PyAny>) -> String {
    v.get_type()
        .name()
        .map(|n| n.to_string())
        .unwrap_or_else(|_| "?".into())
}

fn opt_bool(name: &str, v: &Bound<'_, PyAny>) -> PyResult<bool> {
    if v.is_instance_of::<PyBool>() {
        v.extract()
    } else {
        Err(PyTypeError::new_err(format!(
            "option {name} must be a bool, not {}",
            type_name(v)
        )))
    }
}

fn opt_tolerance(name: &str, v: &Bound<'_, PyAny>) -> PyResult<f64> {
    if v.is_instance_of::<PyBool>()
        || !(v.is_instance_of::<PyFloat>() || v.is_instance_of::<PyInt>())
    {
        return Err(PyTypeError::new_err(format!(
            "option {name} must be a number, not {}",
            type_name(v)
        )));
    }
    let t: f64 = v.extract()?;
    if t.is_finite() && t >= 0.0 {
        Ok(t)
    } else {
        Err(PyValueError::new_err(format!(
            "option {name} must be a finite number >= 0, got {t}"
        )))
    }
}

const EQUAL_OPTIONS: &[&str] = &[
    "rel_tol",
    "abs_tol",
    "abs_tol_everywhere",
    "include_percentage",
    "percent_rel_tol",
    "compare_sets",
    "ascii_only",
    "degrees_as_radians",
    "relation_for_interval",
    "decimal_rounding",
    "repeating_decimals",
];

/// Sets one option of `math.equal`; `false` when `name` is not one.
fn set_equal_option(o: &mut EqualOptions, name: &str, v: &Bound<'_, PyAny>) -> PyResult<bool> {
    match name {
        "rel_tol" => o.rel_tol = opt_tolerance(name, v)?,
        // A given abs_tol applies to every pair, as in the registry
        // (spec/math.md ME-12); the default one near zero only.
        "abs_tol" => {
            o.abs_tol = opt_tolerance(name, v)?;
            o.abs_tol_everywhere = true;
        }
        "abs_tol_everywhere" => o.abs_tol_everywhere |= opt_bool(name, v)?,
        "decimal_rounding" => o.decimal_rounding = opt_bool(name, v)?,
        "repeating_decimals" => o.repeating_decimals = opt_bool(name, v)?,
        "percent_rel_tol" => o.percent_rel_tol = opt_tolerance(name, v)?,
        "include_percentage" => o.include_percentage = opt_bool(name, v)?,
        "compare_sets" => o.compare_sets = opt_bool(name, v)?,
        "ascii_only" => o.ascii_only = opt_bool(name, v)?,
        "degrees_as_radians" => o.degrees_as_radians = opt_bool(name, v)?,
        "relation_for_interval" => o.relation_for_interval = opt_bool(name, v)?,
        _ => return Ok(false),
    }
    Ok(true)
}

fn unknown_option(func: &str, name: &str, known: &[&str]) -> PyErr {
    PyTypeError::new_err(format!(
        "{func}() got an unexpected keyword argument '{name}' (options: {})",
        known.join(", ")
    ))
}

fn key(k: &Bound<'_, PyAny>) -> PyResult<String> {
    k.extract::<String>()
        .map_err(|_| PyTypeError::new_err("option names must be strings"))
}

fn equal_options(func: &str, kw: Option<&Bound<'_, PyDict>>) -> PyResult<EqualOptions> {
    let mut o = EqualOptions::default();
    if let Some(kw) = kw {
        for (k, v) in kw.iter() {
            let k = key(&k)?;
            if !set_equal_option(&mut o, &k, &v)? {
                return Err(unknown_option(func, &k, EQUAL_OPTIONS));
            }
        }
    }
    Ok(o)
}

fn grade_options(func: &str, kw: Option<&Bound<'_, PyDict>>) -> PyResult<GradeOptions> {
    let mut o = GradeOptions::default();
    if let Some(kw) = kw {
        for (k, v) in kw.iter() {
            let k = key(&k)?;
            match k.as_str() {
                "strict" => o.strict = opt_bool(&k, &v)?,
                "formulas_only" => o.formulas_only = opt_bool(&k, &v)?,
                _ => {
                    if !set_equal_option(&mut o.equal, &k, &v)? {
                        let mut known = vec!["strict", "formulas_only"];
                        known.extend_from_slice(EQUAL_OPTIONS);
                        return Err(unknown_option(func, &k, &known));
                    }
                }
            }
        }
    }
    Ok(o)
}

// ---------------------------------------------------------------- arguments

/// The UTF-8 text of a `str`, each lone surrogate (which Python allows and
/// UTF-8 cannot hold) read as one U+FFFD: Python encodes a surrogate with
/// `surrogatepass` as three bytes, and each such run becomes one character
/// (PyO3's `to_string_lossy` makes three, which would shift every later
/// code-point span).
fn lossy(s: &Bound<'_, PyString>) -> String {
    if let Ok(t) = s.to_str() {
        return t.to_owned();
    }
    let bytes: Vec<u8> = match s
        .call_method1("encode", ("utf-8", "surrogatepass"))
        .and_then(|b| b.extract())
    {
        Ok(b) => b,
        Err(_) => return s.to_string_lossy().into_owned(),
    };
    let mut out = String::with_capacity(bytes.len());
    let mut rest = &bytes[..];
    loop {
        match std::str::from_utf8(rest) {
            Ok(t) => {
                out.push_str(t);
                return out;
            }
            Err(e) => {
                let (ok, bad) = rest.split_at(e.valid_up_to());
                out.push_str(std::str::from_utf8(ok).unwrap_or_default());
                out.push('\u{FFFD}');
                rest = bad.get(3..).unwrap_or_default();
            }
        }
    }
}

/// A text argument: a `str`, read as UTF-8; a lone surrogate (a `str`
/// Python allows but UTF-8 cannot hold) reads as U+FFFD, one code point for
/// one, so content never raises and code-point spans stay those of the
/// `str` (spec/python.md PY-5).
fn text(what: &str, v: &Bound<'_, PyAny>) -> PyResult<String> {
    match v.cast::<PyString>() {
        Ok(s) => Ok(lossy(s)),
        Err(_) => Err(PyTypeError::new_err(format!(
            "{what} must be a str, not {}",
            type_name(v)
        ))),
    }
}

/// A response's text for a batch: where the Python `str` holds it
/// (`PyBackedStr`, readable with the GIL released: a batch of long responses
/// is not copied first — with 100 kB rows the copies cost three times the
/// grading), or, for a `str` without a UTF-8 form (a lone surrogate), a copy
/// as [`text`] reads it.
enum Text {
    Backed(PyBackedStr),
    Owned(String),
}

impl std::ops::Deref for Text {
    type Target = str;
    fn deref(&self) -> &str {
        match self {
            Text::Backed(s) => s,
            Text::Owned(s) => s,
        }
    }
}

/// [`text`] without a copy when the `str` has a UTF-8 form ([`Text`]).
fn text_backed(what: &str, v: &Bound<'_, PyAny>) -> PyResult<Text> {
    match v.cast::<PyString>() {
        Ok(s) => Ok(match PyBackedStr::try_from(s.clone()) {
            Ok(b) => Text::Backed(b),
            Err(_) => Text::Owned(lossy(s)),
        }),
        Err(_) => Err(PyTypeError::new_err(format!(
            "{what} must be a str, not {}",
            type_name(v)
        ))),
    }
}

/// A gold answer: a string or a non-empty list (or tuple) of strings.
fn golds(what: &str, v: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
    if let Ok(s) = v.cast::<PyString>() {
        return Ok(vec![lossy(s)]);
    }
    if v.is_instance_of::<PyList>() || v.is_instance_of::<PyTuple>() {
        let items: Vec<Bound<'_, PyAny>> = v.try_iter()?.collect::<PyResult<_>>()?;
        if items.is_empty() {
            return Err(PyValueError::new_err(format!(
                "{what} is an empty list: give at least one acceptable answer"
            )));
        }
        return items
            .iter()
            .map(|i| text(&format!("an item of {what}"), i))
            .collect();
    }
    Err(PyTypeError::new_err(format!(
        "{what} must be a str or a list of str, not {}",
        type_name(v)
    )))
}

fn sequence<'py>(what: &str, v: &Bound<'py, PyAny>) -> PyResult<Vec<Bound<'py, PyAny>>> {
    if v.is_instance_of::<PyString>() {
        return Err(PyTypeError::new_err(format!(
            "{what} must be a list of items, not a single str"
        )));
    }
    if !(v.is_instance_of::<PyList>() || v.is_instance_of::<PyTuple>()) {
        return Err(PyTypeError::new_err(format!(
            "{what} must be a list or tuple, not {}",
            type_name(v)
        )));
    }
    v.try_iter()?.collect()
}

// ---------------------------------------------------------------- JSON at the edge

fn to_py<'py>(py: Python<'py>, v: &Value) -> PyResult<Bound<'py, PyAny>> {
    Ok(match v {
        Value::Null => py.None().into_bound(py),
        Value::Bool(b) => b.into_bound_py_any(py)?,
        Value::Number(n) => match (n.as_i64(), n.as_u64(), n.as_f64()) {
            (Some(i), _, _) => i.into_bound_py_any(py)?,
            (_, Some(u), _) => u.into_bound_py_any(py)?,
            (_, _, Some(f)) => f.into_bound_py_any(py)?,
            _ => py.None().into_bound(py),
        },
        Value::String(s) => PyString::new(py, s).into_any(),
        Value::Array(a) => PyList::new(
            py,
            a.iter()
                .map(|x| to_py(py, x))
                .collect::<PyResult<Vec<_>>>()?,
        )?
        .into_any(),
        Value::Object(m) => {
            let d = PyDict::new(py);
            for (k, x) in m {
                d.set_item(k, to_py(py, x)?)?;
            }
            d.into_any()
        }
    })
}

fn to_json(v: &Bound<'_, PyAny>, depth: usize) -> PyResult<Value> {
    if depth > 64 {
        return Err(PyValueError::new_err(
            "argument nested more than 64 levels deep",
        ));
    }
    if v.is_none() {
        return Ok(Value::Null);
    }
    if v.is_instance_of::<PyBool>() {
        return Ok(Value::Bool(v.extract()?));
    }
    if v.is_instance_of::<PyInt>() {
        if let Ok(i) = v.extract::<i64>() {
            return Ok(Value::from(i));
        }
        if let Ok(u) = v.extract::<u64>() {
            return Ok(Value::from(u));
        }
        return Err(PyValueError::new_err(
            "integer argument out of the 64-bit range",
        ));
    }
    if v.is_instance_of::<PyFloat>() {
        let f: f64 = v.extract()?;
        return serde_json::Number::from_f64(f)
            .map(Value::Number)
            .ok_or_else(|| PyValueError::new_err(format!("number argument {f} is not finite")));
    }
    if let Ok(s) = v.cast::<PyString>() {
        return Ok(Value::String(lossy(s)));
    }
    if v.is_instance_of::<PyList>() || v.is_instance_of::<PyTuple>() {
        return v
            .try_iter()?
            .map(|x| to_json(&x?, depth + 1))
            .collect::<PyResult<Vec<_>>>()
            .map(Value::Array);
    }
    if let Ok(d) = v.cast::<PyDict>() {
        let mut m = Map::new();
        for (k, x) in d.iter() {
            let k = k
                .extract::<String>()
                .map_err(|_| PyTypeError::new_err("dict keys of an argument must be str"))?;
            m.insert(k, to_json(&x, depth + 1)?);
        }
        return Ok(Value::Object(m));
    }
    Err(PyTypeError::new_err(format!(
        "argument of type {} is not a JSON value (None, bool, int, float, str, list, dict)",
        type_name(v)
    )))
}

// ---------------------------------------------------------------- result objects

/// The code-point offset of byte offset `b` of `s` (clamped).
fn cp(s: &str, b: usize) -> usize {
    let mut b = b.min(s.len());
    while !s.is_char_boundary(b) {
        b -= 1;
    }
    s[..b].chars().count()
}

fn cp_span(s: &str, span: (usize, usize)) -> (usize, usize) {
    let start = cp(s, span.0);
    (
        start,
        start + cp(&s[span.0.min(s.len())..], span.1.saturating_sub(span.0)),
    )
}

/// An answer found in a text.
#[pyclass(frozen, module = "scorespec._native", name = "Extracted")]
struct Extracted {
    answer: String,
    span: (usize, usize),
    byte_span: (usize, usize),
    how: Cow<'static, str>,
    normalized: Option<String>,
}

#[pymethods]
impl Extracted {
    #[new]
    #[pyo3(signature = (answer, span, byte_span, how, normalized=None))]
    fn new(
        answer: String,
        span: (usize, usize),
        byte_span: (usize, usize),
        how: String,
        normalized: Option<String>,
    ) -> Self {
        Extracted {
            answer,
            span,
            byte_span,
            how: Cow::Owned(how),
            normalized,
        }
    }
    /// The answer as written (a slice of the text: `text[span[0]:span[1]]`).
    #[getter]
    fn answer(&self) -> &str {
        &self.answer
    }
    /// Its `[start, end)` range in the text, in code points (Python `str` indices).
    #[getter]
    fn span(&self) -> (usize, usize) {
        self.span
    }
    /// Its `[start, end)` range in the UTF-8 bytes of the text (as the CLI's JSON).
    #[getter]
    fn byte_span(&self) -> (usize, usize) {
        self.byte_span
    }
    /// The rule that found it (`boxed`, `answer_phrase`, `whole_text`, …).
    #[getter]
    fn how(&self) -> &str {
        &self.how
    }
    /// The normalized answer (`extract_answer` only; `None` in a verdict).
    #[getter]
    fn normalized(&self) -> Option<&str> {
        self.normalized.as_deref()
    }
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let s = slf.get();
        let args = (
            s.answer.clone(),
            s.span,
            s.byte_span,
            s.how.to_string(),
            s.normalized.clone(),
        );
        (slf.get_type(), args).into_pyobject(py)
    }
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        match other.cast::<Extracted>() {
            Ok(o) => {
                let o = o.get();
                (
                    &self.answer,
                    self.span,
                    self.byte_span,
                    &self.how,
                    &self.normalized,
                ) == (&o.answer, o.span, o.byte_span, &o.how, &o.normalized)
            }
            Err(_) => false,
        }
    }
    fn __repr__(&self) -> String {
        format!(
            "Extracted(answer={}, span={:?}, how={})",
            py_repr(&self.answer),
            self.span,
            py_repr(&self.how)
        )
    }
}

fn py_repr(s: &str) -> String {
    // Python's repr of a str, close enough for display: single quotes, escapes.
    let mut out = String::from("'");
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\'' => out.push_str("\\'"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() => out.push_str(&format!("\\x{:02x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('\'');
    out
}

enum Source {
    /// A verdict of `grade` with the code-point spans of the gold and the
    /// response answers.
    Graded(Graded, Option<(usize, usize)>, Option<(usize, usize)>),
    /// A verdict of `equal` (nothing extracted).
    Equal(EqVerdict),
    /// A verdict read back from a pickle: its `to_dict()`, `explain()`
    /// and code-point spans.
    Restored(
        Map<String, Value>,
        String,
        Option<(usize, usize)>,
        Option<(usize, usize)>,
    ),
    /// The core panicked on this item (a bug).
    Failed(String),
}

/// The verdict of a comparison.
#[pyclass(frozen, module = "scorespec._native", name = "Verdict")]
struct Verdict {
    src: Source,
}

fn str_field<'a>(m: &'a Map<String, Value>, k: &str) -> &'a str {
    m.get(k).and_then(Value::as_str).unwrap_or_default()
}

fn extracted_from_json(v: Option<&Value>, span: Option<(usize, usize)>) -> Option<Extracted> {
    let m = v?.as_object()?;
    let bs = m.get("span")?.as_array()?;
    let b = (
        bs.first()?.as_u64()? as usize,
        bs.get(1)?.as_u64()? as usize,
    );
    Some(Extracted {
        answer: str_field(m, "answer").to_string(),
        span: span.unwrap_or(b),
        byte_span: b,
        how: Cow::Owned(str_field(m, "how").to_string()),
        normalized: None,
    })
}

fn extracted(l: &Option<Located>, span: Option<(usize, usize)>) -> Option<Extracted> {
    l.as_ref().map(|l| Extracted {
        answer: l.answer.clone(),
        span: span.unwrap_or(l.span),
        byte_span: l.span,
        how: Cow::Borrowed(l.how),
        normalized: None,
    })
}

impl Verdict {
    fn core(&self) -> Option<&EqVerdict> {
        match &self.src {
            Source::Graded(g, ..) => Some(&g.verdict),
            Source::Equal(v) => Some(v),
            _ => None,
        }
    }
    fn dict(&self) -> Map<String, Value> {
        match &self.src {
            Source::Graded(g, ..) => graded_json(g),
            Source::Equal(v) => match serde_json::to_value(v) {
                Ok(Value::Object(m)) => m,
                _ => Map::new(),
            },
            Source::Restored(m, ..) => m.clone(),
            Source::Failed(msg) => {
                let mut m = Map::new();
                m.insert("equal".into(), Value::Bool(false));
                m.insert("outcome".into(), "internal_error".into());
                m.insert("rule".into(), "panic".into());
                m.insert("error".into(), msg.clone().into());
                m
            }
        }
    }
    fn text(&self) -> String {
        match &self.src {
            Source::Graded(g, ..) => explain_text(g),
            Source::Equal(v) => {
                // The lines of `grade --explain` after the extracted answers.
                let g = Graded {
                    verdict: v.clone(),
                    gold_extracted: None,
                    response_extracted: None,
                    reason: None,
                };
                explain_text(&g)
                    .lines()
                    .skip(2)
                    .map(|l| format!("{l}\n"))
                    .collect()
            }
            Source::Restored(_, t, ..) => t.clone(),
            Source::Failed(msg) => format!("internal error (a bug): {msg}\n"),
        }
    }
}

#[pymethods]
impl Verdict {
    /// Whether the answers are the same (`outcome == "equal"`).
    #[getter]
    fn equal(&self) -> bool {
        match (&self.src, self.core()) {
            (_, Some(v)) => v.equal,
            (Source::Restored(m, ..), _) => {
                m.get("equal").and_then(Value::as_bool).unwrap_or(false)
            }
            _ => false,
        }
    }
    /// `equal`, `not_equal`, `unparseable`, `no_answer`, `budget_exceeded`
    /// (or `internal_error`, a bug).
    #[getter]
    fn outcome(&self) -> Cow<'_, str> {
        match (&self.src, self.core()) {
            (_, Some(v)) => Cow::Borrowed(v.outcome.as_str()),
            (Source::Restored(m, ..), _) => Cow::Borrowed(str_field(m, "outcome")),
            _ => Cow::Borrowed("internal_error"),
        }
    }
    /// The rule that decided (spec/math.md).
    #[getter]
    fn rule(&self) -> String {
        match (&self.src, self.core()) {
            (_, Some(v)) => v.rule.to_string(),
            (Source::Restored(m, ..), _) => str_field(m, "rule").to_string(),
            _ => "panic".to_string(),
        }
    }
    /// 1.0 when equal, else 0.0.
    #[getter]
    fn score(&self) -> f64 {
        if self.equal() { 1.0 } else { 0.0 }
    }
    /// The reference as compared.
    #[getter]
    fn reference_normalized(&self) -> String {
        match (&self.src, self.core()) {
            (_, Some(v)) => v.reference_normalized.clone(),
            (Source::Restored(m, ..), _) => str_field(m, "reference_normalized").to_string(),
            _ => String::new(),
        }
    }
    /// The prediction as compared.
    #[getter]
    fn prediction_normalized(&self) -> String {
        match (&self.src, self.core()) {
            (_, Some(v)) => v.prediction_normalized.clone(),
            (Source::Restored(m, ..), _) => str_field(m, "prediction_normalized").to_string(),
            _ => String::new(),
        }
    }
    /// The gold answer and where it was found, or `None`.
    #[getter]
    fn gold_extracted(&self) -> Option<Extracted> {
        match &self.src {
            Source::Graded(g, s, _) => extracted(&g.gold_extracted, *s),
            Source::Restored(m, _, s, _) => extracted_from_json(m.get("gold_extracted"), *s),
            _ => None,
        }
    }
    /// The response's answer and where it was found, or `None`.
    #[getter]
    fn response_extracted(&self) -> Option<Extracted> {
        match &self.src {
            Source::Graded(g, _, s) => extracted(&g.response_extracted, *s),
            Source::Restored(m, _, _, s) => extracted_from_json(m.get("response_extracted"), *s),
            _ => None,
        }
    }
    /// The JSON object of `scorespec eval --task math` for this row (without
    /// `line` and `id`); spans there are in bytes, as in the CLI.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py(py, &Value::Object(self.dict()))
    }
    /// The text of `scorespec grade --explain`.
    fn explain(&self) -> String {
        self.text()
    }
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let s = slf.get();
        let (gs, rs) = match &s.src {
            Source::Graded(_, g, r) | Source::Restored(_, _, g, r) => (*g, *r),
            _ => (None, None),
        };
        let json = Value::Object(s.dict()).to_string();
        let restore = py
            .import(intern!(py, "scorespec._native"))?
            .getattr(intern!(py, "_restore_verdict"))?;
        (restore, ((json, s.text(), gs, rs),)).into_pyobject(py)
    }
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        match other.cast::<Verdict>() {
            Ok(o) => {
                let o = o.get();
                self.dict() == o.dict()
                    && self.gold_extracted().map(|e| e.span) == o.gold_extracted().map(|e| e.span)
                    && self.response_extracted().map(|e| e.span)
                        == o.response_extracted().map(|e| e.span)
            }
            Err(_) => false,
        }
    }
    fn __repr__(&self) -> String {
        let answer = self
            .response_extracted()
            .map(|e| py_repr(&e.answer))
            .unwrap_or_else(|| "None".into());
        format!(
            "Verdict(equal={}, outcome='{}', rule='{}', answer={answer})",
            if self.equal() { "True" } else { "False" },
            self.outcome(),
            self.rule()
        )
    }
}

#[pyfunction]
#[allow(clippy::type_complexity)]
fn _restore_verdict(
    state: (
        String,
        String,
        Option<(usize, usize)>,
        Option<(usize, usize)>,
    ),
) -> PyResult<Verdict> {
    let (json, text, g, r) = state;
    match serde_json::from_str(&json) {
        Ok(Value::Object(m)) => Ok(Verdict {
            src: Source::Restored(m, text, g, r),
        }),
        _ => Err(PyValueError::new_err("not a pickled scorespec Verdict")),
    }
}

// ---------------------------------------------------------------- math

/// The code-point spans of a graded verdict in its texts.
fn graded(golds: &[String], response: &str, opts: &GradeOptions) -> Source {
    let refs: Vec<&str> = golds.iter().map(String::as_str).collect();
    let g = grade_any(&refs, response, opts);
    let gs = g.gold_extracted.as_ref().and_then(|l| {
        golds
            .iter()
            .find(|t| t.get(l.span.0..l.span.1) == Some(l.answer.as_str()))
            .map(|t| cp_span(t, l.span))
    });
    let rs = g
        .response_extracted
        .as_ref()
        .map(|l| cp_span(response, l.span));
    Source::Graded(g, gs, rs)
}

fn verdict(r: Result<Source, String>) -> Verdict {
    Verdict {
        src: r.unwrap_or_else(Source::Failed),
    }
}

/// grade(gold, response, **options) -> Verdict
#[pyfunction]
#[pyo3(signature = (gold, response, **options))]
fn grade(
    py: Python<'_>,
    gold: &Bound<'_, PyAny>,
    response: &Bound<'_, PyAny>,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<Verdict> {
    let g = golds("gold", gold)?;
    let r = text("response", response)?;
    let o = grade_options("grade", options)?;
    Ok(verdict(py.detach(|| guard(|| graded(&g, &r, &o)))))
}

/// _grade_many(golds, responses, threads, options) -> list[Verdict]
#[pyfunction]
#[pyo3(signature = (golds_, responses, threads, options=None))]
fn _grade_many<'py>(
    py: Python<'py>,
    golds_: &Bound<'py, PyAny>,
    responses: &Bound<'py, PyAny>,
    threads: usize,
    options: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyList>> {
    let gs = sequence("golds", golds_)?;
    let rs = sequence("responses", responses)?;
    if gs.len() != rs.len() {
        return Err(PyValueError::new_err(format!(
            "golds and responses differ in length: {} and {}",
            gs.len(),
            rs.len()
        )));
    }
    let o = grade_options("grade_many", options)?;
    let rows: Vec<(Vec<String>, Text)> = gs
        .iter()
        .zip(&rs)
        .enumerate()
        .map(|(i, (g, r))| {
            Ok((
                golds(&format!("golds[{i}]"), g)?,
                text_backed(&format!("responses[{i}]"), r)?,
            ))
        })
        .collect::<PyResult<_>>()?;
    let out = py.detach(|| par_map(&rows, threads, |(g, r)| graded(g, r, &o)));
    PyList::new(py, out.into_iter().map(verdict))
}

/// equal(reference, prediction, **options) -> Verdict
#[pyfunction]
#[pyo3(signature = (reference, prediction, **options))]
fn equal(
    py: Python<'_>,
    reference: &Bound<'_, PyAny>,
    prediction: &Bound<'_, PyAny>,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<Verdict> {
    let refs = golds("reference", reference)?;
    let p = text("prediction", prediction)?;
    let o = equal_options("equal", options)?;
    Ok(verdict(py.detach(|| {
        guard(|| {
            let refs: Vec<&str> = refs.iter().map(String::as_str).collect();
            Source::Equal(scorespec::score::math::equal::equal_any(&refs, &p, &o))
        })
    })))
}

/// extract_answer(response, strict=True) -> Extracted | None
#[pyfunction]
#[pyo3(signature = (response, strict=None))]
fn extract_answer(
    py: Python<'_>,
    response: &Bound<'_, PyAny>,
    strict: Option<&Bound<'_, PyAny>>,
) -> PyResult<Option<Extracted>> {
    let r = text("response", response)?;
    let strict = match strict {
        Some(s) => opt_bool("strict", s)?,
        None => true,
    };
    let found = py
        .detach(|| guard(|| core_extract(&r, strict).map(|x| (cp_span(&r, x.span), x))))
        .map_err(internal)?;
    Ok(found.map(|(span, x)| Extracted {
        answer: x.answer,
        span,
        byte_span: x.span,
        how: Cow::Borrowed(x.how),
        normalized: Some(x.normalized),
    }))
}

/// majority(answers, **options) -> list[str]
#[pyfunction]
#[pyo3(signature = (answers, **options))]
fn majority(
    py: Python<'_>,
    answers: &Bound<'_, PyAny>,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<Vec<String>> {
    let items = sequence("answers", answers)?;
    if items.len() > MAX_MAJORITY_ANSWERS {
        return Err(PyValueError::new_err(format!(
            "majority votes on at most {MAX_MAJORITY_ANSWERS} answers, got {}",
            items.len()
        )));
    }
    let a: Vec<String> = items
        .iter()
        .enumerate()
        .map(|(i, x)| text(&format!("answers[{i}]"), x))
        .collect::<PyResult<_>>()?;
    let o = equal_options("majority", options)?;
    py.detach(|| {
        guard(|| {
            let refs: Vec<&str> = a.iter().map(String::as_str).collect();
            scorespec::score::math::grade::majority(&refs, &o).unwrap_or_default()
        })
    })
    .map_err(internal)
}

// ---------------------------------------------------------------- qa, puzzles, physics

const QA_OPTIONS: &[&str] = &["normalize", "stem", "unicode_punctuation", "keep_numbers"];

fn qa_options(
    func: &str,
    kw: Option<&Bound<'_, PyDict>>,
) -> PyResult<scorespec::score::qa::MatchOptions> {
    let mut o = scorespec::score::qa::MatchOptions::default();
    if let Some(kw) = kw {
        for (k, v) in kw.iter() {
            let k = key(&k)?;
            match k.as_str() {
                "normalize" => o.normalize = opt_bool(&k, &v)?,
                "stem" => o.stem = opt_bool(&k, &v)?,
                "unicode_punctuation" => o.unicode_punctuation = opt_bool(&k, &v)?,
                "keep_numbers" => o.keep_numbers = opt_bool(&k, &v)?,
                _ => return Err(unknown_option(func, &k, QA_OPTIONS)),
            }
        }
    }
    o.check()
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    Ok(o)
}

/// qa_score(which, prediction, reference, **options) -> float: `exact_match` or `f1`, the
/// maximum over the references.
#[pyfunction]
#[pyo3(signature = (which, prediction, reference, **options))]
fn qa_score(
    py: Python<'_>,
    which: &str,
    prediction: &Bound<'_, PyAny>,
    reference: &Bound<'_, PyAny>,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<f64> {
    use scorespec::score::qa;
    let max: fn(&str, &[&str], &qa::MatchOptions) -> f64 = match which {
        "exact_match" => qa::exact_match_max,
        "f1" => qa::f1_max,
        _ => {
            return Err(PyValueError::new_err(format!(
                "unknown QA metric {which:?}"
            )));
        }
    };
    let p = text("prediction", prediction)?;
    let refs = golds("reference", reference)?;
    // The registry's bound (spec/qa.md QA-11): a list that long is a
    // programmer's error, not content.
    if refs.len() > qa::MAX_REFERENCES {
        return Err(PyValueError::new_err(format!(
            "{} references; at most {} are taken",
            refs.len(),
            qa::MAX_REFERENCES
        )));
    }
    let o = qa_options(which, options)?;
    py.detach(|| {
        guard(|| {
            let refs: Vec<&str> = refs.iter().map(String::as_str).collect();
            max(&p, &refs, &o)
        })
    })
    .map_err(internal)
}

/// qa.normalize(text, **options) -> str
#[pyfunction]
#[pyo3(signature = (text_, **options))]
fn qa_normalize(
    py: Python<'_>,
    text_: &Bound<'_, PyAny>,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<String> {
    let t = text("text", text_)?;
    let mut o = scorespec::score::qa::NormalizeOptions::default();
    if let Some(kw) = options {
        for (k, v) in kw.iter() {
            let k = key(&k)?;
            match k.as_str() {
                "lowercase" => o.lowercase = opt_bool(&k, &v)?,
                "remove_articles" => o.remove_articles = opt_bool(&k, &v)?,
                "remove_punctuation" => o.remove_punctuation = opt_bool(&k, &v)?,
                "remove_extra_whitespace" => o.remove_extra_whitespace = opt_bool(&k, &v)?,
                "stem" => o.stem = opt_bool(&k, &v)?,
                "unicode_punctuation" => o.unicode_punctuation = opt_bool(&k, &v)?,
                "keep_numbers" => o.keep_numbers = opt_bool(&k, &v)?,
                _ => {
                    return Err(unknown_option(
                        "normalize",
                        &k,
                        &[
                            "lowercase",
                            "remove_articles",
                            "remove_punctuation",
                            "remove_extra_whitespace",
                            "stem",
                            "unicode_punctuation",
                            "keep_numbers",
                        ],
                    ));
                }
            }
        }
    }
    py.detach(|| guard(|| scorespec::score::qa::normalize(&t, &o)))
        .map_err(internal)
}

/// puzzles.score(data_source, model_output, label) -> float (document 001's reward)
#[pyfunction]
fn puzzles_score(
    py: Python<'_>,
    data_source: &Bound<'_, PyAny>,
    model_output: &Bound<'_, PyAny>,
    label: &Bound<'_, PyAny>,
) -> PyResult<f64> {
    let d = text("data_source", data_source)?;
    let m = text("model_output", model_output)?;
    let l = text("label", label)?;
    py.detach(|| guard(|| scorespec::score::reward::score(&d, &m, &l)))
        .map_err(internal)?
        .map_err(|e| PyValueError::new_err(e.to_string()))
}

/// puzzles.typos / connections / unscrambling (ground_truth, output) -> float
#[pyfunction]
fn puzzles_one(
    py: Python<'_>,
    which: &str,
    ground_truth: &Bound<'_, PyAny>,
    output: &Bound<'_, PyAny>,
) -> PyResult<f64> {
    use scorespec::score::puzzles;
    let g = text("ground_truth", ground_truth)?;
    let o = text("output", output)?;
    let f: fn(&str, &str) -> Result<f64, scorespec::budget::BudgetExceeded> = match which {
        "typos" => |g, o| Ok(puzzles::typos(g, o)),
        "connections" => |g, o| Ok(puzzles::connections(g, o)),
        "unscrambling" => |g, o| puzzles::unscrambling(g, o),
        _ => return Err(PyValueError::new_err(format!("unknown puzzle {which:?}"))),
    };
    py.detach(|| guard(|| f(&g, &o)))
        .map_err(internal)?
        .map_err(|e| PyValueError::new_err(e.to_string()))
}

/// physics.normalize_answer(answer) -> dict
#[pyfunction]
fn physics_normalize_answer<'py>(
    py: Python<'py>,
    answer: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyAny>> {
    let a = text("answer", answer)?;
    let j = py
        .detach(|| guard(|| scorespec::score::physics::normalize_answer(&a).to_json()))
        .map_err(internal)?;
    to_py(py, &j)
}

/// physics.equal(a, b, rel_tol=1e-9, abs_tol=0.0) -> dict
#[pyfunction]
#[pyo3(signature = (a, b, rel_tol=None, abs_tol=None))]
fn physics_equal<'py>(
    py: Python<'py>,
    a: &Bound<'py, PyAny>,
    b: &Bound<'py, PyAny>,
    rel_tol: Option<&Bound<'py, PyAny>>,
    abs_tol: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let a = text("a", a)?;
    let b = text("b", b)?;
    let mut o = scorespec::score::physics::EqualOptions::default();
    if let Some(t) = rel_tol {
        o.rel_tol = opt_tolerance("rel_tol", t)?;
    }
    if let Some(t) = abs_tol {
        o.abs_tol = opt_tolerance("abs_tol", t)?;
    }
    let j = py
        .detach(|| guard(|| scorespec::score::physics::equal(&a, &b, &o).to_json()))
        .map_err(internal)?;
    to_py(py, &j)
}

// ---------------------------------------------------------------- registry

/// _call(fn_id, args, threads) -> (error kind or None, message or None, result)
#[pyfunction]
fn _call<'py>(
    py: Python<'py>,
    fn_id: &Bound<'py, PyAny>,
    args: &Bound<'py, PyDict>,
    threads: usize,
) -> PyResult<Bound<'py, PyTuple>> {
    let id = text("fn_id", fn_id)?;
    let a = to_json(args.as_any(), 0)?;
    let r = py
        .detach(|| in_pool(threads, || guard(|| scorespec::registry::call(&id, &a))))
        .map_err(internal)?;
    match r {
        Ok(v) => (py.None(), py.None(), to_py(py, &v)?).into_pyobject(py),
        Err(e) => (e.kind(), e.to_string(), py.None()).into_pyobject(py),
    }
}

/// _functions() -> list[dict]: `scorespec list --json`.
#[pyfunction]
fn _functions<'py>(py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
    to_py(py, &scorespec::registry::list_json())
}

/// For the tests: a batch of `n` items where item `bad` panics, on the
/// batch machinery of `grade_many`; returns each item's panic message or None.
#[pyfunction]
fn _test_panic_batch(py: Python<'_>, n: usize, bad: usize, threads: usize) -> Vec<Option<String>> {
    let items: Vec<usize> = (0..n).collect();
    py.detach(|| {
        par_map(&items, threads, |&i| {
            if i == bad {
                panic!("test panic at item {i}");
            }
        })
    })
    .into_iter()
    .map(|r| r.err())
    .collect()
}

/// For the tests: a single call whose core panics (as `grade` reports it).
#[pyfunction]
fn _test_panic_verdict(py: Python<'_>) -> Verdict {
    verdict(py.detach(|| guard(|| -> Source { panic!("test panic") })))
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    // No printing: a panic is reported as a verdict or an exception, not on stderr.
    std::panic::set_hook(Box::new(|_| {}));
    m.add_class::<Verdict>()?;
    m.add_class::<Extracted>()?;
    m.add_function(wrap_pyfunction!(grade, m)?)?;
    m.add_function(wrap_pyfunction!(_grade_many, m)?)?;
    m.add_function(wrap_pyfunction!(equal, m)?)?;
    m.add_function(wrap_pyfunction!(extract_answer, m)?)?;
    m.add_function(wrap_pyfunction!(majority, m)?)?;
    m.add_function(wrap_pyfunction!(qa_score, m)?)?;
    m.add_function(wrap_pyfunction!(qa_normalize, m)?)?;
    m.add_function(wrap_pyfunction!(puzzles_score, m)?)?;
    m.add_function(wrap_pyfunction!(puzzles_one, m)?)?;
    m.add_function(wrap_pyfunction!(physics_normalize_answer, m)?)?;
    m.add_function(wrap_pyfunction!(physics_equal, m)?)?;
    m.add_function(wrap_pyfunction!(_call, m)?)?;
    m.add_function(wrap_pyfunction!(_functions, m)?)?;
    m.add_function(wrap_pyfunction!(_restore_verdict, m)?)?;
    m.add_function(wrap_pyfunction!(_test_panic_batch, m)?)?;
    m.add_function(wrap_pyfunction!(_test_panic_verdict, m)?)?;
    m.add("MAX_MAJORITY_ANSWERS", MAX_MAJORITY_ANSWERS)?;
    Ok(())
}
