//! Evaluation of a predictions file (document 003, Part 5 "Metrics Output",
//! "Predictions Output" and Part 11): each prediction gets an `evaluation`
//! object, and an [`Aggregate`] folds the rows, one at a time, into the
//! metrics JSON. Rules FR-28 … FR-40 of spec/fredholm.md.
//!
//! A prediction is a JSON object with the document's fields:
//!
//! ```text
//! {"equation_id", "ground_truth", "solution_str", "solution_sympy",
//!  "has_solution", "solution_type", "ground_truth_has_solution",
//!  "ground_truth_solution_type", "ground_truth_domain", "evaluation_points",
//!  "ground_truth_kernel", "ground_truth_f", "ground_truth_lambda",
//!  "raw_response", "api_error", "format", …}
//! ```
//!
//! # Differences with the document
//!
//! Compared with the original (`evaluate.py`):
//!
//! * Every prediction counts in `total`: one whose solution is missing or
//!   unparseable is incorrect and counted in `parse_errors` (the original
//!   skips it, which raises the accuracy).
//! * A missing predicted `has_solution` or `solution_type` is a wrong answer
//!   for `has_solution_accuracy` / `solution_type_accuracy` (the original
//!   leaves the row out); the confusion key is then `…_predicted_as_missing`.
//! * Rows are folded one by one, so a file of any length is evaluated in
//!   bounded memory.

use std::collections::BTreeMap;

use serde_json::{Map, Value, json};

use super::compare::{NumericOptions, NumericResult, Truth, numeric_compare, symbolic_compare_on};
use super::evaluators::{FamilyPoints, approx_coef, discrete_points, family, series_terms, terms};
use super::metrics::{self, VerifyOptions, none_detection, operator_f1, verify_solution};
use super::parse::{
    SolutionType, extract_discrete_points, looks_like_prose, parse_expression, parse_output,
};
use crate::expr::api::Format;
use crate::expr::eval::eval_real;
use crate::expr::{Expr, Limits};
use crate::text::bleu;

/// The options of an evaluation.
#[derive(Debug, Clone, PartialEq)]
pub struct EvalOptions {
    /// Numeric tolerance (default 1e-6, the original's).
    pub numeric_tolerance: f64,
    /// Generated points per comparison (default 100).
    pub n_points: usize,
    /// The domain when a prediction has no `ground_truth_domain` (default `[0, 1]`).
    pub default_domain: (f64, f64),
    /// x tolerance of discrete points (default 1e-3).
    pub x_tolerance: f64,
    /// Relative tolerance of approximate coefficients (default 0.1).
    pub relative_tolerance: f64,
    /// Keep `x_values`, `y_pred`, `y_true` in the numeric result.
    pub include_points: bool,
}

impl Default for EvalOptions {
    fn default() -> Self {
        EvalOptions {
            numeric_tolerance: 1e-6,
            n_points: 100,
            default_domain: (0.0, 1.0),
            x_tolerance: 1e-3,
            relative_tolerance: 0.1,
            include_points: false,
        }
    }
}

/// The relative L2 error below which `aggregated.numeric_accuracy` counts a
/// prediction (Part 11: `rel_l2 < 0.05`).
pub const REL_L2_THRESHOLD: f64 = 0.05;

/// The number of terms the document's series are truncated to.
pub const SERIES_TERM_TARGET: usize = 4;

/// What the aggregate needs from one evaluated prediction.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Record {
    /// The ground truth's solution type.
    pub gt_type: Option<String>,
    /// The predicted solution type.
    pub pred_type: Option<String>,
    /// The `per_type` group: the ground truth's type, else the predicted
    /// one, else `unknown` (FR-36).
    pub group: String,
    /// Whether a solution exists, per the ground truth.
    pub gt_has_solution: Option<bool>,
    /// The predicted `has_solution`.
    pub pred_has_solution: Option<bool>,
    /// The row failed at the API (`api_error: true`).
    pub api_error: bool,
    /// The prediction's solution is missing or unparseable.
    pub parse_error: bool,
    /// The ground truth is missing or unparseable.
    pub ground_truth_error: bool,
    /// The prediction is correct.
    pub correct: bool,
    /// Symbolic equivalence (or a correct "none").
    pub symbolic: bool,
    /// Numeric match.
    pub numeric: bool,
    /// The canonical forms are identical.
    pub simplified: bool,
    /// The row was compared as an expression (not none, not points).
    pub expression_row: bool,
    /// BLEU of the solution string.
    pub bleu: Option<f64>,
    /// Operator precision, recall, F1.
    pub operator: Option<(f64, f64, f64)>,
    /// Relative L2 error (may be infinite).
    pub rel_l2: Option<f64>,
    /// RMSE, MAE, max error of the numeric comparison.
    pub errors: Option<(f64, f64, f64)>,
    /// Series term count.
    pub series_terms: Option<usize>,
    /// approx_coef match rate, mean abs error, mean rel error.
    pub approx: Option<(f64, Option<f64>, Option<f64>)>,
    /// discrete points matched, ground-truth points, accuracy, rmse.
    pub discrete: Option<(usize, usize, f64, Option<f64>)>,
    /// family naming valid, count match.
    pub family_params: Option<(bool, bool)>,
    /// residual verified, max, mean, rmse.
    pub residual: Option<(bool, f64, f64, f64)>,
}

fn str_field<'a>(row: &'a Map<String, Value>, k: &str) -> Option<&'a str> {
    row.get(k)
        .and_then(Value::as_str)
        .filter(|s| !s.trim().is_empty())
}

fn bool_field(row: &Map<String, Value>, k: &str) -> Option<bool> {
    row.get(k).and_then(Value::as_bool)
}

fn number(v: &Value) -> Option<f64> {
    match v {
        Value::Number(n) => n.as_f64(),
        Value::String(s) => {
            let l = Limits::default();
            let (e, _) = parse_expression(s, None, &l).ok()?;
            eval_real(&e, &|_| None, &mut 0, l.max_eval_steps).ok()
        }
        _ => None,
    }
    .filter(|x| x.is_finite())
}

fn domain(row: &Map<String, Value>, default: (f64, f64)) -> (f64, f64) {
    match row.get("ground_truth_domain").or_else(|| row.get("domain")) {
        Some(Value::Array(v)) if v.len() == 2 => match (number(&v[0]), number(&v[1])) {
            (Some(a), Some(b)) if a < b => (a, b),
            _ => default,
        },
        _ => default,
    }
}

/// The stored evaluation points: the prediction's `evaluation_points`, or
/// its `metadata.evaluation_points`.
fn evaluation_points(row: &Map<String, Value>) -> Option<&Map<String, Value>> {
    row.get("evaluation_points")
        .or_else(|| row.get("metadata").and_then(|m| m.get("evaluation_points")))
        .and_then(Value::as_object)
}

fn floats(v: Option<&Value>) -> Option<Vec<Option<f64>>> {
    Some(
        v?.as_array()?
            .iter()
            .map(|x| x.as_f64().filter(|x| x.is_finite()))
            .collect(),
    )
}

/// `(x_values, u_values)` of the stored points, when both are lists of the
/// same length.
fn stored_points(row: &Map<String, Value>) -> Option<(Vec<f64>, Vec<Option<f64>>)> {
    let p = evaluation_points(row)?;
    let xs = floats(p.get("x_values"))?;
    let ys = floats(p.get("u_values"))?;
    let xs: Option<Vec<f64>> = xs.into_iter().collect();
    let xs = xs?;
    (!xs.is_empty() && xs.len() == ys.len()).then_some((xs, ys))
}

fn family_points(row: &Map<String, Value>) -> Option<FamilyPoints> {
    let p = evaluation_points(row)?;
    let xs: Vec<f64> = floats(p.get("x_values"))?
        .into_iter()
        .collect::<Option<_>>()?;
    let samples: Vec<Vec<Option<f64>>> = p
        .get("u_values_samples")?
        .as_array()?
        .iter()
        .map(|s| floats(Some(s)))
        .collect::<Option<_>>()?;
    let consts: Vec<f64> = floats(p.get("constant_samples"))?
        .into_iter()
        .collect::<Option<_>>()?;
    (consts.len() == samples.len() && !xs.is_empty()).then_some(FamilyPoints {
        x_values: xs,
        u_values_samples: samples,
        constant_samples: consts,
    })
}

fn points_field(v: Option<&Value>) -> Option<Vec<[f64; 2]>> {
    v?.as_array()?
        .iter()
        .map(|p| {
            let a = p.as_array()?;
            match a.as_slice() {
                [x, y] => Some([x.as_f64()?, y.as_f64()?]),
                _ => None,
            }
        })
        .collect()
}

fn row_format(row: &Map<String, Value>) -> Option<Format> {
    str_field(row, "format").and_then(Format::from_name)
}

fn to_value<T: serde::Serialize>(t: &T) -> Value {
    serde_json::to_value(t).unwrap_or(Value::Null)
}

fn inf_json(x: f64) -> Value {
    if x.is_infinite() {
        Value::from("inf")
    } else {
        json!(x)
    }
}

/// Evaluates one prediction (FR-28 … FR-34): returns the prediction with
/// its `evaluation` object (and the parsed fields when it was parsed from
/// `raw_response`), and the record the aggregate folds.
///
/// ```
/// use scorespec::score::fredholm::evaluate::{evaluate_prediction, EvalOptions};
/// let row = serde_json::json!({
///     "ground_truth": "x**2", "solution_str": "x*x", "has_solution": true,
///     "solution_type": "exact_symbolic", "ground_truth_solution_type": "exact_symbolic"});
/// let (out, rec) = evaluate_prediction(row.as_object().unwrap(), &EvalOptions::default());
/// assert_eq!(out["evaluation"]["correct"], true);
/// assert!(rec.symbolic && rec.numeric);
/// ```
pub fn evaluate_prediction(input: &Map<String, Value>, opts: &EvalOptions) -> (Value, Record) {
    let limits = Limits::default();
    let mut row = input.clone();
    let mut rec = Record::default();
    let mut ev = Map::new();
    parse_raw_response(&mut row);
    let kind = classify(&row, &mut rec);
    ev.insert("solution_type".into(), json!(kind));

    if rec.api_error {
        ev.insert("error".into(), json!("api_error"));
    } else if kind == Some(SolutionType::None) || rec.gt_has_solution == Some(false) {
        // No solution exists: correct when the prediction says so (FR-30).
        rec.correct = rec.pred_has_solution == Some(false);
        rec.symbolic = rec.correct;
        rec.numeric = rec.correct;
    } else if kind == Some(SolutionType::DiscretePoints) {
        evaluate_discrete(&row, &mut ev, &mut rec, opts, &limits);
    } else {
        evaluate_expression(&row, &mut ev, &mut rec, kind, opts, &limits);
    }
    ev.insert("correct".into(), json!(rec.correct));
    ev.insert("symbolic_match".into(), json!(rec.symbolic));
    ev.insert("numeric_match".into(), json!(rec.numeric));
    row.insert("evaluation".into(), Value::Object(ev));
    (Value::Object(row), rec)
}

/// Parses the raw response when the parsed fields are absent (FR-28).
fn parse_raw_response(row: &mut Map<String, Value>) {
    if row.contains_key("solution_str") {
        return;
    }
    if let Some(raw) = row.get("raw_response").and_then(Value::as_str) {
        let p = parse_output(raw, row_format(row));
        let fields = [
            ("solution_str", json!(p.solution_str)),
            ("solution_sympy", json!(p.solution)),
            ("has_solution", json!(p.has_solution)),
            ("solution_type", json!(p.solution_type)),
            ("reasoning", json!(p.reasoning)),
            ("confidence", json!(p.confidence)),
            ("discrete_points", json!(p.discrete_points)),
        ];
        for (k, v) in fields {
            row.entry(k).or_insert(v);
        }
    }
}

/// Fills the record's row fields (error flag, types, `has_solution`s,
/// group) and returns the row's solution type: the ground truth's, else the
/// prediction's.
fn classify(row: &Map<String, Value>, rec: &mut Record) -> Option<SolutionType> {
    rec.api_error = bool_field(row, "api_error") == Some(true);
    rec.gt_type = str_field(row, "ground_truth_solution_type").map(str::to_string);
    rec.pred_type = str_field(row, "solution_type").map(str::to_string);
    rec.pred_has_solution = bool_field(row, "has_solution");
    rec.gt_has_solution = bool_field(row, "ground_truth_has_solution").or_else(|| {
        rec.gt_type
            .as_deref()
            .map(|t| SolutionType::from_name(t) != Some(SolutionType::None))
    });
    let kind = rec
        .gt_type
        .clone()
        .or_else(|| rec.pred_type.clone())
        .and_then(|t| SolutionType::from_name(&t));
    rec.group = kind.map_or("unknown", SolutionType::as_str).to_string();
    kind
}

/// A row of discrete points (FR-31).
fn evaluate_discrete(
    row: &Map<String, Value>,
    ev: &mut Map<String, Value>,
    rec: &mut Record,
    opts: &EvalOptions,
    limits: &Limits,
) {
    let pred = points_field(row.get("discrete_points")).or_else(|| {
        str_field(row, "solution_str")
            .and_then(extract_discrete_points)
            .map(|(_, p)| p)
    });
    let gt = points_field(row.get("ground_truth_points"))
        .or_else(|| {
            str_field(row, "ground_truth")
                .and_then(extract_discrete_points)
                .map(|(_, p)| p)
        })
        .or_else(|| {
            stored_points(row).map(|(xs, ys)| {
                xs.iter()
                    .zip(&ys)
                    .filter_map(|(x, y)| y.map(|y| [*x, y]))
                    .collect()
            })
        });
    // A prediction written as an expression is sampled at the true
    // points' abscissas (FR-31).
    let pred = pred.or_else(|| {
        let g = gt.as_ref()?;
        let e = ["solution_sympy", "solution_str"]
            .iter()
            .filter_map(|k| str_field(row, k))
            .filter(|s| !looks_like_prose(s))
            .find_map(|s| parse_expression(s, row_format(row), limits).ok())?
            .0;
        let mut steps = 0u64;
        let pts: Vec<[f64; 2]> = g
            .iter()
            .filter_map(|&[x, _]| {
                let env = |n: &str| (n == "x").then_some(x);
                eval_real(&e, &env, &mut steps, limits.max_eval_steps)
                    .ok()
                    .map(|y| [x, y])
            })
            .collect();
        (!pts.is_empty()).then_some(pts)
    });
    match (pred, gt) {
        (Some(p), Some(g)) => {
            let r = discrete_points(&p, &g, opts.x_tolerance, opts.numeric_tolerance);
            rec.correct = r.is_match;
            rec.numeric = r.is_match;
            rec.discrete = Some((r.matched_points, r.total_points_gt, r.accuracy, r.rmse));
            ev.insert("numeric".into(), to_value(&r));
        }
        (None, _) => {
            rec.parse_error = true;
            ev.insert("error".into(), json!("no predicted points"));
        }
        (_, None) => {
            rec.ground_truth_error = true;
            ev.insert("error".into(), json!("no ground-truth points"));
        }
    }
}

/// A row whose solution is an expression: symbolic and numeric comparison,
/// operator F1, BLEU, relative L2, the family, series and coefficient
/// evaluations, and the residual check (FR-32 … FR-34).
fn evaluate_expression(
    row: &Map<String, Value>,
    ev: &mut Map<String, Value>,
    rec: &mut Record,
    kind: Option<SolutionType>,
    opts: &EvalOptions,
    limits: &Limits,
) {
    rec.expression_row = true;
    let Some((pred, gt)) = parse_sides(row, ev, rec, limits) else {
        return;
    };
    let dom = domain(row, opts.default_domain);
    let nopts = NumericOptions {
        domain: dom,
        n_points: opts.n_points,
        tolerance: opts.numeric_tolerance,
        include_points: true,
        constants: vec![],
    };
    let sym = symbolic_compare_on(&pred, &gt, dom, limits);
    rec.symbolic = sym.equivalent;
    rec.simplified = sym.simplified_match;
    ev.insert("symbolic".into(), to_value(&sym));

    let of1 = operator_f1(&pred, &gt);
    rec.operator = Some((of1.precision, of1.recall, of1.f1));
    ev.insert("operator_f1".into(), to_value(&of1));

    let numeric = if kind == Some(SolutionType::Family) {
        evaluate_family(row, ev, rec, (&pred, &gt), (opts, &nopts), limits)
    } else {
        evaluate_numeric(row, ev, rec, (&pred, &gt), (opts, &nopts), limits)
    };
    // Relative L2 over the points where both sides have a real value.
    if let (Some(yp), Some(yt)) = (&numeric.y_pred, &numeric.y_true) {
        let (p, t): (Vec<f64>, Vec<f64>) = yp
            .iter()
            .zip(yt)
            .filter_map(|(a, b)| Some(((*a)?, (*b)?)))
            .unzip();
        if !p.is_empty() {
            let r = metrics::relative_l2(&p, &t);
            if !r.is_nan() {
                rec.rel_l2 = Some(r);
                ev.insert("relative_l2".into(), inf_json(r));
            }
        }
    }

    match kind {
        Some(SolutionType::Series) => {
            let n = terms(&pred).len();
            rec.series_terms = Some(n);
            ev.insert("series_term_count".into(), json!(n));
            ev.insert("series_term_target".into(), json!(SERIES_TERM_TARGET));
            ev.insert("series_term_match".into(), json!(n == SERIES_TERM_TARGET));
            let mut o = nopts.clone();
            o.include_points = false;
            ev.insert(
                "series_term_eval".into(),
                to_value(&series_terms(&pred, &gt, &o, limits)),
            );
        }
        Some(SolutionType::ApproxCoef) => {
            let r = approx_coef(&pred, &gt, opts.numeric_tolerance, opts.relative_tolerance);
            rec.approx = Some((r.match_rate, r.mean_abs_error, r.mean_rel_error));
            ev.insert("approx_coef_eval".into(), to_value(&r));
        }
        _ => {}
    }

    if let Some(v) = residual(row, rec, &pred, dom, limits) {
        ev.insert("residual_verification".into(), v);
    }
}

/// The ground truth and the prediction parsed, or `None` with the error
/// recorded; the BLEU of their texts on the way.
fn parse_sides(
    row: &Map<String, Value>,
    ev: &mut Map<String, Value>,
    rec: &mut Record,
    limits: &Limits,
) -> Option<(Expr, Expr)> {
    let gt_str = str_field(row, "ground_truth");
    let gt = match gt_str.map(|s| parse_expression(s, None, limits)) {
        Some(Ok((e, _))) => e,
        Some(Err(why)) => {
            rec.ground_truth_error = true;
            ev.insert("error".into(), json!(format!("ground truth: {why}")));
            return None;
        }
        None => {
            rec.ground_truth_error = true;
            ev.insert("error".into(), json!("no ground truth"));
            return None;
        }
    };
    let sol_str = str_field(row, "solution_str");
    // Prose ("No solution exists") is not an expression (FR-4).
    let pred = str_field(row, "solution_sympy")
        .filter(|s| !looks_like_prose(s))
        .and_then(|s| parse_expression(s, Some(Format::Infix), limits).ok())
        .map(|(e, _)| e)
        .or_else(|| {
            sol_str
                .filter(|s| !looks_like_prose(s))
                .and_then(|s| parse_expression(s, row_format(row), limits).ok())
                .map(|(e, _)| e)
        });
    if let (Some(p), Some(g)) = (sol_str, gt_str) {
        let b = bleu::bleu(p, g);
        rec.bleu = Some(b);
        ev.insert("bleu".into(), json!(b));
    }
    let Some(pred) = pred else {
        rec.parse_error = true;
        ev.insert(
            "error".into(),
            json!(if sol_str.is_some() {
                "the solution does not parse"
            } else {
                "no solution extracted"
            }),
        );
        return None;
    };
    Some((pred, gt))
}

/// A family row (FR-33): the family evaluation, and the numeric comparison
/// with every constant set to 1 that relative L2 is computed on.
fn evaluate_family(
    row: &Map<String, Value>,
    ev: &mut Map<String, Value>,
    rec: &mut Record,
    (pred, gt): (&Expr, &Expr),
    (opts, nopts): (&EvalOptions, &NumericOptions),
    limits: &Limits,
) -> NumericResult {
    let stored = family_points(row);
    let fopts = NumericOptions {
        include_points: opts.include_points,
        ..nopts.clone()
    };
    let f = family(pred, gt, stored.as_ref(), &fopts, limits);
    rec.numeric = f.numeric.is_match;
    rec.correct = f.family_match || rec.symbolic || rec.numeric;
    rec.family_params = Some((
        f.family_param_eval.param_naming_valid,
        f.family_param_eval.param_count_match,
    ));
    if let (Some(m), Some(mean), Some(r)) =
        (f.numeric.max_error, f.numeric.mean_error, f.numeric.rmse)
    {
        rec.errors = Some((r, mean, m));
    }
    ev.insert("family_match".into(), json!(f.family_match));
    ev.insert("numeric".into(), to_value(&f.numeric));
    ev.insert("family_term_eval".into(), to_value(&f.family_term_eval));
    ev.insert("family_param_eval".into(), to_value(&f.family_param_eval));
    // Relative L2 with every constant set to 1 (FR-33).
    let ones = NumericOptions {
        constants: super::evaluators::free_constants(pred)
            .into_iter()
            .chain(super::evaluators::free_constants(gt))
            .map(|c| (c, 1.0))
            .collect(),
        ..nopts.clone()
    };
    numeric_compare(pred, Truth::Expr(gt), None, &ones, limits)
}

/// The numeric comparison of a row that is not a family: at the stored
/// points when the row has them, else at `linspace` points of the domain.
fn evaluate_numeric(
    row: &Map<String, Value>,
    ev: &mut Map<String, Value>,
    rec: &mut Record,
    (pred, gt): (&Expr, &Expr),
    (opts, nopts): (&EvalOptions, &NumericOptions),
    limits: &Limits,
) -> NumericResult {
    let numeric = match stored_points(row) {
        Some((xs, ys)) => numeric_compare(pred, Truth::Values(&ys), Some(&xs), nopts, limits),
        None => numeric_compare(pred, Truth::Expr(gt), None, nopts, limits),
    };
    rec.numeric = numeric.is_match;
    rec.correct = rec.symbolic || rec.numeric;
    if let (Some(m), Some(mean), Some(r)) = (numeric.max_error, numeric.mean_error, numeric.rmse) {
        rec.errors = Some((r, mean, m));
    }
    let mut shown = numeric.clone();
    if !opts.include_points {
        shown.x_values = None;
        shown.y_pred = None;
        shown.y_true = None;
    }
    ev.insert("numeric".into(), to_value(&shown));
    numeric
}

/// Residual verification when the equation is given (FR-34).
fn residual(
    row: &Map<String, Value>,
    rec: &mut Record,
    pred: &Expr,
    dom: (f64, f64),
    limits: &Limits,
) -> Option<Value> {
    let (Some(k), Some(f), Some(lam)) = (
        str_field(row, "ground_truth_kernel"),
        str_field(row, "ground_truth_f"),
        row.get("ground_truth_lambda").and_then(number),
    ) else {
        return None;
    };
    let parsed = (
        parse_expression(k, None, limits),
        parse_expression(f, None, limits),
    );
    Some(match parsed {
        (Ok((k, _)), Ok((f, _))) => {
            let vopts = VerifyOptions {
                x_values: stored_points(row).map(|(xs, _)| xs),
                ..VerifyOptions::default()
            };
            match verify_solution(pred, &k, &f, lam, dom, &vopts) {
                Ok(v) => {
                    if let (Some(m), Some(mean), Some(r)) =
                        (v.residual_max, v.residual_mean, v.residual_rmse)
                    {
                        rec.residual = Some((v.verified, m, mean, r));
                    }
                    to_value(&v)
                }
                Err(e) => json!({"error": e.to_string()}),
            }
        }
        (Err(e), _) => json!({"error": format!("kernel: {e}")}),
        (_, Err(e)) => json!({"error": format!("f: {e}")}),
    })
}

/// Sum and count of a mean.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
struct Mean {
    sum: f64,
    n: u64,
}

impl Mean {
    fn add(&mut self, x: f64) {
        self.sum += x;
        self.n += 1;
    }
    fn value(&self) -> Value {
        if self.n == 0 {
            Value::Null
        } else {
            json!(self.sum / self.n as f64)
        }
    }
}

fn ratio(a: u64, b: u64) -> Value {
    if b == 0 {
        Value::Null
    } else {
        json!(a as f64 / b as f64)
    }
}

/// The running totals of an evaluation (FR-35 … FR-40); [`Aggregate::metrics`]
/// gives the metrics JSON.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Aggregate {
    total: u64,
    correct: u64,
    symbolic: u64,
    numeric: u64,
    simplified: u64,
    per_type: BTreeMap<String, (u64, u64, u64, u64)>,
    has_solution: (u64, u64),
    solution_type: (u64, u64),
    confusion: BTreeMap<String, u64>,
    api_errors: u64,
    parse_errors: u64,
    ground_truth_errors: u64,
    invalid_rows: u64,
    none_pairs: (u64, u64, u64, u64),
    expression_rows: u64,
    expr_symbolic: u64,
    rel_l2_below: u64,
    bleu: Mean,
    op: (Mean, Mean, Mean),
    rel_l2: Mean,
    rel_l2_infinite: u64,
    rmse: Mean,
    mae: Mean,
    max_error: Mean,
    series: (u64, u64, usize, usize, Mean),
    approx: (Mean, Mean, Mean),
    discrete: (u64, usize, usize, Mean, Mean),
    family: (Mean, Mean),
    residual: (u64, u64, Mean, Mean, Mean),
}

impl Aggregate {
    /// Counts a line that was not a prediction (malformed JSON, not an object).
    pub fn add_invalid(&mut self) {
        self.invalid_rows += 1;
    }

    /// Folds one evaluated prediction.
    pub fn add(&mut self, r: &Record) {
        self.total += 1;
        self.correct += u64::from(r.correct);
        self.symbolic += u64::from(r.symbolic);
        self.numeric += u64::from(r.numeric);
        self.simplified += u64::from(r.simplified);
        let t = self.per_type.entry(r.group.clone()).or_default();
        t.0 += 1;
        t.1 += u64::from(r.correct);
        t.2 += u64::from(r.symbolic);
        t.3 += u64::from(r.numeric);
        self.api_errors += u64::from(r.api_error);
        self.parse_errors += u64::from(r.parse_error);
        self.ground_truth_errors += u64::from(r.ground_truth_error);
        if r.api_error {
            return;
        }
        if let Some(g) = r.gt_has_solution {
            self.has_solution.1 += 1;
            self.has_solution.0 += u64::from(r.pred_has_solution == Some(g));
        }
        if let Some(g) = &r.gt_type {
            self.solution_type.1 += 1;
            match &r.pred_type {
                Some(p) if p == g => self.solution_type.0 += 1,
                p => {
                    let p = p.as_deref().unwrap_or("missing");
                    *self
                        .confusion
                        .entry(format!("{g}_predicted_as_{p}"))
                        .or_default() += 1;
                }
            }
        }
        // None-type detection (FM-8): (tp, fp, fn, unanswered).
        let gt_none =
            r.gt_type.as_deref().and_then(SolutionType::from_name) == Some(SolutionType::None);
        match (gt_none, r.pred_has_solution) {
            (true, Some(false)) => self.none_pairs.0 += 1,
            (false, Some(false)) => self.none_pairs.1 += 1,
            (true, Some(true)) => self.none_pairs.2 += 1,
            (true, None) => self.none_pairs.3 += 1,
            _ => {}
        }
        if r.expression_row {
            self.expression_rows += 1;
            self.expr_symbolic += u64::from(r.symbolic);
        }
        if let Some(b) = r.bleu {
            self.bleu.add(b);
        }
        if let Some((p, rc, f)) = r.operator {
            self.op.0.add(p);
            self.op.1.add(rc);
            self.op.2.add(f);
        }
        if let Some(l) = r.rel_l2 {
            if l.is_finite() {
                self.rel_l2.add(l);
            } else {
                self.rel_l2_infinite += 1;
            }
            self.rel_l2_below += u64::from(l < REL_L2_THRESHOLD);
        }
        if let Some((rmse, mae, max)) = r.errors {
            self.rmse.add(rmse);
            self.mae.add(mae);
            self.max_error.add(max);
        }
        if let Some(n) = r.series_terms {
            let s = &mut self.series;
            s.2 = if s.0 == 0 { n } else { s.2.min(n) };
            s.3 = s.3.max(n);
            s.0 += 1;
            s.1 += u64::from(n == SERIES_TERM_TARGET);
            s.4.add(n as f64);
        }
        if let Some((rate, abs, rel)) = r.approx {
            self.approx.0.add(rate);
            if let Some(a) = abs {
                self.approx.1.add(a);
            }
            if let Some(x) = rel {
                self.approx.2.add(x);
            }
        }
        if let Some((matched, total, acc, rmse)) = r.discrete {
            let d = &mut self.discrete;
            d.0 += 1;
            d.1 += matched;
            d.2 += total;
            d.3.add(acc);
            if let Some(x) = rmse {
                d.4.add(x);
            }
        }
        if let Some((naming, count)) = r.family_params {
            self.family.0.add(f64::from(u8::from(naming)));
            self.family.1.add(f64::from(u8::from(count)));
        }
        if let Some((ok, max, mean, rmse)) = r.residual {
            let v = &mut self.residual;
            v.0 += u64::from(ok);
            v.1 += 1;
            v.2.add(max);
            v.3.add(mean);
            v.4.add(rmse);
        }
    }

    /// The predictions folded so far.
    pub fn rows(&self) -> u64 {
        self.total
    }

    /// The metrics JSON (Part 5 "Metrics Output" fields, the Part 8 metrics
    /// and the Part 11 groups).
    pub fn metrics(&self) -> Value {
        let per_type: Map<String, Value> = self
            .per_type
            .iter()
            .map(|(k, (n, c, s, m))| {
                (
                    k.clone(),
                    json!({"total": n, "correct": c, "accuracy": ratio(*c, *n),
                           "symbolic_accuracy": ratio(*s, *n), "numeric_accuracy": ratio(*m, *n)}),
                )
            })
            .collect();
        let (tp, fp, fn_, unanswered) = self.none_pairs;
        let mut pairs = Vec::new();
        pairs.extend(std::iter::repeat_n((true, Some(false)), tp as usize));
        pairs.extend(std::iter::repeat_n((false, Some(false)), fp as usize));
        pairs.extend(std::iter::repeat_n((true, Some(true)), fn_ as usize));
        pairs.extend(std::iter::repeat_n((true, None), unanswered as usize));
        let none = to_value(&none_detection(pairs));
        let residual = if self.residual.1 == 0 {
            Value::Null
        } else {
            json!({
                "verified_count": self.residual.0,
                "total": self.residual.1,
                "verified_rate": ratio(self.residual.0, self.residual.1),
                "mean_residual_max": self.residual.2.value(),
                "mean_residual_mean": self.residual.3.value(),
                "mean_residual_mae": self.residual.3.value(),
                "mean_residual_rmse": self.residual.4.value(),
            })
        };
        let series = (self.series.0 > 0).then(|| {
            json!({"total": self.series.0, "match": self.series.1,
                   "match_rate": ratio(self.series.1, self.series.0),
                   "min": self.series.2, "max": self.series.3,
                   "mean": self.series.4.value(), "target": SERIES_TERM_TARGET})
        });
        let approx = (self.approx.0.n > 0).then(|| {
            json!({"total": self.approx.0.n, "mean_match_rate": self.approx.0.value(),
                   "mean_abs_error": self.approx.1.value(), "mean_rel_error": self.approx.2.value()})
        });
        let discrete = (self.discrete.0 > 0).then(|| {
            json!({"total": self.discrete.0,
                   "matched_point_rate": ratio(self.discrete.1 as u64, self.discrete.2 as u64),
                   "mean_accuracy": self.discrete.3.value(), "mean_rmse": self.discrete.4.value()})
        });
        let family = (self.family.0.n > 0).then(|| {
            json!({"total": self.family.0.n, "naming_convention_rate": self.family.0.value(),
                   "param_count_match_rate": self.family.1.value()})
        });
        let sym_acc = ratio(self.symbolic, self.total);
        let agg_num = ratio(self.rel_l2_below, self.expression_rows);
        let agg_sym = ratio(self.expr_symbolic, self.expression_rows);
        let overall = match (agg_num.as_f64(), agg_sym.as_f64()) {
            (Some(a), Some(b)) => json!((a + b) / 2.0),
            _ => Value::Null,
        };
        json!({
            "total": self.total,
            "correct": self.correct,
            "accuracy": ratio(self.correct, self.total),
            "symbolic_accuracy": sym_acc,
            "numeric_accuracy": ratio(self.numeric, self.total),
            "per_type": per_type,
            "has_solution_accuracy": ratio(self.has_solution.0, self.has_solution.1),
            "has_solution_total": self.has_solution.1,
            "solution_type_accuracy": ratio(self.solution_type.0, self.solution_type.1),
            "solution_type_total": self.solution_type.1,
            "confusion_matrix": self.confusion,
            "api_errors": self.api_errors,
            "parse_errors": self.parse_errors,
            "ground_truth_errors": self.ground_truth_errors,
            "invalid_rows": self.invalid_rows,
            "series_term_stats": series,
            "approx_coef_stats": approx,
            "discrete_points_stats": discrete,
            "family_param_stats": family,
            "mean_bleu": self.bleu.value(),
            "mean_operator_precision": self.op.0.value(),
            "mean_operator_recall": self.op.1.value(),
            "mean_operator_f1": self.op.2.value(),
            "mean_rel_l2": self.rel_l2.value(),
            "rel_l2_infinite": self.rel_l2_infinite,
            "none_detection": none,
            "residual_verification": residual,
            "string_metrics": {"bleu": self.bleu.value(), "bleu_score": self.bleu.value()},
            "structural_metrics": {"operator_f1": {
                "precision": self.op.0.value(), "recall": self.op.1.value(), "f1": self.op.2.value()}},
            "detection_metrics": {"none_type": none},
            "verification_metrics": {"residual_verification": residual},
            "numeric_metrics": {
                "relative_l2": self.rel_l2.value(), "rmse": self.rmse.value(),
                "mae": self.mae.value(), "max_error": self.max_error.value()},
            "symbolic_metrics": {
                "equivalent": sym_acc, "simplified_match": ratio(self.simplified, self.total)},
            "aggregated": {
                "numeric_accuracy": agg_num, "symbolic_accuracy": agg_sym, "overall_score": overall},
        })
    }
}

/// Evaluates a list of predictions and returns the metrics JSON
/// (`fredholm.evaluate`); an item that is not an object counts in
/// `invalid_rows`.
///
/// ```
/// use scorespec::score::fredholm::evaluate::{evaluate, EvalOptions};
/// let preds = serde_json::json!([
///     {"ground_truth": "x**2", "solution_str": "x*x", "ground_truth_solution_type": "exact_symbolic",
///      "solution_type": "exact_symbolic", "has_solution": true},
///     {"ground_truth": "x**2", "solution_str": "x**3", "ground_truth_solution_type": "exact_symbolic",
///      "solution_type": "series", "has_solution": true}]);
/// let m = evaluate(preds.as_array().unwrap(), &EvalOptions::default());
/// assert_eq!(m["accuracy"], 0.5);
/// assert_eq!(m["confusion_matrix"]["exact_symbolic_predicted_as_series"], 1);
/// ```
pub fn evaluate(predictions: &[Value], opts: &EvalOptions) -> Value {
    let mut agg = Aggregate::default();
    for p in predictions {
        match p.as_object() {
            Some(row) => agg.add(&evaluate_prediction(row, opts).1),
            None => agg.add_invalid(),
        }
    }
    agg.metrics()
}
