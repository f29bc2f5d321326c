//! Formulas (MX-6, MX-9, MX-13): math spans at a position, the last formula
//! of a range (`$…$`, `$$…$$`, `\(…\)`, `\[…\]`), the later of the last
//! formula and the last number, and a formula's right side.
//!
//! # Differences with the document
//!
//! Symeval takes the last number only; here the later of the last formula
//! and the last number wins (D-MX4), and the production search answers with
//! the right side of the formula's last `=` (MX-13).

use super::{Doc, Found, Skipper, skip_to, trim, trim_end_punct};

/// Where the two bytes `a b` first occur in `hay` (what `find` answers for
/// a two-byte needle): the `b` bytes are found by [`skip_to`], each checked
/// for an `a` before it.
fn find_pair(hay: &[u8], a: u8, b: u8) -> Option<usize> {
    let mut k = 1;
    loop {
        k = skip_to(hay, k, [b]);
        if k >= hay.len() {
            return None;
        }
        if hay[k - 1] == a {
            return Some(k - 1);
        }
        k += 1;
    }
}

impl Doc<'_> {
    /// A math span `$…$`, `$$…$$`, `\(…\)`, `\[…\]` starting at `i`, as
    /// the range of its content.
    pub(super) fn math_span_at(&self, i: usize, limit: usize) -> Option<(usize, usize)> {
        let rest = &self.text[i..limit];
        for (open, close) in [("$$", "$$"), ("$", "$"), ("\\(", "\\)"), ("\\[", "\\]")] {
            if let Some(r) = rest.strip_prefix(open) {
                let c = r.find(close)?;
                return Some((i + open.len(), i + open.len() + c));
            }
        }
        None
    }

    /// MX-6: the last formula (`$…$`, `\(…\)`, `\[…\]`) or number in
    /// `[from, to)`, whichever ends later; in the production search the
    /// formula's right side (MX-13) and the number token whole (MX-14).
    pub(super) fn last_formula_or_number(&self, from: usize, to: usize) -> Option<Found> {
        let formula = self.last_formula(from, to, false);
        let number = if self.production {
            self.number_token(from, to)
                .map(|n| self.enclosing_pair(n, from, to))
        } else {
            self.last_number(from, to)
        };
        match (formula, number) {
            (Some(f), Some(n)) if n.1 > f.1 + 1 => Some(Found {
                span: n,
                how: "last_number",
                reach: n.1,
            }),
            (Some(f), _) => Some(Found {
                span: if self.production {
                    self.right_side(f)
                } else {
                    f
                },
                how: "last_formula",
                reach: f.1,
            }),
            (None, Some(n)) => Some(Found {
                span: n,
                how: "last_number",
                reach: n.1,
            }),
            (None, None) => None,
        }
    }

    /// The number token `n` widened to the tuple or interval of numbers in
    /// prose it belongs to (MX-14: `the point is (2, 3).` → `(2, 3)`, `x in
    /// [1, 5)` → `[1, 5)`): an opening `(` or `[` after a space (not a
    /// function's argument list), numbers, commas and spaces only (at most
    /// 64 bytes each way), at least one comma, and a closing `)` or `]`.
    fn enclosing_pair(&self, n: (usize, usize), from: usize, to: usize) -> (usize, usize) {
        let b = self.bytes();
        let inside = |c: u8| c.is_ascii_digit() || matches!(c, b',' | b' ' | b'.' | b'-' | b'/');
        let mut s = n.0;
        while s > from && n.0 - s < 64 && inside(b[s - 1]) {
            s -= 1;
        }
        let mut e = n.1;
        while e < to && e - n.1 < 64 && inside(b[e]) {
            e += 1;
        }
        let opens = s > from && matches!(b[s - 1], b'(' | b'[');
        let closes = e < to && matches!(b[e], b')' | b']');
        let after_space = s < from + 2 || matches!(b[s - 2], b' ' | b'\n' | b':' | b'=');
        // `(1,000)` is the number token itself, not a pair.
        let more = (s, e) != n;
        if opens && closes && after_space && more && b[s..e].contains(&b',') {
            (s - 1, e + 1)
        } else {
            n
        }
    }

    /// The last formula in math delimiters; with `one_line`, an inline
    /// formula (`$…$`, `\(…\)`) that spans lines is not one (MX-9).
    pub(super) fn last_formula(
        &self,
        from: usize,
        to: usize,
        one_line: bool,
    ) -> Option<(usize, usize)> {
        let b = self.bytes();
        let mut best: Option<(usize, usize)> = None;
        // `$` pairs, read from the start (`\$` is a dollar sign).
        let mut open: Option<usize> = None;
        let (mut no_paren_close, mut no_bracket_close) = (false, false);
        let mut i = from;
        // (Asked once per `\` or `$`: the skipper's mask answers.)
        let mut skipper = Skipper::new(&b[..to], [b'\\', b'$']);
        loop {
            // Only `\` and `$` matter: the bytes between are skipped.
            i = skipper.next(i);
            if i >= to {
                break;
            }
            match b[i] {
                b'\\' => {
                    if let Some(&c @ (b'(' | b'[')) = b.get(i + 1) {
                        let close = if c == b'(' { "\\)" } else { "\\]" };
                        // Once a closer is missing, it is missing for every
                        // later opener too (keeps many unclosed `\(` linear).
                        let missing = if c == b'(' {
                            &mut no_paren_close
                        } else {
                            &mut no_bracket_close
                        };
                        let found = if *missing {
                            None
                        } else {
                            find_pair(&b[i + 2..to], b'\\', close.as_bytes()[1])
                        };
                        if found.is_none() {
                            *missing = true;
                        }
                        if let Some(k) = found {
                            let span = trim(self.text, (i + 2, i + 2 + k));
                            let broken =
                                one_line && c == b'(' && self.text[i + 2..i + 2 + k].contains('\n');
                            if span.0 < span.1 && !broken {
                                best = Some(span);
                            }
                            i += 2 + k + 2;
                            continue;
                        }
                    }
                    i += 2;
                    continue;
                }
                b'$' => {
                    let run = if b.get(i + 1) == Some(&b'$') { 2 } else { 1 };
                    match open {
                        None => open = Some(i + run),
                        Some(o) => {
                            let span = trim(self.text, (o, i));
                            let broken = one_line && run == 1 && self.text[o..i].contains('\n');
                            if span.0 < span.1 && !broken {
                                best = Some(span);
                            }
                            open = None;
                        }
                    }
                    i += run;
                    continue;
                }
                _ => {}
            }
            i += 1;
        }
        best
    }

    /// The right side of the last top-level `=` of a formula (MX-13), or
    /// the whole formula.
    pub(super) fn right_side(&self, (s, e): (usize, usize)) -> (usize, usize) {
        let b = self.bytes();
        let mut depth = 0i32;
        let mut eq = None;
        let mut i = s;
        while i < e {
            match b[i] {
                b'\\' => i += 1,
                b'{' | b'(' | b'[' => depth += 1,
                b'}' | b')' | b']' => depth -= 1,
                b'=' if depth == 0
                    && !(i > s && matches!(b[i - 1], b'<' | b'>' | b'!'))
                    && b.get(i + 1) != Some(&b'=') =>
                {
                    eq = Some(i)
                }
                _ => {}
            }
            i += 1;
        }
        // A sentence's period or comma inside the formula is not part of it.
        let whole = trim_end_punct(self.text, (s, e));
        match eq {
            Some(k) => {
                let mut r = trim(self.text, (k + 1, whole.1.max(k + 1)));
                if let Some(a) = self.text[r.0..r.1].find("\\approx") {
                    r = trim(self.text, (r.0, r.0 + a));
                }
                if r.0 < r.1 { r } else { whole }
            }
            None => whole,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::find_pair;

    /// `find_pair` answers as `str::find` with the two-byte needle.
    #[test]
    fn find_pair_is_find() {
        let pieces = ["\\", ")", "]", "x", "\\)", "é", "))"];
        let mut glue = crate::text::Glue(13);
        for _ in 0..3000 {
            let s = glue.text(&pieces, 1);
            for close in ["\\)", "\\]"] {
                let b = close.as_bytes();
                assert_eq!(find_pair(s.as_bytes(), b[0], b[1]), s.find(close), "{s:?}");
            }
        }
    }
}
