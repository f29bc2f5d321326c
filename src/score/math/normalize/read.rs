//! Reading an answer as an object of the expression engine (rules MN-10,
//! MN-11): [`latex_to_interval`] and [`latex_to_matrix`].
//!
//! # Differences with the document
//!
//! See the module `normalize`: matrices keep their shape (a column vector
//! is two rows of one entry).

use super::latex::{commands, unicode_to_latex};
use crate::expr::ast::Interval;
use crate::expr::canon::canonical;
use crate::expr::print::to_infix;
use crate::expr::{Expr, ExprError, Limits};

/// Why [`latex_to_interval`] or [`latex_to_matrix`] read no object.
#[non_exhaustive]
#[derive(Debug, Clone, PartialEq)]
pub enum ReadError {
    /// The text is not a LaTeX expression, or a bound of the engine was
    /// reached (the engine's error, with its span).
    Expr(ExprError),
    /// It parsed, but is not an interval, a union of intervals or a set.
    NotInterval,
    /// It parsed, but is not a matrix, a vector or a list of entries.
    NotMatrix,
}

impl std::fmt::Display for ReadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReadError::Expr(e) => e.fmt(f),
            ReadError::NotInterval => f.write_str("not an interval, a union of intervals or a set"),
            ReadError::NotMatrix => f.write_str("not a matrix, a vector or a list of entries"),
        }
    }
}

impl std::error::Error for ReadError {}

impl From<ExprError> for ReadError {
    fn from(e: ExprError) -> Self {
        ReadError::Expr(e)
    }
}

/// The LaTeX answer as an interval, a union of intervals and finite sets,
/// or a finite set (rule MN-10), in the canonical form of the expression
/// engine. A pair `(a, b)` reads as the open interval; a point of a union
/// that lies in one of its intervals is absorbed (`(-11,-10)\cup\{-\sqrt{110}\}`
/// is `(-11, -10)`: −√110 ≈ −10.49), other points stay.
///
/// ```
/// use scorespec::score::math::normalize::latex_to_interval;
/// assert_eq!(latex_to_interval("(a+b,b]").unwrap(), "Interval.Lopen(a + b, b)");
/// assert_eq!(latex_to_interval(r"(-11,-10)\cup\{-\sqrt{110}\}").unwrap(), "Interval.open(-11, -10)");
/// assert_eq!(
///     latex_to_interval(r"(-11,-10)\cup\{-12\}").unwrap(),
///     "Union({-12}, Interval.open(-11, -10))"
/// );
/// ```
pub fn latex_to_interval(text: &str) -> Result<String, ReadError> {
    latex_to_interval_expr(text).map(|e| to_infix(&e))
}

/// [`latex_to_interval`] as the engine's canonical tree (an
/// [`Expr::Interval`], [`Expr::Union`], [`Expr::Intersection`] or
/// [`Expr::Set`]), for callers that compare it.
///
/// ```
/// use scorespec::expr::Expr;
/// use scorespec::score::math::normalize::latex_to_interval_expr;
/// assert!(matches!(latex_to_interval_expr("[0, 1)").unwrap(), Expr::Interval(_)));
/// ```
pub fn latex_to_interval_expr(text: &str) -> Result<Expr, ReadError> {
    let limits = Limits::default();
    let prepared = normalize_for_parse(text);
    let raw = crate::expr::api::parse_raw(&prepared, crate::expr::api::Format::Latex, &limits)
        .map_err(ReadError::Expr)?;
    let converted = pairs_to_intervals(raw).ok_or(ReadError::NotInterval)?;
    let canon = canonical(&converted, &limits).map_err(ReadError::Expr)?;
    let absorbed = absorb_points(canon);
    canonical(&absorbed, &limits).map_err(ReadError::Expr)
}

/// The steps one end or point may take to evaluate.
const POINT_EVAL_STEPS: u64 = 10_000;

/// The real value of an interval end or a point: ±∞ for the infinities,
/// `None` when it has no real value (symbols, complex numbers).
fn real_value(e: &Expr) -> Option<f64> {
    use crate::expr::Constant;
    match e {
        Expr::Constant(Constant::Infinity) => return Some(f64::INFINITY),
        Expr::Mul(fs) if fs.len() == 2 => {
            if let (Some(k), Expr::Constant(Constant::Infinity)) = (fs[0].as_number(), &fs[1]) {
                use num_traits::Signed;
                return Some(if k.is_negative() {
                    f64::NEG_INFINITY
                } else {
                    f64::INFINITY
                });
            }
        }
        _ => {}
    }
    crate::expr::eval::eval_real(e, &|_| None, &mut 0, POINT_EVAL_STEPS).ok()
}

/// In a union, a point of a finite set that lies in one of the intervals
/// is dropped (`(-11,-10) ∪ {-√110}` is `(-11,-10)`, as the point is
/// inside): strictly inside by a margin of 10⁻⁹ (relative), or identical to
/// a closed end. Points outside every interval, or without a real value,
/// stay.
fn absorb_points(e: Expr) -> Expr {
    let Expr::Union(parts) = e else {
        return e;
    };
    // Each end and each point is evaluated once (the comparisons are then
    // float tests), so the work is bounded by the parts' sizes.
    let intervals: Vec<(&Interval, Option<(f64, f64)>)> = parts
        .iter()
        .filter_map(|p| match p {
            Expr::Interval(iv) => {
                let ends = real_value(&iv.lo).zip(real_value(&iv.hi));
                Some((&**iv, ends))
            }
            _ => None,
        })
        .collect();
    let inside = |p: &Expr| {
        let x = real_value(p);
        intervals.iter().any(|(iv, ends)| {
            if (iv.lo_closed && iv.lo == *p) || (iv.hi_closed && iv.hi == *p) {
                return true;
            }
            let (Some(x), Some((lo, hi))) = (x, *ends) else {
                return false;
            };
            let margin = 1e-9 * x.abs().max(1.0);
            x.is_finite() && lo + margin < x && x + margin < hi
        })
    };
    let mut kept = Vec::new();
    for part in &parts {
        match part {
            Expr::Set(items) => {
                let rest: Vec<Expr> = items.iter().filter(|p| !inside(p)).cloned().collect();
                if !rest.is_empty() {
                    kept.push(Expr::Set(rest));
                }
            }
            other => kept.push(other.clone()),
        }
    }
    if kept.len() == 1 {
        kept.pop().unwrap_or(Expr::Union(Vec::new()))
    } else {
        Expr::Union(kept)
    }
}

/// The text prepared for the LaTeX parser: math delimiters, `\left`/`\right`,
/// spacing and text wrappers handled as in [`normalize`] but without the
/// answer-level rewrites (no unit or assignment removal).
fn normalize_for_parse(text: &str) -> String {
    let s = unicode_to_latex(text);
    let s = commands(&s);
    s.trim().trim_end_matches('.').to_string()
}

/// Interval-valued reading: a 2-tuple is an open interval; unions keep
/// their parts. `None` when the expression is not set-valued.
fn pairs_to_intervals(e: Expr) -> Option<Expr> {
    match e {
        Expr::Tuple(items) if items.len() == 2 => {
            let mut it = items.into_iter();
            let (lo, hi) = (it.next()?, it.next()?);
            Some(Expr::Interval(Box::new(Interval {
                lo,
                hi,
                lo_closed: false,
                hi_closed: false,
            })))
        }
        Expr::Interval(_) | Expr::Set(_) => Some(e),
        Expr::Union(parts) => parts
            .into_iter()
            .map(pairs_to_intervals)
            .collect::<Option<Vec<_>>>()
            .map(Expr::Union),
        Expr::Intersection(parts) => parts
            .into_iter()
            .map(pairs_to_intervals)
            .collect::<Option<Vec<_>>>()
            .map(Expr::Intersection),
        _ => None,
    }
}

/// The LaTeX answer as a matrix (rule MN-11): a list of rows, each a list
/// of the canonical infix strings of its entries. A matrix environment keeps
/// its shape (a column vector `\begin{pmatrix}1\\2\end{pmatrix}` is two
/// rows of one entry, not a row); a comma list is one row, as in the
/// document; a single expression is a 1×1 matrix.
///
/// ```
/// use scorespec::score::math::normalize::latex_to_matrix;
/// assert_eq!(
///     latex_to_matrix(r"\begin{pmatrix} 2 & 3 \\ 0 & -2 \end{pmatrix}").unwrap(),
///     [["2", "3"], ["0", "-2"]]
/// );
/// ```
pub fn latex_to_matrix(text: &str) -> Result<Vec<Vec<String>>, ReadError> {
    Ok(latex_to_matrix_exprs(text)?
        .iter()
        .map(|r| r.iter().map(to_infix).collect())
        .collect())
}

/// [`latex_to_matrix`] as rows of the engine's canonical trees, for callers
/// that compare entries.
///
/// ```
/// use scorespec::score::math::normalize::latex_to_matrix_exprs;
/// let m = latex_to_matrix_exprs(r"\begin{pmatrix}1\\2\end{pmatrix}").unwrap();
/// assert_eq!((m.len(), m[0].len()), (2, 1)); // a column
/// ```
pub fn latex_to_matrix_exprs(text: &str) -> Result<Vec<Vec<Expr>>, ReadError> {
    let limits = Limits::default();
    let prepared = normalize_for_parse(text);
    let e = crate::expr::api::parse(&prepared, crate::expr::api::Format::Latex, &limits)
        .map_err(ReadError::Expr)?;
    match e {
        Expr::Matrix(rows) => Ok(rows),
        Expr::Tuple(items) => Ok(vec![items]),
        Expr::Set(_)
        | Expr::Interval(_)
        | Expr::Union(_)
        | Expr::Intersection(_)
        | Expr::Relation(..) => Err(ReadError::NotMatrix),
        other => Ok(vec![vec![other]]),
    }
}
