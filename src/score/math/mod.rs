//! Math answer judge (document 004): answer extraction, the normalizations,
//! equivalence with reasons, majority voting. Rules in spec/math.md.

pub mod equal;
pub mod extract;
pub mod normalize;
pub mod relations;
pub mod rule;
pub mod units;
pub mod words;

// math.grade and math.majority (lead).
pub mod grade;
