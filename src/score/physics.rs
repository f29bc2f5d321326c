//! Physics answer normalization (document 000). Rules in spec/physics.md.
