//! Registry entries of the math_normalize part (see the spec page of its family):
//! answer extraction and the normalizations of document 004, spec/math.md
//! sections "Extraction" (MX-*) and "Normalization" (MN-*).

use serde_json::Value;

use super::{Args, SpecFn};
use crate::error::CallError;
use crate::score::math::{extract, normalize as norm};

spec_args! {
    /// The arguments of the normalizations of one answer.
    struct AnswerTextArgs<'a> {
        text: &'a str = Required, "the answer text";
    }
}

spec_args! {
    /// The arguments of `math.extract_answer`.
    struct ExtractArgs<'a> {
        response: &'a str = Required, "the model's full response";
        strict: bool = Bool(true),
            "only explicit answers (boxed, answer phrases); off: also the last formula or number";
    }
}

spec_args! {
    /// The arguments of `math.remove_first_paren_pair`.
    struct ParenArgs<'a> {
        text: &'a str = Required, "the answer text";
        paren: &'a str = Required, "the opening bracket: \"(\", \"[\" or \"{\"";
    }
}

/// The `text` argument of an [`AnswerTextArgs`] function.
fn text<'a>(a: &Args<'a>) -> Result<&'a str, CallError> {
    Ok(AnswerTextArgs::read(a)?.text)
}

fn text_to_string(a: &Args<'_>, f: fn(&str) -> String) -> Result<Value, CallError> {
    Ok(Value::from(f(text(a)?)))
}

fn extract_answer(a: &Args<'_>) -> Result<Value, CallError> {
    let args = ExtractArgs::read(a)?;
    let found = extract::extract_answer(args.response, args.strict);
    Ok(match found {
        Some(x) => serde_json::json!({
            "found": true,
            "answer": x.answer,
            "span": [x.span.0, x.span.1],
            "how": x.how,
            "normalized": x.normalized,
        }),
        None => serde_json::json!({
            "found": false,
            "answer": null,
            "span": null,
            "how": null,
            "normalized": null,
        }),
    })
}

fn remove_first_paren_pair(a: &Args<'_>) -> Result<Value, CallError> {
    let args = ParenArgs::read(a)?;
    let paren = args.paren;
    let bad = || CallError::InvalidValue {
        name: "paren",
        reason: format!("{paren:?} is not one of \"(\", \"[\", \"{{\""),
    };
    let mut chars = paren.chars();
    let (Some(open), None) = (chars.next(), chars.next()) else {
        return Err(bad());
    };
    norm::remove_first_paren_pair(args.text, open)
        .map(Value::from)
        .ok_or_else(bad)
}

/// The functions of this file (sorted into the registry by [`super::all`]).
pub(super) static FNS: &[SpecFn] = &[
    SpecFn {
        id: "math.extract_answer",
        doc: "the answer of a response: {found, answer, span (byte range), how (rule), normalized}; found false and the rest null when there is none",
        spec: "spec/math.md#extraction",
        params: ExtractArgs::PARAMS,
        typed: None,
        run: extract_answer,
    },
    SpecFn {
        id: "math.normalize",
        doc: "the normalized answer string (delimiters, units, \\text, thousands separators, degrees, a/b …)",
        spec: "spec/math.md#normalization",
        params: AnswerTextArgs::PARAMS,
        typed: None,
        run: |a| text_to_string(a, norm::normalize),
    },
    SpecFn {
        id: "math.norm_pm",
        doc: "\\pm and \\mp expanded: the list of alternatives",
        spec: "spec/math.md#normalization",
        params: AnswerTextArgs::PARAMS,
        typed: None,
        run: |a| Ok(Value::from(norm::norm_pm(text(a)?))),
    },
    SpecFn {
        id: "math.norm_deg",
        doc: "degrees: converted to radians inside trigonometric functions, dropped elsewhere",
        spec: "spec/math.md#normalization",
        params: AnswerTextArgs::PARAMS,
        typed: None,
        run: |a| text_to_string(a, norm::norm_deg),
    },
    SpecFn {
        id: "math.fix_a_slash_b",
        doc: "a/b of numbers (or square roots) written as \\frac{a}{b}",
        spec: "spec/math.md#normalization",
        params: AnswerTextArgs::PARAMS,
        typed: None,
        run: |a| text_to_string(a, norm::fix_a_slash_b),
    },
    SpecFn {
        id: "math.norm_basic_fn",
        doc: "basic function names with an explicit power: sinx -> \\sin^{1}x",
        spec: "spec/math.md#normalization",
        params: AnswerTextArgs::PARAMS,
        typed: None,
        run: |a| text_to_string(a, norm::norm_basic_fn),
    },
    SpecFn {
        id: "math.extract_set",
        doc: "the elements of a set answer, normalized, sorted and deduplicated",
        spec: "spec/math.md#normalization",
        params: AnswerTextArgs::PARAMS,
        typed: None,
        run: |a| Ok(Value::from(norm::extract_set(text(a)?))),
    },
    SpecFn {
        id: "math.is_set",
        doc: "whether the answer is a set of alternatives (braces, \"or\", a top-level list)",
        spec: "spec/math.md#normalization",
        params: AnswerTextArgs::PARAMS,
        typed: None,
        run: |a| Ok(Value::from(norm::is_set(text(a)?))),
    },
    SpecFn {
        id: "math.remove_first_paren_pair",
        doc: "the text without its first bracket of the given kind and the bracket closing it",
        spec: "spec/math.md#normalization",
        params: ParenArgs::PARAMS,
        typed: None,
        run: remove_first_paren_pair,
    },
    SpecFn {
        id: "math.latex_to_interval",
        doc: "an interval / union / set answer as the canonical infix string of the expression engine",
        spec: "spec/math.md#normalization",
        params: AnswerTextArgs::PARAMS,
        typed: None,
        run: |a| {
            norm::latex_to_interval(text(a)?)
                .map(Value::from)
                .map_err(|e| read_error("text", e))
        },
    },
    SpecFn {
        id: "math.latex_to_matrix",
        doc: "a matrix / vector answer as a list of rows of canonical infix strings",
        spec: "spec/math.md#normalization",
        params: AnswerTextArgs::PARAMS,
        typed: None,
        run: |a| {
            norm::latex_to_matrix(text(a)?)
                .map(Value::from)
                .map_err(|e| read_error("text", e))
        },
    },
];

/// The edge of the math readers: an engine error as `parse_error` /
/// `budget_exceeded`, a wrong kind of object as `invalid_value`.
fn read_error(name: &'static str, e: norm::ReadError) -> CallError {
    match e {
        norm::ReadError::Expr(e) => super::expr_error(name, e),
        other => CallError::InvalidValue {
            name,
            reason: other.to_string(),
        },
    }
}
