//! Registry entries of the math answer judge (document 004, spec/math.md):
//! `math.grade` and `math.majority`. `math.equal` is in `math_equal.rs`, the
//! extraction and the normalizations in `math_normalize.rs`.

use rayon::prelude::*;
use serde_json::Value;

use super::math_equal::{EQUAL_OPTION_PARAMS, options_from_args, with_equal_options};
use super::{Args, Param, ParamType, SpecFn, flag, required};
use crate::error::{CallError, json_type};
use crate::score::math::grade::{GradeOptions, MAX_MAJORITY_ANSWERS, grade_any, majority};

/// `math.grade`'s parameters: its own, then every option of `math.equal`.
static GRADE_PARAMS: [Param; 4 + EQUAL_OPTION_PARAMS.len()] = with_equal_options([
    required(
        "gold",
        ParamType::StrOrStrList,
        "the reference: a bare answer or a solution text, or a list of acceptable ones",
    ),
    required("response", ParamType::Str, "the model's full response"),
    flag(
        "strict",
        false,
        "document 004's strict extraction: only \\boxed{}, answer phrases and a bare answer (default: the production extraction, spec/math.md MX-10)",
    ),
    flag(
        "formulas_only",
        false,
        "without strict: fall back on the last formula in math delimiters only, not a bare number",
    ),
]);

/// `math.majority`'s parameters: the answers, then every option of `math.equal`.
static MAJORITY_PARAMS: [Param; 1 + EQUAL_OPTION_PARAMS.len()] = with_equal_options([required(
    "answers",
    ParamType::Array,
    "a list of answers, or a list of such lists (batch form)",
)]);

fn grade_opts(a: &Args<'_>) -> Result<GradeOptions, CallError> {
    Ok(GradeOptions {
        equal: options_from_args(a)?,
        strict: a.bool("strict")?,
        formulas_only: a.bool("formulas_only")?,
    })
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
            known: GRADE_PARAMS[2..].iter().map(|p| p.name).collect(),
        });
    }
    let mut m = m.clone();
    m.insert("gold".into(), Value::from(""));
    m.insert("response".into(), Value::from(""));
    FNS[0].with_args(&Value::Object(m), grade_opts)
}

fn grade_call(a: &Args<'_>) -> Result<Value, CallError> {
    let opts = grade_opts(a)?;
    let golds = a.str_list("gold")?;
    if golds.is_empty() {
        return Err(CallError::InvalidValue {
            name: "gold",
            reason: "the list of gold answers is empty".into(),
        });
    }
    let graded = grade_any(&golds, a.str("response")?, &opts);
    serde_json::to_value(graded).map_err(|e| CallError::InvalidValue {
        name: "response",
        reason: format!("the verdict could not be written as JSON: {e}"),
    })
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
    let opts = options_from_args(a)?;
    let Some(Value::Array(items)) = a.value("answers")? else {
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
        params: &GRADE_PARAMS,
        run: grade_call,
    },
    SpecFn {
        id: "math.majority",
        doc: "running majority vote by equivalence (document 004: [1,2,3,3,3] -> [1,1,1,3,3]); also over a list of lists",
        spec: "spec/math.md#grading-and-majority-voting",
        params: &MAJORITY_PARAMS,
        run: majority_call,
    },
];
