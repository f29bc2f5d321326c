//! Typed errors of spec-function calls.
//!
//! Every way a call through the [registry](crate::registry) can fail has a
//! variant here with a stable machine-readable [`kind`](CallError::kind) (the
//! `error.kind` of the JSONL protocol) and a human message from `Display`.

use std::fmt;

/// Why a spec-function call was refused.
#[non_exhaustive]
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CallError {
    /// No function is registered under this id.
    UnknownFunction {
        /// The id that was asked for.
        name: String,
        /// Registered ids that share its family prefix (may be empty).
        suggestions: Vec<&'static str>,
    },
    /// `args` was not a JSON object.
    ArgsNotObject {
        /// The JSON type that was given instead.
        found: &'static str,
    },
    /// A required argument is absent.
    MissingArgument {
        /// The argument's name.
        name: &'static str,
    },
    /// An argument the function does not take.
    UnknownArgument {
        /// The argument's name as given.
        name: String,
        /// The arguments the function takes.
        known: Vec<&'static str>,
    },
    /// An argument has the wrong JSON type.
    WrongType {
        /// The argument's name.
        name: &'static str,
        /// What the function expects, e.g. `"a string or a list of strings"`.
        expected: &'static str,
        /// The JSON type that was given.
        found: &'static str,
    },
    /// An argument has the right type but a value the function cannot take.
    InvalidValue {
        /// The argument's name.
        name: &'static str,
        /// What is wrong with it.
        reason: String,
    },
    /// A text argument is not an expression of its format.
    Parse {
        /// The argument's name.
        name: &'static str,
        /// The parse error, with the input and a caret under the problem.
        message: String,
    },
    /// The value is undefined (division by zero, a pole, a complex value where
    /// a real one is needed…).
    Undefined {
        /// Why.
        reason: String,
    },
    /// A bound on the work of a call was reached.
    BudgetExceeded {
        /// Which bound.
        which: &'static str,
        /// Its value.
        limit: u64,
    },
}

impl CallError {
    /// The stable, machine-readable name of the error (snake case).
    ///
    /// ```
    /// use scorespec::CallError;
    /// let e = CallError::MissingArgument { name: "prediction" };
    /// assert_eq!(e.kind(), "missing_argument");
    /// ```
    pub fn kind(&self) -> &'static str {
        match self {
            CallError::UnknownFunction { .. } => "unknown_function",
            CallError::ArgsNotObject { .. } => "invalid_field",
            CallError::MissingArgument { .. } => "missing_argument",
            CallError::UnknownArgument { .. } => "unknown_argument",
            CallError::WrongType { .. } => "wrong_type",
            CallError::InvalidValue { .. } => "invalid_value",
            CallError::Parse { .. } => "parse_error",
            CallError::Undefined { .. } => "undefined",
            CallError::BudgetExceeded { .. } => "budget_exceeded",
        }
    }
}

impl fmt::Display for CallError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CallError::UnknownFunction { name, suggestions } => {
                write!(f, "unknown function {name:?}")?;
                if !suggestions.is_empty() {
                    write!(f, " (functions of that family: {})", suggestions.join(", "))?;
                }
                write!(f, "; `scorespec list` shows them all")
            }
            CallError::ArgsNotObject { found } => {
                write!(f, "field \"args\" must be an object, found {found}")
            }
            CallError::MissingArgument { name } => write!(f, "missing argument {name:?}"),
            CallError::UnknownArgument { name, known } => write!(
                f,
                "unknown argument {name:?}; this function takes: {}",
                known.join(", ")
            ),
            CallError::WrongType {
                name,
                expected,
                found,
            } => write!(f, "argument {name:?} must be {expected}, found {found}"),
            CallError::InvalidValue { name, reason } => {
                write!(f, "argument {name:?}: {reason}")
            }
            CallError::Parse { name, message } => write!(f, "argument {name:?}: {message}"),
            CallError::Undefined { reason } => write!(f, "undefined: {reason}"),
            CallError::BudgetExceeded { which, limit } => {
                write!(f, "budget exceeded: {which} is limited to {limit}")
            }
        }
    }
}

impl std::error::Error for CallError {}

impl From<crate::score::reward::RewardError> for CallError {
    fn from(e: crate::score::reward::RewardError) -> Self {
        use crate::score::reward::RewardError;
        match e {
            RewardError::UnknownDataSource(u) => CallError::InvalidValue {
                name: "data_source",
                reason: u.to_string(),
            },
            RewardError::BudgetExceeded(b) => b.into(),
        }
    }
}

impl From<crate::budget::BudgetExceeded> for CallError {
    fn from(e: crate::budget::BudgetExceeded) -> Self {
        CallError::BudgetExceeded {
            which: e.which,
            limit: e.limit,
        }
    }
}

/// The JSON type name of a value, for messages.
pub(crate) fn json_type(v: &serde_json::Value) -> &'static str {
    match v {
        serde_json::Value::Null => "null",
        serde_json::Value::Bool(_) => "a boolean",
        serde_json::Value::Number(_) => "a number",
        serde_json::Value::String(_) => "a string",
        serde_json::Value::Array(_) => "an array",
        serde_json::Value::Object(_) => "an object",
    }
}
