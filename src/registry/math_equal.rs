//! Registry entries of the math_equal part (see the spec page of its family):
//! `math.equal`, and the option parameters `math.grade` reuses.

use serde_json::Value;

use super::typed::{AnyValue, GivenTolerance, Tolerance};
use super::{Args, SpecFn};
use crate::error::CallError;
use crate::score::math::equal::{EqualOptions, equal_any};

spec_args! {
    /// The options of `math.equal`, by name, with the production defaults
    /// (document 004's are `abs_tol_everywhere` and `include_percentage`,
    /// spec/math.md ME-D8, and `repeating_decimals` false, ME-D9);
    /// `math.grade` and `math.majority` take them too (flattened).
    struct EqualOptionArgs<'a> {
        rel_tol: Tolerance = Number(1e-9),
            "relative tolerance of numeric comparisons; two integers compare exactly unless it is looser than 1e-9 or abs_tol_everywhere is set";
        abs_tol: GivenTolerance = Number(1e-8),
            "absolute tolerance of numeric comparisons; the default applies near zero only (two non-zero numbers: rel_tol), a value given applies to every pair";
        abs_tol_everywhere: bool = Bool(false),
            "document 004's tolerance: abs_tol for every pair (|a-b| <= abs_tol + rel_tol*max), so all numbers below abs_tol are equal";
        include_percentage: bool = Bool(false),
            "document 004's percentage reading without a percent sign: plain decimals 100x each other match (3.04 ~ 0.0304); off, a side must say percent (28\\% ~ 28)";
        percent_rel_tol: Tolerance = Number(1e-3), "relative tolerance of the percentage reading";
        compare_sets: bool = Bool(false), "compare tuples as sets ((1,2) ~ (2,1))";
        ascii_only: bool = Bool(true), "refuse an answer that keeps a non-ASCII character";
        degrees_as_radians: bool = Bool(false),
            "read a standalone angle in degrees in radians (90^\\circ ~ \\frac{\\pi}{2}); default: as the number (90^\\circ ~ 90)";
        relation_for_interval: bool = Bool(true),
            "a predicted relation (-2 \\le x \\le 7) answers a reference interval (x \\in [-2,7]); off, only that direction is refused";
        decimal_rounding: bool = Bool(false),
            "a rounded decimal of 3+ significant digits (30.52) matches an exact value that rounds to it at its decimal places (never another decimal)";
        repeating_decimals: bool = Bool(true),
            "a decimal of 3+ significant digits (0.333) matches a rational without a finite decimal (\\frac{1}{3}) that rounds to it at its decimal places (never pi, another decimal or 0.33)";
    }
}

impl EqualOptionArgs<'_> {
    /// The typed options.
    pub(crate) fn options(&self) -> EqualOptions {
        EqualOptions {
            rel_tol: self.rel_tol.0,
            abs_tol: self.abs_tol.value,
            // An abs_tol the caller sets is meant for every pair (math-verify's
            // float_rounding maps to it); the default one applies near zero only.
            abs_tol_everywhere: self.abs_tol_everywhere || self.abs_tol.given,
            include_percentage: self.include_percentage,
            percent_rel_tol: self.percent_rel_tol.0,
            compare_sets: self.compare_sets,
            ascii_only: self.ascii_only,
            degrees_as_radians: self.degrees_as_radians,
            relation_for_interval: self.relation_for_interval,
            decimal_rounding: self.decimal_rounding,
            repeating_decimals: self.repeating_decimals,
        }
    }
}

/// The reference argument: a string or a list of strings and numbers (any
/// one matching counts); numbers are read as their JSON text.
pub(crate) fn reference_list(
    value: AnyValue<'_>,
    name: &'static str,
) -> Result<Vec<String>, CallError> {
    let bad = |found: &str| CallError::InvalidValue {
        name,
        reason: format!("expected a string or a list of strings and numbers, found {found}"),
    };
    match value.0 {
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

spec_args! {
    /// The arguments of `math.equal`.
    struct MathEqualArgs<'a> {
        reference: AnyValue<'a> = Required,
            "the gold answer: a string, or a list of acceptable answers (strings or numbers)";
        prediction: &'a str = Required, "the predicted answer";
        ..options: EqualOptionArgs
    }
}

fn run_equal(a: &Args<'_>) -> Result<Value, CallError> {
    let args = MathEqualArgs::read(a)?;
    let refs = reference_list(args.reference, "reference")?;
    let refs: Vec<&str> = refs.iter().map(String::as_str).collect();
    let v = equal_any(&refs, args.prediction, &args.options.options());
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
    params: MathEqualArgs::PARAMS,
    typed: None,
    run: run_equal,
}];
