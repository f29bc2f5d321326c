//! Math answer judge (document 004): answer extraction, the normalizations,
//! equivalence with reasons, majority voting. Rules in spec/math.md.

// math.equal (helper math-equal): equivalence of two answers.
pub mod equal;
pub mod units;

pub mod extract;
pub mod normalize;
