//! Registry entries of the math answer judge (document 004, spec/math.md):
//! `math.grade` and `math.majority`. `math.equal` is in `math_equal.rs`, the
//! extraction and the normalizations in `math_normalize.rs`.

use rayon::prelude::*;
use serde_json::Value;

use super::math_equal::EqualOptionArgs;
use super::typed::{ArrayValue, StrList};
use super::{Args, Output, SpecFn};
use crate::error::{CallError, json_type};
use crate::score::math::grade::{GradeOptions, MAX_MAJORITY_ANSWERS, grade_any, majority};

spec_args! {
    /// The arguments of `math.grade`: its own, then every option of `math.equal`.
    struct GradeArgs<'a> {
        gold: StrList<'a> = Required,
            "the reference: a bare answer or a solution text, or a list of acceptable ones";
        response: &'a str = Required, "the model's full response";
        strict: bool = Bool(false),
            "document 004's strict extraction: only \\boxed{}, answer phrases and a bare answer (default: the production extraction, spec/math.md MX-10)";
        formulas_only: bool = Bool(false),
            "without strict: fall back on the last formula in math delimiters only, not a bare number";
        ..equal: EqualOptionArgs
    }
}

spec_args! {
    /// The arguments of `math.majority`: the answers, then every option of `math.equal`.
    struct MajorityArgs<'a> {
        answers: ArrayValue<'a> = Required, "a list of answers, or a list of such lists (batch form)";
        ..equal: EqualOptionArgs
    }
}

impl GradeArgs<'_> {
    fn options(&self) -> GradeOptions {
        GradeOptions {
            equal: self.equal.options(),
            strict: self.strict,
            formulas_only: self.formulas_only,
        }
    }
}

/// Reads the options of `math.grade` (`strict` and those of `math.equal`)
/// from a JSON object, checked as the registry checks a call: for the CLI's
/// `--options`.
///
/// ```
/// use serde_json::json;
/// let o = scorespec::registry::grade_options(&json!({"strict": true})).unwrap();
/// assert!(o.strict);
/// assert!(scorespec::registry::grade_options(&json!({"strict": 1})).is_err());
/// assert!(scorespec::registry::grade_options(&json!({"gold": "1"})).is_err());
/// ```
pub fn grade_options(options: &Value) -> Result<GradeOptions, CallError> {
    let Value::Object(m) = options else {
        return Err(CallError::ArgsNotObject {
            found: json_type(options),
        });
    };
    if let Some(k) = ["gold", "response"]
        .into_iter()
        .find(|k| m.contains_key(*k))
    {
        return Err(CallError::UnknownArgument {
            name: k.to_string(),
            known: GradeArgs::PARAMS[2..].iter().map(|p| p.name).collect(),
        });
    }
    let mut m = m.clone();
    m.insert("gold".into(), Value::from(""));
    m.insert("response".into(), Value::from(""));
    FNS[0].with_args(&Value::Object(m), |a| Ok(GradeArgs::read(a)?.options()))
}

fn grade_call(a: &Args<'_>) -> Result<Value, CallError> {
    grade_output(a).map(Output::into_value)
}

/// `math.grade` with its verdict typed until it is written.
fn grade_output(a: &Args<'_>) -> Result<Output, CallError> {
    let args = GradeArgs::read(a)?;
    let opts = args.options();
    let golds = args.gold.as_slice();
    if golds.is_empty() {
        return Err(CallError::InvalidValue {
            name: "gold",
            reason: "the list of gold answers is empty".into(),
        });
    }
    Ok(Output::Graded(grade_any(golds, args.response, &opts)))
}

fn strings<'v>(items: &'v [Value], what: &str) -> Result<Vec<&'v str>, CallError> {
    if items.len() > MAX_MAJORITY_ANSWERS {
        return Err(CallError::InvalidValue {
            name: "answers",
            reason: format!(
                "{what} has {} answers; at most {MAX_MAJORITY_ANSWERS} are voted on in one list",
                items.len()
            ),
        });
    }
    items
        .iter()
        .map(|v| {
            v.as_str().ok_or_else(|| CallError::InvalidValue {
                name: "answers",
                reason: format!("{what} holds {}, expected strings", json_type(v)),
            })
        })
        .collect()
}

fn majority_call(a: &Args<'_>) -> Result<Value, CallError> {
    let args = MajorityArgs::read(a)?;
    let opts = args.equal.options();
    let Some(Value::Array(items)) = args.answers.0 else {
        return Err(CallError::MissingArgument { name: "answers" });
    };
    let vote = |list: Vec<&str>| -> Value {
        // The length was checked by `strings`.
        Value::from(majority(&list, &opts).unwrap_or_default())
    };
    if items.iter().all(Value::is_array) && !items.is_empty() {
        let lists = items
            .iter()
            .enumerate()
            .map(|(i, v)| strings(v.as_array().map_or(&[][..], |l| l), &format!("list {i}")))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Value::Array(lists.into_par_iter().map(vote).collect()))
    } else {
        Ok(vote(strings(items, "the list")?))
    }
}

/// The `math.grade` and `math.majority` functions.
pub(super) static FNS: &[SpecFn] = &[
    SpecFn {
        id: "math.grade",
        doc: "extract the answer of gold and response, then math.equal: the verdict with the extracted answers and spans",
        spec: "spec/math.md#grading-and-majority-voting",
        params: GradeArgs::PARAMS,
        typed: Some(grade_output),
        run: grade_call,
    },
    SpecFn {
        id: "math.majority",
        doc: "running majority vote by equivalence (document 004: [1,2,3,3,3] -> [1,1,1,3,3]); also over a list of lists",
        spec: "spec/math.md#grading-and-majority-voting",
        params: MajorityArgs::PARAMS,
        typed: None,
        run: majority_call,
    },
];
