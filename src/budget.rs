//! Work budgets: bounded work by construction.
//!
//! A computation whose cost depends on its input (the cells of an edit
//! distance, the sentence pairs of a matching) draws its work from a
//! [`Budget`] before doing it. Running out is an outcome, reported as
//! [`BudgetExceeded`] naming the bound and its limit — never a hang,
//! a signal or a thread. Budgets count operations, not time, so a verdict is
//! the same on every machine.

use std::fmt;

/// A bound on the work of a computation was reached: which bound, and its
/// limit. The registry reports it as the protocol's `budget_exceeded`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BudgetExceeded {
    /// The bound, e.g. `"levenshtein cells len(a)*len(b)"`.
    pub which: &'static str,
    /// Its limit.
    pub limit: u64,
}

impl fmt::Display for BudgetExceeded {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "budget exceeded: {} is limited to {}",
            self.which, self.limit
        )
    }
}

impl std::error::Error for BudgetExceeded {}

/// A deterministic allowance of work units for one computation.
#[derive(Debug, Clone)]
pub struct Budget {
    which: &'static str,
    limit: u64,
    spent: u64,
}

impl Budget {
    /// A budget of `limit` units for the bound named `which`.
    pub fn new(which: &'static str, limit: u64) -> Budget {
        Budget {
            which,
            limit,
            spent: 0,
        }
    }

    /// Draws `units` from the budget, or reports that the bound is exceeded.
    ///
    /// ```
    /// use scorespec::budget::Budget;
    /// let mut b = Budget::new("cells", 10);
    /// assert!(b.spend(6).is_ok());
    /// assert_eq!(b.spend(6).unwrap_err().limit, 10);
    /// ```
    pub fn spend(&mut self, units: u64) -> Result<(), BudgetExceeded> {
        self.spent = self.spent.saturating_add(units);
        if self.spent > self.limit {
            return Err(BudgetExceeded {
                which: self.which,
                limit: self.limit,
            });
        }
        Ok(())
    }

    /// The units drawn so far.
    pub fn spent(&self) -> u64 {
        self.spent
    }
}
