//! Registry entries of the physics answer normalization (document 000), spec/physics.md.

use super::SpecFn;

/// The `physics.*` functions (sorted into the registry by [`super::all`]).
pub(super) static FNS: &[SpecFn] = &[];
