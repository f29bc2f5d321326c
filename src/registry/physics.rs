//! Registry entries of the physics answer normalization (document 000), spec/physics.md.

use serde_json::{Value, json};

use super::{Default, Param, ParamType, SpecFn, required};
use crate::score::physics::{self, EqualOptions};

const ANSWER: &[Param] = &[required("answer", ParamType::Str, "the answer string")];
const TEXT: &[Param] = &[required(
    "text",
    ParamType::Str,
    "the math content (delimiters are removed first)",
)];

/// The `physics.*` functions (sorted into the registry by [`super::all`]).
pub(super) static FNS: &[SpecFn] = &[
    SpecFn {
        id: "physics.classify_expression",
        doc: "equation (contains =), physical_quantity (number then units) or formula",
        spec: "spec/physics.md#classification",
        params: TEXT,
        run: |a| {
            Ok(Value::from(
                physics::classify_expression(a.str("text")?).name(),
            ))
        },
    },
    SpecFn {
        id: "physics.equal",
        doc: "same category and equal values: numbers and magnitudes within tolerance, expressions by equivalence, text exactly",
        spec: "spec/physics.md#equality",
        params: &[
            required("a", ParamType::Str, "the first answer"),
            required("b", ParamType::Str, "the second answer"),
            Param {
                name: "rel_tol",
                ty: ParamType::Number,
                default: Default::Number(1e-9),
                doc: "relative tolerance of numbers and quantity magnitudes",
            },
            Param {
                name: "abs_tol",
                ty: ParamType::Number,
                default: Default::Number(0.0),
                doc: "absolute tolerance of numbers and quantity magnitudes",
            },
        ],
        run: |a| {
            let opts = EqualOptions {
                rel_tol: a.tolerance("rel_tol")?,
                abs_tol: a.tolerance("abs_tol")?,
            };
            Ok(physics::equal(a.str("a")?, a.str("b")?, &opts).to_json())
        },
    },
    SpecFn {
        id: "physics.extract_math_content",
        doc: "remove math delimiters, \\boxed/\\text/\\mathrm (braces matched) and spacing commands: {clean, had_latex}",
        spec: "spec/physics.md#math-content-extraction",
        params: TEXT,
        run: |a| {
            let (clean, had_latex) = physics::extract_math_content(a.str("text")?);
            Ok(json!({"clean": clean, "had_latex": had_latex}))
        },
    },
    SpecFn {
        id: "physics.normalize_answer",
        doc: "the category (number, equation, physical_quantity, formula, text) and canonical value of an answer",
        spec: "spec/physics.md#functions",
        params: ANSWER,
        run: |a| Ok(physics::normalize_answer(a.str("answer")?).to_json()),
    },
    SpecFn {
        id: "physics.normalize_number",
        doc: "the value of a whole-answer number (integer, decimal, fraction, \\frac), or null (NaN)",
        spec: "spec/physics.md#numbers",
        params: ANSWER,
        run: |a| Ok(physics::normalize_number(a.str("answer")?).map_or(Value::Null, Value::from)),
    },
    SpecFn {
        id: "physics.normalize_physical_quantity",
        doc: "\"{number} {unit}\" with the number evaluated and the unit normalized",
        spec: "spec/physics.md#physical-quantities",
        params: TEXT,
        run: |a| {
            Ok(Value::from(physics::normalize_physical_quantity(
                a.str("text")?,
            )))
        },
    },
    SpecFn {
        id: "physics.normalize_symbolic",
        doc: "the canonical SymPy-style string of an equation or formula, or its whitespace-collapsed text",
        spec: "spec/physics.md#equations-and-formulas",
        params: TEXT,
        run: |a| Ok(Value::from(physics::normalize_symbolic(a.str("text")?))),
    },
    SpecFn {
        id: "physics.normalize_text",
        doc: "the text stripped of leading and trailing whitespace",
        spec: "spec/physics.md#text",
        params: TEXT,
        run: |a| Ok(Value::from(physics::normalize_text(a.str("text")?))),
    },
    SpecFn {
        id: "physics.starts_with_latex",
        doc: "whether the answer starts with $, $$, \\[, \\(, \\boxed{, \\frac{, \\text{ or \\mathrm{",
        spec: "spec/physics.md#latex-gate",
        params: ANSWER,
        run: |a| Ok(Value::from(physics::starts_with_latex(a.str("answer")?))),
    },
];
