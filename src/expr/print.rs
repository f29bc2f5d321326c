//! Printing expressions as SymPy-style infix (in progress).
