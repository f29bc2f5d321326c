//! The rules of `math.equal` (ME-1 …, the table of the module `equal`): a
//! [`Comparer`] takes two prepared answers, reads their items with the
//! expression engine and decides with the first rule that applies.
//!
//! # Differences with the document
//!
//! See the module `equal` and spec/math.md ME-D*.

use crate::score::math::words::TrimQuick;
use std::borrow::Cow;

use super::forms::{
    expand_pm_items, fold_matrices, function_definition, has_pm, is_label, one_unknown, pm_values,
    relation_interval, rename_variable, root_of,
};
use super::literals::{
    boolean, decimal_comma, is_decimal_literal, is_terminating, is_text_item, is_word,
    never_undefined, rounded_repeating, rounding_places, simple_number, thousands,
    thousands_before_words,
};
use super::prepare::{split_equals, split_top};
use super::{DEFAULT_REL_TOL, EngineRule, EqualOptions, MAX_LIST_ITEMS, Outcome, Rule, words};
use crate::expr::api::{Format, parse};
use crate::expr::ast::Rational;
use crate::expr::canon::{canonical, canonical_owned};
use crate::expr::equiv::{self, EquivOptions};
use crate::expr::parse::latex::parse_simple;
use crate::expr::print::to_infix;
use crate::expr::{Constant, Expr, ExprError, Interval, Limits, RelOp};
use crate::score::math::units::{self, UnitPart};
/// One parsed answer item.
#[derive(Debug, Clone)]
pub(super) struct Item {
    /// The prepared text of the item.
    pub(super) text: String,
    /// Its canonical expression (an equation for `x = 3`).
    pub(super) expr: Expr,
    /// The side that stands for the item when compared with a non-equation
    /// (`3` of `x = 3`), if the left side is a name or the chain is long.
    pub(super) stands_for: Option<Expr>,
    /// Whether the item is what [`Comparer::item`] reads from `text` itself
    /// (not a rewritten set, nor a value of a `±` expanded): then the other
    /// side's item of the same text is this one again.
    pub(super) verbatim: bool,
}

type Decided = (Outcome, Rule);

pub(super) struct Comparer<'a> {
    opts: &'a EqualOptions,
    limits: Limits,
    /// Evaluation steps of all engine comparisons of this call (ME-1: one
    /// budget, `Limits::max_eval_steps`, for the whole comparison).
    steps: u64,
}

/// `d`, credited to `rule` when it says equal (the rule that made the
/// comparison possible: a unit dropped, a label read).
fn credit(d: Decided, rule: Rule) -> Decided {
    if d.0 == Outcome::Equal {
        (d.0, rule)
    } else {
        d
    }
}

fn fail(e: &ExprError) -> Decided {
    match e {
        ExprError::BudgetExceeded { .. } => (Outcome::BudgetExceeded, Rule::Bounds),
        _ => (Outcome::Unparseable, Rule::Parse),
    }
}

/// The elements of a text written as one pair of brackets, `(` or `[` to
/// `)` or `]`, around elements separated by top-level commas and holding no
/// other bracket: `(0.6,2.6667]` → `0.6`, `2.6667`. `None` for any other
/// text (`(1,2)\cup(3,4)`, `((1,2),3)`).
fn bracket_elements(text: &str) -> Option<Vec<&str>> {
    let t = text.trim_quick();
    let inner = t.strip_prefix(['(', '['])?.strip_suffix([')', ']'])?;
    if inner.contains(['(', ')', '[', ']']) {
        return None;
    }
    let parts: Vec<&str> = split_top(inner, ',').into_iter().map(str::trim).collect();
    (parts.len() >= 2).then_some(parts)
}

/// Whether `literal`, the text of the number `lit`, is the rational
/// `exact` rounded to its decimal places (ME-20, [`rounded_repeating`]).
fn repeating(literal: &str, lit: &Expr, exact: &Expr) -> bool {
    match (lit, exact) {
        (Expr::Number(l), Expr::Number(x)) => rounded_repeating(literal, l, x),
        _ => false,
    }
}

/// Decimal commas and thousands separators read (ME-4): `1000,99` against a
/// decimal with a point is `1000.99`; `1,234` is 1234 — unless the other
/// side is a list or tuple too.
fn separators<'s>(r: &'s str, p: &'s str) -> (Cow<'s, str>, Cow<'s, str>) {
    // Both readings need a separator: most answers have none, and are
    // borrowed as they are.
    if !r.contains([',', ' ']) && !p.contains([',', ' ']) {
        return (Cow::Borrowed(r), Cow::Borrowed(p));
    }
    let (mut r2, mut p2) = (Cow::Borrowed(r), Cow::Borrowed(p));
    if p.contains('.') && is_decimal_literal(p) {
        if let Some(x) = decimal_comma(r) {
            r2 = Cow::Owned(x);
        }
    }
    if r.contains('.') && is_decimal_literal(r) {
        if let Some(x) = decimal_comma(p) {
            p2 = Cow::Owned(x);
        }
    }
    let rt = thousands(&r2).or_else(|| thousands_before_words(&r2));
    let pt = thousands(&p2).or_else(|| thousands_before_words(&p2));
    if rt.is_none() && pt.is_none() {
        return (r2, p2);
    }
    let r_list = split_top(&r2, ',').len() > 1;
    let p_list = split_top(&p2, ',').len() > 1;
    if let Some(x) = &rt {
        if !p_list || pt.is_some() {
            r2 = Cow::Owned(x.clone());
        }
    }
    if let Some(x) = &pt {
        if !r_list || rt.is_some() {
            p2 = Cow::Owned(x.clone());
        }
    }
    (r2, p2)
}

impl<'a> Comparer<'a> {
    /// A comparison under `opts`, with the engine's default limits.
    pub(super) fn new(opts: &'a EqualOptions) -> Self {
        Comparer {
            opts,
            limits: Limits::default(),
            steps: 0,
        }
    }

    /// Decides between two prepared answers: the outcome, the rule and the
    /// two normalized forms of the verdict.
    pub(super) fn top(&mut self, r: &str, p: &str) -> (Outcome, Rule, String, String) {
        self.top_with(r, p, true)
    }

    /// [`Comparer::top`], with or without the shortcut of
    /// [`Comparer::simple_numbers`] (a unit test compares the two).
    fn top_with(&mut self, r: &str, p: &str, shortcut: bool) -> (Outcome, Rule, String, String) {
        if let Some(d) = self.text_rules(r, p) {
            return (d.0, d.1, r.to_string(), p.to_string());
        }
        let (r2, p2) = separators(r, p);
        if let Some(decided) = self.plain_numbers(&r2, &p2) {
            return decided;
        }
        if let Some(decided) = shortcut.then(|| self.simple_numbers(&r2, &p2)).flatten() {
            return decided;
        }
        let ra = self.answer(&r2);
        // The prediction's items already read on the reference's side
        // (`1, 2` against `2,1`) are taken from it, not parsed again.
        let pa = self.answer_reusing(&p2, ra.as_deref().unwrap_or_default());
        let show = |a: &Result<Vec<Item>, ExprError>, raw: &str| match a {
            Ok(items) if items.len() == 1 => to_infix(&items[0].expr),
            Ok(items) => items
                .iter()
                .map(|i| to_infix(&i.expr))
                .collect::<Vec<_>>()
                .join(", "),
            Err(_) => raw.to_string(),
        };
        let rn = show(&ra, r);
        let pn = show(&pa, p);
        let d = match (&ra, &pa) {
            (Ok(x), Ok(y)) => match self.answers(x, y) {
                Ok(d) => d,
                Err(e) => fail(&e),
            },
            (Err(e), _) | (_, Err(e)) => {
                let budget = |x: &Result<Vec<Item>, ExprError>| {
                    matches!(x, Err(ExprError::BudgetExceeded { .. }))
                };
                if budget(&ra) || budget(&pa) {
                    (Outcome::BudgetExceeded, Rule::Bounds)
                } else if ra.is_err() && pa.is_err() {
                    // Two texts that are not math: the same up to spaces
                    // (what spacing commands leave) or not the same.
                    let bare = |x: &str| x.split_whitespace().collect::<String>();
                    if bare(r) == bare(p) {
                        (Outcome::Equal, Rule::Literal)
                    } else {
                        (Outcome::NotEqual, Rule::Literal)
                    }
                } else {
                    fail(e)
                }
            }
        };
        (d.0, d.1, rn, pn)
    }

    /// The rules read on the prepared texts before any parsing:
    /// `no_answer`, `literal`, `ascii_only`, `boolean`.
    fn text_rules(&self, r: &str, p: &str) -> Option<Decided> {
        if r.is_empty() || p.is_empty() {
            return Some((Outcome::NoAnswer, Rule::NoAnswer));
        }
        if r == p {
            // The same text is the same answer, unless it is an undefined
            // value (`\frac{1}{0}`), which is equal to nothing (issue 11).
            // A decimal number, a text item or arithmetic of numbers that
            // divides only by non-zero numbers is never one: not parsed.
            if !(is_decimal_literal(r) || is_text_item(r) || never_undefined(r))
                && self
                    .answer(r)
                    .is_ok_and(|items| items.iter().any(|i| i.expr.holds_undefined()))
            {
                return Some((Outcome::Undecided, Rule::Engine(EngineRule::Undefined)));
            }
            return Some((Outcome::Equal, Rule::Literal));
        }
        if is_word(r) && is_word(p) && r.eq_ignore_ascii_case(p) {
            return Some((Outcome::Equal, Rule::Literal));
        }
        if self.opts.ascii_only && (!r.is_ascii() || !p.is_ascii()) {
            return Some((Outcome::NotEqual, Rule::AsciiOnly));
        }
        match (boolean(r), boolean(p)) {
            (Some(x), Some(y)) => Some((
                if x == y {
                    Outcome::Equal
                } else {
                    Outcome::NotEqual
                },
                Rule::Boolean,
            )),
            (Some(_), None) | (None, Some(_)) => Some((Outcome::NotEqual, Rule::Boolean)),
            (None, None) => None,
        }
    }

    /// Two plain decimal numbers: compared exactly or within the tolerances
    /// without the expression engine (the same verdict, ME-12). `None` when
    /// a side is not one, or when an option's rule may still say equal
    /// (ME-20 never does: both are decimals).
    fn plain_numbers(&self, r2: &str, p2: &str) -> Option<(Outcome, Rule, String, String)> {
        let (x, y) = (simple_number(r2)?, simple_number(p2)?);
        // The same prepared text is `literal`, as the comparison without
        // the shortcut says; the same number written otherwise `identical`.
        let (o, rule) = if r2 == p2 {
            (Outcome::Equal, Rule::Literal)
        } else if x == y {
            (Outcome::Equal, Rule::Engine(EngineRule::Identical))
        } else if equiv::numbers_close(&x, &y, &self.equiv_options()) == Some(true) {
            (Outcome::Equal, Rule::Engine(EngineRule::NumericValue))
        } else if self.opts.include_percentage || self.opts.decimal_rounding {
            return None;
        } else {
            (Outcome::NotEqual, Rule::Engine(EngineRule::NumericValue))
        };
        Some((
            o,
            rule,
            to_infix(&Expr::Number(x)),
            to_infix(&Expr::Number(y)),
        ))
    }

    /// Two different texts `parse_simple` reads as numbers (`1` against
    /// `1/3`, `\frac{1}{3}` against `0.5`): what the items, the rules and
    /// the engine decide for two exact numbers (`identical`, or
    /// `numeric_value` by the tolerance of numbers as written, ME-12),
    /// without reading items. `None` when a side is not such a number, the
    /// texts are the same, or an option's rule (percentages, rounding,
    /// `abs_tol` everywhere) may take part. ME-20 (`repeating_decimals`)
    /// is decided here on the two texts, as `exprs` decides it.
    fn simple_numbers(&self, r2: &str, p2: &str) -> Option<(Outcome, Rule, String, String)> {
        let o = self.opts;
        if o.include_percentage || o.decimal_rounding || o.abs_tol_everywhere || r2 == p2 {
            return None;
        }
        let (Expr::Number(x), Expr::Number(y)) = (
            parse_simple(r2, &self.limits)?,
            parse_simple(p2, &self.limits)?,
        ) else {
            return None;
        };
        let (outcome, rule) = if x == y {
            (Outcome::Equal, Rule::Engine(EngineRule::Identical))
        } else if equiv::numbers_close(&x, &y, &self.equiv_options())? {
            (Outcome::Equal, Rule::Engine(EngineRule::NumericValue))
        } else if o.repeating_decimals
            && (rounded_repeating(r2, &x, &y) || rounded_repeating(p2, &y, &x))
        {
            // ME-20, as `exprs` decides it after the engine.
            (Outcome::Equal, Rule::RepeatingDecimal)
        } else {
            (Outcome::NotEqual, Rule::Engine(EngineRule::NumericValue))
        };
        Some((
            outcome,
            rule,
            to_infix(&Expr::Number(x)),
            to_infix(&Expr::Number(y)),
        ))
    }

    /// The items of an answer: one, or several for a bare list.
    pub(super) fn answer(&self, s: &str) -> Result<Vec<Item>, ExprError> {
        self.answer_reusing(s, &[])
    }

    /// [`Comparer::answer`], taking an item of the same text from `known`
    /// (items this comparison read) instead of reading it again: an item is
    /// a function of its text under this comparison's options and limits.
    fn answer_reusing(&self, s: &str, known: &[Item]) -> Result<Vec<Item>, ExprError> {
        let item = |t: &str| match known.iter().find(|k| k.verbatim && k.text == t) {
            Some(k) => Ok(k.clone()),
            None => self.item(t),
        };
        if !s.contains(',') {
            return self.expand_nested_pm(vec![item(s)?]);
        }
        let parts = split_top(s, ',');
        if parts.len() > MAX_LIST_ITEMS {
            return Err(ExprError::BudgetExceeded {
                which: "items of a list answer",
                limit: MAX_LIST_ITEMS as u64,
            });
        }
        let parts: Vec<&str> = parts
            .into_iter()
            .map(str::trim)
            .filter(|p| !p.is_empty())
            .collect();
        if parts.len() > 1 {
            // A list whose items all carry a name (`x = 1, y = 2`) or
            // plain items: each parsed on its own.
            let items: Result<Vec<Item>, ExprError> = parts.iter().map(|p| item(p)).collect();
            if let Ok(items) = items {
                return self.expand_nested_pm(items);
            }
            // `\{1, 2\}` or other forms the engine reads whole.
        }
        self.expand_nested_pm(vec![item(s)?])
    }

    /// `\frac{1 \pm \sqrt{17}}{4}` is the list of its two values, exactly as
    /// the document's `norm_pm` rewrites it (ME-16); a top-level `a ± b` is
    /// left to the rules that compare it whole.
    fn expand_nested_pm(&self, items: Vec<Item>) -> Result<Vec<Item>, ExprError> {
        let nested = |i: &Item| has_pm(&i.expr) && !matches!(i.expr, Expr::PlusMinus(..));
        if items.iter().any(nested) {
            expand_pm_items(&items, &self.limits)
        } else {
            Ok(items)
        }
    }

    fn parse(&self, s: &str) -> Result<Expr, ExprError> {
        let s = s.trim_quick();
        // A number word or an ordinal is its number (ME-15).
        if let Some(n) = words::number_word(s) {
            return Ok(Expr::int(n as i64));
        }
        if let Some(n) = words::ordinal(s) {
            return self.parse(n);
        }
        if let Some(angle) = words::degrees_minutes(s) {
            return self.parse(&angle);
        }
        let inf = |w: &str| w.eq_ignore_ascii_case("inf") || w.eq_ignore_ascii_case("infinity");
        if let Some(w) = s.strip_prefix('-').filter(|w| inf(w.trim_quick())) {
            let _ = w;
            return Ok(Expr::neg(Expr::Constant(Constant::Infinity)));
        }
        if inf(s.strip_prefix('+').unwrap_or(s).trim_quick()) {
            return Ok(Expr::Constant(Constant::Infinity));
        }
        // `1.5 million`, `2 dozen`: the number the scale word makes (ME-15).
        if let Some(t) = words::scaled(s) {
            return self.parse(&t);
        }
        // A word before the number that negates or bounds it (`not 8`,
        // `less than 5`, `\text{at most } 3`), or an operation right after
        // it (`3 squared`), makes the item a statement about the number,
        // compared as text: never the number (ME-13).
        if (words::qualified(s) || words::operated(s)) && s.bytes().any(|c| c.is_ascii_digit()) {
            return Ok(Expr::Text(s.to_string()));
        }
        // Prose before or after the mathematics is a unit or a counted
        // noun, never a product of letters (ME-13).
        if let Some((math, noun)) = words::split_prose(s) {
            let value = self.parse(math)?;
            return Ok(Expr::Mul(vec![value, Expr::Text(noun)]));
        }
        let e = parse(s, Format::Latex, &self.limits)?;
        let e = match fold_matrices(&e, &self.limits, 0)? {
            Some(m) => m,
            None => e,
        };
        let e = self.sets(e, s)?;
        self.standalone(e)
    }

    /// The value of a constant expression as a real number (`±∞` included).
    fn real(&self, e: &Expr) -> Option<f64> {
        let mut steps = 0;
        crate::expr::eval::eval_real(e, &|_| None, &mut steps, 10_000)
            .ok()
            .filter(|v| !v.is_nan())
    }

    /// A set of numbers written as an interval less finitely many points,
    /// `\mathbb{R} \setminus \{1, -1\}`, `[0, \infty) \setminus \{0\}`, as the
    /// union of intervals it is: `(-\infty,-1)\cup(-1,1)\cup(1,\infty)`,
    /// `(0,\infty)`. `None` for anything else (a point outside the
    /// interval, an end that is not a number, a named set such as `\mathbb{Z}`).
    fn set_minus(&self, s: &str) -> Option<String> {
        let (base, points) = s.split_once("\\setminus")?;
        let base = base.trim_quick();
        let base = words::number_set(base).unwrap_or(base);
        let lo_closed = base.starts_with('[');
        let hi_closed = base.ends_with(']');
        let (lo, hi) = base
            .get(1..base.len().checked_sub(1)?)
            .filter(|_| base.starts_with(['(', '[']) && base.ends_with([')', ']']))?
            .split_once(',')?;
        let (lo, hi) = (lo.trim_quick(), hi.trim_quick());
        let lo_v = self.end(&self.parse(lo).ok()?)?;
        let hi_v = self.end(&self.parse(hi).ok()?)?;
        let inner = points
            .trim_quick()
            .strip_prefix("\\{")?
            .strip_suffix("\\}")?;
        let mut cuts: Vec<(f64, &str)> = Vec::new();
        for p in inner.split(',') {
            let p = p.trim_quick();
            let v = self.real(&self.parse(p).ok()?)?;
            if v < lo_v || v > hi_v {
                return None;
            }
            cuts.push((v, p));
        }
        cuts.sort_by(|a, b| a.0.total_cmp(&b.0));
        cuts.dedup_by(|a, b| a.0 == b.0);
        let mut parts = Vec::with_capacity(cuts.len() + 1);
        let (mut from, mut from_v, mut open) = (lo, lo_v, if lo_closed { "[" } else { "(" });
        for (v, p) in cuts {
            if v > from_v {
                parts.push(format!("{open}{from},{p})"));
            }
            (from, from_v, open) = (p, v, "(");
        }
        if hi_v > from_v {
            parts.push(format!(
                "{open}{from},{hi}{}",
                if hi_closed { "]" } else { ")" }
            ));
        }
        (!parts.is_empty()).then(|| parts.join("\\cup "))
    }

    /// An interval's end as a real number: `∞` and `-∞` included.
    fn end(&self, e: &Expr) -> Option<f64> {
        match crate::expr::canon::infinite_sign(e) {
            Some(positive) => Some(if positive {
                f64::INFINITY
            } else {
                f64::NEG_INFINITY
            }),
            None => self.real(e),
        }
    }

    /// Sets as the answers write them (ME-17): a reversed interval `[1, 0]`
    /// is refused (a parse error: no such interval is written on purpose),
    /// an intersection of intervals with numeric ends is computed, and the
    /// elements of a finite set with `±` are both values.
    fn sets(&self, e: Expr, text: &str) -> Result<Expr, ExprError> {
        let refuse = |what: &str| {
            Err(ExprError::Parse(crate::expr::ParseError::new(
                what,
                0..text.len(),
                text,
            )))
        };
        match e {
            Expr::Interval(iv) => {
                if let (Some(lo), Some(hi)) = (self.real(&iv.lo), self.real(&iv.hi)) {
                    if lo > hi {
                        return refuse(
                            "a reversed interval (its lower end is above its upper end)",
                        );
                    }
                }
                Ok(Expr::Interval(iv))
            }
            Expr::Relation(sides, ops) if self.no_number_between(&sides, &ops) => refuse(
                "a chain of bounds that no number satisfies (its lower end is above its upper end)",
            ),
            Expr::Union(parts) => Ok(Expr::Union(self.sets_all(parts, text)?)),
            Expr::Intersection(parts) => {
                let parts = self.sets_all(parts, text)?;
                match self.intersect(&parts) {
                    Some(x) => canonical_owned(x, &self.limits),
                    None => Ok(Expr::Intersection(parts)),
                }
            }
            Expr::Set(v) if v.iter().any(has_pm) => {
                let mut out = Vec::with_capacity(v.len() + 2);
                for x in &v {
                    out.extend(pm_values(x, &self.limits)?);
                }
                canonical_owned(Expr::Set(out), &self.limits)
            }
            other => Ok(other),
        }
    }

    /// Whether `lo < x < hi` (or `≤`, or the chain written with `>`), with
    /// numeric ends and a middle that is not a number, leaves no number
    /// between its ends: its lower end above its upper end, or equal with a
    /// strict sign (`3 < x < 1`, `2 < x \le 2`; `x<1 and x>3` is that chain,
    /// ME-2). Such bounds state no interval and are refused as a reversed
    /// interval is (ME-7).
    fn no_number_between(&self, sides: &[Expr], ops: &[RelOp]) -> bool {
        let ([a, x, b], [o1, o2]) = (sides, ops) else {
            return false;
        };
        let up = |o: &RelOp| matches!(o, RelOp::Lt | RelOp::Le);
        let down = |o: &RelOp| matches!(o, RelOp::Gt | RelOp::Ge);
        let (lo, hi) = if up(o1) && up(o2) {
            (a, b)
        } else if down(o1) && down(o2) {
            (b, a)
        } else {
            return false;
        };
        if x.symbols().is_empty() || !a.symbols().is_empty() || !b.symbols().is_empty() {
            return false;
        }
        let strict = [o1, o2].iter().any(|o| matches!(o, RelOp::Lt | RelOp::Gt));
        match (self.real(lo), self.real(hi)) {
            (Some(l), Some(h)) => l > h || (l == h && strict),
            _ => false,
        }
    }

    fn sets_all(&self, parts: Vec<Expr>, text: &str) -> Result<Vec<Expr>, ExprError> {
        parts.into_iter().map(|p| self.sets(p, text)).collect()
    }

    /// A list of relations of one unknown (and intervals) against a union
    /// or an interval (ME-7): the union of their intervals (`x < -2, x > 3`
    /// = `(-∞, -2) ∪ (3, ∞)`), and against an interval the one interval that
    /// relations alone cover together ([`Self::covered`]: `x > 1, x < 3` =
    /// ℝ). Not equal when an item is neither, or the relations bound
    /// distinct unknowns (`x < 1, y > 3`, [`one_unknown`]).
    fn relations_union(&mut self, one: &Expr, elems: &[Expr]) -> Result<Decided, ExprError> {
        let no = Ok((Outcome::NotEqual, Rule::List));
        let relations = elems.iter().all(|e| matches!(e, Expr::Relation(..)));
        if !one_unknown(elems) || matches!(one, Expr::Interval(_)) && !relations {
            return no;
        }
        let ivs: Option<Vec<Expr>> = elems
            .iter()
            .map(|e| match e {
                Expr::Relation(s, o) => relation_interval(s, o),
                Expr::Interval(_) => Some(e.clone()),
                _ => None,
            })
            .collect();
        let Some(ivs) = ivs else {
            return no;
        };
        let ivs = ivs
            .iter()
            .map(|iv| canonical(iv, &self.limits))
            .collect::<Result<Vec<_>, _>>()?;
        let d = match one {
            Expr::Union(parts) => self.as_sets(parts, &ivs, Rule::RelationInterval)?,
            _ => match self.covered(&ivs) {
                Some(iv) => self.engine(&iv, one)?,
                None => return no,
            },
        };
        Ok((d.0, Rule::RelationInterval))
    }

    /// The one interval that intervals with numeric (or infinite) ends cover
    /// together, when they leave no gap (`(1, ∞)` and `(-∞, 3)`: ℝ; `(-∞, 2)`
    /// and `[2, ∞)` too, not `(-∞, 2)` and `(2, ∞)`); `None` otherwise.
    fn covered(&self, ivs: &[Expr]) -> Option<Expr> {
        let mut parts: Vec<(f64, f64, &Interval)> = ivs
            .iter()
            .map(|e| match e {
                Expr::Interval(iv) => Some((self.end(&iv.lo)?, self.end(&iv.hi)?, &**iv)),
                _ => None,
            })
            .collect::<Option<_>>()?;
        // (The lowest end first, a closed one before an open one.)
        parts.sort_by(|a, b| a.0.total_cmp(&b.0).then(b.2.lo_closed.cmp(&a.2.lo_closed)));
        let (first, rest) = parts.split_first()?;
        let (mut hi, mut acc) = (first.1, first.2.clone());
        for &(lo, h, iv) in rest {
            if lo > hi || (lo == hi && !acc.hi_closed && !iv.lo_closed) {
                return None;
            }
            if h > hi || (h == hi && iv.hi_closed) {
                acc.hi = iv.hi.clone();
                acc.hi_closed = iv.hi_closed;
                hi = h;
            }
        }
        Some(Expr::Interval(Box::new(acc)))
    }

    /// The intersection of intervals with numeric ends: an interval, a
    /// point `{a}` or the empty set; `None` when a part is not such an interval.
    /// A part written `(a, b)` (a pair, which alone could be a point) is the
    /// open interval there: only sets are intersected (ME-17).
    fn intersect(&self, parts: &[Expr]) -> Option<Expr> {
        let mut acc: Option<(Interval, f64, f64)> = None;
        for p in parts {
            let pair;
            let iv = match p {
                Expr::Interval(iv) => &**iv,
                Expr::Tuple(v) if v.len() == 2 => {
                    pair = Interval {
                        lo: v[0].clone(),
                        hi: v[1].clone(),
                        lo_closed: false,
                        hi_closed: false,
                    };
                    &pair
                }
                _ => return None,
            };
            let (lo, hi) = (self.end(&iv.lo)?, self.end(&iv.hi)?);
            acc = Some(match acc {
                None => (iv.clone(), lo, hi),
                Some((mut a, alo, ahi)) => {
                    let (mut nlo, mut nhi) = (alo, ahi);
                    if lo > alo || (lo == alo && !iv.lo_closed) {
                        a.lo = iv.lo.clone();
                        a.lo_closed = iv.lo_closed;
                        nlo = lo;
                    }
                    if hi < ahi || (hi == ahi && !iv.hi_closed) {
                        a.hi = iv.hi.clone();
                        a.hi_closed = iv.hi_closed;
                        nhi = hi;
                    }
                    (a, nlo, nhi)
                }
            });
        }
        let (iv, lo, hi) = acc?;
        Some(
            if lo > hi || (lo == hi && !(iv.lo_closed && iv.hi_closed)) {
                Expr::Set(Vec::new())
            } else if lo == hi {
                Expr::Set(vec![iv.lo])
            } else {
                Expr::Interval(Box::new(iv))
            },
        )
    }

    /// Degrees at the top (or as an element) per `degrees_as_radians`.
    fn standalone(&self, e: Expr) -> Result<Expr, ExprError> {
        Ok(match e {
            Expr::Degrees(x) if !self.opts.degrees_as_radians => *x,
            Expr::Degrees(x) => canonical_owned(
                Expr::Mul(vec![*x, Expr::Constant(Constant::Pi), Expr::ratio(1, 180)]),
                &self.limits,
            )?,
            Expr::Tuple(v) => Expr::Tuple(
                v.into_iter()
                    .map(|x| self.standalone(x))
                    .collect::<Result<_, _>>()?,
            ),
            Expr::Set(v) => Expr::Set(
                v.into_iter()
                    .map(|x| self.standalone(x))
                    .collect::<Result<_, _>>()?,
            ),
            // A signed angle (`-30^\circ`: a number times degrees) is one
            // too.
            Expr::Mul(v)
                if v.len() == 2
                    && v.iter().any(|x| matches!(x, Expr::Number(_)))
                    && v.iter().any(|x| matches!(x, Expr::Degrees(_))) =>
            {
                let v = v
                    .into_iter()
                    .map(|x| self.standalone(x))
                    .collect::<Result<_, _>>()?;
                canonical_owned(Expr::Mul(v), &self.limits)?
            }
            other => other,
        })
    }

    fn item(&self, s: &str) -> Result<Item, ExprError> {
        // An integer, a fraction of integers, a short decimal or a letter
        // (about a third of all items) is read directly: no rule below
        // applies to one, and its reading is its canonical form.
        if let Some(expr) = parse_simple(s.trim_quick(), &self.limits) {
            return Ok(Item {
                text: s.to_string(),
                expr,
                stands_for: None,
                verbatim: true,
            });
        }
        self.item_read(s)
    }

    /// [`Comparer::item`] by its rules, for any text.
    fn item_read(&self, s: &str) -> Result<Item, ExprError> {
        // `\mathbb{R} \setminus \{1\}`: a union of intervals (ME-17).
        if let Some(t) = s
            .contains("\\setminus")
            .then(|| self.set_minus(s))
            .flatten()
        {
            return Ok(Item {
                expr: self.parse(&t)?,
                text: t,
                stands_for: None,
                verbatim: false,
            });
        }
        // `\mathbb{R}`, "all real numbers", `\mathbb{Z}` (ME-17).
        if let Some(t) = words::number_set(s) {
            return Ok(Item {
                text: t.to_string(),
                expr: self.parse(t)?,
                stands_for: None,
                verbatim: false,
            });
        }
        let inf = s
            .trim_start_matches(['-', '+'])
            .trim_quick()
            .eq_ignore_ascii_case("inf");
        if words::number_word(s).is_some() || inf {
            return Ok(Item {
                text: s.to_string(),
                expr: self.parse(s)?,
                stands_for: None,
                verbatim: true,
            });
        }
        // A word of three letters or more is text, not a product of
        // letters (`Evelyn` is not `E·e·l·n·v·y`, ME-3).
        if is_text_item(s) {
            return Ok(Item {
                text: s.to_string(),
                expr: Expr::Text(s.trim_quick().to_string()),
                stands_for: None,
                verbatim: true,
            });
        }
        // Most items hold no `=`: no split.
        let sides = if s.contains('=') {
            split_equals(s)
        } else {
            Vec::new()
        };
        if sides.len() >= 2 {
            let first = sides[0].trim_quick();
            let last = sides[sides.len() - 1].trim_quick();
            let rhs = self.parse(last)?;
            let lhs = self.parse(first);
            let long = sides.len() >= 3;
            let named = lhs.as_ref().is_ok_and(is_label);
            // `6 \times 8 = 48`, `\frac{1}{2} \$ = \frac{10}{9}`: a computation
            // written out (both sides numbers) stands for its result (ME-6).
            let computed = equiv::is_constant(&rhs) && lhs.as_ref().is_ok_and(equiv::is_constant);
            let stands_for = (long || named || computed).then(|| rhs.clone());
            let expr = match lhs {
                // Both sides are canonical already, and the canonical form of
                // a relation is the relation of its sides' canonical forms.
                Ok(l) => Expr::Relation(vec![l, rhs.clone()], vec![RelOp::Eq]),
                // `\zzz = x = 0`: a derivation whose first side does not
                // parse still stands for its last side.
                Err(_) if long => rhs.clone(),
                Err(e) => return Err(e),
            };
            return Ok(Item {
                text: s.to_string(),
                expr,
                stands_for,
                verbatim: true,
            });
        }
        Ok(Item {
            text: s.to_string(),
            expr: self.parse(s)?,
            stands_for: None,
            verbatim: true,
        })
    }

    fn answers(&mut self, x: &[Item], y: &[Item]) -> Result<Decided, ExprError> {
        // A compound quantity against one quantity or number (ME-9).
        if let Some(d) = compound_against(x, y).or_else(|| compound_against(y, x)) {
            return Ok(d);
        }
        match (x, y) {
            ([a], [b]) => self.items(a, b),
            ([a], ys) | (ys, [a]) => {
                // One object against a bare list: a tuple, set, matrix or
                // `±` against the list's elements.
                let elems: Vec<Expr> = ys
                    .iter()
                    .map(|i| i.stands_for.clone().unwrap_or_else(|| i.expr.clone()))
                    .collect();
                let one = a.stands_for.as_ref().unwrap_or(&a.expr);
                let relations = elems.iter().all(|e| matches!(e, Expr::Relation(..)));
                let d = match one {
                    // (`(a, b)` against relations: the open interval, ME-7.)
                    Expr::Tuple(v) if v.len() == 2 && relations => {
                        let iv = Expr::Interval(Box::new(Interval {
                            lo: v[0].clone(),
                            hi: v[1].clone(),
                            lo_closed: false,
                            hi_closed: false,
                        }));
                        self.relations_union(&iv, &elems)?
                    }
                    Expr::Tuple(v) if !self.opts.compare_sets => {
                        self.ordered(v, &elems, Rule::List)?
                    }
                    Expr::Tuple(v) => self.unordered(v, &elems, Rule::List)?,
                    Expr::Set(v) => self.as_sets(v, &elems, Rule::List)?,
                    Expr::Matrix(rows) if rows.len() == 1 || rows.iter().all(|r| r.len() == 1) => {
                        let flat: Vec<Expr> = rows.iter().flatten().cloned().collect();
                        self.ordered(&flat, &elems, Rule::Vector)?
                    }
                    Expr::PlusMinus(p, q) => {
                        let both = vec![
                            canonical_owned(Expr::sub((**p).clone(), (**q).clone()), &self.limits)?,
                            canonical_owned(
                                Expr::Add(vec![(**p).clone(), (**q).clone()]),
                                &self.limits,
                            )?,
                        ];
                        self.as_sets(&both, &elems, Rule::Engine(EngineRule::PlusMinus))?
                    }
                    // `x < -2 or x > 3` against `(-∞, -2) ∪ (3, ∞)` (ME-7).
                    Expr::Union(_) | Expr::Interval(_) => self.relations_union(one, &elems)?,
                    _ => (Outcome::NotEqual, Rule::List),
                };
                if d.0 == Outcome::Equal {
                    return Ok(d);
                }
                // A list that says the same answer several times (`2, 2`
                // from two boxes) is that answer: lists are sets.
                let same = self.as_sets(std::slice::from_ref(one), &elems, Rule::List)?;
                Ok(if same.0 == Outcome::Equal { same } else { d })
            }
            (xs, ys) => self.item_lists(xs, ys),
        }
    }

    /// Two bare lists: as sets of answers, every item of each has an equal
    /// item in the other (ME-5).
    fn item_lists(&mut self, xs: &[Item], ys: &[Item]) -> Result<Decided, ExprError> {
        let xs = expand_pm_items(xs, &self.limits)?;
        let ys = expand_pm_items(ys, &self.limits)?;
        // Each pair is compared at most once (both directions read the same
        // verdicts): at most |xs|·|ys| comparisons.
        let mut known: Vec<Option<bool>> = vec![None; xs.len() * ys.len()];
        let mut same = |this: &mut Self, i: usize, j: usize| -> Result<bool, ExprError> {
            let k = i * ys.len() + j;
            if let Some(v) = known[k] {
                return Ok(v);
            }
            let v = this.items(&xs[i], &ys[j])?.0 == Outcome::Equal;
            known[k] = Some(v);
            Ok(v)
        };
        for flip in [false, true] {
            let (n, m) = if flip {
                (ys.len(), xs.len())
            } else {
                (xs.len(), ys.len())
            };
            for a in 0..n {
                let mut found = false;
                for b in 0..m {
                    let (i, j) = if flip { (b, a) } else { (a, b) };
                    if same(self, i, j)? {
                        found = true;
                        break;
                    }
                }
                if !found {
                    return Ok((Outcome::NotEqual, Rule::List));
                }
            }
        }
        Ok((Outcome::Equal, Rule::List))
    }

    fn items(&mut self, a: &Item, b: &Item) -> Result<Decided, ExprError> {
        let rel = |e: &Expr| matches!(e, Expr::Relation(..));
        if a.text == b.text {
            return Ok((Outcome::Equal, Rule::Literal));
        }
        // `f(z) = z` against `f(x) = x`: one function, whatever the name of
        // its bound variable (ME-18).
        if let (Some((fa, va, _)), Some((fb, vb, rb))) =
            (function_definition(&a.text), function_definition(&b.text))
        {
            if fa == fb && va != vb {
                if let (Some(sa), Some(renamed)) = (&a.stands_for, rename_variable(rb, vb, va)) {
                    let e = self.parse(&renamed)?;
                    let d = self.exprs(sa, &e, "", "")?;
                    return Ok((d.0, Rule::Function));
                }
            }
        }
        // `x = 3` against `3` (ME-6).
        if let (Some(ra), false) = (&a.stands_for, rel(&b.expr)) {
            let d = self.exprs(ra, &b.expr, &a.text, &b.text)?;
            return Ok(credit(d, Rule::Label));
        }
        if let (false, Some(rb)) = (rel(&a.expr), &b.stands_for) {
            let d = self.exprs(&a.expr, rb, &a.text, &b.text)?;
            return Ok(credit(d, Rule::Label));
        }
        if let (Some(ra), Some(rb)) = (&a.stands_for, &b.stands_for) {
            // Two named equations: same name and same value, or as equations.
            let d = self.exprs(&a.expr, &b.expr, &a.text, &b.text)?;
            if d.0 == Outcome::Equal {
                return Ok(d);
            }
            let same_name = match (&a.expr, &b.expr) {
                (Expr::Relation(x, _), Expr::Relation(y, _)) => {
                    x.first() == y.first()
                        || root_of(x.first()).is_some_and(|r| root_of(y.first()) == Some(r))
                }
                _ => false,
            };
            if same_name {
                return self.exprs(ra, rb, &a.text, &b.text);
            }
            return Ok(d);
        }
        self.exprs(&a.expr, &b.expr, &a.text, &b.text)
    }

    fn exprs(&mut self, a: &Expr, b: &Expr, ta: &str, tb: &str) -> Result<Decided, ExprError> {
        // Units (ME-9).
        match (units::split(a), units::split(b)) {
            (None, None) => {}
            (Some((sa, ua)), Some((sb, ub))) => {
                return match (ua, ub) {
                    (UnitPart::Known(x), UnitPart::Known(y)) => {
                        if x.dims != y.dims {
                            return Ok((Outcome::NotEqual, Rule::Units));
                        }
                        let va = canonical_owned(
                            Expr::Mul(vec![sa, Expr::Number(x.factor)]),
                            &self.limits,
                        )?;
                        let vb = canonical_owned(
                            Expr::Mul(vec![sb, Expr::Number(y.factor)]),
                            &self.limits,
                        )?;
                        let d = self.engine(&va, &vb)?;
                        Ok((d.0, Rule::Units))
                    }
                    (UnitPart::Named(x), UnitPart::Named(y)) if x == y => {
                        let d = self.engine(&sa, &sb)?;
                        Ok((d.0, Rule::Units))
                    }
                    _ => Ok((Outcome::NotEqual, Rule::Units)),
                };
            }
            (Some((sa, _)), None) => {
                let d = self.exprs(&sa, b, ta, tb)?;
                return Ok(credit(d, Rule::Units));
            }
            (None, Some((sb, _))) => {
                let d = self.exprs(a, &sb, ta, tb)?;
                return Ok(credit(d, Rule::Units));
            }
        }
        match (a, b) {
            // `a < x < b` against an interval (ME-7).
            (Expr::Relation(s, o), other) | (other, Expr::Relation(s, o))
                if matches!(other, Expr::Interval(_) | Expr::Tuple(_) | Expr::Union(_)) =>
            {
                if let Some(iv) = relation_interval(s, o) {
                    let iv = canonical_owned(iv, &self.limits)?;
                    let d = self.engine(&iv, other)?;
                    return Ok((d.0, Rule::RelationInterval));
                }
                return Ok((Outcome::NotEqual, Rule::Engine(EngineRule::Kind)));
            }
            (Expr::Tuple(x), Expr::Tuple(y)) if self.opts.compare_sets => {
                return self.unordered(x, y, Rule::Engine(EngineRule::Set));
            }
            (Expr::Tuple(v), Expr::Matrix(rows)) | (Expr::Matrix(rows), Expr::Tuple(v))
                if rows.len() == 1 || rows.iter().all(|r| r.len() == 1) =>
            {
                let flat: Vec<Expr> = rows.iter().flatten().cloned().collect();
                return self.ordered(v, &flat, Rule::Vector);
            }
            _ => {}
        }
        let d = self.engine(a, b)?;
        if d.0 != Outcome::Equal
            && self.opts.decimal_rounding
            && (self.rounds_to(ta, b) || self.rounds_to(tb, a))
        {
            return Ok((Outcome::Equal, Rule::Rounding));
        }
        // ME-20 after ME-19: the option a caller turns on names the rule.
        if d.0 == Outcome::NotEqual
            && self.opts.repeating_decimals
            && (repeating(ta, a, b)
                || repeating(tb, b, a)
                || self.repeating_elements(a, b, ta, tb)?)
        {
            return Ok((Outcome::Equal, Rule::RepeatingDecimal));
        }
        let evidence = ta.ends_with("\\%") || tb.ends_with("\\%");
        if d.0 != Outcome::Equal
            && (self.opts.include_percentage || evidence)
            && self.percentage(ta, tb)
        {
            return Ok((Outcome::Equal, Rule::Percentage));
        }
        Ok(d)
    }

    /// Two intervals (the same ends open or closed) or two tuples of as many
    /// elements, written as brackets around elements separated by commas,
    /// whose elements are each equal by the engine or by ME-20 (at least
    /// one by ME-20): `(0.6, 2.6667]` against `(\frac{3}{5}, \frac{8}{3}]`.
    /// Each pair of elements is compared once, by the engine when ME-20
    /// does not take it.
    fn repeating_elements(
        &mut self,
        a: &Expr,
        b: &Expr,
        ta: &str,
        tb: &str,
    ) -> Result<bool, ExprError> {
        let (xa, xb): (Vec<&Expr>, Vec<&Expr>) = match (a, b) {
            (Expr::Interval(x), Expr::Interval(y))
                if x.lo_closed == y.lo_closed && x.hi_closed == y.hi_closed =>
            {
                (vec![&x.lo, &x.hi], vec![&y.lo, &y.hi])
            }
            (Expr::Tuple(x), Expr::Tuple(y)) if x.len() == y.len() => {
                (x.iter().collect(), y.iter().collect())
            }
            _ => return Ok(false),
        };
        // A decimal is written on one side at least.
        if !(ta.contains('.') || tb.contains('.')) {
            return Ok(false);
        }
        let (Some(pa), Some(pb)) = (bracket_elements(ta), bracket_elements(tb)) else {
            return Ok(false);
        };
        if pa.len() != xa.len() || pb.len() != xb.len() {
            return Ok(false);
        }
        let mut rounded = false;
        for (i, (p, q)) in xa.iter().zip(&xb).enumerate() {
            if repeating(pa[i], p, q) || repeating(pb[i], q, p) {
                rounded = true;
            } else if self.engine(p, q)?.0 != Outcome::Equal {
                return Ok(false);
            }
        }
        Ok(rounded)
    }

    /// Whether `literal` is a rounded decimal (ME-19: at least three
    /// significant digits, at least one decimal place) and `exact`, a
    /// constant that is not itself a decimal literal, rounds to it (half
    /// away from zero) at its decimal places.
    fn rounds_to(&self, literal: &str, exact: &Expr) -> bool {
        let lit = literal.trim_quick();
        if !is_decimal_literal(lit) || lit.ends_with("\\%") {
            return false;
        }
        let Some(places) = rounding_places(lit) else {
            return false;
        };
        // The other side: a constant, not a decimal number (the decimal
        // `0.54` is not a rounding of `0.5`'s exact value).
        if !equiv::is_constant(exact)
            || exact
                .as_number()
                .is_some_and(|n| is_terminating(n) && !n.is_integer())
        {
            return false;
        }
        let (Ok(l), Some(v)) = (lit.parse::<f64>(), self.real(exact)) else {
            return false;
        };
        let half = 0.5 * 10f64.powi(-(places as i32));
        (v - l).abs() <= half * (1.0 + 1e-9)
    }

    /// The percentage reading (ME-8): both sides plain decimals (a trailing
    /// `\%` allowed), one 100× the other within `percent_rel_tol`, and the
    /// smaller in (0, 1) ∪ (1, 100).
    fn percentage(&self, ta: &str, tb: &str) -> bool {
        if !(is_decimal_literal(ta) && is_decimal_literal(tb)) {
            return false;
        }
        let value = |t: &str| -> Option<f64> {
            match t.strip_suffix("\\%") {
                Some(x) => x.parse::<f64>().ok().map(|v| v / 100.0),
                None => t.parse::<f64>().ok(),
            }
        };
        let (Some(x), Some(y)) = (value(ta), value(tb)) else {
            return false;
        };
        let could_be_percent = |v: f64| (0.0 < v && v < 1.0) || (1.0 < v && v < 100.0);
        let close =
            |a: f64, b: f64| (a - b).abs() <= self.opts.percent_rel_tol * a.abs().max(b.abs());
        [(x, y), (y, x)].iter().any(|&(s, l)| {
            could_be_percent(s) && could_be_percent(l / 100.0) && close(l / 100.0, s)
        })
    }

    /// The engine's options of this comparison's tolerances (ME-12).
    fn equiv_options(&self) -> EquivOptions {
        EquivOptions {
            rel_tol: self.opts.rel_tol,
            abs_tol: self.opts.abs_tol,
            abs_tol_near_zero_only: !self.opts.abs_tol_everywhere,
            // Two integers are the same integer or differ (ME-12), unless
            // the caller loosened the relative tolerance (approximate
            // values count then) or asked for document 004's tolerance.
            exact_integers: !self.opts.abs_tol_everywhere && self.opts.rel_tol <= DEFAULT_REL_TOL,
            // The verdict of `math.equal` carries no reason.
            reasons: false,
            ..EquivOptions::default()
        }
    }

    fn engine(&mut self, a: &Expr, b: &Expr) -> Result<Decided, ExprError> {
        let eo = self.equiv_options();
        let v = equiv::equivalent_counted(a, b, &eo, &self.limits, &mut self.steps)?;
        Ok(match v.outcome {
            equiv::Outcome::Equal => (Outcome::Equal, v.rule.into()),
            equiv::Outcome::NotEqual => (Outcome::NotEqual, v.rule.into()),
            equiv::Outcome::Unknown => (Outcome::Undecided, v.rule.into()),
        })
    }

    fn ordered(&mut self, x: &[Expr], y: &[Expr], rule: Rule) -> Result<Decided, ExprError> {
        if x.len() != y.len() {
            return Ok((Outcome::NotEqual, rule));
        }
        for (p, q) in x.iter().zip(y) {
            if self.exprs(p, q, "", "")?.0 != Outcome::Equal {
                return Ok((Outcome::NotEqual, rule));
            }
        }
        Ok((Outcome::Equal, rule))
    }

    /// As sets: every element of each has an equal element in the other.
    fn as_sets(&mut self, x: &[Expr], y: &[Expr], rule: Rule) -> Result<Decided, ExprError> {
        for (p, q) in [(x, y), (y, x)] {
            for a in p {
                let mut found = false;
                for b in q {
                    if self.exprs(a, b, "", "")?.0 == Outcome::Equal {
                        found = true;
                        break;
                    }
                }
                if !found {
                    return Ok((Outcome::NotEqual, rule));
                }
            }
        }
        Ok((Outcome::Equal, rule))
    }

    fn unordered(&mut self, x: &[Expr], y: &[Expr], rule: Rule) -> Result<Decided, ExprError> {
        if x.len() != y.len() {
            return Ok((Outcome::NotEqual, rule));
        }
        let mut used = vec![false; y.len()];
        for p in x {
            let mut found = false;
            for (k, q) in y.iter().enumerate() {
                if !used[k] && self.exprs(p, q, "", "")?.0 == Outcome::Equal {
                    used[k] = true;
                    found = true;
                    break;
                }
            }
            if !found {
                return Ok((Outcome::NotEqual, rule));
            }
        }
        Ok((Outcome::Equal, rule))
    }
}

/// The most items a compound quantity has (`1 week, 2 days, 3 hours and 4
/// minutes`).
const MAX_COMPOUND_ITEMS: usize = 4;

/// A bare list that is one compound quantity (ME-9): two to
/// [`MAX_COMPOUND_ITEMS`] items, each a number (not negative) times units
/// of the table, all of one dimension, the larger unit first (`2 hours and
/// 30 minutes`, `3 kg, 200 g`): its total in the base units and the
/// factors of its units.
fn compound(items: &[Item]) -> Option<(Rational, Vec<Rational>)> {
    if !(2..=MAX_COMPOUND_ITEMS).contains(&items.len()) {
        return None;
    }
    let mut total = Rational::from_integer(0.into());
    let mut factors: Vec<Rational> = Vec::new();
    let mut dims = None;
    for item in items {
        let (Expr::Number(n), UnitPart::Known(u)) = units::split(&item.expr)? else {
            return None;
        };
        let larger_first = factors.last().is_none_or(|f| u.factor < *f);
        if n < num_traits::Zero::zero() || u.dims == [0; 3] || !larger_first {
            return None;
        }
        if *dims.get_or_insert(u.dims) != u.dims {
            return None;
        }
        total += n * &u.factor;
        factors.push(u.factor);
    }
    Some((total, factors))
}

/// `x` a compound quantity ([`compound`]) and `y` one item: equal when `y`
/// is a quantity of the same dimension and size, or a number without a unit
/// that is the compound's size in one of its units (`2 hours and 30
/// minutes` is 2.5 and 150; ME-9). `None` when `x` is no compound or `y` is
/// neither.
fn compound_against(x: &[Item], y: &[Item]) -> Option<Decided> {
    let [b] = y else {
        return None;
    };
    let (total, factors) = compound(x)?;
    let equal = match units::split(&b.expr) {
        Some((Expr::Number(v), UnitPart::Known(u))) => v * u.factor == total,
        Some(_) => false,
        None => match &b.expr {
            Expr::Number(v) => factors.iter().any(|f| v * f == total),
            _ => return None,
        },
    };
    let outcome = if equal {
        Outcome::Equal
    } else {
        Outcome::NotEqual
    };
    Some((outcome, Rule::Units))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two simple numbers are decided as the items and the engine decide.
    #[test]
    fn simple_numbers_decide_as_the_engine() {
        let texts = [
            "0",
            "1",
            "-1",
            "2",
            "12",
            "1/3",
            "-4/6",
            "2/3",
            "\\frac{1}{3}",
            "\\frac{2}{6}",
            "\\frac13",
            "0.5",
            "-0.5",
            "0.3333333333",
            "0.33333333333",
            "0.333",
            "-0.333",
            "0.33",
            "0.667",
            "0.666",
            "\\frac{2}{3}",
            "1.0000000001",
            "1.000000001",
            "0.000000001",
            "0.0000000011",
            "123456789012345678",
            "123456789012345677",
            "x",
            "e",
        ];
        let mut variants = vec![EqualOptions::default(), EqualOptions::document()];
        variants.push(EqualOptions {
            rel_tol: 1e-3,
            ..EqualOptions::default()
        });
        variants.push(EqualOptions {
            compare_sets: true,
            degrees_as_radians: true,
            ..EqualOptions::default()
        });
        let mut taken = 0;
        for opts in &variants {
            for r in texts {
                for p in texts {
                    let mut a = Comparer::new(opts);
                    let mut b = Comparer::new(opts);
                    taken += usize::from(a.simple_numbers(r, p).is_some());
                    assert_eq!(
                        a.top_with(r, p, true),
                        b.top_with(r, p, false),
                        "{r:?} {p:?}"
                    );
                }
            }
        }
        assert!(taken > 500, "{taken}");
    }
    /// ME-20 on exact rationals, at the boundaries of rounding: 2/3 =
    /// 0.6666… rounds to 0.667 at three places (not 0.666, a truncation)
    /// and to 0.6667 at four; 1/3 = 0.3333… to 0.333 and at four places to
    /// 0.3333, not 0.3330; 100/3 = 33.333… to 33.3; 1/7 = 0.142857… to
    /// 0.143.
    #[test]
    fn repeating_decimals_round_exactly() {
        use num_rational::BigRational;
        let q = |n: i64, d: i64| BigRational::new(n.into(), d.into());
        let rounds = |lit: &str, exact: &BigRational| {
            rounded_repeating(lit, &simple_number(lit).expect(lit), exact)
        };
        // (decimal, numerator, denominator, whether the rational rounds to it)
        for (lit, n, d, yes) in [
            ("0.667", 2, 3, true),
            ("0.6667", 2, 3, true),
            ("0.333", 1, 3, true),
            ("0.3333", 1, 3, true),
            ("-0.333", -1, 3, true),
            ("33.3", 100, 3, true),
            ("1.333", 4, 3, true),
            ("0.143", 1, 7, true),
            ("0.0333", 1, 30, true),
            // 15 places, the most: 1/3 − 0.333333333333333 = 1/(3·10^15).
            ("0.333333333333333", 1, 3, true),
            // A truncation, not a rounding.
            ("0.666", 2, 3, false),
            // Four places: 1/3 rounds to 0.3333.
            ("0.3330", 1, 3, false),
            // Two significant digits.
            ("0.33", 1, 3, false),
            ("0.67", 2, 3, false),
            // The sign.
            ("0.333", -1, 3, false),
            ("-0.333", 1, 3, false),
            // 16 places: beyond the bound.
            ("0.3333333333333333", 1, 3, false),
            // No decimal place.
            ("333", 1000, 3, false),
            // A terminating rational: 1/8 = 0.125 exactly, which the
            // engine decides; 0.13 is not 1/8.
            ("0.125", 1, 8, false),
            ("0.13", 1, 8, false),
            // A rational, not 1/3.
            ("0.334", 1, 3, false),
        ] {
            assert_eq!(rounds(lit, &q(n, d)), yes, "{lit} against {n}/{d}");
        }
        // Spaces around the text are no part of it.
        assert!(rounded_repeating(" 0.333 ", &q(333, 1000), &q(1, 3)));
        // The text must be the decimal of the value given.
        assert!(!rounded_repeating("0.333", &q(1, 2), &q(1, 3)));
        assert!(!rounded_repeating("0.333\\%", &q(333, 100_000), &q(1, 3)));
        // A rational beyond 256 bits is not read: 1/3 + 1/(3·10^100)
        // rounds to 0.333 but its denominator has 334 bits.
        let big = num_traits::pow(num_bigint::BigInt::from(10u32), 100);
        let exact = BigRational::new(&big + 1u32, big * 3u32);
        assert!(!is_terminating(&exact));
        assert!(!rounds("0.333", &exact));
    }

    /// The elements of an interval or tuple as written.
    #[test]
    fn bracket_elements_are_read_only_from_one_pair_of_brackets() {
        assert_eq!(
            bracket_elements("(0.6,2.6667]"),
            Some(vec!["0.6", "2.6667"])
        );
        assert_eq!(
            bracket_elements("[\\frac{1}{3}, 2, 0.5)"),
            Some(vec!["\\frac{1}{3}", "2", "0.5"])
        );
        for t in ["(1,2)\\cup(3,4)", "((1,2),3)", "(1)", "1,2", "\\{1,2\\}"] {
            assert_eq!(bracket_elements(t), None, "{t}");
        }
    }

    /// A text `never_undefined` takes holds no undefined value when read:
    /// every text of up to three characters over digits, letters (alone
    /// and side by side) and operators, and longer ones by hand.
    #[test]
    fn texts_taken_as_never_undefined_read_without_an_undefined_value() {
        let opts = EqualOptions::default();
        let cmp = Comparer::new(&opts);
        let alphabet: Vec<char> = "01.xeilnp+-*/()=< ^,".chars().collect();
        let mut texts: Vec<String> = Vec::new();
        for a in &alphabet {
            texts.push(a.to_string());
            for b in &alphabet {
                texts.push(format!("{a}{b}"));
                for c in &alphabet {
                    texts.push(format!("{a}{b}{c}"));
                }
            }
        }
        texts.extend(
            [
                "2-2p", "x+1=0", "(a, b)", "2x - 3y", "1/2x", "x/2", "a*b*c", "[x, y)", "e+i",
                "1/e", "x/0.5", "-x<2", "2 x", "0x", "x*0+1", "e-e", "i*i", "1/2=x",
            ]
            .map(String::from),
        );
        let mut taken = 0;
        for t in &texts {
            if !never_undefined(t) {
                continue;
            }
            taken += 1;
            let undefined = cmp
                .answer(t)
                .is_ok_and(|items| items.iter().any(|i| i.expr.holds_undefined()));
            assert!(!undefined, "{t:?}");
        }
        assert!(taken > 1_500, "{taken}");
        for t in [
            "ln 0", "x/0", "log0", "1/(x-x)", "x^{-1}", "2-2p/0", "ln(1)",
        ] {
            assert!(!never_undefined(t), "{t:?}");
        }
    }

    /// The direct reading of simple items is the reading by the rules.
    #[test]
    fn simple_items_are_read_as_the_rules_read_them() {
        let opts = EqualOptions::default();
        let cmp = Comparer::new(&opts);
        let mut taken = 0;
        let letters = (b'a'..=b'z')
            .chain(b'A'..=b'Z')
            .map(|c| char::from(c).to_string());
        let numbers = [
            "0",
            "1",
            "-2",
            "12",
            "1/3",
            "-4/6",
            "\\frac{1}{3}",
            "-\\dfrac{2}{4}",
            "\\tfrac{10}{5}",
            "\\frac13",
            "-\\frac24",
            "\\frac30",
            "0.5",
            "-3.14",
            "12.50",
            " 7 ",
            "1/0",
            "1st",
            "2.5.1",
        ];
        for t in letters.chain(numbers.iter().map(|s| s.to_string())) {
            let full = cmp
                .item_read(&t)
                .map(|i| (i.text, i.expr, i.stands_for, i.verbatim));
            let item = cmp
                .item(&t)
                .map(|i| (i.text, i.expr, i.stands_for, i.verbatim));
            assert_eq!(format!("{item:?}"), format!("{full:?}"), "{t:?}");
            taken += usize::from(parse_simple(t.trim_quick(), &cmp.limits).is_some());
        }
        assert!(taken >= 60, "{taken}");
    }
}
