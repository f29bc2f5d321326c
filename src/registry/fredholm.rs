//! Registry entries of the Fredholm integral-equation pipeline (document 003), spec/fredholm.md.

use serde_json::Value;

use super::typed::{AnyValue, ArrayValue, Object, ObjectValue, checked_tolerance, concat_params};
use super::{Args, SpecFn};
use crate::error::{CallError, json_type};
use crate::expr::api::Format;
use crate::expr::eval::eval_real;
use crate::expr::{Expr, Limits};
use crate::score::fredholm::compare::{
    MAX_POINTS, NumericOptions, SYMBOLIC_DOMAIN, Truth, numeric_compare, symbolic_compare_on,
};
use crate::score::fredholm::evaluate::{EvalOptions, evaluate, evaluate_prediction};
use crate::score::fredholm::evaluators::{
    FamilyPoints, MAX_CONSTANT_SAMPLES, approx_coef, discrete_points, family, series_terms,
};
use crate::score::fredholm::parse::{extract_discrete_points, parse_expression, parse_output};

const FORMAT_AUTO_DOC: &str = "the format of the expressions: auto (detect), latex, infix or rpn";
const DOMAIN_DOC: &str =
    "[a, b] of the generated points: numbers or constant expressions (default [-1, 1])";
const DOMAIN_01_DOC: &str = "[a, b] of the points (default [0, 1])";
const N_POINTS_DOC: &str = "how many evenly spaced points to generate (1 to 10000)";
const TOLERANCE_DOC: &str = "a point matches when |solution - truth| is below this";

/// The format argument: `auto` (detect, `None`) or a format name.
fn format(name: &str) -> Result<Option<Format>, CallError> {
    if name == "auto" {
        return Ok(None);
    }
    Format::from_name(name)
        .map(Some)
        .ok_or_else(|| CallError::InvalidValue {
            name: "format",
            reason: format!("unknown format {name:?}; known: auto, latex, infix, rpn"),
        })
}

fn expr(text: &str, name: &'static str, fmt: Option<Format>) -> Result<Expr, CallError> {
    parse_expression(text, fmt, &Limits::default())
        .map(|(e, _)| e)
        .map_err(|message| CallError::Parse { name, message })
}

fn bad(name: &'static str, reason: impl Into<String>) -> CallError {
    CallError::InvalidValue {
        name,
        reason: reason.into(),
    }
}

/// A finite number, or a string holding a constant expression (`"pi"`).
fn constant(name: &'static str, v: &Value) -> Result<f64, CallError> {
    let x = match v {
        Value::Number(n) => n.as_f64(),
        Value::String(s) => {
            let l = Limits::default();
            let (e, _) = parse_expression(s, None, &l)
                .map_err(|message| CallError::Parse { name, message })?;
            eval_real(&e, &|_| None, &mut 0, l.max_eval_steps).ok()
        }
        other => {
            return Err(bad(
                name,
                format!("expected a number, found {}", json_type(other)),
            ));
        }
    };
    x.filter(|x| x.is_finite())
        .ok_or_else(|| bad(name, format!("{v} is not a finite real number")))
}

fn domain(v: ArrayValue<'_>, default: (f64, f64)) -> Result<(f64, f64), CallError> {
    let Some(v) = v.0 else {
        return Ok(default);
    };
    match v.as_array().map(Vec::as_slice) {
        Some([lo, hi]) => {
            let (lo, hi) = (constant("domain", lo)?, constant("domain", hi)?);
            if lo <= hi {
                Ok((lo, hi))
            } else {
                Err(bad("domain", format!("a = {lo} is larger than b = {hi}")))
            }
        }
        _ => Err(bad("domain", "expected [a, b]")),
    }
}

fn count(n: f64, name: &'static str) -> Result<usize, CallError> {
    if n.fract() == 0.0 && (1.0..=MAX_POINTS as f64).contains(&n) {
        Ok(n as usize)
    } else {
        Err(bad(
            name,
            format!("must be an integer from 1 to {MAX_POINTS}, found {n}"),
        ))
    }
}

/// The sampling options (domain, n_points, tolerance), checked in that order.
fn numeric_options(
    domain_arg: ArrayValue<'_>,
    n_points: f64,
    tolerance: f64,
    default_domain: (f64, f64),
) -> Result<NumericOptions, CallError> {
    Ok(NumericOptions {
        domain: domain(domain_arg, default_domain)?,
        n_points: count(n_points, "n_points")?,
        tolerance: checked_tolerance("tolerance", tolerance)?,
        include_points: false,
        constants: vec![],
    })
}

fn list(name: &'static str, v: Option<&Value>, what: &str) -> Result<Vec<Option<f64>>, CallError> {
    let items = v
        .and_then(Value::as_array)
        .ok_or_else(|| bad(name, format!("{what} must be a list of numbers")))?;
    if items.len() > MAX_POINTS {
        return Err(bad(name, format!("{what}: more than {MAX_POINTS} values")));
    }
    items
        .iter()
        .map(|x| match x {
            Value::Null => Ok(None),
            Value::Number(n) => Ok(n.as_f64()),
            other => Err(bad(
                name,
                format!("{what}: expected numbers, found {}", json_type(other)),
            )),
        })
        .collect()
}

/// `x_values` and `u_values` of an `evaluation_points` object.
/// Stored points: the abscissas and the true values (null where undefined).
type StoredPoints = (Vec<f64>, Vec<Option<f64>>);

fn stored(v: ObjectValue<'_>) -> Result<Option<StoredPoints>, CallError> {
    let Some(Value::Object(o)) = v.0 else {
        return Ok(None);
    };
    // `{evaluation_points: {x_values, u_values}}` (a dataset row's field) too.
    let o = match o.get("evaluation_points") {
        Some(Value::Object(inner)) => inner,
        _ => o,
    };
    const N: &str = "evaluation_points";
    let xs: Option<Vec<f64>> = list(N, o.get("x_values"), "x_values")?
        .into_iter()
        .collect();
    let xs = xs
        .filter(|v| v.iter().all(|x| x.is_finite()))
        .ok_or_else(|| bad(N, "x_values must be finite numbers"))?;
    let ys = list(N, o.get("u_values"), "u_values")?;
    if xs.len() != ys.len() || xs.is_empty() {
        return Err(bad(
            N,
            format!(
                "{} x_values but {} u_values (need the same, at least one)",
                xs.len(),
                ys.len()
            ),
        ));
    }
    Ok(Some((xs, ys)))
}

spec_args! {
    /// The arguments of `fredholm.numeric_compare`.
    struct NumericArgs<'a> {
        solution: &'a str = Required, "the predicted u(x)";
        ground_truth: Option<&'a str> = Optional, "the true u(x) (not needed with evaluation_points)";
        format: &'a str = Str("auto"), FORMAT_AUTO_DOC;
        domain: ArrayValue<'a> = Optional, DOMAIN_DOC;
        n_points: f64 = Number(100.0), N_POINTS_DOC;
        evaluation_points: ObjectValue<'a> = Optional,
            "stored points {x_values, u_values} used instead of generated ones";
        tolerance: f64 = Number(1e-6), TOLERANCE_DOC;
        include_points: bool = Bool(false), "also return x_values, y_pred, y_true";
    }
}

fn numeric(a: &Args<'_>) -> Result<Value, CallError> {
    let args = NumericArgs::read(a)?;
    let fmt = format(args.format)?;
    let sol = expr(args.solution, "solution", fmt)?;
    let mut opts = numeric_options(args.domain, args.n_points, args.tolerance, (-1.0, 1.0))?;
    opts.include_points = args.include_points;
    let l = Limits::default();
    let r = match stored(args.evaluation_points)? {
        Some((xs, ys)) => numeric_compare(&sol, Truth::Values(&ys), Some(&xs), &opts, &l),
        None => {
            let Some(gt) = args.ground_truth else {
                return Err(CallError::MissingArgument {
                    name: "ground_truth",
                });
            };
            let gt = expr(gt, "ground_truth", fmt)?;
            numeric_compare(&sol, Truth::Expr(&gt), None, &opts, &l)
        }
    };
    Ok(serde_json::to_value(r).unwrap_or(Value::Null))
}

fn points(name: &'static str, v: Option<&Value>) -> Result<Vec<[f64; 2]>, CallError> {
    match v {
        Some(Value::String(s)) => extract_discrete_points(s)
            .map(|(_, p)| p)
            .ok_or_else(|| bad(name, "no list of two or more points [(x, y), …]")),
        Some(Value::Array(items)) => {
            if items.len() > MAX_POINTS {
                return Err(bad(name, format!("more than {MAX_POINTS} points")));
            }
            items
                .iter()
                .map(|p| match p.as_array().map(Vec::as_slice) {
                    Some([x, y]) => match (x.as_f64(), y.as_f64()) {
                        (Some(x), Some(y)) => Ok([x, y]),
                        _ => Err(bad(name, format!("{p} is not a pair of numbers"))),
                    },
                    _ => Err(bad(name, format!("{p} is not a pair [x, y]"))),
                })
                .collect()
        }
        Some(other) => Err(CallError::WrongType {
            name,
            expected: "a list of [x, y] pairs or a string",
            found: json_type(other),
        }),
        None => Err(CallError::MissingArgument { name }),
    }
}

spec_args! {
    /// The argument `fredholm.family` takes after those of `fredholm.series_terms`.
    struct FamilyPointsArgs<'a> {
        evaluation_points: ObjectValue<'a> = Optional,
            "stored {x_values, u_values_samples, constant_samples}";
    }
}

/// The parameters of `fredholm.family`: those of `fredholm.series_terms`,
/// then `evaluation_points`.
static FAMILY_PARAMS: [super::Param; 7] =
    concat_params(SeriesArgs::PARAMS, FamilyPointsArgs::PARAMS);

fn family_fn(a: &Args<'_>) -> Result<Value, CallError> {
    let args = SeriesArgs::read(a)?;
    let fmt = format(args.format)?;
    let sol = expr(args.solution, "solution", fmt)?;
    let gt = expr(args.ground_truth, "ground_truth", fmt)?;
    let opts = numeric_options(args.domain, args.n_points, args.tolerance, (0.0, 1.0))?;
    let stored = match FamilyPointsArgs::read(a)?.evaluation_points.0 {
        Some(Value::Object(o)) => {
            const N: &str = "evaluation_points";
            let xs: Option<Vec<f64>> = list(N, o.get("x_values"), "x_values")?
                .into_iter()
                .collect();
            let xs = xs.ok_or_else(|| bad(N, "x_values must be numbers"))?;
            let samples = o
                .get("u_values_samples")
                .and_then(Value::as_array)
                .ok_or_else(|| bad(N, "u_values_samples must be a list of lists"))?
                .iter()
                .map(|s| list(N, Some(s), "u_values_samples"))
                .collect::<Result<Vec<_>, _>>()?;
            let consts: Option<Vec<f64>> = list(N, o.get("constant_samples"), "constant_samples")?
                .into_iter()
                .collect();
            let consts = consts.ok_or_else(|| bad(N, "constant_samples must be numbers"))?;
            if consts.len() > MAX_CONSTANT_SAMPLES {
                return Err(bad(
                    N,
                    format!(
                        "{} constant samples; at most {MAX_CONSTANT_SAMPLES} are taken",
                        consts.len()
                    ),
                ));
            }
            if consts.len() != samples.len() {
                return Err(bad(N, "one list of u_values_samples per constant sample"));
            }
            Some(FamilyPoints {
                x_values: xs,
                u_values_samples: samples,
                constant_samples: consts,
            })
        }
        _ => None,
    };
    let r = family(&sol, &gt, stored.as_ref(), &opts, &Limits::default());
    Ok(serde_json::to_value(r).unwrap_or(Value::Null))
}

/// The options of `fredholm.evaluate` and `fredholm.evaluate_prediction`.
fn eval_options(
    tolerance: f64,
    n_points: f64,
    include_points: bool,
) -> Result<EvalOptions, CallError> {
    Ok(EvalOptions {
        numeric_tolerance: checked_tolerance("tolerance", tolerance)?,
        n_points: count(n_points, "n_points")?,
        include_points,
        ..EvalOptions::default()
    })
}

spec_args! {
    /// The arguments of `fredholm.parse_output`.
    struct ParseOutputArgs<'a> {
        response: &'a str = Required, "the model's full response";
        format: &'a str = Str("auto"), FORMAT_AUTO_DOC;
    }
}

spec_args! {
    /// The arguments of `fredholm.symbolic_compare`.
    struct SymbolicArgs<'a> {
        solution: &'a str = Required, "the predicted u(x)";
        ground_truth: &'a str = Required, "the true u(x)";
        format: &'a str = Str("auto"), FORMAT_AUTO_DOC;
        domain: ArrayValue<'a> = Optional,
            "[a, b] where the symbols are sampled: numbers or constant expressions (default [-1, 1])";
    }
}

spec_args! {
    /// The arguments of `fredholm.discrete_points`.
    struct DiscreteArgs<'a> {
        prediction: AnyValue<'a> = Required, "[[x, y], …] or a text with [(x, y), …]";
        ground_truth: AnyValue<'a> = Required, "[[x, y], …] or a text with [(x, y), …]";
        x_tolerance: f64 = Number(1e-3), "points pair when their x differ by less than this";
        y_tolerance: f64 = Number(1e-3), "a paired point matches when its y differ by less than this";
    }
}

spec_args! {
    /// The arguments of `fredholm.series_terms`.
    struct SeriesArgs<'a> {
        solution: &'a str = Required, "the predicted u(x)";
        ground_truth: &'a str = Required, "the true u(x)";
        format: &'a str = Str("auto"), FORMAT_AUTO_DOC;
        domain: ArrayValue<'a> = Optional, DOMAIN_01_DOC;
        n_points: f64 = Number(100.0), N_POINTS_DOC;
        tolerance: f64 = Number(1e-6), TOLERANCE_DOC;
    }
}

spec_args! {
    /// The arguments of `fredholm.approx_coef`.
    struct ApproxArgs<'a> {
        solution: &'a str = Required, "the predicted u(x)";
        ground_truth: &'a str = Required, "the true u(x)";
        format: &'a str = Str("auto"), FORMAT_AUTO_DOC;
        tolerance: f64 = Number(1e-6), TOLERANCE_DOC;
        relative_tolerance: f64 = Number(0.1), "a term also matches when its relative error is at most this";
    }
}

spec_args! {
    /// The arguments of `fredholm.evaluate`.
    struct EvaluateArgs<'a> {
        predictions: ArrayValue<'a> = Required, "the prediction objects (the predictions JSONL lines)";
        tolerance: f64 = Number(1e-6), TOLERANCE_DOC;
        n_points: f64 = Number(100.0), N_POINTS_DOC;
        include_points: bool = Bool(false), "keep the points in each numeric result";
    }
}

spec_args! {
    /// The arguments of `fredholm.evaluate_prediction`.
    struct EvaluatePredictionArgs<'a> {
        prediction: Object = Required, "one prediction object";
        tolerance: f64 = Number(1e-6), TOLERANCE_DOC;
        n_points: f64 = Number(100.0), N_POINTS_DOC;
        include_points: bool = Bool(false), "keep the points in the numeric result";
    }
}

/// The most predictions one `fredholm.evaluate` call takes (the CLI streams
/// files of any length).
pub const MAX_PREDICTIONS: usize = 100_000;

/// The `fredholm.*` functions (sorted into the registry by [`super::all`]).
pub(super) static FNS: &[SpecFn] = &[
    SpecFn {
        id: "fredholm.parse_output",
        doc: "parse an LLM answer: solution (u(x) = …), HAS_SOLUTION, SOLUTION_TYPE, REASONING, confidence",
        spec: "spec/fredholm.md#parsing-llm-output",
        params: ParseOutputArgs::PARAMS,
        typed: None,
        run: |a| {
            let args = ParseOutputArgs::read(a)?;
            let r = parse_output(args.response, format(args.format)?);
            Ok(serde_json::to_value(r).unwrap_or(Value::Null))
        },
    },
    SpecFn {
        id: "fredholm.symbolic_compare",
        doc: "whether the solution is equivalent to the ground truth, with the rule that decided",
        spec: "spec/fredholm.md#comparisons",
        params: SymbolicArgs::PARAMS,
        typed: None,
        run: |a| {
            let args = SymbolicArgs::read(a)?;
            let fmt = format(args.format)?;
            let s = expr(args.solution, "solution", fmt)?;
            let g = expr(args.ground_truth, "ground_truth", fmt)?;
            let dom = domain(args.domain, SYMBOLIC_DOMAIN)?;
            let r = symbolic_compare_on(&s, &g, dom, &Limits::default());
            Ok(serde_json::to_value(r).unwrap_or(Value::Null))
        },
    },
    SpecFn {
        id: "fredholm.numeric_compare",
        doc: "max / mean error, MAE, RMSE of solution vs truth at stored or evenly spaced points",
        spec: "spec/fredholm.md#comparisons",
        params: NumericArgs::PARAMS,
        typed: None,
        run: numeric,
    },
    SpecFn {
        id: "fredholm.discrete_points",
        doc: "point-wise comparison of predicted (x, y) points with the true ones",
        spec: "spec/fredholm.md#type-specific-evaluators",
        params: DiscreteArgs::PARAMS,
        typed: None,
        run: |a| {
            let args = DiscreteArgs::read(a)?;
            let p = points("prediction", args.prediction.0)?;
            let g = points("ground_truth", args.ground_truth.0)?;
            let r = discrete_points(
                &p,
                &g,
                checked_tolerance("x_tolerance", args.x_tolerance)?,
                checked_tolerance("y_tolerance", args.y_tolerance)?,
            );
            Ok(serde_json::to_value(r).unwrap_or(Value::Null))
        },
    },
    SpecFn {
        id: "fredholm.series_terms",
        doc: "term-by-term RMSE of two series over their top-level terms",
        spec: "spec/fredholm.md#type-specific-evaluators",
        params: SeriesArgs::PARAMS,
        typed: None,
        run: |a| {
            let args = SeriesArgs::read(a)?;
            let fmt = format(args.format)?;
            let s = expr(args.solution, "solution", fmt)?;
            let g = expr(args.ground_truth, "ground_truth", fmt)?;
            let opts = numeric_options(args.domain, args.n_points, args.tolerance, (0.0, 1.0))?;
            let r = series_terms(&s, &g, &opts, &Limits::default());
            Ok(serde_json::to_value(r).unwrap_or(Value::Null))
        },
    },
    SpecFn {
        id: "fredholm.approx_coef",
        doc: "per-term coefficient comparison of an approximate solution",
        spec: "spec/fredholm.md#type-specific-evaluators",
        params: ApproxArgs::PARAMS,
        typed: None,
        run: |a| {
            let args = ApproxArgs::read(a)?;
            let fmt = format(args.format)?;
            let s = expr(args.solution, "solution", fmt)?;
            let g = expr(args.ground_truth, "ground_truth", fmt)?;
            let r = approx_coef(
                &s,
                &g,
                checked_tolerance("tolerance", args.tolerance)?,
                checked_tolerance("relative_tolerance", args.relative_tolerance)?,
            );
            Ok(serde_json::to_value(r).unwrap_or(Value::Null))
        },
    },
    SpecFn {
        id: "fredholm.family",
        doc: "family of solutions: free constants sampled (-1, 1, 2), mean and std of the errors",
        spec: "spec/fredholm.md#type-specific-evaluators",
        params: &FAMILY_PARAMS,
        typed: None,
        run: family_fn,
    },
    SpecFn {
        id: "fredholm.evaluate",
        doc: "the metrics JSON of a list of predictions (accuracy, per_type, confusion_matrix, …)",
        spec: "spec/fredholm.md#evaluation-and-the-metrics-json",
        params: EvaluateArgs::PARAMS,
        typed: None,
        run: |a| {
            let args = EvaluateArgs::read(a)?;
            let preds = args
                .predictions
                .0
                .and_then(Value::as_array)
                .map(Vec::as_slice)
                .unwrap_or_default();
            if preds.len() > MAX_PREDICTIONS {
                return Err(bad(
                    "predictions",
                    format!("more than {MAX_PREDICTIONS}; use `scorespec eval --task fredholm`"),
                ));
            }
            let opts = eval_options(args.tolerance, args.n_points, args.include_points)?;
            Ok(evaluate(preds, &opts))
        },
    },
    SpecFn {
        id: "fredholm.evaluate_prediction",
        doc: "one prediction with its evaluation object (correct, symbolic, numeric, type-specific)",
        spec: "spec/fredholm.md#evaluation-and-the-metrics-json",
        params: EvaluatePredictionArgs::PARAMS,
        typed: None,
        run: |a| {
            let args = EvaluatePredictionArgs::read(a)?;
            let opts = eval_options(args.tolerance, args.n_points, args.include_points)?;
            Ok(evaluate_prediction(&args.prediction.0, &opts).0)
        },
    },
];
