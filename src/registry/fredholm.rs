//! Registry entries of the Fredholm integral-equation pipeline (document 003), spec/fredholm.md.

use super::SpecFn;

/// The `fredholm.*` functions (sorted into the registry by [`super::all`]).
pub(super) static FNS: &[SpecFn] = &[];
