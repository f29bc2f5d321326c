//! Physics answer normalization (document 000, spec/physics.md): an answer
//! becomes a typed [`Normalized`] (a [`Category`] and a value), and two
//! answers are compared with [`equal`], whose [`Verdict`] names the rule
//! that decided.
//!
//! The implementation lives in [`score::physics`](crate::score::physics).
//!
//! ```
//! use scorespec::physics::{self, Category, EqualOptions};
//! let n = physics::normalize_answer("$5 m/s$");
//! assert_eq!(n.category, Category::PhysicalQuantity);
//! let v = physics::equal(r"$1.5 \times 10^{3}\,\mathrm{m}$", "$1500 m$", &EqualOptions::default());
//! assert!(v.equal);
//! ```

pub use crate::score::physics::{
    Category, EqualOptions, Normalized, Rule, Value, Verdict, classify_expression, equal,
    extract_math_content, normalize_answer, normalize_number, normalize_physical_quantity,
    normalize_symbolic, normalize_text, starts_with_latex,
};
