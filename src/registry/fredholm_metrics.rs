//! Registry entries of the fredholm_metrics part (see the spec page of its family).

use super::SpecFn;

/// The functions of this file (sorted into the registry by [`super::all`]).
pub(super) static FNS: &[SpecFn] = &[];
