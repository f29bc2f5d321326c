//! The type-specific evaluators of document 003 (Part 5, "Type-Specific
//! Evaluators"): `discrete_points`, `series`, `approx_coef`, `family`.
//! Rules FR-20 … FR-27 of spec/fredholm.md.
//!
//! # Differences with the document
//!
//! Compared with the original (`evaluate.py`):
//!
//! * `discrete_points`: a ground-truth point is matched at most once, and
//!   `accuracy` is the share of ground-truth points reproduced (the original
//!   divides by the predicted points, so one right point out of fifty scores 1).
//! * `series`: a match also needs the same number of terms.
//! * `approx_coef`: a predicted term absent from the truth must have a
//!   coefficient within the tolerance (the original ignores extra terms).

use serde::Serialize;

use std::collections::{BTreeSet, HashMap};

use super::compare::{NumericOptions, NumericResult, Truth, linspace, numeric_compare_within};
use crate::expr::eval::rational_to_f64;
use crate::expr::print::to_infix;
use crate::expr::{Expr, Limits};

fn mean(v: &[f64]) -> Option<f64> {
    (!v.is_empty()).then(|| v.iter().sum::<f64>() / v.len() as f64)
}

fn max(v: &[f64]) -> Option<f64> {
    v.iter().copied().reduce(f64::max)
}

/// Population standard deviation (`numpy.std`).
fn std(v: &[f64]) -> Option<f64> {
    let m = mean(v)?;
    Some((v.iter().map(|x| (x - m) * (x - m)).sum::<f64>() / v.len() as f64).sqrt())
}

/// The result of [`discrete_points`].
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DiscreteResult {
    /// At least 80 % of the ground-truth points reproduced.
    #[serde(rename = "match")]
    pub is_match: bool,
    /// Predicted points whose x and y are both within tolerance of a
    /// ground-truth point.
    pub matched_points: usize,
    /// Predicted points.
    pub total_points_pred: usize,
    /// Ground-truth points.
    pub total_points_gt: usize,
    /// `matched_points / total_points_gt`, in [0, 1].
    pub accuracy: f64,
    /// Largest `|Δy|` over the points paired by x.
    pub max_error: Option<f64>,
    /// Mean `|Δy|` over the points paired by x.
    pub mean_error: Option<f64>,
    /// The same as `mean_error`.
    pub mae: Option<f64>,
    /// Root mean square `Δy` over the points paired by x.
    pub rmse: Option<f64>,
}

/// Compares predicted points with ground-truth points (FR-20): each
/// predicted point is paired with the nearest unused ground-truth point whose
/// x is within `x_tol`; it matches when `|Δy| < y_tol`.
///
/// ```
/// use scorespec::score::fredholm::evaluators::discrete_points;
/// let r = discrete_points(&[[0.0, 1.2], [0.5, 2.4]], &[[0.0, 1.2], [0.5, 2.5]], 1e-3, 1e-3);
/// assert_eq!((r.matched_points, r.accuracy), (1, 0.5));
/// ```
pub fn discrete_points(
    pred: &[[f64; 2]],
    gt: &[[f64; 2]],
    x_tol: f64,
    y_tol: f64,
) -> DiscreteResult {
    let mut unused = UnusedByX::new(gt);
    let mut errors = Vec::new();
    let mut matched = 0;
    for &[xp, yp] in pred {
        if let Some(i) = unused.take_nearest(xp, x_tol) {
            let dy = (gt[i][1] - yp).abs();
            if dy.is_finite() {
                errors.push(dy);
            }
            if dy < y_tol {
                matched += 1;
            }
        }
    }
    let accuracy = if gt.is_empty() {
        0.0
    } else {
        matched as f64 / gt.len() as f64
    };
    let m = mean(&errors);
    DiscreteResult {
        is_match: !gt.is_empty() && matched > 0 && accuracy >= 0.8,
        matched_points: matched,
        total_points_pred: pred.len(),
        total_points_gt: gt.len(),
        accuracy,
        max_error: max(&errors),
        mean_error: m,
        mae: m,
        rmse: mean(&errors.iter().map(|e| e * e).collect::<Vec<_>>()).map(f64::sqrt),
    }
}

/// The unused ground-truth points of [`discrete_points`], ordered by x (then
/// by index), so that the nearest one to a predicted x is found in
/// O(log n) rather than by a scan of every point (FR-20: the scan made the
/// pairing quadratic).
struct UnusedByX<'a> {
    gt: &'a [[f64; 2]],
    /// (x as an ordered key, index); `-0.0` is keyed as `0.0` (the same
    /// distance to every x), and a NaN x, which is never within a tolerance,
    /// is left out.
    set: BTreeSet<(OrderedX, usize)>,
}

/// An x ordered by `f64::total_cmp` (never NaN here).
#[derive(Debug, Clone, Copy, PartialEq)]
struct OrderedX(f64);

impl Eq for OrderedX {}

impl PartialOrd for OrderedX {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for OrderedX {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.0.total_cmp(&other.0)
    }
}

impl<'a> UnusedByX<'a> {
    fn new(gt: &'a [[f64; 2]]) -> Self {
        let set = gt
            .iter()
            .enumerate()
            .filter(|(_, p)| !p[0].is_nan())
            .map(|(i, p)| (OrderedX(p[0] + 0.0), i))
            .collect();
        UnusedByX { gt, set }
    }

    /// The x group just below `key` (its smallest index), walking down.
    fn below(&self, key: OrderedX) -> Option<(OrderedX, usize)> {
        let (x, _) = *self.set.range(..(key, 0)).next_back()?;
        self.set.range((x, 0)..).next().copied()
    }

    /// The x group just above `key` (its smallest index), walking up.
    fn above(&self, key: OrderedX) -> Option<(OrderedX, usize)> {
        self.set
            .range((OrderedX(key.0), usize::MAX)..)
            .find(|(x, _)| *x > key)
            .copied()
    }

    /// The unused point nearest to `xp` with `|x − xp| < x_tol` (the first
    /// by index among equally near ones, as a scan in order finds it), marked
    /// used.
    fn take_nearest(&mut self, xp: f64, x_tol: f64) -> Option<usize> {
        if xp.is_nan() {
            return None;
        }
        let key = OrderedX(xp + 0.0);
        let mut best: Option<(f64, usize)> = None;
        // From xp outwards on each side, group by group while the groups are
        // as near as the first one (distinct x can round to the same
        // distance) and within the tolerance: distances only grow outwards,
        // so every step past that point is work for nothing.
        let at_or_above = self.set.range((key, 0)..).next().copied();
        type Step<'s> = fn(&UnusedByX<'s>, OrderedX) -> Option<(OrderedX, usize)>;
        let sides: [(Option<(OrderedX, usize)>, Step<'a>); 2] =
            [(at_or_above, Self::above), (self.below(key), Self::below)];
        for (start, step) in sides {
            let mut next = start;
            let mut first = None;
            while let Some((x, i)) = next {
                let d = (x.0 - xp).abs();
                let within = d < x_tol; // false for a NaN distance or tolerance
                if *first.get_or_insert(d) != d || !within {
                    break;
                }
                if best.is_none_or(|(bd, bi)| d < bd || (d == bd && i < bi)) {
                    best = Some((d, i));
                }
                next = step(self, x);
            }
        }
        let (_, i) = best?;
        self.set.remove(&(OrderedX(self.gt[i][0] + 0.0), i));
        Some(i)
    }
}

/// The top-level terms of a canonical expression, in canonical order.
pub fn terms(e: &Expr) -> Vec<Expr> {
    match e {
        Expr::Add(ts) => ts.clone(),
        other => vec![other.clone()],
    }
}

/// The result of [`series_terms`].
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SeriesResult {
    /// Same number of terms and every paired term within tolerance (RMSE).
    #[serde(rename = "match")]
    pub is_match: bool,
    /// Terms paired (the smaller count).
    pub terms_compared: usize,
    /// Terms of the prediction.
    pub pred_terms: usize,
    /// Terms of the ground truth.
    pub gt_terms: usize,
    /// RMSE of each paired term over the points (null where no point has a value).
    pub term_rmse: Vec<Option<f64>>,
    /// Mean of the term RMSEs.
    pub mean_rmse: Option<f64>,
    /// Largest term RMSE.
    pub max_rmse: Option<f64>,
    /// Share of paired terms within tolerance, in [0, 1].
    pub term_match_rate: f64,
    /// Why no term could be compared.
    pub error: Option<String>,
}

/// Compares two series term by term (FR-21): top-level terms of the
/// canonical forms are paired (same non-numeric part first, then by
/// position) and each pair's RMSE is taken over the points of `opts`.
///
/// ```
/// use scorespec::expr::{api::{parse, Format}, Limits};
/// use scorespec::score::fredholm::{compare::NumericOptions, evaluators::series_terms};
/// let l = Limits::default();
/// let a = parse("1 + x + x**2/2", Format::Infix, &l).unwrap();
/// let r = series_terms(&a, &a, &NumericOptions::default(), &l);
/// assert!(r.is_match);
/// assert_eq!(r.term_rmse, vec![Some(0.0); 3]);
/// ```
pub fn series_terms(
    solution: &Expr,
    ground_truth: &Expr,
    opts: &NumericOptions,
    limits: &Limits,
) -> SeriesResult {
    let mut steps = 0;
    series_terms_within(solution, ground_truth, opts, limits, &mut steps)
}

/// [`series_terms`] with every term comparison counting its evaluation
/// steps in the caller's `steps` under `limits.max_eval_steps` (one budget
/// for all the terms).
fn series_terms_within(
    solution: &Expr,
    ground_truth: &Expr,
    opts: &NumericOptions,
    limits: &Limits,
    steps: &mut u64,
) -> SeriesResult {
    let p = terms(solution);
    let g = terms(ground_truth);
    let n = p.len().min(g.len());
    let mut rmses = Vec::with_capacity(n);
    let mut matches = 0;
    let mut error = None;
    // Each pair gets only the constants it uses: per pair, work in the size
    // of the pair, not in the number of constants of the whole expression.
    let values: HashMap<&str, f64> = opts
        .constants
        .iter()
        .map(|(n, v)| (n.as_str(), *v))
        .collect();
    let mut o = NumericOptions {
        constants: Vec::new(),
        ..opts.clone()
    };
    for (a, b) in pair_terms(&p, &g) {
        let mut names = a.symbols();
        names.extend(b.symbols());
        names.sort();
        names.dedup();
        o.constants = names
            .into_iter()
            .filter_map(|n| values.get(n.as_str()).map(|v| (n.clone(), *v)))
            .collect();
        let r = numeric_compare_within(a, Truth::Expr(b), None, &o, limits, steps);
        if r.is_match {
            matches += 1;
        }
        if error.is_none() && r.points_compared == 0 {
            error = r.error.clone();
        }
        rmses.push(r.rmse);
    }
    let known: Vec<f64> = rmses.iter().flatten().copied().collect();
    SeriesResult {
        is_match: n > 0 && matches == n && p.len() == g.len(),
        terms_compared: n,
        pred_terms: p.len(),
        gt_terms: g.len(),
        mean_rmse: if known.len() == n { mean(&known) } else { None },
        max_rmse: if known.len() == n { max(&known) } else { None },
        term_rmse: rmses,
        term_match_rate: if n == 0 {
            0.0
        } else {
            matches as f64 / n as f64
        },
        error,
    }
}

/// Pairs the terms of two series: terms with the same non-numeric part
/// (`x**2/2` and `0.5*x**2`) first, in the truth's order, then the
/// remaining ones by position.
fn pair_terms<'a>(p: &'a [Expr], g: &'a [Expr]) -> Vec<(&'a Expr, &'a Expr)> {
    // The prediction's terms by their non-numeric part, each list in order
    // (reversed, so the first unused one is popped): one lookup per truth
    // term instead of a scan of every prediction term.
    let mut by_base: HashMap<String, Vec<usize>> = HashMap::new();
    for (i, t) in p.iter().enumerate().rev() {
        by_base.entry(coefficient(t).1).or_default().push(i);
    }
    let mut used_p = vec![false; p.len()];
    let mut pairs: Vec<(usize, usize)> = Vec::new();
    let mut free_g = Vec::new();
    for (j, t) in g.iter().enumerate() {
        let base = coefficient(t).1;
        match by_base.get_mut(&base).and_then(Vec::pop) {
            Some(i) => {
                used_p[i] = true;
                pairs.push((i, j));
            }
            None => free_g.push(j),
        }
    }
    let free_p = (0..p.len()).filter(|&i| !used_p[i]);
    pairs.extend(free_p.zip(free_g));
    pairs.sort_by_key(|&(_, j)| j);
    pairs.into_iter().map(|(i, j)| (&p[i], &g[j])).collect()
}

/// The numeric coefficient of a term and the rest of it, printed canonically
/// (`1` for a constant term); `None` when the coefficient is not finite.
fn coefficient(term: &Expr) -> (f64, String) {
    match term {
        Expr::Number(n) => (rational_to_f64(n), "1".to_string()),
        Expr::Mul(fs) => {
            let mut c = 1.0;
            let mut rest = Vec::new();
            for f in fs {
                match f {
                    Expr::Number(n) => c *= rational_to_f64(n),
                    other => rest.push(other.clone()),
                }
            }
            let base = match rest.len() {
                0 => "1".to_string(),
                1 => to_infix(&rest[0]),
                _ => to_infix(&Expr::Mul(rest)),
            };
            (c, base)
        }
        other => (1.0, to_infix(other)),
    }
}

/// Coefficients by term, summed over equal bases, in first-seen order.
fn coefficients(e: &Expr) -> Vec<(String, f64)> {
    let mut out: Vec<(String, f64)> = Vec::new();
    for t in terms(e) {
        let (c, base) = coefficient(&t);
        match out.iter_mut().find(|(b, _)| *b == base) {
            Some(slot) => slot.1 += c,
            None => out.push((base, c)),
        }
    }
    out
}

/// One term's coefficients.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TermCoefficient {
    /// The term without its coefficient (`x**2`, `1` for the constant).
    pub term: String,
    /// The predicted coefficient (0 when the term is absent).
    pub pred_coeff: f64,
    /// The true coefficient (0 for a term only the prediction has).
    pub gt_coeff: f64,
    /// `|pred − gt|`.
    pub abs_error: f64,
    /// `abs_error / |gt|`, null when `|gt|` is within the tolerance.
    pub rel_error: Option<f64>,
    /// Within the absolute or the relative tolerance.
    #[serde(rename = "match")]
    pub is_match: bool,
}

/// The result of [`approx_coef`].
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ApproxCoefResult {
    /// Every term of the truth matches and no extra predicted term is
    /// larger than the tolerance.
    #[serde(rename = "match")]
    pub is_match: bool,
    /// Terms of the ground truth compared.
    pub terms_compared: usize,
    /// Share of ground-truth terms that match, in [0, 1].
    pub match_rate: f64,
    /// Mean absolute coefficient error over the ground-truth terms.
    pub mean_abs_error: Option<f64>,
    /// Largest absolute coefficient error over the ground-truth terms.
    pub max_abs_error: Option<f64>,
    /// Mean relative error over the terms that have one.
    pub mean_rel_error: Option<f64>,
    /// Largest relative error over the terms that have one.
    pub max_rel_error: Option<f64>,
    /// The ground-truth terms.
    pub per_term_errors: Vec<TermCoefficient>,
    /// Predicted terms the truth does not have.
    pub extra_terms: Vec<TermCoefficient>,
}

/// Compares coefficients term by term (FR-22): the numeric factor of each
/// top-level term, keyed by the rest of the term; a term matches when the
/// absolute error is at most `tolerance` or the relative error at most
/// `relative_tolerance`.
///
/// ```
/// use scorespec::expr::{api::{parse, Format}, Limits};
/// use scorespec::score::fredholm::evaluators::approx_coef;
/// let l = Limits::default();
/// let p = parse("1.05 + 2*x", Format::Infix, &l).unwrap();
/// let g = parse("1 + 2*x", Format::Infix, &l).unwrap();
/// let r = approx_coef(&p, &g, 1e-6, 0.1);
/// assert!(r.is_match);
/// assert_eq!(r.terms_compared, 2);
/// ```
pub fn approx_coef(
    solution: &Expr,
    ground_truth: &Expr,
    tolerance: f64,
    relative_tolerance: f64,
) -> ApproxCoefResult {
    let pred = coefficients(solution);
    let gt = coefficients(ground_truth);
    let compare = |term: &str, p: f64, g: f64| {
        let abs_error = (p - g).abs();
        let rel_error = (g.abs() > tolerance).then(|| abs_error / g.abs());
        TermCoefficient {
            term: term.to_string(),
            pred_coeff: p,
            gt_coeff: g,
            abs_error,
            rel_error,
            is_match: abs_error <= tolerance || rel_error.is_some_and(|r| r <= relative_tolerance),
        }
    };
    let per: Vec<TermCoefficient> = gt
        .iter()
        .map(|(t, g)| {
            let p = pred.iter().find(|(b, _)| b == t).map_or(0.0, |(_, c)| *c);
            compare(t, p, *g)
        })
        .collect();
    let extra: Vec<TermCoefficient> = pred
        .iter()
        .filter(|(b, _)| !gt.iter().any(|(t, _)| t == b))
        .map(|(t, p)| compare(t, *p, 0.0))
        .collect();
    let abs: Vec<f64> = per.iter().map(|t| t.abs_error).collect();
    let rel: Vec<f64> = per.iter().filter_map(|t| t.rel_error).collect();
    let matches = per.iter().filter(|t| t.is_match).count();
    ApproxCoefResult {
        is_match: !per.is_empty() && matches == per.len() && extra.iter().all(|t| t.is_match),
        terms_compared: per.len(),
        match_rate: if per.is_empty() {
            0.0
        } else {
            matches as f64 / per.len() as f64
        },
        mean_abs_error: mean(&abs),
        max_abs_error: max(&abs),
        mean_rel_error: mean(&rel),
        max_rel_error: max(&rel),
        per_term_errors: per,
        extra_terms: extra,
    }
}

/// The points of the family structure check (fixed, whatever `n_points`).
pub const STRUCTURE_POINTS: usize = 50;

/// The values a family's free constants take, in turn (the original's samples).
pub const CONSTANT_SAMPLES: [f64; 3] = [-1.0, 1.0, 2.0];

/// The most constant samples of one family comparison (stored
/// `constant_samples`; the original has three). More is an `invalid_value`
/// error of `fredholm.family`.
pub const MAX_CONSTANT_SAMPLES: usize = 64;

/// Free constants of a family expression: its symbols other than `x` and `t`.
pub fn free_constants(e: &Expr) -> Vec<String> {
    e.symbols()
        .into_iter()
        .filter(|s| s != "x" && s != "t")
        .collect()
}

/// Parameter count and naming of a family (the original's `family_param_eval`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FamilyParams {
    /// Free constants of the prediction.
    pub param_count_pred: usize,
    /// Free constants of the ground truth.
    pub param_count_gt: usize,
    /// The counts are equal.
    pub param_count_match: bool,
    /// Names of the prediction's constants, sorted.
    pub param_names_pred: Vec<String>,
    /// Names of the ground truth's constants, sorted.
    pub param_names_gt: Vec<String>,
    /// The prediction has constants and all are named `C` or `c_…`.
    pub param_naming_valid: bool,
}

/// The numeric figures of a family over the constant samples.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FamilyNumeric {
    /// Every sample matches.
    #[serde(rename = "match")]
    pub is_match: bool,
    /// Largest max error over the samples.
    pub max_error: Option<f64>,
    /// Mean of the samples' mean errors.
    pub mean_error: Option<f64>,
    /// The same as `mean_error`.
    pub mae: Option<f64>,
    /// Mean of the samples' RMSEs.
    pub rmse: Option<f64>,
    /// Standard deviation of the samples' max errors.
    pub max_error_std: Option<f64>,
    /// Standard deviation of the samples' mean errors.
    pub mean_error_std: Option<f64>,
    /// Standard deviation of the samples' RMSEs.
    pub rmse_std: Option<f64>,
    /// The value given to every constant in each sample.
    pub constant_samples: Vec<f64>,
    /// Each sample's comparison.
    pub sample_results: Vec<NumericResult>,
}

/// The result of [`family`].
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FamilyResult {
    /// The solution is the truth's structure up to a constant factor or
    /// offset (the original's `family_compare`, decided numerically).
    pub family_match: bool,
    /// The multi-sample numeric comparison.
    pub numeric: FamilyNumeric,
    /// Term-by-term comparison with every constant set to 1.
    pub family_term_eval: SeriesResult,
    /// Parameter count and naming.
    pub family_param_eval: FamilyParams,
}

/// Stored true values for the family samples: `x_values` and one list of
/// `u_values` per constant sample.
#[derive(Debug, Clone, PartialEq)]
pub struct FamilyPoints {
    /// The points.
    pub x_values: Vec<f64>,
    /// The values, one list per sample.
    pub u_values_samples: Vec<Vec<Option<f64>>>,
    /// The constant of each sample.
    pub constant_samples: Vec<f64>,
}

fn with_constants(opts: &NumericOptions, names: &[String], value: f64) -> NumericOptions {
    NumericOptions {
        constants: names.iter().map(|n| (n.clone(), value)).collect(),
        ..opts.clone()
    }
}

/// Whether `solution` is `k · structure` or `structure + k` for a constant
/// `k`, where `structure` is the truth with its constants set to 1: the
/// ratio (or difference) takes one value at every point, for each sample of
/// the solution's constants.
fn family_structure_match(
    solution: &Expr,
    ground_truth: &Expr,
    opts: &NumericOptions,
    limits: &Limits,
    steps: &mut u64,
) -> bool {
    let gt_consts = free_constants(ground_truth);
    if gt_consts.is_empty() {
        return false;
    }
    let xs = linspace(opts.domain.0, opts.domain.1, STRUCTURE_POINTS);
    let eval = |e: &Expr, x: f64, c: f64, steps: &mut u64| {
        // Every symbol other than `x` and `t` is a constant of one side or
        // the other (`free_constants`): all take `c`, looked up in O(1).
        let env = |name: &str| match name {
            "x" => Some(crate::expr::complex::Complex::real(x)),
            "t" => None,
            _ => Some(crate::expr::complex::Complex::real(c)),
        };
        crate::expr::eval::eval_complex(e, &env, steps, limits.max_eval_steps)
            .ok()
            .filter(|z| z.im.abs() <= 1e-12 * z.re.abs().max(1.0))
            .map(|z| z.re)
    };
    let constant = |vals: &[f64]| {
        vals.len() >= 2
            && vals
                .iter()
                .all(|v| (v - vals[0]).abs() <= 1e-9 * vals[0].abs().max(1.0))
    };
    [false, true].into_iter().any(|by_difference| {
        CONSTANT_SAMPLES.iter().all(|&c| {
            let mut vals = Vec::new();
            for &x in &xs {
                let (Some(p), Some(s)) = (
                    eval(solution, x, c, steps),
                    eval(ground_truth, x, 1.0, steps),
                ) else {
                    continue;
                };
                if by_difference {
                    vals.push(p - s);
                } else if s.abs() > 1e-12 {
                    vals.push(p / s);
                }
            }
            constant(&vals)
        })
    })
}

/// Evaluates a family solution (FR-23 … FR-25): every free constant of both
/// sides takes each value of [`CONSTANT_SAMPLES`] in turn (or the stored
/// samples), and the figures are the mean and standard deviation over the
/// samples.
///
/// ```
/// use scorespec::expr::{api::{parse, Format}, Limits};
/// use scorespec::score::fredholm::{compare::NumericOptions, evaluators::family};
/// let l = Limits::default();
/// let p = parse("C*sin(pi*x)", Format::Infix, &l).unwrap();
/// let r = family(&p, &p, None, &NumericOptions::default(), &l);
/// assert!(r.numeric.is_match && r.family_match);
/// assert_eq!(r.numeric.rmse_std, Some(0.0));
/// assert!(r.family_param_eval.param_naming_valid);
/// ```
pub fn family(
    solution: &Expr,
    ground_truth: &Expr,
    stored: Option<&FamilyPoints>,
    opts: &NumericOptions,
    limits: &Limits,
) -> FamilyResult {
    let pred_names = free_constants(solution);
    let gt_names = free_constants(ground_truth);
    let mut all: Vec<String> = pred_names.iter().chain(&gt_names).cloned().collect();
    all.sort();
    all.dedup();
    let samples: Vec<f64> = match stored {
        Some(s) => s.constant_samples.clone(),
        None => CONSTANT_SAMPLES.to_vec(),
    };
    // One evaluation budget (`limits.max_eval_steps`) for the whole call:
    // the samples, the structure check and the terms share it (FR-25).
    let mut steps = 0u64;
    let results: Vec<NumericResult> = samples
        .iter()
        .enumerate()
        .map(|(i, &c)| {
            let o = with_constants(opts, &all, c);
            match stored {
                Some(s) => {
                    let ys = s.u_values_samples.get(i).map_or(&[][..], |v| &v[..]);
                    let n = ys.len().min(s.x_values.len());
                    numeric_compare_within(
                        solution,
                        Truth::Values(&ys[..n]),
                        Some(&s.x_values[..n]),
                        &o,
                        limits,
                        &mut steps,
                    )
                }
                None => numeric_compare_within(
                    solution,
                    Truth::Expr(ground_truth),
                    None,
                    &o,
                    limits,
                    &mut steps,
                ),
            }
        })
        .collect();
    let all_known = !results.is_empty() && results.iter().all(|r| r.max_error.is_some());
    let pick = |f: fn(&NumericResult) -> Option<f64>| -> Vec<f64> {
        results.iter().filter_map(f).collect()
    };
    let (maxes, means, rmses) = (
        pick(|r| r.max_error),
        pick(|r| r.mean_error),
        pick(|r| r.rmse),
    );
    let known = |v: Option<f64>| if all_known { v } else { None };
    let numeric = FamilyNumeric {
        is_match: !results.is_empty() && results.iter().all(|r| r.is_match),
        max_error: known(max(&maxes)),
        mean_error: known(mean(&means)),
        mae: known(mean(&means)),
        rmse: known(mean(&rmses)),
        max_error_std: known(std(&maxes)),
        mean_error_std: known(std(&means)),
        rmse_std: known(std(&rmses)),
        constant_samples: samples,
        sample_results: results,
    };
    let ones = with_constants(opts, &all, 1.0);
    let valid = |n: &String| n == "C" || n.starts_with("c_");
    let family_match = family_structure_match(solution, ground_truth, opts, limits, &mut steps);
    let family_term_eval = series_terms_within(solution, ground_truth, &ones, limits, &mut steps);
    FamilyResult {
        family_match,
        numeric,
        family_term_eval,
        family_param_eval: FamilyParams {
            param_count_pred: pred_names.len(),
            param_count_gt: gt_names.len(),
            param_count_match: pred_names.len() == gt_names.len(),
            param_naming_valid: !pred_names.is_empty() && pred_names.iter().all(valid),
            param_names_pred: pred_names,
            param_names_gt: gt_names,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::expr::api::{Format, parse};

    fn p(s: &str) -> Expr {
        parse(s, Format::Infix, &Limits::default()).unwrap()
    }

    /// The pairing as document 003's loop does it: for each predicted point
    /// in order, a scan of every unused truth point (the first of the
    /// nearest).
    fn naive_pairs(pred: &[[f64; 2]], gt: &[[f64; 2]], x_tol: f64) -> Vec<Option<usize>> {
        let mut used = vec![false; gt.len()];
        pred.iter()
            .map(|&[xp, _]| {
                let best = gt
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| !used[*i])
                    .map(|(i, p)| (i, (p[0] - xp).abs()))
                    .filter(|(_, d)| *d < x_tol)
                    .min_by(|a, b| a.1.total_cmp(&b.1))
                    .map(|(i, _)| i);
                if let Some(i) = best {
                    used[i] = true;
                }
                best
            })
            .collect()
    }

    #[test]
    fn sorted_pairing_is_the_scan_s_pairing() {
        use rand::{Rng, SeedableRng};
        // Few distinct x values (ties, duplicates, ±0.0, NaN), so that the
        // tie rules are exercised; the scan is the reference.
        let xs = [
            -1.0,
            -0.5,
            -0.0,
            0.0,
            0.25,
            0.5,
            0.5,
            1.0,
            f64::NAN,
            1e300,
            -1e300,
        ];
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(20);
        for _ in 0..2000 {
            let point = |rng: &mut rand_chacha::ChaCha8Rng| {
                let base = xs[rng.random_range(0..xs.len())];
                // (-0.0 + 0.0 is 0.0: keep the base itself as it is.)
                let x = match rng.random_range(0..3) {
                    0 => base,
                    k => base + k as f64 * 0.125,
                };
                [x, rng.random_range(0..3) as f64]
            };
            let np = rng.random_range(0..12);
            let ng = rng.random_range(0..12);
            let pred: Vec<[f64; 2]> = (0..np).map(|_| point(&mut rng)).collect();
            let gt: Vec<[f64; 2]> = (0..ng).map(|_| point(&mut rng)).collect();
            let x_tol = [1e-3, 0.2, 0.6, 3.0][rng.random_range(0..4)];
            let mut unused = UnusedByX::new(&gt);
            let fast: Vec<Option<usize>> = pred
                .iter()
                .map(|p| unused.take_nearest(p[0], x_tol))
                .collect();
            assert_eq!(
                fast,
                naive_pairs(&pred, &gt, x_tol),
                "{pred:?} {gt:?} {x_tol}"
            );
        }
    }

    #[test]
    fn one_budget_for_the_whole_family_call() {
        // A nested integral needs 80 × 80 quadrature points at each of the
        // 100 points: every comparison of the call draws on the same
        // 2,000,000 steps (each one had 20,000,000 of its own: 10 s).
        let l = Limits::default();
        let sol = p("Integral(Integral(x*t*s, (s, 0, 1)), (t, 0, 1))");
        let r = family(&sol, &p("x/4"), None, &NumericOptions::default(), &l);
        let errors: Vec<String> = r
            .numeric
            .sample_results
            .iter()
            .filter_map(|s| s.error.clone())
            .chain(r.family_term_eval.error.clone())
            .collect();
        assert_eq!(errors.len(), 4, "{errors:?}");
        for e in errors {
            // The engine's message since integrals are evaluated there:
            // "evaluation steps over the budget of 2000000".
            assert!(e.contains("budget") && e.contains("2000000"), "{e}");
        }
    }

    #[test]
    fn terms_pair_by_their_non_numeric_part_in_order() {
        let sol = terms(&p("x + 2*x**2 + x**3"));
        let gt = terms(&p("5*x**3 + 3*x + 7"));
        let pairs: Vec<(String, String)> = pair_terms(&sol, &gt)
            .into_iter()
            .map(|(a, b)| (to_infix(a), to_infix(b)))
            .collect();
        // In the truth's (canonical) term order: 5*x**3, 3*x, then the
        // unpaired 7 with the unpaired 2*x**2.
        assert_eq!(
            gt.iter().map(to_infix).collect::<Vec<_>>(),
            ["5*x**3", "3*x", "7"]
        );
        let want = [("x**3", "5*x**3"), ("x", "3*x"), ("2*x**2", "7")];
        let want: Vec<(String, String)> = want
            .iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect();
        assert_eq!(pairs, want);
    }

    #[test]
    fn family_scaled_structure() {
        let l = Limits::default();
        let r = family(
            &p("3*c_1*sin(pi*x)"),
            &p("C*sin(pi*x)"),
            None,
            &NumericOptions::default(),
            &l,
        );
        assert!(r.family_match);
        assert!(!r.numeric.is_match);
        assert_eq!(r.family_param_eval.param_names_pred, vec!["c_1"]);
    }

    #[test]
    fn approx_coef_extra_term_breaks_match() {
        let r = approx_coef(&p("x + 100*x**5"), &p("x"), 1e-6, 0.1);
        assert!(!r.is_match);
        assert_eq!(r.match_rate, 1.0);
        assert_eq!(r.extra_terms[0].term, "x**5");
    }

    #[test]
    fn series_counts_terms() {
        let l = Limits::default();
        let r = series_terms(
            &p("1 + x"),
            &p("1 + x + x**2"),
            &NumericOptions::default(),
            &l,
        );
        assert!(!r.is_match);
        assert_eq!((r.pred_terms, r.gt_terms, r.terms_compared), (2, 3, 2));
    }
}
