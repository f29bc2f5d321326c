//! Answer extraction (spec/math.md, rules MX-*).
