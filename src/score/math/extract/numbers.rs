//! Numbers (MX-6, MX-14): the last number of a range, widened to the LaTeX
//! command it fills, and the production search's number token whole
//! (exponent, `\times 10^{…}`, unit, degree sign).
//!
//! # Differences with the document
//!
//! Symeval's number pattern cuts `3.54e-07` to `07` and drops units; the
//! production token keeps them (MX-14).

use super::{Doc, starts_with_ci};

/// A number of a response (MX-6, MX-14) is at most this many bytes of
/// digits and separators (`1,234.5`, `1 000 000`): a longer run (a table
/// of digits, `1,000,` repeated) is not read as a number, and the fallback
/// finds no number there. 100! has 158 digits; 128 bytes hold any answer
/// a problem asks for as a number, and keep normalizing it short.
pub const MAX_NUMBER_BYTES: usize = 128;

/// A unit word of the ME-9 table of two letters or more (`cm`, `meters`).
pub(super) fn is_unit_word(w: &str) -> bool {
    w.len() >= 2 && crate::score::math::units::lookup(w).is_some()
}

impl Doc<'_> {
    /// The last number in `[from, to)`: digits joined by `.`, `,` or `/`
    /// between digits (`3.75`, `1,234`, `1000,99`, `10/9`), a leading
    /// decimal point (`.4`), a minus sign that is not a hyphen; then widened
    /// to the LaTeX command whose argument it fills (`\frac{10}{9}`,
    /// `-\sqrt{3}`), at most 16 levels. `None` when the last number is
    /// longer than [`MAX_NUMBER_BYTES`].
    pub(super) fn last_number(&self, from: usize, to: usize) -> Option<(usize, usize)> {
        let b = self.bytes();
        let end = self.last_digits_end(from, to)?;
        // The number's walk back reads at most MAX_NUMBER_BYTES + 8 bytes
        // (a number within the limit looks at most 2 bytes before itself,
        // so it is found as from `from`; a longer one is refused either way).
        let floor = from.max(end.saturating_sub(MAX_NUMBER_BYTES + 8));
        let s = self.number_start(floor, end);
        if end - s > MAX_NUMBER_BYTES {
            return None;
        }
        let e = end;
        // A percent sign or word right after the number belongs to it.
        let after = &b[e..to];
        let gap = after.iter().take_while(|&&c| c == b' ').count();
        for suffix in ["\\%", "%", "percentage", "percent", "pct"] {
            if starts_with_ci(&after[gap..], suffix) {
                let k = e + gap + suffix.len();
                if b.get(k).is_none_or(|c| !c.is_ascii_alphabetic()) {
                    return Some((s, k));
                }
            }
        }
        Some(self.widen_to_command(from, to, (s, e)))
    }

    /// Whether `[from, to)` has digits but its last number is refused for
    /// its length ([`MAX_NUMBER_BYTES`]).
    pub(super) fn number_too_long(&self, from: usize, to: usize) -> bool {
        self.last_digits_end(from, to).is_some() && self.last_number(from, to).is_none()
    }

    /// Where the last run of digits in `[from, to)` ends, skipping digits
    /// inside a word (`AZYUK2A`, a code).
    fn last_digits_end(&self, from: usize, to: usize) -> Option<usize> {
        let b = self.bytes();
        let mut end = to;
        loop {
            // Prose without digits is skipped 16 bytes at a time (a mask
            // of the block's digits, no branch per byte).
            while end >= from + 16 {
                let digits = b[end - 16..end]
                    .iter()
                    .fold(0u8, |m, &c| m | u8::from(c.wrapping_sub(b'0') < 10));
                if digits != 0 {
                    break;
                }
                end -= 16;
            }
            while end > from && !b[end - 1].is_ascii_digit() {
                end -= 1;
            }
            if end == from {
                return None;
            }
            // A run longer than MAX_NUMBER_BYTES is no number (nor a
            // code): its end is the answer's end, refused by the caller.
            let floor = from.max(end.saturating_sub(MAX_NUMBER_BYTES + 1));
            let mut k = end;
            while k > floor && b[k - 1].is_ascii_digit() {
                k -= 1;
            }
            if k == floor && floor > from && b[k - 1].is_ascii_digit() {
                return Some(end);
            }
            let glued = k > from
                && b[k - 1].is_ascii_alphabetic()
                && b.get(end).is_some_and(u8::is_ascii_alphabetic);
            if !glued {
                return Some(end);
            }
            end = k;
        }
    }

    /// Where the number ending at `end` starts: its digits joined by `.`,
    /// `,` or `/`, thousands groups separated by spaces, the whole part of a
    /// mixed number, a leading decimal point and a minus sign.
    fn number_start(&self, from: usize, end: usize) -> usize {
        let b = self.bytes();
        let mut start = end;
        loop {
            while start > from && b[start - 1].is_ascii_digit() {
                start -= 1;
            }
            if start >= from + 2
                && matches!(b[start - 1], b'.' | b',' | b'/')
                && b[start - 2].is_ascii_digit()
            {
                start -= 1;
                continue;
            }
            break;
        }
        // Thousands groups separated by single spaces (`1 000`,
        // `12 345 678`): the last run and every run joined before it have
        // three digits, the first one one to three.
        if end - start == 3 && b[start..end].iter().all(u8::is_ascii_digit) {
            while start >= from + 2 && b[start - 1] == b' ' && b[start - 2].is_ascii_digit() {
                let mut j = start - 1;
                while j > from && b[j - 1].is_ascii_digit() {
                    j -= 1;
                }
                let len = start - 1 - j;
                let word = j > from
                    && (b[j - 1].is_ascii_alphanumeric() || matches!(b[j - 1], b'.' | b','));
                if len > 3 || word {
                    break;
                }
                start = j;
                if len < 3 {
                    break;
                }
            }
        }
        // A mixed number `4 4/9`: the whole part before a fraction.
        if b[start..end].contains(&b'/') && start >= from + 2 && b[start - 1] == b' ' {
            let mut k = start - 1;
            while k > from && b[k - 1].is_ascii_digit() {
                k -= 1;
            }
            if k < start - 1 && (k == from || !b[k - 1].is_ascii_alphanumeric()) {
                start = k;
            }
        }
        let not_word = |k: usize| k == from || !b[k - 1].is_ascii_alphanumeric();
        if start > from && b[start - 1] == b'.' && not_word(start - 1) {
            start -= 1;
        }
        // A minus sign, not a hyphen or a subtraction (`3-5`, `x-5`).
        if start > from && b[start - 1] == b'-' && not_word(start - 1) {
            start -= 1;
        }
        start
    }

    /// The number `(s, e)` widened to the LaTeX command whose argument it
    /// fills (`\frac{10}{9}`, `-\sqrt{3}`), at most 16 levels.
    fn widen_to_command(
        &self,
        from: usize,
        to: usize,
        (mut s, mut e): (usize, usize),
    ) -> (usize, usize) {
        let b = self.bytes();
        let not_word = |k: usize| k == from || !b[k - 1].is_ascii_alphanumeric();
        for _ in 0..16 {
            // The number fills a group `{…}` of a command.
            if !(s > from && b[s - 1] == b'{' && self.close_of(s - 1) == Some(e)) {
                break;
            }
            let mut gs = s - 1;
            while gs > from && b[gs - 1] == b'}' {
                match self.open_of(gs - 1) {
                    Some(o) if o >= from => gs = o,
                    _ => break,
                }
            }
            let mut k = gs;
            while k > from && b[k - 1].is_ascii_alphabetic() {
                k -= 1;
            }
            if !(k > from && k < gs && b[k - 1] == b'\\') {
                break;
            }
            let mut ge = e + 1;
            while ge < to && b[ge] == b'{' {
                match self.close_of(ge) {
                    Some(c) if c < to => ge = c + 1,
                    _ => break,
                }
            }
            (s, e) = (k - 1, ge);
            if s > from && b[s - 1] == b'-' && not_word(s - 1) {
                s -= 1;
            }
        }
        (s, e)
    }

    /// MX-14: the last number token, whole: [`Doc::last_number`] with an
    /// exponent (`3.54e-07`, `2.1 \times 10^{5}`), a unit (`5\text{ cm}`,
    /// `12 meters`) or a degree sign after it.
    pub(super) fn number_token(&self, from: usize, to: usize) -> Option<(usize, usize)> {
        let b = self.bytes();
        let (mut s, mut e) = self.last_number(from, to)?;
        // `3.54e-07`, `1E5`: the mantissa before the exponent.
        let mut k = s;
        if k > from && matches!(b[k - 1], b'-' | b'+') {
            k -= 1;
        }
        if k >= from + 2 && matches!(b[k - 1], b'e' | b'E') && b[k - 2].is_ascii_digit() {
            if let Some((ms, me)) = self.last_number(from, k - 1) {
                if me == k - 1 {
                    s = ms;
                }
            }
        }
        // `2.1 \times 10^{5}`: the mantissa before `\times 10^`.
        let mut p = s;
        let braced = p > from && b[p - 1] == b'{';
        if braced {
            p -= 1;
        }
        let before = &self.text[from..p];
        if let Some(r) = before.strip_suffix("10^") {
            let r = r.trim_end();
            if let Some(r) = ["\\times", "\\cdot", "×", "*", "x"]
                .iter()
                .find_map(|op| r.strip_suffix(op))
            {
                let m_end = from + r.trim_end().len();
                if let Some((ms, me)) = self.last_number(from, m_end) {
                    if me == m_end {
                        s = ms;
                        if braced && b.get(e) == Some(&b'}') {
                            e += 1;
                        }
                    }
                }
            }
        }
        // A unit or a degree sign after the number.
        let rest = &self.text[e..to];
        let gap = rest.len() - rest.trim_start_matches([' ', '~']).len();
        let rest = &rest[gap..];
        let rest_g = rest.trim_start_matches("\\,").trim_start_matches("\\ ");
        let g2 = rest.len() - rest_g.len();
        for deg in ["^\\circ", "^{\\circ}", "°"] {
            if rest.starts_with(deg) {
                return Some((s, e + gap + deg.len()));
            }
        }
        for cmd in ["\\text{", "\\mathrm{", "\\textnormal{", "\\mbox{"] {
            if let Some(inner) = rest_g.strip_prefix(cmd) {
                if let Some(c) = inner.find('}') {
                    let w = inner[..c].trim();
                    if !w.is_empty()
                        && w.len() <= 24
                        && w.bytes()
                            .all(|c| c.is_ascii_alphabetic() || matches!(c, b' ' | b'/'))
                    {
                        return Some((s, e + gap + g2 + cmd.len() + c + 1));
                    }
                }
            }
        }
        let n = rest.bytes().take_while(u8::is_ascii_alphabetic).count();
        if n >= 2
            && is_unit_word(&rest[..n])
            && rest
                .as_bytes()
                .get(n)
                .is_none_or(|c| !c.is_ascii_alphanumeric())
        {
            return Some((s, e + gap + n));
        }
        Some((s, e))
    }
}
