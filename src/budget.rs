//! Work budgets: bounded work by construction.
//!
//! A computation whose cost depends on its input (the cells of an edit
//! distance, the sentence pairs of a matching) draws its work from a
//! [`Budget`] before doing it. Running out is an outcome, reported as
//! [`CallError::BudgetExceeded`] naming the bound and its limit — never a hang,
//! a signal or a thread. Budgets count operations, not time, so a verdict is
//! the same on every machine.

use crate::error::CallError;

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
    /// assert_eq!(b.spend(6).unwrap_err().kind(), "budget_exceeded");
    /// ```
    pub fn spend(&mut self, units: u64) -> Result<(), CallError> {
        self.spent = self.spent.saturating_add(units);
        if self.spent > self.limit {
            return Err(CallError::BudgetExceeded {
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
