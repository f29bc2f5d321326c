//! The table of spec functions by id (`"qa.f1"` → function).
//!
//! One registry serves the CLI (`scorespec run`, `scorespec list`), the
//! conformance corpus (`fn = "qa.f1"`) and the differential harness. Each
//! entry declares its parameters with their JSON types and defaults; a call
//! is checked against them before the function runs, so a missing, unknown or
//! wrongly typed argument is a typed [`CallError`], never a panic.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicUsize, Ordering};

use serde_json::{Map, Value};

use crate::budget::Budget;
use crate::error::{CallError, json_type};
use crate::expr::api::{self as expr_api, EvalOutcome, Format};
use crate::expr::complex::Complex;
use crate::expr::equiv::EquivOptions;
use crate::expr::{ExprError, Limits};
use crate::score::math::grade::Graded;
use crate::score::{puzzles, qa, reward};
use crate::text;
use typed::{Object, StrOrInts};

#[macro_use]
pub(crate) mod typed;

mod fredholm;
mod fredholm_metrics;
mod math;
pub use math::grade_options;
mod math_equal;
mod math_normalize;
mod physics;

/// The JSON type a parameter accepts.
#[non_exhaustive]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ParamType {
    /// A JSON string.
    Str,
    /// A JSON boolean.
    Bool,
    /// A JSON string, or an array of strings.
    StrOrStrList,
    /// A JSON string, or an array of integers.
    StrOrIntList,
    /// A JSON object.
    Object,
    /// A JSON number.
    Number,
    /// A JSON array (its items are checked by the function).
    Array,
    /// Any JSON value (checked by the function).
    Any,
}

impl ParamType {
    /// How the type reads in messages and in `scorespec list`.
    pub fn describe(self) -> &'static str {
        match self {
            ParamType::Str => "a string",
            ParamType::Bool => "a boolean",
            ParamType::StrOrStrList => "a string or a list of strings",
            ParamType::StrOrIntList => "a string or a list of integers",
            ParamType::Object => "an object",
            ParamType::Number => "a number",
            ParamType::Array => "an array",
            ParamType::Any => "any JSON value",
        }
    }

    fn accepts(self, v: &Value) -> bool {
        match self {
            ParamType::Str => v.is_string(),
            ParamType::Bool => v.is_boolean(),
            ParamType::StrOrStrList => match v {
                Value::String(_) => true,
                Value::Array(items) => items.iter().all(Value::is_string),
                _ => false,
            },
            ParamType::StrOrIntList => match v {
                Value::String(_) => true,
                Value::Array(items) => items.iter().all(|x| x.is_i64()),
                _ => false,
            },
            ParamType::Object => v.is_object(),
            ParamType::Number => v.is_number(),
            ParamType::Array => v.is_array(),
            ParamType::Any => true,
        }
    }
}

/// A parameter's default, or its absence for a required parameter.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Default {
    /// The argument must be given.
    Required,
    /// A boolean default.
    Bool(bool),
    /// A string default.
    Str(&'static str),
    /// A numeric default.
    Number(f64),
    /// An empty object.
    EmptyObject,
    /// The argument may be absent (the function reads it with [`Args::value`]).
    Optional,
}

impl Default {
    /// The default as JSON (`null` for a required parameter).
    pub fn to_json(self) -> Value {
        match self {
            Default::Required => Value::Null,
            Default::Bool(b) => Value::from(b),
            Default::Str(s) => Value::from(s),
            Default::Number(x) => Value::from(x),
            Default::EmptyObject => Value::Object(Map::new()),
            Default::Optional => Value::Null,
        }
    }
}

/// One named parameter of a spec function.
#[derive(Debug, Clone, Copy)]
pub struct Param {
    /// The argument's name in `args`.
    pub name: &'static str,
    /// The JSON type it accepts.
    pub ty: ParamType,
    /// Its default.
    pub default: Default,
    /// One line on what it does.
    pub doc: &'static str,
}

/// A registered spec function.
#[derive(Debug, Clone, Copy)]
pub struct SpecFn {
    /// Stable id `family.name`.
    pub id: &'static str,
    /// One-line description.
    pub doc: &'static str,
    /// The spec page and section that defines it.
    pub spec: &'static str,
    /// Its parameters, in documentation order.
    pub params: &'static [Param],
    pub(crate) run: fn(&Args<'_>) -> Result<Value, CallError>,
    /// The same function with a typed result, written as JSON only when it
    /// is serialized ([`Output`]), for functions whose JSON value costs a
    /// share of the call (`math.grade`); `run` is then its JSON value.
    pub(crate) typed: Option<TypedRun>,
}

/// A spec function with a typed result ([`SpecFn`]'s `typed`).
pub(crate) type TypedRun = fn(&Args<'_>) -> Result<Output, CallError>;

/// What a spec function returns: a JSON value, or a typed result that is
/// written as JSON only when it is serialized (the protocol writes it straight
/// to its output line, with no JSON map built in between).
///
/// ```
/// use scorespec::registry::{Output, lookup};
/// let f = lookup("math.grade").unwrap();
/// let out = f.call_output(&serde_json::json!({"gold": "2", "response": r"so \boxed{2}"})).unwrap();
/// assert!(matches!(out, Output::Graded(_)));
/// let value = out.into_value();
/// assert_eq!((&value["equal"], &value["rule"]), (&true.into(), &"literal".into()));
/// ```
#[derive(Debug, Clone, PartialEq)]
pub enum Output {
    /// A JSON value.
    Value(Value),
    /// The verdict of `math.grade`, written as
    /// [`crate::eval::math::graded_json`]'s object.
    Graded(Graded),
}

impl Output {
    /// The result as a JSON value.
    pub fn into_value(self) -> Value {
        match self {
            Output::Value(v) => v,
            Output::Graded(g) => Value::Object(crate::eval::math::graded_json(&g)),
        }
    }

    /// Appends the result's JSON text to `out`, byte for byte what
    /// `serde_json::to_writer` writes for [`Output::into_value`], without
    /// building that value for a typed result.
    ///
    /// ```
    /// use scorespec::registry::call_output;
    /// let out = call_output("math.grade", &serde_json::json!({"gold": "2", "response": "2"})).unwrap();
    /// let mut text = Vec::new();
    /// out.write_json(&mut text).unwrap();
    /// assert_eq!(text, serde_json::to_vec(&out.into_value()).unwrap());
    /// ```
    pub fn write_json(&self, out: &mut Vec<u8>) -> serde_json::Result<()> {
        match self {
            Output::Value(v) => serde_json::to_writer(out, v),
            Output::Graded(g) => {
                crate::eval::math::write_graded(g, out);
                Ok(())
            }
        }
    }
}

/// The most parameters a spec function declares (a test checks the table).
pub const MAX_PARAMS: usize = 24;

/// The checked arguments of one call, with defaults filled in on access.
#[derive(Debug)]
pub struct Args<'a> {
    /// The given value of each parameter, by its index in `params` (read
    /// once, when the call is checked).
    values: [Option<&'a Value>; MAX_PARAMS],
    params: &'static [Param],
}

impl<'a> Args<'a> {
    /// The given value and the declaration of parameter `name`; `hint` is
    /// where the reading struct declares it, its index in the usual table
    /// (a struct read from another function's table falls back on a search).
    #[inline(always)]
    fn get(
        &self,
        name: &'static str,
        hint: usize,
    ) -> Result<(Option<&'a Value>, &'static Param), CallError> {
        // The hinted index holds the name (the reading structs and the
        // tables come from the same declarations); always inlined, so that
        // the name is a constant there and its compare a few instructions
        // (it runs for every parameter of every call; a compare of pointers
        // depended on the linker merging the two copies of the name). The
        // search is the fallback.
        match self.params.get(hint) {
            Some(p) if p.name == name => Ok((self.values.get(hint).copied().flatten(), p)),
            _ => self.get_searched(name, hint),
        }
    }

    /// [`Args::get`] when the hinted index does not hold `name`'s pointer.
    #[cold]
    #[inline(never)]
    fn get_searched(
        &self,
        name: &'static str,
        hint: usize,
    ) -> Result<(Option<&'a Value>, &'static Param), CallError> {
        let at = match self.params.get(hint) {
            Some(p) if p.name == name => hint,
            _ => self
                .params
                .iter()
                .position(|p| std::ptr::eq(p.name, name))
                .or_else(|| self.params.iter().position(|p| p.name == name))
                // A function asked for a parameter it did not declare: report
                // it as an invalid value rather than panicking (the message
                // built only then: this runs for every argument of every call).
                .ok_or_else(|| CallError::InvalidValue {
                    name,
                    reason: "parameter not declared by the function".into(),
                })?,
        };
        Ok((self.values.get(at).copied().flatten(), &self.params[at]))
    }

    /// A string argument, or its default.
    #[inline(always)]
    pub fn str(&self, name: &'static str, hint: usize) -> Result<&'a str, CallError> {
        match self.get(name, hint)? {
            (Some(Value::String(s)), _) => Ok(s),
            (Some(other), p) => Err(wrong_type(p, other)),
            (
                None,
                Param {
                    default: Default::Str(s),
                    ..
                },
            ) => Ok(s),
            (None, _) => Err(CallError::MissingArgument { name }),
        }
    }

    /// A numeric argument, or its default.
    #[inline(always)]
    pub fn number(&self, name: &'static str, hint: usize) -> Result<f64, CallError> {
        match self.get(name, hint)? {
            (Some(v @ Value::Number(_)), p) => v.as_f64().ok_or_else(|| wrong_type(p, v)),
            (Some(other), p) => Err(wrong_type(p, other)),
            (
                None,
                Param {
                    default: Default::Number(x),
                    ..
                },
            ) => Ok(*x),
            (None, _) => Err(CallError::MissingArgument { name }),
        }
    }

    /// A boolean argument, or its default.
    #[inline(always)]
    pub fn bool(&self, name: &'static str, hint: usize) -> Result<bool, CallError> {
        match self.get(name, hint)? {
            (Some(Value::Bool(b)), _) => Ok(*b),
            (Some(other), p) => Err(wrong_type(p, other)),
            (
                None,
                Param {
                    default: Default::Bool(b),
                    ..
                },
            ) => Ok(*b),
            (None, _) => Err(CallError::MissingArgument { name }),
        }
    }

    /// A string-or-integer-list argument: `Ok(Ok(string))` or `Ok(Err(integers))`.
    pub fn str_or_ints(
        &self,
        name: &'static str,
        hint: usize,
    ) -> Result<Result<&'a str, Vec<i64>>, CallError> {
        match self.get(name, hint)? {
            (Some(Value::String(s)), _) => Ok(Ok(s)),
            (Some(Value::Array(items)), p) => items
                .iter()
                .map(|v| v.as_i64().ok_or_else(|| wrong_type(p, v)))
                .collect::<Result<Vec<_>, _>>()
                .map(Err),
            (Some(other), p) => Err(wrong_type(p, other)),
            (None, _) => Err(CallError::MissingArgument { name }),
        }
    }

    /// An object argument (an absent optional object is empty).
    pub fn object(&self, name: &'static str, hint: usize) -> Result<Map<String, Value>, CallError> {
        match self.get(name, hint)? {
            (Some(Value::Object(m)), _) => Ok(m.clone()),
            (Some(other), p) => Err(wrong_type(p, other)),
            (
                None,
                Param {
                    default: Default::EmptyObject,
                    ..
                },
            ) => Ok(Map::new()),
            (None, _) => Err(CallError::MissingArgument { name }),
        }
    }

    /// A tolerance argument: a finite number ≥ 0, or an `invalid_value` error.
    #[inline(always)]
    pub fn tolerance(&self, name: &'static str, hint: usize) -> Result<f64, CallError> {
        typed::checked_tolerance(name, self.number(name, hint)?)
    }

    /// The raw JSON value of an argument, or `None` when it was not given
    /// (and has no default value of its own).
    #[inline(always)]
    pub fn value(&self, name: &'static str, hint: usize) -> Result<Option<&'a Value>, CallError> {
        Ok(self.get(name, hint)?.0)
    }

    /// A string-or-list argument as a list of strings (a string is a list of one).
    #[inline]
    pub fn str_list(&self, name: &'static str, hint: usize) -> Result<Vec<&'a str>, CallError> {
        match self.get(name, hint)? {
            (Some(Value::String(s)), _) => Ok(vec![s.as_str()]),
            (Some(Value::Array(items)), p) => items
                .iter()
                .map(|v| v.as_str().ok_or_else(|| wrong_type(p, v)))
                .collect(),
            (Some(other), p) => Err(wrong_type(p, other)),
            (None, _) => Err(CallError::MissingArgument { name }),
        }
    }
}

fn wrong_type(p: &Param, found: &Value) -> CallError {
    CallError::WrongType {
        name: p.name,
        expected: p.ty.describe(),
        found: json_type(found),
    }
}

impl SpecFn {
    /// Checks `args` against the parameters and runs the function.
    pub fn call(&self, args: &Value) -> Result<Value, CallError> {
        self.with_args(args, self.run)
    }

    /// [`SpecFn::call`] with the result typed until it is written: what the
    /// protocol and `scorespec bench` call.
    pub fn call_output(&self, args: &Value) -> Result<Output, CallError> {
        match self.typed {
            Some(typed) => self.with_args(args, typed),
            None => self.with_args(args, self.run).map(Output::Value),
        }
    }

    /// Checks `args` against the parameters, then hands them to `f`.
    pub(crate) fn with_args<T>(
        &self,
        args: &Value,
        f: impl FnOnce(&Args<'_>) -> Result<T, CallError>,
    ) -> Result<T, CallError> {
        let map = match args {
            Value::Object(m) => m,
            other => {
                return Err(CallError::ArgsNotObject {
                    found: json_type(other),
                });
            }
        };
        if self.params.len() > MAX_PARAMS {
            return Err(CallError::InvalidValue {
                name: self.id,
                reason: format!("declares more than {MAX_PARAMS} parameters"),
            });
        }
        // One pass over the given arguments: each is checked and kept at its
        // parameter's index.
        let mut values = [None; MAX_PARAMS];
        for (name, value) in map {
            let Some(at) = self.params.iter().position(|p| p.name == name) else {
                return Err(CallError::UnknownArgument {
                    name: name.clone(),
                    known: self.params.iter().map(|p| p.name).collect(),
                });
            };
            let p = &self.params[at];
            if !p.ty.accepts(value) {
                return Err(wrong_type(p, value));
            }
            values[at] = Some(value);
        }
        if let Some(p) = self
            .params
            .iter()
            .zip(&values)
            .find(|(p, v)| p.default == Default::Required && v.is_none())
            .map(|(p, _)| p)
        {
            return Err(CallError::MissingArgument { name: p.name });
        }
        f(&Args {
            values,
            params: self.params,
        })
    }
}

/// All registered functions, sorted by id.
pub fn all() -> &'static [SpecFn] {
    static ALL: OnceLock<Vec<SpecFn>> = OnceLock::new();
    ALL.get_or_init(|| {
        let mut v: Vec<SpecFn> = [
            CORE,
            fredholm::FNS,
            fredholm_metrics::FNS,
            math::FNS,
            math_equal::FNS,
            math_normalize::FNS,
            physics::FNS,
        ]
        .concat();
        v.sort_by_key(|f| f.id);
        v
    })
}

/// Every registered function with its arguments, as `scorespec list --json`
/// prints it: `[{id, doc, spec, args: [{name, type, default, required, doc}]}]`
/// (also the Python binding's `scorespec.functions()`).
///
/// ```
/// let list = scorespec::registry::list_json();
/// let f1 = list.as_array().unwrap().iter().find(|f| f["id"] == "qa.f1").unwrap();
/// assert_eq!(f1["args"][0]["name"], "prediction");
/// ```
pub fn list_json() -> Value {
    Value::Array(
        all()
            .iter()
            .map(|f| {
                serde_json::json!({
                    "id": f.id,
                    "doc": f.doc,
                    "spec": f.spec,
                    "args": f.params.iter().map(|p| serde_json::json!({
                        "name": p.name,
                        "type": p.ty.describe(),
                        "default": p.default.to_json(),
                        "required": p.default == Default::Required,
                        "doc": p.doc,
                    })).collect::<Vec<_>>(),
                })
            })
            .collect(),
    )
}

/// The function registered under `id`.
///
/// ```
/// assert!(scorespec::registry::lookup("qa.f1").is_some());
/// assert!(scorespec::registry::lookup("qa.nope").is_none());
/// ```
pub fn lookup(id: &str) -> Option<&'static SpecFn> {
    // The function found last is looked at first: a stream of calls (the
    // protocol, `scorespec bench`) usually calls one function again and again.
    static LAST: AtomicUsize = AtomicUsize::new(0);
    let all = all();
    let last = LAST.load(Ordering::Relaxed);
    if let Some(f) = all.get(last).filter(|f| f.id == id) {
        return Some(f);
    }
    let at = all.iter().position(|f| f.id == id)?;
    LAST.store(at, Ordering::Relaxed);
    all.get(at)
}

/// Calls the function registered under `id` with JSON `args`.
///
/// ```
/// use serde_json::json;
/// let r = scorespec::registry::call(
///     "qa.f1",
///     &json!({"prediction": "The capital of France is Paris.", "reference": "paris"}),
/// );
/// let f1 = r.unwrap().as_f64().unwrap();
/// assert!((f1 - 1.0 / 3.0).abs() < 1e-15);
/// ```
pub fn call(id: &str, args: &Value) -> Result<Value, CallError> {
    found(id)?.call(args)
}

/// [`call`] with the result typed until it is written ([`Output`]): what the
/// protocol and `scorespec bench` call.
///
/// ```
/// use serde_json::json;
/// let out = scorespec::registry::call_output("qa.exact_match", &json!({"prediction": "Paris!", "reference": "paris"}));
/// let mut text = Vec::new();
/// out.unwrap().write_json(&mut text).unwrap();
/// assert_eq!(text, b"1.0");
/// ```
pub fn call_output(id: &str, args: &Value) -> Result<Output, CallError> {
    found(id)?.call_output(args)
}

/// The function registered under `id`, or the error naming the functions of
/// its family.
fn found(id: &str) -> Result<&'static SpecFn, CallError> {
    lookup(id).ok_or_else(|| {
        let family = id.split('.').next().unwrap_or_default();
        CallError::UnknownFunction {
            name: id.to_string(),
            suggestions: all()
                .iter()
                .filter(|f| f.id.split('.').next() == Some(family))
                .map(|f| f.id)
                .collect(),
        }
    })
}

const UNICODE_PUNCT_DOC: &str =
    "opt-in: also remove Unicode punctuation (categories P*), not only ASCII";
const KEEP_NUMBERS_DOC: &str =
    "opt-in: keep a decimal point between digits (3.14) and a leading minus (-5)";

spec_args! {
    /// The arguments of `qa.exact_match` and `qa.f1`.
    struct MatchArgs<'a> {
        prediction: &'a str = Required, "the model's answer";
        reference: Vec<&'a str> = Required, "the gold answer, or a list of them (best match counts)";
        normalize: bool = Bool(true), "apply SQuAD normalization first";
        stem: bool = Bool(false), "Porter-stem each token (needs normalize)";
        unicode_punctuation: bool = Bool(false), UNICODE_PUNCT_DOC;
        keep_numbers: bool = Bool(false), KEEP_NUMBERS_DOC;
    }
}

impl<'a> MatchArgs<'a> {
    /// The options (QA-8: a normalization step needs `normalize`) and the
    /// non-empty list of references.
    fn checked(&self) -> Result<(qa::MatchOptions, &[&'a str]), CallError> {
        let opts = qa::MatchOptions {
            normalize: self.normalize,
            stem: self.stem,
            unicode_punctuation: self.unicode_punctuation,
            keep_numbers: self.keep_numbers,
        };
        opts.check().map_err(|e| CallError::InvalidValue {
            name: e.option,
            reason: e.to_string(),
        })?;
        if self.reference.is_empty() {
            return Err(CallError::InvalidValue {
                name: "reference",
                reason: "the list of references is empty".into(),
            });
        }
        if self.reference.len() > qa::MAX_REFERENCES {
            return Err(CallError::InvalidValue {
                name: "reference",
                reason: format!(
                    "{} references; at most {} are taken",
                    self.reference.len(),
                    qa::MAX_REFERENCES
                ),
            });
        }
        Ok((opts, &self.reference))
    }
}

spec_args! {
    /// The arguments of `qa.normalize`.
    struct QaNormalizeArgs<'a> {
        text: &'a str = Required, "the text to normalize";
        lowercase: bool = Bool(true), "lower-case the text (Python str.lower)";
        remove_articles: bool = Bool(true), "replace the words a, an, the by a space";
        remove_punctuation: bool = Bool(true), "delete ASCII punctuation (string.punctuation)";
        remove_extra_whitespace: bool = Bool(true), "collapse whitespace runs to one space";
        stem: bool = Bool(false), "Porter-stem each whitespace token (NLTK default mode)";
        unicode_punctuation: bool = Bool(false), UNICODE_PUNCT_DOC;
        keep_numbers: bool = Bool(false), KEEP_NUMBERS_DOC;
    }
}

pub(crate) fn expr_error(name: &'static str, e: ExprError) -> CallError {
    match e {
        ExprError::BudgetExceeded { which, limit } => CallError::BudgetExceeded { which, limit },
        other => CallError::Parse {
            name,
            message: other.to_string(),
        },
    }
}

const FORMAT_DOC: &str = "the text format: latex, infix or rpn";

spec_args! {
    /// The arguments of `expr.equivalent`.
    struct EquivalentArgs<'a> {
        a: &'a str = Required, "the first expression";
        b: &'a str = Required, "the second expression";
        format: Format = Str("latex"), FORMAT_DOC;
        rel_tol: f64 = Number(1e-9), "relative tolerance of numeric comparisons";
        abs_tol: f64 = Number(1e-8), "absolute tolerance of numeric comparisons";
    }
}

spec_args! {
    /// The arguments of `expr.evaluate` (the format is read after the
    /// point, as it always was, so a call with both wrong reports the point).
    struct EvaluateArgs<'a> {
        text: &'a str = Required, "the expression";
        format: &'a str = Str("latex"), FORMAT_DOC;
        at: Object = EmptyObject, "values of the symbols: numbers or {re, im}";
    }
}

spec_args! {
    /// The arguments of `expr.parse_latex`, `expr.parse_infix` and `expr.parse_rpn`.
    struct TextArgs<'a> {
        text: &'a str = Required, "the expression";
    }
}

spec_args! {
    /// The arguments of `expr.to_latex` and `expr.to_rpn`.
    struct PrintArgs<'a> {
        text: &'a str = Required, "the expression";
        format: Format = Str("latex"), FORMAT_DOC;
    }
}

fn parse_to_infix(a: &Args<'_>, format: Format) -> Result<Value, CallError> {
    expr_api::canonical_string(TextArgs::read(a)?.text, format, &Limits::default())
        .map(Value::from)
        .map_err(|e| expr_error("text", e))
}

/// The point of `expr.evaluate`: each symbol's value, a number or `{re, im}`.
fn point(at: &Object) -> Result<Vec<(String, Complex)>, CallError> {
    let bad = |k: &str| CallError::InvalidValue {
        name: "at",
        reason: format!("the value of {k:?} must be a number or {{\"re\": …, \"im\": …}}"),
    };
    at.0.iter()
        .map(|(k, v)| {
            let z = match v {
                Value::Number(n) => Complex {
                    re: n.as_f64().ok_or_else(|| bad(k))?,
                    im: 0.0,
                },
                Value::Object(o) => Complex {
                    re: o.get("re").and_then(Value::as_f64).ok_or_else(|| bad(k))?,
                    im: o.get("im").and_then(Value::as_f64).unwrap_or(0.0),
                },
                _ => return Err(bad(k)),
            };
            Ok((k.clone(), z))
        })
        .collect()
}

spec_args! {
    /// The arguments of the three puzzle scorers.
    struct PuzzleArgs<'a> {
        ground_truth: &'a str = Required, "the expected answer (extra_info.label)";
        output: &'a str = Required, "the model's full output";
    }
}

spec_args! {
    /// The arguments of `reward.score`.
    struct RewardArgs<'a> {
        data_source: &'a str = Required, "the task: typos, connections or unscrambling";
        model_output: &'a str = Required, "the model's full output";
        extra_info: Object = Required, "an object whose \"label\" is the ground truth";
    }
}

spec_args! {
    /// The arguments of `text.levenshtein`.
    struct LevenshteinArgs<'a> {
        a: StrOrInts<'a> = Required, "a string or a list of integers";
        b: StrOrInts<'a> = Required, "of the same kind as a";
    }
}

spec_args! {
    /// The arguments of `text.porter_stem`.
    struct StemArgs<'a> {
        word: &'a str = Required, "the word to stem";
    }
}

/// The largest `len(a) · len(b)` that `text.levenshtein` computes.
pub const LEVENSHTEIN_MAX_CELLS: u64 = 1_000_000_000;

fn levenshtein(a: &Args<'_>) -> Result<Value, CallError> {
    let args = LevenshteinArgs::read(a)?;
    let d = match (args.a, args.b) {
        (StrOrInts::Str(x), StrOrInts::Str(y)) => {
            let x: Vec<char> = x.chars().collect();
            let y: Vec<char> = y.chars().collect();
            cells(x.len(), y.len())?;
            text::levenshtein::distance(&x, &y)
        }
        (StrOrInts::Ints(x), StrOrInts::Ints(y)) => {
            cells(x.len(), y.len())?;
            text::levenshtein::distance(&x, &y)
        }
        _ => {
            return Err(CallError::InvalidValue {
                name: "b",
                reason: "\"a\" and \"b\" must both be strings or both be integer lists".into(),
            });
        }
    };
    Ok(Value::from(d))
}

fn cells(x: usize, y: usize) -> Result<(), CallError> {
    Budget::new("levenshtein cells len(a)*len(b)", LEVENSHTEIN_MAX_CELLS)
        .spend((x as u64).saturating_mul(y as u64))?;
    Ok(())
}

fn reward_score(a: &Args<'_>) -> Result<Value, CallError> {
    let args = RewardArgs::read(a)?;
    let label = match args.extra_info.0.get("label") {
        Some(Value::String(s)) => s.as_str(),
        Some(other) => {
            return Err(CallError::InvalidValue {
                name: "extra_info",
                reason: format!("\"label\" must be a string, found {}", json_type(other)),
            });
        }
        None => {
            return Err(CallError::InvalidValue {
                name: "extra_info",
                reason: "missing \"label\" (the ground truth)".into(),
            });
        }
    };
    Ok(Value::from(reward::score(
        args.data_source,
        args.model_output,
        label,
    )?))
}

/// The functions of the families registered in this file (qa, puzzles,
/// reward, text, expr); the other families have their own files.
static CORE: &[SpecFn] = &[
    SpecFn {
        id: "expr.equivalent",
        doc: "whether two expressions are equivalent, with the rule that decided and both canonical forms",
        spec: "spec/expr.md#ex-5-equivalence",
        params: EquivalentArgs::PARAMS,
        typed: None,
        run: |a| {
            let args = EquivalentArgs::read(a)?;
            let opts = EquivOptions {
                rel_tol: args.rel_tol,
                abs_tol: args.abs_tol,
                ..EquivOptions::default()
            };
            Ok(expr_api::equivalent_json(
                args.a,
                args.b,
                args.format,
                &opts,
                &Limits::default(),
            ))
        },
    },
    SpecFn {
        id: "expr.evaluate",
        doc: "the value of an expression at a point (a number, or {re, im} for a complex value)",
        spec: "spec/expr.md#ex-4-evaluation",
        params: EvaluateArgs::PARAMS,
        typed: None,
        run: |a| {
            let args = EvaluateArgs::read(a)?;
            let at = point(&args.at)?;
            let format = typed::format_named("format", args.format)?;
            match expr_api::evaluate(args.text, format, &at, &Limits::default())
                .map_err(|e| expr_error("text", e))?
            {
                EvalOutcome::Real(x) => Ok(Value::from(x)),
                EvalOutcome::Complex(z) => Ok(serde_json::json!({"re": z.re, "im": z.im})),
                EvalOutcome::Undefined(reason) => Err(CallError::Undefined { reason }),
            }
        },
    },
    SpecFn {
        id: "expr.parse_infix",
        doc: "parse infix (x**2 + sin(x)) into the canonical infix string",
        spec: "spec/expr.md#ex-7-parsers",
        params: TextArgs::PARAMS,
        typed: None,
        run: |a| parse_to_infix(a, Format::Infix),
    },
    SpecFn {
        id: "expr.parse_latex",
        doc: "parse LaTeX into the canonical infix string",
        spec: "spec/expr.md#ex-7-parsers",
        params: TextArgs::PARAMS,
        typed: None,
        run: |a| parse_to_infix(a, Format::Latex),
    },
    SpecFn {
        id: "expr.parse_rpn",
        doc: "parse RPN (x 2 ^ x sin +) into the canonical infix string",
        spec: "spec/expr.md#ex-7-parsers",
        params: TextArgs::PARAMS,
        typed: None,
        run: |a| parse_to_infix(a, Format::Rpn),
    },
    SpecFn {
        id: "expr.to_latex",
        doc: "the canonical form of an expression, printed as LaTeX",
        spec: "spec/expr.md#ex-3-printing",
        params: PrintArgs::PARAMS,
        typed: None,
        run: |a| {
            let args = PrintArgs::read(a)?;
            expr_api::latex_string(args.text, args.format, &Limits::default())
                .map(Value::from)
                .map_err(|e| expr_error("text", e))
        },
    },
    SpecFn {
        id: "expr.to_rpn",
        doc: "the canonical form of an expression, printed as RPN",
        spec: "spec/expr.md#ex-3-printing",
        params: PrintArgs::PARAMS,
        typed: None,
        run: |a| {
            let args = PrintArgs::read(a)?;
            match expr_api::rpn_string(args.text, args.format, &Limits::default())
                .map_err(|e| expr_error("text", e))?
            {
                Ok(s) => Ok(Value::from(s)),
                Err(why) => Err(CallError::InvalidValue {
                    name: "text",
                    reason: format!("no RPN form: {why}"),
                }),
            }
        },
    },
    SpecFn {
        id: "puzzles.connections",
        doc: "fraction of ground-truth groups of 4 words found (case-insensitive sets)",
        spec: "spec/puzzles.md#connections",
        params: PuzzleArgs::PARAMS,
        typed: None,
        run: |a| {
            let args = PuzzleArgs::read(a)?;
            Ok(Value::from(puzzles::connections(
                args.ground_truth,
                args.output,
            )))
        },
    },
    SpecFn {
        id: "puzzles.typos",
        doc: "1 if the ground truth is a substring of the extracted answer, else 0",
        spec: "spec/puzzles.md#typos",
        params: PuzzleArgs::PARAMS,
        typed: None,
        run: |a| {
            let args = PuzzleArgs::read(a)?;
            Ok(Value::from(puzzles::typos(args.ground_truth, args.output)))
        },
    },
    SpecFn {
        id: "puzzles.unscrambling",
        doc: "1 - Levenshtein(expected order, matched sentence order) / n, clamped at 0",
        spec: "spec/puzzles.md#unscrambling",
        params: PuzzleArgs::PARAMS,
        typed: None,
        run: |a| {
            let args = PuzzleArgs::read(a)?;
            Ok(Value::from(puzzles::unscrambling(
                args.ground_truth,
                args.output,
            )?))
        },
    },
    SpecFn {
        id: "qa.exact_match",
        doc: "1 if the normalized prediction equals a normalized reference, else 0",
        spec: "spec/qa.md#rules",
        params: MatchArgs::PARAMS,
        typed: None,
        run: |a| {
            let args = MatchArgs::read(a)?;
            let (opts, refs) = args.checked()?;
            Ok(Value::from(qa::exact_match_max(
                args.prediction,
                refs,
                &opts,
            )))
        },
    },
    SpecFn {
        id: "qa.f1",
        doc: "token F1 (over multisets) of prediction and reference after normalization",
        spec: "spec/qa.md#rules",
        params: MatchArgs::PARAMS,
        typed: None,
        run: |a| {
            let args = MatchArgs::read(a)?;
            let (opts, refs) = args.checked()?;
            Ok(Value::from(qa::f1_max(args.prediction, refs, &opts)))
        },
    },
    SpecFn {
        id: "qa.normalize",
        doc: "SQuAD normalization: lowercase, punctuation, articles, whitespace, optional stemming",
        spec: "spec/qa.md#rules",
        params: QaNormalizeArgs::PARAMS,
        typed: None,
        run: |a| {
            let args = QaNormalizeArgs::read(a)?;
            let opts = qa::NormalizeOptions {
                lowercase: args.lowercase,
                remove_articles: args.remove_articles,
                remove_punctuation: args.remove_punctuation,
                remove_extra_whitespace: args.remove_extra_whitespace,
                stem: args.stem,
                unicode_punctuation: args.unicode_punctuation,
                keep_numbers: args.keep_numbers,
            };
            Ok(Value::from(qa::normalize(args.text, &opts)))
        },
    },
    SpecFn {
        id: "reward.score",
        doc: "score one row {data_source, model_output, extra_info: {label}} with its task's scorer",
        spec: "spec/puzzles.md#reward-dispatch",
        params: RewardArgs::PARAMS,
        typed: None,
        run: reward_score,
    },
    SpecFn {
        id: "text.levenshtein",
        doc: "edit distance of two strings (by Unicode scalar value) or two integer lists",
        spec: "spec/puzzles.md#levenshtein-distance",
        params: LevenshteinArgs::PARAMS,
        typed: None,
        run: levenshtein,
    },
    SpecFn {
        id: "text.porter_stem",
        doc: "Porter stem of one word, equal to nltk 3.10.4 PorterStemmer() (NLTK_EXTENSIONS)",
        spec: "spec/qa.md#rules",
        params: StemArgs::PARAMS,
        typed: None,
        run: |a| Ok(Value::from(text::porter_stem(StemArgs::read(a)?.word))),
    },
];

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn ids_are_sorted_unique_and_namespaced() {
        for w in all().windows(2) {
            assert!(w[0].id < w[1].id, "{} before {}", w[0].id, w[1].id);
        }
        for f in all() {
            assert!(f.id.contains('.'), "{}", f.id);
        }
    }

    /// Every table fits the checked call's array of values, and names each
    /// parameter once (a call's value is kept at its name's one index).
    #[test]
    fn tables_fit_and_names_are_unique() {
        for f in all() {
            assert!(f.params.len() <= MAX_PARAMS, "{}", f.id);
            for (i, p) in f.params.iter().enumerate() {
                assert!(
                    f.params[..i].iter().all(|q| q.name != p.name),
                    "{} {}",
                    f.id,
                    p.name
                );
            }
        }
    }

    /// A declared default is a value of its parameter's type (a struct
    /// field's JSON type comes from its Rust type, its default is written
    /// beside it: this catches `flag: bool = Str("x")`).
    #[test]
    fn defaults_have_their_parameters_type() {
        for f in all() {
            for p in f.params {
                if !matches!(p.default, Default::Required | Default::Optional) {
                    assert!(p.ty.accepts(&p.default.to_json()), "{} {}", f.id, p.name);
                }
            }
        }
    }

    /// The registry's defaults are the typed options' `Default`s.
    #[test]
    fn defaults_are_the_typed_defaults() {
        use crate::score::{math::grade::GradeOptions, physics};
        assert_eq!(grade_options(&json!({})).unwrap(), GradeOptions::default());
        let lookup_default = |id: &str, name: &str| {
            lookup(id)
                .unwrap()
                .params
                .iter()
                .find(|p| p.name == name)
                .unwrap()
                .default
        };
        let p = physics::EqualOptions::default();
        assert_eq!(
            lookup_default("physics.equal", "rel_tol"),
            Default::Number(p.rel_tol)
        );
        assert_eq!(
            lookup_default("physics.equal", "abs_tol"),
            Default::Number(p.abs_tol)
        );
        let q = qa::NormalizeOptions::default();
        for (name, v) in [
            ("lowercase", q.lowercase),
            ("remove_articles", q.remove_articles),
            ("remove_punctuation", q.remove_punctuation),
            ("remove_extra_whitespace", q.remove_extra_whitespace),
            ("stem", q.stem),
            ("unicode_punctuation", q.unicode_punctuation),
            ("keep_numbers", q.keep_numbers),
        ] {
            assert_eq!(
                lookup_default("qa.normalize", name),
                Default::Bool(v),
                "{name}"
            );
        }
        let m = qa::MatchOptions::default();
        for (name, v) in [
            ("normalize", m.normalize),
            ("stem", m.stem),
            ("unicode_punctuation", m.unicode_punctuation),
            ("keep_numbers", m.keep_numbers),
        ] {
            assert_eq!(lookup_default("qa.f1", name), Default::Bool(v), "{name}");
        }
        let e = EquivOptions::default();
        assert_eq!(
            lookup_default("expr.equivalent", "rel_tol"),
            Default::Number(e.rel_tol)
        );
        assert_eq!(
            lookup_default("expr.equivalent", "abs_tol"),
            Default::Number(e.abs_tol)
        );
    }

    #[test]
    fn call_checks_arguments() {
        let e = call("qa.f1", &json!({"prediction": "a"})).unwrap_err();
        assert_eq!(e, CallError::MissingArgument { name: "reference" });
        let e = call("qa.f1", &json!({"prediction": 3, "reference": "a"})).unwrap_err();
        assert_eq!(e.kind(), "wrong_type");
        let e = call(
            "qa.f1",
            &json!({"prediction": "a", "reference": "a", "stemm": true}),
        )
        .unwrap_err();
        assert_eq!(e.kind(), "unknown_argument");
        let e = call("qa.f2", &json!({})).unwrap_err();
        assert!(e.to_string().contains("qa.f1"), "{e}");
        let e = call("qa.f1", &json!([1])).unwrap_err();
        assert_eq!(e.kind(), "invalid_field");
    }
}
