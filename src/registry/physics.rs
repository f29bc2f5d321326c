//! Registry entries of the physics answer normalization (document 000), spec/physics.md.

use serde_json::{Value, json};

use super::SpecFn;
use super::typed::Tolerance;
use crate::score::physics::{self, EqualOptions};

spec_args! {
    /// The arguments of the functions of one answer.
    struct AnswerArgs<'a> {
        answer: &'a str = Required, "the answer string";
    }
}

spec_args! {
    /// The arguments of the functions of math content.
    struct ContentArgs<'a> {
        text: &'a str = Required, "the math content (delimiters are removed first)";
    }
}

spec_args! {
    /// The arguments of `physics.equal`.
    struct PhysicsEqualArgs<'a> {
        a: &'a str = Required, "the first answer";
        b: &'a str = Required, "the second answer";
        rel_tol: Tolerance = Number(1e-9), "relative tolerance of numbers and quantity magnitudes";
        abs_tol: Tolerance = Number(0.0), "absolute tolerance of numbers and quantity magnitudes";
    }
}

/// The `text` argument of a [`ContentArgs`] function.
fn text<'a>(a: &super::Args<'a>) -> Result<&'a str, crate::error::CallError> {
    Ok(ContentArgs::read(a)?.text)
}

/// The `answer` argument of an [`AnswerArgs`] function.
fn answer<'a>(a: &super::Args<'a>) -> Result<&'a str, crate::error::CallError> {
    Ok(AnswerArgs::read(a)?.answer)
}

/// The `physics.*` functions (sorted into the registry by [`super::all`]).
pub(super) static FNS: &[SpecFn] = &[
    SpecFn {
        id: "physics.classify_expression",
        doc: "equation (contains =), physical_quantity (number then units) or formula",
        spec: "spec/physics.md#classification",
        params: ContentArgs::PARAMS,
        typed: None,
        run: |a| Ok(Value::from(physics::classify_expression(text(a)?).name())),
    },
    SpecFn {
        id: "physics.equal",
        doc: "same category and equal values: numbers and magnitudes within tolerance, expressions by equivalence, text exactly",
        spec: "spec/physics.md#equality",
        params: PhysicsEqualArgs::PARAMS,
        typed: None,
        run: |a| {
            let args = PhysicsEqualArgs::read(a)?;
            let opts = EqualOptions {
                rel_tol: args.rel_tol.0,
                abs_tol: args.abs_tol.0,
            };
            Ok(physics::equal(args.a, args.b, &opts).to_json())
        },
    },
    SpecFn {
        id: "physics.extract_math_content",
        doc: "remove math delimiters, \\boxed/\\text/\\mathrm (braces matched) and spacing commands: {clean, had_latex}",
        spec: "spec/physics.md#math-content-extraction",
        params: ContentArgs::PARAMS,
        typed: None,
        run: |a| {
            let (clean, had_latex) = physics::extract_math_content(text(a)?);
            Ok(json!({"clean": clean, "had_latex": had_latex}))
        },
    },
    SpecFn {
        id: "physics.normalize_answer",
        doc: "the category (number, equation, physical_quantity, formula, text) and canonical value of an answer",
        spec: "spec/physics.md#functions",
        params: AnswerArgs::PARAMS,
        typed: None,
        run: |a| Ok(physics::normalize_answer(answer(a)?).to_json()),
    },
    SpecFn {
        id: "physics.normalize_number",
        doc: "the value of a whole-answer number (integer, decimal, fraction, \\frac), or null (NaN)",
        spec: "spec/physics.md#numbers",
        params: AnswerArgs::PARAMS,
        typed: None,
        run: |a| Ok(physics::normalize_number(answer(a)?).map_or(Value::Null, Value::from)),
    },
    SpecFn {
        id: "physics.normalize_physical_quantity",
        doc: "\"{number} {unit}\" with the number evaluated and the unit normalized",
        spec: "spec/physics.md#physical-quantities",
        params: ContentArgs::PARAMS,
        typed: None,
        run: |a| Ok(Value::from(physics::normalize_physical_quantity(text(a)?))),
    },
    SpecFn {
        id: "physics.normalize_symbolic",
        doc: "the canonical SymPy-style string of an equation or formula, or its whitespace-collapsed text",
        spec: "spec/physics.md#equations-and-formulas",
        params: ContentArgs::PARAMS,
        typed: None,
        run: |a| Ok(Value::from(physics::normalize_symbolic(text(a)?))),
    },
    SpecFn {
        id: "physics.normalize_text",
        doc: "the text stripped of leading and trailing whitespace",
        spec: "spec/physics.md#text",
        params: ContentArgs::PARAMS,
        typed: None,
        run: |a| Ok(Value::from(physics::normalize_text(text(a)?))),
    },
    SpecFn {
        id: "physics.starts_with_latex",
        doc: "whether the answer starts with $, $$, \\[, \\(, \\boxed{, \\frac{, \\text{ or \\mathrm{",
        spec: "spec/physics.md#latex-gate",
        params: AnswerArgs::PARAMS,
        typed: None,
        run: |a| Ok(Value::from(physics::starts_with_latex(answer(a)?))),
    },
];
