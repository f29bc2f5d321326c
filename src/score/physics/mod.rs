//! Physics answer normalization (document 000): `normalize_answer` maps an
//! answer string to a category — number, equation, physical quantity,
//! formula or text — and a canonical value, so that two answers can be
//! compared ([`equal`]). The numbered rules are in `spec/physics.md`.
//!
//! The steps run in the document's order, the first that applies wins:
//!
//! 1. [`normalize_number`]: a whole-answer number (`500`, `2/3`,
//!    `\frac{2}{3}`) is the category `number` with its `f64` value.
//! 2. [`starts_with_latex`]: an answer that does not start with one of the
//!    document's LaTeX prefixes is `text`: its math content, stripped
//!    (`from $B$ to $A$` → `from B to A`).
//! 3. [`extract_math_content`] then [`classify_expression`]: `equation`
//!    (contains `=`), `physical_quantity` (a number then units) or `formula`.
//! 4. A physical quantity is normalized to `"{number} {unit}"`
//!    ([`normalize_physical_quantity`]); an equation or formula to the
//!    expression engine's canonical SymPy-style string ([`normalize_symbolic`]),
//!    or, when it does not parse, to its whitespace-collapsed text.
//!
//! ```
//! use scorespec::score::physics::{normalize_answer, Category, Value};
//! let n = normalize_answer(r"$-10^{4} \mathrm{A}/\mathrm{s}$");
//! assert_eq!(n.category, Category::PhysicalQuantity);
//! assert_eq!(n.value, Value::Text("-10000 A/s".into()));
//! assert_eq!(normalize_answer("$a + b$"), normalize_answer("$b + a$"));
//! ```
//!
//! # Differences with the document
//!
//! The document is followed where it speaks; where its original code does
//! otherwise, the document wins: `9.8 m/s^2` without LaTeX is text (the
//! original code calls it a physical quantity), and an expression with
//! several `=` is an equation (the original requires exactly one). Where the
//! original misbehaves, the rules of `spec/physics.md` decide: `1,2` is not
//! the number 12 (PH-2), `inf` and `nan` are not numbers (PH-4), a quantity
//! keeps the spaces of its unit (`5 meters per second`, PH-17) and reads
//! scientific notation (`1.5e3 m` → `1500 m`, PH-13), `\text{hello}` is
//! text (PH-12), and `\frac{1}{2} + 1` goes through the expression engine
//! although no delimiter was removed (PH-18).

pub mod latex;
pub mod number;
pub mod quantity;

use std::fmt;

use serde_json::{Value as Json, json};

use crate::expr::api::{Format, parse};
use crate::expr::equiv::{EquivOptions, Outcome, Rule as EquivRule, equivalent};
use crate::expr::print::to_infix;
use crate::expr::{Expr, ExprError, Limits};
use crate::text::tokenize::strip;

pub use latex::{extract_math_content, starts_with_latex};
pub use number::normalize_number;
use quantity::{Quantity, collapse, parse_quantity};

/// The category of a normalized answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Category {
    /// An integer, decimal or fraction; the value is an `f64`.
    Number,
    /// An expression containing `=`.
    Equation,
    /// A number followed by units.
    PhysicalQuantity,
    /// Any other expression.
    Formula,
    /// Prose.
    Text,
}

impl Category {
    /// All five categories.
    pub const ALL: [Category; 5] = [
        Category::Number,
        Category::Equation,
        Category::PhysicalQuantity,
        Category::Formula,
        Category::Text,
    ];

    /// The document's name: `number`, `equation`, `physical_quantity`,
    /// `formula` or `text`.
    pub fn name(self) -> &'static str {
        match self {
            Category::Number => "number",
            Category::Equation => "equation",
            Category::PhysicalQuantity => "physical_quantity",
            Category::Formula => "formula",
            Category::Text => "text",
        }
    }
}

impl fmt::Display for Category {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A normalized value: a finite number, or a string.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    /// The value of a `number` answer (always finite).
    Number(f64),
    /// The value of every other category.
    Text(String),
}

/// The result of [`normalize_answer`].
#[derive(Debug, Clone, PartialEq)]
pub struct Normalized {
    /// The category.
    pub category: Category,
    /// The canonical value.
    pub value: Value,
}

impl Normalized {
    fn text(category: Category, value: impl Into<String>) -> Self {
        Normalized {
            category,
            value: Value::Text(value.into()),
        }
    }

    /// `{"category": …, "value": …}` (a JSON number or string).
    pub fn to_json(&self) -> Json {
        let value = match &self.value {
            Value::Number(x) => Json::from(*x),
            Value::Text(s) => Json::from(s.as_str()),
        };
        json!({"category": self.category.name(), "value": value})
    }
}

/// The document's `normalize_text`: the text stripped of leading and
/// trailing whitespace (Python's `str.strip`).
///
/// ```
/// assert_eq!(scorespec::score::physics::normalize_text("  hello world "), "hello world");
/// ```
pub fn normalize_text(text: &str) -> String {
    strip(text).to_string()
}

/// The classification of clean math content (document § 2b.2), with the
/// parsed quantity when it is one.
fn classify_detail(clean: &str) -> (Category, Option<Quantity>) {
    if clean.contains('=') {
        return (Category::Equation, None);
    }
    match parse_quantity(clean) {
        Some(q) => (Category::PhysicalQuantity, Some(q)),
        None => (Category::Formula, None),
    }
}

/// Step 2b.2 (`classify_expression`): `equation` when the math content of
/// `text` contains `=`, `physical_quantity` when it is a number followed by
/// units (PH-13, PH-14), else `formula`. The text goes through
/// [`extract_math_content`] first (a no-op on clean text).
///
/// ```
/// use scorespec::score::physics::{classify_expression, Category};
/// assert_eq!(classify_expression("F = ma"), Category::Equation);
/// assert_eq!(classify_expression("-10^{4} A/s"), Category::PhysicalQuantity);
/// assert_eq!(classify_expression("x^2 + y^2"), Category::Formula);
/// assert_eq!(classify_expression("2x + 1"), Category::Formula);
/// ```
pub fn classify_expression(text: &str) -> Category {
    classify_detail(&extract_math_content(text).0).0
}

/// Step 2b.3a (`_normalize_physical_quantity`): `"{number} {unit}"` with the
/// number evaluated (PH-15, PH-16) and the unit normalized (PH-17); a text
/// that is not a quantity comes back with its whitespace collapsed. The text
/// goes through [`extract_math_content`] first.
///
/// ```
/// use scorespec::score::physics::normalize_physical_quantity;
/// assert_eq!(normalize_physical_quantity(r"$-10^{4} \mathrm{A}/\mathrm{s}$"), "-10000 A/s");
/// assert_eq!(normalize_physical_quantity("1.5e3 m"), "1500 m");
/// assert_eq!(normalize_physical_quantity("just  text"), "just text");
/// ```
pub fn normalize_physical_quantity(text: &str) -> String {
    let (clean, _) = extract_math_content(text);
    match parse_quantity(&clean) {
        Some(q) => q.to_text(),
        None => collapse(&clean),
    }
}

/// The canonical expression of clean LaTeX math, or the parse error.
fn symbolic(clean: &str) -> Result<Expr, ExprError> {
    parse(clean, Format::Latex, &Limits::default())
}

/// Step 2b.3b (`_normalize_symbolic_expression`): the expression engine's
/// canonical SymPy-style string of the math content of `text` (PH-18), or,
/// when it does not parse (or a bound is reached), the content with its
/// whitespace collapsed.
///
/// ```
/// use scorespec::score::physics::normalize_symbolic;
/// assert_eq!(normalize_symbolic("F = ma"), "Eq(F, a*m)");
/// assert_eq!(normalize_symbolic(r"\frac{1}{2} + 1"), "3/2");
/// assert_eq!(normalize_symbolic(r"x \foo  y"), r"x \foo y");
/// ```
pub fn normalize_symbolic(text: &str) -> String {
    let (clean, _) = extract_math_content(text);
    match symbolic(&clean) {
        Ok(e) => collapse(&to_infix(&e)),
        Err(_) => collapse(&clean),
    }
}

/// What [`equal`] compares besides the value.
enum Detail {
    None,
    Quantity(Quantity),
    Expr(Option<Expr>),
}

fn normalize_detail(answer: &str) -> (Normalized, Detail) {
    if let Some(x) = normalize_number(answer) {
        let n = Normalized {
            category: Category::Number,
            value: Value::Number(x),
        };
        return (n, Detail::None);
    }
    if !starts_with_latex(answer) {
        let (clean, _) = extract_math_content(answer);
        return (
            Normalized::text(Category::Text, normalize_text(&clean)),
            Detail::None,
        );
    }
    if let Some(content) = latex::text_command_content(answer) {
        let (clean, _) = extract_math_content(content);
        return (Normalized::text(Category::Text, clean), Detail::None);
    }
    let (clean, _) = extract_math_content(answer);
    if clean.is_empty() {
        return (Normalized::text(Category::Text, ""), Detail::None);
    }
    match classify_detail(&clean) {
        (Category::PhysicalQuantity, Some(q)) => (
            Normalized::text(Category::PhysicalQuantity, q.to_text()),
            Detail::Quantity(q),
        ),
        (category, _) => {
            let e = symbolic(&clean).ok();
            let value = match &e {
                Some(e) => collapse(&to_infix(e)),
                None => collapse(&clean),
            };
            (Normalized::text(category, value), Detail::Expr(e))
        }
    }
}

/// The document's `normalize_answer`: the category and canonical value of an
/// answer. Never fails; the category is always one of the five.
///
/// ```
/// use scorespec::score::physics::{normalize_answer, Category, Value};
/// let n = normalize_answer("500");
/// assert_eq!((n.category, n.value), (Category::Number, Value::Number(500.0)));
/// let n = normalize_answer("from $B$ to $A$");
/// assert_eq!((n.category, n.value), (Category::Text, Value::Text("from B to A".into())));
/// let n = normalize_answer("$F = ma$");
/// assert_eq!((n.category, n.value), (Category::Equation, Value::Text("Eq(F, a*m)".into())));
/// assert_eq!(normalize_answer("9.8 m/s^2").category, Category::Text);
/// assert_eq!(normalize_answer(r"\text{hello}").category, Category::Text);
/// ```
pub fn normalize_answer(answer: &str) -> Normalized {
    normalize_detail(answer).0
}

/// The tolerances of [`equal`] for numbers and quantity magnitudes.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct EqualOptions {
    /// Relative tolerance (default 1e-9, Python's `math.isclose`).
    pub rel_tol: f64,
    /// Absolute tolerance (default 0).
    pub abs_tol: f64,
}

impl Default for EqualOptions {
    fn default() -> Self {
        EqualOptions {
            rel_tol: 1e-9,
            abs_tol: 0.0,
        }
    }
}

/// The rule that decided a verdict of [`equal`] (PH-21). Its `Display`
/// is the name in the JSON verdict: `category`, `identical`, `number`,
/// `quantity`, `quantity_text`, `expression:<engine rule>`,
/// `expression_unknown:<engine rule>`, `expression_budget`,
/// `unparsed_text` or `text`.
#[non_exhaustive]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Rule {
    /// The categories differ.
    Category,
    /// The same value (expressions: the same tree).
    Identical,
    /// Numbers within the tolerances.
    Number,
    /// Quantities: the same unit and close magnitudes.
    Quantity,
    /// Quantities whose magnitude is not a number.
    QuantityText,
    /// Expressions, decided by the engine's rule.
    Expression(EquivRule),
    /// Expressions the engine could not decide (by its rule).
    ExpressionUnknown(EquivRule),
    /// Expressions whose comparison reached a bound of the engine.
    ExpressionBudget,
    /// Expressions of which one did not parse.
    UnparsedText,
    /// Text answers that differ.
    Text,
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Rule::Category => f.write_str("category"),
            Rule::Identical => f.write_str("identical"),
            Rule::Number => f.write_str("number"),
            Rule::Quantity => f.write_str("quantity"),
            Rule::QuantityText => f.write_str("quantity_text"),
            Rule::Expression(r) => write!(f, "expression:{r}"),
            Rule::ExpressionUnknown(r) => write!(f, "expression_unknown:{r}"),
            Rule::ExpressionBudget => f.write_str("expression_budget"),
            Rule::UnparsedText => f.write_str("unparsed_text"),
            Rule::Text => f.write_str("text"),
        }
    }
}

impl PartialEq<&str> for Rule {
    fn eq(&self, other: &&str) -> bool {
        let name = self.to_string();
        name.as_str() == *other
    }
}

/// The verdict of [`equal`].
#[derive(Debug, Clone, PartialEq)]
pub struct Verdict {
    /// Whether the answers are equal.
    pub equal: bool,
    /// The rule that decided (PH-21).
    pub rule: Rule,
    /// The first answer normalized.
    pub a: Normalized,
    /// The second answer normalized.
    pub b: Normalized,
}

impl Verdict {
    /// `{equal, rule, a_normalized, b_normalized}`.
    pub fn to_json(&self) -> Json {
        json!({
            "equal": self.equal,
            "rule": self.rule.to_string(),
            "a_normalized": self.a.to_json(),
            "b_normalized": self.b.to_json(),
        })
    }
}

/// `|x − y| ≤ max(rel_tol · max(|x|, |y|), abs_tol)` (Python's `math.isclose`).
fn close(x: f64, y: f64, opts: &EqualOptions) -> bool {
    x == y || (x - y).abs() <= (opts.rel_tol * x.abs().max(y.abs())).max(opts.abs_tol)
}

/// Whether two answers are equal (PH-21): the same category and equal
/// values — numbers within the tolerances, physical quantities with close
/// magnitudes and the same normalized unit, equations and formulas by the
/// expression engine's equivalence, text exactly (after stripping).
///
/// ```
/// use scorespec::score::physics::{equal, EqualOptions};
/// let o = EqualOptions::default();
/// assert!(equal("2/3", r"\frac{2}{3}", &o).equal);
/// assert!(equal("$F = ma$", "$ma = F$", &o).equal);
/// assert!(equal(r"$1.5 \times 10^{3}\,\mathrm{m}$", "$1500 m$", &o).equal);
/// let v = equal("500", "$500 m$", &o);
/// assert!(!v.equal);
/// assert_eq!(v.rule, "category");
/// ```
pub fn equal(a: &str, b: &str, opts: &EqualOptions) -> Verdict {
    let (na, da) = normalize_detail(a);
    let (nb, db) = normalize_detail(b);
    let (equal, rule) = decide(&na, &da, &nb, &db, opts);
    Verdict {
        equal,
        rule,
        a: na,
        b: nb,
    }
}

fn decide(
    na: &Normalized,
    da: &Detail,
    nb: &Normalized,
    db: &Detail,
    opts: &EqualOptions,
) -> (bool, Rule) {
    if na.category != nb.category {
        return (false, Rule::Category);
    }
    // Identical values are equal. Expressions are compared as trees: their
    // strings are ambiguous (`E` is Euler's number and the symbol E, `I` the
    // imaginary unit and the symbol I). An undefined value (`1/0`, `0/0`,
    // `log 0`) is equal to nothing, not even to itself (PH-21): the engine
    // says unknown, rule `expression_unknown:undefined`.
    let same = match (da, db) {
        (Detail::Expr(Some(x)), Detail::Expr(Some(y))) => x == y && !x.holds_undefined(),
        _ => na.value == nb.value,
    };
    if same {
        return (true, Rule::Identical);
    }
    match (&na.value, &nb.value, da, db) {
        (Value::Number(x), Value::Number(y), _, _) => (close(*x, *y, opts), Rule::Number),
        (_, _, Detail::Quantity(p), Detail::Quantity(q)) => match (p.value, q.value) {
            (Some(x), Some(y)) => (p.unit == q.unit && close(x, y, opts), Rule::Quantity),
            _ => (false, Rule::QuantityText),
        },
        (_, _, Detail::Expr(Some(x)), Detail::Expr(Some(y))) => {
            match equivalent(x, y, &EquivOptions::default(), &Limits::default()) {
                Ok(v) => match v.outcome {
                    Outcome::Equal => (true, Rule::Expression(v.rule)),
                    Outcome::NotEqual => (false, Rule::Expression(v.rule)),
                    Outcome::Unknown => (false, Rule::ExpressionUnknown(v.rule)),
                },
                Err(_) => (false, Rule::ExpressionBudget),
            }
        }
        (_, _, Detail::Expr(_), Detail::Expr(_)) => (false, Rule::UnparsedText),
        _ => (false, Rule::Text),
    }
}
