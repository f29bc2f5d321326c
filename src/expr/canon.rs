//! Canonical form (in progress).
