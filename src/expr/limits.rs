//! The bounds of the expression engine.
//!
//! Every input the engine accepts is bounded by construction: parsers refuse
//! long or deeply nested input before doing work proportional to it, exact
//! arithmetic refuses numbers with too many digits before computing them, and
//! evaluation counts its steps. Reaching a bound is an outcome,
//! [`ExprError::BudgetExceeded`] naming the
//! bound and its value, never a hang or a panic. The defaults are documented
//! in `spec/expr.md`.

use super::error::ExprError;

/// The bounds of one parse, canonicalization or comparison.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// The longest input accepted, in bytes (default 16 KiB).
    pub max_input_bytes: usize,
    /// The deepest nesting of brackets and operators (default 200).
    pub max_depth: usize,
    /// The most nodes an expression may have, parsed or produced (default 20,000).
    pub max_nodes: usize,
    /// The most decimal digits of a numerator or denominator (default 10,000).
    pub max_digits: u64,
    /// The largest integer exponent computed exactly (default 100,000).
    pub max_exponent: u64,
    /// The largest argument of an exact factorial or binomial (default 1,000).
    pub max_factorial: u64,
    /// The most node evaluations of one comparison (default 2,000,000).
    pub max_eval_steps: u64,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_input_bytes: 16 * 1024,
            max_depth: 200,
            max_nodes: 20_000,
            max_digits: 10_000,
            max_exponent: 100_000,
            max_factorial: 1_000,
            max_eval_steps: 2_000_000,
        }
    }
}

impl Limits {
    /// Refuses an input longer than [`max_input_bytes`](Limits::max_input_bytes).
    pub fn check_input(&self, text: &str) -> Result<(), ExprError> {
        if text.len() > self.max_input_bytes {
            return Err(ExprError::BudgetExceeded {
                which: "input length in bytes",
                limit: self.max_input_bytes as u64,
            });
        }
        Ok(())
    }

    /// Refuses a nesting depth over [`max_depth`](Limits::max_depth).
    pub fn check_depth(&self, depth: usize) -> Result<(), ExprError> {
        if depth > self.max_depth {
            return Err(ExprError::BudgetExceeded {
                which: "nesting depth",
                limit: self.max_depth as u64,
            });
        }
        Ok(())
    }

    /// Refuses a node count over [`max_nodes`](Limits::max_nodes).
    pub fn check_nodes(&self, nodes: usize) -> Result<(), ExprError> {
        if nodes > self.max_nodes {
            return Err(ExprError::BudgetExceeded {
                which: "expression nodes",
                limit: self.max_nodes as u64,
            });
        }
        Ok(())
    }

    /// Refuses a number of decimal digits over [`max_digits`](Limits::max_digits).
    pub fn check_digits(&self, digits: u64) -> Result<(), ExprError> {
        if digits > self.max_digits {
            return Err(ExprError::BudgetExceeded {
                which: "digits of a number",
                limit: self.max_digits,
            });
        }
        Ok(())
    }
}
