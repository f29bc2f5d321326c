//! The engine's entry points by text format, as the registry exposes them.

use std::collections::HashMap;

use serde_json::{Map, Value, json};

use super::canon::canonical_owned;
use super::complex::Complex;
use super::equiv::{EquivOptions, equivalent};
use super::error::ExprError;
use super::eval::{EvalError, eval_complex};
use super::limits::Limits;
use super::parse::{
    infix::parse_infix,
    latex::{parse_latex, parse_simple},
    rpn::parse_rpn,
};
use super::print::to_infix;
use super::{Expr, print_latex, print_rpn};

str_enum! {
    /// The text formats of expressions; `as_str` is the name the registry
    /// takes (`latex`, `infix`, `rpn`) and `from_name` reads it.
    pub enum Format {
        /// LaTeX as in math answers (`\frac{1}{2}`).
        Latex => "latex",
        /// Infix as SymPy and LLMs write it (`x**2 + sin(x)`).
        Infix => "infix",
        /// Reverse Polish notation (`x 2 ^ x sin +`).
        Rpn => "rpn",
    }
}

/// Parses `text` in `format` without canonicalizing.
pub fn parse_raw(text: &str, format: Format, limits: &Limits) -> Result<Expr, ExprError> {
    match format {
        Format::Latex => parse_latex(text, limits),
        Format::Infix => parse_infix(text, limits),
        Format::Rpn => parse_rpn(text, limits),
    }
}

/// Parses `text` in `format` and returns its canonical form.
///
/// ```
/// use scorespec::expr::{api::{parse, Format}, print::to_infix, Limits};
/// let e = parse("x 2 ^ x sin +", Format::Rpn, &Limits::default()).unwrap();
/// assert_eq!(to_infix(&e), "x**2 + sin(x)");
/// ```
pub fn parse(text: &str, format: Format, limits: &Limits) -> Result<Expr, ExprError> {
    // Integers, fractions of integers and single letters (a third of the
    // items `math.equal` reads) have their canonical form read directly.
    if format == Format::Latex {
        if let Some(e) = parse_simple(text, limits) {
            return Ok(e);
        }
    }
    canonical_owned(parse_raw(text, format, limits)?, limits)
}

/// The canonical infix string of `text`.
pub fn canonical_string(text: &str, format: Format, limits: &Limits) -> Result<String, ExprError> {
    Ok(to_infix(&parse(text, format, limits)?))
}

/// The LaTeX form of `text`.
pub fn latex_string(text: &str, format: Format, limits: &Limits) -> Result<String, ExprError> {
    Ok(print_latex::to_latex(&parse(text, format, limits)?))
}

/// The RPN form of `text`, or why it has none.
pub fn rpn_string(
    text: &str,
    format: Format,
    limits: &Limits,
) -> Result<Result<String, String>, ExprError> {
    Ok(print_rpn::to_rpn(&parse(text, format, limits)?))
}

/// Why an evaluation has no value.
#[derive(Debug, Clone, PartialEq)]
pub enum EvalOutcome {
    /// A real value.
    Real(f64),
    /// A complex value.
    Complex(Complex),
    /// No value at this point, and why.
    Undefined(String),
}

/// Evaluates `text` at the point `at` (symbol → real or complex value).
pub fn evaluate(
    text: &str,
    format: Format,
    at: &[(String, Complex)],
    limits: &Limits,
) -> Result<EvalOutcome, ExprError> {
    let e = parse(text, format, limits)?;
    // One hash lookup per symbol occurrence (a scan of `at` per occurrence was
    // quadratic in the number of symbols); the first value of a name wins.
    let mut values: HashMap<&str, Complex> = HashMap::with_capacity(at.len());
    for (name, v) in at {
        values.entry(name.as_str()).or_insert(*v);
    }
    let env = |name: &str| values.get(name).copied();
    let mut steps = 0;
    Ok(
        match eval_complex(&e, &env, &mut steps, limits.max_eval_steps) {
            Ok(v) if v.im.abs() <= 1e-12 * v.re.abs().max(1.0) => EvalOutcome::Real(v.re),
            Ok(v) => EvalOutcome::Complex(v),
            Err(EvalError::BudgetExceeded { limit }) => {
                return Err(ExprError::BudgetExceeded {
                    which: "evaluation steps",
                    limit,
                });
            }
            Err(e) => EvalOutcome::Undefined(e.to_string()),
        },
    )
}

/// The verdict object of `expr.equivalent`: `{equal, outcome, rule, a_canonical,
/// b_canonical}` plus `reason` when there is one. Never fails: a side that
/// does not parse gives the outcome `unparseable`, a bound gives
/// `budget_exceeded`.
pub fn equivalent_json(
    a: &str,
    b: &str,
    format: Format,
    opts: &EquivOptions,
    limits: &Limits,
) -> Value {
    let pa = parse(a, format, limits);
    let pb = parse(b, format, limits);
    let mut out = Map::new();
    let show = |p: &Result<Expr, ExprError>| match p {
        Ok(e) => Value::from(to_infix(e)),
        Err(_) => Value::Null,
    };
    out.insert("a_canonical".into(), show(&pa));
    out.insert("b_canonical".into(), show(&pb));
    let (outcome, rule, reason) = match (&pa, &pb) {
        (Ok(x), Ok(y)) => match equivalent(x, y, opts, limits) {
            Ok(v) => (v.outcome.as_str(), v.rule.as_str(), v.reason),
            Err(e @ ExprError::BudgetExceeded { .. }) => {
                ("budget_exceeded", "bounds", Some(e.to_string()))
            }
            Err(e) => ("unparseable", "parse", Some(e.to_string())),
        },
        (Err(e), _) | (_, Err(e)) => {
            let side = if pa.is_err() { "a" } else { "b" };
            let kind = match e {
                ExprError::BudgetExceeded { .. } => "budget_exceeded",
                _ => "unparseable",
            };
            (kind, "parse", Some(format!("{side}: {e}")))
        }
    };
    out.insert("equal".into(), json!(outcome == "equal"));
    out.insert("outcome".into(), json!(outcome));
    out.insert("rule".into(), json!(rule));
    if let Some(r) = reason {
        out.insert("reason".into(), json!(r));
    }
    Value::Object(out)
}
