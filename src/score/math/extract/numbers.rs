//! Numbers (MX-6, MX-14): the last number of a range, widened to the LaTeX
//! command it fills, and the production search's number token whole
//! (exponent, `\times 10^{…}`, unit, degree sign).
//!
//! # Differences with the document
//!
//! Symeval's number pattern cuts `3.54e-07` to `07` and drops units; the
//! production token keeps them (MX-14).

use super::{Doc, starts_with_ci};
use crate::score::math::equal::{superscript, vulgar_fraction};
use crate::score::math::relations::relation_sign_ending;

/// A number of a response (MX-6, MX-14) is at most this many bytes of
/// digits and separators (`1,234.5`, `1 000 000`): a longer run (a table
/// of digits, `1,000,` repeated) is not read as a number, and the fallback
/// finds no number there. 100! has 158 digits; 128 bytes hold any answer
/// a problem asks for as a number, and keep normalizing it short.
pub const MAX_NUMBER_BYTES: usize = 128;

/// The most bytes a compound quantity's first part is read back
/// ([`Doc::compound`]): `12 kilometres and ` is 17.
const MAX_COMPOUND_BYTES: usize = 40;

/// Whether `first` then `second` are the parts of one quantity, larger
/// first: units of the ME-9 table of one dimension (`hours`, `minutes`;
/// `feet`, `inches`), or a currency and its hundredth (`dollars`, `cents`).
fn larger_part(first: &str, second: &str) -> bool {
    // (Lowercase copies on the stack: no word of the lists is longer than
    // 16 bytes, and a longer one is of none.)
    let (mut x, mut y) = ([0u8; 16], [0u8; 16]);
    let (Some(a), Some(b)) = (lowercase_in(first, &mut x), lowercase_in(second, &mut y)) else {
        return false;
    };
    let currency = matches!(a, "dollar" | "dollars" | "euro" | "euros")
        && matches!(b, "cent" | "cents")
        || matches!(a, "pound" | "pounds") && matches!(b, "penny" | "pence")
        // An angle in degrees and minutes of arc (`45 degrees and 30
        // minutes`; `minutes` alone are the table's minutes of time).
        || matches!(a, "degree" | "degrees")
            && matches!(b, "minute" | "minutes" | "arcminute" | "arcminutes");
    // (Else unit words of two letters or more.)
    currency || a.len() >= 2 && b.len() >= 2 && crate::score::math::units::is_larger(a, b)
}

/// `w` in ASCII lowercase, written in `buf`; `None` when it is longer.
fn lowercase_in<'a>(w: &str, buf: &'a mut [u8; 16]) -> Option<&'a str> {
    let out = buf.get_mut(..w.len())?;
    out.copy_from_slice(w.as_bytes());
    out.make_ascii_lowercase();
    std::str::from_utf8(out).ok()
}

/// The most units after a `/` read with a number's unit (`km/h`, `m/s/s`).
const MAX_PER_UNITS: usize = 2;

/// Where the units of `rest` end, the first ending at `n`: each `/` followed
/// by a unit word of ME-9's table (one letter allowed: `km/h`, `m/s`) that
/// no letter or digit follows, at most [`MAX_PER_UNITS`] (MX-14). The
/// speed `60 km/h` was read `60 km`, a miss against `60 km/h`.
fn per_units(rest: &str, mut n: usize) -> usize {
    let r = rest.as_bytes();
    for _ in 0..MAX_PER_UNITS {
        if r.get(n) != Some(&b'/') {
            break;
        }
        let m = r[n + 1..]
            .iter()
            .take_while(|c| c.is_ascii_alphabetic())
            .count();
        let word = &rest[n + 1..n + 1 + m];
        if m == 0
            || !crate::score::math::units::is_unit(word)
            || r.get(n + 1 + m).is_some_and(u8::is_ascii_alphanumeric)
        {
            break;
        }
        n += 1 + m;
    }
    n
}

/// A unit word of the ME-9 table of two letters or more (`cm`, `meters`).
pub(super) fn is_unit_word(w: &str) -> bool {
    w.len() >= 2 && crate::score::math::units::is_unit(w)
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
            let k = run_before(b, floor, end, |c| c.is_ascii_digit());
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
        // three digits, the first one one to three. (Not a group joined to
        // a word by a hyphen, an adjective: `4 400-meter laps` is 4 laps.)
        let adjective =
            b.get(end) == Some(&b'-') && b.get(end + 1).is_some_and(u8::is_ascii_alphabetic);
        if end - start == 3 && !adjective && b[start..end].iter().all(u8::is_ascii_digit) {
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
            let k = run_before(b, from, start - 1, |c| c.is_ascii_digit());
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
            // `0.\overline{3}`, `0.1\bar{6}`: the decimal whose period the
            // command marks is part of the number.
            if matches!(&b[k..gs], b"overline" | b"bar" | b"dot") {
                let p = run_before(b, from, s, |c| c.is_ascii_digit());
                if p > from && b[p - 1] == b'.' {
                    s = run_before(b, from, p - 1, |c| c.is_ascii_digit());
                }
            }
            if s > from && b[s - 1] == b'-' && not_word(s - 1) {
                s -= 1;
            }
        }
        (s, e)
    }

    /// MX-14: the last number token, whole: [`Doc::last_number`] with an
    /// exponent (`3.54e-07`, `2.1 \times 10^{5}`), a unit (`5\text{ cm}`,
    /// `12 meters`) or a degree sign after it.
    ///
    /// A number that is the exponent of a power (`m^2`, `s^{-1}`, `2^{10}`,
    /// `x^4`, `(x+1)^2`) is not the token: the power is, and when its base
    /// is a unit after a number (`25 m^2`, `9.8 m/s^2`), that number with
    /// its units ([`Doc::power`], [`Doc::units_before`]), or the number
    /// alone when the units are a note in parentheses after it (`25
    /// (m^2)`, as `5 (cm)`: [`Doc::number_before_unit_note`]); so is a
    /// number that is a subscript (`a_5`, `x_{2}`: the term, not its index).
    pub(super) fn number_token(&self, from: usize, to: usize) -> Option<(usize, usize)> {
        let n = self.with_vulgar_fraction(to, self.last_number(from, to)?);
        let n = self.with_colons_and_minus(from, n);
        let n = (self.coefficient_before(from, n.0), n.1);
        let (s, e) = self.with_mantissa(from, n);
        // `10²³`, `2⁻¹`: superscripts after the digits are their exponent,
        // and a power of ten its mantissa's (`6.02 × 10²³`).
        if let Some(end) = superscripts_after(self.text, e, to) {
            return Some(self.with_unit(to, (self.mantissa_of_ten(from, (s, e)), end)));
        }
        if (s, e) == n {
            if let Some((base, caret, end)) = self.power(from, to, n) {
                // (A subscript's base is never a unit: `a_5` is a term.)
                if self.bytes()[caret] != b'^' {
                    return Some((base, end));
                }
                return Some(match self.units_before(from, base, caret) {
                    Some(Units::After(s)) => (s, end),
                    Some(Units::Opened(open)) => self
                        .number_before_unit_note(from, open, end)
                        .unwrap_or((base, end)),
                    None => (base, end),
                });
            }
            if let Some(start) = self.expression_before(from, s) {
                return Some((start, e));
            }
        }
        // `3π`, `3\\pi`, `3x`, `5i`: the coefficient of a symbol is not the
        // answer, the product is.
        if let Some(e) = self.symbol_after(e, to) {
            return Some(self.with_unit(to, (s, e)));
        }
        Some(
            self.compound(from, to, (s, e))
                .unwrap_or_else(|| self.with_unit(to, (s, e))),
        )
    }

    /// MX-14: a whole number with the vulgar fraction right after it
    /// (`1½`, `2¾`: the mixed number ME-2 reads; the digits alone answered
    /// 1 for `The recipe needs 1½ cups of flour.`, a false "equal" against
    /// 1); else `(s, e)`.
    fn with_vulgar_fraction(&self, to: usize, (s, e): (usize, usize)) -> (usize, usize) {
        let whole = self.bytes()[s..e].iter().all(u8::is_ascii_digit);
        match self.text[e..to].chars().next() {
            Some(c) if whole && vulgar_fraction(c).is_some() => (s, e + c.len_utf8()),
            _ => (s, e),
        }
    }

    /// MX-14: the end of a symbol that the number ending at `e` is the
    /// coefficient of, if one follows it: `π` or `\\pi` (also `pi` as a word,
    /// one space between allowed), or, right after the digits, one ASCII
    /// letter that is a word of its own and no unit of ME-9's table (`3x`,
    /// `5i`, `2e`; not `5m`, `3 x`, `2nd`, nor the multiplier `3x faster`), with a power after it (`3x^2`,
    /// `2\\pi^{2}`). The number alone answered 3 for `The area is 3π square
    /// units.` and `The answer is 3x.` — false "equal"s against 3.
    fn symbol_after(&self, e: usize, to: usize) -> Option<usize> {
        let b = &self.bytes()[..to];
        let gap = usize::from(b.get(e) == Some(&b' '));
        let at = e + gap;
        let rest = &b[at..];
        let word_end = |k: usize| b.get(k).is_none_or(|c| !c.is_ascii_alphanumeric());
        let end = if rest.starts_with("\u{3C0}".as_bytes()) {
            at + 2
        } else if rest.starts_with(b"\\pi") && word_end(at + 3) {
            at + 3
        } else if rest.starts_with(b"pi") && word_end(at + 2) {
            at + 2
        } else if gap == 0
            && rest.first().is_some_and(u8::is_ascii_alphabetic)
            && word_end(at + 1)
            && !crate::score::math::units::is_unit(&self.text[at..at + 1])
            && !multiplier(&b[at..])
        {
            at + 1
        } else {
            return None;
        };
        Some(self.power_after(end, to))
    }

    /// The start of the mantissa of the power of ten `(s, e)` (`10` with a
    /// multiplication sign and a number before it: `6.02 × 10`,
    /// `2.1 \\times 10`), else `s`.
    fn mantissa_of_ten(&self, from: usize, (s, e): (usize, usize)) -> usize {
        if &self.text[s..e] != "10" {
            return s;
        }
        self.mantissa_start(from, s).unwrap_or(s)
    }

    /// MX-14: the start of the coefficient written before a root `\\sqrt`
    /// at `s` (its digits, one space between allowed; a number of its own,
    /// not after a letter, a digit or `.`): `3\\sqrt{2}` is the product, the
    /// root alone answered `\\sqrt{2}`, a false "equal" against `\\sqrt{2}`.
    /// `s` itself when there is none.
    fn coefficient_before(&self, from: usize, s: usize) -> usize {
        let b = self.bytes();
        if !b[s..].starts_with(b"\\sqrt") {
            return s;
        }
        let d = if s > from && b[s - 1] == b' ' {
            s - 1
        } else {
            s
        };
        let floor = from.max(d.saturating_sub(MAX_NUMBER_BYTES));
        let k = run_before(b, floor, d, |c| c.is_ascii_digit() || c == b'.');
        let own =
            k == from || !(b[k - 1].is_ascii_alphanumeric() || matches!(b[k - 1], b'.' | b'\\'));
        if k < d && b[k].is_ascii_digit() && b[d - 1].is_ascii_digit() && own {
            k
        } else {
            s
        }
    }

    /// `k` past a power written at it (`^2`, `^{2}`, `^{-1}`), if one is.
    fn power_after(&self, k: usize, to: usize) -> usize {
        let b = &self.bytes()[..to];
        if b.get(k) != Some(&b'^') {
            return k;
        }
        if b.get(k + 1) == Some(&b'{') {
            return self
                .close_of(k + 1)
                .filter(|&c| c < to)
                .map_or(k, |c| c + 1);
        }
        let d = run_after(b, k + 1, to, |c| c.is_ascii_digit());
        if d > k + 1 { d } else { k }
    }

    /// MX-14: the compound quantity that the number `(s, e)` and the word
    /// after it end: a number and a larger unit of the same kind before
    /// it, joined by `and`, a comma or a space (`3 hours and 20 minutes`,
    /// `5 feet 3 inches`, `12 dollars and 50 cents`) — the quantity is
    /// both parts, not its last one. Read back over at most
    /// [`MAX_COMPOUND_BYTES`].
    fn compound(&self, from: usize, to: usize, (s, e): (usize, usize)) -> Option<(usize, usize)> {
        let b = self.bytes();
        let a = e + b[e..to].iter().take_while(|&&c| c == b' ').count();
        let a_end = a + b[a..to]
            .iter()
            .take_while(|c| c.is_ascii_alphabetic())
            .count();
        if a == e || a_end == a || b.get(a_end).is_some_and(u8::is_ascii_digit) {
            return None;
        }
        let floor = from.max(s.saturating_sub(MAX_COMPOUND_BYTES));
        let mut k = run_before(b, floor, s, |c| c == b' ');
        if k == s {
            return None;
        }
        // The joiner: `and` as a word, or a comma (or none: spaces).
        if k >= floor + 4 && b[k - 3..k].eq_ignore_ascii_case(b"and") && b[k - 4] == b' ' {
            k = run_before(b, floor, k - 3, |c| c == b' ');
        }
        // (`3 hours, and 20 minutes`: a comma before `and` too.)
        if k > floor && b[k - 1] == b',' {
            k = run_before(b, floor, k - 1, |c| c == b' ');
        }
        let w = run_before(b, floor, k, |c| c.is_ascii_alphabetic());
        if w == k || !larger_part(&self.text[w..k], &self.text[a..a_end]) {
            return None;
        }
        let d = run_before(b, floor, w, |c| c == b' ');
        let n = run_before(b, floor, d, |c| c.is_ascii_digit() || c == b'.');
        let alone = n == from
            || n > floor
                && !(b[n - 1].is_ascii_alphanumeric() || matches!(b[n - 1], b'.' | b',' | b'-'));
        (d < w && n < d && b[n].is_ascii_digit() && alone).then_some((n, a_end))
    }

    /// MX-14: the number token `(s, e)` with the relation that bounds a
    /// variable of one letter by it (`x > 3`, `n ≥ 5`, `t <= 2`; one more
    /// bound before the variable too: `1 < x < 3`): the inequality is the
    /// answer, a set of solutions, not its bound (`So the solution is x >
    /// 3.` answered 3). Read back over at most a relation, spaces and the
    /// letter, so it costs a few bytes.
    pub(super) fn with_relation(&self, from: usize, (s, e): (usize, usize)) -> (usize, usize) {
        let Some(v) = self.bound_variable(from, s) else {
            return (s, e);
        };
        // `1 < x < 3`: a number and a relation before the variable too.
        let b = self.bytes();
        let start = self
            .relation_before(from, v)
            .and_then(|r| {
                let mut k = run_before(b, from, r, is_digit_or_point);
                if k > from && b[k - 1] == b'-' {
                    k -= 1;
                }
                let digits = b[k..r].iter().any(u8::is_ascii_digit);
                (digits && (k == from || !b[k - 1].is_ascii_alphanumeric())).then_some(k)
            })
            .unwrap_or(v);
        (start, e)
    }

    /// The start of a variable of one letter (a word of its own, not a
    /// command's last letter) followed by a relation and spaces up to `s`.
    fn bound_variable(&self, from: usize, s: usize) -> Option<usize> {
        let b = self.bytes();
        let r = self.relation_before(from, s)?;
        let v = r.checked_sub(1).filter(|&v| v >= from)?;
        let alone = v == from || !(b[v - 1].is_ascii_alphanumeric() || b[v - 1] == b'\\');
        (b[v].is_ascii_alphabetic() && alone).then_some(v)
    }

    /// Where a relation (`<`, `>`, `<=`, `>=`, `≤`, `≥`, `\le`, `\ge`,
    /// `\leq`, `\geq`, `\lt`, `\gt`) with spaces around it ends before
    /// `s`: the position of its first byte less the spaces before it.
    fn relation_before(&self, from: usize, s: usize) -> Option<usize> {
        let t = self.text[from..s].trim_end_matches(' ');
        let r = relation_sign_ending(t.as_bytes())?;
        // Not an arrow (`->`, `=>`) nor `<<`, `>>`.
        let rest = &t[..t.len() - r.spelling.len()];
        if rest.ends_with(['-', '=', '<', '>']) {
            return None;
        }
        Some(from + rest.trim_end_matches(' ').len())
    }

    /// MX-14: the number `(s, e)` with the groups joined to it by colons
    /// between digits — a time or a ratio, `3:45`, `1:2:3` (at most
    /// [`MAX_COLON_GROUPS`] groups before it, each of at most
    /// [`MAX_NUMBER_BYTES`] digits) — a root sign before it with its
    /// coefficient (`√2`, `2√3`, U+221A), and a Unicode minus sign before
    /// it (`−5`, `−√2`, U+2212, not after a letter or digit).
    fn with_colons_and_minus(&self, from: usize, (mut s, e): (usize, usize)) -> (usize, usize) {
        let b = self.bytes();
        for _ in 0..MAX_COLON_GROUPS {
            if !(s >= from + 2 && b[s - 1] == b':' && b[s - 2].is_ascii_digit()) {
                break;
            }
            let floor = from.max((s - 1).saturating_sub(MAX_NUMBER_BYTES));
            s = run_before(b, floor, s - 1, |c| c.is_ascii_digit());
        }
        // `√2`, `2√3` (U+221A): the root sign and a coefficient written
        // before it are the token's (the number alone answered 2 for `The
        // distance is √2.`).
        s = root_before(b, from, from.max(s.saturating_sub(MAX_NUMBER_BYTES)), s);
        let minus = "\u{2212}".as_bytes();
        if s >= from + minus.len()
            && &b[s - minus.len()..s] == minus
            && (s - minus.len() == from || !b[s - minus.len() - 1].is_ascii_alphanumeric())
        {
            s -= minus.len();
        }
        self.with_sign_word(from, (s, e))
    }

    /// MX-14: the number `(s, e)` with a sign word before it, `minus 2`,
    /// `negative 2` (ASCII case ignored, spaces between), when the word
    /// stands after a word or punctuation — not after an operand (a number,
    /// a variable of one letter, a closing bracket or `$`: `5 minus 2` is a
    /// difference, its last number stays 2). The number alone answered 2
    /// for `The temperature drops to minus 2 degrees.`, a false "equal"
    /// against a gold 2.
    fn with_sign_word(&self, from: usize, (s, e): (usize, usize)) -> (usize, usize) {
        let b = self.bytes();
        if !b.get(s).is_some_and(u8::is_ascii_digit) {
            return (s, e);
        }
        // (At most a few spaces: a sign word is written next to its number.)
        let k = run_before(b, from.max(s.saturating_sub(4)), s, |c| c == b' ');
        if k == s {
            return (s, e);
        }
        for w in crate::score::math::words::SIGN_WORDS {
            let Some(ws) = k.checked_sub(w.len()).filter(|&ws| ws >= from) else {
                continue;
            };
            if !b[ws..k].eq_ignore_ascii_case(w.as_bytes())
                || (ws > from && b[ws - 1].is_ascii_alphanumeric())
            {
                continue;
            }
            let p = run_before(b, from.max(ws.saturating_sub(4)), ws, |c| c == b' ');
            let operand = p > from
                && (b[p - 1].is_ascii_digit()
                    || matches!(b[p - 1], b')' | b']' | b'}' | b'$')
                    || (b[p - 1].is_ascii_alphabetic()
                        && (p - 1 == from || !b[p - 2].is_ascii_alphanumeric())));
            return if operand { (s, e) } else { (ws, e) };
        }
        (s, e)
    }

    /// The number `n` with the mantissa written before it when it is an
    /// exponent of ten (`3.54e-07`, `2.1 \times 10^{5}`: MX-14).
    fn with_mantissa(&self, from: usize, n: (usize, usize)) -> (usize, usize) {
        let b = self.bytes();
        let (mut s, mut e) = n;
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
            if let Some(ms) = self.mantissa_start(from, from + r.len()) {
                s = ms;
                if braced && b.get(e) == Some(&b'}') {
                    e += 1;
                }
            }
        }
        (s, e)
    }

    /// The start of the mantissa of a power of ten written at `at`: a
    /// number, then a multiplication sign (`\\times`, `\\cdot`, `×`, `·`,
    /// `*`, `x`) and spaces up to `at` (`2.1 \\times ` before `10^{5}`,
    /// `6.02 × ` before `10²³`).
    fn mantissa_start(&self, from: usize, at: usize) -> Option<usize> {
        let r = self.text[from..at].trim_end();
        let r = ["\\times", "\\cdot", "×", "·", "*", "x"]
            .iter()
            .find_map(|op| r.strip_suffix(op))?;
        let m_end = from + r.trim_end().len();
        self.last_number(from, m_end)
            .filter(|&(_, me)| me == m_end)
            .map(|(ms, _)| ms)
    }

    /// The token `(s, e)` with the unit or degree sign after it (MX-14).
    fn with_unit(&self, to: usize, (s, e): (usize, usize)) -> (usize, usize) {
        let rest = &self.text[e..to];
        let gap = rest.len() - rest.trim_start_matches([' ', '~']).len();
        let rest = &rest[gap..];
        // (What `trim_start_matches` of each removes, without building a
        // substring searcher on every call.)
        let mut rest_g = rest;
        while let Some(r) = rest_g.strip_prefix("\\,") {
            rest_g = r;
        }
        while let Some(r) = rest_g.strip_prefix("\\ ") {
            rest_g = r;
        }
        let g2 = rest.len() - rest_g.len();
        for deg in ["^\\circ", "^{\\circ}", "°"] {
            if let Some(after) = rest.strip_prefix(deg) {
                // `-5°C`, `100 °F`: a temperature's scale letter (no letter
                // or digit after it) is part of the unit.
                let scale = after.trim_start_matches(' ');
                let b = scale.as_bytes();
                let n = if matches!(b.first(), Some(b'C' | b'F'))
                    && b.get(1).is_none_or(|c| !c.is_ascii_alphanumeric())
                {
                    after.len() - scale.len() + 1
                } else {
                    0
                };
                return (s, e + gap + deg.len() + n);
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
                        return (s, e + gap + g2 + cmd.len() + c + 1);
                    }
                }
            }
        }
        let n = rest.bytes().take_while(u8::is_ascii_alphabetic).count();
        // `1.5 million`, `2 dozen`: a scale word is part of the number.
        let scale = crate::score::math::words::scale(&rest[..n]).is_some();
        let r = rest.as_bytes();
        if n >= 2
            && (scale || is_unit_word(&rest[..n]))
            && r.get(n).is_none_or(|c| !c.is_ascii_alphanumeric())
        {
            return (s, e + gap + per_units(rest, n));
        }
        // `9.8 m/s`: a unit of one letter before a `/` and another unit.
        if n == 1 && r.get(1) == Some(&b'/') && crate::score::math::units::is_unit(&rest[..1]) {
            let m = per_units(rest, 1);
            if m > 1 {
                return (s, e + gap + m);
            }
        }
        (s, e)
    }

    /// MX-14: when the number `(s, e)` is the exponent of a power — after
    /// `^` (`x^4`, `s^-1`), or filling a group after it (`2^{10}`,
    /// `s^{-1}`) — or a subscript (`a_5`, `a_{3}`), where the base starts (at most
    /// [`MAX_BASE_BYTES`] back: a bracket group with the letters glued
    /// before it, `(x+1)`, `f(x)`, or a run of letters, digits, `.` and
    /// `\`, `x`, `3x`, `\pi`, `10`), its caret, and where the exponent
    /// ends. `None` when the number is no exponent or has no base.
    fn power(
        &self,
        from: usize,
        to: usize,
        (s, e): (usize, usize),
    ) -> Option<(usize, usize, usize)> {
        let b = self.bytes();
        let (c, end) = if s >= from + 2 && b[s - 1] == b'{' && e < to && b[e] == b'}' {
            (s - 1, e + 1)
        } else {
            (s, e)
        };
        if !(c > from && matches!(b[c - 1], b'^' | b'_')) {
            return None;
        }
        let caret = c - 1;
        let floor = from.max(caret.saturating_sub(MAX_BASE_BYTES));
        let mut k = caret;
        if k > floor && matches!(b[k - 1], b')' | b']' | b'}') {
            k = floor + crate::text::brackets::opening(&b[floor..k], k - 1 - floor)?;
        }
        while k > floor && (b[k - 1].is_ascii_alphanumeric() || matches!(b[k - 1], b'.' | b'\\')) {
            k -= 1;
        }
        (k < caret).then_some((k, caret, end))
    }

    /// MX-14: when the number starting at `s` ends an expression written in
    /// prose (`x + 1`, `\\pi/2`, `100 - 1`, `x^2 + 1`, `2 \\times 3`): where the
    /// expression starts, read back at most [`MAX_EXPRESSION_BYTES`] over
    /// operators (`+ - * / ^ _ ×`, `\\cdot`, `\\times`, spaces around) and
    /// operands ([`Doc::operand_before`]); it stops at anything else — an
    /// `=` (so the right side of the last `=` is read, as MX-13 reads a
    /// formula), a word of prose, punctuation. `None` when no operator
    /// stands right before the number.
    fn expression_before(&self, from: usize, s: usize) -> Option<usize> {
        let b = self.bytes();
        let floor = from.max(s.saturating_sub(MAX_EXPRESSION_BYTES));
        let spaces = |mut j: usize| {
            while j > floor && b[j - 1] == b' ' {
                j -= 1;
            }
            j
        };
        let mut start = None;
        let mut k = s;
        loop {
            let mut j = spaces(k);
            let op = if j > floor && matches!(b[j - 1], b'+' | b'-' | b'*' | b'/' | b'^' | b'_') {
                1
            } else if b[floor..j].ends_with("\u{d7}".as_bytes()) {
                2
            } else if b[floor..j].ends_with(b"\\cdot") {
                5
            } else if b[floor..j].ends_with(b"\\times") {
                6
            } else {
                0
            };
            if op == 0 {
                break;
            }
            j = spaces(j - op);
            match self.operand_before(floor, j) {
                Some(o) => {
                    start = Some(o);
                    k = o;
                }
                None => break,
            }
        }
        start
    }

    /// An operand of [`Doc::expression_before`] ending at `j` (not before
    /// `floor`): where it starts — a number (`100`, `2.5`, `√2`), a Greek
    /// letter (`π`, `2π`), a bracket group
    /// with the letters or command glued before it (`(x+1)`, `f(x)`,
    /// `\\sqrt{2}`), a command (`\\pi`), or one letter standing alone with
    /// the digits glued before it (`x`, `3x`); a word of two letters or more
    /// is prose, no operand.
    fn operand_before(&self, floor: usize, j: usize) -> Option<usize> {
        let b = self.bytes();
        let mut k = j;
        if k > floor && is_digit_or_point(b[k - 1]) {
            k = run_before(b, floor, k, is_digit_or_point);
            // A root sign before the digits, with its coefficient (`√2/2`
            // is not `2/2`).
            return Some(root_before(b, floor, floor, k));
        }
        // A Greek letter standing alone, with its coefficient (`π/4`,
        // `2π/3`: the number after it is not the answer).
        if let Some(g) = greek_before(&b[floor..k]) {
            k -= g;
            if k == floor || !b[k - 1].is_ascii_alphabetic() {
                return Some(run_before(b, floor, k, |c| c.is_ascii_digit()));
            }
            return None;
        }
        let mut grouped = false;
        while k > floor && matches!(b[k - 1], b')' | b']' | b'}') {
            k = floor + crate::text::brackets::opening(&b[floor..k], k - 1 - floor)?;
            grouped = true;
        }
        let letters_end = k;
        while k > floor && b[k - 1].is_ascii_alphabetic() {
            k -= 1;
        }
        let command = k > floor && b[k - 1] == b'\\';
        if command {
            return Some(k - 1);
        }
        let n = letters_end - k;
        if n > 1 || (n == 0 && !grouped) {
            return None;
        }
        // A coefficient glued before the letter (`3x`).
        Some(run_before(b, floor, k, |c| c.is_ascii_digit()))
    }

    /// MX-14: when the units ending in the power `[base, end)` stand in
    /// parentheses opened at `open`, right after a number, a space or none
    /// between (`25 (m^2)`, `9.8 (m/s^2)`): that number, its mantissa
    /// included. The units are read as the note they are, as `5 (cm)` is
    /// (the number alone is the token, not the unit's exponent).
    fn number_before_unit_note(
        &self,
        from: usize,
        open: usize,
        end: usize,
    ) -> Option<(usize, usize)> {
        let b = self.bytes();
        if b.get(end) != Some(&b')') {
            return None;
        }
        let q = run_before(b, from.max(open.saturating_sub(4)), open, |c| c == b' ');
        self.number_ending_at(from, q).map(|s| (s, q))
    }

    /// Where the number (its mantissa included: `3.54e-07`, `2.1 \times
    /// 10^{5}`) that ends at `j` starts, if one does.
    fn number_ending_at(&self, from: usize, j: usize) -> Option<usize> {
        let b = self.bytes();
        if !(j > from && (b[j - 1].is_ascii_digit() || b[j - 1] == b'}')) {
            return None;
        }
        let n = self.last_number(from, j)?;
        let (s, e) = self.with_mantissa(from, n);
        (e == j).then_some(s)
    }

    /// MX-14: when the power whose base is `[base, caret)` is a unit after a
    /// number (`25 m^2`, `9.8 m/s^2`, `1.5 m s^{-1}`, `3.54e-07 s^-1`):
    /// where that number starts ([`Units::After`]), or, when the units are
    /// opened by a parenthesis instead (`(m/s^2)`), where it stands
    /// ([`Units::Opened`]). The units before the base (at most
    /// [`MAX_UNIT_WORDS`](crate::score::math::units::MAX_UNIT_WORDS) in all) are unit words of ME-9, each with an
    /// optional integer power, joined by spaces, `/`, `*` or `\cdot`.
    fn units_before(&self, from: usize, base: usize, caret: usize) -> Option<Units> {
        let b = self.bytes();
        let is_unit = |w: &[u8]| {
            !w.is_empty()
                && w.iter().all(u8::is_ascii_alphabetic)
                && std::str::from_utf8(w).is_ok_and(crate::score::math::units::is_unit)
        };
        if !is_unit(&b[base..caret]) {
            return None;
        }
        let mut k = base;
        for _ in 0..crate::score::math::units::MAX_UNIT_WORDS {
            // The joint before the unit: spaces, then `/`, `*` or `\cdot`
            // and spaces.
            let mut j = k;
            while j > from && matches!(b[j - 1], b' ' | b'~') {
                j -= 1;
            }
            let mut joined = j < k;
            for op in [&b"/"[..], b"*", b"\\cdot"] {
                if j >= from + op.len() && b[..j].ends_with(op) {
                    j -= op.len();
                    while j > from && matches!(b[j - 1], b' ' | b'~') {
                        j -= 1;
                    }
                    joined = true;
                    break;
                }
            }
            // Another unit word, with an optional power (`m^2 s^{-1}`).
            let mut w = j;
            let mut p = j;
            while p > from
                && p + 6 > j
                && (b[p - 1].is_ascii_digit() || matches!(b[p - 1], b'-' | b'{' | b'}'))
            {
                p -= 1;
            }
            if p < j && p > from && b[p - 1] == b'^' {
                w = p - 1;
            }
            let mut u = w;
            while u > from && b[u - 1].is_ascii_alphabetic() {
                u -= 1;
            }
            if joined && is_unit(&b[u..w]) {
                k = u;
                continue;
            }
            // Else the number the units follow (its mantissa included),
            // ending at the joint or glued to the unit (`25m^2`), or the
            // parenthesis that opens them (`(m/s^2)`).
            if !joined && j > from && b[j - 1] == b'(' {
                return Some(Units::Opened(j - 1));
            }
            return self.number_ending_at(from, j).map(Units::After);
        }
        None
    }
}

/// What stands before the units of a power ([`Doc::units_before`]).
enum Units {
    /// The number they follow: where it starts.
    After(usize),
    /// The `(` that opens them: its position.
    Opened(usize),
}

/// The most groups [`Doc::with_colons_and_minus`] joins before a number
/// (`1:2:3:4` is three).
const MAX_COLON_GROUPS: usize = 3;

/// How far back [`Doc::expression_before`] reads an expression (bytes).
const MAX_EXPRESSION_BYTES: usize = 64;

/// Where the run of bytes that `keep` accepts starting at `k` of `b` ends,
/// not after `ceil` (`k` when `b[k]` is not one).
pub(super) fn run_after(b: &[u8], mut k: usize, ceil: usize, keep: impl Fn(u8) -> bool) -> usize {
    while k < ceil && keep(b[k]) {
        k += 1;
    }
    k
}

/// Where the run of bytes that `keep` accepts ending at `k` of `b` starts,
/// not before `floor` (`k` when `b[k - 1]` is not one).
pub(super) fn run_before(b: &[u8], floor: usize, mut k: usize, keep: impl Fn(u8) -> bool) -> usize {
    while k > floor && keep(b[k - 1]) {
        k -= 1;
    }
    k
}

/// The word (ASCII letters) before the spaces before `at`, not before
/// `floor`: where it starts and ends (empty when none stands there; the
/// end is `at` when no space does).
pub(super) fn word_before(b: &[u8], floor: usize, at: usize) -> (usize, usize) {
    word_before_in(b, floor, at, |c| c == b' ', |c| c.is_ascii_alphabetic())
}

/// [`word_before`] with the bytes of the gap before `at` and of the word
/// given: `gap` bytes are passed over, then a run of `letter` bytes is the
/// word (`double-check` with `-`, `I'd` with `'`).
pub(super) fn word_before_in(
    b: &[u8],
    floor: usize,
    at: usize,
    gap: impl Fn(u8) -> bool,
    letter: impl Fn(u8) -> bool,
) -> (usize, usize) {
    let e = run_before(b, floor, at, gap);
    (run_before(b, floor, e, letter), e)
}

/// The length of the number that `rest` opens with: a digit, then digits,
/// `.` and `,` (`12`, `3.5`, `1,000`); 0 when it opens with no digit.
pub(super) fn number_len(rest: &[u8]) -> usize {
    if !rest.first().is_some_and(u8::is_ascii_digit) {
        return 0;
    }
    rest.iter()
        .take_while(|c| c.is_ascii_digit() || matches!(c, b'.' | b','))
        .count()
}

/// Where the spaces, one math delimiter (`$`, `\\(`) and spaces before
/// `at` of `b` start, not before `floor`, and where the spaces before the
/// delimiter start: (`k`, `end`) as read back from a value to the word
/// before it (`not $8`, `when \\(x = 1`; MX-18, MX-20).
pub(super) fn back_past_delimiter(b: &[u8], floor: usize, at: usize) -> (usize, usize) {
    let mut k = run_before(b, floor, at, |c| c == b' ');
    if k > floor && b[k - 1] == b'$' {
        k -= 1;
    } else if k >= floor + 2 && &b[k - 2..k] == b"\\(" {
        k -= 2;
    }
    (k, run_before(b, floor, k, |c| c == b' '))
}

/// Whether `c` is an ASCII digit or a decimal point.
fn is_digit_or_point(c: u8) -> bool {
    c.is_ascii_digit() || c == b'.'
}

/// Where the digits starting at `s` of `b` start with the root sign
/// (U+221A) written right before them and its coefficient (`√2`, `2√3`;
/// not after a letter, digit or `.`, unless at `from`, the start of the
/// part read), the coefficient read back to `floor` at most: `s` when no
/// root sign stands there.
fn root_before(b: &[u8], from: usize, floor: usize, s: usize) -> usize {
    let root = "\u{221A}".as_bytes();
    if !b[from..s].ends_with(root) {
        return s;
    }
    let r = s - root.len();
    let k = run_before(b, floor, r, |c| c.is_ascii_digit());
    if k == from || !(b[k - 1].is_ascii_alphanumeric() || b[k - 1] == b'.') {
        k
    } else {
        r
    }
}

/// The end of a run of superscript digits and signs at `e` of `text`
/// (`²³`, `⁻¹`: the characters ME-2 reads as one exponent), if one starts
/// there.
fn superscripts_after(text: &str, e: usize, to: usize) -> Option<usize> {
    let n: usize = text[e..to]
        .chars()
        .take_while(|&c| superscript(c).is_some())
        .map(char::len_utf8)
        .sum();
    (n > 0).then_some(e + n)
}

/// Whether `t` opens with the `x` of a multiplier (`3x faster`, `10x
/// more`): `x` or `X`, a space and a word.
fn multiplier(t: &[u8]) -> bool {
    matches!(t, [b'x' | b'X', b' ', c, ..] if c.is_ascii_alphabetic())
}

/// The length in bytes of a Greek letter (U+0391 to U+03C9: `π`, `θ`)
/// ending `b`, if one does.
fn greek_before(b: &[u8]) -> Option<usize> {
    let [.., lead, cont] = *b else {
        return None;
    };
    // Two bytes: U+0391..U+03BF is CE 91..CE BF, U+03C0..U+03C9 CF 80..CF 89.
    let greek = match lead {
        0xCE => (0x91..=0xBF).contains(&cont),
        0xCF => (0x80..=0x89).contains(&cont),
        _ => false,
    };
    greek.then_some(2)
}

/// How far back [`Doc::power`] reads a power's base (bytes).
const MAX_BASE_BYTES: usize = 64;

#[cfg(test)]
mod tests {
    use super::super::locate_default;

    /// MX-14: a compound quantity (a number and a larger unit of its kind
    /// before the last number and its unit) is read whole; other pairs of
    /// numbers are not.
    #[test]
    fn a_compound_quantity_is_read_whole() {
        for (response, want) in [
            (
                "The trip takes 3 hours and 20 minutes.",
                "3 hours and 20 minutes",
            ),
            ("The board is 5 feet 3 inches long.", "5 feet 3 inches"),
            (
                "The total is 12 dollars and 50 cents.",
                "12 dollars and 50 cents",
            ),
            (
                "It weighs 2 kilograms, 300 grams in all",
                "2 kilograms, 300 grams",
            ),
            ("It costs 3 pounds and 20 pence.", "3 pounds and 20 pence"),
            (
                "The trip takes 3 hours, and 20 minutes.",
                "3 hours, and 20 minutes",
            ),
            (
                "The angle is 45 degrees and 30 minutes.",
                "45 degrees and 30 minutes",
            ),
            ("It took 30 minutes and 45 degrees.", "45"),
            // Not one quantity: the smaller unit first, other kinds, words
            // that are no units, no number before the first unit.
            ("It took 20 minutes and 3 hours.", "3 hours"),
            ("We walked 3 km and 20 minutes.", "20 minutes"),
            ("We have 3 apples and 5 pears.", "5"),
            ("A few hours and 20 minutes", "20 minutes"),
            ("Add 12 dollars and 50 cents", "12 dollars and 50 cents"),
            ("So x3 hours and 20 minutes passed.", "20 minutes"),
        ] {
            assert_eq!(
                locate_default(response, false).unwrap().answer,
                want,
                "{response:?}"
            );
        }
    }

    /// MX-14: a number that is the coefficient of a symbol or a root is
    /// read with it; units, multipliers and ordinals are not symbols.
    #[test]
    fn a_coefficient_is_read_with_its_symbol() {
        for (response, want) in [
            ("So the area is 3π square units.", "3π"),
            ("So the area is 3\\pi square units.", "3\\pi"),
            ("So the area is 3 π.", "3 π"),
            ("So the volume is 3 pi cubic units.", "3 pi"),
            ("So the simplified expression is 3x.", "3x"),
            ("So the root is 5i.", "5i"),
            ("So the derivative is 3x^2.", "3x^2"),
            ("So the area is 2\\pi^{2}.", "2\\pi^{2}"),
            ("So the length is 3\\sqrt{2} units.", "3\\sqrt{2}"),
            ("So the length is 3 \\sqrt{2}.", "3 \\sqrt{2}"),
            ("So there are 6.02 × 10²³ molecules.", "6.02 × 10²³"),
            ("The rate is 2⁻¹ per hour.", "2⁻¹"),
            // Not symbols: a unit of one letter, a letter after a space,
            // an ordinal, a multiplier, a word starting with `pi`.
            ("The rope is 5m long.", "5"),
            ("The product is 3 x 4 = 12 and then 3 x.", "3"),
            ("This is the 2nd case.", "2"),
            ("So it is 3x faster.", "3"),
            ("We need 3 pieces.", "3"),
            ("So it is x3\\sqrt{2}.", "\\sqrt{2}"),
        ] {
            assert_eq!(
                locate_default(response, false).unwrap().answer,
                want,
                "{response:?}"
            );
        }
    }

    /// MX-14: a number that is the exponent of a power is read with its
    /// base, and with the number before it when the base is a unit.
    #[test]
    fn an_exponent_is_not_the_number() {
        for (response, want) in [
            ("The area is 25 m^2.", "25 m^2"),
            ("The acceleration is 9.8 m/s^2", "9.8 m/s^2"),
            // Units as a note in parentheses: the number, as for `5 (cm)`;
            // not a variable's power, nor a parenthesis left open.
            ("The area is 25 (m^2).", "25"),
            ("The acceleration is 9.8 (m/s^2)", "9.8"),
            ("The area is 25(cm^2).", "25"),
            (
                "so the volume is 2.1 \\times 10^{5} (m^3)",
                "2.1 \\times 10^{5}",
            ),
            ("The area is 5 (cm).", "5"),
            ("The value is 5 (x^2).", "x^2"),
            ("so 3 (m^2 in all", "m^2"),
            ("The rate constant is 3.54e-07 s^-1.", "3.54e-07 s^-1"),
            ("The speed is 1.5 m s^{-1}.", "1.5 m s^{-1}"),
            (
                "so the volume is 2.1 \\times 10^{5} m^3",
                "2.1 \\times 10^{5} m^3",
            ),
            ("we get 5 kg m^2 s^{-2}", "5 kg m^2 s^{-2}"),
            ("so we get 2^{10}", "2^{10}"),
            ("We get 3x^4", "3x^4"),
            ("It factors as (x+1)^2", "(x+1)^2"),
            ("the limit is e^2", "e^2"),
            ("the value is \\pi^2", "\\pi^2"),
            // Times, ratios and a Unicode minus sign: one token.
            ("The meeting ends at 3:45", "3:45"),
            ("The ratio is 1:2:3", "1:2:3"),
            ("The result is \u{2212}5.", "\u{2212}5"),
            ("The distance is \u{221A}2.", "\u{221A}2"),
            ("so the side is 2\u{221A}3", "2\u{221A}3"),
            ("so y = \u{2212}\u{221A}5", "\u{2212}\u{221A}5"),
            ("so x2\u{221A}5", "\u{221A}5"),
            ("The angle is \u{3C0}/4 radians.", "\u{3C0}/4"),
            ("so the angle is 2\u{3C0}/3", "2\u{3C0}/3"),
            ("The value is \u{221A}2/2.", "\u{221A}2/2"),
            ("so x\u{3C0}/4", "4"),
            ("so x2\u{2212}5", "5"),
            ("the groups 1:2:3:4:5", "2:3:4:5"),
            // Subscripts: the term, not its index.
            ("Thus the largest term is a_5", "a_5"),
            ("the sequence reaches a_{3}", "a_{3}"),
            ("We get a_1 = 12", "12"),
            // Expressions in prose: from the last `=` on.
            ("so f(x) = x + 1", "x + 1"),
            ("The angle is \\pi/2", "\\pi/2"),
            ("which gives 100 - 1", "100 - 1"),
            ("so p(x) = x^2 + 1", "x^2 + 1"),
            ("Total = 2 \\times 3", "2 \\times 3"),
            ("It happened on 2024-03-15", "2024-03-15"),
            ("earning 9 * 2 = 18 dollars.", "18"),
            ("as seen in COVID-19", "19"),
            ("we get ab + 1", "1"),
            // Not exponents: the number itself.
            ("So 2^3 = 8", "8"),
            ("x^2 is 4", "4"),
            // A unit not after a number, and too many unit words: the power.
            ("measured in m^2", "m^2"),
            ("we get 5 kg m m m m^2", "m^2"),
        ] {
            let found = locate_default(response, false).expect(response);
            assert_eq!(found.answer, want, "{response:?}");
        }
        // The base is read at most MAX_BASE_BYTES back.
        let long = format!("we get {}^2", "a".repeat(100));
        let found = locate_default(&long, false).unwrap();
        assert_eq!(found.answer.len(), super::MAX_BASE_BYTES + 2);
    }

    /// MX-14: a number bounding a variable of one letter is read with the
    /// relation (and a bound before the variable); other relations and
    /// arrows leave the number alone.
    #[test]
    fn a_bound_is_read_with_its_relation() {
        for (response, want) in [
            ("So the solution is x > 3.", "x > 3"),
            ("Therefore n \u{2265} 5", "n \u{2265} 5"),
            ("hence t<=2", "t<=2"),
            ("so y \\geq -1", "y \\geq -1"),
            ("Thus 1 < x < 3.", "1 < x < 3"),
            ("Thus -2.5 <= x < 3.", "-2.5 <= x < 3"),
            // Not a variable alone, or not a relation.
            ("Since 5 > 3", "3"),
            ("as x -> 2", "2"),
            ("where f(x) > 0", "0"),
            ("so ab > 3", "3"),
            ("so \\alpha > 3", "3"),
            ("so x >> 3", "3"),
            ("so x => 3", "3"),
            ("for 2x < 6", "6"),
        ] {
            let found = locate_default(response, false).expect(response);
            assert_eq!(found.answer, want, "{response:?}");
        }
    }
}
