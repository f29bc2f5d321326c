//! Registry entries of the fredholm_metrics part (see the spec page of its family):
//! the metrics of Part 8 of document 003, spec/fredholm.md "Metrics of Part 8".

use serde_json::Value;

use super::typed::{AnyValue, ArrayValue, format_named};
use super::{Args, SpecFn, expr_error};
use crate::error::{CallError, json_type};
use crate::expr::api::{Format, parse};
use crate::expr::eval::eval_real;
use crate::expr::{Expr, Limits};
use crate::score::fredholm::metrics::{
    self, MAX_SAMPLE_POINTS, SampleError, VerifyOptions, linspace, none_detection, operator_f1,
    sample,
};
use crate::text::bleu;

const FORMAT_INFIX_DOC: &str = "the text format of the prediction: infix (default), latex or rpn";
const DOMAIN_DOC: &str = "[a, b], numbers or constant expressions (default [0, 1])";
const GROUND_TRUTH_FORMAT_DOC: &str = "the format of the ground-truth side (default: format)";

/// The format of the ground-truth side: `ground_truth_format`, else `format`.
fn truth_format(format: &str, ground_truth_format: Option<&str>) -> Result<Format, CallError> {
    match ground_truth_format {
        None => format_named("format", format),
        Some(s) => format_named("ground_truth_format", s),
    }
}

fn expr(text: &str, name: &'static str, fmt: Format) -> Result<Expr, CallError> {
    parse(text, fmt, &Limits::default()).map_err(|e| expr_error(name, e))
}

/// A real constant: a JSON number, or a string holding an expression without
/// symbols (`"pi"`, `"1/2"`).
fn constant(name: &'static str, v: &Value, fmt: Format) -> Result<f64, CallError> {
    let bad = |reason: String| CallError::InvalidValue { name, reason };
    let x = match v {
        Value::Number(n) => n.as_f64().ok_or_else(|| bad("not a number".into()))?,
        Value::String(s) => {
            let limits = Limits::default();
            let e = parse(s, fmt, &limits).map_err(|e| expr_error(name, e))?;
            eval_real(&e, &|_| None, &mut 0, limits.max_eval_steps)
                .map_err(|e| bad(format!("{s:?} has no real value: {e}")))?
        }
        other => {
            return Err(bad(format!(
                "expected a number or a constant expression, found {}",
                json_type(other)
            )));
        }
    };
    if x.is_finite() {
        Ok(x)
    } else {
        Err(bad(format!("{x} is not finite")))
    }
}

fn domain(v: ArrayValue<'_>, fmt: Format) -> Result<(f64, f64), CallError> {
    let Some(v) = v.0 else {
        return Ok((0.0, 1.0));
    };
    let items = v.as_array().map(Vec::as_slice).unwrap_or_default();
    let [lo, hi] = items else {
        return Err(CallError::InvalidValue {
            name: "domain",
            reason: format!("expected [a, b], found {} items", items.len()),
        });
    };
    let (lo, hi) = (constant("domain", lo, fmt)?, constant("domain", hi, fmt)?);
    if lo < hi {
        Ok((lo, hi))
    } else {
        Err(CallError::InvalidValue {
            name: "domain",
            reason: format!("a = {lo} must be smaller than b = {hi}"),
        })
    }
}

fn count(n: f64, name: &'static str) -> Result<usize, CallError> {
    if n.fract() == 0.0 && (1.0..=MAX_SAMPLE_POINTS as f64).contains(&n) {
        Ok(n as usize)
    } else {
        Err(CallError::InvalidValue {
            name,
            reason: format!("must be an integer from 1 to {MAX_SAMPLE_POINTS}, found {n}"),
        })
    }
}

fn numbers(name: &'static str, v: &Value) -> Result<Vec<f64>, CallError> {
    let bad = |reason: String| CallError::InvalidValue { name, reason };
    let items = v.as_array().ok_or_else(|| {
        bad(format!(
            "expected a list of numbers, found {}",
            json_type(v)
        ))
    })?;
    if items.is_empty() || items.len() > MAX_SAMPLE_POINTS {
        return Err(bad(format!(
            "expected 1 to {MAX_SAMPLE_POINTS} numbers, found {}",
            items.len()
        )));
    }
    items
        .iter()
        .map(|x| {
            x.as_f64()
                .filter(|x| x.is_finite())
                .ok_or_else(|| bad(format!("{x} is not a finite number")))
        })
        .collect()
}

fn sample_error(e: SampleError) -> CallError {
    match e {
        SampleError::Undefined(reason) => CallError::Undefined { reason },
        SampleError::Budget(e) => expr_error("solution", e),
    }
}

spec_args! {
    /// The arguments of `fredholm.relative_l2`.
    struct RelativeL2Args<'a> {
        solution: &'a str = Required, "the predicted solution u(x)";
        ground_truth: AnyValue<'a> = Required,
            "the true solution: an expression, or {x_values, u_values} (or {evaluation_points: …})";
        format: &'a str = Str("infix"), FORMAT_INFIX_DOC;
        ground_truth_format: Option<&'a str> = Optional, GROUND_TRUTH_FORMAT_DOC;
        domain: ArrayValue<'a> = Optional, DOMAIN_DOC;
        n_points: f64 = Number(100.0),
            "the number of points of linspace(a, b, n) (ignored with stored points)";
    }
}

fn relative_l2(a: &Args<'_>) -> Result<Value, CallError> {
    let args = RelativeL2Args::read(a)?;
    let fmt = format_named("format", args.format)?;
    let u = expr(args.solution, "solution", fmt)?;
    let gt_fmt = truth_format(args.format, args.ground_truth_format)?;
    let truth = args.ground_truth.0.unwrap_or(&Value::Null);
    let (xs, expected) = match truth {
        Value::String(text) => {
            let g = expr(text, "ground_truth", gt_fmt)?;
            let (lo, hi) = domain(args.domain, gt_fmt)?;
            let xs = linspace(lo, hi, count(args.n_points, "n_points")?);
            let ys = sample(&g, &xs).map_err(|e| match e {
                SampleError::Undefined(r) => CallError::Undefined {
                    reason: format!("ground truth: {r}"),
                },
                other => sample_error(other),
            })?;
            (xs, ys)
        }
        Value::Object(o) => {
            let points = match o.get("evaluation_points") {
                Some(Value::Object(p)) => p,
                _ => o,
            };
            let get = |k: &str| {
                points.get(k).ok_or_else(|| CallError::InvalidValue {
                    name: "ground_truth",
                    reason: format!(
                        "an object needs \"x_values\" and \"u_values\"; {k:?} is missing"
                    ),
                })
            };
            let xs = numbers("ground_truth", get("x_values")?)?;
            let ys = numbers("ground_truth", get("u_values")?)?;
            if xs.len() != ys.len() {
                return Err(CallError::InvalidValue {
                    name: "ground_truth",
                    reason: format!("{} x_values but {} u_values", xs.len(), ys.len()),
                });
            }
            (xs, ys)
        }
        other => {
            return Err(CallError::WrongType {
                name: "ground_truth",
                expected: "an expression string or {x_values, u_values}",
                found: json_type(other),
            });
        }
    };
    let got = sample(&u, &xs).map_err(sample_error)?;
    let r = metrics::relative_l2(&got, &expected);
    Ok(if r.is_infinite() {
        Value::from("inf")
    } else {
        Value::from(r)
    })
}

spec_args! {
    /// The arguments of `fredholm.verify_solution`.
    struct VerifyArgs<'a> {
        solution: &'a str = Required, "the solution u(x)";
        kernel: &'a str = Required, "the kernel K(x, t)";
        f: &'a str = Required, "the right-hand side f(x)";
        lambda: AnyValue<'a> = Required, "λ: a number or a constant expression";
        domain: ArrayValue<'a> = Optional, DOMAIN_DOC;
        format: &'a str = Str("infix"), FORMAT_INFIX_DOC;
        ground_truth_format: Option<&'a str> = Optional,
            "the format of kernel, f, lambda and domain (default: format)";
        tolerance: f64 = Number(1e-6), "verified when the largest |residual| is below this";
        n_points: f64 = Number(50.0),
            "the number of sample points (midpoints of equal cells of [a, b])";
        x_values: ArrayValue<'a> = Optional, "explicit sample points (replace n_points)";
    }
}

fn verify(a: &Args<'_>) -> Result<Value, CallError> {
    let args = VerifyArgs::read(a)?;
    let u = expr(
        args.solution,
        "solution",
        format_named("format", args.format)?,
    )?;
    let fmt = truth_format(args.format, args.ground_truth_format)?;
    let k = expr(args.kernel, "kernel", fmt)?;
    let f = expr(args.f, "f", fmt)?;
    let lambda = constant("lambda", args.lambda.0.unwrap_or(&Value::Null), fmt)?;
    let (lo, hi) = domain(args.domain, fmt)?;
    let tolerance = args.tolerance;
    if !(tolerance > 0.0 && tolerance.is_finite()) {
        return Err(CallError::InvalidValue {
            name: "tolerance",
            reason: format!("must be a positive number, found {tolerance}"),
        });
    }
    let x_values = match args.x_values.0 {
        Some(v) => Some(numbers("x_values", v)?),
        None => None,
    };
    let opts = VerifyOptions {
        tolerance,
        n_points: count(args.n_points, "n_points")?,
        x_values,
    };
    let r = metrics::verify_solution(&u, &k, &f, lambda, (lo, hi), &opts)
        .map_err(|e| expr_error("solution", e))?;
    serde_json::to_value(r).map_err(|e| CallError::InvalidValue {
        name: "solution",
        reason: e.to_string(),
    })
}

spec_args! {
    /// The arguments of `fredholm.none_detection`.
    struct NoneDetectionArgs<'a> {
        predictions: ArrayValue<'a> = Required,
            "prediction rows {ground_truth_solution_type, has_solution} (absent or null allowed; other keys ignored)";
    }
}

spec_args! {
    /// The arguments of `fredholm.bleu`.
    struct BleuArgs<'a> {
        prediction: &'a str = Required, "the predicted solution string";
        reference: &'a str = Required, "the ground-truth solution string";
    }
}

spec_args! {
    /// The arguments of `fredholm.math_tokens`.
    struct TokensArgs<'a> {
        text: &'a str = Required, "a solution string";
    }
}

spec_args! {
    /// The arguments of `fredholm.operator_f1`.
    struct OperatorArgs<'a> {
        prediction: &'a str = Required, "the predicted solution";
        reference: &'a str = Required, "the ground-truth solution";
        format: &'a str = Str("infix"), FORMAT_INFIX_DOC;
        ground_truth_format: Option<&'a str> = Optional, GROUND_TRUTH_FORMAT_DOC;
    }
}

fn none_detection_fn(a: &Args<'_>) -> Result<Value, CallError> {
    let rows = NoneDetectionArgs::read(a)?
        .predictions
        .0
        .and_then(Value::as_array)
        .ok_or(CallError::MissingArgument {
            name: "predictions",
        })?;
    let bad = |reason: String| CallError::InvalidValue {
        name: "predictions",
        reason,
    };
    let mut pairs = Vec::with_capacity(rows.len());
    for (i, row) in rows.iter().enumerate() {
        let row = row.as_object().ok_or_else(|| {
            bad(format!(
                "item {i} must be an object, found {}",
                json_type(row)
            ))
        })?;
        let is_none = match row.get(GT_TYPE) {
            Some(Value::String(s)) => s == "none",
            Some(Value::Null) | None => false,
            Some(other) => {
                return Err(bad(format!(
                    "item {i}: {GT_TYPE:?} must be a string or null, found {}",
                    json_type(other)
                )));
            }
        };
        let has = match row.get("has_solution") {
            Some(Value::Bool(b)) => Some(*b),
            Some(Value::Null) | None => None,
            Some(other) => {
                return Err(bad(format!(
                    "item {i}: \"has_solution\" must be a boolean or null, found {}",
                    json_type(other)
                )));
            }
        };
        pairs.push((is_none, has));
    }
    serde_json::to_value(none_detection(pairs)).map_err(|e| bad(e.to_string()))
}

const GT_TYPE: &str = "ground_truth_solution_type";

/// The functions of this file (sorted into the registry by [`super::all`]).
pub(super) static FNS: &[SpecFn] = &[
    SpecFn {
        id: "fredholm.bleu",
        doc: "NLTK sentence BLEU (method1 smoothing) of the math tokens of prediction vs reference",
        spec: "spec/fredholm.md#metrics-of-part-8",
        params: BleuArgs::PARAMS,
        typed: None,
        run: |a| {
            let args = BleuArgs::read(a)?;
            Ok(Value::from(bleu::bleu(args.prediction, args.reference)))
        },
    },
    SpecFn {
        id: "fredholm.math_tokens",
        doc: "the tokens BLEU compares: whitespace-separated, with ** and + - * / ^ ( ) [ ] { } = , apart",
        spec: "spec/fredholm.md#metrics-of-part-8",
        params: TokensArgs::PARAMS,
        typed: None,
        run: |a| Ok(Value::from(bleu::math_tokens(TokensArgs::read(a)?.text))),
    },
    SpecFn {
        id: "fredholm.none_detection",
        doc: "precision/recall/F1 of detecting 'no solution' (tp, fp, fn as the document counts)",
        spec: "spec/fredholm.md#metrics-of-part-8",
        params: NoneDetectionArgs::PARAMS,
        typed: None,
        run: none_detection_fn,
    },
    SpecFn {
        id: "fredholm.operator_f1",
        doc: "precision/recall/F1 of the sets of tracked operators (sin, Add, Pow, …) of two expressions",
        spec: "spec/fredholm.md#metrics-of-part-8",
        params: OperatorArgs::PARAMS,
        typed: None,
        run: |a| {
            let args = OperatorArgs::read(a)?;
            let r = operator_f1(
                &expr(
                    args.prediction,
                    "prediction",
                    format_named("format", args.format)?,
                )?,
                &expr(
                    args.reference,
                    "reference",
                    truth_format(args.format, args.ground_truth_format)?,
                )?,
            );
            serde_json::to_value(r).map_err(|e| CallError::InvalidValue {
                name: "prediction",
                reason: e.to_string(),
            })
        },
    },
    SpecFn {
        id: "fredholm.relative_l2",
        doc: "‖u − û‖₂/‖u‖₂ over sample points (\"inf\" when only the truth is zero)",
        spec: "spec/fredholm.md#metrics-of-part-8",
        params: RelativeL2Args::PARAMS,
        typed: None,
        run: relative_l2,
    },
    SpecFn {
        id: "fredholm.verify_solution",
        doc: "residual of u(x) − λ∫K(x,t)u(t)dt − f(x) at sample points (Gauss–Legendre quadrature)",
        spec: "spec/fredholm.md#metrics-of-part-8",
        params: VerifyArgs::PARAMS,
        typed: None,
        run: verify,
    },
];
