//! Formulas (MX-6, MX-9, MX-13): math spans at a position, the last formula
//! of a range (`$…$`, `$$…$$`, `\(…\)`, `\[…\]`), the later of the last
//! formula and the last number, and a formula's right side.
//!
//! # Differences with the document
//!
//! Symeval takes the last number only; here the later of the last formula
//! and the last number wins (D-MX4), and the production search answers with
//! the right side of the formula's last `=` (MX-13).

use super::spelled::spelled_value;
use super::{BlockFlags, Doc, Found, Skipper, find_str, find_where, trim, trim_end_punct};

/// Whether `b[s..e]` holds a byte other than ASCII white space.
#[inline(always)]
fn has_content(b: &[u8], mut s: usize, e: usize) -> bool {
    while s < e {
        if !b[s].is_ascii_whitespace() {
            return true;
        }
        s += 1;
    }
    false
}

/// The content of the display opened at `opener` and closed at `close`
/// (its closer's second byte `seek`), if it counts: some content, and on
/// one line when asked for `\(…\)`.
#[inline(always)]
fn display_content(
    b: &[u8],
    (opener, close): (usize, usize),
    seek: u8,
    one_line: bool,
) -> Option<(usize, usize)> {
    let s = opener + 2;
    let broken = one_line && seek == b')' && b[s..close].contains(&b'\n');
    (!broken && has_content(b, s, close)).then_some((s, close))
}

/// What opens a congruence's modulus after its residue (`\pmod{7}`,
/// `(\bmod 7)`, `\ (\text{mod } 7)`): the right side of `\equiv` ends there,
/// without the spacing and `(` before it (MX-13).
const MODULUS_COMMANDS: [&str; 4] = ["\\pmod", "\\bmod", "\\mod", "\\text{mod"];

impl Doc<'_> {
    /// A math span `$…$`, `$$…$$`, `\(…\)`, `\[…\]` starting at `i`, as
    /// the range of its content.
    pub(super) fn math_span_at(&self, i: usize, limit: usize) -> Option<(usize, usize)> {
        let rest = &self.text[i..limit];
        for (open, close) in [("$$", "$$"), ("$", "$"), ("\\(", "\\)"), ("\\[", "\\]")] {
            if let Some(r) = rest.strip_prefix(open) {
                let mut c = r.find(close)?;
                // (In production an escaped dollar `\$` inside the span is
                // text, not its end: `$\$12.50$`.)
                let escaped = |c: usize| {
                    r.as_bytes()[..c]
                        .iter()
                        .rev()
                        .take_while(|&&x| x == b'\\')
                        .count()
                        % 2
                        == 1
                };
                while self.production && close.starts_with('$') && escaped(c) {
                    c += 1 + r[c + 1..].find(close)?;
                }
                return Some((i + open.len(), i + open.len() + c));
            }
        }
        None
    }

    /// MX-6: the last formula (`$…$`, `\(…\)`, `\[…\]`) or number in
    /// `[from, to)`, whichever ends later; in the production search the
    /// formula's right side (MX-13) and the number token whole (MX-14).
    ///
    /// A number with no `$` and no `\\` from its last byte on ends later
    /// than any formula can (a formula's content ends before its closing
    /// delimiter): it is the answer without the formula scan.
    pub(super) fn last_formula_or_number(&self, from: usize, to: usize) -> Option<Found> {
        // (A start read back a number of bytes, `referent`'s, may fall
        // inside a character: the text is read from the next one.)
        let mut from = from.min(to);
        while !self.text.is_char_boundary(from) {
            from += 1;
        }
        let found = self.last_formula_or_digits(from, to);
        // MX-23: a value in words after it in the last sentence (`So there
        // are seven ways.`).
        if self.production {
            let after = found.as_ref().map_or(from, |f| f.reach.max(from));
            if let Some(w) = spelled_value(self.text, after, to) {
                return Some(Found {
                    span: w,
                    how: "last_number",
                    reach: w.1,
                });
            }
        }
        found
    }

    /// [`Doc::last_formula_or_number`] without MX-23's numbers in words.
    fn last_formula_or_digits(&self, from: usize, to: usize) -> Option<Found> {
        let number = self.number(from, to);
        if let Some(n) = number {
            let after = &self.bytes()[n.1.saturating_sub(1).max(from)..to];
            // (16 bytes at a time: after a number at the start of a long
            // text of other bytes, this reads all of it.)
            if find_where(after, |c| (c == b'$') | (c == b'\\')).is_none() {
                return Some(Found {
                    span: n,
                    how: "last_number",
                    reach: n.1,
                });
            }
        }
        self.later(self.last_formula(from, to, false), number)
    }

    /// The last number of `[from, to)`: MX-6's, or in the production search
    /// the number token whole, widened to its pair (MX-14).
    fn number(&self, from: usize, to: usize) -> Option<(usize, usize)> {
        if self.production {
            self.number_token(from, to)
                .map(|n| self.with_relation(from, self.enclosing_pair(n, from, to)))
        } else {
            self.last_number(from, to)
        }
    }

    /// The later of the last formula and the last number (D-MX4): the
    /// number when it ends more than one byte after the formula.
    fn later(
        &self,
        formula: Option<(usize, usize)>,
        number: Option<(usize, usize)>,
    ) -> Option<Found> {
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

    /// The number token `n` widened to the tuple, interval or set of numbers
    /// in prose it belongs to (MX-14: `the point is (2, 3).` → `(2, 3)`, `x
    /// in [1, 5)` → `[1, 5)`, `the set is {1, 2, 3}.` → `{1, 2, 3}`): an
    /// opening `(`, `[`, `{` or `\{` after a space (not a function's
    /// argument list), numbers, commas and spaces only (at most 64 bytes
    /// each way), at least one comma, and a closing `)` or `]` (`}` or `\}`
    /// for a brace).
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
        // `[3, ∞)`, `(-\\infty, 2]`: an infinite end after or before the
        // commas.
        if e > n.1 {
            e += infinity_after(&b[e..to]);
        }
        if s < n.0 {
            s -= infinity_before(&b[from..s]);
        }
        // The opening bracket and the closer it needs: `(` or `[` either of
        // `)` and `]` (an interval), a brace its own (`{1, 2, 3}`,
        // `\{1, 2, 3\}`: a set).
        if s == from {
            return n;
        }
        let (open, close): (usize, &[u8]) = match b[s - 1] {
            b'{' if s >= from + 2 && b[s - 2] == b'\\' => (s - 2, b"\\}"),
            b'{' => (s - 1, b"}"),
            b'(' | b'[' if b.get(e) == Some(&b']') => (s - 1, b"]"),
            b'(' | b'[' => (s - 1, b")"),
            _ => return n,
        };
        let after_space = open == from || matches!(b[open - 1], b' ' | b'\n' | b':' | b'=');
        let closes = b[e..to].starts_with(close);
        // `(1,000)` is the number token itself, not a pair.
        let more = (s, e) != n;
        if after_space && closes && more && b[s..e].contains(&b',') {
            (open, e + close.len())
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
        // The positions of `\` and `$` (all that matters), 64 bytes at a
        // time.
        let bt = &b[..to];
        let mut skipper = Skipper::new(bt, [b'\\', b'$']);
        // Inside `\(…` or `\[…` opened at `opener`: the second byte of its
        // closer (`\)`, `\]`: the first such pair, as `find` finds it), else 0.
        let (mut seek, mut opener) = (0u8, 0usize);
        // Before `retry` a block step is not tried: after a refusal the
        // next try waits twice as long (up to 4 KiB), so a text it cannot
        // step (displays, prose) pays a few blocks' masks in all.
        let (mut retry, mut wait) = (from, 64);
        loop {
            if i >= retry && i + 64 < to {
                let missing = (no_paren_close, no_bracket_close);
                let display = (&mut seek, &mut opener, missing);
                if let Some(n) = self.step_block(i, &mut open, display, &mut best, one_line) {
                    i += n;
                    wait = 64;
                    continue;
                }
                retry = i + wait;
                wait = (wait * 2).min(4096);
            }
            // The next `\` or `$` from `i` on (`to` when none).
            i = skipper.next(i);
            if seek != 0 {
                if i + 1 >= to {
                    // No closer: none for any later opener either (keeps
                    // many unclosed `\(` linear); the text after the
                    // opener is read again, outside a formula.
                    if seek == b')' {
                        no_paren_close = true;
                    } else {
                        no_bracket_close = true;
                    }
                    (i, seek) = (opener + 2, 0);
                } else if b[i] == b'\\' && b[i + 1] == seek {
                    // (Trimmed once, at the end: whether it has content is
                    // its first non-space byte.)
                    if let Some(span) = display_content(b, (opener, i), seek, one_line) {
                        best = Some(span);
                    }
                    (i, seek) = (i + 2, 0);
                } else {
                    i += 1;
                }
                continue;
            }
            if i >= to {
                break;
            }
            if b[i] == b'$' {
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
            // A `\`: an opener `\(`, `\[` (unless its closer is known to be
            // missing), or an escape of the next byte.
            match bt.get(i + 1) {
                Some(b'(') if !no_paren_close => seek = b')',
                Some(b'[') if !no_bracket_close => seek = b']',
                _ => {}
            }
            opener = i;
            i += 2;
        }
        best.map(|span| trim(self.text, span))
    }

    /// The 64 bytes at `i` (`i + 64 < to`) in one step of [`Self::last_formula`]'s
    /// forward scan when each of their delimiters is decided inside them
    /// (`$x$ $y$ …`, `$$$$…`, `\\\\…`), as the byte-by-byte scan decides it:
    /// - no two adjacent `$` (nor a `$` last before a `$`), outside a
    ///   display, and no two adjacent `\` nor a `\` before `(` or `[`
    ///   (`$a_1 = 3$ … \boxed{x`, `\$5 and $x$`): each `\` escapes the byte
    ///   after it (a `$` so escaped is no delimiter), each other `$` is a
    ///   one-byte delimiter, opening and closing in turn; of the formulas it
    ///   closes only the last with content (trimmed, one line when asked)
    ///   matters, so they are read from the last back; the step is 65
    ///   bytes when the last byte is a `\`;
    /// - 64 `$`: 32 `$$` delimiters, of which only the first can close a
    ///   formula with content (the others enclose nothing);
    /// - no `$` and no `\` before a `(` or `[`: escapes only (`\boxed{`,
    ///   `\frac{a}{b}`, `\\…`), each `\` and the byte after it; the step
    ///   is 65 bytes when the last `\` starts an escape (an odd run of `\`
    ///   ends the block: the first `\` of a run starts one, as the byte
    ///   before it is no `\`);
    /// - no `$` and no two adjacent `\`, inside a display or not (`\[ x = 1
    ///   \] \[ …`, `\(a\) and \(b\)`): each `\` is an event of the scan,
    ///   read in turn from the mask of `\` (see [`Self::step_displays`]).
    ///
    /// `display` is the scan's `\(…\)`/`\[…\]` state: the closer's second
    /// byte sought (0 outside a display), the opener's position, and whether
    /// `\)` or `\]` is known to be missing.
    ///
    /// The bytes stepped, or `None`: anything else is read byte by byte.
    /// Each formula's content is read once, so the scan stays linear.
    fn step_block(
        &self,
        i: usize,
        open: &mut Option<usize>,
        display: (&mut u8, &mut usize, (bool, bool)),
        best: &mut Option<(usize, usize)>,
        one_line: bool,
    ) -> Option<usize> {
        let b = self.bytes();
        let flags = BlockFlags::new(b[i..].first_chunk::<65>()?);
        let content = |o: usize, p: usize| {
            let span = trim(self.text, (o, p));
            let broken = one_line && b[o..p].contains(&b'\n');
            (span.0 < span.1 && !broken).then_some(span)
        };
        let (seek, opener, missing) = display;
        if !flags.has_dollar() {
            if !flags.has_slash() {
                return Some(64);
            }
            // (Outside a display, 32 escapes, or none before a `(` or `[`.)
            if *seek == 0 {
                if flags.all_slashes() {
                    return Some(64);
                }
                if !flags.has_opener() {
                    return Some(64 + flags.trailing_slashes() % 2);
                }
            }
            return self.step_displays(i, &flags, (seek, opener, missing), best, one_line);
        }
        if *seek != 0 {
            return None;
        }
        let dollars = flags.dollar_mask();
        if dollars == u64::MAX {
            if let Some(o) = *open {
                if let Some(span) = content(o, i) {
                    *best = Some(span);
                }
                *open = Some(i + 64);
            }
            return Some(64);
        }
        // The `$` that are delimiters: all but those a `\` escapes (each
        // `\` starts an escape when none stands next to another).
        let (d, step) = if flags.has_slash() {
            let slashes = flags.slash_mask();
            // (A block of few delimiters costs the byte scan less.)
            if slashes & (slashes >> 1) != 0 || (slashes | dollars).count_ones() < 6 {
                return None;
            }
            // (The bytes after its few `\` one by one: cheaper here than
            // `has_opener`'s pass over the block, measured.)
            let mut m = slashes;
            while m != 0 {
                if matches!(flags.w[(m.trailing_zeros() & 63) as usize + 1], b'(' | b'[') {
                    return None;
                }
                m &= m - 1;
            }
            (dollars & !(slashes << 1), 64 + (slashes >> 63) as usize)
        } else {
            (dollars, 64)
        };
        if d & (dollars >> 1) != 0 || (d >> 63 == 1 && b[i + 64] == b'$') {
            return None;
        }
        if d == 0 {
            return Some(step);
        }
        // Bit k of `odd`: an odd number of `$` at i ..= i + k (a prefix
        // xor); the j-th `$` closes a formula when j is even, or odd when
        // one is open before the block. Bit k of `closes`: the `$` at i + k
        // closes a formula.
        let mut odd = d;
        for shift in [1, 2, 4, 8, 16, 32] {
            odd ^= odd << shift;
        }
        let entry = *open;
        let closes = if entry.is_some() { d & odd } else { d & !odd };
        let is_open = entry.is_some() ^ (d.count_ones() % 2 == 1);
        let mut c = closes;
        while c != 0 {
            let k = 63 - c.leading_zeros();
            let below = d & ((1u64 << k) - 1);
            // (A close with no `$` before it in the block closes `entry`.)
            let o = match entry {
                _ if below != 0 => i + 64 - below.leading_zeros() as usize,
                Some(o) => o,
                None => break,
            };
            if let Some(span) = content(o, i + k as usize) {
                *best = Some(span);
                break;
            }
            c &= !(1u64 << k);
        }
        *open = is_open.then(|| i + 64 - d.leading_zeros() as usize);
        Some(step)
    }

    /// [`Self::step_block`] for a block without `$` whose `\` stand alone
    /// (none next to another), by the mask of its `\`: each is then
    /// reached by the byte-by-byte scan, whether it reads escapes (outside
    /// a display: `\` and the byte after it, an opener when that byte is
    /// `(` or `[` and its closer is not known to be missing) or seeks the
    /// closer (`\` then the byte sought; any other byte after a `\` is
    /// passed). A closed display with content is the best formula so far,
    /// as in the scan. The bytes stepped (65 when the last byte's `\`
    /// takes the byte after the block), or `None` for adjacent `\`.
    // (Out of line: inlined into the scan, it cost its other paths more
    // than the call.)
    #[inline(never)]
    fn step_displays(
        &self,
        i: usize,
        flags: &BlockFlags,
        (seek, opener, missing): (&mut u8, &mut usize, (bool, bool)),
        best: &mut Option<(usize, usize)>,
        one_line: bool,
    ) -> Option<usize> {
        let b = self.bytes();
        let slashes = flags.slash_mask();
        if slashes & (slashes >> 1) != 0 {
            return None;
        }
        let mut end = 64;
        let mut m = slashes;
        while m != 0 {
            // (`& 63`: a bit of the block, so `k + 1` is in `w`.)
            let k = (m.trailing_zeros() & 63) as usize;
            m &= m - 1;
            let next = flags.w[k + 1];
            if *seek == 0 {
                // (The scan's opener test, written out again: as a function
                // returning the byte sought, stored at every `\`, it cost
                // this step 3.5 % more, measured.)
                match next {
                    b'(' if !missing.0 => *seek = b')',
                    b'[' if !missing.1 => *seek = b']',
                    _ => {}
                }
                *opener = i + k;
                end = k + 2;
            } else if next == *seek {
                if let Some(span) = display_content(b, (*opener, i + k), *seek, one_line) {
                    *best = Some(span);
                }
                *seek = 0;
                end = k + 2;
            } else {
                end = k + 1;
            }
        }
        Some(end.max(64))
    }

    /// The right side of the last top-level `=` of a formula (MX-13), or
    /// the whole formula.
    pub(super) fn right_side(&self, (s, e): (usize, usize)) -> (usize, usize) {
        let b = self.bytes();
        let mut depth = 0i32;
        let mut eq = None;
        let mut i = s;
        // The command `\equiv` at top level (a congruence): where it ends.
        let mut congruence = None;
        while i < e {
            match b[i] {
                b'\\' if depth == 0 && b[i..e].starts_with(b"\\equiv") => {
                    congruence = Some(i + "\\equiv".len());
                    eq = None;
                    i += "\\equiv".len() - 1;
                }
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
        // `2^{100} \equiv 2 \pmod{7}`: the residue, before the modulus.
        if let (Some(k), None) = (congruence, eq) {
            let right = &self.text[k..whole.1];
            let cut = MODULUS_COMMANDS
                .iter()
                .filter_map(|m| find_str(right, m))
                .min()
                .unwrap_or(right.len());
            // (Spacing commands before the modulus: `2 \ (\text{mod } 7)`.)
            let residue = right[..cut].trim_end_matches([' ', '\\', '~', ',', ';', '!', '(']);
            let r = trim(self.text, (k, k + residue.len()));
            return if r.0 < r.1 { r } else { whole };
        }
        match eq {
            Some(k) => {
                let mut r = trim(self.text, (k + 1, whole.1.max(k + 1)));
                if let Some(a) = find_str(&self.text[r.0..r.1], "\\approx") {
                    r = trim(self.text, (r.0, r.0 + a));
                }
                if r.0 < r.1 { r } else { whole }
            }
            None => whole,
        }
    }
}

/// The infinities an interval's end may be, after its sign.
const INFINITIES: [&[u8]; 2] = ["\u{221E}".as_bytes(), b"\\infty"];

/// The length of an infinity that `t` opens with (`∞`, `\\infty`, `+∞`),
/// else 0.
fn infinity_after(t: &[u8]) -> usize {
    let sign = usize::from(t.first() == Some(&b'+'));
    INFINITIES
        .iter()
        .find(|i| t[sign..].starts_with(i))
        .map_or(0, |i| sign + i.len())
}

/// The length of an infinity that `t` ends with, with its sign (`-∞`,
/// `−∞`, `-\\infty`), else 0.
fn infinity_before(t: &[u8]) -> usize {
    let Some(i) = INFINITIES.iter().find(|i| t.ends_with(i)) else {
        return 0;
    };
    let rest = &t[..t.len() - i.len()];
    let sign = [&b"-"[..], "\u{2212}".as_bytes(), b"+"]
        .iter()
        .find(|m| rest.ends_with(m))
        .map_or(0, |m| m.len());
    i.len() + sign
}

#[cfg(test)]
mod tests {
    use super::super::{Doc, locate_default, trim};

    /// A congruence's right side is its residue, without the modulus
    /// (MX-13); a formula with `=` after `\equiv` keeps its last `=`.
    #[test]
    fn a_congruence_answers_its_residue() {
        for (response, want) in [
            ("So $x \\equiv 2 \\pmod{5}$.", "2"),
            ("Hence $2^{100} \\equiv 2 \\pmod 7$.", "2"),
            ("Hence $2^{100} \\equiv 2 \\ (\\text{mod } 7)$.", "2"),
            ("Hence $2^{100} \\equiv 2\\,(\\bmod 7)$.", "2"),
            ("So $a \\equiv 3$.", "3"),
            ("So $a \\equiv b = 4$.", "4"),
            ("So $x = 3$.", "3"),
        ] {
            let found = locate_default(response, false).expect(response);
            assert_eq!(found.answer, want, "{response:?}");
        }
    }

    /// MX-14: an interval in prose is read whole with an infinite end
    /// (`∞`, `\infty`, signed); a pair without a number and a comma is not.
    #[test]
    fn an_interval_with_an_infinite_end_is_whole() {
        for (response, want) in [
            ("So x \u{2208} [3, \u{221E}).", "[3, \u{221E})"),
            ("The solution set is (-\u{221E}, 2].", "(-\u{221E}, 2]"),
            (
                "The solution set is (\u{2212}\u{221E}, 2].",
                "(\u{2212}\u{221E}, 2]",
            ),
            ("The range is (0, \\infty).", "(0, \\infty)"),
            ("The domain is (0, +\u{221E}).", "(0, +\u{221E})"),
            ("The domain is (-\\infty, 2) now.", "(-\\infty, 2)"),
            ("The value is 3 \u{221E}).", "3"),
            ("The value is [3 \u{221E}).", "3"),
        ] {
            let found = locate_default(response, false).expect(response);
            assert_eq!(found.answer, want, "{response:?}");
        }
    }

    /// MX-6's `$` and `\(`/`\[` pairs read byte by byte from the start, as
    /// the document's fallback reads them: the reference for the block steps.
    fn last_formula_by_bytes(t: &str, to: usize, one_line: bool) -> Option<(usize, usize)> {
        let b = t.as_bytes();
        let (mut best, mut open, mut i) = (None, None, 0);
        while i < to {
            match b[i] {
                b'\\' => {
                    if let Some(&c @ (b'(' | b'[')) = b[..to].get(i + 1) {
                        let close = if c == b'(' { "\\)" } else { "\\]" };
                        if let Some(k) = t[i + 2..to].find(close) {
                            let span = trim(t, (i + 2, i + 2 + k));
                            let broken =
                                one_line && c == b'(' && t[i + 2..i + 2 + k].contains('\n');
                            if span.0 < span.1 && !broken {
                                best = Some(span);
                            }
                            i += 2 + k + 2;
                            continue;
                        }
                    }
                    i += 2;
                }
                b'$' => {
                    let run = if b.get(i + 1) == Some(&b'$') { 2 } else { 1 };
                    if let Some(o) = open.take() {
                        let span = trim(t, (o, i));
                        let broken = one_line && run == 1 && t[o..i].contains('\n');
                        if span.0 < span.1 && !broken {
                            best = Some(span);
                        }
                    } else {
                        open = Some(i + run);
                    }
                    i += run;
                }
                _ => i += 1,
            }
        }
        best
    }

    /// The number without the formula scan is what the later of the two
    /// gives: texts with numbers, units, pairs and formulas of every kind
    /// in every order, in the production search and the document's.
    #[test]
    fn a_number_after_every_delimiter_is_the_later_of_the_two() {
        let pieces = [
            "$",
            "$$",
            "\\(",
            "\\)",
            "\\[",
            "\\]",
            " ",
            "x = ",
            "12",
            "1,000",
            "3.5",
            "\\%",
            "(2, 3)",
            "\\text{ cm}",
            ".",
            "\n",
            "e-5",
            "\\",
            "so ",
            "é",
        ];
        let mut glue = crate::text::Glue(53);
        for round in 0..6000u64 {
            let t = glue.text(&pieces, 1 + round % 12);
            for production in [false, true] {
                let mut doc = Doc::new(&t, 0, t.len());
                doc.production = production;
                let got = doc.last_formula_or_number(0, t.len());
                let full = doc.later(doc.last_formula(0, t.len(), false), doc.number(0, t.len()));
                let key = |f: Option<super::super::Found>| f.map(|f| (f.span, f.how, f.reach));
                assert_eq!(key(got), key(full), "{t:?} production {production}");
            }
        }
    }

    /// The 64-byte steps of `last_formula` (dense `$x$`, `$$…`, `\\…`, and
    /// the refusals around them) answer as the byte-by-byte scan, on both
    /// sides of each condition: a `$` at a block's end before a `$`, an
    /// empty or multi-line formula, a `\` inside a block of `$`.
    #[test]
    fn block_steps_are_the_byte_scan() {
        let pieces = [
            "$x$ ",
            "$",
            "$$",
            "$ $",
            "\\",
            "\\\\",
            "\\[y\\]",
            "\\(",
            "\\)",
            "x",
            " ",
            "\n",
            "$\n$",
            "$$$$$$$$$$$$$$$$",
            "\\\\\\\\\\\\\\\\",
            "é",
        ];
        // (Escapes only, so that whole blocks step: odd and even runs of `\`
        // at a block's end, a `(` or `[` after one.)
        let escapes = [
            "\\boxed{",
            "\\frac{a}{b}",
            "\\",
            "x",
            "(",
            "[",
            "\\[y\\]",
            "\\(z\\)",
            "{",
        ];
        // (Texts of `$` with content only, so that whole blocks step.)
        let dollars = [
            "$x$ ",
            "$x$ ",
            "x$ ",
            "$ ",
            " ",
            "\n",
            "é",
            "$$$$$$$$$$$$$$$$",
        ];
        // (Displays and their closers in every order: closers before an
        // opener, missing ones, `$` and escapes inside, `\\]`.)
        let displays = [
            "\\[ x = 1 \\] ",
            "\\[",
            "\\]",
            "\\(",
            "\\)",
            "\\",
            "\\\\",
            "x",
            " ",
            "\n",
            "$",
            "é",
        ];
        // (Few `$` and `\\\\`, so that whole blocks of displays step: empty
        // ones, line breaks, runs of openers or closers, one kind or both,
        // across blocks; an escape of `$` or `\\` across a block's end.)
        let display_blocks = [
            "\\[ x = 1 \\] ",
            "\\( y \\) ",
            "\\[",
            "\\]",
            "\\(",
            "\\)",
            "\\[\\]",
            "\\frac{a}{b}",
            "x",
            "  ",
            "\n",
            "é",
            "\\$",
            "\\\\",
        ];
        // (`$` among escapes: `\$`, commands, `$` after or before a `\`,
        // no opener, so that blocks of both step.)
        let escaped_dollars = [
            "$x$ ",
            "$a_1 = 3$",
            "\\$",
            "\\$5 ",
            "$",
            "\\boxed{x",
            "\\frac{a}{b}",
            "(B) ",
            "x",
            " ",
            "\n",
            "é",
            "\\",
        ];
        // (Displays and `\(` with no `\)` anywhere: once it is known
        // missing, a `\(` in a block of displays is an escape.)
        let unclosed = [
            "\\[ x = 1 \\] ",
            "\\( y ",
            "\\[ z \\] ",
            "\\]",
            "\\frac{a}{b}",
            "x",
            "  ",
            "\n",
        ];
        let (d16, b16) = ("$".repeat(16), "\\".repeat(16));
        let runs = [&*d16, &d16, &d16, &b16, &b16, &b16, "$", "x", " ", "\\("];
        let mut glue = crate::text::Glue(29);
        for n in 0..32000 {
            let set: &[&str] = match n % 8 {
                0 => &pieces,
                1 => &dollars,
                2 => &escapes,
                3 => &displays,
                4 => &display_blocks,
                5 => &runs,
                6 => &unclosed,
                _ => &escaped_dollars,
            };
            let s = glue.text(set, 20 + n % 200);
            let cut = s.len() - s.len() / 7;
            let to = (0..=cut)
                .rev()
                .find(|&k| s.is_char_boundary(k))
                .unwrap_or(0);
            let doc = Doc::new(&s, 0, s.len());
            for one_line in [false, true] {
                assert_eq!(
                    doc.last_formula(0, to, one_line),
                    last_formula_by_bytes(&s, to, one_line),
                    "{s:?} to {to} one_line {one_line}"
                );
            }
        }
        // Pinned: a block whose last byte escapes the `$` after it (no
        // formula `$ 5 $`: the `$` after 5 opens one).
        let r = format!("\\[ x \\]{}\\$ 5 $ ", " ".repeat(63 - 7));
        assert_eq!(r.as_bytes()[63], b'\\');
        assert_eq!(
            Doc::new(&r, 0, r.len()).last_formula(0, r.len(), false),
            Some((3, 4))
        );
        // Pinned: 100 KiB of `$x$ ` ends in the formula `x`; an odd `$`
        // before it turns every pair around (` ` between them is empty).
        let r = "$x$ ".repeat(25_600);
        assert_eq!(
            Doc::new(&r, 0, r.len()).last_formula(0, r.len(), false),
            Some((r.len() - 3, r.len() - 2))
        );
        let r = format!("$ {r}");
        assert_eq!(
            Doc::new(&r, 0, r.len()).last_formula(0, r.len(), false),
            None
        );
    }
}
