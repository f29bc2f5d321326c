//! The expression forms `math.equal`'s rules read (ME-6, ME-7, ME-11,
//! ME-16, ME-18): matrix arithmetic folded, the values of `±`, names on the
//! left of `=`, function definitions, relations as intervals.
//!
//! # Differences with the document
//!
//! See the module `equal` and spec/math.md ME-D*.

use crate::score::math::words::TrimQuick;
use num_traits::Signed;

use super::compare::Item;
use super::prepare::{closing, split_equals};
use crate::expr::canon::canonical_owned;
use crate::expr::print::to_infix;
use crate::expr::{Constant, Expr, ExprError, Func, Interval, Limits, RelOp};
/// Matrix arithmetic the canonical form leaves alone (ME-11): sums of
/// matrices of one shape, a scalar times a matrix, and a square matrix to a
/// small positive integer power (`A·A` is canonically `A²`). `None` when the
/// expression has nothing to fold.
pub(super) fn fold_matrices(
    e: &Expr,
    limits: &Limits,
    depth: usize,
) -> Result<Option<Expr>, ExprError> {
    // Most answers hold no matrix: nothing to fold, and no copy of the
    // expression to find it out.
    if !may_fold(e, limits, depth) {
        return Ok(None);
    }
    limits.check_depth(depth)?;
    let sub = |x: &Expr| -> Result<Expr, ExprError> {
        Ok(fold_matrices(x, limits, depth + 1)?.unwrap_or_else(|| x.clone()))
    };
    let shape = |m: &Vec<Vec<Expr>>| (m.len(), m.first().map_or(0, Vec::len));
    match e {
        Expr::Add(terms)
            if terms
                .iter()
                .any(|t| matches!(t, Expr::Matrix(_) | Expr::Mul(_) | Expr::Pow(..))) =>
        {
            let folded: Vec<Expr> = terms.iter().map(sub).collect::<Result<_, _>>()?;
            let mats: Vec<&Vec<Vec<Expr>>> = folded
                .iter()
                .filter_map(|t| match t {
                    Expr::Matrix(m) => Some(m),
                    _ => None,
                })
                .collect();
            if mats.len() != folded.len() || mats.len() < 2 {
                return Ok(None);
            }
            let sh = shape(mats[0]);
            if mats
                .iter()
                .any(|m| shape(m) != sh || m.iter().any(|r| r.len() != sh.1))
            {
                return Ok(None);
            }
            let mut rows = Vec::with_capacity(sh.0);
            for i in 0..sh.0 {
                let mut row = Vec::with_capacity(sh.1);
                for j in 0..sh.1 {
                    let sum = Expr::Add(mats.iter().map(|m| m[i][j].clone()).collect());
                    row.push(canonical_owned(sum, limits)?);
                }
                rows.push(row);
            }
            Ok(Some(Expr::Matrix(rows)))
        }
        Expr::Mul(fs) => {
            let folded: Vec<Expr> = fs.iter().map(sub).collect::<Result<_, _>>()?;
            let n_mat = folded
                .iter()
                .filter(|f| matches!(f, Expr::Matrix(_)))
                .count();
            if n_mat != 1 {
                return Ok(None);
            }
            let mut scalar = Vec::new();
            let mut mat = None;
            for f in folded {
                match f {
                    Expr::Matrix(m) => mat = Some(m),
                    other if kind_is_scalar(&other) => scalar.push(other),
                    _ => return Ok(None),
                }
            }
            let Some(m) = mat else { return Ok(None) };
            let k = Expr::Mul(scalar);
            let rows = m
                .into_iter()
                .map(|r| {
                    r.into_iter()
                        .map(|x| canonical_owned(Expr::Mul(vec![k.clone(), x]), limits))
                        .collect::<Result<Vec<_>, _>>()
                })
                .collect::<Result<Vec<_>, _>>()?;
            Ok(Some(Expr::Matrix(rows)))
        }
        Expr::Pow(b, k) => {
            let Expr::Matrix(m) = sub(b)? else {
                return Ok(None);
            };
            let n = match k.as_number() {
                Some(n) if n.is_integer() && n.is_positive() => n.to_integer(),
                _ => return Ok(None),
            };
            let sq = m.len();
            if sq == 0 || m.iter().any(|r| r.len() != sq) || n > 16.into() || sq > 8 {
                return Ok(None);
            }
            let n: u32 = n.try_into().unwrap_or(1);
            let mut acc = m.clone();
            for _ in 1..n {
                let mut next = Vec::with_capacity(sq);
                for acc_row in &acc {
                    let mut row = Vec::with_capacity(sq);
                    for j in 0..sq {
                        let terms = acc_row
                            .iter()
                            .zip(&m)
                            .map(|(a, m_row)| Expr::Mul(vec![a.clone(), m_row[j].clone()]))
                            .collect();
                        row.push(canonical_owned(Expr::Add(terms), limits)?);
                    }
                    next.push(row);
                }
                acc = next;
            }
            Ok(Some(Expr::Matrix(acc)))
        }
        _ => Ok(None),
    }
}

/// Whether [`fold_matrices`] can give anything but `Ok(None)` at `e`: a
/// matrix where it looks (the terms and factors of sums and products, the
/// base of a power), or a depth it refuses on the way.
fn may_fold(e: &Expr, limits: &Limits, depth: usize) -> bool {
    if limits.check_depth(depth).is_err() {
        return true;
    }
    match e {
        Expr::Matrix(_) => true,
        Expr::Add(v) | Expr::Mul(v) => v.iter().any(|x| may_fold(x, limits, depth + 1)),
        Expr::Pow(b, _) => may_fold(b, limits, depth + 1),
        _ => false,
    }
}

fn kind_is_scalar(e: &Expr) -> bool {
    !matches!(
        e,
        Expr::Relation(..)
            | Expr::Tuple(_)
            | Expr::Set(_)
            | Expr::Interval(_)
            | Expr::Union(_)
            | Expr::Intersection(_)
            | Expr::Matrix(_)
            | Expr::PlusMinus(..)
            | Expr::Text(_)
    )
}

/// Whether `±` occurs anywhere in `e`.
pub(super) fn has_pm(e: &Expr) -> bool {
    // A walk without the node lists `Expr::children` allocates (most answers
    // hold no `±`, and this runs on every item).
    let any = |v: &[Expr]| v.iter().any(has_pm);
    match e {
        Expr::PlusMinus(..) => true,
        Expr::Number(_) | Expr::Constant(_) | Expr::Symbol(_) | Expr::Text(_) => false,
        Expr::Add(v)
        | Expr::Mul(v)
        | Expr::Func(_, v)
        | Expr::Relation(v, _)
        | Expr::Tuple(v)
        | Expr::Set(v)
        | Expr::Union(v)
        | Expr::Intersection(v) => any(v),
        Expr::Pow(a, b) => has_pm(a) || has_pm(b),
        Expr::Percent(a) | Expr::Degrees(a) => has_pm(a),
        Expr::Matrix(rows) => rows.iter().any(|r| any(r)),
        Expr::Interval(iv) => has_pm(&iv.lo) || has_pm(&iv.hi),
        Expr::Integral(i) => {
            has_pm(&i.integrand)
                || i.bounds
                    .as_ref()
                    .is_some_and(|(a, b)| has_pm(a) || has_pm(b))
        }
    }
}

/// `e` with every `a ± b` read as `a + b` (`plus`) or `a − b`: the signs of
/// one item are correlated (MN-1), as in `\frac{1 \pm \sqrt{17}}{4}`.
fn pick_sign(e: &Expr, plus: bool) -> Expr {
    let all = |v: &[Expr]| v.iter().map(|x| pick_sign(x, plus)).collect::<Vec<_>>();
    match e {
        Expr::PlusMinus(a, b) => {
            let (a, b) = (pick_sign(a, plus), pick_sign(b, plus));
            if plus {
                Expr::Add(vec![a, b])
            } else {
                Expr::sub(a, b)
            }
        }
        Expr::Add(v) => Expr::Add(all(v)),
        Expr::Mul(v) => Expr::Mul(all(v)),
        Expr::Func(f, v) => Expr::Func(f.clone(), all(v)),
        Expr::Relation(v, o) => Expr::Relation(all(v), o.clone()),
        Expr::Tuple(v) => Expr::Tuple(all(v)),
        Expr::Pow(a, b) => Expr::pow(pick_sign(a, plus), pick_sign(b, plus)),
        Expr::Percent(a) => Expr::Percent(Box::new(pick_sign(a, plus))),
        Expr::Degrees(a) => Expr::Degrees(Box::new(pick_sign(a, plus))),
        other => other.clone(),
    }
}

/// The values of an expression with `±` inside (ME-16): the one with `−`
/// first, then `+`, canonical; an expression without `±` is its one value.
pub(super) fn pm_values(e: &Expr, limits: &Limits) -> Result<Vec<Expr>, ExprError> {
    if !has_pm(e) {
        return Ok(vec![e.clone()]);
    }
    Ok(vec![
        canonical_owned(pick_sign(e, false), limits)?,
        canonical_owned(pick_sign(e, true), limits)?,
    ])
}

/// Items with `±` become two items each (ME-5, ME-16); each keeps its
/// canonical form as its text, so that two expanded items are literally
/// equal only when their values are.
pub(super) fn expand_pm_items(xs: &[Item], limits: &Limits) -> Result<Vec<Item>, ExprError> {
    let mut out = Vec::with_capacity(xs.len());
    for i in xs {
        if !has_pm(&i.expr) {
            out.push(i.clone());
            continue;
        }
        let values = pm_values(&i.expr, limits)?;
        let stands = match &i.stands_for {
            Some(s) => pm_values(s, limits)?.into_iter().map(Some).collect(),
            None => vec![None, None],
        };
        for (expr, stands_for) in values.into_iter().zip(stands.into_iter().cycle()) {
            out.push(Item {
                text: to_infix(&expr),
                expr,
                stands_for,
                verbatim: false,
            });
        }
    }
    Ok(out)
}

/// The unknown a root's name names (ME-6): `x`, `y` or `z`, alone or with
/// a numeric subscript (`x_1`, `x_{2}`): the roots `x_1 = -2, x_2 = 3` are
/// values of the unknown `x` (`x = -2, x = 3`), as MX-13 lists them. A
/// sequence's terms (`a_1`, `a_2`) are not roots of one unknown.
pub(super) fn root_of(e: Option<&Expr>) -> Option<char> {
    let Some(Expr::Symbol(name)) = e else {
        return None;
    };
    let mut chars = name.chars();
    let base = chars.next().filter(|c| matches!(c, 'x' | 'y' | 'z'))?;
    let rest = chars.as_str();
    let index = match rest.strip_prefix('_') {
        Some(sub) => sub.trim_start_matches('{').trim_end_matches('}'),
        None if rest.is_empty() => "0",
        None => return None,
    };
    (!index.is_empty() && index.len() <= 3 && index.bytes().all(|b| b.is_ascii_digit()))
        .then_some(base)
}

/// A name on the left of `=`: a symbol, a function of names, `|AB|`, a
/// product or quotient of names, a tuple of names (ME-6). No numbers.
pub(super) fn is_label(e: &Expr) -> bool {
    match e {
        Expr::Symbol(_) | Expr::Text(_) => true,
        Expr::Constant(Constant::E | Constant::I) => true,
        Expr::Func(_, args) => args.iter().all(is_label),
        Expr::Mul(fs) => fs.iter().all(|f| match f {
            Expr::Pow(b, k) => {
                is_label(b)
                    && k.as_number()
                        .is_some_and(|k| *k == -num_rational::BigRational::from_integer(1.into()))
            }
            other => is_label(other),
        }),
        Expr::Tuple(v) => !v.is_empty() && v.iter().all(is_label),
        _ => false,
    }
}

/// `f(x) = …`, `g_1(t) = …`: the function's name, its one variable (a
/// letter) and the right side's text.
pub(super) fn function_definition(text: &str) -> Option<(&str, u8, &str)> {
    if !text.contains('=') || !text.contains('(') {
        return None;
    }
    let sides = split_equals(text);
    let [lhs, rhs] = sides.as_slice() else {
        return None;
    };
    let lhs = lhs.trim_quick();
    let open = lhs.find('(')?;
    let name = lhs[..open].trim_quick();
    let var = lhs[open + 1..].strip_suffix(')')?.trim_quick().as_bytes();
    let name_ok = name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '\\')
        && name
            .bytes()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'{' | b'}' | b'\\'));
    match var {
        [v] if name_ok && v.is_ascii_alphabetic() => Some((name, *v, rhs.trim_quick())),
        _ => None,
    }
}

/// `text` with the variable `from` renamed `to` (letters outside command
/// names and `\text{…}`); `None` when `to` already occurs free in it.
pub(super) fn rename_variable(text: &str, from: u8, to: u8) -> Option<String> {
    let b = text.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c == b'\\' {
            let mut j = i + 1;
            while j < b.len() && b[j].is_ascii_alphabetic() {
                j += 1;
            }
            if j == i + 1 {
                j = i + 1 + text[i + 1..].chars().next().map_or(0, char::len_utf8);
            }
            let name = &text[i..j];
            if name == "\\text" && b.get(j) == Some(&b'{') {
                j = closing(text, j).map_or(b.len(), |k| k + 1);
            }
            out.extend_from_slice(&b[i..j]);
            i = j;
            continue;
        }
        if c == to {
            return None;
        }
        out.push(if c == from { to } else { c });
        i += 1;
    }
    String::from_utf8(out).ok()
}

/// Whether the relations among `items` bound one unknown: their sides that
/// are not numbers are one expression (`x < -2`, `x > 3`; not `x < 1`, `y >
/// 3`, the conditions of two unknowns, no union of intervals: ME-7).
pub(super) fn one_unknown(items: &[Expr]) -> bool {
    let mut unknown: Option<&Expr> = None;
    for e in items {
        let Expr::Relation(sides, _) = e else {
            continue;
        };
        for side in sides.iter().filter(|x| !x.symbols().is_empty()) {
            match unknown {
                Some(u) if u != side => return false,
                _ => unknown = Some(side),
            }
        }
    }
    true
}

/// `lo < x ≤ hi` (or `>`/`≥` chains, or one-sided `x > a`) as an interval of x;
/// `x ≠ a` as the union `(-∞, a) ∪ (a, ∞)`.
pub(super) fn relation_interval(s: &[Expr], o: &[RelOp]) -> Option<Expr> {
    let inf = Expr::Constant(Constant::Infinity);
    let neg_inf = Expr::neg(inf.clone());
    let strict = |op: RelOp| matches!(op, RelOp::Lt | RelOp::Gt);
    let is_num = |e: &Expr| e.symbols().is_empty();
    let iv = |lo: Expr, hi: Expr, lo_closed: bool, hi_closed: bool| {
        Some(Expr::Interval(Box::new(Interval {
            lo,
            hi,
            lo_closed,
            hi_closed,
        })))
    };
    match (s, o) {
        // `lo ≤ |x| ≤ hi` with 0 ≤ lo: the two intervals [-hi, -lo] ∪ [lo, hi].
        ([a, Expr::Func(Func::Abs, x), b], [o1, o2])
            if x.len() == 1
                && !is_num(&x[0])
                && a.as_number().is_some_and(|n| n.is_positive())
                && is_num(b)
                && matches!(o1, RelOp::Lt | RelOp::Le)
                && matches!(o2, RelOp::Lt | RelOp::Le) =>
        {
            let (lc, hc) = (!strict(*o1), !strict(*o2));
            let neg = Interval {
                lo: Expr::neg(b.clone()),
                hi: Expr::neg(a.clone()),
                lo_closed: hc,
                hi_closed: lc,
            };
            let pos = Interval {
                lo: a.clone(),
                hi: b.clone(),
                lo_closed: lc,
                hi_closed: hc,
            };
            Some(Expr::Union(vec![
                Expr::Interval(Box::new(neg)),
                Expr::Interval(Box::new(pos)),
            ]))
        }
        ([a, x, b], [o1, o2]) if !is_num(x) && is_num(a) && is_num(b) => {
            let up = matches!(o1, RelOp::Lt | RelOp::Le) && matches!(o2, RelOp::Lt | RelOp::Le);
            let down = matches!(o1, RelOp::Gt | RelOp::Ge) && matches!(o2, RelOp::Gt | RelOp::Ge);
            if up {
                iv(a.clone(), b.clone(), !strict(*o1), !strict(*o2))
            } else if down {
                iv(b.clone(), a.clone(), !strict(*o2), !strict(*o1))
            } else {
                None
            }
        }
        // `x ≠ a` (or `a ≠ x`): every number but a, (-∞, a) ∪ (a, ∞).
        ([x, a], [RelOp::Ne]) | ([a, x], [RelOp::Ne]) if !is_num(x) && is_num(a) => {
            Some(Expr::Union(vec![
                iv(neg_inf, a.clone(), false, false)?,
                iv(a.clone(), inf, false, false)?,
            ]))
        }
        ([x, a], [op]) if !is_num(x) && is_num(a) => match op {
            RelOp::Lt | RelOp::Le => iv(neg_inf, a.clone(), false, !strict(*op)),
            RelOp::Gt | RelOp::Ge => iv(a.clone(), inf, !strict(*op), false),
            _ => None,
        },
        ([a, x], [op]) if !is_num(x) && is_num(a) => match op {
            RelOp::Lt | RelOp::Le => iv(a.clone(), inf, !strict(*op), false),
            RelOp::Gt | RelOp::Ge => iv(neg_inf, a.clone(), false, !strict(*op)),
            _ => None,
        },
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// ME-6: `x`, `y`, `z` alone or with a numeric subscript name the roots
    /// of one unknown; other names and subscripts do not.
    #[test]
    fn roots_of_one_unknown() {
        let sym = |s: &str| Expr::Symbol(s.to_string());
        for (name, want) in [("x", 'x'), ("x_1", 'x'), ("y_{2}", 'y'), ("z_10", 'z')] {
            assert_eq!(root_of(Some(&sym(name))), Some(want), "{name}");
        }
        for name in ["a_1", "x_n", "x_", "xy", "x_1234", "t", "x_{}"] {
            assert_eq!(root_of(Some(&sym(name))), None, "{name}");
        }
        assert_eq!(root_of(Some(&Expr::int(1))), None);
        assert_eq!(root_of(None), None);
    }
}
