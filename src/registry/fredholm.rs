//! Registry entries of the Fredholm integral-equation pipeline (document 003), spec/fredholm.md.

use serde_json::{Map, Value};

use super::{Args, Default, Param, ParamType, SpecFn, flag, required};
use crate::error::{CallError, json_type};
use crate::expr::api::Format;
use crate::expr::eval::eval_real;
use crate::expr::{Expr, Limits};
use crate::score::fredholm::compare::{
    MAX_POINTS, NumericOptions, SYMBOLIC_DOMAIN, Truth, numeric_compare, symbolic_compare_on,
};
use crate::score::fredholm::evaluate::{EvalOptions, evaluate, evaluate_prediction};
use crate::score::fredholm::evaluators::{
    FamilyPoints, approx_coef, discrete_points, family, series_terms,
};
use crate::score::fredholm::parse::{extract_discrete_points, parse_expression, parse_output};

const FORMAT_AUTO: Param = Param {
    name: "format",
    ty: ParamType::Str,
    default: Default::Str("auto"),
    doc: "the format of the expressions: auto (detect), latex, infix or rpn",
};

const SOLUTION: Param = required("solution", ParamType::Str, "the predicted u(x)");
const GROUND_TRUTH: Param = required("ground_truth", ParamType::Str, "the true u(x)");

const DOMAIN: Param = Param {
    name: "domain",
    ty: ParamType::Array,
    default: Default::Optional,
    doc: "[a, b] of the generated points: numbers or constant expressions (default [-1, 1])",
};

const DOMAIN_SYMBOLIC: Param = Param {
    name: "domain",
    ty: ParamType::Array,
    default: Default::Optional,
    doc: "[a, b] where the symbols are sampled: numbers or constant expressions (default [-1, 1])",
};

const N_POINTS: Param = Param {
    name: "n_points",
    ty: ParamType::Number,
    default: Default::Number(100.0),
    doc: "how many evenly spaced points to generate (1 to 10000)",
};

const TOLERANCE: Param = Param {
    name: "tolerance",
    ty: ParamType::Number,
    default: Default::Number(1e-6),
    doc: "a point matches when |solution - truth| is below this",
};

const EVALUATION_POINTS: Param = Param {
    name: "evaluation_points",
    ty: ParamType::Object,
    default: Default::Optional,
    doc: "stored points {x_values, u_values} used instead of generated ones",
};

fn format(a: &Args<'_>) -> Result<Option<Format>, CallError> {
    let name = a.str("format")?;
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

fn expr(a: &Args<'_>, name: &'static str, fmt: Option<Format>) -> Result<Expr, CallError> {
    parse_expression(a.str(name)?, fmt, &Limits::default())
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

fn domain(a: &Args<'_>, default: (f64, f64)) -> Result<(f64, f64), CallError> {
    let Some(v) = a.value("domain")? else {
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

fn count(a: &Args<'_>, name: &'static str) -> Result<usize, CallError> {
    let n = a.number(name)?;
    if n.fract() == 0.0 && (1.0..=MAX_POINTS as f64).contains(&n) {
        Ok(n as usize)
    } else {
        Err(bad(
            name,
            format!("must be an integer from 1 to {MAX_POINTS}, found {n}"),
        ))
    }
}

fn numeric_options(a: &Args<'_>, default_domain: (f64, f64)) -> Result<NumericOptions, CallError> {
    Ok(NumericOptions {
        domain: domain(a, default_domain)?,
        n_points: count(a, "n_points")?,
        tolerance: a.tolerance("tolerance")?,
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

fn stored(a: &Args<'_>) -> Result<Option<StoredPoints>, CallError> {
    let Some(Value::Object(o)) = a.value("evaluation_points")? else {
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

fn numeric(a: &Args<'_>) -> Result<Value, CallError> {
    let fmt = format(a)?;
    let sol = expr(a, "solution", fmt)?;
    let mut opts = numeric_options(a, (-1.0, 1.0))?;
    opts.include_points = a.bool("include_points")?;
    let l = Limits::default();
    let r = match stored(a)? {
        Some((xs, ys)) => numeric_compare(&sol, Truth::Values(&ys), Some(&xs), &opts, &l),
        None => {
            if a.value("ground_truth")?.is_none() {
                return Err(CallError::MissingArgument {
                    name: "ground_truth",
                });
            }
            let gt = expr(a, "ground_truth", fmt)?;
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

fn family_fn(a: &Args<'_>) -> Result<Value, CallError> {
    let fmt = format(a)?;
    let sol = expr(a, "solution", fmt)?;
    let gt = expr(a, "ground_truth", fmt)?;
    let opts = numeric_options(a, (0.0, 1.0))?;
    let stored = match a.value("evaluation_points")? {
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

fn eval_options(a: &Args<'_>) -> Result<EvalOptions, CallError> {
    Ok(EvalOptions {
        numeric_tolerance: a.tolerance("tolerance")?,
        n_points: count(a, "n_points")?,
        include_points: a.bool("include_points")?,
        ..EvalOptions::default()
    })
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
        params: &[
            required("response", ParamType::Str, "the model's full response"),
            FORMAT_AUTO,
        ],
        run: |a| {
            let r = parse_output(a.str("response")?, format(a)?);
            Ok(serde_json::to_value(r).unwrap_or(Value::Null))
        },
    },
    SpecFn {
        id: "fredholm.symbolic_compare",
        doc: "whether the solution is equivalent to the ground truth, with the rule that decided",
        spec: "spec/fredholm.md#comparisons",
        params: &[SOLUTION, GROUND_TRUTH, FORMAT_AUTO, DOMAIN_SYMBOLIC],
        run: |a| {
            let fmt = format(a)?;
            let (s, g) = (expr(a, "solution", fmt)?, expr(a, "ground_truth", fmt)?);
            let dom = domain(a, SYMBOLIC_DOMAIN)?;
            let r = symbolic_compare_on(&s, &g, dom, &Limits::default());
            Ok(serde_json::to_value(r).unwrap_or(Value::Null))
        },
    },
    SpecFn {
        id: "fredholm.numeric_compare",
        doc: "max / mean error, MAE, RMSE of solution vs truth at stored or evenly spaced points",
        spec: "spec/fredholm.md#comparisons",
        params: &[
            SOLUTION,
            Param {
                name: "ground_truth",
                ty: ParamType::Str,
                default: Default::Optional,
                doc: "the true u(x) (not needed with evaluation_points)",
            },
            FORMAT_AUTO,
            DOMAIN,
            N_POINTS,
            EVALUATION_POINTS,
            TOLERANCE,
            flag(
                "include_points",
                false,
                "also return x_values, y_pred, y_true",
            ),
        ],
        run: numeric,
    },
    SpecFn {
        id: "fredholm.discrete_points",
        doc: "point-wise comparison of predicted (x, y) points with the true ones",
        spec: "spec/fredholm.md#type-specific-evaluators",
        params: &[
            required(
                "prediction",
                ParamType::Any,
                "[[x, y], …] or a text with [(x, y), …]",
            ),
            required(
                "ground_truth",
                ParamType::Any,
                "[[x, y], …] or a text with [(x, y), …]",
            ),
            Param {
                name: "x_tolerance",
                ty: ParamType::Number,
                default: Default::Number(1e-3),
                doc: "points pair when their x differ by less than this",
            },
            Param {
                name: "y_tolerance",
                ty: ParamType::Number,
                default: Default::Number(1e-3),
                doc: "a paired point matches when its y differ by less than this",
            },
        ],
        run: |a| {
            let p = points("prediction", a.value("prediction")?)?;
            let g = points("ground_truth", a.value("ground_truth")?)?;
            let r = discrete_points(
                &p,
                &g,
                a.tolerance("x_tolerance")?,
                a.tolerance("y_tolerance")?,
            );
            Ok(serde_json::to_value(r).unwrap_or(Value::Null))
        },
    },
    SpecFn {
        id: "fredholm.series_terms",
        doc: "term-by-term RMSE of two series over their top-level terms",
        spec: "spec/fredholm.md#type-specific-evaluators",
        params: &[
            SOLUTION,
            GROUND_TRUTH,
            FORMAT_AUTO,
            Param {
                doc: "[a, b] of the points (default [0, 1])",
                ..DOMAIN
            },
            N_POINTS,
            TOLERANCE,
        ],
        run: |a| {
            let fmt = format(a)?;
            let (s, g) = (expr(a, "solution", fmt)?, expr(a, "ground_truth", fmt)?);
            let opts = numeric_options(a, (0.0, 1.0))?;
            let r = series_terms(&s, &g, &opts, &Limits::default());
            Ok(serde_json::to_value(r).unwrap_or(Value::Null))
        },
    },
    SpecFn {
        id: "fredholm.approx_coef",
        doc: "per-term coefficient comparison of an approximate solution",
        spec: "spec/fredholm.md#type-specific-evaluators",
        params: &[
            SOLUTION,
            GROUND_TRUTH,
            FORMAT_AUTO,
            TOLERANCE,
            Param {
                name: "relative_tolerance",
                ty: ParamType::Number,
                default: Default::Number(0.1),
                doc: "a term also matches when its relative error is at most this",
            },
        ],
        run: |a| {
            let fmt = format(a)?;
            let (s, g) = (expr(a, "solution", fmt)?, expr(a, "ground_truth", fmt)?);
            let r = approx_coef(
                &s,
                &g,
                a.tolerance("tolerance")?,
                a.tolerance("relative_tolerance")?,
            );
            Ok(serde_json::to_value(r).unwrap_or(Value::Null))
        },
    },
    SpecFn {
        id: "fredholm.family",
        doc: "family of solutions: free constants sampled (-1, 1, 2), mean and std of the errors",
        spec: "spec/fredholm.md#type-specific-evaluators",
        params: &[
            SOLUTION,
            GROUND_TRUTH,
            FORMAT_AUTO,
            Param {
                doc: "[a, b] of the points (default [0, 1])",
                ..DOMAIN
            },
            N_POINTS,
            TOLERANCE,
            Param {
                doc: "stored {x_values, u_values_samples, constant_samples}",
                ..EVALUATION_POINTS
            },
        ],
        run: family_fn,
    },
    SpecFn {
        id: "fredholm.evaluate",
        doc: "the metrics JSON of a list of predictions (accuracy, per_type, confusion_matrix, …)",
        spec: "spec/fredholm.md#evaluation-and-the-metrics-json",
        params: &[
            required(
                "predictions",
                ParamType::Array,
                "the prediction objects (the predictions JSONL lines)",
            ),
            TOLERANCE,
            N_POINTS,
            flag(
                "include_points",
                false,
                "keep the points in each numeric result",
            ),
        ],
        run: |a| {
            let preds = a
                .value("predictions")?
                .and_then(Value::as_array)
                .map(Vec::as_slice)
                .unwrap_or_default();
            if preds.len() > MAX_PREDICTIONS {
                return Err(bad(
                    "predictions",
                    format!("more than {MAX_PREDICTIONS}; use `scorespec eval --task fredholm`"),
                ));
            }
            Ok(evaluate(preds, &eval_options(a)?))
        },
    },
    SpecFn {
        id: "fredholm.evaluate_prediction",
        doc: "one prediction with its evaluation object (correct, symbolic, numeric, type-specific)",
        spec: "spec/fredholm.md#evaluation-and-the-metrics-json",
        params: &[
            required("prediction", ParamType::Object, "one prediction object"),
            TOLERANCE,
            N_POINTS,
            flag(
                "include_points",
                false,
                "keep the points in the numeric result",
            ),
        ],
        run: |a| {
            let row: Map<String, Value> = a.object("prediction")?;
            Ok(evaluate_prediction(&row, &eval_options(a)?).0)
        },
    },
];
