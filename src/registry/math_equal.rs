//! Registry entries of the math_equal part (see the spec page of its family):
//! `math.equal`, and the option parameters `math.grade` reuses.

use serde_json::Value;

use super::{Args, Param, ParamType, SpecFn, flag, number_param, required};
use crate::error::CallError;
use crate::score::math::equal::{EqualOptions, equal_any};

/// The options of `math.equal`, by name, with the document's defaults.
/// `math.grade` takes the same list (append it to its own parameters).
pub(crate) const EQUAL_OPTION_PARAMS: &[Param] = &[
    number_param("rel_tol", 1e-9, "relative tolerance of numeric comparisons"),
    number_param(
        "abs_tol",
        1e-8,
        "absolute tolerance of numeric comparisons; the default applies near zero only (two non-zero numbers: rel_tol), a value given applies to every pair",
    ),
    flag(
        "abs_tol_everywhere",
        false,
        "document 004's tolerance: abs_tol for every pair (|a-b| <= abs_tol + rel_tol*max), so all numbers below abs_tol are equal",
    ),
    flag(
        "include_percentage",
        false,
        "document 004's percentage reading without a percent sign: plain decimals 100x each other match (3.04 ~ 0.0304); off, a side must say percent (28\\% ~ 28)",
    ),
    number_param(
        "percent_rel_tol",
        1e-3,
        "relative tolerance of the percentage reading",
    ),
    flag(
        "compare_sets",
        false,
        "compare tuples as sets ((1,2) ~ (2,1))",
    ),
    flag(
        "ascii_only",
        true,
        "refuse an answer that keeps a non-ASCII character",
    ),
    flag(
        "degrees_as_radians",
        false,
        "read a standalone angle in degrees in radians (90^\\circ ~ \\frac{\\pi}{2}); default: as the number (90^\\circ ~ 90)",
    ),
    flag(
        "relation_for_interval",
        true,
        "a predicted relation (-2 \\le x \\le 7) answers a reference interval (x \\in [-2,7]); off, only that direction is refused",
    ),
    flag(
        "decimal_rounding",
        false,
        "a rounded decimal of 3+ significant digits (30.52) matches an exact value that rounds to it at its decimal places (never another decimal)",
    ),
];

/// Reads the options of [`EQUAL_OPTION_PARAMS`] from a call's arguments
/// (the function must declare those parameters). Tolerances must be finite
/// and non-negative.
pub(crate) fn options_from_args(a: &Args<'_>) -> Result<EqualOptions, CallError> {
    Ok(EqualOptions {
        rel_tol: a.tolerance("rel_tol")?,
        abs_tol: a.tolerance("abs_tol")?,
        // An abs_tol the caller sets is meant for every pair (math-verify's
        // float_rounding maps to it); the default one applies near zero only.
        abs_tol_everywhere: a.bool("abs_tol_everywhere")? || a.value("abs_tol")?.is_some(),
        include_percentage: a.bool("include_percentage")?,
        percent_rel_tol: a.tolerance("percent_rel_tol")?,
        compare_sets: a.bool("compare_sets")?,
        ascii_only: a.bool("ascii_only")?,
        degrees_as_radians: a.bool("degrees_as_radians")?,
        relation_for_interval: a.bool("relation_for_interval")?,
        decimal_rounding: a.bool("decimal_rounding")?,
    })
}

/// The reference argument: a string or a list of strings and numbers (any
/// one matching counts); numbers are read as their JSON text.
pub(crate) fn reference_list(a: &Args<'_>, name: &'static str) -> Result<Vec<String>, CallError> {
    let bad = |found: &str| CallError::InvalidValue {
        name,
        reason: format!("expected a string or a list of strings and numbers, found {found}"),
    };
    match a.value(name)? {
        Some(Value::String(s)) => Ok(vec![s.clone()]),
        Some(Value::Number(n)) => Ok(vec![n.to_string()]),
        Some(Value::Array(items)) => {
            if items.is_empty() {
                return Err(CallError::InvalidValue {
                    name,
                    reason: "the list of references is empty".into(),
                });
            }
            items
                .iter()
                .map(|v| match v {
                    Value::String(s) => Ok(s.clone()),
                    Value::Number(n) => Ok(n.to_string()),
                    other => Err(bad(crate::error::json_type(other))),
                })
                .collect()
        }
        Some(other) => Err(bad(crate::error::json_type(other))),
        None => Err(CallError::MissingArgument { name }),
    }
}

/// `head` followed by every parameter of [`EQUAL_OPTION_PARAMS`] (`M` must be
/// `N + EQUAL_OPTION_PARAMS.len()`, checked at compile time): the parameter
/// list of a function that takes `math.equal`'s options.
pub(crate) const fn with_equal_options<const N: usize, const M: usize>(
    head: [Param; N],
) -> [Param; M] {
    assert!(N > 0 && M == N + EQUAL_OPTION_PARAMS.len());
    let mut out = [head[0]; M];
    let mut i = 0;
    while i < M {
        out[i] = if i < N {
            head[i]
        } else {
            EQUAL_OPTION_PARAMS[i - N]
        };
        i += 1;
    }
    out
}

static EQUAL_PARAMS: [Param; 2 + EQUAL_OPTION_PARAMS.len()] = with_equal_options([
    required(
        "reference",
        ParamType::Any,
        "the gold answer: a string, or a list of acceptable answers (strings or numbers)",
    ),
    required("prediction", ParamType::Str, "the predicted answer"),
]);

fn run_equal(a: &Args<'_>) -> Result<Value, CallError> {
    let opts = options_from_args(a)?;
    let refs = reference_list(a, "reference")?;
    let refs: Vec<&str> = refs.iter().map(String::as_str).collect();
    let v = equal_any(&refs, a.str("prediction")?, &opts);
    serde_json::to_value(v).map_err(|e| CallError::InvalidValue {
        name: "reference",
        reason: e.to_string(),
    })
}

/// The functions of this file (sorted into the registry by [`super::all`]).
pub(super) static FNS: &[SpecFn] = &[SpecFn {
    id: "math.equal",
    doc: "whether two math answers are the same answer: {equal, outcome, rule, reference_normalized, prediction_normalized}",
    spec: "spec/math.md#equivalence",
    params: &EQUAL_PARAMS,
    run: run_equal,
}];
